/**
 * Linear time on hostile input (docs/behaviour.md "Linear time in the input length for every
 * input"): inputs of up to 1 MB built from the characters that make each part of urikit work
 * hardest, run through scan, isValid, parse, resolve (as the reference, against a base) and
 * normalize. For each case and operation the report gives nanoseconds per character at 1 MB, the
 * ratio to a plain URL of the same length (`http://a.example/aaaa...`) under the same operation,
 * and the growth from 256 KB to 1 MB (linear: about 4x; quadratic: about 16x).
 *
 *   npm run bench:linear                          every case, every operation
 *   npm run bench:linear -- --quick               fewer repetitions
 *   npm run bench:linear -- --case=pct --op=normalize   only cases / operations whose name contains a word
 *   npm run bench:linear -- --budget=3000         per-run time budget in ms (default 3000)
 *
 * Sizes run from 16 KB up; an operation whose single run passes the budget is not run at the next
 * size (so a quadratic one is reported, not waited for), and its growth per 4x of size is shown.
 * Exit status 1 when some operation grows clearly faster than linearly (more than 8x per 4x).
 *
 * The cases are test/support/worst-cases.ts's WORST_CASES; test/hostile.slow.test.ts checks that every
 * one of them completes at 1 MB with exact results (no timing there). Then `urikit links` on the
 * hostile pages of test/support/html-cases.ts (bench/html.ts): the growth of its cost per
 * character from 10 k to 1 M characters, at most 20× (`--case=` picks those too; `--op=` none).
 */
import { pathToFileURL } from 'node:url';
import { isValid, normalize, OFFSETS_LENGTH, type ParseOptions, parse, resolve, scan, UriError } from '../src/index.js';
import { PLAIN, RESOLVE_BASE, WORST_CASES, type WorstCase } from '../test/support/worst-cases.js';
import { HTML_GROWTH_LIMIT, htmlLinear } from './html.js';

const rec = new Uint32Array(OFFSETS_LENGTH);

/** One operation: returns a number derived from the result (so the work is not dead code). */
interface Operation {
  name: string;
  run(input: string, options: ParseOptions | undefined): number;
}

/** A thrown UriError counts as a result (-1): rejecting is also work that must be linear. */
function guarded(f: () => number): number {
  try {
    return f();
  } catch (e) {
    if (e instanceof UriError) return -1;
    throw e;
  }
}

const OPERATIONS: readonly Operation[] = [
  { name: 'scan', run: (s, o) => scan(s, rec, o) },
  { name: 'isValid', run: (s, o) => (isValid(s, o) ? 1 : 0) },
  { name: 'parse', run: (s, o) => guarded(() => parse(s, o).path.length) },
  { name: 'resolve', run: (s, o) => guarded(() => resolve(RESOLVE_BASE, s, o).length) },
  { name: 'normalize', run: (s, o) => guarded(() => normalize(s, o).length) },
];

// ---------------------------------------------------------------------------------------------
// Measurement.

const KB = 1024;
const SIZES = [16 * KB, 64 * KB, 256 * KB, 1024 * KB];

interface Args {
  quick: boolean;
  budget: number;
  cases: string[];
  ops: string[];
}

function parseArgs(argv: readonly string[]): Args {
  const a: Args = { quick: false, budget: 3000, cases: [], ops: [] };
  for (const arg of argv) {
    if (arg === '--quick') a.quick = true;
    else if (arg.startsWith('--budget=')) a.budget = Number(arg.slice(9));
    else if (arg.startsWith('--case=')) a.cases.push(...arg.slice(7).split(','));
    else if (arg.startsWith('--op=')) a.ops.push(...arg.slice(5).split(','));
    else throw new Error(`unknown argument ${arg} (see the comment at the top of bench/linear.ts)`);
  }
  return a;
}

let sink = 0;

/** Milliseconds of one run: the minimum of `reps` runs after a warm-up (the least disturbed). */
function time(op: Operation, input: string, options: ParseOptions | undefined, reps: number, budget: number): number {
  let best = Infinity;
  const t0 = performance.now();
  sink += op.run(input, options); // warm-up, and the first sample
  best = performance.now() - t0;
  for (let i = 1; i < reps && best * (i + 1) < budget; i++) {
    const t = performance.now();
    sink += op.run(input, options);
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

interface Row {
  name: string;
  op: string;
  /** ms per size reached (undefined beyond the budget). */
  ms: Array<number | undefined>;
  len: number[];
}

function measureCase(c: WorstCase, op: Operation, args: Args): Row {
  const row: Row = { name: c.name, op: op.name, ms: [], len: [] };
  const reps = args.quick ? 3 : 7;
  let stopped = false;
  for (const n of SIZES) {
    const input = c.build(n);
    row.len.push(input.length);
    if (stopped) {
      row.ms.push(undefined);
      continue;
    }
    const ms = time(op, input, c.options, reps, args.budget);
    row.ms.push(ms);
    if (ms > args.budget) stopped = true;
  }
  return row;
}

const fmt = (x: number, d = 1): string => (x >= 100 ? x.toFixed(0) : x.toFixed(d));

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  const pick = <T extends { name: string }>(xs: readonly T[], words: string[]): T[] =>
    words.length === 0 ? [...xs] : xs.filter((x) => words.some((w) => x.name.includes(w)));
  const cases = pick(WORST_CASES, args.cases);
  const ops = pick(OPERATIONS, args.ops);
  console.log(`# urikit linear-time benchmark\n`);
  console.log(
    `- Node ${process.version}, ${new Date().toISOString()}; sizes ${SIZES.map((s) => `${s / KB} KB`).join(', ')}; min of up to ${args.quick ? 3 : 7} runs; budget ${args.budget} ms per run`,
  );
  console.log(`- resolve: resolve(${JSON.stringify(RESOLVE_BASE)}, input); a UriError counts as a result (rejecting must be linear too)`);
  console.log(
    `- ns/char at the largest size reached; "× plain" = that ÷ the plain URL's ns/char for the same operation at the same size; "1M/256K" = time growth for 4x the input (linear ≈ 4)\n`,
  );

  // The baseline first, per operation and size, after a warm-up of every operation (so that the
  // first row does not pay for compilation); it is measured again at the end, and the smaller
  // time of the two kept (the machine may be shared).
  for (const op of ops) for (const c of [PLAIN, ...cases]) for (let i = 0; i < 3; i++) sink += op.run(c.build(16 * KB), c.options);
  const plain = new Map<string, Row>();
  for (const op of ops) plain.set(op.name, measureCase(PLAIN, op, args));
  const rows = new Map<string, Row>();
  for (const c of cases) for (const op of ops) rows.set(`${c.name} ${op.name}`, measureCase(c, op, args));
  for (const op of ops) {
    const again = measureCase(PLAIN, op, args);
    const first = plain.get(op.name)!;
    first.ms = first.ms.map((ms, i) => (ms === undefined || again.ms[i] === undefined ? ms : Math.min(ms, again.ms[i]!)));
  }

  let bad = 0;
  console.log('| case | options | operation | ns/char | × plain | 1M/256K | note |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | --- |');
  for (const c of [PLAIN, ...cases]) {
    for (const op of ops) {
      const row = c === PLAIN ? plain.get(op.name)! : rows.get(`${c.name} ${op.name}`)!;
      let last = row.ms.length - 1;
      while (last > 0 && row.ms[last] === undefined) last--;
      const ms = row.ms[last]!;
      const nsPerChar = (ms * 1e6) / row.len[last]!;
      const base = plain.get(op.name)!;
      const baseNs = (base.ms[last]! * 1e6) / base.len[last]!;
      const growth = row.ms[last - 1] !== undefined && last >= 1 ? ms / row.ms[last - 1]! : NaN;
      // Growth per 4x of size, normalized to the exact length ratio; small times are noisy.
      const lenRatio = row.len[last]! / row.len[last - 1]!;
      const perFour = growth * (4 / lenRatio);
      let superlinear = ms > 5 && perFour > 8;
      let note = '';
      if (last < SIZES.length - 1) {
        note = `stopped at ${SIZES[last]! / KB} KB (${fmt(ms)} ms > budget): superlinear`;
      } else if (superlinear) {
        // One step of 4x can be disturbed by a garbage collection or a cache boundary: confirm
        // with one more step (4 MB). A quadratic operation grows ~16x again, a linear one ~4x.
        const big = c.build(4 * SIZES[SIZES.length - 1]!);
        const t4 = ms * 4 > args.budget ? Infinity : time(op, big, c.options, args.quick ? 2 : 3, args.budget);
        const again = (t4 / ms) * (4 / (big.length / row.len[last]!));
        superlinear = again > 8;
        note = superlinear ? `SUPERLINEAR (4M/1M ${fmt(again, 1)})` : `4M/1M ${fmt(again, 1)}: linear (the 1M step was disturbed)`;
      }
      if (superlinear) bad++;
      const sizeTag = last < SIZES.length - 1 ? ` (at ${SIZES[last]! / KB} KB)` : '';
      console.log(
        `| ${c.name} | ${c.options === undefined ? 'strict' : Object.keys(c.options).join('+')} | ${op.name} | ${fmt(nsPerChar, 2)}${sizeTag} | ${fmt(nsPerChar / baseNs, 2)} | ${Number.isNaN(perFour) ? '—' : fmt(perFour, 1)} | ${note} |`,
      );
    }
  }
  console.log(`\n${bad === 0 ? 'every operation grows linearly' : `${bad} operation(s) grow faster than linearly`} (sink ${sink % 10})`);
  if (args.ops.length > 0) return bad === 0 ? 0 : 1;
  const html = await htmlLinear(args.cases, args.quick);
  console.log(`\n## urikit links on hostile pages (test/support/html-cases.ts), bytes in chunks of 64 KiB\n`);
  console.log(html.rows.join('\n'));
  console.log(
    `\n${html.over === 0 ? `every page within ${HTML_GROWTH_LIMIT}× per character` : `${html.over} page(s) over ${HTML_GROWTH_LIMIT}× per character`}`,
  );
  return bad === 0 && html.over === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

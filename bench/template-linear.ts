/**
 * Linear time for URI Templates (issue 10): templates, values and URIs of 10 k, 100 k and 1 M
 * characters, in the shapes that make other implementations slow or hang: many expressions,
 * long literals, huge values with multi-byte characters and "%", long prefixes, and extraction
 * with `{/path*}`, `{a}{b}{c}`, `{?a,b,c}` and more against long matching and non-matching URIs.
 *
 *   npm run bench:linear:template                 every case
 *   npm run bench:linear:template -- --case=path  only cases whose name contains a word
 *
 * For each case: nanoseconds per character at each size, and the growth of that cost from 10 k
 * to 1 M characters; linear means about 1×, and the target is at most 20×. Exit status 1 when a
 * case passes it. The cases are test/support/worst-cases.ts's TEMPLATE_CASES;
 * test/template/linear.slow.test.ts checks the work done on them without timing it.
 */
import { pathToFileURL } from 'node:url';
import { UriTemplate, UriTemplateSet } from '../src/index.js';
import { TEMPLATE_CASES, type TemplateCase } from '../test/support/worst-cases.js';

/**
 * One case's work on one input: `prepare` compiles the template (and, for extraction, warms up
 * its matcher on a short URI, so that building its automaton is not counted as URI work);
 * `run` does the work once and returns a number derived from the result.
 */
export function prepare(c: TemplateCase, input: ReturnType<TemplateCase['build']>): () => number {
  if (c.kind === 'compile') return () => new UriTemplate(input.template).variables.length;
  if (c.kind === 'match') {
    const set = new UriTemplateSet(input.templates!);
    set.match(input.uri!.slice(0, 100));
    return () => set.match(input.uri!)?.index ?? -1;
  }
  const t = new UriTemplate(input.template);
  if (c.kind === 'expand') return () => t.expand(input.vars!).length;
  t.extract(input.uri!.slice(0, 100));
  return () => {
    const r = t.extract(input.uri!);
    return r === null ? -1 : Object.keys(r).length;
  };
}

/** The input's length in characters (the template and the value or URI). */
export function sizeOf(input: ReturnType<TemplateCase['build']>): number {
  let n = (input.templates?.join('') ?? input.template).length + (input.uri?.length ?? 0);
  for (const v of Object.values(input.vars ?? {})) n += typeof v === 'string' ? v.length : JSON.stringify(v ?? '').length;
  return n;
}

const SIZES = [10_000, 100_000, 1_000_000];
const GROWTH_LIMIT = 20;

function main(argv: readonly string[]): number {
  const words = argv.filter((a) => a.startsWith('--case=')).flatMap((a) => a.slice(7).split(','));
  const cases = TEMPLATE_CASES.filter((c) => words.length === 0 || words.some((w) => c.name.includes(w)));
  console.log('# URI Templates: linear time\n');
  console.log(
    `Node ${process.version}; the minimum of 5 samples (3 at 1 M) per size, each about 1 M characters of work (100 runs at 10 k); ns/char = time ÷ (template + value or URI characters); an extraction's template is compiled and its matcher warmed up before the timed runs.\n`,
  );
  console.log('| case | what | 10 k ns/char | 100 k ns/char | 1 M ns/char | 1 M ÷ 10 k |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  let worst = 0;
  let sink = 0;
  for (const c of cases) {
    const perChar: number[] = [];
    for (const n of SIZES) {
      const input = c.build(n);
      const chars = sizeOf(input);
      const run = prepare(c, input);
      let best = Infinity;
      // Each sample does about 1 M characters of work (100 runs at 10 k), so that every size
      // pays its garbage collections as a long input does, not only the largest.
      const times = Math.max(1, Math.round(1_000_000 / chars));
      for (let r = 0; r < (n >= 1_000_000 ? 3 : 5); r++) {
        const t0 = performance.now();
        for (let k = 0; k < times; k++) sink += run();
        best = Math.min(best, performance.now() - t0);
      }
      perChar.push((best * 1e6) / (chars * times));
    }
    const growth = perChar[2]! / perChar[0]!;
    worst = Math.max(worst, growth);
    console.log(
      `| ${c.name} | ${c.what} | ${perChar.map((x) => x.toFixed(1)).join(' | ')} | ${growth.toFixed(2)}×${growth > GROWTH_LIMIT ? ' **over**' : ''} |`,
    );
  }
  console.log(`\nWorst growth ${worst.toFixed(2)}× (limit ${GROWTH_LIMIT}×). sink ${sink}`);
  return worst > GROWTH_LIMIT ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));

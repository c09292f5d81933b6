/**
 * What the writing-side differential checks share: running an oracle program over request lines,
 * explaining disagreements by the classes of test/fixtures/divergences-writing.json, and the report.
 *
 * Each check (writing-whatwg.ts, writing-addressable.ts, writing-java.ts) builds its inputs with fast-check from a fixed
 * seed (same seed, same inputs), asks the oracle and urikit, and prints per op: total, agree,
 * disagreements explained by class, unexplained (with examples). Exit status 1 when anything is
 * unexplained, 2 when an oracle cannot be run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { DivergenceClass } from '../../test/support/divergences-writing.js';
import { REPO_ROOT } from './oracle.js';

export { REPO_ROOT };

/** Every line of the corpora in bench/data (see its README for origins and licences). */
export function corpusLines(): string[] {
  const dir = `${REPO_ROOT}bench/data/`;
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.txt'))) {
    for (const line of readFileSync(dir + f, 'utf8').split('\n')) if (line !== '') out.push(line);
  }
  return out;
}

/** Base64 of UTF-8, the oracles' field encoding ("-" for null). */
export const b64 = (s: string | null | undefined): string =>
  s === null || s === undefined ? '-' : Buffer.from(s, 'utf8').toString('base64');
export const unb64 = (s: string): string => Buffer.from(s, 'base64').toString('utf8');

/** Runs `command` once over every request line and returns one answer line per request. */
export function ask(command: string, args: readonly string[], requests: readonly string[]): string[] {
  const r = spawnSync(command, args, { input: `${requests.join('\n')}\n`, maxBuffer: 1 << 30, encoding: 'utf8' });
  if (r.error !== undefined || r.status !== 0) {
    console.error(`cannot run ${command} ${args.join(' ')}: ${r.error?.message ?? r.stderr}`);
    process.exit(2);
  }
  const lines = r.stdout.split('\n');
  lines.pop();
  if (lines.length !== requests.length) {
    console.error(`${command}: ${lines.length} answers to ${requests.length} requests`);
    process.exit(2);
  }
  return lines;
}

/** The Java helper, compiled into build/differential-java when its source is newer. */
export function javaCommand(): [string, string[]] {
  const source = `${REPO_ROOT}scripts/differential/WritingOracle.java`;
  const dir = `${REPO_ROOT}build/differential-java`;
  const cls = `${dir}/WritingOracle.class`;
  if (!existsSync(cls) || statSync(cls).mtimeMs < statSync(source).mtimeMs) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync('javac', ['-d', dir, source], { encoding: 'utf8' });
    if (r.status !== 0) {
      console.error(`javac failed: ${r.error?.message ?? r.stderr}`);
      process.exit(2);
    }
  }
  return ['java', ['-cp', dir, 'WritingOracle']];
}

/** One comparison: the input, both answers, and the classes that explain a disagreement. */
export interface Row {
  input: unknown;
  oracle: unknown;
  urikit: unknown;
}

/**
 * Counts agreements and disagreements of one op, explains each disagreement by the first class
 * whose predicate accepts it, prints the report and returns the number unexplained.
 */
export function report(
  op: string,
  oracle: string,
  rows: readonly Row[],
  agree: (r: Row) => boolean,
  classes: readonly DivergenceClass[],
  predicates: Readonly<Record<string, (r: Row) => boolean>>,
): { total: number; agree: number; explained: Record<string, number>; unexplained: number } {
  const mine = classes.filter((c) => c.op === op && c.oracle === oracle);
  for (const c of mine) if (!(c.class in predicates)) throw new Error(`class ${c.class} has no predicate in the check`);
  const explained: Record<string, number> = {};
  const firstOf: Record<string, Row> = {};
  const unexplained: Row[] = [];
  let agreed = 0;
  for (const r of rows) {
    if (agree(r)) {
      agreed++;
      continue;
    }
    const c = mine.find((k) => predicates[k.class]!(r));
    if (c === undefined) unexplained.push(r);
    else {
      explained[c.class] = (explained[c.class] ?? 0) + 1;
      firstOf[c.class] ??= r;
    }
  }
  const n = Object.values(explained).reduce((a, b) => a + b, 0);
  console.log(`${op} vs ${oracle}: ${rows.length} inputs, ${agreed} agree, ${n} explained, ${unexplained.length} unexplained`);
  for (const [k, v] of Object.entries(explained)) console.log(`  explained ${k}: ${v}, first ${JSON.stringify(firstOf[k])}`);
  for (const r of unexplained.slice(0, 12)) console.log(`  UNEXPLAINED ${JSON.stringify(r)}`);
  return { total: rows.length, agree: agreed, explained, unexplained: unexplained.length };
}

/** `--seed N` and `--count N` from the command line. */
export function args(defaults: { seed: number; count: number }): { seed: number; count: number } {
  const a = process.argv.slice(2);
  const out = { ...defaults };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--seed') out.seed = Number(a[++i]);
    else if (a[i] === '--count') out.count = Number(a[++i]);
    else {
      console.error(`unknown argument ${a[i]}: expected --seed N or --count N`);
      process.exit(2);
    }
  }
  return out;
}

/**
 * Checks that each class's recorded example still gets the recorded oracle answer (`answer`
 * computes it, per op); returns the number of stale examples, each printed.
 */
export function checkExamples(classes: readonly DivergenceClass[], answer: (c: DivergenceClass) => unknown): number {
  let stale = 0;
  for (const c of classes) {
    const got = answer(c);
    if (JSON.stringify(got) !== JSON.stringify(c.oracleAnswer)) {
      console.log(
        `STALE example of ${c.class}: ${c.oracle} answers ${JSON.stringify(got)}, the file says ${JSON.stringify(c.oracleAnswer)}`,
      );
      stale++;
    }
  }
  console.log(`${classes.length} class examples checked against ${classes[0]?.oracle ?? 'the oracle'}, ${stale} stale`);
  return stale;
}

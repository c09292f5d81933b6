/**
 * What the capability checks (caps-java.ts, caps-addressable.ts, caps-node.ts) share: asking an
 * oracle, urikit's answer beside it, the class that explains a disagreement, the report, and
 * `--write`, which records the rows in test/fixtures/capabilities/ for the tests.
 */
import { writeFileSync } from 'node:fs';
import {
  type CapabilityOp,
  type CapabilityOracle,
  type CapabilityRow,
  capabilityDivergences,
  checkRows,
} from '../../test/support/capabilities.js';
import { fixture } from '../../test/support/paths.js';

/** `--write`: record the rows as the fixture. */
export const writing = process.argv.includes('--write');
/** `--all`: print every unexplained row, not the first ten of each op. */
const all = process.argv.includes('--all');

/** A row with urikit's answer and the oracle's, and why they differ, for a class's predicate. */
export interface Judged extends CapabilityRow {
  urikit: unknown;
}

/**
 * Gives each disagreeing row the first class of its op whose predicate accepts it, prints per op
 * how many agree, are explained (by class) and are not, writes the fixture with `--write`, and
 * returns the number of rows nothing explains (the exit status).
 */
export function finish(
  oracle: CapabilityOracle,
  rows: CapabilityRow[],
  ops: Readonly<Record<string, CapabilityOp>>,
  predicates: Readonly<Record<string, (r: Judged) => boolean>>,
): number {
  const check = oracle === 'node' ? 'node' : oracle;
  const classes = capabilityDivergences(check);
  for (const c of classes) if (!(c.class in predicates)) throw new Error(`class ${c.class} has no predicate in the check`);
  let unexplained = 0;
  type Stats = { total: number; agree: number; explained: Map<string, number>; missed: Judged[] };
  const byOp = new Map<string, Stats>();
  for (const r of rows) {
    const op = ops[r.op]!;
    const judged: Judged = { ...r, urikit: op.answer(r.input, r.options) };
    const stats: Stats = byOp.get(r.op) ?? { total: 0, agree: 0, explained: new Map(), missed: [] };
    byOp.set(r.op, stats);
    stats.total++;
    delete r.class;
    if (op.agree(judged.urikit, r.oracle)) {
      stats.agree++;
      continue;
    }
    const c = classes.find((k) => k.op === r.op && predicates[k.class]!(judged));
    if (c === undefined) {
      stats.missed.push(judged);
      unexplained++;
    } else {
      r.class = c.class;
      stats.explained.set(c.class, (stats.explained.get(c.class) ?? 0) + 1);
    }
  }
  for (const [op, s] of byOp) {
    const n = [...s.explained.values()].reduce((a, b) => a + b, 0);
    console.log(`${op} vs ${oracle}: ${s.total} cases, ${s.agree} agree, ${n} explained, ${s.missed.length} unexplained`);
    for (const [k, v] of s.explained) console.log(`  ${k}: ${v}`);
    for (const r of all ? s.missed : s.missed.slice(0, 10)) console.log(`  UNEXPLAINED ${JSON.stringify(r)}`);
  }
  const problems = checkRows(rows, ops, classes);
  for (const p of all ? problems : problems.slice(0, 10)) console.log(`  ${p}`);
  if (writing && unexplained === 0) {
    const text = `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
    writeFileSync(fixture(`capabilities/${oracle}.json`), text);
    console.log(`wrote test/fixtures/capabilities/${oracle}.json: ${rows.length} rows`);
  }
  return unexplained;
}

/** Lines spread evenly over `lines`, at most `n`. */
export function spread<T>(lines: readonly T[], n: number): T[] {
  const step = Math.max(1, Math.floor(lines.length / n));
  const out: T[] = [];
  for (let i = 0; i < lines.length && out.length < n; i += step) out.push(lines[i]!);
  return out;
}

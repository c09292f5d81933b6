/**
 * test/fixtures/capabilities/: what java.net.URI, Addressable and Node answered for the
 * capabilities their users reach for (decoded getters, Java's equality and hash, composite
 * setters, encoders, file paths, template matches), recorded by scripts/differential/caps-*.ts so
 * that the tests need none of them; and test/fixtures/divergences-capabilities.json, the classes
 * of answers where urikit differs on purpose.
 *
 * A row names the op, its input (and the parse options it needs), the oracle's answer and, where
 * urikit answers otherwise, the class that explains why. The scripts and the tests compute
 * urikit's answer and compare it with the same functions (`CapabilityOp`), so that what the
 * fixture says was checked is what the tests check.
 */
import { readFileSync } from 'node:fs';
import type { DivergenceClass } from './divergences-writing.js';
import { fixture } from './paths.js';

/** One recorded answer. */
export interface CapabilityRow {
  op: string;
  input: unknown;
  /** Parse options for the input (`{ iri: true }`), when it needs any. */
  options?: Record<string, unknown>;
  oracle: unknown;
  /** The class of divergences-capabilities.json that explains a different answer. */
  class?: string;
}

/** How urikit answers one op, and when its answer counts as the oracle's. */
export interface CapabilityOp {
  answer(input: unknown, options: Record<string, unknown> | undefined): unknown;
  agree(urikit: unknown, oracle: unknown): boolean;
}

/** The oracles whose answers are recorded: test/fixtures/capabilities/NAME.json. */
export type CapabilityOracle = 'java' | 'addressable' | 'node';

/** The rows of one oracle's fixture. */
export function capabilityRows(oracle: CapabilityOracle): CapabilityRow[] {
  return JSON.parse(readFileSync(fixture(`capabilities/${oracle}.json`), 'utf8')) as CapabilityRow[];
}

/** The classes of divergences-capabilities.json (those of one oracle's check). */
export function capabilityDivergences(check?: DivergenceClass['check']): DivergenceClass[] {
  const all = JSON.parse(readFileSync(fixture('divergences-capabilities.json'), 'utf8')) as DivergenceClass[];
  return check === undefined ? all : all.filter((c) => c.check === check);
}

/** An answer, or the error's class and code when it throws (`{ error: 'UriError', code }`). */
export function attempt(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    const err = e as Error & { code?: unknown };
    return typeof err.code === 'string' ? { error: err.name, code: err.code } : { error: err.name };
  }
}

/** Structural equality, as JSON writes both. */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The disagreements of `rows` that no class explains or that a class claims wrongly: each as a
 * line that says what went wrong (empty when every row is as recorded).
 */
export function checkRows(
  rows: readonly CapabilityRow[],
  ops: Readonly<Record<string, CapabilityOp>>,
  classes: readonly DivergenceClass[],
): string[] {
  const problems: string[] = [];
  for (const r of rows) {
    const op = ops[r.op];
    if (op === undefined) {
      problems.push(`unknown op ${r.op}`);
      continue;
    }
    const urikit = op.answer(r.input, r.options);
    const agree = op.agree(urikit, r.oracle);
    const where = `${r.op} ${JSON.stringify(r.input)}: urikit ${JSON.stringify(urikit)}, oracle ${JSON.stringify(r.oracle)}`;
    if (r.class === undefined) {
      if (!agree) problems.push(`disagree, no class: ${where}`);
    } else if (agree) {
      problems.push(`agree, yet class ${r.class}: ${where}`);
    } else if (!classes.some((c) => c.class === r.class && c.op === r.op)) {
      problems.push(`class ${r.class} is not one of op ${r.op}: ${where}`);
    }
  }
  return problems;
}

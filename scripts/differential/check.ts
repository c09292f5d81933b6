/**
 * What a check is, for the runner (main.ts): the op that selects it, the divergence classes it
 * can explain, and a `run` that compares urikit with an oracle, prints its report and returns its
 * totals. One module per check: parse.ts, resolve.ts, normalize.ts.
 */
import type { RecordedClass } from './oracle.js';

export type Op = 'parse' | 'resolve' | 'normalize';

/** The command line, checked. */
export interface Args {
  oracles: string;
  op: Op | 'all';
  count: number;
  pairs: number;
  seed: number;
  java: boolean;
  out: string | undefined;
}

export interface CheckResult {
  unexplained: number;
  /** Every disagreement, as a JSON line for --out. */
  disagreements: string[];
  /** Its lines of the --op all summary ("total / agree / explained / unexplained"). */
  summary: string[];
}

export interface Check {
  readonly op: Op;
  /** The classes it explains, by name, with the op of their record ("parse", "resolve", …). */
  readonly classes: ReadonlyMap<string, string>;
  run(args: Args, recorded: ReadonlyMap<string, RecordedClass>): CheckResult;
}

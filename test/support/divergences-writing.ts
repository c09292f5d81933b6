/**
 * test/fixtures/divergences-writing.json: the classes of explained disagreements between the
 * writing side and its oracles. The differential checks (scripts/differential/writing-*.ts)
 * explain their disagreements with them; test/ops/divergences-writing.test.ts holds each entry to
 * its form and to urikit's recorded answer.
 */
import { readFileSync } from 'node:fs';
import { fixture } from './paths.js';

/** One class of explained disagreement. */
export interface DivergenceClass {
  class: string;
  check: 'whatwg' | 'addressable' | 'java' | 'normalize-url' | 'node';
  op: string;
  oracle: string;
  example: unknown;
  oracleAnswer: unknown;
  urikit: unknown;
  section: string;
  reason: string;
  verdict: 'representation' | 'oracle-scope' | 'oracle-deviates' | 'urikit-design';
}

/** Every class of the file, or those of one check. */
export function divergenceClasses(check?: DivergenceClass['check']): DivergenceClass[] {
  const all = JSON.parse(readFileSync(fixture('divergences-writing.json'), 'utf8')) as DivergenceClass[];
  return check === undefined ? all : all.filter((c) => c.check === check);
}

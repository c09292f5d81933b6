/**
 * How much of its inputs a test runs: everything under `npm test`; under `npm run test:quick`
 * (URIKIT_TEST_QUICK=1, a fast look while working) a tenth of each property's runs and every
 * tenth line of a corpus. Seeds stay fixed, so a quick run checks the first inputs of the full one.
 */
export const QUICK = process.env.URIKIT_TEST_QUICK === '1';

/** A property's run count (a quick run: a tenth, at least 50). */
export function runs(n: number): number {
  return QUICK ? Math.max(50, Math.ceil(n / 10)) : n;
}

/** The lines of a corpus a test reads (a quick run: every tenth). */
export function sampled<T>(lines: readonly T[]): readonly T[] {
  return QUICK ? lines.filter((_, i) => i % 10 === 0) : lines;
}

/** Deterministic random numbers (mulberry32): the same seed gives the same inputs everywhere. */
import fc from 'fast-check';

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  /** A small count, geometric with mean about (1-p)/p, capped at max. */
  geo(p: number, max: number): number {
    let n = 0;
    while (n < max && !this.chance(p)) n++;
    return n;
  }
  /**
   * One value of a fast-check arbitrary (a rule of test/support/abnf.ts), drawn with a seed of
   * this generator as fast-check draws a property's first run: half of the draws lean toward
   * small and edge values.
   */
  draw<T>(arb: fc.Arbitrary<T>): T {
    return fc.sample(arb, { seed: this.int(0x7fffffff), numRuns: 1 })[0]!;
  }
}

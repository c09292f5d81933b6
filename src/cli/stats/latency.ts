/**
 * Response times of a route (`stats --log` with a time taken): a log-bucket sketch whose
 * quantiles are within 1% of a true one (relative error α = 0.01: a value v lies in bucket
 * ⌈log_γ v⌉, γ = (1 + α)/(1 − α), and a bucket is reported as 2γ^i/(γ + 1)), in at most some
 * 2,000 buckets from a microsecond to a day; merged exactly by adding bucket counts.
 */

const ALPHA = 0.01;
const GAMMA = (1 + ALPHA) / (1 - ALPHA);
const LN_GAMMA = Math.log(GAMMA);
/** Times below a microsecond count as 0 (a log writes milliseconds at best). */
const SMALLEST = 1e-6;

/** The relative error of a quantile the sketch gives. */
export const LATENCY_ERROR = ALPHA;

/** `LatencySketch` as plain data: the count of 0 and [bucket, count] pairs. */
export interface LatencyData {
  zero: number;
  buckets: Array<[number, number]>;
}

/** p50, p95, p99 in seconds. */
export interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

export class LatencySketch {
  private readonly buckets = new Map<number, number>();
  private zero = 0;
  count = 0;

  /** A time taken, in seconds (not negative). */
  add(seconds: number): void {
    this.count++;
    if (seconds < SMALLEST) {
      this.zero++;
      return;
    }
    const i = Math.ceil(Math.log(seconds) / LN_GAMMA);
    this.buckets.set(i, (this.buckets.get(i) ?? 0) + 1);
  }

  merge(d: LatencyData): void {
    this.zero += d.zero;
    this.count += d.zero;
    for (const [i, n] of d.buckets) {
      this.buckets.set(i, (this.buckets.get(i) ?? 0) + n);
      this.count += n;
    }
  }

  toData(): LatencyData {
    return { zero: this.zero, buckets: [...this.buckets] };
  }

  /**
   * The q-quantile by nearest rank (the ⌈q·n⌉-th smallest time), within 1%, to 4 significant
   * digits; 0 for a time below a microsecond. The sketch holds at least one time.
   */
  quantile(q: number): number {
    const rank = Math.max(1, Math.ceil(q * this.count));
    if (rank <= this.zero) return 0;
    let seen = this.zero;
    const keys = [...this.buckets.keys()].sort((a, b) => a - b);
    for (const i of keys) {
      seen += this.buckets.get(i)!;
      if (seen >= rank) return Number(((2 * GAMMA ** i) / (GAMMA + 1)).toPrecision(4));
    }
    /* c8 ignore next: the ranks add up to the count */
    throw new Error('unreachable');
  }

  toJSON(): Latency {
    return { p50: this.quantile(0.5), p95: this.quantile(0.95), p99: this.quantile(0.99) };
  }
}

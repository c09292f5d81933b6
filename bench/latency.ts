/**
 * Per-call latency, a proxy's tail: each call of a function over a corpus timed alone, and the
 * percentiles of those times, for candidates measured in interleaved passes.
 */
import { median } from './harness.js';

export interface Latency {
  name: string;
  /** Percentiles of the per-call times, in ns, the timer's own cost taken off. */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

const percentile = (sorted: Float64Array, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * Times every call of each candidate on every input, `passes` times, the candidates taking turns
 * pass by pass (so that the machine's load hits them alike); a pass to warm up first. A call's
 * time is the difference of two `process.hrtime.bigint()` around it, less the median of the same
 * difference around nothing.
 */
export function latencies(
  inputs: readonly string[],
  candidates: ReadonlyArray<{ name: string; fn: (s: string) => number }>,
  passes = 5,
): Latency[] {
  const n = inputs.length;
  const empty = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    empty[i] = Number(process.hrtime.bigint() - t0);
  }
  const timer = median(Array.from(empty));
  const times = candidates.map(() => new Float64Array(n * passes));
  let sink = 0;
  for (const c of candidates) for (const s of inputs) sink += c.fn(s);
  for (let p = 0; p < passes; p++) {
    candidates.forEach((c, k) => {
      const t = times[k]!;
      for (let i = 0; i < n; i++) {
        const s = inputs[i]!;
        const t0 = process.hrtime.bigint();
        sink += c.fn(s);
        t[p * n + i] = Number(process.hrtime.bigint() - t0) - timer;
      }
    });
  }
  if (sink === -1) console.log(sink);
  return candidates.map((c, k) => {
    const sorted = times[k]!.sort();
    return {
      name: c.name,
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      p999: percentile(sorted, 0.999),
      max: sorted[sorted.length - 1]!,
    };
  });
}

/** The table of latencies, in µs. */
export function latencyTable(rows: readonly Latency[]): string {
  const us = (ns: number): string => (ns / 1000).toFixed(2);
  return [
    '| candidate | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${us(r.p50)} | ${us(r.p90)} | ${us(r.p99)} | ${us(r.p999)} | ${us(r.max)} |`),
  ].join('\n');
}

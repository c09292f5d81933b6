/**
 * Measurement core shared by the macro suites (suites.ts) and the micro-benchmarks (micro.ts).
 *
 * One benchmark.js "op" is one pass over a whole workload (every line of a corpus), so the call
 * overhead of the harness is paid once per tens of thousands of URLs. Each candidate gets a loop
 * of its own, compiled from source with `new Function`: closures made from one function literal
 * share V8's type feedback, and a loop shared by all candidates would make the per-URL call
 * megamorphic and let one candidate's profile slow down the next. Inside the loop every
 * candidate is treated alike: the same try/catch around the call (parsers that throw on invalid
 * input pay for it; the others do not), the same sink.
 *
 * A candidate's per-input function returns a number: >= 0 when the input was accepted (the value
 * derives from the result and goes into the sink, so the work is not dead code), -1 when it was
 * rejected without throwing. A throw also counts as a rejection.
 */
import Benchmark from 'benchmark';
import { subsample, type Workload } from './corpus.js';

// Call `fn` directly instead of decompiling and re-evaluating its source: our functions are
// closures over the workload, which benchmark.js's decompiled copies could not see.
Benchmark.support.decompilation = false;

export type Item1 = (s: string) => number;
/** A pair, and its index in the workload as run, after any stride (for candidates that keep objects made from it beforehand). */
export type Item2 = (a: string, b: string, i: number) => number;

export interface Candidate {
  name: string;
  /** One input (`a[i]`) or one pair (`a[i]`, `b[i]`). */
  fn?: Item1 | Item2;
  /**
   * Instead of `fn`: one pass over the whole workload at once (a scanner over a Buffer),
   * returning how many inputs it accepted.
   */
  pass?: (w: Workload) => number;
  /** Run over every `stride`-th input only (slow candidates); rates stay per input. */
  stride?: number;
  /** urikit itself: the row the ratios are computed from. */
  own?: boolean;
}

export interface Timing {
  minTime: number;
  maxTime: number;
  minSamples: number;
  /** Rounds over the candidates (every other one in reverse order); each keeps its best round. */
  rounds: number;
}

export interface Result {
  suite: string;
  corpus: string;
  candidate: string;
  own: boolean;
  /** Inputs offered per second (accepted or not). */
  perSec: number;
  /** Input bytes (UTF-8) offered per second, in MB (10^6 bytes). */
  mbPerSec: number;
  /** benchmark.js relative margin of error, in percent. */
  rme: number;
  samples: number;
  accepted: number;
  total: number;
  error?: string;
  /** measurePaired: urikit's rate ÷ this row's, the median over rounds run side by side. */
  ratio?: number;
}

interface Runner {
  run(): void;
  ok(): number;
  sink(): number;
}

const LOOP_BODY = (call: string): string => `"use strict";
let ok = 0;
let sink = 0;
return {
  run() {
    let o = 0;
    let acc = 0;
    for (let i = 0; i < a.length; i++) {
      try {
        const r = ${call};
        if (r >= 0) { o++; acc = (acc + r) | 0; }
      } catch (e) {}
    }
    ok = o;
    sink = (sink + acc) | 0;
  },
  ok() { return ok; },
  sink() { return sink; },
};`;

/** A fresh loop (its own SharedFunctionInfo, hence its own type feedback) for one candidate. */
export function makeRunner(fn: Item1 | Item2, a: readonly string[], b?: readonly string[]): Runner {
  const make = new Function('fn', 'a', 'b', LOOP_BODY(b === undefined ? 'fn(a[i])' : 'fn(a[i], b[i], i)')) as (
    fn: Item1 | Item2,
    a: readonly string[],
    b: readonly string[] | undefined,
  ) => Runner;
  return make(fn, a, b);
}

let globalSink = 0;
/** Keeps every runner's sink observable, so that no result is dead code. */
export function sinkValue(): number {
  return globalSink;
}

/** Measures one candidate over one workload. */
/** A runner for a candidate that makes its own pass over the workload. */
function passRunner(pass: (w: Workload) => number, w: Workload): Runner {
  let ok = 0;
  return {
    run() {
      ok = pass(w);
    },
    ok: () => ok,
    sink: () => ok,
  };
}

export function measure(suite: string, w: Workload, c: Candidate, timing: Timing): Result {
  const work = c.stride !== undefined ? subsample(w, c.stride) : w;
  const runner = c.pass !== undefined ? passRunner(c.pass, work) : makeRunner(c.fn!, work.a, work.b);
  const base: Result = {
    suite,
    corpus: w.name,
    candidate: c.stride !== undefined && c.stride > 1 ? `${c.name} (1/${c.stride})` : c.name,
    own: c.own === true,
    perSec: 0,
    mbPerSec: 0,
    rme: 0,
    samples: 0,
    accepted: 0,
    total: work.a.length,
  };
  try {
    runner.run(); // a first pass: acceptance count, and any unexpected exception surfaces here
  } catch (e) {
    base.error = String(e);
    return base;
  }
  base.accepted = runner.ok();
  const bench = new Benchmark(c.name, runner.run, {
    minTime: timing.minTime,
    maxTime: timing.maxTime,
    minSamples: timing.minSamples,
  });
  bench.run({ async: false });
  globalSink = (globalSink + runner.sink()) | 0;
  if (bench.error !== undefined && bench.error !== null) {
    base.error = String(bench.error);
    return base;
  }
  // The median sample rather than benchmark.js's mean (hz): on a shared machine, bursts of other
  // load only ever slow some samples down, and the median shrugs them off.
  const opsPerSec = 1 / median(bench.stats.sample);
  base.perSec = opsPerSec * work.a.length;
  base.mbPerSec = (opsPerSec * work.bytes) / 1e6;
  base.rme = bench.stats.rme;
  base.samples = bench.stats.sample.length;
  return base;
}

/**
 * Measures every candidate over one workload in `timing.rounds` rounds, the odd rounds in
 * reverse order, and keeps each candidate's fastest round: on a shared machine other load only
 * ever slows a measurement down, and alternating the order spreads a slow stretch over all.
 */
export function measureAll(suite: string, w: Workload, cands: readonly Candidate[], timing: Timing): Result[] {
  const best: Array<Result | undefined> = cands.map(() => undefined);
  for (let round = 0; round < Math.max(1, timing.rounds); round++) {
    const order = cands.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const r = measure(suite, w, cands[i]!, timing);
      const prev = best[i];
      if (prev === undefined || (r.error === undefined && (prev.error !== undefined || r.perSec > prev.perSec))) best[i] = r;
    }
  }
  return best as Result[];
}

/**
 * For short workloads on a noisy machine: `rounds` rounds, each running every candidate for
 * about `ms` milliseconds in turn (the order rotating), so that each round's rates come from the
 * same stretch of time. A candidate's rate is its median over the rounds, its ratio the median of
 * the rounds' ratios to urikit's row, and ±% the spread of its rates (half the interquartile
 * range, in percent of the median).
 */
export function measurePaired(suite: string, w: Workload, cands: readonly Candidate[], rounds: number, ms: number): Result[] {
  const runners = cands.map((c) => (c.pass !== undefined ? passRunner(c.pass, w) : makeRunner(c.fn!, w.a, w.b)));
  const rates = cands.map(() => [] as number[]);
  for (const r of runners) r.run(); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cands.length; k++) {
      const i = (k + round) % cands.length;
      const runner = runners[i]!;
      let passes = 0;
      const t0 = performance.now();
      let t = t0;
      while (t - t0 < ms) {
        runner.run();
        passes++;
        t = performance.now();
      }
      rates[i]!.push((passes * w.a.length * 1000) / (t - t0));
    }
  }
  for (const r of runners) globalSink = (globalSink + r.sink()) | 0;
  const own = cands.findIndex((c) => c.own === true);
  return cands.map((c, i) => {
    const xs = [...rates[i]!].sort((p, q) => p - q);
    const perSec = median(xs);
    const q1 = xs[Math.floor((xs.length - 1) / 4)]!;
    const q3 = xs[Math.ceil(((xs.length - 1) * 3) / 4)]!;
    const row: Result = {
      suite,
      corpus: w.name,
      candidate: c.name,
      own: c.own === true,
      perSec,
      mbPerSec: (perSec * w.bytes) / w.a.length / 1e6,
      rme: (100 * (q3 - q1)) / 2 / perSec,
      samples: rounds,
      accepted: runners[i]!.ok(),
      total: w.a.length,
    };
    if (own >= 0 && i !== own) row.ratio = median(rates[own]!.map((x, k) => x / rates[i]![k]!));
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// Formatting

export function fmtRate(n: number): string {
  if (!(n > 0)) return '–';
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return n.toFixed(1);
}

export function fmtRatio(r: number): string {
  if (!Number.isFinite(r) || r <= 0) return '–';
  return r >= 10 ? `${r.toFixed(1)}×` : `${r.toFixed(2)}×`;
}

function fmtAccepted(r: Result): string {
  if (r.total === 0) return '–';
  const pct = (100 * r.accepted) / r.total;
  return `${pct >= 99.995 ? '100' : pct.toFixed(2)}%`;
}

/**
 * One table per (suite, corpus): the candidates' rates, and how many times faster urikit's row is
 * than each other row (`urikit ×` > 1 means urikit is faster).
 */
export function table(rows: readonly Result[], unit = 'URLs/s'): string {
  const own = rows.find((r) => r.own);
  const lines = [`| candidate | ${unit} | MB/s | ±% | accepted | urikit × |`, '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    if (r.error !== undefined) {
      lines.push(`| ${r.candidate} | error: ${r.error.replace(/\|/g, '/').slice(0, 80)} | | | | |`);
      continue;
    }
    const ratio = own === undefined || r.own ? '' : fmtRatio(r.ratio ?? own.perSec / r.perSec);
    lines.push(`| ${r.candidate} | ${fmtRate(r.perSec)} | ${r.mbPerSec.toFixed(1)} | ${r.rme.toFixed(1)} | ${fmtAccepted(r)} | ${ratio} |`);
  }
  return lines.join('\n');
}

export function median(xs: readonly number[]): number {
  const v = xs.filter((x) => Number.isFinite(x)).sort((p, q) => p - q);
  if (v.length === 0) return NaN;
  const m = v.length >> 1;
  return v.length % 2 === 1 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/** The positive number given as `--name=N` on the command line, or `dflt`. */
export function numberOption(name: string, dflt: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg === undefined ? dflt : Number(arg.slice(name.length + 3));
  if (!(n > 0)) throw new Error(`--${name} takes a positive number`);
  return n;
}

/**
 * Measurement core shared by the macro suites (suites.ts), the micro-benchmarks (micro.ts), the
 * URI Template suites and the writing side.
 *
 * A pass runs one candidate over a whole workload (every line of a corpus, repeated by the caller
 * to a few megabytes: see corpus.ts repeatTo), so the harness's own cost is paid once per tens of
 * thousands of URLs. Each candidate gets a loop of its own, compiled from source with
 * `new Function`: closures made from one function literal share V8's type feedback, and a loop
 * shared by all candidates would make the per-URL call megamorphic and let one candidate's
 * profile slow down the next. Inside the loop every candidate is treated alike: the same
 * try/catch around the call (parsers that throw on invalid input pay for it; the others do not),
 * the same sink.
 *
 * Candidates are measured side by side in rounds (measureRounds): on a shared machine a burst of
 * other load slows whatever runs during it, so a ratio is only trusted when both of its rates
 * come from the same stretch of time, and the median over rounds shrugs off the bursts.
 *
 * A candidate's per-input function returns a number: >= 0 when the input was accepted (the value
 * derives from the result and goes into the sink, so the work is not dead code), -1 when it was
 * rejected without throwing. A throw also counts as a rejection.
 */
import { subsample, type Workload } from './corpus.js';

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
  /** Rounds over the candidates; each candidate's rate is its median over them. */
  rounds: number;
  /** Each candidate's turn in a round lasts whole passes, at least one, for at least this long. */
  ms: number;
  /**
   * Before the rounds, each candidate runs for at least this long (ms), untimed: code that V8
   * compiles a piece at a time (find-my-way makes a function per route) reaches its steady
   * state only after hundreds of passes. Default 0: the acceptance pass alone.
   */
  warmMs?: number;
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
  /** Spread of the rate over the rounds: half its interquartile range, in percent of the median. */
  spread: number;
  /** Rounds measured. */
  rounds: number;
  accepted: number;
  total: number;
  error?: string;
  /** urikit's rate ÷ this row's: the median of the rounds' ratios, and their lowest and highest. */
  ratio?: number;
  ratioMin?: number;
  ratioMax?: number;
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

/**
 * Measures every candidate over one workload in `timing.rounds` rounds. In each round every
 * candidate takes its turn (whole passes for at least `timing.ms`), the order rotating from round
 * to round, so that each round's rates come from the same stretch of time and no candidate always
 * follows the same one. A candidate's rate is its median over the rounds, ±% the spread of its
 * rates; its ratio is the median of the rounds' ratios of urikit's rate to its own, with their
 * range. A candidate that throws out of its first pass is reported with the error.
 */
export function measureRounds(suite: string, w: Workload, cands: readonly Candidate[], timing: Timing): Result[] {
  const works = cands.map((c) => (c.stride !== undefined ? subsample(w, c.stride) : w));
  const runners = cands.map((c, i) => (c.pass !== undefined ? passRunner(c.pass, works[i]!) : makeRunner(c.fn!, works[i]!.a, works[i]!.b)));
  const errors = runners.map((r) => {
    try {
      r.run(); // warm-up, the acceptance count, and any unexpected exception surfaces here
      return undefined;
    } catch (e) {
      return String(e);
    }
  });
  const live = cands.map((_, i) => i).filter((i) => errors[i] === undefined);
  for (const i of live) {
    const t0 = performance.now();
    while (performance.now() - t0 < (timing.warmMs ?? 0)) runners[i]!.run();
  }
  const rates = cands.map(() => [] as number[]);
  for (let round = 0; round < timing.rounds; round++) {
    for (let k = 0; k < live.length; k++) {
      const i = live[(k + round) % live.length]!;
      const runner = runners[i]!;
      let passes = 0;
      const t0 = performance.now();
      let t = t0;
      do {
        runner.run();
        passes++;
        t = performance.now();
      } while (t - t0 < timing.ms);
      rates[i]!.push((passes * works[i]!.a.length * 1000) / (t - t0));
    }
  }
  for (const r of runners) globalSink = (globalSink + r.sink()) | 0;
  const own = cands.findIndex((c, i) => c.own === true && errors[i] === undefined);
  return cands.map((c, i) => {
    const work = works[i]!;
    const row: Result = {
      suite,
      corpus: w.name,
      candidate: c.stride !== undefined && c.stride > 1 ? `${c.name} (1/${c.stride})` : c.name,
      own: c.own === true,
      perSec: 0,
      mbPerSec: 0,
      spread: 0,
      rounds: rates[i]!.length,
      accepted: 0,
      total: work.a.length,
    };
    if (errors[i] !== undefined) {
      row.error = errors[i];
      return row;
    }
    const xs = [...rates[i]!].sort((p, q) => p - q);
    row.perSec = median(xs);
    row.mbPerSec = (row.perSec * work.bytes) / work.a.length / 1e6;
    row.spread = (100 * (quartile(xs, 3) - quartile(xs, 1))) / 2 / row.perSec;
    row.accepted = runners[i]!.ok();
    if (own >= 0 && i !== own) {
      const ratios = rates[own]!.map((x, k) => x / rates[i]![k]!);
      row.ratio = median(ratios);
      row.ratioMin = Math.min(...ratios);
      row.ratioMax = Math.max(...ratios);
    }
    return row;
  });
}

/** The q-th quartile (1 or 3) of sorted numbers, the nearest rank outwards. */
function quartile(sorted: readonly number[], q: 1 | 3): number {
  const at = ((sorted.length - 1) * q) / 4;
  return sorted[q === 1 ? Math.floor(at) : Math.ceil(at)]!;
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

/** A row's ratio to urikit, with the range of the rounds' ratios: `1.34× (1.29–1.40)`. */
export function fmtRatioOf(r: Result): string {
  if (r.ratio === undefined) return '–';
  const range = r.ratioMin !== undefined && r.ratioMax !== undefined ? ` (${r.ratioMin.toFixed(2)}–${r.ratioMax.toFixed(2)})` : '';
  return `${fmtRatio(r.ratio)}${range}`;
}

/**
 * One table per (suite, corpus): each candidate's median rate and its spread over the rounds,
 * and how many times faster urikit's row is than each other row (`urikit ×` > 1: urikit is
 * faster; the median of the rounds' ratios, their lowest and highest in brackets).
 */
export function table(rows: readonly Result[], unit = 'URLs/s'): string {
  const lines = [`| candidate | ${unit} | MB/s | ±% | accepted | urikit × (range) |`, '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    if (r.error !== undefined) {
      lines.push(`| ${r.candidate} | error: ${r.error.replace(/\|/g, '/').slice(0, 80)} | | | | |`);
      continue;
    }
    const ratio = r.own ? '' : fmtRatioOf(r);
    lines.push(
      `| ${r.candidate} | ${fmtRate(r.perSec)} | ${r.mbPerSec.toFixed(1)} | ${r.spread.toFixed(1)} | ${fmtAccepted(r)} | ${ratio} |`,
    );
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

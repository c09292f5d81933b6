/**
 * Crawl keys, `npm run bench -- canon`: `surt`, `canonicalize` under each profile and `ssurt`
 * over the corpora, beside `normalize` (RFC 3986's normal form, for scale), and the Python
 * references on the same URLs in a child process (bench/canon_peers.py: w3lib from Debian's
 * python3-w3lib; the `surt` package and urlcanon from the folders SURT_SRC and URLCANON_SRC name,
 * left out when unset), each against its JavaScript counterpart in alternating rounds of CPU time.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalize, normalize, ssurt, surt } from '../src/index.js';
import type { Workload } from './corpus.js';
import { type Candidate, fmtRate, type Item1, measureRounds, median, type Result, type Timing } from './harness.js';

/** The JavaScript candidates; the first is the one the ratios are of. */
export const CANON_CANDIDATES: readonly Candidate[] = [
  { name: 'urikit surt(s)', own: true, fn: ((s) => surt(s).length) as Item1 },
  { name: "urikit canonicalize(s, 'w3lib')", fn: ((s) => canonicalize(s, 'w3lib').length) as Item1 },
  { name: "urikit canonicalize(s, 'ia')", fn: ((s) => canonicalize(s, 'ia').length) as Item1 },
  { name: "urikit canonicalize(s, 'google')", fn: ((s) => canonicalize(s, 'google').length) as Item1 },
  { name: "urikit canonicalize(s, 'semantic-precise')", fn: ((s) => canonicalize(s, 'semantic-precise').length) as Item1 },
  { name: "urikit canonicalize(s, 'aggressive')", fn: ((s) => canonicalize(s, 'aggressive').length) as Item1 },
  { name: "urikit canonicalize(s, 'whatwg')", fn: ((s) => canonicalize(s, 'whatwg').length) as Item1 },
  { name: 'urikit ssurt(s)', fn: ((s) => ssurt(s).length) as Item1 },
  { name: 'urikit normalize(s)', fn: ((s) => normalize(s).length) as Item1 },
];

/** The JavaScript candidate each Python reference is compared with. */
export const PYTHON_PEERS: Readonly<Record<string, string>> = {
  'surt package surt()': 'urikit surt(s)',
  'w3lib canonicalize_url': "urikit canonicalize(s, 'w3lib')",
  'urlcanon semantic_precise': "urikit canonicalize(s, 'semantic-precise')",
  'urlcanon google': "urikit canonicalize(s, 'google')",
};

/** How many URLs the Python comparison runs on, at most. */
const PYTHON_SAMPLE = 2000;

/**
 * A Python process that measures a reference on request (bench/canon_peers.py). When it ends (a
 * reference missing, an exception), the wait for its next line ends at once with its last words
 * on stderr, rather than at the wait's deadline: a corpus's first wait is ten minutes.
 */
class PythonPeers {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | undefined;
  private buffer = '';
  private stderr = '';
  private ended: Error | undefined;

  constructor(file: string) {
    const script = fileURLToPath(
      new URL(import.meta.url.includes('/build/bench/') ? '../../bench/canon_peers.py' : './canon_peers.py', import.meta.url),
    );
    this.child = spawn('/usr/bin/python3', [script, file], { env: process.env });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d: string) => {
      this.buffer += d;
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const w = this.waiting;
        this.waiting = undefined;
        if (w !== undefined) w.resolve(line);
        else this.lines.push(line);
      }
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-4000);
    });
    // A request written after the process ended fails here; the wait for its answer says why.
    this.child.stdin.on('error', () => {});
    this.child.on('error', (e) => this.end(`python3 did not start: ${e.message}`));
    // 'close' comes after the last of its output.
    this.child.on('close', (code, signal) => {
      const last = this.stderr.trim().split('\n').pop() ?? '';
      this.end(`python3 ended (${signal ?? `exit code ${code}`})${last === '' ? '' : `: ${last}`}`);
    });
  }

  private end(why: string): void {
    this.ended ??= new Error(why);
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(this.ended);
  }

  /** The next line the process writes, or a rejection after `ms` or when it has ended. */
  next(ms: number): Promise<string> {
    const l = this.lines.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (this.ended !== undefined) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`python3 gave no answer in ${ms} ms`)), ms);
      this.waiting = {
        resolve: (line) => {
          clearTimeout(t);
          resolve(line);
        },
        reject: (e) => {
          clearTimeout(t);
          reject(e);
        },
      };
    });
  }

  /** URLs per CPU-second of the reference `name`, measured for `ms` of CPU time. */
  async rate(name: string, ms: number): Promise<number> {
    this.child.stdin.write(`${name}\t${ms}\n`);
    return Number(await this.next(60_000 + ms * 20));
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

/** URLs per CPU-second of `fn` over `urls`, whole passes for at least `ms` of CPU time. */
function cpuRate(fn: (s: string) => number, urls: readonly string[], ms: number): number {
  let passes = 0;
  let sink = 0;
  const t0 = process.cpuUsage();
  let used = 0;
  do {
    for (const u of urls) {
      try {
        sink = (sink + fn(u)) | 0;
      } catch {
        // an error is an answer, as in Python
      }
    }
    passes++;
    const t = process.cpuUsage(t0);
    used = (t.user + t.system) / 1000;
  } while (used < ms);
  if (sink === 0.5) console.log(sink);
  return (passes * urls.length * 1000) / used;
}

/**
 * One table per corpus: the JavaScript rows (wall-clock, interleaved, as the other suites), then
 * each Python reference against its JavaScript counterpart in alternating rounds of CPU time, so
 * that a loaded, shared machine slows both alike; the ratio is the median of the rounds' ratios.
 */
export async function canonSuite(w: Workload, timing: Timing, quick: boolean): Promise<{ rows: Result[]; text: string }> {
  const rows = measureRounds('canon', w, CANON_CANDIDATES, timing);
  // each rate beside normalize's on the same URLs in the same rounds: what a crawl key costs over RFC 3986's normal form
  const normalizeRate = rows.find((r) => r.candidate === 'urikit normalize(s)')!.perSec;
  const lines = ["| candidate | URLs/s | ±% | accepted | of normalize's URLs/s |", '| --- | ---: | ---: | ---: | ---: |'];
  for (const r of rows)
    lines.push(
      `| ${r.candidate} | ${fmtRate(r.perSec)} | ${r.spread.toFixed(1)} | ${((100 * r.accepted) / r.total).toFixed(1)}% | ${((100 * r.perSec) / normalizeRate).toFixed(0)}% |`,
    );
  // The same evenly spread sample for both sides: a whole pass of urlcanon over a corpus takes seconds.
  const stride = Math.max(1, Math.floor(w.a.length / PYTHON_SAMPLE));
  const sample = w.a.filter((_, k) => k % stride === 0);
  const dir = mkdtempSync(join(os.tmpdir(), 'urikit-canon-'));
  const file = join(dir, 'urls.jsonl');
  writeFileSync(file, `${sample.map((u) => JSON.stringify(u)).join('\n')}\n`);
  const py = new PythonPeers(file);
  try {
    const names = JSON.parse(await py.next(600_000)) as string[];
    const rounds = quick ? 3 : 5;
    const ms = quick ? 300 : 600;
    lines.push(
      '',
      `Against the Python references, on ${sample.length.toLocaleString('en')} of the URLs (every ${stride}th), in URLs per CPU-second:`,
      '',
      '| urikit | the Python reference | urikit × (lowest–highest round) |',
      '| --- | --- | ---: |',
    );
    for (const name of names) {
      const ours = CANON_CANDIDATES.find((c) => c.name === PYTHON_PEERS[name])!;
      const fn = ours.fn as (s: string) => number;
      const js: number[] = [];
      const pyRates: number[] = [];
      for (let r = 0; r < rounds; r++) {
        js.push(cpuRate(fn, sample, ms / 2));
        pyRates.push(await py.rate(name, ms));
      }
      const ratios = js.map((x, k) => x / pyRates[k]!).sort((a, b) => a - b);
      const ratio = median(ratios);
      lines.push(
        `| ${ours.name}: ${fmtRate(median([...js].sort((a, b) => a - b)))} | ${name}: ${fmtRate(median([...pyRates].sort((a, b) => a - b)))} | ${ratio.toFixed(1)}× (${ratios[0]!.toFixed(1)}–${ratios[ratios.length - 1]!.toFixed(1)}) |`,
      );
      rows.push({
        suite: 'canon',
        corpus: w.name,
        candidate: `${name} (Python)`,
        own: false,
        perSec: median(pyRates),
        mbPerSec: 0,
        spread: 0,
        rounds,
        accepted: 0,
        total: w.a.length,
        ratio,
      });
    }
  } catch (e) {
    lines.push('', `Python references not measured: ${String(e)}.`);
  } finally {
    py.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, text: lines.join('\n') };
}

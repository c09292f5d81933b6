/**
 * Instructions per URL and per byte (`npm run bench -- instructions`), as Ada reports them: each
 * operation of count.ts run in a child process with 0 and N passes over a corpus under a counter,
 * the difference divided by N × the corpus. The counter is `perf stat -e instructions` where the
 * machine gives hardware counters, else valgrind's callgrind (the same count whatever else the
 * machine is doing, at some 50 times the run time), with V8 on one thread so that its compiler
 * and collector threads add nothing of their own timing.
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { CORPORA, loadCorpus } from './corpus.js';
import { OPERATIONS } from './count.js';

type Counter = 'perf' | 'valgrind';

/** The counter this machine has: perf when it counts instructions here, else valgrind, else none. */
export function counter(): Counter | undefined {
  const perf = spawnSync('perf', ['stat', '-x,', '-e', 'instructions:u', 'true'], { encoding: 'utf8' });
  if (perf.status === 0 && /^\d+,/m.test(perf.stderr)) return 'perf';
  const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return valgrind.status === 0 ? 'valgrind' : undefined;
}

const SCRIPT = fileURLToPath(new URL('./count.js', import.meta.url));
const NODE_FLAGS = ['--single-threaded', '--predictable-gc-schedule'];

/** What a child process wrote to stderr, and its exit status. */
function run(command: string, args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/** Instructions of one child run. */
async function count(how: Counter, operation: string, corpus: string, passes: number): Promise<number> {
  const args = [...NODE_FLAGS, SCRIPT, operation, corpus, String(passes)];
  if (how === 'perf') {
    const r = await run('perf', ['stat', '-x,', '-e', 'instructions:u', process.execPath, ...args]);
    const m = /^(\d+),/m.exec(r.stderr);
    if (r.status !== 0 || m === null) throw new Error(`perf stat failed: ${r.stderr}`);
    return Number(m[1]);
  }
  const r = await run('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...args]);
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`valgrind failed: ${r.stderr.slice(-500)}`);
  return Number(m[1]);
}

export interface Counted {
  operation: string;
  corpus: string;
  perUrl: number;
  perByte: number;
}

/**
 * Instructions per URL and per byte of each operation on each corpus, the child runs one per
 * core at a time (the counts do not depend on what else runs).
 */
export async function instructions(corpora: readonly string[]): Promise<{ how: Counter | undefined; rows: Counted[] }> {
  const how = counter();
  if (how === undefined) return { how, rows: [] };
  const jobs: Array<{ operation: string; corpus: string; passes: number; calls: number; bytes: number }> = [];
  for (const corpus of corpora) {
    const spec = CORPORA.find((c) => c.name === corpus);
    if (spec === undefined) continue;
    const c = loadCorpus(spec);
    // About a million calls a point; a fifth of that under valgrind.
    const passes = Math.max(2, Math.round((how === 'perf' ? 1e6 : 2e5) / c.a.length));
    for (const operation of Object.keys(OPERATIONS))
      jobs.push({ operation, corpus, passes, calls: passes * c.a.length, bytes: passes * c.bytes });
  }
  const rows: Counted[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const k = next++;
      const j = jobs[k]!;
      const n = (await count(how, j.operation, j.corpus, j.passes)) - (await count(how, j.operation, j.corpus, 0));
      rows[k] = { operation: j.operation, corpus: j.corpus, perUrl: n / j.calls, perByte: n / j.bytes };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.cpus().length) }, worker));
  return { how, rows };
}

export function instructionsTable(rows: readonly Counted[]): string {
  return [
    '| operation | corpus | instructions / URL | instructions / byte |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((r) => `| ${r.operation} | ${r.corpus} | ${Math.round(r.perUrl).toLocaleString('en')} | ${r.perByte.toFixed(1)} |`),
  ].join('\n');
}

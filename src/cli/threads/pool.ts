/**
 * `--threads N`: the file is cut into segments of a few MB; each of N worker threads takes the
 * next segment, reads it from the file itself, keeps the lines that start in it (a line that
 * crosses the segment's end is read to its "\n"), and sends back the command's output for it.
 * The main thread writes the segments' output in input order, holding at most 2 × N segments'
 * output at a time. Line numbers stay those of the whole file: a worker first counts its
 * segment's lines and receives the number of its first line once the earlier segments have
 * been counted. For `stats`, each worker's counts are merged at the end.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LineCommandName } from '../arguments.js';
import type { Command } from '../commands/command.js';
import type { Config } from '../config.js';
import { TruncatedInput } from '../io/input.js';
import type { Progress } from '../io/progress.js';
import type { Sink } from '../io/writer.js';
import { type FromWorker, segmentSize, type ToWorker, type WorkerData } from './serve.js';

/** `--threads auto` uses workers only for files of this size or more. */
export const AUTO_MIN_SIZE = 64 << 20;

/**
 * `--threads auto` for a file of `size` bytes: as many worker threads as there are idle
 * processors (the processors this process may use, less the load average of the last minute,
 * rounded), at most 8; 1, no worker, when less than one and a half are idle or the file is under
 * 64 MiB. Workers cost about 0.35 s of CPU to start and warm up (measured with two, on this
 * project's 2-core machine) against about 11 ms per MB of log: they cannot win on a small file,
 * nor on a busy machine, where they only add work (`npm run bench:cli` measures 1, 2 and auto).
 */
export function autoThreads(size: number | null, processors = availableParallelism(), load = loadavg()[0]!): number {
  if (size === null || size < AUTO_MIN_SIZE) return 1;
  const idle = processors - load;
  return idle >= 1.5 ? Math.min(Math.round(idle), 8) : 1;
}

/** The worker script, the CLI's other entry beside main.js (in build/ and dist/esm alike). */
function workerFile(): string {
  return fileURLToPath(new URL('../worker.js', import.meta.url));
}

export interface ThreadRun {
  config: Config;
  file: string;
  size: number;
  threads: number;
  /** The main thread's command: writes the header, dedupes, merges the counts. */
  cmd: Command;
  out: Sink;
  err: Sink;
  progress: Progress | null;
}

/** Runs the command over the file with worker threads; resolves when all output is written. */
export function runThreads(run: ThreadRun): Promise<void> {
  const { file, size, cmd, out, err, progress } = run;
  const seg = segmentSize(size, run.threads);
  const n = Math.ceil(size / seg);
  const threads = Math.min(run.threads, n);
  const data: WorkerData = { command: run.config.command as LineCommandName, args: run.config.args, file, size, threads: run.threads };
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  const counts: number[] = [];
  const askers = new Map<number, Worker>();
  const results = new Map<number, { out: Uint8Array; err: string; bytes: number; truncatedAt: number }>();
  let nextSeg = 0;
  let nextWrite = 0;
  let nextBase = 0;
  let firstLine = 1;
  let done = 0;
  let writing = false;
  let states = 0;
  let finished = false;
  /** The file turned out shorter: the run ends with this error once the counts are in. */
  let failed: TruncatedInput | null = null;

  return new Promise<void>((resolvePromise, rejectPromise) => {
    // Done: the workers close their ports and exit on their own, and the run ends when they
    // have (a terminated thread would not get to write its coverage data, for one). Failed or
    // output closed: they are terminated.
    let closing = false;
    let exited = 0;
    const stop = (e: Error | null, graceful = false): void => {
      if (finished) return;
      finished = true;
      closing = graceful;
      for (const w of workers) {
        if (graceful) w.postMessage({ type: 'close' } satisfies ToWorker);
        else void w.terminate();
      }
      if (e !== null) rejectPromise(e);
      else if (!graceful) resolvePromise();
    };

    const pump = (): void => {
      while (failed === null && idle.length > 0 && nextSeg < n && nextSeg - nextWrite < 2 * threads) {
        const start = nextSeg * seg;
        idle.pop()!.postMessage({ type: 'seg', seg: nextSeg, start, end: Math.min(size, start + seg) } satisfies ToWorker);
        nextSeg++;
      }
    };

    const write = async (): Promise<void> => {
      if (writing) return;
      writing = true;
      while (!finished && failed === null && results.has(nextWrite)) {
        const r = results.get(nextWrite)!;
        results.delete(nextWrite);
        nextWrite++;
        pump();
        await out.write(cmd.fromWorker(r.out));
        if (r.err !== '' || cmd.err.size > 0) {
          progress?.clear();
          await err.write(r.err);
          await err.flush(cmd.err);
        }
        done += r.bytes;
        progress?.update(done);
        if (out.closed) {
          stop(null);
          return;
        }
        if (r.truncatedAt !== -1) {
          // As one thread: the lines before the cut are written, and the counts are kept.
          failed = new TruncatedInput(size, r.truncatedAt);
          for (const w of workers) w.postMessage({ type: 'end' } satisfies ToWorker);
          return;
        }
      }
      writing = false;
      if (nextWrite === n && !finished) for (const w of workers) w.postMessage({ type: 'end' } satisfies ToWorker);
    };

    const onMessage = (w: Worker, m: FromWorker): void => {
      if (m.type === 'count') {
        counts[m.seg] = m.lines;
        askers.set(m.seg, w);
        // A segment's first line is known once every earlier segment is counted.
        while (counts[nextBase] !== undefined) {
          askers.get(nextBase)!.postMessage({ type: 'base', seg: nextBase, firstLine } satisfies ToWorker);
          askers.delete(nextBase);
          firstLine += counts[nextBase]!;
          nextBase++;
        }
      } else if (m.type === 'done') {
        results.set(m.seg, m);
        idle.push(w);
        pump();
        write().catch((e: Error) => stop(e));
      } else {
        cmd.merge(m.state);
        if (++states === threads) stop(failed, true);
      }
    };

    const script = workerFile();
    for (let i = 0; i < threads; i++) {
      const w = new Worker(script, { workerData: data });
      w.on('message', (m: FromWorker) => onMessage(w, m));
      w.on('error', (e) => stop(e));
      w.on('exit', (code) => {
        if (!finished) stop(new Error(`a worker thread stopped (exit code ${code}) before its work was done`));
        else if (closing && ++exited === threads) resolvePromise();
      });
      workers.push(w);
      idle.push(w);
    }
    pump();
  });
}

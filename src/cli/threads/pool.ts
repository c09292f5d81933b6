/**
 * `--threads N`: the file is cut into segments of a few MB; each of N threads (the main thread
 * and N - 1 worker threads, each taking part once it is ready) takes the next segment (a worker
 * is handed its next before it is done with one: serve.ts SEGMENTS_AHEAD), reads it from the file
 * itself, keeps the lines that start in it (a line that
 * crosses the segment's end is read to its "\n"), and sends back the command's output for it.
 * The main thread writes the segments' output in input order, holding at most 2 × N segments'
 * output at a time. Line numbers stay those of the whole file: a worker first counts its
 * segment's lines and receives the number of its first line once the earlier segments have
 * been counted. For `stats`, each worker's counts are merged at the end.
 */

import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, type TransferListItem, Worker } from 'node:worker_threads';
import type { Command } from '../commands/command.js';
import { TruncatedInput } from '../io/input.js';
import type { Progress } from '../io/progress.js';
import type { Sink } from '../io/writer.js';
import type { Lines } from '../options/arguments.js';
import { type FromWorker, type Port, SEGMENTS_AHEAD, segmentSize, serve, type ToWorker, type WorkerData } from './serve.js';

/** `--threads auto` uses workers only for files of this size or more. */
export const AUTO_MIN_SIZE = 64 << 20;

/**
 * `--threads auto` for a file of `size` bytes: as many threads as there are idle processors (the
 * processors this process may use, less the load average of the last minute, rounded), at most
 * 8; 1, no worker, when less than one and a half are idle or the file is under 64 MiB. A worker
 * costs about a quarter of a second to start (loading the modules) and more to warm up, against
 * about 4 ms per MB of log: it cannot win on a small file, nor on a busy machine, where it only
 * adds work (`npm run bench:cli` measures 1, 2 and auto).
 */
export function autoThreads(size: number | null, processors = availableParallelism(), load = loadavg()[0]!): number {
  if (size === null || size < AUTO_MIN_SIZE) return 1;
  const idle = processors - load;
  return idle >= 1.5 ? Math.min(Math.round(idle), 8) : 1;
}

/**
 * The main thread as one of the pool's threads: `serve` on one end of a channel, the pool on the
 * other, with a worker's events ('message', 'error' for what its work throws, 'exit' when the
 * channel closes). It starts at once, while the workers load the modules.
 */
class MainThread extends EventEmitter {
  private readonly port: MessagePort;

  constructor(data: WorkerData) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.port = port2;
    port2.on('message', (m: FromWorker) => this.emit('message', m));
    port2.on('close', () => this.emit('exit', 0));
    const served: Port = {
      postMessage: (m: FromWorker, transfer?: readonly TransferListItem[]) => port1.postMessage(m, transfer),
      close: () => port1.close(),
      on: (_event, listener) =>
        port1.on('message', (m: ToWorker) => {
          try {
            listener(m);
          } catch (e) {
            this.emit('error', e);
          }
        }),
    };
    serve(served, data).catch((e: Error) => this.emit('error', e));
  }

  postMessage(m: ToWorker): void {
    this.port.postMessage(m);
  }

  terminate(): Promise<number> {
    this.port.close();
    return Promise.resolve(0);
  }
}

/**
 * The worker script, the CLI's other entry beside main.js: one folder up from this module
 * (threads/ in build/ and dist/esm; chunks/ of the bundle in dist/cli), or beside it (when the
 * bundle put this code in an entry).
 */
export function workerFile(): string {
  const up = fileURLToPath(new URL('../worker.js', import.meta.url));
  return existsSync(up) ? up : fileURLToPath(new URL('./worker.js', import.meta.url));
}

export interface ThreadRun {
  config: Lines;
  file: string;
  size: number;
  threads: number;
  /** The main thread's command: writes the header, dedupes, merges the counts. */
  cmd: Command;
  out: Sink;
  err: Sink;
  progress: Progress | null;
  /** Ctrl-C (stats): no more segments are handed out, and the counts of those read are merged. */
  interrupt?: { stop: () => void };
}

/** Runs the command over the file with worker threads; resolves when all output is written. */
export function runThreads(run: ThreadRun): Promise<void> {
  const { file, size, cmd, out, err, progress } = run;
  const seg = segmentSize(size, run.threads);
  const n = Math.ceil(size / seg);
  const threads = Math.min(run.threads, n);
  const data: WorkerData = { command: run.config.command, args: run.config.args, file, size, threads: run.threads };
  const workers: Array<Worker | MainThread> = [];
  const idle: Array<Worker | MainThread> = [];
  const counts: number[] = [];
  const askers = new Map<number, Worker | MainThread>();
  const results = new Map<number, { out: Uint8Array; err: string; bytes: number; truncatedAt: number }>();
  let nextSeg = 0;
  let nextWrite = 0;
  let nextBase = 0;
  let firstLine = 1;
  let done = 0;
  let writing = false;
  let states = 0;
  let finished = false;
  /** Ctrl-C, or the last segment written: the workers were told to end. */
  let ending = false;
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

    /** Asks every worker for its counts (after the segments it has). */
    const end = (): void => {
      if (ending) return;
      ending = true;
      for (const w of workers) w.postMessage({ type: 'end' } satisfies ToWorker);
    };

    const pump = (): void => {
      while (!ending && failed === null && idle.length > 0 && nextSeg < n && nextSeg - nextWrite < 2 * threads) {
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
          end();
          return;
        }
      }
      writing = false;
      if (nextWrite === n && !finished) end();
    };

    const onMessage = (w: Worker | MainThread, m: FromWorker): void => {
      if (m.type === 'ready') {
        // The main thread reads the pool's messages between its own segments: one at a time is as many as it can take.
        for (let i = w instanceof MainThread ? 1 : SEGMENTS_AHEAD; i > 0; i--) idle.push(w);
        pump();
      } else if (m.type === 'count') {
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
      const w = i === 0 ? new MainThread(data) : new Worker(script, { workerData: data });
      w.on('message', (m: FromWorker) => onMessage(w, m));
      w.on('error', (e) => stop(e));
      w.on('exit', (code) => {
        if (!finished) stop(new Error(`a worker thread stopped (exit code ${code}) before its work was done`));
        else if (closing && ++exited === threads) resolvePromise();
      });
      workers.push(w);
    }
    if (run.interrupt !== undefined) run.interrupt.stop = end;
  });
}

/**
 * `--threads N`: the file is cut into segments of a few MB; each of N worker threads takes the
 * next segment, reads it from the file itself, keeps the lines that start in it (a line that
 * crosses the segment's end is read to its "\n"), and sends back the command's output for it.
 * The main thread writes the segments' output in input order, holding at most 2 × N segments'
 * output at a time. Line numbers stay those of the whole file: a worker first counts its
 * segment's lines and receives the number of its first line once the earlier segments have
 * been counted. For `stats`, each worker's counts are merged at the end.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type MessagePort, Worker } from 'node:worker_threads';
import type { Command, CommandState } from './command.js';
import { COMMANDS } from './commands/index.js';
import { type Config, configure, type LineCommandName } from './config.js';
import { TruncatedInput } from './input.js';
import { need } from './packages.js';
import type { Progress } from './progress.js';
import { lineWalker } from './readers.js';
import type { LineShape } from './records.js';
import { countLines } from './walker.js';
import type { Sink } from './writer.js';

/** What a worker is started with: the command line, from which it configures itself. */
export interface WorkerData {
  command: LineCommandName;
  args: readonly string[];
  file: string;
  size: number;
  threads: number;
}

type ToWorker =
  | { type: 'seg'; seg: number; start: number; end: number }
  | { type: 'base'; seg: number; firstLine: number }
  | { type: 'end' }
  | { type: 'close' };
type FromWorker =
  | { type: 'count'; seg: number; lines: number }
  | { type: 'done'; seg: number; out: Uint8Array; err: string; bytes: number; truncatedAt: number }
  | { type: 'state'; state: CommandState };

/** `--threads auto` uses workers only for files of this size or more. */
export const AUTO_MIN_SIZE = 64 << 20;

/**
 * `--threads auto` for a file of `size` bytes: as many worker threads as there are idle
 * processors (the processors this process may use, less the load average of the last minute,
 * rounded), at most 8; 1, no worker, when less than one and a half are idle or the file is under
 * 64 MiB. Workers
 * cost about 0.35 s of CPU to start and warm up (measured with two, on this project's 2-core
 * machine) against about 11 ms per MB of log: they cannot win on a small file, nor on a busy
 * machine, where they only add work (`npm run bench:cli` measures 1, 2 and auto).
 */
export function autoThreads(size: number | null, processors = availableParallelism(), load = loadavg()[0]!): number {
  if (size === null || size < AUTO_MIN_SIZE) return 1;
  const idle = processors - load;
  return idle >= 1.5 ? Math.min(Math.round(idle), 8) : 1;
}

/** Segment size for a file of `size` bytes and `threads` workers: about 8 segments per worker. */
export function segmentSize(size: number, threads: number): number {
  return Math.min(4 << 20, Math.max(256 << 10, Math.ceil(size / (threads * 8))));
}

/** The worker script, next to this module (in build/ and dist/esm alike). */
function workerFile(): string {
  return fileURLToPath(new URL('./worker.js', import.meta.url));
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

/**
 * Where the lines that start in [start, end) of the file lie in `buf` after `readSegment`:
 * [from, to). `lines` counts them (a last line without "\n" included). `truncatedAt`: where the
 * file ended when it turned out shorter than its size (the line cut there is left out), or -1.
 */
export interface Segment {
  buf: Buffer;
  from: number;
  to: number;
  lines: number;
  truncatedAt: number;
}

/**
 * Reads the lines that start in bytes [start, end) of the file of `size` bytes (its size when it
 * was opened), into `buf` (grown as needed). A last line that goes on past `end` is read to its
 * "\n", or up to `max` + 1 bytes when it is longer than `max` (the walker then reports it as too
 * long); past `size` too, when the file grew (as one thread reads it, input.ts).
 */
export function readSegment(fd: number, size: number, start: number, end: number, buf: Buffer, max: number): Segment {
  // One byte before the segment tells whether a line starts at `start`.
  const at = start === 0 ? 0 : start - 1;
  let len = end - at;
  if (buf.length < len) buf = Buffer.allocUnsafe(len + (len >> 3));
  let got = fill(fd, buf, 0, len, at);
  const short = got < len;
  len = got;
  let from = 0;
  if (start > 0) {
    const nl = buf.subarray(0, len).indexOf(0x0a);
    // No "\n" before the segment's last byte: no line starts in it.
    if (nl === -1 || nl >= end - at - 1) return { buf, from: 0, to: 0, lines: 0, truncatedAt: short ? at + len : -1 };
    from = nl + 1;
  }
  // The last line goes on to its "\n" (or the end of the file), unless it is too long.
  const lastStart = Math.max(from, buf.lastIndexOf(0x0a, len - 1) + 1);
  while (!short && buf[len - 1] !== 0x0a && len - lastStart <= max + 1) {
    const more = Math.min(64 << 10, max + 2 - (len - lastStart));
    if (buf.length < len + more) {
      const bigger = Buffer.allocUnsafe((len + more) * 2);
      buf.copy(bigger, 0, 0, len);
      buf = bigger;
    }
    got = fill(fd, buf, len, more, at + len);
    if (got === 0) {
      // The end of the file: where it was, or shorter than it was.
      if (at + len < size) return cut(buf, from, len, at);
      break;
    }
    const nl = buf.subarray(len, len + got).indexOf(0x0a);
    len = nl !== -1 ? len + nl + 1 : len + got;
  }
  if (short) return cut(buf, from, len, at);
  return { buf, from, to: len, lines: countLines(buf, from, len), truncatedAt: -1 };
}

/** The segment of a file that ended at `at + len`: its complete lines only. */
function cut(buf: Buffer, from: number, len: number, at: number): Segment {
  const to = Math.max(from, buf.lastIndexOf(0x0a, len - 1) + 1);
  return { buf, from, to, lines: countLines(buf, from, to), truncatedAt: at + len };
}

/** Reads up to `length` bytes at `position` into `buf` at `offset`; fewer at the end of the file. */
function fill(fd: number, buf: Buffer, offset: number, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, offset + done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

/** The worker's side: serves segments until told to end. */
export async function serve(port: MessagePort, data: WorkerData): Promise<void> {
  const { file, size } = data;
  const spec = COMMANDS[data.command];
  // The main thread has checked the same arguments and loaded the same packages; the port holds
  // the messages that come meanwhile.
  const config = configure(data.command, data.args) as Config;
  await need(spec.packages?.(config) ?? [], data.command);
  const fd = openSync(file, 'r');
  const cmd = spec.create(config, true);
  // main.ts runs only line shapes on threads.
  const walker = lineWalker(spec.input(config) as LineShape, config, cmd);
  const numbered = spec.numbered;
  let buf: Buffer = Buffer.allocUnsafe(segmentSize(size, data.threads) + (64 << 10));
  let pending: { seg: number; s: Segment; bytes: number } | null = null;

  const finish = (seg: number, s: Segment, bytes: number, firstLine: number): void => {
    if (s.to > s.from) walker.walk(s.buf, s.from, s.to, firstLine);
    const out = encode(cmd.out.take());
    port.postMessage({ type: 'done', seg, out, err: cmd.err.text(), bytes, truncatedAt: s.truncatedAt } satisfies FromWorker, [out.buffer]);
  };

  port.on('message', (m: ToWorker) => {
    if (m.type === 'seg') {
      const s = readSegment(fd, size, m.start, m.end, buf, config.maxLineLength);
      buf = s.buf;
      if (numbered) {
        pending = { seg: m.seg, s, bytes: m.end - m.start };
        port.postMessage({ type: 'count', seg: m.seg, lines: s.lines } satisfies FromWorker);
      } else {
        finish(m.seg, s, m.end - m.start, 1);
      }
    } else if (m.type === 'base') {
      const p = pending!;
      pending = null;
      finish(p.seg, p.s, p.bytes, m.firstLine);
    } else if (m.type === 'end') {
      closeSync(fd);
      port.postMessage({ type: 'state', state: cmd.state() } satisfies FromWorker);
    } else {
      // Once the main thread has the state: closing the port lets the thread exit.
      port.close();
    }
  });
}

/** The UTF-8 bytes of `pieces`, in a buffer of their own (to be transferred, not copied). */
function encode(pieces: string[]): Buffer<ArrayBuffer> {
  let n = 0;
  for (const p of pieces) n += Buffer.byteLength(p);
  const out = Buffer.from(new ArrayBuffer(n));
  let at = 0;
  for (const p of pieces) at += out.write(p, at);
  return out;
}

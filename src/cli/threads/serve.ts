/**
 * A thread of `--threads` (pool.ts runs them: worker threads, and the main thread itself): it
 * says when it is ready, takes the segments the pool hands it, reads each from the file itself,
 * runs the command over the lines that start in it, and sends the command's output back; at the
 * end, its counts.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { CommandState } from '../commands/command.js';
import { LINE_COMMANDS, lineCommand } from '../commands/index.js';
import { need } from '../commands/packages.js';
import { lineWalker } from '../lines/readers.js';
import type { LineShape } from '../lines/records.js';
import { countLines } from '../lines/walker.js';
import { configure, type Lines } from '../options/arguments.js';

/** What a worker is started with: the command line, from which it configures itself. */
export interface WorkerData {
  command: string;
  args: readonly string[];
  file: string;
  size: number;
  threads: number;
}

export type ToWorker =
  | { type: 'seg'; seg: number; start: number; end: number }
  | { type: 'base'; seg: number; firstLine: number }
  | { type: 'end' }
  | { type: 'close' };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'count'; seg: number; lines: number }
  | { type: 'done'; seg: number; out: Uint8Array; err: string; bytes: number; truncatedAt: number }
  | { type: 'state'; state: CommandState };

/**
 * How many segments the pool hands a thread before it has sent back the first: the next one
 * waits in the thread's port, so that a worker does not sit idle while the main thread, busy
 * with a segment of its own, has yet to read its message and hand it another.
 */
export const SEGMENTS_AHEAD = 2;

/** Segment size for a file of `size` bytes and `threads` workers: about 8 segments per worker. */
export function segmentSize(size: number, threads: number): number {
  return Math.min(4 << 20, Math.max(256 << 10, Math.ceil(size / (threads * 8))));
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
 * long); past `size` too, when the file grew (as one thread reads it, ../io/input.ts).
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

/** What `serve` talks to the pool through: a worker thread's port, or one end of a channel in the main thread. */
export type Port = Pick<MessagePort, 'postMessage' | 'close'> & { on(event: 'message', listener: (m: ToWorker) => void): unknown };

/** The thread's side: serves segments until told to end. */
export async function serve(port: Port, data: WorkerData): Promise<void> {
  const { file, size } = data;
  const spec = lineCommand(data.command);
  // The main thread has checked the same arguments and loaded the same packages; the port holds
  // the messages that come meanwhile.
  const config = configure(spec, data.args, LINE_COMMANDS) as Lines;
  await need(spec.packages?.(config) ?? [], data.command);
  const fd = openSync(file, 'r');
  const cmd = spec.create(config, { inWorker: true, sink: null });
  // ../run/run.ts runs only line shapes on threads.
  const walker = lineWalker(spec.input(config) as LineShape, config, cmd);
  const numbered = spec.numbered;
  // A buffer per segment held: the pool hands a thread up to SEGMENTS_AHEAD at a time.
  const buffers: Buffer[] = [];
  const bufferSize = segmentSize(size, data.threads) + (64 << 10);
  // Numbered commands: the segments read and counted, in order, waiting for their first line's number.
  const counted: Array<{ seg: number; s: Segment; bytes: number }> = [];
  port.postMessage({ type: 'ready' } satisfies FromWorker);

  const finish = (seg: number, s: Segment, bytes: number, firstLine: number): void => {
    if (s.to > s.from) walker.walk(s.buf, s.from, s.to, firstLine);
    buffers.push(s.buf);
    const out = encode(cmd.out.take());
    port.postMessage({ type: 'done', seg, out, err: cmd.err.text(), bytes, truncatedAt: s.truncatedAt } satisfies FromWorker, [out.buffer]);
  };

  port.on('message', (m: ToWorker) => {
    if (m.type === 'seg') {
      const s = readSegment(fd, size, m.start, m.end, buffers.pop() ?? Buffer.allocUnsafe(bufferSize), config.maxLineLength);
      if (numbered) {
        counted.push({ seg: m.seg, s, bytes: m.end - m.start });
        port.postMessage({ type: 'count', seg: m.seg, lines: s.lines } satisfies FromWorker);
      } else {
        finish(m.seg, s, m.end - m.start, 1);
      }
    } else if (m.type === 'base') {
      // The pool numbers the segments in order, and a thread's segments are handed out in order.
      const p = counted.shift()!;
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

/** The UTF-8 bytes of `pieces` (strings, and bytes written in place), in a buffer of their own (to be transferred, not copied). */
function encode(pieces: ReadonlyArray<string | Uint8Array>): Buffer<ArrayBuffer> {
  let n = 0;
  for (const p of pieces) n += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const out = Buffer.from(new ArrayBuffer(n));
  let at = 0;
  for (const p of pieces) {
    if (typeof p === 'string') {
      at += out.write(p, at);
    } else {
      out.set(p, at);
      at += p.length;
    }
  }
  return out;
}

/**
 * Output: the commands append text to an `Out` while they walk a slice of input (64 KiB of lines,
 * see ../run/run.ts); the driver then writes it to a `Sink` in one piece and waits for the
 * destination to drain (back-pressure) before it reads the next slice, so memory stays bounded by
 * a slice's output.
 */
import type { Writable } from 'node:stream';
import { fileProblem } from './file-error.js';

/**
 * Text collected by a command. Small pieces are joined into pieces of 64 KiB as they come, so
 * that they die young (a chunk's worth of small strings kept to its end would be promoted by
 * the garbage collector, which then dominates the run time).
 */
export class Out {
  private parts: string[] = [];
  private partsSize = 0;
  private pieces: string[] = [];
  /** Characters collected since the last `take()`. */
  size = 0;

  push(s: string): void {
    this.parts.push(s);
    this.partsSize += s.length;
    this.size += s.length;
    if (this.partsSize >= 1 << 16) {
      this.pieces.push(this.parts.join(''));
      this.parts = [];
      this.partsSize = 0;
    }
  }

  /** Everything collected, in pieces; empties the collector. */
  take(): string[] {
    const pieces = this.pieces;
    if (this.parts.length > 0) pieces.push(this.parts.join(''));
    this.pieces = [];
    this.parts = [];
    this.partsSize = 0;
    this.size = 0;
    return pieces;
  }

  /** Everything collected, as one string. */
  text(): string {
    return this.take().join('');
  }
}

/** Where the output goes: standard output, or another destination (a Redis job's frontier: ../redis/frontier.ts). */
export interface Sink {
  /** The destination went away (a closed pipe): the run stops reading. */
  readonly closed: boolean;
  /** An error of the destination, other than its going away. */
  readonly error: Error | null;
  /** Writes `data`; resolves once the destination can take more. */
  write(data: string | Uint8Array): Promise<void>;
  /** Writes what `out` holds; resolves once the destination can take more. */
  flush(out: Out): Promise<void>;
}

/**
 * Writes to a stream and honours its back-pressure. A destination that goes away (EPIPE: the
 * reader of a pipe exited, as `head` does) sets `closed` instead of throwing, and the driver
 * stops reading.
 */
export class BufferedWriter implements Sink {
  closed = false;
  private failure: Error | null = null;
  private waiting: (() => void) | null = null;

  constructor(private readonly out: Writable) {
    out.on('error', (e: NodeJS.ErrnoException) => {
      this.closed = true;
      // What is wrong in words (the code is not for the reader of the message).
      if (e.code !== 'EPIPE') this.failure = e.code === undefined ? e : new Error(fileProblem(e, true));
      this.wake();
    });
  }

  /** An error of the destination other than EPIPE, if one happened. */
  get error(): Error | null {
    return this.failure;
  }

  /** Writes `data` (when there is any) and resolves once the destination can take more. */
  async write(data: string | Uint8Array): Promise<void> {
    if (this.closed) return;
    if (data.length > 0 && this.out.write(data)) return;
    if (!this.out.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      this.waiting = resolve;
      this.out.once('drain', () => this.wake());
    });
  }

  /** Writes what `out` holds; resolves once the destination can take more. */
  async flush(out: Out): Promise<void> {
    if (out.size === 0 || this.closed) return;
    let ok = true;
    for (const piece of out.take()) ok = this.out.write(piece);
    if (!ok) await this.write('');
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    if (w !== null) w();
  }
}

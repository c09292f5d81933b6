/**
 * Output: the commands append text to an `Out` while they walk a slice of input (64 KiB of lines,
 * see ../run/run.ts); the driver then writes it to a `Sink` in one piece and waits for the
 * destination to drain (back-pressure) before it reads the next slice, so memory stays bounded by
 * a slice's output.
 */
import type { Writable } from 'node:stream';
import { fileProblem } from './file-error.js';

/** A command's bytes written in place (`Out.room`) go into buffers of this size, or of one record's bytes when larger. */
const BYTES = 1 << 16;

const NO_BYTES = Buffer.alloc(0);

/**
 * Text collected by a command. Small pieces are joined into pieces of 64 KiB as they come, so
 * that they die young (a chunk's worth of small strings kept to its end would be promoted by
 * the garbage collector, which then dominates the run time). A command may also write its bytes
 * in place (`room`): `parse --tsv` copies a record's components from the input's bytes, where
 * making strings of them, joining those and encoding the result took some 40% of its instructions.
 */
export class Out {
  private parts: string[] = [];
  private partsSize = 0;
  private pieces: Array<string | Uint8Array> = [];
  /** Characters and bytes collected in pieces since the last `take()`. */
  private collected = 0;
  /**
   * Where `room` writes go: bytes [0, at) of `buf` are written, [from, at) of them since the
   * last piece was cut. A piece handed out by `take` stays as it is (a stream may hold it until
   * it is written): later bytes go after it, and a full buffer is replaced, never reused.
   */
  buf: Buffer = NO_BYTES;
  /** `buf`, read and written 8 bytes at a time (see `copyBytes`). */
  words = wordsOf(NO_BYTES);
  at = 0;
  private from = 0;

  /** Characters and bytes collected since the last `take()`. */
  get size(): number {
    return this.collected + this.partsSize + this.at - this.from;
  }

  push(s: string): void {
    if (this.at > this.from) this.cut();
    this.parts.push(s);
    this.partsSize += s.length;
    if (this.partsSize >= 1 << 16) this.join();
  }

  /**
   * Room for `n` bytes at `at` of `buf` (the buffer it returns): the caller writes them there
   * and moves `at` past them. Strings pushed before come first.
   */
  room(n: number): Buffer {
    if (this.partsSize > 0) this.join();
    if (this.at + n > this.buf.length) {
      if (this.at > this.from) this.cut();
      const buf = Buffer.allocUnsafe(Math.max(BYTES, n));
      this.buf = buf;
      this.words = wordsOf(buf);
      this.at = this.from = 0;
    }
    return this.buf;
  }

  /** Everything collected, in pieces (strings, and the bytes written in place); empties the collector. */
  take(): Array<string | Uint8Array> {
    if (this.at > this.from) this.cut();
    if (this.parts.length > 0) this.join();
    const pieces = this.pieces;
    this.pieces = [];
    this.collected = 0;
    return pieces;
  }

  /** Everything collected, as one string. */
  text(): string {
    return this.take()
      .map((p) => (typeof p === 'string' ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength).toString('utf8')))
      .join('');
  }

  /** The strings pushed since the last piece, as one piece. */
  private join(): void {
    this.pieces.push(this.parts.join(''));
    this.collected += this.partsSize;
    this.parts = [];
    this.partsSize = 0;
  }

  /** The bytes written since the last piece, as one piece. */
  private cut(): void {
    this.pieces.push(this.buf.subarray(this.from, this.at));
    this.collected += this.at - this.from;
    this.from = this.at;
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

/** A view of `b`'s bytes, 8 at a time, for `copyBytes`. */
export function wordsOf(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/** `wordsOf` the last buffer asked for, made again only when the buffer changes (a view a line would be an allocation a line). */
export class Words {
  private bytes: Uint8Array = NO_BYTES;
  private view = wordsOf(NO_BYTES);

  of(b: Uint8Array): DataView {
    if (b !== this.bytes) {
      this.bytes = b;
      this.view = wordsOf(b);
    }
    return this.view;
  }
}

/**
 * Copies bytes [from, to) of `src` to `at` of `dst` (`srcWords`, `dstWords`: their views);
 * returns the position after them. Eight bytes a step, the last step whole: it may write up to 7
 * bytes past the copy (the caller's room holds them, and what follows overwrites them) and read
 * up to 7 past `to` when `src` has them. A step moves a float64, except a NaN: a runtime may write
 * a NaN's bits other than it read them (ECMAScript lets it), so those 8 bytes go as two int32s.
 * A loop of bytes took some 33 instructions a byte in V8 (each access loads and checks the array
 * again), `set` of a `subarray` about 720 a call whatever the length (the view it makes, the
 * builtin); 4 bytes a step cost a `parse --tsv` line of the api log 549 instructions more.
 */
export function copyBytes(
  dst: Uint8Array,
  dstWords: DataView,
  at: number,
  src: Uint8Array,
  srcWords: DataView,
  from: number,
  to: number,
): number {
  const n = to - from;
  if (to + 7 <= src.length) {
    for (let k = 0; k < n; k += 8) {
      const x = srcWords.getFloat64(from + k, true);
      if (!Number.isNaN(x)) {
        dstWords.setFloat64(at + k, x, true);
      } else {
        dstWords.setInt32(at + k, srcWords.getInt32(from + k, true), true);
        dstWords.setInt32(at + k + 4, srcWords.getInt32(from + k + 4, true), true);
      }
    }
    return at + n;
  }
  for (let i = from; i < to; i++) dst[at++] = src[i]!;
  return at;
}

/** Writes `n` tabs at `at` of `dstWords`, four a step (and up to 3 bytes past them); returns the position after them. */
export function writeTabs(dstWords: DataView, at: number, n: number): number {
  for (let k = 0; k < n; k += 4) dstWords.setInt32(at + k, 0x09090909, true);
  return at + n;
}

/**
 * ASCII names as bytes, to be copied by `copyBytes`: name i is bytes [starts[i], starts[i + 1])
 * (with 7 bytes after the last, which `copyBytes` may read).
 */
export class Names {
  readonly bytes: Uint8Array;
  readonly words: DataView;
  readonly starts: Int32Array;

  constructor(names: readonly string[]) {
    const text = names.join('');
    this.bytes = new Uint8Array(text.length + 7);
    for (let i = 0; i < text.length; i++) this.bytes[i] = text.charCodeAt(i);
    this.words = wordsOf(this.bytes);
    this.starts = new Int32Array(names.length + 1);
    for (let i = 0; i < names.length; i++) this.starts[i + 1] = this.starts[i]! + names[i]!.length;
  }
}

/** The most digits `writeDigits` writes (a safe integer). */
export const MAX_DIGITS = 16;

/** Writes the decimal digits of `n` (a safe integer, at least 0) at `at` of `dst`; returns the position after them. */
export function writeDigits(dst: Uint8Array, at: number, n: number): number {
  let end = at + 1;
  for (let k = n; k >= 10; k = Math.floor(k / 10)) end++;
  for (let i = end - 1; i >= at; i--) {
    // Integer division while the number fits 31 bits (a line number nearly always does).
    const q = n <= 0x7fffffff ? (n / 10) | 0 : Math.floor(n / 10);
    dst[i] = 0x30 + (n - 10 * q);
    n = q;
  }
  return end;
}

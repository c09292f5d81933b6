/**
 * The line walker: the one place where the CLI's input is cut into lines. It takes the input in
 * chunks (`push`, then `end`), walks the complete lines of each chunk where they lie and keeps
 * only a line cut by the chunk's end, to be completed by the next chunk; worker threads hand it
 * whole segments (`walk`). Lines end at "\n"; a "\r" before it is not part of the line; the last
 * line may lack its "\n". Empty lines go to the command as such; every other line goes to the
 * `LineReader` of the command's input shape (readers.ts), which turns it into records and
 * searches the line with the walker's `Finder`, so that no search runs past the line's end more
 * than once per buffer.
 */
import type { LineReader, Reader, Records } from './records.js';

/**
 * Finds a byte in a line without looking past the line's end more than once per buffer: a search
 * that runs past the line (the byte is not in it) remembers where it stopped, and the lines
 * before that point are answered from there. Each byte value's searches cover disjoint ranges,
 * so the work is linear in the buffer's size whatever its lines hold (a search that stopped at
 * every line's end would be, and lines without a quote or a tab would make the walk quadratic).
 * A reader asks for one `ByteSearch` per byte value it looks for, once; the walker resets them
 * all before each buffer.
 */
export class Finder {
  private readonly searches: ByteSearch[] = [];

  /** The search for `byte` in the lines of this walker. */
  search(byte: number): ByteSearch {
    const s = new ByteSearch(byte);
    this.searches.push(s);
    return s;
  }

  /** Forgets the searches: the buffer is new, or its contents changed (worker threads reuse one). */
  reset(): void {
    for (const s of this.searches) s.reset();
  }
}

/** The searches for one byte value: see `Finder`. */
export class ByteSearch {
  /** The last search started at `from` and found the byte at `at` (the buffer's length: nowhere). */
  private from = Infinity;
  private at = 0;
  private bytes: Uint8Array | null = null;

  constructor(readonly byte: number) {}

  reset(): void {
    this.bytes = null;
  }

  /** The first position of the byte in [from, end) of `bytes`, or -1. */
  in(bytes: Uint8Array, from: number, end: number): number {
    let at = this.at;
    if (bytes !== this.bytes || !(this.from <= from && from <= at)) {
      this.bytes = bytes;
      at = bytes.indexOf(this.byte, from);
      if (at === -1) at = bytes.length;
      this.from = from;
      this.at = at;
    }
    return at < end ? at : -1;
  }
}

const NL = 0x0a;
const CR = 0x0d;

/** Cuts the input into lines and hands each to its reader. */
export class Walker implements Reader {
  /** The number of the next line. */
  line = 1;
  /** The start of a line cut by the end of the last chunk, in pieces. */
  private carry: Buffer[] = [];
  private carried = 0;

  /** `finder`: the searches of `reader`, reset before each buffer. */
  constructor(
    private readonly reader: LineReader,
    private readonly to: Records,
    private readonly finder: Finder,
  ) {}

  /** Walks the complete lines of the next chunk of the input. */
  push(chunk: Buffer): void {
    let from = 0;
    if (this.carried > 0) {
      const nl = chunk.indexOf(NL);
      if (nl === -1) {
        // The line goes on (longer than a chunk).
        this.carry.push(chunk);
        this.carried += chunk.length;
        return;
      }
      this.carry.push(chunk.subarray(0, nl + 1));
      const joined = Buffer.concat(this.carry, this.carried + nl + 1);
      this.carry = [];
      this.carried = 0;
      this.line = this.walk(joined, 0, joined.length, this.line);
      from = nl + 1;
    }
    const last = chunk.lastIndexOf(NL);
    if (last >= from) {
      this.line = this.walk(chunk, from, last + 1, this.line);
      from = last + 1;
    }
    if (from < chunk.length) {
      // Copy the partial line, so that the chunk itself can go.
      const tail = from === 0 ? chunk : Buffer.from(chunk.subarray(from));
      this.carry.push(tail);
      this.carried += tail.length;
    }
  }

  /** The end of the input: walks a last line that has no "\n". */
  end(): void {
    if (this.carried === 0) return;
    const joined = Buffer.concat(this.carry, this.carried);
    this.carry = [];
    this.carried = 0;
    this.line = this.walk(joined, 0, joined.length, this.line);
  }

  /**
   * Walks the lines of bytes [start, end), where every line but the last ends with "\n" (the
   * last may lack it only at the end of the input), numbering them from `firstLine`; returns the
   * number of the line after the last.
   */
  walk(bytes: Buffer, start: number, end: number, firstLine: number): number {
    const reader = this.reader;
    const to = this.to;
    this.finder.reset();
    let line = firstLine;
    for (let pos = start; pos < end; line++) {
      let nl = bytes.indexOf(NL, pos);
      if (nl === -1 || nl >= end) nl = end;
      const e = nl > pos && bytes[nl - 1] === CR ? nl - 1 : nl;
      if (e === pos) to.empty(line);
      else reader.read(bytes, pos, e, line);
      pos = nl + 1;
    }
    to.lines += line - firstLine;
    return line;
  }
}

/** The number of lines that start in bytes [from, to): its "\n"s, and a last line without one. */
export function countLines(bytes: Buffer, from: number, to: number): number {
  let lines = 0;
  for (let p = bytes.indexOf(NL, from); p !== -1 && p < to; p = bytes.indexOf(NL, p + 1)) lines++;
  if (to > from && bytes[to - 1] !== NL) lines++;
  return lines;
}

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
import { LONGEST_LINE } from '../options/arguments.js';
import { Kind, type LineReader, type Reader, type Records } from './records.js';

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

/** A line longer than this is walked with its exceptions caught (its output may be too long a string). */
const LONG = 1 << 20;

/** Cuts the input into lines and hands each to its reader. */
export class Walker implements Reader {
  /** The number of the next line. */
  line = 1;
  /** The start of a line cut by the end of the last chunk, in pieces (at most `max` + 1 bytes). */
  private carry: Buffer[] = [];
  private carried = 0;
  /** In a line longer than `max`, which is being skipped up to its "\n". */
  private skipping = false;
  /** Up to this length a line is read at once; past it, `long` looks at it first. */
  private readonly short: number;

  /**
   * `finder`: the searches of `reader`, reset before each buffer. `max`: the longest line read,
   * in bytes without its ending; a longer one is reported as `LINE_TOO_LONG` and skipped
   * without being held.
   */
  constructor(
    private readonly reader: LineReader,
    private readonly to: Records,
    private readonly finder: Finder,
    private readonly max: number,
  ) {
    this.short = Math.min(max, LONG);
  }

  /** Walks the complete lines of the next chunk of the input. */
  push(chunk: Buffer): void {
    let from = 0;
    if (this.skipping || this.carried > 0) {
      const nl = chunk.indexOf(NL);
      // A "\r" before the "\n" may be in the carry, and is not part of the line: hence + 1.
      if (!this.skipping && this.carried + (nl === -1 ? chunk.length : nl) > this.max + 1) this.skip();
      if (nl === -1) {
        if (!this.skipping) {
          // A copy, as below: the chunk's buffer may be read into again (Source.chunks(true)).
          this.carry.push(Buffer.from(chunk));
          this.carried += chunk.length;
        }
        return;
      }
      if (this.skipping) {
        this.skipped();
      } else {
        this.carry.push(chunk.subarray(0, nl + 1));
        const joined = Buffer.concat(this.carry, this.carried + nl + 1);
        this.carry = [];
        this.carried = 0;
        this.line = this.walk(joined, 0, joined.length, this.line);
      }
      from = nl + 1;
    }
    const last = chunk.lastIndexOf(NL);
    if (last >= from) {
      this.line = this.walk(chunk, from, last + 1, this.line);
      from = last + 1;
    }
    if (from < chunk.length) {
      if (chunk.length - from > this.max + 1) {
        this.skipping = true;
      } else {
        // Copy the partial line, so that the chunk itself can go (or be read into again).
        const tail = Buffer.from(chunk.subarray(from));
        this.carry.push(tail);
        this.carried += tail.length;
      }
    }
  }

  /** The end of the input: walks a last line that has no "\n". */
  end(): void {
    if (this.skipping) {
      this.skipped();
      return;
    }
    if (this.carried === 0) return;
    const joined = Buffer.concat(this.carry, this.carried);
    this.carry = [];
    this.carried = 0;
    this.line = this.walk(joined, 0, joined.length, this.line);
  }

  /** The carried line is too long: it goes, and the rest of it will be skipped. */
  private skip(): void {
    this.carry = [];
    this.carried = 0;
    this.skipping = true;
  }

  /** The end of a skipped line. */
  private skipped(): void {
    this.skipping = false;
    this.tooLong(this.line);
    this.line++;
    this.to.lines++;
  }

  private tooLong(line: number): void {
    const max = this.max;
    this.to.noUri(
      line,
      Kind.LINE,
      'LINE_TOO_LONG',
      max,
      max === LONGEST_LINE
        ? `Line too long: more than ${max} bytes, the longest string Node.js can hold; skipped`
        : `Line too long: more than ${max} bytes (--max-line-length ${max}); skipped (give a larger --max-line-length, or 0 for no limit, to read it)`,
    );
  }

  /**
   * Walks the lines of bytes [start, end), where every line but the last ends with "\n" (the
   * last may lack it only at the end of the input), numbering them from `firstLine`; returns the
   * number of the line after the last.
   */
  walk(bytes: Buffer, start: number, end: number, firstLine: number): number {
    this.finder.reset();
    this.reader.begin?.(bytes, start, end);
    let line = firstLine;
    for (let pos = start; pos < end; line++) {
      let nl = bytes.indexOf(NL, pos);
      if (nl === -1 || nl >= end) nl = end;
      this.one(bytes, pos, nl, line);
      pos = nl + 1;
    }
    this.to.lines += line - firstLine;
    return line;
  }

  /**
   * Walks one line that the caller found and numbered: bytes [start, nl), without its "\n". For
   * input whose line numbers are not consecutive (a Redis entry's lines, ../redis/entry.ts); the buffer's
   * contents must not change while it is walked (the searches are not reset).
   */
  walkLine(bytes: Buffer, start: number, nl: number, line: number): void {
    this.one(bytes, start, nl, line);
    this.to.lines++;
  }

  /** Line `line`, bytes [start, nl): its "\r" taken off, then empty, read, or looked at first when long. */
  private one(bytes: Buffer, start: number, nl: number, line: number): void {
    const e = nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
    if (e === start) this.to.empty(line);
    else if (e - start <= this.short) this.reader.read(bytes, start, e, line);
    else this.long(bytes, start, e, line);
  }

  /** A line longer than `max` or than a MiB: too long, or read with the runtime's string limit in mind. */
  private long(bytes: Buffer, start: number, end: number, line: number): void {
    if (end - start > this.max) {
      this.tooLong(line);
      return;
    }
    try {
      this.reader.read(bytes, start, end, line);
    } catch (e) {
      // The command's output for the line would be longer than the longest string.
      if (!(e instanceof RangeError)) throw e;
      this.to.noUri(
        line,
        Kind.LINE,
        'LINE_TOO_LONG',
        end - start,
        `Line too long: ${end - start} bytes, too long for the output of this command (${e.message}); skipped`,
      );
    }
  }
}

/** The number of lines that start in bytes [from, to): its "\n"s, and a last line without one. */
export function countLines(bytes: Buffer, from: number, to: number): number {
  let lines = 0;
  for (let p = bytes.indexOf(NL, from); p !== -1 && p < to; p = bytes.indexOf(NL, p + 1)) lines++;
  if (to > from && bytes[to - 1] !== NL) lines++;
  return lines;
}

/**
 * The line walker: the one place where the CLI's input is cut into lines. It takes the input in
 * chunks (`push`, then `end`), walks the complete lines of each chunk where they lie and keeps
 * only a line cut by the chunk's end, to be completed by the next chunk; worker threads hand it
 * whole segments (`walk`). Lines end at "\n"; a "\r" before it is not part of the line; the last
 * line may lack its "\n". Empty lines go to the command as such; every other line goes to the
 * `LineReader` of the command's input shape (readers.ts), which turns it into records.
 */
import type { LineReader, Reader, Records } from './records.js';

const NL = 0x0a;
const CR = 0x0d;

/** Cuts the input into lines and hands each to its reader. */
export class Walker implements Reader {
  /** The number of the next line. */
  line = 1;
  /** The start of a line cut by the end of the last chunk, in pieces. */
  private carry: Buffer[] = [];
  private carried = 0;

  constructor(
    private readonly reader: LineReader,
    private readonly to: Records,
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

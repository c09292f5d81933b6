/**
 * An input entry: a batch of lines of one shard, as `publish` writes it and workers read it.
 *
 * ```
 * XADD urikit:{JOB:3}:in * r 2 s 41 n "12,3,1,40" d "line 12\nline 15\nline 16\nline 56"
 * ```
 *
 * `r` is the publish run and `s` the entry's number in that run's entries of this shard (1, 2, …):
 * together they name the entry whatever its stream id (a run sent again writes it once). `d`
 * holds the lines as they were read (without their line endings), joined by "\n"; `n` their line
 * numbers in the published input: the first, then the difference to the one before. A batch
 * holds up to `BATCH_LINES` lines or `BATCH_BYTES` bytes, whichever comes first (a longer line is
 * a batch of its own): one stream entry for a few hundred URLs, not one for each, is what makes
 * the stream fast, and each entry costs every process a call (publish's ENQUEUE, a worker's READ
 * and ACK) whatever its size. An entry larger than `BIG_ENTRY` (a long line) is read alone
 * (lua.ts, READ).
 */
import { copyBytes, Words, wordsOf } from '../io/writer.js';

export const BATCH_LINES = 250;
export const BATCH_BYTES = 64 * 1024;
export const BIG_ENTRY = 256 * 1024;

/** One entry of a shard, made by a `Batch`. */
export interface Batched {
  shard: number;
  /** Its number among the run's entries of the shard. */
  seq: number;
  first: number;
  last: number;
  lines: number;
  /** The "n" and "d" fields. */
  numbers: string;
  data: Buffer;
  /** A cheap print of the lines (their line numbers, size and first and last bytes), to tell a resumed run's input from another. */
  print: string;
}

/** Collects the lines of one shard into entries. */
export class Batch {
  /** The lines so far; `take` copies them out, and this buffer serves the next entry. */
  private data = Buffer.allocUnsafe(1024);
  /** `data`, and the last buffer a line was copied from, 8 bytes at a time (see `copyBytes`). */
  private dataWords = wordsOf(this.data);
  private readonly srcWords = new Words();
  size = 0;
  lines = 0;
  /** The differences between the line numbers after the first. */
  private readonly gaps: number[] = [];
  private first = 0;
  private last = 0;
  /** Entries taken so far: the number of the next is one more. */
  taken = 0;

  /** The line number of the first line it holds (while it holds some). */
  get head(): number {
    return this.first;
  }

  constructor(readonly shard: number) {}

  /** Adds bytes [start, end) of `b`, line number `line`; true when the batch is full. */
  add(b: Buffer, start: number, end: number, line: number): boolean {
    // The newline, then the line: copyBytes may write 7 bytes past it.
    const need = this.size + (end - start) + 8;
    if (need > this.data.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.data.length * 2));
      this.data.copy(grown, 0, 0, this.size);
      this.data = grown;
      this.dataWords = wordsOf(grown);
    }
    const d = this.data;
    let at = this.size;
    if (this.lines > 0) d[at++] = NEWLINE;
    // A copy: the chunk the line lies in is reused once walked. A short line 8 bytes a step, which
    // costs less than a call into Buffer#copy (a byte a step cost some 33 instructions a byte).
    if (end - start < 256) at = copyBytes(d, this.dataWords, at, b, this.srcWords.of(b), start, end);
    else at += b.copy(d, at, start, end);
    this.size = at;
    if (this.lines === 0) {
      this.first = line;
      this.gaps.length = 0;
    } else this.gaps.push(line - this.last);
    this.last = line;
    this.lines++;
    return this.lines >= BATCH_LINES || at >= BATCH_BYTES;
  }

  /** The entry; empties the batch. */
  take(): Batched {
    // A copy of its own: the entry is sent later, while this buffer takes the next lines.
    const data = Buffer.from(this.data.subarray(0, this.size));
    const e: Batched = {
      shard: this.shard,
      seq: ++this.taken,
      first: this.first,
      last: this.last,
      lines: this.lines,
      numbers: this.gaps.length === 0 ? String(this.first) : `${this.first},${this.gaps.join(',')}`,
      data,
      print: `${this.first}-${this.last}:${printOf(data)}`,
    };
    // Grown past a batch's size by a long line: not kept that large.
    if (this.data.length > BATCH_BYTES + 1024) {
      this.data = Buffer.allocUnsafe(1024);
      this.dataWords = wordsOf(this.data);
    }
    this.size = 0;
    this.lines = 0;
    return e;
  }
}

const NEWLINE = 0x0a;

/** The size of `d` and its first and last 16 bytes, in hex. */
function printOf(d: Buffer): string {
  return `${d.length}:${d.toString('hex', 0, 16)}:${d.toString('hex', Math.max(0, d.length - 16))}`;
}

/** An entry read back: its lines and their numbers. */
export interface Entry {
  /** The shard's index. */
  shard: number;
  id: string;
  /** The publish run and the entry's number in it. */
  run: number;
  seq: number;
  data: Buffer;
  numbers: string;
  /** The number of lines. */
  lines: number;
  /** Where each line ends in `data` (its "\n", or the end of `data`), and its line number: found once, by `readEntry`. */
  ends: Int32Array;
  lineNumbers: Float64Array;
}

/** An entry whose fields are not what `publish` writes (another program wrote to the stream). */
export class EntryError extends Error {}

const NUMBERS = /^[1-9]\d*(,[1-9]\d*)*$/;
const WHOLE = /^[1-9]\d{0,15}$/;

/**
 * The entry `id` of `shard` from its flat field list ([name, value, …] as Buffers). Throws
 * `EntryError` when it is not an entry `publish` wrote: no "r", "s", "d" or "n" field, or line
 * numbers that do not match the lines.
 */
export function readEntry(shard: number, id: string, flat: readonly Buffer[] | null): Entry {
  let data: Buffer | null = null;
  let numbers: string | null = null;
  let run = '';
  let seq = '';
  for (let i = 0; flat !== null && i + 1 < flat.length; i += 2) {
    const name = flat[i]!.toString();
    if (name === 'd') data = flat[i + 1]!;
    else if (name === 'n') numbers = flat[i + 1]!.toString();
    else if (name === 'r') run = flat[i + 1]!.toString();
    else if (name === 's') seq = flat[i + 1]!.toString();
  }
  if (data === null || numbers === null) throw new EntryError('it has no "n" and "d" fields');
  if (!WHOLE.test(run) || !WHOLE.test(seq)) throw new EntryError('it names no publish run and entry number ("r" and "s")');
  if (!NUMBERS.test(numbers)) throw new EntryError(`its line numbers "${short(numbers)}" are not numbers and differences`);
  let count = 1;
  for (let p = numbers.indexOf(','); p !== -1; p = numbers.indexOf(',', p + 1)) count++;
  // Where each line ends, found as the lines are counted (a walk of the entry's lines uses them).
  const ends = new Int32Array(count);
  let lines = 1;
  for (let p = data.indexOf(NEWLINE); p !== -1; p = data.indexOf(NEWLINE, p + 1)) {
    if (lines <= count) ends[lines - 1] = p;
    lines++;
  }
  if (lines !== count) throw new EntryError(`it holds ${lines} lines and ${count} line numbers`);
  ends[count - 1] = data.length;
  return { shard, id, run: Number(run), seq: Number(seq), data, numbers, lines, ends, lineNumbers: lineNumbersOf(numbers, count) };
}

/**
 * The `count` line numbers of entry field "n": the first, then the differences added up. A
 * number of up to 15 digits is read digit by digit (exactly); a longer one as Number reads it.
 */
function lineNumbersOf(numbers: string, count: number): Float64Array {
  const out = new Float64Array(count);
  let line = 0;
  let at = 0;
  for (let i = 0; i < count; i++) {
    let n = 0;
    let end = at;
    for (let c = numbers.charCodeAt(end); c >= 0x30 && c <= 0x39; c = numbers.charCodeAt(++end)) n = n * 10 + (c - 0x30);
    if (end - at > 15) n = Number(numbers.slice(at, end));
    line += n;
    out[i] = line;
    at = end + 1;
  }
  return out;
}

/** Calls `each(start, end, line)` for every line of `e` (read by `readEntry`): bytes [start, end) of `e.data` and the line's number. */
export function forEachLine(e: Entry, each: (start: number, end: number, line: number) => void): void {
  const ends = e.ends;
  const numbers = e.lineNumbers;
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    each(start, end, numbers[i]!);
    start = end + 1;
  }
}

/** The first and last line numbers of entry fields "n". */
export function lineRange(numbers: string): [first: number, last: number] {
  let first = 0;
  let last = 0;
  for (const [i, n] of numbers.split(',').entries()) {
    last += Number(n);
    if (i === 0) first = last;
  }
  return [first, last];
}

function short(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

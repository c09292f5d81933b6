/**
 * An input entry: a batch of lines of one shard, as `publish` writes it and workers read it.
 *
 * ```
 * XADD urikit:{JOB:3}:in * n "12,3,1,40" d "line 12\nline 15\nline 16\nline 56"
 * ```
 *
 * `d` holds the lines as they were read (without their line endings), joined by "\n"; `n` their
 * line numbers in the published input: the first, then the difference to the one before. A batch
 * holds up to `BATCH_LINES` lines or `BATCH_BYTES` bytes, whichever comes first (a longer line
 * is a batch of its own): one stream entry for ~100 URLs, not one for each, is what makes the
 * stream fast.
 */

export const BATCH_LINES = 100;
export const BATCH_BYTES = 64 * 1024;

/** One entry's fields, as `XADD` takes them. */
export type EntryFields = ['n', string, 'd', Buffer];

/** Collects the lines of one shard into entries. */
export class Batch {
  private parts: Buffer[] = [];
  private bytes = 0;
  private numbers = '';
  private last = 0;
  lines = 0;

  /** Adds bytes [start, end) of `b`, line number `line`; true when the batch is full. */
  add(b: Buffer, start: number, end: number, line: number): boolean {
    if (this.lines > 0) this.parts.push(NEWLINE);
    // A copy: the chunk the line lies in is reused once walked.
    this.parts.push(Buffer.from(b.subarray(start, end)));
    this.bytes += end - start + (this.lines > 0 ? 1 : 0);
    this.numbers += this.lines === 0 ? String(line) : `,${line - this.last}`;
    this.last = line;
    this.lines++;
    return this.lines >= BATCH_LINES || this.bytes >= BATCH_BYTES;
  }

  /** The entry's fields; empties the batch. */
  take(): EntryFields {
    const fields: EntryFields = ['n', this.numbers, 'd', Buffer.concat(this.parts, this.bytes)];
    this.parts = [];
    this.bytes = 0;
    this.numbers = '';
    this.lines = 0;
    return fields;
  }
}

const NEWLINE = Buffer.from('\n');

/** An entry read back: its lines and their numbers. */
export interface Entry {
  /** The shard's index. */
  shard: number;
  id: string;
  data: Buffer;
  numbers: string;
}

/** An entry whose fields are not what `publish` writes (another program wrote to the stream). */
export class EntryError extends Error {}

const NUMBERS = /^[1-9]\d*(,[1-9]\d*)*$/;

/**
 * The entry `id` of `shard` from its flat field list ([name, value, …] as Buffers). Throws
 * `EntryError` when it is not an entry `publish` wrote: no "d" or "n" field, or line numbers that
 * do not match the lines.
 */
export function readEntry(shard: number, id: string, flat: readonly Buffer[]): Entry {
  let data: Buffer | null = null;
  let numbers: string | null = null;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = flat[i]!.toString();
    if (name === 'd') data = flat[i + 1]!;
    else if (name === 'n') numbers = flat[i + 1]!.toString();
  }
  if (data === null || numbers === null) throw new EntryError('it has no "n" and "d" fields');
  if (!NUMBERS.test(numbers)) throw new EntryError(`its line numbers "${short(numbers)}" are not numbers and differences`);
  let lines = 1;
  for (let p = data.indexOf(0x0a); p !== -1; p = data.indexOf(0x0a, p + 1)) lines++;
  let count = 1;
  for (let p = numbers.indexOf(','); p !== -1; p = numbers.indexOf(',', p + 1)) count++;
  if (lines !== count) throw new EntryError(`it holds ${lines} lines and ${count} line numbers`);
  return { shard, id, data, numbers };
}

/** Calls `each(start, end, line)` for every line of `e` (read by `readEntry`): bytes [start, end) of `e.data` and the line's number. */
export function forEachLine(e: Entry, each: (start: number, end: number, line: number) => void): void {
  const data = e.data;
  const nums = e.numbers;
  let line = 0;
  let start = 0;
  for (let at = 0; ; ) {
    const comma = nums.indexOf(',', at);
    line += Number(nums.slice(at, comma === -1 ? nums.length : comma));
    let nl = data.indexOf(0x0a, start);
    if (nl === -1) nl = data.length;
    each(start, nl, line);
    if (comma === -1) return;
    start = nl + 1;
    at = comma + 1;
  }
}

function short(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

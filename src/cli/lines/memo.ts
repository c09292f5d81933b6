/**
 * What a command made of each record text seen lately, found by the text's bytes (`RecordMemo`,
 * one per kind of record a reader reads): a log repeats its requests and referrers, and a command
 * whose work on a record depends on its text alone (stats, validate, normalize, parse) does it
 * once per distinct text, without scanning a repeat or making a string of it to look it up.
 */
import { Words } from '../io/writer.js';

/** Entries kept at most; then the memo starts afresh. */
const ENTRIES = 1 << 13;
/** Hash slots: four times the entries, so that probe runs stay short (at twice, 8,192 texts "/p/0"… ran to 39 probes). */
const SLOTS = ENTRIES << 2;
const MASK = SLOTS - 1;
/** Bytes of texts kept at most; a longer text than `LONGEST` is not kept at all. */
const ARENA = 1 << 20;
const LONGEST = 1 << 10;
/**
 * Slots a lookup probes at most: past that the text is neither found nor kept, so that texts
 * made to share a hash cost a bounded number of comparisons each.
 */
const PROBES = 32;
/**
 * Lookups a memo whose texts did not repeat skips: 32,768 the first time, twice as many each
 * time in a row after, up to 524,288. A log whose texts never repeat then pays for a memo's
 * 8,192 texts once in some 500,000 records, not once in 40,000.
 */
const REST_LEAST = 4 * ENTRIES;
const REST_MOST = 64 * ENTRIES;

/** Where a record lies: bytes [start, end) of `bytes` (a `ByteView` after its scan). */
export interface Range {
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly end: number;
}

/**
 * Values by the bytes of a text, for the last `ENTRIES` distinct texts (at most `ARENA` bytes of
 * them). `get` looks a text up; after a miss, `set` keeps the value made for that text. When the
 * memo fills up it starts afresh; if fewer than a quarter of its lookups found their text, it
 * first rests for a while, so that input whose texts do not repeat pays for no lookups.
 */
export class RecordMemo<T> {
  /** Each slot holds an entry's index + 1; 0 when empty (linear probing). */
  private readonly slots = new Int32Array(SLOTS);
  private readonly hashes = new Int32Array(ENTRIES);
  /** Entry i's text is bytes [starts[i], starts[i + 1]) of the arena. */
  private readonly starts = new Int32Array(ENTRIES + 1);
  private readonly arena = new Uint8Array(ARENA);
  private readonly arenaWords = new DataView(this.arena.buffer);
  /** A view of the last buffer looked up in, read 4 bytes at a time (see `get`). */
  private readonly words = new Words();
  private values: T[] = [];
  /** The text of the last `get` that missed, and the empty slot its probe ended at (-1: none). */
  private missBytes: Uint8Array = this.arena;
  private missStart = 0;
  private missEnd = 0;
  private missHash = 0;
  private missSlot = -1;
  /** Lookups and hits since the memo last started afresh; lookups left to skip while resting. */
  private lookups = 0;
  private hits = 0;
  private resting = 0;
  /** How long the memo rests the next time its texts do not repeat. */
  private rest = REST_LEAST;

  /**
   * Whether the memo rests: it would answer no lookup now. Asking counts as a lookup skipped, so
   * that a reader which reads records its own way while the memo rests lets it try again later.
   */
  rests(): boolean {
    if (this.resting === 0) return false;
    this.resting--;
    return true;
  }

  /** The value kept for bytes [start, end) of `bytes`, or undefined. */
  get(bytes: Uint8Array, start: number, end: number): T | undefined {
    this.missSlot = -1;
    if (this.resting > 0) {
      this.resting--;
      return undefined;
    }
    const n = end - start;
    if (n > LONGEST) return undefined;
    this.lookups++;
    const words = this.words.of(bytes);
    const h = hash(words, bytes, start, end);
    const slots = this.slots;
    let slot = h & MASK;
    for (let e = slots[slot]! - 1, probes = 0; e >= 0; e = slots[slot]! - 1) {
      if (this.hashes[e] === h && this.same(e, words, bytes, start, end)) {
        this.hits++;
        return this.values[e];
      }
      if (++probes === PROBES) return undefined;
      slot = (slot + 1) & MASK;
    }
    this.missBytes = bytes;
    this.missStart = start;
    this.missEnd = end;
    this.missHash = h;
    this.missSlot = slot;
    return undefined;
  }

  /** Whether `set` would keep a value for the text at `r`: the last `get` missed it, and it may be kept. */
  wants(r: Range): boolean {
    return this.missSlot !== -1 && r.bytes === this.missBytes && r.start === this.missStart && r.end === this.missEnd;
  }

  /** Keeps `value` for the text at `r` when the last `get` missed it (else does nothing). */
  set(r: Range, value: T): void {
    if (!this.wants(r)) return;
    const n = this.missEnd - this.missStart;
    let e = this.values.length;
    if (e === ENTRIES || this.starts[e]! + n > ARENA) {
      this.afresh();
      e = 0;
      this.missSlot = this.missHash & MASK;
    }
    const at = this.starts[e]!;
    this.arena.set(this.missBytes.subarray(this.missStart, this.missEnd), at);
    this.starts[e + 1] = at + n;
    this.hashes[e] = this.missHash;
    this.values.push(value);
    this.slots[this.missSlot] = e + 1;
    this.missSlot = -1;
  }

  /** Entry `e`'s text is bytes [start, end) of `bytes` (whose view `words` is). */
  private same(e: number, words: DataView, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.starts[e]!;
    return this.starts[e + 1]! - from === end - start && sameBytes(this.arenaWords, this.arena, from, words, bytes, start, end - start);
  }

  private afresh(): void {
    // Each time in a row that the texts did not repeat, it rests twice as long, up to REST_MOST.
    if (4 * this.hits < this.lookups) {
      this.resting = this.rest;
      this.rest = Math.min(2 * this.rest, REST_MOST);
    } else {
      this.rest = REST_LEAST;
    }
    this.lookups = this.hits = 0;
    this.slots.fill(0);
    this.values = [];
  }
}

/**
 * Whether the `n` bytes at `i` of `a` are those at `j` of `b` (`aWords`, `bWords`: their views):
 * eight bytes a step, then the last ones one by one. Eight bytes are read as one float64, half the
 * steps of 32-bit words (a user agent is some 100 bytes): equal floats are equal bytes but for +0
 * and -0, and equal bytes are unequal floats when they are a NaN, so both cases are looked at
 * again as two words.
 */
export function sameBytes(aWords: DataView, a: Uint8Array, i: number, bWords: DataView, b: Uint8Array, j: number, n: number): boolean {
  const end = i + n;
  for (; i + 8 <= end; i += 8, j += 8) {
    const x = aWords.getFloat64(i, true);
    if (
      (x !== bWords.getFloat64(j, true) || x === 0) &&
      (aWords.getInt32(i, true) !== bWords.getInt32(j, true) || aWords.getInt32(i + 4, true) !== bWords.getInt32(j + 4, true))
    )
      return false;
  }
  for (; i < end; i++, j++) if (a[i] !== b[j]) return false;
  return true;
}

/**
 * MurmurHash3 (x86, 32 bits, seed 0) of bytes [start, end) of `bytes`, `words` its view: 4 bytes
 * a step. A byte a step (FNV-1a) took twice as long over a log's targets and referrers, bound by
 * the loads, not the multiplies.
 */
export function hash(words: DataView, bytes: Uint8Array, start: number, end: number): number {
  let h = 0;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    let k = Math.imul(words.getInt32(i, true), 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let shift = 0; i < end; i++, shift += 8) k |= bytes[i]! << shift;
  k = Math.imul(k, 0xcc9e2d51);
  h ^= Math.imul((k << 15) | (k >>> 17), 0x1b873593) ^ (end - start);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

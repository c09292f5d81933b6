/**
 * A bounded heavy-hitters summary (`TopK`): counts of values, exact while the distinct values fit,
 * approximate with a stated bound beyond, kept by the values' UTF-8 bytes. `urikit stats` counts
 * hosts, paths and schemes with it (see counts.ts), straight from the bytes of a log line.
 */
import { Words } from '../io/writer.js';
import { hash, sameBytes } from '../lines/memo.js';
import { HyperLogLog } from './hll.js';

/** The registers of a `TopK`'s HyperLogLog: 2^14, a relative standard error of 0.81%. */
export const TOPK_HLL_P = 14;

/** One counted value: `count` may exceed the true count by at most `over` (0: exact). */
export interface Counted {
  value: string;
  count: number;
  over: number;
}

/** `TopK` as plain data, for a worker's `postMessage`. */
export interface TopKData {
  capacity: number;
  floor: number;
  seen: number;
  entries: Array<[string, number, number]>;
  /** Past a prune: the HyperLogLog of every value counted. */
  hll?: Uint8Array;
}

/**
 * Slots a lookup probes at most: a value whose run of slots is longer (texts made to share a
 * hash) is kept in a `Map` by its text instead, so that each costs a bounded number of
 * comparisons.
 */
const PROBES = 32;
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

/**
 * Counts of values in at most 2 × `capacity` entries: the Space-Saving algorithm (Metwally,
 * Agrawal, El Abbadi 2005), evicting in batches. When the table holds 2 × capacity values, it
 * keeps the `capacity` largest counts and remembers the largest count it dropped (`floor`). A value
 * that comes (back) later starts at floor + 1 with `over` = floor: its count is then an upper
 * bound, at most `over` above the truth, and every value whose true count exceeds `floor` is in
 * the table. With `floor` 0 (no eviction yet) every count is exact. Of equal counts, those that
 * came first go first.
 *
 * A value is its UTF-8 bytes (`addBytes`; `add` encodes a string), found by their hash in an
 * open-addressing table over an arena: counting a log's paths makes no string, and the value's
 * string is made only for what is reported (`top`) or sent (`toData`).
 */
export class TopK {
  /**
   * Entry e (0 to live - 1, in the order the values came: a `Map`'s order, which eviction's ties
   * follow) is its value's count at `counts[2e]` and overcount at `counts[2e + 1]`, and its key:
   * bytes [keys[3e], keys[3e] + keys[3e + 1]) of `arena` (the keys lie there in the entries'
   * order), of hash keys[3e + 2]. Values are appended; a prune keeps some and numbers them anew.
   */
  private counts = new Float64Array(2048);
  private keys = new Int32Array(3072);
  private live = 0;
  private arena = new Uint8Array(1 << 16);
  private arenaWords = new DataView(this.arena.buffer);
  private arenaUsed = 0;
  /**
   * Slot s holds an entry + 1 at `table[2s]` (0: empty) and its hash at `table[2s + 1]`, so that
   * a probe reads one place (linear probing). At most a quarter of the slots is used.
   */
  private table = new Int32Array(2 * 4096);
  /** The entries whose run of slots was too long, by their bytes as Latin-1 text. */
  private crowded: Map<string, number> | null = null;
  /** A view of the last buffer looked up in, read 4 bytes at a time. */
  private readonly words = new Words();
  /** The slot where the last lookup that missed stopped (-1: it ran long; the value goes to `crowded`). */
  private missSlot = -1;
  private missHash = 0;
  /** The entry `addAgain` added to last (-1: none). */
  private last = -1;
  /** A string's UTF-8 bytes, for `add`. */
  private scratch = new Uint8Array(256);
  /** The largest count evicted: 0 while every count is exact. */
  floor = 0;
  /** The largest number of distinct values held at once: a lower bound of the distinct count. */
  seen = 0;
  /** Changes when values leave the table: a slot that `add` returned stays its value's until then. */
  epoch = 0;
  /**
   * From the first prune on: a HyperLogLog of every value counted, for the distinct count that
   * `seen` only bounds below. Made then from the values held (none had left yet), and fed each
   * value that comes in after (one already held is in it): no cost while the counts are exact.
   */
  hll: HyperLogLog | null = null;

  constructor(readonly capacity: number) {}

  /** Adds `n` to the count of `value`; returns its slot for `bump` (while `epoch` stays), or -1. */
  add(value: string, n = 1): number {
    const length = this.encode(value);
    return this.addBytes(this.scratch, 0, length, n);
  }

  /** The hash (lines/memo.ts `hash`) of the value that `addBytes` took last: a HyperLogLog beside takes it as is. */
  get lastHash(): number {
    return this.missHash;
  }

  /** Adds `n` to the count of the value whose UTF-8 bytes are [start, end) of `bytes`; returns its slot, as `add`. */
  addBytes(bytes: Uint8Array, start: number, end: number, n = 1): number {
    const e = this.find(bytes, start, end);
    if (e !== -1) {
      this.counts[2 * e]! += n;
      return e;
    }
    return this.insert(bytes, start, end, this.floor + n, this.floor);
  }

  /**
   * `addBytes(bytes, start, end)`, looking at the value this added to last first: for values
   * that come in runs (a log's schemes and hosts), a comparison instead of a hash and a lookup.
   */
  addAgain(bytes: Uint8Array, start: number, end: number): number {
    const e = this.last;
    if (e !== -1 && this.addTo(e, bytes, start, end)) return e;
    return (this.last = this.addBytes(bytes, start, end));
  }

  /**
   * Adds 1 to the count of entry `e` (a slot that `addBytes` returned in this epoch) when its
   * value is bytes [start, end) of `bytes`; whether it was. A caller that can guess a value's slot
   * (a log's few user agents) pays a comparison instead of a hash and a lookup.
   */
  addTo(e: number, bytes: Uint8Array, start: number, end: number): boolean {
    const n = end - start;
    if (this.keys[3 * e + 1] !== n || !sameBytes(this.arenaWords, this.arena, this.keys[3 * e]!, this.words.of(bytes), bytes, start, n))
      return false;
    this.counts[2 * e]!++;
    return true;
  }

  /** Adds `n` to the count of the value in `slot`, which `add` returned in this epoch. */
  bump(slot: number, n = 1): void {
    this.counts[2 * slot]! += n;
  }

  /** True while no value was evicted: counts and the distinct count are exact. */
  get exact(): boolean {
    return this.floor === 0;
  }

  /** The number of distinct values, when exact; else null (see `seen`). */
  get distinct(): number | null {
    return this.exact ? this.live : null;
  }

  /** The `n` largest counts, largest first (ties by value). */
  top(n: number): Counted[] {
    const m = Math.min(n, this.live);
    if (m === 0) return [];
    // Only counts at least the m-th largest can be listed: those values alone are made strings.
    const least = select(this.liveCounts(), this.live - m);
    const all: Counted[] = [];
    const counts = this.counts;
    for (let e = 0; e < this.live; e++)
      if (counts[2 * e]! >= least) all.push({ value: this.valueAt(e), count: counts[2 * e]!, over: counts[2 * e + 1]! });
    all.sort(byCount);
    return all.slice(0, n);
  }

  /** Adds another summary's counts (a worker's). Bounds add up: the result's error is the sum. */
  merge(o: TopKData): void {
    const floor = this.floor;
    const counts = this.counts;
    // A value missing on one side may have been evicted there with a count up to its floor.
    if (o.floor > 0) {
      const theirs = new Set<string>();
      for (const e of o.entries) theirs.add(e[0]);
      for (let e = 0; e < this.live; e++) {
        if (!theirs.has(this.valueAt(e))) {
          counts[2 * e]! += o.floor;
          counts[2 * e + 1]! += o.floor;
        }
      }
    }
    this.floor += o.floor;
    for (const [value, count, over] of o.entries) {
      const length = this.encode(value);
      const e = this.find(this.scratch, 0, length);
      if (e !== -1) {
        this.counts[2 * e]! += count;
        this.counts[2 * e + 1]! += over;
      } else {
        this.insert(this.scratch, 0, length, count + floor, over + floor);
      }
    }
    this.seen = Math.max(this.seen, o.seen, this.live);
    if (o.hll !== undefined) {
      this.hll ??= this.heldHll();
      this.hll.merge(o.hll);
    }
  }

  toData(): TopKData {
    const entries: Array<[string, number, number]> = [];
    for (let e = 0; e < this.live; e++) entries.push([this.valueAt(e), this.counts[2 * e]!, this.counts[2 * e + 1]!]);
    return {
      capacity: this.capacity,
      floor: this.floor,
      seen: Math.max(this.seen, this.live),
      entries,
      ...(this.hll === null ? {} : { hll: this.hll.registers }),
    };
  }

  /** The slot of `value` (as `add` returns it, while `epoch` stays), or -1 when it is not held. */
  slotOf(value: string): number {
    return this.find(this.scratch, 0, this.encode(value));
  }

  /** The hash of the value in `slot`, as `lastHash` gave it when the value came. */
  hashOf(slot: number): number {
    return this.keys[3 * slot + 2]!;
  }

  /** `value`'s UTF-8 bytes into `scratch`; returns their length. */
  private encode(value: string): number {
    // Up to 3 bytes a UTF-16 code unit.
    if (3 * value.length > this.scratch.length) this.scratch = new Uint8Array(Math.max(3 * value.length, 2 * this.scratch.length));
    return encoder.encodeInto(value, this.scratch).written;
  }

  /** The value of entry `e`: a slot `add` or `slotOf` returned in this epoch. */
  valueAt(e: number): string {
    const at = this.keys[3 * e]!;
    return utf8.decode(this.arena.subarray(at, at + this.keys[3 * e + 1]!));
  }

  /** The entry of the value [start, end) of `bytes`, or -1 (then `missSlot` and `missHash` say where it goes). */
  private find(bytes: Uint8Array, start: number, end: number): number {
    const words = this.words.of(bytes);
    const h = hash(words, bytes, start, end);
    const table = this.table;
    const mask = (table.length >> 1) - 1;
    const keys = this.keys;
    const n = end - start;
    this.missHash = h;
    let slot = h & mask;
    for (let probes = 0; probes <= PROBES; probes++, slot = (slot + 1) & mask) {
      const e = table[2 * slot]! - 1;
      if (e === -1) {
        this.missSlot = slot;
        return -1;
      }
      if (
        table[2 * slot + 1] === h &&
        keys[3 * e + 1] === n &&
        sameBytes(this.arenaWords, this.arena, keys[3 * e]!, words, bytes, start, n)
      )
        return e;
    }
    this.missSlot = -1;
    return this.crowded?.get(latin1(bytes, start, end)) ?? -1;
  }

  /** Keeps the value [start, end) of `bytes`, which `find` just missed; returns its entry, or -1 when the table was pruned. */
  private insert(bytes: Uint8Array, start: number, end: number, count: number, over: number): number {
    const e = this.live++;
    if (3 * e === this.keys.length) {
      this.counts = grown(this.counts);
      this.keys = grown(this.keys);
    }
    const n = end - start;
    if (this.arenaUsed + n + 4 > this.arena.length) this.setArena(Math.max(2 * this.arena.length, this.arenaUsed + n + 4));
    // Four bytes a step (the arena has 4 bytes to spare): a Buffer's subarray and `set` cost
    // more than copying a value's few bytes.
    const to = this.arenaWords;
    const from = this.words.of(bytes);
    const at = this.arenaUsed;
    let i = 0;
    for (; i + 4 <= n; i += 4) to.setInt32(at + i, from.getInt32(start + i, true), true);
    for (; i < n; i++) this.arena[at + i] = bytes[start + i]!;
    this.keys[3 * e] = at;
    this.keys[3 * e + 1] = n;
    this.keys[3 * e + 2] = this.missHash;
    this.arenaUsed = at + n;
    this.counts[2 * e] = count;
    this.counts[2 * e + 1] = over;
    this.hll?.add(this.missHash);
    if (4 * this.live > this.table.length >> 1) this.rehash(this.table.length);
    else this.place(e, this.missSlot);
    if (this.live < 2 * this.capacity) return e;
    this.prune();
    return -1;
  }

  /** Puts entry `e` in `slot`, or among the crowded ones (slot -1). */
  private place(e: number, slot: number): void {
    if (slot !== -1) {
      this.table[2 * slot] = e + 1;
      this.table[2 * slot + 1] = this.keys[3 * e + 2]!;
      return;
    }
    const at = this.keys[3 * e]!;
    this.crowded ??= new Map();
    this.crowded.set(latin1(this.arena, at, at + this.keys[3 * e + 1]!), e);
  }

  /** Makes a table of `slots` slots and puts every live entry in it. */
  private rehash(slots: number): void {
    const table = (this.table = new Int32Array(2 * slots));
    this.crowded = null;
    const mask = slots - 1;
    for (let e = 0; e < this.live; e++) {
      let slot = this.keys[3 * e + 2]! & mask;
      for (let probes = 0; table[2 * slot] !== 0; probes++) {
        if (probes === PROBES) {
          slot = -1;
          break;
        }
        slot = (slot + 1) & mask;
      }
      this.place(e, slot);
    }
  }

  /** An arena of `size` bytes holding the keys of the one before. */
  private setArena(size: number): void {
    const a = new Uint8Array(size);
    a.set(this.arena.subarray(0, this.arenaUsed));
    this.arena = a;
    this.arenaWords = new DataView(a.buffer);
  }

  /** The live entries' counts. */
  /** A HyperLogLog of the values held (by the hashes they were found by). */
  private heldHll(): HyperLogLog {
    const h = new HyperLogLog(TOPK_HLL_P);
    for (let e = 0; e < this.live; e++) if (this.keys[3 * e + 1] !== -1) h.add(this.keys[3 * e + 2]!);
    return h;
  }

  private liveCounts(): Float64Array {
    const c = new Float64Array(this.live);
    for (let e = 0; e < this.live; e++) c[e] = this.counts[2 * e]!;
    return c;
  }

  /** Keeps the `capacity` largest counts: of equal counts at the threshold, those that came first go. */
  private prune(): void {
    this.hll ??= this.heldHll();
    const live = this.live;
    this.seen = Math.max(this.seen, live);
    const counts = this.counts;
    const keys = this.keys;
    // The capacity-th largest count: smaller ones go, and equal ones until capacity remain.
    const t = select(this.liveCounts(), live - this.capacity);
    let excess = live - this.capacity;
    let evicted = 0;
    for (let e = 0; e < live; e++) {
      const c = counts[2 * e]!;
      if (c < t) {
        keys[3 * e + 1] = -1;
        if (c > evicted) evicted = c;
        excess--;
      }
    }
    for (let e = 0; e < live && excess > 0; e++) {
      if (keys[3 * e + 1] !== -1 && counts[2 * e] === t) {
        keys[3 * e + 1] = -1;
        evicted = t;
        excess--;
      }
    }
    // The survivors, numbered anew in their order; their keys move down the arena, a run of
    // neighbours at a time (the ties that came last stay together).
    let kept = 0;
    let at = 0;
    let runFrom = 0;
    let runEnd = 0;
    let runTo = 0;
    for (let e = 0; e < live; e++) {
      const n = keys[3 * e + 1]!;
      if (n === -1) continue;
      const from = keys[3 * e]!;
      if (from !== runEnd) {
        this.arena.copyWithin(runTo, runFrom, runEnd);
        runFrom = from;
        runTo = at;
      }
      runEnd = from + n;
      keys[3 * kept] = at;
      keys[3 * kept + 1] = n;
      keys[3 * kept + 2] = keys[3 * e + 2]!;
      counts[2 * kept] = counts[2 * e]!;
      counts[2 * kept + 1] = counts[2 * e + 1]!;
      at += n;
      kept++;
    }
    this.arena.copyWithin(runTo, runFrom, runEnd);
    this.live = kept;
    this.arenaUsed = at;
    // A burst of long values leaves no large arena behind.
    if (this.arena.length > 1 << 16 && 4 * at < this.arena.length) this.setArena(Math.max(1 << 16, 2 * at));
    this.rehash(this.table.length >> 1);
    this.last = -1;
    this.floor = Math.max(this.floor, evicted);
    this.epoch++;
  }
}

/** The `k`-th smallest of `a` (from 0), as `a.sort()[k]` would be; reorders `a`. */
export function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  // Quickselect with the median of three as the pivot, down to a short range, which is sorted;
  // counts made to defeat the pivot get sorted after a few rounds more than halving would take.
  for (let rounds = 2 * Math.clz32(1) - 2 * Math.clz32(a.length); hi - lo > 16 && rounds > 0; rounds--) {
    const mid = (lo + hi) >>> 1;
    const p = median3(a[lo]!, a[mid]!, a[hi]!);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < p) i++;
      while (a[j]! > p) j--;
      if (i <= j) {
        const x = a[i]!;
        a[i++] = a[j]!;
        a[j--] = x;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  a.subarray(lo, hi + 1).sort();
  return a[k]!;
}

function median3(x: number, y: number, z: number): number {
  return x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
}

/** Bytes [start, end) of `bytes` as Latin-1 text: one character a byte, so distinct bytes make distinct texts. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function grown<T extends Float64Array | Int32Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

function byCount(a: Counted, b: Counted): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

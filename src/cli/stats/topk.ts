/**
 * A bounded heavy-hitters summary (`TopK`): counts of string values, exact while the distinct
 * values fit, approximate with a stated bound beyond. `urikit stats` counts hosts, paths and
 * schemes with it (see counts.ts).
 */

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
}

/**
 * Counts of string values in at most 2 × `capacity` entries: the Space-Saving algorithm (Metwally,
 * Agrawal, El Abbadi 2005), evicting in batches. When the table holds 2 × capacity values, it
 * keeps the `capacity` largest counts and remembers the largest count it dropped (`floor`). A value
 * that comes (back) later starts at floor + 1 with `over` = floor: its count is then an upper
 * bound, at most `over` above the truth, and every value whose true count exceeds `floor` is in
 * the table. With `floor` 0 (no eviction yet) every count is exact.
 */
export class TopK {
  /** Each value's slot in `count` and `over` (numbers, so that counting allocates nothing). */
  private readonly slots = new Map<string, number>();
  private count = new Float64Array(1024);
  private over = new Float64Array(1024);
  private readonly free: number[] = [];
  private used = 0;
  /** The largest count evicted: 0 while every count is exact. */
  floor = 0;
  /** The largest number of distinct values held at once: a lower bound of the distinct count. */
  seen = 0;
  /** Changes when values leave the table: a slot that `add` returned stays its value's until then. */
  epoch = 0;

  constructor(readonly capacity: number) {}

  /** Adds `n` to the count of `value`; returns its slot for `bump` (while `epoch` stays), or -1. */
  add(value: string, n = 1): number {
    const i = this.slots.get(value);
    if (i !== undefined) {
      this.count[i]! += n;
      return i;
    }
    return this.insert(value, this.floor + n, this.floor);
  }

  /** Adds `n` to the count of the value in `slot`, which `add` returned in this epoch. */
  bump(slot: number, n = 1): void {
    this.count[slot]! += n;
  }

  private insert(value: string, count: number, over: number): number {
    let i = this.free.pop();
    if (i === undefined) {
      i = this.used++;
      if (i === this.count.length) {
        this.count = grow(this.count);
        this.over = grow(this.over);
      }
    }
    this.count[i] = count;
    this.over[i] = over;
    this.slots.set(value, i);
    if (this.slots.size < 2 * this.capacity) return i;
    this.prune();
    return -1;
  }

  /** True while no value was evicted: counts and the distinct count are exact. */
  get exact(): boolean {
    return this.floor === 0;
  }

  /** The number of distinct values, when exact; else null (see `seen`). */
  get distinct(): number | null {
    return this.exact ? this.slots.size : null;
  }

  /** The `n` largest counts, largest first (ties by value). */
  top(n: number): Counted[] {
    const all: Counted[] = [];
    for (const [value, i] of this.slots) all.push({ value, count: this.count[i]!, over: this.over[i]! });
    all.sort(byCount);
    return all.slice(0, n);
  }

  /** Adds another summary's counts (a worker's). Bounds add up: the result's error is the sum. */
  merge(o: TopKData): void {
    const theirs = new Set<string>();
    const floor = this.floor;
    // A value missing on one side may have been evicted there with a count up to its floor.
    if (o.floor > 0) {
      for (const e of o.entries) theirs.add(e[0]);
      for (const [value, i] of this.slots) {
        if (!theirs.has(value)) {
          this.count[i]! += o.floor;
          this.over[i]! += o.floor;
        }
      }
    }
    this.floor += o.floor;
    for (const [value, count, over] of o.entries) {
      const i = this.slots.get(value);
      if (i !== undefined) {
        this.count[i]! += count;
        this.over[i]! += over;
      } else {
        this.insert(value, count + floor, over + floor);
      }
    }
    this.seen = Math.max(this.seen, o.seen, this.slots.size);
  }

  toData(): TopKData {
    const entries: Array<[string, number, number]> = [];
    for (const [value, i] of this.slots) entries.push([value, this.count[i]!, this.over[i]!]);
    return { capacity: this.capacity, floor: this.floor, seen: Math.max(this.seen, this.slots.size), entries };
  }

  /** Keeps the `capacity` largest counts. */
  private prune(): void {
    const slots = this.slots;
    const count = this.count;
    this.seen = Math.max(this.seen, slots.size);
    const counts = new Float64Array(slots.size);
    let k = 0;
    for (const i of slots.values()) counts[k++] = count[i]!;
    counts.sort();
    // The capacity-th largest count: smaller ones go, and equal ones until capacity remain.
    const t = counts[counts.length - this.capacity]!;
    let excess = slots.size - this.capacity;
    let evicted = 0;
    for (const [value, i] of slots) {
      const c = count[i]!;
      if (c < t) {
        slots.delete(value);
        this.free.push(i);
        if (c > evicted) evicted = c;
        excess--;
      }
    }
    for (const [value, i] of slots) {
      if (excess <= 0) break;
      if (count[i] === t) {
        slots.delete(value);
        this.free.push(i);
        evicted = t;
        excess--;
      }
    }
    this.floor = Math.max(this.floor, evicted);
    this.epoch++;
  }
}

function grow(a: Float64Array): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

function byCount(a: Counted, b: Counted): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** TopK (src/cli/stats/topk.ts): values by their bytes, in a table that behaves as the Map of strings it replaced. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hash } from '../../../src/cli/lines/memo.js';
import { type Counted, select, TopK, type TopKData } from '../../../src/cli/stats/topk.js';
import { Rng } from '../../support/rng.js';

test('topk: add returns the slot that bump adds to, while the epoch stays', () => {
  const t = new TopK(2);
  const a = t.add('a');
  const b = t.add('b', 2);
  assert.is(t.add('a'), a);
  assert.is.not(a, b);
  t.bump(a, 5);
  t.bump(b);
  assert.is(t.epoch, 0);
  assert.equal(t.top(2), [
    { value: 'a', count: 7, over: 0 },
    { value: 'b', count: 3, over: 0 },
  ]);
});

test('topk: the add that fills the table prunes it, returns -1 and moves the epoch on', () => {
  const t = new TopK(2);
  t.add('a', 5);
  t.add('b', 4);
  t.add('c', 1);
  assert.is(t.add('d', 2), -1);
  assert.is(t.epoch, 1);
  assert.is(t.floor, 2);
  assert.equal(t.top(4), [
    { value: 'a', count: 5, over: 0 },
    { value: 'b', count: 4, over: 0 },
  ]);
  // A value that comes back starts at the floor, in a slot of its own.
  const c = t.add('c');
  assert.ok(c >= 0);
  t.bump(c);
  assert.equal(t.top(3)[2], { value: 'c', count: 4, over: 2 });
});

test('topk: a value is its UTF-8 bytes, wherever they lie; addAgain looks at the last value first', () => {
  const t = new TopK(100);
  const b = Buffer.from('..café/x..héllo');
  const cafe = t.addBytes(b, 2, 7);
  assert.is(t.add('café'), cafe);
  assert.is(t.addBytes(Buffer.from('café'), 0, 5), cafe);
  // The same characters in another normalization are other bytes, another value.
  assert.is.not(t.add('cafe\u0301'), cafe);
  assert.is(t.addAgain(b, 2, 7), cafe);
  assert.is(t.addAgain(b, 2, 7), cafe);
  const hello = t.addAgain(b, 11, 17);
  assert.is.not(hello, cafe);
  assert.is(t.add(''), t.addAgain(b, 4, 4));
  assert.equal(t.top(3), [
    { value: 'café', count: 5, over: 0 },
    { value: '', count: 2, over: 0 },
    { value: 'cafe\u0301', count: 1, over: 0 },
  ]);
  assert.is(t.top(10).find((c) => c.value === 'héllo')?.count, 1);
  assert.equal([t.exact, t.distinct, t.top(0)], [true, 4, []]);
  // A prune numbers the values anew: the value added to last is looked up again.
  const p = new TopK(2);
  for (const [v, n] of [
    ['héllo', 1],
    ['x', 5],
    ['y', 4],
    ['héllo', 1],
    ['z', 1],
    ['x', 1],
    ['héllo', 1],
  ] as const) {
    const b = Buffer.from(v);
    if (n === 1) p.addAgain(b, 0, b.length);
    else p.addBytes(b, 0, b.length, n);
  }
  assert.equal([p.epoch, p.floor], [1, 2]);
  assert.equal(p.top(3), [
    { value: 'x', count: 6, over: 0 },
    { value: 'y', count: 4, over: 0 },
    { value: 'héllo', count: 3, over: 2 },
  ]);
});

/**
 * The reference: the Space-Saving summary as it was, over a `Map` of strings, whose order (the
 * order values came in, a value that left and came back at the end) decides which of equal
 * counts go first.
 */
class Reference {
  readonly counts = new Map<string, [number, number]>();
  floor = 0;
  seen = 0;
  epoch = 0;
  constructor(readonly capacity: number) {}

  add(value: string, n = 1): void {
    const c = this.counts.get(value);
    if (c !== undefined) c[0] += n;
    else this.insert(value, this.floor + n, this.floor);
  }

  private insert(value: string, count: number, over: number): void {
    this.counts.set(value, [count, over]);
    if (this.counts.size >= 2 * this.capacity) this.prune();
  }

  private prune(): void {
    this.seen = Math.max(this.seen, this.counts.size);
    const sorted = [...this.counts.values()].map((c) => c[0]).sort((a, b) => a - b);
    const t = sorted[sorted.length - this.capacity]!;
    let excess = this.counts.size - this.capacity;
    let evicted = 0;
    for (const [v, [c]] of this.counts)
      if (c < t) {
        this.counts.delete(v);
        evicted = Math.max(evicted, c);
        excess--;
      }
    for (const [v, [c]] of this.counts) {
      if (excess <= 0) break;
      if (c === t) {
        this.counts.delete(v);
        evicted = t;
        excess--;
      }
    }
    this.floor = Math.max(this.floor, evicted);
    this.epoch++;
  }

  merge(o: TopKData): void {
    const floor = this.floor;
    if (o.floor > 0) {
      const theirs = new Set(o.entries.map((e) => e[0]));
      for (const [v, c] of this.counts)
        if (!theirs.has(v)) {
          c[0] += o.floor;
          c[1] += o.floor;
        }
    }
    this.floor += o.floor;
    for (const [v, count, over] of o.entries) {
      const c = this.counts.get(v);
      if (c !== undefined) {
        c[0] += count;
        c[1] += over;
      } else {
        this.insert(v, count + floor, over + floor);
      }
    }
    this.seen = Math.max(this.seen, o.seen, this.counts.size);
  }

  top(n: number): Counted[] {
    return [...this.counts]
      .map(([value, [count, over]]) => ({ value, count, over }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, n);
  }

  toData(): TopKData {
    return {
      capacity: this.capacity,
      floor: this.floor,
      seen: Math.max(this.seen, this.counts.size),
      entries: [...this.counts].map(([v, [c, o]]) => [v, c, o]),
    };
  }
}

/** A stream of values with a long tail: few frequent, many rare, some long and some not ASCII. */
function values(rng: Rng, n: number, distinct: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = Math.floor(rng.next() ** 3 * distinct);
    out.push(k % 97 === 0 ? `/é/${k}` : k % 89 === 0 ? `/${'long'.repeat(300)}/${k}` : `/p/${k}`);
  }
  return out;
}

/** A summary's data without its HyperLogLog (which the reference does not keep; tested below). */
function withoutHll(d: TopKData): TopKData {
  const { hll: _, ...rest } = d;
  return rest;
}

test('topk: past its first prune, a HyperLogLog of every value counted estimates the distinct count; merged', () => {
  const t = new TopK(100);
  for (let i = 0; i < 199; i++) t.add(`/v/${i}`);
  assert.is(t.hll, null, 'no cost while exact');
  for (let i = 0; i < 5000; i++) t.add(`/v/${i % 3000}`);
  const e = t.hll!.estimate();
  assert.ok(Math.abs(e - 3000) <= 75, String(e));
  const other = new TopK(100);
  for (let i = 2000; i < 6000; i++) other.add(`/v/${i}`);
  const merged = new TopK(100);
  merged.add('/v/1');
  merged.merge(t.toData());
  merged.merge(other.toData());
  const m = merged.hll!.estimate();
  assert.ok(Math.abs(m - 6000) <= 150, String(m));
  const exact = new TopK(100);
  exact.add('/x');
  exact.merge(other.toData());
  assert.ok(exact.hll !== null && Math.abs(exact.hll.estimate() - 4001) <= 100);
});

test('topk: counts, bounds, evictions, the order of ties and the data sent are the reference’s, add by add', () => {
  const rng = new Rng(32);
  for (const [capacity, distinct] of [
    [3, 10],
    [50, 400],
    [200, 5000],
    [1000, 1000],
  ] as const) {
    const t = new TopK(capacity);
    const r = new Reference(capacity);
    for (const v of values(rng, 20_000, distinct)) {
      const n = rng.int(5) === 0 ? 1 + rng.int(3) : 1;
      // The bytes at an offset in a buffer of their own, or the string.
      if (rng.int(2) === 0) {
        const b = Buffer.from(`xyz${v}`);
        t.addBytes(b, 3, b.length, n);
      } else {
        t.add(v, n);
      }
      r.add(v, n);
    }
    assert.equal([t.floor, t.seen, t.epoch, t.exact], [r.floor, r.seen, r.epoch, r.floor === 0], `capacity ${capacity}`);
    assert.equal(withoutHll(t.toData()), r.toData(), `capacity ${capacity}`);
    assert.equal(t.top(25), r.top(25));
    assert.equal(t.top(1e6), r.top(1e6));
    assert.ok(r.epoch > 0 || capacity === 1000);
  }
});

test('topk: merging workers’ summaries gives the reference’s counts and bounds', () => {
  const rng = new Rng(7);
  for (const capacity of [4, 64]) {
    const main = new TopK(capacity);
    const ref = new Reference(capacity);
    for (const v of values(rng, 3000, 300)) {
      main.add(v);
      ref.add(v);
    }
    for (let w = 0; w < 3; w++) {
      const worker = new TopK(capacity);
      for (const v of values(rng, 2000 + 1000 * w, 200 * (w + 1))) worker.add(v);
      const data = worker.toData();
      main.merge(data);
      ref.merge(data);
      assert.equal(withoutHll(main.toData()), ref.toData(), `capacity ${capacity}, worker ${w}`);
    }
    assert.equal(main.top(50), ref.top(50));
  }
});

/** Texts whose hash falls on one slot of a table of `slots` slots. */
function sharing(slots: number, slot: number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const b = Buffer.from(`/q/${i}`);
    if ((hash(new DataView(b.buffer, b.byteOffset, b.byteLength), b, 0, b.length) & (slots - 1)) === slot) out.push(`/q/${i}`);
  }
  return out;
}

test('topk: values made to share a slot past 32 probes are counted exactly all the same', () => {
  // Its table has 4,096 slots, then 8,192: 40 texts on one slot of both, each counted i + 1 times.
  const crowd = sharing(8192, 77, 40);
  const t = new TopK(1000);
  const r = new Reference(1000);
  crowd.forEach((v, i) => {
    for (let k = 0; k <= i; k++) {
      t.add(v);
      r.add(v);
    }
  });
  assert.equal(t.top(50), r.top(50));
  // Past 1,024 values the table doubles; past 2,000 it prunes: the crowd is placed again each time.
  for (let i = 0; i < 2500; i++) {
    t.add(`/r/${i}`);
    r.add(`/r/${i}`);
  }
  for (const v of crowd) {
    t.add(v, 100);
    r.add(v, 100);
  }
  assert.equal(withoutHll(t.toData()), r.toData());
});

test('topk: keys of any length in an arena that grows, and shrinks after a prune', () => {
  const t = new TopK(2);
  const r = new Reference(2);
  const long = (i: number): string => `/${String(i).repeat(40_000)}`;
  for (const v of [long(1), long(2), long(1), long(3), 'a', 'a', 'a', long(4), long(5), 'b', long(1)]) {
    t.add(v);
    r.add(v);
  }
  // Compared by their lengths and counts first: a failure shows no 40,000 characters.
  const brief = (d: TopKData): unknown => d.entries.map(([v, c, o]) => [v.length, v.slice(0, 2), c, o]);
  assert.equal(brief(t.toData()), brief(r.toData()));
  assert.ok(t.toData().entries.every(([v], i) => v === r.toData().entries[i]![0]));
  assert.equal([t.floor, t.epoch], [r.floor, r.epoch]);
});

test('select: the k-th smallest, as a sort would put it, whatever the order and the ties', () => {
  const rng = new Rng(3);
  const shapes: Array<(n: number) => number[]> = [
    (n) => Array.from({ length: n }, () => rng.int(1000)),
    (n) => Array.from({ length: n }, () => rng.int(3)),
    (n) => Array.from({ length: n }, (_, i) => i),
    (n) => Array.from({ length: n }, (_, i) => n - i),
    (n) => Array.from({ length: n }, () => 7),
    // An organ pipe, and the median-of-three killer's shape: pivots that split off one value at a time.
    (n) => Array.from({ length: n }, (_, i) => Math.min(i, n - i)),
    (n) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? i : n + i)),
  ];
  for (const shape of shapes) {
    for (const n of [1, 2, 17, 18, 100, 5000]) {
      const xs = shape(n);
      const sorted = [...xs].sort((a, b) => a - b);
      for (const k of [0, 1, n >> 1, n - 2, n - 1]) {
        if (k < 0 || k >= n) continue;
        assert.is(select(Float64Array.from(xs), k), sorted[k], `n ${n}, k ${k}`);
      }
    }
  }
});

test.run();

/**
 * `urikit stats`: counts by scheme, host type, host and path, invalid records by error code, in
 * memory that does not grow with the input. Hosts, paths and schemes are counted by a bounded
 * heavy-hitters summary (`TopK`): exact while the distinct values fit, approximate with a stated
 * bound beyond. Worker threads each keep a `Stats`; `merge` adds them up.
 */

import type { ByteView } from '../batch.js';
import { Slot, WARNING_FLAGS, WARNINGS } from '../offsets.js';

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

  constructor(readonly capacity: number) {}

  add(value: string, n = 1): void {
    const i = this.slots.get(value);
    if (i !== undefined) {
      this.count[i]! += n;
      return;
    }
    this.insert(value, this.floor + n, this.floor);
  }

  private insert(value: string, count: number, over: number): void {
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
    if (this.slots.size >= 2 * this.capacity) this.prune();
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

const HOST_TYPES = ['reg-name', 'ipv4', 'ipv6', 'ipvfuture', 'none'] as const;

/** The counts of one kind of record: the lines of a URI list, or a log's targets or referrers. */
export class UriStats {
  uris = 0;
  valid = 0;
  invalid = 0;
  /** Log lines whose referrer is "-" (referrers only). */
  absent = 0;
  readonly schemes: TopK;
  readonly hosts: TopK;
  readonly paths: TopK;
  readonly hostTypes = new Map<string, number>();
  readonly errors = new Map<string, number>();
  readonly warnings = new Map<string, number>();

  constructor(capacity: number) {
    this.schemes = new TopK(capacity);
    this.hosts = new TopK(capacity);
    this.paths = new TopK(capacity);
  }

  add(r: ByteView): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalid++;
      increment(this.errors, r.error().code);
      return;
    }
    this.valid++;
    const scheme = r.scheme;
    this.schemes.add(scheme === undefined ? '' : scheme.toLowerCase());
    const host = r.host;
    if (host !== undefined) this.hosts.add(host.toLowerCase());
    increment(this.hostTypes, r.hostType ?? 'none');
    this.paths.add(r.path);
    const flags = r.offsets[Slot.FLAGS]!;
    if ((flags & WARNING_FLAGS) !== 0) {
      for (const [name, bit] of WARNINGS) if ((flags & bit) !== 0) increment(this.warnings, name);
    }
  }

  toData(): UriStatsData {
    return {
      uris: this.uris,
      valid: this.valid,
      invalid: this.invalid,
      absent: this.absent,
      schemes: this.schemes.toData(),
      hosts: this.hosts.toData(),
      paths: this.paths.toData(),
      hostTypes: [...this.hostTypes],
      errors: [...this.errors],
      warnings: [...this.warnings],
    };
  }

  merge(d: UriStatsData): void {
    this.uris += d.uris;
    this.valid += d.valid;
    this.invalid += d.invalid;
    this.absent += d.absent;
    this.schemes.merge(d.schemes);
    this.hosts.merge(d.hosts);
    this.paths.merge(d.paths);
    for (const [k, n] of d.hostTypes) increment(this.hostTypes, k, n);
    for (const [k, n] of d.errors) increment(this.errors, k, n);
    for (const [k, n] of d.warnings) increment(this.warnings, k, n);
  }

  /** The JSON form: `top` values of each summary. */
  toJSON(top: number, referrers: boolean): object {
    return {
      uris: this.uris,
      valid: this.valid,
      invalid: this.invalid,
      ...(referrers ? { absent: this.absent } : {}),
      schemes: topJSON(this.schemes, top, true),
      hostTypes: Object.fromEntries(HOST_TYPES.map((t) => [t, this.hostTypes.get(t) ?? 0])),
      hosts: topJSON(this.hosts, top, false),
      paths: topJSON(this.paths, top, false),
      errors: Object.fromEntries(sorted(this.errors)),
      warnings: Object.fromEntries(sorted(this.warnings)),
    };
  }
}

/** `UriStats` as plain data. */
export interface UriStatsData {
  uris: number;
  valid: number;
  invalid: number;
  absent: number;
  schemes: TopKData;
  hosts: TopKData;
  paths: TopKData;
  hostTypes: Array<[string, number]>;
  errors: Array<[string, number]>;
  warnings: Array<[string, number]>;
}

/** Everything `urikit stats` counts. */
export class Stats {
  lines = 0;
  emptyLines = 0;
  /** Log lines that hold no URI, by code (NOT_A_LOG_LINE, NO_REQUEST_TARGET); `--log` only. */
  readonly lineErrors = new Map<string, number>();
  /** One `UriStats` per kind of record: [lines] or [targets, referrers]. */
  readonly kinds: UriStats[];

  constructor(
    readonly log: boolean,
    capacity: number,
  ) {
    this.kinds = log ? [new UriStats(capacity), new UriStats(capacity)] : [new UriStats(capacity)];
  }

  toData(): StatsData {
    return { lines: this.lines, emptyLines: this.emptyLines, lineErrors: [...this.lineErrors], kinds: this.kinds.map((k) => k.toData()) };
  }

  merge(d: StatsData): void {
    this.lines += d.lines;
    this.emptyLines += d.emptyLines;
    for (const [k, n] of d.lineErrors) increment(this.lineErrors, k, n);
    d.kinds.forEach((k, i) => {
      this.kinds[i]!.merge(k);
    });
  }

  toJSON(top: number): object {
    const head = { lines: this.lines, emptyLines: this.emptyLines };
    if (!this.log) return { ...head, uris: this.kinds[0]!.toJSON(top, false) };
    return {
      ...head,
      lineErrors: Object.fromEntries(sorted(this.lineErrors)),
      targets: this.kinds[0]!.toJSON(top, false),
      referrers: this.kinds[1]!.toJSON(top, true),
    };
  }

  /** The report for a terminal: a few small tables. */
  toTable(top: number, title: string): string {
    const out: string[] = [title, '', `lines: ${this.lines}${this.emptyLines > 0 ? ` (${this.emptyLines} empty)` : ''}`];
    if (this.log) {
      if (this.lineErrors.size > 0)
        table(
          out,
          'lines without URIs',
          sorted(this.lineErrors).map(([k, n]) => row(k, n)),
          this.lines,
          null,
        );
      section(out, 'request targets', this.kinds[0]!, top, false);
      section(out, 'referrers', this.kinds[1]!, top, true);
    } else {
      section(out, 'URIs', this.kinds[0]!, top, false);
    }
    return `${out.join('\n')}\n`;
  }
}

/** `Stats` as plain data. */
export interface StatsData {
  lines: number;
  emptyLines: number;
  lineErrors: Array<[string, number]>;
  kinds: UriStatsData[];
}

function section(out: string[], name: string, s: UriStats, top: number, referrers: boolean): void {
  out.push('', `${name}: ${s.uris} (${s.valid} valid, ${s.invalid} invalid${referrers ? `; ${s.absent} lines with "-"` : ''})`);
  if (s.valid > 0) {
    table(out, 'scheme', summaryRows(s.schemes, top, true), s.valid, s.schemes);
    table(
      out,
      'host type',
      HOST_TYPES.filter((t) => s.hostTypes.has(t)).map((t) => row(t === 'none' ? '(no authority)' : t, s.hostTypes.get(t)!)),
      s.valid,
      null,
    );
    if (s.hosts.distinct !== 0) table(out, `top ${top} hosts`, summaryRows(s.hosts, top, false), s.valid, s.hosts);
    table(out, `top ${top} paths`, summaryRows(s.paths, top, false), s.valid, s.paths);
  }
  if (s.invalid > 0)
    table(
      out,
      'invalid',
      sorted(s.errors).map(([k, n]) => row(k, n)),
      s.uris,
      null,
    );
  if (s.warnings.size > 0)
    table(
      out,
      'lenient: kept',
      sorted(s.warnings).map(([k, n]) => row(k, n)),
      s.valid,
      null,
    );
}

interface Row {
  value: string;
  count: number;
  over: number;
}

function row(value: string, count: number): Row {
  return { value, count, over: 0 };
}

function summaryRows(t: TopK, top: number, schemes: boolean): Row[] {
  return t.top(top).map((c) => ({ value: c.value === '' ? (schemes ? '(relative)' : '(empty)') : c.value, count: c.count, over: c.over }));
}

const MAX_VALUE = 60;

/** A titled table: value, count, share of `total`; a note when the counts are approximate. */
function table(out: string[], title: string, rows: Row[], total: number, summary: TopK | null): void {
  const values = rows.map((r) => (r.value.length > MAX_VALUE ? `${r.value.slice(0, MAX_VALUE - 1)}…` : r.value));
  const counts = rows.map((r) => (r.over > 0 ? `≤${r.count}` : String(r.count)));
  const w = Math.max(title.length, ...values.map((v) => v.length));
  const cw = Math.max(5, ...counts.map((c) => c.length));
  let head = `  ${title.padEnd(w)}  ${'count'.padStart(cw)}   share`;
  if (summary !== null) {
    const d = summary.distinct;
    head += d !== null ? `   (${d} distinct)` : `   (at least ${summary.seen} distinct; approximate)`;
  }
  out.push('', head);
  rows.forEach((r, i) => {
    out.push(`  ${values[i]!.padEnd(w)}  ${counts[i]!.padStart(cw)}  ${percent(r.count, total).padStart(6)}`);
  });
  if (summary !== null && !summary.exact) {
    out.push(`  (≤N: the count is between N − ${summary.floor} and N; raise --track to count more values exactly)`);
  }
}

function percent(n: number, total: number): string {
  return total === 0 ? '' : `${((100 * n) / total).toFixed(1)}%`;
}

function topJSON(t: TopK, top: number, schemes: boolean): object {
  return {
    distinct: t.distinct,
    ...(t.exact ? {} : { distinctAtLeast: t.seen, maxOvercount: t.floor }),
    top: t
      .top(top)
      .map((c) => ({ value: schemes && c.value === '' ? null : c.value, count: c.count, ...(c.over > 0 ? { overcount: c.over } : {}) })),
  };
}

function increment(m: Map<string, number>, key: string, n = 1): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

function sorted(m: Map<string, number>): Array<[string, number]> {
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

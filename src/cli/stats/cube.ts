/**
 * `stats --log --html`: requests by route × status code × time bucket, the counts the page's
 * filters add up. Kept by minute while they fit `MAX_KEYS` (route, status, bucket) counts, then
 * in wider round steps (5 and 15 minutes, 1, 3 and 6 hours, a day, a week, 4 and 52 weeks; past
 * those every route is folded into one). The page's cube (`toJSON`) holds at most `MAX_ROUTES`
 * routes (the rest folded into "(other routes)") and `MAX_CELLS` cells: its buckets are the
 * finest round step that keeps it so, which keeps a month of traffic with 10,000 routes under 2 MB.
 */
import { statusName, UNREADABLE } from './statuses.js';

/** Bucket widths in minutes, finest first. */
const STEPS = [1, 5, 15, 60, 180, 360, 1440, 10_080, 40_320, 524_160] as const;
const MAX_KEYS = 1 << 20;
export const MAX_ROUTES = 200;
export const MAX_CELLS = 100_000;
/** A (route, status) pair is the number (slot + 2) × 1024 + status: slot -1 is no route, -2 every route folded. */
const STATUS_SPAN = 1024;
const NO_ROUTE = -1;
const FOLDED = -2;
export const OTHER_ROUTES = '(other routes)';
export const NO_ROUTE_ROW = '(no route)';

/** The cube of the page (see docs/cli.md). */
export interface Cube {
  start: string;
  bucketSeconds: number;
  buckets: number;
  routes: string[];
  statuses: string[];
  cells: number[];
  undated: Array<[number, number, number]>;
}

/** `CubeCounts` as plain data: [bucket, pair, count] and [pair, count] flat. */
export interface CubeData {
  unit: number;
  folded: boolean;
  cells: number[];
  undated: number[];
}

function pairOf(slot: number, status: number): number {
  return (slot + 2) * STATUS_SPAN + (status < 0 ? UNREADABLE : status);
}

export class CubeCounts {
  /** Bucket width in minutes (one of `STEPS`). */
  private unit = 1;
  /** Every route is counted as one (past the widest step). */
  private folded = false;
  private readonly buckets = new Map<number, Map<number, number>>();
  private readonly undated = new Map<number, number>();
  private keys = 0;
  /** The last bucket and its counts (logs come in order of time). */
  private last = -1;
  private lastCounts: Map<number, number> | null = null;

  /** A request of route `slot` (-1: none) and `status` (-1: unreadable) at `minute` (-1: unknown). */
  add(slot: number, status: number, minute: number): void {
    const pair = pairOf(this.folded ? FOLDED : slot, status);
    if (minute < 0) {
      this.undated.set(pair, (this.undated.get(pair) ?? 0) + 1);
      return;
    }
    const b = Math.floor(minute / this.unit);
    let counts = this.lastCounts;
    if (b !== this.last || counts === null) {
      let c = this.buckets.get(b);
      if (c === undefined) this.buckets.set(b, (c = new Map()));
      this.last = b;
      this.lastCounts = counts = c;
    }
    const n = counts.get(pair);
    if (n !== undefined) {
      counts.set(pair, n + 1);
      return;
    }
    counts.set(pair, 1);
    if (++this.keys > MAX_KEYS) this.widen();
  }

  private widen(): void {
    const i = STEPS.indexOf(this.unit as (typeof STEPS)[number]);
    if (i + 1 < STEPS.length) this.rebuild(STEPS[i + 1]!, this.folded);
    else this.rebuild(this.unit, true);
  }

  /** Counts again in buckets of `unit` minutes, with every route as one when `folded`. */
  private rebuild(unit: number, folded: boolean): void {
    const k = unit / this.unit;
    const old = [...this.buckets];
    this.buckets.clear();
    this.unit = unit;
    this.folded = folded;
    this.keys = 0;
    this.last = -1;
    this.lastCounts = null;
    for (const [b, counts] of old) for (const [pair, n] of counts) this.put(Math.floor(b / k), this.fold(pair), n);
    if (folded) {
      const undated = [...this.undated];
      this.undated.clear();
      for (const [pair, n] of undated) this.undated.set(this.fold(pair), (this.undated.get(this.fold(pair)) ?? 0) + n);
    }
    if (this.keys > MAX_KEYS) this.widen();
  }

  private fold(pair: number): number {
    return this.folded ? pairOf(FOLDED, pair % STATUS_SPAN) : pair;
  }

  private put(b: number, pair: number, n: number): void {
    let counts = this.buckets.get(b);
    if (counts === undefined) this.buckets.set(b, (counts = new Map()));
    const m = counts.get(pair);
    if (m === undefined) this.keys++;
    counts.set(pair, (m ?? 0) + n);
  }

  toData(): CubeData {
    const cells: number[] = [];
    for (const [b, counts] of this.buckets) for (const [pair, n] of counts) cells.push(b, pair, n);
    const undated: number[] = [];
    for (const [pair, n] of this.undated) undated.push(pair, n);
    return { unit: this.unit, folded: this.folded, cells, undated };
  }

  /** Adds a worker's counts; `slot` maps its route slots to ours (-1: none). */
  merge(d: CubeData, slot: (theirs: number) => number): void {
    if (d.unit > this.unit || (d.folded && !this.folded)) this.rebuild(Math.max(d.unit, this.unit), this.folded || d.folded);
    const k = this.unit / d.unit;
    const mine = (pair: number): number => {
      const s = Math.floor(pair / STATUS_SPAN) - 2;
      return this.fold(pairOf(s >= 0 ? slot(s) : s, pair % STATUS_SPAN));
    };
    for (let i = 0; i < d.cells.length; i += 3) this.put(Math.floor(d.cells[i]! / k), mine(d.cells[i + 1]!), d.cells[i + 2]!);
    for (let i = 0; i < d.undated.length; i += 2) {
      const pair = mine(d.undated[i]!);
      this.undated.set(pair, (this.undated.get(pair) ?? 0) + d.undated[i + 1]!);
    }
    this.last = -1;
    this.lastCounts = null;
    if (this.keys > MAX_KEYS) this.widen();
  }

  /**
   * The page's cube: `routes` are the route rows by count (`rowOf` maps a slot to its row, -1:
   * none), or null when routes are not counted.
   */
  toJSON(routes: { names: readonly string[]; rowOf: (slot: number) => number } | null): Cube {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    const codes = new Set<number>();
    for (const [b, counts] of this.buckets) {
      if (b < first) first = b;
      if (b > last) last = b;
      for (const pair of counts.keys()) codes.add(pair % STATUS_SPAN);
    }
    for (const pair of this.undated.keys()) codes.add(pair % STATUS_SPAN);
    const statusList = [...codes].sort((a, b) => a - b);
    const statusIndex = new Map(statusList.map((c, i) => [c, i]));
    const statuses = statusList.map(statusName);
    for (let keep = routes === null ? 0 : Math.min(MAX_ROUTES, routes.names.length); ; keep = Math.floor(keep / 2)) {
      const names: string[] = routes === null ? [] : routes.names.slice(0, keep);
      let noRoute = -1;
      let other = -1;
      const rowOf = (pair: number): number => {
        if (routes === null) return -1;
        const s = Math.floor(pair / STATUS_SPAN) - 2;
        const row = s === FOLDED ? keep : s === NO_ROUTE ? -1 : routes.rowOf(s);
        if (row === -1) {
          if (noRoute === -1) noRoute = -2;
          return -2;
        }
        if (row >= keep) {
          if (other === -1) other = -3;
          return -3;
        }
        return row;
      };
      // Cells by the finest step whose count of cells fits.
      for (const step of STEPS) {
        if (step < this.unit) continue;
        const k = step / this.unit;
        const cells = new Map<string, number>();
        for (const [b, counts] of this.buckets)
          for (const [pair, n] of counts) {
            const key = `${rowOf(pair)},${statusIndex.get(pair % STATUS_SPAN)},${Math.floor(b / k) - Math.floor(first / k)}`;
            cells.set(key, (cells.get(key) ?? 0) + n);
          }
        if (cells.size > MAX_CELLS && (step !== STEPS[STEPS.length - 1] || keep > 1)) continue;
        // The rows of no route and of the folded routes come after the named ones, the folded last.
        if (noRoute !== -1) noRoute = names.push(NO_ROUTE_ROW) - 1;
        if (other !== -1) other = names.push(OTHER_ROUTES) - 1;
        const index = (row: number): number => (row === -2 ? noRoute : row === -3 ? other : row);
        const flat: number[] = [];
        for (const [key, n] of cells) {
          const [r, s, b] = key.split(',').map(Number) as [number, number, number];
          flat.push(index(r), s, b, n);
        }
        const undated = new Map<string, number>();
        for (const [pair, n] of this.undated) {
          const key = `${index(rowOf(pair))},${statusIndex.get(pair % STATUS_SPAN)}`;
          undated.set(key, (undated.get(key) ?? 0) + n);
        }
        const dated = first !== Number.POSITIVE_INFINITY;
        return {
          start: new Date(dated ? Math.floor(first / k) * step * 60_000 : 0).toISOString(),
          bucketSeconds: step * 60,
          buckets: dated ? Math.floor(last / k) - Math.floor(first / k) + 1 : 0,
          routes: names,
          statuses,
          cells: sortCells(flat),
          undated: [...undated]
            .map(([key, n]) => [...(key.split(',').map(Number) as [number, number]), n] as [number, number, number])
            .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
        };
      }
    }
  }
}

/** Quadruples sorted by route, status, bucket. */
function sortCells(flat: number[]): number[] {
  const quads: number[][] = [];
  for (let i = 0; i < flat.length; i += 4) quads.push(flat.slice(i, i + 4));
  quads.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
  return quads.flat();
}

/**
 * Requests by time (`stats --log`): how many log lines fall in each minute, and, with routes
 * (`--templates`, `--infer-routes`), how many of each route. Buckets are minutes while the log
 * spans at most `MAX_BUCKETS` of them, then hours, then days, so memory is bounded whatever the
 * span; the report shows minutes, hours or days, whichever gives a chart of a readable length.
 */

/** Bucket widths, in minutes. */
const MINUTE = 1;
const HOUR = 60;
const DAY = 1440;
const UNITS = [MINUTE, HOUR, DAY] as const;
const UNIT_NAMES: Readonly<Record<number, 'minute' | 'hour' | 'day'>> = { [MINUTE]: 'minute', [HOUR]: 'hour', [DAY]: 'day' };

/** The most buckets kept: past it, buckets get wider. */
const MAX_BUCKETS = 1 << 16;
/** The most (route, bucket) counts kept: past it, buckets get wider, and past days they stop. */
const MAX_ROUTE_KEYS = 1 << 18;
/** A route's counts are keyed `slot * SLOT + bucket`: minutes since 1970 stay below 2^27 until 2225. */
const SLOT = 2 ** 27;
/** Route slots are below this (so that keys stay exact integers). */
export const MAX_SLOT = 2 ** 26;

/** The longest chart in each unit: minutes for up to 6 hours, hours for up to 31 days, else days. */
const LONGEST: Readonly<Record<number, number>> = { [MINUTE]: 360, [HOUR]: 744, [DAY]: Number.POSITIVE_INFINITY };

/** `Timeline` as plain data. */
export interface TimelineData {
  unit: number;
  counts: Array<[number, number]>;
  undated: number;
  routes: Array<[number, number]> | null;
}

/** A chart's worth of counts: `counts[i]` is the bucket `start + i` units. */
export interface Series {
  unit: 'minute' | 'hour' | 'day';
  /** The first bucket's time, ISO 8601 in UTC. */
  start: string;
  counts: number[];
}

export class Timeline {
  /** Bucket width in minutes. */
  private unit = MINUTE;
  /** Requests by bucket (minutes since 1970, UTC, over `unit`). */
  private counts = new Map<number, number>();
  /** Log lines whose time could not be read. */
  undated = 0;
  /** Requests by route slot and bucket; null once there were too many to keep. */
  private routes: Map<number, number> | null = new Map();
  /** The last bucket counted and the requests not yet added to it (logs come in order of time). */
  private last = -1;
  private run = 0;

  /** A request at `minute` (minutes since 1970, UTC; -1 when its time could not be read). */
  add(minute: number): void {
    if (minute < 0) {
      this.undated++;
      return;
    }
    const b = this.unit === MINUTE ? minute : Math.floor(minute / this.unit);
    if (b === this.last) {
      this.run++;
      return;
    }
    this.flush();
    this.last = b;
    this.run = 1;
  }

  /** A request at `minute` (not -1) of the route `slot` (below MAX_SLOT). */
  addRoute(slot: number, minute: number): void {
    const routes = this.routes;
    if (routes === null) return;
    const key = slot * SLOT + (this.unit === MINUTE ? minute : Math.floor(minute / this.unit));
    routes.set(key, (routes.get(key) ?? 0) + 1);
    if (routes.size > MAX_ROUTE_KEYS) this.widen();
  }

  private flush(): void {
    if (this.run === 0) return;
    const c = this.counts;
    c.set(this.last, (c.get(this.last) ?? 0) + this.run);
    this.run = 0;
    this.last = -1;
    if (c.size > MAX_BUCKETS) this.widen();
  }

  /** The next bucket width: counts are merged; per route, dropped past days. */
  private widen(): void {
    this.flush();
    if (this.unit === DAY) {
      this.routes = null;
      return;
    }
    this.coarsen(UNITS[UNITS.indexOf(this.unit as 1 | 60) + 1]!);
  }

  private coarsen(unit: number): void {
    const k = unit / this.unit;
    this.unit = unit;
    const counts = new Map<number, number>();
    for (const [b, n] of this.counts) add(counts, Math.floor(b / k), n);
    this.counts = counts;
    if (this.routes !== null) {
      const routes = new Map<number, number>();
      for (const [key, n] of this.routes) {
        const slot = Math.floor(key / SLOT);
        add(routes, slot * SLOT + Math.floor((key - slot * SLOT) / k), n);
      }
      this.routes = routes.size > MAX_ROUTE_KEYS ? null : routes;
    }
  }

  toData(): TimelineData {
    this.flush();
    return { unit: this.unit, counts: [...this.counts], undated: this.undated, routes: this.routes === null ? null : [...this.routes] };
  }

  /** Adds a worker's counts; `slot` maps its route slots to ours (-1: none). */
  merge(d: TimelineData, slot: (theirs: number) => number = (s) => s): void {
    this.flush();
    if (d.unit > this.unit) this.coarsen(d.unit);
    const k = this.unit / d.unit;
    for (const [b, n] of d.counts) add(this.counts, Math.floor(b / k), n);
    this.undated += d.undated;
    if (d.routes === null) this.routes = null;
    if (this.routes !== null) {
      for (const [key, n] of d.routes!) {
        const theirs = Math.floor(key / SLOT);
        const mine = slot(theirs);
        if (mine >= 0) add(this.routes, mine * SLOT + Math.floor((key - theirs * SLOT) / k), n);
      }
    }
    if (this.counts.size > MAX_BUCKETS || (this.routes?.size ?? 0) > MAX_ROUTE_KEYS) this.widen();
  }

  /** Whether any request had a time. */
  get dated(): boolean {
    return this.counts.size > 0 || this.run > 0;
  }

  /** The unit the report shows: the finest, from the one counted, whose chart is not too long. */
  private display(): { unit: number; first: number; last: number } {
    this.flush();
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const b of this.counts.keys()) {
      if (b < first) first = b;
      if (b > last) last = b;
    }
    for (const unit of UNITS) {
      if (unit < this.unit) continue;
      const k = unit / this.unit;
      const f = Math.floor(first / k);
      const l = Math.floor(last / k);
      if (l - f < LONGEST[unit]!) return { unit, first: f, last: l };
    }
    /* c8 ignore next: days are always short enough */
    throw new Error('unreachable');
  }

  /**
   * Requests by bucket from the first to the last (empty ones included), and, for each route of
   * `routeOf` (which maps a route slot to a route's index, or -1), its own: `routes[i]` is route
   * i's, or null when they were not kept. Null when no request had a time.
   */
  series(routeOf?: (slot: number) => number, routeCount = 0): { all: Series; routes: number[][] | null } | null {
    if (!this.dated) return null;
    const { unit, first, last } = this.display();
    const k = unit / this.unit;
    const all = new Array<number>(last - first + 1).fill(0);
    for (const [b, n] of this.counts) all[Math.floor(b / k) - first]! += n;
    const series: Series = { unit: UNIT_NAMES[unit]!, start: new Date(first * unit * 60_000).toISOString(), counts: all };
    if (routeOf === undefined || this.routes === null) return { all: series, routes: null };
    const routes = Array.from({ length: routeCount }, () => new Array<number>(all.length).fill(0));
    for (const [key, n] of this.routes) {
      const slot = Math.floor(key / SLOT);
      const r = routeOf(slot);
      if (r >= 0 && r < routeCount) routes[r]![Math.floor((key - slot * SLOT) / k) - first]! += n;
    }
    return { all: series, routes };
  }
}

function add(m: Map<number, number>, key: number, n: number): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

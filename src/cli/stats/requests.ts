/**
 * What `stats --log` counts of each request beyond its URIs: statuses, bytes (in all, by status
 * class, per route), visitors, user agents and bots, broken links, per route its statuses and
 * response times, and with --html the page's cube. A line's route is known once its target is
 * counted: the line waits (`route`) until the next line or the end (`flush`).
 */
import type { LineContext } from '../lines/records.js';
import { Bots, type BotsData } from './bots.js';
import { BrokenLinks } from './broken-links.js';
import { type Cube, CubeCounts, type CubeData } from './cube.js';
import { type Latency, type LatencyData, LatencySketch } from './latency.js';
import { CLASSES, type StatusClass, type StatusCounts, Statuses, statusClass, statusJSON } from './statuses.js';
import type { TopK, TopKData } from './topk.js';
import { Visitors, type VisitorsData } from './visitors.js';

/** One route's requests: by status, their bytes, their times taken. */
class RouteCounts {
  readonly codes = new Map<number, number>();
  bytes = 0;
  latency: LatencySketch | null = null;

  add(status: number, size: number, taken: number): void {
    const code = status < 0 ? -1 : status;
    this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
    if (size > 0) this.bytes += size;
    if (taken >= 0) (this.latency ??= new LatencySketch()).add(taken);
  }

  toData(): RouteCountsData {
    return { codes: [...this.codes], bytes: this.bytes, latency: this.latency?.toData() ?? null };
  }

  merge(d: RouteCountsData): void {
    for (const [code, n] of d.codes) this.codes.set(code, (this.codes.get(code) ?? 0) + n);
    this.bytes += d.bytes;
    if (d.latency !== null) (this.latency ??= new LatencySketch()).merge(d.latency);
  }
}

interface RouteCountsData {
  codes: Array<[number, number]>;
  bytes: number;
  latency: LatencyData | null;
}

/** What a route's row in the JSON gains. */
export interface RouteRequestsJSON {
  statuses: StatusCounts;
  bytes: number;
  latency?: Latency;
}

/** `Requests` as plain data. */
export interface RequestsData {
  statuses: Array<[number, number]>;
  bytes: number;
  classBytes: number[];
  visitors: VisitorsData;
  agentLines: number;
  bots: BotsData;
  broken: TopKData;
  routes: Array<[number, RouteCountsData]> | null;
  cube: CubeData | null;
}

/** A `TopK` in the JSON (counts.ts `TopJSON`). */
export interface TopJSON {
  distinct: number | null;
  distinctAtLeast?: number;
  maxOvercount?: number;
  top: Array<{ value: string | null; count: number; overcount?: number }>;
}

/** The JSON keys of `Requests` (see docs/cli.md). */
export interface RequestsJSON {
  statuses: StatusCounts;
  visitors: ReturnType<Visitors['toJSON']>;
  bytes: { total: number; classes: Partial<Record<StatusClass, number>> };
  bots?: { requests: number; agents: TopJSON; bots: TopJSON };
  brokenLinks: ReturnType<BrokenLinks['toJSON']>;
}

export class Requests {
  readonly statuses = new Statuses();
  /** The sizes' sum ("-" counts 0), in all and by status class (in the order of `CLASSES`). */
  bytes = 0;
  readonly classBytes = new Float64Array(CLASSES.length);
  readonly visitors: Visitors;
  /** Lines with a user agent (not "-"). */
  agentLines = 0;
  readonly bots: Bots;
  readonly broken: BrokenLinks;
  /** By route slot (with --templates or --infer-routes). */
  readonly routes: Map<number, RouteCounts> | null;
  readonly cube: CubeCounts | null;
  /** The line whose route is awaited (with routes or the cube): its status, size, time taken, minute; its route's slot. */
  private waiting = false;
  private status = -1;
  private size = -1;
  private taken = -1;
  private minute = -1;
  private slot = -1;

  constructor(track: number, routes: boolean, cube: boolean) {
    this.visitors = new Visitors(track);
    this.bots = new Bots(track);
    this.broken = new BrokenLinks(track);
    this.routes = routes ? new Map() : null;
    this.cube = cube ? new CubeCounts() : null;
  }

  /** A log line (see `LineContext`): counted now, but for its route, which `route` may give next. */
  line(ctx: LineContext): void {
    if (this.waiting) this.flush();
    const status = ctx.status;
    const b = ctx.bytes;
    this.statuses.add(status);
    if (ctx.size > 0) {
      this.bytes += ctx.size;
      this.classBytes[statusClass(status)]! += ctx.size;
    }
    this.visitors.add(b, ctx.clientStart, ctx.clientEnd, ctx.minute);
    if (ctx.agentStart !== -1) {
      this.agentLines++;
      this.bots.add(b, ctx.agentStart, ctx.agentEnd);
    }
    if ((status === 404 || status === 410) && ctx.targetStart !== -1)
      this.broken.add(b, ctx.targetStart, ctx.targetEnd, ctx.referrerStart, ctx.referrerEnd);
    if (this.routes === null && this.cube === null) return;
    this.waiting = true;
    this.status = status;
    this.size = ctx.size;
    this.taken = ctx.taken;
    this.minute = ctx.minute;
    this.slot = -1;
  }

  /** The route slot of the line's target. */
  route(slot: number): void {
    this.slot = slot;
  }

  /** Counts the waiting line by its route. */
  flush(): void {
    if (!this.waiting) return;
    this.waiting = false;
    const slot = this.slot;
    if (this.routes !== null && slot >= 0) {
      let r = this.routes.get(slot);
      if (r === undefined) this.routes.set(slot, (r = new RouteCounts()));
      r.add(this.status, this.size, this.taken);
    }
    this.cube?.add(this.routes === null ? -1 : slot, this.status, this.minute);
  }

  toData(): RequestsData {
    this.flush();
    return {
      statuses: this.statuses.toData(),
      bytes: this.bytes,
      classBytes: [...this.classBytes],
      visitors: this.visitors.toData(),
      agentLines: this.agentLines,
      bots: this.bots.toData(),
      broken: this.broken.toData(),
      routes: this.routes === null ? null : [...this.routes].map(([slot, r]) => [slot, r.toData()]),
      cube: this.cube?.toData() ?? null,
    };
  }

  /** Adds a worker's counts; `slot` maps its route slots to ours (-1: none). */
  merge(d: RequestsData, slot: (theirs: number) => number): void {
    this.flush();
    this.statuses.merge(d.statuses);
    this.bytes += d.bytes;
    d.classBytes.forEach((n, i) => {
      this.classBytes[i]! += n;
    });
    this.visitors.merge(d.visitors);
    this.agentLines += d.agentLines;
    this.bots.merge(d.bots);
    this.broken.merge(d.broken);
    if (this.routes !== null && d.routes !== null)
      for (const [theirs, counts] of d.routes) {
        const mine = slot(theirs);
        if (mine < 0) continue;
        let r = this.routes.get(mine);
        if (r === undefined) this.routes.set(mine, (r = new RouteCounts()));
        r.merge(counts);
      }
    if (d.cube !== null) this.cube?.merge(d.cube, slot);
  }

  /**
   * The route rows' own counts: `rowOf` maps a slot to its row (-1: none) of `rows` rows; a row
   * of no request is left undefined.
   */
  routeJSON(rows: number, rowOf: (slot: number) => number): Array<RouteRequestsJSON | undefined> {
    this.flush();
    const byRow: Array<RouteCounts | undefined> = new Array(rows);
    for (const [slot, counts] of this.routes ?? []) {
      const row = rowOf(slot);
      if (row < 0 || row >= rows) continue;
      let r = byRow[row];
      if (r === undefined) byRow[row] = r = new RouteCounts();
      r.merge(counts.toData());
    }
    return Array.from(byRow, (r) =>
      r === undefined
        ? undefined
        : {
            statuses: statusJSON(r.codes),
            bytes: r.bytes,
            ...(r.latency === null ? {} : { latency: r.latency.toJSON() }),
          },
    );
  }

  /** The JSON keys; `summary` writes a `TopK` as the JSON's other lists are. */
  toJSON(top: number, summary: (t: TopK) => TopJSON): RequestsJSON {
    this.flush();
    const classes = Object.fromEntries(CLASSES.map((c, i): [string, number] => [c, this.classBytes[i]!]).filter(([, n]) => n > 0));
    return {
      statuses: this.statuses.toJSON(),
      visitors: this.visitors.toJSON(),
      bytes: { total: this.bytes, classes },
      ...(this.agentLines === 0
        ? {}
        : { bots: { requests: this.bots.requests, agents: summary(this.bots.agents), bots: summary(this.bots.bots) } }),
      brokenLinks: this.broken.toJSON(top),
    };
  }

  /** The page's cube (see cube.ts). */
  cubeJSON(routes: Parameters<CubeCounts['toJSON']>[0]): Cube | undefined {
    this.flush();
    return this.cube?.toJSON(routes);
  }
}

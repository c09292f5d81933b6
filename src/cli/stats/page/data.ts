/** What the page reads of `StatsJSON` beyond the URI counts: statuses, visitors, bytes, bots, broken links, each route's own, the cube. */
import type { StatsJSON, TopJSON, UriStatsJSON } from '../counts.js';

/** A status's class; 'other': a status not 100-599 or unreadable. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'other';

/** Requests by status code, and by class. */
export interface StatusCounts {
  codes: Record<string, number>;
  classes: Partial<Record<StatusClass, number>>;
}

/** A route's row: its requests and, with `--log`, its statuses, bytes and latency (seconds). */
export interface RouteRow {
  template: string;
  count: number;
  statuses?: StatusCounts;
  bytes?: number;
  latency?: { p50: number; p95: number; p99: number };
}

/** Requests by route × status code × time bucket, for the page's filters. */
export interface Cube {
  /** ISO time of bucket 0 (UTC). */
  start: string;
  bucketSeconds: number;
  buckets: number;
  /** Route templates; the last one is '(other routes)' when some were folded; [] when no routes are counted. */
  routes: string[];
  /** Status codes seen ('-' for an unreadable one). */
  statuses: string[];
  /** Flat quadruples [routeIndex, statusIndex, bucketIndex, count]; routeIndex -1 when routes is []. */
  cells: number[];
  /** [routeIndex, statusIndex, count] of lines with no readable time. */
  undated: Array<[number, number, number]>;
}

/** The keys `--log` adds to `StatsJSON`, as the page reads them (all optional: a key absent shows no panel). */
export interface ReportKeys {
  statuses?: StatusCounts;
  visitors?: {
    distinct: number;
    exact: boolean;
    /** Relative standard error when not exact. */
    error?: number;
    perDay: Array<{ day: string; distinct: number; exact: boolean }>;
  };
  bytes?: { total: number; classes: Partial<Record<StatusClass, number>> };
  bots?: { requests: number; agents: TopJSON; bots: TopJSON };
  brokenLinks?: Array<{ target: string; referrer: string; count: number }>;
  cube?: Cube;
}

/** The page's data: the JSON of `stats`, with the keys of `--log`. */
export type ReportJSON = StatsJSON & ReportKeys;

/** The routes' rows of a run (routes found, or templates matched), most requests first; null without either. */
export function routeRows(s: UriStatsJSON): RouteRow[] | null {
  if (s.routes !== undefined) return s.routes.top as RouteRow[];
  if (s.templates !== undefined)
    return (s.templates.counts as Array<RouteRow & { line: number }>)
      .filter((r) => r.count > 0)
      .sort((a, b) => b.count - a.count || a.line - b.line);
  return null;
}

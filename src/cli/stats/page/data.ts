/** What the page reads: `StatsJSON` (with the keys of `--log`: statuses, visitors, bytes, bots, broken links, the cube), and its routes' rows. */
import type { StatsJSON, UriStatsJSON } from '../counts.js';
import type { RouteRequestsJSON } from '../requests.js';

export type { Cube } from '../cube.js';
export type { StatusCounts } from '../statuses.js';

/** The page's data: the JSON of `stats` (its keys of `--log` each optional: a key absent shows no panel). */
export type ReportJSON = StatsJSON;

/** A route's row: its requests and, with `--log`, its statuses, bytes and latency (seconds). */
export type RouteRow = { template: string; count: number } & Partial<RouteRequestsJSON>;

/**
 * The routes' rows of a run (routes found, or templates matched), most requests first, at most
 * `top` of them (the JSON lists every template: 10,000 of them would make a page of megabytes);
 * null without either.
 */
export function routeRows(s: UriStatsJSON, top: number): RouteRow[] | null {
  if (s.routes !== undefined) return s.routes.top.slice(0, top);
  if (s.templates !== undefined)
    return s.templates.counts
      .filter((r) => r.count > 0)
      .sort((a, b) => b.count - a.count || a.line - b.line)
      .slice(0, top);
  return null;
}

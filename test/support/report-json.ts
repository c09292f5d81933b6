/**
 * `StatsJSON` objects with the keys of `--log` (statuses, visitors, bytes, bots, broken links,
 * each route's own, the cube) made for the page's tests: a small one with hostile text whose
 * numbers the tests work out from its cube, and a month of traffic with 10,000 routes at the
 * cube's bounds (200 routes, 100,000 cells) for the page's size. Deterministic (a seeded Rng).
 */
import type { TopJSON, UriStatsJSON } from '../../src/cli/stats/counts.js';
import type { Cube, ReportJSON, RouteRow, StatusCounts } from '../../src/cli/stats/page/data.js';
import { Rng } from './rng.js';

/** Text from a visitor, as hostile as a log can hold: markup, a script's end, bidirectional controls. */
export const HOSTILE_ROUTE = '/</script><img src=x onerror=alert(1)>/{id}';
export const BIDI_ROUTE = '/\u202Eexe.txt/{id}';
export const HOSTILE_AGENT = 'Mozilla/5.0 <script>alert(2)</script> \u2067bot\u2069';
export const HOSTILE_TARGET = '/old/<svg onload=alert(3)>';
export const HOSTILE_REFERRER = 'https://evil.example/\u202Egnp.exe?<b>x</b>';

/** The status class of a code, as the page counts them. */
export function classOf(code: string): string {
  return /^[1-5][0-9][0-9]$/.test(code) ? `${code[0]}xx` : 'other';
}

/** A filter of the page, as the tests state it: bucket range [lo, hi) (null: all, undated too), status code or class, route. */
export interface Filter {
  lo?: number;
  hi?: number;
  status?: string;
  route?: string;
}

/** The requests of `cube` that `f` keeps, by route, by status code, by bucket and in all: what the page must show. */
export function cubeCounts(
  cube: Cube,
  f: Filter,
): { total: number; codes: Map<string, number>; routes: Map<string, number[]>; buckets: number[] } {
  const timed = f.lo !== undefined || f.hi !== undefined;
  const lo = f.lo ?? 0;
  const hi = f.hi ?? cube.buckets;
  const codes = new Map<string, number>();
  const routes = new Map<string, number[]>();
  const buckets = new Array<number>(cube.buckets).fill(0);
  let total = 0;
  const keep = (r: number, s: number): boolean => {
    const code = cube.statuses[s]!;
    if (f.status !== undefined && code !== f.status && classOf(code) !== f.status) return false;
    return f.route === undefined || cube.routes[r] === f.route;
  };
  const add = (r: number, s: number, n: number): void => {
    total += n;
    const code = cube.statuses[s]!;
    codes.set(code, (codes.get(code) ?? 0) + n);
    if (r < 0) return;
    const row = routes.get(cube.routes[r]!) ?? [0, 0, 0];
    row[0]! += n;
    if (classOf(code) === '4xx') row[1]! += n;
    if (classOf(code) === '5xx') row[2]! += n;
    routes.set(cube.routes[r]!, row);
  };
  for (let i = 0; i < cube.cells.length; i += 4) {
    const [r, s, b, n] = cube.cells.slice(i, i + 4) as [number, number, number, number];
    if (!keep(r, s)) continue;
    buckets[b]! += n;
    if (b >= lo && b < hi) add(r, s, n);
  }
  if (!timed) for (const [r, s, n] of cube.undated) if (keep(r, s)) add(r, s, n);
  return { total, codes, routes, buckets };
}

function top(values: Array<[string, number]>, distinct: number | null = values.length): TopJSON {
  return {
    distinct,
    ...(distinct === null ? { distinctAtLeast: values.length } : {}),
    top: values.map(([value, count]) => ({ value, count })),
  };
}

function statusCounts(m: Map<string, number>): StatusCounts {
  const codes: Record<string, number> = {};
  const classes: Record<string, number> = {};
  for (const [k, n] of [...m].sort()) {
    codes[k] = n;
    classes[classOf(k)] = (classes[classOf(k)] ?? 0) + n;
  }
  return { codes, classes };
}

/** A log's target counts with routes found: `rows` the top routes, `distinct` of them in all. */
function targets(requests: number, rows: RouteRow[], distinct: number, paths: TopJSON): UriStatsJSON {
  return {
    uris: requests,
    valid: requests,
    invalid: 0,
    absent: 0,
    schemes: top([['', requests]]),
    hostTypes: { none: requests },
    hosts: top([]),
    paths,
    errors: {},
    warnings: {},
    forms: { origin: requests },
    routes: { distinct, matched: requests, unrouted: 0, noPath: { authority: 0, asterisk: 0 }, top: rows },
  };
}

function referrers(valid: number): UriStatsJSON {
  return {
    uris: valid + 4,
    valid,
    invalid: 4,
    absent: 10,
    schemes: top([['https', valid]]),
    hostTypes: { 'reg-name': valid },
    hosts: top([
      ['shop.example', valid - 20],
      ['evil.example', 20],
    ]),
    paths: top([['/', valid]]),
    errors: { BAD_HOST: 4 },
    warnings: {},
  };
}

/**
 * The small report: 48 hours from 2024-03-09 18:00 UTC by hour, six routes (two hostile, the
 * last '(other routes)'), six statuses, undated requests; its cells come from a seeded Rng.
 */
export function pageJSON(): ReportJSON {
  const rng = new Rng(39);
  const routes = ['/products/{id}', '/cart', '/search{?q}', HOSTILE_ROUTE, BIDI_ROUTE, '(other routes)'];
  const statuses = ['200', '304', '404', '410', '500', '-'];
  const weights = [60, 10, 8, 2, 3, 1];
  const cells: number[] = [];
  for (let r = 0; r < routes.length; r++)
    for (let s = 0; s < statuses.length; s++)
      for (let b = 0; b < 48; b++) {
        if (!rng.chance(0.7)) continue;
        const n = rng.range(1, weights[s]! * (6 - r) * (b % 24 < 8 ? 1 : 3));
        cells.push(r, s, b, n);
      }
  const cube: Cube = {
    start: '2024-03-09T18:00:00.000Z',
    bucketSeconds: 3600,
    buckets: 48,
    routes,
    statuses,
    cells,
    undated: [
      [0, 0, 7],
      [2, 2, 3],
    ],
  };
  const all = cubeCounts(cube, {});
  const rows: RouteRow[] = routes.slice(0, 5).map((template, i) => {
    const perCode = new Map<string, number>();
    for (const code of statuses) {
      const n = cubeCounts(cube, { route: template, status: code }).total;
      if (n > 0) perCode.set(code, n);
    }
    return {
      template,
      count: all.routes.get(template)![0]!,
      statuses: statusCounts(perCode),
      bytes: 1000 * (i + 1) * all.routes.get(template)![0]!,
      ...(i === 1 ? {} : { latency: { p50: 0.012 * (i + 1), p95: 0.25 * (i + 1), p99: 1.5 * (i + 1) } }),
    };
  });
  const requests = all.total;
  const byClass = statusCounts(all.codes);
  return {
    lines: requests + 2,
    emptyLines: 0,
    lineErrors: { NOT_A_LOG_LINE: 2 },
    targets: targets(
      requests,
      rows,
      9,
      top(
        [
          ['/cart', 900],
          [HOSTILE_TARGET, 12],
        ],
        null,
      ),
    ),
    referrers: referrers(4171),
    timeline: {
      unit: 'hour',
      start: cube.start,
      counts: all.buckets,
      undated: 10,
      routes: rows.map((r) => ({ template: r.template, counts: cubeCounts(cube, { route: r.template }).buckets })),
    },
    distinctEstimates: { '0p': 89_167 },
    statuses: byClass,
    visitors: {
      distinct: 20_412,
      exact: false,
      error: 0.0081,
      perDay: [
        { day: '2024-03-09', distinct: 3120, exact: true },
        { day: '2024-03-10', distinct: 15_804, exact: false },
        { day: '2024-03-11', distinct: 9877, exact: false },
      ],
    },
    bytes: { total: 123_456_789, classes: { '2xx': 120_000_000, '3xx': 3_000_000, '4xx': 456_789, other: 0 } },
    bots: {
      requests: 1234,
      agents: top([
        ['Mozilla/5.0 (X11; Linux x86_64)', 5000],
        [HOSTILE_AGENT, 77],
      ]),
      bots: top([
        ['Googlebot', 1000],
        ['bingbot', 234],
      ]),
    },
    brokenLinks: [
      { target: '/products/old-1', referrer: 'https://shop.example/list', count: 40 },
      { target: HOSTILE_TARGET, referrer: HOSTILE_REFERRER, count: 12 },
      { target: '/favicon.ico', referrer: '-', count: 9 },
    ],
    cube,
  };
}

/**
 * A month of traffic (March 2024) of a site with 10,000 routes, at the page's bounds: the top
 * `top` rows of each list with long values, 200 routes in the cube (the last '(other routes)'),
 * 100,000 cells over 6-hour buckets (the data side's bounds), counts of busy hours.
 */
export function monthJSON(topRows = 100): ReportJSON {
  const rng = new Rng(2024);
  const long = (prefix: string, i: number): string => `${prefix}/${'segment-'.repeat(8)}${i}/{id}/details{?page,sort}`;
  const routes = [...Array.from({ length: 199 }, (_, i) => long('/api/v2/resources', i)), '(other routes)'];
  const statuses = ['200', '201', '204', '301', '302', '304', '400', '401', '403', '404', '410', '429', '500', '502', '503', '504'];
  const buckets = 124;
  const cells: number[] = [];
  const seen = new Set<number>();
  while (cells.length < 400_000) {
    const r = rng.int(200);
    const s = rng.int(statuses.length);
    const b = rng.int(buckets);
    const key = (r * statuses.length + s) * buckets + b;
    if (seen.has(key)) continue;
    seen.add(key);
    cells.push(r, s, b, rng.range(1, 250_000));
  }
  const cube: Cube = {
    start: '2024-03-01T00:00:00.000Z',
    bucketSeconds: 21_600,
    buckets,
    routes,
    statuses,
    cells,
    undated: [[0, 0, 12]],
  };
  const rows: RouteRow[] = Array.from({ length: topRows }, (_, i) => ({
    template: long('/api/v2/resources', i),
    count: 9_000_000 - i * 1000,
    statuses: { codes: { '200': 8_000_000, '404': 1_000_000 - i * 1000 }, classes: { '2xx': 8_000_000, '4xx': 1_000_000 - i * 1000 } },
    bytes: 123_456_789_012,
    latency: { p50: 0.0123, p95: 0.456, p99: 2.5 },
  }));
  const list = (prefix: string): TopJSON => ({
    distinct: null,
    distinctAtLeast: 20_000,
    maxOvercount: 999,
    top: Array.from({ length: topRows }, (_, i) => ({ value: long(prefix, i), count: 1_000_000 - i, overcount: 999 })),
  });
  const requests = 900_000_000;
  return {
    lines: requests,
    emptyLines: 0,
    lineErrors: {},
    targets: targets(requests, rows, 10_000, list('/api/v2/resources')),
    referrers: { ...referrers(1000), hosts: list('https://a-long-referring-site.example'), paths: list('/from') },
    timeline: {
      unit: 'hour',
      start: cube.start,
      counts: Array.from({ length: 744 }, () => rng.range(100_000, 2_000_000)),
      undated: 12,
      routes: rows
        .slice(0, topRows)
        .map((r) => ({ template: r.template, counts: Array.from({ length: 744 }, () => rng.range(0, 99_999)) })),
    },
    statuses: { codes: { '200': requests }, classes: { '2xx': requests } },
    visitors: {
      distinct: 4_200_000,
      exact: false,
      error: 0.0081,
      perDay: Array.from({ length: 31 }, (_, i) => ({ day: `2024-03-${String(i + 1).padStart(2, '0')}`, distinct: 150_000, exact: false })),
    },
    bytes: { total: 12_345_678_901_234, classes: { '2xx': 12_345_678_901_234 } },
    bots: { requests: 100_000_000, agents: list('Mozilla/5.0 (compatible; SomeCrawler'), bots: list('Crawler') },
    brokenLinks: Array.from({ length: topRows }, (_, i) => ({
      target: long('/gone', i),
      referrer: long('https://shop.example/from', i),
      count: 10_000 - i,
    })),
    cube,
  };
}

/** The routes' panels: requests by route (templates matched, or routes found) with each one's chart, and each route's bytes and latency percentiles. */
import type { TimelineJSON, UriStatsJSON } from '../counts.js';
import { spark, when } from './chart.js';
import { type RouteRow, routeRows } from './data.js';
import { bytes, cell, esc, fmt, num, numCell, row, scope, table, topTable } from './html.js';

/** The routes (templates matched, or routes found) with counts, share and each one's chart. */
export function routesPanel(s: UriStatsJSON, t: TimelineJSON | undefined, top: number, filters: boolean): string {
  const series = new Map((t?.routes ?? []).map((r) => [r.template, r.counts]));
  const rows = routeRows(s, top);
  if (rows === null) return '';
  let rest: Array<[string, number]> = [];
  let title: string;
  let note: string;
  if (s.routes !== undefined) {
    if (s.routes.unrouted > 0) rest = [['(no route)', s.routes.unrouted]];
    rest.push(...noPathRows(s.routes.noPath));
    title = 'Routes found';
    note = `${fmt(s.routes.distinct)} routes: paths whose segments differ only by ids (numbers, UUIDs, hashes, dates, tokens) or by one of many values at their position. The top ${top} by requests.`;
  } else {
    const tp = s.templates!;
    const matched = tp.counts.filter((r) => r.count > 0);
    if (matched.length > rows.length)
      rest = [[`(${fmt(matched.length - rows.length)} more templates)`, tp.matched - rows.reduce((a, r) => a + r.count, 0)]];
    if (tp.unmatched > 0) rest.push(['(no template)', tp.unmatched]);
    rest.push(...noPathRows(tp.noPath));
    title = 'Routes (templates)';
    const unused = tp.counts.length - matched.length;
    note = `Requests by the first template of the file their target matches${matched.length > rows.length ? `; the top ${fmt(top)} of the ${fmt(matched.length)} that matched` : ''}.${unused > 0 ? ` ${fmt(unused)} of ${fmt(tp.counts.length)} templates matched nothing.` : ''}`;
  }
  const hasSeries = series.size > 0;
  const body = [
    ...rows.map((r) => {
      const c = series.get(r.template);
      const chart = c === undefined ? '' : spark(c, `${r.template} per ${t!.unit}, ${when(t!, 0)} to ${when(t!, c.length - 1)} UTC`);
      return row([cell(r.template), num(r.count, s.valid), ...(hasSeries ? [`<td class="sparkline">${chart}</td>`] : [])]);
    }),
    ...rest.map(([k, n]) => row([cell(k, 'none'), num(n, s.valid), ...(hasSeries ? ['<td></td>'] : [])])),
  ];
  const misses =
    s.templates === undefined || s.templates.unmatched === 0
      ? ''
      : topTable('Targets no template matched', 'target', s.templates.unmatchedTargets, s.valid);
  const head = ['route', 'count', 'share', ...(hasSeries ? [`per ${t!.unit}`] : [])];
  return `<section class="panel"><h2>${esc(title)}</h2><p class="sub">${esc(note)}</p>${scope(filters)}${table(head, body, 'routes')}</section>${misses === '' ? '' : `<section class="grid2">${misses}</section>`}`;
}

/** The rows of the requests of a form with no path (`CONNECT host:443`, `OPTIONS *`), which match no route. */
function noPathRows(n: { authority: number; asterisk: number }): Array<[string, number]> {
  const rows: Array<[string, number]> = [
    ['(authority-form: CONNECT)', n.authority],
    ['(asterisk-form: OPTIONS *)', n.asterisk],
  ];
  return rows.filter(([, count]) => count > 0);
}

/** A time in seconds as people read it: "42 ms", "1.25 s". */
export function seconds(x: number): string {
  if (x < 1) {
    const ms = x * 1000;
    return `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`;
  }
  return `${x.toFixed(2)} s`;
}

/** Each route's bytes and, when the log writes a time taken, its latency p50, p95 and p99; '' when the rows have neither. */
export function routeCostsPanel(s: UriStatsJSON, top: number, filters: boolean): string {
  const rows = (routeRows(s, top) ?? []).filter((r) => r.bytes !== undefined || r.latency !== undefined);
  if (rows.length === 0) return '';
  const timed = rows.some((r) => r.latency !== undefined);
  const sized = rows.some((r) => r.bytes !== undefined);
  const lat = (r: RouteRow, k: 'p50' | 'p95' | 'p99'): string =>
    r.latency === undefined ? '<td class="n none" data-value="-1">–</td>' : numCell(r.latency[k], seconds(r.latency[k]));
  const body = rows.map((r) =>
    row(
      [
        cell(r.template),
        numCell(r.count, fmt(r.count)),
        ...(sized ? [numCell(r.bytes ?? 0, bytes(r.bytes ?? 0))] : []),
        ...(timed ? [lat(r, 'p50'), lat(r, 'p95'), lat(r, 'p99')] : []),
      ],
      ` data-route="${esc(r.template)}"`,
    ),
  );
  const head = ['route', 'requests', ...(sized ? ['bytes'] : []), ...(timed ? ['p50', 'p95', 'p99'] : [])];
  const what = timed
    ? 'Latency: the time the log writes for each request, its median (p50), 95th and 99th percentiles, from a sketch that merges across threads and days, each within 1% of a true one.'
    : 'The log writes no time taken: no latency.';
  return `<section class="panel"><h2>${timed ? 'Latency and bytes by route' : 'Bytes by route'}</h2><p class="sub">${esc(what)}</p>${scope(filters, '', timed ? 'Whole run: percentiles are not kept by time or status, so only the route filter applies here (its row is marked).' : 'Whole run: only the route filter applies here (its row is marked).')}${table(head, body, 'costs', head.slice(1))}</section>`;
}

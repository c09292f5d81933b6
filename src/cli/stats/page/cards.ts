/** The summary cards at the top of the page: what was read, what was valid, what is distinct, visitors, bytes, bots, errors, the time spanned. */
import type { TopJSON, UriStatsJSON } from '../counts.js';
import type { ReportJSON } from './data.js';
import { bytes, esc, fmt, pct } from './html.js';
import { span } from './timeline.js';
import { visitorsText } from './visitors.js';

/** A card: what is counted, the number, a line under it. */
type Card = [string, string, string];

/** The requests the log's statuses count (every request has one), else the targets read. */
export function requestCount(json: ReportJSON, main: UriStatsJSON): number {
  return json.statuses === undefined ? main.uris : Object.values(json.statuses.codes).reduce((a, b) => a + b, 0);
}

const ESTIMATED = 'estimated, within about 1%';

/** The heading's count of a list's distinct values past --track: its estimate, when the JSON has one; else null. */
export function estimate(t: TopJSON, json: ReportJSON, key: string): string | null {
  const e = json.distinctEstimates?.[key];
  return t.distinct === null && e !== undefined ? `≈${fmt(e)} distinct (${ESTIMATED})` : null;
}

/**
 * A list's distinct values: exact; or, past --track, the estimate `distinctEstimates` gives
 * (a HyperLogLog: within about 1%), else the least it can be.
 */
export function distinct(t: TopJSON, json: ReportJSON, key: string): [string, string] {
  if (t.distinct !== null) return [fmt(t.distinct), 'counted exactly'];
  const e = json.distinctEstimates?.[key];
  if (e !== undefined) return [`≈${fmt(e)}`, ESTIMATED];
  return [`≥${fmt(t.distinctAtLeast!)}`, 'at least (no estimate kept); raise --track to count exactly'];
}

/** The key of `distinctEstimates` for a list: the kind (0 targets or URIs, 1 referrers), then s, h or p. */
export const KEY = (kind: number, list: string): string => `${kind}${list === 'schemes' ? 's' : list === 'paths' ? 'p' : 'h'}`;

export function cards(json: ReportJSON, main: UriStatsJSON, groups: string, log: boolean): string {
  const refs = json.referrers;
  const noUri = Object.values(json.lineErrors).reduce((a, b) => a + b, 0);
  const requests = requestCount(json, main);
  const badRefs = refs !== undefined && refs.invalid > 0 ? `; ${fmt(refs.invalid)} invalid referrers` : '';
  const list: Card[] = [
    ['lines', fmt(json.lines), json.emptyLines > 0 ? `${fmt(json.emptyLines)} empty` : 'read'],
    [log ? 'request targets' : 'URIs', fmt(main.uris), `${fmt(main.valid)} valid`],
    [
      log ? 'lines without a valid target' : 'invalid lines',
      fmt(main.invalid + noUri),
      `${pct(main.invalid + noUri, json.lines - json.emptyLines) || '0%'} of lines${badRefs}`,
    ],
  ];
  // Origin-form targets have no host: then the sites that sent visitors.
  if ((main[groups] as TopJSON).distinct === 0 && refs !== undefined) {
    const [v, sub] = distinct(refs[groups] as TopJSON, json, KEY(1, groups));
    list.push(['referrer sites', v, `${sub}; of ${fmt(refs.valid)} valid referrers`]);
  } else {
    const [v, sub] = distinct(main[groups] as TopJSON, json, KEY(0, groups));
    list.push([`distinct ${groups}`, v, `${sub}; of valid ${log ? 'targets' : 'URIs'}`]);
  }
  const [paths, pathsSub] = distinct(main.paths, json, KEY(0, 'paths'));
  list.push([`distinct paths`, paths, `${pathsSub}; of valid ${log ? 'targets' : 'URIs'}`]);
  const r = main.routes;
  if (r !== undefined) list.push(['routes found', fmt(r.distinct), `${pct(r.matched, main.valid)} of valid targets`]);
  const t = main.templates;
  if (t !== undefined) list.push(['matched a template', fmt(t.matched), pct(t.matched, main.valid)]);
  if (json.visitors !== undefined)
    list.push([
      'visitors',
      visitorsText(json.visitors),
      json.visitors.exact
        ? 'distinct client addresses'
        : `distinct client addresses, estimated: ±${((json.visitors.error ?? 0) * 100).toFixed(1)}% (one standard error)`,
    ]);
  const s = json.statuses;
  if (s !== undefined) {
    const errors = (s.classes['4xx'] ?? 0) + (s.classes['5xx'] ?? 0);
    list.push(['error answers', fmt(errors), `4xx and 5xx: ${pct(errors, requests) || '0%'} of requests`]);
  }
  if (json.bots !== undefined)
    list.push(['requests from bots', fmt(json.bots.requests), `${pct(json.bots.requests, requests) || '0%'} of requests`]);
  if (json.bytes !== undefined) list.push(['bytes sent', bytes(json.bytes.total), `${fmt(json.bytes.total)} bytes`]);
  const tl = json.timeline;
  if (tl !== undefined) list.push(['time span', span(tl), `by ${tl.unit}, UTC`]);
  return `<section class="cards">${list
    .map(
      ([k, v, sub]) =>
        `<div class="card"><div class="k">${esc(k)}</div><div class="v">${esc(v)}</div><div class="s">${esc(sub)}</div></div>`,
    )
    .join('')}</section>`;
}

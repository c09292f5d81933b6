/** The broken links' panel: targets answered 404 or 410, with the pages that linked them: the list a site owner fixes links from. */
import type { ReportJSON } from './data.js';
import { AT_MOST, cell, esc, fmt, num, row, scope, table } from './html.js';

export function brokenLinksPanel(links: NonNullable<ReportJSON['brokenLinks']>, top: number, filters: boolean): string {
  const total = links.reduce((a, l) => a + l.count, 0);
  const rows = links.map((l) =>
    row([cell(l.target), l.referrer === '-' ? cell('(no referrer)', 'none') : cell(l.referrer), num(l.count, total, l.overcount)]),
  );
  return `<div class="panel wide"><h3>Broken links <small>targets answered 404 or 410, by the page that linked them</small></h3>${scope(filters, `The ${fmt(top)} most frequent pairs of target and referrer; the share is of the ${fmt(total)} requests they hold.`)}${table(['target', 'referrer', 'count', 'share'], rows, 'links')}${links.some((l) => (l.overcount ?? 0) > 0) ? AT_MOST : ''}</div>`;
}

/** Nothing to fix: the panel says so rather than vanish. */
export function noBrokenLinks(): string {
  return `<div class="panel"><h3>Broken links</h3><p class="note">${esc('No request was answered 404 or 410.')}</p></div>`;
}

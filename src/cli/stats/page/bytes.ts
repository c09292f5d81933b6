/** The bytes' panel: the size field of the log summed, by status class. */
import type { ReportJSON } from './data.js';
import { bytes, cell, esc, fmt, row, scope, shareCell, table } from './html.js';

export function bytesPanel(b: NonNullable<ReportJSON['bytes']>, filters: boolean): string {
  const rows = Object.entries(b.classes)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort((x, y) => y[1]! - x[1]! || (x[0] < y[0] ? -1 : 1))
    .map(([k, n]) =>
      row([cell(k), `<td class="n" data-value="${n}" title="${fmt(n!)} bytes">${esc(bytes(n!))}</td>`, shareCell(n!, b.total)]),
    );
  return `<div class="panel"><h3>Bytes sent <small>${esc(`${bytes(b.total)} (${fmt(b.total)} bytes)`)}</small></h3>${scope(filters, `The response sizes the log writes, summed by status class.`)}${table(['class', 'bytes', 'share'], rows, 'bytes', ['bytes'])}</div>`;
}

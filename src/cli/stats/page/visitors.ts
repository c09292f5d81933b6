/** The visitors' panel: distinct client addresses per day (exact, or an estimate with its standard error). */
import type { ReportJSON } from './data.js';
import { cell, esc, fmt, numCell, row, scope, table } from './html.js';

type Visitors = NonNullable<ReportJSON['visitors']>;

/** A distinct count as the page says it: exact, or "≈N" with its relative standard error. */
export function visitorsText(v: { distinct: number; exact: boolean }, error?: number): string {
  if (v.exact) return fmt(v.distinct);
  return `≈${fmt(v.distinct)}${error === undefined ? '' : ` ±${(error * 100).toFixed(1)}%`}`;
}

export function visitorsPanel(v: Visitors, filters: boolean): string {
  if (v.perDay.length === 0) return '';
  const most = Math.max(1, ...v.perDay.map((d) => d.distinct));
  const rows = v.perDay.map((d) =>
    row([
      cell(d.day),
      numCell(d.distinct, visitorsText(d, d.error)),
      `<td class="share"><span class="meter"><span style="width:${((100 * d.distinct) / most).toFixed(2)}%"></span></span></td>`,
    ]),
  );
  const how = v.exact
    ? 'Distinct client addresses, counted exactly.'
    : `Distinct client addresses, estimated (HyperLogLog): within ±${((v.error ?? 0) * 100).toFixed(1)}% two times in three, ±${((v.error ?? 0) * 200).toFixed(1)}% nineteen times in twenty (a day's own bound beside it).`;
  const left = v.perDayLeftOut === undefined ? '' : ` ${fmt(v.perDayLeftOut)} requests of later days are counted in all only.`;
  return `<div class="panel"><h3>Visitors per day <small>${esc(`${visitorsText(v, v.error)} in all`)}</small></h3>${scope(filters, `${how} A visitor on two days counts on each.${left}`)}${table(['day (UTC)', 'visitors', ''], rows, 'days', ['visitors'])}</div>`;
}

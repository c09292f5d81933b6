/** The page's HTML pieces: escaped text, numbers, sortable tables of counts with their shares, panels and their scope lines. */
import { terminalSafe } from '../../io/quote.js';
import type { TopJSON } from '../counts.js';

/** Text from the input (or anything else) as HTML text or an attribute's value. */
export function esc(s: string): string {
  return terminalSafe(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const fmt = (n: number): string => n.toLocaleString('en-US');
/** `n`'s share of `total` to a tenth of a percent; "<0.1%" rather than "0.0%" for a share that is not none. */
export const pct = (n: number, total: number): string =>
  total <= 0 ? '' : n > 0 && (1000 * n) / total < 0.5 ? '<0.1%' : `${((100 * n) / total).toFixed(1)}%`;

/** A list's name for one of its values. */
export const ONE: Readonly<Record<string, string>> = { hosts: 'host', domains: 'domain', suffixes: 'suffix' };

/** A count of bytes as people read it: "812 B", "4.2 MB", "1.31 GB" (powers of 1,000). */
export function bytes(n: number): string {
  if (n < 1000) return `${fmt(n)} B`;
  const units = ['kB', 'MB', 'GB', 'TB', 'PB'];
  let v = n / 1000;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0)} ${units[u]}`;
}

/** The scope line of a panel the filters do not change. */
export const WHOLE_RUN = 'Whole run: the filters do not apply here.';

/**
 * What the filters do to a panel, said under its title: `whole` (by default that they do not
 * apply) when the page has filters, then `more`; nothing when both are empty.
 */
export function scope(filters: boolean, more = '', whole = WHOLE_RUN): string {
  const text = [filters ? whole : '', more].filter((t) => t !== '').join(' ');
  return text === '' ? '' : `<p class="scope">${esc(text)}</p>`;
}

export function section(title: string, parts: string[], note = ''): string {
  return `<h2 class="band">${esc(title)}</h2>${note === '' ? '' : `<p class="note">${esc(note)}</p>`}<section class="grid2">${parts.join('')}</section>`;
}

/** The footnote under a table that has a ≤N row. */
export const AT_MOST =
  '<p class="foot">≤N: at most N, and at least N less the overcount beside it (a value counted approximately once --track values were kept; raise --track to count more exactly).</p>';

export function topTable(title: string, what: string, t: TopJSON, total: number, estimate: string | null = null, extra = ''): string {
  const rows = t.top.map((c) =>
    row([cell(c.value ?? '(relative)', c.value === null || c.value === '' ? 'none' : ''), num(c.count, total, c.overcount)]),
  );
  const d = t.distinct !== null ? `${fmt(t.distinct)} distinct` : (estimate ?? `at least ${fmt(t.distinctAtLeast!)} distinct`);
  const foot = t.top.some((c) => (c.overcount ?? 0) > 0) ? AT_MOST : '';
  return `<div class="panel"><h3>${esc(title)} <small>${esc(d)}</small></h3>${extra}${table([what, 'count', 'share'], rows, 'top')}${foot}</div>`;
}

export function mapTable(title: string, what: string, m: Record<string, number>, total: number, extra = ''): string {
  const rows = Object.entries(m)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => row([cell(k), num(n, total)]));
  return `<div class="panel"><h3>${esc(title)}</h3>${extra}${table([what, 'count', 'share'], rows, 'map')}</div>`;
}

/** A table whose columns named in `sortable` (and the first) sort by a click; `kind` classes it. */
export function table(head: string[], rows: string[], kind: string, sortable: readonly string[] = ['count']): string {
  if (rows.length === 0) return '<p class="note">None.</p>';
  const th = head
    .map((h, i) =>
      i === 0 || sortable.includes(h)
        ? `<th scope="col" data-type="${i === 0 ? 'text' : 'num'}"><button type="button">${esc(h)}</button></th>`
        : `<th scope="col">${esc(h)}</th>`,
    )
    .join('');
  return `<div class="scroll"><table class="sortable ${kind}"><thead><tr>${th}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

export function row(cells: string[], attrs = ''): string {
  return `<tr${attrs}>${cells.join('')}</tr>`;
}

/** A cell of text from the input; `cls` 'none' for a value that stands for no value ("(no route)"). */
export function cell(value: string, cls = ''): string {
  const shown = value === '' ? '(empty)' : value;
  // Long paths wrap after their delimiters rather than anywhere.
  return `<td class="v${value === '' || cls !== '' ? ' none' : ''}" data-value="${esc(value)}">${shown
    .split(/(?<=[/?&=])/)
    .map(esc)
    .join('<wbr>')}</td>`;
}

/** A count and its share, with a bar; `over`: the most it may exceed the true count. */
export function num(n: number, total: number, over = 0): string {
  const count = over > 0 ? `≤${fmt(n)} <small>(−${fmt(over)})</small>` : fmt(n);
  return `<td class="n" data-value="${n}">${count}</td>${shareCell(n, total)}`;
}

/** `n`'s share of `total`, with a bar. */
export function shareCell(n: number, total: number): string {
  const share = total > 0 ? (100 * n) / total : 0;
  return `<td class="share"><span class="meter"><span style="width:${share.toFixed(2)}%"></span></span>${esc(pct(n, total))}</td>`;
}

/** A number cell shown as `text`, sorted by `n`. */
export function numCell(n: number, text: string): string {
  return `<td class="n" data-value="${n}">${esc(text)}</td>`;
}

/**
 * `stats --html FILE`: the report as one HTML page, made from the same JSON `--json` writes (so
 * its numbers are those): summary cards, a bar chart of requests by time, tables of routes (each
 * with its own small chart), paths, hosts, schemes, forms, referrer sites, and of what was
 * invalid. The page needs no network: its style, its SVG charts and a small script (sorting the
 * tables, reading a chart's bar under the pointer) are inline, and its Content-Security-Policy
 * lets no other script run. Everything from the input is escaped, its control and
 * bidirectional-formatting characters shown as `\u202E`: a log is written by whoever sends
 * requests.
 */
import { createHash } from 'node:crypto';
import { terminalSafe } from '../io/quote.js';
import type { StatsJSON, TimelineJSON, TopJSON, UriStatsJSON } from './counts.js';

/** What the page says of its run. */
export interface ReportMeta {
  /** The input, as the table's title names it. */
  title: string;
  /** --top. */
  top: number;
  /** The hosts' list: hosts, domains or suffixes (--group-by). */
  groups: string;
}

/** Text from the input (or anything else) as HTML text or an attribute's value. */
function esc(s: string): string {
  return terminalSafe(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const fmt = (n: number): string => n.toLocaleString('en-US');
/** A list's name for one of its values. */
const ONE: Readonly<Record<string, string>> = { hosts: 'host', domains: 'domain', suffixes: 'suffix' };
const pct = (n: number, total: number): string => (total > 0 ? `${((100 * n) / total).toFixed(1)}%` : '');

/** The page. */
export function htmlReport(json: StatsJSON, meta: ReportMeta): string {
  const log = json.targets !== undefined;
  const main = (json.targets ?? json.uris)!;
  const refs = json.referrers;
  const body = [
    header(json, meta),
    cards(json, main, meta, log),
    json.timeline === undefined
      ? log
        ? '<p class="note">No log line had a time in the form [17/May/2015:10:05:03 +0000].</p>'
        : ''
      : timeline(json.timeline),
    routes(main, json.timeline, meta),
    section(log ? 'Request targets' : 'URIs', [
      topTable('Top paths', 'path', main.paths, main.valid),
      // Origin-form targets have no host.
      (main[meta.groups] as TopJSON).distinct === 0
        ? ''
        : topTable(`Top ${meta.groups}`, ONE[meta.groups] ?? meta.groups, main[meta.groups] as TopJSON, main.valid),
      topTable('Schemes', 'scheme', main.schemes, main.valid),
      main.forms === undefined ? '' : mapTable('Request-target forms', 'form', main.forms, main.valid),
      mapTable(
        'Host types',
        'host type',
        Object.fromEntries(Object.entries(main.hostTypes).map(([k, n]) => [k === 'none' ? '(no authority)' : k, n])),
        main.valid,
      ),
    ]),
    // Nothing read of them (--log common, --log-field target): no section.
    refs === undefined || (refs.uris === 0 && refs.absent === 0)
      ? ''
      : section('Referrers', [
          topTable('Top referrer sites', ONE[meta.groups] ?? meta.groups, refs[meta.groups] as TopJSON, refs.valid),
          topTable('Top referrer paths', 'path', refs.paths, refs.valid),
          topTable('Referrer schemes', 'scheme', refs.schemes, refs.valid),
        ]),
    problems(json, main, refs),
    `<footer>Made by urikit stats. Counts are exact unless marked ≤N: then the count is at most N, and at least N less the overcount shown beside it (raise --track to count more values exactly).</footer>`,
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src data:">
<title>urikit stats: ${esc(meta.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function header(json: StatsJSON, meta: ReportMeta): string {
  const partial =
    json.partial === true
      ? `<p class="partial" role="status"><strong>Partial:</strong> the run was interrupted (Ctrl-C); these are the counts of the ${fmt(json.lines)} lines read until then.</p>`
      : '';
  return `<header><p class="brand">urikit stats</p><h1>${esc(meta.title)}</h1><p class="sub">Made ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC</p>${partial}</header>`;
}

function cards(json: StatsJSON, main: UriStatsJSON, meta: ReportMeta, log: boolean): string {
  const refs = json.referrers;
  const noUri = Object.values(json.lineErrors).reduce((a, b) => a + b, 0);
  const list: Array<[string, string, string]> = [
    ['lines', fmt(json.lines), json.emptyLines > 0 ? `${fmt(json.emptyLines)} empty` : 'read'],
    [log ? 'request targets' : 'URIs', fmt(main.uris), `${fmt(main.valid)} valid`],
    ['invalid', fmt(main.invalid + noUri), `${pct(main.invalid + noUri, json.lines - json.emptyLines)} of lines`],
    // Origin-form targets have no host: then the sites that sent visitors.
    (main[meta.groups] as TopJSON).distinct === 0 && refs !== undefined
      ? ['referrer sites', distinct(refs[meta.groups] as TopJSON), `${fmt(refs.valid)} referrers`]
      : [`distinct ${meta.groups}`, distinct(main[meta.groups] as TopJSON), 'valid URIs'],
    ['distinct paths', distinct(main.paths), 'valid URIs'],
  ];
  const r = main.routes;
  if (r !== undefined) list.push(['routes found', fmt(r.distinct), `${pct(r.matched, main.valid)} of valid URIs`]);
  const t = main.templates;
  if (t !== undefined) list.push(['matched a template', fmt(t.matched), pct(t.matched, main.valid)]);
  const tl = json.timeline;
  if (tl !== undefined) list.push(['time span', span(tl), `by ${tl.unit}, UTC`]);
  return `<section class="cards">${list
    .map(
      ([k, v, sub]) =>
        `<div class="card"><div class="k">${esc(k)}</div><div class="v">${esc(v)}</div><div class="s">${esc(sub)}</div></div>`,
    )
    .join('')}</section>`;
}

function distinct(t: TopJSON): string {
  return t.distinct !== null ? fmt(t.distinct) : `≥${fmt(t.distinctAtLeast!)}`;
}

const STEP = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** The time of bucket `i` of a series: its date and time, its date alone (days), or `short`: its time alone (or month, day and time). */
function when(t: TimelineJSON, i: number, short: 'time' | 'day-time' | null = null): string {
  const iso = new Date(Date.parse(t.start) + i * STEP[t.unit]).toISOString();
  if (t.unit === 'day') return iso.slice(0, 10);
  if (short === 'time') return iso.slice(11, 16);
  if (short === 'day-time') return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** How long the series covers: "45 min", "2 h 5 min", "3 days". */
function span(t: TimelineJSON): string {
  const minutes = (t.counts.length * STEP[t.unit]) / 60_000;
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 2880) return `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
  return `${fmt(Math.round(minutes / 1440))} days`;
}

/** The largest of 1, 2, 5 × 10^k at least `n` (an axis's top). */
function niceMax(n: number): number {
  if (n <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p;
  /* c8 ignore next */
  return 10 * p;
}

/** Bars of `counts` in a `w` × `h` box (stretched to the page's width), each with its tooltip. */
function bars(counts: readonly number[], top: number, h: number, label: (i: number) => string, cls: string): string {
  const n = counts.length;
  const w = n;
  const gap = n > 120 ? 0 : 0.15;
  let out = '';
  counts.forEach((c, i) => {
    const bh = top > 0 ? (c / top) * h : 0;
    out += `<rect class="${cls}" x="${i + gap / 2}" y="${(h - bh).toFixed(3)}" width="${1 - gap}" height="${bh.toFixed(3)}" data-n="${c}"><title>${esc(label(i))}: ${fmt(c)}</title></rect>`;
  });
  return `<svg viewBox="0 0 ${w} ${h}" preserveAspectRatio="none" role="img">${out}</svg>`;
}

function timeline(t: TimelineJSON): string {
  const counts = t.counts;
  const total = counts.reduce((a, b) => a + b, 0);
  let busiest = 0;
  counts.forEach((n, i) => {
    if (n > counts[busiest]!) busiest = i;
  });
  const top = niceMax(counts[busiest]!);
  const ticks = Math.min(5, counts.length);
  const xs = Array.from({ length: ticks }, (_, k) => (ticks === 1 ? 0 : Math.round((k * (counts.length - 1)) / (ticks - 1))));
  // Times alone when the chart stays within one day, else with the month and day.
  const oneDay = when(t, 0).slice(0, 10) === when(t, counts.length - 1).slice(0, 10);
  const xLabels = xs
    .map(
      (i) =>
        `<span style="left:${(((i + 0.5) / counts.length) * 100).toFixed(2)}%">${esc(when(t, i, oneDay ? 'time' : 'day-time'))}</span>`,
    )
    .join('');
  const undated = t.undated > 0 ? ` ${fmt(t.undated)} lines had no readable time and are not shown.` : '';
  return `<section class="panel">
<h2>Requests per ${t.unit}</h2>
<p class="sub">${fmt(total)} requests from ${esc(when(t, 0))} to ${esc(when(t, counts.length - 1))} UTC; busiest ${t.unit}: ${esc(when(t, busiest))} (${fmt(counts[busiest]!)}).${undated}</p>
<p class="readout" aria-live="polite">&nbsp;</p>
<div class="chart" data-bars="${counts.length}">
<div class="grid"><span style="bottom:100%"><i>${fmt(top)}</i></span><span style="bottom:50%"><i>${fmt(top / 2)}</i></span><span style="bottom:0"><i>0</i></span></div>
${bars(counts, top, 100, (i) => `${when(t, i)} UTC`, 'bar')}
<div class="x">${xLabels}</div>
</div>
</section>`;
}

/** The routes (templates matched, or routes found) with counts, share and each one's chart. */
function routes(s: UriStatsJSON, t: TimelineJSON | undefined, meta: ReportMeta): string {
  const series = new Map((t?.routes ?? []).map((r) => [r.template, r.counts]));
  let rows: Array<{ template: string; count: number }>;
  let rest: Array<[string, number]> = [];
  let title: string;
  let note: string;
  if (s.routes !== undefined) {
    rows = s.routes.top;
    if (s.routes.unrouted > 0) rest = [['(no route)', s.routes.unrouted]];
    rest.push(...noPathRows(s.routes.noPath));
    title = 'Routes found';
    note = `${fmt(s.routes.distinct)} routes: paths whose segments differ only by ids (numbers, UUIDs, hashes, dates, tokens) or by one of many values at their position. The top ${meta.top} by count.`;
  } else if (s.templates !== undefined) {
    rows = s.templates.counts.filter((r) => r.count > 0).sort((a, b) => b.count - a.count || a.line - b.line);
    if (s.templates.unmatched > 0) rest = [['(no template)', s.templates.unmatched]];
    rest.push(...noPathRows(s.templates.noPath));
    title = 'Routes (templates)';
    const unused = s.templates.counts.length - rows.length;
    note = `Requests by the first template of the file their target matches.${unused > 0 ? ` ${fmt(unused)} of ${fmt(s.templates.counts.length)} templates matched nothing.` : ''}`;
  } else return '';
  const hasSeries = series.size > 0;
  const body = [
    ...rows.map((r) => {
      const c = series.get(r.template);
      const spark = c === undefined ? '' : bars(c, Math.max(1, ...c), 20, (i) => `${when(t!, i)} UTC`, 'spark');
      return row([cell(r.template), num(r.count, s.valid), ...(hasSeries ? [`<td class="sparkline">${spark}</td>`] : [])]);
    }),
    ...rest.map(([k, n]) => row([cell(k, 'none'), num(n, s.valid), ...(hasSeries ? ['<td></td>'] : [])])),
  ];
  const misses =
    s.templates === undefined || s.templates.unmatched === 0
      ? ''
      : topTable('Targets no template matched', 'target', s.templates.unmatchedTargets, s.valid);
  const head = ['route', 'count', 'share', ...(hasSeries ? [`per ${t!.unit}`] : [])];
  return `<section class="panel"><h2>${esc(title)}</h2><p class="sub">${esc(note)}</p>${table(head, body, 'routes')}</section>${misses === '' ? '' : `<section class="grid2">${misses}</section>`}`;
}

/** The rows of the requests of a form with no path (`CONNECT host:443`, `OPTIONS *`), which match no route. */
function noPathRows(n: { authority: number; asterisk: number }): Array<[string, number]> {
  const rows: Array<[string, number]> = [
    ['(authority-form: CONNECT)', n.authority],
    ['(asterisk-form: OPTIONS *)', n.asterisk],
  ];
  return rows.filter(([, count]) => count > 0);
}

function section(title: string, parts: string[]): string {
  return `<h2 class="band">${esc(title)}</h2><section class="grid2">${parts.join('')}</section>`;
}

function problems(json: StatsJSON, main: UriStatsJSON, refs: UriStatsJSON | undefined): string {
  const lines = json.lines - json.emptyLines;
  const parts = [
    Object.keys(json.lineErrors).length === 0 ? '' : mapTable('Lines without a URI', 'reason', json.lineErrors, lines),
    main.invalid === 0 ? '' : mapTable(refs === undefined ? 'Invalid URIs' : 'Invalid request targets', 'error', main.errors, main.uris),
    refs === undefined || refs.invalid === 0 ? '' : mapTable('Invalid referrers', 'error', refs.errors, refs.uris),
    Object.keys(main.warnings).length === 0 ? '' : mapTable('Kept by --lenient', 'warning', main.warnings, main.valid),
  ].filter((p) => p !== '');
  if (parts.length === 0) return section('Invalid lines', ['<p class="note">None: every line held a valid URI.</p>']);
  return section('Invalid lines', parts);
}

function topTable(title: string, what: string, t: TopJSON, total: number): string {
  const rows = t.top.map((c) =>
    row([cell(c.value ?? '(relative)', c.value === null || c.value === '' ? 'none' : ''), num(c.count, total, c.overcount)]),
  );
  const d = t.distinct !== null ? `${fmt(t.distinct)} distinct` : `at least ${fmt(t.distinctAtLeast!)} distinct; approximate`;
  return `<div class="panel"><h3>${esc(title)} <small>${esc(d)}</small></h3>${table([what, 'count', 'share'], rows, 'top')}</div>`;
}

function mapTable(title: string, what: string, m: Record<string, number>, total: number): string {
  const rows = Object.entries(m)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => row([cell(k), num(n, total)]));
  return `<div class="panel"><h3>${esc(title)}</h3>${table([what, 'count', 'share'], rows, 'map')}</div>`;
}

function table(head: string[], rows: string[], kind: string): string {
  if (rows.length === 0) return '<p class="note">None.</p>';
  const th = head
    .map((h, i) =>
      i === 0 || h === 'count'
        ? `<th scope="col" data-type="${i === 0 ? 'text' : 'num'}"><button type="button">${esc(h)}</button></th>`
        : `<th scope="col">${esc(h)}</th>`,
    )
    .join('');
  return `<div class="scroll"><table class="sortable ${kind}"><thead><tr>${th}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function row(cells: string[]): string {
  return `<tr>${cells.join('')}</tr>`;
}

function cell(value: string, cls = ''): string {
  const shown = value === '' ? '(empty)' : value;
  // Long paths wrap after their delimiters rather than anywhere.
  return `<td class="v${value === '' || cls !== '' ? ' none' : ''}" data-value="${esc(value)}">${shown
    .split(/(?<=[/?&=])/)
    .map(esc)
    .join('<wbr>')}</td>`;
}

/** A count and its share, with a bar; `over`: the most it may exceed the true count. */
function num(n: number, total: number, over = 0): string {
  const share = total > 0 ? (100 * n) / total : 0;
  const count = over > 0 ? `≤${fmt(n)} <small>(−${fmt(over)})</small>` : fmt(n);
  return `<td class="n" data-value="${n}">${count}</td><td class="share"><span class="meter"><span style="width:${share.toFixed(2)}%"></span></span>${esc(pct(n, total))}</td>`;
}

/** Sorting (a click on a column's button) and the chart's readout; nothing else runs. */
const SCRIPT = `(() => {
  for (const th of document.querySelectorAll('table.sortable th[data-type]')) {
    th.querySelector('button').addEventListener('click', () => {
      const table = th.closest('table');
      const col = Array.prototype.indexOf.call(th.parentNode.children, th);
      const num = th.dataset.type === 'num';
      const now = th.getAttribute('aria-sort');
      // Counts first largest, text first A to Z; a second click turns the order round.
      const dir = now === null ? (num ? -1 : 1) : now === 'ascending' ? -1 : 1;
      for (const other of table.querySelectorAll('th')) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
      const body = table.tBodies[0];
      const key = (tr) => tr.children[col].dataset.value;
      const rows = Array.from(body.rows).sort((a, b) => {
        const x = key(a), y = key(b);
        const c = num ? x - y : x < y ? -1 : x > y ? 1 : 0;
        return c * dir;
      });
      for (const tr of rows) body.appendChild(tr);
    });
  }
  for (const chart of document.querySelectorAll('.chart')) {
    const out = chart.parentNode.querySelector('.readout');
    const svg = chart.querySelector('svg');
    const rects = svg.querySelectorAll('rect');
    const show = (x) => {
      const r = svg.getBoundingClientRect();
      const i = Math.min(rects.length - 1, Math.max(0, Math.floor(((x - r.left) / r.width) * rects.length)));
      for (const b of svg.querySelectorAll('.on')) b.classList.remove('on');
      rects[i].classList.add('on');
      out.textContent = rects[i].querySelector('title').textContent;
    };
    svg.addEventListener('pointermove', (e) => show(e.clientX));
    svg.addEventListener('pointerdown', (e) => show(e.clientX));
  }
})();`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

const STYLE = `
:root{--bg:#f6f7f9;--panel:#fff;--ink:#1c2430;--mute:#5d6b7e;--line:#e3e7ee;--accent:#2f6fed;--accent2:#9dbaf7;--warn:#b4540a;--warnbg:#fff4e5;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0f1318;--panel:#171c23;--ink:#e6eaf0;--mute:#93a0b2;--line:#2a313b;--accent:#6d9bff;--accent2:#3a5899;--warn:#ffb86b;--warnbg:#2e2213}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1180px;margin:0 auto;padding:20px 16px 40px}
header{margin:4px 0 18px}
.brand{margin:0;color:var(--accent);font-weight:700;letter-spacing:.04em;text-transform:uppercase;font-size:12px}
h1{margin:2px 0 2px;font-size:24px;line-height:1.2;overflow-wrap:anywhere}
h2{font-size:18px;margin:0 0 4px}
h2.band{margin:26px 0 10px;font-size:16px;color:var(--mute);text-transform:uppercase;letter-spacing:.05em}
h3{font-size:15px;margin:0 0 8px}
h3 small{color:var(--mute);font-weight:400;margin-left:6px}
.sub,.note{color:var(--mute);margin:0 0 10px;font-size:13.5px}
.partial{background:var(--warnbg);color:var(--warn);border:1px solid currentColor;border-radius:8px;padding:8px 12px;margin:10px 0 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;margin-bottom:16px}
.card,.panel{background:var(--panel);border:1px solid var(--line);border-radius:10px}
.card{padding:12px 14px}
.card .k{color:var(--mute);font-size:12.5px}
.card .v{font-size:22px;font-weight:650;font-variant-numeric:tabular-nums;margin:2px 0}
.card .s{color:var(--mute);font-size:12px}
.panel{padding:14px 16px;margin-bottom:14px;min-width:0}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,460px),1fr));gap:14px}
.grid2>.panel{margin:0}
.chart{position:relative;height:240px;margin:6px 0 26px 44px}
.chart svg{position:relative;display:block;width:100%;height:100%;overflow:visible}
.chart .grid{position:absolute;inset:0;pointer-events:none}
.chart .grid span{position:absolute;left:-44px;right:0;height:0}
.chart .grid span::after{content:"";position:absolute;left:44px;right:0;top:0;border-top:1px dashed var(--line)}
.chart .grid i{position:absolute;right:calc(100% - 38px);top:0;transform:translateY(-50%);font-style:normal;font-size:11.5px;color:var(--mute);font-variant-numeric:tabular-nums}
.chart .x{position:absolute;left:0;right:0;top:100%;height:22px}
.chart .x span{position:absolute;transform:translateX(-50%);top:6px;font-size:11.5px;color:var(--mute);white-space:nowrap}
.chart .x span:first-child{transform:none}
.chart .x span:last-child{transform:translateX(-100%)}
rect.bar{fill:var(--accent)}
rect.bar.on,rect.bar:hover{fill:var(--warn)}
rect.spark{fill:var(--accent)}
.readout{margin:0;min-height:1.4em;font-size:13px;font-variant-numeric:tabular-nums}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th{text-align:left;font-size:12px;color:var(--mute);font-weight:600;border-bottom:1px solid var(--line);padding:0 8px 6px;white-space:nowrap}
th button{all:unset;cursor:pointer}
th button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
th[aria-sort=ascending] button::after{content:" ▲"}
th[aria-sort=descending] button::after{content:" ▼"}
td{padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:middle}
tr:last-child td{border-bottom:0}
td.v{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:break-word;word-break:break-word;unicode-bidi:isolate;min-width:12ch}
td.none{color:var(--mute);font-family:inherit;font-style:italic}
td.n{text-align:right;white-space:nowrap}
td.n small{color:var(--mute)}
td.share{width:130px;white-space:nowrap;font-size:12.5px;color:var(--mute)}
.meter{display:inline-block;vertical-align:middle;width:64px;height:6px;border-radius:3px;background:var(--line);margin-right:6px;overflow:hidden}
.meter span{display:block;height:100%;background:var(--accent2)}
td.sparkline{width:30%;min-width:120px}
td.sparkline svg{display:block;width:100%;height:26px}
footer{color:var(--mute);font-size:12px;margin-top:28px}
@media (max-width:600px){main{padding:14px 10px 30px}h1{font-size:20px}.chart{height:180px}.chart .x span:nth-child(even){display:none}td.share{width:auto}.meter{display:none}td.sparkline{min-width:64px;width:22%}td{padding:6px 5px}}
`;

/** The filter bar (time range, status, route, the filtered total in `#total`) and the cube it filters, embedded in the page as JSON data. */
import { terminalSafe } from '../../io/quote.js';
import type { Cube } from './data.js';
import { esc, fmt } from './html.js';

const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'other'];

/** A status code's class, as the cube counts them. */
export function classOf(code: string): string {
  return /^[1-5][0-9][0-9]$/.test(code) ? `${code[0]}xx` : 'other';
}

/** The requests the cube holds. */
export function cubeTotal(cube: Cube): number {
  let n = 0;
  for (let i = 3; i < cube.cells.length; i += 4) n += cube.cells[i]!;
  for (const u of cube.undated) n += u[2];
  return n;
}

/** The bucket's width in words: "minute", "5 minutes", "hour", "3 hours", "day". */
export function bucketName(seconds: number): string {
  const [n, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : seconds % 60 === 0
          ? [seconds / 60, 'minute']
          : [seconds, 'second'];
  return n === 1 ? unit : `${n} ${unit}s`;
}

/**
 * The cube as the script reads it, in a `<script type="application/json">` (data: no policy
 * lets it run): times in ms, routes and statuses shown as the page shows text (controls and
 * bidirectional formatting as `\u202E`), and the cells as one series per route and status:
 * `[route, status, "cell,cell,…"]`, each cell its count in base 36, after its bucket's distance
 * from the previous one and a dot when that is not 1 (`"3.5cbk"`): a month of 200 routes at the
 * cube's 100,000 cells stays well under a megabyte.
 */
export function cubeData(cube: Cube): string {
  const { cells } = cube;
  if (cells.length % 4 !== 0) throw new Error(`the cube's cells are not quadruples (${cells.length} numbers)`);
  const order: number[] = [];
  for (let i = 0; i < cells.length; i += 4) {
    const r = cells[i]!;
    const s = cells[i + 1]!;
    const b = cells[i + 2]!;
    if (r < -1 || r >= cube.routes.length || s < 0 || s >= cube.statuses.length || b < 0 || b >= cube.buckets)
      throw new Error(`the cube's cell ${i / 4} is out of its ranges: [${r}, ${s}, ${b}]`);
    order.push(i);
  }
  order.sort((x, y) => cells[x]! - cells[y]! || cells[x + 1]! - cells[y + 1]! || cells[x + 2]! - cells[y + 2]!);
  const series: Array<[number, number, string]> = [];
  let tokens: string[] = [];
  let last = -1;
  order.forEach((i, k) => {
    const b = cells[i + 2]!;
    const n = cells[i + 3]!.toString(36);
    tokens.push(b - last === 1 ? n : `${(b - last).toString(36)}.${n}`);
    last = b;
    const next = order[k + 1];
    if (next === undefined || cells[next] !== cells[i] || cells[next + 1] !== cells[i + 1]) {
      series.push([cells[i]!, cells[i + 1]!, tokens.join(',')]);
      tokens = [];
      last = -1;
    }
  });
  const data = {
    start: Date.parse(cube.start),
    step: cube.bucketSeconds * 1000,
    buckets: cube.buckets,
    routes: cube.routes.map(terminalSafe),
    statuses: cube.statuses.map(terminalSafe),
    series,
    undated: cube.undated,
  };
  // No "</script" or "<!--" can end or bend the element: every <, > and & is a JSON escape.
  const json = JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="cube">${json}</script>`;
}

/** The bar of filters; it shows the cube's total until the script runs. */
export function filterBar(cube: Cube): string {
  const total = cubeTotal(cube);
  const start = Date.parse(cube.start);
  const end = start + cube.buckets * cube.bucketSeconds * 1000;
  const minute = (t: number): string => new Date(t).toISOString().slice(0, 16);
  const classes = CLASSES.filter((c) => cube.statuses.some((s) => classOf(s) === c));
  const codes = cube.statuses.filter((s) => /^[1-5][0-9][0-9]$/.test(s)).sort();
  const option = (v: string, text = v): string => `<option value="${esc(v)}">${esc(text)}</option>`;
  const timed = cube.buckets > 0;
  const times = timed
    ? `<label>from (UTC)<input type="datetime-local" id="f-from" step="60" min="${minute(start)}" max="${minute(end)}"></label><label>to (UTC)<input type="datetime-local" id="f-to" step="60" min="${minute(start)}" max="${minute(end)}"></label>`
    : '<input type="hidden" id="f-from"><input type="hidden" id="f-to">';
  const routes =
    cube.routes.length > 0
      ? `<label>route<select id="f-route">${option('', 'all routes')}${cube.routes.map((r) => option(terminalSafe(r))).join('')}</select></label>`
      : '<select id="f-route" hidden><option value=""></option></select>';
  return `<section class="panel filters" aria-label="Filters">
<div class="shown"><span class="k">requests shown</span> <output id="total" data-n="${total}">${fmt(total)}</output> <span id="total-of" class="s">of ${fmt(total)} requests</span></div>
<div class="controls">${times}<label>status<select id="f-status">${option('', 'all statuses')}<optgroup label="classes">${classes.map((c) => option(c)).join('')}</optgroup><optgroup label="codes">${codes.map((c) => option(c)).join('')}</optgroup></select></label>${routes}<button type="button" id="f-clear">clear filters</button></div>
<p id="f-note" class="bad" role="status" hidden></p>
<p class="scope">${timed ? 'Drag across the chart of requests to pick a time range, or type its ends. ' : ''}The panels that say “Filtered” follow these filters at once, from counts of requests by route, status and ${timed ? `${esc(bucketName(cube.bucketSeconds))}` : 'time'} kept in this page; the cards above and the other panels count the whole run.</p>
</section>`;
}

/** The panels the filters change, drawn by the script from the cube: requests over time (with the brush), status classes over time, status codes, errors by route. */
import { timeAxis } from './chart.js';
import type { Cube } from './data.js';
import { bucketName, classOf } from './filters.js';
import { esc } from './html.js';

/** The scope line of a filtered panel: the script adds the filters set. */
function filtered(what: string): string {
  return `<p class="scope filtered" data-what="${esc(what)}">${esc(what)}</p>`;
}

/** An empty chart the script fills: the count axis, the bars' box, the brush, the time axis. */
function chart(id: string, cube: Cube): string {
  const start = Date.parse(cube.start);
  return `<div class="chart" id="${id}"><div class="grid"><span style="bottom:100%"><i></i></span><span style="bottom:50%"><i></i></span><span style="bottom:0"><i>0</i></span></div><svg viewBox="0 0 ${cube.buckets} 100" preserveAspectRatio="none" role="img"></svg><div class="brush" hidden></div>${timeAxis(start, cube.bucketSeconds * 1000, cube.buckets)}</div>`;
}

/** A table the script fills (its rows change with the filters). */
function liveTable(id: string, head: string[], kind: string): string {
  const th = head
    .map((h, i) => `<th scope="col" data-type="${i === 0 ? 'text' : 'num'}"><button type="button">${esc(h)}</button></th>`)
    .join('');
  return `<div class="scroll ${kind}"><table class="sortable ${kind}" id="${id}"><thead><tr>${th}</tr></thead><tbody></tbody></table></div><p class="note empty" hidden>None.</p>`;
}

export function timePanel(cube: Cube): string {
  if (cube.buckets === 0) return '';
  const unit = bucketName(cube.bucketSeconds);
  const iso = (i: number): string =>
    new Date(Date.parse(cube.start) + i * cube.bucketSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
  const undated = cube.undated.reduce((a, u) => a + u[2], 0);
  const note =
    undated > 0
      ? ` ${undated.toLocaleString('en-US')} requests had no readable time: they count in the totals until a time range is set.`
      : '';
  return `<section class="panel">
<h2>Requests per ${esc(unit)}</h2>
<p class="sub">From ${esc(iso(0))} to ${esc(iso(cube.buckets))} UTC. <span id="busiest"></span>${esc(note)}</p>
${filtered('Filtered by status and route; the time range is the highlighted part.')}
<p class="readout" id="time-readout" aria-live="polite">&nbsp;</p>
${chart('time-chart', cube)}
</section>`;
}

const CLASS_NAMES: Readonly<Record<string, string>> = {
  '1xx': '1xx informational',
  '2xx': '2xx success',
  '3xx': '3xx redirection',
  '4xx': '4xx client error',
  '5xx': '5xx server error',
  other: 'other (not 100-599)',
};

export function classPanel(cube: Cube): string {
  const present = Object.keys(CLASS_NAMES).filter((c) => cube.statuses.some((s) => classOf(s) === c));
  const legend = `<ul class="legend" id="class-legend">${present.map((c) => `<li data-class="${c}"><i class="c${c}"></i>${esc(CLASS_NAMES[c]!)} <b></b></li>`).join('')}</ul>`;
  const timeChart = cube.buckets === 0 ? '' : chart('class-chart', cube);
  return `<section class="panel">
<h2>Status classes${cube.buckets === 0 ? '' : ` per ${esc(bucketName(cube.bucketSeconds))}`}</h2>
${filtered('Filtered by status and route (a click on a class filters by it); the counts beside each class, and the highlighted part, by the time range too.')}
${legend}
${timeChart}
</section>`;
}

export function codesPanel(): string {
  return `<div class="panel"><h3>Status codes <small>requests by the status the server answered</small></h3>${filtered('Filtered by time, status and route.')}${liveTable('codes', ['status', 'count', 'share'], 'map')}</div>`;
}

export function errorsPanel(cube: Cube): string {
  if (cube.routes.length === 0) return '';
  const folded = cube.routes[cube.routes.length - 1] === '(other routes)';
  const more = folded ? ` The page keeps the ${cube.routes.length - 1} busiest routes; the rest count as (other routes).` : '';
  return `<div class="panel"><h3>Errors by route <small>4xx and 5xx answers, routes with most errors first</small></h3>${filtered(`Filtered by time, status and route (a click on a route filters by it).${more}`)}${liveTable('errors', ['route', 'requests', '4xx', '5xx', 'errors'], 'errors tall')}</div>`;
}

/** The chart of requests per minute, hour or day from the JSON's `timeline`, for a page without the cube (tap or hover a bar to read it). */
import type { TimelineJSON } from '../counts.js';
import { bars, grid, niceMax, STEP, timeAxis, when } from './chart.js';
import { esc, fmt } from './html.js';

export function timelinePanel(t: TimelineJSON): string {
  const counts = t.counts;
  const total = counts.reduce((a, b) => a + b, 0);
  let busiest = 0;
  counts.forEach((n, i) => {
    if (n > counts[busiest]!) busiest = i;
  });
  const top = niceMax(counts[busiest]!);
  const undated = t.undated > 0 ? ` ${fmt(t.undated)} lines had no readable time and are not shown.` : '';
  return `<section class="panel">
<h2>Requests per ${t.unit}</h2>
<p class="sub">${fmt(total)} requests from ${esc(when(t, 0))} to ${esc(when(t, counts.length - 1))} UTC; busiest ${t.unit}: ${esc(when(t, busiest))} (${fmt(counts[busiest]!)}).${undated}</p>
<p class="readout" aria-live="polite">&nbsp;</p>
<div class="chart static" data-bars="${counts.length}">
${grid(top)}
${bars(counts, top, 100, (i) => `${when(t, i)} UTC`, 'bar')}
${timeAxis(Date.parse(t.start), STEP[t.unit], counts.length)}
</div>
</section>`;
}

/** How long the series covers: "45 min", "2 h 5 min", "3 days". */
export function span(t: TimelineJSON): string {
  const minutes = (t.counts.length * STEP[t.unit]) / 60_000;
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 2880) return `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
  return `${fmt(Math.round(minutes / 1440))} days`;
}

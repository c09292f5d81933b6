/** The page's bar charts: bars of counts in an SVG stretched to the page's width, the count axis, the time axis on round ticks. */
import type { TimelineJSON } from '../counts.js';
import { esc, fmt } from './html.js';
import { ticks } from './ticks.js';

export const STEP = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** The time of bucket `i` of a series: its date and time, or its date alone (days). */
export function when(t: TimelineJSON, i: number): string {
  const iso = new Date(Date.parse(t.start) + i * STEP[t.unit]).toISOString();
  if (t.unit === 'day') return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The largest of 1, 2, 5 × 10^k at least `n` (an axis's top). */
export function niceMax(n: number): number {
  if (n <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p;
  /* c8 ignore next */
  return 10 * p;
}

/** Bars of `counts` in a box `counts.length` wide and `h` high (stretched to the page's width), each with its tooltip. */
export function bars(counts: readonly number[], top: number, h: number, label: (i: number) => string, cls: string): string {
  const n = counts.length;
  const gap = n > 120 ? 0 : 0.15;
  let out = '';
  counts.forEach((c, i) => {
    const bh = top > 0 ? (c / top) * h : 0;
    out += `<rect class="${cls}" x="${i + gap / 2}" y="${(h - bh).toFixed(3)}" width="${1 - gap}" height="${bh.toFixed(3)}" data-n="${c}"><title>${esc(label(i))}: ${fmt(c)}</title></rect>`;
  });
  return `<svg viewBox="0 0 ${n} ${h}" preserveAspectRatio="none" role="img">${out}</svg>`;
}

/** The most points a route's small chart draws: wider series are summed by groups of buckets (a cell is ~150 pixels wide). */
const SPARK_POINTS = 120;

/**
 * A route's small chart: one path of its counts (summed by groups of buckets past
 * `SPARK_POINTS`), its total and peak in data attributes, `title` its tooltip. A path keeps a
 * month of hours to about a kilobyte a route, where a bar each would take a hundred.
 */
export function spark(counts: readonly number[], title: string): string {
  const group = Math.ceil(counts.length / SPARK_POINTS);
  const sums: number[] = [];
  counts.forEach((c, i) => {
    sums[Math.floor(i / group)] = (sums[Math.floor(i / group)] ?? 0) + c;
  });
  const top = Math.max(1, ...sums);
  let d = 'M0 20';
  sums.forEach((v, i) => {
    d += `V${+(20 - (v / top) * 20).toFixed(1)}H${i + 1}`;
  });
  const total = counts.reduce((a, b) => a + b, 0);
  return `<svg viewBox="0 0 ${sums.length} 20" preserveAspectRatio="none" role="img" data-sum="${total}" data-peak="${Math.max(0, ...sums)}" data-group="${group}"><title>${esc(title)}</title><path class="spark" d="${d}V20Z"/></svg>`;
}

/** The count axis: its top, half and zero, as dashed lines across the chart. */
export function grid(top: number): string {
  return `<div class="grid"><span style="bottom:100%"><i>${fmt(top)}</i></span><span style="bottom:50%"><i>${fmt(top / 2)}</i></span><span style="bottom:0"><i>0</i></span></div>`;
}

/** The time axis of a chart from `start` over `n` buckets of `step` ms: round ticks, each at its place. */
export function timeAxis(start: number, step: number, n: number): string {
  const list = ticks(start, start + n * step, step, 8);
  return `<div class="x">${list
    .map((t) => {
      const edge = t.at < 0.04 ? ' class="l"' : t.at > 0.96 ? ' class="r"' : '';
      return `<span${edge} style="left:${(t.at * 100).toFixed(2)}%">${esc(t.label)}</span>`;
    })
    .join('')}</div>`;
}

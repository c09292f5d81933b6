/** The time axis of the page's charts: ticks on round minutes, hours, days or months (UTC), labelled as short as they stay clear. */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Steps between ticks, shortest first: each a divisor of the next larger unit, so ticks fall on round times. */
const STEPS = [MIN, 5 * MIN, 10 * MIN, 15 * MIN, 30 * MIN, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY];
/** Months between ticks, past the steps. */
const MONTHS = [1, 2, 3, 6, 12, 24, 60, 120];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A tick: where it stands (0 to 1 of the axis) and what it says. */
export interface Tick {
  at: number;
  label: string;
}

/**
 * At most `most` ticks over the time from `start` to `end` (ms since 1970, `end` excluded), on
 * the first step at least `least` (a bucket's width) whose ticks fit: at midnight a tick says
 * its date ("Mar 10"), else its time ("18:00"); a week's ticks fall on Mondays.
 */
export function ticks(start: number, end: number, least: number, most: number): Tick[] {
  const span = end - start;
  if (span <= 0) return [];
  const at = (t: number): number => (t - start) / span;
  for (const step of STEPS) {
    if (step < least) continue;
    // Weeks from a Monday (1970-01-05), other steps from 1970-01-01.
    const origin = step >= 7 * DAY ? 4 * DAY : 0;
    const first = origin + Math.ceil((start - origin) / step) * step;
    if (Math.floor((end - 1 - first) / step) + 1 > most) continue;
    const out: Tick[] = [];
    for (let t = first; t < end; t += step) out.push({ at: at(t), label: label(t) });
    return out;
  }
  const s = new Date(start);
  const e = new Date(end - 1);
  const months = (e.getUTCFullYear() - s.getUTCFullYear()) * 12 + e.getUTCMonth() - s.getUTCMonth() + 1;
  const step = MONTHS.find((m) => Math.ceil(months / m) <= most) ?? Math.ceil(months / most / 120) * 120;
  const out: Tick[] = [];
  let m =
    Math.ceil((s.getUTCFullYear() * 12 + s.getUTCMonth() + (s.getTime() > Date.UTC(s.getUTCFullYear(), s.getUTCMonth()) ? 1 : 0)) / step) *
    step;
  for (let t = Date.UTC(Math.floor(m / 12), m % 12); t < end; m += step, t = Date.UTC(Math.floor(m / 12), m % 12))
    out.push({
      at: at(t),
      label: m % 12 === 0 || step >= 12 ? String(Math.floor(m / 12)) : `${MONTH_NAMES[m % 12]} ${Math.floor(m / 12)}`,
    });
  return out;
}

/** A tick's text: its date at midnight, else its time. */
function label(t: number): string {
  const d = new Date(t);
  if (t % DAY === 0) return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
  return d.toISOString().slice(11, 16);
}

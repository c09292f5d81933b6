/** The page's time buckets: the cube's, summed up to the unit of the JSON's timeline (when that is wider), so that the chart has the bars `--json` gives. */
import type { TimelineJSON } from '../counts.js';
import type { Cube } from './data.js';

const UNIT_SECONDS = { minute: 60, hour: 3600, day: 86_400 } as const;

/**
 * `cube` with buckets of the timeline's unit when those are wider than its own and a multiple of
 * them (a day of minutes becomes 24 hours, as the timeline shows it); else `cube` itself. Fewer
 * buckets draw a readable chart and make a smaller page; a time range then covers whole units.
 */
export function pageCube(cube: Cube, timeline: TimelineJSON | undefined): Cube {
  const step = timeline === undefined ? cube.bucketSeconds : UNIT_SECONDS[timeline.unit];
  if (step <= cube.bucketSeconds || step % cube.bucketSeconds !== 0 || cube.buckets === 0) return cube;
  const from = Date.parse(cube.start) / 1000;
  const start = Math.floor(from / step) * step;
  const bucketOf = (b: number): number => Math.floor((from + b * cube.bucketSeconds - start) / step);
  const sums = new Map<string, number>();
  const order: string[] = [];
  for (let i = 0; i < cube.cells.length; i += 4) {
    const key = `${cube.cells[i]},${cube.cells[i + 1]},${bucketOf(cube.cells[i + 2]!)}`;
    const n = sums.get(key);
    if (n === undefined) order.push(key);
    sums.set(key, (n ?? 0) + cube.cells[i + 3]!);
  }
  const cells: number[] = [];
  for (const key of order) cells.push(...key.split(',').map(Number), sums.get(key)!);
  return {
    ...cube,
    start: new Date(start * 1000).toISOString(),
    bucketSeconds: step,
    buckets: bucketOf(cube.buckets - 1) + 1,
    cells,
  };
}

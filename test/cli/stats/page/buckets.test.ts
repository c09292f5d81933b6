/** The page's buckets: the cube's minutes summed to the timeline's hours (from the hour that holds the first), or the cube as it is. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TimelineJSON } from '../../../../src/cli/stats/counts.js';
import { pageCube } from '../../../../src/cli/stats/page/buckets.js';
import type { Cube } from '../../../../src/cli/stats/page/data.js';

const cube: Cube = {
  start: '2024-03-09T10:58:00.000Z',
  bucketSeconds: 60,
  buckets: 63,
  routes: ['/a', '/b'],
  statuses: ['200', '404'],
  // 10:58, 10:59, 11:00 and 12:00 of /a 200; 10:59 of /b 404.
  cells: [0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 4, 0, 0, 62, 8, 1, 1, 1, 16],
  undated: [[0, 1, 3]],
};
const hours: TimelineJSON = { unit: 'hour', start: '2024-03-09T10:00:00.000Z', counts: [19, 4, 8], undated: 3 };

test('pageCube: minutes summed to the hours of the timeline, from the hour that holds the first; undated kept', () => {
  assert.equal(pageCube(cube, hours), {
    ...cube,
    start: '2024-03-09T10:00:00.000Z',
    bucketSeconds: 3600,
    buckets: 3,
    cells: [0, 0, 0, 3, 0, 0, 1, 4, 0, 0, 2, 8, 1, 1, 0, 16],
  });
});

test('pageCube: the cube as it is when its buckets are as wide as the unit or wider, not a divisor of it, or none', () => {
  assert.is(pageCube(cube, { ...hours, unit: 'minute' }), cube);
  assert.is(pageCube(cube, undefined), cube);
  const odd = { ...cube, bucketSeconds: 7 * 60 };
  assert.is(pageCube(odd, hours), odd);
  const empty = { ...cube, buckets: 0, cells: [] };
  assert.is(pageCube(empty, hours), empty);
});

test.run();

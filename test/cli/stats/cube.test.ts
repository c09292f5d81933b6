/**
 * The page's cube (src/cli/stats/cube.ts): requests by route × status × time bucket, exact, in
 * round buckets; bounded (routes folded, buckets widened) and merged across threads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CubeCounts, MAX_CELLS, MAX_ROUTES } from '../../../src/cli/stats/cube.js';

const MINUTE_2015 = Date.parse('2015-05-17T10:05Z') / 60_000;
const names = (n: number) => ({ names: Array.from({ length: n }, (_, i) => `/r${i}`), rowOf: (slot: number) => (slot < n ? slot : -1) });

test('cells by route, status and minute; no route, unreadable statuses and undated lines', () => {
  const c = new CubeCounts();
  c.add(0, 200, MINUTE_2015);
  c.add(0, 200, MINUTE_2015);
  c.add(1, 404, MINUTE_2015 + 2);
  c.add(-1, -1, MINUTE_2015 + 2);
  c.add(1, 404, -1);
  assert.equal(c.toJSON(names(2)), {
    start: '2015-05-17T10:05:00.000Z',
    bucketSeconds: 60,
    buckets: 3,
    routes: ['/r0', '/r1', '(no route)'],
    statuses: ['200', '404', '-'],
    cells: [0, 0, 0, 2, 1, 1, 2, 1, 2, 2, 2, 1],
    undated: [[1, 1, 1]],
  });
  assert.equal(c.toJSON(null), {
    start: '2015-05-17T10:05:00.000Z',
    bucketSeconds: 60,
    buckets: 3,
    routes: [],
    statuses: ['200', '404', '-'],
    cells: [-1, 0, 0, 2, -1, 1, 2, 1, -1, 2, 2, 1],
    undated: [[-1, 1, 1]],
  });
  assert.equal(new CubeCounts().toJSON(null), {
    start: '1970-01-01T00:00:00.000Z',
    bucketSeconds: 60,
    buckets: 0,
    routes: [],
    statuses: [],
    cells: [],
    undated: [],
  });
});

test('bounded: at most 200 routes (the rest folded) and 100,000 cells, in round buckets', () => {
  const c = new CubeCounts();
  // A month by minute, 4 requests a minute over 300 routes: too many cells by minute.
  let lines = 0;
  for (let m = 0; m < 31 * 1440; m++) for (let k = 0; k < 4; k++, lines++) c.add((m * 4 + k) % 300, k === 0 ? 200 : 404, MINUTE_2015 + m);
  const j = c.toJSON(names(300));
  assert.is(j.routes.length, MAX_ROUTES + 1);
  assert.is(j.routes[MAX_ROUTES], '(other routes)');
  assert.ok(j.cells.length / 4 <= MAX_CELLS);
  assert.is(j.bucketSeconds, 10_800);
  assert.is(j.start, '2015-05-17T09:00:00.000Z');
  let total = 0;
  for (let i = 3; i < j.cells.length; i += 4) total += j.cells[i]!;
  assert.is(total, lines);
});

test('widened past its keys, folded past its widest step; merged with slots mapped', () => {
  const c = new CubeCounts();
  // 1,100,000 distinct (status, minute) keys: past 2^20, counted by 5 minutes.
  for (let m = 0; m < 1100; m++) for (let s = 0; s < 1000; s++) c.add(0, s, MINUTE_2015 + m);
  const j = c.toJSON(names(1));
  assert.ok(j.bucketSeconds >= 300);
  const a = new CubeCounts();
  const b = new CubeCounts();
  a.add(0, 200, MINUTE_2015);
  b.add(5, 200, MINUTE_2015);
  b.add(6, 500, -1);
  a.merge(b.toData(), (slot) => (slot === 5 ? 0 : slot === 6 ? 1 : -1));
  assert.equal(a.toJSON(names(2)).cells, [0, 0, 0, 2]);
  assert.equal(a.toJSON(names(2)).undated, [[1, 1, 1]]);
  // A widened side: the other is widened to match.
  c.merge(a.toData(), (slot) => slot);
  assert.ok(c.toJSON(names(2)).bucketSeconds >= 300);
});

test.run();

/** The response-time sketch (src/cli/stats/latency.ts): quantiles within 1% by nearest rank, and merges equal to one sketch. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LATENCY_ERROR, LatencySketch } from '../../../src/cli/stats/latency.js';

test('quantiles: the nearest rank, within 1% (to 4 digits); times under a microsecond are 0', () => {
  const s = new LatencySketch();
  for (let i = 1; i <= 1000; i++) s.add(i / 1000);
  for (const [q, exact] of [
    [0.5, 0.5],
    [0.95, 0.95],
    [0.99, 0.99],
    [0.001, 0.001],
    [1, 1],
  ] as const) {
    const v = s.quantile(q);
    assert.ok(Math.abs(v - exact) <= exact * (LATENCY_ERROR + 0.0005), `${q}: ${v}`);
  }
  assert.equal(s.toJSON(), { p50: s.quantile(0.5), p95: s.quantile(0.95), p99: s.quantile(0.99) });
  const z = new LatencySketch();
  z.add(0);
  z.add(0);
  z.add(2);
  assert.equal(z.toJSON(), { p50: 0, p95: 1.994, p99: 1.994 });
});

test('merge: two sketches add up to the sketch of all their times', () => {
  const all = new LatencySketch();
  const a = new LatencySketch();
  const b = new LatencySketch();
  for (let i = 0; i < 500; i++) {
    const t = ((i * 7919) % 3001) / 1000;
    all.add(t);
    (i % 3 === 0 ? a : b).add(t);
  }
  a.merge(b.toData());
  assert.is(a.count, 500);
  assert.equal(a.toJSON(), all.toJSON());
});

test.run();

/** HyperLogLog (src/cli/stats/hll.ts): estimates within their error on counts small and large, and merges that equal one count. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Hasher, HyperLogLog, hllError } from '../../../src/cli/stats/hll.js';

const hasher = new Hasher();

function count(p: number, from: number, n: number, into = new HyperLogLog(p)): HyperLogLog {
  for (let i = from; i < from + n; i++) into.add(hasher.text(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`));
  return into;
}

test('estimates: within 3 standard errors from 0 to 200,000 values; repeats change nothing', () => {
  assert.is(new HyperLogLog(14).estimate(), 0);
  assert.is(hllError(14), 1.04 / 128);
  for (const n of [1, 100, 10_000, 200_000]) {
    const h = count(14, 0, n);
    const e = h.estimate();
    assert.ok(Math.abs(e - n) <= Math.max(1, 3 * hllError(14) * n), `${n}: ${e}`);
    count(14, 0, Math.min(n, 1000), h);
    assert.is(h.estimate(), e, 'a value seen again');
  }
});

test('merge: two halves give the registers, and the estimate, of the whole', () => {
  const whole = count(12, 0, 50_000);
  const a = count(12, 0, 30_000);
  const b = count(12, 20_000, 30_000);
  a.merge(b.registers);
  assert.equal(a.registers, whole.registers);
  assert.is(new HyperLogLog(12, a.registers).estimate(), whole.estimate());
});

test('bytes and text hash alike; the rank of a hash of zeros is capped', () => {
  const b = Buffer.from('xx 198.51.100.1 yy');
  assert.is(hasher.bytes(b, 3, 15), hasher.text('198.51.100.1'));
  const h = new HyperLogLog(4);
  h.add(0);
  assert.is(h.registers[0], 33 - 4);
});

test.run();

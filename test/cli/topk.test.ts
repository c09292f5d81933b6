/** TopK (src/cli/stats/topk.ts): slots that a value keeps until values leave the table. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TopK } from '../../src/cli/stats/topk.js';

test('topk: add returns the slot that bump adds to, while the epoch stays', () => {
  const t = new TopK(2);
  const a = t.add('a');
  const b = t.add('b', 2);
  assert.is(t.add('a'), a);
  assert.is.not(a, b);
  t.bump(a, 5);
  t.bump(b);
  assert.is(t.epoch, 0);
  assert.equal(t.top(2), [
    { value: 'a', count: 7, over: 0 },
    { value: 'b', count: 3, over: 0 },
  ]);
});

test('topk: the add that fills the table prunes it, returns -1 and moves the epoch on', () => {
  const t = new TopK(2);
  t.add('a', 5);
  t.add('b', 4);
  t.add('c', 1);
  assert.is(t.add('d', 2), -1);
  assert.is(t.epoch, 1);
  assert.is(t.floor, 2);
  assert.equal(t.top(4), [
    { value: 'a', count: 5, over: 0 },
    { value: 'b', count: 4, over: 0 },
  ]);
  // A value that comes back starts at the floor, in a slot of its own.
  const c = t.add('c');
  assert.ok(c >= 0);
  t.bump(c);
  assert.equal(t.top(3)[2], { value: 'c', count: 4, over: 2 });
});

test.run();

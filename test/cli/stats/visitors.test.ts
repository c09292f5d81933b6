/**
 * Visitors (src/cli/stats/visitors.ts): distinct addresses in all and per day, exact below
 * --track and estimated past it with their error, and merges across threads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_DAYS, Visitors } from '../../../src/cli/stats/visitors.js';

const DAY = 1440;

function add(v: Visitors, address: string, minute: number): void {
  const b = Buffer.from(` ${address} `);
  v.add(b, 1, b.length - 1, minute);
}

test('exact: distinct addresses in all and per day (UTC), a day seen again, lines without a time', () => {
  const v = new Visitors(100);
  add(v, '10.0.0.1', 0);
  add(v, '10.0.0.2', 5);
  add(v, '10.0.0.1', DAY + 1);
  add(v, '10.0.0.1', 7);
  add(v, '10.0.0.3', -1);
  assert.equal(v.toJSON(), {
    distinct: 3,
    exact: true,
    perDay: [
      { day: '1970-01-01', distinct: 2, exact: true },
      { day: '1970-01-02', distinct: 1, exact: true },
    ],
  });
});

test('past --track: HyperLogLog estimates with their error, in all and per day', () => {
  const v = new Visitors(10);
  for (let i = 0; i < 1000; i++) add(v, `10.0.${i >> 8}.${i & 255}`, (i % 2) * DAY);
  const j = v.toJSON();
  assert.is(j.exact, false);
  assert.is(j.error, 0.008125);
  assert.ok(Math.abs(j.distinct - 1000) <= 30, String(j.distinct));
  assert.is(j.perDay.length, 2);
  for (const d of j.perDay) {
    assert.is(d.exact, false);
    assert.is(d.error, 0.01625);
    assert.ok(Math.abs(d.distinct - 500) <= 30, JSON.stringify(d));
  }
});

test('per day: exact while the days hold at most 4 × --track addresses in all; then estimates', () => {
  const v = new Visitors(10);
  // 15 addresses (within 2 × 10: exact in all) on 3 days each: 45 pairs, past 40.
  for (let d = 0; d < 3; d++) for (let i = 0; i < 15; i++) add(v, `a${i}`, d * DAY);
  const j = v.toJSON();
  assert.equal([j.distinct, j.exact], [15, true]);
  assert.equal(
    j.perDay.map((d) => [d.distinct, d.exact]),
    [
      [15, false],
      [15, false],
      [15, false],
    ],
  );
});

test('merge: exact sets add up as one count; a set meets a HyperLogLog; days past MAX_DAYS are counted apart', () => {
  const a = new Visitors(100);
  const b = new Visitors(100);
  add(a, 'x', 0);
  add(a, 'y', 0);
  add(b, 'y', 0);
  add(b, 'z', DAY);
  a.merge(b.toData());
  assert.equal(a.toJSON(), {
    distinct: 3,
    exact: true,
    perDay: [
      { day: '1970-01-01', distinct: 2, exact: true },
      { day: '1970-01-02', distinct: 1, exact: true },
    ],
  });
  const big = new Visitors(2);
  for (let i = 0; i < 10; i++) add(big, `b${i}`, 0);
  const small = new Visitors(2);
  add(small, 'b0', 0);
  small.merge(big.toData());
  assert.equal(
    small.toJSON().perDay.map((d) => [d.distinct, d.exact]),
    [[10, false]],
  );
  const c = new Visitors(100);
  c.merge(small.toData());
  c.merge(a.toData());
  assert.is(c.toJSON().perDay[0]!.exact, false);
  const many = new Visitors(100);
  for (let d = 0; d <= MAX_DAYS; d++) add(many, 'one', d * DAY);
  const m = many.toJSON();
  assert.equal([m.perDay.length, m.perDayLeftOut], [MAX_DAYS, 1]);
  const other = new Visitors(100);
  other.merge(many.toData());
  add(many, 'two', (MAX_DAYS + 5) * DAY);
  other.merge(many.toData());
  assert.equal([other.toJSON().perDay.length, other.toJSON().perDayLeftOut], [MAX_DAYS, 3]);
});

test('a day sent while its slots no longer name addresses (the clients pruned on lines without a time) is sent as a HyperLogLog', () => {
  const v = new Visitors(2);
  for (const a of ['p', 'q', 'r']) add(v, a, 0);
  // 4 entries at most (2 × --track): the fifth address prunes the clients, on lines with no time.
  for (const a of ['s', 't']) add(v, a, -1);
  const data = v.toData();
  assert.is(data.days.length, 1);
  assert.ok(data.days[0]![1] instanceof Uint8Array);
  const w = new Visitors(2);
  w.merge(data);
  assert.equal(w.toJSON().perDay, [{ day: '1970-01-01', distinct: 3, exact: false, error: 0.01625 }]);
});

test.run();

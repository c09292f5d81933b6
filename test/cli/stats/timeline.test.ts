/**
 * Requests by time (`stats --log`): a log line's time and status read where they lie, buckets of
 * minutes that widen to hours and days as the span grows (bounded memory), the chart's unit, the
 * counts per route, and worker threads' timelines merged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { logMinute, logStatus, Minutes } from '../../../src/cli/lines/log.js';
import { Timeline } from '../../../src/cli/stats/timeline.js';
import { cli } from '../../support/cli.js';

/** A log line's bytes and the position of the "]" that ends its time. */
function at(time: string): [Buffer, number] {
  const b = Buffer.from(`h - - [${time}] "GET / HTTP/1.1" 200 5`);
  return [b, b.indexOf(']')];
}
const minute = (time: string): number => logMinute(...at(time));
const utc = (iso: string): number => Date.parse(iso) / 60_000;

test('logMinute: the time of a log line in minutes since 1970 (UTC, the offset applied); -1 when it is no such time', () => {
  assert.is(minute('17/May/2015:10:05:03 +0000'), utc('2015-05-17T10:05Z'));
  assert.is(minute('17/May/2015:10:05:59 -0700'), utc('2015-05-17T17:05Z'));
  assert.is(minute('01/Jan/2000:00:30:00 +0130'), utc('1999-12-31T23:00Z'));
  assert.is(minute('29/Feb/2024:23:59:00 +0000'), utc('2024-02-29T23:59Z'));
  assert.is(minute('31/Dec/1969:23:59:00 +0000'), -1, 'before 1970');
  assert.is(minute('01/Jan/1970:00:30:00 +0100'), -1, 'before 1970 in UTC');
  for (const bad of [
    '17/Mai/2015:10:05:03 +0000',
    '17/May/2015:24:05:03 +0000',
    '17/May/2015:10:60:03 +0000',
    '00/May/2015:10:05:03 +0000',
    '17/May/2015:10:05:03 0000',
    '17/May/2O15:10:05:03 +0000',
    '17-May-2015:10:05:03 +0000',
  ])
    assert.is(minute(bad), -1, bad);
  const [b] = at('17/May/2015:10:05:03 +0000');
  assert.is(logMinute(b, 3), -1, 'too near the start');
  assert.is(logMinute(Buffer.from('x[17/May/2015:10:05:03 +0000)'), 28), -1, 'no "]"');
  const q = b.lastIndexOf('"');
  assert.is(logStatus(b, q, b.length), 200);
  assert.is(logStatus(Buffer.from('"x" 404'), 2, 7), 404, 'at the end of the line');
  assert.is(logStatus(Buffer.from('"x" 4040 1'), 2, 10), -1);
  assert.is(logStatus(Buffer.from('"x" 40'), 2, 6), -1);
  assert.is(logStatus(Buffer.from('"x"-200 1'), 2, 9), -1);
  assert.is(logStatus(Buffer.from('"x" 2x0 1'), 2, 9), -1);
});

test('Timeline: minutes while they are few, then hours, then days; the chart in the finest unit that is short enough', () => {
  const t = new Timeline();
  assert.is(t.series(), null);
  const start = utc('2024-03-10T00:00Z');
  for (const m of [0, 0, 1, 3, 3, 3, -1]) t.add(m < 0 ? m : start + m);
  assert.equal(t.series(), { all: { unit: 'minute', start: '2024-03-10T00:00:00.000Z', counts: [2, 1, 0, 3] }, routes: null });
  assert.is(t.undated, 1);
  // 6 hours of minutes is the longest minute chart; one more and it shows hours.
  const six = new Timeline();
  six.add(start);
  six.add(start + 359);
  assert.is(six.series()!.all.counts.length, 360);
  six.add(start + 360);
  assert.equal(six.series()!.all, { unit: 'hour', start: '2024-03-10T00:00:00.000Z', counts: [1, 0, 0, 0, 0, 1, 1] });
  // 31 days of hours; past it, days.
  const month = new Timeline();
  month.add(start);
  month.add(start + 31 * 1440);
  assert.equal(month.series()!.all, { unit: 'day', start: '2024-03-10T00:00:00.000Z', counts: [1, ...new Array(30).fill(0), 1] });
  // More distinct minutes than are kept: hours from then on, the counts merged.
  const long = new Timeline();
  for (let m = 0; m <= 1 << 16; m++) long.add(start + m);
  const data = long.toData();
  assert.is(data.unit, 60);
  assert.is(data.counts.length, Math.ceil(((1 << 16) + 1) / 60));
  assert.is(
    data.counts.reduce((n, [, c]) => n + c, 0),
    (1 << 16) + 1,
  );
  // And days past 2^16 hours.
  const longer = new Timeline();
  for (let h = 0; h <= 1 << 16; h++) longer.add(start + 60 * h);
  for (let m = 0; m < 60; m++) longer.add(start + m);
  assert.is(longer.toData().unit, 1440);
});

test('Timeline: counts per route slot, widened with the buckets, dropped past days; merged from a worker in the coarser unit', () => {
  const start = utc('2024-03-10T00:00Z');
  const t = new Timeline();
  for (const [slot, m] of [
    [0, 0],
    [0, 1],
    [1, 1],
    [2, 5],
  ] as const) {
    t.add(start + m);
    t.addRoute(slot, start + m);
  }
  const rowOf = (slot: number): number => [1, 0, -1][slot]!;
  assert.equal(t.series(rowOf, 2), {
    all: { unit: 'minute', start: '2024-03-10T00:00:00.000Z', counts: [1, 2, 0, 0, 0, 1] },
    routes: [
      [0, 1, 0, 0, 0, 0],
      [1, 1, 0, 0, 0, 0],
    ],
  });
  // A worker that counted hours, whose route slots are others.
  const w = new Timeline();
  w.add(start + 61);
  w.add(start + 70);
  w.addRoute(7, start + 61);
  w.addRoute(8, start + 70);
  for (let m = 0; m <= 1 << 16; m++) w.add(start + 2 * 1440 + m);
  const wd = w.toData();
  assert.is(wd.unit, 60);
  t.merge(wd, (s) => (s === 7 ? 0 : -1));
  const merged = t.series(rowOf, 2)!;
  assert.is(merged.all.unit, 'day');
  assert.equal(merged.all.counts.slice(0, 2), [6, 0]);
  assert.equal(merged.routes![1]!.slice(0, 1), [3]);
  // Too many (route, bucket) counts: wider buckets, and past days none.
  const many = new Timeline();
  for (let slot = 0; slot < 5; slot++) for (let d = 0; d < 60_000; d++) many.addRoute(slot, start + d * 1440);
  many.add(start);
  assert.is(many.toData().routes, null);
  assert.equal(many.series(() => 0, 1)!.routes, null);
  const none = new Timeline();
  none.add(start);
  none.merge({ unit: 1, counts: [], undated: 2, routes: null });
  assert.is(none.toData().routes, null);
  assert.is(none.undated, 2);
});

test('stats --log: the timeline in the JSON and a line of the table; lines without a readable time are counted apart', async () => {
  const lines = [
    '192.0.2.1 - - [17/May/2015:10:05:03 +0000] "GET /a HTTP/1.1" 200 1 "-" "x"',
    '192.0.2.1 - - [17/May/2015:10:07:59 +0000] "GET /b HTTP/1.1" 200 1 "-" "x"',
    '192.0.2.1 - - [17/May/2015:10:07:00 +0000] "-" 400 0 "-" "-"',
    '192.0.2.1 - - [yesterday, around noon] "GET /c HTTP/1.1" 200 1 "-" "x"',
    'not a log line',
  ].join('\n');
  const r = await cli(['stats', '--log', 'combined', '--json'], lines);
  assert.equal(JSON.parse(r.out).timeline, { unit: 'minute', start: '2015-05-17T10:05:00.000Z', counts: [1, 0, 2], undated: 1 });
  const table = await cli(['stats', '--log', 'combined'], lines);
  assert.ok(
    table.out.includes(
      '\nlines: 5\ntime: 2015-05-17 10:05 to 2015-05-17 10:07 UTC, by minute: busiest 2015-05-17 10:07 (2 requests); 1 without a readable time\n',
    ),
    table.out,
  );
  // No timeline for a list of URIs, nor for a log without a readable time.
  assert.is(JSON.parse((await cli(['stats', '--json'], '/a\n')).out).timeline, undefined);
  assert.is(JSON.parse((await cli(['stats', '--log', 'combined', '--json'], `${lines.split('\n')[3]}\n`)).out).timeline, undefined);
  // Days are shown as dates.
  const days = ['01/Jun/2015', '20/Jul/2015'].map((d) => `192.0.2.1 - - [${d}:10:05:03 +0000] "GET /a HTTP/1.1" 200 1 "-" "x"`).join('\n');
  assert.ok(
    (await cli(['stats', '--log', 'common'], days)).out.includes(
      '\ntime: 2015-06-01 to 2015-07-20 UTC, by day: busiest 2015-06-01 (1 request)\n',
    ),
  );
});

test('Minutes: each time read as logMinute reads it, the last one remembered whatever field changes', () => {
  const times = [
    '17/May/2015:10:05:03 +0000',
    '17/May/2015:10:05:59 +0000',
    '17/May/2015:10:06:03 +0000',
    '17/May/2015:11:06:03 +0000',
    '18/May/2015:11:06:03 +0000',
    '18/Jun/2015:11:06:03 +0000',
    '18/Jun/2016:11:06:03 +0000',
    '18/Jun/2016:11:06:03 -0000',
    '18/Jun/2016:11:06:03 -0130',
    '18/Jun/2016:11:06:03 -0130',
    '18/Jun/2016:11:06:03 -0130)',
    '18/Jun/2016:11:06:03 -0130',
    '18/Jux/2016:11:06:03 -0130',
    '18/Jun/2016:11:06:03 -0130',
    '18/Jun/2016:11:06:03 -0135',
  ];
  const m = new Minutes();
  const seen: number[] = [];
  for (const t of times) {
    const line = Buffer.from(`192.0.2.1 - - [${t}] "GET / HTTP/1.1"`);
    const close = line.indexOf('] "');
    seen.push(m.of(line, close));
    assert.is(seen.at(-1), logMinute(line, close), t);
  }
  assert.equal(seen.slice(0, 3), [23864285, 23864285, 23864286]);
  assert.is(seen[10], -1);
  assert.is(seen[12], -1);
  // A time too near the start of the buffer to be one.
  assert.is(m.of(Buffer.from('05:03 +0000]'), 11), -1);
});

test.run();

/** The time axis's ticks: on round minutes, hours, days, Mondays or months (UTC), never more than asked, labelled by time or date. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ticks } from '../../../../src/cli/stats/page/ticks.js';

const H = 3_600_000;
const at = (iso: string): number => Date.parse(iso);
const labels = (start: string, hours: number, least = H, most = 8): string[] =>
  ticks(at(start), at(start) + hours * H, least, most).map((t) => t.label);

test('ticks: a log from 18:00 over 48 hours, by hour: every 6 hours, midnight by its date (not 03-09 18:00, 03-10 12:00, 03-11 05:00)', () => {
  assert.equal(labels('2024-03-09T18:00:00Z', 48), ['18:00', 'Mar 10', '06:00', '12:00', '18:00', 'Mar 11', '06:00', '12:00']);
  const list = ticks(at('2024-03-09T18:00:00Z'), at('2024-03-11T18:00:00Z'), H, 8);
  assert.equal(
    list.map((t) => t.at),
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => i / 8),
  );
});

test('ticks: a start between round times: the first tick is the next round one', () => {
  // 17:07 to 22:07 by minute, 8 ticks at most: every hour from 18:00.
  const start = at('2024-03-09T17:07:00Z');
  const list = ticks(start, start + 5 * H, 60_000, 8);
  assert.equal(
    list.map((t) => t.label),
    ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'].filter((_, i) => i % 2 === 0),
  );
  assert.is(list[0]!.at, 53 / 300);
  // 45 minutes: every 10 minutes.
  assert.equal(
    ticks(start, start + 45 * 60_000, 60_000, 8).map((t) => t.label),
    ['17:10', '17:20', '17:30', '17:40', '17:50'],
  );
});

test('ticks: days, weeks on Mondays, months, years', () => {
  assert.equal(labels('2024-03-01T00:00:00Z', 24 * 7, H), ['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4', 'Mar 5', 'Mar 6', 'Mar 7']);
  assert.equal(labels('2024-03-01T00:00:00Z', 24 * 31, 6 * H), ['Mar 4', 'Mar 11', 'Mar 18', 'Mar 25']);
  assert.is(new Date(Date.UTC(2024, 2, 4)).getUTCDay(), 1, 'Mar 4 2024 is a Monday');
  assert.equal(labels('2024-01-15T00:00:00Z', 24 * 200, 24 * H), [
    'Feb 2024',
    'Mar 2024',
    'Apr 2024',
    'May 2024',
    'Jun 2024',
    'Jul 2024',
    'Aug 2024',
  ]);
  assert.equal(labels('2019-06-01T00:00:00Z', 24 * 365 * 5, 24 * H, 6), ['2020', '2021', '2022', '2023', '2024']);
  // Never more than `most`, never a step finer than a bucket.
  assert.equal(labels('2024-03-09T00:00:00Z', 24, 3 * H, 100), ['Mar 9', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00']);
  assert.equal(ticks(0, 0, H, 8), []);
});

test.run();

/** stats' and routes' settings: the defaults, the values read, and the combinations refused, with their messages. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StatsSettings } from '../../../src/cli/commands/stats.js';
import { LONGEST_LINE } from '../../../src/cli/options/arguments.js';
import { refusal, settings } from '../../support/settings.js';

const stats = (words: string[]) => settings<StatsSettings>('stats', words);

test('stats without options: its defaults', () => {
  const c = stats([]);
  assert.is(c.file, '-');
  assert.equal(c.parse, { lenient: false, iri: false, zoneId: false, absolute: false });
  assert.is(c.log, null);
  assert.is(c.logField, 'both');
  assert.is(c.top, 10);
  assert.is(c.track, 10_000);
  assert.is(c.groupBy, 'host');
  assert.is(c.threads, 1);
  assert.is(c.maxLineLength, 1 << 20);
  assert.is(c.quiet, false);
  assert.is(c.inferRoutes, false);
  assert.is(c.redis.from, null);
});

test('values read: --log, --threads auto, --max-line-length 0 (the longest string), routes infers routes', () => {
  const c = stats(['--log', 'common', '--threads', 'auto', '--max-line-length', '0', '-q', 'x.log']);
  assert.is(c.log, 'common');
  assert.is(c.threads, 'auto');
  assert.is(c.maxLineLength, LONGEST_LINE);
  assert.is(c.quiet, true);
  assert.is(c.file, 'x.log');
  assert.is(settings<StatsSettings>('routes', []).inferRoutes, true);
});

test('combinations refused, each with what to do', () => {
  const cases: Array<[string, string[], string]> = [
    [
      'stats',
      ['--log', 'common', '--log-field', 'referrer'],
      '--log common lines have no referrer: use --log combined, or --log-field target',
    ],
    ['stats', ['--web', '--templates', 'f'], '--web does not go with --templates'],
    ['stats', ['--match', 'exact'], '--match needs --templates FILE: it says how the templates read a query'],
    ['stats', ['--html='], '--html needs a file name: --html report.html'],
    [
      'routes',
      ['--log', 'combined', '--log-field', 'referrer'],
      "routes finds the routes of a log's request targets: --log-field referrer has none of this site's",
    ],
    ['stats', ['--threads', '0'], '--threads takes a whole number from 1 to 256, or auto, not "0"'],
  ];
  for (const [command, words, message] of cases) assert.is(refusal(command, words), message, `${command} ${words.join(' ')}`);
});

test.run();

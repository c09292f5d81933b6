/** A command line read into a `Config`: the defaults, the values read, and the combinations refused, with their messages. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SPECS } from '../../../src/cli/commands/index.js';
import { UsageError } from '../../../src/cli/options/arguments.js';
import { type Config, configure, LONGEST_LINE } from '../../../src/cli/options/config.js';

const config = (command: keyof typeof SPECS, words: string[]) => configure(command, words, SPECS) as Config;

function refusal(command: keyof typeof SPECS, words: string[]): string {
  try {
    configure(command, words, SPECS);
  } catch (e) {
    assert.instance(e, UsageError);
    return (e as Error).message;
  }
  throw new Error(`${command} ${words.join(' ')}: no UsageError`);
}

test('stats without options: its defaults', () => {
  const c = config('stats', []);
  assert.is(c.file, '-');
  assert.equal(c.files, ['-']);
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
  const c = config('stats', ['--log', 'common', '--threads', 'auto', '--max-line-length', '0', '-q', 'x.log']);
  assert.is(c.log, 'common');
  assert.is(c.threads, 'auto');
  assert.is(c.maxLineLength, LONGEST_LINE);
  assert.is(c.quiet, true);
  assert.is(c.file, 'x.log');
  assert.is(config('routes', []).inferRoutes, true);
  assert.is(configure('stats', ['--help'], SPECS), 'help');
});

test("parse's fields: the defaults follow --log, --lenient and --tsv; --fields picks them", () => {
  assert.equal(config('parse', []).fields, ['line', 'href', 'scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment']);
  assert.equal(config('parse', ['--log', 'combined', '--lenient', '--tsv']).fields, [
    'line',
    'field',
    'href',
    'scheme',
    'userinfo',
    'host',
    'hostType',
    'port',
    'path',
    'query',
    'fragment',
    'warnings',
    'error',
  ]);
  assert.equal(config('parse', ['--fields', 'host, path']).fields, ['host', 'path']);
  assert.is(refusal('parse', ['--fields', 'host,host']), '--fields names "host" twice');
  assert.is(
    refusal('parse', ['--fields', 'template']),
    '--fields template needs --templates FILE: the templates the records are matched against',
  );
});

test("normalize's steps: none, the dedupe preset with --dedupe, one step more each", () => {
  assert.is(config('normalize', []).normalize, undefined);
  assert.equal(config('normalize', ['--sort-query', '--remove-params', 'a, utm_*']).normalize, {
    sortQuery: true,
    removeQueryParams: ['a', 'utm_*'],
  });
  assert.equal(config('normalize', ['--dedupe', '--rfc-only', '--idna']).normalize, { idna: true });
  assert.is(config('normalize', ['--web']).normalize, undefined);
});

test('combinations refused, each with what to do', () => {
  const cases: Array<[keyof typeof SPECS, string[], string]> = [
    ['validate', ['--log-field', 'target'], '--log-field needs --log combined|common'],
    [
      'stats',
      ['--log', 'common', '--log-field', 'referrer'],
      '--log common lines have no referrer: use --log combined, or --log-field target',
    ],
    [
      'normalize',
      ['--on-invalid', 'keep', '--dedupe'],
      '--on-invalid keep writes one line per input line, which --dedupe does not: give one of them',
    ],
    [
      'normalize',
      ['--on-invalid', 'empty', '--log', 'combined'],
      '--on-invalid empty with --log needs --log-field target or referrer: one URI per log line, one output line for it',
    ],
    ['validate', ['--warnings'], '--warnings needs --lenient: only lenient mode accepts a URI with something to warn about'],
    [
      'normalize',
      ['--web', '--idna'],
      "--idna is a step past RFC 3986's normal form, and --web writes the URL Standard's serialization: give one of them",
    ],
    ['stats', ['--web', '--templates', 'f'], '--web does not go with --templates'],
    ['stats', ['--match', 'exact'], '--match needs --templates FILE: it says how the templates read a query'],
    ['stats', ['--html='], '--html needs a file name: --html report.html'],
    [
      'routes',
      ['--log', 'combined', '--log-field', 'referrer'],
      "routes finds the routes of a log's request targets: --log-field referrer has none of this site's",
    ],
    ['links', ['--log', 'combined'], 'links reads HTML documents or WARC files; --log does not apply'],
    ['resolve', ['--log', 'combined'], "resolve --log needs --base URL: the site the log's request targets are resolved against"],
    [
      'resolve',
      ['--base', 'a/b'],
      '--base "a/b" has no scheme; a base must be an absolute URI (RFC 3986 §5.1), such as https://example.com/',
    ],
    ['normalize', ['--rfc-only'], '--rfc-only goes with --dedupe or --to (normal forms compared without the dedupe preset)'],
    [
      'normalize',
      ['--remove-params', 'a,,b'],
      '--remove-params takes a comma-separated list of names (a "*" matches any text), not "a,,b"',
    ],
    ['stats', ['--threads', '0'], '--threads takes a whole number from 1 to 256, or auto, not "0"'],
    ['parse', ['a', 'b'], 'parse takes one FILE (or - for standard input), got 2: "a" "b"'],
    [
      'links',
      ['--normalize', 'x'],
      '--normalize takes "rfc3986" (the RFC 3986 normal form of each link) or "dedupe" (the crawler\'s canonical form: DEDUPE_PRESET), not "x"',
    ],
  ];
  for (const [command, words, message] of cases) assert.is(refusal(command, words), message, `${command} ${words.join(' ')}`);
});

test.run();

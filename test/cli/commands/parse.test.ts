/** parse's settings: its fields, by default and with --fields, and those refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ParseSettings } from '../../../src/cli/commands/parse.js';
import { refusal, settings } from '../../support/settings.js';

const parse = (words: string[]) => settings<ParseSettings>('parse', words);

test("parse's fields: the defaults follow --log, --lenient and --tsv; --fields picks them", () => {
  assert.equal(parse([]).fields, ['line', 'href', 'scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment']);
  assert.equal(parse(['--log', 'combined', '--lenient', '--tsv']).fields, [
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
  assert.equal(parse(['--fields', 'host, path']).fields, ['host', 'path']);
  assert.is(refusal('parse', ['--fields', 'host,host']), '--fields names "host" twice');
  assert.is(
    refusal('parse', ['--fields', 'template']),
    '--fields template needs --templates FILE: the templates the records are matched against',
  );
});

test('one FILE at most', () => {
  assert.is(refusal('parse', ['a', 'b']), 'parse takes one FILE (or - for standard input), got 2: "a" "b"');
});

test.run();

/**
 * The CLI's output at its edges: --version, what lenient mode reports, one output line per input
 * line (--on-invalid), exit codes and summaries that do not depend on --threads, the progress
 * bar, text from the input shown on a terminal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, jsonLines, root, Temp } from './support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

test('--version (and -V) prints the package version', async () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  assert.equal(await cli(['--version']), { code: 0, out: `urikit ${version}\n`, err: '' });
  assert.equal(await cli(['-V']), { code: 0, out: `urikit ${version}\n`, err: '' });
  assert.ok((await cli(['--help'])).out.includes('  -V, --version          the version of urikit\n'));
});

test('parse --lenient writes the warnings by default, as JSON and as TSV', async () => {
  const r = await cli(['parse', '--lenient'], 'http://h/a b\nhttp://h/ok\n');
  assert.equal(jsonLines(r.out), [
    {
      line: 1,
      href: 'http://h/a b',
      scheme: 'http',
      userinfo: null,
      host: 'h',
      hostType: 'reg-name',
      port: null,
      path: '/a b',
      query: null,
      fragment: null,
      warnings: ['INVALID_CHAR'],
    },
    {
      line: 2,
      href: 'http://h/ok',
      scheme: 'http',
      userinfo: null,
      host: 'h',
      hostType: 'reg-name',
      port: null,
      path: '/ok',
      query: null,
      fragment: null,
      warnings: [],
    },
  ]);
  const tsv = await cli(['parse', '--lenient', '--tsv'], 'http://h/a b\n');
  assert.is(
    tsv.out,
    'line\thref\tscheme\tuserinfo\thost\thostType\tport\tpath\tquery\tfragment\twarnings\terror\n1\thttp://h/a b\thttp\t\th\treg-name\t\t/a b\t\t\tINVALID_CHAR\t\n',
  );
  // Without --lenient there is nothing to warn about, and no column for it.
  assert.not.ok((await cli(['parse'], 'http://h/\n')).out.includes('warnings'));
});

test('validate --lenient --warnings reports the valid URIs that lenient mode kept something in', async () => {
  const input = 'http://h/a b\nhttp://h/ok\nhttp://h/é%zz\nhttp://h/\x01\n';
  const r = await cli(['validate', '--lenient', '--warnings'], input);
  assert.equal(r, {
    code: 1,
    out:
      `1:10: INVALID_CHAR: Warning: lenient mode kept INVALID_CHAR (the first at index 10) in "http://h/a b"\n` +
      `3:9: NON_ASCII: Warning: lenient mode kept NON_ASCII, INVALID_PERCENT_ENCODING (the first at index 9) in "http://h/é%zz"\n` +
      `4:9: INVALID_CHAR: Invalid character '\\u0001' (U+0001) at index 9 in "http://h/\\u0001"\n`,
    err: 'urikit: 1 of 4 URIs is invalid; 2 have warnings (lenient mode kept something in them)\n',
  });
  const valid = await cli(['validate', '--lenient', '--warnings', '--json'], 'http://h/a b\nhttp://h/ok\n');
  assert.equal(valid, {
    code: 0,
    out: '{"line":1,"warnings":["INVALID_CHAR"],"warningIndex":10}\n',
    err: 'urikit: 2 URIs are valid; 1 has warnings (lenient mode kept something in it)\n',
  });
  // Without --warnings, lenient validate reports only what is invalid.
  assert.equal(await cli(['validate', '--lenient'], 'http://h/a b\n'), { code: 0, out: '', err: '' });
  const log = await cli(
    ['validate', '--lenient', '--warnings', '--log', 'combined', '--json'],
    'h - - [t] "GET /a b HTTP/1.1" 200 1 "http://r/ x" "UA"\n',
  );
  assert.is(
    log.out,
    '{"line":1,"field":"target","warnings":["INVALID_CHAR"],"warningIndex":2}\n{"line":1,"field":"referrer","warnings":["INVALID_CHAR"],"warningIndex":9}\n',
  );
  assert.is(
    (await cli(['validate', '--warnings'], '')).err,
    'urikit: --warnings needs --lenient: only lenient mode accepts a URI with something to warn about\nRun "urikit validate --help" for usage.\n',
  );
});

test.run();

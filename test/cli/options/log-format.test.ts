/**
 * `--log-format` (src/cli/options/log-format.ts): nginx and Apache format strings compiled into
 * steps, lines read field by field (quoted fields with escapes), and the errors of a format that
 * cannot be read, with their index.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isoMinute } from '../../../src/cli/lines/log.js';
import { compileFormat, Field, FormatError, FormatLine, fieldSeconds } from '../../../src/cli/options/log-format.js';
import { cli } from '../../support/cli.js';

/** The fields of `line` as `format` reads them, by name; or the index and what was expected. */
function read(format: string, line: string): Record<string, string> | [number, string] {
  const f = new FormatLine(compileFormat(format));
  const b = Buffer.from(line);
  if (!f.read(b, 0, b.length)) return [f.errorAt, f.expected];
  const out: Record<string, string> = {};
  for (let k = 1; k <= Field.MICROSECONDS; k++) if (f.start[k] !== -1) out[Field[k]!] = b.toString('latin1', f.start[k], f.end[k]);
  return out;
}

const NGINX =
  '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" $request_time';
const APACHE = '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i" %D';
const LINE = '1.2.3.4 - bob [17/May/2015:10:05:03 +0000] "GET /a?b HTTP/1.1" 200 512 "http://r/" "UA \\"q\\" x"';

test('nginx: each variable read; others skipped; ${name}; a field read twice is read the first time', () => {
  assert.equal(read(NGINX, `${LINE} 0.120`), {
    CLIENT: '1.2.3.4',
    TIME_LOCAL: '17/May/2015:10:05:03 +0000',
    REQUEST: 'GET /a?b HTTP/1.1',
    STATUS: '200',
    SIZE: '512',
    REFERRER: 'http://r/',
    AGENT: 'UA \\"q\\" x',
    SECONDS: '0.120',
  });
  assert.equal(read('${remote_addr}|$host "$request_uri" $status $status', '::1|h "/x" 404 200'), {
    CLIENT: '::1',
    TARGET: '/x',
    STATUS: '404',
  });
  assert.equal(read('$remote_addr "$request" $time_iso8601', 'a "GET / HTTP/1.0" 2015-05-17T10:05:03+02:00'), {
    CLIENT: 'a',
    REQUEST: 'GET / HTTP/1.0',
    TIME_ISO: '2015-05-17T10:05:03+02:00',
  });
});

test('Apache: %t with its brackets, %>s, %{…}i, %D, %{ms}T, %U%q, %%, conditions', () => {
  assert.equal(read(APACHE, `${LINE} 120000`), {
    CLIENT: '1.2.3.4',
    TIME_LOCAL: '17/May/2015:10:05:03 +0000',
    REQUEST: 'GET /a?b HTTP/1.1',
    STATUS: '200',
    SIZE: '512',
    REFERRER: 'http://r/',
    AGENT: 'UA \\"q\\" x',
    MICROSECONDS: '120000',
  });
  assert.equal(read('%a %% "%U%q" %400,501{Referer}i %{ms}T %{X}o', '::1 % "/p?q" - 12 x'), {
    CLIENT: '::1',
    TARGET: '/p?q',
    REFERRER: '-',
    MILLISECONDS: '12',
  });
  assert.equal(read('%h "%r" %{s}T %{us}T %{}t', 'h "GET / HTTP/1.1" 1 2 [17/May/2015:10:05:03 +0000]'), {
    CLIENT: 'h',
    REQUEST: 'GET / HTTP/1.1',
    SECONDS: '1',
    MICROSECONDS: '2',
    TIME_LOCAL: '17/May/2015:10:05:03 +0000',
  });
});

test('a line that does not fit: where reading stopped and what was expected', () => {
  assert.equal(read(NGINX, 'x'), [1, '" - "']);
  assert.equal(read('$remote_addr "$request"', 'a "GET / HTTP/1.1" more'), [18, 'the end of the line (the format says no more)']);
  assert.equal(read('$remote_addr "$request"', 'a "GET / HTTP/1.1'), [17, '"""']);
  assert.equal(read('"$request"', '"GET /\\'), [7, '"""'], 'an escape at the end of the line');
});

test('a format that cannot be read: the problem and its index', () => {
  const error = (f: string): [string, number] => {
    try {
      compileFormat(f);
    } catch (e) {
      assert.instance(e, FormatError);
      return [(e as FormatError).message, (e as FormatError).index];
    }
    return ['', -1];
  };
  assert.equal(error('plain text'), [
    'no field: an nginx log_format has $variables ($remote_addr), an Apache LogFormat %directives (%h)',
    0,
  ]);
  assert.equal(error('"$request" $'), ['"$" without a variable name after it', 11]);
  assert.equal(error('"$request" ${status'), ['"${" without its "}"', 11]);
  assert.equal(error('"$request" ${a-b}'), ['"${a-b}" is not a variable name', 11]);
  assert.equal(error('"$request" $status$body_bytes_sent'), [
    'two fields with nothing between them: where the first ends cannot be told',
    18,
  ]);
  assert.equal(error('$remote_addr $status'), ['no URI to read: the format has neither $request nor $request_uri nor $http_referer', 0]);
  assert.equal(error('%h %>s'), ['no URI to read: the format has neither %r nor %U nor %{Referer}i', 0]);
  assert.equal(error('"%r" %{Referer'), ['"%{" without its "}"', 5]);
  assert.equal(error('"%r" %'), ['"%" without a directive letter after it', 5]);
  assert.equal(error('"%r" %>'), ['"%" without a directive letter after it', 5]);
});

test('fieldSeconds and isoMinute', () => {
  const secs = (t: string, scale = 1): number => fieldSeconds(Buffer.from(t), 0, t.length, scale);
  assert.is(secs('0.120'), 0.12);
  assert.is(secs('0.012, 0.003'), 0.012, 'the first of the upstreams');
  assert.is(secs('120000', 1_000_000), 0.12);
  assert.is(secs('12', 1000), 0.012);
  assert.is(secs('-'), -1);
  assert.is(secs(''), -1);
  assert.is(fieldSeconds(Buffer.from('x'), -1, -1, 1), -1);
  assert.is(secs('1234567890123456789'), -1);
  const iso = (t: string): number => isoMinute(Buffer.from(t), 0, t.length);
  assert.is(iso('2015-05-17T10:05:03+02:00'), Date.parse('2015-05-17T08:05Z') / 60_000);
  assert.is(iso('2015-05-17T10:05:03-01:30'), Date.parse('2015-05-17T11:35Z') / 60_000);
  assert.is(iso('2015-05-17T10:05:03Z'), Date.parse('2015-05-17T10:05Z') / 60_000);
  for (const bad of [
    '2015-05-17 10:05:03+02:00',
    '2015-13-17T10:05:03+02:00',
    '1969-12-31T23:59:00+00:00',
    '2015-05-17T10:05:03*02:00',
    '2015-05-17T10:05:03+02-00',
    '2015-05-17T10:05',
    '1970-01-01T00:30:00+01:00',
  ])
    assert.is(iso(bad), -1, bad);
});

test('--log-format on the command line: the usage errors, and Redis jobs refused', async () => {
  const r = await cli(['stats', '--log-format', '"$request" $'], '');
  assert.equal(
    [r.code, r.err.split('\n')[0]],
    [2, 'urikit: --log-format: "$" without a variable name after it, at index 11 of ""$request" $"'],
  );
  assert.equal(
    (await cli(['stats', '--log', 'combined', '--log-format', '"%r"'], '')).err.split('\n')[0],
    'urikit: --log and --log-format each say how log lines are written: give one of them',
  );
  assert.equal(
    (await cli(['stats', '--log-format', '"%r"', '--log-field', 'referrer'], '')).err.split('\n')[0],
    'urikit: --log-format: the format has no referrer ($http_referer, %{Referer}i) for --log-field referrer',
  );
  const job = await cli(['stats', '--log-format', '"%r"', '--from', 'redis://127.0.0.1:1/job'], '');
  assert.equal(
    [job.code, job.err.split('\n').at(-2)],
    [2, 'urikit: --log-format does not go with Redis jobs (--to, --from, publish) yet: their settings name --log combined or common'],
  );
});

test("--log-format with a target alone ($request_uri): counted as a GET request's", async () => {
  const r = await cli(['stats', '--log-format', '$remote_addr "$request_uri" $status', '--json'], 'a "/x?y" 404\nb "/x?y" 200\n');
  const j = JSON.parse(r.out);
  assert.equal(
    [j.targets.valid, j.targets.paths.top, j.brokenLinks],
    [2, [{ value: '/x', count: 2 }], [{ target: '/x?y', referrer: '-', count: 1 }]],
  );
});

test('--log-format on lines of another format: the note says what they look like', async () => {
  const combined = '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /a HTTP/1.1" 200 5 "-" "UA"\n';
  const r = await cli(['stats', '--log-format', '$remote_addr "$request"', '--json'], combined);
  assert.is(r.code, 2);
  assert.is(
    r.err,
    'urikit: --log-format: the line is not a line of the format; it looks like combined access log lines: --log combined reads them\n',
  );
});

test.run();

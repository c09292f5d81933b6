/**
 * The `urikit` CLI in process: each command, the log reader, the input (line endings, chunks,
 * gzip, errors), the output (back-pressure, a closed pipe), usage errors, help, the progress bar.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIELDS } from '../../src/cli/commands/fields.js';
import { line as progressLine } from '../../src/cli/io/progress.js';
import { LogLine } from '../../src/cli/lines/log.js';
import { Finder } from '../../src/cli/lines/walker.js';
import { main } from '../../src/cli/main.js';
import { declared } from '../../src/cli/options/arguments.js';
import { COMMANDS } from '../../src/cli/registry.js';
import { TopK } from '../../src/cli/stats/topk.js';
import { accessLog, cli, jsonLines, LOG, Temp, URLS } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

// ---------------------------------------------------------------------------------------------
// parse

test('parse: one JSON object per line, errors with line, code, index and message', async () => {
  const r = await cli(['parse'], 'http://a.com/x?y#z\r\n\nhttp://a b/\nmailto:x@y');
  assert.is(r.code, 0);
  assert.is(r.err, '');
  assert.equal(jsonLines(r.out), [
    {
      line: 1,
      href: 'http://a.com/x?y#z',
      scheme: 'http',
      userinfo: null,
      host: 'a.com',
      hostType: 'reg-name',
      port: null,
      path: '/x',
      query: 'y',
      fragment: 'z',
    },
    { line: 3, error: { code: 'INVALID_CHAR', index: 8, message: `Invalid character ' ' at index 8 in "http://a b/"` } },
    {
      line: 4,
      href: 'mailto:x@y',
      scheme: 'mailto',
      userinfo: null,
      host: null,
      hostType: null,
      port: null,
      path: 'x@y',
      query: null,
      fragment: null,
    },
  ]);
});

test('parse reads a file argument, and "-" means standard input', async () => {
  const f = tmp.file('in.txt', '//h\n');
  assert.is(
    (await cli(['parse', f])).out,
    '{"line":1,"href":"//h","scheme":null,"userinfo":null,"host":"h","hostType":"reg-name","port":null,"path":"","query":null,"fragment":null}\n',
  );
  assert.is(
    (await cli(['parse', '-'], '?q\n')).out,
    '{"line":1,"href":"?q","scheme":null,"userinfo":null,"host":null,"hostType":null,"port":null,"path":"","query":"q","fragment":null}\n',
  );
  assert.is((await cli(['parse', '--', '-'], '?q\n')).code, 0);
});

test('parse --fields picks and orders the JSON keys; every field has a value', async () => {
  const r = await cli(
    ['parse', '--fields', 'host,line,authority,portNumber,warnings,error,field', '--lenient'],
    'http://u@h:99999/a b\nhttp://h:8080\n',
  );
  assert.equal(jsonLines(r.out), [
    { host: 'h', line: 1, authority: 'u@h:99999', portNumber: null, warnings: ['INVALID_CHAR'], error: null, field: null },
    { host: 'h', line: 2, authority: 'h:8080', portNumber: 8080, warnings: [], error: null, field: null },
  ]);
  assert.is((await cli(['parse', '--fields=scheme'], 'x:y\n')).out, '{"scheme":"x"}\n');
});

test('parse --tsv: a header, one row per URI, the error code of an invalid one', async () => {
  const r = await cli(['parse', '--tsv'], 'http://a.com:81/x?y#z\nhttp://a b/\n\nmailto:m\n');
  assert.is(
    r.out,
    'line\thref\tscheme\tuserinfo\thost\thostType\tport\tpath\tquery\tfragment\terror\n' +
      '1\thttp://a.com:81/x?y#z\thttp\t\ta.com\treg-name\t81\t/x\ty\tz\t\n' +
      '2\thttp://a b/\t\t\t\t\t\t\t\t\tINVALID_CHAR\n' +
      '4\tmailto:m\tmailto\t\t\t\t\tm\t\t\t\n',
  );
  const cols = await cli(
    ['parse', '--tsv', '--no-header', '--fields', 'host,portNumber,warnings,authority,field,line'],
    'http://h:1/\nhttp://a b/\n',
  );
  assert.is(cols.out, 'h\t1\t\th:1\t\t1\n\t\t\t\t\t2\n');
  const warned = await cli(['parse', '--tsv', '--no-header', '--lenient', '--fields', 'warnings'], 'http://h/a b%\n');
  assert.is(warned.out, 'INVALID_CHAR,INVALID_PERCENT_ENCODING\n');
});

test('parse --tsv writes the bytes of a valid record as the JSON lines have its components, repeats and lines of any length too', async () => {
  const long = `http://h/${'p'.repeat(70_000)}?q`;
  const uris = [
    'http://u:p@a.com:81/x?y#z',
    'http://10.0.0.1/a',
    'http://[::1]:8/b?',
    'http://[v7.x]/',
    'HTTP://A.COM',
    'mailto:m',
    '//h',
    '?q#',
    long,
    'http://u:p@a.com:81/x?y#z',
    'http://10.0.0.1/a',
  ];
  const fields = 'scheme,authority,line,userinfo,host,hostType,port,path,query,fragment,href,warnings,error';
  // The last line has no line ending: its record ends at the end of the buffer.
  const input = uris.join('\n');
  const tsv = (await cli(['parse', '--tsv', '--no-header', '--fields', fields], input)).out;
  const json = jsonLines((await cli(['parse', '--fields', fields], input)).out);
  const rows = tsv.split('\n');
  assert.is(rows.pop(), '');
  assert.is(rows.length, uris.length);
  rows.forEach((row, i) => {
    const want = fields.split(',').map((f) => {
      const v = (json[i] as Record<string, unknown>)[f];
      return v === null ? '' : Array.isArray(v) ? v.join(',') : String(v);
    });
    assert.equal(row.split('\t'), want, uris[i]!.slice(0, 40));
  });
  assert.is(rows[0], 'http\tu:p@a.com:81\t1\tu:p\ta.com\treg-name\t81\t/x\ty\tz\thttp://u:p@a.com:81/x?y#z\t\t');
  const accessLogLine = (request: string, referrer: string) =>
    `10.0.0.1 - - [17/May/2015:10:05:03 +0000] "${request}" 200 5 "${referrer}" "UA"`;
  // A log's records, repeated so that the memo keeps them; CONNECT's and OPTIONS' targets, and fields without the line.
  const lines = [
    accessLogLine('GET /a?b HTTP/1.1', 'http://r.example:8080/p?q#f'),
    accessLogLine('CONNECT h.example:443 HTTP/1.1', '-'),
    accessLogLine('OPTIONS * HTTP/1.1', 'http://[::1]/'),
  ];
  const log = Array.from({ length: 6 }, () => lines)
    .flat()
    .join('\n');
  for (const f of ['line,field,href,host,hostType,port,path,query,fragment,error', 'field,href,authority,path']) {
    const t = (await cli(['parse', '--log', 'combined', '--tsv', '--no-header', '--fields', f], log)).out.split('\n');
    const j = jsonLines((await cli(['parse', '--log', 'combined', '--fields', f], log)).out);
    assert.is(t.length, j.length + 1);
    j.forEach((o, i) => {
      const want = f.split(',').map((k) => {
        const v = (o as Record<string, unknown>)[k];
        return v === null ? '' : String(v);
      });
      assert.equal(t[i]!.split('\t'), want, `${f} ${i}`);
    });
  }
  const first = (await cli(['parse', '--log', 'combined', '--tsv', '--no-header'], log)).out.split('\n');
  assert.is(first[0], '1\ttarget\t/a?b\t\t\t\t\t\t/a\tb\t\t');
  assert.is(first[1], '1\treferrer\thttp://r.example:8080/p?q#f\thttp\t\tr.example\treg-name\t8080\t/p\tq\tf\t');
  assert.is(first[2], '2\ttarget\t//h.example:443\t\t\th.example\treg-name\t443\t\t\t\t');
  assert.is(first[5], '4\ttarget\t/a?b\t\t\t\t\t\t/a\tb\t\t');
});

test('parse --tsv escapes every field: an invalid line with tabs cannot pass for a row', async () => {
  // Its tabs would put "evil.com" in the host column of a row without an error code.
  const evil = 'x y\thttp://evil.com/\thttp\t\tevil.com\treg-name\t\t/\t\t\t';
  const r = await cli(['parse', '--tsv', '--no-header', '--lenient'], `${evil}\nhttp://h/a\\b\nhttp://h/\ra\n`);
  assert.is(
    r.out,
    '1\tx y\\thttp://evil.com/\\thttp\\t\\tevil.com\\treg-name\\t\\t/\\t\\t\\t\t\t\t\t\t\t\t\t\t\tINVALID_CHAR\n' +
      '2\thttp://h/a\\\\b\thttp\t\th\treg-name\t\t/a\\\\b\t\t\tINVALID_CHAR\t\n' +
      '3\thttp://h/\\ra\t\t\t\t\t\t\t\t\t\tINVALID_CHAR\n',
  );
  // line, href, scheme, userinfo, host, hostType, port, path, query, fragment, warnings, error
  for (const row of r.out.trimEnd().split('\n')) assert.is(row.split('\t').length, 12, row);
  const log = await cli(['parse', '--tsv', '--no-header', '--log', 'common', '--fields', 'line,field,href,error'], 'not\ta\tlog line\n');
  assert.is(log.out, '1\t\t\tNOT_A_LOG_LINE\n');
});

test('many lines are written in order through back-pressure', async () => {
  const input = Array.from({ length: 5000 }, (_, i) => `http://h${i}.example/p`).join('\n');
  const lines = (await cli(['parse'], input)).out.trimEnd().split('\n');
  assert.is(lines.length, 5000);
  assert.is(JSON.parse(lines[4999]!).host, 'h4999.example');
});

// ---------------------------------------------------------------------------------------------
// validate

test('validate: LINE:INDEX: CODE: MESSAGE per invalid URI, a count on stderr, exit 1', async () => {
  const r = await cli(['validate', URLS]);
  assert.is(r.code, 1);
  assert.is(
    r.out,
    `5:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"\n` +
      `9:11: INVALID_CHAR: Invalid character '/' at index 11 in "http://[::1/"\n` +
      `11:10: INVALID_CHAR: Invalid character 'é' (U+00E9) at index 10 in "http://café.example/"\n` +
      `12:20: INVALID_PERCENT_ENCODING: Invalid percent-encoding "%zz" at index 20 in "http://example.com/a%zz": "%" must be followed by two hex digits\n`,
  );
  assert.is(r.err, 'urikit: 4 of 11 URIs are invalid; --lenient accepts the characters that logs often hold\n');
  const iri = await cli(['validate', '--iri', '--quiet', URLS]);
  assert.is(iri.out.split('\n').length - 1, 3);
  assert.is(iri.err, '');
  const lenient = await cli(['validate', '--lenient', URLS]);
  assert.equal([lenient.code, lenient.out.split('\n').length - 1], [1, 1]);
  assert.is(lenient.err, 'urikit: 1 of 11 URIs is invalid\n');
  assert.equal(await cli(['validate'], 'http://a/\n\n/b\r\n'), { code: 0, out: '', err: '' });
  const absolute = await cli(['validate', '--absolute', '--json'], 'http://a/\n/b\n');
  assert.equal(jsonLines(absolute.out), [
    {
      line: 2,
      error: {
        code: 'MISSING_SCHEME',
        index: 0,
        message: 'Missing scheme: \'/\' at index 0 in "/b": an absolute URI (scheme ":" ...) is required',
      },
    },
  ]);
  const zone = await cli(['validate', '--zone-id'], 'http://[fe80::1%25eth0]/\n');
  assert.is(zone.code, 0);
});

test('an access log read without --log: the hint names --log FORMAT, not --lenient, which takes whole lines as URIs', async () => {
  const log = 'the lines look like combined access log lines: --log combined reads the URIs in them';
  const lenientLog =
    'the lines look like combined access log lines, which --lenient takes whole as URIs: --log combined reads the URIs in them';
  const strict = await cli(['validate', LOG]);
  assert.equal([strict.code, strict.err], [1, `urikit: 7 of 7 URIs are invalid; ${log}\n`]);
  assert.equal(await cli(['validate', '--lenient', LOG]), { code: 0, out: '', err: `urikit: ${lenientLog}\n` });
  const stats = await cli(['stats', '--lenient', LOG]);
  assert.equal([stats.code, stats.err], [0, `urikit: ${lenientLog}\n`]);
  assert.is((await cli(['stats', '--log', 'combined', LOG])).err, '');
  assert.is((await cli(['validate', '--quiet', LOG])).err, '');
  // Common log lines end after the size; most lines must read as one format or the other.
  const common = '203.0.113.7 - - [17/May/2015:10:05:03 +0000] "GET /a b HTTP/1.1" 200 512\n';
  assert.is(
    (await cli(['normalize'], common.repeat(3))).err.split('\n').at(-2),
    'urikit: 3 invalid URIs were left out (reported above); the lines look like common access log lines: --log common reads the URIs in them',
  );
  assert.is(
    (await cli(['validate'], `${common}http://a b/\nhttp://c d/\n`)).err,
    'urikit: 3 of 3 URIs are invalid; --lenient accepts the characters that logs often hold\n',
  );
  // Only the first lines are tried: a log line further down a list of URIs is one more invalid URI.
  assert.is(
    (await cli(['validate'], `${'http://a/\n'.repeat(16)}${common}`)).err,
    'urikit: 1 of 17 URIs is invalid; --lenient accepts the characters that logs often hold\n',
  );
});

test('--log on lines of another format: what the first 1000 look like on stderr; exit 2 when no line at all was a log line', async () => {
  const common = (i: number) => `203.0.113.7 - - [17/May/2015:10:05:03 +0000] "GET /p/${i} HTTP/1.1" 200 ${i}\n`;
  const combined = (i: number) => `${common(i).slice(0, -1)} "http://r.example/" "UA"\n`;
  const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join('');
  const files = {
    common: tmp.file('common.log', lines(3, common)),
    json: tmp.file(
      'json.log',
      lines(2, (i) => `{"url":"/p/${i}","status":200}\n`),
    ),
    uris: tmp.file('uris.txt', 'http://a.example/x\n/b\n'),
    custom: tmp.file('custom.log', 'GET /a 200 12ms\nGET /b 404 3ms\n'),
    one: tmp.file('one.log', common(0)),
  };
  const note = (lines: string, what: string, format = 'combined', rest = '') =>
    `urikit: --log ${format}: ${lines} a ${format} log line${rest}; ${what}\n`;
  const asCommon = 'they look like common access log lines: --log common reads them';
  const stats = await cli(['stats', '--log', 'combined', files.common]);
  assert.equal([stats.code, stats.err], [2, note('none of the 3 lines is', asCommon)]);
  // The counts are written all the same.
  assert.ok(stats.out.includes('  NOT_A_LOG_LINE          3  100.0%\n'), stats.out);
  for (const command of ['validate', 'normalize', 'parse', 'routes']) {
    // normalize reports each line left out on stderr first.
    const r = await cli([command, '--log', 'combined', '-q', files.common]);
    assert.equal([r.code, r.err.slice(r.err.lastIndexOf('urikit: '))], [2, note('none of the 3 lines is', asCommon)], command);
  }
  assert.equal(
    (await cli(['stats', '--log', 'combined', files.one])).err,
    note('the line is not', 'it looks like common access log lines: --log common reads them'),
  );
  const json = await cli(['stats', '--log', 'common', files.json]);
  assert.equal(
    [json.code, json.err],
    [
      2,
      note(
        'none of the 2 lines is',
        'they look like JSON lines, which --log does not read: take the URIs out of them (with jq, for one) and read those without --log',
        'common',
      ),
    ],
  );
  const uris = await cli(['validate', '--log', 'combined', files.uris]);
  assert.equal(
    [uris.code, uris.err],
    [2, `urikit: 2 of 2 URIs are invalid\n${note('none of the 2 lines is', 'they look like URIs, one a line: read them without --log')}`],
  );
  const custom = await cli(['stats', '--log', 'combined', files.custom]);
  assert.equal(
    [custom.code, custom.err],
    [
      2,
      note(
        'none of the 2 lines is',
        'they are in a format urikit does not read (a custom log format?): --log reads the common and combined formats of Apache and nginx, --log-format the format of an nginx log_format or Apache LogFormat',
      ),
    ],
  );
  // Only the first 1000 lines are looked at; the run fails when none of the others was read either.
  const long = tmp.file('long.log', lines(1500, common));
  assert.equal(await cli(['stats', '--log', 'combined', '--json', long]).then((r) => [r.code, r.err]), [
    2,
    note('none of the first 1000 lines is', asCommon, 'combined', ', nor any of the 500 after them'),
  ]);
  // A log line after the first 1000: a note, and the run ends as usual.
  const late = tmp.file('late.log', lines(1000, common) + combined(1000));
  assert.equal(await cli(['validate', '--log', 'combined', late]).then((r) => [r.code, r.err.split('\n').slice(-2)]), [
    1,
    [note('none of the first 1000 lines is', asCommon).trimEnd(), ''],
  ]);
  // One log line among the first 1000 is enough: no note.
  const early = tmp.file('early.log', lines(999, common) + combined(999) + lines(5, common));
  assert.equal(await cli(['stats', '--log', 'combined', early]).then((r) => [r.code, r.err]), [0, '']);
  // --quiet keeps the note back unless the run fails.
  assert.equal(await cli(['validate', '--log', 'combined', '-q', late]).then((r) => [r.code, r.err]), [1, '']);
  // An empty input, or one of empty lines, has no line to read: no note.
  assert.equal(await cli(['stats', '--log', 'combined', '-q'], '\n\n'), {
    code: 0,
    out: (await cli(['stats', '--log', 'combined', '-q'], '\n\n')).out,
    err: '',
  });
  // On threads (each reads its part; its first lines looked at): the same note and exit code.
  const big = tmp.file(
    'big.log',
    lines(6000, (i) => common(i).replace('/p/', `/${'p'.repeat(80)}/`)),
  );
  for (const threads of ['1', '3']) {
    const r = await cli(['stats', '--log', 'combined', '--threads', threads, big]);
    assert.equal(
      [r.code, r.err],
      [2, note('none of the first 1000 lines is', asCommon, 'combined', ', nor any of the 5000 after them')],
      threads,
    );
  }
  // --log common reads combined lines (it stops after the size).
  assert.is((await cli(['stats', '--log', 'common', late])).code, 0);
});

// ---------------------------------------------------------------------------------------------
// normalize

test('normalize: the normal form per line; invalid lines on stderr, left out, exit 1', async () => {
  const r = await cli(['normalize', URLS]);
  assert.is(r.code, 1);
  assert.is(
    r.out,
    'http://example.com/a?b#c\nhttp://example.com/x/~\n//host:8080\nmailto:user@example.org\nhttp://[::1]:99999/\n/relative/path?q\nhttp://example.com/last\n',
  );
  assert.ok(r.err.startsWith(`urikit: line 5 left out: INVALID_CHAR at index 8: Invalid character ' ' at index 8 in "http://a b/"\n`));
  assert.ok(
    r.err.endsWith('urikit: 4 invalid URIs were left out (reported above); --lenient accepts the characters that logs often hold\n'),
  );
  const one = await cli(['normalize'], 'http://a b\n');
  assert.is(
    one.err.split('\n')[1],
    'urikit: 1 invalid URI was left out (reported above); --lenient accepts the characters that logs often hold',
  );
  // RFC 3987 §5.3.2.1: a non-ASCII host is case-folded as UTS #46 maps it.
  assert.equal(await cli(['normalize', '--iri'], 'HTTP://Ü.example/\n'), { code: 0, out: 'http://ü.example/\n', err: '' });
});

test('normalize --dedupe keeps the first of each equivalence class; past --dedupe-limit it warns once and loses nothing', async () => {
  const input = 'http://a/\nHTTP://A:80/\nhttp://a/%7e\nhttp://a/~\nhttp://b/\nhttp://c/\nhttp://b/\nhttp://d/\nhttp://d/\nhttp://a\n';
  const r = await cli(['normalize', '--dedupe'], input);
  assert.equal(r, { code: 0, out: 'http://a/\nhttp://a/~\nhttp://b/\nhttp://c/\nhttp://d/\n', err: '' });
  const limited = await cli(['normalize', '--dedupe', '--dedupe-limit', '2'], input);
  // http://a/ and http://a/~ are held; b, c, b, d, d are written every time.
  assert.is(limited.out, 'http://a/\nhttp://a/~\nhttp://b/\nhttp://c/\nhttp://b/\nhttp://d/\nhttp://d/\n');
  assert.is(limited.err.match(/--dedupe holds 2 distinct URIs, its limit/g)?.length, 1);
  assert.ok(limited.err.includes('none is lost'));
});

test('normalize --dedupe compares canonical forms (the dedupe preset); --rfc-only compares normal forms; each step alone', async () => {
  const input =
    'http://münchen.de/\nhttp://MÜNCHEN.DE/?utm_source=x\nhttp://xn--mnchen-3ya.de/#top\nhttp://a/?b=1&a=2&gclid=z\nhttp://a/?a=2&b=1\n';
  assert.equal(await cli(['normalize', '--dedupe', '--iri'], input), {
    code: 0,
    out: 'http://xn--mnchen-3ya.de/\nhttp://a/?a=2&b=1\n',
    err: '',
  });
  assert.equal(await cli(['normalize', '--dedupe', '--rfc-only', '--iri'], input), {
    code: 0,
    out: 'http://münchen.de/\nhttp://münchen.de/?utm_source=x\nhttp://xn--mnchen-3ya.de/#top\nhttp://a/?b=1&a=2&gclid=z\nhttp://a/?a=2&b=1\n',
    err: '',
  });
  assert.equal(await cli(['normalize', '--lenient', '--idna'], 'http://MÜNCHEN.de/x\n'), {
    code: 0,
    out: 'http://xn--mnchen-3ya.de/x\n',
    err: '',
  });
  assert.equal(await cli(['normalize', '--sort-query', '--remove-params', 're*,x'], 'http://a/?b=1&x=0&a=2&ref=3#f\n'), {
    code: 0,
    out: 'http://a/?a=2&b=1#f\n',
    err: '',
  });
  assert.equal(await cli(['normalize', '--remove-tracking', '--remove-fragment', '--remove-empty-query'], 'http://a/?fbclid=1&&#f\n'), {
    code: 0,
    out: 'http://a/\n',
    err: '',
  });
  const help = await cli(['normalize', '--help']);
  for (const o of [
    '--rfc-only',
    '--idna',
    '--sort-query',
    '--remove-params LIST',
    '--remove-tracking',
    '--remove-fragment',
    '--remove-empty-query',
  ])
    assert.ok(help.out.includes(o), o);
});

// ---------------------------------------------------------------------------------------------
// resolve

test('normalize --lenient --dedupe keeps distinct bytes distinct: bytes that are not UTF-8 come out percent-encoded', async () => {
  const bytes = (s: string, ...b: number[]): Buffer => Buffer.concat([Buffer.from(s), Buffer.from(b)]);
  const input = Buffer.concat([
    bytes('http://a/caf', 0xe9, 0x0a), // Latin-1 é
    bytes('http://a/caf', 0xe8, 0x0a), // Latin-1 è
    bytes('http://a/caf', 0xc3, 0xa9, 0x0a), // UTF-8 é
    bytes('HTTP://A/caf', 0xe9, 0x0a), // the first one again, in another case
    bytes('http://a/caf%e9\n'), // the same octet, percent-encoded
  ]);
  const r = await cli(['normalize', '--lenient', '--dedupe'], input);
  assert.equal(r, { code: 0, out: 'http://a/caf%E9\nhttp://a/caf%E8\nhttp://a/caf%C3%A9\n', err: '' });
  const parsed = await cli(['parse', '--lenient', '--fields', 'href,path,warnings'], input.subarray(0, 14));
  assert.is(parsed.out, '{"href":"http://a/caf%E9","path":"/caf%E9","warnings":["NON_ASCII"]}\n');
  const resolved = await cli(['resolve', '--lenient', '--base', 'http://b/x/'], bytes('d', 0xff, 0x0a));
  assert.is(resolved.out, 'http://b/x/d%FF\n');
  const stats = JSON.parse((await cli(['stats', '--lenient', '--json'], input)).out);
  assert.equal(stats.uris.paths.top, [
    { value: '/caf%E9', count: 2 },
    { value: '/caf%E8', count: 1 },
    { value: '/caf%e9', count: 1 },
    { value: '/café', count: 1 },
  ]);
});

test('resolve --base: each reference against one base', async () => {
  const r = await cli(['resolve', '--base', 'http://a/b/c/d;p?q'], 'g\n../../g\n?y\n#s\nhttp:g\n\nhttp://x y\n');
  assert.is(r.out, 'http://a/b/c/g\nhttp://a/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp:g\n');
  assert.is(r.code, 1);
  assert.ok(r.err.startsWith(`urikit: line 7 left out: INVALID_CHAR at index 8: Invalid character ' '`));
});

test('resolve without --base: base<TAB>href lines', async () => {
  const r = await cli(['resolve'], 'http://a/b/c\t../d\r\nno tab here\nhttp://a/\thttp://b c\n/rel\tx\nhttp://a b\tx\nhttp://a/b/\t./g\n');
  assert.is(r.out, 'http://a/d\nhttp://a/b/g\n');
  assert.is(r.code, 1);
  assert.is(
    r.err,
    'urikit: line 2 left out: MISSING_TAB at index 11: Not a base<TAB>href line: no tab in "no tab here" (give --base URL to resolve every line against one base)\n' +
      `urikit: line 3 left out: INVALID_CHAR at index 8: href: Invalid character ' ' at index 8 in "http://b c"\n` +
      'urikit: line 4 left out: RELATIVE_BASE at index 0: base: Relative base: "/rel" has no scheme; a base URI must be absolute (RFC 3986 §5.1)\n' +
      `urikit: line 5 left out: INVALID_CHAR at index 8: base: Invalid character ' ' at index 8 in "http://a b"\n` +
      'urikit: 4 invalid URIs were left out (reported above); --lenient accepts the characters that logs often hold\n',
  );
});

test('resolve --log --base: the targets and referrers of a log as absolute URIs', async () => {
  const r = await cli(['resolve', '--log', 'combined', '--base', 'http://www.example.com/', '--quiet', LOG]);
  assert.is(
    r.out,
    'http://www.example.com/a/b?x=1\nhttp://www.Example.com/from\nhttp://www.example.com/submit\nhttps://www.google.com/url?q=x\nhttp://proxy.example:8080/p\nhttp://www.example.com/from\n',
  );
  assert.is(r.code, 1);
});

test('normalize and resolve: ASCII records as they lie in the line, others through a Uri (non-ASCII, CONNECT targets), alike', async () => {
  const logLine = (request: string, referrer: string): string =>
    `1.2.3.4 - - [17/May/2015:10:05:03 +0000] "${request}" 200 1 "${referrer}" "ua"\n`;
  const log =
    logLine('CONNECT WWW.Example.com:443 HTTP/1.1', '-') +
    logLine('OPTIONS * HTTP/1.1', 'HTTP://R.example:80/a/./b') +
    logLine('GET /caf%c3%a9/./x HTTP/1.1', 'http://MÜNCHEN.de/ü?q');
  assert.equal(await cli(['normalize', '--log', 'combined', '--lenient'], log), {
    code: 0,
    out: '//www.example.com:443\n*\nhttp://r.example/a/b\n/caf%C3%A9/x\nhttp://m%C3%BCnchen.de/%C3%BC?q\n',
    err: '',
  });
  assert.equal(
    await cli(
      ['normalize', '--dedupe', '--iri'],
      'http://A/./b?utm_source=x&b=1#f\nhttp://a/b?b=1\nhttp://ü.example/%7e?utm_medium=y\nhttp://xn--tda.example/~\n',
    ),
    { code: 0, out: 'http://a/b?b=1\nhttp://xn--tda.example/~\n', err: '' },
  );
  assert.equal(await cli(['resolve', '--iri', '--base', 'http://a/b/c/d;p?q'], 'g\n../ü/./g\n//X/y/../z\n'), {
    code: 0,
    out: 'http://a/b/c/g\nhttp://a/b/ü/g\nhttp://X/z\n',
    err: '',
  });
  assert.equal(await cli(['resolve', '--log', 'combined', '--base', 'http://base.example/p/'], log.replace('MÜNCHEN.de/ü', 'm.de/x')), {
    code: 0,
    out: 'http://WWW.Example.com:443\nhttp://base.example/p/*\nHTTP://R.example:80/a/b\nhttp://base.example/caf%c3%a9/x\nhttp://m.de/x?q\n',
    err: '',
  });
  assert.equal(await cli(['resolve', '--iri'], 'http://ü.example/a/\t../b\nhttp://a/b/c\t../d\nhttp://a/b/\tü/./x\n'), {
    code: 0,
    out: 'http://ü.example/b\nhttp://a/d\nhttp://a/b/ü/x\n',
    err: '',
  });
});

// ---------------------------------------------------------------------------------------------
// --log

test('--log combined: request targets and referrers; "-", escaped quotes, lines that are not log lines', async () => {
  const r = await cli(['parse', '--log', 'combined', '--fields', 'line,field,href,host', LOG]);
  assert.is(r.code, 0);
  assert.equal(jsonLines(r.out), [
    { line: 1, field: 'target', href: '/a/./b?x=1', host: null },
    { line: 1, field: 'referrer', href: 'http://www.Example.com/from', host: 'www.Example.com' },
    { line: 2, field: 'target', href: '/submit', host: null },
    {
      line: 4,
      error: {
        code: 'NO_REQUEST_TARGET',
        index: 44,
        message: 'No request target: the request "-" is not METHOD TARGET PROTOCOL (a client that sent no request is logged as "-")',
      },
    },
    {
      line: 5,
      field: 'target',
      error: { code: 'INVALID_CHAR', index: 11, message: `Invalid character ' ' at index 11 in "/search?q=a b"` },
    },
    { line: 5, field: 'referrer', href: 'https://www.google.com/url?q=x', host: 'www.google.com' },
    {
      line: 6,
      error: {
        code: 'NOT_A_LOG_LINE',
        index: 22,
        message:
          'Not a combined log line: expected a quoted request ("GET /path HTTP/1.1") after the time at index 22 in "this is not a log line"',
      },
    },
    { line: 7, field: 'target', error: { code: 'INVALID_CHAR', index: 2, message: `Invalid character '\\' at index 2 in "/q\\"x"` } },
    {
      line: 7,
      field: 'referrer',
      error: { code: 'INVALID_CHAR', index: 17, message: `Invalid character '\\' at index 17 in "http://r.example/\\xe4"` },
    },
    { line: 8, field: 'target', href: 'http://proxy.example:8080/p', host: 'proxy.example' },
    { line: 8, field: 'referrer', href: 'http://www.example.com/from', host: 'www.example.com' },
  ]);
  const lenient = await cli(['validate', '--log', 'combined', '--lenient', LOG]);
  assert.is(
    lenient.out,
    `${lenient.out
      .split('\n')
      .filter((l) => /NO_REQUEST_TARGET|NOT_A_LOG_LINE/.test(l))
      .join('\n')}\n`,
  );
  assert.ok(lenient.out.includes('6:22: NOT_A_LOG_LINE: Not a combined log line'));
});

test('--log-field chooses the target or the referrer; --log common reads no referrer', async () => {
  const targets = await cli(['normalize', '--log', 'combined', '--log-field', 'target', '--quiet', LOG]);
  assert.is(targets.out, '/a/b?x=1\n/submit\nhttp://proxy.example:8080/p\n');
  const referrers = await cli(['normalize', '--log', 'combined', '--log-field=referrer', LOG]);
  assert.is(referrers.out, 'http://www.example.com/from\nhttps://www.google.com/url?q=x\nhttp://www.example.com/from\n');
  const raw = await cli([
    'parse',
    '--log',
    'combined',
    '--log-field',
    'referrer',
    '--lenient',
    '--tsv',
    '--no-header',
    '--fields',
    'href',
    LOG,
  ]);
  assert.is(
    raw.out,
    // TSV writes the logged backslash escaped (tsvField).
    'http://www.Example.com/from\nhttps://www.google.com/url?q=x\n\nhttp://r.example/\\\\xe4\nhttp://www.example.com/from\n',
  );
  // The line without a request still has a referrer field ("-"); the garbage line is reported.
  assert.is(
    referrers.err,
    'urikit: line 6 left out: NOT_A_LOG_LINE at index 22: Not a combined log line: expected a quoted request ("GET /path HTTP/1.1") after the time at index 22 in "this is not a log line"\n' +
      `urikit: line 7 left out: INVALID_CHAR at index 17: referrer: Invalid character '\\' at index 17 in "http://r.example/\\xe4"\n` +
      'urikit: 2 invalid URIs were left out (reported above); --lenient accepts the characters that logs often hold\n',
  );
  const common = await cli(['validate', '--log', 'common', '--lenient'], readFileSync(LOG));
  assert.is(
    common.out,
    '4:44: NO_REQUEST_TARGET: No request target: the request "-" is not METHOD TARGET PROTOCOL (a client that sent no request is logged as "-")\n6:22: NOT_A_LOG_LINE: Not a common log line: expected a quoted request ("GET /path HTTP/1.1") after the time at index 22 in "this is not a log line"\n',
  );
  assert.is(common.err, 'urikit: 2 of 7 URIs are invalid\n');
  const short = await cli(['validate', '--log', 'combined'], '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 5\n');
  assert.ok(
    short.out.startsWith(
      '1:63: NOT_A_LOG_LINE: Not a combined log line: expected the quoted referrer after the status and the size (use --log common for logs without it) at index 63 in',
    ),
  );
  assert.equal((await cli(['validate', '--log', 'common'], '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 5\n')).code, 0);
});

test('log lines: every way a line can fall short is named', () => {
  const l = new LogLine('combined', new Finder());
  const read = (s: string): string => {
    const b = Buffer.from(s);
    return l.read(b, 0, b.length)
      ? `target=${b.toString('latin1', l.targetStart, l.targetEnd)} referrer=${l.referrerStart === -1 ? '-' : b.toString('latin1', l.referrerStart, l.referrerEnd)}`
      : `${l.error} at ${l.errorAt}: ${l.expected}`;
  };
  const head = '1.2.3.4 - - [t] ';
  assert.is(read(`${head}"GET /a HTTP/1.1" 200 5 "http://r/" "UA"`), 'target=/a referrer=http://r/');
  assert.is(read(`${head}"GET /a b HTTP/1.1" 200 5 "-" "UA"`), 'target=/a b referrer=-');
  assert.is(read(`${head}"GET /a" 200 5 "r" "UA"`), 'target=/a referrer=r');
  assert.is(read(`${head}"GET /a\\" b HTTP/1.0" 200 5 "\\\\" "UA"`), 'target=/a\\" b referrer=\\\\');
  assert.is(
    read('"GET / HTTP/1.1"'),
    'NOT_A_LOG_LINE at 0: the time in brackets ("[17/May/2015:10:05:03 +0000] ") before the quoted request',
  );
  assert.is(
    read('1.2.3.4 - - [t]"GET / HTTP/1.1"'),
    'NOT_A_LOG_LINE at 15: the time in brackets ("[17/May/2015:10:05:03 +0000] ") before the quoted request',
  );
  assert.is(read(`${head}"GET / HTTP/1.1`), 'NOT_A_LOG_LINE at 31: the closing quote of the request');
  assert.is(read(`${head}"GET "`), 'NO_REQUEST_TARGET at 17: ');
  assert.is(read(`${head}"GET / HTTP/1.1"200`), 'NOT_A_LOG_LINE at 32: a space and the status after the request');
  assert.is(read(`${head}"GET / HTTP/1.1" "x"`), 'NOT_A_LOG_LINE at 33: the status after the request');
  assert.is(read(`${head}"GET / HTTP/1.1" 200`), 'NOT_A_LOG_LINE at 36: a space and the size after the status');
  assert.is(read(`${head}"GET / HTTP/1.1" 200 "x"`), 'NOT_A_LOG_LINE at 37: the size after the status');
  assert.is(
    read(`${head}"GET / HTTP/1.1" 200 5 x`),
    'NOT_A_LOG_LINE at 38: the quoted referrer after the status and the size (use --log common for logs without it)',
  );
  assert.is(read(`${head}"GET / HTTP/1.1" 200 5 "x`), 'NOT_A_LOG_LINE at 41: the closing quote of the referrer');
});

// ---------------------------------------------------------------------------------------------
// stats

test('stats: a table by scheme, host type, host and path, and invalid URIs by code', async () => {
  const r = await cli(['stats', URLS]);
  assert.is(r.code, 0);
  assert.is(
    r.out,
    `urikit stats: ${URLS}

lines: 13 (2 empty)

URIs: 11 (7 valid, 4 invalid)

  scheme      count   share   (3 distinct)
  http            4   57.1%
  (relative)      2   28.6%
  mailto          1   14.3%

  host type       count   share
  reg-name            4   57.1%
  ipv6                1   14.3%
  (no authority)      2   28.6%

  top 10 hosts  count   share   (3 distinct)
  example.com       3   42.9%
  [::1]             1   14.3%
  host              1   14.3%

  top 10 paths      count   share   (7 distinct)
  (empty)               1   14.3%
  /                     1   14.3%
  /./x/%7e              1   14.3%
  /a                    1   14.3%
  /last                 1   14.3%
  /relative/path        1   14.3%
  user@example.org      1   14.3%

  invalid                   count   share
  INVALID_CHAR                  3   27.3%
  INVALID_PERCENT_ENCODING      1    9.1%
`,
  );
});

test('stats --log --json: targets and referrers apart, lines without URIs, lenient warnings', async () => {
  const r = await cli(['stats', '--log', 'combined', '--json', '--lenient', '--top', '1', LOG]);
  const s = JSON.parse(r.out);
  assert.equal([s.lines, s.emptyLines, s.lineErrors], [8, 1, { NOT_A_LOG_LINE: 1, NO_REQUEST_TARGET: 1 }]);
  assert.equal(s.targets.hostTypes, { 'reg-name': 1, ipv4: 0, ipv6: 0, ipvfuture: 0, none: 4 });
  assert.equal(s.targets.schemes, { distinct: 2, top: [{ value: null, count: 4 }] });
  assert.equal(s.targets.warnings, { INVALID_CHAR: 2 });
  assert.equal(s.referrers.hosts, { distinct: 3, top: [{ value: 'www.example.com', count: 2 }] });
  assert.equal([s.referrers.uris, s.referrers.valid, s.referrers.invalid, s.referrers.absent], [4, 4, 0, 2]);
  const table = await cli(['stats', '--log', 'combined', LOG]);
  assert.ok(table.out.includes('referrers: 4 (3 valid, 1 invalid; 2 lines with "-")'));
  assert.ok(table.out.includes('  lines without URIs  count   share\n  NOT_A_LOG_LINE          1   12.5%\n'));
  const empty = await cli(['stats', '--json'], '');
  assert.equal(JSON.parse(empty.out).uris.uris, 0);
  assert.ok((await cli(['stats'], 'x y\n')).out.includes('URIs: 1 (0 valid, 1 invalid)'));
  const input = await cli(['stats'], '/a\n');
  assert.ok(input.out.startsWith('urikit stats: standard input\n'));
});

test('stats past --track: approximate counts with their bound, in the table and the JSON', async () => {
  const input = ['a', 'a', 'a', 'b', 'c', 'd', 'a', 'e', 'b', 'f'].map((h) => `http://${h}/${h}`).join('\n');
  const r = await cli(['stats', '--track', '2', '--top', '2', '--json'], input);
  const hosts = JSON.parse(r.out).uris.hosts;
  assert.is(hosts.distinct, null);
  assert.ok(hosts.distinctAtLeast >= 4);
  assert.is(hosts.top[0].value, 'a');
  assert.is(hosts.top[0].count, 4);
  const table = await cli(['stats', '--track', '2'], input);
  assert.match(table.out, /top 10 hosts +count +share +\(about \d+ distinct, HyperLogLog ±0\.81%; at least 4; approximate\)/);
  assert.match(table.out, /≤\d/);
  assert.match(table.out, /\(≤N: the count is between N − \d+ and N; raise --track to count more values exactly\)/);
});

test('stats --top with 200,000 distinct paths lists them all, as a table and as JSON', async () => {
  const input = Array.from({ length: 200_000 }, (_, i) => `http://h/p${i}\n`).join('');
  const r = await cli(['stats', '--top', '200000', '--track', '200000'], input);
  assert.is(r.code, 0);
  assert.is(r.err, '');
  const rows = r.out.split('\n');
  const head = rows.findIndex((l) => l.startsWith('  top 200000 paths'));
  assert.match(rows[head]!, /^ {2}top 200000 paths +count +share +\(200000 distinct\)$/);
  assert.is(rows[head + 1], `  /p0${' '.repeat('top 200000 paths'.length - 3)}      1    0.0%`);
  assert.is(rows.filter((l) => /^ {2}\/p\d+ /.test(l)).length, 200_000);
  const json = JSON.parse((await cli(['stats', '--json', '--top', '200000', '--track', '200000'], input)).out);
  assert.is(json.uris.paths.top.length, 200_000);
});

test('TopK: exact until it evicts; then upper bounds within `over`; merges add the bounds', () => {
  const a = new TopK(2);
  for (const v of ['x', 'x', 'x', 'y', 'y', 'z']) a.add(v);
  assert.equal([a.exact, a.distinct], [true, 3]);
  a.add('w'); // 4 values: keeps x, y
  assert.equal([a.exact, a.distinct, a.floor], [false, null, 1]);
  assert.equal(
    a.top(5).map((c) => [c.value, c.count, c.over]),
    [
      ['x', 3, 0],
      ['y', 2, 0],
    ],
  );
  a.add('z'); // comes back at floor + 1
  assert.equal(
    a.top(5).map((c) => [c.value, c.count, c.over]),
    [
      ['x', 3, 0],
      ['y', 2, 0],
      ['z', 2, 1],
    ],
  );
  const b = new TopK(2);
  for (const v of ['x', 'q', 'q', 'q']) b.add(v);
  const exact = new TopK(2);
  exact.merge(b.toData());
  assert.equal(
    exact.top(5).map((c) => [c.value, c.count, c.over]),
    [
      ['q', 3, 0],
      ['x', 1, 0],
    ],
  );
  a.merge(b.toData()); // b exact: a's floor carries over to the values new to a
  assert.equal(
    a.top(2).map((c) => [c.value, c.count, c.over]),
    [
      ['q', 4, 1],
      ['x', 4, 0],
    ],
  );
  const c = new TopK(1);
  for (const v of ['m', 'n', 'n']) c.add(v); // evicts: floor 1
  const d = new TopK(1);
  d.add('m');
  d.merge(c.toData()); // c not exact: its floor goes onto d's values it lacks
  // m (2 in truth, 2 ± 1 here) and n (2) tie for the one place; m goes, the floor becomes 2.
  assert.equal([d.floor, d.top(3).map((e) => [e.value, e.count, e.over])], [2, [['n', 2, 0]]]);
  assert.ok(d.seen >= 2);
});

// ---------------------------------------------------------------------------------------------
// input

test('input: CRLF, empty lines, a last line without newline, lines cut anywhere by chunks', async () => {
  const data = readFileSync(URLS);
  const whole = await cli(['parse'], data);
  for (const size of [1, 2, 3, 7, 64]) {
    const chunks: Buffer[] = [];
    for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
    assert.is((await cli(['parse'], chunks)).out, whole.out, `chunks of ${size} bytes`);
  }
  assert.is((await cli(['parse'], data.toString().split(/(?<=\n)/))).out, whole.out, 'string chunks');
  const lines = jsonLines(whole.out) as Array<{ line: number; href?: string }>;
  assert.equal(
    lines.map((l) => l.line),
    [1, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  );
  assert.is(lines[0]!.href, 'http://example.com/a?b#c');
  assert.is(lines.at(-1)!.href, 'http://example.com/last');
  const log = readFileSync(LOG);
  const logWhole = await cli(['parse', '--log', 'combined'], log);
  const logChunks: Buffer[] = [];
  for (let i = 0; i < log.length; i += 5) logChunks.push(log.subarray(i, i + 5));
  assert.is((await cli(['parse', '--log', 'combined'], logChunks)).out, logWhole.out);
  assert.is((await cli(['parse'], '\r')).out, '');
  assert.is(
    (await cli(['parse'], 'a\r')).out,
    '{"line":1,"href":"a","scheme":null,"userinfo":null,"host":null,"hostType":null,"port":null,"path":"a","query":null,"fragment":null}\n',
  );
});

test('input: gzip, by name or by its magic bytes, from a file or standard input', async () => {
  const plain = await cli(['validate', '--log', 'combined', LOG]);
  const gz = gzipSync(readFileSync(LOG));
  const named = tmp.file('access.log.gz', gz);
  const unnamed = tmp.file('access.bin', gz);
  for (const args of [[named], [unnamed], ['-']]) {
    const r = await cli(['validate', '--log', 'combined', ...args], [gz.subarray(0, 1), gz.subarray(1)]);
    assert.equal(r, plain, args[0]);
  }
  const truncated = tmp.file('truncated.gz', gz.subarray(0, 40));
  const t = await cli(['parse', truncated]);
  assert.is(t.code, 2);
  assert.is(t.err, `urikit: cannot read "${truncated}": the gzip data ends early (unexpected end of file); the file may be truncated\n`);
  const notGzip = tmp.file('not-gzip.gz', 'http://a/\n');
  const n = await cli(['parse', notGzip]);
  assert.is(
    n.err,
    `urikit: cannot read "${notGzip}": it is not valid gzip data (incorrect header check); a file whose name ends in .gz is read through gunzip\n`,
  );
  assert.is((await cli(['parse'], gzipSync(''))).out, '');
  assert.is((await cli(['parse', tmp.file('one-byte.txt', 'a')])).out.length > 0, true);
});

test('input errors say what is wrong, exit 2', async () => {
  const missing = await cli(['parse', '/nonexistent/urikit-test']);
  assert.equal(missing, {
    code: 2,
    out: '',
    err: 'urikit: cannot read "/nonexistent/urikit-test": no such file (check the path, or give - to read standard input)\n',
  });
  assert.is((await cli(['stats', tmp.dir])).err, `urikit: cannot read "${tmp.dir}": it is a directory; give a file\n`);
  const failing = new Readable({
    read() {
      this.destroy(Object.assign(new Error('boom'), { code: 'EIO' }));
    },
  });
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (d: Buffer) => (err += d));
  assert.is(await main(['parse'], { stdin: failing, stdout, stderr }), 2);
  // What is wrong in words: the code is for programs.
  assert.is(err, 'urikit: cannot read standard input: an input/output error (the device failed)\n');
});

test('every file error names the file and says in words what is wrong, exit 2 as before', async () => {
  const file = tmp.file('plain.txt', 'http://a/\n');
  const under = join(file, 'x');
  const missing = join(tmp.dir, 'missing.txt');
  const usage = (command: string) => `Run "urikit ${command} --help" for usage.\n`;
  const runs: Array<[string[], string]> = [
    [['stats', under], `urikit: cannot read "${under}": a part of its path is not a directory\n`],
    [['validate', '--threads', '2', under], `urikit: cannot read "${under}": a part of its path is not a directory\n`],
    [['stats', '--templates', tmp.dir, file], `urikit: --templates ${tmp.dir}: cannot read it: it is a directory\n${usage('stats')}`],
    [['stats', '--templates', missing, file], `urikit: --templates ${missing}: cannot read it: no such file\n${usage('stats')}`],
    [
      ['parse', '--templates', under, file],
      `urikit: --templates ${under}: cannot read it: a part of its path is not a directory\n${usage('parse')}`,
    ],
    [['stats', '--html', tmp.dir, file], `urikit: cannot write the report --html ${tmp.dir}: it is a directory\n`],
    [
      ['stats', '--html', `${under}.html`, file],
      `urikit: cannot write the report --html ${under}.html: a part of its path is not a directory\n`,
    ],
    [['links', '--files-from', under], `urikit: cannot read "${under}": a part of its path is not a directory\n`],
    [
      ['publish', '--to', 'redis://127.0.0.1:9/j', '--redis-password-file', missing, file],
      `urikit: --redis-password-file: cannot read "${missing}": no such file\n${usage('publish')}`,
    ],
    [
      ['normalize', '--from', 'redis://127.0.0.1:9/j', '--tls-ca', tmp.dir],
      `urikit: --tls-ca: cannot read "${tmp.dir}": it is a directory\n${usage('normalize')}`,
    ],
  ];
  for (const [args, err] of runs) assert.equal(await cli(args), { code: 2, out: '', err }, args.join(' '));
  // links reads the other inputs, and exits 1.
  const links = await cli(['links', under]);
  assert.equal([links.code, links.err.split('\n')[0]], [1, `urikit: cannot read "${under}": a part of its path is not a directory`]);
});

test('output: a closed pipe (EPIPE) stops the run quietly; another write error exits 2', async () => {
  const sink = (code: string): Writable =>
    new Writable({
      write(_chunk, _enc, cb) {
        cb(Object.assign(new Error(`write ${code}`), { code }));
      },
    });
  const input = Array.from({ length: 50_000 }, (_, i) => `http://h/${i}`).join('\n');
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (d: Buffer) => (err += d));
  assert.is(await main(['parse'], { stdin: Readable.from([input]), stdout: sink('EPIPE'), stderr }), 0);
  assert.is(err, '');
  assert.is(await main(['parse'], { stdin: Readable.from([input]), stdout: sink('EIO'), stderr }), 2);
  assert.is(err, 'urikit: cannot write the output: an input/output error (the device failed)\n');
  err = '';
  const log = tmp.file('epipe.log', accessLog(5000));
  assert.is(
    await main(['parse', '--log', 'combined', '--threads', '2', log], { stdin: Readable.from(['']), stdout: sink('EPIPE'), stderr }),
    0,
  );
  assert.is(err, '');
});

// ---------------------------------------------------------------------------------------------
// usage

test('usage errors exit 2 with a message that says what to do', async () => {
  const usage = (await cli(['--help'])).out;
  assert.ok(usage.startsWith('Usage: urikit <command>'));
  assert.ok(usage.includes('Exit codes:'));
  assert.equal(await cli([]), { code: 2, out: '', err: usage });
  assert.equal(await cli(['help']), { code: 0, out: usage, err: '' });
  assert.equal(await cli(['-h']), { code: 0, out: usage, err: '' });
  const bad = async (argv: string[], message: string, command: string | null = argv[0]!): Promise<void> => {
    assert.equal(
      await cli(argv),
      { code: 2, out: '', err: `urikit: ${message}\nRun "urikit ${command === null ? '' : `${command} `}--help" for usage.\n` },
      argv.join(' '),
    );
  };
  await bad(
    ['frobnicate'],
    'unknown command "frobnicate"; the commands are parse, validate, normalize, resolve, surt, stats, routes, links, publish, redis',
    null,
  );
  await bad(['--lenient'], 'unknown command "--lenient"; the command comes first', null);
  await bad(
    ['help', 'nope'],
    'no help for "nope"; the commands are parse, validate, normalize, resolve, surt, stats, routes, links, publish, redis',
    null,
  );
  await bad(['parse', '--nope'], 'unknown option "--nope" for parse');
  await bad(['stats', '--dedupe'], 'unknown option "--dedupe" for stats (it is an option of normalize and links)');
  await bad(
    ['normalize', '--json'],
    'unknown option "--json" for normalize (it is an option of validate, stats, routes, links, and redis)',
  );
  await bad(['parse', 'a', 'b'], 'parse takes one FILE (or - for standard input), got 2: "a" "b"');
  await bad(['parse', '--tsv=yes'], '--tsv takes no value');
  await bad(['stats', '--top'], '--top needs a value: --top N');
  await bad(['parse', '--log'], '--log needs a value: --log combined|common');
  await bad(['parse', '--log-field'], '--log-field needs a value: --log-field target|referrer|both');
  await bad(['parse', '--fields'], '--fields needs a value: --fields scheme,host,path,…');
  await bad(['resolve', '--base'], '--base needs a value: --base URL');
  await bad(['stats', '--top', '0'], '--top takes a whole number from 1 to 1000000, not "0"');
  await bad(['stats', '--track', ''], '--track takes a whole number from 1 to 100000000, not ""');
  await bad(['parse', '--threads', 'many'], '--threads takes a whole number from 1 to 256, or auto, not "many"');
  // Decimal digits only: what JavaScript's Number reads besides (hex, exponents, a point, spaces) is no count.
  for (const n of ['0x10', '1e1', '2.0', ' 2', '2 ', '+2', '0b1', '٣'])
    await bad(['parse', '--threads', n], `--threads takes a whole number from 1 to 256, or auto, not "${n}"`);
  await bad(['stats', '--top', '1e3'], '--top takes a whole number from 1 to 1000000, not "1e3"');
  await bad(['normalize', '--dedupe-limit=1.5'], '--dedupe-limit takes a whole number from 1 to 4294967296, not "1.5"');
  await bad(['normalize', '--rfc-only'], '--rfc-only goes with --dedupe or --to (normal forms compared without the dedupe preset)');
  await bad(
    ['normalize', '--remove-params', 'a,,b'],
    '--remove-params takes a comma-separated list of names (a "*" matches any text), not "a,,b"',
  );
  await bad(['parse', '--idna'], 'unknown option "--idna" for parse (it is an option of normalize)');
  await bad(['parse', '--log', 'apache'], '--log takes "combined" or "common", not "apache"');
  await bad(['parse', '--log', 'common', '--log-field', 'all'], '--log-field takes "target", "referrer" or "both", not "all"');
  await bad(['parse', '--log-field', 'target'], '--log-field needs --log combined|common or --log-format');
  await bad(
    ['parse', '--log', 'common', '--log-field', 'referrer'],
    '--log common lines have no referrer: use --log combined, or --log-field target',
  );
  await bad(
    ['parse', '--fields', 'host,nope'],
    'unknown field "nope" in --fields; the fields are line, field, href, scheme, authority, userinfo, host, hostType, port, portNumber, path, query, fragment, warnings, template, variables, error',
  );
  await bad(['parse', '--fields', 'host, path,host'], '--fields names "host" twice');
  await bad(
    ['resolve', '--base', '/rel'],
    '--base "/rel" has no scheme; a base must be an absolute URI (RFC 3986 §5.1), such as https://example.com/',
  );
  await bad(['resolve', '--base', 'http://a b'], `--base "http://a b" is not a URI: Invalid character ' ' at index 8 in "http://a b"`);
  await bad(['resolve', '--log', 'combined'], "resolve --log needs --base URL: the site the log's request targets are resolved against");
});

test('--help for every command: its usage, output, options and exit codes', async () => {
  for (const command of ['parse', 'validate', 'normalize', 'resolve', 'stats', 'routes']) {
    const own = await cli([command, '--help']);
    assert.is(own.code, 0);
    assert.ok(own.out.startsWith(`Usage: urikit ${command} `), command);
    assert.ok(own.out.includes('Exit code'), command);
    assert.ok(own.out.includes('--threads N'), command);
    assert.is((await cli(['help', command])).out, own.out);
    assert.is((await cli([command, '--lenient', '-h'])).out, own.out);
    assert.ok(
      own.out.split('\n').every((l) => l.length <= 80),
      command,
    );
  }
  const parseHelp = (await cli(['parse', '--help'])).out;
  for (const f of FIELDS) assert.ok(parseHelp.includes(` ${f},`) || parseHelp.includes(` ${f}\n`), f);
});

test('the help of each command shows every option it takes', async () => {
  for (const spec of COMMANDS) {
    const help = (await cli([spec.name, '--help'])).out;
    assert.equal(
      [...declared(spec).keys()].filter((o) => !help.includes(`\n  ${o}`) && !help.includes(`, ${o}`)),
      [],
      spec.name,
    );
  }
});

// ---------------------------------------------------------------------------------------------
// progress

test('progress bar: on a terminal for a file, cleared at the end; never with --quiet or for standard input', async () => {
  const r = await cli(['validate', '--log', 'combined', LOG], '', { tty: true });
  assert.match(r.err, /^\r\[#+·*\] +\d+% {2}0\.0 MB of 0\.0 MB {2}.* left\x1b\[K/);
  assert.ok(r.err.includes('\r\x1b[K'));
  assert.ok(r.err.endsWith('urikit: 5 of 11 URIs are invalid; --lenient accepts the characters that logs often hold\n'));
  assert.equal((await cli(['validate', '--quiet', '--log', 'combined', LOG], '', { tty: true })).err, '');
  assert.equal((await cli(['stats', '-q'], 'http://a/', { tty: true })).err, '');
  assert.equal((await cli(['stats'], 'http://a/', { tty: true })).err, '');
  assert.is(progressLine(50e6, 100e6, 1), '[############············]  50%  50.0 MB of 100.0 MB  50.0 MB/s  0:01 left');
  assert.is(progressLine(1e6, 1e10, 1), '[························]   0%  1.0 MB of 10000.0 MB  1.0 MB/s  2:46:39 left');
  assert.is(progressLine(0, 100, 0), '[························]   0%  0.0 MB of 0.0 MB  0.0 MB/s  -:-- left');
  assert.is(progressLine(5, 0, 1), '[########################] 100%  0.0 MB of 0.0 MB  0.0 MB/s  0:00 left');
});

test.run();

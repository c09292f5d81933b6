/**
 * The URL Standard in the CLI: `validate --confusable` on the published payload families of parser
 * differentials, `normalize --web` and `stats --web`, and the combinations they refuse.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accessLog, cli, jsonLines, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/** Each payload family's lines, and an ordinary URL between them that both grammars read alike. */
const PAYLOADS = [
  'http://example.com/a',
  // Backslashes: a "/" to the URL Standard in a special URL, a character (lenient) to RFC 3986.
  'http://evil.example\\@good.example/',
  'http:\\\\evil.example\\x',
  // "#" and "@" tricks that both read alike: the fragment hides the "@", the userinfo is userinfo.
  'http://good.example#@evil.example/',
  'http://good.example@evil.example/',
  // Tab splitting: the URL Standard drops tabs (and newlines) anywhere.
  'http://ev\til.example/',
  // IPv4 number forms: hexadecimal, one 32-bit number, octal.
  'http://0x7f.1/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  // Percent-encoded dots and slashes: "%2e%2e" is a dot segment to the URL Standard only, "%2f" to neither.
  'http://good.example/a/%2e%2e/admin',
  'http://good.example/a%2fb/%2E/c',
  // Fullwidth dots: UTS #46 maps U+FF0E to "."; a name to lenient RFC 3986.
  'http://127\uff0e0\uff0e0\uff0e1/',
  // Userinfo-looking hosts: "%40" decodes to "@" in the host, which the URL Standard rejects; a
  // second "@" that only the URL Standard reads (the last one ends its userinfo).
  'http://good.example%40evil.example/',
  'http://user@good.example:@evil.example/',
  'HTTP://Example.COM:80/a/../b',
];
const INPUT = `${PAYLOADS.join('\n')}\n`;

const report = (line: number, index: number, uri: string, tail: string): string =>
  `${line}:${index}: CONFUSABLE: Confusable URI ${JSON.stringify(uri)} at index ${index}: ${tail}\n`;
const host = (rfc: string, web: string): string =>
  `RFC 3986 and the URL Standard read another host in it (host "${rfc}" for RFC 3986, "${web}" for the URL Standard)`;
const path = (rfc: string, web: string): string =>
  `RFC 3986 and the URL Standard read another path in it (path "${rfc}" for RFC 3986, "${web}" for the URL Standard)`;

/** The reports both modes give. */
const COMMON_REPORTS = {
  ipv4:
    report(7, 7, PAYLOADS[6]!, host('0x7f.1', '127.0.0.1')) +
    report(8, 7, PAYLOADS[7]!, host('2130706433', '127.0.0.1')) +
    report(9, 7, PAYLOADS[8]!, host('0177.0.0.1', '127.0.0.1')),
  dots: report(10, 19, PAYLOADS[9]!, path('/a/%2e%2e/admin', '/admin')) + report(11, 19, PAYLOADS[10]!, path('/a%2fb/%2E/c', '/a%2fb/c')),
  tab: report(6, 9, PAYLOADS[5]!, 'RFC 3986 rejects it, the URL Standard reads scheme "http", host "evil.example" and path "/"'),
  percentAt: report(
    13,
    7,
    PAYLOADS[12]!,
    'the URL Standard rejects it, RFC 3986 reads scheme "http", host "good.example@evil.example" and path "/"',
  ),
};

test('validate --confusable: each payload family, strict RFC 3986 against the URL Standard, exactly', async () => {
  const r = await cli(['validate', '--confusable'], INPUT);
  assert.is(r.code, 1);
  assert.is(
    r.out,
    report(
      2,
      19,
      PAYLOADS[1]!,
      'RFC 3986 rejects it, the URL Standard reads scheme "http", host "evil.example" and path "/@good.example/"',
    ) +
      report(3, 5, PAYLOADS[2]!, 'RFC 3986 rejects it, the URL Standard reads scheme "http", host "evil.example" and path "/x"') +
      COMMON_REPORTS.tab +
      COMMON_REPORTS.ipv4 +
      COMMON_REPORTS.dots +
      report(12, 10, PAYLOADS[11]!, 'RFC 3986 rejects it, the URL Standard reads scheme "http", host "127.0.0.1" and path "/"') +
      COMMON_REPORTS.percentAt +
      report(
        14,
        25,
        PAYLOADS[13]!,
        'RFC 3986 rejects it, the URL Standard reads scheme "http", userinfo "user%40good.example", host "evil.example" and path "/"',
      ),
  );
  assert.is(r.err, 'urikit: 11 of 15 URIs are read differently by RFC 3986 and the URL Standard\n');
});

test('validate --confusable --lenient: lenient RFC 3986 reads the backslash and the fullwidth dots, and differs', async () => {
  const r = await cli(['validate', '--confusable', '--lenient', '--quiet'], INPUT);
  assert.is(r.code, 1);
  assert.is(
    r.out,
    report(
      2,
      7,
      PAYLOADS[1]!,
      'RFC 3986 and the URL Standard read another userinfo, host and path in it (userinfo "evil.example%5C" for RFC 3986, none for the URL Standard; host "good.example" for RFC 3986, "evil.example" for the URL Standard; path "/" for RFC 3986, "/@good.example/" for the URL Standard)',
    ) +
      report(
        3,
        5,
        PAYLOADS[2]!,
        'RFC 3986 and the URL Standard read another host and path in it (host none for RFC 3986, "evil.example" for the URL Standard; path "%5C%5Cevil.example%5Cx" for RFC 3986, "/x" for the URL Standard)',
      ) +
      COMMON_REPORTS.tab +
      COMMON_REPORTS.ipv4 +
      COMMON_REPORTS.dots +
      report(12, 7, PAYLOADS[11]!, host('127\uff0e0\uff0e0\uff0e1', '127.0.0.1')) +
      COMMON_REPORTS.percentAt,
  );
  assert.is(r.err, '');
  // Lines both read alike give nothing, and exit 0.
  assert.equal(await cli(['validate', '--confusable'], 'http://example.com/a\nHTTP://Example.COM:80/a/../b\n/relative\n'), {
    code: 0,
    out: '',
    err: '',
  });
});

test('validate --confusable --json, and with worker threads the same reports in input order', async () => {
  const json = jsonLines((await cli(['validate', '--confusable', '--json', '--quiet'], 'http://a/\nhttp://0x7f.1/\n')).out);
  assert.equal(json, [
    {
      line: 2,
      error: {
        code: 'CONFUSABLE',
        index: 7,
        message: `Confusable URI "http://0x7f.1/" at index 7: ${host('0x7f.1', '127.0.0.1')}`,
      },
    },
  ]);
  const file = tmp.file('payloads.txt', INPUT.repeat(200));
  const one = await cli(['validate', '--confusable', file]);
  const two = await cli(['validate', '--confusable', '--threads', '2', file]);
  assert.equal([two.code, two.out, two.err], [one.code, one.out, one.err]);
  assert.is(one.err, 'urikit: 2200 of 3000 URIs are read differently by RFC 3986 and the URL Standard\n');
});

test('validate --confusable --log: request targets as a server behind a proxy reads them, referrers as URIs', async () => {
  const log =
    accessLog(1, 1) +
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET //evil.example/x HTTP/1.1" 200 5 "http://0x7f.1/" "UA"\n' +
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /a/%2e%2e/b HTTP/1.1" 200 5 "-" "UA"\n' +
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "CONNECT 0x7f.1:443 HTTP/1.1" 200 5 "-" "UA"\n' +
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /a/../b HTTP/1.1" 200 5 "-" "UA"\n';
  const r = await cli(['validate', '--confusable', '--log', 'combined'], log);
  assert.is(r.code, 1);
  assert.is(
    r.out,
    '2:0: CONFUSABLE: target: Confusable request-target "//evil.example/x" at index 0: RFC 3986 and the URL Standard read another host and path in it (host "host.invalid" for RFC 3986, "evil.example" for the URL Standard; path "//evil.example/x" for RFC 3986, "/x" for the URL Standard)\n' +
      `2:7: CONFUSABLE: referrer: Confusable URI "http://0x7f.1/" at index 7: ${host('0x7f.1', '127.0.0.1')}\n` +
      '3:0: CONFUSABLE: target: Confusable request-target "/a/%2e%2e/b" at index 0: RFC 3986 and the URL Standard read another path in it (path "/a/%2e%2e/b" for RFC 3986, "/b" for the URL Standard)\n' +
      '4:0: CONFUSABLE: target: Confusable request-target "0x7f.1:443" at index 0: RFC 3986 and the URL Standard read another host in it (host "0x7f.1" for RFC 3986, "127.0.0.1" for the URL Standard)\n',
  );
  assert.is(r.err, 'urikit: 4 of 7 URIs are read differently by RFC 3986 and the URL Standard\n');
});

test('normalize --web: the URL Standard serialization of each line; what it rejects is reported and left out', async () => {
  const r = await cli(['normalize', '--web'], INPUT);
  assert.is(r.code, 1);
  assert.is(
    r.out,
    [
      'http://example.com/a',
      'http://evil.example/@good.example/',
      'http://evil.example/x',
      'http://good.example/#@evil.example/',
      'http://good.example@evil.example/',
      'http://evil.example/',
      'http://127.0.0.1/',
      'http://127.0.0.1/',
      'http://127.0.0.1/',
      'http://good.example/admin',
      'http://good.example/a%2fb/c',
      'http://127.0.0.1/',
      'http://user%40good.example@evil.example/',
      'http://example.com/b',
      '',
    ].join('\n'),
  );
  assert.is(
    r.err,
    `urikit: line 13 left out: INVALID_HOST at index 7: Invalid host: 'g' at index 7 in "http://good.example%40evil.example/" (URL Standard: domain-to-ASCII: the domain is not valid under UTS #46 (IDNA), or its ASCII form is no host)\n` +
      'urikit: 1 invalid URI was left out (reported above)\n',
  );
  // --dedupe keeps each serialization once; --on-invalid keep writes a rejected line as it was.
  const dedupe = await cli(['normalize', '--web', '--dedupe', '--quiet'], 'http://0x7f.1/\nhttp://127.0.0.1:80/\nHTTP://127.0.0.1\n/x\n');
  assert.equal([dedupe.code, dedupe.out], [1, 'http://127.0.0.1/\n']);
  const keep = await cli(['normalize', '--web', '--on-invalid', 'keep', '--quiet'], 'http://a/b/../c\n/x\nhttp://[::1/\n');
  assert.equal([keep.code, keep.out], [1, 'http://a/c\n/x\nhttp://[::1/\n']);
  // Referrers of a log are URLs.
  const log = await cli(
    ['normalize', '--web', '--log', 'combined', '--log-field', 'referrer'],
    `${accessLog(1, 1)}1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /x HTTP/1.1" 200 5 "HTTP://H.example:80/a/./b\\c" "UA"\n`,
  );
  assert.equal([log.code, log.out], [0, 'http://h1.example.com/from/1\nhttp://h.example/a/b/c\n']);
});

test('stats --web: counts by the URL Standard reading, invalid URLs by its codes', async () => {
  const r = await cli(['stats', '--web', '--json'], INPUT);
  assert.is(r.code, 0);
  const uris = (JSON.parse(r.out) as { uris: Record<string, unknown> }).uris;
  assert.equal(
    [uris.uris, uris.valid, uris.invalid, uris.schemes, uris.hostTypes, uris.errors],
    [
      15,
      14,
      1,
      { distinct: 1, top: [{ value: 'http', count: 14 }] },
      { 'reg-name': 10, ipv4: 4, ipv6: 0, ipvfuture: 0, none: 0 },
      { INVALID_HOST: 1 },
    ],
  );
  assert.equal(uris.hosts, {
    distinct: 4,
    top: [
      { value: 'evil.example', count: 5 },
      { value: '127.0.0.1', count: 4 },
      { value: 'good.example', count: 3 },
      { value: 'example.com', count: 2 },
    ],
  });
  const table = await cli(['stats', '--web', '--top', '1'], 'http://0x7f.1/\n');
  assert.ok(table.out.startsWith('urikit stats: standard input (URL Standard)\n'), table.out);
  assert.ok(table.out.includes('  127.0.0.1        1  100.0%\n'), table.out);
});

test('--web and --confusable refuse what they cannot honour, saying why', async () => {
  const cases: Array<[string[], string]> = [
    [
      ['normalize', '--web', '--log', 'combined'],
      "--web reads URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
    ],
    [
      ['stats', '--web', '--log', 'common'],
      "--web reads URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
    ],
    [
      ['normalize', '--web', '--sort-query'],
      "--sort-query is a step past RFC 3986's normal form, and --web writes the URL Standard's serialization: give one of them",
    ],
    [
      ['normalize', '--web', '--dedupe', '--rfc-only'],
      "--rfc-only is a step past RFC 3986's normal form, and --web writes the URL Standard's serialization: give one of them",
    ],
    [['stats', '--web', '--templates', 'routes.txt'], '--web does not go with --templates'],
    [['stats', '--web', '--infer-routes'], '--web does not go with --infer-routes'],
    [
      ['validate', '--confusable', '--lenient', '--warnings'],
      '--confusable reports the URIs read differently, --warnings those lenient mode kept something in: give one of them',
    ],
    [['resolve', '--web'], 'unknown option "--web" for resolve (it is an option of normalize and stats)'],
  ];
  for (const [args, message] of cases) {
    const r = await cli(args, 'http://a/\n');
    assert.equal([r.code, r.out, r.err.split('\n')[0]], [2, '', `urikit: ${message}`], args.join(' '));
  }
});

test.run();

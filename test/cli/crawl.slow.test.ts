/**
 * The crawler and proxy side of the CLI: `stats --group-by`, and the request line of `--log` read
 * as an RFC 9112 request target (`urikit links` has links.slow.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

const SITES = [
  'http://www.example.co.uk/a',
  'https://shop.EXAMPLE.co.uk/',
  'http://食狮.中国/',
  'http://xn--85x722f.xn--fiqs8s/x',
  'http://127.0.0.1/',
  'http://[::1]/',
  'http://a.github.io/',
  'http://b.github.io/',
  'http://localhost:8080/',
  'mailto:x@y.example',
].join('\n');

/** The value and count rows of a JSON top list. */
const rows = (list: { top: Array<{ value: string; count: number }> }) => list.top.map((r) => [r.value, r.count]);

test('stats --group-by domain: registrable domains, IDN in A-labels, IP addresses as themselves', async () => {
  const r = await cli(['stats', '--group-by', 'domain', '--iri', '--json'], SITES);
  assert.is(r.code, 0);
  assert.is(r.err, '');
  const uris = JSON.parse(r.out).uris;
  assert.is(uris.hosts, undefined);
  assert.equal(rows(uris.domains), [
    ['example.co.uk', 2],
    ['xn--85x722f.xn--fiqs8s', 2],
    ['127.0.0.1', 1],
    ['[::1]', 1],
    ['a.github.io', 1],
    ['b.github.io', 1],
    ['localhost', 1],
  ]);
  const table = await cli(['stats', '--group-by', 'domain', '--iri'], SITES);
  assert.ok(
    table.out.includes('\n  top 10 domains          count   share   (7 distinct)\n  example.co.uk               2   20.0%\n'),
    table.out,
  );
});

test('stats --group-by suffix and host', async () => {
  const r = await cli(['stats', '--group-by', 'suffix', '--iri', '--json', '--top', '3'], SITES);
  assert.equal(rows(JSON.parse(r.out).uris.suffixes), [
    ['co.uk', 2],
    ['github.io', 2],
    ['xn--fiqs8s', 2],
  ]);
  const hosts = await cli(['stats', '--group-by', 'host', '--iri', '--json', '--top', '2'], SITES);
  assert.equal(rows(JSON.parse(hosts.out).uris.hosts), [
    ['127.0.0.1', 1],
    ['[::1]', 1],
  ]);
  const log = await cli(
    ['stats', '--group-by', 'domain', '--log', 'combined', '--json'],
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET http://x.a.example.com/ HTTP/1.1" 200 5 "http://www.b.example.org/p" "UA"\n',
  );
  const j = JSON.parse(log.out);
  assert.equal(rows(j.targets.domains), [['example.com', 1]]);
  assert.equal(rows(j.referrers.domains), [['example.org', 1]]);
});

test('stats --group-by domain on worker threads: the same counts', async () => {
  let text = '';
  for (let i = 0; i < 12_000; i++) text += `http://h${i % 50}.site${i % 7}.co.uk/some/path/${i}\n`;
  const file = tmp.file('hosts.txt', text);
  const one = await cli(['stats', '--group-by', 'domain', '--json', file]);
  const two = await cli(['stats', '--group-by', 'domain', '--json', '--threads', '2', file]);
  assert.is(two.err, '');
  assert.equal(JSON.parse(two.out), JSON.parse(one.out));
  assert.equal(rows(JSON.parse(one.out).uris.domains).slice(0, 2), [
    ['site0.co.uk', 1715],
    ['site1.co.uk', 1715],
  ]);
});

test('stats --group-by: a bad value is a usage error', async () => {
  const r = await cli(['stats', '--group-by', 'site'], '');
  assert.is(r.code, 2);
  assert.is(r.err, 'urikit: --group-by takes "host", "domain" or "suffix", not "site"\nRun "urikit stats --help" for usage.\n');
  const other = await cli(['parse', '--group-by', 'domain'], '');
  assert.is(other.err, 'urikit: unknown option "--group-by" for parse (it is an option of stats)\nRun "urikit parse --help" for usage.\n');
});

// ---------------------------------------------------------------------------------------------
// --log: the request line's target read by its form

const REQUESTS = [
  'CONNECT www.example.com:443 HTTP/1.1',
  'OPTIONS * HTTP/1.1',
  'GET /a?b HTTP/1.1',
  'GET http://x.example/ HTTP/1.1',
  'GET //evil.example/x HTTP/1.1',
  'GET * HTTP/1.1',
  'CONNECT /x HTTP/1.1',
  'OPTIONS /o HTTP/1.1',
]
  .map((r) => `192.0.2.1 - - [17/May/2015:10:05:03 +0000] "${r}" 200 5 "-" "UA"\n`)
  .join('');

test('stats --log: request-targets counted by form; CONNECT is a host and a port', async () => {
  const r = await cli(['stats', '--log', 'combined', '--json'], REQUESTS);
  const t = JSON.parse(r.out).targets;
  assert.equal(t.forms, { origin: 3, absolute: 1, authority: 1, asterisk: 1 });
  assert.equal(t.errors, { INVALID_REQUEST_TARGET: 2 });
  assert.equal(rows(t.hosts), [
    ['www.example.com', 1],
    ['x.example', 1],
  ]);
  assert.equal(rows(t.schemes), [
    [null, 5],
    ['http', 1],
  ]);
  const table = await cli(['stats', '--log', 'combined'], REQUESTS);
  assert.ok(
    table.out.includes(
      '\n  request-target form  count   share\n  origin                   3   50.0%\n  absolute                 1   16.7%\n  authority                1   16.7%\n  asterisk                 1   16.7%\n',
    ),
    table.out,
  );
  // A list of URIs has no request-targets: no forms.
  assert.is(JSON.parse((await cli(['stats', '--json'], '/a\n')).out).uris.forms, undefined);
});

test('parse --log: the components of each form', async () => {
  const r = await cli(
    ['parse', '--log', 'combined', '--log-field', 'target', '--tsv', '--fields', 'line,href,host,port,path,error'],
    REQUESTS,
  );
  assert.is(
    r.out,
    [
      'line\thref\thost\tport\tpath\terror',
      '1\t//www.example.com:443\twww.example.com\t443\t\t',
      '2\t*\t\t\t*\t',
      '3\t/a?b\t\t\t/a\t',
      '4\thttp://x.example/\tx.example\t\t/\t',
      '5\t//evil.example/x\t\t\t//evil.example/x\t',
      '6\t*\t\t\t\tINVALID_REQUEST_TARGET',
      '7\t/x\t\t\t\tINVALID_REQUEST_TARGET',
      '8\t/o\t\t\t/o\t',
      '',
    ].join('\n'),
  );
  const v = await cli(['validate', '--log', 'combined', '--log-field', 'target'], REQUESTS);
  assert.is(
    v.out,
    `6:0: INVALID_REQUEST_TARGET: target: Invalid request-target: '*' at index 0 in "*": it is none of origin-form ("/path?query"), absolute-form ("http://host/path"), authority-form ("host:port", CONNECT only) or "*" (OPTIONS only) (RFC 9112 §3.2)\n` +
      `7:0: INVALID_REQUEST_TARGET: target: Invalid request-target: '/' at index 0 in "/x": it is none of origin-form ("/path?query"), absolute-form ("http://host/path"), authority-form ("host:port", CONNECT only) or "*" (OPTIONS only) (RFC 9112 §3.2)\n`,
  );
});

test.run();

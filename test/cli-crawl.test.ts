/**
 * The crawler and proxy side of the CLI: `stats --group-by`, `urikit links` (HTML, standard
 * input, WARC), and the request line of `--log` read as an RFC 9112 request target.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, Temp } from './support/cli.js';

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

test.run();

/**
 * Crawl keys in real runs: normalize --canon and --surt, links --canon, and urikit surt, whose
 * lines sort in byte order into the order of their keys; invalid lines, --log, threads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accessLog, cli, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/** Lines a crawler meets: a repeat in another spelling, a space, an empty line, a bracket without its pair, a port past 65535. */
const LINES = [
  'http://www.Example.com/do?c=3&b=5&b=2&a=50#frag',
  'http://a b/',
  '',
  'http://[::1/',
  'http://www.example.com/do?a=50&b=2&b=5&c=3',
  'http://h:99999/x',
].join('\n');

const W3LIB_HOST =
  "urikit: line 4 left out: INVALID_HOST at index 7: canonicalize(…, 'w3lib'): a \"[\" without its pair in the host at index 7 (Python's urlsplit raises ValueError on it)\n";
const SURT_PORT =
  "urikit: line 6 left out: INVALID_PORT at index 9: surt: the port 99999 at index 9 is out of range 0-65535 (Python's urlsplit raises ValueError)\n";
const ONE_LEFT_OUT = 'urikit: 1 invalid URI was left out (reported above)\n';

test('normalize --canon: each line as the profile writes it; the reference fails, the line is invalid (exit 1)', async () => {
  assert.equal(await cli(['normalize', '--canon', 'w3lib'], LINES), {
    code: 1,
    out: 'http://www.example.com/do?a=50&b=2&b=5&c=3\nhttp://a b/\nhttp://www.example.com/do?a=50&b=2&b=5&c=3\nhttp://h:99999/x\n',
    err: W3LIB_HOST + ONE_LEFT_OUT,
  });
  assert.equal(await cli(['normalize', '--canon', 'w3lib', '--dedupe'], LINES), {
    code: 1,
    out: 'http://www.example.com/do?a=50&b=2&b=5&c=3\nhttp://a b/\nhttp://h:99999/x\n',
    err: W3LIB_HOST + ONE_LEFT_OUT,
  });
  // One output line per input line: the empty one, the invalid one as read.
  assert.equal(await cli(['normalize', '--canon', 'ia', '--on-invalid', 'keep'], LINES), {
    code: 1,
    out: 'http://example.com/do?a=50&b=2&b=5&c=3\nhttp://a%20b/\n\nhttp://::1/\nhttp://example.com/do?a=50&b=2&b=5&c=3\nhttp://h:99999/x\n',
    err: SURT_PORT + ONE_LEFT_OUT,
  });
  assert.equal(await cli(['normalize', '--canon', 'google', '-q'], LINES), {
    code: 0,
    out: 'http://www.example.com/do?c=3&b=5&b=2&a=50\nhttp://a%20b/\nhttp://[::1/\nhttp://www.example.com/do?a=50&b=2&b=5&c=3\nhttp://h:99999/x\n',
    err: '',
  });
});

test('normalize --surt: the SURT key of each line; --dedupe compares the keys', async () => {
  assert.equal(await cli(['normalize', '--surt', '--dedupe'], LINES), {
    code: 1,
    out: 'com,example)/do?a=50&b=2&b=5&c=3\na%20b)/\n::1)/\n',
    err: SURT_PORT + ONE_LEFT_OUT,
  });
});

test('a byte that is not UTF-8 is an invalid line (its text is not the line); --lenient reads it as its %XX', async () => {
  const input = Buffer.concat([Buffer.from('http://h/a'), Buffer.from([0xe9]), Buffer.from('b\n')]);
  assert.equal(await cli(['surt'], input), {
    code: 1,
    out: '',
    err: `urikit: line 1 left out: INVALID_UTF8 at index 10: Invalid UTF-8: '\ufffd' (U+FFFD) at index 10 in "http://h/a\ufffdb"\n${ONE_LEFT_OUT}`,
  });
  assert.equal(await cli(['surt', '--lenient'], input), { code: 0, out: 'h)/a%e9b http://h/a%E9b\n', err: '' });
  assert.equal(await cli(['normalize', '--canon', 'whatwg', '--lenient'], input), { code: 0, out: 'http://h/a%E9b\n', err: '' });
});

test('urikit surt: KEY URL, the URL as read; --ssurt; the surt package options', async () => {
  assert.equal(await cli(['surt'], LINES), {
    code: 1,
    out: [
      'com,example)/do?a=50&b=2&b=5&c=3 http://www.Example.com/do?c=3&b=5&b=2&a=50#frag',
      'a%20b)/ http://a b/',
      '::1)/ http://[::1/',
      'com,example)/do?a=50&b=2&b=5&c=3 http://www.example.com/do?a=50&b=2&b=5&c=3',
      '',
    ].join('\n'),
    err: SURT_PORT + ONE_LEFT_OUT,
  });
  assert.equal(await cli(['surt', '--ssurt'], LINES), {
    code: 0,
    out: [
      'com,example,www,//http:/do?a=50&b=2&b=5&c=3#frag http://www.Example.com/do?c=3&b=5&b=2&a=50#frag',
      'a%20b,//http:/ http://a b/',
      '[//:1:http:/ http://[::1/',
      'com,example,www,//http:/do?a=50&b=2&b=5&c=3 http://www.example.com/do?a=50&b=2&b=5&c=3',
      'h,//99999:http:/x http://h:99999/x',
      '',
    ].join('\n'),
    err: '',
  });
  const r = await cli(['surt', '--with-scheme', '--trailing-comma', '--no-host-massage', '--on-invalid', 'empty', '-q'], LINES);
  assert.equal(r, {
    code: 1,
    out: [
      'http://(com,example,www,)/do?a=50&b=2&b=5&c=3 http://www.Example.com/do?c=3&b=5&b=2&a=50#frag',
      'http://(a%20b,)/ http://a b/',
      '',
      'http://(::1,)/ http://[::1/',
      'http://(com,example,www,)/do?a=50&b=2&b=5&c=3 http://www.example.com/do?a=50&b=2&b=5&c=3',
      '',
      '',
    ].join('\n'),
    err: SURT_PORT,
  });
});

test('urikit surt: sorted in byte order (LC_ALL=C sort), the lines are in the order of their keys', async () => {
  const urls = [
    'http://example.com/a',
    'http://example.com/',
    'http://example.com/a/b?x=1',
    'http://example.com/a!',
    'http://sub.example.com/',
    'http://example.co/',
    'https://www.example.com/a-b',
    'http://example.com:8080/',
    'http://example.com/%7E',
    'mailto:a@example.com',
  ];
  const lines = (await cli(['surt'], urls.join('\n'))).out.trimEnd().split('\n');
  const byBytes = [...lines].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
  const key = (l: string): string => l.slice(0, l.indexOf(' '));
  const keys = byBytes.map(key);
  assert.equal(
    keys,
    [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
  );
  // A key sorts before the keys it begins: the space after it is below every character of a key.
  assert.equal(keys.slice(0, 4), ['co,example)/', 'com,example)/', 'com,example)/a', 'com,example)/a!']);
});

test('--log: the referrers, whose keys are URLs; --threads gives the output of one thread', async () => {
  // Lines 1 to 6 of the generated log: the third one's referrer is "-" (none).
  const r = await cli(['surt', '--log', 'combined', '--log-field', 'referrer'], accessLog(6, 1));
  assert.equal(r, {
    code: 0,
    out: [1, 2, 4, 5, 6].map((i) => `com,example,h${i})/from/${i} http://h${i}.example.com/from/${i}\n`).join(''),
    err: '',
  });
  const big = tmp.file(
    'big.txt',
    Array.from({ length: 60_000 }, (_, i) =>
      i % 997 === 0 ? 'http://h:99999/' : `http://www${i % 3}.h${i % 40}.com/P/${i % 700}?b=1&a=2`,
    ).join('\n'),
  );
  for (const argv of [['surt'], ['normalize', '--canon', 'ia', '--dedupe'], ['normalize', '--surt', '--on-invalid', 'empty']]) {
    const one = await cli([...argv, big]);
    const two = await cli([...argv, '--threads', '2', big]);
    assert.is(two.out, one.out, argv.join(' '));
    assert.is(two.err, one.err, argv.join(' '));
    assert.is(two.code, one.code);
  }
});

test("links --canon: each link written in the profile's form; --dedupe compares those", async () => {
  const page = tmp.file(
    'page.html',
    '<a href="http://www.Example.com/a/../b?b=2&a=1#f">1</a><a href="/b?a=1&b=2">2</a><a href="http://h:99999/">3</a><a href="http://example.com/B">4</a>',
  );
  const p = page;
  assert.equal(await cli(['links', '--base', 'http://example.com/', '--canon', 'ia', '--dedupe', page]), {
    code: 0,
    out: `${p}\thttp://example.com/\thttp://example.com/b?a=1&b=2\n${p}\thttp://example.com/\thttp://example.com/b\n`,
    err: `urikit: ${p}:1: <a href> "http://h:99999/" not resolved: INVALID_PORT: Invalid port: '9' at index 9 in "http://h:99999/": a port is digits only (URL Standard: port-out-of-range: a port is at most 65535)\nurikit: 4 links in 1 page; 1 not resolved or canonicalized (reported above); by scheme: http 3, (relative) 1\n`,
  });
  // RFC 3986 takes the port; the ia profile's reference fails on it: reported, not written.
  assert.equal(await cli(['links', '--base', 'http://example.com/', '--rfc3986', '--canon', 'ia', '-q', page]), {
    code: 0,
    out: `${p}\thttp://example.com/\thttp://example.com/b?a=1&b=2\n${p}\thttp://example.com/\thttp://example.com/b?a=1&b=2\n${p}\thttp://example.com/\thttp://example.com/b\n`,
    err: `urikit: ${p}:1: <a href> "http://h:99999/" not canonicalized (--canon ia): INVALID_PORT: surt: the port 99999 at index 9 is out of range 0-65535 (Python's urlsplit raises ValueError)\n`,
  });
  const json = await cli(['links', '--base', 'http://example.com/', '--canon', 'w3lib', '--json', '-q', page]);
  assert.equal(
    json.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).resolved ?? null),
    ['http://www.example.com/b?a=1&b=2', 'http://example.com/b?a=1&b=2', null, 'http://example.com/B'],
  );
});

test('usage errors: exit 2 with what to do', async () => {
  assert.equal(await cli(['normalize', '--surt', '--canon', 'ia']), {
    code: 2,
    out: '',
    err: 'urikit: --surt and --canon each write a key of their own: give one of them\nRun "urikit normalize --help" for usage.\n',
  });
  assert.equal(await cli(['links', '--canon', 'ia', '--normalize', 'dedupe']), {
    code: 2,
    out: '',
    err: 'urikit: --canon and --normalize each write a form of their own: give one of them\nRun "urikit links --help" for usage.\n',
  });
  assert.equal(await cli(['surt', '--ssurt', '--with-scheme']), {
    code: 2,
    out: '',
    err: 'urikit: --ssurt is urlcanon\'s form, which has no --with-scheme: give one of them\nRun "urikit surt --help" for usage.\n',
  });
});

test('help: surt has its own, normalize and links name --canon', async () => {
  const surt = await cli(['surt', '--help']);
  assert.is(surt.code, 0);
  assert.ok(surt.out.startsWith('Usage: urikit surt [options] [FILE|-]\n'));
  assert.ok(surt.out.includes('(LC_ALL=C sort)'));
  for (const c of ['normalize', 'links'])
    assert.ok((await cli([c, '--help'])).out.includes('  --canon w3lib|ia|google|semantic-precise|semantic|aggressive|whatwg\n'), c);
  assert.ok((await cli(['--help'])).out.includes('\n  surt       the SURT key of each URL, beside it: lines that sort into CDX order\n'));
});

test.run();

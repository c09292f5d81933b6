/**
 * The crawler and proxy side of the CLI: `stats --group-by`, `urikit links` (HTML, standard
 * input, WARC), and the request line of `--log` read as an RFC 9112 request target.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, jsonLines, Temp } from '../support/cli.js';

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
// links

/** A WARC 1.1 record: its headers (Content-Length added) and block, CRLF-framed. */
export function warcRecord(headers: Record<string, string>, block: string | Buffer): Buffer {
  const body = typeof block === 'string' ? Buffer.from(block) : block;
  const head = Object.entries({ 'WARC-Date': '2026-11-23T00:00:00Z', ...headers, 'Content-Length': String(body.length) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`WARC/1.1\r\n${head}\r\n`), body, Buffer.from('\r\n\r\n')]);
}

/** A response record: HTTP status line and headers, then the body. */
export function warcResponse(target: string, httpHeaders: string, body: string | Buffer): Buffer {
  const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${httpHeaders}\r\n`), typeof body === 'string' ? Buffer.from(body) : body]);
  return warcRecord({ 'WARC-Type': 'response', 'WARC-Target-URI': target, 'Content-Type': 'application/http; msgtype=response' }, http);
}

const APPENDIX_D = `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
`;

test('links: RFC 2396 Appendix D, whatever the retrieval URI', async () => {
  const file = tmp.file('appendix-d.html', APPENDIX_D);
  const r = await cli(['links', '--base', 'http://elsewhere.example/doc', file]);
  assert.is(r.code, 0);
  assert.is(r.out, 'http://www.ics.uci.edu/Test/a/b/c\thttp://www.ics.uci.edu/Test/a/x\n');
  assert.is(r.err, 'urikit: 1 link in 1 page; by scheme: (relative) 1\n');
  const json = await cli(['links', '--json', '-q', file]);
  assert.equal(jsonLines(json.out), [
    {
      page: file,
      element: 'a',
      attribute: 'href',
      link: '../x',
      base: 'http://www.ics.uci.edu/Test/a/b/c',
      resolved: 'http://www.ics.uci.edu/Test/a/x',
      line: 6,
    },
  ]);
  assert.is(json.err, '');
});

const EDGES = `<html><head>
<base href="sub/#frag">
<base href="http://second.example/">
</head><body>
<A HREF=/Upper?a=1&amp;b=2>upper, unquoted, entity</A>
<a href="
   spaced.html
">whitespace around</a>
<a href="li
ne.html">newline inside</a>
<a href="javascript:alert(1)">js</a>
<img src="data:image/gif;base64,R0lGOD" srcset="s1.png 1x, s2.png 2x">
<a href="http://[::1/">bad</a>
<a href="">self</a>
<a href="#top">fragment</a>
<a href="http://a b.example/x">lenient</a>
<script>document.write('<a href="not-a-link">')</script>
</body></html>`;

test('links: HTML edge cases, against a relative <base href> resolved on the retrieval URI', async () => {
  const r = await cli(['links', '--base', 'https://site.example/dir/page.html'], EDGES);
  assert.is(r.code, 0);
  const base = 'https://site.example/dir/sub/';
  assert.is(
    r.out,
    [
      `${base}\thttps://site.example/Upper?a=1&b=2`,
      `${base}\thttps://site.example/dir/sub/spaced.html`,
      `${base}\thttps://site.example/dir/sub/line.html`,
      `${base}\tjavascript:alert(1)`,
      `${base}\tdata:image/gif;base64,R0lGOD`,
      `${base}\thttps://site.example/dir/sub/s1.png`,
      `${base}\thttps://site.example/dir/sub/s2.png`,
      `${base}\thttps://site.example/dir/sub/`,
      `${base}\thttps://site.example/dir/sub/#top`,
      `${base}\thttp://a b.example/x`,
      '',
    ].join('\n'),
  );
  assert.is(
    r.err,
    `urikit: https://site.example/dir/page.html:13: <a href> "http://[::1/" not resolved: INVALID_CHAR: Invalid character '/' at index 11 in "http://[::1/"\n` +
      'urikit: 11 links in 1 page; 1 not resolved (reported above); by scheme: (relative) 7, http 2, data 1, javascript 1\n',
  );
});

test('links: an invalid <base href> is passed over, with a note', async () => {
  const r = await cli(['links', '--base', 'http://r.example/a/b'], '<base href="http://[bad">\n<a href="c">');
  assert.is(r.out, 'http://r.example/a/b\thttp://r.example/a/c\n');
  assert.is(
    r.err,
    `urikit: http://r.example/a/b:1: <base href> "http://[bad" passed over: Unclosed IP literal: end of input at index 11 in "http://[bad": "[" needs a matching "]"\n` +
      'urikit: 1 link in 1 page; by scheme: (relative) 1\n',
  );
});

test('links: without any base, relative links are reported and absolute ones written', async () => {
  const r = await cli(['links'], '<a href="/rel">\n<a href="HTTP://A/./b/../c">');
  assert.is(r.code, 0);
  assert.is(r.out, '\tHTTP://A/c\n');
  assert.is(
    r.err,
    'urikit: -:1: <a href> "/rel" not resolved: RELATIVE_BASE: No base URI (RFC 3986 §5.1): none of embedded, encapsulating, retrieval, fallback was given\n' +
      'urikit: 2 links in 1 page; 1 not resolved (reported above); by scheme: (relative) 1, http 1\n',
  );
  const json = await cli(['links', '--json'], '<a href="x y">\n<a href=":x">');
  assert.equal(jsonLines(json.out), [
    {
      page: '-',
      element: 'a',
      attribute: 'href',
      link: 'x y',
      line: 1,
      error: {
        code: 'RELATIVE_BASE',
        index: 0,
        message: 'No base URI (RFC 3986 §5.1): none of embedded, encapsulating, retrieval, fallback was given',
      },
    },
    {
      page: '-',
      element: 'a',
      attribute: 'href',
      link: ':x',
      line: 2,
      error: { code: 'INVALID_SCHEME', index: 0, message: `Invalid scheme: ':' at index 0 in ":x" leaves the scheme empty` },
    },
  ]);
});

test('links: every kind of link, in a document read in small chunks', async () => {
  const html = `<a href=a><area href=area><link href=link><img src=img srcset="s1 1x,s2 2x"><script src=script></script>
<iframe src=iframe></iframe><frame src=frame><source src=source srcset=ss><video src=video poster=poster></video>
<audio src=audio></audio><embed src=embed><track src=track><input src=input formaction=fa><button formaction=bfa>
<form action=action></form><object data=data></object><blockquote cite=bq></blockquote><q cite=q></q><del cite=del></del><ins cite=ins></ins>
<meta http-equiv=refresh content="0; url=refresh">`;
  const chunks = html.match(/[\s\S]{1,5}/g)!;
  const r = await cli(['links', '--json', '-q', '--base', 'http://h/'], chunks);
  assert.equal(
    jsonLines(r.out).map((o) => {
      const l = o as { element: string; attribute: string; resolved: string; line: number };
      return `${l.line} ${l.element}.${l.attribute} ${l.resolved}`;
    }),
    [
      '1 a.href http://h/a',
      '1 area.href http://h/area',
      '1 link.href http://h/link',
      '1 img.src http://h/img',
      '1 img.srcset http://h/s1',
      '1 img.srcset http://h/s2',
      '1 script.src http://h/script',
      '2 iframe.src http://h/iframe',
      '2 frame.src http://h/frame',
      '2 source.src http://h/source',
      '2 source.srcset http://h/ss',
      '2 video.src http://h/video',
      '2 video.poster http://h/poster',
      '3 audio.src http://h/audio',
      '3 embed.src http://h/embed',
      '3 track.src http://h/track',
      '3 input.src http://h/input',
      '3 input.formaction http://h/fa',
      '3 button.formaction http://h/bfa',
      '4 form.action http://h/action',
      '4 object.data http://h/data',
      '4 blockquote.cite http://h/bq',
      '4 q.cite http://h/q',
      '4 del.cite http://h/del',
      '4 ins.cite http://h/ins',
      '5 meta.content http://h/refresh',
    ],
  );
});

test('links --normalize rfc3986|dedupe: normal forms, strict even for lenient links; --dedupe compares them', async () => {
  const html = `<a href="HTTP://Example.COM:80/a/./b/../../c"><a href="http://example.com/c"><a href="/x y/%7e">`;
  const r = await cli(['links', '-q', '--normalize', 'rfc3986', '--dedupe', '--base', 'http://example.com/'], html);
  assert.is(r.out, 'http://example.com/\thttp://example.com/c\nhttp://example.com/\thttp://example.com/x%20y/~\n');
  const canonical = await cli(
    ['links', '-q', '--normalize', 'dedupe', '--base', 'http://example.com/'],
    '<a href="HTTP://MÜNCHEN.de/a?b=2&amp;utm_source=x&amp;a=1#top"><a href="/p?">',
  );
  assert.is(canonical.out, 'http://example.com/\thttp://xn--mnchen-3ya.de/a?a=1&b=2\nhttp://example.com/\thttp://example.com/p\n');
  const bad = await cli(['links', '--normalize', 'site'], '');
  assert.is(bad.code, 2);
  assert.is(
    bad.err,
    'urikit: --normalize takes "rfc3986" (the RFC 3986 normal form of each link) or "dedupe" (the crawler\'s canonical form: DEDUPE_PRESET), not "site"\nRun "urikit links --help" for usage.\n',
  );
});

test('links --dedupe and --same-site', async () => {
  const html = `<a href="/a"><a href="/a"><a href="http://other.example.co.uk/"><a href="https://www.example.co.uk/b">
<a href="mailto:x@example.co.uk"><a href="http://a.github.io/"><a href="//cdn.example.co.uk/c">`;
  const d = await cli(['links', '-q', '--dedupe', '--base', 'http://www.example.co.uk/'], html);
  assert.is(d.out.split('\n').length - 1, 6);
  const s = await cli(['links', '-q', '--same-site', '--base', 'http://www.example.co.uk/'], html);
  assert.is(
    s.out,
    [
      'http://www.example.co.uk/\thttp://www.example.co.uk/a',
      'http://www.example.co.uk/\thttp://www.example.co.uk/a',
      'http://www.example.co.uk/\thttp://other.example.co.uk/',
      'http://www.example.co.uk/\thttps://www.example.co.uk/b',
      'http://www.example.co.uk/\thttp://cdn.example.co.uk/c',
      '',
    ].join('\n'),
  );
  const none = await cli(['links', '--same-site'], html);
  assert.is(none.out, '');
  assert.ok(
    none.err.startsWith(
      'urikit: -: --same-site left out its 7 links: the page has no URI with a host to take its site from (give --base URL)\n',
    ),
    none.err,
  );
  const github = await cli(['links', '-q', '--same-site', '--base', 'http://b.github.io/'], html);
  // a.github.io is another site than b.github.io (the list's private section).
  assert.is(github.out, 'http://b.github.io/\thttp://b.github.io/a\nhttp://b.github.io/\thttp://b.github.io/a\n');
});

const PAGE = `<html><head><title>p</title></head><body><a href="next.html">n</a> <a href="/root">r</a></body></html>`;

function warcFile(): Buffer[] {
  return [
    warcRecord({ 'WARC-Type': 'warcinfo', 'Content-Type': 'application/warc-fields' }, 'software: test\r\n'),
    warcRecord(
      { 'WARC-Type': 'request', 'WARC-Target-URI': 'http://a.example/dir/p', 'Content-Type': 'application/http; msgtype=request' },
      'GET /dir/p HTTP/1.1\r\nHost: a.example\r\n\r\n',
    ),
    // With HTTP headers and a relative Content-Location (resolved against the target URI).
    warcResponse('http://a.example/dir/p', 'Content-Type: text/html; charset=utf-8\r\nContent-Location: /moved/q\r\n', PAGE),
    // Without HTTP headers (a resource record), the target URI in the brackets of WARC 1.0's examples.
    warcRecord({ 'WARC-Type': 'resource', 'WARC-Target-URI': '<http://b.example/x/>', 'Content-Type': 'text/html' }, '<a href="y">'),
    // Not HTML.
    warcResponse('http://a.example/img.png', 'Content-Type: image/png\r\n', 'PNG...'),
    // Chunked and gzip-encoded body, with a <base href>.
    warcResponse(
      'http://c.example/',
      'Content-Type: text/html\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n',
      chunked(gzipSync('<base href="http://base.example/b/"><a href="z">')),
    ),
  ];
}

function chunked(body: Buffer): Buffer {
  const half = body.length >> 1;
  const part = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
  return Buffer.concat([part(body.subarray(0, half)), part(body.subarray(half)), Buffer.from('0\r\n\r\n')]);
}

const WARC_OUT = [
  'http://a.example/moved/q\thttp://a.example/moved/next.html',
  'http://a.example/moved/q\thttp://a.example/root',
  'http://b.example/x/\thttp://b.example/x/y',
  'http://base.example/b/\thttp://base.example/b/z',
  '',
].join('\n');
const WARC_ERR = 'urikit: 4 links in 3 pages; by scheme: (relative) 4; 1 WARC record not HTML\n';

test('links over WARC: response and resource records, Content-Location, chunked and gzip bodies', async () => {
  const file = tmp.file('crawl.warc', Buffer.concat(warcFile()));
  const r = await cli(['links', file]);
  assert.is(r.code, 0);
  assert.is(r.out, WARC_OUT);
  assert.is(r.err, WARC_ERR);
  const json = await cli(['links', '--json', '-q', file]);
  assert.equal((jsonLines(json.out)[0] as { page: string }).page, 'http://a.example/dir/p');
  // Standard input needs --warc; the records may come in any chunks.
  const data = Buffer.concat(warcFile());
  const pieces: Buffer[] = [];
  for (let i = 0; i < data.length; i += 97) pieces.push(data.subarray(i, i + 97));
  const stdin = await cli(['links', '--warc'], pieces);
  assert.is(stdin.out, WARC_OUT);
});

test('links over .warc.gz: one gzip member per record, as crawlers write them', async () => {
  const file = tmp.file('crawl.warc.gz', Buffer.concat(warcFile().map((r) => gzipSync(r))));
  const r = await cli(['links', file]);
  assert.is(r.out, WARC_OUT);
  assert.is(r.err, WARC_ERR);
  const whole = await cli(['links', '--warc'], gzipSync(Buffer.concat(warcFile())));
  assert.is(whole.out, WARC_OUT);
});

test('links over WARC: brotli bodies are decoded; one that is not brotli is reported', async () => {
  const br = warcResponse('http://br.example/', 'Content-Type: text/html\r\nContent-Encoding: br\r\n', brotliCompressSync('<a href="b">'));
  const bad = warcResponse('http://bad.example/', 'Content-Type: text/html\r\nContent-Encoding: br\r\n', 'not brotli');
  const r = await cli(['links', '--warc'], Buffer.concat([br, bad]));
  assert.is(r.out, 'http://br.example/\thttp://br.example/b\n');
  assert.is(
    r.err,
    'urikit: http://bad.example/: its brotli-encoded content cannot be decoded: Decompression failed\nurikit: 1 link in 1 page; by scheme: (relative) 1; 1 unreadable\n',
  );
});

test('links over WARC: a body that is not the gzip it claims is read as it is', async () => {
  const bad = warcResponse('http://bad.example/', 'Content-Type: text/html\r\nContent-Encoding: gzip\r\n', '<a href="raw">');
  const r = await cli(['links', '--warc'], Buffer.concat([bad, ...warcFile()]));
  assert.is(r.out, `http://bad.example/\thttp://bad.example/raw\n${WARC_OUT}`);
});

test('links over data that is not WARC: an error, exit 2', async () => {
  const r = await cli(['links', '--warc'], 'this is not a WARC file\r\n\r\n');
  assert.is(r.code, 2);
  // The summary of what was read comes first, as for any input that fails.
  assert.is(
    r.err,
    'urikit: 0 links in 0 pages\nurikit: cannot read standard input: not a WARC record at byte 0: "this is not a WARC file" (a record starts with "WARC/1.0" or "WARC/1.1")\n',
  );
  const late = await cli(['links', '--warc'], Buffer.concat([...warcFile(), Buffer.from('garbage\r\n\r\n')]));
  assert.is(late.code, 2);
  assert.is(late.out, WARC_OUT);
});

test('links: usage', async () => {
  assert.is(
    (await cli(['links', '--log', 'combined'], '')).err,
    'urikit: links reads HTML documents or WARC files; --log does not apply\nRun "urikit links --help" for usage.\n',
  );
  const file = tmp.file('threads.html', '<a href="x">');
  const t = await cli(['links', '--threads', '2', '--base', 'http://h/', file]);
  assert.is(t.out, 'http://h/\thttp://h/x\n');
  assert.ok(t.err.startsWith('urikit: --threads splits files of lines; links reads documents on one thread\n'));
  assert.ok((await cli(['links', '--help'])).out.startsWith('Usage: urikit links [--base URL] [options] [FILE|-]\n'));
});

test("links on the bundled samples: the README's examples", async () => {
  const sample = new URL('../../../test/fixtures/sample/', import.meta.url).pathname;
  const page = await cli(['links', '--base', 'https://example.com/index.html', `${sample}page.html`]);
  assert.is(page.out.split('\n').length - 1, 11);
  assert.ok(
    page.out.startsWith(
      'https://example.com/docs/\thttps://example.com/docs/style.css\nhttps://example.com/docs/\thttps://example.com/docs/index.html\n',
    ),
  );
  assert.is(page.err, 'urikit: 11 links in 1 page; by scheme: (relative) 8, https 1, javascript 1, mailto 1\n');
  const warc = await cli(['links', `${sample}pages.warc.gz`]);
  assert.is(
    warc.out,
    [
      'https://example.com/blog/2026/post.html\thttps://example.com/blog/',
      'https://example.com/blog/2026/post.html\thttps://example.com/about',
      'https://example.com/blog/2026/post.html\thttps://cdn.example.net/p.jpg',
      'https://example.com/search/results/x\thttps://example.com/search/results/page2',
      '',
    ].join('\n'),
  );
  assert.is(warc.err, 'urikit: 4 links in 2 pages; by scheme: (relative) 4; 1 WARC record not HTML\n');
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

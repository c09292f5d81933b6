/**
 * `urikit links`: HTML pages (files, directories, standard input) and WARC files, their links
 * resolved and written as `page<TAB>base<TAB>link` or JSON; pages in legacy encodings; many inputs
 * in one run (unreadable ones reported, the rest read); WARC framing and decompression bounds;
 * `--same-site` as browsers fetch; output that cannot play tricks on a terminal.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, jsonLines, root, Temp } from '../support/cli.js';
import { chunked, gzipMembers, warcRecord, warcResponse } from '../support/warc.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/** The bytes of `s`, each character one byte (for pages in legacy encodings). */
const bytes = (s: string): Buffer => Buffer.from(s, 'latin1');

/** The encoding fields of --json for a page on standard input that names no encoding (not a file: no UTF-8 check). */
const STDIN_ENCODING = { encoding: 'windows-1252', encodingSource: 'default', notUtf8At: null };

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
  assert.is(r.out, `${file}\thttp://www.ics.uci.edu/Test/a/b/c\thttp://www.ics.uci.edu/Test/a/x\n`);
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
      grammar: 'web',
      encoding: 'windows-1252',
      encodingSource: 'default',
      notUtf8At: -1,
      line: 6,
      warnings: [],
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
  const base = '-\thttps://site.example/dir/sub/';
  const lines = [
    `${base}\thttps://site.example/Upper?a=1&b=2`,
    `${base}\thttps://site.example/dir/sub/spaced.html`,
    `${base}\thttps://site.example/dir/sub/line.html`,
    `${base}\tjavascript:alert(1)`,
    `${base}\tdata:image/gif;base64,R0lGOD`,
    `${base}\thttps://site.example/dir/sub/s1.png`,
    `${base}\thttps://site.example/dir/sub/s2.png`,
    `${base}\thttps://site.example/dir/sub/`,
    `${base}\thttps://site.example/dir/sub/#top`,
  ];
  // As browsers: a space in a host is no URL (the URL Standard's forbidden domain code points).
  const r = await cli(['links', '--base', 'https://site.example/dir/page.html'], EDGES);
  assert.is(r.code, 0);
  assert.is(r.out, `${lines.join('\n')}\n`);
  assert.is(
    r.err,
    `urikit: -:13: <a href> "http://[::1/" not resolved: UNCLOSED_IP_LITERAL: Unclosed IP literal: '/' at index 11 in "http://[::1/": "[" needs a matching "]" (URL Standard: IPv6-unclosed: "[" needs a matching "]" at the end of the host)\n` +
      `urikit: -:16: <a href> "http://a b.example/x" not resolved: INVALID_HOST: Invalid host: ' ' at index 8 in "http://a b.example/x" (URL Standard: domain-invalid-code-point: a domain cannot hold this code point)\n` +
      'urikit: 11 links in 1 page; 2 not resolved (reported above); by scheme: (relative) 7, http 2, data 1, javascript 1\n',
  );
  // RFC 3986, read leniently, takes the space, and writes it percent-encoded.
  const rfc = await cli(['links', '--rfc3986', '--base', 'https://site.example/dir/page.html'], EDGES);
  assert.is(rfc.code, 0);
  assert.is(rfc.out, `${lines.join('\n')}\n${base}\thttp://a%20b.example/x\n`);
  assert.is(
    rfc.err,
    `urikit: -:13: <a href> "http://[::1/" not resolved: INVALID_CHAR: Invalid character '/' at index 11 in "http://[::1/"\n` +
      'urikit: 11 links in 1 page; 1 not resolved (reported above); by scheme: (relative) 7, http 2, data 1, javascript 1\n',
  );
});

test('links: an invalid <base href> is passed over, with a note', async () => {
  const r = await cli(['links', '--base', 'http://r.example/a/b'], '<base href="http://[bad">\n<a href="c">');
  assert.is(r.out, '-\thttp://r.example/a/b\thttp://r.example/a/c\n');
  assert.is(
    r.err,
    `urikit: -:1: <base href> "http://[bad" passed over: Unclosed IP literal: end of input at index 11 in "http://[bad": "[" needs a matching "]" (URL Standard: IPv6-unclosed: "[" needs a matching "]" at the end of the host)\n` +
      'urikit: 1 link in 1 page; by scheme: (relative) 1\n',
  );
});

test('links: without any base, relative links are reported and absolute ones written', async () => {
  const r = await cli(['links'], '<a href="/rel">\n<a href="HTTP://A/./b/../c">');
  assert.is(r.code, 0);
  // The URL Standard writes a special scheme and a domain in lower case; RFC 3986 keeps them.
  assert.is(r.out, '-\t\thttp://a/c\n');
  assert.is((await cli(['links', '-q', '--rfc3986'], '<a href="HTTP://A/./b/../c">')).out, '-\t\tHTTP://A/c\n');
  assert.is(
    r.err,
    'urikit: -:1: <a href> "/rel" not resolved: RELATIVE_BASE: No base URI (RFC 3986 §5.1): none of embedded, encapsulating, retrieval, fallback was given\n' +
      'urikit: 2 links in 1 page; 1 not resolved (reported above); by scheme: (relative) 1, http 1\n',
  );
  // Each JSON record names the reading. To RFC 3986 ":x" is a bad scheme; to the URL Standard it has
  // no scheme (it is a path relative to a base), so that it needs the base the page lacks.
  const page = '<a href="x y">\n<a href=":x">';
  const noBase = 'No base URI (RFC 3986 §5.1): none of embedded, encapsulating, retrieval, fallback was given';
  const record = (link: string, line: number, grammar: string, error: object) => {
    return { page: '-', element: 'a', attribute: 'href', link, grammar, ...STDIN_ENCODING, line, warnings: [], error };
  };
  assert.equal(jsonLines((await cli(['links', '--json'], page)).out), [
    record('x y', 1, 'web', { code: 'RELATIVE_BASE', index: 0, message: noBase }),
    record(':x', 2, 'web', { code: 'RELATIVE_BASE', index: 0, message: noBase }),
  ]);
  assert.equal(jsonLines((await cli(['links', '--json', '--rfc3986'], page)).out), [
    record('x y', 1, 'rfc3986', { code: 'RELATIVE_BASE', index: 0, message: noBase }),
    record(':x', 2, 'rfc3986', {
      code: 'INVALID_SCHEME',
      index: 0,
      message: `Invalid scheme: ':' at index 0 in ":x" leaves the scheme empty`,
    }),
  ]);
});

test('links: hrefs as browsers read them (the URL Standard), and as RFC 3986 reads them with --rfc3986', async () => {
  const file = tmp.file(
    'browser.html',
    String.raw`<a href="\x\y">
<a href="http:\\evil.example\a">
<a href="ht&#9;tp://h2.ex
ample/a">
<a href="http:example.com/x">
<a href="http://0x7f.1/"><a href="http://0177.0.0.1/"><a href="http://2130706433/">
<a href="http://1.2.3.4.5/">`,
  );
  const base = `${file}\thttp://h.example/d/p`;
  const web = await cli(['links', '--base', 'http://h.example/d/p', file]);
  assert.is(web.code, 0);
  assert.is(
    web.out,
    [
      // "\" is "/" in a special URL; tabs and newlines are removed; "http:" without "//" against an http base is relative.
      `${base}\thttp://h.example/x/y`,
      `${base}\thttp://evil.example/a`,
      `${base}\thttp://h2.example/a`,
      `${base}\thttp://h.example/d/example.com/x`,
      // IPv4 in hexadecimal, octal and as one number.
      `${base}\thttp://127.0.0.1/`,
      `${base}\thttp://127.0.0.1/`,
      `${base}\thttp://127.0.0.1/`,
      '',
    ].join('\n'),
  );
  assert.is(
    web.err,
    `urikit: ${file}:7: <a href> "http://1.2.3.4.5/" not resolved: INVALID_HOST: Invalid host: '5' at index 15 in "http://1.2.3.4.5/" (URL Standard: IPv4-too-many-parts: the host ends in a number, so it must be an IPv4 address, and this has more than four parts)\n` +
      'urikit: 8 links in 1 page; 1 not resolved (reported above); by scheme: http 7, (relative) 1\n',
  );
  const rfc = await cli(['links', '-q', '--rfc3986', '--base', 'http://h.example/d/p', file]);
  assert.is(
    rfc.out,
    [
      // "\" is no character of RFC 3986: it is written %5C.
      `${base}\thttp://h.example/d/%5Cx%5Cy`,
      `${base}\thttp:%5C%5Cevil.example%5Ca`,
      `${base}\thttp://h2.example/a`,
      `${base}\thttp:example.com/x`,
      `${base}\thttp://0x7f.1/`,
      `${base}\thttp://0177.0.0.1/`,
      `${base}\thttp://2130706433/`,
      `${base}\thttp://1.2.3.4.5/`,
      '',
    ].join('\n'),
  );
  // The JSON record names the reading.
  const json = async (...args: string[]) =>
    jsonLines((await cli(['links', '-q', '--json', ...args, '--base', 'http://h/'], '<a href="http://0x7f.1/">')).out);
  const record = { page: '-', element: 'a', attribute: 'href', link: 'http://0x7f.1/', base: 'http://h/', line: 1, warnings: [] };
  assert.equal(await json(), [{ ...record, resolved: 'http://127.0.0.1/', grammar: 'web', ...STDIN_ENCODING }]);
  assert.equal(await json('--rfc3986'), [{ ...record, resolved: 'http://0x7f.1/', grammar: 'rfc3986', ...STDIN_ENCODING }]);
  // A --base the URL Standard refuses is a usage error, unless the links are read in RFC 3986.
  const bad = await cli(['links', '--base', 'http://1.2.3.4.5/', file]);
  assert.is(bad.code, 2);
  assert.is(
    bad.err,
    'urikit: --base "http://1.2.3.4.5/" is no URL to the URL Standard, which links are resolved in (--rfc3986 resolves them in RFC 3986): ' +
      `Invalid host: '5' at index 15 in "http://1.2.3.4.5/" (URL Standard: IPv4-too-many-parts: the host ends in a number, so it must be an IPv4 address, and this has more than four parts)\n` +
      'Run "urikit links --help" for usage.\n',
  );
  assert.is(
    (await cli(['links', '-q', '--rfc3986', '--base', 'http://1.2.3.4.5/'], '<a href=x>')).out,
    '-\thttp://1.2.3.4.5/\thttp://1.2.3.4.5/x\n',
  );
});

test('links: every kind of link, in a document read in small chunks', async () => {
  const html = `<a href=a><area href=area><link href=link><img src=img srcset="s1 1x,s2 2x"><script src=script></script>
<iframe src=iframe></iframe><source src=source srcset=ss><video src=video poster=poster></video>
<audio src=audio></audio><embed src=embed><track src=track><input src=input formaction=fa><button formaction=bfa>
<form action=action></form><object data=data></object><blockquote cite=bq></blockquote><q cite=q></q><del cite=del></del><ins cite=ins></ins>
<meta http-equiv=refresh content="0; url=refresh"><image src=image>`;
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
      // HTML reads <image> as <img>.
      '5 img.src http://h/image',
    ],
  );
});

test('links --normalize rfc3986|dedupe: normal forms, strict even for lenient links; --dedupe compares them', async () => {
  const html = `<a href="HTTP://Example.COM:80/a/./b/../../c"><a href="http://example.com/c"><a href="/x y/%7e">`;
  const r = await cli(['links', '-q', '--normalize', 'rfc3986', '--dedupe', '--base', 'http://example.com/'], html);
  assert.is(r.out, '-\thttp://example.com/\thttp://example.com/c\n-\thttp://example.com/\thttp://example.com/x%20y/~\n');
  const canonical = await cli(
    ['links', '-q', '--normalize', 'dedupe', '--base', 'http://example.com/'],
    '<meta charset=utf-8><a href="HTTP://MÜNCHEN.de/a?b=2&amp;utm_source=x&amp;a=1#top"><a href="/p?">',
  );
  assert.is(canonical.out, '-\thttp://example.com/\thttp://xn--mnchen-3ya.de/a?a=1&b=2\n-\thttp://example.com/\thttp://example.com/p\n');
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
  const base = '-\thttp://www.example.co.uk/';
  assert.is(
    s.out,
    [
      `${base}\thttp://www.example.co.uk/a`,
      `${base}\thttp://www.example.co.uk/a`,
      `${base}\thttp://other.example.co.uk/`,
      `${base}\thttps://www.example.co.uk/b`,
      `${base}\thttp://cdn.example.co.uk/c`,
      '',
    ].join('\n'),
  );
  const none = await cli(['links', '--same-site'], html);
  assert.is(none.out, '');
  const noBase = 'not resolved: RELATIVE_BASE: No base URI (RFC 3986 §5.1): none of embedded, encapsulating, retrieval, fallback was given';
  assert.is(
    none.err,
    `urikit: -:1: <a href> "/a" ${noBase}\nurikit: -:1: <a href> "/a" ${noBase}\nurikit: -:2: <a href> "//cdn.example.co.uk/c" ${noBase}\n` +
      'urikit: -: --same-site left out its 7 links: the page has no URI with a host to take its site from (give --base URL)\n' +
      'urikit: 7 links in 1 page; 3 not resolved (reported above); by scheme: (relative) 3, http 2, https 1, mailto 1\n',
  );
  const github = await cli(['links', '-q', '--same-site', '--base', 'http://b.github.io/'], html);
  // a.github.io is another site than b.github.io (the list's private section).
  assert.is(github.out, '-\thttp://b.github.io/\thttp://b.github.io/a\n-\thttp://b.github.io/\thttp://b.github.io/a\n');
});

test('links --same-site decides on the host browsers and HTTP clients fetch', async () => {
  // A browser (the URL Standard) reads "\" as "/" in http URLs: the host is evil.example, whatever RFC 3986 reads.
  const html = String.raw`<a href="http://evil.example\@good.example/x"><a href="http://good.example\@good.example/y"><a href="/z">`;
  const base = '-\thttp://www.good.example/';
  const r = await cli(['links', '--same-site', '--base', 'http://www.good.example/'], html);
  assert.is(r.out, `${base}\thttp://good.example/@good.example/y\n${base}\thttp://www.good.example/z\n`);
  // Without --same-site it is written, as resolved.
  const all = await cli(['links', '-q', '--base', 'http://www.good.example/'], html);
  assert.ok(all.out.startsWith(`${base}\thttp://evil.example/@good.example/x\n`), all.out);
  // Read in RFC 3986 the links are written as RFC 3986 resolves them, "\" as %5C: the host of what
  // is written is good.example to both readings, and what fetches it goes there.
  const rfc = await cli(['links', '--rfc3986', '--same-site', '--base', 'http://www.good.example/'], html);
  assert.is(
    rfc.out,
    `${base}\thttp://evil.example%5C@good.example/x\n${base}\thttp://good.example%5C@good.example/y\n${base}\thttp://www.good.example/z\n`,
  );
});

// ---------------------------------------------------------------------------------------------
// Encodings: expected links written from the Encoding Standard's indexes and the URL Standard's
// percent-encoding (the path in UTF-8, the query in the page's encoding).

test('links: a windows-1252 page (no encoding named: the default), its path in UTF-8 and its query in windows-1252', async () => {
  const file = tmp.file('cafe.html', bytes('<a href="caf\xE9.html?q=\xE9&amp;e=\x80&amp;z=&#x4E2D;">'));
  const r = await cli(['links', '--json', '--base', 'http://h/d/', file]);
  assert.equal(
    jsonLines(r.out).map((o) => [(o as { resolved: string }).resolved, (o as { warnings: string[] }).warnings]),
    [['http://h/d/caf%C3%A9.html?q=%E9&e=%80&z=%26%2320013%3B', ['UNENCODABLE']]],
  );
  assert.is(r.err, 'urikit: 1 link in 1 page; by scheme: (relative) 1; 1 link with warnings\n');
  const rfc = await cli(['links', '-q', '--rfc3986', '--base', 'http://h/d/', file]);
  assert.is(rfc.out, `${file}\thttp://h/d/\thttp://h/d/caf%C3%A9.html?q=%E9&e=%80&z=%26%2320013%3B\n`);
  // --default-encoding changes the default.
  const utf8 = await cli(['links', '-q', '--default-encoding', 'utf-8', '--base', 'http://h/'], bytes('<a href="/\xC3\xA9?q=\xC3\xA9">'));
  assert.is(utf8.out, '-\thttp://h/\thttp://h/%C3%A9?q=%C3%A9\n');
});

test('links: a file that names no encoding is read as UTF-8 when its bytes are, as browsers read a file: URL; standard input and WARC stay windows-1252', async () => {
  const page = bytes('<a href="caf\xC3\xA9.html?q=\xC3\xA9">');
  const file = tmp.file('utf8.html', page);
  const legacy = tmp.file('legacy.html', bytes('<a href="caf\xE9.html">'));
  const r = await cli(['links', '--warnings', '--base', 'http://h/', file, legacy, '-'], page);
  assert.is(
    r.out,
    `${file}\thttp://h/\thttp://h/caf%C3%A9.html?q=%C3%A9\n${legacy}\thttp://h/\thttp://h/caf%C3%A9.html\n-\thttp://h/\thttp://h/caf%C3%83%C2%A9.html?q=%C3%A9\n`,
  );
  assert.is(
    r.err,
    `urikit: ${file}: read as UTF-8: it names no encoding and its bytes are UTF-8, as browsers read a file: URL\n` +
      `urikit: ${legacy}: read as windows-1252 (the default: it names no encoding; --default-encoding changes it): its bytes are not UTF-8 (from byte 12)\n` +
      'urikit: 3 links in 3 pages; by scheme: (relative) 3\n',
  );
  const json = await cli(['links', '--json', '-q', '--base', 'http://h/', file, '-'], page);
  assert.equal(
    jsonLines(json.out).map((o) => {
      const { encoding, encodingSource, notUtf8At } = o as Record<string, unknown>;
      return [encoding, encodingSource, notUtf8At];
    }),
    [
      ['utf-8', 'file', -1],
      ['windows-1252', 'default', null],
    ],
  );
  // A WARC record is what a server sent: no charset anywhere is windows-1252, in a file too.
  const warc = tmp.file('utf8.warc', warcResponse('http://w/', 'Content-Type: text/html\r\n', page));
  assert.is((await cli(['links', '-q', warc])).out, 'http://w/\thttp://w/\thttp://w/caf%C3%83%C2%A9.html?q=%C3%A9\n');
  // --encoding and --default-encoding as before: the user's override wins; a default only where the bytes are not UTF-8.
  assert.is(
    (await cli(['links', '-q', '--encoding', 'windows-1252', '--base', 'http://h/', file])).out,
    `${file}\thttp://h/\thttp://h/caf%C3%83%C2%A9.html?q=%C3%A9\n`,
  );
  assert.is(
    (await cli(['links', '-q', '--default-encoding', 'iso-8859-2', '--base', 'http://h/', file])).out,
    `${file}\thttp://h/\thttp://h/caf%C3%A9.html?q=%C3%A9\n`,
  );
});

test('links: Shift_JIS, GBK and ISO-8859-2 pages, by <meta charset> and <meta http-equiv>', async () => {
  // 日本 is 93 FA 96 7B in Shift_JIS (7B is "{", which the query keeps); E6 97 A5 E6 9C AC in UTF-8.
  const sjis = bytes('<meta charset="Shift_JIS"><a href="/\x93\xFA\x96\x7B/?q=\x93\xFA\x96\x7B">');
  // 中文 is D6 D0 CE C4 in GBK (gb2312 is one of its labels); E4 B8 AD E6 96 87 in UTF-8.
  const gbk = bytes('<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><a href="/\xD6\xD0\xCE\xC4?q=\xD6\xD0\xCE\xC4">');
  // łódź is B3 F3 64 BC in ISO-8859-2; C5 82 C3 B3 64 C5 BA in UTF-8.
  const latin2 = bytes("<meta charset='iso-8859-2'><a href='/\xB3\xF3d\xBC?q=\xB3\xF3d\xBC'>");
  const out: string[] = [];
  for (const [name, page] of [
    ['sjis.html', sjis],
    ['gbk.html', gbk],
    ['latin2.html', latin2],
  ] as const)
    out.push((await cli(['links', '-q', '--base', 'http://h/', tmp.file(name, page)])).out.split('\t')[2]!);
  assert.equal(out, [
    'http://h/%E6%97%A5%E6%9C%AC/?q=%93%FA%96{\n',
    'http://h/%E4%B8%AD%E6%96%87?q=%D6%D0%CE%C4\n',
    'http://h/%C5%82%C3%B3d%C5%BA?q=%B3%F3d%BC\n',
  ]);
});

test('links: a <meta charset> after the first 1024 bytes is not honoured; a byte order mark wins over <meta>; --encoding over both but the mark', async () => {
  const late = bytes(`<!--${'x'.repeat(1100)}--><meta charset="utf-8"><a href="/\xC3\xA9">`);
  // The page is read as windows-1252: C3 A9 is "Ã©", in UTF-8 C3 83 C2 A9.
  assert.is((await cli(['links', '-q', '--base', 'http://h/'], late)).out, '-\thttp://h/\thttp://h/%C3%83%C2%A9\n');
  const bom = bytes('\xEF\xBB\xBF<meta charset="shift_jis"><a href="/\xC3\xA9?q=\xC3\xA9">');
  assert.is((await cli(['links', '-q', '--base', 'http://h/'], bom)).out, '-\thttp://h/\thttp://h/%C3%A9?q=%C3%A9\n');
  const declared = bytes('<meta charset="utf-8"><a href="/\xE9?q=\xE9">');
  assert.is(
    (await cli(['links', '-q', '--encoding', 'latin1', '--base', 'http://h/'], declared)).out,
    '-\thttp://h/\thttp://h/%C3%A9?q=%E9\n',
  );
  const bad = await cli(['links', '--encoding', 'klingon'], '');
  assert.is(bad.code, 2);
  assert.is(
    bad.err,
    'urikit: --encoding takes an encoding label of the WHATWG Encoding Standard (utf-8, windows-1252, shift_jis, gbk, …), not "klingon"\nRun "urikit links --help" for usage.\n',
  );
});

test('links: bytes that do not decode are counted, noted and flagged, never silently replaced', async () => {
  const page = bytes('<meta charset=utf-8><a href="/ok"><a href="/\xFF\xFE?q=\xC3">');
  const r = await cli(['links', '--base', 'http://h/'], page);
  assert.is(r.out, '-\thttp://h/\thttp://h/ok\n-\thttp://h/\thttp://h/%EF%BF%BD%EF%BF%BD?q=%EF%BF%BD\n');
  assert.is(
    r.err,
    'urikit: -: 3 byte sequences do not decode as utf-8 (its <meta> charset); each reads as U+FFFD\n' +
      'urikit: 2 links in 1 page; by scheme: (relative) 2; 3 byte sequences that do not decode, in 1 page; 1 link with warnings (--warnings lists them)\n',
  );
  const w = await cli(['links', '-q', '--warnings', '--base', 'http://h/'], page);
  assert.is(
    w.err,
    'urikit: -:1: <a href> "/\ufffd\ufffd?q=\ufffd": DECODE_ERROR (it holds U+FFFD for bytes that do not decode in the page)\n',
  );
  const json = await cli(['links', '-q', '--json', '--base', 'http://h/'], page);
  assert.equal((jsonLines(json.out)[1] as { warnings: string[] }).warnings, ['DECODE_ERROR']);
  // A U+FFFD the page itself encodes (EF BF BD) is a character, not an error.
  const own = await cli(['links', '--base', 'http://h/'], bytes('<meta charset=utf-8><a href="/\xEF\xBF\xBD">'));
  assert.is(own.err, 'urikit: 1 link in 1 page; by scheme: (relative) 1\n');
});

// ---------------------------------------------------------------------------------------------
// HTML as browsers tokenize it.

test('links: comments, RAWTEXT, RCDATA, script data, CDATA and character references as the HTML Standard tokenizes them', async () => {
  const html = [
    '<!-- a comment --!><a href=after-bang-comment>',
    '<!--><a href=after-empty-comment>',
    '<!---><a href=after-empty-comment-2>',
    '<iframe><a href=no-iframe></iframe><textarea><a href=no-textarea></textarea><title><a href=no-title></title>',
    '<noscript><a href=no-noscript></noscript><style><a href=no-style></style><xmp><a href=no-xmp></xmp>',
    '<noembed><a href=no-noembed></noembed><noframes><a href=no-noframes></noframes>',
    '<script><!--<script></script><a href=no-double-escaped></script>--></script><a href=after-script>',
    '<![CDATA[ x ><a href=after-cdata-bogus-comment> ]]>',
    '<svg><![CDATA[ <a href=no-cdata-in-svg> ]]><a href=svg-a></svg>',
    '<a href="?a=1&amp=2&copy=3&notit;&copy;&lt">',
    '<textarea></TEXTAREA ><a href=after-textarea>',
    '<plaintext><a href=no-plaintext>',
  ].join('\n');
  const r = await cli(['links', '--json', '-q', '--base', 'http://h/'], html);
  assert.equal(
    jsonLines(r.out).map((o) => `${(o as { line: number }).line} ${(o as { link: string }).link}`),
    [
      '1 after-bang-comment',
      '2 after-empty-comment',
      '3 after-empty-comment-2',
      '7 after-script',
      '8 after-cdata-bogus-comment',
      '9 svg-a',
      // In an attribute, a reference without ";" followed by "=" or a letter stays as written.
      '10 ?a=1&amp=2&copy=3&notit;©<',
      '11 after-textarea',
    ],
  );
});

test("links: <base> in <template>, <svg> or <noscript> is not the document's; a javascript: or data: one is passed over; &#1; before javascript: runs", async () => {
  const r = await cli(
    ['links', '--base', 'http://h/p'],
    '<template><base href="http://t.example/"></template><svg><base href="http://s.example/"></svg><noscript><base href="http://n.example/"></noscript><a href=x>',
  );
  assert.is(r.out, '-\thttp://h/p\thttp://h/x\n');
  const js = await cli(
    ['links', '--base', 'http://h/p'],
    '<base href="javascript:alert(1)//"><a href=x><a href="&#1;javascript:alert(2)">',
  );
  assert.is(js.out, '-\thttp://h/p\thttp://h/x\n-\thttp://h/p\tjavascript:alert(2)\n');
  assert.is(
    js.err,
    'urikit: -:1: <base href> "javascript:alert(1)//" passed over: a javascript: URL is no base (HTML)\n' +
      'urikit: 2 links in 1 page; by scheme: (relative) 1, javascript 1; 1 link with warnings (--warnings lists them)\n',
  );
  const data = await cli(
    ['links', '-q', '--json', '--base', 'http://h/p'],
    '<base href="data:text/html,x"><a href="&#1;javascript:alert(2)">',
  );
  assert.equal(jsonLines(data.out), [
    {
      page: '-',
      element: 'a',
      attribute: 'href',
      link: '\u0001javascript:alert(2)',
      base: 'http://h/p',
      resolved: 'javascript:alert(2)',
      grammar: 'web',
      ...STDIN_ENCODING,
      line: 1,
      warnings: ['CONTROL_STRIPPED'],
    },
  ]);
});

test('links: a <base> after links is the base of every link of the page, those before it too; a page is read to --max-record-size', async () => {
  const r = await cli(['links', '--base', 'http://h/p'], '<p><a href=1>\n<base href=/b/><a href=2>');
  assert.is(r.out, '-\thttp://h/b/\thttp://h/b/1\n-\thttp://h/b/\thttp://h/b/2\n');
  assert.is(r.err, 'urikit: 2 links in 1 page; by scheme: (relative) 2\n');
  // The links of a page without <base> wait for its end: a page past --max-record-size is cut there.
  const page = tmp.file('long.html', `<a href=1>${' '.repeat(1000)}<a href=2>`);
  const cut = await cli(['links', '--base', 'http://h/', '--max-record-size', '1000', page, '-'], '<a href=3>');
  assert.is(cut.code, 0);
  assert.is(cut.out, `${page}\thttp://h/\thttp://h/1\n-\thttp://h/\thttp://h/3\n`);
  assert.is(
    cut.err,
    `urikit: ${page}: the page is larger than --max-record-size (1000 bytes): the links of its first 1000 bytes were read, the rest left out\n` +
      'urikit: 2 links in 2 pages; by scheme: (relative) 2; 1 page cut at --max-record-size (reported above)\n',
  );
});

test('links: U+202E, U+2028 and controls are escaped in TSV output, JSON keeps its values', async () => {
  // A WARC-Target-URI names the page as written; the links and the base come percent-encoded.
  const warc = warcRecord(
    { 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://h/\u202Eevil\u2028\\/', 'Content-Type': 'text/html' },
    '<a href="x">',
  );
  const r = await cli(['links', '-q', '--warc', '-'], warc);
  assert.is(r.out, 'http://h/\\u202Eevil\\u2028\\\\/\thttp://h/%E2%80%AEevil%E2%80%A8//\thttp://h/%E2%80%AEevil%E2%80%A8//x\n');
  const json = await cli(['links', '-q', '--json', '--warc', '-'], warc);
  assert.ok(json.out.includes('"page":"http://h/\\u202Eevil\\u2028\\\\/"'), json.out);
  assert.is((jsonLines(json.out)[0] as { page: string }).page, 'http://h/\u202Eevil\u2028\\/');
  const spoof = '<meta charset=utf-8><a href="http://\u202Eevil\u2028.example/a\\b">';
  // To the URL Standard (UTS #46) it is no host: the report on standard error escapes the hidden
  // characters and quotes the link as the library's message does (a backslash as it is).
  const web = await cli(['links', '-q', '--base', 'http://h/'], spoof);
  assert.is(web.out, '');
  assert.is(
    web.err,
    'urikit: -:1: <a href> "http://\\u202eevil\\u2028.example/a\\b" not resolved: INVALID_HOST: ' +
      `Invalid host: '\\u202e' (U+202E) at index 7 in "http://\\u202eevil\\u2028.example/a\\b" (URL Standard: domain-to-ASCII: the domain is not valid under UTS #46 (IDNA), or its ASCII form is no host)\n`,
  );
});

// ---------------------------------------------------------------------------------------------
// Many inputs.

test('links: 500 files and a directory in one run, unreadable inputs reported and the rest read (exit 1)', async () => {
  const dir = join(tmp.dir, 'site');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < 500; i++) files.push(tmp.file(`p${i}.html`, `<a href="/page/${i}">`));
  tmp.file('site/index.html', '<a href=a>');
  tmp.file('site/sub/deep.htm', '<a href=b>');
  tmp.file('site/sub/notes.txt', '<a href=not-read>');
  tmp.file(
    'site/sub/x.warc',
    warcRecord({ 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://w.example/', 'Content-Type': 'text/html' }, '<a href=w>'),
  );
  const missing = join(tmp.dir, 'missing.html');
  const r = await cli(['links', '--base', 'http://h/', files[0]!, missing, dir, ...files.slice(1)]);
  assert.is(r.code, 1);
  const lines = r.out.split('\n');
  assert.is(lines.length - 1, 503);
  assert.is(lines[0], `${files[0]}\thttp://h/\thttp://h/page/0`);
  assert.equal(lines.slice(1, 4), [
    // Each page of a directory is at --base resolved with its path inside it.
    `${join(dir, 'index.html')}\thttp://h/index.html\thttp://h/a`,
    `${join(dir, 'sub/deep.htm')}\thttp://h/sub/deep.htm\thttp://h/sub/b`,
    'http://w.example/\thttp://w.example/\thttp://w.example/w',
  ]);
  assert.is(lines[502], `${files[499]}\thttp://h/\thttp://h/page/499`);
  assert.is(
    r.err,
    `urikit: cannot read "${missing}": no such file (check the path, or give - to read standard input)\n` +
      'urikit: 503 links in 503 pages; by scheme: (relative) 503\n',
  );
  // --files-from, and --glob over a directory.
  const list = tmp.file('list.txt', `${files[1]}\n\n${dir}\n`);
  const f = await cli(['links', '-q', '--base', 'http://h/', '--glob', '*.htm', '--files-from', list]);
  // A file named is read whatever its name; a directory gives the files the pattern matches.
  assert.is(f.out, `${files[1]}\thttp://h/\thttp://h/page/1\n${join(dir, 'sub/deep.htm')}\thttp://h/sub/deep.htm\thttp://h/sub/b\n`);
});

test('links: a directory with --base is a mirrored site: each page is at --base resolved with its path inside the directory', async () => {
  const site = join(tmp.dir, 'mirror');
  mkdirSync(join(site, 'sub', 'deep'), { recursive: true });
  tmp.file('mirror/index.html', '<a href="x.html">');
  tmp.file('mirror/sub/rel.html', '<a href="x.html"><a href="../up.html"><img src="/root.png">');
  tmp.file('mirror/sub/deep/a b?c#d%.html', '<a href="">');
  tmp.file('mirror/sub/based.html', '<base href="/b/"><a href="x.html">');
  const want = [
    `${site}/index.html\thttps://site.example/m/index.html\thttps://site.example/m/x.html`,
    `${site}/sub/based.html\thttps://site.example/b/\thttps://site.example/b/x.html`,
    `${site}/sub/deep/a b?c#d%.html\thttps://site.example/m/sub/deep/a%20b%3Fc%23d%25.html\thttps://site.example/m/sub/deep/a%20b%3Fc%23d%25.html`,
    `${site}/sub/rel.html\thttps://site.example/m/sub/rel.html\thttps://site.example/m/sub/x.html`,
    `${site}/sub/rel.html\thttps://site.example/m/sub/rel.html\thttps://site.example/m/up.html`,
    `${site}/sub/rel.html\thttps://site.example/m/sub/rel.html\thttps://site.example/root.png`,
  ];
  for (const args of [[], ['--threads', '2']]) {
    const r = await cli(['links', '-q', ...args, '--base', 'https://site.example/m/', site]);
    assert.is(r.code, 0);
    assert.is(r.out, `${want.join('\n')}\n`);
  }
  // A file named on its own is at --base itself.
  const one = await cli(['links', '-q', '--base', 'https://site.example/m/', join(site, 'sub/rel.html')]);
  assert.is(one.out.split('\n')[0], `${site}/sub/rel.html\thttps://site.example/m/\thttps://site.example/m/x.html`);
});

test('links --threads: whole files on worker threads, the same output in input order, --dedupe across them', async () => {
  const files: string[] = [];
  for (let i = 0; i < 12; i++) {
    let page = '';
    for (let k = 0; k < 200; k++) page += `<a href="/p${i}/${k}"><a href="/shared/${k % 7}">`;
    files.push(tmp.file(`t${i}.html`, page));
  }
  const missing = join(tmp.dir, 'nope.html');
  const args = ['links', '--base', 'http://h/', files[0]!, missing, ...files.slice(1)];
  const one = await cli(args);
  const two = await cli([...args, '--threads', '3']);
  assert.is(two.code, 1);
  assert.is(two.out, one.out);
  assert.is(two.err, one.err);
  assert.is(one.out.split('\n').length - 1, 12 * 400);
  const d1 = await cli([...args, '--dedupe', '--json']);
  const d2 = await cli([...args, '--dedupe', '--json', '--threads', '2']);
  assert.is(d2.out, d1.out);
  assert.is(d1.out.split('\n').length - 1, 12 * 200 + 7);
  // Standard input is read on the main thread: the run takes no workers.
  const stdin = await cli(['links', '--threads', '2', '--base', 'http://h/', '-', files[1]!], '<a href=x>');
  assert.is(stdin.out, `-\thttp://h/\thttp://h/x\n${one.out.split('\n').slice(400, 800).join('\n')}\n`);
});

test('links: usage', async () => {
  assert.is(
    (await cli(['links', '--log', 'combined'], '')).err,
    'urikit: links reads HTML documents or WARC files; --log does not apply\nRun "urikit links --help" for usage.\n',
  );
  assert.ok((await cli(['links', '--help'])).out.startsWith('Usage: urikit links [--base URL] [options] [FILE|DIR|-]...\n'));
  const twice = await cli(['links', '-', '--files-from', '-'], '');
  assert.is(twice.code, 2);
  assert.is(
    twice.err,
    'urikit: standard input can be read once: give "-" once, as an input or as --files-from -\nRun "urikit links --help" for usage.\n',
  );
});

test('links without its optional packages: the library imports, and reading a page says in one line what to install', () => {
  // The built package without node_modules, as `npm install --omit=optional` leaves it.
  const dir = join(tmp.dir, 'bare');
  mkdirSync(dir);
  for (const f of ['dist', 'bin', 'package.json']) cpSync(join(root, f), join(dir, f), { recursive: true });
  const node = (args: string[], input = ''): { status: number; out: string; err: string } => {
    const r = spawnSync(process.execPath, args, { cwd: dir, input, encoding: 'utf8' });
    return { status: r.status ?? -1, out: r.stdout, err: r.stderr };
  };
  assert.equal(node(['bin/urikit.js', 'links', '--base', 'http://h/', '-'], '<a href=x>'), {
    status: 2,
    out: '',
    err:
      'urikit: urikit links needs the packages entities @exodus/bytes here, which urikit lists as optional and which is not installed: npm install entities @exodus/bytes\n' +
      'Run "urikit links --help" for usage.\n',
  });
  // The copy's urikit/links, named on the command line (process.argv[1]).
  const script = `const { extractLinks } = await import(process.argv[1]);
try { for await (const l of extractLinks('<a href=x>')) console.log(l.resolved); } catch (e) { console.log(e.code + ': ' + e.message); }`;
  assert.equal(node(['--input-type=module', '-e', script, pathToFileURL(join(dir, 'dist/esm/links.js')).href]), {
    status: 0,
    out: 'ERR_MODULE_NOT_FOUND: urikit/links needs the package entities, which is not installed: npm install entities\n',
    err: '',
  });
});

// ---------------------------------------------------------------------------------------------
// WARC.

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

const WARC_OUT = [
  'http://a.example/dir/p\thttp://a.example/moved/q\thttp://a.example/moved/next.html',
  'http://a.example/dir/p\thttp://a.example/moved/q\thttp://a.example/root',
  'http://b.example/x/\thttp://b.example/x/\thttp://b.example/x/y',
  'http://c.example/\thttp://base.example/b/\thttp://base.example/b/z',
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

test('links over WARC: a numeric character reference of 309 digits reads as U+FFFD, and the records after it are read', async () => {
  const warc = Buffer.concat([
    warcResponse('http://a.example/', 'Content-Type: text/html\r\n', `<a href="x&#${'9'.repeat(309)};y&#x${'0'.repeat(300)}41;">`),
    warcResponse('http://b.example/', 'Content-Type: text/html\r\n', '<a href=z>'),
  ]);
  const r = await cli(['links', '--warc', '-'], warc);
  assert.is(r.code, 0);
  assert.is(
    r.out,
    'http://a.example/\thttp://a.example/\thttp://a.example/x%EF%BF%BDyA\nhttp://b.example/\thttp://b.example/\thttp://b.example/z\n',
  );
  assert.is(r.err, 'urikit: 2 links in 2 pages; by scheme: (relative) 2\n');
});

test('links over .warc.gz: one gzip member per record, as crawlers write them', async () => {
  const file = tmp.file('crawl.warc.gz', gzipMembers(warcFile()));
  const r = await cli(['links', file]);
  assert.is(r.out, WARC_OUT);
  assert.is(r.err, WARC_ERR);
  const whole = await cli(['links', '--warc'], gzipSync(Buffer.concat(warcFile())));
  assert.is(whole.out, WARC_OUT);
});

test('links over WARC: the HTTP charset decides the encoding (no <meta>)', async () => {
  const sjis = warcResponse(
    'http://j.example/',
    'Content-Type: text/html; charset="Shift_JIS"\r\n',
    bytes('<a href="/\x93\xFA?q=\x93\xFA">'),
  );
  const r = await cli(['links', '-q', '--warc'], sjis);
  assert.is(r.out, 'http://j.example/\thttp://j.example/\thttp://j.example/%E6%97%A5?q=%93%FA\n');
});

test('links over WARC: brotli bodies are decoded; one that is not brotli is reported', async () => {
  const br = warcResponse('http://br.example/', 'Content-Type: text/html\r\nContent-Encoding: br\r\n', brotliCompressSync('<a href="b">'));
  const bad = warcResponse('http://bad.example/', 'Content-Type: text/html\r\nContent-Encoding: br\r\n', 'not brotli');
  const r = await cli(['links', '--warc'], Buffer.concat([br, bad]));
  assert.is(r.out, 'http://br.example/\thttp://br.example/\thttp://br.example/b\n');
  assert.is(
    r.err,
    'urikit: http://bad.example/: its br-encoded content cannot be decoded (Decompression failed): read up to there\n' +
      'urikit: 1 link in 2 pages; by scheme: (relative) 1; 1 WARC record left out or cut (reported above)\n',
  );
});

test('links over WARC: a body that is not the gzip it claims is read as it is', async () => {
  const bad = warcResponse('http://bad.example/', 'Content-Type: text/html\r\nContent-Encoding: gzip\r\n', '<a href="raw">');
  const r = await cli(['links', '--warc'], Buffer.concat([bad, ...warcFile()]));
  assert.is(r.out, `http://bad.example/\thttp://bad.example/\thttp://bad.example/raw\n${WARC_OUT}`);
});

test('links: WARC is known by its first bytes on any input, standard input too, plain or gzip; zstd is reported, never read as HTML', async () => {
  const warc = Buffer.concat(warcFile());
  const whole = gzipSync(warc);
  const members = gzipMembers(warcFile());
  for (const input of [warc, whole, members]) {
    const r = await cli(['links'], input);
    assert.is(r.code, 0);
    assert.is(r.out, WARC_OUT);
    assert.is(r.err, WARC_ERR);
  }
  // Whatever the file's name; and with --base, which a WARC record's own URI overrides.
  for (const [name, bytes] of [
    ['crawl.html', warc],
    ['crawl.bin', members],
  ] as const) {
    const file = tmp.file(name, bytes);
    const r = await cli(['links', '--base', 'http://elsewhere/', file]);
    assert.is(r.out, WARC_OUT);
  }
  // Cut into one-byte chunks before the magic is whole: the same.
  const r = await cli(['links'], [...[...warc.subarray(0, 7)].map((b) => Buffer.of(b)), warc.subarray(7)]);
  assert.is(r.out, WARC_OUT);
  // A page that merely begins with the word is HTML.
  assert.is((await cli(['links', '-q', '--base', 'http://h/'], 'WARC files: <a href=x>')).out, '-\thttp://h/\thttp://h/x\n');
  assert.is((await cli(['links', '-q', '--base', 'http://h/'], 'WARC')).out, '');
  // zstd: a frame (28 b5 2f fd) or the skippable frame a .warc.zst begins with (its dictionary, 5d 2a 4d 18).
  for (const head of [Buffer.from('28b52ffd', 'hex'), Buffer.from('5d2a4d1808000000', 'hex')]) {
    const z = await cli(['links'], Buffer.concat([head, Buffer.alloc(64)]));
    assert.is(z.code, 1);
    assert.is(z.out, '');
    assert.match(
      z.err,
      /^urikit: cannot read standard input: it is zstd data \(found by its first bytes\), which urikit does not decompress/,
    );
  }
});

test('links over data that is not WARC: an error, exit 2', async () => {
  const r = await cli(['links', '--warc'], 'this is not a WARC file\r\n\r\n');
  assert.is(r.code, 2);
  assert.is(
    r.err,
    'urikit: cannot read standard input: not a WARC record at byte 0: "this is not a WARC file" (a record starts with "WARC/1.0" or "WARC/1.1")\nurikit: 0 links in 0 pages\n',
  );
  const late = await cli(['links', '--warc'], Buffer.concat([...warcFile(), Buffer.from('garbage\r\n\r\n')]));
  assert.is(late.code, 2);
  assert.is(late.out, WARC_OUT);
});

test('links over WARC: a Content-Length that is not a number, or too large, and a cut file are errors (exit 2), the next record must begin with WARC/', async () => {
  const good = warcRecord({ 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://g.example/', 'Content-Type': 'text/html' }, '<a href=g>');
  const after = warcRecord(
    { 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://after.example/', 'Content-Type': 'text/html' },
    '<a href=a>',
  );
  const nan = warcRecord(
    { 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://n.example/', 'Content-Type': 'text/html', 'Content-Length': '12x' },
    '<a href=n>',
  );
  const r = await cli(['links', '--warc'], Buffer.concat([good, nan, after]));
  assert.is(r.code, 2);
  assert.is(r.out, 'http://g.example/\thttp://g.example/\thttp://g.example/g\n');
  assert.ok(
    r.err.startsWith(
      `urikit: cannot read standard input: the WARC record at byte ${good.length} has Content-Length "12x", which is not a length: the records after it cannot be found\n`,
    ),
    r.err,
  );
  // Too large: in a file, found before the record is read; on standard input, when the file ends.
  const big = warcRecord(
    { 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://big.example/', 'Content-Type': 'text/html', 'Content-Length': '5000' },
    '<a href=big>',
  );
  const file = tmp.file('big.warc', Buffer.concat([good, big, after]));
  const f = await cli(['links', file]);
  assert.is(f.code, 2);
  assert.is(f.out, 'http://g.example/\thttp://g.example/\thttp://g.example/g\n');
  assert.ok(
    f.err.startsWith(
      `urikit: cannot read "${file}": the WARC record at byte ${good.length} has Content-Length 5000, past the end of the file`,
    ),
    f.err,
  );
  const s = await cli(['links', '--warc'], Buffer.concat([good, big, after]));
  assert.is(s.code, 2);
  assert.ok(s.err.includes('the file ends inside the WARC record at byte'), s.err);
  // Too short: what follows the block is not CRLF CRLF and a record.
  const short = warcRecord(
    { 'WARC-Type': 'resource', 'WARC-Target-URI': 'http://s.example/', 'Content-Type': 'text/html', 'Content-Length': '3' },
    '<a href=s>',
  );
  const t = await cli(['links', '--warc'], Buffer.concat([short, after]));
  assert.is(t.code, 2);
  assert.ok(t.err.includes('does not end after its Content-Length (3 bytes): CRLF CRLF and the next record ("WARC/") must follow'), t.err);
  // A cut file: exit 2, with what was read written.
  const cut = Buffer.concat([good, after]).subarray(0, good.length + 40);
  const c = await cli(['links', '--warc'], cut);
  assert.is(c.code, 2);
  assert.is(c.out, 'http://g.example/\thttp://g.example/\thttp://g.example/g\n');
  assert.ok(c.err.includes(`the file ends inside the header of the WARC record at byte ${good.length}`), c.err);
});

test('links over WARC: --max-record-size leaves out a larger record, and cuts content that decodes to more', async () => {
  const small = warcResponse('http://s.example/', 'Content-Type: text/html\r\n', '<a href=s>');
  const large = warcResponse('http://l.example/', 'Content-Type: text/html\r\n', `<a href=l>${' '.repeat(2000)}`);
  // Its block: the HTTP status line and header, then the 2010 bytes of the body.
  const block = Buffer.byteLength('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n') + 2010;
  const bomb = warcResponse(
    'http://z.example/',
    'Content-Type: text/html\r\nContent-Encoding: gzip\r\n',
    gzipSync(`<a href=z>${' '.repeat(100_000)}<a href=never>`),
  );
  const r = await cli(['links', '--warc', '--max-record-size', '1000'], Buffer.concat([small, large, bomb, small]));
  assert.is(r.code, 0);
  assert.is(
    r.out,
    'http://s.example/\thttp://s.example/\thttp://s.example/s\nhttp://z.example/\thttp://z.example/\thttp://z.example/z\nhttp://s.example/\thttp://s.example/\thttp://s.example/s\n',
  );
  assert.is(
    r.err,
    `urikit: http://l.example/: its ${block} bytes are more than --max-record-size (1000): left out\n` +
      'urikit: http://z.example/: its content decodes to more than 1000 bytes (--max-record-size): the links of the first 1000 were read, the rest left out\n' +
      'urikit: 3 links in 3 pages; by scheme: (relative) 3; 2 WARC records left out or cut (reported above)\n',
  );
});

test("links on the bundled samples: the README's examples", async () => {
  const sample = new URL('../../../test/fixtures/sample/', import.meta.url).pathname;
  const page = await cli(['links', '--base', 'https://example.com/index.html', `${sample}page.html`]);
  assert.is(page.out.split('\n').length - 1, 11);
  assert.ok(
    page.out.startsWith(
      `${sample}page.html\thttps://example.com/docs/\thttps://example.com/docs/style.css\n${sample}page.html\thttps://example.com/docs/\thttps://example.com/docs/index.html\n`,
    ),
  );
  assert.is(page.err, 'urikit: 11 links in 1 page; by scheme: (relative) 8, https 1, javascript 1, mailto 1\n');
  const warc = await cli(['links', `${sample}pages.warc.gz`]);
  const post = 'https://example.com/blog/2026/post.html';
  const search = 'https://example.com/search/results/x';
  assert.is(
    warc.out,
    [
      `${post}\t${post}\thttps://example.com/blog/`,
      `${post}\t${post}\thttps://example.com/about`,
      `${post}\t${post}\thttps://cdn.example.net/p.jpg`,
      `https://example.com/search?q=x\t${search}\thttps://example.com/search/results/page2`,
      '',
    ].join('\n'),
  );
  assert.is(warc.err, 'urikit: 4 links in 2 pages; by scheme: (relative) 4; 1 WARC record not HTML\n');
});

test.run();

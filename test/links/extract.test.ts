/**
 * `urikit/links` as a library: `extractLinks` over text, bytes and streams; the base of a page as
 * HTML sets it; namespaces, templates and the elements whose content is text, as the tree
 * builder decides them; links held until the document's first `<base href>`, wherever it is.
 */
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_DEPTH } from '../../src/links/tree.js';
import { extractLinks, type Link, LinkExtractor } from '../../src/links.js';

/** The bytes of `s`, each character one byte. */
const bytes = (s: string): Buffer => Buffer.from(s, 'latin1');

/** The links of `input` as "line element.attribute link → resolved" (or the error's code). */
async function links(
  input: Parameters<typeof extractLinks>[0],
  options: Parameters<typeof extractLinks>[1] = { base: 'http://h/' },
): Promise<string[]> {
  const out: string[] = [];
  for await (const l of extractLinks(input, options))
    out.push(`${l.line} ${l.element}.${l.attribute} ${l.link} → ${l.resolved ?? l.error!.code}`);
  return out;
}

test('extractLinks: text, bytes, a Node stream and a web stream give the same links, lazily', async () => {
  const html = '<base href="/docs/">\n<a href="intro.html">i</a>\n<img srcset="a.png 1x, b.png 2x">';
  const want = [
    '2 a.href intro.html → http://h/docs/intro.html',
    '3 img.srcset a.png → http://h/docs/a.png',
    '3 img.srcset b.png → http://h/docs/b.png',
  ];
  assert.equal(await links(html), want);
  assert.equal(await links(Buffer.from(html)), want);
  assert.equal(await links(Readable.from([Buffer.from(html.slice(0, 7)), Buffer.from(html.slice(7))])), want);
  assert.equal(await links(new Blob([html]).stream() as unknown as AsyncIterable<Uint8Array>), want);
  assert.equal(await links([html.slice(0, 30), html.slice(30)]), want);
  // The README's example.
  const first = await extractLinks('<base href="/docs/"><a href="intro.html">', { base: 'https://example.com/' })
    [Symbol.asyncIterator]()
    .next();
  assert.is((first.value as Link).resolved, 'https://example.com/docs/intro.html');
});

test('extractLinks: what is known of the document', async () => {
  const l = extractLinks(Buffer.from('<meta charset="koi8-r"><base href="javascript:x"><a href="\xC1">', 'latin1'), { base: 'http://h/' });
  const all: Link[] = [];
  for await (const x of l) all.push(x);
  // C1 is "а" (U+0430) in KOI8-R: D0 B0 in UTF-8.
  assert.is(all[0]!.resolved, 'http://h/%D0%B0');
  assert.equal(l.document, {
    encoding: 'koi8-r',
    encodingSource: 'meta',
    notUtf8At: null,
    base: 'http://h/',
    decodeErrors: 0,
    notes: ['1: <base href> "javascript:x" passed over: a javascript: URL is no base (HTML)'],
  });
  // Text given whole: its queries in the encoding named, else UTF-8.
  const t = extractLinks('<a href="?é">', { base: 'http://h/', contentType: 'text/html; charset=windows-1252' });
  for await (const x of t) assert.is(x.resolved, 'http://h/?%E9');
  assert.equal([t.document.encoding, t.document.encodingSource], ['windows-1252', 'content-type']);
  const u = extractLinks('<a href="?é">', { base: 'http://h/' });
  for await (const x of u) assert.is(x.resolved, 'http://h/?%C3%A9');
  assert.equal([u.document.encoding, u.document.encodingSource], ['utf-8', 'text']);
});

test('the base: the first <base href> (a bad one passed over), Content-Location, the retrieval URL', async () => {
  assert.equal(await links('<base href="http://[x"><base href="http://second/"><a href=a>', { base: 'http://h/p' }), [
    '1 a.href a → http://h/a',
  ]);
  assert.equal(await links('<a href=a>', { base: 'http://h/p', contentLocation: '/moved/' }), ['1 a.href a → http://h/moved/a']);
  assert.equal(await links('<base href="sub/#f"><a href=a>', { contentLocation: 'http://c/d/', base: 'http://h/' }), [
    '1 a.href a → http://c/d/sub/a',
  ]);
  // A relative <base> with nothing to resolve it against gives none.
  const l = extractLinks('<base href="sub/"><a href=a><a href="http://abs/">', {});
  const got: string[] = [];
  for await (const x of l) got.push(x.resolved ?? x.error!.code);
  assert.equal(got, ['RELATIVE_BASE', 'http://abs/']);
  assert.equal(l.document.notes, ['1: <base href> "sub/" passed over: it is relative and the document has no URL to resolve it against']);
  // A data: base too is passed over.
  assert.equal(await links('<base href="data:text/html,x"><a href=a>'), ['1 a.href a → http://h/a']);
});

test('every link is resolved against the first <base href>, wherever it is: in the head, after text, deep in the body', async () => {
  assert.equal(await links('<head><link href=s.css><script src=j.js></script><base href=/b/></head><a href=x>'), [
    '1 link.href s.css → http://h/b/s.css',
    '1 script.src j.js → http://h/b/j.js',
    '1 a.href x → http://h/b/x',
  ]);
  // Text in the body, and thousands of links, before the <base>: it is still the document's base.
  const late = extractLinks('<link href=1>text<link href=2><base href=/b/><link href=3>', { base: 'http://h/' });
  const got: string[] = [];
  for await (const l of late) got.push(`${l.base} ${l.resolved}`);
  assert.equal(got, ['http://h/b/ http://h/b/1', 'http://h/b/ http://h/b/2', 'http://h/b/ http://h/b/3']);
  assert.equal(late.document.notes, []);
  let body = '<body><p>';
  for (let i = 0; i < 3000; i++) body += `<a href=${i}>`;
  const deep = await links(`${body}<div><base href=/b/></div><a href=last>`);
  assert.is(deep.length, 3001);
  assert.is(deep[0], '1 a.href 0 → http://h/b/0');
  assert.is(deep[3000], '1 a.href last → http://h/b/last');
  // Only the first <base href> counts: a <base> without href is none, a second one is nothing.
  assert.equal(await links('<a href=x><base target=_top><base href=/1/><base href=/2/><a href=y>'), [
    '1 a.href x → http://h/1/x',
    '1 a.href y → http://h/1/y',
  ]);
  // The first one passed over (a javascript: URL) leaves the retrieval URI as the base, a later one notwithstanding.
  assert.equal(await links('<a href=x><base href="javascript:0"><base href=/2/>'), ['1 a.href x → http://h/x']);
  // Whitespace, comments and a <template>'s content before it: the same.
  assert.equal(await links('<link href=1> \n<!-- c --><template><p>t</p><a href=t></template><base href=/b/>'), [
    '1 link.href 1 → http://h/b/1',
    '2 a.href t → http://h/b/t',
  ]);
});

test('LinkExtractor gives links out as soon as the base is known: at the first <base href>, else at the end', async () => {
  const got: string[] = [];
  const x = await LinkExtractor.create({ base: 'http://h/' }, (l) => got.push(l.resolved!));
  x.write('<a href=1><p>text<a href=2>');
  assert.equal(got, []);
  assert.is(x.document.base, null);
  x.write('<base href=/b/>');
  assert.equal(got, ['http://h/b/1', 'http://h/b/2']);
  assert.is(x.document.base, 'http://h/b/');
  x.write('<a href=3>');
  assert.equal(got, ['http://h/b/1', 'http://h/b/2', 'http://h/b/3']);
  x.end();
  const none: string[] = [];
  const y = await LinkExtractor.create({ base: 'http://h/' }, (l) => none.push(l.resolved!));
  y.write('<a href=1>');
  assert.equal(none, []);
  y.end();
  assert.equal(none, ['http://h/1']);
  assert.is(y.document.base, 'http://h/');
});

test('namespaces: SVG and MathML content, integration points, breakout elements, as the tree builder decides them', async () => {
  const cases: Array<[string, string[]]> = [
    // An HTML <a> inside an SVG <title> (an integration point) stays open: </title> is ignored
    // there (the SVG title is special), so the <textarea> after it is HTML, its content text.
    ['<svg><title><a href=1></title><textarea><a href=no></textarea><a href=2></svg>', ['1', '2']],
    // <desc> is an integration point (its <style> is RAWTEXT); a <style> in SVG holds markup.
    ['<svg><desc><style><a href=no></style></desc></svg><svg><style><a href=3></style></svg>', ['3']],
    // <mi> is a MathML text integration point: a <textarea> there is HTML. <mglyph> is not: its
    // <style> is MathML, so the <img> in it is markup (and breaks out to HTML).
    ['<math><mi><textarea><a href=no></textarea></mi><mtext><mglyph><style><img src=4></style></mglyph></mtext></math>', ['4']],
    // <annotation-xml encoding="text/html"> (any case) is an integration point; without it is not.
    ['<math><annotation-xml encoding="Text/HTML"><title><img src=no></title></annotation-xml></math>', []],
    ['<math><annotation-xml><title><img src=5></title></annotation-xml></math>', ['5']],
    // <svg> in <annotation-xml> is SVG, and its <title> an integration point.
    ['<math><annotation-xml><svg><title><a href=6></title></svg></annotation-xml></math>', ['6']],
    // <p>, and <font> with color, face or size, break out of SVG; a bare <font> does not.
    ['<svg><p><title><a href=no></title><svg><font color=red><title><a href=no></title><svg><font><title><a href=7></title></svg>', ['7']],
    // A self-closing element is not opened; </div> closes the <svg> inside the <div>.
    ['<svg><g/><title><a href=8></title></svg>', ['8']],
    ['<div><svg><g></div><title><a href=no></title>', []],
    // <img> breaks out; </br> leaves SVG (and is read as <br>).
    ['<svg><img src=9><title><a href=no></title>', ['9']],
    ['<svg></br><title><a href=no></title>', []],
    // SVG end tags match in any case.
    ['<svg><g></G><TITLE><a href=10></title></svg>', ['10']],
    // A CDATA section in SVG is text to its first "]]>": "]" and "]]" inside it, then "]]]>", end nothing.
    ['<svg><![CDATA[a]b]]c]]]<a href=no>]]]><title><a href=11></title></svg>', ['11']],
  ];
  for (const [html, want] of cases) {
    const got = (await links(html)).map((l) => l.split(' ')[2]!);
    assert.equal(got, want, html);
  }
});

test('end tags close what the tree builder closes: in scope, past special elements, templates', async () => {
  const html = [
    // </template> closes the template; the <base> after it is the document's.
    '<template><svg></template><base href=/b/><title><a href=no></title><a href=1>',
    // An end tag of no open element changes nothing: the <svg> stays open.
    '<svg></span><title><a href=2></title></svg>',
    // </div> is not in scope past a <table>; </p> closes the <svg> inside its <p>.
    '<div><table><svg></div><title><a href=3></title></svg></table></div><p><svg></p><title><a href=no></title>',
    // A formatting element's end tag closes what is above it unless a special element is.
    '<b><svg></b><title><a href=no></title><i><div><svg></i><title><a href=4></title></svg></div>',
    // Headings close any heading in scope; </body> and </html> close nothing.
    '<h1><svg></h2><title><a href=no></title></body></html><svg><title><a href=5></title>',
  ].join('\n');
  assert.equal(await links(html, { base: 'http://h/p' }), [
    '1 a.href 1 → http://h/b/1',
    '2 a.href 2 → http://h/b/2',
    '3 a.href 3 → http://h/b/3',
    '4 a.href 4 → http://h/b/4',
    '5 a.href 5 → http://h/b/5',
  ]);
});

test('meta refresh: only the first refresh of the document counts; none in a <template>', async () => {
  assert.equal(
    await links(
      '<template><meta http-equiv=refresh content="0; url=t"></template><meta http-equiv=REFRESH content="5"><meta http-equiv=refresh content="0; url=b">',
    ),
    [],
  );
  assert.equal(await links('<meta http-equiv=" refresh" content="0; url=a"><meta content="0; url=b" http-equiv=Refresh>'), [
    '1 meta.content b → http://h/b',
  ]);
});

test('meta refresh: its URL as the URL parser reads it, trimmed, with no warning for the spaces around it', async () => {
  const got: Array<[string, string | null, readonly string[]]> = [];
  for await (const l of extractLinks('<meta http-equiv=refresh content="3; URL= ../x ">', { base: 'http://h/a/b' }))
    got.push([l.link, l.resolved, l.warnings]);
  assert.equal(got, [['../x', 'http://h/x', []]]);
});

test('attributes: the first of a name counts; a value too long is an error; lines as the tag starts them', async () => {
  // The input stream's CR and CR LF are LF in a value; a URL parser drops them.
  assert.equal(await links('<a href="a\r\nb\rc">'), ['1 a.href a\nb\nc → http://h/abc']);
  assert.equal(await links('<a\nhref=1 HREF=2>\n<img src=a SRC=b srcset="c 1x" srcset="d 1x">'), [
    '1 a.href 1 → http://h/1',
    '3 img.src a → http://h/a',
    '3 img.srcset c → http://h/c',
  ]);
  const long = extractLinks(`<a href="${'x'.repeat(100)}"><a href=ok>`, { base: 'http://h/', maxLinkLength: 50 });
  const got: string[] = [];
  for await (const l of long) got.push(l.error === null ? l.resolved! : `${l.error.code}: ${l.error.message}`);
  assert.equal(got, ['LINK_TOO_LONG: The href of <a> is longer than 50 characters: left out', 'http://h/ok']);
});

test('extractLinks: links and the <base href> as the URL Standard reads them by default, as RFC 3986 does with grammar rfc3986', async () => {
  const page = '<base href="http:\\\\B.example\\d\\"><a href="x\\y"><a href="http://0x7f.1/"><a href="http:z"><a href="http://a b/">';
  assert.equal(await links(page), [
    '1 a.href x\\y → http://b.example/d/x/y',
    '1 a.href http://0x7f.1/ → http://127.0.0.1/',
    '1 a.href http:z → http://b.example/d/z',
    '1 a.href http://a b/ → INVALID_HOST',
  ]);
  assert.equal(await links(page, { base: 'http://h/', grammar: 'web' }), await links(page));
  // RFC 3986: the base has no authority ("\\" is no "//"), and "x\y" is a relative path against it;
  // what RFC 3986 does not allow comes out percent-encoded ("\\" as %5C, a space as %20).
  assert.equal(await links(page, { base: 'http://h/', grammar: 'rfc3986' }), [
    '1 a.href x\\y → http:x%5Cy',
    '1 a.href http://0x7f.1/ → http://0x7f.1/',
    '1 a.href http:z → http:z',
    '1 a.href http://a b/ → http://a%20b/',
  ]);
  // A windows-1252 page: "?q=é" is "%E9" in both readings.
  const latin = Buffer.from('<a href="/\xe9?q=\xe9">', 'latin1');
  for (const grammar of ['web', 'rfc3986'] as const)
    assert.equal(await links(latin, { base: 'http://h/', grammar }), ['1 a.href /é?q=é → http://h/%C3%A9?q=%E9']);
});

test('extractLinks (web): the retrieval URI is read as the URL Standard reads it; one it refuses resolves no relative link', async () => {
  const read = extractLinks('<a href="x">', { base: 'HTTP://0x7f.1/a b/c?é' });
  const got: string[] = [];
  for await (const l of read) got.push(l.resolved!);
  assert.equal(got, ['http://127.0.0.1/a%20b/x']);
  // Text given whole: its queries in UTF-8.
  assert.is(read.document.base, 'http://127.0.0.1/a%20b/c?%C3%A9');
  const refused = extractLinks('<a href="x"><a href="http://ok.example/">', { base: 'http://1.2.3.4.5/' });
  const out: string[] = [];
  for await (const l of refused) out.push(l.resolved ?? `${l.error!.code} ${l.error!.index} ${l.error!.message}`);
  assert.equal(out, [
    'INVALID_HOST 15 Invalid base URL: Invalid host: \'5\' at index 15 in "http://1.2.3.4.5/" (URL Standard: IPv4-too-many-parts: ' +
      'the host ends in a number, so it must be an IPv4 address, and this has more than four parts)',
    'http://ok.example/',
  ]);
  assert.is(refused.document.base, null);
});

test('deep nesting: namespaces are followed down to MAX_DEPTH, and every tag is read past it', async () => {
  const deep = (n: number) => `${'<div>'.repeat(n)}<svg><title><a href=1></title></svg>${'</div>'.repeat(n)}<a href=2>`;
  // At the last place kept, the <svg>: its <title> is past it, so the <a> is SVG's.
  assert.equal(await links(deep(MAX_DEPTH - 1)), ['1 svg:a.href 1 → http://h/1', '1 a.href 2 → http://h/2']);
  // Past it, the <svg> is not followed: its <title> reads as HTML's (RCDATA).
  assert.equal(await links(deep(MAX_DEPTH + 10)), ['1 a.href 2 → http://h/2']);
});

test('LinkExtractor: the push interface, and its misuse', async () => {
  const got: string[] = [];
  const x = await LinkExtractor.create({ base: 'http://h/' }, (l) => got.push(l.resolved!));
  x.write(Buffer.from('<a href=1>'));
  x.end();
  x.end();
  assert.equal(got, ['http://h/1']);
  assert.throws(() => x.write('x'), /write after end/);
  const bytesThenText = new LinkExtractor({}, () => {});
  bytesThenText.write(Buffer.from('<a'));
  assert.throws(() => bytesThenText.write('<a>'), /text after bytes/);
  const textThenBytes = new LinkExtractor({}, () => {});
  textThenBytes.write('<a');
  assert.throws(() => textThenBytes.write(Buffer.from('<a>')), /bytes after text/);
  assert.throws(() => new LinkExtractor({ encoding: 'klingon' }, () => {}), /encoding "klingon" is not an encoding label/);
  assert.throws(() => new LinkExtractor({ grammar: 'whatwg' as 'rfc3986' }, () => {}), /unknown grammar "whatwg"/);
});

test("source: 'file': a file that names no encoding is UTF-8 when all its bytes are (beyond ASCII), else the default", async () => {
  /** The resolved links, encoding, its source and notUtf8At of `bytes` given in chunks of `chunk` bytes. */
  const read = async (bytes: Buffer, options: Parameters<typeof extractLinks>[1] = {}, chunk = 1 << 16) => {
    const pieces: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
    const l = extractLinks(pieces, { base: 'http://h/', source: 'file', ...options });
    const out: string[] = [];
    for await (const x of l) out.push(x.resolved!);
    const d = l.document;
    return [out, d.encoding, d.encodingSource, d.notUtf8At];
  };
  const cafe = bytes('<a href="caf\xc3\xa9.html?q=\xc3\xa9">');
  assert.equal(await read(cafe), [['http://h/caf%C3%A9.html?q=%C3%A9'], 'utf-8', 'file', -1]);
  // Cut anywhere, even inside a sequence; the same.
  assert.equal(await read(cafe, {}, 1), [['http://h/caf%C3%A9.html?q=%C3%A9'], 'utf-8', 'file', -1]);
  // From the network (no hint), the same bytes are windows-1252.
  assert.equal(await read(cafe, { source: null }), [['http://h/caf%C3%83%C2%A9.html?q=%C3%A9'], 'windows-1252', 'default', null]);
  // One byte that is not UTF-8, however far in: the default, and where the bytes broke.
  const far = bytes(`<a href="caf\xc3\xa9.html"><!--${'x'.repeat(100_000)}--><p>caf\xe9 <a href="?q=\xe9">`);
  assert.equal(await read(far), [['http://h/caf%C3%83%C2%A9.html', 'http://h/?q=%E9'], 'windows-1252', 'default', 100_034]);
  assert.equal((await read(far, { defaultEncoding: 'iso-8859-2' }))[1], 'iso-8859-2');
  // Past the first 1024 bytes (no prescan reaches it): still UTF-8.
  assert.equal(await read(bytes(`<!--${'x'.repeat(3000)}--><a href="\xc3\xa9">`)), [['http://h/%C3%A9'], 'utf-8', 'file', -1]);
  // All ASCII: nothing tells UTF-8 from windows-1252, the default holds (a query's &eacute; is %E9, as browsers send it).
  assert.equal(await read(bytes('<a href="?q=&eacute;">')), [['http://h/?q=%E9'], 'windows-1252', 'default', -1]);
  // A sequence cut by the end of the file is not UTF-8.
  assert.equal((await read(bytes('<a href="\xc3\xa9">\xe2\x82')))[2], 'default');
  // What the page or the user names comes first: a <meta charset>, --encoding, a byte order mark, a Content-Type.
  assert.equal(await read(bytes('<meta charset=windows-1252><a href="\xc3\xa9">')), [
    ['http://h/%C3%83%C2%A9'],
    'windows-1252',
    'meta',
    null,
  ]);
  assert.equal((await read(cafe, { encoding: 'windows-1252' })).slice(1), ['windows-1252', 'override', null]);
  assert.equal((await read(bytes(`\xef\xbb\xbf<a href="\xe9">`))).slice(1), ['utf-8', 'bom', null]);
  assert.equal((await read(cafe, { contentType: 'text/html; charset=iso-8859-2' })).slice(1), ['iso-8859-2', 'content-type', null]);
  // An empty file.
  assert.equal(await read(Buffer.alloc(0)), [[], 'windows-1252', 'default', -1]);
});

test('SVG, MathML and obsolete URL attributes; what the tree builder drops is no link; an empty action is the document URL', async () => {
  const page = `<html manifest=app.appcache><base href="/b/"><body background=bg.png>
<svg><a href=s1><text>x</text></a><a xlink:href=s2 /><a href=s3a xlink:href=s3b /><image href=s4 /><image xlink:href=s5 /><use href=s6 /><use xlink:href=s7 /><script href=s8></script><script xlink:href=s9></script><feImage href=s10 /><g href=no xlink:href=no /></svg>
<table background=t.png><thead background=thead.png><tr background=tr.png><th background=th.png>h<td background=td.png>d</table>
<img lowsrc=low.png longdesc=desc.html src=i.png><iframe longdesc=ifdesc.html></iframe>
<math href=m1><mi href=m2 xlink:href=no>x</mi><mrow xlink:href=m3></mrow></math><p xlink:href=no>
<select><a href=sel>x</a><option>o</select>
<form action=f1><form action=f2></form><button formaction="">b</button></form><form action=""></form>
<frame src=fr><a href="">`;
  assert.equal(await links(page, { base: 'http://h/d/p.html#top' }), [
    '1 html.manifest app.appcache → http://h/b/app.appcache',
    '1 body.background bg.png → http://h/b/bg.png',
    '2 svg:a.href s1 → http://h/b/s1',
    '2 svg:a.xlink:href s2 → http://h/b/s2',
    '2 svg:a.href s3a → http://h/b/s3a',
    '2 svg:image.href s4 → http://h/b/s4',
    '2 svg:image.xlink:href s5 → http://h/b/s5',
    '2 svg:use.href s6 → http://h/b/s6',
    '2 svg:use.xlink:href s7 → http://h/b/s7',
    '2 svg:script.href s8 → http://h/b/s8',
    '2 svg:script.xlink:href s9 → http://h/b/s9',
    '2 svg:feImage.href s10 → http://h/b/s10',
    '3 table.background t.png → http://h/b/t.png',
    '3 thead.background thead.png → http://h/b/thead.png',
    '3 tr.background tr.png → http://h/b/tr.png',
    '3 th.background th.png → http://h/b/th.png',
    '3 td.background td.png → http://h/b/td.png',
    '4 img.src i.png → http://h/b/i.png',
    '4 img.lowsrc low.png → http://h/b/low.png',
    '4 img.longdesc desc.html → http://h/b/desc.html',
    '4 iframe.longdesc ifdesc.html → http://h/b/ifdesc.html',
    '5 math:math.href m1 → http://h/b/m1',
    '5 math:mi.href m2 → http://h/b/m2',
    '5 math:mrow.xlink:href m3 → http://h/b/m3',
    // The relaxed <select> parser (HTML, 2025) keeps an <a> in a <select>.
    '6 a.href sel → http://h/b/sel',
    // The nested <form> is ignored; an empty action or formaction is the document's URL.
    '7 form.action f1 → http://h/b/f1',
    '7 button.formaction  → http://h/d/p.html#top',
    '7 form.action  → http://h/d/p.html#top',
    // The <frame> outside a <frameset> is ignored; an empty href is the base.
    '8 a.href  → http://h/b/',
  ]);
  // A <frame> in a <frameset>; a <form> after </form>; nested forms in a <template> are kept.
  assert.equal(await links('<frameset><frame src=f longdesc=d></frameset>'), [
    '1 frame.src f → http://h/f',
    '1 frame.longdesc d → http://h/d',
  ]);
  assert.equal(await links('<form action=1></form><form action=2><template><form action=3><form action=4></form></form></template>'), [
    '1 form.action 1 → http://h/1',
    '1 form.action 2 → http://h/2',
    '1 form.action 3 → http://h/3',
    '1 form.action 4 → http://h/4',
  ]);
  // The form element pointer stays set when its form is closed by another end tag: a later <form> is ignored.
  assert.equal(await links('<div><form action=1></div><form action=2>'), ['1 form.action 1 → http://h/1']);
});

test.run();

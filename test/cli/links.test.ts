// The HTML side of `urikit links`: srcset candidates, meta refresh URLs, trimming, and the links
// and base of a document given in chunks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HtmlLinks, refreshUrl, srcsetUrls, trimUrl } from '../../src/cli/links/html.js';

test('srcset: candidates by the HTML algorithm', () => {
  assert.equal(srcsetUrls('a.png 1x, b.png 2x'), ['a.png', 'b.png']);
  // A URL is a run of non-whitespace: commas inside it are its own.
  assert.equal(srcsetUrls('  a.png  ,b.png,,c.png'), ['a.png', 'b.png,,c.png']);
  assert.equal(srcsetUrls('a.png,, b.png'), ['a.png', 'b.png']);
  // A comma inside a URL stays; commas that end a URL separate.
  assert.equal(srcsetUrls('b,c.png 2x,d.png'), ['b,c.png', 'd.png']);
  assert.equal(srcsetUrls('x.png 100w (max-width: 1px, 2px), y.png'), ['x.png', 'y.png']);
  assert.equal(srcsetUrls(''), []);
  assert.equal(srcsetUrls(' , ,'), []);
  assert.equal(srcsetUrls('data:image/png;base64,AAAA 1x'), ['data:image/png;base64,AAAA']);
});

test('meta refresh: the URL after the time', () => {
  assert.is(refreshUrl('5; URL=/next'), '/next');
  assert.is(refreshUrl('0;url=http://a/b'), 'http://a/b');
  assert.is(refreshUrl(`5; URL='../next?x=1'`), '../next?x=1');
  assert.is(refreshUrl('1, url = "q.html" trailing'), 'q.html');
  assert.is(refreshUrl('3.5;  other.html '), 'other.html');
  assert.is(refreshUrl('5'), null);
  assert.is(refreshUrl('5;'), null);
  assert.is(refreshUrl('soon; url=/x'), null);
  assert.is(refreshUrl('5 x'), null);
  assert.is(refreshUrl(`0; url='unclosed`), 'unclosed');
});

test('trimUrl: HTML ASCII whitespace at both ends only', () => {
  assert.is(trimUrl(' \t\n\f\r/a b\n'), '/a b');
  assert.is(trimUrl('/a'), '/a');
  assert.is(trimUrl('\u00a0/a'), '\u00a0/a');
  assert.is(trimUrl('  '), '');
});

test('a document in chunks cut anywhere: links, lines and the first <base href>', () => {
  const html = `<html>\n<head><base href=" http://b/x/ ">\n<BASE HREF="http://second/">\n</head>\n<body>\n<a\nhref="a.html">a</a><IMG SRC=i.png>\n<meta http-equiv=" REFRESH " content="0;url=r">\n<meta http-equiv="content-type" content="0;url=not-a-link">\n<unknown href="u"><a name="no-href">\n<form action=f><object data=o>\n</body></html>`;
  for (const size of [1, 3, 7, 1000]) {
    const doc = new HtmlLinks();
    const bytes = Buffer.from(html);
    for (let i = 0; i < bytes.length; i += size) doc.write(bytes.subarray(i, i + size));
    doc.end();
    assert.is(doc.base, 'http://b/x/');
    assert.is(doc.baseLine, 2);
    assert.equal(
      doc.links.map((l) => `${l.line} ${l.element} ${l.attribute} ${l.link}`),
      ['6 a href a.html', '7 img src i.png', '8 meta content r', '11 form action f', '11 object data o'],
      `chunks of ${size}`,
    );
  }
});

test('UTF-8 split across chunks, and text chunks', () => {
  const doc = new HtmlLinks();
  const bytes = Buffer.from('<a href="/ü">');
  doc.write(bytes.subarray(0, 11));
  doc.write(bytes.subarray(11));
  doc.write('<a href="/ß">');
  doc.end();
  assert.equal(
    doc.links.map((l) => l.link),
    ['/ü', '/ß'],
  );
});

test.run();

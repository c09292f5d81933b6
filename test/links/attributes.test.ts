// The URL attributes of HTML: srcset candidates, meta refresh URLs (HTML's shared declarative
// refresh steps, against the web-platform-tests cases), trimming.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { refreshUrl, srcsetUrls, trimUrl } from '../../src/links/attributes.js';
import { urlInput } from '../../src/links/resolve.js';
import { root } from '../support/paths.js';

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
  // The URL is trimmed of ASCII whitespace, as the URL parser reads it (and every URL attribute is).
  assert.is(refreshUrl('3.5;  other.html '), 'other.html');
  assert.is(refreshUrl('3; URL= ../x \n'), '../x');
  assert.is(refreshUrl('3; URL=" ../y "'), '../y');
  // Whitespace alone separates the time from the URL too.
  assert.is(refreshUrl('5 url=next.html'), 'next.html');
  assert.is(refreshUrl('5 x'), 'x');
  assert.is(refreshUrl('5'), null);
  assert.is(refreshUrl('5;'), null);
  assert.is(refreshUrl('soon; url=/x'), null);
  assert.is(refreshUrl(`0; url='unclosed`), 'unclosed');
  assert.is(refreshUrl('0; url="a" b'), 'a');
  assert.is(refreshUrl('0; URL = b'), 'b');
  assert.is(refreshUrl('0; u'), 'u');
  assert.is(refreshUrl('0; url='), '');
});

test('meta refresh: every web-platform-tests parsing case', () => {
  const cases = JSON.parse(readFileSync(join(root, 'test/fixtures/wpt/meta-refresh-parsing.json'), 'utf8')) as Array<{
    input: string;
    expected: [] | [number, string];
  }>;
  assert.is(cases.length, 69);
  for (const c of cases) {
    const url = refreshUrl(c.input);
    // [] is no refresh, [time, 'refresh.sub.html'] a refresh of the page itself: neither is a link.
    const expected = c.expected.length === 0 || c.expected[1] === 'refresh.sub.html' ? null : c.expected[1];
    assert.is(url === null ? null : urlInput(url).input, expected, JSON.stringify(c.input));
  }
});

test('trimUrl: HTML ASCII whitespace at both ends only', () => {
  assert.is(trimUrl(' \t\n\f\r/a b\n'), '/a b');
  assert.is(trimUrl('/a'), '/a');
  assert.is(trimUrl('\u00a0/a'), '\u00a0/a');
  assert.is(trimUrl('  '), '');
});

test.run();

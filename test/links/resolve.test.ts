/**
 * A link resolved as a browser loads it: the URL Standard's preprocessing (controls and spaces
 * stripped at the ends, tabs and newlines removed), RFC 3986 resolution, and the URL Standard's
 * percent-encoding of each component, the query in the document's encoding. The expected URLs are
 * written from the standards (the Encoding Standard's indexes, the URL Standard's sets).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPackages } from '../../src/links/packages.js';
import { encodeAsBrowsers, resolveLink, schemeOf, urlInput } from '../../src/links/resolve.js';
import { UriError } from '../../src/syntax/errors.js';

const packages = await loadPackages();
const NO_BASE = new UriError('RELATIVE_BASE', 0, '', 'no base');

test('the URL parser input: C0 controls and spaces stripped at both ends, tabs and newlines removed', () => {
  assert.equal(urlInput('\u0001javascript:alert(1)'), { input: 'javascript:alert(1)', stripped: true });
  assert.equal(urlInput('java\tscr\nipt:x\r'), { input: 'javascript:x', stripped: true });
  assert.equal(urlInput('/a b'), { input: '/a b', stripped: false });
  assert.equal(urlInput(' \u0000 '), { input: '', stripped: true });
  // U+00A0 is no C0 control: it stays.
  assert.equal(urlInput('\u00a0/x'), { input: '\u00a0/x', stripped: false });
  assert.is(schemeOf('JavaScript:x'), 'javascript');
  assert.is(schemeOf('/a:b'), null);
});

test('percent-encoding as the URL Standard: path, userinfo and fragment in UTF-8, the query in the encoding', () => {
  const e = (uri: string, encoding = 'utf-8') => encodeAsBrowsers(uri, encoding, packages);
  // The path percent-encode set: space " # < > ? ` { } and beyond ASCII; "|" and "^" stay.
  assert.is(e('http://h/a b"<>`{}|^é'), 'http://h/a%20b%22%3C%3E%60%7B%7D|^%C3%A9');
  // The special-query set adds "'"; a query of a non-special scheme keeps it.
  assert.is(e('http://h/?a b\'"<>`{}é'), 'http://h/?a%20b%27%22%3C%3E`{}%C3%A9');
  assert.is(e("foo://h/?a'b"), "foo://h/?a'b");
  // The fragment set: space " < > `.
  assert.is(e('http://h/#a b"<>`{}é'), 'http://h/#a%20b%22%3C%3E%60{}%C3%A9');
  assert.is(e('http://ü ser@h/'), 'http://%C3%BC%20ser@h/');
  // An opaque path keeps what only controls and non-ASCII change.
  assert.is(e('javascript:alert("a b")é'), 'javascript:alert("a b")%C3%A9');
  assert.is(e('mailto:a@b?subject=a b'), 'mailto:a@b?subject=a%20b');
  // The host is left as written.
  assert.is(e('http://münchen.de/ü'), 'http://münchen.de/%C3%BC');
  // Nothing to encode: the same string.
  const plain = 'http://h/a?b#c';
  assert.is(e(plain), plain);
});

test('the query in the document encoding: windows-1252, Shift_JIS, EUC-KR, ISO-8859-2; UTF-8 for ws, wss, non-special schemes and UTF-16', () => {
  const e = (uri: string, encoding: string) => encodeAsBrowsers(uri, encoding, packages);
  assert.is(e('http://h/é?é€', 'windows-1252'), 'http://h/%C3%A9?%E9%80');
  // 日本: 93 FA 96 7B ("{" stays in a query).
  assert.is(e('http://h/?日本', 'shift_jis'), 'http://h/?%93%FA%96{');
  // 가: B0 A1.
  assert.is(e('https://h/?가', 'euc-kr'), 'https://h/?%B0%A1');
  assert.is(e('http://h/?ł', 'iso-8859-2'), 'http://h/?%B3');
  assert.is(e('ws://h/?é', 'windows-1252'), 'ws://h/?%C3%A9');
  assert.is(e('foo://h/?é', 'windows-1252'), 'foo://h/?%C3%A9');
  assert.is(e('http://h/?é', 'utf-16le'), 'http://h/?%C3%A9');
  // What the encoding lacks is &#NNN; (decimal), percent-encoded: 中 is U+4E2D, 20013.
  assert.is(e('http://h/?中', 'windows-1252'), 'http://h/?%26%2320013%3B');
  // ISO-2022-JP: the escape sequences are in the bytes too.
  assert.is(e('http://h/?日', 'iso-2022-jp'), 'http://h/?%1B$BF|%1B(B');
});

test('resolveLink: resolved, encoded, with what browsers strip and what the encoding lacks noted', () => {
  const r = (link: string, base: string | null, encoding = 'utf-8') => resolveLink(link, base, NO_BASE, encoding, 'rfc3986', packages);
  assert.equal(r('../x?q=é', 'http://h/a/b', 'windows-1252'), { resolved: 'http://h/x?q=%E9', error: null, warnings: [] });
  assert.equal(r('\u0001javascript:alert(1)', 'http://h/'), {
    resolved: 'javascript:alert(1)',
    error: null,
    warnings: ['CONTROL_STRIPPED'],
  });
  assert.equal(r('?q=中', 'http://h/', 'windows-1252'), { resolved: 'http://h/?q=%26%2320013%3B', error: null, warnings: ['UNENCODABLE'] });
  // A literal %26%23 is not the encoder's.
  assert.equal(r('?q=%26%23', 'http://h/', 'windows-1252'), { resolved: 'http://h/?q=%26%23', error: null, warnings: [] });
  // No base: an absolute link stands (dot segments removed), a relative one fails, its own error first.
  assert.equal(r('HTTP://A/./b/../c', null), { resolved: 'HTTP://A/c', error: null, warnings: [] });
  assert.is(r('/x', null).error, NO_BASE);
  assert.is(r('http://[::1/x', null).error!.code, 'INVALID_CHAR');
  assert.is(r(':x', null).error!.code, 'INVALID_SCHEME');
  assert.is(r('a%zz', 'http://h/').resolved, 'http://h/a%zz');
});

test.run();

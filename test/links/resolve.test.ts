/**
 * A link resolved as a browser loads it: the URL Standard's preprocessing (controls and spaces
 * stripped at the ends, tabs and newlines removed), resolution in a grammar (the URL Standard's
 * parser, or RFC 3986 read leniently), and the URL Standard's percent-encoding of each component,
 * the query in the document's encoding. The expected URLs are written from the standards (the
 * Encoding Standard's indexes, the URL Standard's sets and its parser's states).
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
  // The path percent-encode set: space " # < > ? ^ ` { } (^ since 2025, whatwg/url#846) and beyond ASCII; "|" stays.
  assert.is(e('http://h/a b"<>`{}|^é'), 'http://h/a%20b%22%3C%3E%60%7B%7D|%5E%C3%A9');
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

test('resolveLink (rfc3986): resolved, encoded, with what browsers strip and what the encoding lacks noted', () => {
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
  // A "%" without two hex digits is no "%XX": it stands for itself, "%25".
  assert.is(r('a%zz', 'http://h/').resolved, 'http://h/a%25zz');
});

test('resolveLink (rfc3986): every character RFC 3986 does not allow comes out percent-encoded, in every component', () => {
  const r = (link: string) => resolveLink(link, 'http://h/d/', NO_BASE, 'utf-8', 'rfc3986', packages).resolved;
  // The path: "`" and "^" alike (the URL Standard's path set encodes the one and keeps the other).
  assert.is(r('a`b^c\\d|e[f]g{h}i j"k<l>m'), 'http://h/d/a%60b%5Ec%5Cd%7Ce%5Bf%5Dg%7Bh%7Di%20j%22k%3Cl%3Em');
  // The query and the fragment likewise, and a "#" inside the fragment; a "%" without two hex digits is "%25".
  assert.is(r('?q=^`|\\ %zz[]#f^#g%'), 'http://h/d/?q=%5E%60%7C%5C%20%25zz%5B%5D#f%5E%23g%25');
  // The userinfo and a registered name.
  assert.is(r('http://u^s er@a b^c/'), 'http://u%5Es%20er@a%20b%5Ec/');
  // An IP literal keeps its brackets; a "%XX" stays as written; a URI already strict is unchanged.
  assert.is(r('http://[::1]:8/%41%7e'), 'http://[::1]:8/%41%7e');
  assert.is(r("x://a/b;c=d?e=f&g='h'/?#i/j?k:@!$&'()*+,;="), "x://a/b;c=d?e=f&g='h'/?#i/j?k:@!$&'()*+,;=");
  // The web grammar encodes as browsers do: "|" stays in its path.
  assert.is(resolveLink('a^b|c', 'http://h/d/', NO_BASE, 'utf-8', 'web', packages).resolved, 'http://h/d/a%5Eb|c');
});

/** Each link of `links` resolved against `base` in both grammars: [web, rfc3986], each the URL or the error's code. */
function both(links: readonly string[], base: string | null, encoding = 'utf-8'): Array<[string, string]> {
  const one = (link: string, grammar: 'web' | 'rfc3986') => {
    const r = resolveLink(link, base, NO_BASE, encoding, grammar, packages);
    return r.resolved ?? r.error!.code;
  };
  return links.map((l) => [one(l, 'web'), one(l, 'rfc3986')]);
}

test('resolveLink (web, and rfc3986 beside it): backslashes, tabs and newlines, http:example.com, IPv4 number forms', () => {
  const base = 'http://h.example/d/p';
  assert.equal(
    both(
      [
        // The URL Standard reads "\" as "/" in a special URL; lenient RFC 3986 reads it as a path character (written %5C).
        '\\x\\y',
        '..\\z',
        'http:\\\\evil.example\\a',
        '/\\evil.example/b',
        // Tabs and newlines are removed anywhere, in both readings (the parser's preprocessing).
        'ht\ttp://h2.ex\nample/a\rb',
        'java\nscript:alert(1)',
        // A special scheme that is the base's, without "//", is relative to the URL Standard; another special one takes an authority.
        'http:example.com/x',
        'https:example.com/x',
        'HTTP:/x',
        // IPv4 in the standard's number forms: hexadecimal, octal, fewer parts, one number.
        'http://0x7f.1/',
        'http://0177.0.0.1/',
        'http://127.1/',
        'http://2130706433/',
        'http://0x7F000001./',
        // What the URL Standard refuses is an error, never dropped or changed.
        'http://256.256.256.256/',
        'http://1.2.3.4.5/',
        'http://a b.example/',
        'http://[::1/',
      ],
      base,
    ),
    [
      ['http://h.example/x/y', 'http://h.example/d/%5Cx%5Cy'],
      ['http://h.example/z', 'http://h.example/d/..%5Cz'],
      ['http://evil.example/a', 'http:%5C%5Cevil.example%5Ca'],
      ['http://evil.example/b', 'http://h.example/%5Cevil.example/b'],
      ['http://h2.example/ab', 'http://h2.example/ab'],
      ['javascript:alert(1)', 'javascript:alert(1)'],
      ['http://h.example/d/example.com/x', 'http:example.com/x'],
      ['https://example.com/x', 'https:example.com/x'],
      ['http://h.example/x', 'HTTP:/x'],
      ['http://127.0.0.1/', 'http://0x7f.1/'],
      ['http://127.0.0.1/', 'http://0177.0.0.1/'],
      ['http://127.0.0.1/', 'http://127.1/'],
      ['http://127.0.0.1/', 'http://2130706433/'],
      ['http://127.0.0.1/', 'http://0x7F000001./'],
      ['INVALID_HOST', 'http://256.256.256.256/'],
      ['INVALID_HOST', 'http://1.2.3.4.5/'],
      ['INVALID_HOST', 'http://a%20b.example/'],
      ['UNCLOSED_IP_LITERAL', 'INVALID_CHAR'],
    ],
  );
  // Hosts in A-labels, as browsers send them; RFC 3986 percent-encodes a name's UTF-8 (§3.2.2).
  assert.equal(both(['http://MÜNCHEN.de/ü'], base), [['http://xn--mnchen-3ya.de/%C3%BC', 'http://M%C3%9CNCHEN.de/%C3%BC']]);
});

test('resolveLink (web): the query in the document encoding, as in RFC 3986 reading; the rest in UTF-8', () => {
  const base = 'http://h/d/p?b=%E9';
  assert.equal(
    both(
      ['caf\u00e9?q=\u00e9', '?q=\u00e9#\u00e9?\u00e9', '#a?\u00e9', '#f', '//h2/?\u00e9', 'ws://h/?\u00e9', 'foo://h/?\u00e9'],
      base,
      'windows-1252',
    ),
    [
      ['http://h/d/caf%C3%A9?q=%E9', 'http://h/d/caf%C3%A9?q=%E9'],
      // A "?" in the fragment starts no query.
      ['http://h/d/p?q=%E9#%C3%A9?%C3%A9', 'http://h/d/p?q=%E9#%C3%A9?%C3%A9'],
      ['http://h/d/p?b=%E9#a?%C3%A9', 'http://h/d/p?b=%E9#a?%C3%A9'],
      // The base's query, encoded with the base.
      ['http://h/d/p?b=%E9#f', 'http://h/d/p?b=%E9#f'],
      ['http://h2/?%E9', 'http://h2/?%E9'],
      // ws, wss and schemes that are not special: UTF-8.
      ['ws://h/?%C3%A9', 'ws://h/?%C3%A9'],
      ['foo://h/?%C3%A9', 'foo://h/?%C3%A9'],
    ],
  );
  // Shift_JIS: 日本 is 93 FA 96 7B ("{" stays in a browser's query; RFC 3986 allows it in none).
  assert.equal(both(['?\u65e5\u672c'], 'http://h/', 'shift_jis'), [['http://h/?%93%FA%96{', 'http://h/?%93%FA%96%7B']]);
  const web = (link: string, encoding: string) => resolveLink(link, 'http://h/', NO_BASE, encoding, 'web', packages);
  assert.equal(web('?q=\u4e2d', 'windows-1252'), { resolved: 'http://h/?q=%26%2320013%3B', error: null, warnings: ['UNENCODABLE'] });
  assert.equal(web('?q=%26%23\u00e9', 'windows-1252'), { resolved: 'http://h/?q=%26%23%E9', error: null, warnings: [] });
  assert.equal(web('?q=\u00e9', 'utf-16le'), { resolved: 'http://h/?q=%C3%A9', error: null, warnings: [] });
});

test('resolveLink (web): without a base, an absolute link stands alone and a relative one fails', () => {
  const r = (link: string) => resolveLink(link, null, NO_BASE, 'utf-8', 'web', packages);
  assert.equal(r('HTTP://A/./b/../c'), { resolved: 'http://a/c', error: null, warnings: [] });
  assert.equal(resolveLink('http://a/?\u00e9', null, NO_BASE, 'windows-1252', 'web', packages), {
    resolved: 'http://a/?%E9',
    error: null,
    warnings: [],
  });
  assert.equal(r('\u0001javascript:alert(1)'), { resolved: 'javascript:alert(1)', error: null, warnings: ['CONTROL_STRIPPED'] });
  assert.is(r('/x').error, NO_BASE);
  // ":x" has no scheme to the URL Standard: it is a path, relative.
  assert.is(r(':x').error, NO_BASE);
  const bad = r('http://[::1/x').error!;
  assert.equal([bad.code, bad.index], ['UNCLOSED_IP_LITERAL', 11]);
});

test.run();

/**
 * canonicalize, surt and ssurt at the entry: the examples of the docs, the errors the references
 * raise, and the odd corners of the helpers each profile leans on (Python's int(), its IPv6
 * writer, IDNA 2003's nameprep, Punycode).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeIgnore, fromBytes, pctDecode, toBytes } from '../../src/canon/bytes.js';
import { idna2003Encode } from '../../src/canon/idna2003.js';
import { formatIPv6, isPythonIpAddress, pythonIPv6 } from '../../src/canon/ip.js';
import { parseIPv4, pythonInt } from '../../src/canon/parsed.js';
import { punycodeEncode } from '../../src/canon/punycode.js';
import { CANON_PROFILES, canonicalize, ssurt, surt, UriError } from '../../src/index.js';

function throwsUriError(f: () => unknown, code: string, words: RegExp): void {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof UriError, String(e));
    assert.is((e as UriError).code, code);
    assert.match((e as UriError).message, words);
    return;
  }
  assert.unreachable('no error');
}

test('one example per profile', () => {
  assert.equal(CANON_PROFILES, ['w3lib', 'ia', 'google', 'semantic-precise', 'semantic', 'aggressive', 'whatwg']);
  const url = ' HTTPS://www.Example.com:443/a/./b/../c%7e?b=2&a=1&a=#Frag ';
  const got = Object.fromEntries(CANON_PROFILES.map((p) => [p, canonicalize(url, p)]));
  assert.equal(got, {
    w3lib: 'https://www.example.com:443/a/./b/../c~?a=&a=1&b=2',
    ia: 'HTTPS://example.com/a/c~?a=&a=1&b=2',
    google: 'https://www.example.com/a/c~?b=2&a=1&a=',
    'semantic-precise': 'https://www.example.com/a/c~?a=&a=1&b=2#Frag',
    semantic: 'https://www.example.com/a/c~?a=&a=1&b=2',
    aggressive: 'http://example.com/a/c~?a=&a=1&b=2',
    whatwg: 'https://www.example.com/a/c%7e?b=2&a=1&a=#Frag',
  });
});

test('surt: the options of the surt package, and its special lines', () => {
  const u = 'http://www.archive.org:8080/Goo/?b&a=2';
  assert.is(surt(u), 'org,archive:8080)/goo?a=2&b');
  assert.is(surt(u, { withScheme: true }), 'http://(org,archive:8080)/goo?a=2&b');
  assert.is(surt(u, { trailingComma: true }), 'org,archive:8080,)/goo?a=2&b');
  assert.is(surt(u, { hostMassage: false }), 'org,archive,www:8080)/goo?a=2&b');
  assert.is(surt('http://192.168.1.254/info/', { reverseIpaddr: false }), '192.168.1.254)/info');
  assert.is(surt(''), '-');
  assert.is(surt('filedesc:foo.arc.gz'), 'filedesc:foo.arc.gz');
  assert.is(surt('dns:www.archive.org'), 'dns:www.archive.org');
  assert.is(ssurt('http://user:pass@foo.example.org:81/path?query#frag'), 'org,example,foo,//81:http:/path?query#frag');
  assert.throws(
    () => surt(u, { withSchem: true } as never),
    (e: unknown) =>
      e instanceof TypeError &&
      e.message ===
        'surt: unknown option "withSchem"; the closest known one is "withScheme" (its options: withScheme, trailingComma, hostMassage, reverseIpaddr)',
  );
});

test("the surt package's ColdFusion session id pattern, read without its quadratic backtracking", () => {
  const q = 'cfid=x'.repeat(40_000);
  assert.is(surt(`http://a.com/?${q}&cftoken=1`), `com,a)/?${'cfid=x'.repeat(39_999)}`);
  assert.is(surt('http://a.com/?CFID=1&CFTOKEN=2&b=3&a=4'), 'com,a)/?a=4&b=3');
  assert.is(surt('http://a.com/?a=1&cfid=&cftoken=2'), 'com,a)/?a=1&cfid=&cftoken=2');
  assert.is(surt('http://a.com/?a=1&cfid=1&cftoken='), 'com,a)/?a=1&cfid=1&cftoken=');
  assert.is(surt('http://a.com/?z=1&cfid=1&cftoken=2&y'), 'com,a)/?y&z=1');
});

test('errors where the references raise, naming the reason', () => {
  throwsUriError(() => canonicalize('http://[::1/', 'w3lib'), 'INVALID_HOST', /without its pair/);
  throwsUriError(() => canonicalize('http://x[::1]/', 'w3lib'), 'INVALID_HOST', /before "\["/);
  throwsUriError(() => canonicalize('http://[::1]x/', 'w3lib'), 'INVALID_HOST', /not a port/);
  throwsUriError(() => canonicalize('http://[1.2.3.4]/', 'w3lib'), 'INVALID_HOST', /IPv4 address in brackets/);
  throwsUriError(() => canonicalize('http://[vz]/', 'w3lib'), 'INVALID_HOST', /IPvFuture/);
  throwsUriError(() => canonicalize('http://[nope]/', 'w3lib'), 'INVALID_HOST', /not an IP address/);
  throwsUriError(() => canonicalize('http://a\u2100b/', 'w3lib'), 'INVALID_HOST', /NFKC/);
  throwsUriError(() => canonicalize('http://a/\ud800', 'w3lib'), 'INVALID_CHAR', /lone surrogate at index 9/);
  // w3lib keeps a host it cannot encode as it is, so a lone surrogate there passes, as in Python
  assert.is(canonicalize('http://A\udc00/', 'w3lib'), 'http://a\udc00/');
  throwsUriError(() => surt('http://a/\udc00x'), 'INVALID_CHAR', /lone surrogate at index 9/);
  throwsUriError(() => canonicalize('  ', 'ia'), 'INVALID_SCHEME', /no scheme/);
  throwsUriError(() => surt('http://a:8x/'), 'INVALID_PORT', /not a number/);
  throwsUriError(() => surt('http://a:70000/'), 'INVALID_PORT', /out of range/);
  throwsUriError(() => canonicalize('http://-1.2/', 'whatwg'), 'INVALID_HOST', /negative IPv4/);
  assert.throws(() => canonicalize(42 as unknown as string, 'w3lib'), /canonicalize: url must be a string, got a number/);
  assert.throws(() => canonicalize('http://a/', 'nope' as 'w3lib'), /profile must be one of w3lib, ia, google/);
  assert.throws(() => surt(null as unknown as string), /surt: url must be a string/);
  assert.throws(() => ssurt(undefined as unknown as string), /ssurt: url must be a string/);
});

test('byte strings: UTF-8 in and out, bad UTF-8 loud or dropped as Python does', () => {
  assert.is(toBytes('é', 't'), '\u00c3\u00a9');
  assert.is(fromBytes('\u00c3\u00a9', 't'), 'é');
  throwsUriError(() => fromBytes('a\u00ff', 't'), 'INVALID_UTF8', /not UTF-8 \(from index 1\)/);
  assert.is(decodeIgnore('a\u00e2\u0082A\u00e2\u0082\u00ac\u00ed\u00a0\u0080\u00f4\u0090\u0080\u0080'), 'aA€');
  assert.is(pctDecode('%%41%4'), '%A%4');
  assert.is(pctDecode('%4g%'), '%4g%');
});

test("Python's int() as urlcanon's IPv4 reader uses it", () => {
  assert.is(pythonInt(' 1_0 ', 10), 10);
  assert.is(pythonInt('-7', 10), -7);
  assert.is(pythonInt('0x_ff', 16), 255);
  assert.is(pythonInt('0o17', 8), 15);
  assert.ok(Number.isNaN(pythonInt('1__0', 10)));
  assert.ok(Number.isNaN(pythonInt('8', 8)));
  assert.is(parseIPv4('0x7f.1'), 0x7f000001);
  assert.is(parseIPv4('1.2.3'), 0x01020003);
  assert.is(parseIPv4('.'), 0);
  assert.is(parseIPv4('1.2.3.4.5'), null);
  assert.is(parseIPv4('1.256.3'), null);
  assert.is(parseIPv4('1.2.65536'), null);
  assert.is(parseIPv4('1.16777216'), null);
  assert.is(parseIPv4('1.2.3.256'), null);
  assert.is(parseIPv4('4294967296'), null);
});

test("IPv6 as Python's ipaddress reads and writes it", () => {
  const h = new Uint16Array(8);
  for (const [text, out] of [
    ['::ffff:1.2.3.4', '::ffff:102:304'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['0:0:1::', '0:0:1::'],
    ['::', '::'],
    ['1::1%eth0', '1::1'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
  ] as const) {
    assert.ok(pythonIPv6(text, h), text);
    assert.is(formatIPv6(h), out);
  }
  for (const bad of [
    'fe80::1%',
    '1::2::3',
    ':1::2',
    '1::2:',
    '1:2',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '::12345',
    '::1.2.3',
    '%x',
    '',
    '1:2:3:4:5:6:7::8:9',
    '::01.2.3.4',
  ]) {
    assert.not.ok(pythonIPv6(bad, h), bad);
  }
  assert.is(isPythonIpAddress('1.2.3.4'), 4);
  assert.is(isPythonIpAddress('::1'), 6);
  assert.is(isPythonIpAddress('01.2.3.4'), 0);
});

test("IDNA 2003 as Python's idna codec applies it, and Punycode", () => {
  assert.is(punycodeEncode('münchen'), 'mnchen-3ya');
  assert.is(punycodeEncode('例え'), 'r8jz45g');
  assert.is(punycodeEncode('😀x'), 'x-iv3s');
  assert.is(idna2003Encode(''), '');
  assert.is(idna2003Encode('Faß.de'), 'fass.de');
  assert.is(idna2003Encode('ΣΌΛΟΣ.gr'), 'xn--wxaikc6b.gr');
  assert.is(idna2003Encode('bücher.ch.'), 'xn--bcher-kva.ch.');
  assert.is(idna2003Encode('a\u00adb.ü'), 'ab.xn--tda');
  assert.is(idna2003Encode('a..b'), null);
  assert.is(idna2003Encode(`${'a'.repeat(64)}.b`), null);
  assert.is(idna2003Encode(`b.${'a'.repeat(64)}`), null);
  assert.is(idna2003Encode('ü..b'), null);
  assert.is(idna2003Encode('\ue000.com'), null, 'private use');
  assert.is(idna2003Encode('xn--ü'), null, 'an ACE prefix before non-ASCII');
  assert.is(idna2003Encode('ﬀ.ü'), 'ff.xn--tda', 'NFKC to ASCII');
  assert.is(idna2003Encode(`${'ü'.repeat(60)}.b`), null, 'too long once encoded');
  assert.is(idna2003Encode('אב.com'), 'xn--4dbc.com', 'right to left');
  assert.is(idna2003Encode('אaב.com'), null, 'right to left with a left-to-right letter');
  assert.is(idna2003Encode('א1.com'), null, 'right to left not ending so');
});

test.run();

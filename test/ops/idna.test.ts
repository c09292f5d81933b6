/**
 * IDN hosts: toAsciiHost / toUnicodeHost (UTS #46 through node:url), the guard that keeps the
 * WHATWG IPv4 reading out, percent-encoded UTF-8 hosts, errors with their index, and agreement
 * with Node's URL on generated internationalized hosts.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toAsciiHost, toUnicodeHost, UriError } from '../../src/index.js';
import { throwsUriError } from '../support/assert.js';
import { runs } from '../support/runs.js';

test('three spellings of one host (Unicode, upper case, punycode, percent-encoded UTF-8) have one ASCII form', () => {
  assert.is(toAsciiHost('münchen.de'), 'xn--mnchen-3ya.de');
  assert.is(toAsciiHost('MÜNCHEN.DE'), 'xn--mnchen-3ya.de');
  assert.is(toAsciiHost('xn--mnchen-3ya.de'), 'xn--mnchen-3ya.de');
  assert.is(toAsciiHost('XN--MNCHEN-3YA.DE'), 'xn--mnchen-3ya.de');
  assert.is(toAsciiHost('m%C3%BCnchen.de'), 'xn--mnchen-3ya.de');
  assert.is(toAsciiHost('m%c3%bcnchen.de'), 'xn--mnchen-3ya.de');
});

test('UTS #46 mapping: nontransitional ß and ς, full-width dots and letters, case', () => {
  assert.is(toAsciiHost('faß.de'), 'xn--fa-hia.de');
  // Upper case maps to lower; final sigma stays apart from sigma (nontransitional processing).
  assert.is(toAsciiHost('ΣΊΣΥΦΟΣ.gr'), toAsciiHost('σίσυφοσ.gr'));
  assert.is.not(toAsciiHost('σίσυφος.gr'), toAsciiHost('σίσυφοσ.gr'));
  assert.is(toAsciiHost('σίσυφος.gr'), new URL('http://σίσυφος.gr/').hostname);
  assert.is(toAsciiHost('ａ．ｂ'), 'a.b');
  assert.is(toAsciiHost('www.١٢.com'), 'www.xn--9hbc.com');
  assert.is(toAsciiHost('例え.テスト'), 'xn--r8jz45g.xn--zckzah');
});

test('ASCII hosts: lower case, nothing else; IP addresses and literals unchanged', () => {
  assert.is(toAsciiHost('Example.COM'), 'example.com');
  assert.is(toAsciiHost('example.com'), 'example.com');
  assert.is(toAsciiHost('a_b.c~d'), 'a_b.c~d');

  assert.is(toAsciiHost(''), '');
  assert.is(toAsciiHost('a..b.'), 'a..b.');
  assert.is(toAsciiHost('1.2.3.4'), '1.2.3.4');
  assert.is(toAsciiHost('[::1]'), '[::1]');
  assert.is(toAsciiHost('[FE80::1]'), '[FE80::1]');
  assert.is(toAsciiHost('[v1.X]'), '[v1.X]');
});

test('one rule for %XX in every host: decoded (a host name for DNS holds none), those a host name cannot hold an error', () => {
  assert.is(toAsciiHost('x%41y'), 'xay');
  assert.is(toAsciiHost('x%41y.ü'), 'xay.xn--tda');
  assert.is(toAsciiHost('X%41Y.Example'), 'xay.example');
  assert.is(toAsciiHost('a%2Cb'), 'a,b');
  assert.is(toAsciiHost('a%2Eb'), 'a.b');
  assert.is(toAsciiHost('%31%32%37.0.0.1'), '127.0.0.1');
  assert.is(toAsciiHost('m%C3%BCnchen.de'), 'xn--mnchen-3ya.de');
  for (const [host, index] of [
    ['A%2Fb', 1],
    ['A%2Fb.ü', 1],
    ['a%25b', 1],
    ['a%40b', 1],
  ] as const) {
    throwsUriError(() => toAsciiHost(host), 'INVALID_HOST', index);
  }
  // An A-label spelled with %XX is checked as the A-label it is.
  throwsUriError(() => toAsciiHost('%78n--zz.com'), 'INVALID_HOST', 0);
  assert.is(toAsciiHost('%78n--mnchen-3ya.de'), 'xn--mnchen-3ya.de');
  // toUnicodeHost, the same rule for display: %XX decoded where every label can show it.
  assert.is(toUnicodeHost('x%41y'), 'xay');
  assert.is(toUnicodeHost('x%41y.ü'), 'xay.ü');
  assert.is(toUnicodeHost('A%2Fb'), 'a%2Fb');
});

test('the WHATWG IPv4 reading stays out: a numeric last label is a reg-name label', () => {
  assert.is(toAsciiHost('0x7f.1'), '0x7f.1');
  assert.is(toAsciiHost('１'), '1');
  assert.is(toAsciiHost('ａ.１'), 'a.1');
  assert.is(toAsciiHost('ü.1'), 'xn--tda.1');
  assert.is(toAsciiHost('１２７.０.０.１'), '127.0.0.1');
  assert.is(toUnicodeHost('１'), '1');
});

test('toAsciiHost errors: the label IDNA rejects, a character no host holds, a bad %XX', () => {
  throwsUriError(
    () => toAsciiHost('xn--zz.com'),
    'INVALID_HOST',
    0,
    /the label "xn--zz" at index 0 of "xn--zz\.com" is not a valid internationalized domain name/,
  );
  throwsUriError(() => toAsciiHost('ok.a\u200Db.com'), 'INVALID_HOST', 3, /the label "a\u200Db" at index 3/);
  throwsUriError(() => toAsciiHost('a b'), 'INVALID_CHAR', 1, /Invalid character " " at index 1 in host "a b"/);
  throwsUriError(() => toAsciiHost('ü/x'), 'INVALID_CHAR', 1);
  throwsUriError(() => toAsciiHost('a%zz'), 'INVALID_PERCENT_ENCODING', 1);
  throwsUriError(() => toAsciiHost('%C3.de'), 'INVALID_UTF8', 0);
  // A decoded "/" would end the host for node:url, which would answer for "ü" alone.
  throwsUriError(
    () => toAsciiHost('ü%2F.de'),
    'INVALID_HOST',
    1,
    /%2F at index 1 of "ü%2F\.de" decodes to "\/", which a host name cannot hold/,
  );
  throwsUriError(() => toAsciiHost('255.ａ%2Fb'), 'INVALID_HOST', 5);
  throwsUriError(() => toAsciiHost('ü%3Fx'), 'INVALID_HOST', 1);
  assert.is(toAsciiHost('ü%2Ex'), 'xn--tda.x');
});

test('a label only the whole host breaks gets an error at index 0', () => {
  // Each label is valid alone; together they break no rule Node checks, so this one converts.
  assert.is(toAsciiHost('ü.ü'), 'xn--tda.xn--tda');
});

test('toUnicodeHost: A-labels to U-labels, lower case, bad A-labels kept, UTF-8 %XX decoded', () => {
  assert.is(toUnicodeHost('xn--mnchen-3ya.de'), 'münchen.de');
  assert.is(toUnicodeHost('WWW.xn--fa-hia.DE'), 'www.faß.de');
  assert.is(toUnicodeHost('XN--MNCHEN-3YA.de'), 'münchen.de');
  assert.is(toUnicodeHost('xn--zz.example'), 'xn--zz.example');
  assert.is(toUnicodeHost('XN--ZZ.example'), 'xn--zz.example');
  assert.is(toUnicodeHost('m%C3%BCnchen.de'), 'münchen.de');
  assert.is(toUnicodeHost('MÜNCHEN.de'), 'münchen.de');
  assert.is(toUnicodeHost('a%2Fb.de'), 'a%2Fb.de');
  assert.is(toUnicodeHost('A%FFb.de'), 'a%FFb.de');
  assert.is(toUnicodeHost('example.com'), 'example.com');
  assert.is(toUnicodeHost('[::1]'), '[::1]');
  throwsUriError(() => toUnicodeHost('a b'), 'INVALID_CHAR', 1);
  throwsUriError(() => toUnicodeHost('a%'), 'INVALID_PERCENT_ENCODING', 1);
});

test('toUnicodeHost and toAsciiHost invert each other on valid hosts', () => {
  for (const h of ['münchen.de', 'faß.de', '例え.テスト', 'www.١٢.com', 'xn--mnchen-3ya.de', 'example.org']) {
    assert.is(toAsciiHost(toUnicodeHost(toAsciiHost(h))), toAsciiHost(h));
  }
});

// Generated hosts: labels from ASCII letters and digits, "-", and non-ASCII letters of several
// scripts, upper case, full-width forms and joiners; the last label ends in "q", so that the
// WHATWG parser never reads it as a number (decimal, or 0x and hex digits).
const labelChar = fc.constantFrom(
  ...'abcXYZ019-'.split(''),
  ...'üßçñøÆÜΣςσΑαЖжשאعربي中文日本語한국ａＢ１'.split(''),
  '\u200D',
  '\u0301',
  '😀',
  '%C3%BC',
);
const label = fc.array(labelChar, { minLength: 1, maxLength: 8 }).map((a) => a.join(''));
const host = fc.tuple(fc.array(label, { maxLength: 3 }), label).map(([init, last]) => [...init, `${last}q`].join('.'));

test('toAsciiHost agrees with Node URL hostname on generated internationalized hosts', () => {
  fc.assert(
    fc.property(host, (h) => {
      let expected: string | null;
      try {
        expected = new URL(`http://${h}/`).hostname;
      } catch {
        expected = null;
      }
      let got: string | null;
      try {
        got = toAsciiHost(h);
      } catch (e) {
        assert.instance(e, UriError);
        got = null;
      }
      assert.is(got, expected, h);
      if (got !== null) assert.is(toAsciiHost(toUnicodeHost(got)), got);
    }),
    { seed: 21, numRuns: runs(3000) },
  );
});

test.run();

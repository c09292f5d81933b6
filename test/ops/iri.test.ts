/**
 * IRIs (RFC 3987): iriToUri (§3.1) and uriToIri (§3.2) on the RFC's own examples, what the display
 * form leaves encoded, hosts with the idna option, and the round trip on generated input.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { equivalent, iriToUri, isValid, normalize, parse, UriError, uriToIri } from '../../src/index.js';
import { runs } from '../support/runs.js';

test('§3.1: non-ASCII characters become the %XX of their UTF-8 bytes, in upper case', () => {
  assert.is(iriToUri('http://example.org/Dürst?q=ü#ß'), 'http://example.org/D%C3%BCrst?q=%C3%BC#%C3%9F');
  // The RFC's own examples.
  assert.is(iriToUri('http://r\u00e9sum\u00e9.example.org'), 'http://r%C3%A9sum%C3%A9.example.org');
  assert.is(iriToUri('http://www.example.org/red%09ros\u00e9#red'), 'http://www.example.org/red%09ros%C3%A9#red');
  assert.is(iriToUri('http://example.com/\u{10300}\u{10301}\u{10302}'), 'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82');
  // iprivate in the query.
  assert.is(iriToUri('http://h/?\uE000'), 'http://h/?%EE%80%80');
});

test('§3.1: the identity on URIs, and idempotent', () => {
  for (const u of ['http://a/b%20c?d#e', 'mailto:a@b', '', '../x', 'http://[::1]/%C3%BC']) {
    assert.is(iriToUri(u), u);
  }
  const once = iriToUri('http://ü.example/ü');
  assert.is(iriToUri(once), once);
});

test('§3.1 with idna: the ireg-name as A-labels (ToASCII), the rest percent-encoded', () => {
  assert.is(iriToUri('http://r\u00e9sum\u00e9.example.org', { idna: true }), 'http://xn--rsum-bpad.example.org');
  assert.is(iriToUri('http://u@MÜNCHEN.de:8080/ü?ü#ü', { idna: true }), 'http://u@xn--mnchen-3ya.de:8080/%C3%BC?%C3%BC#%C3%BC');
  assert.is(iriToUri('urn:ü', { idna: true }), 'urn:%C3%BC');
  assert.throws(
    () => iriToUri('http://xn--zz.ü/', { idna: true }),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_HOST',
  );
});

test('iriToUri rejects what is not an IRI, naming the character and its index', () => {
  assert.throws(
    () => iriToUri('http://a/b c'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_CHAR' && e.index === 10,
  );
  // A lone surrogate has no UTF-8 form; iprivate stands only in the query.
  assert.throws(
    () => iriToUri('http://a/\uD800'),
    (e: unknown) => e instanceof UriError && e.index === 9,
  );
  assert.throws(
    () => iriToUri('http://a/\uE000'),
    (e: unknown) => e instanceof UriError && e.index === 9,
  );
});

test("§3.2.1: the RFC's three examples", () => {
  assert.is(uriToIri('http://www.example.org/D%C3%BCrst'), 'http://www.example.org/D\u00fcrst');
  assert.is(uriToIri('http://www.example.org/D%FCrst'), 'http://www.example.org/D%FCrst');
  assert.is(uriToIri('http://xn--99zt52a.example.org/%e2%80%ae'), 'http://xn--99zt52a.example.org/%e2%80%ae');
  assert.is(uriToIri('http://xn--99zt52a.example.org/%e2%80%ae', { idna: true }), 'http://\u7d0d\u8c46.example.org/%e2%80%ae');
});

test('§3.2 step 2: unreserved ASCII is decoded; "%", reserved and disallowed ASCII stay', () => {
  assert.is(uriToIri('http://h/%41%7e%2D%2e%5F'), 'http://h/A~-._');
  assert.is(uriToIri('http://h/a%20b%2Fc%25%3F%23%5B%22'), 'http://h/a%20b%2Fc%25%3F%23%5B%22');
});

test('§3.2 steps 3 and 4: bad UTF-8, and characters unsafe to show, stay encoded', () => {
  // Bad UTF-8: a lone continuation byte, a truncated sequence, an overlong form, a surrogate.
  assert.is(uriToIri('http://h/%80%C3%BC'), 'http://h/%80\u00fc');
  assert.is(uriToIri('http://h/%E2%82x'), 'http://h/%E2%82x');
  assert.is(uriToIri('http://h/%C0%AF'), 'http://h/%C0%AF');
  assert.is(uriToIri('http://h/%ED%A0%80'), 'http://h/%ED%A0%80');
  // Bidirectional formatting (§4.1), the isolates, the Arabic letter mark.
  for (const enc of ['%E2%80%8E', '%E2%80%8F', '%E2%80%AA', '%E2%80%AE', '%E2%81%A6', '%E2%81%A9', '%D8%9C']) {
    assert.is(uriToIri(`http://h/${enc}`), `http://h/${enc}`, enc);
  }
  // Spaces, separators and invisible characters.
  for (const enc of [
    '%C2%A0',
    '%E2%80%80',
    '%E2%80%8B',
    '%E2%80%8D',
    '%E2%80%A8',
    '%E2%80%AF',
    '%E2%81%9F',
    '%E2%81%A0',
    '%E3%80%80',
    '%EF%BB%BF',
    '%C2%AD',
    '%E1%85%9F',
    '%EF%B8%8F',
    '%E3%85%A4',
  ]) {
    assert.is(uriToIri(`http://h/${enc}`), `http://h/${enc}`, enc);
  }
  // C1 controls and noncharacters are not ucschar.
  assert.is(uriToIri('http://h/%C2%85%EF%BF%BF'), 'http://h/%C2%85%EF%BF%BF');
  // Punctuation of the same block is shown.
  assert.is(uriToIri('http://h/%E2%80%94%E2%80%A6'), 'http://h/\u2014\u2026');
});

test('§3.2: iprivate is shown in the query only', () => {
  assert.is(uriToIri('http://h/%EE%80%80?%EE%80%80#%EE%80%80'), 'http://h/%EE%80%80?\uE000#%EE%80%80');
});

test('uriToIri takes a Uri, returns a URI without "%" as it is, and accepts an IRI', () => {
  assert.is(uriToIri(parse('http://h/%C3%BC?a=%C3%A4')), 'http://h/\u00fc?a=\u00e4');
  assert.is(uriToIri('http://h/a'), 'http://h/a');
  assert.is(uriToIri('http://h/\u00fc%C3%BC'), 'http://h/\u00fc\u00fc');
  assert.is(uriToIri('http://1.2.3.4/', { idna: true }), 'http://1.2.3.4/');
  assert.is(uriToIri('http://[::1]/%C3%BC', { idna: true }), 'http://[::1]/\u00fc');
  assert.is(uriToIri('mailto:%C3%BC@x', { idna: true }), 'mailto:\u00fc@x');
  assert.throws(
    () => uriToIri('http://a b'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_CHAR' && e.index === 8,
  );
});

test('uriToIri with idna: A-labels shown as U-labels; a bad A-label kept; other labels decoded', () => {
  assert.is(uriToIri('http://xn--mnchen-3ya.de/', { idna: true }), 'http://m\u00fcnchen.de/');
  assert.is(uriToIri('http://xn--zz.de/', { idna: true }), 'http://xn--zz.de/');
  assert.is(uriToIri('http://m%C3%BCnchen.de/', { idna: true }), 'http://m\u00fcnchen.de/');
  assert.is(uriToIri('http://m%C3%BCnchen.de/'), 'http://m\u00fcnchen.de/');
});

// Generated URIs: %XX of random bytes, UTF-8 of random code points (some unsafe), ASCII.
const codePoint = fc.oneof(
  fc.integer({ min: 0xa0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff),
  fc.constantFrom(0x200e, 0x202e, 0xa0, 0x3000, 0xfeff, 0xe000, 0xfffe, 0x85, 0xfc, 0x7e),
);
const utf8Pct = codePoint.map((c) =>
  [...Buffer.from(String.fromCodePoint(c), 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''),
);
const piece = fc.oneof(
  utf8Pct,
  fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
  fc.constantFrom('a', '/', '%41', '%2F', '%25', '-', '~'),
);
const pathText = fc.array(piece, { maxLength: 8 }).map((a) => a.join(''));
const generated = fc.tuple(pathText, pathText, pathText).map(([p, q, f]) => `http://h/${p}?${q}#${f}`);

test('uriToIri gives an IRI that iriToUri maps back to the same URI (up to §6.2.2 normalization)', () => {
  fc.assert(
    fc.property(generated, (u) => {
      const iri = uriToIri(u);
      assert.ok(isValid(iri, { iri: true }), iri);
      const back = iriToUri(iri);
      assert.ok(isValid(back), back);
      assert.is(normalize(back), normalize(u));
      assert.is(uriToIri(iri), iri);
    }),
    { seed: 31, numRuns: runs(3000) },
  );
});

test('the round trip is exact for a URI whose %XX are in normal form, and up to §6.2.2.1/§6.2.2.2 otherwise (RFC 3987 §3.2)', () => {
  // §3.2: "except for potential case differences in percent-encoding and for potential
  // percent-encoded unreserved characters".
  assert.is(iriToUri(uriToIri('http://a/%41')), 'http://a/A');
  assert.is(iriToUri(uriToIri('http://a/%c3%bc')), 'http://a/%C3%BC');
  for (const u of ['http://a/A', 'http://a/%C3%BC?q=%E2%82%AC#%F0%9F%98%80', 'http://a/%2F%3F%25%FF%E2%80%AE']) {
    assert.is(iriToUri(uriToIri(u)), u);
  }
  fc.assert(
    fc.property(generated, (u) => {
      const n = normalize(u);
      assert.is(iriToUri(uriToIri(n)), n);
    }),
    { seed: 32, numRuns: 3000 },
  );
});

test('normalize with unicode: RFC 3987 §5.3.2.2 NFC or NFKC, component by component, no delimiter made', () => {
  const nf = (s: string, unicode: 'NFC' | 'NFKC'): string => normalize(s, { iri: true, unicode });
  assert.is(nf('http://h/re\u0301sume\u0301', 'NFC'), 'http://h/résumé');
  assert.is(nf('http://h/ﬁ', 'NFC'), 'http://h/ﬁ');
  assert.is(nf('http://h/ﬁ?ｑ=①#Ⅻ', 'NFKC'), 'http://h/fi?q=1#XII');
  assert.is(nf('http://ｅｘample.com/ｆ', 'NFKC'), 'http://example.com/f');
  // What NFKC makes a delimiter of is encoded: the components stay the components they were.
  assert.is(nf('http://h/ａ／ｂ？ｃ＃ｄ％', 'NFKC'), 'http://h/a%2Fb%3Fc%23d%25');
  assert.is(nf('http://h/ａ\u3000b', 'NFKC'), 'http://h/a%20b');
  // A %XX stays whole: a combining mark after its digits does not compose with them.
  assert.is(nf('http://h/%CE\u0301', 'NFC'), 'http://h/%CE\u0301');
  assert.is(nf('http://a/b', 'NFC'), 'http://a/b');
  assert.is(equivalent('http://h/re\u0301sume\u0301', 'http://h/résumé', { iri: true, unicode: 'NFC' }), true);
  assert.is(equivalent('http://h/re\u0301sume\u0301', 'http://h/résumé', { iri: true }), false);
  assert.is(normalize('http://h/a\u0301', { lenient: true, unicode: 'NFC' }), 'http://h/%C3%A1');
  assert.throws(
    () => normalize('http://a/', { unicode: 'NFD' as 'NFC' }),
    /normalize: options\.unicode must be "NFC" or "NFKC", got a string \("NFD"\)/,
  );
  assert.throws(
    () => normalize('http://a/', { unicode: 1 as unknown as 'NFC' }),
    /normalize: options\.unicode must be a string, got a number \(1\)/,
  );
  assert.is(normalize('http://A/', { unicode: undefined }), 'http://a/');
});

test.run();

/**
 * Percent-encoding (RFC 3986 §2.1, §2.4, §2.5): the vectors' percent-encoding ops that are plain
 * encoding or decoding of a component (harness in test/support/op-vectors.ts), then exact values for every
 * component set, UTF-8 decoding and its errors, and the Uri's decoded getters.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Component, encodeUri, isValid, normalizeComponent, parse, percentDecode, percentEncode, UriError } from '../../src/index.js';
import { throwsUriError } from '../support/assert.js';
import { type Case, conformance, exact, type Outcome, type Table } from '../support/op-vectors.js';

// =============================================================================================
// The vectors.

/** The flags a case carries (uriparser). */
const flags = (c: Case): string[] => (c.options?.flags as string[] | undefined) ?? [];

/**
 * uriparser's escaping flags that change the output for this input make it something other than
 * percent-encoding (space as "+", line breaks rewritten): those cases are skipped, the rest encode
 * or decode exactly as percentEncode (unreserved kept) and percentDecode do.
 */
function uriparserTransform(c: Case): string | undefined {
  const s = c.input as string;
  const f = flags(c);
  if (f.includes('SPACE_TO_PLUS') && s.includes(' ')) return 'space written as "+" (HTML form encoding)';
  if (f.includes('NORMALIZE') && /[\r\n]/.test(s)) return 'line breaks rewritten as CR LF';
  if (f.includes('PLUS_TO_SPACE') && s.includes('+')) return '"+" read as a space (HTML form encoding)';
  if (f.some((x) => /^URI_BR_TO_/.test(x)) && /%0[ad]/i.test(s)) return 'line breaks rewritten';
  for (const x of f) {
    if (
      ![
        'SPACE_TO_PLUS',
        'SPACE_TO_PERCENT',
        'NORMALIZE',
        'KEEP_UNMODIFIED',
        'PLUS_TO_SPACE',
        'PLUS_DONT_TOUCH',
        'URI_BR_DONT_TOUCH',
      ].includes(x) &&
      !/^URI_BR_TO_/.test(x)
    ) {
      throw new Error(`unknown uriparser flag ${x}`);
    }
  }
  return undefined;
}

function skipOr(reason: string | undefined, run: () => Outcome): Outcome {
  return reason !== undefined ? { skip: reason } : run();
}

const PERCENT_OPS: Table = {
  'rfc3986.json': {
    // §2.5: a character's UTF-8 octets, each percent-encoded unless unreserved.
    percent_encode_utf8: (c) => exact(c, 'encoded', () => percentEncode(c.input as string)),
  },
  'golang-net-url.json': {
    // url.PathEscape: one path segment.
    go_path_escape: (c) => exact(c, 'output', () => percentEncode(c.input as string, 'segment')),
    // url.QueryEscape: all but unreserved, except that a space becomes "+" (form encoding).
    go_query_escape: (c) =>
      skipOr((c.input as string).includes(' ') ? 'space written as "+" (HTML form encoding)' : undefined, () =>
        exact(c, 'output', () => percentEncode(c.input as string, 'component')),
      ),
    // url.QueryUnescape: strict (a bad "%" is an error), and "+" read as a space (form encoding).
    go_query_unescape: (c) =>
      skipOr((c.input as string).includes('+') ? '"+" read as a space (HTML form encoding)' : undefined, () =>
        exact(c, 'output', () => percentDecode(c.input as string, { fatal: true })),
      ),
  },
  'uriparser.json': {
    uriparser_escape: (c) => skipOr(uriparserTransform(c), () => exact(c, 'output', () => percentEncode(c.input as string, 'component'))),
    uriparser_unescape: (c) => skipOr(uriparserTransform(c), () => exact(c, 'output', () => percentDecode(c.input as string))),
  },
};

conformance('percent', PERCENT_OPS);

// =============================================================================================
// Direct tests with exact values.

/** The UriError `f` throws: its code and index. */
function uriError(f: () => unknown): [string, number] {
  try {
    f();
  } catch (e) {
    if (e instanceof UriError) return [e.code, e.index];
    throw e;
  }
  throw new Error('no UriError thrown');
}

const MIXED = "a b/c?d#e@f:g[h]i%j!$&'()*+,;=~-._Z9";

test('percentEncode: each component set, exactly', () => {
  const want: Record<Component, string> = {
    component: 'a%20b%2Fc%3Fd%23e%40f%3Ag%5Bh%5Di%25j%21%24%26%27%28%29%2A%2B%2C%3B%3D~-._Z9',
    userinfo: "a%20b%2Fc%3Fd%23e%40f:g%5Bh%5Di%25j!$&'()*+,;=~-._Z9",
    'reg-name': "a%20b%2Fc%3Fd%23e%40f%3Ag%5Bh%5Di%25j!$&'()*+,;=~-._Z9",
    segment: "a%20b%2Fc%3Fd%23e@f:g%5Bh%5Di%25j!$&'()*+,;=~-._Z9",
    path: "a%20b/c%3Fd%23e@f:g%5Bh%5Di%25j!$&'()*+,;=~-._Z9",
    query: "a%20b/c?d%23e@f:g%5Bh%5Di%25j!$&'()*+,;=~-._Z9",
    fragment: "a%20b/c?d%23e@f:g%5Bh%5Di%25j!$&'()*+,;=~-._Z9",
  };
  for (const [c, w] of Object.entries(want) as Array<[Component, string]>) assert.is(percentEncode(MIXED, c), w, c);
  assert.is(percentEncode(MIXED), want.component, 'the default is component');
  assert.is(percentEncode('a b/c?', 'segment'), 'a%20b%2Fc%3F');
  assert.is(percentEncode('a b/c?', 'path'), 'a%20b/c%3F');
});

test('percentEncode: "%" is always encoded, even before two hex digits', () => {
  for (const c of ['component', 'userinfo', 'reg-name', 'segment', 'path', 'query', 'fragment'] as const) {
    assert.is(percentEncode('%41%', c), '%2541%25');
  }
});

test('percentEncode: UTF-8 octets of every length, controls, and the input itself when nothing needs encoding', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['abc-._~', 'abc-._~'],
    ['\u0000\u001f\u007f', '%00%1F%7F'],
    ['\u0080', '%C2%80'],
    ['é', '%C3%A9'],
    ['\u07ff', '%DF%BF'],
    ['\u0800', '%E0%A0%80'],
    ['€', '%E2%82%AC'],
    ['\ufffd', '%EF%BF%BD'],
    ['\uffff', '%EF%BF%BF'],
    ['\u{10000}', '%F0%90%80%80'],
    ['😀', '%F0%9F%98%80'],
    ['\u{10ffff}', '%F4%8F%BF%BF'],
    ['a😀b€c', 'a%F0%9F%98%80b%E2%82%ACc'],
    ['"<>\\^`{|}', '%22%3C%3E%5C%5E%60%7B%7C%7D'],
  ];
  for (const [s, want] of cases) assert.is(percentEncode(s), want, JSON.stringify(s));
  const plain = 'nothing-to_encode.~';
  assert.is(percentEncode(plain), plain);
});

test('percentEncode: a lone surrogate is UriError INVALID_CHAR at its index', () => {
  assert.equal(
    uriError(() => percentEncode('\ud800')),
    ['INVALID_CHAR', 0],
  );
  assert.equal(
    uriError(() => percentEncode('\udc00')),
    ['INVALID_CHAR', 0],
  );
  assert.equal(
    uriError(() => percentEncode('ab\udfff')),
    ['INVALID_CHAR', 2],
  );
  assert.equal(
    uriError(() => percentEncode('\ud800a', 'path')),
    ['INVALID_CHAR', 0],
  );
  assert.equal(
    uriError(() => percentEncode('\udbff\udbff\udc00')),
    ['INVALID_CHAR', 0],
  );
  assert.equal(
    uriError(() => percentEncode('😀\ud83d', 'query')),
    ['INVALID_CHAR', 2],
  );
  assert.equal(
    uriError(() => percentEncode('\udc00\ud800')),
    ['INVALID_CHAR', 0],
  );
  try {
    percentEncode('x\ud800');
  } catch (e) {
    assert.match((e as Error).message, /lone surrogate \(U\+D800\) at index 1/);
  }
});

test('percentEncode: an unknown component is a TypeError, not a UriError', () => {
  for (const c of ['host', 'Path', '', 'toString', '__proto__', 'constructor', 'hasOwnProperty']) {
    try {
      percentEncode('a', c as Component);
      assert.unreachable(c);
    } catch (e) {
      assert.instance(e, TypeError, c);
      assert.not.instance(e, UriError, c);
    }
  }
});

test('percentDecode: UTF-8 of 1 to 4 octets, either hex case', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['abc', 'abc'],
    ['a%20b%C3%BC', 'a bü'],
    ['%41%7a%7E%2f%25', 'Az~/%'],
    ['%c3%a9%C3%A9', 'éé'],
    ['%C2%80', '\u0080'],
    ['%DF%BF', '\u07ff'],
    ['%E0%A0%80', '\u0800'],
    ['%E2%82%AC', '€'],
    ['%ED%9F%BF', '\ud7ff'],
    ['%EE%80%80', '\ue000'],
    ['%EF%BF%BF', '\uffff'],
    ['%F0%90%80%80', '\u{10000}'],
    ['%F0%9F%98%80', '😀'],
    ['%F4%8F%BF%BF', '\u{10ffff}'],
    ['é%41😀', 'éA😀'],
    ['%2525', '%25'],
  ];
  for (const [s, want] of cases) {
    assert.is(percentDecode(s), want, s);
    assert.is(percentDecode(s, { fatal: true }), want, s);
  }
});

test('percentDecode: ill-formed UTF-8 gives U+FFFD per maximal subpart (the Encoding Standard)', () => {
  const R = '\ufffd';
  const cases: Array<[string, string, number]> = [
    // input, lenient answer, index of the fatal error
    ['%FF', R, 0],
    ['%80', R, 0],
    ['%BF%41', `${R}A`, 0],
    ['%FE%FF', R + R, 0],
    // Overlongs.
    ['%C0%AF', R + R, 0],
    ['%C1%BF', R + R, 0],
    ['%E0%80%AF', R + R + R, 0],
    ['%E0%9F%BF', R + R + R, 0],
    ['%F0%80%80%AF', R + R + R + R, 0],
    ['%F0%8F%BF%BF', R + R + R + R, 0],
    // Surrogates encoded in UTF-8 (CESU-8 style).
    ['%ED%A0%80', R + R + R, 0],
    ['%ED%BF%BF', R + R + R, 0],
    ['%ED%A0%BD%ED%B8%80', R.repeat(6), 0],
    // Above U+10FFFF, and lead bytes that cannot start a sequence.
    ['%F4%90%80%80', R.repeat(4), 0],
    ['%F5%80%80%80', R.repeat(4), 0],
    ['%F8%88%80%80%80', R.repeat(5), 0],
    // Truncated sequences: one U+FFFD for the valid prefix, then what follows.
    ['%C3', R, 0],
    ['%C3a', `${R}a`, 0],
    ['%C3%41', `${R}A`, 0],
    ['%E2%82', R, 0],
    ['%E2%82a', `${R}a`, 0],
    ['%E2%82%E2%82%AC', `${R}€`, 0],
    ['%F0%9F%98', R, 0],
    ['%F0%9F%98%41', `${R}A`, 0],
    ['ab%F0%9F', `ab${R}`, 2],
    ['%E2%82%', `${R}%`, 0],
    ['%E2%8', `${R}%8`, 0],
  ];
  for (const [s, lenient, index] of cases) {
    assert.is(percentDecode(s), lenient, s);
    assert.equal(
      uriError(() => percentDecode(s, { fatal: true })),
      ['INVALID_UTF8', index],
      s,
    );
  }
  try {
    percentDecode('x%C3', { fatal: true });
  } catch (e) {
    assert.match((e as Error).message, /Invalid UTF-8 at index 1/);
  }
});

test('percentDecode: a "%" without two hex digits stays, or is INVALID_PERCENT_ENCODING at the "%"', () => {
  const cases: Array<[string, string, number]> = [
    ['%', '%', 0],
    ['a%', 'a%', 1],
    ['%4', '%4', 0],
    ['%zz', '%zz', 0],
    ['%G1', '%G1', 0],
    ['%1G', '%1G', 0],
    ['%%41', '%A', 0],
    ['%4%41', '%4A', 0],
    ['ok%41%', 'okA%', 5],
    ['%é1', '%é1', 0],
    ['%1é', '%1é', 0],
    ['%u0041', '%u0041', 0],
    ['%41%4', 'A%4', 3],
  ];
  for (const [s, lenient, index] of cases) {
    assert.is(percentDecode(s), lenient, s);
    assert.equal(
      uriError(() => percentDecode(s, { fatal: true })),
      ['INVALID_PERCENT_ENCODING', index],
      s,
    );
  }
  assert.is(percentDecode('no percent'), 'no percent');
  assert.is(percentDecode('a%20b', { fatal: false }), 'a b');
});

test('percentDecode undoes percentEncode for every component', () => {
  const s = `${MIXED} é€😀 \u0000%41%`;
  for (const c of ['component', 'userinfo', 'reg-name', 'segment', 'path', 'query', 'fragment'] as const) {
    assert.is(percentDecode(percentEncode(s, c)), s, c);
  }
});

test("the Uri's decoded getters", () => {
  const u = parse('http://u%20s%3A@h%41%2Eb/a%20b/%C3%BC%2F?q%3D1+2&%26#f%C3%BC%23');
  assert.is(u.decodedUserinfo, 'u s:');
  assert.is(u.decodedHost, 'hA.b');
  assert.is(u.decodedPath, '/a b/ü/');
  assert.is(u.decodedQuery, 'q=1+2&&');
  assert.is(u.decodedFragment, 'fü#');
  // The raw components stay as written.
  assert.is(u.path, '/a%20b/%C3%BC%2F');
  // Bad bytes become U+FFFD; absent components stay undefined; an empty one is ''.
  const v = parse('/%FF%C3?#');
  assert.is(v.decodedPath, '/\ufffd\ufffd');
  assert.is(v.decodedQuery, '');
  assert.is(v.decodedFragment, '');
  assert.equal([v.decodedUserinfo, v.decodedHost], [undefined, undefined]);
  const w = parse('x:y');
  assert.equal([w.decodedQuery, w.decodedFragment, w.decodedPath], [undefined, undefined, 'y']);
  assert.is(parse('//[::1]/').decodedHost, '[::1]');
  assert.is(parse('//@h').decodedUserinfo, '');
});

test("percentEncode with { allow }: a caller's characters and ranges, or a RegExp of one character", () => {
  assert.is(percentEncode('a b/ü%', { allow: 'a-z/' }), 'a%20b/%C3%BC%25');
  assert.is(percentEncode('a-b_c', { allow: '-a-c' }), 'a-b%5Fc');
  assert.is(percentEncode('a-b', { allow: 'ab-' }), 'a-b');
  assert.is(percentEncode('x😀y', { allow: 'x-y😀' }), 'x😀y');
  assert.is(percentEncode('x😀y', { allow: /[a-z]/ }), 'x%F0%9F%98%80y');
  assert.is(percentEncode('abc', { allow: /[ab]/g }), 'ab%63');
  assert.is(percentEncode('abcabc', { allow: /[ab]/y }), 'ab%63ab%63');
  // "%" is encoded whatever the class says, so that decoding gives the text back.
  assert.is(percentEncode('%', { allow: '%' }), '%25');
  assert.is(percentEncode('%', { allow: /./ }), '%25');
  assert.is(percentEncode('', { allow: '' }), '');
  throwsUriError(() => percentEncode('a\uD800', { allow: 'a' }), 'INVALID_CHAR', 0);
  assert.throws(
    () => percentEncode('a', { allow: 'z-a' }),
    (e: unknown) => e instanceof RangeError && /the range z-a \(at index 0\), whose end comes before its start/.test((e as Error).message),
  );
  assert.throws(
    () => percentEncode('a', { allow: 3 as unknown as string }),
    /percentEncode: options\.allow must be a string of characters and ranges, or a RegExp, got a number \(3\)/,
  );
  assert.throws(() => percentEncode('a', {} as { allow: string }), /options\.allow must be/);
});

test('percentDecode with { leaveEncoded }: the %XX of the characters named stay as written', () => {
  assert.is(percentDecode('a%2Fb%20c', { leaveEncoded: '/' }), 'a%2Fb c');
  assert.is(percentDecode('%2f%C3%BC%2F%3f', { leaveEncoded: '/?' }), '%2fü%2F%3f');
  assert.is(percentDecode('%25%41', { leaveEncoded: '%' }), '%25A');
  assert.is(percentDecode('%41', { leaveEncoded: '' }), 'A');
  assert.is(percentDecode('%C3%2F%BC', { leaveEncoded: '/' }), '\uFFFD%2F\uFFFD');
  throwsUriError(() => percentDecode('%2F%FF', { leaveEncoded: '/', fatal: true }), 'INVALID_UTF8', 3);
  assert.throws(
    () => percentDecode('a', { leaveEncoded: 'ü' }),
    (e: unknown) => e instanceof RangeError && /only ASCII characters are one %XX/.test((e as Error).message),
  );
  assert.throws(
    () => percentDecode('a', { leaveEncoded: 1 as unknown as string }),
    /percentDecode: options\.leaveEncoded must be a string of ASCII characters, got a number \(1\)/,
  );
});

test('normalizeComponent: a component encoded where it must be, %XX of unreserved decoded, the rest in upper case', () => {
  assert.is(normalizeComponent('%7e%41b%2F', 'path'), '~Ab%2F');
  assert.is(normalizeComponent('a b%', 'query'), 'a%20b%25');
  assert.is(normalizeComponent('a/b?c', 'segment'), 'a%2Fb%3Fc');
  assert.is(normalizeComponent('ü%c3%bc', 'fragment'), '%C3%BC%C3%BC');
  assert.is(normalizeComponent('', 'path'), '');
  assert.is(normalizeComponent('a%2', 'component'), 'a%252');
  assert.throws(() => normalizeComponent('a', 'host' as Component), /normalizeComponent: component must be one of "component", "userinfo"/);
  assert.throws(() => normalizeComponent(1 as unknown as string, 'path'), /normalizeComponent: text must be a string, got a number \(1\)/);
});

test('encodeUri: what the grammar does not allow where it stands encoded, valid %XX and the rest kept', () => {
  assert.is(encodeUri('http://a/b c/%20/ü?q=a b#f g'), 'http://a/b%20c/%20/%C3%BC?q=a%20b#f%20g');
  assert.is(encodeUri('http://a/100%'), 'http://a/100%25');
  assert.is(encodeUri('http://u s@h^/p|q?x[]=1#a#b'), 'http://u%20s@h%5E/p%7Cq?x%5B%5D=1#a%23b');
  assert.is(encodeUri('http://a/%2f%7e'), 'http://a/%2f%7e');
  const ok = 'http://a/b?c#d';
  assert.is(encodeUri(ok), ok);
  throwsUriError(() => encodeUri('http://a:b/'), 'INVALID_PORT', 10);
  throwsUriError(() => encodeUri('http://[::1/'), 'INVALID_CHAR', 11);
  assert.throws(() => encodeUri(1 as unknown as string), /encodeUri: text must be a string, got a number \(1\)/);
  // What it makes is a URI, and the identity on one.
  const out = encodeUri('s://ü ü/ä b?ö#ß');
  assert.is(isValid(out), true);
  assert.is(encodeUri(out), out);
});

test.run();

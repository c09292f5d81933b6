/**
 * Every error that `scan` can report, in every position of the grammar, with its exact index
 * (RFC 3986 gives no indices: the contract in docs/api.md is "the first character that cannot be
 * accepted, or the input's length when the input ends too early"), and the `UriError` messages.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ErrorCode,
  isValid,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  Slot,
  scan,
  tryParse,
  Uri,
  UriError,
  type UriErrorCode,
} from '../../src/index.js';
import { scanError } from '../../src/syntax/errors.js';
import { ABS, type Case, type Code, IRI, STRICT_ERRORS, ZONE } from '../support/strict-errors.js';

const rec = new Uint32Array(OFFSETS_LENGTH);

function label(c: Case): string {
  return `${JSON.stringify(c[0])}${c[3] !== undefined ? ` ${JSON.stringify(c[3])}` : ''}`;
}

function check(c: Case): void {
  const [input, code, index, options] = c;
  const got = scan(input, rec, options);
  const gotName = Object.keys(ErrorCode).find((k) => ErrorCode[k as keyof typeof ErrorCode] === got);
  assert.equal([gotName, rec[Slot.ERROR_INDEX]], [code, index], `scan ${label(c)}`);
  let thrown: unknown;
  try {
    parse(input, options);
  } catch (e) {
    thrown = e;
  }
  assert.instance(thrown, UriError, `parse ${label(c)}`);
  const e = thrown as UriError;
  assert.equal([e.code, e.index, e.input], [code, index, input], `parse ${label(c)}`);
  assert.is(tryParse(input, options), null, `tryParse ${label(c)}`);
  assert.is(isValid(input, options), false, `isValid ${label(c)}`);
}

// One test per case (scan code and index, UriError code/index/input, tryParse null, isValid false),
// so that one disagreement does not hide the others.
for (const c of STRICT_ERRORS) {
  test(`${label(c)} -> ${c[1]} at ${c[2]}`, () => check(c));
}

/**
 * An IP-literal is checked when its "]" comes, but the contract index is still the first character
 * that cannot be accepted: when the literal went wrong before a later error (or before the input
 * ends), the literal's error comes first.
 */
const LITERAL_BEFORE_LATER_ERROR: readonly Case[] = [
  ['http://[g/', 'INVALID_IPV6', 8], // "g" begins neither an IPv6address nor an IPvFuture
  ['http://[g:: ]', 'INVALID_IPV6', 8],
  ['http://[1::2::3 ]', 'INVALID_IPV6', 13], // the second "::", not the space
  ['http://[v.x', 'INVALID_IPVFUTURE', 9], // "v" must be followed by a HEXDIG
  ['http://[1.2/', 'INVALID_IPV6', 9],
];
for (const c of LITERAL_BEFORE_LATER_ERROR) {
  test(`IP-literal error before a later one: ${label(c)} -> ${c[1]} at ${c[2]}`, () => check(c));
}

test('no case is listed twice', () => {
  const keys = STRICT_ERRORS.map((c) => JSON.stringify([c[0], c[3] ?? null]));
  assert.is(new Set(keys).size, keys.length);
});

test('ErrorCode maps each number back to its name, as a numeric enum; Object.keys lists the names alone', () => {
  assert.is(ErrorCode[1], 'INVALID_CHAR');
  assert.is(ErrorCode[ErrorCode.INVALID_REQUEST_TARGET], 'INVALID_REQUEST_TARGET');
  assert.is(ErrorCode[0], 'OK');
  assert.is(ErrorCode[13], 'INVALID_HOST');
  assert.is(ErrorCode[15], undefined);
  for (const [name, code] of Object.entries(ErrorCode) as [string, number][]) assert.is(ErrorCode[code], name);
  assert.equal(Object.keys(ErrorCode), [
    'OK',
    'INVALID_CHAR',
    'INVALID_PERCENT_ENCODING',
    'INVALID_SCHEME',
    'INVALID_PORT',
    'INVALID_IPV6',
    'INVALID_IPVFUTURE',
    'MISSING_SCHEME',
    'UNCLOSED_IP_LITERAL',
    'RELATIVE_BASE',
    'INVALID_UTF8',
    'TOO_LONG',
    'INVALID_REQUEST_TARGET',
    'INVALID_HOST',
    'CONFUSABLE_TARGET',
  ]);
  assert.ok(Object.isFrozen(ErrorCode));
  const rec = new Uint32Array(OFFSETS_LENGTH);
  assert.is(ErrorCode[scan('http://a b/', rec)], 'INVALID_CHAR');
});

test('every scan error code is exercised', () => {
  const seen = new Set(STRICT_ERRORS.map((c) => c[1]));
  for (const name of Object.keys(ErrorCode)) {
    // Not scan's: resolve's, percentDecode's, the request-target's (test/readers/request-target.test.ts) and parseWeb's (test/web/url.slow.test.ts).
    if (['OK', 'RELATIVE_BASE', 'INVALID_UTF8', 'INVALID_REQUEST_TARGET', 'INVALID_HOST', 'CONFUSABLE_TARGET'].includes(name)) continue;
    assert.ok(seen.has(name as Code), name);
    assert.ok(STRICT_ERRORS.filter((c) => c[1] === name).length >= 5, `${name}: several inputs`);
  }
});

test('the same inputs are valid without the option that rejects them', () => {
  // Sanity: the ABS cases only fail because of `absolute`, the zone cases parse without a zone.
  for (const c of STRICT_ERRORS)
    if (c[3] === ABS && c[0] !== './a:b' && c[0] !== '1a' && c[0] !== 'a_b') assert.ok(isValid(c[0]), label(c));
  assert.ok(isValid('http://[fe80::1%25eth0]', ZONE));
  assert.ok(isValid('/\uD83D\uDE00', IRI));
});

test('iri accepts the edges of ucschar and, in the query, iprivate (RFC 3987 §2.2)', () => {
  const ok = [
    '/\u00A0',
    '/\uD7FF',
    '/\uF900',
    '/\uFDCF',
    '/\uFDF0',
    '/\uFFEF',
    '/\uD800\uDC00', // U+10000
    '/\uD83F\uDFFD', // U+1FFFD
    '/\uDB3F\uDFFD', // U+DFFFD
    '/\uDB44\uDC00', // U+E1000
    '/\uDB7F\uDFFD', // U+EFFFD
    '?\uE000',
    '?\uF8FF',
    '?\uDB80\uDC00' /* U+F0000 */,
    '?\uDBBF\uDFFD' /* U+FFFFD */,
    '?\uDBC0\uDC00' /* U+100000 */,
    '?\uDBFF\uDFFD' /* U+10FFFD */,
    '?a\uE000b',
    'http://u\u00E9:p\u00E9@h\u00E9/',
  ];
  for (const s of ok) {
    assert.is(scan(s, rec, IRI), 0, JSON.stringify(s));
    assert.is(scan(s, rec), ErrorCode.INVALID_CHAR, JSON.stringify(s));
  }
});

test('messages name the character and its position', () => {
  const message = (input: string, options?: ParseOptions): string => {
    try {
      parse(input, options);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error(`parsed: ${input}`);
  };
  // INVALID_CHAR, with invisible characters escaped and their code point named
  assert.is(message('http://a.com/ b'), `Invalid character ' ' at index 13 in "http://a.com/ b"`);
  assert.is(message('http://h/a\tb'), `Invalid character '\\t' (U+0009) at index 10 in "http://h/a\\tb"`);
  assert.is(message('a\rb'), `Invalid character '\\r' (U+000D) at index 1 in "a\\rb"`);
  assert.is(message('\nhttp://h'), `Invalid character '\\n' (U+000A) at index 0 in "\\nhttp://h"`);
  assert.is(message('http://h\u0000'), `Invalid character '\\u0000' (U+0000) at index 8 in "http://h\\u0000"`);
  assert.is(message('a\u007f'), `Invalid character '\\u007f' (U+007F) at index 1 in "a\\u007f"`);
  assert.is(message('/\u009b2J'), `Invalid character '\\u009b' (U+009B) at index 1 in "/\\u009b2J"`);
  assert.is(message('/\u202etxt.exe'), `Invalid character '\\u202e' (U+202E) at index 1 in "/\\u202etxt.exe"`);
  assert.is(message('/a\u2028b'), `Invalid character '\\u2028' (U+2028) at index 2 in "/a\\u2028b"`);
  // The input as typed: a backslash or a quote is itself, not a JSON escape.
  assert.is(message('http://\\xe4/'), `Invalid character '\\' at index 7 in "http://\\xe4/"`);
  assert.is(message('http://h/é'), `Invalid character 'é' (U+00E9) at index 9 in "http://h/é"`);
  assert.is(message('/😀'), `Invalid character '😀' (U+1F600) at index 1 in "/😀"`);
  assert.is(message('/\uD800x', IRI), `Invalid character '\\ud800' (U+D800) at index 1 in "/\\ud800x"`);
  assert.is(message('/\uDC00', IRI), `Invalid character '\\udc00' (U+DC00) at index 1 in "/\\udc00"`);
  assert.is(message('http://a@b@c'), `Invalid character '@' at index 10 in "http://a@b@c"`);
  assert.is(message('/a"b'), `Invalid character '"' at index 2 in "/a"b"`);
  // INVALID_PERCENT_ENCODING shows up to three characters from the "%"
  const pct = '"%" must be followed by two hex digits';
  assert.is(message('%4g'), `Invalid percent-encoding "%4g" at index 0 in "%4g": ${pct}`);
  assert.is(message('http://h/%'), `Invalid percent-encoding "%" at index 9 in "http://h/%": ${pct}`);
  assert.is(message('?%2'), `Invalid percent-encoding "%2" at index 1 in "?%2": ${pct}`);
  assert.is(message('http://[::1%eth0]'), `Invalid percent-encoding "%et" at index 11 in "http://[::1%eth0]": ${pct}`);
  // INVALID_SCHEME
  assert.is(message(':'), `Invalid scheme: ':' at index 0 in ":" leaves the scheme empty`);
  assert.is(message('://h'), `Invalid scheme: ':' at index 0 in "://h" leaves the scheme empty`);
  const notScheme =
    'which is not a scheme (a letter, then letters, digits, "+", "-" or "."); a relative path cannot have ":" in its first segment';
  assert.is(message('1a:b'), `Invalid scheme: ':' at index 2 in "1a:b" ends "1a", ${notScheme}`);
  assert.is(message('a_b:c'), `Invalid scheme: ':' at index 3 in "a_b:c" ends "a_b", ${notScheme}`);
  // INVALID_PORT after an "@" or an IP-literal: the non-digit itself
  const digits = 'a port is digits only';
  assert.is(message('http://u@h:x'), `Invalid port: 'x' at index 11 in "http://u@h:x": ${digits}`);
  assert.is(message('http://[::1]:8a'), `Invalid port: 'a' at index 14 in "http://[::1]:8a": ${digits}`);
  assert.is(message('http://u@h:8@'), `Invalid port: '@' at index 12 in "http://u@h:8@": ${digits}`);
  // INVALID_PORT with no "@": where the authority ends, naming the port text
  const userinfo = 'and a port is digits only (a ":" in userinfo needs an "@" after it)';
  assert.is(message('http://h:x/'), `Invalid port "x": the authority ends with '/' at index 10 in "http://h:x/", ${userinfo}`);
  assert.is(message('http://h:x'), `Invalid port "x": the authority ends with end of input at index 10 in "http://h:x", ${userinfo}`);
  assert.is(message('http://h:x?'), `Invalid port "x": the authority ends with '?' at index 10 in "http://h:x?", ${userinfo}`);
  assert.is(message('http://h:x#f'), `Invalid port "x": the authority ends with '#' at index 10 in "http://h:x#f", ${userinfo}`);
  assert.is(
    message('http://h:80:90'),
    `Invalid port "80:90": the authority ends with end of input at index 14 in "http://h:80:90", ${userinfo}`,
  );
  assert.is(message('//h:a?'), `Invalid port "a": the authority ends with '?' at index 5 in "//h:a?", ${userinfo}`);
  assert.is(
    message('http://w3c.org:80path1/path2'),
    `Invalid port "80path1": the authority ends with '/' at index 22 in "http://w3c.org:80path1/path2", ${userinfo}`,
  );
  assert.is(message('http://h:é', IRI), `Invalid port "é": the authority ends with end of input at index 10 in "http://h:é", ${userinfo}`);
  // A character outside the grammar in a port is INVALID_CHAR
  assert.is(message('http://u@h:8 0'), `Invalid character ' ' at index 12 in "http://u@h:8 0"`);
  // INVALID_IPV6
  assert.is(message('http://[g::]'), `Invalid IPv6 address: 'g' at index 8 in "http://[g::]"`);
  assert.is(message('http://[1]'), `Invalid IPv6 address: ']' at index 9 in "http://[1]"`);
  assert.is(
    message('http://[fe80::1%25eth0]'),
    `Invalid IPv6 address: '%' at index 15 in "http://[fe80::1%25eth0]" (a zone identifier such as %25eth0 needs the zoneId option)`,
  );
  assert.is(message('http://[fe80::1%41]', ZONE), `Invalid IPv6 address: '4' at index 16 in "http://[fe80::1%41]"`);
  assert.is(message('http://[1:2:3:4:5:6:7:8:9]'), `Invalid IPv6 address: ':' at index 23 in "http://[1:2:3:4:5:6:7:8:9]"`);
  // INVALID_IPVFUTURE
  const future = 'the form is "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )';
  assert.is(message('http://[v.x]'), `Invalid IPvFuture address: '.' at index 9 in "http://[v.x]": ${future}`);
  assert.is(message('http://[v1.]'), `Invalid IPvFuture address: ']' at index 11 in "http://[v1.]": ${future}`);
  // MISSING_SCHEME
  const abs = 'an absolute URI (scheme ":" ...) is required';
  assert.is(message('//h/p', ABS), `Missing scheme: '/' at index 0 in "//h/p": ${abs}`);
  assert.is(message('abc', ABS), `Missing scheme: end of input at index 3 in "abc": ${abs}`);
  assert.is(message('', ABS), `Missing scheme: end of input at index 0 in "": ${abs}`);
  // UNCLOSED_IP_LITERAL
  assert.is(message('http://[::1'), `Unclosed IP literal: end of input at index 11 in "http://[::1": "[" needs a matching "]"`);
  assert.is(message('//['), `Unclosed IP literal: end of input at index 3 in "//[": "[" needs a matching "]"`);
  // TOO_LONG: the length and the limit, whatever else is wrong with the input
  assert.is(message('abcdef', { maxLength: 5 }), 'Input too long: 6 characters, more than maxLength 5');
  assert.is(message('http://h/ x', { maxLength: 0 }), 'Input too long: 11 characters, more than maxLength 0');
  // Astral characters are named whole, at their first code unit
  assert.is(message('http://u@h:😀', IRI), `Invalid port: '😀' (U+1F600) at index 11 in "http://u@h:😀": ${digits}`);
});

/** The message of the UriError that parse throws for `input`. */
function messageOf(input: string, options?: ParseOptions): string {
  try {
    parse(input, options);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`parsed: ${input}`);
}

const PORT_NOT_USERINFO = 'and a port is digits only (a ":" in userinfo needs an "@" after it)';

test('INVALID_PORT message: the port text when the path after the authority begins with "//"', () => {
  assert.is(
    messageOf('http://h:x//p'),
    `Invalid port "x": the authority ends with '/' at index 10 in "http://h:x//p", ${PORT_NOT_USERINFO}`,
  );
  assert.is(messageOf('//h:1a//'), `Invalid port "1a": the authority ends with '/' at index 6 in "//h:1a//", ${PORT_NOT_USERINFO}`);
});

test('INVALID_PORT message (lenient): the port text after an IP-literal is what follows "]:"', () => {
  assert.is(
    messageOf('http://[::1]:x/', { lenient: true }),
    `Invalid port "x": the authority ends with '/' at index 14 in "http://[::1]:x/", ${PORT_NOT_USERINFO}`,
  );
});

test('INVALID_PORT message (lenient): after an "@", the text after the host\'s ":"', () => {
  assert.is(
    messageOf('http://u@h:x/', { lenient: true }),
    `Invalid port "x": the authority ends with '/' at index 12 in "http://u@h:x/", ${PORT_NOT_USERINFO}`,
  );
  assert.is(
    messageOf('http://a@b:c@h:p?', { lenient: true }),
    `Invalid port "p": the authority ends with '?' at index 16 in "http://a@b:c@h:p?", ${PORT_NOT_USERINFO}`,
  );
});

test('INVALID_PORT message: a port text longer than 60 characters is shortened to its first 60 and "…"', () => {
  const x60 = 'x'.repeat(60);
  // 60 characters: shown whole (the "/" is at 9 + 60).
  assert.is(
    messageOf(`http://h:${x60}/`),
    `Invalid port "${x60}": the authority ends with '/' at index 69 in "http://h:${x60}/", ${PORT_NOT_USERINFO}`,
  );
  // 61: the first 60 and "…".
  assert.is(
    messageOf(`http://h:${x60}x/`),
    `Invalid port "${x60}…": the authority ends with '/' at index 70 in "http://h:${x60}x/", ${PORT_NOT_USERINFO}`,
  );
  // 300 ":" (the colon-no-at worst case): the port text begins after the first ":" and the input
  // (308 characters) is shown as its window of 60 before the "/" at 307.
  const c60 = ':'.repeat(60);
  assert.is(
    messageOf(`http://${':'.repeat(300)}/`),
    `Invalid port "${c60}…": the authority ends with '/' at index 307 in …"${c60}/" (308 characters), ${PORT_NOT_USERINFO}`,
  );
  // 1 MB of it: the message stays short.
  assert.ok(messageOf(`http://${':'.repeat(1 << 20)}/`).length < 300);
});

test('messages for inputs longer than 200 characters show a window of 60 on each side', () => {
  const message = (input: string): string => {
    try {
      parse(input);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('parsed');
  };
  // Error in the middle: "…" on both sides.
  const mid = `http://h/${'a'.repeat(250)} ${'b'.repeat(100)}`;
  assert.is(mid.length, 360);
  assert.is(message(mid), `Invalid character ' ' at index 259 in …"${'a'.repeat(60)} ${'b'.repeat(59)}"… (360 characters)`);
  // Near the start: no leading "…".
  const start = `a b${'c'.repeat(300)}`;
  assert.is(message(start), `Invalid character ' ' at index 1 in "a b${'c'.repeat(58)}"… (303 characters)`);
  // Near the end: no trailing "…".
  const end = `/${'d'.repeat(250)}%`;
  assert.is(
    message(end),
    `Invalid percent-encoding "%" at index 251 in …"${'d'.repeat(60)}%" (252 characters): "%" must be followed by two hex digits`,
  );
  // Exactly 200 characters: shown whole.
  const whole = `/${'e'.repeat(198)} `;
  assert.is(whole.length, 200);
  assert.is(message(whole), `Invalid character ' ' at index 199 in ${JSON.stringify(whole)}`);
  // 201 characters: a window.
  const over = `${whole}f`;
  assert.is(message(over), `Invalid character ' ' at index 199 in …"${'e'.repeat(60)} f" (201 characters)`);
});

test('tryParse and isValid reject non-strings; parse throws a TypeError that is not a UriError', () => {
  const values: unknown[] = [null, undefined, 42, 0, true, {}, [], ['http://a'], Symbol('x'), 1n, new String('http://a'), () => 'x'];
  for (const v of values) {
    assert.is(tryParse(v as string), null, String(typeof v));
    assert.is(isValid(v as string), false, String(typeof v));
    assert.is(isValid(v as string, IRI), false, String(typeof v));
  }
  const thrown = (v: unknown): Error => {
    try {
      parse(v as string);
    } catch (e) {
      return e as Error;
    }
    throw new Error('parsed');
  };
  for (const [v, name] of [
    [42, 'a number (42)'],
    [null, 'null'],
    [undefined, 'undefined'],
    [{}, 'an object'],
    [true, 'a boolean (true)'],
    [1n, 'a bigint (1n)'],
  ] as const) {
    const e = thrown(v);
    assert.instance(e, TypeError);
    assert.not.instance(e, UriError);
    assert.is(e.message, `parse: input must be a string, got ${name}`);
  }
});

test('scan requires an offsets record of at least OFFSETS_LENGTH slots', () => {
  assert.is(OFFSETS_LENGTH, 15);
  assert.is(Slot.WARNING_INDEX, 14);
  for (const n of [0, 1, 13, 14]) {
    assert.throws(
      () => scan('http://a/', new Uint32Array(n)),
      (e: unknown) => e instanceof RangeError && e.message === 'offsets must have at least 15 slots',
    );
  }
  // Even when maxLength would reject the input: the record is checked first.
  assert.throws(() => scan('abc', new Uint32Array(14), { maxLength: 1 }), RangeError);
  // A longer record is fine; slots after OFFSETS_LENGTH are left alone.
  const big = new Uint32Array(OFFSETS_LENGTH + 2).fill(99);
  assert.is(scan('http://a/', big), 0);
  assert.equal([big[OFFSETS_LENGTH], big[OFFSETS_LENGTH + 1]], [99, 99]);
});

test('an error leaves ERROR_INDEX set; the next successful scan of the same record clears it', () => {
  assert.is(scan('http://h/ x', rec), ErrorCode.INVALID_CHAR);
  assert.is(rec[Slot.ERROR_INDEX], 9);
  assert.is(scan('http://h/x', rec), 0);
  assert.is(rec[Slot.ERROR_INDEX], 0);
  assert.is(rec[Slot.LENGTH], 10);
});

test('UriError is a TypeError named UriError with code, index and input', () => {
  let e: unknown;
  try {
    parse('http://a.com/ b');
  } catch (x) {
    e = x;
  }
  assert.instance(e, UriError);
  assert.instance(e, TypeError);
  assert.instance(e, Error);
  const u = e as UriError;
  assert.is(u.name, 'UriError');
  assert.is(u.code, 'INVALID_CHAR');
  assert.is(u.index, 13);
  assert.is(u.input, 'http://a.com/ b');
  assert.ok(String(u).startsWith('UriError: Invalid character'));
  assert.type(u.stack, 'string');
  // Constructed directly, with and without a message of its own.
  const d = new UriError('INVALID_PORT', 3, 'a:b', 'custom');
  assert.equal([d.name, d.code, d.index, d.input, d.message], ['UriError', 'INVALID_PORT', 3, 'a:b', 'custom']);
  assert.is(
    new UriError('RELATIVE_BASE', 0, 'a/b').message,
    'Relative base: "a/b" has no scheme; a base URI must be absolute (RFC 3986 §5.1)',
  );
  // Every code has a message that mentions the input, except TOO_LONG, which names the limit
  // (the index) and the input's length rather than repeat an input that is too long.
  for (const name of Object.keys(ErrorCode)) {
    if (name === 'OK') continue;
    const m = new UriError(name as UriErrorCode, 1, 'x y').message;
    if (name === 'TOO_LONG') assert.is(m, 'Input too long: 3 characters, more than maxLength 1');
    else assert.ok(m.length > 0 && m.includes('"x y"'), name);
  }
  // scanError maps scan's numeric codes to the names.
  const s = scanError(ErrorCode.INVALID_IPV6, 8, 'http://[]');
  assert.instance(s, UriError);
  assert.equal([s.code, s.index, s.message], ['INVALID_IPV6', 8, `Invalid IPv6 address: ']' at index 8 in "http://[]"`]);
});

test("the writing side's codes have a message of their own when none is given", () => {
  assert.is(new UriError('INVALID_HOST', 1, 'a b').message, `Invalid host: ' ' at index 1 in "a b"`);
  assert.is(new UriError('INVALID_COMPONENT', 0, '').message, 'Invalid component: end of input at index 0 in ""');
});

test('instanceof UriError: by brand for UriError itself, by prototype for a subclass', () => {
  class Sub extends UriError {}
  const plain = new UriError('INVALID_CHAR', 0, ' ');
  const sub = new Sub('INVALID_CHAR', 0, ' ');
  assert.equal([plain instanceof UriError, sub instanceof UriError, sub instanceof Sub, plain instanceof Sub], [true, true, true, false]);
  assert.equal(
    [
      new TypeError('x') instanceof UriError,
      (null as unknown as object) instanceof UriError,
      ('x' as unknown as object) instanceof UriError,
    ],
    [false, false, false],
  );
  class SubUri extends Uri {}
  assert.equal([parse('a') instanceof Uri, parse('a') instanceof SubUri, {} instanceof Uri], [true, false, false]);
});

test.run();

/**
 * Lenient mode (docs/api.md `lenient`, docs/behaviour.md "Lenient mode") and the `maxLength` option.
 *
 * Lenient mode reads what access logs and crawled pages hold: component boundaries are found as
 * in strict mode, characters that strict RFC 3986 rejects are kept where they cannot move a
 * boundary, and the result says what was kept (`Uri#warnings`, `Uri#warningIndex`). The last "@"
 * of an authority ends the userinfo; "\" never acts as "/"; controls, IP-literals, schemes and
 * ports stay strict. Every expected value below was derived by hand from RFC 3986 and those rules.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ByteView,
  ErrorCode,
  Flag,
  type HostType,
  isValid,
  LineScanner,
  normalize,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  Slot,
  scan,
  scanBytes,
  tryParse,
  UriError,
  type UriWarning,
} from '../../src/index.js';
import { fixture } from '../support/paths.js';
import { runs } from '../support/runs.js';
import { STRICT_ERRORS } from '../support/strict-errors.js';

const L: ParseOptions = { lenient: true };
const WARN_FLAGS = Flag.WARN_CHAR | Flag.WARN_NON_ASCII | Flag.WARN_PERCENT | Flag.WARN_AT;
const CODE_NAMES = Object.keys(ErrorCode) as Array<keyof typeof ErrorCode>;

/** The components of a parse; a key left out means the component is absent. */
interface Parts {
  scheme?: string;
  userinfo?: string;
  host?: string;
  /** Defaults to 'reg-name' when `host` is given. */
  hostType?: HostType;
  port?: string;
  path: string;
  query?: string;
  fragment?: string;
}

/** An input lenient mode keeps: its components, warnings and warning index. Options add to `lenient`. */
type Kept = readonly [input: string, parts: Parts, warnings: readonly UriWarning[], warningIndex: number, options?: ParseOptions];
/** An input that stays an error in lenient mode. */
type Rejected = readonly [input: string, code: keyof typeof ErrorCode, index: number, options?: ParseOptions];

const CH: readonly UriWarning[] = ['INVALID_CHAR'];
const NA: readonly UriWarning[] = ['NON_ASCII'];
const PCT: readonly UriWarning[] = ['INVALID_PERCENT_ENCODING'];
const AT: readonly UriWarning[] = ['MULTIPLE_AT'];

const h = (host: string, rest: Omit<Parts, 'scheme' | 'host'>): Parts => ({ scheme: 'http', host, ...rest });

const KEPT: readonly Kept[] = [
  // ---- Space, DQUOTE, "<", ">", "\", "^", "`", "{", "|", "}" in every component -----------------
  ['http://h/a b', h('h', { path: '/a b' }), CH, 10],
  ['http://h/"q"', h('h', { path: '/"q"' }), CH, 9],
  ['http://h/<script>', h('h', { path: '/<script>' }), CH, 9],
  ['http://h/a>b', h('h', { path: '/a>b' }), CH, 10],
  ['http://h/a\\b', h('h', { path: '/a\\b' }), CH, 10],
  ['http://h/a^b', h('h', { path: '/a^b' }), CH, 10],
  ['http://h/a`b', h('h', { path: '/a`b' }), CH, 10],
  ['http://h/{a}', h('h', { path: '/{a}' }), CH, 9],
  ['http://h/a|b', h('h', { path: '/a|b' }), CH, 10],
  ['http://h/a}', h('h', { path: '/a}' }), CH, 10],
  ['http://h/ ', h('h', { path: '/ ' }), CH, 9],
  ['http://h/p?q=a b&r="1"', h('h', { path: '/p', query: 'q=a b&r="1"' }), CH, 14],
  ['?{"k":[1,2]}', { path: '', query: '{"k":[1,2]}' }, CH, 1],
  ['http://h/#a b', h('h', { path: '/', fragment: 'a b' }), CH, 11],
  ['#`x`', { path: '', fragment: '`x`' }, CH, 1],
  ['http://us er@h/', h('h', { userinfo: 'us er', path: '/' }), CH, 9],
  ['http://u:p"w@h/', h('h', { userinfo: 'u:p"w', path: '/' }), CH, 10],
  ['http://ex ample.com/', h('ex ample.com', { path: '/' }), CH, 9],
  ['http://h{1}/', h('h{1}', { path: '/' }), CH, 8],
  ['http://u@h st/', h('h st', { userinfo: 'u', path: '/' }), CH, 10],
  ['http://h ', h('h ', { path: '' }), CH, 8],
  ['http://h:80/a b', h('h', { port: '80', path: '/a b' }), CH, 13],
  [' ', { path: ' ' }, CH, 0],
  ['a b/c', { path: 'a b/c' }, CH, 1],
  ['a:b c', { scheme: 'a', path: 'b c' }, CH, 3],
  ['mailto:"john doe"@example.com', { scheme: 'mailto', path: '"john doe"@example.com' }, CH, 7],

  // ---- "\" is never a "/" ----------------------------------------------------------------------
  ['http://evil.com\\@good.com/', h('good.com', { userinfo: 'evil.com\\', path: '/' }), CH, 15],
  ['http://good.com\\evil.com/', h('good.com\\evil.com', { path: '/' }), CH, 15],
  ['http:\\\\h\\p', { scheme: 'http', path: '\\\\h\\p' }, CH, 5],
  ['\\\\evil.com/x', { path: '\\\\evil.com/x' }, CH, 0],

  // ---- Raw non-ASCII: every code unit >= 0x80, lone surrogates and astral characters ------------
  ['http://h/é', h('h', { path: '/é' }), NA, 9],
  ['http://é.example/', h('é.example', { path: '/' }), NA, 7],
  ['http://ü@h/', h('h', { userinfo: 'ü', path: '/' }), NA, 7],
  ['?é', { path: '', query: 'é' }, NA, 1],
  ['#é', { path: '', fragment: 'é' }, NA, 1],
  ['/😀', { path: '/😀' }, NA, 1],
  ['/\uD800', { path: '/\uD800' }, NA, 1],
  ['/\uDC00x', { path: '/\uDC00x' }, NA, 1],
  ['/x\uDBFF', { path: '/x\uDBFF' }, NA, 2],
  ['/\uDE00\uD83D', { path: '/\uDE00\uD83D' }, NA, 1], // a pair in the wrong order
  ['http://h/\uFFFE', h('h', { path: '/\uFFFE' }), NA, 9],
  ['http://h:80/é', h('h', { port: '80', path: '/é' }), NA, 12],
  ['é/a', { path: 'é/a' }, NA, 0],

  // ---- Broken "%": alone, before a non-hex character, before one hex digit, at the end -----------
  ['http://h/%', h('h', { path: '/%' }), PCT, 9],
  ['http://h/%z', h('h', { path: '/%z' }), PCT, 9],
  ['http://h/%4', h('h', { path: '/%4' }), PCT, 9],
  ['http://h/%4g', h('h', { path: '/%4g' }), PCT, 9],
  ['http://h/100%', h('h', { path: '/100%' }), PCT, 12],
  ['http://h/100%/x', h('h', { path: '/100%/x' }), PCT, 12],
  ['/%zz%41', { path: '/%zz%41' }, PCT, 1],
  ['?a=%', { path: '', query: 'a=%' }, PCT, 3],
  ['?a=%&b=%4', { path: '', query: 'a=%&b=%4' }, PCT, 3],
  ['#%g1', { path: '', fragment: '%g1' }, PCT, 1],
  ['http://a%zb/', h('a%zb', { path: '/' }), PCT, 8],
  ['http://u%@h/', h('h', { userinfo: 'u%', path: '/' }), PCT, 8],
  ['%', { path: '%' }, PCT, 0],
  ['%4', { path: '%4' }, PCT, 0],
  ['a%', { path: 'a%' }, PCT, 1],
  ['%%', { path: '%%' }, PCT, 0],

  // ---- "[" and "]" outside an IP-literal: in a path, a query, a fragment --------------------------
  ['http://h/[a]', h('h', { path: '/[a]' }), CH, 9],
  ['http://h/?a[]=1', h('h', { path: '/', query: 'a[]=1' }), CH, 11],
  ['http://h/#[x]', h('h', { path: '/', fragment: '[x]' }), CH, 10],
  ['http://[::1]/[x]', h('[::1]', { hostType: 'ipv6', path: '/[x]' }), CH, 13],
  ['[x]/y', { path: '[x]/y' }, CH, 0],
  ['a[b]c', { path: 'a[b]c' }, CH, 1],
  ['a:[x]', { scheme: 'a', path: '[x]' }, CH, 2],
  ['/]', { path: '/]' }, CH, 1],

  // ---- "#" inside a fragment ----------------------------------------------------------------------
  ['http://h/#a#b', h('h', { path: '/', fragment: 'a#b' }), CH, 11],
  ['##', { path: '', fragment: '#' }, CH, 1],
  ['#a#b#c', { path: '', fragment: 'a#b#c' }, CH, 2],
  ['http://h?q#f#', h('h', { path: '', query: 'q', fragment: 'f#' }), CH, 12],

  // ---- Several "@": the last one ends the userinfo -------------------------------------------------
  ['http://u@h@real.com/', h('real.com', { userinfo: 'u@h', path: '/' }), AT, 10],
  ['http://a:b@h:1@x/', h('x', { userinfo: 'a:b@h:1', path: '/' }), AT, 14],
  ['http://u@[::1]@h/', h('h', { userinfo: 'u@[::1]', path: '/' }), AT, 14],
  ['http://a@b@c@d:8/', h('d', { userinfo: 'a@b@c', port: '8', path: '/' }), AT, 10],
  ['http://@@h/', h('h', { userinfo: '@', path: '/' }), AT, 8],
  ['http://u@h@[::1]:80/', h('[::1]', { hostType: 'ipv6', userinfo: 'u@h', port: '80', path: '/' }), AT, 10],
  ['http://u@h@', h('', { userinfo: 'u@h', path: '' }), AT, 10],
  ['http://u@h:x@y/', h('y', { userinfo: 'u@h:x', path: '/' }), AT, 12],
  ['http://u@h:8@1.2.3.4:80?q', h('1.2.3.4', { hostType: 'ipv4', userinfo: 'u@h:8', port: '80', path: '', query: 'q' }), AT, 12],
  ['//a@b@c', { userinfo: 'a@b', host: 'c', hostType: 'reg-name', path: '' }, AT, 5],

  // ---- Several kinds at once: warnings in a fixed order, the index of the first ------------------
  [
    'http://u@h@x/a b/é/%',
    h('x', { userinfo: 'u@h', path: '/a b/é/%' }),
    ['INVALID_CHAR', 'NON_ASCII', 'INVALID_PERCENT_ENCODING', 'MULTIPLE_AT'],
    10,
  ],
  ['%é', { path: '%é' }, ['NON_ASCII', 'INVALID_PERCENT_ENCODING'], 0],
  ['/é "', { path: '/é "' }, ['INVALID_CHAR', 'NON_ASCII'], 1],

  // ---- With iri: a ucschar is no warning; iprivate outside the query is kept with NON_ASCII --------
  ['/é', { path: '/é' }, [], 0, { iri: true }],
  ['/\uE000', { path: '/\uE000' }, NA, 1, { iri: true }],
  ['#\uE000', { path: '', fragment: '\uE000' }, NA, 1, { iri: true }],
  ['http://\uE000.example/', h('\uE000.example', { path: '/' }), NA, 7, { iri: true }],
  ['/\uDB80\uDC00', { path: '/\uDB80\uDC00' }, NA, 1, { iri: true }], // U+F0000
  ['/\uD800', { path: '/\uD800' }, NA, 1, { iri: true }],
  ['/é b', { path: '/é b' }, CH, 2, { iri: true }],
  ['/😀?\uE000#😀', { path: '/😀', query: '\uE000', fragment: '😀' }, [], 0, { iri: true }],
  ['http://ü@é/ä\uE000', h('é', { userinfo: 'ü', path: '/ä\uE000' }), NA, 12, { iri: true }],
];

const REJECTED: readonly Rejected[] = [
  // ---- Controls (CTL) are errors in every mode --------------------------------------------------
  ['http://h/a\tb', 'INVALID_CHAR', 10],
  ['http://h/\r\n', 'INVALID_CHAR', 9],
  ['http://h/a\nb', 'INVALID_CHAR', 10],
  ['http://h\u0000', 'INVALID_CHAR', 8],
  ['/a\u007f', 'INVALID_CHAR', 2],
  ['\nhttp://h', 'INVALID_CHAR', 0],
  ['#\u0000', 'INVALID_CHAR', 1],
  ['?a\u001fb', 'INVALID_CHAR', 2],
  ['http://u\u0000@h', 'INVALID_CHAR', 8],
  ['http://h:8\t0/', 'INVALID_CHAR', 10],
  ['http://h/a b\t', 'INVALID_CHAR', 12],
  ['/é\r', 'INVALID_CHAR', 2, { iri: true }],

  // ---- Ports: digits only, with no "@" to make the text userinfo ---------------------------------
  ['http://h:8 0/', 'INVALID_PORT', 12],
  ['http://h:x/', 'INVALID_PORT', 10],
  ['http://h:80:90', 'INVALID_PORT', 14],
  ['http://u@h:x/', 'INVALID_PORT', 12], // a later "@" could still make "u@h:x" userinfo
  ['http://u@h:8 0/', 'INVALID_PORT', 14],
  ['http://[::1]:8a/', 'INVALID_PORT', 15],
  ['http://u@h:é/', 'INVALID_PORT', 12, { iri: true }],

  // ---- Schemes ---------------------------------------------------------------------------------
  ['a_b:c', 'INVALID_SCHEME', 3],
  ['ht tp://h', 'INVALID_SCHEME', 5],
  [' http://h', 'INVALID_SCHEME', 5],
  ['é:x', 'INVALID_SCHEME', 1],
  ['a b:c', 'INVALID_SCHEME', 3],
  ['a%zz:b', 'INVALID_SCHEME', 4],
  ['[x]:y', 'INVALID_SCHEME', 3],

  // ---- "[" and "]" in an authority outside an IP-literal -----------------------------------------
  ['http://h[1]/', 'INVALID_CHAR', 8],
  ['http://u@h]/', 'INVALID_CHAR', 10],
  ['http://]/', 'INVALID_CHAR', 7],
  ['http://[::1]x/', 'INVALID_CHAR', 12],
  ['http://[::1]]/', 'INVALID_CHAR', 12],
  ['http://[[/', 'INVALID_CHAR', 8],

  // ---- IP-literals: unclosed, or not an IPv6address / IPvFuture ----------------------------------
  ['http://[::1', 'UNCLOSED_IP_LITERAL', 11],
  ['http://[', 'UNCLOSED_IP_LITERAL', 8],
  ['http://[1::2::3]/', 'INVALID_IPV6', 13],
  ['http://[::1.2.3.256]', 'INVALID_IPV6', 18],
  ['http://[12345::]', 'INVALID_IPV6', 12],
  ['http://[fe80::1%25eth0]/', 'INVALID_IPV6', 15],
  ['http://[::1%zz]/', 'INVALID_PERCENT_ENCODING', 11],
  ['http://[::é]/', 'INVALID_CHAR', 10],
  ['http://[v1.é]/', 'INVALID_CHAR', 11],
  ['http://[v1.é]/', 'INVALID_IPVFUTURE', 11, { iri: true }],
  ['http://[v.x]/', 'INVALID_IPVFUTURE', 9],

  // ---- absolute still requires a scheme ---------------------------------------------------------
  ['//h/a b', 'MISSING_SCHEME', 0, { absolute: true }],
  ['a b', 'MISSING_SCHEME', 1, { absolute: true }],
];

// ---------------------------------------------------------------------------------------------

const rec = new Uint32Array(OFFSETS_LENGTH);
const rec2 = new Uint32Array(OFFSETS_LENGTH);

function label(input: string, options?: ParseOptions): string {
  return `${JSON.stringify(input)}${options !== undefined ? ` ${JSON.stringify(options)}` : ''}`;
}

function partsOf(input: string, options: ParseOptions): Parts & { hostType: HostType | undefined } {
  const u = parse(input, options);
  return {
    scheme: u.scheme,
    userinfo: u.userinfo,
    host: u.host,
    hostType: u.hostType,
    port: u.port,
    path: u.path,
    query: u.query,
    fragment: u.fragment,
  };
}

function expectedParts(p: Parts): Parts & { hostType: HostType | undefined } {
  return {
    scheme: p.scheme,
    userinfo: p.userinfo,
    host: p.host,
    hostType: p.host === undefined ? undefined : (p.hostType ?? 'reg-name'),
    port: p.port,
    path: p.path,
    query: p.query,
    fragment: p.fragment,
  };
}

function checkKept([input, parts, warnings, index, extra]: Kept): void {
  const options = { ...extra, lenient: true };
  const where = label(input, options);
  const code = scan(input, rec, options);
  assert.is(code, 0, `${where}: scan failed with ${CODE_NAMES[code]} at ${rec[Slot.ERROR_INDEX]}`);
  assert.equal(partsOf(input, options), expectedParts(parts), where);
  const u = parse(input, options);
  assert.equal(u.warnings, warnings, `${where} warnings`);
  assert.is(u.warningIndex, warnings.length > 0 ? index : undefined, `${where} warningIndex`);
  assert.is(rec[Slot.WARNING_INDEX], warnings.length > 0 ? index : 0, `${where} WARNING_INDEX`);
  assert.is((rec[Slot.FLAGS]! & WARN_FLAGS) !== 0, warnings.length > 0, `${where} WARN_* flags`);
  assert.is(u.href, input, where);
  assert.is(tryParse(input, options)?.href, input, where);
  assert.ok(isValid(input, options), where);
  // Each case is here for what lenient mode adds: strict mode (same other options) rejects it,
  // except the iri cases without a warning, which show that a ucschar is no warning.
  if (warnings.length > 0) assert.not.ok(isValid(input, extra), `${where}: strict mode accepts it`);
  else assert.ok(isValid(input, extra), `${where}: strict mode rejects it, yet lenient mode warns about nothing`);
}

function checkRejected([input, code, index, extra]: Rejected): void {
  const options = { ...extra, lenient: true };
  const where = label(input, options);
  const got = scan(input, rec, options);
  assert.equal([CODE_NAMES[got], rec[Slot.ERROR_INDEX]], [code, index], `scan ${where}`);
  let thrown: unknown;
  try {
    parse(input, options);
  } catch (e) {
    thrown = e;
  }
  assert.instance(thrown, UriError, where);
  assert.equal([(thrown as UriError).code, (thrown as UriError).index], [code, index], `parse ${where}`);
  assert.is(tryParse(input, options), null, where);
  assert.is(isValid(input, options), false, where);
}

for (const c of KEPT) {
  test(`kept ${label(c[0], c[4])}: ${c[2].join(' ') || 'no warning'}${c[2].length > 0 ? ` at ${c[3]}` : ''}`, () => checkKept(c));
}

for (const c of REJECTED) {
  test(`still an error ${label(c[0], c[3])}: ${c[1]} at ${c[2]}`, () => checkRejected(c));
}

test('the case lists hold no duplicates and cover every warning and every character of docs/api.md', () => {
  const keys = [...KEPT.map((c) => JSON.stringify([c[0], c[4] ?? null])), ...REJECTED.map((c) => JSON.stringify([c[0], c[3] ?? null]))];
  assert.is(new Set(keys).size, keys.length);
  const seen = new Set(KEPT.flatMap((c) => c[2]));
  for (const w of ['INVALID_CHAR', 'NON_ASCII', 'INVALID_PERCENT_ENCODING', 'MULTIPLE_AT'] as const) assert.ok(seen.has(w), w);
  for (const ch of [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '[', ']', '#', '@', '%']) {
    assert.ok(
      KEPT.some((c) => c[0].includes(ch) && c[2].length > 0),
      JSON.stringify(ch),
    );
  }
});

// ---- IP-literals stay strict ------------------------------------------------------------------

/**
 * Inside an IP-literal lenient mode tolerates nothing: an input whose IP-literal strict mode
 * rejects is rejected at the same index. The code is strict mode's, or the literal's own
 * (INVALID_IPV6 / INVALID_IPVFUTURE: the literal's grammar cannot accept the character there).
 */
function checkLiteralStaysStrict(input: string, extra?: ParseOptions): void {
  const strict = scan(input, rec, extra);
  const strictIndex = rec[Slot.ERROR_INDEX];
  assert.ok(strict !== 0, `${label(input, extra)}: strict mode accepts it`);
  const options = { ...extra, lenient: true };
  const got = scan(input, rec, options);
  const where = label(input, options);
  assert.ok(
    got !== 0,
    `${where}: lenient mode accepts an IP-literal that strict mode rejects (warnings: ${(rec[Slot.FLAGS]! & WARN_FLAGS).toString(2)})`,
  );
  assert.is(rec[Slot.ERROR_INDEX], strictIndex, `${where}: index`);
  const codes = [CODE_NAMES[strict], 'INVALID_IPV6', 'INVALID_IPVFUTURE'];
  assert.ok(codes.includes(CODE_NAMES[got]!), `${where}: code ${CODE_NAMES[got]}`);
}

const LITERALS: ReadonlyArray<readonly [string, ParseOptions?]> = [
  ['http://[::1 ]/'],
  ['http://[::1"]/'],
  ['http://[::é]/'],
  ['http://[::é]/', { iri: true }],
  ['http://[::1%zz]/'],
  ['http://[v1.é]/'],
  ['http://[v1.x%4]/'],
  ['http://[1::2::3]/'],
];
for (const [input, extra] of LITERALS) {
  test(`IP-literal stays strict: ${label(input, extra)}`, () => checkLiteralStaysStrict(input, extra));
}

// The same rule where lenient mode still accepts or moves the index (see the report with these tests).
test('IP-literal stays strict: IPvFuture holds no space, DQUOTE or "{" (1*( unreserved / sub-delims / ":" ))', () => {
  for (const input of ['http://[v1.a b]/', 'http://[v1.a"b]/', 'http://[v1.{x}]/', 'http://u@[v7.x|y]:80/']) checkLiteralStaysStrict(input);
});

test('IP-literal stays strict: a zone identifier holds pct-encoded, not a broken "%"', () => {
  checkLiteralStaysStrict('http://[fe80::1%25a%zz]/', { zoneId: true });
  checkLiteralStaysStrict('http://[fe80::1%25%4]/', { zoneId: true });
  checkLiteralStaysStrict('http://[::1%zz]/', { zoneId: true });
});

test('IP-literal stays strict: a space in an unclosed literal is the error, not what follows', () => {
  checkLiteralStaysStrict('http://[::1 /');
  checkLiteralStaysStrict('http://[a b');
  checkLiteralStaysStrict('http://[é');
});

// ---- Properties -----------------------------------------------------------------------------

/**
 * The relation between the two modes, for one input:
 *  - what strict mode accepts, lenient mode accepts with the very same offsets record (so no warning);
 *  - what strict mode rejects, lenient mode rejects (never at an earlier index) or accepts with at
 *    least one warning. Lenient and strict mode read the input alike up to the first character strict
 *    mode rejects, so that character is the first one tolerated: warningIndex is strict mode's error
 *    index, except that with several "@" the warning may be at the "@" that made the text userinfo.
 * `absolute` errors are found after the scan, so only the first two rules apply to them.
 */
function checkModes(input: string, extra?: ParseOptions): string | undefined {
  const strict = scan(input, rec, extra);
  const lenient = scan(input, rec2, { ...extra, lenient: true });
  const where = label(input, extra);
  if (strict === 0) {
    if (lenient !== 0) return `${where}: strict accepts, lenient rejects with ${CODE_NAMES[lenient]} at ${rec2[Slot.ERROR_INDEX]}`;
    if (Array.from(rec2).join() !== Array.from(rec).join())
      return `${where}: the records differ: strict ${Array.from(rec)}, lenient ${Array.from(rec2)}`;
    return undefined;
  }
  const strictIndex = rec[Slot.ERROR_INDEX]!;
  if (lenient !== 0) {
    if (extra?.absolute !== true && rec2[Slot.ERROR_INDEX]! < strictIndex)
      return `${where}: lenient fails at ${rec2[Slot.ERROR_INDEX]}, before strict (${strictIndex})`;
    return undefined;
  }
  const flags = rec2[Slot.FLAGS]!;
  if ((flags & WARN_FLAGS) === 0)
    return `${where}: strict rejects (${CODE_NAMES[strict]} at ${strictIndex}), lenient accepts without a warning`;
  if (extra?.absolute === true) return undefined;
  const warningIndex = rec2[Slot.WARNING_INDEX]!;
  if ((flags & Flag.WARN_AT) !== 0 ? warningIndex < strictIndex : warningIndex !== strictIndex) {
    return `${where}: warningIndex ${warningIndex}, strict error ${CODE_NAMES[strict]} at ${strictIndex}`;
  }
  return undefined;
}

function assertModes(inputs: ReadonlyArray<readonly [string, ParseOptions?]>): void {
  const problems = inputs.map(([s, o]) => checkModes(s, o)).filter((p) => p !== undefined);
  assert.ok(problems.length === 0, problems.join('\n'));
}

/** The inputs and options of test/fixtures/offsets.txt (golden, strict-valid unless `lenient`). */
function goldenInputs(): Array<[string, ParseOptions | undefined]> {
  const text = readFileSync(fixture('offsets.txt'), 'utf8');
  const out: Array<[string, ParseOptions | undefined]> = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('input ')) out.push([line.slice('input '.length), undefined]);
    else if (line.startsWith('input-json ')) out.push([JSON.parse(line.slice('input-json '.length)) as string, undefined]);
    else if (line.startsWith('options ')) {
      const options: Record<string, boolean> = {};
      for (const name of line.slice('options '.length).split(' ')) options[name] = true;
      out[out.length - 1]![1] = options;
    }
  }
  return out;
}

test('lenient mode never changes what strict mode accepts: the golden inputs of offsets.txt', () => {
  const golden = goldenInputs().filter(([, o]) => o?.lenient !== true);
  assert.ok(golden.length >= 130, `${golden.length} golden inputs`);
  for (const [input, options] of golden) {
    assert.is(scan(input, rec, options), 0, label(input, options));
    assert.is(scan(input, rec2, { ...options, lenient: true }), 0, label(input, options));
    assert.equal(Array.from(rec2), Array.from(rec), label(input, options));
    assert.is(rec2[Slot.FLAGS]! & WARN_FLAGS, 0, label(input, options));
    const u = parse(input, { ...options, lenient: true });
    assert.equal([u.warnings, u.warningIndex], [[], undefined], label(input, options));
  }
});

test('every strict-mode error of test/support/strict-errors.ts stays an error in lenient mode or parses with a warning', () => {
  assert.ok(STRICT_ERRORS.length >= 200);
  assertModes(STRICT_ERRORS.map((c) => [c[0], c[3]] as const));
});

test('the two modes agree on the inputs of this file', () => {
  assertModes([...KEPT.map((c) => [c[0], c[4]] as const), ...REJECTED.map((c) => [c[0], c[3]] as const)]);
});

/** Inputs built from the characters that move boundaries and the ones lenient mode keeps. */
const PIECES = [
  'http://',
  '//',
  'a',
  'h',
  'x.y',
  '1',
  '80',
  ':',
  '/',
  '?',
  '#',
  '@',
  '[',
  ']',
  '[::1]',
  '[v1.x]',
  '%',
  '%4',
  '%41',
  '.',
  '..',
  ' ',
  '"',
  '<',
  '>',
  '\\',
  '^',
  '`',
  '{',
  '|',
  '}',
  'é',
  '\uE000',
  '😀',
  '\uD800',
  '\uDC00',
  '\t',
];
const messy = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((a) => a.join(''));
const modeOptions = fc.constantFrom<ParseOptions | undefined>(undefined, { iri: true }, { zoneId: true }, { iri: true, zoneId: true });

test('the two modes agree on generated inputs (fast-check, fixed seed)', () => {
  fc.assert(
    fc.property(messy, modeOptions, (input, options) => {
      const problem = checkModes(input, options);
      if (problem !== undefined) throw new Error(problem);
    }),
    { seed: 3986, numRuns: runs(20000) },
  );
});

/**
 * Boundaries are found as in strict mode: replace what lenient mode kept by an ordinary character
 * ("_", unreserved, allowed wherever the kept one was) and strict mode finds the same offsets.
 * Kept are: characters outside the grammar (not CTL), code units >= 0x80 (without iri), a "%"
 * without two hex digits, "[" / "]" outside the host, "#" inside the fragment, "@" inside the userinfo.
 */
function ordinary(input: string, r: Uint32Array): string {
  const f = r[Slot.FLAGS]!;
  const out: string[] = [];
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    const inHost = (f & Flag.AUTHORITY) !== 0 && i >= r[Slot.HOST_START]! && i < r[Slot.HOST_END]!;
    const inUserinfo = (f & Flag.USERINFO) !== 0 && i >= r[Slot.AUTHORITY_START]! && i < r[Slot.USERINFO_END]!;
    const inFragment = (f & Flag.FRAGMENT) !== 0 && i >= r[Slot.FRAGMENT_START]!;
    const badPct = c === '%' && !/^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3));
    const kept =
      ' "<>\\^`{|}'.includes(c) ||
      c.charCodeAt(0) >= 0x80 ||
      badPct ||
      ((c === '[' || c === ']') && !inHost) ||
      (c === '#' && inFragment) ||
      (c === '@' && inUserinfo);
    out.push(kept ? '_' : c);
  }
  return out.join('');
}

test('lenient mode finds the boundaries strict mode finds once the kept characters are ordinary ones', () => {
  const check = (input: string): void => {
    if (scan(input, rec2, L) !== 0) return;
    const plain = ordinary(input, rec2);
    const where = `${JSON.stringify(input)} as ${JSON.stringify(plain)}`;
    if ((rec2[Slot.FLAGS]! & WARN_FLAGS) === 0) assert.is(plain, input, where);
    const code = scan(plain, rec);
    assert.is(code, 0, `${where}: strict mode rejects it (${CODE_NAMES[code]} at ${rec[Slot.ERROR_INDEX]})`);
    rec2[Slot.FLAGS] = rec2[Slot.FLAGS]! & ~WARN_FLAGS;
    rec2[Slot.WARNING_INDEX] = 0;
    assert.equal(Array.from(rec2), Array.from(rec), where);
  };
  for (const c of KEPT) if (c[4] === undefined) check(c[0]);
  fc.assert(
    fc.property(messy, (input) => check(input)),
    { seed: 3987, numRuns: runs(20000) },
  );
});

/**
 * The input with what lenient mode kept (as `ordinary` finds it) percent-encoded by hand: each
 * character as its UTF-8 octets (a lone surrogate as U+FFFD's), a stray "%" as "%25".
 */
function encodedByHand(input: string, r: Uint32Array): string {
  const plain = ordinary(input, r);
  const utf8 = new TextEncoder();
  let out = '';
  for (let i = 0; i < input.length; i++) {
    if (plain[i] === input[i]) {
      out += input[i];
      continue;
    }
    // A surrogate pair is one character, kept as a whole.
    const pair = /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(input.slice(i, i + 2));
    const ch = input.slice(i, pair ? i + 2 : i + 1);
    if (pair) i++;
    for (const b of utf8.encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

test('normalize of a lenient parse is the strict normal form of the input with what was kept percent-encoded', () => {
  const check = (input: string): void => {
    if (scan(input, rec2, L) !== 0) return;
    const by = encodedByHand(input, rec2);
    const where = `${JSON.stringify(input)} encoded by hand ${JSON.stringify(by)}`;
    assert.ok(isValid(by), `${where}: not a strict URI-reference`);
    const n = normalize(input, L);
    assert.is(n, normalize(by), where);
    assert.ok(isValid(n), `${where}: the normal form is not a strict URI-reference`);
    assert.is(normalize(n, L), n, `${where}: the normal form is not normal`);
  };
  for (const c of KEPT) if (c[4] === undefined) check(c[0]);
  // By hand, a few: a stray "%" before %XX that decode (%32 "2", %65 "e"), and each component.
  const mixed = 'http://u@v@h/a b?[x]#y#z%';
  assert.is(scan(mixed, rec2, L), 0);
  assert.is(encodedByHand(mixed, rec2), 'http://u%40v@h/a%20b?%5Bx%5D#y%23z%25');
  assert.is(normalize(mixed, L), 'http://u%40v@h/a%20b?%5Bx%5D#y%23z%25');
  assert.is(normalize('http://h/%%32%65/é', L), 'http://h/%252e/%C3%A9');
  fc.assert(
    fc.property(messy, (input) => check(input)),
    { seed: 3988, numRuns: runs(20000) },
  );
});

// ---- maxLength --------------------------------------------------------------------------------

test('maxLength: TOO_LONG at index maxLength, checked before anything else', () => {
  const s = 'http://example.com/'; // 19 code units
  assert.is(scan(s, rec, { maxLength: 10 }), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 10);
  assert.is(scan(s, rec, { maxLength: 18 }), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 18);
  let thrown: unknown;
  try {
    parse(s, { maxLength: 10 });
  } catch (e) {
    thrown = e;
  }
  assert.instance(thrown, UriError);
  const e = thrown as UriError;
  assert.equal([e.code, e.index, e.input, e.message], ['TOO_LONG', 10, s, 'Input too long: 19 characters, more than maxLength 10']);
  // Before any other check: an invalid input that is too long is TOO_LONG.
  assert.is(scan('http://h/ x', rec, { maxLength: 3 }), ErrorCode.TOO_LONG);
  assert.is(scan('http://h/ x', rec, { maxLength: 11 }), ErrorCode.INVALID_CHAR);
  assert.is(rec[Slot.ERROR_INDEX], 9);
  assert.is(scan('a/b', rec, { maxLength: 2, absolute: true }), ErrorCode.TOO_LONG);
  assert.is(scan('a/b', rec, { maxLength: 3, absolute: true }), ErrorCode.MISSING_SCHEME);
});

test('maxLength: an input of exactly maxLength is accepted; without maxLength there is no limit', () => {
  const s = 'http://example.com/';
  assert.is(scan(s, rec, { maxLength: 19 }), 0);
  assert.is(rec[Slot.LENGTH], 19);
  assert.is(parse(s, { maxLength: 19 }).host, 'example.com');
  assert.is(parse(s, { maxLength: 1000 }).href, s);
  assert.is(parse('', { maxLength: 0 }).path, '');
  const long = `http://h/${'a'.repeat(100000)}`;
  assert.is(parse(long).path.length, 100001);
  assert.is(parse(long, { maxLength: undefined }).path.length, 100001);
  assert.is(tryParse(long, { maxLength: 100008 }), null);
  assert.is(tryParse(long, { maxLength: 100009 })?.href, long);
});

test('maxLength counts UTF-16 code units', () => {
  assert.is(scan('/😀', rec, { iri: true, maxLength: 3 }), 0);
  assert.is(scan('/😀', rec, { iri: true, maxLength: 2 }), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 2);
});

test('maxLength works with tryParse, isValid, and the other options', () => {
  assert.is(tryParse('http://a/b', { maxLength: 9 }), null);
  assert.is(tryParse('http://a/b', { maxLength: 10 })?.path, '/b');
  assert.is(isValid('http://a/b', { maxLength: 9 }), false);
  assert.is(isValid('http://a/b', { maxLength: 10 }), true);
  assert.is(isValid('http://a/b c', { maxLength: 12, lenient: true }), true);
  assert.is(isValid('http://a/b c', { maxLength: 11, lenient: true }), false);
  const u = tryParse('http://a/b c', { maxLength: 12, lenient: true });
  assert.equal([u?.path, u?.warnings, u?.warningIndex], ['/b c', ['INVALID_CHAR'], 10]);
  assert.is(isValid('http://[fe80::1%25x]/', { maxLength: 21, zoneId: true }), true);
  assert.is(isValid('http://[fe80::1%25x]/', { maxLength: 20, zoneId: true }), false);
  assert.is(isValid('/é', { maxLength: 2, iri: true }), true);
  assert.is(isValid('/é', { maxLength: 1, iri: true }), false);
  assert.is(isValid('a:b', { maxLength: 3, absolute: true }), true);
});

test('the options are independent: lenient with absolute, zoneId', () => {
  const u = parse('http://[fe80::1%25eth0]/a b', { lenient: true, zoneId: true });
  assert.equal([u.host, u.hostType, u.path, u.warnings, u.warningIndex], ['[fe80::1%25eth0]', 'ipv6', '/a b', ['INVALID_CHAR'], 25]);
  const a = parse('http://h/a b', { lenient: true, absolute: true });
  assert.equal([a.scheme, a.path, a.warnings], ['http', '/a b', ['INVALID_CHAR']]);
  // lenient: false is strict.
  assert.is(tryParse('http://h/a b', { lenient: false }), null);
});

test('lenient mode keeps non-ASCII but not the C1 controls (U+0080 to U+009F): controls stay errors', () => {
  for (const c of ['\u0080', '\u0085', '\u009b', '\u009f']) {
    for (const s of [`http://h/a${c}b`, `http://h${c}/`, `/?q=${c}`, `#${c}`]) {
      assert.is(scan(s, rec, { lenient: true }), ErrorCode.INVALID_CHAR, JSON.stringify(s));
      assert.is(rec[Slot.ERROR_INDEX], s.indexOf(c), JSON.stringify(s));
      const bytes = Buffer.from(s);
      assert.is(scanBytes(bytes, 0, bytes.length, rec, { lenient: true }), ErrorCode.INVALID_CHAR, `bytes of ${JSON.stringify(s)}`);
      assert.is(rec[Slot.ERROR_INDEX], Buffer.byteLength(s.slice(0, s.indexOf(c))), `bytes of ${JSON.stringify(s)}`);
    }
  }
  // Their neighbours are kept: U+00A0 (no control), U+007E (ASCII), and a lone continuation
  // byte 0x85 (not UTF-8, so no character at all: kept as a byte).
  assert.equal(parse('http://h/a\u00a0b', { lenient: true }).warnings, ['NON_ASCII']);
  const lone = Buffer.from([...Buffer.from('http://h/a'), 0x85, 0x62]);
  assert.is(scanBytes(lone, 0, lone.length, rec, { lenient: true }), 0);
  assert.is(tryParse('http://h/a\u0085b', { lenient: true, iri: true }), null);
  // ByteView and LineScanner read the bytes as Latin-1 text, and decide as scanBytes does.
  const c1 = Buffer.from('http://h/a\u0085b');
  const view = new ByteView({ lenient: true });
  assert.is(view.scan(c1, 0, c1.length), ErrorCode.INVALID_CHAR);
  assert.is(view.offsets[Slot.ERROR_INDEX], 10);
  assert.is(view.scan(lone, 0, lone.length), 0);
  const lines = new LineScanner(Buffer.concat([c1, Buffer.from('\n'), lone]), { lenient: true });
  assert.equal([lines.next(), lines.code, lines.offsets[Slot.ERROR_INDEX]], [true, ErrorCode.INVALID_CHAR, 10]);
  assert.equal([lines.next(), lines.code], [true, 0]);
});

test.run();

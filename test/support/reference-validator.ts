/**
 * A deliberately simple reference for RFC 3986, written from the ABNF of Appendix A (with RFC
 * 3987's IRI rules and RFC 6874's zone identifier as options) and from nothing in urikit: no
 * table, no state, no code of src/ is used. It is what the table-driven `scan` is compared with
 * (test/hostile.test.ts, scripts/fuzz.ts).
 *
 * How it works: every leaf rule of the ABNF is one regular expression, built below from the
 * rules it references, in the RFC's order. The URI-reference is then taken apart by the
 * structure of the grammar, which is deterministic because of which characters each rule
 * allows: the fragment starts at the first "#" (nothing before it may hold "#"), the query at
 * the first "?" before that (hier-part and relative-part hold no "?"), the scheme ends at the
 * first ":" (scheme holds no ":"), the authority after "//" ends at the first "/" (authority
 * holds no "/"), the userinfo at the only "@" (neither userinfo nor host hold "@"), an
 * IP-literal at the first "]", and a reg-name or IPv4address at the first ":" (they hold no
 * ":"). Each piece is then matched, whole, against its rule.
 *
 * Slow (it builds substrings and runs regular expressions) and never used by the library.
 *
 * The second half of the file generates URI-references from the same ABNF, and hostile
 * mutations of them, with fast-check: the inputs of the differential.
 */
import fc from 'fast-check';

// =============================================================================================
// RFC 3986 Appendix A (and RFC 3987 §2.2, RFC 6874 §2), rule by rule.

/** The options that change the grammar; the same names as urikit's ParseOptions. */
export interface ReferenceOptions {
  /** URI instead of URI-reference: a scheme is required. */
  absolute?: boolean;
  /** RFC 3987: ucschar where unreserved may stand, iprivate in the query. */
  iri?: boolean;
  /** RFC 6874: IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]". */
  zoneId?: boolean;
}

/** One grammar's leaf rules, as regular expression sources. */
interface Rules {
  scheme: RegExp;
  userinfo: RegExp;
  IPv4address: RegExp;
  IPv6address: RegExp;
  IPv6addrz: RegExp;
  IPvFuture: RegExp;
  regName: RegExp;
  port: RegExp;
  pathAbempty: RegExp;
  pathAbsolute: RegExp;
  pathNoscheme: RegExp;
  pathRootless: RegExp;
  query: RegExp;
  fragment: RegExp;
}

function buildRules(iri: boolean): Rules {
  // ALPHA = %x41-5A / %x61-7A ; DIGIT = %x30-39 ; HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
  // (ABNF strings are case-insensitive, so HEXDIG admits a-f.)
  const ALPHA = '[A-Za-z]';
  const DIGIT = '[0-9]';
  const HEXDIG = '[0-9A-Fa-f]';
  // ucschar (RFC 3987) = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD
  //   / ... / %xD0000-DDFFD / %xE1000-EFFFD
  const ucschar =
    '[\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}' +
    '\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}' +
    '\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}]';
  // iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
  const iprivate = '[\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}]';
  // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"   (iunreserved adds ucschar)
  const unreservedAscii = '[A-Za-z0-9._~-]';
  const unreserved = iri ? `(?:${unreservedAscii}|${ucschar})` : unreservedAscii;
  // pct-encoded = "%" HEXDIG HEXDIG
  const pctEncoded = `%${HEXDIG}${HEXDIG}`;
  // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
  const subDelims = "[!$&'()*+,;=]";
  // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  const pchar = `(?:${unreserved}|${pctEncoded}|${subDelims}|[:@])`;

  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   (ASCII in IRIs too)
  const scheme = `${ALPHA}(?:${ALPHA}|${DIGIT}|[+.-])*`;
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  const userinfo = `(?:${unreserved}|${pctEncoded}|${subDelims}|:)*`;
  // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
  const decOctet = `(?:${DIGIT}|[1-9]${DIGIT}|1${DIGIT}{2}|2[0-4]${DIGIT}|25[0-5])`;
  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  const IPv4address = `${decOctet}\\.${decOctet}\\.${decOctet}\\.${decOctet}`;
  // h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
  const h16 = `${HEXDIG}{1,4}`;
  const ls32 = `(?:${h16}:${h16}|${IPv4address})`;
  // IPv6address, the nine alternatives of §3.2.2:
  const IPv6address = `(?:${[
    `(?:${h16}:){6}${ls32}`, //                                     6( h16 ":" ) ls32
    `::(?:${h16}:){5}${ls32}`, //                              "::" 5( h16 ":" ) ls32
    `(?:${h16})?::(?:${h16}:){4}${ls32}`, //           [ h16 ] "::" 4( h16 ":" ) ls32
    `(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}`, // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    `(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}`, // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    `(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}`, //       [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
    `(?:(?:${h16}:){0,4}${h16})?::${ls32}`, //              [ *4( h16 ":" ) h16 ] "::"              ls32
    `(?:(?:${h16}:){0,5}${h16})?::${h16}`, //               [ *5( h16 ":" ) h16 ] "::"              h16
    `(?:(?:${h16}:){0,6}${h16})?::`, //                     [ *6( h16 ":" ) h16 ] "::"
  ].join('|')})`;
  // RFC 6874: IPv6addrz = IPv6address "%25" ZoneID ; ZoneID = 1*( unreserved / pct-encoded )
  // (RFC 6874 is ASCII: its unreserved is RFC 3986's.)
  const IPv6addrz = `${IPv6address}%25(?:${unreservedAscii}|${pctEncoded})+`;
  // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )   ("v" is case-insensitive)
  // (RFC 3987 keeps IP-literal ASCII.)
  const IPvFuture = `[vV]${HEXDIG}+\\.(?:${unreservedAscii}|${subDelims}|:)+`;
  // reg-name = *( unreserved / pct-encoded / sub-delims )
  const regName = `(?:${unreserved}|${pctEncoded}|${subDelims})*`;
  // port = *DIGIT
  const port = `${DIGIT}*`;
  // segment = *pchar ; segment-nz = 1*pchar
  // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  const segment = `${pchar}*`;
  const segmentNz = `${pchar}+`;
  const segmentNzNc = `(?:${unreserved}|${pctEncoded}|${subDelims}|@)+`;
  // path-abempty = *( "/" segment ) ; path-absolute = "/" [ segment-nz *( "/" segment ) ]
  // path-noscheme = segment-nz-nc *( "/" segment ) ; path-rootless = segment-nz *( "/" segment )
  const pathAbempty = `(?:/${segment})*`;
  const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`;
  const pathNoscheme = `${segmentNzNc}(?:/${segment})*`;
  const pathRootless = `${segmentNz}(?:/${segment})*`;
  // query = *( pchar / "/" / "?" )   (iquery adds iprivate) ; fragment = *( pchar / "/" / "?" )
  const query = iri ? `(?:${pchar}|${iprivate}|[/?])*` : `(?:${pchar}|[/?])*`;
  const fragment = `(?:${pchar}|[/?])*`;

  const whole = (source: string): RegExp => new RegExp(`^(?:${source})$`, 'u');
  return {
    scheme: whole(scheme),
    userinfo: whole(userinfo),
    IPv4address: whole(IPv4address),
    IPv6address: whole(IPv6address),
    IPv6addrz: whole(IPv6addrz),
    IPvFuture: whole(IPvFuture),
    regName: whole(regName),
    port: whole(port),
    pathAbempty: whole(pathAbempty),
    pathAbsolute: whole(pathAbsolute),
    pathNoscheme: whole(pathNoscheme),
    pathRootless: whole(pathRootless),
    query: whole(query),
    fragment: whole(fragment),
  };
}

const RFC3986 = buildRules(false);
const RFC3987 = buildRules(true);

/** The reference's answer: rejected, or accepted with every component (`undefined` = absent). */
export type ReferenceResult =
  | { readonly ok: false }
  | {
      readonly ok: true;
      readonly scheme: string | undefined;
      readonly userinfo: string | undefined;
      readonly host: string | undefined;
      readonly hostType: 'reg-name' | 'ipv4' | 'ipv6' | 'ipvfuture' | undefined;
      readonly port: string | undefined;
      readonly path: string;
      readonly query: string | undefined;
      readonly fragment: string | undefined;
    };

const REJECTED: ReferenceResult = Object.freeze({ ok: false });

/**
 * Checks `input` against URI-reference (§4.1), or URI (§3) with `absolute`, and returns its
 * components when it matches.
 */
export function referenceParse(input: string, options: ReferenceOptions = {}): ReferenceResult {
  const R = options.iri === true ? RFC3987 : RFC3986;

  // [ "#" fragment ]: the first "#", since nothing before the fragment may hold one.
  let rest = input;
  let fragment: string | undefined;
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
    if (!R.fragment.test(fragment)) return REJECTED;
  }
  // [ "?" query ]: the first "?", since hier-part and relative-part hold none.
  let query: string | undefined;
  const q = rest.indexOf('?');
  if (q !== -1) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
    if (!R.query.test(query)) return REJECTED;
  }

  // URI = scheme ":" hier-part ... ; the scheme ends at the first ":".
  let scheme: string | undefined;
  const colon = rest.indexOf(':');
  if (colon !== -1 && R.scheme.test(rest.slice(0, colon))) {
    scheme = rest.slice(0, colon);
    rest = rest.slice(colon + 1);
  } else if (options.absolute === true) {
    return REJECTED;
  }

  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
  if (rest.startsWith('//')) {
    let end = rest.indexOf('/', 2);
    if (end === -1) end = rest.length;
    const authority = parseAuthority(rest.slice(2, end), R, options.zoneId === true);
    const path = rest.slice(end);
    if (authority === null || !R.pathAbempty.test(path)) return REJECTED;
    return { ok: true, scheme, ...authority, path, query, fragment };
  }
  const path = rest;
  const pathOk =
    path === '' || // path-empty
    R.pathAbsolute.test(path) ||
    (scheme !== undefined ? R.pathRootless.test(path) : R.pathNoscheme.test(path));
  if (!pathOk) return REJECTED;
  return { ok: true, scheme, userinfo: undefined, host: undefined, hostType: undefined, port: undefined, path, query, fragment };
}

interface AuthorityParts {
  userinfo: string | undefined;
  host: string;
  hostType: 'reg-name' | 'ipv4' | 'ipv6' | 'ipvfuture';
  port: string | undefined;
}

/** authority = [ userinfo "@" ] host [ ":" port ] */
function parseAuthority(authority: string, R: Rules, zone: boolean): AuthorityParts | null {
  let rest = authority;
  let userinfo: string | undefined;
  const at = rest.indexOf('@');
  if (at !== -1) {
    userinfo = rest.slice(0, at);
    rest = rest.slice(at + 1);
    if (!R.userinfo.test(userinfo)) return null;
  }
  // host = IP-literal / IPv4address / reg-name
  let host: string;
  let hostType: AuthorityParts['hostType'];
  let afterHost: string;
  if (rest.startsWith('[')) {
    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    const close = rest.indexOf(']');
    if (close === -1) return null;
    const inside = rest.slice(1, close);
    if (R.IPv6address.test(inside) || (zone && R.IPv6addrz.test(inside))) hostType = 'ipv6';
    else if (R.IPvFuture.test(inside)) hostType = 'ipvfuture';
    else return null;
    host = rest.slice(0, close + 1);
    afterHost = rest.slice(close + 1);
  } else {
    const c = rest.indexOf(':');
    host = c === -1 ? rest : rest.slice(0, c);
    afterHost = c === -1 ? '' : rest.slice(c);
    // First match wins (§3.2.2): what matches IPv4address is one, though it is a reg-name too.
    if (R.IPv4address.test(host)) hostType = 'ipv4';
    else if (R.regName.test(host)) hostType = 'reg-name';
    else return null;
  }
  let port: string | undefined;
  if (afterHost !== '') {
    if (!afterHost.startsWith(':')) return null;
    port = afterHost.slice(1);
    if (!R.port.test(port)) return null;
  }
  return { userinfo, host, hostType, port };
}

// =============================================================================================
// Generators from the same ABNF, and hostile mutations (fast-check).

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const DIGITS = '0123456789'.split('');
const HEX = '0123456789abcdefABCDEF'.split('');
const UNRESERVED = [...ALPHA, ...DIGITS, '-', '.', '_', '~'];
const SUB_DELIMS = "!$&'()*+,;=".split('');
/** A few ucschar (BMP and astral) and iprivate characters, for the iri flavour. */
const UCSCHAR = ['é', 'ü', 'ß', '中', '文', '\u3002', '\uFF0E', '\u00A0', '\uFDF0', '😀', '\u{E1000}'];
const IPRIVATE = ['\uE000', '\uF8FF', '\u{F0000}'];

const pick = (xs: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...xs);
const join = (unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> =>
  fc.array(unit, { minLength: min, maxLength: max }).map((a) => a.join(''));

/** The grammar's flavour: plain RFC 3986, or with IRI characters and zone identifiers. */
export interface Flavour {
  iri?: boolean;
  zoneId?: boolean;
}

/** Arbitraries for the rules of Appendix A (and the IRI / zone additions when asked). */
export function grammar(flavour: Flavour = {}) {
  const pct = fc.oneof(
    fc.tuple(pick(HEX), pick(HEX)).map(([a, b]) => `%${a}${b}`),
    pick(['%2e', '%2E', '%2f', '%40', '%3a', '%23', '%3F', '%25', '%5B', '%00', '%0a', '%41', '%7e', '%C3%A9']),
  );
  const unreserved =
    flavour.iri === true ? fc.oneof({ arbitrary: pick(UNRESERVED), weight: 6 }, { arbitrary: pick(UCSCHAR), weight: 1 }) : pick(UNRESERVED);
  const subDelims = pick(SUB_DELIMS);
  const pchar = fc.oneof(
    { arbitrary: unreserved, weight: 8 },
    { arbitrary: pct, weight: 2 },
    { arbitrary: subDelims, weight: 2 },
    { arbitrary: pick([':', '@']), weight: 2 },
  );
  const segment = fc.oneof(
    { arbitrary: join(pchar, 0, 6), weight: 6 },
    { arbitrary: pick(['.', '..', '', '%2e%2e', '.%2E', '..;']), weight: 2 },
  );
  const segmentNz = fc.oneof({ arbitrary: join(pchar, 1, 6), weight: 6 }, { arbitrary: pick(['.', '..']), weight: 1 });
  const segmentNzNc = join(
    fc.oneof(
      { arbitrary: unreserved, weight: 8 },
      { arbitrary: pct, weight: 2 },
      { arbitrary: subDelims, weight: 2 },
      { arbitrary: fc.constant('@'), weight: 1 },
    ),
    1,
    6,
  );
  const more = fc.array(segment, { maxLength: 5 }).map((s) => s.map((x) => `/${x}`).join(''));
  const pathAbempty = more;
  const pathAbsolute = fc
    .option(
      fc.tuple(segmentNz, more).map(([a, b]) => a + b),
      { nil: '' },
    )
    .map((p) => `/${p}`);
  const pathRootless = fc.tuple(segmentNz, more).map(([a, b]) => a + b);
  const pathNoscheme = fc.tuple(segmentNzNc, more).map(([a, b]) => a + b);

  const scheme = fc.oneof(
    { arbitrary: pick(['http', 'HTTPS', 'ftp', 'file', 'mailto', 'urn', 'javascript', 'x', 'a+b-c.d']), weight: 3 },
    { arbitrary: fc.tuple(pick(ALPHA), join(pick([...ALPHA, ...DIGITS, '+', '-', '.']), 0, 6)).map(([a, b]) => a + b), weight: 1 },
  );
  const decOctet = fc.oneof(
    fc.integer({ min: 0, max: 255 }).map(String),
    pick(['0', '9', '10', '99', '100', '199', '200', '249', '250', '255']),
  );
  const ipv4 = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((o) => o.join('.'));
  const h16 = fc.oneof(join(pick(HEX), 1, 4), pick(['0', '0000', 'ffff', 'FFFF']));
  const ls32 = fc.oneof(
    fc.tuple(h16, h16).map(([a, b]) => `${a}:${b}`),
    ipv4,
  );
  const h16s = (n: number) => fc.array(h16, { minLength: n, maxLength: n }).map((a) => a.map((x) => `${x}:`).join(''));
  const before = (max: number) =>
    fc.option(
      fc.array(h16, { minLength: 1, maxLength: max + 1 }).map((a) => a.join(':')),
      { nil: '' },
    );
  // The nine forms of §3.2.2, each built as the ABNF writes it.
  const ipv6 = fc.oneof(
    fc.tuple(h16s(6), ls32).map(([a, b]) => a + b),
    fc.tuple(h16s(5), ls32).map(([a, b]) => `::${a}${b}`),
    fc.tuple(before(0), h16s(4), ls32).map(([p, a, b]) => `${p}::${a}${b}`),
    fc.tuple(before(1), h16s(3), ls32).map(([p, a, b]) => `${p}::${a}${b}`),
    fc.tuple(before(2), h16s(2), ls32).map(([p, a, b]) => `${p}::${a}${b}`),
    fc.tuple(before(3), h16, ls32).map(([p, a, b]) => `${p}::${a}:${b}`),
    fc.tuple(before(4), ls32).map(([p, b]) => `${p}::${b}`),
    fc.tuple(before(5), h16).map(([p, b]) => `${p}::${b}`),
    before(6).map((p) => `${p}::`),
  );
  const zone = join(fc.oneof(pick(UNRESERVED), pct), 1, 5);
  const ipv6Literal =
    flavour.zoneId === true
      ? fc.oneof({ arbitrary: ipv6, weight: 3 }, { arbitrary: fc.tuple(ipv6, zone).map(([a, z]) => `${a}%25${z}`), weight: 1 })
      : ipv6;
  const ipvFuture = fc
    .tuple(pick(['v', 'V']), join(pick(HEX), 1, 3), join(fc.oneof(pick(UNRESERVED), subDelims, fc.constant(':')), 1, 8))
    .map(([v, h, r]) => `${v}${h}.${r}`);
  const regName = fc.oneof(
    {
      arbitrary: join(
        fc.oneof({ arbitrary: unreserved, weight: 8 }, { arbitrary: pct, weight: 1 }, { arbitrary: subDelims, weight: 1 }),
        0,
        12,
      ),
      weight: 5,
    },
    // IPv4 look-alikes that are reg-names, and near misses.
    {
      arbitrary: pick([
        '0x7f.1',
        '0177.0.0.1',
        '2130706433',
        '127.1',
        '127.0.0.1.',
        '256.1.1.1',
        '1.2.3.04',
        '01.2.3.4',
        '1.2.3.4.5',
        'localhost',
      ]),
      weight: 2,
    },
  );
  const host = fc.oneof(
    { arbitrary: regName, weight: 4 },
    { arbitrary: ipv4, weight: 2 },
    { arbitrary: ipv6Literal.map((a) => `[${a}]`), weight: 2 },
    { arbitrary: ipvFuture.map((a) => `[${a}]`), weight: 1 },
  );
  const port = fc.oneof(pick(['', '0', '80', '0080', '65535', '65536', '99999', '4294967377']), join(pick(DIGITS), 0, 6));
  const userinfo = join(
    fc.oneof(
      { arbitrary: unreserved, weight: 6 },
      { arbitrary: pct, weight: 1 },
      { arbitrary: subDelims, weight: 1 },
      { arbitrary: fc.constant(':'), weight: 1 },
    ),
    0,
    10,
  );
  const authority = fc
    .tuple(fc.option(userinfo), host, fc.option(port))
    .map(([u, h, p]) => `${u === null ? '' : `${u}@`}${h}${p === null ? '' : `:${p}`}`);
  const queryChar = fc.oneof(
    { arbitrary: pchar, weight: 8 },
    { arbitrary: pick(['/', '?']), weight: 2 },
    ...(flavour.iri === true ? [{ arbitrary: pick(IPRIVATE), weight: 1 }] : []),
  );
  const query = join(queryChar, 0, 10);
  const fragment = join(fc.oneof({ arbitrary: pchar, weight: 8 }, { arbitrary: pick(['/', '?']), weight: 2 }), 0, 10);
  const tail = fc.tuple(fc.option(query), fc.option(fragment)).map(([q, f]) => `${q === null ? '' : `?${q}`}${f === null ? '' : `#${f}`}`);

  // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  const uri = fc
    .tuple(
      scheme,
      fc.oneof(
        fc.tuple(authority, pathAbempty).map(([a, p]) => `//${a}${p}`),
        pathAbsolute,
        pathRootless,
        fc.constant(''),
      ),
      tail,
    )
    .map(([s, h, t]) => `${s}:${h}${t}`);
  // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  const relativeRef = fc
    .tuple(
      fc.oneof(
        fc.tuple(authority, pathAbempty).map(([a, p]) => `//${a}${p}`),
        pathAbsolute,
        pathNoscheme,
        fc.constant(''),
      ),
      tail,
    )
    .map(([p, t]) => p + t);
  // Every component present: scheme "://" authority path "?" query "#" fragment (§5.3's recomposition).
  const fullUri = fc.tuple(scheme, authority, pathAbempty, query, fragment).map(([s, a, p, q, f]) => `${s}://${a}${p}?${q}#${f}`);
  const uriReference = fc.oneof({ arbitrary: uri, weight: 3 }, { arbitrary: relativeRef, weight: 2 });
  return { uri, relativeRef, uriReference, fullUri, authority, host, ipv4, ipv6, ipvFuture, regName, port, userinfo };
}

/**
 * Characters and short strings that move boundaries, break rules, or look like something they
 * are not: delimiters, broken and encoded "%", characters outside the grammar, controls,
 * non-ASCII (ucschar, iprivate, lone surrogates, Unicode dots), IP-literal pieces.
 */
export const HOSTILE: readonly string[] = [
  ':',
  '/',
  '?',
  '#',
  '[',
  ']',
  '@',
  '%',
  '%2',
  '%zz',
  '%25',
  '%2e',
  '%2F',
  '%40',
  '.',
  '..',
  '//',
  '::',
  '\\',
  ' ',
  '\t',
  '\r',
  '\n',
  '\u0000',
  '\u0008',
  '\u007f',
  '"',
  '<',
  '>',
  '^',
  '`',
  '{',
  '|',
  '}',
  'é',
  '\u3002',
  '\uFF0E',
  '\uFF03',
  '\u00A0',
  '\uFEFF',
  '\uFFFD',
  '\uFFFE',
  '\uE000',
  '😀',
  '\uD800',
  '\uDC00',
  'v1.',
  'v',
  '0x',
  '0',
  '9',
  'a',
  'F',
  ':80',
  '@@',
  '[::1]',
  '%25eth0',
  '-',
  '+',
  '~',
  '!',
  '=',
];

/** The single characters of HOSTILE (one code point each; a lone surrogate counts as one). */
export const HOSTILE_CHARS: readonly string[] = HOSTILE.filter((t) => [...t].length === 1);

/** One edit: insert, delete or replace at a position (taken modulo the input's length). */
export type Mutation = readonly ['insert' | 'replace', number, string] | readonly ['delete', number];

/** Edits with pieces of `alphabet` (default: all of HOSTILE, multi-character pieces included). */
export function mutation(alphabet: readonly string[] = HOSTILE): fc.Arbitrary<Mutation> {
  return fc.oneof(
    fc.tuple(fc.constant('insert' as const), fc.nat(), fc.constantFrom(...alphabet)),
    fc.tuple(fc.constant('replace' as const), fc.nat(), fc.constantFrom(...alphabet)),
    fc.tuple(fc.constant('delete' as const), fc.nat()),
  );
}

/** Applies one edit to s (by code unit, so that surrogate pairs can be split). */
export function mutate(s: string, m: Mutation): string {
  const at = s.length === 0 ? 0 : m[1] % (m[0] === 'insert' ? s.length + 1 : s.length);
  if (m[0] === 'insert') return s.slice(0, at) + m[2] + s.slice(at);
  if (s.length === 0) return m[0] === 'replace' ? m[2] : s;
  if (m[0] === 'delete') return s.slice(0, at) + s.slice(at + 1);
  return s.slice(0, at) + m[2] + s.slice(at + 1);
}

/** Inputs from the grammar with one to `maxEdits` hostile edits. */
export function mutated(source: fc.Arbitrary<string>, maxEdits = 3, alphabet: readonly string[] = HOSTILE): fc.Arbitrary<string> {
  return fc.tuple(source, fc.array(mutation(alphabet), { minLength: 1, maxLength: maxEdits })).map(([s, ms]) => ms.reduce(mutate, s));
}

/** Inputs from the grammar with exactly one single-character edit (insert, delete or replace). */
export function mutatedOnce(source: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return mutated(source, 1, HOSTILE_CHARS);
}

/** Strings of hostile pieces only: no grammar at all. */
export const hostileSoup: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom('http:', '//', 'a', 'h.x', '1.2.3.4', '[v1.x]', '?q', '#f', 'u@')), {
    maxLength: 14,
  })
  .map((a) => a.join(''));

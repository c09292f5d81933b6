/**
 * A deliberately simple reference for RFC 3986, written from the ABNF of Appendix A (with RFC
 * 3987's IRI rules and RFC 6874's zone identifier as options) and from nothing in urikit: no
 * table, no state, no code of src/ is used. It is what the table-driven `scan` is compared with
 * (test/hostile.slow.test.ts and the fuzzer, through test/support/fuzz-checks.ts).
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
 */

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

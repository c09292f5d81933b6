/**
 * The RFC 3986 ABNF (Appendix A) as fast-check arbitraries, one per rule, with RFC 3987's IRI
 * characters and RFC 6874's zone identifiers as flavours: the one generator of valid
 * URI-references for the tests and the scripts (fuzz, exactness, differential).
 *
 * Each rule is built as the ABNF writes it, weighted toward what makes a parser or an operation
 * work: dot-segments and their encoded spellings, percent-encodings of unreserved and reserved
 * octets, the nine IPv6address forms, IPv4 look-alikes that are reg-names (first match wins,
 * §3.2.2), ports of every length, empty versus absent components. Quoted strings in ABNF are
 * case-insensitive (RFC 5234 §2.3), so "v" and the HEXDIG letters come in both cases.
 */
import fc from 'fast-check';

export const ALPHA: readonly string[] = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
export const DIGIT: readonly string[] = [...'0123456789'];
export const HEXDIG: readonly string[] = [...'0123456789abcdefABCDEF'];
const UNRESERVED = [...ALPHA, ...DIGIT, '-', '.', '_', '~'];
const SUB_DELIMS = [..."!$&'()*+,;="];
/** A few ucschar (BMP and astral) and iprivate characters, for the iri flavour. */
const UCSCHAR = ['é', 'ü', 'ß', '中', '文', '\u3002', '\uFF0E', '\u00A0', '\uFDF0', '😀', '\u{E1000}'];
const IPRIVATE = ['\uE000', '\uF8FF', '\u{F0000}'];

/** Percent-encodings worth meeting often: unreserved octets (decoded by normalize), delimiters, "%" itself, UTF-8, case. */
const PCT = ['%2e', '%2E', '%2f', '%2F', '%40', '%3a', '%23', '%3F', '%25', '%5B', '%00', '%0a', '%41', '%7e', '%7E'];
const PCT_UTF8 = ['%C3%A9', '%c3%bc', '%E2%82%AC', '%ff'];
/** Dot-segments and what only looks like one. */
const DOT_SEGMENTS = ['.', '..', '', '%2e%2e', '.%2E', '%2E', '..;', '..a', 'a..'];
const SCHEMES = [
  'http',
  'HTTP',
  'https',
  'HTTPS',
  'HtTpS',
  'ws',
  'wss',
  'ftp',
  'file',
  'mailto',
  'urn',
  'javascript',
  'x',
  'a+b-c.d',
  'Foo1',
];
/** Reg-names that look like IPv4 addresses (§3.2.2: they are not one), and near misses. */
const IPV4_LOOKALIKES = [
  '0x7f.1',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '2130706433',
  '127.1',
  '127.0.0.1.',
  '256.1.1.1',
  '300.1.2.3',
  '1.2.3.256',
  '1.2.3.04',
  '01.2.3.4',
  '00.0.0.0',
  '1.2.3',
  '1..2.3',
  '1.2.3.4.5',
];
const HOST_NAMES = ['localhost', 'example.com', 'EXAMPLE.com', 'EXAMPLE.ORG', 'a.b-c.d', 'a%2Eb', '%41%42', 'xn--bcher-kva.example'];
/** IPv6 addresses that normalization rewrites (zeros, case, an embedded IPv4 address). */
const IPV6_WRITTEN = [
  '::',
  '::1',
  '::ffff:1.2.3.4',
  '::FFFF:102:304',
  '0:0:0:0:0:ffff:0102:0304',
  '2001:DB8:0:0:1:0:0:1',
  '1:0:0:2:0:0:0:3',
];
const PORTS = ['', '0', '80', '0080', '443', '21', '8080', '65535', '65536', '99999', '4294967296', '4294967377'];

const pick = (xs: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...xs);
const join = (unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> =>
  fc.array(unit, { minLength: min, maxLength: max }).map((a) => a.join(''));
const optional = (prefix: string, a: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.option(a).map((x) => (x === null ? '' : prefix + x));

/** The grammar's flavour: plain RFC 3986, or with IRI characters and zone identifiers. */
export interface Flavour {
  iri?: boolean;
  zoneId?: boolean;
}

/** Arbitraries for the rules of Appendix A (and the IRI / zone additions when asked). */
export function grammar(flavour: Flavour = {}) {
  // pct-encoded = "%" HEXDIG HEXDIG
  const pctEncoded = fc.oneof(
    fc.tuple(pick(HEXDIG), pick(HEXDIG)).map(([a, b]) => `%${a}${b}`),
    fc.oneof({ arbitrary: pick(PCT), weight: 3 }, { arbitrary: pick(PCT_UTF8), weight: 1 }),
  );
  // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"   (iunreserved adds ucschar)
  const unreserved =
    flavour.iri === true ? fc.oneof({ arbitrary: pick(UNRESERVED), weight: 6 }, { arbitrary: pick(UCSCHAR), weight: 1 }) : pick(UNRESERVED);
  // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
  const subDelims = pick(SUB_DELIMS);
  // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  const pchar = fc.oneof(
    { arbitrary: unreserved, weight: 8 },
    { arbitrary: pctEncoded, weight: 2 },
    { arbitrary: subDelims, weight: 2 },
    { arbitrary: pick([':', '@']), weight: 2 },
  );

  // segment = *pchar ; segment-nz = 1*pchar ; segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  const segment = fc.oneof({ arbitrary: join(pchar, 0, 6), weight: 6 }, { arbitrary: pick(DOT_SEGMENTS), weight: 2 });
  const segmentNz = fc.oneof({ arbitrary: join(pchar, 1, 6), weight: 6 }, { arbitrary: pick(['.', '..']), weight: 2 });
  const segmentNzNc = fc.oneof(
    {
      arbitrary: join(
        fc.oneof(
          { arbitrary: unreserved, weight: 8 },
          { arbitrary: pctEncoded, weight: 2 },
          { arbitrary: subDelims, weight: 2 },
          { arbitrary: fc.constant('@'), weight: 1 },
        ),
        1,
        6,
      ),
      weight: 6,
    },
    { arbitrary: pick(['.', '..']), weight: 2 },
  );
  // path-abempty = *( "/" segment ) ; path-absolute = "/" [ segment-nz *( "/" segment ) ]
  // path-noscheme = segment-nz-nc *( "/" segment ) ; path-rootless = segment-nz *( "/" segment )
  const pathAbempty = fc.array(segment, { maxLength: 5 }).map((s) => s.map((x) => `/${x}`).join(''));
  const pathAbsolute = fc
    .option(
      fc.tuple(segmentNz, pathAbempty).map(([a, b]) => a + b),
      { nil: '' },
    )
    .map((p) => `/${p}`);
  const pathNoscheme = fc.tuple(segmentNzNc, pathAbempty).map(([a, b]) => a + b);
  const pathRootless = fc.tuple(segmentNz, pathAbempty).map(([a, b]) => a + b);

  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   (ASCII in IRIs too)
  const scheme = fc.oneof(
    { arbitrary: pick(SCHEMES), weight: 3 },
    { arbitrary: fc.tuple(pick(ALPHA), join(pick([...ALPHA, ...DIGIT, '+', '-', '.']), 0, 6)).map(([a, b]) => a + b), weight: 1 },
  );

  // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
  const decOctet = fc.oneof(
    fc.integer({ min: 0, max: 255 }).map(String),
    pick(['0', '9', '10', '99', '100', '199', '200', '249', '250', '255']),
  );
  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  const ipv4 = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((o) => o.join('.'));
  // h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
  const h16 = fc.oneof(join(pick(HEXDIG), 1, 4), pick(['0', '0000', 'ffff', 'FFFF']));
  const ls32 = fc.oneof(
    fc.tuple(h16, h16).map(([a, b]) => `${a}:${b}`),
    ipv4,
  );
  const h16s = (n: number) => fc.array(h16, { minLength: n, maxLength: n }).map((a) => a.map((x) => `${x}:`).join(''));
  // [ *n( h16 ":" ) h16 ] before "::"
  const before = (n: number) =>
    fc.option(
      fc.array(h16, { minLength: 1, maxLength: n + 1 }).map((a) => a.join(':')),
      { nil: '' },
    );
  // IPv6address: the nine forms of §3.2.2, each as the ABNF writes it, and a few written forms.
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
    pick(IPV6_WRITTEN),
  );
  // RFC 6874: IPv6addrz = IPv6address "%25" ZoneID ; ZoneID = 1*( unreserved / pct-encoded )
  const zone = join(fc.oneof(pick(UNRESERVED), pctEncoded), 1, 5);
  const ipv6Literal =
    flavour.zoneId === true
      ? fc.oneof({ arbitrary: ipv6, weight: 3 }, { arbitrary: fc.tuple(ipv6, zone).map(([a, z]) => `${a}%25${z}`), weight: 1 })
      : ipv6;
  // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )   (ASCII in IRIs too)
  const ipvFuture = fc
    .tuple(pick(['v', 'V']), join(pick(HEXDIG), 1, 3), join(fc.oneof(pick(UNRESERVED), subDelims, fc.constant(':')), 1, 8))
    .map(([v, h, r]) => `${v}${h}.${r}`);
  // reg-name = *( unreserved / pct-encoded / sub-delims )
  const regName = fc.oneof(
    {
      arbitrary: join(
        fc.oneof({ arbitrary: unreserved, weight: 8 }, { arbitrary: pctEncoded, weight: 1 }, { arbitrary: subDelims, weight: 1 }),
        0,
        12,
      ),
      weight: 5,
    },
    { arbitrary: pick(IPV4_LOOKALIKES), weight: 1 },
    { arbitrary: pick(HOST_NAMES), weight: 1 },
  );
  // host = IP-literal / IPv4address / reg-name ; IP-literal = "[" ( IPv6address / IPvFuture ) "]"
  const host = fc.oneof(
    { arbitrary: regName, weight: 4 },
    { arbitrary: ipv4, weight: 2 },
    { arbitrary: ipv6Literal.map((a) => `[${a}]`), weight: 2 },
    { arbitrary: ipvFuture.map((a) => `[${a}]`), weight: 1 },
  );
  // port = *DIGIT   (empty, leading zeros, above 65535, very long)
  const port = fc.oneof(
    { arbitrary: pick(PORTS), weight: 2 },
    { arbitrary: join(pick(DIGIT), 0, 6), weight: 2 },
    { arbitrary: join(pick(DIGIT), 10, 30), weight: 1 },
  );
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  const userinfo = join(
    fc.oneof(
      { arbitrary: unreserved, weight: 6 },
      { arbitrary: pctEncoded, weight: 1 },
      { arbitrary: subDelims, weight: 1 },
      { arbitrary: fc.constant(':'), weight: 1 },
    ),
    0,
    10,
  );
  // authority = [ userinfo "@" ] host [ ":" port ]
  const authority = fc
    .tuple(
      optional(
        '',
        userinfo.map((u) => `${u}@`),
      ),
      host,
      optional(':', port),
    )
    .map(([u, h, p]) => u + h + p);

  // query = *( pchar / "/" / "?" )   (iquery adds iprivate) ; fragment = *( pchar / "/" / "?" )
  const query = join(
    fc.oneof(
      { arbitrary: pchar, weight: 8 },
      { arbitrary: pick(['/', '?']), weight: 2 },
      ...(flavour.iri === true ? [{ arbitrary: pick(IPRIVATE), weight: 1 }] : []),
    ),
    0,
    10,
  );
  const fragment = join(fc.oneof({ arbitrary: pchar, weight: 8 }, { arbitrary: pick(['/', '?']), weight: 2 }), 0, 10);
  // [ "?" query ] [ "#" fragment ]
  const tail = fc.tuple(optional('?', query), optional('#', fragment)).map(([q, f]) => q + f);

  // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  const uri = fc
    .tuple(
      scheme,
      fc.oneof(
        { arbitrary: fc.tuple(authority, pathAbempty).map(([a, p]) => `//${a}${p}`), weight: 3 },
        { arbitrary: pathAbsolute, weight: 1 },
        { arbitrary: pathRootless, weight: 1 },
        { arbitrary: fc.constant(''), weight: 1 },
      ),
      tail,
    )
    .map(([s, h, t]) => `${s}:${h}${t}`);
  // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
  const relativeRef = fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.tuple(authority, pathAbempty).map(([a, p]) => `//${a}${p}`), weight: 2 },
        { arbitrary: pathAbsolute, weight: 2 },
        { arbitrary: pathNoscheme, weight: 3 },
        { arbitrary: fc.constant(''), weight: 1 },
      ),
      tail,
    )
    .map(([p, t]) => p + t);
  // URI-reference = URI / relative-ref
  const uriReference = fc.oneof({ arbitrary: uri, weight: 3 }, { arbitrary: relativeRef, weight: 2 });
  // Every component present: scheme "://" authority path "?" query "#" fragment (§5.3's recomposition).
  const fullUri = fc.tuple(scheme, authority, pathAbempty, query, fragment).map(([s, a, p, q, f]) => `${s}://${a}${p}?${q}#${f}`);

  return {
    pctEncoded,
    pchar,
    segment,
    segmentNz,
    segmentNzNc,
    pathAbempty,
    pathAbsolute,
    pathNoscheme,
    pathRootless,
    scheme,
    ipv4,
    ipv6,
    ipvFuture,
    regName,
    host,
    port,
    userinfo,
    authority,
    query,
    fragment,
    tail,
    uri,
    relativeRef,
    uriReference,
    fullUri,
  };
}

/** The arbitraries of one flavour of the grammar. */
export type Grammar = ReturnType<typeof grammar>;

/**
 * Properties of resolution, normalization, equivalence, relativization and percent-encoding over
 * URI-references generated from the RFC 3986 ABNF (Appendix A): every host type, ports, empty
 * versus absent components, percent-encodings and dot-segments. Each property has a fixed seed,
 * so a failure reproduces; the run counts keep the whole file at a few seconds.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Component,
  equivalent,
  isValid,
  normalize,
  parse,
  percentDecode,
  percentEncode,
  relativize,
  resolve,
} from '../../src/index.js';

// =============================================================================================
// The grammar, as arbitraries.

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const DIGIT = '0123456789'.split('');
const HEXDIG = '0123456789abcdefABCDEF'.split('');
const UNRESERVED = [...ALPHA, ...DIGIT, '-', '.', '_', '~'];
const SUB_DELIMS = "!$&'()*+,;=".split('');

const chars = (cs: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...cs);
const str = (unit: fc.Arbitrary<string>, minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.array(unit, { minLength, maxLength }).map((a) => a.join(''));

/** pct-encoded, weighted toward the interesting octets: unreserved ones (decoded by normalize), "%25", "/", "." and lower-case hex. */
const pctEncoded: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(chars(HEXDIG), chars(HEXDIG)).map(([a, b]) => `%${a}${b}`),
  fc.constantFrom('%41', '%7e', '%7E', '%2e', '%2E', '%2f', '%2F', '%25', '%3a', '%40', '%c3%bc', '%E2%82%AC', '%ff'),
);
const unreserved = chars(UNRESERVED);
const subDelims = chars(SUB_DELIMS);
const pchar: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: unreserved, weight: 6 },
  { arbitrary: pctEncoded, weight: 2 },
  { arbitrary: subDelims, weight: 1 },
  { arbitrary: fc.constantFrom(':', '@'), weight: 1 },
);
const pcharNoColon: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: unreserved, weight: 6 },
  { arbitrary: pctEncoded, weight: 2 },
  { arbitrary: subDelims, weight: 1 },
  { arbitrary: fc.constant('@'), weight: 1 },
);

/** segment = *pchar, often a dot-segment. */
const segment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: str(pchar, 0, 5), weight: 5 },
  { arbitrary: fc.constantFrom('.', '..', '', '%2E', '.%2e', '..a', 'a..'), weight: 3 },
);
const segmentNz = fc.oneof({ arbitrary: str(pchar, 1, 5), weight: 5 }, { arbitrary: fc.constantFrom('.', '..'), weight: 3 });
const segmentNzNc = fc.oneof({ arbitrary: str(pcharNoColon, 1, 5), weight: 5 }, { arbitrary: fc.constantFrom('.', '..'), weight: 3 });
const moreSegments = fc.array(segment, { maxLength: 5 }).map((s) => s.map((x) => `/${x}`).join(''));

const pathAbempty = moreSegments;
const pathAbsolute = fc
  .option(
    fc.tuple(segmentNz, moreSegments).map(([a, b]) => a + b),
    { nil: '' },
  )
  .map((p) => `/${p}`);
const pathRootless = fc.tuple(segmentNz, moreSegments).map(([a, b]) => a + b);
const pathNoscheme = fc.tuple(segmentNzNc, moreSegments).map(([a, b]) => a + b);

const scheme: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom('http', 'HTTP', 'https', 'HtTpS', 'ws', 'wss', 'ftp', 'mailto', 'file', 'urn', 'x'), weight: 3 },
  { arbitrary: fc.tuple(chars(ALPHA), str(chars([...ALPHA, ...DIGIT, '+', '-', '.']), 0, 6)).map(([a, b]) => a + b), weight: 1 },
);

const decOctet = fc.integer({ min: 0, max: 255 }).map(String);
const ipv4 = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((o) => o.join('.'));
const h16 = fc.oneof(str(chars(HEXDIG), 1, 4), fc.constantFrom('0', '0000', 'ffff', 'FFFF'));

/** Every IPv6address form of §3.2.2: eight groups, or "::" with at most seven, an IPv4 tail in place of the last two. */
const ipv6: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.array(h16, { minLength: 6, maxLength: 6 }), fc.option(ipv4), h16, h16)
    .map(([six, v4, a, b]) => `${six.join(':')}:${v4 ?? `${a}:${b}`}`),
  fc.tuple(fc.array(h16, { maxLength: 7 }), fc.array(h16, { maxLength: 7 }), fc.option(ipv4)).map(([left, right, v4]) => {
    const r = right.slice(0, 7 - left.length);
    const tail = v4 !== null && r.length >= 2 ? [...r.slice(0, -2), v4] : r;
    return `${left.join(':')}::${tail.join(':')}`;
  }),
  fc.constantFrom('::', '::1', '::ffff:1.2.3.4', '::FFFF:102:304', '0:0:0:0:0:ffff:0102:0304', '2001:DB8:0:0:1:0:0:1', '1:0:0:2:0:0:0:3'),
);
const ipvFuture = fc
  .tuple(fc.constantFrom('v', 'V'), str(chars(HEXDIG), 1, 2), str(fc.oneof(unreserved, subDelims, fc.constant(':')), 1, 6))
  .map(([v, h, rest]) => `${v}${h}.${rest}`);
const regName = fc.oneof(
  {
    arbitrary: str(
      fc.oneof({ arbitrary: unreserved, weight: 6 }, { arbitrary: pctEncoded, weight: 1 }, { arbitrary: subDelims, weight: 1 }),
      0,
      10,
    ),
    weight: 5,
  },
  { arbitrary: fc.constantFrom('example.com', 'EXAMPLE.com', '01.2.3.4', '256.1.1.1', '1.2.3', 'a%2Eb', '%41%42', 'localhost'), weight: 2 },
);
const host: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: regName, weight: 4 },
  { arbitrary: ipv4, weight: 1 },
  { arbitrary: ipv6.map((a) => `[${a}]`), weight: 2 },
  { arbitrary: ipvFuture.map((a) => `[${a}]`), weight: 1 },
);
const port = fc.oneof(fc.constantFrom('', '80', '0080', '443', '21', '0', '8080', '65536'), str(chars(DIGIT), 0, 5));
const userinfo = str(fc.oneof(unreserved, pctEncoded, subDelims, fc.constant(':')), 0, 8);
const authority = fc
  .tuple(fc.option(userinfo), host, fc.option(port))
  .map(([u, h, p]) => `${u === null ? '' : `${u}@`}${h}${p === null ? '' : `:${p}`}`);

const queryOrFragment = str(fc.oneof({ arbitrary: pchar, weight: 8 }, { arbitrary: fc.constantFrom('/', '?'), weight: 2 }), 0, 8);
const tail = fc
  .tuple(fc.option(queryOrFragment), fc.option(queryOrFragment))
  .map(([q, f]) => `${q === null ? '' : `?${q}`}${f === null ? '' : `#${f}`}`);

/** URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]. */
const uri: fc.Arbitrary<string> = fc
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

/** relative-ref = relative-part [ "?" query ] [ "#" fragment ]. */
const relativeRef: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.tuple(authority, pathAbempty).map(([a, p]) => `//${a}${p}`), weight: 1 },
      { arbitrary: pathAbsolute, weight: 2 },
      { arbitrary: pathNoscheme, weight: 4 },
      { arbitrary: fc.constant(''), weight: 1 },
    ),
    tail,
  )
  .map(([p, t]) => p + t);

/** URI-reference = URI / relative-ref. */
const uriReference: fc.Arbitrary<string> = fc.oneof(uri, relativeRef);

/** Bases that share the targets' scheme and authority often enough for relativize to have work to do. */
const httpBase = fc.oneof(
  fc
    .tuple(fc.constantFrom('http://a', 'http://a:80', 'HTTP://A', 'http://u@a', 'x://a'), pathAbempty, tail)
    .map(([sa, p, t]) => sa + p + t),
  fc.tuple(fc.oneof(pathAbsolute, pathRootless, fc.constant('')), tail).map(([p, t]) => `x:${p}${t}`),
);
const base: fc.Arbitrary<string> = fc.oneof(uri, httpBase);

const run = (name: string, seed: number, numRuns: number, prop: fc.IRawProperty<unknown>): void => {
  test(name, () => {
    fc.assert(prop, { seed, numRuns });
  });
};

// =============================================================================================
// The generator itself.

run(
  'the generator produces valid URI-references only',
  1,
  10_000,
  fc.property(uriReference, base, (s, b) => isValid(s) && isValid(b, { absolute: true })),
);

// =============================================================================================
// Resolution.

run(
  'resolve (strict, non-strict, rfc2396) always gives a URI that parses',
  2,
  15000,
  fc.property(base, uriReference, (b, r) => {
    for (const options of [undefined, { strict: false }, { rfc2396: true }]) {
      const t = resolve(b, r, options);
      if (!isValid(t))
        throw new Error(
          `resolve(${JSON.stringify(b)}, ${JSON.stringify(r)}, ${JSON.stringify(options)}) = ${JSON.stringify(t)} does not parse`,
        );
      if (options === undefined && parse(t).scheme === undefined) throw new Error('an RFC 3986 target always has a scheme');
    }
  }),
);

run(
  'resolve gives the same target for a Uri as for its string; a target resolves the same against any base, once',
  3,
  10000,
  fc.property(base, uriReference, (b, r) => {
    const t = resolve(b, r);
    assert.is(resolve(parse(b), parse(r)), t);
    // A target has a scheme: T = R (§5.2.2) whatever the base, and a second pass changes nothing.
    // (Not t itself: an empty reference keeps the base's path with its dot-segments, as §5.2.2 says.)
    const again = resolve(b, t);
    assert.is(again, resolve('z:/', t));
    assert.is(resolve(b, again), again);
  }),
);

// =============================================================================================
// Normalization and equivalence.

run(
  'normalize is idempotent, and its output parses',
  4,
  20000,
  fc.property(uriReference, (s) => {
    const n = normalize(s);
    assert.ok(isValid(n), `normalize(${JSON.stringify(s)}) = ${JSON.stringify(n)} does not parse`);
    assert.is(normalize(n), n, `normalize(${JSON.stringify(s)}) = ${JSON.stringify(n)} is not normal`);
  }),
);

run(
  'equivalent is reflexive and symmetric, and every URI is equivalent to its normal form',
  5,
  15000,
  fc.property(
    uriReference,
    fc.oneof(
      uriReference,
      uriReference.map((s) => normalize(s)),
    ),
    (a, b) => {
      assert.ok(equivalent(a, a));
      assert.ok(equivalent(a, normalize(a)));
      assert.is(equivalent(a, b), equivalent(b, a));
    },
  ),
);

run(
  'a normal form resolves to itself (normalize agrees with resolution on dot-segments)',
  6,
  10000,
  fc.property(base, uri, (b, t) => {
    const n = normalize(t);
    assert.is(resolve(b, n), n);
  }),
);

// =============================================================================================
// Relativization.

run(
  'normalize(resolve(b, relativize(b, t))) === normalize(t) for every absolute target',
  7,
  20000,
  fc.property(
    // Unrelated targets, and targets reached from the base (same scheme and authority, nearby paths).
    base.chain((b) =>
      fc.tuple(
        fc.constant(b),
        fc.oneof(
          uri,
          uriReference.map((r) => resolve(b, r)),
        ),
      ),
    ),
    ([b, t]) => {
      const r = relativize(b, t);
      const n = normalize(t);
      assert.is(normalize(resolve(b, r)), n, `relativize(${JSON.stringify(b)}, ${JSON.stringify(t)}) = ${JSON.stringify(r)}`);
      assert.ok(r.length <= n.length, 'never longer than the target');
    },
  ),
);

// =============================================================================================
// Percent-encoding.

const COMPONENTS: readonly Component[] = ['component', 'userinfo', 'reg-name', 'segment', 'path', 'query', 'fragment'];
const component = fc.constantFrom(...COMPONENTS);
/** Well-formed strings (no lone surrogates, which percentEncode rejects by design), with plenty of "%". */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 16 }),
  str(fc.constantFrom('%', '2', '5', 'a', 'F', '/', '?', '#', '[', ':', '@', ' ', 'é', '😀'), 0, 12),
);

run(
  'percentDecode(percentEncode(s, c)) === s for every well-formed string and component',
  8,
  20000,
  fc.property(text, component, (s, c) => {
    assert.is(percentDecode(percentEncode(s, c)), s);
    assert.is(percentDecode(percentEncode(s, c), { fatal: true }), s);
  }),
);

/** Puts an encoded value in its component's place, and reads that component back. */
const PLACES: Record<Component, (e: string) => [string, (u: ReturnType<typeof parse>) => string | undefined, string]> = {
  component: (e) => [`s://h/${e}?${e}#${e}`, (u) => u.query, e],
  userinfo: (e) => [`s://${e}@h/`, (u) => u.userinfo, e],
  'reg-name': (e) => [`s://${e}/`, (u) => u.host, e],
  segment: (e) => [`s://h/${e}/x`, (u) => u.path, `/${e}/x`],
  path: (e) => [`s://h/${e}`, (u) => u.path, `/${e}`],
  query: (e) => [`s://h/?${e}`, (u) => u.query, e],
  fragment: (e) => [`s://h/#${e}`, (u) => u.fragment, e],
};

run(
  "percentEncode's output fits its component's grammar",
  9,
  20000,
  fc.property(text, component, (s, c) => {
    const e = percentEncode(s, c);
    const [href, read, want] = PLACES[c](e);
    assert.ok(isValid(href), `${JSON.stringify(href)} does not parse`);
    assert.is(read(parse(href)), want);
    if (c === 'component') assert.ok(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/.test(e), 'unreserved and upper-case %XX only');
    if (c === 'segment') assert.not.ok(e.includes('/'));
  }),
);

test.run();

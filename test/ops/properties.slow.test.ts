/**
 * Properties of resolution, normalization, equivalence, relativization and percent-encoding over
 * URI-references generated from the RFC 3986 ABNF (test/support/abnf.ts): every host type, ports,
 * empty versus absent components, percent-encodings and dot-segments. Each property has a fixed seed,
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
import { grammar } from '../support/abnf.js';
import { codePoint } from '../support/hostile.js';
import { runs } from '../support/runs.js';

const { uri, uriReference, pathAbempty, pathAbsolute, pathRootless, tail } = grammar();

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
    fc.assert(prop, { seed, numRuns: runs(numRuns) });
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

const IRI_ZONE = grammar({ iri: true, zoneId: true });
run(
  'with IRI characters and zone identifiers, it produces valid IRI references only (iri, zoneId)',
  10,
  5_000,
  fc.property(IRI_ZONE.uriReference, IRI_ZONE.fullUri, (s, f) => {
    assert.ok(isValid(s, { iri: true, zoneId: true }), JSON.stringify(s));
    assert.ok(isValid(f, { iri: true, zoneId: true, absolute: true }), JSON.stringify(f));
  }),
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
  fc.string({ unit: codePoint, maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 16 }),
  fc
    .array(fc.constantFrom('%', '2', '5', 'a', 'F', '/', '?', '#', '[', ':', '@', ' ', 'é', '😀'), { maxLength: 12 })
    .map((a) => a.join('')),
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

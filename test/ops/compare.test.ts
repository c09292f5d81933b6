/**
 * compareUris: java.net.URI's equals/compareTo vectors (harness in test/support/op-vectors.ts), the order
 * component by component, and that it is a total order that is 0 exactly when `equivalent`.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareUris, equivalent, UriError } from '../../src/index.js';
import { type Case, conformance, keysKnown, outcome, type Table } from '../support/op-vectors.js';
import { runs } from '../support/runs.js';

/** java.net.URI's compareTo sign as the vectors state it: "0", "<0", ">0" or "!=0". */
function signOk(stated: string, c: number): boolean {
  if (stated === '0') return c === 0;
  if (stated === '<0') return c < 0;
  if (stated === '>0') return c > 0;
  return c !== 0;
}

const COMPARE_OPS: Table = {
  'openjdk-uri-test.json': {
    // equals and hashCode agree with equivalence; compareTo's sign with compareUris'.
    java_equals_compare: (c: Case) => {
      keysKnown(c, ['equals', 'compareTo', 'hashCodeEqual']);
      const want = c.expected!;
      return outcome(
        c,
        () => {
          const r = compareUris(c.input as string, c.other as string);
          return { equals: r === 0, compareTo: r === 0 ? '0' : r < 0 ? '<0' : '>0' };
        },
        (v) =>
          (want.equals === undefined || want.equals === v.equals) &&
          (want.hashCodeEqual === undefined || v.equals) &&
          (typeof want.compareTo !== 'string' || signOk(want.compareTo, v.compareTo === '0' ? 0 : v.compareTo === '<0' ? -1 : 1)),
      );
    },
  },
};

conformance('compare', COMPARE_OPS);

test('the order, component by component: scheme, opaque after hierarchical, authority, path, query, fragment', () => {
  const sorted = [
    '/a',
    'a',
    'ftp://z/',
    'http:/a',
    'http://a/',
    'http://a:81/',
    'http://a:9000/',
    'http://a.b/',
    'http://u@a/',
    'http:x',
    'https://a/',
    's://a',
    's://a/',
    's://a/#',
    's://a/#f',
    's://a/?',
    's://a/?q',
    's://a/?q#f',
  ];
  // Every pair in order (a prefix first; an absent component before a present one).
  for (let i = 0; i < sorted.length; i++) {
    for (let j = 0; j < sorted.length; j++) {
      const expected = i === j ? 0 : i < j ? -1 : 1;
      const got = compareUris(sorted[i]!, sorted[j]!);
      assert.is(Math.sign(got), expected, `${sorted[i]} vs ${sorted[j]}`);
    }
  }
});

test('0 exactly when equivalent: case, percent-encoding, default port, dot-segments', () => {
  assert.is(compareUris('HTTP://A.com:80/x', 'http://a.com/x'), 0);
  assert.is(compareUris('http://a/%7e/./b', 'http://a/~/b'), 0);
  assert.is(compareUris('http://a/%2F', 'http://a//'), -1);
  assert.is(compareUris('mailto:a@B.EXAMPLE', 'mailto:a@b.example'), 0);
  // Hosts compare by their normal form: "a" before "a.b", though "/" sorts after "." in text.
  assert.is(compareUris('http://a/', 'http://a.b/'), -1);
  // Ports as numbers.
  assert.is(compareUris('s://h:9/', 's://h:10/'), -1);
  assert.is(compareUris('s://h:010/', 's://h:9/'), 1);
});

test('sorting with compareUris, and its errors', () => {
  assert.equal(['http://b/', 'ftp://z/', 'http://a/', 'HTTP://A/'].sort(compareUris), ['ftp://z/', 'http://a/', 'HTTP://A/', 'http://b/']);
  assert.throws(
    () => compareUris('http://a b/', 'http://a/'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_CHAR',
  );
  assert.is(compareUris('http://a/ü', 'http://a/%C3%BC', { iri: true }), 1);
  assert.is(compareUris('http://a/b c', 'http://a/b%20c', { lenient: true }), 0);
});

// References built from a small alphabet, so that equal and nearly equal components are common.
const part = (xs: string[]): fc.Arbitrary<string> => fc.constantFrom(...xs);
const reference = fc
  .tuple(
    part(['', 'http:', 'HTTP:', 'https:', 'ftp:', 's:']),
    part(['', '//a', '//A', '//a:80', '//a:8080', '//u@a', '//a.b', '//[::1]', '//[0::1]']),
    part(['', '/', '/x', '/X', '/%78', '/./x', '/x/../y', 'x', 'x/y']),
    part(['', '?', '?q', '?%71', '?Q']),
    part(['', '#', '#f', '#%66']),
  )
  .map(([s, a, p, q, f]) => {
    const path = a === '' && s === '' && p.startsWith('x') ? `./${p}` : a !== '' && p !== '' && !p.startsWith('/') ? `/${p}` : p;
    return s + a + path + q + f;
  });

test('a total order: antisymmetric, transitive, and 0 exactly when equivalent', () => {
  fc.assert(
    fc.property(reference, reference, reference, (a, b, c) => {
      const ab = compareUris(a, b);
      assert.is(Math.sign(ab), -Math.sign(compareUris(b, a)), `${a} vs ${b}`);
      assert.is(ab === 0, equivalent(a, b), `${a} vs ${b}`);
      if (ab <= 0 && compareUris(b, c) <= 0) assert.ok(compareUris(a, c) <= 0, `${a} <= ${b} <= ${c}`);
    }),
    { seed: 51, numRuns: runs(4000) },
  );
});

test.run();

/**
 * Relativization, the inverse of resolution: the vectors' relativize ops (harness in
 * test/support/op-vectors.ts), then exact values for each kind of answer.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isValid, normalize, parse, relativize, resolve, tryParse, UriError } from '../../src/index.js';
import {
  attempt,
  type Case,
  conformance,
  JDK_KEYS,
  jdkView,
  keysKnown,
  matches,
  type Outcome,
  outcome,
  type Table,
} from '../support/op-vectors.js';

// =============================================================================================
// The vectors.

/**
 * A library's reference and urikit's may differ yet both be right: urikit's answer passes when it
 * is the library's, or when it is no longer than the library's and resolves against the base to
 * a URI whose normal form is the target's (a relative target resolved against the base first):
 * `//c` for `http://c/`.
 */
function valid(base: string, target: string, mine: string, theirs: string): boolean {
  if (mine === theirs) return true;
  if (mine.length > theirs.length) return false;
  return attempt(() => normalize(resolve(base, mine)) === normalize(resolve(base, target))).value === true;
}

/** Addressable states its answer as `hrefEquivalent` (compared with ==), uriparser as `href`. */
function relativized(c: Case): Outcome {
  keysKnown(c, ['href', 'hrefEquivalent', 'raises']);
  const theirs = (c.expected!.href ?? c.expected!.hrefEquivalent) as string;
  return outcome(
    c,
    () => relativize(c.base!, c.input as string),
    (v) => valid(c.base!, c.input as string, v, theirs),
  );
}

/** java.net.URI's relativize, stated as components of the relative reference. */
function jdkRelativized(c: Case): Outcome {
  keysKnown(c, JDK_KEYS);
  const keys = JDK_KEYS.filter((k) => Object.hasOwn(c.expected!, k));
  return outcome(
    c,
    () => relativize(c.base!, c.input as string),
    (v) => {
      if (matches(jdkView(v), c.expected!, keys)) return true;
      const e = c.expected!;
      const theirs = `${e.rawPath as string}${e.rawQuery != null ? `?${e.rawQuery as string}` : ''}${e.rawFragment != null ? `#${e.rawFragment as string}` : ''}`;
      return valid(c.base!, c.input as string, v, theirs);
    },
  );
}

const RELATIVIZE_OPS: Table = {
  'sporkmonger-addressable.json': { relativize: relativized },
  // domainRootMode (uriparser): prefer "/a" to "../a"; urikit picks the shorter anyway.
  'uriparser.json': { relativize: relativized },
  'openjdk-uri-test.json': {
    relativize: jdkRelativized,
    // base.relativize(base.resolve(input)) equals expected.
    relativize_after_resolve: (c) => {
      keysKnown(c, ['href']);
      const base = c.base!;
      const target = (): string => resolve(base, c.input as string);
      return outcome(
        c,
        () => relativize(base, target()),
        (v) => valid(base, target(), v, c.expected!.href as string),
      );
    },
    // base.resolve(base.relativize(input)) equals expected.
    resolve_after_relativize: (c) => {
      keysKnown(c, ['href']);
      return outcome(
        c,
        () => resolve(c.base!, relativize(c.base!, c.input as string)),
        (v) => v === c.expected!.href,
      );
    },
  },
};

conformance('relativize', RELATIVIZE_OPS);

// =============================================================================================
// Direct tests with exact values. Each answer is also checked to resolve back to the target's
// normal form.

function rel(base: string, target: string, want: string): void {
  const got = relativize(base, target);
  assert.is(got, want, `relativize(${JSON.stringify(base)}, ${JSON.stringify(target)})`);
  assert.is(normalize(resolve(base, got)), normalize(resolve(base, target)), `${JSON.stringify(got)} does not resolve back`);
}

test('the same document: empty, a fragment, a query', () => {
  rel('http://a/b/c/d?q', 'http://a/b/c/d?q', '');
  rel('http://a/b/c/d?q#x', 'http://a/b/c/d?q', '');
  rel('http://a/b/c/d?q', 'http://a/b/c/d?q#f', '#f');
  rel('http://a/b/c/d?q#x', 'http://a/b/c/d?q#f', '#f');
  rel('http://a/b/c/d?q', 'http://a/b/c/d?q#', '#');
  rel('http://a/b/c/d?q', 'http://a/b/c/d?r', '?r');
  rel('http://a/b/c/d?q', 'http://a/b/c/d?', '?');
  rel('http://a/b/c/d', 'http://a/b/c/d?r#f', '?r#f');
  // Same path, no query: "" would keep the base's query.
  rel('http://a/b/c/d?q', 'http://a/b/c/d', 'd');
  rel('http://a/b/c/?q', 'http://a/b/c/', '.');
});

test('relative paths: siblings, children and "../" climbing', () => {
  rel('http://a/b/c/d', 'http://a/b/c/e', 'e');
  rel('http://a/b/c/d', 'http://a/b/c/e/f?g#h', 'e/f?g#h');
  rel('http://a/b/c/', 'http://a/b/c/e', 'e');
  rel('http://a/b/c/d', 'http://a/b/c/', '.');
  rel('http://a/b/c/d', 'http://a/b/e', '../e');
  rel('http://a/b/c/d', 'http://a/b/', '..');
  rel('http://a/b/c/d/e', 'http://a/b/c/x/y', '../x/y');
  rel('http://a/long/path/d/e/f', 'http://a/long/path/x/y', '../../x/y');
  rel('http://a/b/c/d', 'http://a/b/x/y', '../x/y');
  // An absolute path when it is shorter.
  rel('http://a/b/c/d', 'http://a/', '/');
  rel('http://a/b/c/d', 'http://a/x', '/x');
  rel('http://a/b/c/d/e/f', 'http://a/x/y', '/x/y');
  rel('http://a/b/c/d/e', 'http://a/b/x/y', '/b/x/y');
  rel('http://a', 'http://a/x', 'x');
  rel('http://a/b', 'http://a', '/');
  // A first segment with ":" gets "./" (§4.2).
  rel('http://a/b/c', 'http://a/b/d:e', './d:e');
  rel('http://a/b/c', 'http://a/b/d:e/f', './d:e/f');
  // An empty first segment gets "./" too ("//x" would be an authority).
  rel('http://a/b/c', 'http://a/b//x', './/x');
  rel('x:/b/c', 'x:/b//x', './/x');
});

test("the target is normalized first; references are built against the base's normal form", () => {
  rel('http://a/b/c', 'HTTP://A:80/b/%7Ed', '~d');
  rel('http://a/b/c', 'http://a/b/./x/../d', 'd');
  rel('http://a/b/c', 'http://a', '/');
  rel('http://a:80/b/c', 'http://a/b/d', 'd');
  rel('HTTP://a/b/c', 'http://a/b/d', 'd');
});

test('a shorter reference wherever one resolves to the target: an empty base path, a base not in normal form, "." and ".."', () => {
  // An empty base path with an authority merges as "/" (§5.2.3).
  rel('http://a', 'http://a/x', 'x');
  // A base that is not in normal form: case, a default port, an encoded unreserved character,
  // a dot-segment.
  rel('HTTP://A/b/', 'http://a/b/c', 'c');
  rel('http://a:80/b/', 'http://a/b/c', 'c');
  rel('http://a/%7e/', 'http://a/~/x', 'x');
  rel('http://a/b/./c/d', 'http://a/b/c/e', 'e');
  // "." and ".." name a directory without their "/".
  rel('http://a/b/c', 'http://a/b/', '.');
  rel('http://a/b/c/d', 'http://a/b/', '..');
  rel('http://a/b/c/d?q', 'http://a/b/?q', '..?q');
  // A lenient base: its tolerated characters are compared as their normal form encodes them.
  assert.is(relativize(parse('http://a/b c/d', { lenient: true }), 'http://a/b%20c/e'), 'e');
  assert.is(relativize(parse('http://a/b c/d', { lenient: true }), 'http://a/x'), '/x');
});

test('a different authority gives a network-path reference', () => {
  rel('http://a/b/c', 'http://x/b/c', '//x/b/c');
  rel('http://a/b/c', 'http://u@a/b/c', '//u@a/b/c');
  rel('http://a/b/c', 'http://a:8080/b/c', '//a:8080/b/c');
  rel('x:/a/b', 'x://h/a/b', '//h/a/b');
  rel('x:a', 'x://h', '//h');
});

test('a different scheme gives the whole target, in normal form', () => {
  rel('http://a/b/c', 'https://a/b/c', 'https://a/b/c');
  rel('http://a/b/c', 'mailto:Joe@Example.COM', 'mailto:Joe@example.com');
  rel('http://a/b/c', 'FTP://A/x', 'ftp://a/x');
  rel('http://a/b', 'http:/x', 'http:/x');
});

test('relative targets are resolved against the base first', () => {
  rel('http://a/b/c', 'd', 'd');
  rel('http://a/b/c', '../x', '/x');
  rel('http://a/b/c/d', '../e', '../e');
  rel('http://a/b/c', '', '');
  rel('http://a/b/c?q#x', '', '');
  rel('http://a/b/c', '#f', '#f');
  rel('http://a/b/c?q', '?', '?');
  rel('http://a/b/c?q', '#f', '#f');
  rel('http://a/b/c', '//x/y', '//x/y');
  rel('http://a/b/c', '/b/./d', 'd');
  rel('http://a/b/c', '/b/./c', '');
});

test('bases without an authority', () => {
  rel('x:/a/b', 'x:/a/c', 'c');
  rel('x:/a/b', 'x:/c', '/c');
  rel('mailto:a@b', 'mailto:c@d', 'c@d');
  rel('mailto:a@b', 'mailto:a@b?subject=x', '?subject=x');
  rel('x:', 'x:a', 'a');
  rel('urn:a:b', 'urn:a:c', './a:c');
});

test('Uri arguments, RELATIVE_BASE and invalid inputs', () => {
  assert.is(relativize(parse('http://a/b/c'), parse('http://a/b/d')), 'd');
  assert.is(relativize('http://a/b/c', parse('d')), 'd');
  for (const b of ['a/b', '/a', '//a/b', '', '#f']) {
    try {
      relativize(b, 'http://a/b');
      assert.unreachable(b);
    } catch (e) {
      assert.instance(e, UriError);
      assert.equal([(e as UriError).code, (e as UriError).index], ['RELATIVE_BASE', 0]);
    }
  }
  for (const [b, t, code] of [
    ['http://a b', 'x', 'INVALID_CHAR'],
    ['http://a/', 'a b', 'INVALID_CHAR'],
    ['http://a/', '%x', 'INVALID_PERCENT_ENCODING'],
  ] as const) {
    try {
      relativize(b, t);
      assert.unreachable();
    } catch (e) {
      assert.instance(e, UriError);
      assert.is((e as UriError).code, code);
    }
  }
  for (const bad of [undefined, null, 1, {}] as unknown[]) {
    try {
      relativize(bad as string, 'http://a/');
      assert.unreachable();
    } catch (e) {
      assert.instance(e, TypeError);
      assert.not.instance(e, UriError);
    }
  }
});

test('relativize: a target or base parsed leniently is resolved and normalized as its text says', () => {
  // What lenient mode kept comes out percent-encoded, as normalize writes it.
  assert.is(relativize('http://a/b/', parse('c d', { lenient: true })), 'c%20d');
  assert.is(relativize('http://a/b/', parse('http://a/b/c d', { lenient: true })), 'c%20d');
});

// =============================================================================================
// The shortest, against a brute-force search.

/**
 * Every reference shorter than `limit`, over the characters that can make a shortest one (those
 * of the goal, and the "." "/" "?" "#" ":" of the reference syntax: a %XX or a letter in the
 * other case is never shorter than the character it spells), in order of length: the first that
 * resolves against `base` to `goal`, or null. Gives up (undefined) past `budget` candidates.
 */
function bruteForce(base: string, goal: string, limit: number, budget: number): string | null | undefined {
  const alphabet = [...new Set([...goal, '.', '/', '?', '#', ':'])];
  let count = 0;
  for (let k = 0; k <= limit - 1; k++) count += alphabet.length ** k;
  if (count > budget) return undefined;
  const digits: number[] = [];
  for (let length = 0; length < limit; length++) {
    digits.length = length;
    digits.fill(0);
    for (;;) {
      const r = digits.map((d) => alphabet[d]).join('');
      if (isValid(r)) {
        let target: string | null = null;
        try {
          target = normalize(resolve(base, r));
        } catch {
          // a reference that does not resolve (none here: the base is absolute)
        }
        if (target === goal) return r;
      }
      let i = length - 1;
      while (i >= 0 && digits[i] === alphabet.length - 1) digits[i--] = 0;
      if (i < 0) break;
      digits[i]!++;
    }
  }
  return null;
}

/**
 * Small URIs over few characters, so that their shortest references are few characters long
 * ("ws" is a scheme whose empty path after an authority is "/", as http's).
 */
const scheme = fc.constantFrom('x', 'ws');
const host = fc.constantFrom('a', 'b', '', 'a:');
const segment = fc.constantFrom('a', 'b', '', '.', '..', 'a:b');
const segments = fc.array(segment, { maxLength: 2 }).map((s) => s.map((x) => `/${x}`).join(''));
const rootless = fc.tuple(fc.constantFrom('a', 'b', 'a:b'), segments).map(([a, b]) => a + b);
const tail = fc
  .tuple(fc.constantFrom(undefined, '', 'a'), fc.constantFrom(undefined, '', 'b'))
  .map(([q, f]) => (q === undefined ? '' : `?${q}`) + (f === undefined ? '' : `#${f}`));
const absolute = fc
  .oneof(
    fc.tuple(scheme, host, segments, tail).map(([s, h, p, t]) => `${s}://${h}${p}${t}`),
    fc.tuple(scheme, fc.oneof(segments, rootless), tail).map(([s, p, t]) => `${s}:${p}${t}`),
  )
  .filter((s) => tryParse(s) !== null);
/** References a few characters long: each shape of a relative reference, and absolute ones. */
const reference = fc.oneof(
  fc.constantFrom('', '#', '#b', '?', '?a', '?a#b', '.', '..', './', '../', '../..', 'a', 'b', 'a/', 'a:b'),
  fc.constantFrom('/', '/a', '/b/', '//', '//a', '//b', '//a:', '//b/a', '/.//a', './/a', '..//a', '../a', '../b', '.#b'),
  fc.constantFrom('x:', 'x:a', 'x:/a', 'x://a', 'x://b/', 'ws://a', 'ws://b', 'ws://a/a', 'ws:a', 'x://a//a'),
  fc
    .tuple(fc.constantFrom('', '.', '..', 'a', 'b', '/a', '//a'), segments, tail)
    .map(([a, b, t]) => a + b + t)
    .filter((r) => isValid(r)),
);

test('relativize is never longer than the shortest reference a brute-force search finds (random pairs)', () => {
  const pairs = fc.sample(fc.tuple(absolute, reference), { seed: 19, numRuns: 400 });
  let searched = 0;
  for (const [base, target] of pairs) {
    const goal = normalize(resolve(base, target));
    const mine = relativize(base, target);
    const where = `relativize(${JSON.stringify(base)}, ${JSON.stringify(target)}) = ${JSON.stringify(mine)}`;
    assert.is(normalize(resolve(base, mine)), goal, `${where} does not resolve back to ${goal}`);
    const shorter = bruteForce(base, goal, mine.length, 20_000);
    if (shorter === undefined) continue;
    searched++;
    assert.is(shorter, null, `${where}, but ${JSON.stringify(shorter)} is shorter`);
  }
  // Most pairs are searched in full; the rest have long answers (another scheme).
  assert.ok(searched >= 330, `${searched} of ${pairs.length} pairs searched`);
});

test("the shortest forms: an empty http path after an authority, the '/.' guard, an IPv4-mapped address's hex spelling", () => {
  rel('http://a/b', 'http://c', '//c');
  rel('http://a/b', 'http://c/?q', '//c?q');
  rel('x:/a', 'http://c/', 'http://c');
  rel('http://a/x/y/z', 'http://a//b', '/.//b');
  // As short as "/.//b": a relative path comes first.
  rel('http://a/x/z', 'http://a//b', '..//b');
  rel('x:/a/b/c', 'x://h//b', '//h//b');
  rel('x:/x/y', 'x:/x//b', './/b');
  rel('http://a/b', 'http://[::ffff:127.0.0.1]/', '//[::ffff:7f00:1]');
  rel('x:/a', 'http://[::ffff:127.0.0.1]/x', 'http://[::ffff:7f00:1]/x');
  // Not where the dotted quad is as short: "1.2.3.4" and "102:304".
  rel('http://a/b', 'http://[::ffff:1.2.3.4]/', '//[::ffff:1.2.3.4]');
});

test.run();

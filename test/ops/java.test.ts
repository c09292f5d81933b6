/**
 * java.net.URI's ways, for its users: the decoded authority and scheme-specific part, toURL, and
 * under `{ rfc2396: true }` its equals, compareTo and hashCode; against OpenJDK's own test
 * expectations and the answers java.net.URI gave (test/fixtures/capabilities/java.json).
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareUris, equivalent, hashUri, parse, UriError } from '../../src/index.js';
import { stringHash } from '../../src/ops/java.js';
import { capabilityDivergences, capabilityRows, checkRows } from '../support/capabilities.js';
import { JAVA_OPS } from '../support/capabilities-java.js';
import { fixture } from '../support/paths.js';

const JAVA = { rfc2396: true } as const;

test('decodedAuthority and decodedSchemeSpecificPart decode as getAuthority() and getSchemeSpecificPart()', () => {
  const u = parse('http://%C3%BC@h.example/a%20b?q=%41#f%20g');
  assert.is(u.decodedAuthority, 'ü@h.example');
  assert.is(u.decodedSchemeSpecificPart, '//ü@h.example/a b?q=A');
  // An IP literal's zone keeps its "%25", as Java leaves what lies between brackets.
  const z = parse('http://%41@[fe80::1%25eth0]:8/x%2F', { zoneId: true });
  assert.is(z.decodedAuthority, 'A@[fe80::1%25eth0]:8');
  assert.is(z.decodedSchemeSpecificPart, '//A@[fe80::1%25eth0]:8/x/');
  assert.is(parse('mailto:a%40b').decodedAuthority, undefined);
  assert.is(parse('mailto:a%40b#x').decodedSchemeSpecificPart, 'a@b');
  assert.is(parse('/a%20b?c').decodedSchemeSpecificPart, '/a b?c');
  assert.is(parse('file:///a').decodedAuthority, '');
  assert.is(parse('http://h/%FF%41').decodedSchemeSpecificPart, '//h/\uFFFDA');
  // An unclosed "[" (lenient) leaves the rest as written.
  assert.is(parse('x:/a[%41', { lenient: true }).decodedSchemeSpecificPart, '/a[%41');
});

test('toURL: a Node URL of an absolute URI; a relative reference and what the URL Standard refuses throw', () => {
  const url = parse('HTTP://Example.COM:80/a%20b?q#f').toURL();
  assert.ok(url instanceof URL);
  assert.is(url.href, 'http://example.com/a%20b?q#f');
  assert.is(parse('urn:isbn:0451450523').toURL().href, 'urn:isbn:0451450523');
  for (const [s, code, index] of [
    ['/a/b', 'MISSING_SCHEME', 0],
    ['//h/x', 'MISSING_SCHEME', 0],
    ['http://a:99999/', 'INVALID_PORT', 9],
    ['file://u@h/x', 'INVALID_HOST', 8],
  ] as const) {
    try {
      parse(s).toURL();
      assert.unreachable(s);
    } catch (e) {
      assert.instance(e, UriError, s);
      assert.is((e as UriError).code, code, s);
      assert.is((e as UriError).index, index, s);
    }
  }
  try {
    parse('a/b').toURL();
    assert.unreachable('a/b');
  } catch (e) {
    assert.is((e as Error).message, 'Uri#toURL: "a/b" is a relative reference, and a URL needs a scheme (resolve it against a base first)');
  }
});

test('rfc2396: equals as java.net.URI, the components as written but for case of scheme, host and hex', () => {
  assert.is(equivalent('HTTP://A/%7e', 'http://a/%7E', JAVA), true);
  assert.is(equivalent('http://a:80/', 'http://a/', JAVA), false);
  assert.is(equivalent('http://a/%7E', 'http://a/~', JAVA), false);
  assert.is(equivalent('http://a/x', 'http://a/./x', JAVA), false);
  // A server-based authority compares its empty port as none; a registry-based one as text.
  assert.is(equivalent('http://a:/x', 'http://a/x', JAVA), true);
  assert.is(equivalent('s://a_b/', 's://A_B/', JAVA), false);
  assert.is(equivalent('s://a_b/', 's://a_b/', JAVA), true);
  // An empty authority is none.
  assert.is(equivalent('file:///a', 'file:/a', JAVA), true);
  assert.is(equivalent('mailto:A@b', 'MAILTO:A@b', JAVA), true);
  assert.is(equivalent('mailto:a@b', 'mailto:a@B', JAVA), false);
  // Without the option, the normal forms.
  assert.is(equivalent('http://a/%7E', 'http://a/~'), true);
  // Parse options still apply.
  assert.is(equivalent('http://h/ü', 'HTTP://H/ü', { ...JAVA, iri: true }), true);
});

test('rfc2396: compareUris gives the sign of compareTo', () => {
  assert.is(compareUris('http://a:80/', 'http://a/', JAVA), 1);
  assert.is(compareUris('http://a:8/', 'http://a:80/', JAVA), -1);
  assert.is(compareUris('s:p', 's:/p', JAVA), 1);
  assert.is(compareUris('p', 's:p', JAVA), -1);
  assert.is(compareUris('s://a_b', 's://A_B', JAVA), 1);
  assert.is(compareUris('http://a/%5bx%5d', 'http://a/%5BX%5D', JAVA), 1);
  assert.is(compareUris('http://a/%5bx%5d', 'http://a/%5Bx%5D', JAVA), 0);
  assert.is(compareUris('s://h', 's://h/p', JAVA), -1);
  assert.is(compareUris('s://h/p#f', 's://h/p', JAVA), 1);
  // An input without "%" is compared exactly, as Java does.
  assert.is(compareUris('s:/A', 's:/%41', JAVA), 1);
});

test('hashUri: String.hashCode of the normal form; java.net.URI.hashCode() with rfc2396', () => {
  assert.is(hashUri('http://a/b'), stringHash('http://a/b', false));
  assert.is(hashUri('http://a/b'), 155236066);
  assert.is(hashUri('HTTP://A/%7e'), hashUri('http://a/~'));
  assert.is(hashUri('http://a/?b=1&a=2', { sortQuery: true }), hashUri('http://a/?a=2&b=1'));
  assert.is(hashUri(parse('http://a/b')), 155236066);
  // Java's own, checked against OpenJDK 17: port -1 hashed for no port and for an empty one.
  assert.is(hashUri('http://a/b', JAVA), -233510759);
  assert.is(hashUri('HTTP://A/b', JAVA), -233510759);
  assert.is(hashUri('http://a:/b', JAVA), -233510759);
  assert.is(hashUri('http://%C3%BC@h.example/a%20b', JAVA), -500035809);
  assert.is(hashUri('mailto:a%40b', JAVA), 169949584);
  assert.is(hashUri('file:///a', JAVA), 399167126);
  assert.is(hashUri('x', JAVA), 120);
  assert.is(hashUri('http://a_b/', JAVA), 290197469);
  assert.is(hashUri('http://h/%7e', JAVA), hashUri('http://h/%7E', JAVA));
});

test('rfc2396 takes parse options but no normalization step; bad input is a UriError', () => {
  for (const f of [
    () => equivalent('http://a/', 'http://a/', { rfc2396: true, sortQuery: true }),
    () => compareUris('http://a/', 'http://a/', { rfc2396: true, idna: true }),
    () => hashUri('http://a/', { rfc2396: true, removeFragment: true }),
    () => equivalent('http://a/', 'http://a/', { rfc2396: true, unicode: 'NFC' }),
  ]) {
    assert.throws(
      f,
      (e: unknown) => e instanceof TypeError && /options\.rfc2396 compares as java\.net\.URI does/.test((e as Error).message),
    );
  }
  assert.throws(
    () => equivalent('http://a/', 'http://a/', { rfc2396: 'yes' as unknown as boolean }),
    /equivalent: options\.rfc2396 must be a boolean, got a string \("yes"\)/,
  );
  assert.throws(
    () => hashUri('http://a b/', JAVA),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_CHAR' && e.index === 8,
  );
  assert.throws(
    () => compareUris('http://a/', 'x y', JAVA),
    (e: unknown) => e instanceof UriError && e.index === 1,
  );
  assert.throws(() => hashUri(42 as unknown as string, JAVA), /hashUri: input must be a string or a Uri, got a number \(42\)/);
  assert.is(hashUri('http://a/b', { rfc2396: false }), 155236066);
});

test("OpenJDK's own equals, compareTo and hashCode expectations hold under rfc2396", () => {
  interface Case {
    op: string;
    input: string;
    other: string;
    expected: { equals?: boolean; compareTo?: string; hashCodeEqual?: boolean };
  }
  const cases = (JSON.parse(readFileSync(fixture('vectors/openjdk-uri-test.json'), 'utf8')) as Case[]).filter(
    (c) => c.op === 'java_equals_compare',
  );
  assert.is(cases.length, 36);
  for (const c of cases) {
    const { equals, compareTo, hashCodeEqual } = c.expected;
    const where = `${c.input} vs ${c.other}`;
    if (equals !== undefined) assert.is(equivalent(c.input, c.other, JAVA), equals, where);
    const sign = compareUris(c.input, c.other, JAVA);
    if (compareTo === '0') assert.is(sign, 0, where);
    else if (compareTo === '<0') assert.is(sign, -1, where);
    else if (compareTo === '>0') assert.is(sign, 1, where);
    else if (compareTo === '!=0') assert.is.not(sign, 0, where);
    if (hashCodeEqual === true) assert.is(hashUri(c.input, JAVA), hashUri(c.other, JAVA), where);
  }
});

test('java.net.URI answers: every recorded case agrees or its class says why not', () => {
  const rows = capabilityRows('java');
  assert.ok(rows.length > 4000, `${rows.length} rows`);
  assert.equal(checkRows(rows, JAVA_OPS, capabilityDivergences('java')), []);
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.op] = (counts[r.op] ?? 0) + 1;
  assert.equal(Object.keys(counts).sort(), ['decodedAuthority', 'decodedSchemeSpecificPart', 'equals+compareTo', 'hashUri', 'toURL']);
});

test.run();

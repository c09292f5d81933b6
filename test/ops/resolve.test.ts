/**
 * Reference resolution (RFC 3986 §5.2) and dot-segment removal (§5.2.4): the vectors' resolution
 * ops (through test/support/op-vectors.ts), then exact values.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  normalize,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  type ResolveOptions,
  removeDotSegments,
  resolve,
  scan,
  UriError,
} from '../../src/index.js';
import { resolveRecords } from '../../src/ops/resolve.js';
import { checkOffsets } from '../../src/syntax/offsets.js';
import { grammar } from '../support/abnf.js';
import {
  attempt,
  type Case,
  conformance,
  exact,
  JDK_KEYS,
  jdkView,
  keysKnown,
  matches,
  type Outcome,
  outcome,
  RFC_KEYS,
  rfcView,
  type Table,
  ZONES,
} from '../support/op-vectors.js';
import { benchData } from '../support/paths.js';
import { runs, sampled } from '../support/runs.js';

// ---------------------------------------------------------------------------------------------
// What the vectors' resolution ops mean in urikit's terms.

/** Resolution whose answer is stated as `href` (exact) or `hrefEquivalent` (Addressable's ==). */
function resolveHref(c: Case, options?: ResolveOptions): Outcome {
  keysKnown(c, ['href', 'hrefEquivalent']);
  const want = c.expected ?? {};
  if (typeof want.hrefEquivalent === 'string') {
    const target = want.hrefEquivalent;
    return outcome(
      c,
      () => resolve(c.base!, c.input as string, options),
      (v) => v === target || sameNormal(v, target),
    );
  }
  return outcome(
    c,
    () => resolve(c.base!, c.input as string, options),
    (v) => v === want.href,
  );
}

/** Addressable's == compares normalized forms. */
function sameNormal(a: string, b: string): boolean {
  return attempt(() => normalize(a) === normalize(b)).value === true;
}

/** Strict unless the case asks for the §5.2.2 backward-compatible reading (uri-js `tolerant`, uriparser `backwardCompatibility`). */
function strictness(c: Case, parse?: ParseOptions): ResolveOptions | undefined {
  const o = c.options ?? {};
  return o.tolerant === true || o.backwardCompatibility === true ? { ...parse, strict: false } : parse;
}

/** Resolution whose answer is stated as components (python rfc3986), or only as "no error". */
function resolveComponents(c: Case): Outcome {
  keysKnown(c, [...RFC_KEYS, 'noError']);
  // The test normalizes the base before resolving (see the case's note).
  const normalizeBase = c.note?.includes('base is normalized first') === true;
  const keys = RFC_KEYS.filter((k) => Object.hasOwn(c.expected ?? {}, k));
  return outcome(
    c,
    () => resolve(normalizeBase ? normalize(c.base!, ZONES) : c.base!, c.input as string, ZONES),
    (v) => matches(rfcView(v, ZONES), c.expected ?? {}, keys),
  );
}

const RESOLVE_OPS: Table = {
  'rfc3986.json': {
    resolve: (c) => {
      keysKnown(c, ['href', 'hrefBackwardCompatible']);
      const compat = c.expected!.hrefBackwardCompatible;
      return outcome(
        c,
        () => resolve(c.base!, c.input as string),
        (v) => v === c.expected!.href && (compat === undefined || resolve(c.base!, c.input as string, { strict: false }) === compat),
        c.expected!,
      );
    },
    remove_dot_segments: (c) => exact(c, 'path', () => removeDotSegments(c.input as string)),
  },
  'python-hyper-rfc3986.json': {
    resolve: resolveComponents,
    remove_dot_segments: (c) => exact(c, 'path', () => removeDotSegments(c.input as string)),
    // §5.2.3 merge, through resolve: the base path under a scheme (no dot-segments in these inputs).
    merge_paths: (c) => exact(c, 'path', () => parse(resolve(`s:${c.base!}`, c.input as string)).path),
  },
  'garycourt-uri-js.json': { resolve: (c) => resolveHref(c, strictness(c, ZONES)) },
  'fastify-fast-uri.json': { resolve: (c) => resolveHref(c, strictness(c, ZONES)) },
  'sporkmonger-addressable.json': { resolve: (c) => resolveHref(c) },
  'uriparser.json': { resolve: (c) => resolveHref(c, strictness(c)) },
  'golang-net-url.json': {
    resolve: (c) => resolveHref(c),
    // Go's internal resolvePath(base, ref): §5.2.3 merge and §5.2.4, always under an authority.
    go_resolve_path: (c) => exact(c, 'path', () => parse(resolve(`s://h/${c.base!}`, c.input as string)).path),
  },
  'openjdk-uri-test.json': {
    // java.net.URI resolves per RFC 2396: urikit's rfc2396 mode.
    resolve: (c) => {
      keysKnown(c, JDK_KEYS);
      const keys = JDK_KEYS.filter((k) => Object.hasOwn(c.expected!, k));
      return outcome(
        c,
        () => resolve(c.base!, c.input as string, { rfc2396: true }),
        (v) => matches(jdkView(v), c.expected!, keys),
      );
    },
  },
};

conformance('resolve', RESOLVE_OPS);

// =============================================================================================
// Direct tests with exact values.

const B = 'http://a/b/c/d;p?q';

/** The UriError `f` throws: its code and index. */
function uriError(f: () => unknown): { code: string; index: number } {
  try {
    f();
  } catch (e) {
    if (e instanceof UriError) return { code: e.code, index: e.index };
    throw e;
  }
  throw new Error('no UriError thrown');
}

/** A TypeError that is not a UriError (a programming error, not bad input). */
function plainTypeError(f: () => unknown): boolean {
  try {
    f();
  } catch (e) {
    return e instanceof TypeError && !(e instanceof UriError);
  }
  return false;
}

test('fast path: a reference with a scheme and no dot-segment is the target as it is', () => {
  for (const r of ['g:h', 'http://x/y?z#w', 'HTTP://X', 'mailto:a@b', 'urn:isbn:0451450523', 'http:g', 'x:', 'a:b/c?../d#./e']) {
    assert.is(resolve(B, r), r);
  }
});

test('a reference with a scheme loses its dot-segments (T = R, §5.2.2)', () => {
  assert.is(resolve(B, 'http://x/y/../z'), 'http://x/z');
  assert.is(resolve(B, 'g:./h/../i?./j#../k'), 'g:/i?./j#../k'); // §5.2.4 literally: the rootless path becomes "/i"
  assert.is(resolve(B, 'g:/a/b/../../../c'), 'g:/c');
  assert.is(resolve(B, 'g:.'), 'g:');
  assert.is(resolve(B, 'g:..'), 'g:');
});

test('an empty reference is the base without its fragment', () => {
  assert.is(resolve(B, ''), B);
  assert.is(resolve(`${B}#f`, ''), B);
  assert.is(resolve('http://a', ''), 'http://a');
  assert.is(resolve('x:', ''), 'x:');
  assert.is(resolve('http://a/b#', ''), 'http://a/b');
});

test('a fragment-only reference keeps the base and replaces its fragment', () => {
  assert.is(resolve(B, '#s'), `${B}#s`);
  assert.is(resolve(`${B}#f`, '#g'), `${B}#g`);
  assert.is(resolve(B, '#'), `${B}#`);
  assert.is(resolve('http://a', '#f'), 'http://a#f');
  assert.is(resolve('mailto:a@b?subject=x#old', '#new'), 'mailto:a@b?subject=x#new');
});

test('a query-only reference keeps the base path and drops the base query and fragment', () => {
  assert.is(resolve(B, '?y'), 'http://a/b/c/d;p?y');
  assert.is(resolve(`${B}#f`, '?'), 'http://a/b/c/d;p?');
  assert.is(resolve('http://a', '?q#f'), 'http://a?q#f');
});

test('the base fragment never reaches a target', () => {
  assert.is(resolve(`${B}#frag`, 'g'), 'http://a/b/c/g');
  assert.is(resolve(`${B}#frag`, '//h'), 'http://h');
  assert.is(resolve(`${B}#frag`, '/x?y'), 'http://a/x?y');
});

test('a base with an authority and an empty path merges under "/" (§5.2.3)', () => {
  assert.is(resolve('http://a', 'g'), 'http://a/g');
  assert.is(resolve('http://a', './g'), 'http://a/g');
  assert.is(resolve('http://a', '../g'), 'http://a/g');
  assert.is(resolve('http://a?q', 'g'), 'http://a/g');
  assert.is(resolve('http://a', '.'), 'http://a/');
  assert.is(resolve('http://u@a:8', 'g;x'), 'http://u@a:8/g;x');
  assert.is(resolve('file://', 'etc/hosts'), 'file:///etc/hosts');
});

test('bases without an authority (a:b/c style)', () => {
  assert.is(resolve('a:b/c', 'd'), 'a:b/d');
  assert.is(resolve('a:b/c', './d'), 'a:b/d');
  assert.is(resolve('a:b/c', '/d'), 'a:/d');
  assert.is(resolve('a:b/c', '?q'), 'a:b/c?q');
  assert.is(resolve('a:b', 'c'), 'a:c');
  assert.is(resolve('a:', 'b'), 'a:b');
  assert.is(resolve('a:', 'b/../c'), 'a:/c');
  assert.is(resolve('a:/b/c', 'd'), 'a:/b/d');
  assert.is(resolve('mailto:a@b', 'c@d'), 'mailto:c@d');
  assert.is(resolve('urn:a:b', '#x'), 'urn:a:b#x');
  // §5.2.4 applied literally: the merged rootless path "b/../d" loses its first segment and keeps the "/".
  assert.is(resolve('a:b/c', '../d'), 'a:/d');
  assert.is(resolve('a:b', '..//g'), 'a:/g');
  assert.is(resolve('a:b', '//g'), 'a://g');
});

test('the "//" guard: a path that begins with "//" without an authority gets "/." in front', () => {
  assert.is(resolve('a:/b/c', '..//g'), 'a:/.//g');
  assert.is(resolve('a:b', '/..//g'), 'a:/.//g');
  assert.is(resolve('a:/b', './/g'), 'a:/.//g');
  assert.is(resolve('a:b', './/g/h'), 'a:/g/h');
  assert.is(resolve('a:/b/c', './/g'), 'a:/b//g');
  // The reference's own scheme: T = R, with the same guard.
  assert.is(resolve(B, 'x:/..//b'), 'x:/.//b');
  assert.is(resolve(B, 'x:a/..//b'), 'x:/.//b');
  assert.is(resolve(B, 'x:/.//b'), 'x:/.//b');
  // With an authority the path may begin with "//".
  assert.is(resolve('http://a/b/c', '..//g'), 'http://a//g');
  assert.is(resolve(B, 'http://x/..//g'), 'http://x//g');
  for (const r of ['..//g', '/..//g', './/g', 'x:/..//b', 'x:a/..//b']) {
    for (const b of ['a:/b/c', 'a:b', 'a:/b', 'a:']) {
      const t = resolve(b, r);
      const u = parse(t);
      assert.is(u.authority, parse(r).authority, `${b} + ${r} = ${t} gained an authority`);
    }
  }
});

test('the base kept from the last call: its directory is found again for each new base', () => {
  const climbs: Array<[string, string, string]> = [
    ['http://a/b/c/d', '../g', 'http://a/b/g'],
    ['http://a/b/c/d', 'g', 'http://a/b/c/g'],
    ['http://a/x/y', '../g', 'http://a/g'],
    ['http://a', 'g', 'http://a/g'],
    ['http://a', '../g', 'http://a/g'],
    ['http://a/b/c/d', '../../g', 'http://a/g'],
  ];
  for (const [base, ref, target] of [...climbs, ...climbs]) assert.is(resolve(base, ref), target, `${base} ${ref}`);
  assert.throws(
    () => resolve('b/c', 'g'),
    (e: UriError) => e.code === 'RELATIVE_BASE',
  );
  assert.is(resolve('http://a/b/c/d', './g'), 'http://a/b/c/g');
  // A record that is not the kept base's finds its own directory.
  const bo = new Uint32Array(OFFSETS_LENGTH);
  const ro = new Uint32Array(OFFSETS_LENGTH);
  scan('http://a/p/q/r', bo);
  scan('../s', ro);
  assert.is(resolveRecords('http://a/p/q/r', bo, '../s', ro, true, null), 'http://a/p/s');
});

test('dot-segments from the reference and the base path are removed after merging', () => {
  assert.is(resolve('http://a/b/./c/../d', 'e'), 'http://a/b/e');
  assert.is(resolve('http://a/b/c', 'g/.'), 'http://a/b/g/');
  assert.is(resolve('http://a/b/c', '/./g/../h/.'), 'http://a/h/');
  assert.is(resolve('http://a/b/c', '//h/./g/../i'), 'http://h/i');
  assert.is(resolve('http://a/b/c', '%2E%2E/g'), 'http://a/b/%2E%2E/g');
  assert.is(resolve('http://a/b/c', '.%2e/g'), 'http://a/b/.%2e/g');
  assert.is(resolve('http://a/b/c/d', '../../../../../g'), 'http://a/g');
});

test('strict: false ignores a reference scheme equal to the base scheme (§5.2.2)', () => {
  const loose = { strict: false };
  assert.is(resolve(B, 'http:g', loose), 'http://a/b/c/g');
  assert.is(resolve(B, 'HTTP:g', loose), 'http://a/b/c/g');
  assert.is(resolve('HTTP://a/b/c/d;p?q', 'http:g', loose), 'HTTP://a/b/c/g');
  assert.is(resolve(B, 'http:?x', loose), 'http://a/b/c/d;p?x');
  assert.is(resolve(B, 'http:#x', loose), 'http://a/b/c/d;p?q#x');
  assert.is(resolve(B, 'http:', loose), B);
  assert.is(resolve(B, 'http://x/y', loose), 'http://x/y');
  assert.is(resolve(B, 'http:/g/../h', loose), 'http://a/h');
  assert.is(resolve(B, 'https:g', loose), 'https:g');
  assert.is(resolve(B, 'htt:g', loose), 'htt:g');
  assert.is(resolve(B, 'g', loose), 'http://a/b/c/g');
  assert.is(resolve(B, 'http:g', { strict: true }), 'http:g');
});

test('rfc2396: java.net.URI answers', () => {
  const j = { rfc2396: true };
  assert.is(resolve(B, '?y', j), 'http://a/b/c/?y');
  assert.is(resolve(B, '', j), 'http://a/b/c/');
  assert.is(resolve(B, '../../../g', j), 'http://a/../g');
  assert.is(resolve(B, '../../../../g', j), 'http://a/../../g');
  assert.is(resolve(B, '../../..', j), 'http://a/..');
  assert.is(resolve(B, 'g', j), 'http://a/b/c/g');
  assert.is(resolve(B, '../..', j), 'http://a/');
  assert.is(resolve(B, 'g?y#s', j), 'http://a/b/c/g?y#s');
  assert.is(resolve(B, './g/.', j), 'http://a/b/c/g/');
  // Fragment-only: the base (without its fragment) and the reference's fragment.
  assert.is(resolve(B, '#s', j), `${B}#s`);
  assert.is(resolve(`${B}#f`, '#s', j), `${B}#s`);
  // An absolute path or a network-path reference is taken with its dots.
  assert.is(resolve(B, '/./g', j), 'http://a/./g');
  assert.is(resolve(B, '/../g', j), 'http://a/../g');
  assert.is(resolve(B, '//g/./x', j), 'http://g/./x');
  // A reference with a scheme, and any reference against an opaque base, is returned as it is.
  assert.is(resolve(B, 'g:h', j), 'g:h');
  assert.is(resolve(B, 'http:g', j), 'http:g');
  assert.is(resolve(B, 'x:/a/../b', j), 'x:/a/../b');
  assert.is(resolve('mailto:a@b', 'c', j), 'c');
  assert.is(resolve('mailto:a@b', '#f', j), '#f');
  assert.is(resolve('a:b', '../c', j), '../c');
  assert.is(resolve('http://a', 'g', j), 'http://a/g');
  // java.net.URI collapses runs of "/" in a merged path (never a "//" path without an authority).
  assert.is(resolve('x:/a', './/g', j), 'x:/g');
  assert.is(resolve('x:/a/b', '..//g', j), 'x:/g');
  assert.is(resolve('http://a/b//c', '../g', j), 'http://a/g');
  assert.is(resolve('http://a/', '..//..//g', j), 'http://a/../../g');
  assert.is(resolve('http://a/b/', 'c//d?x//y#z//w', j), 'http://a/b/c/d?x//y#z//w');
  assert.is(resolve('http://a/b', '/c//d', j), 'http://a/c//d');
  assert.is(resolve('http://a/b', '//h//c', j), 'http://h//c');
});

test('RELATIVE_BASE: a base without a scheme, at index 0', () => {
  for (const b of ['', '#f', '//a/b', '/a/b', 'a/b', '?q']) {
    assert.equal(
      uriError(() => resolve(b, 'g')),
      { code: 'RELATIVE_BASE', index: 0 },
      JSON.stringify(b),
    );
    assert.equal(
      uriError(() => resolve(b, 'g', { rfc2396: true })),
      { code: 'RELATIVE_BASE', index: 0 },
    );
  }
  const e = (() => {
    try {
      resolve('a/b', 'g');
    } catch (x) {
      return x as UriError;
    }
    return undefined;
  })();
  assert.ok(e instanceof UriError);
  assert.is(e!.input, 'a/b');
  assert.match(e!.message, /no scheme/);
});

test('invalid inputs throw UriError with the first bad index', () => {
  assert.equal(
    uriError(() => resolve('http://a b/', 'g')),
    { code: 'INVALID_CHAR', index: 8 },
  );
  assert.equal(
    uriError(() => resolve(B, 'a b')),
    { code: 'INVALID_CHAR', index: 1 },
  );
  assert.equal(
    uriError(() => resolve(B, '%zz')),
    { code: 'INVALID_PERCENT_ENCODING', index: 0 },
  );
  assert.equal(
    uriError(() => resolve(B, '1a:b')),
    { code: 'INVALID_SCHEME', index: 2 },
  );
  assert.equal(
    uriError(() => resolve(B, '//[::1]:x')),
    { code: 'INVALID_PORT', index: 8 },
  );
  // The base is checked first, then whether it is absolute, then the reference.
  assert.equal(
    uriError(() => resolve('a b', 'c d')),
    { code: 'INVALID_CHAR', index: 1 },
  );
  assert.equal(
    uriError(() => resolve('a', 'c d')),
    { code: 'RELATIVE_BASE', index: 0 },
  );
  // Parse options reach both inputs.
  assert.is(resolve('http://[fe80::1%25eth0]/a', 'b', { zoneId: true }), 'http://[fe80::1%25eth0]/b');
  assert.equal(
    uriError(() => resolve('http://[fe80::1%25eth0]/a', 'b')),
    { code: 'INVALID_IPV6', index: 15 },
  );
  assert.is(resolve('http://a/', 'ü', { iri: true }), 'http://a/ü');
});

test('Uri arguments (parse() results) as base and reference', () => {
  assert.is(resolve(parse(B), '../g'), 'http://a/b/g');
  assert.is(resolve(B, parse('../g')), 'http://a/b/g');
  assert.is(resolve(parse(B), parse('../g')), 'http://a/b/g');
  assert.is(resolve(parse(`${B}#f`), parse('')), B);
  assert.is(resolve(parse(B), parse('g:h')), 'g:h');
  assert.is(resolve(parse(B), parse('?y'), { rfc2396: true }), 'http://a/b/c/?y');
  assert.is(resolve(parse(B), parse('http:g'), { strict: false }), 'http://a/b/c/g');
  assert.is(resolve(parse('http://[fe80::1%25x]/a', { zoneId: true }), parse('b')), 'http://[fe80::1%25x]/b');
  assert.equal(
    uriError(() => resolve(parse('a/b'), 'g')),
    { code: 'RELATIVE_BASE', index: 0 },
  );
});

test('non-string, non-Uri arguments throw a plain TypeError', () => {
  for (const bad of [undefined, null, 42, {}, ['http://a/'], new URL('http://a/')] as unknown[]) {
    assert.ok(
      plainTypeError(() => resolve(bad as string, 'g')),
      `base ${String(bad)}`,
    );
    assert.ok(
      plainTypeError(() => resolve(B, bad as string)),
      `reference ${String(bad)}`,
    );
  }
  assert.ok(plainTypeError(() => removeDotSegments(undefined as unknown as string)));
  assert.ok(plainTypeError(() => removeDotSegments(1 as unknown as string)));
});

test('removeDotSegments: §5.2.4 step by step', () => {
  const cases: Array<[string, string]> = [
    ['/a/b/c/./../../g', '/a/g'],
    ['mid/content=5/../6', 'mid/6'],
    ['', ''],
    ['.', ''],
    ['..', ''],
    ['./', ''],
    ['../', ''],
    ['/.', '/'],
    ['/..', '/'],
    ['/./', '/'],
    ['/../', '/'],
    ['a/..', '/'],
    ['a/../', '/'],
    ['../a', 'a'],
    ['../../a/b', 'a/b'],
    ['./a', 'a'],
    ['.//a', '/a'],
    ['/a/./b/./', '/a/b/'],
    ['/a/b/..', '/a/'],
    ['/a/b/../..', '/'],
    ['/a/b/../../..', '/'],
    ['/a//../b', '/a/b'],
    ['/.a/..b/...', '/.a/..b/...'],
    ['/a/%2E/%2E%2E/b', '/a/%2E/%2E%2E/b'],
    ['//a/./b', '//a/b'],
    ['a', 'a'],
    ['/a/b/c', '/a/b/c'],
  ];
  for (const [input, want] of cases) assert.is(removeDotSegments(input), want, JSON.stringify(input));
  // Nothing to remove: the input itself.
  const s = '/a/b.c/d..e/f';
  assert.is(removeDotSegments(s), s);
});

test('rfc2396: an empty base path stays empty for an empty reference path (RFC 2396 §5.2 step 6)', () => {
  const opt = { rfc2396: true };
  assert.is(resolve('http://a', '?y', opt), 'http://a?y');
  assert.is(resolve('x://h', '', opt), 'x://h');
  assert.is(resolve('http://a?q', '', opt), 'http://a');
  assert.is(resolve('http://a?q', '#f', opt), 'http://a?q#f');
  // A non-empty reference path gets its "/", as java.net.URI gives it.
  assert.is(resolve('http://a', 'g', opt), 'http://a/g');
  // RFC 3986 (the default) agrees: the "/" comes only with a merged reference path (§5.2.2, §5.2.3).
  assert.is(resolve('http://a', '?y'), 'http://a?y');
  assert.is(resolve('http://a', 'g'), 'http://a/g');
});

/**
 * resolveRecords' short ways (one or two slices of the inputs) against its general way (the
 * components through recompose), and the general way's record against a scan of its result.
 */
function shortAndGeneral(b: string, r: string): number {
  const bo = new Uint32Array(OFFSETS_LENGTH);
  const ro = new Uint32Array(OFFSETS_LENGTH);
  const out = new Uint32Array(OFFSETS_LENGTH);
  const scanned = new Uint32Array(OFFSETS_LENGTH);
  if (scan(b, bo) !== 0 || scan(r, ro) !== 0 || !parse(b).isAbsolute) return 0;
  for (const strict of [true, false]) {
    const where = `${JSON.stringify(b)} + ${JSON.stringify(r)} strict=${strict}`;
    const short = resolveRecords(b, bo, r, ro, strict, null);
    const general = resolveRecords(b, bo, r, ro, strict, out);
    assert.is(short, general, where);
    assert.is(scan(general, scanned), 0, where);
    assert.equal(Array.from(out), Array.from(scanned), where);
    assert.is(checkOffsets(out, general), undefined, where);
  }
  return 1;
}

test("resolve: the short ways give what the general way gives, whose record is scan's (rustdoc pairs)", () => {
  let n = 0;
  const pairs = readFileSync(benchData('relref_rustdoc_html_pairs.tsv'), 'utf8').split('\n');
  for (const line of sampled(pairs)) {
    const tab = line.indexOf('\t');
    if (tab !== -1) n += shortAndGeneral(line.slice(0, tab), line.slice(tab + 1));
  }
  assert.ok(n > runs(30_000), `${n} pairs`);
  const base = 'http://a/b/c/d;p?q';
  for (const r of [
    'g:h',
    'g',
    './g',
    'g/',
    '/g',
    '//g',
    '?y',
    'g?y',
    '#s',
    'g#s',
    ';x',
    '',
    '.',
    './',
    '..',
    '../',
    '../g',
    '../..',
    '../../g',
  ]) {
    assert.is(shortAndGeneral(base, r), 1, r);
  }
  for (const [b, r] of [
    ['x:', '//g'],
    ['x:', './/g'],
    ['x:/a/', '..//g'],
    ['http:g', 'http:h'],
    ['http://a/b/./c', 'd'],
    ['http://a#f', ''],
    ['http://a?q#f', '#g'],
    ['HTTP://a/b', 'http:/c/./d'],
  ]) {
    assert.is(shortAndGeneral(b!, r!), 1, `${b} ${r}`);
  }
});

test('resolve: the short ways give what the general way gives (generated pairs)', () => {
  const g = grammar();
  fc.assert(
    fc.property(g.uri, g.uriReference, (b, r) => {
      shortAndGeneral(b, r);
    }),
    { seed: 7301, numRuns: runs(4000) },
  );
});

test('rfc2396: an empty authority and an empty port as java.net.URI writes them (answers of OpenJDK 17)', () => {
  const j = { rfc2396: true };
  const cases: [string, string, string][] = [
    // An empty authority is none: "file:///a" is "file:/a" once resolved.
    ['file:///a/b', 'c', 'file:/a/c'],
    ['file:///a/b', '../../..', 'file:/../..'],
    ['file:///a/b', '#f', 'file:/a/b#f'],
    ['file:///a/b?q', '#f', 'file:/a/b?q#f'],
    ['file:///a/b', '', 'file:/a/'],
    ['file:///', '?y', 'file:/?y'],
    ['x:///a', '..', 'x:/..'],
    // So is an empty authority in the reference: "///c" is the path "/c".
    ['http://a/b/c', '///c', 'http://a/c'],
    ['file://h/a/b', '///c', 'file://h/c'],
    ['http://a/b', '///', 'http://a/'],
    // An empty port of a server-based authority is none, in the base and in the reference.
    ['http://a:/b/c', 'c', 'http://a/b/c'],
    ['http://u@a:/b/c', '?y', 'http://u@a/b/?y'],
    ['http://a:/b/c', '#f', 'http://a/b/c#f'],
    ['http://a:', 'c', 'http://a/c'],
    ['http://a:?q', '#f', 'http://a?q#f'],
    ['http://a:/b', '//c:/x', 'http://c/x'],
    ['http://a/b', '//c:/x?q#f', 'http://c/x?q#f'],
    // A registry-based authority keeps its text; a reference with a scheme is taken as it is.
    ['http://u@:/b', 'c', 'http://u@:/c'],
    ['http://:/b', 'c', 'http://:/c'],
    ['http://@a/b/c', '///c', 'http://@a/c'],
    ['http://a:/b', 'http://c:/x', 'http://c:/x'],
    ['http://a:80/b/c', '///c', 'http://a:80/c'],
  ];
  for (const [b, r, want] of cases) assert.is(resolve(b, r, j), want, `${b} + ${r}`);
  // Where java.net.URI refuses what RFC 2396 §3.2 allows (an empty authority followed by
  // nothing), urikit resolves: the README says so.
  assert.is(resolve('x://', 'c', j), 'x:/c');
  assert.is(resolve('http://a/b', '//', j), 'http://a/');
  // RFC 3986 resolution is unchanged: empty authorities and ports stay as written.
  assert.is(resolve('file:///a/b', 'c'), 'file:///a/c');
  assert.is(resolve('http://a:/b/c', 'c'), 'http://a:/b/c');
});

test('rfc2396: the port of a server-based authority written as a number, as java.net.URI writes it (answers of OpenJDK 17)', () => {
  const j = { rfc2396: true };
  const cases: [string, string, string][] = [
    ['http://a:00080/b', 'c', 'http://a:80/c'],
    ['http://a:00080/b', '#f', 'http://a:80/b#f'],
    ['http://a:00080', '', 'http://a:80'],
    ['http://a:000/b', '?q', 'http://a:0/?q'],
    ['http://a:0080/b', '/x', 'http://a:80/x'],
    ['http://u@[::1]:00080/b', 'c', 'http://u@[::1]:80/c'],
    ['http://a/b', '//b:0080/x', 'http://b:80/x'],
    ['http://a:0/b', 'c', 'http://a:0/c'],
    // The base's own fragment again: the base itself, as written.
    ['http://a:00080/b#f', '#f', 'http://a:00080/b#f'],
    // A registry-based authority (a host RFC 2396 has no hostname for, a port above a Java int)
    // keeps its text; so does a reference with a scheme.
    ['http://a_b:00080/b', 'c', 'http://a_b:00080/c'],
    ['http://a:2147483648/b', 'c', 'http://a:2147483648/c'],
    ['http://a:0080/b', 'http:x', 'http:x'],
  ];
  for (const [b, r, want] of cases) assert.is(resolve(b, r, j), want, `${b} + ${r}`);
  // RFC 3986 resolution keeps the port as written.
  assert.is(resolve('http://a:00080/b', 'c'), 'http://a:00080/c');
});

test('rfc2396: a fragment-only reference as java.net.URI reads it, "//#f" among them (answers of OpenJDK 17 through the Java oracle)', () => {
  const j = { rfc2396: true };
  const cases: [string, string, string][] = [
    // The base's own fragment again: java.net.URI answers the base itself, as it was written.
    ['http://h:/g;x#f', '#f', 'http://h:/g;x#f'],
    ['HTTP://A:/b#f', '#f', 'HTTP://A:/b#f'],
    ['file:///a/b#f', '#f', 'file:///a/b#f'],
    ['http://a/b/../c#f', '#f', 'http://a/b/../c#f'],
    ['http://a/b/c#', '#', 'http://a/b/c#'],
    // Another fragment: a new URI, written as java.net.URI writes one.
    ['http://h:/g;x', '#f', 'http://h/g;x#f'],
    ['http://h:/g;x?q', '#f', 'http://h/g;x?q#f'],
    ['file:///a/b#f', '#g', 'file:/a/b#g'],
    ['http://a/b/../c#f', '#g', 'http://a/b/../c#g'],
    // An empty authority is none: "//#f" is the fragment-only reference "#f".
    ['http://a/b/c', '//#f', 'http://a/b/c#f'],
    ['http://a/b/c?x', '//#f', 'http://a/b/c?x#f'],
    ['http://a/b/c#g', '//#f', 'http://a/b/c#f'],
    ['http://a/b/c#f', '//#f', 'http://a/b/c#f'],
    // With a query it is "?q", as RFC 2396 resolves that.
    ['http://a/b/c', '//?q', 'http://a/b/?q'],
    ['http://a/b/c', '//?q#f', 'http://a/b/?q#f'],
    ['x://?q', 'c', 'x:/c'],
    ['x://#f', 'c', 'x:/c'],
    // An opaque base: the reference as it is.
    ['x:opaque#f', '#f', '#f'],
    // java.net.URI refuses a base whose scheme-specific part is empty, which RFC 2396 §3 does not
    // allow and RFC 3986 does: urikit reads it as opaque (the README lists it).
    ['x:', 'a', 'a'],
    ['x:#f', '#f', '#f'],
  ];
  for (const [b, r, want] of cases) assert.is(resolve(b, r, j), want, `${b} + ${r}`);
});

test.run();

/**
 * Reference resolution (RFC 3986 §5.2) and dot-segment removal (§5.2.4).
 *
 * This file also holds the harness that runs the public test vectors' non-parsing ops
 * (test/fixtures/vectors/, see its README) against urikit: resolution and dot-segment ops here,
 * normalization in normalize.test.ts, relativization in relativize.test.ts and percent-encoding in
 * percent.test.ts, each with a table saying what each file's op means in urikit's terms. A case
 * either passes or has an entry in test/fixtures/divergences-ops.json that records the library's
 * answer, urikit's exact answer (or error code), the RFC section that decides it and one sentence
 * of reason. The harness fails
 *
 *   - when a case neither passes nor has an entry (the failure prints the entries to review),
 *   - when an entry's "urikit" is no longer urikit's answer, or the case passes now,
 *   - when an entry names no case of its file (file, op, input, base/other and expected),
 *   - for any case of rfc3986.json that does not pass: the specification admits no divergence,
 *   - when a vector file holds an op that no table runs and NOT_RUN does not explain.
 *
 * OPS_SUMMARY=1 prints the counts per file and op; OPS_DRAFT=<prefix> writes the missing entries
 * to <prefix>.<owner>.json (section and reason to be decided).
 *
 * ESM evaluates this module once, so the other test files import the harness from it without
 * running these tests twice.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { pctDecode, same } from '../support/assert.js';
import { grammar } from '../support/reference-validator.js';

// =============================================================================================
// The vector harness.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };

/** One case of a vector file (see the vectors' README for the fields). */
export interface Case {
  op: string;
  /** construct: the constructor's arguments. */
  components?: Obj;
  input?: Json;
  base?: string;
  other?: Json;
  expected?: Obj;
  error?: boolean;
  options?: Obj;
  note?: string;
  source?: string;
}

/** One entry of divergences-ops.json. */
export interface Entry {
  file: string;
  op: string;
  input: Json;
  /** construct: the constructor's arguments. */
  components?: Obj;
  base?: string;
  other?: Json;
  /** The library's answer: the stated value, the stated components, or `{ "error": true }`. */
  expected: Json;
  /** urikit's exact answer, or the code of the UriError it throws. */
  urikit: Json;
  /** The RFC 3986 section (`§5.2.2`), or an RFC 2396 / RFC 5952 section (`RFC 2396 §5.2`), that decides the case. */
  section: string;
  reason: string;
}

/** What running a case gave: the library's answer, urikit's, and whether they agree. */
export type Outcome = { expected: Json; urikit: Json; pass: boolean } | { skip: string };
export type Runner = (c: Case) => Outcome;
/** vector file -> op -> how to run it. */
export type Table = Record<string, Record<string, Runner>>;

/** Which test file runs each op of the vector files. */
export const OWNERS: Readonly<Record<string, string>> = {
  resolve: 'resolve',
  remove_dot_segments: 'resolve',
  merge_paths: 'resolve',
  go_resolve_path: 'resolve',
  normalize: 'normalize',
  normalize_scheme_based: 'normalize',
  normalize_scheme: 'normalize',
  normalize_host: 'normalize',
  normalize_percent_case: 'normalize',
  equivalent: 'normalize',
  relativize: 'relativize',
  relativize_after_resolve: 'relativize',
  resolve_after_relativize: 'relativize',
  percent_encode_utf8: 'percent',
  go_path_escape: 'percent',
  go_query_escape: 'percent',
  go_query_unescape: 'percent',
  uriparser_escape: 'percent',
  uriparser_unescape: 'percent',
  java_equals_compare: 'compare',
  construct: 'build',
  heuristic_parse: 'heuristic',
};

/** Ops of the vector files that no table here runs, and why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  parse: 'parsing, run by test/syntax/vectors.test.ts',
  parse_serialize: 'parsing, run by test/syntax/vectors.test.ts',
  parse_server_authority: 'parsing, run by test/syntax/vectors.test.ts',
  parse_encoding_invalid: 'parsing, run by test/syntax/vectors.test.ts',
  ipv4address: 'parsing, run by test/syntax/vectors.test.ts',
  ipv6address: 'parsing, run by test/syntax/vectors.test.ts',
  serialize: 'recomposition from components: urikit has no component builder',
  go_parse_request_uri: 'the HTTP request-target grammar (RFC 9112 §3.2), not URI-reference',
  go_hostname_port: 'splits a Host field set directly on a url.URL, without parsing',
  normalize_mask_required: "uriparser's report of which components are not yet normal: no urikit counterpart",
  encode_component:
    "python rfc3986's encode_component re-encodes every '%' of a component when any '%' is malformed: a repair heuristic, neither percentEncode nor percentDecode",
};

const VECTORS = new URL('../../../test/fixtures/vectors/', import.meta.url);
const DIVERGENCES = new URL('../../../test/fixtures/divergences-ops.json', import.meta.url);

/** Vector files that hold no op cases. */
const NOT_OP_FILES: Readonly<Record<string, string>> = {
  'wpt-urltestdata.json': "web-platform-tests' own format and the WHATWG URL Standard's semantics, not RFC 3986 ops",
};

export const vectorFiles: readonly string[] = readdirSync(VECTORS)
  .filter((f) => f.endsWith('.json') && !(f in NOT_OP_FILES))
  .sort();
const casesOf = new Map<string, Case[]>(vectorFiles.map((f) => [f, JSON.parse(readFileSync(new URL(f, VECTORS), 'utf8')) as Case[]]));
export const entries: readonly Entry[] = JSON.parse(readFileSync(DIVERGENCES, 'utf8')) as Entry[];

/** urikit's answer: the value, or the code of the UriError thrown (any other exception is a bug). */
export type Got<T> = { value: T; error?: undefined } | { value?: undefined; error: string };
export function attempt<T>(f: () => T): Got<T> {
  try {
    return { value: f() };
  } catch (e) {
    if (e instanceof UriError) return { error: e.code };
    throw e;
  }
}
const shown = (g: Got<Json>): Json => (g.error !== undefined ? g.error : g.value!);

/** The library's answer as an entry records it: `{ error: true }`, the one stated value, or all of them. */
export function libraryAnswer(c: Case): Json {
  if (c.error === true) return { error: true };
  const want = c.expected ?? {};
  const ks = Object.keys(want);
  return ks.length === 1 ? want[ks[0]!]! : want;
}

/**
 * The fields a case may carry besides its answer: bookkeeping (source, notes, how the vector was
 * derived) that says nothing about the answer, and `options`, whose names the runners map.
 */
const CASE_FIELDS = new Set([
  'components',
  'op',
  'input',
  'base',
  'other',
  'expected',
  'error',
  'options',
  'note',
  'notes',
  'source',
  'explicit',
  'steps',
  'libraryPathNone',
  'iri',
  'schemeSpecific',
  'tolerant',
  'descriptions',
  'lines',
  'via',
]);
/** Option names of the cases these tests run: each runner says what it does with them. */
const CASE_OPTIONS = new Set([
  'iri',
  'unicodeSupport',
  'domainHost',
  'reference',
  'tolerant',
  'backwardCompatibility',
  'mask',
  'flags',
  'domainRootMode',
]);

/**
 * Runs `run` for case `c`: an error case passes when urikit throws a UriError, any other when
 * urikit answers and `check` accepts the answer.
 */
export function outcome<T extends Json>(c: Case, run: () => T, check: (value: T) => boolean, expected: Json = libraryAnswer(c)): Outcome {
  const g = attempt(run);
  const pass = c.error === true ? g.error !== undefined : g.error === undefined && check(g.value!);
  return { expected, urikit: shown(g as Got<Json>), pass };
}

/** How the vectors detail a library's error: what it raises; the error flag is the answer. */
const ERROR_DETAILS = ['throws', 'raises', 'error', 'errorArg'];

/** Fails on expected keys that a runner neither compares nor explicitly ignores. */
export function keysKnown(c: Case, known: readonly string[]): void {
  for (const k of Object.keys(c.expected ?? {})) {
    if (!known.includes(k) && !(c.error === true && ERROR_DETAILS.includes(k)))
      throw new Error(`${c.op} ${JSON.stringify(c.input)} (${c.source}): unknown expected key ${k}`);
  }
}

/** True when every stated key of `want` equals the view's. */
export function matches(view: Obj, want: Obj, keys: readonly string[]): boolean {
  return keys.every((k) => !Object.hasOwn(want, k) || same(view[k], want[k]));
}

const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** RFC 3986 component names (rfc3986.json, python rfc3986). */
export function rfcView(href: string, options?: ParseOptions): Obj {
  const u = parse(href, options);
  return {
    href,
    scheme: nul(u.scheme),
    authority: nul(u.authority),
    userinfo: nul(u.userinfo),
    host: nul(u.host),
    port: nul(u.port),
    path: u.path,
    query: nul(u.query),
    fragment: nul(u.fragment),
  };
}
export const RFC_KEYS = ['href', 'scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;

/** java.net.URI's getters (rawPath and rawQuery are null for an opaque URI). */
export function jdkView(href: string): Obj {
  const u = parse(href);
  const ssp = u.schemeSpecificPart;
  return {
    href,
    toString: href,
    scheme: nul(u.scheme),
    opaque: u.isOpaque,
    schemeSpecificPart: pctDecode(ssp),
    rawSchemeSpecificPart: ssp,
    rawUserInfo: nul(u.userinfo),
    host: nul(u.host),
    port: u.portNumber ?? -1,
    rawPath: u.isOpaque ? null : u.path,
    path: u.isOpaque ? null : pctDecode(u.path),
    rawQuery: u.isOpaque ? null : nul(u.query),
    rawFragment: nul(u.fragment),
  };
}
export const JDK_KEYS = [
  'href',
  'toString',
  'scheme',
  'opaque',
  'schemeSpecificPart',
  'rawSchemeSpecificPart',
  'rawUserInfo',
  'host',
  'port',
  'rawPath',
  'path',
  'rawQuery',
  'rawFragment',
] as const;

/** A case whose one stated value is a string that urikit's answer must equal. */
export function exact(c: Case, key: string, run: () => string): Outcome {
  keysKnown(c, [key]);
  return outcome(c, run, (v) => v === c.expected![key]);
}

/** Counts per op: run, passed, divergences, skipped. */
type Counts = Record<string, { run: number; passed: number; diverged: number; skipped: number }>;
const summary: string[] = [];

/** Registers the conformance tests of `owner`'s ops over every vector file. */
export function conformance(owner: string, table: Table): void {
  const mine = entries.filter((d) => OWNERS[d.op] === owner);
  const drafts: Entry[] = [];
  const files = [...new Set([...vectorFiles, ...mine.map((d) => d.file)])].sort();
  for (const file of files) {
    const cases = (casesOf.get(file) ?? []).filter((c) => OWNERS[c.op] === owner);
    const listed = mine.filter((d) => d.file === file);
    if (cases.length === 0 && listed.length === 0) continue;
    test(`${file}: every ${owner} case passes or is a listed divergence`, () => {
      const problems: string[] = [];
      const missing: Entry[] = [];
      const used = new Set<Entry>();
      const counts: Counts = {};
      for (const c of cases) {
        const n = (counts[c.op] ??= { run: 0, passed: 0, diverged: 0, skipped: 0 });
        const runner = table[file]?.[c.op];
        const label = `${c.op} ${JSON.stringify(c.input)}${c.base !== undefined ? ` against ${JSON.stringify(c.base)}` : ''} (${c.source})`;
        for (const k of Object.keys(c)) if (!CASE_FIELDS.has(k)) problems.push(`${label}: unknown case field ${k}`);
        for (const k of Object.keys(c.options ?? {})) if (!CASE_OPTIONS.has(k)) problems.push(`${label}: unknown option ${k}`);
        if (runner === undefined) {
          problems.push(`${label}: no runner for ${c.op} in ${file}`);
          continue;
        }
        const o = runner(c);
        if ('skip' in o) {
          n.skipped++;
          continue;
        }
        n.run++;
        const named = listed.filter(
          (d) =>
            d.op === c.op &&
            same(d.input, c.input ?? null) &&
            same(d.base, c.base) &&
            same(d.other, c.other) &&
            same(d.components, c.components) &&
            same(d.expected, o.expected),
        );
        for (const d of named) used.add(d);
        if (o.pass) {
          n.passed++;
          if (named.length > 0) problems.push(`${label}: passes now; remove its entry`);
          continue;
        }
        n.diverged++;
        if (named.length === 0) {
          missing.push({
            file,
            op: c.op,
            input: c.input ?? null,
            ...(c.base !== undefined ? { base: c.base } : {}),
            ...(c.other !== undefined ? { other: c.other } : {}),
            ...(c.components !== undefined ? { components: c.components } : {}),
            expected: o.expected,
            urikit: o.urikit,
            section: '§?',
            reason: '?',
          });
          continue;
        }
        if (named.length > 1) problems.push(`${label}: ${named.length} entries name it`);
        if (!same(named[0]!.urikit, o.urikit)) {
          problems.push(
            `${label}: stale entry: urikit answers ${JSON.stringify(o.urikit)}, the entry says ${JSON.stringify(named[0]!.urikit)}`,
          );
        }
      }
      for (const d of listed)
        if (!used.has(d))
          problems.push(`entry ${JSON.stringify([d.op, d.input, d.base ?? d.other ?? null, d.expected])} names no case of ${file}`);
      if (missing.length > 0) {
        drafts.push(...missing);
        problems.push(
          `${missing.length} case(s) neither pass nor have an entry in divergences-ops.json; decide each with the RFC, ` +
            `then fix urikit or add the entry:\n${missing.map((m) => JSON.stringify(m)).join(',\n')}`,
        );
      }
      for (const [op, n] of Object.entries(counts)) {
        summary.push(
          `${file.padEnd(30)} ${op.padEnd(26)} run ${String(n.run).padStart(4)}  passed ${String(n.passed).padStart(4)}  divergences ${String(n.diverged).padStart(4)}  skipped ${n.skipped}`,
        );
        if (file === 'rfc3986.json') assert.is(n.diverged, 0, `every ${op} case of rfc3986.json must pass exactly`);
      }
      assert.ok(problems.length === 0, problems.join('\n'));
    });
  }
  test(`${owner}: summary`, () => {
    if (process.env.OPS_SUMMARY === '1') console.log(`\n${summary.splice(0).join('\n')}`);
    const draft = process.env.OPS_DRAFT;
    if (draft !== undefined && draft !== '' && drafts.length > 0) {
      writeFileSync(`${draft}.${owner}.json`, `[\n${drafts.map((d) => JSON.stringify(d)).join(',\n')}\n]\n`);
    }
  });
}

test('every op of every vector file is run by a table or explained in NOT_RUN', () => {
  for (const file of vectorFiles) {
    for (const c of casesOf.get(file)!) {
      assert.ok(c.op in OWNERS || c.op in NOT_RUN, `${file}: op ${c.op} is neither run nor explained`);
    }
  }
});

test('divergences-ops.json entries are well formed', () => {
  assert.ok(Array.isArray(entries));
  const fields = ['file', 'op', 'input', 'base', 'other', 'components', 'expected', 'urikit', 'section', 'reason'];
  for (const d of entries) {
    const name = JSON.stringify([d.file, d.op, d.input, d.base ?? d.other ?? null]);
    for (const k of Object.keys(d)) assert.ok(fields.includes(k), `${name}: unknown field ${k}`);
    for (const k of ['file', 'op', 'input', 'expected', 'urikit', 'section', 'reason']) assert.ok(k in d, `${name}: no ${k}`);
    assert.ok(vectorFiles.includes(d.file), `${name}: no such vector file`);
    assert.ok(d.file !== 'rfc3986.json', `${name}: rfc3986.json is the specification; no divergence is allowed`);
    assert.ok(d.op in OWNERS, `${name}: op ${d.op} is not run by these tests`);
    assert.ok(
      /^(RFC (2396|3987|5952|6454|6874) )?§\d+(\.\d+)*$/.test(d.section),
      `${name}: section ${d.section} is not "§n.n" or "RFC 2396|3987|5952|6454|6874 §n.n"`,
    );
    assert.ok(/^[A-Z].*\.$/.test(d.reason) && !/[.;]\s+[A-Z]/.test(d.reason), `${name}: reason must be one sentence`);
  }
});

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
export function sameNormal(a: string, b: string): boolean {
  return attempt(() => normalize(a) === normalize(b)).value === true;
}

/** Strict unless the case asks for the §5.2.2 backward-compatible reading (uri-js `tolerant`, uriparser `backwardCompatibility`). */
function strictness(c: Case, parse?: ParseOptions): ResolveOptions | undefined {
  const o = c.options ?? {};
  return o.tolerant === true || o.backwardCompatibility === true ? { ...parse, strict: false } : parse;
}

/**
 * python rfc3986, uri-js and fast-uri accept RFC 6874 zone identifiers (`%25` in an IPv6 literal)
 * by default, which urikit does with `zoneId`; the other libraries reject them, as urikit does by default.
 */
export const ZONES: ParseOptions = { zoneId: true };

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

test('removeDotSegments: long hostile inputs stay linear and exact', () => {
  const n = 100_000;
  const started = Date.now();
  assert.is(removeDotSegments(`/${'a/'.repeat(n)}${'../'.repeat(n)}`), '/');
  assert.is(removeDotSegments(`${'a/'.repeat(n) + '../'.repeat(n)}z`), '/z');
  assert.is(removeDotSegments(`/${'a/'.repeat(n)}${'../'.repeat(n - 1)}z`), '/a/z');
  assert.is(removeDotSegments(`/${'../'.repeat(n)}z`), '/z');
  assert.is(removeDotSegments(`/${'./'.repeat(n)}z`), '/z');
  assert.is(removeDotSegments(`/${'a/./'.repeat(n)}`), `/${'a/'.repeat(n)}`);
  assert.is(removeDotSegments(`/${'a/b/../'.repeat(n)}c`), `/${'a/'.repeat(n)}c`);
  assert.is(removeDotSegments(`${'/'.repeat(n)}..`), '/'.repeat(n - 1));
  assert.is(resolve(`http://h/${'a/'.repeat(n)}`, `${'../'.repeat(n)}z`), 'http://h/z');
  assert.ok(Date.now() - started < 5000, 'linear time');
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
  const pairs = readFileSync(new URL('../../../bench/data/relref_rustdoc_html_pairs.tsv', import.meta.url), 'utf8').split('\n');
  for (const line of pairs) {
    const tab = line.indexOf('\t');
    if (tab !== -1) n += shortAndGeneral(line.slice(0, tab), line.slice(tab + 1));
  }
  assert.ok(n > 30_000, `${n} pairs`);
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
    { seed: 7301, numRuns: 4000 },
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

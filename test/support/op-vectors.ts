/**
 * The harness that runs the public test vectors' non-parsing ops (test/fixtures/vectors/, see its
 * README) against urikit: each op test file (resolve, normalize, relativize, percent, compare,
 * build) hands `conformance` a table saying what each vector file's op means in urikit's terms.
 * A case either passes or has an entry in test/fixtures/divergences-ops.json that records the
 * library's answer, urikit's exact answer (or error code), the RFC section that decides it and one
 * sentence of reason. The tests `conformance` registers fail
 *
 *   - when a case neither passes nor has an entry (the failure prints the entries to review),
 *   - when an entry's "urikit" is no longer urikit's answer, or the case passes now,
 *   - when an entry names no case of its file (file, op, input, base/other and expected),
 *   - for any case of rfc3986.json that does not pass: the specification admits no divergence.
 *
 * test/ops/vectors.test.ts checks that every op of every vector file is run by a table or
 * explained in NOT_RUN, and that every entry is well formed.
 *
 * OPS_SUMMARY=1 prints the counts per file and op; OPS_DRAFT=<prefix> writes the missing entries
 * to <prefix>.<owner>.json (section and reason to be decided).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ParseOptions, parse, UriError } from '../../src/index.js';
import { pctDecode, same } from './assert.js';
import { fixture } from './paths.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };

/** One case of a vector file (test/fixtures/vectors/README.md). */
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
export const NOT_RUN: Readonly<Record<string, string>> = {
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

export const vectorFiles: readonly string[] = readdirSync(fixture('vectors'))
  .filter((f) => f.endsWith('.json'))
  .sort();
export const casesOf: ReadonlyMap<string, readonly Case[]> = new Map<string, Case[]>(
  vectorFiles.map((f) => [f, JSON.parse(readFileSync(fixture(`vectors/${f}`), 'utf8')) as Case[]]),
);
export const entries: readonly Entry[] = JSON.parse(readFileSync(fixture('divergences-ops.json'), 'utf8')) as Entry[];

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

/**
 * python rfc3986, uri-js and fast-uri accept RFC 6874 zone identifiers (`%25` in an IPv6 literal)
 * by default, which urikit does with `zoneId`; the other libraries reject them, as urikit does by default.
 */
export const ZONES: ParseOptions = { zoneId: true };

/**
 * Parse conformance over the public test vectors in test/fixtures/vectors/ (see its README.md).
 *
 * Every parse-type case of every vector file runs through `parse`: acceptance (error or not) and
 * each component the vector states, mapped from the file's own key names to urikit's. A case
 * either passes or has an entry in test/fixtures/divergences.json that records what the other
 * library says, urikit's exact answer, and the RFC 3986 section that decides it. This file fails
 *
 *   - when a case neither passes nor has an entry (the failure prints the entry to review),
 *   - when an entry no longer matches urikit's answer or the library's (stale entries hide nothing),
 *   - when an entry names a case that does not exist,
 *   - for any case of rfc3986.json that does not pass: the specification admits no divergence,
 *   - when a vector file holds an op, a key or an option that this file does not know.
 *
 * Library-specific ops (resolve, normalize, escaping, serialize, ...) are listed in NOT_PARSING and
 * left to their own test files. Set VECTORS_SUMMARY=1 to print the counts per file, and
 * VECTORS_DRAFT=<file> to write the entries that are missing (section and reason to be decided).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ParseOptions, parse, type Uri, UriError } from '../../src/index.js';
import { pctDecode, same } from '../support/assert.js';
import { fixture } from '../support/paths.js';

// ---------------------------------------------------------------------------------------------
// Data shapes.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

interface Vector {
  op: string;
  input?: string;
  expected?: Obj;
  error?: boolean;
  errorAllowed?: boolean;
  source?: string;
  options?: Obj;
  parseOptions?: Obj;
  serializeOptions?: Obj;
}

interface Divergence {
  file: string;
  op: string;
  input: string;
  /** Only where the file holds several cases with this op and input. */
  source?: string;
  /** What the other library says: `{ error: true }`, `{ error: false, ...components }`, or the components that differ. */
  expected: Obj;
  /** urikit's exact answer: `{ error, index }` or every component. */
  urikit: Obj;
  section: string;
  reason: string;
}

/** The result of a comparison that did not pass. */
interface Diff {
  expected: Obj;
  urikit: Obj;
}

type Got = { uri: Uri; error?: undefined } | { uri?: undefined; error: UriError };

// ---------------------------------------------------------------------------------------------
// Running urikit.

function run(input: string, options?: ParseOptions): Got {
  try {
    return { uri: parse(input, options) };
  } catch (e) {
    if (e instanceof UriError) return { error: e as UriError };
    throw e;
  }
}

const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** urikit's exact answer, as recorded in divergences.json. */
function answer(g: Got): Obj {
  if (g.error !== undefined) return { error: g.error.code, index: g.error.index };
  const u = g.uri;
  return {
    scheme: nul(u.scheme),
    userinfo: nul(u.userinfo),
    host: nul(u.host),
    hostType: nul(u.hostType),
    port: nul(u.port),
    path: u.path,
    query: nul(u.query),
    fragment: nul(u.fragment),
  };
}

// ---------------------------------------------------------------------------------------------
// How each op of each file maps onto urikit.

type Verdict = 'accept' | 'reject' | 'either';
type KeyMap = Record<string, (u: Uri, want: Json) => unknown>;

interface OpSpec {
  /** What urikit parses (default: the input, strict RFC 3986, `iri` when the vector asks for IRIs). */
  parse?(c: Vector): { input: string; options?: ParseOptions };
  /** Compared when both urikit and the library accept: library key -> urikit's value in the library's terms. */
  keys?: KeyMap;
  /** Compared whether or not urikit accepts (for ops that ask a yes/no question about a host). */
  always?: Record<string, (g: Got) => unknown>;
  /** Compared when both reject. */
  onError?: Record<string, (e: UriError) => unknown>;
  /** Keys that restate the library's verdict: each must agree with the case's `error` flag. */
  verdictKeys?: Record<string, (value: Json, verdict: Verdict) => boolean>;
  /** Keys with no urikit counterpart, and why they are not parse results. */
  ignored?: Record<string, string>;
  /** Families of such keys (method calls the library records by name). */
  ignoredPatterns?: ReadonlyArray<readonly [RegExp, string]>;
  /** The verdict is not about acceptance (the op asks a question whose answer is a key). */
  noVerdict?: boolean;
  /** Why a case of this op is not about parsing, or undefined to run it. */
  skip?(c: Vector): string | undefined;
  /** Option names the vectors may carry, and whether urikit uses them. */
  options?: readonly string[];
}

/** RFC 3986 component names, as rfc3986.json and python rfc3986 use them. */
const RFC_KEYS: KeyMap = {
  scheme: (u) => nul(u.scheme),
  authority: (u) => nul(u.authority),
  userinfo: (u) => nul(u.userinfo),
  host: (u) => nul(u.host),
  port: (u) => nul(u.port),
  path: (u) => u.path,
  query: (u) => nul(u.query),
  fragment: (u) => nul(u.fragment),
};

/** A port as a library that reports numbers reports it (the digits' value; `null` when absent or empty). */
function portAsNumber(u: Uri): number | null {
  return u.port === undefined || u.port === '' ? null : Number(u.port);
}

/** uri-js / fast-uri: IPv6 hosts without brackets, ports as numbers, and the reference type. */
const URIJS_KEYS: KeyMap = {
  scheme: (u) => nul(u.scheme),
  userinfo: (u) => nul(u.userinfo),
  host: (u) => (u.host !== undefined && u.hostType === 'ipv6' ? u.host.slice(1, -1) : nul(u.host)),
  port: (u, want) => (typeof want === 'number' ? portAsNumber(u) : nul(u.port)),
  path: (u) => u.path,
  query: (u) => nul(u.query),
  fragment: (u) => nul(u.fragment),
  // RFC 3986 §4.4 same-document reference, §4.2 relative reference, §4.3 absolute-URI, §3 URI.
  reference: (u) => {
    if (u.scheme === undefined && u.authority === undefined && u.path === '' && u.query === undefined) return 'same-document';
    if (u.scheme === undefined) return 'relative';
    return u.fragment === undefined ? 'absolute' : 'uri';
  },
};

const URIJS_SCHEME_SPECIFIC =
  "a field of the library's scheme handlers (URN RFC 8141, UUID RFC 4122, mailto RFC 6068, WebSocket RFC 6455), not an RFC 3986 component";
const URIJS_IGNORED: Record<string, string> = Object.fromEntries(
  ['nid', 'nss', 'uuid', 'to', 'subject', 'body', 'headers', 'resourceName', 'secure'].map((k) => [k, URIJS_SCHEME_SPECIFIC]),
);
/** uri-js / fast-uri options: `iri` maps to urikit's; the others shape output or pick scheme handlers. */
const URIJS_OPTIONS = ['iri', 'unicodeSupport', 'domainHost', 'nid'] as const;

const ERROR_KEY = { error: (v: Json, verdict: Verdict) => (v === null) === (verdict !== 'reject') };
const VALID_KEY = { valid: (v: Json, verdict: Verdict) => v === (verdict !== 'reject') };

function withIri(c: Vector, options: Obj | undefined): { input: string; options?: ParseOptions } {
  return options !== undefined && options.iri === true ? { input: c.input!, options: { iri: true } } : { input: c.input! };
}

/** Skips round trips that convert on the way out (IRI <-> URI, IDNA): serialization, not parsing. */
function conversionRoundTrip(c: Vector): string | undefined {
  const p = c.parseOptions ?? {};
  if (c.serializeOptions !== undefined || p.unicodeSupport !== undefined || p.domainHost !== undefined) {
    return 'IRI/URI or IDNA conversion on serialization (RFC 3987 §3.1-3.2, RFC 5891), not parsing';
  }
  return undefined;
}

const URIJS_PARSE: OpSpec = {
  parse: (c) => withIri(c, c.options),
  keys: URIJS_KEYS,
  verdictKeys: ERROR_KEY,
  ignored: URIJS_IGNORED,
  options: URIJS_OPTIONS,
};
const URIJS_ROUND_TRIP: OpSpec = {
  parse: (c) => withIri(c, c.parseOptions),
  keys: { href: (u) => u.href },
  skip: conversionRoundTrip,
  options: URIJS_OPTIONS,
};

/** java.net.URI getters. Java's rawPath and rawQuery are null for an opaque URI (RFC 2396 opaque_part). */
const JDK_KEYS: KeyMap = {
  scheme: (u) => nul(u.scheme),
  opaque: (u) => u.isOpaque,
  schemeSpecificPart: (u) => pctDecode(u.schemeSpecificPart),
  rawSchemeSpecificPart: (u) => u.schemeSpecificPart,
  rawAuthority: (u) => nul(u.authority),
  // RFC 3986 has no registry-based authority: every authority is server-based (§3.2).
  registryBased: (u) => (u.authority === undefined ? null : false),
  rawUserInfo: (u) => nul(u.userinfo),
  userInfo: (u) => (u.userinfo === undefined ? null : pctDecode(u.userinfo)),
  host: (u) => nul(u.host),
  port: (u) => u.portNumber ?? -1,
  rawPath: (u) => (u.isOpaque ? null : u.path),
  path: (u) => (u.isOpaque ? null : pctDecode(u.path)),
  rawQuery: (u) => (u.isOpaque ? null : nul(u.query)),
  query: (u) => (u.isOpaque || u.query === undefined ? null : pctDecode(u.query)),
  rawFragment: (u) => nul(u.fragment),
  fragment: (u) => (u.fragment === undefined ? null : pctDecode(u.fragment)),
  toASCIIString: (u) => u.href,
};

/** Go's url.URL as the vectors record it: zero values may be left out, Path and Fragment decoded, Host with the port. */
function goView(u: Uri, want: Json): Obj {
  const stated = (want ?? {}) as Obj;
  const opaque = u.isAbsolute && u.authority === undefined && !u.path.startsWith('/');
  const view: Obj = {
    Scheme: u.scheme ?? '',
    Opaque: opaque ? u.path : '',
    Host: u.authority === undefined ? '' : pctDecode(u.host!) + (u.port === undefined ? '' : `:${u.port}`),
    Path: opaque ? '' : pctDecode(u.path),
    RawQuery: u.query ?? '',
    ForceQuery: u.query === '',
    Fragment: u.fragment === undefined ? '' : pctDecode(u.fragment),
    OmitHost: u.isAbsolute && u.authority === undefined && u.path.startsWith('/'),
  };
  if (u.userinfo !== undefined) {
    const colon = u.userinfo.indexOf(':');
    view.User =
      colon < 0
        ? { username: pctDecode(u.userinfo) }
        : { username: pctDecode(u.userinfo.slice(0, colon)), password: pctDecode(u.userinfo.slice(colon + 1)) };
  }
  // RawPath and RawFragment are only set when the raw form differs from Go's default encoding of
  // the decoded value: their absence says nothing, their presence states the raw component.
  if (typeof stated.RawPath === 'string') view.RawPath = u.path;
  if (typeof stated.RawFragment === 'string') view.RawFragment = u.fragment ?? '';
  return dropZero(view);
}

function dropZero(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== false && v !== null));
}

const GO_FIELDS = ['Scheme', 'Opaque', 'User', 'Host', 'Path', 'RawPath', 'RawQuery', 'ForceQuery', 'Fragment', 'RawFragment', 'OmitHost'];

/** Addressable's user / password split of the userinfo (first ":"; no decoding). */
function userOf(u: Uri): string | null {
  if (u.userinfo === undefined) return null;
  const colon = u.userinfo.indexOf(':');
  return colon < 0 ? u.userinfo : u.userinfo.slice(0, colon);
}
function passwordOf(u: Uri): string | null {
  if (u.userinfo === undefined) return null;
  const colon = u.userinfo.indexOf(':');
  return colon < 0 ? null : u.userinfo.slice(colon + 1);
}

const ADDRESSABLE_KEYS: KeyMap = {
  scheme: (u) => nul(u.scheme),
  authority: (u) => nul(u.authority),
  userinfo: (u) => nul(u.userinfo),
  user: userOf,
  password: passwordOf,
  host: (u) => nul(u.host),
  port: portAsNumber,
  path: (u) => u.path,
  query: (u) => nul(u.query),
  fragment: (u) => nul(u.fragment),
  href: (u) => u.href,
  to_hash: (u) => ({
    scheme: nul(u.scheme),
    user: userOf(u),
    password: passwordOf(u),
    host: nul(u.host),
    port: portAsNumber(u),
    path: u.path,
    query: nul(u.query),
    fragment: nul(u.fragment),
  }),
};

const ADDRESSABLE_NORMALIZED = 'a normalized form (normalization is tested by its own file)';
const ADDRESSABLE_DERIVED =
  'a value Addressable derives from the components (scheme defaults, origin, public suffix, path helpers), not a parse result';
const ADDRESSABLE_IGNORED: Record<string, string> = {
  normalized_scheme: ADDRESSABLE_NORMALIZED,
  normalized_site: ADDRESSABLE_NORMALIZED,
  normalized_query: ADDRESSABLE_NORMALIZED,
  'normalized_query("sorted")': ADDRESSABLE_NORMALIZED,
  'normalized_query("compacted")': ADDRESSABLE_NORMALIZED,
  normalized_path: ADDRESSABLE_NORMALIZED,
  normalized_userinfo: ADDRESSABLE_NORMALIZED,
  'display_uri.to_s': 'an IDNA-decoded display form (RFC 3490 ToUnicode), not a parse result',
  request_uri: ADDRESSABLE_DERIVED,
  origin: ADDRESSABLE_DERIVED,
  inferred_port: ADDRESSABLE_DERIVED,
  default_port: ADDRESSABLE_DERIVED,
  site: ADDRESSABLE_DERIVED,
  tld: ADDRESSABLE_DERIVED,
  domain: ADDRESSABLE_DERIVED,
  basename: ADDRESSABLE_DERIVED,
  extname: ADDRESSABLE_DERIVED,
  query_values: ADDRESSABLE_DERIVED,
  'eql?(42)': ADDRESSABLE_DERIVED,
};
const ADDRESSABLE_BUILDERS = 'a URI Addressable builds from modified components (omit / merge), not a parse result';

/** uriparser's structural view: hostSet, absolutePath and whether the last path segment is empty. */
function uriparserSegments(u: Uri): string[] {
  const p = u.path;
  if (u.authority !== undefined) return p === '' ? [] : p.slice(1).split('/');
  if (p.startsWith('/')) return p === '/' ? [] : p.slice(1).split('/');
  return p === '' ? [] : p.split('/');
}

/** Ops that are not parsing: run by other test files (resolve, normalize) or library-specific. */
const NOT_PARSING: Record<string, string> = {
  resolve: 'reference resolution (RFC 3986 §5), tested with resolve',
  remove_dot_segments: 'RFC 3986 §5.2.4, tested with resolve',
  merge_paths: 'RFC 3986 §5.2.3, tested with resolve',
  go_resolve_path: 'RFC 3986 §5.2, tested with resolve',
  normalize: 'normalization (RFC 3986 §6), tested with normalize',
  normalize_scheme: 'normalization (RFC 3986 §6.2.2.1), tested with normalize',
  normalize_scheme_based: 'normalization (RFC 3986 §6.2.3), tested with normalize',
  normalize_host: 'normalization (RFC 3986 §6.2.2.1), tested with normalize',
  normalize_percent_case: 'normalization (RFC 3986 §6.2.2.1), tested with normalize',
  normalize_mask_required: "uriparser's normalization mask, library-specific",
  equivalent: 'equivalence (RFC 3986 §6), tested with normalize',
  java_equals_compare: 'java.net.URI equals / compareTo, library-specific',
  relativize: 'relativization, library-specific',
  relativize_after_resolve: 'relativization, library-specific',
  resolve_after_relativize: 'relativization, library-specific',
  serialize: 'recomposition from components (RFC 3986 §5.3), not parsing',
  construct: 'java.net.URI multi-argument constructors, library-specific',
  percent_encode_utf8: 'percent-encoding (RFC 3986 §2.5), not parsing',
  encode_component: 'percent-encoding, library-specific',
  uriparser_escape: 'percent-encoding, library-specific',
  uriparser_unescape: 'percent-decoding, library-specific',
  go_query_escape: 'percent-encoding, library-specific',
  go_query_unescape: 'percent-decoding, library-specific',
  go_path_escape: 'percent-encoding, library-specific',
  go_parse_request_uri: 'the HTTP request-target grammar (RFC 9112 §3.2: origin-form, absolute-form, "*"), not URI-reference',
  go_hostname_port: 'splits a Host field set directly on a url.URL, without parsing',
  heuristic_parse: "Addressable's guessing of a scheme for scheme-less input, not RFC 3986 parsing",
};

const FILES: Record<string, Record<string, OpSpec>> = {
  'rfc3986.json': {
    parse: { keys: RFC_KEYS },
  },
  'python-hyper-rfc3986.json': {
    parse: {
      keys: {
        ...RFC_KEYS,
        // rfc3986's is_absolute(): the absolute-URI rule of RFC 3986 §4.3 (a scheme, no fragment).
        isAbsoluteURI: (u) => u.isAbsolute && u.fragment === undefined,
        recomposed: (u) => u.href,
      },
      verdictKeys: VALID_KEY,
    },
    // rfc3986's from_string percent-encodes what the grammar does not allow, then reports the result.
    parse_encoding_invalid: { keys: RFC_KEYS },
  },
  'garycourt-uri-js.json': { parse: URIJS_PARSE, parse_serialize: URIJS_ROUND_TRIP },
  'fastify-fast-uri.json': { parse: URIJS_PARSE, parse_serialize: URIJS_ROUND_TRIP },
  'sporkmonger-addressable.json': {
    parse: {
      keys: ADDRESSABLE_KEYS,
      verdictKeys: { raises: (v, verdict) => typeof v === 'string' && verdict === 'reject' },
      ignored: ADDRESSABLE_IGNORED,
      ignoredPatterns: [[/^(omit|merge)\(.*\)\.to_s$/, ADDRESSABLE_BUILDERS]],
    },
  },
  'uriparser.json': {
    parse: {
      keys: {
        hostSet: (u) => u.authority !== undefined,
        absolutePath: (u) => u.authority === undefined && u.path.startsWith('/'),
        emptySegment: (u) => {
          const s = uriparserSegments(u);
          return s.length > 0 && s[s.length - 1] === '';
        },
      },
      onError: { errorIndex: (e) => e.index },
      verdictKeys: VALID_KEY,
    },
    // The IPv4address and IPv6address rules of RFC 3986 §3.2.2, asked through a host.
    ipv4address: {
      parse: (c) => ({ input: `//${c.input!}` }),
      always: { valid: (g) => g.uri !== undefined && g.uri.hostType === 'ipv4' },
      noVerdict: true,
    },
    ipv6address: {
      parse: (c) => ({ input: `//[${c.input!}]` }),
      always: { valid: (g) => g.uri !== undefined && g.uri.hostType === 'ipv6' },
      noVerdict: true,
    },
    parse_serialize: { keys: { href: (u) => u.href } },
  },
  'golang-net-url.json': {
    parse: {
      keys: { goURL: goView, roundtrip: (u) => u.href },
      verdictKeys: VALID_KEY,
    },
  },
  'openjdk-uri-test.json': {
    parse: { keys: JDK_KEYS },
    // parseServerAuthority(): java.net.URI's server-based authority, which is RFC 3986's only kind.
    parse_server_authority: { keys: JDK_KEYS },
  },
};

// The files' own bookkeeping fields, which are not expectations.
const CASE_FIELDS = new Set([
  'op',
  'input',
  'expected',
  'error',
  'errorAllowed',
  'source',
  'options',
  'parseOptions',
  'serializeOptions',
  'note',
  'explicit',
  'libraryPathNone',
  'iri',
  'schemeSpecific',
  'goBytesNotUtf8',
  'via',
  'lines',
  'descriptions',
]);

// ---------------------------------------------------------------------------------------------
// Comparing one case.

function verdictOf(c: Vector): Verdict {
  if (c.error === true) return 'reject';
  return c.errorAllowed === true ? 'either' : 'accept';
}

/** null when the case passes, else what the library says and urikit's answer. Throws on unknown data. */
function compare(file: string, spec: OpSpec, c: Vector): Diff | null {
  const where = `${file} ${c.op} ${JSON.stringify(c.input)}`;
  for (const field of Object.keys(c)) if (!CASE_FIELDS.has(field)) throw new Error(`${where}: unknown case field ${field}`);
  for (const opts of [c.options, c.parseOptions, c.serializeOptions]) {
    for (const name of Object.keys(opts ?? {})) {
      if (!(spec.options ?? []).includes(name)) throw new Error(`${where}: unknown option ${name}`);
    }
  }
  const want = c.expected ?? {};
  const verdict = verdictOf(c);
  for (const key of Object.keys(want)) {
    const known =
      (spec.keys && key in spec.keys) ||
      (spec.always && key in spec.always) ||
      (spec.onError && key in spec.onError) ||
      (spec.verdictKeys && key in spec.verdictKeys) ||
      (spec.ignored && key in spec.ignored) ||
      (spec.ignoredPatterns ?? []).some(([re]) => re.test(key));
    if (!known) throw new Error(`${where}: unknown expected key ${key}`);
    if (key === 'goURL') {
      for (const f of Object.keys(want[key] as Obj)) if (!GO_FIELDS.includes(f)) throw new Error(`${where}: unknown url.URL field ${f}`);
    }
    const check = spec.verdictKeys?.[key];
    if (check !== undefined && !check(want[key]!, verdict)) throw new Error(`${where}: ${key} disagrees with the case's error flag`);
  }

  const { input, options } = spec.parse !== undefined ? spec.parse(c) : { input: c.input! };
  const g = run(input, options);
  const diff: Obj = {};
  for (const [key, get] of Object.entries(spec.always ?? {})) {
    if (key in want && !same(get(g), want[key])) diff[key] = want[key]!;
  }
  if (!spec.noVerdict) {
    if (g.error !== undefined && verdict === 'accept') {
      const stated: Obj = { error: false };
      for (const key of Object.keys(spec.keys ?? {})) if (key in want) stated[key] = want[key]!;
      return { expected: stated, urikit: answer(g) };
    }
    if (g.uri !== undefined && verdict === 'reject') return { expected: { error: true }, urikit: answer(g) };
  }
  if (g.error !== undefined) {
    for (const [key, get] of Object.entries(spec.onError ?? {})) {
      if (key in want && !same(get(g.error), want[key])) diff[key] = want[key]!;
    }
  } else {
    for (const [key, get] of Object.entries(spec.keys ?? {})) {
      if (key in want && !same(get(g.uri, want[key]!), key === 'goURL' ? dropZero(want[key] as Obj) : want[key])) {
        diff[key] = want[key]!;
      }
    }
  }
  return Object.keys(diff).length > 0 ? { expected: diff, urikit: answer(g) } : null;
}

// ---------------------------------------------------------------------------------------------
// The tests.

const files = readdirSync(fixture('vectors'))
  .filter((f) => f.endsWith('.json'))
  .sort();
const divergences = JSON.parse(readFileSync(fixture('divergences.json'), 'utf8')) as Divergence[];
const casesOf = new Map<string, Vector[]>(files.map((f) => [f, JSON.parse(readFileSync(fixture(`vectors/${f}`), 'utf8')) as Vector[]]));
const summary: string[] = [];
const drafts: Divergence[] = [];

/** The cases an entry names (source only narrows when given). */
function matches(d: Divergence, file: string, c: Vector): boolean {
  return d.file === file && d.op === c.op && d.input === c.input && (d.source === undefined || d.source === c.source);
}

test('every vector file is covered (wpt-urltestdata.json, WHATWG semantics, is not used)', () => {
  assert.equal(files, Object.keys(FILES).sort());
});

test('divergences.json entries are well formed', () => {
  assert.ok(Array.isArray(divergences));
  const fields = ['file', 'op', 'input', 'source', 'expected', 'urikit', 'section', 'reason'];
  for (const d of divergences) {
    const name = JSON.stringify([d.file, d.op, d.input]);
    for (const k of Object.keys(d)) assert.ok(fields.includes(k), `${name}: unknown field ${k}`);
    assert.ok(d.file in FILES, `${name}: unknown file`);
    assert.ok(d.file !== 'rfc3986.json', `${name}: rfc3986.json is the specification; no divergence is allowed`);
    assert.type(d.input, 'string', `${name}: input`);
    assert.ok(d.op in FILES[d.file]!, `${name}: op ${d.op} is not a parse op of ${d.file}`);
    assert.ok(/^§\d+(\.\d+)*$/.test(d.section), `${name}: section ${d.section} is not an RFC 3986 section (§n.n)`);
    assert.ok(/^\S.*\.$/.test(d.reason) && !/\.\s+[A-Z]/.test(d.reason), `${name}: reason must be one sentence`);
    assert.type(d.expected, 'object', `${name}: expected`);
    assert.type(d.urikit, 'object', `${name}: urikit`);
  }
});

for (const file of Object.keys(FILES).sort()) {
  test(`${file}: every parse case passes or is a listed divergence`, () => {
    const specs = FILES[file]!;
    const cases = casesOf.get(file) ?? [];
    const entries = divergences.filter((d) => d.file === file);
    const used = new Set<Divergence>();
    const problems: string[] = [];
    const missing: Divergence[] = [];
    let ran = 0;
    let passed = 0;
    let diverged = 0;
    let skipped = 0;

    for (const c of cases) {
      const spec = specs[c.op];
      if (spec === undefined) {
        if (!(c.op in NOT_PARSING)) problems.push(`unknown op ${c.op}: add it to FILES or NOT_PARSING`);
        continue;
      }
      if (spec.skip?.(c) !== undefined) {
        skipped++;
        continue;
      }
      ran++;
      const diff = compare(file, spec, c);
      const named = entries.filter((d) => matches(d, file, c));
      for (const d of named) used.add(d);
      const label = `${c.op} ${JSON.stringify(c.input)} (${c.source})`;
      if (named.length > 1) problems.push(`${label}: ${named.length} entries match; give each a source`);
      if (diff === null) {
        passed++;
        if (named.length > 0) problems.push(`${label}: passes now; remove its divergence entry`);
        continue;
      }
      diverged++;
      if (named.length === 0) {
        const shared = cases.filter((o) => o.op === c.op && o.input === c.input).length > 1;
        missing.push({
          file,
          op: c.op,
          input: c.input!,
          ...(shared ? { source: c.source! } : {}),
          expected: diff.expected,
          urikit: diff.urikit,
          section: '§?',
          reason: '?',
        });
        continue;
      }
      const d = named[0]!;
      if (!same(d.expected, diff.expected)) {
        problems.push(`${label}: stale entry: the library says ${JSON.stringify(diff.expected)}, the entry ${JSON.stringify(d.expected)}`);
      }
      if (!same(d.urikit, diff.urikit)) {
        problems.push(`${label}: stale entry: urikit answers ${JSON.stringify(diff.urikit)}, the entry ${JSON.stringify(d.urikit)}`);
      }
    }
    for (const d of entries) {
      if (!used.has(d)) problems.push(`entry ${JSON.stringify([d.op, d.input, d.source])} names no parse case of ${file}`);
    }
    drafts.push(...missing);
    if (missing.length > 0) {
      problems.push(
        `${missing.length} case(s) neither pass nor have a divergence entry; decide each with the RFC, then fix ` +
          `urikit or add the entry:\n${missing.map((m) => JSON.stringify(m)).join(',\n')}`,
      );
    }
    summary.push(
      `${file.padEnd(30)} run ${String(ran).padStart(4)}  passed ${String(passed).padStart(4)}  divergences ${String(diverged).padStart(4)}  skipped ${skipped}`,
    );
    if (file === 'rfc3986.json') assert.is(diverged, 0, 'every case of rfc3986.json must pass exactly');
    assert.ok(problems.length === 0, problems.join('\n'));
  });
}

// Found through fast-uri's "http://[::ffff:192.0.2]/private": host.ts took an IPv4address that ends
// at the end of its range after fewer than four octets for a whole one (RFC 3986 §3.2.2).
test('an IPv4address needs all four dec-octets, in a host and in an IPv6 ls32', () => {
  for (const host of ['100.200.3', '255.255.25', '10.10.10.', '1.2.3.4.']) assert.is(parse(`//${host}`).hostType, 'reg-name', host);
  assert.is(parse('//1.2.3.4').hostType, 'ipv4');
  for (const literal of ['[::ffff:192.0.2]', '[::1.2.3]', '[::1.2.3.]', '[1:2:3:4:5:6:1.2.3]']) {
    const g = run(`//${literal}`);
    assert.is(g.error?.code, 'INVALID_IPV6', literal);
    assert.is(g.error?.index, literal.length + 1, `${literal}: the index of "]"`);
  }
  assert.is(parse('//[::ffff:192.0.2.1]').hostType, 'ipv6');
});

test('summary', () => {
  if (process.env.VECTORS_SUMMARY === '1') console.log(`\n${summary.join('\n')}`);
  const draft = process.env.VECTORS_DRAFT;
  if (draft !== undefined && draft !== '') writeFileSync(draft, `[\n${drafts.map((d) => JSON.stringify(d)).join(',\n')}\n]\n`);
});

test.run();

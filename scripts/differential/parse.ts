/**
 * The parse check (--op parse), against uriparser.
 *
 * Inputs, generated deterministically from the seed (each distinct input is sent once):
 *   (edge) about 140 hand-written boundary cases (EDGE_CASES), always first;
 *   (a) URI-references generated from the RFC 3986 ABNF (appendix A): every production, all host
 *       forms (the nine IPv6address forms with h16/ls32 and "::", IPv4address with every
 *       dec-octet alternative, IPvFuture, reg-names incl. IPv4 look-alikes), ports, empty vs
 *       absent components, pct-encoded octets, dot segments;
 *   (b) real URLs sampled from ../shared/corpus/*.txt (citizenlab_test_lists.txt excluded: its
 *       licence keeps it out of the project), skipped silently when the folder is absent;
 *   (c) one-character mutations (insert / delete / replace) of (a) and (b) with tokens from a
 *       hostile alphabet (delimiters, characters outside the grammar, digits, hex letters,
 *       non-ASCII, "%2", "%zz", "::", "]", plus "." and "%25"); half of the positions fall inside
 *       the authority.
 *
 * Every input goes to the uriparser oracle as {"op":"parse","input":S,"id":n} and through
 * urikit's `tryParse`. Acceptance and every component (scheme, userinfo, host with its brackets,
 * host type, port, path, query, fragment; `null` for absent, `""` for empty) are compared, and
 * the recomposed string (`toString`). The only normalizations are listed at `uriparserAnswer`.
 * Where both reject, the error indices are compared for information only (not a disagreement:
 * the two parsers point at different characters by design, e.g. urikit at the "%" of a bad
 * triplet). Disagreements that match a class recorded in test/fixtures/divergences-uriparser.json (by the
 * class's predicate in EXPLAINED below) count as explained; the goal is a run with none
 * unexplained.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ErrorCode, OFFSETS_LENGTH, Slot, scan, tryParse } from '../../src/index.js';
import { DIGIT, grammar } from '../../test/support/abnf.js';
import { Rng } from '../../test/support/rng.js';
import type { Args, Check } from './check.js';
import { expandIPv6, type OracleAnswers, REPO_ROOT, type RecordedClass, runOracle } from './oracle.js';

// ---------------------------------------------------------------------------------------------
// (b) Real URLs from ../shared/corpus/*.txt.

/** The corpus files' lines, citizenlab_test_lists.txt excluded (CC BY-NC-SA). */
function loadCorpus(dir: string): string[][] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt') && f !== 'citizenlab_test_lists.txt')
    .sort();
  const out: string[][] = [];
  for (const f of files) {
    const lines = readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter((l) => l.length > 0);
    if (lines.length > 0) out.push(lines);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// (c) One-character mutations with a hostile alphabet.

const HOSTILE: readonly string[] = [
  ...':/?#[]@%!$&\'()*+,;= \t\\"<>^`{|}~',
  ...DIGIT,
  ...'abcdefABCDEF',
  'é',
  '\u00a0',
  '\u0080',
  '\u4e2d',
  '\ufffd',
  '\u{1F600}',
  '\ud800',
  '%2',
  '%zz',
  '::',
  ']',
  // The separators of IPv4 / IPvFuture and RFC 6874's zone delimiter.
  '.',
  '%25',
];

/**
 * One insert, delete or replace at a random position; half of the time the position is taken
 * inside the authority (when there is one), where the host sub-grammars live.
 */
function mutate(r: Rng, s: string): string {
  const op = s.length === 0 ? 0 : r.int(3);
  const n = s.length + (op === 0 ? 1 : 0);
  let i = r.int(n);
  const a = s.indexOf('//');
  if (a >= 0 && r.chance(0.5)) {
    let e = a + 2;
    while (e < s.length && s[e] !== '/' && s[e] !== '?' && s[e] !== '#') e++;
    i = Math.min(n - 1, a + 2 + r.int(e - a - 1));
  }
  if (op === 0) return s.slice(0, i) + r.pick(HOSTILE) + s.slice(i); // insert
  if (op === 1) return s.slice(0, i) + s.slice(i + 1); // delete
  return s.slice(0, i) + r.pick(HOSTILE) + s.slice(i + 1); // replace
}

// ---------------------------------------------------------------------------------------------
// Hand-written boundary cases, always sent first (they count towards --count): each rule of
// §3.2.2 at and just past its limits, empty vs absent components, delimiters in odd places.

const EDGE_CASES: readonly string[] = [
  'http://[1:2:3:4:5:6:7:8:9]/',
  'http://[::1:2:3:4:5:6:7:8]/',
  'http://[1:2:3:4:5:6:7:8::]/',
  'http://[12345::]/',
  'http://[::]/',
  'http://[:::]/',
  'http://[1:::2]/',
  'http://[::1::]/',
  'http://[1:2:3:4:5:6:1.2.3.4]/',
  'http://[1:2:3:4:5:6:7:1.2.3.4]/',
  'http://[::1.2.3.4]/',
  'http://[1.2.3.4]/',
  'http://[::01.2.3.4]/',
  'http://[::256.1.1.1]/',
  'http://[::1.2.3.4:5]/',
  'http://[1::1.2.3.4]/',
  'http://[0:0:0:0:0:0:0:0]/',
  'http://[1:2:3:4:5:6:7::]/',
  'http://[::2:3:4:5:6:7:8]/',
  'http://[1:2::3:4:5:6:7]/',
  'http://[1:2:3:4:5:6:7]/',
  'http://[1:2:3:4:5:6::7:8]/',
  'http://[:1::]/',
  'http://[1::2:]/',
  'http://[::1.2.3]/',
  'http://[::1.2.3.]/',
  'http://[::1.2.3.4.]/',
  'http://[::ffff:1.2.3.4]/',
  'http://[1:2:3:4:5::1.2.3.4]/',
  'http://[1:2:3:4:5:6::1.2.3.4]/',
  'http://[v1.]/',
  'http://[v.1]/',
  'http://[vg.1]/',
  'http://[v1.%41]/',
  'http://[v1.a/b]/',
  'http://[v1.@]/',
  'http://[v1.:]/',
  'http://[vFF.a:b!$]/',
  'http://[V1.x]/',
  'http://[]/',
  'http://[/',
  'http://]/',
  'http://[::1]]/',
  'http://[::1]a/',
  'http://[::1]:80:90/',
  'http://[::1]:/',
  '//[::1]@x',
  'http://[fe80::1%25eth0]/',
  'http://[fe80::1%eth0]/',
  '+a:b',
  'a+:b',
  '1:b',
  ':b',
  '://x',
  '//@',
  '//:',
  '//@:',
  '//a@b@c',
  '//a:b@c:d',
  '//user:pa:ss@h',
  'a:b@c',
  'a://b:c:d',
  '%',
  '%4',
  '%4g',
  '%G0',
  '#a#b',
  '#?/',
  '?#',
  '?a?b',
  './a:b',
  'a/b:c',
  '@a:b',
  'a@b:c',
  'http://h:80a',
  'http://h:-1',
  'http:///a',
  'http:////a',
  '///a',
  '//',
  'a:',
  'A.B-C+D:x',
  'http://h/\u00e9',
  'http://%41/',
  'http://%zz/',
  'http://1.2.3.4/',
  'http://1.2.3.4./',
  'http://255.255.255.255/',
  'http://256.255.255.255/',
  'http://0.0.0.0/',
  'http://00.0.0.0/',
  'http://1.2.3.4.5/',
  'http://1.2.3/',
  'http://1.2.3./',
  'http://1..3.4/',
  'http://.1.2.3/',
  'http://1.2.3.4:80/',
  'http://100.200.30/',
  'http://100.200/',
  'http://1.2.3.255/',
  'http://1.2.3.25/',
  'http://1.2.3.2555/',
  'http://h:00/',
  'http://h:65536/',
  'a:/',
  'a://',
  'a:?',
  'a:#',
  '?',
  '#',
  '/',
  '.',
  '..',
  '../..',
  'a:.',
  '//a?b#c',
  'http://h#f#',
  'http://h?q#f?/',
  'mailto:a@b.example',
  'urn:isbn:0451450523',
  'file:///etc/passwd',
  'http://a b/',
  'http://a\\b/',
  'http://h/a b',
  'http://h/a\tb',
  'http://[::1%5D/',
  '//229.71./x',
  'http://[::1.2.]/',
  'http://[1:2:3:4:5:6:1.2.3]/',
  'http://[::ffff:1.2.3.256]/',
  'http://[2001:db8::00000]/',
  'http://[2001::db8::1]/',
  'B://]',
  'http://[v1.x]:80/',
  'HTTP://u:p@[::1]:8080/a/b?q=1#f',
  'http://h:12345678901234567890/',
  'http://[::A]/',
  '//a:b',
];

interface Input {
  input: string;
  source: 'edge' | 'abnf' | 'corpus' | 'mutation';
}

function generateInputs(count: number, seed: number, corpusDir: string): Input[] {
  const r = new Rng(seed);
  const uriReference = grammar().uriReference;
  const corpus = loadCorpus(corpusDir);
  const seen = new Set<string>();
  const out: Input[] = [];
  const bases: string[] = [];
  const add = (input: string, source: Input['source']): void => {
    if (seen.has(input)) return;
    seen.add(input);
    out.push({ input, source });
    if (source !== 'mutation') bases.push(input);
  };
  for (const e of EDGE_CASES) if (out.length < count) add(e, 'edge');
  // Shares: 30% ABNF, 25% corpus (ABNF instead when there is none), the rest mutations.
  const nCorpus = corpus.length > 0 ? Math.round(count * 0.25) : 0;
  const nAbnf = Math.round(count * 0.3) + (corpus.length > 0 ? 0 : Math.round(count * 0.25));
  // Bounded attempts so that a tiny space of distinct inputs cannot loop forever.
  const e0 = out.length;
  for (let tries = 0; out.length < Math.min(count, e0 + nAbnf) && tries < nAbnf * 20; tries++) add(r.draw(uriReference), 'abnf');
  for (let tries = 0; out.length < Math.min(count, e0 + nAbnf + nCorpus) && tries < nCorpus * 20; tries++) {
    const file = r.pick(corpus);
    add(file[r.int(file.length)]!, 'corpus');
  }
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    if (bases.length === 0 || r.chance(0.05)) add(r.draw(uriReference), 'abnf');
    else add(mutate(r, r.pick(bases)), 'mutation');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The two parsers' answers in one shape.

/** Components, `null` where absent. */
interface Parsed {
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  hostType: string | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
  /** The recomposed reference: urikit's `toString()`, uriparser's `uriToStringA`. */
  toString: string | null;
}
type Answer = { ok: true; c: Parsed } | { ok: false; error: string; index?: number; oracleError?: true };

const COMPONENTS = ['scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment', 'toString'] as const;

const offsets = new Uint32Array(OFFSETS_LENGTH);

function urikitAnswer(input: string): Answer {
  const u = tryParse(input);
  if (u === null) {
    // scan gives the error code and index that `parse` would put in its UriError.
    const code = scan(input, offsets);
    const name = Object.keys(ErrorCode).find((n) => ErrorCode[n as keyof typeof ErrorCode] === code) ?? `code ${code}`;
    return { ok: false, error: name, index: offsets[Slot.ERROR_INDEX]! };
  }
  return {
    ok: true,
    c: {
      scheme: u.scheme ?? null,
      userinfo: u.userinfo ?? null,
      host: u.host ?? null,
      hostType: u.hostType ?? null,
      port: u.port ?? null,
      path: u.path,
      query: u.query ?? null,
      fragment: u.fragment ?? null,
      toString: u.toString(),
    },
  };
}

/**
 * uriparser's answer in urikit's shape. Normalizations, all of representation only:
 *  - hostType: uriparser's names "ip4" / "ip6" / "ipFuture" / "regName" become urikit's "ipv4" /
 *    "ipv6" / "ipvfuture" / "reg-name".
 *  - host: the oracle re-brackets IP literals from uriparser's hostText (the text between the
 *    brackets, exactly as written), so the host is the RFC 3986 `host` production as written and
 *    is compared as is.
 *  - toString: compared as is (urikit's is the input, exactly); uriparser's recomposition writes
 *    IPv6 literals differently, which is the recorded class "uriparser-ipv6-recomposed".
 *  - path: uriparser holds a list of segments and an `absolutePath` flag; the oracle joins the
 *    segments with "/" and prefixes "/" when `absolutePath` is set or an authority is followed by
 *    segments. That string is the `path` production as written and is compared as is;
 *    `absolutePath` itself is not compared (it is implied by the path).
 *  - absent components are `null` and empty ones `""` on both sides (no folding of the two).
 */
function uriparserAnswer(a: Record<string, unknown> | undefined): Answer {
  if (a === undefined) return { ok: false, error: 'no answer from oracle', oracleError: true };
  if (typeof a.error === 'string') {
    const r: Answer = { ok: false, error: a.error };
    if (a.oracleError === true) r.oracleError = true;
    if (typeof a.index === 'number') r.index = a.index;
    return r;
  }
  const s = (k: string): string | null => (typeof a[k] === 'string' ? (a[k] as string) : null);
  const types: Record<string, string> = { ip4: 'ipv4', ip6: 'ipv6', ipFuture: 'ipvfuture', regName: 'reg-name' };
  const ht = s('hostType');
  return {
    ok: true,
    c: {
      scheme: s('scheme'),
      userinfo: s('userInfo'),
      host: s('host'),
      hostType: ht === null ? null : (types[ht] ?? ht),
      port: s('port'),
      path: s('path') ?? '',
      query: s('query'),
      fragment: s('fragment'),
      toString: s('toString'),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Disagreements and the classes recorded in test/fixtures/divergences-uriparser.json.

interface Disagreement {
  input: string;
  source: Input['source'];
  /** "urikit-accepts/uriparser-rejects", "urikit-rejects/uriparser-accepts", "oracle-error" or "component:X". */
  categories: string[];
  urikit: Answer;
  uriparser: Answer;
  uriparserRaw: unknown;
  explained: string | null;
}

const ACCEPT_ONLY_URIKIT = 'urikit-accepts/uriparser-rejects';
const ACCEPT_ONLY_URIPARSER = 'urikit-rejects/uriparser-accepts';
const ORACLE_ERROR = 'oracle-error';

/**
 * One predicate per class recorded in test/fixtures/divergences-uriparser.json (same "class"
 * names). A disagreement is explained when its class is recorded there and the predicate holds.
 * Each predicate is as narrow as the class: it checks the shape of the input and of both answers.
 */
const EXPLAINED: Record<string, (d: Disagreement) => boolean> = {
  // uriparser's uriToStringA writes an IPv6 literal from its 16-byte binary address, as eight
  // 4-digit lower-case groups, instead of the host text it parsed. Holds when only toString
  // differs, both parsers read an IPv6 literal, and uriparser's string is the input with exactly
  // that literal replaced by its full 8-group form.
  'uriparser-ipv6-recomposed': (d) => {
    if (d.categories.length !== 1 || d.categories[0] !== 'component:toString') return false;
    if (!d.urikit.ok || !d.uriparser.ok || d.urikit.c.hostType !== 'ipv6' || d.uriparser.c.hostType !== 'ipv6') return false;
    const host = d.urikit.c.host!;
    // No "[" can precede the host: scheme and userinfo cannot hold one.
    const at = d.input.indexOf(host);
    const full = expandIPv6(host.slice(1, -1));
    if (at < 0 || full === null) return false;
    return d.uriparser.c.toString === `${d.input.slice(0, at)}[${full}]${d.input.slice(at + host.length)}`;
  },
};

/** The disagreement between the two answers (acceptance, then each component), or null. */
function compare(input: string, source: Input['source'], k: Answer, u: Answer, raw: unknown): Disagreement | null {
  const categories: string[] = [];
  if (!u.ok && u.oracleError === true) categories.push(ORACLE_ERROR);
  else if (k.ok && !u.ok) categories.push(ACCEPT_ONLY_URIKIT);
  else if (!k.ok && u.ok) categories.push(ACCEPT_ONLY_URIPARSER);
  else if (k.ok && u.ok) {
    for (const c of COMPONENTS) if (k.c[c] !== u.c[c]) categories.push(`component:${c}`);
  }
  if (categories.length === 0) return null;
  return { input, source, categories, urikit: k, uriparser: u, uriparserRaw: raw, explained: null };
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

function runUriparser(bin: string, inputs: readonly Input[]): OracleAnswers {
  return runOracle(
    bin,
    [],
    inputs.map((x) => ({ op: 'parse', input: x.input })),
  );
}

/** The parse differential; prints its totals. */
function runParse(
  args: Args,
  recorded: ReadonlyMap<string, RecordedClass>,
): { unexplained: number; disagreements: Disagreement[]; summary: string } {
  const inputs = generateInputs(args.count, args.seed, resolve(REPO_ROOT, '../shared/corpus'));
  const answers = runUriparser(join(args.oracles, 'c', 'uriparser_oracle'), inputs);

  const bySource = { edge: 0, abnf: 0, corpus: 0, mutation: 0 };
  // Inputs generated from the ABNF are valid by construction: a rejection by both is a generator bug.
  let abnfBothReject = 0;
  const indexDiffs: { input: string; urikit: number | undefined; uriparser: number | undefined }[] = [];
  const categoryCounts = new Map<string, number>();
  const classCounts = new Map<string, number>();
  const disagreements: Disagreement[] = [];
  let agree = 0;
  let bothAccept = 0;
  let bothReject = 0;
  for (let i = 0; i < inputs.length; i++) {
    const { input, source } = inputs[i]!;
    bySource[source]++;
    const k = urikitAnswer(input);
    const u = uriparserAnswer(answers[i]);
    const d = compare(input, source, k, u, answers[i]);
    if (d === null) {
      agree++;
      if (k.ok) bothAccept++;
      else {
        bothReject++;
        if (source === 'abnf') abnfBothReject++;
        // Informational, not a disagreement: where each parser stops. uriparser counts UTF-8
        // bytes and urikit UTF-16 code units, so only ASCII inputs are compared.
        if (!u.ok && isAscii(input) && k.index !== u.index) indexDiffs.push({ input, urikit: k.index, uriparser: u.index });
      }
      continue;
    }
    for (const [name, pred] of Object.entries(EXPLAINED)) {
      if (recorded.has(name) && pred(d)) {
        d.explained = name;
        break;
      }
    }
    disagreements.push(d);
    for (const c of d.categories) categoryCounts.set(c, (categoryCounts.get(c) ?? 0) + 1);
    const cls = d.explained ?? 'unexplained';
    classCounts.set(cls, (classCounts.get(cls) ?? 0) + 1);
  }

  const explained = disagreements.filter((d) => d.explained !== null).length;
  const unexplained = disagreements.length - explained;
  const lines: string[] = [];
  lines.push(`urikit vs uriparser parse differential (seed ${args.seed})`);
  lines.push(
    `total       ${inputs.length}  (edge ${bySource.edge}, abnf ${bySource.abnf}, corpus ${bySource.corpus}, mutation ${bySource.mutation})`,
  );
  lines.push(`agree       ${agree}  (both accept ${bothAccept}, both reject ${bothReject})`);
  if (abnfBothReject > 0) lines.push(`warning: ${abnfBothReject} ABNF-generated inputs rejected by both parsers (generator bug)`);
  lines.push(`  both reject, error index differs (ASCII inputs; informational, not a disagreement): ${indexDiffs.length}`);
  for (const x of indexDiffs.slice(0, 3)) lines.push(`    ${JSON.stringify(x.input)}  urikit ${x.urikit}, uriparser ${x.uriparser}`);
  lines.push(`disagree    ${disagreements.length}`);
  for (const [c, n] of [...categoryCounts].sort((a, b) => b[1] - a[1])) lines.push(`  ${c.padEnd(36)} ${n}`);
  lines.push(`explained   ${explained}`);
  for (const [c, n] of [...classCounts].sort((a, b) => b[1] - a[1])) if (c !== 'unexplained') lines.push(`  ${c.padEnd(36)} ${n}`);
  lines.push(`unexplained ${unexplained}`);
  for (const d of disagreements.filter((x) => x.explained === null).slice(0, 10)) {
    lines.push(`  ${JSON.stringify(d.input)}  ${d.categories.join(', ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  return { unexplained, disagreements, summary: `${'parse'.padEnd(16)} ${inputs.length} / ${agree} / ${explained} / ${unexplained}` };
}

export const parseCheck: Check = {
  op: 'parse',
  classes: new Map(Object.keys(EXPLAINED).map((n) => [n, 'parse'])),
  run(args, recorded) {
    const r = runParse(args, recorded);
    return {
      unexplained: r.unexplained,
      disagreements: r.disagreements.map((d) => JSON.stringify(args.op === 'all' ? { op: 'parse', ...d } : d)),
      summary: [r.summary],
    };
  },
};

/**
 * Parse differential: urikit (`tryParse`, strict RFC 3986) against uriparser 0.9.7, the strict
 * RFC 3986 oracle of ../shared/oracles.
 *
 *   node build/scripts/differential.js --oracles DIR [--count N] [--seed S] [--out FILE]
 *
 *   --oracles DIR  directory holding the built oracles (DIR/c/uriparser_oracle); default
 *                  ../shared/oracles relative to the repository root
 *   --count N      number of distinct inputs (default 6000, at least 1), hand-written edge cases
 *                  included
 *   --seed S       seed of the deterministic generator (default 1); same seed, same inputs
 *   --out FILE     write every disagreement there as one JSON line
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
 * unexplained. Exit status: 0 when nothing is unexplained, 1 otherwise, 2 on a usage or setup
 * error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, OFFSETS_LENGTH, Slot, scan, tryParse } from '../src/index.js';

// build/scripts/differential.js -> the repository root is two folders up.
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Deterministic random numbers (mulberry32): the same seed gives the same inputs everywhere.

class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  /** A small count, geometric with mean about (1-p)/p, capped at max. */
  geo(p: number, max: number): number {
    let n = 0;
    while (n < max && !this.chance(p)) n++;
    return n;
  }
}

// ---------------------------------------------------------------------------------------------
// (a) Generator from the RFC 3986 ABNF (appendix A). One function per production; quoted
// strings in ABNF are case-insensitive (RFC 5234 §2.3), so "v" and HEXDIG letters come in both
// cases.

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGIT = '0123456789';
const HEXDIG = '0123456789ABCDEFabcdef';
const UNRESERVED_PUNCT = '-._~';
const SUB_DELIMS = "!$&'()*+,;=";

class AbnfGen {
  constructor(private readonly r: Rng) {}

  private ch(set: string): string {
    return set[this.r.int(set.length)]!;
  }
  private rep(min: number, max: number, f: () => string): string {
    let n = min + this.r.geo(0.3, max - min);
    let s = '';
    while (n-- > 0) s += f();
    return s;
  }

  // URI-reference = URI / relative-ref
  uriReference(): string {
    return this.r.chance(0.55) ? this.uri() : this.relativeRef();
  }
  // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]   (absolute-URI: no fragment)
  uri(): string {
    let s = this.scheme() + ':' + this.hierPart();
    if (this.r.chance(0.35)) s += '?' + this.query();
    if (this.r.chance(0.3)) s += '#' + this.fragment();
    return s;
  }
  // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  relativeRef(): string {
    let s = this.relativePart();
    if (this.r.chance(0.35)) s += '?' + this.query();
    if (this.r.chance(0.3)) s += '#' + this.fragment();
    return s;
  }
  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  hierPart(): string {
    const k = this.r.int(10);
    if (k < 6) return '//' + this.authority() + this.pathAbempty();
    if (k < 8) return this.pathAbsolute();
    if (k < 9) return this.pathRootless();
    return '';
  }
  // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
  relativePart(): string {
    const k = this.r.int(10);
    if (k < 4) return '//' + this.authority() + this.pathAbempty();
    if (k < 6) return this.pathAbsolute();
    if (k < 9) return this.pathNoscheme();
    return '';
  }
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  scheme(): string {
    if (this.r.chance(0.4)) return this.r.pick(['http', 'HTTPS', 'file', 'urn', 'mailto', 'a', 'x-y.z+w', 'Foo1']);
    return this.ch(ALPHA) + this.rep(0, 8, () => this.ch(ALPHA + DIGIT + '+-.'));
  }
  // authority = [ userinfo "@" ] host [ ":" port ]
  authority(): string {
    let s = '';
    if (this.r.chance(0.3)) s += this.userinfo() + '@';
    s += this.host();
    if (this.r.chance(0.35)) s += ':' + this.port();
    return s;
  }
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  userinfo(): string {
    return this.rep(0, 12, () => {
      const k = this.r.int(10);
      if (k < 5) return this.unreserved();
      if (k < 6) return this.pctEncoded();
      if (k < 8) return this.subDelim();
      return ':';
    });
  }
  // host = IP-literal / IPv4address / reg-name
  host(): string {
    const k = this.r.int(10);
    if (k < 3) return this.ipLiteral();
    if (k < 5) return this.ipv4address();
    return this.regName();
  }
  // port = *DIGIT   (empty, leading zeros, above 65535, very long)
  port(): string {
    const k = this.r.int(8);
    if (k === 0) return '';
    if (k === 1) return this.r.pick(['0', '80', '65535', '65536', '0080', '99999', '4294967296']);
    if (k === 2) return this.rep(10, 30, () => this.ch(DIGIT));
    return this.rep(1, 6, () => this.ch(DIGIT));
  }
  // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
  ipLiteral(): string {
    return '[' + (this.r.chance(0.8) ? this.ipv6address() : this.ipvFuture()) + ']';
  }
  // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  ipvFuture(): string {
    return (
      this.ch('vV') +
      this.rep(1, 4, () => this.ch(HEXDIG)) +
      '.' +
      this.rep(1, 10, () => {
        const k = this.r.int(3);
        return k === 0 ? this.unreserved() : k === 1 ? this.subDelim() : ':';
      })
    );
  }
  // IPv6address: the nine forms of §3.2.2.
  ipv6address(): string {
    const hs = (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += this.h16() + ':';
      return s;
    };
    // [ *k( h16 ":" ) h16 ] before "::"
    const pre = (k: number): string => {
      if (this.r.chance(0.3)) return '';
      const n = this.r.range(0, k);
      return hs(n) + this.h16();
    };
    switch (this.r.int(9)) {
      case 0: return hs(6) + this.ls32();
      case 1: return '::' + hs(5) + this.ls32();
      case 2: return (this.r.chance(0.5) ? this.h16() : '') + '::' + hs(4) + this.ls32();
      case 3: return pre(1) + '::' + hs(3) + this.ls32();
      case 4: return pre(2) + '::' + hs(2) + this.ls32();
      case 5: return pre(3) + '::' + hs(1) + this.ls32();
      case 6: return pre(4) + '::' + this.ls32();
      case 7: return pre(5) + '::' + this.h16();
      default: return pre(6) + '::';
    }
  }
  // h16 = 1*4HEXDIG
  h16(): string {
    if (this.r.chance(0.15)) return '0';
    return this.rep(1, 4, () => this.ch(HEXDIG));
  }
  // ls32 = ( h16 ":" h16 ) / IPv4address
  ls32(): string {
    return this.r.chance(0.6) ? this.h16() + ':' + this.h16() : this.ipv4address();
  }
  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  ipv4address(): string {
    return [this.decOctet(), this.decOctet(), this.decOctet(), this.decOctet()].join('.');
  }
  // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
  decOctet(): string {
    switch (this.r.int(5)) {
      case 0: return this.ch(DIGIT);
      case 1: return this.ch('123456789') + this.ch(DIGIT);
      case 2: return '1' + this.ch(DIGIT) + this.ch(DIGIT);
      case 3: return '2' + this.ch('01234') + this.ch(DIGIT);
      default: return '25' + this.ch('012345');
    }
  }
  // reg-name = *( unreserved / pct-encoded / sub-delims ), with IPv4 look-alikes (reg-names by
  // first-match-wins) and common host names.
  regName(): string {
    const k = this.r.int(10);
    if (k === 0) return '';
    if (k === 1) {
      return this.r.pick([
        '01.2.3.4', '1.2.3', '256.1.1.1', '1.2.3.4.', '1.2.3.4.5', '0x7f.0.0.1', '1..2.3', '00.0.0.0',
        '255.255.255.255x', '1.2.3.04', '300.1.2.3', '127.1', '1.2.3.256',
      ]);
    }
    if (k === 2) return this.r.pick(['example.com', 'localhost', 'a.b-c.d', 'EXAMPLE.ORG', 'xn--bcher-kva.example']);
    return this.rep(1, 14, () => {
      const j = this.r.int(10);
      if (j < 6) return this.unreserved();
      if (j < 7) return this.pctEncoded();
      return this.subDelim();
    });
  }
  // path-abempty = *( "/" segment )
  pathAbempty(): string {
    return this.rep(0, 4, () => '/' + this.segment());
  }
  // path-absolute = "/" [ segment-nz *( "/" segment ) ]
  pathAbsolute(): string {
    if (this.r.chance(0.2)) return '/';
    return '/' + this.segmentNz() + this.rep(0, 4, () => '/' + this.segment());
  }
  // path-noscheme = segment-nz-nc *( "/" segment )
  pathNoscheme(): string {
    return this.segmentNzNc() + this.rep(0, 4, () => '/' + this.segment());
  }
  // path-rootless = segment-nz *( "/" segment )
  pathRootless(): string {
    return this.segmentNz() + this.rep(0, 4, () => '/' + this.segment());
  }
  // segment = *pchar (dot-segments included)
  segment(): string {
    if (this.r.chance(0.1)) return this.r.pick(['.', '..', '']);
    return this.rep(0, 8, () => this.pchar());
  }
  // segment-nz = 1*pchar
  segmentNz(): string {
    if (this.r.chance(0.1)) return this.r.pick(['.', '..']);
    return this.rep(1, 8, () => this.pchar());
  }
  // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  segmentNzNc(): string {
    if (this.r.chance(0.1)) return this.r.pick(['.', '..']);
    return this.rep(1, 8, () => {
      const k = this.r.int(10);
      if (k < 6) return this.unreserved();
      if (k < 7) return this.pctEncoded();
      if (k < 9) return this.subDelim();
      return '@';
    });
  }
  // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  pchar(): string {
    const k = this.r.int(20);
    if (k < 11) return this.unreserved();
    if (k < 13) return this.pctEncoded();
    if (k < 17) return this.subDelim();
    return k < 19 ? ':' : '@';
  }
  // query = *( pchar / "/" / "?" ); fragment = the same
  query(): string {
    return this.rep(0, 16, () => {
      const k = this.r.int(10);
      if (k < 8) return this.pchar();
      return k === 8 ? '/' : '?';
    });
  }
  fragment(): string {
    return this.query();
  }
  // pct-encoded = "%" HEXDIG HEXDIG
  pctEncoded(): string {
    return '%' + this.ch(HEXDIG) + this.ch(HEXDIG);
  }
  // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
  unreserved(): string {
    const k = this.r.int(10);
    if (k < 6) return this.ch(ALPHA);
    if (k < 8) return this.ch(DIGIT);
    return this.ch(UNRESERVED_PUNCT);
  }
  // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
  subDelim(): string {
    return this.ch(SUB_DELIMS);
  }
}

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
    const lines = readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.length > 0);
    if (lines.length > 0) out.push(lines);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// (c) One-character mutations with a hostile alphabet.

const HOSTILE: readonly string[] = [
  ...":/?#[]@%!$&'()*+,;= \t\\\"<>^`{|}~",
  ...DIGIT,
  ...'abcdefABCDEF',
  'é', '\u00a0', '\u0080', '\u4e2d', '\ufffd', '\u{1F600}', '\ud800',
  '%2', '%zz', '::', ']',
  // Beyond the brief's list: the separators of IPv4 / IPvFuture and RFC 6874's zone delimiter.
  '.', '%25',
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
  "http://[1:2:3:4:5:6:7:8:9]/",
  "http://[::1:2:3:4:5:6:7:8]/",
  "http://[1:2:3:4:5:6:7:8::]/",
  "http://[12345::]/",
  "http://[::]/",
  "http://[:::]/",
  "http://[1:::2]/",
  "http://[::1::]/",
  "http://[1:2:3:4:5:6:1.2.3.4]/",
  "http://[1:2:3:4:5:6:7:1.2.3.4]/",
  "http://[::1.2.3.4]/",
  "http://[1.2.3.4]/",
  "http://[::01.2.3.4]/",
  "http://[::256.1.1.1]/",
  "http://[::1.2.3.4:5]/",
  "http://[1::1.2.3.4]/",
  "http://[0:0:0:0:0:0:0:0]/",
  "http://[1:2:3:4:5:6:7::]/",
  "http://[::2:3:4:5:6:7:8]/",
  "http://[1:2::3:4:5:6:7]/",
  "http://[1:2:3:4:5:6:7]/",
  "http://[1:2:3:4:5:6::7:8]/",
  "http://[:1::]/",
  "http://[1::2:]/",
  "http://[::1.2.3]/",
  "http://[::1.2.3.]/",
  "http://[::1.2.3.4.]/",
  "http://[::ffff:1.2.3.4]/",
  "http://[1:2:3:4:5::1.2.3.4]/",
  "http://[1:2:3:4:5:6::1.2.3.4]/",
  "http://[v1.]/",
  "http://[v.1]/",
  "http://[vg.1]/",
  "http://[v1.%41]/",
  "http://[v1.a/b]/",
  "http://[v1.@]/",
  "http://[v1.:]/",
  "http://[vFF.a:b!$]/",
  "http://[V1.x]/",
  "http://[]/",
  "http://[/",
  "http://]/",
  "http://[::1]]/",
  "http://[::1]a/",
  "http://[::1]:80:90/",
  "http://[::1]:/",
  "//[::1]@x",
  "http://[fe80::1%25eth0]/",
  "http://[fe80::1%eth0]/",
  "+a:b",
  "a+:b",
  "1:b",
  ":b",
  "://x",
  "//@",
  "//:",
  "//@:",
  "//a@b@c",
  "//a:b@c:d",
  "//user:pa:ss@h",
  "a:b@c",
  "a://b:c:d",
  "%",
  "%4",
  "%4g",
  "%G0",
  "#a#b",
  "#?/",
  "?#",
  "?a?b",
  "./a:b",
  "a/b:c",
  "@a:b",
  "a@b:c",
  "http://h:80a",
  "http://h:-1",
  "http:///a",
  "http:////a",
  "///a",
  "//",
  "a:",
  "A.B-C+D:x",
  "http://h/\u00e9",
  "http://%41/",
  "http://%zz/",
  "http://1.2.3.4/",
  "http://1.2.3.4./",
  "http://255.255.255.255/",
  "http://256.255.255.255/",
  "http://0.0.0.0/",
  "http://00.0.0.0/",
  "http://1.2.3.4.5/",
  "http://1.2.3/",
  "http://1.2.3./",
  "http://1..3.4/",
  "http://.1.2.3/",
  "http://1.2.3.4:80/",
  "http://100.200.30/",
  "http://100.200/",
  "http://1.2.3.255/",
  "http://1.2.3.25/",
  "http://1.2.3.2555/",
  "http://h:00/",
  "http://h:65536/",
  "a:/",
  "a://",
  "a:?",
  "a:#",
  "?",
  "#",
  "/",
  ".",
  "..",
  "../..",
  "a:.",
  "//a?b#c",
  "http://h#f#",
  "http://h?q#f?/",
  "mailto:a@b.example",
  "urn:isbn:0451450523",
  "file:///etc/passwd",
  "http://a b/",
  "http://a\\b/",
  "http://h/a b",
  "http://h/a\tb",
  "http://[::1%5D/",
  "//229.71./x",
  "http://[::1.2.]/",
  "http://[1:2:3:4:5:6:1.2.3]/",
  "http://[::ffff:1.2.3.256]/",
  "http://[2001:db8::00000]/",
  "http://[2001::db8::1]/",
  "B://]",
  "http://[v1.x]:80/",
  "HTTP://u:p@[::1]:8080/a/b?q=1#f",
  "http://h:12345678901234567890/",
  "http://[::A]/",
  "//a:b",
];

interface Input {
  input: string;
  source: 'edge' | 'abnf' | 'corpus' | 'mutation';
}

function generateInputs(count: number, seed: number, corpusDir: string): Input[] {
  const r = new Rng(seed);
  const gen = new AbnfGen(r);
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
  for (let tries = 0; out.length < Math.min(count, e0 + nAbnf) && tries < nAbnf * 20; tries++) add(gen.uriReference(), 'abnf');
  for (let tries = 0; out.length < Math.min(count, e0 + nAbnf + nCorpus) && tries < nCorpus * 20; tries++) {
    const file = r.pick(corpus);
    add(file[r.int(file.length)]!, 'corpus');
  }
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    if (bases.length === 0 || r.chance(0.05)) add(gen.uriReference(), 'abnf');
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
  if (typeof a['error'] === 'string') {
    const r: Answer = { ok: false, error: a['error'] };
    if (a['oracleError'] === true) r.oracleError = true;
    if (typeof a['index'] === 'number') r.index = a['index'];
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
      hostType: ht === null ? null : types[ht] ?? ht,
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
    return d.uriparser.c.toString === d.input.slice(0, at) + '[' + full + ']' + d.input.slice(at + host.length);
  },
};

/** An RFC 3986 IPv6address as eight 4-digit lower-case hex groups, or null if it is not one. */
function expandIPv6(text: string): string | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): string[] | null => {
    if (part === '') return [];
    const out: string[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const g = items[i]!;
      if (i === items.length - 1 && g.includes('.')) {
        const o = g.split('.').map(Number);
        if (o.length !== 4 || o.some((x) => !(x >= 0 && x <= 255))) return null;
        out.push(((o[0]! << 8) | o[1]!).toString(16), ((o[2]! << 8) | o[3]!).toString(16));
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return null;
        out.push(g);
      }
    }
    return out;
  };
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if (left === null || right === null) return null;
  const zeros = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (zeros < 0 || left.length + zeros + right.length !== 8) return null;
  const all = [...left, ...new Array<string>(zeros).fill('0'), ...right];
  return all.map((g) => g.toLowerCase().padStart(4, '0')).join(':');
}

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

interface RecordedClass {
  class: string;
}

function loadRecorded(): Set<string> {
  const file = join(REPO_ROOT, 'test/fixtures/divergences-uriparser.json');
  if (!existsSync(file)) return new Set();
  const list = JSON.parse(readFileSync(file, 'utf8')) as RecordedClass[];
  const names = new Set(list.map((x) => x.class));
  for (const n of names) {
    if (EXPLAINED[n] === undefined) process.stderr.write(`warning: class "${n}" of ${file} has no predicate in differential.ts\n`);
  }
  for (const n of Object.keys(EXPLAINED)) {
    if (!names.has(n)) process.stderr.write(`warning: predicate "${n}" has no record in ${file}; not used\n`);
  }
  return names;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// The oracle.

function runUriparser(bin: string, inputs: readonly Input[]): (Record<string, unknown> | undefined)[] {
  const req = inputs.map((x, id) => JSON.stringify({ op: 'parse', input: x.input, id })).join('\n') + '\n';
  const res = spawnSync(bin, [], { input: req, maxBuffer: 1 << 30, encoding: 'utf8' });
  if (res.error) throw res.error;
  if (res.status !== 0) process.stderr.write(`warning: ${bin} exited with ${res.status ?? res.signal}\n`);
  const answers: (Record<string, unknown> | undefined)[] = new Array(inputs.length);
  for (const line of res.stdout.split('\n')) {
    if (line.length === 0) continue;
    const a = JSON.parse(line) as Record<string, unknown>;
    if (typeof a['id'] === 'number') answers[a['id']] = a;
  }
  return answers;
}

// ---------------------------------------------------------------------------------------------
// Command line.

interface Args {
  oracles: string;
  count: number;
  seed: number;
  out: string | undefined;
}

function usage(msg: string): never {
  process.stderr.write(`${msg}\nusage: node build/scripts/differential.js --oracles DIR [--count N] [--seed S] [--out FILE]\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { oracles: resolve(REPO_ROOT, '../shared/oracles'), count: 6000, seed: 1, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    if (a === '--help' || a === '-h') usage('Parse differential between urikit and uriparser.');
    if (v === undefined) usage(`missing value after ${a}`);
    i++;
    if (a === '--oracles') args.oracles = resolve(v);
    else if (a === '--count') args.count = Number(v);
    else if (a === '--seed') args.seed = Number(v);
    else if (a === '--out') args.out = resolve(v);
    else usage(`unknown option ${a}`);
  }
  if (!Number.isInteger(args.count) || args.count < 1) usage('--count must be a positive integer');
  if (!Number.isInteger(args.seed)) usage('--seed must be an integer');
  return args;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const bin = join(args.oracles, 'c', 'uriparser_oracle');
  if (!existsSync(bin)) {
    process.stderr.write(
      `error: the uriparser oracle is missing: ${bin}\n` +
        `Build the oracles first as described in ${join(args.oracles, 'README.md')} ` +
        `(install liburiparser-dev, pkg-config and gcc, then run "bash build.sh" in ${args.oracles}), ` +
        `or pass --oracles DIR for a directory that holds them.\n`,
    );
    process.exit(2);
  }
  const recorded = loadRecorded();
  const inputs = generateInputs(args.count, args.seed, resolve(REPO_ROOT, '../shared/corpus'));
  const answers = runUriparser(bin, inputs);

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
  lines.push(`total       ${inputs.length}  (edge ${bySource.edge}, abnf ${bySource.abnf}, corpus ${bySource.corpus}, mutation ${bySource.mutation})`);
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
  process.stdout.write(lines.join('\n') + '\n');

  if (args.out !== undefined) {
    writeFileSync(args.out, disagreements.map((d) => JSON.stringify(d)).join('\n') + (disagreements.length > 0 ? '\n' : ''));
    process.stdout.write(`wrote ${disagreements.length} disagreements to ${args.out}\n`);
  }
  process.exitCode = unexplained > 0 ? 1 : 0;
}

main();

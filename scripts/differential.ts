/**
 * Differential of urikit against the RFC 3986 oracle uriparser 0.9.7 (parse, resolve, normalize)
 * and against java.net.URI (resolve in urikit's `rfc2396: true` mode), oracles of
 * ../shared/oracles.
 *
 *   node build/scripts/differential.js --oracles DIR [--op parse|resolve|normalize|all]
 *       [--count N] [--pairs M] [--seed S] [--no-java] [--out FILE]
 *
 *   --oracles DIR  directory holding the built oracles (DIR/c/uriparser_oracle, and for resolve
 *                  DIR/java/build/UriOracle.class run with `java`); default ../shared/oracles
 *                  relative to the repository root
 *   --op OP        parse (the default), resolve, normalize, or all of them in that order
 *   --count N      parse: number of distinct inputs (default 6000, at least 1), hand-written edge
 *                  cases included; resolve: number of generated pairs after the edge pairs;
 *                  normalize: number of distinct inputs, edge cases included (default 6000 each)
 *   --pairs M      resolve: number of (base, reference) pairs sampled from the corpus's
 *                  relref_*_html_pairs.tsv (default 3000; 0 for none)
 *   --seed S       seed of the deterministic generators (default 1); same seed, same inputs. Each
 *                  op has its own generator, so the parse inputs do not depend on --op.
 *   --no-java      resolve: skip the java.net.URI comparison
 *   --out FILE     write every disagreement there as one JSON line
 *
 * Each op prints its totals: total, agree, disagree (by category), explained (by class),
 * unexplained (with the first examples); --op all ends with one summary line per op. Exit
 * status: 0 when nothing is unexplained, 1 otherwise, 2 on a usage or setup error.
 *
 * --- parse ---
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
 *
 * --- resolve ---
 *
 * Pairs, generated deterministically from the seed (each distinct pair once):
 *   (edge) every FIXED_BASES entry (the RFC's "http://a/b/c/d;p?q", bases with and without an
 *       authority, query, fragment, empty / absolute / rootless paths, dot-segments, IP literals,
 *       an empty authority) with every REF_SHAPES entry (all of §5.4.1 and §5.4.2, and more of
 *       the same: empty components, "//", %2E spellings, a scheme with a relative part);
 *   (abnf) bases from the ABNF generator (absolute URIs of every hier-part form, with dot-segments
 *       and %2E segments, optional query and fragment), each with one to four references of any
 *       form: §5.4 shapes, relative-path / absolute-path / network-path references built from
 *       random segments (".", "..", %2E spellings, empty segments), runs of "../", ABNF
 *       relative-refs and URIs, references with a scheme and dot-segments;
 *   (corpus) pairs sampled from ../shared/corpus/relref_rustdoc_html_pairs.tsv and
 *       relref_local_html_pairs.tsv, half from each.
 * Each pair goes to uriparser as {"op":"resolve","base":B,"ref":R} and through urikit's
 * `resolve(B, R)` (strict); uriparser's full 8-group IPv6 literals are mapped first (urikit's
 * result is compared in that form when uriparser's host is that form of urikit's host). The same
 * pairs go to java.net.URI and through `resolve(B, R, { rfc2396: true })`; pairs where java
 * rejects the base or the reference (URISyntaxException) are skipped and counted by reason. Both
 * answering an error is agreement.
 *
 * --- normalize ---
 *
 * Inputs: hand-written §6.2.2 / §6.2.3 cases (NORMALIZE_EDGE), then generated ones (OpGen
 * .normalizeInput): schemes and hosts in case variants, %XX of unreserved and reserved
 * characters in every component with upper- and lower-case hex, dot-segments and their %2E
 * spellings, IPv6 in many textual forms (leading zeros, compressible runs, upper case, embedded
 * and mapped IPv4), IPvFuture, default / empty / zero-padded ports, empty paths, mailto
 * addresses, relative references; plus ABNF URI-references. Each goes to uriparser as
 * {"op":"normalize","input":S} (uriNormalizeSyntaxA: syntax-based §6.2.2 only) and through
 * urikit's `normalize(S)` (§6.2.2, §6.2.3, RFC 5952).
 *
 * --- classes ---
 *
 * Every disagreement class is recorded in test/fixtures/divergences-uriparser.json with its
 * "op" ("parse" when absent), "oracle", an observed example ("base" too for resolve), both
 * answers, the RFC section that decides it, the reason, and a "verdict": "representation" (both
 * forms are right), "oracle-scope" (the oracle does not implement the rule, e.g. uriparser and
 * §6.2.3), "oracle-grammar" (the oracle accepts an input RFC 3986 rejects), "oracle-deviates" (the
 * RFC decides against the oracle) or "urikit-bug" (the RFC decides against urikit; reported, and
 * printed as such). A class counts only when it is recorded there and has its predicate here
 * (EXPLAINED for parse, OP_CLASSES for the other ops); every mismatch is warned about.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_PORTS,
  ErrorCode,
  normalize,
  OFFSETS_LENGTH,
  resolve as resolveUri,
  Slot,
  scan,
  tryParse,
  UriError,
} from '../src/index.js';

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
    let s = `${this.scheme()}:${this.hierPart()}`;
    if (this.r.chance(0.35)) s += `?${this.query()}`;
    if (this.r.chance(0.3)) s += `#${this.fragment()}`;
    return s;
  }
  // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  relativeRef(): string {
    let s = this.relativePart();
    if (this.r.chance(0.35)) s += `?${this.query()}`;
    if (this.r.chance(0.3)) s += `#${this.fragment()}`;
    return s;
  }
  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  hierPart(): string {
    const k = this.r.int(10);
    if (k < 6) return `//${this.authority()}${this.pathAbempty()}`;
    if (k < 8) return this.pathAbsolute();
    if (k < 9) return this.pathRootless();
    return '';
  }
  // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
  relativePart(): string {
    const k = this.r.int(10);
    if (k < 4) return `//${this.authority()}${this.pathAbempty()}`;
    if (k < 6) return this.pathAbsolute();
    if (k < 9) return this.pathNoscheme();
    return '';
  }
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  scheme(): string {
    if (this.r.chance(0.4)) return this.r.pick(['http', 'HTTPS', 'file', 'urn', 'mailto', 'a', 'x-y.z+w', 'Foo1']);
    return this.ch(ALPHA) + this.rep(0, 8, () => this.ch(`${ALPHA + DIGIT}+-.`));
  }
  // authority = [ userinfo "@" ] host [ ":" port ]
  authority(): string {
    let s = '';
    if (this.r.chance(0.3)) s += `${this.userinfo()}@`;
    s += this.host();
    if (this.r.chance(0.35)) s += `:${this.port()}`;
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
    return `[${this.r.chance(0.8) ? this.ipv6address() : this.ipvFuture()}]`;
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
      for (let i = 0; i < n; i++) s += `${this.h16()}:`;
      return s;
    };
    // [ *k( h16 ":" ) h16 ] before "::"
    const pre = (k: number): string => {
      if (this.r.chance(0.3)) return '';
      const n = this.r.range(0, k);
      return hs(n) + this.h16();
    };
    switch (this.r.int(9)) {
      case 0:
        return hs(6) + this.ls32();
      case 1:
        return `::${hs(5)}${this.ls32()}`;
      case 2:
        return `${this.r.chance(0.5) ? this.h16() : ''}::${hs(4)}${this.ls32()}`;
      case 3:
        return `${pre(1)}::${hs(3)}${this.ls32()}`;
      case 4:
        return `${pre(2)}::${hs(2)}${this.ls32()}`;
      case 5:
        return `${pre(3)}::${hs(1)}${this.ls32()}`;
      case 6:
        return `${pre(4)}::${this.ls32()}`;
      case 7:
        return `${pre(5)}::${this.h16()}`;
      default:
        return `${pre(6)}::`;
    }
  }
  // h16 = 1*4HEXDIG
  h16(): string {
    if (this.r.chance(0.15)) return '0';
    return this.rep(1, 4, () => this.ch(HEXDIG));
  }
  // ls32 = ( h16 ":" h16 ) / IPv4address
  ls32(): string {
    return this.r.chance(0.6) ? `${this.h16()}:${this.h16()}` : this.ipv4address();
  }
  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  ipv4address(): string {
    return [this.decOctet(), this.decOctet(), this.decOctet(), this.decOctet()].join('.');
  }
  // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
  decOctet(): string {
    switch (this.r.int(5)) {
      case 0:
        return this.ch(DIGIT);
      case 1:
        return this.ch('123456789') + this.ch(DIGIT);
      case 2:
        return `1${this.ch(DIGIT)}${this.ch(DIGIT)}`;
      case 3:
        return `2${this.ch('01234')}${this.ch(DIGIT)}`;
      default:
        return `25${this.ch('012345')}`;
    }
  }
  // reg-name = *( unreserved / pct-encoded / sub-delims ), with IPv4 look-alikes (reg-names by
  // first-match-wins) and common host names.
  regName(): string {
    const k = this.r.int(10);
    if (k === 0) return '';
    if (k === 1) {
      return this.r.pick([
        '01.2.3.4',
        '1.2.3',
        '256.1.1.1',
        '1.2.3.4.',
        '1.2.3.4.5',
        '0x7f.0.0.1',
        '1..2.3',
        '00.0.0.0',
        '255.255.255.255x',
        '1.2.3.04',
        '300.1.2.3',
        '127.1',
        '1.2.3.256',
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
    return this.rep(0, 4, () => `/${this.segment()}`);
  }
  // path-absolute = "/" [ segment-nz *( "/" segment ) ]
  pathAbsolute(): string {
    if (this.r.chance(0.2)) return '/';
    return `/${this.segmentNz()}${this.rep(0, 4, () => `/${this.segment()}`)}`;
  }
  // path-noscheme = segment-nz-nc *( "/" segment )
  pathNoscheme(): string {
    return this.segmentNzNc() + this.rep(0, 4, () => `/${this.segment()}`);
  }
  // path-rootless = segment-nz *( "/" segment )
  pathRootless(): string {
    return this.segmentNz() + this.rep(0, 4, () => `/${this.segment()}`);
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
    return `%${this.ch(HEXDIG)}${this.ch(HEXDIG)}`;
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
  // Beyond the brief's list: the separators of IPv4 / IPvFuture and RFC 6874's zone delimiter.
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
  /** "parse" (the default), "resolve", "resolve-rfc2396" or "normalize". */
  op?: string;
  /** "urikit-bug" for a class where urikit is wrong (reported, not fixed here); printed as such. */
  verdict?: string;
}

/**
 * The class names recorded in test/fixtures/divergences-uriparser.json. A class is used only when
 * it is recorded there and has its predicate (EXPLAINED for parse, OP_CLASSES for the other ops)
 * under the same op; every mismatch is reported.
 */
function loadRecorded(): Map<string, RecordedClass> {
  const file = join(REPO_ROOT, 'test/fixtures/divergences-uriparser.json');
  const names = new Map<string, RecordedClass>();
  if (!existsSync(file)) return names;
  const list = JSON.parse(readFileSync(file, 'utf8')) as RecordedClass[];
  for (const x of list) {
    const op = x.op ?? 'parse';
    const known = op === 'parse' ? EXPLAINED[x.class] !== undefined : OP_CLASSES[x.class]?.op === op;
    if (known) names.set(x.class, x);
    else process.stderr.write(`warning: class "${x.class}" (op ${op}) of ${file} has no predicate in differential.ts\n`);
  }
  for (const n of [...Object.keys(EXPLAINED), ...Object.keys(OP_CLASSES)]) {
    if (!names.has(n)) process.stderr.write(`warning: predicate "${n}" has no record in ${file}; not used\n`);
  }
  return names;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// The oracles.

type OracleAnswers = (Record<string, unknown> | undefined)[];

/** Sends each request (its index as "id") to an oracle process and returns the answers by index. */
function runOracle(cmd: string, args: readonly string[], requests: readonly Record<string, unknown>[]): OracleAnswers {
  const req = `${requests.map((x, id) => JSON.stringify({ ...x, id })).join('\n')}\n`;
  const res = spawnSync(cmd, args, { input: req, maxBuffer: 1 << 30, encoding: 'utf8' });
  if (res.error) throw res.error;
  if (res.status !== 0) process.stderr.write(`warning: ${cmd} exited with ${res.status ?? res.signal}\n`);
  const answers: OracleAnswers = new Array(requests.length);
  for (const line of res.stdout.split('\n')) {
    if (line.length === 0) continue;
    const a = JSON.parse(line) as Record<string, unknown>;
    if (typeof a.id === 'number') answers[a.id] = a;
  }
  return answers;
}

function runUriparser(bin: string, inputs: readonly Input[]): OracleAnswers {
  return runOracle(
    bin,
    [],
    inputs.map((x) => ({ op: 'parse', input: x.input })),
  );
}

// =============================================================================================
// resolve and normalize (--op resolve|normalize)
//
// resolve: (base, reference) pairs; urikit `resolve(B, R)` (strict) against uriparser's
// uriAddBaseUriExA(URI_RESOLVE_STRICTLY), and urikit `resolve(B, R, { rfc2396: true })` against
// java.net.URI's `resolve` where java accepts both inputs (op "resolve-rfc2396").
// normalize: urikit `normalize(S)` against uriparser's uriNormalizeSyntaxA.
//
// Each result disagreement is explained by rewriting steps, one per class recorded in
// test/fixtures/divergences-uriparser.json (OP_CLASSES below, applied in their order; the "//"
// repairs come first, since they turn an oracle string that reads as having an authority back
// into the path it stands for): each step removes exactly one documented difference from the
// pair of results, only where its shape is there, and the disagreement is explained when the two
// strings are then equal. A disagreement can need several classes (an http URI with an IPv6
// literal and a default port); each class it needed is counted. Accept/reject disagreements are
// explained by predicates (`test`).

type OpName = 'resolve' | 'resolve-rfc2396' | 'normalize';
type OracleName = 'uriparser' | 'java';

/** An answer reduced to a string or an error. */
type OpAnswer = { ok: true; value: string } | { ok: false; error: string; oracleError?: true };

interface OpInput {
  source: 'edge' | 'abnf' | 'corpus';
  /** The reference (resolve) or the input (normalize). */
  input: string;
  base?: string;
}

interface OpDisagreement {
  op: OpName;
  oracle: OracleName;
  source: OpInput['source'];
  base?: string;
  input: string;
  /** "result", "urikit-rejects", "oracle-rejects" or "oracle-error". */
  category: string;
  urikit: OpAnswer;
  oracleAnswer: OpAnswer;
  oracleRaw: unknown;
  /** urikit's result as it wrote it, where `urikit` holds it with uriparser's full-form IPv6 literal. */
  urikitAsWritten?: string;
  /** The classes that explain it (empty: unexplained). */
  classes: string[];
}

/** Components of a valid URI-reference (absent: undefined), for the rewriting steps. */
interface Parts {
  scheme: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  hostType: string | undefined;
  port: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

function parts(s: string): Parts | null {
  const u = tryParse(s);
  if (u === null) return null;
  return {
    scheme: u.scheme,
    userinfo: u.userinfo,
    host: u.host,
    hostType: u.hostType,
    port: u.port,
    path: u.path,
    query: u.query,
    fragment: u.fragment,
  };
}

/** §5.3 recomposition of `parts`. */
function unparts(p: Parts): string {
  let s = p.scheme !== undefined ? `${p.scheme}:` : '';
  if (p.host !== undefined) {
    s += '//';
    if (p.userinfo !== undefined) s += `${p.userinfo}@`;
    s += p.host;
    if (p.port !== undefined) s += `:${p.port}`;
  }
  // Without an authority a path may not begin with "//" (§3.3): "/." keeps its meaning, as urikit writes it.
  s += p.host === undefined && p.path.startsWith('//') ? `/.${p.path}` : p.path;
  if (p.query !== undefined) s += `?${p.query}`;
  if (p.fragment !== undefined) s += `#${p.fragment}`;
  return s;
}

/** Default ports of urikit's §6.2.3 table, by lower-case scheme. */
function defaultPort(scheme: string | undefined): number | undefined {
  return scheme === undefined ? undefined : DEFAULT_PORTS[scheme.toLowerCase()];
}

/** mailto (§6.2.3): each address's domain (after its last "@") in lower case, "%XX" left alone. */
function lowerMailtoDomains(path: string): string {
  return path
    .split(',')
    .map((a) => {
      const at = a.lastIndexOf('@');
      if (at < 0) return a;
      return a.slice(0, at) + a.slice(at).replace(/%[0-9A-Fa-f]{2}|[^%]+/g, (m) => (m.startsWith('%') ? m : m.toLowerCase()));
    })
    .join(',');
}

/** A rewriting step: the pair (urikit, oracle) with one difference removed, or null. */
type Step = (d: OpDisagreement, k: string, o: string) => [string, string] | null;

interface OpClass {
  op: OpName;
  /** For "result" disagreements. */
  step?: Step;
  /** For accept/reject disagreements. */
  test?: (d: OpDisagreement) => boolean;
}

// --- the steps, shared by the ops where the same difference shows -----------------------------

/**
 * The path as the RFC algorithms built it: without an authority urikit writes a path that begins
 * with "//" as "/.//" (a path may not begin with "//" there, §3.3), and `unparts` does the same.
 */
function logicalPath(p: Parts): string {
  return p.host === undefined && p.path.startsWith('/.//') ? p.path.slice(2) : p.path;
}

/**
 * uriparser writes an IPv6 literal in full 8-group form (see "uriparser-ipv6-recomposed"); urikit's
 * result gets the same form when the oracle's host is exactly that form of urikit's host.
 */
const ipv6FullForm: Step = (_d, k, o) => {
  const pk = parts(k);
  const po = parts(o);
  if (pk === null || po === null || pk.hostType !== 'ipv6' || pk.host === undefined) return null;
  const full = expandIPv6(pk.host.slice(1, -1));
  if (full === null || po.host !== `[${full}]`) return null;
  pk.host = po.host;
  return [unparts(pk), o];
};

/**
 * RFC 3986 §5.2.4 run on a rootless path ("a/../b") keeps the "/" that rule C leaves when the
 * first segment is removed ("/b"); uriparser works on its list of segments and keeps the path
 * rootless ("b", and "/g" for the segments "" and "g"). Holds when neither result has an
 * authority, urikit's path is "/" followed by uriparser's, and the path that went through
 * remove_dot_segments was rootless (the normalize input's path; for resolve a relative-path
 * reference merged with a rootless base path, or a reference with a scheme and a rootless path).
 */
const rootlessDots: Step = (d, k, o) => {
  const pk = parts(k);
  const po = parts(o);
  if (pk === null || po === null || pk.host !== undefined || po.host !== undefined || pk.scheme === undefined) return null;
  const kl = logicalPath(pk);
  if (!kl.startsWith('/') || kl.slice(1) !== logicalPath(po) || !rootlessSource(d)) return null;
  po.path = kl;
  return [k, unparts(po)];
};

/** The path that went through remove_dot_segments was rootless (see rootlessDots). */
function rootlessSource(d: OpDisagreement): boolean {
  const pi = parts(d.input);
  if (pi === null) return false;
  if (pi.scheme !== undefined) return pi.host === undefined && pi.path !== '' && !pi.path.startsWith('/');
  if (d.op === 'normalize') return false;
  const pb = d.base === undefined ? null : parts(d.base);
  return (
    pb !== null && pb.host === undefined && pi.host === undefined && pi.path !== '' && !pi.path.startsWith('/') && !pb.path.startsWith('/')
  );
}

/**
 * uriparser puts a "." segment in front of a result path whose first segment is empty, so that
 * it cannot read as an authority: "/./" for the path "/" without an authority, "/.//x" for "//x"
 * after an authority (where "//x" is a valid path-abempty, §3.3), ".//x" for a rootless "/x".
 * The RFC's result path has no dot-segment (§5.2.2: T.path = remove_dot_segments(...), §5.2.4;
 * §6.2.2.3). Removes that "." from uriparser's path.
 */
const uriparserDotSegment: Step = (_d, k, o) => {
  const po = parts(o);
  if (po === null) return null;
  const q = po.path;
  let path: string;
  if (po.host !== undefined && q.startsWith('/.//')) path = q.slice(2);
  else if (po.host === undefined && q === '/./') path = '/';
  else if (po.host === undefined && q.startsWith('.//')) path = q.slice(2);
  else return null;
  po.path = path;
  return [k, unparts(po)];
};

/**
 * Without an authority a path may not begin with "//" (§3.3): where dot-segment removal leaves
 * "//x", urikit writes "/.//x" (the same path) and uriparser writes "//x", which reads back as the
 * authority "x". Holds when urikit's result has no authority and the oracle's string has "//"
 * right after the scheme (or at the start): rewrites it as "/.//".
 */
const doubleSlashPath: Step = (_d, k, o) => {
  const pk = parts(k);
  if (pk === null || pk.host !== undefined) return null;
  const at = pk.scheme === undefined ? 0 : pk.scheme.length + 1;
  if (o.slice(0, at) !== k.slice(0, at) || !o.startsWith('//', at)) return null;
  return [k, `${o.slice(0, at)}/.${o.slice(at)}`];
};

/**
 * RFC 3986 §5.2.4 remove_dot_segments exactly as the RFC writes it (an input buffer and an output
 * buffer, rules A to E), independent of urikit's implementation, for the predicates.
 */
function rfcRemoveDotSegments(path: string): string {
  let input = path;
  let output = '';
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../') || input === '/..') {
      input = `/${input.slice(input === '/..' ? 3 : 4)}`;
      const last = output.lastIndexOf('/');
      output = last < 0 ? '' : output.slice(0, last);
    } else if (input === '.' || input === '..') input = '';
    else {
      const end = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const seg = end < 0 ? input : input.slice(0, end);
      output += seg;
      input = input.slice(seg.length);
    }
  }
  return output;
}

/** `s` with the percent-encodings of unreserved characters decoded (§2.3, §6.2.2.2). */
function decodeUnreserved(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (m, h: string) => {
    const c = String.fromCharCode(parseInt(h, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : m;
  });
}

/** The "//" of an empty authority (no userinfo, host or port), or null. */
function emptyAuthorityAt(s: string): number | null {
  const m = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/(?=[/?#]|$)/.exec(s);
  return m === null ? null : m[0].length - 2;
}

/**
 * java.net.URI reads an empty authority as an absent one: a reference "///g" is the
 * absolute-path reference "/g", and a result with an empty authority ("file:///etc") is written
 * without its "//" ("file:/etc"). RFC 2396 §3.2 allows an empty authority (server =
 * [ [ userinfo "@" ] hostport ]) and §5.2 step 4 takes a reference's authority when it is
 * defined. Rewrites urikit's answer the java way: the reference without its empty authority
 * resolved again, then an empty authority of the result dropped.
 */
const javaEmptyAuthority: Step = (d, k, o) => {
  let r: string;
  if (d.base !== undefined && emptyAuthorityAt(d.input) === 0) {
    // java's reference: no authority, the path and the rest after "//".
    const rest = d.input.slice(2);
    const pb = parts(d.base);
    if (pb === null || pb.scheme === undefined) return null;
    if (rest.startsWith('/')) {
      // An absolute-path reference, taken as it is (RFC 2396 §5.2 step 5), with the base's
      // authority unless that one is empty too.
      const empty = pb.host === undefined || (pb.host === '' && pb.userinfo === undefined && pb.port === undefined);
      r =
        pb.scheme +
        ':' +
        (empty ? '' : `//${pb.userinfo !== undefined ? `${pb.userinfo}@` : ''}${pb.host}${pb.port !== undefined ? `:${pb.port}` : ''}`) +
        rest;
    } else {
      try {
        r = dropEmptyAuthority(urikitResolve(d.base, rest, true));
      } catch {
        return null;
      }
    }
  } else {
    r = dropEmptyAuthority(k);
  }
  return r === k ? null : [r, o];
};

/** `s` without the "//" of its authority when that authority is empty (no userinfo, host or port). */
function dropEmptyAuthority(s: string): string {
  const p = parts(s);
  if (p === null || p.host !== '' || p.userinfo !== undefined || p.port !== undefined) return s;
  const at = emptyAuthorityAt(s);
  return at === null ? s : s.slice(0, at) + s.slice(at + 2);
}

/**
 * java.net.URI recomposes a server-based authority from its parts when it builds a resolved
 * URI: the port as a number (leading zeros dropped) and an empty port dropped with its ":"
 * (`getPort()` is -1), where RFC 2396 §5.2 step 7 recombines the components as they are.
 */
const javaPortRecomposed: Step = (_d, k, o) => {
  const pk = parts(k);
  if (pk === null || pk.port === undefined || !(pk.port === '' || /^0[0-9]/.test(pk.port))) return null;
  if (pk.port !== '' && Number(pk.port) > 2147483647) return null;
  pk.port = pk.port === '' ? undefined : String(Number(pk.port));
  return [unparts(pk), o];
};

// --- the classes -------------------------------------------------------------------------------

/**
 * One entry per class recorded in test/fixtures/divergences-uriparser.json with an "op" other than
 * "parse" (same "class" names). Steps run in this order.
 */
const OP_CLASSES: Record<string, OpClass> = {
  // resolve, urikit (strict) vs uriparser
  'resolve-path-double-slash': { op: 'resolve', step: doubleSlashPath },
  'resolve-rootless-dot-segments': { op: 'resolve', step: rootlessDots },
  'resolve-uriparser-dot-segment': { op: 'resolve', step: uriparserDotSegment },

  // resolve, urikit (rfc2396: true) vs java.net.URI
  'rfc2396-java-empty-authority': { op: 'resolve-rfc2396', step: javaEmptyAuthority },
  'rfc2396-java-port-recomposed': { op: 'resolve-rfc2396', step: javaPortRecomposed },
  'rfc2396-java-registry-authority': {
    op: 'resolve-rfc2396',
    // RFC 2396 §3.2.1: a registry-based authority (reg_name, which may hold ":" and "@") where
    // RFC 3986 has only host and port (§3.2.2, §3.2.3): urikit rejects the input, java accepts it.
    test: (d) => !d.urikit.ok && d.oracleAnswer.ok && (d.oracleRaw as Record<string, unknown>).registryBasedAuthority === true,
  },
  'rfc2396-java-non-ascii': {
    op: 'resolve-rfc2396',
    // RFC 3986 §2 (and RFC 2396 §2): a URI is ASCII; java.net.URI also accepts the Unicode
    // characters of its "other" category unencoded, so it resolves what urikit rejects.
    test: (d) => !d.urikit.ok && d.urikit.error === 'INVALID_CHAR' && d.oracleAnswer.ok && /[^\x00-\x7f]/.test((d.base ?? '') + d.input),
  },
  'rfc2396-java-relative-base': {
    op: 'resolve-rfc2396',
    // RFC 3986 §5.1 / §5.2.1: the base must be an absolute URI; java.net.URI also resolves against
    // a relative base ("." + "." is ""), and returns a reference with a scheme whatever the base.
    test: (d) => !d.urikit.ok && d.urikit.error === 'RELATIVE_BASE' && d.oracleAnswer.ok,
  },

  // normalize, urikit vs uriparser (uriNormalizeSyntaxA: §6.2.2 only)
  'normalize-path-double-slash': { op: 'normalize', step: doubleSlashPath },
  'normalize-ipv6-rfc5952': { op: 'normalize', step: ipv6FullForm },
  'normalize-default-port': {
    op: 'normalize',
    // §6.2.3: a port equal to the scheme's default is dropped (with its ":").
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.port !== undefined || po.port === undefined || po.port === '') return null;
      const dp = defaultPort(po.scheme);
      if (dp === undefined || Number(po.port) !== dp) return null;
      po.port = undefined;
      return [k, unparts(po)];
    },
  },
  'normalize-empty-port': {
    op: 'normalize',
    // §6.2.3: an empty port is dropped with its ":".
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.port !== undefined || po.port !== '') return null;
      po.port = undefined;
      return [k, unparts(po)];
    },
  },
  'normalize-port-leading-zeros': {
    op: 'normalize',
    // The port is a decimal number (§3.2.3): urikit writes it without leading zeros.
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.port === undefined || po.port === undefined || !/^0+[0-9]/.test(po.port)) return null;
      if (po.port.replace(/^0+(?=[0-9])/, '') !== pk.port) return null;
      po.port = pk.port;
      return [k, unparts(po)];
    },
  },
  'normalize-empty-path-slash': {
    op: 'normalize',
    // §6.2.3: an empty path with an authority is "/" for http, https, ws, wss.
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.host === undefined || po.host === undefined || pk.path !== '/' || po.path !== '') return null;
      if (!['http', 'https', 'ws', 'wss'].includes((pk.scheme ?? '').toLowerCase())) return null;
      po.path = '/';
      return [k, unparts(po)];
    },
  },
  'normalize-mailto-domain-case': {
    op: 'normalize',
    // §6.2.3: the domains of a mailto URI are case-insensitive.
    step: (_d, k, o) => {
      const po = parts(o);
      if (po === null || (po.scheme ?? '').toLowerCase() !== 'mailto') return null;
      const path = lowerMailtoDomains(po.path);
      if (path === po.path) return null;
      po.path = path;
      return [k, unparts(po)];
    },
  },
  'normalize-relative-path-emptied': {
    op: 'normalize',
    // §4.4: a relative-path reference whose path dot-removes to nothing is written "./" by urikit
    // (the empty reference is a same-document reference); uriparser writes "".
    step: (d, k, o) => {
      const pi = parts(d.input);
      const pk = parts(k);
      const po = parts(o);
      if (pi === null || pk === null || po === null || pi.scheme !== undefined || pi.host !== undefined) return null;
      if (pi.path === '' || pi.path.startsWith('/') || pk.path !== './' || po.path !== '') return null;
      po.path = './';
      return [k, unparts(po)];
    },
  },
  'normalize-uriparser-host-percent-case': {
    op: 'normalize',
    // §6.2.2.1: the hex digits of a percent-encoding are normalized to upper case in every
    // component; uriparser lower-cases the whole reg-name host, its "%XX" triplets included.
    step: (_d, k, o) => {
      const pk = parts(k);
      if (pk === null || pk.host === undefined || pk.hostType !== 'reg-name' || !/%[0-9A-F][A-F]|%[A-F]/.test(pk.host)) return null;
      pk.host = pk.host.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
      return [unparts(pk), o];
    },
  },
  'normalize-uriparser-relative-dot-prefix-dropped': {
    op: 'normalize',
    // §4.2: a relative-path reference cannot begin with an empty segment ("/b" is an absolute-path
    // reference, "//b" a network-path one) nor hold ":" in its first segment ("b:c" has the
    // scheme "b"). Where dot-segment removal leaves such a path ("a/..//b", "a/../b:c"), urikit
    // writes "./" in front (".//b", "./b:c"); uriparser drops it and writes another reference.
    step: (d, k, o) => {
      const pi = parts(d.input);
      if (pi === null || pi.scheme !== undefined || pi.host !== undefined || pi.path.startsWith('/')) return null;
      if (!k.startsWith('./') || o !== k.slice(2)) return null;
      const first = /^[^/?#]*/.exec(o)![0];
      return first === '' || first.includes(':') ? [k, k] : null;
    },
  },
  'normalize-uriparser-reference-dots-kept': {
    op: 'normalize',
    // §6.2.2.3, §5.2.4: uriparser normalizes a reference without a scheme as a relative path,
    // keeping dot-segments that remove_dot_segments removes: after an authority ("//h/.." keeps
    // its ".."; "//h/./a:b" its "."), and a leading "./" whose next segment no longer holds ":"
    // once a ".." has removed it ("./a:b/../c" stays "./c"). Holds when the oracle's path, run
    // through §5.2.4 (network-path) or without that "./" (relative-path), is urikit's.
    step: (d, k, o) => {
      const pi = parts(d.input);
      const po = parts(o);
      if (pi === null || po === null || pi.scheme !== undefined || po.scheme !== undefined) return null;
      if (po.host !== undefined) {
        const path = rfcRemoveDotSegments(po.path);
        if (path === po.path) return null;
        po.path = path;
      } else {
        const rest = po.path.slice(2);
        const first = /^[^/]*/.exec(rest)![0];
        if (!po.path.startsWith('./') || first === '' || first.includes(':') || first === '.' || first === '..') return null;
        po.path = rest;
      }
      return [k, unparts(po)];
    },
  },
  'normalize-uriparser-kept-dot-climbed': {
    op: 'normalize',
    // §5.2.4, §6.2.2.3: in a relative-path reference "./a:b/../.." the "./" is removed (rule A), so
    // the ".." that follow climb from the base's directory: the reference is "..". uriparser keeps
    // the leading "." (the next segment holds ":") and a later ".." then removes that "." as if it
    // were a segment, so it answers one level short: "" for "..", "g" for "../g". Holds when the
    // input's path (unreserved octets decoded) starts with "./" and a segment holding ":", and the
    // oracle's path is urikit's without its first "..".
    step: (d, k, o) => {
      const pi = parts(d.input);
      const pk = parts(k);
      const po = parts(o);
      if (pi === null || pk === null || po === null || pi.scheme !== undefined || pi.host !== undefined) return null;
      if (!/^(?:\.\/)+[^/]*:/.test(decodeUnreserved(pi.path))) return null;
      const short = pk.path === '..' ? '' : pk.path.startsWith('../') ? pk.path.slice(3) : null;
      if (short === null || po.scheme !== undefined || po.host !== undefined || po.path !== short) return null;
      po.path = pk.path;
      return [k, unparts(po)];
    },
  },
  'normalize-rootless-dot-segments': { op: 'normalize', step: rootlessDots },
};

// --- generators ---------------------------------------------------------------------------------

/** RFC 3986 §5.4.1 and §5.4.2 reference shapes, and more of the same kind. */
const REF_SHAPES: readonly string[] = [
  // §5.4.1
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
  'g?y#s',
  ';x',
  'g;x',
  'g;x?y#s',
  '',
  '.',
  './',
  '..',
  '../',
  '../g',
  '../..',
  '../../g',
  // §5.4.2
  '../../../g',
  '../../../../g',
  '/./g',
  '/../g',
  'g.',
  '.g',
  'g..',
  '..g',
  './../g',
  './g/.',
  'g/./h',
  'g/../h',
  'g;x=1/./y',
  'g;x=1/../y',
  'g?y/./x',
  'g?y/../x',
  'g#s/./x',
  'g#s/../x',
  'http:g',
  // more of the same: empty components, "//", %2E, a scheme with a relative part
  '?',
  '#',
  '?#',
  '/',
  '//',
  '///g',
  '//g/../h',
  '//g/./h',
  '//g?y#s',
  'http:/g',
  'http://g/../h',
  'HTTP:g',
  'x:./g',
  'x:../g',
  'x:g/../h',
  '%2E/g',
  '%2E%2E/g',
  '.%2e/g',
  'g/%2e%2e/h',
  'g/%2E',
  'g//h',
  './/g',
  '..//g',
  '/..//g',
  './/g',
  'g/.',
  'g/..',
  'g/../..',
  './g:h',
  '../g:h',
  '../../../../g/./h/../i',
  'g/../../../..',
  '..?y',
  '.#s',
  '/.',
  '/..',
  '/../..',
  '//g/..',
  '../?y',
  'g?',
  'g#',
  './?#',
  '%67',
  'g%2Fh',
  '@g',
  'g@h/../i',
];

const FIXED_BASES: readonly string[] = [
  'http://a/b/c/d;p?q',
  'http://a',
  'http://a/',
  'http://a?q',
  'http://a#f',
  'http://a/b/c/d;p?q#f',
  'HTTP://A/B/C',
  'http://u:p@a:8080/b/c/',
  'http://[::1]/b/c',
  'http://[2001:DB8::1]:80/b',
  'http://[v1.x]/b/c',
  'http://1.2.3.4/b/',
  'http:///b/c',
  'file:///etc/x/y',
  'foo:a/b',
  'foo:/a/b',
  'foo:a',
  'foo:/',
  'foo:',
  'foo:?q',
  'foo:#f',
  'mailto:x@y.example',
  'urn:isbn:0451450523',
  'http://a/b/../c/./d',
  'http://a/./b/',
  'http://a/b/..',
  'foo:a/../b/./c',
  'x://h',
  'x://h?q',
  'x://h/a//b/c',
  'foo:/a//b',
  'foo:a//b',
  'http://a/b/c/%2E%2E/d',
  'x:/.//a/b',
];

/** Bases, references and normalize inputs built on the ABNF generator. */
class OpGen {
  readonly g: AbnfGen;
  constructor(private readonly r: Rng) {
    this.g = new AbnfGen(r);
  }

  private word(): string {
    return this.r.pick(['a', 'b', 'c', 'g', 'h', 'x', 'y', 'index.html', 'd;p', 'e=1', 'f~', 'A']);
  }
  /** A path segment: pchar runs, dot-segments, %2E spellings, empty. */
  private seg(): string {
    const k = this.r.int(20);
    if (k < 7) return this.g.segment();
    if (k < 10) return this.word();
    if (k < 12) return '.';
    if (k < 15) return '..';
    if (k < 16) return '';
    return this.r.pick(['%2E', '%2e', '%2E%2E', '.%2E', '%2e.', '...', '.a', 'a.']);
  }
  /** A non-empty segment without ":" (the first of a relative-path reference). */
  private segNc(): string {
    const k = this.r.int(10);
    if (k < 4) return this.g.segmentNzNc();
    if (k < 6) return this.word();
    return this.r.pick(['.', '..', '..', '%2E', '%2E%2E', 'g.']);
  }
  private segs(min: number, max: number): string {
    let s = '';
    const n = min + this.r.geo(0.35, max - min);
    for (let i = 0; i < n; i++) s += `/${this.seg()}`;
    return s;
  }
  private tail(pq: number, pf: number): string {
    let s = '';
    if (this.r.chance(pq)) s += `?${this.r.chance(0.3) ? this.r.pick(['', 'y', 'q=1', 'a/./b', 'a/../b']) : this.g.query()}`;
    if (this.r.chance(pf)) s += `#${this.r.chance(0.3) ? this.r.pick(['', 's', 'f/../x']) : this.g.fragment()}`;
    return s;
  }

  /** An absolute base: with and without authority, query, fragment; empty, absolute, rootless paths. */
  base(): string {
    const scheme = this.r.chance(0.5) ? this.r.pick(['http', 'https', 'foo', 'x', 'file', 'HTTP', 'urn']) : this.g.scheme();
    const k = this.r.int(20);
    let hier: string;
    if (k < 10) hier = `//${this.g.authority()}${this.segs(0, 6)}`;
    else if (k < 12) hier = `//${this.g.authority()}`;
    else if (k < 15)
      hier = this.r.chance(0.2) ? '/' : `/${this.segNzPchar()}${this.segs(0, 5)}`; // path-absolute: never "//"
    else if (k < 18) hier = this.segNzPchar() + this.segs(0, 5);
    else hier = '';
    return `${scheme}:${hier}${this.tail(0.35, 0.25)}`;
  }
  private segNzPchar(): string {
    const k = this.r.int(10);
    if (k < 5) return this.g.segmentNz();
    if (k < 8) return this.word();
    return this.r.pick(['.', '..', '%2E']);
  }

  /** A reference of any form. */
  reference(): string {
    const k = this.r.int(100);
    if (k < 30) return this.r.pick(REF_SHAPES);
    if (k < 55) return this.segNc() + this.segs(0, 6) + this.tail(0.25, 0.2); // relative-path
    if (k < 65) return `/${this.segNzPchar()}${this.segs(0, 5)}${this.tail(0.25, 0.2)}`; // absolute-path
    if (k < 70) return `//${this.g.authority()}${this.segs(0, 4)}${this.tail(0.25, 0.2)}`; // network-path
    if (k < 78) return '../'.repeat(this.r.range(1, 6)) + this.segNc() + this.segs(0, 3) + this.tail(0.2, 0.2);
    if (k < 90) return this.g.relativeRef();
    if (k < 95) return this.g.uri();
    // A reference with a scheme and dot-segments (strict: used as it is, dot-segments removed).
    const scheme = this.r.pick(['http', 'foo', 'x']);
    return `${scheme}:${this.r.pick(['', '/', '//h/', '//h'])}${this.segNc()}${this.segs(1, 4)}${this.tail(0.2, 0.2)}`;
  }

  // -- normalize inputs --

  /** Random case of each letter, one time in two. */
  private cased(s: string): string {
    if (this.r.chance(0.5)) return s;
    let out = '';
    for (const c of s) out += this.r.chance(0.4) ? c.toUpperCase() : c.toLowerCase();
    return out;
  }
  /** "%XX" of one octet, hex digits in random case. */
  private pct(c: number): string {
    const h = c.toString(16).padStart(2, '0');
    return `%${this.r.chance(0.5) ? h.toUpperCase() : this.r.chance(0.5) ? h : this.cased(h)}`;
  }
  /** Some characters of `s` percent-encoded (unreserved and reserved alike), plus stray encodings. */
  private encoded(s: string, p: number): string {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
        // An existing triplet stays whole.
        out += s.slice(i, i + 3);
        i += 2;
      } else if (this.r.chance(p)) out += this.pct(c.charCodeAt(0));
      else out += c;
      if (this.r.chance(0.05))
        out += this.pct(this.r.pick([...'~-._AZaz09', ...":/?#[]@!$&'()*+,;=%", ' ', '"', '\u007f', '\u00ff'].map((x) => x.charCodeAt(0))));
    }
    return out;
  }
  private scheme(): string {
    return this.cased(
      this.r.pick(['http', 'https', 'ws', 'wss', 'ftp', 'ssh', 'git', 'ldap', 'sip', 'foo', 'x-y+z.w', 'mailto', 'urn', 'file', 'a']),
    );
  }
  private host(): string {
    const k = this.r.int(20);
    if (k < 8)
      return this.encoded(
        this.cased(this.r.pick(['example.com', 'a', 'EXAMPLE.ORG', 'x-y.z_w~v', 'xn--bcher-kva.example', 'h', 'localhost'])),
        0.15,
      );
    if (k < 10) return this.encoded(this.g.regName(), 0.1);
    if (k < 12) return this.g.ipv4address();
    if (k < 18) {
      const a = this.r.chance(0.5)
        ? this.g.ipv6address()
        : this.r.pick([
            '2001:0db8:0000:0000:0000:0000:0000:0001',
            '2001:DB8::1',
            '::FFFF:1.2.3.4',
            '::ffff:0102:0304',
            '1:0:0:2:0:0:0:3',
            '0:0:0:0:0:0:0:0',
            '0:0:0:0:0:0:0:1',
            '1::',
            '::',
            '2001:db8:0:0:1:0:0:1',
            '2001:db8::0:1',
            'fe80::1:2:3:4:5:6',
            '0000::00FF',
            '::1.2.3.4',
            '1:2:3:4:5:6:1.2.3.4',
            '::ffff:0:0',
            'a:b:c:d:e:f:0:0',
          ]);
      return `[${this.cased(a)}]`;
    }
    return `[${this.cased(this.g.ipvFuture())}]`;
  }
  private port(scheme: string): string {
    const k = this.r.int(20);
    const dp = DEFAULT_PORTS[scheme.toLowerCase()];
    if (k < 4) return '';
    if (k < 10 && dp !== undefined) return String(dp);
    if (k < 12 && dp !== undefined) return '0'.repeat(this.r.range(1, 3)) + String(dp);
    if (k < 14) return this.r.pick(['0', '00', '80', '443', '21', '8080', '65535', '65536', '99999']);
    return this.g.port();
  }
  private pathSeg(): string {
    const k = this.r.int(20);
    if (k < 8) return this.encoded(this.g.segment(), 0.15);
    if (k < 11) return this.encoded(this.word(), 0.3);
    if (k < 13) return '.';
    if (k < 15) return '..';
    if (k < 16) return '';
    return this.r.pick(['%2E', '%2e', '%2E%2E', '.%2e', '%2e.', '%2F', '%41%42', '%7e', '%7E']);
  }
  private pathSegs(min: number, max: number): string {
    let s = '';
    const n = min + this.r.geo(0.35, max - min);
    for (let i = 0; i < n; i++) s += `/${this.pathSeg()}`;
    return s;
  }
  private encTail(): string {
    let s = '';
    if (this.r.chance(0.35))
      s += `?${this.encoded(this.r.chance(0.5) ? this.g.query() : this.r.pick(['', 'a=b&c=d', 'q', 'x/./y', 'a%20b']), 0.2)}`;
    if (this.r.chance(0.25))
      s += `#${this.encoded(this.r.chance(0.5) ? this.g.fragment() : this.r.pick(['', 's', 'Frag', 'x/../y']), 0.2)}`;
    return s;
  }

  /** A normalize input: every component in case variants, %XX, dot-segments, IPv6 forms, ports. */
  normalizeInput(): string {
    const k = this.r.int(100);
    if (k < 12) return this.g.uriReference();
    if (k < 20) {
      // Relative references: network-path, absolute-path, relative-path with leading "..".
      const j = this.r.int(3);
      if (j === 0) return `//${this.authority('x')}${this.pathSegs(0, 5)}${this.encTail()}`;
      if (j === 1) return `/${this.pathSeg() || 'a'}${this.pathSegs(0, 5)}${this.encTail()}`;
      let first = this.pathSeg();
      if (first === '' || first.includes(':')) first = '..';
      return first + this.pathSegs(0, 5) + this.encTail();
    }
    const scheme = this.scheme();
    if (scheme.toLowerCase() === 'mailto') {
      const addr = (): string =>
        this.encoded(this.cased(this.r.pick(['Joe', 'a.b', 'x'])), 0.1) +
        '@' +
        this.encoded(this.cased(this.r.pick(['Example.COM', 'a.example', 'X.Y'])), 0.1);
      return `${scheme}:${addr()}${this.r.chance(0.3) ? `,${addr()}` : ''}${this.encTail()}`;
    }
    const h = this.r.int(10);
    if (h < 7) {
      const path = this.r.chance(0.25) ? '' : this.pathSegs(1, 6);
      return `${scheme}://${this.authority(scheme)}${path}${this.encTail()}`;
    }
    if (h < 8) return `${scheme}:/${this.pathSeg().replace(/^$/, 'a')}${this.pathSegs(0, 5)}${this.encTail()}`;
    if (h < 9) return `${scheme}:${this.pathSeg() || 'a'}${this.pathSegs(0, 5)}${this.encTail()}`;
    return `${scheme}:${this.encTail()}`;
  }
  private authority(scheme: string): string {
    let s = '';
    if (this.r.chance(0.25))
      s += `${this.encoded(
        this.cased(this.r.pick(['user', 'u:p', 'User:Pass', '', ':', 'a~b']) + (this.r.chance(0.3) ? this.g.userinfo() : '')),
        0.2,
      )}@`;
    s += this.host();
    if (this.r.chance(0.5)) s += `:${this.port(scheme)}`;
    return s;
  }
}

/** The (base, reference) pairs: §5.4 shapes on fixed bases, generated pairs, corpus pairs. */
function generatePairs(count: number, corpusPairs: number, seed: number, corpusDir: string): OpInput[] {
  const r = new Rng((seed ^ 0x5eed0001) >>> 0);
  const gen = new OpGen(r);
  const seen = new Set<string>();
  const out: OpInput[] = [];
  const add = (base: string, input: string, source: OpInput['source']): void => {
    const key = `${base}\n${input}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ base, input, source });
  };
  for (const b of FIXED_BASES) for (const s of REF_SHAPES) add(b, s, 'edge');
  const target = out.length + count;
  for (let tries = 0; out.length < target && tries < count * 20; tries++) {
    const base = r.chance(0.15) ? r.pick(FIXED_BASES) : gen.base();
    // A few references per base, as a page's links are resolved against it.
    for (let n = r.range(1, 4); n > 0 && out.length < target; n--) add(base, gen.reference(), 'abnf');
  }
  const files = ['relref_rustdoc_html_pairs.tsv', 'relref_local_html_pairs.tsv']
    .map((f) => join(corpusDir, f))
    .filter((f) => existsSync(f));
  if (files.length === 0 || corpusPairs === 0) return out;
  const corpusTarget = out.length + corpusPairs;
  const per = files.map((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .map((l) => l.split('\t'))
      .filter((x) => x.length === 2),
  );
  for (let tries = 0; out.length < corpusTarget && tries < corpusPairs * 20; tries++) {
    const lines = per[tries % per.length]!;
    const [b, ref] = lines[r.int(lines.length)]!;
    add(b!, ref!, 'corpus');
  }
  return out;
}

function generateNormalizeInputs(count: number, seed: number): OpInput[] {
  const r = new Rng((seed ^ 0x5eed0002) >>> 0);
  const gen = new OpGen(r);
  const seen = new Set<string>();
  const out: OpInput[] = [];
  const add = (input: string, source: OpInput['source']): void => {
    if (seen.has(input)) return;
    seen.add(input);
    out.push({ input, source });
  };
  for (const e of NORMALIZE_EDGE) if (out.length < count) add(e, 'edge');
  for (let tries = 0; out.length < count && tries < count * 20; tries++) add(gen.normalizeInput(), 'abnf');
  return out;
}

/** Hand-written normalize cases: §6.2.2 and §6.2.3 examples and their neighbours. */
const NORMALIZE_EDGE: readonly string[] = [
  'HTTP://www.EXAMPLE.com/',
  'http://example.com',
  'http://example.com/',
  'http://example.com:/',
  'http://example.com:80/',
  'http://example.com:0080/',
  'https://example.com:443',
  'ws://a:80',
  'wss://a:443/',
  'ftp://a:21/',
  'foo://a:80/',
  'foo://a:/',
  'foo://a',
  'http://a?',
  'http://a#',
  'http://a/?#',
  'eXAMPLE://a/./b/../b/%63/%7bfoo%7d',
  'http://a/b/c/./../../g',
  'mid/content=5/../6',
  'http://a/%7e%41%2f%2F%3a%40',
  'http://%7Eu%3A@a/',
  'http://A%2eB/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[2001:DB8:0:0:0:0:0:1]/',
  'http://[::FFFF:1.2.3.4]/',
  'http://[::ffff:102:304]/',
  'http://[1:0:0:2:0:0:0:3]/',
  'http://[V1.AbC]/',
  'mailto:Joe@Example.COM',
  'mailto:a@B.C,d@E.F',
  'abc/..',
  '.',
  './',
  '..',
  '../',
  '/..',
  '/.',
  '',
  '?',
  '#',
  'x:a/../b',
  'x:a/..',
  'x:/a/..//b',
  'x:/.//a',
  '/..//a',
  'a/..//b',
  'x:a/..//b',
  'a/../b:c',
  'a/./b:c',
  'g;x=1/../y',
  '%41/b',
  'a/%2e%2e/b',
  '/a/%2E/b',
  'http://a/b/%2e%2E/c',
  '?Q%aa',
  '#%7E',
  'HTTP:/A/../B',
];

// --- running an op -----------------------------------------------------------------------------

function urikitOp(f: () => string): OpAnswer {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, error: e instanceof UriError ? e.code : String(e) };
  }
}

function oracleOp(a: Record<string, unknown> | undefined): OpAnswer {
  if (a === undefined) return { ok: false, error: 'no answer from oracle', oracleError: true };
  if (typeof a.result === 'string') return { ok: true, value: a.result };
  const r: OpAnswer = { ok: false, error: typeof a.error === 'string' ? a.error : JSON.stringify(a) };
  if (a.oracleError === true || a.error === undefined) r.oracleError = true;
  return r;
}

interface OpReport {
  title: string;
  op: OpName;
  total: number;
  bySource: Record<string, number>;
  /** Inputs not compared (java rejects an input), with the reason. */
  skipped: number;
  skipReason: string;
  agree: number;
  agreeDetail: string;
  disagreements: OpDisagreement[];
}

/** The disagreement between two answers (both failing is agreement), or null. */
function compareOp(op: OpName, oracle: OracleName, x: OpInput, k: OpAnswer, o: OpAnswer, raw: unknown): OpDisagreement | null {
  let category: string;
  if (!o.ok && o.oracleError === true) category = 'oracle-error';
  else if (k.ok && o.ok) {
    if (k.value === o.value) return null;
    category = 'result';
  } else if (!k.ok && !o.ok) return null;
  else category = k.ok ? 'oracle-rejects' : 'urikit-rejects';
  const d: OpDisagreement = {
    op,
    oracle,
    source: x.source,
    input: x.input,
    category,
    urikit: k,
    oracleAnswer: o,
    oracleRaw: raw,
    classes: [],
  };
  if (x.base !== undefined) d.base = x.base;
  return d;
}

/**
 * Fills `d.classes` from OP_CLASSES (recorded ones only): for an accept/reject disagreement the
 * first class whose test holds; for a result disagreement the steps, each applied where its
 * shape is there (two passes, since one step can uncover another's shape), and when that does
 * not end in equal strings, the smallest set of steps that does.
 */
function explainOp(d: OpDisagreement, recorded: ReadonlyMap<string, RecordedClass>): void {
  const classes = Object.entries(OP_CLASSES).filter(([n, c]) => c.op === d.op && recorded.has(n));
  if (d.category !== 'result') {
    for (const [n, c] of classes) {
      if (c.test?.(d)) {
        d.classes = [n];
        return;
      }
    }
    return;
  }
  if (!d.urikit.ok || !d.oracleAnswer.ok) return;
  const steps = classes.filter(([, c]) => c.step !== undefined) as [string, Required<Pick<OpClass, 'step'>>][];
  const k0 = d.urikit.value;
  const o0 = d.oracleAnswer.value;
  let k = k0;
  let o = o0;
  const used: string[] = [];
  for (let pass = 0; pass < 2 && k !== o; pass++) {
    for (const [n, c] of steps) {
      if (k === o) break;
      const r = c.step(d, k, o);
      if (r === null || (r[0] === k && r[1] === o)) continue;
      [k, o] = r;
      if (!used.includes(n)) used.push(n);
    }
  }
  if (k === o) {
    d.classes = used;
    return;
  }
  // Every subset of the steps, smallest first, each step once in OP_CLASSES order.
  const masks = Array.from({ length: (1 << steps.length) - 1 }, (_, i) => i + 1).sort((a, b) => popcount(a) - popcount(b) || a - b);
  for (const m of masks) {
    k = k0;
    o = o0;
    let ok = true;
    for (let i = 0; i < steps.length && ok; i++) {
      if ((m & (1 << i)) === 0) continue;
      const r = steps[i]![1].step(d, k, o);
      if (r === null) ok = false;
      else [k, o] = r;
    }
    if (ok && k === o) {
      d.classes = steps.filter((_, i) => (m & (1 << i)) !== 0).map(([n]) => n);
      return;
    }
  }
}

function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** uriparser answers a full-form IPv6 literal: urikit's result in that form, or null. */
function ipv6FullFormOf(s: string): string | null {
  const p = parts(s);
  if (p === null || p.hostType !== 'ipv6' || p.host === undefined) return null;
  const full = expandIPv6(p.host.slice(1, -1));
  if (full === null) return null;
  p.host = `[${full}]`;
  return unparts(p);
}

function runResolve(args: Args, recorded: ReadonlyMap<string, RecordedClass>): OpReport[] {
  const pairs = generatePairs(args.count, args.pairs, args.seed, resolve(REPO_ROOT, '../shared/corpus'));
  const reqs = pairs.map((x) => ({ op: 'resolve', base: x.base, ref: x.input }));
  const uAnswers = runOracle(join(args.oracles, 'c', 'uriparser_oracle'), [], reqs);
  const jAnswers = args.java ? runOracle('java', ['-cp', join(args.oracles, 'java', 'build'), 'UriOracle'], reqs) : [];
  const bySource: Record<string, number> = { edge: 0, abnf: 0, corpus: 0 };
  for (const x of pairs) bySource[x.source]!++;

  // urikit strict vs uriparser
  const u: OpReport = {
    title: 'urikit resolve (strict) vs uriparser',
    op: 'resolve',
    total: pairs.length,
    bySource,
    skipped: 0,
    skipReason: '',
    agree: 0,
    agreeDetail: '',
    disagreements: [],
  };
  let bothOk = 0;
  let viaIPv6 = 0;
  let bothReject = 0;
  for (let i = 0; i < pairs.length; i++) {
    const x = pairs[i]!;
    const k = urikitOp(() => urikitResolve(x.base!, x.input, false));
    const o = oracleOp(uAnswers[i]);
    // uriparser writes IPv6 literals in full 8-group form: where its host is that form of
    // urikit's host, urikit's result is compared in that form.
    let kc = k;
    if (k.ok && o.ok && k.value !== o.value) {
      const full = ipv6FullFormOf(k.value);
      if (full !== null && parts(full)?.host === parts(o.value)?.host) kc = { ok: true, value: full };
    }
    const d = compareOp('resolve', 'uriparser', x, kc, o, uAnswers[i]);
    if (d === null) {
      u.agree++;
      if (k.ok) bothOk++;
      else bothReject++;
      if (kc !== k) viaIPv6++;
      continue;
    }
    if (kc !== k && k.ok) d.urikitAsWritten = k.value;
    explainOp(d, recorded);
    u.disagreements.push(d);
  }
  u.agreeDetail = `both resolve ${bothOk} (${viaIPv6} equal once urikit's IPv6 literal is written in uriparser's full 8-group form), both reject ${bothReject}`;
  if (!args.java) return [u];

  // urikit rfc2396 vs java.net.URI, where java accepts both inputs
  const j: OpReport = {
    title: 'urikit resolve (rfc2396: true) vs java.net.URI',
    op: 'resolve-rfc2396',
    total: pairs.length,
    bySource,
    skipped: 0,
    skipReason: 'java rejects the base or the reference (URISyntaxException): not compared',
    agree: 0,
    agreeDetail: '',
    disagreements: [],
  };
  bothOk = 0;
  const skipReasons = new Map<string, number>();
  for (let i = 0; i < pairs.length; i++) {
    const x = pairs[i]!;
    const a = jAnswers[i];
    if (a !== undefined && a.result === undefined && typeof a.index === 'number') {
      j.skipped++;
      const why = typeof a.reason === 'string' ? a.reason : String(a.error);
      skipReasons.set(why, (skipReasons.get(why) ?? 0) + 1);
      continue;
    }
    const k = urikitOp(() => urikitResolve(x.base!, x.input, true));
    const o = oracleOp(a);
    const d = compareOp('resolve-rfc2396', 'java', x, k, o, a);
    if (d === null) {
      j.agree++;
      if (k.ok) bothOk++;
      continue;
    }
    explainOp(d, recorded);
    j.disagreements.push(d);
  }
  j.agreeDetail = `both resolve ${bothOk}, both fail ${j.agree - bothOk}`;
  j.skipReason +=
    '; reasons: ' +
    [...skipReasons]
      .sort((p, q) => q[1] - p[1])
      .map(([w, n]) => `${w} ${n}`)
      .join(', ');
  return [u, j];
}

function urikitResolve(base: string, ref: string, rfc2396: boolean): string {
  return rfc2396 ? resolveUri(base, ref, { rfc2396: true }) : resolveUri(base, ref);
}

function runNormalize(args: Args, recorded: ReadonlyMap<string, RecordedClass>): OpReport {
  const inputs = generateNormalizeInputs(args.count, args.seed);
  const answers = runOracle(
    join(args.oracles, 'c', 'uriparser_oracle'),
    [],
    inputs.map((x) => ({ op: 'normalize', input: x.input })),
  );
  const bySource: Record<string, number> = { edge: 0, abnf: 0 };
  for (const x of inputs) bySource[x.source]!++;
  const rep: OpReport = {
    title: 'urikit normalize vs uriparser (uriNormalizeSyntaxA)',
    op: 'normalize',
    total: inputs.length,
    bySource,
    skipped: 0,
    skipReason: '',
    agree: 0,
    agreeDetail: '',
    disagreements: [],
  };
  let bothOk = 0;
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i]!;
    const k = urikitOp(() => normalize(x.input));
    const o = oracleOp(answers[i]);
    const d = compareOp('normalize', 'uriparser', x, k, o, answers[i]);
    if (d === null) {
      rep.agree++;
      if (k.ok) bothOk++;
      continue;
    }
    explainOp(d, recorded);
    rep.disagreements.push(d);
  }
  rep.agreeDetail = `both normalize ${bothOk}, both reject ${rep.agree - bothOk}`;
  return rep;
}

/** Prints one op's totals; returns its number of unexplained disagreements. */
function printOp(rep: OpReport, seed: number, recorded: ReadonlyMap<string, RecordedClass>): number {
  const lines: string[] = [];
  lines.push(`${rep.title} (op ${rep.op}, seed ${seed})`);
  lines.push(
    `total       ${rep.total}  (${Object.entries(rep.bySource)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')})`,
  );
  if (rep.skipReason !== '') lines.push(`skipped     ${rep.skipped}  (${rep.skipReason})`);
  lines.push(`agree       ${rep.agree}  (${rep.agreeDetail})`);
  lines.push(`disagree    ${rep.disagreements.length}`);
  const cats = new Map<string, number>();
  for (const d of rep.disagreements) cats.set(d.category, (cats.get(d.category) ?? 0) + 1);
  for (const [c, n] of [...cats].sort((a, b) => b[1] - a[1])) lines.push(`  ${c.padEnd(48)} ${n}`);
  const explained = rep.disagreements.filter((d) => d.classes.length > 0);
  lines.push(`explained   ${explained.length}`);
  const byClass = new Map<string, number>();
  const combos = new Map<string, number>();
  for (const d of explained) {
    for (const c of d.classes) byClass.set(c, (byClass.get(c) ?? 0) + 1);
    if (d.classes.length > 1) combos.set(d.classes.join(' + '), (combos.get(d.classes.join(' + ')) ?? 0) + 1);
  }
  for (const [c, n] of [...byClass].sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${c.padEnd(48)} ${n}${recorded.get(c)?.verdict === 'urikit-bug' ? '  (urikit bug, reported: see its record)' : ''}`);
  }
  if (combos.size > 0) {
    lines.push(`  of which needing several classes: ${[...combos.values()].reduce((a, b) => a + b, 0)}`);
    for (const [c, n] of [...combos].sort((a, b) => b[1] - a[1]).slice(0, 8)) lines.push(`    ${c}: ${n}`);
  }
  const unexplained = rep.disagreements.filter((d) => d.classes.length === 0);
  lines.push(`unexplained ${unexplained.length}`);
  const show = (a: OpAnswer): string => (a.ok ? JSON.stringify(a.value) : `error ${a.error}`);
  for (const d of unexplained.slice(0, 12)) {
    const what = d.base !== undefined ? `${JSON.stringify(d.base)} + ${JSON.stringify(d.input)}` : JSON.stringify(d.input);
    lines.push(`  ${what}  [${d.category}] urikit ${show(d.urikit)}, ${d.oracle} ${show(d.oracleAnswer)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return unexplained.length;
}

/** One line per op for the --op all summary ("total / agree / explained / unexplained"). */
const summary: string[] = [];

/** The parse differential (the original behaviour of this script); prints its totals. */
function runParse(args: Args, recorded: ReadonlyMap<string, RecordedClass>): { unexplained: number; disagreements: Disagreement[] } {
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

  summary.push(`${'parse'.padEnd(16)} ${inputs.length} / ${agree} / ${explained} / ${unexplained}`);
  return { unexplained, disagreements };
}

// ---------------------------------------------------------------------------------------------
// Command line.

type Op = 'parse' | 'resolve' | 'normalize' | 'all';

interface Args {
  oracles: string;
  op: Op;
  count: number;
  countGiven: boolean;
  pairs: number;
  seed: number;
  java: boolean;
  out: string | undefined;
}

function usage(msg: string): never {
  process.stderr.write(
    `${msg}\nusage: node build/scripts/differential.js --oracles DIR [--op parse|resolve|normalize|all] [--count N] [--pairs M] [--seed S] [--no-java] [--out FILE]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    oracles: resolve(REPO_ROOT, '../shared/oracles'),
    op: 'parse',
    count: 6000,
    countGiven: false,
    pairs: 3000,
    seed: 1,
    java: true,
    out: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h')
      usage('Differential of urikit against uriparser (parse, resolve, normalize) and java.net.URI (resolve, rfc2396).');
    if (a === '--no-java') {
      args.java = false;
      continue;
    }
    const v = argv[i + 1];
    if (v === undefined) usage(`missing value after ${a}`);
    i++;
    if (a === '--oracles') args.oracles = resolve(v);
    else if (a === '--op') {
      if (v !== 'parse' && v !== 'resolve' && v !== 'normalize' && v !== 'all') usage('--op must be parse, resolve, normalize or all');
      args.op = v;
    } else if (a === '--count') {
      args.count = Number(v);
      args.countGiven = true;
    } else if (a === '--pairs') args.pairs = Number(v);
    else if (a === '--seed') args.seed = Number(v);
    else if (a === '--out') args.out = resolve(v);
    else usage(`unknown option ${a}`);
  }
  if (!Number.isInteger(args.count) || args.count < 1) usage('--count must be a positive integer');
  if (!Number.isInteger(args.pairs) || args.pairs < 0) usage('--pairs must be a non-negative integer');
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
  if (args.java && (args.op === 'resolve' || args.op === 'all')) {
    const cls = join(args.oracles, 'java', 'build', 'UriOracle.class');
    const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
    if (!existsSync(cls) || probe.error !== undefined || probe.status !== 0) {
      process.stderr.write(
        `error: the java oracle is missing (${cls}, or no "java" on PATH)\n` +
          `Build it with "bash build.sh" in ${args.oracles} (openjdk-17-jdk-headless), or pass --no-java to skip the rfc2396 comparison.\n`,
      );
      process.exit(2);
    }
  }
  const recorded = loadRecorded();
  let unexplained = 0;
  const out: string[] = [];
  if (args.op === 'parse' || args.op === 'all') {
    const r = runParse(args, recorded);
    unexplained += r.unexplained;
    for (const d of r.disagreements) out.push(JSON.stringify(args.op === 'all' ? { op: 'parse', ...d } : d));
  }
  const reports: OpReport[] = [];
  if (args.op === 'resolve' || args.op === 'all') reports.push(...runResolve(args, recorded));
  if (args.op === 'normalize' || args.op === 'all') reports.push(runNormalize(args, recorded));
  for (const rep of reports) {
    if (args.op === 'all' || reports.indexOf(rep) > 0) process.stdout.write('\n');
    unexplained += printOp(rep, args.seed, recorded);
    for (const d of rep.disagreements) out.push(JSON.stringify(d));
  }
  if (args.op === 'all') {
    process.stdout.write('\nsummary (total / agree / explained / unexplained)\n');
    for (const s of summary) process.stdout.write(`  ${s}\n`);
    for (const rep of reports) {
      const ex = rep.disagreements.filter((d) => d.classes.length > 0).length;
      process.stdout.write(
        `  ${rep.op.padEnd(16)} ${rep.total - rep.skipped} / ${rep.agree} / ${ex} / ${rep.disagreements.length - ex}${rep.skipped > 0 ? `  (${rep.skipped} skipped)` : ''}\n`,
      );
    }
  }
  if (args.out !== undefined) {
    writeFileSync(args.out, out.join('\n') + (out.length > 0 ? '\n' : ''));
    process.stdout.write(`wrote ${out.length} disagreements to ${args.out}\n`);
  }
  process.exitCode = unexplained > 0 ? 1 : 0;
}

main();

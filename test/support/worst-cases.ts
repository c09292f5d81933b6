/**
 * The worst-case shapes: inputs of any length built from what makes each part of urikit work
 * hardest, for URIs (WORST_CASES, after PLAIN, the baseline) and for URI Templates
 * (TEMPLATE_CASES). The benchmarks time them (bench/linear.ts, bench/template-linear.ts: linear
 * growth); the tests run them at 1 MB and 100 k characters with exact answers and no clock
 * (test/hostile.slow.test.ts, test/template/linear.slow.test.ts).
 */
import type { ParseOptions, TemplateVariables } from '../../src/index.js';

// =============================================================================================
// URIs.

/** One hostile input shape: `build(n)` gives an input of at most n code units (close to n). */
export interface WorstCase {
  name: string;
  /** What it stresses. */
  what: string;
  build(n: number): string;
  /** Parse options for every operation (default: strict). */
  options?: ParseOptions;
}

/** prefix + unit repeated as often as fits in n with the suffix. */
function fill(prefix: string, unit: string, n: number, suffix = ''): string {
  const k = Math.max(0, Math.floor((n - prefix.length - suffix.length) / unit.length));
  return prefix + unit.repeat(k) + suffix;
}

/** The reference shape: a plain, valid http URL with a long path. */
export const PLAIN: WorstCase = {
  name: 'plain',
  what: 'http://a.example/ + "a" repeated (the baseline)',
  build: (n) => fill('http://a.example/', 'a', n),
};

export const WORST_CASES: readonly WorstCase[] = [
  {
    name: 'pct-path',
    what: '"%41" repeated in the path (every triplet checked, decoded by normalize)',
    build: (n) => fill('http://a.example/', '%41', n),
  },
  {
    name: 'pct-host',
    what: '"%41" repeated in the host (normalizeHost decodes and lower-cases each)',
    build: (n) => fill('http://', '%41', n, '/'),
  },
  {
    name: 'pct-broken-lenient',
    what: 'lone "%" repeated, lenient (each one tolerated and flagged; normalize writes each as "%25")',
    build: (n) => fill('http://a.example/', '%', n),
    options: { lenient: true },
  },
  {
    name: 'lbracket-lenient',
    what: '"[]" repeated in the path, lenient (brackets outside an IP-literal; normalize writes "%5B%5D")',
    build: (n) => fill('http://a.example/', '[]', n),
    options: { lenient: true },
  },
  {
    name: 'ipv6-unclosed',
    what: '"[1:1:1:..." never closed (the IP-literal state to the end, then the IPv6 grammar)',
    build: (n) => fill('http://[', '1:', n),
  },
  {
    name: 'ipv6-long',
    what: '"[1:1:1:...1]" closed (an over-long IPv6 literal checked at "]")',
    build: (n) => fill('http://[', '1:', n, '1]/'),
  },
  { name: 'ipvfuture-long', what: '"[v1." + "a" repeated + "]" (a valid 1 MB IPvFuture)', build: (n) => fill('http://[v1.', 'A', n, ']/') },
  { name: 'at-path', what: '"@" repeated in the path (valid pchar)', build: (n) => fill('http://a.example/', '@', n) },
  {
    name: 'at-authority-lenient',
    what: '"a@" repeated in the authority, lenient (every "@" moves the userinfo end; normalize writes all but the last as "%40")',
    build: (n) => fill('http://', 'a@', n, 'h/'),
    options: { lenient: true },
  },
  {
    name: 'colon-userinfo',
    what: '":" repeated, then "@" (userinfo-or-port ambiguity resolved at the end)',
    build: (n) => fill('http://', ':', n, '@h/'),
  },
  { name: 'colon-no-at', what: '":" repeated, no "@" (the port error is found at the end)', build: (n) => fill('http://', ':', n, '/') },
  { name: 'port-long', what: 'a 1 MB port of digits', build: (n) => fill('http://a.example:', '1', n, '/') },
  { name: 'dot-segments', what: '"/." repeated (every segment removed by normalize)', build: (n) => fill('http://a.example', '/.', n) },
  {
    name: 'dotdot-absolute',
    what: '"../" repeated in an absolute URI (§5.2.4 in resolve and normalize)',
    build: (n) => fill('http://a.example/', '../', n, 'g'),
  },
  {
    name: 'dotdot-relative',
    what: '"../" repeated in a relative reference (climbing past the base root)',
    build: (n) => fill('', '../', n, 'g'),
  },
  {
    name: 'segment-dotdot',
    what: '"b/../" repeated (each segment added, then removed)',
    build: (n) => fill('http://a.example/', 'b/../', n),
  },
  { name: 'regname-upper', what: 'a long upper-case reg-name (lower-cased by normalize)', build: (n) => fill('http://', 'A.', n, '/') },
  { name: 'query-long', what: '"a=%41&" repeated in the query', build: (n) => fill('http://a.example/?', 'a=%41&', n) },
  {
    name: 'hash-lenient',
    what: '"#" repeated in the fragment, lenient (normalize writes each as "%23")',
    build: (n) => fill('http://a.example/#', '#', n),
    options: { lenient: true },
  },
  {
    name: 'error-at-end',
    what: 'a long valid path and a space at the very end (strict error at the last index)',
    build: (n) => fill('http://a.example/', 'a', n - 1, ' '),
  },
  { name: 'iri-path', what: '"é" repeated, iri (each a ucschar)', build: (n) => fill('http://a.example/', 'é', n), options: { iri: true } },
  {
    name: 'mailto-commas',
    what: '"a," repeated in a mailto: path (normalize looks for each address\'s last "@" within it, to lower-case its domain)',
    build: (n) => fill('mailto:', 'a,', n),
  },
  {
    name: 'pct-at-end',
    what: '"a/" repeated in the path, then "%41" only in the fragment (each component\'s "%" search stops at its own end)',
    build: (n) => fill('http://u@a.example/', 'a/', n, '?q#%41'),
  },
  {
    name: 'mailto-at-commas',
    what: '"@," repeated in a mailto: path (an empty domain per address: each one\'s "%" search must stop at its end)',
    build: (n) => fill('mailto:', '@,', n),
  },
];

/** The base that every input is resolved against (as the reference). */
export const RESOLVE_BASE = 'http://a.example/b/c/d;p?q';

// =============================================================================================
// URI Templates.

/** One shape: `build(n)` makes a template and an input of about n characters. */
export interface TemplateCase {
  name: string;
  what: string;
  /** match: UriTemplateSet.match over `templates` (then `template` is only what the report shows). */
  kind: 'compile' | 'expand' | 'extract' | 'match';
  build(n: number): { template: string; templates?: string[]; vars?: TemplateVariables; uri?: string };
  /** For extract: whether the URI matches. */
  matches?: boolean;
}

const rep = (unit: string, n: number): string => unit.repeat(Math.max(1, Math.floor(n / unit.length)));
/** The same text in a two-byte string (V8 keeps a slice in its parent's representation). */
const twoByte = (s: string): string => `${s}\u0100`.slice(0, -1);

export const TEMPLATE_CASES: readonly TemplateCase[] = [
  {
    name: 'many-expressions',
    what: '"{v}" repeated: compile and expand',
    kind: 'expand',
    build: (n) => ({ template: rep('{v}', n), vars: { v: 'x' } }),
  },
  {
    name: 'many-query-expressions',
    what: '"/{a}{?b,c}" repeated: compile and expand',
    kind: 'expand',
    build: (n) => ({ template: rep('/{a}{?b,c}', n), vars: { a: 'x', c: 'y z' } }),
  },
  {
    name: 'long-literal',
    what: 'a literal of "aé😀%41" repeated (non-ASCII encoded, triplets kept): compile only',
    kind: 'compile',
    build: (n) => ({ template: rep('aé😀%41', n) }),
  },
  {
    name: 'huge-value-U',
    what: '{v} with a value of "é%41😀 /" repeated (everything encoded)',
    kind: 'expand',
    build: (n) => ({ template: '/x/{v}', vars: { v: rep('é%41😀 /', n) } }),
  },
  {
    name: 'huge-value-UR',
    what: '{+v} with a value of "é%41😀 /%" repeated (triplets kept, the rest encoded)',
    kind: 'expand',
    build: (n) => ({ template: '/x/{+v}', vars: { v: rep('é%41😀 /%', n) } }),
  },
  {
    name: 'prefix-of-huge-value',
    what: '{v:9999} and {+v:9999} on a value of "😀é" repeated (only the prefix is read)',
    kind: 'expand',
    build: (n) => ({ template: '{v:9999}{+v:9999}', vars: { v: rep('😀é', n) } }),
  },
  {
    name: 'huge-list',
    what: '{/list*}{?list} with a list of "a b" members',
    kind: 'expand',
    build: (n) => ({ template: '{/list*}{?list}', vars: { list: rep('a b,', n / 2).split(',') } }),
  },
  {
    name: 'huge-assoc',
    what: '{?keys*} with an associative array of "kNNN=v é" members',
    kind: 'expand',
    build: (n) => ({
      template: '{?keys*}',
      vars: { keys: Object.fromEntries(Array.from({ length: Math.floor(n / 20) }, (_, i) => [`k${i}`, 'v é'])) },
    }),
  },
  {
    name: 'path-explode-match',
    what: '{/path*} against "/seg" repeated',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{/path*}', uri: rep('/seg', n) }),
  },
  {
    name: 'path-explode-fail',
    what: '{/path*} against "/seg" repeated and a space at the end (the ReDoS shape of Addressable)',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{/path*}', uri: `${rep('/seg', n - 1)} ` }),
  },
  {
    name: 'adjacent-match',
    what: '{a}{b}{c} against "a" repeated (every split is a candidate)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{a}{b}{c}', uri: rep('a', n) }),
  },
  {
    name: 'adjacent-fail',
    what: '{a}{b}{c} against "a" repeated and "/" at the end',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{a}{b}{c}', uri: `${rep('a', n - 1)}/` }),
  },
  {
    name: 'query-match',
    what: '{?a,b,c} against three long values',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{?a,b,c}', uri: `?a=${rep('x', n / 3)}&b=${rep('%C3%BC', n / 3)}&c=${rep('y', n / 3 - 12)}` }),
  },
  {
    name: 'query-fail',
    what: '{?a,b,c} against a long value and then "&d="',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{?a,b,c}', uri: `?a=${rep('x', n - 6)}&d=1` }),
  },
  {
    name: 'reserved-split',
    what: '{+a}/{+b} against "a/" repeated (U+R values, ambiguous splits)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{+a}/{+b}', uri: rep('a/', n) }),
  },
  {
    name: 'multibyte-value',
    what: '/{a}/x against "%F0%9F%98%80%C3%A9" repeated (UTF-8 checked triplet by triplet)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '/{a}/x', uri: `/${rep('%F0%9F%98%80%C3%A9', n - 3)}/x` }),
  },
  {
    name: 'long-prefix',
    what: '{a:9999}-{b} against "%C3%BC" repeated: a counted value (up to 9,999 characters), then the rest',
    kind: 'extract',
    matches: true,
    build: (n) => {
      const a = Math.min(Math.floor(n / 12), 9999) * 6;
      return { template: '{a:9999}-{b}', uri: `${rep('%C3%BC', a)}-${rep('%C3%BC', n - a)}` };
    },
  },
  {
    name: 'label-members',
    what: '{.x*} against ".a" repeated, held as two-byte text as a slice of a log line with a non-Latin-1 character is (each member decoded within its own range)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{.x*}', uri: twoByte(rep('.a', n)) }),
  },
  {
    name: 'prefix-after-value',
    what: '{x}{y:9999} against "a" repeated: a long prefix right after a value of the same characters (every split a candidate, every count a thread)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{x}{y:9999}', uri: rep('a', n) }),
  },
  {
    name: 'prefix-after-value-fail',
    what: '{x}{y:9999} against "a" repeated and a space at the end',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{x}{y:9999}', uri: `${rep('a', n - 1)} ` }),
  },
  {
    name: 'prefix-after-prefix',
    what: '{x:9999}{y:9999}{z} against "a" repeated: two long prefixes in a row, then the rest',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{x:9999}{y:9999}{z}', uri: rep('a', n) }),
  },
  {
    name: 'two-prefixes-fail',
    what: '{x:9999}{y:9999} against "a" repeated (too long for both from 20 k on: no match)',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{x:9999}{y:9999}', uri: rep('a', Math.max(n, 20_000)) }),
  },
  {
    name: 'prefix-after-list',
    what: '{/x*}{/y:9999} against "/a" repeated: a long prefix after the members of a list',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{/x*}{/y:9999}', uri: rep('/a', n) }),
  },
  {
    name: 'reserved-prefix',
    what: '{+x}{+y:9999} against "%25a," repeated: U+R values, whose counts owe for "%25" until the next characters',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{+x}{+y:9999}', uri: rep('%25a,', n) }),
  },
  {
    name: 'query-prefix',
    what: '{?a}{&b:9999} against "?a=" and "a" repeated',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{?a}{&b:9999}', uri: `?a=${rep('a', n - 3)}` }),
  },
  {
    name: 'set-prefix',
    what: 'UriTemplateSet.match of /users/{id}, {/path*}, {x}{y:9999} against "a" repeated',
    kind: 'match',
    matches: true,
    build: (n) => ({ template: '{x}{y:9999}', templates: ['/users/{id}', '{/path*}', '{x}{y:9999}'], uri: rep('a', n) }),
  },
  {
    name: 'assoc-label',
    what: '{.keys*} against ".kN=v" repeated',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{.keys*}', uri: Array.from({ length: Math.floor(n / 8) }, (_, i) => `.k${i}=v`).join('') }),
  },
];

/**
 * The capabilities java.net.URI users reach for, against java.net.URI itself (OpenJDK, through
 * scripts/differential/WritingOracle.java, compiled with javac into build/differential-java):
 *
 *   node build/scripts/differential/caps-java.js [--write]
 *
 *   decodedAuthority, decodedSchemeSpecificPart   getAuthority(), getSchemeSpecificPart()
 *   hashUri (rfc2396)                             hashCode()
 *   toURL                                         toURL()
 *   equivalent, compareUris (rfc2396)             equals(), the sign of compareTo()
 *
 * on URIs of the corpora (bench/data), generated references that vary case, percent-encoding,
 * ports and kinds of authority, and the pairs of OpenJDK's own tests (test/fixtures/vectors/
 * openjdk-uri-test.json). Inputs java.net.URI rejects are left out. Disagreements are explained
 * by the classes of test/fixtures/divergences-capabilities.json ("check": "java"); `--write`
 * records the rows in test/fixtures/capabilities/java.json.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { normalize, parse, tryParse } from '../../src/index.js';
import type { CapabilityRow } from '../../test/support/capabilities.js';
import { JAVA_OPS, type JavaUrl } from '../../test/support/capabilities-java.js';
import { fixture } from '../../test/support/paths.js';
import { finish, spread } from './caps.js';
import { ask, b64, corpusLines, javaCommand, unb64 } from './writing.js';

const [java, javaArgs] = javaCommand();

// ---------------------------------------------------------------------------------------------
// Inputs

const part = (xs: string[]): fc.Arbitrary<string> => fc.constantFrom(...xs);
const reference = fc
  .tuple(
    part(['', 'http:', 'HTTP:', 'https:', 's:', 'mailto:', 'urn:', 'file:']),
    part([
      '',
      '//a',
      '//A.Example',
      '//a:80',
      '//a:080',
      '//a:',
      '//u@a',
      '//U%41@a',
      '//%c3%bc@h.example',
      '//a_b',
      '//A_B',
      '//[::1]',
      '//[0::1]',
      '//[V1.x]',
      '//1.2.3.4',
      '//a.b.',
      '//%41',
      '//u:p@h:8080',
      '//h:2147483648',
      '//',
    ]),
    part([
      '',
      '/',
      '/x',
      '/X',
      '/%78',
      '/%7e',
      '/%7E',
      '/~',
      '/a%20b',
      '/a%2fb',
      '/a%2Fb',
      '/%C3%BC',
      '/%E2%82',
      '/%ED%A0%80',
      '/%C0%AF',
      '/%F0%9F%98',
      '/%FF',
      'x',
      'x@Y.com',
      'a%40b',
    ]),
    part(['', '?', '?q', '?%71', '?Q', '?a=%c3%a9']),
    part(['', '#', '#f', '#%66', '#%E2%82']),
  )
  .map(([s, a, p, q, f]) => {
    const path = a === '' && s === '' && p.includes('@') ? `./${p}` : a !== '' && p !== '' && !p.startsWith('/') ? `/${p}` : p;
    return s + a + path + q + f;
  })
  .filter((s) => tryParse(s) !== null);

const generated = [...new Set(fc.sample(reference, { seed: 36, numRuns: 500 }))];
const corpus = spread(
  corpusLines().filter((s) => s.length <= 120 && tryParse(s) !== null),
  250,
);
const special: [string, Record<string, unknown>][] = [
  ['http://h/ü?é#ß', { iri: true }],
  ['http://ü.example/a%C3%BC', { iri: true }],
  ['http://[fe80::1%25eth0]/a%20b', { zoneId: true }],
  ['http://[fe80::1%25Eth%30]/', { zoneId: true }],
];
const singles: [string, Record<string, unknown> | undefined][] = [
  ...[...new Set([...corpus, ...generated])].map((s): [string, undefined] => [s, undefined]),
  ...special,
];

// Pairs: OpenJDK's own, each generated reference beside a variant of itself, and neighbours.
const openjdk = (
  JSON.parse(readFileSync(fixture('vectors/openjdk-uri-test.json'), 'utf8')) as { op: string; input: string; other: string }[]
)
  .filter((c) => c.op === 'java_equals_compare')
  .map((c): [string, string] => [c.input, c.other]);
const flipHex = (s: string): string => s.replace(/%([0-9A-Fa-f]{2})/g, (m) => (m === m.toUpperCase() ? m.toLowerCase() : m.toUpperCase()));
/** The scheme and the host in upper case: java.net.URI compares both without case. */
const upperHead = (s: string): string => {
  const u = parse(s.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, (m) => m.toUpperCase()));
  return u.host === undefined || u.host === '' ? u.href : u.with({ host: u.host.toUpperCase() }).href;
};
const variants: [string, string][] = [];
// Three of five kinds for each reference, in turn, so that every kind meets every shape.
generated.forEach((a, i) => {
  const kinds = [flipHex(a), upperHead(a), normalize(a), generated[(i + 1) % generated.length]!, a];
  for (let k = 0; k < 3; k++) {
    const b = kinds[(i + k) % kinds.length]!;
    if (tryParse(b) !== null) variants.push([a, b]);
  }
});
const pairs = [...new Map([...openjdk, ...variants].map((p) => [JSON.stringify(p), p])).values()];

// ---------------------------------------------------------------------------------------------
// The oracle

const gets = ask(
  java,
  javaArgs,
  singles.map(([s]) => `get\t${b64(s)}`),
);
const rows: CapabilityRow[] = [];
let rejected = 0;
singles.forEach(([s, options], i) => {
  const f = gets[i]!.split('\t');
  if (f[0] !== 'ok') {
    rejected++;
    return;
  }
  const str = (x: string): string | null => (x === '-' ? null : unb64(x));
  const url = str(f[4]!)!;
  const javaUrl: JavaUrl = url.startsWith('ok:') ? { url: url.slice(3) } : { error: url.split(':')[1]! };
  const opt = options === undefined ? {} : { options };
  rows.push({ op: 'decodedAuthority', input: s, ...opt, oracle: str(f[1]!) });
  rows.push({ op: 'decodedSchemeSpecificPart', input: s, ...opt, oracle: str(f[2]!) });
  rows.push({ op: 'hashUri', input: s, ...opt, oracle: Number(f[3]) });
  rows.push({ op: 'toURL', input: s, ...opt, oracle: javaUrl });
});
console.log(`${singles.length} URIs, ${rejected} rejected by java.net.URI and left out`);

const answers = ask(
  java,
  javaArgs,
  pairs.map(([a, b]) => `compare\t${b64(a)}\t${b64(b)}`),
);
let pairRejected = 0;
pairs.forEach((p, i) => {
  const f = answers[i]!.split('\t');
  if (f[0] === 'error') {
    pairRejected++;
    return;
  }
  rows.push({ op: 'equals+compareTo', input: p, oracle: { equals: f[1] === 'true', compareTo: Number(f[0]) } });
});
console.log(`${pairs.length} pairs, ${pairRejected} with a URI java.net.URI rejects, left out`);

// ---------------------------------------------------------------------------------------------
// Why they differ

const replacements = (s: unknown): number => (typeof s === 'string' ? s.split('\uFFFD').length - 1 : 0);
process.exitCode = finish('java', rows, JAVA_OPS, {
  // Java's UTF-8 decoder replaces an ill-formed sequence by one U+FFFD where the Encoding
  // Standard, and urikit, replace each maximal subpart: only the count of U+FFFD differs.
  'java-utf8-replacement': (r) =>
    typeof r.urikit === 'string' &&
    typeof r.oracle === 'string' &&
    r.urikit.replaceAll('\uFFFD', '') === r.oracle.replaceAll('\uFFFD', '') &&
    replacements(r.urikit) !== replacements(r.oracle),
  // java.net.URI has no empty authority; RFC 3986 has one.
  'java-empty-authority': (r) => r.oracle === null && r.urikit === '',
  // java.net.URL knows the protocols it has handlers for; a Node URL takes every scheme.
  'java-url-protocol-handlers': (r) =>
    'error' in (r.oracle as JavaUrl) && (r.oracle as { error: string }).error === 'MalformedURLException',
  // Java's mailto handler keeps no fragment: the URLs agree without it.
  'java-mailto-url-fragment': (r) =>
    'url' in (r.oracle as JavaUrl) &&
    typeof r.urikit === 'string' &&
    /^mailto:/i.test(r.urikit) &&
    r.urikit.startsWith(new URL((r.oracle as { url: string }).url).href),
  // What the URL Standard refuses (new URL throws for Java's URL too), java.net.URL keeps.
  'whatwg-refuses': (r) => {
    if (!('url' in (r.oracle as JavaUrl)) || typeof r.urikit === 'string') return false;
    try {
      new URL((r.oracle as { url: string }).url);
      return false;
    } catch {
      return true;
    }
  },
});

/**
 * The writing side against java.net.URI (OpenJDK, through scripts/differential/WritingOracle.java,
 * compiled with javac into build/differential-java):
 *
 *   node build/scripts/differential/writing-java.js [--seed N] [--count N]
 *
 *   authority  the RFC 2396 server/registry rule (Uri#authorityKind) against parseServerAuthority()
 *              on generated authorities; inputs that either side rejects are counted apart
 *   construct  buildUri of text components against java.net.URI's 7-argument constructor
 *              (scheme, userInfo, host, port, path, query, fragment), printable ASCII text
 *   compare    the sign of compareUris(a, b) against new URI(a).compareTo(new URI(b)) on generated
 *              pairs; java also compares the two normal forms, so that a disagreement that
 *              normalization alone makes (RFC 3986 §6.2.2, §6.2.3) is told from one of order
 *
 * Disagreements are explained by the classes of test/fixtures/divergences-writing.json
 * ("check": "java").
 */
import fc from 'fast-check';
import { buildUri, compareUris, normalize, OFFSETS_LENGTH, tryParse } from '../../src/index.js';
import { authorityKindOf } from '../../src/ops/authority.js';
import { divergenceClasses } from '../../test/support/divergences-writing.js';
import { args, ask, b64, checkExamples, javaCommand, type Row, report, unb64 } from './writing.js';

const { seed, count } = args({ seed: 1, count: 20000 });
const classes = divergenceClasses('java');
const [java, javaArgs] = javaCommand();
const rec = new Uint32Array(OFFSETS_LENGTH);
let unexplained = 0;

// ---------------------------------------------------------------------------------------------
// authority

const hostLabel = fc.oneof(
  fc.constantFrom(
    'a',
    'ab',
    'a-b',
    'a--b',
    '-a',
    'a-',
    '7up',
    '1',
    '01',
    '255',
    '256',
    '0x1',
    'A',
    'a_b',
    'a~b',
    'a!b',
    "a'b",
    'a%20b',
    'xn--a',
    '',
  ),
  fc.array(fc.constantFrom(...'ab9-_'.split('')), { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
);
const host = fc.oneof(
  { arbitrary: fc.array(hostLabel, { minLength: 1, maxLength: 5 }).map((a) => a.join('.')), weight: 6 },
  {
    arbitrary: fc.constantFrom('[::1]', '[fe80::1:2]', '[::ffff:1.2.3.4]', '[v1.x]', '1.2.3.4', '0000.0.0.0', '1.2.3.04', '999.1.1.1'),
    weight: 1,
  },
);
const authority = fc
  .tuple(
    fc.option(fc.constantFrom('', 'u', 'u:p', 'a;b=c', 'u%41', "!$&'()*+,;=:", 'a-._~'), { nil: undefined }),
    host,
    fc.option(fc.constantFrom('', '0', '80', '08', '65536', '99999', '2147483647', '2147483648', '00000000000000000001'), {
      nil: undefined,
    }),
  )
  .map(([u, h, p]) => `${u === undefined ? '' : `${u}@`}${h}${p === undefined ? '' : `:${p}`}`);
const inputs = [...new Set(fc.sample(authority, { seed, numRuns: count }).map((a) => `s://${a}/p`))];
const kinds = ask(
  java,
  javaArgs,
  inputs.map((s) => `server\t${b64(s)}`),
);
const authorityRows: Row[] = [];
let skipped = 0;
inputs.forEach((s, i) => {
  const u = tryParse(s);
  const j = kinds[i]!;
  if (u === null || j.startsWith('error')) {
    skipped++;
    return;
  }
  authorityRows.push({ input: s, oracle: j, urikit: authorityKindOf(u.href, u.writeOffsets(rec)) });
});
console.log(`authority: ${inputs.length} distinct inputs, ${skipped} rejected by urikit or java.net.URI and left out`);
unexplained += report('authority', 'java', authorityRows, (r) => r.oracle === r.urikit, classes, {}).unexplained;

// ---------------------------------------------------------------------------------------------
// compare

const part = (xs: string[]): fc.Arbitrary<string> => fc.constantFrom(...xs);
const reference = fc
  .tuple(
    part(['', 'http:', 'HTTP:', 'https:', 'ftp:', 's:', 'mailto:']),
    part(['', '//a', '//A', '//a:80', '//a:8080', '//u@a', '//U@a', '//a.b', '//[::1]', '//[0::1]', '//a_b', '//A_B', '//%41']),
    part(['', '/', '/x', '/X', '/%78', '/%7e', '/~', '/./x', '/x/../y', 'x', 'x/y', 'x@Y.com', '/a%2fb', '/a%2Fb']),
    part(['', '?', '?q', '?%71', '?Q', '?%7E']),
    part(['', '#', '#f', '#%66']),
  )
  .map(([s, a, p, q, f]) => {
    const path = a === '' && s === '' && p.includes('@') ? `./${p}` : a !== '' && p !== '' && !p.startsWith('/') ? `/${p}` : p;
    return s + a + path + q + f;
  });
const pairs = fc.sample(fc.tuple(reference, reference), { seed: seed + 1, numRuns: count });
const requests: string[] = [];
for (const [a, b] of pairs) {
  requests.push(`compare\t${b64(a)}\t${b64(b)}`);
  requests.push(`compare\t${b64(normalize(a))}\t${b64(normalize(b))}`);
}
const signs = ask(java, javaArgs, requests);
const compareRows: Row[] = [];
let javaRejects = 0;
pairs.forEach(([a, b], i) => {
  const raw = signs[2 * i]!;
  const normal = signs[2 * i + 1]!;
  if (raw.startsWith('error') || normal.startsWith('error')) {
    javaRejects++;
    return;
  }
  compareRows.push({
    input: [a, b],
    oracle: { sign: Number(raw.split('\t')[0]), normalSign: Number(normal.split('\t')[0]) },
    urikit: Math.sign(compareUris(a, b)),
  });
});
console.log(`compare: ${pairs.length} pairs, ${javaRejects} rejected by java.net.URI and left out`);
type Signs = { sign: number; normalSign: number };
unexplained += report('compare', 'java', compareRows, (r) => (r.oracle as Signs).sign === r.urikit, classes, {
  // java.net.URI compares the text as written; urikit compares normal forms, and java agrees
  // with urikit once given those.
  'java-compares-unnormalized': (r) => (r.oracle as Signs).normalSign === r.urikit,
  // A registry-based authority is compared as one string by java.net.URI, as userinfo, host, port
  // by urikit (for every authority, so that the order stays transitive).
  'java-registry-authority-text': (r) => {
    const [a, b] = (r.input as string[]).map((x) => tryParse(normalize(x))!);
    const registry = (u: NonNullable<typeof a>): boolean =>
      u.authority !== undefined && authorityKindOf(u.href, u.writeOffsets(rec)) === 'registry';
    return registry(a!) || registry(b!);
  },
}).unexplained;

// ---------------------------------------------------------------------------------------------
// construct

const printable = fc.string({
  unit: fc.oneof(
    fc.constantFrom('%', ' ', '[', ']', '#', '?', '/', '@', ':', '+', '&', '=', '"', '|'),
    fc.constantFrom('a', 'B', '1', '-', '.', '_', '~'),
  ),
  maxLength: 6,
});
const components = fc.record({
  scheme: fc.constantFrom('http', 's', 'ftp'),
  userinfo: fc.option(printable, { nil: undefined }),
  host: fc.constantFrom('h', 'a.example', '1.2.3.4', '::1', 'x-y.z'),
  port: fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }),
  path: fc.option(
    printable.map((t) => `/${t}`),
    { nil: undefined },
  ),
  query: fc.option(printable, { nil: undefined }),
  fragment: fc.option(printable, { nil: undefined }),
});
const built = fc.sample(components, { seed: seed + 2, numRuns: Math.min(count, 5000) });
const constructed = ask(
  java,
  javaArgs,
  built.map(
    (c) =>
      `new7\t${b64(c.scheme)}\t${b64(c.userinfo)}\t${b64(c.host)}\t${b64(c.port === undefined ? undefined : String(c.port))}\t${b64(c.path)}\t${b64(c.query)}\t${b64(c.fragment)}`,
  ),
);
const constructRows: Row[] = built.map((c, i) => {
  const [status, payload] = constructed[i]!.split('\t');
  let ours: string | { error: string };
  try {
    ours = buildUri(c).href;
  } catch (e) {
    ours = { error: (e as Error).name };
  }
  return { input: c, oracle: status === 'ok' ? unb64(payload!) : { error: 'URISyntaxException' }, urikit: ours };
});
unexplained += report('construct', 'java', constructRows, (r) => r.oracle === r.urikit, classes, {
  // java.net.URI leaves "[" and "]" unquoted in the query and fragment (RFC 2396's "unwise" set).
  'java-brackets-unquoted': (r) => {
    if (typeof r.oracle !== 'string' || typeof r.urikit !== 'string') return false;
    // Only in the query and fragment: in the userinfo and path java quotes them as urikit does.
    const q = r.urikit.search(/[?#]/);
    return q !== -1 && r.urikit.slice(0, q) + r.urikit.slice(q).replaceAll('%5B', '[').replaceAll('%5D', ']') === r.oracle;
  },
}).unexplained;

unexplained += checkExamples(classes, (c) => {
  if (c.op === 'construct') {
    const x = c.example as Record<string, string | undefined>;
    const [status, payload] = ask(java, javaArgs, [
      `new7\t${b64(x.scheme)}\t${b64(x.userinfo)}\t${b64(x.host)}\t-\t${b64(x.path)}\t${b64(x.query)}\t${b64(x.fragment)}`,
    ])[0]!.split('\t');
    return status === 'ok' ? unb64(payload!) : { error: 'URISyntaxException' };
  }
  const [a, b] = c.example as [string, string];
  const [raw, normal] = ask(java, javaArgs, [`compare\t${b64(a)}\t${b64(b)}`, `compare\t${b64(normalize(a))}\t${b64(normalize(b))}`]);
  return { sign: Number(raw!.split('\t')[0]), normalSign: Number(normal!.split('\t')[0]) };
});

process.exitCode = unexplained > 0 ? 1 : 0;

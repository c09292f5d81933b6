/**
 * The writing side against Ruby's Addressable (through scripts/differential/writing-addressable.rb,
 * run with `ruby`; Debian's ruby-addressable):
 *
 *   node build/scripts/differential/writing-addressable.js [--seed N] [--count N]
 *
 *   query_values     queryParams(uri, { form }) (form rules for http, https and relative
 *                    references, as Addressable applies them) against query_values(Array)
 *   heuristic_parse  heuristicParse(s).uri.href against Addressable::URI.heuristic_parse(s).to_s
 *   display_uri      uriToIri(normalize(u), { idna: true }) against display_uri.to_s
 *   normalized_host  toAsciiHost(host) against normalized_host, for internationalized hosts
 *   origin           Uri#origin against Addressable's origin (RFC 6454)
 *
 * Inputs are generated from the seed, plus the corpus URLs of bench/data for query_values and
 * heuristic_parse (the latter with their scheme taken off, as people type them). Disagreements
 * are explained by the classes of test/fixtures/divergences-writing.json ("check": "addressable").
 */
import fc from 'fast-check';
import { heuristicParse, iriToUri, normalize, parse, queryParams, toAsciiHost, tryParse, UriError, uriToIri } from '../../src/index.js';
import { divergenceClasses } from '../../test/support/divergences-writing.js';
import { args, ask, b64, checkExamples, corpusLines, REPO_ROOT, type Row, report, unb64 } from './writing.js';

const { seed, count } = args({ seed: 1, count: 5000 });
const classes = divergenceClasses('addressable');
const RUBY: [string, string[]] = ['ruby', [`${REPO_ROOT}scripts/differential/writing-addressable.rb`]];

const lines = corpusLines();

/** Addressable's answers to `op` for each input: the JSON value, or `{ error }`. */
function addressable(op: string, inputs: readonly string[]): unknown[] {
  return ask(
    RUBY[0],
    RUBY[1],
    inputs.map((s) => `${op}\t${b64(s)}`),
  ).map((line) => {
    const [status, payload] = line.split('\t');
    return status === 'ok' ? JSON.parse(unb64(payload!)) : { error: unb64(payload!) };
  });
}

const attempt = <T>(f: () => T): T | { error: string } => {
  try {
    return f();
  } catch (e) {
    if (e instanceof UriError) return { error: e.code };
    throw e;
  }
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const isError = (v: unknown): boolean => typeof v === 'object' && v !== null && 'error' in v;
let unexplained = 0;

// ---------------------------------------------------------------------------------------------
// query_values

const queryText = fc
  .array(fc.constantFrom('&', '=', '+', 'a', 'b', 'ü', '%20', '%2B', '%41', '%C3%BC', '%26', '%3D', '~', '/', '?'), { maxLength: 16 })
  .map((a) => a.join(''));
const queryUris = fc.sample(fc.tuple(fc.constantFrom('http://h/', 'https://h/p', 'foo:x', '/rel'), queryText), { seed, numRuns: count });
const queryInputs = queryUris.map(([base, q]) => `${base}?${q}`).filter((s) => tryParse(s, { iri: true }) !== null);
for (const line of lines) if (line.includes('?') && tryParse(line) !== null) queryInputs.push(line);
const queryAnswers = addressable('query_values', queryInputs);
const queryRows: Row[] = queryInputs.map((s, i) => {
  const u = parse(s, { iri: true });
  const form = u.scheme === undefined || /^https?$/i.test(u.scheme);
  const a = queryAnswers[i];
  return {
    input: s,
    oracle: Array.isArray(a) ? (a as string[][]).map((p) => [p[0], p[1] ?? '']) : a,
    urikit: [...queryParams(u, { form })],
  };
});
unexplained += report('query_values', 'addressable', queryRows, (r) => same(r.oracle, r.urikit), classes, {
  // Addressable reads "+" as a space in values only: names under RFC 3986 rules, values as a form.
  'addressable-plus-in-names': (r) => {
    const u = parse(r.input as string, { iri: true });
    const names = [...queryParams(u).keys()];
    const values = [...queryParams(u, { form: true }).values()];
    return same(
      r.oracle,
      names.map((n, i) => [n, values[i]]),
    );
  },
}).unexplained;

// ---------------------------------------------------------------------------------------------
// heuristic_parse

const typed = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'example.com',
        'www.a.org',
        'localhost',
        'http:',
        'https:',
        'HTTP:',
        '//',
        '/',
        '\\',
        ':8080',
        'bob@',
        'ü',
        'münchen.de',
        ' ',
        '?q=1',
        '#f',
        'a b',
        '1.2.3.4',
      ),
      fc.constantFrom('x', 'path', '.', '%20', '%zz'),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((a) => a.join(''));
const typedInputs = fc.sample(typed, { seed: seed + 1, numRuns: count });
for (const line of lines.slice(0, count)) {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(.*)$/i.exec(line);
  if (m !== null && m[1] !== '') typedInputs.push(m[1]!);
}
const heuristicAnswers = addressable('heuristic_parse', typedInputs);
const ours = (s: string): string | { error: string } => attempt(() => heuristicParse(s).uri.href);
const heuristicRows: Row[] = typedInputs.map((s, i) => ({ input: s, oracle: heuristicAnswers[i], urikit: ours(s) }));
unexplained += report(
  'heuristic_parse',
  'addressable',
  heuristicRows,
  (r) => same(r.oracle, r.urikit) || (isError(r.oracle) && isError(r.urikit)),
  classes,
  {
    // Addressable adds a scheme only where the first segment holds a dot; heuristicParse adds one
    // to any input that names a host.
    'addressable-keeps-scheme-less': (r) =>
      typeof r.oracle === 'string' &&
      typeof r.urikit === 'string' &&
      !/^[a-z][a-z0-9+.-]*:/i.test(r.oracle) &&
      /^(https?|mailto):/.test(r.urikit),
    // "localhost:8080": Addressable reads the host as a scheme.
    'addressable-host-port-as-scheme': (r) => {
      const scheme = typeof r.oracle === 'string' ? /^([^:/?#]*):/.exec(r.oracle)?.[1] : undefined;
      return scheme !== undefined && typeof r.urikit === 'string' && tryParse(r.urikit)?.host?.toLowerCase() === scheme.toLowerCase();
    },
    // "http:x" and "http:.": the "//" of a scheme that always has an authority is restored.
    'http-without-slashes': (r) => /^(https?|wss?|ftp):[^/]/i.test((r.input as string).trim()),
    // "", "//" and "http:" alone name no host: no typed URL.
    'no-host': (r) => same(r.urikit, { error: 'INVALID_COMPONENT' }),
    // "x:a.b": Addressable makes a dotted path the host of a URI with any scheme.
    'addressable-path-as-host': (r) => {
      const u = typeof r.urikit === 'string' ? tryParse(r.urikit) : null;
      return (
        typeof r.oracle === 'string' && /^[^:/?#]+:\/\//.test(r.oracle) && u !== null && u.scheme !== undefined && u.authority === undefined
      );
    },
    // ".." and "..x": a dot-segment, kept as a relative reference.
    'dot-segment-start': (r) =>
      typeof r.urikit === 'string' && (r.input as string).trim().startsWith('.') && r.urikit === ours(r.input as string),
    // Addressable makes anything with "@" and "." in its path a mailto: URI.
    'addressable-mailto-guess': (r) =>
      typeof r.oracle === 'string' && r.oracle.startsWith('mailto:') && typeof r.urikit === 'string' && !r.urikit.startsWith('mailto:'),
    // Addressable lower-cases the scheme and drops an empty port: the same URI (§6.2.2.1, §6.2.3).
    'addressable-normalizes': (r) =>
      typeof r.oracle === 'string' &&
      typeof r.urikit === 'string' &&
      tryParse(r.oracle) !== null &&
      normalize(r.oracle) === normalize(r.urikit),
    // Addressable leaves spaces, non-ASCII, "\" and bad "%" in its answer, which is then no URI;
    // repairing its answer gives urikit's (up to §6 normalization, which Addressable applies to some).
    'addressable-leaves-invalid': (r) => {
      if (typeof r.oracle !== 'string' || typeof r.urikit !== 'string' || tryParse(r.oracle) !== null) return false;
      const repaired = ours(r.oracle);
      return typeof repaired === 'string' && normalize(repaired) === normalize(r.urikit);
    },
    // Addressable rejects "\" in the host, a "%" that begins no encoding and a scheme it cannot
    // read; heuristicParse repairs them.
    'addressable-rejects-repairable': (r) => isError(r.oracle) && typeof r.urikit === 'string',
    // A Unicode host with a space or a "%" in it has no A-label form: urikit throws, Addressable
    // returns the text.
    'idna-host-rejected': (r) =>
      typeof r.oracle === 'string' &&
      isError(r.urikit) &&
      ['INVALID_HOST', 'INVALID_PERCENT_ENCODING', 'INVALID_CHAR'].includes((r.urikit as { error: string }).error),
    // A port of letters: no URI; Addressable returns the text (or reads it as something else).
    'invalid-port': (r) => typeof r.oracle === 'string' && same(r.urikit, { error: 'INVALID_PORT' }),
    // "a.b:c": an absolute URI kept as it is, where Addressable reads host "a.b" and port "c".
    'absolute-uri-kept': (r) => {
      const u = typeof r.urikit === 'string' ? tryParse(r.urikit) : null;
      const o = typeof r.oracle === 'string' ? tryParse(r.oracle, { lenient: true }) : null;
      return u?.scheme !== undefined && u.authority === undefined && o?.host?.toLowerCase() === u.scheme.toLowerCase();
    },
  },
).unexplained;

// ---------------------------------------------------------------------------------------------
// display_uri and normalized_host

const unicodeLabel = fc
  .array(fc.constantFrom(...'abcüßçΣςж中文한אعر'.split('')), { minLength: 1, maxLength: 5 })
  .map((a) => a.join(''))
  .filter((l) => attempt(() => toAsciiHost(l)) !== null && typeof attempt(() => toAsciiHost(l)) === 'string');
const unicodeHost = fc.array(unicodeLabel, { minLength: 1, maxLength: 3 }).map((a) => `${a.join('.')}.com`);
const hostInputs = fc.sample(unicodeHost, { seed: seed + 2, numRuns: count });
const hostAnswers = addressable(
  'normalized_host',
  hostInputs.map((h) => `http://${h}/`),
);
const hostRows: Row[] = hostInputs.map((h, i) => ({ input: h, oracle: hostAnswers[i], urikit: attempt(() => toAsciiHost(h)) }));
unexplained += report('normalized_host', 'addressable', hostRows, (r) => same(r.oracle, r.urikit), classes, {}).unexplained;

const pathPiece = fc.constantFrom('a', '%C3%BC', '%c3%bc', '%E2%80%AE', '%20', '%2F', '%41', '%FC', '%E2%82%AC', 'x%2Fy');
const displayUri = fc
  .tuple(fc.constantFrom(...hostInputs.slice(0, 50)), fc.array(pathPiece, { maxLength: 4 }), fc.array(pathPiece, { maxLength: 2 }))
  .map(([h, p, q]) => `http://${toAsciiHost(h)}/${p.join('')}${q.length > 0 ? `?${q.join('')}` : ''}`);
const displayInputs = fc.sample(displayUri, { seed: seed + 3, numRuns: count });
const displayAnswers = addressable('display_uri', displayInputs);
const displayRows: Row[] = displayInputs.map((s, i) => ({
  input: s,
  oracle: displayAnswers[i],
  urikit: uriToIri(normalize(s), { idna: true }),
}));
unexplained += report('display_uri', 'addressable', displayRows, (r) => same(r.oracle, r.urikit), classes, {
  // display_uri shows the host in Unicode but leaves the path's UTF-8 encoded; mapped back to
  // URIs, the two are the same.
  'addressable-display-keeps-percent': (r) =>
    typeof r.oracle === 'string' &&
    parse(r.oracle, { iri: true }).host === parse(r.urikit as string, { iri: true }).host &&
    normalize(iriToUri(r.oracle, { idna: true })) === normalize(iriToUri(r.urikit as string, { idna: true })),
  // Addressable's normalization decodes %2F: in the query always, in the path when it holds
  // bytes that are not UTF-8.
  'addressable-decodes-reserved': (r) => {
    if (typeof r.oracle !== 'string') return false;
    const theirs = normalize(iriToUri(r.oracle, { idna: true }));
    const mine = normalize(iriToUri(r.urikit as string, { idna: true }));
    const q = mine.indexOf('?');
    return theirs === mine.replaceAll('%2F', '/') || (q !== -1 && theirs === mine.slice(0, q) + mine.slice(q).replaceAll('%2F', '/'));
  },
}).unexplained;

// ---------------------------------------------------------------------------------------------
// origin

const originUri = fc
  .tuple(
    fc.constantFrom('http', 'HTTPS', 'ftp', 'ws', 'foo', 'file', 'mailto'),
    fc.constantFrom('//', ''),
    fc.constantFrom('', 'u@', 'u:p@'),
    fc.constantFrom('a.example', 'A.Example', '[::1]', '[0:0::1]', '1.2.3.4', '%41b', ''),
    fc.constantFrom('', ':', ':80', ':443', ':21', ':8080', ':080'),
    fc.constantFrom('', '/', '/p?q#f'),
  )
  .map(([sc, slashes, u, h, p, path]) => (slashes === '' ? `${sc}:${h === '' ? 'x' : h}${path}` : `${sc}://${u}${h}${p}${path}`))
  .filter((s) => tryParse(s) !== null);
const originInputs = [...new Set(fc.sample(originUri, { seed: seed + 4, numRuns: count }))];
const originAnswers = addressable('origin', originInputs);
const originRows: Row[] = originInputs.map((s, i) => ({ input: s, oracle: originAnswers[i], urikit: parse(s).origin }));
unexplained += report('origin', 'addressable', originRows, (r) => same(r.oracle, r.urikit), classes, {
  // An empty host names no origin; Addressable serializes "scheme://" (or raises).
  'origin-empty-host': (r) =>
    r.urikit === 'null' && (isError(r.oracle) || (typeof r.oracle === 'string' && /^[a-z]+:\/\/(:\d*)?$/.test(r.oracle))),
  // The same origin, which urikit writes in normal form: host case, RFC 5952 IPv6, ws's port 80.
  'origin-normal-form': (r) =>
    typeof r.oracle === 'string' && r.urikit !== 'null' && normalize(`${r.oracle}/`) === normalize(`${r.urikit}/`),
}).unexplained;

unexplained += checkExamples(classes, (c) => {
  const a = addressable(c.op, [c.example as string])[0];
  return c.op === 'query_values' && Array.isArray(a) ? (a as string[][]).map((p) => [p[0], p[1] ?? '']) : a;
});

process.exitCode = unexplained > 0 ? 1 : 0;

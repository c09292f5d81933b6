/**
 * The writing side against Node's own URL and URLSearchParams (the WHATWG URL Standard):
 *
 *   node build/scripts/differential/writing-whatwg.js [--seed N] [--count N]
 *
 *   query-form   queryParams(q, { form: true }) against [...new URLSearchParams(q)]: generated
 *                queries, and the query of every corpus URL (bench/data)
 *   format-form  formatQuery(pairs, { form: true }) against new URLSearchParams(pairs).toString()
 *   idna         toAsciiHost(h) against new URL(`http://${h}/`).hostname: generated hosts, and the
 *                host of every corpus URL
 *
 * Disagreements are explained by the classes of test/fixtures/divergences-writing.json
 * ("check": "whatwg"); whatwg-url, the Standard's reference implementation, answers beside Node
 * where the two differ.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { formatQuery, queryParams, toAsciiHost, tryParse, UriError } from '../../src/index.js';
import { divergenceClasses } from '../../test/support/divergences-writing.js';
import { codePoint } from '../../test/support/hostile.js';
import { args, checkExamples, corpusLines, type Row, report } from './writing.js';

const whatwg = createRequire(import.meta.url)('whatwg-url') as { URLSearchParams: typeof URLSearchParams };
const { seed, count } = args({ seed: 1, count: 20000 });
const classes = divergenceClasses('whatwg');

const lines = corpusLines();

const attempt = <T>(f: () => T): T | { error: string } => {
  try {
    return f();
  } catch (e) {
    if (e instanceof UriError) return { error: e.code };
    if (e instanceof TypeError) return { error: 'TypeError' };
    throw e;
  }
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** The string with each lone surrogate as U+FFFD (a USVString, as WebIDL converts it). */
const wellFormed = (s: string): string => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

// ---------------------------------------------------------------------------------------------
// query-form

const queryText = fc
  .array(
    fc.oneof(
      {
        arbitrary: fc.constantFrom('&', '=', '+', ';', '%', '%2', '%41', '%C3%BC', '%C3', '%E2%82', '%FF', '%zz', '?', ' ', '%20', '%2B'),
        weight: 4,
      },
      { arbitrary: fc.constantFrom('a', 'b', 'A', '0', 'ü', '€', '😀', '~', '/', '\uD800'), weight: 4 },
      { arbitrary: fc.string({ unit: codePoint, maxLength: 3 }), weight: 1 },
    ),
    { maxLength: 24 },
  )
  .map((a) => a.join(''));

const queries = [...fc.sample(queryText, { seed, numRuns: count })];
for (const line of lines) {
  const u = tryParse(line, { lenient: true });
  if (u?.query !== undefined) queries.push(u.query);
}
const queryRows: Row[] = queries.map((q) => ({
  input: q,
  oracle: [...new URLSearchParams(q)],
  urikit: [...queryParams(q, { form: true })],
}));
let unexplained = report('query-form', 'node', queryRows, (r) => same(r.oracle, r.urikit), classes, {
  // Node 20's URLSearchParams misreads an incomplete UTF-8 sequence followed by a non-ASCII
  // character; the reference implementation reads it as urikit does.
  'node-urlsearchparams-bad-utf8': (r) =>
    wellFormed(r.input as string) === r.input && same([...new whatwg.URLSearchParams(r.input as string)], r.urikit),
  // A lone surrogate: a USVString conversion makes it U+FFFD before anything is decoded; with
  // the input well formed, urikit answers as the reference implementation does.
  'lone-surrogate-read': (r) => {
    const s = wellFormed(r.input as string);
    return s !== r.input && same([...new whatwg.URLSearchParams(s)], [...queryParams(s, { form: true })]);
  },
}).unexplained;

// ---------------------------------------------------------------------------------------------
// format-form

const pairList = fc.array(
  fc.tuple(
    fc.oneof(fc.string({ unit: codePoint, maxLength: 6 }), fc.constantFrom('a b', '+', '&', '=', '~*', '\uD800')),
    fc.oneof(fc.string({ unit: codePoint, maxLength: 6 }), fc.constantFrom('a b', '+', '%', '&=#', "!'()*", '\uDC00x')),
  ),
  { maxLength: 5 },
);
const formatRows: Row[] = fc.sample(pairList, { seed: seed + 1, numRuns: count }).map((list) => ({
  input: list,
  oracle: new URLSearchParams(list).toString(),
  urikit: attempt(() => formatQuery(list, { form: true })),
}));
unexplained += report('format-form', 'node', formatRows, (r) => r.oracle === r.urikit, classes, {
  // A lone surrogate has no UTF-8 form: urikit throws where URLSearchParams writes U+FFFD.
  'lone-surrogate-write': (r) =>
    same(r.urikit, { error: 'INVALID_CHAR' }) && (r.input as string[][]).some((p) => p.some((x) => /[\uD800-\uDFFF]/.test(x))),
}).unexplained;

// ---------------------------------------------------------------------------------------------
// idna

const labelChar = fc.constantFrom(
  ...'abcXYZ019-_~!$'.split(''),
  ...'üßçñøÆÜΣςσΑαЖжשאعربي中文日本語한국ａＢ１．'.split(''),
  '\u200D',
  '\u0301',
  '😀',
  '%C3%BC',
  '%41',
  '%2F',
  'xn--',
  'xn--mnchen-3ya',
  'xn--zz',
);
const label = fc.oneof(
  fc.array(labelChar, { minLength: 1, maxLength: 6 }).map((a) => a.join('')),
  fc.constantFrom('0', '1', '255', '0x7f', '08', 'com', ''),
);
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((a) => a.join('.'));
const hosts = [...fc.sample(host, { seed: seed + 2, numRuns: count })];
for (const line of lines) {
  const u = tryParse(line, { lenient: true });
  if (u?.host !== undefined && u.host !== '' && u.hostType === 'reg-name') hosts.push(u.host);
}
const urlHost = (h: string): string | { error: string } => {
  try {
    return new URL(`http://${h}/`).hostname;
  } catch {
    return { error: 'TypeError' };
  }
};
const idnaRows: Row[] = hosts.map((h) => ({ input: h, oracle: urlHost(h), urikit: attempt(() => toAsciiHost(h)) }));
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;
unexplained += report(
  'idna',
  'node',
  idnaRows,
  (r) => same(r.oracle, r.urikit) || (typeof r.oracle !== 'string' && typeof r.urikit !== 'string'),
  classes,
  {
    // The WHATWG host parser reads a last label that is a number as IPv4 (or fails on a bad one).
    'whatwg-ipv4-reading': (r) => {
      // UTS #46 maps the full-width and ideographic full stops to ".".
      const labels = (r.input as string).normalize('NFKC').split(/[.\u3002\uff0e\uff61]/);
      if (labels.length > 1 && labels[labels.length - 1] === '') labels.pop();
      const numeric = /^(0x[0-9a-f]*|\d+)$/i.test(labels[labels.length - 1]!);
      return numeric && (typeof r.oracle !== 'string' || IPV4.test(r.oracle));
    },
    'empty-host': (r) => r.input === '',
    'reg-name-grammar': (r) =>
      same(r.urikit, { error: 'INVALID_CHAR' }) && /[^A-Za-z0-9\-._~!$&'()*+,;=%\u0080-\uffff]/.test(r.input as string),
  },
).unexplained;

unexplained += checkExamples(classes, (c) => {
  if (c.op === 'query-form') return [...new URLSearchParams(c.example as string)];
  if (c.op === 'format-form') return new URLSearchParams(c.example as [string, string][]).toString();
  return urlHost(c.example as string);
});

process.exitCode = unexplained > 0 ? 1 : 0;

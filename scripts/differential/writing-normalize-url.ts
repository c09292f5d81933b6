/**
 * The dedupe preset against normalize-url (the npm package crawlers use), set as close to the
 * preset as its options allow: every URL of the corpora (bench/data), read leniently as a crawler
 * reads pages.
 *
 *   node build/scripts/differential/writing-normalize-url.js
 *
 * normalize-url's options: test/support/normalize-url.ts. Disagreements are
 * explained by the classes of test/fixtures/divergences-writing.json ("check": "normalize-url").
 */
import normalizeUrl from 'normalize-url';
import { DEDUPE_PRESET, normalize } from '../../src/index.js';
import { divergenceClasses } from '../../test/support/divergences-writing.js';
import { NORMALIZE_URL_OPTIONS } from '../../test/support/normalize-url.js';
import { checkExamples, corpusLines, type Row, report } from './writing.js';

/** The preset, reading URLs as a crawler reads pages. */
export const PRESET = { ...DEDUPE_PRESET, lenient: true };

const attempt = (f: () => string): string | { error: string } => {
  try {
    return f();
  } catch (e) {
    return { error: (e as Error).name };
  }
};

const classes = divergenceClasses('normalize-url');
const lines = corpusLines().filter((s) => /^[a-z][a-z0-9+.-]*:/i.test(s));
const rows: Row[] = lines.map((s) => ({
  input: s,
  oracle: attempt(() => normalizeUrl(s, NORMALIZE_URL_OPTIONS)),
  urikit: attempt(() => normalize(s, PRESET)),
}));

/** `theirs` is `ours` with `f` applied to it. */
const via = (f: (s: string) => string) => (r: Row) =>
  typeof r.urikit === 'string' && typeof r.oracle === 'string' && f(r.urikit) === r.oracle;
/** decodeURI, or the text as it is where decodeURI refuses it (bytes that are not UTF-8). */
const decoded = (s: string): string => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};
const splitQuery = (s: string): [string, string] => {
  const q = s.indexOf('?');
  return q === -1 ? [s, ''] : [s.slice(0, q), s.slice(q + 1)];
};
const formPairs = (q: string): string => JSON.stringify([...new URLSearchParams(q)]);

const unexplained = report('crawler-preset', 'normalize-url', rows, (r) => r.oracle === r.urikit, classes, {
  // normalize-url writes an empty path at the root as nothing.
  'normalize-url-root-slash': via((s) => s.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)\/(?=$|\?)/i, '$1')),
  // normalize-url writes the query again with URLSearchParams.
  'normalize-url-form-query': (r) => {
    if (typeof r.urikit !== 'string' || typeof r.oracle !== 'string') return false;
    const [a, qa] = splitQuery(r.urikit);
    const [b, qb] = splitQuery(r.oracle);
    return (a === b || a.replace(/\/$/, '') === b) && formPairs(qa) === formPairs(qb);
  },
  // normalize-url decodes the path and query with decodeURI.
  'normalize-url-decodes': via((s) => decoded(s).replace(/[\t\n\r]/g, '')),
  // normalize-url removes a host's trailing dot.
  'normalize-url-host-dot': via((s) => s.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)\.(?=[/?#:]|$)/i, '$1')),
  // normalize-url collapses runs of "/" in the path.
  'normalize-url-slashes': via((s) => s.replace(/(?<!:)\/\/+/g, '/')),
  // WHATWG reads "\" as "/" in an http(s) URL; a lenient parse keeps it a character (%5C).
  'whatwg-backslash': via((s) =>
    decoded(s.replaceAll('%5C', '/'))
      .replace(/[ "<>`{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/(?<!:)\/\/+/g, '/'),
  ),
  // RFC 3986 allows an empty host (https:///), the WHATWG parser refuses it for https.
  'normalize-url-empty-host': (r) =>
    typeof r.urikit === 'string' && typeof r.oracle !== 'string' && /^[a-z]+:\/\/\/?$/i.test(r.input as string),
  // WHATWG keeps '"' in a host; RFC 3986 has no '"' in a reg-name, and a lenient parse encodes it.
  'whatwg-quote-in-host': via((s) => s.replace('%22', '"')),
});

const stale = checkExamples(classes, (c) => attempt(() => normalizeUrl(c.example as string, NORMALIZE_URL_OPTIONS)));
process.exitCode = unexplained.unexplained + stale > 0 ? 1 : 0;

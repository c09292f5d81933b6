/**
 * The macro suites: scan, isValid, parse + reads, resolve, normalize, each over real corpora
 * (bench/data) against the peers of peers.ts. `resolve` and `normalize` join in by themselves as
 * soon as src/index.ts exports them (looked up on the namespace, so the bench builds without).
 */

import * as cheerio from 'cheerio';
import { LINE_COMMANDS } from '../src/cli/commands/index.js';
import { LinksCommand, type LinksSettings, linksCommand } from '../src/cli/commands/links.js';
import { configure } from '../src/cli/options/arguments.js';
import * as lib from '../src/index.js';
import {
  isValid,
  isValidWeb,
  LineScanner,
  OFFSETS_LENGTH,
  parse,
  parseRequestTarget,
  parseWeb,
  Slot,
  scan,
  scanRequestTarget,
} from '../src/index.js';
import { LinkExtractor } from '../src/links/extract.js';
import { loadPackages } from '../src/links/packages.js';
import { CHAR_CLASS } from '../src/syntax/tables.js';
import type { Workload } from './corpus.js';
import type { Candidate, Item1, Item2 } from './harness.js';
import { fastUri, legacyParse, legacyResolve, URLParse, uriJs, whatwgUrl } from './peers.js';

const api = lib as unknown as Record<string, unknown>;
type ResolveFn = (base: string, reference: string) => string;
type NormalizeFn = (input: string) => string;
/** urikit's `resolve`, once src/index.ts exports it. */
export const urikitResolve = typeof api.resolve === 'function' ? (api.resolve as ResolveFn) : undefined;
/** urikit's `normalize`, once src/index.ts exports it. */
export const urikitNormalize = typeof api.normalize === 'function' ? (api.normalize as NormalizeFn) : undefined;

/** whatwg-url runs over every WHATWG_STRIDE-th input only: it is some 20-50× slower than the rest. */
export const WHATWG_STRIDE = 16;

// ---------------------------------------------------------------------------------------------
// The ceiling: the least work a table-driven JavaScript tokenizer can do per character, one
// Uint8Array lookup per code unit (a 64 Ki-entry table holding CHAR_CLASS for ASCII, so that not
// even the `c < 0x80` test of scan remains) and an addition so that the loads are not dead.

const CEILING_TABLE = new Uint8Array(0x10000).fill(0xff);
CEILING_TABLE.set(CHAR_CLASS.subarray(0, 0x80));

/** Sums the class of every code unit: the table loop that scan is compared with. */
export function tableLoop(s: string): number {
  let acc = 0;
  const len = s.length;
  for (let i = 0; i < len; i++) acc += CEILING_TABLE[s.charCodeAt(i)]!;
  return acc;
}

// ---------------------------------------------------------------------------------------------

/** One offsets record reused for every call, as a log pipeline would. */
const record = new Uint32Array(OFFSETS_LENGTH);

const len = (s: string | null | undefined): number => (s === undefined || s === null ? 0 : s.length);

export interface Suite {
  name: string;
  /** What the table's rate counts. */
  unit: string;
  /** Which corpora the suite runs on. */
  kinds: ReadonlyArray<'absolute' | 'relative' | 'pairs' | 'pages' | 'log'>;
  /** The candidates for one corpus, urikit's (`own`) first; empty when urikit lacks the function. */
  candidates(c: { base?: string | undefined }): Candidate[];
  /** Why the suite cannot run yet, if so. */
  missing?: () => string | undefined;
}

const scanSuite: Suite = {
  name: 'scan',
  unit: 'URLs/s',
  kinds: ['absolute', 'relative'],
  candidates: () => [
    { name: 'urikit scan', own: true, fn: ((s) => (scan(s, record) === 0 ? record[Slot.PATH_START]! : -1)) as Item1 },
    { name: 'table loop (ceiling)', fn: tableLoop as Item1 },
    { name: 'fast-uri parse', fn: ((s) => (fastUri.parse(s).error ? -1 : 0)) as Item1 },
  ],
};

const isValidSuite: Suite = {
  name: 'isValid',
  unit: 'URLs/s',
  kinds: ['absolute', 'relative'],
  candidates: (c) => {
    const base = c.base;
    return [
      { name: 'urikit isValid', own: true, fn: ((s) => (isValid(s) ? 0 : -1)) as Item1 },
      base === undefined
        ? { name: 'URL.canParse(s)', fn: ((s) => (URL.canParse(s) ? 0 : -1)) as Item1 }
        : { name: 'URL.canParse(s, base)', fn: ((s) => (URL.canParse(s, base) ? 0 : -1)) as Item1 },
    ];
  },
};

const parseSuite: Suite = {
  name: 'parse',
  unit: 'URLs/s',
  kinds: ['absolute', 'relative'],
  candidates: (c) => {
    const base = c.base;
    const withBase = base === undefined ? '' : ', base';
    return [
      {
        name: 'urikit parse + reads',
        own: true,
        fn: ((s) => {
          const u = parse(s);
          return len(u.host) + u.path.length + len(u.query);
        }) as Item1,
      },
      {
        name: `new URL(s${withBase}) + reads`,
        fn: (base === undefined
          ? (s) => {
              const u = new URL(s);
              return u.hostname.length + u.pathname.length + u.search.length;
            }
          : (s) => {
              const u = new URL(s, base);
              return u.hostname.length + u.pathname.length + u.search.length;
            }) as Item1,
      },
      {
        name: 'url.parse + reads',
        fn: ((s) => {
          const u = legacyParse(s);
          return len(u.hostname) + len(u.pathname) + len(u.search);
        }) as Item1,
      },
      {
        name: 'fast-uri parse + reads',
        fn: ((s) => {
          const u = fastUri.parse(s);
          if (u.error) return -1;
          return len(u.host) + len(u.path) + len(u.query);
        }) as Item1,
      },
      {
        name: 'uri-js parse + reads',
        fn: ((s) => {
          const u = uriJs.parse(s);
          if (u.error) return -1;
          return len(u.host) + len(u.path) + len(u.query);
        }) as Item1,
      },
      {
        name: 'url-parse + reads',
        fn: ((s) => {
          const u = new URLParse(s);
          return u.hostname.length + u.pathname.length + u.query.length;
        }) as Item1,
      },
      {
        name: `whatwg-url URL(s${withBase}) + reads`,
        stride: WHATWG_STRIDE,
        fn: (base === undefined
          ? (s) => {
              const u = new whatwgUrl.URL(s);
              return u.hostname.length + u.pathname.length + u.search.length;
            }
          : (s) => {
              const u = new whatwgUrl.URL(s, base);
              return u.hostname.length + u.pathname.length + u.search.length;
            }) as Item1,
      },
    ];
  },
};

const resolveSuite: Suite = {
  name: 'resolve',
  unit: 'pairs/s',
  kinds: ['pairs'],
  missing: () => (urikitResolve === undefined ? 'src/index.ts does not export resolve yet' : undefined),
  candidates: () => {
    const resolve = urikitResolve;
    if (resolve === undefined) return [];
    return [
      { name: 'urikit resolve(base, ref)', own: true, fn: ((b, r) => resolve(b, r).length) as Item2 },
      { name: 'new URL(ref, base).href', fn: ((b, r) => new URL(r, b).href.length) as Item2 },
      { name: 'url.resolve(base, ref)', fn: ((b, r) => legacyResolve(b, r).length) as Item2 },
      { name: 'fast-uri resolve', fn: ((b, r) => fastUri.resolve(b, r).length) as Item2 },
      { name: 'uri-js resolve', fn: ((b, r) => uriJs.resolve(b, r).length) as Item2 },
      { name: 'url-parse(ref, base).href', fn: ((b, r) => new URLParse(r, b).href.length) as Item2 },
      {
        name: 'whatwg-url URL(ref, base).href',
        stride: WHATWG_STRIDE,
        fn: ((b, r) => new whatwgUrl.URL(r, b).href.length) as Item2,
      },
    ];
  },
};

const normalizeSuite: Suite = {
  name: 'normalize',
  unit: 'URLs/s',
  kinds: ['absolute'],
  missing: () => (urikitNormalize === undefined ? 'src/index.ts does not export normalize yet' : undefined),
  candidates: () => {
    const normalize = urikitNormalize;
    if (normalize === undefined) return [];
    return [
      { name: 'urikit normalize(s)', own: true, fn: ((s) => normalize(s).length) as Item1 },
      { name: 'new URL(s).href', fn: ((s) => new URL(s).href.length) as Item1 },
      { name: 'url.parse(s).href', fn: ((s) => legacyParse(s).href.length) as Item1 },
      { name: 'fast-uri normalize', fn: ((s) => fastUri.normalize(s).length) as Item1 },
      { name: 'uri-js normalize', fn: ((s) => uriJs.normalize(s).length) as Item1 },
      { name: 'url-parse(s).href', fn: ((s) => new URLParse(s).href.length) as Item1 },
      { name: 'whatwg-url URL(s).href', stride: WHATWG_STRIDE, fn: ((s) => new whatwgUrl.URL(s).href.length) as Item1 },
    ];
  },
};

/**
 * Request targets as a proxy meets them (origin-form paths of a real site's log): urikit's
 * parseRequestTarget with the Host header (its target URI and path read), its zero-allocation
 * scanner, and the idiom of Node proxies, `new URL(req.url, 'http://' + host)`.
 */
const targetsSuite: Suite = {
  name: 'targets',
  unit: 'targets/s',
  kinds: ['relative'],
  candidates: ({ base }) => {
    const host = new URL(base!).host;
    const options = { host };
    return [
      {
        name: 'urikit parseRequestTarget(t, { host }) + targetUri, path',
        own: true,
        fn: ((s) => {
          const t = parseRequestTarget(s, options);
          return t.targetUri!.length + t.uri.path.length;
        }) as Item1,
      },
      { name: 'urikit scanRequestTarget(t, record)', fn: ((s) => scanRequestTarget(s, record)) as Item1 },
      {
        name: "new URL(t, 'http://' + host) + href, pathname",
        fn: ((s) => {
          const u = new URL(s, `http://${host}`);
          return u.href.length + u.pathname.length;
        }) as Item1,
      },
    ];
  },
};

/**
 * `urikit links` on HTML pages (bench/html.ts): the links command's work for each page, from its
 * bytes as the command reads them (encoding sniffed, UTF-8 decoded, every link kind, `<base href>`,
 * §5.1 base, resolution, the output lines), against a script doing `cheerio.load(html)('a[href]')`
 * and `new URL(href, base)` (a[href] only, no <base>, the page as text).
 */
await loadPackages();
const linksSuite: Suite = {
  name: 'links',
  unit: 'pages/s',
  kinds: ['pages'],
  candidates: ({ base }) => {
    const config = configure(linksCommand, ['-q', '--base', base!], LINE_COMMANDS) as LinksSettings;
    const cmd = new LinksCommand(config);
    const bytes = new Map<string, Buffer>();
    return [
      {
        name: 'urikit links (bytes, HTML tokenizer, §5.1 base, resolve, output)',
        own: true,
        fn: ((page) => {
          let b = bytes.get(page);
          if (b === undefined) bytes.set(page, (b = Buffer.from(page)));
          cmd.pageStart(base!, base!);
          const x = new LinkExtractor({ base: base! }, (l) => cmd.link(l, x.document));
          x.write(b);
          x.end();
          cmd.pageEnd(x.document);
          return cmd.out.take().length;
        }) as Item1,
      },
      {
        name: "cheerio.load(html)('a[href]') + new URL(href, base)",
        fn: ((page) => {
          const $ = cheerio.load(page);
          let n = 0;
          $('a[href]').each((_, el) => {
            try {
              n += new URL($(el).attr('href')!, base).href.length;
            } catch {
              n++;
            }
          });
          return n;
        }) as Item1,
      },
    ];
  },
};

/** The Buffer of a `log` workload (corpus.ts loadLogUris). */
const bufferOf = (w: Workload): Buffer => (w as Workload & { buffer: Buffer }).buffer;

const linesSuite: Suite = {
  name: 'lines',
  unit: 'URLs/s',
  kinds: ['log'],
  candidates: () => [
    {
      name: 'urikit LineScanner over the Buffer, reading each host',
      own: true,
      pass: (w) => {
        let ok = 0;
        const lines = new LineScanner(bufferOf(w));
        while (lines.next()) if (lines.code === 0 && lines.host !== '\u0000') ok++;
        return ok;
      },
    },
    {
      name: 'urikit LineScanner over the Buffer (scan only)',
      pass: (w) => {
        let ok = 0;
        const lines = new LineScanner(bufferOf(w));
        while (lines.next()) if (lines.code === 0) ok++;
        return ok;
      },
    },
    {
      name: 'URL.canParse(line) over the lines already split into strings',
      pass: (w) => {
        let ok = 0;
        for (const line of w.a) if (URL.canParse(line)) ok++;
        return ok;
      },
    },
    {
      name: 'toString + split + URL.canParse(line)',
      pass: (w) => {
        let ok = 0;
        for (const line of bufferOf(w).toString().split('\n')) if (URL.canParse(line)) ok++;
        return ok;
      },
    },
  ],
};

/**
 * The URL Standard: parseWeb + host, path, query against `new URL` + the same, and whatwg-url, the
 * standard's reference implementation. Absolute corpora alone, the relative one against its base,
 * and the pairs (each reference against its page's base).
 */
const webSuite: Suite = {
  name: 'web',
  unit: 'URLs/s',
  kinds: ['absolute', 'relative', 'pairs'],
  candidates: ({ base }) => {
    const reads = (u: { host: string | undefined; path: string; query: string | undefined }): number =>
      len(u.host) + u.path.length + len(u.query);
    const urlReads = (u: { hostname: string; pathname: string; search: string }): number =>
      u.hostname.length + u.pathname.length + u.search.length;
    // A pairs workload calls fn(base, reference); the others fn(input), against the corpus's base if any.
    return [
      {
        name: 'urikit parseWeb + reads',
        own: true,
        fn: ((a: string, b?: string) => (b === undefined ? reads(parseWeb(a, base)) : reads(parseWeb(b, a)))) as Item2,
      },
      {
        name: 'new URL + reads',
        fn: ((a: string, b?: string) => (b === undefined ? urlReads(new URL(a, base)) : urlReads(new URL(b, a)))) as Item2,
      },
      {
        name: 'urikit isValidWeb',
        fn: ((a: string, b?: string) => ((b === undefined ? isValidWeb(a, base) : isValidWeb(b, a)) ? 0 : -1)) as Item2,
      },
      {
        name: 'URL.canParse',
        fn: ((a: string, b?: string) => ((b === undefined ? URL.canParse(a, base) : URL.canParse(b, a)) ? 0 : -1)) as Item2,
      },
      {
        name: 'whatwg-url URL + reads',
        stride: WHATWG_STRIDE,
        fn: ((a: string, b?: string) =>
          b === undefined ? urlReads(new whatwgUrl.URL(a, base)) : urlReads(new whatwgUrl.URL(b, a))) as Item2,
      },
    ];
  },
};

export const SUITES: readonly Suite[] = [
  scanSuite,
  isValidSuite,
  parseSuite,
  resolveSuite,
  normalizeSuite,
  targetsSuite,
  linksSuite,
  linesSuite,
  webSuite,
];

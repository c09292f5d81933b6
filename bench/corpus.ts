/**
 * The benchmark's inputs: the corpus files of bench/data (see its README for origins and
 * licences), read once into arrays of lines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { longUrls } from './traffic/urls.js';

/** bench/data, seen from build/bench/*.js (and from bench/*.ts when run from source). */
const DATA = new URL(import.meta.url.includes('/build/bench/') ? '../../bench/data/' : './data/', import.meta.url);

/** A list of inputs: one string per call (`a`), or a pair (`a[i]`, `b[i]`) per call. */
export interface Workload {
  name: string;
  a: string[];
  b?: string[] | undefined;
  /** UTF-8 bytes of all inputs (both strings of a pair), without the line breaks. */
  bytes: number;
}

/** A corpus of URLs or URI references, one per line. */
export interface Corpus extends Workload {
  file: string;
  /** `absolute`: every line should be an absolute URL; `relative`: origin-form references. */
  kind: 'absolute' | 'relative';
  /** For a relative corpus: the base that parsers accepting only absolute URLs are given. */
  base?: string;
}

export interface CorpusSpec {
  name: string;
  file: string;
  /** `log`: the URIs of an access log, one per line in one Buffer (see loadLogUris). */
  kind: 'absolute' | 'relative' | 'pairs' | 'pages' | 'log';
  base?: string;
  /** Part of `--quick` runs. */
  quick: boolean;
  /** The folder of `file`, when it is not bench/data. */
  dir?: URL;
  /** The lines, when they are generated (by the module `file` names) rather than read. */
  generate?: () => string[];
}

/**
 * A folder with corpora that bench/data leaves out for their licences (see its README), read
 * when it is given: `URIKIT_BENCH_CORPORA=DIR npm run bench`. It may hold
 * `local_debian_urls.txt` and `relref_local_html_pairs.tsv` from the project's shared corpus
 * collection; whichever is there joins the run as `debian` and `local_pairs`.
 */
function extraCorpora(): CorpusSpec[] {
  const dir = process.env.URIKIT_BENCH_CORPORA;
  if (dir === undefined || dir === '') return [];
  const url = pathToFileURL(dir.endsWith('/') ? dir : `${dir}/`);
  const specs: CorpusSpec[] = [
    { name: 'debian', file: 'local_debian_urls.txt', kind: 'absolute', quick: false, dir: url },
    { name: 'local_pairs', file: 'relref_local_html_pairs.tsv', kind: 'pairs', quick: false, dir: url },
  ];
  return specs.filter((c) => existsSync(new URL(c.file, url)));
}

/** How many URLs long_urls holds. */
export const LONG_URLS = 20_000;

export const CORPORA: readonly CorpusSpec[] = [
  { name: 'kasztp', file: 'ada_kasztp.txt', kind: 'absolute', quick: true },
  { name: 'node_files', file: 'ada_node_files.txt', kind: 'absolute', quick: false },
  { name: 'isaacs_files', file: 'ada_isaacs_files.txt', kind: 'absolute', quick: false },
  { name: 'apache_referrers', file: 'elastic_apache_referrers.txt', kind: 'absolute', quick: true },
  // Long and percent-encoded URLs as logs and crawls hold them, generated from a seed (traffic/urls.ts).
  { name: 'long_urls', file: 'traffic/urls.ts', kind: 'absolute', quick: true, generate: () => longUrls(LONG_URLS) },
  { name: 'apache_targets', file: 'elastic_apache_request_targets.txt', kind: 'relative', base: 'http://semicomplete.com/', quick: true },
  { name: 'rustdoc_pairs', file: 'relref_rustdoc_html_pairs.tsv', kind: 'pairs', quick: true },
  // Generated from the corpora above by html.ts.
  { name: 'html_pages', file: 'html.ts', kind: 'pages', base: 'https://semicomplete.com/blog/2013/05/page.html', quick: true },
  { name: 'log_uris', file: 'elastic_apache_request_targets.txt', kind: 'log', quick: true },
  ...extraCorpora(),
];

export function readLines(file: string, dir: URL = DATA): string[] {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const out: string[] = [];
  for (const line of text.split('\n')) if (line !== '') out.push(line);
  return out;
}

function byteLength(list: readonly string[]): number {
  let n = 0;
  for (const s of list) n += Buffer.byteLength(s, 'utf8');
  return n;
}

export function loadCorpus(spec: CorpusSpec): Corpus {
  if (spec.kind === 'pairs' || spec.kind === 'pages' || spec.kind === 'log') throw new Error(`${spec.name} is a ${spec.kind} corpus`);
  const a = spec.generate !== undefined ? spec.generate() : readLines(spec.file, spec.dir);
  const c: Corpus = { name: spec.name, file: spec.file, kind: spec.kind, a, bytes: byteLength(a) };
  if (spec.base !== undefined) c.base = spec.base;
  return c;
}

/** A `base<TAB>reference` file as two parallel arrays (`a` = bases, `b` = references). */
export function loadPairs(spec: CorpusSpec): Workload {
  const a: string[] = [];
  const b: string[] = [];
  for (const line of readLines(spec.file, spec.dir)) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    a.push(line.slice(0, tab));
    b.push(line.slice(tab + 1));
  }
  return { name: spec.name, a, b, bytes: byteLength(a) + byteLength(b) };
}

/**
 * The smallest number of bytes a pass of the macro suites reads: a small corpus is repeated up to
 * it, so that a pass of a fast candidate lasts tens of milliseconds (well above the timer, a
 * scavenge, a compile job), and a small corpus and a large one are measured alike.
 */
export const PASS_BYTES = 5e6;

/**
 * `w` repeated, whole, as often as it takes to reach `minBytes` (the same strings again, in the
 * same order: a pair stays consecutive with its neighbours, as in the file); as is when it is
 * that large already.
 */
export function repeatTo<W extends Workload>(w: W, minBytes: number): W {
  const times = w.bytes > 0 ? Math.ceil(minBytes / w.bytes) : 1;
  if (times <= 1) return w;
  const many = (list: readonly string[]): string[] => {
    const out: string[] = [];
    for (let k = 0; k < times; k++) for (const s of list) out.push(s);
    return out;
  };
  return { ...w, a: many(w.a), b: w.b === undefined ? undefined : many(w.b), bytes: w.bytes * times };
}

/** Every `stride`-th input (from the first), for the slow candidates. */
export function subsample(w: Workload, stride: number): Workload {
  if (stride <= 1) return w;
  const a: string[] = [];
  const b: string[] | undefined = w.b === undefined ? undefined : [];
  for (let i = 0; i < w.a.length; i += stride) {
    a.push(w.a[i]!);
    if (b !== undefined) b.push(w.b![i]!);
  }
  return { name: `${w.name}/${stride}`, a, b, bytes: byteLength(a) + (b === undefined ? 0 : byteLength(b)) };
}

/**
 * The URIs of an Apache access log, as `npm run bench:cli` logs them: each request target, then
 * its referrer (absent, "-", on every fifth line), cycled to PASS_BYTES; `a` holds them as
 * strings and `buffer` as one UTF-8 Buffer with a "\n" after each, for LineScanner.
 */
export function loadLogUris(spec: CorpusSpec): Workload & { buffer: Buffer } {
  const targets = readLines('elastic_apache_request_targets.txt');
  const referrers = readLines('elastic_apache_referrers.txt');
  const a: string[] = [];
  for (let i = 0, r = 0, bytes = 0; bytes < PASS_BYTES; i++) {
    const t = targets[i % targets.length]!;
    a.push(t);
    bytes += t.length;
    if (i % 5 !== 4) {
      const ref = referrers[r++ % referrers.length]!;
      a.push(ref);
      bytes += ref.length;
    }
  }
  const buffer = Buffer.from(`${a.join('\n')}\n`);
  return { name: spec.name, a, bytes: buffer.length - a.length, buffer };
}

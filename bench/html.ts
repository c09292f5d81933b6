/**
 * The HTML pages of the `links` suite, and the linear-time check of `urikit links`.
 *
 * The pages of the suite are generated (deterministically) from the URL corpora of
 * bench/data: each page links to absolute URLs (kasztp), request targets of a real site
 * (apache_targets, origin-form paths) and relative references of real pages (the rustdoc pairs'
 * hrefs), through the elements a crawler reads: `a`, `img` (with `srcset`), `link`, `script`,
 * `form`; a quarter of the pages carry a `<base href>`. Attribute values are HTML-escaped.
 */

import { LinkExtractor } from '../src/links/extract.js';
import { loadPackages } from '../src/links/packages.js';
import { HTML_CASES } from '../test/support/html-cases.js';
import type { Workload } from './corpus.js';
import { readLines } from './corpus.js';

const attribute = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `count` pages of about `links` links each. */
export function htmlPages(count = 400, links = 60): Workload {
  const absolute = readLines('ada_kasztp.txt');
  const targets = readLines('elastic_apache_request_targets.txt');
  const relative = readLines('relref_rustdoc_html_pairs.tsv').map((l) => l.slice(l.indexOf('\t') + 1));
  let seed = 12345;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const pick = (): string => {
    const k = next(10);
    const list = k < 3 ? absolute : k < 6 ? targets : relative;
    return attribute(list[next(list.length)]!);
  };
  const pages: string[] = [];
  let bytes = 0;
  for (let p = 0; p < count; p++) {
    const head = [
      '<!DOCTYPE html>',
      '<html lang="en"><head><meta charset="utf-8">',
      `<title>Page ${p}</title>`,
      p % 4 === 0 ? '<base href="/docs/">' : '',
      `<link rel="stylesheet" href="${pick()}">`,
      `<script src="${pick()}"></script>`,
      '</head><body>',
      `<h1>Page ${p}</h1>`,
    ];
    const body: string[] = [];
    for (let i = 0; i < links; i++) {
      const k = next(20);
      if (k === 0) body.push(`<img src="${pick()}" srcset="${pick()} 1x, ${pick()} 2x" alt="figure ${i}">`);
      else if (k === 1) body.push(`<form action="${pick()}" method="get"><input name="q"></form>`);
      else body.push(`<p>Paragraph ${i} of page ${p}, with <a href="${pick()}" class="l">a link</a> in the text.</p>`);
    }
    const page = `${head.join('\n')}\n${body.join('\n')}\n</body></html>\n`;
    pages.push(page);
    bytes += Buffer.byteLength(page);
  }
  return { name: `html_pages (${count})`, a: pages, bytes };
}

// ---------------------------------------------------------------------------------------------
// Linear time (bench/linear.ts): the hostile pages of test/support/html-cases.ts.

/** Sizes of the linear-time check, and the most the cost per character may grow from the first to the last. */
const SIZES = [10_000, 100_000, 1_000_000];
export const HTML_GROWTH_LIMIT = 20;

/** The links of `page` read as the CLI reads a file: bytes in chunks of 64 KiB. */
function extract(page: Buffer): number {
  let n = 0;
  const x = new LinkExtractor({ base: 'http://h/' }, () => n++);
  for (let i = 0; i < page.length; i += 1 << 16) x.write(page.subarray(i, i + (1 << 16)));
  x.end();
  return n;
}

/**
 * The table of `urikit links` on each hostile page at 10 k, 100 k and 1 M characters (the cases
 * whose name holds one of `words`, or all): ns per character, and its growth from 10 k to 1 M.
 * Returns the rows and how many cases grow past `HTML_GROWTH_LIMIT`.
 */
export async function htmlLinear(words: readonly string[], quick: boolean): Promise<{ rows: string[]; over: number }> {
  await loadPackages();
  const cases = HTML_CASES.filter((c) => words.length === 0 || words.some((w) => c.name.includes(w)));
  const rows = ['| page | what | 10 k ns/char | 100 k ns/char | 1 M ns/char | 1 M ÷ 10 k |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  let over = 0;
  let sink = 0;
  for (const c of cases) {
    const perChar: number[] = [];
    for (const n of SIZES) {
      const page = Buffer.from(c.build(n));
      let best = Infinity;
      const reps = quick ? 2 : n >= 1_000_000 ? 3 : 7;
      for (let r = 0; r < reps; r++) {
        const t0 = performance.now();
        sink += extract(page);
        best = Math.min(best, performance.now() - t0);
      }
      perChar.push((best * 1e6) / page.length);
    }
    const growth = perChar[2]! / perChar[0]!;
    if (growth > HTML_GROWTH_LIMIT) over++;
    rows.push(
      `| ${c.name} | ${c.what} | ${perChar.map((x) => x.toFixed(1)).join(' | ')} | ${growth.toFixed(2)}×${growth > HTML_GROWTH_LIMIT ? ' **over**' : ''} |`,
    );
  }
  rows.push('', `(links found: ${sink})`);
  return { rows, over };
}

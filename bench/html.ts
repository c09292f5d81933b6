/**
 * The HTML pages of the `links` suite, generated (deterministically) from the URL corpora of
 * bench/data: each page links to absolute URLs (kasztp), request targets of a real site
 * (apache_targets, origin-form paths) and relative references of real pages (the rustdoc pairs'
 * hrefs), through the elements a crawler reads: `a`, `img` (with `srcset`), `link`, `script`,
 * `form`; a quarter of the pages carry a `<base href>`. Attribute values are HTML-escaped.
 */

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

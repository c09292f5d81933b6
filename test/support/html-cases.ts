/**
 * The worst-case shapes of HTML for `urikit links`: pages of any length built from what makes the
 * tokenizer, the tree builder and the link finder work hardest (deep nesting, formatting elements
 * that are never closed, one line of minified markup, unclosed comments and values, script
 * escapes, foreign content). bench/linear.ts times them (the growth of the cost per character
 * from 10 k to 1 M characters); test/links/hostile.slow.test.ts runs them with exact answers.
 */

export interface HtmlCase {
  name: string;
  /** What it stresses. */
  what: string;
  /** A page of about `n` characters (never more). */
  build(n: number): string;
  /** How many links a page of `build(n)` has. */
  links(n: number): number;
}

/** `unit` repeated as often as fits in n with `prefix` and `suffix`; and how often. */
function times(unit: string, n: number, prefix = '', suffix = ''): number {
  return Math.max(0, Math.floor((n - prefix.length - suffix.length) / unit.length));
}

function fill(unit: string, n: number, prefix = '', suffix = ''): string {
  return prefix + unit.repeat(times(unit, n, prefix, suffix)) + suffix;
}

const LINK = '<p><a href="/docs/page.html?q=1&amp;r=2">a link</a> and <img src=i.png srcset="a.png 1x, b.png 2x"></p>';

export const HTML_CASES: readonly HtmlCase[] = [
  {
    name: 'plain',
    what: 'paragraphs of links, one a line (the baseline)',
    build: (n) => fill(`${LINK}\n`, n),
    links: (n) => 4 * times(`${LINK}\n`, n),
  },
  {
    name: 'one-line',
    what: 'the same markup minified onto one line',
    build: (n) => fill(LINK, n),
    links: (n) => 4 * times(LINK, n),
  },
  {
    name: 'nested-div',
    what: '"<div>" repeated: nesting as deep as the page is long, then a link',
    build: (n) => fill('<div>', n, '', '<a href=x>'),
    links: () => 1,
  },
  {
    name: 'formatting',
    what: '"<font><b><i>" repeated: formatting elements never closed',
    build: (n) => fill('<font><b><i>', n, '', '<a href=x>'),
    links: () => 1,
  },
  {
    name: 'close-tags',
    what: '"</div></b>" repeated: end tags of elements that are not open',
    build: (n) => fill('</div></b>', n, '<svg>', '<a href=x>'),
    links: () => 1,
  },
  {
    name: 'svg-nesting',
    what: '"<svg><g>" repeated: foreign content as deep as the page, then an integration point',
    build: (n) => fill('<svg><g>', n, '', '<title><a href=x></title>'),
    links: () => 1,
  },
  {
    name: 'open-comment',
    what: 'a comment that never ends, dashes in it ("<!--" then "- -" repeated)',
    build: (n) => fill('- -', n, '<!--'),
    links: () => 0,
  },
  {
    name: 'long-href',
    what: 'one href of the whole page, with character references',
    build: (n) => fill('a&amp;', n, '<a href="', '">'),
    links: () => 1,
  },
  {
    name: 'script-escapes',
    what: '"<!--<script>" repeated inside a script (escaped and double-escaped states)',
    build: (n) => fill('<!--<script>', n, '<script>', '</script><a href=x>'),
    links: () => 0,
  },
  {
    name: 'less-than',
    what: '"<" and "<!" repeated: tags that never open',
    build: (n) => fill('< <!x><', n, '', '<a href=x>'),
    links: () => 1,
  },
  {
    name: 'attributes',
    what: 'one <a> with an attribute name repeated: every one after the first dropped',
    build: (n) => fill(' href=x', n, '<a', '>'),
    links: () => 1,
  },
];

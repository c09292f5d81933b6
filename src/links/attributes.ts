/**
 * The attributes of HTML elements that hold URLs, and how each is read: as a whole (trimmed of
 * ASCII whitespace, as HTML reads a URL attribute), as the candidates of a `srcset`, or as the
 * URL of a `<meta http-equiv=refresh>` by HTML's shared declarative refresh steps.
 */

/**
 * The URL attributes of each HTML element (besides `<meta http-equiv=refresh>` and `<base>`): those
 * browsers load or follow, and the obsolete ones that still name a URL (`lowsrc`, `longdesc`,
 * `manifest`; a crawler wants them).
 */
export const LINK_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  html: ['manifest'],
  body: ['background'],
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset', 'lowsrc', 'longdesc'],
  script: ['src'],
  iframe: ['src', 'longdesc'],
  frame: ['src', 'longdesc'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  embed: ['src'],
  track: ['src'],
  input: ['src', 'formaction'],
  button: ['formaction'],
  form: ['action'],
  object: ['data'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite'],
  ins: ['cite'],
  table: ['background'],
  thead: ['background'],
  tbody: ['background'],
  tfoot: ['background'],
  tr: ['background'],
  td: ['background'],
  th: ['background'],
};

/**
 * The SVG elements whose `href` (else `xlink:href`, which it overrides, as in SVG 2) is a link:
 * `a` followed, `image`, `use`, `script` and `feImage` loaded (names as the tokenizer gives them).
 */
export const SVG_LINK_ELEMENTS: ReadonlySet<string> = new Set(['a', 'image', 'use', 'script', 'feimage']);

/** HTML's ASCII whitespace: TAB, LF, FF, CR, SPACE. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** `s` without leading and trailing ASCII whitespace, as HTML reads a URL attribute. */
export function trimUrl(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isSpace(s.charCodeAt(start))) start++;
  while (end > start && isSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * The URLs of a `srcset` attribute, by the HTML algorithm: candidates separated by commas, each a
 * URL (which may itself hold commas, but not end with one) and optional descriptors.
 *
 * @example
 * srcsetUrls('a.png 1x, b.png 2x'); // ['a.png', 'b.png']
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  const n = srcset.length;
  let p = 0;
  for (;;) {
    while (p < n && (isSpace(srcset.charCodeAt(p)) || srcset.charCodeAt(p) === 0x2c)) p++;
    if (p >= n) return urls;
    const start = p;
    while (p < n && !isSpace(srcset.charCodeAt(p))) p++;
    let end = p;
    if (srcset.charCodeAt(end - 1) === 0x2c) {
      // A URL that ends with commas ends the candidate: the commas are separators.
      while (end > start && srcset.charCodeAt(end - 1) === 0x2c) end--;
    } else {
      // Descriptors, up to a comma outside parentheses.
      let depth = 0;
      for (; p < n; p++) {
        const c = srcset.charCodeAt(p);
        if (c === 0x28) depth++;
        else if (c === 0x29 && depth > 0) depth--;
        else if (c === 0x2c && depth === 0) break;
      }
    }
    if (end > start) urls.push(srcset.slice(start, end));
  }
}

/**
 * The URL of a `<meta http-equiv=refresh content="…">` by HTML's shared declarative refresh
 * steps, or null when there is none: a time (digits, then digits and dots), then `;`, `,` or
 * whitespace, then the URL, after an optional `url=` and in optional quotes (the closing one
 * ends it). Null too when the content is no refresh at all (`+1`, `1x; url=a`) or names no URL
 * (`5`: the page refreshes itself). The URL comes trimmed of ASCII whitespace, as the URL parser
 * reads it and as every URL attribute is written (C0 controls stay: the resolver strips them and
 * says so).
 *
 * @example
 * refreshUrl('5; URL=/next'); // '/next'
 * refreshUrl('5 url=/next');  // '/next'
 */
export function refreshUrl(content: string): string | null {
  const n = content.length;
  const at = (p: number): number => (p < n ? content.charCodeAt(p) : -1);
  const skipSpace = (p: number): number => {
    while (p < n && isSpace(content.charCodeAt(p))) p++;
    return p;
  };
  let p = skipSpace(0);
  const time = p;
  while (isDigit(at(p))) p++;
  if (p === time && at(p) !== 0x2e) return null;
  while (isDigit(at(p)) || at(p) === 0x2e) p++;
  if (p < n) {
    const c = at(p);
    if (c !== 0x3b && c !== 0x2c && !isSpace(c)) return null;
    p = skipSpace(p);
    if (at(p) === 0x3b || at(p) === 0x2c) p++;
    p = skipSpace(p);
  }
  if (p >= n) return null;
  const whole = p;
  if ((at(p) | 0x20) === 0x75) {
    // "url", spaces, "=" and spaces come before the URL; short of that, the URL starts at the "u".
    if ((at(p + 1) | 0x20) !== 0x72 || (at(p + 2) | 0x20) !== 0x6c) return trimUrl(content.slice(whole));
    p = skipSpace(p + 3);
    if (at(p) !== 0x3d) return trimUrl(content.slice(whole));
    p = skipSpace(p + 1);
  }
  const quote = at(p);
  if (quote !== 0x22 && quote !== 0x27) return trimUrl(content.slice(p));
  const close = content.indexOf(content[p]!, p + 1);
  return trimUrl(content.slice(p + 1, close === -1 ? n : close));
}

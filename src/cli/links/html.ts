/**
 * The links of one HTML document, found by htmlparser2's tokenizer (a fast, forgiving one: tags
 * and attribute names in any case, unquoted values, entities decoded). Each element that can
 * carry a URL is read for its URL attributes (`LINK_ATTRIBUTES`), `srcset` for each candidate,
 * `<meta http-equiv=refresh>` for its URL; the first `<base href>` is the embedded base (RFC 3986
 * §5.1.1; HTML: the first `base` element with an `href`, wherever it is). The document is read in
 * chunks; its links are kept until its end, because a `<base>` anywhere applies to all of them.
 */
import { Parser } from 'htmlparser2';

/** A URL found in a document, as written there (entities decoded, ASCII whitespace trimmed). */
export interface FoundLink {
  /** The element's name, lower case: 'a', 'img', 'meta'. */
  element: string;
  /** The attribute: 'href', 'src', 'srcset', 'content' (meta refresh). */
  attribute: string;
  link: string;
  /** The line of the tag's "<", from 1. */
  line: number;
}

/** The URL attributes of each element (besides `srcset`, `<meta http-equiv=refresh>` and `<base>`). */
export const LINK_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  frame: ['src'],
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
};

/** The attributes read of every element: the URL attributes, `<base href>`, and a `<meta>`'s refresh. */
const WANTED: Readonly<Record<string, readonly string[]>> = {
  ...LINK_ATTRIBUTES,
  base: ['href'],
  meta: ['http-equiv', 'content'],
};

/** HTML's ASCII whitespace: TAB, LF, FF, CR, SPACE. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
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
 * The URL of a `<meta http-equiv=refresh content="…">`, or null: a time (digits and dots), then
 * `;` or `,`, then the URL, optionally after `url=` and in quotes (the HTML refresh steps).
 *
 * @example
 * refreshUrl('5; URL=/next'); // '/next'
 */
export function refreshUrl(content: string): string | null {
  const n = content.length;
  let p = 0;
  while (p < n && isSpace(content.charCodeAt(p))) p++;
  const time = p;
  while (p < n && ((content.charCodeAt(p) >= 0x30 && content.charCodeAt(p) <= 0x39) || content.charCodeAt(p) === 0x2e)) p++;
  if (p === time) return null;
  while (p < n && isSpace(content.charCodeAt(p))) p++;
  if (p < n && content.charCodeAt(p) !== 0x3b && content.charCodeAt(p) !== 0x2c) return null;
  p++;
  while (p < n && isSpace(content.charCodeAt(p))) p++;
  if (p >= n) return null;
  const prefix = /url\s*=\s*/iy;
  prefix.lastIndex = p;
  if (prefix.test(content)) p = prefix.lastIndex;
  let end = n;
  const quote = content.charCodeAt(p);
  if (quote === 0x22 || quote === 0x27) {
    p++;
    const close = content.indexOf(content[p - 1]!, p);
    if (close !== -1) end = close;
  }
  const url = trimUrl(content.slice(p, end));
  return url;
}

/**
 * The line of any position of a text given in chunks, for positions asked in increasing order;
 * chunks behind the last position asked are let go.
 */
class Lines {
  private chunks: string[] = [];
  /** The index in the text of chunks[0]. */
  private chunkStart = 0;
  /** The position counted to, and its line. */
  private at = 0;
  private line = 1;

  push(text: string): void {
    this.chunks.push(text);
  }

  lineAt(position: number): number {
    while (this.at < position && this.chunks.length > 0) {
      const chunk = this.chunks[0]!;
      const end = Math.min(position - this.chunkStart, chunk.length);
      for (let nl = chunk.indexOf('\n', this.at - this.chunkStart); nl !== -1 && nl < end; nl = chunk.indexOf('\n', nl + 1)) this.line++;
      this.at = this.chunkStart + end;
      if (end === chunk.length) {
        this.chunks.shift();
        this.chunkStart += chunk.length;
      }
    }
    return this.line;
  }
}

/** The links of one document, given in chunks of bytes (UTF-8) or text. */
export class HtmlLinks {
  readonly links: FoundLink[] = [];
  /** The first `<base href>`, trimmed, and its line; null without one. */
  base: string | null = null;
  baseLine = 0;
  private readonly parser: Parser;
  private readonly lines = new Lines();
  private readonly decoder = new TextDecoder('utf-8');

  constructor() {
    // Attributes are taken as they come (onattribute), so that the tokenizer builds no object
    // of attributes for every tag.
    this.parser = new Parser(
      {
        onopentagname: (name) => this.open(name),
        onattribute: (name, value) => this.attribute(name, value),
        // Text moves the line count on, so that a long run of text is not kept.
        ontext: () => this.lines.lineAt(this.parser.startIndex),
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
  }

  /** The next chunk of the document. */
  write(chunk: Uint8Array | string): void {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (text === '') return;
    this.lines.push(text);
    this.parser.write(text);
  }

  /** The end of the document. */
  end(): void {
    const rest = this.decoder.decode();
    if (rest !== '') this.write(rest);
    this.parser.end();
  }

  // The tag being read: its name, the attributes wanted of it, those that came (the first of a
  // name counts, as in HTML), where it starts, and a <meta>'s http-equiv and content.
  private element = '';
  private wanted: readonly string[] | null = null;
  private seen = 0;
  private tagStart = 0;
  private equiv: string | null = null;
  private content: string | null = null;

  private open(name: string): void {
    this.element = name;
    this.wanted = Object.hasOwn(WANTED, name) ? WANTED[name]! : null;
    this.seen = 0;
    this.tagStart = this.parser.startIndex;
  }

  private attribute(name: string, value: string): void {
    const wanted = this.wanted;
    if (wanted === null) return;
    const k = wanted.indexOf(name);
    if (k === -1 || (this.seen & (1 << k)) !== 0) return;
    this.seen |= 1 << k;
    const element = this.element;
    if (element === 'base') {
      if (this.base === null) {
        this.base = trimUrl(value);
        this.baseLine = this.lines.lineAt(this.tagStart);
      }
    } else if (element === 'meta') {
      if (k === 0) this.equiv = value;
      else this.content = value;
      if (this.seen === 3) {
        const url = this.equiv!.trim().toLowerCase() === 'refresh' ? refreshUrl(this.content!) : null;
        if (url !== null) this.links.push({ element, attribute: 'content', link: url, line: this.lines.lineAt(this.tagStart) });
      }
    } else if (name === 'srcset') {
      const line = this.lines.lineAt(this.tagStart);
      for (const url of srcsetUrls(value)) this.links.push({ element, attribute: name, link: url, line });
    } else {
      this.links.push({ element, attribute: name, link: trimUrl(value), line: this.lines.lineAt(this.tagStart) });
    }
  }
}

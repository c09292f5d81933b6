/**
 * The link finder: the tokenizer's sink that reads the start tags that hold links (and those that
 * decide a base, a refresh or a namespace), keeps the tree (tree.ts) and hands each link it finds,
 * as written, and the document's first `<base href>` to its host (the extractor).
 */
import { LINK_ATTRIBUTES, refreshUrl, SVG_LINK_ELEMENTS, srcsetUrls, trimUrl } from './attributes.js';
import { DATA, type Tokenizer, type TokenSink } from './tokenizer.js';
import { contentState, HTML, MATHML, OpenElements, SVG } from './tree.js';

/** What the finder hands its findings to. */
export interface FinderHost {
  /** A link of the document. */
  found(f: Found): void;
  /** The first `<base href>` of the document, at `line`. */
  baseElement(href: string | null, line: number): void;
  /** Whether the text [start, end) holds a byte that did not decode. */
  decodeErrorIn(start: number, end: number): boolean;
}

/**
 * The attributes read of each start tag in HTML content: its URL attributes, and what decides a
 * base, a refresh or a namespace (`<math href>`: the MathML element's link).
 */
const WANTED: Readonly<Record<string, readonly string[]>> = {
  ...LINK_ATTRIBUTES,
  image: LINK_ATTRIBUTES.img!,
  base: ['href'],
  meta: ['http-equiv', 'content'],
  font: ['color', 'face', 'size'],
  'annotation-xml': ['encoding'],
  math: ['href'],
};

/** The link attributes of SVG and MathML elements. */
const FOREIGN = ['href', 'xlink:href'];

/**
 * The attributes read of each start tag in SVG or MathML content, where it may make an SVG or
 * MathML element (its `href`, `xlink:href`) or break out to HTML (those of WANTED, first).
 */
const WANTED_FOREIGN: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(WANTED).map(([name, attributes]) => [name, [...attributes, ...FOREIGN.filter((a) => !attributes.includes(a))]]),
);

/** The most attributes read of a start tag. */
const SLOTS = Math.max(...[...WANTED_FOREIGN.values()].map((a) => a.length));

/** A link found, before its base is known. */
export interface Found {
  element: string;
  attribute: string;
  link: string;
  line: number;
  decodeError: boolean;
  /** The value is longer than the longest kept. */
  tooLong?: true;
}

/** The sink of the tokenizer that finds the links (see the module's comment). */
export class Finder implements TokenSink {
  readonly tree = new OpenElements();
  tokenizer: Tokenizer | null = null;
  private name = '';
  private wanted: readonly string[] | null = null;
  private readonly values: Array<string | null | undefined> = new Array(SLOTS).fill(undefined);
  private readonly broken: boolean[] = new Array(SLOTS).fill(false);
  private slot = 0;
  private refreshed = false;

  constructor(private readonly x: FinderHost) {}

  startTag(name: string): boolean {
    this.name = name;
    const wanted = this.tree.foreignContent() ? (WANTED_FOREIGN.get(name) ?? FOREIGN) : Object.hasOwn(WANTED, name) ? WANTED[name]! : null;
    this.wanted = wanted;
    if (wanted === null) return false;
    this.values.fill(undefined);
    return true;
  }

  attribute(name: string): boolean {
    const k = this.wanted!.indexOf(name);
    if (k === -1 || this.values[k] !== undefined) return false;
    this.slot = k;
    // Set now, so that a second attribute of the name is not read (the first counts, as in HTML).
    this.values[k] = '';
    return true;
  }

  value(v: string | null): void {
    const k = this.slot;
    this.values[k] = v;
    const t = this.tokenizer!;
    this.broken[k] = v !== null && v.indexOf('\ufffd') !== -1 && this.x.decodeErrorIn(t.valueStart, t.valueEnd);
  }

  startTagEnd(selfClosing: boolean): number {
    const name = this.name;
    const wanted = this.wanted;
    const v = this.values;
    const facts = {
      fontBreaksOut: wanted !== null && name === 'font' && (v[0] !== undefined || v[1] !== undefined || v[2] !== undefined),
      htmlAnnotation: wanted !== null && name === 'annotation-xml' && /^(text\/html|application\/xhtml\+xml)$/i.test(v[0] ?? ''),
    };
    const ns = this.tree.startTag(name, selfClosing, facts);
    if (ns === HTML) {
      if (wanted !== null && Object.hasOwn(WANTED, name)) this.element(name, this.tree.inTemplate());
      return contentState(name);
    }
    if (wanted !== null && (ns === MATHML || (ns === SVG && SVG_LINK_ELEMENTS.has(name)))) this.foreignElement(name, ns);
    return DATA;
  }

  endTag(name: string): void {
    this.tree.endTag(name);
  }

  comment(): void {}

  doctype(): void {}

  foreign(): boolean {
    return this.tree.foreignContent();
  }

  /** The URL attributes of an element (`inTemplate`: not a base or refresh of the document). */
  private element(name: string, inTemplate: boolean): void {
    const v = this.values;
    const line = this.tokenizer!.tagLine;
    if (name === 'base') {
      if (!inTemplate && v[0] !== undefined) this.x.baseElement(v[0], line);
      return;
    }
    if (name === 'meta') {
      if (inTemplate || this.refreshed || v[0] === undefined || v[1] === undefined || v[0] === null || v[1] === null) return;
      if (!/^refresh$/i.test(v[0])) return;
      // Only the first refresh counts, as in browsers: it is the one that runs.
      const url = refreshUrl(v[1]);
      this.refreshed = true;
      if (url !== null) this.x.found({ element: 'meta', attribute: 'content', link: url, line, decodeError: this.broken[1]! });
      return;
    }
    if (name === 'font' || name === 'annotation-xml' || name === 'math') return;
    const element = name === 'image' ? 'img' : name;
    // The HTML attributes come first in the list read (WANTED_FOREIGN too), in LINK_ATTRIBUTES' order.
    const attributes = WANTED[name]!;
    for (let k = 0; k < attributes.length; k++) this.attributeLinks(element, attributes[k]!, k, line);
  }

  /**
   * The link of an SVG or MathML element: its `href`, else its `xlink:href` (SVG 2: `href` wins).
   * A `<math href>` comes from HTML content, where `xlink:href` is not read; the others, from
   * SVG or MathML content.
   */
  private foreignElement(name: string, ns: number): void {
    const wanted = this.wanted!;
    const k = wanted.indexOf(this.values[wanted.indexOf('href')] !== undefined ? 'href' : 'xlink:href');
    if (k === -1 || this.values[k] === undefined) return;
    // The element as the tree builder names it in SVG (feImage), with the namespace for those HTML has too.
    const element = `${ns === SVG ? 'svg' : 'math'}:${name === 'feimage' ? 'feImage' : name}`;
    this.attributeLinks(element, wanted[k]!, k, this.tokenizer!.tagLine);
  }

  /** The links of the attribute read in slot `k`: one, or a `srcset`'s candidates. */
  private attributeLinks(element: string, attribute: string, k: number, line: number): void {
    const value = this.values[k];
    if (value === undefined) return;
    if (value === null) this.x.found({ element, attribute, link: '', line, decodeError: false, tooLong: true });
    else if (attribute === 'srcset') {
      for (const url of srcsetUrls(value)) this.x.found({ element, attribute, link: url, line, decodeError: this.broken[k]! });
    } else {
      this.x.found({ element, attribute, link: trimUrl(value), line, decodeError: this.broken[k]! });
    }
  }
}

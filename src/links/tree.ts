/**
 * What the HTML Standard's tree construction (§13.2.6) decides for the tokenizer and for links:
 * the stack of open elements, kept for namespaces (an `<svg>` or `<math>` and what breaks out of
 * it, their integration points), templates (a `<base>` inside one is not the document's), and the
 * elements whose content is text (`<title>` RCDATA, `<style>` RAWTEXT, `<script>` script data, …,
 * decided only for HTML elements: an SVG `<title>` holds markup).
 *
 * It keeps the stack as the standard does for the tags that open and close elements, and reduces
 * the rest: end tags close the nearest element of their name unless a special element (or, for
 * the elements closed "in scope", a scope boundary) stands above it; implied end tags, the
 * adoption agency's reparenting and the table modes' foster parenting are left out, since they
 * move no element in or out of a namespace or a template. Every operation is constant time
 * (amortized), and the stack is cut at `MAX_DEPTH`, so deep or hostile nesting costs neither
 * quadratic time nor unbounded memory.
 */
import { DATA, PLAINTEXT, RAWTEXT, RCDATA, SCRIPT_DATA } from './tokenizer.js';

/** Namespaces. */
export const HTML = 0;
export const SVG = 1;
export const MATHML = 2;
/** A start tag the tree builder ignores: it makes no element (a `<form>` in a form, a `<frame>` outside a `<frameset>`). */
export const DROPPED = -1;

/**
 * Deeper elements are not kept, so that memory stays bounded (a few MB at most); no page that a
 * person reads nests this deep. Past it, the namespace of what is deeper is not followed.
 */
export const MAX_DEPTH = 1 << 16;

// An element's kind: its namespace (2 bits) and these.
const NAMESPACE = 3;
const SPECIAL = 4;
const SCOPE = 8;
const HTML_INTEGRATION = 16;
const MATHML_TEXT_INTEGRATION = 32;

const words = (s: string): ReadonlySet<string> => new Set(s.split(' '));

/** Elements with no end tag: never on the stack (`image` is read as `img`). */
const VOID = words('area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr');

/** HTML's special elements (§13.2.4.2), those that can be on the stack. */
const SPECIAL_HTML = words(
  'address applet article aside blockquote body button caption center colgroup dd details dir div dl dt fieldset figcaption figure footer form frameset h1 h2 h3 h4 h5 h6 head header hgroup html iframe li listing main marquee menu nav noembed noframes noscript object ol p plaintext pre script search section select style summary table tbody td template textarea tfoot th thead title tr ul xmp',
);

/** The HTML elements that bound "has an element in scope". */
const SCOPE_HTML = words('applet caption html table td th marquee object template');

/** End tags that close their element only when it is in scope (the others: unless a special element is above it). */
const SCOPED_END = words(
  'address article aside blockquote button center details dialog dir div dl fieldset figcaption figure footer header hgroup listing main menu nav ol pre search section summary ul form p li dd dt applet marquee object table caption colgroup tbody tfoot thead tr td th select',
);

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Start tags that leave SVG and MathML content (and `font` with `color`, `face` or `size`). */
const BREAKOUT = words(
  'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var',
);

/** The tokenizer state that the content of each HTML element starts in (scripting on: `<noscript>` is RAWTEXT). */
const CONTENT: Readonly<Record<string, number>> = {
  title: RCDATA,
  textarea: RCDATA,
  style: RAWTEXT,
  xmp: RAWTEXT,
  iframe: RAWTEXT,
  noembed: RAWTEXT,
  noframes: RAWTEXT,
  noscript: RAWTEXT,
  script: SCRIPT_DATA,
  plaintext: PLAINTEXT,
};

/** The tokenizer state after an HTML start tag named `name`. */
export function contentState(name: string): number {
  return Object.hasOwn(CONTENT, name) ? CONTENT[name]! : DATA;
}

/** What a start tag carries that decides its place: `font` attributes, `annotation-xml`'s encoding. */
export interface StartTagFacts {
  /** A `font` with a `color`, `face` or `size` attribute. */
  fontBreaksOut: boolean;
  /** An `annotation-xml` whose `encoding` is text/html or application/xhtml+xml. */
  htmlAnnotation: boolean;
}

const last = (a: readonly number[] | undefined): number => (a === undefined || a.length === 0 ? -1 : a[a.length - 1]!);

/** The stack of open elements, reduced (see the module's comment). */
export class OpenElements {
  private readonly names: string[] = [];
  private readonly kinds: number[] = [];
  /** Positions on the stack, by name: of HTML elements, and of SVG and MathML ones. */
  private readonly html = new Map<string, number[]>();
  private readonly foreign = new Map<string, number[]>();
  /** Positions of HTML elements, of special elements, of scope boundaries. */
  private readonly htmlAt: number[] = [];
  private readonly specialAt: number[] = [];
  private readonly scopeAt: number[] = [];
  /** HTML's form element pointer: a `<form>` is open (outside templates), and no `</form>` has come. */
  private form = false;

  /** Whether a `<template>` is open: what is inside belongs to its content, not to the document. */
  inTemplate(): boolean {
    return last(this.html.get('template')) !== -1;
  }

  /** Whether the current node is an SVG or MathML element (a CDATA section may open). */
  foreignContent(): boolean {
    const n = this.kinds.length;
    return n > 0 && (this.kinds[n - 1]! & NAMESPACE) !== HTML;
  }

  /** A start tag; returns the namespace of the element it makes (HTML, SVG or MATHML), or DROPPED. */
  startTag(name: string, selfClosing: boolean, facts: StartTagFacts): number {
    for (;;) {
      const top = this.kinds.length - 1;
      const k = top === -1 ? HTML : this.kinds[top]!;
      if (
        top === -1 ||
        (k & NAMESPACE) === HTML ||
        (k & HTML_INTEGRATION) !== 0 ||
        ((k & MATHML_TEXT_INTEGRATION) !== 0 && name !== 'mglyph' && name !== 'malignmark') ||
        (name === 'svg' && this.names[top] === 'annotation-xml' && (k & NAMESPACE) === MATHML)
      )
        return this.htmlStart(name, selfClosing);
      if (BREAKOUT.has(name) || (name === 'font' && facts.fontBreaksOut)) {
        this.popToHtml();
        continue;
      }
      const ns = k & NAMESPACE;
      if (!selfClosing) this.push(name, ns | foreignKind(ns, name, facts.htmlAnnotation), this.foreign);
      return ns;
    }
  }

  /** An end tag. */
  endTag(name: string): void {
    const n = this.kinds.length;
    if (n > 0 && (this.kinds[n - 1]! & NAMESPACE) !== HTML) {
      if (name === 'br' || name === 'p') {
        this.popToHtml();
      } else {
        // The nearest SVG or MathML element of that name, if no HTML element is above it.
        const f = last(this.foreign.get(name));
        if (f > last(this.htmlAt)) {
          this.popTo(f);
          return;
        }
      }
    }
    this.htmlEnd(name);
  }

  private htmlStart(name: string, selfClosing: boolean): number {
    if (name === 'svg' || name === 'math') {
      const ns = name === 'svg' ? SVG : MATHML;
      if (!selfClosing) this.push(name, ns, this.foreign);
      return ns;
    }
    if (name === 'form') {
      // "in body" and "in table": a form while the pointer is set, outside templates, is ignored.
      const inTemplate = this.inTemplate();
      if (this.form && !inTemplate) return DROPPED;
      if (!inTemplate) this.form = true;
    }
    // "in body" ignores a frame; only "in frameset" inserts one.
    if (name === 'frame') return last(this.html.get('frameset')) === -1 ? DROPPED : HTML;
    if (VOID.has(name)) return HTML;
    // A second <html>, <head> or <body> adds its attributes to the first.
    if ((name === 'html' || name === 'head' || name === 'body') && last(this.html.get(name)) !== -1) return HTML;
    this.push(name, HTML | (SPECIAL_HTML.has(name) ? SPECIAL : 0) | (SCOPE_HTML.has(name) ? SCOPE : 0), this.html);
    return HTML;
  }

  private htmlEnd(name: string): void {
    if (name === 'body' || name === 'html') return;
    if (name === 'form' && !this.inTemplate()) this.form = false;
    let at: number;
    if (name === 'template') {
      at = last(this.html.get(name));
    } else if (name.length === 2 && name.charCodeAt(0) === 0x68 && name >= 'h1' && name <= 'h6') {
      at = Math.max(...HEADINGS.map((h) => last(this.html.get(h))));
      if (at < last(this.scopeAt)) return;
    } else if (SCOPED_END.has(name)) {
      at = last(this.html.get(name));
      if (at < last(this.scopeAt)) return;
    } else {
      at = last(this.html.get(name));
      if (at < last(this.specialAt)) return;
    }
    if (at !== -1) this.popTo(at);
  }

  /** Pops until the current node is an HTML element or an integration point. */
  private popToHtml(): void {
    for (let k = this.kinds.length - 1; k >= 0; k--) {
      const kind = this.kinds[k]!;
      if ((kind & NAMESPACE) === HTML || (kind & (HTML_INTEGRATION | MATHML_TEXT_INTEGRATION)) !== 0) break;
      this.pop();
    }
  }

  private push(name: string, kind: number, byName: Map<string, number[]>): void {
    const at = this.kinds.length;
    if (at >= MAX_DEPTH) return;
    this.names.push(name);
    this.kinds.push(kind);
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [at]);
    else list.push(at);
    if ((kind & NAMESPACE) === HTML) this.htmlAt.push(at);
    if ((kind & SPECIAL) !== 0) this.specialAt.push(at);
    if ((kind & SCOPE) !== 0) this.scopeAt.push(at);
  }

  private pop(): void {
    const at = this.kinds.length - 1;
    const name = this.names.pop()!;
    const kind = this.kinds.pop()!;
    const html = (kind & NAMESPACE) === HTML;
    (html ? this.html : this.foreign).get(name)!.pop();
    if (html) this.htmlAt.pop();
    if (last(this.specialAt) === at) this.specialAt.pop();
    if (last(this.scopeAt) === at) this.scopeAt.pop();
  }

  /** Pops the element at `at` and every one above it. */
  private popTo(at: number): void {
    while (this.kinds.length > at) this.pop();
  }
}

/** The kind bits of an SVG or MathML element: integration points, and the special ones. */
function foreignKind(ns: number, name: string, htmlAnnotation: boolean): number {
  if (ns === SVG) return name === 'foreignobject' || name === 'desc' || name === 'title' ? HTML_INTEGRATION | SPECIAL | SCOPE : 0;
  if (name === 'mi' || name === 'mo' || name === 'mn' || name === 'ms' || name === 'mtext')
    return MATHML_TEXT_INTEGRATION | SPECIAL | SCOPE;
  if (name === 'annotation-xml') return (htmlAnnotation ? HTML_INTEGRATION : 0) | SPECIAL | SCOPE;
  return 0;
}

/**
 * The links of an HTML document, as a browser finds and loads them: its bytes decoded in the
 * encoding the HTML Standard sniffs (sniff.ts, decode.ts), tokenized as the standard does
 * (tokenizer.ts, tree.ts), each URL attribute found (finder.ts, attributes.ts) and resolved against the
 * document's base (resolve.ts). `LinkExtractor` takes the document in chunks and hands each link
 * on as soon as its base is known; `extractLinks` is the same as an async iterable.
 *
 * The base is the first `<base href>` of the document (not one in a `<template>`, an `<svg>` or
 * a `<noscript>`), wherever it is, resolved against the outer layers of RFC 3986 §5.1
 * (Content-Location, the retrieval URI); a `javascript:` or `data:` one is passed over, as HTML
 * passes it over. Every link of the document is resolved against it, those before it too (HTML's
 * document base URL): links are held until the first `<base href>` or the end of the document.
 */
import { establishBase } from '../readers/base.js';
import { UriError } from '../syntax/errors.js';
import { checkOptionNames, optionNames } from '../syntax/options.js';
import { DocumentDecoder } from './decode.js';
import { Finder, type FinderHost, type Found } from './finder.js';
import { HeldLinks } from './held.js';
import { type LinkPackages, loadPackages, packages } from './packages.js';
import {
  encodeAsBrowsers,
  GRAMMAR_NAMES,
  type Grammar,
  LENIENT,
  type LinkWarning,
  resolveLink,
  schemeOf,
  strictRfc3986,
} from './resolve.js';
import { bom, contentTypeCharset, type EncodingSource, PRESCAN_BYTES, prescan, Utf8Check } from './sniff.js';
import { Tokenizer } from './tokenizer.js';

/** Options of `extractLinks` and `LinkExtractor`. */
export interface ExtractOptions {
  /** The URL the document was retrieved from (RFC 3986 §5.1.3): its base when it has no `<base href>`. */
  base?: string | null;
  /** The base of the encapsulating entity (§5.1.2), such as an HTTP Content-Location. */
  contentLocation?: string | null;
  /** An encoding label that overrides what the document says of itself (a user's choice). */
  encoding?: string | null;
  /** The HTTP Content-Type of the document: its `charset`, if it has one, is the document's encoding. */
  contentType?: string | null;
  /** The encoding of a document that names none (default `windows-1252`, the HTML Standard's). */
  defaultEncoding?: string;
  /**
   * Where the bytes come from: `file`, a file of the local file system, whose bytes decide its
   * encoding when it names none: UTF-8 when they all are (and some are beyond ASCII), as browsers
   * read a `file:` URL; the bytes are held until that is known. Else (the default) they come
   * from the network, and a document that names no encoding is `defaultEncoding`.
   */
  source?: 'file' | null;
  /** The grammar links are resolved in: `web`, the URL Standard's parser, as browsers (the default), or `rfc3986`, read leniently. */
  grammar?: Grammar;
  /** The longest attribute value read as a link, in characters (default 16 MiB); a longer one is an error, `LINK_TOO_LONG`. */
  maxLinkLength?: number;
}

const EXTRACT_OPTIONS = optionNames<ExtractOptions>()([
  'base',
  'contentLocation',
  'encoding',
  'contentType',
  'defaultEncoding',
  'source',
  'grammar',
  'maxLinkLength',
]);

/** A link of the document. */
export interface Link {
  /** The element, in lower case: `a`, `img`, `meta`; an SVG or MathML one with its namespace: `svg:a`, `svg:feImage`, `math:mi`. */
  element: string;
  /** The attribute: `href`, `src`, `srcset`, `content` (a meta refresh), `xlink:href`. */
  attribute: string;
  /** The URL as written (character references decoded, ASCII whitespace trimmed). */
  link: string;
  /** The base it was resolved against; null when the document has none. */
  base: string | null;
  /** The link resolved and percent-encoded as a browser loads it; null when it cannot be resolved. */
  resolved: string | null;
  /** The line of its tag's `<` (lines end at LF), from 1. */
  line: number;
  /** What is odd about it (`DECODE_ERROR`, `CONTROL_STRIPPED`, `UNENCODABLE`). */
  warnings: readonly LinkWarning[];
  /** Why it could not be resolved (`resolved` is then null): a `UriError`'s code, or `LINK_TOO_LONG`. */
  error: UriError<string> | null;
}

/** What is known of the document as it is read. */
export interface DocumentInfo {
  /** Its encoding (an Encoding Standard name), and where that came from; null before its first bytes. */
  encoding: string | null;
  encodingSource: EncodingSource | null;
  /**
   * For bytes from a file that names no encoding (`source: 'file'`): where they stop being UTF-8
   * (a byte offset), or -1 when they are all UTF-8; null when no such check was made.
   */
  notUtf8At: number | null;
  /** The base its links are resolved against; null until it is known (the first `<base href>`, or the end). */
  base: string | null;
  /** Bytes that did not decode in its encoding (each read as U+FFFD). */
  decodeErrors: number;
  /** What a reader should know: a `<base href>` passed over. */
  notes: string[];
}

const TOO_LONG = 'LINK_TOO_LONG';

/** The longest value read as a link, by default (characters). */
const DEFAULT_MAX_LINK = 1 << 24;

/** The links of one document, given in chunks of bytes (or of text), handed to `onLink` as they are resolved. */
export class LinkExtractor implements FinderHost {
  /** What is known of the document so far. */
  readonly document: DocumentInfo = { encoding: null, encodingSource: null, notUtf8At: null, base: null, decodeErrors: 0, notes: [] };
  private readonly options: ExtractOptions;
  private readonly packages: LinkPackages;
  private readonly finder: Finder;
  private readonly tokenizer: Tokenizer;
  private readonly grammar: Grammar;
  private decoder: DocumentDecoder | null = null;
  /** Bytes held until the prescan's 1024 have come. */
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  /** A file that names no encoding: whether its bytes are UTF-8 (all of them held meanwhile). */
  private check: Utf8Check | null = null;
  /** The document came as text, or as bytes. */
  private text = false;
  private bytes = false;
  private ended = false;

  /** Whether the base is known (the first `<base href>` met, or the end), the base and the error of its absence. */
  private settled = false;
  private base: string | null = null;
  private noBase: UriError<string> = new UriError('RELATIVE_BASE', 0, '', 'No base URI');
  /** The links found before the base is known. */
  private readonly waiting = new HeldLinks();

  /**
   * `onLink` receives each link. The packages must be loaded: `await LinkExtractor.create(…)`
   * does it, or `extractLinks`.
   */
  constructor(
    options: ExtractOptions,
    private readonly onLink: (link: Link) => void,
  ) {
    checkOptionNames(options, EXTRACT_OPTIONS, 'LinkExtractor');
    this.options = options;
    this.packages = packages();
    this.grammar = options.grammar ?? 'web';
    if (!GRAMMAR_NAMES.includes(this.grammar))
      throw new TypeError(`unknown grammar ${JSON.stringify(options.grammar)}: the grammars are "web" and "rfc3986"`);
    for (const key of ['encoding', 'defaultEncoding'] as const) {
      const label = options[key];
      if (label !== undefined && label !== null && this.packages.encodingName(label) === null)
        throw new RangeError(
          `${key} ${JSON.stringify(label)} is not an encoding label of the Encoding Standard (e.g. utf-8, windows-1252, shift_jis)`,
        );
    }
    this.finder = new Finder(this);
    this.tokenizer = new Tokenizer(this.finder, this.packages.decodeAttribute, options.maxLinkLength ?? DEFAULT_MAX_LINK);
    this.finder.tokenizer = this.tokenizer;
  }

  /** A `LinkExtractor` once its packages are loaded (rejects, naming the package, when one is missing). */
  static async create(options: ExtractOptions, onLink: (link: Link) => void): Promise<LinkExtractor> {
    await loadPackages();
    return new LinkExtractor(options, onLink);
  }

  /** The next chunk of the document: bytes, or text already decoded (then `encoding` names the encoding of its queries). */
  write(chunk: Uint8Array | string): void {
    if (this.ended) throw new Error('LinkExtractor: write after end');
    if (typeof chunk === 'string') {
      if (this.bytes) throw new TypeError('LinkExtractor: text after bytes; give the document one way');
      if (!this.text) this.textEncoding();
      this.tokenize(chunk);
      return;
    }
    if (this.text) throw new TypeError('LinkExtractor: bytes after text; give the document one way');
    this.bytes = true;
    if (this.decoder === null) {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
      if (this.check !== null) {
        if (!this.check.push(chunk)) this.checked();
        return;
      }
      if (this.heldBytes < PRESCAN_BYTES) return;
      this.sniff();
      return;
    }
    this.tokenize(this.decoder.decode(chunk));
  }

  /** The end of the document: the last links are handed on. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.text) {
      if (this.decoder === null && this.check === null) this.sniff();
      if (this.decoder === null) this.checked();
      this.tokenize(this.decoder!.decode(new Uint8Array(0), true));
    }
    this.tokenizer.end();
    this.settle();
    if (this.decoder !== null) this.document.decodeErrors = this.decoder.errors;
  }

  /** The encoding of text given whole: the one named, else UTF-8. */
  private textEncoding(): void {
    this.text = true;
    const o = this.options;
    const named = o.encoding ?? (o.contentType === undefined || o.contentType === null ? null : contentTypeCharset(o.contentType));
    const encoding = named === null ? null : this.packages.encodingName(named);
    this.document.encoding = encoding ?? 'utf-8';
    this.document.encodingSource =
      encoding === null ? 'text' : o.encoding !== undefined && o.encoding !== null ? 'override' : 'content-type';
  }

  /**
   * The encoding sniffing algorithm over the bytes held; then they are decoded (or, for a file
   * that names no encoding, held while its bytes are checked for UTF-8).
   */
  private sniff(): void {
    const head = this.heldBytes === 0 ? new Uint8Array(0) : this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    const o = this.options;
    const name = this.packages.encodingName;
    const mark = bom(head);
    let encoding: string | null = null;
    let source: EncodingSource = 'default';
    if (mark !== null) {
      encoding = mark.encoding;
      source = 'bom';
    } else if (o.encoding !== undefined && o.encoding !== null) {
      encoding = name(o.encoding);
      source = 'override';
    }
    if (encoding === null && o.contentType !== undefined && o.contentType !== null) {
      const label = contentTypeCharset(o.contentType);
      encoding = label === null ? null : name(label);
      source = 'content-type';
    }
    if (encoding === null) {
      encoding = prescan(head.subarray(0, PRESCAN_BYTES), name);
      source = 'meta';
    }
    if (encoding === null && o.source === 'file') {
      this.check = new Utf8Check();
      this.held.push(head);
      this.heldBytes = head.length;
      if (!this.check.push(head)) this.checked();
      return;
    }
    this.begin(
      encoding ?? this.defaultEncoding(),
      encoding === null ? 'default' : source,
      mark === null ? head : head.subarray(mark.length),
    );
  }

  /** The UTF-8 check of a file is over (a byte that is not UTF-8, or the end): the bytes held are decoded. */
  private checked(): void {
    const c = this.check!;
    this.check = null;
    const utf8 = c.end() && c.beyondAscii;
    this.document.notUtf8At = c.invalidAt;
    const bytes = this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    this.begin(utf8 ? 'utf-8' : this.defaultEncoding(), utf8 ? 'file' : 'default', bytes);
  }

  private defaultEncoding(): string {
    return this.packages.encodingName(this.options.defaultEncoding ?? 'windows-1252')!;
  }

  /** The encoding is known: `bytes`, the document's first (its byte order mark left out), are decoded. */
  private begin(encoding: string, source: EncodingSource, bytes: Uint8Array): void {
    this.document.encoding = encoding;
    this.document.encodingSource = source;
    this.decoder = new DocumentDecoder(encoding, this.packages);
    this.tokenize(this.decoder.decode(bytes));
  }

  private tokenize(text: string): void {
    if (text === '') return;
    this.tokenizer.write(text);
    // The places of bytes that did not decode are kept only as far back as a value being read.
    const from = this.tokenizer.keptFrom();
    this.decoder?.errorIn(from, from);
  }

  /** Whether the text [start, end) holds a byte that did not decode. */
  decodeErrorIn(start: number, end: number): boolean {
    return this.decoder?.errorIn(start, end) === true;
  }

  /** A link of the document. */
  found(f: Found): void {
    if (this.settled) this.give(f);
    else this.waiting.push(f);
  }

  /** A `<base href>` of the document, at `line`: the first decides the base (HTML's frozen base URL), the others nothing. */
  baseElement(href: string | null, line: number): void {
    if (this.settled) return;
    this.settle(this.embeddedBase(href ?? '', line));
  }

  /** The base a `<base href>` gives, resolved on the outer layers; null (with a note) when it gives none. */
  private embeddedBase(href: string, line: number): string | null {
    const outer = this.outerBase();
    const r = resolveLink(href, outer, this.noBase, this.document.encoding ?? 'utf-8', this.grammar, this.packages);
    if (r.error !== null) {
      const reason =
        r.error.code === 'RELATIVE_BASE' ? 'it is relative and the document has no URL to resolve it against' : r.error.message;
      this.document.notes.push(`${line}: <base href> ${JSON.stringify(href)} passed over: ${reason}`);
      return null;
    }
    const base = r.resolved!;
    const scheme = schemeOf(base);
    if (scheme === 'javascript' || scheme === 'data') {
      this.document.notes.push(`${line}: <base href> ${JSON.stringify(href)} passed over: a ${scheme}: URL is no base (HTML)`);
      return null;
    }
    // RFC 3986 §5.1: a base is used without its fragment.
    const hash = base.indexOf('#');
    return hash === -1 ? base : base.slice(0, hash);
  }

  /**
   * The base of the layers outside the document (Content-Location, the retrieval URI), or null
   * (then `noBase` says why). In the web grammar it is the URL Standard's URL of that URI, with
   * its query in the document's encoding: what the browser holds as the document's URL.
   */
  private outerBase(): string | null {
    const o = this.options;
    let outer: string;
    try {
      outer = establishBase({ encapsulating: o.contentLocation ?? null, retrieval: o.base ?? null }, LENIENT);
    } catch (e) {
      this.noBase = e as UriError;
      return null;
    }
    if (this.grammar === 'rfc3986') return outer;
    const r = resolveLink(outer, null, this.noBase, this.document.encoding ?? 'utf-8', 'web', this.packages);
    if (r.error === null) return r.resolved;
    const e = r.error;
    this.noBase = new UriError(e.code, e.index, outer, `Invalid base URL: ${e.message}`);
    return null;
  }

  /** The base is known (`embedded`, else the outer layers'): the links held are handed on. */
  private settle(embedded: string | null = null): void {
    if (this.settled) return;
    this.settled = true;
    const outer = this.outerBase();
    this.base =
      embedded ??
      (outer === null || this.grammar === 'web'
        ? outer
        : strictRfc3986(encodeAsBrowsers(outer, this.document.encoding ?? 'utf-8', this.packages)));
    this.document.base = this.base;
    this.waiting.drain((f) => this.give(f));
  }

  private give(f: Found): void {
    if (f.tooLong === true) {
      const limit = this.options.maxLinkLength ?? DEFAULT_MAX_LINK;
      const message = `The ${f.attribute} of <${f.element}> is longer than ${limit} characters: left out`;
      const error = new UriError(TOO_LONG, 0, '', message);
      this.onLink({
        element: f.element,
        attribute: f.attribute,
        link: '',
        base: this.base,
        resolved: null,
        line: f.line,
        warnings: [],
        error,
      });
      return;
    }
    const encoding = this.document.encoding ?? 'utf-8';
    // HTML (form submission, and the action IDL attribute): an empty action or formaction is
    // the URL of the form's document, not its base.
    const own = f.link === '' && (f.attribute === 'action' || f.attribute === 'formaction');
    const base = own ? (this.options.base ?? null) : this.base;
    const r = own
      ? resolveLink(base ?? '', null, this.noBase, encoding, this.grammar, this.packages)
      : resolveLink(f.link, this.base, this.noBase, encoding, this.grammar, this.packages);
    if (f.decodeError) r.warnings.unshift('DECODE_ERROR');
    this.onLink({
      element: f.element,
      attribute: f.attribute,
      link: f.link,
      base: own ? r.resolved : this.base,
      resolved: r.resolved,
      line: f.line,
      warnings: r.warnings,
      error: r.error,
    });
  }
}

/** What `extractLinks` returns: the links, and what is known of the document as they come. */
export interface Links extends AsyncIterable<Link> {
  readonly document: DocumentInfo;
}

/** The input of `extractLinks`: a string, bytes, or a stream (any async iterable) of either. */
export type LinksInput = string | Uint8Array | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Whole inputs are read in pieces of this many bytes or characters, so that links come as they are found. */
const PIECE = 1 << 16;

function* pieces(input: string | Uint8Array): Iterable<string | Uint8Array> {
  for (let i = 0; i < input.length; i += PIECE) yield typeof input === 'string' ? input.slice(i, i + PIECE) : input.subarray(i, i + PIECE);
}

/**
 * The links of an HTML document, lazily: each is resolved and handed on as the document is read,
 * and none is held once its base is known. `input` is the document as text (already decoded),
 * bytes (its encoding sniffed as the HTML Standard does), or a stream of either (a Node.js
 * `Readable`, a web `ReadableStream`, any async iterable).
 *
 * @example
 * for await (const l of extractLinks('<base href="/docs/"><a href="intro.html">', { base: 'https://example.com/' }))
 *   console.log(l.resolved); // 'https://example.com/docs/intro.html'
 */
export function extractLinks(input: LinksInput, options: ExtractOptions = {}): Links {
  // Now, not when the links are first read.
  checkOptionNames(options, EXTRACT_OPTIONS, 'extractLinks');
  const document: DocumentInfo = { encoding: null, encodingSource: null, notUtf8At: null, base: null, decodeErrors: 0, notes: [] };
  async function* run(): AsyncGenerator<Link> {
    const queue: Link[] = [];
    const x = await LinkExtractor.create(options, (l) => queue.push(l));
    Object.assign(document, x.document);
    const sync = typeof input === 'string' || input instanceof Uint8Array;
    const chunks = sync ? pieces(input) : (input as AsyncIterable<Uint8Array | string>);
    for await (const chunk of chunks) {
      x.write(chunk);
      Object.assign(document, x.document);
      for (let i = 0; i < queue.length; i++) yield queue[i]!;
      queue.length = 0;
    }
    x.end();
    Object.assign(document, x.document);
    for (let i = 0; i < queue.length; i++) yield queue[i]!;
  }
  return { document, [Symbol.asyncIterator]: run };
}

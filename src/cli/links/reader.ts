/**
 * The readers of `urikit links`: an HTML document (a file or standard input), or the HTML records
 * of a WARC file (warc.ts). Each document goes through the library's `LinkExtractor`
 * (../../links/), which sniffs its encoding, tokenizes it and resolves its links; they go to the
 * command (`PageSink`) one by one, as they are found.
 *
 * ```
 * HTML bytes ──────────────────────────────────► LinkExtractor ──► links ──► PageSink (the command)
 * WARC bytes ──► WarcReader ──► HTML records ──┘
 * ```
 */
import { type DocumentInfo, type Link, LinkExtractor } from '../../links/extract.js';
import { loadPackages, packages } from '../../links/packages.js';
import type { Grammar } from '../../links/resolve.js';
import { percentEncode } from '../../ops/percent.js';
import { resolve } from '../../ops/resolve.js';
import type { Uri } from '../../uri.js';
import type { Reader } from '../lines/records.js';
import { type DocumentWriter, type WarcDocument, WarcReader, type WarcRecords } from './warc.js';

/** How the links command reads documents (its settings). */
export interface DocumentOptions {
  /** The retrieval URI of an HTML input (`--base`), or null. */
  readonly base: Uri | null;
  /** The encoding label that overrides what documents say (`--encoding`), or null; the default one. */
  readonly encoding: string | null;
  readonly defaultEncoding: string;
  /** The grammar links are resolved in: the URL Standard's parser, as browsers, unless `--rfc3986`. */
  readonly linkGrammar: Grammar;
  /** The largest WARC record read, and the most its content may decode to, in bytes. */
  readonly maxRecordSize: number;
}

/** Where documents and their links go (the links command). */
export interface PageSink {
  /** A document starts: its name in the output, and its URL when known. */
  pageStart(name: string, url: string | null): void;
  /** A link of the document; `document`: what is known of it (its encoding is). */
  link(link: Link, document: DocumentInfo): void;
  pageEnd(document: DocumentInfo): void;
  /** A WARC record that holds no HTML (by its content type). */
  notHtml(name: string, contentType: string): void;
  /** A WARC record left out, or read only in part. */
  skipped(name: string, reason: string): void;
  /** An HTML page read only to its first `limit` bytes (--max-record-size). */
  cut(name: string, limit: number): void;
}

/** Loads the library's packages (the CLI's `links` feature waits for it). */
export const ready = loadPackages;

/** The Encoding Standard's name of an encoding label, or null (for --encoding). */
export function encodingName(label: string): string | null {
  return packages().encodingName(label);
}

/** A document's links, read from its bytes, to `to`. */
function open(
  config: DocumentOptions,
  to: PageSink,
  name: string,
  url: string | null,
  contentLocation: string | null,
  contentType: string | null,
  fromFile = false,
): DocumentWriter {
  to.pageStart(name, url);
  const x = new LinkExtractor(
    {
      base: url,
      contentLocation,
      contentType,
      encoding: config.encoding,
      defaultEncoding: config.defaultEncoding,
      grammar: config.linkGrammar,
      source: fromFile ? 'file' : null,
    },
    (l) => to.link(l, x.document),
  );
  return {
    write: (bytes) => x.write(bytes),
    end: () => {
      x.end();
      to.pageEnd(x.document);
    },
  };
}

/**
 * One HTML document: the whole input, named `name`; its URL is `--base`. Only its first
 * --max-record-size bytes are read, as of a WARC record: the links of a page without a `<base>`
 * are held until it ends (its base is known only then), and so are bounded by it.
 */
class HtmlReader implements Reader {
  private readonly doc: DocumentWriter;
  private readonly limit: number;
  private left: number;

  constructor(
    config: DocumentOptions,
    private readonly to: PageSink,
    private readonly name: string,
    fromFile: boolean,
    inside: string | null,
  ) {
    this.doc = open(config, to, name, retrievalUri(config, inside), null, null, fromFile);
    this.limit = config.maxRecordSize;
    this.left = config.maxRecordSize;
  }

  push(chunk: Buffer): void {
    if (this.left < 0) return;
    if (chunk.length <= this.left) {
      this.left -= chunk.length;
      this.doc.write(chunk);
      return;
    }
    this.doc.write(chunk.subarray(0, this.left));
    this.to.cut(this.name, this.limit);
    this.left = -1;
  }

  end(): void {
    this.doc.end();
  }
}

/**
 * The URI an HTML input was retrieved from: `--base`; for a file found in a directory, `--base`
 * resolved with the file's path inside the directory (each name a path segment, percent-encoded:
 * a "?" or "#" in a name is part of it), as `wget -m` lays a site out.
 */
export function retrievalUri(config: DocumentOptions, inside: string | null): string | null {
  const base = config.base;
  if (base === null) return null;
  if (inside === null) return base.href;
  return resolve(
    base,
    inside
      .split('/')
      .map((name) => percentEncode(name, 'segment'))
      .join('/'),
  );
}

/**
 * The reader of one input of `links`: HTML, or WARC (`--warc`, or a name ending in .warc or
 * .warc.gz). `size`: a plain file's size (a WARC record's Content-Length past it is an error
 * at once), else null. `fromFile`: the input is a file of the file system (not standard input
 * or a pipe), whose bytes decide its encoding when it names none, as browsers read a `file:` URL.
 * `inside`: a file's path inside the directory it was found in (see `retrievalUri`).
 */
export function linkReader(
  shape: 'html' | 'warc',
  config: DocumentOptions,
  to: PageSink,
  name: string,
  size: number | null,
  fromFile: boolean,
  inside: string | null = null,
): Reader {
  if (shape === 'html') return new HtmlReader(config, to, name, fromFile, inside);
  const records: WarcRecords = {
    document: (d: WarcDocument) => open(config, to, d.name, d.target, d.contentLocation, d.contentType),
    notHtml: (n, contentType) => to.notHtml(n, contentType),
    skipped: (n, reason) => to.skipped(n, reason),
  };
  return new WarcReader(records, size, config.maxRecordSize);
}

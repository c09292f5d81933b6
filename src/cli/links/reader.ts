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
import type { Reader } from '../lines/records.js';
import type { Config } from '../options/config.js';
import { type DocumentWriter, type WarcDocument, WarcReader, type WarcRecords } from './warc.js';

/** Where documents and their links go (the links command). */
export interface PageSink {
  /** A document starts: its name in the output, and its URL when known. */
  pageStart(name: string, url: string | null): void;
  link(link: Link): void;
  pageEnd(document: DocumentInfo): void;
  /** A WARC record that holds no HTML (by its content type). */
  notHtml(name: string, contentType: string): void;
  /** A WARC record left out, or read only in part. */
  skipped(name: string, reason: string): void;
}

/** Loads the library's packages (the CLI's `links` feature waits for it). */
export const ready = loadPackages;

/** The Encoding Standard's name of an encoding label, or null (for --encoding). */
export function encodingName(label: string): string | null {
  return packages().encodingName(label);
}

/** A document's links, read from its bytes, to `to`. */
function open(
  config: Config,
  to: PageSink,
  name: string,
  url: string | null,
  contentLocation: string | null,
  contentType: string | null,
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
    },
    (l) => to.link(l),
  );
  return {
    write: (bytes) => x.write(bytes),
    end: () => {
      x.end();
      to.pageEnd(x.document);
    },
  };
}

/** One HTML document: the whole input, named `name`; its URL is `--base`. */
class HtmlReader implements Reader {
  private readonly doc: DocumentWriter;

  constructor(config: Config, to: PageSink, name: string) {
    this.doc = open(config, to, name, config.base === null ? null : config.base.href, null, null);
  }

  push(chunk: Buffer): void {
    this.doc.write(chunk);
  }

  end(): void {
    this.doc.end();
  }
}

/**
 * The reader of one input of `links`: HTML, or WARC (`--warc`, or a name ending in .warc or
 * .warc.gz). `size`: a plain file's size (a WARC record's Content-Length past it is an error
 * at once), else null.
 */
export function linkReader(shape: 'html' | 'warc', config: Config, to: PageSink, name: string, size: number | null): Reader {
  if (shape === 'html') return new HtmlReader(config, to, name);
  const records: WarcRecords = {
    document: (d: WarcDocument) => open(config, to, d.name, d.target, d.contentLocation, d.contentType),
    notHtml: (n, contentType) => to.notHtml(n, contentType),
    skipped: (n, reason) => to.skipped(n, reason),
  };
  return new WarcReader(records, size, config.maxRecordSize);
}

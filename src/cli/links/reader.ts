/**
 * The readers of `urikit links`: an HTML document (a file or standard input), or the records
 * of a WARC file (warcio reads the records, their HTTP headers, chunked and compressed bodies).
 * Each document becomes a `Page`: its links and the outer layers of its base (RFC 3986 §5.1),
 * handed to the command, which establishes the base and resolves the links.
 *
 * ```
 * HTML bytes ──► HtmlLinks (html.ts) ─────────────────────────────► Page ──► links command
 * WARC bytes ──► warcio records ──► response/resource, HTML? ──► HtmlLinks ──┘
 * ```
 */
import { brotliDecompressSync } from 'node:zlib';
import { WARCParser } from 'warcio';
import type { Config } from '../config.js';
import type { Reader } from '../lines/records.js';
import { HtmlLinks } from './html.js';

/** An HTML document read for its links, with the outer layers of its base (RFC 3986 §5.1). */
export interface Page {
  /** The document's name for the output: its URL when known, else the file's name. */
  name: string;
  /** §5.1.2: the base of the encapsulating entity (HTTP Content-Location), or null. */
  encapsulating: string | null;
  /** §5.1.3: the URI it was retrieved from (WARC-Target-URI, --base), or null. */
  retrieval: string | null;
  /** The links, and the embedded base (`<base href>`). */
  doc: HtmlLinks;
}

/** Where documents go (the links command). */
export interface PageRecords {
  page(page: Page): void;
  /** A WARC record that holds no HTML (by its content type). */
  notHtml(name: string, contentType: string): void;
  /** A WARC record whose content cannot be decoded (bad brotli data). */
  unreadable(name: string, message: string): void;
}

/** One HTML document: the whole input. Its retrieval URI is `--base`. */
export class HtmlReader implements Reader {
  private readonly doc = new HtmlLinks();

  constructor(
    private readonly config: Config,
    private readonly to: PageRecords,
  ) {}

  push(chunk: Buffer): void {
    this.doc.write(chunk);
  }

  end(): void {
    this.doc.end();
    const retrieval = this.config.base === null ? null : this.config.base.href;
    this.to.page({ name: retrieval ?? this.config.file, encapsulating: null, retrieval, doc: this.doc });
  }
}

/**
 * The input's chunks as the async iterable that warcio reads: `put` hands a chunk over and
 * resolves once the parser has taken it, so that at most one chunk waits and memory stays bounded.
 */
class Feed implements AsyncIterableIterator<Uint8Array> {
  private pending: Uint8Array | null = null;
  private closed = false;
  private failure: unknown = null;
  /** The producer waiting for its chunk to be taken. */
  private taken: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  /** The parser waiting for a chunk. */
  private waiting: ((r: IteratorResult<Uint8Array>) => void) | null = null;

  put(chunk: Uint8Array): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.closed) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.taken = { resolve, reject };
      const w = this.waiting;
      if (w !== null) {
        this.waiting = null;
        this.release();
        w({ value: chunk, done: false });
      } else {
        this.pending = chunk;
      }
    });
  }

  /** No more chunks. */
  end(): void {
    this.closed = true;
    const w = this.waiting;
    this.waiting = null;
    w?.({ value: undefined, done: true });
  }

  /** The parser stopped (done or failed): the producer is not to wait for it any more. */
  stop(failure: unknown): void {
    this.failure = failure;
    this.closed = true;
    const t = this.taken;
    this.taken = null;
    if (t !== null) {
      if (failure === null) t.resolve();
      else t.reject(failure);
    }
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    const chunk = this.pending;
    if (chunk !== null) {
      this.pending = null;
      this.release();
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  private release(): void {
    const t = this.taken;
    this.taken = null;
    t?.resolve();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Uint8Array> {
    return this;
  }
}

/**
 * The HTML documents of a WARC file (WARC 1.0 and 1.1; gzip members are undone before, by the
 * input): each `response` record (with HTTP headers) and `resource` record (without) whose
 * content type is HTML, or is not given. Its retrieval URI is `WARC-Target-URI`; the HTTP
 * `Content-Location` is the base of the encapsulating entity.
 */
export class WarcReader implements Reader {
  private readonly feed = new Feed();
  private readonly done: Promise<void>;

  constructor(private readonly to: PageRecords) {
    this.done = this.run().then(
      () => this.feed.stop(null),
      (e: unknown) => {
        this.feed.stop(e);
        throw e;
      },
    );
    // The failure is thrown to the driver by push or end.
    this.done.catch(() => {});
  }

  push(chunk: Buffer): Promise<void> {
    return this.feed.put(chunk);
  }

  async end(): Promise<void> {
    this.feed.end();
    await this.done;
  }

  private async run(): Promise<void> {
    const parser = new WARCParser(this.feed);
    let n = 0;
    for await (const record of parser) {
      n++;
      const version = record.warcHeaders.statusline;
      if (!version.startsWith('WARC/')) {
        const message = `not a WARC record at byte ${parser.offset}: ${JSON.stringify(version.slice(0, 60))} (a record starts with "WARC/1.0" or "WARC/1.1")`;
        throw Object.assign(new Error(message), { code: 'NOT_WARC' });
      }
      const type = record.warcType;
      if (type !== 'response' && type !== 'resource') continue;
      const target = unbracket(record.warcTargetURI);
      const name = target ?? `WARC record ${n} (no WARC-Target-URI)`;
      const http = record.httpHeaders;
      const contentType = (http !== null ? http.headers.get('content-type') : record.warcContentType) ?? null;
      if (contentType !== null && !/html/i.test(contentType)) {
        this.to.notHtml(name, contentType);
        continue;
      }
      const doc = new HtmlLinks();
      // warcio undoes chunked transfer and gzip or deflate; brotli is Node's to undo.
      const encoding = http?.headers.get('content-encoding')?.trim().toLowerCase();
      if (encoding === 'br') {
        const parts: Uint8Array[] = [];
        for await (const chunk of record) parts.push(chunk);
        try {
          doc.write(brotliDecompressSync(Buffer.concat(parts)));
        } catch (e) {
          this.to.unreadable(name, `its brotli-encoded content cannot be decoded: ${(e as Error).message}`);
          continue;
        }
      } else {
        for await (const chunk of record) doc.write(chunk);
      }
      doc.end();
      const encapsulating = http !== null ? (http.headers.get('content-location') ?? null) : null;
      this.to.page({ name, encapsulating: encapsulating === null ? null : encapsulating.trim(), retrieval: target, doc });
    }
  }
}

/** WARC 1.0 wrote `WARC-Target-URI: <http://…>` in its examples; the brackets are not the URI's. */
function unbracket(uri: string | null | undefined): string | null {
  if (uri === null || uri === undefined) return null;
  const t = uri.trim();
  return t.startsWith('<') && t.endsWith('>') ? t.slice(1, -1) : t;
}

/** The reader of `links` input: HTML, or WARC with `--warc` (or a name ending in .warc / .warc.gz). */
export function linkReader(shape: 'html' | 'warc', config: Config, to: PageRecords): Reader {
  return shape === 'warc' ? new WarcReader(to) : new HtmlReader(config, to);
}

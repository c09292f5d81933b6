/**
 * WARC files (ISO 28500, WARC 1.0 and 1.1) read record by record, in bounded memory:
 *
 * * Framing: a record is a header block (`WARC/1.x`, named fields, an empty line), then exactly
 *   Content-Length bytes, then CRLF CRLF; the next record begins with `WARC/`. A Content-Length
 *   that is not a number, a record that does not end where its length says, and a file that ends
 *   inside a record are errors (`WarcError`): the run reports them and exits 2, never attributing
 *   one record's bytes to another silently. A record longer than `--max-record-size` is skipped
 *   unread, and reported.
 * * Content: `response` records (an HTTP response: status line and headers, then the body,
 *   undone of chunked transfer coding and of gzip, deflate or brotli content coding, streamed
 *   through zlib with its output cut at `--max-record-size`, so that a decompression bomb costs
 *   neither memory nor time) and `resource` records (the document itself) whose content type is
 *   HTML or not given. Other records are passed over.
 */

import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Reader } from '../lines/records.js';

/** A WARC file that breaks the framing: reported with the input's name, exit 2. */
export class WarcError extends Error {
  readonly code = 'EWARC';
}

/** What a document's bytes go to. */
export interface DocumentWriter {
  write(bytes: Uint8Array): void;
  end(): void;
}

/** A record that holds an HTML document, as the reader found it. */
export interface WarcDocument {
  /** Its name in the output: the WARC-Target-URI, else its place in the file. */
  name: string;
  /** WARC-Target-URI (brackets of WARC 1.0's examples removed), or null. */
  target: string | null;
  /** The HTTP Content-Location, or null. */
  contentLocation: string | null;
  /** The HTTP Content-Type (a resource record's WARC Content-Type), or null. */
  contentType: string | null;
}

/** Where the records go (the links command). */
export interface WarcRecords {
  document(doc: WarcDocument): DocumentWriter;
  /** A record whose content type is not HTML. */
  notHtml(name: string, contentType: string): void;
  /** A record left out (too large), or read only in part (bad compressed data, cut short). */
  skipped(name: string, reason: string): void;
}

/** The longest header block read (a WARC record's, or an HTTP response's). */
export const HEADER_LIMIT = 64 << 10;

const CRLFCRLF = Buffer.from('\r\n\r\n');

const HEADER = 0;
const BLOCK = 1;
const TRAILER = 2;

/** WARC 1.0 wrote `WARC-Target-URI: <http://…>` in its examples; the brackets are not the URI's. */
function unbracket(uri: string | undefined): string | null {
  if (uri === undefined) return null;
  const t = uri.trim();
  return t.startsWith('<') && t.endsWith('>') ? t.slice(1, -1) : t;
}

/** The fields of a header block (names in lower case; the first of a name counts; folded lines joined). */
function fields(lines: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let last: string | null = null;
  for (const line of lines) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && last !== null) {
      if (out.get(last) !== undefined) out.set(last, `${out.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) {
      last = null;
      continue;
    }
    const name = line.slice(0, colon).trim().toLowerCase();
    last = out.has(name) ? null : name;
    if (last !== null) out.set(name, line.slice(colon + 1).trim());
  }
  return out;
}

/** The records of a WARC file (gzip members are undone before, by the input). */
export class WarcReader implements Reader {
  private state = HEADER;
  /** Bytes of the file read, and where the current record starts. */
  private offset = 0;
  private recordStart = 0;
  private readonly head = Buffer.allocUnsafe(HEADER_LIMIT + 4);
  private headBytes = 0;
  private length = 0;
  private remaining = 0;
  private trailer = 0;
  private body: RecordBody | null = null;
  private records = 0;

  /**
   * `file`: the input's name for messages; `size`: its size when known (a plain file), to find a
   * Content-Length past its end before reading the record; `maxRecord`: `--max-record-size`.
   */
  constructor(
    private readonly to: WarcRecords,
    private readonly size: number | null,
    private readonly maxRecord: number,
  ) {}

  async push(chunk: Buffer): Promise<void> {
    let i = 0;
    for (;;) {
      if (this.state === BLOCK && this.remaining === 0) {
        await this.body?.end();
        this.body = null;
        this.state = TRAILER;
      }
      if (i >= chunk.length) return;
      if (this.state === HEADER) {
        i = this.header(chunk, i);
      } else if (this.state === BLOCK) {
        const n = Math.min(this.remaining, chunk.length - i);
        if (this.body !== null) await this.body.write(chunk.subarray(i, i + n));
        i += n;
        this.offset += n;
        this.remaining -= n;
      } else {
        for (; i < chunk.length && this.trailer < 4; i++, this.offset++, this.trailer++) {
          if (chunk[i] !== CRLFCRLF[this.trailer]) throw this.unframed(chunk, i);
        }
        if (this.trailer === 4) {
          this.state = HEADER;
          this.trailer = 0;
          this.recordStart = this.offset;
        }
      }
    }
  }

  async end(): Promise<void> {
    if (this.state === BLOCK && this.remaining === 0) {
      await this.body?.end();
      this.state = TRAILER;
    }
    if (this.state === HEADER && this.headBytes === 0) return;
    if (this.state === HEADER) {
      this.checkStart(true);
      throw new WarcError(
        `the file ends inside the header of the WARC record at byte ${this.recordStart} (${this.headBytes} bytes, with no empty line after them): the file is cut`,
      );
    }
    if (this.state === BLOCK) {
      await this.body?.end();
      throw new WarcError(
        `the file ends inside the WARC record at byte ${this.recordStart}: ${this.length - this.remaining} of its Content-Length ${this.length} bytes are there (the file is cut, or its Content-Length is wrong)`,
      );
    }
    throw new WarcError(
      `the file ends after the WARC record at byte ${this.recordStart} without the CRLF CRLF that ends a record: the file is cut`,
    );
  }

  /** The bytes after a record's block are not CRLF CRLF: its Content-Length is wrong, or the file is not WARC. */
  private unframed(chunk: Buffer, i: number): WarcError {
    const seen = JSON.stringify(chunk.toString('latin1', i, Math.min(chunk.length, i + 20)));
    return new WarcError(
      `the WARC record at byte ${this.recordStart} does not end after its Content-Length (${this.length} bytes): CRLF CRLF and the next record ("WARC/") must follow, but byte ${this.offset} starts ${seen}; its Content-Length is wrong, or the file is not WARC`,
    );
  }

  /** Reads header bytes from `chunk[i]`; returns where the header ends in it (or its length). */
  private header(chunk: Buffer, i: number): number {
    const before = this.headBytes;
    const take = Math.min(chunk.length - i, this.head.length - before);
    chunk.copy(this.head, before, i, i + take);
    this.headBytes += take;
    this.checkStart(false);
    const end = this.head.subarray(0, this.headBytes).indexOf(CRLFCRLF, Math.max(0, before - 3));
    if (end === -1) {
      if (this.headBytes > HEADER_LIMIT)
        throw new WarcError(
          `the header of the WARC record at byte ${this.recordStart} is longer than ${HEADER_LIMIT} bytes without an empty line to end it`,
        );
      this.offset += take;
      return i + take;
    }
    const used = end + 4 - before;
    this.offset += used;
    this.headBytes = 0;
    this.startRecord(this.head.toString('utf8', 0, end).split('\r\n'), end + 4);
    return i + used;
  }

  /** A record must begin with "WARC/": checked once its first line is there (or the input ends). */
  private checkStart(atEnd: boolean): void {
    const h = this.head.subarray(0, this.headBytes);
    if (h.length >= 5 ? h.subarray(0, 5).toString('latin1') === 'WARC/' : 'WARC/'.startsWith(h.toString('latin1'))) {
      if (!atEnd || h.length >= 5) return;
    }
    const nl = h.indexOf(0x0a);
    if (nl === -1 && h.length < 60 && !atEnd) return;
    const line = h.toString('utf8', 0, nl === -1 ? Math.min(h.length, 60) : nl).replace(/\r$/, '');
    throw Object.assign(
      new WarcError(
        `not a WARC record at byte ${this.recordStart}: ${JSON.stringify(line.slice(0, 60))} (a record starts with "WARC/1.0" or "WARC/1.1")`,
      ),
      { code: 'NOT_WARC' },
    );
  }

  private startRecord(lines: string[], headerLength: number): void {
    const f = fields(lines.slice(1));
    const start = this.recordStart;
    const cl = f.get('content-length');
    if (cl === undefined)
      throw new WarcError(`the WARC record at byte ${start} has no Content-Length: the records after it cannot be found`);
    if (!/^[0-9]+$/.test(cl) || Number(cl) > Number.MAX_SAFE_INTEGER)
      throw new WarcError(
        `the WARC record at byte ${start} has Content-Length ${JSON.stringify(cl)}, which is not a length: the records after it cannot be found`,
      );
    const length = Number(cl);
    if (this.size !== null && start + headerLength + length + 4 > this.size)
      throw new WarcError(
        `the WARC record at byte ${start} has Content-Length ${length}, past the end of the file (${this.size} bytes): the file is cut, or its Content-Length is wrong`,
      );
    this.records++;
    this.length = this.remaining = length;
    this.state = BLOCK;
    this.body = null;
    const type = f.get('warc-type');
    if (type !== 'response' && type !== 'resource') return;
    const target = unbracket(f.get('warc-target-uri'));
    const name = target ?? `WARC record ${this.records} at byte ${start} (no WARC-Target-URI)`;
    if (length > this.maxRecord) {
      this.to.skipped(name, `its ${length} bytes are more than --max-record-size (${this.maxRecord}): left out`);
      return;
    }
    const contentType = f.get('content-type') ?? null;
    const http = type === 'response' && contentType !== null && /^application\/http\b/i.test(contentType);
    this.body = new RecordBody(this.to, name, target, http ? null : contentType, http, this.maxRecord);
  }
}

/** The block of a response or resource record: its HTTP head (if it has one), then its body, undone. */
class RecordBody {
  /** Reading the HTTP head; the body's writer once known (null: the rest is dropped). */
  private inHead: boolean;
  private head: Buffer[] = [];
  private headBytes = 0;
  private doc: DocumentWriter | null = null;
  private chunks: Dechunker | null = null;
  private decoding: Decoding | null = null;

  constructor(
    private readonly to: WarcRecords,
    private readonly name: string,
    private readonly target: string | null,
    contentType: string | null,
    http: boolean,
    private readonly limit: number,
  ) {
    this.inHead = http;
    if (!http) this.open(contentType, null, null, null);
  }

  async write(bytes: Buffer): Promise<void> {
    if (this.inHead) {
      this.head.push(bytes);
      this.headBytes += bytes.length;
      const all = Buffer.concat(this.head);
      this.head = [all];
      const end = all.indexOf(CRLFCRLF);
      const lf = end === -1 ? all.indexOf('\n\n') : -1;
      if (end === -1 && lf === -1) {
        if (this.headBytes > HEADER_LIMIT) this.drop(`its HTTP header is longer than ${HEADER_LIMIT} bytes: left out`);
        return;
      }
      this.inHead = false;
      this.head = [];
      const cut = end !== -1 ? end : lf;
      const h = fields(all.toString('latin1', 0, cut).split(/\r?\n/).slice(1));
      this.open(
        h.get('content-type') ?? null,
        h.get('content-encoding') ?? null,
        h.get('transfer-encoding') ?? null,
        h.get('content-location') ?? null,
      );
      bytes = all.subarray(cut + (end !== -1 ? 4 : 2));
      if (bytes.length === 0) return;
    }
    if (this.doc === null) return;
    if (this.chunks === null) return this.decoded(bytes);
    for (const piece of this.chunks.write(bytes)) await this.decoded(piece);
    if (this.chunks.error !== null) this.drop(`its chunked transfer coding is broken (${this.chunks.error}): read up to there`);
  }

  async end(): Promise<void> {
    if (this.inHead) {
      this.drop('its HTTP header does not end (no empty line): left out');
      return;
    }
    if (this.doc === null) return;
    if (this.decoding !== null) await this.decoding.end();
    const reason = this.decoding?.problem();
    if (reason !== undefined && reason !== null) this.to.skipped(this.name, reason);
    this.doc?.end();
    this.doc = null;
  }

  private async decoded(bytes: Uint8Array): Promise<void> {
    if (this.decoding === null) this.doc!.write(bytes);
    else await this.decoding.write(bytes);
  }

  /** The body starts: HTML (or no type) goes to a document, through what undoes its codings. */
  private open(
    contentType: string | null,
    contentEncoding: string | null,
    transferEncoding: string | null,
    contentLocation: string | null,
  ): void {
    if (contentType !== null && !/html/i.test(contentType)) {
      this.to.notHtml(this.name, contentType);
      return;
    }
    const codings = (contentEncoding ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter((c) => c !== '' && c !== 'identity');
    const unknown = codings.find((c) => !Object.hasOwn(DECOMPRESSORS, c));
    if (unknown !== undefined) {
      this.to.skipped(this.name, `its content is ${unknown}-encoded, which urikit does not decode: left out`);
      return;
    }
    const doc = this.to.document({ name: this.name, target: this.target, contentLocation: contentLocation?.trim() ?? null, contentType });
    this.doc = doc;
    if (codings.length > 0) this.decoding = new Decoding(codings.reverse(), (b) => doc.write(b), this.limit);
    if (transferEncoding !== null && /\bchunked\b/i.test(transferEncoding)) this.chunks = new Dechunker();
  }

  /** The rest of the record is left out, with `reason`; what was read of the document stands. */
  private drop(reason: string): void {
    this.to.skipped(this.name, reason);
    this.decoding?.stop();
    this.doc?.end();
    this.doc = null;
    this.inHead = false;
  }
}

/**
 * HTTP/1.1's chunked transfer coding undone, bytes in, the data out. A body that does not start
 * with a chunk size is taken as it is (archives often store bodies already undone, with the
 * header kept); one that breaks later stops there.
 */
class Dechunker {
  /** 0: a size line; 1: chunk data; 2: the CRLF after it; 3: done (trailers, ignored). */
  private state = 0;
  private line = '';
  private left = 0;
  /** Before the first size line is read: the bytes so far, given out as they are if it is none. */
  private first: Buffer[] | null = [];
  private raw = false;
  error: string | null = null;

  write(bytes: Buffer): Buffer[] {
    if (this.raw) return [bytes];
    this.first?.push(bytes);
    const out: Buffer[] = [];
    let i = 0;
    while (i < bytes.length && this.error === null) {
      if (this.state === 0) {
        const nl = bytes.indexOf(0x0a, i);
        this.line += bytes.toString('latin1', i, nl === -1 ? bytes.length : nl);
        const m = nl === -1 ? null : /^([0-9a-fA-F]{1,15})[ \t]*(;.*)?\r?$/.exec(this.line);
        if (m === null && (nl !== -1 || this.line.length > 1024)) {
          if (this.first !== null) {
            // Not chunked after all: the body as it is.
            this.raw = true;
            return this.first;
          }
          this.error = 'a chunk size line that is not one';
          break;
        }
        if (nl === -1) break;
        i = nl + 1;
        this.line = '';
        this.first = null;
        this.left = Number.parseInt(m![1]!, 16);
        this.state = this.left === 0 ? 3 : 1;
      } else if (this.state === 1) {
        const n = Math.min(this.left, bytes.length - i);
        out.push(bytes.subarray(i, i + n));
        i += n;
        this.left -= n;
        if (this.left === 0) this.state = 2;
      } else if (this.state === 2) {
        const c = bytes[i++];
        if (c === 0x0a) this.state = 0;
        else if (c !== 0x0d) this.error = 'no CRLF after a chunk';
      } else {
        break;
      }
    }
    return out;
  }
}

const DECOMPRESSORS: Readonly<Record<string, (first: Uint8Array) => Transform | null>> = {
  // A body that is not the gzip it claims (no gzip magic) is read as it is.
  gzip: (b) => (b[0] === 0x1f && b[1] === 0x8b ? createGunzip() : null),
  'x-gzip': (b) => (b[0] === 0x1f && b[1] === 0x8b ? createGunzip() : null),
  // HTTP's deflate is zlib-wrapped; servers that send raw deflate are read as browsers read them.
  deflate: (b) => ((b[0]! & 0x0f) === 8 && ((b[0]! << 8) | b[1]!) % 31 === 0 ? createInflate() : createInflateRaw()),
  br: () => createBrotliDecompress(),
};

/**
 * Content codings undone in turn, streaming, each stage's output cut at `limit` bytes (then the
 * rest is dropped and `problem` says so): memory stays bounded whatever the data expands to.
 */
class Decoding {
  private readonly stages: Array<Transform | null | undefined>;
  private readonly out: number[];
  private failure: string | null = null;
  private over = false;
  private stopped = false;

  constructor(
    private readonly codings: string[],
    private readonly sink: (b: Uint8Array) => void,
    private readonly limit: number,
  ) {
    this.stages = codings.map(() => undefined);
    this.out = codings.map(() => 0);
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.into(0, bytes);
  }

  /** Undoes the last bytes; resolves once every stage has given its output. */
  async end(): Promise<void> {
    for (let k = 0; k < this.stages.length; k++) {
      const s = this.stages[k];
      if (s === undefined || s === null || this.stopped) continue;
      await new Promise<void>((resolve) => {
        s.once('end', resolve);
        s.once('close', resolve);
        s.end();
      });
    }
  }

  /** Why the content was read only in part, or null. */
  problem(): string | null {
    if (this.failure !== null)
      return `its ${this.codings.join(', ')}-encoded content cannot be decoded (${this.failure}): read up to there`;
    if (this.over)
      return `its content decodes to more than ${this.limit} bytes (--max-record-size): the links of the first ${this.limit} were read, the rest left out`;
    return null;
  }

  stop(): void {
    this.stopped = true;
    for (const s of this.stages) s?.destroy();
  }

  /** Hands `bytes` to stage `k` (or to the sink past the last); resolves once the stage has taken them. */
  private into(k: number, bytes: Uint8Array): Promise<void> {
    if (this.stopped || bytes.length === 0) return Promise.resolve();
    if (k === this.stages.length) {
      this.sink(bytes);
      return Promise.resolve();
    }
    let s = this.stages[k];
    if (s === undefined) {
      s = DECOMPRESSORS[this.codings[k]!]!(bytes);
      this.stages[k] = s;
      if (s !== null) this.wire(k, s);
    }
    if (s === null) return this.into(k + 1, bytes);
    const stage = s;
    return new Promise<void>((resolve) => {
      stage.once('close', resolve);
      stage.write(bytes, () => {
        stage.off('close', resolve);
        resolve();
      });
    });
  }

  private wire(k: number, s: Transform): void {
    s.on('data', (b: Buffer) => {
      if (this.stopped) return;
      const room = this.limit - this.out[k]!;
      this.out[k]! += b.length;
      if (b.length > room) {
        // What fits is read; the rest is left out.
        void this.into(k + 1, b.subarray(0, room));
        this.over = true;
        this.stop();
        return;
      }
      void this.into(k + 1, b);
    });
    s.on('error', (e: Error) => {
      if (this.stopped) return;
      this.failure = e.message;
      this.stop();
    });
  }
}

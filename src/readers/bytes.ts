/**
 * Batch scanning of newline-separated records in a byte buffer (a log, a crawl frontier): each
 * record is scanned where it lies, into one reused offsets record, without making a string per
 * line. Components are decoded only when read.
 */

import { utf8Length } from '../ops/percent.js';
import { argumentError, scanReport, type UriError } from '../syntax/errors.js';
import {
  Flag,
  type HostType,
  hostTypeOf,
  moveOffsets,
  OFFSETS_LENGTH,
  Range,
  rangeEnd,
  rangeFlag,
  rangeStart,
  Slot,
  shiftOffsets,
  type UriWarning,
  WARNING_FLAGS,
  warningsOf,
} from '../syntax/offsets.js';
import { checkOptionNames, countOption, optionsOf } from '../syntax/options.js';
import { checkByteRange, PARSE_OPTIONS, type ParseOptions, ScanOption, scanByteRange, scanLatin1, scanOptions } from '../syntax/scan.js';
import { tryParse, Uri } from '../uri.js';

interface NodeBuffer {
  toString(encoding: string, start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
}
interface BufferConstructor {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): NodeBuffer;
}
const NodeBuffer = (globalThis as unknown as { Buffer?: BufferConstructor }).Buffer;
const utf8 = new TextDecoder();
const EMPTY = new Uint8Array(0);
const HEX = '0123456789ABCDEF';
/** The bytes LineScanner reads as one Latin-1 string. */
const WINDOW = 64 * 1024;

/**
 * A URI in a byte buffer: `scan(bytes, start, end)` scans the range where it lies, and the
 * getters decode only the component that is read. One view serves any number of ranges (the
 * fields of a log line, the two halves of a `base<TAB>href` line).
 *
 * @example
 * const view = new ByteView();
 * if (view.scan(line, 4, 22) === 0) view.host; // 'a.example'
 */
export class ByteView {
  /** The last range's offsets: positions in `bytes` (see `Slot`). */
  readonly offsets = new Uint32Array(OFFSETS_LENGTH);
  /** The last range's `scanBytes` result: 0 or an `ErrorCode`. */
  code = 0;
  /** The last range: bytes [start, end). */
  start = 0;
  end = 0;
  /** The buffer of the last range. */
  bytes: Uint8Array = EMPTY;
  private buf: NodeBuffer | null = null;
  /** The last range as the Latin-1 text it was scanned as; null when it was scanned as bytes. */
  private scanned: string | null = null;

  /** With `iri`, whose characters are UTF-8 sequences, ranges are scanned as bytes. */
  protected readonly iri: boolean;

  /** @param options parse options for every range (checked now). */
  constructor(protected readonly options?: ParseOptions) {
    const o = optionsOf(options, new.target.name);
    if (o !== undefined) checkOptionNames(o, PARSE_OPTIONS, new.target.name);
    this.iri = o !== undefined && (scanOptions(o, new.target.name) & ScanOption.IRI) !== 0;
    if (o !== undefined) countOption(o, 'maxLength', new.target.name);
  }

  /** Scans bytes [start, end) of `bytes` and returns the `scanBytes` result. */
  scan(bytes: Uint8Array, start: number, end: number): number {
    checkByteRange(bytes, start, end, 'ByteView#scan');
    this.range(bytes, start, end);
    return (this.code = this.fill(bytes, start, end));
  }

  /** Makes [start, end) of `bytes` the view's range (before it is scanned). */
  protected range(bytes: Uint8Array, start: number, end: number): void {
    if (bytes !== this.bytes) {
      this.bytes = bytes;
      this.buf = NodeBuffer === undefined ? null : NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    this.start = start;
    this.end = end;
    this.scanned = null;
  }

  /**
   * Scans `text`, the bytes from `origin` on as Latin-1. The text is the range itself, never a
   * larger string: scan's searches for a delimiter run to the end of their string.
   */
  protected scanText(text: string, origin: number): number {
    this.scanned = text;
    const code = scanLatin1(text, this.offsets, this.options, 'ByteView#scan');
    moveOffsets(this.offsets, code, origin);
    return code;
  }

  /**
   * Fills `offsets` for bytes [start, end) of the view's buffer and returns 0 or an `ErrorCode`:
   * a URI-reference here; a view of another grammar (an HTTP request-target) reads the range its
   * own way. As a Latin-1 string (a copy of the range, one code unit per byte) when Node's Buffer
   * can make one: the string scan takes runs with regular expressions and measured faster than
   * reading byte by byte, copy included.
   */
  protected fill(bytes: Uint8Array, start: number, end: number): number {
    if (this.buf === null || this.iri) return scanByteRange(bytes, start, end, this.offsets, this.options, 'ByteView#scan');
    return this.scanText(this.buf.latin1Slice(start, end), start);
  }

  /**
   * The bytes [from, to) as text: UTF-8, read as Latin-1 when the range is ASCII (faster; a
   * slice of the text scanned, when the range was scanned as text). In
   * lenient mode, a byte that is not part of well-formed UTF-8 reads as its percent-encoding
   * (`%E9`), the octet a URI means by it, rather than as U+FFFD: distinct bytes stay distinct.
   */
  text(from: number, to: number): string {
    if (this.ascii()) {
      if (this.scanned !== null) return this.scanned.slice(from - this.start, to - this.start);
      return this.buf !== null ? this.buf.latin1Slice(from, to) : utf8.decode(this.bytes.subarray(from, to));
    }
    const s = this.utf8(from, to);
    return this.options?.lenient === true && s.includes('\uFFFD') ? this.keepBytes(from, to) : s;
  }

  /**
   * True when the valid range is all ASCII, so that its byte positions are string indices. The
   * scan's flags decide, not the decoded text's length: in lenient mode a stray byte (one byte,
   * three characters as `%XX`) and a three-byte character (three bytes, one character) even out.
   */
  private ascii(): boolean {
    return this.code === 0 && (this.offsets[Slot.FLAGS]! & (Flag.NON_ASCII | Flag.WARN_NON_ASCII)) === 0;
  }

  private utf8(from: number, to: number): string {
    return this.buf !== null ? this.buf.toString('utf8', from, to) : utf8.decode(this.bytes.subarray(from, to));
  }

  /** [from, to) as UTF-8 with each ill-formed byte as `%XX`. */
  private keepBytes(from: number, to: number): string {
    const b = this.bytes;
    let out = '';
    let run = from;
    for (let i = from; i < to; ) {
      const n = utf8Length(b, i, to);
      if (n !== 0) {
        i += n;
        continue;
      }
      out += `${this.utf8(run, i)}%${HEX[b[i]! >> 4]}${HEX[b[i]! & 15]}`;
      run = ++i;
    }
    return out + this.utf8(run, to);
  }

  /** A component of a valid range, bounded as Range says: `undefined` when absent or invalid. */
  private component(r: Range): string | undefined {
    if (this.code !== 0) return undefined;
    const flag = rangeFlag(r);
    if (flag !== 0 && (this.offsets[Slot.FLAGS]! & flag) === 0) return undefined;
    const start = rangeStart(r);
    return this.text(start === -1 ? this.start : this.offsets[start]!, this.offsets[rangeEnd(r)]!);
  }

  /** The whole range as text. */
  get href(): string {
    return this.text(this.start, this.end);
  }

  /** The scheme (`undefined` when absent or when the range is invalid). */
  get scheme(): string | undefined {
    return this.component(Range.SCHEME);
  }

  /** The userinfo, as `Uri#userinfo`. */
  get userinfo(): string | undefined {
    return this.component(Range.USERINFO);
  }

  /** The host, as `Uri#host`. */
  get host(): string | undefined {
    return this.component(Range.HOST);
  }

  /** The host type, as `Uri#hostType`. */
  get hostType(): HostType | undefined {
    return this.code === 0 ? hostTypeOf(this.offsets[Slot.FLAGS]!) : undefined;
  }

  /** The port, as `Uri#port`. */
  get port(): string | undefined {
    return this.component(Range.PORT);
  }

  /** The path, as `Uri#path` (`''` for an invalid range). */
  get path(): string {
    return this.component(Range.PATH) ?? '';
  }

  /** The query, as `Uri#query`. */
  get query(): string | undefined {
    return this.component(Range.QUERY);
  }

  /**
   * The origin-form request target (path and query), as `Uri#requestTarget`: `'/'` for an empty
   * path, `undefined` for an opaque URI (`mailto:x`) or an invalid range.
   */
  get requestTarget(): string | undefined {
    if (this.code !== 0) return undefined;
    const o = this.offsets;
    if (this.has(Flag.SCHEME) && this.bytes[o[Slot.SCHEME_END]! + 1] !== 0x2f) return undefined;
    const from = o[Slot.PATH_START]!;
    const pathEnd = o[Slot.PATH_END]!;
    const target = this.text(from, this.has(Flag.QUERY) ? o[Slot.QUERY_END]! : pathEnd);
    return from === pathEnd ? `/${target}` : target;
  }

  /** The fragment, as `Uri#fragment`. */
  get fragment(): string | undefined {
    return this.component(Range.FRAGMENT);
  }

  /** What lenient mode tolerated in the range, as `Uri#warnings` (found in its bytes). */
  get warnings(): readonly UriWarning[] {
    return warningsOf(this.code === 0 ? this.offsets[Slot.FLAGS]! : 0);
  }

  /** With `warnings`, the index of the first tolerated character, counted in characters of `href`. */
  get warningIndex(): number | undefined {
    if (this.code !== 0 || (this.offsets[Slot.FLAGS]! & WARNING_FLAGS) === 0) return undefined;
    return this.text(this.start, this.offsets[Slot.WARNING_INDEX]!).length;
  }

  /** The range as a `Uri` (its text decoded once), or `null` when it is invalid. */
  uri(): Uri | null {
    if (this.code !== 0) return null;
    const text = this.href;
    if (!this.ascii()) return tryParse(text, this.options);
    // ASCII: byte positions are string indices, less the range's start. Absent components'
    // slots hold 0, which is below the start, and stay 0.
    return new Uri(text, shiftOffsets(this.offsets.slice(), this.start));
  }

  /**
   * The range's `UriError`, its index counted in characters of the text: an allocation, made to
   * be reported rather than thrown, so without a stack trace.
   */
  error(): UriError {
    const index = this.text(this.start, Math.min(this.offsets[Slot.ERROR_INDEX]!, this.end)).length;
    return scanReport(this.code, index, this.href);
  }

  private has(bit: number): boolean {
    return this.code === 0 && (this.offsets[Slot.FLAGS]! & bit) !== 0;
  }
}

/**
 * A cursor over the records of `bytes`: `next()` moves to the following record and scans it.
 * Records end at "\n" (a "\r" before it is not part of the record); the last one may lack it.
 * An empty line is no record: `next()` passes it (its number is counted in `line`).
 *
 * @example
 * const lines = new LineScanner(readFileSync('urls.txt'));
 * while (lines.next()) {
 *   if (lines.code === 0) count(lines.host);   // decodes the host only
 *   else console.log(lines.line, lines.error().message);
 * }
 */
export class LineScanner extends ByteView {
  /** The current record's line number (1 for the first of the buffer, or `firstLine`). */
  line: number;
  private pos: number;
  private readonly limit: number;
  private readonly all: Uint8Array;
  /** Bytes [windowStart, windowEnd) of `all` as a Latin-1 string, made once for many records. */
  private window = '';
  private windowStart = 0;
  private windowEnd = 0;
  /** `all` as a Node Buffer, which makes the window; null without Node's Buffer, or with `iri`. */
  private readonly source: NodeBuffer | null;

  /**
   * @param bytes the records, UTF-8.
   * @param options parse options for every record.
   * @param start, end the part of `bytes` to walk (the whole by default).
   * @param firstLine the number of the first record, for a buffer cut from a larger input.
   */
  constructor(bytes: Uint8Array, options?: ParseOptions, start = 0, end: number = bytes?.length, firstLine = 1) {
    super(options);
    if (!(bytes instanceof Uint8Array)) throw argumentError('LineScanner', 'bytes', 'a Uint8Array (or a Buffer)', bytes);
    if (!Number.isInteger(start)) throw argumentError('LineScanner', 'start', 'a whole number', start);
    if (!Number.isInteger(end)) throw argumentError('LineScanner', 'end', 'a whole number', end);
    if (!(start >= 0 && start <= end && end <= bytes.length))
      throw new RangeError(`LineScanner: invalid range [${start}, ${end}) of ${bytes.length} bytes`);
    if (!Number.isInteger(firstLine)) throw argumentError('LineScanner', 'firstLine', 'a whole number', firstLine);
    this.all = bytes;
    this.source = NodeBuffer === undefined || this.iri ? null : NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
    this.limit = end;
    this.line = firstLine - 1;
  }

  /**
   * Moves to the next record (past empty lines) and scans it; `false` when there is none. The
   * records are read from a Latin-1 string of the next 64 KiB of the buffer (or of one record,
   * when longer), made once for many records: the scan of a string takes runs with regular
   * expressions, and a search in it for the newline is native. The buffer must not change while
   * the scanner walks it.
   */
  next(): boolean {
    const bytes = this.all;
    for (let pos = this.pos; pos < this.limit; pos = this.pos) {
      this.line++;
      let end: number;
      if (this.source === null) {
        // As bytes: IRI characters are UTF-8 sequences.
        let nl = bytes.indexOf(0x0a, pos);
        if (nl === -1 || nl >= this.limit) nl = this.limit;
        this.pos = nl + 1;
        end = nl > pos && bytes[nl - 1] === 0x0d ? nl - 1 : nl;
        if (end > pos) {
          this.scan(bytes, pos, end);
          return true;
        }
        continue;
      }
      const nl = this.newline(pos);
      const from = this.windowStart;
      end = nl > pos && this.window.charCodeAt(nl - 1 - from) === 0x0d ? nl - 1 : nl;
      this.pos = nl + 1;
      if (end > pos) {
        this.range(bytes, pos, end);
        // A slice of the window: no copy (for a record of 13 bytes or more), and bounds for scan.
        this.code = this.scanText(this.window.slice(pos - from, end - from), pos);
        return true;
      }
    }
    return false;
  }

  /** The record's end at or after `pos` (its "\n", or the limit), with the window holding the record. */
  private newline(pos: number): number {
    if (pos < this.windowEnd) {
      const k = this.window.indexOf('\n', pos - this.windowStart);
      if (k !== -1) return this.windowStart + k;
      if (this.windowEnd === this.limit) return this.limit;
    }
    this.windowStart = pos;
    this.windowEnd = Math.min(this.limit, pos + WINDOW);
    this.window = this.source!.latin1Slice(pos, this.windowEnd);
    const k = this.window.indexOf('\n');
    if (k !== -1) return pos + k;
    if (this.windowEnd === this.limit) return this.limit;
    // A record longer than the window: a window of its own.
    let nl = this.all.indexOf(0x0a, this.windowEnd);
    if (nl === -1 || nl >= this.limit) nl = this.limit;
    this.windowEnd = nl;
    this.window = this.source!.latin1Slice(pos, nl);
    return nl;
  }
}

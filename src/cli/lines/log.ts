/**
 * The URIs of an Apache/nginx access log line (`--log common|combined`):
 *
 * ```
 * 203.0.113.7 - - [17/May/2015:10:05:03 +0000] "GET /a?b HTTP/1.1" 200 512 "http://r.example/" "UA"
 * └ common: host ident user [time] "request" status size ┘└ combined adds "referrer" "user-agent" ┘
 * ```
 *
 * The request target is the second word of the request line; the referrer is the quoted field
 * after status and size (combined only), `-` meaning none. Quotes inside a quoted field are
 * escaped (`\"`, as Apache writes them; nginx writes `\x22`, which needs no care). The fields
 * are taken as logged: `\xNN` escapes are not undone, so such a URI needs `--lenient`.
 *
 * `LogLine` finds the fields of one line; `LogLines` is the walker's reader for `--log`.
 */
import { ByteView } from '../../readers/bytes.js';
import { scanRequestTargetBytes, TargetForm } from '../../readers/request-target.js';
import { Flag, Slot } from '../../syntax/offsets.js';
import type { ParseOptions } from '../../syntax/scan.js';
import { parse, type Uri } from '../../uri.js';
import { show } from '../io/quote.js';
import { Words } from '../io/writer.js';
import type { Lines, LogFormat } from '../options/arguments.js';
import { compileFormat, Field, FormatLine, fieldSeconds } from '../options/log-format.js';
import { BACKSLASH, COLON, DASH, QUOTE, SLASH, SPACE } from './chars.js';
import { FastLog, Shape } from './fast.js';
import { RecordMemo } from './memo.js';
import {
  CHECKED_LINES,
  Kind,
  LineContext,
  type LineReader,
  LOOKS,
  LogCheck,
  type Looks,
  type Parts,
  type Records,
  viewOptions,
} from './records.js';
import { type ByteSearch, Finder } from './walker.js';

/** The ranges of one log line's URIs, or what is wrong with the line. Reused for every line. */
export class LogLine {
  /** The request's method: bytes [methodStart, targetStart - 1), with a target. */
  methodStart = -1;
  /** The request target: bytes [targetStart, targetEnd); -1 when the line has none. */
  targetStart = -1;
  targetEnd = -1;
  /** The referrer: bytes [referrerStart, referrerEnd); -1 when absent or "-". */
  referrerStart = -1;
  referrerEnd = -1;
  /** When the line is not usable: `'NOT_A_LOG_LINE'` or `'NO_REQUEST_TARGET'`; else null. */
  error: 'NOT_A_LOG_LINE' | 'NO_REQUEST_TARGET' | null = null;
  /** With `error`: the position in the buffer where reading stopped. */
  errorAt = 0;
  /** With `error`: what was expected there. */
  expected = '';
  /** The request's closing quote (with NO_REQUEST_TARGET, the request line is bytes [errorAt, requestEnd)). */
  requestEnd = 0;
  /** The "]" that ends the time: the time is the 26 bytes before it, when it is one. */
  timeEnd = 0;
  /** With combined: the referrer's closing quote (the user agent follows it); else -1. */
  referrerClose = -1;

  private readonly quotes: ByteSearch;
  /** With `--log-format` (format 'custom'): the compiled format's reader; else null. */
  private readonly custom: FormatLine | null;
  /** The lines have a referrer field (combined, or a format with one). */
  readonly hasReferrer: boolean;

  /** `finder`: where the line's searches come from (see walker.ts); `source`, the `--log-format` of 'custom'. */
  constructor(
    readonly format: LogFormat,
    finder: Finder,
    source: string | null = null,
  ) {
    this.quotes = finder.search(QUOTE);
    this.custom = format === 'custom' ? new FormatLine(compileFormat(source!)) : null;
    this.hasReferrer = format === 'combined' || this.custom?.format.has.has(Field.REFERRER) === true;
  }

  /** Reads the line bytes [start, end) of `b`; returns false when `error` is set. */
  read(b: Uint8Array, start: number, end: number): boolean {
    this.targetStart = this.targetEnd = this.referrerStart = this.referrerEnd = this.referrerClose = -1;
    this.error = null;
    if (this.custom !== null) return this.readCustom(this.custom, b, start, end);
    // The request: the first quoted field, after "[time] ".
    const q1 = this.quotes.in(b, start, end);
    if (q1 === -1) return this.fail(end, 'a quoted request ("GET /path HTTP/1.1") after the time');
    if (q1 < start + 2 || b[q1 - 1] !== SPACE || b[q1 - 2] !== 0x5d /* ] */)
      return this.fail(q1, 'the time in brackets ("[17/May/2015:10:05:03 +0000] ") before the quoted request');
    const q2 = closingQuote(b, q1 + 1, end, this.quotes);
    if (q2 === -1) return this.fail(end, 'the closing quote of the request');
    this.timeEnd = q1 - 2;
    this.requestEnd = q2;
    if (!this.request(b, q1, q2)) return false;
    if (this.format === 'common') return true;
    // ' status size "referrer"'
    let p = q2 + 1;
    for (let word = 0; word < 2; word++) {
      if (p >= end || b[p] !== SPACE)
        return this.fail(p, word === 0 ? 'a space and the status after the request' : 'a space and the size after the status');
      p++;
      const from = p;
      while (p < end && b[p] !== SPACE && b[p] !== QUOTE) p++;
      if (p === from) return this.fail(p, word === 0 ? 'the status after the request' : 'the size after the status');
    }
    if (p + 1 >= end || b[p] !== SPACE || b[p + 1] !== QUOTE)
      return this.fail(p, 'the quoted referrer after the status and the size (use --log common for logs without it)');
    const r2 = closingQuote(b, p + 2, end, this.quotes);
    if (r2 === -1) return this.fail(end, 'the closing quote of the referrer');
    this.referrerClose = r2;
    if (!(r2 === p + 3 && b[p + 2] === DASH)) {
      this.referrerStart = p + 2;
      this.referrerEnd = r2;
    }
    return true;
  }

  /**
   * Reads into `ctx` the fields of the line [start, end) of `b` that `Records.requests` wants
   * besides its time and status: the client's address (the first word), the size (the word after
   * the status, whose request's closing quote is at `requestEnd`), and after the referrer's
   * closing quote (`referrerClose`, -1: none) the quoted user agent and a time taken in seconds
   * (a number with a decimal point, as nginx's `$request_time` writes it; a whole number could be
   * Apache's microseconds (%D) as well as seconds (%T), and is not read).
   */
  fields(ctx: LineContext, b: Uint8Array, start: number, requestEnd: number, referrerClose: number, end: number): void {
    if (this.custom !== null) {
      this.customFields(this.custom, ctx, b);
      return;
    }
    let p = start;
    while (p < end && b[p] !== SPACE) p++;
    let agentClose = -1;
    const a = referrerClose + 1;
    if (referrerClose !== -1 && a + 1 < end && b[a] === SPACE && b[a + 1] === QUOTE) agentClose = closingQuote(b, a + 2, end, this.quotes);
    this.fieldsAt(ctx, b, start, p, requestEnd, referrerClose, agentClose, end);
  }

  /**
   * `fields` of a line whose client's end (its first space) and user agent's closing quote are
   * known (`FastLog.clientEnd`, `agentClose`: -1 when the referrer's closing quote is not followed
   * by ' "' and a closing quote).
   */
  fieldsAt(
    ctx: LineContext,
    b: Uint8Array,
    start: number,
    clientEnd: number,
    requestEnd: number,
    referrerClose: number,
    agentClose: number,
    end: number,
  ): void {
    ctx.bytes = b;
    ctx.clientStart = start;
    ctx.clientEnd = clientEnd;
    ctx.size = -1;
    ctx.agentStart = ctx.agentEnd = ctx.taken = -1;
    // ' status size'
    let p = requestEnd + 1;
    if (p < end && b[p] === SPACE) {
      p++;
      while (p < end && b[p] !== SPACE) p++;
      if (p < end) ctx.size = wholeNumber(b, p + 1, end);
    }
    const q = agentClose;
    if (q === -1) return;
    // After the referrer's closing quote, its space and the agent's opening quote.
    const from = referrerClose + 3;
    if (!(q === from + 1 && b[from] === DASH)) {
      ctx.agentStart = from;
      ctx.agentEnd = q;
    }
    if (q + 1 < end && b[q + 1] === SPACE) ctx.taken = seconds(b, q + 2, end);
  }

  /** `read` by a compiled `--log-format`. */
  private readCustom(f: FormatLine, b: Uint8Array, start: number, end: number): boolean {
    if (!f.read(b, start, end)) return this.fail(f.errorAt, f.expected);
    const rs = f.start[Field.REFERRER]!;
    const re = f.end[Field.REFERRER]!;
    if (rs !== -1 && !(re === rs + 1 && b[rs] === DASH)) {
      this.referrerStart = rs;
      this.referrerEnd = re;
    }
    const ts = f.start[Field.TARGET]!;
    if (ts !== -1) {
      // A target alone ($request_uri, %U): its method is not known, and taken as GET.
      this.targetStart = this.methodStart = ts;
      this.targetEnd = f.end[Field.TARGET]!;
      this.requestEnd = this.targetEnd;
      return true;
    }
    const q2 = f.end[Field.REQUEST]!;
    this.requestEnd = q2;
    return this.request(b, f.start[Field.REQUEST]! - 1, q2);
  }

  /**
   * The method and target of the request line between `q1` and `q2` (its quotes, or the bytes
   * around it): METHOD SP target [SP protocol]; false, with NO_REQUEST_TARGET, when it has none.
   */
  private request(b: Uint8Array, q1: number, q2: number): boolean {
    // The method and the protocol are a few bytes, read here rather than searched for natively
    // (a call into C++ costs more than such a loop).
    let sp = q1 + 1;
    while (sp < q2 - 1 && b[sp] !== SPACE) sp++;
    if (sp >= q2 - 1) {
      this.error = 'NO_REQUEST_TARGET';
      this.errorAt = q1 + 1;
      this.expected = '';
      return false;
    }
    // The target ends at the last space when an HTTP version follows it (a target logged with a
    // space in it stays whole), else at the quote (HTTP/0.9: "GET /").
    this.methodStart = q1 + 1;
    this.targetStart = sp + 1;
    let last = q2 - 1;
    while (last > sp && b[last] !== SPACE) last--;
    this.targetEnd = last > sp && isVersion(b, last + 1, q2) ? last : q2;
    return true;
  }

  /** The minute of the line read last (see `logMinute`), -1 when it has no readable time. */
  minute(b: Uint8Array, minutes: Minutes): number {
    const f = this.custom;
    if (f === null) return minutes.of(b, this.timeEnd);
    const local = f.start[Field.TIME_LOCAL]!;
    if (local !== -1) return f.end[Field.TIME_LOCAL]! - local === 26 ? localMinute(b, local) : -1;
    const iso = f.start[Field.TIME_ISO]!;
    return iso === -1 ? -1 : isoMinute(b, iso, f.end[Field.TIME_ISO]!);
  }

  /** The status of the line read last (the line ends at `end`), or -1. */
  status(b: Uint8Array, end: number): number {
    const f = this.custom;
    if (f === null) return logStatus(b, this.requestEnd, end);
    const s = f.start[Field.STATUS]!;
    return s !== -1 && f.end[Field.STATUS]! - s === 3 ? digits(b, s, 3) : -1;
  }

  /** `fields` for a line read by a compiled `--log-format`. */
  private customFields(f: FormatLine, ctx: LineContext, b: Uint8Array): void {
    ctx.bytes = b;
    ctx.clientStart = f.start[Field.CLIENT]!;
    ctx.clientEnd = f.end[Field.CLIENT]!;
    const size = f.start[Field.SIZE]!;
    ctx.size = size === -1 ? -1 : wholeNumber(b, size, f.end[Field.SIZE]!);
    const as = f.start[Field.AGENT]!;
    const ae = f.end[Field.AGENT]!;
    const none = as === -1 || (ae === as + 1 && b[as] === DASH);
    ctx.agentStart = none ? -1 : as;
    ctx.agentEnd = none ? -1 : ae;
    ctx.taken = -1;
    for (const [field, scale] of TAKEN) {
      const t = f.start[field]!;
      if (t === -1) continue;
      ctx.taken = fieldSeconds(b, t, f.end[field]!, scale);
      break;
    }
  }

  private fail(at: number, expected: string): false {
    this.error = 'NOT_A_LOG_LINE';
    this.errorAt = at;
    this.expected = expected;
    return false;
  }
}

/** The fields of a time taken, and what their numbers are divided by for seconds. */
const TAKEN: ReadonlyArray<readonly [Field, number]> = [
  [Field.SECONDS, 1],
  [Field.MILLISECONDS, 1000],
  [Field.MICROSECONDS, 1_000_000],
];

/** The whole number of the digits from `at` up to a space or `end` (at most 15 of them), or -1. */
function wholeNumber(b: Uint8Array, at: number, end: number): number {
  let v = 0;
  let i = at;
  for (; i < end && b[i] !== SPACE; i++) {
    const d = b[i]! - 0x30;
    if (d < 0 || d > 9 || i - at === 15) return -1;
    v = v * 10 + d;
  }
  return i === at ? -1 : v;
}

/**
 * The seconds that the word from `at` (up to a space or `end`) writes as digits, a point and
 * digits ("0.123"), or -1; exact as the literal's double (one division of two exact integers).
 */
export function seconds(b: Uint8Array, at: number, end: number): number {
  let v = 0;
  let scale = 0;
  let i = at;
  for (; i < end && b[i] !== SPACE; i++) {
    if (b[i] === 0x2e /* . */ && scale === 0 && i > at) {
      scale = 1;
      continue;
    }
    const d = b[i]! - 0x30;
    if (d < 0 || d > 9 || i - at === 15) return -1;
    v = v * 10 + d;
    if (scale !== 0) scale *= 10;
  }
  return scale > 1 ? v / scale : -1;
}

/** "HTTP/" begins bytes [from, end). */
function isVersion(b: Uint8Array, from: number, end: number): boolean {
  return (
    end - from >= 5 && b[from] === 0x48 && b[from + 1] === 0x54 && b[from + 2] === 0x54 && b[from + 3] === 0x50 && b[from + 4] === 0x2f
  );
}

const MONTHS: Readonly<Record<number, number>> = {
  4874606: 1, // Jan
  4613474: 2,
  5071218: 3,
  4288626: 4,
  5071225: 5,
  4879726: 6,
  4879724: 7,
  4289895: 8,
  5465456: 9,
  5202804: 10,
  5140342: 11,
  4482403: 12,
};

/** The number of the `n` ASCII digits at `at`, or -1. */
function digits(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = b[i]! - 0x30;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * The time of a log line, `[17/May/2015:10:05:03 +0000]` whose "]" is at `close`, in minutes
 * since 1970-01-01T00:00Z (the seconds dropped, the offset applied); -1 when it is not such a
 * time, or before 1970.
 */
export function logMinute(b: Uint8Array, close: number): number {
  const t = close - 26;
  if (t < 1 || b[t - 1] !== 0x5b || b[close] !== 0x5d) return -1;
  return localMinute(b, t);
}

/** The minute of the 26 bytes at `t`, `17/May/2015:10:05:03 +0000` (see `logMinute`), or -1. */
export function localMinute(b: Uint8Array, t: number): number {
  if (b[t + 2] !== 0x2f || b[t + 6] !== 0x2f || b[t + 11] !== 0x3a || b[t + 14] !== 0x3a || b[t + 20] !== SPACE) return -1;
  const day = digits(b, t, 2);
  const month = MONTHS[(b[t + 3]! << 16) | (b[t + 4]! << 8) | b[t + 5]!];
  const year = digits(b, t + 7, 4);
  const hour = digits(b, t + 12, 2);
  const minute = digits(b, t + 15, 2);
  const zone = digits(b, t + 22, 4);
  const sign = b[t + 21] === 0x2b ? 1 : b[t + 21] === DASH ? -1 : 0;
  if (day < 1 || day > 31 || month === undefined || year < 1970 || hour > 23 || minute > 59 || zone < 0 || sign === 0) return -1;
  const offset = sign * (Math.floor(zone / 100) * 60 + (zone % 100));
  const at = daysFromCivil(year, month, day) * 1440 + hour * 60 + minute - offset;
  return at < 0 ? -1 : at;
}

/**
 * `logMinute` for the lines of a log in turn: lines logged in the same minute repeat the bytes it
 * reads, so a time whose bytes (its seconds aside) are those of the last one has its minute.
 */
export class Minutes {
  /**
   * The last time's "[dd/Mon/yyyy:hh:mm" and " +zzzz]" (what logMinute reads), 4 bytes to a
   * number but the last 2 and 1 (z2 -1: none yet). Compared a byte at a time, they cost a line
   * some 600 to 800 instructions more (callgrind, bench/README.md).
   */
  private readonly words = new Words();
  private w0 = 0;
  private w1 = 0;
  private w2 = 0;
  private w3 = 0;
  private w4 = 0;
  private z0 = 0;
  private z1 = 0;
  private z2 = -1;
  private minute = -1;

  /** `logMinute(b, close)`. */
  of(b: Uint8Array, close: number): number {
    const t = close - 26;
    if (t < 1) return logMinute(b, close);
    const v = this.words.of(b);
    const w0 = v.getInt32(t - 1, true);
    const w1 = v.getInt32(t + 3, true);
    const w2 = v.getInt32(t + 7, true);
    const w3 = v.getInt32(t + 11, true);
    const w4 = v.getUint16(t + 15, true);
    const z0 = v.getInt32(t + 20, true);
    const z1 = v.getUint16(t + 24, true);
    const z2 = b[close]!;
    if (
      w0 === this.w0 &&
      w1 === this.w1 &&
      w2 === this.w2 &&
      w3 === this.w3 &&
      w4 === this.w4 &&
      z0 === this.z0 &&
      z1 === this.z1 &&
      z2 === this.z2
    )
      return this.minute;
    this.w0 = w0;
    this.w1 = w1;
    this.w2 = w2;
    this.w3 = w3;
    this.w4 = w4;
    this.z0 = z0;
    this.z1 = z1;
    this.z2 = z2;
    return (this.minute = logMinute(b, close));
  }
}

/**
 * The minute of an ISO 8601 time [t, end) as nginx's `$time_iso8601` writes it,
 * `2015-05-17T10:05:03+00:00` (or `Z` for the offset), or -1 (see `logMinute`).
 */
export function isoMinute(b: Uint8Array, t: number, end: number): number {
  const zulu = end - t === 20 && b[t + 19] === 0x5a;
  if (!zulu && end - t !== 25) return -1;
  if (b[t + 4] !== DASH || b[t + 7] !== DASH || b[t + 10] !== 0x54 || b[t + 13] !== COLON || b[t + 16] !== COLON) return -1;
  const year = digits(b, t, 4);
  const month = digits(b, t + 5, 2);
  const day = digits(b, t + 8, 2);
  const hour = digits(b, t + 11, 2);
  const minute = digits(b, t + 14, 2);
  const sign = zulu ? 1 : b[t + 19] === 0x2b ? 1 : b[t + 19] === DASH ? -1 : 0;
  const zh = zulu ? 0 : digits(b, t + 20, 2);
  const zm = zulu ? 0 : digits(b, t + 23, 2);
  if (!zulu && b[t + 22] !== COLON) return -1;
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || sign === 0 || zh < 0 || zm < 0)
    return -1;
  const at = daysFromCivil(year, month, day) * 1440 + hour * 60 + minute - sign * (zh * 60 + zm);
  return at < 0 ? -1 : at;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  if (m <= 2) y--;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The status after the request whose closing quote is at `q2` (` 200 `), or -1. */
export function logStatus(b: Uint8Array, q2: number, end: number): number {
  if (q2 + 5 > end || b[q2 + 1] !== SPACE || (q2 + 5 < end && b[q2 + 5] !== SPACE)) return -1;
  return digits(b, q2 + 2, 3);
}

/** The position of the first quote in [from, end) that no backslash escapes, or -1. */
function closingQuote(b: Uint8Array, from: number, end: number, quotes: ByteSearch): number {
  for (let q = quotes.in(b, from, end); q !== -1; q = quotes.in(b, q + 1, end)) {
    let k = q - 1;
    while (k >= from && b[k] === BACKSLASH) k--;
    if (((q - 1 - k) & 1) === 0) return q;
  }
  return -1;
}

/** Node's Buffer method that makes a Latin-1 string of bytes (`toString('latin1')` without its checks). */
export interface Latin1Slicer {
  latin1Slice(start: number, end: number): string;
}

/**
 * A log line's request-target, read as RFC 9112 §3.2 says for the line's method: `CONNECT
 * host:443` is the authority-form (a host and a port), `OPTIONS *` the asterisk-form, and a
 * target that begins with "//" a path. `form` is the last range's `TargetForm` (0 when invalid).
 */
export class TargetView extends ByteView {
  form = 0;
  /** The method of the next range: 'CONNECT', 'OPTIONS', or 'GET' for any other. */
  method = 'GET';
  /** The buffer of the last origin-form target, as a Node Buffer (for its Latin-1 text). */
  private latin1Of: Uint8Array | null = null;
  private latin1: Latin1Slicer | null = null;

  protected override fill(bytes: Uint8Array, start: number, end: number): number {
    // An origin-form target ("/" and not "//") is its path and query: a URI-reference that the
    // string scan reads with its regular expressions, several times faster than the byte loop.
    // Anything else, and a target that the string scan refuses or finds a fragment in, goes the
    // byte way, whose answer (and error) is the request-target grammar's.
    if (!this.iri && this.method === 'GET' && end - start > 1 && bytes[start] === SLASH && bytes[start + 1] !== SLASH) {
      if (bytes !== this.latin1Of) {
        this.latin1Of = bytes;
        this.latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as Latin1Slicer;
      }
      if (this.scanText(this.latin1!.latin1Slice(start, end), start) === 0 && (this.offsets[Slot.FLAGS]! & Flag.FRAGMENT) === 0) {
        this.form = TargetForm.ORIGIN;
        return 0;
      }
      this.range(bytes, start, end);
    }
    const r = scanRequestTargetBytes(bytes, start, end, this.offsets, this.method, this.options);
    this.form = r > 0 ? r : 0;
    return r > 0 ? 0 : -r;
  }

  /** The target as a `Uri`: for the authority-form, the network-path reference `//host:port`. */
  override uri(): Uri | null {
    if (this.form !== TargetForm.AUTHORITY) return super.uri();
    return parse(`//${this.href}`, this.options);
  }
}

const CONNECT = [0x43, 0x4f, 0x4e, 0x4e, 0x45, 0x43, 0x54];
const OPTIONS = [0x4f, 0x50, 0x54, 0x49, 0x4f, 0x4e, 0x53];

/** The method of bytes [start, end), as far as request-targets care. */
function method(b: Uint8Array, start: number, end: number): string {
  if (end - start !== 7) return 'GET';
  const is = (m: number[]) => m.every((c, i) => b[start + i] === c);
  return is(CONNECT) ? 'CONNECT' : is(OPTIONS) ? 'OPTIONS' : 'GET';
}

/**
 * Whether lines read as URIs (no `--log`) are access log lines: the first lines of each reader
 * are tried as each format, and most of them must read. `--lenient` would take such lines whole
 * as URIs, so the commands suggest `--log` instead.
 */
export class LogProbe {
  /** The lines tried so far, and how many of them read as each format. */
  private tried = 0;
  private combined = 0;
  private common = 0;
  private readonly finder = new Finder();
  private readonly asCombined = new LogLine('combined', this.finder);
  private readonly asCommon = new LogLine('common', this.finder);

  /** Whether enough lines were tried. */
  get done(): boolean {
    return this.tried === PROBED_LINES;
  }

  /** Tries the line bytes [start, end) of `b`; the format the lines tried look like, or null. */
  probe(b: Uint8Array, start: number, end: number): LogFormat | null {
    // The line alone: no search looks past it.
    const line = b.subarray(start, end);
    this.finder.reset();
    this.tried++;
    if (this.asCombined.read(line, 0, line.length)) this.combined++;
    else if (this.asCommon.read(line, 0, line.length)) this.common++;
    if (2 * this.combined > this.tried) return 'combined';
    return 2 * (this.combined + this.common) > this.tried ? 'common' : null;
  }
}

/** How many lines a `LogProbe` tries. */
const PROBED_LINES = 16;

/**
 * Tells what a line that is not of the `--log` format looks like: a line of the other format, a
 * JSON object, a URI (with a scheme, or a path from "/"), or none of these.
 */
class Looker {
  private readonly finder = new Finder();
  private readonly others: LogLine[];
  private readonly view: ByteView;

  constructor(format: LogFormat, options: ParseOptions | undefined) {
    // A combined line is a common one too: a combined log read as common has no other format to
    // try; one read with --log-format may be either.
    const combined = new LogLine('combined', this.finder);
    const common = new LogLine('common', this.finder);
    this.others = format === 'combined' ? [common] : format === 'custom' ? [combined, common] : [];
    this.view = new ByteView(options);
  }

  look(b: Uint8Array, start: number, end: number): Looks {
    const line = b.subarray(start, end);
    for (const other of this.others) {
      this.finder.reset();
      if (other.read(line, 0, line.length)) return other.format as 'combined' | 'common';
    }
    if (isJsonObject(line)) return 'json';
    const v = this.view;
    if (v.scan(line, 0, line.length) === 0 && (v.scheme !== undefined || line[0] === SLASH)) return 'uris';
    return 'other';
  }
}

/** Whether the line is a JSON object (a line of JSON lines). */
function isJsonObject(line: Uint8Array): boolean {
  let i = 0;
  while (i < line.length && (line[i] === SPACE || line[i] === 0x09)) i++;
  if (line[i] !== 0x7b /* { */) return false;
  try {
    const v: unknown = JSON.parse(Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The reader of `--log` lines: each line's request target and referrer, as `--log-field` says. */
export class LogLines<T> implements LineReader {
  private readonly log: LogLine;
  private readonly want: Lines['logField'];
  private readonly target: TargetView;
  private readonly referrer: ByteView;
  /** The command asks for each line's time and status. */
  private readonly requests: boolean;
  private readonly minutes = new Minutes();
  /** Records of the common shapes, read without a scan; null when the command or the options want every record scanned. */
  private readonly fast: FastLog | null = null;
  /** Every line of the common shape is read at once, in one step (validate: their validity is all it needs). */
  private readonly lines: boolean;
  /** The record being handed on, and its line. */
  private readonly ctx = new LineContext();
  /** What the command made of the targets and the referrers seen lately; null when it takes every record scanned. */
  private readonly targets: RecordMemo<T> | null;
  private readonly referrers: RecordMemo<T> | null;
  /** The lines read and not read (the command's, when it keeps one), and what the first ones not read look like. */
  private readonly check: LogCheck;
  private readonly looker: Looker;

  constructor(
    config: Lines,
    private readonly to: Records<T>,
    finder: Finder,
  ) {
    this.log = new LogLine(config.log!, finder, config.logFormat);
    this.want = config.logField;
    const options = viewOptions(config.parse);
    this.target = new TargetView(options);
    this.referrer = new ByteView(options);
    this.requests = to.requests === true;
    // What the expressions accept is what a scan without options accepts.
    if (options === undefined && (to.takes === 'valid' || to.takes === 'parts') && config.log !== 'custom')
      this.fast = new FastLog(config.log!);
    this.lines = this.fast !== null && to.takes === 'valid' && !this.requests;
    const memo = to.memo === true;
    this.targets = memo && this.want !== 'referrer' ? new RecordMemo<T>() : null;
    this.referrers = memo && this.want !== 'target' && this.log.hasReferrer ? new RecordMemo<T>() : null;
    this.check = to.logCheck ?? new LogCheck();
    this.looker = new Looker(config.log!, options);
  }

  begin(bytes: Buffer, start: number, end: number): void {
    this.fast?.begin(bytes, start, end);
  }

  read(bytes: Buffer, start: number, end: number, line: number): void {
    const to = this.to;
    const want = this.want;
    const fast = this.fast;
    const ctx = this.ctx;
    ctx.line = line;
    this.check.tried++;
    // A line of the common shape is read at once, its records without the memo: the module that
    // reads it costs less than looking its records up would save (bench/README.md).
    if (fast !== null) {
      const shape = fast.line(bytes, start, end, !this.lines);
      if (shape !== Shape.NONE) {
        if (this.requests) {
          ctx.targetStart = fast.target.start;
          ctx.targetEnd = fast.target.end;
          const both = shape === Shape.BOTH;
          ctx.referrerStart = both ? fast.referrer.start : -1;
          ctx.referrerEnd = both ? fast.referrer.end : -1;
          if (fast.clientEnd === -1) this.log.fields(ctx, bytes, start, fast.requestEnd, fast.referrerClose, end);
          else this.log.fieldsAt(ctx, bytes, start, fast.clientEnd, fast.requestEnd, fast.referrerClose, fast.agentClose, end);
          this.logLine(this.minutes.of(bytes, fast.timeEnd), logStatus(bytes, fast.requestEnd, end));
        }
        if (want !== 'referrer') this.valid(fast.target, Kind.TARGET, this.targets);
        if (want === 'target' || this.log.format === 'common') return;
        if (shape === Shape.BOTH) this.valid(fast.referrer, Kind.REFERRER, this.referrers);
        else to.absent();
        return;
      }
    }
    const l = this.log;
    const ok = l.read(bytes, start, end);
    if (this.requests && l.error !== 'NOT_A_LOG_LINE') {
      ctx.targetStart = l.targetStart;
      ctx.targetEnd = l.targetEnd;
      ctx.referrerStart = l.referrerStart;
      ctx.referrerEnd = l.referrerEnd;
      l.fields(ctx, bytes, start, l.requestEnd, l.referrerClose, end);
      this.logLine(l.minute(bytes, this.minutes), l.status(bytes, end));
    }
    if (!ok) {
      if (l.error === 'NOT_A_LOG_LINE') this.notRead(bytes, start, end);
      const text = bytes.toString('utf8', start, end);
      const index = bytes.toString('utf8', start, l.errorAt).length;
      const message =
        l.error === 'NOT_A_LOG_LINE'
          ? `Not a ${l.format} log line: expected ${l.expected} at index ${index} in ${show(text)}`
          : `No request target: the request ${show(bytes.toString('utf8', l.errorAt, l.requestEnd))} is not METHOD TARGET PROTOCOL (a client that sent no request is logged as "-")`;
      // A line without a target may still have a referrer, but a line that is not a log line has
      // nothing to read.
      if (l.error === 'NOT_A_LOG_LINE' || want !== 'referrer') to.noUri(line, Kind.LINE, l.error!, index, message);
      if (l.error === 'NOT_A_LOG_LINE') return;
    } else if (want !== 'referrer') {
      ctx.kind = Kind.TARGET;
      // CONNECT and OPTIONS read their targets their own way: only other methods' are taken again.
      const m = method(bytes, l.methodStart, l.targetStart - 1);
      if (m !== 'GET' || !this.again(this.targets, bytes, l.targetStart, l.targetEnd)) {
        if (m === 'GET' && fast?.readTarget(bytes, l.targetStart, l.targetEnd) === true) {
          this.valid(fast.target, Kind.TARGET, this.targets);
        } else {
          this.target.method = m;
          this.target.scan(bytes, l.targetStart, l.targetEnd);
          this.record(this.target, this.targets);
        }
      }
    }
    if (want === 'target') return;
    if (l.referrerStart === -1) {
      if (l.hasReferrer) to.absent();
      return;
    }
    ctx.kind = Kind.REFERRER;
    if (this.again(this.referrers, bytes, l.referrerStart, l.referrerEnd)) return;
    if (fast?.readReferrer(bytes, l.referrerStart, l.referrerEnd) === true) {
      this.valid(fast.referrer, Kind.REFERRER, this.referrers);
      return;
    }
    this.referrer.scan(bytes, l.referrerStart, l.referrerEnd);
    this.record(this.referrer, this.referrers);
  }

  /** A line that is not a log line of the format: counted, and looked at while it is among the first lines and none was one. */
  private notRead(bytes: Uint8Array, start: number, end: number): void {
    const c = this.check;
    if (++c.failed !== c.tried || c.tried > CHECKED_LINES) return;
    c.checked++;
    c.looks[LOOKS.indexOf(this.looker.look(bytes, start, end))]!++;
  }

  /** The line's time and status, to the context and the command. */
  private logLine(minute: number, status: number): void {
    const ctx = this.ctx;
    ctx.minute = minute;
    ctx.status = status;
    this.to.logLine!(ctx);
  }

  /** Hands the record at bytes [start, end) to the command's `again` when `memo` holds its text; whether it did. */
  private again(memo: RecordMemo<T> | null, bytes: Uint8Array, start: number, end: number): boolean {
    if (memo === null) return false;
    const kept = memo.get(bytes, start, end);
    if (kept === undefined) return false;
    this.to.again!(kept, bytes, start, this.ctx);
    return true;
  }

  /** A scanned record (of `ctx.kind`) to the command; `memo` keeps what it makes of the text, when it may. */
  private record(r: ByteView, memo: RecordMemo<T> | null): void {
    const ctx = this.ctx;
    ctx.keep = memo?.wants(r) === true;
    const made = this.to.record(r, ctx);
    if (ctx.keep && made !== undefined) memo!.set(r, made);
  }

  /** A valid record read without a scan, to the command as it takes it. */
  private valid(p: Parts, kind: Kind, memo: RecordMemo<T> | null): void {
    const ctx = this.ctx;
    ctx.kind = kind;
    if (this.to.takes !== 'parts') {
      this.to.valid!(ctx);
      return;
    }
    ctx.keep = memo?.wants(p) === true;
    const made = this.to.parts!(p, ctx);
    if (ctx.keep && made !== undefined) memo!.set(p, made);
  }
}

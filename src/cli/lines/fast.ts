/**
 * Log records of the common shapes, read without a scan (`FastLog`): an origin-form request
 * target (RFC 9112 §3.2.1: a path and a query) and an absolute URI with a reg-name host, neither
 * userinfo nor an IP literal (a referrer) are matched by sticky regular expressions over a
 * Latin-1 string of the walker's bytes, whose ends say where their parts lie. What they match is
 * valid (strict RFC 3986, as a scan with no option says) with those parts; anything else is left
 * to `LogLines` (log.ts), which scans it. A whole line of the common shape is read the same way
 * (`line`): in one expression when nothing but its validity is needed (`validate`), or in steps
 * that say where its fields and their parts lie. test/cli/lines/fast.test.ts holds what they read to
 * what `LogLine` and a scan make of the same text.
 *
 * Reading a log line's fields and scanning its URIs took most of `validate --log` and half of
 * `stats --log` over logs whose targets do not repeat; an expression reads about a character a
 * nanosecond, and one call costs what some 30 characters do. So where WebAssembly SIMD is
 * available, `line` is read by the module of log-simd.ts instead, 16 bytes at a time, which does
 * what the expressions do (test/cli/lines/log-simd.test.ts compares the two, field by field);
 * the expressions stay for the rest, and are what the module is generated from.
 */
import { TargetForm } from '../../readers/request-target.js';
import type { LogFormat } from '../options/arguments.js';
import { COLON, DASH, QUOTE, SLASH, SPACE } from './chars.js';
import { type LogSimd, logSimd } from './log-simd.js';
import { LOG_SIMD_AT, LOG_SIMD_COMBINED, LOG_SIMD_DATA, LOG_SIMD_FIELDS } from './log-simd-code.js';
import type { Parts } from './records.js';

// The character classes of the expressions below, by name: scripts/gen/log-simd.ts reads them
// too, and makes the WebAssembly reader's sets of them (log-simd.ts), checked on all 256 bytes.
/** HEXDIG (of `pct-encoded`). */
export const HEX_CLASS = '[0-9A-Fa-f]';
/** `unreserved` and `sub-delims`: what a reg-name is made of, with `pct-encoded`. */
export const REG_NAME = "A-Za-z0-9\\-._~!$&'()*+,;=";
/** A path's characters (with "/"), and a query's or a fragment's. */
export const PATH_CHARS = `${REG_NAME}:@/`;
export const QUERY_CHARS = `${REG_NAME}:@/?`;
/** A scheme's characters after its first (a letter), and a port's. */
export const SCHEME_CLASS = '[A-Za-z0-9+.\\-]';
export const PORT_CLASS = '[0-9]';
/** The time's field (up to the request's opening quote); a method or an HTTP version; the status, the size. */
export const TIME_CLASS = '[^"\\n]';
export const TOKEN_CLASS = '[^ "\\\\\\n]';
export const FIELD_CLASS = '[^ "\\n]';

/** RFC 3986 `pct-encoded`. */
const PCT = `%${HEX_CLASS}{2}`;
/** Characters of `set` and `%XX`, unrolled (class runs between escapes: V8 runs a class run fastest). */
const run = (set: string): string => `[${set}]*(?:${PCT}[${set}]*)*`;
/** Segments with their "/" (`*( "/" segment )` less its first "/"). */
const PATH = run(PATH_CHARS);
/** A query, or a fragment. */
const QUERY = run(QUERY_CHARS);
/** An origin-form target up to its path's end (not "//", which a scan reads as a path of its own kind). */
const ORIGIN_PATH = `\\/(?!\\/)${PATH}`;
/** `absolute-URI` with `"//" reg-name [ ":" port ] path-abempty`, up to its path's end. */
const URI_PATH = `[A-Za-z]${SCHEME_CLASS}*:\\/\\/${run(REG_NAME)}(?::${PORT_CLASS}*)?(?:\\/${PATH})?`;
/** After the path: a query, and a fragment. */
const URI_TAIL = `(?:\\?${QUERY})?(?:#${QUERY})?`;

// A line as `LogLine` reads it, in the steps that `line` takes: no quote before the request's,
// and "] " (the time's end) right before it; a method (not CONNECT, whose target is an authority)
// and the origin-form target's path; its query, the HTTP version if any and the closing quote;
// with combined, the status, the size and the referrer up to its path's end ("-", or a URI), then
// the rest of the referrer and its closing quote.
const TIME = `${TIME_CLASS}*\\] "`;
const METHOD_PATH = `(?!CONNECT )${TOKEN_CLASS}+ ${ORIGIN_PATH}`;
const REQUEST_END = `(?:\\?${QUERY})?(?: HTTP\\/${TOKEN_CLASS}*)?"`;
const REFERRER_PATH = ` ${FIELD_CLASS}+ ${FIELD_CLASS}+ "(?:-(?=")|${URI_PATH})`;
const REFERRER_END = `${URI_TAIL}"`;

/** The whole line in one step, when nothing but its shape is wanted. */
const COMBINED_LINE = new RegExp(TIME + METHOD_PATH + REQUEST_END + REFERRER_PATH + REFERRER_END, 'y');
const COMMON_LINE = new RegExp(TIME + METHOD_PATH + REQUEST_END, 'y');
const TIME_STEP = new RegExp(TIME, 'y');
const METHOD_PATH_STEP = new RegExp(METHOD_PATH, 'y');
const REQUEST_END_STEP = new RegExp(REQUEST_END, 'y');
const REFERRER_PATH_STEP = new RegExp(REFERRER_PATH, 'y');
const REFERRER_END_STEP = new RegExp(REFERRER_END, 'y');
/** A record alone: a target (its path, then its query), a referrer (up to its path's end, then its query and fragment). */
const TARGET_PATH = new RegExp(ORIGIN_PATH, 'y');
const TARGET_QUERY = new RegExp(`\\?${QUERY}`, 'y');
const URI_PATH_STEP = new RegExp(URI_PATH, 'y');
const URI_TAIL_STEP = new RegExp(URI_TAIL, 'y');

/** What a log line of the common shape holds, as `line` reads it. */
export enum Shape {
  /** Not the common shape: read it field by field. */
  NONE = 0,
  /** A valid target, and with combined the referrer "-". */
  TARGET = 1,
  /** A valid target and a valid referrer (combined). */
  BOTH = 2,
}

/** Parts of a record of `form` (`TargetForm`, 0 for a referrer), without scheme or host. */
function noParts(form: number): Parts {
  return { bytes: new Uint8Array(0), start: 0, end: 0, form, schemeEnd: -1, hostStart: -1, hostEnd: -1, pathStart: 0, pathEnd: 0 };
}

/** The common shapes in the lines of the walker's bytes, one range of them at a time (`begin`). */
export class FastLog {
  /** The walker's bytes [from, to), and their Latin-1 text once a record asked for it. */
  private bytes: Uint8Array | null = null;
  private from = 0;
  private to = 0;
  private text: string | null = null;
  /** The parts of the last target and referrer read (by `line` with its parts, `readTarget`, `readReferrer`). */
  readonly target: Parts = noParts(TargetForm.ORIGIN);
  readonly referrer: Parts = noParts(0);
  /** Of the last line read with its parts: where the time's "]" and the request's closing quote are. */
  timeEnd = 0;
  requestEnd = 0;
  /** With combined, the referrer's closing quote; else -1. */
  referrerClose = -1;
  /**
   * Of the last line read with its parts by the WebAssembly reader: the client's end (its first
   * space), and after the referrer the user agent's closing quote (-1: none), as `LogLine.fields`
   * would find them; `clientEnd` is -1 when the expressions read the line (they do not look).
   */
  clientEnd = -1;
  agentClose = -1;
  private readonly combined: boolean;
  /** The WebAssembly reader of a line with its parts; null where it is not available (or not wanted: the tests compare the two). */
  private readonly simd: LogSimd | null;

  constructor(format: LogFormat, simd = true) {
    this.combined = format === 'combined';
    this.simd = simd ? logSimd() : null;
  }

  /** The walker's next bytes: lines of [from, to) of `bytes` come next. */
  begin(bytes: Uint8Array, from: number, to: number): void {
    this.bytes = bytes;
    this.from = from;
    this.to = to;
    this.text = null;
    if (this.simd?.holder === this) this.simd.holder = null;
  }

  /**
   * What the line [start, end) of the walker's bytes holds when it is of the common shape, else
   * `Shape.NONE`. With `parts`, also where its fields and their parts lie (`target`, `referrer`,
   * `timeEnd`, `requestEnd`); without, in one step.
   */
  line(bytes: Buffer, start: number, end: number, parts: boolean): Shape {
    const simd = this.simd;
    if (simd !== null) {
      if (bytes !== this.bytes || start < this.from || end > this.to) return Shape.NONE;
      // The walker's bytes go to the module's memory at the first line of theirs read.
      if (simd.holder === this || simd.put(this, bytes, this.from, this.to)) return this.simdLine(simd, bytes, start, parts);
    }
    const s = this.textOf(bytes, start, end);
    if (s === null) return Shape.NONE;
    const o = this.from;
    this.clientEnd = -1;
    if (!parts) {
      const re = this.combined ? COMBINED_LINE : COMMON_LINE;
      re.lastIndex = start - o;
      if (!re.test(s)) return Shape.NONE;
      // The referrer "-" is the one that ends with a quote and a dash.
      const last = re.lastIndex - 1 + o;
      return !this.combined || (bytes[last - 1] === DASH && bytes[last - 2] === QUOTE) ? Shape.TARGET : Shape.BOTH;
    }
    TIME_STEP.lastIndex = start - o;
    if (!TIME_STEP.test(s)) return Shape.NONE;
    const open = TIME_STEP.lastIndex - 1 + o;
    METHOD_PATH_STEP.lastIndex = open + 1 - o;
    if (!METHOD_PATH_STEP.test(s)) return Shape.NONE;
    const pathEnd = METHOD_PATH_STEP.lastIndex + o;
    REQUEST_END_STEP.lastIndex = pathEnd - o;
    if (!REQUEST_END_STEP.test(s)) return Shape.NONE;
    const close = REQUEST_END_STEP.lastIndex - 1 + o;
    let shape = Shape.TARGET;
    if (this.combined) {
      REFERRER_PATH_STEP.lastIndex = close + 1 - o;
      if (!REFERRER_PATH_STEP.test(s)) return Shape.NONE;
      const referrerPathEnd = REFERRER_PATH_STEP.lastIndex + o;
      REFERRER_END_STEP.lastIndex = referrerPathEnd - o;
      if (!REFERRER_END_STEP.test(s)) return Shape.NONE;
      this.referrerClose = REFERRER_END_STEP.lastIndex - 1 + o;
      // "-" is the one referrer whose opening quote comes right before its dash.
      if (bytes[referrerPathEnd - 2] !== QUOTE) {
        // After the status's and the size's spaces, and the opening quote.
        let k = close + 2;
        while (bytes[k] !== SPACE) k++;
        for (k++; bytes[k] !== SPACE; k++);
        if (!this.referrerParts(bytes, k + 2, referrerPathEnd, REFERRER_END_STEP.lastIndex - 1 + o)) return Shape.NONE;
        shape = Shape.BOTH;
      }
    }
    // After the method's space; before the HTTP version's space, if any.
    let targetStart = open + 1;
    while (bytes[targetStart] !== SPACE) targetStart++;
    targetStart++;
    let targetEnd = close;
    for (let k = close - 1; k >= pathEnd; k--) {
      if (bytes[k] === SPACE) {
        targetEnd = k;
        break;
      }
    }
    this.setTarget(bytes, targetStart, pathEnd, targetEnd);
    this.timeEnd = open - 2;
    this.requestEnd = close;
    return shape;
  }

  /** `line`, by the WebAssembly reader, whose memory holds the walker's bytes. */
  private simdLine(simd: LogSimd, bytes: Buffer, start: number, parts: boolean): Shape {
    const delta = LOG_SIMD_DATA - this.from;
    const r = simd.line(start + delta, delta, (this.combined ? LOG_SIMD_COMBINED : 0) | (parts ? LOG_SIMD_FIELDS : 0));
    if (r === 0) return Shape.NONE;
    // Without its parts, a referrer's host of digits and dots is the expression's as any other.
    if (!parts) return r === 1 ? Shape.TARGET : Shape.BOTH;
    const o = simd.out;
    if (this.combined) {
      this.referrerClose = o[LOG_SIMD_AT.referrerClose]!;
      this.agentClose = o[LOG_SIMD_AT.agentClose]!;
    }
    this.clientEnd = o[LOG_SIMD_AT.clientEnd]!;
    // 3: as `referrerParts` says of a host of digits and dots.
    if (r === 3) return Shape.NONE;
    if (r === 2) {
      const p = this.referrer;
      p.bytes = bytes;
      p.start = o[LOG_SIMD_AT.referrerStart]!;
      p.end = this.referrerClose;
      p.schemeEnd = o[LOG_SIMD_AT.schemeEnd]!;
      p.hostStart = p.schemeEnd + 3;
      p.hostEnd = o[LOG_SIMD_AT.hostEnd]!;
      p.pathStart = o[LOG_SIMD_AT.referrerPathStart]!;
      p.pathEnd = o[LOG_SIMD_AT.referrerPathEnd]!;
    }
    this.setTarget(bytes, o[LOG_SIMD_AT.targetStart]!, o[LOG_SIMD_AT.pathEnd]!, o[LOG_SIMD_AT.targetEnd]!);
    this.timeEnd = o[LOG_SIMD_AT.timeEnd]!;
    this.requestEnd = o[LOG_SIMD_AT.requestEnd]!;
    return r === 2 ? Shape.BOTH : Shape.TARGET;
  }

  /** Whether the request target [start, end) of the walker's bytes is an origin-form path and query, valid; then `target` holds its parts. */
  readTarget(bytes: Buffer, start: number, end: number): boolean {
    const pathEnd = this.pathEnd(bytes, start, end, TARGET_PATH, TARGET_QUERY);
    if (pathEnd === -1) return false;
    this.setTarget(bytes, start, pathEnd, end);
    return true;
  }

  /** Whether the referrer [start, end) of the walker's bytes is an absolute URI with a reg-name host, valid; then `referrer` holds its parts. */
  readReferrer(bytes: Buffer, start: number, end: number): boolean {
    const pathEnd = this.pathEnd(bytes, start, end, URI_PATH_STEP, URI_TAIL_STEP);
    return pathEnd !== -1 && this.referrerParts(bytes, start, pathEnd, end);
  }

  /**
   * Where the path of the record [start, end) of the walker's bytes ends, when `head` matches it
   * up to there and `tail` matches the rest to its end; else -1.
   */
  private pathEnd(bytes: Buffer, start: number, end: number, head: RegExp, tail: RegExp): number {
    const s = this.textOf(bytes, start, end);
    if (s === null) return -1;
    const o = this.from;
    head.lastIndex = start - o;
    if (!head.test(s)) return -1;
    const pathEnd = head.lastIndex + o;
    if (pathEnd === end) return pathEnd;
    tail.lastIndex = pathEnd - o;
    return tail.test(s) && tail.lastIndex + o === end ? pathEnd : -1;
  }

  private setTarget(bytes: Uint8Array, start: number, pathEnd: number, end: number): void {
    const t = this.target;
    t.bytes = bytes;
    t.start = t.pathStart = start;
    t.end = end;
    t.pathEnd = pathEnd;
  }

  /**
   * Sets `referrer` to the parts of the URI [start, end) of `bytes`, matched up to its path's end
   * (`pathEnd`); false when its host is digits and dots (it may be an IPv4address) or empty, which
   * the scan is left to say.
   */
  private referrerParts(bytes: Uint8Array, start: number, pathEnd: number, end: number): boolean {
    let i = start;
    while (bytes[i] !== COLON) i++;
    const schemeEnd = i;
    const hostStart = i + 3;
    let numeric = true;
    for (i = hostStart; i < pathEnd; i++) {
      const c = bytes[i]!;
      if (c === COLON || c === SLASH) break;
      if (c !== 0x2e /* . */ && !(c >= 0x30 && c <= 0x39)) numeric = false;
    }
    if (numeric) return false;
    const p = this.referrer;
    p.bytes = bytes;
    p.start = start;
    p.end = end;
    p.schemeEnd = schemeEnd;
    p.hostStart = hostStart;
    p.hostEnd = i;
    if (bytes[i] === COLON) while (i < pathEnd && bytes[i] !== SLASH) i++;
    p.pathStart = i;
    p.pathEnd = pathEnd;
    return true;
  }

  /** The Latin-1 text of the walker's bytes, when [start, end) of `bytes` lies in them; else null. */
  private textOf(bytes: Buffer, start: number, end: number): string | null {
    if (bytes !== this.bytes || start < this.from || end > this.to) return null;
    this.text ??= bytes.toString('latin1', this.from, this.to);
    return this.text;
  }
}

/**
 * The RFC 3986 tokenizer: one pass over the input's code units, driven by the generated class
 * and transition tables, recording component boundaries in a caller-owned offsets record (its
 * layout is in offsets.ts). No substring, no allocation. Two things go faster than a lookup per
 * character, both generated from the same tables: a run (a path, a query, a host) is consumed by
 * one call of a sticky regex of one character class, and an input of the common shapes is taken
 * whole by one regex (scanCommon); test/support/reference-scan.ts keeps the plain machine, and
 * `npm run exactness` compares the two.
 */
import { argumentError, ErrorCode } from './errors.js';
import { ipv6Error, ipvFutureError, isIPv4, type Units, at as unitAt } from './host.js';
import { Flag, HOST_LITERAL, OFFSETS_LENGTH, PARTS, Slot, setCommon, setOffsets, WARNING_FLAGS } from './offsets.js';
import { booleanOption, checkOptionNames, countOption, optionNames, optionsOf } from './options.js';
import { SIMD_MIN, SIMD_MIN_VALID, simdScan } from './simd.js';
import {
  ALLOWED,
  CHAR_CLASS,
  CLASS_SHIFT,
  Cls,
  COMMON_PATH,
  COMMON_PATH_NO_DOT,
  COMMON_PATH_REST,
  COMMON_PATH_REST_NO_DOT,
  COMMON_RELATIVE,
  COMMON_RELATIVE_NO_DOT,
  COMMON_URI,
  COMMON_URI_NO_DOT,
  EncodeSet,
  HEX_VALUE,
  LENIENT_RUNS,
  LENIENT_TRANSITIONS,
  PCT_RUNS,
  RUN_BASE,
  RUN_QUERY,
  RUNS,
  State,
  TRANSITIONS,
  VALID_PATH,
  VALID_RELATIVE,
  VALID_URI,
} from './tables.js';

/** Options shared by every parsing entry point. All default to strict RFC 3986. */
export interface ParseOptions {
  /** Require a scheme (RFC 3986 `URI` instead of `URI-reference`). */
  absolute?: boolean;
  /**
   * Keep what logs and crawled pages hold (space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`,
   * non-ASCII, a bad `%`, `[`/`]` in a path, `#` in a fragment, several `@`) where it cannot
   * move a component boundary, and record it in the WARN_* flags. Never for access decisions.
   */
  lenient?: boolean;
  /** RFC 3987: accept ucschar (and iprivate in the query) where the IRI grammar allows them. */
  iri?: boolean;
  /** RFC 6874: accept a zone identifier in an IPv6 literal (`[fe80::1%25eth0]`). */
  zoneId?: boolean;
  /** Reject input longer than this many code units (bytes for `scanBytes`) before any other work (TOO_LONG). */
  maxLength?: number;
}

/** The names of ParseOptions, which parse, tryParse, isValid, scan and scanBytes check an options object against. */
export const PARSE_OPTIONS = optionNames<ParseOptions>()(['absolute', 'lenient', 'iri', 'zoneId', 'maxLength']);

const NON_ASCII_ROW = State.FIRST_ERROR << 7;

/**
 * A transition table expanded from classes to code units: one row of 128 entries per state, so
 * that an ASCII character costs one lookup, then one entry per state for a code unit >= 0x80 (at
 * NON_ASCII_ROW + state). The entries are the table's own, SPECIAL bits included.
 */
function fuse(table: Uint8Array): Uint8Array {
  const out = new Uint8Array(NON_ASCII_ROW + State.FIRST_ERROR);
  for (let state = 0; state < State.FIRST_ERROR; state++) {
    for (let c = 0; c < 0x80; c++) out[(state << 7) | c] = table[(state << CLASS_SHIFT) | CHAR_CLASS[c]!]!;
    out[NON_ASCII_ROW + state] = table[(state << CLASS_SHIFT) | Cls.NON_ASCII]!;
  }
  return out;
}

const STRICT = fuse(TRANSITIONS);
const LENIENT = fuse(LENIENT_TRANSITIONS);
/** No runs: byte arrays are read one unit at a time. */
const NO_RUNS: ReadonlyArray<RegExp | null> = RUNS.map(() => null);

/**
 * By state, a row of 128 entries: 1 for the ASCII characters its run's regex consumes, read
 * from the regex itself, so that the table steps before a regex call accept exactly what the
 * regex would.
 */
function runClasses(runs: ReadonlyArray<RegExp | null>): Uint8Array {
  const out = new Uint8Array(runs.length << 7);
  runs.forEach((run, state) => {
    if (run === null) return;
    for (let c = 0; c < 0x80; c++) {
      run.lastIndex = 0;
      run.test(String.fromCharCode(c));
      out[(state << 7) | c] = run.lastIndex;
    }
  });
  return out;
}
const IN_RUN = runClasses(RUNS);
const LENIENT_IN_RUN = runClasses(LENIENT_RUNS);

/**
 * A run is consumed by its regex only when more than this many characters remain (a call costs
 * some 20 ns, a table step 2.5-4 ns), and only after the table has read RUN_TABLE_STEPS of its
 * characters, so that short runs, and hostile inputs made of them, never pay for a call. Measured
 * on the corpora sent to the machine (scheme upper-cased): 8 or 16, and 0, 3 or 6 steps, within
 * the noise of each other, 15-45% faster than no regex; on "a@" repeated in a lenient authority,
 * 8 ns a character with 6 steps against 18 without.
 */
const RUN_MIN_REMAINING = 16;
const RUN_TABLE_STEPS = 6;

/**
 * The longest input (in code units) that the regexes with a group per segment or per "%XX" (the
 * NO_DOT and VALID shapes, QUERY_RUNS) read: far below the millions of groups whose backtracking
 * state overflowed V8's stack, far above the URLs of real traffic. Longer inputs take the flat
 * shapes, which stop at each "%".
 */
export const NO_DOT_LIMIT = 1 << 16;

/** The index in PCT_LEVELS (COMMON_PATH_REST_NO_DOT, QUERY_RUNS) of the "%XX" that leave `flags`' hints as they are. */
function pctLevel(flags: number): number {
  return ((flags & Flag.PCT_LOWER) !== 0 ? 1 : 0) | ((flags & Flag.PCT_UNRESERVED) !== 0 ? 2 : 0);
}

/**
 * Tokenizes `input` as an RFC 3986 URI-reference into `offsets`.
 *
 * @returns 0 on success, else an `ErrorCode` with the error's index in `offsets[Slot.ERROR_INDEX]`
 *   (on an error the other slots are left as they were).
 * @example
 * const offsets = new Uint32Array(OFFSETS_LENGTH);
 * scan('http://example.com/a?b', offsets); // 0
 * offsets[Slot.HOST_START]; // 7
 */
export function scan(input: string, offsets: Uint32Array, options?: ParseOptions): number {
  if (typeof input !== 'string') throw argumentError('scan', 'input', 'a string', input);
  if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'scan');
  return scanString(input, offsets, options, 'scan');
}

/**
 * `scan` for the library's entry points, whose name (`who`) the messages of bad arguments give.
 * `commonTried`: the caller has tried the common shapes (scanParts) on `input`, without options.
 */
export function scanString(
  input: string,
  offsets: Uint32Array,
  options: ParseOptions | undefined,
  who: string,
  commonTried = false,
): number {
  // Without options, the common shape before anything else (scanUnits would try it after its checks).
  const plain = options === undefined && offsets instanceof Uint32Array && offsets.length >= OFFSETS_LENGTH;
  if (plain && !commonTried && scanCommon(input, 0, input.length, offsets, 0) === 0) return 0;
  return scanUnits(input, null, false, 0, input.length, offsets, options, who, plain || commonTried);
}

/**
 * Whether `input` has one of the common shapes and is valid (no options), with its boundaries in
 * `parts` (offsets.ts) instead of a record: parse's first try.
 */
export function scanParts(input: string): boolean {
  return scanCommon(input, 0, input.length, PARTS, 0) === 0;
}

/**
 * Whether `input` is valid, for isValid: the common shape is recognized without writing its
 * record; anything else is scanned into `scratch` by the machine, without a second try of the
 * common shape (its flat form accepts all the record-writing form does, and more).
 */
export function validString(input: string, scratch: Uint32Array, options: ParseOptions | undefined, who: string): boolean {
  const tried = options === undefined;
  if (tried && validCommon(input)) return true;
  return scanUnits(input, null, false, 0, input.length, scratch, options, who, tried) === 0;
}

/**
 * Whether `input` has one of the common shapes (scanCommon's) and is valid: one call of a VALID
 * regex, which takes every "%XX", up to NO_DOT_LIMIT; scanCommon without a record past it.
 */
function validCommon(input: string): boolean {
  const len = input.length;
  if (len >= SIMD_MIN_VALID && simdScan(input, null, false) === 0) return true;
  if (len > NO_DOT_LIMIT) return scanCommon(input, 0, len, null, 0) === 0;
  const c0 = input.charCodeAt(0);
  if (c0 >= 0x61 && c0 <= 0x7a) {
    VALID_URI.lastIndex = 0;
    if (VALID_URI.test(input)) return true;
  }
  const re = c0 === 0x2f ? VALID_PATH : VALID_RELATIVE;
  re.lastIndex = 0;
  return re.test(input);
}

/**
 * `scan` over the UTF-8 bytes [start, end) of `bytes`, with the same tables: for log lines and
 * crawl frontiers read as bytes, without making a string. Every index in the record is a
 * position in `bytes` (LENGTH holds `end`); a component is `bytes.subarray(from, to)`.
 * Non-ASCII bytes are rejected, tolerated (`lenient`) or checked as UTF-8 RFC 3987 characters
 * (`iri`); `maxLength` counts bytes.
 *
 * @example
 * const buf = Buffer.from('GET http://a.example/x HTTP/1.1');
 * scanBytes(buf, 4, 22, offsets); // 0
 * buf.toString('latin1', offsets[Slot.HOST_START], offsets[Slot.HOST_END]); // 'a.example'
 */
export function scanBytes(bytes: Uint8Array, start: number, end: number, offsets: Uint32Array, options?: ParseOptions): number {
  if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'scanBytes');
  return scanByteRange(bytes, start, end, offsets, options, 'scanBytes');
}

/**
 * `scanBytes` over text that holds bytes, one per code unit (a Buffer read as Latin-1): the same
 * result as `scanBytes` over those bytes, offsets counted from the text's start, but for `iri`
 * (whose characters are UTF-8 sequences: its callers scan the bytes), with the string's speed.
 */
export function scanLatin1(text: string, offsets: Uint32Array, options: ParseOptions | undefined, who: string): number {
  return scanUnits(text, null, true, 0, text.length, offsets, options, who);
}

/** The checks of scanBytes' arguments, naming `who`'s. */
export function checkByteRange(bytes: Uint8Array, start: number, end: number, who: string): void {
  if (!(bytes instanceof Uint8Array)) throw argumentError(who, 'bytes', 'a Uint8Array (or a Buffer)', bytes);
  if (!Number.isInteger(start)) throw argumentError(who, 'start', 'a whole number', start);
  if (!Number.isInteger(end)) throw argumentError(who, 'end', 'a whole number', end);
  if (!(start >= 0 && start <= end && end <= bytes.length))
    throw new RangeError(`invalid range [${start}, ${end}) of ${bytes.length} bytes`);
}

/** `scanBytes` for the library's entry points (see scanString). */
export function scanByteRange(
  bytes: Uint8Array,
  start: number,
  end: number,
  offsets: Uint32Array,
  options: ParseOptions | undefined,
  who: string,
): number {
  checkByteRange(bytes, start, end, who);
  return scanUnits('', bytes, true, start, end, offsets, options, who);
}

/**
 * The options that change a scan (maxLength aside), as bits: read once, they are a key for a
 * scan to remember (resolve keeps its last base's), and scan's own settings.
 */
export enum ScanOption {
  LENIENT = 1,
  IRI = 2,
  ZONE_ID = 4,
  ABSOLUTE = 8,
}

/** The ScanOption bits of an options object (own properties, each checked: see options.ts). */
export function scanOptions(o: object, who: string): number {
  return (
    (booleanOption(o, 'lenient', who) ? ScanOption.LENIENT : 0) |
    (booleanOption(o, 'iri', who) ? ScanOption.IRI : 0) |
    (booleanOption(o, 'zoneId', who) ? ScanOption.ZONE_ID : 0) |
    (booleanOption(o, 'absolute', who) ? ScanOption.ABSOLUTE : 0)
  );
}

/**
 * The tokenizer over [start, len) of a string (`bytes` null) or of a byte array. The two share
 * every line; reading a code unit is the one place they differ. `utf8`: the units are bytes of
 * UTF-8 (a byte array, or text read as Latin-1), not UTF-16.
 */
function scanUnits(
  input: string,
  bytes: Uint8Array | null,
  utf8: boolean,
  start: number,
  len: number,
  offsets: Uint32Array,
  options: ParseOptions | undefined,
  who: string,
  commonTried = false,
): number {
  if (!(offsets instanceof Uint32Array)) throw argumentError(who, 'offsets', 'a Uint32Array', offsets);
  if (offsets.length < OFFSETS_LENGTH) throw new RangeError(`offsets must have at least ${OFFSETS_LENGTH} slots`);
  const u: Units = bytes === null ? input : bytes;
  let settings = 0;
  if (options !== undefined) {
    const o = optionsOf(options, who);
    if (o !== undefined) {
      settings = scanOptions(o, who);
      const max = countOption(o, 'maxLength', who);
      if (max >= 0 && len - start > max) return fail(offsets, ErrorCode.TOO_LONG, start + max);
    }
  }
  const iri = (settings & ScanOption.IRI) !== 0;
  const zone = (settings & ScanOption.ZONE_ID) !== 0;
  const lenient = (settings & ScanOption.LENIENT) !== 0;
  // The common shape first: what it accepts, the machine below would accept with the same record.
  if (bytes === null && !iri && !commonTried && scanCommon(input, start, len, offsets, settings) === 0) return 0;
  const fused = lenient ? LENIENT : STRICT;
  const runs = bytes !== null ? NO_RUNS : lenient ? LENIENT_RUNS : RUNS;
  // Runs with "%XX" in them (PCT_RUNS), once a "%" has set PERCENT: a group per "%XX", for inputs
  // that cannot overflow the stack.
  const grouped = bytes === null && len - start <= NO_DOT_LIMIT;
  const inRun = lenient ? LENIENT_IN_RUN : IN_RUN;
  let slashDot = -2; // the next "/." at or after the last path run's start; -1: none; -2: not looked for
  // Component boundaries live in locals and reach the record once, at the end.
  let flags = 0;
  let schemeEnd = 0;
  let authorityStart = 0;
  let hostStart = 0;
  let pathStart = start;
  let pathEnd = 0;
  let queryStart = 0;
  let queryEnd = 0;
  let fragmentStart = 0;
  let warningIndex = 0;
  let inAuthority = false;
  let at = -1; // the "@"
  let portColon = -1; // the ":" before a port
  let hostEnd = 0; // set when the authority ends, with the port's and userinfo's ends
  let state: number = State.START;
  let i = start;

  for (; i < len; i++) {
    const c = bytes === null ? input.charCodeAt(i) : bytes[i]!;
    let next = fused[c < 0x80 ? (state << 7) | c : NON_ASCII_ROW + state]!;
    if (next < State.FIRST_ACTION) {
      if (next !== state) {
        state = next;
        // A run begins (a path, a query, a host): the table takes its first characters, then, if
        // it goes on, its regex consumes the rest in one call.
        if (runs[next] !== null && len - i > RUN_MIN_REMAINING) {
          const row = next << 7;
          let j = i + 1;
          const tableEnd = j + RUN_TABLE_STEPS;
          for (; j < tableEnd; j++) {
            const d = input.charCodeAt(j);
            if (d >= 0x80 || inRun[row | d] === 0) break;
          }
          if (j === tableEnd)
            j = runEnd(input, grouped && (flags & Flag.PERCENT) !== 0 ? PCT_RUNS[pctLevel(flags)]![next]! : runs[next]!, j);
          if (j > i + 1) {
            // The state after the run's last character (a path's "/" leads to SEGMENT_START).
            state = fused[(RUN_BASE[next]! << 7) | input.charCodeAt(j - 1)]!;
            // A path run passed every "/" without the A_DOT action: look for "/." in it.
            if (RUN_BASE[next] === State.SEGMENT && (flags & Flag.DOT) === 0) {
              if (slashDot !== -1 && slashDot < i) slashDot = input.indexOf('/.', i);
              if (slashDot !== -1 && slashDot + 1 < j) flags |= Flag.DOT;
            }
            i = j - 1;
          }
        }
      }
      continue;
    }
    // Everything but an ordinary character: a delimiter's action, a "%", a tolerated or IRI
    // character, an error.
    const special = next >= State.SPECIAL;
    if (special) {
      next &= State.SPECIAL - 1;
    } else if (next >= State.FIRST_ERROR) {
      // RFC 3987 admits ucschar wherever unreserved is, iprivate in the query only.
      if (next === State.E_NON_ASCII && iri && iriCharWidth(u, i, c, state, len) !== 0) {
        next = TRANSITIONS[(state << CLASS_SHIFT) | Cls.OTHER]!;
      }
      if (next >= State.FIRST_ERROR) {
        if (next === State.E_PORT_DEFERRED) return fail(offsets, ErrorCode.INVALID_PORT, i);
        if (state === State.IP_LITERAL) return literalFail(u, offsets, hostStart + 1, i, zone, ErrorCode.INVALID_CHAR);
        return fail(offsets, errorOf(next), i);
      }
    }
    switch (next) {
      case State.A_SCHEME_COLON:
        flags |= hasUpper(u, start, i) ? Flag.SCHEME | Flag.UPPER : Flag.SCHEME;
        schemeEnd = i;
        pathStart = i + 1;
        break;
      case State.A_SLASH:
        pathStart = i;
        break;
      case State.A_AUTHORITY:
        flags |= Flag.AUTHORITY;
        inAuthority = true;
        authorityStart = hostStart = i + 1;
        break;
      case State.A_AUTHORITY_COLON:
      case State.A_PORT_COLON:
        portColon = i;
        break;
      case State.A_AT:
        // Lenient mode comes back here for every further "@": the last one ends the userinfo,
        // which then holds the "@" before it, or an IP literal's brackets.
        if (at >= 0 || (flags & HOST_LITERAL) !== 0) {
          if ((flags & WARNING_FLAGS) === 0) warningIndex = i;
          flags |= at >= 0 ? Flag.WARN_AT : Flag.WARN_CHAR;
        }
        at = i;
        portColon = -1;
        flags &= ~HOST_LITERAL;
        hostStart = i + 1;
        break;
      case State.A_IP_LITERAL_END: {
        // The literal is complete: check it against its grammar (§3.2.2, RFC 6874).
        const lit = hostStart + 1;
        if ((unitAt(u, lit) | 0x20) === 0x76 /* v */) {
          const e = ipvFutureError(u, lit, i);
          if (e !== -1) return fail(offsets, ErrorCode.INVALID_IPVFUTURE, e);
          flags |= Flag.HOST_IPVFUTURE;
        } else {
          const e = ipv6Error(u, lit, i, zone);
          if (e !== -1) return fail(offsets, ErrorCode.INVALID_IPV6, e);
          flags |= Flag.HOST_IPV6;
        }
        break;
      }
      case State.A_PATH_SLASH:
        flags = authorityFlags(u, flags, hostStart, (hostEnd = portColon >= 0 ? portColon : i), at, portColon);
        inAuthority = false;
        pathStart = i;
        break;
      case State.A_QUERY:
        if (inAuthority) {
          flags = authorityFlags(u, flags, hostStart, (hostEnd = portColon >= 0 ? portColon : i), at, portColon);
          inAuthority = false;
          pathStart = i;
        }
        flags |= Flag.QUERY;
        pathEnd = i;
        queryStart = i + 1;
        break;
      case State.A_FRAGMENT:
        if ((flags & Flag.FRAGMENT) !== 0) break; // lenient mode: a "#" inside the fragment
        if (inAuthority) {
          flags = authorityFlags(u, flags, hostStart, (hostEnd = portColon >= 0 ? portColon : i), at, portColon);
          inAuthority = false;
          pathStart = i;
        }
        if ((flags & Flag.QUERY) !== 0) queryEnd = i;
        else pathEnd = i;
        flags |= Flag.FRAGMENT;
        fragmentStart = i + 1;
        break;
      case State.A_DOT:
      case State.A_SEGMENT_NC_DOT:
        flags |= Flag.DOT;
        break;
      default:
        break;
    }
    if (special || c >= 0x80) {
      const before = flags;
      if (c === 0x25) {
        const pct = pctFlags(u, i, len);
        if (pct !== 0) {
          flags |= pct;
          i += 2;
          // The run goes on after it, with the "%XX" of the hints set now.
          if (grouped && runs[next] !== null && len - i > RUN_MIN_REMAINING) {
            const j = runEnd(input, PCT_RUNS[pctLevel(flags)]![next]!, i + 1);
            if (j > i + 1) {
              if (RUN_BASE[next] === State.SEGMENT && (flags & Flag.DOT) === 0) {
                if (slashDot !== -1 && slashDot < i) slashDot = input.indexOf('/.', i);
                if (slashDot !== -1 && slashDot + 1 < j) flags |= Flag.DOT;
              }
              next = fused[(RUN_BASE[next]! << 7) | input.charCodeAt(j - 1)]!;
              i = j - 1;
            }
          }
        } else if (lenient && state !== State.IP_LITERAL) {
          flags |= Flag.WARN_PERCENT;
        } else {
          return fail(offsets, ErrorCode.INVALID_PERCENT_ENCODING, i);
        }
      } else if (c >= 0x80) {
        const w = iri ? iriCharWidth(u, i, c, state, len) : 0;
        if (w !== 0) {
          flags |= Flag.NON_ASCII;
          i += w - 1;
        } else if (isC1(u, utf8, i, c, len)) {
          // Lenient mode keeps non-ASCII text, not controls: a C1 control stays an error.
          return fail(offsets, ErrorCode.INVALID_CHAR, i);
        } else {
          flags |= Flag.WARN_NON_ASCII;
        }
      } else {
        // Only lenient tables mark other characters special: one that strict mode rejects.
        flags |= Flag.WARN_CHAR;
      }
      // The first tolerated character's index (i has not moved past a tolerated one).
      if ((before & WARNING_FLAGS) === 0 && (flags & WARNING_FLAGS) !== 0) warningIndex = i;
    }
    state = next;
  }

  // End of input.
  if (state === State.USERINFO || state === State.A_USERINFO) return fail(offsets, ErrorCode.INVALID_PORT, len);
  if (state === State.IP_LITERAL) return literalFail(u, offsets, hostStart + 1, len, zone, ErrorCode.UNCLOSED_IP_LITERAL);
  if (inAuthority) {
    flags = authorityFlags(u, flags, hostStart, (hostEnd = portColon >= 0 ? portColon : len), at, portColon);
    pathStart = len;
  }
  if ((flags & Flag.FRAGMENT) === 0) {
    if ((flags & Flag.QUERY) !== 0) queryEnd = len;
    else pathEnd = len;
  }
  if ((flags & Flag.SCHEME) === 0 && (settings & ScanOption.ABSOLUTE) !== 0) {
    return fail(offsets, ErrorCode.MISSING_SCHEME, schemeErrorIndex(u, start, len));
  }
  setOffsets(
    offsets,
    schemeEnd,
    authorityStart,
    Math.max(at, 0),
    (flags & Flag.AUTHORITY) !== 0 ? hostStart : 0,
    hostEnd,
    portColon >= 0 ? portColon + 1 : 0,
    pathStart,
    pathEnd,
    queryStart,
    queryEnd,
    fragmentStart,
    len,
    flags,
    warningIndex,
  );
  return 0;
}

/**
 * The fast path, for the shape of most URLs: `scheme "://" reg-name [ path-abempty ] [ "?" query ]
 * [ "#" fragment ]` (scheme and host in lower case, no dot-segment), or a relative reference,
 * with nothing to check beyond the character classes and "%XX" (no userinfo, no port, no IP
 * literal, nothing outside the grammar). One regex call takes the input to the path's end and,
 * by a lookahead, checks a query and fragment without "%"; only a "%" costs more calls. The
 * searches for ":" and "/" find where the scheme and the host end, one for "#" where a query
 * ends. Returns 0 with the record written, or -1 when the input has another shape, for the
 * machine to scan it. (Not with `iri`: only its callers know that a code unit >= 0x80 is a
 * surprise.) With no record to write (`offsets` null: isValid), dot-segments are of no interest:
 * flat regexes take them. So do inputs longer than NO_DOT_LIMIT, and a search then finds their
 * dot-segments: the NO_DOT regexes repeat a group per segment, whose backtracking state V8 keeps
 * on a stack that a path of millions of segments overflows.
 */
function scanCommon(input: string, start: number, len: number, offsets: Uint32Array | null, settings: number): number {
  if (start >= len) return -1;
  if (start === 0 && len >= SIMD_MIN && simdScan(input, offsets, (settings & ScanOption.ABSOLUTE) !== 0) === 0) return 0;
  const record = offsets !== null;
  const c0 = input.charCodeAt(start);
  if (c0 === 0x23) return sameDocument(input, start, len, offsets, settings);
  const noDot = record && len - start <= NO_DOT_LIMIT;
  let shape = SHAPE_RELATIVE;
  let re = COMMON_RELATIVE;
  if (c0 >= 0x61 && c0 <= 0x7a) {
    re = noDot ? COMMON_URI_NO_DOT : COMMON_URI;
    re.lastIndex = start;
    if (re.test(input)) shape = SHAPE_URI;
    else re = COMMON_RELATIVE;
  }
  let flags = shape === SHAPE_URI ? Flag.SCHEME | Flag.AUTHORITY : 0;
  if (shape === SHAPE_RELATIVE) {
    if ((settings & ScanOption.ABSOLUTE) !== 0) return -1;
    let taken = false;
    if (c0 === 0x2f) {
      if (start + 1 < len && input.charCodeAt(start + 1) === 0x2f) return -1;
      shape = SHAPE_PATH;
      re = noDot ? COMMON_PATH_NO_DOT : COMMON_PATH;
    } else if (noDot && c0 !== 0x2e) {
      re = COMMON_RELATIVE_NO_DOT;
      re.lastIndex = start;
      taken = re.test(input);
      if (!taken) re = COMMON_RELATIVE;
    }
    if (!taken) {
      re.lastIndex = start;
      if (!re.test(input)) return -1;
      // A relative path that begins with "." has a dot-segment, and so has one that the NO_DOT
      // form did not take but the flat one did (the two differ in nothing else).
      if (noDot && re === COMMON_RELATIVE) flags = Flag.DOT;
    }
  }
  let p = re.lastIndex | 0;
  // The regex stopped at the path's end (the rest checked), after a "?" or "#" (the rest to
  // check: `open` is that delimiter), or at a "%" in the path, after which the path goes on.
  let open = 0;
  let pathFrom = -1;
  // The character at p where the loop stopped before the end (read once: a read of a substring's
  // character costs some 25 instructions).
  let c = 0;
  for (;;) {
    if (p === len) break;
    if (p > start) {
      const d = input.charCodeAt(p - 1);
      if (d === 0x3f || d === 0x23) {
        open = d;
        p--;
        break;
      }
    }
    c = input.charCodeAt(p);
    if (c !== 0x25) break;
    // A "%" in a host, or in the first segment of a relative path (where ":" may not follow),
    // is the machine's. Checked at the first "%" only: a search per "%" was quadratic in a long host.
    if (pathFrom === -1) {
      const from = shape === SHAPE_URI ? input.indexOf(':', start) + 3 : start;
      pathFrom = shape === SHAPE_PATH ? start : input.indexOf('/', from);
      if (pathFrom === -1 || pathFrom > p) return -1;
    }
    const pct = pctFlags(input, p, len);
    if (pct === 0) return -1;
    flags |= pct;
    const more = noDot && (flags & Flag.DOT) === 0 ? COMMON_PATH_REST_NO_DOT[pctLevel(flags)]! : COMMON_PATH_REST;
    more.lastIndex = p + 3;
    if (!more.test(input)) return -1;
    p = more.lastIndex | 0;
  }
  const pathEnd = p;
  let queryEnd = 0;
  let fragmentStart = 0;
  if (open !== 0) {
    // What the lookahead could not take: a "%", or a character outside the grammar.
    if (open === 0x3f) {
      p = queryRun(input, p + 1, len, flags);
      if (p < 0) return -1;
      queryEnd = p;
      flags |= Flag.QUERY | pctSeen;
    }
    if (p < len && input.charCodeAt(p) === 0x23) {
      fragmentStart = p + 1;
      p = queryRun(input, fragmentStart, len, flags);
      if (p < 0) return -1;
      flags |= Flag.FRAGMENT | pctSeen;
    }
    if (p !== len) return -1;
  }
  if (!record) return 0;
  if (open === 0 && p < len) {
    if (c === 0x3f) {
      flags |= Flag.QUERY;
      const hash = input.indexOf('#', p + 1);
      queryEnd = hash === -1 ? len : hash;
      p = queryEnd;
    }
    if (p < len) {
      flags |= Flag.FRAGMENT;
      fragmentStart = p + 1;
    }
  }
  let schemeEnd = 0;
  let hostStart = 0;
  let pathStart = start;
  if (shape === SHAPE_URI) {
    // The scheme ends at the first ":" (it holds none), the host at the first "/" after it.
    // Most schemes have 4 or 5 letters (http, file, https): loads instead of a search. A ":" four
    // characters in ends the scheme (after a shorter one come "/" or the host, which holds none);
    // one five characters in ends it too unless the fifth begins the path, query or fragment
    // after an empty host and a one-letter scheme ("x:///:", "x://?:"; a shorter scheme's "//"),
    // as a host holds no ":".
    const c4 = start + 5 < len ? input.charCodeAt(start + 4) : 0x2f;
    schemeEnd =
      c4 === 0x3a
        ? start + 4
        : c4 !== 0x2f && c4 !== 0x3f && c4 !== 0x23 && input.charCodeAt(start + 5) === 0x3a
          ? start + 5
          : input.indexOf(':', start);
    hostStart = schemeEnd + 3;
    const slash = input.indexOf('/', hostStart);
    pathStart = slash !== -1 && slash < pathEnd ? slash : pathEnd;
    if (hostStart < pathStart) {
      const h = input.charCodeAt(hostStart);
      if (h >= 0x30 && h <= 0x39 && isIPv4(input, hostStart, pathStart)) flags |= Flag.HOST_IPV4;
    }
  }
  if (!noDot) {
    // A flat regex took the long path: a segment that begins with "." (the machine's A_DOT and
    // A_SEGMENT_NC_DOT).
    for (let dot = input.indexOf('.', pathStart); dot !== -1 && dot < pathEnd; dot = input.indexOf('.', dot + 1)) {
      if (dot === start || input.charCodeAt(dot - 1) === 0x2f) {
        flags |= Flag.DOT;
        break;
      }
    }
  }
  setCommon(
    offsets,
    schemeEnd,
    hostStart,
    shape === SHAPE_URI ? pathStart : 0,
    pathStart,
    pathEnd,
    (flags & Flag.QUERY) !== 0 ? pathEnd + 1 : 0,
    queryEnd,
    fragmentStart,
    len,
    flags,
  );
  return 0;
}

/**
 * scanCommon for a fragment alone (`"#" fragment`, a link within its page: two thirds of the
 * links of local_pairs' pages): one run of the fragment's characters instead of the shapes' regex.
 */
function sameDocument(input: string, start: number, len: number, offsets: Uint32Array | null, settings: number): number {
  if ((settings & ScanOption.ABSOLUTE) !== 0 || queryRun(input, start + 1, len, 0) !== len) return -1;
  if (offsets !== null) setCommon(offsets, 0, 0, 0, start, start, 0, 0, start + 1, len, Flag.FRAGMENT | pctSeen);
  return 0;
}

/** The shapes scanCommon takes: `scheme "://" ...`, an absolute path, a relative path (or none). */
const SHAPE_URI = 0;
const SHAPE_PATH = 1;
const SHAPE_RELATIVE = 2;

/** Where the run `run` that goes on at `j` ends. */
function runEnd(input: string, run: RegExp, j: number): number {
  run.lastIndex = j;
  run.test(input);
  return run.lastIndex;
}

/** The flags of the "%XX" the last queryRun passed. */
let pctSeen = 0;

/**
 * The end of a query or fragment run from `p` (both take the same characters), passing valid
 * "%XX"; -1 at a "%" that is not one. The hints of the "%XX" it stopped at are in pctSeen. It
 * stops at the first "%" (PERCENT is known then) and, up to NO_DOT_LIMIT, after it only where a
 * "%XX" sets a hint that neither `flags` nor pctSeen holds; past NO_DOT_LIMIT at each.
 */
function queryRun(input: string, p: number, len: number, flags: number): number {
  pctSeen = 0;
  const grouped = len <= NO_DOT_LIMIT;
  for (;;) {
    const seen = flags | pctSeen;
    const run = grouped && (seen & Flag.PERCENT) !== 0 ? PCT_RUNS[pctLevel(seen)]![State.QUERY]! : RUN_QUERY;
    run.lastIndex = p;
    run.test(input);
    p = run.lastIndex | 0;
    // (charCodeAt past the end would cost every later call its fast form)
    if (p === len || input.charCodeAt(p) !== 0x25) return p;
    const pct = pctFlags(input, p, len);
    if (pct === 0) return -1;
    pctSeen |= pct;
    p += 3;
  }
}

/**
 * pct-encoded = "%" HEXDIG HEXDIG, the "%" at i, within [.., len): 0 when it is not one, else
 * PERCENT and its hints, a lower-case hex digit (§6.2.2.1) and an unreserved octet (§6.2.2.2).
 */
export function pctFlags(u: Units, i: number, len: number): number {
  if (i + 2 >= len) return 0;
  const h = unitAt(u, i + 1);
  const l = unitAt(u, i + 2);
  if (h >= 0x80 || l >= 0x80) return 0;
  const hv = HEX_VALUE[h]!;
  const lv = HEX_VALUE[l]!;
  if (hv === 0xff || lv === 0xff) return 0;
  const octet = (hv << 4) | lv;
  return (
    Flag.PERCENT |
    (h >= 0x61 || l >= 0x61 ? Flag.PCT_LOWER : 0) |
    (octet < 0x80 && (ALLOWED[octet]! & EncodeSet.UNRESERVED) !== 0 ? Flag.PCT_UNRESERVED : 0)
  );
}

function fail(offsets: Uint32Array, code: number, index: number): number {
  offsets[Slot.ERROR_INDEX] = index;
  return code;
}

/**
 * An IP literal that stops at i (a character it cannot hold, or the end of input) may have gone
 * wrong earlier: its grammar, run over what came, names the first character it cannot accept.
 * Only when all of that could still begin an address is the error `code` at i.
 */
function literalFail(u: Units, offsets: Uint32Array, start: number, i: number, zone: boolean, code: number): number {
  if ((unitAt(u, start) | 0x20) === 0x76 /* v */) {
    const e = ipvFutureError(u, start, i);
    if (e !== -1 && e < i) return fail(offsets, ErrorCode.INVALID_IPVFUTURE, e);
  } else {
    const e = ipv6Error(u, start, i, zone);
    if (e !== -1 && e < i) return fail(offsets, ErrorCode.INVALID_IPV6, e);
  }
  return fail(offsets, code, i);
}

function errorOf(state: number): number {
  if (state === State.E_SCHEME) return ErrorCode.INVALID_SCHEME;
  if (state === State.E_PORT) return ErrorCode.INVALID_PORT;
  return ErrorCode.INVALID_CHAR;
}

/**
 * The flags of an authority that ends with its host at hostEnd: userinfo and port presence, and
 * whether a reg-name-shaped host is an IPv4address (IP literals were classified at "]").
 */
function authorityFlags(u: Units, flags: number, hostStart: number, hostEnd: number, at: number, portColon: number): number {
  if (at >= 0) flags |= Flag.USERINFO;
  if (portColon >= 0) flags |= Flag.PORT;
  if ((flags & HOST_LITERAL) === 0) {
    if (isIPv4(u, hostStart, hostEnd)) flags |= Flag.HOST_IPV4;
    else if (hasUpper(u, hostStart, hostEnd)) flags |= Flag.UPPER;
  }
  return flags;
}

const NO_UPPER = /[^A-Z]*/y;

/** An upper-case letter in [start, end) (a scheme, a reg-name: what §6.2.2.1 lowers). */
function hasUpper(u: Units, start: number, end: number): boolean {
  if (typeof u === 'string' && end - start > 32) {
    // A long range: one regex call (it may read on past the end, once per scan, linearly).
    NO_UPPER.lastIndex = start;
    NO_UPPER.test(u);
    return NO_UPPER.lastIndex < end;
  }
  if (typeof u === 'string') {
    for (let k = start; k < end; k++) {
      const c = u.charCodeAt(k);
      if (c >= 0x41 && c <= 0x5a) return true;
    }
    return false;
  }
  for (let k = start; k < end; k++) {
    const c = u[k]!;
    if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}

/**
 * A C1 control (U+0080 to U+009F) at `i`: the code unit itself in UTF-16, its UTF-8 form
 * (C2 80 to C2 9F) in bytes (a lone 0x80..0x9F is no character: no control).
 */
function isC1(u: Units, utf8: boolean, i: number, c: number, len: number): boolean {
  if (!utf8) return c <= 0x9f;
  if (c !== 0xc2 || i + 1 >= len) return false;
  const next = unitAt(u, i + 1);
  return next >= 0x80 && next <= 0x9f;
}

/**
 * Width (in code units: 1 or 2 UTF-16 units, 2 to 4 UTF-8 bytes) of the RFC 3987 character at
 * i, or 0 when it is not allowed there.
 * ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
 * iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD (query only)
 */
function iriCharWidth(u: Units, i: number, c: number, state: number, end: number): number {
  let cp = c;
  let width = 1;
  if (typeof u !== 'string') {
    // UTF-8: a lead byte and its continuation bytes, shortest form, no surrogates.
    width = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
    if (width === 0 || i + width > end) return 0;
    cp = c & (0x7f >> width);
    for (let k = 1; k < width; k++) {
      const b = u[i + k]!;
      if ((b & 0xc0) !== 0x80) return 0;
      cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < (width === 3 ? 0x800 : 0x10000) && width !== 2) return 0;
    if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return 0;
  } else if (c >= 0xd800 && c <= 0xdbff) {
    const lo = u.charCodeAt(i + 1);
    if (!(lo >= 0xdc00 && lo <= 0xdfff)) return 0;
    cp = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
    width = 2;
  } else if (c >= 0xdc00 && c <= 0xdfff) {
    return 0;
  }
  if (isUcschar(cp)) return width;
  if (isIprivate(cp) && isQueryState(state)) return width;
  return 0;
}

/**
 * ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
 * (RFC 3987 §2.2), for the IRI scan and for iri.ts.
 */
export function isUcschar(cp: number): boolean {
  if (cp < 0xa0) return false;
  if (cp <= 0xd7ff) return true;
  if (cp >= 0xf900 && cp <= 0xfdcf) return true;
  if (cp >= 0xfdf0 && cp <= 0xffef) return true;
  // %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD: each plane less its
  // last two code points (and, in plane 14, its first 4096).
  if (cp >= 0x10000 && cp < 0xf0000 && (cp & 0xfffe) !== 0xfffe) return cp < 0xe0000 || cp >= 0xe1000;
  return false;
}

/** iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD (RFC 3987 §2.2), the query's extra. */
export function isIprivate(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0xffffd) || (cp >= 0x100000 && cp <= 0x10fffd);
}

function isQueryState(state: number): boolean {
  return state === State.QUERY || state === State.A_QUERY;
}

/**
 * With `absolute`, where a scheme stops being possible: the first character that cannot continue
 * `scheme ":"`, or the input's length.
 */
function schemeErrorIndex(u: Units, start: number, end: number): number {
  let i = start;
  for (; i < end; i++) {
    const c = unitAt(u, i);
    const cls = c < 0x80 ? CHAR_CLASS[c]! : Cls.NON_ASCII;
    if (TRANSITIONS[((i === start ? State.START : State.SCHEME) << CLASS_SHIFT) | cls] !== State.SCHEME) return i;
  }
  return i;
}

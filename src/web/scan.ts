/**
 * The URL Standard's basic URL parser as a machine over the input's code units, driven by the
 * generated tables of tables.ts: one pass that finds where each component of the input lies,
 * what the base URL gives, and whether the standard's serialization writes each component as the
 * input has it. When it writes all of them so (the input is already serialized), the record is
 * the offsets record of the input itself; otherwise serialize.ts writes the serialization
 * from the record. No substring, no allocation.
 */
import { ErrorCode } from '../syntax/errors.js';
import { isIPv4 } from '../syntax/host.js';
import { Flag, OFFSETS_LENGTH, Slot, setOffsets } from '../syntax/offsets.js';
import { pctFlags } from '../syntax/scan.js';
import {
  endsInNumber,
  firstInSet,
  hostFailure,
  hostFailureAt,
  isCanonicalIPv6,
  isLocalhost,
  needsDomainProcessing,
  parseIPv4,
  parseIPv6,
} from './host.js';
import {
  WEB_CLASS,
  WEB_CLASS_SHIFT,
  WEB_COMMON,
  WEB_COMPONENT,
  WEB_MASK,
  WEB_RUN_FRAGMENT,
  WEB_RUN_QUERY_SPECIAL,
  WEB_RUN_SEGMENT_SPECIAL,
  WEB_RUNS,
  WEB_SET,
  WEB_SET_NON_ASCII,
  WEB_SPECIAL_MASK,
  WEB_SPECIAL_RUNS,
  WEB_SPECIAL_TRANSITIONS,
  WEB_TRANSITIONS,
  WebCls,
  WebDirty,
  WebSet,
  WebState,
} from './tables.js';

/**
 * The slots a URL Standard record has after the offsets record's: what the serializer needs
 * besides the input's boundaries (which the first OFFSETS_LENGTH slots hold, as `Slot` names them).
 */
export const WebSlot = Object.freeze({
  /** The scheme (`WebScheme`), the input's or the base URL's. */
  KIND: OFFSETS_LENGTH,
  /** `WebDirty` bits: what the serialization writes otherwise than the input. */
  DIRTY: OFFSETS_LENGTH + 1,
  /** `FromBase` bits: what comes from the base URL. */
  FROM_BASE: OFFSETS_LENGTH + 2,
  /** How path state reads [PATH_START, PATH_END) (`PathMode`). */
  PATH_MODE: OFFSETS_LENGTH + 3,
  /** The input's host (`HostKind`). */
  HOST_KIND: OFFSETS_LENGTH + 4,
  /** An IPv4 host's address. */
  HOST_VALUE: OFFSETS_LENGTH + 5,
  /** The port the serialization writes, or NO_PORT. */
  PORT_VALUE: OFFSETS_LENGTH + 6,
});

/** Length of a URL Standard record. */
export const WEB_RECORD_LENGTH = OFFSETS_LENGTH + 7;

/** A PORT_VALUE for no port (none given, an empty one, or the scheme's default). */
export const NO_PORT = 0x10000;

/** The special schemes (and every other, OTHER), as KIND holds them. */
export enum WebScheme {
  OTHER = 0,
  HTTP = 1,
  HTTPS = 2,
  WS = 3,
  WSS = 4,
  FTP = 5,
  FILE = 6,
}

/** By WebScheme: the scheme's name and its default port (-1: none). */
export const SCHEME_NAMES: readonly string[] = ['', 'http', 'https', 'ws', 'wss', 'ftp', 'file'];
const DEFAULT_PORTS = [-1, 80, 443, 80, 443, 21, -1];

/** Bits of FROM_BASE. */
export enum FromBase {
  SCHEME = 1,
  /** The base URL's credentials, host and port (a file URL's host). */
  AUTHORITY = 2,
  /** The base URL's path... */
  PATH = 4,
  /** ...shortened (its last segment removed). */
  SHORTEN = 8,
  /** Only the base URL's first segment, a normalized Windows drive letter. */
  DRIVE = 16,
  QUERY = 32,
}

/** How path state reads the input's path. */
export enum PathMode {
  /** Not at all (the path is the base URL's, or none). */
  NONE = 0,
  /** A "/" (or "\" in a special URL) at PATH_START, then segments. */
  SLASH = 1,
  /** Segments from PATH_START (after the base URL's path, if any). */
  HERE = 2,
  /** An opaque path. */
  OPAQUE = 3,
}

/** The input's host, as HOST_KIND holds it. */
export enum HostKind {
  /** No host in the input (the base URL's, or none). */
  NONE = 0,
  EMPTY = 1,
  DOMAIN = 2,
  IPV4 = 3,
  IPV6 = 4,
  OPAQUE = 5,
  /** With DOMAIN: a "%" or a non-ASCII code point; the domain is decoded and mapped (UTS #46) by serialize.ts. */
  PROCESS = 8,
}

/**
 * scanWeb's answer for an input that holds a tab or a newline, or begins or ends with a C0 control
 * or a space: the standard removes those first, so the caller parses the cleaned input.
 */
export const WEB_CLEAN = -1;

/** The standard's validation error behind the last failure, for messages. */
export let webFailure = '';

const ROW_SHIFT = 7;
const NON_ASCII_ROW = WebState.FIRST_ACTION << ROW_SHIFT;
const EOF_ROW = NON_ASCII_ROW + WebState.FIRST_ACTION;

/**
 * A transition table expanded from classes to code units, one row of 128 per state, then one entry
 * per state for a code unit >= 0x80 and one for EOF. A code point of the state's mask that the state
 * keeps has ATTENTION added (a delimiter leading to an action never has: it is no content).
 */
function fuse(table: Uint8Array, mask: Uint16Array): Uint8Array {
  const out = new Uint8Array(EOF_ROW + WebState.FIRST_ACTION);
  const mark = (t: number, bits: number, state: number): number =>
    t < WebState.FIRST_ACTION && (bits & mask[state]!) !== 0 ? t | WebState.ATTENTION : t;
  for (let state = 0; state < WebState.FIRST_ACTION; state++) {
    const row = state << WEB_CLASS_SHIFT;
    for (let c = 0; c < 0x80; c++) out[(state << ROW_SHIFT) | c] = mark(table[row | WEB_CLASS[c]!]!, WEB_SET[c]!, state);
    out[NON_ASCII_ROW + state] = mark(table[row | WebCls.NON_ASCII]!, WEB_SET_NON_ASCII, state);
    out[EOF_ROW + state] = table[row | WebCls.EOF]!;
  }
  return out;
}

const PLAIN = fuse(WEB_TRANSITIONS, WEB_MASK);
const SPECIAL = fuse(WEB_SPECIAL_TRANSITIONS, WEB_SPECIAL_MASK);

/** A run is taken by its regex only when more than this many code units remain (as in scan.ts). */
const RUN_MIN_REMAINING = 16;

function fail(rec: Uint32Array, code: number, index: number, why: string): number {
  rec[Slot.ERROR_INDEX] = index;
  webFailure = why;
  return code;
}

/**
 * Reads `input` as the URL Standard's basic URL parser does, against `base` (a serialized URL and
 * its record, as this parser wrote them) if given, into `rec` (WEB_RECORD_LENGTH slots).
 *
 * @returns 0 on success, an `ErrorCode` on failure (index in ERROR_INDEX, the standard's validation
 *   error in `webFailure`), or WEB_CLEAN. On success with DIRTY and FROM_BASE 0, the first
 *   OFFSETS_LENGTH slots are the offsets record of `input` itself, which is its own serialization.
 */
export function scanWeb(input: string, rec: Uint32Array, base: string | null, baseRec: Uint32Array | null): number {
  return scanCommon(input, rec) === 0 ? 0 : scanMachine(input, rec, base, baseRec);
}

/** scanWeb without its fast path: the machine alone, for an input that scanCommon did not take. */
export function scanMachine(input: string, rec: Uint32Array, base: string | null, baseRec: Uint32Array | null): number {
  const len = input.length;
  if (len > 0 && (input.charCodeAt(0) <= 0x20 || input.charCodeAt(len - 1) <= 0x20)) return WEB_CLEAN;
  let fused = PLAIN;
  let runs = WEB_RUNS;
  let special = false;
  let kind: number = WebScheme.OTHER;
  let state: number = WebState.SCHEME_START;
  let i = 0;
  let flags = 0;
  let dirty = 0;
  let attention = 0; // WEB_COMPONENT bits of marked code points; a host's are looked at when it ends
  let fromBase = 0;
  let schemeEnd = 0;
  let authorityStart = 0;
  let at = -1;
  let hostStart = 0;
  let hostEnd = 0;
  let portColon = -1;
  let pathMode: number = PathMode.NONE;
  let pathStart = 0;
  let pathEnd = 0;
  let queryStart = 0;
  let queryEnd = 0;
  let fragmentStart = 0;
  // The next "/." and "/%" at or after the last path run's start (-1: none; -2: not looked for).
  let slashDot = -2;
  let slashPct = -2;
  rec[WebSlot.HOST_KIND] = HostKind.NONE;
  rec[WebSlot.HOST_VALUE] = 0;
  rec[WebSlot.PORT_VALUE] = NO_PORT;

  for (;;) {
    let next: number;
    if (i < len) {
      const c = input.charCodeAt(i);
      next = fused[c < 0x80 ? (state << ROW_SHIFT) | c : NON_ASCII_ROW + state]!;
      if (next >= WebState.ATTENTION) {
        attention |= WEB_COMPONENT[state]!;
        next -= WebState.ATTENTION;
      }
      if (next < WebState.FIRST_ACTION) {
        if (next !== state) {
          state = next;
          // A run begins: its regex takes the rest of it in one call.
          const run = runs[next]!;
          if (run !== null && len - i > RUN_MIN_REMAINING) {
            run.lastIndex = i + 1;
            run.test(input);
            const j = run.lastIndex;
            if (j > i + 1) {
              if (next === WebState.SEGMENT || next === WebState.SEGMENT_START) {
                state = input.charCodeAt(j - 1) === 0x2f ? WebState.SEGMENT_START : WebState.SEGMENT;
                // The run passed its "/" without A_DOT or A_PERCENT: look for dot segments in it.
                if ((dirty & WebDirty.PATH) === 0) {
                  if (slashDot !== -1 && slashDot < i) slashDot = input.indexOf('/.', i);
                  if (slashPct !== -1 && slashPct < i) slashPct = input.indexOf('/%', i);
                  for (; slashDot !== -1 && slashDot < j - 1; slashDot = input.indexOf('/.', slashDot + 1))
                    if (isDotSegment(input, slashDot + 1, special)) dirty |= WebDirty.PATH;
                  for (; slashPct !== -1 && slashPct < j - 1; slashPct = input.indexOf('/%', slashPct + 1))
                    if (isDotSegment(input, slashPct + 1, special)) dirty |= WebDirty.PATH;
                }
              }
              i = j - 1;
            }
          }
        }
        i++;
        continue;
      }
    } else {
      next = fused[EOF_ROW + state]!;
    }
    // An action. Those that read the code point again ("decrease pointer by 1") leave i alone.
    switch (next) {
      case WebState.A_CLEAN:
        return WEB_CLEAN;
      case WebState.A_SCHEME: {
        schemeEnd = i;
        flags |= Flag.SCHEME;
        kind = schemeKind(input, 0, i);
        special = kind !== WebScheme.OTHER;
        if (special) {
          fused = SPECIAL;
          runs = WEB_SPECIAL_RUNS;
        }
        if (kind === WebScheme.FILE) {
          state = WebState.FILE;
        } else if (special && base !== null && sameScheme(input, i, base, baseRec!)) {
          state = WebState.RELATIVE;
        } else if (special) {
          state = WebState.SPECIAL_AUTHORITY_IGNORE_SLASHES;
        } else if (input.charCodeAt(i + 1) === 0x2f) {
          state = WebState.PATH_OR_AUTHORITY;
          i++;
        } else {
          state = WebState.OPAQUE_PATH;
          pathMode = PathMode.OPAQUE;
          pathStart = i + 1;
        }
        i++;
        break;
      }
      case WebState.A_NO_SCHEME: {
        if (base === null) return fail(rec, ErrorCode.MISSING_SCHEME, i, 'missing-scheme-non-relative-URL');
        // Start over from the first code point, relative to the base URL.
        flags = 0;
        schemeEnd = 0;
        attention = 0;
        fromBase = FromBase.SCHEME;
        kind = schemeKind(base, 0, baseRec![Slot.SCHEME_END]!);
        special = kind !== WebScheme.OTHER;
        fused = special ? SPECIAL : PLAIN;
        runs = special ? WEB_SPECIAL_RUNS : WEB_RUNS;
        i = 0;
        if (hasOpaquePath(base, baseRec!)) {
          if (input.charCodeAt(0) !== 0x23) return fail(rec, ErrorCode.MISSING_SCHEME, 0, 'missing-scheme-non-relative-URL');
          fromBase |= FromBase.PATH | FromBase.QUERY;
          state = WebState.SEGMENT_START; // reads the "#"
        } else {
          state = kind === WebScheme.FILE ? WebState.FILE : WebState.RELATIVE;
        }
        break;
      }
      case WebState.A_AUTHORITY:
        flags |= Flag.AUTHORITY;
        authorityStart = hostStart = i + 1;
        state = WebState.HOST_START;
        i++;
        break;
      case WebState.A_AUTHORITY_HERE:
        flags |= Flag.AUTHORITY;
        authorityStart = hostStart = i;
        // Serialized, a special URL's authority follows exactly "//".
        if (i !== schemeEnd + 3 || input.charCodeAt(i - 1) !== 0x2f || input.charCodeAt(i - 2) !== 0x2f) dirty |= WebDirty.SHAPE;
        state = WebState.HOST_START;
        break;
      case WebState.A_AT:
        at = i;
        hostStart = i + 1;
        portColon = -1;
        attention &= ~WebDirty.HOST;
        flags |= Flag.USERINFO;
        state = WebState.HOST_START;
        i++;
        break;
      case WebState.A_PORT_COLON:
        portColon = i;
        state = WebState.PORT;
        i++;
        break;
      case WebState.A_AUTHORITY_END: {
        hostEnd = portColon >= 0 ? portColon : i;
        if (at >= 0) {
          if (at + 1 === i) return fail(rec, ErrorCode.INVALID_HOST, i, 'host-missing');
          if (userinfoDirty(input, authorityStart, at)) dirty |= WebDirty.USERINFO;
        }
        let r = checkHost(input, rec, hostStart, hostEnd, kind, (attention & WebDirty.HOST) !== 0, portColon >= 0);
        if (r < 0) return -r;
        dirty |= r;
        attention &= ~WebDirty.HOST;
        if (portColon >= 0) {
          r = checkPort(input, rec, portColon + 1, i, kind);
          if (r < 0) return -r;
          dirty |= r;
          flags |= Flag.PORT;
        }
        pathStart = i;
        state = WebState.PATH_START;
        break;
      }
      case WebState.A_FILE: {
        // "file:" and no slash: no host in the input, the base URL's if it is a file URL.
        rec[WebSlot.HOST_KIND] = HostKind.EMPTY;
        dirty |= WebDirty.SHAPE;
        pathStart = i;
        state = WebState.SEGMENT_START;
        if (base !== null && isFileUrl(base, baseRec!)) {
          fromBase |= FromBase.AUTHORITY | FromBase.PATH | FromBase.QUERY;
          const c = i < len ? input.charCodeAt(i) : -1;
          if (c === 0x3f || c === 0x23 || c === -1) {
            if (c === 0x3f) fromBase &= ~FromBase.QUERY;
            break; // SEGMENT_START reads the "?", "#" or EOF
          }
          fromBase &= ~FromBase.QUERY;
          if (startsWithWindowsDriveLetter(input, i)) fromBase &= ~FromBase.PATH;
          else fromBase |= FromBase.SHORTEN;
        }
        pathMode = PathMode.HERE;
        break;
      }
      case WebState.A_FILE_SLASH:
        rec[WebSlot.HOST_KIND] = HostKind.EMPTY;
        dirty |= WebDirty.SHAPE;
        if (base !== null && isFileUrl(base, baseRec!)) {
          fromBase |= FromBase.AUTHORITY;
          if (!startsWithWindowsDriveLetter(input, i) && baseDriveLetter(base, baseRec!)) fromBase |= FromBase.DRIVE;
        }
        pathMode = PathMode.SLASH;
        pathStart = i - 1;
        state = WebState.SEGMENT_START;
        break;
      case WebState.A_FILE_HOST:
        if (input.charCodeAt(i) === 0x5c || input.charCodeAt(i - 1) === 0x5c) dirty |= WebDirty.SHAPE;
        flags |= Flag.AUTHORITY;
        authorityStart = hostStart = i + 1;
        state = WebState.FILE_HOST;
        i++;
        break;
      case WebState.A_FILE_HOST_END: {
        hostEnd = i;
        const marked = (attention & WebDirty.HOST) !== 0;
        attention &= ~WebDirty.HOST;
        if (i - hostStart === 2 && isWindowsDriveLetter(input, hostStart)) {
          // "file://C:/": no host; the drive letter is the path's first segment.
          flags &= ~Flag.AUTHORITY;
          rec[WebSlot.HOST_KIND] = HostKind.EMPTY;
          dirty |= WebDirty.SHAPE;
          pathMode = PathMode.HERE;
          pathStart = i = hostStart;
          state = WebState.SEGMENT_START;
          break;
        }
        if (hostStart === i) {
          rec[WebSlot.HOST_KIND] = HostKind.EMPTY;
        } else {
          const r = checkHost(input, rec, hostStart, i, WebScheme.FILE, marked, false);
          if (r < 0) return -r;
          dirty |= r;
        }
        pathStart = i;
        state = WebState.PATH_START;
        break;
      }
      case WebState.A_PATH_START_SLASH:
        if (input.charCodeAt(i) === 0x5c) dirty |= WebDirty.PATH;
        pathMode = PathMode.SLASH;
        pathStart = i;
        state = WebState.SEGMENT_START;
        i++;
        break;
      case WebState.A_PATH_HERE:
        // Only a special URL's path start state reads anything but a slash: its path gets "/".
        dirty |= WebDirty.SHAPE;
        pathMode = PathMode.HERE;
        pathStart = i;
        state = WebState.SEGMENT_START;
        break;
      case WebState.A_PATH_AFTER_SLASH:
        pathMode = PathMode.SLASH;
        pathStart = i - 1;
        state = WebState.SEGMENT_START;
        break;
      case WebState.A_RELATIVE_QUERY:
        fromBase |= FromBase.AUTHORITY | FromBase.PATH;
        pathStart = i;
        state = WebState.SEGMENT_START; // reads the "?"
        break;
      case WebState.A_RELATIVE_FRAGMENT:
      case WebState.A_RELATIVE_END:
        fromBase |= FromBase.AUTHORITY | FromBase.PATH | FromBase.QUERY;
        pathStart = i;
        state = WebState.SEGMENT_START; // reads the "#" or EOF
        break;
      case WebState.A_RELATIVE_PATH:
        fromBase |= FromBase.AUTHORITY | FromBase.PATH | FromBase.SHORTEN;
        pathMode = PathMode.HERE;
        pathStart = i;
        state = WebState.SEGMENT_START;
        break;
      case WebState.A_RELATIVE_SLASH_PATH:
        fromBase |= FromBase.AUTHORITY;
        pathMode = PathMode.SLASH;
        pathStart = i - 1;
        state = WebState.SEGMENT_START;
        break;
      case WebState.A_DOT:
      case WebState.A_PERCENT:
        if (isDotSegment(input, i, special)) dirty |= WebDirty.PATH;
        state = WebState.SEGMENT;
        i++;
        break;
      case WebState.A_BACKSLASH:
        dirty |= WebDirty.PATH;
        state = WebState.SEGMENT_START;
        i++;
        break;
      case WebState.A_QUERY:
        // An opaque path's last space before "?" or "#" is written "%20".
        if (state === WebState.OPAQUE_PATH && input.charCodeAt(i - 1) === 0x20) dirty |= WebDirty.PATH;
        pathEnd = i;
        flags |= Flag.QUERY;
        queryStart = i + 1;
        state = WebState.QUERY;
        i++;
        break;
      case WebState.A_FRAGMENT:
        if (state === WebState.OPAQUE_PATH && input.charCodeAt(i - 1) === 0x20) dirty |= WebDirty.PATH;
        if (state === WebState.QUERY) queryEnd = i;
        else pathEnd = i;
        flags |= Flag.FRAGMENT;
        fragmentStart = i + 1;
        state = WebState.FRAGMENT;
        i++;
        break;
      default: {
        // A_END: the URL is read.
        if (state === WebState.QUERY) queryEnd = len;
        else if (state !== WebState.FRAGMENT) pathEnd = len;
        dirty |= attention;
        // A file URL's first segment "C|" is written "C:".
        if (kind === WebScheme.FILE && fromBase === 0 && pathMode !== PathMode.NONE) {
          const p = pathMode === PathMode.SLASH ? pathStart + 1 : pathStart;
          if (input.charCodeAt(p + 1) === 0x7c && startsWithWindowsDriveLetter(input, p)) dirty |= WebDirty.PATH;
        }
        const auth = (flags & Flag.AUTHORITY) !== 0;
        setOffsets(
          rec,
          schemeEnd,
          auth ? authorityStart : 0,
          auth && at >= 0 ? at : 0,
          auth ? hostStart : 0,
          auth ? hostEnd : 0,
          auth && portColon >= 0 ? portColon + 1 : 0,
          pathStart,
          pathEnd,
          queryStart,
          queryEnd,
          fragmentStart,
          len,
          flags,
          0,
        );
        rec[WebSlot.KIND] = kind;
        rec[WebSlot.DIRTY] = dirty;
        rec[WebSlot.FROM_BASE] = fromBase;
        rec[WebSlot.PATH_MODE] = pathMode;
        if (dirty === 0 && fromBase === 0) rec[Slot.FLAGS] = flags | hintFlags(input, rec);
        return 0;
      }
    }
  }
}

/**
 * The fast path, for the shape of most URLs: a special URL already serialized, `scheme "://" host
 * [ ":" port ] path [ "?" query ] [ "#" fragment ]` with a lower-case domain or a dotted-decimal
 * IPv4 address (a file URL's may be empty), no credentials, a port that is not the default, no
 * segment that begins with "." or "%", nothing to encode. Two to four regex calls, generated from
 * the machine's own runs. Returns 0 with the record written (the input's own), or -1 for the
 * machine. Every base URL gives such an input this reading, so the base is of no concern.
 */
export function scanCommon(input: string, rec: Uint32Array): number {
  WEB_COMMON.lastIndex = 0;
  if (!WEB_COMMON.test(input)) return -1;
  const matched = WEB_COMMON.lastIndex;
  const schemeEnd = input.indexOf(':');
  const kind = schemeKind(input, 0, schemeEnd);
  if (kind === WebScheme.OTHER) return -1;
  const hostStart = schemeEnd + 3;
  let hostEnd = input.indexOf('/', hostStart);
  if (hostEnd === -1 || hostEnd > matched) hostEnd = matched;
  let flags = Flag.SCHEME | Flag.AUTHORITY;
  let port = NO_PORT;
  let pathStart = hostEnd;
  let pathEnd = matched;
  if (kind === WebScheme.FILE) {
    // No port; "localhost" is no host; the first segment "C|" is written "C:".
    if (input.charCodeAt(hostEnd) === 0x3a || isLocalhost(input, hostStart, hostEnd) || input.charCodeAt(hostEnd + 2) === 0x7c) return -1;
  } else if (hostEnd === hostStart) {
    return -1;
  } else if (input.charCodeAt(hostEnd) === 0x3a) {
    let v = 0;
    let q = hostEnd + 1;
    for (; q - hostEnd <= 5; q++) {
      const d = input.charCodeAt(q) - 0x30;
      if (!(d >= 0 && d <= 9)) break;
      v = v * 10 + d;
    }
    if (q === hostEnd + 1 || v > 65535 || v === DEFAULT_PORTS[kind] || (input.charCodeAt(hostEnd + 1) === 0x30 && q - hostEnd > 2))
      return -1;
    port = v;
    flags |= Flag.PORT;
    pathStart = q;
    pathEnd = -1;
  }
  // A host that ends in a number is an IPv4 address, taken here in its one written form only.
  const last = input.charCodeAt(input.charCodeAt(hostEnd - 1) === 0x2e ? hostEnd - 2 : hostEnd - 1);
  if (((last >= 0x30 && last <= 0x39) || (last >= 0x61 && last <= 0x66) || last === 0x78) && endsInNumber(input, hostStart, hostEnd)) {
    if (!isIPv4(input, hostStart, hostEnd)) return -1;
    flags |= Flag.HOST_IPV4;
  }
  if (input.charCodeAt(pathStart) !== 0x2f) return -1;
  const tail = scanCleanTail(input, pathStart, pathEnd, rec);
  if (tail < 0) return -1;
  setOffsets(
    rec,
    schemeEnd,
    hostStart,
    0,
    hostStart,
    hostEnd,
    port === NO_PORT ? 0 : hostEnd + 1,
    pathStart,
    rec[Slot.PATH_END]!,
    rec[Slot.QUERY_START]!,
    rec[Slot.QUERY_END]!,
    rec[Slot.FRAGMENT_START]!,
    input.length,
    flags | tail,
    0,
  );
  rec[WebSlot.KIND] = kind;
  rec[WebSlot.DIRTY] = 0;
  rec[WebSlot.FROM_BASE] = 0;
  rec[WebSlot.PATH_MODE] = PathMode.SLASH;
  rec[WebSlot.HOST_KIND] = hostEnd === hostStart ? HostKind.EMPTY : (flags & Flag.HOST_IPV4) !== 0 ? HostKind.IPV4 : HostKind.DOMAIN;
  rec[WebSlot.PORT_VALUE] = port;
  return 0;
}

/**
 * A special URL's path, query and fragment from `pathStart` to the end that the serializer writes
 * as they are: a path of its SEGMENT run (ending at `pathEnd`, or -1 to find where) with no dot
 * segment, then "?" and the special-query run, "#" and the fragment run. Writes PATH_END,
 * QUERY_START, QUERY_END and FRAGMENT_START (0 where absent) and returns the QUERY, FRAGMENT, DOT
 * and PERCENT hint flags, or -1. The path's first segment begins at `pathStart`, or after it when
 * that is a "/".
 */
export function scanCleanTail(input: string, pathStart: number, pathEnd: number, rec: Uint32Array): number {
  const len = input.length;
  if (pathEnd < 0) {
    WEB_RUN_SEGMENT_SPECIAL.lastIndex = pathStart;
    WEB_RUN_SEGMENT_SPECIAL.test(input);
    pathEnd = WEB_RUN_SEGMENT_SPECIAL.lastIndex;
  }
  let flags = 0;
  let queryEnd = 0;
  let p = pathEnd;
  if (input.charCodeAt(p) === 0x3f) {
    WEB_RUN_QUERY_SPECIAL.lastIndex = p + 1;
    WEB_RUN_QUERY_SPECIAL.test(input);
    p = queryEnd = WEB_RUN_QUERY_SPECIAL.lastIndex;
    flags |= Flag.QUERY;
  }
  const fragmentStart = p + 1;
  if (input.charCodeAt(p) === 0x23) {
    WEB_RUN_FRAGMENT.lastIndex = fragmentStart;
    WEB_RUN_FRAGMENT.test(input);
    p = WEB_RUN_FRAGMENT.lastIndex;
    flags |= Flag.FRAGMENT;
  }
  if (p !== len) return -1;
  // A segment that begins with "." or "%2e" may be a dot segment, which path state removes.
  for (let d = input.indexOf('.', pathStart); d !== -1 && d < pathEnd; d = input.indexOf('.', d + 1)) {
    if (d !== pathStart && input.charCodeAt(d - 1) !== 0x2f) continue;
    if (isDotSegment(input, d, true)) return -1;
    flags |= Flag.DOT;
  }
  for (let q = input.indexOf('%', pathStart); q !== -1; q = input.indexOf('%', q + 1)) {
    if (q < pathEnd && (q === pathStart || input.charCodeAt(q - 1) === 0x2f) && isDotSegment(input, q, true)) return -1;
    flags |= pctFlags(input, q, len);
  }
  rec[Slot.PATH_END] = pathEnd;
  rec[Slot.QUERY_START] = (flags & Flag.QUERY) !== 0 ? pathEnd + 1 : 0;
  rec[Slot.QUERY_END] = queryEnd;
  rec[Slot.FRAGMENT_START] = (flags & Flag.FRAGMENT) !== 0 ? fragmentStart : 0;
  return flags;
}

/**
 * The flags of a serialized URL's record that its text decides: the host's type (as `scan` reads
 * it: an IPv4 dotted quad, an IP literal), and the hints PERCENT, PCT_LOWER, PCT_UNRESERVED, DOT
 * and UPPER (an opaque host's capitals), so that the record is the one `scan` would write.
 */
export function hintFlags(s: string, rec: Uint32Array): number {
  let flags = 0;
  for (let p = s.indexOf('%'); p !== -1; p = s.indexOf('%', p + 1)) flags |= pctFlags(s, p, s.length);
  const ps = rec[Slot.PATH_START]!;
  const pe = rec[Slot.PATH_END]!;
  if (ps < pe) {
    const dot = s.indexOf('/.', ps);
    if (s.charCodeAt(ps) === 0x2e || (dot !== -1 && dot < pe - 1)) flags |= Flag.DOT;
  }
  if ((rec[Slot.FLAGS]! & Flag.AUTHORITY) !== 0) {
    const hs = rec[Slot.HOST_START]!;
    const he = rec[Slot.HOST_END]!;
    if (s.charCodeAt(hs) === 0x5b) flags |= Flag.HOST_IPV6;
    else if (isIPv4(s, hs, he)) flags |= Flag.HOST_IPV4;
    else if (firstInSet(s, hs, he, WebSet.UPPER) !== -1) flags |= Flag.UPPER;
  }
  return flags;
}

/** The WebScheme of s[start, end), in any case (scheme code points only: "| 0x20" lowers a letter, keeps the rest). */
export function schemeKind(s: string, start: number, end: number): number {
  const c0 = s.charCodeAt(start) | 0x20;
  const c1 = s.charCodeAt(start + 1) | 0x20;
  const c2 = s.charCodeAt(start + 2) | 0x20;
  switch (end - start) {
    case 2:
      return c0 === 0x77 && c1 === 0x73 ? WebScheme.WS : WebScheme.OTHER;
    case 3:
      if (c0 === 0x77 && c1 === 0x73 && c2 === 0x73) return WebScheme.WSS;
      return c0 === 0x66 && c1 === 0x74 && c2 === 0x70 ? WebScheme.FTP : WebScheme.OTHER;
    case 4:
    case 5: {
      const c3 = s.charCodeAt(start + 3) | 0x20;
      if (end - start === 5)
        return c0 === 0x68 && c1 === 0x74 && c2 === 0x74 && c3 === 0x70 && (s.charCodeAt(start + 4) | 0x20) === 0x73
          ? WebScheme.HTTPS
          : WebScheme.OTHER;
      if (c0 === 0x68 && c1 === 0x74 && c2 === 0x74 && c3 === 0x70) return WebScheme.HTTP;
      return c0 === 0x66 && c1 === 0x69 && c2 === 0x6c && c3 === 0x65 ? WebScheme.FILE : WebScheme.OTHER;
    }
    default:
      return WebScheme.OTHER;
  }
}

/** The input's scheme [0, end) is the base URL's (whose scheme is lower case). */
function sameScheme(input: string, end: number, base: string, baseRec: Uint32Array): boolean {
  if (baseRec[Slot.SCHEME_END] !== end) return false;
  for (let k = 0; k < end; k++) if ((input.charCodeAt(k) | 0x20) !== base.charCodeAt(k)) return false;
  return true;
}

/** The base URL has an opaque path: no host, and a path that does not begin with "/". */
function hasOpaquePath(base: string, baseRec: Uint32Array): boolean {
  return (baseRec[Slot.FLAGS]! & Flag.AUTHORITY) === 0 && base.charCodeAt(baseRec[Slot.PATH_START]!) !== 0x2f;
}

function isFileUrl(base: string, baseRec: Uint32Array): boolean {
  return schemeKind(base, 0, baseRec[Slot.SCHEME_END]!) === WebScheme.FILE;
}

/** The base URL's first path segment is a normalized Windows drive letter ("/C:" or "/C:/..."). */
function baseDriveLetter(base: string, baseRec: Uint32Array): boolean {
  const p = baseRec[Slot.PATH_START]!;
  const end = baseRec[Slot.PATH_END]!;
  return (
    base.charCodeAt(p) === 0x2f &&
    isWindowsDriveLetter(base, p + 1) &&
    base.charCodeAt(p + 2) === 0x3a &&
    (p + 3 === end || base.charCodeAt(p + 3) === 0x2f)
  );
}

/** A Windows drive letter at p: an ASCII alpha and ":" or "|". */
export function isWindowsDriveLetter(s: string, p: number): boolean {
  const a = s.charCodeAt(p) | 0x20;
  const b = s.charCodeAt(p + 1);
  return a >= 0x61 && a <= 0x7a && (b === 0x3a || b === 0x7c);
}

/** s from p starts with a Windows drive letter: one, then the end, "/", "\", "?" or "#". */
export function startsWithWindowsDriveLetter(s: string, p: number): boolean {
  if (!isWindowsDriveLetter(s, p)) return false;
  const c = s.charCodeAt(p + 2);
  return p + 2 === s.length || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23;
}

/** The length of a dot (".") or "%2e" (any case) at p, else 0. */
function dotLength(s: string, p: number): number {
  const c = s.charCodeAt(p);
  if (c === 0x2e) return 1;
  return c === 0x25 && s.charCodeAt(p + 1) === 0x32 && (s.charCodeAt(p + 2) | 0x20) === 0x65 ? 3 : 0;
}

/** p ends a path segment: the end, "/", "?", "#", or "\" in a special URL. */
function endsSegment(s: string, p: number, special: boolean): boolean {
  if (p >= s.length) return true;
  const c = s.charCodeAt(p);
  return c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c);
}

/**
 * The segment that begins at p is a single-dot (".", "%2e") or double-dot ("..", ".%2e", "%2e.",
 * "%2e%2e") path segment, in any case.
 */
export function isDotSegment(s: string, p: number, special: boolean): boolean {
  const n = dotLength(s, p);
  if (n === 0) return false;
  if (endsSegment(s, p + n, special)) return true;
  const m = dotLength(s, p + n);
  return m !== 0 && endsSegment(s, p + n + m, special);
}

/**
 * Credentials that the serialization writes otherwise: a code point of the userinfo percent-encode
 * set (but the first ":"), or an empty password or username that it drops.
 */
function userinfoDirty(s: string, start: number, at: number): boolean {
  let colon = -1;
  for (let p = start; p < at; p++) {
    const c = s.charCodeAt(p);
    if (c === 0x3a && colon === -1) colon = p;
    else if (c >= 0x80 || (WEB_SET[c]! & WebSet.USERINFO) !== 0) return true;
  }
  return colon === -1 ? at === start : colon + 1 === at;
}

/**
 * The host parser's checks on s[start, end) (`marked`: a code point of the state's mask is in it):
 * the WebDirty bits of the host, or a negative ErrorCode. Writes HOST_KIND and HOST_VALUE.
 */
function checkHost(s: string, rec: Uint32Array, start: number, end: number, kind: number, marked: boolean, port: boolean): number {
  if (start === end) {
    // Only a URL that is not special may have an empty host, and then no port.
    if (port || kind !== WebScheme.OTHER) return -fail(rec, ErrorCode.INVALID_HOST, end, 'host-missing');
    rec[WebSlot.HOST_KIND] = HostKind.EMPTY;
    return 0;
  }
  if (s.charCodeAt(start) === 0x5b) {
    if (end - start < 2 || s.charCodeAt(end - 1) !== 0x5d) return -fail(rec, ErrorCode.UNCLOSED_IP_LITERAL, end, 'IPv6-unclosed');
    const e = parseIPv6(s, start + 1, end - 1);
    if (e !== -1) return -fail(rec, ErrorCode.INVALID_IPV6, e, hostFailure);
    rec[WebSlot.HOST_KIND] = HostKind.IPV6;
    return isCanonicalIPv6(s, start + 1, end - 1) ? 0 : WebDirty.HOST;
  }
  if (kind === WebScheme.OTHER) {
    rec[WebSlot.HOST_KIND] = HostKind.OPAQUE;
    if (!marked) return 0;
    const bad = firstInSet(s, start, end, WebSet.FORBIDDEN_HOST);
    if (bad !== -1) return -fail(rec, ErrorCode.INVALID_HOST, bad, 'host-invalid-code-point');
    return WebDirty.HOST; // a C0 control, DEL or non-ASCII: percent-encoded
  }
  let dirty = 0;
  if (marked) {
    if (needsDomainProcessing(s, start, end)) {
      rec[WebSlot.HOST_KIND] = HostKind.DOMAIN | HostKind.PROCESS;
      return WebDirty.HOST;
    }
    const bad = firstInSet(s, start, end, WebSet.FORBIDDEN_DOMAIN);
    if (bad !== -1) return -fail(rec, ErrorCode.INVALID_HOST, bad, 'domain-invalid-code-point');
    dirty = WebDirty.HOST; // upper-case letters
  }
  // An ASCII domain is its lower-case self (domain to ASCII's rule for ASCII): see serialize.ts.
  if (endsInNumber(s, start, end)) {
    const v = parseIPv4(s, start, end);
    if (v < 0) return -fail(rec, ErrorCode.INVALID_HOST, hostFailureAt, hostFailure);
    rec[WebSlot.HOST_KIND] = HostKind.IPV4;
    rec[WebSlot.HOST_VALUE] = v;
    return isIPv4(s, start, end) ? 0 : WebDirty.HOST;
  }
  if (kind === WebScheme.FILE && isLocalhost(s, start, end)) {
    rec[WebSlot.HOST_KIND] = HostKind.EMPTY;
    return WebDirty.HOST;
  }
  rec[WebSlot.HOST_KIND] = HostKind.DOMAIN;
  return dirty;
}

/** The port s[start, end): its WebDirty bits, or a negative ErrorCode. Writes PORT_VALUE. */
function checkPort(s: string, rec: Uint32Array, start: number, end: number, kind: number): number {
  let value = 0;
  for (let p = start; p < end; p++) {
    const d = s.charCodeAt(p) - 0x30;
    if (d < 0 || d > 9) return -fail(rec, ErrorCode.INVALID_PORT, p, 'port-invalid');
    if (value <= 65535) value = value * 10 + d;
  }
  if (value > 65535) return -fail(rec, ErrorCode.INVALID_PORT, start, 'port-out-of-range');
  if (start === end || value === DEFAULT_PORTS[kind]) return WebDirty.PORT;
  rec[WebSlot.PORT_VALUE] = value;
  return s.charCodeAt(start) === 0x30 && end - start > 1 ? WebDirty.PORT : 0;
}

/**
 * The reference for scan's exactness: the tokenizer as it was before runs were consumed by
 * regular expressions and before the fast paths, one table lookup per code unit and nothing
 * else. Frozen here, apart from src/, so that the differential (test/support/scan-exactness.ts)
 * compares the new scan with what it replaced: the same return code,
 * error index and offsets slots for every input. Option objects are trusted (plain reads).
 */
import { ErrorCode } from '../../src/syntax/errors.js';
import { hexAt, ipv6Error, ipvFutureError, isIPv4, type Units, at as unitAt } from '../../src/syntax/host.js';
import { Flag, HOST_LITERAL, Slot, setOffsets, WARNING_FLAGS } from '../../src/syntax/offsets.js';
import type { ParseOptions } from '../../src/syntax/scan.js';
import { CHAR_CLASS, CLASS_SHIFT, Cls, LENIENT_TRANSITIONS, State, TRANSITIONS } from '../../src/syntax/tables.js';

/** The reference scan of a string (see `scan`). */
export function referenceScan(input: string, offsets: Uint32Array, options?: ParseOptions): number {
  return scanUnits(input, null, 0, input.length, offsets, options);
}

/** The reference scan of bytes [start, end) (see `scanBytes`). */
export function referenceScanBytes(bytes: Uint8Array, start: number, end: number, offsets: Uint32Array, options?: ParseOptions): number {
  return scanUnits('', bytes, start, end, offsets, options);
}

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

/**
 * The tokenizer over [start, len) of a string (`bytes` null) or of a byte array. The two share
 * every line; reading a code unit is the one place they differ.
 */
function scanUnits(
  input: string,
  bytes: Uint8Array | null,
  start: number,
  len: number,
  offsets: Uint32Array,
  options: ParseOptions | undefined,
): number {
  const u: Units = bytes === null ? input : bytes;
  const max = options?.maxLength;
  if (max !== undefined && len - start > max) return fail(offsets, ErrorCode.TOO_LONG, start + max);
  const iri = options?.iri === true;
  const zone = options?.zoneId === true;
  const lenient = options?.lenient === true;
  const fused = lenient ? LENIENT : STRICT;
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
      state = next;
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
        flags |= Flag.SCHEME;
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
        if (pctAt(u, i, len)) {
          flags |= Flag.PERCENT;
          i += 2;
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
        } else if (bytes === null ? c <= 0x9f : c === 0xc2 && i + 1 < len && bytes[i + 1]! >= 0x80 && bytes[i + 1]! <= 0x9f) {
          // A C1 control (U+0080 to U+009F; C2 80 to C2 9F in UTF-8) stays an error in lenient mode.
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
  if ((flags & Flag.SCHEME) === 0 && options?.absolute === true) {
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

/** pct-encoded = "%" HEXDIG HEXDIG, the "%" at i, within [.., len). */
function pctAt(u: Units, i: number, len: number): boolean {
  return i + 2 < len && hexAt(u, i + 1) && hexAt(u, i + 2);
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
  if ((flags & HOST_LITERAL) === 0 && isIPv4(u, hostStart, hostEnd)) flags |= Flag.HOST_IPV4;
  return flags;
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

function isUcschar(cp: number): boolean {
  if (cp < 0xa0) return false;
  if (cp <= 0xd7ff) return true;
  if (cp >= 0xf900 && cp <= 0xfdcf) return true;
  if (cp >= 0xfdf0 && cp <= 0xffef) return true;
  // %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD: each plane less its
  // last two code points (and, in plane 14, its first 4096).
  if (cp >= 0x10000 && cp < 0xf0000 && (cp & 0xfffe) !== 0xfffe) return cp < 0xe0000 || cp >= 0xe1000;
  return false;
}

function isIprivate(cp: number): boolean {
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

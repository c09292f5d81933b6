/**
 * The RFC 3986 tokenizer: one pass over the input's code units, driven by the generated class
 * and transition tables, recording component boundaries in a caller-owned offsets record.
 * No regular expression, no substring, no allocation.
 *
 * The offsets record (`Uint32Array` of at least OFFSETS_LENGTH slots):
 *
 * ```
 *   HTTP://u:p@[::1]:8080/a/b?q=1#f
 *       ^  ^  ^    ^    ^   ^   ^ ^
 *       |  |  |    |    |   |   | FRAGMENT_START (after "#"; the fragment ends at LENGTH)
 *       |  |  |    |    |   |   QUERY_END (the "#", or LENGTH)
 *       |  |  |    |    |   QUERY_START (after "?") and PATH_END (the "?")
 *       |  |  |    |    PATH_START (the authority ends here; the port too)
 *       |  |  |    PORT_START (after ":")
 *       |  |  HOST_START (after "@"); HOST_END is the ":" or PATH_START
 *       |  USERINFO_END (the "@"), AUTHORITY_START is after "//"
 *       SCHEME_END (the ":"; the scheme starts at 0)
 * ```
 *
 * FLAGS says which components are present (an absent component's slots are 0), the host type,
 * and hints that let normalize and resolve skip work. On an error, ERROR_INDEX holds the index.
 */
import {
  CHAR_CLASS, CLASS_SHIFT, C_NON_ASCII, C_OTHER, C_PERCENT, E_NON_ASCII, E_PORT, E_PORT_DEFERRED, E_SCHEME,
  FIRST_ACTION, FIRST_ERROR, HEX_VALUE, S_A_AT, S_A_AUTHORITY, S_A_AUTHORITY_COLON, S_A_DOT, S_A_FRAGMENT,
  S_A_IP_LITERAL_END, S_A_PATH_SLASH, S_A_PORT_COLON, S_A_QUERY, S_A_SCHEME_COLON, S_A_SEGMENT_NC_DOT, S_A_SLASH,
  S_A_USERINFO, S_FRAGMENT, S_IP_LITERAL, S_QUERY, S_SCHEME, S_START, S_USERINFO, TRANSITIONS,
} from './generated/tables.js';
import { ipv6Error, ipvFutureError, isIPv4 } from './host.js';

/** Slots of the offsets record. */
export const Slot = Object.freeze({
  /** Index of the ":" that ends the scheme (scheme = [0, SCHEME_END)). */
  SCHEME_END: 0,
  /** First index after "//". */
  AUTHORITY_START: 1,
  /** Index of the "@" that ends the userinfo (userinfo = [AUTHORITY_START, USERINFO_END)). */
  USERINFO_END: 2,
  /** First index of the host (an IP-literal's "["). */
  HOST_START: 3,
  /** Index after the host. */
  HOST_END: 4,
  /** First index after the port's ":" (port = [PORT_START, PATH_START)). */
  PORT_START: 5,
  /** First index of the path; the authority ends here. */
  PATH_START: 6,
  /** Index after the path: the "?", the "#" or LENGTH. */
  PATH_END: 7,
  /** First index after "?". */
  QUERY_START: 8,
  /** Index after the query: the "#" or LENGTH. */
  QUERY_END: 9,
  /** First index after "#" (the fragment ends at LENGTH). */
  FRAGMENT_START: 10,
  /** The input's length. */
  LENGTH: 11,
  /** A bit set of `Flag`s. */
  FLAGS: 12,
  /** On an error: the index of the first character that cannot be accepted. */
  ERROR_INDEX: 13,
});

/** Length an offsets record must have at least. */
export const OFFSETS_LENGTH = 14;

/** Bits of `offsets[Slot.FLAGS]`. */
export const Flag = Object.freeze({
  SCHEME: 1 << 0,
  AUTHORITY: 1 << 1,
  USERINFO: 1 << 2,
  PORT: 1 << 3,
  QUERY: 1 << 4,
  FRAGMENT: 1 << 5,
  /** The host is an IPv4address. */
  HOST_IPV4: 1 << 6,
  /** The host is an IP-literal holding an IPv6address. */
  HOST_IPV6: 1 << 7,
  /** The host is an IP-literal holding an IPvFuture. */
  HOST_IPVFUTURE: 1 << 8,
  /** Some "%" occurs (a normalization hint). */
  PERCENT: 1 << 9,
  /** Some path segment begins with "." (may be a dot-segment: a normalization hint). */
  DOT: 1 << 10,
  /** The input holds code units >= 0x80 (only with the `iri` option). */
  NON_ASCII: 1 << 11,
});

/** Numeric error codes returned by `scan` (0 is success). `UriError` names them. */
export const ErrorCode = Object.freeze({
  OK: 0,
  INVALID_CHAR: 1,
  INVALID_PERCENT_ENCODING: 2,
  INVALID_SCHEME: 3,
  INVALID_PORT: 4,
  INVALID_IPV6: 5,
  INVALID_IPVFUTURE: 6,
  MISSING_SCHEME: 7,
  UNCLOSED_IP_LITERAL: 8,
  /** Not from scan: `resolve` was given a base without a scheme. */
  RELATIVE_BASE: 9,
  /** Not from scan: `percentDecode` with `fatal` met bytes that are not UTF-8. */
  INVALID_UTF8: 10,
});

/** Options shared by every parsing entry point. All default to `false` (strict RFC 3986). */
export interface ParseOptions {
  /** Require a scheme (RFC 3986 `URI` instead of `URI-reference`). */
  absolute?: boolean;
  /** RFC 3987: accept ucschar (and iprivate in the query) where the IRI grammar allows them. */
  iri?: boolean;
  /** RFC 6874: accept a zone identifier in an IPv6 literal (`[fe80::1%25eth0]`). */
  zoneId?: boolean;
}

const O = Slot;
const F = Flag;

/**
 * Tokenizes `input` as an RFC 3986 URI-reference into `offsets`.
 *
 * @returns 0 on success, else an `ErrorCode` with the error's index in `offsets[Slot.ERROR_INDEX]`.
 * @example
 * const offsets = new Uint32Array(OFFSETS_LENGTH);
 * scan('http://example.com/a?b', offsets); // 0
 * offsets[Slot.HOST_START]; // 7
 */
export function scan(input: string, offsets: Uint32Array, options?: ParseOptions): number {
  if (offsets.length < OFFSETS_LENGTH) throw new RangeError(`offsets must have at least ${OFFSETS_LENGTH} slots`);
  const len = input.length;
  let flags = 0;
  let iri = false;
  let zone = false;
  if (options !== undefined) {
    iri = options.iri === true;
    zone = options.zoneId === true;
  }
  offsets.fill(0, 0, OFFSETS_LENGTH);
  // Authority bookkeeping: kept in locals and written once when the authority ends.
  let inAuthority = false;
  let at = -1; // the "@"
  let portColon = -1; // the ":" before a port
  let deferred = 0; // where "host:" stopped looking like a port before any "@"
  let state = S_START;
  let i = 0;

  for (; i < len; i++) {
    const c = input.charCodeAt(i);
    let cls = c < 0x80 ? CHAR_CLASS[c]! : C_NON_ASCII;
    let next = TRANSITIONS[(state << CLASS_SHIFT) | cls]!;
    if (next >= FIRST_ACTION) {
      if (next >= FIRST_ERROR) {
        if (next === E_NON_ASCII && iri) {
          // RFC 3987 admits ucschar wherever unreserved is, iprivate in the query only.
          const w = iriCharWidth(input, i, c, state);
          if (w === 0) return fail(offsets, ErrorCode.INVALID_CHAR, i);
          flags |= F.NON_ASCII;
          cls = C_OTHER;
          next = TRANSITIONS[(state << CLASS_SHIFT) | C_OTHER]!;
          i += w - 1;
        }
        if (next >= FIRST_ERROR) return fail(offsets, errorOf(next), next === E_PORT_DEFERRED ? deferred : i);
      }
      switch (next) {
        case S_A_SCHEME_COLON:
          flags |= F.SCHEME;
          offsets[O.SCHEME_END] = i;
          offsets[O.PATH_START] = i + 1;
          break;
        case S_A_SLASH:
          offsets[O.PATH_START] = i;
          break;
        case S_A_AUTHORITY:
          flags |= F.AUTHORITY;
          inAuthority = true;
          offsets[O.AUTHORITY_START] = i + 1;
          offsets[O.HOST_START] = i + 1;
          break;
        case S_A_AUTHORITY_COLON:
          portColon = i;
          break;
        case S_A_USERINFO:
          deferred = i;
          break;
        case S_A_AT:
          at = i;
          portColon = -1;
          offsets[O.HOST_START] = i + 1;
          break;
        case S_A_PORT_COLON:
          portColon = i;
          break;
        case S_A_IP_LITERAL_END: {
          // The literal is complete: check it against its grammar (§3.2.2, RFC 6874).
          const start = offsets[O.HOST_START]! + 1;
          if ((input.charCodeAt(start) | 0x20) === 0x76 /* v */) {
            const e = ipvFutureError(input, start, i);
            if (e !== -1) return fail(offsets, ErrorCode.INVALID_IPVFUTURE, e);
            flags |= F.HOST_IPVFUTURE;
          } else {
            const e = ipv6Error(input, start, i, zone);
            if (e !== -1) return fail(offsets, ErrorCode.INVALID_IPV6, e);
            flags |= F.HOST_IPV6;
          }
          break;
        }
        case S_A_PATH_SLASH:
          flags = endAuthority(input, offsets, flags, i, at, portColon);
          inAuthority = false;
          offsets[O.PATH_START] = i;
          break;
        case S_A_QUERY:
          if (inAuthority) {
            flags = endAuthority(input, offsets, flags, i, at, portColon);
            inAuthority = false;
            offsets[O.PATH_START] = i;
          }
          flags |= F.QUERY;
          offsets[O.PATH_END] = i;
          offsets[O.QUERY_START] = i + 1;
          break;
        case S_A_FRAGMENT:
          if (inAuthority) {
            flags = endAuthority(input, offsets, flags, i, at, portColon);
            inAuthority = false;
            offsets[O.PATH_START] = i;
          }
          if ((flags & F.QUERY) !== 0) offsets[O.QUERY_END] = i;
          else offsets[O.PATH_END] = i;
          flags |= F.FRAGMENT;
          offsets[O.FRAGMENT_START] = i + 1;
          // The rest is fragment = *( pchar / "/" / "?" ): a tight loop of its own.
          return finishFragment(input, offsets, flags, i + 1, iri);
        case S_A_DOT:
        case S_A_SEGMENT_NC_DOT:
          flags |= F.DOT;
          break;
        default:
          break;
      }
    }
    if (cls === C_PERCENT) {
      if (!pctAt(input, i, len)) return fail(offsets, ErrorCode.INVALID_PERCENT_ENCODING, i);
      flags |= F.PERCENT;
      i += 2;
    }
    state = next;
  }

  // End of input.
  if (state === S_USERINFO || state === S_A_USERINFO) return fail(offsets, ErrorCode.INVALID_PORT, deferred);
  if (state === S_IP_LITERAL) return fail(offsets, ErrorCode.UNCLOSED_IP_LITERAL, len);
  if (inAuthority) {
    flags = endAuthority(input, offsets, flags, len, at, portColon);
    offsets[O.PATH_START] = len;
  }
  if ((flags & F.QUERY) !== 0) offsets[O.QUERY_END] = len;
  else offsets[O.PATH_END] = len;
  if ((flags & F.SCHEME) === 0 && options !== undefined && options.absolute === true) {
    return fail(offsets, ErrorCode.MISSING_SCHEME, schemeErrorIndex(input));
  }
  offsets[O.LENGTH] = len;
  offsets[O.FLAGS] = flags;
  return 0;
}

/** The fragment's own loop: every character is pchar / "/" / "?" or an error. */
function finishFragment(input: string, offsets: Uint32Array, flags: number, i: number, iri: boolean): number {
  const len = input.length;
  for (; i < len; i++) {
    const c = input.charCodeAt(i);
    const cls = c < 0x80 ? CHAR_CLASS[c]! : C_NON_ASCII;
    if (TRANSITIONS[(S_FRAGMENT << CLASS_SHIFT) | cls] !== S_FRAGMENT) {
      if (cls !== C_NON_ASCII || !iri) return fail(offsets, ErrorCode.INVALID_CHAR, i);
      const w = iriCharWidth(input, i, c, S_FRAGMENT);
      if (w === 0) return fail(offsets, ErrorCode.INVALID_CHAR, i);
      flags |= F.NON_ASCII;
      i += w - 1;
    } else if (cls === C_PERCENT) {
      if (!pctAt(input, i, len)) return fail(offsets, ErrorCode.INVALID_PERCENT_ENCODING, i);
      flags |= F.PERCENT;
      i += 2;
    }
  }
  offsets[O.LENGTH] = len;
  offsets[O.FLAGS] = flags;
  return 0;
}

function pctAt(input: string, i: number, len: number): boolean {
  if (i + 2 >= len) return false;
  const h1 = input.charCodeAt(i + 1);
  const h2 = input.charCodeAt(i + 2);
  return h1 < 0x80 && h2 < 0x80 && HEX_VALUE[h1] !== 0xff && HEX_VALUE[h2] !== 0xff;
}

function fail(offsets: Uint32Array, code: number, index: number): number {
  offsets[O.ERROR_INDEX] = index;
  return code;
}

function errorOf(state: number): number {
  if (state === E_SCHEME) return ErrorCode.INVALID_SCHEME;
  if (state === E_PORT || state === E_PORT_DEFERRED) return ErrorCode.INVALID_PORT;
  return ErrorCode.INVALID_CHAR;
}

/**
 * Splits the authority that ends at `end` into userinfo, host and port, and classifies the host.
 * The transition table has already checked every character; only the host type remains.
 */
function endAuthority(input: string, offsets: Uint32Array, flags: number, end: number, at: number, portColon: number): number {
  if (at >= 0) {
    flags |= F.USERINFO;
    offsets[O.USERINFO_END] = at;
  }
  let hostEnd = end;
  if (portColon >= 0) {
    flags |= F.PORT;
    hostEnd = portColon;
    offsets[O.PORT_START] = portColon + 1;
  }
  offsets[O.HOST_END] = hostEnd;
  if ((flags & (F.HOST_IPV6 | F.HOST_IPVFUTURE)) === 0) {
    const hostStart = offsets[O.HOST_START]!;
    if (isIPv4(input, hostStart, hostEnd)) flags |= F.HOST_IPV4;
  }
  return flags;
}

/**
 * Width (1 or 2 code units) of the RFC 3987 character at i, or 0 when it is not allowed there.
 * ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
 * iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD (query only)
 */
function iriCharWidth(input: string, i: number, c: number, state: number): number {
  let cp = c;
  let width = 1;
  if (c >= 0xd800 && c <= 0xdbff) {
    const lo = input.charCodeAt(i + 1);
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
  return state === S_QUERY || state === S_A_QUERY;
}

/**
 * With `absolute`, where a scheme stops being possible: the first character that cannot continue
 * `scheme ":"`, or the input's length.
 */
function schemeErrorIndex(input: string): number {
  const len = input.length;
  let i = 0;
  for (; i < len; i++) {
    const c = input.charCodeAt(i);
    const cls = c < 0x80 ? CHAR_CLASS[c]! : C_NON_ASCII;
    if (TRANSITIONS[((i === 0 ? S_START : S_SCHEME) << CLASS_SHIFT) | cls] !== S_SCHEME) return i;
  }
  return i;
}

/**
 * The URL Standard's host parsers over a range of the input, without allocating: the ends-in-a-
 * number checker, the IPv4 parser (every number form: decimal, octal, hexadecimal, one to four
 * parts), the IPv6 parser (into IPV6_PIECES), and the code point checks of a domain and an opaque
 * host. What they find is written out by serialize.ts.
 */
import { WEB_SET } from './tables.js';

/** The eight pieces of the last IPv6 address `parseIPv6` read. */
export const IPV6_PIECES = new Uint16Array(8);

/** Why the last IPv4 or IPv6 parse failed: the standard's validation error, for messages. */
export let hostFailure = '';
/** Where the last failed IPv4 or IPv6 parse found its fault. */
export let hostFailureAt = 0;

/** A hex digit's value, or -1. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** [start, end) without one trailing "." (the empty last part the standard drops). */
function withoutTrailingDot(s: string, start: number, end: number): number {
  return end > start && s.charCodeAt(end - 1) === 0x2e ? end - 1 : end;
}

/**
 * The ends in a number checker over the domain s[start, end) (ASCII; "0X" in either case): its
 * last label (a trailing empty one dropped) is all digits, or "0x" and hex digits.
 */
export function endsInNumber(s: string, start: number, end: number): boolean {
  const e = withoutTrailingDot(s, start, end);
  if (e === start) return false;
  const dot = s.lastIndexOf('.', e - 1);
  const b = dot < start ? start : dot + 1;
  if (b === e) return false;
  let p = b;
  if (e - b >= 2 && s.charCodeAt(b) === 0x30 && (s.charCodeAt(b + 1) | 0x20) === 0x78) {
    for (p = b + 2; p < e; p++) if (hexDigit(s.charCodeAt(p)) < 0) return false;
    return true;
  }
  for (; p < e; p++) {
    const c = s.charCodeAt(p);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * The IPv4 number parser over s[start, end): the part's value (saturated at 2^32, past which
 * every part fails), or -1 when it is not a number in its radix ("0x" hexadecimal, a leading "0"
 * octal, else decimal; "0x" alone is 0).
 */
function ipv4Number(s: string, start: number, end: number): number {
  if (start === end) return -1;
  let radix = 10;
  let p = start;
  if (end - start >= 2 && s.charCodeAt(p) === 0x30) {
    if ((s.charCodeAt(p + 1) | 0x20) === 0x78) {
      radix = 16;
      p += 2;
    } else {
      radix = 8;
      p += 1;
    }
  }
  let value = 0;
  for (; p < end; p++) {
    const d = hexDigit(s.charCodeAt(p));
    if (d < 0 || d >= radix) return -1;
    value = value * radix + d;
    if (value > 0x100000000) value = 0x100000000;
  }
  return value;
}

/**
 * The IPv4 parser over the domain s[start, end) (which ends in a number): the address as a
 * number, or -1 (with `hostFailure` and `ipv4FailureAt`, the start of the part at fault).
 */
export function parseIPv4(s: string, start: number, end: number): number {
  const e = withoutTrailingDot(s, start, end);
  // Up to four parts; the last one may hold what the missing ones would (a.b.c = a.b.0.c).
  let parts = 0;
  let address = 0;
  let p = start;
  for (;;) {
    let q = s.indexOf('.', p);
    if (q === -1 || q > e) q = e;
    if (++parts > 4) return ipv4Failure('IPv4-too-many-parts', p);
    const n = ipv4Number(s, p, q);
    if (n < 0) return ipv4Failure('IPv4-non-numeric-part', p);
    if (q === e) {
      // The last part fills the bytes the others left: 256^(5 - parts) values.
      if (n >= 256 ** (5 - parts)) return ipv4Failure('IPv4-out-of-range-part', p);
      return address * 256 ** (5 - parts) + n;
    }
    if (n > 255) return ipv4Failure('IPv4-out-of-range-part', p);
    address = address * 256 + n;
    p = q + 1;
  }
}

function ipv4Failure(why: string, at: number): number {
  hostFailure = why;
  hostFailureAt = at;
  return -1;
}

/**
 * The IPv6 parser over s[start, end), the text between "[" and "]": -1 when it is an address
 * (its pieces in IPV6_PIECES), else the index of the code point it cannot accept (`end` when the
 * address is too short), with `hostFailure`.
 */
export function parseIPv6(s: string, start: number, end: number): number {
  const a = IPV6_PIECES;
  a.fill(0);
  let piece = 0;
  let compress = -1;
  let p = start;
  if (s.charCodeAt(p) === 0x3a) {
    if (p + 1 >= end || s.charCodeAt(p + 1) !== 0x3a) return ipv6Failure('IPv6-invalid-compression', p);
    p += 2;
    compress = ++piece;
  }
  while (p < end) {
    if (piece === 8) return ipv6Failure('IPv6-too-many-pieces', p);
    if (s.charCodeAt(p) === 0x3a) {
      if (compress !== -1) return ipv6Failure('IPv6-multiple-compression', p);
      p++;
      compress = ++piece;
      continue;
    }
    let value = 0;
    let length = 0;
    for (; length < 4 && p < end; length++, p++) {
      const d = hexDigit(s.charCodeAt(p));
      if (d < 0) break;
      value = value * 16 + d;
    }
    const c = p < end ? s.charCodeAt(p) : -1;
    if (c === 0x2e) {
      if (length === 0) return ipv6Failure('IPv4-in-IPv6-invalid-code-point', p);
      p -= length;
      if (piece > 6) return ipv6Failure('IPv4-in-IPv6-too-many-pieces', p);
      return ipv4InIPv6(s, p, end, piece, compress);
    }
    if (c === 0x3a) {
      p++;
      if (p >= end) return ipv6Failure('IPv6-invalid-code-point', p);
    } else if (c !== -1) {
      return ipv6Failure('IPv6-invalid-code-point', p);
    }
    a[piece++] = value;
  }
  return compressed(piece, compress, end);
}

/** The dotted IPv4 tail of an IPv6 address, from p at pieces[piece]. */
function ipv4InIPv6(s: string, p: number, end: number, piece: number, compress: number): number {
  const a = IPV6_PIECES;
  let seen = 0;
  while (p < end) {
    if (seen > 0) {
      if (s.charCodeAt(p) === 0x2e && seen < 4) p++;
      else return ipv6Failure('IPv4-in-IPv6-invalid-code-point', p);
    }
    let c = p < end ? s.charCodeAt(p) : -1;
    if (!(c >= 0x30 && c <= 0x39)) return ipv6Failure('IPv4-in-IPv6-invalid-code-point', p);
    let value = -1;
    while (c >= 0x30 && c <= 0x39) {
      if (value === 0) return ipv6Failure('IPv4-in-IPv6-invalid-code-point', p);
      value = value === -1 ? c - 0x30 : value * 10 + (c - 0x30);
      if (value > 255) return ipv6Failure('IPv4-in-IPv6-out-of-range-part', p);
      p++;
      c = p < end ? s.charCodeAt(p) : -1;
    }
    a[piece] = a[piece]! * 0x100 + value;
    seen++;
    if (seen === 2 || seen === 4) piece++;
  }
  if (seen !== 4) return ipv6Failure('IPv4-in-IPv6-too-few-parts', end);
  return compressed(piece, compress, end);
}

/** The pieces after "::" move to the end; without "::" there must be eight. */
function compressed(piece: number, compress: number, end: number): number {
  const a = IPV6_PIECES;
  if (compress !== -1) {
    let swaps = piece - compress;
    for (let k = 7; k !== 0 && swaps > 0; k--, swaps--) {
      const t = a[k]!;
      a[k] = a[compress + swaps - 1]!;
      a[compress + swaps - 1] = t;
    }
    return -1;
  }
  return piece === 8 ? -1 : ipv6Failure('IPv6-too-few-pieces', end);
}

function ipv6Failure(why: string, at: number): number {
  hostFailure = why;
  hostFailureAt = at;
  return at;
}

/**
 * The piece where the IPv6 serializer writes "::": the first of the longest run of two or more
 * zero pieces, or -1.
 */
export function ipv6Compress(a: Uint16Array): number {
  let best = -1;
  let bestLength = 1;
  for (let k = 0; k < 8; ) {
    if (a[k] !== 0) {
      k++;
      continue;
    }
    let e = k;
    while (e < 8 && a[e] === 0) e++;
    if (e - k > bestLength) {
      best = k;
      bestLength = e - k;
    }
    k = e;
  }
  return best;
}

/**
 * Whether s[start, end) is exactly what the IPv6 serializer writes for IPV6_PIECES (lower-case hex,
 * no leading zeros, the longest zero run as "::"), compared without building it.
 */
export function isCanonicalIPv6(s: string, start: number, end: number): boolean {
  const a = IPV6_PIECES;
  const compress = ipv6Compress(a);
  let p = start;
  for (let k = 0; k < 8; k++) {
    if (k === compress) {
      if (k === 0 && s.charCodeAt(p++) !== 0x3a) return false;
      if (s.charCodeAt(p++) !== 0x3a) return false;
      while (k < 7 && a[k + 1] === 0) k++;
      continue;
    }
    const v = a[k]!;
    for (let shift = v > 0xfff ? 12 : v > 0xff ? 8 : v > 0xf ? 4 : 0; shift >= 0; shift -= 4) {
      const d = (v >> shift) & 15;
      if (s.charCodeAt(p++) !== (d < 10 ? 0x30 + d : 0x57 + d)) return false;
    }
    if (k !== 7 && s.charCodeAt(p++) !== 0x3a) return false;
  }
  return p === end;
}

/** The index of the first code unit of s[start, end) in `set` (WebSet bits), or -1. ASCII only. */
export function firstInSet(s: string, start: number, end: number, set: number): number {
  for (let p = start; p < end; p++) {
    const c = s.charCodeAt(p);
    if (c < 0x80 && (WEB_SET[c]! & set) !== 0) return p;
  }
  return -1;
}

/** Whether s[start, end) holds a code unit >= 0x80 or a "%": a domain that must be decoded or mapped. */
export function needsDomainProcessing(s: string, start: number, end: number): boolean {
  for (let p = start; p < end; p++) {
    const c = s.charCodeAt(p);
    if (c >= 0x80 || c === 0x25) return true;
  }
  return false;
}

/** Whether s[start, end) is "localhost" in any case: a file URL's host that the standard empties. */
export function isLocalhost(s: string, start: number, end: number): boolean {
  if (end - start !== 9) return false;
  for (let k = 0; k < 9; k++) if ((s.charCodeAt(start + k) | 0x20) !== 'localhost'.charCodeAt(k)) return false;
  return true;
}

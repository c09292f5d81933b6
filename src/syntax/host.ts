/**
 * RFC 3986 §3.2.2 host sub-grammars, checked over a range of the input by bounded forward scans:
 * no recursion, no backtracking beyond one IPv6 group, no allocation. The checkers report the
 * index of the first character their grammar cannot accept, as every urikit error does.
 */
import { ALLOWED, EncodeSet, HEX_VALUE } from './tables.js';

/** What the checkers read: a string's UTF-16 code units or a byte array's bytes. */
export type Units = string | Uint8Array;

/** The code unit at p (NaN or undefined past the end, which no comparison matches). */
export function at(u: Units, p: number): number {
  return typeof u === 'string' ? u.charCodeAt(p) : u[p]!;
}

/**
 * IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
 * dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
 *
 * Returns the index after the fourth octet, or the index of the first character that breaks the
 * rule (a leading zero, a value above 255, a missing digit or dot), or -1 when the range ends
 * before the fourth octet is complete (so that `end` always means a whole IPv4address).
 */
export function ipv4End(s: Units, p: number, end: number): number {
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (p >= end) return -1;
      if (at(s, p) !== 0x2e) return p;
      p++;
    }
    const e = ipv4OctetEnd(s, p, end);
    if (e === p) return p >= end ? -1 : p;
    p = e;
  }
  return p;
}

/** Where the dec-octet that starts at p stops: at a non-digit, a leading zero's second digit, or the digit that passes 255. */
function ipv4OctetEnd(s: Units, p: number, end: number): number {
  const start = p;
  let value = 0;
  while (p < end) {
    const d = at(s, p) - 0x30;
    if (d < 0 || d > 9) break;
    // "0" alone is an octet; "01" is not (the RFC forbids leading zeros).
    if (p > start && value === 0) break;
    value = value * 10 + d;
    if (value > 255) break;
    p++;
  }
  return p;
}

/** True when [start, end) is exactly an IPv4address (first-match-wins over reg-name, §3.2.2). */
export function isIPv4(s: Units, start: number, end: number): boolean {
  return end - start >= 7 && end - start <= 15 && ipv4End(s, start, end) === end;
}

/** A HEXDIG at p. */
export function hexAt(s: Units, p: number): boolean {
  const c = at(s, p);
  return c < 0x80 && HEX_VALUE[c] !== 0xff;
}

/**
 * IPv6address (§3.2.2): eight h16 groups, or fewer around one "::", the last 32 bits optionally
 * written as an IPv4address (ls32). h16 = 1*4HEXDIG.
 * With `zone`, RFC 6874: IPv6addrz = IPv6address "%25" ZoneID, ZoneID = 1*( unreserved / pct-encoded ).
 *
 * [start, end) is the text between "[" and "]". Returns -1 when it matches, else the index of
 * the first character that cannot be accepted (`end`, the "]", when the address is too short).
 */
export function ipv6Error(s: Units, start: number, end: number, zone: boolean): number {
  // A zone identifier, if any, starts at the first "%"; the address is what precedes it.
  let addrEnd = start;
  while (addrEnd < end && at(s, addrEnd) !== 0x25) addrEnd++;
  const r = ipv6AddressError(s, start, addrEnd);
  if (r !== -1 || addrEnd === end) return r;
  // "%25" ZoneID: scan has already checked that every "%" is followed by two hex digits.
  if (!zone) return addrEnd;
  if (at(s, addrEnd + 1) !== 0x32) return addrEnd + 1;
  if (at(s, addrEnd + 2) !== 0x35) return addrEnd + 2;
  let p = addrEnd + 3;
  if (p === end) return p;
  for (; p < end; p++) {
    const c = at(s, p);
    // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"; "%" opens a pct-encoded triplet.
    if (c === 0x25) {
      if (!hexAt(s, p + 1) || p + 1 >= end) return p + 1;
      if (!hexAt(s, p + 2) || p + 2 >= end) return p + 2;
      p += 2;
    } else if (!(c < 0x80 && (ALLOWED[c]! & EncodeSet.UNRESERVED) !== 0)) {
      return p;
    }
  }
  return -1;
}

/** ipv6Error without the zone: -1 when [p, end) is an IPv6address. */
function ipv6AddressError(s: Units, p: number, end: number): number {
  let groups = 0;
  let compressed = false;
  if (p < end && at(s, p) === 0x3a) {
    // A leading ":" is only allowed as the first half of "::".
    if (p + 1 >= end || at(s, p + 1) !== 0x3a) return p + 1;
    compressed = true;
    p += 2;
    if (p === end) return -1;
  }
  for (;;) {
    // Invariant: p is at the start of a group, which must be present, and there is room for it.
    if (compressed && groups === 7) return p;
    let q = p;
    while (q < end && q - p < 4 && hexAt(s, q)) q++;
    if (q < end && at(s, q) === 0x2e) {
      // ls32 as an IPv4address: only after six groups, or after "::" and at most five, and only
      // if what came before the "." is a dec-octet; it ends the address.
      if ((compressed ? groups > 5 : groups !== 6) || !isDecOctet(s, p, q)) return q;
      const v4 = ipv4End(s, p, end);
      if (v4 !== end) return v4 === -1 ? end : v4;
      groups += 2;
      break;
    }
    // A fifth hex digit, or no digit where a group must start.
    if (q === p || (q < end && hexAt(s, q))) return q;
    groups++;
    p = q;
    if (p === end) break;
    // After a complete address, even a ":" cannot be accepted.
    if (at(s, p) !== 0x3a || groups === 8 || (compressed && groups === 7)) return p;
    p++;
    if (p < end && at(s, p) === 0x3a) {
      if (compressed) return p;
      compressed = true;
      p++;
      if (p === end) return -1;
    }
  }
  return compressed || groups === 8 ? -1 : end;
}

/** dec-octet (see ipv4End) exactly over [p, q). */
function isDecOctet(s: Units, p: number, q: number): boolean {
  return q > p && q - p <= 3 && ipv4OctetEnd(s, p, q) === q;
}

/**
 * IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
 *
 * [start, end) is the text between "[" and "]" and starts with "v" or "V". Every character is
 * checked here, whatever the mode that let it through. Returns -1 when it matches, else the
 * index of the first character that cannot be accepted.
 */
export function ipvFutureError(s: Units, start: number, end: number): number {
  let p = start + 1;
  while (p < end && hexAt(s, p)) p++;
  if (p === start + 1 || p === end || at(s, p) !== 0x2e) return p;
  p++;
  if (p === end) return p;
  for (; p < end; p++) {
    const c = at(s, p);
    if (!(c < 0x80 && (ALLOWED[c]! & EncodeSet.USERINFO) !== 0)) return p;
  }
  return -1;
}

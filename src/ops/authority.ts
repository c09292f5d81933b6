/**
 * RFC 2396 §3.2's two kinds of naming authority, as java.net.URI tells them apart: server-based
 * (`[ userinfo "@" ] hostport`, a host that is a hostname, an IPv4 address or an IPv6 reference)
 * or registry-based (anything else the authority grammar allows). RFC 3986 merged the two into one
 * `authority` whose reg-name takes both; code that opens connections wants to know which it has.
 *
 * java.net.URI's `parseServerAuthority()` decides, and this rule agrees with it (the Java oracle
 * checks it), including where it reads RFC 2396 loosely:
 *   hostname    = domainlabel *( "." domainlabel ) [ "." ], the last label beginning with a
 *                 letter when there are several (RFC 2396's toplabel); one label may begin with a
 *                 digit (`7up`, as RFC 1123 §2.1 allows)
 *   domainlabel = alphanum [ *( alphanum / "-" ) alphanum ]
 *   IPv4address = 4 dot-separated runs of digits, each of value 0 to 255 (leading zeros allowed)
 *   port        = *digit of value at most 2147483647 (a Java int)
 *   userinfo    = every character RFC 3986 allows there (all of them are in RFC 2396's userinfo)
 * An empty authority (`file:///x`) is server-based: RFC 2396's `server` may be empty.
 */

import { Flag, Slot } from '../syntax/offsets.js';
import { ALLOWED, EncodeSet } from '../syntax/tables.js';
import { hexByte } from './percent.js';

/** java.net.URI's kind of an authority (`Uri#authorityKind`). */
export type AuthorityKind = 'server' | 'registry';

/** The kind of the authority of the URI that `o` describes; it must have one. */
export function authorityKindOf(s: string, o: Uint32Array): AuthorityKind {
  const f = o[Slot.FLAGS]!;
  const start = o[Slot.AUTHORITY_START]!;
  const end = o[Slot.PATH_START]!;
  if (start === end) return 'server';
  if ((f & Flag.USERINFO) !== 0 && !isUserinfo(s, start, o[Slot.USERINFO_END]!)) return 'registry';
  if ((f & Flag.PORT) !== 0 && !isJavaPort(s, o[Slot.PORT_START]!, end)) return 'registry';
  const hostStart = o[Slot.HOST_START]!;
  const hostEnd = o[Slot.HOST_END]!;
  if ((f & Flag.HOST_IPV6) !== 0) return 'server';
  if ((f & Flag.HOST_IPVFUTURE) !== 0 || hostStart === hostEnd) return 'registry';
  return isIPv4(s, hostStart, hostEnd) || isHostname(s, hostStart, hostEnd) ? 'server' : 'registry';
}

/** RFC 2396 userinfo, with java.net.URI's non-ASCII "other" characters (not controls or spaces). */
function isUserinfo(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      if (hexByte(s, i) < 0) return false;
      i += 2;
    } else if (c < 0x80 ? (ALLOWED[c]! & EncodeSet.USERINFO) === 0 : c <= 0x9f || /\s/.test(s[i]!)) {
      return false;
    }
  }
  return true;
}

function isJavaPort(s: string, start: number, end: number): boolean {
  let value = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
    value = value * 10 + (c - 0x30);
    if (value > 0x7fffffff) return false;
  }
  return true;
}

/** Four runs of digits, each of value at most 255, separated by ".". */
function isIPv4(s: string, start: number, end: number): boolean {
  let groups = 0;
  let i = start;
  for (;;) {
    const from = i;
    let value = 0;
    while (i < end && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x39) {
      value = value * 10 + (s.charCodeAt(i) - 0x30);
      if (value > 255) return false;
      i++;
    }
    if (i === from) return false;
    groups++;
    if (i === end) return groups === 4;
    if (s.charCodeAt(i) !== 0x2e || groups === 4) return false;
    i++;
  }
}

/** hostname as above; `lastLabel` tracks where the last label began. */
function isHostname(s: string, start: number, end: number): boolean {
  let i = start;
  let lastLabel = start;
  while (i < end) {
    if (!isAlphanum(s.charCodeAt(i))) return false;
    lastLabel = i;
    i++;
    while (i < end && (isAlphanum(s.charCodeAt(i)) || s.charCodeAt(i) === 0x2d)) i++;
    if (s.charCodeAt(i - 1) === 0x2d) return false;
    if (i === end) break;
    if (s.charCodeAt(i) !== 0x2e) return false;
    i++;
  }
  const c = s.charCodeAt(lastLabel) | 0x20;
  return lastLabel === start || (c >= 0x61 && c <= 0x7a);
}

function isAlphanum(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

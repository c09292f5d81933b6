/**
 * java.net.URI's equality, order and hash (OpenJDK's `equals`, `compareTo`, `hashCode`), and its
 * decoding of the authority and the scheme-specific part: what `{ rfc2396: true }` compares by.
 *
 * java.net.URI compares the components it parsed (RFC 2396) as they are written, but for the
 * case of the scheme, of a server-based host and of the hex digits in "%XX": `HTTP://A/%7e` equals
 * `http://a/%7E`, while `http://a:80/` differs from `http://a/` and `%7E` from `~`. Its hash is a
 * Java int built from the same components, so that Java and Node services that hash URIs the same
 * way can share hash-partitioned keys. The components are read off urikit's offsets record the
 * way java.net.URI reads them: an empty authority is none (`file:///a` is `file:/a`), and only a
 * server-based authority (`authorityKindOf`) has a host, a userinfo and a port.
 */
import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { booleanOption } from '../syntax/options.js';
import type { ParseOptions } from '../syntax/scan.js';
import { authorityKindOf } from './authority.js';
import { dedupeOptions } from './dedupe.js';
import { decodeRange } from './percent.js';

const rec = new Uint32Array(OFFSETS_LENGTH);

/**
 * Whether the options object `o` of `who` asks for java.net.URI's comparison (`rfc2396: true`).
 * Java compares the URIs as written, so the steps of normalization past RFC 3986 cannot go with
 * it: a TypeError names the first one given.
 */
export function javaOption(o: object, who: string): boolean {
  if (!booleanOption(o, 'rfc2396', who)) return false;
  if (dedupeOptions(o, who) !== null || (Object.hasOwn(o, 'unicode') && (o as { unicode?: unknown }).unicode !== undefined)) {
    throw new TypeError(
      `${who}: options.rfc2396 compares as java.net.URI does, as the URIs are written; it takes no normalization steps (idna, sortQuery, removeQueryParams, removeFragment, removeEmptyQuery, unicode)`,
    );
  }
  return true;
}

/** java.net.URI's fields for `input` (argument `name` of `who`), parsed under `options`. */
export function javaOf(input: string | UriLike, options: ParseOptions, who: string, name: string): JavaUri {
  return javaUri(scanInput(input, rec, options, who, name), rec);
}

/** A URI as java.net.URI holds it: `null` where its field is null, `port` -1 when undefined. */
export interface JavaUri {
  scheme: string | null;
  /** The raw scheme-specific part; what equals and hashCode read of an opaque URI. */
  ssp: string;
  /** `null` for an opaque URI (java.net.URI's isOpaque: a scheme, and no "/" after it). */
  path: string | null;
  query: string | null;
  fragment: string | null;
  authority: string | null;
  /** Set only for a server-based authority, with userInfo and port. */
  host: string | null;
  userInfo: string | null;
  port: number;
}

/** java.net.URI's fields for the URI `s` that the record `o` describes. */
export function javaUri(s: string, o: Uint32Array): JavaUri {
  const f = o[Slot.FLAGS]!;
  const schemeEnd = o[Slot.SCHEME_END]!;
  const hasScheme = (f & Flag.SCHEME) !== 0;
  const hasFragment = (f & Flag.FRAGMENT) !== 0;
  const sspEnd = hasFragment ? o[Slot.FRAGMENT_START]! - 1 : s.length;
  const opaque = hasScheme && s.charCodeAt(schemeEnd + 1) !== 0x2f;
  const u: JavaUri = {
    scheme: hasScheme ? s.slice(0, schemeEnd) : null,
    ssp: s.slice(hasScheme ? schemeEnd + 1 : 0, sspEnd),
    path: opaque ? null : s.slice(o[Slot.PATH_START], o[Slot.PATH_END]),
    query: !opaque && (f & Flag.QUERY) !== 0 ? s.slice(o[Slot.QUERY_START], o[Slot.QUERY_END]) : null,
    fragment: hasFragment ? s.slice(o[Slot.FRAGMENT_START]) : null,
    authority: null,
    host: null,
    userInfo: null,
    port: -1,
  };
  const start = o[Slot.AUTHORITY_START]!;
  const end = o[Slot.PATH_START]!;
  // java.net.URI has no empty authority: "//" followed by the path is a URI without one.
  if ((f & Flag.AUTHORITY) === 0 || start === end) return u;
  u.authority = s.slice(start, end);
  if (authorityKindOf(s, o) === 'registry') return u;
  u.host = s.slice(o[Slot.HOST_START], o[Slot.HOST_END]);
  if ((f & Flag.USERINFO) !== 0) u.userInfo = s.slice(start, o[Slot.USERINFO_END]);
  // An empty port is none; a server-based port fits a Java int (authorityKindOf checked it).
  const portStart = o[Slot.PORT_START]!;
  if ((f & Flag.PORT) !== 0 && portStart < end) u.port = Number(s.slice(portStart, end));
  return u;
}

/** `URI.equals`. */
export function javaEquals(a: JavaUri, b: JavaUri): boolean {
  const opaque = a.path === null;
  if (opaque !== (b.path === null)) return false;
  if (!equalIgnoringCase(a.scheme, b.scheme) || !equal(a.fragment, b.fragment)) return false;
  if (opaque) return equal(a.ssp, b.ssp);
  if (!equal(a.path, b.path) || !equal(a.query, b.query)) return false;
  if (a.authority === b.authority) return true;
  if (a.host !== null) return equal(a.userInfo, b.userInfo) && equalIgnoringCase(a.host, b.host) && a.port === b.port;
  return a.authority !== null && equal(a.authority, b.authority);
}

/** The sign of `URI.compareTo`: -1, 0 or 1. */
export function javaCompare(a: JavaUri, b: JavaUri): number {
  const c = javaOrder(a, b);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

function javaOrder(a: JavaUri, b: JavaUri): number {
  let c = compareIgnoringCase(a.scheme, b.scheme);
  if (c !== 0) return c;
  if (a.path === null) {
    if (b.path !== null) return 1; // opaque after hierarchical
    return compare(a.ssp, b.ssp) || compare(a.fragment, b.fragment);
  }
  if (b.path === null) return -1;
  if (a.host !== null && b.host !== null) {
    c = compare(a.userInfo, b.userInfo) || compareIgnoringCase(a.host, b.host) || a.port - b.port;
  } else {
    // A registry-based authority never equals a server-based one: the texts differ.
    c = compare(a.authority, b.authority);
  }
  return c || compare(a.path, b.path) || compare(a.query, b.query) || compare(a.fragment, b.fragment);
}

/** `URI.hashCode`: a Java int. */
export function javaHash(u: JavaUri): number {
  let h = hashIgnoringCase(0, u.scheme);
  h = hash(h, u.fragment);
  if (u.path === null) return hash(h, u.ssp);
  h = hash(hash(h, u.path), u.query);
  if (u.host === null) return hash(h, u.authority);
  h = hashIgnoringCase(hash(h, u.userInfo), u.host);
  return (h + Math.imul(1949, u.port)) | 0;
}

/**
 * `String.hashCode` of s[start, end): s[0]·31^(n-1) + … + s[n-1] in 32-bit arithmetic, and with
 * `upper`, the two characters after each "%" in upper case (java.net.URI's normalizedHash).
 */
export function stringHash(s: string, upper: boolean): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h = (Math.imul(31, h) + c) | 0;
    if (upper && c === 0x25) {
      // java.net.URI's strings hold two hex digits after each "%"; a missing one counts as 0.
      h = (Math.imul(31, h) + upperAscii(s.charCodeAt(++i) | 0)) | 0;
      h = (Math.imul(31, h) + upperAscii(s.charCodeAt(++i) | 0)) | 0;
    }
  }
  return h;
}

function hash(h: number, s: string | null): number {
  if (s === null) return h;
  return (Math.imul(h, 127) + stringHash(s, s.includes('%'))) | 0;
}

function hashIgnoringCase(h: number, s: string | null): number {
  if (s === null) return h;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + lowerAscii(s.charCodeAt(i))) | 0;
  return h;
}

const lowerAscii = (c: number): number => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
const upperAscii = (c: number): number => (c >= 0x61 && c <= 0x7a ? c - 0x20 : c);

function equal(s: string | null, t: string | null): boolean {
  return percentOrder(s, t, true) === 0;
}

function compare(s: string | null, t: string | null): number {
  return percentOrder(s, t, false);
}

/**
 * java.net.URI's percentNormalizedComparison: text order by UTF-16 code units, but for the two
 * characters after a "%" that both strings have at the same place, compared without case. As in
 * Java, a first string without any "%" is compared exactly (`A` never equals `%41`), and for
 * equality strings of different lengths differ at once.
 */
function percentOrder(s: string | null, t: string | null, equality: boolean): number {
  if (s === t) return 0;
  if (s === null) return -1;
  if (t === null) return 1;
  if (!s.includes('%')) return s < t ? -1 : 1;
  if (equality && s.length !== t.length) return s.length - t.length;
  const n = Math.min(s.length, t.length);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const d = t.charCodeAt(i);
    if (c !== d) return c - d;
    if (c !== 0x25) continue;
    for (let k = 0; k < 2; k++) {
      i++;
      // Two hex digits follow a "%" in what java.net.URI parses; a missing one counts as 0.
      const v = lowerAscii(s.charCodeAt(i) | 0) - lowerAscii(t.charCodeAt(i) | 0);
      if (v !== 0) return v;
    }
  }
  return s.length - t.length;
}

function equalIgnoringCase(s: string | null, t: string | null): boolean {
  if (s === t) return true;
  if (s === null || t === null || s.length !== t.length) return false;
  return compareIgnoringCase(s, t) === 0;
}

function compareIgnoringCase(s: string | null, t: string | null): number {
  if (s === t) return 0;
  if (s === null) return -1;
  if (t === null) return 1;
  const n = Math.min(s.length, t.length);
  for (let i = 0; i < n; i++) {
    const c = lowerAscii(s.charCodeAt(i)) - lowerAscii(t.charCodeAt(i));
    if (c !== 0) return c;
  }
  return s.length - t.length;
}

/**
 * s[start, end) percent-decoded as java.net.URI's getters decode, but for what lies between "["
 * and "]" (an IP literal, whose zone's "%25" stays): every `%XX` run as UTF-8, U+FFFD for bytes
 * that are not.
 */
export function decodeOutsideBrackets(s: string, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; ) {
    const open = s.indexOf('[', i);
    if (open === -1 || open >= end) return out + decodeRange(s, i, end, false);
    let close = s.indexOf(']', open);
    close = close === -1 || close >= end ? end : close + 1;
    out += decodeRange(s, i, open, false) + s.slice(open, close);
    i = close;
  }
  return out;
}

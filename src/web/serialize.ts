/**
 * The URL Standard's URL serializer over what scan.ts read: the href of an input (and, for a
 * relative one, of the base URL it names), written component by component (each copied as it is
 * when the scan found nothing to change in it), with path state's segments (dot segments, Windows
 * drive letters) and the offsets record of the result.
 *
 * Its host, the writing half of the host parser (host.ts reads): a domain with a "%" or a
 * non-ASCII code point is percent-decoded here and, when not ASCII, mapped to ASCII by UTS #46
 * through `node:url`'s `domainToASCII`, the implementation behind Node's own `URL`; IPv4 and IPv6
 * addresses get their one written form; opaque hosts are percent-encoded.
 *
 * An ASCII domain never goes to UTS #46: the standard's domain parser returns it lower-cased
 * whatever Unicode ToASCII says of it (for web compatibility: "xn--" labels that do not decode are
 * kept). For an ASCII domain without such a label that is also ToASCII's answer (UTS #46 maps
 * ASCII upper case to lower case and keeps every other ASCII code point when UseSTD3ASCIIRules is
 * false), so the two agree on every ASCII domain Node's older parser accepts.
 */
import { domainToASCII } from 'node:url';
import { decodeRange } from '../ops/percent.js';
import { Flag, Slot, setOffsets } from '../syntax/offsets.js';
import { endsInNumber, firstInSet, IPV6_PIECES, ipv6Compress, isLocalhost, parseIPv4, parseIPv6 } from './host.js';
import { webEncode } from './percent.js';
import { FromBase, HostKind, hintFlags, isDotSegment, isWindowsDriveLetter, NO_PORT, PathMode, WebScheme, WebSlot } from './scan.js';
import { WebDirty, WebSet } from './tables.js';

/**
 * The serialization of the URL that `rec` describes (`input` as scanned against `base`), with its
 * offsets record in `out`; `input` itself when that is what the serialization is. null when its
 * host is no host after all (decoding and UTS #46 reject it): the index in out[ERROR_INDEX].
 */
export function serializeWeb(
  input: string,
  rec: Uint32Array,
  base: string | null,
  baseRec: Uint32Array | null,
  out: Uint32Array,
): string | null {
  const fromBase = rec[WebSlot.FROM_BASE]!;
  const dirty = rec[WebSlot.DIRTY]!;
  const f = rec[Slot.FLAGS]!;
  const kind = rec[WebSlot.KIND]!;
  const special = kind !== WebScheme.OTHER;
  let href: string;
  if ((fromBase & FromBase.SCHEME) !== 0) {
    href = base!.slice(0, baseRec![Slot.SCHEME_END]! + 1);
  } else {
    const scheme = input.slice(0, rec[Slot.SCHEME_END]);
    href = `${(dirty & WebDirty.SCHEME) !== 0 ? scheme.toLowerCase() : scheme}:`;
  }
  const schemeEnd = href.length - 1;
  let flags = Flag.SCHEME;
  let authorityStart = 0;
  let userinfoEnd = 0;
  let hostStart = 0;
  let hostEnd = 0;
  let portStart = 0;

  // The authority: the base URL's (as written there), the input's, or none.
  if ((fromBase & FromBase.AUTHORITY) !== 0) {
    const bf = baseRec![Slot.FLAGS]!;
    if ((bf & Flag.AUTHORITY) !== 0) {
      const from = baseRec![Slot.AUTHORITY_START]!;
      const shift = href.length + 2 - from;
      href += base!.slice(from - 2, baseRec![Slot.PATH_START]);
      flags |= bf & (Flag.AUTHORITY | Flag.USERINFO | Flag.PORT);
      authorityStart = from + shift;
      userinfoEnd = (bf & Flag.USERINFO) !== 0 ? baseRec![Slot.USERINFO_END]! + shift : 0;
      hostStart = baseRec![Slot.HOST_START]! + shift;
      hostEnd = baseRec![Slot.HOST_END]! + shift;
      portStart = (bf & Flag.PORT) !== 0 ? baseRec![Slot.PORT_START]! + shift : 0;
    }
  } else if (rec[WebSlot.HOST_KIND] !== HostKind.NONE) {
    href += '//';
    authorityStart = href.length;
    flags |= Flag.AUTHORITY;
    if ((f & Flag.USERINFO) !== 0) {
      const credentials = userinfo(input, rec[Slot.AUTHORITY_START]!, rec[Slot.USERINFO_END]!);
      if (credentials !== '') {
        href += `${credentials}@`;
        userinfoEnd = href.length - 1;
        flags |= Flag.USERINFO;
      }
    }
    hostStart = href.length;
    const hs = rec[Slot.HOST_START]!;
    const he = rec[Slot.HOST_END]!;
    const host =
      (dirty & WebDirty.HOST) === 0 ? input.slice(hs, he) : webHost(input, hs, he, rec[WebSlot.HOST_KIND]!, rec[WebSlot.HOST_VALUE]!, kind);
    if (host === null) {
      out[Slot.ERROR_INDEX] = hs;
      return null;
    }
    href += host;
    hostEnd = href.length;
    const port = rec[WebSlot.PORT_VALUE]!;
    if (port !== NO_PORT) {
      href += `:${port}`;
      portStart = hostEnd + 1;
      flags |= Flag.PORT;
    }
  }

  // The path.
  const ps = rec[Slot.PATH_START]!;
  const pe = rec[Slot.PATH_END]!;
  const mode = rec[WebSlot.PATH_MODE]!;
  let path: string;
  if (mode === PathMode.OPAQUE) {
    // C0 control percent-encode set; a space before "?" or "#" is "%20", so that it stays.
    path =
      pe < input.length && input.charCodeAt(pe - 1) === 0x20
        ? `${webEncode(input, ps, pe - 1, WebSet.C0_CONTROL)}%20`
        : webEncode(input, ps, pe, WebSet.C0_CONTROL);
  } else {
    let initial = '';
    if ((fromBase & FromBase.PATH) !== 0) {
      initial = basePath(base!, baseRec!);
      if ((fromBase & FromBase.SHORTEN) !== 0) initial = shorten(initial, kind === WebScheme.FILE);
    } else if ((fromBase & FromBase.DRIVE) !== 0) {
      initial = base!.slice(baseRec![Slot.PATH_START], baseRec![Slot.PATH_START]! + 3);
    }
    path =
      mode === PathMode.NONE
        ? initial
        : webPath(initial, input, ps, pe, mode, special, kind === WebScheme.FILE, (dirty & WebDirty.PATH) !== 0);
  }
  const pathStart = href.length;
  // Without a host, a path that begins with an empty segment would read as one: "/." keeps it a path.
  if ((flags & Flag.AUTHORITY) === 0 && path.charCodeAt(0) === 0x2f && path.charCodeAt(1) === 0x2f) href += '/.';
  href += path;
  const pathEnd = href.length;

  // The query: the input's, or the base URL's.
  let queryStart = 0;
  let queryEnd = 0;
  if ((f & Flag.QUERY) !== 0) {
    const qs = rec[Slot.QUERY_START]!;
    const qe = rec[Slot.QUERY_END]!;
    href += `?${(dirty & WebDirty.QUERY) !== 0 ? webEncode(input, qs, qe, special ? WebSet.SPECIAL_QUERY : WebSet.QUERY) : input.slice(qs, qe)}`;
    flags |= Flag.QUERY;
  } else if ((fromBase & FromBase.QUERY) !== 0 && (baseRec![Slot.FLAGS]! & Flag.QUERY) !== 0) {
    href += `?${base!.slice(baseRec![Slot.QUERY_START], baseRec![Slot.QUERY_END])}`;
    flags |= Flag.QUERY;
  }
  if ((flags & Flag.QUERY) !== 0) {
    queryStart = pathEnd + 1;
    queryEnd = href.length;
  }
  let fragmentStart = 0;
  if ((f & Flag.FRAGMENT) !== 0) {
    const fs = rec[Slot.FRAGMENT_START]!;
    href += `#${(dirty & WebDirty.FRAGMENT) !== 0 ? webEncode(input, fs, input.length, WebSet.FRAGMENT) : input.slice(fs)}`;
    flags |= Flag.FRAGMENT;
    fragmentStart = (queryEnd === 0 ? pathEnd : queryEnd) + 1;
  }
  // The input may be its own serialization after all ("web+demo:/.//x"): then it is the href.
  if (href === input) href = input;
  setOffsets(
    out,
    schemeEnd,
    authorityStart,
    userinfoEnd,
    hostStart,
    hostEnd,
    portStart,
    pathStart,
    pathEnd,
    queryStart,
    queryEnd,
    fragmentStart,
    href.length,
    flags,
    0,
  );
  out[Slot.FLAGS] = flags | hintFlags(href, out);
  return href;
}

/** The credentials of s[start, at): username [":" password], each encoded; '' when both are empty. */
function userinfo(s: string, start: number, at: number): string {
  let colon = s.indexOf(':', start);
  if (colon === -1 || colon > at) colon = at;
  const user = webEncode(s, start, colon, WebSet.USERINFO);
  const password = colon < at ? webEncode(s, colon + 1, at, WebSet.USERINFO) : '';
  return password === '' ? user : `${user}:${password}`;
}

/** A base URL's path as path state holds it, written: without the "/." that keeps a path from reading as a host. */
function basePath(base: string, baseRec: Uint32Array): string {
  const ps = baseRec[Slot.PATH_START]!;
  const guard = (baseRec[Slot.FLAGS]! & Flag.AUTHORITY) === 0 && base.startsWith('/./', ps) ? 2 : 0;
  return base.slice(ps + guard, baseRec[Slot.PATH_END]);
}

/** Shorten a path: its last segment removed, unless it is a file URL's lone normalized drive letter. */
function shorten(path: string, file: boolean): string {
  if (file && path.length === 3 && isWindowsDriveLetter(path, 1) && path.charCodeAt(2) === 0x3a) return path;
  const k = path.lastIndexOf('/');
  return k <= 0 ? '' : path.slice(0, k);
}

/**
 * Path state over s[start, end) after the path `initial` (written, "/a/b"): `mode` SLASH skips the
 * slash at `start`. A path the scan found clean is the input's text; otherwise each segment is
 * encoded, single-dot and double-dot segments applied, a file URL's first drive letter normalized.
 */
function webPath(
  initial: string,
  s: string,
  start: number,
  end: number,
  mode: number,
  special: boolean,
  file: boolean,
  dirty: boolean,
): string {
  let p = start;
  if (mode === PathMode.SLASH) p++;
  if (!dirty && !file) return `${initial}/${s.slice(p, end)}`;
  let out = initial;
  let segment = p;
  for (let q = p; ; q++) {
    const c = q < end ? s.charCodeAt(q) : -1;
    const separator = c === 0x2f || (special && c === 0x5c);
    if (c !== -1 && !separator) continue;
    const n = q - segment;
    if (n > 0 && n <= 6 && isDotSegment(s, segment, special)) {
      // ".." (in any of its forms) removes the last segment; "." nothing. At the end, either leaves "/".
      if (n === 2 || n === 4 || n === 6) out = shorten(out, file);
      if (!separator) out += '/';
    } else if (file && out === '' && n === 2 && isWindowsDriveLetter(s, segment)) {
      out += `/${s[segment]!}:`;
    } else {
      out += `/${webEncode(s, segment, q, WebSet.PATH)}`;
    }
    if (c === -1) return out;
    segment = q + 1;
  }
}

// ---------------------------------------------------------------------------------------------
// The host.

/**
 * The host that the serializer writes for s[start, end), which scan.ts classified as `kind`
 * (a HostKind; `value` an IPv4 address) for a URL of scheme `scheme` (a WebScheme); null when a
 * domain that needed decoding or mapping is no domain (UTS #46 or the IPv4 parser reject it).
 */
export function webHost(s: string, start: number, end: number, kind: number, value: number, scheme: number): string | null {
  switch (kind) {
    case HostKind.EMPTY:
      return '';
    case HostKind.IPV4:
      return ipv4String(value);
    case HostKind.IPV6:
      parseIPv6(s, start + 1, end - 1);
      return `[${ipv6String(IPV6_PIECES)}]`;
    case HostKind.OPAQUE:
      return webEncode(s, start, end, WebSet.C0_CONTROL);
    case HostKind.DOMAIN:
      return lowerAscii(s.slice(start, end));
    default:
      return processedDomain(decodeRange(s, start, end, false), scheme === WebScheme.FILE);
  }
}

/**
 * The host parser after its "domain" step, for a domain with "%" or non-ASCII code points: `domain` is its
 * percent-decoding read as UTF-8 (U+FFFD for bad bytes, which UTS #46 rejects).
 */
function processedDomain(domain: string, file: boolean): string | null {
  // ToASCII keeps every ASCII code point (or fails): a forbidden one would be in its result.
  if (firstInSet(domain, 0, domain.length, WebSet.FORBIDDEN_DOMAIN) !== -1) return null;
  let ascii: string;
  if (isAscii(domain)) {
    ascii = lowerAscii(domain);
    if (endsInNumber(ascii, 0, ascii.length)) {
      const v = parseIPv4(ascii, 0, ascii.length);
      return v < 0 ? null : ipv4String(v);
    }
  } else {
    // Node's domainToASCII runs the host parser on the domain: UTS #46, the forbidden code
    // points, and the IPv4 parser when the result ends in a number; '' for a failure.
    ascii = domainToASCII(domain);
    if (ascii === '') return null;
  }
  return file && isLocalhost(ascii, 0, ascii.length) ? '' : ascii;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

const UPPER = /[A-Z]/;

/** ASCII lowercase. */
function lowerAscii(s: string): string {
  return UPPER.test(s) ? s.toLowerCase() : s;
}

/** The IPv4 serializer: four decimal numbers joined by ".". */
export function ipv4String(v: number): string {
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/** The IPv6 serializer: lower-case hex pieces, the first longest run of zero pieces as "::". */
export function ipv6String(a: Uint16Array): string {
  const compress = ipv6Compress(a);
  let out = '';
  for (let k = 0; k < 8; k++) {
    if (k === compress) {
      out += k === 0 ? '::' : ':';
      while (k < 7 && a[k + 1] === 0) k++;
      continue;
    }
    out += a[k]!.toString(16);
    if (k !== 7) out += ':';
  }
  return out;
}

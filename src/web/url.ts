/**
 * The URL Standard's URL parser from input to href: the input cleaned of what the standard removes
 * first (leading and trailing C0 controls and spaces, every tab and newline), read by
 * scan.ts against a base URL (parsed once and kept while the same base comes back),
 * and serialized by serialize.ts, or taken as it is when it is its own serialization.
 */
import { ErrorCode, UriError } from '../syntax/errors.js';
import { Flag, fragmentMarkOf, OFFSETS_LENGTH, Slot, setOffsets } from '../syntax/offsets.js';
import { pctFlags } from '../syntax/scan.js';
import {
  HostKind,
  isWindowsDriveLetter,
  scanCleanTail,
  scanCommon,
  scanMachine,
  scanWeb,
  schemeKind,
  WEB_CLEAN,
  WEB_RECORD_LENGTH,
  WebScheme,
  WebSlot,
  webFailure,
} from './scan.js';
import { serializeWeb, webHost } from './serialize.js';

/** What scanWeb writes for the input being parsed. */
const scanned = new Uint32Array(WEB_RECORD_LENGTH);

/** The last base URL given, and its href (null when it does not parse) and record. */
let lastBase: string | null = null;
let baseHref: string | null = null;
const baseRec = new Uint32Array(WEB_RECORD_LENGTH);
/** relativeCommon may take references to the base URL: it is special, and a file URL without a drive letter. */
let baseCommon = false;
let baseFile = false;

/** The last failure: its code, index in the input as given, the standard's name for it, and whether the base URL failed. */
let failCode = 0;
let failIndex = 0;
let failWhy = '';
let failInBase = false;

/**
 * The href of `input` parsed against `base` (a string; null for none), with its offsets record in
 * `out` (WEB_RECORD_LENGTH slots); null when the URL parser returns failure (webError() describes
 * it). An input that is its own serialization is returned itself.
 */
export function webHref(input: string, base: string | null, out: Uint32Array): string | null {
  failInBase = false;
  let b: string | null = null;
  if (base !== null) {
    b = parsedBase(base);
    if (b === null) {
      failInBase = true;
      return null;
    }
  }
  return hrefOf(input, b, b === null ? null : baseRec, out);
}

/** Whether `input` parses against `base`: without serializing it, and without allocating for most inputs. */
export function webValid(input: string, base: string | null): boolean {
  let b: string | null = null;
  if (base !== null) {
    b = parsedBase(base);
    if (b === null) return false;
  }
  let text = input;
  let code = scanWeb(text, scanned, b, b === null ? null : baseRec);
  if (code === WEB_CLEAN) {
    text = clean(input);
    code = scanWeb(text, scanned, b, b === null ? null : baseRec);
  }
  if (code !== 0) return false;
  // A domain that needs decoding or UTS #46 is only known good once mapped.
  if ((scanned[WebSlot.HOST_KIND]! & HostKind.PROCESS) !== 0) {
    const hs = scanned[Slot.HOST_START]!;
    return webHost(text, hs, scanned[Slot.HOST_END]!, scanned[WebSlot.HOST_KIND]!, 0, scanned[WebSlot.KIND]!) !== null;
  }
  return true;
}

/** The base URL's href (baseRec holds its record), or null when it does not parse. */
function parsedBase(base: string): string | null {
  if (base !== lastBase || baseHref === null) {
    lastBase = base;
    baseHref = hrefOf(base, null, null, baseRec);
    const kind = baseHref === null ? WebScheme.OTHER : schemeKind(baseHref, 0, baseRec[Slot.SCHEME_END]!);
    baseFile = kind === WebScheme.FILE;
    // A file URL's drive letter is a path segment that shortening keeps.
    baseCommon = kind !== WebScheme.OTHER && !(baseFile && isWindowsDriveLetter(baseHref!, baseRec[Slot.PATH_START]! + 1));
  }
  return baseHref;
}

function hrefOf(input: string, base: string | null, bRec: Uint32Array | null, out: Uint32Array): string | null {
  if (base !== null && baseCommon) {
    const href = relativeCommon(input, base, out);
    if (href !== null) return href;
  }
  // The common shape first, into `out`: the record when the input is its own serialization.
  if (scanCommon(input, out) === 0) return input;
  let text = input;
  let code = scanMachine(text, out, base, bRec);
  if (code === WEB_CLEAN) {
    text = clean(input);
    code = scanWeb(text, out, base, bRec);
  }
  let href: string | null = null;
  if (code === 0) {
    if (out[WebSlot.DIRTY] === 0 && out[WebSlot.FROM_BASE] === 0) return text;
    scanned.set(out);
    href = serializeWeb(text, scanned, base, bRec, out);
    if (href !== null) return href;
    code = ErrorCode.INVALID_HOST;
    failWhy = 'domain-to-ASCII';
    failIndex = out[Slot.ERROR_INDEX]!;
  } else {
    failWhy = webFailure;
    failIndex = out[Slot.ERROR_INDEX]!;
  }
  failCode = code;
  if (text !== input) failIndex = originalIndex(input, failIndex);
  return null;
}

const tail = new Uint32Array(OFFSETS_LENGTH);

/**
 * The fast path for a reference against a special base URL (a file URL only without a drive
 * letter): a path that begins with "/" (not "//"), a relative one ("a/b", "../../a", "./a"), a
 * query or a fragment alone (or nothing), each with what follows written by the serializer as it
 * is: the href is the base URL up to where the reference goes, then the reference. Returns it with
 * its record in `out`, or null for the machine.
 */
function relativeCommon(input: string, base: string, out: Uint32Array): string | null {
  const c0 = input.charCodeAt(0);
  const ps = baseRec[Slot.PATH_START]!;
  const bf = baseRec[Slot.FLAGS]!;
  let cut: number; // the base URL's part that the href keeps: [0, cut)
  let p = 0; // the reference's part that follows it: [p, length)
  // The base URL's components that the href keeps: its path, then its query.
  let keep = 0;
  if (c0 === 0x2f) {
    const c1 = input.charCodeAt(1);
    if (c1 === 0x2f || c1 === 0x5c) return null;
    cut = ps;
  } else if (c0 === 0x3f) {
    cut = baseRec[Slot.PATH_END]!;
    keep = Flag.DOT;
  } else if (c0 === 0x23 || input.length === 0) {
    cut = fragmentMarkOf(baseRec);
    keep = Flag.DOT | Flag.QUERY;
  } else {
    if (c0 === 0x5c || hasScheme(input)) return null;
    // The base URL's path shortened (after its last "/"), then once more for each "../".
    cut = base.lastIndexOf('/', baseRec[Slot.PATH_END]! - 1) + 1;
    for (;;) {
      if (input.startsWith('../', p)) {
        cut = cut - 1 > ps ? base.lastIndexOf('/', cut - 2) + 1 : ps + 1;
        p += 3;
      } else if (input.startsWith('./', p)) {
        p += 2;
      } else {
        break;
      }
    }
  }
  // Against a file URL, a path that begins with a drive letter ("C|/x", "/C|/x", "../C|") is written otherwise.
  if (baseFile && (isWindowsDriveLetter(input, p) || (input.charCodeAt(p) === 0x2f && isWindowsDriveLetter(input, p + 1)))) return null;
  const t = scanCleanTail(input, p, -1, tail);
  if (t < 0) return null;
  const href = base.slice(0, cut) + (p === 0 ? input : input.slice(p));
  const shift = cut - p;
  let flags = (bf & (Flag.SCHEME | Flag.AUTHORITY | Flag.USERINFO | Flag.PORT | Flag.HOST_IPV4 | Flag.HOST_IPV6 | Flag.UPPER | keep)) | t;
  // The percent hints of the base URL's part kept, when it has any; DOT when part of its path stays.
  if ((bf & Flag.PERCENT) !== 0)
    for (let q = base.indexOf('%'); q !== -1 && q < cut; q = base.indexOf('%', q + 1)) flags |= pctFlags(base, q, cut);
  if ((bf & Flag.DOT) !== 0 && keep === 0) {
    const dot = base.indexOf('/.', ps);
    if (dot !== -1 && dot + 1 < cut) flags |= Flag.DOT;
  }
  const baseQuery = (keep & Flag.QUERY) !== 0 && (bf & Flag.QUERY) !== 0;
  setOffsets(
    out,
    baseRec[Slot.SCHEME_END]!,
    baseRec[Slot.AUTHORITY_START]!,
    baseRec[Slot.USERINFO_END]!,
    baseRec[Slot.HOST_START]!,
    baseRec[Slot.HOST_END]!,
    baseRec[Slot.PORT_START]!,
    ps,
    keep === 0 ? tail[Slot.PATH_END]! + shift : baseRec[Slot.PATH_END]!,
    (t & Flag.QUERY) !== 0 ? tail[Slot.QUERY_START]! + shift : baseQuery ? baseRec[Slot.QUERY_START]! : 0,
    (t & Flag.QUERY) !== 0 ? tail[Slot.QUERY_END]! + shift : baseQuery ? baseRec[Slot.QUERY_END]! : 0,
    (t & Flag.FRAGMENT) !== 0 ? tail[Slot.FRAGMENT_START]! + shift : 0,
    href.length,
    flags,
    0,
  );
  return href;
}

/** The input begins with a scheme and ":" (ASCII alpha, then alphanumerics, "+", "-", "."). */
function hasScheme(s: string): boolean {
  let c = s.charCodeAt(0) | 0x20;
  if (!(c >= 0x61 && c <= 0x7a)) return false;
  for (let i = 1; i < s.length; i++) {
    c = s.charCodeAt(i);
    const l = c | 0x20;
    if ((l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) continue;
    return c === 0x3a;
  }
  return false;
}

/** The input without leading and trailing C0 controls and spaces, and without tabs and newlines. */
function clean(input: string): string {
  let start = 0;
  let end = input.length;
  while (start < end && input.charCodeAt(start) <= 0x20) start++;
  while (end > start && input.charCodeAt(end - 1) <= 0x20) end--;
  return input.slice(start, end).replace(TAB_NL, '');
}

const TAB_NL = /[\t\n\r]/g;

/** Where the code unit at `index` of clean(input) stands in `input`. */
function originalIndex(input: string, index: number): number {
  let i = 0;
  while (i < input.length && input.charCodeAt(i) <= 0x20) i++;
  for (let k = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (k++ === index) return i;
  }
  return input.length;
}

const MESSAGES: Record<string, string> = {
  'missing-scheme-non-relative-URL': 'no scheme, and no base URL to resolve against (or one with an opaque path)',
  'host-missing': 'the host is empty',
  'host-invalid-code-point': 'a host cannot hold this code point',
  'domain-invalid-code-point': 'a domain cannot hold this code point',
  'domain-to-ASCII': 'the domain is not valid under UTS #46 (IDNA), or its ASCII form is no host',
  'IPv4-too-many-parts': 'the host ends in a number, so it must be an IPv4 address, and this has more than four parts',
  'IPv4-non-numeric-part': 'the host ends in a number, so it must be an IPv4 address, and this part is not a number',
  'IPv4-out-of-range-part': 'the host ends in a number, so it must be an IPv4 address, and this part is too large',
  'IPv6-unclosed': '"[" needs a matching "]" at the end of the host',
  'port-invalid': 'a port is digits only',
  'port-out-of-range': 'a port is at most 65535',
};

/**
 * The UriError of the last failure of webHref (for `input` and `base` as given), named after the
 * standard's validation error.
 */
export function webError(input: string, base: string | null, who: string): UriError {
  if (failInBase) {
    failInBase = false;
    const e = webError(base!, null, who);
    return new UriError(e.code, e.index, base!, `Invalid base URL: ${e.message}`);
  }
  const name = Object.keys(ErrorCode).find((k) => ErrorCode[k as keyof typeof ErrorCode] === failCode) as keyof typeof ErrorCode;
  const plain = new UriError(name as 'INVALID_HOST', failIndex, input).message;
  const why = MESSAGES[failWhy] ?? failWhy;
  return new UriError(name as 'INVALID_HOST', failIndex, input, `${plain} (URL Standard: ${failWhy}: ${why})`);
}

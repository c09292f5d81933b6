/**
 * Normalization and equivalence (RFC 3986 §6.2.2 syntax-based, §6.2.3 scheme-based).
 *
 * From one offsets record to one output string; input that is already normal is returned as it
 * is. What particular schemes add (default ports, an empty path that means "/", mailto's
 * domains) comes from schemes.ts.
 */

import { argumentError } from '../syntax/errors.js';
import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, HOST_LITERAL, NORMALIZE_HINTS, OFFSETS_LENGTH, Slot, WARNING_FLAGS } from '../syntax/offsets.js';
import { checkOptionNames, optionNames, optionsOf, stringOption } from '../syntax/options.js';
import type { ParseOptions } from '../syntax/scan.js';
import { ALLOWED, EncodeSet, HEX_VALUE, NORMAL_URI } from '../syntax/tables.js';
import { canonicalize, type DedupeOptions, dedupeOptions } from './dedupe.js';
import { mapHostLabels } from './idna.js';
import { characterNormalized } from './iri.js';
import { javaEquals, javaOf, javaOption } from './java.js';
import { emptyParts, recompose, removeDots, removeDotsRelative } from './path.js';
import { encodeOutside, hexByte, normalizePercent } from './percent.js';
import { defaultPortOf, emptyPathIsRoot, lowerMailtoDomains } from './schemes.js';

/**
 * The version of the rules by which an input gives its normal form, its validity and the dedupe
 * steps' results: raised with every change that makes some input normalize otherwise (a Redis
 * job records it, and refuses a worker of other rules). test/ops/normalize.test.ts holds a
 * digest of the normal forms of a fixed corpus, which fails until this is raised. @internal
 */
export const NORMAL_FORM_RULES = 1;

/**
 * Options of `normalize` and `equivalent`: how to parse the inputs, and the opt-in steps past
 * RFC 3986 that deduplicating crawled URLs wants (`DedupeOptions`, `DEDUPE_PRESET`).
 */
export type NormalizeOptions = ParseOptions &
  DedupeOptions & {
    /**
     * `equivalent`, `compareUris` and `hashUri` only: compare as java.net.URI's `equals`,
     * `compareTo` and `hashCode` do (RFC 2396, the components as written), not by normal forms.
     */
    rfc2396?: boolean;
    /**
     * RFC 3987 §5.3.2.2 character normalization of an IRI (with `iri: true`): its characters in
     * NFC, or NFKC (full-width Latin letters to ASCII ones), each component on its own and its
     * `%XX` as they are (Addressable's `unicode_normalize_kc`).
     */
    unicode?: 'NFC' | 'NFKC';
  };

/** The names of NormalizeOptions (normalize, equivalent, compareUris, hashUri). */
export const NORMALIZE_OPTIONS = optionNames<NormalizeOptions>()([
  'absolute',
  'lenient',
  'iri',
  'zoneId',
  'maxLength',
  'idna',
  'sortQuery',
  'removeQueryParams',
  'removeFragment',
  'removeEmptyQuery',
  'rfc2396',
  'unicode',
]);

const rec = new Uint32Array(OFFSETS_LENGTH);

/**
 * The RFC 3986 normal form of a URI-reference: scheme and host in lower case, percent-encodings
 * in upper case and decoded where they encode an unreserved character (reserved ones such as
 * `%2F` stay), dot-segments removed, a default or empty port dropped, an empty http(s)/ws(s)
 * path written `/`, IPv6 in RFC 5952 form. Idempotent.
 *
 * @throws {UriError} on invalid input.
 * @example
 * normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d'); // 'example://a/b/c/%7Bfoo%7D'
 * normalize('HTTP://Example.COM:80');              // 'http://example.com/'
 * normalize('http://[2001:DB8:0:0:0:0:0:1]/');      // 'http://[2001:db8::1]/'
 */
export function normalize(input: string | UriLike, options?: NormalizeOptions): string {
  return normalizeAs(input, options, 'normalize', 'input');
}

/** `normalize` for `who`, whose argument `name` the input is (in errors). @internal also hashUri. */
export function normalizeAs(input: string | UriLike, options: NormalizeOptions | undefined, who: string, name: string): string {
  if (options === undefined && typeof input === 'string' && input.length <= NORMAL_MAX) {
    // Most URLs are their own normal form: one regex call says so without a record.
    NORMAL_URI.lastIndex = 0;
    if (NORMAL_URI.test(input)) return input;
  }
  // Without options, or options of parsing alone, the normal form is the answer: the dedupe
  // steps cost nothing unless asked for.
  if (options !== undefined) checkOptionNames(options, NORMALIZE_OPTIONS, who);
  const o = options === undefined || options === null ? undefined : optionsOf(options, who)!;
  const d = o === undefined ? null : dedupeOptions(o, who);
  let s = scanInput(input, rec, options, who, name);
  if (o !== undefined && (o as NormalizeOptions).unicode !== undefined) s = unicodeNormalized(s, o, options!, who);
  if (d === null) return normalizeRecord(s, rec, null);
  return canonicalize(normalizeRecord(s, rec, rec), rec, d);
}

/** `s` (scanned into rec) in the Unicode form that options object `o` names, scanned again. */
function unicodeNormalized(s: string, o: object, options: NormalizeOptions, who: string): string {
  const form = stringOption(o, 'unicode', who, '');
  if (form === '') return s;
  if (form !== 'NFC' && form !== 'NFKC') throw argumentError(who, 'options.unicode', '"NFC" or "NFKC"', form);
  const t = characterNormalized(s, rec, form);
  return t === s ? s : scanInput(t, rec, options, who, 'input');
}

/**
 * True when `a` and `b` have the same normal form (§6.2). Inputs already in normal form are
 * compared without building any string. With `{ rfc2396: true }`, java.net.URI's `equals`
 * instead: the components as written, but for the case of the scheme, of a server-based host
 * and of `%XX` hex digits (`:80` differs from no port, `%7E` from `~`).
 *
 * @throws {UriError} on invalid input.
 * @example
 * equivalent('http://example.com', 'HTTP://EXAMPLE.com:80/'); // true
 * equivalent('http://a/%7e', 'http://a/~');                   // true
 * equivalent('http://a/%2F', 'http://a//');                   // false
 * equivalent('HTTP://A/%7e', 'http://a/%7E', { rfc2396: true }); // true
 * equivalent('http://a:80/', 'http://a/', { rfc2396: true });    // false
 */
export function equivalent(a: string | UriLike, b: string | UriLike, options?: NormalizeOptions): boolean {
  if (options !== undefined) checkOptionNames(options, NORMALIZE_OPTIONS, 'equivalent');
  if (options !== undefined && options !== null && javaOption(optionsOf(options, 'equivalent')!, 'equivalent')) {
    return javaEquals(javaOf(a, options, 'equivalent', 'a'), javaOf(b, options, 'equivalent', 'b'));
  }
  return normalizeAs(a, options, 'equivalent', 'a') === normalizeAs(b, options, 'equivalent', 'b');
}

/**
 * RFC 6454 §6.2: the origin `scheme "://" host [ ":" port ]` of the URI `s` described by `o`,
 * taken from its normal form (whose record overwrites `o`). The URI must have a scheme and a host.
 * @internal Uri#origin.
 */
export function originOf(s: string, o: Uint32Array): string {
  const n = normalizeRecord(s, o, o);
  return `${n.slice(0, o[Slot.SCHEME_END])}://${n.slice(o[Slot.HOST_START], o[Slot.PATH_START])}`;
}

/**
 * The longest input that normalize first tries whole with NORMAL_URI. Up to about 128 characters
 * the regex costs less than the scan (SIMD from 64) and the record; over long, percent-encoded
 * URLs (long_urls, 240 on average) it costs some 10% more (callgrind, instructions per URL).
 */
const NORMAL_MAX = 128;

/** The normal form's components, filled by normalizeRecord (one object, reused). */
const N = emptyParts();

/**
 * The normal form of `s`, described by the record `o`. With `out` (which may be `o`), the normal
 * form's offsets record is written there.
 */
export function normalizeRecord(s: string, o: Uint32Array, out: Uint32Array | null): string {
  const f = o[Slot.FLAGS]!;
  if (isNormal(s, o, f)) {
    if (out !== null && out !== o) out.set(o.subarray(0, OFFSETS_LENGTH));
    return s;
  }
  const pathStart = o[Slot.PATH_START]!;
  const pathEnd = o[Slot.PATH_END]!;
  const scheme = (f & Flag.SCHEME) !== 0 ? s.slice(0, o[Slot.SCHEME_END]).toLowerCase() : undefined;
  const n = N;
  n.scheme = scheme;

  // A lenient parse's tolerated characters are written percent-encoded, so that the normal form
  // is a strict RFC 3986 URI-reference whatever the input was.
  const tolerated = (f & WARNING_FLAGS) !== 0;
  if ((f & Flag.AUTHORITY) !== 0) {
    n.userinfo =
      (f & Flag.USERINFO) !== 0
        ? strict(normalizePercent(s, o[Slot.AUTHORITY_START]!, o[Slot.USERINFO_END]!), EncodeSet.USERINFO, tolerated)
        : undefined;
    n.host = strict(normalizeHost(s, o[Slot.HOST_START]!, o[Slot.HOST_END]!, f), EncodeSet.REG_NAME, tolerated && (f & HOST_LITERAL) === 0);
    n.port = undefined;
    if ((f & Flag.PORT) !== 0) {
      const port = portDigits(s, o[Slot.PORT_START]!, pathStart);
      if (port !== '' && Number(port) !== defaultPortOf(scheme ?? '')) n.port = port;
    }
  } else {
    n.userinfo = n.host = n.port = undefined;
  }
  let path =
    (f & (Flag.PCT_LOWER | Flag.PCT_UNRESERVED | Flag.WARN_PERCENT)) !== 0
      ? normalizePercent(s, pathStart, pathEnd)
      : s.slice(pathStart, pathEnd);
  path = strict(path, EncodeSet.PATH, tolerated);
  // §6.2.2.3: an absolute URI's path (rootless too) loses its dot-segments exactly as resolution
  // removes them from a reference with a scheme (§5.2.2), so that normal forms resolve to
  // themselves; only a relative-path reference keeps its leading ".." segments.
  if (path.charCodeAt(0) === 0x2f || scheme !== undefined) path = removeDots(path, false);
  else if (path !== '') path = removeDotsRelative(path);
  if (scheme === 'mailto') path = lowerMailtoDomains(path);
  if ((f & Flag.AUTHORITY) !== 0 && path === '' && emptyPathIsRoot(scheme ?? '')) path = '/';
  n.path = path;
  n.query =
    (f & Flag.QUERY) !== 0 ? strict(normalizePercent(s, o[Slot.QUERY_START]!, o[Slot.QUERY_END]!), EncodeSet.QUERY, tolerated) : undefined;
  n.fragment =
    (f & Flag.FRAGMENT) !== 0 ? strict(normalizePercent(s, o[Slot.FRAGMENT_START]!, s.length), EncodeSet.FRAGMENT, tolerated) : undefined;
  const normal = recompose(n, out);
  return normal === s ? s : normal;
}

/** A component of a lenient parse with its tolerated characters encoded (see encodeOutside). */
function strict(text: string, set: number, tolerated: boolean): string {
  return tolerated ? encodeOutside(text, set) : text;
}

/**
 * The fast path: nothing to change. scan's hints say that no letter of the scheme or host needs
 * lowering and no "%XX" changes; left to check are dot-segments, IP literals, what lenient mode
 * kept, a mailto domain, and the scheme's own rules where they can apply (a port, an empty path).
 */
function isNormal(s: string, o: Uint32Array, f: number): boolean {
  if ((f & (NORMALIZE_HINTS | Flag.DOT | HOST_LITERAL | WARNING_FLAGS)) !== 0) return false;
  const schemeEnd = o[Slot.SCHEME_END]!;
  if (schemeEnd === 6 && s.startsWith('mailto')) return false; // its domains' case (lowerMailtoDomains)
  if ((f & Flag.AUTHORITY) === 0) return true;
  if ((f & Flag.NON_ASCII) !== 0 && hasNonAscii(s, o[Slot.HOST_START]!, o[Slot.HOST_END]!)) return false; // mapHostLabels
  if ((f & Flag.PORT) !== 0) {
    const start = o[Slot.PORT_START]!;
    const end = o[Slot.PATH_START]!;
    if (start === end || s.charCodeAt(start) === 0x30 || Number(s.slice(start, end)) === defaultPortOf(s.slice(0, schemeEnd))) return false;
  }
  return o[Slot.PATH_START] !== o[Slot.PATH_END] || !emptyPathIsRoot(s.slice(0, schemeEnd));
}

function hasNonAscii(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (s.charCodeAt(i) >= 0x80) return true;
  return false;
}

/** Port digits without leading zeros ("0080" is port 80); '' for an empty port. */
function portDigits(s: string, start: number, end: number): string {
  while (start < end - 1 && s.charCodeAt(start) === 0x30) start++;
  return s.slice(start, end);
}

/** §6.2.2.1 and §6.2.2.2 for the host (RFC 3987 §5.3.2.1 for a non-ASCII one); RFC 5952 for IPv6. */
function normalizeHost(s: string, start: number, end: number, f: number): string {
  if ((f & Flag.HOST_IPV6) !== 0) return `[${canonicalIPv6(s, start + 1, end - 1)}]`;
  if ((f & Flag.HOST_IPV4) !== 0) return s.slice(start, end);
  const pct = s.indexOf('%', start);
  if ((pct === -1 || pct >= end) && (f & (Flag.NON_ASCII | Flag.WARN_NON_ASCII)) === 0) {
    // ASCII without "%": toLowerCase changes A-Z and nothing else.
    return s.slice(start, end).toLowerCase();
  }
  // reg-name or IPvFuture: lower case outside "%XX", unreserved octets decoded (and lowered).
  let out = '';
  for (let i = start; i < end; i++) {
    let c = s.charCodeAt(i);
    if (c === 0x25) {
      const b = hexByte(s, i);
      if (b < 0) {
        // A "%" without two hex digits (lenient parsing keeps one) stays: the next two characters
        // are not an encoding, and may not even belong to the host.
        out += '%25';
        continue;
      }
      i += 2;
      if ((ALLOWED[b]! & EncodeSet.UNRESERVED) === 0) {
        out += `%${s.slice(i - 1, i + 1).toUpperCase()}`;
        continue;
      }
      c = b;
    }
    out += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
  }
  // RFC 3987 §5.3.2.1: a non-ASCII host is case-folded as IDNA maps it.
  return (f & (Flag.NON_ASCII | Flag.WARN_NON_ASCII)) !== 0 && (f & Flag.HOST_IPVFUTURE) === 0 ? mapHostLabels(out) : out;
}

const groups = new Uint16Array(8);

/**
 * RFC 5952 §4: lower-case hex without leading zeros, the longest run (the first of equal runs)
 * of two or more zero groups written "::". An IPv4-mapped address (::ffff:0:0/96) gets its
 * dotted-quad tail (§5) however it was written, so that every address has one form. A zone
 * identifier keeps its letters' case; its percent-encodings are normalized (§6.2.2.1, §6.2.2.2).
 */
function canonicalIPv6(s: string, start: number, end: number): string {
  let zone = s.indexOf('%', start);
  if (zone === -1 || zone > end) zone = end;
  // Read the groups: those before "::" from the left, those after it into the right end.
  let n = 0;
  let gap = -1;
  let i = start;
  while (i < zone) {
    if (s.charCodeAt(i) === 0x3a) {
      if (s.charCodeAt(i + 1) === 0x3a) {
        gap = n;
        i += 2;
      } else {
        i++;
      }
      continue;
    }
    let j = i;
    let value = 0;
    while (j < zone && s.charCodeAt(j) !== 0x3a && s.charCodeAt(j) !== 0x2e) value = (value << 4) | HEX_VALUE[s.charCodeAt(j++)]!;
    if (j < zone && s.charCodeAt(j) === 0x2e) {
      let octets = 0;
      for (const part of s.slice(i, zone).split('.')) octets = (octets << 8) | Number(part);
      groups[n++] = octets >>> 16;
      groups[n++] = octets & 0xffff;
      break;
    }
    groups[n++] = value;
    i = j;
  }
  if (gap !== -1) {
    const shift = 8 - n;
    for (let k = n - 1; k >= gap; k--) groups[k + shift] = groups[k]!;
    for (let k = gap; k < gap + shift; k++) groups[k] = 0;
  }
  // Mapped by its prefix, not by how the input wrote it: "::ffff:102:304" is "::ffff:1.2.3.4".
  const mapped = groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff;
  const last = mapped ? 6 : 8;
  // Longest run of zero groups of length >= 2.
  let bestStart = -1;
  let bestLen = 1;
  for (let k = 0; k < last; ) {
    if (groups[k] !== 0) {
      k++;
      continue;
    }
    let e = k;
    while (e < last && groups[e] === 0) e++;
    if (e - k > bestLen) {
      bestStart = k;
      bestLen = e - k;
    }
    k = e;
  }
  let out = '';
  for (let k = 0; k < last; k++) {
    if (k === bestStart) {
      out += k === 0 ? '::' : ':';
      k += bestLen - 1;
      continue;
    }
    out += groups[k]!.toString(16);
    if (k < last - 1) out += ':';
  }
  // Mapped: out is "::ffff" here; the last 32 bits follow as a dotted quad.
  if (mapped) out += `:${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  // The zone: "%25" and the ZoneID with its own percent-encodings normalized (§6.2.2.1, §6.2.2.2).
  return zone === end ? out : `${out}%25${normalizePercent(s, zone + 3, end)}`;
}

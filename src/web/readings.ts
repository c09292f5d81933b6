/**
 * Where RFC 3986 and the URL Standard read one input differently: the parser differential that
 * lets an allow-list or an SSRF filter read one host while a browser or an HTTP client connects to
 * another. Each grammar's reading is taken as that grammar resolves it (RFC 3986 §5.2.2 removes
 * dot segments from a URI with a scheme, the URL Standard its own way), then written in one form
 * for both, so that only what the two standards disagree on remains: case, default ports,
 * percent-encoding that does not change a character, and Punycode are no difference; a host read
 * as another string (`0x7f.1` and `127.0.0.1`, `a。b` and `a.b`), a backslash that is a slash in
 * one reading only, `%2e%2e` that one reading removes, an `@` that moves the host, are.
 */
import { domainToUnicode } from 'node:url';
import { removeDotSegments } from '../ops/path.js';
import { decodeRange, encodeOutside, normalizePercent } from '../ops/percent.js';
import { resolveRecords } from '../ops/resolve.js';
import { defaultPortOf } from '../ops/schemes.js';
import { argumentError } from '../syntax/errors.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { checkOptionNames, optionNames, optionsOf, stringOption } from '../syntax/options.js';
import { scanString } from '../syntax/scan.js';
import { EncodeSet } from '../syntax/tables.js';
import { IPV6_PIECES, parseIPv6 } from './host.js';
import { SCHEME_NAMES, WEB_RECORD_LENGTH } from './scan.js';
import { ipv6String } from './serialize.js';
import { webHref } from './url.js';

/** The components whose readings are compared. */
export type ReadingComponent = 'scheme' | 'userinfo' | 'host' | 'port' | 'path';

/**
 * One grammar's reading of an input, in the form the comparison uses: scheme in lower case; the
 * path percent-encoded where RFC 3986 requires it (nothing decoded), the userinfo encoded but for
 * unreserved characters; the host decoded, in lower case, its A-labels as U-labels, an
 * IPv6 address in its RFC 5952 form; the port a number (`null` for none or the scheme's default);
 * an empty http(s)/ws(s)/ftp/file path with a host as "/".
 */
export interface Reading {
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  port: number | null;
  path: string;
}

/** `compareReadings`'s answer. */
export interface ReadingComparison {
  /** The URL Standard's reading, or `null` when its parser returns failure. */
  web: Reading | null;
  /** Strict RFC 3986's reading, or `null` when the input is no URI-reference. */
  strict: Reading | null;
  /** Lenient RFC 3986's reading (what logs and most RFC-family parsers accept), or `null`. */
  lenient: Reading | null;
  /**
   * The components that strict RFC 3986 and the URL Standard read differently: `[]` when they
   * agree; when only one of them reads the input, the components that one reads (the other reads
   * none); `null` when neither does, or for a relative reference without a base (nothing to compare).
   */
  strictDiffers: readonly ReadingComponent[] | null;
  /** The same for lenient RFC 3986. */
  lenientDiffers: readonly ReadingComponent[] | null;
  /** Some component differs between the URL Standard's reading and an RFC 3986 reading. */
  differs: boolean;
}

/** Options of `compareReadings`. */
export interface ReadingOptions {
  /** A base URL: each grammar resolves the input against it (RFC 3986 §5.2, the URL Standard's parser). */
  base?: string;
}

const READING_OPTIONS = optionNames<ReadingOptions>()(['base']);

const COMPONENTS: readonly ReadingComponent[] = ['scheme', 'userinfo', 'host', 'port', 'path'];
const rec = new Uint32Array(WEB_RECORD_LENGTH);
const baseRec = new Uint32Array(OFFSETS_LENGTH);
const resolved = new Uint32Array(OFFSETS_LENGTH);
const LENIENT = Object.freeze({ lenient: true });

/**
 * Compares how RFC 3986 (strict and lenient) and the URL Standard read `input`: which of scheme,
 * userinfo, host, port and path they read as different things. A security check for inputs that
 * two parts of a system read with different grammars (a filter and the client that fetches, a
 * proxy and the server behind it). Named for what it does, since it returns the readings and the
 * components, not a yes or no: `differs` is that.
 *
 * @example
 * compareReadings('http://evil.example\\@good.example/').lenientDiffers; // ['userinfo', 'host', 'path']
 * compareReadings('http://0x7f.1/').strictDiffers;                      // ['host']
 * compareReadings('HTTP://Example.COM:80/a/../b').differs;              // false
 * compareReadings('/a/%2e%2e/b', { base: 'http://h/' }).strictDiffers;  // ['path']
 */
export function compareReadings(input: string, options?: ReadingOptions): ReadingComparison {
  if (typeof input !== 'string') throw argumentError('compareReadings', 'input', 'a string', input);
  const o = optionsOf(options, 'compareReadings');
  if (o !== undefined) checkOptionNames(o, READING_OPTIONS, 'compareReadings');
  const base = o === undefined ? null : stringOption(o, 'base', 'compareReadings', '') || null;
  const href = webHref(input, base, rec);
  const web = href === null ? null : readingOf(href, rec, true);
  const strict = rfcReading(input, base, false);
  const lenient = rfcReading(input, base, true);
  const strictDiffers = compared(strict, web);
  const lenientDiffers = compared(lenient, web);
  return {
    web,
    strict,
    lenient,
    strictDiffers,
    lenientDiffers,
    differs: (strictDiffers !== null && strictDiffers.length > 0) || (lenientDiffers !== null && lenientDiffers.length > 0),
  };
}

/** The reading of a grammar that reads nothing. */
const NONE: Reading = Object.freeze({ scheme: null, userinfo: null, host: null, port: null, path: '' });

/** The components that an RFC 3986 reading and the URL Standard's read differently (see ReadingComparison). */
function compared(rfc: Reading | null, web: Reading | null): ReadingComponent[] | null {
  if (web === null && (rfc === null || rfc.scheme === null)) return null;
  return differences(rfc ?? NONE, web ?? NONE);
}

/** The components that two readings read differently. */
export function differences(a: Reading, b: Reading): ReadingComponent[] {
  return COMPONENTS.filter((k) => a[k] !== b[k]);
}

/** RFC 3986's reading of `input` (resolved against `base` if given), or null when it is no URI-reference. */
function rfcReading(input: string, base: string | null, lenient: boolean): Reading | null {
  const options = lenient ? LENIENT : undefined;
  if (scanString(input, rec, options, 'compareReadings') !== 0) return null;
  if (base === null || (rec[Slot.FLAGS]! & Flag.SCHEME) !== 0) return readingOf(input, rec, false);
  if (scanString(base, baseRec, options, 'compareReadings') !== 0 || (baseRec[Slot.FLAGS]! & Flag.SCHEME) === 0) return null;
  const target = resolveRecords(base, baseRec, input, rec, true, resolved);
  return readingOf(target, resolved, false);
}

/**
 * A reading from a text and its offsets record: the URL Standard's href (`web`) or an RFC 3986
 * URI-reference, whose path is the one §5.2.2 gives a URI with a scheme (dot segments removed).
 */
export function readingOf(s: string, o: Uint32Array, web: boolean): Reading {
  const f = o[Slot.FLAGS]!;
  const scheme = (f & Flag.SCHEME) !== 0 ? s.slice(0, o[Slot.SCHEME_END]).toLowerCase() : null;
  let userinfo: string | null = null;
  let host: string | null = null;
  let port: number | null = null;
  if ((f & Flag.AUTHORITY) !== 0) {
    if ((f & Flag.USERINFO) !== 0) userinfo = credentials(s.slice(o[Slot.AUTHORITY_START], o[Slot.USERINFO_END]));
    host = canonicalHost(s.slice(o[Slot.HOST_START], o[Slot.HOST_END]));
    if ((f & Flag.PORT) !== 0 && o[Slot.PORT_START] !== o[Slot.PATH_START]) {
      const n = Number(s.slice(o[Slot.PORT_START], o[Slot.PATH_START]));
      port = scheme !== null && n === defaultPortOf(scheme) ? null : n;
    }
  }
  let path = s.slice(o[Slot.PATH_START], o[Slot.PATH_END]);
  if (web) {
    // The "/." that keeps a host-less path from reading as a host is no part of the path.
    if ((f & Flag.AUTHORITY) === 0 && path.startsWith('/./')) path = path.slice(2);
  } else if (scheme !== null) {
    path = removeDotSegments(path);
  }
  // What RFC 3986 does not allow in a path encoded as UTF-8, as the URL Standard encodes it, and a
  // "%" that begins no "%XX" as "%25"; nothing decoded: "%2e" stays what it was given.
  path = encodeOutside(path, EncodeSet.PATH);
  if (path === '' && (f & Flag.AUTHORITY) !== 0 && scheme !== null && SCHEME_NAMES.includes(scheme)) path = '/';
  // No host and an empty host both name no network host.
  return { scheme, userinfo, host: host === '' ? null : host, port, path };
}

/**
 * "user:password" in one form: each half with every character but the unreserved ones encoded (the
 * URL Standard encodes ";", "=" and ":" there, RFC 3986 allows them), an empty password dropped,
 * and nothing for both empty.
 */
function credentials(userinfo: string): string | null {
  const colon = userinfo.indexOf(':');
  const half = (t: string): string => {
    const e = encodeOutside(t, EncodeSet.UNRESERVED);
    return normalizePercent(e, 0, e.length);
  };
  const user = half(colon === -1 ? userinfo : userinfo.slice(0, colon));
  const password = colon === -1 ? '' : half(userinfo.slice(colon + 1));
  if (password === '') return user === '' ? null : user;
  return `${user}:${password}`;
}

/**
 * A host in one form: an IPv6 address as RFC 5952 writes it; any other host percent-decoded, in
 * lower case, its A-labels ("xn--") as the U-labels they encode (a label that does not decode
 * stays). UTS #46 maps nothing else here: a character it would map is a difference.
 */
export function canonicalHost(host: string): string {
  if (host.charCodeAt(0) === 0x5b) {
    if (parseIPv6(host, 1, host.length - 1) === -1) return `[${ipv6String(IPV6_PIECES)}]`;
    return host.toLowerCase();
  }
  const text = decodeRange(host, 0, host.length, false).toLowerCase();
  if (!text.includes('xn--')) return text;
  return text
    .split('.')
    .map((label) => (label.startsWith('xn--') ? domainToUnicode(label) || label : label))
    .join('.');
}

/** What differs between two readings of a request target, for parseRequestTarget. */
export interface TargetConfusion {
  rfc: Reading;
  web: Reading | null;
  /** Of userinfo, host, port and path: those the readings differ in. */
  components: ReadingComponent[];
}

/**
 * Whether a request target's RFC 3986 reading (`rfcUri`, the target URI RFC 9112 §3.3 rebuilds,
 * scanned leniently: the target was accepted already) and the URL Standard's (`webInput` against
 * `webBase`, as a server written with `new URL(req.url, base)` reads it) differ in authority or
 * path; null when they do not.
 */
export function targetConfusion(rfcUri: string, webInput: string, webBase: string | null): TargetConfusion | null {
  const href = webHref(webInput, webBase, rec);
  const web = href === null ? null : readingOf(href, rec, true);
  // The target was accepted (and the Host header checked): its target URI scans.
  scanString(rfcUri, rec, LENIENT, 'parseRequestTarget');
  const rfc = readingOf(rfcUri, rec, false);
  const components = differences(rfc, web ?? NONE).filter((c) => c !== 'scheme');
  return components.length === 0 ? null : { rfc, web, components };
}

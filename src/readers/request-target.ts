/**
 * HTTP request targets (RFC 9112 §3.2) and the target URI (§3.3), for proxies and servers.
 *
 * ```
 * origin-form    = absolute-path [ "?" query ]        GET /where?q=now HTTP/1.1
 * absolute-form  = absolute-URI                        GET http://www.example.org/pub/WWW/ HTTP/1.1
 * authority-form = uri-host ":" port                   CONNECT www.example.com:80 HTTP/1.1
 * asterisk-form  = "*"                                 OPTIONS * HTTP/1.1
 * ```
 *
 * `scanRequestTarget` fills an offsets record, as `scan` does, and allocates nothing for the
 * origin-form (the request hot path); `parseRequestTarget` adds the `Uri` view, the target URI
 * rebuilt from the Host header, the Host header's own check (RFC 9110 §7.2), and whether an
 * absolute-form target names another authority than Host.
 */

import { defaultPortOf } from '../ops/schemes.js';
import { argumentError, ErrorCode, scanError, UriError } from '../syntax/errors.js';
import { Flag, moveOffsets, OFFSETS_LENGTH, Slot, setOffsets } from '../syntax/offsets.js';
import { checkOptionNames, countOption, optionNames, optionsOf, own } from '../syntax/options.js';
import { PARSE_OPTIONS, type ParseOptions, scanByteRange, scanOptions, scanString } from '../syntax/scan.js';
import { Uri } from '../uri.js';
import { confusionError } from './confusable.js';

/**
 * The forms of a request-target, as `scanRequestTarget` returns them.
 *
 * @example
 * scanRequestTarget('/a?b', rec) === TargetForm.ORIGIN; // true
 */
export const TargetForm = Object.freeze({ ORIGIN: 1, ABSOLUTE: 2, AUTHORITY: 3, ASTERISK: 4 });

/** The form of a request-target by name. */
export type RequestTargetForm = 'origin' | 'absolute' | 'authority' | 'asterisk';

const FORM_NAMES: readonly RequestTargetForm[] = ['origin', 'origin', 'absolute', 'authority', 'asterisk'];

/**
 * The name of a `TargetForm` number.
 *
 * @example
 * targetFormName(TargetForm.AUTHORITY); // 'authority'
 */
export function targetFormName(form: number): RequestTargetForm {
  if (typeof form !== 'number') throw argumentError('targetFormName', 'form', 'a number (TargetForm)', form);
  if (!(form >= 1 && form <= 4)) throw new RangeError(`targetFormName: form must be 1 to 4 (TargetForm), got ${form}`);
  return FORM_NAMES[form]!;
}

const SLASH = 0x2f;
const STAR = 0x2a;
const COLON = 0x3a;

/** The request line's method, as far as the forms care: CONNECT, OPTIONS, another one, or unknown (''). */
function methodKind(method: string | undefined | null, who: string): number {
  if (method === undefined || method === null || method === '') return 0;
  if (typeof method !== 'string') throw argumentError(who, 'method', 'a string', method);
  return method === 'CONNECT' ? 1 : method === 'OPTIONS' ? 2 : 3;
}

const CONNECT = 1;
const OPTIONS = 2;
const UNKNOWN = 0;

/** A caller's offsets record: a Uint32Array of OFFSETS_LENGTH slots or more. */
function checkRecord(rec: Uint32Array, who: string): void {
  if (!(rec instanceof Uint32Array) || rec.length < OFFSETS_LENGTH)
    throw argumentError(who, 'offsets', `a Uint32Array of ${OFFSETS_LENGTH} slots or more`, rec);
}

function fail(rec: Uint32Array, code: number, index: number): number {
  rec[Slot.ERROR_INDEX] = index;
  return -code;
}

/** Bytes "//" and the authority-form being checked (grown as needed). */
let authorityBytes = new Uint8Array(256);

/**
 * Reads [start, end) of the string `s` or of `bytes` as an authority-form target, into `rec`:
 * the form, or a negative error code. `strict` (CONNECT) reports why it is not one; otherwise
 * the caller tries the absolute-form next and only the result matters.
 */
function authorityForm(
  s: string | null,
  bytes: Uint8Array | null,
  start: number,
  end: number,
  rec: Uint32Array,
  options: ParseOptions | undefined,
  who: string,
): number {
  // The scanner reads an authority after "//": give it one, then move the boundaries back.
  let code: number;
  if (s !== null) {
    code = scanString(`//${s}`, rec, options, who);
  } else {
    const n = end - start + 2;
    if (authorityBytes.length < n) authorityBytes = new Uint8Array(Math.max(n, authorityBytes.length * 2));
    authorityBytes[0] = SLASH;
    authorityBytes[1] = SLASH;
    authorityBytes.set(bytes!.subarray(start, end), 2);
    code = scanByteRange(authorityBytes, 0, n, rec, options, who);
  }
  const delta = start - 2;
  if (code !== 0) return fail(rec, code, Math.max(start, rec[Slot.ERROR_INDEX]! + delta));
  moveOffsets(rec, 0, delta);
  const f = rec[Slot.FLAGS]!;
  if ((f & Flag.USERINFO) !== 0) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, rec[Slot.USERINFO_END]!);
  if (rec[Slot.HOST_START] === rec[Slot.HOST_END]) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, rec[Slot.HOST_START]!);
  if (rec[Slot.PATH_START] !== rec[Slot.LENGTH]) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, rec[Slot.PATH_START]!);
  if ((f & Flag.PORT) === 0 || rec[Slot.PORT_START] === rec[Slot.PATH_START]) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, end);
  return TargetForm.AUTHORITY;
}

/** Whether [start, end) ends with ":" and one or more digits: what an authority-form must. */
function endsWithPort(s: string | null, bytes: Uint8Array | null, start: number, end: number): boolean {
  let p = end - 1;
  const at = (i: number) => (s !== null ? s.charCodeAt(i) : bytes![i]!);
  while (p > start && at(p) >= 0x30 && at(p) <= 0x39) p--;
  return p < end - 1 && at(p) === COLON;
}

function scanTarget(
  s: string | null,
  bytes: Uint8Array | null,
  start: number,
  end: number,
  rec: Uint32Array,
  method: number,
  options: ParseOptions | undefined,
  who: string,
): number {
  if (end === start) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, start);
  if (method === CONNECT) return authorityForm(s, bytes, start, end, rec, options, who);
  const c0 = s !== null ? s.charCodeAt(start) : bytes![start]!;
  if (c0 === SLASH) {
    // origin-form: an absolute-path, which may begin with "//" (empty segments), never an authority.
    let from = start;
    if (end - start > 1 && (s !== null ? s.charCodeAt(start + 1) : bytes![start + 1]) === SLASH) {
      from = start + 1;
      while (from + 1 < end && (s !== null ? s.charCodeAt(from + 1) : bytes![from + 1]) === SLASH) from++;
    }
    let code: number;
    if (s !== null) code = from === start ? scanString(s, rec, options, who) : scanString(s.slice(from), rec, options, who);
    else code = scanByteRange(bytes!, from, end, rec, options, who);
    if (s !== null && from !== start) moveOffsets(rec, code, from);
    if (code !== 0) return -code;
    rec[Slot.PATH_START] = start;
    if ((rec[Slot.FLAGS]! & Flag.FRAGMENT) !== 0) return fail(rec, ErrorCode.INVALID_CHAR, rec[Slot.FRAGMENT_START]! - 1);
    return TargetForm.ORIGIN;
  }
  if (c0 === STAR && end - start === 1) {
    if (method !== UNKNOWN && method !== OPTIONS) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, start);
    setOffsets(rec, 0, 0, 0, 0, 0, 0, start, end, 0, 0, 0, end, 0, 0);
    return TargetForm.ASTERISK;
  }
  // Without a method, "host:port" is read as the authority-form (an absolute-URI "host:80"
  // of scheme "host" is no HTTP target), then as the absolute-form.
  if (method === UNKNOWN && endsWithPort(s, bytes, start, end) && authorityForm(s, bytes, start, end, rec, options, who) > 0)
    return TargetForm.AUTHORITY;
  const code = s !== null ? scanString(s, rec, options, who) : scanByteRange(bytes!, start, end, rec, options, who);
  if (code !== 0) return -code;
  const f = rec[Slot.FLAGS]!;
  if ((f & Flag.SCHEME) === 0) return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, start);
  if ((f & Flag.FRAGMENT) !== 0) return fail(rec, ErrorCode.INVALID_CHAR, rec[Slot.FRAGMENT_START]! - 1);
  // RFC 9110 §4.2.1: an http(s) URI with no host is invalid and must be rejected (a WHATWG
  // parser would read "http:///internal/x" as the host "internal").
  if (isHttp(s, bytes, start, rec[Slot.SCHEME_END]!) && ((f & Flag.AUTHORITY) === 0 || rec[Slot.HOST_START] === rec[Slot.HOST_END]))
    return fail(rec, ErrorCode.INVALID_REQUEST_TARGET, (f & Flag.AUTHORITY) === 0 ? rec[Slot.SCHEME_END]! + 1 : rec[Slot.HOST_START]!);
  return TargetForm.ABSOLUTE;
}

/** Whether the scheme [start, end) is "http" or "https", in any case. */
function isHttp(s: string | null, bytes: Uint8Array | null, start: number, end: number): boolean {
  if (end - start !== 4 && end - start !== 5) return false;
  for (let i = start; i < end; i++) {
    if (((s !== null ? s.charCodeAt(i) : bytes![i]!) | 0x20) !== HTTPS.charCodeAt(i - start)) return false;
  }
  return true;
}

const HTTPS = 'https';

/**
 * The tokenizer of request-targets: fills `offsets` as `scan` does and returns the form
 * (`TargetForm`, 1 to 4), or a negative `ErrorCode` with the error's index in
 * `offsets[Slot.ERROR_INDEX]`. `method` (the request line's, case-sensitive) decides what is
 * allowed: `CONNECT` takes the authority-form only, `*` needs `OPTIONS`, and any other method
 * reads `host:port` as an absolute-URI; without one, `host:port` is the authority-form. An
 * absolute-form http or https URI without a host is refused (RFC 9110 §4.2.1).
 * Allocates nothing for the origin-form and the absolute-form.
 *
 * An origin-form target's path starts at PATH_START even when it begins with "//": it is a path,
 * never an authority. An authority-form target is recorded as an authority (AUTHORITY_START at 0).
 *
 * @example
 * const rec = new Uint32Array(OFFSETS_LENGTH);
 * scanRequestTarget('/where?q=now', rec);                    // TargetForm.ORIGIN
 * scanRequestTarget('www.example.com:80', rec, 'CONNECT');  // TargetForm.AUTHORITY
 * scanRequestTarget('/a#b', rec);                           // -ErrorCode.INVALID_CHAR, index 2
 */
export function scanRequestTarget(target: string, offsets: Uint32Array, method?: string | null, options?: ParseOptions): number {
  if (typeof target !== 'string') throw argumentError('scanRequestTarget', 'target', 'a string', target);
  checkRecord(offsets, 'scanRequestTarget');
  if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'scanRequestTarget');
  return scanTarget(target, null, 0, target.length, offsets, methodKind(method, 'scanRequestTarget'), options, 'scanRequestTarget');
}

/**
 * `scanRequestTarget` over the bytes [start, end) of a buffer (a request line as read from the
 * socket or a log); the offsets are positions in `bytes`. Allocates nothing after the first
 * authority-form target.
 *
 * @example
 * const line = Buffer.from('GET /a?b HTTP/1.1');
 * scanRequestTargetBytes(line, 4, 8, rec, 'GET'); // TargetForm.ORIGIN; rec[Slot.QUERY_START] === 7
 */
export function scanRequestTargetBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  offsets: Uint32Array,
  method?: string | null,
  options?: ParseOptions,
): number {
  if (!(bytes instanceof Uint8Array)) throw argumentError('scanRequestTargetBytes', 'bytes', 'a Uint8Array', bytes);
  checkRange(bytes, start, end, 'scanRequestTargetBytes', 'start', 'end');
  checkRecord(offsets, 'scanRequestTargetBytes');
  if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'scanRequestTargetBytes');
  return scanTarget(null, bytes, start, end, offsets, methodKind(method, 'scanRequestTargetBytes'), options, 'scanRequestTargetBytes');
}

/** [start, end) of a buffer: numbers (an argument error otherwise), within it (a RangeError otherwise). */
function checkRange(bytes: Uint8Array, start: unknown, end: unknown, who: string, startName: string, endName: string): void {
  if (typeof start !== 'number') throw argumentError(who, startName, 'a number', start);
  if (typeof end !== 'number') throw argumentError(who, endName, 'a number', end);
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= bytes.length))
    throw new RangeError(`${who}: [start, end) must lie in the buffer of ${bytes.length} bytes, got [${start}, ${end})`);
}

/** Options of `parseRequestTarget`: the request's context, and the parse options. */
export interface RequestTargetOptions extends ParseOptions {
  /** The request line's method (case-sensitive): `CONNECT` takes the authority-form only; `*` needs `OPTIONS`. */
  method?: string;
  /**
   * The Host header's value: checked (RFC 9110 §7.2: `uri-host [ ":" port ]`, `''` allowed), and
   * the authority of the target URI of an origin-form or asterisk-form target (RFC 9112 §3.3).
   */
  host?: string;
  /** The target URI's scheme for the forms that carry none (default `'http'`; `'https'` on a secured connection). */
  scheme?: string;
  /**
   * Refuse (CONFUSABLE_TARGET) a target that RFC 3986 and the URL Standard read with another
   * userinfo, host, port or path: `//evil.example/x`, `http://a\\@b/`, `/a/%2e%2e/b`, a host that
   * is an IPv4 address in one reading only (see `compareReadings`); and one whose normal form,
   * forwarded, they would read so (`/.//evil.example/x`, whose normal path is `//evil.example/x`).
   */
  rejectConfusable?: boolean;
  /** For a byte buffer: the target's range [start, end) (default: the whole buffer). */
  start?: number;
  end?: number;
}

const REQUEST_TARGET_OPTIONS = optionNames<RequestTargetOptions>()([
  'absolute',
  'lenient',
  'iri',
  'zoneId',
  'maxLength',
  'method',
  'host',
  'scheme',
  'rejectConfusable',
  'start',
  'end',
]);

/** A request-target, read. */
export interface RequestTarget {
  form: RequestTargetForm;
  /**
   * The target as a `Uri`: the origin-form's path and query (a path, even one that begins with
   * "//"), the absolute-form's URI, `//host:port` for the authority-form, `*` for the asterisk-form.
   */
  uri: Uri;
  /**
   * The target URI (RFC 9112 §3.3): the absolute-form itself; else scheme "://" authority (the
   * authority-form, or the Host header) and the origin-form's path and query. `undefined` for an
   * origin-form or asterisk-form target without `options.host`, or with an empty one where the
   * scheme is http or https, whose URIs must have a host (RFC 9110 §4.2.1): the server rejects
   * the request or uses a default of its own.
   */
  targetUri: string | undefined;
  /**
   * An absolute-form or authority-form target whose authority (less its userinfo) is not the Host
   * header's (host compared without case, an empty or default port as none; the authority-form's
   * default port is that of `options.scheme`): what request-smuggling and cache-poisoning checks
   * look for. `false` otherwise, and without `options.host`.
   */
  hostMismatch: boolean;
}

const scratch = new Uint32Array(OFFSETS_LENGTH);
const hostRec = new Uint32Array(OFFSETS_LENGTH);
const utf8 = new TextDecoder();
/** The last Host header found valid, and the scan options (ScanOption bits) it was checked under. */
let lastHost: string | null = null;
let lastHostKey = 0;
/** The last scheme option found valid. */
let lastScheme = 'http';
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/**
 * Reads an HTTP request-target (RFC 9112 §3.2) and rebuilds its target URI (§3.3).
 *
 * @throws {UriError} INVALID_REQUEST_TARGET (or the parse error at its index) for a target no
 *   form accepts or that the method does not take; INVALID_HOST_HEADER for a bad `options.host`.
 * @example
 * const t = parseRequestTarget('/pub/WWW/TheProject.html', { host: 'www.example.org', scheme: 'https' });
 * t.form;      // 'origin'
 * t.targetUri; // 'https://www.example.org/pub/WWW/TheProject.html'
 * parseRequestTarget('*', { method: 'OPTIONS', host: 'www.example.org:8080' }).targetUri; // 'http://www.example.org:8080'
 * parseRequestTarget('www.example.com:443', { method: 'CONNECT' }).uri.port;               // '443'
 * parseRequestTarget('//evil.example/x', { host: 'a.example' }).targetUri;                // 'http://a.example//evil.example/x'
 * parseRequestTarget('http://a.example/', { host: 'b.example' }).hostMismatch;             // true
 */
export function parseRequestTarget(target: string | Uint8Array, options?: RequestTargetOptions): RequestTarget {
  const who = 'parseRequestTarget';
  // Every option is an own property (a polluted Object.prototype gives none).
  const o = optionsOf(options, who);
  if (o !== undefined) checkOptionNames(o, REQUEST_TARGET_OPTIONS, who);
  let text: string;
  if (typeof target === 'string') {
    text = target;
  } else if (target instanceof Uint8Array) {
    const start = o === undefined ? undefined : own(o, 'start');
    const end = o === undefined ? undefined : own(o, 'end');
    checkRange(target, start ?? 0, end ?? target.length, who, 'options.start', 'options.end');
    text = utf8.decode(target.subarray(start as number | undefined, end as number | undefined));
  } else {
    throw argumentError(who, 'target', 'a string or a Uint8Array', target);
  }
  const method = methodKind(o === undefined ? undefined : (own(o, 'method') as string | undefined), who);
  // The parse options, read once: the scans get none when none is set (most calls: a Host and a
  // method), and the Host check keys its cache on them.
  let key = 0;
  let parseOptions: ParseOptions | undefined;
  // Named loads first (fast on the caller's object); the own-property reading when one is set.
  const p = o as ParseOptions | undefined;
  if (
    p !== undefined &&
    (p.lenient !== undefined || p.iri !== undefined || p.zoneId !== undefined || p.absolute !== undefined || p.maxLength !== undefined)
  ) {
    key = scanOptions(p, who);
    if (key !== 0 || countOption(p, 'maxLength', who) >= 0) parseOptions = options;
  }
  const form = scanTarget(text, null, 0, text.length, scratch, method, parseOptions, who);
  if (form < 0) throw targetError(-form, scratch[Slot.ERROR_INDEX]!, text, method);
  const scheme = (o === undefined ? undefined : own(o, 'scheme')) ?? 'http';
  if (scheme !== lastScheme) {
    if (typeof scheme !== 'string' || !SCHEME.test(scheme)) throw argumentError(who, 'options.scheme', 'a scheme such as "https"', scheme);
    lastScheme = scheme;
  }
  const host = o === undefined ? undefined : (own(o, 'host') as string | undefined);
  if (host !== undefined) checkHost(host, parseOptions, key, who);
  if (o !== undefined && own(o, 'rejectConfusable') === true) {
    const e = confusionError(text, form, scratch, scheme as string, host);
    if (e !== null) throw e;
  }
  // RFC 9112 §3.3: an empty Host gives an http(s) target URI no authority, which it must have
  // (RFC 9110 §4.2.1): there is none to give, and the server rejects or uses a default of its own.
  const authority = host === '' && isHttp(scheme as string, null, 0, (scheme as string).length) ? undefined : host;
  let uri: Uri;
  let targetUri: string | undefined;
  let hostMismatch = false;
  switch (form) {
    case TargetForm.ORIGIN:
      uri = new Uri(text, scratch);
      targetUri = authority === undefined ? undefined : `${scheme}://${authority}${text}`;
      break;
    case TargetForm.ABSOLUTE:
      uri = new Uri(text, scratch);
      targetUri = text;
      if (host !== undefined) hostMismatch = !sameAuthority(text, scratch, text.slice(0, scratch[Slot.SCHEME_END]), host);
      break;
    case TargetForm.AUTHORITY:
      // RFC 9112 §3.2: the Host header is the target URI's authority, which is the target here.
      if (host !== undefined) hostMismatch = !sameAuthority(text, scratch, scheme as string, host);
      // The record describes "//" + text shifted back by two: give the view its "//".
      moveOffsets(scratch, 0, 2);
      uri = new Uri(`//${text}`, scratch);
      targetUri = `${scheme}://${text}`;
      break;
    default:
      uri = new Uri(text, scratch);
      targetUri = authority === undefined ? undefined : `${scheme}://${authority}`;
  }
  return { form: FORM_NAMES[form]!, uri, targetUri, hostMismatch };
}

/** The UriError of a request-target, with what the method allows where that is the problem. */
function targetError(code: number, index: number, text: string, method: number): UriError {
  if (code !== ErrorCode.INVALID_REQUEST_TARGET) return scanError(code, index, text);
  const show = JSON.stringify(text);
  let why: string;
  if (text === '') why = 'it is empty';
  else if (method === CONNECT)
    why = `CONNECT takes the authority-form, uri-host ":" port (such as "example.com:443"): ${explainAuthority(text, index)}`;
  else if (text === '*') why = '"*" (the asterisk-form) is for OPTIONS only';
  // Any other method: an absolute-form target with an http(s) scheme fails for no other reason.
  else if (/^https?:/i.test(text)) why = 'an http or https URI has a host (RFC 9110 §4.2.1), and this one has none';
  else if (
    index === text.length ||
    text.charCodeAt(index) === SLASH ||
    text.charCodeAt(index) === 0x40 /* @ */ ||
    text.charCodeAt(index) === COLON
  )
    why = explainAuthority(text, index);
  else
    why =
      'it is none of origin-form ("/path?query"), absolute-form ("http://host/path"), authority-form ("host:port", CONNECT) or "*" (OPTIONS)';
  return new UriError('INVALID_REQUEST_TARGET', index, text, `Invalid request-target ${show} at index ${index}: ${why} (RFC 9112 §3.2)`);
}

function explainAuthority(text: string, index: number): string {
  const c = text.charCodeAt(index);
  if (index === text.length) return 'the port is missing (a CONNECT target names its port)';
  if (c === 0x40) return 'an authority-form target has no userinfo';
  if (c === SLASH) return index === 0 ? 'it is a path' : 'an authority-form target has no path';
  if (c === COLON || index === 0) return 'the host is missing';
  return 'it is not host:port';
}

/** Checks a Host header value: uri-host [ ":" port ], or empty (RFC 9110 §7.2). */
function checkHost(host: string, options: ParseOptions | undefined, key: number, who: string): void {
  if (typeof host !== 'string') throw argumentError(who, 'options.host', 'a string', host);
  // A proxy sees the same few Host values again and again, each in a new options object.
  if (host === lastHost && key === lastHostKey) return;
  lastHost = null;
  if (host !== '') {
    const code = scanString(`//${host}`, hostRec, options, who);
    const f = hostRec[Slot.FLAGS]!;
    let index = -1;
    let why = '';
    if (code !== 0) {
      index = hostRec[Slot.ERROR_INDEX]! - 2;
      why = scanError(code, index, host).message;
    } else if ((f & Flag.USERINFO) !== 0) {
      index = hostRec[Slot.USERINFO_END]! - 2;
      why = 'a Host header has no userinfo';
    } else if (hostRec[Slot.PATH_START] !== hostRec[Slot.LENGTH]) {
      index = hostRec[Slot.PATH_START]! - 2;
      why = 'a Host header has no path, query or fragment';
    }
    if (index >= 0)
      throw new UriError(
        'INVALID_HOST_HEADER',
        Math.max(0, index),
        host,
        `Invalid Host header ${JSON.stringify(host)} at index ${Math.max(0, index)}: ${why}; it must be uri-host [ ":" port ] (RFC 9110 §7.2)`,
      );
  }
  lastHost = host;
  lastHostKey = key;
}

/**
 * Whether the target `text` (record `rec`, absolute-form or authority-form) names the authority
 * of the Host header `host`, the ports compared with `scheme`'s default as none.
 */
function sameAuthority(text: string, rec: Uint32Array, scheme: string, host: string): boolean {
  const f = rec[Slot.FLAGS]!;
  const dflt = defaultPortOf(scheme.toLowerCase());
  const targetHost = (f & Flag.AUTHORITY) === 0 ? '' : text.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]).toLowerCase();
  const targetPort = (f & Flag.PORT) === 0 ? '' : text.slice(rec[Slot.PORT_START], rec[Slot.PATH_START]);
  // The Host header was checked: its host ends at the last ":" outside an IP literal.
  const close = host.lastIndexOf(']');
  const colon = host.indexOf(':', close + 1);
  const hostName = (colon === -1 ? host : host.slice(0, colon)).toLowerCase();
  const hostPort = colon === -1 ? '' : host.slice(colon + 1);
  return targetHost === hostName && port(targetPort, dflt) === port(hostPort, dflt);
}

/** A port's value, with an empty port and the scheme's default port as none (-1). */
function port(digits: string, dflt: number | undefined): number {
  if (digits === '') return -1;
  const n = Number(digits);
  return n === dflt ? -1 : n;
}

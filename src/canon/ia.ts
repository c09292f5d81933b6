/**
 * The `ia` profile and SURT keys: the Internet Archive's default canonicalizer as the `surt`
 * package applies it (its `handyurl` parser, then the Google and the IA rules), and that
 * package's `surt()` key: `org,archive)/index.html?a=b`.
 */
import { UriError } from '../syntax/errors.js';
import {
  decodeIgnore,
  hasNonAscii,
  hexValue,
  inputIndex,
  lowerBytes,
  pctDecodeRepeatedly,
  pctEncode,
  safeTable,
  toBytes,
} from './bytes.js';
import { idna2003Encode } from './idna2003.js';
import { addPart, INSERTION_MAX, parts, sortParts } from './parts.js';

/** The options of `surt()`, as the `surt` package names them in Python. */
export interface SurtOptions {
  /** `with_scheme`: `http://(org,archive)/…` rather than `org,archive)/…` (default false). */
  withScheme?: boolean;
  /** `trailing_comma`: `org,archive,)/…` (default false). */
  trailingComma?: boolean;
  /** `host_massage`: drop a leading `www.`, `www2.`, … from the host (default true). */
  hostMassage?: boolean;
  /** `reverse_ipaddr`: reverse the parts of a dotted IPv4 address too (default true). */
  reverseIpaddr?: boolean;
}

const NO_OPTIONS: SurtOptions = Object.freeze({});

/** The parsed URL of the `surt` package (`handyurl`), its byte strings or null for None. */
export interface HandyUrl {
  scheme: string | null;
  host: string | null;
  port: number | null;
  path: string | null;
  query: string | null;
  hash: string | null;
  lastDelimiter: string | null;
}

const WHO = 'surt';
/** `bytes.strip()`: ASCII whitespace at both ends. */
const STRIP = /^[ \t\n\r\x0b\x0c]+|[ \t\n\r\x0b\x0c]+$/g;
const TAB_NEWLINE = /[\n\r\t]/;
const TAB_NEWLINE_G = /[\n\r\t]/g;

/** ASCII whitespace as `bytes.strip()` takes it. */
function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

const HAS_SCHEME = /^[a-zA-Z][a-zA-Z0-9+\-.]*:/;
const MULTIPLE_PROTOCOLS = /^(?:https?:\/\/)+/;
const RFC2396 = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?)?(?:#(.*))?$/s;
/** `escapeOnce`'s safe set: Python's always-safe characters and the printable ASCII but `#` and `%`. */
const ESCAPE_ONCE_SAFE = safeTable(`ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~!"$&'()*+,-./:;<=>?@[\\]^_\`{|}~`);

/** `handyurl.parse(url)`; `url` is a byte string. */
export function parseHandy(url: string, input: string): HandyUrl {
  // what is taken from the start of the URL and added to it, to name a position in `input`
  let lead = 0;
  let added = 0;
  let cut = 0;
  if (url.length > 0 && (isSpace(url.charCodeAt(0)) || isSpace(url.charCodeAt(url.length - 1)))) {
    while (lead < url.length && isSpace(url.charCodeAt(lead))) lead++;
    url = url.replace(STRIP, '');
  }
  if (TAB_NEWLINE.test(url)) url = url.replace(TAB_NEWLINE_G, '');
  if (url.length > 0 && !HAS_SCHEME.test(url)) {
    url = `http://${url}`;
    added = 7;
  }
  const multi = url.charCodeAt(0) === 0x68 ? MULTIPLE_PROTOCOLS.exec(url) : null;
  if (multi !== null && multi[0].length > 8) {
    cut = multi[0].lastIndexOf('http');
    url = url.slice(cut);
  }
  const at = (i: number): number => inputIndex(input, url.length > 0 && hasNonAscii(input), lead, Math.max(0, i + cut - added));
  const m = RFC2396.exec(url)!;
  const scheme = m[1] ?? '';
  let netloc = m[2] ?? '';
  const path = m[3] ?? '';
  const query = m[4] ?? '';
  const fragment = m[5] ?? '';
  if (scheme.length === 0) {
    throw new UriError(
      'INVALID_SCHEME',
      input.length,
      input,
      `${WHO}: the URL is ${input.length === 0 ? 'empty' : 'only whitespace'}, so it has no scheme at index ${input.length} (the surt package fails on it with AttributeError)`,
    );
  }
  if (netloc.endsWith(':')) netloc = netloc.replace(/:+$/, '');
  // SplitResultBytes._hostinfo, .port and .hostname
  const hostinfoAt = scheme.length + 3 + netloc.lastIndexOf('@') + 1;
  const hostinfo = netloc.slice(netloc.lastIndexOf('@') + 1);
  let hostname: string;
  let portText: string;
  let portAt: number;
  const open = hostinfo.indexOf('[');
  if (open >= 0) {
    const bracketed = hostinfo.slice(open + 1);
    const close = bracketed.indexOf(']');
    hostname = close < 0 ? bracketed : bracketed.slice(0, close);
    const after = close < 0 ? '' : bracketed.slice(close + 1);
    const colon = after.indexOf(':');
    portText = colon < 0 ? '' : after.slice(colon + 1);
    portAt = hostinfoAt + open + 1 + close + 1 + colon + 1;
  } else {
    const colon = hostinfo.indexOf(':');
    hostname = colon < 0 ? hostinfo : hostinfo.slice(0, colon);
    portText = colon < 0 ? '' : hostinfo.slice(colon + 1);
    portAt = hostinfoAt + colon + 1;
  }
  let port: number | null = null;
  if (portText.length > 0) {
    const bad = portText.search(/[^0-9]/);
    if (bad >= 0) {
      const i = at(portAt + bad);
      throw new UriError(
        'INVALID_PORT',
        i,
        input,
        `${WHO}: the port "${portText}" is not a number: ${JSON.stringify(input[i] ?? '')} at index ${i} (Python's urlsplit raises ValueError)`,
      );
    }
    const n = Number(portText);
    if (n > 65535) {
      const i = at(portAt);
      throw new UriError(
        'INVALID_PORT',
        i,
        input,
        `${WHO}: the port ${portText} at index ${i} is out of range 0-65535 (Python's urlsplit raises ValueError)`,
      );
    }
    port = n === 0 ? null : n;
  }
  let host: string | null = null;
  if (hostname.length > 0) {
    const pct = hostname.indexOf('%');
    host = pct < 0 ? lowerBytes(hostname) : lowerBytes(hostname.slice(0, pct)) + hostname.slice(pct);
  }
  let p: string | null = path.length > 0 ? path : null;
  if (scheme.startsWith('http') && host === null && p !== null) {
    const stripped = p.replace(/^\/+/, '');
    const slash = stripped.indexOf('/');
    host = slash < 0 ? stripped : stripped.slice(0, slash);
    p = `/${slash < 0 ? '' : stripped.slice(slash + 1)}`;
  }
  const q = query.length > 0 ? query : null;
  return {
    scheme,
    host,
    port,
    path: p,
    query: q,
    hash: fragment.length > 0 ? fragment : null,
    lastDelimiter: url.endsWith('?') && q === null ? '?' : null,
  };
}

function escapeOnce(s: string): string {
  return pctEncode(s, ESCAPE_ONCE_SAFE);
}

/** glibc's `inet_aton` on a dotted number (decimal, or octal after a leading 0): the address, or -1. */
function inetAton(host: string): number {
  const parts = host.split('.');
  const vals: number[] = [];
  for (const part of parts) {
    let v: number;
    if (part.length > 1 && part[0] === '0') {
      if (!/^[0-7]+$/.test(part)) return -1;
      v = Number.parseInt(part, 8);
    } else v = Number(part);
    vals.push(v);
  }
  const last = vals[vals.length - 1]!;
  for (let i = 0; i < vals.length - 1; i++) if (vals[i]! > 0xff) return -1;
  const limit = [0xffffffff, 0xffffff, 0xffff, 0xff][vals.length - 1]!;
  if (last > limit) return -1;
  let v = 0;
  for (let i = 0; i < vals.length - 1; i++) v += vals[i]! * 2 ** (24 - 8 * i);
  return v + last;
}

const DECIMAL_IP = /^[1-9][0-9]*(?:\.[0-9]+)?(?:\.[0-9]+)?(?:\.[0-9]+)?$/;
const OCTAL_IP = /^0[0-7]*(?:\.[0-7]+)?(?:\.[0-7]+)?(?:\.[0-7]+)?$/;

function dotted(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/**
 * `attemptIPFormats`: an all-digit host as a 32-bit number (masked), a dotted decimal or octal
 * one as `gethostbyname` reads it (through `inet_aton`; what it cannot read would go to DNS,
 * which answers nothing for such names), or null.
 */
export function attemptIPFormats(host: string): string | null {
  const c = host.charCodeAt(0);
  if (!(c >= 0x30 && c <= 0x39)) return null;
  if (/^[0-9]+$/.test(host)) {
    const n = host.length < 16 ? Number(host) % 2 ** 32 : Number(BigInt(host) & 0xffffffffn);
    return dotted(n);
  }
  if (DECIMAL_IP.test(host) || OCTAL_IP.test(host)) {
    const v = inetAton(host);
    return v < 0 ? null : dotted(v);
  }
  return null;
}

/** `normalizePath` of the Google canonicalizer: dot segments and empty segments but the last. */
function normalizePath(path: string | null): string {
  if (path === null || path.length === 0) return '/';
  // nothing to drop: no dot segment, no empty segment
  if (path.charCodeAt(0) === 0x2f && !path.includes('/.') && !path.includes('//')) return path;
  const parts = path.split('/');
  const kept: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i]!;
    if (p === '.') continue;
    if (p === '..') {
      if (kept.length > 0) kept.pop();
      else kept.push(p);
    } else kept.push(p);
  }
  let out = '/';
  for (let i = 0; i < kept.length - 1; i++) if (kept[i]!.length > 0) out += `${kept[i]}/`;
  if (kept.length > 0) out += kept[kept.length - 1];
  return out;
}

/** `GoogleURLCanonicalizer.canonicalize`. */
export function google(u: HandyUrl): void {
  u.hash = null;
  if (u.query !== null) u.query = escapeOnce(pctDecodeRepeatedly(u.query));
  if (u.host !== null && u.host.length > 0) {
    let host = pctDecodeRepeatedly(u.host);
    if (hasNonAscii(host)) {
      // host.decode('utf-8', 'ignore').encode('idna'), kept as it is where that raises
      const text = decodeIgnore(host);
      const a = idna2003Encode(text);
      if (a !== null) host = toBytes(a, WHO);
    }
    host = host
      .split('..')
      .join('.')
      .replace(/^\.+|\.+$/g, '');
    u.host = attemptIPFormats(host) ?? escapeOnce(lowerBytes(host));
  }
  let path = u.path === null ? null : pctDecodeRepeatedly(u.path);
  if (u.host !== null && u.host.length > 0) path = normalizePath(path);
  u.path = path === null ? null : escapeOnce(path);
}

const PATH_SESSION_IDS = [/^(.*\/)(\((?:[a-z]\([0-9a-z]{24}\))+\)\/)([^?]+\.aspx.*)$/i, /^(.*\/)(\([0-9a-z]{24}\)\/)([^?]+\.aspx.*)$/i];
const QUERY_SESSION_IDS = [
  /^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$/i,
  /^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$/i,
  /^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$/i,
  /^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$/i,
];
/** The fifth pattern, `^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$`, read by cfidMatch in linear time. */
const CFID = /^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$/i;

/** `stripPathSessionID`: ASP.NET session ids before a `.aspx` file. */
export function stripPathSessionId(path: string): string {
  if (!/\.aspx/i.test(path)) return path;
  for (const re of PATH_SESSION_IDS) {
    const m = re.exec(path);
    if (m !== null) path = m[1]! + m[3]!;
  }
  return path;
}

/** `stripQuerySessionID`: the session ids of Java, PHP, ASP and ColdFusion. */
export function stripQuerySessionId(query: string): string {
  if (!/sid|session|cfid/i.test(query)) return query;
  for (const re of QUERY_SESSION_IDS) {
    const m = re.exec(query);
    if (m !== null) query = m[2] ? m[1]! + m[2] : m[1]!;
  }
  const m = query.includes('\n') ? CFID.exec(query) : cfidMatch(query);
  return m === null ? query : m[2] ? m[1]! + m[2] : m[1]!;
}

/**
 * CFID's match without backtracking (the regular expression takes quadratic time on a query of
 * many `cfid=` and one `&cftoken=`): the last `cfid=` that is followed, up to the next `&`, by at
 * least one character, then `&cftoken=` and at least one character up to the next `&` or the end.
 * Groups 1 and 2 as the expression gives them; for a query without a newline, which `.` refuses.
 */
function cfidMatch(query: string): [string, string, string | undefined] | null {
  const lower = query.toLowerCase();
  if (!lower.includes('&cftoken=')) return null;
  // the next "&" at or after each index, scanning once from the end
  const n = lower.length;
  const nextAmp = new Int32Array(n + 1);
  nextAmp[n] = n;
  for (let i = n - 1; i >= 0; i--) nextAmp[i] = lower.charCodeAt(i) === 0x26 ? i : nextAmp[i + 1]!;
  for (let p = lower.lastIndexOf('cfid='); p >= 0; p = p > 0 ? lower.lastIndexOf('cfid=', p - 1) : -1) {
    const v = p + 5;
    const amp = nextAmp[v]!;
    if (amp === v || amp === n || !lower.startsWith('&cftoken=', amp)) continue;
    const t = amp + 9;
    const end = nextAmp[t]!;
    if (end === t) continue;
    return [query.slice(0, p), query.slice(0, p), end === n ? undefined : query.slice(end + 1)];
  }
  return null;
}

/**
 * `alphaReorderQuery`: the `&` parts sorted as Python sorts their `(name, value)` tuples. Each
 * part is its tuple rejoined, so the sorted parts joined are the answer; they are sorted as
 * offsets into `q` and written as slices of it, and `q` itself is the answer when they are in
 * order already.
 */
export function alphaReorderQuery(q: string): string {
  return sortQuery(q, 0, q.length, false)!;
}

/**
 * `alphaReorderQuery` of `s[lo, hi)`, read in place: the one scan passes the lower-case URL and
 * the query's offsets, and a flat string reads faster than a slice of it. Where `session`, null
 * where a part may end in a session id (`sessionIdEnd`), for the caller to take them out first.
 */
function sortQuery(s: string, lo: number, hi: number, session: boolean): string | null {
  let amp = s.indexOf('&', lo);
  if (amp >= hi) amp = -1;
  if (hi - lo <= 1 || amp < 0) return session && sessionIdEnd(s, lo, hi) ? null : span(s, lo, hi);
  let n = 0;
  // no `=` is looked for: compareArgs meets it as it compares
  for (let from = lo; ; from = amp + 1, amp = s.indexOf('&', from)) {
    if (amp >= hi) amp = -1;
    const to = amp < 0 ? hi : amp;
    if (session && sessionIdEnd(s, from, to)) return null;
    n = addPart(n, from, to, to);
    if (amp < 0) break;
  }
  if (!(n <= INSERTION_MAX ? sortArgs(n, s) : sortParts(n, s, compareArgs))) return span(s, lo, hi);
  const { start, end, order } = parts;
  const first = order[0]!;
  let out = s.slice(start[first]!, end[first]!);
  for (let k = 1; k < n; k++) {
    const p = order[k]!;
    const from = start[p]!;
    // a part after the first of the query is cut with the `&` before it: one string, not two
    out += from > lo ? s.slice(from - 1, end[p]!) : `&${s.slice(lo, end[p]!)}`;
  }
  return out;
}

/**
 * Whether the `&` part `q[from, to)` of a lower-case query may hold the end of a session id of
 * `stripQuerySessionID`, which each of its patterns needs somewhere for a match: each id is
 * followed by a `&` or the query's end, so it ends a part, and its value's length is fixed:
 * `jsessionid=`, `phpsessid=` or `sid=` and 32 characters (a `=` 33 from the part's end, after
 * `sid`, `nid`), or `aspsessionid`, 8 letters, `=` and 24 letters (a `=` 25 from the end, the
 * `d` of `sessionid` 34 from it); the ColdFusion pair's `&cftoken=` starts a part. A test of a
 * few characters a part, in the scan that cuts the parts (a search of the query for `id` cost
 * more than that scan).
 */
function sessionIdEnd(q: string, from: number, to: number): boolean {
  const len = to - from;
  if (len >= 8 && q.charCodeAt(from) === 0x63 && q.startsWith('cftoken=', from)) return true;
  if (len < 36) return false;
  if (q.charCodeAt(to - 33) === 0x3d) {
    if (q.charCodeAt(to - 34) === 0x64 && q.charCodeAt(to - 35) === 0x69) {
      const c = q.charCodeAt(to - 36);
      if (c === 0x73 || c === 0x6e || c === 0x66) return true;
    }
  }
  return len >= 45 && q.charCodeAt(to - 25) === 0x3d && q.charCodeAt(to - 34) === 0x64;
}

/** `s[lo, hi)`: `s` itself when that is all of it (alphaReorderQuery's answer for a query in order). */
function span(s: string, lo: number, hi: number): string {
  return lo === 0 && hi === s.length ? s : s.slice(lo, hi);
}

/**
 * `parts.order` set to the `n` parts of `q` in the order of `compareArgs` by insertion sort (as
 * `sortParts` sorts up to INSERTION_MAX parts); false where they were in order already. A copy
 * of its loop that calls `compareArgs` directly: called through `sortParts`, which w3lib's
 * queries share, the comparison is not inlined (the sort took 35% longer with both in use).
 */
function sortArgs(n: number, q: string): boolean {
  const order = parts.order;
  let moved = false;
  for (let k = 0; k < n; k++) {
    let j = k;
    for (; j > 0 && compareArgs(q, order[j - 1]!, k) > 0; j--) order[j] = order[j - 1]!;
    if (j !== k) moved = true;
    order[j] = k;
  }
  return moved;
}

/**
 * Python's order of `tuple(arg.split('=', 1))` of the parts `a` and `b` of `q`: by name, a
 * 1-tuple before a 2-tuple of the same name, then by value. One walk over both parts: while in
 * the names, a `=` or the end of a part ends its name (a name that ends first, or a part without
 * a value beside one with it, comes first); past a `=` at the same place in both, the values
 * compare as strings.
 */
function compareArgs(q: string, a: number, b: number): number {
  const { start, end } = parts;
  const ta = end[a]!;
  const tb = end[b]!;
  let i = start[a]!;
  let j = start[b]!;
  for (; ; i++, j++) {
    if (i === ta) return j === tb ? 0 : -1;
    if (j === tb) return 1;
    const ca = q.charCodeAt(i);
    const cb = q.charCodeAt(j);
    if (ca !== cb) return ca === 0x3d ? -1 : cb === 0x3d ? 1 : ca - cb;
    if (ca === 0x3d) break;
  }
  for (i++, j++; ; i++, j++) {
    if (i === ta) return j === tb ? 0 : -1;
    if (j === tb) return 1;
    const d = q.charCodeAt(i) - q.charCodeAt(j);
    if (d !== 0) return d;
  }
}

/** `massageHost`: a leading `www.`, `www2.`, … off. */
export function massageHost(host: string): string {
  if (!host.startsWith('www')) return host;
  let i = 3;
  while (i < host.length && host.charCodeAt(i) >= 0x30 && host.charCodeAt(i) <= 0x39) i++;
  return host.charCodeAt(i) === 0x2e ? host.slice(i + 1) : host;
}

/** `getDefaultPort`: 80 for http, 443 for https, else 0. */
export function defaultPort(scheme: string): number {
  const s = lowerBytes(scheme);
  return s === 'http' ? 80 : s === 'https' ? 443 : 0;
}

/** `hostToSURT`: the dotted parts reversed and joined by commas (an IPv4 address kept unless `reverseIp`). */
export function hostToSurt(host: string, reverseIp: boolean): string {
  if (!reverseIp && /^(?:[0-9]{1,3}\.){3}[0-9]{1,3}$/.test(host)) return host;
  let out = '';
  let end = host.length;
  for (let i = end - 1; i >= -1; i--) {
    if (i >= 0 && host.charCodeAt(i) !== 0x2e) continue;
    out += out.length > 0 || end < host.length ? `,${host.slice(i + 1, end)}` : host.slice(i + 1, end);
    end = i;
  }
  return out;
}

/** `IAURLCanonicalizer.canonicalize` with its defaults, `host_massage` as given. */
export function ia(u: HandyUrl, hostMassage: boolean): void {
  if (u.host !== null && u.host.length > 0) {
    u.host = lowerBytes(u.host);
    if (hostMassage && u.scheme !== 'dns') u.host = massageHost(u.host);
  }
  if (u.scheme !== null && u.scheme.length > 0) {
    if (u.port === defaultPort(u.scheme)) u.port = null;
  }
  let path = u.path;
  if (path !== null && path.length > 0) {
    path = stripPathSessionId(lowerBytes(path));
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  }
  u.path = path;
  let query = u.query;
  if (query !== null && query.length > 0) {
    query = alphaReorderQuery(lowerBytes(stripQuerySessionId(query)));
    u.query = query.length === 0 ? null : query;
  } else u.lastDelimiter = null;
}

/** `handyurl.geturl_bytes`. */
export function write(u: HandyUrl, surtForm: boolean, o: SurtOptions): string {
  let host = u.host;
  if (host !== null && host.length > 0 && surtForm) host = hostToSurt(host, o.reverseIpaddr !== false);
  const hasHost = host !== null && host.length > 0;
  const withScheme = surtForm ? o.withScheme === true : true;
  let s: string;
  if (withScheme) {
    s = `${u.scheme}:`;
    if (hasHost) {
      if (u.scheme !== 'dns') s += '//';
      if (surtForm) s += '(';
    }
  } else s = hasHost ? '' : `${u.scheme}:`;
  if (hasHost) {
    s += host;
    if (u.port !== null) s += `:${u.port}`;
    if (surtForm) s += o.trailingComma === true ? ',)' : ')';
  }
  if (u.path !== null && u.path.length > 0) s += u.path;
  else if (u.query !== null || u.hash !== null) s += '/';
  if (u.query !== null) s += `?${u.query}`;
  if (u.hash !== null) s += `#${u.hash}`;
  if (u.lastDelimiter !== null) s += u.lastDelimiter;
  return s;
}

/**
 * The Internet Archive's canonical form of `url` (`handyurl.parse`, the Google and IA rules,
 * written with its scheme), as the `surt` package computes it.
 */
export function iaCanonicalize(url: string): string {
  const u = parseHandy(toBytes(url, WHO), url);
  google(u);
  ia(u, true);
  return write(u, false, {});
}

/** The run of a path of the common shape: what `escapeOnce` keeps but `?` and `#`, and `%` (sticky). */
const PATH_RUN = /[A-Za-z0-9_.~!"$&'()*+,/:;<=>@[\\\]^`{|}%-]*/y;
/**
 * The path run of PATH_RUN whose escapes are all of bytes that `escapeOnce` escapes, in either
 * case (sticky): where it reaches the path's end, lowering is all the Google rules change.
 */
const PATH_KEPT =
  /[A-Za-z0-9_.~!"$&'()*+,/:;<=>@[\\\]^`{|}-]*(?:%(?:[01][0-9a-fA-F]|2[03]|7[fF]|[89a-fA-F][0-9a-fA-F])[A-Za-z0-9_.~!"$&'()*+,/:;<=>@[\\\]^`{|}-]*)*/y;
/** PATH_KEPT without upper case, in letters and in the escapes' hex digits (sticky). */
const PATH_KEPT_LOWER =
  /[a-z0-9_.~!"$&'()*+,/:;<=>@[\\\]^`{|}-]*(?:%(?:[01][0-9a-f]|2[03]|7f|[89a-f][0-9a-f])[a-z0-9_.~!"$&'()*+,/:;<=>@[\\\]^`{|}-]*)*/y;
/** The same for a query, which may hold `?`. */
const QUERY_RUN = /[A-Za-z0-9_.~!"$&'()*+,/:;<=>?@[\\\]^`{|}%-]*/y;
/**
 * The query run of QUERY_RUN whose escapes are all of bytes that `escapeOnce` escapes, in either
 * case (sticky): where it reaches the query's end, lowering is all the Google rules change.
 */
const QUERY_KEPT =
  /[A-Za-z0-9_.~!"$&'()*+,/:;<=>?@[\\\]^`{|}-]*(?:%(?:[01][0-9a-fA-F]|2[03]|7[fF]|[89a-fA-F][0-9a-fA-F])[A-Za-z0-9_.~!"$&'()*+,/:;<=>?@[\\\]^`{|}-]*)*/y;

/** QUERY_KEPT without upper case, in letters and in the escapes' hex digits (sticky). */
const QUERY_KEPT_LOWER =
  /[a-z0-9_.~!"$&'()*+,/:;<=>?@[\\\]^`{|}-]*(?:%(?:[01][0-9a-f]|2[03]|7f|[89a-f][0-9a-f])[a-z0-9_.~!"$&'()*+,/:;<=>?@[\\\]^`{|}-]*)*/y;

/**
 * What sends a lower-case path of the common shape to the full rules: a dot or empty segment,
 * or a `/(`, which both patterns of `stripPathSessionID` need before their `.aspx` (so that most
 * ASP.NET pages stay on the one scan).
 */
const PATH_OUT = /\/\.\.?(?:\/|$)|\/[/(]/;

/**
 * One pass of `unescapeRepeatedly` over the lower-case `s`, and the escaping and lower-casing
 * after it, for what that pass decodes: each escape of a byte that `escapeOnce` keeps becomes
 * that byte in lower case; the escapes of the bytes it escapes (controls, space, `#`, DEL and
 * every byte above it) stay as they are (decoded, such a byte can neither start an escape nor be
 * read as a digit of one, so leaving it escaped changes no later pass); the runs between them
 * stay slices of `s`. Where `once`, null at a `%25` or a `%` that starts no escape, where one
 * pass would not do. (The escapes are found with `indexOf`: a sticky expression over the runs
 * between them cost more, as most queries that get here decode one escape after another.)
 */
function recodePass(s: string, lo: number, hi: number, once: boolean): string | null {
  let out = '';
  let from = lo;
  let i = s.indexOf('%', lo);
  while (i >= 0 && i < hi) {
    const h = i + 2 < hi ? hexValue(s.charCodeAt(i + 1)) : -1;
    const l = h < 0 ? -1 : hexValue(s.charCodeAt(i + 2));
    const b = (h << 4) | l;
    if (l < 0) {
      if (once) return null;
      i = s.indexOf('%', i + 1);
      continue;
    }
    if (b === 0x25 && once) return null;
    if (!(b <= 0x20 || b === 0x23 || b >= 0x7f)) {
      out += from === i ? LOWER_CHARS[b]! : s.slice(from, i) + LOWER_CHARS[b]!;
      from = i + 3;
    }
    i += 3;
    // escapes often come one after another (`%3a%2f%2f`): the next is read without a search
    if (i < hi && s.charCodeAt(i) !== 0x25) i = s.indexOf('%', i);
  }
  return from === lo ? span(s, lo, hi) : out + s.slice(from, hi);
}

/**
 * What `escapeOnce(unescapeRepeatedly(s[lo, hi)))` and then lower-casing make of the lower-case
 * `s[lo, hi)`, or null where one pass would not do.
 */
function recodeLower(s: string, lo: number, hi: number): string | null {
  return recodePass(s, lo, hi, true);
}

/**
 * The same where `recodeLower` gives up (a `%25`, a stray `%`): passes until one changes
 * nothing, then each `%` that starts no escape escaped. (The reference decodes every escape
 * each pass and escapes every byte of a long UTF-8 text again at the end.)
 */
function recodeLowerRepeatedly(s: string): string {
  for (;;) {
    const d = recodePass(s, 0, s.length, false)!;
    if (d === s) return s.includes('%') ? s.replace(STRAY_PCT, '%25') : s;
    s = d;
  }
}
/** A `%` that starts no escape. */
const STRAY_PCT = /%(?![0-9a-f]{2})/g;

/** Each byte that `escapeOnce` keeps as a one-character string, in lower case. */
const LOWER_CHARS: readonly string[] = Array.from({ length: 128 }, (_, b) => String.fromCharCode(b >= 0x41 && b <= 0x5a ? b | 0x20 : b));

/**
 * The heads of SURT keys (`com,example)`, `http://(com,example,:8080)`) by the authority in lower
 * case and the options: a crawl meets few hosts, many times. A direct-mapped table keyed by a
 * hash taken while the authority is scanned, so that a hit neither allocates nor hashes again;
 * 1,024 hashes (a host of the long_urls corpus, 169 hosts, missed often among 128).
 */
const HEAD_SURT: string[] = new Array(8192).fill('');
/**
 * The scheme and authority in lower case each head was made from, and their length: a hit is
 * found by comparing one slice of the URL with it, which V8 does natively (a comparison in
 * JavaScript, a character at a time, cost twice as much).
 */
const HEAD_AUTH: string[] = new Array(8192).fill('');
const HEAD_LENGTH = new Int32Array(8192);

/**
 * For the characters of a host of the common shape, their lower case; 0 for any other. Beside
 * letters, digits, `-` and `.`, what `escapeOnce` keeps and no step of the parse or the rules
 * reads in a host (`_`, `"`, the sub-delimiters: `https://"www.pcmag.com/` is in a bench corpus).
 */
const HOST_LOWER = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  HOST_LOWER[c] = /[a-z0-9._~"!$&'()*+,;=-]/.test(ch) ? c : /[A-Z]/.test(ch) ? c | 0x20 : 0;
}

/** The offsets of the dots of the host being read by fastSurt, for its head. */
const DOTS = new Int32Array(64);

/**
 * The head of the key for the lower-case `low[0, to)`: scheme, `://`, host from `from` with its
 * `dots` dots at DOTS, then `:port` if `portAt` > 0; null to take the full rules. The labels are
 * cut from `low` by the offsets the scan took (`hostToSurt` of the host after `massageHost`).
 */
function headOf(
  low: string,
  from: number,
  to: number,
  portAt: number,
  defaultPort: number,
  o: SurtOptions,
  dots: number,
  slot: number,
): string | null {
  let end = portAt > 0 ? portAt : to;
  // massageHost: `www`, `www2`, … and its dot off; a host of the common shape does not end with
  // a dot, so some label follows
  let first = 0;
  if (o.hostMassage !== false && dots > 0 && isWww(low, from, DOTS[0]!)) first = 1;
  let host = '';
  for (let k = dots - 1; k >= first; k--) {
    const dot = DOTS[k]!;
    host += host.length > 0 ? `,${low.slice(dot + 1, end)}` : low.slice(dot + 1, end);
    end = dot;
  }
  const start = first === 0 ? from : DOTS[0]! + 1;
  host += host.length > 0 ? `,${low.slice(start, end)}` : low.slice(start, end);
  let port = '';
  if (portAt > 0) {
    const p = Number(low.slice(portAt + 1, to));
    if (p > 65535) return null;
    if (p !== 0 && p !== defaultPort) port = `:${p}`;
  }
  const head = `${o.withScheme === true ? `${low.slice(0, from)}(` : ''}${host}${port}${o.trailingComma === true ? ',)' : ')'}`;
  if (slot >= 0) {
    HEAD_AUTH[slot] = low.slice(0, to);
    HEAD_LENGTH[slot] = to;
    HEAD_SURT[slot] = head;
  }
  return head;
}

/** Whether `low[from, dot)` is `www` and digits, as `massageHost` takes it off. */
function isWww(low: string, from: number, dot: number): boolean {
  if (dot - from < 3 || low.charCodeAt(from) !== 0x77 || low.charCodeAt(from + 1) !== 0x77 || low.charCodeAt(from + 2) !== 0x77)
    return false;
  for (let k = from + 3; k < dot; k++) {
    const c = low.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Whether `url[from, to)`, a host of the common shape, holds something other than digits and
 * dots: `attemptIPFormats` reads a host of digits and dots as an IPv4 address, and keeps any other.
 */
function named(url: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = url.charCodeAt(k);
    if (c !== 0x2e && !(c >= 0x30 && c <= 0x39)) return true;
  }
  return false;
}

/** Where the host starts after `http://` (7) or `https://` (8) at the start of `url`; 0 for any other start. */
function httpPrefix(url: string): number {
  if (
    url.length < 8 ||
    url.charCodeAt(0) !== 0x68 ||
    url.charCodeAt(1) !== 0x74 ||
    url.charCodeAt(2) !== 0x74 ||
    url.charCodeAt(3) !== 0x70
  )
    return 0;
  const i = url.charCodeAt(4) === 0x73 ? 5 : 4;
  return url.charCodeAt(i) === 0x3a && url.charCodeAt(i + 1) === 0x2f && url.charCodeAt(i + 2) === 0x2f ? i + 3 : 0;
}

/** A scheme of the common shape, in lower case, and its `:` (sticky). */
const SCHEME = /[a-z][a-z0-9+.-]*:/y;

/**
 * The common shape, `scheme://host[:port][/path][?query][#fragment]` with a lower-case scheme
 * (not `dns`, which keeps its `www`), a host of dotted labels (not of digits alone) and nothing
 * in path or query that a rule would change but case, escapes, order, session ids and a trailing
 * slash, or the same without a host (`fastNoHost`): the SURT key in one scan. Null for anything
 * else (the full rules).
 *
 * Everything the key keeps of such a URL is in lower case (the IA rules lower host, path and
 * query after the Google rules have decoded and escaped them), so the key is cut from the URL
 * lowered once, or from the URL itself where the scan met no upper case (most URLs: lowering
 * copies the URL); its characters are checked on the URL itself, so that no character whose
 * lower case is ASCII (the Kelvin sign) passes for a letter.
 */
export function fastSurt(url: string, o: SurtOptions): string | null {
  let i = httpPrefix(url);
  let defaultPort = i === 7 ? 80 : 443;
  if (i === 0) {
    SCHEME.lastIndex = 0;
    if (!SCHEME.test(url)) return null;
    const colon = SCHEME.lastIndex - 1;
    // http-like schemes take their host from the path where the authority is empty, and `dns`
    // keeps its `www`: the full rules
    if (url.startsWith('http') || (colon === 3 && url.startsWith('dns'))) return null;
    if (!url.startsWith('//', colon + 1)) return fastNoHost(url, colon, colon + 1);
    if (url.charCodeAt(colon + 3) === 0x2f) return fastNoHost(url, colon, colon + 3);
    i = colon + 3;
    defaultPort = 0;
  }
  const n = url.length;
  const hostStart = i;
  let c = url.charCodeAt(i);
  let l = c < 0x80 ? HOST_LOWER[c]! : 0;
  if (l === 0 || l === 0x2e) return null;
  // a host that starts with a digit may be an IPv4 address (attemptIPFormats)
  const digitFirst = l <= 0x39 && l >= 0x30;
  // a long URL is lowered whatever the scan meets: most hold upper case (85% of long_urls), and
  // a second pass after the first upper case cost them more than lowering saved the others
  let upper = c !== l || n > LAZY_LOWER_MAX;
  let dots = 0;
  let dot = false;
  let hash = l;
  for (i++; i < n; i++) {
    c = url.charCodeAt(i);
    l = c < 0x80 ? HOST_LOWER[c]! : 0;
    if (l === 0) break;
    if (l === 0x2e) {
      if (dot || dots === DOTS.length) return null;
      DOTS[dots++] = i;
      dot = true;
    } else {
      dot = false;
      if (c !== l) upper = true;
    }
    hash = (Math.imul(hash, 31) + l) | 0;
  }
  if (dot || (digitFirst && !named(url, hostStart, i))) return null;
  let portAt = 0;
  if (i < n && c === 0x3a) {
    portAt = i;
    for (i++; i < n && (c = url.charCodeAt(i)) >= 0x30 && c <= 0x39; i++) hash = (Math.imul(hash, 31) + c) | 0;
    if (i === portAt + 1 || i - portAt > 6) return null;
  }
  const authEnd = i;
  // the path's end, and whether it has an escape to decode
  let pathEnd = i;
  let pathDecode = false;
  if (i < n && url.charCodeAt(i) === 0x2f) {
    if (!upper) {
      PATH_KEPT_LOWER.lastIndex = i;
      PATH_KEPT_LOWER.test(url);
      i = PATH_KEPT_LOWER.lastIndex;
      c = url.charCodeAt(i);
    }
    if (upper || (i < n && c !== 0x3f && c !== 0x23)) {
      // upper case, an escape to decode, or a character that sends the URL to the full rules
      upper = true;
      PATH_KEPT.lastIndex = i;
      PATH_KEPT.test(url);
      i = PATH_KEPT.lastIndex;
      if (url.charCodeAt(i) === 0x25) {
        // an escape to decode, a `%25` or a stray `%`: the run's end
        pathDecode = true;
        PATH_RUN.lastIndex = i;
        PATH_RUN.test(url);
        i = PATH_RUN.lastIndex;
      }
    }
    pathEnd = i;
  }
  let query = 0;
  if (i < n) {
    c = url.charCodeAt(i);
    if (c === 0x3f) {
      query = scanQuery(url, i, upper);
      if (query < 0) return null;
    } else if (c !== 0x23) return null;
  }
  const low = upper || (query & QUERY_UPPER) !== 0 ? url.toLowerCase() : url;
  let path = '/';
  if (pathEnd > authEnd) {
    let p = low.slice(authEnd, pathEnd);
    // the Google rules' unescapeRepeatedly and escapeOnce
    if (pathDecode) p = recodeLower(p, 0, p.length) ?? recodeLowerRepeatedly(p);
    // a dot segment, an empty one or a `/(` (an ASP.NET session id may follow), as the URL has
    // them or as decoding made them: the full rules
    if (PATH_OUT.test(p)) return null;
    if (p.length > 1 && p.charCodeAt(p.length - 1) === 0x2f) p = p.slice(0, -1);
    path = p;
  }
  const slot = ((hash & 1023) << 3) | (defaultPort === 443 ? 4 : 0) | (o.withScheme === true ? 2 : 0) | (o.trailingComma === true ? 1 : 0);
  const head =
    o.hostMassage !== false && HEAD_LENGTH[slot] === authEnd && HEAD_AUTH[slot] === low.slice(0, authEnd)
      ? HEAD_SURT[slot]!
      : headOf(low, hostStart, authEnd, portAt, defaultPort, o, dots, o.hostMassage !== false ? slot : -1);
  if (head === null) return null;
  if (query === 0) return head + path;
  const q = queryKey(low, pathEnd + 1, query >> 2, (query & QUERY_DECODE) !== 0);
  return q.length > 0 ? `${head}${path}?${q}` : head + path;
}

/** Up to this length, fastSurt lowers a URL only where it met upper case. */
const LAZY_LOWER_MAX = 100;

/** In scanQuery's answer: the query has an escape to decode. */
const QUERY_DECODE = 2;
/** In scanQuery's answer: the query may hold upper case. */
const QUERY_UPPER = 1;

/**
 * The query of `url` whose `?` is at `at`, read: where it ends (at the end or a `#`) times 4,
 * plus QUERY_DECODE and QUERY_UPPER as they apply; -1 for the full rules, where something other
 * than a fragment follows where `QUERY_RUN` stops. Where `upper`, the URL is lowered whatever
 * the query holds, and the query is read in one pass that allows upper case.
 */
function scanQuery(url: string, at: number, upper: boolean): number {
  const n = url.length;
  let i = at + 1;
  if (!upper) {
    QUERY_KEPT_LOWER.lastIndex = i;
    QUERY_KEPT_LOWER.test(url);
    i = QUERY_KEPT_LOWER.lastIndex;
    if (i === n || url.charCodeAt(i) === 0x23) return i * 4;
  }
  let flags = QUERY_UPPER;
  QUERY_KEPT.lastIndex = i;
  QUERY_KEPT.test(url);
  i = QUERY_KEPT.lastIndex;
  if (url.charCodeAt(i) === 0x25) {
    // an escape to decode, a `%25` or a stray `%`: the run's end
    flags |= QUERY_DECODE;
    QUERY_RUN.lastIndex = i;
    QUERY_RUN.test(url);
    i = QUERY_RUN.lastIndex;
  }
  return i === n || url.charCodeAt(i) === 0x23 ? i * 4 + flags : -1;
}

/**
 * The key's form of the query `low[from, to)` (`low` in lower case where the query had upper
 * case): decoded and escaped by the Google rules where `decode`, its session ids taken out, sorted
 * by the IA rules; empty where nothing is left.
 */
function queryKey(low: string, from: number, to: number, decode: boolean): string {
  if (from === to) return '';
  let q = low;
  if (decode) {
    q = recodeLower(low, from, to) ?? recodeLowerRepeatedly(low.slice(from, to));
    from = 0;
    to = q.length;
  }
  const sorted = sortQuery(q, from, to, true);
  if (sorted !== null) return sorted;
  // a session id may end a part: the patterns, which ignore case, find the same ids in the
  // lower-case query
  const stripped = stripQuerySessionId(q.slice(from, to));
  return sortQuery(stripped, 0, stripped.length, false)!;
}

/**
 * The key of a URL without a host, `scheme:path[?query][#fragment]` with the path from `from`
 * (`file:///home/a.txt`, `urn:isbn:0451450523`), for a scheme that is not http-like: the key is
 * the scheme and `:`, then path and query as the Google and IA rules make them (without a host
 * the Google rules leave dot segments and empty ones in place). Null for the full rules: an
 * empty path, a character outside the common shape, an ASP.NET session id in the path.
 */
function fastNoHost(url: string, colon: number, from: number): string | null {
  PATH_RUN.lastIndex = from;
  PATH_RUN.test(url);
  const i = PATH_RUN.lastIndex;
  if (i === from) return null;
  let query = 0;
  if (i < url.length) {
    const c = url.charCodeAt(i);
    if (c === 0x3f) {
      query = scanQuery(url, i, true);
      if (query < 0) return null;
    } else if (c !== 0x23) return null;
  }
  const low = url.toLowerCase();
  let p = low.slice(from, i);
  if (p.includes('%')) p = recodeLower(p, 0, p.length) ?? recodeLowerRepeatedly(p);
  if (p.includes('/(') && p.includes('.aspx')) return null;
  if (p.length > 1 && p.charCodeAt(p.length - 1) === 0x2f) p = p.slice(0, -1);
  const head = low.slice(0, colon + 1);
  if (query === 0) return head + p;
  const q = queryKey(low, i + 1, query >> 2, (query & QUERY_DECODE) !== 0);
  return q.length > 0 ? `${head}${p}?${q}` : head + p;
}

/**
 * The SURT key of `url` as the `surt` package's `surt()` writes it: `-` for an empty URL, a
 * `filedesc` line unchanged.
 */
export function surtKey(url: string, o: SurtOptions = NO_OPTIONS): string {
  if (url.length === 0) return '-';
  if (url.charCodeAt(0) === 0x66 && url.startsWith('filedesc')) return url;
  const fast = fastSurt(url, o);
  if (fast !== null) return fast;
  const u = parseHandy(toBytes(url, WHO), url);
  google(u);
  ia(u, o.hostMassage !== false);
  return write(u, true, o);
}

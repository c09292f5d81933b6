/**
 * The `w3lib` profile: w3lib 2.1's `canonicalize_url` with its defaults (Scrapy's request
 * fingerprints), over Python 3.11's `urlparse`, `quote`, `parse_qsl` and `urlencode`, whose
 * behaviour it inherits: the query split at `&` and `;` and sorted by bytes, `+` and spaces as
 * `+`, the path decoded and re-encoded but for `%2F` and `%3F`, the fragment dropped, the host
 * through IDNA 2003.
 */
import { UriError } from '../syntax/errors.js';
import {
  hasLoneSurrogate,
  hasNonAscii,
  hexValue,
  inputIndex,
  lowerBytes,
  pctByte,
  pctDecode,
  pctEncode,
  recode,
  safeTable,
  toBytes,
} from './bytes.js';
import { idna2003Encode } from './idna2003.js';
import { isPythonIpAddress } from './ip.js';
import { addPart, parts, sortParts } from './parts.js';

const ALWAYS_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~';
const RESERVED = ":/?#[]@!$&'()*+,;=";
/** Python's `quote` keeps these with w3lib's `_safe_chars` (reserved, unreserved, `|`, `%`). */
const SAFE = safeTable(`${ALWAYS_SAFE}${RESERVED}|%`);
/** `_path_safe_chars`: the same without `#`. */
const PATH_SAFE = safeTable(`${ALWAYS_SAFE}${RESERVED.replace('#', '')}|%`);
/** PATH_SAFE without `/` and `?`: `_unquotepath` keeps `%2F` and `%3F` escaped. */
const PATH_SAFE_BUT_SLASH_QUESTION = safeTable(`${ALWAYS_SAFE}${RESERVED.replace(/[#/?]/g, '')}|%`);
/** `quote_plus(…, safe='')`: letters, digits and `_.-~`, space as `+`. */
const PLUS_SAFE = safeTable(`${ALWAYS_SAFE} `);

/** Python's `uses_params`: the schemes whose last path segment has `;params` split off. */
const USES_PARAMS = new Set([
  '',
  'ftp',
  'hdl',
  'prospero',
  'http',
  'imap',
  'https',
  'shttp',
  'rtsp',
  'rtspu',
  'sip',
  'sips',
  'mms',
  'sftp',
  'tel',
]);
/** Python's `uses_netloc`: the schemes `urlunsplit` writes `//` for even without a host. */
const USES_NETLOC = new Set([
  '',
  'ftp',
  'http',
  'gopher',
  'nntp',
  'telnet',
  'imap',
  'wais',
  'file',
  'mms',
  'https',
  'shttp',
  'snews',
  'prospero',
  'rtsp',
  'rtspu',
  'rsync',
  'svn',
  'svn+ssh',
  'sftp',
  'nfs',
  'git',
  'git+ssh',
  'ws',
  'wss',
]);

/**
 * The common shape, `scheme://host/path?query#fragment` in ASCII (the host may be empty), with no `;` in the path,
 * no brackets or whitespace in the host and nothing that `quote` would encode: what is left to do
 * is case, the empty path and the query's order.
 */
const FAST =
  /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#[\]\x00-\x20\x7f-\uffff]*)(\/[A-Za-z0-9_.~:/[\]@!$&'()*+,=|%-]*)?(?:\?([A-Za-z0-9_.~:/?[\]@!$&'()*+,;=|%-]*))?(?:#|$)/;
const STRIP = /^[\x00-\x20]+|[\x00-\x20]+$/g;
const TAB_NEWLINE = /[\t\n\r]/g;
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*:/;
const WHO = "canonicalize(…, 'w3lib')";

/** The error w3lib raises for a host, at index `at` of `url`. */
function fail(url: string, at: number, what: string): never {
  throw new UriError('INVALID_HOST', at, url, `${WHO}: ${what} at index ${at} (Python's urlsplit raises ValueError on it)`);
}

/**
 * Python 3.11's `_check_bracketed_netloc`; `at` maps an index of `netloc` to one of the input
 * `url`, which the errors name.
 */
function checkBracketed(url: string, netloc: string, at: (i: number) => number): void {
  const hostPortAt = netloc.lastIndexOf('@') + 1;
  const hostPort = netloc.slice(hostPortAt);
  const open = hostPort.indexOf('[');
  let host: string;
  let hostAt = hostPortAt;
  if (open >= 0) {
    if (open > 0) fail(url, at(hostPortAt), 'text before "[" in the host');
    const bracketed = hostPort.slice(open + 1);
    const close = bracketed.indexOf(']');
    host = close < 0 ? bracketed : bracketed.slice(0, close);
    hostAt = hostPortAt + 1;
    const port = close < 0 ? '' : bracketed.slice(close + 1);
    if (port.length > 0 && port[0] !== ':') fail(url, at(hostPortAt + 1 + close + 1), 'text after "]" that is not a port');
  } else {
    const colon = hostPort.indexOf(':');
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
  }
  if (host.startsWith('v')) {
    if (!/^v[a-fA-F0-9]+\..+$/s.test(host)) fail(url, at(hostAt), `an invalid IPvFuture address "${host}"`);
  } else {
    const kind = isPythonIpAddress(host);
    if (kind === 0)
      fail(
        url,
        at(hostAt),
        open >= 0
          ? `"${host}" in brackets is not an IP address`
          : `the host "${host}" is not an IP address, and brackets are in the host part`,
      );
    if (kind === 4) fail(url, at(hostAt), `an IPv4 address "${host}" in brackets`);
  }
}

/**
 * Python 3.11's `_checknetloc`: a non-ASCII host that NFKC turns into a delimiter is refused;
 * the error names the first character whose NFKC form holds one.
 */
function checkNetloc(url: string, netloc: string, at: (i: number) => number): void {
  if (!hasNonAscii(netloc)) return;
  const n = netloc.replace(/[@:#?]/g, '');
  const nfkc = n.normalize('NFKC');
  if (n === nfkc || !/[/?#@:]/.test(nfkc)) return;
  let i = 0;
  for (const ch of netloc) {
    if (/[/?#@:]/.test(ch.normalize('NFKC')) && !/[@:#?]/.test(ch)) break;
    i += ch.length;
  }
  fail(
    url,
    at(i < netloc.length ? i : 0),
    `the host "${netloc}" holds ${JSON.stringify(netloc[i] ?? '')}, which NFKC turns into a delimiter,`,
  );
}

/** `quote(text.encode('utf8'), safe)`; a lone surrogate throws, named at its index in `input`. */
function quote(text: string, safe: Uint8Array, input: string): string {
  if (!hasNonAscii(text)) return pctEncode(text, safe);
  // the error names the index in the whole input: the part's own lone surrogate is one of them
  return pctEncode(toBytes(hasLoneSurrogate(text) ? input : text, WHO), safe);
}

/**
 * w3lib's `parse_qsl_to_bytes(query, keep_blank_values=True)`, sorted, then `urlencode`: the
 * parts between `&` and `;` (empty ones dropped), sorted by their decoded name and value, each
 * written as `quote_plus(name)=quote_plus(value)`. The parts are sorted as offsets into the text,
 * decoded as they are compared, and written from slices of it; the query itself is the answer
 * where nothing changes.
 */
function sortQuery(q: string): string {
  const len = q.length;
  if (len === 0) return '';
  // the usual query, whose parts `plus` writes as they are: one native scan instead of its loop
  let keep = len <= PLUS_KEEP_MAX && PLUS_KEEP.test(q);
  let n = 0;
  let amp = q.indexOf('&');
  let semi = q.indexOf(';');
  let eq = q.indexOf('=');
  // whether the query as it is can be the answer: only "&" between parts, none empty, each with "="
  let same = semi < 0;
  for (let from = 0; from <= len; ) {
    if (amp >= 0 && amp < from) amp = q.indexOf('&', from);
    if (semi >= 0 && semi < from) semi = q.indexOf(';', from);
    const to = amp < 0 ? (semi < 0 ? len : semi) : semi < 0 || amp < semi ? amp : semi;
    // an empty part, the last one after a final "&" or ";" too, is dropped
    if (to === from) same = false;
    else {
      if (eq >= 0 && eq < from) eq = q.indexOf('=', from);
      const e = eq >= 0 && eq < to ? eq : to;
      if (e === to) same = false;
      else if (keep) {
        // a second "=" is written %3D
        eq = q.indexOf('=', e + 1);
        if (eq >= 0 && eq < to) keep = false;
      }
      n = addPart(n, from, e, to);
    }
    from = to + 1;
  }
  if (n === 0) return '';
  if (sortParts(n, q, comparePairs)) same = false;
  if (keep && same) return q;
  const { start, eq: eqs, end, order } = parts;
  plusChanged = false;
  let out = '';
  for (let k = 0; k < n; k++) {
    const p = order[k]!;
    const e = eqs[p]!;
    const t = end[p]!;
    let pair: string;
    if (keep) pair = e === t ? `${q.slice(start[p]!, t)}=` : q.slice(start[p]!, t);
    else pair = `${plus(q, start[p]!, e)}=${e === t ? '' : plus(q, e + 1, t)}`;
    out += k > 0 ? `&${pair}` : pair;
  }
  return same && !plusChanged ? q : out;
}

/**
 * A query of characters that `plus` keeps (letters, digits, `_.-~+`), escapes it keeps (upper
 * case, of a byte it escapes) and the separators `&;=`: each part's `plus` is its text.
 */
const PLUS_KEEP = /^(?:[A-Za-z0-9_.~+=&;-]|%(?:[01][0-9A-F]|2[1-9A-CF]|3[A-F]|40|5[B-E]|60|7[B-DF]|[89A-F][0-9A-F]))*$/;
/** The longest query that PLUS_KEEP reads (its loop keeps a backtracking entry a character). */
const PLUS_KEEP_MAX = 4096;

/** The byte that `unquote_to_bytes(s.replace('+', ' '))` makes of `q[i, to)` at `i`; `decodedEnd` is where the next one starts. */
function decodedAt(q: string, i: number, to: number): number {
  const c = q.charCodeAt(i);
  decodedEnd = i + 1;
  if (c === 0x2b) return 0x20;
  if (c === 0x25 && i + 2 < to) {
    const h = hexValue(q.charCodeAt(i + 1));
    const l = h < 0 ? -1 : hexValue(q.charCodeAt(i + 2));
    if (l >= 0) {
      decodedEnd = i + 3;
      return (h << 4) | l;
    }
  }
  return c;
}
let decodedEnd = 0;

/** The decoded bytes of `q[a, ta)` against those of `q[b, tb)`, as Python compares `bytes`. */
function compareDecoded(q: string, a: number, ta: number, b: number, tb: number): number {
  while (a < ta && b < tb) {
    const x = q.charCodeAt(a);
    const y = q.charCodeAt(b);
    // the same character that is no escape decodes to the same byte
    if (x === y && x !== 0x25) {
      a++;
      b++;
      continue;
    }
    const dx = decodedAt(q, a, ta);
    a = decodedEnd;
    const dy = decodedAt(q, b, tb);
    b = decodedEnd;
    if (dx !== dy) return dx - dy;
  }
  return (a < ta ? 1 : 0) - (b < tb ? 1 : 0);
}

/** Python's order of the parts' `(name, value)` tuples of bytes, decoded. */
function comparePairs(q: string, a: number, b: number): number {
  const { start, eq, end } = parts;
  const ea = eq[a]!;
  const eb = eq[b]!;
  const d = compareDecoded(q, start[a]!, ea, start[b]!, eb);
  if (d !== 0) return d;
  const ta = end[a]!;
  const tb = end[b]!;
  return compareDecoded(q, ea < ta ? ea + 1 : ta, ta, eb < tb ? eb + 1 : tb, tb);
}

/**
 * `quote_plus(unquote_to_bytes(s.replace('+', ' ')), safe='')` of `raw[from, to)`, in one pass:
 * letters, digits, `_.-~` as they are, `+` and spaces as `+`, every other byte as upper-case `%XX`.
 * A run that this leaves as it is (an escape already upper-case among them) stays one slice.
 */
function plus(raw: string, from: number, to: number): string {
  let out = '';
  let run = from;
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x2b || (c < 0x80 && PLUS_SAFE[c] === 1 && c !== 0x20)) continue;
    let piece: string;
    let next = i + 1;
    const h = c === 0x25 && i + 2 < to ? hexValue(raw.charCodeAt(i + 1)) : -1;
    const l = h < 0 ? -1 : hexValue(raw.charCodeAt(i + 2));
    if (l >= 0) {
      const d = (h << 4) | l;
      if (d !== 0x20 && PLUS_SAFE[d] !== 1) {
        // an escape that stays: as it is where its digits are upper-case already
        if (raw.charCodeAt(i + 1) < 0x61 && raw.charCodeAt(i + 2) < 0x61) {
          i += 2;
          continue;
        }
        piece = pctByte(d);
      } else piece = d === 0x20 ? '+' : String.fromCharCode(d);
      next = i + 3;
    } else piece = c === 0x20 ? '+' : pctByte(c);
    out += raw.slice(run, i) + piece;
    run = next;
    i = next - 1;
  }
  if (run === from) return raw.slice(from, to);
  plusChanged = true;
  return out + raw.slice(run, to);
}
/** Whether `plus` has written anything other than its input since it was last set false. */
let plusChanged = false;

/** `_unquotepath` (decoding all but `%2F` and `%3F`), then `quote` again: the path's escapes in one form. */
function requotePath(path: string): string {
  return recode(path, PATH_SAFE_BUT_SLASH_QUESTION);
}

/** Python's `str.lower` of a host, ASCII-only when it is ASCII. */
function lowerHost(s: string): string {
  return hasNonAscii(s) ? s.toLowerCase() : lowerBytes(s);
}

/**
 * w3lib's `canonicalize_url(url)`.
 * @throws {UriError} where w3lib raises: a lone surrogate, unbalanced or invalid brackets in the
 *   host, a host that NFKC turns into a delimiter.
 */
export function w3libCanonicalize(input: string): string {
  const fast = FAST.exec(input);
  let netloc = fast === null ? '' : lowerBytes(fast[2]!);
  if (netloc.charCodeAt(netloc.length - 1) === 0x3a) netloc = netloc.replace(/:+$/, '');
  // Without a host (or only a colon), `urlunsplit` writes `//` only for the schemes of
  // `uses_netloc` and a path that does not start with `//` itself (`file:///a`): the others
  // take the full rules.
  if (fast !== null && (netloc.length > 0 || (USES_NETLOC.has(lowerBytes(fast[1]!)) && !fast[3]?.startsWith('//')))) {
    // Nothing to strip, quote or decode: the scheme and host to lower case, the query sorted.
    const query = fast[4] === undefined ? '' : sortQuery(fast[4]);
    let path = fast[3] || '/';
    if (path.includes('%')) path = requotePath(path);
    return `${lowerBytes(fast[1]!)}://${netloc}${path}${query.length > 0 ? `?${query}` : ''}`;
  }
  let lead = 0;
  while (lead < input.length && input.charCodeAt(lead) <= 0x20) lead++;
  let url = input.replace(STRIP, '');
  if (/[\t\n\r]/.test(url)) url = url.replace(TAB_NEWLINE, '');
  // urlsplit
  let scheme = '';
  let rest = url;
  const m = SCHEME.exec(url);
  if (m !== null) {
    scheme = lowerBytes(m[0].slice(0, -1));
    rest = url.slice(m[0].length);
  }
  netloc = '';
  // an index of the host part as an index of the input
  const netlocFrom = url.length - rest.length + 2;
  const netlocAt = (i: number): number => inputIndex(input, false, lead, netlocFrom + i);
  if (rest.startsWith('//')) {
    let end = rest.length;
    for (let i = 2; i < rest.length; i++) {
      const c = rest.charCodeAt(i);
      if (c === 0x2f || c === 0x3f || c === 0x23) {
        end = i;
        break;
      }
    }
    netloc = rest.slice(2, end);
    rest = rest.slice(end);
    const open = netloc.indexOf('[');
    const close = netloc.indexOf(']');
    if (open < 0 !== close < 0) fail(input, netlocAt(open < 0 ? close : open), `a "${open < 0 ? ']' : '['}" without its pair in the host`);
    if (open >= 0) checkBracketed(input, netloc, netlocAt);
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  checkNetloc(input, netloc, netlocAt);
  // urlparse: ;params of the last segment
  let path = rest;
  let params = '';
  if (USES_PARAMS.has(scheme) && path.includes(';')) {
    const slash = path.lastIndexOf('/');
    const semi = path.indexOf(';', slash < 0 ? 0 : slash);
    if (semi >= 0) {
      params = path.slice(semi + 1);
      path = path.slice(0, semi);
    }
  }
  // _safe_ParseResult
  const host = idna2003Encode(netloc) ?? netloc;
  path = quote(path, PATH_SAFE, input);
  params = quote(params, SAFE, input);
  query = sortQuery(quote(query, SAFE, input));
  // _unquotepath, then quote again
  if (path.includes('%'))
    path = path.replace(/%2f/gi, (m) => `%25${m.slice(1).toUpperCase()}`).replace(/%3f/gi, (m) => `%25${m.slice(1).toUpperCase()}`);
  path = pctEncode(pctDecode(path), PATH_SAFE) || '/';
  // urlunparse
  let out = path;
  if (params.length > 0) out += `;${params}`;
  const netlocOut = lowerHost(host).replace(/:+$/, '');
  if (netlocOut.length > 0 || (scheme.length > 0 && USES_NETLOC.has(scheme) && !out.startsWith('//'))) {
    if (out.length > 0 && out[0] !== '/') out = `/${out}`;
    out = `//${netlocOut}${out}`;
  }
  if (scheme.length > 0) out = `${scheme}:${out}`;
  if (query.length > 0) out += `?${query}`;
  return out;
}

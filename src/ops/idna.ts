/**
 * Internationalized host names (UTS #46): between their Unicode form and their ASCII form.
 *
 * UTS #46 is the IDNA processing browsers use; it maps the Unicode form (`münchen.de`, U-labels)
 * to the ASCII form (`xn--mnchen-3ya.de`, A-labels) and back. This goes through Node's own `node:url` `domainToASCII` / `domainToUnicode`: Node ships a maintained IDNA
 * implementation and its mapping tables, so none are written here.
 *
 * Those two functions run the WHATWG host parser, which reads a host whose last label is a number
 * as an IPv4 address (`0x7f.1` → `127.0.0.1`). RFC 3986 decides a host's type by its grammar alone
 * (§3.2.2: only a dotted-decimal IPv4address is an address), so the host is given to them with one more label, `a`, which is never a number,
 * and the label comes off the answer again: UTS #46 maps each label by itself.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { argumentError, UriError } from '../syntax/errors.js';
import { ALLOWED, EncodeSet } from '../syntax/tables.js';
import { decodeRange, hexByte } from './percent.js';

const GUARD = '.a';

/**
 * The ASCII form of a host (UTS #46 ToASCII, as browsers apply it): each label with non-ASCII
 * characters (or their percent-encoded UTF-8) becomes an A-label, A-labels are checked, and ASCII
 * letters go to lower case. IP literals (`[…]`) and IPv4 addresses come back unchanged.
 *
 * @throws {UriError} INVALID_HOST for a label IDNA rejects (disallowed characters, a bad A-label),
 *   INVALID_CHAR for a character no host may hold, INVALID_PERCENT_ENCODING or INVALID_UTF8 for a
 *   bad `%XX`; each with its index in `host`.
 * @example
 * toAsciiHost('münchen.de');          // 'xn--mnchen-3ya.de'
 * toAsciiHost('MÜNCHEN.DE');          // 'xn--mnchen-3ya.de'
 * toAsciiHost('m%C3%BCnchen.de');     // 'xn--mnchen-3ya.de'
 * toAsciiHost('Example.COM');         // 'example.com'
 * toAsciiHost('[::1]');               // '[::1]'
 */
export function toAsciiHost(host: string): string {
  if (typeof host !== 'string') throw argumentError('toAsciiHost', 'host', 'a string', host);
  if (isIpLiteral(host)) return host;
  const idna = needsIdna(host);
  if (!idna && host.indexOf('%') === -1) return lowerAscii(host);
  checkDecodedAscii(host);
  const decoded = decodeRange(host, 0, host.length, true);
  // A %XX may have spelled an A-label ("%78n--"): what IDNA needs is read from the decoded text.
  if (!idna && !needsIdna(decoded)) return lowerAscii(decoded);
  const ascii = domainToASCII(decoded + GUARD);
  if (!ascii.endsWith(GUARD)) throw rejected(host);
  return ascii.slice(0, -GUARD.length);
}

/**
 * A host is decoded before IDNA maps it, whatever its labels hold: the ASCII form is a name for
 * DNS, which knows no percent-encoding. `domainToASCII` reads its input as a URL's host: a
 * decoded "/", "?", "#", "@" or ":" would end or split it there, and a decoded "%" would be read
 * again. A `%XX` of an ASCII character that a reg-name cannot hold is therefore an error, at its
 * index.
 */
function checkDecodedAscii(host: string): void {
  for (let i = host.indexOf('%'); i !== -1; i = host.indexOf('%', i + 3)) {
    const b = hexByte(host, i);
    if (b < 0x80 && (ALLOWED[b]! & EncodeSet.REG_NAME) === 0 && b !== 0x2e) {
      throw new UriError(
        'INVALID_HOST',
        i,
        host,
        `Invalid host: ${host.slice(i, i + 3)} at index ${i} of ${JSON.stringify(host)} decodes to ${JSON.stringify(String.fromCharCode(b))}, which a host name cannot hold`,
      );
    }
  }
}

/**
 * The Unicode form of a host, for display (UTS #46 ToUnicode): each A-label becomes its U-label and
 * ASCII letters go to lower case. A label that cannot be converted (a bad A-label) is kept as it is,
 * as ToUnicode keeps it; percent-encoded UTF-8 is decoded, other `%XX` kept. IP literals and IPv4
 * addresses come back unchanged. Show a U-label only where your display policy allows its script:
 * look-alike characters are a spoofing risk that no conversion removes.
 *
 * @throws {UriError} INVALID_CHAR for a character no host may hold, INVALID_PERCENT_ENCODING for
 *   a `%` without two hex digits.
 * @example
 * toUnicodeHost('xn--mnchen-3ya.de');   // 'münchen.de'
 * toUnicodeHost('WWW.xn--fa-hia.DE');   // 'www.faß.de'
 * toUnicodeHost('xn--zz.example');      // 'xn--zz.example' (not a valid A-label: kept)
 */
export function toUnicodeHost(host: string): string {
  if (typeof host !== 'string') throw argumentError('toUnicodeHost', 'host', 'a string', host);
  if (isIpLiteral(host)) return host;
  if (!needsIdna(host) && host.indexOf('%') === -1) return lowerAscii(host);
  let out = '';
  for (let start = 0; start <= host.length; ) {
    let end = host.indexOf('.', start);
    if (end === -1) end = host.length;
    if (start > 0) out += '.';
    out += unicodeLabel(host.slice(start, end));
    start = end + 1;
  }
  return out;
}

/** One label of toUnicodeHost. */
function unicodeLabel(label: string): string {
  let text = label;
  if (label.includes('%')) {
    // Only UTF-8 that decodes to characters a label can show: "%2F" stays "%2F".
    const decoded = decodeRange(label, 0, label.length, false);
    if (decoded.includes('\uFFFD') || hasAsciiOutside(decoded, EncodeSet.REG_NAME)) return lowerAscii(label);
    text = decoded;
  }
  if (!needsIdna(text)) return lowerAscii(text);
  const unicode = domainToUnicode(text + GUARD);
  return unicode.endsWith(GUARD) ? unicode.slice(0, -GUARD.length) : lowerAscii(label);
}

/**
 * A reg-name with each label that holds a non-ASCII character as UTS #46 maps it before ToASCII
 * (case folded, compatibility forms and the ideographic full stop mapped), still in Unicode: the
 * form in which equal internationalized hosts are equal (RFC 3987 §5.3.2.1). A label with a `%`,
 * one UTS #46 rejects, or one it would map to an ASCII character a reg-name cannot hold, stays
 * as it is; so do ASCII labels (A-labels included).
 * @internal normalize
 */
export function mapHostLabels(host: string): string {
  let out = '';
  for (let start = 0; start <= host.length; ) {
    let end = host.indexOf('.', start);
    if (end === -1) end = host.length;
    const label = host.slice(start, end);
    if (start > 0) out += '.';
    out += NON_ASCII.test(label) && label.indexOf('%') === -1 ? mappedLabel(label) : label;
    start = end + 1;
  }
  return out;
}

/** One label of mapHostLabels. */
function mappedLabel(label: string): string {
  const mapped = domainToUnicode(label + GUARD);
  if (!mapped.endsWith(GUARD)) return label;
  const m = mapped.slice(0, -GUARD.length);
  return hasAsciiOutside(m, EncodeSet.REG_NAME) ? label : m;
}

const NON_ASCII = /[^\u0000-\u007f]/;

function isIpLiteral(host: string): boolean {
  return host.charCodeAt(0) === 0x5b && host.charCodeAt(host.length - 1) === 0x5d;
}

/**
 * Whether the host needs IDNA: a non-ASCII character, a `%XX` of a byte above 0x7F, or a label
 * that begins with the ACE prefix `xn--`. Throws for a character a host cannot hold at all.
 */
function needsIdna(host: string): boolean {
  let idna = false;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c >= 0x80) {
      idna = true;
    } else if (c === 0x25) {
      const b = hexByte(host, i);
      if (b < 0) throw new UriError('INVALID_PERCENT_ENCODING', i, host);
      if (b >= 0x80) idna = true;
      i += 2;
    } else if ((ALLOWED[c]! & EncodeSet.REG_NAME) === 0 && c !== 0x2e) {
      throw new UriError(
        'INVALID_CHAR',
        i,
        host,
        `Invalid character ${JSON.stringify(host[i])} at index ${i} in host ${JSON.stringify(host)}`,
      );
    } else if ((i === 0 || host.charCodeAt(i - 1) === 0x2e) && isAcePrefix(host, i)) {
      idna = true;
    }
  }
  return idna;
}

/** "xn--" at i, in any case. */
function isAcePrefix(s: string, i: number): boolean {
  return (s.charCodeAt(i) | 0x20) === 0x78 && (s.charCodeAt(i + 1) | 0x20) === 0x6e && s.startsWith('--', i + 2);
}

function hasAsciiOutside(s: string, set: number): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && (ALLOWED[c]! & set) === 0 && c !== 0x2e) return true;
  }
  return false;
}

/** ASCII letters to lower case, except the hex digits of `%XX`. */
function lowerAscii(s: string): string {
  return UPPER.test(s) ? s.replace(UPPER_OR_PCT, lowerMatch) : s;
}

const UPPER = /[A-Z]/;
const UPPER_OR_PCT = /%[0-9A-Fa-f]{2}|[A-Z]+/g;

function lowerMatch(m: string): string {
  return m.charCodeAt(0) === 0x25 ? m : m.toLowerCase();
}

/** The error for a host IDNA rejects, naming its first label that IDNA rejects alone. */
function rejected(host: string): UriError {
  for (let start = 0; start <= host.length; ) {
    let end = host.indexOf('.', start);
    if (end === -1) end = host.length;
    const label = host.slice(start, end);
    if (needsIdna(label) && !domainToASCII(decodeRange(label, 0, label.length, false) + GUARD).endsWith(GUARD)) {
      return new UriError(
        'INVALID_HOST',
        start,
        host,
        `Invalid host: the label ${JSON.stringify(label)} at index ${start} of ${JSON.stringify(host)} is not a valid internationalized domain name (UTS #46)`,
      );
    }
    start = end + 1;
  }
  return new UriError(
    'INVALID_HOST',
    0,
    host,
    `Invalid host: ${JSON.stringify(host)} is not a valid internationalized domain name (UTS #46: its labels together break a rule, such as the Bidi rule)`,
  );
}

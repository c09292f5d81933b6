/**
 * urlcanon's parser: a URL split into the byte strings of its parts (junk, scheme, slashes,
 * userinfo, host, port, path, query, fragment) so that joining them gives the input back, for
 * any input, as iipc/urlcanon's `parse_url` does.
 */
import { charIndex, lowerBytes } from './bytes.js';
import { pythonIPv6 } from './ip.js';

/** The schemes urlcanon treats as special, with their default ports (`file` has none). */
export const SPECIAL_SCHEMES: ReadonlyMap<string, string | null> = new Map([
  ['ftp', '21'],
  ['gopher', '70'],
  ['http', '80'],
  ['https', '443'],
  ['ws', '80'],
  ['wss', '443'],
  ['file', null],
]);

/** The parts of a URL as urlcanon keeps them: byte strings that join to the input. */
export class ParsedUrl {
  leadingJunk = '';
  scheme = '';
  colonAfterScheme = '';
  slashes = '';
  username = '';
  colonBeforePassword = '';
  password = '';
  atSign = '';
  /** The IPv6 address of the host as a string of its eight hextets, or null. */
  ip6: Uint16Array | null = null;
  /** The IPv4 address of the host, or null. */
  ip4: number | null = null;
  host = '';
  colonBeforePort = '';
  port = '';
  path = '';
  questionMark = '';
  query = '';
  hashSign = '';
  fragment = '';
  trailingJunk = '';
  /** The text the URL was parsed from, for errors. */
  input = '';
  /** Where the host starts in `input` (an index of its characters), for errors. */
  hostAt = 0;

  get authority(): string {
    return this.username + this.colonBeforePassword + this.password + this.atSign + this.host + this.colonBeforePort + this.port;
  }

  /** The URL as a byte string (`bytes(url)`). */
  toBytes(): string {
    return (
      this.leadingJunk +
      this.scheme +
      this.colonAfterScheme +
      this.slashes +
      this.authority +
      this.path +
      this.questionMark +
      this.query +
      this.hashSign +
      this.fragment +
      this.trailingJunk
    );
  }

  /** urlcanon's SSURT: the host reversed first, then slashes, port, scheme, userinfo, path, query, fragment. */
  ssurt(): string {
    return (
      this.leadingJunk +
      ssurtHost(this.host, true) +
      this.slashes +
      this.port +
      this.colonBeforePort +
      this.scheme +
      this.atSign +
      this.username +
      this.colonBeforePassword +
      this.password +
      this.colonAfterScheme +
      this.path +
      this.questionMark +
      this.query +
      this.hashSign +
      this.fragment +
      this.trailingJunk
    );
  }

  /** urlcanon's `surt()`: `http://(org,example,)/path`, with or without scheme and trailing comma. */
  surt(trailingComma: boolean, withScheme: boolean): string {
    let out = this.leadingJunk;
    if (withScheme) out += this.scheme + this.colonAfterScheme + this.slashes;
    if (this.host.length > 0) out += `${withScheme ? '(' : ''}${ssurtHost(this.host, trailingComma)}${this.colonBeforePort}${this.port})`;
    return out + this.path + this.questionMark + this.query + this.hashSign + this.fragment + this.trailingJunk;
  }
}

const URL_RE = /^(?:([a-zA-Z][^:]*)(:))?([^?#]*)(?:([?])([^#]*))?(?:([#])(.*))?$/s;
const SPECIAL_PATHISH = /^([/\\\r\n\t]*)([^/\\]*)([/\\].*)?$/s;
const NONSPECIAL_PATHISH = /^([\r\n\t]*(?:\/[\r\n\t]*){2})([^/]*)(\/.*)?$/s;
const FILE_PATHISH = /^([\r\n\t]*(?:[/\\][\r\n\t]*){2})([^/\\]*)([/\\].*)?$/s;
const AUTHORITY = /^(?:([^:]*)((:)(.*))?(@))?(\[[^\]]*\]|[^:]*)(?:(:)(.*))?$/s;
const TAB_NEWLINE = /[\t\n\r]/g;

/** Python's `int(s, base)` on bytes: whitespace around, a sign, `_` between digits, the base's prefix; NaN where it raises. */
export function pythonInt(s: string, base: 8 | 10 | 16): number {
  const m = /^[ \t\n\x0b\x0c\r]*([+-]?)(.*?)[ \t\n\x0b\x0c\r]*$/s.exec(s)!;
  let digits = m[2]!;
  if (base !== 10) {
    const prefix = base === 16 ? /^0[xX]_?/ : /^0[oO]_?/;
    digits = digits.replace(prefix, '');
  }
  const re = base === 16 ? /^[0-9a-fA-F]+(?:_[0-9a-fA-F]+)*$/ : base === 8 ? /^[0-7]+(?:_[0-7]+)*$/ : /^[0-9]+(?:_[0-9]+)*$/;
  if (!re.test(digits)) return Number.NaN;
  digits = digits.replace(/_/g, '');
  // Decimal: Python refuses a leading zero only in literals, not in int().
  const v = base === 10 ? Number(digits) : Number.parseInt(digits, base);
  return m[1] === '-' ? -v : v;
}

function parseNum(s: string): number {
  if (s.length >= 2 && (s.startsWith('0x') || s.startsWith('0X'))) return s.length >= 3 ? pythonInt(s.slice(2), 16) : 0;
  if (s.length >= 2 && s[0] === '0') return pythonInt(s.slice(1), 8);
  if (s.length === 0) return 0;
  return pythonInt(s, 10);
}

/** urlcanon's `parse_ipv4`: the WHATWG forms (1 to 4 parts, hex, octal); null where it is none. */
export function parseIPv4(host: string): number | null {
  const parts = host.split('.');
  if (parts[parts.length - 1] === '') parts.pop();
  let ip4: number;
  switch (parts.length) {
    case 1:
      ip4 = parseNum(parts[0]!);
      break;
    case 2: {
      const p1 = parseNum(parts[1]!);
      if (!(p1 < 2 ** 24)) return null;
      ip4 = parseNum(parts[0]!) * 2 ** 24 + p1;
      break;
    }
    case 3: {
      const p1 = parseNum(parts[1]!);
      if (!(p1 < 2 ** 8)) return null;
      const p2 = parseNum(parts[2]!);
      if (!(p2 < 2 ** 16)) return null;
      ip4 = parseNum(parts[0]!) * 2 ** 24 + p1 * 2 ** 16 + p2;
      break;
    }
    case 4: {
      const p1 = parseNum(parts[1]!);
      const p2 = parseNum(parts[2]!);
      const p3 = parseNum(parts[3]!);
      if (!(p1 < 2 ** 8 && p2 < 2 ** 8 && p3 < 2 ** 8)) return null;
      ip4 = parseNum(parts[0]!) * 2 ** 24 + p1 * 2 ** 16 + p2 * 2 ** 8 + p3;
      break;
    }
    default:
      return null;
  }
  return Number.isNaN(ip4) || ip4 >= 2 ** 32 ? null : ip4;
}

/** urlcanon's `parse_ipv4or6`: sets `ip4` and `ip6` of `url` from its host. */
export function parseHostAddress(url: ParsedUrl): void {
  const host = url.host;
  url.ip4 = null;
  url.ip6 = null;
  if (host.length > 0 && host[0] === '[' && host[host.length - 1] === ']') {
    const text = decodeStrict(host);
    const h = new Uint16Array(8);
    if (text !== null && pythonIPv6(text.slice(1, -1), h)) url.ip6 = h;
  } else url.ip4 = parseIPv4(host);
}

function decodeStrict(b: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(b, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** urlcanon's `parse_pathish`: the part after the scheme into slashes, authority and path. */
export function parsePathish(url: ParsedUrl, pathish: string): void {
  const scheme = lowerBytes(url.scheme.replace(TAB_NEWLINE, ''));
  if (scheme === 'file') {
    const m = FILE_PATHISH.exec(pathish);
    if (m === null) url.path = pathish;
    else {
      url.slashes = m[1] ?? '';
      url.host = m[2] ?? '';
      url.path = m[3] ?? '';
    }
    return;
  }
  const m = (SPECIAL_SCHEMES.has(scheme) ? SPECIAL_PATHISH : NONSPECIAL_PATHISH).exec(pathish);
  if (m === null) {
    url.path = pathish;
    return;
  }
  url.slashes = m[1] ?? '';
  url.path = m[3] ?? '';
  const a = AUTHORITY.exec(m[2]!)!;
  url.username = a[1] ?? '';
  url.colonBeforePassword = a[3] ?? '';
  url.password = a[4] ?? '';
  url.atSign = a[5] ?? '';
  url.host = a[6] ?? '';
  parseHostAddress(url);
  url.colonBeforePort = a[7] ?? '';
  url.port = a[8] ?? '';
}

/** urlcanon's `parse_url` of a byte string; `input` is the text `b` encodes (for errors). */
export function parseUrlcanon(b: string, input: string = b): ParsedUrl {
  const url = new ParsedUrl();
  url.input = input;
  let start = 0;
  while (start < b.length && b.charCodeAt(start) <= 0x20) start++;
  let end = b.length;
  while (end > start && b.charCodeAt(end - 1) <= 0x20) end--;
  url.leadingJunk = b.slice(0, start);
  url.trailingJunk = b.slice(end);
  const m = URL_RE.exec(start === 0 && end === b.length ? b : b.slice(start, end))!;
  url.scheme = m[1] ?? '';
  url.colonAfterScheme = m[2] ?? '';
  url.questionMark = m[4] ?? '';
  url.query = m[5] ?? '';
  url.hashSign = m[6] ?? '';
  url.fragment = m[7] ?? '';
  if (m[3]) parsePathish(url, m[3]);
  const hostAt =
    url.leadingJunk.length +
    url.scheme.length +
    url.colonAfterScheme.length +
    url.slashes.length +
    url.authority.length -
    url.host.length -
    url.colonBeforePort.length -
    url.port.length;
  url.hostAt = b === input ? hostAt : charIndex(input, hostAt);
  return url;
}

/** urlcanon's `reverse_host`: dotted parts reversed, commas in them as dots, a trailing comma if asked. */
export function reverseHost(host: string, trailingComma: boolean): string {
  const parts = host.split('.').reverse();
  for (let i = 0; i < parts.length; i++) parts[i] = parts[i]!.replace(/,/g, '.');
  if (trailingComma) parts.push('');
  return parts.join(',');
}

/** urlcanon's `ssurt_host`: the host reversed unless it is an IP address (a zero IPv4 address is reversed, as there). */
export function ssurtHost(host: string, trailingComma: boolean): string {
  if (host.length === 0 || host[0] === '[' || parseIPv4(host)) return host;
  return reverseHost(host, trailingComma);
}

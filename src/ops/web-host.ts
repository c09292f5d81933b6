/**
 * The URL Standard's host parser, the writing half: the serialized host of a range of the input
 * that syntax/web-scan.ts checked. A domain with a "%" or a non-ASCII code point is percent-decoded
 * here and, when not ASCII, mapped to ASCII by UTS #46 through `node:url`'s `domainToASCII`, the
 * implementation behind Node's own `URL`; IPv4 and IPv6 addresses get their one written form;
 * opaque hosts are percent-encoded.
 *
 * An ASCII domain never goes to UTS #46: the standard's domain parser returns it lower-cased
 * whatever Unicode ToASCII says of it (for web compatibility: "xn--" labels that do not decode are
 * kept). For an ASCII domain without such a label that is also ToASCII's answer (UTS #46 maps
 * ASCII upper case to lower case and keeps every other ASCII code point when UseSTD3ASCIIRules is
 * false), so the two agree on every ASCII domain Node's older parser accepts.
 */
import { domainToASCII } from 'node:url';
import { endsInNumber, firstInSet, IPV6_PIECES, ipv6Compress, isLocalhost, parseIPv4, parseIPv6 } from '../syntax/web-host.js';
import { HostKind, WebScheme } from '../syntax/web-scan.js';
import { WebSet } from '../syntax/web-tables.js';
import { decodeRange } from './percent.js';
import { webEncode } from './web-percent.js';

/**
 * The host that the serializer writes for s[start, end), which web-scan.ts classified as `kind`
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

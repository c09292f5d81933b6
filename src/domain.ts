/**
 * `urikit/domain`: registrable domains and public suffixes, from the Public Suffix List through
 * the `tldts` package (a maintained, compiled copy of the list). A subpath of its own, so that
 * the main entry stays free of runtime dependencies.
 *
 * Hosts are compared in one form, `toAsciiHost`'s: U-labels become A-labels (UTS #46, Node's
 * own), ASCII is lower-cased, `%XX` is decoded (a reg-name may be percent-encoded UTF-8, RFC 3986
 * §3.2.2). The answers are in that ASCII form, so `食狮.中国` and `xn--85x722f.xn--fiqs8s` give
 * the same answer.
 */
import { toAsciiHost } from './ops/idna.js';
import { loadTldts } from './ops/psl.cjs';
import { argumentError } from './syntax/errors.js';
import { isUri, type UriLike } from './syntax/input.js';
import { checkOptionNames, optionNames } from './syntax/options.js';
import { tryParse, type Uri } from './uri.js';

const { getDomain, getPublicSuffix } = loadTldts();

/** Options of `registrableDomain` and `publicSuffix`. */
export interface DomainOptions {
  /**
   * `true` (the default): the list's private section counts too (`github.io`, `blogspot.com`),
   * so `a.github.io` and `b.github.io` are different sites, as browsers take them. `false`: the
   * ICANN section only.
   */
  privateDomains?: boolean;
}

const DOMAIN_OPTIONS = optionNames<DomainOptions>()(['privateDomains']);

const PRIVATE = { allowPrivateDomains: true, extractHostname: false, mixedInputs: false, detectIp: false };
const ICANN = { allowPrivateDomains: false, extractHostname: false, mixedInputs: false, detectIp: false };

/**
 * The registrable domain of a host (the public suffix and one label before it), in ASCII; `null`
 * for an IP address, a host that reads as one, a public suffix itself, or a host that is not a
 * domain name. `input` is a host, or a URL (a string that begins with a scheme and `//`, read as
 * RFC 3987 reads an IRI) or a `Uri`, which answer for their host (`null` without one).
 *
 * @example
 * registrableDomain('www.example.co.uk');   // 'example.co.uk'
 * registrableDomain('https://www.example.co.uk/x'); // 'example.co.uk'
 * registrableDomain('https://www.münchen.de/x');     // 'xn--mnchen-3ya.de'
 * registrableDomain('食狮.中国');             // 'xn--85x722f.xn--fiqs8s'
 * registrableDomain('a.github.io');         // 'a.github.io'
 * registrableDomain('a.github.io', { privateDomains: false }); // 'github.io'
 * registrableDomain('[::1]');               // null
 */
export function registrableDomain(input: string | UriLike, options?: DomainOptions): string | null {
  if (options !== undefined) checkOptionNames(options, DOMAIN_OPTIONS, 'registrableDomain');
  const name = domainName(input, 'registrableDomain');
  return name === null ? null : getDomain(name, options?.privateDomains === false ? ICANN : PRIVATE);
}

/**
 * The public suffix of a host (the longest rule of the list that matches, or the last label when
 * none does), in ASCII; `null` for an IP address, a host that reads as one, or a host that is
 * not a domain name. `input` is a host, a URL or a `Uri`, as `registrableDomain` takes it.
 *
 * @example
 * publicSuffix('www.example.co.uk');    // 'co.uk'
 * publicSuffix('Example.COM');          // 'com'
 * publicSuffix('xn--mnchen-3ya.de');    // 'de'
 * publicSuffix('127.0.0.1');            // null
 */
export function publicSuffix(input: string | UriLike, options?: DomainOptions): string | null {
  if (options !== undefined) checkOptionNames(options, DOMAIN_OPTIONS, 'publicSuffix');
  const name = domainName(input, 'publicSuffix');
  return name === null ? null : getPublicSuffix(name, options?.privateDomains === false ? ICANN : PRIVATE);
}

/** What a DNS name in ASCII holds: lower-case letters, digits, "-", "_" and ".". */
const DNS_NAME = /^[a-z0-9_.-]+$/;

/** A URL is read as an IRI (RFC 3987): a Unicode host answers as it does given alone. */
const IRI = { iri: true };

/** A scheme and "//": a URL, not a host (a host holds no "/"). */
const URL_START = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The host of `input` (a host, a URL or a Uri) as a lower-case ASCII domain name, or null when it
 * is an IP address or no domain name, or a URL has none.
 */
function domainName(input: string | UriLike, who: string): string | null {
  let host: string | undefined;
  if (typeof input === 'string') host = URL_START.test(input) ? tryParse(input, IRI)?.host : input;
  else if (isUri(input)) host = (input as Uri).host;
  else throw argumentError(who, 'input', 'a host, a URL or a Uri', input);
  if (host === undefined) return null;
  let name: string;
  try {
    name = toAsciiHost(host);
  } catch {
    // A UriError: a label IDNA rejects, a character no host holds.
    return null;
  }
  // An IP literal, a host that reads as an IPv4 address, or a reg-name that is no DNS name.
  return DNS_NAME.test(name) && !endsInNumber(name) ? name : null;
}

/**
 * Whether the last label (before a final ".") is a number, decimal or "0x" hex: such a host is
 * an IPv4 address, or one to a WHATWG URL parser ("1.2.3", "0x7f.1"), never a domain name.
 */
function endsInNumber(name: string): boolean {
  let end = name.length;
  if (name.charCodeAt(end - 1) === 0x2e) end--;
  const start = name.lastIndexOf('.', end - 1) + 1;
  if (start === end) return false;
  let i = start;
  let hex = false;
  if (end - start >= 2 && name.charCodeAt(i) === 0x30 && (name.charCodeAt(i + 1) | 0x20) === 0x78) {
    i += 2;
    hex = true;
  }
  for (; i < end; i++) {
    const c = name.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39;
    if (!digit && !(hex && c >= 0x61 && c <= 0x66)) return false;
  }
  return true;
}

/**
 * A link of a page resolved as a browser loads it, in the grammar of the run:
 *
 * 1. The URL Standard's preprocessing: leading and trailing C0 controls and spaces are stripped
 *    and tabs and newlines removed (`href="&#1;javascript:…"` runs as `javascript:…`).
 * 2. Resolution against the page's base, in the run's grammar (`GRAMMARS`): the URL Standard's
 *    parser, as browsers resolve (`\` is `/` in http URLs, `0x7f.1` is `127.0.0.1`, hosts in
 *    A-labels), or RFC 3986 §5.2, read leniently as pages are written (the host left as written).
 * 3. Each component percent-encoded as the URL Standard does: the query in the document's encoding
 *    (`?q=é` in a windows-1252 page is `?q=%E9`; a character the encoding lacks is `%26%23NNN%3B`,
 *    the bytes of `&#NNN;`), the path, userinfo and fragment in UTF-8. In RFC 3986, every ASCII
 *    character RFC 3986 does not allow in its component is percent-encoded too.
 */
import { encodeOutside } from '../ops/percent.js';
import { resolve } from '../ops/resolve.js';
import { UriError } from '../syntax/errors.js';
import type { ParseOptions } from '../syntax/scan.js';
import { EncodeSet } from '../syntax/tables.js';
import { parse, parseWeb } from '../uri.js';
import type { LinkPackages } from './packages.js';

/** Links are read leniently: pages hold what browsers accept. */
export const LENIENT: ParseOptions = { lenient: true };

/**
 * The grammars a link may be resolved in: `web`, the URL Standard's parser (what a browser
 * fetches), and `rfc3986`, RFC 3986 read leniently.
 */
export type Grammar = 'web' | 'rfc3986';

/** The grammars, as an option names them. */
export const GRAMMAR_NAMES: readonly Grammar[] = ['web', 'rfc3986'];

/** What a resolved link may carry besides its URL. */
export type LinkWarning =
  /** The link holds U+FFFD for bytes that do not decode in the document's encoding. */
  | 'DECODE_ERROR'
  /** C0 controls or spaces at its ends were stripped, as the URL parser strips them. */
  | 'CONTROL_STRIPPED'
  /** Its query holds characters the document's encoding cannot encode, written `%26%23NNN%3B`. */
  | 'UNENCODABLE';

/** A C0 control or space (the URL Standard strips them at both ends). */
function isControlOrSpace(c: number): boolean {
  return c <= 0x20;
}

/** TAB, LF and CR, which URL parsers remove from anywhere in a link. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const HAS_TAB_OR_NEWLINE = /[\t\n\r]/;
/** A scheme (RFC 3986 §3.1) and its ":". */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The URL parser's input for `link`, and whether controls or spaces were stripped at its ends. */
export function urlInput(link: string): { input: string; stripped: boolean } {
  let start = 0;
  let end = link.length;
  while (start < end && isControlOrSpace(link.charCodeAt(start))) start++;
  while (end > start && isControlOrSpace(link.charCodeAt(end - 1))) end--;
  let input = start === 0 && end === link.length ? link : link.slice(start, end);
  if (HAS_TAB_OR_NEWLINE.test(input)) input = input.replace(TAB_OR_NEWLINE, '');
  // HTML trimmed its ASCII whitespace already: what else went is a control (or a space inside one).
  return { input, stripped: start > 0 || end < link.length };
}

/** The scheme of a preprocessed link (lower case), or null for a relative one. */
export function schemeOf(input: string): string | null {
  const m = SCHEME.exec(input);
  return m === null ? null : m[0].slice(0, -1).toLowerCase();
}

const SPECIAL = new Set(['ftp', 'file', 'http', 'https', 'ws', 'wss']);

// The URL Standard's percent-encode sets, beyond the C0 controls and non-ASCII that every one
// holds (sorted, as the encoder takes them). The userinfo keeps the characters RFC 3986 allows it.
const PATH_SET = ' "#<>?^`{}';
const QUERY_SET = ' "#<>';
const SPECIAL_QUERY_SET = ` "#'<>`;
const FRAGMENT_SET = ' "<>`';
/** Whether a URL holds anything that some set encodes. */
const NEEDS_ENCODING = /[\u0000-\u0020"'<>`{}\u007f-\uffff]/;

/** An encoding whose encoder the URL Standard uses for queries (UTF-16 and replacement use UTF-8). */
function outputEncoding(encoding: string): string {
  return encoding === 'utf-16be' || encoding === 'utf-16le' || encoding === 'replacement' ? 'utf-8' : encoding;
}

/**
 * `uri` (absolute, lenient RFC 3986) with each component percent-encoded as the URL Standard
 * does: the query in `encoding` for special schemes other than ws and wss, the rest in UTF-8.
 */
export function encodeAsBrowsers(uri: string, encoding: string, packages: LinkPackages): string {
  if (!NEEDS_ENCODING.test(uri)) return uri;
  const u = parse(uri, LENIENT);
  const scheme = u.scheme!.toLowerCase();
  const special = SPECIAL.has(scheme);
  const encode = packages.percentEncode;
  let out = `${u.scheme}:`;
  if (u.authority !== undefined) {
    out += '//';
    if (u.userinfo !== undefined) out += `${encode('utf-8', u.userinfo, PATH_SET)}@`;
    out += u.host!;
    if (u.port !== undefined) out += `:${u.port}`;
  }
  // An opaque path (mailto:, javascript:, data:) is encoded only where it holds controls or non-ASCII.
  const opaque = u.authority === undefined && !u.path.startsWith('/');
  out += encode('utf-8', u.path, opaque ? '' : PATH_SET);
  if (u.query !== undefined) {
    const queryEncoding = special && scheme !== 'ws' && scheme !== 'wss' ? outputEncoding(encoding) : 'utf-8';
    out += `?${encode(queryEncoding, u.query, special ? SPECIAL_QUERY_SET : QUERY_SET)}`;
  }
  if (u.fragment !== undefined) out += `#${encode('utf-8', u.fragment, FRAGMENT_SET)}`;
  return out;
}

/** A URI of RFC 3986's characters whose "%" are all "%XX" and that has no bracket and at most one "#": strict as it is. */
const STRICT_CHARACTERS = /^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]*$/;
const BARE_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * `uri` (absolute, lenient RFC 3986) with every character its component may not hold in RFC 3986
 * percent-encoded, as lenient reading's normal form writes them: what the URL Standard's sets
 * leave (`|`, `\`, `[` in a path, a space or a letter beyond ASCII in a host, a second `#`, a `%`
 * without two hex digits) is encoded too (beyond ASCII in UTF-8, §3.2.2), so that `--rfc3986`
 * writes URIs.
 */
export function strictRfc3986(uri: string): string {
  if (STRICT_CHARACTERS.test(uri) && !BARE_PERCENT.test(uri) && uri.indexOf('#') === uri.lastIndexOf('#')) return uri;
  const u = parse(uri, LENIENT);
  let out = `${u.scheme}:`;
  if (u.authority !== undefined) {
    out += '//';
    if (u.userinfo !== undefined) out += `${encodeOutside(u.userinfo, EncodeSet.USERINFO)}@`;
    const host = u.host!;
    out += u.hostType === 'reg-name' ? encodeOutside(host, EncodeSet.REG_NAME) : host;
    if (u.port !== undefined) out += `:${u.port}`;
  }
  out += encodeOutside(u.path, EncodeSet.PATH);
  if (u.query !== undefined) out += `?${encodeOutside(u.query, EncodeSet.QUERY)}`;
  if (u.fragment !== undefined) out += `#${encodeOutside(u.fragment, EncodeSet.FRAGMENT)}`;
  return out;
}

/** Any character beyond ASCII (the only ones an ASCII-compatible encoding writes other than UTF-8 does). */
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * `href`, the URL Standard's parse of `input` against `base` with its query in UTF-8, with the
 * query in `encoding` as the parser writes it for a document in that encoding: the query of the
 * input (from its first `?`, which always starts one unless a `#` came first, to its `#`) is
 * percent-encoded after encoding and parsed again. A query taken from the base came encoded.
 */
function webQueryInEncoding(input: string, base: string | null, href: string, encoding: string, packages: LinkPackages): string {
  const queryEncoding = outputEncoding(encoding);
  if (queryEncoding === 'utf-8') return href;
  const q = input.indexOf('?');
  const hash = input.indexOf('#');
  // No query, or a "?" in the fragment.
  if (q === -1 || (hash !== -1 && hash < q)) return href;
  const end = hash === -1 ? input.length : hash;
  const query = input.slice(q + 1, end);
  if (!NON_ASCII.test(query)) return href;
  const scheme = schemeOf(href)!;
  if (!SPECIAL.has(scheme) || scheme === 'ws' || scheme === 'wss') return href;
  const encoded = packages.percentEncode(queryEncoding, query, SPECIAL_QUERY_SET);
  return parseWeb(`${input.slice(0, q + 1)}${encoded}${input.slice(end)}`, base ?? undefined).href;
}

/** A link resolved in a grammar. */
interface Resolved {
  /** As the URL Standard percent-encodes it, its query in the document's encoding. */
  encoded: string;
  /** Before its query was encoded in the document's encoding: what `%26%23` it holds came with the link. */
  plain: string;
}

/**
 * Resolution in each grammar: `input` (preprocessed) against `base` (null: none; a relative input
 * then fails with `noBase`), the query encoded in `encoding`. Throws `UriError`.
 */
const GRAMMARS: Readonly<
  Record<Grammar, (input: string, base: string | null, noBase: UriError<string>, encoding: string, packages: LinkPackages) => Resolved>
> = {
  web: (input, base, noBase, encoding, packages) => {
    if (base === null && !SCHEME.test(input)) throw noBase;
    const plain = parseWeb(input, base ?? undefined).href;
    return { plain, encoded: webQueryInEncoding(input, base, plain, encoding, packages) };
  },
  rfc3986: (input, base, noBase, encoding, packages) => {
    let plain: string;
    if (base !== null) plain = resolve(base, input, LENIENT);
    // An absolute link needs no base: resolving it against itself removes its dot-segments (§5.2.2).
    else if (SCHEME.test(input)) plain = resolve(input, input, LENIENT);
    else {
      // The link's own error, if it has one, before the missing base.
      parse(input, LENIENT);
      throw noBase;
    }
    return { plain, encoded: strictRfc3986(encodeAsBrowsers(plain, encoding, packages)) };
  },
};

/** The outcome of resolving one link. */
export interface Resolution {
  resolved: string | null;
  error: UriError<string> | null;
  warnings: LinkWarning[];
}

const UNENCODABLE = /%26%23/g;

/**
 * `link` (as written, entities decoded) resolved against `base` (null: none; an absolute link
 * then stands alone, a relative one fails with `noBase`), in `grammar`, its query encoded in
 * `encoding`.
 */
export function resolveLink(
  link: string,
  base: string | null,
  noBase: UriError<string>,
  encoding: string,
  grammar: Grammar,
  packages: LinkPackages,
): Resolution {
  const { input, stripped } = urlInput(link);
  const warnings: LinkWarning[] = stripped ? ['CONTROL_STRIPPED'] : [];
  let r: Resolved;
  try {
    r = GRAMMARS[grammar](input, base, noBase, encoding, packages);
  } catch (e) {
    if (!(e instanceof UriError)) throw e;
    return { resolved: null, error: e, warnings };
  }
  const { plain, encoded } = r;
  if (encoded !== plain && (encoded.match(UNENCODABLE)?.length ?? 0) > (plain.match(UNENCODABLE)?.length ?? 0))
    warnings.push('UNENCODABLE');
  return { resolved: encoded, error: null, warnings };
}

/**
 * Reading URLs typed by people or found in seed lists, which are rarely URIs as written: spaces
 * around them, no scheme, `\` for `/`, spaces and non-ASCII inside. `heuristicParse` repairs what
 * it can, says what it repaired, and returns a strict RFC 3986 `Uri`.
 */

import { toAsciiHost } from '../ops/idna.js';
import { encodeComponents, encodedAny } from '../ops/percent.js';
import { argumentError, scanError, UriError } from '../syntax/errors.js';
import { Flag, OFFSETS_LENGTH, Slot, WARNING_FLAGS } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, optionNames, optionsOf, stringOption } from '../syntax/options.js';
import { scan } from '../syntax/scan.js';
import { parse, type Uri } from '../uri.js';

/** What `heuristicParse` repaired, in the order it repairs. */
export type HeuristicRepair =
  /** Whitespace around the input removed. */
  | 'trim'
  /** The `<…>`, `<URL:…>`, `"…"` or `URL:` that delimits a URI in text removed (RFC 3986 Appendix C). */
  | 'unwrap'
  /** Line breaks inside removed with the whitespace around them (a URL wrapped across lines), and tabs. */
  | 'whitespace'
  /** A Windows drive path (`C:\x`) or UNC path (`\\server\share`) written as a `file:` URI, all of it a path (RFC 8089 Appendix E). */
  | 'file-path'
  /** `\` read as `/` before the query. */
  | 'backslash'
  /** `http:/x`, `http:x` or `http:///x` written `http://x` (http, https, ws, wss, ftp); `file://c:/x` written `file:///c:/x`. */
  | 'slashes'
  /** A missing scheme added: `defaultScheme://`, or `mailto:` for an e-mail address. */
  | 'scheme'
  /** Characters RFC 3986 does not allow there (space, `"`, `<`, non-ASCII, a bare `%`, ...) percent-encoded. */
  | 'percent-encode'
  /** A Unicode host written as A-labels (IDNA, `toAsciiHost`). */
  | 'idna';

/** Options of `heuristicParse`. */
export interface HeuristicOptions {
  /** The scheme added to an input that has none (default `'http'`). */
  defaultScheme?: string;
  /**
   * `true` (the default): a host with non-ASCII characters is written as A-labels
   * (`münchen.de` → `xn--mnchen-3ya.de`), as browsers do. `false`: percent-encoded as UTF-8.
   */
  idna?: boolean;
}

const HEURISTIC_OPTIONS = optionNames<HeuristicOptions>()(['defaultScheme', 'idna']);

/** `heuristicParse`'s answer. */
export interface HeuristicResult {
  /** The repaired URI, strict RFC 3986. */
  uri: Uri;
  /** What was repaired (empty when the input was a URI as it stood). */
  repairs: readonly HeuristicRepair[];
}

const rec = new Uint32Array(OFFSETS_LENGTH);
const LENIENT = Object.freeze({ lenient: true });
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
/** `file://c:/…`: a drive letter where the host would be. */
const FILE_DRIVE = /^file:\/\/[A-Za-z]:(?:[/?#]|$)/i;
/** Schemes whose URIs always have an authority: their "//" can be restored. */
const AUTHORITY_SCHEMES = /^(?:https?|wss?|ftp):/i;

/**
 * Parses a URL as a person would type it: trims it, removes `<…>` around it, adds a missing
 * `http://` (or `defaultScheme`; `mailto:` for an e-mail address), restores the `//` of `http:`,
 * reads `\` as `/` before the query, percent-encodes what the grammar does not allow and writes
 * a Unicode host as A-labels (and checks one written as A-labels). An absolute URI stays as it is
 * (`tel:911`, `com.example.app:/oauth2redirect`), but that `name:digits` is a host and a port
 * unless `name` is a registered scheme. A Windows drive or UNC path is a `file:` URI. An input
 * that begins with `/`, `.`, `?` or `#` stays a relative reference. What was repaired comes back
 * with the `Uri`. The repairs are guesses: use them for input from people, never where the input
 * is meant to be a URI already.
 *
 * @throws {UriError} when even the repaired input is not a URI-reference (a port that is not
 *   digits, a bad IP literal, a control character), or names a host IDNA rejects, or a host with
 *   a space (`hello world`: INVALID_COMPONENT), with the index in the repaired text.
 * @example
 * heuristicParse('  example.com/a b ').uri.href;   // 'http://example.com/a%20b'
 * heuristicParse('  example.com/a b ').repairs;    // ['trim', 'scheme', 'percent-encode']
 * heuristicParse('http:\\\\münchen.de\\x?y=\\').uri.href; // 'http://xn--mnchen-3ya.de/x?y=%5C'
 * heuristicParse('localhost:8080').uri.href;        // 'http://localhost:8080'
 * heuristicParse('bob@example.com').uri.href;       // 'mailto:bob@example.com'
 * heuristicParse('com.example.app:/cb').uri.href;   // 'com.example.app:/cb'
 * heuristicParse('C:\\x\\y').uri.href;               // 'file:///C:/x/y'
 */
export function heuristicParse(input: string, options?: HeuristicOptions): HeuristicResult {
  if (typeof input !== 'string') throw argumentError('heuristicParse', 'input', 'a string', input);
  const o = optionsOf(options, 'heuristicParse');
  if (o !== undefined) checkOptionNames(o, HEURISTIC_OPTIONS, 'heuristicParse');
  const defaultScheme = o === undefined ? 'http' : stringOption(o, 'defaultScheme', 'heuristicParse', 'http');
  if (!SCHEME.test(defaultScheme)) {
    throw argumentError(
      'heuristicParse',
      'options.defaultScheme',
      'a scheme (a letter, then letters, digits, "+", "-" or ".")',
      defaultScheme,
    );
  }
  const idna = o === undefined || booleanOption(o, 'idna', 'heuristicParse', true);
  const repairs: HeuristicRepair[] = [];
  let s = input.trim();
  if (s !== input) repairs.push('trim');
  const unwrapped = unwrap(s);
  if (unwrapped !== s) {
    s = unwrapped;
    repairs.push('unwrap');
  }
  if (/[\t\n\r]/.test(s)) {
    // Appendix C: whitespace added to break a URI across lines is ignored, all of it around the
    // break; a tab is never part of a URI.
    s = s.replace(LINE_BREAK, '').replaceAll('\t', '');
    repairs.push('whitespace');
  }
  if (s === '') throw new UriError('INVALID_COMPONENT', 0, input, `Nothing to parse: ${JSON.stringify(input)} holds no URL`);
  const file = windowsFile(s);
  if (file !== null) {
    s = file;
    repairs.push('file-path');
  } else {
    const end = queryStart(s);
    const slash = s.slice(0, end).replaceAll('\\', '/');
    if (slash !== s.slice(0, end)) {
      s = slash + s.slice(end);
      repairs.push('backslash');
    }
    s = addScheme(s, defaultScheme, repairs);
  }
  const uri = encode(s, input, idna, repairs);
  const host = uri.host;
  if (idna && uri.hostType === 'reg-name' && ACE_LABEL.test(host!)) {
    // An A-label (an ASCII host IDNA did not write): checked as toAsciiHost checks it, and kept
    // as it was written.
    scan(uri.href, rec);
    hostToAscii(host!, uri.href, rec[Slot.HOST_START]!);
  }
  // http, https, ws, wss and ftp name a host (RFC 9110 §4.2.1 forbids an empty one for http):
  // "http:" alone, or ":8080", repaired to an empty host, is no URL.
  if (uri.host === '' && AUTHORITY_SCHEMES.test(uri.href)) {
    throw new UriError(
      'INVALID_COMPONENT',
      uri.href.indexOf('//') + 2,
      uri.href,
      `Missing host: ${JSON.stringify(input)} names no host (read as ${JSON.stringify(uri.href)})`,
    );
  }
  return { uri, repairs };
}

const LINE_BREAK = /[ \t]*[\r\n][ \t\r\n]*/g;

/** RFC 3986 Appendix C: `<URL:…>`, `<…>`, `"…"` and a leading `URL:` delimit a URI in text. */
function unwrap(s: string): string {
  let t = s;
  if (t.length >= 2 && ((t.startsWith('<') && t.endsWith('>')) || (t.startsWith('"') && t.endsWith('"')))) t = t.slice(1, -1).trim();
  if (/^URL:/i.test(t)) t = t.slice(4).trim();
  return t;
}

/** A drive letter, then a separator: `C:\`, `c:/`. */
const DRIVE = /^[A-Za-z]:[\\/]/;
/** Two backslashes and a server name: `\\server`. */
const UNC = /^\\\\[^\\/?#]/;
/** The Win32 long-path prefixes, `\\?\` and `\\?\UNC\`, which name the same files as the path after them. */
const LONG_PATH = /^\\\\\?\\(UNC\\)?/i;

/**
 * A Windows path as the `file:` URI RFC 8089 Appendix E writes it: a drive path `C:\x\y` as
 * `file:///C:/x/y` (E.2), a UNC path `\\server\share\x` as `file://server/share/x` (E.3);
 * null for anything else. A file name is no percent-encoded text, and may hold "#" and, after
 * `\\?\`, "?": "%", "#" and "?" are encoded here (no query or fragment follows a path); what
 * else a path cannot hold is encoded later.
 */
function windowsFile(s: string): string | null {
  let t = s;
  const long = LONG_PATH.exec(t);
  if (long !== null) t = long[1] === undefined ? t.slice(4) : `\\\\${t.slice(8)}`;
  const unc = UNC.test(t);
  if (!unc && !DRIVE.test(t)) return null;
  const path = t.replaceAll('%', '%25').replaceAll('\\', '/').replaceAll('?', '%3F').replaceAll('#', '%23');
  if (!unc) return `file:///${path}`;
  // RFC 8089's auth-path: the server, then an absolute path ("/" at least).
  return path.indexOf('/', 2) === -1 ? `file:${path}/` : `file:${path}`;
}

/** Where the query or fragment begins, or the end. */
function queryStart(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3f || c === 0x23) return i;
  }
  return s.length;
}

/**
 * A scheme where the text before the first ":" is one (RFC 3986 §3.1): the URI stays as it is,
 * registered schemes and private-use ones (RFC 7595 §3.8, `com.example.app:/oauth2redirect`)
 * alike, but for the "//" of the schemes that always have an authority. A name followed by ":"
 * and digits alone is a host and a port (`localhost:8080`, `example.com:8080`), as people type
 * them, unless the name is a registered scheme (`tel:911`).
 */
function addScheme(s: string, defaultScheme: string, repairs: HeuristicRepair[]): string {
  const colon = s.indexOf(':');
  const first = s.charCodeAt(0);
  // A relative reference that names no host: left as it is.
  if (first === 0x3f || first === 0x23 || first === 0x2e || (first === 0x2f && s.charCodeAt(1) !== 0x2f)) return s;
  const scheme = colon > 0 ? s.slice(0, colon) : '';
  const authority = AUTHORITY_SCHEMES.test(s);
  if (SCHEME.test(scheme) && (!isPort(s, colon, !authority) || (!authority && PERMANENT_SCHEMES.has(scheme.toLowerCase())))) {
    if (FILE_DRIVE.test(s)) {
      // RFC 8089 Appendix E.2: a drive letter begins the path; its file-auth has no port.
      repairs.push('slashes');
      return `${scheme}:///${s.slice(colon + 3)}`;
    }
    if (!authority) return s;
    let rest = colon + 1;
    while (s.charCodeAt(rest) === 0x2f) rest++;
    if (rest === colon + 3) return s;
    repairs.push('slashes');
    return `${scheme}://${s.slice(rest)}`;
  }
  repairs.push('scheme');
  if (first === 0x2f) return `${defaultScheme}:${s}`;
  if (isEmailAddress(s)) return `mailto:${s}`;
  return `${defaultScheme}://${s}`;
}

/**
 * A port follows the ":" at `colon`: digits up to the end, a "/", "?" or "#" (`example.com:8080`),
 * or, when `empty`, nothing at all (`example.com:`).
 */
function isPort(s: string, colon: number, empty: boolean): boolean {
  let i = colon + 1;
  while (i < s.length && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x39) i++;
  if (i === colon + 1) return empty && i === s.length;
  const c = s.charCodeAt(i);
  return i === s.length || c === 0x2f || c === 0x3f || c === 0x23;
}

/** IANA's permanent URI schemes (RFC 7595 §7.2): a name of these before ":" and digits is a scheme. */
const PERMANENT_SCHEMES: ReadonlySet<string> = new Set(
  (
    'aaa aaas about acap acct cap cid coap coap+tcp coap+ws coaps coaps+tcp coaps+ws crid data dav dict dns dtn ' +
    'example file ftp geo go gopher h323 http https iax icap im imap info ipn ipp ipps iris iris.beep iris.lwz ' +
    'iris.xpc iris.xpcs jabber ldap leaptofrogans mailto mid msrp msrps mtqp mupdate news nfs ni nih nntp ' +
    'opaquelocktoken payto pkcs11 pop pres reload rtsp rtsps rtspu secret-token service session shttp sieve sip ' +
    'sips sms snmp soap.beep soap.beeps stun stuns tag tel telnet tftp thismessage tip tn3270 turn turns tv urn ' +
    'vemmi vnc ws wss xcon xcon-userid xmlrpc.beep xmlrpc.beeps xmpp z39.50r z39.50s'
  ).split(' '),
);

/** `local@domain.tld` with nothing that would make it a URL. */
function isEmailAddress(s: string): boolean {
  const at = s.indexOf('@');
  return at > 0 && at === s.lastIndexOf('@') && s.indexOf('.', at) > at + 1 && !/[/?#:\s]/.test(s);
}

/**
 * Percent-encodes what a lenient scan tolerated of `s` (repaired from `input`), component by
 * component; IDNA for the host, which may not hold a space.
 */
function encode(s: string, input: string, idna: boolean, repairs: HeuristicRepair[]): Uri {
  const code = scan(s, rec, LENIENT);
  if (code !== 0) throw scanError(code, rec[Slot.ERROR_INDEX]!, s);
  const f = rec[Slot.FLAGS]!;
  if ((f & WARNING_FLAGS) === 0) return parse(s);
  let idnaHost = false;
  if ((f & Flag.AUTHORITY) !== 0) {
    const hostStart = rec[Slot.HOST_START]!;
    const space = s.slice(hostStart, rec[Slot.HOST_END]!).indexOf(' ');
    if (space !== -1) {
      // Words typed where a URL was expected ("hello world"): percent-encoded, the host would be
      // one that no resolver accepts. A search is the application's business, not a URI's.
      const index = hostStart + space;
      const message = `No URL: ${JSON.stringify(input)} has a space at index ${index} of its host, read as ${JSON.stringify(s)}; no host name holds one`;
      throw new UriError('INVALID_COMPONENT', index, s, message);
    }
  }
  const out = encodeComponents(
    s,
    rec,
    idna
      ? (start, end) => {
          idnaHost = true;
          return hostToAscii(s.slice(start, end), s, start);
        }
      : null,
  );
  if (encodedAny) repairs.push('percent-encode');
  if (idnaHost) repairs.push('idna');
  return parse(out);
}

/** A label that begins with the ACE prefix "xn--" (an A-label, or a bad one). */
const ACE_LABEL = /(?:^|\.)xn--/i;

/** toAsciiHost, with an error's index moved into the whole text. */
function hostToAscii(host: string, s: string, hostStart: number): string {
  try {
    return toAsciiHost(host);
  } catch (e) {
    const err = e as UriError;
    throw new UriError(err.code, hostStart + err.index, s, `${err.message}, in the host at index ${hostStart} of ${JSON.stringify(s)}`);
  }
}

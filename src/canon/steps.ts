/**
 * The steps of urlcanon's canonicalizers, each a change to a `ParsedUrl` as iipc/urlcanon's
 * Python steps make it; profiles.ts lists them in each profile's order.
 */
import { UriError } from '../syntax/errors.js';
import { lowerBytes, pctByte, pctDecode, pctDecodeRepeatedly } from './bytes.js';
import { punycodeSpecialHost } from './idna2008.js';
import { formatIPv4, formatIPv6 } from './ip.js';
import { type ParsedUrl, parseHostAddress, parsePathish, SPECIAL_SCHEMES } from './parsed.js';

export type Step = (url: ParsedUrl) => void;

const TAB_NEWLINE = /[\t\n\r]/g;
const HAS_TAB_NEWLINE = /[\t\n\r]/;

function noTabs(s: string): string {
  return HAS_TAB_NEWLINE.test(s) ? s.replace(TAB_NEWLINE, '') : s;
}

function special(url: ParsedUrl): boolean {
  return SPECIAL_SCHEMES.has(url.scheme);
}

/** Bytes matched by `re` (a global class) as `%XX`. */
function pctEncode(s: string, re: RegExp): string {
  re.lastIndex = 0;
  return re.test(s) ? s.replace(re, (c) => pctByte(c.charCodeAt(0))) : s;
}

const C0_ENCODE = /[\x00-\x1f\x7f-\xff]/g;
const PATH_ENCODE = /[\x00-\x20\x7f-\xff"#<>?`{}]/g;
const QUERY_ENCODE = /[\x00-\x20\x22\x23\x3c\x3e\x7f-\xff]/g;
const USERINFO_ENCODE = /[\x00-\x20\x7f-\xff"#<>?`{}/:;=@[\\\]^|]/g;
const HOST_ENCODE = /[\x00-\x20\x7f-\xff]/g;
const GOOGLE_ENCODE = /[\x00-\x20\x7f-\xff#%]/g;
const LESS_DUMB_USERINFO_ENCODE = /[\x00-\x20\x7f-\xff#%:@]/g;
const LESS_DUMB_PATH_ENCODE = /[\x00-\x20\x7f-\xff#%?]/g;
const LESS_DUMB_QUERY_ENCODE = /[\x00-\x20\x7f-\xff#%&=]/g;

export const removeLeadingTrailingJunk: Step = (url) => {
  url.leadingJunk = '';
  url.trailingJunk = '';
};

export const removeTabsAndNewlines: Step = (url) => {
  url.leadingJunk = noTabs(url.leadingJunk);
  url.scheme = noTabs(url.scheme);
  url.colonAfterScheme = noTabs(url.colonAfterScheme);
  url.slashes = noTabs(url.slashes);
  url.username = noTabs(url.username);
  url.colonBeforePassword = noTabs(url.colonBeforePassword);
  url.password = noTabs(url.password);
  url.atSign = noTabs(url.atSign);
  url.host = noTabs(url.host);
  url.colonBeforePort = noTabs(url.colonBeforePort);
  url.port = noTabs(url.port);
  url.path = noTabs(url.path);
  url.questionMark = noTabs(url.questionMark);
  url.query = noTabs(url.query);
  url.hashSign = noTabs(url.hashSign);
  url.fragment = noTabs(url.fragment);
  url.trailingJunk = noTabs(url.trailingJunk);
};

export const lowercaseScheme: Step = (url) => {
  url.scheme = lowerBytes(url.scheme);
};

export const fixBackslashes: Step = (url) => {
  if (!special(url)) return;
  url.slashes = '/'.repeat(url.slashes.length);
  if (url.path.includes('\\')) url.path = url.path.replace(/\\/g, '/');
};

/** urlcanon's `resolve_path_dots`: `.` and `..` segments (also as `%2e`) resolved; `\` a separator too when special. */
export function resolvePathDots(path: string, isSpecial: boolean): string {
  if (path.length === 0 || !(path[0] === '/' || (isSpecial && path[0] === '\\'))) return path;
  const sep = isSpecial ? /[/\\]/ : /\//;
  // separators and segments alternate: sep seg sep seg …
  const old: string[] = [];
  let segStart = 1;
  old.push(path[0]!);
  for (let i = 1; i < path.length; i++) {
    if (sep.test(path[i]!)) {
      old.push(path.slice(segStart, i), path[i]!);
      segStart = i + 1;
    }
  }
  old.push(path.slice(segStart));
  const out: string[] = [];
  for (let i = 0; i < old.length; i++) {
    const part = old[i]!;
    const m = /^(?:\.|%2e)(\.|%2e)?$/i.exec(part);
    if (m !== null) {
      if (m[1] !== undefined) {
        if (out.length > 1) out.pop();
        if (out.length > 1) out.pop();
      }
      i++;
    } else out.push(part);
  }
  return out.join('');
}

export const normalizePathDots: Step = (url) => {
  url.path = resolvePathDots(url.path, special(url));
};

export const pctEncodePath: Step = (url) => {
  url.path = pctEncode(url.path, url.path[0] === '/' || special(url) ? PATH_ENCODE : C0_ENCODE);
};

export const pctEncodeUserinfo: Step = (url) => {
  url.username = pctEncode(url.username, USERINFO_ENCODE);
  url.password = pctEncode(url.password, USERINFO_ENCODE);
};

export const pctEncodeFragment: Step = (url) => {
  url.fragment = pctEncode(url.fragment, C0_ENCODE);
};

export const pctEncodeHost: Step = (url) => {
  url.host = pctEncode(url.host, HOST_ENCODE);
};

export const emptyPathToSlash: Step = (url) => {
  if (url.path.length === 0 && url.authority.length > 0 && special(url)) url.path = '/';
};

export const normalizeIpAddress: Step = (url) => {
  if (url.ip4 !== null) {
    if (url.ip4 < 0) {
      throw new UriError(
        'INVALID_HOST',
        url.hostAt,
        url.input,
        `urlcanon: the host "${url.host}" at index ${url.hostAt} reads as a negative IPv4 address (urlcanon fails on it with AddressValueError)`,
      );
    }
    url.host = formatIPv4(url.ip4);
  } else if (url.ip6 !== null) url.host = `[${formatIPv6(url.ip6)}]`;
};

export const elideDefaultPort: Step = (url) => {
  if (special(url) && url.port === SPECIAL_SCHEMES.get(url.scheme)) {
    url.colonBeforePort = '';
    url.port = '';
  }
};

export const cleanUpUserinfo: Step = (url) => {
  if (url.password.length === 0) {
    url.colonBeforePassword = '';
    if (url.username.length === 0) url.atSign = '';
  }
};

export const twoSlashes: Step = (url) => {
  if (url.slashes.length > 0 || url.authority.length > 0 || url.scheme === 'file') url.slashes = '//';
};

export const punycodeHost: Step = (url) => {
  if (url.host.length > 0 && special(url)) url.host = punycodeSpecialHost(url.host);
};

export const leadingSlash: Step = (url) => {
  if (special(url) && url.path[0] !== '/') url.path = `/${url.path}`;
};

export const removeFragment: Step = (url) => {
  url.hashSign = '';
  url.fragment = '';
};

export const removeUserinfo: Step = (url) => {
  url.username = '';
  url.colonBeforePassword = '';
  url.password = '';
  url.atSign = '';
};

function decodeRepeatedly(s: string): string {
  return s.length === 0 ? s : pctDecodeRepeatedly(s);
}

export const pctDecodeAll: Step = (url) => {
  pctDecodeExceptQuery(url);
  url.query = decodeRepeatedly(url.query);
};

export const pctDecodeExceptQuery: Step = (url) => {
  url.scheme = decodeRepeatedly(url.scheme);
  url.username = decodeRepeatedly(url.username);
  url.password = decodeRepeatedly(url.password);
  url.host = decodeRepeatedly(url.host);
  url.port = decodeRepeatedly(url.port);
  url.path = decodeRepeatedly(url.path);
  url.fragment = decodeRepeatedly(url.fragment);
};

/** urlcanon's `pct_encode_query`: each key and value of the `&` parts encoded with `re`. */
function encodeQuery(url: ParsedUrl, re: RegExp, decodeFirst: boolean): void {
  if (url.query.length === 0) return;
  const parts = url.query.split('&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const eq = part.indexOf('=');
    const kv = eq < 0 ? [part] : [part.slice(0, eq), part.slice(eq + 1)];
    parts[i] = kv.map((t) => pctEncode(decodeFirst ? decodeRepeatedly(t) : t, re)).join('=');
  }
  url.query = parts.join('&');
}

export const pctEncodeQuery: Step = (url) => encodeQuery(url, QUERY_ENCODE, false);

/** Every part encoded with `re`, userinfo with `userinfo` and the path with `path` (the query apart). */
function encodeParts(url: ParsedUrl, re: RegExp, userinfo: RegExp, path: RegExp): void {
  url.scheme = pctEncode(url.scheme, re);
  url.username = pctEncode(url.username, userinfo);
  url.password = pctEncode(url.password, userinfo);
  url.host = pctEncode(url.host, re);
  url.port = pctEncode(url.port, re);
  url.path = pctEncode(url.path, path);
  url.fragment = pctEncode(url.fragment, re);
}

export const googlePctEncode: Step = (url) => {
  encodeParts(url, GOOGLE_ENCODE, GOOGLE_ENCODE, GOOGLE_ENCODE);
  encodeQuery(url, GOOGLE_ENCODE, false);
};

export const lessDumbPctEncode: Step = (url) => encodeParts(url, GOOGLE_ENCODE, LESS_DUMB_USERINFO_ENCODE, LESS_DUMB_PATH_ENCODE);

export const lessDumbPctRecodeQuery: Step = (url) => encodeQuery(url, LESS_DUMB_QUERY_ENCODE, true);

export const reparseHost: Step = (url) => parseHostAddress(url);

export const defaultSchemeHttp: Step = (url) => {
  if (url.scheme.length > 0) return;
  url.scheme = 'http';
  url.colonAfterScheme = ':';
  if (url.path.length > 0) parsePathish(url, url.path);
};

export const collapseConsecutiveSlashes: Step = (url) => {
  if (special(url) && url.path.includes('//')) url.path = url.path.replace(/\/\/+/g, '/');
};

export const fixHostDots: Step = (url) => {
  if (url.host.length > 0)
    url.host = url.host
      .replace(/^\.+/, '')
      .replace(/\.+(?=\n?$)/, '')
      .replace(/\.{2,}/g, '.');
};

export const pctDecodeHost: Step = (url) => {
  if (url.host.length > 0 && special(url)) url.host = pctDecode(url.host);
};

/** Python's `sorted` of byte strings. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const alphaReorderQuery: Step = (url) => {
  if (url.query.length > 0) url.query = url.query.split('&').sort(byteOrder).join('&');
};

export const httpsToHttp: Step = (url) => {
  if (url.scheme === 'https') url.scheme = 'http';
};

export const stripWww: Step = (url) => {
  url.host = url.host.replace(/^www[0-9]*\./, '');
};

export const lowercasePath: Step = (url) => {
  url.path = lowerBytes(url.path);
};

export const lowercaseQuery: Step = (url) => {
  url.query = lowerBytes(url.query);
};

const QUERY_SESSION_ID =
  /(&|^)(?:jsessionid=[0-9a-z$]{10,}|sessionid=[0-9a-z]{16,}|phpsessid=[0-9a-z]{16,}|sid=[0-9a-z]{16,}|aspsessionid[a-z]{8}=[0-9a-z]{16,}|cfid=[0-9]+&cftoken=[0-9a-z-]+)(&|$)/gi;

export const stripSessionIdsFromQuery: Step = (url) => {
  url.query = url.query.replace(QUERY_SESSION_ID, '$1$2');
};

const ASPX_PATH_SESSION_ID = /(?<=\/)\([0-9a-z]{24}\)\/|(?<=\/)(?:\((?:[a-z]\([0-9a-z]{24}\))+\)\/)/g;

export const stripSessionIdsFromPath: Step = (url) => {
  if (/^[^\n]*\.aspx$/.test(url.path)) url.path = url.path.replace(ASPX_PATH_SESSION_ID, '');
  url.path = url.path.replace(/;jsessionid=[0-9a-z]{32}$/, '');
};

export const stripTrailingSlashUnlessEmpty: Step = (url) => {
  if (url.path !== '/' && url.path.endsWith('/')) url.path = url.path.slice(0, -1);
};

export const removeRedundantAmpersandsFromQuery: Step = (url) => {
  url.query = url.query.replace(/^&+|&+$|(?<=&)&+/g, '');
};

export const omitQuestionMarkIfQueryEmpty: Step = (url) => {
  if (url.query.length === 0) url.questionMark = '';
};

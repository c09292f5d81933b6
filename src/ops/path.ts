/**
 * The path rules of RFC 3986 and recomposition: remove_dot_segments (§5.2.4), merge (§5.2.3),
 * the relative path from one directory to another, and §5.3's assembly of components into one
 * string, with the guards that keep a recomposed path from being read back as something else
 * (§3.3, §4.2). resolve, normalize and relativize build their output here, and `recompose`
 * fills the output's offsets record as it goes, so that no layer scans what another produced.
 */
import { argumentError } from '../syntax/errors.js';
import { isIPv4 } from '../syntax/host.js';
import { Flag, HOST_LITERAL, setOffsets } from '../syntax/offsets.js';
import { ALLOWED, EncodeSet, HEX_VALUE } from '../syntax/tables.js';
import { indexIn } from './percent.js';

// ---------------------------------------------------------------------------------------------
// §5.2.4 remove_dot_segments.

// Kept output of removeDots: pairs [start, end) of ranges of the path, in order.
let ranges = new Int32Array(64);

/**
 * RFC 3986 §5.2.4 remove_dot_segments.
 *
 * @example
 * removeDotSegments('/a/b/c/./../../g'); // '/a/g'
 * removeDotSegments('mid/content=5/../6'); // 'mid/6'
 */
export function removeDotSegments(path: string): string {
  if (typeof path !== 'string') throw argumentError('removeDotSegments', 'path', 'a string', path);
  return removeDots(path, false);
}

/**
 * §5.2.4 in one forward pass that keeps ranges of the input instead of copying, so that the
 * work stays linear in the path's length however many segments are dropped. Returns `path`
 * itself when it holds no dot-segment.
 *
 * With `keep`, a "/.." that has nothing to remove stays in the output instead of vanishing: the
 * RFC 2396 reading (java.net.URI), and what normalizing a relative-path reference builds on.
 */
export function removeDots(path: string, keep: boolean): string {
  if (!mayHaveDotSegment(path)) return path;
  const n = path.length;
  let count = 0; // ranges used, in pairs
  let i = 0;
  while (i < n) {
    const c = path.charCodeAt(i);
    if (c === 0x2e) {
      // Only at the start of a relative path: rule A ("../", "./") or D ("." or "..").
      const c1 = path.charCodeAt(i + 1);
      if (i + 1 === n) break;
      if (c1 === 0x2f) {
        i += 2;
        continue;
      }
      if (c1 === 0x2e && (i + 2 === n || path.charCodeAt(i + 2) === 0x2f)) {
        i += 3;
        continue;
      }
    } else if (c === 0x2f && path.charCodeAt(i + 1) === 0x2e) {
      const j = i + 2;
      if (j === n) {
        // Rule B: "/." at the end becomes "/".
        count = push(count, i, i + 1);
        break;
      }
      const c2 = path.charCodeAt(j);
      if (c2 === 0x2f) {
        // Rule B: "/./" becomes "/".
        i = j;
        continue;
      }
      if (c2 === 0x2e && (j + 1 === n || path.charCodeAt(j + 1) === 0x2f)) {
        // Rule C: "/../" becomes "/", "/.." at the end too, each removing the last output segment.
        if (keep && (count === 0 || isDotDot(path, count))) {
          count = push(count, i, j + 1);
        } else {
          if (count > 0) count -= 2;
          if (j + 1 === n) count = push(count, i, i + 1);
        }
        i = j + 1;
        continue;
      }
    }
    // Rule E: the first segment, with its leading "/", moves to the output.
    let e = path.indexOf('/', c === 0x2f ? i + 1 : i);
    if (e === -1) e = n;
    count = push(count, i, e);
    i = e;
  }
  let out = '';
  for (let k = 0; k < count; k += 2) out += path.slice(ranges[k], ranges[k + 1]);
  return out;
}

/** A path holds a dot-segment only if it starts with "." or holds "/.": skip the work otherwise. */
function mayHaveDotSegment(path: string): boolean {
  return path.charCodeAt(0) === 0x2e || path.indexOf('/.') !== -1;
}

function push(count: number, start: number, end: number): number {
  if (count === ranges.length) {
    const grown = new Int32Array(ranges.length * 2);
    grown.set(ranges);
    ranges = grown;
  }
  ranges[count] = start;
  ranges[count + 1] = end;
  return count + 2;
}

/** The last output range is a kept "/..". */
function isDotDot(path: string, count: number): boolean {
  const s = ranges[count - 2]!;
  return ranges[count - 1]! - s === 3 && path.charCodeAt(s + 1) === 0x2e && path.charCodeAt(s + 2) === 0x2e;
}

/**
 * A relative-path reference's path (no scheme, no authority, no leading "/") with its
 * dot-segments removed, keeping the ".." segments that have nothing to remove (§6.2.2.3 leaves
 * them: they climb above the base). Normalized as "/" + path with surplus "/.." kept, then the
 * "/" taken off again; guarded by `asRelativePath`, so it never changes what the path refers to.
 *
 * @example
 * removeDotsRelative('a/./b/../../../c'); // '../c'
 * removeDotsRelative('a/..');             // './'
 */
export function removeDotsRelative(path: string): string {
  return asRelativePath(removeDots(`/${path}`, true).slice(1));
}

// ---------------------------------------------------------------------------------------------
// §5.2.3 merge, and its inverse.

/**
 * §5.2.3: the reference's path appended to all but the last segment of the base's path
 * b[start, end); "/" + the reference's path when the base has an authority and an empty path.
 *
 * @example
 * merge('http://a/b/c/d;p?q', 8, 16, true, 'g'); // '/b/c/g'
 */
export function merge(b: string, start: number, end: number, hasAuthority: boolean, refPath: string): string {
  if (hasAuthority && start === end) return `/${refPath}`;
  const slash = lastSlash(b, start, end);
  return slash === -1 ? refPath : b.slice(start, slash + 1) + refPath;
}

/**
 * §5.2.3 merge and §5.2.4 remove_dot_segments in one step, for the common shape of a relative
 * link: a base path without dot-segments (and with an authority) whose last "/" is at `dir` (-1:
 * an empty path) and a reference path r[p, rPathEnd) of leading "../" and "./" steps, then no
 * dot-segment. Each "../" climbs one directory of the base (none above the root, as §5.2.4 drops
 * surplus ".."), so the target is a prefix of the base and a suffix of the reference: returns
 * the target, everything of the base before its path and everything of the reference after its
 * path included. Returns null for any other shape, which the general path takes.
 *
 * @example
 * climb('http://a/b/c/d', 8, 12, '../g?x', 0, 4); // 'http://a/b/g?x'
 */
export function climb(b: string, bPathStart: number, dir: number, r: string, p: number, rPathEnd: number): string | null {
  let up = 0;
  for (;;) {
    if (r.charCodeAt(p) !== 0x2e) break;
    const c1 = r.charCodeAt(p + 1);
    if (p + 1 === rPathEnd || c1 === 0x2f) {
      p = Math.min(p + 2, rPathEnd); // "./" or a final "."
    } else if (c1 === 0x2e && (p + 2 === rPathEnd || r.charCodeAt(p + 2) === 0x2f)) {
      up++;
      p = Math.min(p + 3, rPathEnd); // "../" or a final ".."
    } else {
      break;
    }
  }
  // The rest must hold no dot-segment: none starts at p, and no "/." follows (a native search:
  // charCodeAt costs more on the sliced strings that split lines are).
  if (p < rPathEnd && r.charCodeAt(p) === 0x2e) return null;
  const slashDot = r.indexOf('/.', p);
  if (slashDot !== -1 && slashDot < rPathEnd) return null;
  // An empty base path with an authority is "/".
  if (dir === -1) return `${b.slice(0, bPathStart)}/${r.slice(p)}`;
  while (up > 0 && dir > bPathStart) {
    dir = lastSlash(b, bPathStart, dir);
    up--;
  }
  return b.slice(0, dir + 1) + r.slice(p);
}

/** The index of the last "/" in b[start, end), or -1 (lastIndexOf would look on before start). */
export function lastSlash(b: string, start: number, end: number): number {
  for (let i = end - 1; i >= start; i--) if (b.charCodeAt(i) === 0x2f) return i;
  return -1;
}

/**
 * A relative path from the directory of the path `from` to the path `to`: "../" for each
 * directory of `from` past their common prefix, then the rest of `to`, guarded by
 * `asRelativePath` when it does not climb.
 *
 * @example
 * relativePath('/a/b/c', '/a/d'); // '../d'
 * relativePath('/a/b', '/a/x:y'); // './x:y'
 */
export function relativePath(from: string, to: string): string {
  // Common directory prefix, up to and including a "/".
  let common = 0;
  const limit = Math.min(from.length, to.length);
  for (let i = 0; i < limit && from.charCodeAt(i) === to.charCodeAt(i); i++) if (from.charCodeAt(i) === 0x2f) common = i + 1;
  let up = 0;
  for (let i = from.indexOf('/', common); i !== -1; i = from.indexOf('/', i + 1)) up++;
  const rest = to.slice(common);
  return up === 0 ? asRelativePath(rest) : '../'.repeat(up) + rest;
}

// ---------------------------------------------------------------------------------------------
// The guards (§3.3, §4.2).

/**
 * A relative-path reference for `path`, with "./" in front where the path alone would mean
 * something else: empty (the same document), beginning with "/" (an absolute path), or with a
 * ":" in its first segment (a scheme, §4.2).
 *
 * @example
 * asRelativePath('a:b/c'); // './a:b/c'
 * asRelativePath('');      // './'
 */
export function asRelativePath(path: string): string {
  return path === '' || path.charCodeAt(0) === 0x2f || colonInFirstSegment(path) ? `./${path}` : path;
}

/** The first segment holds a ":" (so, without a scheme, it would read as one). */
function colonInFirstSegment(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 0x3a) return true;
    if (c === 0x2f) return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// §5.3 recomposition.

/**
 * The components of a URI-reference to put together, each as it will be written (encoded):
 * `undefined` for an absent one, `''` for a present and empty one (RFC 3986 §5.3 keeps them
 * apart). `host` present means an authority is present.
 */
export interface Parts {
  /** Without its ":". */
  scheme: string | undefined;
  /** Without its "@"; only with a host. */
  userinfo: string | undefined;
  /** `''` for an empty host; an IP-literal with its brackets. */
  host: string | undefined;
  /** Without its ":"; only with a host. */
  port: string | undefined;
  /** Empty or beginning with "/" when a host is present. */
  path: string;
  /** Without its "?". */
  query: string | undefined;
  /** Without its "#". */
  fragment: string | undefined;
}

/** Parts with every component absent and an empty path, to fill in. */
export function emptyParts(): Parts {
  return { scheme: undefined, userinfo: undefined, host: undefined, port: undefined, path: '', query: undefined, fragment: undefined };
}

/** The hint flags `recompose` derives from the text. */
const HINTS = Flag.PERCENT | Flag.DOT | Flag.NON_ASCII | Flag.UPPER | Flag.PCT_LOWER | Flag.PCT_UNRESERVED;

/**
 * RFC 3986 §5.3: writes `scheme ":" "//" userinfo "@" host ":" port path "?" query "#" fragment`
 * (the delimiters only around present components) and, when `out` is given, fills it with the
 * result's offsets record exactly as `scan` would (the host's type and every hint: `PERCENT`,
 * `PCT_LOWER`, `PCT_UNRESERVED`, `DOT`, `NON_ASCII`, `UPPER`), so that the next layer needs no scan.
 *
 * Two guards keep the result meaning what the parts say: without an authority, a path that
 * begins with "//" gets "/." in front (§3.3: it would read as an authority); without a scheme
 * and authority, a path whose first segment holds ":" gets "./" in front (§4.2: it would read as
 * a scheme).
 *
 * The parts must form a URI-reference that `scan` accepts without `lenient` (the record gets no
 * WARN_* flag). `maybe` names the hints that may hold, so that the others are not looked for
 * (when the parts come from records that lack them): `Flag.PERCENT` (with its PCT_LOWER and
 * PCT_UNRESERVED), `DOT`, `NON_ASCII`, `UPPER`; all of them by default.
 *
 * @throws {RangeError} when a host is present and the path is neither empty nor begins with "/".
 * @example
 * const rec = new Uint32Array(OFFSETS_LENGTH);
 * recompose({ scheme: 'http', userinfo: undefined, host: 'a', port: '8080', path: '/b',
 *   query: 'q', fragment: undefined }, rec); // 'http://a:8080/b?q'
 * rec[Slot.PORT_START]; // 9
 * recompose({ scheme: undefined, userinfo: undefined, host: undefined, port: undefined,
 *   path: 'a:b', query: undefined, fragment: undefined }, null); // './a:b'
 */
export function recompose(parts: Parts, out: Uint32Array | null, maybe: number = HINTS): string {
  const { scheme, userinfo, host, port, query, fragment } = parts;
  let path = parts.path;
  let s = '';
  let flags = 0;
  let schemeEnd = 0;
  let authorityStart = 0;
  let userinfoEnd = 0;
  let hostStart = 0;
  let hostEnd = 0;
  let portStart = 0;
  if (scheme !== undefined) {
    s = `${scheme}:`;
    schemeEnd = scheme.length;
    flags |= Flag.SCHEME;
  }
  if (host !== undefined) {
    if (path !== '' && path.charCodeAt(0) !== 0x2f)
      throw new RangeError(`a path after an authority must be empty or begin with "/", got ${JSON.stringify(path)}`);
    s += '//';
    authorityStart = hostStart = s.length;
    flags |= Flag.AUTHORITY;
    if (userinfo !== undefined) {
      s += `${userinfo}@`;
      hostStart = s.length;
      userinfoEnd = hostStart - 1;
      flags |= Flag.USERINFO;
    }
    s += host;
    hostEnd = s.length;
    flags |= hostFlag(s, hostStart, hostEnd);
    if (port !== undefined) {
      s += `:${port}`;
      portStart = hostEnd + 1;
      flags |= Flag.PORT;
    }
  } else if (path.charCodeAt(0) === 0x2f && path.charCodeAt(1) === 0x2f) {
    path = `/.${path}`;
  } else if (scheme === undefined && colonInFirstSegment(path)) {
    path = `./${path}`;
  }
  const pathStart = s.length;
  s += path;
  const pathEnd = s.length;
  let queryStart = 0;
  let queryEnd = 0;
  let fragmentStart = 0;
  if (query !== undefined) {
    s += `?${query}`;
    queryStart = pathEnd + 1;
    queryEnd = s.length;
    flags |= Flag.QUERY;
  }
  if (fragment !== undefined) {
    s += `#${fragment}`;
    fragmentStart = s.length - fragment.length;
    flags |= Flag.FRAGMENT;
  }
  if (out === null) return s;
  if ((maybe & Flag.DOT) !== 0 && (path.charCodeAt(0) === 0x2e || path.indexOf('/.') !== -1)) flags |= Flag.DOT;
  if ((maybe & Flag.PERCENT) !== 0) flags |= percentHints(s);
  if ((maybe & Flag.NON_ASCII) !== 0 && NON_ASCII.test(s)) flags |= Flag.NON_ASCII;
  if (
    (maybe & Flag.UPPER) !== 0 &&
    (UPPER.test(s.slice(0, schemeEnd)) || ((flags & (HOST_LITERAL | Flag.HOST_IPV4)) === 0 && UPPER.test(s.slice(hostStart, hostEnd))))
  ) {
    flags |= Flag.UPPER;
  }
  setOffsets(
    out,
    schemeEnd,
    authorityStart,
    userinfoEnd,
    hostStart,
    hostEnd,
    portStart,
    pathStart,
    pathEnd,
    queryStart,
    queryEnd,
    fragmentStart,
    s.length,
    flags,
    0,
  );
  return s;
}

const NON_ASCII = /[^\u0000-\u007f]/;
const UPPER = /[A-Z]/;

/**
 * PERCENT and its hints (PCT_LOWER, PCT_UNRESERVED), as scan sets them, for the "%XX" in
 * [start, end) of a text (whole components: a "%XX" cannot straddle a delimiter). A "%" that
 * does not begin one (lenient text) is skipped, as scan skips it.
 */
export function percentHints(s: string, start = 0, end = s.length): number {
  let flags = 0;
  let i = indexIn(s, 0x25, start, end);
  while (i !== -1) {
    const h = s.charCodeAt(i + 1);
    const l = s.charCodeAt(i + 2);
    const hv = h < 0x80 ? HEX_VALUE[h]! : 0xff;
    const lv = l < 0x80 ? HEX_VALUE[l]! : 0xff;
    if (hv === 0xff || lv === 0xff || i + 2 >= end) {
      i = indexIn(s, 0x25, i + 1, end);
      continue;
    }
    const octet = (hv << 4) | lv;
    flags |= Flag.PERCENT | (h >= 0x61 || l >= 0x61 ? Flag.PCT_LOWER : 0);
    if (octet < 0x80 && (ALLOWED[octet]! & EncodeSet.UNRESERVED) !== 0) flags |= Flag.PCT_UNRESERVED;
    i = indexIn(s, 0x25, i + 3, end);
  }
  return flags;
}

/** The HOST_* flag of the host s[start, end), read from its text as scan classifies it (§3.2.2). */
function hostFlag(s: string, start: number, end: number): number {
  if (s.charCodeAt(start) === 0x5b) return (s.charCodeAt(start + 1) | 0x20) === 0x76 /* v */ ? Flag.HOST_IPVFUTURE : Flag.HOST_IPV6;
  return isIPv4(s, start, end) ? Flag.HOST_IPV4 : 0;
}

/**
 * Reference resolution (RFC 3986 §5.2) and dot-segment removal (§5.2.4), working from two
 * offsets records and building the target string once. `rfc2396: true` gives java.net.URI's
 * RFC 2396 answers instead.
 */
import { scanError, UriError } from './errors.js';
import { Bit, OFFSETS_LENGTH, Off, type ParseOptions, scan } from './scan.js';
import { Uri } from './uri.js';

/** Options of `resolve`. */
export interface ResolveOptions extends ParseOptions {
  /**
   * `true` (the default): a reference with a scheme is used as it is (§5.2.2), so `http:g`
   * stays `http:g`. `false`: the backward-compatible reading that ignores a reference's scheme
   * when it equals the base's (`http:g` against an http base is `g`).
   */
  strict?: boolean;
  /** java.net.URI's RFC 2396 answers: `?y` → `http://a/b/c/?y`, `""` → `http://a/b/c/`, surplus `..` kept. */
  rfc2396?: boolean;
}

const baseRec = new Uint32Array(OFFSETS_LENGTH);
const refRec = new Uint32Array(OFFSETS_LENGTH);
/** The base string that baseRec describes (null when it describes no string), and its options. */
let lastBase: string | null = null;
let lastKey = 0;

/** The parse options that change a scan, as a small number (maxLength is checked on reuse). */
function scanKey(options: ParseOptions | undefined): number {
  if (options === undefined) return 0;
  return (
    (options.lenient === true ? 1 : 0) |
    (options.iri === true ? 2 : 0) |
    (options.zoneId === true ? 4 : 0) |
    (options.absolute === true ? 8 : 0)
  );
}

/**
 * Fills `rec` for a string or a `Uri` and returns the string. Invalid strings throw `UriError`.
 * @internal shared by resolve, normalize and relativize.
 */
export function load(x: string | Uri, rec: Uint32Array, options: ParseOptions | undefined): string {
  if (typeof x === 'string') {
    const code = scan(x, rec, options);
    if (code !== 0) throw scanError(code, rec[Off.ERROR_INDEX]!, x);
    return x;
  }
  if (x instanceof Uri) {
    x.writeOffsets(rec);
    return x.href;
  }
  throw new TypeError(`expected a string or a Uri, got ${x === null ? 'null' : typeof x}`);
}

/**
 * Resolves `reference` against `base` (RFC 3986 §5.2.2, recomposed per §5.3).
 *
 * @throws {UriError} RELATIVE_BASE when the base has no scheme; any parse error of either input.
 * @example
 * resolve('http://a/b/c/d;p?q', '../g');      // 'http://a/b/g'
 * resolve('http://a/b/c/d;p?q', '?y');        // 'http://a/b/c/d;p?y'
 * resolve('http://a/b/c/d;p?q', '?y', { rfc2396: true }); // 'http://a/b/c/?y'
 */
export function resolve(base: string | Uri, reference: string | Uri, options?: ResolveOptions): string {
  // A crawler resolves every link of a page against that page: the base's record is kept and
  // reused while the same base string (under the same parse options) comes again.
  const key = scanKey(options);
  let b: string;
  if (
    typeof base === 'string' &&
    base === lastBase &&
    key === lastKey &&
    (options === undefined || options.maxLength === undefined || base.length <= options.maxLength)
  ) {
    b = base;
  } else {
    lastBase = null;
    b = load(base, baseRec, options);
    if (typeof base === 'string') {
      lastBase = base;
      lastKey = key;
    }
  }
  if ((baseRec[Off.FLAGS]! & Bit.SCHEME) === 0) throw new UriError('RELATIVE_BASE', 0, b);
  const r = load(reference, refRec, options);
  if (options !== undefined && options.rfc2396 === true) return resolve2396(b, r);
  return resolveRecords(b, baseRec, r, refRec, options === undefined || options.strict !== false);
}

/** §5.2.2 over two filled records. @internal also used by relativize. */
export function resolveRecords(b: string, bo: Uint32Array, r: string, ro: Uint32Array, strict: boolean): string {
  const rf = ro[Off.FLAGS]!;
  const bSchemeEnd = bo[Off.SCHEME_END]!;
  let rStart = 0; // where the reference's relative part starts (after an ignored scheme)
  if ((rf & Bit.SCHEME) !== 0) {
    const rSchemeEnd = ro[Off.SCHEME_END]!;
    if (strict || !sameScheme(b, bSchemeEnd, r, rSchemeEnd)) {
      // T = R, with its path's dot-segments removed.
      if ((rf & Bit.DOT) === 0) return r;
      let rPath = removeDots(r.slice(ro[Off.PATH_START], ro[Off.PATH_END]), false);
      // Without an authority, a path that now begins with "//" would read back as one (§3.3).
      if ((rf & Bit.AUTHORITY) === 0 && rPath.charCodeAt(0) === 0x2f && rPath.charCodeAt(1) === 0x2f) rPath = `/.${rPath}`;
      return r.slice(0, ro[Off.PATH_START]) + rPath + r.slice(ro[Off.PATH_END]);
    }
    rStart = rSchemeEnd + 1;
  }
  const scheme = b.slice(0, bSchemeEnd + 1);
  const rPathStart = ro[Off.PATH_START]!;
  const rPathEnd = ro[Off.PATH_END]!;
  const rTail = r.slice(rPathEnd); // "?query#fragment" as the reference has them
  if ((rf & Bit.AUTHORITY) !== 0) {
    return scheme + r.slice(rStart, rPathStart) + dots(r, rPathStart, rPathEnd, rf) + rTail;
  }
  const bf = bo[Off.FLAGS]!;
  const bPathStart = bo[Off.PATH_START]!;
  const bPathEnd = bo[Off.PATH_END]!;
  if (rPathStart === rPathEnd) {
    // Same document: the base's path, and its query unless the reference has one.
    if ((rf & Bit.QUERY) !== 0) return b.slice(0, bPathEnd) + rTail;
    const bEnd = (bf & Bit.FRAGMENT) !== 0 ? bo[Off.FRAGMENT_START]! - 1 : b.length;
    return rTail === '' && bEnd === b.length ? b : b.slice(0, bEnd) + rTail;
  }
  if (r.charCodeAt(rPathStart) !== 0x2f && (bf & (Bit.DOT | Bit.AUTHORITY)) === Bit.AUTHORITY) {
    const climbed = climb(b, bPathStart, bPathEnd, r, rPathStart, rPathEnd);
    if (climbed !== null) return climbed;
  }
  const authority = b.slice(bSchemeEnd + 1, bPathStart);
  let path: string;
  if (r.charCodeAt(rPathStart) === 0x2f) {
    path = dots(r, rPathStart, rPathEnd, rf);
  } else {
    path = removeDots(merge(b, bPathStart, bPathEnd, (bf & Bit.AUTHORITY) !== 0, r.slice(rPathStart, rPathEnd)), false);
  }
  // A path that begins with "//" and no authority would read back as an authority (§3.3).
  if ((bf & Bit.AUTHORITY) === 0 && path.charCodeAt(0) === 0x2f && path.charCodeAt(1) === 0x2f) path = `/.${path}`;
  return scheme + authority + path + rTail;
}

/**
 * §5.2.3 merge and §5.2.4 remove_dot_segments in one step, for the common shape of a relative
 * link: a base path without dot-segments (and with an authority) and a reference path of
 * leading "../" and "./" steps, then no dot-segment. Each "../" climbs one directory of the base
 * (none above the root, as §5.2.4 drops surplus ".."), so the target is a prefix of the base
 * and a suffix of the reference. Returns null for any other shape, which the general path takes.
 */
function climb(b: string, bPathStart: number, bPathEnd: number, r: string, p: number, rPathEnd: number): string | null {
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
  // The rest must hold no dot-segment: none starts at p, and no "/." follows.
  if (r.charCodeAt(p) === 0x2e && p < rPathEnd) return null;
  const dot = r.indexOf('/.', p);
  if (dot !== -1 && dot < rPathEnd) return null;
  // The base's directory ends after its last "/"; an empty base path with an authority is "/".
  let dir = b.lastIndexOf('/', bPathEnd - 1);
  if (dir < bPathStart) {
    if (bPathStart !== bPathEnd) return null;
    return `${b.slice(0, bPathStart)}/${r.slice(p)}`;
  }
  while (up > 0 && dir > bPathStart) {
    dir = b.lastIndexOf('/', dir - 1);
    up--;
  }
  return b.slice(0, dir + 1) + r.slice(p);
}

function sameScheme(a: string, aEnd: number, b: string, bEnd: number): boolean {
  if (aEnd !== bEnd) return false;
  for (let i = 0; i < aEnd; i++) if ((a.charCodeAt(i) | 0x20) !== (b.charCodeAt(i) | 0x20)) return false;
  return true;
}

function dots(s: string, start: number, end: number, flags: number): string {
  const path = s.slice(start, end);
  return (flags & Bit.DOT) === 0 ? path : removeDots(path, false);
}

/** §5.2.3: the reference's path appended to all but the last segment of the base's path. */
function merge(b: string, start: number, end: number, hasAuthority: boolean, refPath: string): string {
  if (hasAuthority && start === end) return `/${refPath}`;
  const slash = b.lastIndexOf('/', end - 1);
  return slash < start ? refPath : b.slice(start, slash + 1) + refPath;
}

/**
 * RFC 2396 §5.2 as java.net.URI implements it: a reference with a scheme, or any reference
 * against an opaque base, is returned as it is; a fragment-only reference keeps the base; a
 * network-path or absolute-path reference is taken without removing dot-segments; a relative
 * path is merged, runs of "/" collapsed, then "." segments and "segment/.." pairs are removed and
 * surplus ".." kept.
 */
function resolve2396(b: string, r: string): string {
  const rf = refRec[Off.FLAGS]!;
  const bSchemeEnd = baseRec[Off.SCHEME_END]!;
  if ((rf & Bit.SCHEME) !== 0 || b.charCodeAt(bSchemeEnd + 1) !== 0x2f) return r;
  const rPathStart = refRec[Off.PATH_START]!;
  const rPathEnd = refRec[Off.PATH_END]!;
  const bf = baseRec[Off.FLAGS]!;
  if ((rf & (Bit.AUTHORITY | Bit.QUERY)) === 0 && rPathStart === rPathEnd && (rf & Bit.FRAGMENT) !== 0) {
    const bEnd = (bf & Bit.FRAGMENT) !== 0 ? baseRec[Off.FRAGMENT_START]! - 1 : b.length;
    return b.slice(0, bEnd) + r;
  }
  const scheme = b.slice(0, bSchemeEnd + 1);
  if ((rf & Bit.AUTHORITY) !== 0) return scheme + r;
  const authority = b.slice(bSchemeEnd + 1, baseRec[Off.PATH_START]);
  if (r.charCodeAt(rPathStart) === 0x2f) return scheme + authority + r;
  const bPathStart = baseRec[Off.PATH_START]!;
  const bPathEnd = baseRec[Off.PATH_END]!;
  // RFC 2396 §5.2 step 6 knows no "/" for an empty base path (RFC 3986 §5.2.3 added it): with an
  // empty reference path too, the path stays empty ("http://a" and "?y" give "http://a?y").
  const merged =
    rPathStart === rPathEnd && bPathStart === bPathEnd
      ? ''
      : merge(b, bPathStart, bPathEnd, (bf & Bit.AUTHORITY) !== 0, r.slice(rPathStart, rPathEnd));
  // java.net.URI's normalize also collapses the merged path's runs of "/" ("a//b" is the segments
  // "a" and "b"): "x:/a" + ".//g" is "x:/g", and never "x://g", which would read back as an authority.
  return scheme + authority + removeDots(merged.replace(/\/\/+/g, '/'), true) + r.slice(rPathEnd);
}

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
  if (typeof path !== 'string') throw new TypeError(`removeDotSegments expects a string, got ${typeof path}`);
  return removeDots(path, false);
}

/**
 * §5.2.4 in one forward pass that keeps ranges of the input instead of copying, so that the
 * work stays linear in the path's length however many segments are dropped.
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

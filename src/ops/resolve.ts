/**
 * Reference resolution (RFC 3986 §5.2), from two offsets records to the target's text.
 *
 * §5.2.2 picks each component of the target from the reference or the base, and path.ts merges,
 * removes dot segments and recomposes (§5.3). `rfc2396: true` gives java.net.URI's RFC 2396
 * answers instead.
 */

import { UriError } from '../syntax/errors.js';
import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, fragmentMarkOf, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, countOption, optionNames, optionsOf } from '../syntax/options.js';
import { type ParseOptions, scanOptions } from '../syntax/scan.js';
import { authorityKindOf } from './authority.js';
import { climb, emptyParts, lastSlash, merge, type Parts, recompose, removeDots } from './path.js';

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

/** The names of ResolveOptions. */
export const RESOLVE_OPTIONS = optionNames<ResolveOptions>()(['absolute', 'lenient', 'iri', 'zoneId', 'maxLength', 'strict', 'rfc2396']);

const baseRec = new Uint32Array(OFFSETS_LENGTH);
const refRec = new Uint32Array(OFFSETS_LENGTH);
/** The base string that baseRec describes (null when it describes no string), and its options. */
let lastBase: string | null = null;
let lastKey = 0;
/** The last "/" of baseRec's path (-1: none), -2 until climb asks: a page's links find it once. */
let lastDir = -2;

/**
 * Resolves `reference` against `base` (RFC 3986 §5.2.2, recomposed per §5.3).
 *
 * @throws {UriError} RELATIVE_BASE when the base has no scheme; any parse error of either input.
 * @example
 * resolve('http://a/b/c/d;p?q', '../g');      // 'http://a/b/g'
 * resolve('http://a/b/c/d;p?q', '?y');        // 'http://a/b/c/d;p?y'
 * resolve('http://a/b/c/d;p?q', '?y', { rfc2396: true }); // 'http://a/b/c/?y'
 */
export function resolve(base: string | UriLike, reference: string | UriLike, options?: ResolveOptions): string {
  const o = optionsOf(options, 'resolve');
  if (o !== undefined) checkOptionNames(o, RESOLVE_OPTIONS, 'resolve');
  const key = o === undefined ? 0 : scanOptions(o, 'resolve');
  const maxLength = o === undefined ? -1 : countOption(o, 'maxLength', 'resolve');
  // A crawler resolves every link of a page against that page: the base's record is kept and
  // reused while the same base string (under the same parse options) comes again.
  let b: string;
  if (typeof base === 'string' && base === lastBase && key === lastKey && (maxLength < 0 || base.length <= maxLength)) {
    b = base;
  } else {
    lastBase = null;
    lastDir = -2;
    b = scanInput(base, baseRec, options, 'resolve', 'base');
    if (typeof base === 'string') {
      lastBase = base;
      lastKey = key;
    }
  }
  if ((baseRec[Slot.FLAGS]! & Flag.SCHEME) === 0) throw new UriError('RELATIVE_BASE', 0, b);
  const r = scanInput(reference, refRec, options, 'resolve', 'reference');
  if (o !== undefined && booleanOption(o, 'rfc2396', 'resolve')) return resolve2396(b, r);
  return resolveRecords(b, baseRec, r, refRec, o === undefined || booleanOption(o, 'strict', 'resolve', true), null);
}

/** The target's components, filled by resolveRecords (one object, reused: no allocation per call). */
const T = emptyParts();

/**
 * §5.2.2 over two filled records: the base `b` (with a scheme) described by `bo` and the
 * reference `r` described by `ro`. With `out`, the target's offsets record is written there (it
 * may be `bo` or `ro`: they are read first); without, the common shapes take a shorter way to
 * the same string.
 */
export function resolveRecords(b: string, bo: Uint32Array, r: string, ro: Uint32Array, strict: boolean, out: Uint32Array | null): string {
  const rf = ro[Slot.FLAGS]!;
  const bf = bo[Slot.FLAGS]!;
  const rPathStart = ro[Slot.PATH_START]!;
  const rPathEnd = ro[Slot.PATH_END]!;
  // A reference with a scheme is used as it is, unless the non-strict reading ignores it.
  const rScheme = (rf & Flag.SCHEME) !== 0 && (strict || !sameScheme(b, bo[Slot.SCHEME_END]!, r, ro[Slot.SCHEME_END]!));
  if (out === null) {
    const fast = resolveShort(b, bo, bf, r, ro, rf, rScheme, rPathStart, rPathEnd);
    if (fast !== null) return fast;
  }
  const t = T;
  t.fragment = (rf & Flag.FRAGMENT) !== 0 ? r.slice(ro[Slot.FRAGMENT_START]) : undefined;
  let path: string;
  if (rScheme || (rf & Flag.AUTHORITY) !== 0) {
    // T takes the reference's authority, path and query; its scheme too unless ignored.
    t.scheme = rScheme ? r.slice(0, ro[Slot.SCHEME_END]) : b.slice(0, bo[Slot.SCHEME_END]);
    authorityOf(t, r, ro, rf);
    path = removeDots(r.slice(rPathStart, rPathEnd), false);
    t.query = (rf & Flag.QUERY) !== 0 ? r.slice(ro[Slot.QUERY_START], ro[Slot.QUERY_END]) : undefined;
  } else {
    // T takes the base's scheme and authority.
    t.scheme = b.slice(0, bo[Slot.SCHEME_END]);
    authorityOf(t, b, bo, bf);
    const bPathStart = bo[Slot.PATH_START]!;
    const bPathEnd = bo[Slot.PATH_END]!;
    if (rPathStart === rPathEnd) {
      path = b.slice(bPathStart, bPathEnd);
      t.query =
        (rf & Flag.QUERY) !== 0
          ? r.slice(ro[Slot.QUERY_START], ro[Slot.QUERY_END])
          : (bf & Flag.QUERY) !== 0
            ? b.slice(bo[Slot.QUERY_START], bo[Slot.QUERY_END])
            : undefined;
    } else {
      const refPath = r.slice(rPathStart, rPathEnd);
      path = removeDots(
        refPath.charCodeAt(0) === 0x2f ? refPath : merge(b, bPathStart, bPathEnd, (bf & Flag.AUTHORITY) !== 0, refPath),
        false,
      );
      t.query = (rf & Flag.QUERY) !== 0 ? r.slice(ro[Slot.QUERY_START], ro[Slot.QUERY_END]) : undefined;
    }
  }
  t.path = path;
  // The target's text comes from the two inputs: a hint neither has cannot hold (DOT can: the
  // "/." guard).
  return recompose(t, out, ((bf | rf) & (Flag.PERCENT | Flag.NON_ASCII | Flag.UPPER)) | Flag.DOT);
}

/** The authority of s (described by rec, with flags f) into t: absent, or userinfo, host and port. */
function authorityOf(t: Parts, s: string, rec: Uint32Array, f: number): void {
  if ((f & Flag.AUTHORITY) === 0) {
    t.userinfo = t.host = t.port = undefined;
    return;
  }
  t.userinfo = (f & Flag.USERINFO) !== 0 ? s.slice(rec[Slot.AUTHORITY_START], rec[Slot.USERINFO_END]) : undefined;
  t.host = s.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]);
  t.port = (f & Flag.PORT) !== 0 ? s.slice(rec[Slot.PORT_START], rec[Slot.PATH_START]) : undefined;
}

/**
 * The shapes of most links, each one or two slices of the inputs (the general way, from
 * components through `recompose`, gives the same strings: test/ops/resolve.test.ts checks it):
 * a reference with a scheme or an authority and no dot-segment, a same-document reference, an
 * absolute path without dot-segments, and a relative path that climbs the base's directories.
 * Returns null for the rest.
 */
function resolveShort(
  b: string,
  bo: Uint32Array,
  bf: number,
  r: string,
  ro: Uint32Array,
  rf: number,
  rScheme: boolean,
  rPathStart: number,
  rPathEnd: number,
): string | null {
  if (rScheme) return (rf & Flag.DOT) === 0 ? r : null;
  if ((rf & Flag.AUTHORITY) !== 0) {
    if ((rf & Flag.DOT) !== 0) return null;
    // The base's scheme, then the reference from its "//" (after a scheme the non-strict reading ignored).
    return b.slice(0, bo[Slot.SCHEME_END]! + 1) + r.slice((rf & Flag.SCHEME) !== 0 ? ro[Slot.SCHEME_END]! + 1 : 0);
  }
  const bPathStart = bo[Slot.PATH_START]!;
  const bPathEnd = bo[Slot.PATH_END]!;
  if (rPathStart === rPathEnd) {
    // Same document: the base's path, and its query unless the reference has one.
    const rTail = r.slice(rPathEnd);
    if ((rf & Flag.QUERY) !== 0) return b.slice(0, bPathEnd) + rTail;
    const bEnd = fragmentMarkOf(bo);
    return rTail === '' && bEnd === b.length ? b : b.slice(0, bEnd) + rTail;
  }
  if ((rf & Flag.DOT) !== 0 && r.charCodeAt(rPathStart) === 0x2f) return null;
  if (r.charCodeAt(rPathStart) === 0x2f) return b.slice(0, bPathStart) + r.slice(rPathStart);
  if ((bf & (Flag.DOT | Flag.AUTHORITY)) !== Flag.AUTHORITY) return null;
  let dir: number;
  if (bo !== baseRec) dir = lastSlash(b, bPathStart, bPathEnd);
  else if (lastDir === -2) dir = lastDir = lastSlash(b, bPathStart, bPathEnd);
  else dir = lastDir;
  return dir === -1 && bPathStart !== bPathEnd ? null : climb(b, bPathStart, dir, r, rPathStart, rPathEnd);
}

function sameScheme(a: string, aEnd: number, b: string, bEnd: number): boolean {
  if (aEnd !== bEnd) return false;
  for (let i = 0; i < aEnd; i++) if ((a.charCodeAt(i) | 0x20) !== (b.charCodeAt(i) | 0x20)) return false;
  return true;
}

/**
 * RFC 2396 §5.2 as java.net.URI implements it: a reference with a scheme, or any reference
 * against an opaque base, is returned as it is; a fragment-only reference keeps the base (the
 * base itself, as written, when the fragment is the base's; an empty authority is none); a
 * network-path or absolute-path reference is taken without removing dot-segments; a relative
 * path is merged, runs of "/" collapsed, then "." segments and "segment/.." pairs are removed and
 * surplus ".." kept.
 */
function resolve2396(b: string, r: string): string {
  const rf = refRec[Slot.FLAGS]!;
  const bSchemeEnd = baseRec[Slot.SCHEME_END]!;
  if ((rf & Flag.SCHEME) !== 0 || b.charCodeAt(bSchemeEnd + 1) !== 0x2f) return r;
  const rPathStart = refRec[Slot.PATH_START]!;
  const rPathEnd = refRec[Slot.PATH_END]!;
  const bf = baseRec[Slot.FLAGS]!;
  const scheme = b.slice(0, bSchemeEnd + 1);
  // java.net.URI writes an authority as it parsed it: an empty one is none ("file:///a" is
  // "file:/a"), an empty port of a server-based one is none ("//a:" is "//a").
  const refAuthority = (rf & Flag.AUTHORITY) !== 0 ? javaAuthority(r, refRec) : null;
  if (refAuthority !== null) return scheme + refAuthority + r.slice(rPathStart);
  if ((rf & Flag.QUERY) === 0 && rPathStart === rPathEnd && (rf & Flag.FRAGMENT) !== 0) {
    // A fragment-only reference ("//#f" too: its authority is none). The base's own fragment
    // again gives the base itself, as it was written; another one a URI written anew.
    const fragment = r.slice(refRec[Slot.FRAGMENT_START]! - 1);
    const mark = fragmentMarkOf(baseRec);
    if (mark < b.length && b.slice(mark) === fragment) return b;
    const authority = (bf & Flag.AUTHORITY) !== 0 ? (javaAuthority(b, baseRec) ?? '') : '';
    return scheme + authority + b.slice(baseRec[Slot.PATH_START], mark) + fragment;
  }
  const authority = (bf & Flag.AUTHORITY) !== 0 ? (javaAuthority(b, baseRec) ?? '') : '';
  if (r.charCodeAt(rPathStart) === 0x2f) return scheme + authority + r.slice(rPathStart);
  const bPathStart = baseRec[Slot.PATH_START]!;
  const bPathEnd = baseRec[Slot.PATH_END]!;
  // RFC 2396 §5.2 step 6 knows no "/" for an empty base path (RFC 3986 §5.2.3 added it): with an
  // empty reference path too, the path stays empty ("http://a" and "?y" give "http://a?y").
  const merged =
    rPathStart === rPathEnd && bPathStart === bPathEnd
      ? ''
      : merge(b, bPathStart, bPathEnd, (bf & Flag.AUTHORITY) !== 0, r.slice(rPathStart, rPathEnd));
  // java.net.URI's normalize also collapses the merged path's runs of "/" ("a//b" is the segments
  // "a" and "b"): "x:/a" + ".//g" is "x:/g", and never "x://g", which would read back as an authority.
  return scheme + authority + removeDots(merged.replace(/\/\/+/g, '/'), true) + r.slice(rPathEnd);
}

/**
 * The authority of `s` (described by `o`) as java.net.URI writes it back: `//` and the text; when
 * it is server-based (RFC 2396 §3.2.2), the port as the number it parsed (`:00080` is `:80`, an
 * empty one none: its toString writes the int field); null for an empty authority, which
 * java.net.URI reads as none. A registry-based authority keeps its text.
 */
function javaAuthority(s: string, o: Uint32Array): string | null {
  const start = o[Slot.AUTHORITY_START]!;
  const end = o[Slot.PATH_START]!;
  if (start === end) return null;
  if ((o[Slot.FLAGS]! & Flag.PORT) === 0 || authorityKindOf(s, o) === 'registry') return `//${s.slice(start, end)}`;
  const portStart = o[Slot.PORT_START]!;
  const port = portStart === end ? '' : `:${Number(s.slice(portStart, end))}`;
  return `//${s.slice(start, portStart - 1)}${port}`;
}

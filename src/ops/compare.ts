/**
 * A total order on URI-references that agrees with equivalence (RFC 3986 §6).
 *
 * Two references compare equal exactly when their normal forms are the same, as `equivalent`
 * says.
 */

import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { checkOptionNames, optionsOf } from '../syntax/options.js';
import { scanString } from '../syntax/scan.js';
import { canonicalize, dedupeOptions } from './dedupe.js';
import { javaCompare, javaOf, javaOption } from './java.js';
import { NORMALIZE_OPTIONS, type NormalizeOptions, normalizeRecord } from './normalize.js';

const ra = new Uint32Array(OFFSETS_LENGTH);
const rb = new Uint32Array(OFFSETS_LENGTH);

/**
 * Compares two URI-references by their normal forms (§6.2.2, §6.2.3), component by component in
 * java.net.URI's `compareTo` order: scheme (a relative reference first), hierarchical before
 * opaque, then userinfo, host, port (as numbers), path, query and fragment, an absent component
 * before a present one, text by UTF-16 code units. Returns a negative number, 0 exactly when
 * `equivalent(a, b)`, or a positive number: a total order, for sorting and merging URI lists.
 * With `{ rfc2396: true }`, the sign of java.net.URI's `compareTo`, 0 exactly when its `equals`
 * holds (`equivalent` with the same option).
 *
 * @throws {UriError} when either input is invalid.
 * @example
 * compareUris('HTTP://A.com:80/x', 'http://a.com/x');  // 0
 * compareUris('http://a/b', 'http://a/c');             // -1
 * ['http://b/', 'ftp://z/', 'http://a/'].sort(compareUris); // ['ftp://z/', 'http://a/', 'http://b/']
 * compareUris('http://a:80/', 'http://a/', { rfc2396: true }); // 1
 */
export function compareUris(a: string | UriLike, b: string | UriLike, options?: NormalizeOptions): number {
  if (options !== undefined) checkOptionNames(options, NORMALIZE_OPTIONS, 'compareUris');
  if (options !== undefined && options !== null && javaOption(optionsOf(options, 'compareUris')!, 'compareUris')) {
    return javaCompare(javaOf(a, options, 'compareUris', 'a'), javaOf(b, options, 'compareUris', 'b'));
  }
  // Each normal form, with its offsets record written where the input's was; under dedupe
  // options, each canonical form (scanned again: the steps rewrite it).
  const d = options === undefined || options === null ? null : dedupeOptions(optionsOf(options, 'compareUris')!, 'compareUris');
  let x = normalizeRecord(scanInput(a, ra, options, 'compareUris', 'a'), ra, ra);
  let y = normalizeRecord(scanInput(b, rb, options, 'compareUris', 'b'), rb, rb);
  if (d !== null) {
    const iri = (options as NormalizeOptions).iri === true && Object.hasOwn(options as object, 'iri') ? IRI : undefined;
    x = canonicalize(x, ra, d);
    y = canonicalize(y, rb, d);
    scanString(x, ra, iri, 'compareUris');
    scanString(y, rb, iri, 'compareUris');
  }
  if (x === y) return 0;
  const fx = ra[Slot.FLAGS]!;
  const fy = rb[Slot.FLAGS]!;
  let c = part(x, fx & Flag.SCHEME, 0, ra[Slot.SCHEME_END]!, y, fy & Flag.SCHEME, 0, rb[Slot.SCHEME_END]!);
  if (c !== 0) return c;
  const opaqueX = isOpaque(x, ra, fx);
  const opaqueY = isOpaque(y, rb, fy);
  if (opaqueX !== opaqueY) return opaqueX ? 1 : -1;
  if (opaqueX) {
    // The scheme-specific part as a whole, then the fragment.
    c = text(x, ra[Slot.SCHEME_END]! + 1, sspEnd(x, ra, fx), y, rb[Slot.SCHEME_END]! + 1, sspEnd(y, rb, fy));
  } else {
    c =
      part(x, fx & Flag.AUTHORITY, 0, 0, y, fy & Flag.AUTHORITY, 0, 0) ||
      part(
        x,
        fx & Flag.USERINFO,
        ra[Slot.AUTHORITY_START]!,
        ra[Slot.USERINFO_END]!,
        y,
        fy & Flag.USERINFO,
        rb[Slot.AUTHORITY_START]!,
        rb[Slot.USERINFO_END]!,
      ) ||
      text(x, ra[Slot.HOST_START]!, ra[Slot.HOST_END]!, y, rb[Slot.HOST_START]!, rb[Slot.HOST_END]!) ||
      port(x, fx, ra, y, fy, rb) ||
      text(x, ra[Slot.PATH_START]!, ra[Slot.PATH_END]!, y, rb[Slot.PATH_START]!, rb[Slot.PATH_END]!) ||
      part(x, fx & Flag.QUERY, ra[Slot.QUERY_START]!, ra[Slot.QUERY_END]!, y, fy & Flag.QUERY, rb[Slot.QUERY_START]!, rb[Slot.QUERY_END]!);
  }
  return c || part(x, fx & Flag.FRAGMENT, ra[Slot.FRAGMENT_START]!, x.length, y, fy & Flag.FRAGMENT, rb[Slot.FRAGMENT_START]!, y.length);
}

const IRI = Object.freeze({ iri: true });

function isOpaque(s: string, o: Uint32Array, f: number): boolean {
  return (f & Flag.SCHEME) !== 0 && s.charCodeAt(o[Slot.SCHEME_END]! + 1) !== 0x2f;
}

function sspEnd(s: string, o: Uint32Array, f: number): number {
  return (f & Flag.FRAGMENT) !== 0 ? o[Slot.FRAGMENT_START]! - 1 : s.length;
}

/** A component that may be absent (`has` 0): absent first, then text order. */
function part(x: string, hx: number, xs: number, xe: number, y: string, hy: number, ys: number, ye: number): number {
  if (hx === 0 || hy === 0) return hx === hy ? 0 : hx === 0 ? -1 : 1;
  return text(x, xs, xe, y, ys, ye);
}

/** x[xs, xe) against y[ys, ye) by UTF-16 code units, a prefix first. */
function text(x: string, xs: number, xe: number, y: string, ys: number, ye: number): number {
  const n = Math.min(xe - xs, ye - ys);
  for (let k = 0; k < n; k++) {
    const d = x.charCodeAt(xs + k) - y.charCodeAt(ys + k);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  const d = xe - xs - (ye - ys);
  return d === 0 ? 0 : d < 0 ? -1 : 1;
}

/** Ports as numbers (normal forms have no leading zeros, so the shorter is the smaller). */
function port(x: string, fx: number, ox: Uint32Array, y: string, fy: number, oy: Uint32Array): number {
  const hx = fx & Flag.PORT;
  const hy = fy & Flag.PORT;
  if (hx === 0 || hy === 0) return hx === hy ? 0 : hx === 0 ? -1 : 1;
  const xs = ox[Slot.PORT_START]!;
  const ys = oy[Slot.PORT_START]!;
  const lx = ox[Slot.PATH_START]! - xs;
  const ly = oy[Slot.PATH_START]! - ys;
  if (lx !== ly) return lx < ly ? -1 : 1;
  return text(x, xs, xs + lx, y, ys, ys + ly);
}

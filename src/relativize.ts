/**
 * Relativization: the inverse of resolution (RFC 3986 §5.2). Finds the shortest reference that
 * resolves against the base to the target's normal form (§6).
 *
 * Unlike java.net.URI#relativize, which only strips a base path that is a prefix of the target's
 * (and otherwise returns the target unchanged), this climbs with "../" like Addressable's
 * route_from, and checks every answer by resolving it.
 */
import { UriError } from './errors.js';
import { normalizeRecord } from './normalize.js';
import { load, resolveRecords } from './resolve.js';
import { Bit, OFFSETS_LENGTH, Off, scan } from './scan.js';
import type { Uri } from './uri.js';

const baseRec = new Uint32Array(OFFSETS_LENGTH);
const targetRec = new Uint32Array(OFFSETS_LENGTH);
const candRec = new Uint32Array(OFFSETS_LENGTH);

/**
 * The shortest reference `r` with `resolve(base, r) === normalize(target)`; the target's normal
 * form when no shorter reference does that. A relative target is first resolved against the base.
 *
 * @throws {UriError} RELATIVE_BASE when the base has no scheme; any parse error of either input.
 * @example
 * relativize('http://a/b/c/d', 'http://a/b/e');       // '../e'
 * relativize('http://a/b/c/d?q', 'http://a/b/c/d?q#f'); // '#f'
 * relativize('http://a/b/', 'https://a/b/');          // 'https://a/b/'
 */
export function relativize(base: string | Uri, target: string | Uri): string {
  const b = load(base, baseRec, undefined);
  if ((baseRec[Off.FLAGS]! & Bit.SCHEME) === 0) throw new UriError('RELATIVE_BASE', 0, b);
  let t = load(target, targetRec, undefined);
  if ((targetRec[Off.FLAGS]! & Bit.SCHEME) === 0) {
    t = resolveRecords(b, baseRec, t, targetRec, true);
    scan(t, targetRec);
  }
  const goal = normalizeRecord(t, targetRec);
  scan(goal, targetRec);
  const g = targetRec;
  const gf = g[Off.FLAGS]!;
  const bf = baseRec[Off.FLAGS]!;

  const tail = goal.slice(g[Off.PATH_END]); // "?query#fragment"
  const pathAndTail = goal.slice(g[Off.PATH_START]);
  const candidates: string[] = [];
  if (sameText(b, 0, baseRec[Off.SCHEME_END]!, goal, 0, g[Off.SCHEME_END]!)) {
    const sameAuthority =
      (bf & Bit.AUTHORITY) === (gf & Bit.AUTHORITY) &&
      sameText(b, baseRec[Off.SCHEME_END]!, baseRec[Off.PATH_START]!, goal, g[Off.SCHEME_END]!, g[Off.PATH_START]!);
    if (sameAuthority) {
      const samePath = sameText(b, baseRec[Off.PATH_START]!, baseRec[Off.PATH_END]!, goal, g[Off.PATH_START]!, g[Off.PATH_END]!);
      const bQueryEnd = (bf & Bit.FRAGMENT) !== 0 ? baseRec[Off.FRAGMENT_START]! - 1 : b.length;
      if (
        samePath &&
        sameText(
          b,
          baseRec[Off.PATH_END]!,
          bQueryEnd,
          goal,
          g[Off.PATH_END]!,
          (gf & Bit.FRAGMENT) !== 0 ? g[Off.FRAGMENT_START]! - 1 : goal.length,
        )
      ) {
        candidates.push((gf & Bit.FRAGMENT) !== 0 ? goal.slice(g[Off.FRAGMENT_START]! - 1) : '');
      }
      if (samePath && (gf & Bit.QUERY) !== 0) candidates.push(tail);
      candidates.push(
        relativePath(b.slice(baseRec[Off.PATH_START], baseRec[Off.PATH_END]), goal.slice(g[Off.PATH_START], g[Off.PATH_END])) + tail,
      );
      candidates.push(pathAndTail);
    }
    // A network-path reference: also for a base without an authority ("x:/a" to "x://h/a").
    if ((gf & Bit.AUTHORITY) !== 0) candidates.push(goal.slice(g[Off.SCHEME_END]! + 1));
  }
  let best = goal;
  for (const c of candidates) {
    if (c.length < best.length && resolvesTo(b, c, goal)) best = c;
  }
  return best;
}

function resolvesTo(b: string, r: string, goal: string): boolean {
  if (scan(r, candRec) !== 0) return false;
  return resolveRecords(b, baseRec, r, candRec, true) === goal;
}

function sameText(a: string, as: number, ae: number, b: string, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  return a.startsWith(b.slice(bs, be), as);
}

/**
 * A relative path from the base path's directory to `to`: "../" for each base directory segment
 * past the common prefix, then the rest of `to`. "./" guards a result that is empty or whose
 * first segment holds ":" (§4.2) or is empty.
 */
function relativePath(from: string, to: string): string {
  // Common directory prefix, up to and including a "/".
  let common = 0;
  const limit = Math.min(from.length, to.length);
  for (let i = 0; i < limit && from.charCodeAt(i) === to.charCodeAt(i); i++) if (from.charCodeAt(i) === 0x2f) common = i + 1;
  let up = 0;
  for (let i = from.indexOf('/', common); i !== -1; i = from.indexOf('/', i + 1)) up++;
  let rest = to.slice(common);
  const slash = rest.indexOf('/');
  const colon = rest.indexOf(':');
  if (up === 0 && (rest === '' || rest.charCodeAt(0) === 0x2f || (colon !== -1 && (slash === -1 || colon < slash)))) rest = `./${rest}`;
  return '../'.repeat(up) + rest;
}

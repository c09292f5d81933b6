/**
 * Relativization: the inverse of resolution (RFC 3986 §5.2).
 *
 * Finds the shortest reference that resolves against the base to the target's normal form (§6).
 *
 * Unlike java.net.URI#relativize, which only strips a base path that is a prefix of the target's
 * (and otherwise returns the target unchanged), this climbs with "../" like Addressable's
 * route_from, and checks every answer by resolving it.
 */
import { UriError } from '../syntax/errors.js';
import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, fragmentMarkOf, OFFSETS_LENGTH, Slot, WARNING_FLAGS } from '../syntax/offsets.js';
import { scan } from '../syntax/scan.js';
import { normalizeRecord } from './normalize.js';
import { relativePath } from './path.js';
import { resolveRecords } from './resolve.js';

const baseRec = new Uint32Array(OFFSETS_LENGTH);
const targetRec = new Uint32Array(OFFSETS_LENGTH);
const candRec = new Uint32Array(OFFSETS_LENGTH);
const normRec = new Uint32Array(OFFSETS_LENGTH);
const LENIENT = Object.freeze({ lenient: true });

/**
 * The shortest reference `r` whose resolution against `base` is equivalent to `target`
 * (`normalize(resolve(base, r)) === normalize(target)`); the target's normal form when no shorter
 * reference does that. A relative target is first resolved against the base.
 *
 * @throws {UriError} RELATIVE_BASE when the base has no scheme; any parse error of either input.
 * @example
 * relativize('http://a/b/c/d', 'http://a/b/e');       // '../e'
 * relativize('http://a/b/c/d?q', 'http://a/b/c/d?q#f'); // '#f'
 * relativize('http://a/b/', 'https://a/b/');          // 'https://a/b/'
 */
export function relativize(base: string | UriLike, target: string | UriLike): string {
  const b = scanInput(base, baseRec, undefined, 'relativize', 'base');
  if ((baseRec[Slot.FLAGS]! & Flag.SCHEME) === 0) throw new UriError('RELATIVE_BASE', 0, b);
  let t = scanInput(target, targetRec, undefined, 'relativize', 'target');
  // The goal and its record, each layer writing the record of what it produced; what a lenient
  // parse (a Uri) tolerated is not in the grammar recompose writes, so that text is scanned again.
  const tf = targetRec[Slot.FLAGS]!;
  if ((tf & Flag.SCHEME) === 0) {
    if (((baseRec[Slot.FLAGS]! | tf) & WARNING_FLAGS) === 0) {
      t = resolveRecords(b, baseRec, t, targetRec, true, targetRec);
    } else {
      t = resolveRecords(b, baseRec, t, targetRec, true, null);
      scan(t, targetRec, LENIENT);
    }
  }
  const goal = normalizeRecord(t, targetRec, targetRec);
  const g = targetRec;
  const gf = g[Slot.FLAGS]!;
  // Candidates are built against the base's normal form (so that "HTTP://A/b/" to
  // "http://a/b/c" is "c"), and each is checked against the base itself.
  const nb = normalizeRecord(b, baseRec, normRec);
  const n = normRec;
  const bf = n[Slot.FLAGS]!;

  const tail = goal.slice(g[Slot.PATH_END]); // "?query#fragment"
  const pathAndTail = goal.slice(g[Slot.PATH_START]);
  const candidates: string[] = [];
  if (sameText(nb, 0, n[Slot.SCHEME_END]!, goal, 0, g[Slot.SCHEME_END]!)) {
    const sameAuthority =
      (bf & Flag.AUTHORITY) === (gf & Flag.AUTHORITY) &&
      sameText(nb, n[Slot.SCHEME_END]!, n[Slot.PATH_START]!, goal, g[Slot.SCHEME_END]!, g[Slot.PATH_START]!);
    if (sameAuthority) {
      const samePath = sameText(nb, n[Slot.PATH_START]!, n[Slot.PATH_END]!, goal, g[Slot.PATH_START]!, g[Slot.PATH_END]!);
      if (samePath && sameText(nb, n[Slot.PATH_END]!, fragmentMarkOf(n), goal, g[Slot.PATH_END]!, fragmentMarkOf(g))) {
        candidates.push((gf & Flag.FRAGMENT) !== 0 ? goal.slice(g[Slot.FRAGMENT_START]! - 1) : '');
      }
      if (samePath && (gf & Flag.QUERY) !== 0) candidates.push(tail);
      // An empty path after an authority merges as "/" (§5.2.3): "http://a" to "http://a/x" is "x".
      const from =
        n[Slot.PATH_START] === n[Slot.PATH_END] && (bf & Flag.AUTHORITY) !== 0 ? '/' : nb.slice(n[Slot.PATH_START], n[Slot.PATH_END]);
      const rel = relativePath(from, goal.slice(g[Slot.PATH_START], g[Slot.PATH_END]));
      candidates.push(rel + tail);
      // "./" and "../" with nothing after them: "." and ".." name the same directory (but "/" reads
      // more plainly than ".", as short).
      if ((rel === './' || rel.endsWith('../')) && rel.length - 1 < pathAndTail.length - tail.length)
        candidates.push(rel.slice(0, -1) + tail);
      candidates.push(pathAndTail);
    }
    // A network-path reference: also for a base without an authority ("x:/a" to "x://h/a").
    if ((gf & Flag.AUTHORITY) !== 0) candidates.push(goal.slice(g[Slot.SCHEME_END]! + 1));
  }
  let best = goal;
  for (const c of candidates) {
    if (c.length < best.length && resolvesTo(b, c, goal)) best = c;
  }
  return best;
}

/** Whether `r` resolved against the base (in baseRec) is equivalent to `goal`, a normal form. */
function resolvesTo(b: string, r: string, goal: string): boolean {
  if (scan(r, candRec) !== 0) return false;
  if ((baseRec[Slot.FLAGS]! & WARNING_FLAGS) !== 0) {
    // What a lenient base tolerated is not in the grammar recompose writes: scan the target again.
    const t = resolveRecords(b, baseRec, r, candRec, true, null);
    scan(t, candRec, LENIENT);
    return normalizeRecord(t, candRec, null) === goal;
  }
  const t = resolveRecords(b, baseRec, r, candRec, true, candRec);
  return normalizeRecord(t, candRec, null) === goal;
}

function sameText(a: string, as: number, ae: number, b: string, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  return a.startsWith(b.slice(bs, be), as);
}

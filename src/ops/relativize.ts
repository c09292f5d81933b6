/**
 * Relativization: the inverse of resolution (RFC 3986 §5.2). Tries each shape a reference can
 * take (§4.2: the same document, the query alone, a relative path, an absolute path, a network
 * path; then the target itself), each in its shortest spellings, and keeps the shortest whose
 * resolution against the base has the target's normal form (§6).
 *
 * Unlike java.net.URI#relativize, which only strips a base path that is a prefix of the target's
 * (and otherwise returns the target unchanged), this climbs with "../" like Addressable's
 * route_from, and checks every answer by resolving it.
 */
import { UriError } from '../syntax/errors.js';
import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, OFFSETS_LENGTH, Slot, WARNING_FLAGS } from '../syntax/offsets.js';
import { scan } from '../syntax/scan.js';
import { normalizeRecord } from './normalize.js';
import { relativePath } from './path.js';
import { resolveRecords } from './resolve.js';
import { emptyPathIsRoot } from './schemes.js';

const baseRec = new Uint32Array(OFFSETS_LENGTH);
const targetRec = new Uint32Array(OFFSETS_LENGTH);
const candRec = new Uint32Array(OFFSETS_LENGTH);
const probeRec = new Uint32Array(OFFSETS_LENGTH);
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
  // What a relative reference keeps of the base, as resolution leaves it and normalization
  // writes it: the base resolved with a one-segment path, "x". Its scheme and authority are the
  // normal base's; its directory is where a relative path starts, which is not always the normal
  // base's ("http://a/b/.." merges into "/b/", while its normal form has the path "/").
  const probe = resolvedNormal(b, 'x')!;
  const n = probeRec;
  n.set(candRec);
  const bf = n[Slot.FLAGS]!;

  // The candidates, each checked by resolving it; the first of the shortest is kept, so the
  // order below is the order of preference among equally short ones.
  best = goal;
  bestBase = b;
  bestGoal = goal;
  const tail = goal.slice(g[Slot.PATH_END]); // "?query#fragment"
  const path = goal.slice(g[Slot.PATH_START], g[Slot.PATH_END]);
  const schemeEnd = g[Slot.SCHEME_END]!;
  const sameScheme = sameText(probe, 0, n[Slot.SCHEME_END]!, goal, 0, schemeEnd);
  // A relative reference takes the base's authority, which normalizes to the normal base's.
  if (
    sameScheme &&
    (bf & Flag.AUTHORITY) === (gf & Flag.AUTHORITY) &&
    sameText(probe, n[Slot.SCHEME_END]!, n[Slot.PATH_START]!, goal, schemeEnd, g[Slot.PATH_START]!)
  ) {
    // The same document (the base without its fragment), then the query alone.
    if ((gf & Flag.FRAGMENT) !== 0) consider(goal.slice(g[Slot.FRAGMENT_START]! - 1));
    else consider('');
    if ((gf & Flag.QUERY) !== 0) consider(tail);
    // A relative path: a deeper climb is always longer (three characters a level, and a longer
    // rest), so the deepest directory of the base that the target's path lies under is the one
    // to climb to.
    const rel = relativePath(probe.slice(n[Slot.PATH_START], n[Slot.PATH_END]), path);
    consider(rel + tail);
    // An absolute path; "/." in front of one that begins with "//" (§3.3: it would read as an authority).
    if (path.charCodeAt(0) === 0x2f) consider((path.charCodeAt(1) === 0x2f ? `/.${path}` : path) + tail);
    // "." and ".." name a directory without their "/" (after the absolute path: "/" reads more
    // plainly than ".", as short).
    if (rel === './' || rel.endsWith('../')) consider(rel.slice(0, -1) + tail);
  }
  if (sameScheme && (gf & Flag.AUTHORITY) !== 0) {
    // A network-path reference: also for a base without an authority ("x:/a" to "x://h/a").
    forEachSpelling(goal, g, schemeEnd + 1);
  }
  // The target itself, in the spellings its normal form has for the same URI.
  forEachSpelling(goal, g, 0);
  return best;
}

/** The answer so far, the base and the goal of the relativize call under way. */
let best = '';
let bestBase = '';
let bestGoal = '';

/** Keeps `r` when it is shorter than the answer so far and resolves to the goal. */
function consider(r: string): void {
  if (r.length < best.length && resolvesTo(bestBase, r, bestGoal)) best = r;
}

/**
 * Considers goal[from, ...) in each spelling of its authority and path that normalizes to the
 * same URI and may be shorter: as it is; with an empty path for "/" where the scheme makes them
 * one (§6.2.3: http, https, ws, wss); with an IPv4-mapped IPv6 address's last 32 bits in hex
 * where that is shorter than the dotted quad RFC 5952 §5 writes.
 */
function forEachSpelling(goal: string, g: Uint32Array, from: number): void {
  const hostStart = g[Slot.HOST_START]!;
  const hostEnd = g[Slot.HOST_END]!;
  const pathStart = g[Slot.PATH_START]!;
  const rest = goal.slice(pathStart);
  const emptyPath =
    g[Slot.PATH_END] === pathStart + 1 && (g[Slot.FLAGS]! & Flag.AUTHORITY) !== 0 && emptyPathIsRoot(goal.slice(0, g[Slot.SCHEME_END]));
  const hosts = [goal.slice(hostStart, hostEnd)];
  const hex = (g[Slot.FLAGS]! & Flag.HOST_IPV6) !== 0 ? mappedHex(hosts[0]!) : null;
  if (hex !== null) hosts.push(hex);
  for (const host of hosts) {
    const head = goal.slice(from, hostStart) + host + goal.slice(hostEnd, pathStart);
    consider(head + rest);
    if (emptyPath) consider(head + rest.slice(1));
  }
}

/** `[::ffff:a.b.c.d]` with its last 32 bits in hex (`[::ffff:7f00:1]`) when that is shorter; else null. */
function mappedHex(host: string): string | null {
  if (!host.startsWith('[::ffff:') || host.indexOf('.') === -1) return null;
  const o = host.slice(8, -1).split('.').map(Number);
  const hex = `[::ffff:${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}]`;
  return hex.length < host.length ? hex : null;
}

/** Whether `r` resolved against the base is equivalent to `goal`, a normal form. */
function resolvesTo(b: string, r: string, goal: string): boolean {
  return resolvedNormal(b, r) === goal;
}

/**
 * The normal form of `r` resolved against the base `b` (in baseRec), its record in candRec; null
 * when `r` is no URI-reference.
 */
function resolvedNormal(b: string, r: string): string | null {
  if (scan(r, candRec) !== 0) return null;
  if ((baseRec[Slot.FLAGS]! & WARNING_FLAGS) !== 0) {
    // What a lenient base tolerated is not in the grammar recompose writes: scan the target again.
    const t = resolveRecords(b, baseRec, r, candRec, true, null);
    scan(t, candRec, LENIENT);
    return normalizeRecord(t, candRec, candRec);
  }
  return normalizeRecord(resolveRecords(b, baseRec, r, candRec, true, candRec), candRec, candRec);
}

function sameText(a: string, as: number, ae: number, b: string, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  return a.startsWith(b.slice(bs, be), as);
}

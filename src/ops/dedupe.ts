/**
 * Canonical forms for deduplication: the steps a crawler takes past RFC 3986's normal form
 * (§6), each opt-in and named, because each can merge URIs that a server tells apart: IDNA
 * hosts, query parameters sorted or removed, no fragment, no empty query. `DEDUPE_PRESET` turns
 * on the usual set.
 */
import { argumentError } from '../syntax/errors.js';
import { Flag, HOST_LITERAL, Slot } from '../syntax/offsets.js';
import { booleanOption } from '../syntax/options.js';
import { toAsciiHost } from './idna.js';
import { decodeRange } from './percent.js';

/** What `removeQueryParams` matches a parameter's decoded name with. */
export type ParamPattern = string | RegExp;

/** The options of `normalize` that go past RFC 3986 (see `DEDUPE_PRESET`). */
export interface DedupeOptions {
  /** Write reg-name hosts as A-labels (UTS #46, `toAsciiHost`); a host IDNA rejects stays as it is. */
  idna?: boolean;
  /** Sort the query's `name=value` pairs by name (a stable sort of the normalized names). */
  sortQuery?: boolean;
  /**
   * Remove the query pairs whose percent-decoded name equals a string, matches a `*` glob
   * (`'utm_*'`) or is matched by a RegExp.
   */
  removeQueryParams?: readonly ParamPattern[];
  /** Drop the fragment (it never reaches the server). */
  removeFragment?: boolean;
  /** Drop a query left empty (`http://a/?` is `http://a/`), and empty pairs (`a=1&&b=2`). */
  removeEmptyQuery?: boolean;
}

/**
 * Query parameters that track a click or a campaign and never choose the resource: `utm_*`
 * (Google Analytics campaigns) and the click identifiers of the large ad networks and mailers.
 */
export const TRACKING_PARAMS: readonly ParamPattern[] = Object.freeze([
  /^utm_/i,
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
]);

/**
 * The usual set for deduplicating crawled URLs: IDNA hosts, sorted query parameters, no
 * tracking parameters (`TRACKING_PARAMS`), no fragment, no empty query. Spread it to change one:
 * `normalize(u, { ...DEDUPE_PRESET, removeFragment: false })`.
 *
 * @example
 * normalize('HTTP://MÜNCHEN.de/a?b=2&utm_source=x&a=1#top', { ...DEDUPE_PRESET, iri: true });
 *   // 'http://xn--mnchen-3ya.de/a?a=1&b=2'
 */
export const DEDUPE_PRESET: Readonly<Required<DedupeOptions>> = Object.freeze({
  idna: true,
  sortQuery: true,
  removeQueryParams: TRACKING_PARAMS,
  removeFragment: true,
  removeEmptyQuery: true,
});

/** The dedupe options read from an options object; null when none is on. @internal */
export interface Dedupe {
  idna: boolean;
  sortQuery: boolean;
  /** Whether a parameter of this decoded name goes; null when none does. */
  remove: ((name: string) => boolean) | null;
  removeFragment: boolean;
  removeEmptyQuery: boolean;
}

/** Reads the dedupe options (own properties); null when none is on, for the plain normal form. */
export function dedupeOptions(o: object, who: string): Dedupe | null {
  // The common case, options of parsing alone, in five plain loads (inherited values, which
  // must count for nothing, go the careful way below and come back null too).
  const x = o as DedupeOptions;
  if (
    x.idna === undefined &&
    x.sortQuery === undefined &&
    x.removeFragment === undefined &&
    x.removeEmptyQuery === undefined &&
    x.removeQueryParams === undefined
  ) {
    return null;
  }
  const idna = booleanOption(o, 'idna', who);
  const sortQuery = booleanOption(o, 'sortQuery', who);
  const removeFragment = booleanOption(o, 'removeFragment', who);
  const removeEmptyQuery = booleanOption(o, 'removeEmptyQuery', who);
  const patterns = Object.hasOwn(o, 'removeQueryParams') ? (o as DedupeOptions).removeQueryParams : undefined;
  const remove = patterns === undefined ? null : matcherOf(patterns, who);
  if (!idna && !sortQuery && !removeFragment && !removeEmptyQuery && remove === null) return null;
  return { idna, sortQuery, remove, removeFragment, removeEmptyQuery };
}

/**
 * The patterns of one array, compiled once (a crawler passes the same options for every URL):
 * the exact names in a Set, the globs and RegExps in a list. An array that has changed length is
 * compiled again; to change its patterns otherwise, give a new array.
 */
const compiled = new WeakMap<readonly unknown[], { length: number; match: ((name: string) => boolean) | null }>();

function matcherOf(patterns: unknown, who: string): ((name: string) => boolean) | null {
  if (!Array.isArray(patterns)) throw argumentError(who, 'options.removeQueryParams', 'an array of strings and RegExps', patterns);
  const cached = compiled.get(patterns);
  if (cached !== undefined && cached.length === patterns.length) return cached.match;
  const names = new Set<string>();
  const res: { test(name: string): boolean }[] = [];
  for (const p of patterns as unknown[]) {
    if (p instanceof RegExp) {
      // A copy without the g and y flags: test() of those moves lastIndex between calls.
      res.push(p.global || p.sticky ? new RegExp(p.source, p.flags.replace(/[gy]/g, '')) : p);
    } else if (typeof p !== 'string') {
      throw argumentError(who, 'options.removeQueryParams[]', 'a string or a RegExp', p);
    } else if (p.includes('*')) {
      res.push(new Glob(p));
    } else {
      names.add(p);
    }
  }
  const match =
    names.size === 0 && res.length === 0
      ? null
      : (name: string): boolean => {
          if (names.has(name)) return true;
          for (const re of res) if (re.test(name)) return true;
          return false;
        };
  compiled.set(patterns, { length: patterns.length, match });
  return match;
}

/**
 * A name pattern where each "*" stands for any text. Matched without backtracking: the text
 * before the first "*" must begin the name and the text after the last end it, and each part
 * between is taken where it first occurs after the one before (the leftmost place leaves the most
 * room to the rest), so a name is read about once. A RegExp with several ".*" could take time of
 * the name's length to the power of their number.
 */
class Glob {
  private readonly parts: string[];
  private readonly first: string;
  private readonly last: string;

  constructor(pattern: string) {
    this.parts = pattern.split('*');
    this.first = this.parts[0]!;
    this.last = this.parts[this.parts.length - 1]!;
  }

  test(name: string): boolean {
    const { parts, first, last } = this;
    const end = name.length - last.length;
    if (end < first.length || !name.startsWith(first) || !name.endsWith(last)) return false;
    let at = first.length;
    for (let i = 1; i < parts.length - 1; i++) {
      const part = parts[i]!;
      const k = name.indexOf(part, at);
      if (k === -1 || k + part.length > end) return false;
      at = k + part.length;
    }
    return true;
  }
}

/**
 * The canonical form of the normal form `n` described by `r` (its record), under `d`. Each step
 * keeps the text a normal form, so the result is idempotent too.
 */
export function canonicalize(n: string, r: Uint32Array, d: Dedupe): string {
  const f = r[Slot.FLAGS]!;
  let s = n;
  // Positions after the host move by `shift` once the host changes.
  let shift = 0;
  if (d.idna && (f & Flag.AUTHORITY) !== 0 && (f & (HOST_LITERAL | Flag.HOST_IPV4)) === 0) {
    const start = r[Slot.HOST_START]!;
    const end = r[Slot.HOST_END]!;
    const host = s.slice(start, end);
    let ascii = host;
    try {
      ascii = toAsciiHost(host);
    } catch {
      // A host IDNA rejects (a bad A-label, an encoded "/") keeps its RFC 3986 normal form.
    }
    if (ascii !== host) {
      s = s.slice(0, start) + ascii + s.slice(end);
      shift = ascii.length - host.length;
    }
  }
  const hasQuery = (f & Flag.QUERY) !== 0;
  const hasFragment = (f & Flag.FRAGMENT) !== 0;
  const pathEnd = r[Slot.PATH_END]! + shift;
  let tail = '';
  if (hasQuery) {
    const query = s.slice(r[Slot.QUERY_START]! + shift, r[Slot.QUERY_END]! + shift);
    const q = d.sortQuery || d.remove !== null || d.removeEmptyQuery ? rewriteQuery(query, d) : query;
    if (q !== '' || !d.removeEmptyQuery) tail = `?${q}`;
  }
  if (hasFragment && !d.removeFragment) tail += s.slice(r[Slot.FRAGMENT_START]! + shift - 1);
  const head = s.slice(0, pathEnd);
  const out = head + tail;
  return out === n ? n : out;
}

/** The query's pairs with the removed ones left out, sorted by name when asked. */
function rewriteQuery(query: string, d: Dedupe): string {
  if (query === '') return query;
  const pairs = query.split('&');
  let kept: string[] = [];
  for (const p of pairs) {
    if (p === '') {
      if (!d.removeEmptyQuery) kept.push(p);
      continue;
    }
    if (d.remove !== null) {
      const eq = p.indexOf('=');
      const raw = eq === -1 ? p : p.slice(0, eq);
      if (d.remove(raw.includes('%') ? decodeRange(raw, 0, raw.length, false) : raw)) continue;
    }
    kept.push(p);
  }
  if (d.sortQuery && kept.length > 1) kept = stableSortByName(kept);
  return kept.length === pairs.length && kept.every((p, i) => p === pairs[i]) ? query : kept.join('&');
}

/** Sorted by the pair's name (its text up to "="), ties in their order: Array#sort is stable. */
function stableSortByName(pairs: string[]): string[] {
  const keyed = pairs.map((p) => {
    const eq = p.indexOf('=');
    return { name: eq === -1 ? p : p.slice(0, eq), p };
  });
  keyed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return keyed.map((k) => k.p);
}

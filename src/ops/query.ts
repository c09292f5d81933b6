/**
 * Query parameters: reading and writing the `name=value` pairs of a query.
 *
 * Most schemes put such pairs in the query (RFC 3986 §3.4 leaves the query's structure to
 * them). `QueryParams` reads them over the query's range of the input, without an array of
 * substrings until one is asked for, and decodes a name or value only when it is read.
 * `formatQuery` writes pairs back, per RFC 3986 or as an HTML form
 * (`application/x-www-form-urlencoded`, WHATWG URL §5).
 */

import { argumentError, UriError } from '../syntax/errors.js';
import { isUri, type UriLike } from '../syntax/input.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, choiceOption, optionNames, optionsOf } from '../syntax/options.js';
import { EncodeSet } from '../syntax/tables.js';
import { decodeRange, encodeSet, percentDecode } from './percent.js';

/** Options of `queryParams`. */
export interface QueryOptions {
  /**
   * `application/x-www-form-urlencoded`: `+` is a space in names and values, as HTML forms and
   * `URLSearchParams` read it. Default `false`: RFC 3986, where `+` is `+`.
   */
  form?: boolean;
  /** `;` separates pairs as `&` does (the W3C's old advice for HTML 4 servers). Default `false`. */
  semicolon?: boolean;
  /**
   * `true`: throw a `UriError` (INVALID_PERCENT_ENCODING or INVALID_UTF8, at its index in the
   * input) when some `%` is not followed by two hex digits or the bytes are not UTF-8. Default
   * `false`: a bad `%` stays as it is and bad bytes read as U+FFFD, as `URLSearchParams` reads them.
   */
  fatal?: boolean;
}

const QUERY_OPTIONS = optionNames<QueryOptions>()(['form', 'semicolon', 'fatal']);

const rec = new Uint32Array(OFFSETS_LENGTH);

/** A scheme and "//": the beginning of a URL, which a query handed without its "?" does not have. */
const URL_START = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The query's `name=value` pairs, read lazily.
 *
 * A string is a query (one leading `?` is skipped, as `URLSearchParams` does); a `Uri` gives its
 * query (none: no pairs). Pairs are separated by `&` (and `;` with `semicolon`); empty ones are
 * skipped; a pair without `=` has the value `''`.
 *
 * @throws {UriError} INVALID_COMPONENT for a string that begins with a scheme and `//`: a URL,
 *   whose query `parse(url)` gives (a query that begins so is given with its `?`).
 * @throws {UriError} with `fatal: true`, on a bad `%` or bytes that are not UTF-8.
 * @example
 * queryParams('a=1&b=x%20y&a=2').getAll('a');        // ['1', '2']
 * queryParams(parse('http://h/?q=a+b')).get('q');     // 'a+b'
 * queryParams('q=a+b', { form: true }).get('q');     // 'a b'
 * new URLSearchParams(queryParams('a=1&b=2'));        // URLSearchParams { 'a' => '1', 'b' => '2' }
 */
export function queryParams(input: string | UriLike, options?: QueryOptions): QueryParams {
  let s: string;
  let start: number;
  let end: number;
  if (typeof input === 'string') {
    s = input;
    start = s.charCodeAt(0) === 0x3f ? 1 : 0;
    end = s.length;
    // A whole URL read as a query would give its query's first name with the URL in front.
    const url = start === 0 ? URL_START.exec(s) : null;
    if (url !== null) {
      const message =
        `A URL where a query was expected: ${JSON.stringify(s)} begins with the scheme ${JSON.stringify(url[0])}; ` +
        `pass parse(url) for its query, or a query that begins so with its "?" (${JSON.stringify(`?${url[0]}x`)})`;
      throw new UriError('INVALID_COMPONENT', 0, s, message);
    }
  } else if (isUri(input)) {
    s = input.href;
    input.writeOffsets(rec);
    const hasQuery = (rec[Slot.FLAGS]! & Flag.QUERY) !== 0;
    start = hasQuery ? rec[Slot.QUERY_START]! : 0;
    end = hasQuery ? rec[Slot.QUERY_END]! : 0;
  } else {
    throw argumentError('queryParams', 'input', 'a string or a Uri', input);
  }
  let flags = 0;
  const o = optionsOf(options, 'queryParams');
  if (o !== undefined) {
    checkOptionNames(o, QUERY_OPTIONS, 'queryParams');
    if (booleanOption(o, 'form', 'queryParams')) flags |= FORM;
    if (booleanOption(o, 'semicolon', 'queryParams')) flags |= SEMICOLON;
    // Checked once, whole: a lazy view would otherwise throw at whichever read reached the bad part.
    if (booleanOption(o, 'fatal', 'queryParams')) decodeRange(s, start, end, true);
  }
  return new QueryParams(s, start, end, flags);
}

const FORM = 1;
const SEMICOLON = 2;

/**
 * A read-only view of a query's pairs with the reading half of `URLSearchParams`' interface:
 * `get`, `getAll`, `has`, `size`, `keys`, `values`, `entries`, `forEach` and iteration (so
 * `new URLSearchParams(params)` and `Object.fromEntries(params)` work). Names and values are
 * percent-decoded as UTF-8 when read. To change a query, write one with `formatQuery`, or change
 * some pairs of a `Uri`'s with `uri.withQueryParams`.
 *
 * @example
 * const params = queryParams('utm_source=x&id=42');
 * params.get('id');   // '42'
 * params.has('ref');  // false
 * [...params.keys()]; // ['utm_source', 'id']
 */
export class QueryParams implements Iterable<[string, string]> {
  readonly #s: string;
  readonly #start: number;
  readonly #end: number;
  readonly #flags: number;
  /** Whether a name may need decoding: the range holds "%" (or "+" in form mode). */
  readonly #encoded: boolean;
  /** Per pair: start, the "=" (or the end), end. Built by the first read that needs all pairs. */
  #index: number[] | null = null;

  /** @internal Use `queryParams()` or `uri.queryParams`. */
  constructor(s: string, start: number, end: number, flags: number) {
    if (
      typeof s !== 'string' ||
      typeof start !== 'number' ||
      typeof end !== 'number' ||
      typeof flags !== 'number' ||
      !(start >= 0 && start <= end && end <= s.length)
    )
      throw new TypeError('QueryParams: the constructor is internal; use queryParams(input) or uri.queryParams');
    this.#s = s;
    this.#start = start;
    this.#end = end;
    this.#flags = flags;
    this.#encoded = has(s, '%', start, end) || ((flags & FORM) !== 0 && has(s, '+', start, end));
  }

  /** The number of pairs. */
  get size(): number {
    return this.#pairs().length / 3;
  }

  /**
   * The first value of `name` (decoded), or `null` when no pair has that name. One pass over the
   * query that allocates nothing but the value it returns.
   */
  get(name: string): string | null {
    if (typeof name !== 'string') throw argumentError('QueryParams#get', 'name', 'a string', name);
    const s = this.#s;
    const end = this.#end;
    const semicolon = (this.#flags & SEMICOLON) !== 0;
    if (!this.#encoded && !semicolon) {
      // Raw text is decoded text: compare names in place, find pairs with indexOf (native code).
      if (name.includes('=') || name.includes('&')) return null;
      const n = name.length;
      for (let i = this.#start; i < end; ) {
        let j = s.indexOf('&', i);
        if (j === -1 || j > end) j = end;
        const k = i + n;
        if (k <= j && j > i && s.startsWith(name, i)) {
          if (k === j) return '';
          if (s.charCodeAt(k) === 0x3d) return s.slice(k + 1, j);
        }
        i = j + 1;
      }
      return null;
    }
    if (semicolon) {
      for (let i = this.#start; i < end; ) {
        const j = pairEnd(s, i, end, true);
        const eq = eqAt;
        if (j > i && this.#nameIs(i, eq, name)) return eq === j ? '' : this.#decode(eq + 1, j);
        i = j + 1;
      }
      return null;
    }
    // Some "%" (or "+" in form mode) in the query: the pairs are still found with indexOf, and a
    // name is decoded only when it holds one. `nextEq` is the first "=" at or after i, found once
    // for all the pairs before it (so the search stays linear however few "=" there are).
    let nextEq = -1;
    for (let i = this.#start; i < end; ) {
      let j = s.indexOf('&', i);
      if (j === -1 || j > end) j = end;
      if (nextEq < i && nextEq !== -2) {
        nextEq = s.indexOf('=', i);
        if (nextEq === -1) nextEq = -2;
      }
      const eq = nextEq >= 0 && nextEq < j ? nextEq : j;
      if (j > i && this.#nameIs(i, eq, name)) return eq === j ? '' : this.#decode(eq + 1, j);
      i = j + 1;
    }
    return null;
  }

  /** Every value of `name`, decoded, in order. */
  getAll(name: string): string[] {
    if (typeof name !== 'string') throw argumentError('QueryParams#getAll', 'name', 'a string', name);
    const out: string[] = [];
    const p = this.#pairs();
    for (let k = 0; k < p.length; k += 3) {
      if (this.#nameIs(p[k]!, p[k + 1]!, name)) out.push(this.#value(p, k));
    }
    return out;
  }

  /** Whether some pair has the name (and, when given, the value). */
  has(name: string, value?: string): boolean {
    if (typeof name !== 'string') throw argumentError('QueryParams#has', 'name', 'a string', name);
    if (value === undefined) return this.get(name) !== null;
    if (typeof value !== 'string') throw argumentError('QueryParams#has', 'value', 'a string or undefined', value);
    return this.getAll(name).includes(value);
  }

  /** The names, decoded, in order (a name that occurs twice comes twice). */
  *keys(): IterableIterator<string> {
    const p = this.#pairs();
    for (let k = 0; k < p.length; k += 3) yield this.#decode(p[k]!, p[k + 1]!);
  }

  /** The values, decoded, in order. */
  *values(): IterableIterator<string> {
    const p = this.#pairs();
    for (let k = 0; k < p.length; k += 3) yield this.#value(p, k);
  }

  /** The `[name, value]` pairs, decoded, in order. */
  *entries(): IterableIterator<[string, string]> {
    const p = this.#pairs();
    for (let k = 0; k < p.length; k += 3) yield [this.#decode(p[k]!, p[k + 1]!), this.#value(p, k)];
  }

  /** The same as `entries()`. */
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  /** Calls `fn(value, name, this)` for each pair, as `URLSearchParams#forEach` does. */
  forEach(fn: (value: string, name: string, params: QueryParams) => void, thisArg?: unknown): void {
    if (typeof fn !== 'function') throw argumentError('QueryParams#forEach', 'fn', 'a function', fn);
    for (const [name, value] of this.entries()) fn.call(thisArg, value, name, this);
  }

  /** The query's text, exactly as in the input (without a leading `?`). */
  toString(): string {
    return this.#s.slice(this.#start, this.#end);
  }

  /** For `util.inspect` and `console.log`: the decoded pairs, as Node shows `URLSearchParams`. */
  [Symbol.for('nodejs.util.inspect.custom')](_depth: number, options: object, inspect: (v: unknown, o: object) => string): string {
    const shown = [...this.entries()].map(([k, v]) => `${inspect(k, options)} => ${inspect(v, options)}`);
    return shown.length === 0 ? 'QueryParams {}' : `QueryParams { ${shown.join(', ')} }`;
  }

  #pairs(): number[] {
    let p = this.#index;
    if (p !== null) return p;
    p = [];
    const s = this.#s;
    const end = this.#end;
    const semicolon = (this.#flags & SEMICOLON) !== 0;
    for (let i = this.#start; i < end; ) {
      const j = pairEnd(s, i, end, semicolon);
      if (j > i) p.push(i, eqAt, j);
      i = j + 1;
    }
    this.#index = p;
    return p;
  }

  #value(p: number[], k: number): string {
    const eq = p[k + 1]!;
    const end = p[k + 2]!;
    return eq === end ? '' : this.#decode(eq + 1, end);
  }

  /** Whether s[start, end) decodes to `name`; compares the raw text when it holds no encoding. */
  #nameIs(start: number, end: number, name: string): boolean {
    const s = this.#s;
    const form = (this.#flags & FORM) !== 0;
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x25 || (c === 0x2b && form)) return this.#decode(start, end) === name;
    }
    return end - start === name.length && s.startsWith(name, start);
  }

  #decode(start: number, end: number): string {
    const text = this.#s.slice(start, end);
    return this.#encoded ? decodePart(text, (this.#flags & FORM) !== 0) : text;
  }
}

/** The "=" of the pair that pairEnd found last, or that pair's end when it has none. */
let eqAt = 0;

/** The end of the pair that starts at i: the next separator, or end. Sets eqAt. */
function pairEnd(s: string, i: number, end: number, semicolon: boolean): number {
  let eq = -1;
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x26 || (c === 0x3b && semicolon)) break;
    if (c === 0x3d && eq === -1) eq = i;
  }
  eqAt = eq === -1 ? i : eq;
  return i;
}

function has(s: string, c: string, start: number, end: number): boolean {
  const i = s.indexOf(c, start);
  return i !== -1 && i < end;
}

/** A value `formatQuery` writes: `null` writes the name alone, `undefined` leaves the pair out. */
export type QueryValue = string | number | boolean | bigint | null | undefined;

/**
 * What `formatQuery` takes: pairs (arrays, a `Map`, `URLSearchParams`, `QueryParams`, any
 * iterable; a pair of one element is a name alone) or a record (an array value repeats the name).
 */
export type QueryInput =
  | Iterable<readonly [string, QueryValue] | readonly [string]>
  | Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

/** Options of `formatQuery`. */
export interface FormatQueryOptions {
  /**
   * `application/x-www-form-urlencoded`, byte for byte as `URLSearchParams#toString()` writes it:
   * a space is `+`, everything but ALPHA, DIGIT and `*-._` percent-encoded. Default `false`: RFC
   * 3986, where only what the query cannot hold and the separators `& = + ;` are encoded.
   */
  form?: boolean;
  /** The pair separator: `'&'` (the default) or `';'`. */
  separator?: '&' | ';';
}

const FORMAT_QUERY_OPTIONS = optionNames<FormatQueryOptions>()(['form', 'separator']);

/**
 * Writes pairs as a query (without the `?`): the inverse of `queryParams`. Names and values are
 * percent-encoded as UTF-8 where the query, or the pair structure, needs it; a `?` that would
 * begin the query is `%3F`, since a reader drops one leading `?` (`[['?a', '1']]` is `%3Fa=1`).
 *
 * @throws {TypeError} for a name that is not a string or a value of another type.
 * @throws {UriError} INVALID_CHAR for a lone surrogate, which has no UTF-8 form.
 * @example
 * formatQuery({ q: 'a b&c', page: 2 });                // 'q=a%20b%26c&page=2'
 * formatQuery([['tag', 'x'], ['tag', 'y'], ['flag']]); // 'tag=x&tag=y&flag'
 * formatQuery({ q: 'a b' }, { form: true });            // 'q=a+b'
 * formatQuery(new URLSearchParams('a=1&b=2'));          // 'a=1&b=2'
 * parse('http://h/p').with({ query: formatQuery({ id: 7 }) }).href; // 'http://h/p?id=7'
 */
export function formatQuery(input: QueryInput, options?: FormatQueryOptions): string {
  const o = optionsOf(options, 'formatQuery');
  if (o !== undefined) checkOptionNames(o, FORMAT_QUERY_OPTIONS, 'formatQuery');
  const form = o !== undefined && booleanOption(o, 'form', 'formatQuery');
  const separator = o === undefined ? '&' : choiceOption(o, 'separator', 'formatQuery', SEPARATORS, '&');
  let out = '';
  const add = (name: unknown, value: unknown): void => {
    if (typeof name !== 'string') throw argumentError('formatQuery', 'a name', 'a string', name);
    if (value === undefined) return;
    if (out !== '') out += separator;
    out += pairText(encodePart(name, form), name, value, form, 'formatQuery');
  };
  if (input === null || typeof input !== 'object') throw argumentError('formatQuery', 'input', 'pairs or a record', input);
  if (Symbol.iterator in input) {
    for (const pair of input as Iterable<readonly unknown[]>) {
      if (!Array.isArray(pair) || pair.length < 1 || pair.length > 2) {
        throw argumentError('formatQuery', 'a pair', '[name, value] or [name]', pair);
      }
      add(pair[0], pair.length === 1 ? null : pair[1]);
    }
  } else {
    for (const name of Object.keys(input)) {
      const value = (input as Record<string, unknown>)[name];
      if (Array.isArray(value)) for (const v of value) add(name, v);
      else add(name, value);
    }
  }
  return noLeadingMark(out);
}

/**
 * RFC 3986 §3.4: a "?" in the query is data, but a reader handed the query without its "?"
 * (queryParams, URLSearchParams) drops one at its start as that delimiter: written `%3F` there.
 */
function noLeadingMark(query: string): string {
  return query.charCodeAt(0) === 0x3f ? `%3F${query.slice(1)}` : query;
}

/** A pair, its name written (`rawName`); a value that is no QueryValue (but undefined) is a TypeError. */
function pairText(rawName: string, name: string, value: unknown, form: boolean, who: string): string {
  if (value === null) return rawName;
  if (typeof value === 'string') return `${rawName}=${encodePart(value, form)}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return `${rawName}=${encodePart(String(value), form)}`;
  throw argumentError(who, `the value of ${JSON.stringify(name)}`, 'a string, number, boolean, bigint, null or undefined', value);
}

const SEPARATORS = ['&', ';'] as const;

/**
 * What `Uri#withQueryParams` changes: per name (a record's own keys, or a `Map`'s), a value,
 * several (an array) or none (`undefined`).
 */
export type QueryChanges =
  | Readonly<Record<string, QueryValue | readonly QueryValue[]>>
  | ReadonlyMap<string, QueryValue | readonly QueryValue[]>;

/** Options of `Uri#withQueryParams`. */
export interface QueryChangeOptions {
  /**
   * `application/x-www-form-urlencoded`: names are matched with `+` read as a space, and new
   * values written as `formatQuery`'s form writes them (a space as `+`). Default `false`: RFC 3986.
   */
  form?: boolean;
  /** `;` separates pairs as `&` does, as `queryParams` reads them. Default `false`. */
  semicolon?: boolean;
}

const QUERY_CHANGE_OPTIONS = optionNames<QueryChangeOptions>()(['form', 'semicolon']);

/**
 * `Uri#withQueryParams`: the query `query` (`undefined`: none) with the pairs that `changes` names
 * (own properties) set, repeated or removed. A named pair's first occurrence takes the new values
 * in its place, its name as written; its later occurrences go; a name the query lacks is appended.
 * Every other part of the query is kept byte for byte. `query` itself when nothing changes;
 * `undefined` when no pair is left of a query that had some (no bare "?").
 */
export function changeQuery(query: string | undefined, changes: QueryChanges, options: QueryChangeOptions | undefined): string | undefined {
  const who = 'Uri#withQueryParams';
  if (typeof changes !== 'object' || changes === null) throw argumentError(who, 'changes', 'an object', changes);
  const o = optionsOf(options, who);
  if (o !== undefined) checkOptionNames(o, QUERY_CHANGE_OPTIONS, who);
  const form = o !== undefined && booleanOption(o, 'form', who);
  const semicolon = o !== undefined && booleanOption(o, 'semicolon', who);
  const entries: [unknown, unknown][] =
    changes instanceof Map ? [...changes] : Object.keys(changes).map((k) => [k, (changes as Record<string, unknown>)[k]]);
  if (entries.length === 0) return query;
  // Per name, what follows the name in each of its new pairs ("=value", or "" for the name
  // alone); none to remove it. Checked before anything is written.
  const tails = new Map<string, string[]>();
  for (const [name, v] of entries) {
    if (typeof name !== 'string') throw argumentError(who, 'a name of changes', 'a string', name);
    const list: readonly unknown[] = Array.isArray(v) ? v : v === undefined ? [] : [v];
    tails.set(
      name,
      list.map((x) => pairText('', name, x, form, who)),
    );
  }
  const s = query ?? '';
  let out = '';
  let kept = false; // some part of the query is in out (an empty one too)
  let changed = false;
  const placed = new Set<string>();
  const keep = (sep: string, text: string): void => {
    out += kept ? sep + text : text;
    kept = true;
  };
  for (let i = 0; s !== ''; ) {
    const j = pairEnd(s, i, s.length, semicolon);
    const eq = eqAt;
    const sep = i === 0 ? '' : s[i - 1]!;
    const name = j > i ? decodePart(s.slice(i, eq), form) : '';
    const t = j > i ? tails.get(name) : undefined;
    if (t === undefined) {
      keep(sep, s.slice(i, j));
    } else if (!placed.has(name) && t.length > 0) {
      // The first pair of that name takes the new pairs, with the name as it is written there.
      const raw = s.slice(i, eq);
      const text = t.map((tail) => raw + tail).join('&');
      if (text !== s.slice(i, j)) changed = true;
      keep(sep, text);
      placed.add(name);
    } else {
      changed = true;
      placed.add(name);
    }
    if (j === s.length) break;
    i = j + 1;
  }
  for (const [name, t] of tails) {
    if (t.length === 0 || placed.has(name)) continue;
    const raw = encodePart(name, form);
    const text = t.map((tail) => raw + tail).join('&');
    keep('&', kept ? text : noLeadingMark(text));
    changed = true;
  }
  if (!changed) return query;
  return out === '' ? undefined : out;
}

/** A name or value of a query as written, decoded: `%XX` as UTF-8, and a `+` as a space in a form. */
function decodePart(text: string, form: boolean): string {
  const t = form && text.includes('+') ? text.replaceAll('+', ' ') : text;
  return t.includes('%') ? percentDecode(t) : t;
}

function encodePart(s: string, form: boolean): string {
  if (!form) return encodeSet(s, EncodeSet.QUERY_PARAM);
  // "%" is always encoded, so "%20" in the output can only stand for a space.
  const encoded = encodeSet(s, EncodeSet.FORM);
  return encoded.includes('%20') ? encoded.replaceAll('%20', '+') : encoded;
}

/**
 * Route matching (`query: 'named'`): a template read as a path part, matched exactly, and a
 * query part whose pairs are found by name among the URI's, in any order, the others ignored.
 *
 * A template's query part begins at its first `{?…}` or `{&…}` expression or its first "?"
 * outside an expression, and must be pairs: `{?…}` first, then `{&…}` expressions, literal pairs
 * (`?v=1`, `&format=json`, `&flag`) and pairs whose value is one expression (`?q={q}`,
 * `&to={+url}`). A template with anything else there has no named reading (queryPart gives
 * undefined) and is matched exactly.
 */
import { decodeRange, indexIn } from '../ops/percent.js';
import { encodeReserved } from './encode.js';
import { type ExtractedValue, type ExtractedVariables, setOwn } from './extract.js';
import { Op, type Program } from './syntax.js';

/** What a URI's query must hold: a pair by name, for a variable or as literal text. */
export interface QueryItem {
  /** The pair's name as the URI writes it (a varname as the template writes it). */
  readonly name: string;
  /** The varspec whose value the pair gives (its index in the program), or -1 for a literal pair. */
  readonly spec: number;
  /** A literal pair's whole text (`v=1`, `flag`), as expansion writes it. */
  readonly text: string;
  /** Whether the pair must be there: literal pairs and `name={x}`; `{?x}` may be left out. */
  readonly required: boolean;
}

/** A template's two parts for named matching. */
export interface QueryPart {
  /** Where the query part begins in the template's text. */
  readonly cut: number;
  readonly items: readonly QueryItem[];
  /** Whether no URI can fail the query part (no required pair, no prefix): only the path decides. */
  readonly open: boolean;
}

/** The query part of p, or undefined when its text after the cut is not pairs (see above). */
export function queryPart(p: Program): QueryPart | undefined {
  const src = p.source;
  const count = p.ops.length;
  // The literal text before expression e, as the template has it (not yet expanded).
  const literalBefore = (e: number): [number, number] => [e === 0 ? 0 : p.close[e - 1]!, e === count ? src.length : p.open[e]!];
  let cut = -1;
  let first = 0; // the first expression at or after the cut
  for (let e = 0; e <= count && cut === -1; e++) {
    const [from, to] = literalBefore(e);
    const q = indexIn(src, 0x3f, from, to);
    if (q !== -1) {
      cut = q;
      first = e;
    } else if (e < count && (p.ops[e] === Op.QUERY || p.ops[e] === Op.CONTINUATION)) {
      cut = p.open[e]!;
      first = e;
    }
  }
  if (cut === -1) return { cut: src.length, items: [], open: true };
  const items: QueryItem[] = [];
  let open = true;
  // Walk the rest: literal text (from `at`), then expression e, and so on.
  let at = cut;
  let start = true; // nothing read yet: "?" or {?…} must come
  for (let e = first; ; e++) {
    const to = e === count ? src.length : p.open[e]!;
    const text = src.slice(at, to);
    let valueName: string | undefined;
    if (text !== '') {
      if (text[0] !== (start ? '?' : '&')) return undefined;
      const pieces = text.slice(1).split('&');
      const last = pieces.pop()!;
      for (const piece of pieces) {
        if (!literalPair(piece, items)) return undefined;
        open = false;
      }
      if (e < count && last.endsWith('=') && last.indexOf('=') === last.length - 1 && last.length > 1) {
        valueName = encodeReserved(last.slice(0, -1))!;
      } else if (last !== '' || e === count) {
        if (!literalPair(last, items)) return undefined;
        open = false;
      }
      start = false;
    }
    if (e === count) break;
    const op = p.ops[e]!;
    const from = p.firstSpec[e]!;
    const specs = p.firstSpec[e + 1]! - from;
    if (valueName !== undefined) {
      // name={x}: one variable, the pair's whole value.
      if ((op !== Op.SIMPLE && op !== Op.RESERVED) || specs !== 1 || p.explode[from] === 1) return undefined;
      items.push({ name: valueName, spec: from, text: '', required: true });
      open = false;
    } else {
      if (op !== (start ? Op.QUERY : Op.CONTINUATION)) return undefined;
      for (let k = from; k < from + specs; k++) {
        items.push({ name: p.names[k]!, spec: k, text: '', required: false });
        if (p.prefix[k] !== 0) open = false;
      }
    }
    start = false;
    at = p.close[e]!;
  }
  // A variable of both parts, or twice in the query, must have one value: the query can fail.
  const names = new Set(items.filter((it) => it.spec >= 0).map((it) => it.name));
  if (names.size < items.filter((it) => it.spec >= 0).length) open = false;
  for (let k = 0; k < p.names.length && open; k++) if (p.specAt[k]! < cut && names.has(p.names[k]!)) open = false;
  return { cut, items, open };
}

/** Adds the literal pair `piece` (not empty, no expression); false when it is empty. */
function literalPair(piece: string, items: QueryItem[]): boolean {
  if (piece === '') return false;
  const text = encodeReserved(piece)!;
  const eq = text.indexOf('=');
  items.push({ name: eq === -1 ? text : text.slice(0, eq), spec: -1, text, required: true });
  return true;
}

/** Where the part of u before its query and fragment ends. */
export function pathEnd(u: string): number {
  for (let i = 0; i < u.length; i++) {
    const c = u.charCodeAt(i);
    if (c === 0x3f || c === 0x23) return i;
  }
  return u.length;
}

/**
 * Adds to `vars` the values the query of u gives the items of `part` (u's path part already
 * matched, its variables in `vars`); false when a required pair is missing, a value is longer
 * than its prefix, or a variable would get two values.
 */
export function readQuery(p: Program, part: QueryPart, u: string, vars: ExtractedVariables): boolean {
  if (part.items.length === 0) return true;
  const at = pathEnd(u);
  // The pairs of the query (up to a fragment), by name: where each one's value starts and ends.
  const wanted = new Map<string, number[]>();
  for (const it of part.items) wanted.set(it.name, []);
  if (u.charCodeAt(at) === 0x3f) {
    let end = u.indexOf('#', at);
    if (end === -1) end = u.length;
    for (let i = at + 1; i <= end; ) {
      let j = i;
      let eq = -1;
      for (; j < end && u.charCodeAt(j) !== 0x26; j++) if (eq === -1 && u.charCodeAt(j) === 0x3d) eq = j;
      const list = wanted.get(u.slice(i, eq === -1 ? j : eq));
      if (list !== undefined) list.push(i, eq, j);
      i = j + 1;
    }
  }
  for (const it of part.items) {
    const pairs = wanted.get(it.name)!;
    if (it.spec < 0) {
      let found = false;
      for (let k = 0; k < pairs.length && !found; k += 3) found = u.slice(pairs[k], pairs[k + 2]) === it.text;
      if (!found) return false;
      continue;
    }
    if (pairs.length === 0) {
      if (it.required) return false;
      continue;
    }
    const valueAt = (k: number): string => (pairs[k + 1] === -1 ? '' : decodeRange(u, pairs[k + 1]! + 1, pairs[k + 2]!, false));
    let value: ExtractedValue;
    if (p.explode[it.spec] === 1) {
      value = [];
      for (let k = 0; k < pairs.length; k += 3) value.push(valueAt(k));
    } else {
      value = valueAt(0);
      const max = p.prefix[it.spec]!;
      if (max !== 0 && codePoints(value) > max) return false;
    }
    const name = p.names[it.spec]!;
    if (!Object.hasOwn(vars, name)) setOwn(vars, name, value);
    else if (!same(vars[name]!, value)) return false;
  }
  return true;
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
  }
  return n;
}

/** Two values of one variable are the same (strings and lists; an associative array never is). */
function same(a: ExtractedValue, b: ExtractedValue): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * From the spans of an accepting path (runner.ts) to the variables: each span's text decoded,
 * strings, lists and associative arrays assembled per varspec, occurrences of one variable merged.
 */

import { decodeRange, hexByte, utf8At, utf8End } from '../ops/percent.js';
import { HEX_VALUE } from '../syntax/tables.js';
import { Role } from './nfa.js';
import type { Spans } from './spans.js';
import { ALLOW_UR, FIRST, type Op, type Program } from './syntax.js';
import { TChar, TEMPLATE_CHAR } from './tables.js';

/** An extracted value: a string, a list (an exploded list variable), or an associative array. */
export type ExtractedValue = string | string[] | Record<string, string>;

/** The variables `extract` returns: only those the URI defines. */
export type ExtractedVariables = Record<string, ExtractedValue>;

/** Sets an own property, also for the name "__proto__" (a value from a URI must not reach a prototype). */
export function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

const isHex = (c: number): boolean => c < 0x80 && HEX_VALUE[c] !== 0xff;

/** Whether s[i, end) holds a lower-case hex digit: its triplets are not what expansion writes. */
function hasLowerHex(s: string, i: number, end: number): boolean {
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x61 && c <= 0x66) return true;
  }
  return false;
}

/**
 * The value of a U+R span (`{+var}`, `{#var}`): decodes what expansion would encode again the
 * same way (upper-case triplets of a whole UTF-8 character outside U+R, and "%25" unless two hex
 * digits follow it); every other triplet is the value's own text, as U+R expansion passes it.
 * The same rule as the VALUE_UR automaton's count (scripts/gen/template.ts).
 */
export function decodeReserved(s: string): string {
  let i = s.indexOf('%');
  if (i === -1) return s;
  const len = s.length;
  let out = '';
  let run = 0;
  while (i !== -1) {
    const b = hasLowerHex(s, i + 1, i + 3) ? -1 : hexByte(s, i);
    let end = i + 3;
    let cp = -1;
    if (b === 0x25) {
      if (!(isHex(s.charCodeAt(i + 3)) && isHex(s.charCodeAt(i + 4)))) cp = 0x25;
    } else if (b >= 0 && b < 0x80) {
      if ((TEMPLATE_CHAR[b]! & TChar.UR) === 0) cp = b;
    } else if (b >= 0x80) {
      const v = utf8At(s, i, b, len);
      if (v >= 0 && !hasLowerHex(s, i + 3, utf8End)) {
        cp = v;
        end = utf8End;
      }
    }
    if (cp >= 0) {
      out += s.slice(run, i) + String.fromCodePoint(cp);
      run = end;
    }
    i = s.indexOf('%', end);
  }
  return out + s.slice(run);
}

/** The value of the span [b, e) of u. */
function decoded(u: string, b: number, e: number, ur: boolean): string {
  if (!ur) return decodeRange(u, b, e, false);
  const text = u.slice(b, e);
  return text.indexOf('%') === -1 ? text : decodeReserved(text);
}

/**
 * The variables of an accepting path, from its spans. For `{…}` and `{+…}`, whose expansion is
 * empty both when every variable is undefined and when one is the empty string, an expression
 * that matched nothing leaves its variables undefined. null when the path gives an associative
 * array one key twice, which no value can expand to.
 */
export function variablesOf(p: Program, u: string, spans: Spans): ExtractedVariables | null {
  const { code, begin, end } = spans;
  const n = spans.n;
  const out: ExtractedVariables = {};
  const seen = p.repeats ? new Map<string, ExtractedValue[]>() : undefined;
  let i = 0;
  while (i < n) {
    const e = p.specExpr[code[i]! >> 2]!;
    let j = i;
    while (j < n && p.specExpr[code[j]! >> 2] === e) j++;
    const op = p.ops[e]! as Op;
    if (FIRST[op] === '' && begin[i] === end[j - 1]) {
      i = j;
      continue;
    }
    const ur = ALLOW_UR[op];
    while (i < j) {
      const k = code[i]! >> 2;
      let m = i;
      while (m < j && code[m]! >> 2 === k) m++;
      let value: ExtractedValue;
      if ((code[i]! & 3) === Role.ITEM) {
        if (m === i + 1 && p.explode[k] === 0) value = decoded(u, begin[i]!, end[i]!, ur);
        else {
          const items: string[] = [];
          for (let t = i; t < m; t++) items.push(decoded(u, begin[t]!, end[t]!, ur));
          value = items;
        }
      } else {
        const assoc: Record<string, string> = {};
        for (let t = i; t + 1 < m; t += 2) {
          const key = decoded(u, begin[t]!, end[t]!, ur);
          if (Object.hasOwn(assoc, key)) return null;
          setOwn(assoc, key, decoded(u, begin[t + 1]!, end[t + 1]!, ur));
        }
        value = assoc;
      }
      const name = p.names[k]!;
      if (seen === undefined) setOwn(out, name, value);
      else if (p.prefix[k] === 0) seen.set(name, [value, ...(seen.get(name) ?? [])]);
      else seen.set(name, [...(seen.get(name) ?? []), value]);
      i = m;
    }
  }
  if (seen !== undefined) for (const [name, values] of seen) setOwn(out, name, merged(values));
  return out;
}

/**
 * One value for a variable met several times (the caller checks by expanding that it fits
 * them all): a string where any occurrence needs one (a prefix, or an unexploded one; an
 * exploded one-member list says the same), else the first.
 */
function merged(values: readonly ExtractedValue[]): ExtractedValue {
  let best: string | undefined;
  for (const v of values) {
    const s = typeof v === 'string' ? v : Array.isArray(v) && v.length === 1 ? v[0]! : undefined;
    if (s !== undefined && (best === undefined || s.length > best.length)) best = s;
  }
  return best ?? values[0]!;
}

/** Where each variable's value lies in the URI: `[start, end)`, from its first character to its last. */
export type MatchSpans = Record<string, [number, number]>;

/**
 * The span of each variable of an accepting path: from the first character of its first span
 * to the last of its last one met together (an exploded list's members and the separators
 * between them); for a variable used twice, its first occurrence.
 */
export function spansOf(p: Program, spans: Spans): MatchSpans {
  const { code, begin, end } = spans;
  const n = spans.n;
  const out: MatchSpans = {};
  for (let i = 0; i < n; ) {
    const k = code[i]! >> 2;
    let m = i;
    while (m < n && code[m]! >> 2 === k) m++;
    const name = p.names[k]!;
    if (!Object.hasOwn(out, name)) setOwn(out, name, [begin[i]!, end[m - 1]!]);
    i = m;
  }
  return out;
}

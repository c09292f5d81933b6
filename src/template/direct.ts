/**
 * A shortcut for the templates most APIs publish, where the URI itself says where every value
 * ends: `/repos/{owner}/{repo}/issues{?state,page}`, `/files{/path*}{?ref}`, `{+rest}` last.
 * For such a template the answer is the only one there is, so reading it straight off the URI
 * (scans and literal compares, no automaton) gives what the automaton gives (nfa.ts, dfa.ts,
 * then extract.ts), and the shortcut builds the variables as it reads.
 *
 * A template qualifies when every expression is
 *   - `{x}`, `{/x}`, `{.x}` (a string, or a list of members joined by ","), or `{/x*}` (a list),
 *   - `{?a,b}`, `{&a,b}`, `{;a,b}` (named strings or lists), or
 *   - `{+x}` or `{#x}` as the template's last part,
 * with no prefix and no variable used twice, and no character that can follow an expression
 * (the first one of the rest of the template, or its end) could also continue it. Anything else
 * goes to the automaton, and so does a URI the shortcut cannot settle (a `{/x*}` member with
 * "=", which makes an associative array).
 */
import { TChar, TEMPLATE_CHAR, VALUE_CLASS, VALUE_NEXT, VCls, VState } from '../generated/tables.js';
import { percentDecode } from '../percent.js';
import { decodeReserved, type ExtractedValue, type ExtractedVariables } from './extract.js';
import { ALLOW_UR, FIRST, NAMED, Op, type Program, SEP } from './syntax.js';

/** extract's answer when the URI needs the automaton. */
export const UNSETTLED = -3;

// The parts of a template, as the shortcut reads them.
const LITERAL = 0;
/** One string or list: {x} {/x} {.x}; or {/x*}. */
const VALUE = 1;
/** Named pairs: {?a,b} {&a,b} {;a,b}. */
const NAMED_PAIRS = 2;
/** {+x} {#x} at the end. */
const REST = 3;

interface Step {
  readonly part: number;
  /** The literal; or the expression's first character ('' for none). */
  readonly text: string;
  readonly op: Op;
  /** The expression's varspecs. */
  readonly from: number;
  readonly to: number;
  readonly explode: boolean;
}

/** A set of characters as a 129-entry table (index 0x80: any non-ASCII one; 0x81: the end). */
type CharSet = Uint8Array;
const END = 0x81;
const charSet = (): CharSet => new Uint8Array(0x82);

/** U, "%" and ",": what a `{…}` string or list is made of. */
const LIST_CHARS = charSet();
for (let c = 0; c < 0x80; c++) if ((TEMPLATE_CHAR[c]! & TChar.U) !== 0) LIST_CHARS[c] = 1;
LIST_CHARS[0x25] = 1;
LIST_CHARS[0x2c] = 1;

/** The same for scanning: 0 ends a value, else a bit: 1 an unreserved character, 2 ",", 4 "%". */
const SCAN = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) if ((TEMPLATE_CHAR[c]! & TChar.U) !== 0) SCAN[c] = 1;
SCAN[0x2c] = 2;
SCAN[0x25] = 4;
/** The SCAN bits of the last run scanValue read. */
let scanned = 0;
/** The run of value characters from i: where it ends (its SCAN bits in `scanned`). */
function scanValue(u: string, i: number, n: number): number {
  let bits = 0;
  for (; i < n; i++) {
    const c = u.charCodeAt(i);
    const k = c < 0x80 ? SCAN[c]! : 0;
    if (k === 0) break;
    bits |= k;
  }
  scanned = bits;
  return i;
}

export class Direct {
  private constructor(
    private readonly p: Program,
    private readonly steps: readonly Step[],
  ) {}

  /** The shortcut for p, or undefined when p does not qualify. */
  static of(p: Program): Direct | undefined {
    if (p.repeats) return undefined;
    const count = p.ops.length;
    const steps: Step[] = [];
    // What can come first after each part, from the end back: a character or the end.
    let after = charSet();
    after[END] = 1;
    const parts: Step[] = [];
    for (let e = count; e >= 0; e--) {
      const lit = p.literals[e]!;
      if (lit !== '') {
        parts.push({ part: LITERAL, text: lit, op: Op.SIMPLE, from: 0, to: 0, explode: false });
        after = charSet();
        after[lit.charCodeAt(0)] = 1;
      }
      if (e === 0) break;
      const x = e - 1;
      const op = p.ops[x]! as Op;
      const from = p.firstSpec[x]!;
      const to = p.firstSpec[x + 1]!;
      for (let k = from; k < to; k++) if (p.prefix[k] !== 0) return undefined;
      const first = FIRST[op];
      const explode = p.explode[from] === 1;
      const continues = charSet(); // what can continue the expression past a value
      for (let c = 0; c < 0x82; c++) continues[c] = LIST_CHARS[c]!;
      let step: Step;
      if (ALLOW_UR[op]) {
        if (to - from !== 1 || explode || !(after[END] === 1 && after.indexOf(1) === END)) return undefined;
        step = { part: REST, text: first, op, from, to, explode: false };
      } else if (NAMED[op]) {
        for (let k = from; k < to; k++) if (p.explode[k] === 1) return undefined;
        continues[SEP[op].charCodeAt(0)] = 1;
        continues[0x3d] = 1; // "="
        step = { part: NAMED_PAIRS, text: first, op, from, to, explode: false };
      } else {
        if (to - from !== 1 || (explode && op !== Op.PATH)) return undefined;
        if (explode) {
          continues[0x2f] = 1; // "/"
          continues[0x3d] = 1; // "=" (an associative array: unsettled)
        }
        step = { part: VALUE, text: first, op, from, to, explode };
      }
      for (let c = 0; c < 0x82; c++) if (after[c] === 1 && continues[c] === 1) return undefined;
      if (first !== '' && after[first.charCodeAt(0)] === 1) return undefined;
      parts.push(step);
      // The expression may be empty: what follows it can come first too.
      if (first !== '') after[first.charCodeAt(0)] = 1;
      else for (let c = 0; c < 0x81; c++) if (LIST_CHARS[c] === 1 || ALLOW_UR[op]) after[c] = 1;
    }
    steps.push(...parts.reverse());
    return new Direct(p, steps);
  }

  /** The variables of u, or null when it does not match, or UNSETTLED. */
  extract(u: string): ExtractedVariables | null | typeof UNSETTLED {
    const p = this.p;
    const steps = this.steps;
    const n = u.length;
    const out: ExtractedVariables = {};
    let i = 0;
    for (let x = 0; x < steps.length; x++) {
      const step = steps[x]!;
      const part = step.part;
      if (part === LITERAL) {
        if (!u.startsWith(step.text, i)) return null;
        i += step.text.length;
      } else if (part === VALUE) {
        if (step.text !== '') {
          if (u.charCodeAt(i) !== step.text.charCodeAt(0)) continue;
          i++;
        }
        if (step.explode) {
          // Members after "/" (the first one's already read).
          const list: string[] = [];
          for (;;) {
            const end = scanValue(u, i, n);
            if (u.charCodeAt(end) === 0x3d) return UNSETTLED;
            if ((scanned & 2) !== 0) return null; // a "," in a member
            const member = (scanned & 4) !== 0 ? decodeU(u, i, end) : u.slice(i, end);
            if (member === undefined) return null;
            list.push(member);
            i = end;
            if (u.charCodeAt(i) !== 0x2f) break;
            i++;
          }
          put(out, p.names[step.from]!, list);
        } else {
          const end = scanValue(u, i, n);
          // {x} that matches nothing is undefined; {/x} with "/" is the empty string.
          if (step.text === '' && end === i) continue;
          const value = members(u, i, end, scanned);
          if (value === undefined) return null;
          put(out, p.names[step.from]!, value);
          i = end;
        }
      } else if (part === NAMED_PAIRS) {
        if (u.charCodeAt(i) !== step.text.charCodeAt(0)) continue;
        const sep = SEP[step.op].charCodeAt(0);
        const form = step.op !== Op.PARAM;
        let k = step.from;
        i++;
        for (;;) {
          // The next pair's name is one of the varspecs still to come.
          const c0 = u.charCodeAt(i);
          let found = -1;
          for (; k < step.to && found === -1; k++) {
            const name = p.names[k]!;
            if (name.charCodeAt(0) !== c0 || !u.startsWith(name, i)) continue;
            const c = u.charCodeAt(i + name.length);
            if (c === 0x3d || (!form && (c === sep || !(c < 0x80 && (SCAN[c] !== 0 || c === 0x3d))))) found = k;
          }
          if (found === -1) return null;
          const name = p.names[found]!;
          i += name.length;
          if (u.charCodeAt(i) === 0x3d) {
            i++;
            const end = scanValue(u, i, n);
            // ";x=" with nothing after "=" is no expansion (an empty value is ";x").
            if (!form && end === i) return null;
            const value = members(u, i, end, scanned);
            if (value === undefined) return null;
            put(out, name, value);
            i = end;
          } else {
            put(out, name, '');
          }
          if (u.charCodeAt(i) !== sep || k === step.to) break;
          i++;
        }
      } else {
        // {+x} or {#x}: the rest of the URI.
        if (step.text !== '') {
          if (i === n) continue;
          if (u.charCodeAt(i) !== 0x23) return null;
          i++;
        } else if (i === n) continue;
        let pct = false;
        for (let j = i; j < n; j++) {
          const c = u.charCodeAt(j);
          if (c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.UR) !== 0) continue;
          if (c !== 0x25 || !isHex(u.charCodeAt(j + 1)) || !isHex(u.charCodeAt(j + 2))) return null;
          pct = true;
          j += 2;
        }
        const rest = u.slice(i, n);
        put(out, p.names[step.from]!, pct ? decodeReserved(rest) : rest);
        i = n;
      }
    }
    return i === n ? out : null;
  }
}

/** out[name] = value, also for "__proto__" (an own property, never the prototype). */
function put(out: ExtractedVariables, name: string, value: ExtractedValue): void {
  if (name === '__proto__') Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * The value of u[from, to): a string, or a list of members joined by ","; `bits` (SCAN) says
 * whether there is a "," or a "%" at all. undefined when a member is no U expansion.
 */
function members(u: string, from: number, to: number, bits: number): ExtractedValue | undefined {
  if ((bits & 2) === 0) return (bits & 4) !== 0 ? decodeU(u, from, to) : u.slice(from, to);
  const list: string[] = [];
  let b = from;
  for (let i = from; i <= to; i++) {
    if (i < to && u.charCodeAt(i) !== 0x2c) continue;
    const member = decodeU(u, b, i);
    if (member === undefined) return undefined;
    list.push(member);
    b = i + 1;
  }
  return list;
}

/**
 * The value U expansion wrote as u[from, to) (U characters and "%"), decoded; undefined when
 * no value expands to it (the VALUE_U automaton of tables.ts).
 */
function decodeU(u: string, from: number, to: number): string | undefined {
  let s: number = VState.U_B;
  let pct = false;
  for (let i = from; i < to && s !== 0xff; i++) {
    const c = u.charCodeAt(i);
    if (c === 0x25) pct = true;
    s = VALUE_NEXT[(s << 5) | (c < 0x80 ? VALUE_CLASS[c]! : VCls.OTHER)]!;
  }
  if (s !== VState.U_B) return undefined;
  const text = u.slice(from, to);
  return pct ? percentDecode(text) : text;
}

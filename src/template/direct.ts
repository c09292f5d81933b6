/**
 * A shortcut for the templates most APIs publish, where the URI itself says where every value
 * ends: `/repos/{owner}/{repo}/issues{?state,page}`, `/files{/path*}{?ref}`, `{+rest}` last.
 * For such a template the answer is the only one there is, so reading it straight off the URI
 * (scans and literal compares, no automaton) gives what the automaton gives (nfa.ts, dfa.ts,
 * then extract.ts). The shortcut notes where each value is as it reads (Captures) and makes the
 * variables once the whole URI has matched; UriTemplateSet (set.ts) reads many templates so.
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

import { decodeRange, hexByte } from '../ops/percent.js';
import { decodeReserved, type ExtractedValue, type ExtractedVariables, setOwn } from './extract.js';
import { doubled } from './spans.js';
import { ALLOW_UR, FIRST, NAMED, Op, type Program, SEP } from './syntax.js';
import { TChar, TEMPLATE_CHAR, VALUE_CLASS, VALUE_NEXT, VCls, VState } from './tables.js';

/** extract's answer when the URI needs the automaton. */
export const UNSETTLED = -3;

// The parts of a template, as the shortcut reads them.
export const LITERAL = 0;
/** One string or list: {x} {/x} {.x}; or {/x*}. */
const VALUE = 1;
/** Named pairs: {?a,b} {&a,b} {;a,b}. */
export const NAMED_PAIRS = 2;
/** {+x} {#x} at the end. */
const REST = 3;

/** One part of a qualifying template, as the shortcut reads it. */
export interface Step {
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

/** A literal part (made here only, so that every step has one shape in V8). */
export const literalStep = (text: string): Step => ({ part: LITERAL, text, op: Op.SIMPLE, from: 0, to: 0, explode: false });

/** The parts of p as the shortcut reads them, or undefined when p does not qualify. */
export function stepsOf(p: Program): Step[] | undefined {
  const count = p.ops.length;
  // Captures number the varspecs in 28 bits.
  if (p.repeats || p.names.length >= 1 << 28) return undefined;
  const steps: Step[] = [];
  // What can come first after each part, from the end back: a character or the end.
  let after = charSet();
  after[END] = 1;
  const parts: Step[] = [];
  for (let e = count; e >= 0; e--) {
    const lit = p.literals[e]!;
    if (lit !== '') {
      parts.push(literalStep(lit));
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
      if (to - from > 1000) return undefined;
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
  return steps;
}

// What a read records: per value, its varspec (the index of its name), how to read the text, and
// where the text is.
/** Text that is its own value: a string with no "," and no "%". */
const CAP_PLAIN = 0;
/** A string with "%" and no "," (U). */
const CAP_ENCODED = 1;
/** Members joined by "," (U). */
const CAP_LIST = 2;
/** Members joined by "/" ({/x*}, U). */
const CAP_MEMBERS = 3;
/** The rest of the URI (U+R). */
const CAP_REST = 4;
/** The kind of a `{x}` value or a pair's value, from the SCAN bits of its text. */
const valueKind = (bits: number): number => ((bits & 2) !== 0 ? CAP_LIST : (bits & 4) !== 0 ? CAP_ENCODED : CAP_PLAIN);

/**
 * The values a read found, in order: per value, `what` = varspec << 3 | kind, and where its
 * text is in the URI.
 */
export class Captures {
  n = 0;
  what = new Int32Array(16);
  begin = new Int32Array(16);
  end = new Int32Array(16);

  push(spec: number, kind: number, begin: number, end: number): void {
    const x = this.n++;
    if (x === this.what.length) this.grow();
    this.what[x] = (spec << 3) | kind;
    this.begin[x] = begin;
    this.end[x] = end;
  }

  private grow(): void {
    this.what = doubled(this.what);
    this.begin = doubled(this.begin);
    this.end = doubled(this.end);
  }

  copy(from: Captures): void {
    const n = from.n;
    while (this.what.length < n) this.grow();
    // A loop: a few values, where subarray() would allocate views.
    for (let x = 0; x < n; x++) {
      this.what[x] = from.what[x]!;
      this.begin[x] = from.begin[x]!;
      this.end[x] = from.end[x]!;
    }
    this.n = n;
  }
}

/** The answer of a read that does not match. */
const NO = -1;

/**
 * Reads expression step `step` of u from i: the position after it,
 * NO or UNSETTLED. The values found go to `caps`, checked (every member a U expansion).
 */
export function readStep(p: Program, step: Step, u: string, i: number, caps: Captures): number {
  const n = u.length;
  const part = step.part;
  if (part === VALUE) {
    if (step.text !== '') {
      if (u.charCodeAt(i) !== step.text.charCodeAt(0)) return i;
      i++;
    }
    if (step.explode) {
      // Members after "/" (the first one's already read).
      const start = i;
      for (;;) {
        const end = scanValue(u, i, n);
        if (u.charCodeAt(end) === 0x3d) return UNSETTLED;
        if ((scanned & 2) !== 0 || ((scanned & 4) !== 0 && !canonical(u, i, end))) return NO; // "," in a member
        i = end;
        if (u.charCodeAt(i) !== 0x2f) break;
        i++;
      }
      caps.push(step.from, CAP_MEMBERS, start, i);
      return i;
    }
    if (step.text === '') return readPlain(step.from, u, i, caps);
    // {/x} with "/" alone is the empty string.
    const end = scanValue(u, i, n);
    if (!membersOk(u, i, end, scanned)) return NO;
    caps.push(step.from, valueKind(scanned), i, end);
    return end;
  }
  if (part === NAMED_PAIRS) {
    if (u.charCodeAt(i) !== step.text.charCodeAt(0)) return i;
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
      if (found === -1) return NO;
      i += p.names[found]!.length;
      if (u.charCodeAt(i) === 0x3d) {
        i++;
        const end = scanValue(u, i, n);
        // ";x=" with nothing after "=" is no expansion (an empty value is ";x").
        if (!form && end === i) return NO;
        if (!membersOk(u, i, end, scanned)) return NO;
        caps.push(found, valueKind(scanned), i, end);
        i = end;
      } else {
        caps.push(found, CAP_PLAIN, i, i);
      }
      if (u.charCodeAt(i) !== sep || k === step.to) return i;
      i++;
    }
  }
  // {+x} or {#x}: the rest of the URI.
  if (step.text !== '') {
    if (i === n) return i;
    if (u.charCodeAt(i) !== 0x23) return NO;
    i++;
  } else if (i === n) return i;
  for (let j = i; j < n; j++) {
    const c = u.charCodeAt(j);
    if (c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.UR) !== 0) continue;
    if (hexByte(u, j) < 0) return NO;
    j += 2;
  }
  caps.push(step.from, CAP_REST, i, n);
  return n;
}

/** Whether step is a `{x}` (a string or a list, no operator): the tree reads it with readPlain. */
export const isPlain = (step: Step): boolean => step.part === VALUE && step.text === '' && !step.explode;

/**
 * Reads a `{x}` of varspec `spec` from i (isPlain): the position after it, or NO. Small, so that
 * the tree's walk (tree.ts) has it inlined.
 */
export function readPlain(spec: number, u: string, i: number, caps: Captures): number {
  const end = scanValue(u, i, u.length);
  // {x} that matches nothing is undefined.
  if (end === i) return i;
  const bits = scanned;
  if (bits !== 1 && !membersOk(u, i, end, bits)) return NO;
  caps.push(spec, valueKind(bits), i, end);
  return end;
}

/** The variables of what a whole read of u found. */
export function variablesFrom(p: Program, u: string, caps: Captures): ExtractedVariables {
  const out: ExtractedVariables = {};
  for (let x = 0; x < caps.n; x++) {
    const what = caps.what[x]!;
    const name = p.names[what >> 3]!;
    const b = caps.begin[x]!;
    const e = caps.end[x]!;
    const kind = what & 7;
    let value: ExtractedValue;
    if (kind === CAP_PLAIN) {
      value = u.slice(b, e);
    } else if (kind === CAP_ENCODED) {
      value = decodeRange(u, b, e, false);
    } else if (kind === CAP_REST) {
      const rest = u.slice(b, e);
      value = rest.indexOf('%') === -1 ? rest : decodeReserved(rest);
    } else {
      value = u
        .slice(b, e)
        .split(kind === CAP_MEMBERS ? '/' : ',')
        .map(decoded);
    }
    // The first value has a store of its own: in a route set its name is often the same in
    // every template ({id}), and then that store stays monomorphic in V8.
    if (x === 0 && name !== '__proto__') out[name] = value;
    else setOwn(out, name, value);
  }
  return out;
}

/** The shortcut for one template. */
export class Direct {
  private readonly caps = new Captures();

  private constructor(
    private readonly p: Program,
    private readonly steps: readonly Step[],
  ) {}

  /** The shortcut for p, or undefined when p does not qualify. */
  static of(p: Program): Direct | undefined {
    const steps = stepsOf(p);
    return steps === undefined ? undefined : new Direct(p, steps);
  }

  /** The variables of u, or null when it does not match, or UNSETTLED. */
  extract(u: string): ExtractedVariables | null | typeof UNSETTLED {
    const steps = this.steps;
    const caps = this.caps;
    caps.n = 0;
    let i = 0;
    for (let x = 0; x < steps.length; x++) {
      const step = steps[x]!;
      if (step.part === LITERAL) {
        if (!u.startsWith(step.text, i)) return null;
        i += step.text.length;
      } else {
        i = readStep(this.p, step, u, i, caps);
        if (i < 0) return i === UNSETTLED ? UNSETTLED : null;
      }
    }
    return i === u.length ? variablesFrom(this.p, u, caps) : null;
  }
}

/** Whether every member of u[from, to) (joined by ",") is a U expansion; `bits` (SCAN) says whether there is a "," or a "%" at all. */
function membersOk(u: string, from: number, to: number, bits: number): boolean {
  if ((bits & 4) === 0) return true;
  if ((bits & 2) === 0) return canonical(u, from, to);
  let b = from;
  for (let i = from; i <= to; i++) {
    if (i < to && u.charCodeAt(i) !== 0x2c) continue;
    if (!canonical(u, b, i)) return false;
    b = i + 1;
  }
  return true;
}

/** u[from, to) (U characters and "%") is what U expansion writes for some value (tables.ts VALUE_U). */
function canonical(u: string, from: number, to: number): boolean {
  let s: number = VState.U_B;
  for (let i = from; i < to && s !== 0xff; i++) {
    const c = u.charCodeAt(i);
    s = VALUE_NEXT[(s << 5) | (c < 0x80 ? VALUE_CLASS[c]! : VCls.OTHER)]!;
  }
  return s === VState.U_B;
}

/** A checked U member, decoded. */
const decoded = (text: string): string => decodeRange(text, 0, text.length, false);

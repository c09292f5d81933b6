/**
 * The runner of an Nfa for values with a long prefix (`{x}{y:9999}`), where the Pike VM would
 * keep a thread for every count a value can have. Two passes over the URI: backward, a bit per
 * position and state says whether the rest of the URI can be read from that state (counting what
 * each prefix-bounded value may still take); forward, one walk takes at each choice the first
 * option whose bit is set, which is the first accepting path, as the other runners choose it.
 * Linear in the URI's length whatever the prefix: the backward pass does a bounded amount of
 * work per position and state, and the walk reads each value once. The bits take (length + 1)
 * x (states / 32) words, a few MB for a 1 MB URI and a route-sized template, one set shared by
 * every template.
 */

import { Kind, type Nfa, UNLIMITED, VFlag } from './nfa.js';
import type { Spans } from './spans.js';
import { VALUE_CLASS, VALUE_EXIT, VALUE_FAIL, VALUE_INC, VALUE_NEXT, VCls, VState } from './tables.js';

// A value's automaton (tables.ts) is U (states 0 .. R_B - 1) or U+R (R_B .. SUBS - 1); each
// begins in its first state and has at most 64: a set of them is two 32-bit words of bits, bit r
// for state first + r.
const R_FIRST: number = VState.R_B;
const SUBS = VALUE_EXIT.length;
const CLASSES = VCls.OTHER + 1;
const NIBBLES = 16;

/**
 * Reading back one character of class cls, the states of automaton `auto` (0: U, 1: U+R) that
 * lead to a state of a set: the OR, over the set's 4-bit groups (nibble k of the two words), of
 * PRED_LO/PRED_HI[((auto * CLASSES + cls) * NIBBLES + k) * 16 + nibble].
 */
const PRED_LO = new Int32Array(2 * CLASSES * NIBBLES * 16);
const PRED_HI = new Int32Array(2 * CLASSES * NIBBLES * 16);
/** The states where a value may end (VALUE_EXIT), per automaton. */
const EXIT_LO = new Int32Array(2);
const EXIT_HI = new Int32Array(2);
for (let auto = 0; auto < 2; auto++) {
  const first = auto === 0 ? 0 : R_FIRST;
  const last = auto === 0 ? R_FIRST : SUBS;
  for (let sub = first; sub < last; sub++) {
    if (VALUE_EXIT[sub] === VALUE_FAIL) continue;
    if (sub - first < 32) EXIT_LO[auto]! |= 1 << (sub - first);
    else EXIT_HI[auto]! |= 1 << (sub - first - 32);
  }
  for (let cls = 0; cls < CLASSES; cls++) {
    const at = (auto * CLASSES + cls) * NIBBLES * 16;
    for (let sub = first; sub < last; sub++) {
      const nx = VALUE_NEXT[(sub << 5) | cls]!;
      if (nx === VALUE_FAIL) continue;
      const r = nx - first;
      const lo = sub - first < 32 ? 1 << (sub - first) : 0;
      const hi = sub - first < 32 ? 0 : 1 << (sub - first - 32);
      // Every nibble value with bit r set gets sub.
      for (let v = 0; v < 16; v++) {
        if (((v >> (r & 3)) & 1) === 0) continue;
        PRED_LO[at + (r >> 2) * 16 + v]! |= lo;
        PRED_HI[at + (r >> 2) * 16 + v]! |= hi;
      }
    }
  }
}

/**
 * The same as lists, for the counts of prefix-bounded values: the states that lead to `next` on
 * class cls are PRED[PRED_AT[cls * SUBS + next] .. PRED_AT[cls * SUBS + next + 1] - 1].
 */
const PRED_AT = new Int32Array(CLASSES * SUBS + 1);
const PRED = new Int32Array(CLASSES * SUBS);
{
  for (let sub = 0; sub < SUBS; sub++)
    for (let cls = 0; cls < CLASSES; cls++) {
      const nx = VALUE_NEXT[(sub << 5) | cls]!;
      if (nx !== VALUE_FAIL) PRED_AT[cls * SUBS + nx + 1]!++;
    }
  for (let k = 1; k <= CLASSES * SUBS; k++) PRED_AT[k]! += PRED_AT[k - 1]!;
  const fill = PRED_AT.slice(0, CLASSES * SUBS);
  for (let sub = 0; sub < SUBS; sub++)
    for (let cls = 0; cls < CLASSES; cls++) {
      const nx = VALUE_NEXT[(sub << 5) | cls]!;
      if (nx !== VALUE_FAIL) PRED[fill[cls * SUBS + nx]!++] = sub;
    }
}
const exitsOf = (from: number, to: number): Int32Array =>
  Int32Array.from({ length: to - from }, (_, k) => from + k).filter((sub) => VALUE_EXIT[sub] !== VALUE_FAIL);
const EXITS_U = exitsOf(0, R_FIRST);
const EXITS_UR = exitsOf(R_FIRST, SUBS);
const NONE = new Int32Array(0);

/** "No way to the end" among the counts. */
const INF = 0x3fffffff;

/**
 * The bits of the backward pass, one row of `words` per position: shared by every Lookahead (one
 * run at a time), grown to what a run needs and made small again when a run needs less than a
 * quarter of them (after one long URI).
 */
let bits = new Int32Array(1024);
const KEEP = 1 << 14;

export class Lookahead {
  /** The literal every match begins with (a URI without it needs no pass). */
  private readonly lead: string;
  /** Every state, each after the states it reaches without input. */
  private readonly order: Int32Array;
  private readonly words: number;
  /**
   * Per VALUE state: its number among those without a prefix (`sets`), or among those with one
   * (`counts`); -1 for the others.
   */
  private readonly setOf: Int32Array;
  private readonly countOf: Int32Array;
  /**
   * For each VALUE state without a prefix, at the position being read and at the next one (two
   * halves, which swap per position): the set of its automaton's states from which the value
   * can end where what follows it reads the rest (two words per set).
   */
  private readonly sets: Int32Array;
  private readonly nSets: number;
  /**
   * For each VALUE state with a prefix, in the same two halves: per automaton state, the fewest
   * characters the value must still take to such an end, INF for none or more than its prefix.
   * Only the states listed in `live` (per half and VALUE state) are not INF.
   */
  private readonly k0: Int32Array;
  private readonly live: Int32Array;
  private readonly liveLen: Int32Array;
  private readonly nCounts: number;
  private half = 0;
  /** States and counts computed, characters of values read: the unit of work, for the linear-time tests. */
  work = 0;

  constructor(readonly nfa: Nfa) {
    const { kind, a, b, lim } = nfa;
    let lead = '';
    for (let q = nfa.start; kind[q] === Kind.CHAR; q = b[q]!) lead += String.fromCharCode(a[q]!);
    this.lead = lead;
    const m = kind.length;
    this.words = (m + 31) >> 5;
    this.order = evaluationOrder(nfa);
    this.setOf = new Int32Array(m).fill(-1);
    this.countOf = new Int32Array(m).fill(-1);
    let sets = 0;
    let counts = 0;
    for (let s = 0; s < m; s++) {
      if (kind[s] !== Kind.VALUE) continue;
      if (lim[s] === UNLIMITED) this.setOf[s] = sets++;
      else this.countOf[s] = counts++;
    }
    this.nSets = sets;
    this.nCounts = counts;
    this.sets = new Int32Array(2 * 2 * sets);
    this.k0 = new Int32Array(2 * counts * SUBS).fill(INF);
    this.live = new Int32Array(2 * counts * SUBS);
    this.liveLen = new Int32Array(2 * counts);
  }

  /** Runs over u; fills `out` with the spans of the chosen accepting path and returns its MATCH state, or -1. */
  run(u: string, out: Spans): number {
    if (!u.startsWith(this.lead)) return -1;
    const need = (u.length + 1) * this.words;
    if (bits.length < need) bits = new Int32Array(need);
    this.backward(u);
    const r = this.walk(u, out);
    if (bits.length > KEEP && need * 4 < bits.length) bits = new Int32Array(Math.max(1024, 2 * need));
    return r;
  }

  /** Sets the bits of every position, from the end back. */
  private backward(u: string): void {
    const n = u.length;
    const words = this.words;
    const bs = bits;
    const { kind, a, b } = this.nfa;
    const order = this.order;
    const m = order.length;
    this.sets.fill(0);
    for (let h = 0; h < 2 * this.nCounts; h++) this.clear(h);
    for (let i = n; i >= 0; i--) {
      const row = i * words;
      const next = row + words;
      for (let w = row; w < next; w++) bs[w] = 0;
      const c = i < n ? u.charCodeAt(i) : -1;
      const cls = c < 0 ? -1 : c < 0x80 ? VALUE_CLASS[c]! : VCls.OTHER;
      this.half ^= 1;
      this.work += m;
      for (let x = 0; x < m; x++) {
        const q = order[x]!;
        const k = kind[q];
        let on: number;
        if (k === Kind.CHAR) {
          const t = b[q]!;
          on = a[q] === c ? (bs[next + (t >> 5)]! >>> (t & 31)) & 1 : 0;
        } else if (k === Kind.SPLIT) {
          const s = a[q]!;
          const t = b[q]!;
          on = ((bs[row + (s >> 5)]! >>> (s & 31)) | (bs[row + (t >> 5)]! >>> (t & 31))) & 1;
        } else if (k === Kind.VALUE) {
          const t = b[q]!;
          const exitOk = ((bs[row + (t >> 5)]! >>> (t & 31)) & 1) !== 0;
          on = (this.setOf[q]! >= 0 ? this.valueSet(q, cls, exitOk) : this.valueCounts(q, cls, exitOk)) ? 1 : 0;
        } else if (k === Kind.EMPTY) {
          const t = b[q]!;
          on = (bs[row + (t >> 5)]! >>> (t & 31)) & 1;
        } else {
          on = i === n ? 1 : 0; // MATCH
        }
        bs[row + (q >> 5)]! |= on << (q & 31);
      }
    }
  }

  /** Sets the counts of list h (half * nCounts + the VALUE state's number) back to INF. */
  private clear(h: number): void {
    const at = h * SUBS;
    const { k0, live } = this;
    for (let k = at; k < at + this.liveLen[h]!; k++) k0[at + live[k]!] = INF;
    this.liveLen[h] = 0;
  }

  /**
   * The set of VALUE state q (no prefix) here from the one at the next position (cls: the
   * class of the character here, -1 at the end), given whether what follows the value reads the
   * rest from here; returns whether a value entered here can end so.
   */
  private valueSet(q: number, cls: number, exitOk: boolean): boolean {
    this.work++;
    const flags = this.nfa.flags[q]!;
    const v = this.setOf[q]!;
    const cur = 2 * (this.half * this.nSets + v);
    const next = 2 * ((1 - this.half) * this.nSets + v);
    const sets = this.sets;
    const auto = (flags & VFlag.UR) !== 0 ? 1 : 0;
    let lo = exitOk ? EXIT_LO[auto]! : 0;
    let hi = exitOk ? EXIT_HI[auto]! : 0;
    const nlo = sets[next]!;
    const nhi = sets[next + 1]!;
    if (cls >= 0 && (nlo | nhi) !== 0) {
      const at = (auto * CLASSES + cls) * NIBBLES * 16;
      for (let k = 0; k < NIBBLES; k++) {
        const nibble = (k < 8 ? nlo >>> (4 * k) : nhi >>> (4 * (k - 8))) & 15;
        if (nibble === 0) continue;
        lo |= PRED_LO[at + k * 16 + nibble]!;
        hi |= PRED_HI[at + k * 16 + nibble]!;
      }
    }
    sets[cur] = lo;
    sets[cur + 1] = hi;
    // The first state begins the value. A value that must not be empty needs a way that reads
    // a character first (and a value that has read one counts at least one).
    if ((flags & VFlag.NONEMPTY) === 0) return (lo & 1) !== 0;
    if (cls < 0) return false;
    const first = auto === 0 ? 0 : R_FIRST;
    const r = VALUE_NEXT[(first << 5) | cls]! - first;
    return r >= 0 && r < 64 && ((r < 32 ? nlo >>> r : nhi >>> (r - 32)) & 1) !== 0;
  }

  /**
   * The counts of VALUE state q (with a prefix) here from those at the next position, as
   * valueSet; only the automaton states that can end here or lead to one with a count at the
   * next position are looked at.
   */
  private valueCounts(q: number, cls: number, exitOk: boolean): boolean {
    const flags = this.nfa.flags[q]!;
    const v = this.countOf[q]!;
    const h = this.half * this.nCounts + v;
    const hn = (1 - this.half) * this.nCounts + v;
    this.clear(h);
    const nextLen = this.liveLen[hn]!;
    const max = this.nfa.lim[q]!;
    const ur = (flags & VFlag.UR) !== 0;
    const entry = ur ? VState.R_B : VState.U_B;
    if (!exitOk && nextLen === 0) return false;
    const cur = h * SUBS;
    const next = hn * SUBS;
    const { k0, live } = this;
    let len = 0;
    const exits = exitOk ? (ur ? EXITS_UR : EXITS_U) : NONE;
    // The candidates: the states where the value may end, then those that lead on the
    // character here to a state with a count at the next position (each once: a state leads
    // to one state on a character, and the first group is not taken again).
    let e = 0;
    let k = next;
    let x = 0;
    let xEnd = 0;
    for (;;) {
      let sub: number;
      if (e < exits.length) {
        sub = exits[e++]!;
      } else if (x < xEnd) {
        sub = PRED[x++]!;
        if (exitOk && VALUE_EXIT[sub] !== VALUE_FAIL) continue;
      } else if (cls >= 0 && k < next + nextLen) {
        const key = cls * SUBS + live[k++]!;
        x = PRED_AT[key]!;
        xEnd = PRED_AT[key + 1]!;
        continue;
      } else {
        break;
      }
      let z = INF;
      const owed = VALUE_EXIT[sub]!;
      if (exitOk && owed !== VALUE_FAIL) z = owed;
      if (cls >= 0) {
        const idx = (sub << 5) | cls;
        const nx = VALUE_NEXT[idx]!;
        if (nx !== VALUE_FAIL && k0[next + nx] !== INF) z = Math.min(z, VALUE_INC[idx]! + k0[next + nx]!);
      }
      // Past the prefix nothing fits.
      if (z > max) continue;
      k0[cur + sub] = z;
      live[cur + len++] = sub;
    }
    this.liveLen[h] = len;
    this.work += 1 + len;
    if ((flags & VFlag.NONEMPTY) === 0) return k0[cur + entry] !== INF;
    // As in valueSet: at least one character first.
    if (cls < 0) return false;
    const idx = (entry << 5) | cls;
    const nx = VALUE_NEXT[idx]!;
    return nx !== VALUE_FAIL && k0[next + nx] !== INF && VALUE_INC[idx]! + k0[next + nx]! <= max;
  }

  /** The first accepting path, following the bits from the start; -1 if there is none. */
  private walk(u: string, out: Spans): number {
    const { kind, a, b, start } = this.nfa;
    const words = this.words;
    if (!bit(0, start)) return -1;
    out.clear();
    let q = start;
    let i = 0;
    for (;;) {
      switch (kind[q]) {
        case Kind.MATCH:
          return q;
        case Kind.CHAR:
          i++;
          q = b[q]!;
          break;
        case Kind.SPLIT:
          q = bit(i * words, a[q]!) ? a[q]! : b[q]!;
          break;
        case Kind.EMPTY:
          out.push(a[q]!, i, i);
          q = b[q]!;
          break;
        default: {
          const end = this.valueEnd(u, q, i);
          out.push(a[q]!, i, end);
          i = end;
          q = b[q]!;
        }
      }
    }
  }

  /**
   * Where the value of VALUE state q that begins at i ends: the first place where it may end
   * and what follows can read the rest, or the last such place for an automaton that prefers
   * the longest values. Reads the value once.
   */
  private valueEnd(u: string, q: number, i: number): number {
    const { b, lim, flags, longest } = this.nfa;
    const n = u.length;
    const words = this.words;
    const max = lim[q]!;
    const nonempty = (flags[q]! & VFlag.NONEMPTY) !== 0;
    let sub: number = (flags[q]! & VFlag.UR) !== 0 ? VState.R_B : VState.U_B;
    let count = 0;
    let last = -1;
    for (let j = i; ; j++) {
      const owed = VALUE_EXIT[sub]!;
      if (owed !== VALUE_FAIL && count + owed <= max && (!nonempty || count + owed > 0) && bit(j * words, b[q]!)) {
        if (!longest) return j;
        last = j;
      }
      if (j === n) break;
      this.work++;
      const c = u.charCodeAt(j);
      const idx = (sub << 5) | (c < 0x80 ? VALUE_CLASS[c]! : VCls.OTHER);
      sub = VALUE_NEXT[idx]!;
      count += VALUE_INC[idx]!;
      if (sub === VALUE_FAIL || count > max) break;
    }
    // The bit of q at i promised a way on.
    if (last === -1) throw new Error(`UriTemplate: no end for the value at ${i} that the backward pass found`);
    return last;
  }
}

/** Bit `s` of the row that starts at `row`. */
function bit(row: number, s: number): boolean {
  return ((bits[row + (s >> 5)]! >>> (s & 31)) & 1) !== 0;
}

/**
 * Every state of the Nfa, each after every state it reaches without reading (SPLIT: both ways,
 * EMPTY and the end of a VALUE: the state after it), so that one pass per position finds their
 * bits. Depth first, without recursion (a template can be long). There is no loop without
 * input: every round of a list or an associative array begins with a character.
 */
function evaluationOrder(nfa: Nfa): Int32Array {
  const { kind, a, b } = nfa;
  const m = kind.length;
  const order = new Int32Array(m);
  let len = 0;
  const done = new Uint8Array(m); // 1: being explored, 2: placed
  const stack: number[] = [];
  for (let r = 0; r < m; r++) {
    if (done[r] !== 0) continue;
    stack.push(r);
    while (stack.length > 0) {
      const s = stack[stack.length - 1]!;
      if (done[s] === 0) {
        done[s] = 1;
        const k = kind[s];
        if (k === Kind.SPLIT) {
          if (done[a[s]!] === 0) stack.push(a[s]!);
          if (done[b[s]!] === 0) stack.push(b[s]!);
        } else if (k === Kind.EMPTY || k === Kind.VALUE) {
          if (done[b[s]!] === 0) stack.push(b[s]!);
        }
      } else {
        stack.pop();
        if (done[s] === 1) {
          done[s] = 2;
          order[len++] = s;
        }
      }
    }
  }
  return order;
}

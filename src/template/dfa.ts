/**
 * The fast runner of an Nfa: a lazily built DFA whose states are the Pike VM's thread lists
 * (closure.ts) without their spans. Forward, each character costs one table lookup once the
 * transition is known; a transition also remembers, for each thread it makes, the thread it
 * comes from and the spans it begins or ends on the way. After the last character the chosen
 * accepting thread is followed back through the transitions that were taken (only those that do
 * something: runs of one transition, such as the characters inside a value, are kept as one
 * record), which gives exactly the Pike VM's spans. Linear in the URI's length; a transition is
 * computed once per DFA, with the Pike VM's step.
 *
 * The columns of the table are character classes of this automaton (each character a literal
 * of the template holds, and one class per value class for the rest), and what walking back
 * needs lives in one array: few cache lines per run, even with many templates in use.
 *
 * When the DFA would grow past MAX_STATES (a huge template, or long prefixes whose counts make
 * many states), `run` answers OVERFLOW for good and the caller uses the Pike VM (pike.ts).
 */

import { Stepper, Threads, type Trail } from './closure.js';
import { Kind, type Nfa } from './nfa.js';
import { chooseMatch, doubled, type Spans } from './spans.js';
import { VALUE_CLASS, VCls } from './tables.js';

/**
 * A transition table cell packs the next state (low STATE_BITS bits) and the transition's info
 * (above them; 0: it keeps every thread where it is and does nothing). UNKNOWN: not computed.
 */
const STATE_BITS = 13;
const STATE_MASK = (1 << STATE_BITS) - 1;
const MAX_STATES = 4096;
const DEAD = MAX_STATES;
const UNKNOWN = -1;
export const OVERFLOW = -2;

enum Act {
  BEGIN = 0,
  END = 1,
  EMPTY = 2,
}

/** What a thread did in one step: actions (span code << 2 | Act), last first. */
class Acts {
  constructor(
    readonly op: number,
    readonly prev: Acts | null,
  ) {}
}

const ACTS: Trail<Acts | null> = {
  begin: (code, _pos, t) => new Acts((code << 2) | Act.BEGIN, t),
  end: (code, _start, _pos, t) => new Acts((code << 2) | Act.END, t),
  empty: (code, _pos, t) => new Acts((code << 2) | Act.EMPTY, t),
};
const none = (): Acts | null => null;

interface State {
  readonly st: Int32Array;
  readonly sub: Uint8Array;
  readonly cnt: Int32Array;
  /**
   * A state that is one thread in a literal: the literal's characters from here (compared at
   * once), the state before the last one and the cell of the transition on it (-1: not yet
   * known). Undefined for other states.
   */
  literal: { text: string; cell: number; to: number } | undefined;
  /** The thread that ends the first template, if the URI ended here (-1: none). */
  readonly match: number;
  /** Every thread that ends a template, in the templates' order (set by ends()). */
  ends: Int32Array | undefined;
}

/**
 * The transitions a run takes that do something: info offset, first and last position + 1. One
 * set for every Dfa (a run is not interrupted by another), grown to what a run needs and made
 * small again when a run needs less than a quarter of them (after one long URI).
 */
let recInfo = new Int32Array(64);
let recStart = new Int32Array(64);
let recEnd = new Int32Array(64);
const KEEP = 1 << 12;

/** How many scans every Dfa has made: records of a scan are good while this has not changed. */
export let scans = 0;

function fitRecords(used: number): void {
  if (recInfo.length <= KEEP || used * 4 >= recInfo.length) return;
  const size = Math.max(64, 2 * used);
  recInfo = new Int32Array(size);
  recStart = new Int32Array(size);
  recEnd = new Int32Array(size);
}

export class Dfa {
  private readonly stepper: Stepper<Acts | null>;
  private readonly from = new Threads<Acts | null>();
  private readonly to = new Threads<Acts | null>();
  /** The class of each code unit below 0x80, then of every other (index 0x80); and one code unit of each class. */
  private readonly classOf = new Uint8Array(0x81);
  private readonly sample: number[] = [];
  private readonly width: number;
  private states: State[] = [];
  private readonly keys = new Map<string, number>();
  private cells: Int32Array;
  /** Per state: 1 when it is one thread in a literal (State.literal). */
  private literals = new Uint8Array(16);
  /**
   * The infos of the transitions, one after the other: at infoAt[id], the thread count n, then
   * for each thread its parent, then n + 1 offsets into `pool` of the threads' actions (thread
   * t's are pool[from[t]] .. pool[from[t + 1] - 1], in order).
   */
  private pool = new Int32Array(256);
  private poolLen = 0;
  private infoAt: number[] = [0];
  private readonly infoKeys = new Map<string, number>();
  private readonly startInfo: number;
  private overflow = false;
  /** The records the last scan left. */
  private recs = 0;

  /** The thread entries of every state so far, and how many they may reach (overflow past it). */
  private entries = 0;
  private readonly budget: number;

  /** `budget`: at most so many threads in all the states together (the memory of a large automaton). */
  constructor(nfa: Nfa, budget = Number.POSITIVE_INFINITY) {
    this.budget = budget;
    this.stepper = new Stepper(nfa, ACTS);
    const classes = new Map<string, number>();
    const literal = new Uint8Array(0x81);
    for (let s = 0; s < nfa.kind.length; s++) if (nfa.kind[s] === Kind.CHAR && nfa.a[s]! <= 0x80) literal[nfa.a[s]!] = 1;
    for (let c = 0; c <= 0x80; c++) {
      const key = literal[c] === 1 ? `L${c}` : `V${c < 0x80 ? VALUE_CLASS[c] : VCls.OTHER}`;
      let k = classes.get(key);
      if (k === undefined) {
        k = classes.size;
        classes.set(key, k);
        this.sample.push(c);
      }
      this.classOf[c] = k;
    }
    this.width = classes.size;
    this.cells = new Int32Array(this.width * 16).fill(UNKNOWN);
    this.poolLen = 1; // info 0: no thread (never read)
    this.stepper.first(this.to, null);
    this.startInfo = this.infoOf(this.to);
    this.stateOf(this.to);
  }

  /** The DFA's states so far, and the Pike steps computing its transitions took (for the tests). */
  get size(): { states: number; work: number } {
    return { states: this.states.length, work: this.stepper.work };
  }

  /**
   * Runs over u; fills `out` with the spans of the chosen accepting path and returns its MATCH
   * state, or -1 when nothing matches, or OVERFLOW.
   */
  run(u: string, out: Spans): number {
    const ds = this.scan(u, u.length);
    let r = ds;
    if (ds >= 0) {
      const j = this.states[ds]!.match;
      r = j === -1 ? -1 : this.finish(ds, j, out);
    }
    fitRecords(this.recs);
    return r;
  }

  /**
   * Runs over u[0, end) and returns the state it ends in, or -1 when no template can match, or
   * OVERFLOW. What walking back needs stays in the records until the next scan of any Dfa
   * (`scans` counts them): `spans` reads it, for any accepting thread of that state.
   */
  scan(u: string, end: number): number {
    scans++;
    this.recs = 0;
    if (this.overflow) return OVERFLOW;
    const n = end;
    const classOf = this.classOf;
    const width = this.width;
    let cells = this.cells;
    let literals = this.literals;
    let ds = 0;
    let rec = 0;
    let rInfo = recInfo;
    let rStart = recStart;
    let rEnd = recEnd;
    let lastId = -1;
    let lastEnd = -1;
    // Where the run stops before the end: -1 (no match) or OVERFLOW.
    let stop = 0;
    for (let i = 0; i < n; i++) {
      let cell: number;
      if (literals[ds] === 1) {
        const literal = this.states[ds]!.literal!;
        // One thread in a literal: compare all of it; only its last transition can do something.
        if (i + literal.text.length > n || !u.startsWith(literal.text, i)) {
          stop = -1;
          break;
        }
        if (literal.cell === -1) this.walkLiteral(ds, literal);
        if (this.overflow) {
          stop = OVERFLOW;
          break;
        }
        cells = this.cells;
        literals = this.literals;
        i += literal.text.length - 1;
        ds = literal.to;
        cell = literal.cell;
      } else {
        const k = classOf[Math.min(u.charCodeAt(i), 0x80)]!;
        cell = cells[ds * width + k]!;
        if (cell === UNKNOWN) {
          cell = this.compute(ds, k);
          if (this.overflow) {
            stop = OVERFLOW;
            break;
          }
          cells = this.cells;
          literals = this.literals;
        }
      }
      const next = cell & STATE_MASK;
      if (next === DEAD) {
        stop = -1;
        break;
      }
      const id = cell >> STATE_BITS;
      if (id !== 0) {
        if (id === lastId && i === lastEnd) {
          // More of a run; a state that loops on itself (the characters of a value): stay in
          // the loop while it lasts.
          if (next === ds) {
            const row = ds * width;
            while (i + 1 < n && cells[row + classOf[Math.min(u.charCodeAt(i + 1), 0x80)]!] === cell) i++;
          }
          lastEnd = i + 1;
          rEnd[rec - 1] = lastEnd;
        } else {
          if (rec === rInfo.length) {
            rInfo = recInfo = doubled(rInfo);
            rStart = recStart = doubled(rStart);
            rEnd = recEnd = doubled(rEnd);
          }
          rInfo[rec] = this.infoAt[id]!;
          rStart[rec] = i;
          rEnd[rec] = i + 1;
          rec++;
          lastId = id;
          lastEnd = i + 1;
        }
      }
      ds = next;
    }
    this.recs = rec;
    return stop !== 0 ? stop : ds;
  }

  /**
   * The threads of state ds (where a scan ended) that end a template, in the order of the
   * templates (their MATCH states' a): what `spans` takes. Kept with the state.
   */
  ends(ds: number): Int32Array {
    const s = this.states[ds]!;
    if (s.ends === undefined) {
      const { kind, a } = this.stepper.nfa;
      const ends: number[] = [];
      for (let t = 0; t < s.st.length; t++) if (kind[s.st[t]!] === Kind.MATCH) ends.push(t);
      ends.sort((x, y) => a[s.st[x]!]! - a[s.st[y]!]!);
      s.ends = Int32Array.from(ends);
    }
    return s.ends;
  }

  /** The number of character classes: the transitions of a state (for walking the DFA, check.ts). */
  get classes(): number {
    return this.width;
  }

  /** A code unit of class cls. */
  sampleOf(cls: number): number {
    return this.sample[cls]!;
  }

  /** The state after state ds on class cls: -1 when no template can match any more, or OVERFLOW. */
  next(ds: number, cls: number): number {
    if (this.overflow) return OVERFLOW;
    let cell = this.cells[ds * this.width + cls]!;
    if (cell === UNKNOWN) cell = this.compute(ds, cls);
    if (this.overflow) return OVERFLOW;
    const next = cell & STATE_MASK;
    return next === DEAD ? -1 : next;
  }

  /** The NFA state of thread j of state ds. */
  state(ds: number, j: number): number {
    return this.states[ds]!.st[j]!;
  }

  /** After a scan that ended in state ds: the spans of its accepting thread j, into out; its MATCH state. */
  spans(ds: number, j: number, out: Spans): number {
    return this.finish(ds, j, out);
  }

  /** Once the spans are read: makes the records small again after a long URI. */
  fit(): void {
    fitRecords(this.recs);
  }

  /** After the last character at state ds: thread j's spans, walking back. */
  private finish(ds: number, j: number, out: Spans): number {
    const final = this.states[ds]!;
    const rec = this.recs;
    const startJ = j;
    // A record is a run of one transition; a thread it keeps as it is (the same index, no
    // actions) skips the run. Actions come last first: a value's END (its end) before its
    // BEGIN, which makes the span.
    const pool = this.pool;
    out.clear();
    let end = 0;
    for (let r = rec - 1; r >= 0; r--) {
      const o = recInfo[r]!;
      const n = pool[o]!;
      const start = recStart[r]!;
      for (let e = recEnd[r]!; e > start; e--) {
        const parent = pool[o + 1 + j]!;
        const first = pool[o + 1 + n + j]!;
        const last = pool[o + 2 + n + j]!;
        if (parent === j && first === last) break;
        end = backSpans(pool, first, last, e, end, out);
        j = parent;
      }
    }
    const o = this.startInfo;
    const n = pool[o]!;
    backSpans(pool, pool[o + 1 + n + j]!, pool[o + 2 + n + j]!, 0, end, out);
    out.reverse();
    return final.st[startJ]!;
  }

  /** Works out where a literal state's literal leads: the state before its last character, and that transition. */
  private walkLiteral(ds: number, literal: NonNullable<State['literal']>): void {
    const text = literal.text;
    for (let k = 0; k < text.length; k++) {
      const cls = this.classOf[text.charCodeAt(k)]!;
      let cell = this.cells[ds * this.width + cls]!;
      if (cell === UNKNOWN) cell = this.compute(ds, cls);
      if (this.overflow) return;
      if (k === text.length - 1) {
        literal.to = ds;
        literal.cell = cell;
      } else {
        ds = cell & STATE_MASK;
      }
    }
  }

  /** The transition from state ds on class cls: computed with the Pike step, then kept. */
  private compute(ds: number, cls: number): number {
    const s = this.states[ds]!;
    const from = this.from;
    from.len = 0;
    for (let t = 0; t < s.st.length; t++) {
      if (from.len === from.st.length) from.grow();
      from.st[t] = s.st[t]!;
      from.sub[t] = s.sub[t]!;
      from.cnt[t] = s.cnt[t]!;
      from.trail[t] = null;
      from.len++;
    }
    const to = this.to;
    this.stepper.step(from, this.sample[cls]!, 1, to, none);
    const idx = ds * this.width + cls;
    if (to.len === 0) return (this.cells[idx] = DEAD);
    const next = this.stateOf(to);
    if (this.overflow) return DEAD;
    // A transition that keeps every thread where it is, doing nothing, needs no record: walking
    // back through it changes nothing (a literal's characters, a value's).
    let quiet = true;
    for (let t = 0; quiet && t < to.len; t++) quiet = to.parent[t] === t && to.trail[t] === null;
    let id = 0;
    if (!quiet) {
      const key = `${to.parent.subarray(0, to.len).join(',')}|${to.trail.slice(0, to.len).map(opsOf).join('|')}`;
      id = this.infoKeys.get(key) ?? -1;
      if (id === -1) {
        id = this.infoAt.push(this.infoOf(to)) - 1;
        this.infoKeys.set(key, id);
      }
    }
    return (this.cells[idx] = (id << STATE_BITS) | next);
  }

  /** Appends a thread list's info to the pool; returns its offset. */
  private infoOf(list: Threads<Acts | null>): number {
    const n = list.len;
    let ops = 0;
    for (let t = 0; t < n; t++) ops += opsOf(list.trail[t]!).length;
    this.reserve(2 + 2 * n + ops);
    const pool = this.pool;
    const o = this.poolLen;
    pool[o] = n;
    let at = o + 2 + 2 * n;
    for (let t = 0; t < n; t++) {
      pool[o + 1 + t] = list.parent[t]!;
      pool[o + 1 + n + t] = at;
      for (const op of opsOf(list.trail[t]!)) pool[at++] = op;
    }
    pool[o + 1 + 2 * n] = at;
    this.poolLen = at;
    return o;
  }

  private reserve(k: number): void {
    if (this.poolLen + k <= this.pool.length) return;
    const pool = new Int32Array(Math.max(this.pool.length * 2, this.poolLen + k));
    pool.set(this.pool);
    this.pool = pool;
  }

  /** The DFA state of a thread list (its states, value states and counts, in order). */
  private stateOf(list: Threads<Acts | null>): number {
    const key = `${list.st.subarray(0, list.len).join(',')}|${list.sub.subarray(0, list.len).join(',')}|${list.cnt.subarray(0, list.len).join(',')}`;
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    this.entries += list.len;
    if (this.states.length === MAX_STATES || this.entries > this.budget) {
      this.overflow = true;
      // Let the tables go: the Pike VM takes over.
      this.states = [];
      this.cells = new Int32Array(0);
      this.literals = new Uint8Array(0);
      this.pool = new Int32Array(0);
      return DEAD;
    }
    const id = this.states.length;
    const { kind, a, b } = this.stepper.nfa;
    let literal: State['literal'];
    if (list.len === 1 && kind[list.st[0]!] === Kind.CHAR) {
      let text = '';
      for (let x = list.st[0]!; kind[x] === Kind.CHAR; x = b[x]!) text += String.fromCharCode(a[x]!);
      if (text.length > 1) literal = { text, cell: -1, to: -1 };
    }
    const st = list.st.slice(0, list.len);
    const match = chooseMatch(kind, a, Kind.MATCH, st.length, st);
    this.states.push({ st, sub: list.sub.slice(0, list.len), cnt: list.cnt.slice(0, list.len), literal, match, ends: undefined });
    this.keys.set(key, id);
    if ((id + 1) * this.width > this.cells.length) {
      const cells = new Int32Array(this.cells.length * 2).fill(UNKNOWN);
      cells.set(this.cells);
      this.cells = cells;
      const literals = new Uint8Array(this.literals.length * 2);
      literals.set(this.literals);
      this.literals = literals;
    }
    if (literal !== undefined) this.literals[id] = 1;
    return id;
  }
}

/**
 * Adds the spans of the actions pool[first] .. pool[last - 1], taken at pos, walking back (last
 * first); returns the position of the END a BEGIN still waits for.
 */
function backSpans(pool: Int32Array, first: number, last: number, pos: number, end: number, out: Spans): number {
  for (let k = last - 1; k >= first; k--) {
    const op = pool[k]!;
    const act = op & 3;
    if (act === Act.END) end = pos;
    else out.push(op >> 2, pos, act === Act.BEGIN ? end : pos);
  }
  return end;
}

/** A trail's actions, first first. */
function opsOf(t: Acts | null): number[] {
  const ops: number[] = [];
  for (let x = t; x !== null; x = x.prev) ops.push(x.op);
  return ops.reverse();
}

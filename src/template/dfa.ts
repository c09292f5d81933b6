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
 * When the DFA would grow past MAX_STATES (a huge template, or long prefixes whose counts make
 * many states), `run` answers OVERFLOW for good and the caller uses the Pike VM (pike.ts).
 */
import { Stepper, Threads, type Trail } from './closure.js';
import { Kind, type Nfa } from './nfa.js';
import { chooseMatch, type Spans } from './spans.js';

/** Columns of the transition table: the 128 ASCII code units, and one for every other. */
const COLS = 129;
/**
 * A transition table cell packs the next state (low STATE_BITS bits) and the transition's Info
 * (above them; 0: it keeps every thread and does nothing). UNKNOWN: not computed yet.
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
/** Adds the spans of one step's actions (at pos), last first; returns the pending END's position. */
function backSpans(acts: Int32Array, pos: number, end: number, out: Spans): number {
  for (let k = acts.length - 1; k >= 0; k--) {
    const op = acts[k]!;
    const act = op & 3;
    if (act === Act.END) end = pos;
    else out.push(op >> 2, pos, act === Act.BEGIN ? end : pos);
  }
  return end;
}

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

/** A transition's bookkeeping: per thread made, where it comes from and what it did. */
interface Info {
  readonly parent: Int32Array;
  readonly acts: readonly (Int32Array | null)[];
  /** 1 where a thread comes from the same index and did nothing. */
  readonly fixed: Uint8Array;
}

interface State {
  readonly st: Int32Array;
  readonly sub: Uint8Array;
  readonly cnt: Int32Array;
  /**
   * A state that is one thread in a literal: the literal's characters from here (compared at
   * once), the state after them and the cell of the transition on the last one (-1: not yet
   * known). Undefined for other states.
   */
  literal: { text: string; cell: number; to: number } | undefined;
}

export class Dfa {
  private readonly stepper: Stepper<Acts | null>;
  private readonly from = new Threads<Acts | null>();
  private readonly to = new Threads<Acts | null>();
  private states: State[] = [];
  private readonly keys = new Map<string, number>();
  private cells = new Int32Array(COLS * 16).fill(UNKNOWN);
  /** Per state: 1 when it is one thread in a literal (State.literal). */
  private literals = new Uint8Array(16);
  private infos: Info[] = [{ parent: new Int32Array(0), acts: [], fixed: new Uint8Array(0) }];
  private readonly infoKeys = new Map<string, number>();
  private readonly startInfo: Info;
  private overflow = false;
  // The transitions taken in a run that do something: info, first and last position + 1.
  private recId = new Int32Array(64);
  private recStart = new Int32Array(64);
  private recEnd = new Int32Array(64);

  constructor(nfa: Nfa) {
    this.stepper = new Stepper(nfa, ACTS);
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
    if (this.overflow) return OVERFLOW;
    const n = u.length;
    let cells = this.cells;
    let ds = 0;
    let rec = 0;
    let lastId = -1;
    let lastEnd = -1;
    let literals = this.literals;
    for (let i = 0; i < n; i++) {
      let cell: number;
      if (literals[ds] === 1) {
        const literal = this.states[ds]!.literal!;
        // One thread in a literal: compare all of it; only its last transition can do something.
        if (!u.startsWith(literal.text, i)) return -1;
        if (literal.cell === -1) this.walkLiteral(ds, literal);
        if (this.overflow) return OVERFLOW;
        cells = this.cells;
        literals = this.literals;
        i += literal.text.length - 1;
        ds = literal.to;
        cell = literal.cell;
      } else {
        const c = u.charCodeAt(i);
        cell = cells[ds * COLS + Math.min(c, 0x80)]!;
        if (cell === UNKNOWN) {
          cell = this.compute(ds, Math.min(c, 0x80));
          if (this.overflow) return OVERFLOW;
          cells = this.cells;
          literals = this.literals;
        }
      }
      const next = cell & STATE_MASK;
      if (next === DEAD) return -1;
      const id = cell >> STATE_BITS;
      if (id !== 0) {
        if (id === lastId && i === lastEnd) {
          // More of a run; a state that loops on itself (the characters of a value): stay in
          // the loop while it lasts.
          if (next === ds) {
            const row = ds * COLS;
            while (i + 1 < n) {
              const d = u.charCodeAt(i + 1);
              if (cells[row + Math.min(d, 0x80)] !== cell) break;
              i++;
            }
          }
          lastEnd = i + 1;
          this.recEnd[rec - 1] = lastEnd;
        } else {
          if (rec === this.recId.length) this.growRecords();
          this.recId[rec] = id;
          this.recStart[rec] = i;
          this.recEnd[rec] = i + 1;
          rec++;
          lastId = id;
          lastEnd = i + 1;
        }
      }
      ds = next;
    }
    const { kind, a } = this.stepper.nfa;
    const final = this.states[ds]!;
    let j = chooseMatch(kind, a, Kind.MATCH, final.st.length, final.st);
    if (j === -1) return -1;
    const match = final.st[j]!;
    // Walk back: a record is a run of one transition; a thread it keeps as it is skips the run.
    // Actions come last first: a value's END (its end) before its BEGIN, which makes the span.
    out.clear();
    let end = 0;
    for (let r = rec - 1; r >= 0; r--) {
      const info = this.infos[this.recId[r]!]!;
      const start = this.recStart[r]!;
      for (let e = this.recEnd[r]!; e > start && info.fixed[j] === 0; e--) {
        const acts = info.acts[j]!;
        if (acts !== null) end = backSpans(acts, e, end, out);
        j = info.parent[j]!;
      }
    }
    const acts = this.startInfo.acts[j]!;
    if (acts !== null) backSpans(acts, 0, end, out);
    out.reverse();
    return match;
  }

  /** Works out where a literal state's literal leads: the state before its last character, and that transition. */
  private walkLiteral(ds: number, literal: NonNullable<State['literal']>): void {
    const text = literal.text;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      let cell = this.cells[ds * COLS + c]!;
      if (cell === UNKNOWN) cell = this.compute(ds, c);
      if (this.overflow) return;
      if (k === text.length - 1) {
        literal.to = ds;
        literal.cell = cell;
      } else {
        ds = cell & STATE_MASK;
      }
    }
  }

  private growRecords(): void {
    const n = this.recId.length * 2;
    for (const key of ['recId', 'recStart', 'recEnd'] as const) {
      const x = new Int32Array(n);
      x.set(this[key]);
      this[key] = x;
    }
  }

  /** The transition from state ds on column col: computed with the Pike step, then kept. */
  private compute(ds: number, col: number): number {
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
    this.stepper.step(from, col, 1, this.to, none);
    const idx = ds * COLS + col;
    if (this.to.len === 0) return (this.cells[idx] = DEAD);
    const next = this.stateOf(this.to);
    if (this.overflow) return DEAD;
    const info = this.infoOf(this.to);
    // A transition that keeps every thread where it is, doing nothing, needs no record: walking
    // back through it changes nothing (a literal's characters, a value's).
    let quiet = true;
    for (let t = 0; quiet && t < this.to.len; t++) quiet = info.fixed[t] === 1;
    let id = 0;
    if (!quiet) {
      const key = `${info.parent.join(',')}|${info.acts.map((x) => (x === null ? '' : x.join('.'))).join(',')}`;
      id = this.infoKeys.get(key) ?? -1;
      if (id === -1) {
        id = this.infos.push(info) - 1;
        this.infoKeys.set(key, id);
      }
    }
    return (this.cells[idx] = (id << STATE_BITS) | next);
  }

  private infoOf(list: Threads<Acts | null>): Info {
    const parent = list.parent.slice(0, list.len);
    const acts: (Int32Array | null)[] = [];
    const fixed = new Uint8Array(list.len);
    for (let t = 0; t < list.len; t++) {
      let n = 0;
      for (let x: Acts | null = list.trail[t]!; x !== null; x = x.prev) n++;
      const ops = n === 0 ? null : new Int32Array(n);
      for (let x: Acts | null = list.trail[t]!; x !== null; x = x.prev) ops![--n] = x.op;
      acts.push(ops);
      fixed[t] = parent[t] === t && ops === null ? 1 : 0;
    }
    return { parent, acts, fixed };
  }

  /** The DFA state of a thread list (its states, value states and counts, in order). */
  private stateOf(list: Threads<Acts | null>): number {
    const key = `${list.st.subarray(0, list.len).join(',')}|${list.sub.subarray(0, list.len).join(',')}|${list.cnt.subarray(0, list.len).join(',')}`;
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    if (this.states.length === MAX_STATES) {
      this.overflow = true;
      // Let the tables go: the Pike VM takes over.
      this.states = [];
      this.cells = new Int32Array(0);
      this.literals = new Uint8Array(0);
      this.infos = [];
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
    this.states.push({ st: list.st.slice(0, list.len), sub: list.sub.slice(0, list.len), cnt: list.cnt.slice(0, list.len), literal });
    this.keys.set(key, id);
    if ((id + 1) * COLS > this.cells.length) {
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

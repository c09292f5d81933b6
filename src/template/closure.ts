/**
 * The step both runners of an Nfa share (the lazy DFA of dfa.ts, the Pike VM of pike.ts): from a
 * list of threads in preference order, consume one character and follow every epsilon move,
 * keeping the new threads in preference order and at most one per state and value-automaton
 * state (Pike's rule). A prefix-bounded value keeps a few more: a less preferred thread survives
 * when its value is shorter, so it may still fit.
 *
 * What a thread has recorded is a `trail` whose type the runner chooses: the Pike VM keeps spans
 * with their positions, the DFA keeps the actions of one step.
 */

import { Kind, type Nfa, UNLIMITED, VFlag } from './nfa.js';
import { doubled } from './spans.js';
import { VALUE_CLASS, VALUE_EXIT, VALUE_FAIL, VALUE_INC, VALUE_NEXT, VCls, VState } from './tables.js';

/** How a runner records a thread's spans. */
export interface Trail<T> {
  /** A value (span code `code`) begins at pos. */
  begin(code: number, pos: number, t: T): T;
  /** The value begun at start ends at pos. */
  end(code: number, start: number, pos: number, t: T): T;
  /** An empty span at pos (a `;` name without value, an associative value left out). */
  empty(code: number, pos: number, t: T): T;
}

/** A list of threads, in preference order. */
export class Threads<T> {
  len = 0;
  st = new Int32Array(16);
  sub = new Uint8Array(16);
  cnt = new Int32Array(16);
  start = new Int32Array(16);
  /** The thread of the list before the step that this one comes from. */
  parent = new Int32Array(16);
  /** The next thread at the same state, within this list (-1: none). */
  same = new Int32Array(16);
  trail: T[] = [];

  grow(): void {
    this.st = doubled(this.st);
    this.sub = doubled(this.sub);
    this.cnt = doubled(this.cnt);
    this.start = doubled(this.start);
    this.parent = doubled(this.parent);
    this.same = doubled(this.same);
  }
}

const entrySub = (flags: number): number => ((flags & VFlag.UR) !== 0 ? VState.R_B : VState.U_B);

/** The closure and the step over one Nfa; reusable, not reentrant. */
export class Stepper<T> {
  readonly nfa: Nfa;
  /** Closure entries processed so far: the unit of work, for the linear-time tests. */
  work = 0;
  private readonly trail: Trail<T>;
  private readonly seen: Int32Array;
  private readonly head: Int32Array;
  private gen = 0;
  private parent = -1;
  // The depth-first stack of the closure.
  private sp = 0;
  private sSt = new Int32Array(64);
  private sSub = new Uint8Array(64);
  private sCnt = new Int32Array(64);
  private sStart = new Int32Array(64);
  private sTrail: T[] = [];

  constructor(nfa: Nfa, trail: Trail<T>) {
    this.nfa = nfa;
    this.trail = trail;
    this.seen = new Int32Array(nfa.kind.length);
    this.head = new Int32Array(nfa.kind.length);
  }

  /** The threads at position 0: the closure of the start state. */
  first(to: Threads<T>, t: T): void {
    this.gen++;
    to.len = 0;
    this.parent = -1;
    this.add(to, this.nfa.start, 0, 0, 0, t, 0, true);
  }

  /**
   * Consumes code unit c (at pos - 1) with every thread of `from`, in order, into `to` (cleared
   * first), with each new thread's trail started from `fresh(t)` of its parent's.
   */
  step(from: Threads<T>, c: number, pos: number, to: Threads<T>, fresh: (t: T) => T): void {
    const { kind, a, b, lim, flags } = this.nfa;
    const cls = c < 0x80 ? VALUE_CLASS[c]! : VCls.OTHER;
    this.gen++;
    to.len = 0;
    for (let t = 0; t < from.len; t++) {
      const s = from.st[t]!;
      const k = kind[s];
      this.parent = t;
      if (k === Kind.CHAR) {
        if (a[s] === c) this.add(to, b[s]!, 0, 0, 0, fresh(from.trail[t]!), pos, true);
      } else if (k === Kind.VALUE) {
        const idx = (from.sub[t]! << 5) | cls;
        const next = VALUE_NEXT[idx]!;
        if (next === VALUE_FAIL) continue;
        let cnt = from.cnt[t]! + VALUE_INC[idx]!;
        const max = lim[s]!;
        if (cnt > max) continue;
        // Only a prefix needs the count; otherwise whether the value is empty is all.
        if (max === UNLIMITED) cnt = Math.min(cnt, (flags[s]! & VFlag.NONEMPTY) !== 0 ? 1 : 0);
        this.add(to, s, next, cnt, from.start[t]!, fresh(from.trail[t]!), pos, false);
      }
    }
  }

  /**
   * Adds the thread (state s, value state sub, count cnt, value start) and everything reachable
   * from it without input, in preference order. `entering`: s is entered from outside, so a
   * VALUE state starts a new value at pos.
   */
  private add(list: Threads<T>, s: number, sub: number, cnt: number, start: number, t: T, pos: number, entering: boolean): void {
    const { kind, a, b, lim, flags, longest } = this.nfa;
    const gen = this.gen;
    const trail = this.trail;
    this.sp = 0;
    if (entering) this.enter(s, t, pos);
    else this.push(s, sub, cnt, start, t);
    while (this.sp > 0) {
      const top = --this.sp;
      s = this.sSt[top]!;
      sub = this.sSub[top]!;
      cnt = this.sCnt[top]!;
      start = this.sStart[top]!;
      t = this.sTrail[top]!;
      if (s < 0) {
        this.append(list, ~s, sub, cnt, start, t);
        continue;
      }
      const k = kind[s]!;
      if (this.seen[s] === gen) {
        if (k !== Kind.VALUE) continue;
        // Another thread is here: keep this one only if it has a shorter value (Pareto).
        let dominated = false;
        for (let x = this.head[s]!; x !== -1; x = list.same[x]!) {
          if (list.sub[x] === sub && list.cnt[x]! <= cnt) {
            dominated = true;
            break;
          }
        }
        if (dominated) continue;
      } else {
        this.seen[s] = gen;
        this.head[s] = -1;
      }
      switch (k) {
        case Kind.SPLIT:
          this.enter(b[s]!, t, pos);
          this.enter(a[s]!, t, pos);
          break;
        case Kind.EMPTY:
          this.enter(b[s]!, trail.empty(a[s]!, pos, t), pos);
          break;
        case Kind.VALUE: {
          const owed = VALUE_EXIT[sub]!;
          const total = cnt + owed;
          if (owed === VALUE_FAIL || total > lim[s]! || ((flags[s]! & VFlag.NONEMPTY) !== 0 && total === 0)) {
            this.append(list, s, sub, cnt, start, t);
            break;
          }
          // Ending the value here is preferred to reading more: its continuations come first,
          // then the thread itself (pushed below them, as ~s: append only); the other way
          // round for an automaton that prefers the longest values.
          if (longest) this.append(list, s, sub, cnt, start, t);
          else this.push(~s, sub, cnt, start, t);
          this.enter(b[s]!, trail.end(a[s]!, start, pos, t), pos);
          break;
        }
        default:
          this.append(list, s, 0, 0, 0, t);
      }
    }
  }

  /** Lets go of the trails the last closure left on its stack. */
  forget(): void {
    this.sTrail.length = 0;
  }

  /** Pushes state s, entered from outside at pos: a VALUE state begins its value there. */
  private enter(s: number, t: T, pos: number): void {
    const flags = this.nfa.flags[s]!;
    if (this.nfa.kind[s] === Kind.VALUE) this.push(s, entrySub(flags), 0, pos, this.trail.begin(this.nfa.a[s]!, pos, t));
    else this.push(s, 0, 0, 0, t);
  }

  private push(s: number, sub: number, cnt: number, start: number, t: T): void {
    this.work++;
    const sp = this.sp;
    if (sp === this.sSt.length) {
      this.sSt = doubled(this.sSt);
      this.sSub = doubled(this.sSub);
      this.sCnt = doubled(this.sCnt);
      this.sStart = doubled(this.sStart);
    }
    this.sSt[sp] = s;
    this.sSub[sp] = sub;
    this.sCnt[sp] = cnt;
    this.sStart[sp] = start;
    this.sTrail[sp] = t;
    this.sp = sp + 1;
  }

  private append(list: Threads<T>, s: number, sub: number, cnt: number, start: number, t: T): void {
    if (list.len === list.st.length) list.grow();
    const x = list.len++;
    list.st[x] = s;
    list.sub[x] = sub;
    list.cnt[x] = cnt;
    list.start[x] = start;
    list.parent[x] = this.parent;
    list.trail[x] = t;
    list.same[x] = this.head[s]!;
    this.head[s] = x;
  }
}

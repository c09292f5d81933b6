/**
 * The Pike VM: runs an Nfa over a URI one character at a time with every live thread, each
 * carrying its spans as an immutable list that threads share. At most one thread per state
 * (closure.ts), so the time is linear in the URI's length for every template, with a factor of
 * the automaton's size. dfa.ts is the fast runner; this one needs no cache, and is what dfa.ts
 * falls back to when its cache would grow too large for a template without prefixes (with
 * prefixes, a thread per count would make it slow: lookahead.ts takes those).
 */
import { Stepper, Threads, type Trail } from './closure.js';
import { Kind, type Nfa } from './nfa.js';
import { chooseMatch, type Spans } from './spans.js';

class Span {
  constructor(
    readonly code: number,
    readonly begin: number,
    readonly end: number,
    readonly prev: Span | null,
  ) {}
}

const SPANS: Trail<Span | null> = {
  begin: (_code, _pos, t) => t,
  end: (code, start, pos, t) => new Span(code, start, pos, t),
  empty: (code, pos, t) => new Span(code, pos, pos, t),
};
const keep = (t: Span | null): Span | null => t;

export class Pike {
  private readonly stepper: Stepper<Span | null>;
  private cur = new Threads<Span | null>();
  private next = new Threads<Span | null>();

  constructor(nfa: Nfa) {
    this.stepper = new Stepper(nfa, SPANS);
  }

  /** The closure entries processed so far (for the linear-time tests). */
  get work(): number {
    return this.stepper.work;
  }

  /** Runs over u; fills `out` with the spans of the chosen accepting path and returns its MATCH state, or -1. */
  run(u: string, out: Spans): number {
    const cur = this.scan(u, u.length);
    const { kind, a } = this.stepper.nfa;
    const t = chooseMatch(kind, a, Kind.MATCH, cur.len, cur.st);
    if (t !== -1) this.spans(t, out);
    this.release();
    return t === -1 ? -1 : cur.st[t]!;
  }

  /** Runs over u[0, end): the threads left (those at MATCH states accept), good until release(). */
  scan(u: string, end: number): Threads<Span | null> {
    let cur = this.cur;
    let next = this.next;
    this.stepper.first(cur, null);
    for (let i = 0; i < end && cur.len > 0; i++) {
      this.stepper.step(cur, u.charCodeAt(i), i + 1, next, keep);
      const x = cur;
      cur = next;
      next = x;
    }
    this.cur = cur;
    this.next = next;
    return cur;
  }

  /** The NFA state of thread t of the last scan. */
  state(t: number): number {
    return this.cur.st[t]!;
  }

  /** The spans of thread t of the last scan, into out. */
  spans(t: number, out: Spans): void {
    out.clear();
    for (let s: Span | null = this.cur.trail[t]!; s !== null; s = s.prev) out.push(s.code, s.begin, s.end);
    out.reverse();
  }

  /** Lets go of the last scan's spans: they hold as many as the URI has values. */
  release(): void {
    this.cur.trail.fill(null);
    this.next.trail.fill(null);
    this.stepper.forget();
  }
}

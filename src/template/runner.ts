/**
 * Runs a template's automaton (nfa.ts) over a URI: the lazy DFA (dfa.ts) while it stays small;
 * for a prefix modifier above DFA_PREFIX (each count a value can have would be a DFA state of
 * its own), or once the DFA has grown too large with prefixes in the template, the two passes of
 * lookahead.ts (the Pike VM would keep a thread per count); else the Pike VM (pike.ts). All give
 * the same spans.
 */
import { Dfa, OVERFLOW } from './dfa.js';
import { Lookahead } from './lookahead.js';
import { type Nfa, templateNfa, UNLIMITED } from './nfa.js';
import { Pike } from './pike.js';
import { Spans } from './spans.js';
import type { Program } from './syntax.js';

const DFA_PREFIX = 64;

/** The spans of the last successful run of any Runner: one run at a time, read right after it. */
const spans = new Spans();

export class Runner {
  /** The spans of the last successful run (the caller calls fit() once it has read them). */
  readonly spans = spans;
  private nfa: Nfa | undefined;
  private dfa: Dfa | undefined;
  private slow: Pike | Lookahead | undefined;

  /** `longest`: the automaton that prefers the longest values and most members (nfa.ts). */
  constructor(
    private readonly program: Program,
    private readonly longest = false,
  ) {}

  /** The MATCH state of the chosen accepting path (spans in `spans`), or -1. */
  run(u: string): number {
    if (this.nfa === undefined) {
      this.nfa = templateNfa(this.program, this.longest);
      if (!this.nfa.lim.some((max) => max > DFA_PREFIX && max !== UNLIMITED)) this.dfa = new Dfa(this.nfa);
    }
    if (this.dfa !== undefined) {
      const r = this.dfa.run(u, this.spans);
      if (r !== OVERFLOW) return r;
      this.dfa = undefined;
    }
    const nfa = this.nfa;
    this.slow ??= nfa.lim.some((max) => max !== UNLIMITED) ? new Lookahead(nfa) : new Pike(nfa);
    return this.slow.run(u, this.spans);
  }
}

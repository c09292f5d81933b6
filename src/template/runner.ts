/**
 * Runs a template's automaton (nfa.ts) over a URI: the lazy DFA (dfa.ts), or the Pike VM
 * (pike.ts) once the DFA has grown too large for it, or from the start for a prefix modifier
 * above DFA_PREFIX (each count a value can have would be a DFA state of its own). Both give the
 * same spans.
 */
import { Dfa, OVERFLOW } from './dfa.js';
import { type Nfa, templateNfa, UNLIMITED } from './nfa.js';
import { Pike } from './pike.js';
import { Spans } from './spans.js';
import type { Program } from './syntax.js';

const DFA_PREFIX = 64;

export class Runner {
  /** The spans of the last successful run. */
  readonly spans = new Spans();
  private nfa: Nfa | undefined;
  private dfa: Dfa | undefined;
  private pike: Pike | undefined;

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
    this.pike ??= new Pike(this.nfa);
    return this.pike.run(u, this.spans);
  }
}

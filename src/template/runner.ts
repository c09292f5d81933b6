/**
 * Runs an Nfa over a URI: the lazy DFA (dfa.ts), or the Pike VM (pike.ts) once the DFA has
 * grown too large for this automaton, or from the start for a prefix modifier above
 * DFA_PREFIX (each count a value can have would be a DFA state of its own). Both give the same
 * spans.
 */
import { Dfa, OVERFLOW } from './dfa.js';
import { type Nfa, UNLIMITED } from './nfa.js';
import { Pike } from './pike.js';
import { Spans } from './spans.js';

const DFA_PREFIX = 64;

export class Runner {
  /** The spans of the last successful run. */
  readonly spans = new Spans();
  private readonly nfa: Nfa;
  private dfa: Dfa | undefined;
  private pike: Pike | undefined;

  constructor(nfa: Nfa) {
    this.nfa = nfa;
    if (!nfa.lim.some((max) => max > DFA_PREFIX && max !== UNLIMITED)) this.dfa = new Dfa(nfa);
  }

  /** The MATCH state of the chosen accepting path (spans in `spans`), or -1. */
  run(u: string): number {
    if (this.dfa !== undefined) {
      const r = this.dfa.run(u, this.spans);
      if (r !== OVERFLOW) return r;
      this.dfa = undefined;
    }
    this.pike ??= new Pike(this.nfa);
    return this.pike.run(u, this.spans);
  }
}

/**
 * The automaton of a list of templates (set.ts): one Nfa for all of them, whose templates share
 * the states of the beginning they have in common, run once over a URI (a lazy DFA, or the Pike
 * VM when the DFA outgrows its budget); every template that accepts, in the list's order, with
 * its spans.
 *
 * Sharing a beginning changes no template's answer: the states of a common beginning are reached
 * by the same paths, in the same preference order, for each template that has it, and after it
 * each template has states of its own (Pike's rule compares only threads at one state). So the
 * accepting thread of a template is the one its own automaton (runner.ts) would choose, and a
 * thread per live beginning, not per template, is what a DFA state holds: the cost of a URI
 * does not grow with the number of templates once the DFA knows the transitions it takes.
 */
import { Dfa, OVERFLOW, scans } from './dfa.js';
import { Kind, type Nfa, NfaBuilder } from './nfa.js';
import { Pike } from './pike.js';
import { Spans } from './spans.js';
import { NAMED, type Program } from './syntax.js';

/** Thread entries of the DFA's states (about 40 bytes each with their transitions) per NFA state, and at least. */
const BUDGET_PER_STATE = 16;
const MIN_BUDGET = 1 << 16;
/** After so many DFAs outgrew their budget, the Pike VM alone (each time the DFA starts over). */
const REBUILDS = 8;

/** A node of the trie of the templates' parts: a literal character, or an expression. */
interface Part {
  /** Its position in the list of parts, which has every part after its parent. */
  readonly id: number;
  /** The program and expression of an expression part (-1: a character, `code`). */
  readonly p: Program;
  readonly e: number;
  readonly code: number;
  readonly children: Map<string, Part>;
  /** The templates (positions in the list) that end here. */
  readonly ends: number[];
}

/** What an expression reads, as a key: the same key makes the same states (span codes included). */
function expressionKey(p: Program, e: number): string {
  const op = p.ops[e]!;
  let key = `${op}`;
  for (let k = p.firstSpec[e]!; k < p.firstSpec[e + 1]!; k++) {
    key += `,${k}:${p.prefix[k]}:${p.explode[k]}`;
    if (NAMED[op]) key += `:${p.names[k]}`;
  }
  return key;
}

/** The automaton of the programs, in order; a MATCH state's a is the template's position. */
function unionNfa(programs: readonly Program[]): Nfa {
  const all: Part[] = [];
  const part = (p: Program, e: number, code: number): Part => {
    const made = { id: all.length, p, e, code, children: new Map(), ends: [] };
    all.push(made);
    return made;
  };
  const root = part(programs[0]!, -1, 0);
  const child = (at: Part, key: string, make: () => Part): Part => {
    let c = at.children.get(key);
    if (c === undefined) {
      c = make();
      at.children.set(key, c);
    }
    return c;
  };
  programs.forEach((p, index) => {
    let at = root;
    for (let e = 0; e <= p.ops.length; e++) {
      const lit = p.literals[e]!;
      for (let i = 0; i < lit.length; i++) {
        const c = lit.charCodeAt(i);
        at = child(at, `c${c}`, () => part(p, -1, c));
      }
      if (e < p.ops.length) at = child(at, `e${expressionKey(p, e)}`, () => part(p, e, 0));
    }
    at.ends.push(index);
  });
  // Back to front (a part's children come after it in `all`), so that every state's
  // successors exist when it is made.
  const b = new NfaBuilder();
  const entry = new Int32Array(all.length);
  for (let x = all.length - 1; x >= 0; x--) {
    const at = all[x]!;
    const next: number[] = [];
    for (const index of at.ends) next.push(b.add(Kind.MATCH, index, -1));
    for (const c of at.children.values()) next.push(entry[c.id]!);
    let cont = next[next.length - 1]!;
    for (let k = next.length - 2; k >= 0; k--) cont = b.split(next[k]!, cont);
    entry[x] = x === 0 ? cont : at.e === -1 ? b.add(Kind.CHAR, at.code, cont) : b.expression(at.p, at.e, cont);
  }
  return b.finish(entry[0]!);
}

/** A template list's automaton, run over URIs; one scan at a time, read right after it. */
export class Union {
  readonly nfa: Nfa;
  /** The spans of the template `spans(k)` read. */
  readonly spans = new Spans();
  #dfa: Dfa | undefined;
  #pike: Pike | undefined;
  #rebuilds = 0;
  readonly #budget: number;
  // The last scan: its URI and end, the DFA state it ended in (-1: the Pike VM's), its
  // accepting threads in template order, and the DFA scans made when it was.
  #u = '';
  #end = 0;
  #ds = -1;
  #ends: Int32Array = new Int32Array(0);
  #count = 0;
  #scans = 0;

  /** `programs`: at least one; `budget`: the DFA's (thread entries of its states), for the tests. */
  constructor(programs: readonly Program[], budget?: number) {
    this.nfa = unionNfa(programs);
    this.#budget = budget ?? Math.max(MIN_BUDGET, BUDGET_PER_STATE * this.nfa.kind.length);
  }

  /** How many times the DFA outgrew its budget and started again (for the tests). */
  get rebuilds(): number {
    return this.#rebuilds;
  }

  /** Runs over u[0, end): how many templates accept it (`at` and `read` take 0 to that - 1). */
  scan(u: string, end: number): number {
    this.#u = u;
    this.#end = end;
    this.#count = 0;
    if (this.#dfa === undefined && this.#rebuilds < REBUILDS) this.#dfa = new Dfa(this.nfa, this.#budget);
    if (this.#dfa !== undefined) {
      const ds = this.#dfa.scan(u, end);
      this.#scans = scans;
      if (ds !== OVERFLOW) {
        this.#ds = ds;
        if (ds === -1) return 0;
        this.#ends = this.#dfa.ends(ds);
        this.#count = this.#ends.length;
        return this.#count;
      }
      // Too large: start again with an empty one for the next URI (a few times).
      this.#dfa = undefined;
      this.#rebuilds++;
    }
    this.#pike ??= new Pike(this.nfa);
    const threads = this.#pike.scan(u, end);
    const { kind, a } = this.nfa;
    const ends: number[] = [];
    for (let t = 0; t < threads.len; t++) if (kind[threads.st[t]!] === Kind.MATCH) ends.push(t);
    ends.sort((x, y) => a[threads.st[x]!]! - a[threads.st[y]!]!);
    this.#ds = -1;
    this.#ends = Int32Array.from(ends);
    this.#count = ends.length;
    return this.#count;
  }

  /** The position in the list of the k-th template that accepted the last scan's URI. */
  at(k: number): number {
    const t = this.#ends[k]!;
    const s = this.#ds === -1 ? this.#pike!.state(t) : this.#dfa!.state(this.#ds, t);
    return this.nfa.a[s]!;
  }

  /** Reads the spans of the k-th template that accepted into `spans`. */
  read(k: number): void {
    if (this.#ds === -1) {
      this.#pike!.spans(this.#ends[k]!, this.spans);
      return;
    }
    // Another DFA's scan (a template's own extract) has taken the records since: scan again.
    if (this.#scans !== scans) {
      this.#dfa!.scan(this.#u, this.#end);
      this.#scans = scans;
    }
    this.#dfa!.spans(this.#ds, this.#ends[k]!, this.spans);
  }

  /** Once the answer is read: lets go of the URI and of what a long one needed. */
  release(): void {
    this.#u = '';
    this.#pike?.release();
    if (this.#ds !== -1 && this.#scans === scans) this.#dfa?.fit();
    this.spans.fit();
  }
}

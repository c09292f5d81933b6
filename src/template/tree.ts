/**
 * The shared tree of a template set (set.ts): the templates that the shortcut of direct.ts reads
 * (most API templates) in one tree that shares what they have in common, as a radix tree does.
 *
 * A literal prefix is one edge whatever the number of templates that begin with it, and an
 * expression edge (`{id}`, `{/path*}`, `{?page,per_page}`) is shared by the templates that have
 * the same expression there, whatever the variable's name. A lookup walks the tree once, trying
 * a node's edges in the order of the first template below each and skipping those whose first
 * template comes after a match already found, so a URI costs a walk down the shared prefixes,
 * not a match per template: the fast way for routes, before the set's automaton (union.ts).
 */
import { Captures, isPlain, LITERAL, literalStep, NAMED_PAIRS, readPlain, readStep, type Step, UNSETTLED } from './direct.js';
import type { Program } from './syntax.js';

interface Node {
  /** The edges into this node (none at the root), one after the other, and the programs whose names they read. */
  path: Step[];
  programs: Program[];
  /** Child nodes, the one with the first template first. */
  children: Node[];
  /**
   * The same (set by order()): those whose path begins with a literal, by its character at
   * `skip` (an ASCII code), then the others.
   */
  lits: (Node | undefined)[];
  /** How many characters the literal children have in common (those of a child that was taken out, see order()). */
  skip: number;
  exprs: Node[];
  /** The template that ends here (the first, if several do), or NONE. */
  end: number;
  /** The first template at or below this node. */
  first: number;
  /** Every template at or below it. */
  below: number[];
  /** The same (set by order()): the literal text `path` begins with, then the steps after it and their programs. */
  lead: string;
  /** Its characters' codes (ASCII), compared one by one (see read()). */
  leadCodes: Uint8Array;
  /**
   * The position in `lead` of the character its parent chose it by (a literal child: the
   * parent's `skip`), which read() does not compare again; -1 for none.
   */
  chosen: number;
  tail: Step[];
  tailPrograms: Program[];
  /** Per step of `tail`: how it is read (a literal, a `{x}` by readPlain, or by readStep). */
  kinds: Uint8Array;
}

// How a step of a tail is read (Node.kinds).
const K_LITERAL = 0;
const K_PLAIN = 1;
const K_STEP = 2;
const NO_KINDS = new Uint8Array(0);

/** No template (a small integer, so that every count stays one in V8). */
export const NONE = 0x3fffffff;
const NO_LITERALS: (Node | undefined)[] = new Array<Node | undefined>(0x80).fill(undefined);

function node(edge: Step | undefined, program: Program | undefined): Node {
  return {
    path: edge === undefined ? [] : [edge],
    programs: program === undefined ? [] : [program],
    children: [],
    lits: NO_LITERALS,
    skip: 0,
    exprs: [],
    end: NONE,
    first: NONE,
    below: [],
    lead: '',
    leadCodes: NO_KINDS,
    chosen: -1,
    tail: [],
    tailPrograms: [],
    kinds: NO_KINDS,
  };
}

/** Whether two expression steps read a URI the same way (a variable's name is no matter, a pair's is). */
function sameReading(a: Step, pa: Program, b: Step, pb: Program): boolean {
  if (a.part !== b.part || a.op !== b.op || a.explode !== b.explode || a.to - a.from !== b.to - b.from) return false;
  if (a.part !== NAMED_PAIRS) return true;
  for (let k = 0; k < a.to - a.from; k++) if (pa.names[a.from + k] !== pb.names[b.from + k]) return false;
  return true;
}

/** The tree of some templates of a set, walked over a URI (or its path part). */
export class Tree {
  readonly root = node(undefined, undefined);
  readonly caps = new Captures();
  /** The captures of the last lookup's answer: `caps` itself, or `saved`. */
  best: Captures = this.caps;
  /**
   * A copy of the answer's captures, made only when the walk goes on to read over them (see
   * keep()): most lookups find their answer on the last path they try.
   */
  readonly saved = new Captures();
  bestIndex = NONE;
  /** While the answer's captures are still in `caps`: their number, else -1. */
  private bestN = -1;
  /** The first template whose reading the last lookup left unsettled (direct.ts), or NONE. */
  unsettled = NONE;
  /**
   * The root's children by two characters (pairTable()), when the root has literal children
   * only and one of them is only a way on: that child is skipped.
   */
  private pairs: (Node | undefined)[] | undefined;
  /** Per character at the root's `skip`: the position of the second character `pairs` is read by, or -1. */
  private readonly second = new Int32Array(0x80);
  /** Per such character: its row of 128 in `pairs`. */
  private readonly row = new Int32Array(0x80);

  /** The first template of the tree that matches u (its captures in `best`), or NONE. */
  find(u: string): number {
    this.bestIndex = NONE;
    this.unsettled = NONE;
    this.caps.n = 0;
    this.bestN = -1;
    this.best = this.caps;
    // The root has no edge to read, so read() never sees a template that ends there ('').
    if (u === '' && this.root.end !== NONE) {
      this.bestIndex = this.root.end;
      this.bestN = 0;
    }
    const pairs = this.pairs;
    if (pairs === undefined) this.walk(this.root, u, 0);
    else {
      const at = this.root.skip;
      const c1 = at < u.length ? u.charCodeAt(at) : 0x80;
      const at2 = c1 < 0x80 ? this.second[c1]! : -1;
      let child: Node | undefined;
      if (at2 < 0) child = c1 < 0x80 ? this.root.lits[c1] : undefined;
      else {
        const c2 = at2 < u.length ? u.charCodeAt(at2) : 0;
        child = c2 < 0x80 ? pairs[(this.row[c1]! << 7) | c2] : undefined;
      }
      if (child !== undefined) {
        const j = this.read(child, u, 0);
        if (j >= 0) this.walk(child, u, j);
      }
    }
    if (this.bestN >= 0) this.caps.n = this.bestN;
    else this.best = this.saved;
    return this.bestIndex;
  }

  /** Sets the order of the edges and the lookup tables, once every template is in. */
  finish(): void {
    order(this.root);
    // The leads are final only now (order() lengthens some from above).
    const codes = (at: Node): void => {
      at.leadCodes = Uint8Array.from(at.lead, (ch) => ch.charCodeAt(0));
      for (const c of at.children) codes(c);
    };
    codes(this.root);
    this.pairs = pairTable(this.root, this.second, this.row);
  }

  insert(index: number, p: Program, steps: readonly Step[]): void {
    let at = this.root;
    at.below.push(index);
    for (const step of steps) {
      if (step.part === LITERAL) {
        let text = step.text;
        while (text !== '') {
          let child = at.children.find((c) => c.path[0]!.part === LITERAL && c.path[0]!.text.charCodeAt(0) === text.charCodeAt(0));
          if (child === undefined) {
            child = node(literalStep(text), p);
            at.children.push(child);
            text = '';
          } else {
            const have = child.path[0]!.text;
            let common = 1;
            while (common < have.length && common < text.length && have.charCodeAt(common) === text.charCodeAt(common)) common++;
            if (common < have.length) {
              // Split the edge: the shared part, then the rest of the old one.
              const mid = node(literalStep(have.slice(0, common)), child.programs[0]);
              const rest = node(literalStep(have.slice(common)), child.programs[0]);
              rest.children = child.children;
              rest.end = child.end;
              rest.below = child.below;
              mid.children.push(rest);
              mid.below.push(...child.below);
              at.children[at.children.indexOf(child)] = mid;
              child = mid;
            }
            text = text.slice(common);
          }
          at = child;
          at.below.push(index);
        }
      } else {
        let child = at.children.find((c) => c.path[0]!.part !== LITERAL && sameReading(c.path[0]!, c.programs[0]!, step, p));
        if (child === undefined) {
          child = node(step, p);
          at.children.push(child);
        }
        at = child;
        at.below.push(index);
      }
    }
    at.end = Math.min(at.end, index);
  }

  /** Walks the tree from `at` (u read to i), keeping the first match. */
  private walk(at: Node, u: string, i: number): void {
    for (;;) {
      // The child whose path begins with the literal at u[i], if any (a radix tree has one at
      // most), and those that begin with an expression, in the order of their first template.
      const c = i + at.skip < u.length ? u.charCodeAt(i + at.skip) : 0x80;
      let lit = c < 0x80 ? at.lits[c] : undefined;
      const exprs = at.exprs;
      if (exprs.length === 0 || (lit === undefined && exprs.length === 1)) {
        // One way on (the usual case): follow it here rather than in a call. The caller puts
        // back the captures if it comes to nothing.
        const child = lit ?? exprs[0];
        if (child === undefined || child.first >= this.bestIndex) return;
        const j = this.read(child, u, i);
        if (j < 0) return;
        at = child;
        i = j;
        continue;
      }
      let e = 0;
      for (;;) {
        let child: Node;
        if (lit !== undefined && (e === exprs.length || lit.first < exprs[e]!.first)) {
          child = lit;
          lit = undefined;
        } else if (e < exprs.length) {
          child = exprs[e++]!;
        } else {
          return;
        }
        if (child.first >= this.bestIndex) return;
        const mark = this.caps.n;
        if (mark < this.bestN) this.keep();
        const j = this.read(child, u, i);
        if (j >= 0) this.walk(child, u, j);
        this.caps.n = mark;
      }
    }
  }

  /** Reads the path into `child` from position i: where it ends (a match is kept), or -1. */
  private read(child: Node, u: string, i: number): number {
    // Most paths are one literal: compared first, without a look at the steps. A literal of
    // one character is the one the child was chosen by (#walk).
    // A loop over the codes costs less than startsWith, which V8 inlines as a loop that reads
    // both strings a character at a time.
    const codes = child.leadCodes;
    const n = codes.length;
    if (n > 1) {
      if (i + n > u.length) return -1;
      // In two runs around the character the child was chosen by.
      const chosen = child.chosen;
      for (let k = 0; k < chosen; k++) if (u.charCodeAt(i + k) !== codes[k]) return -1;
      for (let k = chosen + 1; k < n; k++) if (u.charCodeAt(i + k) !== codes[k]) return -1;
    }
    i += n;
    const tail = child.tail;
    const kinds = child.kinds;
    for (let x = 0; x < tail.length; x++) {
      const step = tail[x]!;
      const kind = kinds[x]!;
      if (kind === K_PLAIN) {
        i = readPlain(step.from, u, i, this.caps);
        if (i < 0) return -1;
      } else if (kind === K_LITERAL) {
        if (!u.startsWith(step.text, i)) return -1;
        i += step.text.length;
      } else {
        i = readStep(child.tailPrograms[x]!, step, u, i, this.caps);
        if (i < 0) {
          if (i === UNSETTLED && child.first < this.unsettled) this.unsettled = child.first;
          return -1;
        }
      }
    }
    if (child.end < this.bestIndex && i === u.length) {
      this.bestIndex = child.end;
      this.bestN = this.caps.n;
    }
    return i;
  }

  /** Saves the answer's captures before the walk reads over them (a path tried after it, from a node above its end). */
  private keep(): void {
    const n = this.caps.n;
    this.caps.n = this.bestN;
    this.saved.copy(this.caps);
    this.caps.n = n;
    this.bestN = -1;
  }
}

/** Whether a literal child is only a way on, to literal children chosen by a character. */
const onlyAWay = (c: Node): boolean => c.end === NONE && c.tail.length === 0 && c.exprs.length === 0 && c.lits !== NO_LITERALS;

/**
 * The grandchildren of the root through its children that are only a way on (onlyAWay), by
 * two characters: the one at the root's `skip` (its row: `row[first] << 7`), then the one that
 * child's dispatch reads (at `second[first]`, a code past the end as 0; -1 for the other
 * children, chosen as in walk()); undefined when the root has expression children, a template
 * ends there, or no child is only a way on (a row is 128 entries, made only for such a child). Such a child's children, their lead its and theirs, are read straight from the root:
 * one node less on the way down for routes whose first segments share a beginning (`/repos` and
 * `/rate_limit`, `/orgs` and `/orders`). No literal of a template holds 0 or non-ASCII.
 */
function pairTable(root: Node, second: Int32Array, row: Int32Array): (Node | undefined)[] | undefined {
  second.fill(-1);
  if (root.exprs.length > 0 || root.end !== NONE || root.lits === NO_LITERALS) return undefined;
  let rows = 0;
  for (let c1 = 0; c1 < 0x80; c1++) {
    const c = root.lits[c1];
    if (c !== undefined && onlyAWay(c)) row[c1] = rows++;
  }
  if (rows === 0) return undefined;
  const table = new Array<Node | undefined>(rows << 7).fill(undefined);
  for (let c1 = 0; c1 < 0x80; c1++) {
    const c = root.lits[c1];
    if (c === undefined || !onlyAWay(c)) continue;
    second[c1] = c.lead.length + c.skip;
    for (let c2 = 0; c2 < 0x80; c2++) {
      const g = c.lits[c2];
      if (g === undefined) continue;
      const merged = Object.assign(node(undefined, undefined), g);
      merged.lead = c.lead + g.lead;
      merged.leadCodes = Uint8Array.from(merged.lead, (ch) => ch.charCodeAt(0));
      merged.chosen = c.lead.length + g.chosen;
      table[(row[c1]! << 7) | c2] = merged;
    }
  }
  return table;
}

/**
 * Makes a node with one child and no template ending at it one with its child (a longer path),
 * sorts the children by their first template, sets `first` and the lookup tables.
 */
function order(at: Node): number {
  for (const c of at.children) {
    while (c.children.length === 1 && c.end === NONE) {
      const only = c.children[0]!;
      c.path = [...c.path, ...only.path];
      c.programs = [...c.programs, ...only.programs];
      c.children = only.children;
      c.end = only.end;
    }
  }
  let first = at.end;
  for (const c of at.children) first = Math.min(first, order(c));
  at.children.sort((a, b) => a.first - b.first);
  at.first = first;
  let x = 0;
  while (x < at.path.length && at.path[x]!.part === LITERAL) at.lead += at.path[x++]!.text;
  at.tail = at.path.slice(x);
  at.tailPrograms = at.programs.slice(x);
  at.kinds = Uint8Array.from(at.tail, (s) => (s.part === LITERAL ? K_LITERAL : isPlain(s) ? K_PLAIN : K_STEP));
  let lits = at.children.filter((c) => c.path[0]!.part === LITERAL);
  const only = lits[0];
  if (lits.length === 1 && only!.end === NONE && only!.tail.length === 0 && only!.exprs.length === 0) {
    // A literal child that is only a way to others ("/" before "settings" and "members"): its
    // children (several, or the loop above would have made them one) become this node's, their
    // literal its and theirs, chosen by the character after it. One step less on the way down.
    for (const c of only!.children) c.lead = only!.lead + c.lead;
    at.skip = only!.lead.length;
    lits = only!.children;
    at.children = [...lits, ...at.children.filter((c) => c !== only)].sort((a, b) => a.first - b.first);
  }
  if (lits.length > 0) {
    // A literal's characters are ASCII (a template's literals expand to URI characters).
    at.lits = new Array<Node | undefined>(0x80).fill(undefined);
    for (const c of lits) {
      at.lits[c.lead.charCodeAt(at.skip)] = c;
      c.chosen = at.skip;
    }
  }
  at.exprs = at.children.filter((c) => c.path[0]!.part !== LITERAL);
  return first;
}

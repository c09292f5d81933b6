/**
 * `UriTemplateSet`: many templates matched at once, the first (in their order) that matches a
 * URI winning, for routers and for counting log lines by route.
 *
 * The templates that the shortcut of direct.ts reads (most API templates) go into one tree that
 * shares what they have in common, as a radix tree does: a literal prefix is one edge whatever
 * the number of templates that begin with it, and an expression edge (`{id}`, `{/path*}`,
 * `{?page,per_page}`) is shared by the templates that have the same expression there, whatever
 * the variable's name. A lookup walks the tree once, trying a node's edges in the order of the
 * first template below each and skipping those whose first template comes after a match already
 * found, so a URI costs a walk down the shared prefixes, not a match per template. Every other
 * template is tried on its own (UriTemplate.extract) when it comes before the tree's answer.
 * Matching queries by name, the tree holds the path parts of the templates whose query part no
 * URI can fail (named.ts), and is walked over the URI's path part.
 */
import { argumentError } from '../syntax/errors.js';
import { Captures, LITERAL, literalStep, NAMED_PAIRS, readStep, type Step, stepsOf, UNSETTLED, variablesFrom } from './direct.js';
import type { ExtractedVariables } from './extract.js';
import { pathEnd, readQuery } from './named.js';
import type { Program } from './syntax.js';
import { type MatchOptions, namedQuery, programOf, routeOf, UriTemplate } from './template.js';

/** What `UriTemplateSet.match` finds. */
export interface UriTemplateMatch {
  /** The template's position in the set. */
  readonly index: number;
  readonly template: UriTemplate;
  /** As `template.extract(uri)` gives them. */
  readonly variables: ExtractedVariables;
}

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
  tail: Step[];
  tailPrograms: Program[];
}

/** No template (a small integer, so that every count stays one in V8). */
const NONE = 0x3fffffff;
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
    tail: [],
    tailPrograms: [],
  };
}

/** Whether two expression steps read a URI the same way (a variable's name is no matter, a pair's is). */
function sameReading(a: Step, pa: Program, b: Step, pb: Program): boolean {
  if (a.part !== b.part || a.op !== b.op || a.explode !== b.explode || a.to - a.from !== b.to - b.from) return false;
  if (a.part !== NAMED_PAIRS) return true;
  for (let k = 0; k < a.to - a.from; k++) if (pa.names[a.from + k] !== pb.names[b.from + k]) return false;
  return true;
}

/**
 * An ordered set of URI templates, matched together.
 *
 * @example
 * const routes = new UriTemplateSet(['/users/{id}', '/users/{id}/repos{?page}', '/repos/{owner}/{repo}']);
 * routes.match('/users/42/repos?page=2');  // { index: 1, template: UriTemplate, variables: { id: '42', page: '2' } }
 * routes.match('/orgs/nodejs');            // null
 */
export class UriTemplateSet {
  /** The templates, in the order given. */
  readonly templates: readonly UriTemplate[];
  readonly #root = node(undefined, undefined);
  /** The templates the tree does not hold, in order. */
  readonly #others: number[] = [];
  readonly #programs: (Program | undefined)[] = [];
  readonly #caps = new Captures();
  readonly #best = new Captures();
  #bestIndex = NONE;
  /** The variables of the answer when it is a template outside the tree. */
  #found: ExtractedVariables | null = null;
  readonly #unsettled: number[] = [];
  /** `{ query: 'named' }`: the tree holds path parts (#programs too), walked over the URI's. */
  readonly #named: boolean;
  readonly #options: MatchOptions | undefined;

  /**
   * `options.query`: how the templates read a URI's query (MatchOptions): `'exact'` (the
   * default) or `'named'`, for routes in real traffic.
   *
   * @throws {UriTemplateError} for an invalid template (the first, in order).
   * @throws {TypeError} when `templates` is not an iterable of strings and UriTemplates, or for
   *   options that are not an object or a `query` other than 'exact' or 'named'.
   * @example
   * const routes = new UriTemplateSet(['/users/{id}', '/search{?q}'], { query: 'named' });
   * routes.match('/users/42?utm_source=x')?.variables;  // { id: '42' }
   * routes.match('/search?q=a+b&page=2')?.variables;    // { q: 'a+b' }
   */
  constructor(templates: Iterable<string | UriTemplate>, options?: MatchOptions) {
    this.#named = namedQuery(options, 'UriTemplateSet');
    this.#options = this.#named ? { query: 'named' } : undefined;
    if (templates === null || typeof (templates as Iterable<unknown>)?.[Symbol.iterator] !== 'function')
      throw argumentError('UriTemplateSet', 'templates', 'an iterable of strings or UriTemplates', templates);
    const list: UriTemplate[] = [];
    for (const t of templates) {
      if (t instanceof UriTemplate) list.push(t);
      else if (typeof t === 'string') list.push(new UriTemplate(t));
      else throw argumentError('UriTemplateSet', `templates[${list.length}]`, 'a string or a UriTemplate', t);
    }
    this.templates = list;
    list.forEach((t, index) => {
      let p = programOf(t);
      if (this.#named && p !== undefined) {
        // The tree reads the path part; a template whose query can fail is tried on its own.
        const route = routeOf(t);
        p = route?.part.open ? programOf(route.path) : undefined;
      }
      const steps = p === undefined ? undefined : stepsOf(p);
      this.#programs.push(p);
      if (p === undefined || steps === undefined) this.#others.push(index);
      else this.#insert(index, p, steps);
    });
    order(this.#root);
  }

  /** The number of templates. */
  get size(): number {
    return this.templates.length;
  }

  /**
   * The first template (in the set's order) that matches `uri`, with its variables, or null.
   *
   * @example
   * new UriTemplateSet(['/a/{x}', '/{y}/b']).match('/a/b');  // { index: 0, ..., variables: { x: 'b' } }
   */
  match(uri: string): UriTemplateMatch | null {
    if (typeof uri !== 'string') throw argumentError('UriTemplateSet.match', 'uri', 'a string', uri);
    const best = this.#find(uri);
    if (best === NONE) return null;
    let variables = this.#found;
    if (variables === null) {
      const t = this.templates[best]!;
      if (this.#named) {
        variables = variablesFrom(this.#programs[best]!, uri.slice(0, pathEnd(uri)), this.#best);
        readQuery(programOf(t)!, routeOf(t)!.part, uri, variables);
      } else {
        variables = variablesFrom(this.#programs[best]!, uri, this.#best);
      }
    }
    return { index: best, template: this.templates[best]!, variables };
  }

  /**
   * The index of the first template (in the set's order) that matches `uri`, or -1: `match`'s
   * `index`, without making the variables (for counting by template).
   *
   * @example
   * new UriTemplateSet(['/a/{x}', '/{y}/b']).indexOf('/c/b');  // 1
   */
  indexOf(uri: string): number {
    if (typeof uri !== 'string') throw argumentError('UriTemplateSet.indexOf', 'uri', 'a string', uri);
    const best = this.#find(uri);
    return best === NONE ? -1 : best;
  }

  /**
   * The first template that matches u, or NONE; its captures are in #best, or its variables in
   * #found when it is outside the tree.
   */
  #find(uri: string): number {
    const u = this.#named ? uri.slice(0, pathEnd(uri)) : uri;
    this.#bestIndex = NONE;
    this.#found = null;
    if (this.#unsettled.length !== 0) this.#unsettled.length = 0;
    this.#caps.n = 0;
    // The root has no edge to read, so #read never sees a template that ends there ('').
    if (u === '' && this.#root.end !== NONE) {
      this.#bestIndex = this.#root.end;
      this.#best.n = 0;
    }
    this.#walk(this.#root, u, 0);
    const best = this.#bestIndex;
    // Templates outside the tree, and those whose reading this URI left unsettled, when they
    // come first.
    const others = this.#unsettled.length === 0 ? this.#others : [...new Set([...this.#others, ...this.#unsettled])].sort((a, b) => a - b);
    for (let x = 0; x < others.length && others[x]! < best; x++) {
      const vars = this.templates[others[x]!]!.extract(uri, this.#options);
      if (vars !== null) {
        this.#found = vars;
        return others[x]!;
      }
    }
    return best;
  }

  #insert(index: number, p: Program, steps: readonly Step[]): void {
    let at = this.#root;
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
  #walk(at: Node, u: string, i: number): void {
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
        if (child === undefined || child.first >= this.#bestIndex) return;
        const j = this.#read(child, u, i);
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
        if (child.first >= this.#bestIndex) return;
        const mark = this.#caps.n;
        const j = this.#read(child, u, i);
        if (j >= 0) this.#walk(child, u, j);
        this.#caps.n = mark;
      }
    }
  }

  /** Reads the path into `child` from position i: where it ends (a match is kept), or -1. */
  #read(child: Node, u: string, i: number): number {
    // Most paths are one literal: compared first, without a look at the steps. A literal of
    // one character is the one the child was chosen by (#walk).
    const lead = child.lead;
    const n = lead.length;
    if (n !== 0) {
      if (n !== 1 && !u.startsWith(lead, i)) return -1;
      i += n;
    }
    const tail = child.tail;
    for (let x = 0; x < tail.length; x++) {
      const step = tail[x]!;
      if (step.part === LITERAL) {
        if (!u.startsWith(step.text, i)) return -1;
        i += step.text.length;
      } else {
        i = readStep(child.tailPrograms[x]!, step, u, i, this.#caps);
        if (i < 0) {
          if (i === UNSETTLED) this.#unsettled.push(...child.below);
          return -1;
        }
      }
    }
    if (child.end < this.#bestIndex && i === u.length) {
      this.#bestIndex = child.end;
      this.#best.copy(this.#caps);
    }
    return i;
  }
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
    for (const c of lits) at.lits[c.lead.charCodeAt(at.skip)] = c;
  }
  at.exprs = at.children.filter((c) => c.path[0]!.part !== LITERAL);
  return first;
}

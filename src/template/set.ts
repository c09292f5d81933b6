/**
 * `UriTemplateSet`: many templates matched at once, the first (in their order) that matches a
 * URI winning, for routers and for counting log lines by route.
 *
 * The templates the shortcut of direct.ts reads (most API templates) go into a shared tree
 * (tree.ts), walked once down the prefixes they share. Every other template, and those of the
 * tree that a URI can leave unsettled (an exploded variable), make one automaton (union.ts),
 * run once over a URI whatever their number: it gives every template that accepts the URI, in
 * order, with the spans of the answer that template's own extract would choose. The automaton
 * runs only when one of its templates outside the tree comes before the tree's answer, or the
 * tree left one unsettled. The first template that accepts is the answer when its spans are
 * enough; a template whose answer needs more (a variable used twice, values bound by
 * partialExpand, an associative array with a key twice) asks its own extract, and the next is
 * tried when that says no.
 *
 * Matching queries by name, the tree holds the path parts of the templates whose query part no
 * URI can fail (named.ts), and is walked over the URI's path part; a second automaton reads the
 * path parts of the other templates that have a named reading, and their query pairs are then
 * found by name. Templates with a prefix above MAX_PREFIX are tried on their own (runner.ts
 * reads them with lookahead.ts): each count would be a DFA state.
 */
import { argumentError } from '../syntax/errors.js';
import { stepsOf, variablesFrom } from './direct.js';
import { type ExtractedVariables, variablesOf } from './extract.js';
import { pathEnd, type QueryPart, readQuery } from './named.js';
import type { Program } from './syntax.js';
import { compiledOf, type MatchOptions, namedQuery, programOf, routeOf, UriTemplate } from './template.js';
import { NONE, Tree } from './tree.js';
import { Union } from './union.js';

/** What `UriTemplateSet.match` finds. */
export interface UriTemplateMatch {
  /** The template's position in the set. */
  readonly index: number;
  readonly template: UriTemplate;
  /** As `template.extract(uri)` gives them. */
  readonly variables: ExtractedVariables;
}

/** A prefix above this makes a DFA state per count: such a template is tried on its own. */
const MAX_PREFIX = 64;

/** How a template's answer comes from the automaton's spans. */
enum How {
  /** The spans are the answer: no key can come twice (nothing exploded), no variable repeats. */
  SURE = 0,
  /** The spans give the variables, unless an associative array has a key twice. */
  SPANS = 1,
  /** The template's own extract decides (a repeated variable, values bound by partialExpand). */
  CHECK = 2,
}

/** One automaton over some of the templates: positions in it to indices in the set. */
interface Group {
  readonly union: Union;
  readonly index: Int32Array;
  /** Whether it reads the whole URI, or its path part (named query matching). */
  readonly whole: boolean;
  /** Its first template outside the tree (NONE: all are in it, for the URIs the tree leaves unsettled). */
  readonly other: number;
}

/** How a template is read: by which program, and what its spans need. */
interface Reading {
  /** Of the whole template, or of its path part for a named reading. */
  readonly program: Program;
  /** Whether the tree holds it. */
  readonly tree: boolean;
  readonly how: How;
  /** Named query matching: the query part whose pairs are read after the path. */
  readonly query: QueryPart | undefined;
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
  readonly #readings: (Reading | undefined)[] = [];
  readonly #tree = new Tree();
  /** Whether the tree holds any template. */
  #treeUsed = false;
  readonly #groups: Group[] = [];
  /** The templates tried on their own, in order. */
  readonly #alone: number[] = [];
  /**
   * Where the answer's variables are: made while finding it (#found), or to be read from the
   * spans of a group's automaton (#group, #k), or from the tree's captures (neither).
   */
  #found: ExtractedVariables | null = null;
  #group: Group | undefined;
  #k = 0;
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
    const list = templateList(templates, 'UriTemplateSet');
    this.templates = list;
    // The automata's members: whole URIs, path parts (named); the tree's templates among them
    // only when a URI can leave them unsettled (an exploded variable).
    const whole: number[] = [];
    const path: number[] = [];
    list.forEach((t, index) => {
      const r = reading(t, this.#named);
      this.#readings.push(r);
      if (r === undefined) {
        this.#alone.push(index);
        return;
      }
      if (r.tree) {
        this.#tree.insert(index, r.program, stepsOf(r.program)!);
        this.#treeUsed = true;
        if (!r.program.explode.includes(1)) return;
      }
      (r.query === undefined ? whole : path).push(index);
    });
    this.#tree.finish();
    for (const [members, isWhole] of [
      [whole, true],
      [path, false],
    ] as const) {
      if (members.length === 0) continue;
      const union = new Union(members.map((i) => this.#readings[i]!.program));
      const other = members.find((i) => !this.#readings[i]!.tree) ?? NONE;
      this.#groups.push({ union, index: Int32Array.from(members), whole: isWhole, other });
    }
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
      const r = this.#readings[best]!;
      const g = this.#group;
      if (g === undefined) {
        variables = variablesFrom(r.program, this.#named ? uri.slice(0, pathEnd(uri)) : uri, this.#tree.best);
      } else {
        g.union.read(this.#k);
        variables = variablesOf(r.program, uri, g.union.spans)!;
        g.union.release();
      }
      if (r.query !== undefined) readQuery(programOf(this.templates[best]!)!, r.query, uri, variables);
    }
    this.#found = null;
    this.#group = undefined;
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
    this.#group?.union.release();
    this.#found = null;
    this.#group = undefined;
    return best === NONE ? -1 : best;
  }

  /** The first template that matches uri, or NONE; where its variables are: see #found. */
  #find(uri: string): number {
    this.#found = null;
    this.#group = undefined;
    let best = NONE;
    let unsettled = NONE;
    if (this.#treeUsed) {
      best = this.#tree.find(this.#named ? uri.slice(0, pathEnd(uri)) : uri);
      unsettled = this.#tree.unsettled;
    }
    for (let x = 0; x < this.#groups.length; x++) {
      const g = this.#groups[x]!;
      if (g.other >= best && unsettled >= best) continue;
      const found = this.#first(g, uri, best);
      if (found < best) best = found;
    }
    const alone = this.#alone;
    for (let x = 0; x < alone.length && alone[x]! < best; x++) {
      const vars = this.templates[alone[x]!]!.extract(uri, this.#options);
      if (vars !== null) return this.#keep(vars, alone[x]!);
    }
    return best;
  }

  /** The first template of group g before `limit` that matches uri, or NONE. */
  #first(g: Group, uri: string, limit: number): number {
    const union = g.union;
    const n = union.scan(uri, g.whole ? uri.length : pathEnd(uri));
    for (let k = 0; k < n; k++) {
      const i = g.index[union.at(k)]!;
      if (i >= limit) break;
      const r = this.#readings[i]!;
      const t = this.templates[i]!;
      if (r.how === How.SURE) {
        if (r.query === undefined || r.query.open) {
          this.#found = null;
          this.#group = g;
          this.#k = k;
          return i;
        }
        union.read(k);
        const vars = variablesOf(r.program, uri, union.spans)!;
        if (!readQuery(programOf(t)!, r.query, uri, vars)) continue;
        union.release();
        return this.#keep(vars, i);
      }
      let vars: ExtractedVariables | null = null;
      if (r.how === How.SPANS) {
        union.read(k);
        vars = variablesOf(r.program, uri, union.spans);
        if (vars !== null && r.query !== undefined && !readQuery(programOf(t)!, r.query, uri, vars)) continue;
      }
      // The template's own answer: a repeated variable, a bound one, or a key twice.
      vars ??= t.extract(uri, this.#options);
      if (vars !== null) {
        union.release();
        return this.#keep(vars, i);
      }
    }
    union.release();
    return NONE;
  }

  #keep(vars: ExtractedVariables, i: number): number {
    this.#found = vars;
    this.#group = undefined;
    return i;
  }
}

/** The templates of a list given to `who` (strings compiled), checked. @internal (check.ts) */
export function templateList(templates: Iterable<string | UriTemplate>, who: string): UriTemplate[] {
  if (templates === null || typeof (templates as Iterable<unknown>)?.[Symbol.iterator] !== 'function')
    throw argumentError(who, 'templates', 'an iterable of strings or UriTemplates', templates);
  const list: UriTemplate[] = [];
  for (const t of templates) {
    if (t instanceof UriTemplate) list.push(t);
    else if (typeof t === 'string') list.push(new UriTemplate(t));
    else throw argumentError(who, `templates[${list.length}]`, 'a string or a UriTemplate', t);
  }
  return list;
}

/**
 * How the set reads template t: its program (of its path part for a named reading), or
 * undefined when it is tried on its own (a long prefix).
 */
function reading(t: UriTemplate, named: boolean): Reading | undefined {
  const whole = compiledOf(t);
  if (whole.prefix.some((max) => max > MAX_PREFIX)) return undefined;
  const route = named ? routeOf(t) : null;
  const program = route === null ? whole : programOf(route.path)!;
  const bound = programOf(t) === undefined;
  const how = bound || program.repeats ? How.CHECK : program.explode.includes(1) ? How.SPANS : How.SURE;
  // The tree reads what direct.ts reads; named, only path parts whose query no URI can fail.
  const tree = !bound && (route === null ? !named : route.part.open) && stepsOf(program) !== undefined;
  return { program, tree, how, query: route?.part };
}

/**
 * `UriTemplate`: a URI Template (RFC 6570, level 4), compiled once.
 *
 * A compiled template is expanded, partially expanded or matched against URIs:
 *
 *   template ──► compile (syntax.ts) ──► expand (expand.ts)
 *                                    └─► Nfa (nfa.ts) ──► a runner (runner.ts) ──► variables (extract.ts)
 */
import { argumentError } from '../syntax/errors.js';
import { checkOptionNames, choiceOption, optionNames, optionsOf } from '../syntax/options.js';
import { Direct, UNSETTLED } from './direct.js';
import { expandProgram, partialExpandProgram, type TemplateValue, type TemplateVariables } from './expand.js';
import { type ExtractedVariables, type MatchSpans, setOwn, spansOf, variablesOf } from './extract.js';
import { pathEnd, type QueryPart, queryPart, readQuery } from './named.js';
import { Runner } from './runner.js';
import { compile, type Program } from './syntax.js';

/**
 * How a URI is matched (`UriTemplate#extract`, `UriTemplateSet`).
 *
 * `query: 'exact'` (the default): the whole URI must be an expansion of the template.
 *
 * `query: 'named'`, for routes in real traffic: the template is cut at its first `{?…}` or
 * `{&…}` expression or its first "?" outside an expression. The part before must match the URI up to
 * its first "?" or "#" exactly, as in exact mode. The part after is read as pairs: `{?…}` first,
 * then `{&…}` expressions, literal pairs (`?v=1`, `&flag`) and pairs whose value is one `{x}` or
 * `{+x}` (`?q={q}`). The URI's query (from that "?" to a "#") is split at "&" into pairs, each at
 * its first "=" into a name and a value; pairs are found by name (as the URI and the template
 * write it), in any order, and pairs of other names are ignored, whatever they hold. A variable
 * of `{?…}` or `{&…}` takes the value of the first pair with its name, or for an exploded one
 * (`{?tag*}`) the list of all of them, and is undefined when there is none; one of `?q={q}`
 * needs its pair; a literal pair needs a pair of exactly its text. Values are percent-decoded
 * and taken as they are otherwise (`+` stays `+`, a `%` without two hex digits stays `%`); a
 * value longer than its prefix (`{?q:3}`) does not match, nor does a variable given two
 * different values (`/users/{id}{?id}`). The URI's fragment is not looked at. A template whose
 * text after the cut is anything else (`{?a}/x`), or from a `partialExpand` that keeps values
 * for later, is matched as in exact mode.
 */
export interface MatchOptions {
  query?: 'exact' | 'named';
}

const MATCH_OPTIONS = optionNames<MatchOptions>()(['query']);

/** Whether options (of `who`) ask for named query matching. @internal (set.ts) */
export function namedQuery(options: MatchOptions | undefined, who: string): boolean {
  const o = optionsOf(options, who);
  if (o !== undefined) checkOptionNames(o, MATCH_OPTIONS, who);
  return o !== undefined && choiceOption(o, 'query', who, ['exact', 'named'] as const, 'exact') === 'named';
}

/** What `UriTemplate#match` gives: the values `extract` gives, and where each lies in the URI. */
export interface TemplateMatch {
  values: ExtractedVariables;
  spans: MatchSpans;
}

/** A template's named reading: its query part and the template of its path part. @internal (set.ts) */
export interface Route {
  readonly part: QueryPart;
  readonly path: UriTemplate;
}

/** How often extract found answers only with a key twice (for the property tests). @internal */
export const keyTwice = { misses: 0 };

/** A template's compiled program, unless partialExpand bound values to it. @internal (set.ts) */
export let programOf: (t: UriTemplate) => Program | undefined;
/** A template's compiled program, also when partialExpand bound values to it. @internal (set.ts) */
export let compiledOf: (t: UriTemplate) => Program;
/** A template's named reading, or null when it is matched exactly in named mode too. @internal (set.ts) */
export let routeOf: (t: UriTemplate) => Route | null;

/**
 * A URI Template, checked and compiled when constructed.
 *
 * @throws {UriTemplateError} for an invalid template, with the index of its first character
 *   that no valid template could have.
 * @example
 * const t = new UriTemplate('/repos/{owner}/{repo}/issues{?state,page}');
 * t.expand({ owner: 'nodejs', repo: 'node', state: 'open' });  // '/repos/nodejs/node/issues?state=open'
 * t.extract('/repos/nodejs/node/issues?page=2');               // { owner: 'nodejs', repo: 'node', page: '2' }
 * t.variables;                                                 // ['owner', 'repo', 'state', 'page']
 */
export class UriTemplate {
  /** The template's text. */
  readonly template: string;
  /** The variable names, in order of first use (without those a partial expansion bound). */
  readonly variables: readonly string[];
  readonly #program: Program;
  #bound: ReadonlyMap<string, TemplateValue> | undefined;
  /** The shortcut (direct.ts), null when the template does not qualify. */
  #direct: Direct | null | undefined;
  #runner: Runner | undefined;
  #longest: Runner | undefined;
  #route: Route | null | undefined;

  static {
    programOf = (t) => (t.#bound === undefined ? t.#program : undefined);
    compiledOf = (t) => t.#program;
    routeOf = (t) => {
      if (t.#route === undefined) {
        const part = t.#bound === undefined ? queryPart(t.#program) : undefined;
        t.#route =
          part === undefined ? null : { part, path: part.cut === t.template.length ? t : new UriTemplate(t.template.slice(0, part.cut)) };
      }
      return t.#route;
    };
  }

  constructor(template: string) {
    if (typeof template !== 'string') throw argumentError('UriTemplate', 'template', 'a string', template);
    this.template = template;
    this.#program = compile(template);
    this.variables = this.#program.variables;
  }

  /** A template from partialExpand: `bound` holds the values its text could not show. */
  static #partial(text: string, bound: ReadonlyMap<string, TemplateValue>): UriTemplate {
    const t = new UriTemplate(text);
    if (bound.size > 0) {
      t.#bound = bound;
      (t as { variables: readonly string[] }).variables = t.variables.filter((v) => !bound.has(v));
    }
    return t;
  }

  /**
   * Expands the template (RFC 6570 §3.2) with the given variables: a plain object (own
   * properties) or a Map. Values are strings (numbers and booleans as `String()` writes them),
   * lists (arrays) or associative arrays (plain objects or Maps, in their order).
   *
   * @throws {UriTemplateError} PREFIX_ON_COMPOSITE for a prefix modifier on a list or an
   *   associative array; INVALID_VALUE for a value that is none of these, or a lone surrogate.
   * @example
   * new UriTemplate('{/path*}{?q,lang}').expand({ path: ['a', 'b c'], q: 'x&y' });  // '/a/b%20c?q=x%26y'
   * new UriTemplate('{?filter*}').expand({ filter: { state: 'open', sort: 'new' } }); // '?state=open&sort=new'
   */
  expand(variables: TemplateVariables): string {
    return expandProgram(this.#program, this.#with(variables, 'UriTemplate.expand'));
  }

  /**
   * Expands the variables given (any value but `undefined`; `null` is known to be undefined)
   * and keeps the others as expressions, so that `t.partialExpand(a).expand(b)` equals
   * `t.expand({ ...a, ...b })`. Where the template syntax cannot hold a known value in place (a
   * known variable after an unknown one in a `{…}`, `{+…}`, `{#…}` or `{?…}` expression, whose
   * separator depends on the unknown one), the expression stays as it is and the returned
   * template keeps the value for its later expansions.
   *
   * @example
   * const t = new UriTemplate('/repos/{owner}/{repo}{?page,per_page}');
   * t.partialExpand({ owner: 'nodejs' }).template;            // '/repos/nodejs/{repo}{?page,per_page}'
   * t.partialExpand({ page: 2 }).template;                    // '/repos/{owner}/{repo}?page=2{&per_page}'
   */
  partialExpand(variables: TemplateVariables): UriTemplate {
    const { text, bound } = partialExpandProgram(this.#program, this.#with(variables, 'UriTemplate.partialExpand'));
    return UriTemplate.#partial(text, bound);
  }

  /**
   * The variables whose expansion is exactly `uri`, or null when there are none. Values are
   * decoded; an exploded variable (`{/path*}`) gives a list, or an associative array when its
   * members need one. Where several answers expand to `uri`, the first by this rule: reading
   * left to right, each choice takes the first option with which the rest still matches: a
   * variable defined before undefined, a string before a list before an associative array, then
   * the shortest value and the fewest members. An expression `{…}` or `{+…}` that matches nothing
   * leaves its variables undefined. Linear in the length of `uri` for every template (no
   * backtracking).
   *
   * Exact: `%XX` must be what expansion writes (`/users/{id}` does not match `/users/a%7Eb`,
   * since `~` is never encoded). A variable used twice matches when the first answer gives its
   * occurrences values that agree; an associative array cannot hold a key twice.
   *
   * With `{ query: 'named' }` (MatchOptions has the rule), the path is matched so and the query
   * only for the pairs the template names: extra parameters, their order and a `+` in the query
   * do not prevent a match.
   *
   * @throws {TypeError} for options that are not an object, or a `query` other than 'exact' or 'named'.
   * @example
   * new UriTemplate('/users/{id}/repos{/repo}{?page}').extract('/users/42/repos/urikit?page=2');
   *   // { id: '42', repo: 'urikit', page: '2' }
   * new UriTemplate('{/path*}').extract('/a/b%20c');   // { path: ['a', 'b c'] }
   * new UriTemplate('/users/{id}').extract('/repos/1'); // null
   * new UriTemplate('/users/{id}').extract('/users/42?utm_source=x');                       // null
   * new UriTemplate('/users/{id}').extract('/users/42?utm_source=x', { query: 'named' });   // { id: '42' }
   * new UriTemplate('/search{?q}').extract('/search?q=a+b&page=2', { query: 'named' });     // { q: 'a+b' }
   */
  extract(uri: string, options?: MatchOptions): ExtractedVariables | null {
    if (typeof uri !== 'string') throw argumentError('UriTemplate.extract', 'uri', 'a string', uri);
    if (namedQuery(options, 'UriTemplate.extract')) {
      const route = routeOf(this);
      if (route !== null) {
        const vars = route.path.#exact(uri.slice(0, pathEnd(uri)));
        return vars !== null && readQuery(this.#program, route.part, uri, vars) ? vars : null;
      }
    }
    return this.#exact(uri);
  }

  #exact(uri: string): ExtractedVariables | null {
    if (this.#direct === undefined) this.#direct = Direct.of(this.#program) ?? null;
    if (this.#direct !== null) {
      const vars = this.#direct.extract(uri);
      if (vars !== UNSETTLED) return vars === null ? null : this.#checked(vars, uri);
    }
    this.#runner ??= new Runner(this.#program);
    let vars = this.#first(this.#runner, uri);
    if (vars === undefined) {
      // The first answer gives an associative array a key twice: try the longest values,
      // lists and associative arrays instead.
      this.#longest ??= new Runner(this.#program, true);
      vars = this.#first(this.#longest, uri);
    }
    if (vars === undefined) {
      keyTwice.misses++;
      return null;
    }
    return vars === null ? null : this.#checked(vars, uri);
  }

  /**
   * The variables `extract` gives for `uri`, and where each lies in it (Addressable's
   * `match`, whose `MatchData` has each capture's offset): `spans[name]` is `[start, end)` of its
   * value as written in `uri`, from its first character to its last (an exploded list's members
   * and the separators between them; a variable used twice, its first occurrence). `null` when
   * `extract` gives `null`. Linear in the length of `uri`, as `extract`.
   *
   * @example
   * const m = new UriTemplate('/users/{id}{/path*}{?q}').match('/users/42/a/b?q=x%20y');
   * m.values; // { id: '42', path: ['a', 'b'], q: 'x y' }
   * m.spans;  // { id: [7, 9], path: [10, 13], q: [16, 21] }
   */
  match(uri: string): TemplateMatch | null {
    if (typeof uri !== 'string') throw argumentError('UriTemplate.match', 'uri', 'a string', uri);
    const where: { spans: MatchSpans | null } = { spans: null };
    this.#runner ??= new Runner(this.#program);
    let vars = this.#first(this.#runner, uri, where);
    if (vars === undefined) {
      this.#longest ??= new Runner(this.#program, true);
      vars = this.#first(this.#longest, uri, where);
    }
    if (vars === undefined || vars === null) return null;
    const values = this.#checked(vars, uri);
    if (values === null) return null;
    // The spans of the variables the answer defines (not those of an expression that matched
    // nothing, nor those a partial expansion bound).
    const spans: MatchSpans = {};
    for (const name of Object.keys(values)) setOwn(spans, name, where.spans![name]!);
    return { values, spans };
  }

  /** The variables of the first accepting path; null: none; undefined: it repeats a key. */
  #first(runner: Runner, uri: string, where?: { spans: MatchSpans | null }): ExtractedVariables | null | undefined {
    const matched = runner.run(uri) !== -1;
    if (!matched) runner.spans.clear();
    const vars = matched ? (variablesOf(this.#program, uri, runner.spans) ?? undefined) : null;
    if (where !== undefined && matched) where.spans = spansOf(this.#program, runner.spans);
    runner.spans.fit();
    return vars;
  }

  /** The answer when its expansion is `uri`; only a repeated or bound variable can make it differ. */
  #checked(vars: ExtractedVariables, uri: string): ExtractedVariables | null {
    if (this.#bound !== undefined) for (const name of this.#bound.keys()) delete vars[name];
    if (!this.#program.repeats && this.#bound === undefined) return vars;
    try {
      return expandProgram(this.#program, this.#with(vars, 'UriTemplate.extract')) === uri ? vars : null;
    } catch {
      return null; // a list where another occurrence has a prefix
    }
  }

  #with(variables: TemplateVariables, who: string): TemplateVariables {
    if (variables === null || typeof variables !== 'object') throw argumentError(who, 'variables', 'an object or a Map', variables);
    if (this.#bound === undefined) return variables;
    const all = new Map<string, TemplateValue>(variables instanceof Map ? variables : Object.entries(variables));
    for (const [k, v] of this.#bound) all.set(k, v);
    return all;
  }

  /** The template text. */
  toString(): string {
    return this.template;
  }
}

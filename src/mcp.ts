/**
 * `urikit/mcp`: the `UriTemplate` of the Model Context Protocol's TypeScript SDK (resource URI
 * templates), on urikit's exact, linear templates, with query parameters order-free and partial,
 * and many resource templates matched at once. See docs/templates.md.
 */
import type { ExtractedValue, ExtractedVariables } from './template/extract.js';
import { UriTemplateSet } from './template/set.js';
import { type MatchOptions, UriTemplate as Template } from './template/template.js';

/** Variables as the SDK passes them: a string, or a list of strings. */
export type Variables = Record<string, string | string[]>;

const NAMED: MatchOptions = { query: 'named' };

/**
 * A resource URI template with the SDK's members. `match` differs from the SDK where its issues
 * (typescript-sdk #149, #1079) report bugs: query parameters may come in any order, be left out
 * (then absent from the answer) or be joined by others (ignored); values are percent-decoded.
 */
export class UriTemplate {
  /** urikit's template: the exact reading behind this one. */
  readonly template: Template;
  readonly #required: readonly string[];
  /** @internal Whether the query is read by name (every template but those that read a fragment). */
  readonly named: boolean;

  /**
   * Whether `str` has a template expression: a `{`, then at least one character that is neither
   * `}` nor white space, then `}` (the SDK's test; `{}` and `{ }` are none).
   */
  static isTemplate(str: string): boolean {
    let open = str.indexOf('{');
    while (open !== -1) {
      let i = open + 1;
      while (i < str.length && str[i] !== '}' && !/\s/.test(str[i]!)) i++;
      if (i < str.length && str[i] === '}' && i > open + 1) return true;
      open = str.indexOf('{', i);
    }
    return false;
  }

  /** Checks and compiles `template`; throws `UriTemplateError` for an invalid one. */
  constructor(template: string | Template) {
    this.template = typeof template === 'string' ? new Template(template) : template;
    const text = this.template.template;
    this.#required = pathVariables(text);
    // Named query reading leaves the fragment out; a template that reads one is matched exactly.
    this.named = !text.includes('#');
  }

  /** The variable names, in order of first use. */
  get variableNames(): string[] {
    return [...this.template.variables];
  }

  /** RFC 6570 expansion (§3.2). */
  expand(variables: Variables): string {
    return this.template.expand(variables);
  }

  /**
   * The variables of `uri`, or `null`: each variable outside the query is there and not empty
   * (as the SDK requires), each query parameter is found by name in any order, and a missing one
   * is absent. Lists of one member come back as a string, as the SDK gives them.
   */
  match(uri: string): Variables | null {
    return this.#answer(this.template.extract(uri, this.named ? NAMED : undefined));
  }

  /** The template's text. */
  toString(): string {
    return this.template.template;
  }

  /** @internal (ResourceTemplateSet) */
  answer(found: ExtractedVariables | null): Variables | null {
    return this.#answer(found);
  }

  #answer(found: ExtractedVariables | null): Variables | null {
    if (found === null) return null;
    for (const name of this.#required) {
      const v = Object.hasOwn(found, name) ? found[name] : undefined;
      if (v === undefined || v === '') return null;
    }
    const out: Variables = {};
    for (const name of Object.keys(found)) {
      Object.defineProperty(out, name, { value: sdkValue(found[name]!), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
}

/** What `ResourceTemplateSet#match` gives. */
export interface ResourceTemplateMatch {
  /** The template's position in the list. */
  index: number;
  template: UriTemplate;
  variables: Variables;
}

/**
 * Many resource templates matched at once: the first in the list's order whose `match` gives an
 * answer, found by one `UriTemplateSet` lookup instead of one `match` per template.
 */
export class ResourceTemplateSet {
  readonly templates: readonly UriTemplate[];
  // Each template reads URIs in one mode (named query, unless it reads a fragment): one set for
  // each mode, and the positions in the list of the templates of each.
  readonly #sets: { set: UriTemplateSet; at: number[] }[];

  constructor(templates: Iterable<string | UriTemplate>) {
    this.templates = [...templates].map((t) => (typeof t === 'string' ? new UriTemplate(t) : t));
    this.#sets = [true, false].map((named) => {
      const at = [...this.templates.keys()].filter((i) => this.templates[i]!.named === named);
      const inner = at.map((i) => this.templates[i]!.template);
      return { set: new UriTemplateSet(inner, named ? NAMED : undefined), at };
    });
  }

  get size(): number {
    return this.templates.length;
  }

  /** The first template that matches `uri`, with its variables, or `null`. */
  match(uri: string): ResourceTemplateMatch | null {
    let best: { index: number; found: ExtractedVariables } | null = null;
    for (const { set, at } of this.#sets) {
      const m = at.length === 0 ? null : set.match(uri);
      if (m !== null && (best === null || at[m.index]! < best.index)) best = { index: at[m.index]!, found: m.variables };
    }
    if (best === null) return null;
    const t = this.templates[best.index]!;
    const variables = t.answer(best.found);
    if (variables !== null) return { index: best.index, template: t, variables };
    // Rejected for an empty path variable (rare): the templates after it, one by one.
    for (let i = best.index + 1; i < this.templates.length; i++) {
      const v = this.templates[i]!.match(uri);
      if (v !== null) return { index: i, template: this.templates[i]!, variables: v };
    }
    return null;
  }
}

/** The names of the variables outside `{?…}` and `{&…}` expressions of a valid template. */
function pathVariables(text: string): string[] {
  const names: string[] = [];
  const query = new Set<string>();
  for (let open = text.indexOf('{'); open !== -1; open = text.indexOf('{', open + 1)) {
    const close = text.indexOf('}', open);
    const op = text[open + 1]!;
    const inQuery = op === '?' || op === '&';
    const body = /[a-zA-Z0-9_%]/.test(op) ? text.slice(open + 1, close) : text.slice(open + 2, close);
    for (const spec of body.split(',')) {
      const name = spec.replace(/[*]$|:\d+$/, '');
      if (inQuery) query.add(name);
      else names.push(name);
    }
  }
  return names.filter((n) => !query.has(n));
}

/** An extracted value in the SDK's shape: a one-member list is a string, an associative array its `k,v,…` list. */
function sdkValue(v: ExtractedValue): string | string[] {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 1 ? v[0]! : v;
  return Object.entries(v).flat();
}

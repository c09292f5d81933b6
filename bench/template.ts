/**
 * URI Templates (RFC 6570), `npm run bench -- template` (and part of the default run):
 *
 *  - expand: urikit's `UriTemplate.expand` against url-template's `parseTemplate(t).expand`
 *    (both compiled once), on typical API templates and values;
 *  - extract: urikit's `UriTemplate.extract` against uri-templates' `fromUri`, on the
 *    expansions of the same templates;
 *  - a set of 100 route templates: `UriTemplateSet.match` against find-my-way's `find`, on
 *    request paths for them (its tree walk, and its compile() mode);
 *  - correctness of both peers on the public suite and the RFC's examples (as measured here).
 *
 * Inputs are made by a fixed generator, so every run measures the same work. Each candidate is
 * called with (the input, the template's text) and finds its compiled template in a Map, the
 * same lookup for all.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type TemplateVariables, UriTemplate, UriTemplateSet } from '../src/index.js';
import type { Candidate, Item2 } from './harness.js';
import { type MicroSuite, rng, workload } from './micro.js';

const require = createRequire(import.meta.url);
/** uri-templates: compiles a template into fill (expand) and fromUri (extract). */
type UriTemplates = (t: string) => { fill(v: object): string; fromUri(u: string): Record<string, unknown> | undefined };
const uriTemplates = require('uri-templates') as UriTemplates;
/** url-template 3: `parseTemplate(t).expand(v)`; ESM only, loaded in templateSuites. */
type UrlTemplate = { parseTemplate(t: string): { expand(v: object): string } };
/** find-my-way (Fastify's router): the part of its API the benchmark uses. */
interface Router {
  on(method: string, path: string, handler: () => void, store: object): void;
  find(method: string, path: string): { store: { index: number }; params: Record<string, string> } | null;
  compile(): Router;
}
const findMyWay = require('find-my-way') as () => Router;

/** find-my-way routers of routes (`/users/:id`), the store of each its index: a tree, and one after compile(). */
export function findMyWayRouters(routes: readonly string[]): { tree: Router; compiled: Router } {
  const tree = findMyWay();
  const compiled = findMyWay();
  routes.forEach((route, index) => {
    tree.on('GET', route, () => undefined, { index });
    compiled.on('GET', route, () => undefined, { index });
  });
  compiled.compile();
  return { tree, compiled };
}

/** Templates of the shape public HTTP APIs document (GitHub, Stripe, file and search APIs). */
export const API_TEMPLATES = [
  '/repos/{owner}/{repo}',
  '/repos/{owner}/{repo}/issues{?state,labels,sort,direction,page,per_page}',
  '/repos/{owner}/{repo}/issues/{number}/comments{?page}',
  '/repos/{owner}/{repo}/contents/{+path}{?ref}',
  '/repos/{owner}/{repo}/git/trees/{sha}{?recursive}',
  '/users/{user}',
  '/users/{user}/repos{?type,sort,page,per_page}',
  '/orgs/{org}/members{/member}',
  '/search/repositories{?q,sort,order,page,per_page}',
  '/gists/{gist_id}/comments{/comment_id}',
  '/notifications{?all,participating,since,before}',
  '/v1/customers/{customer}/sources/{id}',
  '/v1/charges{?limit,starting_after,ending_before}',
  '/files{/path*}{?ref}',
  'https://api.example.com/v2/{resource}/{id}{.format}',
  '/maps{?bbox*}',
];

const WORDS = ['nodejs', 'node', 'urikit', 'octocat', 'hello-world', 'linux', 'rfc6570', 'api_v2', 'main', 'Zürich', 'data set'];

/** Values for a template's variables: identifiers, numbers, sometimes a space or non-ASCII. */
function valuesFor(t: UriTemplate, r: () => number): TemplateVariables {
  const vars: Record<string, string | string[] | Record<string, string>> = {};
  const word = (): string => WORDS[Math.floor(r() * WORDS.length)]!;
  for (const name of t.variables) {
    if (r() < 0.3 && /page|sort|order|since|before|after|labels|ref|all|type|limit|direction|format|state|recursive/.test(name)) continue;
    if (name === 'path') vars[name] = t.template.includes('{/path*}') ? [word(), word(), 'index.ts'] : `src/${word()}/index.ts`;
    else if (name === 'bbox') vars[name] = { west: '-122.5', south: '37.7', east: '-122.3', north: '37.8' };
    else if (/number|id|page|limit/.test(name)) vars[name] = String(Math.floor(r() * 100000));
    else if (name === 'q') vars[name] = `${word()} language:${word()}`;
    else vars[name] = word();
  }
  return vars;
}

/** For each template, `perTemplate` value sets and their expansions. */
export function apiCases(perTemplate: number): Array<{ template: string; vars: TemplateVariables; uri: string }> {
  const r = rng(6570);
  const out: Array<{ template: string; vars: TemplateVariables; uri: string }> = [];
  for (const text of API_TEMPLATES) {
    const t = new UriTemplate(text);
    for (let k = 0; k < perTemplate; k++) {
      const vars = valuesFor(t, r);
      out.push({ template: text, vars, uri: t.expand(vars) });
    }
  }
  return out;
}

/** The resources and the shapes of the routes of apiRoutes (bench/routers.ts takes more resources). */
export const ROUTE_RESOURCES = ['users', 'repos', 'orgs', 'gists', 'teams', 'projects', 'apps', 'hooks', 'packages', 'releases'];
export const ROUTE_SHAPES = [
  '/R',
  '/R/{id}',
  '/R/{id}/settings',
  '/R/{id}/members',
  '/R/{id}/members/{member}',
  '/R/{id}/events',
  '/R/{id}/events/{event}',
  '/R/{id}/keys/{key}/rotate',
  '/v2/R/{id}',
  '/R/{id}/stats/{year}/{month}',
];

/**
 * 100 routes of an API (10 resources, 10 shapes each), as templates and as find-my-way paths,
 * and request paths for them: no two routes match one path, so the first template in order and
 * find-my-way's choice are the same route.
 */
export function apiRoutes(paths: number): { templates: string[]; routes: string[]; paths: string[] } {
  const templates = ROUTE_RESOURCES.flatMap((r) => ROUTE_SHAPES.map((s) => s.replace('R', r)));
  const routes = templates.map((t) => t.replace(/\{(\w+)\}/g, ':$1'));
  const r = rng(404);
  const word = (): string => ['42', 'nodejs', 'octocat', 'hello-world', 'a_b', '2024', 'Z%C3%BCrich', '7f3a9c'][Math.floor(r() * 8)]!;
  const out: string[] = [];
  for (let k = 0; k < paths; k++) out.push(templates[Math.floor(r() * templates.length)]!.replace(/\{\w+\}/g, word));
  return { templates, routes, paths: out };
}

export async function templateSuites(): Promise<MicroSuite[]> {
  const { parseTemplate } = (await import('url-template')) as UrlTemplate;
  const cases = apiCases(40);
  const ours = new Map(API_TEMPLATES.map((t) => [t, new UriTemplate(t)]));
  const urlTemplate = new Map(API_TEMPLATES.map((t) => [t, parseTemplate(t)]));
  const uriTpl = new Map(API_TEMPLATES.map((t) => [t, uriTemplates(t)]));
  // expand: the input is the template's text and the case's index (the values are looked up).
  const values = cases.map((c) => c.vars);
  const keys = cases.map((_, i) => String(i));
  const expandWork = workload(
    `${API_TEMPLATES.length} API templates × 40 value sets`,
    cases.map((c) => c.template),
    keys,
  );
  const extractWork = workload(
    `${cases.length} expansions of ${API_TEMPLATES.length} API templates`,
    cases.map((c) => c.uri),
    cases.map((c) => c.template),
  );
  return [
    {
      name: 'UriTemplate.expand',
      unit: 'expansions/s',
      work: expandWork,
      candidates: [
        { name: 'urikit expand', own: true, fn: ((t, k) => ours.get(t)!.expand(values[+k]!).length) as Item2 },
        { name: 'url-template expand', fn: ((t, k) => urlTemplate.get(t)!.expand(values[+k]!).length) as Item2 },
        { name: 'uri-templates fill', fn: ((t, k) => uriTpl.get(t)!.fill(values[+k]!).length) as Item2 },
      ],
    },
    {
      name: 'UriTemplate.extract',
      unit: 'URIs/s',
      work: extractWork,
      candidates: [
        { name: 'urikit extract', own: true, fn: ((u, t) => (ours.get(t)!.extract(u) === null ? -1 : 1)) as Item2 },
        { name: 'uri-templates fromUri', fn: ((u, t) => (uriTpl.get(t)!.fromUri(u) === undefined ? -1 : 1)) as Item2 },
      ],
    },
    routeSuite(),
  ] satisfies Array<MicroSuite & { candidates: Candidate[] }>;
}

const lengthOf = (v: unknown): number => (typeof v === 'string' ? v.length : 0);

/** UriTemplateSet.match against find-my-way's find, on 100 routes. */
function routeSuite(): MicroSuite {
  const { templates, routes, paths } = apiRoutes(2000);
  const set = new UriTemplateSet(templates);
  const { tree, compiled } = findMyWayRouters(routes);
  // Both must choose the same route for every path.
  for (const p of paths) {
    const a = set.match(p)?.index;
    const b = tree.find('GET', p)?.store.index;
    if (a !== b) throw new Error(`${p}: UriTemplateSet chose ${a}, find-my-way ${b}`);
  }
  const empty = paths.map(() => '');
  return {
    name: 'UriTemplateSet.match',
    unit: 'paths/s',
    work: workload(`${paths.length} request paths, ${templates.length} routes`, paths, empty),
    candidates: [
      // Each reads the route and a parameter, as a router's caller does.
      {
        name: 'urikit UriTemplateSet.match',
        own: true,
        fn: ((p) => {
          const m = set.match(p);
          return m === null ? -1 : m.index + lengthOf(m.variables.id);
        }) as Item2,
      },
      {
        name: 'find-my-way find',
        fn: ((p) => {
          const m = tree.find('GET', p);
          return m === null ? -1 : m.store.index + lengthOf(m.params.id);
        }) as Item2,
      },
      {
        name: 'find-my-way find (compile())',
        fn: ((p) => {
          const m = compiled.find('GET', p);
          return m === null ? -1 : m.store.index + lengthOf(m.params.id);
        }) as Item2,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Correctness of the peers on the public suite and the RFC's examples.

type Expected = string | string[] | false;
interface Group {
  variables: Record<string, unknown>;
  cases: Array<[string, Expected]>;
}

function fixtureGroups(): Group[] {
  const dir = new URL(
    import.meta.url.includes('/build/bench/') ? '../../test/fixtures/rfc6570/' : '../test/fixtures/rfc6570/',
    import.meta.url,
  );
  const groups: Group[] = [];
  for (const f of ['spec-examples.json', 'spec-examples-by-section.json', 'extended-tests.json', 'negative-tests.json']) {
    const raw = JSON.parse(readFileSync(new URL(`uritemplate-test/${f}`, dir), 'utf8')) as Record<
      string,
      { variables: Record<string, unknown>; testcases: Array<[string, Expected]> }
    >;
    for (const g of Object.values(raw)) groups.push({ variables: g.variables, cases: g.testcases });
  }
  const rfc = JSON.parse(readFileSync(new URL('rfc-examples.json', dir), 'utf8')) as {
    groups: Array<{ variables: Record<string, unknown>; cases: Array<[string, string]> }>;
  };
  for (const g of rfc.groups) groups.push({ variables: g.variables, cases: g.cases });
  return groups;
}

interface Score {
  expanded: number;
  positive: number;
  rejected: number;
  negative: number;
  extracted: number;
  extractable: number;
}

/**
 * How each implementation does on the 459 cases: expansions equal to the expected one (or one
 * of the listed), invalid templates rejected (a throw, or for url-template, which never throws,
 * nothing), and expected strings extracted into variables that expand back to them (urikit's
 * expansion is the judge; for url-template, which cannot extract, none).
 */
export async function templateCorrectness(): Promise<string> {
  const { parseTemplate } = (await import('url-template')) as UrlTemplate;
  type Impl = {
    name: string;
    expand(t: string, v: object): string;
    extract?: (t: string, u: string) => object | undefined;
  };
  const impls: Impl[] = [
    {
      name: 'urikit',
      expand: (t, v) => new UriTemplate(t).expand(v as TemplateVariables),
      extract: (t, u) => new UriTemplate(t).extract(u) ?? undefined,
    },
    { name: 'url-template 3', expand: (t, v) => parseTemplate(t).expand(v) },
    { name: 'uri-templates', expand: (t, v) => uriTemplates(t).fill(v), extract: (t, u) => uriTemplates(t).fromUri(u) },
  ];
  const lines = [
    '| implementation | expansions correct | invalid templates rejected | expansions extracted back |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const impl of impls) {
    const s: Score = { expanded: 0, positive: 0, rejected: 0, negative: 0, extracted: 0, extractable: 0 };
    for (const g of fixtureGroups()) {
      for (const [template, expected] of g.cases) {
        if (expected === false) {
          s.negative++;
          try {
            impl.expand(template, g.variables);
          } catch {
            s.rejected++;
          }
          continue;
        }
        s.positive++;
        const options = typeof expected === 'string' ? [expected] : expected;
        try {
          if (options.includes(impl.expand(template, g.variables))) s.expanded++;
        } catch {
          // counted as wrong
        }
        s.extractable++;
        if (impl.extract === undefined) continue;
        try {
          const vars = impl.extract(template, options[0]!);
          if (vars !== undefined && options.includes(new UriTemplate(template).expand(vars as TemplateVariables))) s.extracted++;
        } catch {
          // counted as wrong
        }
      }
    }
    const pct = (a: number, b: number): string => `${a} / ${b} (${((100 * a) / b).toFixed(1)}%)`;
    lines.push(
      `| ${impl.name} | ${pct(s.expanded, s.positive)} | ${pct(s.rejected, s.negative)} | ${impl.extract === undefined ? 'cannot extract' : pct(s.extracted, s.extractable)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Template sets as routers (issue 40), `npm run bench:routers [-- --rounds=N --ms=N --warm-ms=N]`:
 *
 *  1. about 200 REST routes (20 resources × 10 shapes) and a route set modelled on the GitHub
 *     REST API's: `UriTemplateSet.match` against find-my-way's `find` (its tree walk, and its
 *     compile() mode) and Hono's RegExpRouter, each reading the route and its first parameter,
 *     on request paths made for the routes (all must choose the same route);
 *  2. templates the shared tree cannot hold (`/api/{version}/{resource}/{id}.vN`): 1,000 of them
 *     against 10, per URI, on short request paths and on 8 kB ones (matching and not): the
 *     target is at most 3× (the cost of a URI must not grow with the number of templates).
 *
 * Ratios come from one run: rates measured side by side in rounds (harness.ts measureRounds).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UriTemplateSet } from '../src/index.js';
import { type Candidate, fmtRatio, type Item2, measureRounds, numberOption, type Result, table } from './harness.js';
import { rng, workload } from './micro.js';
import { findMyWayRouters, ROUTE_RESOURCES, ROUTE_SHAPES } from './template.js';

const require = createRequire(import.meta.url);

/** Hono's RegExpRouter: match gives [[handler, parameter indices]...] and the values they index. */
interface RegExpRouter {
  add(method: string, path: string, handler: number): void;
  match(method: string, path: string): [Array<[number, Record<string, number>]>, string[]];
}
const { RegExpRouter } = require('hono/router/reg-exp-router') as { RegExpRouter: new () => RegExpRouter };
/** Hono's TrieRouter (what Hono's default router uses when RegExpRouter rejects a route set): parameters by name. */
interface TrieRouter {
  add(method: string, path: string, handler: number): void;
  match(method: string, path: string): [Array<[number, Record<string, string>]>];
}
const { TrieRouter } = require('hono/router/trie-router') as { TrieRouter: new () => TrieRouter };

/** About 200 routes of a REST API: 20 resources, 10 shapes each. */
export function restRoutes(): string[] {
  const more = ['invoices', 'customers', 'charges', 'plans', 'coupons', 'products', 'prices', 'orders', 'refunds', 'disputes'];
  return [...ROUTE_RESOURCES, ...more].flatMap((r) => ROUTE_SHAPES.map((s) => s.replace('R', r)));
}

/** Routes of the GitHub REST API (a part of its reference, with its own parameter names). */
export const GITHUB_ROUTES = [
  '/user',
  '/user/repos',
  '/user/orgs',
  '/user/emails',
  '/user/followers',
  '/user/following',
  '/user/following/{username}',
  '/user/keys',
  '/user/keys/{key_id}',
  '/user/starred',
  '/user/starred/{owner}/{repo}',
  '/user/installations',
  '/users',
  '/users/{username}',
  '/users/{username}/repos',
  '/users/{username}/orgs',
  '/users/{username}/followers',
  '/users/{username}/following',
  '/users/{username}/gists',
  '/users/{username}/keys',
  '/users/{username}/events',
  '/users/{username}/received_events',
  '/users/{username}/starred',
  '/users/{username}/subscriptions',
  '/orgs/{org}',
  '/orgs/{org}/repos',
  '/orgs/{org}/members',
  '/orgs/{org}/members/{username}',
  '/orgs/{org}/public_members',
  '/orgs/{org}/teams',
  '/orgs/{org}/teams/{team_slug}',
  '/orgs/{org}/teams/{team_slug}/members',
  '/orgs/{org}/teams/{team_slug}/repos',
  '/orgs/{org}/hooks',
  '/orgs/{org}/hooks/{hook_id}',
  '/orgs/{org}/hooks/{hook_id}/deliveries',
  '/orgs/{org}/actions/secrets',
  '/orgs/{org}/actions/secrets/{secret_name}',
  '/orgs/{org}/actions/runners',
  '/orgs/{org}/actions/runners/{runner_id}',
  '/orgs/{org}/projects',
  '/orgs/{org}/events',
  '/orgs/{org}/installations',
  '/repos/{owner}/{repo}',
  '/repos/{owner}/{repo}/issues',
  '/repos/{owner}/{repo}/issues/comments',
  '/repos/{owner}/{repo}/issues/comments/{comment_id}',
  '/repos/{owner}/{repo}/issues/events',
  '/repos/{owner}/{repo}/issues/{issue_number}',
  '/repos/{owner}/{repo}/issues/{issue_number}/comments',
  '/repos/{owner}/{repo}/issues/{issue_number}/events',
  '/repos/{owner}/{repo}/issues/{issue_number}/labels',
  '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
  '/repos/{owner}/{repo}/issues/{issue_number}/assignees',
  '/repos/{owner}/{repo}/issues/{issue_number}/timeline',
  '/repos/{owner}/{repo}/pulls',
  '/repos/{owner}/{repo}/pulls/comments',
  '/repos/{owner}/{repo}/pulls/comments/{comment_id}',
  '/repos/{owner}/{repo}/pulls/{pull_number}',
  '/repos/{owner}/{repo}/pulls/{pull_number}/commits',
  '/repos/{owner}/{repo}/pulls/{pull_number}/files',
  '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
  '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
  '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}',
  '/repos/{owner}/{repo}/pulls/{pull_number}/comments',
  '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
  '/repos/{owner}/{repo}/commits',
  '/repos/{owner}/{repo}/commits/{ref}',
  '/repos/{owner}/{repo}/commits/{ref}/status',
  '/repos/{owner}/{repo}/commits/{ref}/statuses',
  '/repos/{owner}/{repo}/commits/{ref}/check-runs',
  '/repos/{owner}/{repo}/commits/{commit_sha}/comments',
  '/repos/{owner}/{repo}/compare/{basehead}',
  '/repos/{owner}/{repo}/branches',
  '/repos/{owner}/{repo}/branches/{branch}',
  '/repos/{owner}/{repo}/branches/{branch}/protection',
  '/repos/{owner}/{repo}/tags',
  '/repos/{owner}/{repo}/releases',
  '/repos/{owner}/{repo}/releases/latest',
  '/repos/{owner}/{repo}/releases/tags/{tag}',
  '/repos/{owner}/{repo}/releases/{release_id}',
  '/repos/{owner}/{repo}/releases/{release_id}/assets',
  '/repos/{owner}/{repo}/releases/assets/{asset_id}',
  '/repos/{owner}/{repo}/contributors',
  '/repos/{owner}/{repo}/collaborators',
  '/repos/{owner}/{repo}/collaborators/{username}',
  '/repos/{owner}/{repo}/collaborators/{username}/permission',
  '/repos/{owner}/{repo}/forks',
  '/repos/{owner}/{repo}/stargazers',
  '/repos/{owner}/{repo}/subscribers',
  '/repos/{owner}/{repo}/languages',
  '/repos/{owner}/{repo}/topics',
  '/repos/{owner}/{repo}/labels',
  '/repos/{owner}/{repo}/labels/{name}',
  '/repos/{owner}/{repo}/milestones',
  '/repos/{owner}/{repo}/milestones/{milestone_number}',
  '/repos/{owner}/{repo}/hooks',
  '/repos/{owner}/{repo}/hooks/{hook_id}',
  '/repos/{owner}/{repo}/hooks/{hook_id}/pings',
  '/repos/{owner}/{repo}/keys',
  '/repos/{owner}/{repo}/keys/{key_id}',
  '/repos/{owner}/{repo}/deployments',
  '/repos/{owner}/{repo}/deployments/{deployment_id}',
  '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
  '/repos/{owner}/{repo}/environments',
  '/repos/{owner}/{repo}/environments/{environment_name}',
  '/repos/{owner}/{repo}/actions/runs',
  '/repos/{owner}/{repo}/actions/runs/{run_id}',
  '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs',
  '/repos/{owner}/{repo}/actions/runs/{run_id}/logs',
  '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts',
  '/repos/{owner}/{repo}/actions/jobs/{job_id}',
  '/repos/{owner}/{repo}/actions/artifacts',
  '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}',
  '/repos/{owner}/{repo}/actions/workflows',
  '/repos/{owner}/{repo}/actions/workflows/{workflow_id}',
  '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  '/repos/{owner}/{repo}/actions/secrets',
  '/repos/{owner}/{repo}/actions/secrets/{secret_name}',
  '/repos/{owner}/{repo}/check-runs/{check_run_id}',
  '/repos/{owner}/{repo}/check-suites/{check_suite_id}',
  '/repos/{owner}/{repo}/git/blobs/{file_sha}',
  '/repos/{owner}/{repo}/git/commits/{commit_sha}',
  '/repos/{owner}/{repo}/git/refs',
  '/repos/{owner}/{repo}/git/trees/{tree_sha}',
  '/repos/{owner}/{repo}/git/tags/{tag_sha}',
  '/repos/{owner}/{repo}/readme',
  '/repos/{owner}/{repo}/license',
  '/repos/{owner}/{repo}/pages',
  '/repos/{owner}/{repo}/pages/builds',
  '/repos/{owner}/{repo}/traffic/views',
  '/repos/{owner}/{repo}/traffic/clones',
  '/repos/{owner}/{repo}/stats/contributors',
  '/repos/{owner}/{repo}/stats/commit_activity',
  '/repos/{owner}/{repo}/notifications',
  '/repos/{owner}/{repo}/events',
  '/repos/{owner}/{repo}/assignees',
  '/repos/{owner}/{repo}/assignees/{assignee}',
  '/gists',
  '/gists/public',
  '/gists/starred',
  '/gists/{gist_id}',
  '/gists/{gist_id}/comments',
  '/gists/{gist_id}/comments/{comment_id}',
  '/gists/{gist_id}/commits',
  '/gists/{gist_id}/forks',
  '/gists/{gist_id}/star',
  '/gists/{gist_id}/{sha}',
  '/search/repositories',
  '/search/code',
  '/search/commits',
  '/search/issues',
  '/search/users',
  '/search/topics',
  '/search/labels',
  '/notifications',
  '/notifications/threads/{thread_id}',
  '/notifications/threads/{thread_id}/subscription',
  '/events',
  '/feeds',
  '/emojis',
  '/meta',
  '/rate_limit',
  '/octocat',
  '/zen',
  '/licenses',
  '/licenses/{license}',
  '/gitignore/templates',
  '/gitignore/templates/{name}',
  '/apps/{app_slug}',
  '/app/installations',
  '/app/installations/{installation_id}',
  '/app/installations/{installation_id}/access_tokens',
  '/teams/{team_id}',
  '/teams/{team_id}/members',
  '/projects/{project_id}',
  '/projects/columns/{column_id}',
  '/projects/columns/cards/{card_id}',
  '/marketplace_listing/plans',
  '/marketplace_listing/plans/{plan_id}/accounts',
  '/enterprises/{enterprise}/actions/runners',
  '/codes_of_conduct',
  '/codes_of_conduct/{key}',
];

const WORDS = ['42', 'nodejs', 'octocat', 'hello-world', 'a_b', '2024', 'Z%C3%BCrich', '7f3a9c', '1234567', 'v1.2.3'];

/** Request paths for routes (each variable a word); the templates as find-my-way and Hono write them. */
function requests(templates: readonly string[], count: number, seed: number): { routes: string[]; paths: string[] } {
  const r = rng(seed);
  const routes = templates.map((t) => t.replace(/\{(\w+)\}/g, ':$1'));
  const paths: string[] = [];
  for (let k = 0; k < count; k++)
    paths.push(templates[Math.floor(r() * templates.length)]!.replace(/\{\w+\}/g, () => WORDS[Math.floor(r() * WORDS.length)]!));
  return { routes, paths };
}

const lengthOf = (v: unknown): number => (typeof v === 'string' ? v.length : 0);

/** urikit, find-my-way (both modes) and Hono's RegExpRouter over one route set; each reads the route and its first parameter. */
function routerCandidates(templates: readonly string[], paths: readonly string[]): Candidate[] {
  const { routes } = requests(templates, 0, 1);
  const set = new UriTemplateSet(templates);
  const first = set.templates.map((t) => t.variables[0] ?? '');
  const { tree, compiled } = findMyWayRouters(routes);
  const names = routes.map((r) => /:(\w+)/.exec(r)?.[1] ?? '');
  // RegExpRouter rejects some route sets (UnsupportedPathError): then its row says so, and
  // TrieRouter, which Hono's default router (SmartRouter) takes instead, is measured.
  let hono: RegExpRouter | undefined = new RegExpRouter();
  let rejected = '';
  try {
    for (const [index, route] of routes.entries()) hono.add('GET', route, index);
    hono.match('GET', '/');
  } catch (e) {
    rejected = `${(e as Error).name}: ${(e as Error).message}`;
    hono = undefined;
  }
  const trie = new TrieRouter();
  for (const [index, route] of routes.entries()) trie.add('GET', route, index);
  const viaHono = (p: string): number => {
    const [handlers, stash] = hono!.match('GET', p);
    const h = handlers[0];
    if (h === undefined) return -1;
    const at = h[1][names[h[0]]!];
    return h[0] + (at === undefined ? 0 : lengthOf(stash[at]));
  };
  const viaTrie = (p: string): number => {
    const h = trie.match('GET', p)[0][0];
    return h === undefined ? -1 : h[0] + lengthOf(h[1][names[h[0]]!]);
  };
  for (const p of paths) {
    const a = set.match(p)?.index;
    const b = tree.find('GET', p)?.store.index;
    const c = (hono?.match('GET', p)[0][0] ?? trie.match('GET', p)[0][0])?.[0];
    if (a !== b || a !== c) throw new Error(`${p}: UriTemplateSet chose ${a}, find-my-way ${b}, Hono ${c}`);
  }
  const honoRows: Candidate[] =
    hono === undefined
      ? [
          { name: `Hono RegExpRouter (rejects the route set: ${rejected})`, fn: (() => -1) as Item2, stride: 1000 },
          { name: 'Hono TrieRouter match', fn: viaTrie as Item2 },
        ]
      : [{ name: 'Hono RegExpRouter match', fn: viaHono as Item2 }];
  return [
    {
      name: 'urikit UriTemplateSet.match',
      own: true,
      fn: ((p) => {
        const m = set.match(p);
        return m === null ? -1 : m.index + lengthOf(m.variables[first[m.index]!]);
      }) as Item2,
    },
    {
      name: 'find-my-way find',
      fn: ((p) => {
        const m = tree.find('GET', p);
        return m === null ? -1 : m.store.index + lengthOf(m.params[names[m.store.index]!]);
      }) as Item2,
    },
    {
      name: 'find-my-way find (compile())',
      fn: ((p) => {
        const m = compiled.find('GET', p);
        return m === null ? -1 : m.store.index + lengthOf(m.params[names[m.store.index]!]);
      }) as Item2,
    },
    ...honoRows,
  ];
}

/** `n` templates outside the tree, /api/{version}/{resource}/{id}.vK, K = 0 to n - 1. */
export function versioned(n: number): string[] {
  return Array.from({ length: n }, (_, k) => `/api/{version}/{resource}/{id}.v${k}`);
}

/** Request paths for versioned(10) (so both sets can match them), short or padded to about `size` characters. */
function versionedPaths(size: number, count: number): string[] {
  const r = rng(40);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const id = size === 0 ? `item${k}` : `${'ab.v1-'.repeat(Math.ceil(size / 6)).slice(0, size)}${k}`;
    // Half match (a version below 10), half do not (no version at all).
    out.push(`/api/v${k % 3}/things/${id}${r() < 0.5 ? `.v${Math.floor(r() * 10)}` : '.json'}`);
  }
  return out;
}

function main(): void {
  const rounds = numberOption('rounds', 9);
  const ms = numberOption('ms', 100);
  // find-my-way's lookups cost a third less and its compile() mode's a half to a ninth less
  // after some 800 passes than after one (bench/README.md, routers, fifth pass): ratios are
  // taken against it warm.
  const timing = { rounds, ms, warmMs: numberOption('warm-ms', 3000) };
  const targets: string[] = [];
  console.log('# Template sets as routers\n');
  for (const [label, templates] of [
    [`${restRoutes().length} REST routes`, restRoutes()],
    [`${GITHUB_ROUTES.length} routes of the GitHub REST API`, GITHUB_ROUTES],
  ] as const) {
    const { paths } = requests(templates, 2000, 404);
    const w = workload(
      `2000 request paths, ${label}`,
      paths,
      paths.map(() => ''),
    );
    const rows = measureRounds('routers', w, routerCandidates(templates, paths), timing);
    console.log(`### ${w.name}\n\n${table(rows, 'paths/s')}\n`);
    for (const row of rows) {
      if (row.own || row.ratio === undefined || row.accepted === 0) continue;
      const goal = row.candidate.startsWith('Hono') ? 1 : 2;
      targets.push(`| ${label}: vs ${row.candidate} | ≥ ${goal}× | ${fmtRatio(row.ratio)} | ${row.ratio >= goal ? 'met' : 'not met'} |`);
    }
  }
  for (const size of [0, 8192]) {
    const paths = versionedPaths(size, size === 0 ? 2000 : 200);
    const few = new UriTemplateSet(versioned(10));
    const many = new UriTemplateSet(versioned(1000));
    for (const p of paths) {
      if (few.indexOf(p) !== many.indexOf(p)) throw new Error(`${p.slice(0, 80)}: 10 and 1,000 templates disagree`);
    }
    const w = workload(
      `${paths.length} request paths of ${size === 0 ? 'about 40' : `about ${size}`} characters, half matching`,
      paths,
      paths.map(() => ''),
    );
    const cands: Candidate[] = [
      { name: 'urikit match, 10 templates', own: true, fn: ((p) => few.match(p)?.index ?? -1) as Item2 },
      { name: 'urikit match, 1,000 templates', fn: ((p) => many.match(p)?.index ?? -1) as Item2 },
    ];
    const rows: Result[] = measureRounds('versioned', w, cands, timing);
    console.log(`### /api/{version}/{resource}/{id}.vN · ${w.name}\n\n${table(rows, 'paths/s')}\n`);
    const ratio = rows[1]!.ratio!;
    targets.push(
      `| 1,000 vs 10 templates, ${size === 0 ? 'short' : '8 kB'} URIs (cost per URI) | ≤ 3× | ${fmtRatio(ratio)} | ${ratio <= 3 ? 'met' : 'not met'} |`,
    );
  }
  console.log('### Targets\n\n| target | goal | measured | |\n| --- | ---: | ---: | --- |');
  console.log(targets.join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

/**
 * An access log whose routes are known, to measure route inference (`urikit routes`, `stats
 * --infer-routes`): 50 routes of a made-up site and API, with ids of every kind (numbers, UUIDs,
 * hex hashes, dates, tokens, ids inside a segment such as `{id}.jpg`), values among many at a
 * position (product names, user names, tags), literals beside variables (`/users/me`,
 * `/products/featured`), requests that fail (404 for unknown ids), a scanner's probes (404, no
 * route), query strings and lines that are no log lines. Routes and values follow Zipf-like
 * popularity; times follow a day's rhythm. The same seed gives the same log (bench/routes.ts
 * writes a million lines; test/cli/stats/routes.slow.test.ts a smaller one).
 */
import { Rng } from './rng.js';

/** The routes, with their weights (requests per thousand, roughly) and how each variable is drawn. */
const ROUTES: ReadonlyArray<readonly [template: string, weight: number]> = [
  ['/', 60],
  ['/health', 25],
  ['/robots.txt', 6],
  ['/favicon.ico', 20],
  ['/login', 12],
  ['/logout', 4],
  ['/search', 30],
  ['/about', 3],
  ['/api/v1/users', 10],
  ['/api/v1/users/{id}', 55],
  ['/api/v1/users/{id}/orders', 25],
  ['/api/v1/users/{id}/orders/{uuid}', 15],
  ['/api/v1/users/me', 40],
  ['/api/v1/users/me/settings', 8],
  ['/api/v1/orders/{uuid}', 30],
  ['/api/v1/orders/{uuid}/items', 12],
  ['/api/v1/orders/{uuid}/items/{id}', 6],
  ['/api/v1/products', 20],
  ['/api/v1/products/{product}', 70],
  ['/api/v1/products/{product}/reviews', 18],
  ['/api/v1/products/featured', 35],
  ['/api/v1/sessions/{token}', 14],
  ['/api/v1/commits/{sha1}', 9],
  ['/api/v1/commits/{sha1}/diff', 3],
  ['/api/v1/health', 12],
  ['/api/v2/users/{uuid}', 22],
  ['/api/v2/users/{uuid}/profile', 9],
  ['/api/v2/search', 11],
  ['/api/v2/reports/{date}', 5],
  ['/api/v2/reports/{date}/summary', 2],
  ['/blog', 8],
  ['/blog/{year}/{month}/{post}', 24],
  ['/blog/tags/{tag}', 10],
  ['/docs/{page}', 16],
  ['/docs/{page}/{section}', 7],
  ['/static/js/app.{webpack}.js', 30],
  ['/static/js/vendor.{webpack}.js', 28],
  ['/static/css/main.{webpack}.css', 27],
  ['/img/products/{id}.jpg', 45],
  ['/img/avatars/{uuid}.png', 19],
  ['/files/{md5}', 6],
  ['/files/{md5}/download', 4],
  ['/u/{user}', 21],
  ['/u/{user}/followers', 5],
  ['/u/{user}/posts/{id}', 9],
  ['/orders/{id}/invoice.pdf', 3],
  ['/share/{token}', 4],
  ['/events/{date}', 6],
  ['/events/{date}/{event}', 5],
  ['/admin/users/{id}/audit', 1],
];

/** The probes of a scanner: paths of no route of the site, answered 404. */
const PROBES = [
  '/wp-login.php',
  '/.env',
  '/.git/config',
  '/admin.php',
  '/phpmyadmin/index.php',
  '/xmlrpc.php',
  '/wp-admin/setup-config.php',
  '/cgi-bin/test.cgi',
  '/.aws/credentials',
  '/server-status',
  '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
  '/config.json',
  '/backup.zip',
  '/old/index.html',
  '/test.php',
];

const WORDS = [
  'red',
  'blue',
  'green',
  'large',
  'small',
  'classic',
  'modern',
  'wool',
  'cotton',
  'leather',
  'steel',
  'oak',
  'linen',
  'silk',
  'shoe',
  'shirt',
  'lamp',
  'chair',
  'table',
  'mug',
  'bag',
  'watch',
  'scarf',
  'hat',
  'desk',
  'sofa',
  'rug',
  'vase',
  'clock',
  'alpha',
  'river',
  'stone',
  'cloud',
  'north',
  'summer',
  'winter',
  'quiet',
  'bright',
  'swift',
  'brave',
  'lucky',
  'happy',
];

/** The variables' values: pools of names (a Zipf-like pick), or ids drawn fresh. */
interface Pools {
  product: string[];
  user: string[];
  tag: string[];
  post: string[];
  page: string[];
  section: string[];
  event: string[];
}

/** The routes' templates (their variables named for what they hold; routes compare by `shape`). */
export const TRUE_ROUTES: readonly string[] = ROUTES.map(([t]) => t);

/**
 * A template's shape: its variables' names dropped (`/users/{id}` → `/users/{}`), so that an
 * inferred route and a true one compare by where their variables are.
 */
export function shape(template: string): string {
  return template.replace(/\{[^}]*\}/g, '{}');
}

/** Precision and recall of inferred routes against the true ones, by shape. */
export function score(
  inferred: readonly string[],
  truth: readonly string[] = TRUE_ROUTES,
): { precision: number; recall: number; missed: string[]; extra: string[] } {
  const found = new Set(inferred.map(shape));
  const want = new Set(truth.map(shape));
  const hit = [...found].filter((s) => want.has(s)).length;
  return {
    precision: found.size === 0 ? 0 : hit / found.size,
    recall: hit / want.size,
    missed: [...want].filter((s) => !found.has(s)),
    extra: [...found].filter((s) => !want.has(s)),
  };
}

/** One generated line, with its path and the index of its true route (-1: a probe or a line that is no log line). */
export interface GeneratedLine {
  text: string;
  path: string;
  route: number;
}

/**
 * The log's lines, `n` of them, the same for the same `seed`: yielded one by one so that a
 * million need not be held. Times run over one day from 2024-03-10T00:00Z.
 */
export function* routesLog(n: number, seed = 1): Generator<GeneratedLine> {
  const rng = new Rng(seed);
  const pools = makePools(rng);
  const total = ROUTES.reduce((a, [, w]) => a + w, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const [, w] of ROUTES) cumulative.push((acc += w) / total);
  const start = Date.UTC(2024, 2, 10);
  for (let i = 0; i < n; i++) {
    // A day's rhythm: more requests in the afternoon (the lines stay in time order).
    const f = i / n;
    const t = start + Math.floor(86_400_000 * (f - (0.12 * Math.sin(2 * Math.PI * f)) / (2 * Math.PI)));
    if (rng.chance(0.002)) {
      yield { text: `garbage ${rng.int(1e6)} without a request\n`, path: '', route: -1 };
      continue;
    }
    let path: string;
    let route = -1;
    let status = 200;
    if (rng.chance(0.004)) {
      path = rng.pick(PROBES);
      status = 404;
    } else {
      const u = rng.next();
      route = cumulative.findIndex((c) => u < c);
      if (route === -1) route = ROUTES.length - 1;
      path = ROUTES[route]![0].replace(/\{(\w+)\}/g, (_m, kind: string) => value(rng, pools, kind));
      // A request for an id that does not exist.
      if (/\{(id|uuid|sha1|md5)\}/.test(ROUTES[route]![0]) && rng.chance(0.03)) status = 404;
      else if (rng.chance(0.01)) status = 500;
      else if (rng.chance(0.05)) status = 304;
    }
    const query =
      path === '/search' || path === '/api/v2/search'
        ? `?q=${rng.pick(WORDS)}&page=${rng.range(1, 9)}`
        : rng.chance(0.05)
          ? `?utm_source=${rng.pick(WORDS)}`
          : '';
    const referrer = rng.chance(0.3) ? '-' : `https://www.example.com${rng.chance(0.5) ? '/' : `/docs/${rng.pick(pools.page)}`}`;
    yield {
      text: `203.0.113.${rng.int(256)} - - [${clf(t)}] "${rng.chance(0.9) ? 'GET' : 'POST'} ${path}${query} HTTP/1.1" ${status} ${rng.int(50_000)} "${referrer}" "Mozilla/5.0"\n`,
      path,
      route,
    };
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time as common log format writes it: 10/Mar/2024:13:05:09 +0000. */
function clf(ms: number): string {
  const d = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

function makePools(rng: Rng): Pools {
  // (`count` must stay well below the number of such slugs: WORDS has 43 words.)
  const slugs = (count: number, words: number, suffix: boolean): string[] => {
    const seen = new Set<string>();
    while (seen.size < count) {
      const parts = Array.from({ length: words }, () => rng.pick(WORDS));
      seen.add(`${parts.join('-')}${suffix ? `-${rng.range(2, 99)}` : ''}`);
    }
    return [...seen];
  };
  return {
    product: slugs(3000, 3, true),
    user: Array.from(
      new Set(Array.from({ length: 2500 }, () => `${rng.pick(WORDS)}${rng.pick(WORDS)}${rng.chance(0.5) ? rng.range(1, 999) : ''}`)),
    ),
    tag: slugs(40, 1, false).concat(slugs(160, 2, false)),
    post: slugs(800, 4, false),
    page: slugs(150, 2, false),
    section: slugs(30, 1, false).concat(slugs(120, 2, false)),
    event: slugs(400, 2, true),
  };
}

/** A Zipf-like pick from `pool` (exponent 0.8): a few values are common, most are rare. */
function zipf(rng: Rng, pool: readonly string[]): string {
  // The inverse of the continuous approximation of the Zipf CDF.
  const n = pool.length;
  const s = 0.8;
  const u = rng.next();
  const k = Math.floor((u * (n ** (1 - s) - 1) + 1) ** (1 / (1 - s))) - 1;
  return pool[Math.min(n - 1, Math.max(0, k))]!;
}

const HEX = '0123456789abcdef';
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function chars(rng: Rng, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

function value(rng: Rng, p: Pools, kind: string): string {
  switch (kind) {
    case 'id':
      return String(rng.chance(0.5) ? rng.range(1, 999) : rng.range(1000, 9_999_999));
    case 'uuid': {
      const h = chars(rng, HEX, 32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
    }
    case 'sha1':
      return chars(rng, HEX, 40);
    case 'md5':
      return chars(rng, HEX, 32);
    case 'webpack':
      return chars(rng, HEX, rng.pick([8, 10, 12, 20]));
    case 'token':
      return chars(rng, B62, rng.pick([22, 27, 32]));
    case 'date':
      return `2024-${String(rng.range(1, 12)).padStart(2, '0')}-${String(rng.range(1, 28)).padStart(2, '0')}`;
    case 'year':
      return String(rng.range(2015, 2024));
    case 'month':
      return String(rng.range(1, 12)).padStart(2, '0');
    default:
      return zipf(rng, p[kind as keyof Pools]);
  }
}

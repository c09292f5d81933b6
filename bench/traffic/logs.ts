/**
 * Access logs full of ids, generated from a seed in the combined format: a REST API's (paths of
 * user and repository names, numbers, commit hashes) and a shop's (slugs with ids, UUIDs, hashed
 * assets, percent-encoded searches in many scripts, search engines' referrers). More than half of
 * a million lines' request paths are distinct, as on a real site's log, unlike a log that repeats
 * a fixed set of requests.
 */
import { Rng } from '../../test/support/rng.js';
import { b64, digits, formEncode, hex, searchReferrer, searchTerms, trackingLink, uuid } from './urls.js';
import { API_CLIENTS, BOTS, BROWSERS, NAMES, PRODUCT_WORDS, REPO_WORDS } from './words.js';

export type LogKind = 'api' | 'shop';

/** A log line's request and the rest of what it says. */
interface Request {
  method: string;
  target: string;
  status: number;
  bytes: number;
  referrer: string;
  agent: string;
}

/**
 * A population of `n` names, drawn with a lean to the first (a few very active, a long tail):
 * index u^skew of n for a uniform u (skew 3: a tenth of the draws land on the first 0.1%).
 */
class Population {
  private readonly names: string[] = [];
  constructor(
    private readonly rng: Rng,
    n: number,
    private readonly skew: number,
    make: (i: number) => string,
  ) {
    for (let i = 0; i < n; i++) this.names.push(make(i));
  }
  pick(): string {
    return this.names[Math.floor(this.rng.next() ** this.skew * this.names.length)]!;
  }
}

function apiRequest(rng: Rng, users: Population, repos: Population): Request {
  const user = users.pick();
  const repo = `${user}/${repos.pick()}`;
  const k = rng.int(20);
  let target: string;
  if (k < 3) target = `/repos/${repo}`;
  else if (k < 6)
    target = `/repos/${repo}/issues/${rng.range(1, 50000)}${rng.chance(0.5) ? `/comments?per_page=100&page=${rng.range(1, 9)}` : ''}`;
  else if (k < 8) target = `/repos/${repo}/pulls/${rng.range(1, 20000)}/files?per_page=${rng.pick([30, 100])}`;
  else if (k < 10) target = `/repos/${repo}/commits/${hex(rng, 40)}`;
  else if (k < 12)
    target = `/repos/${repo}/contents/${rng.pick(['src', 'lib', 'docs', 'test'])}/${rng.pick(REPO_WORDS)}.${rng.pick(['ts', 'go', 'md', 'rs'])}?ref=${rng.chance(0.5) ? 'main' : hex(rng, 40)}`;
  else if (k < 14)
    target = `/users/${user}${rng.pick(['', '/followers', '/repos', '/starred', '/events'])}${rng.chance(0.4) ? `?per_page=100&page=${rng.range(1, 20)}` : ''}`;
  else if (k < 15) target = `/orgs/${rng.pick(REPO_WORDS)}-${rng.pick(NAMES)}/members?page=${rng.range(1, 5)}`;
  else if (k < 16)
    target = `/search/repositories?q=${formEncode(searchTerms(rng))}+language%3A${rng.pick(['go', 'rust', 'typescript'])}&sort=stars&order=desc`;
  else if (k < 18) target = `/api/v1/accounts/${rng.range(100000, 9999999)}/transactions?limit=50&cursor=${b64(rng, 24)}`;
  else target = `/repos/${repo}/actions/runs/${digits(rng, 10)}/jobs`;
  const write = rng.chance(0.12);
  const status = rng.chance(0.05) ? 404 : rng.chance(0.08) ? 304 : rng.chance(0.02) ? 401 : rng.chance(0.005) ? 500 : write ? 201 : 200;
  return {
    method: write ? rng.pick(['POST', 'PATCH', 'DELETE']) : 'GET',
    target,
    status,
    bytes: status === 304 ? 0 : rng.range(200, 60000),
    referrer: rng.chance(0.75) ? '-' : `https://app.example.com/${repo}/issues/${rng.range(1, 50000)}`,
    agent: rng.chance(0.6) ? rng.pick(API_CLIENTS) : rng.pick(BROWSERS),
  };
}

/** The shop's hashed assets: many requests, few distinct paths, as a build writes them. */
function assets(rng: Rng): string[] {
  const out: string[] = [];
  for (let i = 0; i < 120; i++) {
    out.push(
      rng.chance(0.5)
        ? `/static/js/${rng.pick(['main', 'vendor', 'runtime', 'checkout'])}.${hex(rng, 8)}.chunk.js`
        : `/static/css/${rng.pick(['main', 'product', 'theme'])}.${hex(rng, 8)}.css`,
    );
  }
  return out;
}

function shopRequest(rng: Rng, products: Population, assetList: readonly string[]): Request {
  const k = rng.int(20);
  let target: string;
  if (k < 5) target = `/products/${products.pick()}${rng.chance(0.3) ? `?variant=${digits(rng, 14)}` : ''}`;
  else if (k < 7) target = rng.pick(assetList);
  else if (k < 10)
    target = `/images/${hex(rng, 2)}/${hex(rng, 32)}.${rng.pick(['jpg', 'webp'])}?w=${rng.pick([160, 320, 640, 1080])}&h=${rng.pick([160, 320, 640])}&fit=crop`;
  else if (k < 12) target = `/search?q=${formEncode(searchTerms(rng))}&type=product${rng.chance(0.4) ? `&page=${rng.range(2, 12)}` : ''}`;
  else if (k < 13) target = `/p/${uuid(rng)}`;
  else if (k < 14)
    target = `/collections/${rng.pick(PRODUCT_WORDS)}?page=${rng.range(1, 30)}&sort_by=${rng.pick(['price-ascending', 'best-selling', 'created-descending'])}&filter.v.price.gte=${rng.range(0, 200)}`;
  else if (k < 15) target = `/cart/add?id=${digits(rng, 11)}&quantity=${rng.range(1, 4)}`;
  else if (k < 16) target = `/checkout/${uuid(rng)}/${rng.pick(['information', 'shipping', 'payment'])}`;
  else if (k < 17) target = `/api/cart?token=${hex(rng, 32)}`;
  else if (k < 18)
    target = `/products/${products.pick()}?utm_source=${rng.pick(['google', 'facebook', 'newsletter'])}&utm_medium=cpc&utm_campaign=${rng.pick(['spring', 'bf2024', 'retarget'])}&gclid=${b64(rng, 40)}`;
  else target = rng.pick(['/', '/cart', '/account/login', '/favicon.ico', '/robots.txt', '/sitemap.xml']);
  const bot = rng.chance(0.1);
  const r = rng.next();
  const referrer =
    r < 0.4 ? '-' : r < 0.52 ? searchReferrer(rng) : r < 0.57 ? trackingLink(rng) : `https://www.shop.example/products/${products.pick()}`;
  const status = rng.chance(0.04) ? 404 : rng.chance(0.06) ? 304 : rng.chance(0.03) ? 302 : rng.chance(0.004) ? 503 : 200;
  return {
    method: k === 14 && rng.chance(0.7) ? 'POST' : 'GET',
    target,
    status,
    bytes: status === 304 ? 0 : rng.range(300, 250000),
    referrer: bot ? '-' : referrer,
    agent: bot ? rng.pick(BOTS) : rng.pick(BROWSERS),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * Writes a combined-format log of `lines` lines of `kind` through `write`, a block of text at a
 * time; its lines' times spread over a day.
 */
export function accessLog(kind: LogKind, lines: number, write: (block: string) => void, seed = kind === 'api' ? 9112 : 7231): void {
  const rng = new Rng(seed);
  const users = new Population(
    rng,
    200_000,
    3,
    (i) => `${NAMES[i % NAMES.length]}${i % 3 === 0 ? `-${REPO_WORDS[i % REPO_WORDS.length]}` : ''}${i}`,
  );
  const repos = new Population(
    rng,
    5_000,
    3,
    (i) => `${REPO_WORDS[i % REPO_WORDS.length]}-${REPO_WORDS[(i * 7) % REPO_WORDS.length]}${i >= 28 ? i : ''}`,
  );
  const products = new Population(
    rng,
    500_000,
    1.5,
    (i) => `${PRODUCT_WORDS[i % PRODUCT_WORDS.length]}-${PRODUCT_WORDS[(i * 11) % PRODUCT_WORDS.length]}-${100000 + i * 7}`,
  );
  const assetList = assets(rng);
  const visitors: string[] = [];
  for (let i = 0; i < 40_000; i++) visitors.push(`${rng.range(1, 223)}.${rng.int(256)}.${rng.int(256)}.${rng.range(1, 254)}`);
  const start = Date.UTC(2024, 0, 15);
  let block = '';
  let second = -1;
  let time = '';
  for (let i = 0; i < lines; i++) {
    const q = kind === 'api' ? apiRequest(rng, users, repos) : shopRequest(rng, products, assetList);
    const s = Math.floor((i / lines) * 86_400);
    if (s !== second) {
      second = s;
      const t = new Date(start + s * 1000);
      time = `${two(t.getUTCDate())}/${MONTHS[t.getUTCMonth()]}/${t.getUTCFullYear()}:${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())} +0000`;
    }
    block += `${rng.pick(visitors)} - - [${time}] "${q.method} ${q.target} HTTP/1.1" ${q.status} ${q.bytes} "${q.referrer}" "${q.agent}"\n`;
    if (block.length > 1 << 20) {
      write(block);
      block = '';
    }
  }
  if (block !== '') write(block);
}

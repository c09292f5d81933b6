/**
 * Long and percent-encoded URLs as logs and crawls hold them, generated from a seed: search
 * referrers, tracking and redirect links, Wikipedia titles in many scripts, CDN and signed object
 * URLs, API calls with bracketed and JSON parameters. Every one is distinct, and valid both as an
 * RFC 3986 URI and as a URL Standard URL (so that every parser does the same work).
 */
import { Rng } from '../../test/support/rng.js';
import { ENGLISH, SCRIPTS, WIKI_LANG } from './words.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `n` characters of the URL-safe base64 alphabet. */
export function b64(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 5) {
    // 30 random bits make five characters.
    const r = rng.int(1 << 30);
    s += B64[r & 63]! + B64[(r >>> 6) & 63]! + B64[(r >>> 12) & 63]! + B64[(r >>> 18) & 63]! + B64[(r >>> 24) & 63]!;
  }
  return s.slice(0, n);
}

/** `n` lower-case hex digits. */
export function hex(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 7)
    s += rng
      .int(1 << 28)
      .toString(16)
      .padStart(7, '0');
  return s.slice(0, n);
}

/** `n` decimal digits, the first not 0. */
export function digits(rng: Rng, n: number): string {
  let s = String(rng.range(1, 9));
  for (let i = 1; i < n; i++) s += String(rng.int(10));
  return s;
}

export function uuid(rng: Rng): string {
  return `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${'89ab'[rng.int(4)]}${hex(rng, 3)}-${hex(rng, 12)}`;
}

/** A form field's value as browsers send it: UTF-8 `%XX`, spaces as `+`. */
export function formEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Search terms: mostly English, else words of one other script, sometimes mixed. */
export function searchTerms(rng: Rng): string {
  const scripts = Object.keys(SCRIPTS);
  const n = rng.range(1, 5);
  const script = rng.chance(0.4) ? 'en' : rng.pick(scripts);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(rng.chance(0.3) ? rng.pick(ENGLISH) : rng.pick(SCRIPTS[script]!));
  return words.join(' ');
}

/** A search engine's result page, as it arrives in the Referer of the page clicked. */
export function searchReferrer(rng: Rng): string {
  const terms = searchTerms(rng);
  const q = formEncode(terms);
  const partial = formEncode(terms.slice(0, Math.max(1, rng.int(terms.length))));
  switch (rng.int(6)) {
    case 0:
    case 1:
      return rng.chance(0.3)
        ? `https://www.google.com/search?q=${q}&oq=${partial}&sourceid=chrome&ie=UTF-8`
        : `https://www.google.com/search?q=${q}&sca_esv=${hex(rng, 16)}&rlz=1C1GCEU_en${rng.pick(['US', 'GB', 'DE', 'JP'])}${digits(rng, 7)}&ei=${b64(rng, 22)}&ved=0ahUKEwi${b64(rng, 40)}&uact=5&oq=${partial}&gs_lp=Egxnd3Mtd2l6LXNlcnAi${b64(rng, rng.range(40, 160))}&sclient=gws-wiz-serp`;
    case 2:
      return `https://www.bing.com/search?q=${q}&form=QBLH&sp=-1&ghc=1&lq=0&pq=${partial}&sc=10-${rng.range(1, 40)}&qs=n&sk=&cvid=${hex(rng, 32).toUpperCase()}&ghsh=0&ghacc=0&ghpl=`;
    case 3:
      return `https://yandex.ru/search/?text=${q}&lr=${rng.range(1, 300)}&clid=${digits(rng, 7)}&win=${rng.range(100, 700)}&src=suggest_B`;
    case 4:
      return `https://www.baidu.com/s?ie=utf-8&f=8&rsv_bp=1&tn=baidu&wd=${q}&oq=${partial}&rsv_pq=${hex(rng, 16)}&rsv_t=${b64(rng, 52)}&rqlang=cn&rsv_enter=1&rsv_dl=tb`;
    default:
      return `https://duckduckgo.com/?q=${q}&t=h_&ia=web`;
  }
}

const SHOPS = ['shop.example.com', 'www.example-store.co.uk', 'store.acme.example', 'www.boutique.example.fr'];
const CAMPAIGNS = ['spring_sale_2024', 'black-friday', 'newsletter_2024_03_12', 'retargeting_v2', 'brand%7Csearch', 'summer+launch'];

/** A shop's landing page with its campaign's parameters. */
function landing(rng: Rng): string {
  const slug = `${rng.pick(['classic', 'leather', 'wool', 'running', 'linen'])}-${rng.pick(['boot', 'shirt', 'jacket', 'sneaker'])}-${digits(rng, 6)}`;
  const source = rng.pick(['facebook', 'google', 'instagram', 'newsletter', 'tiktok']);
  let url = `https://${rng.pick(SHOPS)}/products/${slug}?variant=${digits(rng, 14)}&utm_source=${source}&utm_medium=${rng.pick(['cpc', 'paid_social', 'email'])}&utm_campaign=${rng.pick(CAMPAIGNS)}`;
  if (rng.chance(0.5))
    url += `&utm_content=${rng.pick(['carousel_v2', 'video_15s', 'hero-banner'])}&utm_term=${formEncode(searchTerms(rng))}`;
  if (source === 'google') url += `&gclid=Cj0KCQiA${b64(rng, rng.range(70, 90))}_BwE`;
  else if (source !== 'newsletter') url += `&fbclid=IwAR${b64(rng, rng.range(56, 80))}`;
  return url;
}

/** A tracking link: a landing page, or a redirect that carries one encoded in its query. */
export function trackingLink(rng: Rng): string {
  switch (rng.int(6)) {
    case 0:
    case 1:
      return landing(rng);
    case 2:
      return `https://l.facebook.com/l.php?u=${encodeURIComponent(landing(rng))}&h=AT${b64(rng, rng.range(80, 140))}&__tn__=${rng.pick(['H-R', '-UK-R', 'R'])}&c[0]=${b64(rng, 40)}`.replace(
        'c[0]',
        'c%5B0%5D',
      );
    case 3:
      return `https://www.google.com/url?sa=t&rct=j&q=&esrc=s&source=web&cd=&cad=rja&uact=8&ved=2ahUKEwj${b64(rng, 40)}&url=${encodeURIComponent(landing(rng))}&usg=AOvVaw${b64(rng, 22)}&opi=89978449`;
    case 4:
      return `https://click.e.${rng.pick(['brand', 'airline', 'bank'])}.example/?qs=${hex(rng, rng.range(140, 260))}`;
    default:
      return `https://links.${rng.pick(['news', 'mail'])}.example/ls/click?upn=${b64(rng, rng.range(120, 260))}-2B${b64(rng, 30)}-3D-3D${rng.chance(0.5) ? '%3D' : ''}`;
  }
}

/** A Wikipedia article as linked: its title's spaces as `_`, the rest of UTF-8 as `%XX`. */
export function wikipediaLink(rng: Rng): string {
  const script = rng.pick(Object.keys(SCRIPTS));
  const words = SCRIPTS[script]!;
  const n = rng.range(1, 4);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(rng.pick(words));
  let title = parts.join(' ');
  if (rng.chance(0.15)) title += ` (${rng.pick(words)})`;
  if (rng.chance(0.2)) title += ` ${rng.range(1000, 2030)}`;
  const encoded = encodeURIComponent(title.replace(/ /g, '_')).replace(/%28/g, '(').replace(/%29/g, ')');
  const host = `${WIKI_LANG[script]}${rng.chance(0.3) ? '.m' : ''}.wikipedia.org`;
  switch (rng.int(5)) {
    case 0:
      return `https://${host}/w/index.php?title=${encoded}&action=${rng.pick(['edit', 'history', 'info'])}&section=${rng.range(1, 12)}`;
    case 1:
      return `https://${host}/wiki/${encoded}#${encodeURIComponent(rng.pick(words).replace(/ /g, '_'))}`;
    case 2:
      return `https://${host}/wiki/${encoded}?oldid=${digits(rng, 9)}`;
    default:
      return `https://${host}/wiki/${encoded}`;
  }
}

/** A CDN's asset, image or signed object URL. */
export function cdnLink(rng: Rng): string {
  switch (rng.int(5)) {
    case 0:
      return `https://cdn.shopify.com/s/files/1/${digits(rng, 4)}/${digits(rng, 4)}/${digits(rng, 4)}/products/${rng.pick(['IMG', 'DSC', 'product'])}_${digits(rng, 4)}_${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}_${rng.pick(['1024x1024', '2048x2048', '540x'])}.jpg?v=${digits(rng, 10)}&width=${rng.pick([320, 640, 1080])}`;
    case 1:
      return `https://static.${rng.pick(['app', 'site', 'news'])}.example/_next/static/chunks/pages/${rng.pick(['index', 'product', '[slug]', 'checkout'])}-${hex(rng, 16)}.js`.replace(
        '[slug]',
        '%5Bslug%5D',
      );
    case 2:
      return `https://images.unsplash.com/photo-${digits(rng, 13)}-${hex(rng, 12)}?ixlib=rb-4.0.3&ixid=M3w${b64(rng, 40)}&auto=format&fit=crop&w=${rng.range(300, 2000)}&q=80`;
    case 3:
      return `https://d${hex(rng, 13)}.cloudfront.net/${hex(rng, 2)}/${hex(rng, 2)}/${hex(rng, 32)}/${rng.pick(['video', 'thumb', 'poster'])}.webp?Expires=${digits(rng, 10)}&Signature=${b64(rng, rng.range(170, 340))}__&Key-Pair-Id=K${hex(rng, 13).toUpperCase()}`;
    default:
      return `https://${rng.pick(['uploads', 'media', 'exports'])}-${hex(rng, 6)}.s3.amazonaws.com/${rng.pick(['reports', 'avatars', 'invoices'])}/${uuid(rng)}/${formEncode(rng.pick(['Q3 report', 'résumé final', 'invoice #1234', 'photo']))}.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA${hex(rng, 16).toUpperCase()}%2F20240115%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20240115T${digits(rng, 6)}Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${hex(rng, 64)}`;
  }
}

/** An API call: JSON:API brackets, GraphQL over GET, a REST collection, a dashboard's state. */
export function apiCall(rng: Rng): string {
  const date = `2024-0${rng.range(1, 9)}-${rng.range(10, 28)}T${rng.range(10, 23)}%3A00%3A00Z`;
  switch (rng.int(5)) {
    case 0:
      return `https://api.${rng.pick(['shop', 'crm', 'billing'])}.example/v2/${rng.pick(['orders', 'invoices', 'customers'])}?filter%5Bstatus%5D=${rng.pick(['shipped', 'pending', 'paid'])}&filter%5Bcreated_at%5D%5Bgte%5D=${date}&page%5Bsize%5D=${rng.pick([25, 50, 100])}&page%5Bnumber%5D=${rng.range(1, 400)}&include=customer%2Citems&sort=-created_at&fields%5Borders%5D=id%2Ctotal%2Cstatus`;
    case 1: {
      const variables = JSON.stringify({ id: uuid(rng), first: rng.range(10, 50), after: b64(rng, 16) });
      return `https://api.${rng.pick(['app', 'social'])}.example/graphql?operationName=${rng.pick(['GetUser', 'ListPosts', 'ProductPage'])}&variables=${encodeURIComponent(variables)}&extensions=${encodeURIComponent(`{"persistedQuery":{"version":1,"sha256Hash":"${hex(rng, 64)}"}}`)}`;
    }
    case 2:
      return `https://api.github.com/repos/${rng.pick(['octo', 'nova', 'atlas'])}${digits(rng, 4)}/${rng.pick(['core', 'web', 'sdk'])}-${hex(rng, 4)}/issues/${rng.range(1, 40000)}/comments?per_page=100&page=${rng.range(1, 30)}&since=${date}`;
    case 3:
      return `https://kibana.${rng.pick(['ops', 'logs'])}.example/app/discover#/?_g=(filters:!(),refreshInterval:(pause:!t,value:0),time:(from:now-${rng.range(1, 90)}m,to:now))&_a=(columns:!(message,host.name),index:'${uuid(rng)}',interval:auto,query:(language:kuery,query:'status:${rng.pick([404, 500, 503])}'),sort:!(!('@timestamp',desc)))`;
    default:
      return `https://maps.${rng.pick(['geo', 'city'])}.example/api/places/search?q=${formEncode(searchTerms(rng))}&location=${rng.range(-89, 89)}.${digits(rng, 6)}%2C${rng.range(-179, 179)}.${digits(rng, 6)}&radius=${rng.range(100, 5000)}&key=${b64(rng, 39)}`;
  }
}

/**
 * `count` distinct URLs from `seed`, in the shares the generated corpus holds: search referrers
 * a quarter, tracking and redirect links a quarter, Wikipedia titles a fifth, CDN URLs and API
 * calls 15% each.
 */
export function longUrls(count: number, seed = 3986): string[] {
  const rng = new Rng(seed);
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    const k = rng.int(20);
    const url =
      k < 5 ? searchReferrer(rng) : k < 10 ? trackingLink(rng) : k < 14 ? wikipediaLink(rng) : k < 17 ? cdnLink(rng) : apiCall(rng);
    if (seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

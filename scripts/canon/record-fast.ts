/**
 * Records the `surt` package's and w3lib's answers on URLs aimed at the one-scan paths of `surt`
 * and `canonicalize(…, 'w3lib')` (canon/ia.ts, canon/w3lib.ts), as test/fixtures/canon/fast-paths.jsonl:
 * the bench corpora (http, https, `file:` with and without a host, `node:`) and long URLs of
 * escaped words and many query parts, with their scheme,
 * authority, path, query and fragment swapped for pieces that sit on either side of each test
 * that keeps a URL on a fast path; and escape soup (`%25`, stray `%`) after a few heads.
 *
 *   SURT_SRC=…/surt URLCANON_SRC=…/urlcanon/python node build/scripts/canon/record-fast.js
 *
 * CANON_SEED, CANON_SCALE and CANON_OUT make a wider run elsewhere (other inputs, N times as many).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../../test/support/rng.js';
import { ROOT, recordAnswers } from './answers.js';

/** The forms recorded: the SURT keys and the two profiles whose fast paths these inputs aim at. */
const FORMS = 'w3lib,ia,surt,surt+scheme,surt+comma,surt+scheme+comma,surt-massage,surt-reverseip';

const SCHEMES = [
  'http',
  'https',
  'HTTP',
  'Https',
  'file',
  'FILE',
  'ftp',
  'dns',
  'httpx',
  'urn',
  'node',
  'tapmock',
  'git+ssh',
  'a.b-c',
  'h',
  'x1',
  'filedesc',
  'mailto',
  'ws',
];
const SEPARATORS = ['://', ':///', ':/', ':', '://///', ':////', '://:'];
const HOSTS = [
  '',
  ':',
  '::',
  'u@',
  'example.com',
  'www.example.com',
  'WWW2.Ex.COM',
  'www',
  'www.',
  'www1.a',
  'a',
  'a.',
  '.a',
  'a..b',
  '1.2.3.4',
  '3279880203',
  'ex-ample.com',
  'ex_ample.com',
  'u@example.com',
  'u:p@h.com',
  '\u212aelvin.com',
  'b\u00fccher.de',
  'ex%41mple.com',
  '[::1]',
  'H.COM:0',
  'h.com:080',
  'h.com:80',
  'h.com:443',
  'h.com:21',
  'h.com:65535',
  'h.com:65536',
  'h.com:',
  'h.com:1234567',
  'h.com:8a',
  '"www.pcmag.com',
  '"a',
  '74.cz',
  '1-2.3',
  '1_2.3',
  '1.2.3',
  '08.a',
  '0x1.com',
  '_a.b',
  '-a.com',
  "a!$&'()*+,;=~b.com",
  'www.a(b).com',
  'www2.com',
];
const PATHS = [
  '',
  '/',
  '/a/b/',
  '/a/./b',
  '/a/../b',
  '//a',
  '/a//b',
  '/%2e%2e/a',
  '/%2E/a',
  '/A.ASPX',
  '/x/(S(0123456789abcdefghijklmn))/page.aspx',
  '/x/(0123456789abcdefghijklmn)/page.aspx',
  '/%25',
  '/%2525',
  '/%252e',
  '/%',
  '/%zz',
  '/a%',
  '/a%4',
  '/%3F',
  '/%23',
  '/%2F',
  '/%7E%7e',
  '/%41%61',
  '/%e9',
  '/%C3%A9',
  '/%20',
  '/%00%1f%7f%80%ff',
  '/%2e',
  '/%2E%2E',
  '/\u00e9',
  '/a b',
  '/a\tb',
  '/\u212a',
  '/\u0130',
  '/a|b^c`d{e}f"g<h>i[j]k\\l',
  '/A/B.Html',
  'a/b',
  'rel',
  '/a;b=c',
  '/a:b@c',
  '/~user/',
  '/Page.aspx',
  '/a/(b)/c.aspx',
  '/(x)/',
  '/a(b)/c.aspx',
  '/.gitignore',
  '/a/.b/..c/...',
  '/a/.',
  '/a/..',
  '/a/%2e%2E/b',
  '/a%2f%2fb',
  '/%28S(0123456789abcdefghijklmn))/p.aspx',
  '/A%2fB%41',
  '/%E9%2F%e9',
];
const QUERIES = [
  '',
  '?',
  '?&',
  '?&&',
  '?=',
  '?a',
  '?a=',
  '?b=2&a=1',
  '?a=1&b=2',
  '?a=2&a=1&a',
  '?a&a=',
  '?A=1&a=1',
  '?B=1&a=2',
  '?a=b=c&a=b',
  '?%26=%3D',
  '?q=a+b%20c%2B',
  '?q=%25',
  '?q=%2525',
  '?q=%',
  '?q=%zz',
  '?q=%41%7e%E9%c3%a9',
  '?q=%23',
  '?q=?x',
  '?sid=0123456789abcdef0123456789abcdef',
  '?x=1&SID=0123456789ABCDEF0123456789abcdef&y=2',
  '?jsessionid=0123456789abcdef0123456789abcdef',
  '?phpsessid=0123456789abcdef0123456789abcdef&z=1',
  '?ASPSESSIONIDABCDEFGH=abcdefghijklmnopqrstuvwx',
  '?cfid=1&cftoken=2&a=1',
  '?session=1',
  '?sidebar=1',
  '?osid=1',
  '?Session=x',
  '?%73id=0123456789abcdef0123456789abcdef',
  '?q=\u00e9',
  '?q=a b',
  '?q=a\tb',
  '?z=1;y=2',
  '?utm_source=x&utm_medium=y&utm_campaign=z&gclid=abc&fbclid=def',
  '?sid=04/04/19/1124204',
  '?a=1&sid=0123456789abcdef0123456789abcdef',
  '?b=2&JSESSIONID=0123456789ABCDEF0123456789abcdef&a=1',
  '?cfid=1&cftoken=2',
  '?x=cfid=1&cftoken=2&b',
  '?aspsessionidabcdefgh=abcdefghijklmnopqrstuvwx&z',
  '?q=%73id%3D0123456789abcdef0123456789abcdef',
  '?fid=1&nid=2&sid=3',
  '?c=%41&b=%3d&a=%E9%2f',
];
const FRAGMENTS = ['', '#', '#f', '#a?b', '#%41 b', '#x\ty', '#c=3&a=1', '#&sid=0123456789abcdef0123456789abcdef', '#id&'];

/** The URL as scheme, separator, authority, path, query, fragment (a rough split, enough to recombine). */
const SPLIT = /^([a-zA-Z][a-zA-Z0-9+.-]*)(:\/*)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/s;

function mutate(u: string, rng: Rng): string {
  const m = SPLIT.exec(u);
  if (m === null) return u;
  let [scheme, sep, auth, path, query, frag] = [m[1]!, m[2]!, m[3]!, m[4]!, m[5] ?? '', m[6] ?? ''];
  const k = rng.range(1, 3);
  for (let j = 0; j < k; j++) {
    switch (rng.int(9)) {
      case 0:
        scheme = rng.pick(SCHEMES);
        break;
      case 1:
        sep = rng.pick(SEPARATORS);
        break;
      case 2:
        auth = rng.pick(HOSTS);
        break;
      case 3:
        path = rng.chance(0.5) ? rng.pick(PATHS) : path + rng.pick(PATHS);
        break;
      case 4:
        query = rng.chance(0.4) || query === '' ? rng.pick(QUERIES) : query + rng.pick(QUERIES).replace('?', '&');
        break;
      case 5:
        frag = rng.pick(FRAGMENTS);
        break;
      case 6: // case
        path = path.replace(/[a-z]/g, (c) => (rng.chance(0.3) ? c.toUpperCase() : c));
        query = query.replace(/[a-z]/g, (c) => (rng.chance(0.3) ? c.toUpperCase() : c));
        break;
      case 7: // escapes: needless ones, and the case of the hex digits
        path = path.replace(/[A-Za-z0-9~.]/g, (c) => (rng.chance(0.1) ? `%${c.charCodeAt(0).toString(16)}` : c));
        query = query.replace(/%[0-9a-fA-F]{2}/g, (e) => (rng.chance(0.5) ? e.toUpperCase() : e.toLowerCase()));
        break;
      default: // query parts shuffled
        if (query.length > 1) {
          const parts = query.slice(1).split('&');
          for (let i = parts.length - 1; i > 0; i--) {
            const r = rng.int(i + 1);
            [parts[i], parts[r]] = [parts[r]!, parts[i]!];
          }
          query = `?${parts.join('&')}`;
        }
    }
  }
  return scheme + sep + auth + path + query + frag;
}

/** Words as long URLs carry them: plain, escaped UTF-8 of either case, `+` and `%20` for spaces. */
const WORDS = [
  'wiki',
  'Main_Page',
  '%CE%9A%CF%81%CE%AE%CF%84%CE%B7',
  '%d0%9c%d0%be%d1%81%d0%ba%d0%b2%d0%b0',
  'caf%C3%A9',
  'a+b',
  'a%20b',
  '%2B',
  'x%2Fy',
  '%E2%82%AC5',
  'utm_source',
  'q',
  'id',
  'Page',
  '%7Euser',
  '%41bc',
  '%3D',
  '%26',
];

/** A long URL: a host, 2 to 6 path segments and 3 to 16 query parts of WORDS. */
function long(rng: Rng): string {
  let u = rng.pick(['https://en.wikipedia.org', 'http://www.example.com', 'https://cdn.example.net:8443', 'file://', 'file://srv']);
  for (let i = rng.range(2, 6); i > 0; i--) u += `/${rng.pick(WORDS)}`;
  const parts: string[] = [];
  for (let i = rng.range(3, 16); i > 0; i--)
    parts.push(rng.chance(0.1) ? rng.pick(WORDS) : `${rng.pick(WORDS)}=${rng.pick(WORDS)}${rng.pick(WORDS)}`);
  if (rng.chance(0.5)) parts.sort();
  return `${u}?${parts.join('&')}`;
}

/** Pieces of escape soup: `%25` that makes escapes when decoded, stray `%`, escapes of either case. */
const ESCAPES = [
  '%',
  '25',
  '%25',
  '%2',
  '5',
  '41',
  '%41',
  '%e9',
  '%E9',
  'a',
  'B',
  '%zz',
  '%%',
  '2',
  'e',
  '9',
  'F',
  '%7f',
  '%20',
  '%23',
  '%2f',
  '%2F',
  '/',
  'x',
  '%3f',
  '%3D',
  '=',
  '&',
  '%26',
  '%c3%a9',
  '%5',
  '%25%',
  '%252',
  '%2525',
];

function escapeSoup(rng: Rng, n: number): string {
  let s = '';
  for (let i = rng.range(1, n); i > 0; i--) s += rng.pick(ESCAPES);
  return s;
}

const SCALE = Number(process.env.CANON_SCALE ?? 1);

function inputs(): string[] {
  const rng = new Rng(Number(process.env.CANON_SEED ?? 3838));
  const data = join(ROOT, 'bench/data');
  const sources: [string[], number][] = [
    [readFileSync(join(data, 'ada_kasztp.txt'), 'utf8').split('\n').filter(Boolean), 500],
    [readFileSync(join(data, 'elastic_apache_referrers.txt'), 'utf8').split('\n').filter(Boolean), 300],
    [readFileSync(join(data, 'ada_node_files.txt'), 'utf8').split('\n').filter(Boolean), 300],
    [readFileSync(join(data, 'ada_isaacs_files.txt'), 'utf8').split('\n').filter(Boolean), 300],
  ];
  const out = new Set<string>();
  for (let i = 0; i < 200 * SCALE; i++) {
    const head = rng.pick(['http://a.com/', 'file:///', 'ftp://h.org/x/', 'https://www.b.net:8080/']);
    out.add(`${head}${escapeSoup(rng, 8)}${rng.chance(0.5) ? `?${escapeSoup(rng, 10)}` : ''}`);
  }
  for (let i = 0; i < 150 * SCALE; i++) {
    const u = long(rng);
    out.add(u);
    out.add(mutate(u, rng));
  }
  for (const [lines, n] of sources) {
    for (let i = 0; i < n * SCALE; i++) {
      const u = rng.pick(lines);
      if (rng.chance(0.2)) out.add(u);
      out.add(mutate(u, rng));
    }
  }
  return [...out];
}

recordAnswers(inputs(), 'test/fixtures/canon/fast-paths.jsonl', FORMS);

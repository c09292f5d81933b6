/**
 * Records the reference implementations' answers (w3lib, the surt package, urlcanon) on mutations
 * of the corpora, as test/fixtures/canon/differential.jsonl, so that the tests need none of them.
 *
 *   SURT_SRC=…/surt URLCANON_SRC=…/urlcanon/python [CANON_CORPUS=…/corpus] node build/scripts/canon/record.js
 *
 * CANON_SEED, CANON_SCALE and CANON_OUT make a wider run elsewhere (other inputs, N times as many).
 *
 * SURT_SRC and URLCANON_SRC are the source folders of fetched copies of internetarchive/surt and
 * iipc/urlcanon (their Python packages); w3lib is Debian's python3-w3lib under /usr/bin/python3.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../../test/support/rng.js';
import { ROOT, recordAnswers } from './answers.js';

/** The shared corpus collection (CANON_CORPUS, else the folder beside the worktrees' parent). */
const CORPUS = process.env.CANON_CORPUS ?? join(ROOT, '../../shared/corpus');
/** Corpus files and how many URLs each gives before mutation. */
const SOURCES: readonly [string, number][] = [
  ['ada_userbait.txt', 160],
  ['citizenlab_test_lists.txt', 160],
  ['ada_kasztp.txt', 120],
  ['local_debian_urls.txt', 160],
  ['elastic_apache_referrers.txt', 60],
  ['elastic_apache_request_targets.txt', 60],
  ['ada_node_files.txt', 40],
];

const HOSTS = [
  'münchen.de',
  'ÉXAMPLE.com',
  'xn--mnchen-3ya.de',
  '例え.テスト',
  'faß.de',
  'www.ＥＸＡＭＰＬＥ.com',
  'a_b.example',
  '0x7f.1',
  '3279880203',
  '1.2.3',
  '[::1]',
  '[2001:DB8::1]',
  'Bücher.ch',
  '☃.net',
  'XN--fa-Hia.de..',
  '日本⒈co．jp',
  'a..b',
  '-a.b',
  'ab--c.d',
  'ex%41mple.com',
  '%e2%98%83.n%45t',
  'σόλος.gr',
  'ΣΌΛΟΣ.gr',
  'ﻋﺮﺑﻲ.de',
  'א.com',
  'a\u200db.com',
  'ａｂｃ.com',
  '0x7f.0.0.1',
  '0177.1',
  '1.2.3.4.',
  '999.1.1.1',
  '1.08.1.1',
  '[::ffff:1.2.3.4]',
  '[v1.x]',
  '[fe80::1%25eth0]',
  '[1:2:3:4:5:6:7:8:9]',
  '[::1',
  'a@b@c',
  'user:pa:ss@h',
  'h:8080:',
  'h:+80',
  'h:08',
  'h:99999',
  'xn--',
  'xn--a-',
  'xn--zz',
  'İ.com',
  `${'a'.repeat(64)}.com`,
  `${'ab.'.repeat(90)}com`,
  'www12.Example.COM.',
  '%00.com',
  'a%2eb.com',
  'a%252eb.com',
  '-1.2',
  '0x.1',
  '1_0.1',
  '%31%32%37.0.0.1',
  '\u00ad.com',
  'a b.com',
];

/** Pieces of random URLs: delimiters, escapes, dots, non-ASCII, controls. */
const SOUP = [
  '/',
  '\\',
  '.',
  '..',
  '%',
  '%2e',
  '%2E',
  '%2F',
  '%3f',
  '%25',
  '%zz',
  '?',
  '#',
  '&',
  '=',
  ';',
  ':',
  '@',
  ' ',
  '\t',
  '\n',
  'a',
  'B',
  'é',
  '☃',
  '%C3',
  '%e9',
  '+',
  '[',
  ']',
  'http:',
  'HTTPS:',
  'file:',
  '//',
  'www.',
  '\u0000',
  '\u00ad',
  '\u3002',
  '1',
  '0x',
  'xn--',
  '%%',
  '|',
  '"',
  '<',
  '`',
  '{',
  '\u00a0',
];

function soup(rng: Rng): string {
  let s = rng.pick(['', 'http://', 'https://', 'ftp://', 'http:', 'mailto:', '//', '']);
  const n = rng.range(2, 14);
  for (let i = 0; i < n; i++) s += rng.pick(SOUP);
  return s;
}

/** One mutation of the kinds the canonicalizers differ on. */
function mutate(u: string, rng: Rng): string {
  switch (rng.int(16)) {
    case 0: // case
      return u.replace(/[a-z]/g, (c) => (rng.chance(0.3) ? c.toUpperCase() : c));
    case 1: // dot segments
      return u.replace(/\/(?=[^/?#]*$|[^/?#]*[?#])/, rng.pick(['/./', '/../', '/a/../', '/%2e/', '/%2E%2E/', '//']));
    case 2: // %XX case and needless escapes
      return u
        .replace(/[A-Za-z0-9~]/g, (c) => (rng.chance(0.15) ? `%${c.charCodeAt(0).toString(16)}` : c))
        .replace(/%[0-9a-f]{2}/g, (m) => (rng.chance(0.5) ? m.toUpperCase() : m));
    case 3: // default ports
      return u.replace(/^(https?:\/\/[^/?#]*)/i, (m) => `${m}${rng.pick([':80', ':443', ':', ':0', ':8080', ':65536'])}`);
    case 4: // www prefixes
      return u.replace(/^(\w+:\/\/)/, (m) => `${m}${rng.pick(['www.', 'www2.', 'WWW.', 'www.www.', 'ww.'])}`);
    case 5: // trailing dots
      return u
        .replace(/^(\w+:\/\/[^/?#:]*)/, (m) => `${m}${rng.pick(['.', '..', ''])}`)
        .replace(/^(\w+:\/\/)/, (m) => `${m}${rng.pick(['', '.'])}`);
    case 6: // fragments
      return `${u}${rng.pick(['#', '#frag', '#a?b', '#%41 b', '#/x/../y'])}`;
    case 7: // query order and blanks
      return `${u}${u.includes('?') ? '&' : '?'}${rng.pick(['b=2&a=1', 'a=&b', '&&x=1&', 'z=1;y=2', 'q=a+b%20c', 'sid=0123456789abcdef0123456789abcdef', 'jsessionid=0123456789ABCDEF0123456789abcdef&x=1', 'A=1&a=1', '=&=x', 'k=%E9', 'k=é'])}`;
    case 8: // IDN
      return u.replace(/^(\w+:\/\/)[^/?#:]*/, (_m, p: string) => `${p}${rng.pick(HOSTS)}`);
    case 9: // whitespace
      return rng.pick([
        ` ${u} `,
        `\t${u}\n`,
        u.replace(/\//g, (s) => (rng.chance(0.2) ? `\t${s}` : s)),
        u.replace(/=/g, ' = '),
        `\u00a0${u}`,
        `${u}\r\n`,
      ]);
    case 10: // backslashes
      return u.replace(/\//g, (s) => (rng.chance(0.4) ? '\\' : s));
    case 11: // non-ASCII in path, query and userinfo
      return (
        u.replace(/^(\w+:\/\/)/, (m) => `${m}${rng.pick(['', 'user:pass@', 'us%40er@', 'ü@'])}`) +
        rng.pick(['/é', '/%C3%A9', '?q=日本', '/%e9', '/%25', '/%%41', '/a%2fb', '/a%3Fb'])
      );
    case 12: // no scheme, other schemes
      return rng.pick([
        u.replace(/^\w+:\/\//, ''),
        u.replace(/^\w+:/, 'ftp:'),
        u.replace(/^\w+:/, 'HTTPS:'),
        u.replace(/^\w+:/, 'file:'),
        u.replace(/^\w+:\/\//, 'mailto:'),
        u.replace(/^\w+:/, 'dns:'),
        u.replace(/^(\w+:\/\/)/, '$1$1'),
      ]);
    case 13: // session ids in the path
      return u.replace(/\/[^/?#]*$/, '/(S(0123456789abcdefghijklmn))/page.aspx');
    case 14: // odd characters
      return u + rng.pick(['|', '"', '<>', '`', '{}', '^', '[x]', '%', '%zz', '\u0000', '\u007f', '\u2028', '\ud83d\ude00']);
    default: // two mutations
      return mutate(mutate(u, rng), rng);
  }
}

/** CANON_SCALE multiplies the number of inputs (a wider check than the recorded fixture, written to CANON_OUT). */
const SCALE = Number(process.env.CANON_SCALE ?? 1);

function inputs(): string[] {
  const rng = new Rng(Number(process.env.CANON_SEED ?? 38));
  const out = new Set<string>();
  for (const [file, n] of SOURCES) {
    const lines = readFileSync(join(CORPUS, file), 'utf8')
      .split('\n')
      .filter((l) => l.length > 0 && l.length < 400);
    for (let i = 0; i < n * SCALE; i++) {
      const u = rng.pick(lines);
      out.add(u);
      out.add(mutate(u, rng));
      out.add(mutate(u, rng));
    }
  }
  for (const h of HOSTS) {
    for (const shape of [
      'http://H/',
      'https://H:443/a/../b?q=1#f',
      'H/x',
      'ftp://u:p@H:21/',
      'ws://H',
      'file://H/p',
      'dns:H',
      'foo://H/p',
      'http://H:80',
    ])
      out.add(shape.replace('H', h));
  }
  for (let i = 0; i < 600 * SCALE; i++) out.add(soup(rng));
  return [...out];
}

recordAnswers(inputs(), 'test/fixtures/canon/differential.jsonl');

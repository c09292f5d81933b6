/** The inputs of the result checks: §5.4 reference shapes, fixed bases, and `OpGen`. */
import { DEFAULT_PORTS } from '../../src/index.js';
import { type Grammar, grammar } from '../../test/support/abnf.js';
import type { Rng } from '../../test/support/rng.js';

/** RFC 3986 §5.4.1 and §5.4.2 reference shapes, and more of the same kind. */
export const REF_SHAPES: readonly string[] = [
  // §5.4.1
  'g:h',
  'g',
  './g',
  'g/',
  '/g',
  '//g',
  '?y',
  'g?y',
  '#s',
  'g#s',
  'g?y#s',
  ';x',
  'g;x',
  'g;x?y#s',
  '',
  '.',
  './',
  '..',
  '../',
  '../g',
  '../..',
  '../../g',
  // §5.4.2
  '../../../g',
  '../../../../g',
  '/./g',
  '/../g',
  'g.',
  '.g',
  'g..',
  '..g',
  './../g',
  './g/.',
  'g/./h',
  'g/../h',
  'g;x=1/./y',
  'g;x=1/../y',
  'g?y/./x',
  'g?y/../x',
  'g#s/./x',
  'g#s/../x',
  'http:g',
  // more of the same: empty components, "//", %2E, a scheme with a relative part
  '?',
  '#',
  '?#',
  '/',
  '//',
  '///g',
  '//g/../h',
  '//g/./h',
  '//g?y#s',
  'http:/g',
  'http://g/../h',
  'HTTP:g',
  'x:./g',
  'x:../g',
  'x:g/../h',
  '%2E/g',
  '%2E%2E/g',
  '.%2e/g',
  'g/%2e%2e/h',
  'g/%2E',
  'g//h',
  './/g',
  '..//g',
  '/..//g',
  './/g',
  'g/.',
  'g/..',
  'g/../..',
  './g:h',
  '../g:h',
  '../../../../g/./h/../i',
  'g/../../../..',
  '..?y',
  '.#s',
  '/.',
  '/..',
  '/../..',
  '//g/..',
  '../?y',
  'g?',
  'g#',
  './?#',
  '%67',
  'g%2Fh',
  '@g',
  'g@h/../i',
];

export const FIXED_BASES: readonly string[] = [
  'http://a/b/c/d;p?q',
  'http://a',
  'http://a/',
  'http://a?q',
  'http://a#f',
  'http://a/b/c/d;p?q#f',
  'HTTP://A/B/C',
  'http://u:p@a:8080/b/c/',
  'http://[::1]/b/c',
  'http://[2001:DB8::1]:80/b',
  'http://[v1.x]/b/c',
  'http://1.2.3.4/b/',
  'http:///b/c',
  'file:///etc/x/y',
  'foo:a/b',
  'foo:/a/b',
  'foo:a',
  'foo:/',
  'foo:',
  'foo:?q',
  'foo:#f',
  'mailto:x@y.example',
  'urn:isbn:0451450523',
  'http://a/b/../c/./d',
  'http://a/./b/',
  'http://a/b/..',
  'foo:a/../b/./c',
  'x://h',
  'x://h?q',
  'x://h/a//b/c',
  'foo:/a//b',
  'foo:a//b',
  'http://a/b/c/%2E%2E/d',
  'x:/.//a/b',
];

/** Bases, references and normalize inputs built on the rules of the ABNF (test/support/abnf.ts). */
export class OpGen {
  private readonly g: Grammar = grammar();
  constructor(private readonly r: Rng) {}

  /** One string of a rule of the grammar. */
  private rule(name: keyof Grammar): string {
    return this.r.draw(this.g[name]);
  }

  private word(): string {
    return this.r.pick(['a', 'b', 'c', 'g', 'h', 'x', 'y', 'index.html', 'd;p', 'e=1', 'f~', 'A']);
  }
  /** A path segment: pchar runs, dot-segments, %2E spellings, empty. */
  private seg(): string {
    const k = this.r.int(20);
    if (k < 7) return this.rule('segment');
    if (k < 10) return this.word();
    if (k < 12) return '.';
    if (k < 15) return '..';
    if (k < 16) return '';
    return this.r.pick(['%2E', '%2e', '%2E%2E', '.%2E', '%2e.', '...', '.a', 'a.']);
  }
  /** A non-empty segment without ":" (the first of a relative-path reference). */
  private segNc(): string {
    const k = this.r.int(10);
    if (k < 4) return this.rule('segmentNzNc');
    if (k < 6) return this.word();
    return this.r.pick(['.', '..', '..', '%2E', '%2E%2E', 'g.']);
  }
  private segs(min: number, max: number): string {
    let s = '';
    const n = min + this.r.geo(0.35, max - min);
    for (let i = 0; i < n; i++) s += `/${this.seg()}`;
    return s;
  }
  private tail(pq: number, pf: number): string {
    let s = '';
    if (this.r.chance(pq)) s += `?${this.r.chance(0.3) ? this.r.pick(['', 'y', 'q=1', 'a/./b', 'a/../b']) : this.rule('query')}`;
    if (this.r.chance(pf)) s += `#${this.r.chance(0.3) ? this.r.pick(['', 's', 'f/../x']) : this.rule('fragment')}`;
    return s;
  }

  /** An absolute base: with and without authority, query, fragment; empty, absolute, rootless paths. */
  base(): string {
    const scheme = this.r.chance(0.5) ? this.r.pick(['http', 'https', 'foo', 'x', 'file', 'HTTP', 'urn']) : this.rule('scheme');
    const k = this.r.int(20);
    let hier: string;
    if (k < 10) hier = `//${this.rule('authority')}${this.segs(0, 6)}`;
    else if (k < 12) hier = `//${this.rule('authority')}`;
    else if (k < 15)
      hier = this.r.chance(0.2) ? '/' : `/${this.segNzPchar()}${this.segs(0, 5)}`; // path-absolute: never "//"
    else if (k < 18) hier = this.segNzPchar() + this.segs(0, 5);
    else hier = '';
    return `${scheme}:${hier}${this.tail(0.35, 0.25)}`;
  }
  private segNzPchar(): string {
    const k = this.r.int(10);
    if (k < 5) return this.rule('segmentNz');
    if (k < 8) return this.word();
    return this.r.pick(['.', '..', '%2E']);
  }

  /** A reference of any form. */
  reference(): string {
    const k = this.r.int(100);
    if (k < 30) return this.r.pick(REF_SHAPES);
    if (k < 55) return this.segNc() + this.segs(0, 6) + this.tail(0.25, 0.2); // relative-path
    if (k < 65) return `/${this.segNzPchar()}${this.segs(0, 5)}${this.tail(0.25, 0.2)}`; // absolute-path
    if (k < 70) return `//${this.rule('authority')}${this.segs(0, 4)}${this.tail(0.25, 0.2)}`; // network-path
    if (k < 78) return '../'.repeat(this.r.range(1, 6)) + this.segNc() + this.segs(0, 3) + this.tail(0.2, 0.2);
    if (k < 90) return this.rule('relativeRef');
    if (k < 95) return this.rule('uri');
    // A reference with a scheme and dot-segments (strict: used as it is, dot-segments removed).
    const scheme = this.r.pick(['http', 'foo', 'x']);
    return `${scheme}:${this.r.pick(['', '/', '//h/', '//h'])}${this.segNc()}${this.segs(1, 4)}${this.tail(0.2, 0.2)}`;
  }

  // -- normalize inputs --

  /** Random case of each letter, one time in two. */
  private cased(s: string): string {
    if (this.r.chance(0.5)) return s;
    let out = '';
    for (const c of s) out += this.r.chance(0.4) ? c.toUpperCase() : c.toLowerCase();
    return out;
  }
  /** "%XX" of one octet, hex digits in random case. */
  private pct(c: number): string {
    const h = c.toString(16).padStart(2, '0');
    return `%${this.r.chance(0.5) ? h.toUpperCase() : this.r.chance(0.5) ? h : this.cased(h)}`;
  }
  /** Some characters of `s` percent-encoded (unreserved and reserved alike), plus stray encodings. */
  private encoded(s: string, p: number): string {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
        // An existing triplet stays whole.
        out += s.slice(i, i + 3);
        i += 2;
      } else if (this.r.chance(p)) out += this.pct(c.charCodeAt(0));
      else out += c;
      if (this.r.chance(0.05))
        out += this.pct(this.r.pick([...'~-._AZaz09', ...":/?#[]@!$&'()*+,;=%", ' ', '"', '\u007f', '\u00ff'].map((x) => x.charCodeAt(0))));
    }
    return out;
  }
  private scheme(): string {
    return this.cased(
      this.r.pick(['http', 'https', 'ws', 'wss', 'ftp', 'ssh', 'git', 'ldap', 'sip', 'foo', 'x-y+z.w', 'mailto', 'urn', 'file', 'a']),
    );
  }
  private host(): string {
    const k = this.r.int(20);
    if (k < 8)
      return this.encoded(
        this.cased(this.r.pick(['example.com', 'a', 'EXAMPLE.ORG', 'x-y.z_w~v', 'xn--bcher-kva.example', 'h', 'localhost'])),
        0.15,
      );
    if (k < 10) return this.encoded(this.rule('regName'), 0.1);
    if (k < 12) return this.rule('ipv4');
    if (k < 18) {
      const a = this.r.chance(0.5)
        ? this.rule('ipv6')
        : this.r.pick([
            '2001:0db8:0000:0000:0000:0000:0000:0001',
            '2001:DB8::1',
            '::FFFF:1.2.3.4',
            '::ffff:0102:0304',
            '1:0:0:2:0:0:0:3',
            '0:0:0:0:0:0:0:0',
            '0:0:0:0:0:0:0:1',
            '1::',
            '::',
            '2001:db8:0:0:1:0:0:1',
            '2001:db8::0:1',
            'fe80::1:2:3:4:5:6',
            '0000::00FF',
            '::1.2.3.4',
            '1:2:3:4:5:6:1.2.3.4',
            '::ffff:0:0',
            'a:b:c:d:e:f:0:0',
          ]);
      return `[${this.cased(a)}]`;
    }
    return `[${this.cased(this.rule('ipvFuture'))}]`;
  }
  private port(scheme: string): string {
    const k = this.r.int(20);
    const dp = DEFAULT_PORTS[scheme.toLowerCase()];
    if (k < 4) return '';
    if (k < 10 && dp !== undefined) return String(dp);
    if (k < 12 && dp !== undefined) return '0'.repeat(this.r.range(1, 3)) + String(dp);
    if (k < 14) return this.r.pick(['0', '00', '80', '443', '21', '8080', '65535', '65536', '99999']);
    return this.rule('port');
  }
  private pathSeg(): string {
    const k = this.r.int(20);
    if (k < 8) return this.encoded(this.rule('segment'), 0.15);
    if (k < 11) return this.encoded(this.word(), 0.3);
    if (k < 13) return '.';
    if (k < 15) return '..';
    if (k < 16) return '';
    return this.r.pick(['%2E', '%2e', '%2E%2E', '.%2e', '%2e.', '%2F', '%41%42', '%7e', '%7E']);
  }
  private pathSegs(min: number, max: number): string {
    let s = '';
    const n = min + this.r.geo(0.35, max - min);
    for (let i = 0; i < n; i++) s += `/${this.pathSeg()}`;
    return s;
  }
  private encTail(): string {
    let s = '';
    if (this.r.chance(0.35))
      s += `?${this.encoded(this.r.chance(0.5) ? this.rule('query') : this.r.pick(['', 'a=b&c=d', 'q', 'x/./y', 'a%20b']), 0.2)}`;
    if (this.r.chance(0.25))
      s += `#${this.encoded(this.r.chance(0.5) ? this.rule('fragment') : this.r.pick(['', 's', 'Frag', 'x/../y']), 0.2)}`;
    return s;
  }

  /** A normalize input: every component in case variants, %XX, dot-segments, IPv6 forms, ports. */
  normalizeInput(): string {
    const k = this.r.int(100);
    if (k < 12) return this.rule('uriReference');
    if (k < 20) {
      // Relative references: network-path, absolute-path, relative-path with leading "..".
      const j = this.r.int(3);
      if (j === 0) return `//${this.authority('x')}${this.pathSegs(0, 5)}${this.encTail()}`;
      if (j === 1) return `/${this.pathSeg() || 'a'}${this.pathSegs(0, 5)}${this.encTail()}`;
      let first = this.pathSeg();
      if (first === '' || first.includes(':')) first = '..';
      return first + this.pathSegs(0, 5) + this.encTail();
    }
    const scheme = this.scheme();
    if (scheme.toLowerCase() === 'mailto') {
      const addr = (): string =>
        this.encoded(this.cased(this.r.pick(['Joe', 'a.b', 'x'])), 0.1) +
        '@' +
        this.encoded(this.cased(this.r.pick(['Example.COM', 'a.example', 'X.Y'])), 0.1);
      return `${scheme}:${addr()}${this.r.chance(0.3) ? `,${addr()}` : ''}${this.encTail()}`;
    }
    const h = this.r.int(10);
    if (h < 7) {
      const path = this.r.chance(0.25) ? '' : this.pathSegs(1, 6);
      return `${scheme}://${this.authority(scheme)}${path}${this.encTail()}`;
    }
    if (h < 8) return `${scheme}:/${this.pathSeg().replace(/^$/, 'a')}${this.pathSegs(0, 5)}${this.encTail()}`;
    if (h < 9) return `${scheme}:${this.pathSeg() || 'a'}${this.pathSegs(0, 5)}${this.encTail()}`;
    return `${scheme}:${this.encTail()}`;
  }
  private authority(scheme: string): string {
    let s = '';
    if (this.r.chance(0.25))
      s += `${this.encoded(
        this.cased(this.r.pick(['user', 'u:p', 'User:Pass', '', ':', 'a~b']) + (this.r.chance(0.3) ? this.rule('userinfo') : '')),
        0.2,
      )}@`;
    s += this.host();
    if (this.r.chance(0.5)) s += `:${this.port(scheme)}`;
    return s;
  }
}

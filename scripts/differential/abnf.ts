/**
 * A generator of URI-references from the RFC 3986 ABNF (appendix A). One function per production;
 * quoted strings in ABNF are case-insensitive (RFC 5234 §2.3), so "v" and HEXDIG letters come in
 * both cases.
 */
import type { Rng } from './rng.js';

export const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const DIGIT = '0123456789';
export const HEXDIG = '0123456789ABCDEFabcdef';
export const UNRESERVED_PUNCT = '-._~';
export const SUB_DELIMS = "!$&'()*+,;=";

export class AbnfGen {
  constructor(private readonly r: Rng) {}

  private ch(set: string): string {
    return set[this.r.int(set.length)]!;
  }
  private rep(min: number, max: number, f: () => string): string {
    let n = min + this.r.geo(0.3, max - min);
    let s = '';
    while (n-- > 0) s += f();
    return s;
  }

  // URI-reference = URI / relative-ref
  uriReference(): string {
    return this.r.chance(0.55) ? this.uri() : this.relativeRef();
  }
  // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]   (absolute-URI: no fragment)
  uri(): string {
    let s = `${this.scheme()}:${this.hierPart()}`;
    if (this.r.chance(0.35)) s += `?${this.query()}`;
    if (this.r.chance(0.3)) s += `#${this.fragment()}`;
    return s;
  }
  // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  relativeRef(): string {
    let s = this.relativePart();
    if (this.r.chance(0.35)) s += `?${this.query()}`;
    if (this.r.chance(0.3)) s += `#${this.fragment()}`;
    return s;
  }
  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  hierPart(): string {
    const k = this.r.int(10);
    if (k < 6) return `//${this.authority()}${this.pathAbempty()}`;
    if (k < 8) return this.pathAbsolute();
    if (k < 9) return this.pathRootless();
    return '';
  }
  // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
  relativePart(): string {
    const k = this.r.int(10);
    if (k < 4) return `//${this.authority()}${this.pathAbempty()}`;
    if (k < 6) return this.pathAbsolute();
    if (k < 9) return this.pathNoscheme();
    return '';
  }
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  scheme(): string {
    if (this.r.chance(0.4)) return this.r.pick(['http', 'HTTPS', 'file', 'urn', 'mailto', 'a', 'x-y.z+w', 'Foo1']);
    return this.ch(ALPHA) + this.rep(0, 8, () => this.ch(`${ALPHA + DIGIT}+-.`));
  }
  // authority = [ userinfo "@" ] host [ ":" port ]
  authority(): string {
    let s = '';
    if (this.r.chance(0.3)) s += `${this.userinfo()}@`;
    s += this.host();
    if (this.r.chance(0.35)) s += `:${this.port()}`;
    return s;
  }
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  userinfo(): string {
    return this.rep(0, 12, () => {
      const k = this.r.int(10);
      if (k < 5) return this.unreserved();
      if (k < 6) return this.pctEncoded();
      if (k < 8) return this.subDelim();
      return ':';
    });
  }
  // host = IP-literal / IPv4address / reg-name
  host(): string {
    const k = this.r.int(10);
    if (k < 3) return this.ipLiteral();
    if (k < 5) return this.ipv4address();
    return this.regName();
  }
  // port = *DIGIT   (empty, leading zeros, above 65535, very long)
  port(): string {
    const k = this.r.int(8);
    if (k === 0) return '';
    if (k === 1) return this.r.pick(['0', '80', '65535', '65536', '0080', '99999', '4294967296']);
    if (k === 2) return this.rep(10, 30, () => this.ch(DIGIT));
    return this.rep(1, 6, () => this.ch(DIGIT));
  }
  // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
  ipLiteral(): string {
    return `[${this.r.chance(0.8) ? this.ipv6address() : this.ipvFuture()}]`;
  }
  // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  ipvFuture(): string {
    return (
      this.ch('vV') +
      this.rep(1, 4, () => this.ch(HEXDIG)) +
      '.' +
      this.rep(1, 10, () => {
        const k = this.r.int(3);
        return k === 0 ? this.unreserved() : k === 1 ? this.subDelim() : ':';
      })
    );
  }
  // IPv6address: the nine forms of §3.2.2.
  ipv6address(): string {
    const hs = (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += `${this.h16()}:`;
      return s;
    };
    // [ *k( h16 ":" ) h16 ] before "::"
    const pre = (k: number): string => {
      if (this.r.chance(0.3)) return '';
      const n = this.r.range(0, k);
      return hs(n) + this.h16();
    };
    switch (this.r.int(9)) {
      case 0:
        return hs(6) + this.ls32();
      case 1:
        return `::${hs(5)}${this.ls32()}`;
      case 2:
        return `${this.r.chance(0.5) ? this.h16() : ''}::${hs(4)}${this.ls32()}`;
      case 3:
        return `${pre(1)}::${hs(3)}${this.ls32()}`;
      case 4:
        return `${pre(2)}::${hs(2)}${this.ls32()}`;
      case 5:
        return `${pre(3)}::${hs(1)}${this.ls32()}`;
      case 6:
        return `${pre(4)}::${this.ls32()}`;
      case 7:
        return `${pre(5)}::${this.h16()}`;
      default:
        return `${pre(6)}::`;
    }
  }
  // h16 = 1*4HEXDIG
  h16(): string {
    if (this.r.chance(0.15)) return '0';
    return this.rep(1, 4, () => this.ch(HEXDIG));
  }
  // ls32 = ( h16 ":" h16 ) / IPv4address
  ls32(): string {
    return this.r.chance(0.6) ? `${this.h16()}:${this.h16()}` : this.ipv4address();
  }
  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  ipv4address(): string {
    return [this.decOctet(), this.decOctet(), this.decOctet(), this.decOctet()].join('.');
  }
  // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
  decOctet(): string {
    switch (this.r.int(5)) {
      case 0:
        return this.ch(DIGIT);
      case 1:
        return this.ch('123456789') + this.ch(DIGIT);
      case 2:
        return `1${this.ch(DIGIT)}${this.ch(DIGIT)}`;
      case 3:
        return `2${this.ch('01234')}${this.ch(DIGIT)}`;
      default:
        return `25${this.ch('012345')}`;
    }
  }
  // reg-name = *( unreserved / pct-encoded / sub-delims ), with IPv4 look-alikes (reg-names by
  // first-match-wins) and common host names.
  regName(): string {
    const k = this.r.int(10);
    if (k === 0) return '';
    if (k === 1) {
      return this.r.pick([
        '01.2.3.4',
        '1.2.3',
        '256.1.1.1',
        '1.2.3.4.',
        '1.2.3.4.5',
        '0x7f.0.0.1',
        '1..2.3',
        '00.0.0.0',
        '255.255.255.255x',
        '1.2.3.04',
        '300.1.2.3',
        '127.1',
        '1.2.3.256',
      ]);
    }
    if (k === 2) return this.r.pick(['example.com', 'localhost', 'a.b-c.d', 'EXAMPLE.ORG', 'xn--bcher-kva.example']);
    return this.rep(1, 14, () => {
      const j = this.r.int(10);
      if (j < 6) return this.unreserved();
      if (j < 7) return this.pctEncoded();
      return this.subDelim();
    });
  }
  // path-abempty = *( "/" segment )
  pathAbempty(): string {
    return this.rep(0, 4, () => `/${this.segment()}`);
  }
  // path-absolute = "/" [ segment-nz *( "/" segment ) ]
  pathAbsolute(): string {
    if (this.r.chance(0.2)) return '/';
    return `/${this.segmentNz()}${this.rep(0, 4, () => `/${this.segment()}`)}`;
  }
  // path-noscheme = segment-nz-nc *( "/" segment )
  pathNoscheme(): string {
    return this.segmentNzNc() + this.rep(0, 4, () => `/${this.segment()}`);
  }
  // path-rootless = segment-nz *( "/" segment )
  pathRootless(): string {
    return this.segmentNz() + this.rep(0, 4, () => `/${this.segment()}`);
  }
  // segment = *pchar (dot-segments included)
  segment(): string {
    if (this.r.chance(0.1)) return this.r.pick(['.', '..', '']);
    return this.rep(0, 8, () => this.pchar());
  }
  // segment-nz = 1*pchar
  segmentNz(): string {
    if (this.r.chance(0.1)) return this.r.pick(['.', '..']);
    return this.rep(1, 8, () => this.pchar());
  }
  // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  segmentNzNc(): string {
    if (this.r.chance(0.1)) return this.r.pick(['.', '..']);
    return this.rep(1, 8, () => {
      const k = this.r.int(10);
      if (k < 6) return this.unreserved();
      if (k < 7) return this.pctEncoded();
      if (k < 9) return this.subDelim();
      return '@';
    });
  }
  // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  pchar(): string {
    const k = this.r.int(20);
    if (k < 11) return this.unreserved();
    if (k < 13) return this.pctEncoded();
    if (k < 17) return this.subDelim();
    return k < 19 ? ':' : '@';
  }
  // query = *( pchar / "/" / "?" ); fragment = the same
  query(): string {
    return this.rep(0, 16, () => {
      const k = this.r.int(10);
      if (k < 8) return this.pchar();
      return k === 8 ? '/' : '?';
    });
  }
  fragment(): string {
    return this.query();
  }
  // pct-encoded = "%" HEXDIG HEXDIG
  pctEncoded(): string {
    return `%${this.ch(HEXDIG)}${this.ch(HEXDIG)}`;
  }
  // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
  unreserved(): string {
    const k = this.r.int(10);
    if (k < 6) return this.ch(ALPHA);
    if (k < 8) return this.ch(DIGIT);
    return this.ch(UNRESERVED_PUNCT);
  }
  // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
  subDelim(): string {
    return this.ch(SUB_DELIMS);
  }
}

/**
 * The `Uri` view and the functions that make one: `parse`, `tryParse`, `isValid`, `buildUri`, and the
 * URL Standard's `parseWeb`, `tryParseWeb`, `isValidWeb`.
 *
 * A `Uri` is the input string plus the boundaries that `scan` found, copied into plain integer
 * fields. A component is sliced from the input the first time it is read and cached; nothing is
 * decoded or copied at parse time. The operations below the view work on the string and its
 * record; the view calls them and wraps what they return.
 */

import { type AuthorityKind, authorityKindOf } from './ops/authority.js';
import { type BuildComponents, type BuildOptions, build, type UriChanges, withChanges } from './ops/build.js';
import { decodeOutsideBrackets } from './ops/java.js';
import { normalize, originOf } from './ops/normalize.js';
import { percentDecode } from './ops/percent.js';
import { changeQuery, type QueryChangeOptions, type QueryChanges, QueryParams } from './ops/query.js';
import { defaultPortOf } from './ops/schemes.js';
import { argumentError, scanError, UriError } from './syntax/errors.js';
import { isUri, URI_BRAND, type UriLike } from './syntax/input.js';
import {
  Flag,
  HOST_LITERAL,
  type HostType,
  hostTypeOf,
  OFFSETS_LENGTH,
  PARTS,
  parts,
  partsOf,
  Slot,
  setOffsets,
  type UriWarning,
  WARNING_FLAGS,
  warningsOf,
} from './syntax/offsets.js';
import { checkOptionNames } from './syntax/options.js';
import { PARSE_OPTIONS, type ParseOptions, scanParts, scanString, validString } from './syntax/scan.js';
import { webOrigin } from './web/origin.js';
import { WEB_RECORD_LENGTH } from './web/scan.js';
import { webError, webHref, webValid } from './web/url.js';

// One record for every parse: scan writes it, the Uri copies the few numbers it needs.
const scratch = new Uint32Array(OFFSETS_LENGTH);
// For the getters that work on a record (origin, authorityKind): never the parse's scratch.
const view = new Uint32Array(OFFSETS_LENGTH);
// The record that buildUri and Uri#with have written for the new Uri.
const built = new Uint32Array(OFFSETS_LENGTH);

/** Marks a cache slot that has not been computed (components may be `undefined`). */
const UNSET = null;

/** What a normal form may hold: what its input's parse accepted (IRI characters, a zone). */
const NORMAL_FORM = { iri: true, zoneId: true } as const;

/**
 * A parsed URI-reference. Raw components keep the input's exact characters; `undefined` means
 * the delimiter is absent, `''` that it is present and the component empty.
 *
 * A `Uri` cannot change: its state is private, every member is a getter or a method of the
 * (frozen) prototype, and assigning one throws a TypeError in strict code (ES modules, classes)
 * and does nothing elsewhere, so no assignment can make it answer for another URI. To change a
 * component, `uri.with(changes)` returns a new `Uri`.
 *
 * @example
 * const uri = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f');
 * uri.scheme;   // 'HTTP'
 * uri.host;     // '[::1]'
 * uri.hostType; // 'ipv6'
 * uri.port;     // '8080'
 * uri.path;     // '/a/b'
 */
export class Uri implements UriLike {
  // On the prototype (below): the brand by which every copy of urikit knows a Uri.
  declare readonly [URI_BRAND]: true;
  readonly #href: string;
  // Boundaries (see `Slot`) and flags (see `Flag`), copied from the offsets record.
  readonly #flags: number;
  readonly #schemeEnd: number;
  readonly #authorityStart: number;
  readonly #userinfoEnd: number;
  readonly #hostStart: number;
  readonly #hostEnd: number;
  readonly #portStart: number;
  readonly #pathStart: number;
  readonly #pathEnd: number;
  readonly #queryStart: number;
  readonly #queryEnd: number;
  readonly #fragmentStart: number;
  readonly #warningIndex: number;
  // Slices and views, computed on first read.
  #host: string | undefined | typeof UNSET = UNSET;
  #path: string | typeof UNSET = UNSET;
  #query: string | undefined | typeof UNSET = UNSET;
  #params: QueryParams | typeof UNSET = UNSET;

  /**
   * A view over `input` as described by an offsets record that `scan` filled for it (or that
   * `recompose` wrote). Most code calls `parse` or `tryParse` instead.
   */
  constructor(input: string, offsets: Uint32Array) {
    // parse's common shapes come in `parts` (offsets.ts), every other record is copied there first:
    // the one path is small enough for V8 to inline, with the getters read after it.
    if (offsets !== PARTS) checkView(input, offsets);
    this.#href = input;
    this.#flags = parts.flags;
    this.#schemeEnd = parts.schemeEnd;
    this.#authorityStart = parts.authorityStart;
    this.#userinfoEnd = parts.userinfoEnd;
    this.#hostStart = parts.hostStart;
    this.#hostEnd = parts.hostEnd;
    this.#portStart = parts.portStart;
    this.#pathStart = parts.pathStart;
    this.#pathEnd = parts.pathEnd;
    this.#queryStart = parts.queryStart;
    this.#queryEnd = parts.queryEnd;
    this.#fragmentStart = parts.fragmentStart;
    this.#warningIndex = parts.warningIndex;
  }

  /** True for a `Uri` of this library, whichever of its builds (ES module or CommonJS) made it. */
  static [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: a subclass is checked as the class it was called on
    if (this !== Uri) return Function.prototype[Symbol.hasInstance].call(this, x);
    return isUri(x);
  }

  /** The input, exactly. */
  get href(): string {
    return this.#href;
  }

  /** `scheme` (RFC 3986 §3.1), as written; `undefined` for a relative reference. */
  get scheme(): string | undefined {
    return (this.#flags & Flag.SCHEME) !== 0 ? this.#href.slice(0, this.#schemeEnd) : undefined;
  }

  /** `authority` (§3.2): what follows `//` up to the path; `undefined` without `//`. */
  get authority(): string | undefined {
    return (this.#flags & Flag.AUTHORITY) !== 0 ? this.#href.slice(this.#authorityStart, this.#pathStart) : undefined;
  }

  /** `userinfo` (§3.2.1): what precedes `@` in the authority. */
  get userinfo(): string | undefined {
    return (this.#flags & Flag.USERINFO) !== 0 ? this.#href.slice(this.#authorityStart, this.#userinfoEnd) : undefined;
  }

  /**
   * The userinfo up to its first `:` (the `user:password` form that §3.2.1 deprecates), as
   * written (percent-encoded); `undefined` without userinfo.
   * @example
   * parse('ftp://anne:s%3Acret@h/').user; // 'anne'
   */
  get user(): string | undefined {
    if ((this.#flags & Flag.USERINFO) === 0) return undefined;
    const colon = this.#href.indexOf(':', this.#authorityStart);
    return this.#href.slice(this.#authorityStart, colon !== -1 && colon < this.#userinfoEnd ? colon : this.#userinfoEnd);
  }

  /**
   * The userinfo after its first `:`, as written; `undefined` when there is no `:` (or no
   * userinfo). A password in a URI is visible to everyone who sees the URI (§3.2.1).
   * @example
   * parse('ftp://anne:s%3Acret@h/').password; // 's%3Acret'
   * parse('ftp://anne@h/').password;          // undefined
   */
  get password(): string | undefined {
    if ((this.#flags & Flag.USERINFO) === 0) return undefined;
    const colon = this.#href.indexOf(':', this.#authorityStart);
    return colon !== -1 && colon < this.#userinfoEnd ? this.#href.slice(colon + 1, this.#userinfoEnd) : undefined;
  }

  /** `host` (§3.2.2); IP-literals keep their brackets. `''` for an empty host (`file:///x`). */
  get host(): string | undefined {
    let h = this.#host;
    if (h === UNSET) {
      h = (this.#flags & Flag.AUTHORITY) !== 0 ? this.#href.slice(this.#hostStart, this.#hostEnd) : undefined;
      this.#host = h;
    }
    return h;
  }

  /**
   * The host without the brackets of an IP literal: the name or address to connect to.
   * @example
   * parse('http://[::1]:8080/').hostname; // '::1'
   */
  get hostname(): string | undefined {
    if ((this.#flags & HOST_LITERAL) === 0) return this.host;
    return this.#href.slice(this.#hostStart + 1, this.#hostEnd - 1);
  }

  /** Which rule of §3.2.2 the host matches; `undefined` without an authority. */
  get hostType(): HostType | undefined {
    return hostTypeOf(this.#flags);
  }

  /**
   * java.net.URI's authority model (RFC 2396 §3.2): `'server'` when the authority is
   * `[userinfo "@"] host [":" port]` with a hostname, IPv4 address or IPv6 literal and a numeric
   * port, as `parseServerAuthority()` accepts it; `'registry'` otherwise (`//a_b`,
   * `//256.1.1.1`, sub-delims in the host); `undefined` without an authority.
   * @example
   * parse('http://example.com:8080/').authorityKind; // 'server'
   * parse('http://a_b/').authorityKind;              // 'registry'
   */
  get authorityKind(): AuthorityKind | undefined {
    if ((this.#flags & Flag.AUTHORITY) === 0) return undefined;
    return authorityKindOf(this.#href, this.writeOffsets(view));
  }

  /** `port` (§3.2.3) as written, any number of digits; `''` for `host:`. */
  get port(): string | undefined {
    return (this.#flags & Flag.PORT) !== 0 ? this.#href.slice(this.#portStart, this.#pathStart) : undefined;
  }

  /**
   * The port's value when it is present, not empty and at most 65535; `undefined` otherwise, so
   * that code opening connections never sees an out-of-range or truncated number.
   */
  get portNumber(): number | undefined {
    if ((this.#flags & Flag.PORT) === 0) return undefined;
    const s = this.#href;
    const end = this.#pathStart;
    let p = this.#portStart;
    if (p === end) return undefined;
    let value = 0;
    for (; p < end; p++) {
      value = value * 10 + (s.charCodeAt(p) - 0x30);
      if (value > 65535) return undefined;
    }
    return value;
  }

  /**
   * The scheme's default port (`DEFAULT_PORTS`: 80 for http, 443 for https, ...); `undefined`
   * for a scheme without one, or a relative reference.
   * @example
   * parse('https://a/').defaultPort; // 443
   */
  get defaultPort(): number | undefined {
    return (this.#flags & Flag.SCHEME) !== 0 ? defaultPortOf(this.#href.slice(0, this.#schemeEnd).toLowerCase()) : undefined;
  }

  /**
   * The RFC 6454 origin, serialized: `scheme://host[:port]` from the normal form (scheme and host
   * in lower case, a default port left out), or `'null'` without a scheme, an authority or a
   * host (a unique origin that equals no other). For a `Uri` that `parseWeb` made, the URL
   * Standard's origin, as `new URL(x).origin` gives it: a tuple for http, https, ws, wss and ftp
   * only, a blob: URL's by the http(s) URL inside it, `'null'` for every other scheme.
   * @example
   * parse('HTTPS://User@Example.COM:443/a?b').origin; // 'https://example.com'
   * parse('http://a:8080/').origin;                  // 'http://a:8080'
   * parse('mailto:a@b').origin;                      // 'null'
   * parse('foo://h/').origin;                        // 'foo://h'
   * parseWeb('foo://h/').origin;                     // 'null'
   * parseWeb('blob:https://a.example/x').origin;     // 'https://a.example'
   */
  get origin(): string {
    const f = this.#flags;
    if ((f & Flag.SCHEME) === 0 || (f & Flag.AUTHORITY) === 0 || this.#hostStart === this.#hostEnd) return 'null';
    return originOf(this.#href, this.writeOffsets(view));
  }

  /** `path` (§3.3): always defined, possibly empty. */
  get path(): string {
    let p = this.#path;
    if (p === UNSET) p = this.#path = this.#href.slice(this.#pathStart, this.#pathEnd);
    return p;
  }

  /** `query` (§3.4), without the `?`. */
  get query(): string | undefined {
    let q = this.#query;
    if (q === UNSET) {
      q = (this.#flags & Flag.QUERY) !== 0 ? this.#href.slice(this.#queryStart, this.#queryEnd) : undefined;
      this.#query = q;
    }
    return q;
  }

  /**
   * The query's `name=value` pairs (RFC 3986 rules: `+` is `+`; `queryParams(uri, { form: true })`
   * reads an HTML form's), read lazily over the query and decoded on read.
   * @example
   * parse('http://h/?a=1&b=x%20y').queryParams.get('b'); // 'x y'
   */
  get queryParams(): QueryParams {
    let q = this.#params;
    if (q === UNSET) {
      const has = (this.#flags & Flag.QUERY) !== 0;
      q = this.#params = new QueryParams(this.#href, has ? this.#queryStart : 0, has ? this.#queryEnd : 0, 0);
    }
    return q;
  }

  /** `fragment` (§3.5), without the `#`. */
  get fragment(): string | undefined {
    return (this.#flags & Flag.FRAGMENT) !== 0 ? this.#href.slice(this.#fragmentStart) : undefined;
  }

  /**
   * The scheme and the authority (Addressable's `site`): what precedes the path, `undefined`
   * when there is neither.
   * @example
   * parse('http://u:p@h.example:8080/a?q').site; // 'http://u:p@h.example:8080'
   * parse('mailto:a@b').site;                   // 'mailto:'
   */
  get site(): string | undefined {
    return (this.#flags & (Flag.SCHEME | Flag.AUTHORITY)) !== 0 ? this.#href.slice(0, this.#pathStart) : undefined;
  }

  /**
   * The port to connect to (Addressable's `inferred_port`): the port when one is written, else
   * the scheme's default port; `null` when neither is known, or the port is above 65535.
   * @example
   * parse('https://h/').inferredPort;     // 443
   * parse('http://h:8080/').inferredPort; // 8080
   * parse('s://h/').inferredPort;         // null
   */
  get inferredPort(): number | null {
    if ((this.#flags & Flag.PORT) !== 0 && this.#portStart < this.#pathStart) return this.portNumber ?? null;
    return this.defaultPort ?? null;
  }

  /**
   * Whether the scheme's URIs name a host on an IP network (Addressable's `ip_based?`): the
   * schemes of `DEFAULT_PORTS`, which have a port to connect to.
   * @example
   * parse('HTTPS://h/').isIpBased; // true
   * parse('urn:a:b').isIpBased;    // false
   */
  get isIpBased(): boolean {
    return this.defaultPort !== undefined;
  }

  /**
   * The path's last segment, percent-decoded, without its `;` parameters (Addressable's
   * `basename`, as POSIX basename reads a path: trailing "/" are passed over); `''` for an
   * empty path or `/`.
   * @example
   * parse('http://h/a/b%20c.tar.gz;v=1').basename; // 'b c.tar.gz'
   * parse('http://h/a/b/').basename;               // 'b'
   */
  get basename(): string {
    const s = this.#href;
    const start = this.#pathStart;
    let end = this.#pathEnd;
    while (end > start + 1 && s.charCodeAt(end - 1) === 0x2f) end--;
    let from = s.lastIndexOf('/', end - 1) + 1;
    if (from < start) from = start;
    const semicolon = s.indexOf(';', from);
    return percentDecode(s.slice(from, semicolon !== -1 && semicolon < end ? semicolon : end));
  }

  /**
   * The extension of `basename`, from its last "." (Addressable's `extname`, as Ruby's
   * `File.extname`): `''` when there is none, or the only "." are leading ones (`.profile`).
   * @example
   * parse('http://h/a/b%20c.tar.gz').extname; // '.gz'
   * parse('http://h/a/.profile').extname;     // ''
   */
  get extname(): string {
    const b = this.basename;
    let lead = 0;
    while (b.charCodeAt(lead) === 0x2e) lead++;
    const dot = b.lastIndexOf('.');
    return dot < lead ? '' : b.slice(dot);
  }

  /**
   * The `Uri` of the normal form (`normalize`), so that each component's normal form is a getter
   * (Addressable's `normalized_host`, `normalized_path`, …); this `Uri` itself when it is normal.
   * @example
   * parse('HTTP://Example.COM:80/%7e').normalized.host; // 'example.com'
   * parse('HTTP://Example.COM:80/%7e').normalized.path; // '/~'
   */
  get normalized(): Uri {
    const n = normalize(this);
    if (n === this.#href) return this;
    // The normal form keeps what the input's parse accepted: IRI characters, a zone.
    const code = scanString(n, built, NORMAL_FORM, 'Uri#normalized');
    if (code !== 0) throw scanError(code, built[Slot.ERROR_INDEX]!, n);
    return new Uri(n, built);
  }

  /**
   * The request target of an HTTP request for this URI in origin-form (RFC 9112 §3.2.1): the path
   * (`/` when empty) and the query; `undefined` for an opaque URI (`mailto:a@b`), which has none.
   * @example
   * parse('http://a.example/x/y?q=1#top').requestTarget; // '/x/y?q=1'
   * parse('http://a.example').requestTarget;             // '/'
   */
  get requestTarget(): string | undefined {
    if (this.isOpaque) return undefined;
    const end = (this.#flags & Flag.QUERY) !== 0 ? this.#queryEnd : this.#pathEnd;
    const target = this.#href.slice(this.#pathStart, end);
    return this.#pathStart === this.#pathEnd ? `/${target}` : target;
  }

  /**
   * java.net.URI's raw scheme-specific part: what lies between the scheme's `:` (or the start)
   * and the fragment's `#` (or the end).
   */
  get schemeSpecificPart(): string {
    const f = this.#flags;
    const start = (f & Flag.SCHEME) !== 0 ? this.#schemeEnd + 1 : 0;
    return (f & Flag.FRAGMENT) !== 0 ? this.#href.slice(start, this.#fragmentStart - 1) : this.#href.slice(start);
  }

  /** Has a scheme (RFC 3986 §4.3 absolute-URI, possibly with a fragment). */
  get isAbsolute(): boolean {
    return (this.#flags & Flag.SCHEME) !== 0;
  }

  /** java.net.URI's opaque: absolute, and the scheme-specific part does not begin with `/`. */
  get isOpaque(): boolean {
    return (this.#flags & Flag.SCHEME) !== 0 && this.#href.charCodeAt(this.#schemeEnd + 1) !== 0x2f;
  }

  /**
   * The path with every `%XX` decoded as UTF-8 (bad bytes become U+FFFD). Decoding can make
   * `%2F` a "/" indistinguishable from a separator: use `path` for routing and access decisions.
   * @example
   * parse('/a%20b/%C3%BC').decodedPath; // '/a b/ü'
   */
  get decodedPath(): string {
    return percentDecode(this.path);
  }

  /** `userinfo`, percent-decoded. */
  get decodedUserinfo(): string | undefined {
    const v = this.userinfo;
    return v === undefined ? v : percentDecode(v);
  }

  /** `host`, percent-decoded (a reg-name may hold `%XX`). */
  get decodedHost(): string | undefined {
    const v = this.host;
    return v === undefined ? v : percentDecode(v);
  }

  /** `query`, percent-decoded (`+` is left alone: it means space only in HTML forms). */
  get decodedQuery(): string | undefined {
    const v = this.query;
    return v === undefined ? v : percentDecode(v);
  }

  /** `fragment`, percent-decoded. */
  get decodedFragment(): string | undefined {
    const v = this.fragment;
    return v === undefined ? v : percentDecode(v);
  }

  /**
   * `authority`, percent-decoded as java.net.URI's `getAuthority()` decodes it: an IP literal's
   * zone (`%25eth0`) stays as written. For showing, not for connecting: a decoded `@` or `:`
   * is no delimiter.
   * @example
   * parse('http://%C3%BC@h.example/a%20b').decodedAuthority; // 'ü@h.example'
   */
  get decodedAuthority(): string | undefined {
    return (this.#flags & Flag.AUTHORITY) !== 0 ? decodeOutsideBrackets(this.#href, this.#authorityStart, this.#pathStart) : undefined;
  }

  /**
   * `schemeSpecificPart`, percent-decoded as java.net.URI's `getSchemeSpecificPart()` decodes it.
   * @example
   * parse('http://%C3%BC@h.example/a%20b').decodedSchemeSpecificPart; // '//ü@h.example/a b'
   */
  get decodedSchemeSpecificPart(): string {
    const f = this.#flags;
    const start = (f & Flag.SCHEME) !== 0 ? this.#schemeEnd + 1 : 0;
    return decodeOutsideBrackets(this.#href, start, (f & Flag.FRAGMENT) !== 0 ? this.#fragmentStart - 1 : this.#href.length);
  }

  /**
   * What lenient mode kept that strict RFC 3986 rejects, in a fixed order; empty otherwise.
   * Such a URI is for reading and counting, never for access decisions.
   * @example
   * parse('http://a/b c|d', { lenient: true }).warnings; // ['INVALID_CHAR']
   */
  get warnings(): readonly UriWarning[] {
    return warningsOf(this.#flags);
  }

  /** With `warnings`, the index of the first tolerated character; `undefined` otherwise. */
  get warningIndex(): number | undefined {
    return (this.#flags & WARNING_FLAGS) === 0 ? undefined : this.#warningIndex;
  }

  /** The flags of the offsets record (see `Flag`). */
  get flags(): number {
    return this.#flags;
  }

  /**
   * Writes this view's offsets record into `out` (length ≥ `OFFSETS_LENGTH`) and returns it.
   * @example
   * const rec = parse('a://h/p').writeOffsets(new Uint32Array(OFFSETS_LENGTH));
   * rec[Slot.PATH_START]; // 5
   */
  writeOffsets(out: Uint32Array): Uint32Array {
    checkRecord(out, 'Uri#writeOffsets', 'out');
    return setOffsets(
      out,
      this.#schemeEnd,
      this.#authorityStart,
      this.#userinfoEnd,
      this.#hostStart,
      this.#hostEnd,
      this.#portStart,
      this.#pathStart,
      this.#pathEnd,
      this.#queryStart,
      this.#queryEnd,
      this.#fragmentStart,
      this.#href.length,
      this.#flags,
      this.#warningIndex,
    );
  }

  /**
   * A new `Uri` with the components that `changes` names (own properties) replaced: given as the
   * getters give them (percent-encoded), or as text with `{ encoded: false }`, each checked
   * against its grammar where it stands; a key set to `undefined` removes that component
   * (`path: undefined` empties the path). `user` and `password` change one half of the userinfo;
   * `query` may be pairs or a record (`formatQuery`). The untouched components are not scanned
   * again (RFC 3986 §5.3 recomposition). Returns this `Uri` itself when `changes` names nothing.
   *
   * @throws {UriError} as `buildUri` does.
   * @example
   * const u = parse('http://a.example/p?q=1#top');
   * u.with({ host: 'b.example', fragment: undefined }).href; // 'http://b.example/p?q=1'
   * u.with({ query: { q: 'a b', page: 2 } }).href;           // 'http://a.example/p?q=a%20b&page=2#top'
   * u.with({ path: '/a b' }, { encoded: false }).href;       // 'http://a.example/a%20b?q=1#top'
   * u.with({ host: 'a/b' });                                  // throws UriError INVALID_CHAR at index 1
   *
   * The composites change several components at once, each given as its getter gives it and
   * split by the grammar (Addressable's `authority=`, `site=`, `origin=`, `request_uri=`):
   * `authority` (userinfo, host, port), `site` (scheme and authority), `origin` (scheme, host and
   * port; the userinfo goes) and `requestTarget` (path and query).
   * @example
   * u.with({ authority: 'b.example:8080' }).href;      // 'http://b.example:8080/p?q=1#top'
   * u.with({ requestTarget: '/x?y' }).href;            // 'http://a.example/x?y#top'
   */
  with(changes: UriChanges, options?: BuildOptions): Uri {
    const href = withChanges(this.#href, this.writeOffsets(built), changes, options);
    return href === null ? this : new Uri(href, built);
  }

  /**
   * A Node `URL` of this absolute URI, as java.net.URI's `toURL()` gives a `java.net.URL`: what
   * `new URL(href)` reads, in the URL Standard's grammar (which may read the host or the path
   * otherwise: `compareReadings` says where).
   *
   * @throws {UriError} MISSING_SCHEME for a relative reference (resolve it against a base
   *   first), or the URL Standard's error where `new URL` rejects the URI.
   * @example
   * parse('HTTP://Example.COM/a%20b').toURL().href; // 'http://example.com/a%20b'
   * parse('/a/b').toURL();                          // throws UriError MISSING_SCHEME at index 0
   */
  toURL(): URL {
    const href = this.#href;
    if ((this.#flags & Flag.SCHEME) === 0) {
      throw new UriError(
        'MISSING_SCHEME',
        0,
        href,
        `Uri#toURL: ${JSON.stringify(href)} is a relative reference, and a URL needs a scheme (resolve it against a base first)`,
      );
    }
    // parseWeb's reading, for its error: where it and `new URL` would part, the error says why.
    if (webHref(href, null, webRecord) === null) throw webError(href, null, 'Uri#toURL');
    return new URL(href);
  }

  /**
   * A new `Uri` whose query has the parameters that `changes` names (own properties) set (a
   * value), repeated (an array) or removed (`undefined`): a named parameter's first pair takes the
   * new values in its place, its later pairs go, and a name the query lacks is appended, encoded
   * for the query (`{ form: true }`: as a form, a space as `+`). Every other pair is kept byte for
   * byte, so a form-reading server sees the same values (`q=red+shoes` stays). No pair left: no
   * query. Returns this `Uri` itself when nothing changes.
   *
   * @example
   * parse('https://s.example/search?q=red+shoes&page=1').withQueryParams({ page: '2', y: 'a b' }).href;
   *   // 'https://s.example/search?q=red+shoes&page=2&y=a%20b'
   * parse('http://h/?a=1&b=2').withQueryParams({ a: undefined }).href; // 'http://h/?b=2'
   */
  withQueryParams(changes: QueryChanges, options?: QueryChangeOptions): Uri {
    const query = this.query;
    const changed = changeQuery(query, changes, options);
    return changed === query ? this : this.with({ query: changed });
  }

  /** The input, exactly: `parse(s).toString() === s`. */
  toString(): string {
    return this.#href;
  }

  /** The components, `null` where absent. */
  toJSON(): UriComponents {
    return {
      href: this.#href,
      scheme: this.scheme ?? null,
      userinfo: this.userinfo ?? null,
      host: this.host ?? null,
      hostType: this.hostType ?? null,
      port: this.port ?? null,
      path: this.path,
      query: this.query ?? null,
      fragment: this.fragment ?? null,
    };
  }

  /**
   * For `util.inspect` and `console.log`: the URI and its components (those present), not the
   * private state.
   */
  [Symbol.for('nodejs.util.inspect.custom')](_depth: number, options: object, inspect: (v: unknown, o: object) => string): string {
    const shown: Record<string, unknown> = { href: this.#href };
    for (const k of ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const) {
      const v = this[k];
      if (v !== undefined) shown[k] = v;
    }
    if ((this.#flags & WARNING_FLAGS) !== 0) shown.warnings = this.warnings;
    return `Uri ${inspect(shown, options)}`;
  }
}

Object.defineProperty(Uri.prototype, URI_BRAND, { value: true });

/**
 * A Uri that parseWeb or tryParseWeb made: its origin is the URL Standard's. A subclass, not a
 * field or a WeakSet, so that parse's Uri stays as small and as quick to make as it was, and
 * parseWeb pays nothing for the mark.
 */
class WebUri extends Uri {
  // Written out: the implicit one passes its arguments on by spreading them, at a cost per Uri.
  constructor(input: string, offsets: Uint32Array) {
    super(input, offsets);
  }

  override get origin(): string {
    return webOrigin(this.href, this.writeOffsets(view));
  }
}
// It is a Uri to whoever asks (messages name a value by its constructor).
Object.defineProperty(WebUri, 'name', { value: 'Uri' });
Object.defineProperty(Uri.prototype, Symbol.toStringTag, { value: 'Uri' });
Object.freeze(Uri.prototype);

/** `Uri#toJSON()`'s shape. */
export interface UriComponents {
  href: string;
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  hostType: HostType | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

/**
 * Parses an RFC 3986 URI-reference (§4.1).
 *
 * @throws {UriError} on invalid input, naming the character and its index.
 * @example
 * parse('http://example.com/a?b#c').host; // 'example.com'
 * parse('../x', { absolute: true });      // throws UriError MISSING_SCHEME
 */
export function parse(input: string, options?: ParseOptions): Uri {
  // The common shapes first, in few bytes of code: V8 inlines parse, the Uri and its getters into the caller.
  if (options === undefined && typeof input === 'string' && scanParts(input)) return new Uri(input, PARTS);
  return parseRecord(input, options);
}

/** parse of what is not a common shape, through a record. */
function parseRecord(input: string, options: ParseOptions | undefined): Uri {
  if (typeof input !== 'string') throw argumentError('parse', 'input', 'a string', input);
  if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'parse');
  const code = scanString(input, scratch, options, 'parse', options === undefined);
  if (code !== 0) throw scanError(code, scratch[Slot.ERROR_INDEX]!, input);
  return new Uri(input, scratch);
}

/**
 * Like `parse`, but returns `null` instead of throwing, without creating an Error: for invalid
 * input, for a non-string, and for options it cannot use (a wrong type, a negative maxLength, an
 * unknown name).
 *
 * @example
 * tryParse('http://a b/'); // null
 */
export function tryParse(input: string, options?: ParseOptions): Uri | null {
  if (typeof input !== 'string') return null;
  if (options === undefined && scanParts(input)) return new Uri(input, PARTS);
  try {
    if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'tryParse');
    if (scanString(input, scratch, options, 'tryParse', options === undefined) !== 0) return null;
  } catch {
    return null;
  }
  return new Uri(input, scratch);
}

/**
 * True when `input` is a valid URI-reference under `options`. Allocates nothing, and never
 * throws: a non-string, or options it cannot use, give `false`.
 *
 * @example
 * isValid('mailto:a@b.example'); // true
 * isValid('http://[::1');        // false
 */
export function isValid(input: string, options?: ParseOptions): boolean {
  if (typeof input !== 'string') return false;
  try {
    if (options !== undefined) checkOptionNames(options, PARSE_OPTIONS, 'isValid');
    return validString(input, scratch, options, 'isValid');
  } catch {
    return false;
  }
}

/**
 * A URI from its components (RFC 3986 §5.3). Given as text (the default), each component is
 * percent-encoded where its grammar needs it; with `{ encoded: true }` they are taken as written
 * and checked. Returns a strict `Uri`.
 *
 * @throws {UriError} for a component its grammar rejects, with the index in that component (an
 *   invalid scheme, a port that is not digits, a bad IP literal; in encoded mode any character
 *   the component cannot hold), and INVALID_COMPONENT for components that cannot stand together
 *   (userinfo or a port without a host, a relative path after a host).
 * @example
 * buildUri({ scheme: 'https', host: 'example.com', path: '/a b', query: { q: 'x&y' } }).href;
 *   // 'https://example.com/a%20b?q=x%26y'
 * buildUri({ scheme: 's', host: '1:2::8', port: 10 }).href; // 's://[1:2::8]:10'
 * buildUri({ scheme: 'http', host: 'münchen.de' }, { idna: true }).href; // 'http://xn--mnchen-3ya.de'
 * buildUri({ scheme: 'ftp', user: 'a:b', password: 'p w', host: 'h' }).href; // 'ftp://a%3Ab:p%20w@h'
 */
export function buildUri(components: BuildComponents, options?: BuildOptions): Uri {
  return new Uri(build(components, options, built), built);
}

/** The Uri constructor's checks of its arguments; then the record's slots go to `parts`. */
function checkView(input: string, offsets: Uint32Array): void {
  if (typeof input !== 'string') throw argumentError('Uri', 'input', 'a string', input);
  checkRecord(offsets, 'Uri', 'offsets');
  partsOf(offsets);
}

/** A record to read or write: a Uint32Array of OFFSETS_LENGTH slots or more. */
function checkRecord(rec: Uint32Array, who: string, name: string): void {
  if (!(rec instanceof Uint32Array)) throw argumentError(who, name, 'a Uint32Array', rec);
  if (rec.length < OFFSETS_LENGTH) throw new RangeError(`${who}: ${name} must have at least ${OFFSETS_LENGTH} slots, got ${rec.length}`);
}

// ---------------------------------------------------------------------------------------------
// The URL Standard (WHATWG URL), beside RFC 3986: the same view over the standard's serialization.

const webRecord = new Uint32Array(WEB_RECORD_LENGTH);

/**
 * A base URL argument: a string, or a `Uri` (its href); `null` for none (`undefined` or `null`),
 * `undefined` for anything else.
 */
function webBase(base: unknown): string | null | undefined {
  if (base === undefined || base === null) return null;
  if (typeof base === 'string') return base;
  return isUri(base) ? base.href : undefined;
}

/**
 * Parses `input` as the URL Standard's URL parser does (what browsers and Node's `URL` do), against
 * `base` when given. The `Uri` is a view of the standard's serialization (`href`): scheme and host
 * lower-cased, hosts through UTS #46 (IDNA) and the IPv4 parser (`0x7f.1` is `127.0.0.1`),
 * backslashes and dot segments resolved, code points percent-encoded as the standard's sets say,
 * default ports dropped. An input already in that form is the href itself, not a copy. Its
 * components read as RFC 3986 reads the href (`uri.path` of `web+demo:/.//x` is `/.//x`); its
 * `origin` is the URL Standard's (`'null'` for `foo://h/`), as `new URL(x).origin` gives it.
 *
 * @throws {UriError} when the URL parser returns failure (MISSING_SCHEME, INVALID_HOST,
 *   INVALID_IPV6, UNCLOSED_IP_LITERAL, INVALID_PORT), naming the standard's validation error.
 * @example
 * parseWeb('HTTP://EXAMPLE.com:80/a/../b c').href;   // 'http://example.com/b%20c'
 * parseWeb('http://0x7f.1/').host;                    // '127.0.0.1'
 * parseWeb('http:\\\\evil.com\\x').href;               // 'http://evil.com/x'
 * parseWeb('../c?q', 'https://a.example/b/d').href;   // 'https://a.example/c?q'
 */
export function parseWeb(input: string, base?: string | UriLike): Uri {
  if (typeof input !== 'string') throw argumentError('parseWeb', 'input', 'a string', input);
  const b = webBase(base);
  if (b === undefined) throw argumentError('parseWeb', 'base', 'a string or a Uri', base);
  const href = webHref(input, b, webRecord);
  if (href === null) throw webError(input, b, 'parseWeb');
  return new WebUri(href, webRecord);
}

/**
 * Like `parseWeb`, but `null` instead of an error (for any input or base that is not one).
 *
 * @example
 * tryParseWeb('http://exa mple.com/'); // null
 */
export function tryParseWeb(input: string, base?: string | UriLike): Uri | null {
  if (typeof input !== 'string') return null;
  const b = webBase(base);
  if (b === undefined) return null;
  const href = webHref(input, b, webRecord);
  return href === null ? null : new WebUri(href, webRecord);
}

/**
 * True when the URL Standard's parser accepts `input` (against `base`): `new URL(input, base)` would
 * not throw. Allocates nothing for an input whose host needs no decoding or IDNA.
 *
 * @example
 * isValidWeb('http://[::1]:8080/');  // true
 * isValidWeb('http://1.2.3.4.5/');   // false (ends in a number, and no IPv4 address)
 */
export function isValidWeb(input: string, base?: string | UriLike): boolean {
  if (typeof input !== 'string') return false;
  const b = webBase(base);
  return b !== undefined && webValid(input, b);
}

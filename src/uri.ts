/**
 * `parse`, `tryParse`, `isValid` and the lazy `Uri` view: the input string plus the boundaries
 * that `scan` found, copied into plain integer fields. A component is sliced from the input the
 * first time it is read and cached; nothing is decoded or copied at parse time.
 */
import { argumentError, scanError } from './errors.js';
import {
  Flag,
  type HostType,
  hostTypeOf,
  OFFSETS_LENGTH,
  Slot,
  setOffsets,
  type UriWarning,
  WARNING_FLAGS,
  warningsOf,
} from './offsets.js';
import { percentDecode } from './percent.js';
import { type ParseOptions, scanString } from './scan.js';

// One record for every parse: scan writes it, the Uri copies the few numbers it needs.
const scratch = new Uint32Array(OFFSETS_LENGTH);

/** Marks a cache slot that has not been computed (components may be `undefined`). */
const UNSET = null;

/**
 * A parsed URI-reference. Raw components keep the input's exact characters; `undefined` means
 * the delimiter is absent, `''` that it is present and the component empty.
 *
 * @example
 * const uri = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f');
 * uri.scheme;   // 'HTTP'
 * uri.host;     // '[::1]'
 * uri.hostType; // 'ipv6'
 * uri.port;     // '8080'
 * uri.path;     // '/a/b'
 */
export class Uri {
  /** The input, exactly. */
  readonly href: string;
  // Boundaries (see `Slot`) and flags (see `Flag`), copied from the offsets record.
  private readonly _flags: number;
  private readonly _schemeEnd: number;
  private readonly _authorityStart: number;
  private readonly _userinfoEnd: number;
  private readonly _hostStart: number;
  private readonly _hostEnd: number;
  private readonly _portStart: number;
  private readonly _pathStart: number;
  private readonly _pathEnd: number;
  private readonly _queryStart: number;
  private readonly _queryEnd: number;
  private readonly _fragmentStart: number;
  private readonly _warningIndex: number;
  // Slices, computed on first read.
  private _host: string | undefined | typeof UNSET = UNSET;
  private _path: string | typeof UNSET = UNSET;
  private _query: string | undefined | typeof UNSET = UNSET;

  /**
   * A view over `input` as described by an offsets record that `scan` filled for it.
   * Most code calls `parse` or `tryParse` instead.
   */
  constructor(input: string, offsets: Uint32Array) {
    if (typeof input !== 'string') throw argumentError('Uri', 'input', 'a string', input);
    checkRecord(offsets, 'Uri', 'offsets');
    this.href = input;
    this._flags = offsets[Slot.FLAGS]!;
    this._schemeEnd = offsets[Slot.SCHEME_END]!;
    this._authorityStart = offsets[Slot.AUTHORITY_START]!;
    this._userinfoEnd = offsets[Slot.USERINFO_END]!;
    this._hostStart = offsets[Slot.HOST_START]!;
    this._hostEnd = offsets[Slot.HOST_END]!;
    this._portStart = offsets[Slot.PORT_START]!;
    this._pathStart = offsets[Slot.PATH_START]!;
    this._pathEnd = offsets[Slot.PATH_END]!;
    this._queryStart = offsets[Slot.QUERY_START]!;
    this._queryEnd = offsets[Slot.QUERY_END]!;
    this._fragmentStart = offsets[Slot.FRAGMENT_START]!;
    this._warningIndex = offsets[Slot.WARNING_INDEX]!;
  }

  /** `scheme` (RFC 3986 §3.1), as written; `undefined` for a relative reference. */
  get scheme(): string | undefined {
    return (this._flags & Flag.SCHEME) !== 0 ? this.href.slice(0, this._schemeEnd) : undefined;
  }

  /** `authority` (§3.2): what follows `//` up to the path; `undefined` without `//`. */
  get authority(): string | undefined {
    return (this._flags & Flag.AUTHORITY) !== 0 ? this.href.slice(this._authorityStart, this._pathStart) : undefined;
  }

  /** `userinfo` (§3.2.1): what precedes `@` in the authority. */
  get userinfo(): string | undefined {
    return (this._flags & Flag.USERINFO) !== 0 ? this.href.slice(this._authorityStart, this._userinfoEnd) : undefined;
  }

  /** `host` (§3.2.2); IP-literals keep their brackets. `''` for an empty host (`file:///x`). */
  get host(): string | undefined {
    let h = this._host;
    if (h === UNSET) {
      h = (this._flags & Flag.AUTHORITY) !== 0 ? this.href.slice(this._hostStart, this._hostEnd) : undefined;
      this._host = h;
    }
    return h;
  }

  /** Which rule of §3.2.2 the host matches; `undefined` without an authority. */
  get hostType(): HostType | undefined {
    return hostTypeOf(this._flags);
  }

  /** `port` (§3.2.3) as written, any number of digits; `''` for `host:`. */
  get port(): string | undefined {
    return (this._flags & Flag.PORT) !== 0 ? this.href.slice(this._portStart, this._pathStart) : undefined;
  }

  /**
   * The port's value when it is present, not empty and at most 65535; `undefined` otherwise, so
   * that code opening connections never sees an out-of-range or truncated number.
   */
  get portNumber(): number | undefined {
    if ((this._flags & Flag.PORT) === 0) return undefined;
    const s = this.href;
    const end = this._pathStart;
    let p = this._portStart;
    if (p === end) return undefined;
    let value = 0;
    for (; p < end; p++) {
      value = value * 10 + (s.charCodeAt(p) - 0x30);
      if (value > 65535) return undefined;
    }
    return value;
  }

  /** `path` (§3.3): always defined, possibly empty. */
  get path(): string {
    let p = this._path;
    if (p === UNSET) p = this._path = this.href.slice(this._pathStart, this._pathEnd);
    return p;
  }

  /** `query` (§3.4), without the `?`. */
  get query(): string | undefined {
    let q = this._query;
    if (q === UNSET) {
      q = (this._flags & Flag.QUERY) !== 0 ? this.href.slice(this._queryStart, this._queryEnd) : undefined;
      this._query = q;
    }
    return q;
  }

  /** `fragment` (§3.5), without the `#`. */
  get fragment(): string | undefined {
    return (this._flags & Flag.FRAGMENT) !== 0 ? this.href.slice(this._fragmentStart) : undefined;
  }

  /**
   * java.net.URI's raw scheme-specific part: what lies between the scheme's `:` (or the start)
   * and the fragment's `#` (or the end).
   */
  get schemeSpecificPart(): string {
    const f = this._flags;
    const start = (f & Flag.SCHEME) !== 0 ? this._schemeEnd + 1 : 0;
    return (f & Flag.FRAGMENT) !== 0 ? this.href.slice(start, this._fragmentStart - 1) : this.href.slice(start);
  }

  /** Has a scheme (RFC 3986 §4.3 absolute-URI, possibly with a fragment). */
  get isAbsolute(): boolean {
    return (this._flags & Flag.SCHEME) !== 0;
  }

  /** java.net.URI's opaque: absolute, and the scheme-specific part does not begin with `/`. */
  get isOpaque(): boolean {
    return (this._flags & Flag.SCHEME) !== 0 && this.href.charCodeAt(this._schemeEnd + 1) !== 0x2f;
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
   * What lenient mode kept that strict RFC 3986 rejects, in a fixed order; empty otherwise.
   * Such a URI is for reading and counting, never for access decisions.
   * @example
   * parse('http://a/b c|d', { lenient: true }).warnings; // ['INVALID_CHAR']
   */
  get warnings(): readonly UriWarning[] {
    return warningsOf(this._flags);
  }

  /** With `warnings`, the index of the first tolerated character; `undefined` otherwise. */
  get warningIndex(): number | undefined {
    return (this._flags & WARNING_FLAGS) === 0 ? undefined : this._warningIndex;
  }

  /** The flags of the offsets record (see `Flag`). */
  get flags(): number {
    return this._flags;
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
      this._schemeEnd,
      this._authorityStart,
      this._userinfoEnd,
      this._hostStart,
      this._hostEnd,
      this._portStart,
      this._pathStart,
      this._pathEnd,
      this._queryStart,
      this._queryEnd,
      this._fragmentStart,
      this.href.length,
      this._flags,
      this._warningIndex,
    );
  }

  /** The input, exactly: `parse(s).toString() === s`. */
  toString(): string {
    return this.href;
  }

  /** The components, `null` where absent. */
  toJSON(): UriComponents {
    return {
      href: this.href,
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
}

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
  if (typeof input !== 'string') throw argumentError('parse', 'input', 'a string', input);
  const code = scanString(input, scratch, options, 'parse');
  if (code !== 0) throw scanError(code, scratch[Slot.ERROR_INDEX]!, input);
  return new Uri(input, scratch);
}

/**
 * Like `parse`, but returns `null` instead of throwing, without creating an Error: for invalid
 * input, for a non-string, and for options it cannot use (a wrong type, a negative maxLength).
 *
 * @example
 * tryParse('http://a b/'); // null
 */
export function tryParse(input: string, options?: ParseOptions): Uri | null {
  if (typeof input !== 'string') return null;
  try {
    if (scanString(input, scratch, options, 'tryParse') !== 0) return null;
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
    return scanString(input, scratch, options, 'isValid') === 0;
  } catch {
    return false;
  }
}

/** A record to read or write: a Uint32Array of OFFSETS_LENGTH slots or more. */
function checkRecord(rec: Uint32Array, who: string, name: string): void {
  if (!(rec instanceof Uint32Array)) throw argumentError(who, name, 'a Uint32Array', rec);
  if (rec.length < OFFSETS_LENGTH) throw new RangeError(`${who}: ${name} must have at least ${OFFSETS_LENGTH} slots, got ${rec.length}`);
}

/**
 * Fills `rec` for a string (scanned under `options`) or a `Uri` (its record copied) and returns
 * the text: the way in for resolve, normalize and relativize.
 *
 * @throws {UriError} for an invalid string; TypeError for anything else.
 */
export function scanInput(x: string | Uri, rec: Uint32Array, options: ParseOptions | undefined, who: string, name: string): string {
  if (typeof x === 'string') {
    const code = scanString(x, rec, options, who);
    if (code !== 0) throw scanError(code, rec[Slot.ERROR_INDEX]!, x);
    return x;
  }
  if (x instanceof Uri) {
    x.writeOffsets(rec);
    return x.href;
  }
  throw argumentError(who, name, 'a string or a Uri', x);
}

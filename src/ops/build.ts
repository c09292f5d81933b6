/**
 * Building a URI from components, and changing a URI's components (RFC 3986 §5.3 recomposition).
 *
 * `build` and `withChanges` return the new text and write its offsets record; `buildUri` and
 * `Uri#with` wrap them in a `Uri`. Each component given is checked against its own grammar where
 * it will stand, so that it can never spill into its neighbours (a host holding "/", a query
 * holding "#"); the components left as they were are not scanned again; `recompose` writes the
 * result and its offsets record in one pass.
 */
import { argumentError, scanError, UriError, type UriErrorCode } from '../syntax/errors.js';
import { ipv6Error, ipvFutureError, isIPv4 } from '../syntax/host.js';
import { Flag, HOST_LITERAL, OFFSETS_LENGTH, Slot, WARNING_FLAGS } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, optionNames, optionsOf } from '../syntax/options.js';
import { scanString } from '../syntax/scan.js';
import { ALLOWED, EncodeSet } from '../syntax/tables.js';
import { toAsciiHost } from './idna.js';
import { emptyParts, type Parts, percentHints, recompose } from './path.js';
import { encodeSet, hexByte } from './percent.js';
import { formatQuery, type QueryInput } from './query.js';

/**
 * The components of `buildUri` and `Uri#with`: `undefined` (or, for `with`, a key set to
 * `undefined`) for an absent component. `user` and `password` are the two halves of `userinfo`
 * (give either form, not both). `query` may be pairs or a record, written with `formatQuery`.
 */
export interface BuildComponents {
  scheme?: string | undefined;
  userinfo?: string | undefined;
  user?: string | undefined;
  password?: string | undefined;
  host?: string | undefined;
  port?: string | number | undefined;
  path?: string | undefined;
  query?: string | QueryInput | undefined;
  fragment?: string | undefined;
}

/**
 * The composite parts `Uri#with` changes at once (Addressable's `authority=`, `site=`,
 * `origin=`, `request_uri=`), each written as the getter of its name gives it, split by the
 * grammar, and `undefined` to remove all it covers.
 */
export interface CompositeChanges {
  /** userinfo, host and port: `u@h:8080`. */
  authority?: string | undefined;
  /** scheme and authority: `http://u@h:8080`, `mailto:` or `//h`. */
  site?: string | undefined;
  /** scheme, host and port, without userinfo: `https://h:8443`. */
  origin?: string | undefined;
  /** path and query, in origin-form: `/a/b?q=1`. */
  requestTarget?: string | undefined;
}

/** What `Uri#with` changes: components, and composites. */
export type UriChanges = BuildComponents & CompositeChanges;

/** Options of `buildUri` and `Uri#with`. */
export interface BuildOptions {
  /**
   * How component strings are read. `false` (buildUri's default): as text, percent-encoded
   * where their grammar needs it (`%` always, so that decoding gives the text back), as
   * java.net.URI's multi-argument constructors quote; an IPv6 address gets its brackets.
   * `true` (with's default, as the getters give components): already encoded, and checked.
   */
  encoded?: boolean;
  /** Text mode: write a reg-name host as A-labels (`toAsciiHost`) instead of percent-encoding it. */
  idna?: boolean;
  /** Accept RFC 3987 characters in the components (`parse`'s `iri`). */
  iri?: boolean;
  /** Accept an RFC 6874 zone identifier in an IPv6 host (`parse`'s `zoneId`). */
  zoneId?: boolean;
}

const BUILD_OPTIONS = optionNames<BuildOptions>()(['encoded', 'idna', 'iri', 'zoneId']);

const KEYS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
type Key = (typeof KEYS)[number];

const check = new Uint32Array(OFFSETS_LENGTH);

/**
 * `buildUri`: the URI of `components` (RFC 3986 §5.3), its offsets record written into `out`.
 * Given as text (the default), each component is percent-encoded where its grammar needs it;
 * with `{ encoded: true }` they are taken as written and checked.
 */
export function build(components: BuildComponents, options: BuildOptions | undefined, out: Uint32Array): string {
  if (typeof components !== 'object' || components === null) throw argumentError('buildUri', 'components', 'an object', components);
  for (const k in components) {
    if (Object.hasOwn(components, k) && !COMPONENTS.has(k)) throw unknown('buildUri', k);
  }
  const o = readOptions(options, 'buildUri', false);
  const parts = emptyParts();
  for (const k of KEYS) {
    const v = own(components, k);
    if (v !== undefined) set(parts, k, v, o, 'buildUri');
  }
  const user = own(components, 'user');
  const password = own(components, 'password');
  if (user !== undefined || password !== undefined) {
    if (parts.userinfo !== undefined) throw both('buildUri');
    parts.userinfo = userinfoOf(halve(user, 'user', o, 'buildUri'), halve(password, 'password', o, 'buildUri'), o);
  }
  return finish(parts, o, 'buildUri', false, out);
}

/**
 * `Uri#with`: the URI `s` (described by `rec`) with the components that `changes` names as own
 * properties replaced, a key set to `undefined` removing one; the new text's record overwrites
 * `rec`. `null` when `changes` names nothing (the URI stays as it is). The untouched components
 * are sliced from `s` as they are, not scanned again.
 */
export function withChanges(s: string, rec: Uint32Array, changes: UriChanges, options: BuildOptions | undefined): string | null {
  if (typeof changes !== 'object' || changes === null) throw argumentError('Uri#with', 'changes', 'an object', changes);
  const f = rec[Slot.FLAGS]!;
  // The common change, one component that is there already: the text around it stays as it is
  // and so does its record, shifted (no recomposition, no scan but the new component's).
  let only: string | undefined;
  let count = 0;
  for (const k in changes) {
    if (!Object.hasOwn(changes, k)) continue;
    if (!COMPONENTS.has(k)) {
      if (COMPOSITES.has(k)) return withChanges(s, rec, expand(s, rec, changes, options), options);
      throw unknown('Uri#with', k);
    }
    only = k;
    count++;
  }
  if (count === 0) {
    readOptions(options, 'Uri#with', true);
    return null;
  }
  if (count === 1 && options === undefined && (f & (WARNING_FLAGS | Flag.NON_ASCII)) === 0) {
    // Named loads (not changes[only]): monomorphic for the literal {host} a caller writes.
    const v = only === 'host' ? changes.host : only === 'query' ? changes.query : only === 'fragment' ? changes.fragment : undefined;
    const fast = replaced(s, rec, f, only!, v);
    if (fast !== null) return fast;
  }
  const o = readOptions(options, 'Uri#with', true);
  accepted(s, rec, o);
  const parts = emptyParts();
  if ((f & Flag.SCHEME) !== 0) parts.scheme = s.slice(0, rec[Slot.SCHEME_END]);
  if ((f & Flag.AUTHORITY) !== 0) {
    if ((f & Flag.USERINFO) !== 0) parts.userinfo = s.slice(rec[Slot.AUTHORITY_START], rec[Slot.USERINFO_END]);
    parts.host = s.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]);
    if ((f & Flag.PORT) !== 0) parts.port = s.slice(rec[Slot.PORT_START], rec[Slot.PATH_START]);
  }
  parts.path = s.slice(rec[Slot.PATH_START], rec[Slot.PATH_END]);
  if ((f & Flag.QUERY) !== 0) parts.query = s.slice(rec[Slot.QUERY_START], rec[Slot.QUERY_END]);
  if ((f & Flag.FRAGMENT) !== 0) parts.fragment = s.slice(rec[Slot.FRAGMENT_START]);
  for (const k of KEYS) {
    if (!Object.hasOwn(changes, k)) continue;
    const v = (changes as Record<string, unknown>)[k];
    if (v !== undefined) set(parts, k, v, o, 'Uri#with');
    else if (k === 'path') parts.path = '';
    else parts[k] = undefined;
  }
  const hasUser = Object.hasOwn(changes, 'user');
  const hasPassword = Object.hasOwn(changes, 'password');
  if (hasUser || hasPassword) {
    if (Object.hasOwn(changes, 'userinfo')) throw both('Uri#with');
    const old = parts.userinfo;
    const colon = old === undefined ? -1 : old.indexOf(':');
    // Removing the user removes the userinfo, its password too unless one is given.
    const user = hasUser
      ? halve(changes.user, 'user', o, 'Uri#with')
      : old === undefined
        ? undefined
        : colon === -1
          ? old
          : old.slice(0, colon);
    const password = hasPassword
      ? halve(changes.password, 'password', o, 'Uri#with')
      : old === undefined || colon === -1 || (hasUser && user === undefined)
        ? undefined
        : old.slice(colon + 1);
    parts.userinfo = userinfoOf(user, password, o);
  }
  return finish(parts, o, 'Uri#with', (f & WARNING_FLAGS) !== 0, rec);
}

const COMPONENTS: ReadonlySet<string> = new Set([...KEYS, 'user', 'password']);

/** What parse accepted in the URI `s` (described by `rec`) stays accepted in the changes. */
function accepted(s: string, rec: Uint32Array, o: Read): void {
  const f = rec[Slot.FLAGS]!;
  if ((f & Flag.NON_ASCII) !== 0) o.iri = true;
  if ((f & Flag.HOST_IPV6) !== 0 && s.lastIndexOf('%', rec[Slot.HOST_END]!) > rec[Slot.HOST_START]!) o.zoneId = true;
}

/** The components each composite covers. */
const COVERS: Readonly<Record<string, readonly Key[]>> = {
  authority: ['userinfo', 'host', 'port'],
  site: ['scheme', 'userinfo', 'host', 'port'],
  origin: ['scheme', 'userinfo', 'host', 'port'],
  requestTarget: ['path', 'query'],
};
const COMPOSITES: ReadonlySet<string> = new Set(Object.keys(COVERS));

const part = new Uint32Array(OFFSETS_LENGTH);

/**
 * `changes` with each composite replaced by the components it covers (as written, those it
 * lacks set to `undefined`, removed). A composite is scanned whole in its place and split where
 * the scan says, so a bad one is an error at its index in the composite. A component given
 * beside a composite that covers it, or two composites that overlap, are a TypeError: which one
 * was meant is not clear.
 */
function expand(s: string, rec: Uint32Array, changes: UriChanges, options: BuildOptions | undefined): BuildComponents {
  const o = readOptions(options, 'Uri#with', true);
  accepted(s, rec, o);
  const out: Record<string, unknown> = {};
  const by = new Map<string, string>();
  for (const k in changes) {
    if (!Object.hasOwn(changes, k) || !COMPOSITES.has(k)) continue;
    if (!o.encoded)
      throw new TypeError(`Uri#with: ${k} is split by the grammar, so it is given as written; options.encoded cannot be false with it`);
    for (const c of COVERS[k]!) {
      const other = by.get(c);
      if (other !== undefined) throw new TypeError(`Uri#with: ${other} and ${k} both set the ${c}; give one of them`);
      by.set(c, k);
    }
    const v = (changes as Record<string, unknown>)[k];
    if (v !== undefined && typeof v !== 'string') throw argumentError('Uri#with', k, 'a string', v);
    Object.assign(out, v === undefined ? removed(COVERS[k]!) : split(k, v, o));
  }
  for (const k in changes) {
    if (!Object.hasOwn(changes, k) || COMPOSITES.has(k)) continue;
    const c = k === 'user' || k === 'password' ? 'userinfo' : k;
    const other = by.get(c);
    if (other !== undefined) throw new TypeError(`Uri#with: ${other} sets the ${c}, and ${k} is given too; give one of them`);
    out[k] = (changes as Record<string, unknown>)[k];
  }
  return out as BuildComponents;
}

function removed(keys: readonly Key[]): Record<string, undefined> {
  const out: Record<string, undefined> = {};
  for (const k of keys) out[k] = undefined;
  return out;
}

/** The components of composite `k` = `v`, from one scan of it in its place. */
function split(k: string, v: string, o: Read): Record<string, string | undefined> {
  const target = k === 'requestTarget';
  const prefix = k === 'authority' ? '//' : target ? '//h' : '';
  const text = scanInPlace(v, prefix, '', part, o, k);
  const at = (i: number): number => Math.max(0, Math.min(v.length, i - prefix.length));
  const f = part[Slot.FLAGS]!;
  const slice = (start: number, end: number): string => text.slice(part[start], part[end]);
  if (target) {
    if (v.charCodeAt(0) !== 0x2f) throw component('INVALID_COMPONENT', 0, v, k, 'an origin-form request target begins with "/"');
    if ((f & Flag.FRAGMENT) !== 0)
      throw component('INVALID_CHAR', at(part[Slot.FRAGMENT_START]! - 1), v, k, 'a request target has no fragment');
    return {
      path: slice(Slot.PATH_START, Slot.PATH_END),
      query: (f & Flag.QUERY) !== 0 ? slice(Slot.QUERY_START, Slot.QUERY_END) : undefined,
    };
  }
  // What follows the authority, or the scheme of a site without one: nothing may.
  const end = part[Slot.PATH_START]!;
  if (end !== text.length)
    throw component(
      'INVALID_CHAR',
      at(end),
      v,
      k,
      `it would end the ${k === 'authority' ? 'authority' : 'authority (a path, query or fragment follows it)'}`,
    );
  const out: Record<string, string | undefined> = {};
  if (k !== 'authority') {
    if ((f & Flag.SCHEME) !== 0) out.scheme = text.slice(0, part[Slot.SCHEME_END]);
    else if (k === 'origin') throw component('MISSING_SCHEME', 0, v, k, 'an origin is scheme://host[:port]');
    else out.scheme = undefined;
  }
  const authority = (f & Flag.AUTHORITY) !== 0;
  if (k === 'origin' && (!authority || part[Slot.HOST_START] === part[Slot.HOST_END] || (f & Flag.USERINFO) !== 0)) {
    throw component(
      'INVALID_COMPONENT',
      authority ? part[Slot.AUTHORITY_START]! : v.length,
      v,
      k,
      'an origin is scheme://host[:port], with a host and no userinfo',
    );
  }
  out.userinfo = authority && (f & Flag.USERINFO) !== 0 ? slice(Slot.AUTHORITY_START, Slot.USERINFO_END) : undefined;
  out.host = authority ? slice(Slot.HOST_START, Slot.HOST_END) : undefined;
  out.port = authority && (f & Flag.PORT) !== 0 ? slice(Slot.PORT_START, Slot.PATH_START) : undefined;
  return out;
}

const UPPER = /[A-Z]/;
/** PERCENT and the normalization hints about "%XX" that scan sets with it. */
const PCT_HINTS = Flag.PERCENT | Flag.PCT_LOWER | Flag.PCT_UNRESERVED;

function unknown(who: string, k: string): TypeError {
  const composites = who === 'Uri#with' ? `; the composites ${[...COMPOSITES].join(', ')}` : '';
  return new TypeError(`${who}: unknown component ${JSON.stringify(k)} (the components are ${[...COMPONENTS].join(', ')}${composites})`);
}

/**
 * `s` (described by `rec`, flags `f`) with component `k`, present, replaced by the encoded `v`;
 * `null` when this is not such a case (absent component, not a string, a structural change, or
 * a value to report an error for), which the general way then takes. Shifts `rec` in place,
 * into the new text's record.
 */
function replaced(s: string, rec: Uint32Array, f: number, k: string, v: unknown): string | null {
  if (typeof v !== 'string') return null;
  let start: number;
  let end: number;
  // The slot that holds `start`: it stays where it is even when the component is empty and
  // `start` equals `end`.
  let startSlot = -1;
  // The new component's flags (its host type; PERCENT and its hints when it holds a %XX), -1
  // when invalid.
  let bits: number;
  // The flags of `f` that the change leaves as they are.
  let keep = ~PCT_HINTS;
  if (k === 'host' && (f & Flag.AUTHORITY) !== 0) {
    bits = hostFlags(v);
    keep &= ~(Flag.HOST_IPV4 | HOST_LITERAL | Flag.UPPER);
    start = rec[Slot.HOST_START]!;
    end = rec[Slot.HOST_END]!;
  } else if (k === 'query' && (f & Flag.QUERY) !== 0) {
    bits = percentFlag(v, EncodeSet.QUERY);
    startSlot = Slot.QUERY_START;
    start = rec[Slot.QUERY_START]!;
    end = rec[Slot.QUERY_END]!;
  } else if (k === 'fragment' && (f & Flag.FRAGMENT) !== 0) {
    bits = percentFlag(v, EncodeSet.FRAGMENT);
    startSlot = Slot.FRAGMENT_START;
    start = rec[Slot.FRAGMENT_START]!;
    end = s.length;
  } else {
    return null;
  }
  if (bits < 0) return null;
  const href = s.slice(0, start) + v + s.slice(end);
  const delta = v.length - (end - start);
  // The boundaries at or after the component's end move with it (absent ones hold 0: never),
  // but for its own start (HOST_START lies below the loop).
  for (let i = Slot.HOST_END; i <= Slot.LENGTH; i++) if (rec[i]! >= end && i !== startSlot) rec[i]! += delta;
  // The hints, exact as scan gives them: "%XX" in the new component or in the text kept, and
  // an upper-case letter in the scheme or a new reg-name host.
  let flags = (f & keep) | bits;
  if ((f & PCT_HINTS) !== 0) flags |= percentHints(s, 0, start) | percentHints(s, end);
  if ((keep & Flag.UPPER) === 0) {
    if ((f & Flag.SCHEME) !== 0 && UPPER.test(s.slice(0, rec[Slot.SCHEME_END]))) flags |= Flag.UPPER;
    else if ((bits & (Flag.HOST_IPV4 | HOST_LITERAL)) === 0 && UPPER.test(v)) flags |= Flag.UPPER;
  }
  rec[Slot.FLAGS] = flags;
  return href;
}

/**
 * The flags of a strict ASCII host (its host type, `0` for a reg-name; PERCENT when it holds a
 * %XX), or -1 for anything this quick look does not settle (non-ASCII, a bad literal, a
 * character no host holds).
 */
function hostFlags(v: string): number {
  const len = v.length;
  if (v.charCodeAt(0) === 0x5b) {
    if (v.charCodeAt(len - 1) !== 0x5d) return -1;
    if ((v.charCodeAt(1) | 0x20) === 0x76) return ipvFutureError(v, 1, len - 1) === -1 ? Flag.HOST_IPVFUTURE : -1;
    return ipv6Error(v, 1, len - 1, false) === -1 ? Flag.HOST_IPV6 : -1;
  }
  const bits = percentFlag(v, EncodeSet.REG_NAME);
  return bits < 0 || !isIPv4(v, 0, len) ? bits : Flag.HOST_IPV4;
}

/**
 * One pass over `v`: -1 when a character is neither allowed in the component `set` nor the "%"
 * of a valid %XX, else the flags scan gives its %XX (PERCENT, PCT_LOWER, PCT_UNRESERVED): 0 for none.
 */
function percentFlag(v: string, set: number): number {
  let pct = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x80 && (ALLOWED[c]! & set) !== 0) continue;
    if (c !== 0x25 || hexByte(v, i) < 0) return -1;
    pct = true;
    i += 2;
  }
  return pct ? percentHints(v) : 0;
}

interface Read {
  encoded: boolean;
  idna: boolean;
  iri: boolean;
  zoneId: boolean;
}

function readOptions(options: BuildOptions | undefined, who: string, encoded: boolean): Read {
  const o = optionsOf(options, who);
  if (o === undefined) return { encoded, idna: false, iri: false, zoneId: false };
  checkOptionNames(o, BUILD_OPTIONS, who);
  return {
    encoded: booleanOption(o, 'encoded', who, encoded),
    idna: booleanOption(o, 'idna', who),
    iri: booleanOption(o, 'iri', who),
    zoneId: booleanOption(o, 'zoneId', who),
  };
}

function own(o: object, k: string): unknown {
  return Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined;
}

function both(who: string): UriError {
  return new UriError('INVALID_COMPONENT', 0, '', `${who}: give userinfo, or user and password, not both`);
}

/** One half of the userinfo, encoded (a ":" in a user is encoded too: it would end the user). */
function halve(v: unknown, name: 'user' | 'password', o: Read, who: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw argumentError(who, name, 'a string', v);
  if (o.encoded) {
    if (name === 'user' && v.includes(':')) throw component('INVALID_CHAR', v.indexOf(':'), v, name, '":" ends the user');
    return v;
  }
  const text = encodeSet(v, EncodeSet.USERINFO);
  return name === 'user' ? text.replaceAll(':', '%3A') : text;
}

/** `user [":" password]` (an empty user with a password alone), checked as a userinfo. */
function userinfoOf(user: string | undefined, password: string | undefined, o: Read): string | undefined {
  if (user === undefined && password === undefined) return undefined;
  return checked(password === undefined ? user! : `${user ?? ''}:${password}`, 'userinfo', '//', '@', o);
}

/** Sets component `k` of `parts` from the value given, encoded and checked. */
function set(parts: Parts, k: Key, v: unknown, o: Read, who: string): void {
  if (k === 'port') {
    parts.port = portText(v, who);
    return;
  }
  if (k === 'query' && typeof v === 'object' && v !== null) {
    // Pairs or a record that write no pair ask for no query: a bare "?" is nobody's intent (the
    // string "" still gives one).
    parts.query = formatQuery(v as QueryInput) || undefined;
    return;
  }
  if (typeof v !== 'string') throw argumentError(who, k, k === 'query' ? 'a string, pairs or a record' : 'a string', v);
  switch (k) {
    case 'scheme':
      parts.scheme = schemeText(v);
      return;
    case 'userinfo':
      parts.userinfo = checked(o.encoded ? v : encodeSet(v, EncodeSet.USERINFO), 'userinfo', '//', '@', o);
      return;
    case 'host': {
      const host = o.encoded ? v : hostText(v, o);
      // A zone given in a text host asks for one: RFC 6874's "%25" form is accepted for it.
      parts.host = checked(host, 'host', '//', '', !o.encoded && host !== v && v.includes('%') ? { ...o, zoneId: true } : o);
      return;
    }
    case 'path':
      // Checked as a path on its own: whether it may stand where it goes is finish's question.
      parts.path = checked(o.encoded ? v : encodeSet(v, EncodeSet.PATH), 'path', v.charCodeAt(0) === 0x2f ? '//' : '///', '', o);
      return;
    case 'query':
      parts.query = checked(o.encoded ? v : encodeSet(v, EncodeSet.QUERY), 'query', '?', '', o);
      return;
    default:
      parts.fragment = checked(o.encoded ? v : encodeSet(v, EncodeSet.FRAGMENT), 'fragment', '#', '', o);
  }
}

/** scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (§3.1). */
function schemeText(v: string): string {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    const l = c | 0x20;
    if ((l >= 0x61 && l <= 0x7a) || (i > 0 && ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e))) continue;
    throw new UriError(
      'INVALID_SCHEME',
      i,
      v,
      `Invalid scheme ${JSON.stringify(v)}: ${JSON.stringify(v[i])} at index ${i}; a scheme is a letter, then letters, digits, "+", "-" or "."`,
    );
  }
  if (v === '') throw new UriError('INVALID_SCHEME', 0, v, 'Invalid scheme "": a scheme is not empty');
  return v;
}

/** A host given as text: an IPv6 address gets its brackets (and its zone "%25"); a name is encoded. */
function hostText(v: string, o: Read): string {
  if (v.charCodeAt(0) === 0x5b) return v;
  if (v.includes(':')) {
    const zone = v.indexOf('%');
    return zone === -1 ? `[${v}]` : `[${v.slice(0, zone)}%25${encodeSet(v.slice(zone + 1), EncodeSet.UNRESERVED)}]`;
  }
  return o.idna ? toAsciiHost(v) : encodeSet(v, EncodeSet.REG_NAME);
}

/** port = *DIGIT (§3.2.3); a number is a TCP port, 0 to 65535. */
function portText(v: unknown, who: string): string {
  if (typeof v === 'number') {
    if (!(Number.isInteger(v) && v >= 0 && v <= 65535))
      throw new RangeError(`${who}: port must be a whole number from 0 to 65535, got ${v}`);
    return String(v);
  }
  if (typeof v !== 'string') throw argumentError(who, 'port', 'a string of digits or a number', v);
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x30 || c > 0x39) {
      throw new UriError(
        'INVALID_PORT',
        i,
        v,
        `Invalid port ${JSON.stringify(v)}: ${JSON.stringify(v[i])} at index ${i}; a port is digits only`,
      );
    }
  }
  return v;
}

/**
 * `v` as component `name`, checked by scanning it alone in its place (`prefix` + v + `suffix`):
 * the scan must accept it and end the component exactly where `v` ends, or the character there
 * would have ended it (a "/" in a host, a "#" in a query).
 */
function checked(v: string, name: string, prefix: string, suffix: string, o: Read): string {
  // The delimiters the scan would read as another component's before it could say where.
  const at1 = v.indexOf('@');
  if (at1 !== -1 && (name === 'userinfo' || name === 'host')) throw component('INVALID_CHAR', at1, v, name, '"@" ends a userinfo');
  const colon = name === 'host' && v.charCodeAt(0) !== 0x5b ? v.indexOf(':') : -1;
  if (colon !== -1) throw component('INVALID_CHAR', colon, v, name, '":" would begin a port (an IPv6 address needs its brackets)');
  scanInPlace(v, prefix, suffix, check, o, name);
  const at = (i: number): number => Math.max(0, Math.min(v.length, i - prefix.length));
  const f = check[Slot.FLAGS]!;
  let end: number;
  if (name === 'userinfo') end = (f & Flag.USERINFO) !== 0 ? check[Slot.USERINFO_END]! : check[Slot.PATH_START]!;
  else if (name === 'host') end = (f & Flag.USERINFO) !== 0 ? check[Slot.USERINFO_END]! : check[Slot.HOST_END]!;
  else if (name === 'path') end = check[Slot.PATH_END]!;
  else if (name === 'query') end = check[Slot.QUERY_END]!;
  else end = check[Slot.LENGTH]!;
  if (end !== prefix.length + v.length) throw component('INVALID_CHAR', at(end), v, name, `it would end the ${name}`);
  return v;
}

/**
 * `prefix` + v + `suffix` scanned into `rec` (what parse accepted, `o`, accepted): the text, or
 * the scan's error as one about `name` = `v`, at its index in `v`.
 */
function scanInPlace(v: string, prefix: string, suffix: string, rec: Uint32Array, o: Read, name: string): string {
  const text = prefix + v + suffix;
  const code = scanString(text, rec, o.iri || o.zoneId ? { iri: o.iri, zoneId: o.zoneId } : undefined, 'buildUri');
  if (code !== 0) {
    const e = scanError(code, Math.max(0, Math.min(v.length, rec[Slot.ERROR_INDEX]! - prefix.length)), v);
    throw component(e.code, e.index, v, name, undefined);
  }
  return text;
}

/** A UriError about component `name` = `v`, at `index` in it. */
function component(code: UriErrorCode, index: number, v: string, name: string, why: string | undefined): UriError {
  const base = new UriError(code, index, v).message;
  return new UriError(code, index, v, `${base} (the ${name}${why === undefined ? '' : `: ${why}`})`);
}

/** The structure §3 requires of the parts together, then recomposition into `out`. */
function finish(parts: Parts, o: Read, who: string, lenient: boolean, out: Uint32Array): string {
  if (parts.host === undefined) {
    if (parts.userinfo !== undefined) throw new UriError('INVALID_COMPONENT', 0, parts.userinfo, `${who}: userinfo needs a host (§3.2)`);
    if (parts.port !== undefined) throw new UriError('INVALID_COMPONENT', 0, parts.port, `${who}: a port needs a host (§3.2)`);
  } else if (parts.path !== '' && parts.path.charCodeAt(0) !== 0x2f) {
    throw new UriError(
      'INVALID_COMPONENT',
      0,
      parts.path,
      `${who}: a path after a host must be empty or begin with "/" (§3.3), got ${JSON.stringify(parts.path)}`,
    );
  }
  const href = recompose(parts, out);
  // A lenient URI's untouched components may hold what lenient mode tolerated: its warnings
  // come from a lenient scan of the result.
  if (lenient) scanString(href, out, { lenient: true, iri: o.iri, zoneId: o.zoneId }, who);
  return href;
}

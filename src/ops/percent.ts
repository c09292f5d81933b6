/**
 * Percent-encoding (RFC 3986 §2.1, §2.4): encoding, decoding and normalizing `%XX`.
 *
 * A string's UTF-8 bytes are encoded for one component's allowed set, `%XX` runs decoded back
 * to UTF-8, and encodings normalized (§6.2.2.1, §6.2.2.2).
 */
import { argumentError, scanError, UriError } from '../syntax/errors.js';
import { Flag, OFFSETS_LENGTH, Slot, WARNING_FLAGS } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, optionNames, optionsOf } from '../syntax/options.js';
import { scan } from '../syntax/scan.js';
import { ALLOWED, EncodeSet, HEX_VALUE } from '../syntax/tables.js';

/** The components `percentEncode` can encode for, each with the characters it leaves alone. */
export type Component = 'component' | 'userinfo' | 'reg-name' | 'segment' | 'path' | 'query' | 'fragment';

const SETS: Record<Component, number> = {
  component: EncodeSet.UNRESERVED,
  userinfo: EncodeSet.USERINFO,
  'reg-name': EncodeSet.REG_NAME,
  segment: EncodeSet.SEGMENT,
  path: EncodeSet.PATH,
  query: EncodeSet.QUERY,
  fragment: EncodeSet.FRAGMENT,
};

const HEX = '0123456789ABCDEF';

/** A caller's class of characters to leave unencoded (`percentEncode`'s `allow`). */
export interface EncodeOptions {
  /**
   * The characters left as they are: a string of characters and ranges (`'a-z0-9._~'`; a "-"
   * first or last stands for itself), or a RegExp that tests one character (`/[\w.~-]/`). `%` is
   * encoded whatever it says.
   */
  allow: string | RegExp;
}

/**
 * Percent-encodes every character of `s` that `component` does not allow unencoded, as the
 * upper-case `%XX` of its UTF-8 bytes. `%` itself is always encoded, so
 * `percentDecode(percentEncode(s, c)) === s` for every well-formed string. Instead of a
 * component, `{ allow }` names the characters to leave (Addressable's `encode_component` with a
 * character class).
 *
 * @throws {UriError} INVALID_CHAR for a lone surrogate, which has no UTF-8 form.
 * @example
 * percentEncode('a b/c?', 'segment');   // 'a%20b%2Fc%3F'
 * percentEncode('a b/c?', 'path');      // 'a%20b/c%3F'
 * percentEncode('ü', 'component');     // '%C3%BC'
 * percentEncode('a b/ü%', { allow: 'a-z/' }); // 'a%20b/%C3%BC%25'
 */
export function percentEncode(s: string, component: Component | EncodeOptions = 'component'): string {
  if (typeof s !== 'string') throw argumentError('percentEncode', 's', 'a string', s);
  if (typeof component === 'object' && component !== null) return encodeAllowed(s, allowedOf(component));
  return encodeSet(s, setOf(component, 'percentEncode', ', or { allow }'));
}

/** The EncodeSet of `component`, argument of `who` (whose other forms `more` names). */
function setOf(component: unknown, who: string, more: string): number {
  // Own entries only: "toString", "__proto__" or a name added to Object.prototype are no component.
  if (typeof component !== 'string' || !Object.hasOwn(SETS, component)) {
    throw argumentError(
      who,
      'component',
      `one of ${Object.keys(SETS)
        .map((k) => JSON.stringify(k))
        .join(', ')}${more}`,
      component,
    );
  }
  return SETS[component as Component];
}

/** The test of one character that `{ allow }` describes. */
function allowedOf(options: EncodeOptions): (c: string) => boolean {
  const o = optionsOf(options, 'percentEncode')!;
  const allow = Object.hasOwn(o, 'allow') ? (o as EncodeOptions).allow : undefined;
  if (allow instanceof RegExp) {
    // A global or sticky RegExp keeps a lastIndex between tests: a copy without those flags.
    const re = allow.global || allow.sticky ? new RegExp(allow.source, allow.flags.replace(/[gy]/g, '')) : allow;
    return (c) => re.test(c);
  }
  if (typeof allow !== 'string')
    throw argumentError('percentEncode', 'options.allow', 'a string of characters and ranges, or a RegExp', allow);
  const chars = [...allow];
  const singles = new Set<string>();
  const ranges: [number, number][] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      const lo = chars[i]!.codePointAt(0)!;
      const hi = chars[i + 2]!.codePointAt(0)!;
      if (lo > hi) {
        throw new RangeError(
          `percentEncode: options.allow has the range ${chars[i]}-${chars[i + 2]} (at index ${i}), whose end comes before its start`,
        );
      }
      ranges.push([lo, hi]);
      i += 2;
    } else {
      singles.add(chars[i]!);
    }
  }
  return (c) => {
    if (singles.has(c)) return true;
    const cp = c.codePointAt(0)!;
    return ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
  };
}

/** `s` with every character that `allowed` refuses, and `%`, as `%XX` of its UTF-8 bytes. */
function encodeAllowed(s: string, allowed: (c: string) => boolean): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const cp = s.codePointAt(i)!;
    const c = String.fromCodePoint(cp);
    const keep = cp !== 0x25 && !(cp >= 0xd800 && cp <= 0xdfff) && allowed(c);
    // encodeSet with no character allowed: the UTF-8 bytes, and its error for a lone surrogate.
    out += keep ? c : encodeSet(c, 0);
    if (cp > 0xffff) i++;
  }
  return out;
}

/**
 * `percentEncode` for one of the `EncodeSet` bits of the generated tables.
 * @internal
 */
export function encodeSet(s: string, set: number): string {
  const len = s.length;
  let i = 0;
  // Leading run that needs no encoding: return the input itself when that is all of it.
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c >= 0x80 || (ALLOWED[c]! & set) === 0) break;
    i++;
  }
  if (i === len) return s;
  let out = s.slice(0, i);
  let runStart = i;
  for (; i < len; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80 && (ALLOWED[c]! & set) !== 0) continue;
    if (runStart < i) out += s.slice(runStart, i);
    if (c < 0x80) {
      out += pct(c);
    } else if (c < 0x800) {
      out += pct(0xc0 | (c >> 6)) + pct(0x80 | (c & 0x3f));
    } else if (c < 0xd800 || c > 0xdfff) {
      out += pct(0xe0 | (c >> 12)) + pct(0x80 | ((c >> 6) & 0x3f)) + pct(0x80 | (c & 0x3f));
    } else {
      const lo = s.charCodeAt(i + 1);
      if (c > 0xdbff || !(lo >= 0xdc00 && lo <= 0xdfff)) {
        throw new UriError(
          'INVALID_CHAR',
          i,
          s,
          `Cannot percent-encode a lone surrogate (U+${c.toString(16).toUpperCase()}) at index ${i}: it has no UTF-8 form`,
        );
      }
      c = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
      out += pct(0xf0 | (c >> 18)) + pct(0x80 | ((c >> 12) & 0x3f)) + pct(0x80 | ((c >> 6) & 0x3f)) + pct(0x80 | (c & 0x3f));
      i++;
    }
    runStart = i + 1;
  }
  return runStart < len ? out + s.slice(runStart) : out;
}

function pct(byte: number): string {
  return `%${HEX[byte >> 4]!}${HEX[byte & 15]!}`;
}

/** Options of `percentDecode`. */
export interface DecodeOptions {
  /**
   * `true`: throw a `UriError` on a `%` without two hex digits or on bytes that are not UTF-8.
   * `false` (the default): keep a bad `%` as it is and decode bad bytes as U+FFFD.
   */
  fatal?: boolean;
  /**
   * Characters whose `%XX` stays encoded (Addressable's `leave_encoded`), with the hex digits as
   * written: `'/'` keeps `%2F` apart from the "/" that separates segments. ASCII characters only:
   * a `%XX` of a byte above 0x7F is part of a character's UTF-8.
   */
  leaveEncoded?: string;
}

const DECODE_OPTIONS = optionNames<DecodeOptions>()(['fatal', 'leaveEncoded']);

/**
 * Decodes every `%XX` of `s` and reads the bytes as UTF-8; `leaveEncoded` names characters
 * whose `%XX` stays.
 *
 * @throws {UriError} with `fatal: true`: INVALID_PERCENT_ENCODING or INVALID_UTF8, at the `%`
 *   where the bad sequence starts.
 * @example
 * percentDecode('a%20b%C3%BC');            // 'a bü'
 * percentDecode('%FF');                    // '\uFFFD'
 * percentDecode('%FF', { fatal: true });   // throws UriError INVALID_UTF8 at index 0
 * percentDecode('a%2Fb%20c', { leaveEncoded: '/' }); // 'a%2Fb c'
 */
export function percentDecode(s: string, options?: DecodeOptions): string {
  if (typeof s !== 'string') throw argumentError('percentDecode', 's', 'a string', s);
  const o = optionsOf(options, 'percentDecode');
  if (o === undefined) return decodeRange(s, 0, s.length, false);
  checkOptionNames(o, DECODE_OPTIONS, 'percentDecode');
  const fatal = booleanOption(o, 'fatal', 'percentDecode');
  const leave = Object.hasOwn(o, 'leaveEncoded') ? (o as DecodeOptions).leaveEncoded : undefined;
  if (leave === undefined) return decodeRange(s, 0, s.length, fatal);
  if (typeof leave !== 'string') throw argumentError('percentDecode', 'options.leaveEncoded', 'a string of ASCII characters', leave);
  for (let i = 0; i < leave.length; i++) {
    if (leave.charCodeAt(i) >= 0x80) {
      throw new RangeError(
        `percentDecode: options.leaveEncoded holds ${JSON.stringify(leave[i])} at index ${i}; only ASCII characters are one %XX`,
      );
    }
  }
  // Decoded between the %XX that stay, each run on its own: a kept %XX is never part of UTF-8.
  let out = '';
  let run = 0;
  for (let i = indexIn(s, 0x25, 0, s.length); i !== -1; i = indexIn(s, 0x25, i + 1, s.length)) {
    const b = hexByte(s, i);
    if (b < 0 || b >= 0x80 || !leave.includes(String.fromCharCode(b))) continue;
    out += decodeRange(s, run, i, fatal) + s.slice(i, i + 3);
    run = i + 3;
    i += 2;
  }
  return run === 0 ? decodeRange(s, 0, s.length, fatal) : out + decodeRange(s, run, s.length, fatal);
}

/**
 * `percentDecode` of s[start, len), with the indices of errors in s.
 * @internal
 */
export function decodeRange(s: string, start: number, len: number, fatal: boolean): string {
  let i = indexIn(s, 0x25, start, len);
  if (i === -1) return start === 0 && len === s.length ? s : s.slice(start, len);
  let out = s.slice(start, i);
  while (i < len) {
    if (s.charCodeAt(i) !== 0x25) {
      const next = indexIn(s, 0x25, i, len);
      const end = next === -1 ? len : next;
      out += s.slice(i, end);
      i = end;
      continue;
    }
    const b = i + 2 < len ? hexByte(s, i) : -1;
    if (b < 0) {
      if (fatal) throw new UriError('INVALID_PERCENT_ENCODING', i, s);
      out += '%';
      i++;
      continue;
    }
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i += 3;
      continue;
    }
    const cp = utf8At(s, i, b, len);
    if (cp < 0) {
      if (fatal)
        throw new UriError(
          'INVALID_UTF8',
          i,
          s,
          `Invalid UTF-8 at index ${i}: ${JSON.stringify(s.slice(i, Math.max(utf8End, i + 3)))} is not a complete UTF-8 sequence`,
        );
      // U+FFFD for the maximal ill-formed subpart, as the Encoding Standard decodes.
      out += '\uFFFD';
    } else {
      out += String.fromCodePoint(cp);
    }
    i = utf8End;
  }
  return out;
}

/**
 * The index of the code unit c in s[from, to), or -1. Unlike indexOf, it never looks past `to`:
 * a search for one range of a long string (a component, a value) costs that range only.
 * @internal also used by iri and path.
 */
export function indexIn(s: string, c: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === c) return i;
  return -1;
}

/** Where the sequence that utf8At read last ends. */
export let utf8End = 0;

/**
 * The code point of the UTF-8 sequence of `%XX` triplets at i (below len) whose lead byte b >= 0x80
 * is already read, or -1 when it is not a complete, shortest-form sequence of a scalar value.
 * Sets utf8End past the sequence, or past its maximal ill-formed subpart.
 * @internal
 */
export function utf8At(s: string, i: number, b: number, len: number): number {
  // The lead byte says how many continuation bytes must follow.
  const need = b >= 0xf0 && b <= 0xf4 ? 3 : b >= 0xe0 ? (b <= 0xef ? 2 : 0) : b >= 0xc2 ? 1 : 0;
  let cp = need === 3 ? b & 0x07 : need === 2 ? b & 0x0f : b & 0x1f;
  let j = i + 3;
  let k = 0;
  for (; k < need; k++) {
    const cb = j + 2 < len ? hexByte(s, j) : -1;
    if (cb < 0 || (cb & 0xc0) !== 0x80 || !secondByteOk(b, k, cb)) break;
    cp = (cp << 6) | (cb & 0x3f);
    j += 3;
  }
  utf8End = j;
  return need === 0 || k < need ? -1 : cp;
}

/** The byte of `%XX` at i, or -1. @internal */
export function hexByte(s: string, i: number): number {
  if (i + 2 >= s.length || s.charCodeAt(i) !== 0x25) return -1;
  const h = s.charCodeAt(i + 1);
  const l = s.charCodeAt(i + 2);
  if (h >= 0x80 || l >= 0x80) return -1;
  const hv = HEX_VALUE[h]!;
  const lv = HEX_VALUE[l]!;
  return hv === 0xff || lv === 0xff ? -1 : (hv << 4) | lv;
}

/**
 * The length of the well-formed UTF-8 sequence at `bytes[i]` (before `end`): 1 to 4, or 0 when
 * the bytes there are not one (Unicode Table 3-7). @internal
 */
export function utf8Length(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  const need = b >= 0xf0 && b <= 0xf4 ? 3 : b >= 0xe0 ? (b <= 0xef ? 2 : 0) : b >= 0xc2 ? 1 : 0;
  if (need === 0 || i + need >= end) return 0;
  for (let k = 0; k < need; k++) {
    const cb = bytes[i + 1 + k]!;
    if ((cb & 0xc0) !== 0x80 || !secondByteOk(b, k, cb)) return 0;
  }
  return need + 1;
}

/** The Unicode Table 3-7 limits on the second byte: no overlongs, surrogates or > U+10FFFF. */
function secondByteOk(lead: number, k: number, cb: number): boolean {
  if (k !== 0) return true;
  if (lead === 0xe0) return cb >= 0xa0;
  if (lead === 0xed) return cb <= 0x9f;
  if (lead === 0xf0) return cb >= 0x90;
  if (lead === 0xf4) return cb <= 0x8f;
  return true;
}

/**
 * Percent-encodes what a component may not hold: every character outside `set` except the "%"
 * of a valid `%XX`. For the components of a lenient parse, whose tolerated characters (space,
 * `"`, `[` in a path, a second `@`, non-ASCII, ...) have one normal form: encoded.
 * @internal
 */
export function encodeOutside(s: string, set: number): string {
  const len = s.length;
  let out = '';
  let run = 0; // start of the run of characters kept as they are
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && ((ALLOWED[c]! & set) !== 0 || (c === 0x25 && hexByte(s, i) >= 0))) continue;
    out += s.slice(run, i);
    if (c < 0x80) {
      out += pct(c);
    } else {
      // One character (a surrogate pair is one), as UTF-8; a lone surrogate as U+FFFD.
      const cp = s.codePointAt(i)!;
      out += percentEncode(cp >= 0xd800 && cp <= 0xdfff ? '\uFFFD' : String.fromCodePoint(cp), 'component');
      if (cp > 0xffff) i++;
    }
    run = i + 1;
  }
  return run === 0 ? s : out + s.slice(run);
}

/**
 * §6.2.2.1 and §6.2.2.2 on one component's text: `%XX` of an unreserved character becomes the
 * character, every other `%XX` gets upper-case hex digits. Reserved characters (`%2F`, `%3F`,
 * `%40`, `%23`, `%25`, ...) stay encoded. Returns `s` itself when nothing changes.
 */
export function normalizePercent(s: string, start: number, end: number): string {
  let out = '';
  let runStart = start;
  for (let i = indexIn(s, 0x25, start, end); i !== -1; i = indexIn(s, 0x25, i, end)) {
    const b = hexByte(s, i);
    if (b < 0) {
      // A "%" that lenient parsing kept: it stands for itself, which is "%25". Left bare, it
      // could form a new encoding with what follows once that is decoded ("%%32%65").
      out += `${s.slice(runStart, i)}%25`;
      i++;
      runStart = i;
      continue;
    }
    if (b < 0x80 && (ALLOWED[b]! & EncodeSet.UNRESERVED) !== 0) {
      out += s.slice(runStart, i) + String.fromCharCode(b);
    } else {
      const h = s.charCodeAt(i + 1);
      const l = s.charCodeAt(i + 2);
      if (h <= 0x46 && l <= 0x46) {
        // Already upper case (or digits).
        i += 3;
        continue;
      }
      out += s.slice(runStart, i) + pct(b);
    }
    i += 3;
    runStart = i;
  }
  return runStart === start ? s.slice(start, end) : out + s.slice(runStart, end);
}

/**
 * A component's text with its percent-encoding normalized on its own (Addressable's
 * `normalize_component`): what `component` does not allow encoded (a bare `%` as `%25`), the
 * `%XX` of an unreserved character decoded, every other `%XX` in upper case (§2.1, §6.2.2.2).
 * Reserved characters stay as they are, encoded or not. Case, dot-segments and ports are the
 * URI's normal form's (`normalize`), not a component's.
 *
 * @throws {TypeError} for a component that is not one of percentEncode's.
 * @example
 * normalizeComponent('%7e%41b%2F', 'path');  // '~Ab%2F'
 * normalizeComponent('a b%', 'query');       // 'a%20b%25'
 */
export function normalizeComponent(text: string, component: Component): string {
  if (typeof text !== 'string') throw argumentError('normalizeComponent', 'text', 'a string', text);
  const safe = encodeOutside(text, setOf(component, 'normalizeComponent', ''));
  return normalizePercent(safe, 0, safe.length);
}

const rec = new Uint32Array(OFFSETS_LENGTH);
const LENIENT = Object.freeze({ lenient: true });

/**
 * `s` with whatever the grammar does not allow where it stands percent-encoded, component by
 * component, and the rest kept: a valid `%XX` stays, a bare `%` becomes `%25`, a space `%20`,
 * non-ASCII the `%XX` of its UTF-8 (Addressable's `normalized_encode`; `URI.encode` encodes
 * `%XX` again). For text that people and programs wrote as a URI; `iriToUri` refuses a space,
 * as RFC 3987 does. The delimiters are read as a lenient parse reads them.
 *
 * @throws {UriError} for what even a lenient parse cannot read (a port of letters, `[` not closed).
 * @example
 * encodeUri('http://a/b c/%20/ü?q=a b#f g'); // 'http://a/b%20c/%20/%C3%BC?q=a%20b#f%20g'
 * encodeUri('http://a/100%');               // 'http://a/100%25'
 */
export function encodeUri(text: string): string {
  if (typeof text !== 'string') throw argumentError('encodeUri', 'text', 'a string', text);
  const code = scan(text, rec, LENIENT);
  if (code !== 0) throw scanError(code, rec[Slot.ERROR_INDEX]!, text);
  return encodeComponents(text, rec, null);
}

/** Whether the last `encodeComponents` encoded anything. @internal */
export let encodedAny = false;

/**
 * `s`, read leniently into `o`, with each component's tolerated characters encoded
 * (`encodeOutside`); `host`, when given, writes a host that is not ASCII instead (IDNA). `s`
 * itself when the scan tolerated nothing. @internal also heuristicParse.
 */
export function encodeComponents(s: string, o: Uint32Array, host: ((start: number, end: number) => string) | null): string {
  encodedAny = false;
  const f = o[Slot.FLAGS]!;
  if ((f & WARNING_FLAGS) === 0) return s;
  let out = '';
  let at = 0; // s[at, ...) is not in out yet
  const piece = (start: number, end: number, set: number): void => {
    const text = s.slice(start, end);
    const safe = encodeOutside(text, set);
    if (safe !== text) encodedAny = true;
    out += s.slice(at, start) + safe;
    at = end;
  };
  if ((f & Flag.AUTHORITY) !== 0) {
    if ((f & Flag.USERINFO) !== 0) piece(o[Slot.AUTHORITY_START]!, o[Slot.USERINFO_END]!, EncodeSet.USERINFO);
    const hostStart = o[Slot.HOST_START]!;
    const hostEnd = o[Slot.HOST_END]!;
    if (host !== null && NON_ASCII.test(s.slice(hostStart, hostEnd))) {
      out += s.slice(at, hostStart) + host(hostStart, hostEnd);
      at = hostEnd;
    } else {
      piece(hostStart, hostEnd, EncodeSet.REG_NAME);
    }
  }
  piece(o[Slot.PATH_START]!, o[Slot.PATH_END]!, EncodeSet.PATH);
  if ((f & Flag.QUERY) !== 0) piece(o[Slot.QUERY_START]!, o[Slot.QUERY_END]!, EncodeSet.QUERY);
  if ((f & Flag.FRAGMENT) !== 0) piece(o[Slot.FRAGMENT_START]!, s.length, EncodeSet.FRAGMENT);
  return out + s.slice(at);
}

const NON_ASCII = /[^\x00-\x7f]/;

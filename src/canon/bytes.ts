/**
 * Byte strings for the canonicalizers: each reference works on UTF-8 bytes (Python `bytes`), so a
 * URL becomes a string of one character per byte (U+0000–U+00FF) and is turned back at the end.
 * ASCII text is already its own byte string, so the common case converts nothing.
 */
import { UriError } from '../syntax/errors.js';

const NON_ASCII = /[^\x00-\x7f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The UTF-8 bytes of `s`, one character per byte; a lone surrogate (no UTF-8 form) throws, as Python's encoder does. */
export function toBytes(s: string, who: string): string {
  if (!NON_ASCII.test(s)) return s;
  const bad = s.search(LONE_SURROGATE);
  if (bad >= 0) {
    throw new UriError(
      'INVALID_CHAR',
      bad,
      s,
      `${who}: a lone surrogate at index ${bad} has no UTF-8 form (the reference fails on it too)`,
    );
  }
  return latin1(encoder.encode(s));
}

/** One character per byte of `b`. */
export function latin1(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 8192) out += String.fromCharCode.apply(null, b.subarray(i, i + 8192) as unknown as number[]);
  return out;
}

/** The bytes of a byte string. */
export function bytesOf(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

/**
 * The text that the byte string `b` encodes as UTF-8; bytes that are not UTF-8 throw, as Python's
 * strict decoder does. Such bytes can only come from escapes that a rule decoded, so the error
 * names the first escape of a byte above 0x7F in `input` (what the caller was given).
 */
export function fromBytes(b: string, who: string, input: string): string {
  if (!NON_ASCII.test(b)) return b;
  try {
    return decoder.decode(bytesOf(b));
  } catch {
    const esc = input.search(/%[89a-fA-F][0-9a-fA-F]/);
    const at = esc < 0 ? input.length : esc;
    throw new UriError(
      'INVALID_UTF8',
      at,
      input,
      `${who}: the result holds bytes that are not UTF-8 (from the escape at index ${at}); the reference fails on it too`,
    );
  }
}

/** The index in `s` of the character whose UTF-8 form starts at byte `at` of the UTF-8 form of `s`. */
export function charIndex(s: string, at: number): number {
  let bytes = 0;
  let i = 0;
  while (i < s.length && bytes < at) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      bytes += 4;
      i += 2;
    } else {
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
      i++;
    }
  }
  return i;
}

/**
 * The index in `input` of the character at `i` of `cleaned`: `cleaned` is `input` (its UTF-8
 * bytes, one character per byte, where `bytes`) without its first `lead` characters and with
 * its tabs and newlines taken out, as the references clean a URL before they split it.
 */
export function inputIndex(input: string, bytes: boolean, lead: number, i: number): number {
  const b = bytes ? latin1(encoder.encode(input)) : input;
  let p = lead;
  for (let k = 0; p < b.length; p++) {
    const c = b.charCodeAt(p);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (k === i) break;
    k++;
  }
  return bytes ? charIndex(input, p) : p;
}

/** The length of the UTF-8 sequence at `i` of the byte string `b`, or 0 where none starts (Unicode Table 3-7). */
function sequenceAt(b: string, i: number): number {
  const c = b.charCodeAt(i);
  if (c < 0x80) return 1;
  const n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > b.length) return 0;
  const c1 = b.charCodeAt(i + 1);
  const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
  const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
  if (c1 < lo || c1 > hi) return 0;
  for (let k = 2; k < n; k++) {
    const ck = b.charCodeAt(i + k);
    if (ck < 0x80 || ck > 0xbf) return 0;
  }
  return n;
}

/** The text of the byte string `b` decoded as UTF-8 with the bytes of bad sequences dropped (Python's `errors='ignore'`). */
export function decodeIgnore(b: string): string {
  let kept = '';
  for (let i = 0; i < b.length; ) {
    const n = sequenceAt(b, i);
    if (n > 0) kept += b.slice(i, i + n);
    i += n > 0 ? n : 1;
  }
  return decoder.decode(bytesOf(kept));
}

/** Whether `s` holds a surrogate without its pair. */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

/** Whether `s` holds a character above U+007F. */
export function hasNonAscii(s: string): boolean {
  return NON_ASCII.test(s);
}

/** The value of the hex digit `c`, or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x57;
  return -1;
}

/**
 * Python's `unquote_to_bytes`: each `%XX` with two hex digits becomes its byte, anything else
 * stays. `s` is a byte string.
 */
export function pctDecode(s: string): string {
  let i = s.indexOf('%');
  if (i < 0) return s;
  let out = s.slice(0, i);
  let from = i;
  for (; i >= 0; i = s.indexOf('%', i + 1)) {
    if (i + 2 >= s.length) break;
    const h = hexValue(s.charCodeAt(i + 1));
    const l = h < 0 ? -1 : hexValue(s.charCodeAt(i + 2));
    if (l < 0) continue;
    out += s.slice(from, i) + String.fromCharCode((h << 4) | l);
    from = i + 3;
    i += 2;
  }
  return out + s.slice(from);
}

/**
 * The `%XX` of `s` in one form, in one pass: each decoded, then written back as upper-case `%XX`
 * unless `keep` holds its byte. The same as `pctEncode(pctDecode(s), keep)` for an `s` of bytes
 * that `keep` holds and `%`.
 */
export function recode(s: string, keep: Uint8Array): string {
  let i = s.indexOf('%');
  if (i < 0) return s;
  let out = '';
  let from = 0;
  for (; i >= 0; i = s.indexOf('%', i + 1)) {
    const h = hexValue(s.charCodeAt(i + 1));
    const l = h < 0 ? -1 : hexValue(s.charCodeAt(i + 2));
    if (l < 0) continue;
    const b = (h << 4) | l;
    let piece: string;
    if (keep[b] === 1) piece = String.fromCharCode(b);
    else {
      const c1 = s.charCodeAt(i + 1);
      const c2 = s.charCodeAt(i + 2);
      // already upper-case: nothing to write
      if (c1 < 0x61 && c2 < 0x61) {
        i += 2;
        continue;
      }
      piece = pctByte(b);
    }
    out += s.slice(from, i) + piece;
    from = i + 3;
    i += 2;
  }
  return from === 0 ? s : out + s.slice(from);
}

/** `pctDecode` until nothing changes. */
export function pctDecodeRepeatedly(s: string): string {
  for (;;) {
    const d = pctDecode(s);
    if (d === s) return s;
    s = d;
  }
}

const HEX = '0123456789ABCDEF';

/** `%XX` (upper-case hex) of the byte `c`. */
export function pctByte(c: number): string {
  return `%${HEX[c >> 4]}${HEX[c & 15]}`;
}

/** A table of the 256 bytes: 1 where the byte stays as it is. */
export function safeTable(safe: string): Uint8Array {
  const t = new Uint8Array(256);
  for (let i = 0; i < safe.length; i++) t[safe.charCodeAt(i)] = 1;
  return t;
}

/** Every byte of `s` outside `keep` as `%XX` (Python's `quote` on bytes with a safe set). */
export function pctEncode(s: string, keep: Uint8Array): string {
  let i = 0;
  const n = s.length;
  while (i < n && keep[s.charCodeAt(i)] === 1) i++;
  if (i === n) return s;
  let out = s.slice(0, i);
  let from = i;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (keep[c] === 1) continue;
    out += s.slice(from, i) + pctByte(c);
    from = i + 1;
  }
  return out + s.slice(from);
}

/** ASCII lower case of a byte string (Python's `bytes.lower`). */
export function lowerBytes(s: string): string {
  if (!UPPER.test(s)) return s;
  return NON_ASCII.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s.toLowerCase();
}

const UPPER = /[A-Z]/;

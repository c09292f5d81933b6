/**
 * The HTML Standard's encoding sniffing algorithm (§13.2.3.2) for a document read from bytes: a
 * byte order mark; else the encoding the user asks for; else the `charset` of the HTTP
 * Content-Type; else the prescan of the first 1024 bytes (`<meta charset>`, `<meta http-equiv
 * content-type>`, an XML declaration); else, for a file, UTF-8 when its bytes are (`Utf8Check`,
 * the autodetection the standard allows, as browsers read a `file:` URL); else the default
 * (windows-1252, the standard's choice for most locales). Encoding names are the Encoding
 * Standard's, found from labels by `encodingName`.
 */

/** Where a document's encoding came from (`file`: a file's bytes, all UTF-8, beyond ASCII). */
export type EncodingSource = 'bom' | 'override' | 'content-type' | 'meta' | 'file' | 'default' | 'text';

/** How many bytes the prescan reads: a `<meta>` that starts later is not honoured, as in browsers. */
export const PRESCAN_BYTES = 1024;

/** The encoding of a byte order mark at the start of `bytes` and its length, or null. */
export function bom(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

/** HTTP's optional whitespace and the ASCII whitespace of HTML. */
function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

/** HTTP's token code points, and those of a quoted string's content. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const QUOTED = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

/**
 * The `charset` parameter of a MIME type (`text/html; charset="Shift_JIS"`), or null: the MIME
 * Sniffing Standard's "parse a MIME type", whose first parameter of a name counts; a parameter
 * whose name or value breaks its grammar is dropped, and so is the whole type when its essence
 * is not `type/subtype`.
 *
 * @example
 * contentTypeCharset('text/html; charset=ISO-8859-2'); // 'ISO-8859-2'
 */
export function contentTypeCharset(contentType: string): string | null {
  const s = contentType;
  const n = s.length;
  let p = s.indexOf(';');
  const essence = (p === -1 ? s : s.slice(0, p)).trim();
  const slash = essence.indexOf('/');
  if (slash === -1 || !TOKEN.test(essence.slice(0, slash)) || !TOKEN.test(essence.slice(slash + 1))) return null;
  const seen = new Set<string>();
  while (p !== -1 && p < n) {
    p++;
    while (p < n && isSpace(s.charCodeAt(p))) p++;
    const nameStart = p;
    while (p < n && s[p] !== ';' && s[p] !== '=') p++;
    const name = s.slice(nameStart, p).toLowerCase();
    if (p < n && s[p] === ';') continue;
    p++;
    if (p >= n) break;
    let value: string;
    if (s[p] === '"') {
      value = '';
      for (p++; p < n && s[p] !== '"'; p++) value += s[p] === '\\' && p + 1 < n ? s[++p] : s[p];
      const semicolon = s.indexOf(';', p);
      p = semicolon === -1 ? n : semicolon;
    } else {
      const semicolon = s.indexOf(';', p);
      const end = semicolon === -1 ? n : semicolon;
      value = s.slice(p, end).replace(/[\t\n\r ]+$/, '');
      p = end;
      if (value === '') continue;
    }
    if (name === '' || !TOKEN.test(name) || !QUOTED.test(value) || seen.has(name)) continue;
    seen.add(name);
    if (name === 'charset') return value;
  }
  return null;
}

/**
 * The encoding a `<meta http-equiv=content-type content="…">` names, by HTML's algorithm for
 * extracting a character encoding from a meta element: the value after the first `charset`
 * followed by `=`, quoted or up to whitespace or `;`. Returns the label, or null.
 */
export function metaCharset(content: string): string | null {
  const lower = content.toLowerCase();
  let p = 0;
  for (;;) {
    const k = lower.indexOf('charset', p);
    if (k === -1) return null;
    p = k + 7;
    while (isSpace(content.charCodeAt(p))) p++;
    if (content[p] !== '=') continue;
    p++;
    while (isSpace(content.charCodeAt(p))) p++;
    const c = content[p];
    if (c === undefined) return null;
    if (c === '"' || c === "'") {
      const close = content.indexOf(c, p + 1);
      return close === -1 ? null : content.slice(p + 1, close);
    }
    let end = p;
    while (end < content.length && !isSpace(content.charCodeAt(end)) && content[end] !== ';') end++;
    return content.slice(p, end);
  }
}

/**
 * The prescan of a byte stream to determine its encoding (HTML §13.2.3.2) over `bytes` (the
 * first `PRESCAN_BYTES` of a document): the label a `<meta>` gives, or an XML declaration's, and
 * what `encodingName` makes of it; null when none. UTF-16 from a `<meta>` means UTF-8 (the bytes
 * were read as ASCII), x-user-defined means windows-1252, as the standard says.
 */
export function prescan(bytes: Uint8Array, encodingName: (label: string) => string | null): string | null {
  const b = bytes;
  const n = b.length;
  if (b[0] === 0x3c && b[1] === 0x00 && b[2] === 0x3f && b[3] === 0x00 && b[4] === 0x78 && b[5] === 0x00) return 'utf-16le';
  if (b[0] === 0x00 && b[1] === 0x3c && b[2] === 0x00 && b[3] === 0x3f && b[4] === 0x00 && b[5] === 0x78) return 'utf-16be';
  const found = scan(b, n, encodingName);
  return found === undefined ? xmlEncoding(b, encodingName) : found;
}

const latin = (b: Uint8Array, start: number, end: number): string => String.fromCharCode(...b.subarray(start, end));

function lowerByte(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

/** The prescan's loop: an encoding, or undefined when it runs out of bytes without one. */
function scan(b: Uint8Array, n: number, encodingName: (label: string) => string | null): string | undefined {
  let p = 0;
  while (p < n) {
    if (b[p] !== 0x3c) {
      p++;
      continue;
    }
    if (b[p + 1] === 0x21 && b[p + 2] === 0x2d && b[p + 3] === 0x2d) {
      // A comment: to the first ">" after "--" (the dashes of "<!--" count).
      let q = p + 2;
      while (q + 2 < n && !(b[q] === 0x2d && b[q + 1] === 0x2d && b[q + 2] === 0x3e)) q++;
      if (q + 2 >= n) return undefined;
      p = q + 3;
      continue;
    }
    if (
      lowerByte(b[p + 1]!) === 0x6d &&
      lowerByte(b[p + 2]!) === 0x65 &&
      lowerByte(b[p + 3]!) === 0x74 &&
      lowerByte(b[p + 4]!) === 0x61 &&
      (isSpace(b[p + 5]) || b[p + 5] === 0x2f)
    ) {
      const meta = readMeta(b, p + 5, n, encodingName);
      if (meta.end === -1) return undefined;
      if (meta.encoding !== null) return meta.encoding;
      p = meta.end;
      continue;
    }
    const c = b[p + 1];
    if (c !== undefined && (isAsciiLetter(c) || (c === 0x2f && isAsciiLetter(b[p + 2])))) {
      // A tag: its name, then its attributes, read and dropped.
      let q = p + 1;
      while (q < n && !isSpace(b[q]) && b[q] !== 0x3e) q++;
      for (;;) {
        const a = attribute(b, q, n);
        if (a === null) return undefined;
        q = a.end;
        if (a.name === null) break;
      }
      p = q;
      continue;
    }
    if (c === 0x21 || c === 0x2f || c === 0x3f) {
      const gt = b.indexOf(0x3e, p + 1);
      if (gt === -1 || gt >= n) return undefined;
      p = gt + 1;
      continue;
    }
    p++;
  }
  return undefined;
}

function isAsciiLetter(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a));
}

/** The attributes of a `<meta>` from `p`: the encoding they give (or null), and where the scan goes on (-1: out of bytes). */
function readMeta(
  b: Uint8Array,
  p: number,
  n: number,
  encodingName: (label: string) => string | null,
): { encoding: string | null; end: number } {
  const seen = new Set<string>();
  let gotPragma = false;
  let needPragma: boolean | null = null;
  // undefined: no charset yet; null: a label that names no encoding.
  let charset: string | null | undefined;
  let q = p;
  for (;;) {
    const a = attribute(b, q, n);
    if (a === null) return { encoding: null, end: -1 };
    q = a.end;
    if (a.name === null) break;
    if (seen.has(a.name)) continue;
    seen.add(a.name);
    if (a.name === 'http-equiv') {
      if (a.value === 'content-type') gotPragma = true;
    } else if (a.name === 'content') {
      const label = metaCharset(a.value);
      const e = label === null ? null : encodingName(label);
      if (e !== null && charset === undefined) {
        charset = e;
        needPragma = true;
      }
    } else if (a.name === 'charset') {
      charset = encodingName(a.value);
      needPragma = false;
    }
  }
  if (needPragma === null || (needPragma && !gotPragma) || charset === null || charset === undefined) return { encoding: null, end: q };
  if (charset === 'utf-16be' || charset === 'utf-16le') return { encoding: 'utf-8', end: q };
  if (charset === 'x-user-defined') return { encoding: 'windows-1252', end: q };
  return { encoding: charset, end: q };
}

/**
 * HTML's "get an attribute" from `p`: the name and value (ASCII lower-cased) and where it ends;
 * a null name when the tag ends there (at ">"); null when the bytes run out first.
 */
function attribute(b: Uint8Array, p: number, n: number): { name: string | null; value: string; end: number } | null {
  while (p < n && (isSpace(b[p]) || b[p] === 0x2f)) p++;
  if (p >= n) return null;
  if (b[p] === 0x3e) return { name: null, value: '', end: p };
  let name = '';
  for (;;) {
    if (p >= n) return null;
    const c = b[p]!;
    if (c === 0x3d && name !== '') {
      p++;
      break;
    }
    if (isSpace(c)) {
      while (p < n && isSpace(b[p])) p++;
      if (p >= n) return null;
      if (b[p] !== 0x3d) return { name, value: '', end: p };
      p++;
      break;
    }
    if (c === 0x2f || c === 0x3e) return { name, value: '', end: p };
    name += String.fromCharCode(lowerByte(c));
    p++;
  }
  while (p < n && isSpace(b[p])) p++;
  if (p >= n) return null;
  const q = b[p]!;
  if (q === 0x22 || q === 0x27) {
    const close = b.indexOf(q, p + 1);
    if (close === -1 || close >= n) return null;
    return { name, value: latin(b, p + 1, close).replace(/[A-Z]+/g, (m) => m.toLowerCase()), end: close + 1 };
  }
  if (q === 0x3e) return { name, value: '', end: p };
  let end = p + 1;
  while (end < n && !isSpace(b[end]) && b[end] !== 0x3e) end++;
  if (end >= n) return null;
  return { name, value: latin(b, p, end).replace(/[A-Z]+/g, (m) => m.toLowerCase()), end };
}

/** HTML's "get an XML encoding": the `encoding` of an XML declaration at the very start, or null. */
function xmlEncoding(b: Uint8Array, encodingName: (label: string) => string | null): string | null {
  if (!(b[0] === 0x3c && b[1] === 0x3f && b[2] === 0x78 && b[3] === 0x6d && b[4] === 0x6c)) return null;
  const end = b.indexOf(0x3e);
  if (end === -1) return null;
  const decl = latin(b, 0, end);
  let p = decl.indexOf('encoding');
  if (p === -1) return null;
  p += 8;
  while (p < end && b[p]! <= 0x20) p++;
  if (b[p] !== 0x3d) return null;
  p++;
  while (p < end && b[p]! <= 0x20) p++;
  const quote = b[p];
  if (quote !== 0x22 && quote !== 0x27) return null;
  const close = decl.indexOf(String.fromCharCode(quote), p + 1);
  if (close === -1) return null;
  const label = decl.slice(p + 1, close);
  if (/[\x00-\x20]/.test(label)) return null;
  const e = encodingName(label);
  return e === 'utf-16be' || e === 'utf-16le' ? 'utf-8' : e;
}

/**
 * Whether bytes given in chunks are UTF-8, as the Encoding Standard's UTF-8 decoder reads it (no
 * overlong forms, surrogates or code points past U+10FFFF), and whether any is beyond ASCII.
 * HTML (§13.2.3.2, the note on autodetection): files of the local file system whose bytes above
 * 0x7F match UTF-8 are very likely UTF-8, most of all when the whole file is examined.
 */
export class Utf8Check {
  /** Where the bytes stop being UTF-8: the first byte of the sequence that breaks (counted from 0), or -1. */
  invalidAt = -1;
  /** Whether a byte beyond ASCII was seen. */
  beyondAscii = false;
  private offset = 0;
  /** Where the sequence under way began (counted from 0). */
  private start = 0;
  /** The continuation bytes the sequence under way still needs, and the bounds of the next one. */
  private needed = 0;
  private lower = 0x80;
  private upper = 0xbf;

  /** The next chunk; false once a byte is not UTF-8. */
  push(bytes: Uint8Array): boolean {
    if (this.invalidAt !== -1) return false;
    let needed = this.needed;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (needed === 0) {
        if (b < 0x80) continue;
        this.beyondAscii = true;
        this.start = this.offset + i;
        this.lower = 0x80;
        this.upper = 0xbf;
        if (b >= 0xc2 && b <= 0xdf) needed = 1;
        else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) this.lower = 0xa0;
          if (b === 0xed) this.upper = 0x9f;
          needed = 2;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) this.lower = 0x90;
          if (b === 0xf4) this.upper = 0x8f;
          needed = 3;
        } else return this.fail(this.start);
        continue;
      }
      if (b < this.lower || b > this.upper) return this.fail(this.start);
      this.lower = 0x80;
      this.upper = 0xbf;
      needed--;
    }
    this.needed = needed;
    this.offset += bytes.length;
    return true;
  }

  /** The end of the bytes: whether they were all UTF-8 (a sequence cut at the end is not). */
  end(): boolean {
    if (this.invalidAt === -1 && this.needed > 0) this.invalidAt = this.start;
    return this.invalidAt === -1;
  }

  private fail(at: number): false {
    this.invalidAt = at;
    return false;
  }
}

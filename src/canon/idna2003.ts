/**
 * IDNA 2003 as Python's `encodings.idna` codec applies it (`str.encode('idna')`): nameprep and
 * Punycode per label, the labels split at the four dots. Nameprep here reads the platform's
 * Unicode data, where Python reads Unicode 3.2's: see docs/behaviour.md (canonicalization
 * profiles) for where that can differ.
 */
import { punycodeEncode } from './punycode.js';

const DOTS = /[.\u3002\uff0e\uff61]/;
const NON_ASCII = /[^\x00-\x7f]/;
/** RFC 3454 B.1: mapped to nothing. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point by itself, as RFC 3454 lists them
const MAP_TO_NOTHING = /[\u00ad\u034f\u1806\u180b-\u180d\u200b-\u200d\u2060\ufe00-\ufe0f\ufeff]/g;
/** RFC 3454 C.1.2, C.2.2, C.3–C.9: prohibited in the output of nameprep. */
const PROHIBITED =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point by itself, as RFC 3454 lists them
  /[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\u0080-\u009f\u06dd\u070f\u180e\u200c\u200d\u2028\u2029\u2060-\u2063\u206a-\u206f\ufeff\ufff9-\ufffc\u{1d173}-\u{1d17a}\ue000-\uf8ff\u{f0000}-\u{ffffd}\u{100000}-\u{10fffd}\ufdd0-\ufdef\ufffe\uffff\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\ud800-\udfff\ufff9-\ufffd\u2ff0-\u2ffb\u0340\u0341\u200e\u200f\u202a-\u202e\u{e0001}\u{e0020}-\u{e007f}]/u;
/** RFC 3454 D.1 (right-to-left characters), by the scripts written right to left. */
const RAND_AL =
  /[\u05be\u05c0\u05c3\u05d0-\u05f4\u0608\u060b\u060d\u061b-\u064a\u066d-\u066f\u0671-\u06d5\u06e5\u06e6\u06ee\u06ef\u06fa-\u0710\u0712-\u072f\u074d-\u07a5\u07b1-\u07ea\u07f4\u07f5\u07fa-\u0815\u081a\u0824\u0828\u0830-\u0858\u085e-\u08ac\u200f\ufb1d\ufb1f-\ufb28\ufb2a-\ufd3d\ufd50-\ufdfc\ufe70-\ufefc]/u;
/** RFC 3454 D.2 (left-to-right characters), approximated by letters outside those scripts. */
const L = /[\p{L}\p{Mc}]/u;

/**
 * Case folding one character at a time (RFC 3454 B.2): upper then lower case, so that `ß` is `ss`
 * and a final `ς` is `σ` (lower-casing a whole word keeps the final form).
 */
export function caseFold(s: string): string {
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s) out += ch.toUpperCase().toLowerCase();
  return out;
}

/** Python's `nameprep`: null when it raises. */
function nameprep(label: string): string | null {
  label = caseFold(label.replace(MAP_TO_NOTHING, '')).normalize('NFKC');
  if (PROHIBITED.test(label)) return null;
  if (RAND_AL.test(label)) {
    for (const ch of label) if (L.test(ch) && !RAND_AL.test(ch)) return null;
    const first = String.fromCodePoint(label.codePointAt(0)!);
    const last = String.fromCodePoint(
      label.codePointAt(label.length - (label.length > 1 && /[\udc00-\udfff]/.test(label[label.length - 1]!) ? 2 : 1))!,
    );
    if (!RAND_AL.test(first) || !RAND_AL.test(last)) return null;
  }
  return label;
}

/** Python's `ToASCII`: null when it raises. */
function toAscii(label: string): string | null {
  if (!NON_ASCII.test(label)) return label.length > 0 && label.length < 64 ? label : null;
  const prepped = nameprep(label);
  if (prepped === null) return null;
  if (!NON_ASCII.test(prepped)) return prepped.length > 0 && prepped.length < 64 ? prepped : null;
  if (prepped.startsWith('xn--')) return null;
  const ace = `xn--${punycodeEncode(prepped)}`;
  return ace.length < 64 ? ace : null;
}

/**
 * `text.encode('idna')`: the ASCII text, or null where Python raises a UnicodeError. An ASCII
 * text comes back as it is when its labels (all but an empty last one) are 1 to 63 long.
 */
export function idna2003Encode(text: string): string | null {
  if (text.length === 0) return '';
  if (!NON_ASCII.test(text)) {
    const labels = text.split('.');
    for (let i = 0; i < labels.length - 1; i++) if (labels[i]!.length === 0 || labels[i]!.length > 63) return null;
    return labels[labels.length - 1]!.length > 63 ? null : text;
  }
  const labels = text.split(DOTS);
  let trailing = '';
  if (labels[labels.length - 1] === '') {
    trailing = '.';
    labels.pop();
  }
  const out: string[] = [];
  for (const label of labels) {
    const a = toAscii(label);
    if (a === null) return null;
    out.push(a);
  }
  return out.join('.') + trailing;
}

/** `ToASCII` of one label, for the callers that apply it label by label. */
export function idna2003Label(label: string): string | null {
  return toAscii(label);
}

/**
 * IRIs (RFC 3987): from an IRI to its URI, and from a URI to the IRI a person can read.
 *
 * An IRI maps to the URI that retrieval uses (§3.1); a URI maps to an IRI (§3.2) by decoding only
 * what is safe to show.
 */
import { argumentError } from '../syntax/errors.js';
import { scanInput, type UriLike } from '../syntax/input.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, optionNames, optionsOf } from '../syntax/options.js';
import { isIprivate, isUcschar } from '../syntax/scan.js';
import { ALLOWED, EncodeSet } from '../syntax/tables.js';
import { toAsciiHost, toUnicodeHost } from './idna.js';
import { encodeSet, hexByte, indexIn, utf8At, utf8End } from './percent.js';

/** Options of `iriToUri` and `uriToIri`. */
export interface IriOptions {
  /**
   * Convert the host between its Unicode and ASCII forms (UTS #46 through `toAsciiHost` /
   * `toUnicodeHost`): `iriToUri` writes an internationalized reg-name as A-labels (RFC 3987
   * §3.1's ToASCII variant, for resolvers that do not take percent-encoded hosts), `uriToIri`
   * shows A-labels as U-labels (the §3.2.1 note). Default `false`: hosts are percent-encoded and
   * decoded like every other component.
   */
  idna?: boolean;
}

const IRI_OPTIONS = optionNames<IriOptions>()(['idna']);

const rec = new Uint32Array(OFFSETS_LENGTH);

/**
 * The URI of an IRI-reference (RFC 3987 §3.1): every non-ASCII character becomes the `%XX` of its
 * UTF-8 bytes (upper-case hex); everything else, `%XX` included, stays. A URI comes back as it is
 * (the mapping is the identity on URIs, and idempotent).
 *
 * @throws {UriError} when the input is not an RFC 3987 IRI-reference (the character and index),
 *   or, with `idna`, INVALID_HOST for a host IDNA rejects.
 * @example
 * iriToUri('http://example.org/Dürst?q=ü#ß');       // 'http://example.org/D%C3%BCrst?q=%C3%BC#%C3%9F'
 * iriToUri('http://résumé.example.org/');            // 'http://r%C3%A9sum%C3%A9.example.org/'
 * iriToUri('http://résumé.example.org/', { idna: true }); // 'http://xn--rsum-bpad.example.org/'
 */
export function iriToUri(iri: string, options?: IriOptions): string {
  if (typeof iri !== 'string') throw argumentError('iriToUri', 'iri', 'a string', iri);
  const idna = idnaOption(options, 'iriToUri');
  scanInput(iri, rec, IRI, 'iriToUri', 'iri');
  const f = rec[Slot.FLAGS]!;
  if ((f & Flag.NON_ASCII) === 0) return iri;
  if (!idna || (f & Flag.AUTHORITY) === 0) return encodeNonAscii(iri, 0, iri.length);
  const hostStart = rec[Slot.HOST_START]!;
  const hostEnd = rec[Slot.HOST_END]!;
  return encodeNonAscii(iri, 0, hostStart) + toAsciiHost(iri.slice(hostStart, hostEnd)) + encodeNonAscii(iri, hostEnd, iri.length);
}

const IRI = Object.freeze({ iri: true });

function idnaOption(options: IriOptions | undefined, who: string): boolean {
  const o = optionsOf(options, who);
  if (o !== undefined) checkOptionNames(o, IRI_OPTIONS, who);
  return o !== undefined && booleanOption(o, 'idna', who);
}

/** s[start, end) with each non-ASCII character as the %XX of its UTF-8 bytes. */
function encodeNonAscii(s: string, start: number, end: number): string {
  let out = '';
  let run = start;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) < 0x80) continue;
    let j = i + 1;
    while (j < end && s.charCodeAt(j) >= 0x80) j++;
    // The scan accepted only ucschar and iprivate: no lone surrogate, so this cannot throw.
    out += s.slice(run, i) + encodeSet(s.slice(i, j), EncodeSet.UNRESERVED);
    run = i = j;
  }
  return run === start ? s.slice(start, end) : out + s.slice(run, end);
}

/**
 * The IRI that displays a URI (RFC 3987 §3.2): each `%XX` of an unreserved character, and each
 * run of `%XX` that is UTF-8 for a character an IRI may hold there (`ucschar`; `iprivate` in the
 * query), becomes the character. Left encoded: `%`, reserved and other ASCII characters, bytes
 * that are not UTF-8, and characters unsafe to show: bidirectional formatting (§4.1), spaces and
 * invisible characters (§6.1). `iriToUri` maps the result back to the same URI, but for the case
 * of hex digits and the unreserved characters it decoded.
 *
 * @throws {UriError} when the input is not a URI-reference (an IRI-reference is accepted too).
 * @example
 * uriToIri('http://www.example.org/D%C3%BCrst');          // 'http://www.example.org/Dürst'
 * uriToIri('http://www.example.org/D%FCrst');             // 'http://www.example.org/D%FCrst' (not UTF-8)
 * uriToIri('http://xn--99zt52a.example.org/%e2%80%ae');   // 'http://xn--99zt52a.example.org/%e2%80%ae' (RLO)
 * uriToIri('http://xn--99zt52a.example.org/', { idna: true }); // 'http://納豆.example.org/'
 * uriToIri('http://h/a%20b%2Fc');                         // 'http://h/a%20b%2Fc'
 */
export function uriToIri(uri: string | UriLike, options?: IriOptions): string {
  const wanted = idnaOption(options, 'uriToIri');
  const s = scanInput(uri, rec, IRI, 'uriToIri', 'uri');
  const f = rec[Slot.FLAGS]!;
  const idna = wanted && (f & Flag.AUTHORITY) !== 0 && (f & Flag.HOST_IPV4) === 0;
  if ((f & Flag.PERCENT) === 0 && !idna) return s;
  const queryStart = (f & Flag.QUERY) !== 0 ? rec[Slot.QUERY_START]! : s.length + 1;
  const queryEnd = (f & Flag.QUERY) !== 0 ? rec[Slot.QUERY_END]! : s.length + 1;
  if (!idna) return decodeShowable(s, 0, s.length, queryStart, queryEnd);
  const hostStart = rec[Slot.HOST_START]!;
  const hostEnd = rec[Slot.HOST_END]!;
  return (
    decodeShowable(s, 0, hostStart, queryStart, queryEnd) +
    unicodeHost(s.slice(hostStart, hostEnd)) +
    decodeShowable(s, hostEnd, s.length, queryStart, queryEnd)
  );
}

/** The host's A-labels as U-labels where that shows only safe characters; other labels decoded. */
function unicodeHost(host: string): string {
  const shown = toUnicodeHost(host);
  for (let i = 0; i < shown.length; i++) {
    const cp = shown.codePointAt(i)!;
    if (cp >= 0x80 && !showable(cp, false)) return decodeShowable(host, 0, host.length, -1, -1);
    if (cp > 0xffff) i++;
  }
  return shown;
}

/** §3.2 steps 2 to 5 over s[start, end); the query, where iprivate may stand, is [qs, qe). */
function decodeShowable(s: string, start: number, end: number, qs: number, qe: number): string {
  let out = '';
  let run = start;
  for (let i = indexIn(s, 0x25, start, end); i !== -1; ) {
    const b = hexByte(s, i);
    if (b < 0x80) {
      // Step 2: only unreserved ASCII is decoded ("%" and reserved characters keep their meaning).
      if (b >= 0 && (ALLOWED[b]! & EncodeSet.UNRESERVED) !== 0) {
        out += s.slice(run, i) + String.fromCharCode(b);
        run = i + 3;
      }
      i = indexIn(s, 0x25, i + 1, end);
      continue;
    }
    const cp = utf8At(s, i, b, end);
    const next = utf8End;
    if (cp >= 0 && showable(cp, i >= qs && i < qe)) {
      out += s.slice(run, i) + String.fromCodePoint(cp);
      run = next;
      i = indexIn(s, 0x25, next, end);
    } else {
      // Steps 3 and 4: not UTF-8, or not for showing; the next triplet may begin a sequence.
      i = indexIn(s, 0x25, cp >= 0 ? next : i + 3, end);
    }
  }
  return run === start ? s.slice(start, end) : out + s.slice(run, end);
}

/**
 * Whether an IRI may hold the code point (RFC 3987 §2.2: ucschar, or iprivate in the query) and
 * showing it is safe: not a bidirectional formatting character (§4.1, with the isolates and the
 * Arabic letter mark Unicode added since), not a space or line separator (White_Space), and not an
 * invisible character that could hide what the IRI says (zero-width characters, fillers, variation
 * selectors, the byte order mark: §6.1's look-alikes of space).
 */
function showable(cp: number, inQuery: boolean): boolean {
  if (!(isUcschar(cp) || (inQuery && isIprivate(cp)))) return false;
  if (cp < 0x2000) {
    return !(
      cp === 0xa0 ||
      cp === 0xad ||
      cp === 0x34f ||
      cp === 0x61c ||
      cp === 0x115f ||
      cp === 0x1160 ||
      cp === 0x1680 ||
      cp === 0x17b4 ||
      cp === 0x17b5 ||
      (cp >= 0x180b && cp <= 0x180f)
    );
  }
  if (cp <= 0x206f) {
    // General Punctuation: the spaces U+2000-200A, ZWSP/ZWNJ/ZWJ/LRM/RLM U+200B-200F, the
    // separators and embeddings U+2028-202F, U+205F and the invisible operators and isolates
    // U+2060-206F are all left encoded.
    return !(cp <= 0x200f || (cp >= 0x2028 && cp <= 0x202f) || cp >= 0x205f);
  }
  return !(cp === 0x3000 || cp === 0x3164 || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff || cp === 0xffa0);
}

/** The Unicode normalization forms of RFC 3987 §5.3.2.2 (`normalize`'s `unicode` option). */
export type UnicodeForm = 'NFC' | 'NFKC';

// A "%XX" (kept whole: a combining mark after its last digit must not compose with it), or a run
// of what normalization may change: unreserved ASCII, with at least one character beyond ASCII.
const NORMALIZABLE = /%[0-9A-Fa-f]{2}|[-.\w~\u0080-\uffff]*[\u0080-\uffff][-.\w~\u0080-\uffff]*/g;
const NOT_UNRESERVED = /[^-.\w~\u0080-\uffff]/g;

/**
 * RFC 3987 §5.3.2.2 character normalization of the IRI `s` (described by `o`): the characters of
 * each component in `form`, between its delimiters and its `%XX`, which stay as they are.
 * Normalization never makes a delimiter: an ASCII character that NFKC makes of another one
 * (`／` is `/`, `＃` is `#`, U+3000 a space) is percent-encoded, so the components stay the
 * components they were. The scheme and port are ASCII; the host's case and A-labels are the
 * normal form's.
 */
export function characterNormalized(s: string, o: Uint32Array, form: UnicodeForm): string {
  const f = o[Slot.FLAGS]!;
  if ((f & (Flag.NON_ASCII | Flag.WARN_NON_ASCII)) === 0) return s;
  const start = (f & Flag.AUTHORITY) !== 0 ? o[Slot.AUTHORITY_START]! : o[Slot.PATH_START]!;
  // What lies between the scheme and the authority or path ("//"), and the port, are ASCII.
  return s.slice(0, start) + s.slice(start).replace(NORMALIZABLE, (run) => (run.charCodeAt(0) === 0x25 ? run : normalizeRun(run, form)));
}

function normalizeRun(run: string, form: UnicodeForm): string {
  const n = run.normalize(form);
  return n === run ? n : n.replace(NOT_UNRESERVED, (c) => encodeSet(c, 0));
}

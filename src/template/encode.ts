/**
 * RFC 6570 §3.1 and §3.2.1: the two allow sets. U keeps only unreserved characters; U+R keeps
 * reserved and unreserved ones and the "%" of a triplet (literals, `{+…}`, `{#…}`). Everything
 * else becomes the upper-case pct-encoded triplets of its UTF-8. Node's own encoders do the work
 * (native code, linear, upper case); what they treat otherwise is put right after them.
 */

const SUB_DELIMS_LEFT = /[!'()*]/;
const SUB_DELIMS_LEFT_ALL = /[!'()*]/g;
const RESERVED_FIX = /%25([0-9A-Fa-f]{2})|%5B|%5D/g;

/**
 * Allow U: every character but the unreserved ones as the pct-encoded triplets of
 * its UTF-8 (upper case). `undefined` for a lone surrogate, which has no UTF-8. Node's own
 * encoder does the work; it leaves five sub-delims, which U encodes too.
 */
export function encodeUnreserved(s: string): string | undefined {
  let e: string;
  try {
    e = encodeURIComponent(s);
  } catch {
    return undefined;
  }
  return SUB_DELIMS_LEFT.test(e) ? e.replace(SUB_DELIMS_LEFT_ALL, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : e;
}

/**
 * Allow U+R (a literal, or a `{+…}`, `{#…}` value): reserved and
 * unreserved characters stay, and so does a "%" that begins a triplet; everything else as the
 * triplets of its UTF-8. Node's encodeURI, which also encodes "[", "]" and every "%", then those
 * put back. `undefined` for a lone surrogate.
 */
export function encodeReserved(s: string): string | undefined {
  let e: string;
  try {
    e = encodeURI(s);
  } catch {
    return undefined;
  }
  return e.length === s.length
    ? e
    : e.replace(RESERVED_FIX, (m, hex: string | undefined) => (hex !== undefined ? `%${hex}` : m === '%5B' ? '[' : ']'));
}

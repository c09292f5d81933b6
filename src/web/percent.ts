/**
 * The URL Standard's UTF-8 percent-encode over one of its percent-encode sets (the bits of
 * tables.ts): every code unit below 0x80 outside the set kept, every other code point
 * written as the upper-case "%XX" of its UTF-8 bytes. "%" is in none of the parser's sets: a "%"
 * stays as it is, whatever follows it. A lone surrogate is U+FFFD, as the standard's scalar value
 * strings make it.
 */
import { WEB_SET } from './tables.js';

const HEX = '0123456789ABCDEF';

function pct(byte: number): string {
  return `%${HEX[byte >> 4]!}${HEX[byte & 15]!}`;
}

/** UTF-8 percent-encode s[start, end) using `set` (WebSet bits); the slice itself when nothing is encoded. */
export function webEncode(s: string, start: number, end: number, set: number): string {
  let i = start;
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c >= 0x80 || (WEB_SET[c]! & set) !== 0) break;
    i++;
  }
  if (i === end) return s.slice(start, end);
  let out = s.slice(start, i);
  let run = i;
  for (; i < end; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80 && (WEB_SET[c]! & set) === 0) continue;
    if (run < i) out += s.slice(run, i);
    if (c < 0x80) {
      out += pct(c);
    } else if (c < 0x800) {
      out += pct(0xc0 | (c >> 6)) + pct(0x80 | (c & 0x3f));
    } else {
      const lo = s.charCodeAt(i + 1);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < end && lo >= 0xdc00 && lo <= 0xdfff) {
        c = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        out += pct(0xf0 | (c >> 18)) + pct(0x80 | ((c >> 12) & 0x3f)) + pct(0x80 | ((c >> 6) & 0x3f)) + pct(0x80 | (c & 0x3f));
        i++;
      } else {
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        out += pct(0xe0 | (c >> 12)) + pct(0x80 | ((c >> 6) & 0x3f)) + pct(0x80 | (c & 0x3f));
      }
    }
    run = i + 1;
  }
  return run < end ? out + s.slice(run, end) : out;
}

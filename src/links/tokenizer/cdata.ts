/** The CDATA section states: `<![CDATA[` in SVG or MathML content, to the first "]]>". */
import type { Machine } from './machine.js';
import { CDATA_BRACKET, CDATA_END, CDATA_SECTION, DATA } from './states.js';

/** One step of a CDATA section state at `text[i]` (a `StateStep`, machine.ts). */
export function cdataStep(m: Machine, text: string, i: number): number {
  if (m.state === CDATA_SECTION) {
    const b = text.indexOf(']', i);
    if (b === -1) return text.length;
    m.state = CDATA_BRACKET;
    return b + 1;
  }
  const c = text.charCodeAt(i);
  if (c === 0x5d && m.state === CDATA_BRACKET) {
    m.state = CDATA_END;
    return i + 1;
  }
  // "]]" then more "]" stays at the end; ">" ends the section.
  if (c === 0x5d && m.state === CDATA_END) return i + 1;
  if (c === 0x3e && m.state === CDATA_END) {
    m.state = DATA;
    return i + 1;
  }
  m.state = CDATA_SECTION;
  return i;
}

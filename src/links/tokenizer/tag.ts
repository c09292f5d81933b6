/** The tag states: "<" (tag open), "</" (end tag open), the tag name, and "/" before ">" (self-closing start tag). */
import { isAlpha, isSpace } from './chars.js';
import type { Machine } from './machine.js';
import {
  BEFORE_ATTRIBUTE_NAME,
  BOGUS_COMMENT,
  DATA,
  END_TAG_OPEN,
  MARKUP_DECLARATION,
  SELF_CLOSING,
  TAG_NAME,
  TAG_OPEN,
} from './states.js';

/** One step of a tag state at `text[i]` (a `StateStep`, machine.ts). */
export function tagStep(m: Machine, text: string, i: number): number {
  switch (m.state) {
    case TAG_OPEN: {
      const c = text.charCodeAt(i);
      if (c === 0x21) {
        m.state = MARKUP_DECLARATION;
        return i + 1;
      }
      if (c === 0x2f) {
        m.state = END_TAG_OPEN;
        return i + 1;
      }
      if (isAlpha(c)) {
        m.startName(i, false);
        m.state = TAG_NAME;
      } else if (c === 0x3f) {
        m.state = BOGUS_COMMENT;
      } else {
        // A "<" that opens nothing is text.
        m.state = DATA;
      }
      return i;
    }
    case END_TAG_OPEN: {
      const c = text.charCodeAt(i);
      if (isAlpha(c)) {
        m.startName(i, true);
        m.state = TAG_NAME;
      } else if (c === 0x3e) {
        m.state = DATA;
        return i + 1;
      } else {
        m.state = BOGUS_COMMENT;
      }
      return i;
    }
    case TAG_NAME:
      for (const n = text.length; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x3e) {
          m.nameDone(i);
          m.state = m.emitTag();
          return i + 1;
        }
        if (isSpace(c) || c === 0x2f) {
          m.nameDone(i);
          m.state = c === 0x2f ? SELF_CLOSING : BEFORE_ATTRIBUTE_NAME;
          return i + 1;
        }
      }
      return i;
  }
  // The self-closing start tag state: "/>" ends the tag; "/" before anything else is dropped.
  if (text.charCodeAt(i) !== 0x3e) {
    m.state = BEFORE_ATTRIBUTE_NAME;
    return i;
  }
  m.selfClosing = true;
  m.state = m.emitTag();
  return i + 1;
}

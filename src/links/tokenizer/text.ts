/** The text states: data, RCDATA, RAWTEXT, script data, PLAINTEXT, and the end tag states the text-only ones share. */
import { isAlpha, isSpace } from './chars.js';
import type { Machine } from './machine.js';
import {
  BEFORE_ATTRIBUTE_NAME,
  DATA,
  RAWTEXT,
  RCDATA,
  SCRIPT_DATA,
  SCRIPT_DOUBLE_ESCAPE_START,
  SCRIPT_ESCAPE_START,
  SCRIPT_ESCAPED,
  SELF_CLOSING,
  TAG_OPEN,
  TEXT_END_TAG_NAME,
  TEXT_END_TAG_OPEN,
  TEXT_LT,
} from './states.js';

/** One step of a text state at `text[i]` (a `StateStep`, machine.ts). */
export function textStep(m: Machine, text: string, i: number): number {
  switch (m.state) {
    case DATA: {
      const lt = text.indexOf('<', i);
      if (lt === -1) return text.length;
      m.tagOpen(lt);
      m.state = TAG_OPEN;
      return lt + 1;
    }
    case RCDATA:
    case RAWTEXT:
    case SCRIPT_DATA: {
      const lt = text.indexOf('<', i);
      if (lt === -1) return text.length;
      m.tagOpen(lt);
      m.back = m.state;
      m.state = TEXT_LT;
      return lt + 1;
    }
    case TEXT_LT: {
      const c = text.charCodeAt(i);
      const back = m.back;
      if (c === 0x2f) {
        m.state = TEXT_END_TAG_OPEN;
        return i + 1;
      }
      if (c === 0x21 && back === SCRIPT_DATA) {
        m.state = SCRIPT_ESCAPE_START;
        return i + 1;
      }
      if (back === SCRIPT_ESCAPED && isAlpha(c)) {
        m.begin(i, true, 6);
        m.state = SCRIPT_DOUBLE_ESCAPE_START;
      } else {
        m.state = back;
      }
      return i;
    }
    case TEXT_END_TAG_OPEN:
      if (isAlpha(text.charCodeAt(i))) {
        m.begin(i, true, m.lastStartTag.length);
        m.state = TEXT_END_TAG_NAME;
      } else {
        m.state = m.back;
      }
      return i;
    case TEXT_END_TAG_NAME: {
      const n = text.length;
      let c = text.charCodeAt(i);
      while (isAlpha(c) && ++i < n) c = text.charCodeAt(i);
      if (i >= n) return i;
      if ((isSpace(c) || c === 0x2f || c === 0x3e) && m.appropriate(i)) {
        if (c === 0x3e) m.state = m.emitTag();
        else m.state = c === 0x2f ? SELF_CLOSING : BEFORE_ATTRIBUTE_NAME;
        return i + 1;
      }
      m.section = -1;
      m.state = m.back;
      return i;
    }
  }
  // PLAINTEXT: the rest of the document is text.
  return text.length;
}

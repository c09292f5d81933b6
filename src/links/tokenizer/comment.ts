/** The comment states: "<!" (markup declaration open, which also opens DOCTYPEs and CDATA sections), bogus comments, comments. */
import { asciiLower } from './chars.js';
import type { Machine } from './machine.js';
import {
  BOGUS_COMMENT,
  CDATA_SECTION,
  COMMENT,
  COMMENT_END,
  COMMENT_END_BANG,
  COMMENT_END_DASH,
  COMMENT_START,
  COMMENT_START_DASH,
  DATA,
  DOCTYPE,
  MARKUP_DECLARATION,
} from './states.js';

/** Whether `s`, the few characters after "<!" that a chunk ends with, may begin "--", "DOCTYPE" or "[CDATA[". */
function couldStart(s: string): boolean {
  return '--'.startsWith(s) || 'doctype'.startsWith(asciiLower(s)) || '[CDATA['.startsWith(s);
}

/** The comment ends at `i` (its ">"). */
function ended(m: Machine, i: number): number {
  m.sink.comment();
  m.state = DATA;
  return i + 1;
}

/** One step of a comment state at `text[i]` (a `StateStep`, machine.ts; `eof`: the text ends the document). */
export function commentStep(m: Machine, text: string, i: number, eof: boolean): number {
  const c = text.charCodeAt(i);
  switch (m.state) {
    case MARKUP_DECLARATION: {
      const rest = text.length - i;
      if (text.startsWith('--', i)) {
        m.state = COMMENT_START;
        return i + 2;
      }
      if (rest >= 7 && asciiLower(text.slice(i, i + 7)) === 'doctype') {
        m.state = DOCTYPE;
        return i + 7;
      }
      if (text.startsWith('[CDATA[', i) && m.sink.foreign()) {
        m.state = CDATA_SECTION;
        return i + 7;
      }
      if (!eof && rest < 7 && couldStart(text.slice(i))) {
        // Too few characters to tell: read them again with the next chunk.
        m.carry = text.slice(i);
        return text.length;
      }
      m.state = BOGUS_COMMENT;
      return i;
    }
    case BOGUS_COMMENT: {
      const gt = text.indexOf('>', i);
      return gt === -1 ? text.length : ended(m, gt);
    }
    case COMMENT_START:
    case COMMENT_START_DASH:
      // "<!-->" and "<!--->" are empty comments.
      if (c === 0x3e) return ended(m, i);
      if (c !== 0x2d) {
        m.state = COMMENT;
        return i;
      }
      m.state = m.state === COMMENT_START ? COMMENT_START_DASH : COMMENT_END;
      return i + 1;
    case COMMENT: {
      // The "<!" states inside a comment only report nested comments: they end it nowhere else.
      const dash = text.indexOf('-', i);
      if (dash === -1) return text.length;
      m.state = COMMENT_END_DASH;
      return dash + 1;
    }
    case COMMENT_END_DASH:
      if (c !== 0x2d) {
        m.state = COMMENT;
        return i;
      }
      m.state = COMMENT_END;
      return i + 1;
    case COMMENT_END:
      if (c === 0x3e) return ended(m, i);
      if (c === 0x21) m.state = COMMENT_END_BANG;
      else if (c !== 0x2d) {
        m.state = COMMENT;
        return i;
      }
      return i + 1;
  }
  // After "--!": "-" goes back to the end dash state, ">" ends the comment too ("--!>").
  if (c === 0x3e) return ended(m, i);
  if (c !== 0x2d) {
    m.state = COMMENT;
    return i;
  }
  m.state = COMMENT_END_DASH;
  return i + 1;
}

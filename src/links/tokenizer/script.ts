/** The script data escaped states ("<!--" inside a script) and double-escaped states ("<script>" inside that). */
import { isAlpha, isSpace, normalName } from './chars.js';
import type { Machine } from './machine.js';
import {
  SCRIPT_DATA,
  SCRIPT_DOUBLE_ESCAPE_END,
  SCRIPT_DOUBLE_ESCAPE_START,
  SCRIPT_DOUBLE_ESCAPED,
  SCRIPT_DOUBLE_ESCAPED_DASH,
  SCRIPT_DOUBLE_ESCAPED_DASH_DASH,
  SCRIPT_DOUBLE_ESCAPED_LT,
  SCRIPT_ESCAPE_START,
  SCRIPT_ESCAPE_START_DASH,
  SCRIPT_ESCAPED,
  SCRIPT_ESCAPED_DASH,
  SCRIPT_ESCAPED_DASH_DASH,
  TEXT_LT,
} from './states.js';

/** One step of a script escape state at `text[i]` (a `StateStep`, machine.ts). */
export function scriptStep(m: Machine, text: string, i: number): number {
  const state = m.state;
  switch (state) {
    case SCRIPT_ESCAPE_START:
    case SCRIPT_ESCAPE_START_DASH:
      if (text.charCodeAt(i) !== 0x2d) {
        m.state = SCRIPT_DATA;
        return i;
      }
      m.state = state === SCRIPT_ESCAPE_START ? SCRIPT_ESCAPE_START_DASH : SCRIPT_ESCAPED_DASH_DASH;
      return i + 1;
    case SCRIPT_ESCAPED:
      for (const n = text.length; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x2d) {
          m.state = SCRIPT_ESCAPED_DASH;
          return i + 1;
        }
        if (c === 0x3c) {
          m.back = SCRIPT_ESCAPED;
          m.state = TEXT_LT;
          return i + 1;
        }
      }
      return i;
    case SCRIPT_ESCAPED_DASH:
    case SCRIPT_ESCAPED_DASH_DASH: {
      const c = text.charCodeAt(i);
      if (c === 0x2d) m.state = SCRIPT_ESCAPED_DASH_DASH;
      else if (c === 0x3c) {
        m.back = SCRIPT_ESCAPED;
        m.state = TEXT_LT;
      } else if (c === 0x3e && state === SCRIPT_ESCAPED_DASH_DASH) m.state = SCRIPT_DATA;
      else {
        m.state = SCRIPT_ESCAPED;
        return i;
      }
      return i + 1;
    }
    case SCRIPT_DOUBLE_ESCAPED:
      for (const n = text.length; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x2d || c === 0x3c) {
          m.state = c === 0x2d ? SCRIPT_DOUBLE_ESCAPED_DASH : SCRIPT_DOUBLE_ESCAPED_LT;
          return i + 1;
        }
      }
      return i;
    case SCRIPT_DOUBLE_ESCAPED_DASH:
    case SCRIPT_DOUBLE_ESCAPED_DASH_DASH: {
      const c = text.charCodeAt(i);
      if (c === 0x2d) m.state = SCRIPT_DOUBLE_ESCAPED_DASH_DASH;
      else if (c === 0x3c) m.state = SCRIPT_DOUBLE_ESCAPED_LT;
      else if (c === 0x3e && state === SCRIPT_DOUBLE_ESCAPED_DASH_DASH) m.state = SCRIPT_DATA;
      else {
        m.state = SCRIPT_DOUBLE_ESCAPED;
        return i;
      }
      return i + 1;
    }
    case SCRIPT_DOUBLE_ESCAPED_LT:
      if (text.charCodeAt(i) !== 0x2f) {
        m.state = SCRIPT_DOUBLE_ESCAPED;
        return i;
      }
      m.begin(i + 1, true, 6);
      m.state = SCRIPT_DOUBLE_ESCAPE_END;
      return i + 1;
  }
  // The double escape start and end states: a name that, if it is "script", enters or leaves the double escape.
  const n = text.length;
  let c = text.charCodeAt(i);
  while (isAlpha(c) && ++i < n) c = text.charCodeAt(i);
  if (i >= n) return i;
  const start = state === SCRIPT_DOUBLE_ESCAPE_START;
  if (isSpace(c) || c === 0x2f || c === 0x3e) {
    const name = m.take(i);
    const script = name !== null && normalName(name) === 'script';
    m.state = script === start ? SCRIPT_DOUBLE_ESCAPED : SCRIPT_ESCAPED;
    return i + 1;
  }
  m.section = -1;
  m.state = start ? SCRIPT_ESCAPED : SCRIPT_DOUBLE_ESCAPED;
  return i;
}

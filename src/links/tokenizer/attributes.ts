/** The attribute states: before, in and after a name, before a value, the value (double-quoted, single-quoted, unquoted), after it. */
import { isSpace } from './chars.js';
import { type Machine, NAME_LIMIT } from './machine.js';
import {
  AFTER_ATTRIBUTE_NAME,
  AFTER_ATTRIBUTE_VALUE,
  ATTRIBUTE_NAME,
  ATTRIBUTE_VALUE_DOUBLE,
  ATTRIBUTE_VALUE_SINGLE,
  ATTRIBUTE_VALUE_UNQUOTED,
  BEFORE_ATTRIBUTE_NAME,
  BEFORE_ATTRIBUTE_VALUE,
  SELF_CLOSING,
} from './states.js';

/** Where the whitespace from `i` ends in `text` (its length when it ends there). */
function skipSpace(text: string, i: number): number {
  const n = text.length;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** One step of an attribute state at `text[i]` (a `StateStep`, machine.ts). */
export function attributeStep(m: Machine, text: string, i: number): number {
  switch (m.state) {
    case BEFORE_ATTRIBUTE_NAME: {
      i = skipSpace(text, i);
      if (i >= text.length) return i;
      const c = text.charCodeAt(i);
      if (c === 0x2f || c === 0x3e) {
        m.state = AFTER_ATTRIBUTE_NAME;
        return i;
      }
      // "=" here starts a name that holds it.
      m.begin(i, m.wantAttributes, NAME_LIMIT);
      m.state = ATTRIBUTE_NAME;
      return i + 1;
    }
    case ATTRIBUTE_NAME:
      for (const n = text.length; i < n; i++) {
        const c = text.charCodeAt(i);
        if (isSpace(c) || c === 0x2f || c === 0x3e) {
          m.attributeDone(i);
          m.state = AFTER_ATTRIBUTE_NAME;
          return i;
        }
        if (c === 0x3d) {
          m.attributeDone(i);
          m.state = BEFORE_ATTRIBUTE_VALUE;
          return i + 1;
        }
      }
      return i;
    case AFTER_ATTRIBUTE_NAME: {
      i = skipSpace(text, i);
      if (i >= text.length) return i;
      const c = text.charCodeAt(i);
      if (c === 0x3d) {
        m.state = BEFORE_ATTRIBUTE_VALUE;
        return i + 1;
      }
      m.noValue();
      if (c === 0x2f) {
        m.state = SELF_CLOSING;
        return i + 1;
      }
      if (c === 0x3e) {
        m.state = m.emitTag();
        return i + 1;
      }
      m.begin(i, m.wantAttributes, NAME_LIMIT);
      m.state = ATTRIBUTE_NAME;
      return i;
    }
    case BEFORE_ATTRIBUTE_VALUE: {
      i = skipSpace(text, i);
      if (i >= text.length) return i;
      const c = text.charCodeAt(i);
      if (c === 0x3e) {
        m.noValue();
        m.state = m.emitTag();
        return i + 1;
      }
      const quoted = c === 0x22 || c === 0x27;
      if (quoted) i++;
      m.begin(i, m.wantValue, m.valueLimit);
      m.state = c === 0x22 ? ATTRIBUTE_VALUE_DOUBLE : c === 0x27 ? ATTRIBUTE_VALUE_SINGLE : ATTRIBUTE_VALUE_UNQUOTED;
      return i;
    }
    case ATTRIBUTE_VALUE_DOUBLE:
    case ATTRIBUTE_VALUE_SINGLE: {
      const q = text.indexOf(m.state === ATTRIBUTE_VALUE_DOUBLE ? '"' : "'", i);
      if (q === -1) return text.length;
      m.emitValue(q);
      m.state = AFTER_ATTRIBUTE_VALUE;
      return q + 1;
    }
    case ATTRIBUTE_VALUE_UNQUOTED:
      for (const n = text.length; i < n; i++) {
        const c = text.charCodeAt(i);
        if (isSpace(c)) {
          m.emitValue(i);
          m.state = BEFORE_ATTRIBUTE_NAME;
          return i + 1;
        }
        if (c === 0x3e) {
          m.emitValue(i);
          m.state = m.emitTag();
          return i + 1;
        }
      }
      return i;
  }
  // After a value: whitespace, "/" or ">"; anything else starts the next name at once.
  const c = text.charCodeAt(i);
  if (c === 0x3e) {
    m.state = m.emitTag();
    return i + 1;
  }
  m.state = c === 0x2f ? SELF_CLOSING : BEFORE_ATTRIBUTE_NAME;
  return isSpace(c) || c === 0x2f ? i + 1 : i;
}

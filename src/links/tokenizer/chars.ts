/** The characters the tokenizer's states test, and names as the standard makes them. */

/** HTML's whitespace in the tokenizer: TAB, LF, FF, SPACE, and CR (which the input stream makes LF). */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

export function isAlpha(c: number): boolean {
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x7a;
}

export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** A tag or attribute name as the standard makes it: ASCII upper case lowered, NUL read as U+FFFD. */
export function normalName(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || c === 0) return asciiLower(s).replace(/\0/g, '\ufffd');
  }
  return s;
}

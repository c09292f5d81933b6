/**
 * Helpers shared by the vector harnesses, written apart from src/ so that the checks do not
 * lean on the code under test.
 */

/** Structural equality of JSON values (key order ignored; undefined equals only undefined). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * A percent-decoder: %XX runs read as UTF-8, U+FFFD for malformed sequences (as java.net.URI and
 * Go report decoded components).
 */
export function pctDecode(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length > 0) out += new TextDecoder('utf-8').decode(new Uint8Array(bytes));
    bytes = [];
  };
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      flush();
      out += s[i];
    }
  }
  flush();
  return out;
}

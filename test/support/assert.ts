/**
 * Helpers shared by the test files, written apart from src/ so that the checks do not lean on the
 * code under test (UriError is imported only to recognize it).
 */
import * as assert from 'uvu/assert';
import { UriError } from '../../src/index.js';

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

/** Asserts that `f` throws a UriError with this code and index (and a message matching `message`). */
export function throwsUriError(f: () => unknown, code: string, index: number, message?: RegExp): void {
  try {
    f();
  } catch (e) {
    assert.instance(e, UriError);
    assert.is((e as UriError).code, code);
    assert.is((e as UriError).index, index);
    if (message !== undefined) assert.match((e as UriError).message, message);
    return;
  }
  assert.unreachable(`expected UriError ${code}`);
}

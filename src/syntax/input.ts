/**
 * The way into an offsets record for the operations: a string is scanned, a `Uri` copies its own.
 *
 * The operations work on records and take `string | UriLike`, so that they need nothing of the
 * `Uri` view but its text and its record. A `Uri` is known by its brand, not by its class: the
 * ES module and CommonJS builds of this library are two copies with two classes, and either's
 * `Uri` is accepted by the other's functions. The brand also vouches for the record, which only
 * `scan` (or recomposition, which writes what scan would) can have filled.
 */

import { argumentError, scanError } from './errors.js';
import { Slot } from './offsets.js';
import { type ParseOptions, scanString } from './scan.js';

/** The brand of a `Uri`, on its prototype; `Symbol.for`, so that every copy of urikit shares it. */
export const URI_BRAND: unique symbol = Symbol.for('urikit.Uri');
// The same symbol in a binding no other module sees, for isUri: read through the exported
// binding, the check cost normalize(uri) 1% more instructions (callgrind, Node 20).
const BRAND = URI_BRAND;

/** What the operations read of a `Uri`: its text and its offsets record. */
export interface UriLike {
  /** The URI's text, exactly. */
  readonly href: string;
  /** Writes the URI's offsets record into `out` and returns it. */
  writeOffsets(out: Uint32Array): Uint32Array;
  /** Set by `Uri` alone: a record written by anything else could point anywhere in the text. */
  readonly [URI_BRAND]: true;
}

/** True for a `Uri` of this library, whichever of its builds (ES module or CommonJS) made it. */
export function isUri(x: unknown): x is UriLike {
  return typeof x === 'object' && x !== null && (x as { [BRAND]?: unknown })[BRAND] === true;
}

/**
 * Fills `rec` for a string (scanned under `options`) or a `Uri` (its record copied) and returns
 * the text.
 *
 * @throws {UriError} for an invalid string; TypeError for anything else, naming argument `name`
 *   of function `who`.
 */
export function scanInput(x: string | UriLike, rec: Uint32Array, options: ParseOptions | undefined, who: string, name: string): string {
  if (typeof x === 'string') {
    const code = scanString(x, rec, options, who);
    if (code !== 0) throw scanError(code, rec[Slot.ERROR_INDEX]!, x);
    return x;
  }
  if (isUri(x)) {
    x.writeOffsets(rec);
    return x.href;
  }
  throw argumentError(who, name, 'a string or a Uri', x);
}

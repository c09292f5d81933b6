/**
 * `hashUri`: a 32-bit hash that agrees with `equivalent`, or, with `{ rfc2396: true }`, is
 * java.net.URI's `hashCode()`.
 */
import type { UriLike } from '../syntax/input.js';
import { checkOptionNames, optionsOf } from '../syntax/options.js';
import { javaHash, javaOf, javaOption, stringHash } from './java.js';
import { NORMALIZE_OPTIONS, type NormalizeOptions, normalizeAs } from './normalize.js';

/**
 * A 32-bit integer for `input`, equal for two URIs that `equivalent` (with the same options)
 * finds equal: Java's `String.hashCode()` of the normal form (the canonical form, under the
 * options of deduplication). With `{ rfc2396: true }`, java.net.URI's `hashCode()` of the URI,
 * the same integer a Java service computes, so that Java and Node services can share
 * hash-partitioned keys.
 *
 * @throws {UriError} on invalid input.
 * @example
 * hashUri('HTTP://A/%7e') === hashUri('http://a/~');  // true
 * hashUri('http://a/b', { rfc2396: true });          // -233510759
 */
export function hashUri(input: string | UriLike, options?: NormalizeOptions): number {
  if (options !== undefined) checkOptionNames(options, NORMALIZE_OPTIONS, 'hashUri');
  if (options !== undefined && options !== null && javaOption(optionsOf(options, 'hashUri')!, 'hashUri')) {
    return javaHash(javaOf(input, options, 'hashUri', 'input'));
  }
  return stringHash(normalizeAs(input, options, 'hashUri', 'input'), false);
}

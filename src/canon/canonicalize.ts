/**
 * `canonicalize(url, profile)`, `surt(url, options)` and `ssurt(url)`: crawl keys as w3lib, the
 * `surt` package and urlcanon write them, byte for byte.
 */
import { argumentError } from '../syntax/errors.js';
import { checkOptionNames, optionNames } from '../syntax/options.js';
import { iaCanonicalize, type SurtOptions, surtKey } from './ia.js';
import { ssurtOf, URLCANON_PROFILES, urlcanonCanonicalize } from './profiles.js';
import { w3libCanonicalize } from './w3lib.js';

/** The rule sets `canonicalize` applies, each named after the implementation it reproduces. */
export type CanonProfile = 'w3lib' | 'ia' | 'google' | 'semantic-precise' | 'semantic' | 'aggressive' | 'whatwg';

/** Every profile name, in the order the docs list them. */
export const CANON_PROFILES: readonly CanonProfile[] = Object.freeze([
  'w3lib',
  'ia',
  'google',
  'semantic-precise',
  'semantic',
  'aggressive',
  'whatwg',
]);

/**
 * `url` as a crawler keys it under `profile`, the reference implementation's string byte for
 * byte: `'w3lib'` is w3lib's `canonicalize_url` (Scrapy), `'ia'` the Internet Archive's
 * canonicalizer as the `surt` package applies it, the others urlcanon's profiles of the same
 * names (`google` for Safe Browsing). Any string is accepted where the reference accepts it.
 *
 * @throws {UriError} where the reference raises (a lone surrogate; for `w3lib` a host with
 *   unbalanced brackets; for `ia` an empty URL or a port that is not a number below 65536).
 * @throws {TypeError} for a `url` that is not a string or an unknown profile.
 * @example
 * canonicalize('http://www.example.com/do?c=3&b=5&b=2&a=50', 'w3lib'); // 'http://www.example.com/do?a=50&b=2&b=5&c=3'
 * canonicalize('http://www34.Archive.org/Index.html?b=a&a=b', 'ia');   // 'http://archive.org/index.html?a=b&b=a'
 * canonicalize('http://host/%25%32%35', 'google');                     // 'http://host/%25'
 * canonicalize('http://3279880203/', 'semantic');                      // 'http://195.127.0.11/'
 */
export function canonicalize(url: string, profile: CanonProfile): string {
  if (typeof url !== 'string') throw argumentError('canonicalize', 'url', 'a string', url);
  switch (profile) {
    case 'w3lib':
      return w3libCanonicalize(url);
    case 'ia':
      return iaCanonicalize(url);
    default: {
      const steps = URLCANON_PROFILES.get(profile);
      if (steps === undefined) throw argumentError('canonicalize', 'profile', `one of ${CANON_PROFILES.join(', ')}`, profile);
      return urlcanonCanonicalize(url, steps);
    }
  }
}

/** The names of surt's options, checked once per options object. */
const SURT_OPTIONS = optionNames<SurtOptions>()(['withScheme', 'trailingComma', 'hostMassage', 'reverseIpaddr']);

/**
 * The SURT key of `url` (Sort-friendly URI Reordering Transform), as the `surt` package's
 * `surt()` writes it for CDX indexes: IA-canonicalized, the host reversed, `)` after it, no
 * scheme. An empty URL is `-` and a `filedesc` line stays as it is, as there.
 *
 * @throws {UriError} where the `surt` package raises (a lone surrogate, a port that is not a
 *   number below 65536, a URL of only whitespace).
 * @example
 * surt('http://www.archive.org/index.html?b=2&a=1');                  // 'org,archive)/index.html?a=1&b=2'
 * surt('http://www.archive.org/', { withScheme: true });                // 'http://(org,archive)/'
 * surt('http://www.archive.org/', { trailingComma: true, hostMassage: false }); // 'org,archive,www,)/'
 */
export function surt(url: string, options?: SurtOptions): string {
  if (typeof url !== 'string') throw argumentError('surt', 'url', 'a string', url);
  if (options !== undefined) checkOptionNames(options, SURT_OPTIONS, 'surt');
  return options === undefined ? surtKey(url) : surtKey(url, options);
}

/**
 * urlcanon's SSURT of `url`'s `semantic-precise` form: the host reversed with a trailing comma,
 * then slashes, port, scheme and the rest, so that sorting groups a site's URLs by host.
 *
 * @example
 * ssurt('http://user:pass@foo.example.org:81/path?query#frag'); // 'org,example,foo,//81:http:/path?query#frag'
 */
export function ssurt(url: string): string {
  if (typeof url !== 'string') throw argumentError('ssurt', 'url', 'a string', url);
  return ssurtOf(url);
}

export type { SurtOptions };

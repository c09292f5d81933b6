/**
 * Establishing a base URI (RFC 3986 §5.1, RFC 2396 §5.1). The candidates are layers, innermost
 * first: a base embedded in the content (HTML `<base href>`), the base of the encapsulating
 * entity (`Content-Location`, a WARC record), the URI the content was retrieved from (after
 * redirects), and the application's default. The innermost layer that gives an absolute URI
 * wins; a relative one is resolved against the base that the layers outside it establish.
 */

import { RESOLVE_OPTIONS, type ResolveOptions, resolve } from '../ops/resolve.js';
import { argumentError, UriError } from '../syntax/errors.js';
import { checkOptionNames, optionNames, optionsOf, own, pickOptions } from '../syntax/options.js';
import { PARSE_OPTIONS, type ParseOptions } from '../syntax/scan.js';
import { parse, Uri } from '../uri.js';

/** The four layers of §5.1, innermost first. */
export type BaseLayer = 'embedded' | 'encapsulating' | 'retrieval' | 'fallback';

/** The candidates of `establishBase`; an absent, `null` or `undefined` layer gives nothing. */
export interface BaseLayers {
  /** §5.1.1: a base embedded in the content, e.g. the first `<base href>` of an HTML page. */
  embedded?: string | Uri | null;
  /** §5.1.2: the base of the encapsulating entity, e.g. `Content-Location` or a WARC record's `WARC-Target-URI`. */
  encapsulating?: string | Uri | null;
  /** §5.1.3: the URI used to retrieve the content; after redirects, the last one. */
  retrieval?: string | Uri | null;
  /** §5.1.4: the application's default base. */
  fallback?: string | Uri | null;
}

/** Options of `establishBase`: the parse and resolve options, and a report of skipped layers. */
export interface BaseOptions extends ResolveOptions {
  /**
   * Called for each layer that is given but gives no base: one that is not a URI-reference under
   * the parse options, or a relative one with no outer base to resolve it against. Such a layer
   * is passed over, as browsers pass over a `<base href>` they cannot parse.
   */
  onSkip?: (layer: BaseLayer, error: UriError) => void;
}

const BASE_OPTIONS = optionNames<BaseOptions>()(['absolute', 'lenient', 'iri', 'zoneId', 'maxLength', 'strict', 'rfc2396', 'onSkip']);

/** What establishBase's options ask of parse, of resolve, and of a skipped layer. */
interface Read {
  parse: ParseOptions | undefined;
  resolve: ResolveOptions | undefined;
  onSkip: BaseOptions['onSkip'];
}

const LAYERS: readonly BaseLayer[] = ['embedded', 'encapsulating', 'retrieval', 'fallback'];

/**
 * The base URI of §5.1: the innermost layer that gives one, a relative layer resolved against
 * the layers outside it (a relative `<base href>` against the retrieval URI), without its
 * fragment (§5.1: "stripped of any fragment component prior to its use as a base URI").
 *
 * @throws {UriError} RELATIVE_BASE when no layer gives an absolute URI; its message lists why
 *   each given layer gave none.
 * @example
 * establishBase({ embedded: 'http://www.ics.uci.edu/Test/a/b/c', retrieval: 'http://a/b' });
 * // 'http://www.ics.uci.edu/Test/a/b/c'
 * establishBase({ embedded: '../x/', retrieval: 'http://a/b/c/d' }); // 'http://a/b/x/'
 * establishBase({ embedded: 'http://a b/', retrieval: 'http://a/b#top' }); // 'http://a/b' (the invalid layer is passed over)
 */
export function establishBase(layers: BaseLayers, options?: BaseOptions): string {
  if (typeof layers !== 'object' || layers === null) throw argumentError('establishBase', 'layers', 'an object', layers);
  for (const layer of LAYERS) {
    const v = Object.hasOwn(layers, layer) ? layers[layer] : undefined;
    if (v !== undefined && v !== null && typeof v !== 'string' && !(v instanceof Uri))
      throw argumentError('establishBase', `layers.${layer}`, 'a string, a Uri, null or undefined', v);
  }
  const o = optionsOf(options, 'establishBase');
  if (o !== undefined) checkOptionNames(o, BASE_OPTIONS, 'establishBase');
  const onSkip = o === undefined ? undefined : (own(o, 'onSkip') as BaseOptions['onSkip']);
  if (onSkip !== undefined && typeof onSkip !== 'function') throw argumentError('establishBase', 'options.onSkip', 'a function', onSkip);
  // parse and resolve are handed the options they know (each checks the names it is given).
  const read: Read = { parse: pickOptions(o, PARSE_OPTIONS), resolve: pickOptions(o, RESOLVE_OPTIONS), onSkip };
  const skipped: string[] = [];
  const base = from(layers, 0, read, skipped);
  if (base !== null) return base;
  const innermost = LAYERS.map((l) => (Object.hasOwn(layers, l) ? layers[l] : undefined)).find((l) => l !== undefined && l !== null);
  const input = innermost === undefined || innermost === null ? '' : String(innermost);
  const why = skipped.length === 0 ? 'none of embedded, encapsulating, retrieval, fallback was given' : skipped.join('; ');
  throw new UriError('RELATIVE_BASE', 0, input, `No base URI (RFC 3986 §5.1): ${why}`);
}

/** The base that layers `i` and outward establish, or null. */
function from(layers: BaseLayers, i: number, options: Read, skipped: string[]): string | null {
  for (; i < LAYERS.length; i++) {
    const layer = LAYERS[i]!;
    const given = Object.hasOwn(layers, layer) ? layers[layer] : undefined;
    if (given === undefined || given === null) continue;
    let uri: Uri;
    try {
      uri = typeof given === 'string' ? parse(given, options.parse) : given;
    } catch (e) {
      skip(layer, e as UriError, options, skipped);
      continue;
    }
    if (uri.scheme !== undefined) return withoutFragment(uri.href);
    const outer = from(layers, i + 1, options, skipped);
    if (outer === null) {
      const message = `${layer} ${JSON.stringify(uri.href)} is relative and no layer outside it gives a base to resolve it against`;
      skip(layer, new UriError('RELATIVE_BASE', 0, uri.href, message), options, skipped);
      return null;
    }
    return withoutFragment(resolve(outer, uri, options.resolve));
  }
  return null;
}

function skip(layer: BaseLayer, error: UriError, options: Read, skipped: string[]): void {
  skipped.push(error.code === 'RELATIVE_BASE' ? error.message : `${layer}: ${error.message}`);
  options.onSkip?.(layer, error);
}

/** A valid URI without its fragment: the first "#" is the fragment's delimiter. */
function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}

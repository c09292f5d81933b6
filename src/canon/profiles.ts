/**
 * urlcanon's profiles (`whatwg`, `google`, `semantic-precise`, `semantic`, `aggressive`) as
 * lists of steps in iipc/urlcanon's order, and its SSURT form.
 */
import { fromBytes, toBytes } from './bytes.js';
import { type ParsedUrl, parseUrlcanon } from './parsed.js';
import * as s from './steps.js';

const WHATWG: readonly s.Step[] = [
  s.removeLeadingTrailingJunk,
  s.removeTabsAndNewlines,
  s.lowercaseScheme,
  s.elideDefaultPort,
  s.cleanUpUserinfo,
  s.twoSlashes,
  s.pctDecodeHost,
  s.reparseHost,
  s.normalizeIpAddress,
  s.punycodeHost,
  s.pctEncodeHost,
  s.fixBackslashes,
  s.pctEncodePath,
  s.leadingSlash,
  s.normalizePathDots,
  s.emptyPathToSlash,
  s.pctEncodeUserinfo,
  s.pctEncodeQuery,
  s.pctEncodeFragment,
];

const GOOGLE: readonly s.Step[] = [
  s.removeLeadingTrailingJunk,
  s.defaultSchemeHttp,
  s.removeTabsAndNewlines,
  s.lowercaseScheme,
  s.fixBackslashes,
  s.pctEncodePath,
  s.emptyPathToSlash,
  s.elideDefaultPort,
  s.cleanUpUserinfo,
  s.leadingSlash,
  s.twoSlashes,
  s.removeFragment,
  s.pctDecodeAll,
  s.normalizePathDots,
  s.fixHostDots,
  s.collapseConsecutiveSlashes,
  s.punycodeHost,
  s.reparseHost,
  s.normalizeIpAddress,
  s.googlePctEncode,
];

const SEMANTIC_PRECISE: readonly s.Step[] = [
  s.removeLeadingTrailingJunk,
  s.defaultSchemeHttp,
  s.removeTabsAndNewlines,
  s.lowercaseScheme,
  s.elideDefaultPort,
  s.cleanUpUserinfo,
  s.twoSlashes,
  s.pctDecodeExceptQuery,
  s.reparseHost,
  s.normalizeIpAddress,
  s.fixHostDots,
  s.punycodeHost,
  s.removeUserinfo,
  s.lessDumbPctEncode,
  s.lessDumbPctRecodeQuery,
  s.fixBackslashes,
  s.leadingSlash,
  s.normalizePathDots,
  s.collapseConsecutiveSlashes,
  s.emptyPathToSlash,
  s.alphaReorderQuery,
];

const SEMANTIC: readonly s.Step[] = [...SEMANTIC_PRECISE, s.removeFragment];

const AGGRESSIVE: readonly s.Step[] = [
  ...SEMANTIC,
  s.httpsToHttp,
  s.stripWww,
  s.lowercasePath,
  s.lowercaseQuery,
  s.stripSessionIdsFromQuery,
  s.stripSessionIdsFromPath,
  s.stripTrailingSlashUnlessEmpty,
  s.removeRedundantAmpersandsFromQuery,
  s.omitQuestionMarkIfQueryEmpty,
  // sorted again after lower-casing, as urlcanon does
  s.alphaReorderQuery,
];

/** The urlcanon profiles by the names `canonicalize` takes. */
export const URLCANON_PROFILES: ReadonlyMap<string, readonly s.Step[]> = new Map([
  ['whatwg', WHATWG],
  ['google', GOOGLE],
  ['semantic-precise', SEMANTIC_PRECISE],
  ['semantic', SEMANTIC],
  ['aggressive', AGGRESSIVE],
]);

/** The parsed URL of a byte string after the steps. */
export function applySteps(bytes: string, steps: readonly s.Step[], input: string = bytes): ParsedUrl {
  const url = parseUrlcanon(bytes, input);
  for (const step of steps) step(url);
  return url;
}

/** `str(profile(url))`: the canonical URL as text. */
export function urlcanonCanonicalize(url: string, steps: readonly s.Step[]): string {
  return fromBytes(applySteps(toBytes(url, 'canonicalize'), steps, url).toBytes(), 'canonicalize', url);
}

/** urlcanon's SSURT of the `semantic-precise` form: `org,example,//81:http:/path?query`. */
export function ssurtOf(url: string): string {
  return fromBytes(applySteps(toBytes(url, 'ssurt'), SEMANTIC_PRECISE, url).ssurt(), 'ssurt', url);
}

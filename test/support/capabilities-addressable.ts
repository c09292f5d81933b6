/**
 * How urikit answers what Addressable is asked in test/fixtures/capabilities/addressable.json (made
 * by scripts/differential/caps-addressable.ts): `site`, `inferredPort`, `isIpBased`, `basename`
 * and `extname`, `encodeUri`, `percentEncode` with a character class, `percentDecode` with
 * `leaveEncoded`, `pathToFileUri` and `UriTemplate#match`.
 */
import { encodeUri, equivalent, parse, pathToFileUri, percentDecode, percentEncode, UriTemplate } from '../../src/index.js';
import { attempt, type CapabilityOp, same } from './capabilities.js';

const getter = (name: 'site' | 'inferredPort' | 'isIpBased' | 'basename' | 'extname'): CapabilityOp => ({
  answer: (x) => parse(x as string)[name] ?? null,
  agree: same,
});

/** Two encoded URIs that say the same: equal, or equivalent as RFC 3986 URIs (%XX case, decoded unreserved). */
function sameUri(urikit: unknown, oracle: unknown): boolean {
  if (same(urikit, oracle)) return true;
  if (typeof urikit !== 'string' || typeof oracle !== 'string') return false;
  try {
    return equivalent(urikit, oracle);
  } catch {
    return false;
  }
}

export const ADDRESSABLE_OPS: Readonly<Record<string, CapabilityOp>> = {
  site: getter('site'),
  inferredPort: getter('inferredPort'),
  isIpBased: getter('isIpBased'),
  basename: getter('basename'),
  extname: getter('extname'),
  encodeUri: { answer: (x) => attempt(() => encodeUri(x as string)), agree: sameUri },
  'percentEncode.allow': {
    answer: (x) => {
      const [s, allow] = x as [string, string];
      return attempt(() => percentEncode(s, { allow }));
    },
    agree: same,
  },
  'percentDecode.leaveEncoded': {
    answer: (x) => {
      const [s, leaveEncoded] = x as [string, string];
      return attempt(() => percentDecode(s, { leaveEncoded }));
    },
    agree: same,
  },
  pathToFileUri: { answer: (x) => attempt(() => pathToFileUri(x as string).href), agree: sameUri },
  // Addressable's mapping names every variable, nil for those the URI leaves undefined.
  match: {
    answer: (x) => {
      const [t, u] = x as [string, string];
      return attempt(() => new UriTemplate(t).match(u)?.values ?? null);
    },
    agree: (urikit, oracle) =>
      same(urikit, oracle === null ? null : Object.fromEntries(Object.entries(oracle as object).filter(([, v]) => v !== null))),
  },
};

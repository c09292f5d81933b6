/**
 * How urikit answers what java.net.URI is asked in test/fixtures/capabilities/java.json (made by
 * scripts/differential/caps-java.ts): the decoded authority and scheme-specific part, `toURL`,
 * and with `{ rfc2396: true }` `equals`, the sign of `compareTo` and `hashCode`.
 */
import { compareUris, equivalent, hashUri, parse } from '../../src/index.js';
import { attempt, type CapabilityOp, same } from './capabilities.js';

type Options = Record<string, unknown> | undefined;

/** Java's toURL answer: the URL's text, or the exception's class. */
export type JavaUrl = { url: string } | { error: string };

export const JAVA_OPS: Readonly<Record<string, CapabilityOp>> = {
  decodedAuthority: {
    answer: (x, o: Options) => parse(x as string, o).decodedAuthority ?? null,
    agree: same,
  },
  decodedSchemeSpecificPart: {
    answer: (x, o: Options) => parse(x as string, o).decodedSchemeSpecificPart,
    agree: same,
  },
  hashUri: {
    answer: (x, o: Options) => hashUri(x as string, { ...o, rfc2396: true }),
    agree: same,
  },
  // java.net.URL keeps the text; a Node URL is what the URL Standard reads of it. They agree when
  // Node reads Java's URL as the URL urikit gave, and when both refuse a relative reference.
  toURL: {
    answer: (x, o: Options) => attempt(() => parse(x as string, o).toURL().href),
    agree: (urikit, oracle) => {
      const j = oracle as JavaUrl;
      if ('error' in j) return j.error === 'IllegalArgumentException' && same(urikit, { error: 'UriError', code: 'MISSING_SCHEME' });
      return same(
        urikit,
        attempt(() => new URL(j.url).href),
      );
    },
  },
  'equals+compareTo': {
    answer: (x, o: Options) => {
      const [a, b] = x as [string, string];
      return { equals: equivalent(a, b, { ...o, rfc2396: true }), compareTo: compareUris(a, b, { ...o, rfc2396: true }) };
    },
    agree: same,
  },
};

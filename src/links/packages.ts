/**
 * The packages `urikit/links` reads pages with, loaded on first use so that a missing one is one
 * line naming it: `entities` decodes character references as the HTML Standard does in attribute
 * values; `@exodus/bytes` decodes and encodes every encoding of the WHATWG Encoding Standard as it
 * specifies them (Node's own `TextDecoder` does not: its windows-1252 is ISO-8859-1, its Big5
 * lacks HKSCS) and percent-encodes after encoding as the URL Standard does.
 */

/** What the links code takes from its packages. */
export interface LinkPackages {
  /** The value of an attribute with its character references decoded (HTML's attribute rules). */
  decodeAttribute(value: string): string;
  /** The Encoding Standard's `TextDecoder`, for every encoding but `replacement`. */
  TextDecoder: typeof globalThis.TextDecoder;
  /** The Encoding Standard's name (lower case) of an encoding label, or null when it names none. */
  encodingName(label: string): string | null;
  /** The URL Standard's "percent-encode after encoding" of `input` in `encoding`, with the extra `set` (ASCII, sorted). */
  percentEncode(encoding: string, input: string, set: string): string;
}

let loaded: LinkPackages | null = null;

/** The package names, as `npm install` takes them. */
export const LINK_PACKAGES = ['entities', '@exodus/bytes'] as const;

/** An import that fails because a package is not installed, told in one line. */
function missing(e: unknown, name: string): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
    return Object.assign(new Error(`urikit/links needs the package ${name}, which is not installed: npm install ${name}`), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
  if (code === 'ERR_REQUIRE_ESM')
    return new Error(`urikit/links needs ${name}, an ES module, which require() loads from Node.js 20.19 on: import urikit/links instead`);
  return e;
}

async function from<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    throw missing(e, name);
  }
}

/** Loads the packages (once). Rejects with one line naming a package that is not installed. */
export async function loadPackages(): Promise<LinkPackages> {
  if (loaded !== null) return loaded;
  const entities = await from('entities', () => import('entities'));
  const encoding = await from('@exodus/bytes', () => import('@exodus/bytes/encoding.js'));
  const whatwg = await from('@exodus/bytes', () => import('@exodus/bytes/whatwg.js'));
  loaded = {
    decodeAttribute: entities.decodeHTMLAttribute,
    TextDecoder: encoding.TextDecoder as typeof globalThis.TextDecoder,
    encodingName: encoding.normalizeEncoding,
    percentEncode: whatwg.percentEncodeAfterEncoding,
  };
  return loaded;
}

/** The packages, once `loadPackages` has loaded them. */
export function packages(): LinkPackages {
  if (loaded === null) throw new Error('internal error: urikit/links used before loadPackages()');
  return loaded;
}

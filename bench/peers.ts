/**
 * The libraries urikit is measured against, loaded once. The npm peers are CommonJS (uri-js is a
 * UMD bundle whose named exports Node cannot detect), so they are loaded with `require`, typed
 * with their own declarations where they ship some.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as nodeUrl from 'node:url';
import normalizeUrl from 'normalize-url';

const require = createRequire(import.meta.url);

/** fast-uri (Fastify's RFC 3986 parser). */
export const fastUri = require('fast-uri') as typeof import('fast-uri');
/** uri-js (RFC 3986/3987, used by ajv before fast-uri). */
export const uriJs = require('uri-js') as typeof import('uri-js');
/** url-parse (a small, lenient browser-style parser). */
export const URLParse = require('url-parse') as typeof import('url-parse');

/** The part of whatwg-url's surface the benchmark uses (the package ships no types). */
interface WhatwgUrlModule {
  URL: new (input: string, base?: string) => { href: string; hostname: string; pathname: string; search: string };
}
/** whatwg-url: the WHATWG URL Standard's reference implementation in JavaScript (slow). */
export const whatwgUrl = require('whatwg-url') as WhatwgUrlModule;

export { normalizeUrl };

/** Node's legacy `url.parse()` / `url.resolve()` (deprecated API, still widely used). */
export const legacyParse = nodeUrl.parse;
export const legacyResolve = nodeUrl.resolve;

/** Installed versions, for the results header. */
export function peerVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['fast-uri', 'uri-js', 'url-parse', 'whatwg-url', 'normalize-url']) {
    out[name] = installedVersion(name);
  }
  return out;
}

/** A package's version from its package.json, found where `require` would look (not through its exports, which may hide it). */
function installedVersion(name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    try {
      return (JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {}
  }
  return '?';
}

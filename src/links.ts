/**
 * `urikit/links`: the links of HTML documents as browsers find and load them, for crawlers
 * written in JavaScript. Its packages (`entities`, `@exodus/bytes`) are optional dependencies of
 * urikit, loaded on first use: the main entry needs neither, and a missing one is one line that
 * names it. See docs/links.md.
 */
export { LINK_ATTRIBUTES, refreshUrl, SVG_LINK_ELEMENTS, srcsetUrls } from './links/attributes.js';
export {
  type DocumentInfo,
  type ExtractOptions,
  extractLinks,
  type Link,
  LinkExtractor,
  type Links,
  type LinksInput,
} from './links/extract.js';
export type { Grammar, LinkWarning } from './links/resolve.js';
export type { EncodingSource } from './links/sniff.js';

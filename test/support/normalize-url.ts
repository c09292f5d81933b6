/**
 * normalize-url (the npm package crawlers use) set as close to urikit's DEDUPE_PRESET as its
 * options go: the one setting of that peer, for the writing benchmark (bench/writing.ts) and the
 * crawler-preset differential (scripts/differential/writing-normalize-url.ts).
 */
import type { Options as NormalizeUrlOptions } from 'normalize-url';
import { TRACKING_PARAMS } from '../../src/index.js';

/**
 * stripWWW, removeTrailingSlash, removeSingleSlash and stripAuthentication off (urikit
 * has no such steps: they change the resource), stripHash and sortQueryParameters on, the
 * preset's TRACKING_PARAMS removed.
 */
export const NORMALIZE_URL_OPTIONS: NormalizeUrlOptions = {
  stripWWW: false,
  removeTrailingSlash: false,
  removeSingleSlash: false,
  stripAuthentication: false,
  stripHash: true,
  stripTextFragment: true,
  sortQueryParameters: true,
  removeQueryParameters: [...TRACKING_PARAMS],
};

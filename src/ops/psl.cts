/**
 * The Public Suffix List, as the optional `tldts` package holds it, loaded for `urikit/domain`.
 * A CommonJS module in both builds, so that the package is required synchronously and its absence
 * is named in one line (an ES module cannot catch a failed static import).
 */
import type * as Tldts from 'tldts';

/**
 * `tldts`, or an Error with the code `ERR_MODULE_NOT_FOUND` whose message says what to install.
 * @internal urikit/domain
 */
export function loadTldts(): typeof Tldts {
  try {
    return require('tldts') as typeof Tldts;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    // The package itself is missing (not a module it needs in turn): name it.
    if (err.code !== 'MODULE_NOT_FOUND' || !err.message.startsWith("Cannot find module 'tldts'")) throw e;
    const missing = new Error(
      'urikit/domain needs the package tldts (the Public Suffix List), an optional dependency of urikit that is not installed: npm install tldts',
    ) as NodeJS.ErrnoException;
    missing.code = 'ERR_MODULE_NOT_FOUND';
    throw missing;
  }
}

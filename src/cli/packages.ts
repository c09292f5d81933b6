/**
 * The CLI's optional packages (package.json `optionalDependencies`): each feature that needs one
 * lives in a module of its own, loaded here only when a run asks for it (`CommandSpec.packages`),
 * so that the other commands run without them and a missing package is named with what to do.
 */
import { UsageError } from './config.js';

/** The features that need optional packages, and the packages each one needs. */
export const FEATURES = {
  /** `stats --group-by domain|suffix`: the Public Suffix List (`urikit/domain`). */
  domain: ['tldts'],
  /** `links`: the HTML tokenizer and the WARC reader. */
  links: ['htmlparser2', 'warcio'],
  /** Redis jobs (`publish`, `redis`, `--from`, `--to`): the Redis client. */
  redis: ['ioredis'],
} as const;
export type Feature = keyof typeof FEATURES;

type Modules = {
  domain: typeof import('../domain.js');
  links: typeof import('./links/reader.js');
  redis: typeof import('./redis/main.js');
};

const LOADERS: { [F in Feature]: () => Promise<Modules[F]> } = {
  domain: () => import('../domain.js'),
  links: () => import('./links/reader.js'),
  redis: () => import('./redis/main.js'),
};

const loaded: Partial<Modules> = {};

/** Loads the modules of `features` (once); a missing package throws `UsageError`. */
export async function need(features: readonly Feature[], command: string): Promise<void> {
  for (const f of features) {
    if (loaded[f] !== undefined) continue;
    try {
      (loaded as Record<Feature, unknown>)[f] = await LOADERS[f]();
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code !== 'ERR_MODULE_NOT_FOUND') throw e;
      const pkgs = FEATURES[f].join(' ');
      throw new UsageError(
        `${command} needs the package${FEATURES[f].length > 1 ? 's' : ''} ${pkgs} here, which urikit lists as optional and which is not installed: npm install ${pkgs}`,
      );
    }
  }
}

/** The module of a feature that `need` has loaded. */
export function feature<F extends Feature>(f: F): Modules[F] {
  const m = loaded[f];
  if (m === undefined) throw new Error(`internal error: the ${f} feature was not loaded (CommandSpec.packages)`);
  return m;
}

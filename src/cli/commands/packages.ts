/**
 * The CLI's optional packages (package.json `optionalDependencies`): each feature that needs one
 * lives in a module of its own, loaded only when a run asks for it, so that the other commands
 * run without them and a missing package is named with what to do. The commands' features
 * (`LineCommandSpec.packages`) are loaded here by `need` and read with `feature`; main.ts loads
 * the Redis jobs itself, with `load`.
 */
import { UsageError } from '../options/option.js';

/** The features that need optional packages, and the packages each one needs. */
export const FEATURES = {
  /** `stats --group-by domain|suffix`, `links --same-site`: the Public Suffix List (`urikit/domain`). */
  domain: ['tldts'],
  /** `links`: character references (entities) and the Encoding Standard's encodings (@exodus/bytes). */
  links: ['entities', '@exodus/bytes'],
  /** `links --glob`: glob patterns. */
  glob: ['minimatch'],
  /** Redis jobs (`publish`, `redis`, `--from`, `--to`): the Redis client. */
  redis: ['ioredis'],
} as const;
export type Feature = keyof typeof FEATURES;

/**
 * The module that `importer` loads for `feature`; a missing package throws `UsageError`, which
 * names it for `command`.
 */
export async function load<T>(feature: Feature, importer: () => Promise<T>, command: string): Promise<T> {
  try {
    return await importer();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    const pkgs = FEATURES[feature].join(' ');
    throw new UsageError(
      `${command} needs the package${FEATURES[feature].length > 1 ? 's' : ''} ${pkgs} here, which urikit lists as optional and which is not installed: npm install ${pkgs}`,
    );
  }
}

/** The features of the commands, and their modules. */
type Modules = {
  domain: typeof import('../../domain.js');
  links: typeof import('../links/reader.js');
  glob: typeof import('minimatch');
};
export type CommandFeature = keyof Modules;

const IMPORTERS: { [F in CommandFeature]: () => Promise<Modules[F]> } = {
  domain: () => import('../../domain.js'),
  links: async () => {
    const m = await import('../links/reader.js');
    await m.ready();
    return m;
  },
  glob: () => import('minimatch'),
};

const loaded: Partial<Modules> = {};

/** Loads the modules of `features` (once); a missing package throws `UsageError`. */
export async function need(features: readonly CommandFeature[], command: string): Promise<void> {
  for (const f of features)
    if (loaded[f] === undefined) (loaded as Record<CommandFeature, unknown>)[f] = await load<unknown>(f, IMPORTERS[f], command);
}

/** The module of a feature that `need` has loaded. */
export function feature<F extends CommandFeature>(f: F): Modules[F] {
  const m = loaded[f];
  if (m === undefined) throw new Error(`internal error: the ${f} feature was not loaded (LineCommandSpec.packages)`);
  return m;
}

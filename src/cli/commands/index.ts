/**
 * The commands that run over their input, in the order `urikit --help` lists them: one entry each
 * (a module of this folder each, with its spec: name, options, help, settings, input, `create`,
 * `rank`). ../registry.ts adds those of Redis jobs; test/cli/registry.test.ts checks that every
 * command module is registered.
 */
import type { LineCommandSpec } from './command.js';
import { linksCommand } from './links.js';
import { normalizeCommand } from './normalize.js';
import { parseCommand } from './parse.js';
import { resolveCommand } from './resolve.js';
import { routesCommand } from './routes.js';
import { statsCommand } from './stats.js';
import { surtCommand } from './surt.js';
import { validateCommand } from './validate.js';

/** The commands that run over their input. */
export const LINE_COMMANDS: readonly LineCommandSpec[] = [
  parseCommand,
  validateCommand,
  normalizeCommand,
  resolveCommand,
  surtCommand,
  statsCommand,
  routesCommand,
  linksCommand,
];

/** The command that runs over its input named `name` (a worker thread's, or a Redis job's). */
export function lineCommand(name: string): LineCommandSpec {
  const spec = LINE_COMMANDS.find((c) => c.name === name);
  if (spec === undefined) throw new Error(`internal error: no command "${name}" runs over its input`);
  return spec;
}

/**
 * The commands, by name: those that run over their input (a module of this folder each), and
 * those of Redis jobs (../options/jobs.ts). A new command is its module, with its spec (name,
 * options, help, input, `create`, `rank`), its name in ../options/arguments.ts's COMMAND_NAMES,
 * and its entry here (the types ask for it; test/cli/commands/index.test.ts checks the rest).
 */
import type { CommandName, CommandSpec, LineCommandName } from '../options/arguments.js';
import { publishSpec, redisSpec } from '../options/jobs.js';
import type { LineCommandSpec } from './command.js';
import { linksCommand } from './links.js';
import { normalizeCommand } from './normalize.js';
import { parseCommand } from './parse.js';
import { resolveCommand } from './resolve.js';
import { routesCommand } from './routes.js';
import { statsCommand } from './stats.js';
import { validateCommand } from './validate.js';

/** The commands that run over their input. */
export const COMMANDS: Readonly<Record<LineCommandName, LineCommandSpec>> = {
  parse: parseCommand,
  validate: validateCommand,
  normalize: normalizeCommand,
  resolve: resolveCommand,
  stats: statsCommand,
  routes: routesCommand,
  links: linksCommand,
};

/** Every command's spec. */
export const SPECS: Readonly<Record<CommandName, CommandSpec>> = { ...COMMANDS, publish: publishSpec, redis: redisSpec };

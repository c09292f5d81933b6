/**
 * The commands, by name. A new command is a module here that exports its `CommandSpec`, an entry
 * below, its name in config.ts's COMMAND_NAMES, and its help in help.ts (the types ask for each).
 */
import type { CommandSpec } from '../command.js';
import type { LineCommandName } from '../config.js';
import { linksCommand } from './links.js';
import { normalizeCommand } from './normalize.js';
import { parseCommand } from './parse.js';
import { resolveCommand } from './resolve.js';
import { statsCommand } from './stats.js';
import { validateCommand } from './validate.js';

export const COMMANDS: Readonly<Record<LineCommandName, CommandSpec>> = {
  parse: parseCommand,
  validate: validateCommand,
  normalize: normalizeCommand,
  resolve: resolveCommand,
  stats: statsCommand,
  links: linksCommand,
};

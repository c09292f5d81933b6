/**
 * Every command, in the order `urikit --help` lists them: those that run over their input
 * (./commands/index.ts), then those of Redis jobs, declared beside their code in ./redis/.
 */

import { LINE_COMMANDS } from './commands/index.js';
import type { CommandSpec } from './options/arguments.js';
import { redisSpec } from './redis/control-spec.js';
import { publishSpec } from './redis/publish-spec.js';

export const COMMANDS: readonly CommandSpec[] = [...LINE_COMMANDS, publishSpec, redisSpec];

/** The command named `name`, or undefined. */
export function commandNamed(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

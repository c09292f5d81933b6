/**
 * A command line read into a command's settings, in process (`settings`), or the message it is
 * refused with (`refusal`, `thrown`): what the tests of the options and of each command's
 * declarations share.
 */
import * as assert from 'uvu/assert';
import { configure } from '../../src/cli/options/arguments.js';
import { UsageError } from '../../src/cli/options/option.js';
import { COMMANDS, commandNamed } from '../../src/cli/registry.js';

/** The settings of `command` run with `words` (`T`: the command's settings type). */
export function settings<T>(command: string, words: string[]): T {
  const s = configure(commandNamed(command)!, words, COMMANDS);
  if (s === 'help') throw new Error(`${command} ${words.join(' ')}: help`);
  return s as T;
}

/** The message of the UsageError that `f` throws. */
export function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.instance(e, UsageError);
    return (e as Error).message;
  }
  throw new Error('no UsageError');
}

/** The message of the UsageError that `command` run with `words` is refused with. */
export function refusal(command: string, words: string[]): string {
  return thrown(() => configure(commandNamed(command)!, words, COMMANDS));
}

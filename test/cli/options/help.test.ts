/** The help's layout: `urikit --help` and `urikit COMMAND --help`, at most 80 columns, every option shown as it is written. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CommandSpec } from '../../../src/cli/options/arguments.js';
import { help, usage } from '../../../src/cli/options/help.js';
import { flag, text } from '../../../src/cli/options/option.js';
import { COMMANDS, commandNamed } from '../../../src/cli/registry.js';

const spec = (name: string) => commandNamed(name)!;

const long = (text: string) => text.split('\n').filter((l) => l.length > 80);

test('usage: the commands with their summaries, the options of every command, the exit codes; 80 columns', () => {
  const u = usage(COMMANDS);
  assert.ok(u.startsWith('Usage: urikit <command> [options] [FILE|-]\n\nCommands:\n  parse      '));
  for (const c of COMMANDS) assert.ok(u.includes(`\n  ${c.name.padEnd(9)}  ${c.summary}\n`), c.name);
  assert.ok(u.includes('\n  -q, --quiet '));
  assert.ok(u.includes('\n  --threads N|auto '));
  assert.equal(long(u), []);
});

test("each command's help: its usage, its options written with their values, the trailer; 80 columns", () => {
  for (const c of COMMANDS) {
    const h = help(c);
    assert.ok(h.startsWith(`${c.usage}\n\n`), c.name);
    assert.equal(long(h), [], c.name);
  }
  assert.ok(help(spec('stats')).includes('\n  --top N '));
  assert.ok(help(spec('stats')).includes('Options of every command (see "urikit --help"):'));
  assert.not.ok(help(spec('publish')).includes('Options of every command'));
});

test('a row: its text wrapped beside its options, or below them when they are long', () => {
  const one: CommandSpec = {
    name: 'parse',
    summary: 's',
    usage: 'Usage: urikit parse',
    about: 'About.\n',
    options: [
      {
        title: 'Options:',
        rows: [
          flag('--json', 'short'),
          text('--remove-params', 'LIST', `${'word '.repeat(20)}end`, { also: [flag('--remove-tracking', '')] }),
        ],
      },
    ],
    exit: 'Exit codes: 0 done.',
    common: false,
    rank: 0,
    settings: () => ({ command: 'parse', args: [], file: '-', quiet: false }),
  };
  assert.is(
    help(one),
    `Usage: urikit parse

About.

Options:
  --json  short
  --remove-params LIST, --remove-tracking
          word word word word word word word word word word word word word word
          word word word word word word end

Exit codes: 0 done.
`,
  );
});

test.run();

/** The help's layout: `urikit --help` and `urikit COMMAND --help`, at most 80 columns, every option shown as it is written. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SPECS } from '../../../src/cli/commands/index.js';
import { COMMAND_NAMES, type CommandSpec } from '../../../src/cli/options/arguments.js';
import { help, usage } from '../../../src/cli/options/help.js';

const long = (text: string) => text.split('\n').filter((l) => l.length > 80);

test('usage: the commands with their summaries, the options of every command, the exit codes; 80 columns', () => {
  const u = usage(SPECS);
  assert.ok(u.startsWith('Usage: urikit <command> [options] [FILE|-]\n\nCommands:\n  parse      '));
  for (const c of COMMAND_NAMES) assert.ok(u.includes(`\n  ${c.padEnd(9)}  ${SPECS[c].summary}\n`), c);
  assert.ok(u.includes('\n  -q, --quiet '));
  assert.ok(u.includes('\n  --threads N|auto '));
  assert.equal(long(u), []);
});

test("each command's help: its usage, its options written with their values, the trailer; 80 columns", () => {
  for (const c of COMMAND_NAMES) {
    const h = help(SPECS[c]);
    assert.ok(h.startsWith(`${SPECS[c].usage}\n\n`), c);
    assert.equal(long(h), [], c);
  }
  assert.ok(help(SPECS.stats).includes('\n  --top N '));
  assert.ok(help(SPECS.stats).includes('Options of every command (see "urikit --help"):'));
  assert.not.ok(help(SPECS.publish).includes('Options of every command'));
});

test('a row: its text wrapped beside its options, or below them when they are long', () => {
  const spec: CommandSpec = {
    name: 'parse',
    summary: 's',
    usage: 'Usage: urikit parse',
    about: 'About.\n',
    options: [
      {
        title: 'Options:',
        rows: [
          ['--json', 'short'],
          [['--remove-params', '--remove-tracking'], `${'word '.repeat(20)}end`],
        ],
      },
    ],
    exit: 'Exit codes: 0 done.',
    common: false,
    rank: 0,
  };
  assert.is(
    help(spec),
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

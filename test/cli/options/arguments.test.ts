/** The command line cut into options and files (`Arguments`), and the values of its options checked. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SPECS } from '../../../src/cli/commands/index.js';
import { Arguments, UsageError } from '../../../src/cli/options/arguments.js';

const args = (command: keyof typeof SPECS, words: string[]) => new Arguments(SPECS[command], words, SPECS);

/** The message of the UsageError that `f` throws. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.instance(e, UsageError);
    return (e as Error).message;
  }
  throw new Error('no UsageError');
}

test('files, "-", "--", flags and values (NAME VALUE and NAME=VALUE), the short form -q', () => {
  const a = args('stats', ['--top', '5', 'a.log', '--json', '-q', '--track=7', '-', '--', '--not-an-option']);
  assert.equal(a.files, ['a.log', '-', '--not-an-option']);
  assert.equal([...a.flags], ['--json', '--quiet']);
  assert.equal(
    [...a.values],
    [
      ['--top', '5'],
      ['--track', '7'],
    ],
  );
  assert.ok(a.has('--json') && a.has('--top') && !a.has('--web'));
  assert.not.ok(a.help);
});

test('-h and --help stop the reading, whatever follows', () => {
  assert.ok(args('parse', ['-h', '--nonsense']).help);
  assert.ok(args('parse', ['x', '--help']).help);
});

test('an option of another command is named with the commands that take it, in their order', () => {
  assert.is(
    refusal(() => args('stats', ['--dedupe'])),
    'unknown option "--dedupe" for stats (it is an option of normalize and links)',
  );
  assert.is(
    refusal(() => args('parse', ['--top', '3'])),
    'unknown option "--top" for parse (it is an option of stats)',
  );
  assert.is(
    refusal(() => args('validate', ['--to', 'redis://h/j'])),
    'unknown option "--to" for validate (it is an option of publish, normalize, and resolve)',
  );
  assert.is(
    refusal(() => args('stats', ['--frob'])),
    'unknown option "--frob" for stats',
  );
  assert.is(
    refusal(() => args('stats', ['-x'])),
    'unknown option "-x" for stats',
  );
});

test('a flag takes no value; a value option needs one, shown with its example', () => {
  assert.is(
    refusal(() => args('stats', ['--json=yes'])),
    '--json takes no value',
  );
  assert.is(
    refusal(() => args('stats', ['--top'])),
    '--top needs a value: --top N',
  );
  assert.is(
    refusal(() => args('parse', ['--fields'])),
    '--fields needs a value: --fields scheme,host,path,…',
  );
  // "=" gives an empty value, which is a value.
  assert.equal([...args('stats', ['--html=']).values], [['--html', '']]);
});

test('count: decimal digits in [min, max], else a message with the bounds', () => {
  assert.is(args('stats', ['--top', '42']).count('--top', 10, 1, 100), 42);
  assert.is(args('stats', []).count('--top', 10, 1, 100), 10);
  for (const bad of ['0', '101', '0x10', '1e1', '2.0', ' 5', '', '-1'])
    assert.is(
      refusal(() => args('stats', [`--top=${bad}`]).count('--top', 10, 1, 100)),
      `--top takes a whole number from 1 to 100, not "${bad}"`,
    );
});

test('choice: one of the choices, the default when absent, else a message listing them', () => {
  assert.is(args('stats', ['--group-by', 'domain']).choice('--group-by', ['host', 'domain', 'suffix'], 'host'), 'domain');
  assert.is(args('stats', []).choice('--group-by', ['host', 'domain', 'suffix'], 'host'), 'host');
  assert.is(args('stats', []).choice('--log', ['combined', 'common'], null), null);
  assert.is(
    refusal(() => args('stats', ['--group-by', 'Host']).choice('--group-by', ['host', 'domain', 'suffix'], 'host')),
    '--group-by takes "host", "domain" or "suffix", not "Host"',
  );
});

test.run();

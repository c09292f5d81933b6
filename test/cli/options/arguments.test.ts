/** The command line cut into options and files (`Arguments`), the options of every command read, and `configure`. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Arguments, COMMON, configure, LONGEST_LINE, lines } from '../../../src/cli/options/arguments.js';
import { COMMANDS, commandNamed } from '../../../src/cli/registry.js';
import { thrown } from '../../support/settings.js';

const args = (command: string, words: string[]) => new Arguments(commandNamed(command)!, words, COMMANDS);

const refusal = thrown;

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
  assert.is(configure(commandNamed('stats')!, ['--help'], COMMANDS), 'help');
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

test('get: the value parsed when given, the default when not; check: values, then rules', () => {
  assert.is(args('stats', ['--log', 'common']).get(COMMON.log), 'common');
  assert.is(args('stats', []).get(COMMON.log), null);
  assert.is(args('stats', ['--max-line-length', '0']).get(COMMON.maxLineLength), LONGEST_LINE);
  assert.is(args('stats', ['--threads', 'auto']).get(COMMON.threads), 'auto');
  assert.is(
    refusal(() => args('stats', ['--log-field', 'x']).check()),
    '--log-field takes "target", "referrer" or "both", not "x"',
  );
  assert.is(
    refusal(() => args('stats', ['--log-field', 'target']).check()),
    '--log-field needs --log combined|common or --log-format',
  );
});

test('lines: the options of every command, one FILE unless many', () => {
  const l = lines('parse', args('parse', ['--lenient', '--iri', 'f']), ['--lenient', '--iri', 'f']);
  assert.equal(l.parse, { lenient: true, iri: true, zoneId: false, absolute: false });
  assert.equal([l.command, l.file, l.args], ['parse', 'f', ['--lenient', '--iri', 'f']]);
  assert.is(lines('links', args('links', ['a', 'b']), [], true).file, 'a');
});

test.run();

/** The kinds of option: what each parses, its default, how the help writes it, and the messages of bad values. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { choice, count, custom, flag, row, text, told, whole } from '../../../src/cli/options/option.js';
import { thrown } from '../../support/settings.js';

const refusal = thrown;

test('flag: no value, false unless given', () => {
  const f = flag('--json', 'JSON');
  assert.equal([f.value, f.default, f.parse('')], [undefined, false, true]);
});

test('count: decimal digits in [min, max], else a message with the bounds', () => {
  const top = count('--top', 'N', 10, 1, 100, 'how many');
  assert.equal([top.value, top.default, top.parse('42')], ['N', 10, 42]);
  for (const bad of ['0', '101', '0x10', '1e1', '2.0', ' 5', '', '-1'])
    assert.is(
      refusal(() => top.parse(bad)),
      `--top takes a whole number from 1 to 100, not "${bad}"`,
    );
  assert.is(whole('--n', '7', 0, 9), 7);
});

test('choice: one of the choices, written a|b|c, else a message listing them', () => {
  const by = choice('--group-by', ['host', 'domain', 'suffix'], 'host', 'by');
  assert.equal([by.value, by.default, by.parse('domain')], ['host|domain|suffix', 'host', 'domain']);
  assert.is(
    refusal(() => by.parse('Host')),
    '--group-by takes "host", "domain" or "suffix", not "Host"',
  );
  assert.is(choice('--log', ['combined', 'common'], null, 'log').default, null);
});

test('text and custom: the text, or what their parser makes of it; null or the default when absent', () => {
  const t = text('--glob', 'PATTERN', 'the files', { example: "'**/*.html'" });
  assert.equal([t.default, t.parse('*.x'), t.example], [null, '*.x', "'**/*.html'"]);
  const c = custom('--x', 'N', 3, (s) => s.length, 'x');
  assert.equal([c.default, c.parse('abcd')], [3, 4]);
});

test('told: the same option with another help line; row: it and those written on its row', () => {
  const q = flag('--quiet', 'quiet', { short: '-q' });
  const t = told(q, 'no report');
  assert.equal([t.name, t.short, t.help, t.parse('')], ['--quiet', '-q', 'no report', true]);
  const a = text('--a', 'FILE', 'a and b', { also: [text('--b', 'FILE', '')] });
  assert.equal(
    row(a).map((o) => o.name),
    ['--a', '--b'],
  );
  assert.equal(
    row(q).map((o) => o.name),
    ['--quiet'],
  );
});

test.run();

/** surt's settings: the surt package's options, and the combinations refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SurtSettings } from '../../../src/cli/commands/surt.js';
import { refusal, settings } from '../../support/settings.js';

const surt = (words: string[]) => settings<SurtSettings>('surt', words);

test("surt's options: none by default, each as the surt package names it", () => {
  assert.is(surt([]).surt, undefined);
  assert.is(surt([]).ssurt, false);
  assert.is(surt(['--host-massage']).surt, undefined);
  assert.equal(surt(['--with-scheme', '--trailing-comma', '--no-host-massage']).surt, {
    withScheme: true,
    trailingComma: true,
    hostMassage: false,
  });
  assert.is(surt(['--ssurt']).ssurt, true);
  assert.is(surt(['--log', 'combined', '--log-field', 'referrer', '--on-invalid', 'empty']).onInvalid, 'empty');
});

test('combinations refused, each with what to do', () => {
  const cases: Array<[string[], string]> = [
    [['--ssurt', '--trailing-comma'], "--ssurt is urlcanon's form, which has no --trailing-comma: give one of them"],
    [['--no-host-massage', '--ssurt'], "--ssurt is urlcanon's form, which has no --no-host-massage: give one of them"],
    [['--host-massage', '--no-host-massage'], '--host-massage and --no-host-massage say opposite things: give one of them'],
    [['--absolute'], 'surt reads each line as the surt package does, not as RFC 3986 does: --absolute does not apply'],
    [
      ['--log', 'common'],
      "surt makes keys of URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
    ],
    [['a', 'b'], 'surt takes one FILE (or - for standard input), got 2: "a" "b"'],
  ];
  for (const [words, message] of cases) assert.is(refusal('surt', words), message, words.join(' '));
});

test.run();

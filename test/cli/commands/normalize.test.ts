/** normalize's settings: its steps past RFC 3986, and the combinations refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NormalizeSettings } from '../../../src/cli/commands/normalize.js';
import { refusal, settings } from '../../support/settings.js';

const normalize = (words: string[]) => settings<NormalizeSettings>('normalize', words);

test("normalize's steps: none, the dedupe preset with --dedupe, one step more each", () => {
  assert.is(normalize([]).normalize, undefined);
  assert.equal(normalize(['--sort-query', '--remove-params', 'a, utm_*']).normalize, {
    sortQuery: true,
    removeQueryParams: ['a', 'utm_*'],
  });
  assert.equal(normalize(['--dedupe', '--rfc-only', '--idna']).normalize, { idna: true });
  assert.is(normalize(['--web']).normalize, undefined);
});

test('combinations refused, each with what to do', () => {
  const cases: Array<[string[], string]> = [
    [['--on-invalid', 'keep', '--dedupe'], '--on-invalid keep writes one line per input line, which --dedupe does not: give one of them'],
    [
      ['--on-invalid', 'empty', '--log', 'combined'],
      '--on-invalid empty with --log needs --log-field target or referrer: one URI per log line, one output line for it',
    ],
    [
      ['--web', '--idna'],
      "--idna is a step past RFC 3986's normal form, and --web writes the URL Standard's serialization: give one of them",
    ],
    [['--rfc-only'], '--rfc-only goes with --dedupe or --to (normal forms compared without the dedupe preset)'],
    [['--remove-params', 'a,,b'], '--remove-params takes a comma-separated list of names (a "*" matches any text), not "a,,b"'],
  ];
  for (const [words, message] of cases) assert.is(refusal('normalize', words), message, words.join(' '));
});

test.run();

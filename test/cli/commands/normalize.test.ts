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
  // A key is written as its reference writes it: no step of RFC 3986's, --dedupe compares the keys.
  assert.is(normalize(['--canon', 'w3lib', '--dedupe']).normalize, undefined);
  assert.is(normalize(['--canon', 'ia']).canon, 'ia');
  assert.is(normalize(['--surt', '--dedupe']).normalize, undefined);
  assert.is(normalize(['--surt', '--log', 'combined', '--log-field', 'referrer']).surt, true);
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
    [['--surt', '--canon', 'ia'], '--surt and --canon each write a key of their own: give one of them'],
    [['--canon', 'ia', '--surt'], '--surt and --canon each write a key of their own: give one of them'],
    [
      ['--canon', 'w3lib', '--web'],
      "--canon writes its profile's canonical form, --web the URL Standard's serialization: give one of them",
    ],
    [
      ['--canon', 'w3lib', '--sort-query'],
      "--sort-query is a step past RFC 3986's normal form, and --canon writes its profile's canonical form: give one of them",
    ],
    [
      ['--surt', '--rfc-only', '--dedupe'],
      "--rfc-only is a step past RFC 3986's normal form, and --surt writes the SURT key: give one of them",
    ],
    [['--surt', '--to', 'redis://h/j'], '--surt does not go with --to'],
    [
      ['--canon', 'ia', '--iri'],
      '--canon reads each line as its reference implementation does, not as RFC 3986 does: --iri does not apply',
    ],
    [['--canon', 'IA'], '--canon takes "w3lib", "ia", "google", "semantic-precise", "semantic", "aggressive" or "whatwg", not "IA"'],
    [
      ['--canon', 'ia', '--log', 'combined'],
      "--canon makes keys of URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
    ],
  ];
  for (const [words, message] of cases) assert.is(refusal('normalize', words), message, words.join(' '));
});

test.run();

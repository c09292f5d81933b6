/** validate's settings, and the combinations refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidateSettings } from '../../../src/cli/commands/validate.js';
import { refusal, settings } from '../../support/settings.js';

test('its flags', () => {
  const v = settings<ValidateSettings>('validate', ['--json', '--lenient', '--warnings']);
  assert.equal([v.json, v.warnings, v.confusable], [true, true, false]);
});

test('combinations refused, each with what to do', () => {
  assert.is(refusal('validate', ['--log-field', 'target']), '--log-field needs --log combined|common or --log-format');
  assert.is(
    refusal('validate', ['--warnings']),
    '--warnings needs --lenient: only lenient mode accepts a URI with something to warn about',
  );
  assert.is(
    refusal('validate', ['--lenient', '--confusable', '--warnings']),
    '--confusable reports the URIs read differently, --warnings those lenient mode kept something in: give one of them',
  );
});

test.run();

/** links' settings: its inputs and defaults, and the combinations refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LinksSettings } from '../../../src/cli/commands/links.js';
import { refusal, settings } from '../../support/settings.js';

test('its inputs (standard input when none), its defaults', () => {
  const l = settings<LinksSettings>('links', []);
  assert.equal(l.files, ['-']);
  assert.is(l.defaultEncoding, 'windows-1252');
  assert.is(l.maxRecordSize, 64 << 20);
  assert.is(l.linkGrammar, 'web');
  assert.equal(settings<LinksSettings>('links', ['a', 'b']).files, ['a', 'b']);
  assert.equal(settings<LinksSettings>('links', ['--files-from', 'list']).files, []);
});

test('combinations refused, each with what to do', () => {
  assert.is(refusal('links', ['--log', 'combined']), 'links reads HTML documents or WARC files; --log does not apply');
  assert.is(
    refusal('links', ['--normalize', 'x']),
    '--normalize takes "rfc3986" (the RFC 3986 normal form of each link) or "dedupe" (the crawler\'s canonical form: DEDUPE_PRESET), not "x"',
  );
});

test.run();

/** resolve's settings: --base, parsed once, and the combinations refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ResolveSettings } from '../../../src/cli/commands/resolve.js';
import { refusal, settings } from '../../support/settings.js';

test('--base is parsed once; without it, base<TAB>href lines', () => {
  assert.is(settings<ResolveSettings>('resolve', ['--base', 'http://a/b']).base?.href, 'http://a/b');
  assert.is(settings<ResolveSettings>('resolve', []).base, null);
});

test('combinations refused, each with what to do', () => {
  assert.is(
    refusal('resolve', ['--log', 'combined']),
    "resolve --log needs --base URL: the site the log's request targets are resolved against",
  );
  assert.is(
    refusal('resolve', ['--base', 'a/b']),
    '--base "a/b" has no scheme; a base must be an absolute URI (RFC 3986 §5.1), such as https://example.com/',
  );
});

test.run();

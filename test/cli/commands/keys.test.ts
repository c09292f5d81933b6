/** A record's text as the reference implementations read a line: its characters, and bytes that are not UTF-8 refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keyLog, keyText } from '../../../src/cli/commands/keys.js';
import type { Lines } from '../../../src/cli/options/arguments.js';
import { ByteView } from '../../../src/readers/bytes.js';
import type { UriError } from '../../../src/syntax/errors.js';
import { settings, thrown } from '../../support/settings.js';

/** The view of `bytes` scanned in a buffer with bytes around them, as a line of a chunk. */
function view(bytes: number[], lenient = false): ByteView {
  const v = new ByteView(lenient ? { lenient: true } : undefined);
  const b = Buffer.from([0x0a, ...bytes, 0x0a]);
  v.scan(b, 1, b.length - 1);
  return v;
}

const text = (s: string): number[] => [...Buffer.from(s)];

test('the text of a line, whatever RFC 3986 says of it; a U+FFFD written in the line stays', () => {
  assert.is(keyText(view(text('http://a b/'))), 'http://a b/');
  assert.is(keyText(view(text('http://h/\u00e9\ufffd'))), 'http://h/\u00e9\ufffd');
});

test('a byte that is not UTF-8: INVALID_UTF8 at its character index; with --lenient, its %XX', () => {
  const bad = [...text('http://\u00e9/'), 0xe9, ...text('x')];
  let e: UriError | null = null;
  try {
    keyText(view(bad));
  } catch (x) {
    e = x as UriError;
  }
  assert.is(e?.code, 'INVALID_UTF8');
  assert.is(e?.index, 9);
  assert.is(e?.message, `Invalid UTF-8: '\ufffd' (U+FFFD) at index 9 in "http://\u00e9/\ufffdx"`);
  assert.is(keyText(view(bad, true)), 'http://\u00e9/%E9x');
});

test('a key is made of URLs: with --log, of referrers alone', () => {
  const l = settings<Lines>('surt', ['--log', 'combined', '--log-field', 'referrer']);
  keyLog('--canon', l);
  assert.is(
    thrown(() => keyLog('--canon', { ...l, logField: 'both' })),
    "--canon makes keys of URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
  );
});

test.run();

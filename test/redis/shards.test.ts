/** Which shard a URL goes to: by its host, the same for every spelling of one normal form. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shardOfUrl } from '../../src/cli/redis/frontier.js';
import { shardOf, shardOfLower, shardOfRange } from '../../src/cli/redis/keys.js';
import { normalize } from '../../src/ops/normalize.js';

test('shardOfUrl: the shard of the host of a normal form, whatever the spelling normalized', () => {
  const spellings = [
    'http://example.com/a/b',
    'HTTP://EXAMPLE.COM:80/a/./b',
    'http://User:Pass@Example.Com/a/%62',
    'https://example.com:8443/x?q#f',
    '//example.com/relative',
  ];
  assert.equal(
    spellings.map((u) => shardOfUrl(normalize(u), 16)),
    spellings.map(() => 6),
  );
  assert.is(shardOf('example.com', 16), 6);
  // An IP literal with its brackets; a URL without an authority by the whole URL.
  assert.is(shardOfUrl(normalize('http://[0:0:0:0:0:0:0:1]:80/v6'), 16), shardOf('[::1]', 16));
  assert.is(shardOfUrl('mailto:u@example.com', 16), shardOf('mailto:u@example.com', 16));
  // The host after the last "@", up to its first ":"; beyond ASCII by its UTF-8 bytes; an empty host; a scheme with a
  // character no scheme has (no authority, then: the whole URL).
  const cases: Array<[string, string]> = [
    ['http://a:b@c:d@example.com:8080/x', 'example.com'],
    ['http://u@[::1]:80/v6', '[::1]'],
    ['http://bücher.example:80/x', 'bücher.example'],
    ['http://u:p@bücher.example/x', 'bücher.example'],
    ['http://:80/x', ''],
    ['http:///x', ''],
    ['//example.com', 'example.com'],
    ['a_b://example.com/', 'a_b://example.com/'],
    ['://example.com/', '://example.com/'],
    ['http:/example.com/', 'http:/example.com/'],
  ];
  assert.equal(
    cases.map(([u]) => shardOfUrl(u, 16)),
    cases.map(([, host]) => shardOf(host, 16)),
  );
});

test("shardOfRange, shardOfLower: a host inside a longer text, as shardOf of the host's UTF-8 bytes", () => {
  assert.is(shardOfRange('xbücher.examplex', 1, 15, 16), 10);
  assert.is(shardOf('bücher.example', 16), 10);
  // publish's host as written, in ASCII lower case.
  const line = Buffer.from('HTTP://EXAMPLE.COM:80/');
  assert.is(shardOfLower(line, 7, 18, 16), 6);
});

test.run();

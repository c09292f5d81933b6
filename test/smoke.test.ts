import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse, tryParse } from '../src/index.js';

test('the docs/api.md example', () => {
  const u = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f');
  assert.equal(
    [u.scheme, u.authority, u.userinfo, u.host, u.hostType, u.port, u.portNumber, u.path, u.query, u.fragment, u.href],
    ['HTTP', 'u:p@[::1]:8080', 'u:p', '[::1]', 'ipv6', '8080', 8080, '/a/b', 'q=1', 'f', 'HTTP://u:p@[::1]:8080/a/b?q=1#f'],
  );
  assert.equal([u.warnings, u.warningIndex], [[], undefined]);
});

test('a log line: strict rejects it, lenient keeps it with the same boundaries and says what it kept', () => {
  const line = 'http://example.com/a b?q="x"#top';
  assert.is(tryParse(line), null);
  const u = parse(line, { lenient: true });
  assert.equal([u.host, u.path, u.query, u.fragment], ['example.com', '/a b', 'q="x"', 'top']);
  assert.equal([u.warnings, u.warningIndex], [['INVALID_CHAR'], 20]);
});

test('maxLength', () => {
  assert.is(tryParse('http://example.com/', { maxLength: 18 }), null);
  assert.is(parse('http://example.com/', { maxLength: 19 }).host, 'example.com');
});

test.run();

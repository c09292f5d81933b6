import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from '../src/index.js';

test('api.md example', () => {
  const u = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f');
  assert.equal(
    [u.scheme, u.authority, u.userinfo, u.host, u.hostType, u.port, u.portNumber, u.path, u.query, u.fragment, u.href],
    ['HTTP', 'u:p@[::1]:8080', 'u:p', '[::1]', 'ipv6', '8080', 8080, '/a/b', 'q=1', 'f', 'HTTP://u:p@[::1]:8080/a/b?q=1#f'],
  );
});

test.run();

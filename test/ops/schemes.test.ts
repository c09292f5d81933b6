/**
 * What urikit knows of particular schemes (src/ops/schemes.ts): default ports, the schemes whose
 * empty path means "/", mailto's case-insensitive domains.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_PORTS } from '../../src/index.js';
import { defaultPortOf, emptyPathIsRoot, lowerMailtoDomains } from '../../src/ops/schemes.js';

test("defaultPortOf: DEFAULT_PORTS' own entries, by lower-case name, never Object.prototype's", () => {
  assert.equal(['http', 'https', 'ws', 'wss', 'ftp', 'ssh', 'git', 'redis'].map(defaultPortOf), [80, 443, 80, 443, 21, 22, 9418, 6379]);
  for (const s of ['HTTP', 'foo', '', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    assert.is(defaultPortOf(s), undefined, s);
  }
  for (const [scheme, port] of Object.entries(DEFAULT_PORTS)) assert.is(defaultPortOf(scheme), port, scheme);
  assert.is(Object.keys(DEFAULT_PORTS).length, 22);
  assert.ok(Object.isFrozen(DEFAULT_PORTS));
});

test('emptyPathIsRoot: http, https, ws and wss, by lower-case name', () => {
  for (const s of ['http', 'https', 'ws', 'wss']) assert.is(emptyPathIsRoot(s), true, s);
  for (const s of ['HTTP', 'ftp', 'file', 'mailto', '', 'constructor']) assert.is(emptyPathIsRoot(s), false, s);
});

test("lowerMailtoDomains: each address's domain in lower case, %XX kept, the rest as it was", () => {
  assert.is(lowerMailtoDomains('Joe@Example.COM'), 'Joe@example.com');
  assert.is(lowerMailtoDomains('A@B.COM,C@D.ORG'), 'A@b.com,C@d.org');
  assert.is(lowerMailtoDomains('a%40B@C.com'), 'a%40B@c.com');
  assert.is(lowerMailtoDomains('a@B%C3%9C.DE'), 'a@b%C3%9C.de');
  assert.is(lowerMailtoDomains('x@Y,NoDomain,z@W'), 'x@y,NoDomain,z@w');
  assert.is(lowerMailtoDomains('a@b,c@d'), 'a@b,c@d');
  assert.is(lowerMailtoDomains(''), '');
});

test.run();

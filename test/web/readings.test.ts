// compareReadings over the published families of parser-confusion payloads. Each expected value
// is written by hand from the two standards: RFC 3986 §3 (the grammar; lenient mode as
// behaviour.md says) and §5.2.2 (dot segments of a URI with a scheme), and the URL Standard's
// basic URL parser (tabs and newlines removed, "\" a "/" in special URLs, the host parser's IPv4
// numbers and UTS #46, "%2e" segments).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareReadings, type Reading, type ReadingComponent } from '../../src/index.js';

type Components = readonly ReadingComponent[] | null;

/** [input, base, strict RFC 3986's differences, lenient RFC 3986's differences]. */
type Case = [string, string | undefined, Components, Components];

const ALL_READ: ReadingComponent[] = ['scheme', 'host', 'path'];

function check(family: string, cases: readonly Case[]): void {
  test(family, () => {
    for (const [input, base, strict, lenient] of cases) {
      const r = compareReadings(input, base === undefined ? undefined : { base });
      const what = `${JSON.stringify(input)}${base === undefined ? '' : ` against ${base}`}`;
      assert.equal(r.strictDiffers, strict, `${what}: strict`);
      assert.equal(r.lenientDiffers, lenient, `${what}: lenient`);
      assert.is(r.differs, (strict?.length ?? 0) > 0 || (lenient?.length ?? 0) > 0, `${what}: differs`);
    }
  });
}

// "\" is a "/" to the URL Standard in a special URL; RFC 3986 rejects it (strict) or keeps it as a
// character of the component it stands in (lenient).
check('backslashes', [
  // Lenient RFC 3986: userinfo "evil.example\" and host good.example; the URL Standard: host evil.example, path "/@good.example/".
  ['http://evil.example\\@good.example/', undefined, ALL_READ, ['userinfo', 'host', 'path']],
  // RFC 3986: no authority, the path "\\evil.example\path"; the URL Standard: host evil.example, path "/path".
  ['http:\\\\evil.example\\path', undefined, ALL_READ, ['host', 'path']],
  // A path reference "/\evil.example" keeps the base's host in RFC 3986; the URL Standard reads "//evil.example".
  ['/\\evil.example', 'https://good.example/', ALL_READ, ['host', 'path']],
  // Not special: "\" is a character to both.
  ['foo://h/a\\b', undefined, ALL_READ, []],
]);

// "@" ends the userinfo; which "@" and what may stand before it is where parsers part.
check('"@" tricks', [
  // Both: userinfo good.example, host evil.example.
  ['http://good.example@evil.example/', undefined, [], []],
  // Two "@": strict RFC 3986 rejects; lenient takes the last, as the URL Standard does ("a%40b").
  ['http://a@b@evil.example/', undefined, ['scheme', 'userinfo', 'host', 'path'], []],
  // "%40" in a reg-name is valid RFC 3986; the URL Standard decodes it to "@", a forbidden domain code point: failure.
  ['http://good.example%40evil.example/', undefined, ALL_READ, ALL_READ],
  // ";" and "=" in userinfo: RFC 3986 allows them, the URL Standard encodes them: the same octets.
  ['http://u;a=b@h/', undefined, [], []],
]);

// "#" ends the authority for both standards: the "@" after it is in the fragment.
check('"#" tricks', [
  ['http://evil.example#@good.example/', undefined, [], []],
  ['http://evil.example:80#@good.example/', undefined, [], []],
  ['http://evil.example/#/../good', undefined, [], []],
]);

// The URL Standard removes every tab and newline first; RFC 3986 rejects them (controls), in both modes.
check('tab and newline splitting', [
  ['jav\tascript:alert(1)', undefined, ['scheme', 'path'], ['scheme', 'path']],
  ['http://good.example\n.evil.example/', undefined, ALL_READ, ALL_READ],
  ['http://h/a\r\n/b', undefined, ALL_READ, ALL_READ],
]);

// The URL Standard's host parser reads a host that ends in a number as an IPv4 address, in decimal,
// octal or hexadecimal, one to four parts; RFC 3986 reads a dotted quad of decimals only, the rest
// as registered names.
check('IPv4 number forms', [
  ['http://0x7f.1/', undefined, ['host'], ['host']],
  ['http://2130706433/', undefined, ['host'], ['host']],
  ['http://0177.0.0.1/', undefined, ['host'], ['host']],
  ['http://127.1/', undefined, ['host'], ['host']],
  ['http://127.0.0.1./', undefined, ['host'], ['host']],
  ['http://127.0.0.1/', undefined, [], []],
  // Not special: an opaque host, no number to either.
  ['foo://0x7f.1/', undefined, [], []],
  // The URL Standard rejects a number out of range; RFC 3986 reads a registered name.
  ['http://256.0.0.1/', undefined, ALL_READ, ALL_READ],
]);

// "%2e" is a dot in the URL Standard's dot segments; RFC 3986 §5.2.4 removes literal dots only.
// "%2f" is no "/" to either.
check('percent-encoded dots and slashes', [
  ['http://h/a/%2e%2e/b', undefined, ['path'], ['path']],
  ['http://h/a/.%2E/b', undefined, ['path'], ['path']],
  ['http://h/a/%2e/b', undefined, ['path'], ['path']],
  ['/static/%2e%2e/%2e%2e/etc/passwd', 'http://h/', ['path'], ['path']],
  ['http://h/a/../b', undefined, [], []],
  ['http://h/a%2fb', undefined, [], []],
  ['http://h/a/..%2f..%2fb', undefined, [], []],
  ['http://h/%2e%2e%5c', undefined, [], []],
]);

// UTS #46 maps fullwidth and ideographic full stops to "."; to RFC 3986 (which rejects non-ASCII,
// or keeps it in lenient mode) they are characters of a name.
check('fullwidth dots', [
  ['http://evil\u3002example/', undefined, ALL_READ, ['host']],
  ['http://127\uff0e0\uff0e0\uff0e1/', undefined, ALL_READ, ['host']],
  ['http://e\uff58ample.com/', undefined, ALL_READ, ['host']],
  // An internationalized name is no confusion: its U-label is its A-label's.
  ['http://m\u00fcnchen.de/', undefined, ALL_READ, []],
  ['http://xn--mnchen-3ya.de/', undefined, [], []],
]);

// Hosts that look like userinfo, ports that are not, credentials that look like hosts.
check('userinfo-looking hosts', [
  ['http://good.example:x@evil.example/', undefined, [], []],
  ['http://good.example:443@evil.example/', undefined, [], []],
  // "evil.example:@": the URL Standard drops the empty password; the same credentials.
  ['http://good.example:@evil.example/', undefined, [], []],
  // No "@": a port that is not digits, rejected by both (strict RFC 3986 and the URL Standard); lenient RFC 3986 too.
  ['http://good.example:evil.example/', undefined, null, null],
  // Strict RFC 3986 rejects a second "@"; the URL Standard reads the credentials up to the last.
  ['http://user@good.example@evil.example/', undefined, ['scheme', 'userinfo', 'host', 'path'], []],
]);

check('relative references: nothing to compare without a base', [
  ['/a/b', undefined, null, null],
  ['../c', 'http://h/a/b', [], []],
]);

test('the readings themselves, as each grammar gives them', () => {
  const r = compareReadings('HTTP://User:Pw@EXAMPLE.com:80/a/../b%7e?q#f');
  const same: Reading = { scheme: 'http', userinfo: 'User:Pw', host: 'example.com', port: null, path: '/b%7e' };
  assert.equal(r.web, same);
  assert.equal(r.strict, same);
  assert.equal(r.lenient, same);
  assert.equal(compareReadings('http://[0:0::1]:8080/').web, { scheme: 'http', userinfo: null, host: '[::1]', port: 8080, path: '/' });
  assert.equal(compareReadings('http://[0:0::1]:8080/').strict, { scheme: 'http', userinfo: null, host: '[::1]', port: 8080, path: '/' });
  assert.equal(compareReadings('file:/etc/hosts').strict, { scheme: 'file', userinfo: null, host: null, port: null, path: '/etc/hosts' });
  assert.equal(compareReadings('file:/etc/hosts').strictDiffers, []);
  assert.equal(compareReadings('web+demo:/.//x').strictDiffers, []);
  // A zone identifier: RFC 3986 without RFC 6874 rejects it, and so does the URL Standard.
  assert.equal(compareReadings('http://[fe80::1%25eth0]/').lenientDiffers, null);
  assert.throws(() => compareReadings(1 as unknown as string), /compareReadings: input must be a string/);
  assert.throws(() => compareReadings('a', { base: 1 as unknown as string }), /options.base must be a string/);
});

test.run();

/**
 * Server-based or registry-based authority (RFC 2396 §3.2, java.net.URI's parseServerAuthority):
 * the openjdk vectors, and answers of java.net.URI (OpenJDK 17) recorded through the Java oracle
 * (scripts/differential/writing-java.ts checks the rule on generated authorities).
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OFFSETS_LENGTH, parse, tryParse } from '../../src/index.js';
import { authorityKindOf } from '../../src/ops/authority.js';
import { fixture } from '../support/paths.js';

const rec = new Uint32Array(OFFSETS_LENGTH);
const kind = (s: string, options?: { zoneId?: boolean; lenient?: boolean }): string => {
  const u = parse(s, options);
  return authorityKindOf(u.href, u.writeOffsets(rec));
};

/** What new URI(s).parseServerAuthority() did: 'server' when it returned, 'registry' when it threw. */
const JAVA: Record<string, 'server' | 'registry'> = {
  's://7up': 'server',
  's://7': 'server',
  's://12345': 'server',
  's://0x1': 'server',
  's://1-a': 'server',
  's://1.a': 'server',
  's://7.': 'server',
  's://a.': 'server',
  's://a.b.': 'server',
  's://a.b1': 'server',
  's://a.7b.c': 'server',
  's://A-1.b': 'server',
  's://a-b--c.d': 'server',
  's://A.B': 'server',
  's://xn--mnchen-3ya.de': 'server',
  's://1.2.3.4': 'server',
  's://01.2.3.4': 'server',
  's://0000.0.0.0': 'server',
  's://00000000000000000001.1.1.1': 'server',
  's://1.2.3.0000': 'server',
  's://255.255.255.255': 'server',
  's://h:0': 'server',
  's://h:08': 'server',
  's://h:': 'server',
  's://h:99999': 'server',
  's://h:2147483647': 'server',
  's://h:00000000000000000001': 'server',
  's://@h': 'server',
  's://u:p@h': 'server',
  's://u;x@h': 'server',
  's://u%41@h': 'server',
  's://u@h:': 'server',
  's://[::1]': 'server',
  's://[::1]:': 'server',
  's://u@[::1]:8': 'server',
  's://[::ffff:1.2.3.4]': 'server',
  's://1.2.3': 'registry',
  's://1.2.3.4.': 'registry',
  's://1.2.3.4.5': 'registry',
  's://1.2.3.256': 'registry',
  's://1111.0.0.0': 'registry',
  's://0256.0.0.1': 'registry',
  's://999.999.999.999': 'registry',
  's://a.1': 'registry',
  's://a.1b': 'registry',
  's://1a.2': 'registry',
  's://a.b.7': 'registry',
  's://a.7.': 'registry',
  's://a_b': 'registry',
  's://a_b:x@h': 'server',
  's://a!b': 'registry',
  's://a~b': 'registry',
  's://a$b': 'registry',
  's://a%20b': 'registry',
  's://a-.b': 'registry',
  's://-a.b': 'registry',
  's://a.-b': 'registry',
  's://ab-': 'registry',
  's://a.b-': 'registry',
  's://a..b': 'registry',
  's://.a': 'registry',
  's://256.1.1.1': 'registry',
  's://h:2147483648': 'registry',
  's://:80': 'registry',
  's://u@': 'registry',
};

test('the rule agrees with java.net.URI parseServerAuthority on every recorded answer', () => {
  for (const [input, expected] of Object.entries(JAVA)) assert.is(kind(input), expected, input);
});

test('the openjdk parse_server_authority vectors that RFC 3986 parses', () => {
  const vectors = JSON.parse(readFileSync(fixture('vectors/openjdk-uri-test.json'), 'utf8')) as {
    op: string;
    input: string;
    error?: boolean;
  }[];
  let checked = 0;
  for (const v of vectors.filter((x) => x.op === 'parse_server_authority')) {
    const u = tryParse(v.input);
    // "s://u@h:-foo/p" and "http://1:2:3:4:5:6:7:8" are not URI-references (a port is digits).
    if (u === null || u.authority === undefined) continue;
    assert.is(authorityKindOf(u.href, u.writeOffsets(rec)), v.error === true ? 'registry' : 'server', v.input);
    checked++;
  }
  assert.is(checked, 14);
});

test('registry-based and server-based authorities, IP literals, an empty authority, lenient userinfo', () => {
  // "//a_b:x" is registry-based to java.net.URI, and no URI-reference at all to RFC 3986 (§3.2.3).
  assert.is(tryParse('http://a_b:x'), null);
  assert.is(kind('http://a_b'), 'registry');
  assert.is(kind('http://256.1.1.1'), 'registry');
  assert.is(kind("http://a'b.c/"), 'registry');
  assert.is(kind('http://example.com:8080/'), 'server');
  assert.is(kind('file:///etc/hosts'), 'server');
  assert.is(kind('s://[v1.x]'), 'registry');
  assert.is(kind('s://[fe80::1%25eth0]', { zoneId: true }), 'server');
  assert.is(kind('s://a b@h', { lenient: true }), 'registry');
  assert.is(kind('s://a%zz@h', { lenient: true }), 'registry');
  assert.is(kind('s://ü@h', { lenient: true }), 'server');
  // A C1 control is an error even in lenient mode (controls stay errors), so no authority to classify.
  assert.is(tryParse('s://\u0085@h', { lenient: true }), null);
  assert.is(kind('s://\u3000@h', { lenient: true }), 'registry');
});

test.run();

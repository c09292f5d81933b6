/**
 * Direct tests of the RFC 3986 §3.2.2 host sub-grammars in src/syntax/host.ts. Every index is absolute
 * (into the string passed in); the IP-literal checkers are called on "[...]" with the range
 * between the brackets, as scan calls them, so that `end` is the index of the "]".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ipv4End, ipv6Error, ipvFutureError, isIPv4 } from '../../src/syntax/host.js';

/** ipv6Error over "[addr]": -1 or the absolute index. */
function v6(addr: string, zone = false): number {
  const s = `[${addr}]`;
  return ipv6Error(s, 1, s.length - 1, zone);
}

function future(addr: string): number {
  const s = `[${addr}]`;
  return ipvFutureError(s, 1, s.length - 1);
}

const v4 = (s: string): number => ipv4End(s, 0, s.length);

// ---- IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet --------------------------

test('ipv4End: whole addresses end at `end`', () => {
  assert.is(v4('0.0.0.0'), 7);
  assert.is(v4('1.2.3.4'), 7);
  assert.is(v4('192.168.0.1'), 11);
  assert.is(v4('255.255.255.255'), 15);
  assert.is(v4('249.250.199.100'), 15);
  assert.is(v4('10.99.200.9'), 11);
});

test('ipv4End: dec-octet edges (0, 00, 255, 256, 099, ...) in the first position', () => {
  const first = (octet: string): number => v4(`${octet}.0.0.0`);
  assert.is(first('0'), 7);
  assert.is(first('9'), 7);
  assert.is(first('10'), 8);
  assert.is(first('99'), 8);
  assert.is(first('100'), 9);
  assert.is(first('199'), 9);
  assert.is(first('200'), 9);
  assert.is(first('249'), 9);
  assert.is(first('250'), 9);
  assert.is(first('255'), 9);
  // Failures point at the digit that breaks dec-octet.
  assert.is(first('00'), 1); // leading zero
  assert.is(first('01'), 1);
  assert.is(first('099'), 1);
  assert.is(first('256'), 2); // 256 > 255
  assert.is(first('260'), 2);
  assert.is(first('300'), 2);
  assert.is(first('1000'), 3);
  assert.is(first('2555'), 3);
});

test('ipv4End: dec-octet edges in the last position', () => {
  const last = (octet: string): number => v4(`1.2.3.${octet}`);
  assert.is(last('0'), 7);
  assert.is(last('255'), 9);
  assert.is(last('256'), 8);
  assert.is(last('00'), 7);
  assert.is(last('04'), 7);
  assert.is(last('099'), 7);
  assert.is(last('2555'), 9);
  assert.is(last('a'), 6);
});

test('ipv4End: missing digits and dots; what follows the fourth octet is not its business', () => {
  assert.is(v4('.1.2.3'), 0);
  assert.is(v4('1..2.3'), 2);
  assert.is(v4('1.2..3'), 4);
  assert.is(v4('1a.2.3.4'), 1);
  assert.is(v4('1.2.3.4.5'), 7); // after the fourth octet
  assert.is(v4('1.2.3.4a'), 7);
  assert.is(v4('1.2.3.4:80'), 7);
  assert.is(v4('1.2.3.45x'), 8);
});

test('ipv4End: -1 when the range ends before the fourth octet is complete', () => {
  assert.is(v4(''), -1);
  assert.is(v4('1'), -1);
  assert.is(v4('1.'), -1);
  assert.is(v4('1.2.3'), -1);
  assert.is(v4('1.2.3.'), -1);
  assert.is(v4('127.0.0'), -1);
  assert.is(v4('11.22.33.'), -1);
});

test('ipv4End: honours start and end within a larger string', () => {
  const s = 'http://10.0.0.1:80/';
  assert.is(ipv4End(s, 7, 15), 15);
  assert.is(ipv4End(s, 7, 13), -1); // "10.0.0"
  assert.is(ipv4End(s, 7, 14), -1); // "10.0.0.": the fourth octet is missing
  assert.is(ipv4End(s, 7, 18), 15); // "10.0.0.1:80": the address ends at the ":"
  assert.is(ipv4End('x1.2.3.4', 1, 8), 8);
});

test('isIPv4: exactly an IPv4address (first-match-wins over reg-name)', () => {
  const yes = ['0.0.0.0', '1.2.3.4', '127.0.0.1', '192.0.2.16', '255.255.255.255', '10.0.0.1'];
  const no = [
    '',
    '1.2.3',
    '1.2.3.',
    '127.0.0',
    '11.22.33.',
    '10.20.30.',
    '1.2.3.4.',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.04',
    '256.1.1.1',
    '1.2.3.256',
    '0x7f.0.0.1',
    'a.b.c.d',
    '1.2.3.4a',
    '255.255.255.2555',
    '1111.1.1.1',
    '1.1.1.1111',
    'example.com',
  ];
  for (const s of yes) assert.ok(isIPv4(s, 0, s.length), s);
  for (const s of no) assert.not.ok(isIPv4(s, 0, s.length), s);
  const s = 'http://u@1.2.3.4:8/';
  assert.ok(isIPv4(s, 9, 16));
  assert.not.ok(isIPv4(s, 9, 15));
  assert.not.ok(isIPv4(s, 8, 16));
});

// ---- IPv6address (§3.2.2) ----------------------------------------------------------------------

test('ipv6Error: every form of §3.2.2 matches', () => {
  const forms = [
    // 6( h16 ":" ) ls32
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:1.2.3.4',
    '1:2:3:4:5:6:7:ffff',
    // "::" 5( h16 ":" ) ls32
    '::2:3:4:5:6:7:8',
    '::2:3:4:5:6:1.2.3.4',
    // [ h16 ] "::" 4( h16 ":" ) ls32
    '1::3:4:5:6:7:8',
    '::3:4:5:6:7:8',
    '1::3:4:5:6:1.2.3.4',
    // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    '1:2::4:5:6:7:8',
    '1:2::4:5:6:1.2.3.4',
    '::4:5:6:7:8',
    // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    '1:2:3::5:6:7:8',
    '1:2:3::5:6:1.2.3.4',
    '1::5:6:7:8',
    // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
    '1:2:3:4::6:7:8',
    '1:2:3:4::6:1.2.3.4',
    '::6:7:8',
    // [ *4( h16 ":" ) h16 ] "::" ls32
    '1:2:3:4:5::7:8',
    '1:2:3:4:5::1.2.3.4',
    '::1.2.3.4',
    '::7:8',
    '1::1.2.3.4',
    // [ *5( h16 ":" ) h16 ] "::" h16
    '1:2:3:4:5:6::8',
    '::8',
    '1::8',
    '::1',
    // [ *6( h16 ":" ) h16 ] "::"
    '1:2:3:4:5:6:7::',
    '1::',
    '::',
    // h16 = 1*4HEXDIG, either case; dec-octet edges in ls32
    'FFFF:abcd:0:00:000:0000:EeEe:1',
    '2001:db8::7',
    'fe80::',
    'abcd::ef01',
    '::ffff:192.0.2.128',
    '::0.0.0.0',
    '::255.255.255.255',
  ];
  for (const a of forms) {
    assert.is(v6(a), -1, a);
    assert.is(v6(a, true), -1, `${a} (zone allowed)`);
  }
});

test('ipv6Error: malformed addresses, with the index of the first character that cannot be accepted', () => {
  const cases: Array<[string, number]> = [
    ['', 1], // empty: the "]"
    [':', 2], // ":" can only begin "::": the input ends
    [':1', 2],
    [':::', 3],
    ['1:::2', 4],
    ['1::2::3', 6], // a second "::"
    ['::1::', 5],
    ['1:2:3:4:5:6:7', 14], // seven groups and no "::": too short, the "]"
    ['1:2:3:4:5:6:7:', 15],
    ['1:', 3],
    ['1::2:', 6],
    ['12345::', 5], // a 5-digit group: the fifth digit
    ['1:23456::', 7],
    ['::abcde', 7],
    ['g::', 1],
    ['1g::', 2],
    ['::-', 3],
    ['1::-', 4],
    ['::é', 3],
    ['::1.2.3.256', 11], // ls32 as IPv4: the digit that makes 256
    ['::1.2.3.04', 10], // leading zero
    ['::1.2.3.4.5', 10], // IPv4 ends the address
    ['::1.2.3.4:5', 10],
    ['::256.1.1.1', 6], // "::256" is complete (an h16), and 256 is no dec-octet: the "."
    // IPv4 tails that end too early: the "]"
    ['::1.2.3', 8],
    ['::1.2.3.', 9],
    ['::1.', 5],
    ['1:2:3:4:5:6:1.2.3', 18],
    // A "%" without the zone option: the address ends there.
    ['1:2:3:4:5:6:7:8%', 16],
    ['fe80::1%25eth0', 8],
    [':%', 2],
  ];
  for (const [a, want] of cases) assert.is(v6(a), want, a);
});

test('ipv6Error with zone (RFC 6874: IPv6address "%25" ZoneID, ZoneID = 1*( unreserved / pct-encoded ))', () => {
  assert.is(v6('fe80::1%25eth0', true), -1);
  assert.is(v6('fe80::1%25aZ9-._~', true), -1);
  assert.is(v6('fe80::1%25%41', true), -1);
  assert.is(v6('fe80::1%25a%20b', true), -1);
  assert.is(v6('fe80::1%2541', true), -1); // zone "41"
  assert.is(v6('1:2:3:4:5:6:1.2.3.4%25x', true), -1);
  assert.is(v6('::%25x', true), -1);
  // Errors
  assert.is(v6('fe80::1%25', true), 11); // empty zone: the "]"
  assert.is(v6('fe80::1%25a!', true), 12); // sub-delims are not in ZoneID
  assert.is(v6('fe80::1%25a:b', true), 12);
  assert.is(v6('%25x', true), 1); // no address
  assert.is(v6('::1:%25x', true), 5); // the address ends with ":"
  assert.is(v6('fe80::g%25x', true), 7); // the address is checked first
  assert.is(v6('1:2:3:4:5:6:7%25x', true), 14); // too short: where the "%" begins
  // Without the option, the "%" itself.
  assert.is(v6('fe80::1%25eth0', false), 8);
  assert.is(v6('fe80::1%2541', false), 8);
});

test('ipv6Error: start and end within a larger string', () => {
  const s = 'http://[::1]:80/';
  assert.is(ipv6Error(s, 8, 11, false), -1);
  const t = 'http://[1::2::3]/';
  assert.is(ipv6Error(t, 8, 15, false), 13);
  const z = 'http://[fe80::1%25]/';
  assert.is(ipv6Error(z, 8, 18, true), 18);
});

/**
 * The error index contract (docs/api.md "index: the position of the first character that cannot be
 * accepted"; host.ts promises the same) where an address is complete, or a group or an IPv4 tail
 * cannot go on: each index is the RFC-grammar answer, checked against an ABNF-derived prefix oracle.
 */
const FIRST_UNACCEPTABLE: Array<[string, boolean, number, string]> = [
  ['1:2:3:4:5:6:7:8:9', false, 16, 'the ":" after eight groups'],
  ['1:2:3:4:5:6:7:8:', false, 16, 'the ":" after eight groups'],
  ['1:2:3:4:5:6:7:8::', false, 16, 'the ":" after eight groups'],
  ['::1:2:3:4:5:6:7:8', false, 16, 'the ":" after "::" and seven groups'],
  ['1:2:3:4:5:6:7::8', false, 16, '"::" stands for at least one group: "1:2:3:4:5:6:7::" is complete, the "8"'],
  ['0:0:0:0:0:0:0::1', false, 16, '"0:0:0:0:0:0:0::" is complete: the "1"'],
  ['1:2:3:4:5:6:7::', false, -1, 'seven groups and "::" (the last form of §3.2.2)'],
  ['1::2:3:4:5:6:7:8', false, 15, 'the ":" after "1::" and six more groups'],
  ['1:2:3:4:5:6::7:8', false, 15, 'the ":" after "1:2:3:4:5:6::7"'],
  ['1.2.3.4', false, 2, 'an IPv4 tail needs six groups or "::" before it: the "."'],
  ['1.2.3.4::', false, 2, 'the "."'],
  ['1:2:3:4:5:1.2.3.4', false, 12, 'five groups then IPv4 without "::": the "."'],
  ['1:2:3:4:5:6:7:1.2.3.4', false, 16, '"1:2:3:4:5:6:7:1" is complete: the "."'],
  ['::1:2:3:4:5:6:1.2.3.4', false, 16, '"::1:2:3:4:5:6:1" is complete: the "."'],
  ['1:2:3:4:5:6::1.2.3.4', false, 15, '"1:2:3:4:5:6::1" is complete: the "."'],
  ['1::2:3:4:5:6:1.2.3.4', false, 15, '"1::2:3:4:5:6:1" is complete: the "."'],
  ['::ffff1.2.3.4', false, 7, 'the fifth hex digit'],
  ['::a.1.2.3', false, 4, '"a" is not a dec-octet: the "."'],
  ['::12345.1.1.1', false, 7, 'the fifth digit'],
  ['::0100.1.1.1', false, 7, '"0100" is an h16 but not a dec-octet: the "."'],
  ['fe80::1%41', true, 9, '"%" can begin "%25": the "4"'],
  ['fe80::1%2F', true, 10, '"%2" can begin "%25": the "F"'],
  ['fe80::1%3525', true, 9, 'the "3"'],
];
for (const [a, zone, want, why] of FIRST_UNACCEPTABLE) {
  test(`ipv6Error(${JSON.stringify(`[${a}]`)}${zone ? ', zone' : ''}) === ${want}: ${why}`, () => {
    assert.is(v6(a, zone), want);
  });
}

// ---- IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) ---------------------------

test('ipvFutureError: valid forms', () => {
  for (const a of ['v1.x', 'V1.x', 'vF.x', 'vabc.1', 'v1.x:y', 'v7.::', "vF.x!$&'()*+,;=:-._~", 'v0123456789abcdef.z']) {
    assert.is(future(a), -1, a);
  }
});

test('ipvFutureError: malformed forms', () => {
  assert.is(future('v.x'), 2); // no HEXDIG
  assert.is(future('vg.x'), 2);
  assert.is(future('v'), 2); // ends after "v"
  assert.is(future('V'), 2);
  assert.is(future('v1'), 3); // no "."
  assert.is(future('v1x.y'), 3);
  assert.is(future('v1:x'), 3);
  assert.is(future('v1.'), 4); // nothing after "."
  assert.is(future('v1.x%41'), 5); // no pct-encoded in IPvFuture
  assert.is(future('v1.%41'), 4);
  // IP-literal has no ucschar (RFC 3987 §2.2: ihost = IP-literal / IPv4address / ireg-name)
  assert.is(future('v1.é'), 4);
  assert.is(future('v1.xé'), 5);
  assert.is(future('v1.x\uD83D\uDE00'), 5);
  const s = 'http://[v1.x]/';
  assert.is(ipvFutureError(s, 8, 12), -1);
  assert.is(ipvFutureError(s, 8, 10), 10);
});

test.run();

/** The `--seen digest` members (SipHash-2-4, in decimal) and the worker's memory of committed digests. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Digester, DigestSet, signedDecimal, writeDecimal } from '../../src/cli/redis/digest.js';

/** The bytes 0, 1, …, n - 1 as a string. */
const counting = (n: number): string => String.fromCharCode(...Array.from({ length: n }, (_, i) => i));

test('Digester: the SipHash-2-4 reference vectors (key 00…0f), as halves, member and bucket', () => {
  const d = new Digester('000102030405060708090a0b0c0d0e0f', 7);
  const of = (s: string): [string, string, string, number] => {
    d.of(s);
    return [(d.high >>> 0).toString(16), (d.low >>> 0).toString(16), signedDecimal(d.high, d.low), d.bucket];
  };
  // 0x726fdb47dd0e0e31, 0x93f5f5799a932462, 0xa129ca6149be45e5; buckets: the low half modulo 7.
  assert.equal(of(''), ['726fdb47', 'dd0e0e31', '8246050544436514353', 0xdd0e0e31 % 7]);
  assert.equal(of(counting(8)), ['93f5f579', '9a932462', '-7785046478206851998', 0x9a932462 % 7]);
  assert.equal(of(counting(15)), ['a129ca61', '49be45e5', '-6833708440360172059', 0x49be45e5 % 7]);
});

test('Digester: a URL is digested by all its UTF-8 bytes, however many a character takes', () => {
  const d = new Digester('000102030405060708090a0b0c0d0e0f', 7);
  const member = (s: string): string => {
    d.of(s);
    return signedDecimal(d.high, d.low);
  };
  /** The member of bytes `b`, hashed as given. */
  const ofBytes = (b: Uint8Array): string => {
    d.hash(b, b.length);
    return signedDecimal(d.high, d.low);
  };
  // Two IRIs of 150 characters that differ in the last: 290 bytes of UTF-8 each, more than the
  // digester held at first (256), and the first 256 bytes the same.
  const head = `http://example.com/${'\u0436'.repeat(130)}`;
  const a = `${head}a`;
  const b = `${head}b`;
  assert.is(Buffer.byteLength(a), 150 + 130);
  assert.is(member(a), ofBytes(Buffer.from(a)));
  assert.is(member(b), ofBytes(Buffer.from(b)));
  assert.is.not(member(a), member(b));
  // After a long ASCII URL, a shorter one whose UTF-8 is longer than that one's three bytes a character.
  const ascii = `http://example.com/${'x'.repeat(400)}`;
  assert.is(member(ascii), ofBytes(Buffer.from(ascii)));
  const wide = `http://example.com/${'\u{1f600}'.repeat(300)}`;
  assert.is(member(wide), ofBytes(Buffer.from(wide)));
  assert.is(member(`${wide}!`), ofBytes(Buffer.from(`${wide}!`)));
});

test('signedDecimal: 64-bit integers from their 32-bit halves, at every split point', () => {
  const cases: Array<[number, number, string]> = [
    [0, 0, '0'],
    [0, 1, '1'],
    [0, 999_999, '999999'],
    [0, 1_000_000, '1000000'],
    [0, -1, '4294967295'],
    [1, 0, '4294967296'],
    [232, -727_379_969, '999999999999'],
    [2328, 1_316_134_912, '10000000000000'],
    [0x7fffffff, -1, '9223372036854775807'],
    [-1, -1, '-1'],
    [-1, 0, '-4294967296'],
    [-0x80000000, 0, '-9223372036854775808'],
  ];
  assert.equal(
    cases.map(([h, l]) => signedDecimal(h, l)),
    cases.map(([, , s]) => s),
  );
});

test('writeDecimal: writes at an offset and says where it ends', () => {
  const out = Buffer.alloc(32, 0x2e);
  const end = writeDecimal(-1, -2, out, 3);
  assert.is(end, 5);
  assert.is(out.toString('latin1', 0, 8), '...-2...');
  assert.is(out.toString('latin1', 0, writeDecimal(0x7fffffff, -1, out, 0)), '9223372036854775807');
});

test('DigestSet: each digest once; past its limit it starts afresh; clear forgets all', () => {
  const s = new DigestSet(3);
  assert.equal(
    [s.add(1, 2), s.add(1, 2), s.add(2, 1), s.add(0, 0), s.add(0, 0), s.add(-1, 2), s.size],
    [true, false, true, true, false, true, 1],
  );
  // Digests that share their low half (one slot) are told apart by their high half.
  const t = new DigestSet(8);
  assert.equal([t.add(5, 16), t.add(6, 16), t.add(5, 16), t.add(6, 16), t.size], [true, true, false, false, 2]);
  t.clear();
  assert.equal([t.size, t.add(5, 16)], [0, true]);
});

test.run();

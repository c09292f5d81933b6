/** RecordMemo (src/cli/stats/memo.ts), and `stats` counting the records it finds again as it counted them first. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hash, RecordMemo, sameBytes } from '../../../src/cli/lines/memo.js';
import { cli } from '../../support/cli.js';
import { Rng } from '../../support/rng.js';

const bytes = (s: string): Buffer => Buffer.from(s, 'latin1');

/** Looks `text` up, keeping `value` for it on a miss; what the lookup found. */
function lookup(m: RecordMemo<string>, text: string, value: string): string | undefined {
  const b = bytes(`..${text}..`);
  const found = m.get(b, 2, b.length - 2);
  if (found === undefined) m.set({ bytes: b, start: 2, end: b.length - 2 }, value);
  return found;
}

test('memo: a text is found again wherever its bytes lie; another text, of any length, is not', () => {
  const m = new RecordMemo<string>();
  assert.is(lookup(m, '/a/b', 'first'), undefined);
  assert.is(lookup(m, '/a/b', 'ignored'), 'first');
  assert.is(m.get(bytes('GET /a/b HTTP/1.1'), 4, 8), 'first');
  assert.is(lookup(m, '/a/c', 'other'), undefined);
  assert.is(lookup(m, '/a/b/', 'longer'), undefined);
  assert.is(lookup(m, '/a/', 'shorter'), undefined);
  assert.is(lookup(m, '', 'empty'), undefined);
  assert.is(lookup(m, '', 'x'), 'empty');
  assert.is(lookup(m, '/a/c', 'x'), 'other');
  // Bytes that are not ASCII are texts like any other.
  assert.is(lookup(m, '/caf\xe9', 'latin'), undefined);
  assert.is(lookup(m, '/caf\xc3\xa9', 'utf8'), undefined);
  assert.is(lookup(m, '/caf\xe9', 'x'), 'latin');
});

/** `sameBytes` of `a` at `i` and `b` at `j`, `n` bytes, through views of the whole buffers. */
function same(a: Uint8Array, i: number, b: Uint8Array, j: number, n: number): boolean {
  const view = (x: Uint8Array): DataView => new DataView(x.buffer, x.byteOffset, x.byteLength);
  return sameBytes(view(a), a, i, view(b), b, j, n);
}

test('memo: sameBytes says equal exactly when every byte is, eight at a time read as a float64', () => {
  const f64 = (x: number, at: number, size: number): Uint8Array => {
    const b = new Uint8Array(size);
    new DataView(b.buffer).setFloat64(at, x, true);
    return b;
  };
  // +0 and -0 are equal floats of unequal bytes (the sign bit alone), at any offset.
  assert.is(same(f64(0, 0, 8), 0, f64(-0, 0, 8), 0, 8), false);
  assert.is(same(f64(0, 3, 16), 3, f64(-0, 5, 16), 5, 8), false);
  assert.is(same(f64(-0, 1, 9), 1, f64(-0, 0, 8), 0, 8), true);
  // A NaN is unequal to itself as a float: the same bytes are equal, and NaNs of other bits are not.
  const nan = Uint8Array.of(1, 0, 0, 0, 0, 0, 0xf8, 0x7f, 9);
  const nan2 = Uint8Array.of(2, 0, 0, 0, 0, 0, 0xf8, 0x7f, 9);
  assert.is(same(nan, 0, Uint8Array.from(nan), 0, 9), true);
  assert.is(same(nan, 0, nan2, 0, 9), false);
  assert.is(same(nan, 0, nan2, 0, 0), true);
  // Every length from 0 to 40 and one byte changed at each place, at two alignments.
  const rng = new Rng(7);
  for (let n = 0; n <= 40; n++) {
    const a = Uint8Array.from({ length: n + 3 }, () => rng.int(256));
    const b = new Uint8Array(n + 5);
    b.set(a.subarray(3), 5);
    assert.is(same(a, 3, b, 5, n), true, `length ${n}`);
    for (let k = 0; k < n; k++) {
      b[5 + k]! ^= 0x80;
      assert.is(same(a, 3, b, 5, n), false, `length ${n}, byte ${k}`);
      b[5 + k]! ^= 0x80;
    }
  }
});

test('memo: set keeps a value only for the text the last lookup missed, once', () => {
  const m = new RecordMemo<string>();
  const b = bytes('/x /y');
  const x = { bytes: b, start: 0, end: 2 };
  const y = { bytes: b, start: 3, end: 5 };
  assert.is(m.get(b, 0, 2), undefined);
  // Another range than the one missed: a record the reader did not look up first.
  m.set(y, 'not /x');
  m.set({ bytes: bytes('/x /y'), start: 0, end: 2 }, 'another buffer');
  m.set(x, 'x');
  m.set(x, 'again');
  assert.is(m.get(b, 0, 2), 'x');
  m.set(x, 'after a hit');
  assert.is(m.get(b, 0, 2), 'x');
  assert.is(m.get(b, 3, 5), undefined);
  m.set(y, 'y');
  assert.is(m.get(b, 3, 5), 'y');
});

test('memo: a text longer than 1024 bytes is never kept', () => {
  const m = new RecordMemo<string>();
  const long = `/${'a'.repeat(1024)}`;
  assert.is(lookup(m, long, 'long'), undefined);
  assert.is(lookup(m, long, 'long'), undefined);
  assert.is(lookup(m, long.slice(1), 'fits'), undefined);
  assert.is(lookup(m, long.slice(1), 'x'), 'fits');
});

/** The memo's hash of a text, to make texts that share a slot. */
function slotHash(text: string): number {
  const b = Buffer.from(text, 'latin1');
  return hash(new DataView(b.buffer, b.byteOffset, b.byteLength), b, 0, b.length);
}

test('memo: its hash is MurmurHash3 (x86, 32 bits, seed 0), at any offset of any buffer', () => {
  const vectors: Array<[string, number]> = [
    ['', 0],
    ['a', 0x3c2569b2],
    ['hello', 0x248bfa47],
    ['Hello, world!', 0xc0363e43],
    ['The quick brown fox jumps over the lazy dog', 0x2e4ff723],
  ];
  for (const [text, want] of vectors) {
    // At four offsets in a buffer: the 4-byte reads fall on every alignment.
    for (const pad of [0, 1, 2, 3]) {
      const b = Buffer.from(`${'x'.repeat(pad)}${text}yz`);
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      assert.is(hash(view, b, pad, pad + text.length) >>> 0, want, `${text} at ${pad}`);
    }
  }
});

test('memo: texts that share a slot are kept up to 32 of them; a lookup compares no more', () => {
  const m = new RecordMemo<string>();
  const same: string[] = [];
  for (let i = 0; same.length < 40; i++) if ((slotHash(`/${i}`) & 32767) === 5) same.push(`/${i}`);
  for (const t of same) assert.is(lookup(m, t, t), undefined);
  for (const t of same.slice(0, 32)) assert.is(lookup(m, t, 'x'), t);
  for (const t of same.slice(32)) assert.is(lookup(m, t, t), undefined);
});

test("memo: full at 8192 texts, it starts afresh, and never answers with another text's value", () => {
  const m = new RecordMemo<string>();
  for (let i = 0; i < 8192; i++) assert.is(lookup(m, `/p/${i}`, `v${i}`), undefined);
  // Every text is found again: the hits keep it from resting when it starts afresh.
  for (let i = 0; i < 8192; i++) assert.is(lookup(m, `/p/${i}`, 'x'), `v${i}`);
  assert.is(lookup(m, '/p/8192', 'v8192'), undefined);
  assert.is(lookup(m, '/p/8192', 'x'), 'v8192');
  assert.is(lookup(m, '/p/0', 'again'), undefined);
  assert.is(lookup(m, '/p/0', 'x'), 'again');
  // Random texts over a small alphabet, many of the same length: each answer is the value kept
  // for that very text since the memo last started afresh.
  const rng = new Rng(7);
  const r = new RecordMemo<string>();
  const kept = new Map<string, string>();
  for (let i = 0; i < 60_000; i++) {
    const text =
      Array.from({ length: 1 + rng.int(6) }, () => 'ab/%'[rng.int(4)]).join('') + (rng.int(3) === 0 ? String(rng.int(20_000)) : '');
    const found = lookup(r, text, `${text}@${i}`);
    if (found === undefined) kept.set(text, `${text}@${i}`);
    else assert.is(found, kept.get(text));
    assert.ok(found === undefined || found.startsWith(`${text}@`));
  }
});

test('memo: 1 MiB of texts fills it; texts that do not repeat make it rest, then try again', () => {
  const m = new RecordMemo<string>();
  const text = (i: number): string => `/${String(i).padStart(1000, '0')}`;
  for (let i = 0; i < 1047; i++) lookup(m, text(i), `v${i}`);
  assert.is(lookup(m, text(0), 'x'), 'v0');
  // The 1048th text does not fit: afresh. Its lookups found almost nothing, so it rests.
  assert.is(lookup(m, text(1047), 'v1047'), undefined);
  assert.is(lookup(m, text(1047), 'x'), undefined);
  for (let i = 0; i < 4 * 8192 - 1; i++) assert.is(lookup(m, '/p', 'not kept'), undefined);
  assert.is(lookup(m, '/p', 'p'), undefined);
  assert.is(lookup(m, '/p', 'x'), 'p');
  assert.is(lookup(m, text(1047), 'x'), 'v1047');
});

test('memo: each time in a row its texts do not repeat, it rests twice as long, up to 524,288 lookups; asking counts', () => {
  const m = new RecordMemo<string>();
  let n = 0;
  /** Looks texts never seen up until the memo rests; then how many lookups it skips. */
  const rest = (): number => {
    for (;;) {
      if (m.rests()) {
        let k = 1;
        while (m.rests()) k++;
        return k;
      }
      lookup(m, `/u/${n++}`, 'v');
    }
  };
  assert.not.ok(m.rests());
  assert.equal(
    Array.from({ length: 6 }, () => rest()),
    [32768, 65536, 131072, 262144, 524288, 524288],
  );
  // Texts that repeat: it does not rest, and the next rest is the shortest again.
  for (let i = 0; i < 9000; i++) lookup(m, `/again/${i % 10}`, 'v');
  for (let i = 0; i < 8192; i++) lookup(m, `/u/${n++}`, 'v');
  assert.not.ok(m.rests());
  assert.is(rest(), 32768);
  // A lookup while it rests counts as one skipped.
  let k = 0;
  while (!m.rests()) lookup(m, `/u/${n++}`, 'v');
  assert.is(m.get(Buffer.from('/x'), 0, 2), undefined);
  while (m.rests()) k++;
  assert.is(k, 65536 - 2);
});

test('memo: wants says whether set would keep a value for a range', () => {
  const m = new RecordMemo<string>();
  const b = bytes('/a /b');
  assert.not.ok(m.wants({ bytes: b, start: 0, end: 2 }));
  assert.not.ok(m.rests());
  assert.is(m.get(b, 0, 2), undefined);
  assert.ok(m.wants({ bytes: b, start: 0, end: 2 }));
  assert.not.ok(m.wants({ bytes: b, start: 3, end: 5 }));
  m.set({ bytes: b, start: 3, end: 5 }, 'not kept: the last lookup missed another range');
  m.set({ bytes: b, start: 0, end: 2 }, 'a');
  assert.not.ok(m.wants({ bytes: b, start: 0, end: 2 }));
  assert.is(m.get(b, 0, 2), 'a');
  assert.is(m.get(b, 3, 5), undefined);
});

/** A log whose targets repeat in other spellings and methods, some invalid. */
const LOG = [
  'GET /a?b HTTP/1.1',
  'GET /a?b HTTP/1.1',
  'GET /bad path HTTP/1.1',
  'GET HTTP://WWW.Example.COM/x HTTP/1.1',
  'CONNECT www.example.com:443 HTTP/1.1',
  'GET www.example.com:443 HTTP/1.1',
  'OPTIONS * HTTP/1.1',
  'GET * HTTP/1.1',
  'GET /%zz HTTP/1.1',
]
  .map((r, i) => `192.0.2.1 - - [17/May/2015:10:0${i}:03 +0000] "${r}" 200 5 "${i % 2 === 0 ? 'http://R.example/p' : '-'}" "UA"\n`)
  .join('');

/** Every count in `v` times 3 (not the distinct counts, nor the timeline's start and unit). */
function times3(v: unknown): unknown {
  if (typeof v === 'number') return 3 * v;
  if (Array.isArray(v)) return v.map(times3);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'distinct' || k === 'start' || k === 'unit' ? x : times3(x)]));
}

test('stats: a log read three times over counts three times each of its counts', async () => {
  const once = JSON.parse((await cli(['stats', '--log', 'combined', '--json'], LOG)).out);
  const thrice = JSON.parse((await cli(['stats', '--log', 'combined', '--json'], LOG + LOG + LOG)).out);
  assert.equal(thrice.targets, times3(once.targets));
  assert.equal(thrice.referrers, times3(once.referrers));
  // CONNECT reads www.example.com:443 as a host and a port, GET as a scheme and a path.
  assert.equal(once.targets.forms, { origin: 2, absolute: 2, authority: 1, asterisk: 1 });
  assert.equal(once.targets.hosts.top, [{ value: 'www.example.com', count: 2 }]);
  assert.equal(thrice.targets.schemes.top, [
    { value: null, count: 12 },
    { value: 'http', count: 3 },
    { value: 'www.example.com', count: 3 },
  ]);
  assert.equal(thrice.targets.errors, { INVALID_CHAR: 3, INVALID_PERCENT_ENCODING: 3, INVALID_REQUEST_TARGET: 3 });
  assert.equal(thrice.timeline.counts, [3, 3, 3, 3, 3, 3, 3, 3, 3]);
  assert.equal(thrice.referrers.paths.top, [{ value: '/p', count: 15 }]);
});

/** `out`'s lines with each number at the start (`N:` or `N\t`) or in `"line":N` moved on by `by`. */
function shifted(out: string, by: number): string {
  return out.replace(/^(\d+)(?=[:\t])|(?<="line":)(\d+)/gm, (n) => String(Number(n) + by));
}

test('parse, validate, normalize: a record read again gives what it gave the first time, with its own line number', async () => {
  const commands = [
    ['parse', '--tsv', '--no-header', '--fields', 'line,field,href,host'],
    ['parse', '--fields', 'href,line,path'],
    ['validate'],
    ['validate', '--json'],
    ['normalize'],
    ['normalize', '--on-invalid', 'keep'],
  ];
  for (const c of commands) {
    const once = await cli([...c, '--log', 'combined', '-q'], LOG);
    const twice = await cli([...c, '--log', 'combined', '-q'], LOG + LOG);
    assert.is(twice.out, once.out + shifted(once.out, 9), c.join(' '));
    assert.is(twice.code, once.code);
  }
  const parsed = (await cli(['parse', '--log', 'combined', '--fields', 'href,line'], LOG + LOG)).out.split('\n');
  assert.equal(
    parsed.filter((l) => /"line":(1|10)}/.test(l)),
    [
      '{"href":"/a?b","line":1}',
      '{"href":"http://R.example/p","line":1}',
      '{"href":"/a?b","line":10}',
      '{"href":"http://R.example/p","line":10}',
    ],
  );
  const deduped = await cli(['normalize', '--dedupe', '--log', 'combined', '-q'], LOG + LOG);
  assert.is(deduped.out, (await cli(['normalize', '--dedupe', '--log', 'combined', '-q'], LOG)).out);
  assert.is(deduped.out, '/a?b\nhttp://r.example/p\nhttp://www.example.com/x\n//www.example.com:443\nwww.example.com:443\n*\n');
});

test.run();

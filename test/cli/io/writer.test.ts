/** The output collector (`Out`) and the writer that honours back-pressure (`BufferedWriter`). */
import { PassThrough, Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BufferedWriter, copyBytes, MAX_DIGITS, Names, Out, writeDigits, writeTabs } from '../../../src/cli/io/writer.js';

test('Out: pieces are joined into 64 KiB pieces as they come; take empties it', () => {
  const o = new Out();
  assert.equal(o.take(), []);
  o.push('a');
  o.push('bc');
  assert.is(o.size, 3);
  assert.equal(o.take(), ['abc']);
  assert.is(o.size, 0);
  const k = 'x'.repeat(1 << 15);
  o.push(k);
  o.push(k);
  o.push('tail');
  assert.equal(
    o.take().map((p) => p.length),
    [1 << 16, 4],
  );
  o.push('z');
  assert.is(o.text(), 'z');
  assert.is(o.text(), '');
});

test('Out: bytes written in place (room) and strings pushed keep their order; a full buffer is replaced, not reused', () => {
  const o = new Out();
  o.push('a');
  let buf = o.room(2);
  buf[o.at++] = 0x62;
  buf[o.at++] = 0x63;
  assert.is(o.size, 3);
  o.push('d');
  buf = o.room(1);
  buf[o.at++] = 0x65;
  const pieces = o.take();
  assert.equal(
    pieces.map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('latin1'))),
    ['a', 'bc', 'd', 'e'],
  );
  assert.is(o.size, 0);
  // A piece handed out stays as it is: the next bytes go after it, or into a new buffer.
  const held = pieces[1] as Uint8Array;
  const big = o.room(1 << 17);
  assert.ok(big.length >= 1 << 17);
  big.fill(0x78, o.at, o.at + (1 << 17));
  o.at += 1 << 17;
  assert.is(Buffer.from(held).toString('latin1'), 'bc');
  o.push('!');
  const text = o.text();
  assert.is(text.length, (1 << 17) + 1);
  assert.ok(text.endsWith('x!'));
});

test('copyBytes, writeTabs, writeDigits and Names write what they say, and no further than 7 bytes past it', () => {
  const src = Buffer.from('0123456789abcdefghijklmnopqrstuv');
  const srcWords = new DataView(src.buffer, src.byteOffset, src.length);
  const dst = new Uint8Array(48).fill(0x2e);
  const words = new DataView(dst.buffer);
  const text = (n: number) => Buffer.from(dst.subarray(0, n)).toString('latin1');
  // Eight bytes a step, reading past the range where the source has the bytes.
  assert.is(copyBytes(dst, words, 1, src, srcWords, 2, 13), 12);
  assert.is(text(12), '.23456789abc');
  // At the source's end (less than 7 bytes after the range), byte by byte: nothing is read past it.
  dst.fill(0x2e);
  assert.is(copyBytes(dst, words, 0, src, srcWords, 20, 26), 6);
  assert.is(text(14), 'klmnop........');
  dst.fill(0x2e);
  assert.is(copyBytes(dst, words, 0, src, srcWords, 27, 32), 5);
  assert.is(text(8), 'rstuv...');
  assert.is(copyBytes(dst, words, 3, src, srcWords, 4, 4), 3);
  // Bytes that read as a NaN (signalling and quiet, with payloads, either sign), -0, a denormal
  // and infinity come out as they went in.
  const odd = Buffer.from(
    '010000000000f07f' +
      '0000000000f8ff7f' +
      'efbeadde0100f8ff' +
      '0000000000000080' +
      '0100000000000000' +
      '000000000000f0ff' +
      'ffffffffffffffff' +
      '00',
    'hex',
  );
  const oddWords = new DataView(odd.buffer, odd.byteOffset, odd.length);
  for (const at of [0, 1, 3]) {
    const out = new Uint8Array(80);
    const n = copyBytes(out, new DataView(out.buffer), at, odd, oddWords, 0, odd.length - 1);
    assert.is(n, at + 56);
    assert.is(Buffer.from(out.subarray(at, n)).toString('hex'), odd.subarray(0, 56).toString('hex'), `at ${at}`);
  }
  dst.fill(0x2e);
  assert.is(writeTabs(words, 1, 5), 6);
  assert.is(text(6), '.\t\t\t\t\t');
  assert.is(writeTabs(words, 0, 0), 0);
  for (const n of [0, 7, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 33 + 5, Number.MAX_SAFE_INTEGER]) {
    dst.fill(0x2e);
    const end = writeDigits(dst, 2, n);
    assert.is(text(end + 1), `..${n}.`, String(n));
  }
  assert.is(String(Number.MAX_SAFE_INTEGER).length, MAX_DIGITS);
  const names = new Names(['target', '', 'ipv4']);
  assert.equal([...names.starts], [0, 6, 6, 10]);
  assert.is(Buffer.from(names.bytes.subarray(0, 10)).toString('latin1'), 'targetipv4');
  assert.is(names.words.byteLength, 17);
});

test('BufferedWriter: writes, waits for drain when the stream is full, and flushes an Out', async () => {
  const got: string[] = [];
  let release: (() => void) | null = null;
  const slow = new Writable({
    highWaterMark: 4,
    write(chunk, _enc, done) {
      got.push(String(chunk));
      release = done;
    },
  });
  const w = new BufferedWriter(slow);
  let resolved = false;
  const p = w.write('12345678').then(() => {
    resolved = true;
  });
  await new Promise((r) => setImmediate(r));
  assert.not.ok(resolved, 'a full stream holds the writer back');
  (release as unknown as () => void)();
  await p;
  assert.ok(resolved);
  const o = new Out();
  o.push('a');
  o.push('b');
  const f = w.flush(o);
  (release as unknown as () => void)();
  await f;
  assert.equal(got, ['12345678', 'ab']);
  assert.is(w.closed, false);
  assert.is(w.error, null);
});

test('BufferedWriter: a pipe that goes away (EPIPE) closes it quietly; another error is kept, in words', async () => {
  for (const code of ['EPIPE', 'EIO']) {
    const s = new PassThrough();
    const w = new BufferedWriter(s);
    s.emit('error', Object.assign(new Error(code), { code }));
    assert.ok(w.closed);
    assert.is(w.error?.message ?? null, code === 'EPIPE' ? null : 'an input/output error (the device failed)');
    await w.write('ignored');
    const o = new Out();
    o.push('kept');
    await w.flush(o);
    assert.is(o.size, 4, 'a closed writer takes nothing');
  }
});

test.run();

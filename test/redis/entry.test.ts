/** A shard's batch of lines (`Batch`): the entry holds each line's bytes as read, joined by "\n", with their numbers. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BATCH_BYTES, BATCH_LINES, Batch, EntryError, forEachLine, readEntry } from '../../src/cli/redis/entry.js';
import { Rng } from '../support/rng.js';

test('Batch: every line of any length, from any offset of any buffer, comes out as it went in', () => {
  const rng = new Rng(11);
  const b = new Batch(3);
  const want: string[] = [];
  // Lengths around the copy's 8-byte steps and its 256-byte switch to Buffer#copy, an empty line,
  // buffers of their own and slices of a pooled one, a line that grows the batch past 1 KiB.
  const lengths = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 255, 256, 257, 1500, 31, 64, 3];
  for (const [k, n] of lengths.entries()) {
    const line = Array.from({ length: n }, () => String.fromCharCode(0x21 + rng.int(94))).join('');
    const pad = rng.int(5);
    // The line ends exactly at the buffer's end for some, so that a copy cannot read past it.
    const buf = k % 2 === 0 ? Buffer.from(`${'#'.repeat(pad)}${line}`) : Buffer.from(`${'#'.repeat(pad)}${line}\n~~~`);
    assert.is(b.add(buf, pad, pad + n, 10 + 3 * k), false);
    want.push(line);
  }
  const e = b.take();
  assert.is(e.data.toString('latin1'), want.join('\n'));
  assert.is(e.lines, lengths.length);
  assert.is(e.first, 10);
  assert.is(e.last, 64);
  assert.is(e.numbers, `10${',3'.repeat(lengths.length - 1)}`);
  // Taken, it starts again; its buffer, grown past a batch's bytes or not, serves the next lines.
  const again = Buffer.from('xyzabc');
  b.add(again, 1, 5, 99);
  assert.is(b.take().data.toString(), 'yzab');
});

test('Batch: lines of any bytes, those that read as NaNs among them, come out as they went in', () => {
  const rng = new Rng(12);
  const b = new Batch(1);
  const want: Buffer[] = [];
  const nan = Buffer.from('010000000000f07f0000000000f8ff7fefbeadde0100f8ff', 'hex');
  for (let k = 0; k < 24; k++) {
    const pad = k % 8;
    const bytes = Array.from({ length: 40 + rng.int(60) }, () => {
      const c = rng.int(256);
      return c === 0x0a ? 0x0b : c;
    });
    const line = Buffer.concat([Buffer.from(bytes.slice(0, k)), nan, Buffer.from(bytes.slice(k))]);
    const buf = Buffer.concat([Buffer.alloc(pad, 0x23), line, Buffer.from(k % 3 === 0 ? '' : '\n~~~~~~~~')]);
    b.add(buf, pad, pad + line.length, k + 1);
    want.push(line);
  }
  assert.is(b.take().data.toString('hex'), Buffer.concat(want.flatMap((w, i) => (i === 0 ? [w] : [Buffer.from('\n'), w]))).toString('hex'));
});

test('Batch: full at BATCH_LINES lines or BATCH_BYTES bytes', () => {
  const b = new Batch(0);
  const line = Buffer.from('http://example.com/a');
  for (let i = 1; i < BATCH_LINES; i++) assert.is(b.add(line, 0, line.length, i), false);
  assert.is(b.add(line, 0, line.length, BATCH_LINES), true);
  assert.is(b.take().data.length, BATCH_LINES * (line.length + 1) - 1);
  const big = Buffer.alloc(BATCH_BYTES, 0x61);
  assert.is(b.add(big, 0, big.length, 1), true);
  const e = b.take();
  assert.is(e.data.length, BATCH_BYTES);
  assert.ok(e.data.every((c) => c === 0x61));
});

test('readEntry, forEachLine: each line of an entry with its number, empty lines too; lines and numbers that disagree are refused', () => {
  const fields = (n: string, d: string): Buffer[] => ['r', '2', 's', '7', 'n', n, 'd', d].map((x) => Buffer.from(x));
  const walked = (n: string, d: string): Array<[string, number]> => {
    const e = readEntry(1, '5-0', fields(n, d));
    const out: Array<[string, number]> = [];
    forEachLine(e, (start, end, line) => out.push([e.data.toString('latin1', start, end), line]));
    return out;
  };
  assert.equal(walked('12,3,1,40', 'a\nbc\n\nd'), [
    ['a', 12],
    ['bc', 15],
    ['', 16],
    ['d', 56],
  ]);
  assert.equal(walked('7', ''), [['', 7]]);
  assert.equal(walked('1,1', '\n'), [
    ['', 1],
    ['', 2],
  ]);
  // Differences of 15 digits and more add up as Number reads them.
  assert.equal(walked('999999999999999,1,12345678901234567', 'x\ny\nz'), [
    ['x', 999999999999999],
    ['y', 1000000000000000],
    ['z', 1000000000000000 + Number('12345678901234567')],
  ]);
  const refused = (n: string, d: string): string => {
    try {
      readEntry(1, '5-0', fields(n, d));
      return 'read';
    } catch (e) {
      return e instanceof EntryError ? e.message : String(e);
    }
  };
  assert.equal(
    [refused('1,1', 'a\nb\nc\nd'), refused('1,1,1', 'a\nb'), refused('1,x', 'a\nb')],
    [
      'it holds 4 lines and 2 line numbers',
      'it holds 2 lines and 3 line numbers',
      'its line numbers "1,x" are not numbers and differences',
    ],
  );
});

test.run();

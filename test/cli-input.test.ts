/**
 * The CLI's input at its edges: how far the line walker searches, long lines, compressed data,
 * files that change while they are read, named pipes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Finder } from '../src/cli/walker.js';
import { cli, Temp } from './support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/**
 * Runs `f` while counting the bytes that `Buffer#indexOf` looks at: from where a search starts
 * to where it finds the byte, or to the buffer's end.
 */
async function searched<T>(f: () => Promise<T>): Promise<{ result: T; bytes: number }> {
  const original = Buffer.prototype.indexOf;
  let bytes = 0;
  Buffer.prototype.indexOf = function (this: Buffer, value: never, from?: never, encoding?: never) {
    const at = original.call(this, value, from, encoding);
    const start = typeof from === 'number' ? (from < 0 ? Math.max(0, this.length + from) : from) : 0;
    bytes += (at === -1 ? this.length : at + 1) - start;
    return at;
  } as typeof original;
  try {
    return { result: await f(), bytes };
  } finally {
    Buffer.prototype.indexOf = original;
  }
}

test('searches stop at the line: lines without a quote (--log) or a tab (pairs) cost their length, not the chunk', async () => {
  // 2,000 lines of 500 bytes in one chunk: a search that ran to the chunk's end from each line
  // would look at about 2,000 × 500 KB = 1 GB.
  const lines = Array.from({ length: 2000 }, (_, i) => `${String(i).padStart(4, '0')}${'x'.repeat(495)}\n`).join('');
  assert.is(lines.length, 1_000_000);
  const log = await searched(() => cli(['stats', '--log', 'combined', '--json'], lines));
  assert.is(JSON.parse(log.result.out).lineErrors.NOT_A_LOG_LINE, 2000);
  assert.ok(log.bytes <= 4 * lines.length, `--log: ${log.bytes} bytes searched for ${lines.length} of input`);
  const pairs = await searched(() => cli(['resolve', '-q'], lines));
  assert.is(pairs.result.code, 1);
  assert.is(pairs.result.err.split('\n').length - 1, 2000);
  assert.ok(pairs.bytes <= 4 * lines.length, `pairs: ${pairs.bytes} bytes searched for ${lines.length} of input`);
  // A request without a space, in lines that hold no other space either.
  const noSpace = Array.from({ length: 2000 }, () => `h - - [t] "${'a'.repeat(480)}" 200 1\n`).join('');
  const req = await searched(() => cli(['stats', '--log', 'common', '--json'], noSpace));
  assert.is(JSON.parse(req.result.out).lineErrors.NO_REQUEST_TARGET, 2000);
  assert.ok(req.bytes <= 4 * noSpace.length, `no space: ${req.bytes} bytes searched for ${noSpace.length} of input`);
});

test('Finder: the first position of a byte in [from, end), as a bounded search gives it, whatever the order of the searches and the buffer reused', () => {
  let seed = 7;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const finder = new Finder();
  const searches = [0x22, 0x20, 0x09].map((b) => finder.search(b));
  // One buffer, its contents replaced each round, as a worker thread reuses its segment buffer.
  const bytes = Buffer.alloc(300);
  for (let round = 0; round < 200; round++) {
    for (let i = 0; i < bytes.length; i++) bytes[i] = [0x22, 0x20, 0x09, 0x61][rand(4)]!;
    finder.reset();
    for (let k = 0; k < 50; k++) {
      const search = searches[rand(3)]!;
      const byte = search.byte;
      const from = rand(bytes.length + 1);
      const end = from + rand(bytes.length - from + 1);
      let want = -1;
      for (let i = from; i < end; i++) {
        if (bytes[i] === byte) {
          want = i;
          break;
        }
      }
      assert.is(search.in(bytes, from, end), want, `round ${round}: ${byte} in [${from}, ${end})`);
    }
  }
});

test.run();

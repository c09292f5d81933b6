/** The output collector (`Out`) and the writer that honours back-pressure (`BufferedWriter`). */
import { PassThrough, Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BufferedWriter, Out } from '../../../src/cli/io/writer.js';

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

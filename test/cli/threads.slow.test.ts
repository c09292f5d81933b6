/**
 * `--threads`: the same output as one thread on multi-MB files, line numbers included; what is
 * read on one thread; how a file is cut into segments.
 */
import { closeSync, openSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AUTO_MIN_SIZE, autoThreads } from '../../src/cli/threads/pool.js';
import { readSegment } from '../../src/cli/threads/serve.js';
import { accessLog, cli, Temp, URLS } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

// ---------------------------------------------------------------------------------------------
// --threads

test('--threads 2 gives the output of one thread, line numbers included, on a multi-MB file', async () => {
  const big = tmp.file('big.log', `${accessLog(40_000)}last line without newline "`);
  assert.ok(readFileSync(big).length > 5e6);
  for (const argv of [
    ['parse', '--log', 'combined'],
    ['parse', '--log', 'combined', '--tsv', '--lenient'],
    ['validate', '--log', 'combined'],
    ['normalize', '--log', 'combined', '--dedupe', '--dedupe-limit', '1000'],
    ['stats', '--log', 'combined', '--json'],
    ['stats', '--log', 'combined', '--json', '--infer-routes'],
    ['resolve', '--log', 'combined', '--base', 'http://example.com/'],
  ]) {
    const one = await cli([...argv, big]);
    const two = await cli([...argv, '--threads', '2', big]);
    assert.is(two.out, one.out, argv.join(' '));
    // The --dedupe warning comes after the line errors of its segment rather than among them.
    const lines = (s: string): string[] => s.split('\n').sort();
    assert.equal(lines(two.err), lines(one.err), argv.join(' '));
    assert.is(two.code, one.code);
  }
  // Past --track, counts are estimates whose error depends on how the input was split: the
  // bounds hold, the values may differ from one thread's.
  const approx = JSON.parse((await cli(['stats', '--log', 'combined', '--json', '--track', '50', '--threads', '2', big])).out);
  assert.equal(approx.referrers.hosts.distinct, 37);
  assert.is(approx.targets.paths.distinct, null);
  for (const p of approx.targets.paths.top) assert.ok(p.count - p.overcount <= 20 && p.count >= 20, JSON.stringify(p));
  const plain = tmp.file(
    'urls-big.txt',
    Array.from({ length: 200_000 }, (_, i) => (i % 1000 === 999 ? 'bad url' : `http://h${i % 50}/p/${i % 5000}`)).join('\n'),
  );
  const one = await cli(['stats', plain]);
  const three = await cli(['stats', '--threads', '3', plain], '', { tty: true });
  assert.is(three.out, one.out);
  assert.ok(three.err.includes('%'));
  const pairs = tmp.file(
    'pairs.tsv',
    Array.from({ length: 60_000 }, (_, i) => `http://a/b/${i}/c\t../d${i % 7 === 0 ? ' x' : ''}`).join('\n'),
  );
  const r1 = await cli(['resolve', pairs]);
  const r2 = await cli(['resolve', '--threads', '2', pairs], '', { tty: true });
  assert.is(r2.out, r1.out);
  assert.is(r2.err.replace(/\r[^\r\n]*\x1b\[K/g, ''), r1.err);
});

test('--threads: long lines across segments are LINE_TOO_LONG as on one thread, and never held whole', async () => {
  // 8 MB in 512 KB segments: lines of 3 MB and 1.5 MB cross several; some lines just fit.
  const parts: string[] = [];
  for (let i = 0; parts.join('').length < 8e6; i++) {
    if (i % 50 === 7) parts.push(`http://a/${'l'.repeat(3e6)}\n`);
    else if (i % 50 === 31) parts.push(`http://a/${'m'.repeat(1.5e6)}\r\n`);
    else if (i % 50 === 40)
      parts.push(`http://a/${'n'.repeat((1 << 20) - 9)}\r\n`); // exactly 1 MiB
    else parts.push(`http://a/${i}${i % 9 === 0 ? ' x' : ''}\n`);
  }
  parts.push(`http://a/${'z'.repeat(2e6)}`); // a last long line without "\n"
  const path = tmp.file('long-lines.txt', parts.join(''));
  for (const argv of [
    ['validate'],
    ['parse', '--fields', 'line,path,error'],
    ['stats', '--json'],
    ['validate', '--max-line-length', '100000'],
  ]) {
    const one = await cli([...argv, path]);
    const two = await cli([...argv, '--threads', '2', path]);
    assert.is(two.out, one.out, argv.join(' '));
    assert.is(two.err, one.err, argv.join(' '));
    assert.is(two.code, one.code, argv.join(' '));
  }
  const v = (await cli(['validate', path])).out.split('\n');
  assert.ok(
    v.includes(
      '8:1048576: LINE_TOO_LONG: Line too long: more than 1048576 bytes (--max-line-length 1048576); skipped (give a larger --max-line-length, or 0 for no limit, to read it)',
    ),
  );
  assert.ok(
    v.some((l) => l.startsWith(`${parts.length}:1048576: LINE_TOO_LONG`)),
    'the last line',
  );
  assert.ok(!v.some((l) => l.startsWith('41:')), 'a line of exactly 1 MiB is read');
  // A segment reads a line that goes on past its end up to the limit and one byte, not to its "\n".
  const fd = openSync(path, 'r');
  try {
    const start = parts.slice(0, 7).join('').length; // line 8, 3 MB
    const s = readSegment(fd, readFileSync(path).length, start, start + 10, Buffer.alloc(16), 1000);
    assert.equal([s.from, s.to - s.from, s.lines], [1, 1002, 1]);
  } finally {
    closeSync(fd);
  }
});

test('--threads auto: workers only on a big file and idle processors; else one thread, as measured', async () => {
  const big = 1 << 30;
  assert.equal(
    [
      autoThreads(big, 2, 0.3),
      autoThreads(big, 2, 0.5),
      autoThreads(big, 2, 0.6),
      autoThreads(big, 2, 9),
      autoThreads(big, 4, 1.2),
      autoThreads(big, 32, 2),
    ],
    [2, 2, 1, 1, 3, 8],
  );
  assert.equal([autoThreads(AUTO_MIN_SIZE - 1, 32, 0), autoThreads(AUTO_MIN_SIZE, 32, 0), autoThreads(null, 32, 0)], [1, 8, 1]);
  // A small file: the output of one thread, and no note.
  assert.equal(await cli(['validate', '--threads', 'auto', URLS]), await cli(['validate', URLS]));
  assert.equal(await cli(['validate', '--threads', 'auto'], 'http://a b/\n'), await cli(['validate'], 'http://a b/\n'));
});

test('--threads needs a plain file: standard input and gzip are read on one thread, with a note', async () => {
  const note = 'urikit: --threads needs a plain file (not standard input or gzip data); reading on one thread\n';
  assert.equal(await cli(['validate', '--threads', '2'], 'http://a/\n'), { code: 0, out: '', err: note });
  const gz = tmp.file('t.gz', gzipSync('http://a/\n'));
  assert.equal(await cli(['validate', '--threads', '2', gz]), { code: 0, out: '', err: note });
  assert.equal(await cli(['validate', '--threads', '2', '-q', gz]), { code: 0, out: '', err: '' });
  // A small file is one segment: one thread, no note.
  assert.equal(await cli(['validate', '--threads', '4', URLS]), await cli(['validate', URLS]));
});

test('segments: each line belongs to the segment where it starts', () => {
  const data = 'aa\nbbbb\n\ncc\nlast';
  const path = tmp.file('seg.txt', data);
  const fd = openSync(path, 'r');
  try {
    const lines: string[] = [];
    let count = 0;
    for (let start = 0; start < data.length; start += 3) {
      const s = readSegment(fd, data.length, start, Math.min(data.length, start + 3), Buffer.alloc(1), 1 << 20);
      lines.push(s.buf.toString('latin1', s.from, s.to));
      count += s.lines;
    }
    assert.equal(lines, ['aa\n', 'bbbb\n', '\n', 'cc\n', 'last', '']);
    assert.is(count, 5);
    // A file shorter than its size: the complete lines, and where it ended.
    const short = readSegment(fd, data.length + 10, 0, data.length + 10, Buffer.alloc(64), 1 << 20);
    assert.equal(
      [short.buf.toString('latin1', short.from, short.to), short.lines, short.truncatedAt],
      ['aa\nbbbb\n\ncc\n', 4, data.length],
    );
    const past = readSegment(fd, data.length + 10, 12, data.length + 10, Buffer.alloc(64), 1 << 20);
    assert.equal([past.to - past.from, past.lines, past.truncatedAt], [0, 0, data.length]);
    // A file longer than its size (it grew): the last line is read on, to the file's end here.
    const grown = readSegment(fd, 8, 3, 8, Buffer.alloc(64), 1 << 20);
    assert.equal([grown.buf.toString('latin1', grown.from, grown.to), grown.truncatedAt], ['bbbb\n', -1]);
    const longer = readSegment(fd, 10, 9, 10, Buffer.alloc(64), 1 << 20);
    assert.equal([longer.buf.toString('latin1', longer.from, longer.to), longer.truncatedAt], ['cc\n', -1]);
    // Cut in the last line's extension.
    const extended = readSegment(fd, data.length + 10, 0, 13, Buffer.alloc(64), 1 << 20);
    assert.equal([extended.buf.toString('latin1', extended.from, extended.to), extended.truncatedAt], ['aa\nbbbb\n\ncc\n', data.length]);
  } finally {
    closeSync(fd);
  }
});

test.run();

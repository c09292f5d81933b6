/**
 * The CLI's input at its edges: how far the line walker searches, long lines, compressed data,
 * files that change while they are read, named pipes.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compression } from '../../src/cli/io/input.js';
import type { LineReader, Records } from '../../src/cli/lines/records.js';
import { Finder, Walker } from '../../src/cli/lines/walker.js';
import { main } from '../../src/cli/main.js';
import { LONGEST_LINE } from '../../src/cli/options/arguments.js';
import { cli, fixtures, jsonLines, type Run, Temp, URLS } from '../support/cli.js';

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

test('--max-line-length: a longer line is LINE_TOO_LONG with its line number, skipped, and the run goes on', async () => {
  const long = `http://a/${'x'.repeat(200)}`;
  const input = `http://a/1\n${long}\nhttp://a b/\n${long}\r\nhttp://a/5`;
  const want =
    '2:100: LINE_TOO_LONG: Line too long: more than 100 bytes (--max-line-length 100); skipped (give a larger --max-line-length, or 0 for no limit, to read it)\n' +
    `3:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"\n` +
    '4:100: LINE_TOO_LONG: Line too long: more than 100 bytes (--max-line-length 100); skipped (give a larger --max-line-length, or 0 for no limit, to read it)\n';
  const whole = await cli(['validate', '--max-line-length', '100'], input);
  assert.equal(whole, {
    code: 1,
    out: want,
    err: 'urikit: 3 of 5 URIs are invalid; --lenient accepts the characters that logs often hold\n',
  });
  // The same when the lines are cut anywhere by the chunks, a long line across many of them.
  for (const size of [1, 7, 64, 101, 102]) {
    const chunks: string[] = [];
    for (let i = 0; i < input.length; i += size) chunks.push(input.slice(i, i + size));
    assert.equal(await cli(['validate', '--max-line-length', '100'], chunks), whole, `chunks of ${size}`);
  }
  // A line of exactly the limit is read, its "\r\n" not counted; one more byte is too long.
  const exact = `http://a/${'y'.repeat(91)}`;
  assert.is(exact.length, 100);
  for (const size of [1, 3, 100, 101, 102, 1000]) {
    const text = `${exact}\r\n${exact}z\r\n${exact}`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
    const r = await cli(['normalize', '--max-line-length=100'], chunks);
    assert.is(r.out, `${exact}\n${exact}\n`, `chunks of ${size}`);
    assert.is(
      r.err,
      'urikit: line 2 left out: LINE_TOO_LONG at index 100: Line too long: more than 100 bytes (--max-line-length 100); skipped (give a larger --max-line-length, or 0 for no limit, to read it)\nurikit: 1 invalid URI was left out (reported above)\n',
    );
  }
  // parse and stats report it among their output; a long last line without "\n" too.
  const parsed = await cli(['parse', '--max-line-length', '100', '--fields', 'line,host'], `${long}\nhttp://h/\n${long}`);
  assert.equal(jsonLines(parsed.out), [
    {
      line: 1,
      error: {
        code: 'LINE_TOO_LONG',
        index: 100,
        message:
          'Line too long: more than 100 bytes (--max-line-length 100); skipped (give a larger --max-line-length, or 0 for no limit, to read it)',
      },
    },
    { line: 2, host: 'h' },
    {
      line: 3,
      error: {
        code: 'LINE_TOO_LONG',
        index: 100,
        message:
          'Line too long: more than 100 bytes (--max-line-length 100); skipped (give a larger --max-line-length, or 0 for no limit, to read it)',
      },
    },
  ]);
  const stats = JSON.parse((await cli(['stats', '--json', '--max-line-length', '100'], [`${long}\nhttp://h/\n`, long])).out);
  assert.equal([stats.lines, stats.lineErrors, stats.uris.uris], [3, { LINE_TOO_LONG: 2 }, 1]);
  const table = (await cli(['stats', '--max-line-length', '100'], `${long}\nhttp://h/\n`)).out;
  assert.match(table, /lines without URIs +count +share\n {2}LINE_TOO_LONG +1 +50\.0%/);
});

test('a file read in two recycled buffers: every line whole across chunk borders, a line of several chunks too', async () => {
  // Lines of many lengths (repeats among them, which the memo answers), one that ends on the
  // first chunk's last byte, and one of 2.5 MiB that spans three chunks.
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < (1 << 20) - 4096; i++) {
    const line = i % 3 === 2 ? lines[lines.length - 1]! : `http://a.example/${i}/${'x'.repeat((i * 7919) % 3000)}`;
    lines.push(line);
    size += line.length + 1;
  }
  const fill = (1 << 20) - size - 1;
  lines.push(`http://a.example/fill/${'f'.repeat(fill - 22)}`);
  lines.push(`http://a.example/big/${'b'.repeat(5 << 19)}`);
  for (let i = 0; i < 3000; i++) lines.push(`http://b.example/${i % 500}/${'y'.repeat((i * 104729) % 2000)}`);
  const text = `${lines.join('\n')}\n`;
  assert.is(text.indexOf('\n', (1 << 20) - 1), (1 << 20) - 1, "a line ends on the first chunk's last byte");
  const temp = new Temp();
  try {
    const file = temp.file('lines.txt', text);
    const r = await cli(['normalize', '--max-line-length', '0', file]);
    assert.is(r.code, 0, r.err);
    assert.is(r.out === text, true, 'the output is the input, line for line');
    const counts = await cli(['stats', '--json', '--max-line-length', '0', file]);
    const stats = JSON.parse(counts.out);
    assert.equal([stats.lines, stats.uris.uris, stats.uris.valid], [lines.length, lines.length, lines.length]);
  } finally {
    temp.remove();
  }
});

test('--max-line-length: 1 MiB by default; 0 lifts the limit; bad values are usage errors', async () => {
  const big = `http://a/${'x'.repeat(1 << 20)}`;
  const byDefault = await cli(['validate', '-q'], `${big}\nhttp://a/\n`);
  assert.is(byDefault.code, 1);
  assert.is(
    byDefault.out,
    '1:1048576: LINE_TOO_LONG: Line too long: more than 1048576 bytes (--max-line-length 1048576); skipped (give a larger --max-line-length, or 0 for no limit, to read it)\n',
  );
  assert.equal(await cli(['validate', '--max-line-length', '0'], `${big}\nhttp://a/\n`), { code: 0, out: '', err: '' });
  assert.is((await cli(['normalize', '--max-line-length', '0'], big)).out, `${big}\n`);
  for (const bad of ['-1', 'x', '1.5', '']) {
    assert.is(
      (await cli(['parse', '--max-line-length', bad])).err,
      `urikit: --max-line-length takes a whole number from 0 to ${LONGEST_LINE}, not "${bad}"\nRun "urikit parse --help" for usage.\n`,
    );
  }
});

test('Walker: a line whose output would pass the longest string is LINE_TOO_LONG; other errors go up', () => {
  const reports: string[] = [];
  const records: Records = {
    lines: 0,
    record: () => {},
    noUri: (line, _kind, code, index, message) => reports.push(`${line}:${index}: ${code}: ${message}`),
    empty: () => {},
    absent: () => {},
    pair: () => {},
  };
  const reader: LineReader = {
    read(bytes, start, end) {
      if (bytes[start] === 0x21) throw new Error('not a RangeError');
      // What building a string past the runtime's limit throws.
      if (end - start > 1 << 20) throw new RangeError('Invalid string length');
    },
  };
  const w = new Walker(reader, records, new Finder(), LONGEST_LINE);
  const big = 'a'.repeat((1 << 20) + 1);
  w.push(Buffer.from(`a\n${big}\nb\n`));
  w.end();
  assert.equal(reports, [
    `2:${(1 << 20) + 1}: LINE_TOO_LONG: Line too long: ${(1 << 20) + 1} bytes, too long for the output of this command (Invalid string length); skipped`,
  ]);
  assert.is(records.lines, 3);
  assert.throws(() => w.push(Buffer.from(`!${big}\n`)), /not a RangeError/);
  assert.throws(() => new Walker(reader, records, new Finder(), 10).walk(Buffer.from('!\n'), 0, 2, 1), /not a RangeError/);
});

/**
 * Runs main in process with an output that calls `first` when it receives its first text (the
 * --tsv header, written before any input is read): a moment to change the input file.
 */
async function withFirstWrite(argv: string[], first: () => void): Promise<Run> {
  let out = '';
  let called = false;
  const stdout = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (!called) {
        called = true;
        first();
      }
      out += chunk;
      cb();
    },
  });
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (d: Buffer) => (err += d));
  const code = await main(argv, { stdin: Readable.from(['']), stdout, stderr });
  return { code, out, err };
}

test('a file that becomes shorter while it is read: the lines before the cut, then an error, exit 2; the same on threads', async () => {
  const lines = Array.from({ length: 100_000 }, (_, i) => `http://h/${i}\n`).join('');
  const cutAt = 700_005; // in the middle of a line
  const complete = lines.slice(0, cutAt).lastIndexOf('\n') + 1;
  for (const threads of ['1', '2']) {
    const path = tmp.file(`shrinks-${threads}.txt`, lines);
    const r = await withFirstWrite(['parse', '--tsv', '--fields', 'href', '--threads', threads, path], () => truncateSync(path, cutAt));
    assert.is(r.code, 2, threads);
    assert.is(r.out, `href\n${lines.slice(0, complete)}`, `${threads}: every line before the cut, not the cut one`);
    assert.is(
      r.err,
      `urikit: "${path}" became shorter while it was read: it had ${lines.length} bytes when it was opened, and ended at byte ${cutAt} (was it truncated, as logrotate's copytruncate does?); the lines before byte ${cutAt} were read, a line cut there was left out\n`,
      threads,
    );
  }
});

test('a file that grows while it is read is read as it was opened, its cut last line completed', async () => {
  for (const threads of ['1', '2']) {
    const head = Array.from({ length: 50_000 }, (_, i) => `http://h/${i}\n`).join('');
    const path = tmp.file(`grows-${threads}.txt`, `${head}http://h/ab`);
    const r = await withFirstWrite(['parse', '--tsv', '--fields', 'href', '--threads', threads, path], () =>
      appendFileSync(path, 'cd\nhttp://h/later\n'),
    );
    assert.is(r.code, 0, threads);
    assert.is(r.out, `href\n${head}http://h/abcd\n`, threads);
    assert.is(r.err, '', threads);
  }
});

test('stats on truncated gzip data prints what it counted, then the error', async () => {
  const data = Array.from({ length: 20_000 }, (_, i) => `http://h${i % 3}/${i}\n`).join('');
  const gz = gzipSync(data);
  const path = tmp.file('cut.gz', gz.subarray(0, gz.length >> 1));
  const r = await cli(['stats', '--json', path]);
  assert.is(r.code, 2);
  const counted = JSON.parse(r.out);
  assert.ok(counted.lines > 1000 && counted.lines < 20_000, String(counted.lines));
  assert.equal(counted.uris.hosts.top.map((h: { value: string }) => h.value).sort(), ['h0', 'h1', 'h2']);
  assert.is(r.err, `urikit: cannot read "${path}": the gzip data ends early (unexpected end of file); the file may be truncated\n`);
});

test('gzip on a named pipe is found by its first bytes', async () => {
  const gz = tmp.file('urls.gz.bin', gzipSync(readFileSync(URLS)));
  const fifo = join(tmp.dir, 'pipe');
  await new Promise<void>((resolve, reject) =>
    spawn('mkfifo', [fifo], { stdio: 'ignore' })
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mkfifo exited with ${code}`))))
      .on('error', reject),
  );
  // A writer for the pipe (as <(cat x.gz) gives one), stopped by its PID if still running.
  const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', gz, fifo], { stdio: 'ignore' });
  try {
    assert.equal(await cli(['validate', fifo]), await cli(['validate', URLS]));
  } finally {
    if (writer.exitCode === null) process.kill(writer.pid!, 'SIGTERM');
  }
});

test('bzip2, xz and zstd data are refused by their first bytes, with what to do instead', async () => {
  for (const [ext, format, tool] of [
    ['bz2', 'bzip2', 'bzip2'],
    ['xz', 'xz', 'xz'],
    ['zst', 'zstd', 'zstd'],
  ] as const) {
    const data = readFileSync(join(fixtures, `urls.txt.${ext}`));
    assert.is(compression(data), format);
    // Named or not, from a file or from standard input.
    const path = join(tmp.dir, `urls-${ext}.dat`);
    copyFileSync(join(fixtures, `urls.txt.${ext}`), path);
    assert.equal(await cli(['stats', '--log', 'combined', path]), {
      code: 2,
      out: '',
      err: `urikit: cannot read "${path}": it is ${format} data (found by its first bytes), which urikit does not decompress (gzip only); decompress it first: ${tool} -dc "${path}" | urikit stats … -\n`,
    });
    assert.equal(await cli(['validate'], [data.subarray(0, 2), data.subarray(2)]), {
      code: 2,
      out: '',
      err: `urikit: cannot read standard input: it is ${format} data (found by its first bytes), which urikit does not decompress (gzip only); decompress it before it reaches urikit (${tool} -dc FILE | urikit validate …)\n`,
    });
  }
  // Text that merely starts like one is text.
  for (const text of ['BZh9 not bzip2', 'BZh', '(\u00b5/']) assert.is(compression(Buffer.from(text, 'latin1')), null, text);
  assert.is(compression(Buffer.from([0x1f, 0x8b])), 'gzip');
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

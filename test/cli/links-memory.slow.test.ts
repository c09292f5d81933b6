/**
 * `urikit links` in bounded memory, measured on the binary (peak RSS, getrusage's ru_maxrss):
 * WARC records whose gzip and brotli content decodes to 256 MiB each (decompression bombs) are
 * cut at --max-record-size; a page of a million links after its `<base href>` holds none of them,
 * and one without a `<base>` holds them packed until its end (its base is known only then).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measured, Temp } from '../support/cli.js';
import { warcResponse } from '../support/warc.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/**
 * The bound on peak RSS. Node itself takes about 45 MB; links adds a chunk of input, a chunk of
 * decoded content and zlib's windows. A run that held the decoded content (256 MiB) or the links
 * of the page (about 250 bytes each) would pass it several times over.
 */
const RSS_BOUND_MB = 160;

/**
 * The bound for a page of a million links and no `<base>`: they are held until it ends (held.ts,
 * about 11 bytes a link beside its text), then written out at once (24 MB of output).
 */
const RSS_HELD_MB = 200;

/** Runs the child over `input`; its exit code, output (lines counted, first ones kept), errors and peak RSS in MB. */
async function run(
  child: ChildProcessWithoutNullStreams,
  input: Buffer,
): Promise<{ code: number | null; lines: number; head: string; err: string; mb: number }> {
  let lines = 0;
  let head = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    if (head.length < 1000) head += d.toString();
    for (let i = d.indexOf(0x0a); i !== -1; i = d.indexOf(0x0a, i + 1)) lines++;
  });
  child.stderr.on('data', (d: Buffer) => (err += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.end(input);
  const code = await closed;
  const kb = Number(/maxrss=(\d+)/.exec(err)![1]);
  return { code, lines, head, err: err.replace(/maxrss=\d+\n/, ''), mb: Math.round(kb / 1024) };
}

/** `size` bytes of spaces through a compressor, streamed. */
function bomb(compressor: NodeJS.ReadWriteStream, size: number): Promise<Buffer> {
  const block = Buffer.alloc(1 << 20, 0x20);
  const blocks = (function* () {
    for (let n = 0; n < size; n += block.length) yield block;
  })();
  return buffer(Readable.from(blocks).pipe(compressor));
}

test(`links: gzip and brotli content of 256 MiB each is cut at --max-record-size, peak RSS under ${RSS_BOUND_MB} MB`, async () => {
  const size = 256 << 20;
  const gz = await bomb(createGzip({ level: 9 }), size);
  const br = await bomb(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }), size);
  const page = (target: string, coding: string, body: Buffer) =>
    warcResponse(target, `Content-Type: text/html\r\nContent-Encoding: ${coding}\r\n`, Buffer.concat([body]));
  const warc = Buffer.concat([
    page('http://gz.example/', 'gzip', gz),
    page('http://br.example/', 'br', br),
    warcResponse('http://ok.example/', 'Content-Type: text/html\r\n', '<a href=after>'),
  ]);
  const r = await run(measured(tmp, ['links', '--warc', '-']), warc);
  assert.is(r.code, 0);
  assert.is(r.head, 'http://ok.example/\thttp://ok.example/\thttp://ok.example/after\n');
  const cut =
    'its content decodes to more than 67108864 bytes (--max-record-size): the links of the first 67108864 were read, the rest left out';
  assert.is(
    r.err,
    `urikit: http://gz.example/: ${cut}\nurikit: http://br.example/: ${cut}\n` +
      'urikit: 1 link in 3 pages; by scheme: (relative) 1; 2 WARC records left out or cut (reported above)\n',
  );
  assert.ok(r.mb < RSS_BOUND_MB, `peak RSS ${r.mb} MB`);
  console.log(`    gzip ${gz.length} B and brotli ${br.length} B, 256 MiB each: peak RSS ${r.mb} MB (bound ${RSS_BOUND_MB} MB)`);
});

/** Reads a page of a million links `<a href="…">` from standard input, with `--base http://h/`; `first`: the first line written. */
async function millionLinks(page: Buffer, first: string, boundMb: number, what: string): Promise<void> {
  const r = await run(measured(tmp, ['links', '--base', 'http://h/', '-']), page);
  assert.is(r.code, 0);
  assert.is(r.lines, 1_000_000);
  assert.ok(r.head.startsWith(first));
  assert.is(r.err, 'urikit: 1000000 links in 1 page; by scheme: (relative) 1000000\n');
  assert.ok(r.mb < boundMb, `peak RSS ${r.mb} MB`);
  console.log(`    1,000,000 links ${what}: peak RSS ${r.mb} MB (bound ${boundMb} MB)`);
}

test(`links: a page of a million links after its <base href> holds none of them, peak RSS under ${RSS_BOUND_MB} MB`, async () => {
  const page = Buffer.from(`<base href="/b/">${'<a href="l">'.repeat(1_000_000)}`);
  await millionLinks(page, '-\thttp://h/b/\thttp://h/b/l\n', RSS_BOUND_MB, 'after a <base>');
});

test(`links: a page of a million links and no <base> holds them until it ends, peak RSS under ${RSS_HELD_MB} MB`, async () => {
  await millionLinks(Buffer.from('<a href="/l">'.repeat(1_000_000)), '-\thttp://h/\thttp://h/l\n', RSS_HELD_MB, 'and no <base>');
});

test.run();

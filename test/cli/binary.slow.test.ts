/**
 * The real binary, bin/urikit.js over dist/: the bundled sample, gzip input, exit codes, no
 * progress bar on a pipe, `--threads`, and 128 MiB piped through standard input with its peak RSS
 * under a fixed bound.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accessLog, bin, LOG, measured, root, Temp, URLS } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

// ---------------------------------------------------------------------------------------------
// the real binary

test('the binary: npm start runs stats over the bundled sample access log', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.is(pkg.scripts.start, 'node bin/urikit.js stats --log combined test/fixtures/sample/access.log');
  const out = execFileSync(process.execPath, ['bin/urikit.js', 'stats', '--log', 'combined', 'test/fixtures/sample/access.log'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.ok(out.startsWith('urikit stats: test/fixtures/sample/access.log (combined log)\n\nlines: 1000\n'));
  assert.ok(out.includes('request targets: 1000 (1000 valid, 0 invalid)'));
  assert.ok(out.includes('referrers: 800 (800 valid, 0 invalid; 200 lines with "-")'));
  assert.match(out, /top 10 hosts +count +share +\(42 distinct\)\n {2}www\.semicomplete\.com +490 +61\.3%/);
});

test('the binary ends once its work is done, even with a timer left behind (as a closed Redis cluster client can leave)', () => {
  // A preloaded module leaves an interval running, as ioredis's slot refresh does when it was
  // under way as the client closed; the run still ends, with its output and exit code.
  const leak = 'data:text/javascript,setInterval(() => {}, 2000)';
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', leak, 'bin/urikit.js', 'validate', '-'], {
    cwd: root,
    input: 'http://a/\nhttp://a b/\n',
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.is(r.signal, null, 'ended by itself, not by the deadline');
  assert.is(r.status, 1);
  assert.is(r.stdout, `2:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"\n`);
  assert.ok(Date.now() - started < 15_000);
});

test('the binary: the referrers sample, exit codes, gzip, no progress bar on a pipe', () => {
  const out = execFileSync(process.execPath, ['bin/urikit.js', 'parse', 'test/fixtures/sample/referrers.txt'], {
    cwd: root,
    encoding: 'utf8',
  });
  const lines = out.trimEnd().split('\n');
  assert.is(lines.length, 300);
  assert.is(JSON.parse(lines[0]!).host, 'semicomplete.com');
  assert.is(JSON.parse(lines[299]!).error.code, 'INVALID_CHAR');
  assert.is(bin(['nope']).status, 2);
  const v = bin(['validate', URLS]);
  assert.equal([v.status, v.stdout.split('\n').length - 1], [1, 4]);
  assert.is(bin(['validate', '--lenient', '-'], 'http://a b/\n').status, 0);
  const gz = bin(['stats', '--log', 'combined', '--json', '-'], gzipSync(readFileSync(LOG)));
  assert.is(gz.status, 0);
  assert.is(gz.stderr, '');
  assert.is(JSON.parse(gz.stdout).lines, 8);
  const big = tmp.file('bin-big.log', accessLog(30_000));
  const one = bin(['parse', '--log', 'combined', big]);
  const two = bin(['parse', '--log', 'combined', '--threads', '2', big]);
  assert.is(one.stdout.length > 1e6, true);
  assert.is(two.stdout, one.stdout);
  assert.is(two.stderr, '');
});

/**
 * The bound on the binary's peak RSS while 128 MiB (134 MB) of access log go through its standard
 * input into `stats`. Node itself takes about 45 MB; the CLI adds a chunk or two of input and its
 * bounded tables. Measured: about 60 MB on an idle machine, up to 110 MB on a loaded one (the
 * garbage collector lags behind), and the same for 400 MB of input. A CLI that held the input
 * would need Node's 45 MB plus 134 MB for the bytes alone, more than the bound.
 */
const RSS_BOUND_MB = 160;

/** Writes `blocks` to the child's standard input, honouring back-pressure, then ends it. */
async function feed(child: ChildProcessWithoutNullStreams, blocks: Iterable<Buffer>): Promise<void> {
  for (const block of blocks) {
    if (!child.stdin.write(block)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
}

test(`the binary: 128 MiB through standard input, peak RSS under ${RSS_BOUND_MB} MB`, async () => {
  const child = measured(tmp, ['stats', '--log', 'combined', '--json', '-']);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (err += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const total = 128 * 1024 * 1024;
  let sent = 0;
  let requests = 0;
  await feed(
    child,
    (function* () {
      while (sent < total) {
        const block = Buffer.from(accessLog(2000, requests));
        requests += 2000;
        sent += block.length;
        yield block;
      }
    })(),
  );
  assert.is(await closed, 0);
  const stats = JSON.parse(out);
  assert.ok(stats.lines >= requests);
  assert.is(stats.targets.uris, requests);
  const kb = Number(/maxrss=(\d+)/.exec(err)![1]);
  assert.ok(kb < RSS_BOUND_MB * 1024, `peak RSS ${Math.round(kb / 1024)} MB for ${Math.round(sent / 1e6)} MB of input`);
  console.log(`    ${Math.round(sent / 1e6)} MB through stdin: peak RSS ${Math.round(kb / 1024)} MB (bound ${RSS_BOUND_MB} MB)`);
});

test(`the binary: a 300 MB line is skipped in bounded memory (peak RSS under ${RSS_BOUND_MB} MB) and the run goes on`, async () => {
  const child = measured(tmp, ['validate', '-']);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (err += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const mb = Buffer.alloc(1 << 20, 'a');
  await feed(
    child,
    (function* () {
      yield Buffer.from('http://a/1\nhttp://a/');
      for (let i = 0; i < 300; i++) yield mb;
      yield Buffer.from('\nhttp://a b/\nhttp://a/4\n');
    })(),
  );
  assert.is(await closed, 1);
  assert.is(
    out,
    '2:1048576: LINE_TOO_LONG: Line too long: more than 1048576 bytes (--max-line-length 1048576); skipped (give a larger --max-line-length, or 0 for no limit, to read it)\n' +
      `3:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"\n`,
  );
  const kb = Number(/maxrss=(\d+)/.exec(err)![1]);
  assert.ok(kb < RSS_BOUND_MB * 1024, `peak RSS ${Math.round(kb / 1024)} MB for a 300 MB line`);
  console.log(`    a 300 MB line: peak RSS ${Math.round(kb / 1024)} MB (bound ${RSS_BOUND_MB} MB)`);
});

test(`the binary: validate /dev/zero (one endless line) reads on in bounded memory until stopped`, async () => {
  const child = measured(tmp, ['validate', '/dev/zero']);
  const closed = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
  // At the rate of a loaded machine, 2 s is some hundreds of MB of zeros.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]);
  process.kill(child.pid!, 'SIGTERM');
  assert.is(await closed, 'SIGTERM');
  assert.ok(kb < RSS_BOUND_MB * 1024, `peak RSS ${Math.round(kb / 1024)} MB after 2 s of /dev/zero`);
  console.log(`    2 s of /dev/zero: peak RSS ${Math.round(kb / 1024)} MB (bound ${RSS_BOUND_MB} MB)`);
});

test.run();

/**
 * A Redis worker in bounded memory, measured on the binary (peak RSS, getrusage's ru_maxrss):
 * entries of one long line each are read one at a time, never the eight of every shard that a
 * read takes at once, and the worker's output is the local command's, line for line.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shardOf } from '../../src/cli/redis/keys.js';
import { cli, measured, Temp } from '../support/cli.js';
import { RedisServer, spellings } from '../support/redis.js';

const tmp = new Temp();
let server: RedisServer;

/** The long lines: each one the entry of its own that publish makes of a line past 64 KiB; 8 in each shard (what a read of a shard takes). */
const SHARDS = 4;
const LONG_LINES = 8 * SHARDS;
const LONG_LINE_MB = 4;

/**
 * The bound on the worker's peak RSS. A worker that reads one entry at a time peaks at about
 * 185 MB: what a local run takes to walk one line of 4 MiB (its bytes, the line as a string, its
 * normal form, the output, with Node's own 45 MB: about 105 MB), plus ioredis, Redis's reply as
 * it is parsed and the output held until its commit. One that read the 8 entries of each of the 4
 * shards at once would hold 32 × 4 = 128 MiB of entries, and as much again of Redis's replies
 * while they are parsed, before walking the first: at least 185 + 2 × 128 = 441 MB (556 MB
 * measured with every entry read whole). The bound sits between the two, with room for the late
 * garbage collection of a loaded machine (241 MB measured inside a full test run).
 */
const RSS_BOUND_MB = 350;

test.before(async () => {
  // The 128 MiB of long lines live in the job's input, once each.
  server = await RedisServer.start({ maxmemory: '512mb', policy: 'noeviction' });
});

test.after(async () => {
  await server?.stop();
  tmp.remove();
});

/** What a run of the binary wrote: its exit code, each output line's length and SHA-256 (sorted), its report lines and peak RSS (MB). */
interface Measured {
  code: number | null;
  lines: string[];
  reports: string[];
  err: string;
  mb: number;
}

/** Runs the child to its end (killed by PID past `ms`), hashing its output line by line: the output is too big to keep. */
async function run(child: ChildProcessWithoutNullStreams, ms: number): Promise<Measured> {
  const lines: string[] = [];
  let hash: Hash = createHash('sha256');
  let length = 0;
  child.stdout.on('data', (d: Buffer) => {
    let at = 0;
    for (let nl = d.indexOf(0x0a); nl !== -1; nl = d.indexOf(0x0a, at)) {
      hash.update(d.subarray(at, nl));
      lines.push(`${length + nl - at}:${hash.digest('hex')}`);
      hash = createHash('sha256');
      length = 0;
      at = nl + 1;
    }
    hash.update(d.subarray(at));
    length += d.length - at;
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  assert.is(length, 0, 'the output ends with a newline');
  const kb = Number(/maxrss=(\d+)/.exec(err)?.[1] ?? Number.NaN);
  err = err.replace(/maxrss=\d+\n/, '');
  const reports = err
    .split('\n')
    .filter((l) => l.includes(' left out: '))
    .sort();
  return { code, lines: lines.sort(), reports, err, mb: Math.round(kb / 1024) };
}

/** The length and SHA-256 of `s`, as `run` lists them. */
const digest = (s: Buffer | string): string => `${Buffer.byteLength(s)}:${createHash('sha256').update(s).digest('hex')}`;

test(`a worker reads entries of one 4 MiB line each one at a time, not 8 of each shard at once: peak RSS under ${RSS_BOUND_MB} MB`, async () => {
  const init = await cli(['redis', 'init', '--redis', server.url, '--job', 'long', '--shards', String(SHARDS), '--quiet']);
  assert.is(init.code, 0, init.err);
  const U = `${server.url}/long`;
  // Short lines of many hosts, and between them the long lines, of one host in each shard: each an
  // upper-case spelling of its normal form.
  const hosts = Array.from({ length: SHARDS }, (_, s) => {
    let n = 0;
    while (shardOf(`long${n}.example`, SHARDS) !== s) n++;
    return `long${n}.example`;
  });
  const short = spellings(400).text.split('\n').slice(0, -1);
  const path = tmp.file('long.txt', '');
  const fd = openSync(path, 'w');
  const tail = Buffer.alloc(LONG_LINE_MB << 20, 'a');
  const expected: string[] = [];
  const every = Math.floor(short.length / LONG_LINES);
  for (let i = 0; i < LONG_LINES; i++) {
    writeSync(fd, `${short.slice(i * every, (i + 1) * every).join('\n')}\n`);
    const host = hosts[i % SHARDS]!;
    writeSync(fd, `HTTP://${host.toUpperCase()}:80/${i}/./`);
    writeSync(fd, tail);
    writeSync(fd, '\n');
    expected.push(digest(Buffer.concat([Buffer.from(`http://${host}/${i}/`), tail])));
  }
  writeSync(fd, `${short.slice(LONG_LINES * every).join('\n')}\n`);
  closeSync(fd);
  const lines = short.length + LONG_LINES;

  // Entries are at most --max-line-length long (1 MiB by default): 0 lifts the limit.
  const p = await cli(['publish', '--to', U, '--max-line-length', '0', '-q', path]);
  assert.is(p.code, 0, p.err);
  const worker = await run(measured(tmp, ['normalize', '--from', U, '--max-line-length', '0']), 120_000);
  const local = await run(measured(tmp, ['normalize', '--max-line-length', '0', path]), 120_000);
  assert.is(worker.code, 1, worker.err);
  assert.is(local.code, 1, local.err);
  // Every line: the same normal forms and reports as the local run (whose reports name the same line numbers).
  assert.is(worker.lines.length, lines - short.filter((l) => l === '' || l.startsWith('http://bad host/')).length);
  assert.equal(worker.lines, local.lines);
  assert.equal(worker.reports, local.reports);
  assert.is(worker.reports.length, short.filter((l) => l.startsWith('http://bad host/')).length);
  for (const e of expected) assert.ok(worker.lines.includes(e), 'a long line normalized');
  assert.ok(worker.mb < RSS_BOUND_MB, `peak RSS ${worker.mb} MB`);
  console.log(
    `    ${LONG_LINES} entries of a ${LONG_LINE_MB} MiB line in ${SHARDS} shards: worker peak RSS ${worker.mb} MB (bound ${RSS_BOUND_MB} MB; the local run ${local.mb} MB)`,
  );
});

test.run();

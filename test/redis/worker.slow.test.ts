/**
 * Workers (src/cli/redis/worker.ts) against a real redis-server on loopback: Ctrl-C (SIGINT) of a
 * worker commits what it runs, hands every entry it holds back to its group at once, says so and
 * exits 130; a worker and a publish stop when Redis comes to evict keys while they run; workers
 * split the shards, a dead worker's shards and pending entries go to the others, and a worker
 * that joins takes shards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import { BATCH_LINES } from '../../src/cli/redis/entry.js';
import { cli, root } from '../support/cli.js';
import { RedisServer, spellings, until } from '../support/redis.js';
import { JobNode, lines, within } from '../support/redis-job.js';

const job = new JobNode(test);

const STOPPING = (signal: string): string =>
  `urikit: normalize worker: ${signal}: stopping once the entries it runs are committed, and handing the others back to its group (another signal ends it at once)\n`;
const STOPPED = (signal: string, n: number): string =>
  `urikit: normalize worker stopped by ${signal}: ${n} entries it held went back to the normalize group, for its other workers to take at once\n`;

test('SIGINT: the worker commits what it runs, hands the entries it holds back at once, and exits 130', async () => {
  const U = await job.init('ctrl-c');
  const data = spellings(12 * BATCH_LINES);
  assert.is((await cli(['publish', '--to', U, '-q', job.tmp.file('ctrl-c.txt', data.text)])).code, 0);
  // Every entry delivered to the consumer "w1" first, as a worker that read them all would hold them.
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  let held = 0;
  try {
    for (const i of [0, 1]) {
      const key = `urikit:{ctrl-c:${i}}:in`;
      await c.xgroup('CREATE', key, 'normalize', '0', 'MKSTREAM');
      const r = (await c.xreadgroup('GROUP', 'normalize', 'w1', 'COUNT', 10_000, 'STREAMS', key, '>')) as Array<[string, unknown[]]>;
      held += r[0]![1].length;
    }
    assert.ok(held > 16, String(held));
    // w1 comes back, runs its first entries, and is stopped by Ctrl-C as it commits them.
    const err: Buffer[] = [];
    const stderr = new PassThrough();
    stderr.on('data', (b: Buffer) => err.push(b));
    const stdout = new PassThrough();
    stdout.resume();
    const code = await within(
      main(['normalize', '--from', U, '--to', U, '--consumer', 'w1', '--claim-idle', '1h', '-q'], {
        stdin: new PassThrough(),
        stdout,
        stderr,
        afterCommit: (commits) => {
          if (commits === 1) process.emit('SIGINT', 'SIGINT');
        },
      }),
      20_000,
      'the worker stopped by SIGINT',
    );
    // A round reads up to 8 entries of each shard; the rest, still held, go back.
    const acked = Math.min(8, held / 2) * 2;
    const said = Buffer.concat(err)
      .toString()
      .split('\n')
      .filter((l) => !/^urikit: line \d+ left out: /.test(l))
      .join('\n');
    assert.equal([code, said], [130, STOPPING('SIGINT') + STOPPED('SIGINT', held - acked)]);
    const pending = await Promise.all([0, 1].map((i) => c.xpending(`urikit:{ctrl-c:${i}}:in`, 'normalize', '-', '+', 1000, 'w1')));
    const idle = pending.flat().map((p) => Number((p as [string, string, number])[2]));
    assert.is(idle.length, held - acked);
    assert.ok(
      idle.every((ms) => ms >= 2 ** 40),
      String(idle),
    );
  } finally {
    c.disconnect();
  }
  // Another worker takes them at once: long before its --claim-idle (60 s) would let it.
  const next = await within(cli(['normalize', '--from', U, '--to', U, '-q']), 20_000, 'the next worker');
  assert.is(next.code, 1, next.err);
  assert.equal(lines((await cli(['redis', 'export', '--redis', U])).out).sort(), data.expected);
});

test('Ctrl-C of a worker process: exit 130 with the message', async () => {
  const U = await job.init('process');
  const run = (): { exit: Promise<[number | null, NodeJS.Signals | null, string]>; kill: (s: NodeJS.Signals) => void } => {
    const child = spawn(process.execPath, [join(root, 'bin/urikit.js'), 'normalize', '--from', U, '--to', U, '--follow', '-q'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (b: Buffer) => {
      err += b;
    });
    return {
      exit: new Promise((done) => child.once('close', (code, signal) => done([code, signal, err]))),
      kill: (s) => child.kill(s),
    };
  };
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  const joined = async (): Promise<boolean> => (await c.exists('urikit:{process:1}:in')) === 1;
  try {
    const w = run();
    await until('the worker to join its group', 20_000, joined);
    w.kill('SIGINT');
    assert.equal(await within(w.exit, 20_000, 'the worker'), [130, null, STOPPING('SIGINT') + STOPPED('SIGINT', 0)]);
  } finally {
    c.disconnect();
  }
});

/** Runs `argv` in process with an open standard input; `exit` resolves with its code and standard error. */
function running(argv: string[]): { exit: Promise<[number, string]>; stdin: PassThrough } {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  stdout.resume();
  const err: Buffer[] = [];
  const stderr = new PassThrough();
  stderr.on('data', (b: Buffer) => err.push(b));
  return { exit: main(argv, { stdin, stdout, stderr }).then((code) => [code, Buffer.concat(err).toString()]), stdin };
}

const EVICTS = (U: string, who: string): string =>
  `urikit: ${U} evicts keys when it is full since ${who} started (maxmemory-policy allkeys-lru): it can drop the job's keys (its hash, seen-sets, frontier, input not yet read) and lose lines without a word, so ${who} stops here. Set maxmemory-policy noeviction, then run it again ("urikit redis drain" names what was lost)\n`;

test('the eviction guard on the heartbeat: a worker and a publish stop when Redis comes to evict keys', async () => {
  const server = await RedisServer.start();
  try {
    const U = `${server.url}/evict`;
    assert.is((await cli(['redis', 'init', '--redis', U, '--shards', '2', '-q'])).code, 0);
    const worker = running(['normalize', '--from', U, '--to', U, '--follow', '-q']);
    const publish = running(['publish', '--to', U, '-q', '-']);
    publish.stdin.write('http://a.example/\n');
    await until(
      'the worker to commit the line',
      20_000,
      async () => (await cli(['redis', 'export', '--partial', '--redis', U])).out !== '',
    );
    assert.is(await server.command('CONFIG', 'SET', 'maxmemory-policy', 'allkeys-lru'), '+OK\r\n');
    // The worker looks every 5 s, publish on its heartbeat (every 3.3 s).
    assert.equal(await within(worker.exit, 15_000, 'the worker'), [2, EVICTS(U, 'this normalize worker')]);
    assert.equal(await within(publish.exit, 15_000, 'publish'), [2, EVICTS(U, 'this publish')]);
    publish.stdin.end();
  } finally {
    await server.stop();
  }
});

/** A worker process of its own (not quiet: it says its share), with `--follow`; `err()` is what it wrote so far. */
function follower(U: string, consumer: string): { proc: ChildProcess; err: () => string; exit: Promise<[number | null, string]> } {
  const proc = spawn(
    process.execPath,
    [join(root, 'bin/urikit.js'), 'normalize', '--from', U, '--to', U, '--follow', '--consumer', consumer, '--claim-idle', '1s'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  proc.stderr!.on('data', (b: Buffer) => {
    err += b;
  });
  return { proc, err: () => err, exit: new Promise((done) => proc.once('close', (code) => done([code, err]))) };
}

/** The last share a worker said it reads, and of how many running workers: [shards, workers], or null before it said one. */
function lastShare(err: string, consumer: string): [number[], number] | null {
  const said = [
    ...err.matchAll(
      new RegExp(
        `^urikit: normalize worker ${consumer}: reads the new entries of (?:no shard|shards ([\\d, -]+)) \\(\\d+ of \\d+; (\\d+) normalize workers? running\\)$`,
        'gm',
      ),
    ),
  ].at(-1);
  if (said === undefined) return null;
  const shards = (said[1] ?? '')
    .split(', ')
    .filter((r) => r !== '')
    .flatMap((r) => {
      const [a, b = a] = r.split('-').map(Number);
      return Array.from({ length: b! - a! + 1 }, (_, i) => a! + i);
    });
  return [shards, Number(said[2])];
}

/** Asserts that two workers' shares split 16 shards in halves. */
function halves(x: number[], y: number[]): void {
  assert.equal([x.length, y.length], [8, 8]);
  assert.equal(
    [...x, ...y].sort((p, q) => p - q),
    Array.from({ length: 16 }, (_, i) => i),
  );
}

test('shares: two workers split the shards; one killed, the other takes its shards and entries; a third takes shards', async () => {
  const U = await job.init('split', 16);
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  const workers: Array<ReturnType<typeof follower>> = [];
  const shareOf = (w: number, name: string): [number[], number] | null => lastShare(workers[w]!.err(), name);
  try {
    workers.push(follower(U, 'A'), follower(U, 'B'));
    await until('A and B to split the shards', 30_000, () => shareOf(0, 'A')?.[1] === 2 && shareOf(1, 'B')?.[1] === 2);
    const [a, b] = [shareOf(0, 'A')![0], shareOf(1, 'B')![0]];
    halves(a, b);
    // A stops (as a hung process), the input comes, and A holds entries of its shards when it dies.
    workers[0]!.proc.kill('SIGSTOP');
    const first = spellings(10_000, 3);
    assert.is((await cli(['publish', '--to', U, '-q', job.tmp.file('split-1.txt', first.text)])).code, 0);
    let held = 0;
    for (const i of a) {
      const key = `urikit:{split:${i}}:in`;
      const r = (await c.xreadgroup('GROUP', 'normalize', 'A', 'COUNT', 2, 'STREAMS', key, '>')) as Array<[string, unknown[]]> | null;
      held += r?.[0]?.[1].length ?? 0;
    }
    assert.ok(held > 0, 'A holds no entries');
    workers[0]!.proc.kill('SIGKILL');
    // B takes A's shards once A's heartbeat runs out, and A's entries once idle past --claim-idle.
    await until('B to take every shard', 30_000, () => shareOf(1, 'B')?.[0].length === 16 && shareOf(1, 'B')?.[1] === 1);
    const pendingOf = async (consumer: string): Promise<number> => {
      let n = 0;
      for (let i = 0; i < 16; i++)
        n += ((await c.xpending(`urikit:{split:${i}}:in`, 'normalize', '-', '+', 1000, consumer)) as unknown[]).length;
      return n;
    };
    const drained = await cli(['redis', 'drain', '--redis', U, '--timeout', '60s']);
    assert.is(drained.code, 0, drained.err);
    assert.is(await pendingOf('A'), 0);
    assert.equal(lines((await cli(['redis', 'export', '--redis', U])).out).sort(), first.expected);
    // C joins: B gives it shards. With B stopped, what the frontier gains is C's work.
    workers.push(follower(U, 'C'));
    await until('B and C to split the shards', 30_000, () => shareOf(1, 'B')?.[1] === 2 && shareOf(2, 'C')?.[1] === 2);
    const [b2, c2] = [shareOf(1, 'B')![0], shareOf(2, 'C')![0]];
    halves(b2, c2);
    const committed = async (): Promise<number> => {
      let n = 0;
      for (const i of c2) n += await c.xlen(`urikit:{split:${i}}:frontier`);
      return n;
    };
    const before = await committed();
    workers[1]!.proc.kill('SIGSTOP');
    // The same URLs and more: those past the first input's are new.
    const second = spellings(14_000, 4);
    assert.is((await cli(['publish', '--to', U, '-q', job.tmp.file('split-2.txt', second.text)])).code, 0);
    await until('C to commit entries of its shards', 30_000, async () => (await committed()) > before);
    workers[1]!.proc.kill('SIGCONT');
    assert.is((await cli(['redis', 'drain', '--redis', U, '--timeout', '60s'])).code, 0);
    assert.equal(lines((await cli(['redis', 'export', '--redis', U])).out).sort(), second.expected);
    for (const w of workers.slice(1)) w.proc.kill('SIGINT');
    for (const w of workers.slice(1)) assert.is((await within(w.exit, 20_000, 'a worker stopped by SIGINT'))[0], 130);
  } finally {
    for (const w of workers) if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill('SIGKILL');
    c.disconnect();
  }
});

test.run();

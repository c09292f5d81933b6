/**
 * Workers (src/cli/redis/worker.ts) against a real redis-server on loopback: Ctrl-C (SIGINT) of a
 * worker commits what it runs, hands every entry it holds back to its group at once, says so and
 * exits 130; a worker and a publish stop when Redis comes to evict keys while they run.
 */
import { spawn } from 'node:child_process';
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

test.run();

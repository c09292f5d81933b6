/**
 * publish (src/cli/redis/publish.ts) against a real redis-server on loopback: a file published
 * again instead of resumed is refused, naming the first run, unless --again (a second pass,
 * which status and drain name); a stream's run whose entries Redis lost is closed as failed, and
 * drain ends naming their lines, with no --resume that a stream's run would refuse; a stream's
 * run whose publisher is gone (SIGKILL, or paused past its heartbeat) is closed as abandoned by
 * drain, which ends with exit 3 naming what the job holds of it and what can be done.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import { shardOf } from '../../src/cli/redis/keys.js';
import { cli, root } from '../support/cli.js';
import { RedisServer, until } from '../support/redis.js';
import { JobNode, watch, within } from '../support/redis-job.js';

const job = new JobNode(test);

test('the same file published twice: refused, naming the first run, unless --again; an edited file is another input', async () => {
  const U = await job.init('twice');
  const text = 'http://a.example/1\nhttp://b.example/2\nhttp://c.example/3\n';
  const file = job.tmp.file('twice.txt', text);
  assert.is((await cli(['publish', '--to', U, '-q', file])).code, 0);
  const again = await cli(['publish', '--to', U, file]);
  assert.equal(
    [again.code, again.err],
    [
      2,
      `urikit: run 1 of ${U} published this input already (${file}: ${text.length} bytes, the same first and last 64 KiB), and a second run would count each of its lines twice. "urikit publish --to ${U} --resume 1 ${file}" finishes that run if it stopped; --again publishes it a second time\n`,
    ],
  );
  // The same bytes under another name are the same input; one byte changed is another.
  const copy = job.tmp.file('copy.txt', text);
  assert.is((await cli(['publish', '--to', U, '-q', copy])).code, 2);
  const edited = job.tmp.file('edited.txt', text.replace('/3', '/4'));
  const other = await cli(['publish', '--to', U, edited]);
  assert.equal([other.code, other.err.split('\n')[0]], [0, `urikit: publish run 2 to ${U}`]);
  const second = await cli(['publish', '--to', U, '--again', file]);
  assert.equal([second.code, second.err.split('\n')[0]], [0, `urikit: publish run 3 to ${U}, a second pass of run 1's input (--again)`]);
  const both = await cli(['publish', '--to', U, '--again', '--resume', '1', file]);
  assert.equal(
    [both.code, both.err],
    [2, 'urikit: --again starts a new run, and --resume finishes one: give one of them\nRun "urikit publish --help" for usage.\n'],
  );
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  const status = await cli(['redis', 'status', '--redis', U]);
  assert.match(
    status.out,
    "\n  run 1: 3 lines in 2 entries\n  run 2: 3 lines in 2 entries\n  run 3: 3 lines in 2 entries, a second pass of run 1's input\n",
  );
  const runs = JSON.parse((await cli(['redis', 'status', '--redis', U, '--json'])).out).runs;
  assert.equal(runs['3'], { lines: 3, entries: 2, finished: true, running: false, secondPassOf: 1 });
  const drained = await cli(['redis', 'drain', '--redis', U, '--timeout', '10s']);
  assert.equal(
    [drained.code, drained.err],
    [
      0,
      `urikit: redis drain: ${U} is done: 9 lines published (run 3 a second pass of run 1's input), all committed by normalize; 4 URLs in the frontier; 0 dead letters\n`,
    ],
  );
});

test('each line goes to the shard of its host: after a userinfo (its last "@"), before a port, an IP literal with its brackets', async () => {
  const U = await job.init('hosts', 16);
  const lines = [
    'http://Example.COM:8080/a',
    'http://user:pw@example.com/b',
    'http://a:b@c:d@Example.com:1/c',
    'http://u@[::1]:80/d',
    '//host.example:81?e',
    'HTTP://HOST.EXAMPLE#f',
    'mailto:u@example.com',
    'http://:80/g',
  ];
  const hosts = ['example.com', 'example.com', 'example.com', '[::1]', 'host.example', 'host.example', null, null];
  assert.is((await cli(['publish', '--to', U, '-q', job.tmp.file('hosts.txt', `${lines.join('\n')}\n`)])).code, 0);
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    const found = new Map<string, number>();
    for (let i = 0; i < 16; i++)
      for (const [, f] of await c.xrange(`urikit:{hosts:${i}}:in`, '-', '+'))
        for (const l of f[f.indexOf('d') + 1]!.split('\n')) found.set(l, i);
    assert.equal(
      lines.map((l) => found.get(l)),
      lines.map((l, k) => shardOf(hosts[k] ?? l, 16)),
    );
  } finally {
    c.disconnect();
  }
});

test('a stream whose entries Redis lost (a restart from an older snapshot): its run closes as failed, drain ends naming the lines', async () => {
  // No append-only file: a restart reads the snapshot taken by SAVE below.
  const server = await RedisServer.start();
  try {
    const U = `${server.url}/lost`;
    assert.is((await cli(['redis', 'init', '--redis', U, '--shards', '1', '-q'])).code, 0);
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    stdout.resume();
    const errs: Buffer[] = [];
    const stderr = new PassThrough();
    stderr.on('data', (b: Buffer) => errs.push(b));
    const said = (): string => Buffer.concat(errs).toString();
    const producing = main(['publish', '--to', U, '-'], { stdin, stdout, stderr });
    const written = async (n: number): Promise<boolean> =>
      JSON.parse((await cli(['redis', 'status', '--redis', U, '--json'])).out).runs['1']?.lines === n;
    try {
      stdin.write('http://a.example/1\nhttp://a.example/2\n');
      await until('entry 1 in Redis', 10_000, () => written(2));
      assert.is(await server.command('SAVE'), '+OK\r\n');
      stdin.write('http://a.example/3\nhttp://a.example/4\n');
      await until('entry 2 in Redis', 10_000, () => written(4));
      await server.kill();
      await server.restart();
      stdin.write('http://a.example/5\nhttp://a.example/6\n');
      await until('publish to find the gap', 20_000, () => said().includes('Redis lost entries'));
    } finally {
      stdin.end();
    }
    assert.is(await within(producing, 20_000, 'publish'), 3);
    assert.is(
      said().replace(/^urikit: note: .*\n/gm, ''),
      `urikit: publish run 1 to ${U}\nurikit: publish: Redis lost entries 2–2 of shard 0 (its lines after line 2 and before line 5) after it had acknowledged them (a failover or a restart); a stream cannot be read again: drain will name their lines\nurikit: publish run 1: Redis lost 1 entries of ${U} after it had acknowledged them (a failover or a restart), and a stream cannot be read again: the run is closed as failed, and "urikit redis drain" names their lines\n`,
    );
    // The input is closed: a worker ends, and drain with it.
    const worker = await within(cli(['normalize', '--from', U, '--to', U, '-q']), 20_000, 'the worker');
    assert.is(worker.code, 0, worker.err);
    const drained = await within(cli(['redis', 'drain', '--redis', U, '--timeout', '20s']), 30_000, 'drain');
    assert.equal(
      [drained.code, drained.err],
      [
        3,
        `urikit: redis drain: ${U}: shard 0, run 1: entry 2 (lines 3–4 of the input, those of shard 0): Redis lost them after publish wrote them (a failover or a restart), and the run read a stream, which cannot be read again: these lines are not in the job\nurikit: redis drain: ${U} is done, but not complete: 1 ranges of entries (within 2 lines of the input) and 0 other problems above\n`,
      ],
    );
    assert.not.match(said() + drained.err, /--resume/);
  } finally {
    await server.stop();
  }
});

test('a stream publish killed before its end: the workers, waiting past --redis-timeout, offer no --resume', async () => {
  const U = await job.init('killed', 1);
  const child = spawn(process.execPath, [join(root, 'bin/urikit.js'), 'publish', '--to', U, '-q', '-'], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  try {
    child.stdin!.write('http://a.example/1\n');
    await until(
      'the line in Redis',
      10_000,
      async () => JSON.parse((await cli(['redis', 'status', '--redis', U, '--json'])).out).runs['1']?.lines === 1,
    );
  } finally {
    child.kill('SIGKILL');
    await closed;
  }
  // Its heartbeat runs out after 10 s; the worker then waits --redis-timeout (1 s) more.
  const worker = await within(cli(['normalize', '--from', U, '--to', U, '--redis-timeout', '1s', '-q']), 30_000, 'the worker');
  assert.equal(
    [worker.code, worker.err],
    [
      2,
      `urikit: publish run 1 of ${U} stopped before its end, and no publish ran for 1 s (--redis-timeout): the input cannot close. It read a stream, which cannot be read again, so no --resume can finish it; "urikit redis status" shows the lines it wrote\n`,
    ],
  );
});

/** A stream publish of job `U` (1 shard) as a process of its own, with `lines` written and in Redis, recorded as sent by a heartbeat. */
async function streaming(
  U: string,
  name: string,
  text: string,
  lines: number,
): Promise<{ child: ReturnType<typeof spawn>; exit: Promise<[number | null, string]> }> {
  const child = spawn(process.execPath, [join(root, 'bin/urikit.js'), 'publish', '--to', U, '-q', '-'], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const err: Buffer[] = [];
  child.stderr!.on('data', (b: Buffer) => err.push(b));
  const exit = new Promise<[number | null, string]>((done) => child.once('close', (code) => done([code, Buffer.concat(err).toString()])));
  child.stdin!.write(text);
  const redis = watch(job.server.port);
  try {
    // The heartbeat (every 3.3 s) records the line up to which the input is all in Redis.
    await until(
      `${name}: the lines in Redis, recorded by a heartbeat`,
      20_000,
      async () => (await redis.hget(`urikit:{${name}}`, 'run:1:sent')) === String(lines),
    );
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  } finally {
    redis.disconnect();
  }
  return { child, exit };
}

/** What drain says of job `U`'s run 1, a stream of `lines` lines in one entry, abandoned. */
const abandonedRun = (U: string, lines: number): string =>
  `urikit: redis drain: ${U}: publish run 1 read a stream and stopped before its end (its publisher's heartbeat ran out: killed, or cut off from Redis), and was closed as abandoned: the job holds the ${lines} lines it sent, in 1 entry (up to line ${lines} of its input); lines 1–${lines} of its input are all in the job, and the lines it read after them and had not sent are not, nor is the rest of its input. A stream's run cannot be resumed: publish its input from line ${lines + 1} on as a new run (tail -n +${lines + 1} FILE | urikit publish --to ${U} -), whose lines that this run sent too count twice in stats but once in the frontier, or the whole input to a new job\nurikit: redis drain: ${U} is done, but not complete: 0 ranges of entries (within 0 lines of the input) and 1 other problems above\n`;

test('a stream publish killed (SIGKILL): drain closes its run as abandoned, ends with exit 3 naming what the job holds and what can be done', async () => {
  const U = await job.init('abandoned', 1);
  const { child, exit } = await streaming(U, 'abandoned', 'http://a.example/1\nhttp://b.example/2\n', 2);
  child.kill('SIGKILL');
  await within(exit, 10_000, 'the killed publish');
  // Its heartbeat runs out within 10 s; then drain closes the run, the worker ends, and drain accounts.
  const [drained, worker] = await Promise.all([
    within(cli(['redis', 'drain', '--redis', U, '--timeout', '40s', '-q']), 60_000, 'drain'),
    within(cli(['normalize', '--from', U, '--to', U, '-q']), 60_000, 'the worker'),
  ]);
  assert.equal([drained.code, drained.err], [3, abandonedRun(U, 2)]);
  assert.equal([worker.code, worker.err], [0, '']);
  const status = await cli(['redis', 'status', '--redis', U]);
  assert.match(
    status.out,
    `\n  run 1: 2 lines in 1 entries (a stream, abandoned: its publisher stopped before its end; "urikit redis drain" names what the job holds of it)\n`,
  );
  assert.equal(JSON.parse((await cli(['redis', 'status', '--redis', U, '--json'])).out).runs['1'], {
    lines: 2,
    entries: 1,
    finished: true,
    running: false,
    abandoned: true,
  });
  // Its lines are in the frontier; drain says the same again.
  assert.equal((await cli(['redis', 'export', '--redis', U, '--partial'])).out.split('\n').sort(), [
    '',
    'http://a.example/1',
    'http://b.example/2',
  ]);
  const again = await within(cli(['redis', 'drain', '--redis', U, '--timeout', '10s', '-q']), 20_000, 'drain again');
  assert.equal([again.code, again.err], [3, abandonedRun(U, 2)]);
});

test('a stream publish paused past its heartbeat: status closes its run as abandoned, and the publisher, let go on, stops with exit 2', async () => {
  const U = await job.init('paused', 1);
  const { child, exit } = await streaming(U, 'paused', 'http://a.example/1\n', 1);
  child.kill('SIGSTOP');
  try {
    await until(
      'the run closed as abandoned by status',
      30_000,
      async () => {
        const s = await cli(['redis', 'status', '--redis', U, '--json']);
        return JSON.parse(s.out).runs['1'].abandoned === true;
      },
      500,
    );
  } finally {
    child.kill('SIGCONT');
  }
  child.stdin!.write('http://c.example/3\n');
  assert.equal(await within(exit, 20_000, 'the publisher let go on'), [
    2,
    `urikit: publish run 1 of ${U} was closed as abandoned while it ran: its heartbeat had not reached Redis for 10 s (the process paused, or cut off from Redis), and "urikit redis drain" or "status" took its publisher for gone. "urikit redis drain" names the lines of the input that the job holds\n`,
  ]);
  assert.is((await within(cli(['normalize', '--from', U, '--to', U, '-q']), 30_000, 'the worker')).code, 0);
  const drained = await within(cli(['redis', 'drain', '--redis', U, '--timeout', '10s', '-q']), 20_000, 'drain');
  assert.equal([drained.code, drained.err], [3, abandonedRun(U, 1).replace('the 1 lines', 'the 1 line')]);
});

test.run();

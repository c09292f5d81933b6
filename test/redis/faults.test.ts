/**
 * Faults, end to end, with the real CLI (bin/urikit.js, each worker a process of its own) on
 * 120 k generated URLs, each distinct URL in two spellings, against real servers on loopback:
 *
 * 1. a 3-master Redis Cluster, two normalize workers, one killed (SIGKILL) at ~30% of the frontier;
 * 2. a single node, a worker that dies right after a commit and before its XACK (started through
 *    test/support/crash-after-commit.ts, which gives the CLI that hook);
 * 3. a single node with an append-only file (appendfsync always), killed (SIGKILL) at ~30% and
 *    started again while the workers run.
 *
 * Each time the frontier holds every distinct normal form exactly once, `status` shows no lag and
 * nothing pending, and `stats --from … --report` equals the local `stats` of the same file. Every
 * wait has a deadline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Cluster, Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root, Temp } from '../support/cli.js';
import { RedisCluster, RedisServer, spellings, until } from '../support/redis.js';

const DISTINCT = 60_000;
const SHARDS = 12;
const data = spellings(DISTINCT, 7);
const tmp = new Temp();
const file = tmp.file('urls.txt', data.text);
const running = new Set<ChildProcess>();

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** The CLI whose Redis worker kills itself after its N-th commit: `node CRASH_AFTER_COMMIT N ARGS…`. */
const CRASH_AFTER_COMMIT = fileURLToPath(new URL('../support/crash-after-commit.js', import.meta.url));

/** Starts the CLI (`bin/urikit.js`, or `cli`) as a process of its own. */
function start(args: string[], cli: string[] = ['bin/urikit.js']): { proc: ChildProcess; exit: Promise<Exit> } {
  const proc = spawn(process.execPath, [...cli, ...args], { cwd: root });
  running.add(proc);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  proc.stdout!.on('data', (b: Buffer) => out.push(b));
  proc.stderr!.on('data', (b: Buffer) => err.push(b));
  const exit = new Promise<Exit>((resolve) => {
    proc.once('close', (code, signal) => {
      running.delete(proc);
      resolve({ code, signal, out: Buffer.concat(out).toString(), err: Buffer.concat(err).toString() });
    });
  });
  return { proc, exit };
}

/** Runs the CLI to its end, within `ms`. */
async function run(args: string[], ms = 60_000): Promise<Exit> {
  const p = start(args);
  return within(p.exit, ms, args.join(' '));
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]);
}

test.after(() => {
  for (const p of running) p.kill('SIGKILL');
  tmp.remove();
});

/** The local stats of the file: the JSON and the table without its title. */
let local: { json: string; table: string };

test.before(async () => {
  const [json, table] = await Promise.all([
    run(['stats', '--json', '--track', '1000000', file]),
    run(['stats', '--track', '1000000', file]),
  ]);
  local = { json: json.out, table: table.out.slice(table.out.indexOf('\n')) };
});

/** The number of URLs in the job's frontier. */
async function frontier(client: Redis | Cluster, job: string): Promise<number> {
  const counts = await Promise.all(Array.from({ length: SHARDS }, (_, i) => client.hget(`urikit:{${job}:${i}}:counts`, ':urls')));
  return counts.reduce((a, n) => a + Number(n ?? 0), 0);
}

/** Creates the job and publishes the file to it. */
async function prepare(U: string): Promise<void> {
  const init = await run(['redis', 'init', '--redis', U, '--shards', String(SHARDS), '-q']);
  assert.is(init.code, 0, init.err);
  const p = await run(['publish', '--to', U, file]);
  assert.is(p.code, 0, p.err);
  assert.match(p.err, new RegExp(`^urikit: published ${data.lines} lines in \\d+ entries to `));
}

/** Two normalize workers (the first started as `first`) and a stats worker. */
function workers(U: string, first?: string[]): Array<{ proc: ChildProcess; exit: Promise<Exit> }> {
  const w = ['normalize', '--from', U, '--to', U, '--claim-idle', '1s', '-q'];
  return [start(w, first), start(w), start(['stats', '--from', U, '--claim-idle', '1s', '-q'])];
}

/** The frontier holds every distinct normal form once; no lag, nothing pending; the report is the local stats. */
async function verify(U: string): Promise<void> {
  const exported = await run(['redis', 'export', '--redis', U]);
  const urls = exported.out.split('\n');
  assert.is(urls.pop(), '');
  assert.is(urls.length, DISTINCT);
  assert.ok(urls.sort().every((u, i) => u === data.expected[i]));
  const status = JSON.parse((await run(['redis', 'status', '--redis', U, '--json'])).out);
  assert.equal(
    [status.closed, status.urls, status.dead, status.groups],
    [true, DISTINCT, 0, { normalize: { lag: 0, pending: 0 }, stats: { lag: 0, pending: 0 } }],
  );
  const [json, table] = await Promise.all([
    run(['stats', '--from', U, '--report', '--json', '--track', '1000000']),
    run(['stats', '--from', U, '--report', '--track', '1000000']),
  ]);
  assert.is(json.out, local.json);
  assert.is(table.out.slice(table.out.indexOf('\n')), local.table);
}

test('a 3-master cluster: two workers, one killed (SIGKILL) at ~30%; the other claims its entries', async () => {
  const cluster = await RedisCluster.start(3);
  const client = new Cluster([{ host: '127.0.0.1', port: cluster.nodes[0]!.port }]);
  try {
    const U = `${cluster.url}/killed`;
    await prepare(U);
    const [a, b, s] = workers(U);
    await until('30% of the frontier', 60_000, async () => (await frontier(client, 'killed')) >= 0.3 * DISTINCT);
    a!.proc.kill('SIGKILL');
    const atKill = await frontier(client, 'killed');
    const [ea, eb, es] = await within(Promise.all([a!.exit, b!.exit, s!.exit]), 120_000, 'the workers');
    assert.is(ea.signal, 'SIGKILL');
    assert.ok(atKill < DISTINCT, `the frontier was full (${atKill}) when the worker was killed`);
    assert.ok(eb.code === 0 || eb.code === 1, eb.err);
    assert.equal([es.code, es.err], [0, '']);
    await verify(U);
  } finally {
    client.disconnect();
    await cluster.stop();
  }
});

test('a worker that dies right after a commit, before its XACK: its committed entries run again, the frontier holds each URL once', async () => {
  const server = await RedisServer.start();
  try {
    const U = `${server.url}/uncommitted`;
    await prepare(U);
    const [a, b, s] = workers(U, [CRASH_AFTER_COMMIT, '3']);
    const [ea, eb, es] = await within(Promise.all([a!.exit, b!.exit, s!.exit]), 120_000, 'the workers');
    assert.is(ea.signal, 'SIGKILL');
    assert.ok(eb.code === 0 || eb.code === 1, eb.err);
    assert.equal([es.code, es.err], [0, '']);
    await verify(U);
  } finally {
    await server.stop();
  }
});

test('a node with appendfsync always killed (SIGKILL) at ~30% and started again: the workers carry on', async () => {
  const server = await RedisServer.start({ appendfsync: 'always' });
  const client = new Redis({ host: '127.0.0.1', port: server.port, maxRetriesPerRequest: null });
  client.on('error', () => {});
  try {
    const U = `${server.url}/restarted`;
    await prepare(U);
    const [a, b, s] = workers(U);
    await until('30% of the frontier', 60_000, async () => (await frontier(client, 'restarted')) >= 0.3 * DISTINCT);
    await server.kill();
    await new Promise((r) => setTimeout(r, 500));
    await server.restart();
    const [ea, eb, es] = await within(Promise.all([a!.exit, b!.exit, s!.exit]), 120_000, 'the workers');
    for (const e of [ea, eb]) assert.ok(e.code === 0 || e.code === 1, e.err);
    assert.equal([es.code, es.err], [0, '']);
    await verify(U);
  } finally {
    client.disconnect();
    await server.stop();
  }
});

test.run();

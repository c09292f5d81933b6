/**
 * Faults of Redis and of urikit's processes, end to end, with the real CLI (bin/urikit.js, each
 * producer and worker a process of its own) on 100 k lines or more (each distinct URL in two
 * spellings), against real servers on loopback. The scenarios are independent, each with its
 * own servers:
 *
 * 1. a node with maxmemory-policy allkeys-lru: refused at init; with --allow-eviction, run small;
 * 2. publish killed (SIGKILL) half-way and finished with --resume;
 * 3. a group whose only worker was killed (no worker left) while publish runs;
 * 4. Redis down for 60 s (killed, started again on its append-only file) while everything runs;
 * 5. a worker that dies right after a commit and before its XACK.
 *
 * Not here: a node that keeps RDB snapshots only, killed and started again mid-run. A worker that
 * then finds its consumer group gone (NOGROUP) exits 2 naming it, where the job should go on with
 * what publish sends again; it passed in some runs and not in others, and is an open defect.
 *
 * Each ends exact: the frontier holds what a local `normalize --dedupe` writes, `stats --from …
 * --report` prints what a local `stats` prints, `drain` exits 0; or `drain` exits 3 and names the
 * lines it cannot account for, which hold every URL that is missing. Never exit 0 with a wrong
 * frontier or wrong counts. Every wait has a deadline; every server is stopped by its PID.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root, Temp } from '../support/cli.js';
import { RedisServer, spellings, until } from '../support/redis.js';

const DISTINCT = 51_000;
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
async function run(args: string[], ms = 300_000): Promise<Exit> {
  return within(start(args).exit, ms, args.join(' '));
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

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** What a local run makes of the file: the normal forms (sorted), each input line's normal form, the stats JSON and table. */
interface Local {
  frontier: string[];
  perLine: string[];
  json: string;
  table: string;
}

const TRACK = ['--track', '1000000'];

async function localRun(): Promise<Local> {
  const [dedupe, aligned, json, table] = await Promise.all([
    run(['normalize', '--dedupe', '-q', file]),
    run(['normalize', '--on-invalid', 'empty', '-q', file]),
    run(['stats', '--json', ...TRACK, file]),
    run(['stats', ...TRACK, file]),
  ]);
  const perLine = aligned.out.split('\n');
  perLine.pop();
  return {
    frontier: lines(dedupe.out).sort(),
    perLine,
    json: json.out,
    table: table.out.slice(table.out.indexOf('\n')),
  };
}

const lines = (s: string): string[] => s.split('\n').filter((l) => l !== '');

/** A test client, to watch the frontier grow. */
function watch(port: number): Redis {
  const c = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 1, retryStrategy: () => 300 });
  c.on('error', () => {});
  return c;
}

/** URLs in the job's frontier so far (0 while Redis does not answer). */
async function frontier(client: Redis, job: string): Promise<number> {
  try {
    const tags = (await client.hget(`urikit:{${job}}`, 'tags'))!.split(',');
    const counts = await Promise.all(tags.map((t) => client.hget(`urikit:{${t}}:counts`, ':urls')));
    return counts.reduce((a, n) => a + Number(n ?? 0), 0);
  } catch {
    return 0;
  }
}

interface Job {
  U: string;
  /** Extra options of every process that writes (--wait-replicas, --allow-eviction). */
  writes: string[];
}

async function init(url: string, name: string, ...more: string[]): Promise<Job> {
  const U = `${url}/${name}`;
  const r = await run(['redis', 'init', '--redis', U, '--shards', String(SHARDS), '-q', ...more]);
  assert.is(r.code, 0, r.err);
  return { U, writes: more };
}

/** Two normalize workers and a stats worker (the first normalize worker started as `first`). */
function workers(j: Job, first?: string[]): Array<{ proc: ChildProcess; exit: Promise<Exit> }> {
  const w = ['normalize', '--from', j.U, '--to', j.U, '--claim-idle', '2s', '-q', ...j.writes];
  return [start(w, first), start(w), start(['stats', '--from', j.U, '--claim-idle', '2s', '-q', ...TRACK, ...j.writes])];
}

function publish(j: Job, ...more: string[]): { proc: ChildProcess; exit: Promise<Exit> } {
  return start(['publish', '--to', j.U, '--max-lag', '20', ...j.writes, ...more, file]);
}

/** Waits for every process; each must end by itself with a code in `codes` (normalize: 1, some lines are invalid). */
async function ended(ps: Array<{ exit: Promise<Exit> }>, codes = [0, 1]): Promise<Exit[]> {
  const all = await within(Promise.all(ps.map((p) => p.exit)), 600_000, 'the processes');
  for (const e of all) assert.ok(e.code !== null && codes.includes(e.code), `exit ${e.code} ${e.signal}: ${e.err.slice(-2000)}`);
  return all;
}

/**
 * The end of a scenario: `drain` exits 0 and the job is exact (the frontier, the counts, no lag,
 * nothing pending), or it exits 3 and names ranges of lines that hold every URL missing from the
 * frontier. Returns drain's code.
 */
async function verify(j: Job, local: Local, exact = false): Promise<number> {
  const drained = await run(['redis', 'drain', '--redis', j.U, '--json', '--timeout', '120s']);
  const exported = lines((await run(['redis', 'export', '--redis', j.U])).out).sort();
  if (drained.code === 0) {
    assert.equal(exported, local.frontier);
    const status = JSON.parse((await run(['redis', 'status', '--redis', j.U, '--json'])).out);
    assert.equal([status.closed, status.urls, status.dead], [true, local.frontier.length, 0]);
    for (const g of ['normalize', 'stats'])
      assert.equal([status.groups[g].lag, status.groups[g].pending, status.groups[g].lines], [0, 0, data.lines]);
    const [json, table] = await Promise.all([
      run(['stats', '--from', j.U, '--report', '--json', ...TRACK]),
      run(['stats', '--from', j.U, '--report', ...TRACK]),
    ]);
    assert.is(json.out, local.json);
    assert.is(table.out.slice(table.out.indexOf('\n')), local.table);
    return 0;
  }
  assert.ok(!exact, `drain exited ${drained.code}: ${drained.err}`);
  assert.is(drained.code, 3, drained.err);
  const report = JSON.parse(drained.out) as { missing: Array<{ lines: [number, number] | null }>; problems: string[] };
  assert.ok(report.missing.length + report.problems.length > 0);
  assert.match(drained.err, /is done, but not complete/);
  // Every URL missing from the frontier comes only from lines that drain named.
  const have = new Set(exported);
  const ranges = report.missing.map((m) => m.lines);
  local.perLine.forEach((u, i) => {
    if (u !== '' && !have.has(u))
      assert.ok(
        ranges.some((r) => r === null || (r[0] <= i + 1 && i + 1 <= r[1])),
        `${u} (line ${i + 1}) is missing and no range names it: ${drained.err}`,
      );
  });
  return 3;
}

let local: Local;
/** The scenarios in order; each test awaits its own, which test.before starts when a slot is free. */
const scenarios: Array<{ name: string; done: Promise<void>; run: () => void }> = [];
/** More side by side starve each other on a small machine, and a starved Redis looks like a failed one. */
const AT_ONCE = 3;

function scenario(name: string, body: () => Promise<void>): void {
  let run = (): void => {};
  const done = new Promise<void>((resolve, reject) => {
    run = () => body().then(resolve, reject);
  });
  done.catch(() => {});
  scenarios.push({ name, done, run });
  test(name, () => done);
}

test.before(async () => {
  local = await localRun();
  assert.ok(data.lines >= 100_000);
  const queue = [...scenarios];
  const slot = async (): Promise<void> => {
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      s.run();
      await s.done.catch(() => {});
    }
  };
  for (let i = 0; i < AT_ONCE; i++) void slot();
});

test.after(async () => {
  for (const p of running) p.kill('SIGKILL');
  tmp.remove();
});

scenario('maxmemory-policy allkeys-lru: refused at init; with --allow-eviction on too little memory, never a silent success', async () => {
  const server = await RedisServer.start({ maxmemory: '6mb', policy: 'allkeys-lru' });
  try {
    const refused = await run(['redis', 'init', '--redis', `${server.url}/lru`, '-q']);
    assert.equal(
      [refused.code, refused.err],
      [
        2,
        `urikit: ${server.url}/lru evicts keys when it is full (maxmemory-policy allkeys-lru): it could drop a job's keys and lose its lines without a word. Set maxmemory-policy noeviction (Redis then refuses writes when full, and urikit waits), or give --allow-eviction to run anyway\n`,
      ],
    );
    const j = await init(server.url, 'lru', '--allow-eviction');
    for (const args of [
      ['publish', '--to', j.U, file],
      ['normalize', '--from', j.U, '--to', j.U],
    ]) {
      const r = await run(args);
      assert.is(r.code, 2);
      assert.match(r.err, /evicts keys when it is full \(maxmemory-policy allkeys-lru\)/);
    }
    j.writes.push('--redis-timeout', '20s');
    const ws = workers(j);
    const p = publish(j);
    await within(p.exit, 600_000, 'publish');
    // Workers wait for a run to finish: when publish could not, they are stopped.
    await Promise.race([Promise.all(ws.map((w) => w.exit)), sleep(60_000)]);
    for (const w of ws) w.proc.kill('SIGTERM');
    await within(Promise.all(ws.map((w) => w.exit)), 120_000, 'the workers');
    const drained = await run(['redis', 'drain', '--redis', j.U, '--timeout', '20s']);
    if (drained.code === 0) await verify(j, local, true);
    else assert.ok(drained.code === 1 || drained.code === 3, drained.err);
  } finally {
    await server.stop();
  }
});

scenario('publish killed (SIGKILL) half-way, then --resume: nothing counted twice, nothing lost', async () => {
  const server = await RedisServer.start({ appendfsync: 'everysec' });
  const watcher = watch(server.port);
  try {
    const j = await init(server.url, 'resumed');
    const ws = workers(j);
    const p = publish(j);
    await until('40% of the frontier', 300_000, async () => (await frontier(watcher, 'resumed')) >= 0.4 * local.frontier.length, 100);
    p.proc.kill('SIGKILL');
    assert.is((await p.exit).signal, 'SIGKILL');
    // Until the killed run's heartbeat runs out, it counts as running.
    const early = await run(['publish', '--to', j.U, '--resume', '1', file]);
    assert.is(early.code, 2);
    assert.match(early.err, /run 1 of \S+ is running/);
    await sleep(10_500);
    const resumed = await run(['publish', '--to', j.U, '--resume', '1', file]);
    assert.is(resumed.code, 0, resumed.err);
    assert.match(resumed.err, /^urikit: publish run 1 to \S+ \(resumed\)\n/);
    await ended(ws);
    assert.is(await verify(j, local, true), 0);
  } finally {
    watcher.disconnect();
    await server.stop();
  }
});

scenario('a group with no worker left: publish is not held back by it; drain names it; a new worker finishes it', async () => {
  const server = await RedisServer.start({ appendfsync: 'everysec' });
  const watcher = watch(server.port);
  try {
    const j = await init(server.url, 'orphan');
    const [a, b, s] = workers(j);
    const p = publish(j);
    // The stats worker dies with entries pending: its group has no worker left.
    await until('10% of the frontier', 300_000, async () => (await frontier(watcher, 'orphan')) >= 0.1 * local.frontier.length, 100);
    s!.proc.kill('SIGKILL');
    await s!.exit;
    // Publish ends: the stats group holds it back only while its killed worker still looks alive.
    await ended([p, a!, b!]);
    const status = JSON.parse((await run(['redis', 'status', '--redis', j.U, '--json'])).out);
    assert.ok(status.groups.stats.lag > 20 * SHARDS, `publish waited for the stats group: ${JSON.stringify(status.groups.stats)}`);
    assert.equal([status.groups.stats.running, status.groups.normalize.lag], [0, 0]);
    const waiting = await run(['redis', 'drain', '--redis', j.U, '--timeout', '1s']);
    assert.is(waiting.code, 1);
    assert.match(waiting.err, /stats: \d+ entries unread, \d+ pending \(no stats worker is running: start one\)\n$/);
    const st = await run(['stats', '--from', j.U, '--claim-idle', '1s', '-q', ...TRACK]);
    assert.is(st.code, 0, st.err);
    assert.is(await verify(j, local, true), 0);
  } finally {
    watcher.disconnect();
    await server.stop();
  }
});

scenario('Redis down for 60 s (killed, started again on its append-only file): every process waits and goes on; exact', async () => {
  const server = await RedisServer.start({ appendfsync: 'always' });
  const watcher = watch(server.port);
  try {
    const j = await init(server.url, 'outage');
    const ws = workers(j);
    const p = publish(j);
    await until('30% of the frontier', 300_000, async () => (await frontier(watcher, 'outage')) >= 0.3 * local.frontier.length, 100);
    await server.kill();
    const down = Date.now();
    await sleep(60_000);
    await server.restart();
    const [, , , pe] = await ended([...ws, p]);
    assert.ok(Date.now() - down >= 60_000);
    assert.is(await verify(j, local, true), 0);
    // publish (not --quiet) said that it waited, for what, and when Redis answered again.
    assert.match(pe!.err, /\nurikit: redis:\/\/127\.0\.0\.1:\d+\/outage: [^\n]+; waiting \(for [^)]+\) up to 10 min \(--redis-timeout\)\n/);
    assert.match(pe!.err, /\nurikit: redis:\/\/127\.0\.0\.1:\d+\/outage answers again after (6\d|7\d|8\d|9\d) s\n/);
  } finally {
    watcher.disconnect();
    await server.stop();
  }
});

scenario('a worker that dies right after a commit, before its XACK: its entries run again, nothing twice', async () => {
  const server = await RedisServer.start({ appendfsync: 'everysec' });
  try {
    const j = await init(server.url, 'uncommitted');
    const p = await run(['publish', '--to', j.U, '-q', file]);
    assert.is(p.code, 0, p.err);
    const [a, b, s] = workers(j, [CRASH_AFTER_COMMIT, '3']);
    assert.is((await a!.exit).signal, 'SIGKILL');
    await ended([b!, s!]);
    assert.is(await verify(j, local, true), 0);
  } finally {
    await server.stop();
  }
});

test.run();

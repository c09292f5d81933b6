/**
 * Faults of Redis and of urikit's processes, end to end, with the real CLI (bin/urikit.js, each
 * producer and worker a process of its own) on 100 k lines or more (each distinct URL in two
 * spellings), against real servers on loopback. The scenarios are independent, each with its
 * own servers:
 *
 * 1. a node that keeps RDB snapshots only, killed and started again mid-run from a snapshot taken
 *    before the run (as with a snapshot interval longer than the run): without the workers'
 *    consumer groups, the run, or any of its entries;
 * 2. a node with maxmemory-policy allkeys-lru: refused at init; with --allow-eviction, run small;
 * 3. publish killed (SIGKILL) half-way and finished with --resume;
 * 4. a group whose only worker was killed (no worker left) while publish runs;
 * 5. Redis down for 60 s (killed, started again on its append-only file) while everything runs;
 * 6. a worker that dies right after a commit and before its XACK.
 *
 * Each ends exact: the frontier holds what a local `normalize --dedupe` writes, `stats --from …
 * --report` prints what a local `stats` prints, `drain` exits 0; or `drain` exits 3 and names the
 * lines it cannot account for, which hold every URL that is missing. Never exit 0 with a wrong
 * frontier or wrong counts. Every wait has a deadline; every server is stopped by its PID.
 */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import { RedisServer, spellings, until } from '../support/redis.js';
import { frontier, MAX_LAG, Rig, sleep, TRACK, watch, within } from '../support/redis-job.js';

const rig = new Rig(test, spellings(51_000, 7), 12, 3);
const { file } = rig;

/** The CLI whose Redis worker kills itself after its N-th commit: `node CRASH_AFTER_COMMIT N ARGS…`. */
const CRASH_AFTER_COMMIT = fileURLToPath(new URL('../support/crash-after-commit.js', import.meta.url));

rig.scenario(
  'a node with RDB snapshots only, killed (SIGKILL) mid-run and started again from a snapshot older than the run: groups made again, lost entries sent again; exact',
  async () => {
    const server = await RedisServer.start({ save: '1 1' });
    const watcher = watch(server.port);
    try {
      const j = await rig.init(server.url, 'snapshots');
      // The job's hash in a snapshot, and no snapshot after it.
      await until('a snapshot of the job', 30_000, async () =>
        /rdb_changes_since_last_save:0\r/.test(await server.command('INFO', 'persistence')),
      );
      assert.is(await server.command('CONFIG', 'SET', 'save', ''), '+OK\r\n');
      const ws = rig.workers(j);
      const p = rig.publish(j);
      await until(
        '40% of the frontier',
        300_000,
        async () => (await frontier(watcher, 'snapshots')) >= 0.4 * rig.local.frontier.length,
        200,
      );
      await server.kill();
      await server.restart();
      const [a, b, s, pe] = await rig.ended([...ws, p]);
      // Each group was found gone, said so, and made again (by either normalize worker); publish sent the lost entries again.
      const gone = (group: string): RegExp => new RegExp(`urikit: the ${group} group of shard \\d+ of \\S+ is gone \\(Redis lost it`);
      assert.match(a!.err + b!.err, gone('normalize'));
      assert.match(s!.err, gone('stats'));
      assert.match(pe!.err, /urikit: publish: reading \S+ again to send the \d+ entries that Redis lost\n/);
      assert.is((await rig.verify(j, true)).code, 0);
    } finally {
      watcher.disconnect();
      await server.stop();
    }
  },
);

rig.scenario(
  'maxmemory-policy allkeys-lru: refused at init; with --allow-eviction on too little memory, never a silent success',
  async () => {
    const server = await RedisServer.start({ maxmemory: '6mb', policy: 'allkeys-lru' });
    try {
      const refused = await rig.run(['redis', 'init', '--redis', `${server.url}/lru`, '-q']);
      assert.equal(
        [refused.code, refused.err],
        [
          2,
          `urikit: ${server.url}/lru evicts keys when it is full (maxmemory-policy allkeys-lru): it could drop a job's keys and lose its lines without a word. Set maxmemory-policy noeviction (Redis then refuses writes when full, and urikit waits), or give --allow-eviction to run anyway\n`,
        ],
      );
      const j = await rig.init(server.url, 'lru', '--allow-eviction');
      for (const args of [
        ['publish', '--to', j.U, file],
        ['normalize', '--from', j.U, '--to', j.U],
      ]) {
        const r = await rig.run(args);
        assert.is(r.code, 2);
        assert.match(r.err, /evicts keys when it is full \(maxmemory-policy allkeys-lru\)/);
      }
      j.writes.push('--redis-timeout', '20s');
      const ws = rig.workers(j);
      const p = rig.publish(j);
      await within(p.exit, 600_000, 'publish');
      // Workers wait for a run to finish: when publish could not, they are stopped.
      await Promise.race([Promise.all(ws.map((w) => w.exit)), sleep(60_000)]);
      for (const w of ws) w.proc.kill('SIGTERM');
      await within(Promise.all(ws.map((w) => w.exit)), 120_000, 'the workers');
      const drained = await rig.run(['redis', 'drain', '--redis', j.U, '--timeout', '20s']);
      if (drained.code === 0) await rig.verify(j, true);
      else assert.ok(drained.code === 1 || drained.code === 3, drained.err);
    } finally {
      await server.stop();
    }
  },
);

rig.scenario('publish killed (SIGKILL) half-way, then --resume: nothing counted twice, nothing lost', async () => {
  const server = await RedisServer.start({ appendfsync: 'everysec' });
  const watcher = watch(server.port);
  try {
    const j = await rig.init(server.url, 'resumed');
    const ws = rig.workers(j);
    const p = rig.publish(j);
    await until('40% of the frontier', 300_000, async () => (await frontier(watcher, 'resumed')) >= 0.4 * rig.local.frontier.length, 100);
    p.proc.kill('SIGKILL');
    assert.is((await p.exit).signal, 'SIGKILL');
    // Until the killed run's heartbeat runs out, it counts as running. Asked in this process: a
    // new one's start on a loaded machine can take seconds of the heartbeat's 10.
    let said = '';
    const stderr = new PassThrough();
    stderr.on('data', (b: Buffer) => {
      said += b;
    });
    const stdout = new PassThrough();
    stdout.resume();
    const early = await main(['publish', '--to', j.U, '--resume', '1', '-q', file], { stdin: new PassThrough(), stdout, stderr });
    assert.is(early, 2, said);
    assert.match(said, /run 1 of \S+ is running/);
    await sleep(10_500);
    const resumed = await rig.run(['publish', '--to', j.U, '--resume', '1', file]);
    assert.is(resumed.code, 0, resumed.err);
    assert.match(resumed.err, /^urikit: publish run 1 to \S+ \(resumed\)\n/);
    await rig.ended(ws);
    assert.is((await rig.verify(j, true)).code, 0);
  } finally {
    watcher.disconnect();
    await server.stop();
  }
});

rig.scenario('a group with no worker left: publish is not held back by it; drain names it; a new worker finishes it', async () => {
  const server = await RedisServer.start({ appendfsync: 'everysec' });
  const watcher = watch(server.port);
  try {
    const j = await rig.init(server.url, 'orphan');
    const [a, b, s] = rig.workers(j);
    const p = rig.publish(j);
    // The stats worker dies with entries pending: its group has no worker left.
    await until('10% of the frontier', 300_000, async () => (await frontier(watcher, 'orphan')) >= 0.1 * rig.local.frontier.length, 100);
    s!.proc.kill('SIGKILL');
    await s!.exit;
    // Publish ends: the stats group holds it back only while its killed worker still looks alive.
    await rig.ended([p, a!, b!]);
    const status = JSON.parse((await rig.run(['redis', 'status', '--redis', j.U, '--json'])).out);
    assert.ok(status.groups.stats.lag > MAX_LAG * rig.shards, `publish waited for the stats group: ${JSON.stringify(status.groups.stats)}`);
    assert.equal([status.groups.stats.running, status.groups.normalize.lag], [0, 0]);
    const waiting = await rig.run(['redis', 'drain', '--redis', j.U, '--timeout', '1s']);
    assert.is(waiting.code, 1);
    // The killed worker still holds entries, or none: named, or "start one".
    assert.match(
      waiting.err,
      /stats: \d+ entries unread, \d+ pending \(no stats worker is running: (start one|\S+ holds \d+ entries and has not touched Redis for \d+ s \(stuck, or dead\); start another, which claims them after its --claim-idle)\)\n$/,
    );
    const st = await rig.run(['stats', '--from', j.U, '--claim-idle', '1s', '-q', ...TRACK]);
    assert.is(st.code, 0, st.err);
    assert.is((await rig.verify(j, true)).code, 0);
  } finally {
    watcher.disconnect();
    await server.stop();
  }
});

rig.scenario('Redis down for 60 s (killed, started again on its append-only file): every process waits and goes on; exact', async () => {
  const server = await RedisServer.start({ appendfsync: 'always' });
  const watcher = watch(server.port);
  try {
    const j = await rig.init(server.url, 'outage');
    const ws = rig.workers(j);
    const p = rig.publish(j);
    await until('30% of the frontier', 300_000, async () => (await frontier(watcher, 'outage')) >= 0.3 * rig.local.frontier.length, 100);
    await server.kill();
    const down = Date.now();
    await sleep(60_000);
    await server.restart();
    const [, , , pe] = await rig.ended([...ws, p]);
    assert.ok(Date.now() - down >= 60_000);
    assert.is((await rig.verify(j, true)).code, 0);
    // publish (not --quiet) said that it waited, for what, and when Redis answered again.
    assert.match(pe!.err, /\nurikit: redis:\/\/127\.0\.0\.1:\d+\/outage: [^\n]+; waiting \(for [^)]+\) up to 10 min \(--redis-timeout\)\n/);
    assert.match(pe!.err, /\nurikit: redis:\/\/127\.0\.0\.1:\d+\/outage answers again after (6\d|7\d|8\d|9\d) s\n/);
  } finally {
    watcher.disconnect();
    await server.stop();
  }
});

rig.scenario('a worker that dies right after a commit, before its XACK: its entries run again, nothing twice', async () => {
  const server = await RedisServer.start({ appendfsync: 'everysec' });
  try {
    const j = await rig.init(server.url, 'uncommitted');
    const p = await rig.run(['publish', '--to', j.U, '-q', file]);
    assert.is(p.code, 0, p.err);
    // Its first commit: with the shards split between two workers, a third may never come.
    const [a, b, s] = rig.workers(j, [CRASH_AFTER_COMMIT, '1']);
    const dead = await a!.exit;
    assert.is(dead.signal, 'SIGKILL', `exit ${dead.code}: ${dead.err.slice(-2000)}`);
    await rig.ended([b!, s!]);
    assert.is((await rig.verify(j, true)).code, 0);
  } finally {
    await server.stop();
  }
});

test.run();

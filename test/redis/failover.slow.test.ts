/**
 * Cluster failovers under a running job, end to end with the real CLI on 100 k lines (each
 * distinct URL in two spellings): a Redis Cluster of three masters with a replica each
 * (cluster-node-timeout 2 s, append-only files), one of whose masters holding shards
 *
 * 1. is killed (SIGKILL) mid-run: its replica takes over with what it had received;
 * 2. is killed the same way with --wait-replicas 1: its replica takes over, and every write to
 *    the shards it now holds waits (NOREPLICAS: it has no replica) until the killed node is
 *    started again, 5 s later, and comes back as its replica;
 * 3. is paused (SIGSTOP) 12 s, then let go on: its replica took over after about 4 s, and it comes
 *    back as a replica, dropping what it wrote and did not pass on. With a 2 s node timeout a
 *    12 s pause is a 30 s pause of a cluster whose timeout is 15 s (the default), and it outlasts
 *    urikit's 10 s command timeout, so that commands sent to the paused master are given up and
 *    sent to the new one.
 *
 * Each ends exact (drain exits 0, the frontier and `stats --report` are a local run's), or drain
 * exits 3 naming ranges of lines that hold every URL missing: never exit 0 with a wrong frontier
 * or wrong counts. With --wait-replicas 1, exact. Every wait has a deadline; every server is
 * stopped by its PID.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RedisCluster, type RedisServer, spellings, until } from '../support/redis.js';
import { frontier, Rig, sleep, watch } from '../support/redis-job.js';

const rig = new Rig(test, spellings(51_000, 11), 12, 3);

/**
 * Starts a cluster of 3 masters with a replica each, and a job on it with publish and workers
 * running (seeded by two nodes that are not `victim`, the master that fails); calls `fail` once
 * `share` of the frontier is in; waits for every process; returns what drain says.
 */
async function failover(
  name: string,
  share: number,
  fail: (c: RedisCluster, victim: RedisServer) => Promise<void>,
  ...writes: string[]
): Promise<{ code: number; err: string }> {
  const c = await RedisCluster.start(3, 1, { appendfsync: 'everysec', nodeTimeout: 2000 });
  const watcher = watch(c.nodes[0]!.port, true);
  try {
    const victim = (await c.masters()).find((m) => m !== c.nodes[0])!;
    const seeds = c.nodes.filter((n) => n !== victim).slice(0, 2);
    const j = await rig.init(`redis://${seeds.map((n) => `127.0.0.1:${n.port}`).join(',')}`, name);
    // A process that waits longer for Redis stops, naming what it waited for.
    j.writes.push('--redis-timeout', '60s', ...writes);
    // Not quiet: what a process waited for shows when it fails.
    const ws = rig.workers(j, undefined, []);
    const p = rig.publish(j);
    await until(`${share} of the frontier`, 300_000, async () => (await frontier(watcher, name)) >= share * rig.local.frontier.length, 50);
    await fail(c, victim);
    await rig.ended([...ws, p]);
    return await rig.verify(j, writes.includes('--wait-replicas'));
  } finally {
    watcher.disconnect();
    await c.stop();
  }
}

/** Waits until `victim`'s replica has taken over: three masters again, `victim` not among them. */
async function failedOver(c: RedisCluster, victim: RedisServer): Promise<void> {
  await until('the failover', 60_000, async () => {
    const masters = await c.masters().catch((): RedisServer[] => []);
    return masters.length === 3 && !masters.includes(victim);
  });
}

rig.scenario('a master killed (SIGKILL) mid-run: its replica takes over; exact, or drain names the lost lines', async () => {
  await failover('killed', 1 / 3, async (c, victim) => {
    await victim.kill();
    await failedOver(c, victim);
  });
});

rig.scenario('a master killed mid-run with --wait-replicas 1, started again 5 s after the failover: exact', async () => {
  const drained = await failover(
    'waited',
    1 / 3,
    async (c, victim) => {
      await victim.kill();
      await failedOver(c, victim);
      await sleep(5000);
      await victim.restart();
    },
    '--wait-replicas',
    '1',
  );
  assert.is(drained.code, 0);
});

rig.scenario('a master paused (SIGSTOP) 12 s mid-run, then let go on: exact, or drain names the lost lines', async () => {
  await failover('paused', 0.1, async (c, victim) => {
    victim.pause();
    await failedOver(c, victim);
    await sleep(12_000);
    victim.resume();
  });
});

test.run();

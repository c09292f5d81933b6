/**
 * The consumer groups of an input stream, one per command that reads the job (`normalize`,
 * `stats`, …): how far each has read (lag: entries not yet delivered), what it holds (pending:
 * delivered, not yet acknowledged), and whether a worker of it is running. The producer's
 * back-pressure, the workers' end, `status`, `drain` and `trim` all read them here.
 */
import type { Redis } from 'ioredis';
import { type Client, fields, RedisError, type Server } from './client.js';
import type { Job } from './job.js';

export interface Group {
  name: string;
  consumers: number;
  pending: number;
  lastDelivered: string;
  /** Entries not yet delivered to the group. */
  lag: number;
}

/** A worker that touched its group within this long (ms) is running: a worker reads at least every second. */
export const LIVE = 10_000;

/** The groups of stream `key` ([] when it has none or does not exist). */
export async function groupsOf(server: Server, key: string): Promise<Group[]> {
  return server.run(`the groups of ${key}`, (c) => groupsOn(c, key));
}

/** `groupsOf` through one client, without retries (for callers that retry the whole). */
export async function groupsOn(c: Client | Redis, key: string): Promise<Group[]> {
  let reply: unknown[];
  try {
    reply = (await c.xinfo('GROUPS', key)) as unknown[];
  } catch (e) {
    if (/no such key/i.test((e as Error).message)) return [];
    throw e;
  }
  const groups: Group[] = [];
  for (const g of reply) {
    const f = fields(g);
    const lastDelivered = String(f['last-delivered-id']);
    // Redis gives no lag when it cannot tell (entries deleted after the group's position): count.
    const lag = f.lag === null || f.lag === undefined ? await countAfter(c, key, lastDelivered) : Number(f.lag);
    groups.push({ name: String(f.name), consumers: Number(f.consumers), pending: Number(f.pending), lastDelivered, lag });
  }
  return groups;
}

/** The number of entries of `key` after `id`. */
async function countAfter(c: Client | Redis, key: string, id: string): Promise<number> {
  let n = 0;
  let from = `(${id}`;
  for (;;) {
    const page = await c.xrange(key, from, '+', 'COUNT', 1000);
    n += page.length;
    if (page.length < 1000) return n;
    from = `(${page[page.length - 1]![0]}`;
  }
}

/** A group's consumers: their names, how long since each touched the group (ms), and what each holds. */
export interface Consumer {
  name: string;
  idle: number;
  pending: number;
}

export async function consumersOf(server: Server, key: string, group: string): Promise<Consumer[]> {
  const reply = (await server.run(`the consumers of ${group}`, async (c) => {
    try {
      return await c.xinfo('CONSUMERS', key, group);
    } catch (e) {
      if (/no such key|NOGROUP/i.test((e as Error).message)) return [];
      throw e;
    }
  })) as unknown[];
  return reply.map((r) => {
    const f = fields(r);
    return { name: String(f.name), idle: Number(f.idle), pending: Number(f.pending) };
  });
}

/**
 * The groups of `job` with a running worker: one that touched its group on the first shard (where
 * every worker looks for its own pending entries each second, whatever its share) within `LIVE` ms.
 */
export async function liveGroups(job: Job): Promise<Set<string>> {
  const key = job.keys.input(0);
  const live = new Set<string>();
  for (const g of await groupsOf(job.server, key)) {
    if ((await consumersOf(job.server, key, g.name)).some((c) => c.idle < LIVE)) live.add(g.name);
  }
  return live;
}

/**
 * Creates the group `name` on stream `key` (and the stream), reading from its first entry,
 * unless it exists. Refuses when entries were trimmed from the stream already: the group would
 * never see them.
 */
export async function joinGroup(server: Server, key: string, name: string): Promise<void> {
  const groups = await groupsOf(server, key);
  if (groups.some((g) => g.name === name)) return;
  const info = await server.run(`the stream ${key}`, async (c) =>
    (await c.exists(key)) === 1 ? fields(await c.xinfo('STREAM', key)) : null,
  );
  if (info !== null && Number(info['entries-added']) > Number(info.length))
    throw new RedisError(
      `no worker of ${name} has read ${key} before, and entries of it were trimmed already (by "urikit redis trim" or the workers of another group): a ${name} worker would not see them. Publish the input to a new job`,
    );
  await server.run(`the group ${name} of ${key}`, async (c) => {
    try {
      await c.xgroup('CREATE', key, name, '0', 'MKSTREAM');
    } catch (e) {
      if (!/BUSYGROUP/.test((e as Error).message)) throw e;
    }
  });
}

/** Removes from shard `i`'s input the entries that every group has acknowledged; returns how many. */
export async function trimShard(job: Job, i: number): Promise<number> {
  const key = job.keys.input(i);
  return job.server.run(`the trimming of shard ${i}`, async (c) => {
    const groups = (await c.xinfo('GROUPS', key).catch(() => [])) as unknown[];
    if (groups.length === 0) return 0;
    let min: string | null = null;
    for (const g of groups) {
      const f = g as unknown[];
      const o: Record<string, unknown> = {};
      for (let x = 0; x + 1 < f.length; x += 2) o[String(f[x])] = f[x + 1];
      // Below the oldest pending entry, or past the last delivered one, all is acknowledged.
      const first =
        Number(o.pending) > 0 ? String(((await c.xpending(key, String(o.name))) as unknown[])[1]) : nextId(String(o['last-delivered-id']));
      if (min === null || compareIds(first, min) < 0) min = first;
    }
    return c.xtrim(key, 'MINID', min!);
  });
}

/** The stream id after `id`. */
function nextId(id: string): string {
  const [ms, seq] = id.split('-');
  return `${ms}-${BigInt(seq!) + 1n}`;
}

export function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  return am! < bm! ? -1 : am! > bm! ? 1 : as! < bs! ? -1 : as! > bs! ? 1 : 0;
}

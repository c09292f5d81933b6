/**
 * The consumer groups of an input stream, one per command that reads the job (`normalize`,
 * `stats`, …): how far each has read (lag: entries not yet delivered) and what it holds (pending:
 * delivered, not yet acknowledged). The producer's back-pressure, the workers' end, `status`,
 * `drain` and `trim` all read them here.
 */
import { type Client, fields, RedisError } from './client.js';

export interface Group {
  name: string;
  consumers: number;
  pending: number;
  lastDelivered: string;
  /** Entries not yet delivered to the group. */
  lag: number;
}

/** The groups of stream `key` ([] when it has none or does not exist). */
export async function groupsOf(client: Client, key: string): Promise<Group[]> {
  let reply: unknown[];
  try {
    reply = (await client.xinfo('GROUPS', key)) as unknown[];
  } catch (e) {
    if (/no such key/i.test((e as Error).message)) return [];
    throw e;
  }
  const groups: Group[] = [];
  for (const g of reply) {
    const f = fields(g);
    const lastDelivered = String(f['last-delivered-id']);
    // Redis gives no lag when it cannot tell (entries deleted after the group's position): count.
    const lag = f.lag === null || f.lag === undefined ? await countAfter(client, key, lastDelivered) : Number(f.lag);
    groups.push({ name: String(f.name), consumers: Number(f.consumers), pending: Number(f.pending), lastDelivered, lag });
  }
  return groups;
}

/** The number of entries of `key` after `id`. */
async function countAfter(client: Client, key: string, id: string): Promise<number> {
  let n = 0;
  let from = `(${id}`;
  for (;;) {
    const page = await client.xrange(key, from, '+', 'COUNT', 1000);
    n += page.length;
    if (page.length < 1000) return n;
    from = `(${page[page.length - 1]![0]}`;
  }
}

/**
 * Creates the group `name` on stream `key` (and the stream), reading from its first entry,
 * unless it exists. Refuses when entries were trimmed from the stream already: the group would
 * never see them.
 */
export async function joinGroup(client: Client, key: string, name: string): Promise<void> {
  const groups = await groupsOf(client, key);
  if (groups.some((g) => g.name === name)) return;
  if ((await client.exists(key)) === 1) {
    const info = fields(await client.xinfo('STREAM', key));
    if (Number(info['entries-added']) > Number(info.length))
      throw new RedisError(
        `no worker of ${name} has read ${key} before, and entries of it were trimmed already (urikit redis trim): a ${name} worker would not see them. Publish the input to a new job`,
      );
  }
  try {
    await client.xgroup('CREATE', key, name, '0', 'MKSTREAM');
  } catch (e) {
    if (!/BUSYGROUP/.test((e as Error).message)) throw e;
  }
}

/**
 * The connection to Redis, through `ioredis`: an optional dependency, which only the modules of
 * this folder import; ../main.ts loads them when a command names a Redis job, so that the library
 * and the local CLI never need it. One URL serves a single node and a Redis Cluster alike:
 * `connect` asks the node whether cluster mode is on and, if so, reconnects as a cluster client
 * seeded with that node.
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../jobs.js';
import { SCRIPTS, type ScriptName } from './lua.js';

/** A connected client: a single node, or a cluster. */
export type Client = Redis | Cluster;

/** A failure that has to do with Redis (unreachable, no such job, a command refused). */
export class RedisError extends Error {}

/**
 * How long a command waits through a lost connection: ioredis reconnects after 100, 200, …
 * 2000 ms and sends the queued commands again; after this many reconnections it gives up and the
 * command fails (about 20 seconds without the server).
 */
const RETRIES = 20;
const retry = (times: number): number => Math.min(times * 100, 2000);

/**
 * A client of the server or cluster of `target`, connected; throws `RedisError` with the reason
 * when it cannot connect.
 */
export async function connect(target: RedisTarget): Promise<Client> {
  const options: RedisOptions = {
    username: target.username,
    password: target.password,
    ...(target.tls ? { tls: { servername: target.host } } : {}),
    lazyConnect: true,
    enableAutoPipelining: true,
    maxRetriesPerRequest: RETRIES,
    connectTimeout: 10_000,
  };
  const node = new Redis({ ...options, host: target.host, port: target.port, retryStrategy: retry });
  await ready(node, target, () => node.connect());
  let cluster: boolean;
  try {
    cluster = /^cluster_enabled:1/m.test(await node.info('cluster'));
  } catch (e) {
    node.disconnect();
    throw new RedisError(`${target.text}: ${(e as Error).message}`);
  }
  const client: Client = cluster
    ? new Cluster([{ host: target.host, port: target.port }], {
        redisOptions: options,
        lazyConnect: true,
        enableAutoPipelining: true,
        // Auto-pipelining groups commands by the node of their first key, which ioredis does not
        // find for scripts (it takes the key count) nor after a subcommand (XINFO GROUPS key).
        autoPipeliningIgnoredCommands: [...Object.keys(SCRIPTS), 'xinfo', 'xgroup', 'memory', 'object'],
        clusterRetryStrategy: retry,
        retryDelayOnClusterDown: 300,
        retryDelayOnFailover: 300,
        retryDelayOnTryAgain: 300,
      })
    : node;
  if (cluster) {
    node.disconnect();
    await ready(client, target, () => client.connect());
  }
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { lua });
  return client;
}

/** Connects `client`; on failure, stops its reconnecting and throws the reason. */
async function ready(client: Client, target: RedisTarget, go: () => Promise<void>): Promise<void> {
  let reason: Error | null = null;
  client.on('error', (e: Error) => {
    reason = e;
  });
  try {
    await go();
  } catch (e) {
    client.disconnect();
    const why = (reason ?? (e as Error)).message;
    throw new RedisError(`cannot connect to ${target.text}: ${why}${/ECONNREFUSED/.test(why) ? ' (is redis-server running there?)' : ''}`);
  }
}

/** Closes the connections (after the replies to every command sent). */
export async function close(client: Client): Promise<void> {
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/**
 * Runs `op` again when the connection closed under it. ioredis sends a command again after it
 * reconnects, unless the command was part of a pipeline whose first replies had arrived: it
 * aborts those (AbortError), not knowing whether the server ran them. Every call urikit makes
 * can run twice without harm (the scripts are written so; reads and XACK are), except XADD,
 * which may then add an input entry twice (at-least-once).
 */
export async function again<T>(op: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await op();
    } catch (e) {
      if ((e as Error).name !== 'AbortError' || tries === RETRIES) throw e;
      await new Promise((r) => setTimeout(r, retry(tries)));
    }
  }
}

/** Runs one of the scripts of lua.ts (EVALSHA, or EVAL the first time a server sees it), again if the connection closed under it. */
export function script(
  client: Client,
  name: ScriptName,
  keys: readonly string[],
  args: ReadonlyArray<string | number | Buffer>,
): Promise<unknown> {
  const run = (client as unknown as Record<ScriptName, (...a: unknown[]) => Promise<unknown>>)[name];
  return again(() => run.call(client, keys.length, ...keys, ...args));
}

/**
 * Sends `name` with `args` and keeps the reply's strings as Buffers (an entry holds the input's
 * bytes, which need not be UTF-8). ioredis has such a method for every command, untyped for these.
 */
export function callBuffer(client: Client, name: 'xreadgroup' | 'xautoclaim', args: ReadonlyArray<string | number>): Promise<unknown> {
  const run = (client as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[`${name}Buffer`]!;
  return again(() => run.call(client, ...args));
}

/** The fields of a flat Redis reply ([name, value, name, value, …]) as an object. */
export function fields(reply: unknown): Record<string, unknown> {
  const a = reply as unknown[];
  const o: Record<string, unknown> = {};
  for (let i = 0; i + 1 < a.length; i += 2) o[String(a[i])] = a[i + 1];
  return o;
}

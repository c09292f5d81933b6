/**
 * The connection to Redis, through `ioredis`: an optional dependency, which only the modules of
 * this folder import; ../main.ts loads them when a command names a Redis job, so that the library
 * and the local CLI never need it. One URL serves a single node and a Redis Cluster alike:
 * `connect` asks the first seed that answers whether cluster mode is on and, if so, connects as a
 * cluster client seeded with every node of the URL.
 *
 * Every command goes through `Server.run`, which survives what Redis goes through: a lost
 * connection, a restart, a cluster failover, a paused master. Each call urikit makes can run
 * twice without harm (the scripts of lua.ts are written so; reads and acknowledgements are), so a
 * command that failed for any of those reasons is sent again, with back-off, until it succeeds
 * or `--redis-timeout` has passed; then the run stops, naming what it waited for.
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { Connection, RedisTarget, Seed } from '../options/jobs.js';
import { SCRIPTS, type ScriptName } from './lua.js';

/** A connected client: a single node, or a cluster. */
export type Client = Redis | Cluster;

/** A failure that has to do with Redis (unreachable, no such job, a command refused, a timeout). */
export class RedisError extends Error {}

/**
 * The replies of Redis and ioredis that say "not now" rather than "no": a connection lost or not
 * yet back, a failover under way, a master turned replica, a server loading its data, busy with
 * a script, out of memory (until workers trim), or short of replicas.
 */
const TRANSIENT =
  /Connection is closed|Command timed out|Stream isn't writeable|Cluster isn't ready|Failed to refresh slots cache|None of startup nodes|Too many Cluster redirections|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|\b(?:CLUSTERDOWN|TRYAGAIN|LOADING|MASTERDOWN|READONLY|BUSY|NOREPLICAS|UNBLOCKED|MOVED|ASK|OOM)\b|WAIT cannot be used with replica/;

/** Whether `e` is a failure that sending the command again may cure. */
export function transient(e: unknown): boolean {
  const x = e as Error;
  return (
    x.name === 'AbortError' || x.name === 'MaxRetriesPerRequestError' || x.name === 'ClusterAllFailedError' || TRANSIENT.test(x.message)
  );
}

/** A command that does not answer within this long is given up and sent again (a paused master answers nothing). */
const COMMAND_TIMEOUT = 10_000;
/** How long a run waits before it says that Redis does not answer. */
const PATIENCE = 3000;
/** How long the first connection may take: an unreachable server is an error within this. */
const CONNECT_TIMEOUT = 5000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const backoff = (attempt: number): number => Math.min(100 * 2 ** attempt, 2000);

/** "10 min", "45 s". */
export function seconds(ms: number): string {
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}

/** A server or cluster that a job lives on: its client, and the calls that survive failures. */
export class Server {
  /** When Redis stopped answering (ms since the epoch), or null while it answers. */
  private since: number | null = null;
  private lastReason = '';
  /** Called whenever a connection broke or the cluster changed: what Redis said may have been lost since. */
  private readonly losses: Array<() => void> = [];

  constructor(
    readonly client: Client,
    readonly target: RedisTarget,
    private readonly connection: Connection,
    /** Notes on standard error (null with --quiet). */
    private readonly notes: ((message: string) => void) | null,
  ) {
    client.on('error', (e: Error) => {
      this.lastReason = e.message;
      this.lost();
    });
    for (const event of ['close', 'reconnecting', '+node', '-node', 'node error']) client.on(event, () => this.lost());
  }

  /**
   * Calls `f` whenever a connection breaks or the cluster's nodes change: Redis may then have lost
   * writes it had acknowledged (a restart from an older snapshot, a failover to a replica that
   * lagged), and what the caller remembers of them no longer holds.
   */
  onLoss(f: () => void): void {
    this.losses.push(f);
  }

  private lost(): void {
    for (const f of this.losses) f();
  }

  get cluster(): boolean {
    return this.client instanceof Cluster;
  }

  /**
   * Runs `op`, again after each failure that sending it again may cure (`transient`), until it
   * succeeds or --redis-timeout has passed; `what` says what the run waits for, in messages.
   */
  async run<T>(what: string, op: (client: Client) => Promise<T>): Promise<T> {
    const started = Date.now();
    const deadline = started + this.connection.timeout;
    // Why the last try failed: what the final message names.
    let failure = '';
    for (let attempt = 0; ; attempt++) {
      const slow = setTimeout(() => this.trouble(`no answer for ${seconds(Date.now() - started)}`, what), PATIENCE);
      try {
        const reply = await this.until(op(this.client), deadline, what, () => failure || this.lastReason || 'no answer');
        this.answered();
        return reply;
      } catch (e) {
        if (e instanceof RedisError) throw e;
        // Redis said no (a key of the wrong type, a script's error): the run stops, saying where.
        if (!transient(e)) throw new RedisError(`${this.target.text}: ${(e as Error).message}`);
        failure = (e as Error).message;
        this.trouble(failure, what);
        if (Date.now() >= deadline) throw this.giveUp(what, failure);
        if (this.client instanceof Cluster) this.client.refreshSlotsCache();
        await sleep(Math.min(backoff(attempt), Math.max(0, deadline - Date.now())));
      } finally {
        clearTimeout(slow);
      }
    }
  }

  /** `p`, or a `RedisError` when `deadline` comes first. */
  private until<T>(p: Promise<T>, deadline: number, what: string, reason: () => string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.giveUp(what, reason())), Math.max(0, deadline - Date.now()));
    });
    p.catch(() => {});
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  }

  private giveUp(what: string, reason: string): RedisError {
    return new RedisError(
      `${this.target.text} did not answer for ${seconds(this.connection.timeout)} (--redis-timeout) while urikit waited for ${what}: ${reason}`,
    );
  }

  /** Says once, when Redis stops answering, that the run waits for it. */
  private trouble(reason: string, what: string): void {
    this.lost();
    if (this.since !== null) return;
    this.since = Date.now();
    this.notes?.(
      `urikit: ${this.target.text}: ${reason}; waiting (for ${what}) up to ${seconds(this.connection.timeout)} (--redis-timeout)\n`,
    );
  }

  /** Says that Redis answers again after trouble. */
  private answered(): void {
    if (this.since === null) return;
    this.notes?.(`urikit: ${this.target.text} answers again after ${seconds(Date.now() - this.since)}\n`);
    this.since = null;
  }

  /** Runs one of the scripts of lua.ts (EVALSHA, or EVAL the first time a server sees it). */
  script(what: string, name: ScriptName, keys: readonly string[], args: ReadonlyArray<string | number | Buffer>): Promise<unknown> {
    return this.run(what, (c) => scriptOn(c, name, keys, args));
  }

  /**
   * Runs a script whose writes acknowledge input (a commit, an input entry), and with
   * --wait-replicas N, WAITs on the same connection until N replicas hold them: Redis replicates
   * asynchronously, and a failover would otherwise lose writes it has answered. Until enough
   * replicas answer, the script runs again (it is idempotent) and waits again.
   */
  async durable(what: string, name: ScriptName, keys: readonly string[], args: ReadonlyArray<string | number | Buffer>): Promise<unknown> {
    const n = this.connection.waitReplicas;
    if (n === 0) return this.script(what, name, keys, args);
    return this.run(`${what}, held by ${n} replica${n > 1 ? 's' : ''}`, async (c) => {
      const p = c.pipeline() as unknown as Record<ScriptName, (...a: unknown[]) => unknown> & {
        wait(n: number, ms: number): unknown;
        exec(): Promise<Array<[Error | null, unknown]>>;
      };
      p[name](keys.length, ...keys, ...args);
      p.wait(n, 1000);
      const [[e1, reply], [e2, held]] = (await p.exec()) as [[Error | null, unknown], [Error | null, unknown]];
      if (e1 !== null) throw e1;
      if (e2 !== null) throw e2;
      if (Number(held) < n) throw new Error(`NOREPLICAS ${held} of ${n} replicas acknowledged the write${await this.fewReplicas(n)}`);
      return reply;
    });
  }

  /**
   * Which masters have fewer than `n` replicas (after a failover, the replica that took over has
   * none until the old master comes back as its replica): what a write held by too few waits for.
   */
  private async fewReplicas(n: number): Promise<string> {
    const masters = this.masters();
    const found = await Promise.all(
      masters.map(async (m) => {
        const info = await withTimeout(m.info('replication'), 1000, 'no answer').catch(() => '');
        const replicas = Number(/^connected_slaves:(\d+)/m.exec(info)?.[1] ?? 0);
        return replicas < n ? `${m.options.host}:${m.options.port} has ${replicas}` : '';
      }),
    );
    const few = found.filter((f) => f !== '');
    return few.length === 0 ? '' : ` (replicas: ${few.join(', ')}; start a replica of it, or restart the node that failed)`;
  }

  /** The masters: the node itself, or each master of the cluster. */
  masters(): Redis[] {
    return this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
  }

  /**
   * Closes the connections (after the replies to every command sent, for up to the command
   * timeout), then drops them all: a node that went away in a failover may still be reconnecting,
   * and nothing must keep the process from exiting.
   */
  async close(): Promise<void> {
    await withTimeout(this.client.quit(), COMMAND_TIMEOUT, 'no answer').catch(() => {});
    this.client.disconnect();
  }
}

/** `name` of lua.ts on `client`. */
export function scriptOn(
  client: Client | Redis,
  name: ScriptName,
  keys: readonly string[],
  args: ReadonlyArray<string | number | Buffer>,
): Promise<unknown> {
  const run = (client as unknown as Record<ScriptName, (...a: unknown[]) => Promise<unknown>>)[name];
  return run.call(client, keys.length, ...keys, ...args);
}

/**
 * Connects to the server or cluster of `target`; throws `RedisError` with the reason when no seed
 * answers within a few seconds. `notes` takes what the run says about Redis (null: nothing).
 */
export async function connect(target: RedisTarget, connection: Connection, notes: ((message: string) => void) | null): Promise<Server> {
  const options: RedisOptions = {
    username: target.username,
    password: connection.password ?? target.password,
    lazyConnect: true,
    enableAutoPipelining: true,
    // Auto-pipelining joins the commands of a tick into one buffer, a copy that a large call
    // (an input entry, a commit) does not need: those go as they are.
    autoPipeliningIgnoredCommands: ['urikitEnqueue', 'urikitAdmit'],
    // urikit's own loop (Server.run) sends a failed command again until --redis-timeout; ioredis
    // fails it at once rather than hold copies of it that would run late, after a reconnection.
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT,
    connectTimeout: CONNECT_TIMEOUT,
  };
  const reasons: string[] = [];
  let probe: Redis | null = null;
  let cluster = false;
  for (const seed of target.seeds) {
    const node = new Redis({ ...options, ...tlsOf(target, connection, seed), host: seed.host, port: seed.port, retryStrategy: () => null });
    try {
      cluster = await firstAnswer(node, seed);
      probe = node;
      break;
    } catch (e) {
      node.disconnect();
      reasons.push(`${target.seeds.length > 1 ? `${seed.host}:${seed.port}: ` : ''}${(e as Error).message}`);
    }
  }
  if (probe === null) {
    const why = reasons.join('; ');
    throw new RedisError(`cannot connect to ${target.text}: ${why}${/ECONNREFUSED/.test(why) ? ' (is redis-server running there?)' : ''}`);
  }
  let client: Client = probe;
  if (cluster) {
    probe.disconnect();
    client = new Cluster(
      target.seeds.map((s) => ({ host: s.host, port: s.port })),
      {
        redisOptions: { ...options, ...tlsOf(target, connection, target.seeds[0]!) },
        lazyConnect: true,
        enableAutoPipelining: true,
        // Auto-pipelining groups commands by the node of their first key, which ioredis does not
        // find for scripts (it takes the key count) nor after a subcommand (XINFO GROUPS key).
        autoPipeliningIgnoredCommands: [...Object.keys(SCRIPTS), 'xinfo', 'xgroup', 'memory', 'object'],
        clusterRetryStrategy: (times) => backoff(times),
        // A failover takes cluster-node-timeout and an election: the slots are read again every
        // 2 s, and a command sent to a master that went away is tried again (Server.run) until
        // --redis-timeout, past any such budget.
        slotsRefreshInterval: 2000,
        retryDelayOnClusterDown: 300,
        retryDelayOnFailover: 300,
        retryDelayOnTryAgain: 300,
      },
    );
    try {
      await withTimeout(client.connect(), CONNECT_TIMEOUT, 'no answer');
    } catch (e) {
      client.disconnect();
      throw new RedisError(`cannot connect to the cluster of ${target.text}: ${(e as Error).message}`);
    }
  } else probe.options.retryStrategy = (times) => backoff(times);
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { lua });
  return new Server(client, target, connection, notes);
}

/** Connects `node` and asks whether it is a node of a cluster; throws the reason it cannot. */
async function firstAnswer(node: Redis, seed: Seed): Promise<boolean> {
  let reason: Error | null = null;
  node.on('error', (e: Error) => {
    reason = e;
  });
  try {
    await withTimeout(node.connect(), CONNECT_TIMEOUT, `no answer from ${seed.host}:${seed.port}`);
    return /^cluster_enabled:1/m.test(await node.info('cluster'));
  } catch (e) {
    throw reason ?? e;
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${seconds(ms)}`)), ms);
  });
  p.catch(() => {});
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The TLS options of `target` (rediss://); none for redis://. */
function tlsOf(target: RedisTarget, c: Connection, seed: Seed): Pick<RedisOptions, 'tls'> {
  if (!target.tls) return {};
  // A name to check the certificate against; an IP address is checked against the certificate's
  // addresses instead (TLS sends no IP address as a server name).
  const ip = /^[\d.]+$|:/.test(seed.host);
  return { tls: { ...(ip ? {} : { servername: seed.host }), ca: c.tls.ca, cert: c.tls.cert, key: c.tls.key } };
}

/**
 * Sends `name` with `args` and keeps the reply's strings as Buffers (an entry holds the input's
 * bytes, which need not be UTF-8). ioredis has such a method for every command, untyped for these.
 */
export function callBuffer(client: Client, name: string, args: ReadonlyArray<string | number>): Promise<unknown> {
  const run = (client as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[`${name}Buffer`]!;
  return run.call(client, ...args);
}

/** The fields of a flat Redis reply ([name, value, name, value, …]) as an object. */
export function fields(reply: unknown): Record<string, unknown> {
  const a = reply as unknown[];
  const o: Record<string, unknown> = {};
  for (let i = 0; i + 1 < a.length; i += 2) o[String(a[i])] = a[i + 1];
  return o;
}

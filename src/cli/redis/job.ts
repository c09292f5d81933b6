/**
 * A job: its settings, written once by `urikit redis init` into the job's hash and read by every
 * producer and worker; its state (producers running, runs finished); and the checks of the
 * server that every command that writes to a job makes first: that Redis will not evict the
 * job's keys, whether it keeps an append-only file, and whether it has the replicas that
 * --wait-replicas waits for. What decides its normal forms and counts (settings.ts) is recorded
 * by the first process that writes, and checked against every later one (`settle`).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SeenMode } from '../options/jobs.js';
import { RedisError, type Server, scriptOn, withTimeout } from './client.js';
import { JobKeys, plainTags } from './keys.js';
import { RULES_FIELD, rulesSetting, type Setting } from './settings.js';

/**
 * The version of a job's layout of keys and records that this urikit reads and writes; a job of
 * another is refused. 3: the job records what decides its normal forms and counts (settings.ts).
 */
export const VERSION = 3;

/** A job's settings. */
export interface JobSettings {
  shards: number;
  seen: SeenMode;
  /** --seen digest: the buckets of each shard's seen-set (1 with exact), and the digest's key. */
  buckets: number;
  key: string;
  /** Each shard's hash tag. */
  tags: string[];
}

/** A job on a server: its name, settings and keys. */
export class Job {
  readonly keys: JobKeys;

  constructor(
    readonly server: Server,
    readonly name: string,
    readonly settings: JobSettings,
  ) {
    this.keys = new JobKeys(name, settings.tags);
  }

  get shards(): number {
    return this.settings.shards;
  }

  get text(): string {
    return this.server.target.text;
  }

  /** An error for a job whose hash is gone: Redis lost it, evicted it, or it was deleted. */
  gone(): RedisError {
    return new RedisError(
      `the job ${this.text} is gone: its hash ${this.keys.meta} is not in Redis (deleted, evicted, or lost in a restart without persistence); its lines cannot be accounted for`,
    );
  }
}

/** The digest buckets for `expected` URLs in `shards` shards: about 256 digests a bucket, under the 512 that Redis keeps as an intset. */
export function bucketsFor(expected: number, shards: number): number {
  return Math.max(1, Math.ceil(expected / shards / 256));
}

/** The job `name` on `server`; throws `RedisError` when there is none. */
export async function openJob(server: Server, name: string): Promise<Job> {
  const keys = new JobKeys(name, []);
  const h = await server.run(`the job ${name}`, (c) => c.hgetall(keys.meta));
  if (h.shards === undefined) {
    const old = await server.run(`the job ${name}`, (c) => c.exists(`urikit:${name}`));
    throw new RedisError(
      old === 1
        ? `the job "${name}" at ${server.target.text} was made by an older urikit, whose jobs this one does not read: publish its input to a new job`
        : `there is no job "${name}" at ${server.target.text}: create it first with "urikit redis init --redis ${server.target.text.replace(/\/[^/]*$/, '')} --job ${name}"`,
    );
  }
  if (h.version !== String(VERSION))
    throw new RedisError(
      `the job "${name}" at ${server.target.text} is of version ${h.version ?? 'none'} of urikit's jobs, and this urikit reads version ${VERSION} only: use the urikit that made it, or publish its input to a new job`,
    );
  const shards = Number(h.shards);
  const settings: JobSettings = {
    shards,
    seen: h.seen === 'digest' ? 'digest' : 'exact',
    buckets: Number(h.buckets ?? 1),
    key: h.key ?? '',
    tags: h.tags === undefined ? plainTags(name, shards) : h.tags.split(','),
  };
  return new Job(server, name, settings);
}

/**
 * Creates the job `name` with `settings` (its tags and digest key chosen here); returns false when
 * it exists already with the same settings, and throws `RedisError` when it exists with others.
 */
export async function createJob(server: Server, name: string, settings: Omit<JobSettings, 'tags' | 'key'>): Promise<boolean> {
  const tags = await spread(server, name, settings.shards);
  const key = settings.seen === 'digest' ? randomBytes(16).toString('hex') : '';
  const keys = new JobKeys(name, tags);
  const fields = [
    'shards',
    settings.shards,
    'seen',
    settings.seen,
    'buckets',
    settings.buckets,
    'version',
    VERSION,
    RULES_FIELD,
    rulesSetting().value,
    'tags',
    tags.join(','),
  ];
  if (key !== '') fields.push('key', key);
  if ((await server.script(`the creation of the job ${name}`, 'urikitCreate', [keys.meta], fields)) === 1) return true;
  const old = (await openJob(server, name)).settings;
  if (old.shards !== settings.shards || old.seen !== settings.seen || old.buckets !== settings.buckets)
    throw new RedisError(
      `the job "${name}" exists at ${server.target.text} with ${describe(old)}, not ${describe(settings)}; choose another name, or keep its settings`,
    );
  return false;
}

/**
 * The shards' hash tags: `JOB:i` on a single node; on a cluster, `JOB:i:X` with X the first
 * number whose slot (CLUSTER KEYSLOT, asked of Redis) a master holds that has the fewest shards
 * so far, so that the masters hold as many shards as can be (where the tags' own slots would fall
 * by chance: 1.13 to 1.88 times a fair share with 16 shards on 3 masters).
 */
async function spread(server: Server, job: string, shards: number): Promise<string[]> {
  if (!server.cluster) return plainTags(job, shards);
  const c = server.client as import('ioredis').Cluster;
  const slots = (await server.run('the slots of the cluster', (x) => x.cluster('SLOTS'))) as unknown as Array<
    [number, number, [string, number]]
  >;
  const owner = new Map<string, Array<[number, number]>>();
  for (const [from, to, [host, port]] of slots) {
    const k = `${host}:${port}`;
    owner.set(k, [...(owner.get(k) ?? []), [from, to]]);
  }
  const masters = [...owner.entries()];
  const load = masters.map(() => 0);
  const tags: string[] = [];
  const CANDIDATES = 64;
  for (let i = 0; i < shards; i++) {
    const names = Array.from({ length: CANDIDATES }, (_, x) => `${job}:${i}:${x}`);
    const slotsOf = await server.run('the slots of the shards', () =>
      Promise.all(names.map((n) => c.cluster('KEYSLOT', n) as Promise<number>)),
    );
    const least = Math.min(...load);
    let pick = 0;
    let at = -1;
    for (let x = 0; x < CANDIDATES && at === -1; x++) {
      const m = masters.findIndex(([, ranges]) => ranges.some(([a, b]) => slotsOf[x]! >= a && slotsOf[x]! <= b));
      if (m !== -1 && load[m] === least) {
        pick = x;
        at = m;
      }
    }
    if (at === -1) at = masters.findIndex(([, ranges]) => ranges.some(([a, b]) => slotsOf[0]! >= a && slotsOf[0]! <= b));
    if (at !== -1) load[at]!++;
    tags.push(names[pick]!);
  }
  return tags;
}

/** "16 shards, seen exact". */
export function describe(s: Pick<JobSettings, 'shards' | 'seen' | 'buckets'>): string {
  return `${s.shards} shards, seen ${s.seen}${s.seen === 'digest' ? ` (${s.buckets} buckets a shard)` : ''}`;
}

/** How long a producer stays listed without a heartbeat (ms); it beats every third of that. */
export const PRODUCER_TTL = 10_000;

/** The producers of a job: running ones (their runs), and the runs started and finished. */
export interface Producers {
  running: number;
  /** The runs of the running producers. */
  live: number[];
  started: number;
  finished: number;
}

export async function producers(job: Job): Promise<Producers> {
  const [live, h] = await job.server.run(`the producers of ${job.text}`, (c) =>
    Promise.all([
      scriptOn(c, 'urikitLive', [job.keys.producers], []) as Promise<string[]>,
      c.hmget(job.keys.meta, 'runs', 'finished', 'shards'),
    ]),
  );
  if (h[2] === null) throw job.gone();
  return { running: live.length, live: live.map((p) => Number(p.split(' ')[0])), started: Number(h[0] ?? 0), finished: Number(h[1] ?? 0) };
}

/**
 * Whether the job's input is closed: some publish run finished and none is running. Workers
 * stop once it is closed and their group has read and acknowledged everything (unless --follow).
 */
export async function inputClosed(job: Job): Promise<boolean> {
  const p = await producers(job);
  return p.finished > 0 && p.running === 0;
}

/** The masters of `server` that evict keys when full (maxmemory-policy other than noeviction): where, and the policy. */
async function evicting(server: Server): Promise<Array<{ at: string; policy: string }>> {
  // The masters as the cluster has them at each try: a failover replaces one that is gone.
  const infos = await server.run('the settings of Redis (INFO)', () =>
    Promise.all(server.masters().map(async (m: Redis) => [m, await m.info('memory')] as const)),
  );
  const out: Array<{ at: string; policy: string }> = [];
  for (const [m, info] of infos) {
    const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1] ?? 'noeviction';
    if (policy !== 'noeviction') out.push({ at: whereIs(server, m), policy });
  }
  return out;
}

function whereIs(server: Server, m: Redis): string {
  return server.cluster ? `the master ${m.options.host}:${m.options.port} of ${server.target.text}` : server.target.text;
}

/**
 * The guard against eviction again, on a running process's heartbeat: throws `RedisError` when
 * some master has come to evict keys since `who` ("this publish") started.
 */
export async function guardAgain(server: Server, who: string): Promise<void> {
  // A master that does not answer now (a failover under way) is looked at on the next beat: the
  // check must not hold the run up, and a master that is down evicts nothing.
  const answers = await Promise.all(
    server.masters().map(async (m: Redis) => [m, await withTimeout(m.info('memory'), 1000, 'no answer').catch(() => null)] as const),
  );
  const [first] = answers.flatMap(([m, info]) => {
    const policy = info === null ? 'noeviction' : (/^maxmemory_policy:(\S+)/m.exec(info)?.[1] ?? 'noeviction');
    return policy === 'noeviction' ? [] : [{ at: whereIs(server, m), policy }];
  });
  if (first !== undefined)
    throw new RedisError(
      `${first.at} evicts keys when it is full since ${who} started (maxmemory-policy ${first.policy}): it can drop the job's keys (its hash, seen-sets, frontier, input not yet read) and lose lines without a word, so ${who} stops here. Set maxmemory-policy noeviction, then run it again ("urikit redis drain" names what was lost)`,
    );
}

/** What `guard` found. */
export interface Guarded {
  /** Notes for standard error: masters without an append-only file. */
  notes: string[];
}

/**
 * Checks every master of `server` before a job is written to: refuses (`RedisError`) one that may
 * evict keys (maxmemory-policy other than noeviction) unless `allowEviction`, and one with fewer
 * replicas than `waitReplicas`; notes one that keeps no append-only file. Read with INFO, which
 * managed services answer where they refuse CONFIG.
 */
export async function guard(server: Server, allowEviction: boolean, waitReplicas: number): Promise<Guarded> {
  const notes: string[] = [];
  const [evicts] = allowEviction ? [] : await evicting(server);
  if (evicts !== undefined)
    throw new RedisError(
      `${evicts.at} evicts keys when it is full (maxmemory-policy ${evicts.policy}): it could drop a job's keys and lose its lines without a word. Set maxmemory-policy noeviction (Redis then refuses writes when full, and urikit waits), or give --allow-eviction to run anyway`,
    );
  const infos = await server.run('the settings of Redis (INFO)', () =>
    Promise.all(server.masters().map(async (m: Redis) => [m, await Promise.all([m.info('persistence'), m.info('replication')])] as const)),
  );
  for (const [m, [persistence, replication]] of infos) {
    const at = whereIs(server, m);
    if (/^aof_enabled:0/m.test(persistence))
      notes.push(
        `urikit: note: ${at} keeps no append-only file (appendonly no): a restart loses what was written since its last snapshot. urikit finds and reports such losses (publish sends lost entries again; drain names lines it cannot account for), but cannot undo them: use appendonly yes with appendfsync always or everysec\n`,
      );
    const replicas = Number(/^connected_slaves:(\d+)/m.exec(replication)?.[1] ?? 0);
    if (replicas < waitReplicas)
      throw new RedisError(
        `${at} has ${replicas} replica${replicas === 1 ? '' : 's'}, and --wait-replicas ${waitReplicas} waits for ${waitReplicas}: give a smaller number, or add replicas`,
      );
  }
  return { notes };
}

/**
 * Records `settings` in the job's hash where it holds none of them yet, in one call; throws
 * `RedisError` when it holds another value of one, naming both (`who`: "this normalize worker").
 */
export async function settle(job: Job, settings: readonly Setting[], who: string): Promise<void> {
  const reply = (await job.server.script(
    'the settings of the job',
    'urikitSettle',
    [job.keys.meta],
    settings.flatMap((s) => [s.field, s.value]),
  )) as number | [] | [string, string];
  if (reply === 0) throw job.gone();
  if (!Array.isArray(reply) || reply.length === 0) return;
  const [field, recorded] = reply;
  const s = settings.find((x) => x.field === field)!;
  throw new RedisError(
    `the job ${job.text} ${s.what}: ${recorded}; ${who}: ${s.value}. A job's URLs and counts mean one thing only: start it with the job's settings, or publish the input to a new job`,
  );
}

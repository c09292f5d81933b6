/**
 * A job: its settings, written once by `urikit redis init` into the job's hash and read by every
 * producer and worker, and its state (producers running and finished).
 */

import type { RedisTarget, SeenMode } from '../jobs.js';
import { type Client, RedisError, script } from './client.js';
import { JobKeys } from './keys.js';

/** A job's settings. */
export interface JobSettings {
  shards: number;
  seen: SeenMode;
  /** --seen digest: the buckets of each shard's seen-set (1 with exact). */
  buckets: number;
}

/** A job on a server: its name, settings and keys. */
export class Job {
  readonly keys: JobKeys;

  constructor(
    readonly target: RedisTarget,
    readonly name: string,
    readonly settings: JobSettings,
  ) {
    this.keys = new JobKeys(name, settings.shards);
  }

  get shards(): number {
    return this.settings.shards;
  }
}

/** The digest buckets for `expected` URLs in `shards` shards: about 256 digests a bucket, under the 512 that Redis keeps as an intset. */
export function bucketsFor(expected: number, shards: number): number {
  return Math.max(1, Math.ceil(expected / shards / 256));
}

/** The job `name` on `target`'s server; throws `RedisError` when there is none. */
export async function openJob(client: Client, target: RedisTarget, name: string): Promise<Job> {
  const keys = new JobKeys(name, 1);
  const h = await client.hgetall(keys.meta);
  if (h.shards === undefined)
    throw new RedisError(
      `there is no job "${name}" at ${target.text}: create it first with "urikit redis init --redis ${target.text.replace(/\/[^/]*$/, '')} --job ${name}"`,
    );
  const settings: JobSettings = {
    shards: Number(h.shards),
    seen: h.seen === 'digest' ? 'digest' : 'exact',
    buckets: Number(h.buckets ?? 1),
  };
  return new Job(target, name, settings);
}

/**
 * Creates the job `name` with `settings`; returns false when it exists already with the same
 * settings, and throws `RedisError` when it exists with others.
 */
export async function createJob(client: Client, target: RedisTarget, name: string, settings: JobSettings): Promise<boolean> {
  const keys = new JobKeys(name, settings.shards);
  const fields = ['shards', settings.shards, 'seen', settings.seen, 'buckets', settings.buckets, 'version', 1];
  if ((await script(client, 'urikitCreate', [keys.meta], fields)) === 1) return true;
  const old = (await openJob(client, target, name)).settings;
  if (old.shards !== settings.shards || old.seen !== settings.seen || old.buckets !== settings.buckets)
    throw new RedisError(
      `the job "${name}" exists at ${target.text} with ${describe(old)}, not ${describe(settings)}; choose another name, or keep its settings`,
    );
  return false;
}

/** "16 shards, seen exact". */
export function describe(s: JobSettings): string {
  return `${s.shards} shards, seen ${s.seen}${s.seen === 'digest' ? ` (${s.buckets} buckets a shard)` : ''}`;
}

/** How long a producer stays listed without a heartbeat (ms); it beats every third of that. */
export const PRODUCER_TTL = 10_000;

/** The producers of a job: running ones, and the number of publish runs that finished. */
export async function producers(client: Client, job: Job): Promise<{ running: number; finished: number }> {
  const [running, finished] = await Promise.all([
    script(client, 'urikitLive', [job.keys.producers], []),
    client.hget(job.keys.meta, 'published'),
  ]);
  return { running: Number(running), finished: Number(finished ?? 0) };
}

/**
 * Whether the job's input is closed: some publish run finished and none is running. Workers
 * stop once it is closed and their group has read and acknowledged everything (unless --follow).
 */
export async function inputClosed(client: Client, job: Job): Promise<boolean> {
  const p = await producers(client, job);
  return p.finished > 0 && p.running === 0;
}

/**
 * A job's keys, its shards, and the seen-set's members.
 *
 * ```
 * urikit:{JOB}                  hash     the job: version, shards, their hash tags, seen mode, digest
 *                                        key and buckets, its settings (settings.ts); runs started
 *                                        and finished, each run's record
 * urikit:{JOB}:producers        zset     running producers ("RUN NAME"), by when their heartbeat runs out
 * urikit:{JOB}:workers          zset     running workers ("GROUP CONSUMER"), by when their heartbeat
 *                                        runs out: who shares the shards (shares.ts)
 * urikit:{T}:in                 stream   shard input: entries of lines (a consumer group per command)
 * urikit:{T}:runs               hash     per run: the last entry number written, the missing ones
 *                                        (gaps), lines written; per group: first and last commit
 * urikit:{T}:ids:RUN            hash     per entry number of a run: its id, first and last line
 * urikit:{T}:done:GROUP:RUN     string   bitmap: the entries a group acknowledged, and the shards
 *                                        their output went to (and, as a field of runs, its lines)
 * urikit:{T}:got:GROUP:RUN      string   bitmap: the entries whose output this shard received
 * urikit:{T}:seen               set      --seen exact: the normal forms seen
 * urikit:{T}:seen:B             set      --seen digest: 64-bit digests, bucket B (an intset each)
 * urikit:{T}:frontier           stream   the normal forms seen for the first time, in batches
 * urikit:{T}:counts             hash     ":urls" in the frontier, ":batches" its entries
 * urikit:{T}:stats              hash     what `stats --from` counted (scalars; the lists' floors)
 * urikit:{T}:top:L, :over:L, :hll:L      a counted list (hosts, paths, schemes of a kind):
 *                                        bounded counts, their over-counts, its distinct values
 * urikit:{T}:dead               stream   input entries delivered more than --max-deliveries times
 * ```
 *
 * T, a shard's hash tag, is `JOB:i`, or on a cluster `JOB:i:X` with X chosen by `init` so that
 * the shards spread evenly over the masters. The keys of a shard share it: Redis Cluster keeps
 * them in one slot, so one Lua call can change them together, and the same calls run on a single
 * node.
 */

/** The names of a job's keys. */
export class JobKeys {
  readonly meta: string;
  readonly producers: string;
  readonly workers: string;

  constructor(
    readonly job: string,
    /** Each shard's hash tag. */
    readonly tags: readonly string[],
  ) {
    this.meta = `urikit:{${job}}`;
    this.producers = `urikit:{${job}}:producers`;
    this.workers = `urikit:{${job}}:workers`;
  }

  private tag(shard: number): string {
    return `urikit:{${this.tags[shard]}}`;
  }

  input(shard: number): string {
    return `${this.tag(shard)}:in`;
  }

  runs(shard: number): string {
    return `${this.tag(shard)}:runs`;
  }

  ids(shard: number, run: number): string {
    return `${this.tag(shard)}:ids:${run}`;
  }

  done(shard: number, group: string, run: number): string {
    return `${this.tag(shard)}:done:${group}:${run}`;
  }

  got(shard: number, group: string, run: number): string {
    return `${this.tag(shard)}:got:${group}:${run}`;
  }

  seen(shard: number): string {
    return `${this.tag(shard)}:seen`;
  }

  bucket(shard: number, bucket: number): string {
    return `${this.tag(shard)}:seen:${bucket}`;
  }

  frontier(shard: number): string {
    return `${this.tag(shard)}:frontier`;
  }

  counts(shard: number): string {
    return `${this.tag(shard)}:counts`;
  }

  stats(shard: number): string {
    return `${this.tag(shard)}:stats`;
  }

  /** A counted list of `stats`: `list` is the kind and what is counted ("0h": the hosts of URIs). */
  top(shard: number, list: string): [zset: string, over: string, hll: string] {
    const t = this.tag(shard);
    return [`${t}:top:${list}`, `${t}:over:${list}`, `${t}:hll:${list}`];
  }

  dead(shard: number): string {
    return `${this.tag(shard)}:dead`;
  }

  /** The pattern of every key of the job's shards (`SCAN MATCH`); the job's own keys (meta, producers, workers) are apart. */
  get pattern(): string {
    return `urikit:{${this.job}:*`;
  }
}

/** The hash tags of a job's shards on a single node: `JOB:i`. */
export function plainTags(job: string, shards: number): string[] {
  return Array.from({ length: shards }, (_, i) => `${job}:${i}`);
}

/**
 * 32-bit FNV-1a, a byte at a time: `fnv(h, byte)` from `FNV_START`, then `shardOfHash`. The shard
 * functions here and the walks that hash a host as they find it (publish, the worker's frontier)
 * all use these, so that every producer and worker computes the same shard.
 */
export const FNV_START = 0x811c9dc5;
export function fnv(h: number, byte: number): number {
  return Math.imul(h ^ byte, 0x01000193);
}
export function shardOfHash(h: number, shards: number): number {
  return (h >>> 0) % shards;
}

/**
 * The shard of a key: 32-bit FNV-1a of its UTF-8 bytes, modulo `shards`. Every producer and
 * worker computes the same shard for the same host, on any machine.
 * @example
 * shardOf('example.com', 16); // 6
 */
export function shardOf(key: string, shards: number): number {
  return shardOfRange(key, 0, key.length, shards);
}

/** `shardOf` of characters [start, end) of `s`, without making a string of them. */
export function shardOfRange(s: string, start: number, end: number, shards: number): number {
  let h = FNV_START;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      const key = Buffer.from(s.slice(start, end));
      return shardOfBytes(key, 0, key.length, shards);
    }
    h = fnv(h, c);
  }
  return shardOfHash(h, shards);
}

/** `shardOf` of bytes [start, end) of `b`. */
export function shardOfBytes(b: Uint8Array, start: number, end: number, shards: number): number {
  let h = FNV_START;
  for (let i = start; i < end; i++) h = fnv(h, b[i]!);
  return shardOfHash(h, shards);
}

/** `shardOf` of bytes [start, end) of `b` in ASCII lower case: a host as written, found by publish. */
export function shardOfLower(b: Uint8Array, start: number, end: number, shards: number): number {
  let h = FNV_START;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    h = fnv(h, c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
  }
  return shardOfHash(h, shards);
}

/**
 * A job's keys, its shards, and the seen-set's members.
 *
 * ```
 * urikit:JOB                    hash     the job: shards, seen mode, digest buckets; publish runs finished
 * urikit:JOB:producers          zset     running producers, scored by when their heartbeat runs out
 * urikit:{JOB:i}:in             stream   shard i's input: batches of lines (consumer group per command)
 * urikit:{JOB:i}:seen           set      --seen exact: the normal forms seen
 * urikit:{JOB:i}:seen:B         set      --seen digest: 64-bit digests, bucket B (an intset each)
 * urikit:{JOB:i}:frontier       stream   the normal forms seen for the first time, in batches
 * urikit:{JOB:i}:counts         hash     frontier URLs by host, and ":urls" in all
 * urikit:{JOB:i}:stats          hash     what `stats --from` counted
 * urikit:{JOB:i}:dead           stream   input batches delivered more than --max-deliveries times
 * ```
 *
 * The keys of a shard share the hash tag `{JOB:i}`: Redis Cluster keeps them in one slot, so one
 * Lua call can change them together, and the same calls run on a single node.
 */
import { createHash } from 'node:crypto';

/** The names of a job's keys. */
export class JobKeys {
  readonly meta: string;
  readonly producers: string;

  constructor(
    readonly job: string,
    readonly shards: number,
  ) {
    this.meta = `urikit:${job}`;
    this.producers = `urikit:${job}:producers`;
  }

  private tag(shard: number): string {
    return `urikit:{${this.job}:${shard}}`;
  }

  input(shard: number): string {
    return `${this.tag(shard)}:in`;
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

  dead(shard: number): string {
    return `${this.tag(shard)}:dead`;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The shard of a key: 32-bit FNV-1a of its UTF-8 bytes, modulo `shards`. Every producer and
 * worker computes the same shard for the same host, on any machine.
 * @example
 * shardOf('example.com', 16); // 6
 */
export function shardOf(key: string, shards: number): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c >= 0x80) return shardOfBytes(Buffer.from(key), 0, Buffer.byteLength(key), shards);
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return (h >>> 0) % shards;
}

/** `shardOf` of bytes [start, end) of `b`. */
export function shardOfBytes(b: Uint8Array, start: number, end: number, shards: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ b[i]!, FNV_PRIME);
  return (h >>> 0) % shards;
}

/**
 * The `--seen digest` member of a URL and its bucket: the first 64 bits of its SHA-256 as a
 * signed decimal integer (Redis keeps a set of such integers as an intset, 8 bytes each), and the
 * next 32 bits modulo `buckets`. Two distinct URLs of one shard are taken for one only when all
 * 64 bits agree: for n URLs in a shard, each new URL is wrongly taken as seen with probability at
 * most n / 2^64. SHA-256, not a faster hash, so that no one can make URLs collide on purpose.
 */
export function digestOf(url: string, buckets: number): [member: string, bucket: number] {
  const d = createHash('sha256').update(url).digest();
  return [d.readBigInt64LE(0).toString(), d.readUInt32LE(8) % buckets];
}

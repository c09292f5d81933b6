/**
 * Which shards each worker of a group reads new entries from: its share, from the group's live
 * workers (a heartbeat each, in the job's workers set), so that workers split the job instead of
 * all reading every shard.
 *
 * Each shard goes to the live worker that ranks first for it (rendezvous hashing: a hash of the
 * worker's name and the shard) among those that hold fewer than ⌈shards / workers⌉: every worker
 * computes the same shares from the same list, a worker that joins or leaves moves few shards,
 * and no worker holds more than its part. Shares only say who reads; the consumer group says what
 * is read (an entry is delivered once) and a dead worker's pending entries are claimed as before.
 * So two workers that see different lists for a moment (one joined, one's heartbeat ran out) read
 * a shard both, or it waits a heartbeat: the job's result is the same.
 */

/** How often a worker renews its heartbeat and looks at the list (ms). */
export const SHARE_BEAT = 1000;
/** How long a worker stays in the list without a heartbeat (ms): then its shards go to the others. */
export const WORKER_TTL = 5000;

/** The member of the job's workers set that names `consumer` of `group`. */
export function memberOf(group: string, consumer: string): string {
  return `${group} ${consumer}`;
}

/** The consumers of `group` among the members of the workers set, sorted. */
export function workersOf(members: readonly string[], group: string): string[] {
  const prefix = `${group} `;
  return members
    .filter((m) => m.startsWith(prefix))
    .map((m) => m.slice(prefix.length))
    .sort();
}

/**
 * The shards of `me` among `workers` (the group's live consumers) when a job has `shards` shards;
 * every shard when `me` is not among them (it has not joined the list yet: it reads them all
 * rather than none).
 *
 * ```ts
 * shareOf(['a', 'b'], 'a', 4).length; // 2
 * ```
 */
export function shareOf(workers: readonly string[], me: string, shards: number): number[] {
  const all = Array.from({ length: shards }, (_, i) => i);
  const n = workers.length;
  if (!workers.includes(me)) return all;
  const cap = Math.ceil(shards / n);
  const held = new Map<string, number>(workers.map((w) => [w, 0]));
  const mine: number[] = [];
  for (const shard of all) {
    const ranked = [...workers].sort((a, b) => rank(b, shard) - rank(a, shard) || (a < b ? -1 : 1));
    const owner = ranked.find((w) => held.get(w)! < cap)!;
    held.set(owner, held.get(owner)! + 1);
    if (owner === me) mine.push(shard);
  }
  return mine;
}

/** A worker's rank for a shard: FNV-1a of its name and the shard, mixed (murmur3's finalizer). */
function rank(worker: string, shard: number): number {
  let h = 0x811c9dc5;
  const s = `${worker}\n${shard}`;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

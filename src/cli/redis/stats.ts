/**
 * `stats --from`: the counts of each input entry go, exactly once, into the keys of the entry's
 * shard (ACK in lua.ts), in memory that does not grow with the input; `stats --from … --report`
 * adds the shards up into the same `Stats` a local run builds and prints its table or JSON.
 *
 * ```
 * the stats hash, scalar counts:
 *   l lines   e empty lines   x:CODE lines without a URI
 *   :log:FORMAT  :group:BY   the workers' --log and --group-by
 *   K is 0 (URIs, or a log's request targets) or 1 (a log's referrers):
 *   Ku URIs  Kv valid  Ki invalid  Ka referrers "-"   Kt:HOST-TYPE  Ke:CODE  Kw:WARNING  Kf:TARGET-FORM
 * the counted lists Ks (schemes), Kh (hosts), Kp (paths): a sorted set of at most 2 × --track
 *   values each (Space-Saving, as a local stats keeps them: Kx:floor and Kx:seen in the stats
 *   hash, each value's over-count in a hash), and a HyperLogLog of every value
 * ```
 */
import type { StatsSettings } from '../commands/stats.js';
import { Stats, type UriStatsData } from '../stats/counts.js';
import type { TopKData } from '../stats/topk.js';
import type { Server } from './client.js';
import type { Job } from './job.js';

/** The counted lists of a kind: schemes, hosts, paths. */
const LISTS = [
  ['schemes', 's'],
  ['hosts', 'h'],
  ['paths', 'p'],
] as const;

const MAPS = [
  ['hostTypes', 't'],
  ['errors', 'e'],
  ['warnings', 'w'],
  ['forms', 'f'],
] as const;

/** The counted lists of a stats worker: "0s", "0h", "0p" (and "1s", … for a log's referrers). */
export function statsKeys(log: boolean): string[] {
  return (log ? [0, 1] : [0]).flatMap((k) => LISTS.map(([, c]) => `${k}${c}`));
}

/**
 * The counts of `s` (one entry's, exact) as ACK takes them: the number of scalar counts, their
 * field, n pairs, then the number of list counts and their list (1-based in `lists`), value, n
 * triples.
 */
export function statsArgs(s: Stats, config: StatsSettings, lists: readonly string[]): Array<string | number> {
  const d = s.toData();
  const scalars: Array<string | number> = [`:log:${config.log ?? ''}`, 1, `:group:${config.groupBy}`, 1];
  const put = (name: string, n: number): void => {
    if (n !== 0) scalars.push(name, n);
  };
  put('l', d.lines);
  put('e', d.emptyLines);
  for (const [code, n] of d.lineErrors) put(`x:${code}`, n);
  const counts: Array<string | number> = [];
  d.kinds.forEach((k, i) => {
    put(`${i}u`, k.uris);
    put(`${i}v`, k.valid);
    put(`${i}i`, k.invalid);
    put(`${i}a`, k.absent);
    for (const [m, short] of MAPS) for (const [value, n] of k[m]) put(`${i}${short}:${value}`, n);
    for (const [t, short] of LISTS) {
      const l = lists.indexOf(`${i}${short}`) + 1;
      for (const [value, n] of k[t].entries) counts.push(l, value, n);
    }
  });
  return [scalars.length / 2, ...scalars, counts.length / 3, ...counts];
}

/** The name of the hosts' list in the report, by `--group-by`. */
const GROUPS: Readonly<Record<string, string>> = { host: 'hosts', domain: 'domains', suffix: 'suffixes' };

/** The counts of a job, added up; `estimates`: distinct values of the lists that are not exact (HyperLogLog). */
export interface JobStats {
  stats: Stats;
  log: string;
  estimates: Map<string, number>;
}

/**
 * Adds the counts of every shard of `job` into one `Stats` (--track bounds it as locally); `log`
 * is the log format the workers read ("" for none). The hosts were counted as the workers'
 * --group-by said.
 */
export async function readStats(job: Job, config: StatsSettings): Promise<JobStats> {
  const server = job.server;
  const shards = await Promise.all(Array.from({ length: job.shards }, (_, i) => readShard(server, job, i)));
  let log = '';
  let group = 'host';
  for (const s of shards)
    for (const f of s.hash.keys()) {
      if (f.startsWith(':log:')) log = f.slice(5);
      else if (f.startsWith(':group:')) group = f.slice(7);
    }
  const stats = new Stats(log !== '', config.track, { name: GROUPS[group]!, key: (host) => host });
  const inexact = new Set<string>();
  for (const s of shards) {
    const kinds = stats.kinds.map(() => emptyKind());
    let lines = 0;
    let emptyLines = 0;
    const lineErrors: Array<[string, number]> = [];
    for (const [field, value] of s.hash) {
      const n = Number(value);
      if (field === 'l') lines += n;
      else if (field === 'e') emptyLines += n;
      else if (field.startsWith('x:')) lineErrors.push([field.slice(2), n]);
      else if (/^\d[uvia]$/.test(field)) kinds[Number(field[0])]!.counts[field[1] as 'u']! += n;
      else if (/^\d[tewf]:/.test(field)) add(kinds[Number(field[0])]!.maps[field[1]!]!, field.slice(3), n);
    }
    for (const [list, top] of s.lists) {
      kinds[Number(list[0])]!.tops[list[1]!] = top;
      if (top.floor > 0) inexact.add(list);
    }
    stats.merge({ lines, emptyLines, lineErrors, kinds: kinds.map((k) => toData(k, config.track)) });
  }
  const estimates = new Map<string, number>();
  for (const list of inexact) estimates.set(list, await distinct(server, job, list));
  return { stats, log, estimates };
}

interface ShardCounts {
  hash: Map<string, string>;
  lists: Map<string, TopKData>;
}

async function readShard(server: Server, job: Job, i: number): Promise<ShardCounts> {
  const k = job.keys;
  const hash = await scanHash(server, k.stats(i));
  const lists = new Map<string, TopKData>();
  for (const list of statsKeys(true)) {
    const [z, over] = k.top(i, list);
    const [values, overs] = await server.run('the counts', (c) => Promise.all([c.zrange(z, 0, -1, 'WITHSCORES'), c.hgetall(over)]));
    if (values.length === 0) continue;
    const entries: Array<[string, number, number]> = [];
    for (let x = 0; x + 1 < values.length; x += 2) entries.push([values[x]!, Number(values[x + 1]), Number(overs[values[x]!] ?? 0)]);
    lists.set(list, {
      capacity: 0,
      floor: Number(hash.get(`${z}:floor`) ?? 0),
      seen: Math.max(entries.length, Number(hash.get(`${z}:seen`) ?? 0)),
      entries,
    });
  }
  return { hash, lists };
}

/** One kind's counts of a shard while they are read. */
interface Kind {
  counts: Record<'u' | 'v' | 'i' | 'a', number>;
  maps: Record<string, Map<string, number>>;
  tops: Record<string, TopKData>;
}

function emptyKind(): Kind {
  const maps: Record<string, Map<string, number>> = {};
  for (const [, s] of MAPS) maps[s] = new Map();
  return { counts: { u: 0, v: 0, i: 0, a: 0 }, maps, tops: {} };
}

function toData(k: Kind, capacity: number): UriStatsData {
  const top = (s: string): TopKData => k.tops[s] ?? { capacity, floor: 0, seen: 0, entries: [] };
  return {
    uris: k.counts.u,
    valid: k.counts.v,
    invalid: k.counts.i,
    absent: k.counts.a,
    schemes: top('s'),
    hosts: top('h'),
    paths: top('p'),
    hostTypes: [...k.maps.t!],
    errors: [...k.maps.e!],
    warnings: [...k.maps.w!],
    forms: [...k.maps.f!],
  };
}

function add(m: Map<string, number>, key: string, n: number): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

/**
 * The distinct values of `list` in all shards: their HyperLogLogs copied (DUMP, RESTORE) into
 * keys of one slot, merged and counted there (an estimate within about 1%), then removed.
 */
async function distinct(server: Server, job: Job, list: string): Promise<number> {
  const tag = `urikit:{${job.name}:report}:hll:${list}`;
  const copies: string[] = [];
  for (let i = 0; i < job.shards; i++) {
    const [, , hll] = job.keys.top(i, list);
    const dump = await server.run('the distinct counts', (c) => c.dumpBuffer(hll));
    if (dump === null) continue;
    const copy = `${tag}:${i}`;
    await server.run('the distinct counts', (c) => c.restore(copy, 60_000, dump, 'REPLACE'));
    copies.push(copy);
  }
  if (copies.length === 0) return 0;
  return server.run('the distinct counts', async (c) => {
    const n = await c.pfcount(...copies);
    await c.del(...copies);
    return n;
  });
}

/** A hash's fields, read in pages. */
export async function scanHash(server: Server, key: string): Promise<Map<string, string>> {
  const m = new Map<string, string>();
  let cursor = '0';
  do {
    const [next, flat] = await server.run(`the hash ${key}`, (c) => c.hscan(key, cursor, 'COUNT', 1000));
    for (let i = 0; i + 1 < flat.length; i += 2) m.set(flat[i]!, flat[i + 1]!);
    cursor = next;
  } while (cursor !== '0');
  return m;
}

/** What a log job's report leaves out, said on standard error. */
export const JOB_LOG_NOTE =
  "a job's counts hold the log's URIs only: its statuses, visitors, bytes, bots, broken links, times and routes are counted by stats --log run on the log itself";

/** What the report says of the lists that are not exact: their distinct values, estimated. */
export function estimatesNote(estimates: Map<string, number>, log: boolean): string {
  if (estimates.size === 0) return '';
  const names: Record<string, string> = { s: 'schemes', h: 'hosts', p: 'paths' };
  const parts = [...estimates].map(
    ([list, n]) => `${log ? (list[0] === '0' ? 'targets\u2019 ' : 'referrers\u2019 ') : ''}${names[list[1]!]} ~${n}`,
  );
  return `\n  distinct values (HyperLogLog estimates, within about 1%): ${parts.join(', ')}\n`;
}

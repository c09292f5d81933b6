/**
 * `stats --from`: the counts of each input entry go, exactly once, into the stats hash of the
 * entry's shard (COUNT in lua.ts), as one field per counted value; `stats --from … --report` adds
 * the shards' hashes up into the same `Stats` a local run builds and prints its table or JSON.
 *
 * ```
 * l lines   e empty lines   x:CODE lines without a URI
 * :log the log format ("" for none)   :group what hosts are counted by (--group-by)
 * K is 0 (URIs, or a log's request targets) or 1 (a log's referrers):
 * Ku URIs  Kv valid  Ki invalid  Ka referrers "-"
 * Ks:SCHEME  Kh:HOST  Kp:PATH  Kt:HOST-TYPE  Ke:CODE  Kw:WARNING  Kf:TARGET-FORM   (counts by value)
 * ```
 */
import type { Config } from '../config.js';
import { Stats, type UriStatsData } from '../stats/counts.js';
import type { TopKData } from '../stats/topk.js';
import type { Client } from './client.js';
import type { Job } from './job.js';

/** The fields and increments of `s` (the counts of one entry), flat: [field, n, field, n, …]. */
export function statsFields(s: Stats): string[] {
  const d = s.toData();
  const f: string[] = [];
  const put = (name: string, n: number): void => {
    if (n !== 0) f.push(name, String(n));
  };
  put('l', d.lines);
  put('e', d.emptyLines);
  for (const [code, n] of d.lineErrors) put(`x:${code}`, n);
  d.kinds.forEach((k, i) => {
    put(`${i}u`, k.uris);
    put(`${i}v`, k.valid);
    put(`${i}i`, k.invalid);
    put(`${i}a`, k.absent);
    for (const [t, short] of TOPS) for (const [value, n] of k[t].entries) put(`${i}${short}:${value}`, n);
    for (const [m, short] of MAPS) for (const [value, n] of k[m]) put(`${i}${short}:${value}`, n);
  });
  return f;
}

const TOPS = [
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

/** The name of the hosts' list in the report, by `--group-by`. */
const GROUPS: Readonly<Record<string, string>> = { host: 'hosts', domain: 'domains', suffix: 'suffixes' };

/**
 * Adds the stats hashes of every shard of `job` into one `Stats` (--track bounds it as locally);
 * `log` is the log format the workers read ("" for none). The hosts were counted as the workers'
 * --group-by said.
 */
export async function readStats(client: Client, job: Job, config: Config): Promise<{ stats: Stats; log: string }> {
  const hashes = await Promise.all(Array.from({ length: job.shards }, (_, i) => scanHash(client, job.keys.stats(i))));
  const settings = hashes.find((h) => h.has(':log'));
  const log = settings?.get(':log') ?? '';
  const name = GROUPS[settings?.get(':group') ?? 'host']!;
  const stats = new Stats(log !== '', config.track, { name, key: (host) => host });
  const kinds = stats.kinds.map(() => emptyKind());
  const lineErrors = new Map<string, number>();
  for (const h of hashes) {
    for (const [field, value] of h) {
      const n = Number(value);
      if (field === 'l') stats.lines += n;
      else if (field === 'e') stats.emptyLines += n;
      else if (field.startsWith('x:')) add(lineErrors, field.slice(2), n);
      else if (field[0] !== ':') addKind(kinds[Number(field[0])]!, field, n);
    }
  }
  stats.merge({ lines: 0, emptyLines: 0, lineErrors: [...lineErrors], kinds: kinds.map(toData) });
  return { stats, log };
}

/** One kind's counts while they are added up. */
interface Kind {
  counts: Record<'u' | 'v' | 'i' | 'a', number>;
  values: Record<string, Map<string, number>>;
}

function emptyKind(): Kind {
  const values: Record<string, Map<string, number>> = {};
  for (const [, s] of [...TOPS, ...MAPS]) values[s] = new Map();
  return { counts: { u: 0, v: 0, i: 0, a: 0 }, values };
}

function addKind(k: Kind, field: string, n: number): void {
  const c = field[1]!;
  if (field.length === 2) k.counts[c as 'u']! += n;
  else add(k.values[c]!, field.slice(3), n);
}

function toData(k: Kind): UriStatsData {
  const top = (s: string): TopKData => ({ capacity: 0, floor: 0, seen: 0, entries: [...k.values[s]!].map(([v, n]) => [v, n, 0]) });
  return {
    uris: k.counts.u,
    valid: k.counts.v,
    invalid: k.counts.i,
    absent: k.counts.a,
    schemes: top('s'),
    hosts: top('h'),
    paths: top('p'),
    hostTypes: [...k.values.t!],
    errors: [...k.values.e!],
    warnings: [...k.values.w!],
    forms: [...k.values.f!],
  };
}

function add(m: Map<string, number>, key: string, n: number): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

/** A hash's fields, read in pages (a shard's stats may hold millions of paths). */
export async function scanHash(client: Client, key: string): Promise<Map<string, string>> {
  const m = new Map<string, string>();
  let cursor = '0';
  do {
    const [next, flat] = await client.hscan(key, cursor, 'COUNT', 1000);
    for (let i = 0; i + 1 < flat.length; i += 2) m.set(flat[i]!, flat[i + 1]!);
    cursor = next;
  } while (cursor !== '0');
  return m;
}

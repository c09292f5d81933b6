/**
 * `urikit redis init|status|drain|export|trim --redis URL --job NAME`: a job's life outside its
 * producers and workers. `init` creates it; `status` shows each shard's input, every group's lag
 * and pending entries, dead letters, the frontier and memory; `drain` waits until the input is
 * closed and read; `export` writes the frontier, the counts by host or the dead letters; `trim`
 * removes the input entries that every group has acknowledged.
 */
import type { Config } from '../config.js';
import { BufferedWriter } from '../io/writer.js';
import type { RedisTarget } from '../jobs.js';
import type { Io } from '../run.js';
import { type Client, fields } from './client.js';
import { type Group, groupsOf } from './groups.js';
import { bucketsFor, createJob, describe, inputClosed, type Job, openJob, producers } from './job.js';

/** Runs `urikit redis ACTION`; returns the exit code. */
export async function control(client: Client, config: Config, io: Io): Promise<number> {
  const r = config.redis;
  const server = r.server!;
  const name = server.job!;
  if (r.action === 'init') {
    const settings = { shards: r.shards, seen: r.seen, buckets: r.seen === 'digest' ? bucketsFor(r.expected, r.shards) : 1 };
    const created = await createJob(client, server, name, settings);
    if (!config.quiet)
      io.stderr.write(
        `urikit: ${created ? 'created' : 'kept'} the job ${server.text} (${describe(settings)})${created ? '' : ': it exists already'}\n`,
      );
    return 0;
  }
  const job = await openJob(client, server, name);
  switch (r.action) {
    case 'status': {
      const s = await status(client, job);
      io.stdout.write(config.json ? `${JSON.stringify(s, null, 2)}\n` : statusTable(s, server));
      return 0;
    }
    case 'drain':
      return drain(client, job, r.timeout, config.quiet ? null : io.stderr);
    case 'export':
      return exportJob(client, job, r.export, io);
    default:
      return trim(client, job, config.quiet ? null : io.stderr);
  }
}

/** A job's state, as `status --json` writes it. */
export interface Status {
  job: string;
  shards: number;
  seen: string;
  producers: { running: number; finished: number };
  /** Some publish run finished and none is running. */
  closed: boolean;
  /** Input entries, frontier URLs, dead letters, memory (bytes) in all. */
  input: number;
  urls: number;
  dead: number;
  memory: number;
  /** Each group's lag and pending entries, over all shards. */
  groups: Record<string, { lag: number; pending: number }>;
  perShard: ShardStatus[];
}

export interface ShardStatus {
  shard: number;
  input: number;
  groups: Record<string, { lag: number; pending: number }>;
  dead: number;
  urls: number;
  memory: number;
}

/** How many digest buckets of a shard `status` measures (and scales up to all of them). */
const SAMPLED_BUCKETS = 16;

/** The state of `job`. */
export async function status(client: Client, job: Job): Promise<Status> {
  const p = await producers(client, job);
  const perShard = await Promise.all(Array.from({ length: job.shards }, (_, i) => shardStatus(client, job, i)));
  const groups: Status['groups'] = {};
  for (const s of perShard) {
    for (const [g, v] of Object.entries(s.groups)) {
      const t = (groups[g] ??= { lag: 0, pending: 0 });
      t.lag += v.lag;
      t.pending += v.pending;
    }
  }
  const sum = (f: (s: ShardStatus) => number): number => perShard.reduce((a, s) => a + f(s), 0);
  return {
    job: job.name,
    shards: job.shards,
    seen: job.settings.seen,
    producers: p,
    closed: p.finished > 0 && p.running === 0,
    input: sum((s) => s.input),
    urls: sum((s) => s.urls),
    dead: sum((s) => s.dead),
    memory: sum((s) => s.memory),
    groups,
    perShard,
  };
}

async function shardStatus(client: Client, job: Job, i: number): Promise<ShardStatus> {
  const k = job.keys;
  const { seen, buckets } = job.settings;
  const sampled = seen === 'digest' ? Math.min(buckets, SAMPLED_BUCKETS) : 0;
  const usage = (key: string): Promise<number> => client.memory('USAGE', key).then((n) => Number(n ?? 0));
  const [input, dead, urls, groups, memory, bucketMemory] = await Promise.all([
    client.xlen(k.input(i)),
    client.xlen(k.dead(i)),
    client.hget(k.counts(i), ':urls'),
    groupsOf(client, k.input(i)),
    Promise.all([k.input(i), k.frontier(i), k.counts(i), k.stats(i), k.dead(i), ...(seen === 'exact' ? [k.seen(i)] : [])].map(usage)),
    Promise.all(Array.from({ length: sampled }, (_, b) => usage(k.bucket(i, b)))),
  ]);
  const bucketsBytes = sampled === 0 ? 0 : Math.round((bucketMemory.reduce((a, b) => a + b, 0) * buckets) / sampled);
  return {
    shard: i,
    input,
    groups: Object.fromEntries(groups.map((g) => [g.name, { lag: g.lag, pending: g.pending }])),
    dead,
    urls: Number(urls ?? 0),
    memory: memory.reduce((a, b) => a + b, 0) + bucketsBytes,
  };
}

function statusTable(s: Status, server: RedisTarget): string {
  const names = Object.keys(s.groups).sort();
  const head = ['shard', 'input', ...names.map((g) => `${g} lag/pending`), 'dead', 'frontier URLs', 'memory'];
  const row = (label: string, input: number, groups: Status['groups'], dead: number, urls: number, memory: number): string[] => [
    label,
    String(input),
    ...names.map((g) => `${groups[g]?.lag ?? '-'}/${groups[g]?.pending ?? '-'}`),
    String(dead),
    String(urls),
    mb(memory),
  ];
  const rows = [head, ...s.perShard.map((p) => row(String(p.shard), p.input, p.groups, p.dead, p.urls, p.memory))];
  rows.push(row('all', s.input, s.groups, s.dead, s.urls, s.memory));
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  const state = s.closed ? 'the input is closed' : s.producers.running > 0 ? 'publishing' : 'no publish run has finished';
  return [
    `urikit redis status: ${server.text} (${s.shards} shards, seen ${s.seen})`,
    `producers: ${s.producers.running} running, ${s.producers.finished} finished (${state})`,
    names.length === 0 ? 'groups: none (no worker has started)' : `groups: ${names.join(', ')}`,
    '',
    ...lines,
    '',
  ].join('\n');
}

function mb(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Whether the job is done: its input closed, and every group on every shard without lag or pending entries. */
export async function isDone(client: Client, job: Job, group: string | null): Promise<boolean> {
  // The input's state first: a producer that finishes after this read has sent its entries.
  if (!(await inputClosed(client, job))) return false;
  const shards = await Promise.all(Array.from({ length: job.shards }, (_, i) => groupsOf(client, job.keys.input(i))));
  const idle = (g: Group): boolean => g.lag === 0 && g.pending === 0;
  return shards.every((gs) => {
    const mine = group === null ? gs : gs.filter((g) => g.name === group);
    return mine.length > 0 && mine.every(idle);
  });
}

/** Waits until the job is done; 0 when it is, 1 when `timeout` (ms) ran out first. */
async function drain(client: Client, job: Job, timeout: number | null, err: NodeJS.WritableStream | null): Promise<number> {
  const started = Date.now();
  let told = -Infinity;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    if (await isDone(client, job, null)) break;
    const waited = Date.now() - started;
    if (timeout !== null && waited >= timeout) {
      err?.write(`urikit: redis drain: ${job.target.text} is not done after ${waited} ms: ${await remaining(client, job)}\n`);
      return 1;
    }
    // What it waits for, at once and then every 5 seconds.
    if (err !== null && waited - told >= 5000) {
      told = waited;
      err.write(`urikit: redis drain: waiting: ${await remaining(client, job)}\n`);
    }
    await new Promise((r) => setTimeout(r, pause));
  }
  if (err !== null) {
    const s = await status(client, job);
    err.write(
      `urikit: redis drain: ${job.target.text} is done: ${s.input} input entries read by ${Object.keys(s.groups).join(', ')}; ${s.urls} URLs in the frontier; ${s.dead} dead letters\n`,
    );
  }
  return 0;
}

/** What the job waits for, in words. */
async function remaining(client: Client, job: Job): Promise<string> {
  const s = await status(client, job);
  const parts: string[] = [];
  if (!s.closed) parts.push(s.producers.running > 0 ? `${s.producers.running} producers running` : 'no publish run has finished');
  if (Object.keys(s.groups).length === 0) parts.push('no worker has started');
  for (const [g, v] of Object.entries(s.groups))
    if (v.lag + v.pending > 0) parts.push(`${g}: ${v.lag} entries unread, ${v.pending} pending`);
  return parts.join('; ');
}

/** Writes the frontier (one URL a line), the counts (host<TAB>count) or the dead letters (their lines). */
async function exportJob(client: Client, job: Job, what: 'frontier' | 'counts' | 'dead', io: Io): Promise<number> {
  const out = new BufferedWriter(io.stdout);
  const k = job.keys;
  for (let i = 0; i < job.shards && !out.closed; i++) {
    if (what === 'counts') {
      let cursor = '0';
      do {
        const [next, flat] = await client.hscan(k.counts(i), cursor, 'COUNT', 1000);
        let text = '';
        for (let j = 0; j + 1 < flat.length; j += 2) if (flat[j] !== ':urls') text += `${flat[j]}\t${flat[j + 1]}\n`;
        await out.write(text);
        cursor = next;
      } while (cursor !== '0' && !out.closed);
      continue;
    }
    const key = what === 'frontier' ? k.frontier(i) : k.dead(i);
    const field = what === 'frontier' ? 'u' : 'd';
    for (let from = '-'; !out.closed; ) {
      const page = await client.xrangeBuffer(key, from, '+', 'COUNT', 500);
      for (const [, flat] of page) {
        const v = fields(flat)[field] as Buffer | undefined;
        if (v !== undefined) await out.write(Buffer.concat([v, NEWLINE]));
      }
      if (page.length < 500) break;
      from = `(${page[page.length - 1]![0].toString()}`;
    }
  }
  if (out.error !== null) {
    io.stderr.write(`urikit: cannot write the output: ${out.error.message}\n`);
    return 2;
  }
  return 0;
}

const NEWLINE = Buffer.from('\n');

/** Removes from each shard's input the entries that every group has acknowledged. */
async function trim(client: Client, job: Job, err: NodeJS.WritableStream | null): Promise<number> {
  let removed = 0;
  const names = new Set<string>();
  for (let i = 0; i < job.shards; i++) {
    const key = job.keys.input(i);
    const groups = await groupsOf(client, key);
    if (groups.length === 0) continue;
    let min: string | null = null;
    for (const g of groups) {
      names.add(g.name);
      // Below the oldest pending entry, or past the last delivered one, all is acknowledged.
      const first = g.pending > 0 ? String(((await client.xpending(key, g.name)) as unknown[])[1]) : next(g.lastDelivered);
      if (min === null || compareIds(first, min) < 0) min = first;
    }
    removed += await client.xtrim(key, 'MINID', min!);
  }
  err?.write(
    names.size === 0
      ? `urikit: redis trim: nothing to trim: no worker has read ${job.target.text}\n`
      : `urikit: redis trim: removed ${removed} input entries that ${[...names].sort().join(', ')} acknowledged\n`,
  );
  return 0;
}

/** The stream id after `id`. */
function next(id: string): string {
  const [ms, seq] = id.split('-');
  return `${ms}-${BigInt(seq!) + 1n}`;
}

function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  return am! < bm! ? -1 : am! > bm! ? 1 : as! < bs! ? -1 : as! > bs! ? 1 : 0;
}

/**
 * `urikit redis init|status|drain|export|trim|delete --redis URL --job NAME`: a job's life outside
 * its producers and workers. `init` creates it; `status` shows each shard's input, every group's
 * lag, pending entries and workers, the runs of publish, dead letters, the frontier and memory;
 * `drain` waits until the input is closed and read, then accounts for every published line;
 * `export` writes the frontier, the counts by host or the dead letters; `trim` removes the input
 * entries that every group has acknowledged; `delete` removes the job.
 *
 * drain's accounts are those of accounts.ts.
 */

import { BufferedWriter } from '../io/writer.js';
import type { Io } from '../run/run.js';
import { account, closeAbandoned, describeMissing, isDone } from './accounts.js';
import { RedisError, type Server } from './client.js';
import type { ControlSettings } from './control-spec.js';
import { consumersOf, groupsOf, LIVE, trimShard } from './groups.js';
import { bucketsFor, createJob, describe, guard, type Job, openJob, producers } from './job.js';

/** Exit codes of `redis`: drain timed out (1); drain found lines unaccounted for, or the job gone (3). */
const TIMED_OUT = 1;
const INCOMPLETE = 3;

/** Runs `urikit redis ACTION`; returns the exit code. */
export async function control(server: Server, config: ControlSettings, io: Io): Promise<number> {
  const r = config.redis;
  const name = r.server!.job!;
  const err = config.quiet ? null : io.stderr;
  if (r.action === 'init') {
    const { notes } = await guard(server, r.connection.allowEviction, 0);
    for (const n of notes) err?.write(n);
    const settings = { shards: r.shards, seen: r.seen, buckets: r.seen === 'digest' ? bucketsFor(r.expected, r.shards) : 1 };
    const created = await createJob(server, name, settings);
    err?.write(
      `urikit: ${created ? 'created' : 'kept'} the job ${server.target.text} (${describe(settings)})${created ? '' : ': it exists already'}\n`,
    );
    return 0;
  }
  let job: Job;
  try {
    job = await openJob(server, name);
  } catch (e) {
    // drain says so with its own code: the job it waited for is gone.
    if (r.action === 'drain' && e instanceof RedisError) {
      io.stderr.write(`urikit: redis drain: ${e.message}\n`);
      return INCOMPLETE;
    }
    throw e;
  }
  switch (r.action) {
    case 'status': {
      // A stream's run whose publisher is gone is closed here too: status shows it as it will stay.
      await closeAbandoned(job);
      const s = await status(job);
      io.stdout.write(config.json ? `${JSON.stringify(s, null, 2)}\n` : r.prom ? prometheus(s) : statusTable(s, job));
      return 0;
    }
    case 'drain':
      return drain(job, r.timeout, config.json ? io.stdout : null, io.stderr, config.quiet);
    case 'export':
      if (r.export !== 'dead' && !r.partial) {
        const why = await unfinished(job);
        if (why !== null) {
          io.stderr.write(
            `urikit: redis export: ${job.text} is not done (${why}): its frontier is not whole yet. "urikit redis drain --redis ${job.text}" waits until it is; --partial exports what it holds now\n`,
          );
          return TIMED_OUT;
        }
        const a = await account(job);
        if (a.missing.length > 0 || a.problems.length > 0) {
          io.stderr.write(
            `urikit: redis export: ${job.text} is done, but not complete: ${a.missing.length} ranges of entries and ${a.problems.length} other problems ("urikit redis drain --redis ${job.text}" names them), so its frontier lacks URLs or holds some twice. --partial exports it as it is\n`,
          );
          return INCOMPLETE;
        }
      }
      return exportJob(job, r.export, io);
    case 'delete':
      return deleteJob(job, err);
    default:
      return trim(job, err);
  }
}

/** A job's state, as `status --json` writes it. */
export interface Status {
  job: string;
  shards: number;
  seen: string;
  producers: { running: number; finished: number; started: number };
  /** Some publish run finished and none is running. */
  closed: boolean;
  /** Input entries, frontier URLs, dead letters, memory (bytes) in all. */
  input: number;
  urls: number;
  dead: number;
  memory: number;
  /** Each publish run: the lines it wrote (in Redis now), and whether it finished. */
  runs: Record<string, RunStatus>;
  /**
   * Each group, over all shards: lag, pending entries, lines committed, its workers (and those that
   * touched it within 10 s), the oldest pending entry's age (s), and its lines per second over
   * the last minute (or since its first commit, when that is more recent).
   */
  groups: Record<string, GroupStatus>;
  perShard: ShardStatus[];
}

/** A publish run: the lines and entries it wrote (in Redis now), whether it finished or runs, and the run whose input it published again (--again). */
export interface RunStatus {
  lines: number;
  entries: number;
  finished: boolean;
  running: boolean;
  secondPassOf?: number;
  /** A stream's run closed as abandoned: its publisher stopped before its end. */
  abandoned?: boolean;
}

export interface GroupStatus {
  lag: number;
  pending: number;
  lines: number;
  consumers: number;
  running: number;
  oldestPending: number | null;
  rate: number | null;
  /** Each worker (consumer) of the group: the entries it holds, how long since it last touched Redis (s), and whether that is within 10 s. */
  workers: WorkerStatus[];
}

export interface WorkerStatus {
  name: string;
  pending: number;
  idle: number;
  running: boolean;
}

/** The workers that hold entries and have not touched Redis for 10 s: stuck (a hung process, a paused machine) or dead. */
function stuck(g: GroupStatus): WorkerStatus[] {
  return g.workers.filter((w) => !w.running && w.pending > 0);
}

/** The window of a group's rate (s). */
const RATE_WINDOW = 60;

export interface ShardStatus {
  shard: number;
  input: number;
  groups: Record<string, { lag: number; pending: number; lines: number }>;
  dead: number;
  urls: number;
  memory: number;
}

/** How many digest buckets of a shard `status` measures (and scales up to all of them). */
const SAMPLED_BUCKETS = 16;

/** The state of `job`. */
export async function status(job: Job): Promise<Status> {
  const p = await producers(job);
  const server = job.server;
  const [perShard, runsHashes] = await Promise.all([
    Promise.all(Array.from({ length: job.shards }, (_, i) => shardStatus(job, i))),
    Promise.all(Array.from({ length: job.shards }, (_, i) => server.run('the runs', (c) => c.hgetall(job.keys.runs(i))))),
  ]);
  const finished = await server.run('the runs', (c) => c.hgetall(job.keys.meta));
  const runs: Status['runs'] = {};
  for (let run = 1; run <= p.started; run++) {
    let lines = 0;
    let entries = 0;
    for (const h of runsHashes) {
      lines += Number(h[`${run}:l`] ?? 0);
      entries += Number(h[String(run)] ?? 0);
    }
    runs[run] = { lines, entries, finished: finished[`run:${run}`] !== undefined, running: p.live.includes(run) };
    if (finished[`run:${run}:abandoned`] !== undefined) runs[run]!.abandoned = true;
    const again = finished[`run:${run}:again`];
    if (again !== undefined) runs[run]!.secondPassOf = Number(again);
  }
  const groups: Status['groups'] = {};
  for (const s of perShard) {
    for (const [g, v] of Object.entries(s.groups)) {
      const t = (groups[g] ??= { lag: 0, pending: 0, lines: 0, consumers: 0, running: 0, oldestPending: null, rate: null, workers: [] });
      t.lag += v.lag;
      t.pending += v.pending;
      t.lines += v.lines;
    }
  }
  const now = Number((await server.run('the time', (c) => c.time()))[0]);
  for (const g of Object.keys(groups)) {
    const t = groups[g]!;
    // A worker reads every shard: its idle time is its least, its entries those of all shards.
    const byName = new Map<string, { pending: number; idle: number }>();
    for (let i = 0; i < job.shards; i++)
      for (const c of await consumersOf(server, job.keys.input(i), g)) {
        const w = byName.get(c.name) ?? { pending: 0, idle: Infinity };
        w.pending += c.pending;
        w.idle = Math.min(w.idle, c.idle);
        byName.set(c.name, w);
      }
    t.workers = [...byName]
      .map(([name, w]) => ({ name, pending: w.pending, idle: Math.round(w.idle / 1000), running: w.idle < LIVE }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    t.consumers = t.workers.length;
    t.running = t.workers.filter((w) => w.running).length;
    let from = Infinity;
    let recent = 0;
    for (const h of runsHashes) {
      if (h[`${g}:t0`] !== undefined) from = Math.min(from, Number(h[`${g}:t0`]));
      for (let slot = 0; slot < 64; slot++) {
        const m = /^(\d+) (\d+)$/.exec(h[`${g}:r:${slot}`] ?? '');
        if (m !== null && Number(m[1]) > now - RATE_WINDOW && Number(m[1]) <= now) recent += Number(m[2]);
      }
    }
    t.rate = from === Infinity ? null : Math.round(recent / Math.min(RATE_WINDOW, Math.max(1, now - from + 1)));
    t.oldestPending = await oldestPending(job, g);
  }
  const sum = (f: (s: ShardStatus) => number): number => perShard.reduce((a, s) => a + f(s), 0);
  return {
    job: job.name,
    shards: job.shards,
    seen: job.settings.seen,
    producers: { running: p.running, finished: p.finished, started: p.started },
    closed: p.finished > 0 && p.running === 0,
    input: sum((s) => s.input),
    urls: sum((s) => s.urls),
    dead: sum((s) => s.dead),
    memory: sum((s) => s.memory),
    runs,
    groups,
    perShard,
  };
}

/** How long ago (s) the oldest entry that `group` holds pending was published; null when none is. */
async function oldestPending(job: Job, group: string): Promise<number | null> {
  let oldest = Infinity;
  for (let i = 0; i < job.shards; i++) {
    const summary = (await job.server.run('the pending entries', (c) => c.xpending(job.keys.input(i), group).catch(() => [0]))) as [
      number,
      string | null,
    ];
    if (Number(summary[0]) > 0 && summary[1] !== null) oldest = Math.min(oldest, Number(String(summary[1]).split('-')[0]));
  }
  if (oldest === Infinity) return null;
  const [s] = await job.server.run('the time', (c) => c.time());
  return Math.max(0, Math.round(Number(s) - oldest / 1000));
}

async function shardStatus(job: Job, i: number): Promise<ShardStatus> {
  const k = job.keys;
  const { seen, buckets } = job.settings;
  const sampled = seen === 'digest' ? Math.min(buckets, SAMPLED_BUCKETS) : 0;
  const server = job.server;
  const usage = (key: string): Promise<number> => server.run('the memory', (c) => c.memory('USAGE', key)).then((n) => Number(n ?? 0));
  const [input, dead, urls, groups, runs, memory, bucketMemory] = await Promise.all([
    server.run('the input', (c) => c.xlen(k.input(i))),
    server.run('the dead letters', (c) => c.xlen(k.dead(i))),
    server.run('the frontier', (c) => c.hget(k.counts(i), ':urls')),
    groupsOf(server, k.input(i)),
    server.run('the runs', (c) => c.hgetall(k.runs(i))),
    Promise.all([k.input(i), k.frontier(i), k.counts(i), k.stats(i), k.dead(i), ...(seen === 'exact' ? [k.seen(i)] : [])].map(usage)),
    Promise.all(Array.from({ length: sampled }, (_, b) => usage(k.bucket(i, b)))),
  ]);
  const bucketsBytes = sampled === 0 ? 0 : Math.round((bucketMemory.reduce((a, b) => a + b, 0) * buckets) / sampled);
  const lines = (g: string): number => {
    let n = 0;
    const prefix = `${k.done(i, g, 0).slice(0, -1)}`;
    for (const [f, v] of Object.entries(runs)) if (f.startsWith(prefix)) n += Number(v);
    return n;
  };
  return {
    shard: i,
    input,
    groups: Object.fromEntries(groups.map((g) => [g.name, { lag: g.lag, pending: g.pending, lines: lines(g.name) }])),
    dead,
    urls: Number(urls ?? 0),
    memory: memory.reduce((a, b) => a + b, 0) + bucketsBytes,
  };
}

function statusTable(s: Status, job: Job): string {
  const names = Object.keys(s.groups).sort();
  const head = ['shard', 'input', ...names.map((g) => `${g} lag/pending`), 'dead', 'frontier URLs', 'memory'];
  const row = (
    label: string,
    input: number,
    groups: Record<string, { lag: number; pending: number }>,
    dead: number,
    urls: number,
    memory: number,
  ): string[] => [
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
  const runs = Object.entries(s.runs).map(
    ([run, r]) =>
      `  run ${run}: ${r.lines} lines in ${r.entries} entries${r.secondPassOf === undefined ? '' : `, a second pass of run ${r.secondPassOf}'s input`}${r.running ? ' (running)' : r.abandoned === true ? ' (a stream, abandoned: its publisher stopped before its end; "urikit redis drain" names what the job holds of it)' : r.finished ? '' : ' (stopped before its end: publish --resume)'}`,
  );
  const groups = names.flatMap((g) => {
    const x = s.groups[g]!;
    return [
      `  ${g}: ${x.lines} lines committed${x.rate !== null ? ` (${x.rate} lines/s over the last minute)` : ''}; ${x.running} of ${x.consumers} workers running; ${x.lag} entries unread, ${x.pending} pending${x.oldestPending !== null ? ` (the oldest published ${x.oldestPending} s ago)` : ''}`,
      ...stuck(x).map(
        (w) =>
          `    worker ${w.name} holds ${w.pending} entries and has not touched Redis for ${w.idle} s: stuck, or dead (another worker claims its entries after its --claim-idle)`,
      ),
    ];
  });
  return [
    `urikit redis status: ${job.text} (${s.shards} shards, seen ${s.seen})`,
    `producers: ${s.producers.running} running, ${s.producers.finished} finished (${state})`,
    ...runs,
    names.length === 0 ? 'groups: none (no worker has started)' : `groups: ${names.join(', ')}`,
    ...groups,
    '',
    ...lines,
    '',
  ].join('\n');
}

/**
 * The job's state in Prometheus's text exposition format (version 0.0.4): one gauge or counter a
 * quantity, labelled by job, and by group, worker, run or shard.
 */
export function prometheus(s: Status): string {
  const out: string[] = [];
  const label = (v: string | number): string => String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  const metric = (name: string, type: 'gauge' | 'counter', help: string, rows: Array<[Record<string, string | number>, number]>): void => {
    out.push(`# HELP urikit_${name} ${help}`, `# TYPE urikit_${name} ${type}`);
    for (const [labels, value] of rows) {
      const all = { job: s.job, ...labels };
      out.push(
        `urikit_${name}{${Object.entries(all)
          .map(([k, v]) => `${k}="${label(v)}"`)
          .join(',')}} ${value}`,
      );
    }
  };
  const groups = Object.entries(s.groups).sort(([a], [b]) => (a < b ? -1 : 1));
  const each = (f: (g: GroupStatus) => number | null): Array<[Record<string, string>, number]> =>
    groups.filter(([, g]) => f(g) !== null).map(([group, g]) => [{ group }, f(g)!]);
  metric('input_closed', 'gauge', 'Whether the input is closed: a publish run finished and none runs (1) or not (0).', [
    [{}, s.closed ? 1 : 0],
  ]);
  metric('producers_running', 'gauge', 'Publish runs running.', [[{}, s.producers.running]]);
  metric(
    'run_lines',
    'gauge',
    'Lines each publish run wrote that Redis holds.',
    Object.entries(s.runs).map(([run, r]) => [{ run }, r.lines]),
  );
  metric('input_entries', 'gauge', 'Input entries in the shards.', [[{}, s.input]]);
  metric('frontier_urls', 'gauge', 'URLs in the frontier.', [[{}, s.urls]]);
  metric('dead_letters', 'gauge', 'Input entries in the dead letters.', [[{}, s.dead]]);
  metric('memory_bytes', 'gauge', "Memory of the job's keys (MEMORY USAGE).", [[{}, s.memory]]);
  metric(
    'group_lines_committed_total',
    'counter',
    'Lines a group committed.',
    each((g) => g.lines),
  );
  metric(
    'group_lag_entries',
    'gauge',
    'Input entries a group has not read.',
    each((g) => g.lag),
  );
  metric(
    'group_pending_entries',
    'gauge',
    'Input entries a group read and did not acknowledge.',
    each((g) => g.pending),
  );
  metric(
    'group_lines_per_second',
    'gauge',
    "A group's lines per second over the last minute.",
    each((g) => g.rate),
  );
  metric(
    'group_oldest_pending_seconds',
    'gauge',
    'How long ago the oldest entry a group holds pending was published.',
    each((g) => g.oldestPending),
  );
  metric(
    'group_workers',
    'gauge',
    "A group's workers (consumers).",
    each((g) => g.consumers),
  );
  metric(
    'group_workers_running',
    'gauge',
    "A group's workers that touched Redis within 10 s.",
    each((g) => g.running),
  );
  const workers = groups.flatMap(([group, g]) => g.workers.map((w) => [group, w] as const));
  metric(
    'worker_pending_entries',
    'gauge',
    'Input entries a worker holds.',
    workers.map(([group, w]) => [{ group, worker: w.name }, w.pending]),
  );
  metric(
    'worker_idle_seconds',
    'gauge',
    'How long since a worker last touched Redis.',
    workers.map(([group, w]) => [{ group, worker: w.name }, w.idle]),
  );
  metric(
    'shard_input_entries',
    'gauge',
    "A shard's input entries.",
    s.perShard.map((p) => [{ shard: p.shard }, p.input]),
  );
  metric(
    'shard_lag_entries',
    'gauge',
    'Input entries of a shard that a group has not read.',
    s.perShard.flatMap((p) =>
      Object.entries(p.groups).map(([group, v]) => [{ shard: p.shard, group }, v.lag] as [Record<string, string | number>, number]),
    ),
  );
  metric(
    'shard_frontier_urls',
    'gauge',
    "URLs in a shard's frontier.",
    s.perShard.map((p) => [{ shard: p.shard }, p.urls]),
  );
  metric(
    'shard_memory_bytes',
    'gauge',
    "Memory of a shard's keys.",
    s.perShard.map((p) => [{ shard: p.shard }, p.memory]),
  );
  return `${out.join('\n')}\n`;
}

function mb(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Waits until the job is done, then accounts for it: 0 when complete, 1 on timeout, 3 when lines are unaccounted for. */
async function drain(
  job: Job,
  timeout: number | null,
  json: NodeJS.WritableStream | null,
  stderr: NodeJS.WritableStream,
  quiet: boolean,
): Promise<number> {
  const err = quiet ? null : stderr;
  const started = Date.now();
  let told = -Infinity;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    // A stream's run whose publisher is gone would keep the input open for ever: closed as
    // abandoned, which the accounts below name.
    const abandoned = await closeAbandoned(job);
    if (await isDone(job, null)) break;
    const waited = Date.now() - started;
    if (timeout !== null && waited >= timeout) {
      const why = await remaining(job);
      json?.write(`${JSON.stringify({ done: false, waiting: why }, null, 2)}\n`);
      stderr.write(`urikit: redis drain: ${job.text} is not done after ${waited} ms: ${why}\n`);
      return TIMED_OUT;
    }
    // What it waits for, at once and then every 5 seconds.
    if (err !== null && waited - told >= 5000) {
      told = waited;
      // Nothing remains when the job finished after isDone looked: the next turn says so.
      const why = [await remaining(job), ...abandoned.files.map((run) => stoppedFile(job, run))].filter((w) => w !== '').join('; ');
      if (why !== '') err.write(`urikit: redis drain: waiting: ${why}\n`);
    }
    await new Promise((r) => setTimeout(r, pause));
  }
  const a = await account(job);
  json?.write(`${JSON.stringify({ done: true, complete: a.missing.length === 0 && a.problems.length === 0, ...a }, null, 2)}\n`);
  if (a.missing.length > 0 || a.problems.length > 0) {
    for (const m of a.missing) stderr.write(`urikit: redis drain: ${job.text}: ${describeMissing(m, job)}\n`);
    for (const p of a.problems) stderr.write(`urikit: redis drain: ${job.text}: ${p}\n`);
    const lines = a.missing.reduce((n, m) => n + (m.lines === null ? 0 : m.lines[1] - m.lines[0] + 1), 0);
    stderr.write(
      `urikit: redis drain: ${job.text} is done, but not complete: ${a.missing.length} ranges of entries (within ${lines} lines of the input) and ${a.problems.length} other problems above\n`,
    );
    return INCOMPLETE;
  }
  if (err !== null) {
    const s = await status(job);
    err.write(
      `urikit: redis drain: ${job.text} is done: ${Object.values(s.runs).reduce((n, r) => n + r.lines, 0)} lines published${passes(s)}, all committed by ${Object.keys(s.groups).join(', ')}; ${s.urls} URLs in the frontier; 0 dead letters\n`,
    );
  }
  return 0;
}

/** " (run 2 a second pass of run 1's input)": the runs that published an input again, whose lines count twice. */
function passes(s: Status): string {
  const again = Object.entries(s.runs).filter(([, r]) => r.secondPassOf !== undefined);
  return again.length === 0 ? '' : ` (${again.map(([run, r]) => `run ${run} a second pass of run ${r.secondPassOf}'s input`).join(', ')})`;
}

/** Why a group whose workers are not running does not go on: none started, or the ones it has are stuck. */
function idleGroup(g: string, v: GroupStatus): string {
  const held = stuck(v);
  if (held.length === 0) return `no ${g} worker is running: start one`;
  const who = held.map((w) => `${w.name} holds ${w.pending} entries and has not touched Redis for ${w.idle} s`).join('; ');
  return `no ${g} worker is running: ${who} (stuck, or dead); start another, which claims them after its --claim-idle`;
}

/** A file's run whose publisher is gone: it waits for the resume that finishes it. */
function stoppedFile(job: Job, run: number): string {
  return `publish run ${run} stopped before its end (its publisher's heartbeat ran out): finish it with "urikit publish --to ${job.text} --resume ${run} FILE" (the same input)`;
}

/** What the job waits for, in words. */
async function remaining(job: Job): Promise<string> {
  const s = await status(job);
  const parts: string[] = [];
  if (!s.closed) parts.push(s.producers.running > 0 ? `${s.producers.running} producers running` : 'no publish run has finished');
  if (Object.keys(s.groups).length === 0) parts.push('no worker has started');
  for (const [g, v] of Object.entries(s.groups))
    if (v.lag + v.pending > 0)
      parts.push(`${g}: ${v.lag} entries unread, ${v.pending} pending${v.running === 0 ? ` (${idleGroup(g, v)})` : ''}`);
  return parts.join('; ');
}

/**
 * Why the job's frontier is not whole yet, or null when it is: its input is not closed, or some
 * group has not read and acknowledged all of it. A job that no publish run and no worker ever
 * touched is whole (a local input --to it commits before it ends).
 */
async function unfinished(job: Job): Promise<string | null> {
  if (await isDone(job, null)) return null;
  const p = await producers(job);
  const groups = await groupsOf(job.server, job.keys.input(0));
  if (p.started === 0 && groups.length === 0) return null;
  // Nothing named when the job finished after isDone looked: it is not whole as far as that read went.
  return (await remaining(job)) || 'it was finishing as export looked';
}

/** Writes the frontier (one URL a line), the counts by host (host<TAB>count) or the dead letters (their lines). */
async function exportJob(job: Job, what: 'frontier' | 'counts' | 'dead', io: Io): Promise<number> {
  const out = new BufferedWriter(io.stdout);
  const k = job.keys;
  const counts = new Map<string, number>();
  for (let i = 0; i < job.shards && !out.closed; i++) {
    const key = what === 'dead' ? k.dead(i) : k.frontier(i);
    const field = what === 'dead' ? 'd' : 'u';
    for (let from = '-'; !out.closed; ) {
      const page = await job.server.run('the frontier', (c) => c.xrangeBuffer(key, from, '+', 'COUNT', 500));
      for (const [, flat] of page) {
        let v: Buffer | undefined;
        for (let x = 0; x + 1 < flat.length; x += 2) if (flat[x]!.toString() === field) v = flat[x + 1];
        if (v === undefined) continue;
        if (what !== 'counts') await out.write(Buffer.concat([v, NEWLINE]));
        else for (const url of v.toString().split('\n')) countHost(counts, url);
      }
      if (page.length < 500) break;
      from = `(${page[page.length - 1]![0].toString()}`;
    }
  }
  if (what === 'counts') await out.write([...counts].map(([h, n]) => `${h}\t${n}\n`).join(''));
  if (out.error !== null) {
    io.stderr.write(`urikit: cannot write the output: ${out.error.message}\n`);
    return 2;
  }
  return 0;
}

/** Counts the host of a frontier URL (in normal form; none when it has no authority). */
function countHost(counts: Map<string, number>, url: string): void {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/.exec(url);
  if (m === null) return;
  counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
}

const NEWLINE = Buffer.from('\n');

/** Removes from each shard's input the entries that every group has acknowledged. */
async function trim(job: Job, err: NodeJS.WritableStream | null): Promise<number> {
  let removed = 0;
  const names = new Set<string>();
  for (let i = 0; i < job.shards; i++) {
    for (const g of await groupsOf(job.server, job.keys.input(i))) names.add(g.name);
    removed += await trimShard(job, i);
  }
  err?.write(
    names.size === 0
      ? `urikit: redis trim: nothing to trim: no worker has read ${job.text}\n`
      : `urikit: redis trim: removed ${removed} input entries that ${[...names].sort().join(', ')} acknowledged\n`,
  );
  return 0;
}

/** Removes every key of the job, on every master; refused while a producer or a worker runs. */
async function deleteJob(job: Job, err: NodeJS.WritableStream | null): Promise<number> {
  const p = await producers(job);
  const running: string[] = [];
  if (p.running > 0) running.push(`${p.running} producers`);
  for (const g of await groupsOf(job.server, job.keys.input(0))) {
    const n = (await consumersOf(job.server, job.keys.input(0), g.name)).filter((c) => c.idle < LIVE).length;
    if (n > 0) running.push(`${n} ${g.name} workers`);
  }
  if (running.length > 0) throw new RedisError(`${job.text} is in use (${running.join(', ')}): stop them, then delete the job`);
  let removed = 0;
  for (const master of job.server.masters()) {
    let cursor = '0';
    do {
      const [next, keys] = await job.server.run('the keys of the job', () => master.scan(cursor, 'MATCH', job.keys.pattern, 'COUNT', 1000));
      // UNLINK one key at a time: keys of different slots may not go in one command on a cluster.
      if (keys.length > 0)
        removed += (await job.server.run('the removal of the job', () => Promise.all(keys.map((key) => master.unlink(key))))).reduce(
          (a, b) => a + b,
          0,
        );
      cursor = next;
    } while (cursor !== '0');
  }
  removed += await job.server.run('the removal of the job', (c) =>
    Promise.all([c.unlink(job.keys.producers), c.unlink(job.keys.workers), c.unlink(job.keys.meta)]).then(([a, b, m]) => a + b + m),
  );
  err?.write(`urikit: redis delete: removed the job ${job.text} (${removed} keys)\n`);
  return 0;
}

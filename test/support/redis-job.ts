/**
 * A Redis job run end to end by the real CLI (bin/urikit.js, each producer and worker a process
 * of its own), for the fault tests: the processes, the local run that a job must match, and the
 * check of a job's end (exact, or drain naming every line it cannot account for). Scenarios run a
 * few at a time, each with its own servers. Every wait has a deadline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Cluster, Redis } from 'ioredis';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { BATCH_LINES } from '../../src/cli/redis/entry.js';
import { cli, root, Temp } from './cli.js';
import { RedisServer } from './redis.js';

/** publish's --max-lag in the scenarios, in entries: about 2,000 lines of each shard. */
export const MAX_LAG = Math.ceil(2000 / BATCH_LINES);

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

export interface Proc {
  proc: ChildProcess;
  exit: Promise<Exit>;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** `p`, or an error naming `what` after `ms`. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]);
}

/**
 * A redis-server (with an append-only file) for a test file's jobs, run in process: started
 * before its tests and stopped by its PID after them, with a folder for the inputs.
 */
export class JobNode {
  server!: RedisServer;
  readonly tmp = new Temp();

  constructor(test: Test) {
    test.before(async () => {
      this.server = await RedisServer.start({ appendfsync: 'everysec' });
    });
    test.after(async () => {
      await this.server?.stop();
      this.tmp.remove();
    });
  }

  /** Creates the job `job` of `shards` shards; returns its URL. */
  async init(job: string, shards = 2): Promise<string> {
    const r = await cli(['redis', 'init', '--redis', this.server.url, '--job', job, '--shards', String(shards), '-q']);
    assert.is(r.code, 0, r.err);
    return `${this.server.url}/${job}`;
  }
}

export const lines = (s: string): string[] => s.split('\n').filter((l) => l !== '');

/** What a local run makes of the file: the normal forms (sorted), each input line's normal form, the stats JSON and table. */
export interface Local {
  frontier: string[];
  perLine: string[];
  json: string;
  table: string;
}

/** stats keeps every value, so that the job's counts and the local ones compare exactly. */
export const TRACK = ['--track', '1000000'];

/** A job as the scenarios use it: its URL, and the options of every process that writes to it. */
export interface Job {
  U: string;
  /** Extra options of every process that writes (--wait-replicas, --allow-eviction). */
  writes: string[];
}

/** A test client of a node or a cluster, to watch the frontier grow (it waits out failures). */
export function watch(port: number, cluster = false): Redis | Cluster {
  const c = cluster
    ? new Cluster([{ host: '127.0.0.1', port }], { redisOptions: { maxRetriesPerRequest: 1 }, clusterRetryStrategy: () => 300 })
    : new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 1, retryStrategy: () => 300 });
  c.on('error', () => {});
  return c;
}

/** URLs in the job's frontier so far (0 while Redis does not answer). */
export async function frontier(client: Redis | Cluster, job: string): Promise<number> {
  try {
    const tags = (await client.hget(`urikit:{${job}}`, 'tags'))!.split(',');
    const counts = await Promise.all(tags.map((t) => client.hget(`urikit:{${t}}:counts`, ':urls')));
    return counts.reduce((a, n) => a + Number(n ?? 0), 0);
  } catch {
    return 0;
  }
}

/** The processes of a test file, its input file and its local run; `scenario` adds a test. */
export class Rig {
  readonly file: string;
  local!: Local;
  private readonly tmp = new Temp();
  private readonly running = new Set<ChildProcess>();
  private readonly scenarios: Array<{ done: Promise<void>; run: () => void }> = [];

  constructor(
    private readonly test: Test,
    readonly data: { text: string; lines: number },
    readonly shards: number,
    /** Scenarios side by side: more starve each other on a small machine, and a starved Redis looks like a failed one. */
    atOnce: number,
  ) {
    this.file = this.tmp.file('urls.txt', data.text);
    test.before(async () => {
      this.local = await this.localRun();
      const queue = [...this.scenarios];
      const slot = async (): Promise<void> => {
        for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
          s.run();
          await s.done.catch(() => {});
        }
      };
      for (let i = 0; i < atOnce; i++) void slot();
    });
    test.after(() => {
      for (const p of this.running) p.kill('SIGKILL');
      this.tmp.remove();
    });
  }

  /** A test whose body starts when a slot is free. */
  scenario(name: string, body: () => Promise<void>): void {
    let run = (): void => {};
    const done = new Promise<void>((resolve, reject) => {
      run = () => body().then(resolve, reject);
    });
    done.catch(() => {});
    this.scenarios.push({ done, run });
    this.test(name, () => done);
  }

  /** Starts the CLI (`bin/urikit.js`, or `cli`) as a process of its own. */
  start(args: string[], cli: string[] = ['bin/urikit.js']): Proc {
    const proc = spawn(process.execPath, [...cli, ...args], { cwd: root });
    this.running.add(proc);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    proc.stdout!.on('data', (b: Buffer) => out.push(b));
    proc.stderr!.on('data', (b: Buffer) => err.push(b));
    const exit = new Promise<Exit>((resolve) => {
      proc.once('close', (code, signal) => {
        this.running.delete(proc);
        resolve({ code, signal, out: Buffer.concat(out).toString(), err: Buffer.concat(err).toString() });
      });
    });
    return { proc, exit };
  }

  /** Runs the CLI to its end, within `ms` (then it is killed, and the error shows what it wrote to standard error). */
  async run(args: string[], ms = 300_000): Promise<Exit> {
    const p = this.start(args);
    try {
      return await within(p.exit, ms, args.join(' '));
    } catch (e) {
      p.proc.kill('SIGKILL');
      throw new Error(`${(e as Error).message}\n${(await p.exit).err.slice(-2000)}`);
    }
  }

  private async localRun(): Promise<Local> {
    const [dedupe, aligned, json, table] = await Promise.all([
      this.run(['normalize', '--dedupe', '-q', this.file]),
      this.run(['normalize', '--on-invalid', 'empty', '-q', this.file]),
      this.run(['stats', '--json', ...TRACK, this.file]),
      this.run(['stats', ...TRACK, this.file]),
    ]);
    const perLine = aligned.out.split('\n');
    perLine.pop();
    assert.ok(this.data.lines >= 100_000);
    return { frontier: lines(dedupe.out).sort(), perLine, json: json.out, table: table.out.slice(table.out.indexOf('\n')) };
  }

  async init(url: string, name: string, ...more: string[]): Promise<Job> {
    const U = `${url}/${name}`;
    const r = await this.run(['redis', 'init', '--redis', U, '--shards', String(this.shards), '-q', ...more]);
    assert.is(r.code, 0, r.err);
    return { U, writes: more };
  }

  /** Two normalize workers and a stats worker (the first normalize worker started as `first`). */
  workers(j: Job, first?: string[], quiet = ['-q']): Proc[] {
    const w = ['normalize', '--from', j.U, '--to', j.U, '--claim-idle', '2s', ...quiet, ...j.writes];
    return [
      this.start(w, first),
      this.start(w),
      this.start(['stats', '--from', j.U, '--claim-idle', '2s', ...quiet, ...TRACK, ...j.writes]),
    ];
  }

  publish(j: Job, ...more: string[]): Proc {
    return this.start(['publish', '--to', j.U, '--max-lag', String(MAX_LAG), ...j.writes, ...more, this.file]);
  }

  /** Waits for every process; each must end by itself with a code in `codes` (normalize: 1, some lines are invalid). */
  async ended(ps: Proc[], codes = [0, 1]): Promise<Exit[]> {
    let all: Exit[];
    try {
      all = await within(Promise.all(ps.map((p) => p.exit)), 600_000, 'the processes');
    } catch (e) {
      // Those still running are killed; the error shows what they wrote to standard error.
      const left = ps.filter((p) => p.proc.exitCode === null && p.proc.signalCode === null);
      for (const p of left) p.proc.kill('SIGKILL');
      const tails = await Promise.all(left.map(async (p) => `${p.proc.spawnargs.slice(2).join(' ')}:\n${(await p.exit).err.slice(-2000)}`));
      throw new Error(`${(e as Error).message}; still running:\n${tails.join('\n')}`);
    }
    for (const e of all) assert.ok(e.code !== null && codes.includes(e.code), `exit ${e.code} ${e.signal}: ${e.err.slice(-2000)}`);
    return all;
  }

  /**
   * The end of a scenario: `drain` exits 0 and the job is exact (the frontier, the counts, no lag,
   * nothing pending), or it exits 3 and names ranges of lines that hold every URL missing from the
   * frontier. Returns drain's code and what it wrote to standard error.
   */
  async verify(j: Job, exact = false): Promise<{ code: number; err: string }> {
    const local = this.local;
    const drained = await this.run(['redis', 'drain', '--redis', j.U, '--json', '--timeout', '120s']);
    // URIKIT_TEST_DRAIN=1: each scenario's end on standard error, to tell exact ends from named losses.
    if (process.env.URIKIT_TEST_DRAIN !== undefined) process.stderr.write(`${j.U}: drain exits ${drained.code}: ${drained.err}`);
    // A frontier that drain knows is wrong is exported only as --partial.
    const exported = lines((await this.run(['redis', 'export', '--redis', j.U, ...(drained.code === 0 ? [] : ['--partial'])])).out).sort();
    if (drained.code !== 0) assert.is((await this.run(['redis', 'export', '--redis', j.U])).code, 3);
    if (drained.code === 0) {
      assert.equal(exported, local.frontier);
      const status = JSON.parse((await this.run(['redis', 'status', '--redis', j.U, '--json'])).out);
      assert.equal([status.closed, status.urls, status.dead], [true, local.frontier.length, 0]);
      for (const g of ['normalize', 'stats'])
        assert.equal([status.groups[g].lag, status.groups[g].pending, status.groups[g].lines], [0, 0, this.data.lines]);
      const [json, table] = await Promise.all([
        this.run(['stats', '--from', j.U, '--report', '--json', ...TRACK]),
        this.run(['stats', '--from', j.U, '--report', ...TRACK]),
      ]);
      assert.is(json.out, local.json);
      assert.is(table.out.slice(table.out.indexOf('\n')), local.table);
      return { code: 0, err: drained.err };
    }
    assert.ok(!exact, `drain exited ${drained.code}: ${drained.err}`);
    assert.is(drained.code, 3, drained.err);
    const report = JSON.parse(drained.out) as { missing: Array<{ lines: [number, number] | null }>; problems: string[] };
    assert.ok(report.missing.length + report.problems.length > 0);
    assert.match(drained.err, /is done, but not complete/);
    // Every URL missing from the frontier comes only from lines that drain named.
    const have = new Set(exported);
    const ranges = report.missing.map((m) => m.lines);
    local.perLine.forEach((u, i) => {
      if (u !== '' && !have.has(u))
        assert.ok(
          ranges.some((r) => r === null || (r[0] <= i + 1 && i + 1 <= r[1])),
          `${u} (line ${i + 1}) is missing and no range names it: ${drained.err}`,
        );
    });
    return { code: 3, err: drained.err };
  }
}

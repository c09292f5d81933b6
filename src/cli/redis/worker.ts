/**
 * `normalize|resolve|validate|stats --from redis://HOST:PORT/JOB`: a worker. It joins the job's
 * consumer group named after its command, reads entries from every shard (XREADGROUP), runs the
 * command's own code over their lines, commits the result, and only then acknowledges them:
 *
 * ```
 * XREADGROUP ─► lines ─► Command ─► out ─► commit: FrontierSink (--to: one Lua call per target
 *   ▲  XAUTOCLAIM (idle > --claim-idle)          shard), or standard output
 *   │  dead letters (> --max-deliveries)   ─► XACK
 * stats: the counts of each entry and its XACK in one Lua call on the entry's shard
 * ```
 *
 * A worker that dies leaves its entries pending; another claims them after --claim-idle and runs
 * them again. Redis's state is right either way: the seen-set makes a second commit of the same
 * URLs change nothing, and a stats entry counts only with its acknowledgement. Output written to
 * standard output may be written twice (at-least-once).
 *
 * The worker stops when the job's input is closed and its group has read and acknowledged every
 * entry (with --follow, it waits for more), or on SIGINT or SIGTERM after its current batch.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Writable } from 'node:stream';
import type { Command, LineCommandSpec } from '../commands/command.js';
import { StatsCommand } from '../commands/stats.js';
import type { Config } from '../config.js';
import type { Sink } from '../io/writer.js';
import { lineWalker } from '../lines/readers.js';
import type { LineShape } from '../lines/records.js';
import type { Walker } from '../lines/walker.js';
import { again, type Client, callBuffer, script } from './client.js';
import { isDone } from './control.js';
import { type Entry, EntryError, forEachLine, readEntry } from './entry.js';
import { joinGroup } from './groups.js';
import type { Job } from './job.js';
import { statsFields } from './stats.js';

/** Entries read from each shard at a time. */
const READ_COUNT = 8;
/** Entries claimed from each shard at a time. */
const CLAIM_COUNT = 32;

/** An entry as XREADGROUP and XAUTOCLAIM return it: its id and its fields, flat. */
type RawEntry = [id: Buffer, fields: Buffer[]];

/** What the worker does with the entries it read: the command's output, or stats' counts. */
interface Processor {
  /**
   * Runs the command over the entries, commits the result and acknowledges them. It may return
   * before the commit is done (while the worker reads and runs the next entries); `settle` waits
   * for it.
   */
  handle(entries: Entry[]): Promise<void>;
  /** Waits until every entry handed over is committed and acknowledged. */
  settle(): Promise<void>;
  /** Writes the command's summary; returns its exit code. */
  finish(): Promise<number>;
}

/**
 * Runs a worker of `spec` on `job`; returns the exit code. `out` takes the output: a job's
 * frontier, or `stdout` (then given, so that entries are acknowledged only once their output
 * was handed to the system). `afterCommit` is called after each commit, before its entries are
 * acknowledged (`Io.afterCommit`).
 */
export async function work(
  spec: LineCommandSpec,
  config: Config,
  client: Client,
  job: Job,
  out: Sink,
  err: Sink,
  stdout: Writable | null,
  afterCommit?: (commits: number) => void,
): Promise<number> {
  const w = new Worker(spec, config, client, job, out, err, stdout, afterCommit);
  const stop = (): void => {
    w.stopping = true;
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    return await w.run();
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

class Worker {
  stopping = false;
  private readonly group: string;
  private readonly consumer: string;
  private readonly processor: Processor;
  /** Where XAUTOCLAIM goes on in each shard's pending entries. */
  private readonly cursors: string[];
  private claimed = 0;
  private readonly claimEvery: number;

  constructor(
    spec: LineCommandSpec,
    private readonly config: Config,
    private readonly client: Client,
    private readonly job: Job,
    out: Sink,
    private readonly err: Sink,
    stdout: Writable | null,
    afterCommit: ((commits: number) => void) | undefined,
  ) {
    this.group = spec.name;
    this.consumer = config.redis.consumer ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.cursors = Array.from({ length: job.shards }, () => '0-0');
    this.claimEvery = Math.min(Math.max(config.redis.claimIdle / 4, 100), 10_000);
    this.processor =
      spec.name === 'stats'
        ? new Counts(config, client, job, this.group, err)
        : // The other commands that take --from (the specs with ../jobs.ts's workerOptions) read lines.
          new Lines(
            spec.create(config, false),
            spec.input(config) as LineShape,
            config,
            client,
            job,
            this.group,
            out,
            err,
            stdout,
            afterCommit,
          );
  }

  async run(): Promise<number> {
    const k = this.job.keys;
    for (let i = 0; i < this.job.shards; i++) await joinGroup(this.client, k.input(i), this.group);
    // A consumer that comes back under its --consumer name first finishes what it held.
    let entries = await this.read('0');
    for (let idle = 5; !this.stopping; ) {
      if (entries.length > 0) {
        await this.processor.handle(entries);
        idle = 5;
      } else {
        await this.processor.settle();
        if (!this.config.redis.follow && (await again(() => isDone(this.client, this.job, this.group)))) break;
        await new Promise((r) => setTimeout(r, idle));
        idle = Math.min(idle * 2, 250);
      }
      entries = [...(await this.claim()), ...(await this.read('>'))];
    }
    await this.processor.settle();
    await this.leave();
    return this.processor.finish();
  }

  /** Entries of every shard: new ones ('>'), or this consumer's pending ones ('0'). */
  private async read(from: '>' | '0'): Promise<Entry[]> {
    const k = this.job.keys;
    const replies = await Promise.all(
      Array.from(
        { length: this.job.shards },
        (_, i) =>
          callBuffer(this.client, 'xreadgroup', [
            'GROUP',
            this.group,
            this.consumer,
            'COUNT',
            READ_COUNT,
            'STREAMS',
            k.input(i),
            from,
          ]) as Promise<Array<[Buffer, RawEntry[]]> | null>,
      ),
    );
    const entries = await Promise.all(replies.map((r, shard) => (r === null ? [] : this.accept(shard, r[0]![1], null))));
    return entries.flat();
  }

  /**
   * Claims the entries that other consumers have held longer than --claim-idle (at most every
   * quarter of that).
   */
  private async claim(): Promise<Entry[]> {
    if (Date.now() - this.claimed < this.claimEvery) return [];
    this.claimed = Date.now();
    const k = this.job.keys;
    const found = await Promise.all(
      Array.from({ length: this.job.shards }, async (_, i) => {
        const reply = (await callBuffer(this.client, 'xautoclaim', [
          k.input(i),
          this.group,
          this.consumer,
          this.config.redis.claimIdle,
          this.cursors[i]!,
          'COUNT',
          CLAIM_COUNT,
        ])) as [Buffer, RawEntry[]];
        this.cursors[i] = reply[0].toString();
        const claimed = reply[1];
        if (claimed.length === 0) return [];
        const first = claimed[0]![0].toString();
        const last = claimed[claimed.length - 1]![0].toString();
        const pending = (await again(() =>
          this.client.xpending(k.input(i), this.group, first, last, claimed.length, this.consumer),
        )) as Array<[string, string, number, number]>;
        return this.accept(i, claimed, new Map(pending.map((p) => [p[0], Number(p[3])])));
      }),
    );
    return found.flat();
  }

  /**
   * The entries of `raw` to run. Those delivered more than --max-deliveries times (`deliveries`,
   * for claimed entries), and those that urikit did not write, go to the dead letters instead.
   */
  private async accept(shard: number, raw: RawEntry[], deliveries: Map<string, number> | null): Promise<Entry[]> {
    const max = this.config.redis.maxDeliveries;
    const entries: Entry[] = [];
    const dead: string[] = [];
    for (const [idBytes, flat] of raw) {
      const id = idBytes.toString();
      const n = deliveries?.get(id) ?? 1;
      let reason: string;
      if (n > max) reason = `delivered ${n} times (--max-deliveries ${max})`;
      else {
        try {
          entries.push(readEntry(shard, id, flat));
          continue;
        } catch (e) {
          if (!(e instanceof EntryError)) throw e;
          reason = `not an entry of urikit publish: ${e.message}`;
        }
      }
      dead.push(id, String(n), reason);
      await this.err.write(`urikit: entry ${id} of shard ${shard} goes to the dead letters: ${reason}\n`);
    }
    if (dead.length > 0)
      await script(this.client, 'urikitBury', [this.job.keys.input(shard), this.job.keys.dead(shard)], [this.group, ...dead]);
    return entries;
  }

  /** Leaves the group, unless this consumer still holds entries (another will claim them). */
  private async leave(): Promise<void> {
    const k = this.job.keys;
    await Promise.all(
      Array.from({ length: this.job.shards }, async (_, i) => {
        const mine = (await this.client.xpending(k.input(i), this.group, '-', '+', 1, this.consumer)) as unknown[];
        if (mine.length === 0) await this.client.xgroup('DELCONSUMER', k.input(i), this.group, this.consumer);
      }),
    );
  }
}

/** Acknowledges `entries` in their shards. */
async function ack(client: Client, job: Job, group: string, entries: Entry[]): Promise<void> {
  const byShard = new Map<number, string[]>();
  for (const e of entries) {
    const ids = byShard.get(e.shard);
    if (ids === undefined) byShard.set(e.shard, [e.id]);
    else ids.push(e.id);
  }
  await Promise.all([...byShard].map(([shard, ids]) => again(() => client.xack(job.keys.input(shard), group, ...ids))));
}

/** normalize, resolve, validate: the command's output goes to `out`, its reports to `err`; then the entries are acknowledged. */
class Lines implements Processor {
  private readonly walker: Walker;
  private commits = 0;
  private committing: Promise<void> | null = null;

  constructor(
    private readonly cmd: Command,
    shape: LineShape,
    config: Config,
    private readonly client: Client,
    private readonly job: Job,
    private readonly group: string,
    private readonly out: Sink,
    private readonly err: Sink,
    private readonly stdout: Writable | null,
    private readonly afterCommit: ((commits: number) => void) | undefined,
  ) {
    this.walker = lineWalker(shape, config, cmd);
    cmd.begin({ terminal: (stdout as { isTTY?: boolean } | null)?.isTTY === true });
  }

  /**
   * Runs the command over `entries` and starts their commit; the commit of the entries before
   * must be done first (so at most one batch is committed while the next one is computed).
   */
  async handle(entries: Entry[]): Promise<void> {
    for (const e of entries) walkEntry(e, this.walker);
    await this.settle();
    const commit = this.commit(entries);
    // A failure surfaces at the next settle; until then it must not go unhandled.
    commit.catch(() => {});
    this.committing = commit;
  }

  async settle(): Promise<void> {
    const c = this.committing;
    this.committing = null;
    await c;
  }

  /** Commits the output of `entries` (taken from the command at once), then acknowledges them. */
  private async commit(entries: Entry[]): Promise<void> {
    const cmd = this.cmd;
    await Promise.all([this.out.flush(cmd.out), this.err.flush(cmd.err)]);
    if (this.stdout !== null) await written(this.stdout);
    if (this.out.closed) throw new OutputClosed(this.out.error);
    this.commits++;
    this.afterCommit?.(this.commits);
    await ack(this.client, this.job, this.group, entries);
  }

  async finish(): Promise<number> {
    this.cmd.end();
    await this.out.flush(this.cmd.out);
    await this.err.flush(this.cmd.err);
    return this.cmd.exitCode();
  }
}

/**
 * Walks the lines of `e`, each under its published line number, with the walker a local run
 * uses (the same "\r" handling, the same limit on a line's length).
 */
function walkEntry(e: Entry, walker: Walker): void {
  forEachLine(e, (start, end, line) => walker.walkLine(e.data, start, end, line));
}

/** Resolves once what was written to `stream` before was handed to the system, or failed (and the failure was reported). */
function written(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    stream.write('', () => setImmediate(resolve));
  });
}

/** The output went away (a closed pipe) or failed: the worker stops without acknowledging its last entries. */
export class OutputClosed extends Error {
  constructor(readonly failure: Error | null) {
    super(failure === null ? 'the output was closed' : failure.message);
  }
}

/** stats: each entry's counts and its acknowledgement, together, in the entry's shard. */
class Counts implements Processor {
  private lines = 0;
  private readonly log: string;

  constructor(
    private readonly config: Config,
    private readonly client: Client,
    private readonly job: Job,
    private readonly group: string,
    private readonly err: Sink,
  ) {
    this.log = config.log ?? '';
  }

  async handle(entries: Entry[]): Promise<void> {
    const byShard = new Map<number, string[]>();
    // Counted exactly: an entry holds at most a batch of lines.
    const config: Config = { ...this.config, track: 1 << 30 };
    for (const e of entries) {
      const cmd = new StatsCommand(config);
      walkEntry(e, lineWalker('uris', config, cmd));
      cmd.stats.lines = cmd.lines;
      this.lines += cmd.lines;
      const f = statsFields(cmd.stats);
      let args = byShard.get(e.shard);
      if (args === undefined) byShard.set(e.shard, (args = [this.group, this.log, this.config.groupBy]));
      args.push(e.id, String(f.length / 2), ...f);
    }
    await Promise.all(
      [...byShard].map(([shard, args]) =>
        script(this.client, 'urikitCount', [this.job.keys.input(shard), this.job.keys.stats(shard)], args),
      ),
    );
  }

  /** Nothing is left running: each entry's counts and acknowledgement are one call, awaited. */
  async settle(): Promise<void> {}

  async finish(): Promise<number> {
    if (!this.config.quiet)
      await this.err.write(
        `urikit: stats: counted ${this.lines} lines into ${this.job.target.text}; "urikit stats --from ${this.job.target.text} --report" prints the counts\n`,
      );
    return 0;
  }
}

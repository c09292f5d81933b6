/**
 * `normalize|resolve|validate|stats --from redis://HOST:PORT/JOB`: a worker. It joins the job's
 * consumer group named after its command, reads new entries from the shards of its share (the
 * group's live workers split the shards: shares.ts; READ in lua.ts), runs the command's own code
 * over their lines, commits the result, and only then acknowledges them, keeping its group's
 * accounts in the same step (ACK):
 *
 * ```
 * READ ─► lines ─► Command ─► out ─► commit: FrontierSink (--to: one ADMIT per target shard,
 *   ▲  XAUTOCLAIM (idle > --claim-idle)          which marks the entries it got), or stdout
 *   │  dead letters (> --max-deliveries)   ─► ACK: XACK, the entry marked done with the shards
 *                                               its output went to, its lines counted
 * stats: the counts of each entry go with its ACK, in one call on the entry's shard
 * ```
 *
 * A worker that dies leaves its entries pending; its heartbeat runs out and its shards go to the
 * others, and one of them claims the entries after --claim-idle (claims and a worker's own pending
 * entries are looked for in every shard, whoever reads its new ones) and runs them again. Redis's state is right either way: the seen-set makes a second commit of the same
 * URLs change nothing, and an entry's counts and accounts go only with its acknowledgement.
 * Output written to standard output may be written twice (at-least-once).
 *
 * The worker stops when the job's input is closed and its group has read and acknowledged every
 * entry (with --follow, it waits for more), or on SIGINT or SIGTERM after its current batch,
 * handing every entry it holds and did not run back to its group at once, with exit code 130. Before it stops, a
 * worker with --to checks that every entry its group acknowledged is marked as received by each
 * shard its output went to, and commits again the entries that a failover lost.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Writable } from 'node:stream';
import type { Command, LineCommandSpec } from '../commands/command.js';
import type { StatsSettings } from '../commands/stats.js';
import { StatsCommand } from '../commands/stats.js';
import type { Sink } from '../io/writer.js';
import { lineWalker } from '../lines/readers.js';
import type { LineShape } from '../lines/records.js';
import type { Walker } from '../lines/walker.js';
import type { Lines as LineSettings } from '../options/arguments.js';
import type { WorkerOptions } from '../options/jobs.js';
import { Exit } from '../run/run.js';

/** The settings of a worker's command. */
type Settings = LineSettings & { readonly redis: WorkerOptions };

import { isDone, unconfirmed, wasCut } from './accounts.js';
import { type Client, callBuffer, RedisError, seconds } from './client.js';
import { type Entry, EntryError, forEachLine, readEntry } from './entry.js';
import { FrontierSink } from './frontier.js';
import { joinGroup, trimShard } from './groups.js';
import { guardAgain, type Job, producers } from './job.js';
import { memberOf, SHARE_BEAT, shareOf, WORKER_TTL, workersOf } from './shares.js';
import { statsArgs, statsKeys } from './stats.js';

/** Entries read at once, from all shards (a shard gives up to 8 of them); an entry holds up to 64 KiB and a line. */
const ROUND = 128;
/** Entries claimed from each shard at a time. */
const CLAIM_COUNT = 32;
/** How often a worker checks that the job's hash is there and that Redis evicts no keys, and a --follow worker trims the input (ms). */
const CHECK_EVERY = 5000;

/** An entry as XREADGROUP returns it: its id and its fields, flat (null for an entry deleted since). */
type RawEntry = [id: Buffer, fields: Buffer[] | null];

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
  /** Commits entries acknowledged before whose commit Redis lost (--to): returns how many. */
  repair(entries: Entry[]): Promise<void>;
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
  config: Settings,
  job: Job,
  out: Sink,
  err: Sink,
  stdout: Writable | null,
  afterCommit?: (commits: number) => void,
): Promise<number> {
  const w = new Worker(spec, config, job, out, err, stdout, afterCommit);
  const stop = (signal: NodeJS.Signals): void => {
    // A second signal finds no listener: it ends the process at once.
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    w.stop(typeof signal === 'string' ? signal : 'a signal');
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
  private stopping = false;
  /** The signal that stopped the worker, or null. */
  private stoppedBy: string | null = null;
  private readonly group: string;
  private readonly consumer: string;
  private readonly processor: Processor;
  /** Where XAUTOCLAIM goes on in each shard's pending entries. */
  private readonly cursors: string[];
  private readonly claimEvery: number;
  /** The shards whose new entries this worker reads (its share among the group's live workers). */
  private share: number[];
  /** When the worker last renewed its heartbeat (ms since the epoch). */
  private beaten = 0;
  /** Where in its share the next round starts (with more shards than a round reads). */
  private next = 0;
  /** The shards that held no big entry when the worker last looked: a plain XREADGROUP reads them (readShard). */
  private readonly plain = new Set<number>();
  /** Since when the input waits for a publish run that stopped (ms since the epoch), or null. */
  private stalled: number | null = null;

  constructor(
    spec: LineCommandSpec,
    private readonly config: Settings,
    private readonly job: Job,
    out: Sink,
    private readonly err: Sink,
    stdout: Writable | null,
    afterCommit: ((commits: number) => void) | undefined,
  ) {
    this.group = spec.name;
    this.consumer = config.redis.consumer ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.cursors = Array.from({ length: job.shards }, () => '0-0');
    this.share = Array.from({ length: job.shards }, (_, i) => i);
    this.claimEvery = Math.min(Math.max(config.redis.claimIdle / 4, 100), 1000);
    this.processor =
      spec.name === 'stats'
        ? new Counts(config as Settings & StatsSettings, job, this.group, err)
        : // The other commands that take --from (the specs with ../options/jobs.ts's workerOptions) read lines.
          new Lines(spec, config, job, this.group, out, err, stdout, afterCommit);
  }

  /** Stops the worker after the entries it runs now; the others go back to its group. */
  stop(signal: string): void {
    this.stopping = true;
    this.stoppedBy = signal;
    this.err
      .write(
        `urikit: ${this.group} worker: ${signal}: stopping once the entries it runs are committed, and handing the others back to its group (another signal ends it at once)\n`,
      )
      .catch(() => {});
  }

  async run(): Promise<number> {
    const k = this.job.keys;
    for (let i = 0; i < this.job.shards; i++) await joinGroup(this.job.server, k.input(i), this.group);
    await this.beat();
    // A consumer that comes back under its --consumer name first finishes what it held.
    let own = true;
    let claimed = 0;
    let checked = Date.now();
    try {
      for (let idle = 5; !this.stopping; ) {
        let entries: Entry[] = [];
        let big: number[] = [];
        if (own) {
          await this.processor.settle();
          entries = await this.readOwn();
          own = entries.length > 0;
        }
        // New entries in the same round when it held none: a claim (which makes it look at its own
        // again) may come every round, and must not keep it from reading new ones.
        if (!own) [entries, big] = await this.readNew();
        // Entries read as the signal came go back (handBack, below) with those the worker holds.
        if (this.stopping) break;
        if (entries.length > 0) await this.processor.handle(entries);
        for (const shard of big) {
          // A big entry alone, committed before the next is read: one at a time in memory.
          await this.processor.settle();
          const one = await this.readShard(shard, '>', 1, true);
          if (one !== 'big' && one.length > 0) await this.processor.handle(await this.accept(shard, one, null));
        }
        if (entries.length > 0 || big.length > 0) idle = 5;
        else {
          await this.processor.settle();
          if (!this.config.redis.follow && ((await isDone(this.job, this.group)) || (await this.abandoned()))) break;
          await new Promise((r) => setTimeout(r, idle));
          idle = Math.min(idle * 2, 250);
        }
        if (Date.now() - this.beaten >= SHARE_BEAT) await this.beat();
        if (Date.now() - claimed >= this.claimEvery) {
          claimed = Date.now();
          await this.claim();
          // Its own pending entries too: those claimed, and those that a read whose answer was lost delivered.
          own = true;
        }
        if (Date.now() - checked >= CHECK_EVERY) {
          checked = Date.now();
          await producers(this.job);
          if (!this.config.redis.connection.allowEviction) await guardAgain(this.job.server, `this ${this.group} worker`);
          if (this.config.redis.follow) await this.trim();
        }
      }
    } catch (e) {
      // Out of the list on a failure too (a closed output, a lost server): the others take its
      // shards now, or, where Redis is gone, when its heartbeat runs out.
      await this.beat(true).catch(() => {});
      throw e;
    }
    // Out of the list at once: the others take its shards now, not when its heartbeat runs out.
    await this.beat(true);
    await this.processor.settle();
    if (this.stoppedBy !== null) {
      const n = await this.handBack();
      await this.err.write(
        `urikit: ${this.group} worker stopped by ${this.stoppedBy}: ${n} entries it held went back to the ${this.group} group, for its other workers to take at once\n`,
      );
    } else if (this.config.redis.to !== null) await this.verify();
    await this.leave();
    const code = await this.processor.finish();
    return this.stoppedBy === null ? code : Exit.INTERRUPTED;
  }

  /**
   * Whether the worker has waited --redis-timeout for a publish run that stopped before its end
   * (its producer gone, no run finished nor running): the input would never close. Throws then,
   * naming the run to resume.
   */
  private async abandoned(): Promise<boolean> {
    const p = await producers(this.job);
    if (p.running > 0 || p.started === p.finished) {
      this.stalled = null;
      return false;
    }
    this.stalled ??= Date.now();
    if (Date.now() - this.stalled < this.config.redis.connection.timeout) return false;
    const waited = `publish run ${p.started} of ${this.job.text} stopped before its end, and no publish ran for ${seconds(this.config.redis.connection.timeout)} (--redis-timeout): the input cannot close`;
    throw new RedisError(
      (await wasCut(this.job, p.started))
        ? `${waited}. It read a stream, which cannot be read again, so no --resume can finish it; "urikit redis status" shows the lines it wrote`
        : `${waited}. Finish it with "urikit publish --to ${this.job.text} --resume ${p.started} FILE", then start the workers again`,
    );
  }

  /**
   * Renews the worker's heartbeat in the job's workers set (or takes it out: `leave`) and takes its
   * share of the shards from the live workers of its group, saying so when it changes (without -q).
   */
  private async beat(leave = false): Promise<void> {
    this.beaten = Date.now();
    const members = (await this.job.server.script(
      leave ? 'the leaving of a worker' : 'the heartbeat of a worker',
      'urikitWorkers',
      [this.job.keys.workers],
      [memberOf(this.group, this.consumer), leave ? 0 : WORKER_TTL],
    )) as string[];
    if (leave) return;
    const workers = workersOf(members, this.group);
    const share = shareOf(workers, this.consumer, this.job.shards);
    // Said when it changes: a worker alone in its group reads every shard, as it starts, silently.
    if (share.join() === this.share.join()) return;
    this.share = share;
    if (!this.config.quiet)
      await this.err.write(
        `urikit: ${this.group} worker ${this.consumer}: reads the new entries of ${share.length === 0 ? 'no shard' : `shards ${ranges(share)}`} (${share.length} of ${this.job.shards}; ${workers.length} ${this.group} worker${workers.length === 1 ? '' : 's'} running)\n`,
      );
  }

  /** New entries of the worker's shards (in rounds of up to ROUND entries), and the shards where a big entry comes next. */
  private async readNew(): Promise<[Entry[], number[]]> {
    const share = this.share;
    if (share.length === 0) return [[], []];
    const n = Math.min(share.length, ROUND);
    const count = Math.max(1, Math.min(8, Math.floor(ROUND / n)));
    const which = Array.from({ length: n }, (_, i) => share[(this.next + i) % share.length]!);
    this.next = (this.next + n) % share.length;
    const replies = await Promise.all(which.map((i) => this.readShard(i, '>', count, false)));
    const big = which.filter((_, x) => replies[x] === 'big');
    const entries = await Promise.all(replies.map((r, x) => (r === 'big' ? [] : this.accept(which[x]!, r, null))));
    return [entries.flat(), big];
  }

  /**
   * This consumer's pending entries (held before a restart, claimed from others, or delivered by
   * a read whose answer was lost), with their delivery counts.
   */
  private async readOwn(): Promise<Entry[]> {
    const found = await Promise.all(
      Array.from({ length: this.job.shards }, async (_, i) => {
        let raw = await this.readShard(i, '0', 8, false);
        if (raw === 'big') raw = await this.readShard(i, '0', 1, true);
        if (raw === 'big' || raw.length === 0) return [];
        const first = raw[0]![0].toString();
        const last = raw[raw.length - 1]![0].toString();
        const pending = (await this.onShard(i, 'the deliveries of pending entries', (c) =>
          c.xpending(this.job.keys.input(i), this.group, first, last, raw.length, this.consumer),
        )) as Array<[string, string, number, number]>;
        return this.accept(i, raw, new Map(pending.map((p) => [p[0], Number(p[3])])));
      }),
    );
    return found.flat();
  }

  /**
   * `op` on shard `i` through `Server.run`; when the group is gone from the shard (NOGROUP: Redis
   * restarted from a snapshot taken before the group was made, or lost the stream), the group is
   * made again, said loudly, and `op` sent again.
   */
  private async onShard<T>(i: number, what: string, op: (c: Client) => Promise<T>): Promise<T> {
    for (let again = 0; ; again++) {
      try {
        return await this.job.server.run(what, op);
      } catch (e) {
        if (!(e instanceof RedisError) || !/\bNOGROUP\b/.test(e.message) || again === 3) throw e;
        await this.regroup(i);
      }
    }
  }

  /**
   * Makes the group again on shard `i`, reading from the shard's first entry. Redis keeps a
   * shard's keys together (one slot, one node), and a snapshot or an append-only file holds them
   * as they were at one moment: a shard whose group is gone holds none of that group's
   * acknowledgements, counts or accounts either, so its entries are read again from the first,
   * each counted once. Entries that Redis lost too, publish sends again (or drain names).
   */
  private async regroup(i: number): Promise<void> {
    // The job's hash first: a job that is gone stops the worker ("the job … is gone").
    await producers(this.job);
    const key = this.job.keys.input(i);
    await this.err.write(
      `urikit: the ${this.group} group of shard ${i} of ${this.job.text} is gone (Redis lost it: a restart from an older snapshot?); making it again, to read the shard's entries from the first. "urikit redis drain" names what cannot be accounted for\n`,
    );
    this.cursors[i] = '0-0';
    await joinGroup(this.job.server, key, this.group);
  }

  /**
   * READ on shard `i`: its entries, or 'big' when a big entry comes next and `alone` is false. A
   * shard that held no big entry when the worker last looked is read by a plain XREADGROUP, which
   * costs Redis a quarter of READ (whose reply passes through Lua), with the mark of big entries
   * (ENQUEUE sets it in the same call as a big entry's XADD) in the same MULTI; once the mark is
   * there, READ keeps big entries apart. Only a read in which a shard's first big entries arrive
   * may bring more than one of them (up to `count`).
   */
  private async readShard(i: number, from: '>' | '0', count: number, alone: boolean): Promise<RawEntry[] | 'big'> {
    const k = this.job.keys;
    if (this.plain.has(i)) {
      const [[, big], [, read]] = (await this.onShard(i, `the entries of shard ${i}`, async (c) => {
        const replies = (await c
          .multi()
          .hget(k.runs(i), 'big')
          .callBuffer('XREADGROUP', 'GROUP', this.group, this.consumer, 'COUNT', count, 'STREAMS', k.input(i), from)
          .exec()) as Array<[Error | null, unknown]>;
        for (const [e] of replies) if (e !== null) throw e;
        return replies;
      })) as [[null, string | null], [null, Array<[Buffer, RawEntry[]]> | null]];
      if (big !== null) this.plain.delete(i);
      return read === null ? [] : read[0]![1];
    }
    // The mark read after READ: when it is not there, READ did not see it either.
    const [reply, big] = (await this.onShard(i, `the entries of shard ${i}`, (c) =>
      Promise.all([
        callBuffer(c, 'urikitRead', [2, k.input(i), k.runs(i), this.group, this.consumer, count, from, alone ? '1' : '0']),
        c.hget(k.runs(i), 'big'),
      ]),
    )) as [Array<[Buffer, RawEntry[]]> | Buffer | null, string | null];
    if (big === null) this.plain.add(i);
    if (reply === null) return [];
    if (Buffer.isBuffer(reply)) return 'big';
    return reply[0]![1];
  }

  /**
   * Claims the entries that other consumers have held longer than --claim-idle (their ids only:
   * `readOwn` reads them, a big one alone).
   */
  private async claim(): Promise<void> {
    const k = this.job.keys;
    await Promise.all(
      Array.from({ length: this.job.shards }, async (_, i) => {
        const reply = (await this.onShard(i, `the claims of shard ${i}`, (c) =>
          c.xautoclaim(
            k.input(i),
            this.group,
            this.consumer,
            this.config.redis.claimIdle,
            this.cursors[i]!,
            'COUNT',
            CLAIM_COUNT,
            'JUSTID',
          ),
        )) as [string, string[]];
        this.cursors[i] = reply[0];
      }),
    );
  }

  /**
   * The entries of `raw` to run. Those delivered more than --max-deliveries times (`deliveries`,
   * for pending entries), and those that urikit did not write, go to the dead letters instead.
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
      await this.job.server.script(
        'the dead letters',
        'urikitBury',
        [this.job.keys.input(shard), this.job.keys.dead(shard)],
        [this.group, ...dead],
      );
    return entries;
  }

  /**
   * Gives every entry this consumer holds (read and not run, or claimed and not read yet) back to
   * the group at once: idle since long, the next claim of another worker takes it. Returns how many.
   */
  private async handBack(): Promise<number> {
    const k = this.job.keys;
    const counts = await Promise.all(
      Array.from({ length: this.job.shards }, (_, i) =>
        this.onShard(i, 'the entries handed back', async (c) => {
          let n = 0;
          for (let from = '-'; ; ) {
            const held = (await c.xpending(k.input(i), this.group, from, '+', 1000, this.consumer)) as Array<[string]>;
            if (held.length === 0) return n;
            const ids = held.map((h) => h[0]);
            await c.xclaim(k.input(i), this.group, this.consumer, 0, ...ids, 'IDLE', 2 ** 40, 'JUSTID');
            n += ids.length;
            from = `(${ids[ids.length - 1]}`;
          }
        }),
      ),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  /** Removes from each shard's input the entries that every group has acknowledged (--follow). */
  private async trim(): Promise<void> {
    for (let i = 0; i < this.job.shards; i++) await trimShard(this.job, i);
  }

  /**
   * Checks that each entry its group acknowledged was received by every shard its output went
   * to, and commits again those whose commit a failover lost (still in the input).
   */
  private async verify(): Promise<void> {
    const lost = await unconfirmed(this.job, this.group);
    if (lost.length === 0) return;
    const k = this.job.keys;
    const entries: Entry[] = [];
    for (const { shard, run, seq } of lost) {
      const id = await this.job.server.run('an entry to commit again', (c) => c.hget(k.ids(shard, run), String(seq)));
      if (id === null) continue;
      const raw = (await this.job.server.run('an entry to commit again', (c) =>
        callBuffer(c, 'xrange', [k.input(shard), id.split(' ')[0]!, id.split(' ')[0]!]),
      )) as RawEntry[];
      if (raw.length === 1) entries.push(readEntry(shard, raw[0]![0].toString(), raw[0]![1]));
    }
    if (entries.length > 0) {
      await this.err.write(
        `urikit: ${entries.length} entries acknowledged by ${this.group} lack their commit on some shard (lost in a failover); committing them again\n`,
      );
      await this.processor.repair(entries);
    }
  }

  /** Leaves the group, unless this consumer still holds entries (another will claim them). */
  private async leave(): Promise<void> {
    const k = this.job.keys;
    await Promise.all(
      Array.from({ length: this.job.shards }, (_, i) =>
        this.onShard(i, 'leaving the group', async (c) => {
          const mine = (await c.xpending(k.input(i), this.group, '-', '+', 1, this.consumer)) as unknown[];
          if (mine.length === 0) await c.xgroup('DELCONSUMER', k.input(i), this.group, this.consumer);
        }),
      ),
    );
  }
}

/** Shard numbers as ranges: "0-3, 7, 9-10". */
function ranges(shards: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < shards.length; ) {
    let j = i;
    while (j + 1 < shards.length && shards[j + 1] === shards[j]! + 1) j++;
    out.push(j === i ? String(shards[i]) : `${shards[i]}-${shards[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * Acknowledges `entries` for `group`, each shard's in one ACK, with the shards each entry's output
 * went to (`targets`) and, for stats, its counts (`counts`).
 */
async function ack(
  job: Job,
  group: string,
  entries: Entry[],
  targets: Map<Entry, number[]> | null,
  counts: ((e: Entry) => Array<string | number>) | null,
  lists: readonly string[],
  track: number,
): Promise<void> {
  const byShard = new Map<number, Entry[]>();
  for (const e of entries) {
    const list = byShard.get(e.shard);
    if (list === undefined) byShard.set(e.shard, [e]);
    else list.push(e);
  }
  const k = job.keys;
  await Promise.all(
    [...byShard].map(([shard, list]) => {
      const runs = [...new Set(list.map((e) => e.run))];
      const bitmaps = runs.map((r) => k.done(shard, group, r));
      const args: Array<string | number> = [group, job.shards + 1, track, bitmaps.length, lists.length];
      for (const e of list) {
        args.push(e.id, runs.indexOf(e.run) + 1, e.seq, e.lines, (targets?.get(e) ?? []).join(','));
        if (counts === null) args.push(0, 0);
        else args.push(...counts(e));
      }
      const listKeys = lists.flatMap((l) => k.top(shard, l));
      return job.server.durable(
        `the acknowledgement of entries of shard ${shard}`,
        'urikitAck',
        [k.input(shard), k.runs(shard), k.stats(shard), ...bitmaps, ...listKeys],
        args,
      );
    }),
  );
}

/** normalize, resolve, validate: the command's output goes to `out`, its reports to `err`; then the entries are acknowledged. */
class Lines implements Processor {
  private readonly cmd: Command;
  private readonly walker: Walker;
  private commits = 0;
  private committing: Promise<void> | null = null;
  private readonly frontier: FrontierSink | null;

  constructor(
    private readonly spec: LineCommandSpec,
    private readonly config: Settings,
    private readonly job: Job,
    private readonly group: string,
    private readonly out: Sink,
    private readonly err: Sink,
    private readonly stdout: Writable | null,
    private readonly afterCommit: ((commits: number) => void) | undefined,
  ) {
    this.frontier = out instanceof FrontierSink ? out : null;
    // With --to, normalize and resolve hand their URIs to the frontier one by one.
    this.cmd = spec.create(config, { inWorker: false, sink: this.frontier });
    this.walker = lineWalker(spec.input(config) as LineShape, config, this.cmd);
    this.cmd.begin({ terminal: (stdout as { isTTY?: boolean } | null)?.isTTY === true });
  }

  /** Runs `cmd` over the lines of `e`, its output for the frontier marked as from `e` (`again`: a repair). */
  private walk(cmd: Command, walker: Walker, e: Entry, again: boolean): void {
    const f = this.frontier!;
    f.from(e, again);
    walkEntry(e, walker);
    // What did not go to the sink: the lines that --on-invalid writes for invalid records.
    if (cmd.out.size > 0) f.add(cmd.out.text(), e, again);
  }

  /**
   * Runs the command over `entries` and starts their commit; the commit of the entries before
   * must be done first (so at most one batch is committed while the next one is computed).
   */
  async handle(entries: Entry[]): Promise<void> {
    for (const e of entries) {
      // Each entry's URLs apart: the commit marks which shards received an entry's output.
      if (this.frontier !== null) this.walk(this.cmd, this.walker, e, false);
      else walkEntry(e, this.walker);
    }
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
    let targets: Map<Entry, number[]> | null = null;
    if (this.frontier !== null) [targets] = await Promise.all([this.frontier.commit(), this.err.flush(cmd.err)]);
    else {
      await Promise.all([this.out.flush(cmd.out), this.err.flush(cmd.err)]);
      if (this.stdout !== null) await written(this.stdout);
      if (this.out.closed) throw new OutputClosed(this.out.error);
    }
    this.commits++;
    this.afterCommit?.(this.commits);
    await ack(this.job, this.group, entries, targets, null, [], 0);
  }

  async repair(entries: Entry[]): Promise<void> {
    // A command of its own: what it reports and counts was reported and counted the first time.
    const cmd = this.spec.create(this.config, { inWorker: false, sink: this.frontier });
    const walker = lineWalker(this.spec.input(this.config) as LineShape, this.config, cmd);
    for (const e of entries) this.walk(cmd, walker, e, true);
    await this.frontier!.commit();
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
  private readonly lists: readonly string[];

  constructor(
    private readonly config: StatsSettings,
    private readonly job: Job,
    private readonly group: string,
    private readonly err: Sink,
  ) {
    this.lists = statsKeys(config.log !== null);
  }

  async handle(entries: Entry[]): Promise<void> {
    // Counted exactly: an entry holds at most a batch of lines.
    const config: StatsSettings = { ...this.config, track: 1 << 30 };
    const counts = new Map<Entry, Array<string | number>>();
    for (const e of entries) {
      const cmd = new StatsCommand(config);
      walkEntry(e, lineWalker('uris', config, cmd));
      cmd.stats.lines = cmd.lines;
      this.lines += cmd.lines;
      counts.set(e, statsArgs(cmd.stats, this.config, this.lists));
    }
    await ack(this.job, this.group, entries, null, (e) => counts.get(e)!, this.lists, this.config.track);
  }

  /** Nothing is left running: each entry's counts and acknowledgement are one call, awaited. */
  async settle(): Promise<void> {}

  async repair(): Promise<void> {}

  async finish(): Promise<number> {
    if (!this.config.quiet)
      await this.err.write(
        `urikit: stats: counted ${this.lines} lines into ${this.job.text}; "urikit stats --from ${this.job.text} --report" prints the counts\n`,
      );
    return 0;
  }
}

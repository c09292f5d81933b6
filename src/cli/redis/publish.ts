/**
 * `urikit publish [FILE|-] --to redis://HOST:PORT/JOB`: the producer. It reads its input as every
 * command does (gzip, --log), sends each line to a shard by a hash of its URI's lower-cased host
 * (all URLs of a host in one shard: one worker at a time sees a host's batch, and its counts live
 * in one place), in entries of ~100 lines (entry.ts), and waits while the job's workers lag more
 * than --max-lag entries behind on some shard. Nothing is ever trimmed from the input unread.
 *
 * ```
 * input ──► Walker ──► ShardLines (host → shard) ──► Batch per shard ──► XADD urikit:{JOB:i}:in
 * ```
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ByteView } from '../../readers/bytes.js';
import type { Config } from '../config.js';
import type { Source } from '../io/input.js';
import { Progress } from '../io/progress.js';
import { LogLine } from '../lines/log.js';
import type { Kind, LineReader, Records } from '../lines/records.js';
import { Finder, Walker } from '../lines/walker.js';
import type { Io } from '../run.js';
import { again, type Client, script } from './client.js';
import { Batch, type EntryFields } from './entry.js';
import { groupsOf } from './groups.js';
import { type Job, PRODUCER_TTL } from './job.js';
import { shardOf, shardOfBytes } from './keys.js';

/** How often the producer looks at the workers' lag (ms). */
const LAG_CHECK = 250;

/** Finds each line's shard and adds the line to that shard's batch. */
class ShardLines implements LineReader, Records {
  /** Lines read (walked), and those sent to a shard. */
  lines = 0;
  sent = 0;
  readonly batches: Batch[];
  /** Batches that are full, to be sent. */
  full: Array<[shard: number, fields: EntryFields]> = [];
  /** Reports of lines left out (too long), for standard error. */
  notes = '';
  private readonly view: ByteView;
  private readonly log: LogLine | null;

  constructor(
    config: Config,
    private readonly shards: number,
    finder: Finder,
  ) {
    this.batches = Array.from({ length: shards }, () => new Batch());
    // Lenient, for the host alone: a line that strict RFC 3986 rejects still goes with its host.
    this.view = new ByteView({ ...config.parse, lenient: true, absolute: false });
    this.log = config.log === null ? null : new LogLine(config.log, finder);
  }

  /**
   * A line, with the "\r" the walker took off its end (if any): a worker's walker takes it off
   * again, so that it reads the line exactly as a local run does.
   */
  read(bytes: Buffer, start: number, end: number, line: number): void {
    this.add(this.shardOf(bytes, start, end), bytes, start, bytes[end] === CR ? end + 1 : end, line);
  }

  /** The lower-cased host of the line's URI (a log line's request target), else a hash of the whole line. */
  private shardOf(bytes: Buffer, start: number, end: number): number {
    let from = start;
    let to = end;
    const log = this.log;
    if (log?.read(bytes, start, end)) {
      from = log.targetStart;
      to = log.targetEnd;
    }
    const v = this.view;
    v.scan(bytes, from, to);
    const host = v.code === 0 ? v.host : undefined;
    return host !== undefined && host !== '' ? shardOf(host.toLowerCase(), this.shards) : shardOfBytes(bytes, start, end, this.shards);
  }

  private add(shard: number, bytes: Buffer, start: number, end: number, line: number): void {
    const b = this.batches[shard]!;
    this.sent++;
    if (b.add(bytes, start, end, line)) this.full.push([shard, b.take()]);
  }

  /** An empty line: kept (stats counts them), in a shard of its own line number. */
  empty(line: number): void {
    this.add(line % this.shards, EMPTY, 0, 0, line);
  }

  /** A line the walker left out: too long to hold. */
  noUri(line: number, _kind: Kind, code: string, _index: number, message: string): void {
    this.notes += `urikit: line ${line} left out: ${code}: ${message}\n`;
  }

  record(): void {}
  absent(): void {}
  pair(): void {}

  /** Every batch that holds lines, full or not. */
  rest(): Array<[number, EntryFields]> {
    const out = this.full;
    this.full = [];
    this.batches.forEach((b, i) => {
      if (b.lines > 0) out.push([i, b.take()]);
    });
    return out;
  }
}

const EMPTY = Buffer.alloc(0);
const CR = 0x0d;

/** Publishes the input of `config` to `job`; returns the exit code. */
export async function publish(client: Client, job: Job, config: Config, io: Io, input: Source): Promise<number> {
  const keys = job.keys;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const beat = (): Promise<unknown> => script(client, 'urikitBeat', [keys.producers], [id, PRODUCER_TTL]);
  await beat();
  const timer = setInterval(() => {
    beat().catch(() => {});
  }, PRODUCER_TTL / 3);
  timer.unref();
  const finder = new Finder();
  const lines = new ShardLines(config, job.shards, finder);
  const walker = new Walker(lines, lines, finder, config.maxLineLength);
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const progress = !config.quiet && tty && input.size !== null && input.size > 0 ? new Progress(io.stderr, input.size) : null;
  const lag = new LagWatch(client, job, config.redis.maxLag, config.quiet ? null : io.stderr, progress);
  let entries = 0;
  const send = async (batches: Array<[number, EntryFields]>): Promise<void> => {
    if (batches.length === 0) return;
    entries += batches.length;
    await Promise.all(batches.map(([shard, f]) => again(() => client.xadd(keys.input(shard), '*', ...f))));
    await lag.wait(batches.length);
  };
  try {
    for await (const chunk of input.chunks()) {
      walker.push(chunk);
      if (lines.notes !== '') {
        progress?.clear();
        io.stderr.write(lines.notes);
        lines.notes = '';
      }
      const full = lines.full;
      lines.full = [];
      await send(full);
      progress?.update(input.read);
    }
    walker.end();
    await send(lines.rest());
  } finally {
    clearInterval(timer);
    progress?.clear();
  }
  await client.hincrby(keys.meta, 'published', 1);
  await client.zrem(keys.producers, id);
  if (!config.quiet)
    io.stderr.write(
      `urikit: published ${lines.sent} lines${lines.sent < lines.lines ? ` (${lines.lines - lines.sent} left out)` : ''} in ${entries} entries to ${job.target.text} (${job.shards} shards)\n`,
    );
  return 0;
}

/**
 * The producer's back-pressure: the largest lag of any group on any shard (with no group yet, the
 * stream's length: nothing reads it), looked at every LAG_CHECK ms and whenever as many entries as
 * the limit were sent since; while it passes the limit, the producer waits (and reads no input).
 * A shard's lag may thus pass the limit by the entries of one input chunk at most.
 */
class LagWatch {
  private checked = 0;
  private sent = 0;
  private told = false;

  constructor(
    private readonly client: Client,
    private readonly job: Job,
    private readonly limit: number,
    private readonly err: NodeJS.WritableStream | null,
    private readonly progress: Progress | null,
  ) {}

  /** After `sent` more entries: waits while the lag passes the limit. */
  async wait(sent: number): Promise<void> {
    this.sent += sent;
    if (this.sent < this.limit && Date.now() - this.checked < LAG_CHECK) return;
    this.sent = 0;
    for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
      const [shard, lag] = await this.largest();
      this.checked = Date.now();
      if (lag <= this.limit) return;
      if (!this.told && this.err !== null) {
        this.told = true;
        this.progress?.clear();
        this.err.write(
          `urikit: publish: shard ${shard} holds ${lag} entries that no worker has read (--max-lag ${this.limit}); waiting for the workers\n`,
        );
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  private async largest(): Promise<[shard: number, lag: number]> {
    const keys = this.job.keys;
    const lags = await Promise.all(
      Array.from({ length: this.job.shards }, async (_, i) => {
        const groups = await groupsOf(this.client, keys.input(i));
        return groups.length === 0 ? this.client.xlen(keys.input(i)) : Math.max(...groups.map((g) => g.lag));
      }),
    );
    let at = 0;
    lags.forEach((l, i) => {
      if (l > lags[at]!) at = i;
    });
    return [at, lags[at]!];
  }
}

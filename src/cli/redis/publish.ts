/**
 * `urikit publish [FILE|-] --to redis://HOST:PORT/JOB`: the producer. It reads its input as every
 * command does (gzip, --log), sends each line to a shard by a hash of its URI's host in ASCII
 * lower case (all URLs of a host in one shard: one worker at a time sees a host's batch, and its
 * counts live in one place), in entries of ~100 lines (entry.ts), and waits while the job's
 * running workers lag more than --max-lag entries behind on some shard. Nothing is ever trimmed
 * from the input unread.
 *
 * ```
 * input ──► Walker ──► ShardLines (host → shard) ──► Batch per shard ──► ENQUEUE (lua.ts)
 * ```
 *
 * Each run has a number, and each entry its number among the run's entries of its shard; the
 * entries of a shard are sent in order, and ENQUEUE writes each once. So an entry sent again (its
 * answer lost) is stored once, a run killed half-way is finished by `--resume RUN` (the same input
 * read again, and only what Redis lacks sent), and entries that Redis acknowledged and then lost
 * (a failover, a restart) show as a gap at the next entry of their shard: publish sends them
 * again by reading a file again, or says how to.
 *
 * A stream (a pipe, a terminal: `tail -F access.log | urikit publish …`) comes at its own pace:
 * a line read from it waits in a batch `HOLD` ms at most, then the batches go as they are. Such a
 * run's entries depend on the timing, so it cannot be resumed by reading its input again: its
 * entries say so (RUN:cut), and `--resume` refuses it. A file is read at once, and batched by its
 * lines alone. A stream ends where it is stopped, too (SIGINT, or SIGTERM from a service manager:
 * a second one ends publish at once): what it gave goes, the run finishes, and publish exits 130.
 * A file's run stopped so is left unfinished instead, for `--resume` to complete.
 */
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { describeReadError, openInput, type Source, UnreadInput } from '../io/input.js';
import { Progress } from '../io/progress.js';
import { LogLine } from '../lines/log.js';
import type { Kind, LineReader, Records } from '../lines/records.js';
import { Finder, Walker } from '../lines/walker.js';
import { Exit, type Io } from '../run/run.js';
import { wasCut } from './accounts.js';
import { RedisError } from './client.js';
import { Batch, type Batched, BIG_ENTRY } from './entry.js';
import { groupsOf, liveGroups } from './groups.js';
import { guardAgain, type Job, PRODUCER_TTL } from './job.js';
import { FNV_START, fnv, shardOfBytes, shardOfHash, shardOfLower } from './keys.js';
import type { PublishSettings } from './publish-spec.js';

/** How often the producer looks at the workers' lag (ms). */
const LAG_CHECK = 250;
/** The lines a producer holds in its batches, in all (bytes): past this, every batch goes. */
const HELD = 16 << 20;
/** How many times publish reads a file again to send entries that Redis lost. */
const RESENDS = 3;
/** How long a line read from a stream may wait in a batch (ms). */
const HOLD = 500;

/** Exit code: Redis lost lines that it had acknowledged, and they could not be sent again. */
export const LOST = 3;

/** Finds each line's shard and adds the line to that shard's batch. */
class ShardLines implements LineReader, Records {
  /** Lines read (walked), and those sent to a shard. */
  lines = 0;
  sent = 0;
  readonly batches: Batch[];
  /** Entries that are full, to be sent. */
  full: Batched[] = [];
  /** Reports of lines left out (too long), for standard error. */
  notes = '';
  private held = 0;
  private readonly log: LogLine | null;

  constructor(
    config: PublishSettings,
    private readonly shards: number,
    finder: Finder,
  ) {
    this.batches = Array.from({ length: shards }, (_, i) => new Batch(i));
    this.log = config.log === null ? null : new LogLine(config.log, finder);
  }

  /**
   * A line, with the "\r" the walker took off its end (if any): a worker's walker takes it off
   * again, so that it reads the line exactly as a local run does.
   */
  read(bytes: Buffer, start: number, end: number, line: number): void {
    this.add(this.shardOf(bytes, start, end), bytes, start, bytes[end] === CR ? end + 1 : end, line);
  }

  /** The shard of the host of the line's URI (a log line's request target), else of the whole line. */
  private shardOf(bytes: Buffer, start: number, end: number): number {
    let from = start;
    let to = end;
    const log = this.log;
    if (log?.read(bytes, start, end)) {
      from = log.targetStart;
      to = log.targetEnd;
    }
    const shard = this.hostShard(bytes, from, to);
    return shard === -1 ? shardOfBytes(bytes, start, end, this.shards) : shard;
  }

  /**
   * The shard of the host of the URI in bytes [from, to) (`shardOfLower` of the host), found
   * without parsing the URI: after "scheme://" or "//", past a userinfo, before a port; -1 when
   * there is no authority or its host is empty. Only the shard depends on it, and only through
   * the bytes, so the lines of a host in any case land in the same shard. The host is hashed as
   * the authority is walked, in one pass (a walk to find it and another to hash it cost some 40%
   * more instructions a line): the hash starts again after each "@" and stops at the first ":".
   */
  private hostShard(b: Uint8Array, from: number, to: number): number {
    let i = from;
    if (i < to && isAlpha(b[i]!)) {
      i++;
      while (i < to && isSchemeChar(b[i]!)) i++;
      if (i + 2 >= to || b[i] !== COLON || b[i + 1] !== SLASH || b[i + 2] !== SLASH) return -1;
      i += 3;
    } else if (i + 1 < to && b[i] === SLASH && b[i + 1] === SLASH) i += 2;
    else return -1;
    let end = i;
    let start = i;
    let colon = -1;
    let h = FNV_START;
    for (; end < to; end++) {
      const c = b[end]!;
      if (c === SLASH || c === QUESTION || c === HASH) break;
      if (c === AT) {
        start = end + 1;
        colon = -1;
        h = FNV_START;
      } else if (colon === -1) {
        if (c === COLON) colon = end;
        else h = fnv(h, c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
      }
    }
    if (b[start] === BRACKET) {
      // An IP literal: its colons are not a port's.
      let stop = end;
      const close = b.indexOf(CLOSE_BRACKET, start);
      if (close !== -1 && close < end) stop = close + 1;
      return stop === start ? -1 : shardOfLower(b, start, stop, this.shards);
    }
    if ((colon === -1 ? end : colon) === start) return -1;
    return shardOfHash(h, this.shards);
  }

  private add(shard: number, bytes: Buffer, start: number, end: number, line: number): void {
    const b = this.batches[shard]!;
    this.sent++;
    const before = b.size;
    if (b.add(bytes, start, end, line)) {
      this.held -= before;
      this.full.push(b.take());
    } else this.held += b.size - before;
    // Many shards hold little each, which adds up: past HELD bytes, every batch goes. The input
    // alone decides when, so that a resumed run makes the same entries.
    if (this.held > HELD) this.full.push(...this.rest());
  }

  /** Whether some batch holds lines (an empty line too). */
  holding(): boolean {
    return this.batches.some((b) => b.lines > 0);
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
  rest(): Batched[] {
    const out = this.full;
    this.full = [];
    for (const b of this.batches) if (b.lines > 0) out.push(b.take());
    this.held = 0;
    return out;
  }
}

/** What `next` gives, or null when it gives nothing within `ms` (it is still awaited then). */
async function within<T>(next: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), ms);
  });
  try {
    return await Promise.race([next, late]);
  } finally {
    clearTimeout(timer);
  }
}

const EMPTY = Buffer.alloc(0);
const CR = 0x0d;

const isAlpha = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isSchemeChar = (c: number): boolean => isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const AT = 0x40;
const BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** What a run wrote to one shard, and what Redis lost of it. */
interface ShardState {
  /** Which entries to send: null for all; else those Redis lacks (a resumed run, a pass that sends lost ones again). */
  only: ((seq: number) => boolean) | null;
  /** Entries made from the input, and the last one's last line. */
  entries: number;
  last: number;
  lines: number;
  /** Entries Redis reported lost (a gap at the next entry), to send again. */
  lost: Set<number>;
  /** The sends of this shard, one after the other (ENQUEUE takes a shard's entries in order). */
  chain: Promise<void>;
}

/** Publishes the input of `config` to `job`; returns the exit code. */
export async function publish(job: Job, config: PublishSettings, io: Io, input: Source): Promise<number> {
  const keys = job.keys;
  const server = job.server;
  const name = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const resume = config.redis.resume;
  if (resume !== null && (await wasCut(job, resume)))
    throw new RedisError(
      `run ${resume} of ${job.text} read a stream and sent lines by the clock: the same input read again would make other entries, so it cannot be resumed ("urikit redis status" shows the lines it wrote)`,
    );
  const file = rereadable(config.file);
  const print = file === null ? '' : fingerprint(file);
  const started = (await server.script(
    'the start of a publish run',
    'urikitStart',
    [keys.meta, keys.producers],
    [resume ?? 0, name, PRODUCER_TTL, print, config.redis.again ? 1 : 0],
  )) as [number, number?];
  const run = Number(started[0]);
  /** The first run of the same input, when this run is a second pass of it (--again); else 0. */
  const first = Number(started[1] ?? 0);
  if (run === 0) throw job.gone();
  if (run === -1) throw new RedisError(`there is no run ${resume} of ${job.text} to resume: "urikit redis status" lists the runs`);
  if (run === -2)
    throw new RedisError(
      `run ${resume} of ${job.text} is running (its producer's heartbeat is fresh); stop it, or wait ${PRODUCER_TTL / 1000} s after it was killed`,
    );
  if (run === -3)
    throw new RedisError(
      `run ${first} of ${job.text} published this input already (${config.file}: ${print.split(':')[0]} bytes, the same first and last ${PRINT_BLOCK >> 10} KiB), and a second run would count each of its lines twice. "urikit publish --to ${job.text} --resume ${first} ${config.file}" finishes that run if it stopped; --again publishes it a second time`,
    );
  const producer = `${run} ${name}`;
  const err = config.quiet ? null : io.stderr;
  err?.write(
    `urikit: publish run ${run} to ${job.text}${resume === null ? '' : ' (resumed)'}${first > 0 ? `, a second pass of run ${first}'s input (--again)` : ''}\n`,
  );
  let gone = false;
  /** The pass that reads the input (made once the run's state is known; the heartbeat may come first). */
  let pass: Pass | null = null;
  /** Whether drain or status closed this run as abandoned: its heartbeat had run out (the process paused, or cut off from Redis). */
  let closed = false;
  /** Why the run stops before its end: Redis came to evict keys (the guard, again on each heartbeat). */
  let halted: RedisError | null = null;
  const beat = async (): Promise<void> => {
    const beaten = Number(
      await server.script(
        'the heartbeat of publish',
        'urikitBeat',
        [keys.meta, keys.producers],
        [producer, PRODUCER_TTL, run, pass?.sentThrough() ?? 0],
      ),
    );
    if (beaten === 0) gone = true;
    if (beaten === -1 && !closed) {
      closed = true;
      input.cancel();
    }
    if (config.redis.connection.allowEviction || halted !== null) return;
    try {
      await guardAgain(server, 'this publish');
    } catch (e) {
      if (!(e instanceof RedisError)) throw e;
      halted = e;
      // A stream that gives nothing would keep the pass waiting for its next line.
      input.cancel();
    }
  };
  // The last heartbeat is awaited before the run finishes: one that landed after FINISH would list
  // the finished producer again, and keep the job's input open, for PRODUCER_TTL.
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beat().catch(() => {});
  }, PRODUCER_TTL / 3);
  timer.unref();
  const shards: ShardState[] = Array.from({ length: job.shards }, () => ({
    only: null,
    entries: 0,
    last: 0,
    lines: 0,
    lost: new Set<number>(),
    chain: Promise.resolve(),
  }));
  if (resume !== null) await missing(job, run, shards);
  const lag = new LagWatch(job, config.redis.maxLag, err);
  let stoppedBy: string | null = null;
  const stop = (signal?: string): void => {
    stoppedBy = signal ?? 'a signal';
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    input.cancel();
    err?.write(
      `urikit: publish: ${stoppedBy}: sending the lines read so far and finishing run ${run} (another signal ends publish at once)\n`,
    );
  };
  if (input.size === null) {
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  const p = (pass = new Pass(
    job,
    run,
    config,
    io,
    shards,
    lag,
    () => gone || closed || halted !== null,
    () => stoppedBy !== null || closed || halted !== null,
  ));
  let sent: ShardLines;
  try {
    sent = await p.read(input, !config.quiet);
    for (let again = 0; !gone && !closed && halted === null; again++) {
      // Entries that Redis lost after it had written them, up to the last of each shard (a gap
      // at a later entry shows the others).
      await Promise.all(
        shards.map(async (s, i) => {
          const hwm = Number((await server.run('the entries written', (c) => c.hget(keys.runs(i), String(run)))) ?? 0);
          for (let n = hwm + 1; n <= s.entries; n++) s.lost.add(n);
        }),
      );
      if (count(shards) === 0 || again === RESENDS || file === null) break;
      err?.write(`urikit: publish: reading ${config.file} again to send the ${count(shards)} entries that Redis lost\n`);
      for (const s of shards) {
        const lost = s.lost;
        s.only = (n) => lost.has(n);
        s.lost = new Set();
        s.entries = 0;
        s.lines = 0;
      }
      const reread = await openInput(file, io.stdin, config.maxLineLength).catch((e: NodeJS.ErrnoException) => {
        throw new UnreadInput(describeReadError(e, file, 'publish'));
      });
      await p.read(reread, false);
    }
  } finally {
    clearInterval(timer);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await beating;
  }
  if (halted !== null) throw halted;
  if (gone) throw job.gone();
  if (closed)
    throw new RedisError(
      `publish run ${run} of ${job.text} was closed as abandoned while it ran: its heartbeat had not reached Redis for ${PRODUCER_TTL / 1000} s (the process paused, or cut off from Redis), and "urikit redis drain" or "status" took its publisher for gone. "urikit redis drain" names the lines of the input that the job holds`,
    );
  const lost = count(shards);
  if (lost > 0 && !p.cut) {
    const from = config.file === '-' ? 'standard input' : config.file;
    io.stderr.write(
      `urikit: publish run ${run}: Redis lost ${lost} entries of ${job.text} after it had acknowledged them (a failover or a restart), and they could not be read again from ${from}; send them with: urikit publish --to ${job.text} --resume ${run} FILE (the same input)\n`,
    );
    return LOST;
  }
  // A stream's run that lost entries cannot be resumed: it ends here, as failed, so that the
  // job's input closes and drain names the lines lost.
  const record = JSON.stringify({
    entries: shards.map((s) => s.entries),
    lines: shards.map((s) => s.lines),
    last: shards.map((s) => s.last),
    ...(lost > 0 ? { failed: `Redis lost ${lost} of its entries, read from a stream` } : {}),
  });
  const finished = await server.durable(
    `the end of publish run ${run}`,
    'urikitFinish',
    [keys.meta, keys.producers],
    [run, record, producer],
  );
  if (finished === 0) throw job.gone();
  if (lost > 0) {
    io.stderr.write(
      `urikit: publish run ${run}: Redis lost ${lost} entries of ${job.text} after it had acknowledged them (a failover or a restart), and a stream cannot be read again: the run is closed as failed, and "urikit redis drain" names their lines\n`,
    );
    return LOST;
  }
  err?.write(
    `urikit: published ${sent.sent} lines${sent.sent < sent.lines ? ` (${sent.lines - sent.sent} left out)` : ''} in ${p.written} entries to ${job.text} (${job.shards} shards; run ${run})${stoppedBy === null ? '' : `, all the stream gave until ${stoppedBy}`}\n`,
  );
  return stoppedBy === null ? Exit.OK : Exit.INTERRUPTED;
}

/** The bytes at each end of a file that its fingerprint hashes. */
const PRINT_BLOCK = 64 << 10;

/**
 * A file's fingerprint: its size and a hash of its first and last PRINT_BLOCK bytes, enough to
 * tell the same input published twice (the file read again instead of resumed) from another.
 */
function fingerprint(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const hash = createHash('sha256');
    const block = Buffer.alloc(Math.min(PRINT_BLOCK, size));
    hash.update(block.subarray(0, readSync(fd, block, 0, block.length, 0)));
    if (size > PRINT_BLOCK) hash.update(block.subarray(0, readSync(fd, block, 0, block.length, size - block.length)));
    return `${size}:${hash.digest('hex').slice(0, 32)}`;
  } finally {
    closeSync(fd);
  }
}

/** The entries that Redis lost, in all shards. */
function count(shards: ShardState[]): number {
  return shards.reduce((n, s) => n + s.lost.size, 0);
}

/** `file` when it can be read again from its start (a regular file); else null. */
function rereadable(file: string): string | null {
  if (file === '-') return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** For a resumed run: what each shard lacks of it (the entries past the last written, and the gaps). */
async function missing(job: Job, run: number, shards: ShardState[]): Promise<void> {
  await Promise.all(
    shards.map(async (s, i) => {
      const [hwm, gaps] = await job.server.run('what the run wrote', (c) => c.hmget(job.keys.runs(i), String(run), `${run}:gaps`));
      const written = Number(hwm ?? 0);
      const lacking = new Set<number>();
      for (const m of (gaps ?? '').matchAll(/(\d+)-(\d+)/g)) for (let n = Number(m[1]); n <= Number(m[2]); n++) lacking.add(n);
      // The run's last entry goes again too: ENQUEUE compares its lines with those the run wrote,
      // so that a resume given another input or other options (or by a version that batches
      // lines otherwise) stops there, loudly, instead of writing entries whose numbers name other lines.
      s.only = (n) => n >= written || lacking.has(n);
    }),
  );
}

/** One pass over the input: its lines into entries, the entries sent. */
class Pass {
  written = 0;
  /** The lines of the pass under way, and its entries sent and not yet written. */
  private current: ShardLines | null = null;
  private readonly flying = new Set<Batched>();
  /** Whether this pass sent batches because their lines had waited long enough: its entries say so from then on. */
  cut = false;

  constructor(
    private readonly job: Job,
    private readonly run: number,
    private readonly config: PublishSettings,
    private readonly io: Io,
    private readonly shards: ShardState[],
    private readonly lag: LagWatch,
    private readonly gone: () => boolean,
    /** Whether a signal stopped the input (a stream: it was cancelled). */
    private readonly stopped: () => boolean,
  ) {}

  /**
   * The line up to which the input read so far is all in Redis (or left out): the line before
   * the first that a batch holds or an entry not yet written carries, else the last line read.
   */
  sentThrough(): number {
    const lines = this.current;
    if (lines === null) return 0;
    let low = lines.lines;
    for (const b of lines.batches) if (b.lines > 0) low = Math.min(low, b.head - 1);
    for (const e of lines.full) low = Math.min(low, e.first - 1);
    for (const e of this.flying) low = Math.min(low, e.first - 1);
    return low;
  }

  async read(input: Source, bar: boolean): Promise<ShardLines> {
    const config = this.config;
    const finder = new Finder();
    const lines = new ShardLines(config, this.job.shards, finder);
    this.current = lines;
    const walker = new Walker(lines, lines, finder, config.maxLineLength);
    const tty = (this.io.stderr as { isTTY?: boolean }).isTTY === true;
    const progress = bar && tty && input.size !== null && input.size > 0 ? new Progress(this.io.stderr, input.size) : null;
    this.lag.progress = progress;
    // A stream comes at its own pace (a file's size is known: it is read at once): since when
    // its batches hold lines, which go once they have waited HOLD ms.
    const paced = input.size === null;
    let since: number | null = null;
    const cut = async (): Promise<void> => {
      this.cut = true;
      since = null;
      await this.send(lines.rest());
    };
    const chunks = input.chunks()[Symbol.asyncIterator]();
    try {
      for (;;) {
        if (!paced || !lines.holding()) since = null;
        else if (since === null) since = Date.now();
        else if (Date.now() - since >= HOLD) await cut();
        // A stream cancelled by a signal may end with an error: it ends there.
        const next = chunks.next().catch((e: NodeJS.ErrnoException) => {
          if (this.stopped()) return { done: true as const, value: undefined };
          throw e.code === undefined ? e : new UnreadInput(describeReadError(e, input.name, 'publish'));
        });
        let read = since === null ? await next : await within(next, since + HOLD - Date.now());
        if (read === null) {
          await cut();
          read = await next;
        }
        if (read.done === true) break;
        const chunk = read.value;
        walker.push(chunk);
        if (lines.notes !== '') {
          progress?.clear();
          if (bar) this.io.stderr.write(lines.notes);
          lines.notes = '';
        }
        const full = lines.full;
        lines.full = [];
        await this.send(full);
        if (this.gone()) return lines;
        progress?.update(input.read);
      }
      walker.end();
      await this.send(lines.rest());
    } finally {
      progress?.clear();
      // Ends the read (a file closed) when the pass stops early; not awaited, since a read of a
      // stream that stalled may never give its next chunk.
      chunks.return?.(undefined)?.catch(() => {});
    }
    return lines;
  }

  /** Sends `entries`, each shard's in order, and waits while the workers lag. */
  private async send(entries: Batched[]): Promise<void> {
    if (entries.length === 0) return;
    const sends: Array<Promise<void>> = [];
    for (const e of entries) {
      const s = this.shards[e.shard]!;
      s.entries = e.seq;
      s.last = e.last;
      s.lines += e.lines;
      if (s.only !== null && !s.only(e.seq)) continue;
      this.flying.add(e);
      s.chain = s.chain
        .then(() => this.enqueue(e))
        .then(() => {
          this.flying.delete(e);
        });
      sends.push(s.chain);
    }
    await Promise.all(sends);
    await this.lag.wait(sends.length);
  }

  private async enqueue(e: Batched): Promise<void> {
    const k = this.job.keys;
    const reply = (await this.job.server.durable(
      `an entry of shard ${e.shard}`,
      'urikitEnqueue',
      [k.input(e.shard), k.runs(e.shard), k.ids(e.shard, this.run)],
      [this.run, e.seq, e.first, e.last, e.lines, e.print, e.numbers, e.data, BIG_ENTRY, this.cut ? 1 : 0],
    )) as [number, string, number?, number?, number?];
    const status = Number(reply[0]);
    if (status === -1)
      throw new RedisError(
        `run ${this.run} of ${this.job.text} wrote other lines as entry ${e.seq} of shard ${e.shard}: --resume ${this.run} needs the input that run read, with the same options`,
      );
    if (status >= 1) this.written++;
    this.shards[e.shard]!.lost.delete(e.seq);
    if (status === 2) {
      const [from, to, before] = [Number(reply[2]), Number(reply[3]), Number(reply[4])];
      for (let n = from; n <= to; n++) this.shards[e.shard]!.lost.add(n);
      if (!this.config.quiet)
        this.io.stderr.write(
          `urikit: publish: Redis lost entries ${from}–${to} of shard ${e.shard} (its lines after line ${before} and before line ${e.first}) after it had acknowledged them (a failover or a restart); ${this.cut ? 'a stream cannot be read again: drain will name their lines' : rereadable(this.config.file) === null ? `publish --resume ${this.run} can send them again` : 'they will be sent again'}\n`,
        );
    }
  }
}

/**
 * The producer's back-pressure: the largest lag on any shard of any group that has a running
 * worker (a group whose workers are gone holds nothing back), looked at every LAG_CHECK ms and
 * whenever as many entries as the limit were sent since; while it passes the limit, the producer
 * waits (and reads no input). A shard's lag may thus pass the limit by the entries of one input
 * chunk at most.
 */
class LagWatch {
  progress: Progress | null = null;
  private checked = 0;
  private sent = 0;
  private told = '';

  constructor(
    private readonly job: Job,
    private readonly limit: number,
    private readonly err: NodeJS.WritableStream | null,
  ) {}

  /** After `sent` more entries: waits while the lag passes the limit. */
  async wait(sent: number): Promise<void> {
    this.sent += sent;
    if (this.sent < this.limit && Date.now() - this.checked < LAG_CHECK) return;
    this.sent = 0;
    for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
      const worst = await this.largest();
      this.checked = Date.now();
      if (worst === null || worst.lag <= this.limit) return;
      const told = `${worst.group}:${worst.shard}`;
      if (this.told !== told && this.err !== null) {
        this.told = told;
        this.progress?.clear();
        this.err.write(
          `urikit: publish: shard ${worst.shard} holds ${worst.lag} entries that the ${worst.group} workers have not read (--max-lag ${this.limit}); waiting for them\n`,
        );
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  /** The largest lag of a group with a running worker, or null when no group has one. */
  private async largest(): Promise<{ shard: number; group: string; lag: number } | null> {
    const job = this.job;
    const live = await liveGroups(job);
    if (live.size === 0) return null;
    const shards = await Promise.all(Array.from({ length: job.shards }, (_, i) => groupsOf(job.server, job.keys.input(i))));
    let worst: { shard: number; group: string; lag: number } | null = null;
    shards.forEach((groups, shard) => {
      for (const g of groups) if (live.has(g.name) && (worst === null || g.lag > worst.lag)) worst = { shard, group: g.name, lag: g.lag };
    });
    return worst;
  }
}

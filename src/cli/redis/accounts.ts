/**
 * A job's accounts: each publish run records, per shard, the entries and lines it wrote; each
 * group marks, per entry, that it acknowledged it and to which shards its output went, and each
 * of those shards marks what it received. `account` names every entry that a run wrote and Redis
 * no longer holds, that a group did not acknowledge, or whose output a shard did not receive,
 * with its lines: nothing is lost without a word. `isDone` says when a job (or a group) has read
 * and acknowledged all of its input.
 */
import { type Group, groupsOf } from './groups.js';
import { type Job, producers } from './job.js';

/** Whether the job is done: its input closed, and every group on every shard without lag or pending entries. */
export async function isDone(job: Job, group: string | null): Promise<boolean> {
  // The input's state first: a producer that finishes after this read has sent its entries.
  const p = await producers(job);
  if (p.finished === 0 || p.running > 0) return false;
  const shards = await Promise.all(Array.from({ length: job.shards }, (_, i) => groupsOf(job.server, job.keys.input(i))));
  const idle = (g: Group): boolean => g.lag === 0 && g.pending === 0;
  return shards.every((gs) => {
    const mine = group === null ? gs : gs.filter((g) => g.name === group);
    return mine.length > 0 && mine.every(idle);
  });
}

/** The runs without an owner that `closeAbandoned` found. */
export interface Abandoned {
  /** Streams' runs closed as abandoned (now, or before). */
  streams: number[];
  /** Files' runs that stopped before their end, for a `--resume` to finish. */
  files: number[];
}

/**
 * Finds the publish runs that stopped before their end (their producer's heartbeat ran out:
 * killed, or cut off from Redis) and closes those that read a stream as abandoned, recording what
 * Redis holds of them (their entries, lines and last line per shard) and the line up to which
 * their input is all in the job: no `--resume` can finish a stream's run, and left open it would
 * keep the job's input open, and drain waiting, for ever. A file's run stays open for the
 * `--resume` that finishes it.
 */
export async function closeAbandoned(job: Job): Promise<Abandoned> {
  const out: Abandoned = { streams: [], files: [] };
  const p = await producers(job);
  if (p.finished >= p.started) return out;
  const meta = await job.server.run('the job', (c) => c.hgetall(job.keys.meta));
  if (meta.shards === undefined) throw job.gone();
  for (let run = 1; run <= p.started; run++) {
    if (p.live.includes(run)) continue;
    if (meta[`run:${run}`] !== undefined) {
      if (meta[`run:${run}:abandoned`] !== undefined) out.streams.push(run);
      continue;
    }
    if (meta[`run:${run}:stream`] === undefined) {
      out.files.push(run);
      continue;
    }
    const S = job.shards;
    const k = job.keys;
    const held = await Promise.all(
      Array.from({ length: S }, (_, i) =>
        job.server.run('the runs', async (c) => {
          const [hwm, lines] = await c.hmget(k.runs(i), String(run), `${run}:l`);
          const last = hwm === null || hwm === undefined ? null : await c.hget(k.ids(i, run), hwm);
          return { entries: Number(hwm ?? 0), lines: Number(lines ?? 0), last: last === null ? 0 : Number(last.split(' ')[2]) };
        }),
      ),
    );
    const record: RunRecord = {
      entries: held.map((h) => h.entries),
      lines: held.map((h) => h.lines),
      last: held.map((h) => h.last),
      failed: 'abandoned',
      abandoned: { sent: Number(meta[`run:${run}:sent`] ?? 0) },
    };
    const closed = Number(
      await job.server.durable(
        `the end of the abandoned run ${run}`,
        'urikitAbandon',
        [k.meta, k.producers],
        [run, JSON.stringify(record)],
      ),
    );
    if (closed === 0) throw job.gone();
    if (closed === 1) out.streams.push(run);
  }
  return out;
}

/** Whether run `run` cut some entry by time (it read a stream: see publish.ts's HOLD), which a resume cannot repeat. */
export async function wasCut(job: Job, run: number): Promise<boolean> {
  const flags = await Promise.all(
    Array.from({ length: job.shards }, (_, i) => job.server.run('the runs', (c) => c.hget(job.keys.runs(i), `${run}:cut`))),
  );
  return flags.some((f) => f !== null);
}

/** Entries of a run in a shard that are not accounted for, and why. */
export interface Missing {
  shard: number;
  run: number;
  /** Entry numbers (the run's in the shard), first and last. */
  entries: [number, number];
  /** Line numbers of the published input between which they lie (only the shard's lines among them); null when not known. */
  lines: [number, number] | null;
  /** "lost": Redis lost them before any group read them; "unacknowledged": a group did not acknowledge them; "uncommitted": a group's output did not reach a shard. */
  reason: 'lost' | 'unacknowledged' | 'uncommitted';
  group?: string;
  /** uncommitted: the shard whose commit was lost. */
  to?: number;
  /** lost: the run read a stream, which cannot be read again (no --resume sends them). */
  stream?: boolean;
}

/** What `account` finds: entries not accounted for, and other problems in words. */
export interface Accounts {
  missing: Missing[];
  problems: string[];
  dead: number;
}

/** An entry not accounted for. */
interface Lost {
  shard: number;
  run: number;
  seq: number;
}

/** Whether bit `n` of a Redis bitmap is set (bit 0 is the first byte's highest). */
function bit(b: Buffer | null, n: number): boolean {
  return b !== null && n >> 3 < b.length && ((b[n >> 3]! >> (7 - (n & 7))) & 1) === 1;
}

/**
 * The entries that `group` acknowledged with output to a shard that did not receive it (a commit
 * that a failover lost, its acknowledgement kept): the check a worker makes before it stops.
 */
export async function unconfirmed(job: Job, group: string): Promise<Array<Lost & { to: number }>> {
  const server = job.server;
  const runs = Number((await server.run('the runs', (c) => c.hget(job.keys.meta, 'runs'))) ?? 0);
  const S = job.shards;
  const out: Array<Lost & { to: number }> = [];
  for (let run = 1; run <= runs; run++) {
    const [done, got] = await server.run('the accounts', (c) =>
      Promise.all([
        Promise.all(Array.from({ length: S }, (_, i) => c.getBuffer(job.keys.done(i, group, run)))),
        Promise.all(Array.from({ length: S }, (_, j) => c.getBuffer(job.keys.got(j, group, run)))),
      ]),
    );
    done.forEach((d, i) => {
      if (d === null) return;
      for (let seq = 1; seq * (S + 1) < d.length * 8; seq++) {
        const base = seq * (S + 1);
        if (!bit(d, base + S)) continue;
        for (let j = 0; j < S; j++) {
          if (bit(d, base + j) && !bit(got[j]!, seq * S + i)) {
            out.push({ shard: i, run, seq, to: j });
            break;
          }
        }
      }
    });
  }
  return out;
}

/** The record publish wrote at the end of a run: per shard, the entries, lines and last line it wrote. */
interface RunRecord {
  entries: number[];
  lines: number[];
  last: number[];
  /** A stream's run that Redis lost entries of, or that was abandoned: closed as failed, and why. */
  failed?: string;
  /** A stream's run whose producer stopped before its end: every line of its input up to `sent` is in the job. */
  abandoned?: { sent: number };
}

/** Accounts for every line published to `job` (which is done: its input closed and read). */
export async function account(job: Job): Promise<Accounts> {
  const server = job.server;
  const k = job.keys;
  const S = job.shards;
  const meta = await server.run('the job', (c) => c.hgetall(k.meta));
  if (meta.shards === undefined) return { missing: [], problems: [job.gone().message], dead: 0 };
  const missing: Missing[] = [];
  const problems: string[] = [];
  const runs = Number(meta.runs ?? 0);
  const groups = [
    ...new Set((await Promise.all(Array.from({ length: S }, (_, i) => groupsOf(server, k.input(i))))).flat().map((g) => g.name)),
  ].sort();
  const runsHashes = await Promise.all(Array.from({ length: S }, (_, i) => server.run('the runs', (c) => c.hgetall(k.runs(i)))));
  for (let run = 1; run <= runs; run++) {
    const text = meta[`run:${run}`];
    if (text === undefined) {
      const cut = runsHashes.some((h) => h[`${run}:cut`] !== undefined);
      problems.push(
        `publish run ${run} did not finish (it stopped, or Redis lost its end): the lines it wrote were read, the others never sent; ${
          cut
            ? 'it read a stream and sent lines by the clock, so it cannot be resumed ("urikit redis status" shows the lines it wrote)'
            : `finish it with: urikit publish --to ${job.text} --resume ${run} FILE`
        }`,
      );
      continue;
    }
    const record = JSON.parse(text) as RunRecord;
    const stream = record.failed !== undefined || runsHashes.some((h) => h[`${run}:cut`] !== undefined);
    if (record.abandoned !== undefined) problems.push(describeAbandoned(job, run, record, record.abandoned.sent));
    const ids = await Promise.all(Array.from({ length: S }, (_, i) => server.run('the entries', (c) => c.hgetall(k.ids(i, run)))));
    const lineRange = (i: number, from: number, to: number): [number, number] | null => {
      const f = ids[i]![String(from)]?.split(' ');
      const t = ids[i]![String(to)]?.split(' ');
      const before = ids[i]![String(from - 1)]?.split(' ');
      const after = ids[i]![String(to + 1)]?.split(' ');
      const first = f !== undefined ? Number(f[1]) : before !== undefined ? Number(before[2]) + 1 : from === 1 ? 1 : null;
      const last =
        t !== undefined ? Number(t[2]) : after !== undefined ? Number(after[1]) - 1 : to === record.entries[i] ? record.last[i]! : null;
      return first === null || last === null ? null : [first, last];
    };
    const ranges = (i: number, seqs: number[], reason: Missing['reason'], extra: Partial<Missing> = {}): void => {
      for (let x = 0; x < seqs.length; ) {
        let y = x;
        while (y + 1 < seqs.length && seqs[y + 1] === seqs[y]! + 1) y++;
        missing.push({ shard: i, run, entries: [seqs[x]!, seqs[y]!], lines: lineRange(i, seqs[x]!, seqs[y]!), reason, ...extra });
        x = y + 1;
      }
    };
    const lostInput: Array<Set<number>> = [];
    for (let i = 0; i < S; i++) {
      const h = runsHashes[i]!;
      const hwm = Number(h[String(run)] ?? 0);
      const lost = new Set<number>();
      for (let n = hwm + 1; n <= record.entries[i]!; n++) lost.add(n);
      for (const m of (h[`${run}:gaps`] ?? '').matchAll(/(\d+)-(\d+)/g)) for (let n = Number(m[1]); n <= Number(m[2]); n++) lost.add(n);
      lostInput.push(lost);
      ranges(
        i,
        [...lost].sort((a, b) => a - b),
        'lost',
        stream ? { stream } : {},
      );
    }
    for (const group of groups) {
      const [done, got] = await server.run('the accounts', (c) =>
        Promise.all([
          Promise.all(Array.from({ length: S }, (_, i) => c.getBuffer(k.done(i, group, run)))),
          Promise.all(Array.from({ length: S }, (_, j) => c.getBuffer(k.got(j, group, run)))),
        ]),
      );
      for (let i = 0; i < S; i++) {
        const unacked: number[] = [];
        const uncommitted = new Map<number, number[]>();
        for (let seq = 1; seq <= record.entries[i]!; seq++) {
          if (lostInput[i]!.has(seq)) continue;
          const base = seq * (S + 1);
          if (!bit(done[i]!, base + S)) {
            unacked.push(seq);
            continue;
          }
          for (let j = 0; j < S; j++) {
            if (bit(done[i]!, base + j) && !bit(got[j]!, seq * S + i)) {
              uncommitted.set(j, [...(uncommitted.get(j) ?? []), seq]);
            }
          }
        }
        ranges(i, unacked, 'unacknowledged', { group });
        for (const [j, seqs] of uncommitted) ranges(i, seqs, 'uncommitted', { group, to: j });
        const committed = Number(runsHashes[i]![k.done(i, group, run)] ?? 0);
        const expected = Number(runsHashes[i]![`${run}:l`] ?? 0);
        if (unacked.length === 0 && committed !== expected)
          problems.push(
            `shard ${i}, run ${run}: ${group} committed ${committed} lines, and the run wrote ${expected} that Redis holds: its accounts were lost (evicted?)`,
          );
      }
    }
  }
  let dead = 0;
  for (let i = 0; i < S; i++) {
    const n = await server.run('the dead letters', (c) => c.xlen(k.dead(i)));
    dead += n;
    if (n > 0)
      problems.push(
        `shard ${i} holds ${n} dead letters (input entries no worker could run): "urikit redis export --dead" writes their lines`,
      );
  }
  problems.push(...(await integrity(job)));
  return { missing, problems, dead };
}

/**
 * What each shard's keys say of each other: the URLs counted into the frontier, the seen-set's
 * size and the frontier's entries agree unless Redis lost or evicted some of them.
 */
async function integrity(job: Job): Promise<string[]> {
  const k = job.keys;
  const problems: string[] = [];
  const { seen, buckets } = job.settings;
  for (let i = 0; i < job.shards; i++) {
    const [counts, frontier] = await job.server.run('the frontier', (c) => Promise.all([c.hgetall(k.counts(i)), c.xlen(k.frontier(i))]));
    const urls = Number(counts[':urls'] ?? 0);
    const batches = Number(counts[':batches'] ?? 0);
    let members = 0;
    if (seen === 'exact') members = await job.server.run('the seen-set', (c) => c.scard(k.seen(i)));
    else
      members = (
        await job.server.run('the seen-set', (c) => Promise.all(Array.from({ length: buckets }, (_, b) => c.scard(k.bucket(i, b)))))
      ).reduce((a, b) => a + b, 0);
    if (members !== urls || frontier !== batches)
      problems.push(
        `shard ${i}: its seen-set holds ${members} URLs, its counts say ${urls} in ${batches} frontier entries, its frontier holds ${frontier} entries: Redis lost or evicted some of its keys`,
      );
  }
  return problems;
}

/** One line of drain's report. */
export function describeMissing(m: Missing, job: Job): string {
  const entries = m.entries[0] === m.entries[1] ? `entry ${m.entries[0]}` : `entries ${m.entries[0]}–${m.entries[1]}`;
  const lines = m.lines === null ? 'lines not known' : `lines ${m.lines[0]}–${m.lines[1]} of the input, those of shard ${m.shard}`;
  const where = `shard ${m.shard}, run ${m.run}: ${entries} (${lines})`;
  if (m.reason === 'lost')
    return m.stream === true
      ? `${where}: Redis lost them after publish wrote them (a failover or a restart), and the run read a stream, which cannot be read again: these lines are not in the job`
      : `${where}: Redis lost them after publish wrote them (a failover or a restart); send them again with: urikit publish --to ${job.text} --resume ${m.run} FILE`;
  if (m.reason === 'unacknowledged')
    return `${where}: ${m.group} did not acknowledge them, yet holds nothing pending: Redis lost its accounts`;
  return `${where}: ${m.group} acknowledged them, and their commit to shard ${m.to} was lost (a failover); a ${m.group} worker with --to commits them again before it stops: run one`;
}

/** What drain says of a stream's run closed as abandoned: what the job holds of it, and what can be done. */
function describeAbandoned(job: Job, run: number, record: RunRecord, sent: number): string {
  const lines = record.lines.reduce((a, b) => a + b, 0);
  const entries = record.entries.reduce((a, b) => a + b, 0);
  const last = Math.max(0, ...record.last);
  const held = `the job holds the ${count(lines, 'line')} it sent, in ${count(entries, 'entry', 'entries')}${lines === 0 ? '' : ` (up to line ${last} of its input)`}`;
  const sure =
    sent === 0
      ? 'no line of its input is known to be in the job with all the lines before it'
      : `lines 1–${sent} of its input are all in the job`;
  return `publish run ${run} read a stream and stopped before its end (its publisher's heartbeat ran out: killed, or cut off from Redis), and was closed as abandoned: ${held}; ${sure}, and the lines it read after them and had not sent are not, nor is the rest of its input. A stream's run cannot be resumed: publish its input from line ${sent + 1} on as a new run (tail -n +${sent + 1} FILE | urikit publish --to ${job.text} -), whose lines that this run sent too count twice in stats but once in the frontier, or the whole input to a new job`;
}

/** "1 line", "2 lines". */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

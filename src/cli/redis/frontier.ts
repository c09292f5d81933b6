/**
 * `--to redis://…/JOB` on `normalize` and `resolve`: the output goes to the job's frontier instead
 * of standard output. Each URL goes to the shard of its host; one Lua call per shard (ADMIT in
 * lua.ts) adds the batch's URLs to the shard's seen-set, appends those it did not hold to the
 * shard's frontier stream, and marks the input entries they came from as committed there. The
 * frontier holds each URL in the form `normalize --dedupe` writes (the dedupe preset, unless
 * --rfc-only): `resolve`'s targets are brought to it first.
 *
 * A worker remembers the URLs it committed (up to `REMEMBERED`, then it starts over), as a local
 * `normalize --dedupe` does: a URL it committed before is not sent again. It forgets them all
 * whenever a connection to Redis breaks or the cluster changes, since Redis may have lost them. Each URL goes once, in
 * one argument with the others of its shard, and its host is found in the normal form by a few
 * searches (a normal form needs no parsing).
 */
import type { DedupeOptions } from '../../ops/dedupe.js';
import { normalize } from '../../ops/normalize.js';
import type { UriSink } from '../commands/command.js';
import type { Out, Sink } from '../io/writer.js';
import { RedisError } from './client.js';
import { Digester, DigestSet, writeDecimal } from './digest.js';
import type { Entry } from './entry.js';
import type { Job } from './job.js';
import { FNV_START, fnv, shardOf, shardOfHash, shardOfRange } from './keys.js';

/** The URLs a worker remembers having committed. */
const REMEMBERED = 1 << 19;

/** The URLs of one shard in one commit, and the entries they came from. */
class Target {
  /** The URLs. */
  readonly urls: string[] = [];
  /** --seen digest: each URL's digest (two 32-bit halves), and its bucket's place among `buckets` (1, 2, …). */
  readonly digests: number[] = [];
  readonly places: number[] = [];
  /** --seen digest: the buckets the URLs fall in, each with its place. */
  readonly buckets = new Map<number, number>();
  /** The input entries whose output this shard receives. */
  readonly entries: Entry[] = [];
  last: Entry | null = null;
}

/** Commits the output of a command to a job's seen-sets and frontier. */
export class FrontierSink implements Sink, UriSink {
  closed = false;
  error: Error | null = null;
  /** URLs committed, and those among them that were new. */
  sent = 0;
  admitted = 0;

  /** What the next commit sends to each shard (by its index: cheaper than a Map's lookup, per URL). */
  private targets: Array<Target | undefined> = [];
  private readonly remembered = new Set<string>();
  /** --seen digest: the digests committed, which stand for the URLs remembered. */
  private readonly digests: DigestSet | null;
  private readonly digester: Digester | null;

  /**
   * `normalizeFirst`: the output is not in normal form yet (resolve's targets): it is brought to
   * the form these options make (normalize's own output comes in that form). `group`: the
   * consumer group whose entries are committed (null for a local input).
   */
  constructor(
    private readonly job: Job,
    private readonly normalizeFirst: DedupeOptions | null,
    private readonly group: string | null,
  ) {
    const s = job.settings;
    this.digester = s.seen === 'digest' ? new Digester(s.key, s.buckets) : null;
    this.digests = s.seen === 'digest' ? new DigestSet(REMEMBERED) : null;
    // A URL remembered as committed may be gone from Redis after a restart or a failover.
    job.server.onLoss(() => {
      this.remembered.clear();
      this.digests?.clear();
    });
  }

  /** A local input's output (`run`): committed at once. */
  async write(data: string | Uint8Array): Promise<void> {
    if (this.closed) return;
    this.add(typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString(), null);
    await this.commitOrClose();
  }

  async flush(out: Out): Promise<void> {
    if (out.size > 0) await this.write(out.text());
  }

  private async commitOrClose(): Promise<void> {
    try {
      await this.commit();
    } catch (e) {
      if (!(e instanceof RedisError)) throw e;
      this.error = e;
      this.closed = true;
    }
  }

  /** The input entry whose output `uri` takes (null: a local input), and whether it was committed before (a repair). */
  private entry: Entry | null = null;
  private again = false;

  /**
   * The URLs that `uri` and `add` take next are the output of entry `e` (null: of a local input).
   * `again`: the entry was committed before (a repair), so its URLs go whether this worker
   * remembers them or not.
   */
  from(e: Entry | null, again = false): void {
    this.entry = e;
    this.again = again;
  }

  /** Takes the URLs of `text`, one per line, the output of entry `e` (see `from`), for the next commit. */
  add(text: string, e: Entry | null, again = false): void {
    this.from(e, again);
    for (let at = 0; at < text.length; ) {
      let nl = text.indexOf('\n', at);
      if (nl === -1) nl = text.length;
      // A copy of its own: a slice would keep the whole output text it came from alive.
      if (nl > at) this.uri(` ${text.slice(at, nl)}`.slice(1));
      at = nl + 1;
    }
  }

  /** Takes one URL, the output of `entry`, for the next commit (a command's `UriSink`). */
  uri(url: string): void {
    if (this.normalizeFirst !== null) url = normalize(url, this.normalizeFirst);
    const d = this.digester;
    if (d !== null) {
      d.of(url);
      if (!this.again && !this.digests!.add(d.high, d.low)) return;
    } else if (!this.again) {
      const remembered = this.remembered;
      if (remembered.has(url)) return;
      if (remembered.size >= REMEMBERED) remembered.clear();
      remembered.add(url);
    }
    const shard = shardOfUrl(url, this.job.shards);
    let t = this.targets[shard];
    if (t === undefined) this.targets[shard] = t = new Target();
    t.urls.push(url);
    if (d !== null) {
      t.digests.push(d.high, d.low);
      let place = t.buckets.get(d.bucket);
      if (place === undefined) t.buckets.set(d.bucket, (place = t.buckets.size + 1));
      t.places.push(place);
    }
    const e = this.entry;
    if (e !== null && t.last !== e) {
      t.last = e;
      t.entries.push(e);
    }
    this.sent++;
  }

  /**
   * Commits what `add` took, each shard in one call (and with --wait-replicas, held by the
   * replicas); returns the shards each entry's output went to. Throws `RedisError`.
   */
  async commit(): Promise<Map<Entry, number[]>> {
    const targets: Array<[number, Target]> = [];
    for (const [shard, t] of this.targets.entries()) if (t !== undefined) targets.push([shard, t]);
    this.targets = [];
    const keys = this.job.keys;
    const shards = this.job.shards;
    const added = await Promise.all(
      targets.map(([shard, t]) => {
        // The bits of the entries that this shard receives, by run: entry N of shard i is bit N·S + i.
        const bits = new Map<number, number[]>();
        for (const e of t.entries) {
          let b = bits.get(e.run);
          if (b === undefined) bits.set(e.run, (b = []));
          b.push(e.seq * shards + e.shard);
        }
        const got = [...bits.keys()].map((run) => keys.got(shard, this.group!, run));
        let seen: string[];
        const args: Array<string | Buffer> = [String(got.length), ...[...bits.values()].map((b) => b.join(','))];
        if (this.digester === null) {
          seen = [keys.seen(shard)];
          args.push('e', t.urls.join('\n'));
        } else {
          seen = [...t.buckets.keys()].map((bucket) => keys.bucket(shard, bucket));
          args.push('d', t.urls.join('\n'), members(t.digests), t.places.join(','));
        }
        return this.job.server.durable(
          `a commit to shard ${shard}`,
          'urikitAdmit',
          [keys.frontier(shard), keys.counts(shard), ...got, ...seen],
          args,
        );
      }),
    );
    for (const a of added) this.admitted += Number(a);
    const out = new Map<Entry, number[]>();
    for (const [shard, t] of targets) {
      for (const e of t.entries) {
        const list = out.get(e);
        if (list === undefined) out.set(e, [shard]);
        else list.push(shard);
      }
    }
    return out;
  }
}

/** The seen-set members of `digests` (halves, two by two), in decimal, joined by "\n". */
function members(digests: readonly number[]): Buffer {
  // A member is at most 20 characters ("-" and 19 digits).
  const out = Buffer.allocUnsafe((digests.length / 2) * 21);
  let at = 0;
  for (let i = 0; i < digests.length; i += 2) {
    if (i > 0) out[at++] = NEWLINE;
    at = writeDecimal(digests[i]!, digests[i + 1]!, out, at);
  }
  return out.subarray(0, at);
}

const NEWLINE = 0x0a;

/**
 * The shard of a URL in normal form: of its host, found and hashed in one walk (in a normal form
 * the authority follows "scheme://" or "//" and ends at the first "/", "?" or "#"; a userinfo ends
 * at its last "@"; a port follows the host's first ":", or a "]"); of the whole URL when it has no
 * authority. One walk, not searches (String#indexOf and #lastIndexOf are calls out of the
 * compiled code) and a second walk to hash the host: this runs for every URL a worker commits.
 */
export function shardOfUrl(url: string, shards: number): number {
  let from: number;
  if (url.charCodeAt(0) === SLASH && url.charCodeAt(1) === SLASH) from = 2;
  else {
    let k = 0;
    while (k < url.length && isSchemeChar(url.charCodeAt(k))) k++;
    if (k === 0 || url.charCodeAt(k) !== COLON || url.charCodeAt(k + 1) !== SLASH || url.charCodeAt(k + 2) !== SLASH)
      return shardOf(url, shards);
    from = k + 3;
  }
  // The host's hash so far: it starts again after each "@" and stops at the first ":".
  let end = from;
  let start = from;
  let colon = -1;
  let h = FNV_START;
  let ascii = true;
  for (; end < url.length; end++) {
    const c = url.charCodeAt(end);
    if (c === SLASH || c === QUESTION || c === HASH) break;
    if (c === AT) {
      start = end + 1;
      colon = -1;
      h = FNV_START;
      ascii = true;
    } else if (colon === -1) {
      if (c === COLON) colon = end;
      else {
        if (c >= 0x80) ascii = false;
        h = fnv(h, c);
      }
    }
  }
  if (url.charCodeAt(start) === BRACKET) {
    // An IP literal: its colons are not a port's.
    const close = url.indexOf(']', start);
    return shardOfRange(url, start, close !== -1 && close < end ? close + 1 : end, shards);
  }
  // A host beyond ASCII is hashed by its UTF-8 bytes.
  return ascii ? shardOfHash(h, shards) : shardOfRange(url, start, colon === -1 ? end : colon, shards);
}

const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const BRACKET = 0x5b;
const AT = 0x40;
const COLON = 0x3a;

function isSchemeChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}

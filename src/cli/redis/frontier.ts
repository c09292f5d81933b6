/**
 * `--to redis://…/JOB` on `normalize` and `resolve`: the output goes to the job's frontier instead
 * of standard output. Each URL goes to the shard of its host; one Lua call per shard (ADMIT in
 * lua.ts) adds the batch's URLs to the shard's seen-set, appends those it did not hold to the
 * shard's frontier stream and counts them by host. The frontier holds each URL in the form
 * `normalize --dedupe` writes (the dedupe preset, unless --rfc-only): `resolve`'s targets are
 * brought to it first.
 */
import type { DedupeOptions } from '../../ops/dedupe.js';
import { normalize } from '../../ops/normalize.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../../syntax/offsets.js';
import { scan } from '../../syntax/scan.js';
import type { Out, Sink } from '../io/writer.js';
import { type Client, script } from './client.js';
import type { Job } from './job.js';
import { digestOf, shardOf } from './keys.js';

const LENIENT = { lenient: true, iri: true, zoneId: true };

/** The URLs of one shard in one commit, as the ADMIT script takes them. */
class ShardBatch {
  /** KEYS[3…]: the seen-sets these URLs fall in. */
  readonly seen: string[] = [];
  private readonly seenIndex = new Map<number, number>();
  readonly args: string[] = [];

  /** The index in KEYS of seen-set bucket `b` (0 with --seen exact). */
  keyOf(b: number, key: () => string): number {
    let i = this.seenIndex.get(b);
    if (i === undefined) {
      i = this.seen.push(key()) + 2;
      this.seenIndex.set(b, i);
    }
    return i;
  }
}

/** Commits the output of a command to a job's seen-sets, frontier and counts. */
export class FrontierSink implements Sink {
  closed = false;
  error: Error | null = null;
  /** URLs committed, and those among them that were new. */
  sent = 0;
  admitted = 0;

  /** The offsets of the last URL scanned (no view is made: only the host is wanted). */
  private readonly rec = new Uint32Array(OFFSETS_LENGTH);

  /**
   * `normalizeFirst`: the output is not in normal form yet (resolve's targets): it is brought to
   * the form these options make (normalize's own output comes in that form).
   */
  constructor(
    private readonly client: Client,
    private readonly job: Job,
    private readonly normalizeFirst: DedupeOptions | null,
  ) {}

  write(data: string | Uint8Array): Promise<void> {
    return this.commit(typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString());
  }

  async flush(out: Out): Promise<void> {
    if (out.size > 0) await this.commit(out.text());
  }

  /** The host of a normal form; undefined when it has no authority. */
  private hostOf(url: string): string | undefined {
    const rec = this.rec;
    // Lenient and IRI, as the command may have been: a normal form scans either way.
    scan(url, rec, LENIENT);
    return (rec[Slot.FLAGS]! & Flag.AUTHORITY) === 0 ? undefined : url.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]);
  }

  /** Commits the URLs of `text`, one per line; on failure, sets `error` and `closed`. */
  private async commit(text: string): Promise<void> {
    if (this.closed || text.length === 0) return;
    const { shards, seen, buckets } = this.job.settings;
    const keys = this.job.keys;
    const batches = new Map<number, ShardBatch>();
    // ADMIT takes distinct URLs: the first of each goes.
    const distinct = new Set<string>();
    let n = 0;
    for (let at = 0; at < text.length; ) {
      let nl = text.indexOf('\n', at);
      if (nl === -1) nl = text.length;
      let url = text.slice(at, nl);
      at = nl + 1;
      if (url.length === 0) continue;
      if (this.normalizeFirst !== null) url = normalize(url, this.normalizeFirst);
      n++;
      if (distinct.has(url)) continue;
      distinct.add(url);
      const host = this.hostOf(url);
      const shard = shardOf(host ?? url, shards);
      let b = batches.get(shard);
      if (b === undefined) batches.set(shard, (b = new ShardBatch()));
      if (seen === 'exact') b.args.push(url, String(b.keyOf(0, () => keys.seen(shard))));
      else {
        const [member, bucket] = digestOf(url, buckets);
        b.args.push(member, String(b.keyOf(bucket, () => keys.bucket(shard, bucket))));
      }
      b.args.push(url, host === undefined ? '-' : `h${host}`);
    }
    try {
      const added = await Promise.all(
        [...batches].map(([shard, b]) => script(this.client, 'urikitAdmit', [keys.frontier(shard), keys.counts(shard), ...b.seen], b.args)),
      );
      this.sent += n;
      for (const a of added) this.admitted += Number(a);
    } catch (e) {
      this.error = new Error(`${this.job.target.text}: ${(e as Error).message}`);
      this.closed = true;
    }
  }
}

/**
 * `stats --log`: broken links, the request targets answered 404 or 410 with the page that linked
 * them (the referrer, "-" for none) and their count: the list a site owner fixes links from.
 * Pairs are counted by their bytes in a `TopK` (exact below --track, with a bound above).
 */
import { TopK, type TopKData } from './topk.js';

/** Between a pair's target and referrer in its key: no log line holds it. */
const NL = 0x0a;
const DASH = 0x2d;

/** One broken link in the JSON; `overcount`, as in a `TopJSON`, when the count is an upper bound. */
export interface BrokenLink {
  target: string;
  referrer: string;
  count: number;
  overcount?: number;
}

export class BrokenLinks {
  readonly pairs: TopK;
  private key = new Uint8Array(512);

  constructor(track: number) {
    this.pairs = new TopK(track);
  }

  /** Whether a request of `status` is a broken link's. */
  static broken(status: number): boolean {
    return status === 404 || status === 410;
  }

  /** A request for the target [ts, te) of `bytes` from the referrer [rs, re) (rs -1: none). */
  add(bytes: Uint8Array, ts: number, te: number, rs: number, re: number): void {
    const t = te - ts;
    const r = rs === -1 ? 1 : re - rs;
    if (t + r + 1 > this.key.length) this.key = new Uint8Array(2 * (t + r + 1));
    const key = this.key;
    key.set(bytes.subarray(ts, te), 0);
    key[t] = NL;
    if (rs === -1) key[t + 1] = DASH;
    else key.set(bytes.subarray(rs, re), t + 1);
    this.pairs.addBytes(key, 0, t + r + 1);
  }

  toData(): TopKData {
    return this.pairs.toData();
  }

  merge(d: TopKData): void {
    this.pairs.merge(d);
  }

  /** The `top` pairs, most first. */
  toJSON(top: number): BrokenLink[] {
    return this.pairs.top(top).map((c) => {
      const nl = c.value.indexOf('\n');
      return {
        target: c.value.slice(0, nl),
        referrer: c.value.slice(nl + 1),
        count: c.count,
        ...(c.over > 0 ? { overcount: c.over } : {}),
      };
    });
  }
}

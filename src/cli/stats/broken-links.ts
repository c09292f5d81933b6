/**
 * `stats --log`: broken links, the request targets answered 404 or 410 with the page that linked
 * them (the referrer, "-" for none) and their count: the list a site owner fixes links from.
 * Pairs are counted by their bytes in a `TopK` (exact below --track, with a bound above).
 */
import { copyBytes, Words, wordsOf } from '../io/writer.js';
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
  /** The pair's key, target "\n" referrer, and its view; 7 bytes to spare for `copyBytes`. */
  private key = new Uint8Array(512);
  private keyWords = wordsOf(this.key);
  /** The view of the last log buffer a pair came from. */
  private readonly words = new Words();

  constructor(track: number) {
    this.pairs = new TopK(track);
  }

  /** A request for the target [ts, te) of `bytes` from the referrer [rs, re) (rs -1: none). */
  add(bytes: Uint8Array, ts: number, te: number, rs: number, re: number): void {
    const n = te - ts + 1 + (rs === -1 ? 1 : re - rs);
    if (n + 7 > this.key.length) {
      this.key = new Uint8Array(2 * (n + 7));
      this.keyWords = wordsOf(this.key);
    }
    // Two `set`s of `subarray`s cost some 720 instructions each, whatever the length.
    const key = this.key;
    const from = this.words.of(bytes);
    let at = copyBytes(key, this.keyWords, 0, bytes, from, ts, te);
    key[at++] = NL;
    if (rs === -1) key[at] = DASH;
    else copyBytes(key, this.keyWords, at, bytes, from, rs, re);
    this.pairs.addBytes(key, 0, n);
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

/**
 * The `--seen digest` member of a URL: SipHash-2-4 (Aumasson and Bernstein, 2012) of its UTF-8
 * bytes under the job's secret 128-bit key, as a signed decimal integer (Redis keeps a set of
 * such integers as an intset, 8 bytes each), and its bucket. Two distinct URLs of one shard are
 * taken for one only when all 64 bits agree: for n URLs in a shard, each new URL is wrongly taken
 * as seen with probability at most n / 2^64. The function is keyed, so that no one who cannot
 * read the job's hash can make URLs collide on purpose; and it is computed here, where a SHA-256
 * through node:crypto costs more than twice as much (an 82-byte URL: about 1.7 µs against 3.7–4.1
 * on a loaded 2-core machine, 8,000 instructions by callgrind).
 */

/** Digests of URLs under one job's key. */
export class Digester {
  private readonly k0l: number;
  private readonly k0h: number;
  private readonly k1l: number;
  private readonly k1h: number;
  private bytes = new Uint8Array(256);

  /** `key`: 16 bytes as 32 hex digits; `buckets`: the seen-set's buckets in each shard. */
  constructor(
    key: string,
    private readonly buckets: number,
  ) {
    const k = Buffer.from(key, 'hex');
    if (k.length !== 16) throw new Error(`a digest key is 32 hex digits, not "${key}"`);
    this.k0l = k.readInt32LE(0);
    this.k0h = k.readInt32LE(4);
    this.k1l = k.readInt32LE(8);
    this.k1h = k.readInt32LE(12);
  }

  /** The digest of the last URL given to `of`, in two 32-bit halves, and its bucket. */
  high = 0;
  low = 0;
  bucket = 0;

  /** Digests `url`: sets `high`, `low` and `bucket` (its member in the seen-set is `signedDecimal(high, low)`). */
  of(url: string): void {
    // `load` first: it may replace `bytes` with a larger array.
    const n = this.load(url);
    this.hash(this.bytes, n);
    this.bucket = (this.low >>> 0) % this.buckets;
  }

  /** Copies the UTF-8 bytes of `s` into `bytes`; returns their number. */
  private load(s: string): number {
    // Room for the UTF-8 of any string of this length (3 bytes a UTF-16 unit at most): with less,
    // `write` stops short and a URL would be digested by its first bytes only.
    if (3 * s.length > this.bytes.length) this.bytes = new Uint8Array(3 * s.length);
    const b = this.bytes;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return Buffer.from(b.buffer, b.byteOffset, b.length).write(s, 'utf8');
      b[i] = c;
    }
    return s.length;
  }

  /** SipHash-2-4 of bytes [0, n) of `m`, into `high` and `low` (32-bit halves). */
  hash(m: Uint8Array, n: number): void {
    let v0l = this.k0l ^ 0x70736575;
    let v0h = this.k0h ^ 0x736f6d65;
    let v1l = this.k1l ^ 0x6e646f6d;
    let v1h = this.k1h ^ 0x646f7261;
    let v2l = this.k0l ^ 0x6e657261;
    let v2h = this.k0h ^ 0x6c796765;
    let v3l = this.k1l ^ 0x79746573;
    let v3h = this.k1h ^ 0x74656462;
    let t = 0;
    let s = 0;
    // One copy of SipRound, run 2 times per 8-byte block, then 4 times to finish: a closure
    // over the eight words would keep them out of registers.
    let i = 0;
    let ml = 0;
    let mh = 0;
    let left = 0;
    let finishing = false;
    for (;;) {
      if (left === 0) {
        if (finishing) break;
        if (i > 0 || n === -1) {
          v0l ^= ml;
          v0h ^= mh;
        }
        if (i > n) {
          v2l ^= 0xff;
          finishing = true;
          left = 4;
        } else {
          const rest = n - i;
          if (rest >= 8) {
            ml = m[i]! | (m[i + 1]! << 8) | (m[i + 2]! << 16) | (m[i + 3]! << 24);
            mh = m[i + 4]! | (m[i + 5]! << 8) | (m[i + 6]! << 16) | (m[i + 7]! << 24);
            i += 8;
          } else {
            // The last block: the bytes left, and the length's low byte in the top byte.
            ml = 0;
            mh = (n & 0xff) << 24;
            for (let k = 0; k < rest; k++) {
              if (k < 4) ml |= m[i + k]! << (8 * k);
              else mh |= m[i + k]! << (8 * (k - 4));
            }
            i = n + 1;
          }
          v3l ^= ml;
          v3h ^= mh;
          left = 2;
        }
      }
      s = (v0l >>> 0) + (v1l >>> 0);
      v0h = (v0h + v1h + (s > 0xffffffff ? 1 : 0)) | 0;
      v0l = s | 0;
      t = v1l;
      v1l = (v1l << 13) | (v1h >>> 19);
      v1h = (v1h << 13) | (t >>> 19);
      v1l ^= v0l;
      v1h ^= v0h;
      t = v0l;
      v0l = v0h;
      v0h = t;
      s = (v2l >>> 0) + (v3l >>> 0);
      v2h = (v2h + v3h + (s > 0xffffffff ? 1 : 0)) | 0;
      v2l = s | 0;
      t = v3l;
      v3l = (v3l << 16) | (v3h >>> 16);
      v3h = (v3h << 16) | (t >>> 16);
      v3l ^= v2l;
      v3h ^= v2h;
      s = (v0l >>> 0) + (v3l >>> 0);
      v0h = (v0h + v3h + (s > 0xffffffff ? 1 : 0)) | 0;
      v0l = s | 0;
      t = v3l;
      v3l = (v3l << 21) | (v3h >>> 11);
      v3h = (v3h << 21) | (t >>> 11);
      v3l ^= v0l;
      v3h ^= v0h;
      s = (v2l >>> 0) + (v1l >>> 0);
      v2h = (v2h + v1h + (s > 0xffffffff ? 1 : 0)) | 0;
      v2l = s | 0;
      t = v1l;
      v1l = (v1l << 17) | (v1h >>> 15);
      v1h = (v1h << 17) | (t >>> 15);
      v1l ^= v2l;
      v1h ^= v2h;
      t = v2l;
      v2l = v2h;
      v2h = t;
      left--;
    }
    this.high = v0h ^ v1h ^ v2h ^ v3h;
    this.low = v0l ^ v1l ^ v2l ^ v3l;
  }
}

/** The 64-bit two's complement integer [high, low] in decimal, without BigInt. */
export function signedDecimal(h: number, l: number): string {
  const end = writeDecimal(h, l, SCRATCH, 0);
  return SCRATCH.toString('latin1', 0, end);
}

const SCRATCH = Buffer.alloc(24);

/**
 * Writes the 64-bit two's complement integer [high, low] in decimal (at most 20 bytes) into `out`
 * at `at`; returns where it ends. Split at 10⁶ and 10⁷, so that every part fits a double exactly
 * and the last ones are small integers.
 */
export function writeDecimal(h: number, l: number, out: Uint8Array, at: number): number {
  if (h < 0) {
    out[at++] = MINUS;
    // Its magnitude: the two's complement negated.
    l = (~l + 1) | 0;
    h = (~h + (l === 0 ? 1 : 0)) | 0;
  }
  const hu = h >>> 0;
  const q = Math.floor(hu / 1e6);
  const mid = (hu - q * 1e6) * 4294967296 + (l >>> 0);
  const midHigh = Math.floor(mid / 1e6);
  const low = mid - midHigh * 1e6;
  const upper = q * 4294967296 + midHigh;
  const top = Math.floor(upper / 1e7);
  const middle = upper - top * 1e7;
  if (top > 0) {
    at = digits(top, 0, out, at);
    at = digits(middle, 7, out, at);
  } else if (middle > 0) at = digits(middle, 0, out, at);
  return digits(low, upper > 0 ? 6 : 0, out, at);
}

const MINUS = 0x2d;

/** Writes `n` (an integer below 10⁷) in `width` digits (0: as many as it takes) at `at`; returns where they end. */
function digits(n: number, width: number, out: Uint8Array, at: number): number {
  let w = width;
  if (w === 0) {
    w = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) w++;
  }
  const end = at + w;
  for (let i = end - 1; i >= at; i--) {
    const d = n % 10;
    out[i] = 0x30 + d;
    n = (n - d) / 10;
  }
  return end;
}

/**
 * The digests a worker committed lately, in a table of 64-bit digests (no strings: 12 bytes a
 * digest): with --seen digest, two URLs are one when their digests are, here as in Redis.
 */
export class DigestSet {
  private readonly halves: Int32Array;
  private readonly used: Uint8Array;
  private readonly mask: number;
  size = 0;

  /** `limit`: how many digests it holds; past that, it starts afresh. */
  constructor(private readonly limit: number) {
    let slots = 2;
    while (slots < 2 * limit) slots *= 2;
    this.mask = slots - 1;
    this.halves = new Int32Array(2 * slots);
    this.used = new Uint8Array(slots);
  }

  /** Adds the digest [high, low]; false when it was there already. */
  add(h: number, l: number): boolean {
    // The low half of a SipHash digest is as good an index as any.
    let i = l & this.mask;
    for (; this.used[i] === 1; i = (i + 1) & this.mask) if (this.halves[2 * i] === h && this.halves[2 * i + 1] === l) return false;
    if (this.size >= this.limit) {
      this.clear();
      i = l & this.mask;
    }
    this.used[i] = 1;
    this.halves[2 * i] = h;
    this.halves[2 * i + 1] = l;
    this.size++;
    return true;
  }

  clear(): void {
    this.used.fill(0);
    this.size = 0;
  }
}

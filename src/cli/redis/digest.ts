/**
 * The `--seen digest` member of a URL: SipHash-2-4 (Aumasson and Bernstein, 2012) of its UTF-8
 * bytes under the job's secret 128-bit key, as a signed decimal integer (Redis keeps a set of
 * such integers as an intset, 8 bytes each), and its bucket. Two distinct URLs of one shard are
 * taken for one only when all 64 bits agree: for n URLs in a shard, each new URL is wrongly taken
 * as seen with probability at most n / 2^64. The function is keyed, so that no one who cannot
 * read the job's hash can make URLs collide on purpose; and it is computed here, in a few hundred
 * nanoseconds a URL, where a SHA-256 through node:crypto costs several times that.
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

  /** The member of `url` in the seen-set, and its bucket. */
  of(url: string): [member: string, bucket: number] {
    const n = this.load(url);
    const [h, l] = this.hash(this.bytes, n);
    return [signedDecimal(h, l), (l >>> 0) % this.buckets];
  }

  /** Copies the UTF-8 bytes of `s` into `bytes`; returns their number. */
  private load(s: string): number {
    if (s.length > this.bytes.length) this.bytes = new Uint8Array(s.length * 3);
    const b = this.bytes;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return Buffer.from(b.buffer, b.byteOffset, b.length).write(s, 'utf8');
      b[i] = c;
    }
    return s.length;
  }

  /** SipHash-2-4 of bytes [0, n) of `m`: [high, low] 32-bit halves. */
  hash(m: Uint8Array, n: number): [number, number] {
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
    return [v0h ^ v1h ^ v2h ^ v3h, v0l ^ v1l ^ v2l ^ v3l];
  }
}

/** The 64-bit two's complement integer [high, low] in decimal, without BigInt. */
export function signedDecimal(h: number, l: number): string {
  if (h < 0) {
    // Its magnitude: the two's complement negated.
    const nl = (~l + 1) | 0;
    const nh = (~h + (nl === 0 ? 1 : 0)) | 0;
    return `-${unsignedDecimal(nh >>> 0, nl >>> 0)}`;
  }
  return unsignedDecimal(h, l >>> 0);
}

/** h·2³² + l for unsigned 32-bit h and l, exactly: split at 10⁶ so that every part fits a double. */
function unsignedDecimal(h: number, l: number): string {
  const q = Math.floor(h / 1e6);
  const mid = (h - q * 1e6) * 4294967296 + l;
  const upper = q * 4294967296 + Math.floor(mid / 1e6);
  const low = mid % 1e6;
  return upper === 0 ? String(low) : `${upper}${String(low).padStart(6, '0')}`;
}

/**
 * HyperLogLog distinct counts (Flajolet, Fusy, Gandouet, Meunier 2007) over 32-bit hashes of
 * values' bytes: the number of distinct values past --track, in 2^p one-byte registers, merged
 * exactly by taking each register's largest (threads, days).
 */
import { hash } from '../lines/memo.js';

const encoder = new TextEncoder();

/** The relative standard error of a HyperLogLog of 2^p registers. */
export function hllError(p: number): number {
  return 1.04 / Math.sqrt(2 ** p);
}

/** Hashes values' bytes as `HyperLogLog.add` takes them (MurmurHash3, as lines/memo.ts does), keeping a view of the last buffer. */
export class Hasher {
  private of: Uint8Array = new Uint8Array(0);
  private words = new DataView(this.of.buffer);

  /** The hash of bytes [start, end) of `bytes`. */
  bytes(bytes: Uint8Array, start: number, end: number): number {
    if (bytes !== this.of) {
      this.of = bytes;
      this.words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    return hash(this.words, bytes, start, end);
  }

  /** The hash of a value's UTF-8 bytes (a value that `TopK` gives back). */
  text(value: string): number {
    const b = encoder.encode(value);
    return this.bytes(b, 0, b.length);
  }
}

export class HyperLogLog {
  readonly registers: Uint8Array;

  constructor(
    readonly p: number,
    registers?: Uint8Array,
  ) {
    this.registers = registers === undefined ? new Uint8Array(1 << p) : Uint8Array.from(registers);
  }

  /** Adds a value by its 32-bit hash: the first p bits pick a register, the rank of the rest's first 1 bit is kept at most. */
  add(h: number): void {
    const i = h >>> (32 - this.p);
    // The sentinel bit bounds the rank at 33 - p when the rest is all zeros.
    const rank = Math.clz32((h << this.p) | (1 << (this.p - 1))) + 1;
    if (rank > this.registers[i]!) this.registers[i] = rank;
  }

  /** Adds another's registers (of the same p). */
  merge(registers: Uint8Array): void {
    const r = this.registers;
    for (let i = 0; i < r.length; i++) if (registers[i]! > r[i]!) r[i] = registers[i]!;
  }

  /** The estimate of the distinct values added, rounded; linear counting while many registers are empty. */
  estimate(): number {
    const r = this.registers;
    const m = r.length;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < m; i++) {
      sum += 2 ** -r[i]!;
      if (r[i] === 0) zeros++;
    }
    const raw = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    // 32-bit hashes: past a thirtieth of 2^32, collisions of hashes are corrected for.
    if (raw > 2 ** 32 / 30) return Math.round(-(2 ** 32) * Math.log(1 - raw / 2 ** 32));
    return Math.round(raw);
  }
}

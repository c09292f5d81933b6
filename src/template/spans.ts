/**
 * The spans of an accepting path, in order: what a runner (dfa.ts, pike.ts) hands to
 * extract.ts. Span i is [begin[i], end[i]) of the URI for span code code[i] (nfa.ts).
 */
const KEEP = 1 << 12;

export class Spans {
  n = 0;
  code = new Int32Array(16);
  begin = new Int32Array(16);
  end = new Int32Array(16);

  clear(): void {
    this.n = 0;
  }

  /** Once the spans are read: makes the arrays small again when they hold less than a quarter of them (after one long URI). */
  fit(): void {
    if (this.code.length <= KEEP || this.n * 4 >= this.code.length) return;
    const size = Math.max(16, 2 * this.n);
    this.code = new Int32Array(size);
    this.begin = new Int32Array(size);
    this.end = new Int32Array(size);
  }

  push(code: number, begin: number, end: number): void {
    if (this.n === this.code.length) {
      this.code = doubled(this.code);
      this.begin = doubled(this.begin);
      this.end = doubled(this.end);
    }
    this.code[this.n] = code;
    this.begin[this.n] = begin;
    this.end[this.n] = end;
    this.n++;
  }

  /** Reverses the spans in place (runners that walk back push them last first). */
  reverse(): void {
    for (let i = 0, j = this.n - 1; i < j; i++, j--) {
      const c = this.code[i]!;
      this.code[i] = this.code[j]!;
      this.code[j] = c;
      const b = this.begin[i]!;
      this.begin[i] = this.begin[j]!;
      this.begin[j] = b;
      const e = this.end[i]!;
      this.end[i] = this.end[j]!;
      this.end[j] = e;
    }
  }
}

/** A copy of `a` in an array twice as long: how the runners' typed arrays grow. */
export function doubled(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer>;
export function doubled(a: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
export function doubled(a: Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>): Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> {
  const b = a instanceof Int32Array ? new Int32Array(a.length * 2) : new Uint8Array(a.length * 2);
  b.set(a);
  return b;
}

/** Among the threads of a final list, the one that ends the first template: -1 if none. */
export function chooseMatch(kind: Uint8Array, a: Int32Array, matchKind: number, len: number, st: Int32Array): number {
  let best = -1;
  for (let t = 0; t < len; t++) {
    const s = st[t]!;
    if (kind[s] === matchKind && (best === -1 || a[s]! < a[st[best]!]!)) best = t;
  }
  return best;
}

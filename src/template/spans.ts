/**
 * The spans of an accepting path, in order: what a runner (dfa.ts, pike.ts) hands to
 * extract.ts. Span i is [begin[i], end[i]) of the URI for span code code[i] (nfa.ts).
 */
export class Spans {
  n = 0;
  code = new Int32Array(16);
  begin = new Int32Array(16);
  end = new Int32Array(16);

  clear(): void {
    this.n = 0;
  }

  push(code: number, begin: number, end: number): void {
    if (this.n === this.code.length) {
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.code = grow(this.code);
      this.begin = grow(this.begin);
      this.end = grow(this.end);
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

/** Among the threads of a final list, the one that ends the first template: -1 if none. */
export function chooseMatch(kind: Uint8Array, a: Int32Array, matchKind: number, len: number, st: Int32Array): number {
  let best = -1;
  for (let t = 0; t < len; t++) {
    const s = st[t]!;
    if (kind[s] === matchKind && (best === -1 || a[s]! < a[st[best]!]!)) best = t;
  }
  return best;
}

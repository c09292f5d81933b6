/**
 * The links of a page held until its base is known (the first `<base href>`, or the end): packed
 * into a few typed arrays and strings joined in batches, about 10 bytes a link beside its text,
 * so that a page of a million links without a `<base>` costs some MB rather than hundreds.
 */
import type { Found } from './finder.js';

/** Links joined into one string at a time. */
const BATCH = 4096;

const DECODE_ERROR = 1;
const TOO_LONG = 2;

export class HeldLinks {
  /** The (element, attribute) pairs met, by their number. */
  private readonly kinds: Array<[string, string]> = [];
  private readonly kindOf = new Map<string, number>();
  /** Per link: its pair's number and flags, its line, the length of its text. */
  private kind = new Uint16Array(64);
  private flags = new Uint8Array(64);
  private line = new Uint32Array(64);
  private length = new Uint32Array(64);
  private count = 0;
  /** The texts: batches already joined, and the batch being filled. */
  private readonly joined: string[] = [];
  private batch: string[] = [];

  get size(): number {
    return this.count;
  }

  push(f: Found): void {
    const n = this.count;
    if (n === this.kind.length) this.grow();
    const key = `${f.element} ${f.attribute}`;
    let k = this.kindOf.get(key);
    if (k === undefined) {
      k = this.kinds.length;
      this.kinds.push([f.element, f.attribute]);
      this.kindOf.set(key, k);
    }
    this.kind[n] = k;
    this.flags[n] = (f.decodeError ? DECODE_ERROR : 0) | (f.tooLong === true ? TOO_LONG : 0);
    this.line[n] = f.line;
    this.length[n] = f.link.length;
    this.batch.push(f.link);
    if (this.batch.length === BATCH) {
      this.joined.push(this.batch.join(''));
      this.batch = [];
    }
    this.count = n + 1;
  }

  /** Hands each link held to `give`, in order, and holds none after. */
  drain(give: (f: Found) => void): void {
    if (this.batch.length > 0) this.joined.push(this.batch.join(''));
    const joined = this.joined.splice(0);
    const count = this.count;
    this.batch = [];
    this.count = 0;
    let text = '';
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (i % BATCH === 0) {
        text = joined[i / BATCH]!;
        at = 0;
      }
      const end = at + this.length[i]!;
      const [element, attribute] = this.kinds[this.kind[i]!]!;
      const flags = this.flags[i]!;
      const f: Found = { element, attribute, link: text.slice(at, end), line: this.line[i]!, decodeError: (flags & DECODE_ERROR) !== 0 };
      if ((flags & TOO_LONG) !== 0) f.tooLong = true;
      give(f);
      at = end;
    }
  }

  private grow(): void {
    const n = this.kind.length * 2;
    const kind = new Uint16Array(n);
    const flags = new Uint8Array(n);
    const line = new Uint32Array(n);
    const length = new Uint32Array(n);
    kind.set(this.kind);
    flags.set(this.flags);
    line.set(this.line);
    length.set(this.length);
    this.kind = kind;
    this.flags = flags;
    this.line = line;
    this.length = length;
  }
}

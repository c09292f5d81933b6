/**
 * A document's bytes decoded in its encoding (the WHATWG Encoding Standard's decoders, in chunks
 * cut anywhere), with the bytes that do not decode counted and their places in the text kept:
 * each becomes U+FFFD, as the standard says, but none goes unreported. A U+FFFD that the bytes
 * themselves encode (UTF-8 EF BF BD, UTF-16 FFFD, GB18030 84 31 A4 37) is a character, not an
 * error; the other encodings cannot encode it. The `replacement` encoding (the labels of
 * ISO-2022-KR, HZ-GB-2312 and others, which the standard blocks) decodes a document to one
 * U+FFFD, an error.
 */
import type { LinkPackages } from './packages.js';

const REPLACEMENT = '\ufffd';

/** The bytes that encode U+FFFD in each encoding that has them, and the alignment they must have. */
const ENCODED_REPLACEMENT: Readonly<Record<string, { bytes: readonly number[]; align: number }>> = {
  'utf-8': { bytes: [0xef, 0xbf, 0xbd], align: 1 },
  'utf-16le': { bytes: [0xfd, 0xff], align: 2 },
  'utf-16be': { bytes: [0xff, 0xfd], align: 2 },
  gb18030: { bytes: [0x84, 0x31, 0xa4, 0x37], align: 1 },
  gbk: { bytes: [0x84, 0x31, 0xa4, 0x37], align: 1 },
};

export class DocumentDecoder {
  /** Bytes that did not decode (each a U+FFFD in the text). */
  errors = 0;
  /** Positions in the text of the U+FFFD of bytes that did not decode, from index `first` on. */
  private readonly at: number[] = [];
  private first = 0;
  /** Characters decoded so far, and bytes. */
  private decoded = 0;
  private bytes = 0;
  /** The last bytes of the chunks so far: an encoded U+FFFD may be cut between two chunks. */
  private tail: number[] = [];
  private readonly decoder: InstanceType<LinkPackages['TextDecoder']> | null;
  private readonly pattern: { bytes: readonly number[]; align: number } | null;

  /** `encoding`: an Encoding Standard name (lower case), as `encodingName` gives it. */
  constructor(
    readonly encoding: string,
    packages: LinkPackages,
  ) {
    this.decoder = encoding === 'replacement' ? null : new packages.TextDecoder(encoding, { ignoreBOM: true });
    this.pattern = Object.hasOwn(ENCODED_REPLACEMENT, encoding) ? ENCODED_REPLACEMENT[encoding]! : null;
  }

  /** The text of the next bytes (`last`: the document ends with them). */
  decode(chunk: Uint8Array, last = false): string {
    const decoder = this.decoder;
    if (decoder === null) {
      // The replacement decoder: one U+FFFD for a document that has bytes, then nothing.
      const first = this.bytes === 0 && chunk.length > 0;
      this.bytes += chunk.length;
      if (!first) return '';
      this.error(0);
      this.decoded = 1;
      return REPLACEMENT;
    }
    let text = '';
    let from = 0;
    // Pieces that end where an encoded U+FFFD does: such a piece's text ends with that character.
    for (;;) {
      const end = this.pattern === null ? -1 : this.encodedEnd(chunk, from);
      const piece = end === -1 ? (from === 0 ? chunk : chunk.subarray(from)) : chunk.subarray(from, end);
      const t = decoder.decode(piece, { stream: end !== -1 || !last });
      if (t.indexOf(REPLACEMENT) !== -1) {
        const character = end !== -1 && t.endsWith(REPLACEMENT) ? t.length - 1 : -1;
        const base = this.decoded + text.length;
        for (let i = t.indexOf(REPLACEMENT); i !== -1; i = t.indexOf(REPLACEMENT, i + 1)) if (i !== character) this.error(base + i);
      }
      text = text === '' ? t : text + t;
      if (end === -1) break;
      from = end;
    }
    if (this.pattern !== null) this.keepTail(chunk);
    this.decoded += text.length;
    this.bytes += chunk.length;
    return text;
  }

  /** Whether a byte that did not decode is among the text's characters [start, end); forgets those before `start`. */
  errorIn(start: number, end: number): boolean {
    const at = this.at;
    while (this.first < at.length && at[this.first]! < start) this.first++;
    if (this.first === at.length) {
      at.length = 0;
      this.first = 0;
      return false;
    }
    return at[this.first]! < end;
  }

  private error(position: number): void {
    this.errors++;
    this.at.push(position);
  }

  /**
   * Where the first encoded U+FFFD that ends in `chunk` after `from` ends (one that began in the
   * chunks before included), at its alignment; -1 when none does.
   */
  private encodedEnd(chunk: Uint8Array, from: number): number {
    const { bytes: p, align } = this.pattern!;
    const tail = this.tail;
    const n = p.length;
    // Starting in the tail: the tail's bytes, then the chunk's.
    for (let s = from === 0 ? 0 : tail.length; s < tail.length; s++) {
      if ((this.bytes - tail.length + s) % align !== 0) continue;
      let k = 0;
      while (k < n && (s + k < tail.length ? tail[s + k] : chunk[s + k - tail.length]) === p[k]) k++;
      if (k === n) return s + n - tail.length;
    }
    for (let i = chunk.indexOf(p[0]!, from); i !== -1 && i + n <= chunk.length; i = chunk.indexOf(p[0]!, i + 1)) {
      if ((this.bytes + i) % align !== 0) continue;
      let k = 1;
      while (k < n && chunk[i + k] === p[k]) k++;
      if (k === n) return i + n;
    }
    return -1;
  }

  private keepTail(chunk: Uint8Array): void {
    const keep = this.pattern!.bytes.length - 1;
    const tail = chunk.length >= keep ? [] : this.tail.slice(this.tail.length - (keep - chunk.length));
    for (let i = Math.max(0, chunk.length - keep); i < chunk.length; i++) tail.push(chunk[i]!);
    this.tail = tail;
  }
}

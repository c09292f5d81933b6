/**
 * The input's bytes: a `Source` yields them in chunks, which the reader of the command's input
 * (readers.ts) takes in turn. `openInput` is the source of a file or standard input, read
 * through gunzip when the name ends in `.gz` or the data starts with the gzip magic bytes 1f 8b.
 * Another source (a queue, a socket) implements `Source` and is chosen in main.ts.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** Bytes per read of a file. */
export const CHUNK = 1 << 20;

/** Where the input's bytes come from. */
export interface Source {
  /** The input's name for messages: a file name, or "-". */
  readonly name: string;
  /** The size of a regular file (for the progress bar); null when not known before reading. */
  readonly size: number | null;
  /** A plain (uncompressed) regular file that worker threads may read in segments; else null. */
  readonly file: string | null;
  /** Raw bytes read so far (compressed bytes for gzip input). */
  read: number;
  /** The bytes, decompressed, in chunks. */
  chunks(): AsyncIterable<Buffer>;
}

/** An `fs` or zlib error, or a made-up one, turned into a message that says what to do. */
export function describeReadError(e: NodeJS.ErrnoException, file: string): string {
  const what = file === '-' ? 'standard input' : `"${file}"`;
  switch (e.code) {
    case 'ENOENT':
      return `cannot read ${what}: no such file (check the path, or give - to read standard input)`;
    case 'EACCES':
    case 'EPERM':
      return `cannot read ${what}: permission denied`;
    case 'EISDIR':
      return `cannot read ${what}: it is a directory; give a file`;
    case 'Z_DATA_ERROR':
      return `cannot read ${what}: it is not valid gzip data (${e.message}); a file whose name ends in .gz is read through gunzip`;
    case 'Z_BUF_ERROR':
      return `cannot read ${what}: the gzip data ends early (${e.message}); the file may be truncated`;
    default:
      return `cannot read ${what}: ${e.message}`;
  }
}

/** A file or standard input ("-"), looked at before it is read. Throws the fs error. */
export async function openInput(file: string, stdin: Readable): Promise<Source> {
  if (file === '-') return new FileSource(file, null, null, stdin);
  const st = await stat(file);
  if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  let gzip = file.endsWith('.gz');
  if (!gzip && st.size >= 2) {
    const fh = await open(file, 'r');
    try {
      const head = Buffer.alloc(2);
      await fh.read(head, 0, 2, 0);
      gzip = head[0] === 0x1f && head[1] === 0x8b;
    } finally {
      await fh.close();
    }
  }
  return new FileSource(file, st.isFile() ? st.size : null, gzip, stdin);
}

class FileSource implements Source {
  read = 0;
  readonly file: string | null;

  constructor(
    readonly name: string,
    readonly size: number | null,
    /** Whether the file is gzip data; null for standard input (found from its first bytes). */
    private readonly gzip: boolean | null,
    private readonly stdin: Readable,
  ) {
    this.file = size !== null && gzip === false ? name : null;
  }

  chunks(): AsyncIterable<Buffer> {
    return chunksOf(this, this.gzip, this.stdin);
  }
}

/** The input's bytes, decompressed when it is gzip, in chunks. */
async function* chunksOf(input: Source, isGzip: boolean | null, stdin: Readable): AsyncGenerator<Buffer> {
  const raw: AsyncIterable<Buffer | string> = input.name === '-' ? stdin : createReadStream(input.name, { highWaterMark: CHUNK });
  const src = counted(raw, input)[Symbol.asyncIterator]();
  let gzip = isGzip;
  let head: Buffer | null = null;
  if (gzip === null) {
    // Standard input: look at the first two bytes.
    const parts: Buffer[] = [];
    let n = 0;
    while (n < 2) {
      const r = await src.next();
      if (r.done === true) break;
      parts.push(r.value);
      n += r.value.length;
    }
    head = Buffer.concat(parts);
    gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  }
  const rest = prepend(head, src);
  if (!gzip) {
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(rest), gunzip, () => {});
  yield* gunzip as AsyncIterable<Buffer>;
}

async function* counted(raw: AsyncIterable<Buffer | string>, input: Source): AsyncGenerator<Buffer> {
  for await (const c of raw) {
    const b = typeof c === 'string' ? Buffer.from(c) : c;
    input.read += b.length;
    yield b;
  }
}

async function* prepend(head: Buffer | null, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    if (head !== null && head.length > 0) yield head;
    for (;;) {
      const r = await rest.next();
      if (r.done === true) return;
      yield r.value;
    }
  } finally {
    await rest.return?.();
  }
}

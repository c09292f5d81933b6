/**
 * The input's bytes: a `Source` yields them in chunks, which the reader of the command's input
 * (../lines/, ../links/) takes in turn. `openInput` is the source of a file or standard input:
 *
 * * Compression is found by the stream's first bytes (its magic number), whatever the input is
 *   (a file, a named pipe, standard input); a name ending in `.gz` is gzip too. Gzip is read
 *   through gunzip; bzip2, xz and zstd are refused with a message that says how to decompress.
 * * A regular file is read as it was when it was opened: its first `size` bytes. If it grew,
 *   the line that the snapshot cuts is read on to its "\n" (up to the longest line read); if it
 *   shrank (logrotate's `copytruncate`), reading stops with an error once the lines before the
 *   cut are read, and the cut line is left out. Worker threads (../threads/serve.ts) do the same.
 *
 * Another source (a queue, a socket) implements `Source` and is opened in ../run/run.ts.
 */
import { createReadStream, fstatSync } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { fileProblem } from './file-error.js';

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
  /**
   * The bytes, decompressed, in chunks. `recycle`: the caller keeps nothing of a chunk (no view,
   * no subarray) once it asks for the next, so a plain file's chunks may come in the same two
   * buffers, read into in turn: a fresh MiB of memory a chunk cost the kernel more (page faults,
   * zeroed pages: 0.25 s of system time per 100 MB) than all the reads.
   */
  chunks(recycle?: boolean): AsyncIterable<Buffer>;
  /** Ends a read that waits for data (Ctrl-C on standard input from a terminal): `chunks` then ends or fails. */
  cancel(): void;
}

/** Compressed formats, by their magic numbers. */
export type Compression = 'gzip' | 'bzip2' | 'xz' | 'zstd';

/** Bytes that `compression` looks at. */
const MAGIC_LENGTH = 6;

/**
 * The compressed format that `head` (the first bytes of a stream) starts, or null: gzip
 * (RFC 1952: 1f 8b), bzip2 ("BZh", a block size digit, then a block's or the end's magic), xz
 * (fd "7zXZ" 00) and zstd (RFC 8878: the frame magic 28 b5 2f fd, or a skippable frame's,
 * 5? 2a 4d 18, with which a .warc.zst file begins: its dictionary).
 */
export function compression(head: Uint8Array): Compression | null {
  const b = (i: number): number => (i < head.length ? head[i]! : -1);
  if (b(0) === 0x1f && b(1) === 0x8b) return 'gzip';
  if (b(0) === 0x28 && b(1) === 0xb5 && b(2) === 0x2f && b(3) === 0xfd) return 'zstd';
  if ((b(0) & 0xf0) === 0x50 && b(1) === 0x2a && b(2) === 0x4d && b(3) === 0x18) return 'zstd';
  if (b(0) === 0xfd && b(1) === 0x37 && b(2) === 0x7a && b(3) === 0x58 && b(4) === 0x5a && b(5) === 0x00) return 'xz';
  if (b(0) === 0x42 && b(1) === 0x5a && b(2) === 0x68 && b(3) >= 0x31 && b(3) <= 0x39) {
    if ((b(4) === 0x31 && b(5) === 0x41) || (b(4) === 0x17 && b(5) === 0x72)) return 'bzip2';
  }
  return null;
}

const TOOLS: Readonly<Record<Exclude<Compression, 'gzip'>, string>> = { bzip2: 'bzip2', xz: 'xz', zstd: 'zstd' };

/** An input in a compressed format that urikit does not read. */
export class CompressedInput extends Error {
  readonly code = 'ECOMPRESSED';
  constructor(readonly format: Exclude<Compression, 'gzip'>) {
    super(`${format} data`);
  }
}

/** A regular file that became shorter while it was read. */
export class TruncatedInput extends Error {
  readonly code = 'ETRUNCATED';
  /** `size`: the file's size when it was opened; `at`: where its bytes ended. */
  constructor(
    readonly size: number,
    readonly at: number,
  ) {
    super(`the file ended at byte ${at} of ${size}`);
  }
}

/** An input that could not be read, once opened: its message is `describeReadError`'s (for a caller that reports it later). */
export class UnreadInput extends Error {}

/**
 * An `fs` or zlib error, or one of this module's, turned into a message that says what to do.
 * `command` names the command in the advice.
 */
export function describeReadError(e: NodeJS.ErrnoException, file: string, command: string): string {
  const what = file === '-' ? 'standard input' : `"${file}"`;
  if (e instanceof CompressedInput) {
    const tool = TOOLS[e.format];
    const how =
      file === '-'
        ? `decompress it before it reaches urikit (${tool} -dc FILE | urikit ${command} …)`
        : `decompress it first: ${tool} -dc ${JSON.stringify(file)} | urikit ${command} … -`;
    return `cannot read ${what}: it is ${e.format} data (found by its first bytes), which urikit does not decompress (gzip only); ${how}`;
  }
  if (e instanceof TruncatedInput) {
    return `${what} became shorter while it was read: it had ${e.size} bytes when it was opened, and ended at byte ${e.at} (was it truncated, as logrotate's copytruncate does?); the lines before byte ${e.at} were read, a line cut there was left out`;
  }
  switch (e.code) {
    case 'ENOENT':
      return `cannot read ${what}: no such file (check the path, or give - to read standard input)`;
    case 'EISDIR':
      return `cannot read ${what}: it is a directory; give a file`;
    case 'Z_DATA_ERROR':
      return `cannot read ${what}: it is not valid gzip data (${e.message}); a file whose name ends in .gz is read through gunzip`;
    case 'Z_BUF_ERROR':
      return `cannot read ${what}: the gzip data ends early (${e.message}); the file may be truncated`;
    default:
      return `cannot read ${what}: ${fileProblem(e)}`;
  }
}

/**
 * A file or standard input ("-"), looked at before it is read: a regular file's size and
 * compression. `longestLine`: how far past a regular file's size its last line is read when the
 * file grew. Throws the fs error, or `CompressedInput`.
 */
export async function openInput(file: string, stdin: Readable, longestLine: number): Promise<Source> {
  if (file === '-') return new StreamSource(file, stdin, regularFileSize(stdin));
  const st = await stat(file);
  if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  // A named pipe or a device: its bytes say what it is.
  if (!st.isFile()) return new StreamSource(file, null);
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC_LENGTH);
    const { bytesRead } = await fh.read(head, 0, MAGIC_LENGTH, 0);
    const format = file.endsWith('.gz') ? 'gzip' : compression(head.subarray(0, bytesRead));
    if (format !== null && format !== 'gzip') throw new CompressedInput(format);
    return new FileSource(file, st.size, format === 'gzip', longestLine);
  } finally {
    await fh.close();
  }
}

/** The bytes of `raw`, through gunzip when they are gzip; refused when another format. */
async function* decompressed(raw: AsyncIterable<Buffer>, gzip: boolean | null): AsyncGenerator<Buffer> {
  const src = raw[Symbol.asyncIterator]();
  let head: Buffer | null = null;
  if (gzip === null) {
    // Look at the first bytes.
    const parts: Buffer[] = [];
    let n = 0;
    while (n < MAGIC_LENGTH) {
      const r = await src.next();
      if (r.done === true) break;
      parts.push(r.value);
      n += r.value.length;
    }
    head = Buffer.concat(parts);
    const format = compression(head);
    if (format !== null && format !== 'gzip') {
      await src.return?.();
      throw new CompressedInput(format);
    }
    gzip = format === 'gzip';
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

/** The size of the regular file a stream reads (standard input redirected from one: `< file`), or null. */
function regularFileSize(stream: Readable): number | null {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return null;
  try {
    const st = fstatSync(fd);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

/** Standard input, a named pipe or a device: read to its end. */
class StreamSource implements Source {
  read = 0;
  readonly file = null;

  /**
   * `stream`: standard input; null to open the file `name`. `size`: that of the regular file
   * standard input is redirected from (for the progress bar), else null.
   */
  constructor(
    readonly name: string,
    private readonly stream: Readable | null,
    readonly size: number | null = null,
  ) {}

  /** The stream read, once `chunks` is read. */
  private opened: Readable | null = null;

  chunks(): AsyncIterable<Buffer> {
    return decompressed(this.counted(), null);
  }

  cancel(): void {
    this.opened?.destroy();
  }

  private async *counted(): AsyncGenerator<Buffer> {
    const raw = this.stream ?? createReadStream(this.name, { highWaterMark: CHUNK });
    this.opened = raw;
    for await (const c of raw as AsyncIterable<Buffer | string>) {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      this.read += b.length;
      yield b;
    }
  }
}

/** A regular file, read as it was when it was opened (see the module's comment). */
class FileSource implements Source {
  read = 0;
  readonly file: string | null;

  constructor(
    readonly name: string,
    readonly size: number,
    private readonly gzip: boolean,
    private readonly longestLine: number,
  ) {
    this.file = gzip ? null : name;
  }

  chunks(recycle = false): AsyncIterable<Buffer> {
    return decompressed(this.snapshot(recycle && !this.gzip), this.gzip);
  }

  /** A file's reads end by themselves. */
  cancel(): void {}

  private async *snapshot(recycle: boolean): AsyncGenerator<Buffer> {
    const fh = await open(this.name, 'r');
    // The next chunk is read (in libuv's threads) while this one is walked: recycled, into the
    // buffer of the chunk before, which its reader has let go by asking for this one.
    const ring = recycle ? [Buffer.allocUnsafe(Math.min(CHUNK, this.size)), Buffer.allocUnsafe(Math.min(CHUNK, this.size))] : null;
    let turn = 0;
    const bufferFor = (length: number) => (ring === null ? Buffer.allocUnsafe(length) : ring[turn++ & 1]!.subarray(0, length));
    const readAt = (at: number) => fh.read(bufferFor(Math.min(CHUNK, this.size - at)), 0, undefined, at);
    let next: ReturnType<typeof readAt> | null = this.size > 0 ? readAt(0) : null;
    try {
      let last = -1;
      let at = 0;
      while (next !== null) {
        const { buffer, bytesRead } = await next;
        next = null;
        if (bytesRead === 0) throw new TruncatedInput(this.size, at);
        at += bytesRead;
        if (at < this.size) next = readAt(at);
        this.read = at;
        last = buffer[bytesRead - 1]!;
        yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      }
      if (!this.gzip && last !== -1 && last !== 0x0a) yield* this.lineEnd(fh);
    } finally {
      // A read still under way is let finish before the file is closed.
      await next?.catch(() => {});
      await fh.close();
    }
  }

  /** The rest of the snapshot's cut last line, when the file grew: up to its "\n". */
  private async *lineEnd(fh: FileHandle): AsyncGenerator<Buffer> {
    let position = this.size;
    while (position - this.size <= this.longestLine) {
      const { buffer, bytesRead } = await fh.read(Buffer.allocUnsafe(64 << 10), 0, undefined, position);
      if (bytesRead === 0) return;
      const nl = buffer.subarray(0, bytesRead).indexOf(0x0a);
      if (nl !== -1) {
        yield buffer.subarray(0, nl + 1);
        return;
      }
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  }
}

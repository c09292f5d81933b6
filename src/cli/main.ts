/**
 * The `urikit` command line. `main` takes its streams as arguments so that tests run it in
 * process; bin/urikit.js passes the real ones.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { scanError } from '../errors.js';
import { OFFSETS_LENGTH, Slot, scan } from '../scan.js';
import { tryParse } from '../uri.js';

export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Exit codes, documented in --help. */
export const Exit = Object.freeze({ OK: 0, INVALID_INPUT: 1, USAGE: 2 });

const USAGE = `Usage: urikit <command> [options] [FILE|-]

Commands:
  parse    one URI per line in, one JSON object per line out (its components,
           or {"line":N,"error":{"code","index","message"}} for an invalid line)

Reads FILE, or standard input when FILE is "-" or absent. Lines end at "\\n"
("\\r\\n" too); empty lines are skipped. An invalid line never stops the run.

Options:
  -h, --help   this text

Exit codes: 0 done, 1 (validate) some line was invalid, 2 usage or I/O error.
`;

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code.
 * @example
 * process.exitCode = await main(process.argv.slice(2), process);
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.stdout.write(USAGE);
    return command === undefined ? Exit.USAGE : Exit.OK;
  }
  if (command !== 'parse') return usageError(io, `unknown command "${command}"`);
  const files: string[] = [];
  for (const arg of rest) {
    if (arg === '-h' || arg === '--help') {
      io.stdout.write(USAGE);
      return Exit.OK;
    }
    if (arg.startsWith('-') && arg !== '-') return usageError(io, `unknown option "${arg}"`);
    files.push(arg);
  }
  if (files.length > 1) return usageError(io, 'parse takes one FILE (or - for standard input)');
  const file = files[0] ?? '-';
  const input = file === '-' ? io.stdin : createReadStream(file);
  try {
    await parseLines(input, io.stdout);
  } catch (e) {
    io.stderr.write(`urikit: cannot read ${file === '-' ? 'standard input' : `"${file}"`}: ${(e as Error).message}\n`);
    return Exit.USAGE;
  }
  return Exit.OK;
}

function usageError(io: Io, message: string): number {
  io.stderr.write(`urikit: ${message}\nRun "urikit --help" for usage.\n`);
  return Exit.USAGE;
}

const offsets = new Uint32Array(OFFSETS_LENGTH);

async function parseLines(input: Readable, out: Writable): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  const sink = new BufferedWriter(out);
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.length === 0) continue;
    const uri = tryParse(line);
    if (uri !== null) {
      await sink.write(`${JSON.stringify({ line: n, ...uri.toJSON() })}\n`);
    } else {
      const code = scan(line, offsets);
      const err = scanError(code, offsets[Slot.ERROR_INDEX]!, line);
      await sink.write(`${JSON.stringify({ line: n, error: { code: err.code, index: err.index, message: err.message } })}\n`);
    }
  }
  await sink.flush();
}

/** Collects output into large chunks and honours the destination's back-pressure. */
class BufferedWriter {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly out: Writable) {}

  async write(s: string): Promise<void> {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= 1 << 16) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.out.write(chunk)) await new Promise<void>((resolve) => this.out.once('drain', resolve));
  }
}

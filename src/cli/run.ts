/**
 * A run of a command over its input, on this thread or on worker threads, and what every run
 * shares: its streams (`Io`) and exit codes (`Exit`).
 *
 * ```
 * Source (io/input.ts) ──► chunks ──► Reader (lines/, links/) ──► records ──► Command (commands/)
 *                                            Command.out ──► Sink (io/writer.ts) ──► stdout
 * ```
 */
import type { Readable, Writable } from 'node:stream';
import type { CommandName } from './arguments.js';
import type { LineCommandSpec } from './commands/command.js';
import type { Config } from './config.js';
import { describeReadError, openInput, type Source } from './io/input.js';
import { barWanted, Progress } from './io/progress.js';
import { BufferedWriter, type Sink } from './io/writer.js';
import { lineWalker } from './lines/readers.js';
import type { InputShape, Reader, Records } from './lines/records.js';
import type { PageRecords } from './links/reader.js';
import { feature, need } from './packages.js';
import { autoThreads, runThreads } from './threads/pool.js';
import { segmentSize } from './threads/serve.js';

/** What the CLI runs with: the process's streams (tests give their own). */
export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /**
   * Called by a Redis worker after each commit of its output, before it acknowledges the entries
   * (`commits`: how many so far): where a crash loses nothing but makes the entries run again.
   */
  afterCommit?(commits: number): void;
}

/** Exit codes, documented in --help. */
export const Exit = Object.freeze({ OK: 0, INVALID_INPUT: 1, USAGE: 2 });

/** Writes a usage error and what to run for help; returns the exit code. */
export function usageError(io: Io, message: string, command: CommandName | null): number {
  io.stderr.write(`urikit: ${message}\nRun "urikit ${command === null ? '' : `${command} `}--help" for usage.\n`);
  return Exit.USAGE;
}

/** The command's input; null when it cannot be read (the reason is written to standard error). */
export async function openSource(config: Config, io: Io): Promise<Source | null> {
  try {
    return await openInput(config.file, io.stdin, config.maxLineLength);
  } catch (e) {
    io.stderr.write(`urikit: ${describeReadError(e as NodeJS.ErrnoException, config.file, config.command)}\n`);
    return null;
  }
}

/**
 * Runs the command over its input, writing its output to `out` (standard output, or another
 * `Sink`: a job's frontier, see redis/); returns the exit code.
 */
export async function run(spec: LineCommandSpec, config: Config, io: Io, out: Sink = new BufferedWriter(io.stdout)): Promise<number> {
  const input = await openSource(config, io);
  if (input === null) return Exit.USAGE;
  try {
    await need(spec.packages?.(config) ?? [], `urikit ${config.command}`);
  } catch (e) {
    return usageError(io, (e as Error).message, config.command);
  }
  const cmd = spec.create(config, false);
  const err: Sink = new BufferedWriter(io.stderr);
  const bar = !config.quiet && input.size !== null && input.size > 0 && barWanted(io.stdout, io.stderr);
  const progress = bar ? new Progress(io.stderr, input.size!) : null;
  let threads = config.threads === 'auto' ? autoThreads(input.size) : config.threads;
  const shape = spec.input(config);
  if (threads > 1 && (shape === 'html' || shape === 'warc')) {
    if (!config.quiet && config.threads !== 'auto')
      io.stderr.write(`urikit: --threads splits files of lines; ${config.command} reads documents on one thread\n`);
    threads = 1;
  }
  if (threads > 1 && input.file === null) {
    if (!config.quiet && config.threads !== 'auto')
      io.stderr.write(`urikit: --threads needs a plain file (not standard input or gzip data); reading on one thread\n`);
    threads = 1;
  }
  // A file of one segment is read on one thread.
  if (threads > 1 && input.size! <= segmentSize(input.size!, threads)) threads = 1;
  cmd.begin({ terminal: (io.stdout as { isTTY?: boolean }).isTTY === true });
  await out.flush(cmd.out);
  let failure: NodeJS.ErrnoException | null = null;
  try {
    if (threads > 1) {
      await runThreads({ config, file: input.file!, size: input.size!, threads, cmd, out, err, progress });
    } else {
      const reader = createReader(shape, config, cmd);
      let closed = false;
      for await (const chunk of input.chunks()) {
        await reader.push(chunk);
        await out.flush(cmd.out);
        if (cmd.err.size > 0) {
          progress?.clear();
          await err.flush(cmd.err);
        }
        progress?.update(input.read);
        if ((closed = out.closed)) break;
      }
      if (!closed) await reader.end();
    }
  } catch (e) {
    failure = e as NodeJS.ErrnoException;
  }
  progress?.close();
  // The reader of the output went away (| head): it had what it wanted. What was read past the
  // lines it took depends on chunks and threads, so it decides neither the exit code nor a summary.
  if (out.closed && out.error === null) return Exit.OK;
  // What was counted and the summary, also when the input failed.
  cmd.end();
  await out.flush(cmd.out);
  await err.flush(cmd.err);
  if (failure !== null) {
    const message =
      failure.code !== undefined ? describeReadError(failure, config.file, config.command) : `internal error: ${failure.message}`;
    io.stderr.write(`urikit: ${message}\n`);
    return Exit.USAGE;
  }
  if (out.error !== null) {
    io.stderr.write(`urikit: cannot write the output: ${out.error.message}\n`);
    return Exit.USAGE;
  }
  return cmd.exitCode();
}

/** The reader of the input of `shape`, as `config` says it is written, for the records of `to`. */
function createReader(shape: InputShape, config: Config, to: Records): Reader {
  // Only the links command reads documents, and it takes pages (PageRecords).
  if (shape === 'html' || shape === 'warc') return feature('links').linkReader(shape, config, to as Records & PageRecords);
  return lineWalker(shape, config, to);
}

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
import { type LineCommandSpec, MAIN } from '../commands/command.js';
import { need } from '../commands/packages.js';
import { describeReadError, openInput, type Source } from '../io/input.js';
import { barWanted, Progress } from '../io/progress.js';
import { BufferedWriter, type Sink } from '../io/writer.js';
import { lineWalker } from '../lines/readers.js';
import type { InputShape, Reader, Records } from '../lines/records.js';
import type { Lines } from '../options/arguments.js';
import { autoThreads, runThreads } from '../threads/pool.js';
import { segmentSize } from '../threads/serve.js';

/** The bytes of lines read before their output is written (see `run`). */
const SLICE = 1 << 16;

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
export const Exit = Object.freeze({ OK: 0, INVALID_INPUT: 1, USAGE: 2, INTERRUPTED: 130 });

/** Writes a usage error and what to run for help; returns the exit code. */
export function usageError(io: Io, message: string, command: string | null): number {
  io.stderr.write(`urikit: ${message}\nRun "urikit ${command === null ? '' : `${command} `}--help" for usage.\n`);
  return Exit.USAGE;
}

/** The command's input; null when it cannot be read (the reason is written to standard error). */
export async function openSource(config: Lines, io: Io): Promise<Source | null> {
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
export async function run(spec: LineCommandSpec, config: Lines, io: Io, out: Sink = new BufferedWriter(io.stdout)): Promise<number> {
  const input = await openSource(config, io);
  if (input === null) return Exit.USAGE;
  try {
    await need(spec.packages?.(config) ?? [], `urikit ${config.command}`);
  } catch (e) {
    return usageError(io, (e as Error).message, config.command);
  }
  const cmd = spec.create(config, MAIN);
  const err: Sink = new BufferedWriter(io.stderr);
  const partial = spec.partial === true;
  const bar = !config.quiet && input.size !== null && input.size > 0 && barWanted(io.stdout, io.stderr, partial);
  // Ctrl-C is the run's (Interrupt, below).
  const progress = bar ? new Progress(io.stderr, input.size!, false) : null;
  if (!config.quiet && config.file === '-' && (io.stdin as { isTTY?: boolean }).isTTY === true)
    io.stderr.write(
      `urikit ${config.command}: reading standard input from the terminal: type or paste lines, then Ctrl-D (or give a FILE)\n`,
    );
  let threads = config.threads === 'auto' ? autoThreads(input.size) : config.threads;
  const shape = spec.input(config);
  if (threads > 1 && input.file === null) {
    if (!config.quiet && config.threads !== 'auto')
      io.stderr.write(`urikit: --threads needs a plain file (not standard input or gzip data); reading on one thread\n`);
    threads = 1;
  }
  // A file of one segment is read on one thread.
  if (threads > 1 && input.size! <= segmentSize(input.size!, threads)) threads = 1;
  try {
    cmd.begin({ terminal: (io.stdout as { isTTY?: boolean }).isTTY === true });
  } catch (e) {
    progress?.close();
    io.stderr.write(`urikit: ${(e as Error).message}\n`);
    return Exit.USAGE;
  }
  await out.flush(cmd.out);
  const interrupt = new Interrupt(partial, progress);
  let failure: NodeJS.ErrnoException | null = null;
  try {
    if (threads > 1) {
      await runThreads({ config, file: input.file!, size: input.size!, threads, cmd, out, err, progress, interrupt });
    } else {
      const reader = createReader(shape, config, cmd);
      // A read that waits (standard input from a terminal, a pipe) ends with its stream.
      interrupt.stop = () => input.cancel();
      // Lines are read a slice of a chunk at a time, each slice's output written before the next:
      // the output of short lines is many times their size (parse writes some 140 bytes for "a").
      const slice = shape === 'uris' || shape === 'pairs' ? SLICE : Infinity;
      let stopped = false;
      // The walker copies what it keeps of a chunk: the chunks may be recycled.
      reading: for await (const chunk of input.chunks(true)) {
        for (let at = 0; at < chunk.length; at += slice) {
          if ((stopped = interrupt.interrupted)) break reading;
          await reader.push(chunk.subarray(at, at + slice));
          await out.flush(cmd.out);
          if (cmd.err.size > 0) {
            progress?.clear();
            await err.flush(cmd.err);
          }
          if ((stopped = out.closed)) break reading;
        }
        progress?.update(input.read);
      }
      if (!stopped && !interrupt.interrupted) await reader.end();
    }
  } catch (e) {
    // A stream cancelled on Ctrl-C may end with an error: the run ends as interrupted.
    if (!interrupt.interrupted) failure = e as NodeJS.ErrnoException;
  }
  progress?.close();
  interrupt.close();
  cmd.interrupted = interrupt.interrupted;
  // The reader of the output went away (| head): it had what it wanted. What was read past the
  // lines it took depends on chunks and threads, so it decides neither the exit code nor a summary.
  if (out.closed && out.error === null) return Exit.OK;
  // What was counted and the summary, also when the input failed.
  cmd.end();
  cmd.logNote();
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
  if (interrupt.interrupted) return Exit.INTERRUPTED;
  // A log none of whose lines is of the --log format (said by logNote): data the run does not read.
  return cmd.nothingRead() ? Exit.USAGE : cmd.exitCode();
}

/**
 * Ctrl-C (SIGINT) during a run. For a command that reports what it read (`partial`), the reading
 * stops (`stop` is called, and the readers look at `interrupted`) and the run ends as usual, then
 * exits 130; a second Ctrl-C ends the process at once. For another command, the progress bar is
 * cleared and the signal does what it would have done.
 */
export class Interrupt {
  interrupted = false;
  /** What stops the reading: set by the reader of the input. */
  stop: () => void = () => {};
  private readonly listener: () => void;

  constructor(partial: boolean, progress: Progress | null) {
    this.listener = () => {
      progress?.clear();
      this.close();
      if (!partial) {
        process.kill(process.pid, 'SIGINT');
        return;
      }
      this.interrupted = true;
      this.stop();
    };
    // Without a bar to clear, another command leaves the signal alone.
    if (partial || progress !== null) process.on('SIGINT', this.listener);
  }

  close(): void {
    process.removeListener('SIGINT', this.listener);
  }
}

/** The reader of the input of `shape`, as `config` says it is written, for the records of `to`. */
function createReader(shape: InputShape, config: Lines, to: Records): Reader {
  // Documents (links) are read by ./documents.ts.
  if (shape === 'html' || shape === 'warc') throw new Error(`internal error: ${config.command} reads documents (documents.ts)`);
  return lineWalker(shape, config, to);
}

/**
 * The `urikit` command line: the command's name, its configuration (config.ts), and the run of the
 * command over its input, on one thread or on worker threads (threads.ts):
 *
 * ```
 * Source (input.ts) ──► chunks ──► Reader (readers.ts, walker.ts) ──► records ──► Command (commands/)
 *                                                    Command.out ──► Sink (writer.ts) ──► stdout
 * ```
 *
 * `main` takes its streams as arguments so that tests run it in process; bin/urikit.js passes the
 * real ones.
 */
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { CommandSpec } from './command.js';
import { COMMANDS } from './commands/index.js';
import { COMMAND_NAMES, type CommandName, type Config, configure, type UsageError } from './config.js';
import { HELP, USAGE } from './help.js';
import { describeReadError, openInput, type Source } from './input.js';
import { feature, need } from './packages.js';
import { barWanted, Progress } from './progress.js';
import { createReader } from './readers.js';
import { autoThreads, runThreads, segmentSize } from './threads.js';
import { BufferedWriter, type Sink } from './writer.js';

export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Exit codes, documented in --help. */
export const Exit = Object.freeze({ OK: 0, INVALID_INPUT: 1, USAGE: 2 });

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code.
 * @example
 * process.exitCode = await main(process.argv.slice(2), process);
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr.write(USAGE);
    return Exit.USAGE;
  }
  if (command === '-h' || command === '--help') {
    io.stdout.write(USAGE);
    return Exit.OK;
  }
  if (command === '--version' || command === '-V') {
    io.stdout.write(`urikit ${version()}\n`);
    return Exit.OK;
  }
  if (command === 'help') {
    const about = rest[0];
    if (about === undefined) io.stdout.write(USAGE);
    else if (isCommand(about)) io.stdout.write(HELP[about]);
    else return usageError(io, `no help for "${about}"; the commands are ${COMMAND_NAMES.join(', ')}`, null);
    return Exit.OK;
  }
  if (!isCommand(command)) {
    const hint = command.startsWith('-') ? 'the command comes first' : `the commands are ${COMMAND_NAMES.join(', ')}`;
    return usageError(io, `unknown command "${command}"; ${hint}`, null);
  }
  let config: Config | 'help';
  try {
    config = configure(command, rest);
  } catch (e) {
    return usageError(io, (e as UsageError).message, command);
  }
  if (config === 'help') {
    io.stdout.write(HELP[command]);
    return Exit.OK;
  }
  if (command === 'publish' || command === 'redis' || config.redis.from !== null || config.redis.to !== null) {
    try {
      await need(['redis'], `urikit ${command}`);
    } catch (e) {
      return usageError(io, (e as UsageError).message, command);
    }
    return feature('redis').runRedis(command, config, io);
  }
  return run(COMMANDS[command], config, io);
}

/** The package's version, from its package.json (three folders up in dist/esm/cli and build/src/cli alike). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function isCommand(s: string): s is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(s);
}

function usageError(io: Io, message: string, command: CommandName | null): number {
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
export async function run(spec: CommandSpec, config: Config, io: Io, out: Sink = new BufferedWriter(io.stdout)): Promise<number> {
  const input = await openSource(config, io);
  if (input === null) return Exit.USAGE;
  try {
    await need(spec.packages?.(config) ?? [], `urikit ${config.command}`);
  } catch (e) {
    return usageError(io, (e as UsageError).message, config.command);
  }
  const cmd = spec.create(config, false);
  const err: Sink = new BufferedWriter(io.stderr);
  const bar = !config.quiet && input.size !== null && input.size > 0 && barWanted(io.stdout, io.stderr);
  const progress = bar ? new Progress(io.stderr, input.size!) : null;
  let threads = config.threads === 'auto' ? autoThreads(input.size) : config.threads;
  const shape = spec.input(config);
  if (threads > 1 && (shape === 'html' || shape === 'warc')) {
    if (!config.quiet && config.threads !== 'auto')
      io.stderr.write(`urikit: --threads splits files of lines; ${config.command} reads documents on one thread
`);
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

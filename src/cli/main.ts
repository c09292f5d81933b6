/**
 * The `urikit` command line: the command's name, its help, its configuration, and its run (run/run.ts,
 * or the Redis jobs of ./redis/, loaded here only when a command names one). `main` takes its
 * streams as arguments so that tests run it in process; bin/urikit.js passes the real ones.
 *
 * The CLI's floors, from the top, each a folder (test/layers.test.ts checks them as the
 * library's): a file imports files of its own floor and of the floors below it, never of one
 * above, and no set of files imports itself round in a circle:
 *
 * ```
 * main.ts  worker.ts    the entries: the process (bin/urikit.js), a --threads worker thread
 * redis/                Redis jobs: publish, urikit redis, workers (--from), the frontier (--to)
 * run/                  a command's run over its input (Io, Exit): one thread, or threads/; links' run over its inputs
 * threads/              --threads: the pool of worker threads, and what each one serves
 * commands/             the commands that run over their input: their specs and `Command`s; their optional packages
 * stats/  links/        what stats counts; the links command's HTML and WARC readers
 * lines/                the input cut into lines, and lines into records (URIs, pairs, log lines)
 * options/              the words and their values: commands, options, specs, `Arguments`, `Config`, the help's
 *                       layout, Redis job URLs and options, --templates FILE, parse's fields
 * io/                   bytes in (files, gzip), text out (back-pressure), the progress bar, quoting
 * ```
 */
import { existsSync, readFileSync } from 'node:fs';
import { COMMANDS, SPECS } from './commands/index.js';
import { load } from './commands/packages.js';
import { COMMAND_NAMES, type CommandName, type UsageError } from './options/arguments.js';
import { type Config, configure } from './options/config.js';
import { help, usage } from './options/help.js';
import { runDocuments } from './run/documents.js';
import { Exit, type Io, run, usageError } from './run/run.js';

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code.
 * @example
 * process.exitCode = await main(process.argv.slice(2), process);
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr.write(usage(SPECS));
    return Exit.USAGE;
  }
  if (command === '-h' || command === '--help' || (command === 'help' && rest.length === 0)) {
    io.stdout.write(usage(SPECS));
    return Exit.OK;
  }
  if (command === '--version' || command === '-V') {
    io.stdout.write(`urikit ${version()}\n`);
    return Exit.OK;
  }
  if (command === 'help') {
    const about = rest[0]!;
    if (!isCommand(about)) return usageError(io, `no help for "${about}"; the commands are ${COMMAND_NAMES.join(', ')}`, null);
    io.stdout.write(help(SPECS[about]));
    return Exit.OK;
  }
  if (!isCommand(command)) {
    const hint = command.startsWith('-') ? 'the command comes first' : `the commands are ${COMMAND_NAMES.join(', ')}`;
    return usageError(io, `unknown command "${command}"; ${hint}`, null);
  }
  let config: Config | 'help';
  try {
    config = configure(command, rest, SPECS);
  } catch (e) {
    return usageError(io, (e as UsageError).message, command);
  }
  if (config === 'help') {
    io.stdout.write(help(SPECS[command]));
    return Exit.OK;
  }
  if (command === 'publish' || command === 'redis' || config.redis.from !== null || config.redis.to !== null) {
    let jobs: typeof import('./redis/main.js');
    try {
      jobs = await load('redis', () => import('./redis/main.js'), `urikit ${command}`);
    } catch (e) {
      return usageError(io, (e as Error).message, command);
    }
    return jobs.runRedis(command, config, io);
  }
  return command === 'links' ? runDocuments(COMMANDS.links, config, io) : run(COMMANDS[command], config, io);
}

/** The version in urikit's package.json: the first one up from this module (in build/, dist/esm/cli or the bundle in dist/cli). */
function version(): string {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) {
      const p = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (p.name === 'urikit') return p.version;
    }
    if (dir.pathname === '/') throw new Error("internal error: urikit's package.json is not found");
  }
}

function isCommand(s: string): s is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(s);
}

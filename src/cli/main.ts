/**
 * The `urikit` command line: the command's name (registry.ts), its help, its settings, and its run
 * (run/run.ts, or the Redis jobs of ./redis/, loaded here only when a command names one). `main` takes its
 * streams as arguments so that tests run it in process; bin/urikit.js passes the real ones.
 *
 * The CLI's floors, from the top, each a folder (test/layers.test.ts checks them as the
 * library's): a file imports files of its own floor and of the floors below it, never of one
 * above, and no set of files imports itself round in a circle:
 *
 * ```
 * main.ts  worker.ts    the entries: the process (bin/urikit.js), a --threads worker thread;
 * registry.ts           every command, in the help's order
 * redis/                Redis jobs: publish, urikit redis (each declared beside its code), workers
 *                       (--from), the frontier (--to)
 * run/                  a command's run over its input (Io, Exit): one thread, or threads/; links' run over its inputs
 * threads/              --threads: the pool of worker threads, and what each one serves
 * commands/             the commands that run over their input, each one module: its options, settings,
 *                       help and `Command`; their optional packages
 * stats/  links/        what stats counts; the links command's HTML and WARC readers
 * lines/                the input cut into lines, and lines into records (URIs, pairs, log lines)
 * options/              a library of option kinds, below the commands that declare theirs with it: what an
 *                       option is (flag, count, choice, …), `CommandSpec`, `Arguments`, the options of
 *                       every command, the help's layout, Redis job URLs and options, --templates FILE
 * io/                   bytes in (files, gzip), text out (back-pressure), the progress bar, quoting
 * ```
 */
import { existsSync, readFileSync } from 'node:fs';
import type { LineCommandSpec } from './commands/command.js';
import type { LinksSettings } from './commands/links.js';
import { load } from './commands/packages.js';
import { type Common, configure } from './options/arguments.js';
import { help, usage } from './options/help.js';
import { namesJob } from './options/jobs.js';
import type { UsageError } from './options/option.js';
import { COMMANDS, commandNamed } from './registry.js';
import { runDocuments } from './run/documents.js';
import { Exit, type Io, run, usageError } from './run/run.js';

const NAMES = COMMANDS.map((c) => c.name).join(', ');

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code.
 * @example
 * process.exitCode = await main(process.argv.slice(2), process);
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr.write(usage(COMMANDS));
    return Exit.USAGE;
  }
  if (command === '-h' || command === '--help' || (command === 'help' && rest.length === 0)) {
    io.stdout.write(usage(COMMANDS));
    return Exit.OK;
  }
  if (command === '--version' || command === '-V') {
    io.stdout.write(`urikit ${version()}\n`);
    return Exit.OK;
  }
  if (command === 'help') {
    const about = rest[0]!;
    const spec = commandNamed(about);
    if (spec === undefined) return usageError(io, `no help for "${about}"; the commands are ${NAMES}`, null);
    io.stdout.write(help(spec));
    return Exit.OK;
  }
  const spec = commandNamed(command);
  if (spec === undefined) {
    const hint = command.startsWith('-') ? 'the command comes first' : `the commands are ${NAMES}`;
    return usageError(io, `unknown command "${command}"; ${hint}`, null);
  }
  let config: Common | 'help';
  try {
    config = configure(spec, rest, COMMANDS);
  } catch (e) {
    return usageError(io, (e as UsageError).message, command);
  }
  if (config === 'help') {
    io.stdout.write(help(spec));
    return Exit.OK;
  }
  if (command === 'redis' || namesJob(config)) {
    let jobs: typeof import('./redis/main.js');
    try {
      jobs = await load('redis', () => import('./redis/main.js'), `urikit ${command}`);
    } catch (e) {
      return usageError(io, (e as Error).message, command);
    }
    return jobs.runRedis(command, config, io);
  }
  const line = spec as LineCommandSpec;
  const done = line.once?.(config as never) ?? null;
  if (done !== null) {
    io.stdout.write(done.out);
    io.stderr.write(done.err);
    return done.code;
  }
  return command === 'links'
    ? runDocuments(line as LineCommandSpec<LinksSettings>, config as LinksSettings, io)
    : run(line, config as never, io);
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

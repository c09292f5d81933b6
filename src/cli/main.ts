/**
 * The `urikit` command line: arguments, help, and the run of a command over its input (on one
 * thread, or on worker threads for `--threads`). `main` takes its streams as arguments so that
 * tests run it in process; bin/urikit.js passes the real ones.
 */
import type { Readable, Writable } from 'node:stream';
import type { UriError } from '../errors.js';
import { parse } from '../uri.js';
import { type CommandName, type Config, createCommand, defaultFields, FIELDS, Walker } from './commands.js';
import { chunksOf, describeReadError, eachLines, type Input, openInput } from './input.js';
import { Progress } from './progress.js';
import { runThreads, segmentSize } from './threads.js';
import { BufferedWriter } from './writer.js';

export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Exit codes, documented in --help. */
export const Exit = Object.freeze({ OK: 0, INVALID_INPUT: 1, USAGE: 2 });

const COMMANDS: readonly CommandName[] = ['parse', 'validate', 'normalize', 'resolve', 'stats'];

const USAGE = `Usage: urikit <command> [options] [FILE|-]

Commands:
  parse      the components of each URI, as JSON lines or tab-separated values
  validate   report each invalid URI: line, index, error code, message
  normalize  the RFC 3986 normal form of each URI (--dedupe: each form once)
  resolve    each reference resolved against --base URL, or each base<TAB>href
  stats      counts by scheme, host type, host and path, and of invalid URIs

Input: FILE, or standard input when FILE is "-" or absent. Gzip data (a name
ending in .gz, or data that starts with the gzip magic bytes) is decompressed.
One URI per line ("\\n" or "\\r\\n" endings, the last line may lack one); empty
lines are skipped; an invalid line never stops the run. The input is streamed:
memory does not grow with its size.

Options of every command:
  --log combined|common  read Apache/nginx access log lines: the request target
                         and (combined) the referrer, "-" meaning none
  --log-field target|referrer|both
                         with --log, which of a line's URIs to read (both)
  --lenient              accept what logs hold where it moves no boundary:
                         space " < > \\ ^ \` { | } non-ASCII, a bad %
  --iri                  accept RFC 3987 IRIs (non-ASCII letters)
  --zone-id              accept RFC 6874 zone identifiers: [fe80::1%25eth0]
  --absolute             require a scheme
  --threads N            read a file with N worker threads (same output, in
                         input order, as one thread; a plain file only)
  -q, --quiet            no progress bar and no summary on standard error
  -h, --help             this text; "urikit COMMAND --help" for a command's

A progress bar (bytes, rate, time left) is drawn on standard error when it is
a terminal and the input is a file.

Exit codes:
  0  done (validate, normalize, resolve: and every URI was valid)
  1  validate, normalize, resolve: some URI was invalid
  2  usage error, unreadable input, or an internal error
`;

const COMMON = `Options of every command (see "urikit --help"): --log combined|common,
--log-field target|referrer|both, --lenient, --iri, --zone-id, --absolute,
--threads N, -q/--quiet, -h/--help. Exit codes: 0 done, 1 some URI invalid
(validate, normalize, resolve), 2 usage error or unreadable input.
`;

const HELP: Record<CommandName, string> = {
  parse: `Usage: urikit parse [options] [FILE|-]

The components of each URI, one JSON object per line:
  {"line":1,"href":"http://a.com/x?y","scheme":"http","userinfo":null,
   "host":"a.com","hostType":"reg-name","port":null,"path":"/x","query":"y",
   "fragment":null}
null means the component is absent, "" that it is present and empty. An
invalid URI gives {"line":N,"error":{"code":…,"index":…,"message":…}}.
With --log, each object also has "field": "target" or "referrer".

Options:
  --tsv            tab-separated values, with a header line (an absent and an
                   empty component are both empty; "error" holds the code)
  --no-header      with --tsv, no header line
  --fields LIST    the fields to write, in this order, comma-separated, of:
                   line, field, href, scheme, authority, userinfo, host,
                   hostType, port, portNumber, path, query, fragment,
                   warnings, error
                   (default: line, [field,] href, scheme, userinfo, host,
                   hostType, port, path, query, fragment[, error for --tsv])

Exit code 0 even when some lines are invalid (they are in the output).

${COMMON}`,
  validate: `Usage: urikit validate [options] [FILE|-]

Writes one line per invalid URI:
  LINE:INDEX: CODE: MESSAGE            (--log: LINE:INDEX: CODE: FIELD: MESSAGE)
  3:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"
INDEX counts characters from the start of the URI. Nothing for valid URIs; a
count on standard error at the end when some were invalid.

Options:
  --json           the reports as JSON lines, as parse writes them:
                   {"line":3,"error":{"code":"INVALID_CHAR","index":8,…}}

Exit code 1 when some URI was invalid, 0 when all were valid.

${COMMON}`,
  normalize: `Usage: urikit normalize [options] [FILE|-]

Writes the RFC 3986 normal form of each URI, one per line: scheme and host in
lower case, %XX in upper case and decoded where it encodes an unreserved
character, dot-segments removed, a default port dropped, IPv6 in RFC 5952
form. An invalid URI is reported on standard error and left out.

Options:
  --dedupe           write each normal form once, the first time it occurs
                     (so that equivalent URIs come out once)
  --dedupe-limit N   how many distinct normal forms --dedupe holds (default
                     1000000, about 100 bytes of memory each). Past it, a URI
                     among them is still left out, any other is written each
                     time (a warning says so once): nothing is ever lost.

Exit code 1 when some URI was invalid (left out), else 0.

${COMMON}`,
  resolve: `Usage: urikit resolve --base URL [options] [FILE|-]
       urikit resolve [options] [FILE|-]      (lines: base<TAB>href)

Writes the target URI of each reference (RFC 3986 §5.2, strict), one per line:
against --base URL, or, without it, each line's base (before the tab) and
reference (after it). An invalid line is reported on standard error and left
out. With --log, --base is needed: it is the site the log's targets are on.

Options:
  --base URL       the absolute URI every reference is resolved against

Exit code 1 when some line was invalid (left out), else 0.

${COMMON}`,
  stats: `Usage: urikit stats [options] [FILE|-]

Counts URIs by scheme, host type, host (lower case) and path, and invalid
ones by error code, and writes them as tables (with --log: for the request
targets and the referrers apart), or as JSON.

Hosts, paths and schemes are counted exactly while there are at most --track
distinct values of each; past that, the largest counts are kept in bounded
memory and the output marks them as approximate with their error bound (with
--threads, such estimates can differ from one thread's, within their bounds).

Options:
  --json           JSON instead of tables
  --top N          how many hosts and paths to list (default 10)
  --track N        how many distinct values of each are counted exactly
                   (default 10000)

${COMMON}`,
};

type OptionName =
  | '--log'
  | '--log-field'
  | '--lenient'
  | '--iri'
  | '--zone-id'
  | '--absolute'
  | '--threads'
  | '--quiet'
  | '--tsv'
  | '--no-header'
  | '--fields'
  | '--json'
  | '--dedupe'
  | '--dedupe-limit'
  | '--base'
  | '--top'
  | '--track';

/** Each option: whether it takes a value, and the commands that have it (all when absent). */
const OPTIONS: Record<OptionName, { value: boolean; commands?: CommandName[] }> = {
  '--log': { value: true },
  '--log-field': { value: true },
  '--lenient': { value: false },
  '--iri': { value: false },
  '--zone-id': { value: false },
  '--absolute': { value: false },
  '--threads': { value: true },
  '--quiet': { value: false },
  '--tsv': { value: false, commands: ['parse'] },
  '--no-header': { value: false, commands: ['parse'] },
  '--fields': { value: true, commands: ['parse'] },
  '--json': { value: false, commands: ['validate', 'stats'] },
  '--dedupe': { value: false, commands: ['normalize'] },
  '--dedupe-limit': { value: true, commands: ['normalize'] },
  '--base': { value: true, commands: ['resolve'] },
  '--top': { value: true, commands: ['stats'] },
  '--track': { value: true, commands: ['stats'] },
};

class UsageError extends Error {}

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
  if (command === 'help') {
    const about = rest[0];
    if (about === undefined) io.stdout.write(USAGE);
    else if (isCommand(about)) io.stdout.write(HELP[about]);
    else return usageError(io, `no help for "${about}"; the commands are ${COMMANDS.join(', ')}`, null);
    return Exit.OK;
  }
  if (!isCommand(command)) {
    const hint = command.startsWith('-') ? 'the command comes first' : `the commands are ${COMMANDS.join(', ')}`;
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
  return run(config, io);
}

function isCommand(s: string): s is CommandName {
  return (COMMANDS as readonly string[]).includes(s);
}

function usageError(io: Io, message: string, command: CommandName | null): number {
  io.stderr.write(`urikit: ${message}\nRun "urikit ${command === null ? '' : `${command} `}--help" for usage.\n`);
  return Exit.USAGE;
}

/** The options of `command`'s arguments; throws `UsageError`. */
export function configure(command: CommandName, args: readonly string[]): Config | 'help' {
  const files: string[] = [];
  const values = new Map<OptionName, string>();
  const flags = new Set<OptionName>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    let name = (eq === -1 ? arg : arg.slice(0, eq)) as OptionName;
    if ((name as string) === '-q') name = '--quiet';
    const spec = OPTIONS[name] as (typeof OPTIONS)[OptionName] | undefined;
    if (spec === undefined || (spec.commands !== undefined && !spec.commands.includes(command))) {
      const owner = spec?.commands?.join(' and ');
      throw new UsageError(`unknown option "${name}" for ${command}${owner !== undefined ? ` (it is an option of ${owner})` : ''}`);
    }
    if (!spec.value) {
      if (eq !== -1) throw new UsageError(`${name} takes no value`);
      flags.add(name);
      continue;
    }
    const value: string | undefined = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new UsageError(`${name} needs a value: ${name} ${valueName(name)}`);
    values.set(name, value);
  }
  if (files.length > 1)
    throw new UsageError(
      `${command} takes one FILE (or - for standard input), got ${files.length}: ${files.map((f) => `"${f}"`).join(' ')}`,
    );

  const log = values.get('--log') ?? null;
  if (log !== null && log !== 'combined' && log !== 'common') throw new UsageError(`--log takes "combined" or "common", not "${log}"`);
  const logField = values.get('--log-field') ?? 'both';
  if (logField !== 'both' && logField !== 'target' && logField !== 'referrer')
    throw new UsageError(`--log-field takes "target", "referrer" or "both", not "${logField}"`);
  if (values.has('--log-field') && log === null) throw new UsageError('--log-field needs --log combined|common');
  if (logField === 'referrer' && log === 'common')
    throw new UsageError('--log common lines have no referrer: use --log combined, or --log-field target');
  const tsv = flags.has('--tsv');
  let fields = defaultFields(log !== null, tsv);
  const fieldList = values.get('--fields');
  if (fieldList !== undefined) {
    fields = fieldList.split(',').map((f) => f.trim());
    fields.forEach((f, i) => {
      if (!(FIELDS as readonly string[]).includes(f))
        throw new UsageError(`unknown field "${f}" in --fields; the fields are ${FIELDS.join(', ')}`);
      if (fields.indexOf(f) !== i) throw new UsageError(`--fields names "${f}" twice`);
    });
  }
  const parseOptions = {
    lenient: flags.has('--lenient'),
    iri: flags.has('--iri'),
    zoneId: flags.has('--zone-id'),
    absolute: flags.has('--absolute'),
  };
  const base = values.get('--base') ?? null;
  if (base !== null) checkBase(base, parseOptions);
  if (command === 'resolve' && log !== null && base === null)
    throw new UsageError("resolve --log needs --base URL: the site the log's request targets are resolved against");
  return {
    command,
    file: files[0] ?? '-',
    parse: parseOptions,
    log,
    logField,
    fields,
    tsv,
    header: !flags.has('--no-header'),
    json: flags.has('--json'),
    base,
    dedupe: flags.has('--dedupe'),
    dedupeLimit: count(values, '--dedupe-limit', 1_000_000, 1, 2 ** 32),
    top: count(values, '--top', 10, 1, 1_000_000),
    track: count(values, '--track', 10_000, 1, 100_000_000),
    quiet: flags.has('--quiet'),
    threads: count(values, '--threads', 1, 1, 256),
  };
}

function valueName(name: OptionName): string {
  switch (name) {
    case '--log':
      return 'combined|common';
    case '--log-field':
      return 'target|referrer|both';
    case '--fields':
      return 'scheme,host,path,…';
    case '--base':
      return 'URL';
    default:
      return 'N';
  }
}

/** A whole number option in [min, max]. */
function count(values: Map<OptionName, string>, name: OptionName, dflt: number, min: number, max: number): number {
  const s = values.get(name);
  if (s === undefined) return dflt;
  const n = s.trim() === '' ? NaN : Number(s);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} takes a whole number from ${min} to ${max}, not "${s}"`);
  return n;
}

function checkBase(base: string, options: { lenient: boolean; iri: boolean; zoneId: boolean }): void {
  let scheme: string | undefined;
  try {
    scheme = parse(base, options).scheme;
  } catch (e) {
    throw new UsageError(`--base ${JSON.stringify(base)} is not a URI: ${(e as UriError).message}`);
  }
  if (scheme === undefined)
    throw new UsageError(
      `--base ${JSON.stringify(base)} has no scheme; a base must be an absolute URI (RFC 3986 §5.1), such as https://example.com/`,
    );
}

/** Runs the command over its input; returns the exit code. */
async function run(config: Config, io: Io): Promise<number> {
  let input: Input;
  try {
    input = await openInput(config.file);
  } catch (e) {
    io.stderr.write(`urikit: ${describeReadError(e as NodeJS.ErrnoException, config.file)}\n`);
    return Exit.USAGE;
  }
  const cmd = createCommand(config);
  const out = new BufferedWriter(io.stdout);
  const err = new BufferedWriter(io.stderr);
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const progress = !config.quiet && tty && input.size !== null && input.size > 0 ? new Progress(io.stderr, input.size) : null;
  let threads = config.threads;
  if (threads > 1 && (input.size === null || input.gzip === true)) {
    if (!config.quiet) io.stderr.write(`urikit: --threads needs a plain file (not standard input or gzip data); reading on one thread\n`);
    threads = 1;
  }
  // A file of one segment is read on one thread.
  if (threads > 1 && input.size! <= segmentSize(input.size!, threads)) threads = 1;
  cmd.begin();
  await out.flush(cmd.out);
  try {
    if (threads > 1) {
      await runThreads({ config, file: input.file, size: input.size!, threads, cmd, out, err, progress });
    } else {
      const walker = new Walker(cmd, config);
      await eachLines(
        chunksOf(input, io.stdin),
        (bytes, start, end, line) => walker.walk(bytes, start, end, line),
        async () => {
          await out.flush(cmd.out);
          if (cmd.err.size > 0) {
            progress?.clear();
            await err.flush(cmd.err);
          }
          progress?.update(input.read);
          return !out.closed;
        },
      );
    }
  } catch (e) {
    progress?.clear();
    await out.flush(cmd.out);
    await err.flush(cmd.err);
    const code = (e as NodeJS.ErrnoException).code;
    const message =
      code !== undefined ? describeReadError(e as NodeJS.ErrnoException, config.file) : `internal error: ${(e as Error).message}`;
    io.stderr.write(`urikit: ${message}\n`);
    return Exit.USAGE;
  }
  progress?.clear();
  cmd.end();
  await out.flush(cmd.out);
  await err.flush(cmd.err);
  if (out.error !== null) {
    io.stderr.write(`urikit: cannot write the output: ${out.error.message}\n`);
    return Exit.USAGE;
  }
  return cmd.exitCode();
}

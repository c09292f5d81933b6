/**
 * The words of the command line: the commands' names, every option's syntax (`OPTIONS`), what a
 * command declares of itself (`CommandSpec`: its name, its options and their help), and
 * `Arguments`, a command line cut into options and files before config.ts reads their values.
 */

/**
 * The commands, in the order `urikit --help` lists them: those that run over their input (each
 * has a module in ../commands/), then those of Redis jobs (jobs.ts, ../redis/).
 */
export const COMMAND_NAMES = ['parse', 'validate', 'normalize', 'resolve', 'stats', 'routes', 'links', 'publish', 'redis'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];
/** The commands that run over their input: each has a `LineCommandSpec` (../commands/command.ts). */
export type LineCommandName = Exclude<CommandName, 'publish' | 'redis'>;

/** How an option is written. */
interface OptionSyntax {
  /** The option takes a value, shown as this in the help (`--top N`); a flag has none. */
  readonly value?: string;
  /** How "needs a value" shows the value, when an example says more than `value` does. */
  readonly example?: string;
}

/**
 * Every option, by name, with how it is written. Which commands take it and what it does there,
 * their specs say (`CommandSpec.options`, and `COMMON` for the options of every command).
 */
export const OPTIONS = {
  '--log': { value: 'combined|common' },
  '--log-field': { value: 'target|referrer|both' },
  '--lenient': {},
  '--iri': {},
  '--zone-id': {},
  '--absolute': {},
  '--threads': { value: 'N|auto' },
  '--max-line-length': { value: 'N' },
  '--quiet': {},
  '--tsv': {},
  '--no-header': {},
  '--fields': { value: 'LIST', example: 'scheme,host,path,…' },
  '--json': {},
  '--warnings': {},
  '--confusable': {},
  '--web': {},
  '--rfc3986': {},
  '--dedupe': {},
  '--dedupe-limit': { value: 'N' },
  '--rfc-only': {},
  '--on-invalid': { value: 'skip|empty|keep' },
  '--idna': {},
  '--sort-query': {},
  '--remove-params': { value: 'LIST', example: 'NAME,utm_*,…' },
  '--remove-tracking': {},
  '--remove-fragment': {},
  '--remove-empty-query': {},
  '--base': { value: 'URL' },
  '--top': { value: 'N' },
  '--track': { value: 'N' },
  '--group-by': { value: 'host|domain|suffix' },
  '--templates': { value: 'FILE' },
  '--infer-routes': {},
  '--html': { value: 'FILE', example: 'report.html' },
  '--match': { value: 'named|exact' },
  '--warc': {},
  '--encoding': { value: 'LABEL', example: 'shift_jis' },
  '--default-encoding': { value: 'LABEL', example: 'utf-8' },
  '--max-record-size': { value: 'N' },
  '--glob': { value: 'PATTERN', example: "'**/*.html'" },
  '--files-from': { value: 'LIST' },
  '--same-site': {},
  '--normalize': { value: 'rfc3986|dedupe' },
  '--from': { value: 'redis://HOST:PORT/JOB' },
  '--to': { value: 'redis://HOST:PORT/JOB' },
  '--follow': {},
  '--claim-idle': { value: 'T', example: '60s' },
  '--max-deliveries': { value: 'N' },
  '--consumer': { value: 'NAME' },
  '--report': {},
  '--max-lag': { value: 'N' },
  '--redis': { value: 'redis://HOST:PORT' },
  '--job': { value: 'NAME' },
  '--shards': { value: 'N' },
  '--seen': { value: 'exact|digest' },
  '--expected': { value: 'N' },
  '--timeout': { value: 'T', example: '10m' },
  '--counts': {},
  '--dead': {},
  '--partial': {},
  '--prom': {},
  '--resume': { value: 'RUN' },
  '--again': {},
  '--redis-timeout': { value: 'T', example: '10m' },
  '--redis-password-file': { value: 'FILE' },
  '--tls-ca': { value: 'FILE' },
  '--tls-cert': { value: 'FILE' },
  '--tls-key': { value: 'FILE' },
  '--wait-replicas': { value: 'N' },
  '--allow-eviction': {},
} as const satisfies Record<string, OptionSyntax>;
export type OptionName = keyof typeof OPTIONS;

/** The short forms of options. */
export const ALIASES: Readonly<Record<string, OptionName>> = { '-q': '--quiet' };

/** How `name` is written. */
export function syntaxOf(name: OptionName): OptionSyntax {
  return OPTIONS[name];
}

/** One row of options in a command's help: the option (or a few written together), and what it does. */
export type OptionRow = readonly [options: OptionName | readonly OptionName[], help: string];

/** A titled group of rows in a command's help ("Options:"). */
export interface OptionSection {
  readonly title: string;
  readonly rows: readonly OptionRow[];
}

/**
 * What a command declares of itself, in one place: its name, the options it takes (those of its
 * rows, and with `common` the options of every command) and its help (help.ts lays it out).
 */
export interface CommandSpec {
  readonly name: CommandName;
  /** Its line in `urikit --help`. */
  readonly summary: string;
  /** The first lines of `urikit NAME --help`: "Usage: urikit NAME …". */
  readonly usage: string;
  /** What it does, its input and its output: text as the help shows it (at most 80 columns). */
  readonly about: string;
  readonly options: readonly OptionSection[];
  /** What its exit codes mean. */
  readonly exit?: string;
  /** It takes the options of every command (`COMMON`), which its help then names. */
  readonly common: boolean;
  /**
   * Where it stands when a usage error names the commands that take an option ("it is an option
   * of publish, normalize, and resolve"): those that write URLs first, then those that check
   * them, count them and take them apart. Each command's is its own (../commands/index.ts's
   * test checks it).
   */
  readonly rank: number;
}

/** The options of every command, as `urikit --help` shows them. */
export const COMMON: readonly OptionRow[] = [
  ['--log', 'read Apache/nginx access log lines: the request target and (combined) the referrer, "-" meaning none'],
  ['--log-field', "with --log, which of a line's URIs to read (both)"],
  ['--lenient', 'accept what logs hold where it moves no boundary: space " < > \\ ^ ` { | } non-ASCII, a bad %'],
  ['--iri', 'accept RFC 3987 IRIs (non-ASCII letters)'],
  ['--zone-id', 'accept RFC 6874 zone identifiers: [fe80::1%25eth0]'],
  ['--absolute', 'require a scheme'],
  [
    '--threads',
    'read a file on N threads: this one and N - 1 worker threads, each joining once it has started (same output, in input order, as one thread; a plain file only); auto: one per idle processor for a file of 64 MiB or more, one on a busy machine (the default is 1: no worker)',
  ],
  ['--max-line-length', 'the longest line read, in bytes (default 1048576; 0: no limit but the longest string Node.js holds)'],
  ['--quiet', 'no progress bar and no summary on standard error'],
];

/** The options that a row declares. */
export function optionsOf(row: OptionRow): readonly OptionName[] {
  return typeof row[0] === 'string' ? [row[0]] : row[0];
}

/** The options that `spec`'s rows declare. */
export function declared(spec: CommandSpec): Set<OptionName> {
  return new Set(spec.options.flatMap((s) => s.rows.flatMap(optionsOf)));
}

/** The options of every command. */
const EVERY: ReadonlySet<string> = new Set(COMMON.flatMap(optionsOf));

/** A bad command line: the message says what to do. */
export class UsageError extends Error {}

/** The options and files of a command line, before their values are checked. */
export class Arguments {
  readonly files: string[] = [];
  readonly values = new Map<OptionName, string>();
  readonly flags = new Set<OptionName>();
  help = false;

  /**
   * `args` of the command `spec`; `specs` are every command's, to name those that take an option
   * `spec` does not. The options of every command pass for every command here: `publish` and
   * `redis` refuse those they do not take themselves (jobs.ts), naming the action.
   */
  constructor(spec: CommandSpec, args: readonly string[], specs: Readonly<Record<CommandName, CommandSpec>>) {
    const own = declared(spec);
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '-h' || arg === '--help') {
        this.help = true;
        return;
      }
      if (arg === '--') {
        this.files.push(...args.slice(i + 1));
        break;
      }
      if (arg === '-' || !arg.startsWith('-')) {
        this.files.push(arg);
        continue;
      }
      const eq = arg.indexOf('=');
      const given = eq === -1 ? arg : arg.slice(0, eq);
      const name = (ALIASES[given] ?? given) as OptionName;
      if (!Object.hasOwn(OPTIONS, name) || !(EVERY.has(name) || own.has(name))) {
        const owners = EVERY.has(name)
          ? []
          : Object.values(specs)
              .filter((s) => declared(s).has(name))
              .sort((x, y) => x.rank - y.rank)
              .map((s) => s.name);
        const hint =
          owners.length === 0 ? '' : ` (it is an option of ${new Intl.ListFormat('en', { type: 'conjunction' }).format(owners)})`;
        throw new UsageError(`unknown option "${name}" for ${spec.name}${hint}`);
      }
      const syntax = syntaxOf(name);
      if (syntax.value === undefined) {
        if (eq !== -1) throw new UsageError(`${name} takes no value`);
        this.flags.add(name);
        continue;
      }
      const value: string | undefined = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`${name} needs a value: ${name} ${syntax.example ?? syntax.value}`);
      this.values.set(name, value);
    }
  }

  /** A whole number option in [min, max]. */
  count(name: OptionName, dflt: number, min: number, max: number): number {
    const s = this.values.get(name);
    if (s === undefined) return dflt;
    // Decimal digits alone: Number would also take "0x10", "1e1", "2.0" and spaces around them.
    const n = /^[0-9]+$/.test(s) ? Number(s) : NaN;
    if (!(n >= min && n <= max)) throw new UsageError(`${name} takes a whole number from ${min} to ${max}, not "${s}"`);
    return n;
  }

  /** An option that takes one of `choices` (`dflt` when not given). */
  choice<T extends string, D extends T | null>(name: OptionName, choices: readonly T[], dflt: D): T | D {
    const s = this.values.get(name);
    if (s === undefined) return dflt;
    if ((choices as readonly string[]).includes(s)) return s as T;
    const quoted = choices.map((c) => `"${c}"`);
    throw new UsageError(`${name} takes ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}, not "${s}"`);
  }

  /** Whether the option was given (a flag, or with a value). */
  has(name: OptionName): boolean {
    return this.flags.has(name) || this.values.has(name);
  }
}

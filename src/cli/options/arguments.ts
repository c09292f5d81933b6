/**
 * The command line: what a command declares of itself (`CommandSpec`), the options of every
 * command (`COMMON`) and the settings they give (`Common`), and `Arguments`, a command line cut
 * by the options its command declares, with their rules checked; `configure` makes a command's
 * settings of it. The options of one command are declared in its own module (../commands/,
 * ../redis/), with the kinds of option.ts.
 */
import { constants } from 'node:buffer';
import type { ParseOptions } from '../../syntax/scan.js';
import { show } from '../io/quote.js';
import { compileFormat, Field, FormatError } from './log-format.js';
import { choice, custom, flag, type Option, type OptionName, row, text, UsageError, whole } from './option.js';

/** A titled group of options in a command's help ("Options:"). */
export interface OptionSection {
  readonly title: string;
  readonly rows: readonly Option[];
}

/** The values of a command's options, by their keys in its declaration: a setting each. */
export type Values<O> = { readonly [K in keyof O]: O[K] extends Option<infer T> ? T : never };

/** The values of `options` read from `a`, by their keys: an option declared is a setting read. */
export function values<O extends Readonly<Record<string, Option>>>(a: Arguments, options: O): Values<O> {
  const v: Record<string, unknown> = {};
  for (const [key, o] of Object.entries(options)) v[key] = a.get(o);
  return v as Values<O>;
}

/** What every command's settings hold. */
export interface Common {
  readonly command: string;
  /** The arguments after the command: what worker threads configure themselves from. */
  readonly args: readonly string[];
  /** The input's name for messages: a file name, or "-". */
  readonly file: string;
  readonly quiet: boolean;
}

/**
 * What a command declares of itself, in one place: its name, the options it takes (those of its
 * sections, and with `common` the options of every command), its help (help.ts lays it out), and
 * how its settings are read from a command line.
 */
export interface CommandSpec<S extends Common = Common> {
  readonly name: string;
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
   * them, count them and take them apart. Each command's is its own (test/cli/registry.test.ts).
   */
  readonly rank: number;
  /**
   * Its settings, read from `a`, whose values and rules are checked before when it takes the
   * options of every command (else it checks them, `Arguments.check`). Throws `UsageError`.
   */
  settings(a: Arguments, args: readonly string[]): S;
}

/** The access log formats of `--log`, and 'custom': that of `--log-format`. */
export type LogFormat = 'common' | 'combined' | 'custom';

/**
 * Lines longer than this many bytes, past which reading one would fail anyway: the runtime's
 * longest string (a line's text is at most as long as its bytes). `--max-line-length 0` means
 * this limit.
 */
export const LONGEST_LINE = constants.MAX_STRING_LENGTH;

/** `--threads N|auto`. */
function threads(s: string): number | 'auto' {
  if (s === 'auto') return 'auto';
  try {
    return whole('--threads', s, 1, 256);
  } catch {
    throw new UsageError(`--threads takes a whole number from 1 to 256, or auto, not "${s}"`);
  }
}

/** The options of every command, in the order `urikit --help` shows them. */
export const COMMON = {
  log: choice(
    '--log',
    ['combined', 'common'],
    null,
    'read Apache/nginx access log lines: the request target and (combined) the referrer, "-" meaning none',
  ),
  logFormat: text(
    '--log-format',
    'FORMAT',
    'read access log lines of this nginx log_format ($remote_addr [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" $request_time) or Apache LogFormat (%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i" %D); variables and directives not read are skipped as fields',
    {
      example: '\'$remote_addr [$time_local] "$request" $status\'',
      excludes: [{ options: ['--log'], message: '--log and --log-format each say how log lines are written: give one of them' }],
    },
  ),
  logField: choice('--log-field', ['target', 'referrer', 'both'], 'both', "with --log, which of a line's URIs to read (both)", {
    needs: [{ options: ['--log', '--log-format'], message: '--log-field needs --log combined|common or --log-format' }],
  }),
  lenient: flag('--lenient', 'accept what logs hold where it moves no boundary: space " < > \\ ^ ` { | } non-ASCII, a bad %'),
  iri: flag('--iri', 'accept RFC 3987 IRIs (non-ASCII letters)'),
  zoneId: flag('--zone-id', 'accept RFC 6874 zone identifiers: [fe80::1%25eth0]'),
  absolute: flag('--absolute', 'require a scheme'),
  threads: custom(
    '--threads',
    'N|auto',
    1 as number | 'auto',
    threads,
    'read a file on N threads: this one and N - 1 worker threads, each joining once it has started (same output, in input order, as one thread; a plain file only); auto: one per idle processor for a file of 64 MiB or more, one on a busy machine (the default is 1: no worker)',
  ),
  maxLineLength: custom(
    '--max-line-length',
    'N',
    1 << 20,
    (s) => whole('--max-line-length', s, 0, LONGEST_LINE) || LONGEST_LINE,
    'the longest line read, in bytes (default 1048576; 0: no limit but the longest string Node.js holds)',
  ),
  quiet: flag('--quiet', 'no progress bar and no summary on standard error', { short: '-q' }),
} as const;

/** The options of every command, in their order. */
export const EVERY: readonly Option[] = Object.values(COMMON);

/** What the options of every command give a command that reads lines. */
export interface Lines extends Common {
  readonly parse: ParseOptions;
  readonly log: LogFormat | null;
  /** With `log` 'custom': the `--log-format` string (compiled by each reader); else null. */
  readonly logFormat: string | null;
  /** With `log`: which of the line's URIs are records. */
  readonly logField: 'both' | 'target' | 'referrer';
  /** Worker threads for a file (1: none), or 'auto': chosen when the run starts (see threads/pool.ts). */
  readonly threads: number | 'auto';
  /** The longest line read, in bytes (`--max-line-length`; 0 there means the runtime's limit). */
  readonly maxLineLength: number;
}

/**
 * The options of every command read from `a`, for `command` run with `args`. A command other than
 * links takes one FILE at most.
 */
export function lines(command: string, a: Arguments, args: readonly string[], many = false): Lines {
  if (a.files.length > 1 && !many)
    throw new UsageError(
      `${command} takes one FILE (or - for standard input), got ${a.files.length}: ${a.files.map((f) => `"${f}"`).join(' ')}`,
    );
  const logFormat = a.get(COMMON.logFormat);
  const log: LogFormat | null = logFormat !== null ? 'custom' : a.get(COMMON.log);
  const logField = a.get(COMMON.logField);
  if (logField === 'referrer' && log === 'common')
    throw new UsageError('--log common lines have no referrer: use --log combined, or --log-field target');
  if (logFormat !== null) {
    let has: ReadonlySet<Field>;
    try {
      has = compileFormat(logFormat).has;
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      throw new UsageError(`--log-format: ${e.message}, at index ${e.index} of ${show(logFormat)}`);
    }
    if (logField === 'referrer' && !has.has(Field.REFERRER))
      throw new UsageError('--log-format: the format has no referrer ($http_referer, %{Referer}i) for --log-field referrer');
  }
  return {
    command,
    args,
    file: a.files[0] ?? '-',
    quiet: a.get(COMMON.quiet),
    parse: { lenient: a.get(COMMON.lenient), iri: a.get(COMMON.iri), zoneId: a.get(COMMON.zoneId), absolute: a.get(COMMON.absolute) },
    log,
    logFormat,
    logField,
    threads: a.get(COMMON.threads),
    maxLineLength: a.get(COMMON.maxLineLength),
  };
}

/** The options that `spec` declares, by name, with those written on their rows. */
export function declared(spec: CommandSpec): Map<string, Option> {
  return new Map(spec.options.flatMap((s) => s.rows.flatMap(row)).map((o) => [o.name, o]));
}

/** The options of every command, by name. */
const EVERY_BY_NAME: ReadonlyMap<string, Option> = new Map(EVERY.map((o) => [o.name, o]));

/** The options and files of a command line, cut by the options of its command. */
export class Arguments {
  readonly files: string[] = [];
  readonly values = new Map<OptionName, string>();
  readonly flags = new Set<OptionName>();
  help = false;
  /** The options this command line may hold: the command's own, then those of every command. */
  private readonly options: ReadonlyMap<string, Option>;
  /** The options whose rules `check` checks: the command's own, and those of every command when it takes them. */
  private readonly ruled: readonly Option[];

  /**
   * `args` of the command `spec`; `specs` are every command's, to name those that take an option
   * `spec` does not. The options of every command pass for every command here: `publish` and
   * `redis` refuse those they do not take themselves, naming the action.
   */
  constructor(spec: CommandSpec, args: readonly string[], specs: readonly CommandSpec[]) {
    const own = declared(spec);
    this.options = new Map([...own, ...EVERY_BY_NAME]);
    this.ruled = spec.common ? [...this.options.values()] : [...own.values()];
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
      const option = this.options.get(given) ?? EVERY.find((o) => o.short === given);
      const name = option?.name ?? given;
      if (option === undefined) {
        const owners = specs
          .filter((s) => declared(s).has(name))
          .sort((x, y) => x.rank - y.rank)
          .map((s) => s.name);
        const hint =
          owners.length === 0 ? '' : ` (it is an option of ${new Intl.ListFormat('en', { type: 'conjunction' }).format(owners)})`;
        throw new UsageError(`unknown option "${name}" for ${spec.name}${hint}`);
      }
      if (option.value === undefined) {
        if (eq !== -1) throw new UsageError(`${name} takes no value`);
        this.flags.add(option.name);
        continue;
      }
      const value: string | undefined = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`${name} needs a value: ${name} ${option.example ?? option.value}`);
      this.values.set(option.name, value);
    }
  }

  /** Whether the option was given (a flag, or with a value). */
  has(name: OptionName): boolean {
    return this.flags.has(name) || this.values.has(name);
  }

  /** The values parsed, by option (a file an option names is read once). */
  private readonly parsed = new Map<Option, unknown>();

  /** The value of `option`: parsed when given, its default when not. */
  get<T>(option: Option<T>): T {
    if (!this.has(option.name)) return option.default;
    if (this.parsed.has(option)) return this.parsed.get(option) as T;
    const value = option.parse(this.values.get(option.name) ?? '');
    this.parsed.set(option, value);
    return value;
  }

  /** Refuses every option given but those `allowed` (`publish` and `redis` take few of the options of every command). */
  only(allowed: ReadonlySet<string>, what: string, hint: (name: OptionName) => string): void {
    for (const name of [...this.values.keys(), ...this.flags])
      if (!allowed.has(name)) throw new UsageError(`unknown option "${name}" for ${what}${hint(name)}`);
  }

  /**
   * Parses the value of each option given, then throws the message of the first rule that the
   * options given break, in the order they are declared.
   */
  check(): void {
    for (const o of this.ruled) if (this.has(o.name)) this.get(o);
    this.rules(this.ruled);
  }

  /** Throws the message of the first rule of `options` that the options given break. */
  rules(options: readonly Option[]): void {
    for (const o of options) {
      if (!this.has(o.name)) continue;
      for (const r of o.needs ?? []) if (!r.options.some((n) => this.has(n))) throw new UsageError(r.message);
      for (const r of o.excludes ?? []) if (r.options.some((n) => this.has(n))) throw new UsageError(r.message);
    }
  }
}

/**
 * The settings of `spec` run with `args`, or `'help'` when they ask for it; `specs` are every
 * command's. Throws `UsageError` with a message that says what to do.
 * @example
 * configure(statsCommand, ['--log', 'combined', 'access.log'], SPECS).log; // 'combined'
 */
export function configure<S extends Common>(spec: CommandSpec<S>, args: readonly string[], specs: readonly CommandSpec[]): S | 'help' {
  const a = new Arguments(spec, args, specs);
  if (a.help) return 'help';
  // A command that takes few of the options of every command checks them once it has refused the others.
  if (spec.common) a.check();
  return spec.settings(a, args);
}

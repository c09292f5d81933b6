/**
 * Options → a typed `Config`. Each option is declared once in `OPTIONS` (whether it takes a
 * value, which commands have it); `configure` reads a command's arguments, checks every value and
 * its combinations, and returns the `Config` that the driver, the walker and the command read.
 * Worker threads call `configure` again with the same arguments (a `Config` holds parsed values
 * such as the `--base` URI, which do not cross a thread boundary as plain data).
 */
import { DEDUPE_PRESET, type DedupeOptions, TRACKING_PARAMS } from '../ops/dedupe.js';
import type { UriError } from '../syntax/errors.js';
import type { ParseOptions } from '../syntax/scan.js';
import { parse, type Uri } from '../uri.js';
import { defaultFields, FIELDS } from './commands/parse.js';
import type { LogFormat } from './log.js';
import { type RedisOptions, redisOptions } from './redis/options.js';
import { readTemplates, type Templates } from './templates.js';
import { LONGEST_LINE } from './walker.js';

/**
 * The commands: those that run over lines (their modules are in ./commands/, listed in
 * ./commands/index.ts), then those of Redis jobs (./redis/).
 */
export const COMMAND_NAMES = ['parse', 'validate', 'normalize', 'resolve', 'stats', 'links', 'publish', 'redis'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];
/** The commands that run over lines: each has a `CommandSpec`. */
export type LineCommandName = Exclude<CommandName, 'publish' | 'redis'>;

/** Everything a run needs to know, read from the command line. */
export interface Config {
  command: CommandName;
  /** The arguments after the command: what worker threads configure themselves from. */
  args: readonly string[];
  /** The input's name for messages: a file name, or "-". */
  file: string;
  parse: ParseOptions;
  log: LogFormat | null;
  /** With `log`: which of the line's URIs are records. */
  logField: 'both' | 'target' | 'referrer';
  /** parse: the fields written, in order. */
  fields: string[];
  /** parse: tab-separated values instead of JSON lines; `header` writes the field names first. */
  tsv: boolean;
  header: boolean;
  /** validate, stats, links: JSON output. */
  json: boolean;
  /** validate: report the valid records that lenient mode kept something in, too. */
  warnings: boolean;
  /** resolve: the base URI, parsed (null: `base<TAB>href` lines); links: the retrieval URI of an HTML input. */
  base: Uri | null;
  /** normalize, resolve: what an invalid record gives in the output: nothing, an empty line, its text. */
  onInvalid: 'skip' | 'empty' | 'keep';
  /** normalize, links: leave out URIs equal (normalize: equivalent) to an earlier one; the exact set holds `dedupeLimit`. */
  dedupe: boolean;
  dedupeLimit: number;
  /** normalize: the dedupe steps past RFC 3986 (DEDUPE_PRESET with --dedupe), or none. */
  normalize: DedupeOptions | undefined;
  /** stats: how many values each top list shows, and how many values are counted exactly. */
  top: number;
  track: number;
  /** stats, parse: the URI Templates that request targets are matched against (`--templates FILE`), or null. */
  templates: Templates | null;
  /** stats: what hosts are counted by: the host, its registrable domain, or its public suffix. */
  groupBy: 'host' | 'domain' | 'suffix';
  /** links: the input is WARC (also when the file's name ends in .warc or .warc.gz). */
  warc: boolean;
  /** links: only links to the page's site (its registrable domain, else its host). */
  sameSite: boolean;
  /** links: the normal form each resolved link is written in (`--normalize`), or null. */
  linkForm: 'rfc3986' | 'dedupe' | null;
  quiet: boolean;
  /** Worker threads for a file (1: none), or 'auto': chosen when the run starts (see threads.ts). */
  threads: number | 'auto';
  /** The longest line read, in bytes (`--max-line-length`; 0 there means the runtime's limit). */
  maxLineLength: number;
  /** Redis jobs: --from, --to, the workers' settings, `urikit redis ACTION` (redis/options.ts). */
  redis: RedisOptions;
}

/** A bad command line: the message says what to do. */
export class UsageError extends Error {}

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
  | '--rfc-only'
  | '--idna'
  | '--sort-query'
  | '--remove-params'
  | '--remove-tracking'
  | '--remove-fragment'
  | '--remove-empty-query'
  | '--base'
  | '--top'
  | '--track'
  | '--max-line-length'
  | '--group-by'
  | '--templates'
  | '--warc'
  | '--same-site'
  | '--normalize'
  | '--warnings'
  | '--on-invalid'
  | '--from'
  | '--to'
  | '--follow'
  | '--claim-idle'
  | '--max-deliveries'
  | '--consumer'
  | '--report'
  | '--max-lag'
  | '--redis'
  | '--job'
  | '--shards'
  | '--seen'
  | '--expected'
  | '--timeout'
  | '--counts'
  | '--dead';

interface OptionSpec {
  /** The option takes a value: `--name VALUE` or `--name=VALUE`. */
  value: boolean;
  /** The commands that have it; every command when absent. */
  commands?: readonly CommandName[];
  /** How the value is shown in "needs a value" messages. */
  shape?: string;
}

/** The commands that read a job's input with --from. */
const WORKERS: readonly CommandName[] = ['normalize', 'resolve', 'validate', 'stats'];

/** Every option. A new one is declared here, read in `configure`, and documented in help.ts. */
const OPTIONS: Record<OptionName, OptionSpec> = {
  '--log': { value: true, shape: 'combined|common' },
  '--log-field': { value: true, shape: 'target|referrer|both' },
  '--lenient': { value: false },
  '--iri': { value: false },
  '--zone-id': { value: false },
  '--absolute': { value: false },
  '--threads': { value: true, shape: 'N|auto' },
  '--quiet': { value: false },
  '--tsv': { value: false, commands: ['parse'] },
  '--no-header': { value: false, commands: ['parse'] },
  '--fields': { value: true, commands: ['parse'], shape: 'scheme,host,path,…' },
  '--json': { value: false, commands: ['validate', 'stats', 'links', 'redis'] },
  '--dedupe': { value: false, commands: ['normalize', 'links'] },
  '--dedupe-limit': { value: true, commands: ['normalize', 'links'] },
  '--base': { value: true, commands: ['resolve', 'links'], shape: 'URL' },
  '--warc': { value: false, commands: ['links'] },
  '--same-site': { value: false, commands: ['links'] },
  '--normalize': { value: true, commands: ['links'], shape: 'rfc3986|dedupe' },
  '--rfc-only': { value: false, commands: ['normalize'] },
  '--idna': { value: false, commands: ['normalize'] },
  '--sort-query': { value: false, commands: ['normalize'] },
  '--remove-params': { value: true, commands: ['normalize'], shape: 'NAME,utm_*,…' },
  '--remove-tracking': { value: false, commands: ['normalize'] },
  '--remove-fragment': { value: false, commands: ['normalize'] },
  '--remove-empty-query': { value: false, commands: ['normalize'] },
  '--top': { value: true, commands: ['stats'] },
  '--track': { value: true, commands: ['stats'] },
  '--max-line-length': { value: true },
  '--group-by': { value: true, commands: ['stats'], shape: 'host|domain|suffix' },
  '--templates': { value: true, commands: ['stats', 'parse'], shape: 'FILE' },
  '--warnings': { value: false, commands: ['validate'] },
  '--on-invalid': { value: true, commands: ['normalize', 'resolve'], shape: 'skip|empty|keep' },
  // Redis jobs (checked in redis/options.ts)
  '--from': { value: true, commands: WORKERS, shape: 'redis://HOST:PORT/JOB' },
  '--to': { value: true, commands: ['publish', 'normalize', 'resolve'], shape: 'redis://HOST:PORT/JOB' },
  '--follow': { value: false, commands: WORKERS },
  '--claim-idle': { value: true, commands: WORKERS, shape: '60s' },
  '--max-deliveries': { value: true, commands: WORKERS },
  '--consumer': { value: true, commands: WORKERS, shape: 'NAME' },
  '--report': { value: false, commands: ['stats'] },
  '--max-lag': { value: true, commands: ['publish'] },
  '--redis': { value: true, commands: ['redis'], shape: 'redis://HOST:PORT' },
  '--job': { value: true, commands: ['redis'], shape: 'NAME' },
  '--shards': { value: true, commands: ['redis'] },
  '--seen': { value: true, commands: ['redis'], shape: 'exact|digest' },
  '--expected': { value: true, commands: ['redis'] },
  '--timeout': { value: true, commands: ['redis'], shape: '10m' },
  '--counts': { value: false, commands: ['redis'] },
  '--dead': { value: false, commands: ['redis'] },
};

const ALIASES: Readonly<Record<string, OptionName>> = { '-q': '--quiet' };

/** The options and files of a command line, before their values are checked. */
export class Arguments {
  readonly files: string[] = [];
  readonly values = new Map<OptionName, string>();
  readonly flags = new Set<OptionName>();
  help = false;

  constructor(command: CommandName, args: readonly string[]) {
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
      const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined;
      if (spec === undefined || (spec.commands !== undefined && !spec.commands.includes(command))) {
        const owner = spec?.commands === undefined ? undefined : new Intl.ListFormat('en', { type: 'conjunction' }).format(spec.commands);
        throw new UsageError(`unknown option "${name}" for ${command}${owner !== undefined ? ` (it is an option of ${owner})` : ''}`);
      }
      if (!spec.value) {
        if (eq !== -1) throw new UsageError(`${name} takes no value`);
        this.flags.add(name);
        continue;
      }
      const value: string | undefined = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`${name} needs a value: ${name} ${spec.shape ?? 'N'}`);
      this.values.set(name, value);
    }
  }

  /** A whole number option in [min, max]. */
  count(name: OptionName, dflt: number, min: number, max: number): number {
    const s = this.values.get(name);
    if (s === undefined) return dflt;
    const n = s.trim() === '' ? NaN : Number(s);
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} takes a whole number from ${min} to ${max}, not "${s}"`);
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
}

/**
 * The `Config` of `command` run with `args`, or `'help'` when they ask for it. Throws
 * `UsageError` with a message that says what to do.
 * @example
 * configure('stats', ['--log', 'combined', 'access.log']).log; // 'combined'
 */
export function configure(command: CommandName, args: readonly string[]): Config | 'help' {
  const a = new Arguments(command, args);
  if (a.help) return 'help';
  const redis = redisOptions(command, a);
  if (a.files.length > 1)
    throw new UsageError(
      `${command} takes one FILE (or - for standard input), got ${a.files.length}: ${a.files.map((f) => `"${f}"`).join(' ')}`,
    );

  const log = a.choice('--log', ['combined', 'common'], null);
  const logField = a.choice('--log-field', ['target', 'referrer', 'both'], 'both');
  if (a.values.has('--log-field') && log === null) throw new UsageError('--log-field needs --log combined|common');
  if (logField === 'referrer' && log === 'common')
    throw new UsageError('--log common lines have no referrer: use --log combined, or --log-field target');
  const groupBy = a.choice('--group-by', ['host', 'domain', 'suffix'], 'host');
  if (command === 'links' && log !== null) throw new UsageError('links reads HTML documents or WARC files; --log does not apply');
  const tsv = a.flags.has('--tsv');
  const parseOptions: ParseOptions = {
    lenient: a.flags.has('--lenient'),
    iri: a.flags.has('--iri'),
    zoneId: a.flags.has('--zone-id'),
    absolute: a.flags.has('--absolute'),
  };
  const onInvalid = a.choice('--on-invalid', ['skip', 'empty', 'keep'], 'skip');
  if (onInvalid !== 'skip' && a.flags.has('--dedupe'))
    throw new UsageError(`--on-invalid ${onInvalid} writes one line per input line, which --dedupe does not: give one of them`);
  if (onInvalid !== 'skip' && log !== null && logField === 'both')
    throw new UsageError(
      `--on-invalid ${onInvalid} with --log needs --log-field target or referrer: one URI per log line, one output line for it`,
    );
  if (a.flags.has('--warnings') && !parseOptions.lenient)
    throw new UsageError('--warnings needs --lenient: only lenient mode accepts a URI with something to warn about');
  const templatesFile = a.values.get('--templates');
  if (templatesFile !== undefined && redis.from !== null)
    throw new UsageError("--templates does not go with --from: a job's counts are kept in Redis, where templates have no place yet");
  const templates = templatesFile === undefined ? null : readTemplates(templatesFile);
  const baseText = a.values.get('--base');
  const base = baseText === undefined ? null : parseBase(baseText, parseOptions);
  if (command === 'resolve' && log !== null && base === null)
    throw new UsageError("resolve --log needs --base URL: the site the log's request targets are resolved against");
  return {
    command,
    args,
    file: a.files[0] ?? '-',
    parse: parseOptions,
    log,
    logField,
    fields: fields(a.values.get('--fields'), log !== null, tsv, parseOptions.lenient === true, templates !== null),
    tsv,
    header: !a.flags.has('--no-header'),
    json: a.flags.has('--json'),
    warnings: a.flags.has('--warnings'),
    base,
    onInvalid,
    dedupe: a.flags.has('--dedupe'),
    dedupeLimit: a.count('--dedupe-limit', 1_000_000, 1, 2 ** 32),
    normalize: normalizeOptions(a),
    top: a.count('--top', 10, 1, 1_000_000),
    track: a.count('--track', 10_000, 1, 100_000_000),
    templates,
    groupBy,
    warc: a.flags.has('--warc'),
    sameSite: a.flags.has('--same-site'),
    linkForm: linkForm(a.values.get('--normalize')),
    quiet: a.flags.has('--quiet'),
    threads: threads(a),
    maxLineLength: a.count('--max-line-length', 1 << 20, 0, LONGEST_LINE) || LONGEST_LINE,
    redis,
  };
}

/** `links --normalize PRESET`: the normal form of the links written. */
function linkForm(preset: string | undefined): Config['linkForm'] {
  if (preset === undefined) return null;
  if (preset !== 'rfc3986' && preset !== 'dedupe')
    throw new UsageError(
      `--normalize takes "rfc3986" (the RFC 3986 normal form of each link) or "dedupe" (the crawler's canonical form: DEDUPE_PRESET), not "${preset}"`,
    );
  return preset;
}

/**
 * normalize's steps past RFC 3986: `--dedupe` and `--to` turn on DEDUPE_PRESET (unless `--rfc-only`),
 * each `--idna`, `--sort-query`, `--remove-*` one more; undefined for the plain normal form.
 */
function normalizeOptions(a: Arguments): DedupeOptions | undefined {
  const rfcOnly = a.flags.has('--rfc-only');
  // --to a job's frontier keeps each URL once, as --dedupe does: in the same form.
  const dedupe = a.flags.has('--dedupe') || a.values.has('--to');
  if (rfcOnly && !dedupe) throw new UsageError('--rfc-only goes with --dedupe or --to (normal forms compared without the dedupe preset)');
  const o: DedupeOptions = dedupe && !rfcOnly ? { ...DEDUPE_PRESET } : {};
  if (a.flags.has('--idna')) o.idna = true;
  if (a.flags.has('--sort-query')) o.sortQuery = true;
  if (a.flags.has('--remove-fragment')) o.removeFragment = true;
  if (a.flags.has('--remove-empty-query')) o.removeEmptyQuery = true;
  const names = (a.values.get('--remove-params') ?? '').split(',').map((n) => n.trim());
  if (a.values.has('--remove-params') && names.some((n) => n === ''))
    throw new UsageError(
      `--remove-params takes a comma-separated list of names (a "*" matches any text), not "${a.values.get('--remove-params')}"`,
    );
  const remove = [
    ...(o.removeQueryParams ?? []),
    ...(a.flags.has('--remove-tracking') ? TRACKING_PARAMS : []),
    ...(a.values.has('--remove-params') ? names : []),
  ];
  if (remove.length > 0) o.removeQueryParams = remove;
  return Object.keys(o).length > 0 ? o : undefined;
}

/** `--threads N|auto`. */
function threads(a: Arguments): number | 'auto' {
  const s = a.values.get('--threads');
  if (s === 'auto') return 'auto';
  try {
    return a.count('--threads', 1, 1, 256);
  } catch {
    throw new UsageError(`--threads takes a whole number from 1 to 256, or auto, not "${s}"`);
  }
}

/** `--fields LIST`, checked, or the default fields. */
function fields(list: string | undefined, log: boolean, tsv: boolean, lenient: boolean, templates: boolean): string[] {
  if (list === undefined) return defaultFields(log, tsv, lenient, templates);
  const names = list.split(',').map((f) => f.trim());
  names.forEach((f, i) => {
    if (!(FIELDS as readonly string[]).includes(f))
      throw new UsageError(`unknown field "${f}" in --fields; the fields are ${FIELDS.join(', ')}`);
    if (names.indexOf(f) !== i) throw new UsageError(`--fields names "${f}" twice`);
    if ((f === 'template' || f === 'variables') && !templates)
      throw new UsageError(`--fields ${f} needs --templates FILE: the templates the records are matched against`);
  });
  return names;
}

/** `--base URL`: an absolute URI, parsed once here. */
function parseBase(text: string, options: ParseOptions): Uri {
  let base: Uri;
  try {
    base = parse(text, options);
  } catch (e) {
    throw new UsageError(`--base ${JSON.stringify(text)} is not a URI: ${(e as UriError).message}`);
  }
  if (base.scheme === undefined)
    throw new UsageError(
      `--base ${JSON.stringify(text)} has no scheme; a base must be an absolute URI (RFC 3986 §5.1), such as https://example.com/`,
    );
  return base;
}

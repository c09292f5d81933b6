/**
 * A command line read into a typed `Config`: `configure` takes a command's arguments (cut by
 * `Arguments`), checks every value and their combinations, and returns what the driver, the
 * readers and the command read. Worker threads call `configure` again with the same arguments (a
 * `Config` holds parsed values such as the `--base` URI, which do not cross a thread boundary as
 * plain data).
 */
import { constants } from 'node:buffer';
import type { Grammar } from '../../links/resolve.js';
import { DEDUPE_PRESET, type DedupeOptions, TRACKING_PARAMS } from '../../ops/dedupe.js';
import type { UriError } from '../../syntax/errors.js';
import type { ParseOptions } from '../../syntax/scan.js';
import { parse, parseWeb, type Uri } from '../../uri.js';
import { Arguments, type CommandName, type CommandSpec, type OptionName, UsageError } from './arguments.js';
import { defaultFields, FIELDS, type Field, fieldNamed } from './fields.js';
import { type RedisOptions, redisOptions } from './jobs.js';
import { readTemplates, type Templates } from './templates.js';

/** Everything a run needs to know, read from the command line. */
export interface Config {
  command: CommandName;
  /** The arguments after the command: what worker threads configure themselves from. */
  args: readonly string[];
  /** The input's name for messages: a file name, or "-". */
  file: string;
  /** links: every input named (files, directories, "-"); the others take one, `file`. */
  files: string[];
  parse: ParseOptions;
  log: LogFormat | null;
  /** With `log`: which of the line's URIs are records. */
  logField: 'both' | 'target' | 'referrer';
  /** parse: the fields written, in order. */
  fields: Field[];
  /** parse: tab-separated values instead of JSON lines; `header` writes the field names first. */
  tsv: boolean;
  header: boolean;
  /** validate, stats, links: JSON output. */
  json: boolean;
  /** validate: report the valid records that lenient mode kept something in, too. */
  warnings: boolean;
  /** validate: report the records that RFC 3986 and the URL Standard read differently, instead of invalid ones. */
  confusable: boolean;
  /** normalize, stats: read each URI as the URL Standard's parser does (`parseWeb`), not as RFC 3986 does. */
  web: boolean;
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
  /** stats: count valid URIs by the routes found in their paths (`--infer-routes`; always for `routes`). */
  inferRoutes: boolean;
  /** stats: the HTML report's file (`--html FILE`), or null. */
  html: string | null;
  /** stats: what hosts are counted by: the host, its registrable domain, or its public suffix. */
  groupBy: 'host' | 'domain' | 'suffix';
  /** links: the input is WARC (also when the file's name ends in .warc or .warc.gz). */
  warc: boolean;
  /** links: the encoding label that overrides what documents say (`--encoding`), or null; the default one. */
  encoding: string | null;
  defaultEncoding: string;
  /** links: the largest WARC record read, and the most its content may decode to, in bytes. */
  maxRecordSize: number;
  /** links: the files of a directory read (`--glob`; null: .html, .htm, .xhtml, .warc, .warc.gz), and a list of inputs (`--files-from`). */
  glob: string | null;
  filesFrom: string | null;
  /** links: only links to the page's site (its registrable domain, else its host). */
  sameSite: boolean;
  /** links: the normal form each resolved link is written in (`--normalize`), or null. */
  linkForm: 'rfc3986' | 'dedupe' | null;
  /** links: the grammar links are resolved in: the URL Standard's parser, as browsers, unless `--rfc3986`. */
  linkGrammar: Grammar;
  quiet: boolean;
  /** Worker threads for a file (1: none), or 'auto': chosen when the run starts (see threads/pool.ts). */
  threads: number | 'auto';
  /** The longest line read, in bytes (`--max-line-length`; 0 there means the runtime's limit). */
  maxLineLength: number;
  /** Redis jobs: --from, --to, the workers' settings, `urikit redis ACTION` (jobs.ts). */
  redis: RedisOptions;
}

/** The access log formats of `--log`. */
export type LogFormat = 'common' | 'combined';

/**
 * Lines longer than this many bytes, past which reading one would fail anyway: the runtime's
 * longest string (a line's text is at most as long as its bytes). `--max-line-length 0` means
 * this limit.
 */
export const LONGEST_LINE = constants.MAX_STRING_LENGTH;

/**
 * The `Config` of `command` run with `args`, or `'help'` when they ask for it; `specs` declare
 * the options of each command. Throws `UsageError` with a message that says what to do.
 * @example
 * configure('stats', ['--log', 'combined', 'access.log'], SPECS).log; // 'combined'
 */
export function configure(
  command: CommandName,
  args: readonly string[],
  specs: Readonly<Record<CommandName, CommandSpec>>,
): Config | 'help' {
  const a = new Arguments(specs[command], args, specs);
  if (a.help) return 'help';
  const redis = redisOptions(command, a);
  if (a.files.length > 1 && command !== 'links')
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
  if (a.flags.has('--warnings') && !parseOptions.lenient && command !== 'links')
    throw new UsageError('--warnings needs --lenient: only lenient mode accepts a URI with something to warn about');
  const confusable = a.flags.has('--confusable');
  if (confusable && a.flags.has('--warnings'))
    throw new UsageError(
      '--confusable reports the URIs read differently, --warnings those lenient mode kept something in: give one of them',
    );
  const web = a.flags.has('--web');
  if (web) webCombinations(a, log, logField);
  const templatesFile = a.values.get('--templates');
  if (templatesFile !== undefined && redis.from !== null)
    throw new UsageError("--templates does not go with --from: a job's counts are kept in Redis, where templates have no place yet");
  const inferRoutes = command === 'routes' || a.flags.has('--infer-routes');
  const html = a.values.get('--html') ?? null;
  if (inferRoutes && templatesFile !== undefined)
    throw new UsageError(
      '--infer-routes and --templates each count URIs by route: give one of them (urikit routes writes a templates file from the routes found)',
    );
  if (redis.from !== null && (a.flags.has('--infer-routes') || html !== null))
    throw new UsageError(
      `${html !== null ? '--html' : '--infer-routes'} does not go with --from: a job's counts are kept in Redis, where routes and times have no place yet`,
    );
  if (html === '') throw new UsageError('--html needs a file name: --html report.html');
  if (command === 'routes' && logField === 'referrer')
    throw new UsageError("routes finds the routes of a log's request targets: --log-field referrer has none of this site's");
  const match = a.choice('--match', ['named', 'exact'], 'named');
  if (a.values.has('--match') && templatesFile === undefined)
    throw new UsageError('--match needs --templates FILE: it says how the templates read a query');
  const templates = templatesFile === undefined ? null : readTemplates(templatesFile, match);
  const baseText = a.values.get('--base');
  const base = baseText === undefined ? null : parseBase(baseText, parseOptions);
  const linkGrammar = a.flags.has('--rfc3986') ? 'rfc3986' : 'web';
  if (command === 'links' && linkGrammar === 'web' && base !== null) webBaseCheck(baseText!);
  if (command === 'resolve' && log !== null && base === null)
    throw new UsageError("resolve --log needs --base URL: the site the log's request targets are resolved against");
  return {
    command,
    args,
    file: a.files[0] ?? '-',
    files: a.files.length === 0 && !a.values.has('--files-from') ? ['-'] : a.files,
    parse: parseOptions,
    log,
    logField,
    fields: fields(a.values.get('--fields'), log !== null, tsv, parseOptions.lenient === true, templates !== null),
    tsv,
    header: !a.flags.has('--no-header'),
    json: a.flags.has('--json'),
    warnings: a.flags.has('--warnings'),
    confusable,
    web,
    base,
    onInvalid,
    dedupe: a.flags.has('--dedupe'),
    dedupeLimit: a.count('--dedupe-limit', 1_000_000, 1, 2 ** 32),
    // --web writes the URL Standard's serialization: --dedupe compares those as they are.
    normalize: web ? undefined : normalizeOptions(a),
    top: a.count('--top', 10, 1, 1_000_000),
    track: a.count('--track', 10_000, 1, 100_000_000),
    templates,
    inferRoutes,
    html,
    groupBy,
    warc: a.flags.has('--warc'),
    encoding: a.values.get('--encoding') ?? null,
    defaultEncoding: a.values.get('--default-encoding') ?? 'windows-1252',
    maxRecordSize: a.count('--max-record-size', 64 << 20, 1, 2 ** 31),
    glob: a.values.get('--glob') ?? null,
    filesFrom: a.values.get('--files-from') ?? null,
    sameSite: a.flags.has('--same-site'),
    linkForm: linkForm(a.values.get('--normalize')),
    linkGrammar,
    quiet: a.flags.has('--quiet'),
    threads: threads(a),
    maxLineLength: a.count('--max-line-length', 1 << 20, 0, LONGEST_LINE) || LONGEST_LINE,
    redis,
  };
}

/**
 * `--web` reads URLs as the URL Standard's parser does: not request targets (which are no URL
 * until a server names its host), not RFC 3986's steps of normalize, not a Redis job, not routes.
 */
function webCombinations(a: Arguments, log: LogFormat | null, logField: Config['logField']): void {
  if (log !== null && logField !== 'referrer')
    throw new UsageError(
      "--web reads URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
    );
  const steps = [
    '--idna',
    '--sort-query',
    '--remove-params',
    '--remove-tracking',
    '--remove-fragment',
    '--remove-empty-query',
    '--rfc-only',
  ];
  const other = [...steps, '--from', '--to', '--templates', '--infer-routes'].find(
    (o) => a.flags.has(o as OptionName) || a.values.has(o as OptionName),
  );
  if (other !== undefined)
    throw new UsageError(
      steps.includes(other)
        ? `${other} is a step past RFC 3986's normal form, and --web writes the URL Standard's serialization: give one of them`
        : `--web does not go with ${other}`,
    );
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
function fields(list: string | undefined, log: boolean, tsv: boolean, lenient: boolean, templates: boolean): Field[] {
  if (list === undefined) return defaultFields(log, tsv, lenient, templates);
  const names = list.split(',').map((f) => f.trim());
  return names.map((name, i) => {
    const f = fieldNamed(name);
    if (f === undefined) throw new UsageError(`unknown field "${name}" in --fields; the fields are ${FIELDS.join(', ')}`);
    if (names.indexOf(name) !== i) throw new UsageError(`--fields names "${name}" twice`);
    if ((f === 'template' || f === 'variables') && !templates)
      throw new UsageError(`--fields ${f} needs --templates FILE: the templates the records are matched against`);
    return f;
  });
}

/** `--base URL`: an absolute URI, parsed once here. */
/** links: the pages are resolved as browsers resolve them, so `--base` must be a URL to the URL Standard too. */
function webBaseCheck(text: string): void {
  try {
    parseWeb(text);
  } catch (e) {
    throw new UsageError(
      `--base ${JSON.stringify(text)} is no URL to the URL Standard, which links are resolved in (--rfc3986 resolves them in RFC 3986): ${(e as UriError).message}`,
    );
  }
}

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

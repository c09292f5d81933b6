/**
 * The commands, each a `Command` fed one record at a time by a `Walker`, which walks the complete
 * lines of a chunk of input: a plain input's lines with a `LineScanner` (one per chunk), log lines
 * and `base<TAB>href` lines with `ByteView`s over their parts. Commands write to `out` and
 * `err` (`Out`), which the driver flushes after each chunk. The same classes run in worker
 * threads, each over its share of a file; `state()` and `merge()` carry the counts back.
 */
import { ByteView, LineScanner } from '../batch.js';
import { UriError } from '../errors.js';
import { normalize } from '../normalize.js';
import { WARNING_FLAGS } from '../offsets.js';
import { resolve } from '../resolve.js';
import type { ParseOptions } from '../scan.js';
import { parse, type Uri } from '../uri.js';
import { type LogFormat, LogLine } from './log.js';
import { Stats, type StatsData } from './stats.js';
import { Out } from './writer.js';

export type CommandName = 'parse' | 'validate' | 'normalize' | 'resolve' | 'stats';

/** Everything a command needs to know, as plain data (it is sent to worker threads). */
export interface Config {
  command: CommandName;
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
  /** validate, stats: JSON output. */
  json: boolean;
  /** resolve: the base URI (null: `base<TAB>href` lines). */
  base: string | null;
  /** normalize: leave out URIs equivalent to an earlier one; the exact set holds `dedupeLimit`. */
  dedupe: boolean;
  dedupeLimit: number;
  /** stats: how many values each top list shows, and how many values are counted exactly. */
  top: number;
  track: number;
  quiet: boolean;
  threads: number;
}

/** What kind of record a URI is: a whole line, a log line's target or referrer, a pair's base or href. */
export enum Kind {
  LINE = 0,
  TARGET = 1,
  REFERRER = 2,
  BASE = 3,
  HREF = 4,
}

export const KIND_NAMES = ['', 'target', 'referrer', 'base', 'href'] as const;

/** The fields `parse` can write. */
export const FIELDS = [
  'line',
  'field',
  'href',
  'scheme',
  'authority',
  'userinfo',
  'host',
  'hostType',
  'port',
  'portNumber',
  'path',
  'query',
  'fragment',
  'warnings',
  'error',
] as const;

/** `parse`'s fields when `--fields` is not given. */
export function defaultFields(log: boolean, tsv: boolean): string[] {
  const f = ['line', 'href', 'scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment'];
  if (log) f.splice(1, 0, 'field');
  if (tsv) f.push('error');
  return f;
}

/** A command's counts, as plain data. */
export interface CommandState {
  lines: number;
  uris: number;
  invalid: number;
  lenientWouldHelp: boolean;
  stats: StatsData | null;
}

/** The JSON string of `s`, `null` for undefined. */
function q(s: string | undefined): string {
  return s === undefined ? 'null' : JSON.stringify(s);
}

/** `q` for a string that needs no escape. */
function quote(s: string | undefined): string {
  return s === undefined ? 'null' : `"${s}"`;
}

/** `s` quoted for a message: whole when short, else its start. */
export function show(s: string): string {
  return s.length <= 200 ? JSON.stringify(s) : `${JSON.stringify(s.slice(0, 120))}… (${s.length} characters)`;
}

/** The base of the commands: counts records and reports invalid ones. */
export abstract class Command {
  readonly out = new Out();
  readonly err = new Out();
  lines = 0;
  uris = 0;
  invalid = 0;
  /** Some record was rejected for a character or a "%" that `--lenient` keeps. */
  lenientWouldHelp = false;

  constructor(readonly config: Config) {}

  /** Called once before the first record, in the main thread only (headers). */
  begin(): void {}

  /** A URI record (scanned: valid or not). */
  abstract record(r: ByteView, line: number, kind: Kind): void;

  /** A record that holds no URI: a line that is not a log line, a pair without a tab. */
  noUri(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.uris++;
    this.invalid++;
    this.reject(line, kind, code, index, message);
  }

  /** An empty line (skipped). */
  empty(_line: number): void {}

  /** A log line whose referrer is "-". */
  absent(): void {}

  /** A `base<TAB>href` line (resolve without --base). */
  pair(_base: ByteView, _href: ByteView, _line: number): void {}

  /** Counts an invalid URI record and reports it. */
  protected invalidRecord(r: ByteView, line: number, kind: Kind): void {
    this.invalid++;
    const e = r.error();
    if (!this.config.parse.lenient && (e.code === 'INVALID_CHAR' || e.code === 'INVALID_PERCENT_ENCODING')) this.lenientWouldHelp = true;
    this.reject(line, kind, e.code, e.index, e.message);
  }

  /** Writes the report of an invalid record. */
  protected abstract reject(line: number, kind: Kind, code: string, index: number, message: string): void;

  /** Called once after the last record, in the main thread only: summaries. */
  end(): void {
    const n = this.invalid;
    if (n === 0 || this.config.quiet) return;
    const what =
      this.config.command === 'validate'
        ? `${n} of ${this.uris} URIs ${n === 1 ? 'is' : 'are'} invalid`
        : `${n} invalid ${n === 1 ? 'URI was' : 'URIs were'} left out (reported above)`;
    const hint = this.lenientWouldHelp ? '; --lenient accepts the characters that logs often hold' : '';
    this.err.push(`urikit: ${what}${hint}\n`);
  }

  /** 0, or 1 when some record was invalid (validate, normalize, resolve). */
  exitCode(): number {
    return this.invalid > 0 ? 1 : 0;
  }

  state(): CommandState {
    return { lines: this.lines, uris: this.uris, invalid: this.invalid, lenientWouldHelp: this.lenientWouldHelp, stats: null };
  }

  merge(s: CommandState): void {
    this.lines += s.lines;
    this.uris += s.uris;
    this.invalid += s.invalid;
    this.lenientWouldHelp ||= s.lenientWouldHelp;
  }
}

/** The text form of an invalid record: `LINE:INDEX: CODE: [FIELD: ]MESSAGE`. */
function diagnostic(line: number, kind: Kind, code: string, index: number, message: string): string {
  return `${line}:${index}: ${code}: ${kind === Kind.LINE ? '' : `${KIND_NAMES[kind]}: `}${message}\n`;
}

/** The JSON form of an invalid record, as `parse` writes it. */
function jsonError(line: number, kind: Kind, code: string, index: number, message: string): string {
  const field = kind === Kind.LINE ? '' : `"field":"${KIND_NAMES[kind]}",`;
  return `{"line":${line},${field}"error":{"code":"${code}","index":${index},"message":${JSON.stringify(message)}}}\n`;
}

enum F {
  LINE,
  FIELD,
  HREF,
  SCHEME,
  AUTHORITY,
  USERINFO,
  HOST,
  HOST_TYPE,
  PORT,
  PORT_NUMBER,
  PATH,
  QUERY,
  FRAGMENT,
  WARNINGS,
  ERROR,
}

/** `parse`: the components of every record, as JSON lines or tab-separated values. */
export class ParseCommand extends Command {
  private readonly ids: F[];
  private readonly names: string[];

  constructor(config: Config) {
    super(config);
    this.names = config.fields;
    this.ids = config.fields.map((f) => FIELDS.indexOf(f as (typeof FIELDS)[number]) as F);
  }

  override begin(): void {
    if (this.config.tsv && this.config.header) this.out.push(`${this.names.join('\t')}\n`);
  }

  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, line, kind);
      return;
    }
    const u = r.uri()!;
    const ids = this.ids;
    let s = '';
    if (this.config.tsv) {
      for (let i = 0; i < ids.length; i++) s += (i === 0 ? '' : '\t') + this.tsv(ids[i]!, u, line, kind);
    } else {
      // A URI that strict RFC 3986 accepts holds no character JSON escapes (no '"', '\\',
      // control); one that lenient mode kept may.
      const raw = (u.flags & WARNING_FLAGS) === 0;
      for (let i = 0; i < ids.length; i++) s += `${(i === 0 ? '{"' : ',"') + this.names[i]}":${this.json(ids[i]!, u, line, kind, raw)}`;
      s += ids.length === 0 ? '{}' : '}';
    }
    this.out.push(`${s}\n`);
  }

  /** Invalid records are part of the output: no summary, exit code 0. */
  override end(): void {}

  override exitCode(): number {
    return 0;
  }

  protected reject(line: number, kind: Kind, code: string, index: number, message: string, href = ''): void {
    if (!this.config.tsv) {
      this.out.push(jsonError(line, kind, code, index, message));
      return;
    }
    const cells = this.ids.map((id) =>
      id === F.LINE ? String(line) : id === F.FIELD ? KIND_NAMES[kind] : id === F.ERROR ? code : id === F.HREF ? href : '',
    );
    this.out.push(`${cells.join('\t')}\n`);
  }

  protected override invalidRecord(r: ByteView, line: number, kind: Kind): void {
    if (!this.config.tsv) {
      super.invalidRecord(r, line, kind);
      return;
    }
    this.invalid++;
    this.reject(line, kind, r.error().code, 0, '', r.href);
  }

  private json(id: F, u: Uri, line: number, kind: Kind, raw: boolean): string {
    switch (id) {
      case F.LINE:
        return String(line);
      case F.FIELD:
        return kind === Kind.LINE ? 'null' : `"${KIND_NAMES[kind]}"`;
      case F.PORT_NUMBER:
        return String(u.portNumber ?? null);
      case F.WARNINGS:
        return JSON.stringify(u.warnings);
      case F.ERROR:
        return 'null';
      default:
        return raw ? quote(component(id, u)) : q(component(id, u));
    }
  }

  private tsv(id: F, u: Uri, line: number, kind: Kind): string {
    switch (id) {
      case F.LINE:
        return String(line);
      case F.FIELD:
        return KIND_NAMES[kind];
      case F.PORT_NUMBER:
        return String(u.portNumber ?? '');
      case F.WARNINGS:
        return u.warnings.join(',');
      case F.ERROR:
        return '';
      default:
        return component(id, u) ?? '';
    }
  }
}

function component(id: F, u: Uri): string | undefined {
  switch (id) {
    case F.HREF:
      return u.href;
    case F.SCHEME:
      return u.scheme;
    case F.AUTHORITY:
      return u.authority;
    case F.USERINFO:
      return u.userinfo;
    case F.HOST:
      return u.host;
    case F.HOST_TYPE:
      return u.hostType;
    case F.PORT:
      return u.port;
    case F.PATH:
      return u.path;
    case F.QUERY:
      return u.query;
    default:
      return u.fragment;
  }
}

/** `validate`: one report per invalid record. */
export class ValidateCommand extends Command {
  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) this.invalidRecord(r, line, kind);
  }

  protected reject(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.out.push(this.config.json ? jsonError(line, kind, code, index, message) : diagnostic(line, kind, code, index, message));
  }
}

/** The commands whose output is one URI per record; an invalid record is reported on stderr. */
abstract class UriPerLine extends Command {
  protected reject(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.err.push(
      `urikit: line ${line} left out: ${code} at index ${index}: ${kind === Kind.LINE ? '' : `${KIND_NAMES[kind]}: `}${message}\n`,
    );
  }

  /** A URI that the library rejects after the scan accepted it (should not happen). */
  protected failed(e: unknown, line: number, kind: Kind): void {
    this.invalid++;
    const err = e instanceof UriError ? e : new UriError('INVALID_CHAR', 0, '', String(e));
    this.reject(line, kind, err.code, err.index, err.message);
  }
}

/**
 * Keeps the first URI of each normal form, exactly, for up to `limit` distinct ones. Past the
 * limit the set stops growing: a URI already in it is still left out, any other one is written
 * (so duplicates among those may remain; nothing is lost), and a warning says so once.
 */
export class Dedupe {
  private readonly seen = new Set<string>();
  private warned = false;

  constructor(
    private readonly limit: number,
    private readonly err: Out,
  ) {}

  /** True when `s` is to be written. */
  keep(s: string): boolean {
    const seen = this.seen;
    if (seen.has(s)) return false;
    if (seen.size < this.limit) seen.add(s);
    else if (!this.warned) {
      this.warned = true;
      this.err.push(
        `urikit: --dedupe holds ${this.limit} distinct URIs, its limit: from here on, a URI that is not among them is written every time it occurs, so some duplicates remain (none is lost). Raise --dedupe-limit (about 100 bytes of memory per URI) to remove them all.\n`,
      );
    }
    return true;
  }
}

/** `normalize`: the RFC 3986 normal form of each record, optionally without repeats. */
export class NormalizeCommand extends UriPerLine {
  /** Null in worker threads: the main thread dedupes their output, in input order. */
  private readonly dedupe: Dedupe | null;

  constructor(config: Config, inWorker = false) {
    super(config);
    this.dedupe = config.dedupe && !inWorker ? new Dedupe(config.dedupeLimit, this.err) : null;
  }

  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, line, kind);
      return;
    }
    let s: string;
    try {
      s = normalize(r.uri()!);
    } catch (e) {
      this.failed(e, line, kind);
      return;
    }
    if (this.dedupe === null || this.dedupe.keep(s)) this.out.push(`${s}\n`);
  }

  /** The output of a worker thread, deduped here in input order. */
  filter(text: string): string {
    const d = this.dedupe!;
    const lines = text.split('\n');
    lines.pop(); // after the last "\n"
    let kept = '';
    for (const s of lines) if (d.keep(s)) kept += `${s}\n`;
    return kept;
  }
}

/** `resolve`: each record against `--base`, or each `base<TAB>href` line. */
export class ResolveCommand extends UriPerLine {
  private readonly base: Uri | null;

  constructor(config: Config) {
    super(config);
    this.base = config.base === null ? null : parse(config.base, config.parse);
  }

  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, line, kind);
      return;
    }
    try {
      this.out.push(`${resolve(this.base!, r.uri()!)}\n`);
    } catch (e) {
      this.failed(e, line, kind);
    }
  }

  override pair(base: ByteView, href: ByteView, line: number): void {
    this.uris++;
    if (base.code !== 0) {
      this.invalidRecord(base, line, Kind.BASE);
      return;
    }
    if (href.code !== 0) {
      this.invalidRecord(href, line, Kind.HREF);
      return;
    }
    const b = base.uri()!;
    if (b.scheme === undefined) {
      this.failed(new UriError('RELATIVE_BASE', 0, b.href), line, Kind.BASE);
      return;
    }
    try {
      this.out.push(`${resolve(b, href.uri()!)}\n`);
    } catch (e) {
      this.failed(e, line, Kind.HREF);
    }
  }
}

/** `stats`: counts, written at the end as a table or JSON. */
export class StatsCommand extends Command {
  readonly stats: Stats;

  constructor(config: Config) {
    super(config);
    this.stats = new Stats(config.log !== null, config.track);
  }

  record(r: ByteView, _line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) this.invalid++;
    this.stats.kinds[kind === Kind.REFERRER ? 1 : 0]!.add(r);
  }

  /** A log line without a URI (stats reads no base<TAB>href lines). */
  override noUri(_line: number, _kind: Kind, code: string): void {
    this.stats.lineErrors.set(code, (this.stats.lineErrors.get(code) ?? 0) + 1);
  }

  override empty(): void {
    this.stats.emptyLines++;
  }

  override absent(): void {
    this.stats.kinds[1]!.absent++;
  }

  protected reject(): void {}

  override state(): CommandState {
    return { ...super.state(), stats: this.stats.toData() };
  }

  override merge(s: CommandState): void {
    super.merge(s);
    this.stats.merge(s.stats!);
  }

  override end(): void {
    const c = this.config;
    this.stats.lines = this.lines;
    if (c.json) {
      this.out.push(`${JSON.stringify(this.stats.toJSON(c.top), null, 2)}\n`);
    } else {
      const input = c.file === '-' ? 'standard input' : c.file;
      this.out.push(this.stats.toTable(c.top, `urikit stats: ${input}${c.log !== null ? ` (${c.log} log)` : ''}`));
    }
  }

  override exitCode(): number {
    return 0;
  }
}

/** The command named in `config`. */
export function createCommand(config: Config, inWorker = false): Command {
  switch (config.command) {
    case 'parse':
      return new ParseCommand(config);
    case 'validate':
      return new ValidateCommand(config);
    case 'normalize':
      return new NormalizeCommand(config, inWorker);
    case 'resolve':
      return new ResolveCommand(config);
    case 'stats':
      return new StatsCommand(config);
  }
}

const NL = 0x0a;
const CR = 0x0d;
const TAB = 0x09;

/**
 * Walks the complete lines of bytes [start, end) (the last one may lack its "\n" only at the end
 * of the input) and hands each record to the command. `walk` returns the number of the line
 * after the last one, so that the next chunk continues the count.
 */
export class Walker {
  private readonly a: ByteView;
  private readonly b: ByteView;
  private readonly log: LogLine | null;

  constructor(
    private readonly cmd: Command,
    private readonly config: Config,
  ) {
    this.a = new ByteView(config.parse);
    this.b = new ByteView(config.parse);
    this.log = config.log === null ? null : new LogLine(config.log);
  }

  walk(bytes: Buffer, start: number, end: number, firstLine: number): number {
    let next: number;
    if (this.log !== null) next = this.lines(bytes, start, end, firstLine, true);
    else if (this.config.command === 'resolve' && this.config.base === null) next = this.lines(bytes, start, end, firstLine, false);
    else next = this.plain(bytes, start, end, firstLine);
    this.cmd.lines += next - firstLine;
    return next;
  }

  /** One URI per line: one LineScanner over the chunk. */
  private plain(bytes: Buffer, start: number, end: number, firstLine: number): number {
    const cmd = this.cmd;
    const ls = new LineScanner(bytes, this.config.parse, start, end, firstLine);
    while (ls.next()) {
      if (ls.start === ls.end) cmd.empty(ls.line);
      else cmd.record(ls, ls.line, Kind.LINE);
    }
    return ls.line + 1;
  }

  /** Log lines or `base<TAB>href` lines. */
  private lines(bytes: Buffer, start: number, end: number, firstLine: number, log: boolean): number {
    let line = firstLine;
    for (let pos = start; pos < end; line++) {
      let nl = bytes.indexOf(NL, pos);
      if (nl === -1 || nl >= end) nl = end;
      const e = nl > pos && bytes[nl - 1] === CR ? nl - 1 : nl;
      if (e === pos) this.cmd.empty(line);
      else if (log) this.logLine(bytes, pos, e, line);
      else this.pairLine(bytes, pos, e, line);
      pos = nl + 1;
    }
    return line;
  }

  private logLine(bytes: Buffer, start: number, end: number, line: number): void {
    const l = this.log!;
    const cmd = this.cmd;
    const want = this.config.logField;
    if (!l.read(bytes, start, end)) {
      const text = bytes.toString('utf8', start, end);
      const index = bytes.toString('utf8', start, l.errorAt).length;
      const message =
        l.error === 'NOT_A_LOG_LINE'
          ? `Not a ${l.format} log line: expected ${l.expected} at index ${index} in ${show(text)}`
          : `No request target: the request ${show(bytes.toString('utf8', l.errorAt, l.requestEnd))} is not METHOD TARGET PROTOCOL (a client that sent no request is logged as "-")`;
      // A line without a target may still have a referrer, but a line that is not a log line has
      // nothing to read.
      if (l.error === 'NOT_A_LOG_LINE' || want !== 'referrer') cmd.noUri(line, Kind.LINE, l.error!, index, message);
      if (l.error === 'NOT_A_LOG_LINE') return;
    } else if (want !== 'referrer') {
      this.a.scan(bytes, l.targetStart, l.targetEnd);
      cmd.record(this.a, line, Kind.TARGET);
    }
    if (want === 'target') return;
    if (l.referrerStart === -1) {
      if (l.format === 'combined') cmd.absent();
      return;
    }
    this.b.scan(bytes, l.referrerStart, l.referrerEnd);
    cmd.record(this.b, line, Kind.REFERRER);
  }

  private pairLine(bytes: Buffer, start: number, end: number, line: number): void {
    const tab = bytes.indexOf(TAB, start);
    if (tab === -1 || tab >= end) {
      const text = bytes.toString('utf8', start, end);
      this.cmd.noUri(
        line,
        Kind.LINE,
        'MISSING_TAB',
        text.length,
        `Not a base<TAB>href line: no tab in ${show(text)} (give --base URL to resolve every line against one base)`,
      );
      return;
    }
    this.a.scan(bytes, start, tab);
    this.b.scan(bytes, tab + 1, end);
    this.cmd.pair(this.a, this.b, line);
  }
}

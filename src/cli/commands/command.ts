/**
 * What a command that runs over its input is. Its `LineCommandSpec` (one per module of this
 * folder) names it, declares its options and help, reads its settings, says the shape of its
 * input, and makes its `Command`: the object the readers hand each record to. A command writes to `out` and `err`
 * (`Out`), which the driver flushes after each chunk. The same classes run in worker threads,
 * each over its share of a file; `state()` and `merge()` carry the counts back, and the main
 * thread's command ends the run (`end`, `exitCode`).
 */
import type { ByteView } from '../../readers/bytes.js';
import { Out } from '../io/writer.js';
import {
  CHECKED_LINES,
  type InputShape,
  KIND_NAMES,
  Kind,
  type LineContext,
  LogCheck,
  type LogCheckData,
  type Records,
} from '../lines/records.js';
import type { CommandSpec, Lines, LogFormat } from '../options/arguments.js';
import type { StatsData } from '../stats/counts.js';
import type { CommandFeature } from './packages.js';

/** A command that runs over its input: its spec, and how it reads and runs with its settings `S`. */
export interface LineCommandSpec<S extends Lines = Lines> extends CommandSpec<S> {
  /** What the command reads (../lines/readers.ts, ../links/reader.ts turn the input into its records). */
  input(config: S): InputShape;
  /**
   * Whether the output holds line numbers. A worker thread then waits for the number of its
   * segment's first line before it walks the segment; otherwise it walks at once.
   */
  readonly numbered: boolean;
  /**
   * The output is written at the end only, and Ctrl-C ends the reading rather than the run: the
   * command then reports what it read (`Command.interrupted`), and the run exits 130. A progress
   * bar may then share the terminal with the output.
   */
  readonly partial?: boolean;
  /** The features with optional packages (./packages.ts) that a run with `config` needs, loaded before `create`. */
  packages?(config: S): readonly CommandFeature[];
  /** The command's object, made as `made` says. */
  create(config: S, made: Made): Command;
  /**
   * A run that reads no input, when `config` asks for one (routes --check FILE): what it writes
   * and its exit code. Absent, or null: the run reads the input with `create`'s command.
   */
  once?(config: S): Done | null;
}

/** What a run that reads no input writes on standard output (`out`) and standard error (`err`), and its exit code. */
export interface Done {
  readonly out: string;
  readonly err: string;
  readonly code: number;
}

/** Where a command's output URIs go one by one, instead of as lines of `out`: a Redis job's frontier. */
export interface UriSink {
  uri(s: string): void;
}

/** How a command is made: to run in a worker thread (over a segment) or not, and the sink of its URIs (normalize, resolve), if any. */
export interface Made {
  readonly inWorker: boolean;
  readonly sink: UriSink | null;
}

/** A command made for a run on the main thread, its output to `out`. */
export const MAIN: Made = { inWorker: false, sink: null };

/** What the run knows of its output: a terminal, or a file or pipe. */
export interface OutputKind {
  terminal: boolean;
}

/** The counts of `links`, as plain data (worker threads send them back). */
export interface LinksState {
  pages: number;
  notHtml: number;
  skipped: number;
  /** HTML pages read only to --max-record-size. */
  cut: number;
  relative: number;
  schemes: Array<[string, number]>;
  decodeErrors: number;
  pagesWithDecodeErrors: number;
  warned: number;
}

/** A command's counts, as plain data. */
export interface CommandState {
  lines: number;
  uris: number;
  invalid: number;
  lenientWouldHelp: boolean;
  logFormat: LogFormat | null;
  logCheck: LogCheckData;
  stats: StatsData | null;
  /** validate: records with warnings. */
  warned?: number;
  /** links: its counts. */
  links?: LinksState;
}

/**
 * The base of the commands: counts records and reports invalid ones. `T` is what the command
 * makes of a record's text for the reader's memo to keep (see Records), when it declares `memo`.
 */
export abstract class Command<T = unknown> implements Records<T> {
  readonly out = new Out();
  readonly err = new Out();
  lines = 0;
  uris = 0;
  invalid = 0;
  /** Some record was rejected for a character or a "%" that `--lenient` keeps. */
  lenientWouldHelp = false;
  /** Ctrl-C ended the reading (commands whose spec says `partial`): `end` reports what was read. */
  interrupted = false;
  logFormat: LogFormat | null = null;
  /** With --log: the lines its reader read, and what the first ones look like when none was a log line. */
  readonly logCheck = new LogCheck();

  constructor(readonly config: Lines) {}

  /** Called once before the first record, in the main thread only (headers); `output` is where the output goes. */
  begin(_output: OutputKind): void {}

  abstract record(r: ByteView, ctx: LineContext): T | undefined;

  noUri(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.uris++;
    this.invalid++;
    this.reject(line, kind, code, index, message);
  }

  empty(_line: number): void {}

  absent(): void {}

  /** Whether the log readers read each line's time and status (it costs a little per line). */
  requests = false;

  /** Whether the readers keep what `record` makes of the texts seen lately, and hand repeats to `again`. */
  memo = false;

  /** What the command takes of a valid log record read without a scan (see Records.takes): nothing by default. */
  takes: 'valid' | 'parts' | null = null;

  /** Only commands whose input shape is `pairs` receive pairs. */
  pair(_base: ByteView, _href: ByteView, _line: number): void {
    throw new Error(`${this.config.command} reads no base<TAB>href lines`);
  }

  /** Counts an invalid URI record and reports it. */
  protected invalidRecord(r: ByteView, line: number, kind: Kind): void {
    this.invalid++;
    const e = r.error();
    if (!this.config.parse.lenient && (e.code === 'INVALID_CHAR' || e.code === 'INVALID_PERCENT_ENCODING')) this.lenientWouldHelp = true;
    this.reject(line, kind, e.code, e.index, e.message);
  }

  /** Writes the report of an invalid record. */
  protected abstract reject(line: number, kind: Kind, code: string, index: number, message: string): void;

  /** The output of a worker thread's segment, as the main thread writes it (by default, as is). */
  fromWorker(out: Uint8Array): string | Uint8Array {
    return out;
  }

  /** Called once after the last record, in the main thread only: summaries. */
  end(): void {
    if (this.config.quiet) return;
    const n = this.invalid;
    const log = this.logHint();
    // An access log read as URIs: --lenient would take each whole line for one.
    if (n === 0) {
      if (log !== null) this.err.push(`urikit: ${log}\n`);
      return;
    }
    const hint = log !== null ? `; ${log}` : this.lenientWouldHelp ? '; --lenient accepts the characters that logs often hold' : '';
    this.err.push(`urikit: ${this.summary(n)}${hint}\n`);
  }

  /** When the lines read as URIs look like access log lines: the option that reads them. */
  protected logHint(): string | null {
    const f = this.logFormat;
    if (f === null) return null;
    const lenient = this.config.parse.lenient === true ? ', which --lenient takes whole as URIs' : '';
    return `the lines look like ${f} access log lines${lenient}: --log ${f} reads the URIs in them`;
  }

  /**
   * With --log, when none of the first lines was a log line of its format: what they look like,
   * on standard error (with --quiet, only when no line at all was one: then the run fails).
   */
  logNote(): void {
    const f = this.config.log;
    const c = this.logCheck;
    if (f === null || !c.firstUnread || (this.config.quiet && !this.nothingRead())) return;
    // With threads, every reader's first lines were looked at: the message speaks of the file's first ones, as one thread's.
    const n = Math.min(c.first, CHECKED_LINES);
    const lines = n === 1 && c.tried === 1 ? 'the line is not' : `none of the ${n === c.tried ? '' : 'first '}${n} lines is`;
    const they = n === 1 ? 'it looks' : 'they look';
    const look = c.look;
    const what =
      look === 'common' || look === 'combined'
        ? `${they} like ${look} access log lines: --log ${look} reads them`
        : look === 'json'
          ? `${they} like JSON lines, which --log does not read: take the URIs out of them (with jq, for one) and read those without --log`
          : look === 'uris'
            ? `${they} like URIs, one a line: read ${n === 1 ? 'it' : 'them'} without --log`
            : `${n === 1 ? 'it is' : 'they are'} in a format urikit does not read (a custom log format?): --log reads the common and combined formats of Apache and nginx, --log-format the format of an nginx log_format or Apache LogFormat`;
    const rest = this.nothingRead() && c.tried > n ? `, nor any of the ${c.tried - n} after them` : '';
    const option = f === 'custom' ? '--log-format' : `--log ${f}`;
    this.err.push(`urikit: ${option}: ${lines} a ${f === 'custom' ? 'line of the format' : `${f} log line`}${rest}; ${what}\n`);
  }

  /** With --log: lines were read, and none of them was a log line of its format (the run fails). */
  nothingRead(): boolean {
    const c = this.logCheck;
    return this.config.log !== null && c.tried > 0 && c.failed === c.tried;
  }

  /** The summary of `n` invalid records. */
  protected summary(n: number): string {
    return `${n} invalid ${n === 1 ? 'URI was' : 'URIs were'} left out (reported above)`;
  }

  /** 0, or 1 when some record was invalid (validate, normalize, resolve, surt). */
  exitCode(): number {
    return this.invalid > 0 ? 1 : 0;
  }

  state(): CommandState {
    return {
      lines: this.lines,
      uris: this.uris,
      invalid: this.invalid,
      lenientWouldHelp: this.lenientWouldHelp,
      logFormat: this.logFormat,
      logCheck: this.logCheck.toData(),
      stats: null,
    };
  }

  merge(s: CommandState): void {
    this.lines += s.lines;
    this.uris += s.uris;
    this.invalid += s.invalid;
    this.lenientWouldHelp ||= s.lenientWouldHelp;
    this.logFormat ??= s.logFormat;
    this.logCheck.add(s.logCheck);
  }
}

/** The text form of an invalid record: `LINE:INDEX: CODE: [FIELD: ]MESSAGE`. */
export function diagnostic(line: number, kind: Kind, code: string, index: number, message: string): string {
  return `${line}:${index}: ${code}: ${kind === Kind.LINE ? '' : `${KIND_NAMES[kind]}: `}${message}\n`;
}

/** The JSON form of an invalid record, as `parse` writes it. */
export function jsonError(line: number, kind: Kind, code: string, index: number, message: string): string {
  const field = kind === Kind.LINE ? '' : `"field":"${KIND_NAMES[kind]}",`;
  return `{"line":${line},${field}"error":{"code":"${code}","index":${index},"message":${JSON.stringify(message)}}}\n`;
}

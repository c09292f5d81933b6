/**
 * The contracts between the input's readers and the commands: the input shapes, the kinds of
 * record, the command's side (`Records`), and the readers (`Reader` for the whole input,
 * `LineReader` for one line; see readers.ts and walker.ts).
 */
import type { ByteView } from '../../readers/bytes.js';
import type { ParseOptions } from '../../syntax/scan.js';
import type { LogFormat } from '../options/arguments.js';

/** What kind of record a URI is: a whole line, a log line's target or referrer, a pair's base or href. */
export enum Kind {
  LINE = 0,
  TARGET = 1,
  REFERRER = 2,
  BASE = 3,
  HREF = 4,
}

export const KIND_NAMES = ['', 'target', 'referrer', 'base', 'href'] as const;

/**
 * What a command reads from each line: `uris`, one URI a line (with `--log`, the line's request
 * target and referrer), or `pairs`, a base and a reference separated by a tab.
 */
export type LineShape = 'uris' | 'pairs';

/**
 * What a command reads: lines of one shape or another, or documents (`links`): one HTML
 * document, or the HTML documents of a WARC file (../links/reader.ts).
 */
export type InputShape = LineShape | 'html' | 'warc';

/**
 * Takes the input's chunks in order, then its end, and hands their records on. A reader that
 * works asynchronously (WARC) returns a promise that settles once it can take the next chunk.
 */
export interface Reader {
  push(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

const NO_BYTES = new Uint8Array(0);

/**
 * What a reader knows of the record it hands on: its line, what it is in the line, and the log
 * line's time and status. One per reader, reused for every record (see `Records.record`).
 */
export class LineContext {
  /** The line's number. */
  line = 0;
  /** What the record is: a whole line, a log line's target or referrer. */
  kind: Kind = Kind.LINE;
  /**
   * With `--log` and a command that `requests` them: the line's time in minutes since 1970 UTC
   * and its status, each -1 when it cannot be read (or is not read).
   */
  minute = -1;
  status = -1;
  /**
   * With `requests`, the rest of the log line (see log.ts `LogLine.fields`): its bytes; the
   * client's address [clientStart, clientEnd); the size sent (-1: "-" or unreadable); the user
   * agent [agentStart, agentEnd) (-1: none or "-"); the time taken in seconds (-1: none); the
   * request target and the referrer as logged (-1: none, or "-").
   */
  bytes: Uint8Array = NO_BYTES;
  clientStart = 0;
  clientEnd = 0;
  size = -1;
  agentStart = -1;
  agentEnd = -1;
  taken = -1;
  targetStart = -1;
  targetEnd = -1;
  referrerStart = -1;
  referrerEnd = -1;
  /**
   * The reader keeps what the command makes of this record's text (its memo missed it and may
   * keep it): a repeat of the text then goes to `again` with that value, without a scan.
   */
  keep = false;
}

/**
 * Where records go: the command (see ../commands/command.ts). `T` is what the command makes of a
 * record's text that the reader's memo keeps (lines/memo.ts), for a command whose work on a
 * record depends on its text alone (and its context).
 */
export interface Records<T = unknown> {
  /** Lines walked, empty ones included. */
  lines: number;
  /** The access log format that lines read as URIs look like (set by their reader; see LogProbe), or null. */
  logFormat?: LogFormat | null;
  /** With `--log`: whether its reader read the lines (counted by the reader; see `LogCheck`). */
  readonly logCheck?: LogCheck;
  /**
   * A URI record, scanned (valid or not), with its line's context. With `ctx.keep`, what it
   * returns (not undefined) is kept for the record's text.
   */
  record(r: ByteView, ctx: LineContext): T | undefined;
  /**
   * The reader keeps what `record` and `parts` return in a memo of the texts seen lately, and
   * hands a repeat to `again` without a scan. Absent or false: every record is scanned.
   */
  readonly memo?: boolean;
  /** With `memo`: a record whose text was seen lately, at `start` of `bytes`, and what `record` returned for it then. */
  again?(value: T, bytes: Uint8Array, start: number, ctx: LineContext): void;
  /**
   * What the command takes of a valid log record without a scan (fast.ts), when its work does not
   * depend on the record's view: `valid`, that it is valid (validate); `parts`, where its parts
   * lie (stats). Absent or null: every record is scanned and goes to `record`.
   */
  readonly takes?: 'valid' | 'parts' | null;
  /** With `takes` 'valid': a valid record, read without a scan. */
  valid?(ctx: LineContext): void;
  /**
   * With `takes` 'parts': a valid record, read without a scan; `p` is reused for the next one.
   * With `ctx.keep`, what it returns is kept as `record`'s is.
   */
  parts?(p: Parts, ctx: LineContext): T | undefined;
  /** A record that holds no URI: a line that is not a log line, a pair without a tab. */
  noUri(line: number, kind: Kind, code: string, index: number, message: string): void;
  /** An empty line. */
  empty(line: number): void;
  /** A log line whose referrer is "-". */
  absent(): void;
  /** The command wants each log line's time and status (reading them costs a little): `logLine`, and `ctx.minute`, `ctx.status`. */
  readonly requests?: boolean;
  /** With `--log` and `requests`: a log line, before its records; `ctx` holds its time and status. */
  logLine?(ctx: LineContext): void;
  /** A `base<TAB>href` line, both halves scanned. */
  pair(base: ByteView, href: ByteView, line: number): void;
}

/**
 * Where the parts of a valid record lie in `bytes` (a log line's, read by fast.ts): the record
 * [start, end); its scheme [start, schemeEnd) (-1: none); its host [hostStart, hostEnd) (-1:
 * none; then a reg-name of ASCII characters); its path [pathStart, pathEnd). `form`: a request
 * target's `TargetForm`, 0 for a referrer. Everything is ASCII, in strict RFC 3986.
 */
export interface Parts {
  bytes: Uint8Array;
  start: number;
  end: number;
  form: number;
  schemeEnd: number;
  hostStart: number;
  hostEnd: number;
  pathStart: number;
  pathEnd: number;
}

/**
 * Turns one non-empty line, bytes [start, end) of `bytes` without its line ending, into records.
 * It searches the line with the walker's `Finder` (walker.ts), never with an unbounded `indexOf`.
 */
export interface LineReader {
  /** Optional: the lines of [start, end) of `bytes` are read next (before the first of them). */
  begin?(bytes: Buffer, start: number, end: number): void;
  read(bytes: Buffer, start: number, end: number, line: number): void;
}

/**
 * The parse options as a view scans with them: `undefined` when none is set (every value false
 * or absent), so that a scan reads no options object; reading it was a tenth of `validate --log`.
 */
export function viewOptions(options: ParseOptions): ParseOptions | undefined {
  return Object.values(options).some((v) => v !== undefined && v !== false) ? options : undefined;
}

/** How many first lines `LogCheck` looks at when none of them is a line of the `--log` format. */
export const CHECKED_LINES = 1000;

/** What lines that are not of the `--log` format look like (`LogCheck.looks`, in this order). */
export const LOOKS = ['common', 'combined', 'json', 'uris', 'other'] as const;
export type Looks = (typeof LOOKS)[number];

/**
 * Whether `--log` read the lines: the lines its reader was given (`tried`), those that were not
 * log lines of its format (`failed`), and, while none was one, what each of the first
 * `CHECKED_LINES` looks like (`looks`, by the other readers; `checked` of them). The reader only
 * counts its lines; a line that fails is looked at, among the first ones, on the path that
 * reports it. Worker threads each keep one; `add` sums them: every reader's first lines were
 * then looked at (`checked === first`) when none of them read.
 */
export class LogCheck {
  tried = 0;
  failed = 0;
  checked = 0;
  /** Lines looked at, by `LOOKS`. */
  readonly looks = [0, 0, 0, 0, 0];
  /** The readers added (`add`): their lines tried, and their first lines (up to `CHECKED_LINES` each). */
  private addedTried = 0;
  private addedFirst = 0;

  /** The first lines whose look decides: those of this reader, and of the readers added. */
  get first(): number {
    return this.addedFirst + Math.min(this.tried - this.addedTried, CHECKED_LINES);
  }

  /** Whether no line of the first ones (the first `CHECKED_LINES` of each reader) was a log line, and there was one. */
  get firstUnread(): boolean {
    return this.tried > 0 && this.checked === this.first;
  }

  /** What most of the first lines look like, when not of the format read: a key of `LOOKS`. */
  get look(): Looks {
    const i = this.looks.findIndex((n) => 2 * n > this.checked);
    return i === -1 ? 'other' : LOOKS[i]!;
  }

  toData(): LogCheckData {
    return { tried: this.tried, failed: this.failed, checked: this.checked, looks: [...this.looks], first: this.first };
  }

  /** Adds a reader's counts (a worker thread's). */
  add(d: LogCheckData): void {
    this.addedFirst += d.first;
    this.addedTried += d.tried;
    this.tried += d.tried;
    this.failed += d.failed;
    this.checked += d.checked;
    d.looks.forEach((n, i) => {
      this.looks[i]! += n;
    });
  }
}

/** `LogCheck` as plain data. */
export interface LogCheckData {
  tried: number;
  failed: number;
  checked: number;
  looks: number[];
  first: number;
}

/**
 * The contracts between the input's readers and the commands: the input shapes, the kinds of
 * record, the command's side (`Records`), and the readers (`Reader` for the whole input,
 * `LineReader` for one line; see readers.ts and walker.ts).
 */
import type { ByteView } from '../../readers/bytes.js';
import type { ParseOptions } from '../../syntax/scan.js';
import type { LogFormat } from '../options/config.js';

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

/** Where records go: the command (see ../commands/command.ts). */
export interface Records {
  /** Lines walked, empty ones included. */
  lines: number;
  /** The access log format that lines read as URIs look like (set by their reader; see LogProbe), or null. */
  logFormat?: LogFormat | null;
  /** A URI record, scanned (valid or not). */
  record(r: ByteView, line: number, kind: Kind): void;
  /**
   * Optional, for a command whose work on a record depends on its text alone (and its line
   * number): takes the record of `kind` at bytes [start, end) of `bytes` without a scan when its
   * text was seen lately (lines/memo.ts), and returns true; false when the reader is to scan it
   * and hand it to `record`.
   */
  again?(bytes: Uint8Array, start: number, end: number, line: number, kind: Kind): boolean;
  /**
   * What the command takes of a valid log record without a scan (fast.ts), when its work does not
   * depend on the record's view: `valid`, that it is valid (validate); `parts`, where its parts
   * lie (stats). Absent or null: every record is scanned and goes to `record`.
   */
  readonly takes?: 'valid' | 'parts' | null;
  /**
   * Optional, with `again`: whether records of `kind` are not looked up for now (the command's
   * memo rests: they do not repeat), so that the reader may read a whole line its own way.
   * Asking counts as a lookup skipped.
   */
  rests?(kind: Kind): boolean;
  /** With `takes` 'valid': a valid record of `kind`, read without a scan. */
  valid?(line: number, kind: Kind): void;
  /** With `takes` 'parts': a valid record of `kind`, read without a scan; `p` is reused for the next one. */
  parts?(p: Parts, line: number, kind: Kind): void;
  /** A record that holds no URI: a line that is not a log line, a pair without a tab. */
  noUri(line: number, kind: Kind, code: string, index: number, message: string): void;
  /** An empty line. */
  empty(line: number): void;
  /** A log line whose referrer is "-". */
  absent(): void;
  /** The command wants `request` calls (reading a line's time and status costs a little). */
  readonly requests?: boolean;
  /**
   * With `--log`, before the records of each log line (when `requests`): the line's time in
   * minutes since 1970 UTC and its status, each -1 when it cannot be read.
   */
  request?(minute: number, status: number): void;
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

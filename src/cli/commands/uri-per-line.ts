/**
 * The base of the commands whose output is one URI per record (normalize, resolve, surt): an
 * invalid record is reported on standard error, and in the output left out (`--on-invalid
 * skip`), or written as an empty line (`empty`) or as it was read (`keep`), so that each input
 * line gives one output line and `paste` keeps them aligned. They hand the library the view's own record
 * (`textRecord`) rather than a `Uri` made of it.
 */
import type { ByteView } from '../../readers/bytes.js';
import { TargetForm } from '../../readers/request-target.js';
import { UriError } from '../../syntax/errors.js';
import { Flag, Slot, shiftOffsets } from '../../syntax/offsets.js';
import { TargetView } from '../lines/log.js';
import { KIND_NAMES, Kind } from '../lines/records.js';
import type { Lines } from '../options/arguments.js';
import { choice, type Option, UsageError } from '../options/option.js';
import { Command, type Made, type UriSink } from './command.js';

/**
 * The text of the valid range of `r`, with its record copied to `out` as positions in that text
 * (for the library's operations on records); null when the record cannot serve the text, and
 * `r.uri()` is the way: a range with non-ASCII bytes, whose positions are not the text's
 * indices, or a request target in authority-form, which a `TargetView` reads as `//host:port`.
 */
export function textRecord(r: ByteView, out: Uint32Array): string | null {
  if ((r.offsets[Slot.FLAGS]! & (Flag.NON_ASCII | Flag.WARN_NON_ASCII)) !== 0) return null;
  if (r instanceof TargetView && r.form === TargetForm.AUTHORITY) return null;
  out.set(r.offsets);
  shiftOffsets(out, r.start);
  return r.href;
}

/** What an invalid record gives in the output: nothing, an empty line, its text. */
export type OnInvalid = 'skip' | 'empty' | 'keep';

/** The settings of a command that writes one URI per record. */
export interface UriPerLineSettings extends Lines {
  readonly onInvalid: OnInvalid;
}

/** `--on-invalid`, told as `help` says. */
export function onInvalidOption(help: string): Option<OnInvalid> {
  return choice('--on-invalid', ['skip', 'empty', 'keep'], 'skip', help);
}

/** `--on-invalid`'s value, which with --log needs one URI per log line. */
export function onInvalid(value: OnInvalid, lines: Lines): OnInvalid {
  if (value !== 'skip' && lines.log !== null && lines.logField === 'both')
    throw new UsageError(
      `--on-invalid ${value} with --log needs --log-field target or referrer: one URI per log line, one output line for it`,
    );
  return value;
}

/** The commands whose output is one URI per record; an invalid record is reported on stderr. */
export abstract class UriPerLine extends Command {
  /**
   * Takes each output URI instead of `out` when set (a worker with --to: the frontier wants the
   * URIs themselves, not text to split again). Invalid records still go to `out`, as --on-invalid says.
   */
  protected readonly sink: UriSink | null;

  declare readonly config: UriPerLineSettings;

  constructor(config: UriPerLineSettings, made: Made) {
    super(config);
    this.sink = made.sink;
  }

  /** Writes the output URI `s`. */
  protected emit(s: string): void {
    if (this.sink !== null) this.sink.uri(s);
    else this.out.push(`${s}\n`);
  }

  protected reject(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.err.push(
      `urikit: line ${line} left out: ${code} at index ${index}: ${kind === Kind.LINE ? '' : `${KIND_NAMES[kind]}: `}${message}\n`,
    );
  }

  /**
   * Reports an invalid record, and writes its place in the output as --on-invalid says: with
   * `keep`, the text of `kept` (by default the record itself).
   */
  protected override invalidRecord(r: ByteView, line: number, kind: Kind, kept: ByteView = r): void {
    const text = this.config.onInvalid === 'keep' ? kept.href : null;
    super.invalidRecord(r, line, kind);
    this.place(text);
  }

  override noUri(line: number, kind: Kind, code: string, index: number, message: string): void {
    super.noUri(line, kind, code, index, message);
    this.place(null);
  }

  override empty(): void {
    if (this.config.onInvalid !== 'skip') this.out.push('\n');
  }

  override absent(): void {
    if (this.config.onInvalid !== 'skip') this.out.push('\n');
  }

  /** A URI that the library rejects after the scan accepted it, or a relative base. */
  protected failed(e: unknown, line: number, kind: Kind, kept: string | null = null): void {
    this.invalid++;
    const err = e instanceof UriError ? e : new UriError('INVALID_CHAR', 0, '', String(e));
    this.reject(line, kind, err.code, err.index, err.message);
    this.place(kept);
  }

  /** The output line of an invalid record: none, empty, or `text` (empty when there is none). */
  private place(text: string | null): void {
    const mode = this.config.onInvalid;
    if (mode === 'skip') return;
    this.out.push(mode === 'keep' && text !== null ? `${text}\n` : '\n');
  }
}

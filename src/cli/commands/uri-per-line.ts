/**
 * The base of the commands whose output is one URI per record (normalize, resolve): an invalid
 * record is reported on standard error and left out.
 */
import { UriError } from '../../errors.js';
import { Command } from '../command.js';
import { KIND_NAMES, Kind } from '../records.js';

/** The commands whose output is one URI per record; an invalid record is reported on stderr. */
export abstract class UriPerLine extends Command {
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

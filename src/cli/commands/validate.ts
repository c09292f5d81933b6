/** `urikit validate`: one report per invalid record, as text or (`--json`) as `parse` writes it. */
import type { ByteView } from '../../batch.js';
import { Command, type CommandSpec, diagnostic, jsonError } from '../command.js';
import type { Kind } from '../records.js';

/** Reports each invalid record. */
export class ValidateCommand extends Command {
  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) this.invalidRecord(r, line, kind);
  }

  protected reject(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.out.push(this.config.json ? jsonError(line, kind, code, index, message) : diagnostic(line, kind, code, index, message));
  }

  protected override summary(n: number): string {
    return `${n} of ${this.uris} URIs ${n === 1 ? 'is' : 'are'} invalid`;
  }
}

export const validateCommand: CommandSpec = {
  name: 'validate',
  input: () => 'uris',
  numbered: true,
  create: (config) => new ValidateCommand(config),
};

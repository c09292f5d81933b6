/**
 * `urikit validate`: one report per invalid record, as text or (`--json`) as `parse` writes it;
 * with `--warnings`, one per valid record that lenient mode kept something in, too.
 */
import type { ByteView } from '../../readers/bytes.js';
import { show } from '../io/quote.js';
import { workerOptions } from '../jobs.js';
import { KIND_NAMES, Kind } from '../lines/records.js';
import { Command, type CommandState, diagnostic, jsonError, type LineCommandSpec } from './command.js';

/** Reports each invalid record, and with --warnings each one with warnings. */
export class ValidateCommand extends Command {
  /** Valid records with warnings (reported with --warnings). */
  private warned = 0;

  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) this.invalidRecord(r, line, kind);
    else if (this.config.warnings && r.warnings.length > 0) this.warn(r, line, kind);
  }

  private warn(r: ByteView, line: number, kind: Kind): void {
    this.warned++;
    const warnings = r.warnings;
    const index = r.warningIndex!;
    if (this.config.json) {
      const field = kind === Kind.LINE ? '' : `"field":"${KIND_NAMES[kind]}",`;
      this.out.push(`{"line":${line},${field}"warnings":${JSON.stringify(warnings)},"warningIndex":${index}}\n`);
    } else {
      const message = `Warning: lenient mode kept ${warnings.join(', ')} (the first at index ${index}) in ${show(r.href)}`;
      this.out.push(diagnostic(line, kind, warnings[0]!, index, message));
    }
  }

  protected reject(line: number, kind: Kind, code: string, index: number, message: string): void {
    this.out.push(this.config.json ? jsonError(line, kind, code, index, message) : diagnostic(line, kind, code, index, message));
  }

  override end(): void {
    super.end();
    if (this.warned > 0 && this.invalid === 0 && !this.config.quiet)
      this.err.push(`urikit: ${this.uris} URIs are valid; ${this.warnedSummary()}\n`);
  }

  protected override summary(n: number): string {
    return `${n} of ${this.uris} URIs ${n === 1 ? 'is' : 'are'} invalid${this.warned > 0 ? `; ${this.warnedSummary()}` : ''}`;
  }

  private warnedSummary(): string {
    return `${this.warned} ${this.warned === 1 ? 'has' : 'have'} warnings (lenient mode kept something in ${this.warned === 1 ? 'it' : 'them'})`;
  }

  override state(): CommandState {
    return { ...super.state(), warned: this.warned };
  }

  override merge(s: CommandState): void {
    super.merge(s);
    this.warned += s.warned ?? 0;
  }
}

export const validateCommand: LineCommandSpec = {
  name: 'validate',
  summary: 'report each invalid URI: line, index, error code, message',
  usage: 'Usage: urikit validate [options] [FILE|-]',
  about: `Writes one line per invalid URI:
  LINE:INDEX: CODE: MESSAGE            (--log: LINE:INDEX: CODE: FIELD: MESSAGE)
  3:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"
INDEX counts characters from the start of the URI. Nothing for valid URIs; a
count on standard error at the end when some were invalid.
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--json', 'the reports as JSON lines, as parse writes them: {"line":3,"error":{"code":"INVALID_CHAR","index":8,…}}'],
        [
          '--warnings',
          'with --lenient, also report each valid URI that lenient mode kept something in (its first warning\'s code, then "Warning: …"; JSON: {"line":N,"warnings":[…], "warningIndex":I}); they do not change the exit code',
        ],
      ],
    },
    workerOptions(),
  ],
  exit: 'Exit code 1 when some URI was invalid, 0 when all were valid.',
  common: true,
  input: () => 'uris',
  numbered: true,
  create: (config) => new ValidateCommand(config),
};

/**
 * `urikit validate`: one report per invalid record, as text or (`--json`) as `parse` writes it;
 * with `--warnings`, one per valid record that lenient mode kept something in, too; with
 * `--confusable`, one per record that RFC 3986 and the URL Standard read differently instead.
 */

import type { ByteView } from '../../readers/bytes.js';
import { componentStart, confusionMessage } from '../../readers/confusable.js';
import { parseRequestTarget } from '../../readers/request-target.js';
import { UriError } from '../../syntax/errors.js';
import { OFFSETS_LENGTH, Slot } from '../../syntax/offsets.js';
import { scanString } from '../../syntax/scan.js';
import { compareReadings } from '../../web/readings.js';
import { show } from '../io/quote.js';
import { TargetView } from '../lines/log.js';
import { KIND_NAMES, Kind, type LineContext } from '../lines/records.js';
import { type Lines, lines, type Values, values } from '../options/arguments.js';
import { type WorkerOptions, worker, workerOptions } from '../options/jobs.js';
import { flag } from '../options/option.js';
import { Command, type CommandState, diagnostic, jsonError, type LineCommandSpec } from './command.js';

const LENIENT = Object.freeze({ lenient: true });

/** Reports each invalid record, and with --warnings each one with warnings; with --confusable, each one read differently instead. */
/** The settings of `validate`. */
export interface ValidateSettings extends Lines, Values<typeof OPTIONS> {
  readonly redis: WorkerOptions;
}

const OPTIONS = {
  json: flag('--json', 'the reports as JSON lines, as parse writes them: {"line":3,"error":{"code":"INVALID_CHAR","index":8,…}}'),
  warnings: flag(
    '--warnings',
    'with --lenient, also report each valid URI that lenient mode kept something in (its first warning\'s code, then "Warning: …"; JSON: {"line":N,"warnings":[…], "warningIndex":I}); they do not change the exit code',
    {
      needs: [
        { options: ['--lenient'], message: '--warnings needs --lenient: only lenient mode accepts a URI with something to warn about' },
      ],
    },
  ),
  confusable: flag(
    '--confusable',
    'instead of invalid URIs, report those that RFC 3986 (with --lenient, lenient RFC 3986) and the URL Standard (browsers, Node\'s URL) read with another scheme, userinfo, host, port or path, or that one of them rejects and the other reads: code CONFUSABLE, INDEX where the readings part, the message naming both readings (http://0x7f.1/: host "0x7f.1" for RFC 3986, "127.0.0.1" for the URL Standard). With --log, request targets are read as a server reads them: RFC 9112, and new URL(target, base).',
    {
      excludes: [
        {
          options: ['--warnings'],
          message: '--confusable reports the URIs read differently, --warnings those lenient mode kept something in: give one of them',
        },
      ],
    },
  ),
} as const;

export class ValidateCommand extends Command {
  declare readonly config: ValidateSettings;

  /** Valid records with warnings (reported with --warnings). */
  private warned = 0;

  /** The RFC 3986 record of a confusable URI, for the index of the component where the readings part. */
  private readonly rec = new Uint32Array(OFFSETS_LENGTH);

  constructor(config: ValidateSettings) {
    super(config);
    // A valid record read without a scan has nothing to report, but with --confusable.
    this.takes = config.confusable ? null : 'valid';
    // The texts seen lately that were valid, with nothing to report, are kept (not with --confusable, which reads each).
    this.memo = !config.confusable;
  }

  /** A record; true (kept for its text) when it is valid with nothing to report. */
  record(r: ByteView, ctx: LineContext): true | undefined {
    this.uris++;
    if (this.config.confusable) this.confusable(r, ctx.line, ctx.kind);
    else if (r.code !== 0) this.invalidRecord(r, ctx.line, ctx.kind);
    else if (this.config.warnings && r.warnings.length > 0) this.warn(r, ctx.line, ctx.kind);
    else return true;
    return undefined;
  }

  valid(): void {
    this.uris++;
  }

  again(): void {
    this.uris++;
  }

  /**
   * Reports `r` when RFC 3986 (strict, or lenient with --lenient) and the URL Standard read another
   * scheme, userinfo, host, port or path in it; one grammar rejecting what the other reads is such
   * a difference. A request target is read as parseRequestTarget's `rejectConfusable` reads it
   * (RFC 9112, and `new URL(target, base)`); a target that RFC 9112 rejects has nothing to compare.
   */
  private confusable(r: ByteView, line: number, kind: Kind): void {
    const text = r.href;
    if (r instanceof TargetView) {
      if (r.code !== 0) return;
      try {
        parseRequestTarget(text, { ...this.config.parse, method: r.method, rejectConfusable: true });
      } catch (e) {
        // The target was accepted under these options already: only the check can refuse it.
        if (!(e instanceof UriError) || e.code !== 'CONFUSABLE_TARGET') throw e;
        this.confused(line, kind, e.index, e.message);
      }
      return;
    }
    const c = compareReadings(text);
    const lenient = this.config.parse.lenient === true;
    const components = lenient ? c.lenientDiffers : c.strictDiffers;
    if (components === null || components.length === 0) return;
    const rfc = lenient ? c.lenient : c.strict;
    // Where the readings part: where RFC 3986 stops reading, or where the first component it reads
    // differently begins (the scheme only when nothing else differs).
    const rejected = scanString(text, this.rec, lenient ? LENIENT : undefined, 'validate') !== 0;
    const first = components.find((k) => k !== 'scheme') ?? components[0]!;
    const index = rejected ? this.rec[Slot.ERROR_INDEX]! : componentStart(this.rec, first);
    this.confused(line, kind, index, confusionMessage('URI', text, index, components, rfc, c.web));
  }

  private confused(line: number, kind: Kind, index: number, message: string): void {
    this.invalid++;
    this.reject(line, kind, 'CONFUSABLE', index, message);
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
    if (this.config.confusable)
      return `${n} of ${this.uris} URIs ${n === 1 ? 'is' : 'are'} read differently by RFC 3986 and the URL Standard`;
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

export const validateCommand: LineCommandSpec<ValidateSettings> = {
  name: 'validate',
  summary: 'report each invalid URI: line, index, error code, message',
  usage: 'Usage: urikit validate [options] [FILE|-]',
  about: `Writes one line per invalid URI:
  LINE:INDEX: CODE: MESSAGE            (--log: LINE:INDEX: CODE: FIELD: MESSAGE)
  3:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"
INDEX counts characters from the start of the URI. Nothing for valid URIs; a
count on standard error at the end when some were invalid.
`,
  options: [{ title: 'Options:', rows: Object.values(OPTIONS) }, workerOptions()],
  exit: 'Exit code 1 when some URI was invalid (with --confusable: read differently), 0 otherwise.',
  common: true,
  rank: 3,
  settings: (a, args) => {
    const redis = worker('validate', a);
    return {
      ...lines('validate', a, args),
      ...values(a, OPTIONS),
      redis,
    };
  },
  input: () => 'uris',
  numbered: true,
  create: (config) => new ValidateCommand(config),
};

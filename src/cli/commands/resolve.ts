/** `urikit resolve`: each record against `--base`, or each `base<TAB>href` line. */

import { resolve, resolveRecords } from '../../ops/resolve.js';
import type { ByteView } from '../../readers/bytes.js';
import { UriError } from '../../syntax/errors.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../../syntax/offsets.js';
import type { ParseOptions } from '../../syntax/scan.js';
import { parse, type Uri } from '../../uri.js';
import { Kind, type LineContext } from '../lines/records.js';
import { lines, type Values, values } from '../options/arguments.js';
import { toFrontier, type WorkerOptions, worker, workerOptions } from '../options/jobs.js';
import { text, UsageError } from '../options/option.js';
import { type LineCommandSpec, MAIN, type Made } from './command.js';
import { onInvalid, onInvalidOption, textRecord, UriPerLine, type UriPerLineSettings } from './uri-per-line.js';

/** The settings of `resolve`. */
export interface ResolveSettings extends UriPerLineSettings, Omit<Values<typeof OPTIONS>, 'base'> {
  /** The base URI, parsed (null: `base<TAB>href` lines). */
  readonly base: Uri | null;
  readonly redis: WorkerOptions;
}

const OPTIONS = {
  base: text('--base', 'URL', 'the absolute URI every reference is resolved against'),
  onInvalid: onInvalidOption(
    'what an invalid line gives in the output: nothing (skip, the default), an empty line, or its reference as it was read (keep), so that paste keeps files aligned',
  ),
} as const;

/** `--base URL`: an absolute URI, parsed once here. */
export function parseBase(text: string, options: ParseOptions): Uri {
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

/** Resolves each record against `--base`, or each `base<TAB>href` line. */
export class ResolveCommand extends UriPerLine {
  /** `--base` (null: pairs), its text, and its record (or each pair's base's). */
  private readonly base: Uri | null;
  private readonly baseText: string;
  private readonly baseRec = new Uint32Array(OFFSETS_LENGTH);
  /** The record of each reference. */
  private readonly rec = new Uint32Array(OFFSETS_LENGTH);

  declare readonly config: ResolveSettings;

  constructor(config: ResolveSettings, made: Made = MAIN) {
    super(config, made);
    this.base = config.base;
    this.baseText = this.base === null ? '' : this.base.href;
    this.base?.writeOffsets(this.baseRec);
  }

  record(r: ByteView, ctx: LineContext): undefined {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, ctx.line, ctx.kind);
      return;
    }
    try {
      const text = textRecord(r, this.rec);
      const target =
        text === null ? resolve(this.base!, r.uri()!) : resolveRecords(this.baseText, this.baseRec, text, this.rec, true, null);
      this.emit(target);
    } catch (e) {
      this.failed(e, ctx.line, ctx.kind, r.href);
    }
  }

  override pair(base: ByteView, href: ByteView, line: number): void {
    this.uris++;
    // With --on-invalid keep, a line that cannot be resolved gives its reference as it was read.
    if (base.code !== 0) {
      this.invalidRecord(base, line, Kind.BASE, href);
      return;
    }
    if (href.code !== 0) {
      this.invalidRecord(href, line, Kind.HREF);
      return;
    }
    if ((base.offsets[Slot.FLAGS]! & Flag.SCHEME) === 0) {
      this.failed(new UriError('RELATIVE_BASE', 0, base.href), line, Kind.BASE, href.href);
      return;
    }
    try {
      const b = textRecord(base, this.baseRec);
      const h = b === null ? null : textRecord(href, this.rec);
      const target =
        b === null || h === null ? resolve(base.uri()!, href.uri()!) : resolveRecords(b, this.baseRec, h, this.rec, true, null);
      this.emit(target);
    } catch (e) {
      this.failed(e, line, Kind.HREF, href.href);
    }
  }
}

export const resolveCommand: LineCommandSpec<ResolveSettings> = {
  name: 'resolve',
  summary: 'each reference resolved against --base URL, or each base<TAB>href',
  usage: `Usage: urikit resolve --base URL [options] [FILE|-]
       urikit resolve [options] [FILE|-]      (lines: base<TAB>href)`,
  about: `Writes the target URI of each reference (RFC 3986 §5.2, strict), one per line:
against --base URL, or, without it, each line's base (before the tab) and
reference (after it). An invalid line is reported on standard error and left
out. With --log, --base is needed: it is the site the log's targets are on.
`,
  options: [{ title: 'Options:', rows: Object.values(OPTIONS) }, workerOptions(toFrontier())],
  exit: 'Exit code 1 when some line was invalid (left out), else 0.',
  common: true,
  rank: 2,
  settings(a, args) {
    const redis = worker('resolve', a);
    const common = lines('resolve', a, args);
    const invalid = onInvalid(a.get(OPTIONS.onInvalid), common);
    const given = a.get(OPTIONS.base);
    const base = given === null ? null : parseBase(given, common.parse);
    if (common.log !== null && base === null)
      throw new UsageError("resolve --log needs --base URL: the site the log's request targets are resolved against");
    return { ...common, ...values(a, OPTIONS), onInvalid: invalid, base, redis };
  },
  input: (config) => (config.base === null ? 'pairs' : 'uris'),
  numbered: true,
  create: (config, made) => new ResolveCommand(config, made),
};

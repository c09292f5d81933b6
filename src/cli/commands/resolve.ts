/** `urikit resolve`: each record against `--base`, or each `base<TAB>href` line. */

import { resolve, resolveRecords } from '../../ops/resolve.js';
import type { ByteView } from '../../readers/bytes.js';
import { UriError } from '../../syntax/errors.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../../syntax/offsets.js';
import type { Uri } from '../../uri.js';
import { Kind, type LineContext } from '../lines/records.js';
import type { Config } from '../options/config.js';
import { TO_FRONTIER, workerOptions } from '../options/jobs.js';
import { type LineCommandSpec, MAIN, type Made } from './command.js';
import { textRecord, UriPerLine } from './uri-per-line.js';

/** Resolves each record against `--base`, or each `base<TAB>href` line. */
export class ResolveCommand extends UriPerLine {
  /** `--base` (null: pairs), its text, and its record (or each pair's base's). */
  private readonly base: Uri | null;
  private readonly baseText: string;
  private readonly baseRec = new Uint32Array(OFFSETS_LENGTH);
  /** The record of each reference. */
  private readonly rec = new Uint32Array(OFFSETS_LENGTH);

  constructor(config: Config, made: Made = MAIN) {
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

export const resolveCommand: LineCommandSpec = {
  name: 'resolve',
  summary: 'each reference resolved against --base URL, or each base<TAB>href',
  usage: `Usage: urikit resolve --base URL [options] [FILE|-]
       urikit resolve [options] [FILE|-]      (lines: base<TAB>href)`,
  about: `Writes the target URI of each reference (RFC 3986 §5.2, strict), one per line:
against --base URL, or, without it, each line's base (before the tab) and
reference (after it). An invalid line is reported on standard error and left
out. With --log, --base is needed: it is the site the log's targets are on.
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--base', 'the absolute URI every reference is resolved against'],
        [
          '--on-invalid',
          'what an invalid line gives in the output: nothing (skip, the default), an empty line, or its reference as it was read (keep), so that paste keeps files aligned',
        ],
      ],
    },
    workerOptions(TO_FRONTIER),
  ],
  exit: 'Exit code 1 when some line was invalid (left out), else 0.',
  common: true,
  rank: 2,
  input: (config) => (config.base === null ? 'pairs' : 'uris'),
  numbered: true,
  create: (config, made) => new ResolveCommand(config, made),
};

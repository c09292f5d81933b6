/** `urikit resolve`: each record against `--base`, or each `base<TAB>href` line. */

import { resolve } from '../../ops/resolve.js';
import type { ByteView } from '../../readers/bytes.js';
import { UriError } from '../../syntax/errors.js';
import { TO_FRONTIER, workerOptions } from '../jobs.js';
import { Kind } from '../lines/records.js';
import type { LineCommandSpec } from './command.js';
import { UriPerLine } from './uri-per-line.js';

/** Resolves each record against `--base`, or each `base<TAB>href` line. */
export class ResolveCommand extends UriPerLine {
  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, line, kind);
      return;
    }
    try {
      this.out.push(`${resolve(this.config.base!, r.uri()!)}\n`);
    } catch (e) {
      this.failed(e, line, kind, r.href);
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
    const b = base.uri()!;
    if (b.scheme === undefined) {
      this.failed(new UriError('RELATIVE_BASE', 0, b.href), line, Kind.BASE, href.href);
      return;
    }
    try {
      this.out.push(`${resolve(b, href.uri()!)}\n`);
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
  input: (config) => (config.base === null ? 'pairs' : 'uris'),
  numbered: true,
  create: (config) => new ResolveCommand(config),
};

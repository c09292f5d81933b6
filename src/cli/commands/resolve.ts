/** `urikit resolve`: each record against `--base`, or each `base<TAB>href` line. */

import { resolve } from '../../ops/resolve.js';
import type { ByteView } from '../../readers/bytes.js';
import { UriError } from '../../syntax/errors.js';
import type { CommandSpec } from '../command.js';
import { Kind } from '../records.js';
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

export const resolveCommand: CommandSpec = {
  name: 'resolve',
  input: (config) => (config.base === null ? 'pairs' : 'uris'),
  numbered: true,
  create: (config) => new ResolveCommand(config),
};

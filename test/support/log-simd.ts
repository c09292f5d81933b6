/**
 * The WebAssembly reader of a log line (src/cli/lines/log-simd.ts) against the expressions it
 * stands for: `FastLog.line` without its parts (the shape) and with them, with the module and
 * without, field by field, over the lines of a walker's range; for test/cli/lines/log-simd.test.ts and scripts/log-simd-exactness.ts.
 */
import { FastLog, type Shape } from '../../src/cli/lines/fast.js';
import type { Parts } from '../../src/cli/lines/records.js';

/** What `line` gave and what its reader holds after it. */
function state(f: FastLog, shape: Shape): string {
  const parts = (p: Parts): number[] => [p.start, p.end, p.form, p.schemeEnd, p.hostStart, p.hostEnd, p.pathStart, p.pathEnd];
  return JSON.stringify({
    shape,
    timeEnd: f.timeEnd,
    requestEnd: f.requestEnd,
    referrerClose: f.referrerClose,
    target: parts(f.target),
    referrer: parts(f.referrer),
  });
}

/** Both readers of one format, fed the same ranges. */
export class LogSimdCompare {
  readonly simd: FastLog;
  readonly regex: FastLog;
  /** Lines compared, lines of each shape (by the expressions), and the differences seen (the first few kept). */
  lines = 0;
  readonly shapes = [0, 0, 0];
  differences = 0;
  readonly first: string[] = [];

  constructor(format: 'combined' | 'common') {
    this.simd = new FastLog(format);
    this.regex = new FastLog(format, false);
  }

  /** Compares every line of [from, to) of `bytes` (lines end at "\n"; the last may not). */
  range(bytes: Buffer, from: number, to: number): void {
    this.simd.begin(bytes, from, to);
    this.regex.begin(bytes, from, to);
    for (let start = from; start < to; ) {
      let end = bytes.indexOf(0x0a, start);
      if (end === -1 || end >= to) end = to;
      this.line(bytes, start, end);
      start = end + 1;
    }
  }

  /** Compares the line [start, end) of the range last begun. */
  line(bytes: Buffer, start: number, end: number): void {
    // Without the parts first (it leaves the reader as it was), then with them.
    const wantShape = this.regex.line(bytes, start, end, false);
    const gotShape = this.simd.line(bytes, start, end, false);
    const want = this.regex.line(bytes, start, end, true);
    const got = this.simd.line(bytes, start, end, true);
    this.lines++;
    this.shapes[want]!++;
    const a = `${wantShape} ${state(this.regex, want)}`;
    const b = `${gotShape} ${state(this.simd, got)}`;
    if (a === b) return;
    this.differences++;
    if (this.first.length < 5)
      this.first.push(`${JSON.stringify(bytes.toString('latin1', start, end))}\n  expressions ${a}\n  module      ${b}`);
  }
}

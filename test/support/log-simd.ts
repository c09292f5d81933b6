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

/**
 * The client's end and the user agent's closing quote of the line [start, end) whose referrer
 * closes at `referrerClose` (-1: none), found a byte at a time as `LogLine.fields` says: the first
 * space; after ' "', the first quote that no odd run of backslashes before it escapes, or -1.
 */
export function fieldsOf(b: Uint8Array, start: number, end: number, referrerClose: number): [number, number] {
  let client = start;
  while (client < end && b[client] !== 0x20) client++;
  if (referrerClose === -1 || referrerClose + 2 >= end || b[referrerClose + 1] !== 0x20 || b[referrerClose + 2] !== 0x22)
    return [client, -1];
  const from = referrerClose + 3;
  for (let q = from; q < end; q++) {
    if (b[q] !== 0x22) continue;
    let k = q - 1;
    while (k >= from && b[k] === 0x5c) k--;
    if ((q - 1 - k) % 2 === 0) return [client, q];
  }
  return [client, -1];
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
    // The module also finds the client's end and the agent's closing quote (the expressions do not).
    const fields = (f: FastLog, shape: Shape): string =>
      shape === 0 ? '' : JSON.stringify(f === this.regex ? fieldsOf(bytes, start, end, f.referrerClose) : [f.clientEnd, f.agentClose]);
    const a = `${wantShape} ${state(this.regex, want)} ${fields(this.regex, want)}`;
    const b = `${gotShape} ${state(this.simd, got)} ${fields(this.simd, got)}`;
    if (a === b) return;
    this.differences++;
    if (this.first.length < 5)
      this.first.push(`${JSON.stringify(bytes.toString('latin1', start, end))}\n  expressions ${a}\n  module      ${b}`);
  }
}

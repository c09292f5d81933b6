/**
 * The WebAssembly log line reader (src/cli/lines/log-simd.ts) against the expressions of
 * `FastLog.line` on every line of whole logs (test/support/log-simd.ts compares them), read in the
 * ranges the CLI's walker gets (1 MiB, cut after a "\n").
 *
 *   node build/scripts/log-simd-exactness.js [--format combined|common] LOG...
 *
 * Prints each log's lines, their shapes and the differences; exit status 1 on a difference, with
 * the first few printed.
 */
import { readFileSync } from 'node:fs';
import { CHUNK } from '../src/cli/io/input.js';
import { LogSimdCompare } from '../test/support/log-simd.js';

const args = process.argv.slice(2);
let format: 'combined' | 'common' = 'combined';
const logs: string[] = [];
for (let k = 0; k < args.length; k++) {
  if (args[k] === '--format') format = args[++k] === 'common' ? 'common' : 'combined';
  else logs.push(args[k]!);
}
let failed = false;
for (const log of logs) {
  const bytes = readFileSync(log);
  const c = new LogSimdCompare(format);
  for (let at = 0; at < bytes.length; ) {
    let end = Math.min(bytes.length, at + CHUNK);
    if (end < bytes.length) end = bytes.lastIndexOf(0x0a, end - 1) + 1 || end;
    c.range(bytes, at, end);
    at = end;
  }
  console.log(`${log} (${format}): ${c.lines} lines (${c.shapes.join(' / ')} none / target / both), ${c.differences} differences`);
  for (const d of c.first) console.log(d);
  if (c.differences > 0) failed = true;
}
process.exit(failed ? 1 : 0);

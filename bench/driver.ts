/**
 * A minimal driver for profiling and JIT tracing: loops one function over one corpus for a while,
 * with nothing else in the process (no benchmark.js, no peers).
 *
 *   node build/bench/driver.js scan ada_kasztp.txt 5
 *   node --cpu-prof --cpu-prof-dir=bench/out build/bench/driver.js parse ada_kasztp.txt 5
 *   node --trace-opt --trace-deopt build/bench/driver.js scan ada_kasztp.txt 2 | grep -E 'scan|Uri'
 *   valgrind --tool=callgrind node build/bench/driver.js scan ada_kasztp.txt 40x   (40 passes)
 *
 * Modes: scan (one reused record), isValid, parse (parse + host, path, query), table (the
 * ceiling loop of suites.ts), normalize, resolve (give it a base<TAB>reference .tsv file, e.g.
 * relref_rustdoc_html_pairs.tsv), lines (a LineScanner over the file's lines in one Buffer,
 * reading each host). Prints calls/s and MB/s at the end.
 */
import { isValid, LineScanner, OFFSETS_LENGTH, parse, scan } from '../src/index.js';
import { readLines } from './corpus.js';
import { tableLoop, urikitNormalize, urikitResolve } from './suites.js';

const [mode = 'scan', file = 'ada_kasztp.txt', lengthArg = '5'] = process.argv.slice(2);
// "5": five seconds; "40x": forty passes, for instruction counts (valgrind) that do not depend on the speed.
const fixedPasses = lengthArg.endsWith('x') ? Number(lengthArg.slice(0, -1)) : 0;
const seconds = fixedPasses > 0 ? Number.POSITIVE_INFINITY : Number(lengthArg);
const pairs = file.endsWith('.tsv');
const all = readLines(file);
// For a pairs file: the references, and the bases in `bases` (same index).
const lines = pairs ? all.map((l) => l.slice(l.indexOf('\t') + 1)) : all;
const bases = pairs ? all.map((l) => l.slice(0, l.indexOf('\t'))) : all;
const bytes = lines.reduce((n, s) => n + Buffer.byteLength(s), 0);
const rec = new Uint32Array(OFFSETS_LENGTH);

function passScan(list: readonly string[]): number {
  let acc = 0;
  for (let i = 0; i < list.length; i++) acc += scan(list[i]!, rec);
  return acc;
}
function passIsValid(list: readonly string[]): number {
  let acc = 0;
  for (let i = 0; i < list.length; i++) if (isValid(list[i]!)) acc++;
  return acc;
}
function passParse(list: readonly string[]): number {
  let acc = 0;
  for (let i = 0; i < list.length; i++) {
    try {
      const u = parse(list[i]!);
      const h = u.host;
      const q = u.query;
      acc += (h === undefined ? 0 : h.length) + u.path.length + (q === undefined ? 0 : q.length);
    } catch {
      acc--;
    }
  }
  return acc;
}
function passTable(list: readonly string[]): number {
  let acc = 0;
  for (let i = 0; i < list.length; i++) acc += tableLoop(list[i]!);
  return acc;
}

function passNormalize(list: readonly string[]): number {
  const normalize = urikitNormalize!;
  let acc = 0;
  for (let i = 0; i < list.length; i++) {
    try {
      acc += normalize(list[i]!).length;
    } catch {
      acc--;
    }
  }
  return acc;
}
function passResolve(list: readonly string[]): number {
  const resolve = urikitResolve!;
  let acc = 0;
  for (let i = 0; i < list.length; i++) {
    try {
      acc += resolve(bases[i]!, list[i]!).length;
    } catch {
      acc--;
    }
  }
  return acc;
}

const buffer = Buffer.from(`${lines.join('\n')}\n`);
function passLines(): number {
  let acc = 0;
  const ls = new LineScanner(buffer);
  while (ls.next()) if (ls.code === 0) acc += ls.host?.length ?? 0;
  return acc;
}

const modes: Record<string, ((list: readonly string[]) => number) | undefined> = {
  lines: passLines,
  scan: passScan,
  isValid: passIsValid,
  parse: passParse,
  table: passTable,
  normalize: urikitNormalize === undefined ? undefined : passNormalize,
  resolve: urikitResolve === undefined ? undefined : passResolve,
};
const pass = modes[mode];
if (pass === undefined) {
  console.error(`unknown or unavailable mode ${mode}: scan, isValid, parse, table, normalize, resolve, lines`);
  process.exit(2);
}
let sink = 0;
let passes = 0;
const t0 = process.hrtime.bigint();
const end = fixedPasses > 0 ? 0n : t0 + BigInt(Math.round(seconds * 1e9));
while (fixedPasses > 0 ? passes < fixedPasses : process.hrtime.bigint() < end) {
  sink = (sink + pass(lines)) | 0;
  passes++;
}
const dt = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(
  `${mode} ${file}: ${passes} passes, ${((passes * lines.length) / dt / 1e6).toFixed(2)} M calls/s, ${((passes * bytes) / dt / 1e6).toFixed(1)} MB/s (sink ${sink})`,
);

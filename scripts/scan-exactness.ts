/**
 * The exactness of scan on millions of inputs (test/support/scan-exactness.ts says what is
 * compared): every line of the corpora and `--count` generated inputs.
 *
 *   node build/scripts/scan-exactness.js [--count N] [--seed S] [--corpus FILE ...]
 *   npm run exactness -- --count 10000000
 *
 * --count: generated inputs (default 1,000,000), besides every corpus line (bench/data, and
 * each --corpus file: one URI per line, or base<TAB>reference). Exit status 1 on a difference,
 * with the first few printed as reproductions.
 */
import { OPTION_SETS, run } from '../test/support/scan-exactness.js';

const args = process.argv.slice(2);
let count = 1_000_000;
let seed = 1;
const extra: string[] = [];
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  if (a === '--count') count = Number(args[++k]);
  else if (a === '--seed') seed = Number(args[++k]);
  else if (a === '--corpus') extra.push(args[++k]!);
  else {
    console.error(`unknown argument ${a}: --count N, --seed S, --corpus FILE`);
    process.exit(2);
  }
}
const started = Date.now();
const { inputs, differences } = run(count, seed, extra);
const scans = inputs * OPTION_SETS.length * 3;
console.log(
  `${inputs.toLocaleString('en')} inputs (${count.toLocaleString('en')} generated, seed ${seed}) x ${OPTION_SETS.length} option sets x string, bytes and Latin-1 text = ${scans.toLocaleString('en')} scans compared in ${((Date.now() - started) / 1000).toFixed(0)} s: ${differences.length === 0 ? 'no difference' : `${differences.length} difference(s)`}`,
);
for (const d of differences) console.log(`  ${d}`);
process.exitCode = differences.length === 0 ? 0 : 1;

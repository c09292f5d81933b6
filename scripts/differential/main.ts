/**
 * Differential of urikit against the RFC 3986 oracle uriparser 0.9.7 (parse, resolve, normalize)
 * and against java.net.URI (resolve in urikit's `rfc2396: true` mode), oracles of
 * ../shared/oracles.
 *
 *   node build/scripts/differential/main.js --oracles DIR [--op parse|resolve|normalize|all]
 *       [--count N] [--pairs M] [--seed S] [--no-java] [--out FILE]
 *
 *   --oracles DIR  directory holding the built oracles (DIR/c/uriparser_oracle, and for resolve
 *                  DIR/java/build/UriOracle.class run with `java`); default ../shared/oracles
 *                  relative to the repository root
 *   --op OP        parse (the default), resolve, normalize, or all of them in that order
 *   --count N      parse: number of distinct inputs (default 6000, at least 1), hand-written edge
 *                  cases included; resolve: number of generated pairs after the edge pairs;
 *                  normalize: number of distinct inputs, edge cases included (default 6000 each)
 *   --pairs M      resolve: number of (base, reference) pairs sampled from the corpus's
 *                  relref_*_html_pairs.tsv (default 3000; 0 for none)
 *   --seed S       seed of the deterministic generators (default 1); same seed, same inputs. Each
 *                  op has its own generator, so the parse inputs do not depend on --op.
 *   --no-java      resolve: skip the java.net.URI comparison
 *   --out FILE     write every disagreement there as one JSON line
 *
 * This file is the runner: the command line, the checks in order (CHECKS), the summary and --out.
 * Each check is a module (parse.ts, resolve.ts, normalize.ts: its inputs, its comparison, the
 * classes that explain its disagreements); they share check.ts (the contract), oracle.ts (the
 * oracle processes, the recorded classes), ops.ts (what resolve and normalize share) and op-gen.ts
 * (the inputs, built on test/support/abnf.ts's grammar and test/support/rng.ts's seeded numbers).
 *
 * Each op prints its totals: total, agree, disagree (by category), explained (by class),
 * unexplained (with the first examples); --op all ends with one summary line per op. Exit
 * status: 0 when nothing is unexplained, 1 otherwise, 2 on a usage or setup error.
 *
 * --- classes ---
 *
 * Every disagreement class is recorded in test/fixtures/divergences-uriparser.json with its
 * "op" ("parse" when absent), "oracle", an observed example ("base" too for resolve), both
 * answers, the RFC section that decides it, the reason, and a "verdict": "representation" (both
 * forms are right), "oracle-scope" (the oracle does not implement the rule, e.g. uriparser and
 * §6.2.3), "oracle-grammar" (the oracle accepts an input RFC 3986 rejects), "oracle-deviates" (the
 * RFC decides against the oracle) or "urikit-bug" (the RFC decides against urikit; reported, and
 * printed as such). A class counts only when it is recorded there and has its predicate here
 * (EXPLAINED for parse, OP_CLASSES for the other ops); every mismatch is warned about.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Args, Check } from './check.js';
import { normalizeCheck } from './normalize.js';
import { loadRecorded, REPO_ROOT } from './oracle.js';
import { parseCheck } from './parse.js';
import { resolveCheck } from './resolve.js';

/** The checks, in the order --op all runs them. */
const CHECKS: readonly Check[] = [parseCheck, resolveCheck, normalizeCheck];

// ---------------------------------------------------------------------------------------------
// Command line.

function usage(msg: string): never {
  process.stderr.write(
    `${msg}\nusage: node build/scripts/differential/main.js --oracles DIR [--op parse|resolve|normalize|all] [--count N] [--pairs M] [--seed S] [--no-java] [--out FILE]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    oracles: resolve(REPO_ROOT, '../shared/oracles'),
    op: 'parse',
    count: 6000,
    pairs: 3000,
    seed: 1,
    java: true,
    out: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h')
      usage('Differential of urikit against uriparser (parse, resolve, normalize) and java.net.URI (resolve, rfc2396).');
    if (a === '--no-java') {
      args.java = false;
      continue;
    }
    const v = argv[i + 1];
    if (v === undefined) usage(`missing value after ${a}`);
    i++;
    if (a === '--oracles') args.oracles = resolve(v);
    else if (a === '--op') {
      if (v !== 'parse' && v !== 'resolve' && v !== 'normalize' && v !== 'all') usage('--op must be parse, resolve, normalize or all');
      args.op = v;
    } else if (a === '--count') {
      args.count = Number(v);
    } else if (a === '--pairs') args.pairs = Number(v);
    else if (a === '--seed') args.seed = Number(v);
    else if (a === '--out') args.out = resolve(v);
    else usage(`unknown option ${a}`);
  }
  if (!Number.isInteger(args.count) || args.count < 1) usage('--count must be a positive integer');
  if (!Number.isInteger(args.pairs) || args.pairs < 0) usage('--pairs must be a non-negative integer');
  if (!Number.isInteger(args.seed)) usage('--seed must be an integer');
  return args;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const bin = join(args.oracles, 'c', 'uriparser_oracle');
  if (!existsSync(bin)) {
    process.stderr.write(
      `error: the uriparser oracle is missing: ${bin}\n` +
        `Build the oracles first as described in ${join(args.oracles, 'README.md')} ` +
        `(install liburiparser-dev, pkg-config and gcc, then run "bash build.sh" in ${args.oracles}), ` +
        `or pass --oracles DIR for a directory that holds them.\n`,
    );
    process.exit(2);
  }
  if (args.java && (args.op === 'resolve' || args.op === 'all')) {
    const cls = join(args.oracles, 'java', 'build', 'UriOracle.class');
    const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
    if (!existsSync(cls) || probe.error !== undefined || probe.status !== 0) {
      process.stderr.write(
        `error: the java oracle is missing (${cls}, or no "java" on PATH)\n` +
          `Build it with "bash build.sh" in ${args.oracles} (openjdk-17-jdk-headless), or pass --no-java to skip the rfc2396 comparison.\n`,
      );
      process.exit(2);
    }
  }
  const known = new Map<string, string>();
  for (const c of CHECKS) for (const [name, op] of c.classes) known.set(name, op);
  const recorded = loadRecorded(known);
  let unexplained = 0;
  const out: string[] = [];
  const summary: string[] = [];
  const selected = CHECKS.filter((c) => args.op === 'all' || c.op === args.op);
  selected.forEach((check, i) => {
    if (i > 0) process.stdout.write('\n');
    const r = check.run(args, recorded);
    unexplained += r.unexplained;
    out.push(...r.disagreements);
    summary.push(...r.summary);
  });
  if (args.op === 'all') {
    process.stdout.write('\nsummary (total / agree / explained / unexplained)\n');
    for (const s of summary) process.stdout.write(`  ${s}\n`);
  }
  if (args.out !== undefined) {
    writeFileSync(args.out, out.join('\n') + (out.length > 0 ? '\n' : ''));
    process.stdout.write(`wrote ${out.length} disagreements to ${args.out}\n`);
  }
  process.exitCode = unexplained > 0 ? 1 : 0;
}

main();

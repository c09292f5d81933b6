/**
 * Fuzzing with fast-check for a bounded time. (Jazzer.js could not be used here: its 4.x
 * prebuilt native fuzzer needs glibc 2.38, Debian 12 has 2.36, and 2.1.0 needs a source build
 * that fails.) The inputs come from test/support/hostile.ts: URI-references generated from the
 * RFC 3986 ABNF (plain, and with IRI characters and zone identifiers), the same with one hostile
 * character inserted, deleted or replaced, or with one to three hostile edits, strings of hostile
 * pieces, and arbitrary strings. Each goes through a check of test/support/fuzz-checks.ts:
 *
 *   reference  the table-driven scan against test/support/reference-validator.ts (an independent
 *              checker written from the ABNF): acceptance and every component, for strict, iri,
 *              zoneId and absolute;
 *   agreement  scan, isValid, tryParse and parse agree on every option set (lenient, iri,
 *              zoneId, absolute and combinations), parse throws nothing but UriError, parse's
 *              offsets are scan's, every getter of the Uri works (the decoded ones too), and
 *              scanBytes over the UTF-8 bytes gives the same answer;
 *   normalize  for every option set the input is valid under: normalize's output parses under
 *              the same options, is normal (idempotent), is equivalent to the input, keeps which
 *              components are present, and does not depend on the case of the scheme, the host
 *              or the hex digits of %XX (§6.2.2.1: those are equivalent already); under a lenient
 *              option set, the normal form is also valid without lenient (a strict RFC 3986
 *              URI-reference; with iri, an RFC 3987 IRI-reference) and its own normal form there;
 *   lenient-normal  that last property alone, on inputs rich in what lenient mode tolerates
 *              (stray "%", spaces, brackets, "#", "@", non-ASCII);
 *   resolve    resolve (strict, non-strict, rfc2396, lenient, iri) returns a URI that parses, or
 *              throws UriError, and resolving its answer again is stable; relativize throws
 *              nothing but UriError.
 *
 *   node build/scripts/fuzz.js [--seconds N] [--seed S] [--only NAME,...] [--fail-on-known]
 *   npm run fuzz -- --seconds 300
 *   npm run fuzz -- --only normalize,lenient-normal
 *
 * Runs for N seconds (default 60) in rounds; each round runs every target with a fresh seed
 * (S + round). Prints the counts per target and, for every distinct finding, the shrunk input and
 * a reproduction. Exit status 1 when something new was found, 0 otherwise, 2 on a usage error.
 * Findings explained by a known, reported src bug (KNOWN_SRC_BUGS) are counted and listed but
 * do not fail the run, unless --fail-on-known. test/hostile.slow.test.ts runs the same checks with
 * fixed seeds, and every finding becomes a regression test there.
 */
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import {
  checkAgreement,
  checkLenientNormal,
  checkNormalize,
  checkReferenceAll,
  checkResolve,
  type KnownBug,
  knownBug,
} from '../test/support/fuzz-checks.js';
import { anyBase, anyInput, lenientInput } from '../test/support/hostile.js';

/** The module of the checks as `npm run fuzz` builds it, for the reproduce lines the fuzzer prints. */
const CHECKS = './build/test/support/fuzz-checks.js';

// =============================================================================================
// The targets.

/** A target: a name, a check over one or two inputs, and the inputs. */
interface Target {
  name: string;
  reproduce: string;
  check: (...args: string[]) => string | undefined;
  inputs: fc.Arbitrary<string[]>;
}

const TARGETS: readonly Target[] = [
  { name: 'reference', reproduce: 'checkReferenceAll', check: checkReferenceAll, inputs: fc.tuple(anyInput) },
  { name: 'agreement', reproduce: 'checkAgreement', check: checkAgreement, inputs: fc.tuple(anyInput) },
  { name: 'normalize', reproduce: 'checkNormalize', check: checkNormalize, inputs: fc.tuple(anyInput) },
  { name: 'lenient-normal', reproduce: 'checkLenientNormal', check: checkLenientNormal, inputs: fc.tuple(lenientInput) },
  { name: 'resolve', reproduce: 'checkResolve', check: (b, r) => checkResolve(b!, r!), inputs: fc.tuple(anyBase, anyInput) },
];

/** One distinct finding per message shape: quoted text and numbers collapsed. */
function shape(target: string, message: string): string {
  return `${target}: ${message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\d+/g, 'N')}`;
}

// =============================================================================================
// The runner.

interface Args {
  seconds: number;
  seed: number;
  only: string[];
  failOnKnown: boolean;
}

function parseArgs(argv: readonly string[]): Args | string {
  const a: Args = { seconds: 60, seed: 6, only: [], failOnKnown: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const eq = arg.indexOf('=');
      if (eq !== -1) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg.startsWith('--seconds')) a.seconds = Number(value());
    else if (arg.startsWith('--seed')) a.seed = Number(value());
    else if (arg.startsWith('--only')) a.only.push(...value().split(','));
    else if (arg === '--fail-on-known') a.failOnKnown = true;
    else if (arg === '--help' || arg === '-h')
      return 'usage: node build/scripts/fuzz.js [--seconds N] [--seed S] [--only reference,agreement,normalize,lenient-normal,resolve] [--fail-on-known]';
    else return `unknown argument ${arg}`;
  }
  if (!(a.seconds > 0)) return '--seconds must be a positive number';
  if (!Number.isInteger(a.seed)) return '--seed must be an integer';
  return a;
}

interface Finding {
  target: string;
  seed: number;
  args: string[];
  message: string;
}

function main(argv: readonly string[]): number {
  let args: Args;
  try {
    const parsed = parseArgs(argv);
    if (typeof parsed === 'string') {
      console.error(parsed);
      return parsed.startsWith('usage') ? 0 : 2;
    }
    args = parsed;
  } catch (e) {
    console.error(String(e));
    return 2;
  }
  const targets = args.only.length === 0 ? TARGETS : TARGETS.filter((t) => args.only.includes(t.name));
  if (targets.length === 0) {
    console.error(`no target named ${args.only.join(', ')}`);
    return 2;
  }
  const started = Date.now();
  const deadline = started + args.seconds * 1000;
  const counts = new Map<string, number>(targets.map((t) => [t.name, 0]));
  const known = new Map<string, { bug: KnownBug; count: number; example: string[] }>();
  const findings = new Map<string, Finding>();
  const seen = new Set<string>(); // shapes already reported: later inputs of the same shape only count
  let repeats = 0;
  const CHUNK = 20_000;
  let round = 0;
  console.log(`fuzz: ${args.seconds} s, seed ${args.seed}, targets ${targets.map((t) => t.name).join(', ')}`);
  while (Date.now() < deadline) {
    for (const t of targets) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const seed = args.seed + round;
      const property = fc.property(t.inputs, (xs) => {
        const f = t.check(...xs);
        if (f === undefined) return;
        const bug = knownBug(t.name, xs, f);
        if (bug !== undefined) {
          const k = known.get(bug.id) ?? { bug, count: 0, example: xs };
          k.count++;
          known.set(bug.id, k);
          if (!args.failOnKnown) return;
        }
        if (seen.has(shape(t.name, f))) {
          repeats++;
          return;
        }
        throw new Error(f);
      });
      const r = fc.check(property, {
        seed,
        numRuns: CHUNK,
        interruptAfterTimeLimit: Math.min(left, 15_000),
        markInterruptAsFailure: false,
      }) as fc.RunDetails<[string[]]>;
      counts.set(t.name, counts.get(t.name)! + r.numRuns);
      if (r.failed) {
        const message = r.errorInstance instanceof Error ? r.errorInstance.message : String(r.errorInstance);
        const key = shape(t.name, message);
        seen.add(key);
        if (!findings.has(key)) {
          findings.set(key, { target: t.name, seed, args: r.counterexample![0], message });
          console.log(
            `\nFINDING (${t.name}, seed ${seed}, ${r.numShrinks} shrinks):\n  input: ${JSON.stringify(r.counterexample![0])}\n  ${message}`,
          );
        }
      }
    }
    round++;
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  let total = 0;
  console.log(`\nfuzz: ${secs} s, ${round} rounds (seeds ${args.seed}..${args.seed + round - 1})`);
  for (const [name, n] of counts) {
    total += n;
    console.log(`  ${name.padEnd(14)} ${n.toLocaleString('en-US').padStart(12)} inputs`);
  }
  console.log(
    `  ${'total'.padEnd(14)} ${total.toLocaleString('en-US').padStart(12)} inputs; ${findings.size} new finding(s) (${repeats} more inputs of the same shapes); known src bugs matched: ${known.size === 0 ? 'none' : [...known.values()].map((k) => `${k.bug.id} ×${k.count}`).join(', ')}`,
  );
  for (const k of known.values()) console.log(`\nknown src bug ${k.bug.id}: ${k.bug.summary}\n  e.g. ${JSON.stringify(k.example)}`);
  for (const f of findings.values()) {
    const t = TARGETS.find((x) => x.name === f.target)!;
    console.log(
      `\n[${f.target}] ${f.message}\n  reproduce: node -e 'import("${CHECKS}").then((m) => console.log(m.${t.reproduce}(...${JSON.stringify(f.args).replace(/'/g, "'\\''")})))'`,
    );
  }
  return findings.size === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}

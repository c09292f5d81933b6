/**
 * Linear time for URI Templates: templates, values and URIs of 10 k, 100 k and 1 M
 * characters, in the shapes that make other implementations slow or hang: many expressions,
 * long literals, huge values with multi-byte characters and "%", long prefixes, and extraction
 * with `{/path*}`, `{a}{b}{c}`, `{?a,b,c}` and more against long matching and non-matching URIs.
 *
 *   npm run bench:linear:template                 every case
 *   npm run bench:linear:template -- --case=path  only cases whose name contains a word
 *
 * For each case: nanoseconds per character at each size, and the growth of that cost from 10 k
 * to 1 M characters; linear means about 1×, and the target is at most 20×. Exit status 1 when a
 * case passes it. The cases are test/support/worst-cases.ts's TEMPLATE_CASES;
 * test/template/linear.test.ts checks the work done on them without timing it.
 */
import { pathToFileURL } from 'node:url';
import { UriTemplate } from '../src/index.js';
import { TEMPLATE_CASES, type TemplateCase } from '../test/support/worst-cases.js';

/** Runs one case's work once; returns a number derived from the result. */
function runCase(c: TemplateCase, input: ReturnType<TemplateCase['build']>): number {
  const t = new UriTemplate(input.template);
  if (c.kind === 'compile') return t.variables.length;
  if (c.kind === 'expand') return t.expand(input.vars!).length;
  const r = t.extract(input.uri!);
  return r === null ? -1 : Object.keys(r).length;
}

/** The input's length in characters (the template and the value or URI). */
function sizeOf(input: ReturnType<TemplateCase['build']>): number {
  let n = input.template.length + (input.uri?.length ?? 0);
  for (const v of Object.values(input.vars ?? {})) n += typeof v === 'string' ? v.length : JSON.stringify(v ?? '').length;
  return n;
}

const SIZES = [10_000, 100_000, 1_000_000];
const GROWTH_LIMIT = 20;

function main(argv: readonly string[]): number {
  const words = argv.filter((a) => a.startsWith('--case=')).flatMap((a) => a.slice(7).split(','));
  const cases = TEMPLATE_CASES.filter((c) => words.length === 0 || words.some((w) => c.name.includes(w)));
  console.log('# URI Templates: linear time\n');
  console.log(
    `Node ${process.version}; the minimum of 5 runs (3 at 1 M) per size; ns/char = time ÷ (template + value or URI characters).\n`,
  );
  console.log('| case | what | 10 k ns/char | 100 k ns/char | 1 M ns/char | 1 M ÷ 10 k |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  let worst = 0;
  let sink = 0;
  for (const c of cases) {
    const perChar: number[] = [];
    for (const n of SIZES) {
      const input = c.build(n);
      const chars = sizeOf(input);
      let best = Infinity;
      for (let r = 0; r < (n >= 1_000_000 ? 3 : 5); r++) {
        const t0 = performance.now();
        sink += runCase(c, input);
        best = Math.min(best, performance.now() - t0);
      }
      perChar.push((best * 1e6) / chars);
    }
    const growth = perChar[2]! / perChar[0]!;
    worst = Math.max(worst, growth);
    console.log(
      `| ${c.name} | ${c.what} | ${perChar.map((x) => x.toFixed(1)).join(' | ')} | ${growth.toFixed(2)}×${growth > GROWTH_LIMIT ? ' **over**' : ''} |`,
    );
  }
  console.log(`\nWorst growth ${worst.toFixed(2)}× (limit ${GROWTH_LIMIT}×). sink ${sink}`);
  return worst > GROWTH_LIMIT ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));

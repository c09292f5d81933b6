/**
 * Linear time for URI Templates (issue 10): templates, values and URIs of 10 k, 100 k and 1 M
 * characters, in the shapes that make other implementations slow or hang: many expressions,
 * long literals, huge values with multi-byte characters and "%", long prefixes, and extraction
 * with `{/path*}`, `{a}{b}{c}`, `{?a,b,c}` and more against long matching and non-matching URIs.
 *
 *   npm run bench:linear:template                 every case
 *   npm run bench:linear:template -- --case=path  only cases whose name contains a word
 *
 * For each case: nanoseconds per character at each size, and the growth of that cost from 10 k
 * to 1 M characters; linear means about 1×, and the target is at most 20×. Exit status 1 when a
 * case passes it. The cases (TEMPLATE_CASES) are shared with test/template/linear.test.ts, which
 * checks the work done without timing it.
 */
import { pathToFileURL } from 'node:url';
import { type TemplateVariables, UriTemplate, UriTemplateSet } from '../src/index.js';

/** One shape: `build(n)` makes a template and an input of about n characters. */
export interface TemplateCase {
  name: string;
  what: string;
  /** match: UriTemplateSet.match over `templates` (then `template` is only what the report shows). */
  kind: 'compile' | 'expand' | 'extract' | 'match';
  build(n: number): { template: string; templates?: string[]; vars?: TemplateVariables; uri?: string };
  /** For extract: whether the URI matches. */
  matches?: boolean;
}

const rep = (unit: string, n: number): string => unit.repeat(Math.max(1, Math.floor(n / unit.length)));
/** The same text in a two-byte string (V8 keeps a slice in its parent's representation). */
const twoByte = (s: string): string => `${s}\u0100`.slice(0, -1);

export const TEMPLATE_CASES: readonly TemplateCase[] = [
  {
    name: 'many-expressions',
    what: '"{v}" repeated: compile and expand',
    kind: 'expand',
    build: (n) => ({ template: rep('{v}', n), vars: { v: 'x' } }),
  },
  {
    name: 'many-query-expressions',
    what: '"/{a}{?b,c}" repeated: compile and expand',
    kind: 'expand',
    build: (n) => ({ template: rep('/{a}{?b,c}', n), vars: { a: 'x', c: 'y z' } }),
  },
  {
    name: 'long-literal',
    what: 'a literal of "aé😀%41" repeated (non-ASCII encoded, triplets kept): compile only',
    kind: 'compile',
    build: (n) => ({ template: rep('aé😀%41', n) }),
  },
  {
    name: 'huge-value-U',
    what: '{v} with a value of "é%41😀 /" repeated (everything encoded)',
    kind: 'expand',
    build: (n) => ({ template: '/x/{v}', vars: { v: rep('é%41😀 /', n) } }),
  },
  {
    name: 'huge-value-UR',
    what: '{+v} with a value of "é%41😀 /%" repeated (triplets kept, the rest encoded)',
    kind: 'expand',
    build: (n) => ({ template: '/x/{+v}', vars: { v: rep('é%41😀 /%', n) } }),
  },
  {
    name: 'prefix-of-huge-value',
    what: '{v:9999} and {+v:9999} on a value of "😀é" repeated (only the prefix is read)',
    kind: 'expand',
    build: (n) => ({ template: '{v:9999}{+v:9999}', vars: { v: rep('😀é', n) } }),
  },
  {
    name: 'huge-list',
    what: '{/list*}{?list} with a list of "a b" members',
    kind: 'expand',
    build: (n) => ({ template: '{/list*}{?list}', vars: { list: rep('a b,', n / 2).split(',') } }),
  },
  {
    name: 'huge-assoc',
    what: '{?keys*} with an associative array of "kNNN=v é" members',
    kind: 'expand',
    build: (n) => ({
      template: '{?keys*}',
      vars: { keys: Object.fromEntries(Array.from({ length: Math.floor(n / 20) }, (_, i) => [`k${i}`, 'v é'])) },
    }),
  },
  {
    name: 'path-explode-match',
    what: '{/path*} against "/seg" repeated',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{/path*}', uri: rep('/seg', n) }),
  },
  {
    name: 'path-explode-fail',
    what: '{/path*} against "/seg" repeated and a space at the end (the ReDoS shape of Addressable)',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{/path*}', uri: `${rep('/seg', n - 1)} ` }),
  },
  {
    name: 'adjacent-match',
    what: '{a}{b}{c} against "a" repeated (every split is a candidate)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{a}{b}{c}', uri: rep('a', n) }),
  },
  {
    name: 'adjacent-fail',
    what: '{a}{b}{c} against "a" repeated and "/" at the end',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{a}{b}{c}', uri: `${rep('a', n - 1)}/` }),
  },
  {
    name: 'query-match',
    what: '{?a,b,c} against three long values',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{?a,b,c}', uri: `?a=${rep('x', n / 3)}&b=${rep('%C3%BC', n / 3)}&c=${rep('y', n / 3 - 12)}` }),
  },
  {
    name: 'query-fail',
    what: '{?a,b,c} against a long value and then "&d="',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{?a,b,c}', uri: `?a=${rep('x', n - 6)}&d=1` }),
  },
  {
    name: 'reserved-split',
    what: '{+a}/{+b} against "a/" repeated (U+R values, ambiguous splits)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{+a}/{+b}', uri: rep('a/', n) }),
  },
  {
    name: 'multibyte-value',
    what: '/{a}/x against "%F0%9F%98%80%C3%A9" repeated (UTF-8 checked triplet by triplet)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '/{a}/x', uri: `/${rep('%F0%9F%98%80%C3%A9', n - 3)}/x` }),
  },
  {
    name: 'long-prefix',
    what: '{a:9999}-{b} against "%C3%BC" repeated: a counted value (up to 9,999 characters), then the rest',
    kind: 'extract',
    matches: true,
    build: (n) => {
      const a = Math.min(Math.floor(n / 12), 9999) * 6;
      return { template: '{a:9999}-{b}', uri: `${rep('%C3%BC', a)}-${rep('%C3%BC', n - a)}` };
    },
  },
  {
    name: 'label-members',
    what: '{.x*} against ".a" repeated, held as two-byte text as a slice of a log line with a non-Latin-1 character is (each member decoded within its own range)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{.x*}', uri: twoByte(rep('.a', n)) }),
  },
  {
    name: 'prefix-after-value',
    what: '{x}{y:9999} against "a" repeated: a long prefix right after a value of the same characters (every split a candidate, every count a thread)',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{x}{y:9999}', uri: rep('a', n) }),
  },
  {
    name: 'prefix-after-value-fail',
    what: '{x}{y:9999} against "a" repeated and a space at the end',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{x}{y:9999}', uri: `${rep('a', n - 1)} ` }),
  },
  {
    name: 'prefix-after-prefix',
    what: '{x:9999}{y:9999}{z} against "a" repeated: two long prefixes in a row, then the rest',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{x:9999}{y:9999}{z}', uri: rep('a', n) }),
  },
  {
    name: 'two-prefixes-fail',
    what: '{x:9999}{y:9999} against "a" repeated (too long for both from 20 k on: no match)',
    kind: 'extract',
    matches: false,
    build: (n) => ({ template: '{x:9999}{y:9999}', uri: rep('a', Math.max(n, 20_000)) }),
  },
  {
    name: 'prefix-after-list',
    what: '{/x*}{/y:9999} against "/a" repeated: a long prefix after the members of a list',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{/x*}{/y:9999}', uri: rep('/a', n) }),
  },
  {
    name: 'reserved-prefix',
    what: '{+x}{+y:9999} against "%25a," repeated: U+R values, whose counts owe for "%25" until the next characters',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{+x}{+y:9999}', uri: rep('%25a,', n) }),
  },
  {
    name: 'query-prefix',
    what: '{?a}{&b:9999} against "?a=" and "a" repeated',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{?a}{&b:9999}', uri: `?a=${rep('a', n - 3)}` }),
  },
  {
    name: 'set-prefix',
    what: 'UriTemplateSet.match of /users/{id}, {/path*}, {x}{y:9999} against "a" repeated',
    kind: 'match',
    matches: true,
    build: (n) => ({ template: '{x}{y:9999}', templates: ['/users/{id}', '{/path*}', '{x}{y:9999}'], uri: rep('a', n) }),
  },
  {
    name: 'assoc-label',
    what: '{.keys*} against ".kN=v" repeated',
    kind: 'extract',
    matches: true,
    build: (n) => ({ template: '{.keys*}', uri: Array.from({ length: Math.floor(n / 8) }, (_, i) => `.k${i}=v`).join('') }),
  },
];

/**
 * One case's work on one input: `prepare` compiles the template (and, for extraction, warms up
 * its matcher on a short URI, so that building its automaton is not counted as URI work);
 * `run` does the work once and returns a number derived from the result.
 */
export function prepare(c: TemplateCase, input: ReturnType<TemplateCase['build']>): () => number {
  if (c.kind === 'compile') return () => new UriTemplate(input.template).variables.length;
  if (c.kind === 'match') {
    const set = new UriTemplateSet(input.templates!);
    set.match(input.uri!.slice(0, 100));
    return () => set.match(input.uri!)?.index ?? -1;
  }
  const t = new UriTemplate(input.template);
  if (c.kind === 'expand') return () => t.expand(input.vars!).length;
  t.extract(input.uri!.slice(0, 100));
  return () => {
    const r = t.extract(input.uri!);
    return r === null ? -1 : Object.keys(r).length;
  };
}

/** The input's length in characters (the template and the value or URI). */
export function sizeOf(input: ReturnType<TemplateCase['build']>): number {
  let n = (input.templates?.join('') ?? input.template).length + (input.uri?.length ?? 0);
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
    `Node ${process.version}; the minimum of 5 samples (3 at 1 M) per size, each about 1 M characters of work (100 runs at 10 k); ns/char = time ÷ (template + value or URI characters); an extraction's template is compiled and its matcher warmed up before the timed runs.\n`,
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
      const run = prepare(c, input);
      let best = Infinity;
      // Each sample does about 1 M characters of work (100 runs at 10 k), so that every size
      // pays its garbage collections as a long input does, not only the largest.
      const times = Math.max(1, Math.round(1_000_000 / chars));
      for (let r = 0; r < (n >= 1_000_000 ? 3 : 5); r++) {
        const t0 = performance.now();
        for (let k = 0; k < times; k++) sink += run();
        best = Math.min(best, performance.now() - t0);
      }
      perChar.push((best * 1e6) / (chars * times));
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

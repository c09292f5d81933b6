/**
 * The program that instructions.ts counts: `node count.js OPERATION CORPUS PASSES` runs one
 * operation over a corpus three times to warm up, then PASSES times more, and prints a sum so
 * that nothing is optimized away. Run with PASSES 0 and N under a counter, the difference is the
 * cost of N passes alone.
 */
import { isValid, normalize, OFFSETS_LENGTH, parse, scan } from '../src/index.js';
import { CORPORA, loadCorpus } from './corpus.js';

const len = (s: string | null | undefined): number => (s === undefined || s === null ? 0 : s.length);
const rec = new Uint32Array(OFFSETS_LENGTH);

/** The operations counted, each urikit's and its peer's (Node's URL), as the macro suites run them. */
export const OPERATIONS: Readonly<Record<string, (s: string) => number>> = {
  'urikit scan': (s) => scan(s, rec),
  'urikit isValid': (s) => (isValid(s) ? 1 : 0),
  'URL.canParse': (s) => (URL.canParse(s) ? 1 : 0),
  'urikit parse + reads': (s) => {
    try {
      const u = parse(s);
      return len(u.host) + u.path.length + len(u.query);
    } catch {
      return -1;
    }
  },
  'new URL + reads': (s) => {
    try {
      const u = new URL(s);
      return u.hostname.length + u.pathname.length + u.search.length;
    } catch {
      return -1;
    }
  },
  'urikit normalize': (s) => {
    try {
      return normalize(s).length;
    } catch {
      return -1;
    }
  },
  'new URL(s).href': (s) => {
    try {
      return new URL(s).href.length;
    } catch {
      return -1;
    }
  },
};

if (process.argv[1]?.endsWith('count.js')) {
  const [operation, corpus, passes] = process.argv.slice(2);
  const fn = OPERATIONS[operation!];
  const spec = CORPORA.find((c) => c.name === corpus);
  if (fn === undefined || spec === undefined || !/^\d+$/.test(passes ?? '')) {
    console.error(`usage: count.js OPERATION CORPUS PASSES (operations: ${Object.keys(OPERATIONS).join(', ')})`);
    process.exit(2);
  }
  const inputs = loadCorpus(spec).a;
  let sum = 0;
  for (let p = 0; p < 3 + Number(passes); p++) for (const s of inputs) sum += fn(s);
  console.log(sum);
}

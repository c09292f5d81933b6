/**
 * The exactness of scan: the scan that consumes runs with regular expressions and takes fast
 * paths against the reference tokenizer it replaced (test/support/reference-scan.ts, one table
 * lookup per code unit), under 13 option sets, as strings, as UTF-8 bytes and as those bytes read
 * by ByteView (Latin-1 text), and isValid's answer. Equal means the same return code, the same
 * error index, and every slot of the offsets record the same (the hint flags that only the new
 * scan writes aside: checkOffsets holds them to the text instead). The inputs: every line of the
 * corpora, and generated, mutated and random strings. test/syntax/exactness.slow.test.ts runs it on a
 * sample; `npm run exactness` (scripts/scan-exactness.ts) on millions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ByteView, isValid, OFFSETS_LENGTH, type ParseOptions, Slot, scan, scanBytes } from '../../src/index.js';
import { checkOffsets, NORMALIZE_HINTS } from '../../src/syntax/offsets.js';
import { grammar } from './abnf.js';
import { HOSTILE, hostileSoup, mutated } from './hostile.js';
import { benchData } from './paths.js';
import { referenceScan, referenceScanBytes } from './reference-scan.js';
import { Rng } from './rng.js';

/** The option sets every input is scanned under. */
export const OPTION_SETS: readonly (ParseOptions | undefined)[] = [
  undefined,
  { lenient: true },
  { iri: true },
  { zoneId: true },
  { absolute: true },
  { lenient: true, iri: true },
  { iri: true, zoneId: true },
  { lenient: true, absolute: true },
  { lenient: true, zoneId: true },
  { iri: true, absolute: true },
  { lenient: true, iri: true, zoneId: true, absolute: true },
  { maxLength: 24 },
  { lenient: true, maxLength: 60 },
];

/** Flag bits that only the new scan writes (normal-form hints), left out of the comparison. */
export const NEW_HINTS = NORMALIZE_HINTS;

/** One ByteView per option set. */
const VIEWS = OPTION_SETS.map((o) => new ByteView(o));

const got = new Uint32Array(OFFSETS_LENGTH);
const want = new Uint32Array(OFFSETS_LENGTH);
const utf8 = new TextEncoder();

/** What differs between two scans that returned `code`: '' when nothing does. */
function difference(code: number): string {
  if (code !== 0)
    return got[Slot.ERROR_INDEX] === want[Slot.ERROR_INDEX] ? '' : `error index ${got[Slot.ERROR_INDEX]} != ${want[Slot.ERROR_INDEX]}`;
  for (let k = 0; k < OFFSETS_LENGTH; k++) {
    const g = k === Slot.FLAGS ? got[k]! & ~NEW_HINTS : got[k]!;
    if (g !== want[k]) return `slot ${Object.keys(Slot)[k]} ${g} != ${want[k]}`;
  }
  return '';
}

/**
 * Scans `input` under every option set, as a string and as UTF-8 bytes (inside a larger buffer,
 * so that offsets start past 0), with the new scan and the reference. Returns a description of
 * the first difference, or '' when every result is the same.
 */
export function compareScan(input: string): string {
  const bytes = utf8.encode(` ${input}  `);
  let k = 0;
  for (const options of OPTION_SETS) {
    got.fill(0xdead);
    want.fill(0xbeef);
    const g = scan(input, got, options);
    const w = referenceScan(input, want, options);
    let d = g !== w ? `code ${g} != ${w}` : isValid(input, options) !== (w === 0) ? `isValid is ${w !== 0}` : difference(g);
    if (d === '' && g === 0) d = checkOffsets(got, input) ?? '';
    if (d !== '') return `${JSON.stringify(input)} ${JSON.stringify(options ?? {})}: ${d}`;
    got.fill(0xdead);
    want.fill(0xbeef);
    const gb = scanBytes(bytes, 1, bytes.length - 2, got, options);
    const wb = referenceScanBytes(bytes, 1, bytes.length - 2, want, options);
    d = gb !== wb ? `code ${gb} != ${wb}` : difference(gb);
    if (d !== '') return `${JSON.stringify(input)} ${JSON.stringify(options ?? {})} as bytes: ${d}`;
    // The same bytes through ByteView, which scans them as Latin-1 text (iri aside: bytes).
    const view = VIEWS[k++]!;
    const gv = view.scan(bytes, 1, bytes.length - 2);
    got.set(view.offsets);
    d = gv !== wb ? `code ${gv} != ${wb}` : difference(gv);
    if (d !== '') return `${JSON.stringify(input)} ${JSON.stringify(options ?? {})} as Latin-1 text of bytes: ${d}`;
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/** The lines of bench/data (both halves of a pairs file) and of each extra file. */
export function corpusLines(extra: readonly string[] = []): string[] {
  const files = readdirSync(benchData(''))
    .filter((f) => f.endsWith('.txt') || f.endsWith('.tsv'))
    .map((f) => benchData(f));
  const out: string[] = [];
  for (const f of [...files, ...extra]) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (line === '') continue;
      const tab = f.endsWith('.tsv') ? line.indexOf('\t') : -1;
      if (tab === -1) out.push(line);
      else out.push(line.slice(0, tab), line.slice(tab + 1));
    }
  }
  return out;
}

/** Pieces that lengthen runs, break them, or sit where a run ends. */
const RUN_PIECES = [
  'abcdefghij',
  'a/b/c/d/e/',
  '/./',
  '/../',
  '.',
  '/.',
  '%41',
  // Encodings of each hint level (PCT_LEVELS): kept as they are, lower-case, unreserved, both.
  '%E6%9D%B1%E4%BA%AC',
  '%2F%3A%3D%26',
  '%c3%a9',
  '%2e',
  '%7E%5F',
  '%7e',
  '%C3%A9'.repeat(12),
  'q=%D0%9C%D0%BE+x&y=%3D',
  '%4',
  '%',
  '%zz',
  '?',
  '#',
  '@',
  ':',
  '/',
  '//',
  '[',
  ']',
  ' ',
  '"',
  '\\',
  'é',
  '\u{1F600}',
  '\uD800',
  '\u00A0',
  '\u0085',
  '\u009B',
  '\u0000',
  'x'.repeat(40),
  "~!$&'()*+,;=",
  'A-Z_0.9',
];

/** A random edit of s: a hostile piece inserted or put in place of a character, a character deleted, a slice repeated. */
function edit(rng: Rng, s: string): string {
  const at = rng.int(s.length + 1);
  switch (rng.int(5)) {
    case 0:
      return s.slice(0, at) + rng.pick(HOSTILE) + s.slice(at);
    case 1:
      return s.slice(0, at) + rng.pick(RUN_PIECES) + s.slice(at + 1);
    case 2:
      return s.slice(0, at) + s.slice(at + 1);
    case 3: {
      // A run made long: a slice repeated.
      const to = Math.min(s.length, at + 1 + rng.int(12));
      return s.slice(0, to) + s.slice(at, to).repeat(1 + rng.int(8)) + s.slice(to);
    }
    default:
      return s.slice(0, at) + rng.pick(RUN_PIECES).repeat(1 + rng.int(4)) + s.slice(at);
  }
}

const PREFIXES = [
  'http://',
  'https://',
  'HTTP://',
  'http:',
  'https:/',
  'file:///',
  'mailto:',
  '//',
  '/',
  '',
  'x:',
  'a.b+c-d:',
  'http://u:p@',
  'http://[::1]',
  'http://h:80',
];

/** A string of random pieces after a random prefix: no grammar at all. */
function randomInput(rng: Rng): string {
  let s = rng.pick(PREFIXES);
  const n = rng.geo(0.15, 30);
  for (let k = 0; k < n; k++) s += rng.chance(0.7) ? rng.pick(RUN_PIECES) : String.fromCharCode(rng.int(rng.chance(0.9) ? 0x80 : 0x10000));
  return s;
}

/** Pieces of long valid URIs: what SIMD_MIN and more characters of a common shape are made of. */
const LONG_PIECES = ['abc', '/', '/d.e', '?', '&k=v', '=', '%41', '%E6%9D%B1', '%2F', '%c3%a9', '%7e', '.', '-_~', "!$'()*+,;", ':@', '#'];

/**
 * A long input: a common prefix, then valid pieces to SIMD_MIN characters and past (the shapes
 * the WebAssembly scan takes), with one hostile piece or random edit in three of them.
 */
function longInput(rng: Rng): string {
  let s = rng.pick(['http://a.example', 'https://x', 'ftp://1.2.3.4', 'a+b.c-d://h.example', '/', '/p', 'http://', 'HTTP://a', 'http://A']);
  const length = 60 + rng.int(300);
  while (s.length < length) s += rng.pick(LONG_PIECES);
  if (rng.chance(1 / 3)) s = edit(rng, s);
  return s;
}

/**
 * `count` generated inputs, deterministic for a seed: grammar samples (plain, and IRI with zone
 * identifiers), corpus lines and grammar samples with one to three random edits, hostile soup,
 * random strings, and long inputs of the common shapes, in about equal parts.
 */
export function* generated(count: number, seed: number, lines: readonly string[]): Generator<string> {
  const rng = new Rng(seed);
  const pool = fc.sample(
    fc.oneof(grammar().uriReference, grammar({ iri: true, zoneId: true }).uriReference, mutated(grammar().uriReference), hostileSoup),
    {
      numRuns: Math.min(count, 50_000),
      seed,
    },
  );
  for (let k = 0; k < count; k++) {
    const kind = k % 5;
    if (kind === 4) {
      yield longInput(rng);
      continue;
    }
    if (kind === 0) {
      yield pool[k % pool.length]!;
      continue;
    }
    if (kind === 3) {
      yield randomInput(rng);
      continue;
    }
    let s = kind === 1 && lines.length > 0 ? rng.pick(lines) : rng.pick(pool);
    const edits = 1 + rng.int(3);
    for (let e = 0; e < edits; e++) s = edit(rng, s);
    yield s;
  }
}

/**
 * Runs the comparison over every `stride`-th corpus line and `count` generated inputs; returns the
 * number of inputs and the differences found (at most `keep`).
 */
export function run(
  count: number,
  seed: number,
  extra: readonly string[] = [],
  keep = 10,
  stride = 1,
): { inputs: number; differences: string[] } {
  const lines = corpusLines(extra).filter((_, k) => k % stride === 0);
  const differences: string[] = [];
  let inputs = 0;
  const check = (s: string): void => {
    inputs++;
    const d = compareScan(s);
    if (d !== '' && differences.length < keep) differences.push(d);
  };
  for (const s of lines) check(s);
  for (const s of generated(count, seed, lines)) check(s);
  return { inputs, differences };
}

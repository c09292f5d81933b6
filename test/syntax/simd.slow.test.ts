/**
 * The WebAssembly scan of long inputs (src/syntax/simd.ts): the record the machine writes for
 * every input it takes, each shape it leaves to the machine, and the library's answers where
 * WebAssembly or its SIMD instructions are missing.
 */
import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isValid, OFFSETS_LENGTH, Slot, scan } from '../../src/index.js';
import { checkOffsets, Flag, NORMALIZE_HINTS } from '../../src/syntax/offsets.js';
import { SIMD_MIN, SIMD_MIN_VALID, simdScan } from '../../src/syntax/simd.js';
import { SIMD_MAX } from '../../src/syntax/simd-code.js';
import { root } from '../support/paths.js';
import { referenceScan } from '../support/reference-scan.js';
import { Rng } from '../support/rng.js';

const got = new Uint32Array(OFFSETS_LENGTH);
const want = new Uint32Array(OFFSETS_LENGTH);
/** `s` padded with "a" to `n` characters where `at` says ("x" marks the place). */
const long = (s: string, n = 200): string => s.replace('x', 'a'.repeat(Math.max(1, n - s.length + 1)));

/** simdScan takes `s` and writes the record the reference machine writes (every flag, hints too). */
function taken(s: string): void {
  got.fill(0xdead);
  want.fill(0xbeef);
  assert.is(simdScan(s, got, false), 0, s);
  assert.is(referenceScan(s, want), 0, s);
  for (let k = 0; k < OFFSETS_LENGTH; k++) if (k !== Slot.FLAGS) assert.is(got[k], want[k], `${s}: slot ${Object.keys(Slot)[k]}`);
  // The reference writes no normalization hints: checkOffsets holds them to the text.
  assert.is(got[Slot.FLAGS]! & ~NORMALIZE_HINTS, want[Slot.FLAGS], `${s}: flags`);
  assert.is(checkOffsets(got, s), undefined, s);
}

test('a long URI of each common shape: the record of the machine, hints held to the text', () => {
  for (const s of [
    long('https://en.wikipedia.org/wiki/x'),
    long('https://www.google.com/search?q=x&oq=%E6%9D%B1%E4%BA%AC'),
    long('https://a.example/%c3%a9/x?y#z'),
    long('https://a.example/%7E%41x#%2e'),
    long('http://a/b/./c/../x'),
    long('http://a/b?/./x'),
    long('http://a/b#/./x?c'),
    long('http://1.2.3.4/x'),
    long('http://1.2.3.4.5/x'),
    long('http://a/?x'),
    long('http://a#x'),
    long('http://a?x'),
    long('file:///x'),
    long('a+b.c-d://h/x'),
    long('/a/x?q=%41#f'),
    long('/./x'),
    long('/x', SIMD_MIN),
    long('https://x/y', SIMD_MAX),
  ])
    taken(s);
});

test('a host of every length up to 80, ending at each lane of a block, or with the input', () => {
  // The module reads the host 16 bytes at a time; what lies past the input in its memory is the
  // last longer input's bytes (here host characters), which must not lengthen the host.
  const stale = `https://${'h'.repeat(300)}`;
  for (let n = 1; n <= 80; n++) {
    const host = 'h'.repeat(n);
    for (const rest of ['', `/${'p'.repeat(70)}`, `?${'q'.repeat(70)}`, `#${'f'.repeat(70)}`]) {
      assert.is(simdScan(stale, got, false), 0);
      taken(`http://${host}${rest}`);
      assert.is(isValid(`http://${host}${rest}`), true);
    }
    for (const stop of [':80', '@u', '%41', 'A', ' ', '\u00e9', '[']) {
      const s = `http://${host}${stop}/${'p'.repeat(70)}`;
      assert.is(simdScan(s, got, false), -1, s);
      assert.is(isValid(s), referenceScan(s, want) === 0, s);
    }
  }
});

test('an input of multi-byte characters leaves the module as it was', () => {
  // 10,999 code units of up to three bytes each: their UTF-8 would run past the input's room into
  // the module's table of scheme characters, here with a NUL where ":" is looked up (so that a
  // scheme would stop there and take any other byte). It is written only as far as the room.
  const crafted = `http://a/${'\u4e00'.repeat(10_939)}\u0000${'\u4e00'.repeat(50)}`;
  assert.is(crafted.length, 10_999);
  assert.is(isValid(crafted), false);
  assert.is(scan(crafted, got), referenceScan(crafted, want));
  const spaced = long('h t://a.example/x', 200);
  assert.is(isValid(spaced), false);
  assert.is(scan(spaced, got), referenceScan(spaced, want));
  assert.is(simdScan(long('h%t://a.example/x', 200), got, false), -1);
  taken(long('https://a.example/x?q=%41#f'));
});

test('the record of one input, slot by slot', () => {
  const s = `https://a.example/p%c3%a9/${'b'.repeat(60)}?q=%7E#f`;
  assert.is(simdScan(s, got, false), 0);
  const q = s.indexOf('?');
  assert.equal(
    [got[Slot.SCHEME_END], got[Slot.HOST_START], got[Slot.HOST_END], got[Slot.PATH_START], got[Slot.PATH_END]],
    [5, 8, 17, 17, q],
  );
  assert.equal([got[Slot.QUERY_START], got[Slot.QUERY_END], got[Slot.FRAGMENT_START], got[Slot.LENGTH]], [q + 1, q + 6, q + 7, s.length]);
  assert.is(
    got[Slot.FLAGS],
    Flag.SCHEME | Flag.AUTHORITY | Flag.QUERY | Flag.FRAGMENT | Flag.PERCENT | Flag.PCT_LOWER | Flag.PCT_UNRESERVED,
  );
});

test('what the module leaves to the machine: scan and isValid still answer as the machine does', () => {
  for (const s of [
    long('HTTPS://a.example/x'), // an upper-case scheme
    long('https://A.example/x'), // an upper-case host
    long('https://a.example:8080/x'), // a port
    long('https://u@a.example/x'), // userinfo
    long('https://[::1]/x'), // an IP literal
    long('https://a%41.example/x'), // a "%" in the host
    long('mailto:x'), // no "//"
    long('https:/x'),
    long('1http://a/x'), // no scheme
    long('//a.example/x'), // a network-path reference
    long('a/b/x'), // a relative path
    long('https://a/x b'), // outside the grammar
    long('https://a/x%zz'),
    long('https://a/x%4'),
    long('https://a/x%'),
    long('https://a/x#b#c'), // a second "#"
    long('https://a/x[b]'),
    long('https://a/é/x'), // outside ASCII
    long('https://a/\u0000/x'),
    long('https://a/x', SIMD_MAX + 1), // too long for its memory
  ]) {
    if (s.length <= SIMD_MAX) assert.is(simdScan(s, got, false), -1, s);
    const code = scan(s, got);
    assert.is(code, referenceScan(s, want), s);
    if (code === 0) for (let k = 0; k < OFFSETS_LENGTH; k++) if (k !== Slot.FLAGS) assert.is(got[k], want[k], s);
    assert.is(isValid(s), code === 0, s);
  }
  // With `absolute`, a path is not taken.
  assert.is(simdScan(long('/a/x'), got, true), -1);
  assert.is(simdScan(long('http://a/x'), got, true), 0);
  assert.is(scan(long('/a/x'), got, { absolute: true }) !== 0, true);
});

test('isValid of long inputs: valid ones, and each way to be invalid', () => {
  assert.ok(SIMD_MIN_VALID > SIMD_MIN);
  assert.ok(isValid(long('https://a.example/x?q=%E6%9D%B1#f', 300)));
  assert.ok(isValid(long('/x?q=%e6', 300)));
  assert.not.ok(isValid(long('https://a.example/x?q=%E6%9D%B#f', 300)));
  assert.not.ok(isValid(long('https://a.example/x?q=a b', 300)));
  assert.not.ok(isValid(long('https://a.example/x#a#b', 300)));
  assert.ok(isValid(long('https://a.example:80/x', 300)), 'a port: the machine says valid');
});

test("isValid asks the module for no record: its answer is the reference machine's on thousands of long inputs with a byte changed", () => {
  // The module then skips what only the record's flags need ("/.", the case and value of each
  // "%XX"): a "%", "#" or byte it must still reject may sit at any lane of any block.
  const rng = new Rng(32);
  const bytes = ['%', '#', ' ', '?', '/', '.', 'G', 'f', '0', '%2', '%4', '%7E', '%zz', '\u00e9', '^', '"'];
  const bases = [
    'https://a.example/p/x?q=%E6%9D%B1&r=%7e#f',
    'http://h.example/x%2Fy/z?utm=%C3%A9%20b',
    '/x/%41%2e%2E/y?z=%ff',
    'ftp://f.example/x',
  ];
  let n = 0;
  for (const base of bases)
    for (let k = 0; k < 1500; k++) {
      const s0 = long(base, SIMD_MIN_VALID + rng.int(200));
      const at = rng.int(s0.length);
      const s = s0.slice(0, at) + bytes[rng.int(bytes.length)]! + s0.slice(at + (rng.chance(0.5) ? 1 : 0));
      assert.is(isValid(s), referenceScan(s, want) === 0, s);
      n++;
    }
  assert.is(n, 6000);
});

/** What a child Node prints for a script that imports the library, run with `flags`. */
function child(flags: string[], script: string): string {
  const env = { ...process.env, URIKIT_INDEX: `${root}build/src/index.js`, URIKIT_SIMD: `${root}build/src/syntax/simd.js` };
  const r = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8', env });
  assert.is(r.status, 0, r.stderr);
  return r.stdout;
}

/** A script that prints, for long inputs, isValid, scan's code and record, and a parsed query. */
const ANSWERS = `
  const { isValid, scan, parse, OFFSETS_LENGTH } = await import(process.env.URIKIT_INDEX);
  const { simdScan } = await import(process.env.URIKIT_SIMD);
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const inputs = ['https://a.example/' + 'b%41'.repeat(40) + '?q#f', '/p/' + 'c'.repeat(120), 'https://a/' + 'é'.repeat(80), 'https://a/%zz' + 'd'.repeat(120)];
  const out = inputs.map((s) => [isValid(s), scan(s, rec), [...rec], simdScan(s, null, false)]);
  out.push(parse(inputs[0]).query);
  console.log(JSON.stringify(out));
`;

test('without WebAssembly, or without its SIMD instructions, the same answers', () => {
  const here = child([], ANSWERS);
  const parsed = JSON.parse(here) as unknown[];
  assert.equal(
    parsed.map((a) => (Array.isArray(a) ? a[3] : a)),
    [0, 0, -1, -1, 'q'],
    'here the module takes the first two',
  );
  const without = (answers: string): unknown[] => (JSON.parse(answers) as unknown[]).map((a) => (Array.isArray(a) ? a.slice(0, 3) : a));
  const same = (JSON.parse(here) as unknown[]).map((a) => (Array.isArray(a) ? a.slice(0, 3) : a));
  // --jitless: no WebAssembly at all.
  assert.equal(without(child(['--jitless'], ANSWERS)), same);
  // A CPU without SSE4.1: the module does not compile.
  const noSimd = child(
    ['--no-enable-sse4-1', '--no-enable-sse4-2', '--no-enable-avx', '--no-enable-avx2', '--no-wasm-simd-ssse3-codegen'],
    ANSWERS,
  );
  assert.equal(without(noSimd), same);
  assert.equal(
    (JSON.parse(noSimd) as unknown[][]).slice(0, 2).map((a) => a[3]),
    [-1, -1],
    'the module did not load',
  );
});

test.run();

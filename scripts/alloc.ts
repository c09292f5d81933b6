/**
 * Bytes allocated on the V8 heap per call of `scan`, `isValid`, `parse`, `isValidWeb` and `parseWeb` (`npm run alloc`).
 *
 * Method (printed with the results):
 *
 * V8 allocates young objects by bumping a pointer in the new space, and `heapUsed`
 * (`process.memoryUsage()`) counts the bytes between the start of the new space and that pointer,
 * dead or alive, until the next scavenge resets it. So with no garbage collection inside a
 * measurement window, the growth of `heapUsed` over the window is exactly the bytes the window
 * allocated on the JavaScript heap. To get such windows the script runs with a fixed, large new
 * space (`--min-semi-space-size=64 --max-semi-space-size=64`, MB), calls `gc()` (`--expose-gc`)
 * before each window, keeps each window's allocation well below the new space's size, and
 * watches `gc` performance entries: a window during which any collection ran is discarded and
 * reported as such.
 *
 * Per function: warm up (so that it is optimized, its feedback and inline caches settled), then 5
 * windows of N calls over real corpus lines; bytes/call = (heapUsed growth − the growth of the
 * same loop around a function that does nothing) / N, median of the windows. The loop keeps
 * each result in a ring of 1024 slots, so that an object the function returns really escapes
 * (otherwise TurboFan's escape analysis may remove it and hide what a caller who keeps the
 * result pays). A control that allocates a known object (`{ a, b }`: 24-byte header (map,
 * properties, elements) + two 8-byte fields = 40 bytes, Node's builds having no pointer
 * compression) shows the method's accuracy. By the same rule a `Uri` with F fields is 24 + 8 F
 * bytes (16 fields today: 152).
 *
 * Not counted: memory outside the JavaScript heap (ArrayBuffer backing stores, malloc); the
 * functions measured create none.
 */

import { readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { isValid, isValidWeb, OFFSETS_LENGTH, parse, scan, tryParse, tryParseWeb, Uri } from '../src/index.js';

type Fn = (s: string) => unknown;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('Run with: node --expose-gc --min-semi-space-size=64 --max-semi-space-size=64 build/scripts/alloc.js (npm run alloc)');
  process.exit(2);
}

const DATA = new URL('../../bench/data/', import.meta.url);
function lines(file: string): string[] {
  return readFileSync(new URL(file, DATA), 'utf8')
    .split('\n')
    .filter((s) => s !== '');
}

// GC watch: every gc entry's time span, to discard windows that contain one.
const gcSpans: Array<[number, number]> = [];
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcSpans.push([e.startTime, e.startTime + e.duration]);
});
obs.observe({ entryTypes: ['gc'] });
const flush = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A loop of its own per function (own type feedback, as in bench/harness.ts). */
function makeLoop(fn: Fn): (inputs: readonly string[], calls: number) => number {
  return new Function(
    'fn',
    `"use strict";
const ring = new Array(1024).fill(fn(''));
return function loop(inputs, calls) {
  const n = inputs.length;
  let j = 0;
  for (let k = 0; k < calls; k++) {
    ring[k & 1023] = fn(inputs[j]);
    if (++j === n) j = 0;
  }
  return ring.length;
};`,
  )(fn) as (inputs: readonly string[], calls: number) => number;
}

interface Measured {
  perCall: number;
  windows: number;
  discarded: number;
}

const WINDOWS = 5;

async function bytesPerCall(fn: Fn, inputs: readonly string[], calls: number): Promise<{ deltas: number[]; discarded: number }> {
  const loop = makeLoop(fn);
  for (let w = 0; w < 20; w++) loop(inputs, Math.min(calls, 50000)); // warm up: optimize
  const out: number[] = [];
  let discarded = 0;
  let tries = 0;
  while (out.length < WINDOWS && tries < WINDOWS * 4) {
    tries++;
    gc!();
    gc!();
    await flush();
    const t0 = performance.now();
    const before = process.memoryUsage().heapUsed;
    loop(inputs, calls);
    const after = process.memoryUsage().heapUsed;
    const t1 = performance.now();
    await flush();
    if (gcSpans.some(([s, e]) => e >= t0 && s <= t1)) {
      discarded++;
      continue;
    }
    out.push(after - before);
  }
  return { deltas: out, discarded };
}

function median(xs: number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

async function measure(fn: Fn, inputs: readonly string[], calls: number, baseline: number): Promise<Measured> {
  const { deltas, discarded } = await bytesPerCall(fn, inputs, calls);
  return { perCall: (median(deltas) - baseline) / calls, windows: deltas.length, discarded };
}

async function main(): Promise<void> {
  const all = [...lines('ada_kasztp.txt'), ...lines('elastic_apache_referrers.txt'), ...lines('elastic_apache_request_targets.txt')];
  const valid = all.filter((s) => isValid(s));
  const invalid = all.filter((s) => !isValid(s));
  const validWeb = all.filter((s) => isValidWeb(s));
  const invalidWeb = all.filter((s) => !isValidWeb(s));
  // The same lines made long with a percent-encoded title and query, as logs hold them: the
  // inputs that src/syntax/simd.ts scans (SIMD_MIN characters and more).
  const long = valid.map(
    (s, k) => `${s.split(/[?#]/)[0]}/${'T%C3%ADtulo_%E6%9D%B1'.repeat(2 + (k % 5))}?q=${'caf%C3%A9+'.repeat(3 + (k % 7))}`,
  );
  const rec = new Uint32Array(OFFSETS_LENGTH);
  // A record that scan filled for a typical URL, for constructing views without parsing.
  const viewRec = new Uint32Array(OFFSETS_LENGTH);
  scan('https://example.com/a/b?c=d', viewRec);
  const CALLS = 100_000;

  console.log('# urikit: bytes allocated per call\n');
  console.log(
    `Node ${process.version}, ${valid.length} valid and ${invalid.length} invalid corpus lines, ${CALLS} calls per window, median of ${WINDOWS} windows.\n`,
  );
  console.log(
    [
      'Method: with a fixed 64 MB new space and gc() before each window, process.memoryUsage().heapUsed',
      'grows by exactly the bytes allocated on the JS heap while no collection runs (bump-pointer',
      'allocation); windows during which a gc performance entry shows a collection are discarded.',
      'bytes/call = (growth - growth of the same loop around a no-op) / calls. Results are kept in a',
      'ring so that escape analysis cannot remove a returned object. Off-heap memory is not counted.',
    ].join('\n'),
  );

  const baseline = median((await bytesPerCall((s) => s, valid, CALLS)).deltas);
  console.log(
    `\nHarness baseline (no-op loop): ${baseline} bytes per window, so values within about ±${(baseline / CALLS).toFixed(2)} B/call of 0 are 0.\n`,
  );

  let k = 0;
  const cases: Array<[string, Fn, readonly string[], string]> = [
    ['control: { a, b } literal', (s) => ({ a: s, b: ++k }), valid, '40 (24 header + 2 × 8)'],
    ['scan(s, record) (valid)', (s) => scan(s, rec), valid, '0'],
    ['scan(s, record) (invalid)', (s) => scan(s, rec), invalid, '0'],
    ['isValid(s) (valid)', (s) => isValid(s), valid, '0'],
    ['isValid(s) (invalid)', (s) => isValid(s), invalid, '0'],
    ['scan(s, record) (long, percent-encoded)', (s) => scan(s, rec), long, '0'],
    ['isValid(s) (long, percent-encoded)', (s) => isValid(s), long, '0'],
    ['new Uri(s, record) (the view alone)', (s) => new Uri(s, viewRec), valid, 'one Uri: 24 + 8 × fields'],
    ['parse(s) (the view only)', (s) => parse(s), valid, 'one Uri: 24 + 8 × fields'],
    ['tryParse(s) (valid)', (s) => tryParse(s), valid, 'one Uri: 24 + 8 × fields'],
    ['tryParse(s) (invalid)', (s) => tryParse(s), invalid, '0'],
    ['isValidWeb(s) (valid)', (s) => isValidWeb(s), validWeb, '0'],
    ['isValidWeb(s) (invalid)', (s) => isValidWeb(s), invalidWeb, '0'],
    ['tryParseWeb(s) (valid, the view only)', (s) => tryParseWeb(s), validWeb, 'one Uri (a serialized input is its own href)'],
    [
      'parse(s) + host, path, query',
      (s) => {
        const u = parse(s);
        void u.host;
        void u.path;
        void u.query;
        return u;
      },
      valid,
      'Uri + slices (informative)',
    ],
  ];
  console.log('| call | bytes/call | windows kept (discarded) | expected |');
  console.log('| --- | ---: | ---: | --- |');
  const json: Record<string, number> = {};
  for (const [name, fn, inputs, expected] of cases) {
    const m = await measure(fn, inputs, CALLS, baseline);
    json[name] = m.perCall;
    console.log(`| ${name} | ${m.perCall.toFixed(2)} | ${m.windows} (${m.discarded}) | ${expected} |`);
  }
  // For bench/run.ts, which checks the allocation targets: one machine-readable line.
  if (process.env.URIKIT_ALLOC_JSON === '1') console.log(`@@json ${JSON.stringify(json)}`);
  obs.disconnect();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

/**
 * File paths against Node's own `node:url` (the Node that runs it):
 *
 *   node build/scripts/differential/caps-node.js [--write] [--all]
 *
 *   pathToFileUri(path, { windows })   pathToFileURL(path, { windows }).href
 *   fileUriToPath(uri, { windows })    fileURLToPath(uri, { windows })
 *
 * on generated POSIX, Windows drive and UNC paths, and the URIs of both. Disagreements are
 * explained by the classes of test/fixtures/divergences-capabilities.json ("check": "node");
 * `--write` records the rows in test/fixtures/capabilities/node.json.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { tryParse } from '../../src/index.js';
import type { CapabilityRow } from '../../test/support/capabilities.js';
import { NODE_OPS, type NodeAnswer } from '../../test/support/capabilities-node.js';
import { finish } from './caps.js';

const answer = (f: () => string): NodeAnswer => {
  try {
    return { ok: f() };
  } catch (e) {
    return { error: String((e as { code?: unknown }).code ?? (e as Error).name) };
  }
};
const joined = (parts: string[], max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...parts), { maxLength: max }).map((a) => a.join(''));
const segment = joined(['a', 'B', 'b c', 'ü', '%', '#', '?', '.', '..', '[', ']', ';', '@', ':', '~', '+', '|', '^', '`', '{'], 4);
const sample = <T>(a: fc.Arbitrary<T>, seed: number): T[] => [...new Set(fc.sample(a, { seed, numRuns: 250 }))];

const posixPaths = sample(
  fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join('/')}`),
  3601,
);
const windowsPaths = sample(
  fc
    .tuple(
      fc.constantFrom('C:\\', 'c:/', 'Z:\\', '\\\\srv\\share\\', '\\\\sérver\\s\\', 'rel\\', 'C:', '\\\\x'),
      fc.array(segment, { maxLength: 3 }),
    )
    .map(([head, s]) => head + s.join('\\')),
  3602,
);
const rows: CapabilityRow[] = [];
for (const p of posixPaths)
  rows.push({ op: 'pathToFileUri', input: [p, false], oracle: answer(() => pathToFileURL(p, { windows: false }).href) });
for (const p of windowsPaths)
  rows.push({ op: 'pathToFileUri', input: [p, true], oracle: answer(() => pathToFileURL(p, { windows: true }).href) });

// The URIs back to paths: those of the paths, and some that no path gives.
const uris = [
  ...new Set([
    ...rows.flatMap((r) => ('ok' in (r.oracle as NodeAnswer) ? [(r.oracle as { ok: string }).ok] : [])),
    'file://localhost/a',
    'file://h/a',
    'file:///a%2Fb',
    'file:///C:/a%5Cb',
    'file:///%FF',
    'file://',
    'file:/a/b',
    'FILE:///x',
    'http://h/x',
  ]),
].filter((u) => tryParse(u) !== null);
for (const u of uris) {
  for (const w of [false, true]) rows.push({ op: 'fileUriToPath', input: [u, w], oracle: answer(() => fileURLToPath(u, { windows: w })) });
}

const isError = (v: unknown): boolean => typeof v === 'object' && v !== null && 'error' in v;
process.exitCode = finish('node', rows, NODE_OPS, {
  // Node resolves a relative path against the working directory; urikit asks for an absolute one.
  'node-resolves-relative': (r) => isError(r.urikit) && !isError(r.oracle),
  // Node resolves the path first: ".", ".." and repeated separators go; urikit takes it as it is.
  // Node writes a drive's root C:\ as file:///C:// (two slashes), a path with an empty segment.
  'node-drive-root': (r) => /^[A-Za-z]:[\\/]$/.test((r.input as [string])[0]),
  // A UNC server name that no reg-name holds: Node keeps it as written ("`") or drops it ("["); urikit encodes it.
  'node-unc-host': (r) => /^\\\\[^\\]*[^-\w.~\\]/.test((r.input as [string])[0]),
  'node-resolves-dots': (r) => {
    const [p, windows] = r.input as [string, boolean];
    // Past a UNC path's leading "\\\\": an empty, "." or ".." segment.
    return !isError(r.urikit) && /[\\/]{2}|[\\/]\.\.?(?:[\\/]|$)/.test(windows ? p.slice(2) : p);
  },
});

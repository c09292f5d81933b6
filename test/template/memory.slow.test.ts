/**
 * Memory of matching: many templates against one long URI keep what one match needs, not the
 * templates times the URI's length. Measured in a child process of its own (peak RSS, and the
 * ArrayBuffer memory still held once the match is done and collected).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const MB = 1024 * 1024;
const index = fileURLToPath(new URL('../../src/index.js', import.meta.url));

/** Runs `body` (ES module code with UriTemplateSet in scope) in a fresh Node; returns what it prints as JSON. */
function child(body: string): Record<string, number> {
  const script = `import { UriTemplateSet } from ${JSON.stringify(index)};\n${body}`;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 300_000 });
  assert.is(r.status, 0, `the child failed (${r.signal ?? r.status}): ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout) as Record<string, number>;
}

test('1,000 templates and a 1 MB URI: the work arrays are those of one match, made small again after it', () => {
  const out = child(`
    /** The ArrayBuffer memory still held (those let go are freed a little after a collection). */
    async function held() {
      for (let k = 0; k < 3; k++) {
        globalThis.gc();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return process.memoryUsage().arrayBuffers;
    }
    const templates = [];
    // 900 in the set's tree, and 100 that the automaton reads to the end of the URI.
    for (let i = 0; i < 900; i++) templates.push('/api/r' + i + '/{id}{?page}');
    for (let i = 0; i < 100; i++) templates.push('{/p*}/t' + i);
    const set = new UriTemplateSet(templates);
    const uri = '/a'.repeat(524_000) + '/t99';
    const m = set.match(uri);
    const index = set.indexOf(uri);
    const members = m.variables.p.length;
    const afterLong = await held();
    const short = set.match('/a/b/t99').index;
    const afterShort = await held();
    console.log(JSON.stringify({ match: m.index, index, members, short, afterLong, afterShort, maxRSS: process.resourceUsage().maxRSS * 1024 }));
  `);
  assert.equal([out.match, out.index, out.members, out.short], [999, 999, 524_000, 999]);
  // One match of a 1 MB URI needs a few tens of MB (its records, spans and values), and the
  // arrays for it are shared by the 100 templates the automaton reads, not one set each.
  assert.ok(out.maxRSS! < 400 * MB, `peak RSS ${(out.maxRSS! / MB).toFixed(0)} MB`);
  assert.ok(out.afterLong! < 48 * MB, `${(out.afterLong! / MB).toFixed(1)} MB of ArrayBuffers kept after the long URI`);
  // A short URI after it makes them small again.
  assert.ok(out.afterShort! < 4 * MB, `${(out.afterShort! / MB).toFixed(1)} MB of ArrayBuffers kept after a short one`);
});

test('a small set whose routes share a beginning costs kilobytes, not a table of every two characters', () => {
  const out = child(`
    globalThis.gc();
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const before = used();
    const sets = [];
    // "/r" leads to both: the root reads their children by two characters.
    for (let i = 0; i < 2000; i++) sets.push(new UriTemplateSet(['/ra/{x}', '/re/{y}']));
    const found = [sets[7].match('/ra/1').index, sets[7].match('/re/2').index, sets[7].indexOf('/ri/3')];
    globalThis.gc();
    console.log(JSON.stringify({ perSet: (used() - before) / sets.length, a: found[0], b: found[1], c: found[2] }));
  `);
  assert.equal([out.a, out.b, out.c], [0, 1, -1]);
  // About 13 kB a set; a row of 128 entries for each child that is only a way on, where a
  // table of 128 × 128 entries made it some 140 kB.
  assert.ok(out.perSet! < 32 * 1024, `${(out.perSet! / 1024).toFixed(1)} kB a set`);
});

test.run();

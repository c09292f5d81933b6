/**
 * src/syntax/tables.ts is what its generator writes: scripts/gen-tables.ts, built into build/,
 * run in its check mode as `npm run gen` would run it, and in a copy of the tree where the file
 * is stale.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../support/paths.js';

/** The built generator: it writes, or with --check compares, the tables.ts two folders above its own folder. */
const GENERATOR = `${root}build/scripts/gen-tables.js`;

function generate(generator: string, ...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [generator, ...args], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

test('src/syntax/tables.ts is what scripts/gen-tables.ts generates (its --check passes)', () => {
  assert.equal(generate(GENERATOR, '--check'), { status: 0, stderr: '' }, 'stale tables: run `npm run gen` and commit the result');
});

test("the generator's --check fails on a stale tables.ts, and a run writes it again", () => {
  const dir = mkdtempSync(join(tmpdir(), 'urikit-gen-'));
  try {
    mkdirSync(join(dir, 'build/scripts'), { recursive: true });
    mkdirSync(join(dir, 'src/syntax'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    const generator = join(dir, 'build/scripts/gen-tables.js');
    copyFileSync(GENERATOR, generator);
    const target = join(dir, 'src/syntax/tables.ts');
    const committed = readFileSync(`${root}src/syntax/tables.ts`, 'utf8');
    writeFileSync(target, committed.replace('export const CLASS_SHIFT = ', 'export const CLASS_SHIFT = 1 + '));
    assert.equal(generate(generator, '--check'), { status: 1, stderr: 'src/syntax/tables.ts is stale: run `npm run gen`\n' });
    assert.equal(generate(generator), { status: 0, stderr: '' });
    assert.ok(readFileSync(target, 'utf8') === committed, 'the generator writes the committed tables');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('src/syntax/simd-code.ts is what scripts/gen-simd.ts generates, and a stale copy fails its --check', () => {
  const generator = `${root}build/scripts/gen-simd.js`;
  assert.equal(generate(generator, '--check'), { status: 0, stderr: '' }, 'stale module: run `npm run gen` and commit the result');
  const dir = mkdtempSync(join(tmpdir(), 'urikit-gen-'));
  try {
    const stale = join(dir, 'simd-code.ts');
    writeFileSync(stale, readFileSync(`${root}src/syntax/simd-code.ts`, 'utf8').replace('SIMD_MAX = ', 'SIMD_MAX = 1 + '));
    assert.equal(generate(generator, '--check', stale), { status: 1, stderr: `${stale} is stale: run \`npm run gen\`\n` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

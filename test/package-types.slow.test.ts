/**
 * The public types of the built package, as a user's TypeScript sees them: test/types/ imports
 * urikit by name from an ES module and from a CommonJS one, so through the exports map into
 * dist/esm and dist/cjs, and checks return types, read-only members, argument types and option
 * names. A type that loosens leaves an `@ts-expect-error` unused, one that breaks fails a line:
 * either way tsc reports it here.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from './support/paths.js';

const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

test('test/types compiles against the built declarations, every @ts-expect-error an error', () => {
  const r = spawnSync(process.execPath, [tsc, '-p', 'test/types/tsconfig.json', '--listFiles'], { cwd: root, encoding: 'utf8' });
  const lines = r.stdout.split('\n');
  assert.equal(
    lines.filter((l) => l.includes('error TS')),
    [],
  );
  assert.is(r.status, 0, r.stderr);
  // What was checked: both builds' declarations, reached through the package's own exports.
  for (const f of [
    'dist/esm/index.d.ts',
    'dist/esm/domain.d.ts',
    'dist/cjs/index.d.ts',
    'dist/cjs/domain.d.ts',
    'test/types/esm.ts',
    'test/types/cjs.cts',
  ]) {
    assert.ok(lines.includes(`${root}${f}`), `${f} was not compiled`);
  }
  assert.not.ok(
    lines.some((l) => l.startsWith(`${root}src/`)),
    'the sources were compiled instead of dist/',
  );
});

test.run();

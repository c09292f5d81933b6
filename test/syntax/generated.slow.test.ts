/**
 * The generated files are what their generators write: each generator of scripts/gen/, built into
 * build/, run in its check mode as `npm run gen` would run it, against a stale copy, which its
 * check must refuse, and once in a copy of the tree to write its file.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../support/paths.js';

/** Each generator, the file it writes, and a line of that file to spoil for a stale copy. */
const GENERATED = [
  { generator: 'rfc3986', file: 'src/syntax/tables.ts', line: 'export const CLASS_SHIFT = ' },
  { generator: 'template', file: 'src/template/tables.ts', line: 'export const VALUE_FAIL = ' },
  { generator: 'web', file: 'src/web/tables.ts', line: 'export const WEB_CLASS_SHIFT = ' },
  { generator: 'simd', file: 'src/syntax/simd-code.ts', line: 'export const SIMD_MAX = ' },
  { generator: 'log-simd', file: 'src/cli/lines/log-simd-code.ts', line: 'export const LOG_SIMD_MAX = ' },
  { generator: 'bots', file: 'src/cli/stats/bot-table.ts', line: 'export const BOT_NAMES: readonly string[] = [' },
  { generator: 'map', file: 'docs/architecture.md', line: '* `index.ts`: ' },
] as const;

function generate(generator: string, ...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [`${root}build/scripts/gen/${generator}.js`, ...args], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

for (const { generator, file, line } of GENERATED) {
  test(`${file} is what scripts/gen/${generator}.ts generates, and a stale copy fails its --check`, () => {
    assert.equal(generate(generator, '--check'), { status: 0, stderr: '' }, `stale ${file}: run \`npm run gen\` and commit the result`);
    const dir = mkdtempSync(join(tmpdir(), 'urikit-gen-'));
    try {
      const stale = join(dir, 'copy.ts');
      const committed = readFileSync(`${root}${file}`, 'utf8');
      assert.ok(committed.includes(line), line);
      writeFileSync(stale, committed.replace(line, `${line}1 + `));
      assert.equal(generate(generator, '--check', stale), { status: 1, stderr: `${stale} is stale: run \`npm run gen\`\n` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a run writes the file: the template generator, in a copy of the tree, rewrites a spoiled file as committed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'urikit-gen-'));
  try {
    mkdirSync(join(dir, 'build/scripts/gen'), { recursive: true });
    mkdirSync(join(dir, 'src/template'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    for (const f of ['template.js', 'common.js']) copyFileSync(`${root}build/scripts/gen/${f}`, join(dir, 'build/scripts/gen', f));
    const target = join(dir, 'src/template/tables.ts');
    const committed = readFileSync(`${root}src/template/tables.ts`, 'utf8');
    writeFileSync(target, committed.replace('export const VALUE_FAIL = ', 'export const VALUE_FAIL = 1 + '));
    const r = spawnSync(process.execPath, [join(dir, 'build/scripts/gen/template.js')], { encoding: 'utf8' });
    assert.equal({ status: r.status, stderr: r.stderr }, { status: 0, stderr: '' });
    assert.ok(readFileSync(target, 'utf8') === committed, 'the generator writes the committed tables');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

/**
 * The command lines that docs/cli.md shows running from a clone, on the bundled samples (`$ node
 * bin/urikit.js …` in a ```sh fence, or a pipe into it): each is run by sh, from a folder where
 * `bin` and `test` lead to the repository's (what it writes stays there), and gives what the page
 * shows after it: its standard output, then its standard error.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());
for (const name of ['bin', 'test']) symlinkSync(join(root, name), join(tmp.dir, name));

interface Example {
  page: string;
  line: number;
  command: string;
  output: string;
}

/** The examples of a page: each `$ …node bin/urikit.js…` line of a sh fence, and the lines after it. */
function examples(page: string): Example[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const out: Example[] = [];
  let fence = false;
  let current: Example | null = null;
  lines.forEach((line, i) => {
    if (line.startsWith('```')) {
      fence = !fence && line === '```sh';
      current = null;
      return;
    }
    if (!fence) return;
    if (line.startsWith('$ ')) {
      current = line.includes('node bin/urikit.js') ? { page, line: i + 1, command: line.slice(2), output: '' } : null;
      if (current !== null) out.push(current);
    } else if (current !== null) current.output += `${line}\n`;
  });
  return out;
}

const all = examples('docs/cli.md');

test('the pages show command lines that run from a clone', () => {
  assert.ok(all.length >= 6, String(all.length));
  assert.ok(all.some((e) => e.command.includes(' routes')));
  assert.ok(all.some((e) => e.command.includes('--html report.html')));
});

for (const e of all) {
  test(`${e.page}:${e.line}: ${e.command}`, () => {
    const r = spawnSync('sh', ['-c', e.command], { cwd: tmp.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(r.stdout + r.stderr, e.output);
  });
}

test('the report the page makes is there', () => {
  assert.ok(readFileSync(join(tmp.dir, 'report.html'), 'utf8').startsWith('<!doctype html>'));
});

test.run();

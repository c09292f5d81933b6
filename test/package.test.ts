// The built package (dist/), loaded the way consumers load it: by name, through the exports map,
// as an ES module and as CommonJS, each in a fresh Node process.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../..', import.meta.url));
const probe = `const u = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f');
  const l = parse('http://a/b c', { lenient: true });
  console.log(JSON.stringify([u.host, u.portNumber, typeof resolve, typeof normalize, typeof UriError, OFFSETS_LENGTH, l.warnings, l.warningIndex]));`;
const expected = '["[::1]",8080,"function","function","function",15,["INVALID_CHAR"],10]';

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();
}

test('import from an ES module', () => {
  const out = run(['--input-type=module', '-e', `import { parse, resolve, normalize, UriError, OFFSETS_LENGTH } from 'urikit';\n${probe}`]);
  assert.is(out, expected);
});

test('require from CommonJS', () => {
  const out = run(['-e', `const { parse, resolve, normalize, UriError, OFFSETS_LENGTH } = require('urikit');\n${probe}`]);
  assert.is(out, expected);
});

test('CommonJS build is marked as such and both builds ship types', () => {
  assert.is(JSON.parse(readFileSync(`${root}dist/cjs/package.json`, 'utf8')).type, 'commonjs');
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.is(pkg.exports['.'].import.types, './dist/esm/index.d.ts');
  assert.is(pkg.exports['.'].require.types, './dist/cjs/index.d.ts');
  assert.ok(readFileSync(`${root}dist/esm/index.d.ts`, 'utf8').includes('parse'));
  assert.ok(readFileSync(`${root}dist/cjs/index.d.ts`, 'utf8').includes('parse'));
});

test.run();

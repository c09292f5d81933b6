// The built package (dist/), loaded the way consumers load it: by name, through the exports map,
// as an ES module and as CommonJS, each in a fresh Node process.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from './support/paths.js';

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

test('one UriError and one Uri whatever the module format: instanceof holds across the two builds', () => {
  const out = run([
    '--input-type=module',
    '-e',
    `import * as esm from 'urikit';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('urikit');
const fail = (m, s) => { try { m.parse(s); } catch (e) { return e; } };
const fromCjs = fail(cjs, 'http://a b/');
const fromEsm = fail(esm, 'http://a b/');
const u = cjs.parse('HTTP://A/b');
console.log(JSON.stringify([
  esm.UriError === cjs.UriError,
  fromCjs instanceof esm.UriError, fromEsm instanceof cjs.UriError, fromCjs instanceof TypeError,
  new Error('x') instanceof esm.UriError, {} instanceof cjs.UriError,
  u instanceof esm.Uri, esm.parse('x') instanceof cjs.Uri, {} instanceof esm.Uri,
  esm.normalize(u), esm.queryParams(cjs.parse('?a=1')).get('a'), fromCjs.message,
]));`,
  ]);
  const message = JSON.stringify(`Invalid character ' ' at index 8 in "http://a b/"`);
  assert.is(out, `[false,true,true,true,false,false,true,true,false,"http://a/b","1",${message}]`);
});

test('CommonJS build is marked as such and both builds ship types', () => {
  assert.is(JSON.parse(readFileSync(`${root}dist/cjs/package.json`, 'utf8')).type, 'commonjs');
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.is(pkg.exports['.'].import.types, './dist/esm/index.d.ts');
  assert.is(pkg.exports['.'].require.types, './dist/cjs/index.d.ts');
  assert.ok(readFileSync(`${root}dist/esm/index.d.ts`, 'utf8').includes('parse'));
  assert.ok(readFileSync(`${root}dist/cjs/index.d.ts`, 'utf8').includes('parse'));
});

test('urikit/domain from an ES module and from CommonJS', () => {
  const probe = `console.log(JSON.stringify([registrableDomain('www.Example.co.uk'), publicSuffix('食狮.中国'), registrableDomain('[::1]')]));`;
  const expected = '["example.co.uk","xn--fiqs8s",null]';
  assert.is(run(['--input-type=module', '-e', `import { registrableDomain, publicSuffix } from 'urikit/domain';\n${probe}`]), expected);
  assert.is(run(['-e', `const { registrableDomain, publicSuffix } = require('urikit/domain');\n${probe}`]), expected);
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.is(pkg.exports['./domain'].import.types, './dist/esm/domain.d.ts');
  assert.is(pkg.exports['./domain'].require.types, './dist/cjs/domain.d.ts');
  assert.ok(readFileSync(`${root}dist/cjs/domain.d.ts`, 'utf8').includes('registrableDomain'));
});

/** Every module specifier that `file` imports or requires, and those of the modules it reaches in dist/. */
function reached(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const s of specifiers) if (s.startsWith('.')) reached(join(dirname(file), s.endsWith('.js') ? s : `${s}.js`), seen);
  return seen;
}

test("the main entry reaches no package: only its own modules and Node's", () => {
  for (const entry of ['dist/esm/index.js', 'dist/cjs/index.js']) {
    const graph = reached(`${root}${entry}`);
    assert.ok(graph.size > 5, `${entry} reaches its modules`);
    const outside = [...graph.values()].flat().filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
    assert.equal(outside, [], entry);
  }
  // The subpath does reach its package, so the walk would see one.
  assert.ok([...reached(`${root}dist/esm/domain.js`).values()].flat().includes('tldts'));
});

test.run();

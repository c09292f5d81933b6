// The built package (dist/), loaded the way consumers load it: by name, through the exports map,
// as an ES module and as CommonJS, each in a fresh Node process.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
  assert.is(out, `[true,true,true,true,false,false,true,true,false,"http://a/b","1",${message}]`);
  // One class, and one ErrorCode: the ES module build's errors module is the CommonJS one.
  assert.is(
    run([
      '--input-type=module',
      '-e',
      `import * as esm from 'urikit';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('urikit');
let e; try { esm.parse('a b'); } catch (x) { e = x; }
console.log(JSON.stringify([e.constructor === cjs.UriError, esm.ErrorCode === cjs.ErrorCode, esm.ErrorCode[1], Object.getPrototypeOf(esm.UriTemplateError) === cjs.UriError]));`,
    ]),
    '[true,true,"INVALID_CHAR",true]',
  );
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

test('urikit/mcp from an ES module and from CommonJS', () => {
  const probe = `const t = new UriTemplate('acme://products{?page,limit}');
  console.log(JSON.stringify([t.match('acme://products?limit=10&page=1'), t.expand({ page: '2' }), UriTemplate.isTemplate('{x}'),
    new ResourceTemplateSet(['a://{x}', t]).match('acme://products').index, typeof t.template.extract]));`;
  const expected = '[{"page":"1","limit":"10"},"acme://products?page=2",true,1,"function"]';
  assert.is(run(['--input-type=module', '-e', `import { UriTemplate, ResourceTemplateSet } from 'urikit/mcp';\n${probe}`]), expected);
  assert.is(run(['-e', `const { UriTemplate, ResourceTemplateSet } = require('urikit/mcp');\n${probe}`]), expected);
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.is(pkg.exports['./mcp'].import.types, './dist/esm/mcp.d.ts');
  assert.is(pkg.exports['./mcp'].require.types, './dist/cjs/mcp.d.ts');
  assert.ok(readFileSync(`${root}dist/cjs/mcp.d.ts`, 'utf8').includes('ResourceTemplateSet'));
  // Like the main entry, the adapter reaches no package.
  const outside = [...reached(`${root}dist/esm/mcp.js`).values()].flat().filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
  assert.equal(outside, []);
});

/** Every module specifier that `file` imports or requires, and those of the modules it reaches in dist/. */
function reached(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const s of specifiers) if (s.startsWith('.')) reached(join(dirname(file), /\.c?js$/.test(s) ? s : `${s}.js`), seen);
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

test('the CLI ships no type declarations: it has no types API', () => {
  const declarations = readdirSync(`${root}dist/esm/cli`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'));
  assert.equal(declarations, []);
  assert.ok(readdirSync(`${root}dist/esm/cli`).includes('main.js'), 'the CLI itself is there');
  // The library's declarations are.
  assert.ok(readFileSync(`${root}dist/esm/index.d.ts`, 'utf8').includes('UriError'));
});

test('urikit/domain without its optional tldts: a one-line error naming the package, from an ES module and from CommonJS', () => {
  // The package as installed where no tldts can be found: its package.json and dist/, nothing else.
  const dir = mkdtempSync(join(tmpdir(), 'urikit-no-tldts-'));
  try {
    const pkg = join(dir, 'node_modules', 'urikit');
    mkdirSync(pkg, { recursive: true });
    cpSync(`${root}package.json`, join(pkg, 'package.json'));
    cpSync(`${root}dist`, join(pkg, 'dist'), { recursive: true });
    const probe = (e: string) => `console.log(JSON.stringify([${e}.code, ${e}.message]))`;
    const message =
      'urikit/domain needs the package tldts (the Public Suffix List), an optional dependency of urikit that is not installed: npm install tldts';
    const want = JSON.stringify(['ERR_MODULE_NOT_FOUND', message]);
    const node = (args: string[]): string => execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8' }).trim();
    assert.is(
      node(['--input-type=module', '-e', `import('urikit/domain').then(() => console.log('loaded'), (e) => ${probe('e')});`]),
      want,
    );
    assert.is(node(['-e', `try { require('urikit/domain'); console.log('loaded'); } catch (e) { ${probe('e')} }`]), want);
    // The main entry needs nothing.
    assert.is(node(['-e', `console.log(require('urikit').parse('http://a/').host)`]), 'a');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('urikit/domain, urikit/links and urikit/mcp resolve with their types under TypeScript moduleResolution node10 (typesVersions), with TypeScript 5', () => {
  // TypeScript 7 dropped node10; the devDependency typescript-node10 is TypeScript 5.
  const tsc = createRequire(`${root}package.json`).resolve('typescript-node10/bin/tsc');
  const dir = mkdtempSync(join(tmpdir(), 'urikit-node10-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'urikit'), 'dir');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'commonjs', moduleResolution: 'node10', strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { parse, UriError } from 'urikit';
import { publicSuffix, registrableDomain, type DomainOptions } from 'urikit/domain';
import { extractLinks } from 'urikit/links';
import { UriTemplate as McpTemplate } from 'urikit/mcp';
const options: DomainOptions = { privateDomains: false };
const domain: string | null = registrableDomain(parse('http://www.example.co.uk/').hostname ?? '', options);
const suffix: string | null = publicSuffix('example.com');
const e: UriError | null = null;
const links: typeof extractLinks = extractLinks;
const mcp: string[] = new McpTemplate('{x}').variableNames;
export { domain, e, links, mcp, suffix };
`,
    );
    const out = execFileSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
    assert.is(out, '');
    // Without typesVersions, node10 finds neither subpath: the check can fail.
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    assert.equal(pkg.typesVersions, {
      '*': { domain: ['./dist/cjs/domain.d.ts'], links: ['./dist/cjs/links.d.ts'], mcp: ['./dist/cjs/mcp.d.ts'] },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

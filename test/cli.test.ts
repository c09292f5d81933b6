import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../src/cli/main.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs main in process with `stdin` text; returns the exit code and both outputs. */
async function cli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(argv, { stdin: Readable.from([stdin]), stdout, stderr });
  return { code, out, err };
}

test('parse: one JSON object per line, errors with line, code, index and message', async () => {
  const r = await cli(['parse'], 'http://a.com/x?y#z\r\n\nhttp://a b/\nmailto:x@y');
  assert.is(r.code, 0);
  assert.is(r.err, '');
  const lines = r.out.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines, [
    { line: 1, href: 'http://a.com/x?y#z', scheme: 'http', userinfo: null, host: 'a.com', hostType: 'reg-name', port: null, path: '/x', query: 'y', fragment: 'z' },
    { line: 3, error: { code: 'INVALID_CHAR', index: 8, message: `Invalid character ' ' at index 8 in "http://a b/"` } },
    { line: 4, href: 'mailto:x@y', scheme: 'mailto', userinfo: null, host: null, hostType: null, port: null, path: 'x@y', query: null, fragment: null },
  ]);
});

test('parse reads a file argument, and "-" means standard input', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'urikit-'));
  const file = join(dir, 'in.txt');
  writeFileSync(file, '//h\n');
  assert.is((await cli(['parse', file])).out, '{"line":1,"href":"//h","scheme":null,"userinfo":null,"host":"h","hostType":"reg-name","port":null,"path":"","query":null,"fragment":null}\n');
  assert.is((await cli(['parse', '-'], '?q\n')).out, '{"line":1,"href":"?q","scheme":null,"userinfo":null,"host":null,"hostType":null,"port":null,"path":"","query":"q","fragment":null}\n');
});

test('usage errors exit 2 with a message on stderr', async () => {
  assert.equal(await cli([]), { code: 2, out: (await cli(['--help'])).out, err: '' });
  assert.is((await cli(['--help'])).code, 0);
  assert.ok((await cli(['parse', '--help'])).out.startsWith('Usage: urikit'));
  assert.equal(await cli(['frobnicate']), { code: 2, out: '', err: 'urikit: unknown command "frobnicate"\nRun "urikit --help" for usage.\n' });
  assert.equal(await cli(['parse', '--nope']), { code: 2, out: '', err: 'urikit: unknown option "--nope"\nRun "urikit --help" for usage.\n' });
  assert.equal(await cli(['parse', 'a', 'b']), { code: 2, out: '', err: 'urikit: parse takes one FILE (or - for standard input)\nRun "urikit --help" for usage.\n' });
  const missing = await cli(['parse', '/nonexistent/urikit-test']);
  assert.is(missing.code, 2);
  assert.is(missing.err, `urikit: cannot read "/nonexistent/urikit-test": ENOENT: no such file or directory, open '/nonexistent/urikit-test'\n`);
});

test('many lines are written in order through back-pressure', async () => {
  const input = Array.from({ length: 5000 }, (_, i) => `http://h${i}.example/p`).join('\n');
  const lines = (await cli(['parse'], input)).out.trimEnd().split('\n');
  assert.is(lines.length, 5000);
  assert.is(JSON.parse(lines[4999]!).host, 'h4999.example');
});

test('the installed binary runs over the bundled sample', () => {
  const out = execFileSync(process.execPath, ['bin/urikit.js', 'parse', 'test/fixtures/sample/referrers.txt'], { cwd: root, encoding: 'utf8' });
  const lines = out.trimEnd().split('\n');
  assert.is(lines.length, 300);
  assert.is(JSON.parse(lines[0]!).host, 'semicomplete.com');
  assert.is(JSON.parse(lines[299]!).error.code, 'INVALID_CHAR');
  const r = spawnSync(process.execPath, ['bin/urikit.js', 'nope'], { cwd: root, encoding: 'utf8' });
  assert.is(r.status, 2);
});

test.run();

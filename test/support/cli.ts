/**
 * Helpers of the CLI tests: `cli` runs `main(argv, io)` in process (what gives src/cli its
 * coverage, worker threads included), `bin` runs the real binary (bin/urikit.js over dist/),
 * `measured` runs it reporting its peak RSS, `Temp` holds the files a test writes, `accessLog` makes
 * combined log lines.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';

export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const fixtures = join(root, 'test/fixtures/cli');
export const URLS = join(fixtures, 'urls.txt');
export const LOG = join(fixtures, 'access.log');

export interface Run {
  code: number;
  out: string;
  err: string;
}

export interface CliOptions {
  /** Standard error claims to be a terminal (for the progress bar), `columns` wide. */
  tty?: boolean;
  columns?: number;
  /** Standard output claims to be a terminal. */
  stdoutTty?: boolean;
}

/** Runs main in process. `stdin` is text, bytes, or a list of chunks (to cut lines anywhere). */
export async function cli(argv: string[], stdin: string | Buffer | Array<string | Buffer> = '', opts: CliOptions = {}): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  if (opts.tty === true) Object.assign(stderr, { isTTY: true, columns: opts.columns ?? 80 });
  if (opts.stdoutTty === true) Object.assign(stdout, { isTTY: true });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (d: Buffer) => out.push(d));
  stderr.on('data', (d: Buffer) => err.push(d));
  const chunks = Array.isArray(stdin) ? stdin : [stdin];
  const code = await main(argv, { stdin: Readable.from(chunks), stdout, stderr });
  return { code, out: Buffer.concat(out).toString(), err: Buffer.concat(err).toString() };
}

export const jsonLines = (s: string): unknown[] =>
  s
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

/** A temporary folder for a test file's inputs; `remove` it in `test.after`. */
export class Temp {
  readonly dir = mkdtempSync(join(tmpdir(), 'urikit-cli-'));

  /** Writes a file in the folder; returns its path. */
  file(name: string, data: string | Buffer): string {
    const path = join(this.dir, name);
    writeFileSync(path, data);
    return path;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The real binary, run on the built package. */
export function bin(args: string[], input?: string | Buffer): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/urikit.js', ...args], { cwd: root, input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The real binary with `args`, reporting its peak RSS (getrusage's ru_maxrss, in kB) on stderr at
 * exit in a line `maxrss=N`; the probe it loads is written in `tmp`.
 */
export function measured(tmp: Temp, args: string[]): ChildProcessWithoutNullStreams {
  const probe = tmp.file(
    'maxrss.cjs',
    "process.on('exit', () => process.stderr.write('maxrss=' + process.resourceUsage().maxRSS + '\\n'));\n",
  );
  const env = { ...process.env };
  delete env.NODE_V8_COVERAGE; // measure the binary as users run it
  return spawn(process.execPath, ['--require', probe, 'bin/urikit.js', ...args], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Combined log lines for `n` requests: a few hosts, many paths, some odd lines. */
export function accessLog(n: number, from = 0): string {
  let s = '';
  for (let i = from; i < from + n; i++) {
    if (i % 997 === 0) s += 'garbage line without quotes\n';
    else if (i % 1009 === 0) s += '\r\n';
    const ref = i % 4 === 3 ? '-' : `http://h${i % 37}.example.com/from/${i % 101}`;
    const target = i % 503 === 0 ? `/bad path/${i}` : `/p/${i % 2000}/x.html?q=${i}`;
    s += `10.0.${(i >> 8) & 255}.${i & 255} - - [17/May/2015:10:05:03 +0000] "GET ${target} HTTP/1.1" 200 ${i % 999} "${ref}" "Mozilla/5.0 (X11)"${i % 5 === 0 ? '\r' : ''}\n`;
  }
  return s;
}

/**
 * Long runs of `stats`: Ctrl-C writes the counts so far (table, JSON, HTML report), marked
 * partial, and exits 130 (in process, on one thread and on two, and in a real terminal with
 * script(1)); a progress bar for `stats < file`; a one-line hint when standard input is the
 * terminal.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import type { StatsJSON } from '../../src/cli/stats/counts.js';
import { segmentSize } from '../../src/cli/threads/serve.js';
import { accessLog, root, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/** Runs main with a standard input the test writes to; `during` runs once the run has started. */
async function run(argv: string[], during: (stdin: PassThrough) => Promise<void>): Promise<{ code: number; out: string; err: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => {
    out += d;
  });
  stderr.on('data', (d: Buffer) => {
    err += d;
  });
  const done = main(argv, { stdin, stdout, stderr });
  await during(stdin);
  return { code: await done, out, err };
}

const tick = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Ctrl-C, once the run listens for it (it starts reading after a few awaits). */
async function interrupt(): Promise<void> {
  for (let waited = 0; process.listenerCount('SIGINT') === 0; waited += 5) {
    if (waited > 10_000) throw new Error('the run never listened for SIGINT');
    await tick(5);
  }
  process.emit('SIGINT');
}

test('Ctrl-C while stats waits for input: the counts of the lines read, marked partial, exit 130', async () => {
  const r = await run(['stats', '--json'], async (stdin) => {
    stdin.write('http://a.com/x\nhttp://b.com/y\n/z\nhttp://c');
    await tick(50);
    // The line cut by the interruption is not counted; the read that waits ends.
    await interrupt();
  });
  assert.is(r.code, 130);
  assert.is(r.err, 'urikit: interrupted: the counts are those of the 3 lines read until then\n');
  const json = JSON.parse(r.out) as StatsJSON;
  assert.is(json.partial, true);
  assert.is(json.lines, 3);
  assert.is(json.uris!.valid, 3);
  assert.is(process.listenerCount('SIGINT'), 0, 'the listener is gone');
  // The table says so in its title.
  const table = await run(['stats'], async (stdin) => {
    stdin.write('/a\n');
    await tick(50);
    await interrupt();
  });
  assert.ok(table.out.startsWith('urikit stats: standard input (partial: interrupted)\n'), table.out);
  // And the HTML report.
  const page = join(tmp.dir, 'partial.html');
  const html = await run(['stats', '-q', '--html', page], async (stdin) => {
    stdin.write('/a\n/b\n');
    await tick(50);
    await interrupt();
  });
  assert.equal(html.code, 130);
  assert.ok(
    readFileSync(page, 'utf8').includes(
      '<p class="partial" role="status"><strong>Partial:</strong> the run was interrupted (Ctrl-C); these are the counts of the 2 lines read until then.</p>',
    ),
  );
  // routes writes the routes found so far.
  const routes = await run(['routes'], async (stdin) => {
    stdin.write('/users/1\n/users/2\n');
    await tick(50);
    await interrupt();
  });
  assert.equal(routes, {
    code: 130,
    out: '/users/{id}\n',
    err: 'urikit: 1 route found in 2 paths (interrupted: of the 2 lines read until then)\n',
  });
});

test('Ctrl-C on --threads 2: the segments handed out are counted and merged, the run exits 130', async () => {
  const text = accessLog(200_000);
  const file = tmp.file('big.log', text);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (d: Buffer) => {
    out += d;
  });
  stderr.resume();
  const done = main(['stats', '--log', 'combined', '--threads', '2', '--json', file], { stdin: new PassThrough(), stdout, stderr });
  await interrupt();
  assert.is(await done, 130);
  const json = JSON.parse(out) as StatsJSON;
  assert.is(json.partial, true);
  // The lines that start in the segments handed out before the Ctrl-C: the first k, where k is
  // 0 (no thread was ready yet) up to 4 (the window of two threads).
  const seg = segmentSize(text.length, 2);
  const prefixes = [0, 1, 2, 3, 4].map((k) => {
    if (k === 0) return 0;
    let lines = 1;
    for (let p = text.indexOf('\n'); p !== -1 && p + 1 < k * seg; p = text.indexOf('\n', p + 1)) lines++;
    return lines;
  });
  assert.ok(prefixes.includes(json.lines), `${json.lines} lines, not those of the first segments (${prefixes.join(', ')})`);
  // The counts hold together: every line read is an empty line, a line without a URI, or a target.
  const noUri = Object.values(json.lineErrors).reduce((a, b) => a + b, 0);
  assert.is(json.emptyLines + noUri + json.targets!.uris, json.lines);
});

/** Runs `command` in a pseudo-terminal (script), 60 columns wide; `react` answers what it shows. */
function terminal(
  command: string,
  react: (screen: string, keys: (s: string) => void) => void,
): Promise<{ code: number | null; screen: string }> {
  const child = spawn('script', ['-qfec', `stty cols 60; ${command}`, '/dev/null'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  let screen = '';
  const deadline = setTimeout(() => child.kill('SIGKILL'), 60_000);
  child.stdout.on('data', (d: Buffer) => {
    screen += d;
    react(screen, (s) => child.stdin.write(s));
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, screen });
    }),
  );
}

const node = `"${process.execPath}" bin/urikit.js`;

test('in a real terminal: a progress bar for stats < file, then Ctrl-C prints the partial table and exits 130', async () => {
  const big = tmp.file('ctrl-c.log', accessLog(300_000));
  let sent = false;
  const r = await terminal(`exec ${node} stats --log combined < "${big}"`, (screen, keys) => {
    // Ctrl-C, as a terminal sends it, once the bar is there.
    if (!sent && screen.includes('%')) {
      sent = true;
      keys('\x03');
    }
  });
  assert.is(r.code, 130, r.screen);
  assert.ok(/\[[#·]+\] +\d+%/.test(r.screen), JSON.stringify(r.screen.slice(0, 300)));
  assert.ok(r.screen.includes('urikit stats: standard input (combined log) (partial: interrupted)\r\n'), r.screen);
  assert.match(r.screen, /urikit: interrupted: the counts are those of the \d+ lines read until then\r\n$/);
});

test('in a real terminal: stats on the terminal says how to end the input, and counts what was typed', async () => {
  let typed = false;
  const r = await terminal(`exec ${node} stats`, (screen, keys) => {
    if (!typed && screen.includes('Ctrl-D')) {
      typed = true;
      keys('http://a.example/x\r\x04');
    }
  });
  assert.is(r.code, 0, r.screen);
  assert.ok(
    r.screen.startsWith('urikit stats: reading standard input from the terminal: type or paste lines, then Ctrl-D (or give a FILE)\r\n'),
    r.screen,
  );
  assert.ok(r.screen.includes('urikit stats: standard input\r\n\r\nlines: 1\r\n'), r.screen);
});

test.run();

/**
 * The CLI's output at its edges: --version, what lenient mode reports, one output line per input
 * line (--on-invalid), exit codes and summaries that do not depend on --threads, the progress
 * bar, text from the input shown on a terminal.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { barWanted, line as progressLine } from '../../src/cli/io/progress.js';
import { main } from '../../src/cli/main.js';
import { accessLog, cli, jsonLines, LOG, root, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

test('--version (and -V) prints the package version', async () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  assert.equal(await cli(['--version']), { code: 0, out: `urikit ${version}\n`, err: '' });
  assert.equal(await cli(['-V']), { code: 0, out: `urikit ${version}\n`, err: '' });
  assert.ok((await cli(['--help'])).out.includes('  -V, --version          the version of urikit\n'));
});

test('parse --lenient writes the warnings by default, as JSON and as TSV', async () => {
  const r = await cli(['parse', '--lenient'], 'http://h/a b\nhttp://h/ok\n');
  assert.equal(jsonLines(r.out), [
    {
      line: 1,
      href: 'http://h/a b',
      scheme: 'http',
      userinfo: null,
      host: 'h',
      hostType: 'reg-name',
      port: null,
      path: '/a b',
      query: null,
      fragment: null,
      warnings: ['INVALID_CHAR'],
    },
    {
      line: 2,
      href: 'http://h/ok',
      scheme: 'http',
      userinfo: null,
      host: 'h',
      hostType: 'reg-name',
      port: null,
      path: '/ok',
      query: null,
      fragment: null,
      warnings: [],
    },
  ]);
  const tsv = await cli(['parse', '--lenient', '--tsv'], 'http://h/a b\n');
  assert.is(
    tsv.out,
    'line\thref\tscheme\tuserinfo\thost\thostType\tport\tpath\tquery\tfragment\twarnings\terror\n1\thttp://h/a b\thttp\t\th\treg-name\t\t/a b\t\t\tINVALID_CHAR\t\n',
  );
  // Without --lenient there is nothing to warn about, and no column for it.
  assert.not.ok((await cli(['parse'], 'http://h/\n')).out.includes('warnings'));
});

test('validate --lenient --warnings reports the valid URIs that lenient mode kept something in', async () => {
  const input = 'http://h/a b\nhttp://h/ok\nhttp://h/é%zz\nhttp://h/\x01\n';
  const r = await cli(['validate', '--lenient', '--warnings'], input);
  assert.equal(r, {
    code: 1,
    out:
      `1:10: INVALID_CHAR: Warning: lenient mode kept INVALID_CHAR (the first at index 10) in "http://h/a b"\n` +
      `3:9: NON_ASCII: Warning: lenient mode kept NON_ASCII, INVALID_PERCENT_ENCODING (the first at index 9) in "http://h/é%zz"\n` +
      `4:9: INVALID_CHAR: Invalid character '\\u0001' (U+0001) at index 9 in "http://h/\\u0001"\n`,
    err: 'urikit: 1 of 4 URIs is invalid; 2 have warnings (lenient mode kept something in them)\n',
  });
  const valid = await cli(['validate', '--lenient', '--warnings', '--json'], 'http://h/a b\nhttp://h/ok\n');
  assert.equal(valid, {
    code: 0,
    out: '{"line":1,"warnings":["INVALID_CHAR"],"warningIndex":10}\n',
    err: 'urikit: 2 URIs are valid; 1 has warnings (lenient mode kept something in it)\n',
  });
  // Without --warnings, lenient validate reports only what is invalid.
  assert.equal(await cli(['validate', '--lenient'], 'http://h/a b\n'), { code: 0, out: '', err: '' });
  const log = await cli(
    ['validate', '--lenient', '--warnings', '--log', 'combined', '--json'],
    'h - - [t] "GET /a b HTTP/1.1" 200 1 "http://r/ x" "UA"\n',
  );
  assert.is(
    log.out,
    '{"line":1,"field":"target","warnings":["INVALID_CHAR"],"warningIndex":2}\n{"line":1,"field":"referrer","warnings":["INVALID_CHAR"],"warningIndex":9}\n',
  );
  assert.is(
    (await cli(['validate', '--warnings'], '')).err,
    'urikit: --warnings needs --lenient: only lenient mode accepts a URI with something to warn about\nRun "urikit validate --help" for usage.\n',
  );
});

test('--on-invalid empty|keep: one output line per input line, so that paste stays aligned', async () => {
  const input = 'http://A/x\nhttp://a b/\n\nhttp://b/%7e\n\r\nnot:a:uri:[\nhttp://c/\n';
  const lines = input.split('\n').length - 1;
  const skip = await cli(['normalize', '-q'], input);
  assert.equal(skip, { code: 1, out: 'http://a/x\nhttp://b/~\nhttp://c/\n', err: skip.err });
  const empty = await cli(['normalize', '-q', '--on-invalid', 'empty'], input);
  assert.equal(empty.out, 'http://a/x\n\n\nhttp://b/~\n\n\nhttp://c/\n');
  const keep = await cli(['normalize', '-q', '--on-invalid=keep'], input);
  assert.equal(keep.out, 'http://a/x\nhttp://a b/\n\nhttp://b/~\n\nnot:a:uri:[\nhttp://c/\n');
  for (const r of [empty, keep]) {
    assert.is(r.out.split('\n').length - 1, lines);
    assert.is(r.code, 1);
    // The reports on standard error are the same as when skipping.
    assert.is(r.err, skip.err);
  }
  // resolve: base<TAB>href lines; keep gives the reference as it was read.
  const pairs = 'http://a/b/\tc\nhttp://a b/\td\nrel/\te\nhttp://a/\t[x\nno tab\n';
  assert.is((await cli(['resolve', '-q', '--on-invalid', 'empty'], pairs)).out, 'http://a/b/c\n\n\n\n\n');
  assert.is((await cli(['resolve', '-q', '--on-invalid', 'keep'], pairs)).out, 'http://a/b/c\nd\ne\n[x\n\n');
  assert.is(
    (await cli(['resolve', '-q', '--on-invalid', 'keep', '--base', 'http://x/y/'], 'a\n[\n\nb\n')).out,
    'http://x/y/a\n[\n\nhttp://x/y/b\n',
  );
  // --log: one URI a log line; a "-" referrer and a line that is not a log line give empty lines.
  const log = `${accessLog(3)}garbage\n`;
  const refs = await cli(['normalize', '-q', '--log', 'combined', '--log-field', 'referrer', '--on-invalid', 'keep'], log);
  // accessLog(3) starts with a line that is not a log line.
  assert.is(refs.out, '\nhttp://h0.example.com/from/0\nhttp://h1.example.com/from/1\nhttp://h2.example.com/from/2\n\n');
  assert.is(refs.out.split('\n').length, log.split('\n').length);
  // Long lines keep their place too, as empty lines.
  assert.is(
    (await cli(['normalize', '-q', '--on-invalid', 'keep', '--max-line-length', '10'], 'http://a/\nhttp://a/very/long\nhttp://b/\n')).out,
    'http://a/\n\nhttp://b/\n',
  );
  const usage = async (argv: string[], message: string): Promise<void> =>
    assert.equal(await cli(argv), { code: 2, out: '', err: `urikit: ${message}\nRun "urikit ${argv[0]} --help" for usage.\n` });
  await usage(['normalize', '--on-invalid', 'drop'], '--on-invalid takes "skip", "empty" or "keep", not "drop"');
  await usage(
    ['normalize', '--on-invalid', 'keep', '--dedupe'],
    '--on-invalid keep writes one line per input line, which --dedupe does not: give one of them',
  );
  await usage(
    ['resolve', '--on-invalid', 'empty', '--log', 'combined', '--base', 'http://a/'],
    '--on-invalid empty with --log needs --log-field target or referrer: one URI per log line, one output line for it',
  );
  await usage(
    ['parse', '--on-invalid', 'keep'],
    'unknown option "--on-invalid" for parse (it is an option of normalize, resolve, and surt)',
  );
});

test('a closed output ends the run quietly with exit 0, on one thread and on two alike', async () => {
  // 6 MB with an invalid line in every thousand: the reader goes away after the first output.
  const big = tmp.file(
    'closed.txt',
    Array.from({ length: 400_000 }, (_, i) => (i % 1000 === 7 ? 'http://a b/' : `http://h/${i}`)).join('\n'),
  );
  for (const argv of [['normalize'], ['resolve', '--base', 'http://b/'], ['validate'], ['stats']]) {
    for (const threads of ['1', '2']) {
      let writes = 0;
      const stdout = new Writable({
        write(_chunk, _enc, cb) {
          cb(++writes > 1 ? Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }) : null);
        },
      });
      const stderr = new PassThrough();
      let err = '';
      stderr.on('data', (d: Buffer) => (err += d));
      const code = await main([...argv, '--threads', threads, big], { stdin: Readable.from(['']), stdout, stderr });
      // Lines reported before the output closed may be; no summary, whatever was read past them.
      const summaries = err.split('\n').filter((l) => l !== '' && !/^urikit: line \d+ left out: /.test(l));
      assert.equal([code, summaries], [0, []], `${argv.join(' ')} --threads ${threads}`);
    }
  }
});

test('parse writes its output as it reads: what waits to be written stays near one slice of lines, whatever a chunk holds', async () => {
  // One chunk of the file reader (1 MiB) of one-character lines: 524,288 lines, some 73 MB of
  // JSON, which a slow reader of the output must never have waiting all at once.
  const lines = 1 << 19;
  const file = tmp.file('short-lines.txt', 'a\n'.repeat(lines));
  let most = 0;
  let bytes = 0;
  let newlines = 0;
  const stdout = new Writable({
    highWaterMark: 1 << 14,
    write(chunk: Buffer, _enc, cb) {
      most = Math.max(most, this.writableLength);
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
      setImmediate(cb);
    },
  });
  const code = await main(['parse', file], { stdin: Readable.from(['']), stdout, stderr: new PassThrough() });
  const one =
    '{"line":1,"href":"a","scheme":null,"userinfo":null,"host":null,"hostType":null,"port":null,"path":"a","query":null,"fragment":null}\n';
  assert.equal([code, newlines], [0, lines]);
  assert.ok(bytes > lines * (one.length - 2), `${bytes} bytes`);
  // A slice of 64 KiB holds 32,768 lines: 4.6 MB of output.
  assert.ok(most < 8e6, `${most} bytes waited at once`);
});

test('stats shows control and bidi characters from the input escaped on a terminal, raw elsewhere; its JSON escapes them always', async () => {
  const input = 'http://h/\u202Eexe.txt\nhttp://h\u200F/x\n';
  const shown = await cli(['stats', '--lenient'], input, { stdoutTty: true });
  assert.ok(shown.out.includes('\n  /\\u202Eexe.txt '), shown.out);
  assert.ok(shown.out.includes('\n  h\\u200F '), shown.out);
  assert.not.ok(/[\u202e\u200f]/.test(shown.out));
  const piped = await cli(['stats', '--lenient'], input);
  assert.ok(piped.out.includes('\n  /\u202Eexe.txt '));
  const json = await cli(['stats', '--lenient', '--json'], input);
  assert.not.ok(/[\u202e\u200f]/.test(json.out));
  assert.ok(json.out.includes('"value": "/\\u202E'));
  assert.equal(
    JSON.parse(json.out).uris.paths.top.map((p: { value: string }) => p.value),
    ['/x', '/\u202Eexe.txt'],
  );
  // The input's name is text from outside too.
  const name = tmp.file('a\u001b[2Jb.txt', 'http://h/\n');
  assert.ok((await cli(['stats', name], '', { stdoutTty: true })).out.startsWith(`urikit stats: ${name.replace('\u001b', '\\u001B')}\n`));
});

/** The bars drawn on standard error: each "\r…\x1b[K". */
const bars = (err: string): string[] => [...err.matchAll(/\r([^\r\x1b]+)\x1b\[K/g)].map((m) => m[1]!);

test('progress bar: fits the width of the terminal, and is not drawn on the terminal the output goes to', async () => {
  const narrow = await cli(['validate', '--log', 'combined', LOG], '', { tty: true, columns: 40 });
  assert.ok(bars(narrow.err).length > 0);
  for (const b of bars(narrow.err)) assert.ok(b.length <= 39, JSON.stringify(b));
  // Standard output on a terminal too: the bar would mix with the output.
  assert.is(
    (await cli(['validate', '--log', 'combined', LOG], '', { tty: true, stdoutTty: true })).err,
    'urikit: 5 of 11 URIs are invalid; --lenient accepts the characters that logs often hold\n',
  );
  const widths: Array<[number, string]> = [
    [79, '[############············]  50%  50.0 MB of 100.0 MB  50.0 MB/s  0:01 left'],
    [60, '[#####·····]  50%  50.0 MB of 100.0 MB  50.0 MB/s  0:01 left'],
    [39, '[#####·····]  50%  50.0 MB/s  0:01 left'],
    [30, '[######······]  50%  0:01 left'],
    [25, '[#########·········]  50%'],
    [15, ' 50%  0:01 left'],
    [3, ' 50'],
  ];
  for (const [width, bar] of widths) assert.is(progressLine(50e6, 100e6, 1, width), bar, String(width));
  // Two terminal streams are the same terminal when their devices are (here, stand-ins).
  const nul = openSync('/dev/null', 'w');
  const zero = openSync('/dev/zero', 'r');
  try {
    const stream = (fd: number | undefined, isTTY: boolean): Writable => Object.assign(new PassThrough(), { fd, isTTY });
    assert.is(barWanted(stream(nul, true), stream(nul, true)), false, 'the same device');
    assert.is(barWanted(stream(zero, true), stream(nul, true)), true, 'another device');
    assert.is(barWanted(stream(undefined, true), stream(nul, true)), false, 'cannot tell: no bar');
    assert.is(barWanted(stream(undefined, false), stream(nul, true)), true, 'output not a terminal');
    assert.is(barWanted(stream(undefined, false), stream(nul, false)), false, 'standard error not a terminal');
  } finally {
    closeSync(nul);
    closeSync(zero);
  }
});

test('progress bar: Ctrl-C clears it and ends the run as the signal does (130), in a real terminal', async () => {
  // A pseudo-terminal (script) 40 columns wide; the output goes to /dev/null, the bar to it.
  const big = tmp.file('ctrl-c.log', accessLog(150_000));
  const child = spawn(
    'script',
    ['-qfec', `stty cols 40; exec "${process.execPath}" bin/urikit.js parse --log combined "${big}" > /dev/null`, '/dev/null'],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  let screen = '';
  child.stdout.on('data', (d: Buffer) => {
    const first = !screen.includes('%');
    screen += d;
    // Ctrl-C, as a terminal sends it, once the bar is there.
    if (first && screen.includes('%')) child.stdin.write('\x03');
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(code, 130, screen);
  assert.ok(bars(screen).length > 0, JSON.stringify(screen));
  for (const b of bars(screen)) assert.ok(b.length <= 39, JSON.stringify(b));
  assert.ok(screen.endsWith('\r\x1b[K'), JSON.stringify(screen.slice(-80)));
});

test.run();

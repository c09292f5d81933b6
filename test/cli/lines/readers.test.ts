/**
 * The line readers on their own, with a command that writes down what it is handed: one URI a
 * line, `--log` lines and `base<TAB>href` lines; the context that goes with each record (its
 * line, its kind, the log line's time and status), and the reader's memo of the texts seen lately.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LINE_COMMANDS, lineCommand } from '../../../src/cli/commands/index.js';
import { lineWalker } from '../../../src/cli/lines/readers.js';
import { KIND_NAMES, type LineContext, type LineShape, type Parts, type Records } from '../../../src/cli/lines/records.js';
import { configure, type Lines } from '../../../src/cli/options/arguments.js';
import type { ByteView } from '../../../src/readers/bytes.js';

/** A command that notes each call, and keeps `made` for the texts it is asked to (`memo`). */
class Notes implements Records<string> {
  lines = 0;
  logFormat: Lines['log'] = null;
  readonly seen: string[] = [];

  constructor(
    readonly memo = false,
    readonly requests = false,
    readonly takes: 'valid' | 'parts' | null = null,
  ) {}

  private at(ctx: LineContext): string {
    return `${ctx.line}${ctx.kind === 0 ? '' : ` ${KIND_NAMES[ctx.kind]}`}`;
  }

  record(r: ByteView, ctx: LineContext): string | undefined {
    this.seen.push(`record ${this.at(ctx)} ${r.href}${r.code === 0 ? '' : ` ${r.error().code}`}${ctx.keep ? ' (kept)' : ''}`);
    return ctx.keep && r.code === 0 ? `made of ${r.href}` : undefined;
  }

  again(value: string, bytes: Uint8Array, start: number, ctx: LineContext): void {
    this.seen.push(`again ${this.at(ctx)} ${value} at ${start} of ${bytes.length}`);
  }

  valid(ctx: LineContext): void {
    this.seen.push(`valid ${this.at(ctx)}`);
  }

  parts(p: Parts, ctx: LineContext): string | undefined {
    this.seen.push(`parts ${this.at(ctx)} ${Buffer.from(p.bytes.subarray(p.start, p.end)).toString()}${ctx.keep ? ' (kept)' : ''}`);
    return ctx.keep ? 'made of parts' : undefined;
  }

  logLine(ctx: LineContext): void {
    this.seen.push(`line ${ctx.line} minute ${ctx.minute} status ${ctx.status}`);
  }

  noUri(line: number, kind: number, code: string, index: number): void {
    this.seen.push(`noUri ${line}${kind === 0 ? '' : ` ${KIND_NAMES[kind]}`} ${code} ${index}`);
  }

  empty(line: number): void {
    this.seen.push(`empty ${line}`);
  }

  absent(): void {
    this.seen.push('absent');
  }

  pair(base: ByteView, href: ByteView, line: number): void {
    this.seen.push(`pair ${line} ${base.href} ${href.href}`);
  }
}

function config(command: 'parse' | 'resolve', args: string[]): Lines {
  return configure(lineCommand(command), args, LINE_COMMANDS) as Lines;
}

/** What `to` is handed for `text`, walked in one chunk (or in chunks of `step` bytes). */
function walk(shape: LineShape, c: Lines, to: Notes, text: string, step = Infinity): string[] {
  const w = lineWalker(shape, c, to);
  const b = Buffer.from(text);
  for (let at = 0; at < b.length; at += step) w.push(b.subarray(at, Math.min(b.length, at + step)));
  w.end();
  return to.seen;
}

/** 2015-05-17 10:00 UTC in minutes since 1970. */
const MINUTE = Date.UTC(2015, 4, 17, 10, 0) / 60_000;

const LINE = (minute: string, request: string, status: number, referrer: string) =>
  `192.0.2.1 - - [17/May/2015:10:${minute}:03 +0000] "${request}" ${status} 5 "${referrer}" "UA"\n`;

test('uris: each line is a record with its number; empty lines and invalid ones too', () => {
  assert.equal(walk('uris', config('parse', []), new Notes(), 'http://a/\n\n/b c\nx:y'), [
    'record 1 http://a/',
    'empty 2',
    'record 3 /b c INVALID_CHAR',
    'record 4 x:y',
  ]);
});

test('uris: with memo, a text seen lately goes to again with what record made of it, also across chunks', () => {
  const text = 'http://a/\nhttp://b/\nhttp://a/\n/bad path\n/bad path\nhttp://a/\n';
  for (const step of [Infinity, 7]) {
    assert.equal(walk('uris', config('parse', []), new Notes(true), text, step).slice(0, 6), [
      'record 1 http://a/ (kept)',
      'record 2 http://b/ (kept)',
      step === Infinity ? 'again 3 made of http://a/ at 20 of 60' : 'again 3 made of http://a/ at 0 of 10',
      // An invalid text: record returns nothing to keep for it, so it is scanned every time.
      'record 4 /bad path INVALID_CHAR (kept)',
      'record 5 /bad path INVALID_CHAR (kept)',
      step === Infinity ? 'again 6 made of http://a/ at 50 of 60' : 'again 6 made of http://a/ at 0 of 10',
    ]);
  }
});

test('uris: without memo, every record is scanned and none is kept', () => {
  assert.equal(walk('uris', config('parse', []), new Notes(false), 'http://a/\nhttp://a/\n'), ['record 1 http://a/', 'record 2 http://a/']);
});

test('--log: the context holds the kind, and the time and status of a command that requests them', () => {
  const log = `${LINE('05', 'GET /a HTTP/1.1', 200, 'http://r/')}${LINE('06', 'GET /b HTTP/1.1', 404, '-')}not a log line\n`;
  assert.equal(walk('uris', config('parse', ['--log', 'combined']), new Notes(false, true), log), [
    `line 1 minute ${MINUTE + 5} status 200`,
    'record 1 target /a',
    'record 1 referrer http://r/',
    `line 2 minute ${MINUTE + 6} status 404`,
    'record 2 target /b',
    'absent',
    'noUri 3 NOT_A_LOG_LINE 14',
  ]);
  // Without requests, no logLine and the context's time and status stay unknown.
  assert.equal(walk('uris', config('parse', ['--log', 'common', '--log-field', 'target']), new Notes(), log.split('\n')[0]!), [
    'record 1 target /a',
  ]);
});

test('--log: with memo, targets and referrers are kept apart; CONNECT targets are never taken again', () => {
  const log =
    LINE('05', 'GET /a HTTP/1.1', 200, '/a') +
    LINE('05', 'GET /a HTTP/1.1', 200, '/a') +
    LINE('05', 'CONNECT h:443 HTTP/1.1', 200, '-') +
    LINE('05', 'CONNECT h:443 HTTP/1.1', 200, '-');
  assert.equal(walk('uris', config('parse', ['--log', 'combined']), new Notes(true), log), [
    'record 1 target /a (kept)',
    'record 1 referrer /a (kept)',
    'again 2 target made of /a at 125 of 320',
    'again 2 referrer made of /a at 145 of 320',
    'record 3 target h:443',
    'absent',
    'record 4 target h:443',
    'absent',
  ]);
});

test('--log: a command that takes parts gets valid records of the common shapes without a scan or the memo; a record read field by field is kept', () => {
  const log =
    LINE('05', 'GET /a?b HTTP/1.1', 200, 'http://r/p') +
    LINE('05', 'GET /a?b HTTP/1.1', 200, 'http://r/p') +
    LINE('05', 'GET /a%zz HTTP/1.1', 200, '-');
  assert.equal(walk('uris', config('parse', ['--log', 'combined']), new Notes(true, false, 'parts'), log), [
    // Reading the line with the module costs less than looking its records up saves.
    'parts 1 target /a?b',
    'parts 1 referrer http://r/p',
    'parts 2 target /a?b',
    'parts 2 referrer http://r/p',
    'record 3 target /a%zz INVALID_PERCENT_ENCODING (kept)',
    'absent',
  ]);
  // validate takes only that they are valid.
  assert.equal(walk('uris', config('parse', ['--log', 'combined']), new Notes(false, false, 'valid'), log), [
    'valid 1 target',
    'valid 1 referrer',
    'valid 2 target',
    'valid 2 referrer',
    'record 3 target /a%zz INVALID_PERCENT_ENCODING',
    'absent',
  ]);
});

test('pairs: base<TAB>href, and a line without a tab', () => {
  assert.equal(walk('pairs', config('resolve', []), new Notes(), 'http://a/b\tc\nno tab\n'), [
    'pair 1 http://a/b c',
    'noUri 2 MISSING_TAB 6',
  ]);
});

test.run();

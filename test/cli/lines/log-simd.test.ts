/**
 * The WebAssembly reader of a log line (src/cli/lines/log-simd.ts): `FastLog.line` with its parts
 * gives with it exactly what it gives with its expressions (the shape, the time's end, the
 * request's and the referrer's closing quotes, the target's and the referrer's parts), on lines of
 * every branch of the expressions, at every length around a block of 16 bytes, at a range's end,
 * and on thousands of seeded mutations of real-looking lines.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FastLog, Shape } from '../../../src/cli/lines/fast.js';
import { logSimd } from '../../../src/cli/lines/log-simd.js';
import { LOG_SIMD_MAX } from '../../../src/cli/lines/log-simd-code.js';
import { segmentSize } from '../../../src/cli/threads/serve.js';
import { LogSimdCompare } from '../../support/log-simd.js';
import { Rng } from '../../support/rng.js';
import { runs } from '../../support/runs.js';

const HEAD = '1.2.3.4 - - [15/Jan/2024:00:00:00 +0000] "';
const UA = ' "curl/8.4.0"';

/** Compares each line, alone in a range (as the last line, no "\n"), and all of them in one range; returns the comparer. */
function compared(format: 'combined' | 'common', lines: readonly string[]): LogSimdCompare {
  const c = new LogSimdCompare(format);
  for (const line of lines) {
    const bytes = Buffer.from(`${line}\n`, 'latin1');
    c.range(bytes, 0, bytes.length - 1);
    c.range(bytes, 0, bytes.length);
  }
  const all = Buffer.from(`${lines.join('\n')}\n`, 'latin1');
  c.range(all, 0, all.length);
  assert.is(c.differences, 0, c.first.join('\n'));
  return c;
}

/** The shape the expressions give a line alone (combined unless said). */
function shapeOf(line: string, format: 'combined' | 'common' = 'combined'): Shape {
  const f = new FastLog(format, false);
  const bytes = Buffer.from(line, 'latin1');
  f.begin(bytes, 0, bytes.length);
  return f.line(bytes, 0, bytes.length, true);
}

/** Lines of each branch of the expressions, with the shape they read as. */
const BRANCHES: ReadonlyArray<[string, Shape]> = [
  [`${HEAD}GET /a/b?c=d HTTP/1.1" 200 5 "https://x.example/p?q#f"${UA}`, Shape.BOTH],
  [`${HEAD}GET /a HTTP/1.1" 200 5 "-"${UA}`, Shape.TARGET],
  [`${HEAD}GET /a" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}GET /a?b" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}GET / HTTP/" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}GET /a HTTP/1.1 x" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a HTTP1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a HTTP/1"1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a HTTP/1\\1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}CONNECT /a HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}CONNECTX /a HTTP/1.1" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}CONNEC /a HTTP/1.1" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}CONNECT`, Shape.NONE],
  [`${HEAD}GET //a HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET a HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD} /a HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}G\\T /a HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}G\tT /a HTTP/1.1" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}G\u00e9T /a HTTP/1.1" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}GET /a\tb HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a\u00e9 HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a\u0080 HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a\u00ff" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a#b HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a?b?c/d:@ HTTP/1.1" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}GET /a?b#c HTTP/1.1" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a\r" 200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a HTTP/1.1\r" 200 5 "-"`, Shape.TARGET],
  [`${HEAD}GET /a HTTP/1.1" 200 5 "-"\r`, Shape.TARGET],
  [`${HEAD}GET /%41%2f%aF HTTP/1.1" 200 5 "-"`, Shape.TARGET],
  [`1.2.3.4 [x] "GET /a" 200 5 "-"`, Shape.TARGET],
  [`] "GET /" 1 2 "-"`, Shape.TARGET],
  [`]"GET /" 1 2 "-"`, Shape.NONE],
  [`] GET /" 1 2 "-"`, Shape.NONE],
  [`x "] "GET /" 1 2 "-"`, Shape.NONE],
  [`x ]] "GET /" 1 2 "-"`, Shape.TARGET],
  [`${HEAD}GET /a" 200 "-"`, Shape.NONE],
  [`${HEAD}GET /a"  200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5  "-"`, Shape.NONE],
  [`${HEAD}GET /a"200 5 "-"`, Shape.NONE],
  [`${HEAD}GET /a" 2\\0 5\u00e9 "-"`, Shape.TARGET],
  [`${HEAD}GET /a" 200 5 -`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "-`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "--"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "-x"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 ""`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://h"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h:8080/p"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h:/p"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h:"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h:80x/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://u@h/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://u:p@h/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://1.2.3.4/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://1.2.3.4:80/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://1.2.3.x/p"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://999/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://./"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://%31/"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://[::1]/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http:///p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://:80/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http:/h/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "h+t.t-p2://h/p"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "2http://h/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "ht_tp://h/p"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "H://H/"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h?q"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h#f"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h/p?q#f?/:@"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h/p#f#g"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://h/p#f?q"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h/p q"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://h/\u00e9"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://h\u00e9/"`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://h/p"`, Shape.BOTH],
  [`${HEAD}GET /a" 200 5 "http://h/p`, Shape.NONE],
  [`${HEAD}GET /a" 200 5 "http://h/p\\"`, Shape.NONE],
];

test('each branch of the expressions: the module gives what they give, and they give the shape written', () => {
  for (const [line, shape] of BRANCHES) assert.is(shapeOf(line), shape, line);
  const c = compared(
    'combined',
    BRANCHES.map(([line]) => line),
  );
  for (let s = 0; s < 3; s++) assert.ok(c.shapes[s]! > 10, `shape ${s}: ${c.shapes[s]}`);
  compared(
    'common',
    BRANCHES.map(([line]) => line),
  );
});

test('what it reads, in one line: every part where the expressions put it', () => {
  const line = `${HEAD}GET /a/b?c HTTP/1.1" 200 5 "https://h.example:8/p?q#f"${UA}`;
  const bytes = Buffer.from(`xx\n${line}\n`, 'latin1');
  const f = new FastLog('combined');
  f.begin(bytes, 3, bytes.length);
  assert.is(f.line(bytes, 3, bytes.length - 1, true), Shape.BOTH);
  const at = (s: string): number => 3 + line.indexOf(s);
  assert.is(f.timeEnd, at('] "'));
  assert.is(f.requestEnd, at('" 200'));
  assert.is(f.referrerClose, at('" "curl'));
  const t = f.target;
  assert.equal([t.bytes === bytes, t.start, t.pathStart, t.pathEnd, t.end], [true, at('/a/b'), at('/a/b'), at('?c'), at(' HTTP')]);
  const r = f.referrer;
  assert.equal(
    [r.bytes === bytes, r.start, r.schemeEnd, r.hostStart, r.hostEnd, r.pathStart, r.pathEnd, r.end],
    [true, at('https'), at('://'), at('h.example'), at(':8/'), at('/p?'), at('?q#'), at('" "curl')],
  );
});

test("the client's end and the user agent's closing quote: escapes, a dash, none, and each cut short", () => {
  const agents = [
    ' "curl/8.4.0"',
    ' "-"',
    ' ""',
    ' "a\\"b" 0.25',
    ' "a\\\\" 0.25',
    ' "a\\\\\\"b\\\\" x',
    ' "\\"',
    ' "\\\\"',
    ' "no closing quote',
    ' "ends with a backslash\\',
    ' "a"b"',
    '"no space"',
    ' x',
    ' ',
    '',
    '\t"tab"',
    ' "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0 \\"q\\"" 1.5',
  ];
  const lines: string[] = [];
  for (const agent of agents)
    for (const client of ['1.2.3.4', '2001:db8::1', '-', 'a-very-long-client-name.example.com.internal'])
      for (const referrer of ['"-"', '"https://x.example/p?q#f"']) {
        const head = HEAD.replace('1.2.3.4', client);
        lines.push(`${head}GET /a HTTP/1.1" 200 5 ${referrer}${agent}`);
        lines.push(`${head}GET /a HTTP/1.1" 200 5 ${referrer}${agent}\r`);
      }
  const c = compared('combined', lines);
  assert.is(c.shapes[Shape.NONE], 0);
  compared('common', lines);
  // What the reference says of a few of them, so that a wrong reference cannot pass.
  const at = (line: string): [number, number] => {
    const b = Buffer.from(line, 'latin1');
    const f = new FastLog('combined');
    f.begin(b, 0, b.length);
    assert.is(f.line(b, 0, b.length, true), Shape.TARGET);
    return [f.clientEnd, f.agentClose];
  };
  const line = `${HEAD}GET /a HTTP/1.1" 200 5 "-"`;
  assert.equal(at(`${line} "a\\"b" 0.25`), [7, line.length + 6]);
  assert.equal(at(`${line} "a\\\\" 0.25`), [7, line.length + 5]);
  assert.equal(at(`${line} "no closing quote`), [7, -1]);
  assert.equal(at(`${line}x "a"`), [7, -1]);
});

test('"%XX": a bad one at every position of the path, the query, the host and the referrer\'s path, up to the line\'s end', () => {
  const lines: string[] = [];
  for (const bad of ['%', '%4', '%4g', '%g4', '%%41', '%41', '%aF', '%\u00e9', '%\n']) {
    for (let k = 0; k < 40; k++) {
      const pad = 'p'.repeat(k);
      lines.push(
        `${HEAD}GET /${pad}${bad}" 200 5 "-"`,
        `${HEAD}GET /${pad}${bad} HTTP/1.1" 200 5 "-"`,
        `${HEAD}GET /a?${pad}${bad}" 200 5 "-"`,
        `${HEAD}GET /a" 200 5 "http://h${pad}${bad}/p"`,
        `${HEAD}GET /a" 200 5 "http://h/${pad}${bad}"`,
        `${HEAD}GET /a" 200 5 "http://h/p?${pad}${bad}#${pad}${bad}"`,
        `${HEAD}GET /${pad}${bad}`,
        `${HEAD}GET /a" 200 5 "http://h/${pad}${bad}`,
      );
    }
  }
  compared('combined', lines);
  compared('common', lines);
});

test('lines of every length around 16 and 32 bytes, each part ending at every position of a block', () => {
  const lines: string[] = [];
  for (let k = 0; k < 40; k++) {
    const pad = 'a'.repeat(k);
    lines.push(
      `] "G /${pad}" 1 2 "-"`,
      `] "G /${pad}"`,
      `] "G /${pad}`,
      `${pad}] "G /" 1 2 "-"`,
      `] "${pad}G /" 1 2 "-"`,
      `] "G /?${pad}" 1 2 "-"`,
      `] "G / HTTP/${pad}" 1 2 "-"`,
      `] "G /" 1${pad} 2 "-"`,
      `] "G /" 1 2${pad} "-"`,
      `] "G /" 1 2 "h${pad}://h/"`,
      `] "G /" 1 2 "h://h${pad}/"`,
      `] "G /" 1 2 "h://h:${'8'.repeat(k)}/"`,
      `] "G /" 1 2 "h://${'9'.repeat(k)}/"`,
      `] "G /" 1 2 "h://${'9'.repeat(k)}x/"`,
      `] "G /" 1 2 "h://h/${pad}"`,
      `] "G /" 1 2 "h://h?${pad}"`,
      `] "G /" 1 2 "h://h#${pad}"`,
    );
  }
  // Lines of exactly 15, 16, 17, 31, 32 and 33 bytes.
  for (const n of [15, 16, 17, 31, 32, 33]) {
    const short = `] "G /" 1 2 "-"`;
    lines.push(`] "G /${'b'.repeat(n - short.length)}" 1 2 "-"`, `] "G /${'b'.repeat(n - 6)}`);
  }
  for (const n of [15, 16, 17, 31, 32, 33]) assert.ok(lines.some((l) => l.length === n));
  compared('combined', lines);
  compared('common', lines);
});

test("a range's end: the module reads nothing past it, though the bytes after it would go on", () => {
  const c = new LogSimdCompare('combined');
  const whole = `${HEAD}GET /abc" 200 5 "http://h/p?q"${UA}\n`;
  for (let cut = 0; cut <= whole.length; cut++) {
    const bytes = Buffer.from(`${whole}${whole}`, 'latin1');
    const from = whole.length;
    c.range(bytes, from, from + cut);
    // And a line that lies partly past the range is none of it.
    c.simd.begin(bytes, 0, cut);
    c.regex.begin(bytes, 0, cut);
    c.line(bytes, 0, whole.length - 1);
  }
  // A line's start: the time's "] " is the line's own, not the bytes' before it.
  for (const head of ['] ', ']', 'x] ', '] "', '']) {
    const bytes = Buffer.from(`${head}"GET /" 1 2 "-"\n`, 'latin1');
    for (let from = 0; from <= head.length; from++) {
      c.range(bytes, from, bytes.length);
      // A line that starts inside the range (after "] ", say), not after a "\n".
      c.simd.begin(bytes, 0, bytes.length);
      c.regex.begin(bytes, 0, bytes.length);
      c.line(bytes, from, bytes.length - 1);
    }
  }
  assert.is(c.differences, 0, c.first.join('\n'));
  assert.ok(c.shapes[Shape.BOTH]! > 0 && c.shapes[Shape.NONE]! > 0 && c.shapes[Shape.TARGET]! > 0);
});

/** Lines that look like the logs': ids, hashes, queries, referrers of every kind. */
function realLine(rng: Rng): string {
  const method = rng.pick(['GET', 'GET', 'GET', 'POST', 'HEAD', 'PATCH', 'OPTIONS', 'CONNECT']);
  const seg = (): string =>
    rng.pick(['repos', 'users', 'api', 'v1', 'products', 'checkout', 'a-b_c.d~e', 'x%20y', '%E2%9C%93', '0', String(rng.int(1e9))]);
  let path = '';
  for (let k = rng.int(6); k >= 0; k--) path += `/${seg()}`;
  const query = rng.chance(0.4) ? `?q=${seg()}&page=${rng.int(50)}&utm_source=google+ads&x=%2F${seg()}` : '';
  const version = rng.pick([' HTTP/1.1', ' HTTP/2.0', ' HTTP/1.0', '']);
  const referrer = rng.pick([
    '-',
    '-',
    `https://www.example.com${path}${query}`,
    `http://h.example:8080/${seg()}?a=b#frag`,
    'https://www.google.com/search?q=wool+coat&oq=wool',
    `http://10.0.0.${rng.int(256)}/x`,
    'android-app://com.google.android.gm/',
    'http://user@h/',
  ]);
  return `${rng.int(256)}.1.2.3 - - [15/Jan/2024:00:00:${String(rng.int(60)).padStart(2, '0')} +0000] "${method} ${path}${query}${version}" ${rng.pick(['200', '404', '-'])} ${rng.int(1e5)} "${referrer}" "Mozilla/5.0 (X11) ${seg()}"`;
}

/** The bytes a mutation puts in: the delimiters of each branch, and bytes outside the sets. */
const ALPHABET = [
  ' ',
  '"',
  '\\',
  '\n',
  '\r',
  '\t',
  '%',
  '0',
  'a',
  'F',
  'g',
  '/',
  '?',
  '#',
  ':',
  '@',
  '[',
  ']',
  '-',
  '.',
  '+',
  '=',
  '\u00e9',
  '\u0080',
  '\u00ff',
  '\u0000',
];

function mutate(rng: Rng, line: string): string {
  let s = line;
  for (let n = rng.range(1, 3); n > 0; n--) {
    const at = rng.int(s.length + 1);
    const op = rng.int(3);
    const c = rng.pick(ALPHABET);
    if (op === 0) s = s.slice(0, at) + c + s.slice(at);
    else if (op === 1) s = s.slice(0, at) + s.slice(at + 1);
    else s = s.slice(0, at) + c + s.slice(at + 1);
  }
  return s;
}

test('seeded mutations of real-looking lines: thousands of lines, in ranges of every size, both formats', () => {
  const rng = new Rng(32);
  for (const format of ['combined', 'common'] as const) {
    const c = new LogSimdCompare(format);
    for (let round = 0; round < runs(500); round++) {
      const lines: string[] = [];
      for (let k = 0; k < 40; k++) lines.push(rng.chance(0.25) ? realLine(rng) : mutate(rng, realLine(rng)));
      const bytes = Buffer.from(lines.join('\n') + (rng.chance(0.5) ? '\n' : ''), 'latin1');
      // A range from a line's start to anywhere (the walker's ends at a "\n", a test's may not).
      const to = rng.chance(0.8) ? bytes.length : rng.int(bytes.length + 1);
      c.range(bytes, 0, to);
    }
    assert.is(c.differences, 0, c.first.join('\n'));
    assert.ok(c.lines > runs(500) * 30, `${c.lines} lines`);
    for (let s = 0; s < 3; s++)
      if (format === 'combined' || s !== Shape.BOTH) assert.ok(c.shapes[s]! > c.lines / 20, `${format} shape ${s}: ${c.shapes}`);
  }
});

test('a range larger than the memory is read by the expressions; two readers take the memory in turn', () => {
  const m = logSimd();
  assert.ok(m !== null, 'WebAssembly SIMD is there to test');
  const line = `${HEAD}GET /a" 200 5 "http://h/p"${UA}\n`;
  const big = Buffer.from(line.repeat(Math.ceil((LOG_SIMD_MAX + 1) / line.length)), 'latin1');
  const f = new FastLog('combined');
  f.begin(big, 0, big.length);
  assert.is(f.line(big, 0, line.length - 1, true), Shape.BOTH);
  assert.is(m!.holder, null);
  assert.is(f.target.pathEnd, line.indexOf('"', HEAD.length));
  // Two readers of other bytes, one line each in turn: each gets its own line read.
  const a = Buffer.from(`${HEAD}GET /aa" 200 5 "-"\n`, 'latin1');
  const b = Buffer.from(`${HEAD}GET /bbb" 200 5 "http://h/"\n`, 'latin1');
  const fa = new FastLog('combined');
  const fb = new FastLog('combined');
  fa.begin(a, 0, a.length);
  fb.begin(b, 0, b.length);
  for (let k = 0; k < 3; k++) {
    assert.is(fa.line(a, 0, a.length - 1, true), Shape.TARGET);
    assert.is(m!.holder, fa);
    assert.is(fa.target.pathEnd, HEAD.length + 7);
    assert.is(fb.line(b, 0, b.length - 1, true), Shape.BOTH);
    assert.is(fb.target.pathEnd, HEAD.length + 8);
  }
  // A line outside the range is none of the shape, as with the expressions.
  assert.is(fa.line(b, 0, b.length - 1, true), Shape.NONE);
  assert.is(fa.line(a, 0, a.length + 1, true), Shape.NONE);
});

test("a thread's largest segment is read by the module: its memory takes it whole, with the line that crosses its end", () => {
  const m = logSimd();
  assert.ok(m !== null, 'WebAssembly SIMD is there to test');
  // threads/serve.ts reads a segment and, past its end, up to 64 KiB more to finish its last line.
  const largest = segmentSize(Number.MAX_SAFE_INTEGER, 1) + (64 << 10);
  assert.ok(largest <= LOG_SIMD_MAX, `${largest} > ${LOG_SIMD_MAX}`);
  const line = `${HEAD}GET /a" 200 5 "http://h/p"${UA}\n`;
  const seg = Buffer.from(line.repeat(Math.floor(largest / line.length)), 'latin1');
  const f = new FastLog('combined');
  f.begin(seg, 0, seg.length);
  const last = seg.length - line.length;
  assert.is(f.line(seg, last, seg.length - 1, true), Shape.BOTH);
  assert.is(m!.holder, f);
  assert.is(f.target.pathEnd, last + line.indexOf('"', HEAD.length));
});

test.run();

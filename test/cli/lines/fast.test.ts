/**
 * FastLog (src/cli/lines/fast.ts): what it reads without a scan is what `LogLine` and a scan make
 * of the same bytes, and it reads every target and referrer of the shapes it is for.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FastLog, Shape } from '../../../src/cli/lines/fast.js';
import { LogLine, TargetView } from '../../../src/cli/lines/log.js';
import { Finder } from '../../../src/cli/lines/walker.js';
import { ByteView } from '../../../src/readers/bytes.js';
import { TargetForm } from '../../../src/readers/request-target.js';
import { Flag, Slot } from '../../../src/syntax/offsets.js';
import { grammar } from '../../support/abnf.js';
import { mutated } from '../../support/hostile.js';
import { runs } from '../../support/runs.js';

const g = grammar();

/** `text` as the bytes of a walker's range, at an offset: [start, end) is the text. */
function place(text: string): { bytes: Buffer; start: number; end: number; fast: FastLog } {
  const bytes = Buffer.concat([Buffer.from('x "'), Buffer.from(text), Buffer.from('" y\n')]);
  const fast = new FastLog('combined');
  fast.begin(bytes, 1, bytes.length - 1);
  return { bytes, start: 3, end: bytes.length - 4, fast };
}

/** What a scan says of a target read by GET: its parts as `FastLog` gives them, or null when it is not a valid origin-form target. */
function scannedTarget(bytes: Buffer, start: number, end: number): [number, number, number] | null {
  const v = new TargetView();
  v.scan(bytes, start, end);
  if (v.code !== 0 || v.form !== TargetForm.ORIGIN) return null;
  return [v.offsets[Slot.PATH_START]!, v.offsets[Slot.PATH_END]!, v.offsets[Slot.FLAGS]! & (Flag.SCHEME | Flag.AUTHORITY)];
}

const TARGETS = fc.oneof(
  { arbitrary: fc.tuple(g.pathAbsolute, g.query).map(([p, q]) => (p === '' ? '/' : p) + (q === '' ? '' : `?${q}`)), weight: 3 },
  { arbitrary: mutated(fc.tuple(g.pathAbsolute, g.query).map(([p, q]) => `${p}?${q}`)), weight: 3 },
  { arbitrary: g.uriReference, weight: 1 },
  { arbitrary: fc.constantFrom('/', '//a', '/a#b', '*', '/%', '/%4', '/%4g', '/a b', '/\u00e9', '/a"b', '/a\\b', '?q', ''), weight: 1 },
);

/** Checks `problem` (a message, or undefined when all is well) for each text of `texts`, placed in a walker's bytes. */
function eachPlaced(
  texts: fc.Arbitrary<string>,
  seed: number,
  problem: (text: string, placed: ReturnType<typeof place>) => string | undefined,
): void {
  fc.assert(
    fc.property(texts, (text) => {
      const m = problem(text, place(text));
      if (m !== undefined) throw new Error(`${JSON.stringify(text)}: ${m}`);
    }),
    { seed, numRuns: runs(20000) },
  );
}

test('targets: read without a scan exactly when a scan reads an origin-form target not starting "//", with the same path', () => {
  eachPlaced(TARGETS, 9112, (_, { bytes, start, end, fast }) => {
    const scanned = scannedTarget(bytes, start, end);
    const read = fast.readTarget(bytes, start, end);
    const expected = scanned !== null && !(bytes[start + 1] === 0x2f && end - start > 1);
    if (read !== expected) return `read ${read}, scan ${JSON.stringify(scanned)}`;
    if (!read) return undefined;
    const t = fast.target;
    const got = [t.pathStart, t.pathEnd, 0];
    if (
      JSON.stringify(got) !== JSON.stringify(scanned) ||
      t.start !== start ||
      t.end !== end ||
      t.form !== TargetForm.ORIGIN ||
      t.hostStart !== -1
    )
      return `parts ${JSON.stringify(t)}, scan ${JSON.stringify(scanned)}`;
    return undefined;
  });
});

/** A scan's parts of a URI as `FastLog` gives them (host type aside), or null when invalid. */
function scannedUri(
  bytes: Buffer,
  start: number,
  end: number,
): { parts: number[]; hostType: string | undefined; userinfo: boolean } | null {
  const v = new ByteView();
  if (v.scan(bytes, start, end) !== 0) return null;
  const o = v.offsets;
  const f = o[Slot.FLAGS]!;
  const host = (f & Flag.AUTHORITY) !== 0;
  return {
    parts: [
      (f & Flag.SCHEME) !== 0 ? o[Slot.SCHEME_END]! : -1,
      host ? o[Slot.HOST_START]! : -1,
      host ? o[Slot.HOST_END]! : -1,
      o[Slot.PATH_START]!,
      o[Slot.PATH_END]!,
    ],
    hostType: v.hostType,
    userinfo: (f & Flag.USERINFO) !== 0,
  };
}

const REFERRERS = fc.oneof(
  { arbitrary: g.uri, weight: 3 },
  { arbitrary: g.fullUri, weight: 2 },
  { arbitrary: mutated(g.fullUri), weight: 3 },
  { arbitrary: g.uriReference, weight: 1 },
  {
    arbitrary: fc.constantFrom(
      'http://a.example/p?q#f',
      'HTTPS://A.Example:8080/P',
      'http://1.2.3.4/',
      'http://1.2.3.999/',
      'http://01.2.3.4/x',
      'http://:80/x',
      'http:///x',
      'http://[::1]/x',
      'http://u@h/x',
      'http://h:8a/',
      'http://h%zz/',
      'http://h%41/',
      'h://x',
      'a+b.c-d://x',
      '-',
    ),
    weight: 1,
  },
);

test('referrers: read without a scan exactly when a scan reads a URI with a reg-name host (not digits and dots), no userinfo; same parts', () => {
  eachPlaced(REFERRERS, 3986, (_, { bytes, start, end, fast }) => {
    const s = scannedUri(bytes, start, end);
    const read = fast.readReferrer(bytes, start, end);
    const host = s === null || s.parts[1] === -1 ? '' : bytes.toString('latin1', s.parts[1], s.parts[2]);
    const expected =
      s !== null && s.parts[0] !== -1 && s.parts[1] !== -1 && !s.userinfo && s.hostType === 'reg-name' && !/^[0-9.]*$/.test(host);
    if (read !== expected) return `read ${read}, scan ${JSON.stringify(s)}`;
    if (!read) return undefined;
    const r = fast.referrer;
    const got = [r.schemeEnd, r.hostStart, r.hostEnd, r.pathStart, r.pathEnd];
    if (JSON.stringify(got) !== JSON.stringify(s!.parts) || r.start !== start || r.end !== end || r.form !== 0)
      return `parts ${JSON.stringify(got)}, scan ${JSON.stringify(s!.parts)}`;
    return undefined;
  });
});

test('records outside the bytes that begin said come next are left to the scan', () => {
  const { bytes, start, end, fast } = place('/a');
  assert.ok(fast.readTarget(bytes, start, end));
  assert.not.ok(fast.readTarget(Buffer.from(bytes), start, end));
  fast.begin(bytes, start + 1, end);
  assert.not.ok(fast.readTarget(bytes, start, end));
  assert.not.ok(fast.readReferrer(bytes, start, end));
  assert.is(fast.line(bytes, start, end, false), Shape.NONE);
});

/** Mostly `good`, else one of `bad`. */
const mostly = (good: fc.Arbitrary<string>, ...bad: string[]): fc.Arbitrary<string> =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: fc.constantFrom(...bad), weight: 1 });

/** Log lines, mostly of the usual shape, with every way `LogLine` or a scan can refuse one. */
const LINES = fc
  .tuple(
    mostly(fc.constantFrom('203.0.113.7 - - ', '::1 - frank '), '', 'a"b ', 'x'),
    mostly(fc.constant('[17/May/2015:10:05:03 +0000]'), '[17/May/2015:10:05:03 +0000', '17/May/2015', '[]'),
    mostly(fc.constant(' "'), '"', '  "'),
    mostly(fc.constantFrom('GET', 'POST', 'OPTIONS'), 'CONNECT', 'G\\T', ''),
    mostly(fc.constant(' '), '  '),
    fc.oneof(TARGETS, fc.constantFrom('example.com:443', '*', 'http://h/x', '/a\\"b', '/a b')),
    mostly(fc.constantFrom(' HTTP/1.1', ' HTTP/2', ''), ' HTTX/1.0', ' HTTP/1.1 x', ' HTTP/1\\"'),
    mostly(fc.constant('" 200 512 "'), '" 200 512 ', '" 200  "', '"200 512 "', '" 200 - "', '" 200 512"'),
    fc.oneof(
      { arbitrary: fc.tuple(g.scheme, g.regName, g.pathAbempty, g.tail).map(([a, b, c, d]) => `${a}://${b}${c}${d}`), weight: 4 },
      { arbitrary: REFERRERS, weight: 2 },
      { arbitrary: fc.constantFrom('-', '', 'a\\"b'), weight: 2 },
    ),
    mostly(fc.constantFrom('" "Mozilla/5.0"', '" "a \\" b"'), '"', '"x', ''),
  )
  .map((parts) => parts.join(''));

test('lines: read at once exactly as LogLine reads their fields and a scan their URIs, when they are of the common shape', () => {
  const finder = new Finder();
  const combined = new LogLine('combined', finder);
  const common = new LogLine('common', finder);
  let read = 0;
  let both = 0;
  fc.assert(
    fc.property(LINES, fc.boolean(), fc.boolean(), (text, isCommon, parts) => {
      const bytes = Buffer.from(`${text}\n`);
      const end = bytes.length - 1;
      const fast = new FastLog(isCommon ? 'common' : 'combined');
      fast.begin(bytes, 0, bytes.length);
      finder.reset();
      const shape = fast.line(bytes, 0, end, parts);
      const l = isCommon ? common : combined;
      if (shape === Shape.NONE) return;
      read++;
      if (shape === Shape.BOTH) both++;
      const why = (m: string): Error => new Error(`${JSON.stringify(text)} (${isCommon ? 'common' : 'combined'}, parts ${parts}): ${m}`);
      if (!l.read(bytes, 0, end)) throw why(`LogLine: ${l.error} at ${l.errorAt}`);
      const method = bytes.toString('latin1', l.methodStart, l.targetStart - 1);
      if (method === 'CONNECT' || scannedTarget(bytes, l.targetStart, l.targetEnd) === null)
        throw why('the target does not scan as origin-form');
      const referrer = l.referrerStart === -1 ? null : scannedUri(bytes, l.referrerStart, l.referrerEnd);
      if ((shape === Shape.BOTH) !== (referrer !== null)) throw why(`shape ${shape}, referrer ${JSON.stringify(referrer)}`);
      if (!parts) return;
      const t = fast.target;
      if (t.start !== l.targetStart || t.end !== l.targetEnd || fast.timeEnd !== l.timeEnd || fast.requestEnd !== l.requestEnd)
        throw why(`target ${t.start}-${t.end}, time ${fast.timeEnd}, request ${fast.requestEnd}`);
      if (t.pathEnd !== scannedTarget(bytes, l.targetStart, l.targetEnd)![1]) throw why(`target path end ${t.pathEnd}`);
      const r = fast.referrer;
      const got = JSON.stringify([r.start, r.end, r.schemeEnd, r.hostStart, r.hostEnd, r.pathStart, r.pathEnd]);
      const want = JSON.stringify([l.referrerStart, l.referrerEnd, ...(referrer?.parts ?? [])]);
      if (shape === Shape.BOTH && got !== want) throw why(`referrer ${got} against ${want}`);
    }),
    { seed: 1945, numRuns: runs(30000) },
  );
  // Not a check that holds for want of lines: a good share of them are read at once.
  assert.ok(read > runs(30000) / 50 && both > read / 5, `${read} lines read at once, ${both} with a referrer`);
});

test('lines of the common shape are read at once, with or without their parts; others are not', () => {
  const line = (text: string, format: 'combined' | 'common' = 'combined', parts = true): Shape => {
    const bytes = Buffer.from(`${text}\n`);
    const fast = new FastLog(format);
    fast.begin(bytes, 0, bytes.length);
    return fast.line(bytes, 0, bytes.length - 1, parts);
  };
  const head = '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /a?b=c HTTP/1.1" 200 5 ';
  for (const parts of [true, false]) {
    assert.is(line(`${head}"-" "UA"`, 'combined', parts), Shape.TARGET);
    assert.is(line(`${head}"http://r.example:8080/x?y#z" "UA"`, 'combined', parts), Shape.BOTH);
    assert.is(line(`${head}"http://1.2.3.4/" "UA"`, 'combined', parts), parts ? Shape.NONE : Shape.BOTH);
    assert.is(line(`${head}"http://r.example/a b" "UA"`, 'combined', parts), Shape.NONE);
    assert.is(line(head, 'common', parts), Shape.TARGET);
    assert.is(line(head.replace('GET', 'CONNECT'), 'common', parts), Shape.NONE);
  }
});

test.run();

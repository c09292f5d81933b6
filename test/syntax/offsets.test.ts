/**
 * Golden offset tests in the llhttp style: every case of test/fixtures/offsets.txt is scanned and
 * its offsets record rendered as one `name off=N len=M` line per present component, plus a
 * `flags` line with the hint flags and, in lenient mode, a `warnings` line. The expected lines
 * were written by hand from the RFC 3986 grammar (see the fixture's header for the format).
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ByteView,
  describeOffsets,
  Flag,
  hostTypeOf,
  isValid,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  Slot,
  scan,
  tryParse,
  warningsOf as warningsOfFlags,
} from '../../src/index.js';
import { checkOffsets, fragmentMarkOf, Range, rangeEnd, rangeFlag, rangeStart, shiftOffsets } from '../../src/syntax/offsets.js';
import { fixture } from '../support/paths.js';

interface Case {
  readonly input: string;
  readonly options: ParseOptions | undefined;
  readonly expected: readonly string[];
  /** 1-based line of the case's input line in the fixture. */
  readonly line: number;
}

const FIXTURE = fixture('offsets.txt');

/** Reads the fixture: `input`/`input-json` line, optional `options` line, expected lines. */
function readCases(): Case[] {
  const lines = readFileSync(FIXTURE, 'utf8').split('\n');
  const cases: Case[] = [];
  let cur: { input: string; options: ParseOptions | undefined; expected: string[]; line: number } | undefined;
  const flush = (): void => {
    if (cur !== undefined) {
      if (cur.expected.length === 0) throw new Error(`offsets.txt:${cur.line}: case without expected lines`);
      cases.push(cur);
    }
    cur = undefined;
  };
  lines.forEach((text, k) => {
    if (text.startsWith('#')) return;
    if (text === '') {
      flush();
      return;
    }
    if (text.startsWith('input ') || text.startsWith('input-json ')) {
      if (cur !== undefined) throw new Error(`offsets.txt:${k + 1}: missing blank line before a new case`);
      const input = text.startsWith('input ') ? text.slice('input '.length) : (JSON.parse(text.slice('input-json '.length)) as string);
      cur = { input, options: undefined, expected: [], line: k + 1 };
      return;
    }
    if (cur === undefined) throw new Error(`offsets.txt:${k + 1}: expected lines before an input line`);
    if (text.startsWith('options ')) {
      const options: Record<string, boolean> = {};
      for (const name of text.slice('options '.length).split(' ')) options[name] = true;
      cur.options = options as ParseOptions;
      return;
    }
    cur.expected.push(text);
  });
  flush();
  return cases;
}

function hostType(flags: number): string {
  if ((flags & Flag.HOST_IPV4) !== 0) return 'ipv4';
  if ((flags & Flag.HOST_IPV6) !== 0) return 'ipv6';
  if ((flags & Flag.HOST_IPVFUTURE) !== 0) return 'ipvfuture';
  return 'reg-name';
}

/** Renders a filled offsets record as the fixture's lines. */
function render(rec: Uint32Array): string[] {
  const f = rec[Slot.FLAGS]!;
  const out: string[] = [];
  const line = (name: string, start: number, end: number, extra = ''): void => {
    out.push(`${name} off=${start} len=${end - start}${extra}`);
  };
  if ((f & Flag.SCHEME) !== 0) line('scheme', 0, rec[Slot.SCHEME_END]!);
  if ((f & Flag.AUTHORITY) !== 0) {
    line('authority', rec[Slot.AUTHORITY_START]!, rec[Slot.PATH_START]!);
    if ((f & Flag.USERINFO) !== 0) line('userinfo', rec[Slot.AUTHORITY_START]!, rec[Slot.USERINFO_END]!);
    line('host', rec[Slot.HOST_START]!, rec[Slot.HOST_END]!, ` type=${hostType(f)}`);
    if ((f & Flag.PORT) !== 0) line('port', rec[Slot.PORT_START]!, rec[Slot.PATH_START]!);
  }
  line('path', rec[Slot.PATH_START]!, rec[Slot.PATH_END]!);
  if ((f & Flag.QUERY) !== 0) line('query', rec[Slot.QUERY_START]!, rec[Slot.QUERY_END]!);
  if ((f & Flag.FRAGMENT) !== 0) line('fragment', rec[Slot.FRAGMENT_START]!, rec[Slot.LENGTH]!);
  const hints: string[] = [];
  if ((f & Flag.PERCENT) !== 0) hints.push('PERCENT');
  if ((f & Flag.DOT) !== 0) hints.push('DOT');
  if ((f & Flag.NON_ASCII) !== 0) hints.push('NON_ASCII');
  out.push(`flags ${hints.length > 0 ? hints.join(' ') : '-'}`);
  const warnings = warningsOf(f);
  if (warnings.length > 0) out.push(`warnings ${warnings.join(' ')} at=${rec[Slot.WARNING_INDEX]}`);
  return out;
}

/** The WARN_* flags as `Uri#warnings` names them, in its order. */
function warningsOf(f: number): string[] {
  const out: string[] = [];
  if ((f & Flag.WARN_CHAR) !== 0) out.push('INVALID_CHAR');
  if ((f & Flag.WARN_NON_ASCII) !== 0) out.push('NON_ASCII');
  if ((f & Flag.WARN_PERCENT) !== 0) out.push('INVALID_PERCENT_ENCODING');
  if ((f & Flag.WARN_AT) !== 0) out.push('MULTIPLE_AT');
  return out;
}

const WARN_FLAGS = Flag.WARN_CHAR | Flag.WARN_NON_ASCII | Flag.WARN_PERCENT | Flag.WARN_AT;

/** The components that the expected (hand-written) lines name: [start, end) and the host type. */
function components(expected: readonly string[]): Map<string, { start: number; end: number; type?: string }> {
  const map = new Map<string, { start: number; end: number; type?: string }>();
  for (const text of expected) {
    const m = /^(\w+) off=(\d+) len=(\d+)(?: type=(\S+))?$/.exec(text);
    if (m === null) continue;
    const start = Number(m[2]);
    map.set(m[1]!, { start, end: start + Number(m[3]), ...(m[4] !== undefined ? { type: m[4] } : {}) });
  }
  return map;
}

const cases = readCases();
const rec = new Uint32Array(OFFSETS_LENGTH);

function label(c: Case): string {
  return `offsets.txt:${c.line} ${JSON.stringify(c.input)}${c.options !== undefined ? ` ${JSON.stringify(c.options)}` : ''}`;
}

test('the fixture has at least 70 distinct cases, some of them lenient', () => {
  assert.ok(cases.length >= 70, `${cases.length} cases`);
  const keys = new Set(cases.map((c) => JSON.stringify([c.input, c.options])));
  assert.is(keys.size, cases.length, 'duplicate case');
  const lenient = cases.filter((c) => c.options?.lenient === true);
  assert.ok(lenient.length >= 10, `${lenient.length} lenient cases`);
  // Every lenient case is there for what lenient mode keeps: it has a warnings line, and strict
  // mode rejects it.
  for (const c of lenient) {
    assert.ok(
      c.expected.some((l) => l.startsWith('warnings ')),
      label(c),
    );
    assert.not.ok(isValid(c.input, { ...c.options, lenient: false }), label(c));
  }
});

for (const c of cases) {
  test(`golden ${label(c)}`, () => {
    const code = scan(c.input, rec, c.options);
    assert.is(code, 0, `scan failed with code ${code} at index ${rec[Slot.ERROR_INDEX]}`);
    assert.fixture(render(rec).join('\n'), c.expected.join('\n'));
  });
}

test('layout: absent components leave their slots 0; LENGTH and ERROR_INDEX', () => {
  for (const c of cases) {
    // A record full of garbage first: scan must clear every slot it does not set.
    rec.fill(0xdead);
    assert.is(scan(c.input, rec, c.options), 0, label(c));
    const f = rec[Slot.FLAGS]!;
    const zero = (present: number, slots: number[]): void => {
      if ((f & present) === 0) for (const s of slots) assert.is(rec[s], 0, `${label(c)} slot ${s}`);
    };
    zero(Flag.SCHEME, [Slot.SCHEME_END]);
    zero(Flag.AUTHORITY, [Slot.AUTHORITY_START, Slot.HOST_START, Slot.HOST_END]);
    zero(Flag.USERINFO, [Slot.USERINFO_END]);
    zero(Flag.PORT, [Slot.PORT_START]);
    zero(Flag.QUERY, [Slot.QUERY_START, Slot.QUERY_END]);
    zero(Flag.FRAGMENT, [Slot.FRAGMENT_START]);
    zero(WARN_FLAGS, [Slot.WARNING_INDEX]);
    assert.is(rec[Slot.LENGTH], c.input.length, label(c));
    assert.is(rec[Slot.ERROR_INDEX], 0, label(c));
    // Warnings only in lenient mode, and the first tolerated character is inside the input.
    if (c.options?.lenient !== true) assert.is(f & WARN_FLAGS, 0, label(c));
    if ((f & WARN_FLAGS) !== 0) assert.ok(rec[Slot.WARNING_INDEX]! < c.input.length, label(c));
    // At most one host type, and only with an authority.
    const types = f & (Flag.HOST_IPV4 | Flag.HOST_IPV6 | Flag.HOST_IPVFUTURE);
    assert.ok((types & (types - 1)) === 0, label(c));
    if ((f & Flag.AUTHORITY) === 0) assert.is(types, 0, label(c));
    // Ordered boundaries.
    assert.ok(rec[Slot.PATH_START]! <= rec[Slot.PATH_END]!, label(c));
    assert.ok(rec[Slot.PATH_END]! <= c.input.length, label(c));
  }
});

test('parse(s).toString() === s, and every getter is the slice that the golden lines name', () => {
  for (const c of cases) {
    const u = parse(c.input, c.options);
    const where = label(c);
    assert.is(u.toString(), c.input, where);
    assert.is(u.href, c.input, where);
    assert.is(`${u}`, c.input, where);
    const m = components(c.expected);
    const slice = (name: string): string | undefined => {
      const r = m.get(name);
      return r === undefined ? undefined : c.input.slice(r.start, r.end);
    };
    assert.is(u.scheme, slice('scheme'), `${where} scheme`);
    assert.is(u.authority, slice('authority'), `${where} authority`);
    assert.is(u.userinfo, slice('userinfo'), `${where} userinfo`);
    assert.is(u.host, slice('host'), `${where} host`);
    assert.is(u.hostType, m.get('host')?.type, `${where} hostType`);
    assert.is(u.port, slice('port'), `${where} port`);
    assert.is(u.path, slice('path'), `${where} path`);
    assert.is(u.query, slice('query'), `${where} query`);
    assert.is(u.fragment, slice('fragment'), `${where} fragment`);
    assert.is(u.isAbsolute, m.has('scheme'), `${where} isAbsolute`);
    // The components and their delimiters rebuild the input (RFC 3986 §5.3).
    let rebuilt = '';
    if (u.scheme !== undefined) rebuilt += `${u.scheme}:`;
    if (u.authority !== undefined) rebuilt += `//${u.authority}`;
    rebuilt += u.path;
    if (u.query !== undefined) rebuilt += `?${u.query}`;
    if (u.fragment !== undefined) rebuilt += `#${u.fragment}`;
    assert.is(rebuilt, c.input, `${where} §5.3 recomposition`);
    if (u.authority !== undefined) {
      let auth = '';
      if (u.userinfo !== undefined) auth += `${u.userinfo}@`;
      auth += u.host;
      if (u.port !== undefined) auth += `:${u.port}`;
      assert.is(auth, u.authority, `${where} authority recomposition`);
    }
  }
});

test('getters equal the slices of the scan record; writeOffsets returns that record', () => {
  const out = new Uint32Array(OFFSETS_LENGTH);
  for (const c of cases) {
    assert.is(scan(c.input, rec, c.options), 0, label(c));
    const s = c.input;
    const f = rec[Slot.FLAGS]!;
    const u = parse(s, c.options);
    const has = (bit: number): boolean => (f & bit) !== 0;
    assert.is(u.scheme, has(Flag.SCHEME) ? s.slice(0, rec[Slot.SCHEME_END]) : undefined, label(c));
    assert.is(u.authority, has(Flag.AUTHORITY) ? s.slice(rec[Slot.AUTHORITY_START], rec[Slot.PATH_START]) : undefined, label(c));
    assert.is(u.userinfo, has(Flag.USERINFO) ? s.slice(rec[Slot.AUTHORITY_START], rec[Slot.USERINFO_END]) : undefined, label(c));
    assert.is(u.host, has(Flag.AUTHORITY) ? s.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]) : undefined, label(c));
    assert.is(u.port, has(Flag.PORT) ? s.slice(rec[Slot.PORT_START], rec[Slot.PATH_START]) : undefined, label(c));
    assert.is(u.path, s.slice(rec[Slot.PATH_START], rec[Slot.PATH_END]), label(c));
    assert.is(u.query, has(Flag.QUERY) ? s.slice(rec[Slot.QUERY_START], rec[Slot.QUERY_END]) : undefined, label(c));
    assert.is(u.fragment, has(Flag.FRAGMENT) ? s.slice(rec[Slot.FRAGMENT_START]) : undefined, label(c));
    assert.is(u.flags, f, label(c));
    assert.equal(u.warnings, warningsOf(f), label(c));
    assert.is(u.warningIndex, (f & WARN_FLAGS) !== 0 ? rec[Slot.WARNING_INDEX] : undefined, label(c));
    out.fill(7);
    assert.is(u.writeOffsets(out), out, label(c));
    assert.equal(Array.from(out), Array.from(rec), label(c));
    // The other entry points agree.
    assert.ok(isValid(s, c.options), label(c));
    assert.is(tryParse(s, c.options)?.href, s, label(c));
  }
});

test('checkOffsets: every golden record is sound', () => {
  for (const c of cases) {
    rec.fill(0xdead);
    assert.is(scan(c.input, rec, c.options), 0, label(c));
    assert.is(checkOffsets(rec, c.input), undefined, label(c));
    assert.is(checkOffsets(rec), undefined, label(c));
  }
});

test('checkOffsets names the first broken invariant', () => {
  const s = 'http://u@h:8/p?q#f';
  // One slot of the record of s changed, and what checkOffsets says of it.
  const broken: Array<[number, (v: number) => number, string]> = [
    [Slot.FLAGS, (f) => f | (1 << 20), 'FLAGS has unknown bits 100000000000000000000'],
    [Slot.ERROR_INDEX, () => 4, 'ERROR_INDEX=4 on success'],
    [Slot.FLAGS, (f) => f | Flag.HOST_IPV4 | Flag.HOST_IPV6, 'more than one HOST_* type flag'],
    [Slot.SCHEME_END, () => 3, 'SCHEME_END expects ":" at 3'],
    [Slot.AUTHORITY_START, () => 6, 'AUTHORITY_START=6, expected 7 (after "//")'],
    [Slot.USERINFO_END, () => 9, 'USERINFO_END expects "@" at 9'],
    [Slot.HOST_END, () => 11, 'PORT_START=11, expected 12 (after HOST_END)'],
    [Slot.PATH_START, () => 10, 'PATH_START=10 before PORT_START=11'],
    // An empty port is allowed, but "8/p" is then a path that cannot follow an authority (§3.3).
    [Slot.PATH_START, () => 11, 'the path "8/p" cannot follow an authority'],
    [Slot.QUERY_START, () => 16, 'QUERY_START=16, expected 15 (after PATH_END)'],
    [Slot.FRAGMENT_START, () => 16, 'FRAGMENT_START=16, expected 17 (after the "#")'],
    [Slot.FLAGS, (f) => f & ~Flag.FRAGMENT, 'FRAGMENT_START=17, expected 0 (absent)'],
    [Slot.WARNING_INDEX, () => 2, 'WARNING_INDEX=2 does not go with the WARN_* flags'],
    [Slot.FLAGS, (f) => f | Flag.DOT, 'DOT is true for the path "/p"'],
    [Slot.FLAGS, (f) => f | Flag.PERCENT, 'PERCENT is true'],
    [Slot.FLAGS, (f) => f | Flag.NON_ASCII, 'NON_ASCII on an ASCII input'],
    [Slot.FLAGS, (f) => f | Flag.HOST_IPV4, 'HOST_IPV4 is true'],
    [Slot.FLAGS, (f) => f | Flag.HOST_IPV6, 'an IP-literal host without its brackets'],
    [Slot.FLAGS, (f) => f & ~(Flag.AUTHORITY | Flag.USERINFO | Flag.PORT), 'AUTHORITY_START=7, expected 0 (absent)'],
    [Slot.FLAGS, (f) => f & ~Flag.AUTHORITY, 'USERINFO, PORT or a host type without AUTHORITY'],
    [Slot.FLAGS, (f) => f & ~Flag.USERINFO, 'USERINFO_END=8, expected 0 (absent)'],
    [Slot.FLAGS, (f) => f & ~Flag.PORT, 'PORT_START=11, expected 0 (absent)'],
    [Slot.FLAGS, (f) => f & ~Flag.QUERY, 'QUERY_START=15, expected 0 (absent)'],
    [Slot.FLAGS, (f) => f & ~Flag.SCHEME, 'SCHEME_END=4, expected 0 (absent)'],
    [Slot.FLAGS, (f) => f | Flag.UPPER, 'UPPER is true'],
    [Slot.FLAGS, (f) => f | Flag.PCT_LOWER, 'PCT_LOWER is true'],
    [Slot.FLAGS, (f) => f | Flag.PCT_UNRESERVED, 'PCT_UNRESERVED is true'],
  ];
  for (const [slot, change, message] of broken) {
    assert.is(scan(s, rec), 0);
    rec[slot] = change(rec[slot]!);
    assert.is(checkOffsets(rec, s), message);
  }
  assert.is(scan(s, rec), 0);
  assert.is(checkOffsets(rec, s), undefined);
  assert.is(checkOffsets(rec, 'http://u@h:8/p?q#'), "LENGTH=18 is not the input's length 17");
  assert.is(checkOffsets(new Uint32Array(3)), 'the record has 3 slots, fewer than 15');
  // The hints, against texts that have what they say.
  for (const [text, hint] of [
    ['HTTP://h/', Flag.UPPER],
    ['http://H/', Flag.UPPER],
    ['http://h/%2f', Flag.PCT_LOWER],
    ['http://h/%41', Flag.PCT_UNRESERVED],
    ['http://h/%7e', Flag.PCT_LOWER | Flag.PCT_UNRESERVED],
  ] as const) {
    assert.is(scan(text, rec), 0);
    assert.is(rec[Slot.FLAGS]! & (Flag.UPPER | Flag.PCT_LOWER | Flag.PCT_UNRESERVED), hint, text);
    assert.is(checkOffsets(rec, text), undefined, text);
  }
  assert.is(scan('http://[V1.X]/', rec), 0);
  assert.is(rec[Slot.FLAGS]! & Flag.UPPER, 0, 'an IP literal keeps its case in the hint: normalize rewrites it anyway');
  assert.is(checkOffsets(rec, 'http://[V1.X]/'), undefined);
  assert.is(scan(s, rec), 0);
  rec[Slot.LENGTH] = 16;
  assert.is(checkOffsets(rec), 'FRAGMENT_START=17 past LENGTH=16');
  rec[Slot.FLAGS] = Flag.SCHEME;
  rec[Slot.SCHEME_END] = 0;
  assert.is(checkOffsets(rec), 'SCHEME_END=0 with SCHEME: an empty scheme');
  // A path that cannot follow what precedes it (§3.3).
  assert.is(scan('x://a/b', rec), 0);
  rec[Slot.FLAGS] = Flag.SCHEME;
  rec[Slot.AUTHORITY_START] = rec[Slot.HOST_START] = rec[Slot.HOST_END] = 0;
  rec[Slot.PATH_START] = 2;
  assert.is(checkOffsets(rec, 'x://a/b'), 'the path "//a/b" cannot follow what precedes it');
});

test('describeOffsets draws the record under its input', () => {
  const s = 'http://a:1/p?q';
  assert.is(scan(s, rec), 0);
  assert.fixture(
    describeOffsets(s, rec),
    [
      'http://a:1/p?q',
      '    ^  ^^^^ ^^^',
      '    |  |||| ||QUERY_END=14, LENGTH=14',
      '    |  |||| |QUERY_START=13',
      '    |  |||| PATH_END=12',
      '    |  |||PATH_START=10',
      '    |  ||PORT_START=9',
      '    |  |HOST_END=8',
      '    |  AUTHORITY_START=7, HOST_START=7',
      '    SCHEME_END=4',
      'FLAGS=SCHEME|AUTHORITY|PORT|QUERY',
    ].join('\n'),
  );
  // One column per code unit: non-ASCII (a surrogate pair is two) is drawn as "·".
  const t = 'é/\u{1D518}#f';
  assert.is(scan(t, rec, { iri: true }), 0);
  assert.fixture(
    describeOffsets(t, rec),
    ['·/··#f', '^   ^^^', '|   ||LENGTH=6', '|   |FRAGMENT_START=5', '|   PATH_END=4', 'PATH_START=0', 'FLAGS=FRAGMENT|NON_ASCII'].join(
      '\n',
    ),
  );
  assert.is(describeOffsets('a\tb', rec).split('\n')[0], 'a·b');
  assert.is(scan('', rec), 0);
  assert.fixture(describeOffsets('', rec), ['', '^', 'PATH_START=0, PATH_END=0, LENGTH=0', 'FLAGS=0'].join('\n'));
  assert.is(scan('x:a b', rec, { lenient: true }), 0);
  assert.fixture(
    describeOffsets('x:a b', rec),
    [
      'x:a b',
      ' ^^^ ^',
      ' ||| PATH_END=5, LENGTH=5',
      ' ||WARNING_INDEX=3',
      ' |PATH_START=2',
      ' SCHEME_END=1',
      'FLAGS=SCHEME|WARN_CHAR',
    ].join('\n'),
  );
});

test('readers: hostTypeOf, warningsOf, fragmentMarkOf, shiftOffsets', () => {
  assert.is(hostTypeOf(0), undefined);
  assert.is(hostTypeOf(Flag.AUTHORITY), 'reg-name');
  assert.is(hostTypeOf(Flag.AUTHORITY | Flag.HOST_IPV4), 'ipv4');
  assert.is(hostTypeOf(Flag.AUTHORITY | Flag.HOST_IPV6), 'ipv6');
  assert.is(hostTypeOf(Flag.AUTHORITY | Flag.HOST_IPVFUTURE), 'ipvfuture');
  assert.equal(warningsOfFlags(0), []);
  assert.ok(Object.isFrozen(warningsOfFlags(Flag.QUERY)));
  assert.equal(warningsOfFlags(Flag.WARN_AT | Flag.WARN_CHAR | Flag.WARN_PERCENT | Flag.WARN_NON_ASCII), [
    'INVALID_CHAR',
    'NON_ASCII',
    'INVALID_PERCENT_ENCODING',
    'MULTIPLE_AT',
  ]);
  for (const c of cases) {
    assert.is(scan(c.input, rec, c.options), 0);
    assert.equal(warningsOfFlags(rec[Slot.FLAGS]!), warningsOf(rec[Slot.FLAGS]!), label(c));
    assert.is(hostTypeOf(rec[Slot.FLAGS]!), components(c.expected).get('host')?.type, label(c));
  }
  assert.is(scan('http://a/b?q#f', rec), 0);
  assert.is(fragmentMarkOf(rec), 12);
  assert.is(scan('http://a/b?q', rec), 0);
  assert.is(fragmentMarkOf(rec), 12);
  // A record of bytes [4, 14) moved to describe the same text from 0; absent slots stay 0.
  const bytes = new TextEncoder().encode('GET http://a/b HTTP/1.1');
  const moved = new Uint32Array(OFFSETS_LENGTH);
  assert.is(scan('http://a/b', moved), 0);
  assert.is(scan('http://a/b', rec), 0);
  const fromBytes = new Uint32Array(OFFSETS_LENGTH);
  for (let k = 0; k < OFFSETS_LENGTH; k++) fromBytes[k] = k === Slot.FLAGS || rec[k] === 0 ? rec[k]! : rec[k]! + 4;
  assert.equal(Array.from(shiftOffsets(fromBytes, 4)), Array.from(moved));
  assert.is(bytes[4], 0x68);
});

test('the table of component ranges names the flags and slots of RFC 3986 §3, and both views read by it', () => {
  const want: Array<[Range, number, number, number]> = [
    [Range.SCHEME, Flag.SCHEME, -1, Slot.SCHEME_END],
    [Range.AUTHORITY, Flag.AUTHORITY, Slot.AUTHORITY_START, Slot.PATH_START],
    [Range.USERINFO, Flag.USERINFO, Slot.AUTHORITY_START, Slot.USERINFO_END],
    [Range.HOST, Flag.AUTHORITY, Slot.HOST_START, Slot.HOST_END],
    [Range.PORT, Flag.PORT, Slot.PORT_START, Slot.PATH_START],
    [Range.PATH, 0, Slot.PATH_START, Slot.PATH_END],
    [Range.QUERY, Flag.QUERY, Slot.QUERY_START, Slot.QUERY_END],
    [Range.FRAGMENT, Flag.FRAGMENT, Slot.FRAGMENT_START, Slot.LENGTH],
  ];
  for (const [r, flag, start, end] of want) assert.equal([rangeFlag(r), rangeStart(r), rangeEnd(r)], [flag, start, end], String(r));
  // A view's components are the table's slices of the record, for a string and for bytes.
  const input = 'HTTP://u:p@[::1]:8080/a/b?q=1#f';
  const u = parse(input);
  const view = new ByteView();
  const bytes = Buffer.from(`xx ${input} yy`);
  assert.is(view.scan(bytes, 3, 3 + input.length), 0);
  assert.equal(
    [u.scheme, u.authority, u.userinfo, u.host, u.port, u.path, u.query, u.fragment],
    ['HTTP', 'u:p@[::1]:8080', 'u:p', '[::1]', '8080', '/a/b', 'q=1', 'f'],
  );
  assert.equal(
    [view.scheme, view.userinfo, view.host, view.port, view.path, view.query, view.fragment],
    ['HTTP', 'u:p', '[::1]', '8080', '/a/b', 'q=1', 'f'],
  );
  const r = parse('a/b');
  assert.equal(
    [r.scheme, r.authority, r.userinfo, r.host, r.port, r.path, r.query, r.fragment],
    [undefined, undefined, undefined, undefined, undefined, 'a/b', undefined, undefined],
  );
  assert.is(view.scan(bytes, 0, 5), 1);
  assert.equal([view.scheme, view.host, view.path], [undefined, undefined, '']);
});

test.run();

/**
 * Golden offset tests in the llhttp style: every case of test/fixtures/offsets.txt is scanned and
 * its offsets record rendered as one `name off=N len=M` line per present component, plus a
 * `flags` line with the hint flags and, in lenient mode, a `warnings` line. The expected lines
 * were written by hand from the RFC 3986 grammar (see the fixture's header for the format).
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Flag, isValid, OFFSETS_LENGTH, type ParseOptions, parse, Slot, scan, tryParse } from '../src/index.js';

interface Case {
  readonly input: string;
  readonly options: ParseOptions | undefined;
  readonly expected: readonly string[];
  /** 1-based line of the case's input line in the fixture. */
  readonly line: number;
}

const FIXTURE = new URL('../../test/fixtures/offsets.txt', import.meta.url);

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

test.run();

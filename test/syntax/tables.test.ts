/**
 * src/syntax/tables.ts: its run regexes take exactly what the transition tables keep in a run,
 * and its common shapes take nothing a run would not (test/syntax/generated.slow.test.ts checks that
 * the file is what its generator writes).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Flag } from '../../src/syntax/offsets.js';
import { pctFlags } from '../../src/syntax/scan.js';
import {
  CHAR_CLASS,
  CLASS_SHIFT,
  Cls,
  COMMON_PATH,
  COMMON_PATH_NO_DOT,
  COMMON_PATH_REST_NO_DOT,
  COMMON_RELATIVE,
  COMMON_URI,
  COMMON_URI_NO_DOT,
  HEX_VALUE,
  LENIENT_RUNS,
  LENIENT_TRANSITIONS,
  PCT_RUNS,
  RUN_BASE,
  RUNS,
  State,
  TRANSITIONS,
  VALID_PATH,
  VALID_RELATIVE,
  VALID_URI,
} from '../../src/syntax/tables.js';

/** The regex consumes exactly the one code unit c (a run of one). */
function consumes(re: RegExp, c: number): boolean {
  re.lastIndex = 0;
  re.test(String.fromCharCode(c));
  return re.lastIndex === 1;
}

test('every run regex consumes exactly the code units whose transition stays in the run, over all 65,536', () => {
  let runs = 0;
  for (const [table, byState] of [
    [TRANSITIONS, RUNS],
    [LENIENT_TRANSITIONS, LENIENT_RUNS],
  ] as const) {
    byState.forEach((re, state) => {
      if (re === null) return;
      runs++;
      // A run that may begin in `state` continues in the row of RUN_BASE[state]; it stays in the
      // run while the transition leads to that state, or to SEGMENT_START from a path.
      const base = RUN_BASE[state]!;
      for (let c = 0; c <= 0xffff; c++) {
        const next = table[(base << CLASS_SHIFT) | (c < 0x80 ? CHAR_CLASS[c]! : Cls.NON_ASCII)]!;
        const stays = next === base || (base === State.SEGMENT && next === State.SEGMENT_START);
        if (consumes(re, c) !== stays) assert.unreachable(`${re.source} for state ${state}: code unit ${c.toString(16)} (next ${next})`);
      }
    });
  }
  // SEGMENT_NC, SEGMENT_START, SEGMENT, QUERY, FRAGMENT, AUTHORITY, USERINFO, HOST; strict and lenient.
  assert.is(runs, 16);
});

test('the common shapes take in each part only what the run of that part takes', () => {
  const whole = (re: RegExp, s: string): boolean => {
    re.lastIndex = 0;
    return re.test(s) && re.lastIndex === s.length;
  };
  for (let c = 0; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    if (ch !== '/' && whole(COMMON_URI, `http://a${ch}b`)) assert.ok(consumes(RUNS[State.HOST]!, c) && (c < 0x41 || c > 0x5a), `host ${c}`);
    if (ch !== '/' && whole(COMMON_URI_NO_DOT, `http://a${ch}b`)) assert.ok(whole(COMMON_URI, `http://a${ch}b`), `host ${c}`);
    if (whole(COMMON_URI, `http://a/b${ch}`)) assert.ok(consumes(RUNS[State.SEGMENT]!, c), `path ${c}`);
    if (whole(COMMON_URI_NO_DOT, `http://a/b${ch}`)) assert.ok(consumes(RUNS[State.SEGMENT]!, c), `path ${c}`);
    if (whole(COMMON_PATH, `/b${ch}`)) assert.ok(consumes(RUNS[State.SEGMENT]!, c), `absolute path ${c}`);
    if (whole(COMMON_PATH_NO_DOT, `/b${ch}`)) assert.ok(consumes(RUNS[State.SEGMENT]!, c), `absolute path ${c}`);
    if (ch !== '/' && whole(COMMON_RELATIVE, `b${ch}`)) assert.ok(consumes(RUNS[State.SEGMENT_NC]!, c), `first segment ${c}`);
    if (whole(COMMON_RELATIVE, `b/${ch}`)) assert.ok(consumes(RUNS[State.SEGMENT]!, c), `relative path ${c}`);
  }
  assert.ok(whole(COMMON_URI, 'https://a.example/b/c.html'));
  assert.ok(whole(COMMON_URI, 'file:///x/y'));
  assert.not.ok(whole(COMMON_URI, 'HTTP://a/'), 'upper-case scheme');
  assert.not.ok(whole(COMMON_URI, 'http://A/'), 'upper-case host');
  assert.ok(whole(COMMON_URI, 'http://a/./b/../.c'), 'dot-segments, for isValid');
  assert.ok(whole(COMMON_URI_NO_DOT, 'https://a.example/b//c.html'));
  assert.not.ok(whole(COMMON_URI_NO_DOT, 'http://a/./b'), 'a dot-segment');
  assert.not.ok(whole(COMMON_URI_NO_DOT, 'http://a/.b'), 'a segment that begins with "."');
  assert.not.ok(whole(COMMON_URI, 'http://a:80/'), 'a port');
  assert.not.ok(whole(COMMON_URI, 'http://u@a/'), 'userinfo');
  assert.not.ok(whole(COMMON_URI, 'http://a/%41'), 'a "%"');
  assert.ok(whole(COMMON_PATH, '/a/b.c/d:e@f'));
  assert.ok(whole(COMMON_PATH, '/a/.b/..'));
  assert.ok(whole(COMMON_PATH_NO_DOT, '/a/b.c//d:e@f'));
  assert.not.ok(whole(COMMON_PATH_NO_DOT, '/a/.b'));
  assert.ok(whole(COMMON_RELATIVE, '../a/./b:c'));
  assert.not.ok(whole(COMMON_RELATIVE, 'a:b'), 'a ":" in the first segment');
});

/** Every "%" with two characters after it that could be HEXDIGs or not: "%zz" and "%4g" among them. */
function* encodings(): Generator<string> {
  const digits = [...'0123456789ABCDEFabcdefgz'];
  for (const h of digits) for (const l of digits) yield `%${h}${l}`;
}

test('the runs of a level pass exactly the "%XX" whose hints that level holds', () => {
  // Level k holds PCT_LOWER when k & 1, PCT_UNRESERVED when k & 2.
  const held = (k: number): number => ((k & 1) !== 0 ? Flag.PCT_LOWER : 0) | ((k & 2) !== 0 ? Flag.PCT_UNRESERVED : 0);
  let checked = 0;
  PCT_RUNS.forEach((row, k) => {
    row.forEach((re, state) => {
      assert.is(re === null, RUNS[state] === null, `level ${k} state ${state}`);
      if (re === null) return;
      for (const e of encodings()) {
        const flags = pctFlags(e, 0, 3);
        const passes = flags !== 0 && (flags & ~(held(k) | Flag.PERCENT)) === 0;
        re.lastIndex = 0;
        re.test(`${e}a`);
        if ((re.lastIndex === 4) !== passes) assert.unreachable(`level ${k} state ${state}: ${e}`);
        checked++;
      }
      // And the run's own characters, as RUNS[state] takes them.
      for (let c = 0; c < 0x80; c++)
        if (consumes(re, c) !== consumes(RUNS[state]!, c)) assert.unreachable(`level ${k} state ${state}: ${c}`);
    });
  });
  assert.is(checked, 4 * 8 * 24 * 24);
  COMMON_PATH_REST_NO_DOT.forEach((re, k) => {
    for (const e of encodings()) {
      const flags = pctFlags(e, 0, 3);
      const passes = flags !== 0 && (flags & ~(held(k) | Flag.PERCENT)) === 0;
      // The path's end (its lookahead took the query), else the "%" it stopped at.
      re.lastIndex = 0;
      assert.is(re.test(`a${e}b/c?${e}`) && re.lastIndex, passes ? 7 : 1, `path rest ${k}: ${e}`);
      // The path's end, else after the "?" (its caller checks the query).
      re.lastIndex = 0;
      assert.is(re.test(`a/c?${e}#${e}`) && re.lastIndex, passes ? 3 : 4, `path rest ${k}, in the query: ${e}`);
    }
  });
  assert.is(HEX_VALUE[0x61], 10);
});

test('isValid\'s shapes take any "%XX" and nothing the common shapes do not', () => {
  const whole = (re: RegExp, s: string): boolean => {
    re.lastIndex = 0;
    return re.test(s) && re.lastIndex === s.length;
  };
  for (const e of encodings()) {
    const valid = pctFlags(e, 0, 3) !== 0;
    assert.is(whole(VALID_URI, `http://a/${e}?${e}#${e}`), valid, e);
    assert.is(whole(VALID_PATH, `/${e}/b?${e}#${e}`), valid, e);
    assert.is(whole(VALID_RELATIVE, `${e}/b?${e}#${e}`), valid, e);
  }
  for (let c = 0; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    if (whole(VALID_URI, `http://a${ch}b`) && ch !== '/' && ch !== '?' && ch !== '#')
      assert.ok(whole(COMMON_URI, `http://a${ch}b`), `host ${c}`);
    if (whole(VALID_URI, `http://a/b${ch}`) && ch !== '?' && ch !== '#') assert.ok(whole(COMMON_URI, `http://a/b${ch}`), `path ${c}`);
    if (whole(VALID_RELATIVE, `b${ch}`) && ch !== '/' && ch !== '?' && ch !== '#')
      assert.ok(whole(COMMON_RELATIVE, `b${ch}`), `first segment ${c}`);
  }
  assert.not.ok(whole(VALID_PATH, '//a'), "a network-path reference is the machine's");
  assert.ok(whole(VALID_PATH, '/'));
  assert.not.ok(whole(VALID_URI, 'http://a/b#c#d'), 'a second "#"');
  assert.not.ok(whole(VALID_RELATIVE, 'a:b'), 'a ":" in the first segment');
});

test.run();

/**
 * src/syntax/tables.ts: its run regexes take exactly what the transition tables keep in a run,
 * and its common shapes take nothing a run would not (test/syntax/generated.test.ts checks that
 * the file is what its generator writes).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CHAR_CLASS,
  CLASS_SHIFT,
  Cls,
  COMMON_PATH,
  COMMON_PATH_NO_DOT,
  COMMON_RELATIVE,
  COMMON_URI,
  COMMON_URI_NO_DOT,
  LENIENT_RUNS,
  LENIENT_TRANSITIONS,
  RUN_BASE,
  RUNS,
  State,
  TRANSITIONS,
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

test.run();

// The URL Standard's generated tables (test/syntax/generated.slow.test.ts checks that the file is what
// its generator writes): each run regex takes exactly the code units that its state's transitions
// keep in the run unmarked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  WEB_CLASS,
  WEB_CLASS_SHIFT,
  WEB_COMMON,
  WEB_MASK,
  WEB_RUNS,
  WEB_SET,
  WEB_SET_NON_ASCII,
  WEB_SPECIAL_MASK,
  WEB_SPECIAL_RUNS,
  WEB_SPECIAL_TRANSITIONS,
  WEB_TRANSITIONS,
  WebCls,
  WebSet,
  WebState,
} from '../../src/web/tables.js';

/** The state a code unit leads to from `state`, and whether the state's mask marks it. */
function step(table: Uint8Array, mask: Uint16Array, state: number, c: number): [number, boolean] {
  const cls = c < 0x80 ? WEB_CLASS[c]! : WebCls.NON_ASCII;
  const bits = c < 0x80 ? WEB_SET[c]! : WEB_SET_NON_ASCII;
  return [table[(state << WEB_CLASS_SHIFT) | cls]!, (bits & mask[state]!) !== 0];
}

test('every run regex takes exactly the code units its state keeps unmarked (a path run also "/"), over all 65,536', () => {
  let runs = 0;
  for (const [table, mask, byState] of [
    [WEB_TRANSITIONS, WEB_MASK, WEB_RUNS],
    [WEB_SPECIAL_TRANSITIONS, WEB_SPECIAL_MASK, WEB_SPECIAL_RUNS],
  ] as const) {
    byState.forEach((re, state) => {
      if (re === null) return;
      runs++;
      const path = state === WebState.SEGMENT || state === WebState.SEGMENT_START;
      const base = path ? WebState.SEGMENT : state;
      for (let c = 0; c < 0x10000; c++) {
        const [next, marked] = step(table, mask, base, c);
        const stays = !marked && (next === base || (path && next === WebState.SEGMENT_START)) && c < 0x80;
        re.lastIndex = 0;
        re.test(String.fromCharCode(c));
        assert.is(re.lastIndex === 1, stays, `state ${state}, code unit 0x${c.toString(16)}`);
      }
    });
  }
  assert.is(runs, 14);
});

test('the common shape takes a special URL as its HOST and SEGMENT runs do', () => {
  const whole = (s: string): boolean => {
    WEB_COMMON.lastIndex = 0;
    return WEB_COMMON.test(s) && WEB_COMMON.lastIndex === s.length;
  };
  assert.ok(whole('https://www.example.com/a/b.html'));
  assert.ok(whole('file:///a'));
  assert.not.ok(whole('https://Example.com/'));
  assert.not.ok(whole('https://a%41.com/'));
  assert.not.ok(whole('https://h/a\\b'));
  assert.not.ok(whole('https://h/a b'));
});

test('the percent-encode sets nest as the standard defines them', () => {
  for (let c = 0; c < 0x80; c++) {
    const b = WEB_SET[c]!;
    const has = (set: number): boolean => (b & set) !== 0;
    if (has(WebSet.C0_CONTROL)) assert.ok(has(WebSet.FRAGMENT) && has(WebSet.QUERY), String(c));
    if (has(WebSet.QUERY)) assert.ok(has(WebSet.SPECIAL_QUERY) && has(WebSet.PATH), String(c));
    if (has(WebSet.PATH)) assert.ok(has(WebSet.USERINFO), String(c));
    if (has(WebSet.FORBIDDEN_HOST)) assert.ok(has(WebSet.FORBIDDEN_DOMAIN), String(c));
  }
  // The differences the standard names: "#" in the query set, "'" in the special-query set, "`" in the fragment set.
  assert.ok((WEB_SET[0x23]! & WebSet.QUERY) !== 0 && (WEB_SET[0x23]! & WebSet.FRAGMENT) === 0);
  assert.ok((WEB_SET[0x27]! & WebSet.SPECIAL_QUERY) !== 0 && (WEB_SET[0x27]! & WebSet.QUERY) === 0);
  assert.ok((WEB_SET[0x60]! & WebSet.FRAGMENT) !== 0 && (WEB_SET[0x60]! & WebSet.QUERY) === 0);
  assert.ok((WEB_SET[0x5e]! & WebSet.PATH) !== 0 && (WEB_SET[0x25]! & WebSet.USERINFO) === 0);
});

test.run();

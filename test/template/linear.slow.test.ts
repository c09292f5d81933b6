/**
 * Linear time for URI Templates without a clock (timing belongs to `npm run
 * bench:linear:template`): for every extraction shape of test/support/worst-cases.ts, the work of
 * the runner extract uses grows in proportion to the URI (closure entries of the Pike VM, or the
 * steps of the two passes for a prefix above 64), and the lazy DFA's size does not grow at all;
 * every shape gives its exact answer at 100 k characters.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UriTemplate, UriTemplateSet } from '../../src/index.js';
import { Dfa } from '../../src/template/dfa.js';
import { Lookahead } from '../../src/template/lookahead.js';
import { templateNfa, UNLIMITED } from '../../src/template/nfa.js';
import { Pike } from '../../src/template/pike.js';
import { Spans } from '../../src/template/spans.js';
import { compile } from '../../src/template/syntax.js';
import { TEMPLATE_CASES } from '../support/worst-cases.js';

const extraction = TEMPLATE_CASES.filter((c) => c.kind === 'extract');

test('extraction shapes: the work per character does not grow; the DFA does not grow', () => {
  for (const c of extraction) {
    const small = c.build(4_000);
    const large = c.build(40_000);
    for (const longest of [false, true]) {
      const nfa = templateNfa(compile(small.template), longest);
      const counted = nfa.lim.some((max) => max > 64 && max !== UNLIMITED);
      const perChar = (uri: string): number => {
        const runner = counted ? new Lookahead(nfa) : new Pike(nfa);
        const before = runner.work;
        const r = runner.run(uri, new Spans());
        assert.is(r >= 0, c.matches === true, `${c.name}: ${r}`);
        return (runner.work - before) / uri.length;
      };
      const a = perChar(small.uri!);
      const b = perChar(large.uri!);
      assert.ok(
        b <= a * 1.1 + 0.01,
        `${c.name}: ${a.toFixed(2)} steps per character at 4 k, ${b.toFixed(2)} at 40 k (longest: ${longest})`,
      );
      if (!counted) {
        const dfa = new Dfa(nfa);
        dfa.run(small.uri!, new Spans());
        const s = dfa.size;
        dfa.run(large.uri!, new Spans());
        assert.equal(dfa.size, s, `${c.name}: the DFA grew from ${JSON.stringify(s)} to ${JSON.stringify(dfa.size)}`);
      }
    }
  }
});

test('every shape at 100 k characters: exact results', () => {
  const results: Record<string, unknown> = {};
  for (const c of TEMPLATE_CASES) {
    const input = c.build(100_000);
    const t = new UriTemplate(input.template);
    if (c.kind === 'match') {
      const set = new UriTemplateSet(input.templates!);
      const m = set.match(input.uri!);
      assert.is(set.indexOf(input.uri!), m?.index ?? -1);
      results[c.name] =
        m === null
          ? null
          : { index: m.index, ...Object.fromEntries(Object.entries(m.variables).map(([k, v]) => [k, (v as string).length])) };
    } else if (c.kind === 'compile') results[c.name] = t.variables.length;
    else if (c.kind === 'expand') results[c.name] = t.expand(input.vars!).length;
    else {
      const r = t.extract(input.uri!);
      // The way back gives the URI again, and each value has the length the URI gives it.
      if (r !== null) assert.is(t.expand(r), input.uri, c.name);
      results[c.name] =
        r === null
          ? null
          : Object.fromEntries(
              Object.entries(r).map(([k, v]) => [
                k,
                Array.isArray(v) ? `${v.length} members` : typeof v === 'string' ? v.length : Object.keys(v).length,
              ]),
            );
    }
  }
  assert.equal(results, {
    'many-expressions': 33_333,
    'many-query-expressions': 100_000,
    'long-literal': 0,
    'huge-value-U': 3 + 12_500 * 29,
    'huge-value-UR': 3 + 11_111 * 28,
    'prefix-of-huge-value': 2 * (5_000 * 12 + 4_999 * 6),
    'huge-list': 75_001 + 75_006,
    'huge-assoc': 83_890,
    'path-explode-match': { path: '25000 members' },
    'path-explode-fail': null,
    // The shortest values first: a and b match nothing, c the rest.
    'adjacent-match': { c: 100_000 },
    'adjacent-fail': null,
    'query-match': { a: 33_333, b: 5_555, c: 33_321 },
    'query-fail': null,
    'reserved-split': { a: 1, b: 99_998 },
    'multibyte-value': { a: 5_555 * 3 },
    'long-prefix': { a: 8_333, b: 8_333 },
    'label-members': { x: '50000 members' },
    // The first split that leaves the prefix at most 9,999 characters, each of them counted.
    'prefix-after-value': { x: 90_001, y: 9_999 },
    'prefix-after-value-fail': null,
    'prefix-after-prefix': { z: 100_000 },
    'two-prefixes-fail': null,
    'prefix-after-list': { x: '49999 members', y: 1 },
    // "%25a," is "%a," in the value: 3 characters of 5.
    'reserved-prefix': { x: 50_001, y: 9_999 },
    'query-prefix': { a: 99_997 },
    'set-prefix': { index: 2, x: 90_001, y: 9_999 },
    'assoc-label': { keys: 12_500 },
  });
});

test.run();

/**
 * The automaton of a template list (union.ts), through UriTemplateSet: every level-4 expression,
 * prefixes, variables used twice, templates from partialExpand, named query matching; the same
 * answers as matching each template in turn, in the list's order, with the DFA and with the Pike
 * VM it falls back to.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TemplateValue, UriTemplate, UriTemplateSet } from '../../src/index.js';
import { compile } from '../../src/template/syntax.js';
import { Union } from '../../src/template/union.js';
import { runs } from '../support/runs.js';

const RUNS = runs(Number(process.env.PROPERTY_RUNS ?? 400));
const NAMED = { query: 'named' } as const;

/** What a set must answer: the first template whose extract matches. */
function reference(templates: readonly UriTemplate[], uri: string, named: boolean): { index: number; variables: unknown } | null {
  for (let k = 0; k < templates.length; k++) {
    const v = templates[k]!.extract(uri, named ? NAMED : undefined);
    if (v !== null) return { index: k, variables: v };
  }
  return null;
}

function answer(set: UriTemplateSet, uri: string): { index: number; variables: unknown } | null {
  const m = set.match(uri);
  return m === null ? null : { index: m.index, variables: m.variables };
}

// Parts of every kind, with few names so that variables repeat and beginnings are shared.
const part = fc.constantFrom(
  '/api',
  '/a',
  '/',
  '.',
  '-',
  ',',
  '=',
  'v1',
  '{x}',
  '{y}',
  '{x,y}',
  '{+x}',
  '{#f}',
  '{.e}',
  '{.l*}',
  '{/p}',
  '{/p*}',
  '{;m}',
  '{;m*}',
  '{?q}',
  '{?q,r}',
  '{?k*}',
  '{&r}',
  '{x:2}',
  '{y:3}',
  '{+x:4}',
  '{/p:1}',
  '{?q:2}',
  '{z:70}',
  '?v=1',
  '&flag',
);
const templateText = fc.array(part, { minLength: 1, maxLength: 5 }).map((ps) => ps.join(''));
const value: fc.Arbitrary<TemplateValue> = fc.oneof(
  fc.constantFrom('1', 'ab', 'a b', '', 'x/y', 'é', 'a=1', 'v1', '.', ',', '%'),
  fc.constant(undefined),
  fc.constantFrom(['a', 'b'], ['x'], ['', 'c']),
  fc.constantFrom({ k: 'v' }, { a: '1', b: '' }),
);
const insert = fc.constantFrom('', '/', 'x', '?', '&a=1', '%41', '.', '=', ',', '#', 'v1', '&q=z');

/** A template list (some from partialExpand) and URIs: expansions of its templates, and mutations of them. */
const cases = fc
  .tuple(
    fc.array(fc.tuple(templateText, fc.boolean()), { minLength: 1, maxLength: 8 }),
    fc.nat(),
    fc.array(value, { minLength: 8, maxLength: 8 }),
    fc.nat(),
    insert,
  )
  .map(([texts, pick, vals, at, ins]) => {
    const templates = texts.map(([t, partial]) => {
      const tpl = new UriTemplate(t);
      if (!partial || tpl.variables.length === 0) return tpl;
      try {
        return tpl.partialExpand({ [tpl.variables[0]!]: vals[7] ?? 'b' });
      } catch {
        return tpl;
      }
    });
    const source = templates[pick % templates.length]!;
    const uris: string[] = [];
    try {
      const uri = source.expand(Object.fromEntries(source.variables.map((v, i) => [v, vals[i % 7]])));
      const j = at % (uri.length + 1);
      uris.push(uri, uri.slice(0, j) + ins + uri.slice(j), uri.slice(0, j));
    } catch {
      uris.push(ins); // a prefix on a composite value: no expansion
    }
    return { texts: templates.map((t) => t.template), templates, uris };
  });

for (const named of [false, true]) {
  test(`every level-4 expression, ${named ? 'named' : 'exact'} queries: the set answers as its templates one by one`, () => {
    fc.assert(
      fc.property(cases, ({ texts, templates, uris }) => {
        const set = new UriTemplateSet(templates, named ? NAMED : undefined);
        for (const u of uris) {
          const want = reference(templates, u, named);
          assert.equal(answer(set, u), want, `${JSON.stringify(texts)} ${JSON.stringify(u)}`);
          assert.is(set.indexOf(u), want === null ? -1 : want.index);
        }
      }),
      { numRuns: RUNS * 5 },
    );
  });
}

test('templates the tree cannot hold, one after the other: the first that matches, with its values', () => {
  const set = new UriTemplateSet(['{a}{b}', '/x/{id}.v1', '/x/{id}.v2', '/x/{id:3}', '{/p*}', '/x/{id}{.fmt}{?q*}']);
  assert.equal(answer(set, '/x/abc.v2'), { index: 2, variables: { id: 'abc' } });
  assert.equal(answer(set, '/x/a.v1.v1'), { index: 1, variables: { id: 'a.v1' } });
  assert.equal(answer(set, '/x/abc'), { index: 3, variables: { id: 'abc' } });
  assert.equal(answer(set, '/x/abcd'), { index: 4, variables: { p: ['x', 'abcd'] } });
  assert.equal(answer(set, '/x/abcd.json?q=1&r=2'), { index: 5, variables: { id: 'abcd', fmt: 'json', q: { q: '1', r: '2' } } });
  assert.equal(answer(set, 'ab'), { index: 0, variables: { b: 'ab' } });
  assert.is(set.match('/x/abcd.json?q'), null);
});

test('a template whose spans are not its answer (a key twice, a variable twice) asks its own extract; the next one is tried when it says no', () => {
  const texts = ['{/x}{/x}', '{?k*}&a=3', '{/a}{/b}', '{?k*}'];
  const set = new UriTemplateSet(texts);
  assert.equal(answer(set, '/1/1'), { index: 0, variables: { x: '1' } });
  assert.equal(answer(set, '/1/2'), { index: 2, variables: { a: '1', b: '2' } });
  for (const u of ['?a=1&a=2&a=3', '?a=1&b=2', '?a=1&a=2']) assert.equal(answer(set, u), reference(set.templates, u, false), u);
});

test('a long prefix is tried on its own, in its place in the order', () => {
  const set = new UriTemplateSet(['/a/{x:100}', '/a/{y}', '/b/{z:1000}']);
  assert.equal(answer(set, '/a/hello'), { index: 0, variables: { x: 'hello' } });
  assert.equal(answer(set, `/a/${'h'.repeat(101)}`), { index: 1, variables: { y: 'h'.repeat(101) } });
  assert.equal(answer(set, '/b/z'), { index: 2, variables: { z: 'z' } });
});

test('templates that begin alike share the states of their beginning: one automaton, not one per template', () => {
  const programs = Array.from({ length: 1000 }, (_, k) => compile(`/api/{version}/{resource}/{id}.v${k}`));
  const one = new Union([programs[0]!]).nfa.kind.length;
  const all = new Union(programs).nfa.kind.length;
  // The shared beginning once, then a few states per template (its digits, a MATCH, a choice).
  assert.ok(all < one + 8 * 1000, `${all} states for 1,000 templates, ${one} for one`);
  const set = new UriTemplateSet(programs.map((p) => p.source));
  assert.equal(answer(set, '/api/v1/things/a.v1.v999'), { index: 999, variables: { version: 'v1', resource: 'things', id: 'a.v1' } });
  assert.equal(answer(set, '/api/v1/things/a.v10'), { index: 10, variables: { version: 'v1', resource: 'things', id: 'a' } });
  assert.is(set.match('/api/v1/things/a.v1000'), null);
});

test('the Pike VM, when the DFA outgrows its budget, gives the same answers, and the DFA starts again for the next URIs', () => {
  const programs = Array.from({ length: 40 }, (_, k) => compile(`{a}${'x'.repeat(k % 7)}{b}.${k}`));
  const budget = new Union(programs, 64);
  const big = new Union(programs);
  for (let k = 0; k < 40; k++) {
    const u = `${'xy.'.repeat(k % 5)}${'x'.repeat(k % 9)}.${k}`;
    const accepted = (union: Union): number[] => {
      const n = union.scan(u, u.length);
      const out: number[] = [];
      for (let x = 0; x < n; x++) {
        union.read(x);
        out.push(
          union.at(x),
          union.spans.n,
          ...union.spans.begin.subarray(0, union.spans.n),
          ...union.spans.end.subarray(0, union.spans.n),
        );
      }
      union.release();
      return out;
    };
    assert.equal(accepted(budget), accepted(big), u);
  }
  assert.ok(budget.rebuilds > 0, 'the small budget was outgrown');
  assert.is(big.rebuilds, 0);
});

test.run();

/**
 * The shortcut for templates where the URI says where every value ends (direct.ts) gives the
 * automaton's answer (nfa.ts with the lazy DFA) on every URI: expansions, their mutations and
 * random strings, for random templates of the shapes it takes; and it takes the shapes it should.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TemplateValue, UriTemplate } from '../../src/index.js';
import { Dfa } from '../../src/template/dfa.js';
import { Direct, UNSETTLED } from '../../src/template/direct.js';
import { variablesOf } from '../../src/template/extract.js';
import { templateNfa } from '../../src/template/nfa.js';
import { Spans } from '../../src/template/spans.js';
import { compile } from '../../src/template/syntax.js';
import { runs } from '../support/runs.js';

const RUNS = runs(Number(process.env.PROPERTY_RUNS ?? 400));

test('which templates take the shortcut', () => {
  const takes = (t: string): boolean => Direct.of(compile(t)) !== undefined;
  for (const t of [
    '/repos/{owner}/{repo}/issues{?state,page}',
    '/files{/path*}{?ref}',
    '/a{/b}{;c,d}{#e}',
    'x{y}/{+rest}',
    '{x}',
    '/{a}/{b}/json',
    '{?a,b}{#f}',
  ])
    assert.ok(takes(t), t);
  for (const t of [
    '{+path}{?ref}', // U+R before something else
    '/{id}{.format}', // "." could continue {id}
    '{a}{b}', // adjacent
    '{/a}/x', // "/" could begin {/a} or the literal
    '{?a}{&b}', // "&" could continue {?a}
    '{?m*}', // an associative array
    '{a:3}', // a prefix
    '{x}/{x}', // a variable twice
    '{.a*}', // "." lists
    '{a,b}', // several in a string expression
    '{x}-', // "-" could continue {x}
    '/{a}/{b}.json', // and "."
  ])
    assert.not.ok(takes(t), t);
});

const OPS_VALUE = ['', '/', '.'];
const OPS_NAMED = ['?', '&', ';'];
const literal = fc.constantFrom('', '/', '/api', '?', '#', '!', ';x', ':', '=', '@', '(', 'é');
const part = fc.oneof(
  fc.tuple(fc.constantFrom(...OPS_VALUE), fc.constantFrom('', '*')).map(
    ([op, mod]) =>
      (names: () => string) =>
        `{${op}${names()}${op === '/' ? mod : ''}}`,
  ),
  fc.tuple(fc.constantFrom(...OPS_NAMED), fc.integer({ min: 1, max: 3 })).map(
    ([op, k]) =>
      (names: () => string) =>
        `{${op}${Array.from({ length: k }, names).join(',')}}`,
  ),
);
const template = fc
  .tuple(fc.array(fc.tuple(literal, part), { minLength: 1, maxLength: 4 }), literal, fc.constantFrom('', '{+r}', '{#r}'))
  .map(([parts, last, rest]) => {
    let n = 0;
    const names = (): string => ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'][n++]!;
    return parts.map(([lit, p]) => lit + p(names)).join('') + last + rest;
  })
  .filter((t) => Direct.of(compile(t)) !== undefined);

const valueChar = fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', ' ', '/', ',', '=', '&', '%', 'é', '😀', '?', '#');
const value: fc.Arbitrary<TemplateValue> = fc.oneof(
  fc.array(valueChar, { maxLength: 4 }).map((a) => a.join('')),
  fc.constant(undefined),
  fc.array(
    fc.array(valueChar, { maxLength: 3 }).map((a) => a.join('')),
    { maxLength: 3 },
  ),
);
const uriChar = fc.constantFrom('a', '0', '/', '.', ',', '=', '&', '?', '#', ';', '%', '%41', '%2F', '%C3%A9', '-', '!', '(', 'b', 'c');

function answers(t: string, uri: string): [string, string] | undefined {
  const p = compile(t);
  const r = Direct.of(p)!.extract(uri);
  if (r === UNSETTLED) return undefined;
  const b = new Spans();
  const s = new Dfa(templateNfa(p)).run(uri, b);
  return [JSON.stringify(r), s === -1 ? 'null' : JSON.stringify(variablesOf(p, uri, b))];
}

test('the shortcut and the automaton agree: expansions and their mutations', () => {
  fc.assert(
    fc.property(template, fc.array(value, { minLength: 12, maxLength: 12 }), fc.nat(), uriChar, (t, vals, at, c) => {
      const u = new UriTemplate(t);
      const vars = Object.fromEntries(u.variables.map((v, i) => [v, vals[i]]));
      const uri = u.expand(vars);
      const j = at % (uri.length + 1);
      for (const x of [uri, uri.slice(0, j) + c + uri.slice(j), uri.slice(0, j) + uri.slice(j + 1)]) {
        const r = answers(t, x);
        if (r !== undefined) assert.is(r[0], r[1], `${t} ${JSON.stringify(x)}`);
      }
    }),
    { numRuns: RUNS * 5 },
  );
});

test('the shortcut and the automaton agree: random strings', () => {
  fc.assert(
    fc.property(template, fc.array(uriChar, { maxLength: 14 }), (t, chars) => {
      const r = answers(t, chars.join(''));
      if (r !== undefined) assert.is(r[0], r[1], `${t} ${JSON.stringify(chars.join(''))}`);
    }),
    { numRuns: RUNS * 5 },
  );
});

test('an exploded member with "=" is for the automaton', () => {
  const p = compile('{/m*}');
  assert.is(Direct.of(p)!.extract('/a=1/b'), UNSETTLED);
  assert.equal(new UriTemplate('{/m*}').extract('/a=1/b'), { m: { a: '1', b: '' } });
});

test.run();

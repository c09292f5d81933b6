/**
 * The static check of a route set (check.ts): overlapping pairs with a witness both templates
 * match, shadowed templates; against brute force on generated sets.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkTemplates, UriTemplate, UriTemplateError, UriTemplateSet } from '../../src/index.js';
import { walkBudget } from '../../src/template/check.js';
import { runs } from '../support/runs.js';

const RUNS = runs(Number(process.env.PROPERTY_RUNS ?? 400));

test('a literal route under a variable one: they overlap, and the later is shadowed', () => {
  const c = checkTemplates(['/users/{id}', '/users/me', '/repos/{owner}/{repo}']);
  assert.equal(c.overlaps, [{ first: 0, second: 1, witness: '/users/me' }]);
  assert.equal(c.shadowed, [{ index: 1, by: [0] }]);
  assert.equal(c.undecided, []);
  // In the other order nothing is shadowed: /users/me goes first, the others still reach /users/42.
  const d = checkTemplates(['/users/me', '/users/{id}']);
  assert.equal(d.overlaps, [{ first: 0, second: 1, witness: '/users/me' }]);
  assert.equal(d.shadowed, []);
});

test('overlaps the tree would not see: expressions of different kinds, each with a witness both match', () => {
  const texts = ['/a/{x}.json', '/a/{y}{.fmt}', '/a{/p*}', '/b/{x:2}', '/b/{y}z'];
  const c = checkTemplates(texts);
  assert.equal(
    c.overlaps.map((o) => [o.first, o.second]),
    [
      [0, 1],
      [0, 2],
      [1, 2],
      [3, 4],
    ],
  );
  for (const o of c.overlaps) {
    assert.ok(new UriTemplate(texts[o.first]!).extract(o.witness) !== null, o.witness);
    assert.ok(new UriTemplate(texts[o.second]!).extract(o.witness) !== null, o.witness);
  }
  // Each still has URIs of its own (/a/x.xml, /a/b/c, /b/yyz).
  assert.equal(c.shadowed, []);
  assert.equal(checkTemplates(['/a/{x}', '/a/{x}']).shadowed, [{ index: 1, by: [0] }]);
  assert.equal(checkTemplates([]), { overlaps: [], shadowed: [], undecided: [], unconfirmed: [] });
});

test('a variable used twice: a pair is reported only with a witness both match', () => {
  const c = checkTemplates(['/{x}/{x}', '/a/{y}', '/b/{z}']);
  for (const o of c.overlaps) {
    const [p, q] = [c.overlaps[0]!.first, c.overlaps[0]!.second].map((i) => new UriTemplate(['/{x}/{x}', '/a/{y}', '/b/{z}'][i]!));
    assert.ok(p!.extract(o.witness) !== null && q!.extract(o.witness) !== null, o.witness);
  }
  // The earlier one is not sure to match what its automaton accepts (it refuses /a/b): the later ones are not shadowed.
  assert.equal(c.shadowed, []);
});

test('a set too large to walk at once: pairs and templates on their own, the rest undecided', () => {
  const texts = [...Array.from({ length: 30 }, (_, k) => `/{x}.v${k}`), '/{y}.v7', '/{x}{.y}{/z}{;w}{?q}'];
  const whole = checkTemplates(texts);
  const saved = walkBudget.entries;
  try {
    walkBudget.entries = 300;
    const parts = checkTemplates(texts);
    // Each pair of the whole walk is found again, or undecided (those with the last, larger template).
    const key = (i: number, j: number): string => `${i},${j}`;
    const undecided = new Set(parts.undecided.map(([i, j]) => key(i, j)));
    const found = new Set(parts.overlaps.map((o) => key(o.first, o.second)));
    for (const o of whole.overlaps)
      assert.ok(found.has(key(o.first, o.second)) !== undecided.has(key(o.first, o.second)), key(o.first, o.second));
    assert.equal(parts.overlaps.length, whole.overlaps.length - undecided.size);
    assert.ok(undecided.size > 0 && [...undecided].every((k) => k.endsWith(',31')), [...undecided].join(' '));
    assert.equal(whole.undecided, []);
    assert.equal(whole.shadowed, [{ index: 30, by: [7] }]);
    assert.equal(parts.shadowed, [{ index: 30, by: [7] }]);
  } finally {
    walkBudget.entries = saved;
  }
});

test('a pair whose automata meet on a URI a repeated variable refuses is unconfirmed, not dropped', () => {
  // {/p}{/p*} needs the same p twice, which its automaton does not hold: the walk's URIs of the
  // states it shares with the others ("/a", "/a/=-", ...) give two values, yet "/a/a" (p = a)
  // matches both {/p}{/p*} and /a{/p*}. No URI matches {/p}{/p*} and /a: undecided all the same.
  const c = checkTemplates(['{/p}{/p*}', '/a{/p*}', '/a']);
  assert.equal(c.overlaps, [{ first: 1, second: 2, witness: '/a' }]);
  assert.equal(c.unconfirmed, [
    { first: 0, second: 1, witness: '/a' },
    { first: 0, second: 2, witness: '/a' },
  ]);
  assert.equal(c.shadowed, []);
  assert.equal(c.undecided, []);
  assert.equal(new UriTemplate('{/p}{/p*}').extract('/a/a'), { p: 'a' });
  assert.equal(new UriTemplate('/a{/p*}').extract('/a/a'), { p: ['a'] });
  // Both sure: what the automata share, both extracts match.
  assert.equal(checkTemplates(['/users/{id}', '/users/me']).unconfirmed, []);
});

test('bad input: a clear error', () => {
  assert.throws(
    () => checkTemplates(42 as never),
    /checkTemplates: templates must be an iterable of strings or UriTemplates, got a number \(42\)/,
  );
  assert.throws(
    () => checkTemplates(['/a', 7] as never),
    /checkTemplates: templates\[1\] must be a string or a UriTemplate, got a number \(7\)/,
  );
  assert.throws(
    () => checkTemplates(['/{bad']),
    (e: unknown) => e instanceof UriTemplateError,
  );
});

const part = fc.constantFrom('/a', '/b', '/', 'x', '.json', '{x}', '{y}', '{/p}', '{/p*}', '{.e}', '{+r}', '{x:2}', '{?q}', '{;m}');
const templateText = fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => ps.join(''));
const uriText = fc
  .array(fc.constantFrom('/a', '/b', '/', 'x', '.json', 'ab', '.', '?q=1', ';m', 'x/y'), { maxLength: 5 })
  .map((ps) => ps.join(''));

test('against brute force: every pair seen matching one URI is reported (or unconfirmed); every URI a shadowed template matches goes to an earlier one', () => {
  fc.assert(
    fc.property(
      fc.array(templateText, { minLength: 1, maxLength: 5 }),
      fc.array(uriText, { minLength: 1, maxLength: 20 }),
      (texts, uris) => {
        const c = checkTemplates(texts);
        const templates = texts.map((t) => new UriTemplate(t));
        const set = new UriTemplateSet(templates);
        const reported = new Set(c.overlaps.map((o) => `${o.first},${o.second}`));
        for (const o of c.overlaps) {
          assert.ok(
            templates[o.first]!.extract(o.witness) !== null && templates[o.second]!.extract(o.witness) !== null,
            JSON.stringify([texts, o]),
          );
        }
        // A pair the walk could not confirm is named, with a witness one extract refuses.
        const unconfirmed = new Set(c.unconfirmed.map((o) => `${o.first},${o.second}`));
        for (const o of c.unconfirmed) {
          assert.not.ok(reported.has(`${o.first},${o.second}`), JSON.stringify([texts, o]));
          assert.ok(
            templates[o.first]!.extract(o.witness) === null || templates[o.second]!.extract(o.witness) === null,
            JSON.stringify([texts, o]),
          );
        }
        const shadowed = new Set(c.shadowed.map((s) => s.index));
        for (const u of uris) {
          const matching = templates.map((t, i) => (t.extract(u) === null ? -1 : i)).filter((i) => i >= 0);
          for (let x = 0; x < matching.length; x++)
            for (let y = x + 1; y < matching.length; y++)
              assert.ok(
                reported.has(`${matching[x]},${matching[y]}`) || unconfirmed.has(`${matching[x]},${matching[y]}`),
                JSON.stringify([texts, u]),
              );
          const i = set.indexOf(u);
          assert.not.ok(shadowed.has(i), `${JSON.stringify(texts)}: ${JSON.stringify(u)} goes to the shadowed template ${i}`);
        }
      },
    ),
    { numRuns: RUNS },
  );
});

test.run();

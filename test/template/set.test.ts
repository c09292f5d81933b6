/**
 * UriTemplateSet: the first template in order that matches, with exactly the variables its own
 * extract gives; for random sets of templates (shared prefixes, shared expressions, templates
 * outside the tree) and URIs (expansions, their mutations).
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TemplateValue, UriTemplate, UriTemplateError, UriTemplateSet } from '../../src/index.js';
import { runs } from '../support/runs.js';

const RUNS = runs(Number(process.env.PROPERTY_RUNS ?? 400));

/** What a set must answer: the first template whose extract matches. */
function reference(templates: readonly UriTemplate[], uri: string): { index: number; variables: unknown } | null {
  for (let k = 0; k < templates.length; k++) {
    const v = templates[k]!.extract(uri);
    if (v !== null) return { index: k, variables: v };
  }
  return null;
}

test('the first template in order wins, with its variables', () => {
  const routes = new UriTemplateSet([
    '/users/{id}',
    '/users/{id}/repos{?page}',
    '/repos/{owner}/{repo}',
    '/users/me',
    '/a/{x}',
    '/{y}/b',
    '/files{/path*}',
    '/maps{?bbox*}',
    '{+all}',
  ]);
  const m = (u: string): unknown => {
    const r = routes.match(u);
    return r === null ? null : [r.index, r.template.template, r.variables];
  };
  assert.equal(m('/users/42/repos?page=2'), [1, '/users/{id}/repos{?page}', { id: '42', page: '2' }]);
  assert.equal(m('/users/me'), [0, '/users/{id}', { id: 'me' }]);
  assert.equal(m('/a/b'), [4, '/a/{x}', { x: 'b' }]);
  assert.equal(m('/x/b'), [5, '/{y}/b', { y: 'x' }]);
  assert.equal(m('/files/a/b.txt'), [6, '/files{/path*}', { path: ['a', 'b.txt'] }]);
  assert.equal(m('/files/a=1/b'), [6, '/files{/path*}', { path: { a: '1', b: '' } }]);
  assert.equal(m('/maps?w=1&e=2'), [7, '/maps{?bbox*}', { bbox: { w: '1', e: '2' } }]);
  assert.equal(m('/orgs/nodejs'), [8, '{+all}', { all: '/orgs/nodejs' }]);
  // indexOf: the same index, without the variables.
  assert.equal(
    ['/users/42/repos?page=2', '/users/me', '/x/b', '/orgs/nodejs', ''].map((u) => routes.indexOf(u)),
    [1, 0, 5, 8, 8],
  );
  assert.is(new UriTemplateSet(['/a']).indexOf('/b'), -1);
  assert.is(new UriTemplateSet(['/a', '/b/{x}']).match('/c'), null);
  assert.is(new UriTemplateSet([]).match('/c'), null);
  // The empty template ends at the root, before any edge.
  assert.equal(new UriTemplateSet(['/a', '', '{x}']).match('')?.index, 1);
  assert.equal(new UriTemplateSet(['{x}', '']).match('')?.index, 0);
  assert.is(routes.size, 9);
  assert.is(routes.templates[2]!.template, '/repos/{owner}/{repo}');
});

test('UriTemplates, including partially expanded ones, and errors', () => {
  const partial = new UriTemplate('/x{?a,b}').partialExpand({ b: 2 });
  const set = new UriTemplateSet([partial, new UriTemplate('/x{?a}'), '/y']);
  assert.equal(set.match('/x?a=1&b=2')?.index, 0);
  assert.equal(set.match('/x?a=1')?.index, 1);
  assert.equal(set.match('/x?a=1&b=3'), null);
  assert.throws(
    () => new UriTemplateSet(['/ok', '/{bad']),
    (e: unknown) => e instanceof UriTemplateError && e.code === 'UNCLOSED_EXPRESSION',
  );
  assert.throws(
    () => new UriTemplateSet(42 as never),
    /UriTemplateSet: templates must be an iterable of strings or UriTemplates, got a number \(42\)/,
  );
  assert.throws(
    () => new UriTemplateSet(['/a', 7] as never),
    /UriTemplateSet: templates\[1\] must be a string or a UriTemplate, got a number \(7\)/,
  );
  assert.throws(() => set.match(null as never), /UriTemplateSet.match: uri must be a string, got null/);
  assert.throws(() => set.indexOf(7 as never), /UriTemplateSet.indexOf: uri must be a string, got a number \(7\)/);
});

const part = fc.constantFrom(
  '/users',
  '/users/',
  '/repos/',
  '/a',
  '/',
  '{id}',
  '{/id}',
  '{name}',
  '{/path*}',
  '{?page,per_page}',
  '{?q}',
  '{.fmt}',
  '{+rest}',
  '{#frag}',
  '/x',
  '-',
  '{a}{b}',
  '{?m*}',
  '{;p}',
);
const templateText = fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => {
  let k = 0;
  // Distinct names within a template, so most templates qualify for the tree.
  return ps.join('').replace(
    /\{([+#./;?&]?)([a-z_,]+)(\*?)\}/g,
    (_, op: string, names: string, star: string) =>
      `{${op}${names
        .split(',')
        .map((n) => `${n}${k++}`)
        .join(',')}${star}}`,
  );
});
const value: fc.Arbitrary<TemplateValue> = fc.oneof(
  fc.constantFrom('42', 'me', 'a b', '', 'x/y', 'é', 'a=1'),
  fc.constant(undefined),
  fc.constantFrom(['a', 'b'], ['x']),
  fc.constant({ k: 'v' }),
);

test('a set answers as its templates do, one by one', () => {
  fc.assert(
    fc.property(
      fc.array(templateText, { minLength: 1, maxLength: 8 }),
      fc.nat(),
      fc.array(value, { minLength: 16, maxLength: 16 }),
      fc.nat(),
      fc.constantFrom('', '/', 'x', '?', '&a=1', '%41', '.'),
      (texts, pick, vals, at, insert) => {
        const templates = texts.map((t) => new UriTemplate(t));
        const set = new UriTemplateSet(templates);
        const source = templates[pick % templates.length]!;
        let uri: string;
        try {
          uri = source.expand(Object.fromEntries(source.variables.map((v, i) => [v, vals[i]])));
        } catch {
          return; // a prefix on a composite value: no URI
        }
        const j = at % (uri.length + 1);
        for (const u of [uri, uri.slice(0, j) + insert + uri.slice(j)]) {
          const got = set.match(u);
          const want = reference(templates, u);
          assert.is(set.indexOf(u), want === null ? -1 : want.index);
          assert.equal(
            got === null ? null : { index: got.index, variables: got.variables },
            want,
            `${JSON.stringify(texts)} ${JSON.stringify(u)}`,
          );
        }
      },
    ),
    { numRuns: RUNS * 5 },
  );
});

test('literals that only lead to others ("/" before several): each template still reached exactly', () => {
  const set = new UriTemplateSet(['/r/{id}/settings', '/r/{id}/stats/{y}', '/r/{id}/members', '/r/{id}', '/v2/r/{id}', '/v2/s']);
  const got = (u: string) => {
    const m = set.match(u);
    return m === null ? null : [m.index, m.variables];
  };
  assert.equal(got('/r/7/settings'), [0, { id: '7' }]);
  assert.equal(got('/r/7/stats/2024'), [1, { id: '7', y: '2024' }]);
  assert.equal(got('/r/7/members'), [2, { id: '7' }]);
  assert.equal(got('/r/7'), [3, { id: '7' }]);
  assert.equal(got('/v2/r/9'), [4, { id: '9' }]);
  assert.equal(got('/v2/s'), [5, {}]);
  for (const u of ['/r/7/', '/r/7/s', '/r/7/settingsx', '/r/7/x', '/v2/t', '/v2/', '/', '', 'r/7', '/x/7']) assert.is(got(u), null, u);
});

test('first segments that share a beginning ("/repos", "/rate_limit"; "/orgs", "/orders"): read from the root by two characters, each template reached exactly', () => {
  const set = new UriTemplateSet([
    '/repos/{o}/{r}',
    '/rate_limit',
    '/orgs/{org}',
    '/orders',
    '/o',
    '/octo{x}',
    '/users/{u}',
    '/u',
    '/v2/{id}',
  ]);
  const got = (u: string) => {
    const m = set.match(u);
    return m === null ? null : [m.index, m.variables];
  };
  assert.equal(got('/repos/a/b'), [0, { o: 'a', r: 'b' }]);
  assert.equal(got('/rate_limit'), [1, {}]);
  assert.equal(got('/orgs/n'), [2, { org: 'n' }]);
  assert.equal(got('/orders'), [3, {}]);
  assert.equal(got('/o'), [4, {}]);
  assert.equal(got('/octocat'), [5, { x: 'cat' }]);
  assert.equal(got('/users/7'), [6, { u: '7' }]);
  assert.equal(got('/u'), [7, {}]);
  assert.equal(got('/v2/9'), [8, { id: '9' }]);
  // Stopping inside the shared part, a character past it that no template has (ASCII or not),
  // the first character wrong, or nothing after the root's.
  const none = ['/r', '/ra', '/re', '/rx', '/r\u00e9', '/\u00e9', '/or', '/ord', '/orx', 'xrepos/a/b', '/', '', '/repos', '/Repos/a/b'];
  for (const u of none) assert.is(got(u), null, u);
  // A root with an expression child reads by one character, as every other node does.
  const mixed = new UriTemplateSet(['/repos/{r}', '/rate', '{x}']);
  assert.equal(mixed.match('/rate')?.index, 1);
  assert.is(mixed.match('/ra'), null);
  assert.equal(mixed.match('abc')?.variables, { x: 'abc' });
});

test('an answer found, then an earlier template tried from a node above it: the answer keeps its own values', () => {
  // '/{z}/b' matches first (z = 'a'); '/a/{y}/d', before it in order, then reads y = 'b' over
  // the same captures and fails at '/d'.
  const set = new UriTemplateSet(['/{x}/c', '/a/{y}/d', '/{z}/b']);
  assert.equal(set.match('/a/b'), { index: 2, template: set.templates[2], variables: { z: 'a' } });
  assert.equal(set.match('/a/b/d'), { index: 1, template: set.templates[1], variables: { y: 'b' } });
  assert.equal(set.match('/q/c'), { index: 0, template: set.templates[0], variables: { x: 'q' } });
  // Two answers in turn before the earlier template fails: the better one's values.
  const two = new UriTemplateSet(['/{a}/{b}/x', '/p/{c}/q', '/{d}/{e}/q', '/{f}/{g}/{h}']);
  assert.equal(two.match('/p/1/q')?.variables, { c: '1' });
  assert.equal(two.match('/p/1/r')?.variables, { f: 'p', g: '1', h: 'r' });
  assert.equal(two.match('/z/1/q')?.variables, { d: 'z', e: '1' });
});

test('many templates with a common prefix: the right one, whatever the order', () => {
  const texts = Array.from({ length: 300 }, (_, i) => `/api/v1/r${i}/{id}/items{/item}{?page}`);
  const set = new UriTemplateSet(texts);
  assert.equal(set.match('/api/v1/r299/7/items/9?page=2'), {
    index: 299,
    template: set.templates[299],
    variables: { id: '7', item: '9', page: '2' },
  });
  assert.equal(set.match('/api/v1/r29/7/items')?.index, 29);
  assert.is(set.match('/api/v1/r300/7/items'), null);
});

test('60 variable names, each first, second and third in some template, and "__proto__": every value an own property, in order', () => {
  const names = Array.from({ length: 60 }, (_, k) => `n${k}`);
  const templates = names.map((n, k) => `/t${k}/{${n}}/{${names[(k + 1) % 60]}}/{${names[(k + 2) % 60]}}`);
  templates.push('/p/{__proto__}/{n0}', '/q/{n1}/{__proto__}');
  const set = new UriTemplateSet(templates);
  const each = templates.map((t) => new UriTemplate(t));
  for (let round = 0; round < 3; round++) {
    for (let k = 0; k < 60; k++) {
      const m = set.match(`/t${k}/a${k}/b%C3%BC/c`);
      assert.is(m?.index, k);
      assert.equal(Object.entries(m!.variables), [
        [names[k], `a${k}`],
        [names[(k + 1) % 60], 'b\u00fc'],
        [names[(k + 2) % 60], 'c'],
      ]);
      assert.equal(m!.variables, each[k]!.extract(`/t${k}/a${k}/b%C3%BC/c`));
    }
    const p = set.match('/p/x/y')!.variables;
    assert.equal(Object.keys(p), ['__proto__', 'n0']);
    assert.is(Object.getOwnPropertyDescriptor(p, '__proto__')!.value, 'x');
    assert.is(Object.getPrototypeOf(p), Object.prototype);
    const q = set.match('/q/x/y')!.variables;
    assert.equal(Object.keys(q), ['n1', '__proto__']);
    assert.is(Object.getOwnPropertyDescriptor(q, '__proto__')!.value, 'y');
  }
});

test.run();

/**
 * Route matching for real traffic (`{ query: 'named' }`): the path exactly, the query only for
 * the pairs a template names, in any order, whatever else it holds; exact mode as before. The
 * URIs are shapes of access-log request targets. A set in named mode answers as its templates'
 * own named extract does, one by one.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UriTemplate, UriTemplateSet } from '../../src/index.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);
const NAMED = { query: 'named' } as const;
const named = (t: string, u: string): unknown => new UriTemplate(t).extract(u, NAMED);

test('log lines: tracking parameters, "+" and any order do not prevent a match', () => {
  assert.equal(named('/users/{id}', '/users/42?utm_source=x'), { id: '42' });
  assert.is(new UriTemplate('/users/{id}').extract('/users/42?utm_source=x'), null);
  assert.equal(named('/search{?q}', '/search?q=a+b&page=2'), { q: 'a+b' });
  assert.is(new UriTemplate('/search{?q}').extract('/search?q=a+b&page=2'), null);
  assert.equal(named('/search{?q,page}', '/search?utm_medium=email&page=2&q=caf%C3%A9%20au%20lait&fbclid=IwAR0'), {
    q: 'café au lait',
    page: '2',
  });
  assert.equal(named('/repos/{owner}/{repo}/issues{?state,page}', '/repos/nodejs/node/issues?page=3&per_page=100'), {
    owner: 'nodejs',
    repo: 'node',
    page: '3',
  });
  // No query, an empty one, one without the names: the query's variables are undefined.
  assert.equal(named('/search{?q}', '/search'), {});
  assert.equal(named('/search{?q}', '/search?'), {});
  assert.equal(named('/search{?q}', '/search?page=2&&x'), {});
  // A pair without "=" has the empty value; the first of two pairs wins; a fragment is not read.
  assert.equal(named('/search{?q}', '/search?q&q=2'), { q: '' });
  assert.equal(named('/search{?q}', '/search?q=1&q=2#q=3'), { q: '1' });
  assert.equal(named('/users/{id}', '/users/42#top'), { id: '42' });
  // Values are taken as they are beyond "%XX": "%7E", "+", a lone "%", raw characters.
  assert.equal(named('/s{?q}', '/s?q=%7E+%zz+"x"'), { q: '~+%zz+"x"' });
});

test('the path is still matched exactly', () => {
  assert.is(named('/users/{id}', '/users/a+b?x=1'), null);
  assert.is(named('/users/{id}', '/users/42/repos?x=1'), null);
  assert.is(named('/users/{id}', '/users/a%7Eb'), null);
  assert.is(named('/users/{id}', '/repos/42?id=1'), null);
  assert.equal(named('{+path}', '/a/b?c=d'), { path: '/a/b' });
  assert.equal(named('/files{/path*}', '/files/a/b%20c?download=1'), { path: ['a', 'b c'] });
});

test('what the query part asks: lists, prefixes, literal pairs, name={x}, a variable of both parts', () => {
  assert.equal(named('/posts{?tag*}', '/posts?tag=a&x=1&tag=b%2Fc'), { tag: ['a', 'b/c'] });
  assert.equal(named('/posts{?tag*}', '/posts?x=1'), {});
  assert.equal(named('/posts{?tag}', '/posts?tag=a,b'), { tag: 'a,b' });
  // A prefix: a longer value is not one the template writes (code points counted).
  assert.equal(named('/s{?q:3}', '/s?q=abc&q=abcdef'), { q: 'abc' });
  assert.is(named('/s{?q:3}', '/s?q=abcd'), null);
  assert.equal(named('/s{?q:3}', '/s?q=%F0%9F%98%80%C3%A9z'), { q: '😀éz' });
  // Literal pairs must be there, as written.
  assert.equal(named('/api?v=1{&q}', '/api?q=x&v=1'), { q: 'x' });
  assert.is(named('/api?v=1{&q}', '/api?q=x'), null);
  assert.is(named('/api?v=1{&q}', '/api?v=2&q=x'), null);
  assert.equal(named('/api{?q}&debug', '/api?debug&q=1'), { q: '1' });
  assert.is(named('/api{?q}&debug', '/api?debug=1&q=1'), null);
  assert.equal(named('/caf\u00e9?p=\u00e9', '/caf%C3%A9?x=1&p=%C3%A9'), {});
  // name={x}: the pair must be there; its value as {?x} reads it.
  assert.equal(named('/search?q={q}&page={page}', '/search?page=2&q=a+b&utm=1'), { q: 'a+b', page: '2' });
  assert.is(named('/search?q={q}', '/search?page=2'), null);
  assert.equal(named('/go?to={+url}', '/go?to=http%3A%2F%2Fa.example%2F'), { url: 'http://a.example/' });
  // One variable in the path and the query: one value.
  assert.equal(named('/users/{id}{?id}', '/users/42?id=42'), { id: '42' });
  assert.equal(named('/users/{id}{?id}', '/users/42'), { id: '42' });
  assert.is(named('/users/{id}{?id}', '/users/42?id=7'), null);
  assert.equal(named('/x{?a}{&a}', '/x?a=1'), { a: '1' });
  assert.equal(named('/x{/a*}{?a*}', '/x/1/2?a=1&a=2'), { a: ['1', '2'] });
  assert.is(named('/x{/a*}{?a*}', '/x/1/2?a=1'), null);
});

test('a template whose query part is not pairs is matched exactly', () => {
  // {?a} then "/x": the "/x" would be part of a's pair.
  assert.equal(named('/x{?a}/y', '/x?a=1/y'), { a: '1' });
  assert.is(named('/x{?a}/y', '/x/y?a=1'), null);
  assert.equal(named('/x{?a}/y', '/x/y'), {});
  for (const t of [
    '/x?{a}',
    '/x{&a}',
    '/x{?a}{?b}',
    '/x?a={b*}',
    '/x?a={b,c}',
    '/x?={b}',
    '/x??',
    '/x?a&&b',
    '/x?a=1&',
    '/x{?a}{#f}',
    '/x?a={;b}',
  ]) {
    const template = new UriTemplate(t);
    for (const u of ['/x', '/x?a=1', '/x?a=1&b=2', '/x?q=1', `${t.replace(/\{[^}]*\}/g, '')}`])
      assert.equal(template.extract(u, NAMED), template.extract(u), `${t} ${u}`);
  }
  // A partial expansion that keeps a value for later.
  const partial = new UriTemplate('{?a,b}').partialExpand({ b: 'x' });
  assert.equal(partial.extract('?a=1&b=x', NAMED), partial.extract('?a=1&b=x'));
});

test('options: an object with query "exact" or "named"', () => {
  const t = new UriTemplate('/users/{id}');
  assert.is(t.extract('/users/1?x', { query: 'exact' }), null);
  assert.is(t.extract('/users/1?x', {}), null);
  assert.is(t.extract('/users/1?x', null as never), null);
  assert.throws(
    () => t.extract('/users/1', { query: 'loose' as never }),
    (e: unknown) =>
      e instanceof TypeError &&
      (e as Error).message === 'UriTemplate.extract: options.query must be "exact" or "named", got a string ("loose")',
  );
  assert.throws(() => t.extract('/users/1', 'named' as never), TypeError);
  assert.throws(() => new UriTemplateSet(['/a'], { query: 1 as never }), /UriTemplateSet: options.query must be "exact" or "named"/);
  // Inherited properties are no options.
  const inherited = Object.create({ query: 'named' }) as { query: 'named' };
  assert.is(t.extract('/users/1?x', inherited), null);
});

test('a set in named mode: routes of an access log', () => {
  const routes = new UriTemplateSet(
    ['/users/{id}', '/users/{id}/repos{?page}', '/search{?q}', '/api?v=1{&q}', '/api{?q}', '/files{/path*}', '/x{?a}/y'],
    NAMED,
  );
  const got = (u: string) => {
    const m = routes.match(u);
    assert.is(routes.indexOf(u), m === null ? -1 : m.index, u);
    return m === null ? null : [m.index, m.variables];
  };
  assert.equal(got('/users/42?utm_source=x'), [0, { id: '42' }]);
  assert.equal(got('/users/42/repos?utm_campaign=y&page=2'), [1, { id: '42', page: '2' }]);
  assert.equal(got('/search?q=a+b&page=2'), [2, { q: 'a+b' }]);
  assert.equal(got('/api?q=x&v=1'), [3, { q: 'x' }]);
  assert.equal(got('/api?q=x&v=2'), [4, { q: 'x' }]);
  assert.equal(got('/files/a/b?raw'), [5, { path: ['a', 'b'] }]);
  assert.equal(got('/x?a=1/y'), [6, { a: '1' }]);
  assert.is(got('/users/42/x?y'), null);
  assert.is(got('/x/y?a=1'), null);
  // The same set in exact mode.
  const exact = new UriTemplateSet(routes.templates);
  assert.is(exact.match('/users/42?utm_source=x'), null);
  assert.is(exact.match('/search?q=a+b&page=2'), null);
  assert.equal(exact.match('/search?q=a')?.index, 2);
});

const templateText = fc
  .array(
    fc.oneof(
      fc.constantFrom('/users', '/r', '/', '/x.y', '?v=1', '&f', '?q=', '&p='),
      fc.constantFrom('{id}', '{/p*}', '{?q}', '{?q,page}', '{&page}', '{?tag*}', '{?q:2}', '{+rest}', '{x}', '{.ext}'),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => parts.join(''))
  .filter((t) => {
    try {
      new UriTemplate(t);
      return true;
    } catch {
      return false;
    }
  });
const uriText = fc
  .array(fc.constantFrom('/users', '/r', '/', '42', 'a', '.y', '?', '&', '=', 'q', 'v=1', 'page=2', 'tag=a', 'f', '+', '%20', '#', 'x'), {
    maxLength: 10,
  })
  .map((parts) => parts.join(''));

test('a set in named mode answers as its templates do, one by one', () => {
  fc.assert(
    fc.property(
      fc.array(templateText, { minLength: 1, maxLength: 6 }),
      fc.array(uriText, { minLength: 1, maxLength: 5 }),
      (texts, uris) => {
        const templates = texts.map((t) => new UriTemplate(t));
        const set = new UriTemplateSet(templates, NAMED);
        for (const u of uris) {
          let want: { index: number; variables: unknown } | null = null;
          for (let k = 0; k < templates.length && want === null; k++) {
            const v = templates[k]!.extract(u, NAMED);
            if (v !== null) want = { index: k, variables: v };
          }
          const m = set.match(u);
          assert.equal(
            m === null ? null : { index: m.index, variables: m.variables },
            want,
            `${JSON.stringify(texts)} ${JSON.stringify(u)}`,
          );
          assert.is(set.indexOf(u), want === null ? -1 : want.index);
        }
      },
    ),
    { numRuns: RUNS * 5 },
  );
});

test('named matching stays linear: a long query of other pairs', () => {
  const t = new UriTemplate('/s{?q}');
  const u = `/s?${'utm=x&'.repeat(100_000)}q=found`;
  assert.equal(t.extract(u, NAMED), { q: 'found' });
  assert.equal(new UriTemplateSet(['/s{?q}'], NAMED).match(u)?.variables, { q: 'found' });
});

test.run();

/**
 * urikit/mcp: the MCP TypeScript SDK's own UriTemplate tests (test/fixtures/mcp/), the cases of its
 * query-parameter issues (typescript-sdk #149, #1079), and many resource templates at once.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UriTemplate as Core, UriTemplateError } from '../src/index.js';
import { ResourceTemplateSet, UriTemplate, type Variables } from '../src/mcp.js';
import { fixture } from './support/paths.js';

type Text = string | { join: (string | [string, number])[] };
interface Case {
  test: string;
  isTemplate?: string;
  template?: Text;
  vars?: [Text, Text | string[]][];
  uri?: Text;
  variableNames?: string[];
  sdk?: unknown;
  urikit?: unknown;
  why?: string;
}

const text = (t: Text): string => (typeof t === 'string' ? t : t.join.map((p) => (typeof p === 'string' ? p : p[0].repeat(p[1]))).join(''));
/** Expected values may be joins too, at any depth. */
function value(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(value);
  if ('join' in v) return text(v as Text);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
}

const suite = JSON.parse(readFileSync(fixture('mcp/sdk-uri-template.json'), 'utf8')) as { cases: Case[] };

/** What urikit/mcp does with a case: its answer, or 'throws'. */
function run(c: Case): unknown {
  try {
    if (c.isTemplate !== undefined) return UriTemplate.isTemplate(c.isTemplate);
    const t = new UriTemplate(text(c.template!));
    if (c.variableNames !== undefined) return t.variableNames;
    if (c.vars !== undefined) return t.expand(Object.fromEntries(c.vars.map(([k, v]) => [text(k), value(v) as string | string[]])));
    if (c.uri !== undefined) return t.match(text(c.uri));
    return 'no throw';
  } catch (e) {
    assert.instance(e, UriTemplateError);
    return 'throws';
  }
}

test('the SDK test suite: 72 cases, 66 as the SDK expects, 6 differences, each with its reason', () => {
  assert.is(suite.cases.length, 72);
  let same = 0;
  const differ: string[] = [];
  for (const c of suite.cases) {
    const want = c.variableNames ?? c.sdk;
    const got = run(c);
    if ('urikit' in c) {
      assert.equal(got, value(c.urikit), c.test);
      // Where the SDK only asks that nothing be thrown, any answer but a throw is what it expects.
      if (c.sdk === 'no throw' && got !== 'throws') same++;
      else {
        assert.ok(c.why, `${c.test}: a difference names its reason`);
        differ.push(c.test);
      }
    } else {
      assert.equal(got, value(want), c.test);
      same++;
    }
  }
  assert.is(same, 66);
  assert.equal(differ, [
    'matching > exploded arrays',
    'edge cases > special characters in names',
    'complex patterns > query arrays',
    'security > malformed expressions',
    'security > malformed expressions',
    'security > repeated operators',
  ]);
});

test('what the differences become: the RFC 6570 forms of the same intent match and expand as the SDK wanted', () => {
  assert.equal(new UriTemplate('{/list*}').match('/red/green/blue'), { list: ['red', 'green', 'blue'] });
  assert.equal(new UriTemplate('{/list}').match('/red,green,blue'), { list: ['red', 'green', 'blue'] });
  assert.is(new UriTemplate('/search{?tags}').expand({ tags: ['nodejs', 'typescript'] }), '/search?tags=nodejs,typescript');
  assert.is(new UriTemplate('{?a}{&b}{&c}').expand({ a: '1', b: '2', c: '3' }), '?a=1&b=2&c=3');
  assert.is(new UriTemplate('{?a,b,c}').expand({ a: '1', c: '3' }), '?a=1&c=3');
  assert.throws(
    () => new UriTemplate('{$var_name}'),
    (e: Error) => e.message.includes('index 1'),
  );
});

// typescript-sdk #149: acme://products{?page,limit}, parameters partial or in another order.
test('#149: query parameters omitted, partial or reordered match, the absent ones left out', () => {
  const t = new UriTemplate('acme://products{?page,limit}');
  assert.equal(t.match('acme://products'), {});
  assert.equal(t.match('acme://products?page=2'), { page: '2' });
  assert.equal(t.match('acme://products?limit=10'), { limit: '10' });
  assert.equal(t.match('acme://products?limit=10&page=1'), { page: '1', limit: '10' });
  assert.equal(t.match('acme://products?page=1&limit=10'), { page: '1', limit: '10' });
  assert.is(t.match('acme://items?page=1'), null);
});

// typescript-sdk #1079: dom://{pageId}{?selector,includeAttributes,includeText,includeChildren}.
test('#1079: a path variable with optional query parameters in any number and order', () => {
  const t = new UriTemplate('dom://{pageId}{?selector,includeAttributes,includeText,includeChildren}');
  const id = '5a072bc8-a8c7-43c3-84ac-154651ac5d44';
  assert.equal(t.match(`dom://${id}`), { pageId: id });
  assert.equal(t.match(`dom://${id}?selector=body`), { pageId: id, selector: 'body' });
  assert.equal(t.match(`dom://${id}?includeAttributes=true`), { pageId: id, includeAttributes: 'true' });
  assert.equal(t.match(`dom://${id}?includeChildren=false&selector=body&includeText=true&includeAttributes=true`), {
    pageId: id,
    selector: 'body',
    includeAttributes: 'true',
    includeText: 'true',
    includeChildren: 'false',
  });
  // The path variable stops at the query: it does not swallow '?selector=body'.
  assert.equal(new UriTemplate('dom://{pageId}').match(`dom://${id}?selector=body`), { pageId: id });
});

test('the issues fix (typescript-sdk #1785): extra parameters ignored, values decoded, absent ones omitted so expand(match(uri)) is uri', () => {
  const t = new UriTemplate('/items{?page,limit}');
  assert.equal(t.match('/items?utm_source=x&page=2&cache=1'), { page: '2' });
  assert.equal(t.match('/items?page=a%20b%26c'), { page: 'a b&c' });
  assert.equal(t.match('/items?page='), { page: '' });
  for (const uri of ['/items', '/items?page=', '/items?page=2&limit=10', '/items?page=a%20b']) assert.is(t.expand(t.match(uri)!), uri);
  // The first pair of a name counts.
  assert.equal(t.match('/items?page=1&page=2'), { page: '1' });
});

test('match gives the SDK shape: strings, lists of strings, one-member lists as a string, null on no match', () => {
  assert.equal(new UriTemplate('{/id*}').match('/a'), { id: 'a' });
  assert.equal(new UriTemplate('{/id*}').match('/a/b'), { id: ['a', 'b'] });
  assert.equal(new UriTemplate('/s{?tag*}').match('/s?tag=a&x=1&tag=b'), { tag: ['a', 'b'] });
  // An associative array is its k,v,… list (RFC 6570's unexploded form).
  assert.equal(new UriTemplate('{/m*}').match('/a=1/b=2'), { m: ['a', '1', 'b', '2'] });
  assert.is(new UriTemplate('/users/{id}').match('/posts/1'), null);
  // A variable outside the query is required and not empty, as in the SDK.
  assert.is(new UriTemplate('/users/{id}').match('/users/'), null);
  assert.is(new UriTemplate('/a{/x}').match('/a/'), null);
  assert.equal(new Core('/users/{id}').extract('/users/'), {});
  // A name used both in the path and the query is required.
  assert.equal(new UriTemplate('/u/{id}{?id}').match('/u/7?id=7'), { id: '7' });
  // Own properties only: a variable named __proto__ is an ordinary key.
  const proto = new UriTemplate('/{__proto__}').match('/x') as Variables;
  assert.equal(Object.keys(proto), ['__proto__']);
  assert.is(Object.getPrototypeOf(proto), Object.prototype);
  // ... and one not matched is absent, not found on Object.prototype.
  assert.is(new UriTemplate('/a/{__proto__}').match('/a/'), null);
});

test('a template that reads a fragment is matched exactly, fragment included', () => {
  const t = new UriTemplate('doc://{id}{#section}');
  assert.equal(t.match('doc://a#intro'), { id: 'a', section: 'intro' });
  // Like a path variable, the fragment's is required.
  assert.is(t.match('doc://a'), null);
  // Elsewhere a fragment is not looked at (RFC 3986 §3.5: it is not part of what the URI names).
  assert.equal(new UriTemplate('doc://{id}').match('doc://a#intro'), { id: 'a' });
});

test('the members: constructor from a string or a urikit template, toString, variableNames (a copy), isTemplate', () => {
  const core = new Core('/r/{a}{?b}');
  const t = new UriTemplate(core);
  assert.is(t.template, core);
  assert.is(t.toString(), '/r/{a}{?b}');
  assert.is(`${new UriTemplate('x{y}')}`, 'x{y}');
  const names = t.variableNames;
  names.push('z');
  assert.equal(t.variableNames, ['a', 'b']);
  assert.equal(new UriTemplate('{x}{x}').variableNames, ['x']);
  for (const [s, want] of [
    ['a{b', false],
    ['a}{b}', true],
    ['{ a}{b}', true],
    ['{a b}', false],
    ['{\t}', false],
    ['{{a}', true],
  ] as const) {
    assert.is(UriTemplate.isTemplate(s), want, s);
  }
  assert.throws(
    () => new UriTemplate('/{a'),
    (e: Error) => e instanceof UriTemplateError && e.message.includes('index 3'),
  );
});

test('ResourceTemplateSet: the first template in order that matches, with the variables its own match gives', () => {
  const list = [
    'acme://products{?page,limit}',
    'dom://{pageId}{?selector}',
    'file:///{+path}',
    'doc://{id}{#section}',
    'users://{id}/profile',
    'users://{id}{/rest*}',
  ];
  const set = new ResourceTemplateSet(list);
  assert.is(set.size, 6);
  assert.equal(
    set.templates.map((t) => t.toString()),
    list,
  );
  const cases: [string, number, Variables][] = [
    ['acme://products?limit=5&utm=1', 0, { limit: '5' }],
    ['dom://p1?selector=body', 1, { pageId: 'p1', selector: 'body' }],
    ['file:///etc/hosts', 2, { path: 'etc/hosts' }],
    ['doc://a#intro', 3, { id: 'a', section: 'intro' }],
    ['users://42/profile', 4, { id: '42' }],
    ['users://42/a/b', 5, { id: '42', rest: ['a', 'b'] }],
  ];
  for (const [uri, index, variables] of cases) {
    const m = set.match(uri)!;
    assert.is(m.index, index, uri);
    assert.is(m.template, set.templates[index]);
    assert.equal(m.variables, variables, uri);
  }
  assert.is(set.match('other://x'), null);
  // The same answers as matching each template in turn.
  for (const uri of [...cases.map((c) => c[0]), 'other://x', 'users://', 'acme://products', 'doc://b']) {
    const inTurn = set.templates.findIndex((t) => t.match(uri) !== null);
    assert.is(set.match(uri)?.index ?? -1, inTurn, uri);
  }
});

test('ResourceTemplateSet: a candidate with an empty path variable gives way to the next template that matches', () => {
  const set = new ResourceTemplateSet(['res://{id}', 'res://{id}/x', new UriTemplate('res://{+any}'), 'res://']);
  assert.equal(set.match('res://'), { index: 3, template: set.templates[3]!, variables: {} });
  assert.is(set.match('res://a')!.index, 0);
  assert.is(new ResourceTemplateSet(['res://{id}']).match('res://'), null);
  assert.is(new ResourceTemplateSet([]).match('res://'), null);
  // Only fragment templates: the named set is empty.
  assert.is(new ResourceTemplateSet(['d://{x}{#y}']).match('d://a#b')!.index, 0);
  // Both sets answer: the earlier in the list wins, whichever set it is in.
  assert.is(new ResourceTemplateSet(['d://{x}{#y}', 'd://{x}']).match('d://a#b')!.index, 0);
  assert.is(new ResourceTemplateSet(['d://{x}', 'd://{x}{#y}']).match('d://a#b')!.index, 0);
});

test.run();

/**
 * Query parameters: queryParams (RFC 3986 and form rules, `;`, bad `%`, fatal errors with their
 * index), formatQuery, and agreement with Node's URLSearchParams in form mode on generated input.
 */
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatQuery, parse, QueryParams, queryParams } from '../../src/index.js';
import { throwsUriError } from '../support/assert.js';
import { codePoint } from '../support/hostile.js';
import { runs } from '../support/runs.js';

/** The WHATWG URL Standard's reference implementation (Node's own URLSearchParams misreads some bad UTF-8). */
const whatwg = createRequire(import.meta.url)('whatwg-url') as { URLSearchParams: typeof URLSearchParams };

const pairs = (q: QueryParams): [string, string][] => [...q];

test('get, getAll, has, size on duplicates, empty names and values, and pairs without "="', () => {
  const q = queryParams('a=1&b=&=x&a=2&c&&d=e=f&');
  assert.is(q.get('a'), '1');
  assert.equal(q.getAll('a'), ['1', '2']);
  assert.is(q.get('b'), '');
  assert.is(q.get(''), 'x');
  assert.is(q.get('c'), '');
  assert.is(q.get('d'), 'e=f');
  assert.is(q.get('z'), null);
  assert.equal(q.getAll('z'), []);
  assert.is(q.has('c'), true);
  assert.is(q.has('a', '2'), true);
  assert.is(q.has('a', '3'), false);
  assert.is(q.has('z'), false);
  assert.is(q.size, 6);
  assert.equal(pairs(q), [
    ['a', '1'],
    ['b', ''],
    ['', 'x'],
    ['a', '2'],
    ['c', ''],
    ['d', 'e=f'],
  ]);
});

test('a string is a query: one leading "?" is skipped; an empty query has no pairs', () => {
  assert.equal(pairs(queryParams('?a=1')), [['a', '1']]);
  assert.equal(pairs(queryParams('??a=1')), [['?a', '1']]);
  assert.equal(pairs(queryParams('')), []);
  assert.equal(pairs(queryParams('?')), []);
  assert.equal(pairs(queryParams('&&&')), []);
  assert.is(queryParams('?').size, 0);
});

test('a string with a scheme and "//" is a URL, not a query: refused, with the way to its query', () => {
  throwsUriError(
    () => queryParams('http://x/?a=1'),
    'INVALID_COMPONENT',
    0,
    /^A URL where a query was expected: "http:\/\/x\/\?a=1" begins with the scheme "http:\/\/"; pass parse\(url\) for its query, or a query that begins so with its "\?" \("\?http:\/\/x"\)$/,
  );
  throwsUriError(() => queryParams('HTTPS://x'), 'INVALID_COMPONENT', 0);
  assert.equal(pairs(queryParams(parse('http://x/?a=1'))), [['a', '1']]);
  // With its "?", or without "//", it is a query.
  assert.equal(pairs(queryParams('?http://x/?a=1')), [['http://x/?a', '1']]);
  assert.equal(pairs(queryParams('ns:key=1')), [['ns:key', '1']]);
  assert.equal(pairs(queryParams('a=http://x')), [['a', 'http://x']]);
});

test('a Uri gives its query, which ends at the fragment; no query, no pairs', () => {
  const u = parse('http://h/p?q=1&r=a%20b#x=2&y');
  assert.equal(pairs(queryParams(u)), [
    ['q', '1'],
    ['r', 'a b'],
  ]);
  assert.equal(pairs(queryParams(parse('http://h/p#a=1'))), []);
  assert.equal(pairs(queryParams(parse('http://h/p?'))), []);
  assert.is(queryParams(parse('http://h/p?a=b#c')).toString(), 'a=b');
});

test('names and values are decoded on read; "+" is "+" under RFC 3986 and a space as a form', () => {
  const s = 'na%20me=v%C3%BCl+ue&a+b=c%2Bd';
  const rfc = queryParams(s);
  assert.is(rfc.get('na me'), 'vül+ue');
  assert.is(rfc.get('a+b'), 'c+d');
  assert.is(rfc.get('a b'), null);
  const form = queryParams(s, { form: true });
  assert.is(form.get('na me'), 'vül ue');
  assert.is(form.get('a b'), 'c+d');
  assert.is(form.get('a+b'), null);
  assert.equal([...form.keys()], ['na me', 'a b']);
  assert.equal([...form.values()], ['vül ue', 'c+d']);
  // A raw name is compared as it stands when the query holds no encoding at all.
  assert.is(queryParams('ab=1&a=2').get('a'), '2');
});

test('";" separates pairs only with the semicolon option', () => {
  assert.equal(pairs(queryParams('a=1;b=2&c=3')), [
    ['a', '1;b=2'],
    ['c', '3'],
  ]);
  assert.equal(pairs(queryParams('a=1;b=2&c=3', { semicolon: true })), [
    ['a', '1'],
    ['b', '2'],
    ['c', '3'],
  ]);
  assert.is(queryParams('a=1;b=2', { semicolon: true }).get('b'), '2');
});

test('a bad "%" is kept and bad UTF-8 reads as U+FFFD, unless fatal', () => {
  const q = queryParams('a=%zz&b=%C3&c=100%&%=d');
  assert.equal(pairs(q), [
    ['a', '%zz'],
    ['b', '\uFFFD'],
    ['c', '100%'],
    ['%', 'd'],
  ]);
  throwsUriError(() => queryParams('a=1&b=%zz', { fatal: true }), 'INVALID_PERCENT_ENCODING', 6);
  throwsUriError(() => queryParams('?a=%C3', { fatal: true }), 'INVALID_UTF8', 3);
  throwsUriError(() => queryParams('a=1%', { fatal: true }), 'INVALID_PERCENT_ENCODING', 3);
  // The index is in the Uri's href.
  const lenient = parse('http://h/?x=%zz', { lenient: true });
  throwsUriError(() => queryParams(lenient, { fatal: true }), 'INVALID_PERCENT_ENCODING', 12);
  // A "%" at the query's end is not completed by the fragment's characters.
  assert.equal(pairs(queryParams(parse('http://h/?x=%4#1', { lenient: true }))), [['x', '%4']]);
  assert.equal(pairs(queryParams('a=%41&b=%C3%BC', { fatal: true })), [
    ['a', 'A'],
    ['b', 'ü'],
  ]);
});

test('iteration, forEach, toString and interop with URLSearchParams and Object.fromEntries', () => {
  const q = queryParams('a=1&b=2&a=3');
  const seen: string[] = [];
  q.forEach(function (this: unknown, value, name, params) {
    seen.push(`${name}:${value}:${params === q}:${this === seen}`);
  }, seen);
  assert.equal(seen, ['a:1:true:true', 'b:2:true:true', 'a:3:true:true']);
  assert.equal(
    [...q.entries()],
    [
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
    ],
  );
  assert.is(q.toString(), 'a=1&b=2&a=3');
  assert.is(new URLSearchParams(q).toString(), 'a=1&b=2&a=3');
  assert.equal(Object.fromEntries(q), { a: '3', b: '2' });
  assert.is(formatQuery(new URLSearchParams('x=1&y=a+b')), 'x=1&y=a%20b');
});

test('QueryParams is read-only and shows its pairs in util.inspect', () => {
  const q = queryParams('a=1&b=x%20y');
  // No method changes it, and its one property is a getter: assigning it throws (strict code).
  for (const m of ['set', 'append', 'delete', 'sort']) assert.is(m in q, false, m);
  assert.throws(() => {
    (q as unknown as { size: number }).size = 0;
  }, TypeError);
  assert.is(q.size, 2);
  assert.is(inspect(q), "QueryParams { 'a' => '1', 'b' => 'x y' }");
  assert.is(inspect(queryParams('')), 'QueryParams {}');
  assert.instance(q, QueryParams);
});

test('an empty name finds "=x", never an empty pair', () => {
  assert.is(queryParams('&&=x').get(''), 'x');
  assert.is(queryParams('a&&b').get(''), null);
  assert.is(queryParams('a=1&b').get('b'), '');
  assert.is(queryParams('ab=1').get('a'), null);
  assert.is(queryParams('a=b=c').get('a=b'), null);
  assert.is(queryParams('a%3Db=c').get('a=b'), 'c');
  assert.is(queryParams('x=1&y=2', { semicolon: true }).get('y'), '2');
});

test('formatQuery: records, arrays, pairs, null (the name alone) and undefined (left out)', () => {
  assert.is(formatQuery({ q: 'a b&c', page: 2 }), 'q=a%20b%26c&page=2');
  assert.is(formatQuery({ tag: ['x', 'y'], none: undefined, flag: null, on: true, big: 10n }), 'tag=x&tag=y&flag&on=true&big=10');
  assert.is(formatQuery([['tag', 'x'], ['tag', 'y'], ['flag']]), 'tag=x&tag=y&flag');
  assert.is(
    formatQuery(
      new Map<string, string>([
        ['a', '1'],
        ['b', '2'],
      ]),
    ),
    'a=1&b=2',
  );
  assert.is(formatQuery(queryParams('a=%C3%BC&b=x+y')), 'a=%C3%BC&b=x%2By');
  assert.is(formatQuery({}), '');
  assert.is(formatQuery([]), '');
});

test('formatQuery encodes the separators and "+", and keeps what a query may hold', () => {
  assert.is(formatQuery({ 'k=&;+#%': "v=&;+#% /?:@!$'()*,~ü" }), "k%3D%26%3B%2B%23%25=v%3D%26%3B%2B%23%25%20/?:@!$'()*,~%C3%BC");
  assert.is(formatQuery({ a: '1', b: '2' }, { separator: ';' }), 'a=1;b=2');
});

test('formatQuery: a "?" that would begin the query is written %3F, as readers drop one leading "?"; elsewhere it is data (RFC 3986 §3.4)', () => {
  assert.is(formatQuery([['?a', '1']]), '%3Fa=1');
  assert.equal(pairs(queryParams(formatQuery([['?a', '1']]))), [['?a', '1']]);
  assert.is(formatQuery([['?']]), '%3F');
  assert.is(formatQuery({ '??': '?' }), '%3F?=?');
  assert.is(
    formatQuery([
      ['a', '?'],
      ['?b', '1'],
    ]),
    'a=?&?b=1',
  );
  assert.is(formatQuery([['', '?x']]), '=?x');
  assert.is(formatQuery([['?a', '1']], { form: true }), '%3Fa=1');
  // The URL Standard's readers drop the same "?".
  assert.equal([...new URLSearchParams(formatQuery([['?a', '1']]))], [['?a', '1']]);
  const u = new URL('http://h/');
  u.search = formatQuery([['?a', '1']]);
  assert.is(u.searchParams.get('?a'), '1');
  // Round trips with names and values that begin with "?".
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.constantFrom('?', '??a', '?a', 'a?', '', 'a'), fc.constantFrom('?', '', '?x', 'x')), { maxLength: 4 }),
      (list) => {
        assert.equal(pairs(queryParams(formatQuery(list))), list);
      },
    ),
    { seed: 25, numRuns: 500 },
  );
});

test('formatQuery as a form writes exactly what URLSearchParams writes', () => {
  const input: [string, string][] = [
    ['q', 'a b+c'],
    ['x', "~!*'()-._"],
    ['ü', '€/?#&='],
  ];
  assert.is(formatQuery(input, { form: true }), new URLSearchParams(input).toString());
  assert.is(formatQuery({ q: 'a b' }, { form: true }), 'q=a+b');
});

test('the QueryParams constructor is internal: called with anything else, it says so', () => {
  for (const args of [
    [Symbol('x'), 0, 0, 0],
    ['a=1', Symbol('x'), 3, 0],
    ['a=1', 0, Symbol('x'), 0],
    ['a=1', 0, 9, 0],
    ['a=1', 2, 1, 0],
    ['a=1', 0, 3, '0'],
  ]) {
    assert.throws(
      () => new QueryParams(...(args as [string, number, number, number])),
      (e: unknown) =>
        e instanceof TypeError &&
        (e as Error).message === 'QueryParams: the constructor is internal; use queryParams(input) or uri.queryParams',
    );
  }
  assert.is(new QueryParams('a=1', 0, 3, 0).get('a'), '1');
});

test('formatQuery: a lone surrogate has no UTF-8 form', () => {
  throwsUriError(() => formatQuery({ a: 'x\uD800' }), 'INVALID_CHAR', 1);
});

// ---------------------------------------------------------------------------------------------
// Properties, against URLSearchParams (the WHATWG URL Standard's form rules): whatwg-url's, the
// reference implementation. Node's own misreads an incomplete UTF-8 sequence followed by a
// non-ASCII character ("%E2%82😀"); scripts/differential/writing-whatwg.ts counts those apart.

/** Query text weighted toward what matters: separators, "+", "%", hex digits, non-ASCII. */
const queryText = fc
  .array(
    fc.oneof(
      { arbitrary: fc.constantFrom('&', '=', '+', ';', '%', '%2', '%41', '%C3%BC', '%C3', '%E2%82', '%FF', '%zz', '?', ' '), weight: 4 },
      { arbitrary: fc.constantFrom('a', 'b', 'A', '0', 'ü', '€', '😀', '~', '/'), weight: 4 },
      { arbitrary: fc.string({ unit: codePoint, maxLength: 3 }), weight: 1 },
    ),
    { maxLength: 24 },
  )
  .map((a) => a.join(''));

test('form mode reads every generated query exactly as URLSearchParams does', () => {
  fc.assert(
    fc.property(queryText, (s) => {
      assert.equal(pairs(queryParams(s, { form: true })), [...new whatwg.URLSearchParams(s)]);
      const q = queryParams(s, { form: true });
      const usp = new whatwg.URLSearchParams(s);
      for (const name of usp.keys()) assert.is(q.get(name), usp.get(name));
      assert.is(q.size, usp.size);
    }),
    { seed: 11, numRuns: runs(3000) },
  );
});

test('get agrees with the first of the pairs, in every mode, on generated queries and names', () => {
  const name = fc.constantFrom('', 'a', 'b', 'a b', 'a+b', 'a=b', 'ü', '&', 'ab');
  fc.assert(
    fc.property(queryText, name, fc.boolean(), fc.boolean(), (s, n, form, semicolon) => {
      const q = queryParams(s, { form, semicolon });
      const first = [...q].find(([k]) => k === n);
      assert.is(q.get(n), first === undefined ? null : first[1]);
      assert.equal(
        q.getAll(n),
        [...q].filter(([k]) => k === n).map(([, v]) => v),
      );
    }),
    { seed: 13, numRuns: runs(5000) },
  );
});

const pairList = fc.array(fc.tuple(fc.string({ unit: codePoint, maxLength: 6 }), fc.string({ unit: codePoint, maxLength: 6 })), {
  maxLength: 6,
});

test('formatQuery then queryParams gives the pairs back, in both modes; form output is URLSearchParams#toString', () => {
  fc.assert(
    fc.property(pairList, (list) => {
      const rfc = formatQuery(list);
      // Empty names with empty values ("=") are kept; only an empty pair text is skipped.
      assert.equal(pairs(queryParams(rfc)), list);
      const form = formatQuery(list, { form: true });
      assert.is(form, new whatwg.URLSearchParams(list).toString());
      assert.equal(pairs(queryParams(form, { form: true })), list);
      // What formatQuery writes is a valid RFC 3986 query.
      assert.is(parse(`?${rfc}`).query, rfc);
    }),
    { seed: 12, numRuns: runs(2000) },
  );
});

test('withQueryParams: each named parameter set, repeated or removed; every other pair kept byte for byte, in place', () => {
  const u = parse('https://s.example/search?q=red+shoes&page=1&x=%7e#top');
  assert.is(u.withQueryParams({ page: '2', y: 'a b' }).href, 'https://s.example/search?q=red+shoes&page=2&x=%7e&y=a%20b#top');
  assert.is(u.withQueryParams({ y: 'a b' }, { form: true }).href, 'https://s.example/search?q=red+shoes&page=1&x=%7e&y=a+b#top');
  assert.is(u.withQueryParams({ page: undefined }).href, 'https://s.example/search?q=red+shoes&x=%7e#top');
  assert.is(u.withQueryParams({ q: 'a&b=c#d+e' }).href, 'https://s.example/search?q=a%26b%3Dc%23d%2Be&page=1&x=%7e#top');
  assert.is(u.withQueryParams({ q: 'a+b c' }, { form: true }).href, 'https://s.example/search?q=a%2Bb+c&page=1&x=%7e#top');
  // Numbers, booleans and bigints as String() writes them; null writes the name alone.
  assert.is(
    u.withQueryParams({ page: 3, all: true, n: 10n, flag: null }).href,
    'https://s.example/search?q=red+shoes&page=3&x=%7e&all=true&n=10&flag#top',
  );
  // An array: the values in the place of the first pair of that name; the later pairs go.
  const r = parse('http://h/?a=1&b=2&a=3&c');
  assert.is(r.withQueryParams({ a: ['x', 'y'] }).href, 'http://h/?a=x&a=y&b=2&c');
  assert.is(r.withQueryParams({ a: [] }).href, 'http://h/?b=2&c');
  assert.is(r.withQueryParams({ c: 'v', b: undefined }).href, 'http://h/?a=1&a=3&c=v');
  assert.is(r.withQueryParams({ d: ['1', null] }).href, 'http://h/?a=1&b=2&a=3&c&d=1&d');
  // Names are matched decoded ("+" a space only as a form); the name keeps its spelling.
  assert.is(parse('http://h/?pa%67e=1').withQueryParams({ page: '2' }).href, 'http://h/?pa%67e=2');
  assert.is(parse('http://h/?a+b=1').withQueryParams({ 'a b': '2' }, { form: true }).href, 'http://h/?a+b=2');
  assert.is(parse('http://h/?a+b=1').withQueryParams({ 'a b': '2' }).href, 'http://h/?a+b=1&a%20b=2');
  assert.is(parse('http://h/?a=1;b=2').withQueryParams({ b: '3' }, { semicolon: true }).href, 'http://h/?a=1;b=3');
  assert.is(parse('http://h/?a=1;b=2').withQueryParams({ b: '3' }).href, 'http://h/?a=1;b=2&b=3');
  // Empty pairs are no pairs: kept as they were.
  assert.is(parse('http://h/?a=1&&b=2').withQueryParams({ b: '3' }).href, 'http://h/?a=1&&b=3');
  assert.is(parse('http://h/?a=1&&b=2').withQueryParams({ a: undefined }).href, 'http://h/?&b=2');
  // No query: one is added; every pair removed: no query, not a bare "?".
  assert.is(parse('http://h/p#f').withQueryParams({ a: '1' }).href, 'http://h/p?a=1#f');
  assert.is(parse('http://h/p?#f').withQueryParams({ a: '1' }).href, 'http://h/p?a=1#f');
  assert.is(parse('http://h/p?a=1#f').withQueryParams({ a: undefined }).href, 'http://h/p#f');
  // A "?" that would begin the query is data, written %3F as formatQuery writes it.
  assert.is(parse('http://h/p').withQueryParams({ '?a': '1' }).href, 'http://h/p?%3Fa=1');
  // A Map names the changes in its order.
  assert.is(
    r.withQueryParams(
      new Map([
        ['c', '1'],
        ['e', '2'],
      ]),
    ).href,
    'http://h/?a=1&b=2&a=3&c=1&e=2',
  );
  // Nothing changed: the same Uri.
  assert.is(u.withQueryParams({}), u);
  assert.is(u.withQueryParams({ zzz: undefined }), u);
  assert.is(u.withQueryParams({ page: '1' }).href, u.href);
  const bare = parse('http://h/p?');
  assert.is(bare.withQueryParams({ a: undefined }), bare);
});

test('withQueryParams: wrong arguments are TypeErrors naming them', () => {
  const u = parse('http://h/?a=1');
  assert.throws(() => u.withQueryParams(null as never), /^Uri#withQueryParams: changes must be an object/);
  assert.throws(
    () => u.withQueryParams({ a: {} as never }),
    /Uri#withQueryParams: the value of "a" must be a string, number, boolean, bigint, null or undefined/,
  );
  assert.throws(() => u.withQueryParams({ a: [[1]] as never }), /Uri#withQueryParams: the value of "a" must be/);
  assert.throws(
    () => u.withQueryParams(new Map([[1, 'x']]) as never),
    /Uri#withQueryParams: a name of changes must be a string, got a number \(1\)/,
  );
  assert.throws(() => u.withQueryParams({ a: '1' }, { form: 'yes' } as never), /Uri#withQueryParams: options.form must be a boolean/);
  // Polluting Object.prototype adds no change.
  const proto = Object.prototype as Record<string, unknown>;
  proto.a = undefined;
  proto.b = '2';
  try {
    assert.is(u.withQueryParams({}), u);
  } finally {
    delete proto.a;
    delete proto.b;
  }
});

test.run();

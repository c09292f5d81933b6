/**
 * The API at its edges: every public entry point checks the types of its
 * arguments and says which one is wrong and what it got; tryParse and isValid never throw,
 * whatever the input and the options; options are read as own properties only, so that a
 * polluted Object.prototype changes nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ByteView,
  buildUri,
  compareReadings,
  compareUris,
  describeOffsets,
  equivalent,
  establishBase,
  fileUriToPath,
  formatQuery,
  hashUri,
  heuristicParse,
  hostTypeOf,
  iriToUri,
  isValid,
  LineScanner,
  normalize,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  parseRequestTarget,
  pathToFileUri,
  percentDecode,
  percentEncode,
  queryParams,
  relativize,
  removeDotSegments,
  resolve,
  scan,
  scanBytes,
  scanRequestTarget,
  scanRequestTargetBytes,
  toAsciiHost,
  toUnicodeHost,
  tryParse,
  Uri,
  UriError,
  UriTemplate,
  UriTemplateSet,
  uriToIri,
  warningsOf,
} from '../src/index.js';
import { extractLinks, LinkExtractor } from '../src/links.js';

const rec = new Uint32Array(OFFSETS_LENGTH);
const bytes = new TextEncoder().encode('http://a/');

/** The error f throws (a test failure when it throws nothing). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('nothing was thrown');
}

/** f throws a TypeError (not a UriError: a programming error, not bad input) with this message. */
function typeError(f: () => unknown, message: string): void {
  const e = thrown(f);
  assert.instance(e, TypeError, message);
  assert.not.instance(e, UriError, message);
  assert.is(e.message, message);
}

/** Options values of every kind, usable or not. */
const throwingGetter = Object.defineProperty({}, 'lenient', {
  get() {
    throw new Error('getter');
  },
  enumerable: true,
});
const throwingProxy = new Proxy(
  {},
  {
    get() {
      throw new Error('proxy');
    },
  },
);
const ODD_OPTIONS: unknown[] = [
  undefined,
  null,
  42,
  'lenient',
  true,
  Symbol('x'),
  1n,
  [],
  {},
  () => ({}),
  { lenient: 'yes' },
  { lenient: 1 },
  { lenient: null },
  { maxLength: -1 },
  { maxLength: 1.5 },
  { maxLength: '5' },
  { maxLength: Number.NaN },
  { maxLength: 3 },
  { iri: true, zoneId: true, absolute: true, lenient: true },
  Object.create(null),
  throwingGetter,
  throwingProxy,
];
const INPUTS: unknown[] = [
  'http://a/',
  'http://a b/',
  '',
  '%',
  42,
  null,
  undefined,
  {},
  ['http://a/'],
  new String('http://a/'),
  Symbol('s'),
];

test('tryParse and isValid never throw, for any input and any options', () => {
  let n = 0;
  for (const input of INPUTS) {
    for (const options of ODD_OPTIONS) {
      const u = tryParse(input as string, options as ParseOptions);
      assert.ok(u === null || u instanceof Uri);
      const v = isValid(input as string, options as ParseOptions);
      assert.type(v, 'boolean');
      assert.is(v, u !== null);
      n++;
    }
  }
  assert.is(n, INPUTS.length * ODD_OPTIONS.length);
  // null options are no options (as for an options dictionary that is null or undefined).
  assert.is(tryParse('http://a/', null as unknown as ParseOptions)?.host, 'a');
  assert.is(isValid('http://a/', null as unknown as ParseOptions), true);
  assert.is(isValid('http://a b/', null as unknown as ParseOptions), false);
  // Options it cannot use give null and false, even for valid input.
  for (const [k, options] of [42, { lenient: 'yes' }, { maxLength: -1 }, throwingGetter, throwingProxy].entries()) {
    assert.is(tryParse('http://a/', options as ParseOptions), null, `options #${k}`);
    assert.is(isValid('http://a/', options as ParseOptions), false, `options #${k}`);
  }
});

test('scan, parse and the other entry points reject what is not a string, naming the argument', () => {
  typeError(() => scan(42 as unknown as string, rec), 'scan: input must be a string, got a number (42)');
  typeError(() => scan(undefined as unknown as string, rec), 'scan: input must be a string, got undefined');
  typeError(() => scan('http://a/', [] as unknown as Uint32Array), 'scan: offsets must be a Uint32Array, got an array');
  typeError(
    () => scan('http://a/', new Int32Array(15) as unknown as Uint32Array),
    'scan: offsets must be a Uint32Array, got an Int32Array',
  );
  typeError(() => parse(['http://a/'] as unknown as string), 'parse: input must be a string, got an array');
  typeError(() => parse(new String('x') as unknown as string), 'parse: input must be a string, got a String');
  typeError(
    () => scanBytes('http://a/' as unknown as Uint8Array, 0, 9, rec),
    'scanBytes: bytes must be a Uint8Array (or a Buffer), got a string ("http://a/")',
  );
  typeError(() => scanBytes(bytes, '0' as unknown as number, 9, rec), 'scanBytes: start must be a whole number, got a string ("0")');
  typeError(() => scanBytes(bytes, 0, 1.5, rec), 'scanBytes: end must be a whole number, got a number (1.5)');
  typeError(() => scanBytes(bytes, 0, 9, {} as Uint32Array), 'scanBytes: offsets must be a Uint32Array, got an object');
  typeError(() => normalize(42 as unknown as string), 'normalize: input must be a string or a Uri, got a number (42)');
  typeError(() => equivalent('http://a/', null as unknown as string), 'equivalent: b must be a string or a Uri, got null');
  typeError(() => equivalent(1 as unknown as string, 'http://a/'), 'equivalent: a must be a string or a Uri, got a number (1)');
  typeError(() => resolve({} as string, 'g'), 'resolve: base must be a string or a Uri, got an object');
  typeError(() => resolve('http://a/', 42 as unknown as string), 'resolve: reference must be a string or a Uri, got a number (42)');
  typeError(() => relativize(undefined as unknown as string, 'g'), 'relativize: base must be a string or a Uri, got undefined');
  typeError(() => relativize('http://a/', true as unknown as string), 'relativize: target must be a string or a Uri, got a boolean (true)');
  typeError(() => removeDotSegments(1 as unknown as string), 'removeDotSegments: path must be a string, got a number (1)');
  typeError(() => percentEncode(42 as unknown as string), 'percentEncode: s must be a string, got a number (42)');
  typeError(
    () => percentEncode('a', 'toString' as 'path'),
    'percentEncode: component must be one of "component", "userinfo", "reg-name", "segment", "path", "query", "fragment", or { allow }, got a string ("toString")',
  );
  typeError(() => percentDecode(42 as unknown as string), 'percentDecode: s must be a string, got a number (42)');
  typeError(() => hostTypeOf('2' as unknown as number), 'hostTypeOf: flags must be a number, got a string ("2")');
  typeError(() => warningsOf(undefined as unknown as number), 'warningsOf: flags must be a number, got undefined');
  typeError(() => describeOffsets(1 as unknown as string, rec), 'describeOffsets: input must be a string, got a number (1)');
  typeError(
    () => describeOffsets('', new Uint32Array(2)),
    'describeOffsets: rec must be an offsets record (a Uint32Array of 15 slots or more), got a Uint32Array',
  );
  typeError(() => new Uri(42 as unknown as string, rec), 'Uri: input must be a string, got a number (42)');
  typeError(() => new Uri('x', [] as unknown as Uint32Array), 'Uri: offsets must be a Uint32Array, got an array');
  typeError(() => parse('x').writeOffsets(null as unknown as Uint32Array), 'Uri#writeOffsets: out must be a Uint32Array, got null');
  typeError(
    () => new LineScanner('a\nb' as unknown as Uint8Array),
    'LineScanner: bytes must be a Uint8Array (or a Buffer), got a string ("a\\nb")',
  );
  typeError(() => new LineScanner(bytes, undefined, 0, 9, 1.5), 'LineScanner: firstLine must be a whole number, got a number (1.5)');
  typeError(
    () => new ByteView().scan([1, 2] as unknown as Uint8Array, 0, 1),
    'ByteView#scan: bytes must be a Uint8Array (or a Buffer), got an array',
  );
  typeError(() => new LineScanner(bytes, undefined, -0.5), 'LineScanner: start must be a whole number, got a number (-0.5)');
  typeError(() => new LineScanner(bytes, undefined, 0, Number.NaN), 'LineScanner: end must be a whole number, got a number (NaN)');
  typeError(() => scan((() => 'x') as unknown as string, rec), 'scan: input must be a string, got a function');
  typeError(() => scan(Symbol('s') as unknown as string, rec), 'scan: input must be a string, got a symbol (Symbol(s))');
  typeError(() => scan(Object.create(null) as string, rec), 'scan: input must be a string, got an object');
  typeError(() => scan(new Error('e') as unknown as string, rec), 'scan: input must be a string, got an Error');
  typeError(() => scan('x', 7 as unknown as Uint32Array), 'scan: offsets must be a Uint32Array, got a number (7)');
  typeError(
    () => percentEncode('x'.repeat(50), 1 as never),
    `percentEncode: component must be one of "component", "userinfo", "reg-name", "segment", "path", "query", "fragment", or { allow }, got a number (1)`,
  );
  typeError(() => parse('x', 'y'.repeat(50) as never), `parse: options must be an object, got a string ("${'y'.repeat(40)}…")`);
  assert.throws(
    () => new LineScanner(bytes, undefined, 0, 99),
    (e: unknown) => e instanceof RangeError && e.message === 'LineScanner: invalid range [0, 99) of 9 bytes',
  );
  assert.throws(
    () => new Uri('x', new Uint32Array(3)),
    (e: unknown) => e instanceof RangeError && e.message === 'Uri: offsets must have at least 15 slots, got 3',
  );
});

test('options: null or undefined for none, an object otherwise, each value of its type', () => {
  for (const f of [
    () => parse('http://a/', null as unknown as ParseOptions),
    () => scan('http://a/', rec, null as unknown as ParseOptions),
    () => normalize('http://a/', null as unknown as ParseOptions),
    () => resolve('http://a/', 'g', null as unknown as ParseOptions),
    () => percentDecode('%41', null as never),
    () => new LineScanner(bytes, null as unknown as ParseOptions).next(),
  ]) {
    f();
  }
  typeError(() => parse('http://a/', 42 as unknown as ParseOptions), 'parse: options must be an object, got a number (42)');
  typeError(
    () => scan('http://a/', rec, 'lenient' as unknown as ParseOptions),
    'scan: options must be an object, got a string ("lenient")',
  );
  typeError(
    () => parse('http://a/', { lenient: 'yes' } as unknown as ParseOptions),
    'parse: options.lenient must be a boolean, got a string ("yes")',
  );
  typeError(() => parse('http://a/', { iri: 1 } as unknown as ParseOptions), 'parse: options.iri must be a boolean, got a number (1)');
  typeError(() => scan('http://a/', rec, { zoneId: null } as unknown as ParseOptions), 'scan: options.zoneId must be a boolean, got null');
  typeError(
    () => parse('http://a/', { absolute: 'no' } as unknown as ParseOptions),
    'parse: options.absolute must be a boolean, got a string ("no")',
  );
  typeError(
    () => parse('http://a/', { maxLength: '5' } as unknown as ParseOptions),
    'parse: options.maxLength must be a whole number >= 0, got a string ("5")',
  );
  assert.throws(
    () => parse('http://a/', { maxLength: -1 }),
    (e: unknown) => e instanceof RangeError && e.message === 'parse: options.maxLength must be a whole number >= 0, got -1',
  );
  typeError(
    () => resolve('http://a/', 'g', { strict: 0 } as unknown as ParseOptions),
    'resolve: options.strict must be a boolean, got a number (0)',
  );
  typeError(
    () => resolve('http://a/', 'g', { rfc2396: 'yes' } as unknown as ParseOptions),
    'resolve: options.rfc2396 must be a boolean, got a string ("yes")',
  );
  typeError(
    () => normalize('http://a/', { lenient: 'yes' } as unknown as ParseOptions),
    'normalize: options.lenient must be a boolean, got a string ("yes")',
  );
  typeError(() => percentDecode('%41', { fatal: 1 } as never), 'percentDecode: options.fatal must be a boolean, got a number (1)');
  typeError(
    () => new LineScanner(bytes, { lenient: 'yes' } as unknown as ParseOptions),
    'LineScanner: options.lenient must be a boolean, got a string ("yes")',
  );
  typeError(() => new ByteView(7 as unknown as ParseOptions), 'ByteView: options must be an object, got a number (7)');
});

test('the writing side checks its arguments and options the same way', () => {
  typeError(() => queryParams(null as unknown as string), 'queryParams: input must be a string or a Uri, got null');
  typeError(() => queryParams('a=1', { form: 1 } as never), 'queryParams: options.form must be a boolean, got a number (1)');
  typeError(() => queryParams('a=1', 'form' as never), 'queryParams: options must be an object, got a string ("form")');
  typeError(() => queryParams('a=1').get(1 as unknown as string), 'QueryParams#get: name must be a string, got a number (1)');
  typeError(() => queryParams('a=1').getAll(undefined as unknown as string), 'QueryParams#getAll: name must be a string, got undefined');
  typeError(
    () => queryParams('a=1').has('a', 1 as unknown as string),
    'QueryParams#has: value must be a string or undefined, got a number (1)',
  );
  typeError(() => queryParams('a=1').has(null as unknown as string), 'QueryParams#has: name must be a string, got null');
  typeError(() => queryParams('a=1').forEach('x' as never), 'QueryParams#forEach: fn must be a function, got a string ("x")');
  typeError(() => formatQuery([[1 as unknown as string, 'x']]), 'formatQuery: a name must be a string, got a number (1)');
  typeError(
    () => formatQuery({ a: {} as unknown as string }),
    'formatQuery: the value of "a" must be a string, number, boolean, bigint, null or undefined, got an object',
  );
  typeError(
    () => formatQuery([['a', 'b', 'c'] as unknown as [string, string]]),
    'formatQuery: a pair must be [name, value] or [name], got an array',
  );
  typeError(() => formatQuery(['ab'] as unknown as [string][]), 'formatQuery: a pair must be [name, value] or [name], got a string ("ab")');
  typeError(() => formatQuery('a=1' as unknown as []), 'formatQuery: input must be pairs or a record, got a string ("a=1")');
  typeError(() => formatQuery(null as unknown as []), 'formatQuery: input must be pairs or a record, got null');
  typeError(
    () => formatQuery({ a: '1' }, { separator: '|' as '&' }),
    'formatQuery: options.separator must be "&" or ";", got a string ("|")',
  );
  typeError(() => formatQuery({ a: '1' }, { form: 'yes' } as never), 'formatQuery: options.form must be a boolean, got a string ("yes")');
  typeError(() => toAsciiHost(undefined as unknown as string), 'toAsciiHost: host must be a string, got undefined');
  typeError(() => toUnicodeHost(null as unknown as string), 'toUnicodeHost: host must be a string, got null');
  typeError(() => iriToUri(1 as unknown as string), 'iriToUri: iri must be a string, got a number (1)');
  typeError(() => iriToUri('x', { idna: 1 } as never), 'iriToUri: options.idna must be a boolean, got a number (1)');
  typeError(() => uriToIri(null as unknown as string), 'uriToIri: uri must be a string or a Uri, got null');
  typeError(() => uriToIri('x', 7 as never), 'uriToIri: options must be an object, got a number (7)');
  typeError(() => heuristicParse(undefined as unknown as string), 'heuristicParse: input must be a string, got undefined');
  typeError(
    () => heuristicParse('a', { defaultScheme: '1x' }),
    'heuristicParse: options.defaultScheme must be a scheme (a letter, then letters, digits, "+", "-" or "."), got a string ("1x")',
  );
  typeError(
    () => heuristicParse('a', { defaultScheme: 5 } as never),
    'heuristicParse: options.defaultScheme must be a string, got a number (5)',
  );
  typeError(() => heuristicParse('a', { idna: 'no' } as never), 'heuristicParse: options.idna must be a boolean, got a string ("no")');
  typeError(() => buildUri(null as never), 'buildUri: components must be an object, got null');
  typeError(() => buildUri({ host: 1 } as never), 'buildUri: host must be a string, got a number (1)');
  typeError(() => buildUri({ query: 1 } as never), 'buildUri: query must be a string, pairs or a record, got a number (1)');
  typeError(() => buildUri({ port: true } as never), 'buildUri: port must be a string of digits or a number, got a boolean (true)');
  typeError(() => buildUri({ user: 1, host: 'h' } as never), 'buildUri: user must be a string, got a number (1)');
  typeError(() => buildUri({}, { encoded: 'no' } as never), 'buildUri: options.encoded must be a boolean, got a string ("no")');
  typeError(() => parse('x').with('y' as never), 'Uri#with: changes must be an object, got a string ("y")');
  typeError(
    () => parse('x').with({ hots: 'h' } as never),
    'Uri#with: unknown component "hots" (the components are scheme, userinfo, host, port, path, query, fragment, user, password; the composites authority, site, origin, requestTarget)',
  );
  typeError(
    () => buildUri({ authority: 'h' } as never),
    'buildUri: unknown component "authority" (the components are scheme, userinfo, host, port, path, query, fragment, user, password)',
  );
  typeError(() => parse('x').with({ password: 5 } as never), 'Uri#with: password must be a string, got a number (5)');
  typeError(() => parse('x').with({}, { idna: 1 } as never), 'Uri#with: options.idna must be a boolean, got a number (1)');
  typeError(() => compareUris(1 as unknown as string, 'a'), 'compareUris: a must be a string or a Uri, got a number (1)');
  typeError(() => compareUris('a', undefined as unknown as string), 'compareUris: b must be a string or a Uri, got undefined');
  typeError(() => compareUris('a', 'b', { lenient: 1 } as never), 'compareUris: options.lenient must be a boolean, got a number (1)');
  // Options are own properties here too.
  polluted({ form: true, semicolon: true, fatal: true, idna: false, defaultScheme: 'ftp', separator: ';' }, () => {
    assert.is(queryParams('a=x+y;b=1&c=%zz').get('a'), 'x+y;b=1');
    assert.is(formatQuery({ a: '1', b: '2' }), 'a=1&b=2');
    assert.is(heuristicParse('münchen.de').uri.href, 'http://xn--mnchen-3ya.de');
  });
});

/** Runs f with extra properties on Object.prototype, removed again whatever happens. */
function polluted(props: Record<string, unknown>, f: () => void): void {
  for (const [k, v] of Object.entries(props)) Object.defineProperty(Object.prototype, k, { value: v, configurable: true, writable: true });
  try {
    f();
  } finally {
    for (const k of Object.keys(props)) delete (Object.prototype as Record<string, unknown>)[k];
  }
}

test('options are own properties: a polluted Object.prototype changes no answer', () => {
  polluted(
    { lenient: true, iri: true, zoneId: true, maxLength: 1, strict: false, rfc2396: true, fatal: true, foo: 8080, segmentx: 1 },
    () => {
      // The reported attack: a "\" and an "@" that lenient mode would read as userinfo.
      const e = thrown(() => parse('http://evil.com\\@good.com/', { absolute: true }));
      assert.instance(e, UriError);
      assert.equal([(e as UriError).code, (e as UriError).index], ['INVALID_CHAR', 15]);
      assert.is(isValid('http://a b/', {}), false);
      assert.is(tryParse('http://a/é', { absolute: true }), null);
      assert.is(isValid('http://[fe80::1%25x]/', {}), false);
      assert.is(isValid('http://a.example/', { absolute: true }), true, 'no maxLength 1');
      assert.is(scan('http://a.example/', rec, {}), 0);
      assert.is(resolve('http://a/b/c/d;p?q', 'http:g', {}), 'http:g', 'strict by default');
      assert.is(resolve('http://a/b/c/d;p?q', '?y', {}), 'http://a/b/c/d;p?y', 'not RFC 2396');
      assert.is(percentDecode('%FF', {}), '\uFFFD', 'not fatal');
      assert.is(normalize('foo://h:8080/'), 'foo://h:8080/', 'no default port for foo');
      assert.instance(
        thrown(() => normalize('http://a b/', {})),
        UriError,
      );
    },
  );
  // Options given as own properties still work, and inherited ones never do.
  assert.is(parse('http://a b/', { lenient: true }).host, 'a b');
  assert.is(isValid('http://a b/', Object.create({ lenient: true }) as ParseOptions), false);
  assert.is(isValid('http://a b/', Object.assign(Object.create(null) as object, { lenient: true }) as ParseOptions), true);
  assert.is(normalize('http://a b/', { lenient: true }), 'http://a%20b/');
});

test('an unknown option name is a TypeError naming it and the closest known one, for every function taking options', async () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const bytes = new TextEncoder().encode('http://a/');
  const PARSE = 'its options: absolute, lenient, iri, zoneId, maxLength';
  const NORMALIZE = `${PARSE}, idna, sortQuery, removeQueryParams, removeFragment, removeEmptyQuery, rfc2396, unicode`;
  const u = parse('http://a/?a=1');
  const no = <T>(o: object): T => o as T;
  const cases: Array<[() => unknown, string]> = [
    [() => parse('http://a/', no({ lenientt: true })), `parse: unknown option "lenientt"; the closest known one is "lenient" (${PARSE})`],
    [() => scan('http://a/', rec, no({ Lenient: true })), `scan: unknown option "Lenient"; the closest known one is "lenient" (${PARSE})`],
    [
      () => scanBytes(bytes, 0, bytes.length, rec, no({ zoneID: true })),
      `scanBytes: unknown option "zoneID"; the closest known one is "zoneId" (${PARSE})`,
    ],
    [
      () => new LineScanner(bytes, no({ maxlen: 5 })),
      `LineScanner: unknown option "maxlen"; the closest known one is "maxLength" (${PARSE})`,
    ],
    [() => new ByteView(no({ absolut: true })), `ByteView: unknown option "absolut"; the closest known one is "absolute" (${PARSE})`],
    [
      () => scanRequestTarget('/a', rec, null, no({ irl: true })),
      `scanRequestTarget: unknown option "irl"; the closest known one is "iri" (${PARSE})`,
    ],
    [
      () => scanRequestTargetBytes(bytes, 0, 2, rec, null, no({ irl: true })),
      `scanRequestTargetBytes: unknown option "irl"; the closest known one is "iri" (${PARSE})`,
    ],
    [
      () => parseRequestTarget('/a', no({ hots: 'a.example' })),
      `parseRequestTarget: unknown option "hots"; the closest known one is "host" (${PARSE}, method, host, scheme, rejectConfusable, start, end)`,
    ],
    [
      () => normalize('http://a/', no({ sortQuerry: true })),
      `normalize: unknown option "sortQuerry"; the closest known one is "sortQuery" (${NORMALIZE})`,
    ],
    [
      () => equivalent('http://a/', 'http://a/', no({ removeFragments: true })),
      `equivalent: unknown option "removeFragments"; the closest known one is "removeFragment" (${NORMALIZE})`,
    ],
    [
      () => compareUris('http://a/', 'http://b/', no({ lenent: true })),
      `compareUris: unknown option "lenent"; the closest known one is "lenient" (${NORMALIZE})`,
    ],
    [
      () => hashUri('http://a/', no({ unicde: 'NFC' })),
      `hashUri: unknown option "unicde"; the closest known one is "unicode" (${NORMALIZE})`,
    ],
    [
      () => pathToFileUri('/a', no({ window: true })),
      'pathToFileUri: unknown option "window"; the closest known one is "windows" (its one option is "windows")',
    ],
    [
      () => fileUriToPath('file:///a', no({ win: true })),
      'fileUriToPath: unknown option "win"; the closest known one is "windows" (its one option is "windows")',
    ],
    [
      () => resolve('http://a/', 'g', no({ rfc2398: true })),
      `resolve: unknown option "rfc2398"; the closest known one is "rfc2396" (${PARSE}, strict, rfc2396)`,
    ],
    [
      () => establishBase({ retrieval: 'http://a/' }, no({ onskip: () => {} })),
      `establishBase: unknown option "onskip"; the closest known one is "onSkip" (${PARSE}, strict, rfc2396, onSkip)`,
    ],
    [
      () => buildUri({ path: 'x' }, no({ encode: true })),
      'buildUri: unknown option "encode"; the closest known one is "encoded" (its options: encoded, idna, iri, zoneId)',
    ],
    [
      () => u.with({ path: '/x' }, no({ IDNA: true })),
      'Uri#with: unknown option "IDNA"; the closest known one is "idna" (its options: encoded, idna, iri, zoneId)',
    ],
    [
      () => u.withQueryParams({ a: '2' }, no({ from: true })),
      'Uri#withQueryParams: unknown option "from"; the closest known one is "form" (its options: form, semicolon)',
    ],
    [
      () => queryParams('a=1', no({ semicolons: true })),
      'queryParams: unknown option "semicolons"; the closest known one is "semicolon" (its options: form, semicolon, fatal)',
    ],
    [
      () => formatQuery({ a: '1' }, no({ sep: ';' })),
      'formatQuery: unknown option "sep"; the closest known one is "separator" (its options: form, separator)',
    ],
    [
      () => percentDecode('%41', no({ fatl: true })),
      'percentDecode: unknown option "fatl"; the closest known one is "fatal" (its options: fatal, leaveEncoded)',
    ],
    [
      () => iriToUri('http://a/', no({ IDN: true })),
      'iriToUri: unknown option "IDN"; the closest known one is "idna" (its one option is "idna")',
    ],
    [
      () => uriToIri('http://a/', no({ punycode: true })),
      'uriToIri: unknown option "punycode"; the closest known one is "idna" (its one option is "idna")',
    ],
    [
      () => compareReadings('x', no({ baseUrl: 'http://a/' })),
      'compareReadings: unknown option "baseUrl"; the closest known one is "base" (its one option is "base")',
    ],
    [
      () => heuristicParse('a.example', no({ scheme: 'https' })),
      'heuristicParse: unknown option "scheme"; the closest known one is "defaultScheme" (its options: defaultScheme, idna)',
    ],
    [
      () => new UriTemplate('{x}').extract('a', no({ match: 'named' })),
      'UriTemplate.extract: unknown option "match"; the closest known one is "query" (its one option is "query")',
    ],
    [
      () => new UriTemplateSet(['{x}'], no({ match: 'named' })),
      'UriTemplateSet: unknown option "match"; the closest known one is "query" (its one option is "query")',
    ],
    [
      () => extractLinks('<a href=x>', no({ baseURL: 'http://a/' })),
      'extractLinks: unknown option "baseURL"; the closest known one is "base" (its options: base, contentLocation, encoding, contentType, defaultEncoding, source, grammar, maxLinkLength)',
    ],
  ];
  for (const [f, message] of cases) typeError(f, message);
  const e = await LinkExtractor.create(no({ grammer: 'web' }), () => {}).catch((x: unknown) => x);
  assert.instance(e, TypeError);
  assert.is(
    (e as Error).message,
    'LinkExtractor: unknown option "grammer"; the closest known one is "grammar" (its options: base, contentLocation, encoding, contentType, defaultEncoding, source, grammar, maxLinkLength)',
  );
  // tryParse and isValid never throw: options they cannot use give null and false.
  assert.is(tryParse('http://a/', no({ lenientt: true })), null);
  assert.is(isValid('http://a/', no({ lenientt: true })), false);
  // A known option of another function is unknown here: parse has no removeFragment.
  typeError(
    () => parse('http://a/', no({ removeFragment: true })),
    `parse: unknown option "removeFragment"; the closest known one is "lenient" (${PARSE})`,
  );
});

test('the option names are checked once per object: the same object again costs a comparison, and a new one is checked', () => {
  const o = { lenient: true };
  for (let i = 0; i < 3; i++) assert.is(parse('http://a b/', o).host, 'a b');
  typeError(
    () => parse('http://a/', { lenient: true, x: 1 } as ParseOptions),
    'parse: unknown option "x"; the closest known one is "iri" (its options: absolute, lenient, iri, zoneId, maxLength)',
  );
  // An object that failed is checked again (it is not remembered as good).
  const bad = { lenient: true, lenientt: true } as ParseOptions;
  for (let i = 0; i < 2; i++) assert.throws(() => parse('http://a/', bad), /unknown option "lenientt"/);
  // Inherited names (a polluted Object.prototype) are no options of the object: not unknown either.
  const proto = Object.prototype as Record<string, unknown>;
  proto.lenientt = true;
  try {
    assert.is(parse('http://a/', {}).href, 'http://a/');
    assert.is(normalize('HTTP://A/', { iri: true }), 'http://a/');
  } finally {
    delete proto.lenientt;
  }
});

test.run();

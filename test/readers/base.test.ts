// establishBase: RFC 3986 §5.1 and RFC 2396 §5.1 (the four layers, innermost first), each
// example taken from the RFCs' text or built on their §5.4 base "http://a/b/c/d;p?q".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BaseLayer, establishBase, parse, resolve, UriError } from '../../src/index.js';

const ALL = {
  embedded: 'http://embedded.example/e/',
  encapsulating: 'http://encapsulating.example/c/',
  retrieval: 'http://retrieval.example/r/',
  fallback: 'http://fallback.example/f/',
};

function throws(f: () => unknown): UriError {
  try {
    f();
  } catch (e) {
    assert.instance(e, UriError);
    return e as UriError;
  }
  return assert.unreachable('expected a UriError') as never;
}

test('RFC 2396 Appendix D: <BASE href> wins over the retrieval context', () => {
  const base = establishBase({ embedded: 'http://www.ics.uci.edu/Test/a/b/c', retrieval: 'http://example.org/page' });
  assert.is(base, 'http://www.ics.uci.edu/Test/a/b/c');
  assert.is(resolve(base, '../x'), 'http://www.ics.uci.edu/Test/a/x');
});

test('§5.1: the innermost layer given wins, each missing in turn', () => {
  assert.is(establishBase(ALL), ALL.embedded);
  assert.is(establishBase({ ...ALL, embedded: undefined }), ALL.encapsulating);
  assert.is(establishBase({ ...ALL, embedded: null, encapsulating: null }), ALL.retrieval);
  assert.is(establishBase({ fallback: ALL.fallback }), ALL.fallback);
  assert.is(establishBase({ embedded: ALL.embedded, fallback: ALL.fallback }), ALL.embedded);
  assert.is(establishBase({ encapsulating: ALL.encapsulating, fallback: ALL.fallback }), ALL.encapsulating);
  assert.is(establishBase({ retrieval: ALL.retrieval, fallback: ALL.fallback }), ALL.retrieval);
});

test('§5.1: no layer at all is an error that says so', () => {
  const e = throws(() => establishBase({}));
  assert.is(e.code, 'RELATIVE_BASE');
  assert.is(e.index, 0);
  assert.is(e.input, '');
  assert.is(e.message, 'No base URI (RFC 3986 §5.1): none of embedded, encapsulating, retrieval, fallback was given');
});

test('§5.1: a relative layer is resolved against the base of the layers outside it', () => {
  // A relative <base href> resolves against the retrieval URI.
  assert.is(establishBase({ embedded: '../x/', retrieval: 'http://a/b/c/d;p?q' }), 'http://a/b/x/');
  // Content-Location relative to the request URI, then <base href> relative to that.
  assert.is(establishBase({ embedded: '../e/', encapsulating: 'c/', retrieval: 'http://a/b/x' }), 'http://a/b/e/');
  assert.is(establishBase({ encapsulating: '/doc', fallback: 'https://app.example/home' }), 'https://app.example/doc');
  assert.is(establishBase({ embedded: '//cdn.example/', retrieval: 'https://a/b' }), 'https://cdn.example/');
  // An empty <base href> gives the outer base (without its fragment).
  assert.is(establishBase({ embedded: '', retrieval: 'http://a/b/c/d;p?q#f' }), 'http://a/b/c/d;p?q');
  assert.is(establishBase({ embedded: '?y', retrieval: 'http://a/b/c/d;p?q' }), 'http://a/b/c/d;p?y');
});

test('§5.1: a relative layer with nothing outside it gives no base', () => {
  const e = throws(() => establishBase({ embedded: '../x' }));
  assert.is(e.code, 'RELATIVE_BASE');
  assert.is(e.input, '../x');
  assert.is(
    e.message,
    'No base URI (RFC 3986 §5.1): embedded "../x" is relative and no layer outside it gives a base to resolve it against',
  );
  const f = throws(() => establishBase({ embedded: 'a/', encapsulating: 'b/' }));
  assert.is(
    f.message,
    'No base URI (RFC 3986 §5.1): encapsulating "b/" is relative and no layer outside it gives a base to resolve it against; embedded "a/" is relative and no layer outside it gives a base to resolve it against',
  );
});

test('§5.1: a base is stripped of its fragment', () => {
  assert.is(establishBase({ embedded: 'http://a/b/c#frag', retrieval: 'http://r/' }), 'http://a/b/c');
  assert.is(establishBase({ embedded: 'x#frag', retrieval: 'http://a/b/c' }), 'http://a/b/x');
  assert.is(establishBase({ retrieval: 'http://a/b?q#' }), 'http://a/b?q');
  assert.is(resolve(establishBase({ embedded: 'http://a/b/c#frag' }), '#g'), 'http://a/b/c#g');
});

test('an invalid layer is passed over and reported', () => {
  const skips: Array<[BaseLayer, string, number]> = [];
  const onSkip = (layer: BaseLayer, e: UriError) => skips.push([layer, e.code, e.index]);
  assert.is(establishBase({ embedded: 'http://[::1/', retrieval: 'http://a/b#top' }, { onSkip }), 'http://a/b');
  assert.equal(skips, [['embedded', 'INVALID_CHAR', 11]]);
  skips.length = 0;
  assert.is(establishBase({ embedded: 'http://a b/', encapsulating: '%zz', fallback: 'http://f/' }, { onSkip }), 'http://f/');
  assert.equal(skips, [
    ['embedded', 'INVALID_CHAR', 8],
    ['encapsulating', 'INVALID_PERCENT_ENCODING', 0],
  ]);
  const e = throws(() => establishBase({ embedded: 'http://a b/' }));
  assert.is(e.input, 'http://a b/');
  assert.is(e.message, `No base URI (RFC 3986 §5.1): embedded: Invalid character ' ' at index 8 in "http://a b/"`);
});

test('the parse options apply to every layer; rfc2396 resolves as RFC 2396 does', () => {
  assert.is(establishBase({ embedded: 'http://a/b c/', fallback: 'http://f/' }, { lenient: true }), 'http://a/b c/');
  assert.is(establishBase({ embedded: '?y', retrieval: 'http://a/b/c/d;p?q' }, { rfc2396: true }), 'http://a/b/c/?y');
});

test('layers may be parsed Uri views', () => {
  assert.is(establishBase({ embedded: parse('g/'), retrieval: parse('http://a/b/c/d;p?q') }), 'http://a/b/c/g/');
  assert.is(establishBase({ retrieval: parse('http://a/b#f') }), 'http://a/b');
});

test('bad arguments are named; inherited properties are no layers', () => {
  assert.throws(() => establishBase(null as never), /establishBase: layers must be an object, got null/);
  assert.throws(
    () => establishBase({ retrieval: 5 as never }),
    /establishBase: layers.retrieval must be a string, a Uri, null or undefined, got a number \(5\)/,
  );
  assert.throws(
    () => establishBase({ retrieval: 'http://a/' }, { onSkip: 'x' as never }),
    /establishBase: options.onSkip must be a function/,
  );
  const inherited = Object.create({ embedded: 'http://evil.example/' }) as { retrieval?: string };
  inherited.retrieval = 'http://a/';
  assert.is(establishBase(inherited), 'http://a/');
});

test.run();

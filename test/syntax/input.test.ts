/**
 * The way into a record (src/syntax/input.ts): the `Uri` brand, and `scanInput`, which scans a
 * string or copies a `Uri`'s record and refuses anything else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OFFSETS_LENGTH, parse, scan, Uri, UriError } from '../../src/index.js';
import { isUri, scanInput, URI_BRAND } from '../../src/syntax/input.js';
import { throwsUriError } from '../support/assert.js';

test('isUri knows a Uri by the brand every copy of urikit shares, and nothing else', () => {
  assert.is(URI_BRAND, Symbol.for('urikit.Uri'));
  assert.is(isUri(parse('http://a/')), true);
  assert.is(isUri(parse('a b', { lenient: true })), true);
  // Another build's Uri carries the same brand on its prototype.
  assert.is(isUri(Object.create({ [Symbol.for('urikit.Uri')]: true })), true);
  const lookalike = { href: 'http://a/', writeOffsets: (out: Uint32Array) => out };
  for (const x of [lookalike, { [URI_BRAND]: 'yes' }, 'http://a/', null, undefined, 7, new URL('http://a/'), Uri]) {
    assert.is(isUri(x), false, String(x));
  }
  assert.is(parse('x') instanceof Uri, true);
  assert.is(lookalike instanceof Uri, false);
});

test('scanInput scans a string into the record and returns it', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const want = new Uint32Array(OFFSETS_LENGTH);
  for (const s of ['http://u@h:8/p?q#f', '', '../a', 'mailto:a@b']) {
    assert.is(scanInput(s, rec, undefined, 'f', 'x'), s);
    scan(s, want);
    assert.equal([...rec], [...want], s);
  }
  // Under the options given.
  assert.is(scanInput('http://a/b c', rec, { lenient: true }, 'f', 'x'), 'http://a/b c');
  scan('http://a/b c', want, { lenient: true });
  assert.equal([...rec], [...want]);
});

test('scanInput copies the record of a Uri, lenient or strict, whatever the options say', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const want = new Uint32Array(OFFSETS_LENGTH);
  for (const u of [parse('HTTP://A/%7e'), parse('http://a/b c|d', { lenient: true }), parse('http://ü/', { iri: true })]) {
    assert.is(scanInput(u, rec, undefined, 'f', 'x'), u.href);
    assert.equal([...rec], [...u.writeOffsets(want)], u.href);
  }
});

test('scanInput throws the UriError of an invalid string, and a TypeError naming the argument for anything else', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  throwsUriError(() => scanInput('http://a b/', rec, undefined, 'f', 'x'), 'INVALID_CHAR', 8);
  throwsUriError(() => scanInput('../a', rec, { absolute: true }, 'f', 'x'), 'MISSING_SCHEME', 0);
  const lookalike = { href: 'http://a/', writeOffsets: (out: Uint32Array) => out.fill(7) };
  for (const [x, got] of [
    [lookalike, 'an object'],
    [null, 'null'],
    [42, 'a number (42)'],
  ] as const) {
    try {
      scanInput(x as unknown as string, rec, undefined, 'resolve', 'base');
      assert.unreachable();
    } catch (e) {
      assert.instance(e, TypeError);
      assert.not.instance(e, UriError);
      assert.is((e as Error).message, `resolve: base must be a string or a Uri, got ${got}`);
    }
  }
});

test.run();

/**
 * normalize's opt-in dedupe options and DEDUPE_PRESET: each step alone, three spellings of one
 * host, idempotence and agreement of equivalent and compareUris, option checks.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareUris, DEDUPE_PRESET, equivalent, normalize, TRACKING_PARAMS } from '../../src/index.js';
import { runs } from '../support/runs.js';

const PRESET = { ...DEDUPE_PRESET, iri: true };

test('münchen.de, MÜNCHEN.DE and xn--mnchen-3ya.de are one URL under the preset', () => {
  const forms = [
    'http://münchen.de/',
    'http://MÜNCHEN.DE/',
    'http://xn--mnchen-3ya.de/',
    'HTTP://XN--MNCHEN-3YA.DE:80',
    'http://m%C3%BCnchen.de/',
  ];
  for (const u of forms) assert.is(normalize(u, PRESET), 'http://xn--mnchen-3ya.de/', u);
  // Without the option the RFC 3986 normal forms stay apart.
  assert.is(normalize('http://m%C3%BCnchen.de/'), 'http://m%C3%BCnchen.de/');
  assert.is(equivalent('http://m%C3%BCnchen.de/', 'http://xn--mnchen-3ya.de/'), false);
  assert.is(equivalent('http://m%C3%BCnchen.de/', 'http://xn--mnchen-3ya.de/', PRESET), true);
  assert.is(compareUris('http://münchen.de/', 'http://xn--mnchen-3ya.de', PRESET), 0);
});

test('each option alone', () => {
  assert.is(normalize('http://b/?b=2&a=1&a=0', { sortQuery: true }), 'http://b/?a=1&a=0&b=2');
  assert.is(normalize('http://b/?b=2&a=1#f', { removeFragment: true }), 'http://b/?b=2&a=1');
  assert.is(normalize('http://b/?', { removeEmptyQuery: true }), 'http://b/');
  assert.is(normalize('http://b/?a&&b', { removeEmptyQuery: true }), 'http://b/?a&b');
  assert.is(normalize('http://b/?&&', { removeEmptyQuery: true }), 'http://b/');
  assert.is(normalize('http://b/?x=1&ref=2&referrer=3&r', { removeQueryParams: ['re*'] }), 'http://b/?x=1&r');
  assert.is(normalize('http://b/?x=1&Ref=2', { removeQueryParams: [/^ref$/i] }), 'http://b/?x=1');
  assert.is(normalize('http://b/?x=1&%72ef=2', { removeQueryParams: ['ref'] }), 'http://b/?x=1');
  assert.is(normalize('http://b/?a%20b=1', { removeQueryParams: ['a b'] }), 'http://b/?');
  assert.is(normalize('http://b/?x=1', { removeQueryParams: [] }), 'http://b/?x=1');
  assert.is(normalize('http://XN--MNCHEN-3YA.de/', { idna: true }), 'http://xn--mnchen-3ya.de/');
  // A host IDNA rejects keeps its RFC 3986 normal form; IP addresses are not names.
  assert.is(normalize('http://XN--ZZ.com/', { idna: true }), 'http://xn--zz.com/');
  assert.is(normalize('http://[::1]/', { idna: true }), 'http://[::1]/');
  assert.is(normalize('http://1.2.3.4/', { idna: true }), 'http://1.2.3.4/');
  assert.is(normalize('mailto:a@b', { idna: true, removeFragment: true }), 'mailto:a@b');
  // A RegExp with the g flag matches every name alike (its lastIndex is not carried along).
  assert.is(normalize('http://b/?ab=1&ab=2&ab=3', { removeQueryParams: [/ab/g] }), 'http://b/?');
});

test('the preset: tracking parameters, fragments, empty queries, order', () => {
  assert.is(normalize('HTTP://MÜNCHEN.de/a?b=2&utm_source=x&a=1#top', PRESET), 'http://xn--mnchen-3ya.de/a?a=1&b=2');
  assert.is(normalize('https://shop.example/p?gclid=1&fbclid=2&UTM_Medium=3&id=7', DEDUPE_PRESET), 'https://shop.example/p?id=7');
  assert.is(normalize('https://shop.example/p?gclid=1', DEDUPE_PRESET), 'https://shop.example/p');
  assert.ok(Object.isFrozen(DEDUPE_PRESET) && Object.isFrozen(TRACKING_PARAMS));
  assert.is(normalize('http://a/#x', { ...DEDUPE_PRESET, removeFragment: false }), 'http://a/#x');
});

test('options are checked as elsewhere', () => {
  assert.throws(
    () => normalize('http://a/', { sortQuery: 'yes' } as never),
    /normalize: options.sortQuery must be a boolean, got a string \("yes"\)/,
  );
  assert.throws(
    () => normalize('http://a/', { removeQueryParams: 'utm' } as never),
    /normalize: options.removeQueryParams must be an array of strings and RegExps, got a string \("utm"\)/,
  );
  assert.throws(
    () => equivalent('a', 'b', { removeQueryParams: [1] } as never),
    /equivalent: options.removeQueryParams\[\] must be a string or a RegExp, got a number \(1\)/,
  );
});

const url = fc
  .tuple(
    fc.constantFrom('http://', 'HTTPS://', 'ftp://'),
    fc.constantFrom('a.example', 'MÜNCHEN.de', 'xn--mnchen-3ya.DE', '[::1]', '1.2.3.4', 'xn--zz.com', 'Ex%41mple.org'),
    fc.constantFrom('', '/', '/a/./b', '/%7e'),
    fc.option(fc.array(fc.constantFrom('a=1', 'b=2', 'utm_x=3', 'fbclid=4', '', 'a=0', 'c', '%61=5'), { maxLength: 5 }), {
      nil: undefined,
    }),
    fc.option(fc.constantFrom('', 'f', 'x%20y'), { nil: undefined }),
  )
  .map(([s, h, p, q, f]) => `${s}${h}${p}${q === undefined ? '' : `?${q.join('&')}`}${f === undefined ? '' : `#${f}`}`);

test('canonical forms are idempotent, and equivalent and compareUris agree with them', () => {
  fc.assert(
    fc.property(url, url, (a, b) => {
      const ca = normalize(a, PRESET);
      assert.is(normalize(ca, PRESET), ca);
      assert.is(equivalent(a, b, PRESET), ca === normalize(b, PRESET));
      assert.is(compareUris(a, b, PRESET) === 0, ca === normalize(b, PRESET));
      assert.is(compareUris(a, b, PRESET), -compareUris(b, a, PRESET));
    }),
    { seed: 71, numRuns: runs(2000) },
  );
});

test.run();

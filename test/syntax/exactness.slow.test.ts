/**
 * scan against the reference tokenizer it replaced (test/support/scan-exactness.ts, at a smaller
 * count than the 10-million run of `npm run exactness`): the same return code, error index and offsets
 * record, under 13 option sets, as strings and as bytes, and isValid's answer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareScan, run } from '../support/scan-exactness.js';

test('every 8th corpus line and 24,000 generated inputs: no difference', () => {
  const { inputs, differences } = run(24_000, 20261123, [], 10, 8);
  assert.ok(inputs > 45_000, `${inputs} inputs`);
  assert.equal(differences, []);
});

test('the shapes the fast paths take, and the edges where they hand over to the machine', () => {
  for (const s of [
    '',
    '#',
    '?',
    '/',
    '.',
    '..',
    './a:b',
    'a:b',
    'http://a',
    'http://a/',
    'http://a?#',
    'http://a#?',
    'http://a/b?c#d?e',
    'http://1.2.3.4/',
    'http://1.2.3.4.5/',
    'http://A/',
    'HTTP://a/',
    'http://a/%41',
    'http://a/%4',
    'http://a/./b',
    'http://a/.b',
    'http://a/b/.',
    'file:///x/y',
    'file://h',
    '//a/b',
    '/a//b',
    '/.a',
    '/a/b.c/.d',
    // Dots in the host, the query and the fragment are no dot-segment.
    'http://a.b/c.d?e/.f#/.g',
    'http://a./b.',
    'http://a/b/.?x',
    'http://a?/.',
    'a.b/c',
    '../../a/b.html?x#y',
    'a/b/../c',
    'x://a/b c',
    'mailto:a@b',
    // A ":" four or five characters in, after a shorter scheme (found by the 10-million run).
    'x://?:',
    'x:///:',
    'x:///://',
    'x://#:Pt',
    'h:///:ttp://www.example.com/',
    `http://a/${'b/'.repeat(40)}c?${'q'.repeat(80)}#${'f'.repeat(80)}`,
    `/${'a/.b/'.repeat(20)}`,
    // A fragment alone (its own fast path), with "%XX", a bad "%", a second "#", a space.
    '#a/b?c:@',
    '#a%41%c3%a9',
    '#a%4',
    '#a%',
    '#a#b',
    '#a b',
    // A relative path: the NO_DOT form, the flat one after it, a dot-segment after a "%XX".
    'a/b/c.d',
    'a/.b',
    'a/b/.',
    'a/b/..',
    'a./b',
    'a/b%41/c',
    'a/b%41/.c',
    'a%41/b',
    'a/b?/.c#/.d',
    'a:b/c',
    'a/b:c',
  ]) {
    assert.is(compareScan(s), '', s);
  }
});

test.run();

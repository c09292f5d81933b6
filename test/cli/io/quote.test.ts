/** Text from the input as the CLI quotes it: in messages, in tab-separated fields, on a terminal. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { show, terminalSafe, tsvField, tsvSafe } from '../../../src/cli/io/quote.js';

test('show: whole when short, its start and its length when long, controls visible', () => {
  assert.is(show('a b'), '"a b"');
  assert.is(show('a\tb\u0000'), '"a\\tb\\u0000"');
  const long = 'x'.repeat(201);
  assert.is(show(long), `"${'x'.repeat(120)}"… (201 characters)`);
  assert.is(show('y'.repeat(200)), `"${'y'.repeat(200)}"`);
});

test('tsvField: a tab, a line feed, a carriage return and a backslash are escaped, nothing else', () => {
  assert.is(tsvField('a\tb\nc\rd\\e'), 'a\\tb\\nc\\rd\\\\e');
  assert.is(tsvField('plain \u202e text'), 'plain \u202e text');
  assert.is(tsvField(''), '');
});

test('tsvSafe: tsvField, and what a terminal acts on as \\uXXXX; reversible', () => {
  assert.is(tsvSafe('a\tb\\c'), 'a\\tb\\\\c');
  assert.is(tsvSafe('exe\u202e.txt\u001b[2J\u0085'), 'exe\\u202E.txt\\u001B[2J\\u0085');
  assert.is(tsvSafe('\u2028\u2029\u061c\u200e\u2066'), '\\u2028\\u2029\\u061C\\u200E\\u2066');
  assert.is(tsvSafe('héllo'), 'héllo');
});

test('terminalSafe: controls and bidirectional formatting escaped, line feeds kept', () => {
  assert.is(terminalSafe('a\nb\u001b[31mc\u007f\u202ed'), 'a\nb\\u001B[31mc\\u007F\\u202Ed');
  assert.is(terminalSafe('\t\r'), '\\u0009\\u000D');
  assert.is(terminalSafe('日本語'), '日本語');
});

test.run();

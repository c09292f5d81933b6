/**
 * A page's bytes decoded in chunks cut anywhere: the text is the Encoding Standard's, and every
 * byte sequence that does not decode is counted with its place in the text, while a U+FFFD that
 * the bytes encode is a character.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DocumentDecoder } from '../../src/links/decode.js';
import { loadPackages } from '../../src/links/packages.js';

const packages = await loadPackages();

/** `bytes` decoded in chunks of `size` (0: whole): the text, the error count, and where each error is. */
function run(encoding: string, bytes: number[], size = 0): { text: string; errors: number; at: number[] } {
  const d = new DocumentDecoder(encoding, packages);
  const b = Uint8Array.from(bytes);
  let text = '';
  if (size === 0) text = d.decode(b, true);
  else {
    for (let i = 0; i < b.length; i += size) text += d.decode(b.subarray(i, i + size));
    text += d.decode(new Uint8Array(0), true);
  }
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) if (d.errorIn(i, i + 1)) at.push(i);
  return { text, errors: d.errors, at };
}

const R = '\ufffd';

test('UTF-8: errors counted where they are, an encoded U+FFFD is a character, in any chunks', () => {
  // "a", FF (error), EF BF BD (the character), C3 (cut: error), "b", E9 (error).
  const bytes = [0x61, 0xff, 0xef, 0xbf, 0xbd, 0xc3, 0x62, 0xe9];
  for (const size of [0, 1, 2, 3, 5]) {
    assert.equal(run('utf-8', bytes, size), { text: `a${R}${R}${R}b${R}`, errors: 3, at: [1, 3, 5] }, `chunks of ${size}`);
  }
  // A sequence cut at the end of the document is an error.
  assert.equal(run('utf-8', [0x61, 0xe6, 0x97], 1), { text: `a${R}`, errors: 1, at: [1] });
});

test('windows-1252 (every byte decodes, 0x80 is €), Shift_JIS, and the replacement encoding', () => {
  assert.equal(run('windows-1252', [0x80, 0x81, 0xe9]), { text: '€\u0081é', errors: 0, at: [] });
  // 93 FA is 日; A0 is no Shift_JIS byte; 81 followed by 20 is a broken pair (the 20 stays a space).
  assert.equal(run('shift_jis', [0x93, 0xfa, 0xa0, 0x81, 0x20], 1), { text: `日${R}${R} `, errors: 2, at: [1, 2] });
  // Labels such as csiso2022kr name it: the whole document is one U+FFFD.
  assert.equal(run('replacement', [0x41, 0x42, 0x43], 1), { text: R, errors: 1, at: [0] });
  assert.equal(run('replacement', []), { text: '', errors: 0, at: [] });
});

test('UTF-16 and GB18030: their encoded U+FFFD is a character only at its alignment', () => {
  // LE: "a", FFFD (the character), a lone high surrogate D800 then "b" (an error).
  assert.equal(run('utf-16le', [0x61, 0, 0xfd, 0xff, 0x00, 0xd8, 0x62, 0], 3), { text: `a${R}${R}b`, errors: 1, at: [2] });
  // BE, with FF FD across two code units: no U+FFFD there.
  assert.equal(run('utf-16be', [0x00, 0xff, 0xfd, 0x00]), { text: 'ÿ\ufd00', errors: 0, at: [] });
  // GB18030: 84 31 A4 37 is U+FFFD, FF is an error.
  assert.equal(run('gb18030', [0x84, 0x31, 0xa4, 0x37, 0xff, 0x41], 2), { text: `${R}${R}A`, errors: 1, at: [1] });
  assert.equal(run('gbk', [0x84, 0x31, 0xa4, 0x37]), { text: R, errors: 0, at: [] });
});

test('errorIn forgets the places before what it is asked', () => {
  const d = new DocumentDecoder('utf-8', packages);
  d.decode(Uint8Array.from([0xff, 0x61, 0xff, 0x61, 0xff]), true);
  assert.is(d.errorIn(1, 2), false);
  assert.is(d.errorIn(2, 3), true);
  // The place at 0 is forgotten: asking again does not find it.
  assert.is(d.errorIn(0, 1), false);
  assert.is(d.errorIn(5, 9), false);
  assert.is(d.errors, 3);
});

test.run();

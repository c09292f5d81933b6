/**
 * Character references in attribute values, as the tokenizer hands them on: numeric references of
 * any length (hundreds of digits, leading zeros), in either base, against the HTML Standard's
 * numeric character reference end state computed here with BigInt; and no input of markup
 * fragments, cut into any chunks, makes the tokenizer throw.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPackages } from '../../src/links/packages.js';
import { DATA, Tokenizer, type TokenSink } from '../../src/links/tokenizer.js';
import { runs } from '../support/runs.js';

const { decodeAttribute, TextDecoder } = await loadPackages();

/** The values of every attribute of every start tag, in order (null: longer than the tokenizer keeps). */
class Values implements TokenSink {
  readonly watchText = true;
  readonly values: Array<string | null> = [];
  text(): void {}
  startTag(): boolean {
    return true;
  }
  attribute(): boolean {
    return true;
  }
  value(v: string | null): void {
    this.values.push(v);
  }
  startTagEnd(): number {
    return DATA;
  }
  endTag(): void {}
  comment(): void {}
  doctype(): void {}
  foreign(): boolean {
    return true;
  }
}

function values(chunks: readonly string[], limit = 1 << 20): Array<string | null> {
  const sink = new Values();
  const t = new Tokenizer(sink, decodeAttribute, limit);
  for (const c of chunks) t.write(c);
  t.end();
  return sink.values;
}

/**
 * The HTML Standard's replacements of references to C1 controls (the numeric character reference
 * end state's table) are windows-1252's characters for those bytes, as the Encoding Standard maps them.
 */
const windows1252 = new TextDecoder('windows-1252');

/** The character a numeric reference of `digits` in `radix` stands for, by the numeric character reference end state. */
function standard(digits: string, radix: 10 | 16): string {
  const n = radix === 16 ? BigInt(`0x${digits}`) : BigInt(digits);
  if (n === 0n || n > 0x10ffffn || (n >= 0xd800n && n <= 0xdfffn)) return '\ufffd';
  const cp = Number(n);
  return cp >= 0x80 && cp <= 0x9f ? windows1252.decode(Uint8Array.of(cp)) : String.fromCodePoint(cp);
}

test('numeric character references of any length and base: the character the HTML Standard makes of them, never a throw', () => {
  const reference = fc.record({
    hex: fc.constantFrom('', 'x', 'X'),
    zeros: fc.nat(400),
    digits: fc.oneof(fc.stringMatching(/^[1-9][0-9]{0,400}$/), fc.stringMatching(/^[1-9a-fA-F][0-9a-fA-F]{0,7}$/), fc.constant('')),
    end: fc.constantFrom(';', '', ' ', '"', '&', 'g', ';;'),
    cut: fc.nat(),
  });
  fc.assert(
    fc.property(reference, ({ hex, zeros, digits, end, cut }) => {
      const value = `a&#${hex}${'0'.repeat(zeros)}${digits}${end}b`;
      const html = `<a href='${value}'>`;
      // The reference's digits run as far as the digits of its base do (hex letters end a decimal
      // one, and the "b" after it may be a hex digit); a ";" after them is the reference's.
      const tail = value.slice(3 + hex.length);
      const run = (hex === '' ? /^[0-9]*/ : /^[0-9A-Fa-f]*/).exec(tail)![0];
      const after = tail.slice(run.length);
      const want = run === '' ? value : `a${standard(run, hex === '' ? 10 : 16)}${after.startsWith(';') ? after.slice(1) : after}`;
      const at = cut % (html.length + 1);
      assert.equal(values([html]), [want]);
      assert.equal(values([html.slice(0, at), html.slice(at)]), [want]);
    }),
    { seed: 33, numRuns: runs(3000) },
  );
});

test('the reference of the crash report: 309 and more digits, decimal or hex, leading zeros counted', () => {
  assert.equal(values([`<a href="&#${'9'.repeat(309)};">`]), ['\ufffd']);
  assert.equal(values([`<a href="&#x${'f'.repeat(256)};">`]), ['\ufffd']);
  assert.equal(values([`<a href="&#${'0'.repeat(400)}65;&#x${'0'.repeat(300)}42">`]), ['AB']);
});

/** Pieces of markup that move the tokenizer from state to state, "|" between them. */
const MARKUP =
  '<|</|<!|<!--|-->|--!>|<!DOCTYPE|<![CDATA[|]]>|<?|>|/>|/|<a| href|=|"|\'|&|&amp|;|x| |\n|\r|\0|<script>|</script>|<!--<script>|<textarea>|</textarea>|<svg>|<math>|é|\ud800';

test('no input of markup fragments, in any chunks, makes the tokenizer throw', () => {
  // Runs of digits as long as those that overflowed a decoder, and references to put them in.
  const digits = fc.tuple(fc.constantFrom('0', '9', 'f'), fc.nat(400)).map(([d, n]) => d.repeat(n));
  const inValue = fc.oneof(fc.constantFrom('&#', '&#x', '&#X', '&', '&amp', ';', 'x', ' ', '\r'), digits);
  const tag = fc
    .tuple(fc.constantFrom('"', "'", ''), fc.array(inValue, { maxLength: 12 }))
    .map(([q, parts]) => `<a href=${q}${parts.join('')}${q}>`);
  const fragment = fc.oneof(fc.constantFrom(...MARKUP.split('|')), tag, digits);
  const chunked = fc.tuple(fc.array(fragment, { maxLength: 200 }), fc.array(fc.nat(40), { maxLength: 20 }));
  fc.assert(
    fc.property(chunked, fc.constantFrom(64, 1 << 20), ([parts, cuts], limit) => {
      const html = parts.join('');
      const chunks: string[] = [];
      let at = 0;
      for (const c of cuts) {
        chunks.push(html.slice(at, at + c));
        at += c;
      }
      chunks.push(html.slice(at));
      for (const v of values(chunks, limit)) assert.ok(v === null || typeof v === 'string');
    }),
    { seed: 3, numRuns: runs(3000) },
  );
});

test.run();

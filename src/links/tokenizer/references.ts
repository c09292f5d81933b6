/** An attribute value as the tokenizer hands it on: newlines as LF, NUL as U+FFFD, character references decoded. */

/** A numeric reference with more digits than a code point needs (decimal or hex; zeros count). */
const LONG_NUMERIC = /&#[xX]?[0-9A-Fa-f]{8}/;
const NUMERIC = /&#([xX]?)([0-9A-Fa-f]+)/g;
const DECIMAL = /^[0-9]*/;

/**
 * A numeric reference cut to the digits that decide its value: its leading zeros dropped, and
 * more digits than the largest code point has (U+10FFFF: 7 decimal, 6 hex) written as one past
 * it, which the HTML Standard reads as U+FFFD as it reads every reference past U+10FFFF. The
 * decoder of `entities` computes the value in a float, which turns to NaN past 308 decimal or 255
 * hex digits (then it throws): it is handed the short form, whose value is the same.
 */
function shorten(reference: string, x: string, run: string): string {
  const digits = x === '' ? DECIMAL.exec(run)![0] : run;
  if (digits.length < 8) return reference;
  let value = digits.replace(/^0+/, '');
  if (value === '') value = '0';
  else if (value.length > (x === '' ? 7 : 6)) value = x === '' ? '1114112' : '110000';
  return `&#${x}${value}${run.slice(digits.length)}`;
}

/**
 * `raw`, the characters between the value's quotes, as the standard's tokenizer makes them:
 * the input stream's CR and CR LF are LF, NUL is U+FFFD, and `decode` (the HTML Standard's
 * character references in an attribute value) does the rest.
 */
export function attributeValue(raw: string, decode: (value: string) => string): string {
  let v = raw;
  if (v.indexOf('\r') !== -1) v = v.replace(/\r\n?/g, '\n');
  if (v.indexOf('\0') !== -1) v = v.replace(/\0/g, '\ufffd');
  if (v.indexOf('&') === -1) return v;
  if (LONG_NUMERIC.test(v)) v = v.replace(NUMERIC, shorten);
  return decode(v);
}

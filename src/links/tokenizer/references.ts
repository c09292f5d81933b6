/** An attribute value as the tokenizer hands it on: newlines as LF, NUL as U+FFFD, character references decoded. */

/**
 * `raw`, the characters between the value's quotes, as the standard's tokenizer makes them:
 * the input stream's CR and CR LF are LF, NUL is U+FFFD, and `decode` (the HTML Standard's
 * character references in an attribute value) does the rest.
 */
export function attributeValue(raw: string, decode: (value: string) => string): string {
  let v = raw;
  if (v.indexOf('\r') !== -1) v = v.replace(/\r\n?/g, '\n');
  if (v.indexOf('\0') !== -1) v = v.replace(/\0/g, '\ufffd');
  if (v.indexOf('&') !== -1) v = decode(v);
  return v;
}

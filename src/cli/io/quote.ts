/** Text from the input, quoted where the CLI shows it: in messages, in tab-separated fields, on a terminal. */
import { visible } from '../../syntax/errors.js';

/** `s` quoted for a message as the library's messages quote it: whole when short, else its start and its length. */
export function show(s: string): string {
  return s.length <= 200 ? visible(s) : `${visible(s.slice(0, 120))}… (${s.length} characters)`;
}

const TSV_SPECIAL = /[\t\n\r\\]/;
const TSV_ESCAPES: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' };

/**
 * `s` as one field of tab-separated values: a tab, a line feed, a carriage return and a
 * backslash are written `\t`, `\n`, `\r` and `\\` (the escapes of the "linear TSV" convention,
 * which PostgreSQL's text COPY format and most TSV readers share), so that no field can end early
 * or add a column or a row.
 */
export function tsvField(s: string): string {
  return TSV_SPECIAL.test(s) ? s.replace(/[\t\n\r\\]/g, (c) => TSV_ESCAPES[c]!) : s;
}

/**
 * The characters a terminal acts on rather than shows: C0 and C1 controls, DEL (an escape
 * sequence can move the cursor or retitle the window), the bidirectional formatting characters
 * (U+202E makes "exe.txt" display as "txt.exe") and the Unicode line and paragraph separators
 * (U+2028, U+2029: a line break in some viewers); "\n" aside, which ends the lines of the text
 * itself.
 */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

function escapeUnit(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What `tsvSafe` escapes: what `tsvField` does, and what a terminal acts on. */
const TSV_UNSAFE = /[\u0000-\u001f\\\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const TSV_UNSAFE_ALL = new RegExp(TSV_UNSAFE.source, 'g');

/**
 * `s` as one field of tab-separated values that is also safe to show: `tsvField`'s escapes, and
 * each other character a terminal acts on (`terminalSafe`'s) written `\uXXXX`. Reversible: the
 * backslash itself is written `\\`.
 */
export function tsvSafe(s: string): string {
  return TSV_UNSAFE.test(s) ? s.replace(TSV_UNSAFE_ALL, (c) => TSV_ESCAPES[c] ?? escapeUnit(c)) : s;
}

/**
 * Text for a terminal: each character of `UNSAFE` written as `\uXXXX`. In JSON text, which
 * escapes C0 itself, that leaves the same JSON value.
 */
export function terminalSafe(s: string): string {
  return s.replace(UNSAFE, escapeUnit);
}

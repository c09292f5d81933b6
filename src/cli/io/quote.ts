/** Text from the input, quoted where the CLI shows it: in messages, in tab-separated fields, on a terminal. */

/** `s` quoted for a message: whole when short, else its start and its length. */
export function show(s: string): string {
  return s.length <= 200 ? JSON.stringify(s) : `${JSON.stringify(s.slice(0, 120))}… (${s.length} characters)`;
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
 * sequence can move the cursor or retitle the window), and the bidirectional formatting
 * characters (U+202E makes "exe.txt" display as "txt.exe"); "\n" aside, which ends the lines of
 * the text itself.
 */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeUnit(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Text for a terminal: each character of `UNSAFE` written as `\uXXXX`. In JSON text, which
 * escapes C0 itself, that leaves the same JSON value.
 */
export function terminalSafe(s: string): string {
  return s.replace(UNSAFE, escapeUnit);
}

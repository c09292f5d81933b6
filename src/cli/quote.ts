/** Text from the input, quoted where the CLI shows it: in messages, in tab-separated fields. */

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

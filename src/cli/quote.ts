/** Text from the input, quoted where the CLI shows it: in messages. */

/** `s` quoted for a message: whole when short, else its start and its length. */
export function show(s: string): string {
  return s.length <= 200 ? JSON.stringify(s) : `${JSON.stringify(s.slice(0, 120))}… (${s.length} characters)`;
}

/**
 * A percent-decoder for the tests, written apart from src/percent.ts so that vector checks do
 * not lean on the code under test: %XX runs read as UTF-8, U+FFFD for malformed sequences (as
 * java.net.URI and Go report decoded components).
 */
export function pctDecode(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length > 0) out += new TextDecoder('utf-8').decode(new Uint8Array(bytes));
    bytes = [];
  };
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      flush();
      out += s[i];
    }
  }
  flush();
  return out;
}

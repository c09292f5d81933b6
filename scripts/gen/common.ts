/**
 * What the table generators share: the ABNF's character sets, a regex class of code units, a
 * table of 128 entries with a label per code unit, and the run of a generator (write its file,
 * or with --check say whether it is stale).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** ALPHA and DIGIT (RFC 5234 B.1). */
export const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const DIGIT = '0123456789';
/** unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 §2.3) */
export const UNRESERVED = `${ALPHA + DIGIT}-._~`;
/** sub-delims (RFC 3986 §2.2) */
export const SUB_DELIMS = "!$&'()*+,;=";

/** A regex character class for a set of code units below 0x80, ranges where three or more follow each other. */
export function regexClass(codes: readonly number[]): string {
  const esc = (c: number): string => {
    const ch = String.fromCharCode(c);
    return '\\]^-[/'.includes(ch) ? `\\${ch}` : ch;
  };
  let out = '';
  for (let k = 0; k < codes.length; ) {
    let e = k;
    while (e + 1 < codes.length && codes[e + 1] === codes[e]! + 1) e++;
    out +=
      e - k >= 2
        ? `${esc(codes[k]!)}-${esc(codes[e]!)}`
        : codes
            .slice(k, e + 1)
            .map(esc)
            .join('');
    k = e + 1;
  }
  return out;
}

/** A code unit as the tables' comments name it. */
export function charLabel(c: number): string {
  if (c < 0x20) return `^${String.fromCharCode(c + 0x40)}`;
  if (c === 0x7f) return 'DEL';
  if (c === 0x20) return 'SP';
  return String.fromCharCode(c);
}

/** A table of 128 entries, one per code unit below 0x80: rows of 16, their labels in a comment. */
export function render128(name: string, doc: string, value: (c: number) => number, width: number, type = 'Uint8Array'): string {
  const lines = [`/** ${doc} */`, `export const ${name} = new ${type}([`];
  for (let row = 0; row < 128; row += 16) {
    const cells: string[] = [];
    const labels: string[] = [];
    for (let c = row; c < row + 16; c++) {
      cells.push(String(value(c)).padStart(width));
      labels.push(charLabel(c));
    }
    lines.push(`  ${cells.join(',')}, // 0x${row.toString(16).padStart(2, '0')}: ${labels.join(' ')}`);
  }
  lines.push(']);');
  return lines.join('\n');
}

/**
 * A generator's run: `node build/scripts/gen/X.js` writes `name` (a path from the repository's
 * root) with what `render` gives; with `--check` it exits 1 when the file (or the FILE given after
 * `--check`) differs from it.
 */
export function generate(name: string, render: () => string): void {
  const check = process.argv.indexOf('--check');
  const given = check === -1 ? undefined : process.argv[check + 1];
  const file = given ?? fileURLToPath(new URL(`../../../${name}`, import.meta.url));
  const fresh = render();
  if (check === -1) {
    writeFileSync(file, fresh);
  } else if (readFileSync(file, 'utf8') !== fresh) {
    console.error(`${given ?? name} is stale: run \`npm run gen\``);
    process.exit(1);
  }
}

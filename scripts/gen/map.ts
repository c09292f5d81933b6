/**
 * Writes the map of src/ in docs/architecture.md (between its `map:start` and `map:end` marks):
 * every file of each folder with the first sentence of its opening comment, so that the map
 * names every file and says of each what the file says of itself.
 *
 *   node build/scripts/gen/map.js                 rewrite the map
 *   node build/scripts/gen/map.js --check [FILE]  exit 1 when docs/architecture.md (or FILE) is stale
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './common.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = 'docs/architecture.md';
const START = "<!-- map:start (written by `npm run gen` from each file's opening comment) -->";
const END = '<!-- map:end -->';
/** Longer first sentences are cut at a comma or a parenthesis before this many characters. */
const WIDTH = 150;

/** The files of `dir` (a path from the root), folders first as their own entries, in name order. */
function walk(dir: string): Array<{ dir: string; files: string[] }> {
  const entries = readdirSync(join(ROOT, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((e) => e.isFile() && /\.c?ts$/.test(e.name)).map((e) => e.name);
  const out = [{ dir, files }];
  for (const e of entries) if (e.isDirectory()) out.push(...walk(`${dir}/${e.name}`));
  return out;
}

/**
 * The first sentence of a file's opening comment (a `/** … *\/` block, or the `//` lines a
 * generated file begins with), on one line; throws for a file without one.
 */
export function openingLine(path: string, text: string): string {
  let body: string;
  const block = /^\/\*\*([\s\S]*?)\*\//.exec(text);
  if (block !== null) body = block[1]!.replace(/^\s*\* ?/gm, '');
  else if (text.startsWith('//'))
    body = text
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.slice(2))
      .join('\n');
  else throw new Error(`${path} does not open with a comment that says what it is`);
  const paragraph = body
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ');
  const sentence = (/^.*?[.!?](?=\s|$)/.exec(paragraph)?.[0] ?? paragraph).replace(/:$/, '.');
  if (sentence.length <= WIDTH) return sentence;
  const cut = Math.max(sentence.lastIndexOf(', ', WIDTH), sentence.lastIndexOf(' (', WIDTH), sentence.lastIndexOf(': ', WIDTH));
  return `${sentence.slice(0, cut > 40 ? cut : WIDTH).trimEnd()} …`;
}

/** The map: a heading per folder, a line per file. */
function map(): string {
  const lines: string[] = [START];
  for (const { dir, files } of walk('src')) {
    if (files.length === 0) continue;
    lines.push('', `**\`${dir}/\`**`, '');
    for (const f of files) lines.push(`* \`${f}\`: ${openingLine(`${dir}/${f}`, readFileSync(join(ROOT, dir, f), 'utf8'))}`);
  }
  lines.push('', END);
  return lines.join('\n');
}

export function render(): string {
  const doc = readFileSync(join(ROOT, DOC), 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a === -1 || b < a) throw new Error(`${DOC} has no ${START} … ${END}`);
  return doc.slice(0, a) + map() + doc.slice(b + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate(DOC, render);

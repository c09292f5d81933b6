/**
 * The corpus ledger of parseWeb against Node's `URL`: every line of every corpus (`*.txt`: each
 * line; a line that both reject for want of a scheme also against the benchmark's base
 * `http://semicomplete.com/`; `*.tsv`: the href against its base; `*.jsonl`: `input` against
 * `base`), href for href (or failure for failure). Each difference must be in the ledger,
 * test/fixtures/divergences-web.json, with the step of the URL Standard that decides it; the
 * script prints every difference and exits 1 when one is unexplained or an entry no longer differs.
 *
 *   npm run ledger:web [-- CORPUS_DIR]   (default: ../shared/corpus beside the repository)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWeb } from '../src/index.js';

interface Entry {
  input: string;
  base: string | null;
  /** Node's href, or null for a failure. */
  node: string | null;
  /** parseWeb's href (the current standard's), or null for a failure. */
  urikit: string | null;
  /** The URL Standard's step that decides it. */
  step: string;
  /** Why Node's URL answers otherwise. */
  why: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = process.argv[2] ?? join(root, '..', 'shared', 'corpus');
if (!existsSync(dir)) {
  console.error(`no corpus folder at ${dir}: give it as the argument (the project's shared corpus collection)`);
  process.exit(2);
}
const ledger = JSON.parse(readFileSync(join(root, 'test/fixtures/divergences-web.json'), 'utf8')) as { entries: Entry[] };
const key = (input: string, base: string | null): string => JSON.stringify([input, base]);
const explained = new Map(ledger.entries.map((e) => [key(e.input, e.base), e]));
const RELATIVE_BASE = 'http://semicomplete.com/';

function href(read: () => string): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

const seen = new Set<string>();
const unexplained: string[] = [];
let lines = 0;
let differences = 0;

function compare(file: string, input: string, base: string | null): boolean {
  lines++;
  const node = href(() => (base === null ? new URL(input).href : new URL(input, base).href));
  const urikit = href(() => parseWeb(input, base ?? undefined).href);
  if (node === urikit) return node !== null;
  differences++;
  const k = key(input, base);
  const e = explained.get(k);
  if (e !== undefined && e.node === node && e.urikit === urikit) {
    if (!seen.has(k))
      console.log(
        `| ${file} | \`${JSON.stringify(input).replaceAll('|', '\\|')}\` | ${JSON.stringify(node)} | ${JSON.stringify(urikit)} | ${e.step} |`,
      );
    seen.add(k);
  } else {
    unexplained.push(`${file}: ${k}: new URL ${JSON.stringify(node)}, parseWeb ${JSON.stringify(urikit)}`);
  }
  return true;
}

console.log(`# parseWeb against Node ${process.version}'s URL (Ada ${process.versions.ada ?? '?'}) over ${dir}\n`);
console.log("| corpus | input | new URL | parseWeb | the standard's step |");
console.log('| --- | --- | --- | --- | --- |');
for (const file of readdirSync(dir).sort()) {
  const text = readFileSync(join(dir, file), 'utf8');
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (file.endsWith('.tsv')) {
      const tab = line.indexOf('\t');
      compare(file, line.slice(tab + 1), line.slice(0, tab));
    } else if (file.endsWith('.jsonl')) {
      const o = JSON.parse(line) as { input: string; base: string | null };
      compare(file, o.input, o.base);
    } else if (file.endsWith('.txt')) {
      if (!compare(file, line, null)) compare(file, line, RELATIVE_BASE);
    }
  }
}
const stale = ledger.entries.filter((e) => !seen.has(key(e.input, e.base)));
console.log(
  `\n${lines} readings, ${differences} differences, ${differences - unexplained.length} explained by the ledger, ${unexplained.length} unexplained.`,
);
for (const u of unexplained) console.log(`UNEXPLAINED ${u}`);
for (const e of stale) console.log(`STALE ledger entry (no longer differs here): ${key(e.input, e.base)}`);
if (unexplained.length > 0 || stale.length > 0) process.exit(1);

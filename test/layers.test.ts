/**
 * The floors of the tree, checked: every import of every TypeScript file (static, type-only,
 * re-export and `import()`) goes down a floor or stays on its own, and no set of files imports
 * itself round in a circle. The rule is written in docs/architecture.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from './support/paths.js';

/** Every `.ts` file under `dir`, as a path relative to the repository. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(join(root, d), { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'fixtures' && e.name !== 'data' && e.name !== 'out' && e.name !== 'output') walk(p);
      } else if ((e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) || e.name.endsWith('.cts')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

// `from '…'`, `import '…'`, `import('…')`, `export … from '…'`; comments are stripped first.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/[^\n]*/g;

/** The relative module specifiers of a file's text. */
function specifiers(text: string): string[] {
  return [...text.replace(COMMENT, '$1').matchAll(SPECIFIER)].map((m) => m[1]!);
}

/** The relative imports of `file`, as repository paths of `.ts` files. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return specifiers(text).map((s) => normalize(join(dirname(file), s)).replace(/\.(c?)js$/, '.$1ts'));
}

const ALL = [...files('src'), ...files('test'), ...files('bench'), ...files('scripts')];
const GRAPH = new Map(ALL.map((f) => [f, importsOf(f)]));

/** The floor a file stands on, as the rule names them. */
function floor(f: string): string {
  if (f.startsWith('src/syntax/')) return 'syntax';
  if (f.startsWith('src/ops/')) return 'ops';
  if (f.startsWith('src/web/')) return 'web';
  if (f === 'src/uri.ts') return 'uri';
  if (f.startsWith('src/readers/')) return 'readers';
  if (f.startsWith('src/template/')) return 'template';
  if (f.startsWith('src/links/')) return 'links';
  if (f.startsWith('src/canon/')) return 'canon';
  if (f.startsWith('src/cli/')) return cliFloor(f);
  if (f.startsWith('src/')) return 'entry';
  if (f.startsWith('test/support/')) return 'test-support';
  if (f.startsWith('test/')) return 'test';
  if (f.startsWith('bench/')) return 'bench';
  return 'scripts';
}

/**
 * The CLI's floors, from the bottom (src/cli/main.ts draws them): a folder each, and the entries
 * (main.ts, worker.ts) at the top. Two folders on one floor (stats/, links/) import neither each
 * other nor anything above.
 */
const CLI_FLOORS: readonly (readonly string[])[] = [
  ['io'],
  ['options'],
  ['lines'],
  ['stats', 'links'],
  ['commands'],
  ['threads'],
  ['run'],
  ['redis'],
];

/** A CLI file's floor: `cli/` and its folder, or `cli-entry` for the files of src/cli/ itself. */
function cliFloor(f: string): string {
  const folder = f.slice('src/cli/'.length).split('/');
  if (folder.length === 1) return 'cli-entry';
  if (!CLI_FLOORS.some((fl) => fl.includes(folder[0]!))) return `cli-unknown:${folder[0]}`;
  return `cli/${folder[0]}`;
}

/** The height of a CLI floor (the entries above every folder). */
function cliHeight(fl: string): number {
  if (fl === 'cli-entry') return CLI_FLOORS.length;
  return CLI_FLOORS.findIndex((names) => names.includes(fl.slice('cli/'.length)));
}

/** Which floors each floor may import. */
const MAY: Record<string, (target: string) => boolean> = {
  syntax: (t) => floor(t) === 'syntax',
  ops: (t) => floor(t) === 'syntax' || floor(t) === 'ops',
  web: (t) => ['syntax', 'ops', 'web'].includes(floor(t)),
  uri: (t) => ['syntax', 'ops', 'web'].includes(floor(t)),
  readers: (t) => ['syntax', 'ops', 'web', 'uri', 'readers'].includes(floor(t)),
  template: (t) => floor(t) === 'syntax' || floor(t) === 'template' || t === 'src/ops/percent.ts',
  links: (t) => ['syntax', 'ops', 'web', 'uri', 'readers', 'links'].includes(floor(t)),
  canon: (t) => ['syntax', 'ops', 'web', 'canon'].includes(floor(t)),
  entry: (t) => !floor(t).startsWith('cli') && floor(t) !== 'entry' && t.startsWith('src/'),
  'test-support': (t) => t.startsWith('src/') || floor(t) === 'test-support',
  test: (t) => t.startsWith('src/') || floor(t) === 'test-support',
  bench: (t) => t.startsWith('src/') || floor(t) === 'test-support' || floor(t) === 'bench',
  scripts: (t) => t.startsWith('src/') || floor(t) === 'test-support' || floor(t) === 'scripts',
};

/** What a CLI file on `fl` may import: the library, and its own floor or a lower one of the CLI. */
function cliMay(fl: string, t: string): boolean {
  const to = floor(t);
  if (!t.startsWith('src/')) return false;
  if (!to.startsWith('cli')) return true;
  if (to === fl) return true;
  return cliHeight(to) < cliHeight(fl);
}

test('every file of src/cli/ stands on a floor of the CLI', () => {
  const unknown = ALL.filter((f) => floor(f).startsWith('cli-unknown'));
  assert.equal(unknown, []);
  assert.is(cliFloor('src/cli/main.ts'), 'cli-entry');
  assert.is(cliFloor('src/cli/lines/log.ts'), 'cli/lines');
  assert.ok(cliMay('cli/commands', 'src/cli/stats/counts.ts'));
  assert.ok(cliMay('cli/commands', 'src/cli/commands/command.ts'));
  assert.ok(!cliMay('cli/lines', 'src/cli/commands/command.ts'));
  assert.ok(!cliMay('cli/stats', 'src/cli/links/reader.ts'), 'two folders on one floor import neither');
  assert.ok(cliMay('cli-entry', 'src/cli/redis/main.ts'));
  assert.ok(!cliMay('cli/redis', 'src/cli/main.ts'));
});

test('every import names a file that exists', () => {
  const missing: string[] = [];
  for (const [f, targets] of GRAPH) for (const t of targets) if (!GRAPH.has(t)) missing.push(`${f} → ${t}`);
  assert.equal(missing, []);
});

test('imports only go down the floors (docs/architecture.md)', () => {
  const broken: string[] = [];
  for (const [f, targets] of GRAPH) {
    const fl = floor(f);
    const may = fl.startsWith('cli') ? (t: string) => cliMay(fl, t) : MAY[fl]!;
    for (const t of targets) if (!may(t)) broken.push(`${f} (${floor(f)}) imports ${t} (${floor(t)})`);
  }
  assert.equal(broken, []);
});

/** Strongly connected components of more than one file, and files that import themselves. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  // Iterative Tarjan: a deep chain of imports must not overflow the stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      if (i === 0) {
        index.set(v, next);
        low.set(v, next++);
        stack.push(v);
        on.add(v);
      }
      const edges = graph.get(v) ?? [];
      if (i < edges.length) {
        top[1] = i + 1;
        const w = edges[i]!;
        if (!graph.has(w)) continue;
        if (!index.has(w)) work.push([w, 0]);
        else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const c: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          c.push(w);
        } while (w !== v);
        if (c.length > 1 || edges.includes(v)) out.push(c.sort());
      }
    }
  }
  return out;
}

test('no import circle anywhere (static, type-only or import())', () => {
  assert.equal(circles(GRAPH), []);
});

test('the circle finder finds circles', () => {
  const g = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['d']],
    ['e', ['a']],
  ]);
  assert.equal(circles(g), [['a', 'b', 'c'], ['d']]);
});

test('the import reader sees every form of import and skips comments', () => {
  // Built with a quote variable, so that this file's own text holds none of these imports.
  const q = "'";
  const text = [
    `import { a } from ${q}./a.js${q};`,
    `import type { B } from ${q}../b.js${q};`,
    `import ${q}./c.js${q};`,
    `export { d } from ${q}./d.js${q};`,
    `export * from ${q}./e.js${q};`,
    `const f = await import(${q}./f.js${q});`,
    `const g = await import(\n  ${q}../g.js${q}\n);`,
    `// import { x } from ${q}./commented.js${q};`,
    `/* export { y } from ${q}./block.js${q}; */`,
    `import { readFileSync } from ${q}node:fs${q};`,
    `const url = ${q}http://example.com/not-a-comment${q};`,
  ].join('\n');
  assert.equal(specifiers(text), ['./a.js', '../b.js', './c.js', './d.js', './e.js', './f.js', '../g.js']);
  assert.equal(importsOf('test/layers.test.ts'), ['test/support/paths.ts']);
});

test.run();

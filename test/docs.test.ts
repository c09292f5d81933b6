/**
 * The documentation checked against the built package (a quick run: its modules in build/src/):
 * every example of README.md and docs/*.md that states a value is run and compared, every offsets diagram is the one `describeOffsets`
 * draws, every relative link and anchor leads somewhere, and the pages keep their shape.
 *
 * What counts as an example (docs/architecture.md, "Examples are tested", says it for writers):
 * * Only ```js fences run, each on its own, top to bottom, with every export of `urikit` in scope;
 *   an `import … from '…'` line loads what it names (`urikit`, `urikit/domain`, `node:…`). A fence
 *   that states no value is not run (it may read files the reader has and the test has not).
 * * `EXPR; // VALUE`, `EXPR // VALUE`, `const NAME = EXPR; // VALUE` (NAME is checked), or an
 *   expression line followed by a line that holds only `// VALUE`.
 * * VALUE is a JavaScript literal (a string, number, boolean, null, undefined, or an array or object
 *   of them), compared by structure with object keys in order; a constant of the package
 *   (`ErrorCode.INVALID_CHAR`); or `throws CLASS [CODE] [at index N]` (a colon after CLASS is
 *   allowed), which checks the class, the `code` and the `index`. Prose may follow the value after
 *   a space and "(", or after ": ".
 * * A fence marked as JavaScript otherwise (```ts, ```javascript, …) is an error: it would not run.
 * * A comment on an expression line must be such a value, and a value must stand on such a line:
 *   nothing that looks like an example goes unchecked.
 * * A ```text fence whose second line holds only spaces and carets is an offsets diagram: it must
 *   be, line for line, what `describeOffsets` draws for its first line (strict options).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from './support/paths.js';
import { QUICK } from './support/runs.js';

type Pkg = Record<string, unknown>;

/** What a comment says an example gives. */
type Expected = { text: string; value: unknown } | { text: string; throws: { name: string; code?: string; index?: number } };

interface Example {
  line: number;
  code: string;
  expected: Expected;
}

/** A fenced block: its info string, the line number of its first content line, its lines. */
interface Fence {
  info: string;
  start: number;
  lines: string[];
}

/** The fenced blocks of a Markdown text. */
function fences(md: string): Fence[] {
  const out: Fence[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]!);
    if (open === null) continue;
    const fence: Fence = { info: open[2]!.trim(), start: i + 2, lines: [] };
    const close = new RegExp(`^${open[1]}\`*\\s*$`);
    for (i++; i < lines.length && !close.test(lines[i]!); i++) fence.lines.push(lines[i]!);
    out.push(fence);
  }
  return out;
}

/** A line split at its `//` comment (outside strings): the code, and the comment's text or undefined. */
function splitComment(line: string): [string, string | undefined] {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '/' && line[i + 1] === '/') return [line.slice(0, i), line.slice(i + 2).trim()];
  }
  return [line, undefined];
}

/** A comment that states a value, rather than prose. */
const VALUE_LIKE = /^(?:['"`[{]|-?\d|(?:true|false|null|undefined|NaN|throws)\b|[A-Z]\w*\.[A-Z][A-Z0-9_]*\b)/;
/** A constant of the package, such as `ErrorCode.INVALID_CHAR`. */
const CONSTANT = /^([A-Z]\w*)\.([A-Z][A-Z0-9_]*)\b/;
/** What may follow a value: nothing, prose in parentheses, or prose after a colon. */
const GLOSS = /^(?:\s*|\s+\(.*|:\s.*)$/;
const THROWS = /^throws (\w+)(?::?\s+([A-Z][A-Z0-9_]+))?(?: at index (\d+))?(.*)$/;
/** A line that is a statement rather than an expression. */
const STATEMENT =
  /^(?:(?:import|export|const|let|var|if|else|for|while|do|switch|case|function|class|return|throw|try|catch|finally)\b|[{}])|[{(,[]$|=>$/;
const DECLARATION = /^(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=.*;$/;

/** The length of the literal at the start of `s` (a quoted string, a bracketed group or a word). */
function literalLength(s: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) {
        quote = '';
        if (depth === 0) return i + 1;
      }
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && !/[\w.+-]/.test(c)) return i;
  }
  return s.length;
}

/** The value a comment states, or a sentence saying why it states none that can be checked. */
function expectedOf(comment: string, pkg: Pkg): Expected | string {
  const t = THROWS.exec(comment);
  if (t !== null) {
    if (!GLOSS.test(t[4]!)) return `cannot read "${comment}" as throws CLASS [CODE] [at index N]`;
    const throws: { name: string; code?: string; index?: number } = { name: t[1]! };
    if (t[2] !== undefined) throws.code = t[2];
    if (t[3] !== undefined) throws.index = Number(t[3]);
    return { text: comment, throws };
  }
  const c = CONSTANT.exec(comment);
  if (c !== null) {
    if (!GLOSS.test(comment.slice(c[0].length))) return `cannot read "${comment}" as a value (a constant, then "(…" or ": …" at most)`;
    const holder = pkg[c[1]!] as Record<string, unknown> | undefined;
    if (holder === undefined || !Object.hasOwn(holder, c[2]!)) return `${c[0]} is no constant of the package`;
    return { text: c[0], value: holder[c[2]!] };
  }
  const n = literalLength(comment);
  const literal = comment.slice(0, n);
  if (!GLOSS.test(comment.slice(n))) return `cannot read "${comment}" as a value (a literal, then "(…" or ": …" at most)`;
  try {
    return { text: literal, value: new Function(`"use strict"; return (${literal});`)() };
  } catch (e) {
    return `cannot read "${literal}" as a literal: ${(e as Error).message}`;
  }
}

/** Equality of what examples give: primitives by `Object.is`, arrays and plain objects by structure, keys in order. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (!plain(a) || !plain(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(a[k], b[k]));
}

function plain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const show = (v: unknown): string => inspect(v, { depth: Infinity, breakLength: Infinity });

const IMPORT = /^import\s+(.+?)\s+from\s+(['"][^'"]+['"]);?$/;

/** An `import` line as a statement of the fence's function. */
function importLine(code: string): string {
  const [, what, from] = IMPORT.exec(code) as unknown as [string, string, string];
  if (what.startsWith('{')) return `const ${what.replace(/\s+as\s+/g, ': ')} = await __import(${from});`;
  if (what.startsWith('* as ')) return `const ${what.slice(5)} = await __import(${from});`;
  return `const ${what} = (await __import(${from})).default;`;
}

/** A js fence as the body of a function, line for line, and the examples it states. */
function program(fence: Fence, pkg: Pkg, problem: (line: number, what: string) => void): { body: string[]; examples: Example[] } {
  const examples: Example[] = [];
  const body: string[] = [];
  const check = (line: number, code: string, expected: Expected): string =>
    `__check(${examples.push({ line, code, expected }) - 1}, () => (${code}));`;
  // An expression line without a comment: the value may stand on the next line.
  let above: { at: number; code: string } | undefined;
  for (const [i, raw] of fence.lines.entries()) {
    const line = fence.start + i;
    const [code, comment] = splitComment(raw);
    const trimmed = code.trim();
    const statement = STATEMENT.test(trimmed);
    const expected = comment !== undefined && VALUE_LIKE.test(comment) ? expectedOf(comment, pkg) : undefined;
    const prev = above;
    above = undefined;
    // Each line of the fence is one line of the body; a refused one runs without its comment.
    body.push(code);
    if (typeof expected === 'string') {
      problem(line, expected);
    } else if (trimmed === '') {
      if (expected === undefined) continue;
      if (prev === undefined) problem(line, `a value with no example on the line above: // ${comment}`);
      else body[prev.at] = check(prev.at + fence.start, prev.code, expected);
    } else if (IMPORT.test(trimmed)) {
      body[i] = importLine(trimmed);
    } else if (expected === undefined) {
      if (comment !== undefined && !statement) problem(line, `an example's comment must give its value: ${raw.trim()}`);
      else if (!statement) above = { at: i, code: trimmed.replace(/;$/, '') };
    } else if (DECLARATION.test(trimmed)) {
      const name = DECLARATION.exec(trimmed)![1]!;
      body[i] = `${code} ${check(line, name, expected)}`;
    } else if (statement) {
      problem(line, `a value on a line that is no example (an expression, or const NAME = …;): ${raw.trim()}`);
    } else {
      body[i] = check(line, trimmed.replace(/;$/, ''), expected);
    }
  }
  return { body, examples };
}

/** What checking one Markdown text found. */
interface Report {
  examples: number;
  diagrams: number;
  problems: string[];
}

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;

/** Runs the examples of `md` (named `file` in the problems) against `pkg`, and checks its diagrams. */
async function checkMarkdown(file: string, md: string, pkg: Pkg, load: (name: string) => Promise<unknown>): Promise<Report> {
  const report: Report = { examples: 0, diagrams: 0, problems: [] };
  const problem = (line: number, what: string): void => {
    report.problems.push(`${file}:${line}: ${what}`);
  };
  for (const fence of fences(md)) {
    if (fence.info === 'text' && /^ *\^[ ^]*$/.test(fence.lines[1] ?? '')) {
      report.diagrams++;
      checkDiagram(fence, pkg, (what) => problem(fence.start, what));
      continue;
    }
    if (/^(?:javascript|[mc]?js|ts|typescript)$/.test(fence.info) && fence.info !== 'js') {
      problem(fence.start - 1, `a fence of JavaScript is marked \`\`\`js, so that its examples run (not \`\`\`${fence.info})`);
    }
    if (fence.info !== 'js') continue;
    const { body, examples } = program(fence, pkg, problem);
    if (examples.length === 0) continue;
    report.examples += examples.length;
    const check = (k: number, f: () => unknown): void => {
      const { line, code, expected } = examples[k]!;
      let actual: unknown;
      let thrown: unknown;
      let threw = false;
      try {
        actual = f();
      } catch (e) {
        threw = true;
        thrown = e;
      }
      const err = thrown as { name?: unknown; code?: unknown; index?: unknown; message?: unknown };
      const got = threw
        ? `throws ${String(err?.name)} ${String(err?.code)} at index ${String(err?.index)} (${String(err?.message)})`
        : show(actual);
      if ('value' in expected) {
        if (threw || !same(actual, expected.value)) problem(line, `${code} gives ${got}, the doc says ${show(expected.value)}`);
        return;
      }
      const { name, code: errorCode, index } = expected.throws;
      const cls = (pkg[name] ?? (globalThis as Record<string, unknown>)[name]) as (new () => unknown) | undefined;
      const ok =
        threw &&
        typeof cls === 'function' &&
        thrown instanceof cls &&
        (errorCode === undefined || err.code === errorCode) &&
        (index === undefined || err.index === index);
      if (!ok) problem(line, `${code} gives ${got}, the doc says ${expected.text}`);
    };
    const names = Object.keys(pkg).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
    try {
      const run = new AsyncFunction('__check', '__import', ...names, `{\n${body.join('\n')}\n}`);
      await run(check, load, ...names.map((n) => pkg[n]));
    } catch (e) {
      problem(fence.start, `the fence of lines ${fence.start}-${fence.start + fence.lines.length - 1} stopped: ${String(e)}`);
    }
  }
  return report;
}

/** An offsets diagram must be what `describeOffsets` draws for its first line. */
function checkDiagram(fence: Fence, pkg: Pkg, problem: (what: string) => void): void {
  const indent = /^ */.exec(fence.lines[0]!)![0].length;
  const input = fence.lines[0]!.slice(indent);
  const record = new Uint32Array(pkg.OFFSETS_LENGTH as number);
  const code = (pkg.scan as (s: string, r: Uint32Array) => number)(input, record);
  if (code !== 0) {
    problem(`the diagram's URI ${JSON.stringify(input)} does not scan (error ${code})`);
    return;
  }
  const drawn = (pkg.describeOffsets as (s: string, r: Uint32Array) => string)(input, record).split('\n');
  const shown = fence.lines.map((l) => l.slice(indent).trimEnd());
  drawn.forEach((want, i) => {
    if (shown[i] !== want)
      problem(`line ${i + 1} of the diagram of ${input} reads ${JSON.stringify(shown[i])}, describeOffsets draws ${JSON.stringify(want)}`);
  });
  if (shown.length !== drawn.length) problem(`the diagram of ${input} has ${shown.length} lines, describeOffsets draws ${drawn.length}`);
  // Each label stands in the column of the index it names, under a caret, and names the record's value.
  const slots = pkg.Slot as Record<string, number>;
  for (const label of shown.slice(2)) {
    const first = /[A-Z]/.exec(label);
    for (const m of label.matchAll(/([A-Z_]+)=(\d+)/g)) {
      const at = Number(m[2]);
      if (m.index === first?.index && at !== m.index) problem(`${m[0]} stands in column ${m.index} of the diagram of ${input}`);
      if (shown[1]![at] !== '^') problem(`no caret under ${m[0]} in the diagram of ${input}`);
      if (record[slots[m[1]!]!] !== at) problem(`${m[0]} in the diagram of ${input}, but scan gives ${record[slots[m[1]!]!]}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The pages

const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const read = (page: string): string => readFileSync(join(root, page), 'utf8');
/**
 * The package's entry points as the examples import them: the built package (dist/, through its
 * exports map) in a full run; in a quick run, which builds no dist/, the same modules compiled in
 * build/src/, one for each subpath of package.json's exports (so that a new one needs no edit here).
 */
const SOURCES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys((JSON.parse(read('package.json')) as { exports: Record<string, unknown> }).exports)
    .filter((key) => !key.endsWith('.json'))
    .map((key) => (key === '.' ? ['urikit', '../src/index.js'] : [`urikit/${key.slice(2)}`, `../src/${key.slice(2)}.js`])),
);
const load = (name: string): Promise<unknown> => import(QUICK && Object.hasOwn(SOURCES, name) ? SOURCES[name]! : name);
const urikit = (): Promise<Pkg> => load('urikit') as Promise<Pkg>;

test('the docs folder holds the pages the README links to', () => {
  assert.equal(PAGES, [
    'README.md',
    'docs/api.md',
    'docs/architecture.md',
    'docs/behaviour.md',
    'docs/cli.md',
    'docs/links.md',
    'docs/performance.md',
    'docs/redis.md',
    'docs/templates.md',
  ]);
});

const counts = new Map<string, Report>();
for (const page of PAGES) {
  test(`${page}: every example gives what it says`, async () => {
    const report = await checkMarkdown(page, read(page), await urikit(), load);
    counts.set(page, report);
    assert.equal(report.problems, []);
  });
}

test('every page that shows JavaScript states values, and the record is drawn (the counts are printed)', () => {
  const reports = [...counts.values()];
  const examples = reports.reduce((n, r) => n + r.examples, 0);
  const diagrams = reports.reduce((n, r) => n + r.diagrams, 0);
  const each = [...counts].map(([page, r]) => `${page} ${r.examples}`).join(', ');
  console.log(`\n  docs: ${examples} examples (${each}) and ${diagrams} offsets diagrams checked`);
  for (const page of PAGES) {
    if (/^```js$/m.test(read(page))) assert.ok(counts.get(page)!.examples > 0, `${page} shows JavaScript but no example was checked`);
  }
  assert.ok(counts.get('README.md')!.diagrams > 0 && counts.get('docs/api.md')!.diagrams > 0, 'README.md and docs/api.md draw the record');
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings (outside fences), with GitHub's -1, -2 for repeats. */
function anchors(md: string): Set<string> {
  const out = new Set<string>();
  let inFence = false;
  for (const line of md.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const h = inFence ? null : /^#{1,6} (.*)$/.exec(line);
    if (h === null) continue;
    const base = slug(h[1]!);
    let a = base;
    for (let n = 1; out.has(a); n++) a = `${base}-${n}`;
    out.add(a);
  }
  return out;
}

test('every relative link leads to a file, and every anchor to a heading', () => {
  const broken: string[] = [];
  for (const page of PAGES) {
    const text = read(page).replace(/^```[\s\S]*?^```/gm, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const file = path === '' ? page : join(page, '..', path);
      let md: string;
      try {
        md = readFileSync(join(root, file), 'utf8');
      } catch {
        broken.push(`${page}: ${target} (no file ${file})`);
        continue;
      }
      if (anchor !== undefined && !anchors(md).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
    }
  }
  assert.equal(broken, []);
});

test('the README stays a front door: at most 400 lines, with a table of contents', () => {
  const readme = read('README.md');
  const lines = readme.split('\n').length - 1;
  assert.ok(lines <= 400, `README.md has ${lines} lines`);
  assert.ok(/^## Contents$/m.test(readme), 'README.md has a "## Contents" section');
});

test('no table cell is over 200 characters', () => {
  const long: string[] = [];
  for (const page of PAGES) {
    read(page)
      .split('\n')
      .forEach((line, i) => {
        if (!line.startsWith('|')) return;
        for (const cell of line.split(/(?<!\\)\|/).slice(1, -1)) {
          if (cell.trim().length > 200) long.push(`${page}:${i + 1}: ${cell.trim().length} characters: ${cell.trim().slice(0, 60)}…`);
        }
      });
  }
  assert.equal(long, []);
});

// ---------------------------------------------------------------------------------------------
// The checker itself, on texts made for it

const md = (...lines: string[]): string => lines.join('\n');

test('checker: a right example passes and a wrong one fails, naming the file, the line and both values', async () => {
  const text = md(
    '# Try',
    '```js',
    "parse('http://a.example/').host;   // 'a.example'",
    "parse('http://a.example/').host;   // 'b.example' (wrong on purpose)",
    "resolve('http://a/b/c', '../x') // 'http://a/x'",
    '```',
  );
  const report = await checkMarkdown('try.md', text, await urikit(), load);
  assert.is(report.examples, 3);
  assert.equal(report.problems, ["try.md:4: parse('http://a.example/').host gives 'a.example', the doc says 'b.example'"]);
});

test('checker: throws CLASS CODE at index N checks all three', async () => {
  const text = md(
    '```js',
    "parse('http://a b/');   // throws UriError: INVALID_CHAR at index 8",
    "parse('http://a b/');   // throws UriError INVALID_PORT",
    "parse('http://a b/');   // throws UriError INVALID_CHAR at index 7 (wrong index)",
    "parse('http://a/');     // throws UriError",
    'parse(42);              // throws TypeError',
    '```',
  );
  const report = await checkMarkdown('t.md', text, await urikit(), load);
  assert.is(report.examples, 5);
  const msg = `(Invalid character ' ' at index 8 in "http://a b/")`;
  assert.equal(report.problems, [
    `t.md:3: parse('http://a b/') gives throws UriError INVALID_CHAR at index 8 ${msg}, the doc says throws UriError INVALID_PORT`,
    `t.md:4: parse('http://a b/') gives throws UriError INVALID_CHAR at index 8 ${msg}, the doc says throws UriError INVALID_CHAR at index 7 (wrong index)`,
    "t.md:5: parse('http://a/') gives Uri { href: 'http://a/', scheme: 'http', host: 'a', path: '/' }, the doc says throws UriError",
  ]);
});

test('checker: values on the next line and on declarations; structures compared in order', async () => {
  const text = md(
    '```js',
    "import { inspect } from 'node:util';",
    "const t = new UriTemplate('{/a*}');",
    "const v = t.extract('/x/y');                 // { a: ['x', 'y'] }",
    't.variables;',
    "                                             // ['b']",
    "Object.fromEntries(queryParams('b=1&a=2'));  // { a: '2', b: '1' }",
    "inspect(1);                                  // '1'",
    '```',
  );
  const report = await checkMarkdown('n.md', text, await urikit(), load);
  assert.is(report.examples, 4);
  assert.equal(report.problems, [
    "n.md:5: t.variables gives [ 'a' ], the doc says [ 'b' ]",
    "n.md:7: Object.fromEntries(queryParams('b=1&a=2')) gives { b: '1', a: '2' }, the doc says { a: '2', b: '1' }",
  ]);
});

test('checker: nothing that looks like an example escapes', async () => {
  const text = md(
    '```js',
    "parse('x');                // the URI x",
    "const u = parse('x');      // a relative reference (prose on a statement is fine)",
    "if (u) parse('y');         // 'y'",
    '// 42',
    "parse('x').path;           // 'x' and more",
    "parse('x').path;           // { template: UriTemplate }",
    '```',
    '```ts',
    "parse('x').path;           // 'x'",
    '```',
    '```text',
    'http://a:1/p',
    '    ^  ^^^^',
    '    |  ||||PATH_END=12',
    '```',
  );
  const report = await checkMarkdown('e.md', text, await urikit(), load);
  assert.is(report.examples, 0);
  assert.is(report.diagrams, 1);
  assert.equal(report.problems.slice(0, 5), [
    "e.md:2: an example's comment must give its value: parse('x');                // the URI x",
    "e.md:4: a value on a line that is no example (an expression, or const NAME = …;): if (u) parse('y');         // 'y'",
    'e.md:5: a value with no example on the line above: // 42',
    `e.md:6: cannot read "'x' and more" as a value (a literal, then "(…" or ": …" at most)`,
    'e.md:7: cannot read "{ template: UriTemplate }" as a literal: UriTemplate is not defined',
  ]);
  assert.equal(report.problems.slice(5, 7), [
    'e.md:9: a fence of JavaScript is marked ```js, so that its examples run (not ```ts)',
    'e.md:13: line 2 of the diagram of http://a:1/p reads "    ^  ^^^^", describeOffsets draws "    ^  ^^^^ ^"',
  ]);
  assert.equal(report.problems.slice(-3), [
    'e.md:13: the diagram of http://a:1/p has 3 lines, describeOffsets draws 9',
    'e.md:13: PATH_END=12 stands in column 11 of the diagram of http://a:1/p',
    'e.md:13: no caret under PATH_END=12 in the diagram of http://a:1/p',
  ]);
});

test('checker: a fence that stops names its lines', async () => {
  const report = await checkMarkdown('s.md', md('```js', 'nothing.here;', "parse('a').path;  // 'a'", '```'), await urikit(), load);
  assert.equal(report.problems, ['s.md:2: the fence of lines 2-3 stopped: ReferenceError: nothing is not defined']);
});

test.run();

/**
 * The registry of commands: every command module is registered, once, under its own name, in the
 * order `urikit --help` lists them, each with a rank of its own.
 */
import { readdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CommandSpec } from '../../src/cli/options/arguments.js';
import { usage } from '../../src/cli/options/help.js';
import { COMMANDS, commandNamed } from '../../src/cli/registry.js';

/** The specs that the modules of `folder` (under build/src/cli/) export, by the file that holds them. */
async function specsIn(folder: string, file: (name: string) => boolean): Promise<Array<[string, CommandSpec]>> {
  const dir = new URL(`../../src/cli/${folder}/`, import.meta.url);
  const found: Array<[string, CommandSpec]> = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.js') && file(n))) {
    const m = (await import(new URL(name, dir).href)) as Record<string, unknown>;
    for (const v of Object.values(m)) {
      const s = v as Partial<CommandSpec> | null;
      if (
        typeof s === 'object' &&
        s !== null &&
        typeof s.name === 'string' &&
        typeof s.settings === 'function' &&
        typeof s.rank === 'number'
      )
        found.push([`${folder}/${name}`, s as CommandSpec]);
    }
  }
  return found;
}

test('every command module is registered', async () => {
  const specs = [...(await specsIn('commands', () => true)), ...(await specsIn('redis', (n) => n.endsWith('-spec.js')))];
  assert.ok(specs.length >= COMMANDS.length);
  for (const [file, spec] of specs) assert.ok(COMMANDS.includes(spec), `${file}: ${spec.name} is not in registry.ts's COMMANDS`);
});

test('one entry each, under its own name, in the order of the help', () => {
  const names = COMMANDS.map((c) => c.name);
  assert.equal(names, ['parse', 'validate', 'normalize', 'resolve', 'surt', 'stats', 'routes', 'links', 'publish', 'redis']);
  for (const c of COMMANDS) assert.is(commandNamed(c.name), c);
  assert.is(commandNamed('frob'), undefined);
  const u = usage(COMMANDS);
  const listed = names.map((n) => u.indexOf(`\n  ${n.padEnd(9)}  `));
  assert.equal(
    listed.filter((at) => at === -1),
    [],
  );
  assert.equal(
    listed,
    [...listed].sort((x, y) => x - y),
  );
});

test('each command has a rank of its own (the order of "it is an option of …")', () => {
  const ranks = COMMANDS.map((c) => c.rank);
  assert.is(new Set(ranks).size, ranks.length);
  const byRank = [...COMMANDS].sort((a, b) => a.rank - b.rank).map((c) => c.name);
  assert.equal(byRank, ['publish', 'normalize', 'resolve', 'surt', 'validate', 'stats', 'routes', 'parse', 'links', 'redis']);
});

test('the line commands take the options of every command; the Redis commands declare their own', () => {
  for (const c of COMMANDS) assert.is(c.common, c.name !== 'publish' && c.name !== 'redis', c.name);
});

test("each command's help text is at most 80 columns a line, and its usage names it", () => {
  for (const spec of COMMANDS) {
    assert.ok(spec.usage.startsWith(`Usage: urikit ${spec.name}`), spec.name);
    assert.equal(
      spec.about.split('\n').filter((l) => l.length > 80),
      [],
      spec.name,
    );
    assert.ok(spec.summary.length > 0 && !spec.summary.includes('\n'), spec.name);
  }
});

test.run();

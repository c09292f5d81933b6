/**
 * The commands' declarations, checked on their own: each spec under its name, with a rank of its
 * own, rows that name options that exist, once each, and help text that fits 80 columns.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS, SPECS } from '../../../src/cli/commands/index.js';
import { COMMAND_NAMES, COMMON, declared, OPTIONS, optionsOf } from '../../../src/cli/options/arguments.js';

test('every command is registered under its own name, the line commands with their own module', () => {
  assert.equal(Object.keys(SPECS).sort(), [...COMMAND_NAMES].sort());
  for (const [name, spec] of Object.entries(SPECS)) assert.is(spec.name, name);
  assert.equal(Object.keys(COMMANDS).sort(), COMMAND_NAMES.filter((c) => c !== 'publish' && c !== 'redis').sort());
});

test('each command has a rank of its own (the order of "it is an option of …")', () => {
  const ranks = COMMAND_NAMES.map((c) => SPECS[c].rank);
  assert.is(new Set(ranks).size, ranks.length);
  const byRank = [...COMMAND_NAMES].sort((a, b) => SPECS[a].rank - SPECS[b].rank);
  assert.equal(byRank, ['publish', 'normalize', 'resolve', 'validate', 'stats', 'routes', 'parse', 'links', 'redis']);
});

test("each command's rows name options that exist, each once, none of every command's", () => {
  const every = new Set(COMMON.flatMap(optionsOf));
  for (const spec of Object.values(SPECS)) {
    const names = spec.options.flatMap((s) => s.rows.flatMap(optionsOf));
    assert.equal(
      names.filter((n) => !Object.hasOwn(OPTIONS, n)),
      [],
      spec.name,
    );
    assert.equal(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
      `${spec.name} declares an option twice`,
    );
    // A command that takes them all declares none of them; publish and redis name those they take.
    if (spec.common)
      assert.equal(
        names.filter((n) => every.has(n)),
        [],
        `${spec.name} declares an option of every command`,
      );
    assert.is(declared(spec).size, names.length);
  }
});

test('the line commands take the options of every command; the Redis commands declare their own', () => {
  for (const c of COMMAND_NAMES) assert.is(SPECS[c].common, c !== 'publish' && c !== 'redis', c);
});

test("each command's help text is at most 80 columns a line, and its usage names it", () => {
  for (const spec of Object.values(SPECS)) {
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

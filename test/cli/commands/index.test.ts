/**
 * The commands' option declarations, checked on their own: names and help, one way of writing
 * each option whichever command declares it, defaults that their parsers give back, and rules
 * (needs, excludes) that name options of the command and refuse the command lines they describe.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Arguments, type CommandSpec, declared, EVERY } from '../../../src/cli/options/arguments.js';
import { type Option, UsageError } from '../../../src/cli/options/option.js';
import { COMMANDS } from '../../../src/cli/registry.js';

/** The options a command line of `spec` may hold: its own, and those of every command. */
function taken(spec: CommandSpec): Map<string, Option> {
  return new Map([...declared(spec), ...EVERY.map((o) => [o.name, o] as const)]);
}

/** A value that `o` takes, to give it on a command line. */
function sample(o: Option): string[] {
  if (o.value === undefined) return [o.name];
  const by: Record<string, string> = { N: '1', T: '2s', FILE: 'package.json', RUN: '1' };
  // A choice's first value (N of --threads N|auto is a number).
  if (o.value.includes('|')) {
    const first = o.value.split('|')[0]!;
    return [o.name, by[first] ?? first];
  }
  return [o.name, by[o.value] ?? (o.value.startsWith('redis://') ? 'redis://h/j' : 'x')];
}

/** The message that `args` of `spec` break a rule with, or null. */
function broken(spec: CommandSpec, args: string[]): string | null {
  try {
    new Arguments(spec, args, COMMANDS).check();
  } catch (e) {
    assert.instance(e, UsageError);
    return (e as Error).message;
  }
  return null;
}

test('each option is named --word, and each row has its help', () => {
  for (const spec of COMMANDS)
    for (const section of spec.options)
      for (const o of section.rows) {
        assert.ok(/^--[a-z0-9-]+$/.test(o.name), `${spec.name} ${o.name}`);
        assert.ok(o.help.length > 0, `${spec.name} ${o.name} has no help`);
      }
});

test('an option is written one way (its value, its example) whichever command declares it', () => {
  const seen = new Map<string, string>();
  for (const spec of COMMANDS)
    for (const o of taken(spec).values()) {
      const how = `${o.value}|${o.example}|${o.short}`;
      assert.is(seen.get(o.name) ?? how, how, `${spec.name} ${o.name}`);
      seen.set(o.name, how);
    }
});

test("each command declares its options once, none of every command's when it takes them", () => {
  for (const spec of COMMANDS) {
    const names = spec.options.flatMap((s) => s.rows.flatMap((o) => [o, ...(o.also ?? [])].map((x) => x.name)));
    assert.equal(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
      `${spec.name} declares an option twice`,
    );
    if (spec.common)
      assert.equal(
        names.filter((n) => EVERY.some((o) => o.name === n)),
        [],
        spec.name,
      );
  }
});

test('the defaults are what the parsers give for them', () => {
  for (const spec of COMMANDS)
    for (const o of taken(spec).values()) {
      if (typeof o.default === 'number' && o.value === 'N') assert.is(o.parse(String(o.default)), o.default, `${spec.name} ${o.name}`);
      if (typeof o.default === 'string' && o.value?.includes('|'))
        assert.ok(o.value.split('|').includes(o.default), `${spec.name} ${o.name}`);
      if (o.value === undefined) assert.equal([o.default, o.parse('')], [false, true], `${spec.name} ${o.name}`);
    }
});

test('the rules name options the command takes, and refuse what they say', () => {
  for (const spec of COMMANDS) {
    const options = taken(spec);
    const ruled = spec.common ? [...options.values()] : [...declared(spec).values()];
    const messages = new Set(ruled.flatMap((o) => [...(o.needs ?? []), ...(o.excludes ?? [])].map((r) => r.message)));
    for (const o of ruled) {
      for (const r of [...(o.needs ?? []), ...(o.excludes ?? [])])
        for (const n of r.options) assert.ok(options.has(n), `${spec.name} ${o.name}: ${n} is no option of it`);
      for (const r of o.needs ?? []) {
        const alone = broken(spec, sample(o));
        assert.ok(alone !== null && messages.has(alone), `${spec.name} ${o.name} alone: ${alone}`);
        // With one option of each of its needs, it breaks none of them.
        const met = (o.needs ?? []).flatMap((x) => sample(options.get(x.options[0]!)!));
        assert.is.not(broken(spec, [...sample(o), ...met]), r.message, `${spec.name} ${o.name} ${met.join(' ')}`);
      }
      // Excluded both ways round.
      for (const r of o.excludes ?? [])
        for (const n of r.options)
          for (const args of [
            [...sample(o), ...sample(options.get(n)!)],
            [...sample(options.get(n)!), ...sample(o)],
          ]) {
            const m = broken(spec, args);
            assert.ok(m !== null && messages.has(m), `${spec.name} ${args.join(' ')}: ${m}`);
          }
    }
  }
});

test.run();

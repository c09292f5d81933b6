/**
 * Properties of URI Templates over random templates and values (fast-check):
 *
 *  - extract(expand(v)) gives variables that expand to the same string (the way back always
 *    exists, and extract finds it);
 *  - whatever extract returns for any string expands to that string (never a wrong answer);
 *  - partialExpand(a).expand(b) equals expand(a ∪ b);
 *  - the two passes (lookahead.ts) choose the path the Pike VM chooses;
 *  - an invalid template's error index is where the first code point no valid template could
 *    have starts: the text before it can still be completed, the text with that code point
 *    cannot, and an error never comes before an edit made to a valid template.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TemplateValue, UriTemplate, UriTemplateError } from '../../src/index.js';
import { Lookahead } from '../../src/template/lookahead.js';
import { templateNfa } from '../../src/template/nfa.js';
import { Pike } from '../../src/template/pike.js';
import { Spans } from '../../src/template/spans.js';
import { compile } from '../../src/template/syntax.js';
import { keyTwice } from '../../src/template/template.js';
import { runs } from '../support/runs.js';

const RUNS = runs(Number(process.env.PROPERTY_RUNS ?? 400));
const OPS = ['', '+', '#', '.', '/', ';', '?', '&'];

interface Spec {
  name: string;
  mod: '' | '*' | `:${number}`;
}

const valueChar = fc.oneof(
  { arbitrary: fc.constantFrom(...'aZ09-._~'), weight: 6 },
  { arbitrary: fc.constantFrom(...":/?#[]@!$&'()*+,;="), weight: 4 },
  { arbitrary: fc.constantFrom('%', '%41', '%2F', '%25', '%c3%bc', '%E2%82', ' ', '"', '{', 'é', '€', '😀', '\u0000'), weight: 3 },
);
const str = (max: number): fc.Arbitrary<string> => fc.array(valueChar, { maxLength: max }).map((a) => a.join(''));
// Keys that are not array indices: a JavaScript object would reorder those ("11" before "b").
const key = str(4).filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));

const scalar: fc.Arbitrary<TemplateValue> = fc.oneof(
  { arbitrary: str(6), weight: 6 },
  { arbitrary: fc.constantFrom('', 0, 42, -1.5, true), weight: 1 },
);
const value = (prefix: boolean): fc.Arbitrary<TemplateValue> =>
  prefix
    ? fc.oneof({ arbitrary: scalar, weight: 4 }, { arbitrary: fc.constant(undefined), weight: 1 })
    : fc.oneof(
        { arbitrary: scalar, weight: 4 },
        { arbitrary: fc.constant(undefined), weight: 1 },
        { arbitrary: fc.array(fc.oneof(str(4), fc.constant(null)), { maxLength: 3 }), weight: 2 },
        { arbitrary: fc.dictionary(key, fc.oneof(str(4), fc.constant(null)), { maxKeys: 3 }), weight: 2 },
      );

const literal = fc
  .array(fc.constantFrom('a', '/', '.', ',', '=', '&', '?', '#', ';', '-', "'", '%20', '%41', 'é', '😀', '!'), { maxLength: 3 })
  .map((a) => a.join(''));

const NAMES = ['a', 'b', 'c', 'd', 'e', 'x.y', '%41z', '_1'];

/** A template (with distinct variable names unless `repeat`), and values for its variables. */
const templateAndValues = (repeat: boolean) =>
  fc
    .array(
      fc.tuple(
        literal,
        fc.constantFrom(...OPS),
        fc.array(fc.tuple(fc.constantFrom('', '*', ':1', ':2', ':5'), fc.boolean()), { minLength: 1, maxLength: 3 }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .chain((parts) => {
      let next = 0;
      const specs: Spec[] = [];
      let text = '';
      for (const [lit, op, vs] of parts) {
        const names = vs.map(([mod]) => {
          const k = next++;
          const name = repeat ? NAMES[k % 3]! : (NAMES[k] ?? `v${k}`);
          specs.push({ name, mod: mod as Spec['mod'] });
          return name + mod;
        });
        text += `${lit}{${op}${names.join(',')}}`;
      }
      const prefixed = new Set(specs.filter((s) => s.mod.startsWith(':')).map((s) => s.name));
      const names = [...new Set(specs.map((s) => s.name))];
      return fc.tuple(
        fc.constant(text),
        fc.tuple(...names.map((n) => value(prefixed.has(n)))).map((vals) => Object.fromEntries(names.map((n, i) => [n, vals[i]]))),
      );
    });

/** A key JavaScript objects list first: extract's answers then expand with those members first. */
const indexKey = (vars: Record<string, unknown>): boolean =>
  Object.values(vars).some(
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => /^(0|[1-9][0-9]*)$/.test(k)),
  );
const sorted = (s: string): string => [...s].sort().join('');

let tolerated = 0;
test('extract(expand(v)) expands back to the same string', () => {
  fc.assert(
    fc.property(templateAndValues(false), ([text, vars]) => {
      const t = new UriTemplate(text);
      const uri = t.expand(vars);
      const misses = keyTwice.misses;
      const back = t.extract(uri);
      // The one miss the README states: both the first answer and the longest one would give
      // an associative array a key twice.
      if (back === null && keyTwice.misses === misses + 1) {
        tolerated++;
        return;
      }
      if (back === null) throw new Error(`extract(${JSON.stringify(uri)}) of ${text} gave null for ${JSON.stringify(vars)}`);
      if (indexKey(back)) assert.is(sorted(t.expand(back)), sorted(uri));
      else assert.is(t.expand(back), uri, `${text} ${JSON.stringify(vars)} -> ${JSON.stringify(back)}`);
    }),
    { numRuns: RUNS * 5 },
  );
  if (process.env.VERBOSE) console.log(`\n${tolerated} of ${RUNS * 5} missed by the key-twice rule`);
  assert.ok(tolerated < RUNS / 4, `${tolerated} misses`);
});

test('a repeated variable: whatever extract returns expands back', () => {
  fc.assert(
    fc.property(templateAndValues(true), ([text, vars]) => {
      const t = new UriTemplate(text);
      const uri = t.expand(vars);
      const back = t.extract(uri);
      if (back !== null && !indexKey(back)) assert.is(t.expand(back), uri);
    }),
    { numRuns: RUNS },
  );
});

test('extract on any string: an answer always expands to that string', () => {
  const uriChar = fc.constantFrom(...'ab0/.,;=&?#%2F41-~é', '%41', '%c3', '%25', '%C3%BC');
  fc.assert(
    fc.property(templateAndValues(false), fc.array(uriChar, { maxLength: 12 }), ([text], chars) => {
      const t = new UriTemplate(text);
      const uri = chars.join('');
      const back = t.extract(uri);
      if (back !== null && !indexKey(back)) assert.is(t.expand(back), uri, `${text} ${JSON.stringify(uri)} -> ${JSON.stringify(back)}`);
    }),
    { numRuns: RUNS * 5 },
  );
});

/** A runner's answer as text: the MATCH state and the spans, or -1. */
function spansOf(run: (u: string, out: Spans) => number, u: string): string {
  const out = new Spans();
  const r = run(u, out);
  if (r < 0) return String(r);
  const parts: string[] = [];
  for (let i = 0; i < out.n; i++) parts.push(`${out.code[i]}:${out.begin[i]}-${out.end[i]}`);
  return `${r} ${parts.join(' ')}`;
}

test('the two passes and the Pike VM choose the same path (first and longest), on expansions and on edits of them', () => {
  fc.assert(
    fc.property(templateAndValues(true), fc.constantFrom('', 'a', '/', '%', ',', '='), ([text, vars], extra) => {
      const uri = new UriTemplate(text).expand(vars);
      for (const longest of [false, true]) {
        const nfa = templateNfa(compile(text), longest);
        const pike = new Pike(nfa);
        const twoPass = new Lookahead(nfa);
        for (const u of [uri, uri + extra, uri.slice(1), uri.slice(0, -1), extra + uri]) {
          assert.is(
            spansOf((x, o) => twoPass.run(x, o), u),
            spansOf((x, o) => pike.run(x, o), u),
            `${text} ${JSON.stringify(u)} ${longest}`,
          );
        }
      }
    }),
    { numRuns: RUNS * 2 },
  );
});

test('partialExpand(a).expand(b) equals expand(a and b)', () => {
  fc.assert(
    fc.property(templateAndValues(true), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), ([text, vars], side) => {
      const t = new UriTemplate(text);
      const a: Record<string, TemplateValue> = {};
      const b: Record<string, TemplateValue> = {};
      Object.keys(vars).forEach((k, i) => {
        (side[i] ? a : b)[k] = vars[k];
      });
      const partial = t.partialExpand(a);
      assert.is(partial.expand(b), t.expand(vars), `${text} -> ${partial.template}`);
      // What the partial template still needs is what b may give.
      for (const v of partial.variables) assert.ok(!Object.hasOwn(a, v) || a[v] === undefined, v);
    }),
    { numRuns: RUNS * 2 },
  );
});

// Texts that complete any prefix of a valid template (whatever state it stops in).
const COMPLETIONS = ['', '}', 'a}', '1}', '0}', '00', '0', '00}', '\uDC00', '\uDC00}', 'a'];

function errorOf(text: string): UriTemplateError | undefined {
  try {
    new UriTemplate(text);
  } catch (e) {
    if (e instanceof UriTemplateError) return e;
    throw e;
  }
  return undefined;
}

test('an error index: the text before it can be completed, and an edit of a valid template is not preceded by an error', () => {
  const anyChar = fc.constantFrom(...'a{}:*,.%0159/?+#;=!@|$ "<>\\^`~', '\uD800', '\uDC00', '\uFFFE', '\u0085', 'é', '😀', '\uDB40');
  fc.assert(
    fc.property(templateAndValues(true), fc.nat(), anyChar, fc.boolean(), ([valid], at, c, replace) => {
      const j = at % (valid.length + 1);
      const text = valid.slice(0, j) + c + valid.slice(replace ? j + 1 : j);
      const e = errorOf(text);
      if (e === undefined) return;
      // An edit inside a surrogate pair leaves the high surrogate alone, one before it.
      const split = j > 0 && /[\uD800-\uDBFF]/.test(valid[j - 1]!);
      assert.ok(e.index >= (split ? j - 1 : j), `${JSON.stringify(text)}: error at ${e.index} before the edit at ${j}`);
      assert.ok(e.index <= text.length);
      const head = text.slice(0, e.index);
      assert.ok(
        COMPLETIONS.some((k) => errorOf(head + k) === undefined),
        `${JSON.stringify(text)}: ${JSON.stringify(head)} (before index ${e.index}) cannot be completed`,
      );
      if (e.index < text.length) {
        // The code point at the index, as the text has it: a pair, or a lone surrogate that no
        // completion may pair up.
        const cp = text.codePointAt(e.index)!;
        const next = text.slice(0, e.index + (cp > 0xffff ? 2 : 1));
        const lone = cp >= 0xd800 && cp <= 0xdbff;
        assert.ok(
          COMPLETIONS.every((k) => (lone && k.startsWith('\uDC00')) || errorOf(next + k) !== undefined),
          `${JSON.stringify(text)}: ${JSON.stringify(next)} can still be completed`,
        );
      }
    }),
    { numRuns: RUNS * 5 },
  );
});

test.run();

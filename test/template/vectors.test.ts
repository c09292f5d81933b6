/**
 * RFC 6570 conformance: the public URI Template suite and every example table of the RFC
 * (test/fixtures/rfc6570/). Each expansion must be the expected string or one of the listed
 * alternatives; each expected string must extract back into variables that expand to it; each
 * negative template must be rejected, at the index the table below states.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TemplateVariables, UriTemplate, UriTemplateError } from '../../src/index.js';
import { fixture } from '../support/paths.js';

type Expected = string | string[] | false;
interface Group {
  variables: TemplateVariables;
  cases: Array<[string, Expected]>;
}

function suiteFile(name: string): Map<string, Group> {
  const raw = JSON.parse(readFileSync(fixture(`rfc6570/uritemplate-test/${name}`), 'utf8')) as Record<
    string,
    { variables: TemplateVariables; testcases: Array<[string, Expected]> }
  >;
  return new Map(Object.entries(raw).map(([title, g]) => [title, { variables: g.variables, cases: g.testcases }]));
}

function rfcExamples(): Map<string, Group> {
  const raw = JSON.parse(readFileSync(fixture('rfc6570/rfc-examples.json'), 'utf8')) as {
    groups: Array<{ title: string; variables: TemplateVariables; cases: Array<[string, string]> }>;
  };
  return new Map(raw.groups.map((g) => [g.title, { variables: g.variables, cases: g.cases }]));
}

/** What one expansion case gives: 'pass', 'alternative' (one of several listed), or why it failed. */
function runCase(template: string, variables: TemplateVariables, expected: Expected): string {
  if (expected === false) {
    try {
      new UriTemplate(template).expand(variables);
    } catch (e) {
      return e instanceof UriTemplateError ? 'rejected' : `threw ${String(e)}`;
    }
    return 'accepted an invalid template';
  }
  const t = new UriTemplate(template);
  const got = t.expand(variables);
  const options = typeof expected === 'string' ? [expected] : expected;
  if (!options.includes(got)) return `expanded to ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`;
  // The way back: every listed expansion is extracted into variables that expand to it, or to
  // another of the alternatives (members of an associative array come back in a JavaScript
  // object, which puts keys such as "11" and "12" first and in numeric order).
  for (const uri of options) {
    const vars = t.extract(uri);
    if (vars === null) return `extract(${JSON.stringify(uri)}) gave null`;
    const again = t.expand(vars);
    if (!options.includes(again))
      return `extract(${JSON.stringify(uri)}) = ${JSON.stringify(vars)}, which expands to ${JSON.stringify(again)}`;
  }
  return options.length > 1 ? 'alternative' : 'pass';
}

const counts: Record<string, { pass: number; alternative: number; rejected: number }> = {};

for (const [file, groups] of [
  ['spec-examples.json', suiteFile('spec-examples.json')],
  ['spec-examples-by-section.json', suiteFile('spec-examples-by-section.json')],
  ['extended-tests.json', suiteFile('extended-tests.json')],
  ['negative-tests.json', suiteFile('negative-tests.json')],
  ['rfc-examples.json', rfcExamples()],
] as const) {
  test(`${file}: every case`, () => {
    const failures: string[] = [];
    const c = (counts[file] = { pass: 0, alternative: 0, rejected: 0 });
    let n = 0;
    for (const [title, g] of groups) {
      for (const [template, expected] of g.cases) {
        n++;
        const r = runCase(template, g.variables, expected);
        if (r === 'pass' || r === 'alternative' || r === 'rejected') c[r]++;
        else failures.push(`${title}: ${template}: ${r}`);
      }
    }
    assert.ok(n > 0);
    assert.equal(failures, []);
  });
}

test('totals: every case of every file counted', () => {
  // The suite's 270 cases (36 negative; 35 list alternative expansions) and the RFC's 189 examples.
  assert.equal(counts, {
    'spec-examples.json': { pass: 49, alternative: 15, rejected: 0 },
    'spec-examples-by-section.json': { pass: 102, alternative: 15, rejected: 0 },
    'extended-tests.json': { pass: 48, alternative: 5, rejected: 0 },
    'negative-tests.json': { pass: 0, alternative: 0, rejected: 36 },
    'rfc-examples.json': { pass: 189, alternative: 0, rejected: 0 },
  });
});

// Each negative template: the code and the index of the first character no valid template has.
const NEGATIVE: Array<[string, string, number]> = [
  ['{/id*', 'UNCLOSED_EXPRESSION', 5],
  ['/id*}', 'INVALID_LITERAL', 4],
  ['{/?id}', 'INVALID_VARNAME', 2],
  ['{var:prefix}', 'INVALID_PREFIX', 5],
  ['{hello:2*}', 'INVALID_EXPRESSION', 8],
  ['{??hello}', 'INVALID_VARNAME', 2],
  ['{!hello}', 'RESERVED_OPERATOR', 1],
  ['{with space}', 'INVALID_EXPRESSION', 5],
  ['{ leading_space}', 'INVALID_VARNAME', 1],
  ['{trailing_space }', 'INVALID_EXPRESSION', 15],
  ['{=path}', 'RESERVED_OPERATOR', 1],
  ['{$var}', 'INVALID_VARNAME', 1],
  ['{|var*}', 'RESERVED_OPERATOR', 1],
  ['{*keys?}', 'INVALID_VARNAME', 1],
  ['{?empty=default,var}', 'INVALID_EXPRESSION', 7],
  ['{var}{-prefix|/-/|var}', 'INVALID_VARNAME', 6],
  ['?q={searchTerms}&amp;c={example:color?}', 'INVALID_PREFIX', 32],
  ['x{?empty|foo=none}', 'INVALID_EXPRESSION', 8],
  ['/h{#hello+}', 'INVALID_EXPRESSION', 9],
  ['/h#{hello+}', 'INVALID_EXPRESSION', 9],
  ['{keys:1}', 'PREFIX_ON_COMPOSITE', 5],
  ['{+keys:1}', 'PREFIX_ON_COMPOSITE', 6],
  ['{;keys:1*}', 'INVALID_EXPRESSION', 8],
  ['?{-join|&|var,list}', 'INVALID_VARNAME', 2],
  ['/people/{~thing}', 'INVALID_VARNAME', 9],
  ['/{default-graph-uri}', 'INVALID_EXPRESSION', 9],
  ['/sparql{?query,default-graph-uri}', 'INVALID_EXPRESSION', 22],
  ['/sparql{?query){&default-graph-uri*}', 'INVALID_EXPRESSION', 14],
  ['/resolution{?x, y}', 'INVALID_VARNAME', 15],
  ['{var:0}', 'INVALID_PREFIX', 5],
  ['{var:01}', 'INVALID_PREFIX', 5],
  ['{var:10000}', 'INVALID_PREFIX', 9],
  ['{var:}', 'INVALID_PREFIX', 5],
  ['{x.}', 'INVALID_VARNAME', 3],
  ['{x..y}', 'INVALID_VARNAME', 3],
  ['{%2x}', 'INVALID_PERCENT_ENCODING', 3],
];

test('negative-tests.json: the code and the exact index of each rejection', () => {
  const g = suiteFile('negative-tests.json').get('Failure Tests')!;
  assert.equal(
    g.cases.map(([t]) => t),
    NEGATIVE.map(([t]) => t),
  );
  for (const [template, code, index] of NEGATIVE) {
    let err: unknown;
    try {
      new UriTemplate(template).expand(g.variables);
    } catch (e) {
      err = e;
    }
    assert.instance(err, UriTemplateError, template);
    const e = err as UriTemplateError;
    assert.equal([template, e.code, e.index], [template, code, index]);
    assert.is(e.input, template);
  }
});

test.run();

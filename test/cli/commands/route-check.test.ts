/** routes --check: the findings by the file's lines, as text and as JSON, the summary and the exit code. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkRoutes } from '../../../src/cli/commands/route-check.js';
import { readTemplates } from '../../../src/cli/options/templates.js';
import { Temp } from '../../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

test('overlaps and shadowed templates, by line; the summary; exit code 1', () => {
  const f = tmp.file('r.txt', '/users/{id}\n\n/users/me\n/x/{a}\n/x/{b}\n/y\n');
  const d = checkRoutes(readTemplates(f, 'exact', '--check'), false, false);
  assert.is(
    d.out,
    `${f}:3: /users/me and line 1's /users/{id} both match /users/me
${f}:3: /users/me is shadowed by line 1: no URI reaches it
${f}:5: /x/{b} and line 4's /x/{a} both match /x/
${f}:5: /x/{b} is shadowed by line 4: no URI reaches it
`,
  );
  assert.is(d.err, `urikit: 5 templates in ${f}: 2 pairs that can match the same URI, 2 shadowed\n`);
  assert.is(d.code, 1);
  const j = checkRoutes(readTemplates(f, 'exact', '--check'), true, true);
  assert.equal(JSON.parse(j.out), {
    file: f,
    templates: 5,
    overlaps: [
      { lines: [1, 3], templates: ['/users/{id}', '/users/me'], witness: '/users/me' },
      { lines: [4, 5], templates: ['/x/{a}', '/x/{b}'], witness: '/x/' },
    ],
    shadowed: [
      { line: 3, template: '/users/me', by: [1] },
      { line: 5, template: '/x/{b}', by: [4] },
    ],
    undecided: [],
    unconfirmed: [],
  });
  assert.is(j.err, '');
  assert.is(j.code, 1);
});

test('a template shadowed by several; none found: exit code 0', () => {
  const f = tmp.file('s.txt', '/a/{x}.json\n/a/b.{y}\n/a/b.json\n');
  const d = checkRoutes(readTemplates(f, 'exact', '--check'), false, true);
  assert.ok(d.out.endsWith(`${f}:3: /a/b.json is shadowed by lines 1 and 2: no URI reaches it\n`), d.out);
  const ok = tmp.file('ok.txt', '/a\n/b/{x}\n');
  assert.equal(checkRoutes(readTemplates(ok, 'exact', '--check'), false, false), {
    out: '',
    err: `urikit: 2 templates in ${ok}: none overlaps another or is shadowed\n`,
    code: 0,
  });
});

test('a pair not decided: named with the URI one extract refuses; exit code 1', () => {
  const f = tmp.file('u.txt', '{/p}{/p*}\n/a{/p*}\n');
  const d = checkRoutes(readTemplates(f, 'exact', '--check'), false, false);
  assert.is(
    d.out,
    `${f}:2: /a{/p*} and line 1's {/p}{/p*}: their patterns both accept /a, which one's extract refuses (a variable used twice); not decided whether a URI matches both\n`,
  );
  assert.is(d.err, `urikit: 2 templates in ${f}: 1 pair not decided\n`);
  assert.is(d.code, 1);
  assert.equal(JSON.parse(checkRoutes(readTemplates(f, 'exact', '--check'), true, true).out).unconfirmed, [
    { lines: [1, 2], templates: ['{/p}{/p*}', '/a{/p*}'], witness: '/a' },
  ]);
});

test.run();

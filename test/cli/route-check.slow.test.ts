/** urikit routes --check FILE in real runs: what it writes, as text and JSON, and its exit codes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

test('pairs that can match one URI and shadowed templates, by line: exit 1; the summary on standard error', async () => {
  const f = tmp.file(
    'routes.txt',
    '/users/{id}\r\n/users/me\r\n\r\n/repos/{owner}/{repo}\r\n/repos/{owner}/{repo}{?page}\r\n/search{?q}\r\n',
  );
  assert.equal(await cli(['routes', '--check', f]), {
    code: 1,
    out: `${f}:2: /users/me and line 1's /users/{id} both match /users/me
${f}:2: /users/me is shadowed by line 1: no URI reaches it
${f}:5: /repos/{owner}/{repo}{?page} and line 4's /repos/{owner}/{repo} both match /repos//
`,
    err: `urikit: 5 templates in ${f}: 2 pairs that can match the same URI, 1 shadowed\n`,
  });
  // No input is read: standard input stays unread.
  const json = await cli(['routes', '--check', f, '--json', '-q'], 'not read\n');
  assert.equal(json, {
    code: 1,
    out: `{"file":${JSON.stringify(f)},"templates":5,"overlaps":[{"lines":[1,2],"templates":["/users/{id}","/users/me"],"witness":"/users/me"},{"lines":[4,5],"templates":["/repos/{owner}/{repo}","/repos/{owner}/{repo}{?page}"],"witness":"/repos//"}],"shadowed":[{"line":2,"template":"/users/me","by":[1]}],"undecided":[],"unconfirmed":[]}\n`,
    err: '',
  });
});

test('none found: exit 0 and no output', async () => {
  const f = tmp.file('ok.txt', '/users/{id}\n/users/{id}/repos{?page}\n/orgs/{org}\n');
  assert.equal(await cli(['routes', '--check', f]), {
    code: 0,
    out: '',
    err: `urikit: 3 templates in ${f}: none overlaps another or is shadowed\n`,
  });
  assert.equal(await cli(['routes', '--check', f, '--json', '-q']), {
    code: 0,
    out: `{"file":${JSON.stringify(f)},"templates":3,"overlaps":[],"shadowed":[],"undecided":[],"unconfirmed":[]}\n`,
    err: '',
  });
});

test('a file that cannot be read, an invalid template, an input besides: exit 2 with what is wrong', async () => {
  const bad = tmp.file('bad.txt', '/users/{id}\n/repos/{owner/{repo}\n');
  const cases: Array<[string[], string]> = [
    [['--check', `${tmp.dir}/none.txt`], `--check ${tmp.dir}/none.txt: cannot read it: no such file`],
    [['--check', tmp.dir], `--check ${tmp.dir}: cannot read it: it is a directory`],
    [
      ['--check', bad],
      `--check ${bad}:2:14: Invalid character in an expression: '/' at index 13 in "/repos/{owner/{repo}": a varspec must be followed by ",", "}", a ":" prefix or a "*" explode`,
    ],
    [['--check', bad, 'access.log'], '--check reads the templates file it names, and no input: leave out "access.log"'],
    [['--check', bad, '--log', 'combined'], '--check reads a templates file, not the input: --log does not go with it'],
    [['--json'], '--json goes with --check (routes writes a templates file, one template a line)'],
  ];
  for (const [args, message] of cases)
    assert.equal(await cli(['routes', ...args]), { code: 2, out: '', err: `urikit: ${message}\nRun "urikit routes --help" for usage.\n` });
});

test('routes still finds routes without --check; its help says what --check changes', async () => {
  assert.equal(await cli(['routes'], '/users/42\n/users/7/repos\n'), {
    code: 0,
    out: '/users/{id}\n/users/{id}/repos\n',
    err: 'urikit: 2 routes found in 2 paths\n',
  });
  const help = (await cli(['routes', '--help'])).out;
  assert.ok(help.startsWith('Usage: urikit routes [options] [FILE|-]\n       urikit routes --check FILE [--json]\n'));
  assert.ok(help.includes('With --check FILE, routes reads no input'));
});

test.run();

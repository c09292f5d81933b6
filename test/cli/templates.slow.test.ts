/**
 * `--templates FILE` (stats, parse): request targets matched against a file of URI Templates, the
 * first in the file's order winning; errors that name the file, line and column; the same output
 * on worker threads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accessLog, cli, jsonLines, Temp } from '../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

// An empty line (skipped, but counted in line numbers) and a CRLF line.
const routes = tmp.file('routes.txt', '/users/{id}\n/users/{id}/repos{?page}\n\n/repos/{owner}/{repo}\r\n/search{?q,page}\n/never\n');
const input = [
  'http://a.com/users/42',
  'http://a.com/users/42/repos?page=2',
  '/repos/nodejs/node',
  '/orgs/x',
  'http://a.com',
  '/search?q=a%20b',
  'mailto:x@y',
  '/users/%E2%82%AC',
  'http://a b/',
  '',
].join('\n');

test('stats --templates: valid URIs by the first template their request target matches, then the unmatched', async () => {
  const r = await cli(['stats', '--templates', routes, '--top', '2'], input);
  assert.is(r.code, 0);
  assert.is(r.err, '');
  const tail = r.out.slice(r.out.indexOf('  templates'));
  // The first column is as wide as its title, which names the file.
  const title = `templates (${routes})`;
  const row = (value: string, count: number, share: string): string =>
    `  ${value.padEnd(title.length)}  ${String(count).padStart(5)}  ${share.padStart(6)}`;
  assert.is(
    tail,
    [
      `  ${title}  count   share`,
      row('/users/{id}', 2, '25.0%'),
      row('/users/{id}/repos{?page}', 1, '12.5%'),
      row('/repos/{owner}/{repo}', 1, '12.5%'),
      row('/search{?q,page}', 1, '12.5%'),
      row('(no template)', 3, '37.5%'),
      '  (1 of 5 templates matched nothing)',
      '',
      '  top 2 targets no template matched  count   share   (3 distinct)',
      '  /                                      1   12.5%',
      '  /orgs/x                                1   12.5%',
      '',
      '  invalid       count   share',
      '  INVALID_CHAR      1   11.1%',
      '',
    ].join('\n'),
  );
});

test('stats --templates --json: every template with its line and count, in the file order', async () => {
  const r = await cli(['stats', '--templates', routes, '--json', '--top', '2'], input);
  assert.equal(JSON.parse(r.out).uris.templates, {
    matched: 5,
    unmatched: 3,
    noPath: { authority: 0, asterisk: 0 },
    counts: [
      { line: 1, template: '/users/{id}', count: 2 },
      { line: 2, template: '/users/{id}/repos{?page}', count: 1 },
      { line: 4, template: '/repos/{owner}/{repo}', count: 1 },
      { line: 5, template: '/search{?q,page}', count: 1 },
      { line: 6, template: '/never', count: 0 },
    ],
    unmatchedTargets: {
      distinct: 3,
      top: [
        { value: '/', count: 1 },
        { value: '/orgs/x', count: 1 },
      ],
    },
  });
  // Without --templates, no such section.
  assert.is(JSON.parse((await cli(['stats', '--json'], input)).out).uris.templates, undefined);
});

test('stats --log --templates: request targets and referrers each counted', async () => {
  const log = [
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /users/7 HTTP/1.1" 200 5 "http://b.com/search?q=x" "UA"',
    '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /repos/a/b?x=1 HTTP/1.1" 200 5 "-" "UA"',
    '',
  ].join('\n');
  const counts = (t: { counts: { count: number }[] }): number[] => t.counts.map((c) => c.count);
  // By default a query pair no template names (x=1) does not keep /repos/a/b from its route.
  const j = JSON.parse((await cli(['stats', '--log', 'combined', '--templates', routes, '--json'], log)).out);
  assert.equal(counts(j.targets.templates), [1, 0, 1, 0, 0]);
  assert.equal(j.targets.templates.unmatchedTargets.top, []);
  assert.equal(counts(j.referrers.templates), [0, 0, 0, 1, 0]);
  // --match exact: the whole target must be an expansion.
  const exact = JSON.parse((await cli(['stats', '--log', 'combined', '--templates', routes, '--match', 'exact', '--json'], log)).out);
  assert.equal(counts(exact.targets.templates), [1, 0, 0, 0, 0]);
  assert.equal(exact.targets.templates.unmatchedTargets.top, [{ value: '/repos/a/b?x=1', count: 1 }]);
  assert.equal(counts(exact.referrers.templates), [0, 0, 0, 1, 0]);
});

test('--match: named (the default) ignores query pairs a template does not name, and a "+" stays in its value; exact keeps the whole target', async () => {
  const traffic = ['/users/42?utm_source=x', '/search?page=2&q=a+b', '/search?q=c', '/users/42/repos?utm_medium=y&page=3', ''].join('\n');
  const fields = ['--fields', 'line,template,variables'];
  assert.equal(jsonLines((await cli(['parse', '--templates', routes, ...fields], traffic)).out), [
    { line: 1, template: '/users/{id}', variables: { id: '42' } },
    { line: 2, template: '/search{?q,page}', variables: { q: 'a+b', page: '2' } },
    { line: 3, template: '/search{?q,page}', variables: { q: 'c' } },
    { line: 4, template: '/users/{id}/repos{?page}', variables: { id: '42', page: '3' } },
  ]);
  assert.equal(jsonLines((await cli(['parse', '--templates', routes, '--match', 'exact', ...fields], traffic)).out), [
    { line: 1, template: null, variables: null },
    { line: 2, template: null, variables: null },
    { line: 3, template: '/search{?q,page}', variables: { q: 'c' } },
    { line: 4, template: null, variables: null },
  ]);
  // The same on worker threads, which read the option again.
  const big = tmp.file('traffic.txt', `${traffic}\n`.repeat(30_000));
  const one = await cli(['stats', '--templates', routes, '--json', big]);
  const two = await cli(['stats', '--templates', routes, '--json', '--threads', '2', big]);
  assert.equal(
    JSON.parse(one.out).uris.templates.counts.map((c: { count: number }) => c.count),
    [30_000, 30_000, 0, 60_000, 0],
  );
  assert.is(two.out, one.out);
  assert.equal(await cli(['stats', '--match', 'exact'], ''), {
    code: 2,
    out: '',
    err: 'urikit: --match needs --templates FILE: it says how the templates read a query\nRun "urikit stats --help" for usage.\n',
  });
  assert.is(
    (await cli(['parse', '--templates', routes, '--match', 'path'], '')).err.split('\n')[0],
    'urikit: --match takes "named" or "exact", not "path"',
  );
});

test('parse --templates: each JSON line gets template and variables (null when none matches)', async () => {
  const r = await cli(['parse', '--templates', routes, '--fields', 'line,href,template,variables'], input);
  assert.is(r.code, 0);
  assert.equal(jsonLines(r.out), [
    { line: 1, href: 'http://a.com/users/42', template: '/users/{id}', variables: { id: '42' } },
    { line: 2, href: 'http://a.com/users/42/repos?page=2', template: '/users/{id}/repos{?page}', variables: { id: '42', page: '2' } },
    { line: 3, href: '/repos/nodejs/node', template: '/repos/{owner}/{repo}', variables: { owner: 'nodejs', repo: 'node' } },
    { line: 4, href: '/orgs/x', template: null, variables: null },
    { line: 5, href: 'http://a.com', template: null, variables: null },
    { line: 6, href: '/search?q=a%20b', template: '/search{?q,page}', variables: { q: 'a b' } },
    { line: 7, href: 'mailto:x@y', template: null, variables: null },
    { line: 8, href: '/users/%E2%82%AC', template: '/users/{id}', variables: { id: '€' } },
    { line: 9, error: { code: 'INVALID_CHAR', index: 8, message: 'Invalid character \' \' at index 8 in "http://a b/"' } },
  ]);
  // By default they come after the components.
  assert.is(
    (await cli(['parse', '--templates', routes], '/users/1\n')).out,
    '{"line":1,"href":"/users/1","scheme":null,"userinfo":null,"host":null,"hostType":null,"port":null,"path":"/users/1","query":null,"fragment":null,"template":"/users/{id}","variables":{"id":"1"}}\n',
  );
});

test('parse --templates --tsv: the template, and the variables as JSON text (escaped as every cell)', async () => {
  const r = await cli(['parse', '--templates', routes, '--tsv', '--fields', 'line,path,template,variables'], '/users/a%09b\n/x\n');
  assert.is(r.out, 'line\tpath\ttemplate\tvariables\n1\t/users/a%09b\t/users/{id}\t{"id":"a\\\\tb"}\n2\t/x\t\t\n');
  const d = await cli(['parse', '--templates', routes, '--tsv'], '/users/1\n');
  assert.is(d.out.split('\n')[0], 'line\thref\tscheme\tuserinfo\thost\thostType\tport\tpath\tquery\tfragment\ttemplate\tvariables\terror');
});

test('--templates errors name the file, the line and the column', async () => {
  const bad = tmp.file('bad.txt', '/ok\n\n/users/{i d}\n');
  assert.equal(await cli(['stats', '--templates', bad], ''), {
    code: 2,
    out: '',
    err: `urikit: --templates ${bad}:3:10: Invalid character in an expression: ' ' at index 9 in "/users/{i d}": a varspec must be followed by ",", "}", a ":" prefix or a "*" explode\nRun "urikit stats --help" for usage.\n`,
  });
  const unclosed = tmp.file('unclosed.txt', '/a/{b\n');
  assert.match(
    (await cli(['parse', '--templates', unclosed], '')).err,
    `urikit: --templates ${unclosed}:1:6: Unclosed expression: end of input at index 5`,
  );
  const missing = `${tmp.dir}/missing.txt`;
  assert.is(
    (await cli(['parse', '--templates', missing], '')).err,
    `urikit: --templates ${missing}: cannot read it: no such file\nRun "urikit parse --help" for usage.\n`,
  );
  const empty = tmp.file('empty.txt', '\n\r\n');
  assert.is(
    (await cli(['stats', '--templates', empty], '')).err.split('\n')[0],
    `urikit: --templates ${empty}: no template in it (one per line)`,
  );
  assert.is(
    (await cli(['parse', '--fields', 'line,variables'], '')).err.split('\n')[0],
    'urikit: --fields variables needs --templates FILE: the templates the records are matched against',
  );
  assert.is(
    (await cli(['validate', '--templates', routes], '')).err.split('\n')[0],
    'urikit: unknown option "--templates" for validate (it is an option of stats and parse)',
  );
  assert.is(
    (await cli(['stats', '--templates', routes, '--from', 'redis://127.0.0.1:1/job'], '')).err.split('\n')[0],
    "urikit: --templates does not go with --from: a job's counts are kept in Redis, where templates have no place yet",
  );
});

test('--templates --threads 2: the output of one thread (each worker reads the file)', async () => {
  const big = tmp.file('big.log', accessLog(30_000));
  const logRoutes = tmp.file('log-routes.txt', '/from/{n}\n/p/{n}/x.html{?q}\n/p/1/x.html{?q}\n');
  for (const argv of [
    ['stats', '--log', 'combined', '--json', '--templates', logRoutes],
    ['parse', '--log', 'combined', '--templates', logRoutes],
  ]) {
    const one = await cli([...argv, big]);
    const two = await cli([...argv, '--threads', '2', big]);
    assert.is(two.out, one.out, argv.join(' '));
    assert.is(two.code, one.code);
  }
  const j = JSON.parse((await cli(['stats', '--log', 'combined', '--json', '--templates', logRoutes, '--threads', '2', big])).out);
  // Every valid target is /p/N/x.html?q=I (the first of the two /p templates wins), every referrer /from/N.
  assert.equal(
    j.targets.templates.counts.map((c: { count: number }) => c.count),
    [0, j.targets.valid, 0],
  );
  assert.equal(
    j.referrers.templates.counts.map((c: { count: number }) => c.count),
    [j.referrers.valid, 0, 0],
  );
  assert.is(j.targets.templates.unmatched, 0);
});

test.run();

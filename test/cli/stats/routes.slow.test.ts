/**
 * Routes found in paths (`stats --infer-routes`, `urikit routes`): the kinds of ids, a position
 * with too many values, a literal beside a variable, failed requests, bounded depth, the same
 * routes on worker threads; on the known-routes log of test/support/routes-log.ts, precision and
 * recall, and the templates file read back by `stats --templates` with the same counts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StatsJSON } from '../../../src/cli/stats/counts.js';
import { escapeLiteral, FANOUT, RouteTree } from '../../../src/cli/stats/routes.js';
import { UriTemplate } from '../../../src/template/template.js';
import { cli, Temp } from '../../support/cli.js';
import { routesLog, score, TRUE_ROUTES } from '../../support/routes-log.js';

const tmp = new Temp();
test.after(() => tmp.remove());

/** The routes of `paths` with their counts. */
function routes(paths: readonly string[], tree = new RouteTree()): Array<[string, number]> {
  for (const p of paths) tree.add(p);
  return tree.routes().map((r) => [r.template, r.count]);
}

const many = (n: number, f: (i: number) => string): string[] => Array.from({ length: n }, (_, i) => f(i));

test('ids of every kind are variables: numbers, UUIDs, hex hashes, dates, tokens, and the id part of a segment', () => {
  assert.equal(
    routes([
      '/users/42',
      '/users/7',
      '/orders/9f86d081-884c-4d63-a9b1-0123456789ab',
      '/commits/da39a3ee5e6b4b0d3255bfef95601890afd80709',
      '/c/deadbeef',
      '/reports/2024-05-17',
      '/s/aB3dE5fG7hJ9kL1m',
      '/img/42.png',
      '/js/main.3f2a9c1b.js',
      '/js/main.3f2a9c1b.min.js',
      '/about',
      '/docs/post-2013',
      '/a/abc1def2ghi',
    ]),
    [
      ['/a/abc1def2ghi', 1],
      ['/about', 1],
      ['/c/{hash}', 1],
      ['/commits/{hash}', 1],
      ['/docs/post-2013', 1],
      ['/img/{id}.png', 1],
      // An id between a name and an extension; "min" is no id, so the second stays literal, and
      // comes first: the pattern's {hash} would match "3f2a9c1b.min" too.
      ['/js/main.3f2a9c1b.min.js', 1],
      ['/js/main.{hash}.js', 1],
      ['/orders/{uuid}', 1],
      ['/reports/{date}', 1],
      ['/s/{token}', 1],
      ['/users/{id}', 2],
    ],
  );
  // The empty path counts as "/"; a path without a leading "/" (an opaque URI's) is its segments.
  assert.equal(routes(['', '/', 'x@y', 'a/b']), [
    ['/', 2],
    ['a/b', 1],
    ['x@y', 1],
  ]);
  // Ids of different kinds at one position are one variable, named after the most common.
  assert.equal(routes(['/f/1', '/f/2', '/f/0123456789abcdef']), [['/f/{id}', 3]]);
  // A variable's name appears once in a template.
  assert.equal(routes(['/u/1/p/2/c/3']), [['/u/{id}/p/{id2}/c/{id3}', 1]]);
});

test(`a position with more than ${FANOUT} values is a variable; a value with 10% of its requests stays literal`, () => {
  const names = many(FANOUT + 1, (i) => `/tags/name${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
  assert.equal(routes(names.slice(0, FANOUT)).length, FANOUT, `${FANOUT} values stay literal`);
  assert.equal(routes(names), [['/tags/{name}', FANOUT + 1]]);
  // The subtrees of the values merge: their own positions add up.
  assert.equal(routes(names.flatMap((p, i) => [p, `${p}/posts/${i}`])), [
    ['/tags/{name}', FANOUT + 1],
    ['/tags/{name}/posts/{id}', FANOUT + 1],
  ]);
  // "me" carries a third of the position's requests: a route of its own (first in the file's order).
  // (A value first seen after its position became a variable goes to the variable.)
  const withMe = [...many(20, () => '/tags/me'), ...many(20, () => '/tags/me/settings'), ...names];
  assert.equal(routes(withMe), [
    ['/tags/me', 20],
    ['/tags/me/settings', 20],
    ['/tags/{name}', FANOUT + 1],
  ]);
  // A value heavy when its position collapsed, light by the end, is merged then.
  const early = [...many(10, () => '/t/early'), ...names.map((p) => p.replace('/tags/', '/t/')), ...many(200, (i) => `/t/late${i}`)];
  assert.equal(routes(early), [['/t/{name}', 10 + FANOUT + 1 + 200]]);
});

test('failed requests make no routes, but count under one; deep paths end in {+rest}; ids are followed through merges', () => {
  const tree = new RouteTree();
  assert.is(tree.add('/users/1'), tree.add('/users/2'));
  assert.is(tree.add('/users/3', false), tree.add('/users/1'), 'a failed request under a variable counts there');
  assert.is(tree.add('/wp-login.php', false), -1);
  assert.is(tree.add('/users/1/x', false), -1);
  assert.is(tree.unrouted, 2);
  assert.equal(tree.routes(), [{ template: '/users/{id}', count: 4 }]);
  const deep = `/${many(40, (i) => `s${i}`).join('/')}`;
  assert.equal(routes([deep]), [[`/${many(31, (i) => `s${i}`).join('/')}/{+rest}`, 1]]);
  // A node merged into its position's variable: its id leads to the variable's.
  const t2 = new RouteTree();
  const first = t2.add('/n/a0');
  for (let i = 1; i <= FANOUT; i++) t2.add(`/n/a${i}`);
  const ids = new Map<number, number>();
  const [route] = t2.routes(ids);
  assert.equal(route, { template: '/n/{name}', count: FANOUT + 1 });
  assert.is(ids.get(t2.find(first)), 0);
  assert.is(t2.find(1 << 30), -1);
});

test('templates written are valid RFC 6570 templates: literals that a template cannot hold are percent-encoded', () => {
  assert.is(escapeLiteral('a b{c}|%zz%41é'), 'a%20b%7Bc%7D%7C%25zz%41%C3%A9');
  const r = routes(['/a b/{x}', '/%41/"q"', '/é/ok']);
  assert.equal(r, [
    ['/%41/%22q%22', 1],
    ['/a%20b/%7Bx%7D', 1],
    ['/%C3%A9/ok', 1],
  ]);
  for (const [t] of r) new UriTemplate(t);
});

test("a worker's tree merged gives the routes of one tree, and maps its ids", () => {
  const paths = [...many(10, () => '/p/me'), ...many(50, (i) => `/p/v${i}x`), ...many(30, (i) => `/q/${i}`)];
  const one = new RouteTree();
  for (const p of paths) one.add(p);
  const a = new RouteTree();
  const b = new RouteTree();
  const idsOfB: number[] = [];
  paths.forEach((p, i) => {
    if (i % 2 === 0) a.add(p);
    else idsOfB.push(b.add(p));
  });
  const moved = a.mergeData(b.toData());
  assert.equal(a.routes(), one.routes());
  const ids = new Map<number, number>();
  const list = a.routes(ids);
  for (const id of idsOfB) assert.ok(ids.has(a.find(moved.get(id)!)), String(id));
  assert.equal(
    list.map((r) => r.template),
    ['/p/me', '/p/{name}', '/q/{id}'],
  );
});

test('the known-routes log: precision and recall of the routes found, and the templates file read back with the same counts', async () => {
  let log = '';
  let paths = '';
  for (const line of routesLog(60_000, 3)) {
    log += line.text;
    if (line.path !== '') paths += `${line.path}\n`;
  }
  const file = tmp.file('known.log', log);
  const r = await cli(['routes', '--log', 'combined', file]);
  assert.is(r.code, 0);
  const found = r.out.trimEnd().split('\n');
  assert.equal(score(found), { precision: 1, recall: 1, missed: [], extra: [] });
  assert.is(found.length, TRUE_ROUTES.length);
  assert.match(r.err, /^urikit: 50 routes found in \d+ paths; \d+ of a failed request matched none\n$/);
  // On two threads, the same routes.
  assert.equal((await cli(['routes', '--log', 'combined', '--threads', '2', file])).out, r.out);

  // The paths alone (no status: every path makes routes), counted by the routes found and by the
  // templates file they make: the same counts.
  const list = tmp.file('paths.txt', paths);
  const routesFile = tmp.file('found.txt', (await cli(['routes', '-q', list])).out);
  const inferred = JSON.parse((await cli(['stats', '--infer-routes', '--json', '--top', '1000', list])).out) as StatsJSON;
  const matched = JSON.parse((await cli(['stats', '--templates', routesFile, '--json', list])).out) as StatsJSON;
  const byTemplate = new Map(matched.uris!.templates!.counts.map((c) => [c.template, c.count]));
  assert.is(matched.uris!.templates!.unmatched, 0);
  assert.equal(
    inferred.uris!.routes!.top.map((x) => [x.template, x.count]),
    inferred.uris!.routes!.top.map((x) => [x.template, byTemplate.get(x.template)]),
  );
});

test("stats --infer-routes: the table and the JSON; routes only for a log's targets; what does not go together", async () => {
  const input = ['/users/1', '/users/2/repos', '/users/3', '/about', 'http://a b/', ''].join('\n');
  const r = await cli(['stats', '--infer-routes', '--top', '2'], input);
  assert.ok(
    r.out.includes(
      [
        '  top 2 routes found  count   share   (3 routes)',
        '  /users/{id}             2   50.0%',
        '  /about                  1   25.0%',
        '',
      ].join('\n'),
    ),
    r.out,
  );
  assert.equal(JSON.parse((await cli(['stats', '--infer-routes', '--json', '--top', '2'], input)).out).uris.routes, {
    distinct: 3,
    matched: 4,
    unrouted: 0,
    noPath: { authority: 0, asterisk: 0 },
    top: [
      { template: '/users/{id}', count: 2 },
      { template: '/about', count: 1 },
    ],
  });
  const log = '192.0.2.1 - - [17/May/2015:10:05:03 +0000] "GET /users/9 HTTP/1.1" 404 1 "http://r.example/users/1" "x"\n';
  const json = JSON.parse((await cli(['stats', '--log', 'combined', '--infer-routes', '--json'], log)).out) as StatsJSON;
  assert.equal(json.targets!.routes, { distinct: 0, matched: 0, unrouted: 1, noPath: { authority: 0, asterisk: 0 }, top: [] });
  assert.is(json.referrers!.routes, undefined);
  // CONNECT and OPTIONS * have no path: they make no route ("/" or "*" before), and the note counts them apart.
  const line = (request: string) => `192.0.2.1 - - [17/May/2015:10:05:03 +0000] "${request} HTTP/1.1" 200 5\n`;
  const forms = ['GET /users/1', 'CONNECT h.example:443', 'OPTIONS *', 'GET /users/2', 'OPTIONS *'].map(line).join('');
  assert.equal(await cli(['routes', '--log', 'common'], forms), {
    code: 0,
    out: '/users/{id}\n',
    err: 'urikit: 1 route found in 2 paths; 3 requests have no path (1 authority-form: CONNECT, 2 asterisk-form: OPTIONS *)\n',
  });
  assert.is(
    (await cli(['routes', '--log', 'common'], line('CONNECT h.example:443'))).err,
    'urikit: 0 routes found in 0 paths; a request has no path (1 authority-form: CONNECT)\n',
  );
  const bad = async (args: string[], message: string, command = 'stats'): Promise<void> => {
    assert.equal(await cli(args), { code: 2, out: '', err: `urikit: ${message}\nRun "urikit ${command} --help" for usage.\n` });
  };
  const t = tmp.file('t.txt', '/x\n');
  await bad(
    ['stats', '--infer-routes', '--templates', t],
    '--infer-routes and --templates each count URIs by route: give one of them (urikit routes writes a templates file from the routes found)',
  );
  await bad(
    ['routes', '--log', 'combined', '--log-field', 'referrer'],
    "routes finds the routes of a log's request targets: --log-field referrer has none of this site's",
    'routes',
  );
  await bad(
    ['stats', '--infer-routes', '--from', 'redis://127.0.0.1:1/j'],
    "--infer-routes does not go with --from: a job's counts are kept in Redis, where routes and times have no place yet",
  );
});

test.run();

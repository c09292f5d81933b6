/**
 * What `stats --log` counts (src/cli/stats/counts.ts), however a record is read: a whole line at
 * once while the memo rests (targets that do not repeat), field by field with the memo (targets
 * that do), or scanned (shapes the fast reader leaves alone); each record's scheme, host and path
 * from its bytes, and from the memo's tallies when it comes again.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StatsJSON } from '../../../src/cli/stats/counts.js';
import { cli, Temp } from '../../support/cli.js';
import { Rng } from '../../support/rng.js';

/** A request, its referrer, and what stats counts of them. */
interface Request {
  target: string;
  referrer: string;
}

const HOSTS = ['www.Example.com', 'example.com', 'shop.example.co.uk', 'a.b.example.co.uk', 'x.github.io', '1.2.3.4', '[::1]', 'localhost'];

/** A request of a population: `unique` targets, or ones drawn from a few hundred. */
function request(rng: Rng, i: number, unique: boolean): Request {
  const n = unique ? i : rng.int(300);
  const k = rng.int(40);
  const target =
    k === 0
      ? `/bad path/${n}`
      : k === 1
        ? `http://H${n % 3}.example/abs/${n}`
        : k === 2
          ? '*'
          : k === 3
            ? `//double/${n}`
            : k === 4
              ? `/caf%C3%A9/${n}?q=%E2%82%AC`
              : `/p/${n % 5000}/item?id=${n}`;
  const r = rng.int(10);
  const host = HOSTS[rng.int(HOSTS.length)]!;
  const referrer =
    r < 4
      ? '-'
      : r === 4
        ? `HTTPS://${host}:8443/ref/${n % 7}?from=${n}#top`
        : r === 5
          ? `http://user@${host}/u`
          : r === 6
            ? `http://${host}`
            : `https://${host}/r/${n % 11}`;
  return { target, referrer };
}

function log(requests: readonly Request[]): string {
  return requests
    .map(
      (q, i) =>
        `10.0.0.${i & 255} - - [17/May/2015:10:${String(5 + (i % 50)).padStart(2, '0')}:03 +0000] "${i % 13 === 0 ? 'OPTIONS' : 'GET'} ${q.target} HTTP/1.1" ${i % 9 === 0 ? 404 : 200} 5 "${q.referrer}" "UA"\n`,
    )
    .join('');
}

/**
 * The counts of a request's URI by its own reading: scheme, host, path, as stats reports them
 * (null: invalid). `options`: a target of an OPTIONS request (whose target may be "*").
 */
function expected(uri: string, target: boolean, options = false): { scheme: string | null; host: string | null; path: string } | null {
  if (uri.includes(' ')) return null;
  if (target && uri === '*') return options ? { scheme: null, host: null, path: '*' } : null;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^:/?#]*)(?::\d*)?([^?#]*)/.exec(uri);
  if (m !== null) return { scheme: m[1]!.toLowerCase(), host: m[2]!.toLowerCase(), path: m[3]! };
  return { scheme: null, host: null, path: uri.replace(/[?#].*/, '') };
}

/** The counts of each value of `key` over the URIs, largest first, then by value (as stats lists them). */
function tally(
  uris: ReadonlyArray<ReturnType<typeof expected>>,
  key: 'scheme' | 'host' | 'path',
): Array<{ value: string | null; count: number }> {
  const m = new Map<string | null, number>();
  for (const u of uris) if (u !== null && !(key === 'host' && u.host === null)) m.set(u[key], (m.get(u[key]) ?? 0) + 1);
  return [...m]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || ((a.value ?? '') < (b.value ?? '') ? -1 : 1));
}

test('stats --log: the same counts whether targets repeat (memo) or not (whole lines at once), by their bytes', async () => {
  const rng = new Rng(11);
  // Unique targets (the memo rests: lines are read whole), then a few hundred again and again,
  // then unique ones again: every way of reading, in one log.
  const requests = [
    ...Array.from({ length: 20_000 }, (_, i) => request(rng, i, true)),
    ...Array.from({ length: 20_000 }, (_, i) => request(rng, i, false)),
    ...Array.from({ length: 60_000 }, (_, i) => request(rng, 100_000 + i, true)),
  ];
  const r = await cli(['stats', '--log', 'combined', '--json', '--track', '1000000', '--top', '1000000'], log(requests));
  assert.is(r.code, 0);
  const s = JSON.parse(r.out);
  for (const [name, field, isTarget] of [
    ['targets', 'target', true],
    ['referrers', 'referrer', false],
  ] as const) {
    const uris = requests.flatMap((q, i) => (q[field] === '-' ? [] : [expected(q[field], isTarget, i % 13 === 0)]));
    const got = s[name];
    assert.is(got.uris, uris.length, name);
    assert.is(got.invalid, uris.filter((u) => u === null).length, name);
    assert.equal(got.schemes.top, tally(uris, 'scheme'), `${name} schemes`);
    assert.equal(got.hosts.top, tally(uris, 'host'), `${name} hosts`);
    assert.equal(got.paths.top.length, tally(uris, 'path').length, `${name} paths`);
    assert.equal(got.paths.top, tally(uris, 'path'), `${name} paths`);
  }
  assert.equal(s.targets.forms.authority, 0);
  assert.is(s.targets.forms.asterisk, requests.filter((q, i) => q.target === '*' && i % 13 === 0).length);
  assert.equal(s.referrers.hostTypes, {
    'reg-name': requests.filter((q) => q.referrer !== '-' && !/\/\/(?:[^@/]*@)?(1\.2\.3\.4|\[::1\])/.test(q.referrer)).length,
    ipv4: requests.filter((q) => /\/\/(?:[^@/]*@)?1\.2\.3\.4/.test(q.referrer)).length,
    ipv6: requests.filter((q) => q.referrer.includes('[::1]')).length,
    ipvfuture: 0,
    none: 0,
  });
  assert.is(s.referrers.absent, requests.filter((q) => q.referrer === '-').length);
  assert.equal(s.timeline.counts.length, 50);
});

test('stats --log --group-by: hosts by their key, from a whole line, the memo or a scan alike', async () => {
  const rng = new Rng(5);
  const requests = [
    ...Array.from({ length: 12_000 }, (_, i) => request(rng, i, true)),
    ...Array.from({ length: 12_000 }, (_, i) => request(rng, i, false)),
  ];
  const r = await cli(['stats', '--log', 'combined', '--json', '--group-by', 'domain', '--top', '20'], log(requests));
  const domains = JSON.parse(r.out).referrers.domains;
  const key = (h: string): string =>
    ({
      'www.example.com': 'example.com',
      'shop.example.co.uk': 'example.co.uk',
      'a.b.example.co.uk': 'example.co.uk',
      'x.github.io': 'x.github.io',
    })[h] ?? h;
  const uris = requests.filter((q) => q.referrer !== '-').map((q) => expected(q.referrer, false)!);
  const m = new Map<string, number>();
  for (const u of uris) m.set(key(u.host!), (m.get(key(u.host!)) ?? 0) + 1);
  assert.equal(
    domains.top,
    [...m].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1)),
  );
});

test('stats --iri: URIs that are not ASCII are counted by their text, memo or none', async () => {
  // Over 1 KiB: the memo keeps no such text, and each is counted as it is scanned.
  const long = `http://Bücher.example/${'é'.repeat(600)}`;
  const short = 'HTTP://Bücher.example/é';
  const r = await cli(['stats', '--iri', '--json'], `${long}\n${short}\n${long}\n${short}\n`);
  const s = JSON.parse(r.out).uris;
  assert.equal(s.schemes.top, [{ value: 'http', count: 4 }]);
  assert.equal(s.hosts.top, [{ value: 'bücher.example', count: 4 }]);
  assert.equal(s.paths.top, [
    { value: '/é', count: 2 },
    { value: `/${'é'.repeat(600)}`, count: 2 },
  ]);
});

/** Log lines of requests: `CONNECT h.example:443` and `OPTIONS *` among GETs. */
function formsLog(times: number): string {
  const line = (request: string, status: number) => `192.0.2.1 - - [17/May/2015:10:05:03 +0000] "${request} HTTP/1.1" ${status} 5\n`;
  const one = [
    line('GET /users/1', 200),
    line('CONNECT h.example:443', 200),
    line('OPTIONS *', 200),
    line('GET /users/2', 200),
    line('OPTIONS *', 204),
  ].join('');
  return one.repeat(times);
}

test('stats --templates, --infer-routes: CONNECT and OPTIONS * match no route: counted apart by their form, in the table and the JSON', async () => {
  const tmp = new Temp();
  try {
    const routes = tmp.file('routes.txt', '/users/{id}\n/never\n');
    const log = formsLog(1);
    const inferred = await cli(['stats', '--log', 'common', '--infer-routes'], log);
    assert.ok(
      inferred.out.includes(
        [
          '',
          '  top 10 routes found         count   share   (1 routes)',
          '  /users/{id}                     2   40.0%',
          '  (authority-form: CONNECT)       1   20.0%',
          '  (asterisk-form: OPTIONS *)      2   40.0%',
          '',
        ].join('\n'),
      ),
      inferred.out,
    );
    const title = `templates (${routes})`;
    const row = (value: string, count: number, share: string): string =>
      `  ${value.padEnd(title.length)}  ${String(count).padStart(5)}  ${share.padStart(6)}`;
    const templated = await cli(['stats', '--log', 'common', '--templates', routes], log);
    assert.ok(
      templated.out.includes(
        [
          `  ${title}  count   share`,
          row('/users/{id}', 2, '40.0%'),
          row('(authority-form: CONNECT)', 1, '20.0%'),
          row('(asterisk-form: OPTIONS *)', 2, '40.0%'),
          '  (1 of 2 templates matched nothing)',
          '',
        ].join('\n'),
      ),
      templated.out,
    );
    // The same counts with the memo at work (the lines repeat) and on threads (the counts merged).
    const big = tmp.file('forms.log', formsLog(4000));
    for (const extra of [[], ['--threads', '2']]) {
      const j = JSON.parse((await cli(['stats', '--log', 'common', '--infer-routes', '--json', ...extra, big])).out) as StatsJSON;
      assert.equal(j.targets!.routes, {
        distinct: 1,
        matched: 8000,
        unrouted: 0,
        noPath: { authority: 4000, asterisk: 8000 },
        // Each /users request answered 200 with 5 bytes.
        top: [{ template: '/users/{id}', count: 8000, statuses: { codes: { '200': 8000 }, classes: { '2xx': 8000 } }, bytes: 40_000 }],
      });
      // Not routes: no series of their own on the timeline.
      assert.equal(j.timeline!.routes, [{ template: '/users/{id}', counts: [8000] }]);
      const t = JSON.parse((await cli(['stats', '--log', 'common', '--templates', routes, '--json', ...extra, big])).out) as StatsJSON;
      assert.equal(t.targets!.templates, {
        matched: 8000,
        unmatched: 0,
        noPath: { authority: 4000, asterisk: 8000 },
        counts: [
          { line: 1, template: '/users/{id}', count: 8000, statuses: { codes: { '200': 8000 }, classes: { '2xx': 8000 } }, bytes: 40_000 },
          { line: 2, template: '/never', count: 0, statuses: { codes: {}, classes: {} }, bytes: 0 },
        ],
        unmatchedTargets: { distinct: 0, top: [] },
      });
    }
  } finally {
    tmp.remove();
  }
});

test('stats --log: a kind of which nothing was read has no section in the table (JSON keeps both, zero)', async () => {
  const log = '192.0.2.1 - - [17/May/2015:10:05:03 +0000] "GET /a HTTP/1.1" 200 5 "http://r.example/" "UA"\n';
  const sections = (out: string): string[] => out.split('\n').filter((l) => /^(request targets|referrers): /.test(l));
  assert.equal(sections((await cli(['stats', '--log', 'combined'], log)).out), [
    'request targets: 1 (1 valid, 0 invalid)',
    'referrers: 1 (1 valid, 0 invalid; 0 lines with "-")',
  ]);
  assert.equal(sections((await cli(['stats', '--log', 'combined', '--log-field', 'target'], log)).out), [
    'request targets: 1 (1 valid, 0 invalid)',
  ]);
  assert.equal(sections((await cli(['stats', '--log', 'common'], log)).out), ['request targets: 1 (1 valid, 0 invalid)']);
  assert.equal(sections((await cli(['stats', '--log', 'combined', '--log-field', 'referrer'], log)).out), [
    'referrers: 1 (1 valid, 0 invalid; 0 lines with "-")',
  ]);
  // A "-" referrer was read: its section stays.
  assert.equal(sections((await cli(['stats', '--log', 'combined'], log.replace('"http://r.example/"', '"-"'))).out), [
    'request targets: 1 (1 valid, 0 invalid)',
    'referrers: 0 (0 valid, 0 invalid; 1 lines with "-")',
  ]);
  const j = JSON.parse((await cli(['stats', '--log', 'combined', '--log-field', 'target', '--json'], log)).out) as StatsJSON;
  assert.equal([j.targets!.uris, j.referrers!.uris, j.referrers!.absent], [1, 0, 0]);
});

test.run();

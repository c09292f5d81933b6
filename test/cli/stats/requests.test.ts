/**
 * What `stats --log` counts of each request beyond its URIs (src/cli/stats/requests.ts):
 * statuses, visitors, bytes, bots, broken links, per route its statuses, bytes and times taken,
 * and the page's cube; exact on small logs, in the JSON and the table.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LineContext } from '../../../src/cli/lines/records.js';
import { Stats, type StatsJSON } from '../../../src/cli/stats/counts.js';
import { cli, Temp } from '../../support/cli.js';

const tmp = new Temp();
test.after(() => tmp.remove());

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const LOG = [
  `203.0.113.7 - - [17/May/2015:10:05:03 +0000] "GET /p/1 HTTP/1.1" 200 512 "http://r.example/x" "${GOOGLEBOT}" 0.120`,
  '203.0.113.7 - - [17/May/2015:10:06:03 +0000] "GET /missing HTTP/1.1" 404 100 "http://r.example/x" "Mozilla/5.0 (X11)" 0.010',
  '198.51.100.1 - - [18/May/2015:10:06:03 +0000] "GET /missing HTTP/1.1" 404 100 "-" "MyCrawler/1.0 (+http://c.example/)" 0.030',
  '198.51.100.1 - - [18/May/2015:10:07:03 +0000] "GET /p/2 HTTP/1.1" 410 - "-" "-"',
  '198.51.100.2 - - [18/May/2015:11:07:03 +0000] "GET /p/3?x HTTP/1.1" 503 7 "-" "curl/8.0" 1.5',
  '198.51.100.2 - - [bad time] "GET /p/3 HTTP/1.1" 2x0 9 "-" "curl/8.0"',
  'not a log line',
  '',
].join('\n');

async function json(args: string[], log = LOG): Promise<StatsJSON> {
  const r = await cli(['stats', '--json', ...args, tmp.file('a.log', log)]);
  assert.is(r.code, 0, r.err);
  return JSON.parse(r.out) as StatsJSON;
}

test('stats --log combined: statuses, visitors, bytes, bots and broken links, exactly', async () => {
  const j = await json(['--log', 'combined']);
  assert.equal(j.statuses, {
    codes: { '200': 1, '404': 2, '410': 1, '503': 1, '-': 1 },
    classes: { '2xx': 1, '4xx': 3, '5xx': 1, other: 1 },
  });
  assert.equal(j.visitors, {
    distinct: 3,
    exact: true,
    perDay: [
      { day: '2015-05-17', distinct: 1, exact: true },
      { day: '2015-05-18', distinct: 2, exact: true },
    ],
  });
  assert.equal(j.bytes, { total: 728, classes: { '2xx': 512, '4xx': 200, '5xx': 7, other: 9 } });
  assert.equal(j.bots, {
    requests: 4,
    agents: {
      distinct: 4,
      top: [
        { value: 'curl/8.0', count: 2 },
        { value: 'Mozilla/5.0 (X11)', count: 1 },
        { value: GOOGLEBOT, count: 1 },
        { value: 'MyCrawler/1.0 (+http://c.example/)', count: 1 },
      ],
    },
    bots: {
      distinct: 3,
      top: [
        { value: 'curl', count: 2 },
        { value: 'Googlebot', count: 1 },
        { value: 'MyCrawler', count: 1 },
      ],
    },
  });
  assert.equal(j.brokenLinks, [
    { target: '/missing', referrer: '-', count: 1 },
    { target: '/missing', referrer: 'http://r.example/x', count: 1 },
    { target: '/p/2', referrer: '-', count: 1 },
  ]);
  assert.is(j.cube, undefined, 'the cube is for --html only');
});

test('stats --log common: no agents, so no bots; the rest as with combined', async () => {
  const common = LOG.split('\n')
    .map((l) => l.replace(/ "[^"]*" "[^"]*"( [0-9.]+)?$/, ''))
    .join('\n');
  const j = await json(['--log', 'common'], common);
  assert.equal(j.statuses?.classes, { '2xx': 1, '4xx': 3, '5xx': 1, other: 1 });
  assert.is(j.visitors?.distinct, 3);
  assert.is(j.bytes?.total, 728);
  assert.is(j.bots, undefined);
  assert.equal(
    j.brokenLinks?.map((b) => [b.target, b.referrer, b.count]),
    [
      ['/missing', '-', 2],
      ['/p/2', '-', 1],
    ],
  );
});

test('stats --log --infer-routes: each route its statuses, bytes and time taken (p50, p95, p99 within 1%)', async () => {
  const j = await json(['--log', 'combined', '--infer-routes']);
  assert.equal(
    j.targets!.routes!.top.map((r) => [r.template, r.count, r.statuses, r.bytes, r.latency]),
    [
      [
        '/p/{id}',
        4,
        { codes: { '200': 1, '410': 1, '503': 1, '-': 1 }, classes: { '2xx': 1, '4xx': 1, '5xx': 1, other: 1 } },
        528,
        // 0.120 and 1.5 s within 1%: the lines of 410 and "2x0" have no time taken.
        { p50: 0.1188, p95: 1.507, p99: 1.507 },
      ],
    ],
  );
});

test('stats --log --templates: every template its statuses and bytes; one that matched nothing, none', async () => {
  const templates = tmp.file('t.txt', '/p/{n}{?x}\n/missing\n/never\n');
  const j = await json(['--log', 'combined', '--templates', templates]);
  assert.equal(
    j.targets!.templates!.counts.map((r) => [r.template, r.count, r.statuses?.classes, r.bytes, r.latency]),
    [
      ['/p/{n}{?x}', 4, { '2xx': 1, '4xx': 1, '5xx': 1, other: 1 }, 528, { p50: 0.1188, p95: 1.507, p99: 1.507 }],
      ['/missing', 2, { '4xx': 2 }, 200, { p50: 0.00995, p95: 0.02989, p99: 0.02989 }],
      ['/never', 0, {}, 0, undefined],
    ],
  );
});

test('stats --log: the table gains the requests, statuses, bots, broken links and routes', async () => {
  const r = await cli(['stats', '--log', 'combined', '--infer-routes', '--top', '2', tmp.file('b.log', LOG)]);
  assert.is(r.code, 0);
  const from = r.out.indexOf('requests:');
  assert.is(
    r.out.slice(from, r.out.indexOf('request targets:')),
    `requests: 6; visitors (distinct client addresses): 3 over 2 days; bytes sent: 728

  status class      count   share
  2xx  (512 bytes)      1   16.7%
  4xx  (200 bytes)      3   50.0%
  5xx  (7 bytes)        1   16.7%
  other  (9 bytes)      1   16.7%

  top 2 status codes  count   share   (5 distinct)
  404                     2   33.3%
  -                       1   16.7%

bots: 4 requests (66.7%) from crawlers by their user agent

  top 2 bots  count   share   (3 distinct)
  curl            2   50.0%
  Googlebot       1   25.0%

  top 2 user agents  count   share   (4 distinct)
  curl/8.0               2   33.3%
  Mozilla/5.0 (X11)      1   16.7%

  top 2 broken links (404, 410): target <- referrer  count   share
  /missing <- -                                          1   16.7%
  /missing <- http://r.example/x                         1   16.7%

  routes: requests, 4xx, 5xx, bytes, time taken p50 p95 p99 (s)
  /p/{id}        4      1      1          528  0.1188 1.507 1.507

`,
  );
});

test('--log-format: the combined format written as nginx and Apache write it counts as --log combined', async () => {
  const log = LOG.replace(/ [0-9.]+$/gm, '');
  const combined = await json(['--log', 'combined', '--infer-routes'], log);
  for (const format of [
    '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"',
    '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"',
  ])
    assert.equal(await json(['--log-format', format, '--infer-routes'], log), combined, format);
});

test('--log-format: times taken in seconds, milliseconds or microseconds; ISO 8601 times; a line that does not fit', async () => {
  const log = [
    'a 2015-05-17T10:05:03+00:00 "GET /p/1 HTTP/1.1" 200 120000',
    'b 2015-05-18T10:05:03Z "GET /p/2 HTTP/1.1" 404 7000',
    'c x',
  ].join('\n');
  const j = await json(
    ['--log-format', '%h $time_iso8601 "$request" $status $upstream_response_time'.replace('%h', '$remote_addr'), '--infer-routes'],
    log.replace(/ (\d+)$/gm, (_, n) => ` ${Number(n) / 1e6}`),
  );
  assert.equal(j.lineErrors, { NOT_A_LOG_LINE: 1 });
  assert.equal(
    j.visitors?.perDay.map((d) => d.day),
    ['2015-05-17', '2015-05-18'],
  );
  assert.equal(
    j.targets?.routes?.top.map((r) => [r.template, r.latency]),
    [['/p/{id}', { p50: 0.006942, p95: 0.1188, p99: 0.1188 }]],
  );
  const us = await json(['--log-format', '%h %{X}i "%r" %>s %D', '--infer-routes'], log);
  assert.equal(
    us.targets?.routes?.top.map((r) => r.latency),
    [{ p50: 0.006942, p95: 0.1188, p99: 0.1188 }],
  );
});

test("the targets' hosts: named as those of absolute-form targets, or said to be none; distinct paths past --track estimated", async () => {
  const r = await cli(['stats', '--log', 'combined', tmp.file('c.log', LOG)]);
  assert.ok(
    r.out.includes("\n  hosts: none (every target is origin-form, a path and a query: the referrers' hosts say which sites sent them)\n"),
    r.out,
  );
  const abs = await cli([
    'stats',
    '--log',
    'common',
    tmp.file('d.log', 'h - - [17/May/2015:10:05:03 +0000] "GET http://a.example/x HTTP/1.1" 200 1\n'),
  ]);
  assert.ok(abs.out.includes('  top 10 hosts (of absolute-form targets)  count'), abs.out);
  const paths = Array.from({ length: 3000 }, (_, i) => `h - - [17/May/2015:10:05:03 +0000] "GET /p${i} HTTP/1.1" 200 1`).join('\n');
  const j = await json(['--log', 'common', '--track', '10'], paths);
  assert.is(j.targets!.paths.distinct, null);
  const estimate = j.distinctEstimates!['0p']!;
  assert.ok(Math.abs(estimate - 3000) <= 75, String(estimate));
  const t = await cli(['stats', '--log', 'common', '--track', '10', tmp.file('e.log', paths)]);
  assert.ok(t.out.includes(`(about ${estimate} distinct, HyperLogLog ±0.81%; at least 20; approximate)`), t.out);
  // The rows listed exact (paths counted before the first eviction, above it): no "≤", no footnote.
  const hot = Array.from({ length: 500 }, (_, i) => `h - - [17/May/2015:10:05:03 +0000] "GET /hot${i % 5} HTTP/1.1" 200 1`).join('\n');
  const exactRows = await cli([
    'stats',
    '--log',
    'common',
    '--track',
    '10',
    '--top',
    '3',
    tmp.file('f.log', `${hot}\n${paths.split('\n').slice(0, 25).join('\n')}`),
  ]);
  assert.ok(exactRows.out.includes('  /hot0          100'), exactRows.out);
  assert.ok(exactRows.out.includes('approximate)'), exactRows.out);
  assert.not.ok(exactRows.out.includes('≤'), exactRows.out);
  assert.ok(t.out.includes('(≤N: the count is between'), 'rows with "≤" have it explained');
});

/** A `LineContext` of a line whose only fields are its client, status, size and minute. */
function line(client: string, status: number, size: number, minute: number): LineContext {
  const ctx = new LineContext();
  ctx.bytes = Buffer.from(client);
  ctx.clientStart = 0;
  ctx.clientEnd = client.length;
  ctx.status = status;
  ctx.size = size;
  ctx.minute = minute;
  return ctx;
}

test('Stats with the cube (--html): toJSON(top, true) holds it; two halves merged count as one', () => {
  const lines: Array<[string, number, number, number]> = [
    ['a', 200, 10, 60],
    ['b', 404, 5, 61],
    ['a', 500, -1, 61],
    ['c', 200, 1, -1],
  ];
  const one = new Stats(true, 100, undefined, null, false, { cube: true });
  const halves = [0, 1].map(() => new Stats(true, 100, undefined, null, false, { cube: true }));
  lines.forEach((l, i) => {
    one.requests!.line(line(...l));
    halves[i % 2]!.requests!.line(line(...l));
  });
  const merged = new Stats(true, 100, undefined, null, false, { cube: true });
  for (const h of halves) merged.merge(h.toData());
  const j = one.toJSON(10, true);
  assert.equal(j.cube, {
    start: '1970-01-01T01:00:00.000Z',
    bucketSeconds: 60,
    buckets: 2,
    routes: [],
    statuses: ['200', '404', '500'],
    cells: [-1, 0, 0, 1, -1, 1, 1, 1, -1, 2, 1, 1],
    undated: [[-1, 0, 1]],
  });
  assert.equal(merged.toJSON(10, true), j);
  assert.is(one.toJSON(10).cube, undefined);
  assert.equal(j.bytes, { total: 16, classes: { '2xx': 11, '4xx': 5 } });
  // A Stats without the requests' counts (a Redis job's) has none of their keys.
  const job = new Stats(true, 100);
  job.merge(one.toData());
  assert.is(job.toJSON(10).statuses, undefined);
});

test('broken links: exact below --track; past it, counts with their overcount', async () => {
  const log = Array.from(
    { length: 12 },
    (_, i) => `h - - [17/May/2015:10:05:03 +0000] "GET /x${i % 6 === 0 ? 0 : i} HTTP/1.1" 404 0 "-" "-"`,
  ).join('\n');
  const j = await json(['--log', 'combined', '--track', '10', '--top', '1'], log);
  assert.equal(j.brokenLinks, [{ target: '/x0', referrer: '-', count: 2 }]);
  const many = await json(['--log', 'combined', '--track', '1', '--top', '2'], `${log}\n${log}`);
  assert.ok(
    many.brokenLinks!.some((b) => b.overcount !== undefined),
    JSON.stringify(many.brokenLinks),
  );
});

test('broken links: long targets and referrers are kept whole, and pairs that differ in their last byte apart', async () => {
  const target = `/${'a'.repeat(600)}`;
  const referrer = `http://r.example/${'b'.repeat(300)}`;
  const line = (t: string, r: string) => `h - - [17/May/2015:10:05:03 +0000] "GET ${t} HTTP/1.1" 404 0 "${r}" "-"`;
  const log = [
    line(target, referrer),
    line('/x', '-'),
    line(target, referrer),
    line(target, `${referrer.slice(0, -1)}c`),
    line(`${target.slice(0, -1)}z`, referrer),
    line('/x', '-'),
    line('/x', '-'),
  ].join('\n');
  const j = await json(['--log', 'combined'], log);
  assert.equal(j.brokenLinks, [
    { target: '/x', referrer: '-', count: 3 },
    { target, referrer, count: 2 },
    { target, referrer: `${referrer.slice(0, -1)}c`, count: 1 },
    { target: `${target.slice(0, -1)}z`, referrer, count: 1 },
  ]);
});

test("the referrers' schemes and hosts are counted in lower case, an upper-case letter wherever it is", async () => {
  const line = (referrer: string) => `h - - [17/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 1 "${referrer}" "-"`;
  const log = [
    'HTTP://Www.example.com/',
    'http://www.example.COM/',
    'http://www.exampLe.com/',
    'https://ab.cD/',
    'http://www.example.com/',
    // "A" and "Z", the ends of the range.
    'http://Aaaa.example/',
    'http://zzzZ.example/',
  ]
    .map(line)
    .join('\n');
  const j = await json(['--log', 'combined'], log);
  assert.equal(j.referrers!.schemes, {
    distinct: 2,
    top: [
      { value: 'http', count: 6 },
      { value: 'https', count: 1 },
    ],
  });
  assert.equal(j.referrers!.hosts, {
    distinct: 4,
    top: [
      { value: 'www.example.com', count: 4 },
      { value: 'aaaa.example', count: 1 },
      { value: 'ab.cd', count: 1 },
      { value: 'zzzz.example', count: 1 },
    ],
  });
});

test.run();

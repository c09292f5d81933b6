/**
 * `stats --html`'s page as text (the browser's view is report.slow.test.ts and
 * page/script.slow.test.ts): a month of 10,000 routes stays under 2 MB, panels only for the keys
 * present, hostile text escaped in markup and in the embedded cube, the cube's compact form read
 * back exactly, cards that name what they count and give estimates with their bounds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Cube } from '../../../src/cli/stats/page/data.js';
import { bucketName, cubeData } from '../../../src/cli/stats/page/filters.js';
import { SCRIPT } from '../../../src/cli/stats/page/script.js';
import { htmlReport } from '../../../src/cli/stats/report.js';
import {
  BIDI_ROUTE,
  cubeCounts,
  HOSTILE_AGENT,
  HOSTILE_REFERRER,
  HOSTILE_ROUTE,
  HOSTILE_TARGET,
  monthJSON,
  pageJSON,
} from '../../support/report-json.js';

const META = { title: 'access.log (combined log)', top: 10, groups: 'hosts' };

/** The cube the page embeds, read back as the page's script reads it. */
function embedded(page: string): {
  routes: string[];
  statuses: string[];
  cells: number[];
  undated: number[][];
  start: number;
  step: number;
} {
  const m = /<script type="application\/json" id="cube">([^<]*)<\/script>/.exec(page);
  assert.ok(m, 'the cube is embedded');
  const data = JSON.parse(m![1]!) as { series: Array<[number, number, string]> } & ReturnType<typeof embedded>;
  const cells: number[] = [];
  for (const [r, s, list] of data.series) {
    let b = -1;
    for (const cell of list.split(',')) {
      const dot = cell.indexOf('.');
      b += dot < 0 ? 1 : Number.parseInt(cell.slice(0, dot), 36);
      cells.push(r, s, b, Number.parseInt(cell.slice(dot + 1), 36));
    }
  }
  return { ...data, cells };
}

/** Quadruples in one order, to compare. */
const sorted = (cells: number[]): number[][] => {
  const q: number[][] = [];
  for (let i = 0; i < cells.length; i += 4) q.push(cells.slice(i, i + 4));
  return q.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
};

test('the page of a month of traffic with 10,000 routes, at the cube bounds (200 routes, 100,000 cells), is under 2 MB with --top 10 and --top 100', () => {
  for (const top of [10, 100]) {
    const json = monthJSON(top);
    assert.is(json.cube!.cells.length, 400_000);
    assert.is(json.targets!.routes!.distinct, 10_000);
    const size = Buffer.byteLength(htmlReport(json, { ...META, top }));
    assert.ok(size < 2_000_000, `--top ${top}: ${size} bytes`);
  }
});

test('the embedded cube reads back as the cells given, in any order; a cell out of its ranges is an error naming it', () => {
  const json = pageJSON();
  const cube = json.cube!;
  const page = htmlReport(json, META);
  const back = embedded(page);
  assert.equal(sorted(back.cells), sorted(cube.cells));
  assert.equal(back.undated, cube.undated);
  assert.is(back.start, Date.parse('2024-03-09T18:00:00Z'));
  assert.is(back.step, 3_600_000);
  // Routes shown as the page shows text: a bidirectional override as \u202E.
  assert.equal(
    back.routes,
    cube.routes.map((r) => r.replace('\u202E', '\\u202E')),
  );
  // A shuffled cube, counts past 36^3, far buckets.
  const small: Cube = {
    ...cube,
    routes: ['/a'],
    statuses: ['200', '404'],
    buckets: 5000,
    cells: [0, 1, 4999, 123_456_789, 0, 0, 7, 1, 0, 0, 0, 2, 0, 0, 1, 3],
    undated: [],
  };
  const page2 = htmlReport({ ...json, cube: small }, META);
  assert.equal(sorted(embedded(page2).cells), sorted(small.cells));
  // Buckets 0, 1 and 7 of status 0: counts 2, 3 and (6 on) 1; bucket 4999 of status 1: 5000 on.
  assert.ok(cubeData(small).includes(`"series":[[0,0,"2,3,6.1"],[0,1,"${(5000).toString(36)}.${(123_456_789).toString(36)}"]]`));
  assert.throws(
    () => cubeData({ ...small, cells: [0, 2, 0, 1] }),
    (e: Error) => e.message === "the cube's cell 0 is out of its ranges: [0, 2, 0]",
  );
  assert.throws(
    () => cubeData({ ...small, cells: [0, 0, 0] }),
    (e: Error) => e.message === "the cube's cells are not quadruples (3 numbers)",
  );
  assert.equal([60, 300, 3600, 10_800, 86_400, 604_800, 90].map(bucketName), [
    'minute',
    '5 minutes',
    'hour',
    '3 hours',
    'day',
    '7 days',
    '90 seconds',
  ]);
});

test('hostile routes, targets, referrers and agents reach the page as escaped text only, in its markup and in its data', () => {
  const page = htmlReport(pageJSON(), { ...META, title: 'a <script>alert(9)</script> log' });
  for (const raw of ['<img', '<svg onload', '<script>alert', '<b>x', '\u202E', '\u2067', '\u2069'])
    assert.not.ok(page.includes(raw), `raw ${JSON.stringify(raw)} in the page`);
  assert.is(page.match(/<script/g)!.length, 2, 'the cube and the one script');
  // The script is a template literal: a backslash in it would be lost or turned into a character.
  assert.not.ok(SCRIPT.includes('\\'), 'a backslash in the script');
  const data = /<script type="application\/json" id="cube">([^<]*)<\/script>/.exec(page)![1]!;
  assert.not.ok(/[<>&]/.test(data), 'markup characters in the embedded data');
  assert.ok(data.includes('\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e'));
  for (const s of [HOSTILE_ROUTE, BIDI_ROUTE, HOSTILE_AGENT, HOSTILE_TARGET, HOSTILE_REFERRER])
    assert.ok(page.includes(escHtml(s)), `${JSON.stringify(s)} as text`);
});

/** `s` as the page writes text: controls and bidi formatting as \uXXXX, then &#NN; for the markup characters. */
function escHtml(s: string): string {
  return s
    .split(/(?<=[/?&=])/)
    .map((p) =>
      p
        .replace(/[\u202A-\u202E\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
    )
    .join('<wbr>');
}

test('no panel for a key that is absent; the page without --log keys is the page it was', () => {
  const json = pageJSON();
  const { statuses, visitors, bytes, bots, brokenLinks, cube, distinctEstimates, ...plain } = json;
  const page = htmlReport(plain, META);
  for (const absent of [
    'id="total"',
    'id="cube"',
    'Status',
    'Visitors',
    'Bytes sent',
    'Top bots',
    'Broken links',
    'error answers',
    'filters do not apply',
  ])
    assert.not.ok(page.includes(absent), absent);
  // Each key alone brings its panel.
  const only = (keys: object, ...present: string[]): void => {
    const p = htmlReport({ ...plain, ...keys }, META);
    for (const s of present) assert.ok(p.includes(s), s);
  };
  only({ statuses }, '<h3>Status codes</h3>', '<h3>Status classes</h3>', 'error answers');
  only({ visitors }, 'Visitors per day', '≈20,412 ±0.8%');
  only({ bytes }, 'Bytes sent', '123 MB');
  only({ bots }, 'Top bots', 'Top user agents', 'requests from bots');
  only({ brokenLinks }, 'Broken links', '(no referrer)');
  only({ brokenLinks: [] }, 'No request was answered 404 or 410.');
  only({ cube }, 'id="total" data-n="66987">66,987</output>', 'Errors by route', 'Status classes per hour');
  assert.equal(cubeCounts(cube!, {}).total, 66_987);
});

test('cards and tables say what they count: estimates with their bounds, invalid referrers beside invalid targets, ≤N footnotes only under tables with a ≤ row', () => {
  const page = htmlReport(pageJSON(), META);
  const cards = Object.fromEntries(
    [
      ...page.matchAll(/<div class="card"><div class="k">([^<]*)<\/div><div class="v">([^<]*)<\/div><div class="s">([^<]*)<\/div><\/div>/g),
    ].map((m) => [m[1], `${m[2]} | ${m[3]}`]),
  );
  assert.equal(cards, {
    lines: '66,989 | read',
    'request targets': '66,987 | 66,987 valid',
    'lines without a valid target': '2 | &lt;0.1% of lines; 4 invalid referrers'.replace('&lt;', '&#60;'),
    'referrer sites': '2 | counted exactly; of 4,171 valid referrers',
    'distinct paths': '≈89,167 | estimated, within about 1%; of valid targets',
    'routes found': '9 | 100.0% of valid targets',
    visitors: '≈20,412 | distinct client addresses, estimated: ±0.8% (one standard error)',
    'error answers': `${fmt(errors())} | 4xx and 5xx: ${((100 * errors()) / 66_987).toFixed(1)}% of requests`,
    'requests from bots': '1,234 | 1.8% of requests',
    'bytes sent': '123 MB | 123,456,789 bytes',
    'time span': '2 days | by hour, UTC',
  });
  assert.ok(page.includes('<h3>Top paths <small>≈89,167 distinct (estimated, within about 1%)</small></h3>'));
  // The month's lists all have ≤ rows: a footnote under each; the small page's have none.
  const month = htmlReport(monthJSON(10), META);
  assert.is(month.match(/<p class="foot">≤N/g)!.length, 5);
  assert.is(page.match(/<p class="foot">/g), null);
  assert.not.ok(page.includes('≤'), 'no ≤ anywhere when no row is approximate');
});

test('variants: exact visitors, templates with bytes and no time taken, a cube of lines without times or routes', () => {
  const json = pageJSON();
  const rows = json.targets!.routes!.top.map((r, i) => ({ line: i + 1, template: r.template, count: r.count, bytes: 10 }));
  const { routes, ...targets } = json.targets!;
  const templates = {
    matched: rows.reduce((n, r) => n + r.count, 0),
    unmatched: 0,
    noPath: { authority: 0, asterisk: 0 },
    counts: rows,
    unmatchedTargets: { distinct: 0, top: [] },
  };
  const page = htmlReport(
    {
      ...json,
      targets: { ...targets, templates },
      visitors: { distinct: 12, exact: true, perDay: [{ day: '2024-03-09', distinct: 12, exact: true }] },
      cube: {
        start: '2024-03-09T18:00:00.000Z',
        bucketSeconds: 60,
        buckets: 0,
        routes: [],
        statuses: ['200', '-'],
        cells: [],
        undated: [
          [-1, 0, 5],
          [-1, 1, 2],
        ],
      },
    },
    META,
  );
  assert.ok(page.includes('<div class="k">visitors</div><div class="v">12</div><div class="s">distinct client addresses</div>'));
  assert.ok(page.includes('Distinct client addresses, counted exactly.'));
  assert.ok(page.includes('<h2>Bytes by route</h2><p class="sub">The log writes no time taken: no latency.</p>'));
  assert.ok(page.includes('<h2>Routes (templates)</h2>'));
  // No times: no chart, no time inputs; no routes: no route list, no errors by route.
  for (const absent of ['id="time-chart"', 'id="class-chart"', 'type="datetime-local"', 'Errors by route', 'Drag across'])
    assert.not.ok(page.includes(absent), absent);
  assert.ok(page.includes('<output id="total" data-n="7">7</output>'));
  assert.ok(page.includes('<select id="f-route" hidden>'));
  assert.ok(page.includes('<li data-class="other"><i class="cother"></i>other (not 100-599) <b></b></li>'));
  // --top 3 of the 5 templates that matched: the rest in one row, so that the shares add up.
  const three = htmlReport({ ...json, targets: { ...targets, templates } }, { ...META, top: 3 });
  const rest = rows.slice(3).reduce((n, r) => n + r.count, 0);
  assert.ok(three.includes('Requests by the first template of the file their target matches; the top 3 of the 5 that matched.'));
  assert.ok(
    three.includes(`<td class="v none" data-value="(2 more templates)">(2 more templates)</td><td class="n" data-value="${rest}">`),
  );
  assert.is(three.match(/<tr data-route=/g)!.length, 3, 'the bytes of the top 3 only');
  // No day of visitors: no panel of them.
  assert.not.ok(htmlReport({ ...json, visitors: { distinct: 0, exact: true, perDay: [] } }, META).includes('Visitors per day'));
});

const fmt = (n: number): string => n.toLocaleString('en-US');
/** The 4xx and 5xx answers of the small page. */
function errors(): number {
  const c = pageJSON().statuses!.classes;
  return (c['4xx'] ?? 0) + (c['5xx'] ?? 0);
}

test.run();

/**
 * `stats --html FILE`: the report opened in headless Chromium (Debian's chromium; .ci/run
 * installs it): it renders without a console error, its charts have a bar per time bucket, its
 * numbers are those of `--json`, a click on a column's header sorts the table, hostile paths
 * and bidirectional controls from the log stay text; screenshots at desktop and phone widths
 * go to test/output/ (git-ignored) for people to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { terminalSafe } from '../../../src/cli/io/quote.js';
import type { StatsJSON, TopJSON } from '../../../src/cli/stats/counts.js';
import { bytes } from '../../../src/cli/stats/page/html.js';
import { Browser, type Page } from '../../support/browser.js';
import { cli, root, Temp } from '../../support/cli.js';
import { routesLog } from '../../support/routes-log.js';

const tmp = new Temp();
const output = join(root, 'test/output');
mkdirSync(output, { recursive: true });
let browser: Browser | null = null;
test.after(async () => {
  await browser?.close();
  tmp.remove();
});

// Paths a visitor chose, as the log holds them: markup, a script's end, a bidirectional override,
// quotes (Apache writes a " in a request as \").
const HOSTILE = ['/</script><img src=x onerror=alert(1)>', '/\u202Eexe.txt', `/\\"'><svg onload=alert(2)>`];

// A user agent with markup and a bidirectional isolate, on each hostile line (a crawler's name: "bot").
const AGENT = '<script>alert(4)</script>\u2067evilbot\u2069';

/** The known-routes log, with hostile requests among its lines (each often enough to make the top 10). */
function hostileLog(): string {
  let s = '';
  let i = 0;
  for (const line of routesLog(20_000, 7)) {
    s += line.text;
    if (i++ % 20 === 0) {
      const path = HOSTILE[((i / 20) % HOSTILE.length) | 0]!;
      s += `203.0.113.9 - - [10/Mar/2024:12:00:00 +0000] "GET ${path} HTTP/1.1" 404 0 "http://evil.example/<b>x</b>\u202E" "${AGENT}"\n`;
    }
  }
  return s;
}

/** What the page shows, read from the DOM: the cards, each table's rows, the bars of each chart. */
interface Shown {
  cards: Record<string, string>;
  tables: Record<string, Array<[string, number]>>;
  bars: number[];
  sparks: Record<string, [number, number]>;
  images: number;
  scripts: number;
}

const READ = `(() => {
  const cards = {};
  for (const c of document.querySelectorAll('.card')) cards[c.querySelector('.k').textContent] = c.querySelector('.v').textContent;
  const tables = {};
  for (const t of document.querySelectorAll('table')) {
    const panel = t.closest('.panel');
    const title = panel.querySelector('h2, h3').firstChild.textContent.trim();
    tables[title] = Array.from(t.tBodies[0].rows).map((r) => [r.cells[0].dataset.value, Number(r.cells[1].dataset.value)]);
  }
  const bars = Array.from(document.querySelectorAll('.chart rect.bar')).map((r) => Number(r.dataset.n));
  const sparks = {};
  for (const r of document.querySelectorAll('table.routes tbody tr')) {
    const svg = r.querySelector('td.sparkline svg');
    if (svg !== null) sparks[r.cells[0].dataset.value] = [Number(svg.dataset.sum), Number(svg.dataset.peak)];
  }
  return { cards, tables, bars, sparks, images: document.images.length, scripts: document.scripts.length };
})()`;

// The page shows controls and bidi formatting characters as \u202E, in its text and its data.
const pairs = (t: TopJSON): Array<[string, number]> => t.top.map((c) => [terminalSafe(c.value ?? '(relative)'), c.count]);
const sortedPairs = (m: Record<string, number>): Array<[string, number]> =>
  Object.entries(m)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => [terminalSafe(k), n]);

test('stats --html: the report renders in Chromium with the numbers of --json, sortable tables, bars per time bucket, hostile paths as text', async () => {
  const log = tmp.file('report <img src=x onerror=alert(3)>.log', hostileLog());
  const html = join(tmp.dir, 'report.html');
  const args = ['stats', '--log', 'combined', '--lenient', '--infer-routes', '--top', '12', log];
  const r = await cli([...args, '--json', '--html', html]);
  assert.is(r.code, 0, r.err);
  assert.match(r.err, /^urikit: report written to .*report\.html \(\d+ KiB\)\n$/);
  const json = JSON.parse(r.out) as StatsJSON;
  const page = readFileSync(html, 'utf8');
  // The JSON on standard output is the same with or without --html.
  assert.equal(JSON.parse((await cli([...args, '--json'])).out), json);
  // Nothing of the input reaches the page as markup.
  assert.not.ok(page.includes('<img'), 'an <img> from the input');
  assert.not.ok(page.includes('<svg onload'), 'an <svg> from the input');
  assert.not.ok(page.includes('\u202E'), 'a raw RIGHT-TO-LEFT OVERRIDE');
  assert.not.ok(page.includes('<script>alert'), 'a <script> from the input');
  assert.not.ok(page.includes('\u2067'), 'a raw RIGHT-TO-LEFT ISOLATE');
  assert.ok(page.includes('&#60;/script&#62;&#60;img src=x onerror=alert(1)&#62;'));
  assert.ok(page.includes("script-src 'sha256-"), 'a Content-Security-Policy that names the one script');

  browser = await Browser.start();
  const tab = await browser.newPage();
  const dialogs: string[] = [];
  browser.on((m) => {
    if (m.method === 'Page.javascriptDialogOpening') dialogs.push(JSON.stringify(m.params));
  });
  await tab.viewport(1280, 900);
  await tab.goto(`file://${html}`);
  const shown = await tab.evaluate<Shown>(READ);
  assert.equal(tab.errors, [], 'console errors');
  assert.equal(dialogs, [], 'dialogs opened');
  assert.is(shown.images, 0);
  // The one script, and the cube it filters (JSON data, which runs no code).
  assert.is(shown.scripts, 2);

  const t = json.targets!;
  const refs = json.referrers!;
  const timeline = json.timeline!;
  assert.is(timeline.unit, 'hour');
  assert.is(timeline.counts.length, 24);
  assert.equal(shown.bars, timeline.counts, 'one bar per hour, each with its count');
  assert.is(timeline.routes!.length, 12);
  // Each route's small chart: its total and its busiest hour.
  for (const route of timeline.routes!)
    assert.equal(shown.sparks[route.template], [route.counts.reduce((a, b) => a + b, 0), Math.max(...route.counts)], route.template);
  assert.equal(shown.cards, {
    lines: json.lines.toLocaleString('en-US'),
    'request targets': t.uris.toLocaleString('en-US'),
    'lines without a valid target': (t.invalid + Object.values(json.lineErrors).reduce((a, b) => a + b, 0)).toLocaleString('en-US'),
    'distinct paths': t.paths.distinct!.toLocaleString('en-US'),
    'referrer sites': (refs.hosts as TopJSON).distinct!.toLocaleString('en-US'),
    'routes found': t.routes!.distinct.toLocaleString('en-US'),
    visitors: json.visitors!.distinct.toLocaleString('en-US'),
    'error answers': ((json.statuses!.classes['4xx'] ?? 0) + (json.statuses!.classes['5xx'] ?? 0)).toLocaleString('en-US'),
    'requests from bots': json.bots!.requests.toLocaleString('en-US'),
    'bytes sent': bytes(json.bytes!.total),
    'time span': '24 h',
  });
  assert.ok(json.visitors!.exact);

  // The filters on the run's own numbers: the cube's sums are those of the JSON's other counts.
  const total = async (fragment: string): Promise<string> => {
    // After the page's own listener of the fragment's change (added first, so called first).
    return tab.evaluate<string>(`new Promise((done) => {
      const read = () => done(document.getElementById('total').textContent);
      if (location.hash === ${JSON.stringify(fragment)}) return read();
      window.addEventListener('hashchange', read, { once: true });
      location.hash = ${JSON.stringify(fragment)};
    })`);
  };
  const n = (x: number): string => x.toLocaleString('en-US');
  // Every request, once: each log line with a request, whatever its status.
  const requests = Object.values(json.statuses!.codes).reduce((x, y) => x + y, 0);
  assert.is(requests, t.uris);
  assert.is(await total(''), n(requests));
  for (const c of ['2xx', '3xx', '4xx', '5xx'] as const) assert.is(await total(`#status=${c}`), n(json.statuses!.classes[c] ?? 0), c);
  for (const [code, count] of Object.entries(json.statuses!.codes)) assert.is(await total(`#status=${code}`), n(count), code);
  // Each route: its requests, and its 404s, as its own row counts them.
  for (const row of t.routes!.top as Array<{ template: string; count: number; statuses: { codes: Record<string, number> } }>) {
    const route = encodeURIComponent(row.template);
    assert.is(await total(`#route=${route}`), n(row.count), row.template);
    assert.is(await total(`#route=${route}&status=404`), n(row.statuses.codes['404'] ?? 0), `${row.template} 404`);
  }
  // Each hour: the timeline's count.
  for (let h = 0; h < 24; h += 5) {
    const at = (i: number): string => new Date(Date.parse(timeline.start) + i * 3_600_000).toISOString().slice(0, 16);
    assert.is(await total(`#from=${at(h)}Z&to=${at(h + 1)}Z`), n(timeline.counts[h]!), at(h));
  }
  assert.equal(
    await tab.evaluate<string | null>(`document.getElementById('f-note').hidden ? null : document.getElementById('f-note').textContent`),
    null,
  );
  await total('');
  assert.equal(shown.tables['Routes found'], [
    ...t.routes!.top.map((x): [string, number] => [x.template, x.count]),
    ['(no route)', t.routes!.unrouted],
  ]);
  assert.equal(shown.tables['Top paths'], pairs(t.paths));
  assert.equal(shown.tables.Schemes, pairs(t.schemes));
  assert.equal(shown.tables['Request-target forms'], sortedPairs(t.forms!));
  assert.equal(shown.tables['Top referrer sites'], pairs(refs.hosts as TopJSON));
  assert.equal(shown.tables['Top referrer paths'], pairs(refs.paths));
  assert.equal(shown.tables['Lines without a URI'], sortedPairs(json.lineErrors));
  assert.equal(shown.tables['Kept by --lenient'], sortedPairs(t.warnings));
  // The hostile paths are among the top paths, shown as the text they are (a bidi override as \u202E).
  // The table of top paths, named for the clicks below.
  await tab.evaluate(
    `Array.from(document.querySelectorAll('table.top')).find((t) => t.closest('.panel').querySelector('h3').firstChild.textContent.trim() === 'Top paths').id = 'paths'`,
  );
  const texts = await tab.evaluate<string[]>(
    `Array.from(document.getElementById('paths').tBodies[0].rows).map((r) => r.cells[0].textContent)`,
  );
  for (const p of HOSTILE) assert.ok(texts.includes(p.replace('\u202E', '\\u202E')), p);
  // In the broken links (404s, with their referrers) and the user agents, as text too.
  const texts2 = await tab.evaluate<string[]>(
    `Array.from(document.querySelectorAll('table.links td.v, table.top td.v')).map((td) => td.textContent)`,
  );
  for (const p of HOSTILE) assert.ok(texts2.includes(p.replace('\u202E', '\\u202E')), `broken link ${p}`);
  assert.ok(texts2.includes('http://evil.example/<b>x</b>\\u202E'), 'the hostile referrer');
  assert.ok(texts2.includes('<script>alert(4)</script>\\u2067evilbot\\u2069'), 'the hostile agent');
  assert.ok((await tab.evaluate<string>('document.title')).includes('report <img src=x onerror=alert(3)>.log'));

  // Sorting: a click on "path" orders the top paths A to Z, a second Z to A; "count" largest first.
  const order = `Array.from(document.getElementById('paths').tBodies[0].rows).map((r) => r.cells[0].dataset.value)`;
  const counts = `Array.from(document.getElementById('paths').tBodies[0].rows).map((r) => Number(r.cells[1].dataset.value))`;
  const values = pairs(t.paths).map(([v]) => v);
  const az = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await tab.click('#paths th:nth-child(1) button');
  assert.equal(await tab.evaluate<string[]>(order), az);
  assert.is(await tab.evaluate<string>(`document.querySelector('#paths th').getAttribute('aria-sort')`), 'ascending');
  await tab.click('#paths th:nth-child(1) button');
  assert.equal(await tab.evaluate<string[]>(order), [...az].reverse());
  await tab.click('#paths th:nth-child(2) button');
  const byCount = await tab.evaluate<number[]>(counts);
  assert.equal(
    byCount,
    [...byCount].sort((a, b) => b - a),
  );
  await tab.click('#paths th:nth-child(2) button');
  assert.equal(await tab.evaluate<number[]>(counts), [...byCount].reverse());
  assert.equal(tab.errors, [], 'console errors after the clicks');

  await screenshots(tab, html, 'report');
});

test('stats --html: a URI list (no times, no referrers), templates with their charts, a file that cannot be written, --html with --from', async () => {
  const list = tmp.file('urls.txt', 'http://a.com/users/1\nhttp://b.org/x\nhttp://a b/\n\nmailto:x@y\n');
  const html = join(tmp.dir, 'list.html');
  const r = await cli(['stats', '--html', html, '-q', list]);
  assert.is(r.code, 0);
  assert.is(r.err, '');
  const page = readFileSync(html, 'utf8');
  assert.not.ok(page.includes('class="chart"'), 'no chart without times');
  assert.not.ok(page.includes('Referrers'), 'no referrers in a list');
  assert.ok(page.includes('<h3>Invalid URIs</h3>'));

  // --templates: the templates' table, each with its chart per minute.
  const routes = tmp.file('routes.txt', '/p/{id}\n/never\n');
  const log = tmp.file(
    'small.log',
    ['/p/1', '/p/2', '/q', '/p/3']
      .map((p, i) => `192.0.2.1 - - [17/May/2015:10:0${i}:00 +0000] "GET ${p} HTTP/1.1" 200 1 "-" "x"\n`)
      .join(''),
  );
  const withTemplates = join(tmp.dir, 'templates.html');
  const t = await cli(['stats', '--log', 'combined', '--templates', routes, '--html', withTemplates, '-q', '--json', log]);
  const json = JSON.parse(t.out) as StatsJSON;
  assert.equal(json.timeline, {
    unit: 'minute',
    start: '2015-05-17T10:00:00.000Z',
    counts: [1, 1, 1, 1],
    undated: 0,
    routes: [{ template: '/p/{id}', counts: [1, 1, 0, 1] }],
  });
  const tp = readFileSync(withTemplates, 'utf8');
  assert.ok(tp.includes('<h2>Routes (templates)</h2>'));
  assert.ok(tp.includes('1 of 2 templates matched nothing.'));
  // The chart of requests, drawn by the script from the cube: 4 minutes wide.
  assert.ok(tp.includes('<div class="chart" id="time-chart"><div class="grid">'));
  assert.ok(tp.includes('<svg viewBox="0 0 4 100" preserveAspectRatio="none" role="img"></svg>'));
  assert.is(tp.match(/<path class="spark"/g)!.length, 1);
  assert.ok(tp.includes('data-sum="3" data-peak="1" data-group="1"'), 'the route /p/{id}: 3 requests, at most 1 a minute');

  const bad = await cli(['stats', '--html', join(tmp.dir, 'no/such/folder/r.html'), list]);
  assert.equal(bad, {
    code: 2,
    out: '',
    err: `urikit: cannot write the report --html ${join(tmp.dir, 'no/such/folder/r.html')}: no such folder\n`,
  });
  assert.equal(
    (await cli(['stats', '--html', '', list])).err,
    'urikit: --html needs a file name: --html report.html\nRun "urikit stats --help" for usage.\n',
  );
  assert.equal(await cli(['stats', '--html', 'r.html', '--from', 'redis://127.0.0.1:1/j']), {
    code: 2,
    out: '',
    err: `urikit: --html does not go with --from: a job's counts are kept in Redis, where routes and times have no place yet\nRun "urikit stats --help" for usage.\n`,
  });
});

/** Screenshots of the page at a desktop's width and a phone's, under test/output/. */
async function screenshots(tab: Page, html: string, name: string): Promise<void> {
  await tab.viewport(1280, 900);
  await tab.goto(`file://${html}`);
  await tab.screenshot(join(output, `${name}-desktop.png`));
  await tab.viewport(390, 844, true);
  await tab.goto(`file://${html}`);
  // Nothing is wider than the phone's screen but the tables' own scrolling boxes.
  assert.is(await tab.evaluate<number>('document.documentElement.scrollWidth'), 390);
  await tab.screenshot(join(output, `${name}-phone.png`));
  assert.equal(tab.errors, []);
}

test('stats --html: CONNECT and OPTIONS * as rows of their form under the routes, no chart; no Referrers section when none was read', async () => {
  const line = (request: string) => `192.0.2.1 - - [17/May/2015:10:05:03 +0000] "${request} HTTP/1.1" 200 5 "http://r.example/" "UA"\n`;
  const log = tmp.file('forms.log', ['GET /users/1', 'CONNECT h.example:443', 'OPTIONS *', 'OPTIONS *'].map(line).join(''));
  const rows = (page: string): string[] =>
    [...page.matchAll(/<tr><td class="v none" data-value="(\([a-z]+-form: [^"]+\))">[^<]*<\/td><td class="n" data-value="(\d+)">/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
  for (const option of [['--infer-routes'], ['--templates', tmp.file('users.txt', '/users/{id}\n')]]) {
    const html = join(tmp.dir, 'forms.html');
    const r = await cli(['stats', '--log', 'combined', '--log-field', 'target', ...option, '--html', html, '-q', log]);
    assert.is(r.code, 0);
    const page = readFileSync(html, 'utf8');
    assert.equal(rows(page), ['(authority-form: CONNECT) 1', '(asterisk-form: OPTIONS *) 2'], option[0]);
    // The route's own chart only.
    assert.is(page.match(/<path class="spark"/g)!.length, 1);
    assert.not.ok(page.includes('Referrers'), 'no referrer was read');
  }
  const both = join(tmp.dir, 'both.html');
  await cli(['stats', '--log', 'combined', '--html', both, '-q', log]);
  assert.ok(readFileSync(both, 'utf8').includes('<h2 class="band">Referrers</h2>'));
});

test.run();

/**
 * The page's script in headless Chromium, used as a person would: a page opened with filters in
 * its fragment, then a status and a route picked with the keyboard, a time range dragged across
 * the chart and typed into its inputs, the filters cleared, a link's fragment changed, a bad
 * fragment; after each, `#total`, the status codes and the errors by route are exactly those of
 * the cube. Hostile routes stay text; screenshots at desktop and phone sizes go to /tmp.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Cube } from '../../../../src/cli/stats/page/data.js';
import { htmlReport } from '../../../../src/cli/stats/report.js';
import { Browser, type Page } from '../../../support/browser.js';
import { Temp } from '../../../support/cli.js';
import { cubeCounts, type Filter, HOSTILE_ROUTE, pageJSON } from '../../../support/report-json.js';

const tmp = new Temp();
let browser: Browser | null = null;
test.after(async () => {
  await browser?.close();
  tmp.remove();
});

const json = pageJSON();
const cube = json.cube as Cube;
const fmt = (n: number): string => n.toLocaleString('en-US');

/** What the page shows under the filters. */
interface Shown {
  total: string;
  of: string;
  hash: string;
  note: string | null;
  codes: Array<[string, number]>;
  errors: Array<[string, number, number, number]>;
  bars: number[];
  controls: string[];
}

const READ = `(() => {
  const rows = (id) => Array.from(document.getElementById(id).tBodies[0].rows);
  const note = document.getElementById('f-note');
  return {
    total: document.getElementById('total').textContent,
    of: document.getElementById('total-of').textContent,
    hash: location.hash,
    note: note.hidden ? null : note.textContent,
    codes: rows('codes').map((r) => [r.cells[0].dataset.value, Number(r.cells[1].dataset.value)]),
    errors: rows('errors').map((r) => [r.cells[0].dataset.value, ...[1, 2, 3].map((i) => Number(r.cells[i].dataset.value))]),
    bars: Array.from(document.querySelectorAll('#time-chart rect.bar')).map((r) => Number(r.dataset.n)),
    controls: ['f-from', 'f-to', 'f-status', 'f-route'].map((id) => document.getElementById(id).value),
  };
})()`;

/** What the page must show for `f`: the cube's counts, in the page's orders. */
function expected(f: Filter): Omit<Shown, 'of' | 'hash' | 'note' | 'controls'> {
  const c = cubeCounts(cube, f);
  return {
    total: fmt(c.total),
    codes: [...c.codes].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    errors: [...c.routes]
      .filter(([, r]) => r[0]! > 0)
      .sort((a, b) => b[1][1]! + b[1][2]! - a[1][1]! - a[1][2]! || b[1][0]! - a[1][0]! || (a[0] < b[0] ? -1 : 1))
      .map(([route, r]) => [route.replace('\u202E', '\\u202E'), r[0]!, r[1]!, r[2]!]),
    bars: c.buckets,
  };
}

/** The page's state once `check` holds of it (polled, with a deadline). */
async function until(tab: Page, check: (s: Shown) => boolean, what: string): Promise<Shown> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const s = await tab.evaluate<Shown>(READ);
    if (check(s)) return s;
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s; the page shows ${JSON.stringify(s).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function same(s: Shown, f: Filter): void {
  const e = expected(f);
  assert.equal({ total: s.total, codes: s.codes, errors: s.errors, bars: s.bars }, e);
}

async function key(tab: Page, k: string, code: string, keyCode: number): Promise<void> {
  for (const type of ['rawKeyDown', 'keyUp'])
    await tab.send('Input.dispatchKeyEvent', { type, key: k, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode });
}

/** The middle of bucket `i` of the requests chart, in the viewport (scrolled into view). */
async function bucketAt(tab: Page, i: number): Promise<{ x: number; y: number }> {
  return tab.evaluate(`(() => {
    const svg = document.querySelector('#time-chart svg');
    svg.scrollIntoView({ block: 'center' });
    const r = svg.getBoundingClientRect();
    return { x: r.left + ((${i} + 0.5) / ${cube.buckets}) * r.width, y: r.top + r.height / 2 };
  })()`);
}

test('filters: from the fragment, the keyboard, a drag on the chart, the time inputs, clear, hashchange, a bad fragment; every count exact', async () => {
  const html = join(tmp.dir, 'report.html');
  writeFileSync(html, htmlReport(json, { title: 'shop.log (combined log)', top: 10, groups: 'hosts' }));
  browser = await Browser.start();
  const tab = await browser.newPage();
  const dialogs: string[] = [];
  browser.on((m) => {
    if (m.method === 'Page.javascriptDialogOpening') dialogs.push(JSON.stringify(m.params));
  });
  await tab.viewport(1280, 800);

  // Opened from a link: 404s of /cart from midnight to noon of March 10 (buckets 6 to 17).
  await tab.goto(`file://${html}#status=404&route=/cart&from=2024-03-10T00:00Z&to=2024-03-10T12:00Z`);
  let s = await until(tab, (x) => x.codes.length > 0, 'the page from its fragment');
  const linked: Filter = { status: '404', route: '/cart', lo: 6, hi: 18 };
  same(s, linked);
  assert.is(s.total, fmt(cubeCounts(cube, linked).total));
  assert.equal(s.codes, [['404', cubeCounts(cube, linked).total]]);
  assert.is(s.of, 'of 66,987 requests: 2024-03-10 00:00 to 2024-03-10 12:00 UTC, status 404, route /cart');
  assert.is(s.note, null);
  assert.equal(s.controls, ['2024-03-10T00:00', '2024-03-10T12:00', '404', '/cart']);
  // Bars outside the range are dimmed, the brush over the range.
  assert.is(await tab.evaluate<number>(`document.querySelectorAll('#time-chart rect.bar.out').length`), 48 - 12);
  assert.equal(
    await tab.evaluate<string[]>(
      `(() => { const b = document.querySelector('#time-chart .brush'); return [String(b.hidden), b.style.left, b.style.width]; })()`,
    ),
    ['false', '12.5%', '25%'],
  );

  // The status, picked with the keyboard: from 404 one down is 410.
  await tab.evaluate(`document.getElementById('f-status').focus()`);
  await key(tab, 'ArrowDown', 'ArrowDown', 40);
  s = await until(tab, (x) => x.controls[2] === '410', 'status 410 picked');
  same(s, { ...linked, status: '410' });
  assert.is(s.hash, '#status=410&route=/cart&from=2024-03-10T00:00Z&to=2024-03-10T12:00Z');
  // Three up from 410 (404, 304, 200), the first code; one more, the last class.
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  s = await until(tab, (x) => x.controls[2] === '200', 'status 200 picked');
  same(s, { ...linked, status: '200' });
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  s = await until(tab, (x) => x.controls[2] === 'other', 'the class "other" picked');
  same(s, { ...linked, status: 'other' });
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  s = await until(tab, (x) => x.controls[2] === '5xx', 'the class 5xx picked');
  same(s, { ...linked, status: '5xx' });
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  s = await until(tab, (x) => x.controls[2] === '4xx', 'the class 4xx picked');
  same(s, { ...linked, status: '4xx' });
  // The route: one up from /cart is /products/{id}.
  await tab.evaluate(`document.getElementById('f-route').focus()`);
  await key(tab, 'ArrowUp', 'ArrowUp', 38);
  s = await until(tab, (x) => x.controls[3] === '/products/{id}', 'the route picked');
  same(s, { ...linked, status: '4xx', route: '/products/{id}' });
  assert.is(s.hash, '#status=4xx&route=/products/{id}&from=2024-03-10T00:00Z&to=2024-03-10T12:00Z');

  // A drag across the chart from bucket 10 to bucket 20: 04:00 to 15:00 on March 10.
  const a = await bucketAt(tab, 10);
  const b = await bucketAt(tab, 20);
  await tab.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...a, button: 'left', buttons: 1, clickCount: 1 });
  for (const f of [0.25, 0.5, 0.75, 1])
    await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: a.x + (b.x - a.x) * f, y: a.y, button: 'left', buttons: 1 });
  await tab.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...b, button: 'left', buttons: 0, clickCount: 1 });
  s = await until(tab, (x) => x.controls[0] === '2024-03-10T04:00', 'the dragged range');
  same(s, { status: '4xx', route: '/products/{id}', lo: 10, hi: 21 });
  assert.is(s.hash, '#status=4xx&route=/products/{id}&from=2024-03-10T04:00Z&to=2024-03-10T15:00Z');
  assert.equal(s.controls.slice(0, 2), ['2024-03-10T04:00', '2024-03-10T15:00']);
  // A tap reads one bucket and changes nothing.
  await tab.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...a, button: 'left', buttons: 1, clickCount: 1 });
  await tab.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...a, button: 'left', buttons: 0, clickCount: 1 });
  assert.is(
    await tab.evaluate<string>(`document.getElementById('time-readout').textContent`),
    `2024-03-10 04:00 UTC: ${fmt(expected({ status: '4xx', route: '/products/{id}' }).bars[10]!)} requests`,
  );
  assert.is((await tab.evaluate<Shown>(READ)).hash, s.hash);

  // Clear: everything, the requests without a readable time too.
  await tab.click('#f-clear');
  s = await until(tab, (x) => x.hash === '' && x.controls[2] === '', 'cleared');
  same(s, {});
  assert.is(s.total, '66,987');
  assert.is(s.of, 'of 66,987 requests: no filter set');

  // The start of the range typed with the keyboard into its input (month, day, year, hour, minute, AM/PM).
  await tab.evaluate(`document.getElementById('f-from').focus()`);
  for (const ch of '031020240630AM') await tab.send('Input.dispatchKeyEvent', { type: 'char', text: ch });
  s = await until(tab, (x) => x.controls[0] === '2024-03-10T06:30', 'the typed start');
  // 06:30 falls in bucket 12: the range starts with the hour that holds it.
  same(s, { lo: 12 });
  assert.is(s.hash, '#from=2024-03-10T06:30Z');

  // A link's fragment changed (a new link opened in the same page): the filters follow it.
  await tab.evaluate(`location.hash = '#status=5xx&route=' + encodeURIComponent(${JSON.stringify(HOSTILE_ROUTE)})`);
  s = await until(tab, (x) => x.controls[2] === '5xx', 'the changed fragment');
  same(s, { status: '5xx', route: HOSTILE_ROUTE });
  assert.is(s.controls[0], '');

  // A bad fragment: each bad value ignored, said plainly; no script error.
  await tab.evaluate(`location.hash = '#status=abc&route=/nope&from=2024-13-01&to=%E0%A4%A&colour%E2%80%AE=red&status='`);
  s = await until(tab, (x) => x.note !== null, 'the note on a bad fragment');
  same(s, {});
  assert.is(
    s.note,
    'Not applied from the link: status "abc": not a status code (404) or class (4xx); route "/nope": not one of the 6 routes this page counts by; from "2024-13-01": not a time such as 2024-03-10T12:00Z (UTC); "to=%E0%A4%A": a bad %-escape; "colour\\u202E": not a filter (status, route, from, to).',
  );
  await tab.evaluate(`location.hash = '#from=2024-03-10T12:00Z&to=2024-03-10T06:00Z&status=200'`);
  s = await until(tab, (x) => x.controls[2] === '200', 'a backward range');
  same(s, { status: '200' });
  assert.is(s.note, 'Not applied from the link: from 2024-03-10T12:00Z is not before to 2024-03-10T06:00Z: no time range.');

  // The filtered tables sort as the others do, and keep the order chosen when the filters change.
  await tab.evaluate(`location.hash = ''`);
  await until(tab, (x) => x.controls[2] === '', 'no filter');
  await tab.click('#errors th:nth-child(2) button');
  const requests = await tab.evaluate<number[]>(
    `Array.from(document.getElementById('errors').tBodies[0].rows).map((r) => Number(r.cells[1].dataset.value))`,
  );
  assert.equal(
    requests,
    [...requests].sort((x, y) => y - x),
  );
  await tab.evaluate(`location.hash = '#status=404'`);
  await until(tab, (x) => x.controls[2] === '404', 'status 404');
  const again = await tab.evaluate<number[]>(
    `Array.from(document.getElementById('errors').tBodies[0].rows).map((r) => Number(r.cells[1].dataset.value))`,
  );
  assert.equal(
    again,
    [...again].sort((x, y) => y - x),
  );
  assert.equal(await tab.evaluate<string>(`document.querySelector('#errors th[aria-sort]').textContent`), 'requests');

  // Hostile text is text: no element, no dialog, the bidirectional override shown as \u202E.
  const texts = await tab.evaluate<string[]>(
    `Array.from(document.getElementById('errors').tBodies[0].rows).map((r) => r.cells[0].textContent)`,
  );
  assert.ok(texts.includes(HOSTILE_ROUTE), 'the hostile route as text');
  assert.ok(texts.includes('/\\u202Eexe.txt/{id}'));
  assert.is(await tab.evaluate<number>('document.images.length'), 0);
  assert.is(await tab.evaluate<number>(`document.querySelectorAll('main script, main img, main svg [onload]').length`), 0);
  assert.equal(dialogs, []);
  assert.equal(tab.errors, [], 'console errors');

  // A click on a route of the errors' table filters by it; on a class of the legend, by that class; a second click, no more.
  await tab.evaluate(`location.hash = ''`);
  await until(tab, (x) => x.controls[2] === '', 'no filter');
  await tab.click('#errors tbody tr:first-child td.v');
  s = await until(tab, (x) => x.controls[3] !== '', 'a route clicked');
  assert.is(s.controls[3], '/products/{id}');
  same(s, { route: '/products/{id}' });
  await tab.click('#class-legend li[data-class="5xx"]');
  s = await until(tab, (x) => x.controls[2] === '5xx', 'a class clicked');
  same(s, { route: '/products/{id}', status: '5xx' });
  assert.is(s.hash, '#status=5xx&route=/products/{id}');
  await tab.click('#class-legend li[data-class="5xx"]');
  s = await until(tab, (x) => x.controls[2] === '', 'the class clicked again');
  same(s, { route: '/products/{id}' });
  assert.equal(tab.errors, [], 'console errors');

  // Screenshots, filtered, for people to look at.
  const frag = '#status=4xx&from=2024-03-10T00:00Z&to=2024-03-10T12:00Z';
  await tab.goto('about:blank');
  await tab.viewport(1280, 800);
  await tab.goto(`file://${html}${frag}`);
  await until(tab, (x) => x.controls[2] === '4xx', 'the desktop page');
  await tab.screenshot('/tmp/report39b-desktop.png');
  await tab.goto('about:blank');
  await tab.viewport(390, 844, true);
  await tab.goto(`file://${html}${frag}`);
  await until(tab, (x) => x.controls[2] === '4xx', 'the phone page');
  // Nothing is wider than the phone's screen but the tables' own scrolling boxes.
  assert.is(await tab.evaluate<number>('document.documentElement.scrollWidth'), 390);
  await tab.screenshot('/tmp/report39b-phone.png');
  assert.equal(tab.errors, []);
});

test.run();

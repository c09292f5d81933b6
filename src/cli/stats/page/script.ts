/** The page's one script: sorting the tables, reading a chart's bar under the pointer, and the filters (time, status, route) over the embedded cube, kept in the URL's fragment. */
import { createHash } from 'node:crypto';

// A template literal without substitutions: the script holds no backslash (a regular expression's \d would lose it), no "${" and no backquote.
export const SCRIPT = `(() => {
  'use strict';
  const doc = document;
  const fmt = (n) => n.toLocaleString('en-US');
  const sortBy = (th) => {
    const table = th.closest('table');
    const col = Array.prototype.indexOf.call(th.parentNode.children, th);
    const num = th.dataset.type === 'num';
    const now = th.getAttribute('aria-sort');
    // Counts first largest, text first A to Z; a second click turns the order round.
    const dir = now === null ? (num ? -1 : 1) : now === 'ascending' ? -1 : 1;
    for (const other of table.querySelectorAll('th')) other.removeAttribute('aria-sort');
    th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
    const body = table.tBodies[0];
    const key = (tr) => tr.children[col].dataset.value;
    const rows = Array.from(body.rows).sort((a, b) => {
      const x = key(a), y = key(b);
      const c = num ? x - y : x < y ? -1 : x > y ? 1 : 0;
      return c * dir;
    });
    for (const tr of rows) body.appendChild(tr);
  };
  // Tables this script fills later sort too: one listener for all.
  doc.addEventListener('click', (e) => {
    const b = e.target.closest ? e.target.closest('table.sortable th[data-type] button') : null;
    if (b !== null) sortBy(b.parentNode);
  });
  for (const chart of doc.querySelectorAll('.chart.static')) {
    const out = chart.parentNode.querySelector('.readout');
    const svg = chart.querySelector('svg');
    const rects = svg.querySelectorAll('rect');
    const show = (x) => {
      const r = svg.getBoundingClientRect();
      const i = Math.min(rects.length - 1, Math.max(0, Math.floor(((x - r.left) / r.width) * rects.length)));
      for (const b of svg.querySelectorAll('.on')) b.classList.remove('on');
      rects[i].classList.add('on');
      out.textContent = rects[i].querySelector('title').textContent;
    };
    svg.addEventListener('pointermove', (e) => show(e.clientX));
    svg.addEventListener('pointerdown', (e) => show(e.clientX));
  }

  const src = doc.getElementById('cube');
  if (src === null) return;
  const cube = JSON.parse(src.textContent);
  const N = cube.buckets, step = cube.step, start = cube.start;
  const routes = cube.routes, codes = cube.statuses;
  const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'other'];
  const classOf = (code) => (/^[1-5][0-9][0-9]$/.test(code) ? code[0] + 'xx' : 'other');
  const codeClass = codes.map((c) => CLASSES.indexOf(classOf(c)));
  // The cells, unpacked: route, status, bucket (-1: no readable time), count.
  const series = cube.series.map((s) => [s[0], s[1], s[2].split(',')]);
  let n = cube.undated.length;
  for (const s of series) n += s[2].length;
  const R = new Int32Array(n), S = new Int32Array(n), B = new Int32Array(n), C = new Float64Array(n);
  let k = 0;
  for (const [r, s, cells] of series) {
    let b = -1;
    for (const cell of cells) {
      const dot = cell.indexOf('.');
      b += dot < 0 ? 1 : parseInt(cell.slice(0, dot), 36);
      R[k] = r; S[k] = s; B[k] = b; C[k] = parseInt(cell.slice(dot + 1), 36); k++;
    }
  }
  for (const [r, s, c] of cube.undated) {
    R[k] = r; S[k] = s; B[k] = -1; C[k] = c; k++;
  }
  let all = 0;
  for (let i = 0; i < n; i++) all += C[i];

  const $ = (id) => doc.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';
  const timeOf = (i) => new Date(start + i * step).toISOString().slice(0, 16).replace('T', ' ');
  const niceMax = (v) => {
    if (v <= 0) return 1;
    const p = Math.pow(10, Math.floor(Math.log10(v)));
    for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
    return 10 * p;
  };
  const isoMinute = (t) => new Date(t).toISOString().slice(0, 16);
  const parseTime = (v) => {
    const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?)?Z?$/.exec(v);
    if (m === null) return null;
    const f = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
    const t = Date.UTC(f[0], f[1] - 1, f[2], f[3], f[4], f[5]);
    const d = new Date(t);
    if (d.getUTCMonth() !== f[1] - 1 || d.getUTCDate() !== f[2] || f[3] > 23 || f[4] > 59 || f[5] > 59) return null;
    return t;
  };
  const STATUS = /^(?:[1-5][0-9][0-9]|[1-5]xx|other)$/;
  // Text from the link, as the page shows text: control and bidirectional-formatting characters written as escapes (backslash, u, four hex digits).
  const BACKSLASH = String.fromCharCode(92);
  const unsafe = (c) => c < 32 || (c >= 127 && c < 160) || c === 0x61c || c === 0x200e || c === 0x200f || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
  const visible = (v) =>
    Array.from(v, (ch) => (unsafe(ch.charCodeAt(0)) ? BACKSLASH + 'u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') : ch)).join('');
  const quote = (v) => '"' + visible(v.length > 80 ? v.slice(0, 80) + '…' : v) + '"';

  // The filters: a time range (ms, null: open), a status (code or class, '': any), a route ('': any).
  let state = { from: null, to: null, status: '', route: '' };
  const same = (a, b) => a.from === b.from && a.to === b.to && a.status === b.status && a.route === b.route;
  const enc = (v) => encodeURIComponent(v).replace(/%(?:2F|7B|7D|3A|40|2C|2A|24)/g, (m) => decodeURIComponent(m));
  const fragment = (s) =>
    [
      s.status === '' ? '' : 'status=' + enc(s.status),
      s.route === '' ? '' : 'route=' + enc(s.route),
      s.from === null ? '' : 'from=' + isoMinute(s.from) + 'Z',
      s.to === null ? '' : 'to=' + isoMinute(s.to) + 'Z',
    ].filter((p) => p !== '').join('&');
  /** The filters a fragment names, and what in it was not a filter. */
  const parse = (hash) => {
    const next = { from: null, to: null, status: '', route: '' };
    const bad = [];
    const h = hash.replace(/^#/, '');
    for (const part of h === '' ? [] : h.split('&')) {
      const eq = part.indexOf('=');
      let key, v;
      try {
        key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
        v = decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1));
      } catch (e) {
        bad.push(quote(part) + ': a bad %-escape');
        continue;
      }
      // An empty value sets no filter, as the page writes none.
      if (v === '' && (key === 'from' || key === 'to' || key === 'status' || key === 'route')) continue;
      if (key === 'from' || key === 'to') {
        const t = parseTime(v);
        if (t === null) bad.push(key + ' ' + quote(v) + ': not a time such as 2024-03-10T12:00Z (UTC)');
        else next[key] = t;
      } else if (key === 'status') {
        if (STATUS.test(v)) next.status = v;
        else bad.push('status ' + quote(v) + ': not a status code (404) or class (4xx)');
      } else if (key === 'route') {
        if (routes.includes(v)) next.route = v;
        else bad.push('route ' + quote(v) + (routes.length === 0 ? ': this page counts no routes (stats --infer-routes or --templates does)' : ': not one of the ' + routes.length + ' routes this page counts by'));
      } else if (key !== '') bad.push(quote(key) + ': not a filter (status, route, from, to)');
    }
    if (next.from !== null && next.to !== null && next.from >= next.to) {
      bad.push('from ' + isoMinute(next.from) + 'Z is not before to ' + isoMinute(next.to) + 'Z: no time range');
      next.from = null;
      next.to = null;
    }
    return { next, bad };
  };
  const range = (s) => {
    const lo = s.from === null ? 0 : Math.min(N, Math.max(0, Math.floor((s.from - start) / step)));
    const hi = s.to === null ? N : Math.min(N, Math.max(0, Math.ceil((s.to - start) / step)));
    return [lo, hi];
  };
  const summary = (s) => {
    const parts = [];
    if (s.from !== null || s.to !== null) {
      const [lo, hi] = range(s);
      parts.push(lo < hi ? timeOf(lo) + ' to ' + timeOf(hi) + ' UTC' : 'an empty time range');
    }
    if (s.status !== '') parts.push('status ' + s.status);
    if (s.route !== '') parts.push('route ' + s.route);
    return parts.length === 0 ? 'no filter set' : parts.join(', ');
  };

  const timeChart = $('time-chart');
  const classChart = $('class-chart');
  const grow = (chart, cls, count) => {
    const svg = chart.querySelector('svg');
    const out = [];
    for (let i = 0; i < count; i++) {
      const r = doc.createElementNS(SVG, 'rect');
      r.setAttribute('class', cls);
      svg.appendChild(r);
      out.push(r);
    }
    return out;
  };
  const gap = N > 120 ? 0 : 0.15;
  const barRects = timeChart === null ? [] : grow(timeChart, 'bar', N);
  const present = CLASSES.map((_, c) => codes.some((_, s) => codeClass[s] === c));
  const stackRects = classChart === null ? [] : CLASSES.map((c, i) => (present[i] ? grow(classChart, 'cls c' + c, N) : []));
  const place = (r, i, y, h) => {
    r.setAttribute('x', i + gap / 2);
    r.setAttribute('width', 1 - gap);
    r.setAttribute('y', (100 - y - h).toFixed(3));
    r.setAttribute('height', h.toFixed(3));
  };
  const axis = (chart, top) => {
    const labels = chart.querySelectorAll('.grid i');
    labels[0].textContent = fmt(top);
    labels[1].textContent = fmt(top / 2);
  };
  const brushAt = (chart, lo, hi, on) => {
    const b = chart.querySelector('.brush');
    b.hidden = !on;
    b.style.left = (100 * lo) / N + '%';
    b.style.width = (100 * (hi - lo)) / N + '%';
  };
  const row = (cells) => {
    const tr = doc.createElement('tr');
    for (const [cls, value, text] of cells) {
      const td = doc.createElement('td');
      td.className = cls;
      td.dataset.value = value;
      // Long routes wrap after their delimiters, as the page's own tables do.
      const parts = cls === 'v' ? String(text).split(/(?<=[/?&=])/) : [text];
      parts.forEach((p, i) => {
        if (i > 0) td.appendChild(doc.createElement('wbr'));
        td.appendChild(doc.createTextNode(p));
      });
      tr.appendChild(td);
    }
    return tr;
  };
  const share = (v, total) => ['share', v, total > 0 ? ((100 * v) / total).toFixed(1) + '%' : ''];
  const fill = (id, rows) => {
    const table = $(id);
    if (table === null) return;
    const body = table.tBodies[0];
    body.replaceChildren(...rows);
    const none = table.parentNode.nextElementSibling;
    if (none !== null && none.classList.contains('empty')) none.hidden = rows.length > 0;
    // Keep the order the reader chose.
    const th = table.querySelector('th[aria-sort]');
    if (th !== null) {
      th.setAttribute('aria-sort', th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending');
      sortBy(th);
    }
  };

  let perBucket = new Float64Array(N);
  const apply = () => {
    const s = state;
    const [lo, hi] = range(s);
    const timed = s.from !== null || s.to !== null;
    const isClass = CLASSES.includes(s.status);
    const codeOk = codes.map((c, i) => s.status === '' || (isClass ? CLASSES[codeClass[i]] === s.status : c === s.status));
    const ri = s.route === '' ? -2 : routes.indexOf(s.route);
    perBucket = new Float64Array(N);
    const perClass = CLASSES.map(() => new Float64Array(N));
    const perCode = new Float64Array(codes.length);
    const perRoute = routes.map(() => [0, 0, 0]);
    let total = 0;
    for (let i = 0; i < n; i++) {
      if (!codeOk[S[i]] || (ri !== -2 && R[i] !== ri)) continue;
      const c = C[i], b = B[i], cl = codeClass[S[i]];
      if (b >= 0) {
        perBucket[b] += c;
        perClass[cl][b] += c;
        if (b < lo || b >= hi) continue;
      } else if (timed) continue;
      total += c;
      perCode[S[i]] += c;
      if (R[i] >= 0) {
        const p = perRoute[R[i]];
        p[0] += c;
        if (cl === 3) p[1] += c;
        else if (cl === 4) p[2] += c;
      }
    }
    $('total').textContent = fmt(total);
    $('total').dataset.n = total;
    $('total-of').textContent = 'of ' + fmt(all) + ' requests: ' + summary(s);
    for (const p of doc.querySelectorAll('.scope.filtered')) p.textContent = p.dataset.what + ' Now: ' + summary(s) + '.';
    if (timeChart !== null && N > 0) {
      let top = 0, busiest = 0;
      for (let b = 0; b < N; b++) if (perBucket[b] > perBucket[busiest]) busiest = b;
      top = niceMax(perBucket[busiest]);
      barRects.forEach((r, b) => {
        place(r, b, 0, (perBucket[b] / top) * 100);
        r.dataset.n = perBucket[b];
        r.classList.toggle('out', timed && (b < lo || b >= hi));
      });
      axis(timeChart, top);
      brushAt(timeChart, lo, hi, timed);
      $('busiest').textContent = perBucket[busiest] > 0 ? 'Busiest: ' + timeOf(busiest) + ' UTC (' + fmt(perBucket[busiest]) + ').' : 'No request.';
    }
    if (classChart !== null && N > 0) {
      let most = 0;
      for (let b = 0; b < N; b++) {
        let sum = 0;
        for (let c = 0; c < CLASSES.length; c++) sum += perClass[c][b];
        if (sum > most) most = sum;
      }
      const top = niceMax(most);
      for (let b = 0; b < N; b++) {
        let y = 0;
        for (let c = 0; c < CLASSES.length; c++) {
          if (!present[c]) continue;
          const h = (perClass[c][b] / top) * 100;
          const r = stackRects[c][b];
          place(r, b, y, h);
          r.dataset.n = perClass[c][b];
          r.classList.toggle('out', timed && (b < lo || b >= hi));
          y += h;
        }
      }
      axis(classChart, top);
      brushAt(classChart, lo, hi, timed);
    }
    const byClass = CLASSES.map(() => 0);
    perCode.forEach((v, i) => (byClass[codeClass[i]] += v));
    for (const li of doc.querySelectorAll('#class-legend li')) {
      const c = CLASSES.indexOf(li.dataset.class);
      li.querySelector('b').textContent = fmt(byClass[c]);
      li.dataset.n = byClass[c];
    }
    fill(
      'codes',
      codes
        .map((c, i) => [c, perCode[i]])
        .filter((e) => e[1] > 0)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([c, v]) => row([['v', c, c], ['n', v, fmt(v)], share(v, total)])),
    );
    fill(
      'errors',
      routes
        .map((r, i) => [r, perRoute[i]])
        .filter((e) => e[1][0] > 0)
        .sort((a, b) => b[1][1] + b[1][2] - a[1][1] - a[1][2] || b[1][0] - a[1][0] || (a[0] < b[0] ? -1 : 1))
        .map(([r, p]) => row([['v', r, r], ['n', p[0], fmt(p[0])], ['n', p[1], fmt(p[1])], ['n', p[2], fmt(p[2])], share(p[1] + p[2], p[0])])),
    );
    for (const tr of doc.querySelectorAll('tr[data-route]')) tr.classList.toggle('picked', tr.dataset.route === s.route);
    // The controls say the state.
    $('f-from').value = s.from === null ? '' : isoMinute(s.from);
    $('f-to').value = s.to === null ? '' : isoMinute(s.to);
    const sel = $('f-status');
    if (s.status !== '' && !Array.from(sel.options).some((o) => o.value === s.status)) {
      const o = doc.createElement('option');
      o.value = s.status;
      o.textContent = s.status + ' (none in this log)';
      sel.appendChild(o);
    }
    sel.value = s.status;
    $('f-route').value = s.route;
  };
  const note = (bad) => {
    const p = $('f-note');
    p.hidden = bad.length === 0;
    p.textContent = bad.length === 0 ? '' : 'Not applied from the link: ' + bad.join('; ') + '.';
  };
  /** A new state from the reader: shown at once, then kept in the fragment. */
  const change = (next) => {
    if (same(next, state)) return;
    state = next;
    apply();
    note([]);
    const f = fragment(state);
    if (location.hash.replace(/^#/, '') !== f) location.hash = f;
  };
  let drawn = false;
  const read = () => {
    const { next, bad } = parse(location.hash);
    note(bad);
    if (same(next, state) && drawn) return;
    drawn = true;
    state = next;
    apply();
  };
  window.addEventListener('hashchange', read);
  const timeInput = (id, key) =>
    $(id).addEventListener('change', (e) => {
      const v = e.target.value;
      const t = v === '' ? null : parseTime(v);
      if (v !== '' && t === null) return note([key + ' ' + quote(v) + ': not a time']);
      const next = Object.assign({}, state, { [key]: t });
      if (next.from !== null && next.to !== null && next.from >= next.to) return note([key + ': from must be before to']);
      change(next);
    });
  timeInput('f-from', 'from');
  timeInput('f-to', 'to');
  $('f-status').addEventListener('change', (e) => change(Object.assign({}, state, { status: e.target.value })));
  $('f-route').addEventListener('change', (e) => change(Object.assign({}, state, { route: e.target.value })));
  $('f-clear').addEventListener('click', () => change({ from: null, to: null, status: '', route: '' }));
  // A route of the errors' table, a class of the legend: a click filters by it, a second click no more.
  const pick = (key, value) => change(Object.assign({}, state, { [key]: state[key] === value ? '' : value }));
  if ($('errors') !== null)
    $('errors').tBodies[0].addEventListener('click', (e) => {
      const td = e.target.closest('td.v');
      if (td !== null) pick('route', td.dataset.value);
    });
  for (const li of doc.querySelectorAll('#class-legend li')) li.addEventListener('click', () => pick('status', li.dataset.class));

  // The brush: a drag across the chart picks the buckets it crosses; a tap reads one bucket.
  if (timeChart !== null && N > 0) {
    const svg = timeChart.querySelector('svg');
    const out = $('time-readout');
    const at = (x) => {
      const r = svg.getBoundingClientRect();
      return Math.min(N - 1, Math.max(0, Math.floor(((x - r.left) / r.width) * N)));
    };
    const show = (i) => {
      out.textContent = timeOf(i) + ' UTC: ' + fmt(perBucket[i]) + ' requests';
    };
    let from = null;
    svg.addEventListener('pointerdown', (e) => {
      from = at(e.clientX);
      svg.setPointerCapture(e.pointerId);
      show(from);
    });
    svg.addEventListener('pointermove', (e) => {
      const i = at(e.clientX);
      show(i);
      if (from !== null && i !== from) brushAt(timeChart, Math.min(from, i), Math.max(from, i) + 1, true);
    });
    const end = (e, keep) => {
      if (from === null) return;
      const i = at(e.clientX);
      const a = from;
      from = null;
      if (keep && i !== a)
        change(Object.assign({}, state, { from: start + Math.min(a, i) * step, to: start + (Math.max(a, i) + 1) * step }));
      else apply();
    };
    svg.addEventListener('pointerup', (e) => end(e, true));
    svg.addEventListener('pointercancel', (e) => end(e, false));
  }
  read();
})();`;

export const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

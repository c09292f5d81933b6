/**
 * Benchmarks of the writing side, every candidate in one run so that only the ratios
 * matter: `npm run bench:writing [-- --quick] [suites]`.
 *
 *   query   get one parameter of a URL: urikit's lazy queryParams against
 *           new URL(s).searchParams.get and url.parse(s, true).query; and of a query alone,
 *           against new URLSearchParams(q).get (goal: ≥ 2× new URL(s).searchParams.get)
 *   crawler the dedupe preset (normalize(s, { ...DEDUPE_PRESET, lenient: true })) against
 *           normalize-url set as close to it as its options go (goal ≥ 5×; the answers are
 *           compared by scripts/differential/writing-normalize-url.ts)
 *   with    change the host of a parsed URL and read the new href: uri.with({ host }).href
 *           against url.host = h; url.href (goal ≥ 2×); and from the string (parse + with
 *           against new URL + host= + href)
 *
 * Workloads come from the corpora of bench/data. query: every absolute URL whose query holds a
 * `name=value` pair, paired with the name of its last pair (the far end of a linear search), a
 * name without `%` or `+` so that every candidate looks up the same text. with: every absolute
 * URL both parse, paired with the host of the next one (so that every call changes the host).
 */

import { DEDUPE_PRESET, normalize, parse, queryParams, tryParse } from '../src/index.js';
import { NORMALIZE_URL_OPTIONS } from '../test/support/normalize-url.js';
import { CORPORA, loadCorpus, type Workload } from './corpus.js';
import { fmtRatio, type Item2, measureRounds, type Result, type Timing, table } from './harness.js';
import { legacyParse, normalizeUrl } from './peers.js';

interface Suite {
  name: string;
  goal: string;
  /** The candidate the goal compares urikit with (a prefix of its name). */
  versus: string;
  target: number;
  work: Workload[];
  /** Made per workload, so that a candidate can hold objects made from it beforehand. */
  candidates: (w: Workload) => { name: string; own?: boolean; fn: Item2 }[];
}

/** URL → name of its last pair, from the absolute corpora. */
function lastParamWorkloads(): Workload[] {
  const out: Workload[] = [];
  for (const spec of CORPORA.filter((c) => c.kind === 'absolute')) {
    const a: string[] = [];
    const b: string[] = [];
    for (const s of loadCorpus(spec).a) {
      let u: URL;
      try {
        u = new URL(s);
      } catch {
        continue;
      }
      const q = s.indexOf('?');
      if (q === -1 || !URL.canParse(s)) continue;
      const hash = s.indexOf('#', q);
      const query = s.slice(q + 1, hash === -1 ? undefined : hash);
      const pairs = query.split('&').filter((p) => p !== '');
      const last = pairs[pairs.length - 1];
      if (last === undefined || !last.includes('=')) continue;
      const name = last.slice(0, last.indexOf('='));
      // Both must read the URL: RFC 3986 rejects what WHATWG repairs (a "\\", a space).
      if (/[%+]/.test(name) || u.searchParams.get(name) === null || tryParse(s)?.query === undefined) continue;
      a.push(s);
      b.push(name);
    }
    if (a.length > 0) out.push({ name: spec.name, a, b, bytes: a.reduce((n, s) => n + Buffer.byteLength(s), 0) });
  }
  return out;
}

/** The same with the query alone (`?` and fragment taken off). */
function queryOnly(ws: readonly Workload[]): Workload[] {
  return ws.map((w) => {
    const a = w.a.map((s) => parse(s).query!);
    return { name: `${w.name} queries`, a, b: w.b, bytes: a.reduce((n, s) => n + Buffer.byteLength(s), 0) };
  });
}

/** URL → the host of the next URL, from the absolute corpora (both parsers read both). */
function hostWorkloads(): Workload[] {
  const out: Workload[] = [];
  for (const spec of CORPORA.filter((c) => c.kind === 'absolute')) {
    const urls = loadCorpus(spec).a.filter((s) => URL.canParse(s) && tryParse(s)?.host !== undefined && new URL(s).host !== '');
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < urls.length; i++) {
      const next = new URL(urls[(i + 1) % urls.length]!).hostname;
      if (tryParse(`//${next}`) === null) continue;
      a.push(urls[i]!);
      b.push(next);
    }
    if (a.length > 0) out.push({ name: spec.name, a, b, bytes: a.reduce((n, s) => n + Buffer.byteLength(s), 0) });
  }
  return out;
}

const len = (v: string | null | undefined): number => (v === null || v === undefined ? -1 : v.length);

function suites(): Suite[] {
  const urls = lastParamWorkloads();
  const hosts = hostWorkloads();
  const preset = { ...DEDUPE_PRESET, lenient: true };
  const absolute = CORPORA.filter((c) => c.kind === 'absolute').map(loadCorpus);
  return [
    {
      name: 'crawler: the dedupe preset',
      goal: '≥ 5×',
      versus: 'normalize-url',
      target: 5,
      work: absolute,
      candidates: () => [
        { name: 'urikit normalize(s, DEDUPE_PRESET + lenient)', own: true, fn: (s) => normalize(s, preset).length },
        { name: 'normalize-url(s, as close to the preset)', fn: (s) => normalizeUrl(s, NORMALIZE_URL_OPTIONS).length },
      ],
    },
    {
      name: 'with: change the host of a parsed URL',
      goal: '≥ 2×',
      versus: 'url.host = h; url.href',
      target: 2,
      work: hosts,
      // Both parsed beforehand, in arrays read by the loop's index: a lookup by string (a Map of
      // 100 k URLs) would cost as much as the change itself and bring both ratios towards 1.
      candidates: (w) => {
        const uris = w.a.map((s) => parse(s));
        const urlObjects = w.a.map((s) => new URL(s));
        return [
          { name: 'urikit uri.with({ host: h }).href', own: true, fn: (_s, h, i) => uris[i]!.with({ host: h }).href.length },
          {
            name: 'url.host = h; url.href',
            fn: (_s, h, i) => {
              const u = urlObjects[i]!;
              u.host = h;
              return u.href.length;
            },
          },
        ];
      },
    },
    {
      name: 'with: change the host of a URL string',
      goal: '(for reference)',
      versus: 'new URL(s); host = h; href',
      target: 0,
      work: hosts,
      candidates: () => [
        { name: 'urikit parse(s).with({ host: h }).href', own: true, fn: (s, h) => parse(s).with({ host: h }).href.length },
        {
          name: 'new URL(s); host = h; href',
          fn: (s, h) => {
            const u = new URL(s);
            u.host = h;
            return u.href.length;
          },
        },
      ],
    },
    {
      name: 'query: get one parameter of a URL',
      goal: '≥ 2×',
      versus: 'new URL(s).searchParams.get',
      target: 2,
      work: urls,
      candidates: () => [
        { name: 'urikit parse(s).queryParams.get(name)', own: true, fn: (s, n) => len(parse(s).queryParams.get(n)) },
        { name: 'new URL(s).searchParams.get(name)', fn: (s, n) => len(new URL(s).searchParams.get(n)) },
        { name: 'url.parse(s, true).query[name]', fn: (s, n) => len(legacyParse(s, true).query[n] as string | undefined) },
      ],
    },
    {
      name: 'query: get one parameter of a query',
      goal: '(for reference)',
      versus: 'new URLSearchParams(q).get',
      target: 0,
      work: queryOnly(urls),
      candidates: () => [
        { name: 'urikit queryParams(q).get(name)', own: true, fn: (q, n) => len(queryParams(q).get(n)) },
        { name: 'new URLSearchParams(q).get(name)', fn: (q, n) => len(new URLSearchParams(q).get(n)) },
      ],
    },
  ];
}

function main(): void {
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const only = argv.filter((a) => !a.startsWith('--'));
  const timing: Timing = quick ? { rounds: 5, ms: 50 } : { rounds: 9, ms: 100 };
  console.log(
    `# urikit writing-side benchmarks${quick ? ' (quick)' : ''}\n\nNode ${process.version}; \`npm run bench:writing${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}\`\n`,
  );
  const summary: string[] = ['| suite | corpus | urikit × | goal | |', '| --- | --- | ---: | --- | --- |'];
  for (const suite of suites()) {
    if (only.length > 0 && !only.some((o) => suite.name.startsWith(o))) continue;
    console.log(`## ${suite.name}\n`);
    for (const w of suite.work) {
      const rows: Result[] = measureRounds(suite.name, w, suite.candidates(w), timing);
      console.log(`### ${w.name} (${w.a.length.toLocaleString('en')} inputs)\n\n${table(rows, 'inputs/s')}\n`);
      const peer = rows.find((r) => r.candidate.startsWith(suite.versus.replace(/\(.*$/, '')))!;
      const ratio = peer.ratio ?? Number.NaN;
      const met = suite.target === 0 ? '' : ratio >= suite.target ? 'met' : '**not met**';
      summary.push(`| ${suite.name} | ${w.name} | ${fmtRatio(ratio)} vs ${suite.versus} | ${suite.goal} | ${met} |`);
    }
  }
  console.log(`## Targets\n\n${summary.join('\n')}`);
}

main();

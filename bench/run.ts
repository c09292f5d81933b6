/**
 * The benchmark runner: `npm run bench [-- options] [suites]`.
 *
 *   npm run bench                      every macro suite on every corpus (several minutes)
 *   npm run bench -- --quick           fewer corpora, shorter sampling (about a minute)
 *   npm run bench -- scan parse        only these suites (scan, isValid, parse, resolve, normalize, lines, targets, links, web)
 *   npm run bench -- micro             the micro-benchmarks of the hot functions (micro.ts)
 *   npm run bench -- template          URI Templates: expand, extract, the peers' correctness (template.ts)
 *   npm run bench -- canon             crawl keys: surt, canonicalize's profiles, ssurt, and the Python
 *                                      references (canon.ts; SURT_SRC, URLCANON_SRC: their sources)
 *   npm run bench -- all               macro suites, micro-benchmarks, URI Templates and instructions
 *   npm run bench -- --corpus=kasztp   only corpora whose name contains one of the given words
 *   npm run bench -- alloc             also run scripts/alloc.ts (bytes per call) in a child process
 *   npm run bench -- instructions      instructions per URL and per byte (perf, else valgrind: minutes)
 *   npm run bench -- --write           also write the report to bench/RESULTS.md (implies alloc), and
 *                                      after a run of every suite the results of docs/performance.md
 *   npm run bench -- --rounds=N        N interleaved rounds per table (default 9, --quick 5)
 *
 * Output is Markdown: per suite and corpus, each candidate's inputs/s and MB/s (UTF-8 bytes of the
 * inputs offered, accepted or not), the median over interleaved rounds with its spread, the share
 * of inputs the candidate accepted, and `urikit ×` = urikit's rate ÷ that row's (> 1: urikit is
 * faster), the median of the rounds' ratios with their range. The performance targets are checked
 * at the end. Without suite names, the macro suites and the URI Template suites run. The machine is
 * shared and noisy: compare ratios within a run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { canonSuite } from './canon.js';
import { CORPORA, loadCorpus, loadLogUris, loadPairs, PASS_BYTES, repeatTo, type Workload } from './corpus.js';
import { fmtRate, fmtRatio, measureRounds, median, numberOption, type Result, sinkValue, type Timing, table } from './harness.js';
import { htmlPages } from './html.js';
import { instructions, instructionsTable } from './instructions.js';
import { latencies, latencyTable } from './latency.js';
import { microSuites } from './micro.js';
import { peerVersions } from './peers.js';
import { SUITES, WHATWG_STRIDE } from './suites.js';
import { templateCorrectness, templateSuites } from './template.js';

interface Options {
  quick: boolean;
  write: boolean;
  suites: Set<string>;
  micro: boolean;
  template: boolean;
  canon: boolean;
  alloc: boolean;
  instructions: boolean;
  corpus: string[];
  /** Rounds per table; 0: the default. */
  rounds: number;
}

const MACRO = SUITES.map((s) => s.name.toLowerCase());

function parseArgs(argv: readonly string[]): Options {
  const o: Options = {
    quick: false,
    write: false,
    suites: new Set(),
    micro: false,
    template: false,
    canon: false,
    alloc: false,
    instructions: false,
    corpus: [],
    rounds: 0,
  };
  for (const arg of argv) {
    if (arg === '--quick' || arg === '-q') o.quick = true;
    else if (arg === '--write' || arg === '-w') o.write = true;
    else if (arg.startsWith('--corpus=')) o.corpus.push(...arg.slice(9).split(',').filter(Boolean));
    else if (arg.startsWith('--rounds=')) o.rounds = numberOption('rounds', 0);
    else if (arg === '--help' || arg === '-h') {
      const src = readFileSync(new URL(import.meta.url), 'utf8');
      console.log(/\/\*\*([\s\S]*?)\*\//.exec(src)?.[1]?.replace(/^ \* ?/gm, '') ?? '');
      process.exit(0);
    } else if (arg === 'micro') o.micro = true;
    else if (arg === 'template') o.template = true;
    else if (arg === 'canon') o.canon = true;
    else if (arg === 'alloc') o.alloc = true;
    else if (arg === 'instructions') o.instructions = true;
    else if (arg === 'all') {
      o.micro = true;
      o.template = true;
      o.canon = true;
      o.instructions = true;
      for (const s of MACRO) o.suites.add(s);
    } else if (MACRO.includes(arg.toLowerCase())) o.suites.add(arg.toLowerCase());
    else {
      console.error(
        `unknown argument ${arg}: expected --quick, --write, --corpus=NAME, --rounds=N, micro, template, canon, all or one of ${MACRO.join(', ')}`,
      );
      process.exit(2);
    }
  }
  if (o.suites.size === 0 && !o.micro && !o.alloc && !o.template && !o.canon && !o.instructions) {
    for (const s of MACRO) o.suites.add(s);
    o.template = true;
  }
  if (o.write) o.alloc = true;
  return o;
}

function cpuModel(): string {
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m !== null) return m[1]!.trim();
  } catch {
    // not Linux
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

function header(o: Options, argv: readonly string[]): string {
  const peers = Object.entries(peerVersions())
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `- machine: ${cpuModel()}, ${os.cpus().length} cores (os.cpus), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()} ${os.arch()}`,
    `- load average at start: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (shared machine: compare ratios within one run)`,
    `- Node ${process.version} (V8 ${process.versions.v8})`,
    `- date: ${new Date().toISOString()}`,
    `- command: \`npm run bench --${argv.length > 0 ? ` ${argv.join(' ')}` : ''}\`${o.quick ? ' (quick)' : ''}`,
    `- peers: ${peers}`,
  ].join('\n');
}

function method(rounds: number): string {
  return `A pass runs one candidate over a whole corpus, repeated to at least ${PASS_BYTES / 1e6} MB (the same
lines again). Every table comes from ${rounds} rounds; in each round every candidate runs whole passes
for at least 100 ms, one after the other, the order rotating from round to round. inputs/s is a
candidate's median over the rounds, MB/s likewise with the UTF-8 bytes of the lines (both strings
of a pair for resolve), ±% the spread of its rates (half the interquartile range, in percent of the
median). \`urikit ×\` is the median of the rounds' ratios of urikit's rate to the row's (> 1: urikit
is faster); the lowest and the highest round's ratio are in brackets.
Every candidate processes the same list inside the same try/catch; "accepted" is the share it
accepted (no throw, no \`error\` field).
whatwg-url runs on every ${WHATWG_STRIDE}th line only (it is slow); its rate is still per input.
On the relative corpus (apache_targets) the WHATWG parsers (\`new URL\`, \`URL.canParse\`,
whatwg-url) get the base \`http://semicomplete.com/\`, the RFC 3986 parsers parse the reference
as is. The scan suite's "table loop (ceiling)" sums a 64 Ki-entry Uint8Array class table over
charCodeAt: one table load per character and nothing else, what a per-character JavaScript
tokenizer cannot beat.`;
}

interface Target {
  what: string;
  goal: string;
  measured: string;
  pass: boolean | undefined;
}

function row(rs: readonly Result[], suite: string, corpus: string, candidatePrefix: string): Result | undefined {
  const r = rs.find((x) => x.suite === suite && x.corpus === corpus && x.candidate.startsWith(candidatePrefix));
  return r === undefined || r.error !== undefined ? undefined : r;
}

/** urikit's rate ÷ the peer's in one table (the median of the rounds' ratios). */
function ratio(rs: readonly Result[], suite: string, corpus: string, peerPrefix: string): number {
  return row(rs, suite, corpus, peerPrefix)?.ratio ?? NaN;
}

function corporaOf(rs: readonly Result[], suite: string): string[] {
  return [...new Set(rs.filter((r) => r.suite === suite).map((r) => r.corpus))];
}

/** The performance targets: urikit's rate against the peer's, each ratio from one table of this run. */
function targets(rs: readonly Result[], alloc: Record<string, number> | undefined): Target[] {
  const out: Target[] = [];
  const list = (xs: Array<[string, number]>): string => xs.map(([c, r]) => `${c} ${fmtRatio(r)}`).join(', ');
  const ratios = (suite: string, peer: string): Array<[string, number]> =>
    corporaOf(rs, suite).map((c): [string, number] => [c, ratio(rs, suite, c, peer)]);
  // The goals of short URLs (the corpora of bench/data), and those of long_urls, the long and
  // percent-encoded URLs of real traffic (traffic/urls.ts).
  const isLong = ([c]: [string, number]): boolean => c === 'long_urls';
  const parse = ratios('parse', 'new URL');
  const short = parse.filter((x) => !isLong(x));
  if (short.length > 0) {
    out.push({
      what: 'parse + reads vs new URL() + reads',
      goal: '≥ 2.0× on every short corpus',
      measured: `min ${fmtRatio(Math.min(...short.map(([, r]) => r)))} (${list(short)})`,
      pass: short.every(([, r]) => r >= 2),
    });
  }
  const valid = ratios('isValid', 'URL.canParse');
  const shortValid = valid.filter((x) => !isLong(x));
  if (shortValid.length > 0) {
    const m = median(shortValid.map(([, r]) => r));
    const min = Math.min(...shortValid.map(([, r]) => r));
    out.push({
      what: 'isValid vs URL.canParse()',
      goal: '≥ 1.5× median, ≥ 1.0× min (short corpora)',
      measured: `median ${fmtRatio(m)}, min ${fmtRatio(min)} (${list(shortValid)})`,
      pass: m >= 1.5 && min >= 1,
    });
  }
  for (const [suite, peer, what] of [
    ['isValid', 'URL.canParse', 'isValid vs URL.canParse() on long_urls'],
    ['parse', 'new URL', 'parse + reads vs new URL() + reads on long_urls'],
    ['normalize', 'new URL', 'normalize vs new URL(s).href on long_urls'],
  ] as const) {
    const long = ratios(suite, peer).filter(isLong);
    if (long.length > 0) out.push({ what, goal: '≥ 1.0×', measured: list(long), pass: long.every(([, r]) => r >= 1) });
  }
  // A "%XX" run against plain text (micro.ts): the same lengths, so that the ratio of the rates is
  // that of the cost of a character.
  for (const fn of ['isValid', 'scan']) {
    const plain = rs.find((r) => r.suite === `micro ${fn}: a %XX run against plain text` && r.candidate.endsWith('plain path'));
    if (plain?.ratio === undefined) continue;
    const cost = 1 / plain.ratio;
    out.push({
      what: `${fn}: a character of a "%C3%A9" run against one of plain text`,
      goal: '≤ 2.0×',
      measured: `${fmtRatio(cost)} (paths of 30 to 600 characters)`,
      pass: cost <= 2,
    });
  }
  const ceil = ratios('scan', 'table loop');
  if (ceil.length > 0) {
    const m = median(ceil.map(([, r]) => r));
    out.push({
      what: 'scan vs the per-character table loop',
      goal: '≥ 1.3× median',
      measured: `median ${fmtRatio(m)} (${list(ceil)})`,
      pass: m >= 1.3,
    });
  }
  const norm = ratios('normalize', 'new URL');
  if (norm.length > 0) {
    const named = norm.filter(([c]) => c === 'kasztp' || c === 'debian');
    out.push({
      what: 'normalize vs new URL(s).href',
      goal: '≥ 2.0× on kasztp and debian',
      measured: `${list(named)}${named.some(([c]) => c === 'debian') ? '' : ' (debian: not in this run)'}; all: ${list(norm)}`,
      pass: named.length > 0 && named.every(([, r]) => r >= 2),
    });
  }
  const res = ratios('resolve', 'new URL');
  if (res.length > 0) {
    out.push({
      what: 'resolve vs new URL(ref, base).href',
      goal: '≥ 3.0× on both pair corpora',
      measured: `${list(res)}${res.length < 2 ? ' (local_pairs: not in this run)' : ''}`,
      pass: res.every(([, r]) => r >= 3),
    });
  }
  const lines = ratios('lines', 'URL.canParse(line) over');
  if (lines.length > 0) {
    out.push({
      what: 'LineScanner reading each host vs URL.canParse over split lines',
      goal: '≥ 1.5×',
      measured: list(lines),
      pass: lines.every(([, r]) => r >= 1.5),
    });
  }
  // The URL Standard: parseWeb + reads against new URL and whatwg-url, on every corpus.
  const web = ratios('web', 'new URL');
  if (web.length > 0) {
    out.push({
      what: 'parseWeb + reads vs new URL + reads',
      goal: '≥ 1.0× on every corpus',
      measured: `min ${fmtRatio(Math.min(...web.map(([, r]) => r)))} (${list(web)})`,
      pass: web.every(([, r]) => r >= 1),
    });
    const slow = ratios('web', 'whatwg-url');
    out.push({
      what: 'parseWeb + reads vs whatwg-url + reads',
      goal: '≥ 50× on every corpus',
      measured: `min ${fmtRatio(Math.min(...slow.map(([, r]) => r)))} (${list(slow)})`,
      pass: slow.every(([, r]) => r >= 50),
    });
  }
  // The proxy and crawler targets: parseRequestTarget on origin-form targets, urikit links on HTML pages.
  for (const [suite, peer, what] of [
    ['targets', 'new URL', "parseRequestTarget(t, { host }) vs new URL(t, 'http://' + host)"],
    ['links', 'cheerio', "urikit links vs cheerio.load(html)('a[href]') + new URL(href, base)"],
  ] as const) {
    const v = ratios(suite, peer);
    if (v.length > 0) out.push({ what, goal: '≥ 5×', measured: list(v), pass: v.every(([, r]) => r >= 5) });
  }
  const templateTarget = (suite: string, peer: string, goal: number): void => {
    const other = rs.find((r) => r.suite === suite && r.candidate.startsWith(peer));
    if (other?.ratio === undefined) return;
    out.push({ what: `${suite} vs ${peer}`, goal: `≥ ${goal}×`, measured: fmtRatio(other.ratio), pass: other.ratio >= goal });
  };
  // Crawl keys: each against its Python reference, on every corpus of the run.
  for (const [peer, what] of [
    ['surt package surt() (Python)', 'surt(s) vs the surt package'],
    ['w3lib canonicalize_url (Python)', "canonicalize(s, 'w3lib') vs w3lib canonicalize_url"],
  ] as const) {
    const v = corporaOf(rs, 'canon').map((c): [string, number] => [c, row(rs, 'canon', c, peer)?.ratio ?? NaN]);
    if (v.length > 0 && v.some(([, r]) => Number.isFinite(r))) {
      out.push({ what, goal: '≥ 20×', measured: list(v), pass: v.every(([, r]) => r >= 20) });
    }
  }
  templateTarget('UriTemplate.expand', 'url-template', 3);
  templateTarget('UriTemplate.extract', 'uri-templates fromUri', 3);
  templateTarget('UriTemplateSet.match', 'find-my-way find', 1);
  if (alloc !== undefined) {
    // Below half a byte per call is no allocation (the method's resolution is about ±0.02 B).
    const zero = [
      'scan(s, record) (valid)',
      'scan(s, record) (invalid)',
      'isValid(s) (valid)',
      'isValid(s) (invalid)',
      'isValidWeb(s) (valid)',
      'isValidWeb(s) (invalid)',
    ];
    const worst = Math.max(...zero.map((k) => Math.abs(alloc[k] ?? NaN)));
    out.push({
      what: 'bytes allocated per scan / isValid / isValidWeb call',
      goal: '0',
      measured: `max ${worst.toFixed(2)} B/call over valid and invalid inputs`,
      pass: worst < 0.5,
    });
  }
  return out;
}

/**
 * The results of docs/performance.md (between its `bench:start` and `bench:end` markers), from the
 * same run as RESULTS.md: each suite's ratios to its peer, corpus by corpus, and the targets.
 */
function performanceBlock(rs: readonly Result[], ts: readonly Target[], alloc: Record<string, number> | undefined): string {
  const corpora = [...new Set(rs.filter((r) => !r.suite.startsWith('micro')).map((r) => r.corpus))];
  const rows: Array<[string, string, string]> = [
    ['scan', 'table loop', '`scan` / the per-character table loop'],
    ['isValid', 'URL.canParse', '`isValid` / `URL.canParse`'],
    ['parse', 'new URL', '`parse` + host, path, query / `new URL` + the same'],
    ['normalize', 'new URL', '`normalize` / `new URL(s).href`'],
    ['resolve', 'new URL', '`resolve` / `new URL(ref, base).href`'],
    ['lines', 'URL.canParse(line) over', '`LineScanner` + each host / `URL.canParse` over split lines'],
  ];
  const used = corpora.filter((c) => rows.some(([suite]) => row(rs, suite, c, 'urikit') !== undefined));
  const out = [
    `From \`npm run bench -- all --write\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${cpuModel()}, ${os.cpus().length} cores,`,
    'shared): every rate of a row measured in the same run, so only the ratios mean anything; the',
    "rates themselves and every peer are in [bench/RESULTS.md](../bench/RESULTS.md). `×` is urikit's rate",
    "divided by the peer's (> 1: urikit is faster).",
    '',
    `| urikit / peer | ${used.join(' | ')} |`,
    `| --- | ${used.map(() => '---:').join(' | ')} |`,
  ];
  for (const [suite, peer, label] of rows) {
    const cells = used.map((c) => fmtRatio(ratio(rs, suite, c, peer)));
    if (cells.some((x) => x !== '–')) out.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  const scanRates = used
    .map((c) => [c, rs.find((r) => r.suite === 'scan' && r.corpus === c && r.own)] as const)
    .filter(([, r]) => r !== undefined && r.error === undefined)
    .map(([c, r]) => `${c} ${fmtRate(r!.perSec)}URLs/s (${r!.mbPerSec.toFixed(0)} MB/s)`);
  if (scanRates.length > 0) out.push('', `\`scan\` itself: ${scanRates.join(', ')}.`);
  if (alloc !== undefined) {
    const zero = ['scan(s, record) (valid)', 'scan(s, record) (invalid)', 'isValid(s) (valid)', 'isValid(s) (invalid)'];
    const worst = Math.max(...zero.map((k) => Math.abs(alloc[k] ?? NaN)));
    out.push(
      `Bytes allocated per call: \`scan\` and \`isValid\` ${worst < 0.5 ? '0' : worst.toFixed(2)}, \`parse\` ${(alloc['parse(s) (the view only)'] ?? NaN).toFixed(0)} (its view).`,
    );
  }
  if (ts.length > 0) out.push('', 'Targets:', '', targetTable(ts, true));
  return out.join('\n');
}

function targetTable(ts: readonly Target[], allocShown: boolean): string {
  const lines = ['| target | goal | measured | |', '| --- | --- | --- | --- |'];
  for (const t of ts)
    lines.push(`| ${t.what} | ${t.goal} | ${t.measured} | ${t.pass === undefined ? '' : t.pass ? 'met' : '**not met**'} |`);
  if (!allocShown) lines.push('', 'Allocation targets (scan and isValid 0 B/call, parse only the view): `npm run alloc`, or add `alloc`.');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const o = parseArgs(argv);
  const timing: Timing = { rounds: o.rounds > 0 ? o.rounds : o.quick ? 5 : 9, ms: 100 };
  const report: string[] = [];
  const emit = (s: string): void => {
    console.log(s);
    report.push(s);
  };
  const started = Date.now();
  emit(`# urikit benchmark results${o.quick ? ' (quick)' : ''}\n`);
  emit(header(o, argv));
  emit(`\n${method(timing.rounds)}`);

  const specs = CORPORA.filter((c) =>
    o.corpus.length > 0 ? o.corpus.some((w) => c.name.includes(w) || c.file.includes(w)) : !o.quick || c.quick,
  );
  const workloads = new Map<string, { w: Workload; kind: string; base?: string | undefined }>();
  for (const spec of specs) {
    if (spec.kind === 'pairs') workloads.set(spec.name, { w: loadPairs(spec), kind: 'pairs' });
    else if (spec.kind === 'pages') workloads.set(spec.name, { w: htmlPages(), kind: 'pages', base: spec.base });
    else if (spec.kind === 'log') workloads.set(spec.name, { w: loadLogUris(spec), kind: 'log' });
    else {
      const c = loadCorpus(spec);
      workloads.set(spec.name, { w: c, kind: c.kind, base: c.base });
    }
  }
  const corpusLines = [...workloads.values()].map(({ w }) => {
    const copies = repeatTo(w, PASS_BYTES).a.length / w.a.length;
    return `\`${w.name}\` ${w.a.length.toLocaleString('en')} inputs, ${(w.bytes / 1e6).toFixed(2)} MB${copies > 1 ? ` (${copies} copies a pass)` : ''}`;
  });
  emit(`\nCorpora: ${corpusLines.join('; ')}.`);

  const results: Result[] = [];
  for (const suite of SUITES) {
    if (!o.suites.has(suite.name.toLowerCase())) continue;
    emit(`\n## ${suite.name}\n`);
    const missing = suite.missing?.();
    if (missing !== undefined) {
      emit(`Skipped: ${missing}.`);
      continue;
    }
    for (const [name, { w, kind, base }] of workloads) {
      if (!suite.kinds.includes(kind as 'absolute')) continue;
      const rows = measureRounds(suite.name, repeatTo(w, PASS_BYTES), suite.candidates({ base }), timing);
      results.push(...rows);
      emit(`### ${suite.name} · ${name}\n\n${table(rows, suite.unit)}\n`);
      if (suite.name === 'scan') {
        const ceil = rows.find((r) => r.candidate.startsWith('table loop'));
        if (ceil?.ratio !== undefined) emit(`urikit scan = ${ceil.ratio.toFixed(2)} of the table-loop ceiling.\n`);
      }
      if (suite.name === 'parse' && name === 'long_urls') {
        // A proxy's tail: each call timed alone.
        const [own, peer] = suite.candidates({ base });
        const rows = latencies(
          w.a,
          [own!, peer!].map((c) => ({ name: c.name, fn: c.fn as (s: string) => number })),
        );
        emit(`Per-URL latency on ${name}, each call timed alone (5 passes, interleaved):\n\n${latencyTable(rows)}\n`);
      }
    }
  }

  if (o.micro) {
    emit('\n## micro-benchmarks\n');
    for (const m of await microSuites()) {
      const rows = measureRounds(`micro ${m.name}`, m.work, m.candidates, timing);
      results.push(...rows);
      emit(`### ${m.name} · ${m.work.name} (${m.work.a.length.toLocaleString('en')} inputs)\n\n${table(rows, m.unit)}\n`);
    }
  }

  if (o.template) {
    emit('\n## URI Templates (RFC 6570)\n');
    for (const m of await templateSuites()) {
      // Short workloads: many short rounds.
      const rows = measureRounds(m.name, m.work, m.candidates, { rounds: o.quick ? 5 : 21, ms: o.quick ? 20 : 60 });
      results.push(...rows);
      emit(`### ${m.name} · ${m.work.name}\n\n${table(rows, m.unit)}\n`);
    }
    emit(
      `### Correctness on the public suite and the RFC's examples (459 cases, 36 invalid templates)\n\n${await templateCorrectness()}\n`,
    );
  }

  if (o.canon) {
    emit('\n## Crawl keys (canonicalization profiles, SURT)\n');
    for (const [name, { w, kind }] of workloads) {
      if (kind !== 'absolute') continue;
      const { rows, text } = await canonSuite(w, timing, o.quick);
      results.push(...rows);
      emit(`### canon · ${name} (${w.a.length.toLocaleString('en')} URLs)\n\n${text}\n`);
    }
  }

  if (o.instructions) {
    const corpora = ['kasztp', 'long_urls'];
    const { how, rows } = await instructions(corpora);
    emit('\n## Instructions per URL and per byte\n');
    emit(
      how === undefined
        ? 'Not measured: this machine has neither hardware counters for `perf stat` nor valgrind.'
        : `Counted by ${how === 'perf' ? '`perf stat -e instructions:u`' : "valgrind's callgrind (this machine gives `perf` no hardware counters)"}, the difference of a child run of N passes and one of 0 (bench/instructions.ts), on ${corpora.join(' and ')}; Node's URL counts its C++ too.\n\n${instructionsTable(rows)}`,
    );
  }

  let alloc: Record<string, number> | undefined;
  if (o.alloc) {
    // scripts/alloc.ts needs its own V8 flags (--expose-gc, a fixed new space): a child process.
    const script = fileURLToPath(new URL('../scripts/alloc.js', import.meta.url));
    if (existsSync(script)) {
      const flags = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];
      const r = spawnSync(process.execPath, [...flags, script], { encoding: 'utf8', env: { ...process.env, URIKIT_ALLOC_JSON: '1' } });
      const json = /^@@json (.*)$/m.exec(r.stdout);
      if (json !== null) alloc = JSON.parse(json[1]!) as Record<string, number>;
      const out = r.stdout
        .replace(/^# .*\n/, '')
        .replace(/^@@json .*$/m, '')
        .trim();
      emit(`\n## Allocation (\`npm run alloc\`)\n\n${out}${r.status === 0 ? '' : `\n\nalloc failed: ${r.stderr}`}`);
    } else {
      emit(`\n## Allocation\n\n${script} not found: build first.`);
    }
  }

  const ts = targets(results, alloc);
  if (ts.length > 0) emit(`\n## Targets\n\n${targetTable(ts, alloc !== undefined)}`);
  emit(`\n_${((Date.now() - started) / 1000).toFixed(0)} s; sink ${sinkValue()}_`);

  if (o.write) {
    const root = new URL(import.meta.url.includes('/build/bench/') ? '../../' : '../', import.meta.url);
    const path = new URL('bench/RESULTS.md', root);
    writeFileSync(path, `${report.join('\n')}\n`);
    console.error(`wrote ${path.pathname}`);
    // docs/performance.md quotes this run: its results are rewritten between the markers.
    const page = new URL('docs/performance.md', root);
    const text = readFileSync(page, 'utf8');
    const start = '<!-- bench:start (written by `npm run bench -- all --write`) -->';
    const end = '<!-- bench:end -->';
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    if (a !== -1 && b > a && MACRO.every((m) => o.suites.has(m))) {
      writeFileSync(page, `${text.slice(0, a + start.length)}\n${performanceBlock(results, ts, alloc)}\n${text.slice(b)}`);
      console.error(`wrote the results of ${page.pathname}`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

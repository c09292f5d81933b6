/**
 * CLI and batch throughput: `npm run bench:cli [-- --mb=200 --runs=3 --logs=repeating,api,shop --lines=1000000 --keep]`.
 *
 * 1. Writes the combined access logs named by `--logs` (default all three) in the system's
 *    temporary folder, before anything is timed:
 *    * `repeating`: at least `--mb` MB (default 200) from the Apache request targets and referrers
 *      of bench/data, cycled, with made-up addresses, sizes and user agents, and a "-" referrer on
 *      every fifth line: a log that repeats a fixed set of requests;
 *    * `api` and `shop`: `--lines` lines each (default 1,000,000) of traffic/logs.ts, a REST
 *      API's and a shop's, full of ids: most request targets are distinct.
 *    It says what each log looks like (lines, MB, distinct request targets), and deletes them at
 *    the end (`--keep` leaves them, and prints where).
 * 2. Per log, runs the real binary (bin/urikit.js) over it: `stats`, `validate`, `parse` (JSON and
 *    `--tsv`), `normalize` (and `--dedupe`) and `resolve --base` (to /dev/null) with `--log
 *    combined --quiet`, with --threads 1, 2 and auto in turn in each of `--runs` rounds; best and
 *    median wall time, reported as MB/s of input (10^6 bytes), and in how many rounds 2 threads
 *    beat 1. In the rounds of `stats`, the reference: the awk one-liner that counts a combined
 *    log's request paths (`awk '{print $7}' | sort | uniq -c | sort -rn | head`), and GoAccess
 *    (`goaccess LOG --log-format=COMBINED -o report.json`) when it is installed, with a table of
 *    the numbers both count (requests, statuses, visitors, bytes) and whether they agree. Then the log's
 *    targets: stats at least as fast as that one-liner, validate at 300 MB/s, parse --tsv at
 *    100 MB/s.
 * 3. The batch API on the repeating log's data (when it is among `--logs`): its URIs (targets and
 *    referrers, one per line, in one Buffer) walked by a LineScanner, against decoding the Buffer,
 *    splitting it into lines and scanning each string; then the same with each URI's host read.
 *    URLs/s and MB/s of the URI lines, best of `--runs`.
 *
 * The machine may be shared: compare the rows of one run, not numbers across runs.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StatsJSON } from '../src/cli/stats/counts.js';
import { LineScanner, OFFSETS_LENGTH, scan, tryParse } from '../src/index.js';
import { median, numberOption } from './harness.js';
import { accessLog } from './traffic/logs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const MB = numberOption('mb', 200);
const RUNS = numberOption('runs', 3);
const LINES = numberOption('lines', 1_000_000);
const KEEP = process.argv.includes('--keep');
const LOG_NAMES = ['repeating', 'api', 'shop'] as const;
type LogName = (typeof LOG_NAMES)[number];

/** The logs of `--logs=a,b` (all three by default), in the order given. */
function chosenLogs(): LogName[] {
  const arg = process.argv.find((a) => a.startsWith('--logs='));
  if (arg === undefined) return [...LOG_NAMES];
  const names = arg.slice('--logs='.length).split(',');
  for (const n of names)
    if (!(LOG_NAMES as readonly string[]).includes(n)) throw new Error(`--logs: no log "${n}" (the logs: ${LOG_NAMES.join(', ')})`);
  if (names.length === 0 || names.includes('')) throw new Error(`--logs takes names separated by commas: ${LOG_NAMES.join(', ')}`);
  return names as LogName[];
}

function lines(file: string): string[] {
  return readFileSync(join(root, 'bench/data', file), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
}

const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64; rv:38.0) Gecko/20100101 Firefox/38.0',
  'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0.2311.135 Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl/7.42.1',
];

/** Writes the repeating log; returns the URIs it holds, one per line. */
function repeating(path: string, minBytes: number): Buffer {
  const targets = lines('elastic_apache_request_targets.txt');
  const referrers = lines('elastic_apache_referrers.txt');
  const fd = openSync(path, 'w');
  const uris: Buffer[] = [];
  let bytes = 0;
  let i = 0;
  let r = 0;
  try {
    while (bytes < minBytes) {
      let log = '';
      let list = '';
      for (let k = 0; k < 20_000; k++, i++) {
        const target = targets[i % targets.length]!;
        const referrer = i % 5 === 4 ? '-' : referrers[r++ % referrers.length]!;
        log += `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255} - - [17/May/2015:10:05:03 +0000] "GET ${target} HTTP/1.1" ${i % 10 === 6 ? 404 : 200} ${(i * 7919) % 50000} "${referrer}" "${AGENTS[i % AGENTS.length]}"\n`;
        list += referrer === '-' ? `${target}\n` : `${target}\n${referrer}\n`;
      }
      const block = Buffer.from(log);
      writeSync(fd, block);
      bytes += block.length;
      uris.push(Buffer.from(list));
    }
  } finally {
    closeSync(fd);
  }
  return Buffer.concat(uris);
}

/** What a log looks like: its lines, size and distinct request targets (the seventh field, as awk reads it). */
interface LogFacts {
  name: LogName;
  path: string;
  size: number;
  lines: number;
  distinct: number;
}

function facts(name: LogName, path: string): LogFacts {
  const targets = new Set<string>();
  let n = 0;
  let rest = '';
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    for (let read: number; (read = readSync(fd, chunk)) > 0; ) {
      const text = rest + chunk.toString('latin1', 0, read);
      const last = text.lastIndexOf('\n');
      // The lines that end in this chunk (the split's last piece is the "" after the last "\n").
      const complete = text.slice(0, last + 1).split('\n');
      complete.pop();
      for (const line of complete) {
        n++;
        // The seventh field, as `awk '{print $7}'` splits it (runs of spaces and tabs).
        targets.add(line.trim().split(/[ \t]+/)[6] ?? '');
      }
      rest = text.slice(last + 1);
    }
  } finally {
    closeSync(fd);
  }
  if (rest !== '') {
    n++;
    targets.add(rest.trim().split(/[ \t]+/)[6] ?? '');
  }
  return { name, path, size: statSync(path).size, lines: n, distinct: targets.size };
}

function best(f: () => void): number {
  let t = Infinity;
  for (let k = 0; k < RUNS; k++) {
    const start = process.hrtime.bigint();
    f();
    t = Math.min(t, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return t;
}

/** The wall time of a shell pipeline, in seconds. */
function runAwk(pipeline: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', pipeline], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`the reference pipeline failed (${r.status}): ${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

const SETTINGS = ['1', '2', 'auto'] as const;
const COMMANDS = [
  ['stats'],
  ['validate'],
  ['parse'],
  ['parse', '--tsv'],
  ['normalize'],
  ['normalize', '--dedupe'],
  ['resolve', '--base', 'http://example.com/a/b'],
];

/** The commands' table, the awk reference and the targets, for one log. */
function runLog(log: LogFacts): void {
  const { name, path, size } = log;
  console.log(`## CLI on the ${name} log (bin/urikit.js, \`--log combined --quiet\`), MB/s of log\n`);
  console.log(`Each round runs --threads 1, 2 and auto in turn (so that a change in the machine's load hits all`);
  console.log(`three alike); best and median of ${RUNS} rounds. Load average (1 min) at the start: ${fmt(os.loadavg()[0]!, 2)}.\n`);
  console.log(`| command (${name} log) | 1 thread best / median | 2 threads best / median | auto best / median | rounds 2 beat 1 |`);
  console.log('| --- | ---: | ---: | ---: | ---: |');
  /** Each command's best wall time over its settings and rounds, by its name in the table. */
  const bestOf = new Map<string, number>();
  // The reference: the awk one-liner that counts the request paths of a combined log, run in
  // the same rounds as the commands (so that the machine's load hits both alike).
  const AWK = `awk '{print $7}' '${path}' | sort | uniq -c | sort -rn | head`;
  const awk: number[] = [];
  const goaccess: number[] = [];
  for (const command of COMMANDS) {
    const seconds: number[][] = SETTINGS.map(() => []);
    for (let round = 0; round < RUNS; round++) {
      SETTINGS.forEach((threads, k) => {
        const start = process.hrtime.bigint();
        const r = spawnSync(process.execPath, ['bin/urikit.js', ...command, '--log', 'combined', '--quiet', '--threads', threads, path], {
          cwd: root,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        // validate exits 1 when some URI is invalid (the corpora have a few); 2 is a failure.
        if (r.status !== 0 && r.status !== 1) throw new Error(`urikit ${command.join(' ')} failed on the ${name} log: ${r.stderr}`);
        seconds[k]!.push(Number(process.hrtime.bigint() - start) / 1e9);
      });
      if (command[0] === 'stats') {
        awk.push(runAwk(AWK));
        if (GOACCESS) goaccess.push(runGoAccess(path, join(os.tmpdir(), 'urikit-bench-goaccess.json')));
      }
    }
    const rate = (t: number): string => fmt(size / 1e6 / t);
    const cells = seconds.map((ts) => `${rate(Math.min(...ts))} / ${rate(median(ts))}`);
    const wins = seconds[1]!.filter((t, i) => t < seconds[0]![i]!).length;
    console.log(`| ${command.join(' ')} | ${cells.join(' | ')} | ${wins} of ${RUNS} |`);
    bestOf.set(command.join(' '), Math.min(...seconds.flat()));
  }
  const awkBest = Math.min(...awk);
  console.log(`| reference: \`${AWK.replace(path, 'LOG')}\` | ${fmt(size / 1e6 / awkBest)} / ${fmt(size / 1e6 / median(awk))} | | | |`);
  if (goaccess.length > 0)
    console.log(
      `| peer: \`goaccess LOG --log-format=COMBINED -o report.json\` | ${fmt(size / 1e6 / Math.min(...goaccess))} / ${fmt(size / 1e6 / median(goaccess))} | | | |`,
    );
  if (GOACCESS) compareGoAccess(log);
  const mbs = (command: string): number => size / 1e6 / bestOf.get(command)!;
  console.log(`\n### Targets on the ${name} log (best wall time of any thread setting)\n`);
  console.log(`| target (${name} log) | measured | goal | met |`);
  console.log('| --- | ---: | ---: | --- |');
  const target = (what: string, measured: string, goal: string, met: boolean): void => {
    console.log(`| ${what} | ${measured} | ${goal} | ${met ? 'yes' : 'no'} |`);
  };
  const statsRatio = bestOf.get('stats')! / awkBest;
  target(
    "stats --log combined's wall time / the awk one-liner's",
    `${fmt(statsRatio, 2)}× (${fmt(bestOf.get('stats')!, 2)} s / ${fmt(awkBest, 2)} s)`,
    '≤ 1.00×',
    statsRatio <= 1,
  );
  target('validate --log combined', `${fmt(mbs('validate'))} MB/s`, '≥ 300 MB/s', mbs('validate') >= 300);
  target('parse --tsv --log combined', `${fmt(mbs('parse --tsv'))} MB/s`, '≥ 100 MB/s', mbs('parse --tsv') >= 100);
  console.log(`\nLoad average (1 min) at the end of the ${name} log: ${fmt(os.loadavg()[0]!, 2)}.\n`);
}

/** GoAccess, when installed (an optional peer: CI does not need it). */
const GOACCESS = spawnSync('goaccess', ['--version'], { stdio: 'ignore' }).status === 0;

/** GoAccess's run over `path` writing its JSON report to `out`: its wall time, in seconds. */
function runGoAccess(path: string, out: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync('goaccess', [path, '--log-format=COMBINED', '--no-global-config', '-o', out], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (r.status !== 0) throw new Error(`goaccess failed (${r.status}): ${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** What GoAccess's JSON report says of the counts both count (goaccess 1.7's keys). */
interface GoAccessReport {
  general: { total_requests: number; valid_requests: number; failed_requests: number; bandwidth: number; unique_visitors: number };
  status_codes: { data: Array<{ data: string; hits: { count: number } }> };
  hosts: { metadata: { data: { total: { value: number } } } };
}

/**
 * The numbers urikit's stats and GoAccess both count on the log: requests, requests by status
 * class, visitors (distinct client addresses: GoAccess's hosts panel; its "unique visitors" are
 * distinct address, day and user agent triples, which urikit does not count), bytes; each agrees
 * or says by how much it differs and why.
 */
function compareGoAccess(log: LogFacts): void {
  const out = join(os.tmpdir(), 'urikit-bench-goaccess.json');
  runGoAccess(log.path, out);
  const ga = JSON.parse(readFileSync(out, 'utf8')) as GoAccessReport;
  rmSync(out, { force: true });
  const r = spawnSync(process.execPath, ['bin/urikit.js', 'stats', '--log', 'combined', '--quiet', '--json', log.path], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const uk = JSON.parse(r.stdout) as StatsJSON;
  const classes = uk.statuses?.classes ?? {};
  const requests = Object.values(classes).reduce((a, n) => a + n, 0);
  const v = uk.visitors!;
  console.log(`\n### urikit stats and GoAccess on the ${log.name} log: the numbers both count\n`);
  console.log('| what | urikit | GoAccess | agree |');
  console.log('| --- | ---: | ---: | --- |');
  const row = (what: string, ours: number, theirs: number, why = ''): void => {
    const same = ours === theirs;
    console.log(
      `| ${what} | ${ours} | ${theirs} | ${same ? 'yes' : `no: ${theirs === 0 ? '' : `${fmt((100 * (ours - theirs)) / theirs, 2)}%`} ${why}`} |`,
    );
  };
  row('requests', requests, ga.general.valid_requests, 'GoAccess leaves out lines it cannot read or excludes');
  for (const d of ga.status_codes.data) {
    const c = `${d.data[0]}xx`;
    row(`status ${c}`, (classes as Record<string, number>)[c] ?? 0, d.hits.count);
  }
  row(
    'visitors (distinct client addresses)',
    v.distinct,
    ga.hosts.metadata.data.total.value,
    v.exact ? '' : `urikit's is a HyperLogLog estimate past --track (±${fmt(100 * v.error!, 2)}% standard error)`,
  );
  row('bytes', uk.bytes!.total, ga.general.bandwidth);
  console.log(`\nGoAccess's "unique visitors" (${ga.general.unique_visitors}) count distinct address, day and user agent triples.\n`);
}

/** The batch API, in this process, over the repeating log's URIs. */
function batch(uris: Buffer): void {
  let count = 0;
  for (let p = uris.indexOf(10); p !== -1; p = uris.indexOf(10, p + 1)) count++;
  const rec = new Uint32Array(OFFSETS_LENGTH);
  let sink = 0;
  const candidates: Array<[string, () => void]> = [
    [
      'LineScanner over the Buffer (scan only)',
      () => {
        const ls = new LineScanner(uris);
        while (ls.next()) if (ls.code === 0) sink++;
      },
    ],
    [
      'toString + split("\\n") + scan(line)',
      () => {
        for (const line of uris.toString().split('\n')) if (scan(line, rec) === 0) sink++;
      },
    ],
    [
      'LineScanner, reading each host',
      () => {
        const ls = new LineScanner(uris);
        while (ls.next()) sink += ls.host?.length ?? 0;
      },
    ],
    [
      'toString + split("\\n") + tryParse(line).host',
      () => {
        for (const line of uris.toString().split('\n')) sink += tryParse(line)?.host?.length ?? 0;
      },
    ],
  ];
  console.log(`## Batch API over the repeating log's URIs (${fmt(count, 0)} lines, ${fmt(uris.length / 1e6)} MB)\n`);
  console.log('| method | URLs/s | MB/s |');
  console.log('| --- | ---: | ---: |');
  for (const [name, f] of candidates) {
    const t = best(f);
    console.log(`| ${name} | ${fmt(count / t / 1e6, 2)} M | ${fmt(uris.length / 1e6 / t)} |`);
  }
  if (sink === -1) console.log(sink);
}

const chosen = chosenLogs();
const dir = mkdtempSync(join(os.tmpdir(), 'urikit-bench-cli-'));
try {
  let uris: Buffer | null = null;
  const logs: LogFacts[] = [];
  for (const name of chosen) {
    const path = join(dir, `${name}.log`);
    process.stderr.write(`generating the ${name} log in ${dir} …\n`);
    if (name === 'repeating') {
      uris = repeating(path, MB * 1e6);
    } else {
      const fd = openSync(path, 'w');
      try {
        accessLog(name, LINES, (block) => writeSync(fd, block));
      } finally {
        closeSync(fd);
      }
    }
    logs.push(facts(name, path));
  }
  const cpus = os.cpus();
  console.log(`# urikit CLI and batch throughput\n`);
  console.log(`${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}, ${new Date().toISOString()}\n`);
  console.log('The logs (combined format, generated before anything is timed):\n');
  console.log('| log | what it is | lines | MB | distinct request targets |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  const WHAT: Record<LogName, string> = {
    repeating: "bench/data's Apache targets and referrers, cycled",
    api: "a REST API's (traffic/logs.ts): user and repository names, numbers, hashes",
    shop: "a shop's (traffic/logs.ts): ids, UUIDs, hashed assets, percent-encoded searches",
  };
  for (const l of logs) console.log(`| ${l.name} | ${WHAT[l.name]} | ${fmt(l.lines, 0)} | ${fmt(l.size / 1e6)} | ${fmt(l.distinct, 0)} |`);
  console.log('');
  for (const l of logs) runLog(l);
  if (uris !== null) batch(uris);
} finally {
  if (KEEP) process.stderr.write(`the logs are kept in ${dir}\n`);
  else rmSync(dir, { recursive: true, force: true });
}

/**
 * Redis jobs end to end: `npm run bench:redis [-- --lines=500000 --shards=16 --repeat=3]`.
 *
 * 1. Writes a file of `--lines` URLs in the system's temporary folder: the kasztp URLs of
 *    bench/data, each in two spellings (as written, and with the scheme and host in upper case and
 *    the default port), copies told apart by a `?copy=K` query, shuffled by a fixed seed.
 * 2. Starts redis-server on a free loopback port (no persistence), stopped by its PID at the end.
 * 3. Runs the real binary, one process each, `--repeat` rounds (medians reported, with the range):
 *    the single-process `normalize --dedupe FILE`; a job with 1 and with 2 `normalize --from …
 *    --to …` workers started before `publish`, so that they run alongside it (the wall time runs
 *    from publish's start until the last worker exits); the floor (redis-floor.ts: the same bytes
 *    through ioredis and Redis with none of urikit's code). Every process's CPU time (user +
 *    system) is taken by the process itself at its exit, redis-server's from INFO cpu.
 * 4. CPU per line, starts apart: each of those runs again on an empty input, and its CPU taken
 *    off (Node's start, module loading, connecting, the job's setup), so that what a line costs
 *    is compared, not what a process costs to start: publish, the worker and redis-server against
 *    the local run and against the floor. Issue 35's goal: the job ≤ 1.3× the local run per line.
 * 5. Workers: the throughput with 1 and 2 workers (measured), and with 4, modelled from the CPU
 *    per worker (the machine has 2 cores): k workers split the 2 workers' CPU; publish and
 *    redis-server (one thread) as measured; the job goes at its slowest part's pace.
 * 6. Where the time goes, measured on a run in phases (publish alone, then one worker alone, under
 *    `node --cpu-prof`): the worker's wall time split by its CPU profile into urikit's own code
 *    (scan, normalize, the CLI), urikit's Redis code (src/cli/redis/), ioredis, Node (garbage
 *    collector, runtime) and idle (waiting for replies); redis-server's CPU time over the same
 *    phase and its time per command (INFO commandstats); the loopback round trip (1000 PINGs).
 * 7. Sizing: the same URLs loaded into a job with `--seen exact` and one with `--seen digest`
 *    (by `normalize FILE --to`), the bytes per URL of each shard's seen-set and frontier, and the
 *    bytes of the shard's totals hash (`:counts`, two fields whatever the URLs: not per URL)
 *    (MEMORY USAGE … SAMPLES 0: every element counted).
 *
 * The machine may be shared: compare the rows of one run, not numbers across runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { numberOption } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const LINES = numberOption('lines', 500_000);
const SHARDS = numberOption('shards', 16);
const REPEAT = numberOption('repeat', 3);

/** The kasztp URLs in two spellings, `LINES` lines in all, shuffled; returns the first spellings' average length. */
function generate(path: string): number {
  const urls = readFileSync(join(root, 'bench/data/ada_kasztp.txt'), 'utf8')
    .split('\n')
    .filter((l) => /^https:\/\/[a-z0-9.-]+\//.test(l));
  const lines: string[] = [];
  let bytes = 0;
  for (let copy = 0; lines.length < LINES; copy++) {
    for (const u of urls) {
      if (lines.length >= LINES) break;
      const q = `${u.includes('?') ? '&' : '?'}copy=${copy}`;
      const slash = u.indexOf('/', 8);
      lines.push(`${u}${q}`);
      bytes += u.length + q.length;
      if (lines.length < LINES) lines.push(`HTTPS://${u.slice(8, slash).toUpperCase()}:443${u.slice(slash)}${q}`);
    }
  }
  let s = 12345;
  for (let i = lines.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return bytes / Math.ceil(LINES / 2);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

interface Done {
  code: number | null;
  /** CPU seconds (user + system) the process reported at its exit. */
  cpu: number;
  /** Wall seconds from its start. */
  wall: number;
  /** The end of what it wrote to standard error. */
  err: string;
}

const CPU_MARK = 'urikit-bench-cpu ';

/**
 * Runs the CLI in a process of its own, with standard output to /dev/null; the process writes its
 * CPU time to standard error as it exits (a preloaded module does).
 */
function cli(args: string[], node: string[] = []): { proc: ChildProcess; done: Promise<Done> } {
  return timed([...node, '--import', CPU_HOOK, 'bin/urikit.js', ...args]);
}

/** Runs node with `argv` in a process of its own, which writes its CPU time at its exit; `stdout`: a file descriptor, or none. */
function timed(argv: string[], stdout: number | 'ignore' = 'ignore'): { proc: ChildProcess; done: Promise<Done> } {
  const started = performance.now();
  const proc = spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', stdout, 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (b) => {
    err += b;
    if (err.length > 1 << 16) err = err.slice(-4096);
  });
  const done = new Promise<Done>((resolve) => {
    proc.once('close', (code) => {
      const i = err.lastIndexOf(CPU_MARK);
      resolve({
        code,
        cpu: i === -1 ? NaN : Number(err.slice(i + CPU_MARK.length).split('\n')[0]),
        wall: (performance.now() - started) / 1000,
        err: err.slice(-2000),
      });
    });
  });
  return { proc, done };
}

/** The preloaded module: writes the process's CPU seconds to standard error at its exit. */
const CPU_HOOK = `data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('${CPU_MARK}'+((u.user+u.system)/1e6)+'\\n')})`;

async function redisCpu(r: Redis): Promise<number> {
  const info = await r.info('cpu');
  const get = (k: string): number => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)![1]);
  return get('used_cpu_user') + get('used_cpu_sys');
}

/** Redis's time per command since the last reset: [command, calls, seconds]. */
async function commandTimes(r: Redis): Promise<Array<[string, number, number]>> {
  const info = await r.info('commandstats');
  const rows: Array<[string, number, number]> = [];
  for (const m of info.matchAll(/^cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/gm)) rows.push([m[1]!, Number(m[2]), Number(m[3]) / 1e6]);
  return rows.sort((a, b) => b[2] - a[2]);
}

/** A phase of the breakdown run: one process alone, and redis-server meanwhile. */
interface Phase {
  done: Done;
  redis: number;
  commands: Array<[string, number, number]>;
}

/** The median of `xs`. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** One job's run: its wall time, and the CPU seconds of each kind of process. */
interface JobRun {
  wall: number;
  workers: number;
  /** Each worker's own CPU seconds. */
  each: number[];
  publish: number;
  redis: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'urikit-bench-redis-'));
  const file = join(dir, 'urls.txt');
  const empty = join(dir, 'empty.txt');
  writeFileSync(empty, '');
  const average = generate(file);
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  const r = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  r.on('error', () => {});
  try {
    // The server takes a moment to listen: ten seconds at most.
    for (let tries = 0; ; tries++) {
      try {
        await r.connect();
        break;
      } catch (e) {
        if (tries === 100) throw e;
        r.disconnect();
        await new Promise((res) => setTimeout(res, 100));
      }
    }
    const url = `redis://127.0.0.1:${port}`;
    let jobs = 0;
    const init = async (job: string, ...more: string[]): Promise<string> => {
      const U = `${url}/${job}`;
      if ((await cli(['redis', 'init', '--redis', U, '--shards', String(SHARDS), '-q', ...more]).done).code !== 0)
        throw new Error('redis init failed');
      return U;
    };
    const t = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++) await r.ping();
    const rtt = Number(process.hrtime.bigint() - t) / 1e3 / 1000;
    const load = loadavg();

    /** A job of `workers` workers started before publish of `input`; the wall time runs from publish's start until the last worker exits. */
    const job = async (workers: number, input: string, ...more: string[]): Promise<JobRun> => {
      const U = await init(`bench${++jobs}`, ...more);
      const before = await redisCpu(r);
      const started = performance.now();
      const ws = Array.from({ length: workers }, () => cli(['normalize', '--from', U, '--to', U, '--quiet']));
      const pub = await cli(['publish', '--to', U, '--quiet', input]).done;
      const done = await Promise.all(ws.map((w) => w.done));
      const wall = (performance.now() - started) / 1000;
      if (pub.code !== 0 || done.some((d) => d.code === 2)) throw new Error(`a process failed: ${JSON.stringify([pub, done])}`);
      // The job's keys go: the next job's Redis CPU is not that of a fuller server.
      await r.del(...(await r.keys(`urikit:{bench${jobs}*`)));
      return {
        wall,
        workers: done.reduce((a, d) => a + d.cpu, 0),
        each: done.map((d) => d.cpu),
        publish: pub.cpu,
        redis: (await redisCpu(r)) - before,
      };
    };

    // The floor: the same bytes through ioredis and Redis with none of urikit's code.
    const normal = join(dir, 'normal.txt');
    const fd = openSync(normal, 'w');
    await timed(['bin/urikit.js', 'normalize', '--dedupe', '--quiet', file], fd).done;
    closeSync(fd);
    const floorPhase = async (mode: string, path: string): Promise<[number, number]> => {
      const before = await redisCpu(r);
      const done = await timed([join(root, 'build/bench/redis-floor.js'), mode, String(port), String(SHARDS), path]).done;
      if (done.code !== 0) throw new Error(`the floor's ${mode} failed: ${done.err}`);
      return [done.cpu, (await redisCpu(r)) - before];
    };
    const floorRun = async (input: string, normals: string): Promise<{ publish: number; take: number; redis: number }> => {
      const [p, pr] = await floorPhase('publish', input);
      const [t2, tr] = await floorPhase('take', normals);
      return { publish: p, take: t2, redis: pr + tr };
    };

    // Each measurement REPEAT times, in turns, with the same processes on empty input for their starts.
    const samples: Record<string, number[]> = {};
    const add = (k: string, v: number): void => {
      (samples[k] ??= []).push(v);
    };
    const walls: Record<string, number[]> = {};
    for (let round = 0; round < REPEAT; round++) {
      const local = await cli(['normalize', '--dedupe', '--quiet', file]).done;
      const local0 = await cli(['normalize', '--dedupe', '--quiet', empty]).done;
      add('local', local.cpu - local0.cpu);
      (walls.local ??= []).push(local.wall);
      const one = await job(1, file);
      const zero = await job(1, empty);
      add('publish', one.publish - zero.publish);
      add('worker', one.workers - zero.workers);
      add('redis', one.redis - zero.redis);
      (walls.one ??= []).push(one.wall);
      add('one.total', one.publish + one.workers + one.redis);
      const two = await job(2, file);
      add('two.workers', two.workers - 2 * zero.workers);
      add('two.publish', two.publish - zero.publish);
      add('two.redis', two.redis - zero.redis);
      add('two.max', Math.max(...two.each) - zero.workers);
      (walls.two ??= []).push(two.wall);
      const f = await floorRun(file, normal);
      const f0 = await floorRun(empty, empty);
      add('floor.publish', f.publish - f0.publish);
      add('floor.take', f.take - f0.take);
      add('floor.redis', f.redis - f0.redis);
      add('start.local', local0.cpu);
      add('start.publish', zero.publish);
      add('start.worker', zero.workers);
      add('start.floor', f0.publish);
    }
    const m: Record<string, number> = {};
    for (const [k, v] of Object.entries(samples)) m[k] = median(v);
    const spread: Record<string, [number, number]> = {};
    for (const [k, v] of Object.entries(samples)) spread[k] = [Math.min(...v), Math.max(...v)];
    const wall = (k: string): number => median(walls[k]!);

    // In phases: publish alone, then one worker alone, profiled.
    const P = await init('phases');
    const phase = async (args: string[], node: string[] = []): Promise<Phase> => {
      await r.config('RESETSTAT');
      const before = await redisCpu(r);
      const done = await cli(args, node).done;
      return { done, redis: (await redisCpu(r)) - before, commands: await commandTimes(r) };
    };
    const published = await phase(['publish', '--to', P, '--quiet', file]);
    const profiles = join(dir, 'profiles');
    const worked = await phase(['normalize', '--from', P, '--to', P, '--quiet'], ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
    const profile = breakdown(join(profiles, readdirSync(profiles)[0]!));

    const D = await init('size-digest', '--seen', 'digest', '--expected', String(LINES));
    await cli(['normalize', '--quiet', '--threads', '2', file, '--to', D]).done;
    const E = await init('size-exact');
    await cli(['normalize', '--quiet', '--threads', '2', file, '--to', E]).done;
    console.log(
      `urikit bench:redis: ${LINES.toLocaleString('en-US')} lines (${(await frontierSize(r, 'size-exact')).toLocaleString('en-US')} distinct normal forms), ${SHARDS} shards, redis-server on loopback (round trip ${rtt.toFixed(0)} µs); ${REPEAT} rounds, medians; load average ${load
        .map((l) => l.toFixed(1))
        .join(' ')} at the start, ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end, on ${cpus().length} cores\n`,
    );
    reportPerLine(m, spread);
    reportScaling(m, wall);
    reportPhases(published, worked, profile);
    console.log(`\nSizing: the first spellings average ${average.toFixed(1)} bytes.`);
    await sizing(r, [
      ['exact', 'size-exact', 1],
      ['digest', 'size-digest', Number(await r.hget('urikit:{size-digest}', 'buckets'))],
    ]);
  } finally {
    r.disconnect();
    server.kill('SIGTERM');
    await new Promise((res) => server.once('exit', res));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The seconds of a CPU profile by where they were spent. */
function breakdown(path: string): Array<[string, number]> {
  const p = JSON.parse(readFileSync(path, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const where = new Map<number, string>();
  for (const n of p.nodes) {
    const { url, functionName } = n.callFrame;
    where.set(
      n.id,
      functionName === '(idle)'
        ? 'idle: waiting for replies'
        : url.includes('/node_modules/')
          ? 'ioredis (commands, replies)'
          : url.includes('/dist/cli/redis/')
            ? "urikit's Redis code (batches, hosts, digests)"
            : url.includes('/dist/')
              ? 'urikit (lines, scan, normalize)'
              : 'Node (garbage collector, streams, runtime)',
    );
  }
  const time = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const k = where.get(id)!;
    time.set(k, (time.get(k) ?? 0) + p.timeDeltas[i]! / 1e6);
  });
  return [...time].sort((a, b) => b[1] - a[1]);
}

async function frontierSize(r: Redis, job: string): Promise<number> {
  let n = 0;
  for (let i = 0; i < SHARDS; i++) n += Number((await r.hget(`urikit:{${job}:${i}}:counts`, ':urls')) ?? 0);
  return n;
}

/** Bytes per URL of each kind of key, in all shards of each job. */
async function sizing(r: Redis, jobs: Array<[mode: string, job: string, buckets: number]>): Promise<void> {
  console.log('\n| --seen | URLs | seen-set B/URL | frontier B/URL | totals hash B/shard | all B/URL | a shard (MB) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const usage = async (key: string): Promise<number> => Number((await r.memory('USAGE', key, 'SAMPLES', 0)) ?? 0);
  for (const [mode, job, buckets] of jobs) {
    let seen = 0;
    let frontier = 0;
    let counts = 0;
    for (let i = 0; i < SHARDS; i++) {
      const tag = `urikit:{${job}:${i}}`;
      if (mode === 'exact') seen += await usage(`${tag}:seen`);
      else for (let b = 0; b < buckets; b++) seen += await usage(`${tag}:seen:${b}`);
      frontier += await usage(`${tag}:frontier`);
      counts += await usage(`${tag}:counts`);
    }
    const n = await frontierSize(r, job);
    const per = (b: number): string => (b / n).toFixed(1);
    console.log(
      `| ${mode} | ${n.toLocaleString('en-US')} | ${per(seen)} | ${per(frontier)} | ${(counts / SHARDS).toFixed(0)} | ${per(seen + frontier + counts)} | ${((seen + frontier + counts) / SHARDS / 1e6).toFixed(2)} |`,
    );
  }
}

const rate = (n: number, s: number): string => `${Math.round(n / s).toLocaleString('en-US')}`;
const sec = (s: number): string => s.toFixed(2);
/** µs per line of `s` CPU seconds. */
const us = (s: number): string => ((s / LINES) * 1e6).toFixed(2);

/**
 * CPU per line, each process's start apart (its CPU on an empty input taken off), against the
 * local run and against the floor.
 */
function reportPerLine(m: Record<string, number>, spread: Record<string, [number, number]>): void {
  const local = m.local!;
  const job = m.publish! + m.worker! + m.redis!;
  const floor = m['floor.publish']! + m['floor.take']! + m['floor.redis']!;
  const range = (k: string): string => `${us(spread[k]![0])}–${us(spread[k]![1])}`;
  console.log("CPU per line, each process's start apart (its CPU on an empty input taken off), 1 worker:\n");
  console.log('| CPU per line | µs | (range) | vs local | vs the floor |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(`| local \`normalize --dedupe\` | ${us(local)} | ${range('local')} | 1.00 | — |`);
  const row = (name: string, k: string, fk: string | null, note = ''): void =>
    console.log(
      `| ${name} | ${us(m[k]!)} | ${range(k)} | ${(m[k]! / local).toFixed(2)} | ${fk === null ? '—' : `${(m[k]! / m[fk]!).toFixed(2)}× the floor's ${us(m[fk]!)}${note}`} |`,
    );
  row('publish', 'publish', 'floor.publish');
  console.log(
    `| worker (normalizing too) | ${us(m.worker!)} | ${range('worker')} | ${(m.worker! / local).toFixed(2)} | ${us(m.worker! - local)} above the local run: ${((m.worker! - local) / m['floor.take']!).toFixed(2)}× the floor's reader's ${us(m['floor.take']!)} |`,
  );
  row('redis-server', 'redis', 'floor.redis');
  console.log(
    `| **the job** | **${us(job)}** | | **${(job / local).toFixed(2)}×** | local + the floor: ${((local + floor) / local).toFixed(2)}× |`,
  );
  console.log(
    `\nThe floor (bench/redis-floor.ts: the same bytes through ioredis and Redis, none of urikit's code) moves a line for ${us(floor)} µs of CPU, ${((100 * floor) / local).toFixed(0)}% of the local run's ${us(local)} µs: a job that also does the local run's work costs at least ${((local + floor) / local).toFixed(2)}× it per line. Starts (CPU s on an empty input, not counted above): local ${sec(m['start.local']!)}, publish ${sec(m['start.publish']!)}, a worker ${sec(m['start.worker']!)}, the floor's publish ${sec(m['start.floor']!)}. Goal (issue 35, item 8): the job ≤ 1.30× the local run.`,
  );
}

/**
 * Throughput with 1 and 2 workers (measured), and 4 (modelled): on enough cores, a job goes at the
 * pace of its slowest part: publish, Redis (one thread), or the workers, which split the lines.
 */
function reportScaling(m: Record<string, number>, wall: (k: string) => number): void {
  console.log('\nWorkers (started, then publish; wall time until the last worker exits; CPU s per process, starts apart):\n');
  console.log('| run | wall s | URLs/s | worker CPU s (the busiest) | publish CPU s | redis-server CPU s |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(`| local \`normalize --dedupe\` | ${sec(wall('local'))} | ${rate(LINES, wall('local'))} | ${sec(m.local!)} | — | — |`);
  console.log(
    `| 1 worker | ${sec(wall('one'))} | ${rate(LINES, wall('one'))} | ${sec(m.worker!)} | ${sec(m.publish!)} | ${sec(m.redis!)} |`,
  );
  console.log(
    `| 2 workers | ${sec(wall('two'))} | ${rate(LINES, wall('two'))} | ${sec(m['two.workers']!)} (${sec(m['two.max']!)}) | ${sec(m['two.publish']!)} | ${sec(m['two.redis']!)} |`,
  );
  // Modelled: each of k workers does 1/k of the two workers' CPU per line; publish and Redis as measured.
  const perWorker = m['two.workers']! / 2;
  const model = (k: number): number => Math.max((perWorker * 2) / k, m['two.publish']!, m['two.redis']!);
  console.log(
    `\nModelled on enough cores (this machine has ${cpus().length}, shared): k workers split the 2 workers' CPU (${sec(m['two.workers']!)} s), publish and redis-server as measured with 2; the job goes at its slowest part's pace:\n`,
  );
  console.log('| workers | CPU s per worker | bound by | URLs/s |');
  console.log('| ---: | ---: | --- | ---: |');
  for (const k of [1, 2, 4]) {
    const t = model(k);
    const by = t === m['two.publish'] ? 'publish' : t === m['two.redis'] ? 'redis-server' : 'the workers';
    console.log(`| ${k} | ${sec((perWorker * 2) / k)} | ${by} | ${rate(LINES, t)} |`);
  }
}

function reportPhases(published: Phase, worked: Phase, profile: Array<[string, number]>): void {
  const w = worked.done;
  console.log(
    `\nIn phases: publish alone ${sec(published.done.wall)} s (${rate(LINES, published.done.wall)} lines/s; CPU ${sec(published.done.cpu)} s, redis-server ${sec(published.redis)} s),`,
  );
  console.log(
    `then one worker alone ${sec(w.wall)} s (${rate(LINES, w.wall)} URLs/s; CPU ${sec(w.cpu)} s, redis-server ${sec(worked.redis)} s). The worker's CPU profile, by where its samples fell (a process that waits for the CPU is sampled late: shares, not seconds, are what it measures):\n`,
  );
  console.log('| where | share of samples | of the CPU time (s) |');
  console.log('| --- | ---: | ---: |');
  const total = profile.reduce((a, [, t]) => a + t, 0);
  const busy = profile.filter(([k]) => !k.startsWith('idle')).reduce((a, [, t]) => a + t, 0);
  for (const [k, t] of profile)
    console.log(`| ${k} | ${((100 * t) / total).toFixed(0)}% | ${k.startsWith('idle') ? '—' : sec((w.cpu * t) / busy)} |`);
  console.log("\nRedis's time by command in the worker's phase (INFO commandstats, wall time inside the server):\n");
  for (const [cmd, calls, t] of worked.commands.slice(0, 6))
    console.log(`  ${cmd.padEnd(12)} ${String(calls).padStart(8)} calls  ${sec(t)} s`);
}

await main();

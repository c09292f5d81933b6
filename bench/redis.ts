/**
 * Redis jobs end to end: `npm run bench:redis [-- --lines=500000 --shards=16]`.
 *
 * 1. Writes a file of `--lines` URLs in the system's temporary folder: the kasztp URLs of
 *    bench/data, each in two spellings (as written, and with the scheme and host in upper case and
 *    the default port), copies told apart by a `?copy=K` query, shuffled by a fixed seed.
 * 2. Starts redis-server on a free loopback port (no persistence), stopped by its PID at the end.
 * 3. Runs the real binary, one process each: the single-process `normalize --dedupe FILE`; then
 *    a job with 1 and with 2 `normalize --from … --to …` workers, and with 1 worker and
 *    `--seen digest`, started before `publish` so that they run alongside it. The wall time runs
 *    from publish's start until the last worker exits. URLs/s = lines of the file / wall time.
 * 4. Where the time goes, measured on a run in phases (publish alone, then one worker alone, under
 *    `node --cpu-prof`): the worker's wall time split by its CPU profile into urikit's own code
 *    (scan, normalize, the CLI), urikit's Redis code (src/cli/redis/), ioredis, Node (garbage
 *    collector, runtime) and idle (waiting for replies); redis-server's CPU time over the same
 *    phase (INFO cpu) and its time per command (INFO commandstats); the loopback round trip
 *    (1000 PINGs one after the other). Every process's CPU time (user + system) is taken by the
 *    process itself at its exit.
 * 5. The floor (redis-floor.ts): the same bytes through ioredis and Redis with none of urikit's
 *    code, the file's lines in entries and the local run's normal forms committed back; the
 *    publish process and Redis's CPU under it are a cost no job avoids and no local run pays.
 * 6. Sizing: the same URLs in a job with `--seen digest` too (loaded by `normalize FILE --to`),
 *    and, for both modes, the bytes per URL of each shard's seen-set and frontier, and the bytes
 *    of the shard's totals hash (`:counts`, two fields whatever the URLs: not per URL)
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

interface Row {
  name: string;
  wall: number;
  /** CPU seconds of urikit's processes (workers, and publish). */
  workers: number;
  publish: number;
  redis: number;
}

/** A phase of the breakdown run: one process alone, and redis-server meanwhile. */
interface Phase {
  done: Done;
  redis: number;
  commands: Array<[string, number, number]>;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'urikit-bench-redis-'));
  const file = join(dir, 'urls.txt');
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
    const init = async (job: string, ...more: string[]): Promise<string> => {
      const U = `${url}/${job}`;
      if ((await cli(['redis', 'init', '--redis', U, '--shards', String(SHARDS), '-q', ...more]).done).code !== 0)
        throw new Error('redis init failed');
      return U;
    };
    const t = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++) await r.ping();
    const rtt = Number(process.hrtime.bigint() - t) / 1e3 / 1000;

    const local = await cli(['normalize', '--dedupe', '--quiet', file]).done;
    const rows: Row[] = [];
    for (const [workers, digest] of [
      [1, false],
      [2, false],
      [1, true],
    ] as const) {
      const U = await init(`bench${workers}${digest ? 'd' : ''}`, ...(digest ? ['--seen', 'digest', '--expected', String(LINES)] : []));
      const before = await redisCpu(r);
      const started = performance.now();
      const ws = Array.from({ length: workers }, () => cli(['normalize', '--from', U, '--to', U, '--quiet']));
      const pub = await cli(['publish', '--to', U, '--quiet', file]).done;
      const done = await Promise.all(ws.map((w) => w.done));
      const wall = (performance.now() - started) / 1000;
      if (pub.code !== 0 || done.some((d) => d.code === 2)) throw new Error(`a process failed: ${JSON.stringify([pub, done])}`);
      rows.push({
        name: `${workers} worker${workers === 1 ? '' : 's'}${digest ? ', `--seen digest`' : ''}`,
        wall,
        workers: done.reduce((a, d) => a + d.cpu, 0),
        publish: pub.cpu,
        redis: (await redisCpu(r)) - before,
      });
    }

    // The floor: the same bytes through ioredis and Redis with none of urikit's code.
    const normal = join(dir, 'normal.txt');
    const fd = openSync(normal, 'w');
    await timed(['bin/urikit.js', 'normalize', '--dedupe', '--quiet', file], fd).done;
    closeSync(fd);
    const floorPhase = async (mode: string, path: string): Promise<[Done, number]> => {
      const before = await redisCpu(r);
      const done = await timed([join(root, 'build/bench/redis-floor.js'), mode, String(port), String(SHARDS), path]).done;
      if (done.code !== 0) throw new Error(`the floor's ${mode} failed`);
      return [done, (await redisCpu(r)) - before];
    };
    const floor = { publish: await floorPhase('publish', file), take: await floorPhase('take', normal) };

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
    report(local, rows, rtt, await frontierSize(r, 'bench1'), published, worked, profile);
    reportFloor(local, rows[0]!, floor);
    console.log(`\nSizing: the first spellings average ${average.toFixed(1)} bytes.`);
    await sizing(r, [
      ['exact', 'bench1', 1],
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

function report(
  local: Done,
  rows: Row[],
  rtt: number,
  distinct: number,
  published: Phase,
  worked: Phase,
  profile: Array<[string, number]>,
): void {
  console.log(
    `urikit bench:redis: ${LINES.toLocaleString('en-US')} lines (${distinct.toLocaleString('en-US')} distinct normal forms), ${SHARDS} shards, redis-server on loopback (round trip ${rtt.toFixed(0)} µs); load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores\n`,
  );
  console.log('End to end (workers started, then publish; until the last worker exits):\n');
  console.log('| run | wall s | URLs/s | vs local | CPU s: workers + publish | redis-server CPU s |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(`| local \`normalize --dedupe\` | ${sec(local.wall)} | ${rate(LINES, local.wall)} | 1.00× | ${sec(local.cpu)} | — |`);
  for (const row of rows)
    console.log(
      `| ${row.name} | ${sec(row.wall)} | ${rate(LINES, row.wall)} | ${(local.wall / row.wall).toFixed(2)}× | ${sec(row.workers)} + ${sec(row.publish)} | ${sec(row.redis)} |`,
    );
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
  console.log(
    `\nThe local run spends ${sec(local.cpu)} s of CPU on the same URLs; the worker ${sec(w.cpu)} s; redis-server ${sec(worked.redis)} s. Redis's time by command (INFO commandstats, wall time inside the server):\n`,
  );
  for (const [cmd, calls, t] of worked.commands.slice(0, 6))
    console.log(`  ${cmd.padEnd(12)} ${String(calls).padStart(8)} calls  ${sec(t)} s`);
}

/**
 * What the job costs above the local run, against what moving its data costs anyway (the floor:
 * redis-floor.ts). The local run neither publishes nor talks to Redis, so the floor's publish and
 * Redis's CPU under it are a part of any job's ratio that no worker code can remove.
 */
function reportFloor(local: Done, job: Row, floor: { publish: [Done, number]; take: [Done, number] }): void {
  const [fp, fpRedis] = floor.publish;
  const [ft, ftRedis] = floor.take;
  const jobCpu = job.workers + job.publish + job.redis;
  const moved = fp.cpu + fpRedis + ftRedis;
  console.log("\nThe floor: the same bytes through ioredis and Redis with none of urikit's code (bench/redis-floor.ts):\n");
  console.log('| CPU s | publish process | its reader (no normalizing) | redis-server | job / local |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(
    `| urikit, 1 worker | ${sec(job.publish)} | ${sec(job.workers)} (normalizing too) | ${sec(job.redis)} | ${(jobCpu / local.cpu).toFixed(2)}× |`,
  );
  console.log(
    `| floor | ${sec(fp.cpu)} | ${sec(ft.cpu)} | ${sec(fpRedis + ftRedis)} | ≥ ${((local.cpu + moved) / local.cpu).toFixed(2)}× |`,
  );
  console.log(
    `\nThe floor's publish and Redis alone take ${sec(moved)} s, ${((100 * moved) / local.cpu).toFixed(0)}% of the local run's ${sec(local.cpu)} s: a job that also does the local run's work (a worker normalizes and dedupes every line) costs at least ${((local.cpu + moved) / local.cpu).toFixed(2)}× the local run. Over the floor, urikit's publish adds ${sec(job.publish - fp.cpu)} s and Redis ${sec(job.redis - fpRedis - ftRedis)} s (runs, entry numbers, accounts, Lua).`,
  );
}

await main();

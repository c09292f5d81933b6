/**
 * `urikit redis export` (src/cli/redis/control.ts) against a real redis-server on loopback: the
 * frontier of a job that is not drained is refused (exit 1, saying what the job waits for), and
 * that of a job drain knows is wrong (exit 3), unless --partial; entries that Redis lost after a
 * file's run finished are named by drain with the resume that sends them, which makes the job
 * exact. And a commit admits a URL once, however often it holds it.
 */
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prometheus, type Status } from '../../src/cli/redis/control.js';
import { SCRIPTS } from '../../src/cli/redis/lua.js';
import { cli } from '../support/cli.js';
import { until } from '../support/redis.js';
import { JobNode } from '../support/redis-job.js';

const job = new JobNode(test);
const tmp = job.tmp;
const init = (name: string): Promise<string> => job.init(name);

const notDone = (U: string, why: string): string =>
  `urikit: redis export: ${U} is not done (${why}): its frontier is not whole yet. "urikit redis drain --redis ${U}" waits until it is; --partial exports what it holds now\n`;

test('export: refused until the input is closed and drained, unless --partial; --dead and a job of local inputs are not held back', async () => {
  const U = await init('half');
  // A worker's group, and no publish run yet: the input is not closed.
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    for (const i of [0, 1]) await c.xgroup('CREATE', `urikit:{half:${i}}:in`, 'normalize', '0', 'MKSTREAM');
  } finally {
    c.disconnect();
  }
  const early = await cli(['redis', 'export', '--redis', U]);
  assert.equal([early.code, early.out, early.err], [1, '', notDone(U, 'no publish run has finished')]);
  assert.is((await cli(['publish', '--to', U, '-q', tmp.file('half.txt', 'http://a.example/\nhttp://b.example/\n')])).code, 0);
  const unread = await cli(['redis', 'export', '--counts', '--redis', U]);
  assert.equal(
    [unread.code, unread.out, unread.err],
    [1, '', notDone(U, 'normalize: 2 entries unread, 0 pending (no normalize worker is running: start one)')],
  );
  assert.equal(await cli(['redis', 'export', '--redis', U, '--partial']), { code: 0, out: '', err: '' });
  assert.equal(await cli(['redis', 'export', '--redis', U, '--dead']), { code: 0, out: '', err: '' });
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  assert.equal(await cli(['redis', 'export', '--redis', U]), { code: 0, out: 'http://a.example/\nhttp://b.example/\n', err: '' });
  // A job that only local inputs fed (--to without --from) has nothing to wait for.
  const L = await init('local');
  assert.is((await cli(['normalize', '--to', L, '-q', tmp.file('local.txt', 'http://c.example/\n')])).code, 0);
  assert.equal(await cli(['redis', 'export', '--redis', L]), { code: 0, out: 'http://c.example/\n', err: '' });
});

test('a file run whose last entries Redis lost: drain names the resume, export refuses the frontier, the resume makes it exact', async () => {
  const U = `${job.server.url}/lost`;
  assert.is((await cli(['redis', 'init', '--redis', U, '--shards', '1', '-q'])).code, 0);
  const urls = Array.from({ length: 1000 }, (_, i) => `http://h.example/${i + 1}`);
  const file = tmp.file('lost.txt', `${urls.join('\n')}\n`);
  // What a promoted replica that lagged holds: the run's first two entries of four (250 lines
  // each) and its end. The run of the first 500 lines writes the same entries; its record is
  // then the whole file's.
  assert.is((await cli(['publish', '--to', U, '-q', tmp.file('first.txt', `${urls.slice(0, 500).join('\n')}\n`)])).code, 0);
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    await c.hset('urikit:{lost}', 'run:1', JSON.stringify({ entries: [4], lines: [1000], last: [1000] }));
  } finally {
    c.disconnect();
  }
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  const drained = await cli(['redis', 'drain', '--redis', U, '--timeout', '10s']);
  assert.equal(
    [drained.code, drained.err],
    [
      3,
      `urikit: redis drain: ${U}: shard 0, run 1: entries 3–4 (lines 501–1000 of the input, those of shard 0): Redis lost them after publish wrote them (a failover or a restart); send them again with: urikit publish --to ${U} --resume 1 FILE\nurikit: redis drain: ${U} is done, but not complete: 1 ranges of entries (within 500 lines of the input) and 0 other problems above\n`,
    ],
  );
  assert.equal(await cli(['redis', 'export', '--redis', U]), {
    code: 3,
    out: '',
    err: `urikit: redis export: ${U} is done, but not complete: 1 ranges of entries and 0 other problems ("urikit redis drain --redis ${U}" names them), so its frontier lacks URLs or holds some twice. --partial exports it as it is\n`,
  });
  assert.is((await cli(['redis', 'export', '--redis', U, '--partial'])).out.split('\n').length - 1, 500);
  const resumed = await cli(['publish', '--to', U, '-q', '--resume', '1', file]);
  assert.equal([resumed.code, resumed.err], [0, '']);
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  assert.is((await cli(['redis', 'drain', '--redis', U, '--timeout', '10s', '-q'])).code, 0);
  const exported = await cli(['redis', 'export', '--redis', U]);
  assert.equal([exported.code, exported.out.split('\n').slice(0, -1).sort()], [0, [...urls].sort()]);
});

test('a commit that holds a URL twice admits it once (exact and digest seen-sets)', async () => {
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    const exact = await c.eval(SCRIPTS.urikitAdmit, 3, 'x:f', 'x:c', 'x:s', '0', 'e', 'http://a/\nhttp://b/\nhttp://a/');
    const digest = await c.eval(
      SCRIPTS.urikitAdmit,
      3,
      'y:f',
      'y:c',
      'y:s',
      '0',
      'd',
      'http://a/\nhttp://b/\nhttp://a/',
      '7\n8\n7',
      '1,1,1',
    );
    const frontier = async (key: string): Promise<string[]> => (await c.xrange(key, '-', '+')).map(([, f]) => f[1]!);
    assert.equal(
      [exact, digest, await frontier('x:f'), await frontier('y:f'), await c.hget('x:c', ':urls'), await c.scard('x:s')],
      [2, 2, ['http://a/\nhttp://b/'], ['http://a/\nhttp://b/'], '2', 2],
    );
  } finally {
    c.disconnect();
  }
});

test('a commit of more than a slice (4,000 URLs) admits each URL once: known ones, twice in a slice, again in a later slice', async () => {
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    const u = (i: number): string => `http://h.example/${i}`;
    const admit = (urls: string[]): Promise<unknown> => c.eval(SCRIPTS.urikitAdmit, 3, 'z:f', 'z:c', 'z:s', '0', 'e', urls.join('\n'));
    // All new: the argument itself is the frontier entry.
    const first = Array.from({ length: 4500 }, (_, i) => u(i));
    // Known (0, 4499), twice in the first slice (at 10 and 20), in both slices (at 30 and 4100), new once each (4500 on).
    const second = Array.from({ length: 4200 }, (_, i) => u(4500 + i));
    second[0] = u(0);
    second[4199] = u(4499);
    second[10] = u(90_000);
    second[20] = u(90_000);
    second[30] = u(90_001);
    second[4100] = u(90_001);
    const expected = second.filter((_, i) => i !== 0 && i !== 4199 && i !== 20 && i !== 4100);
    // Known only in the second slice, and all new in the first: the list starts in the second.
    const third = [...Array.from({ length: 4000 }, (_, i) => u(10_000 + i)), u(1), u(20_000)];
    const counts = [await admit(first), await admit(second), await admit(third), await admit(third)];
    const entries = (await c.xrange('z:f', '-', '+')).map(([, f]) => f[1]!);
    assert.equal(
      [counts, entries.length, await c.scard('z:s'), await c.hget('z:c', ':urls')],
      [[4500, expected.length, 4001, 0], 3, 4500 + expected.length + 4001, String(4500 + expected.length + 4001)],
    );
    assert.equal(entries[0]!.split('\n'), first);
    assert.equal(entries[1]!.split('\n'), expected);
    assert.equal(entries[2]!.split('\n'), [...third.slice(0, 4000), u(20_000)]);
  } finally {
    c.disconnect();
  }
});

test('status: the rate over the last minute, a stuck worker named with how long, drain naming it; --prom', async () => {
  const U = await job.init('watch');
  assert.is(
    (await cli(['publish', '--to', U, '-q', tmp.file('watch.txt', 'http://a.example/\nhttp://b.example/\nhttp://c.example/\n')])).code,
    0,
  );
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    // Each acknowledgement counts its lines in the second's slot of a ring: all 3, within the minute.
    const runs = await Promise.all([0, 1].map((i) => c.hgetall(`urikit:{watch:${i}}:runs`)));
    const ring = runs.flatMap((h) => Object.entries(h).filter(([f]) => /^normalize:r:\d+$/.test(f)));
    assert.is(
      ring.reduce((n, [, v]) => n + Number(v.split(' ')[1]), 0),
      3,
    );
    // A ring of known seconds: 600 lines 10 s ago, 1000 two minutes ago (out of the window), the first commit 5 minutes ago.
    const now = Number((await c.time())[0]);
    const key = 'urikit:{watch:0}:runs';
    for (const [f] of ring) for (const i of [0, 1]) await c.hdel(`urikit:{watch:${i}}:runs`, f);
    await c.hset(
      key,
      `normalize:r:${(now - 10) % 64}`,
      `${now - 10} 600`,
      `normalize:r:${(now - 120) % 64}`,
      `${now - 120} 1000`,
      'normalize:t0',
      now - 300,
    );
    const s = JSON.parse((await cli(['redis', 'status', '--redis', U, '--json'])).out) as Status;
    assert.equal([s.groups.normalize!.rate, s.groups.normalize!.workers], [10, []]);
    assert.match(
      (await cli(['redis', 'status', '--redis', U])).out,
      '\n  normalize: 3 lines committed (10 lines/s over the last minute); 0 of 0 workers running;',
    );

    // A worker that holds entries and goes silent: named, with how long, by status and drain.
    const P = await job.init('stuck');
    assert.is((await cli(['publish', '--to', P, '-q', tmp.file('stuck.txt', 'http://a.example/\nhttp://b.example/\n')])).code, 0);
    let held = 0;
    for (const i of [0, 1]) {
      const k = `urikit:{stuck:${i}}:in`;
      await c.xgroup('CREATE', k, 'normalize', '0', 'MKSTREAM');
      const r = (await c.xreadgroup('GROUP', 'normalize', 'ghost', 'STREAMS', k, '>')) as Array<[string, unknown[]]> | null;
      held += r?.[0]?.[1].length ?? 0;
    }
    assert.is(held, 2);
    const status = async (): Promise<Status> => JSON.parse((await cli(['redis', 'status', '--redis', P, '--json'])).out);
    await until('the worker to be silent for 10 s', 20_000, async () => (await status()).groups.normalize!.running === 0, 500);
    const [ghost] = (await status()).groups.normalize!.workers;
    assert.equal([ghost!.name, ghost!.pending, ghost!.running, ghost!.idle >= 10], ['ghost', 2, false, true]);
    assert.match(
      (await cli(['redis', 'status', '--redis', P])).out,
      /\n {2}normalize: 0 lines committed; 0 of 1 workers running; 0 entries unread, 2 pending \(the oldest published \d+ s ago\)\n {4}worker ghost holds 2 entries and has not touched Redis for \d+ s: stuck, or dead \(another worker claims its entries after its --claim-idle\)\n/,
    );
    const drain = await cli(['redis', 'drain', '--redis', P, '--timeout', '100ms', '-q']);
    assert.is(drain.code, 1);
    assert.match(
      drain.err,
      new RegExp(
        `^urikit: redis drain: ${P.replace(/[/.]/g, '\\$&')} is not done after \\d+ ms: normalize: 0 entries unread, 2 pending \\(no normalize worker is running: ghost holds 2 entries and has not touched Redis for \\d+ s \\(stuck, or dead\\); start another, which claims them after its --claim-idle\\)\n$`,
      ),
    );

    // --prom: the same counters in Prometheus's text format.
    const prom = await cli(['redis', 'status', '--redis', P, '--prom']);
    assert.is(prom.code, 0, prom.err);
    const rows = prom.out.split('\n').slice(0, -1);
    assert.ok(
      rows.every((r) => /^# (HELP urikit_\w+ .+|TYPE urikit_\w+ (gauge|counter))$|^urikit_\w+\{job="stuck"(,\w+="[^"]*")*\} \d+$/.test(r)),
      prom.out,
    );
    for (const row of [
      'urikit_input_closed{job="stuck"} 1',
      'urikit_run_lines{job="stuck",run="1"} 2',
      'urikit_group_pending_entries{job="stuck",group="normalize"} 2',
      'urikit_group_workers_running{job="stuck",group="normalize"} 0',
      'urikit_worker_pending_entries{job="stuck",group="normalize",worker="ghost"} 2',
      'urikit_frontier_urls{job="stuck"} 0',
    ])
      assert.ok(rows.includes(row), row);
    assert.equal(await cli(['redis', 'status', '--redis', P, '--prom', '--json']), {
      code: 2,
      out: '',
      err: 'urikit: redis status writes one form: --json or --prom\nRun "urikit redis --help" for usage.\n',
    });
  } finally {
    c.disconnect();
  }
  // A label's value is escaped as the format asks: backslash, double quote, newline.
  const group = { lag: 0, pending: 1, lines: 0, consumers: 1, running: 0, oldestPending: null, rate: null };
  const text = prometheus({
    job: 'j',
    shards: 0,
    seen: 'exact',
    producers: { running: 0, finished: 0, started: 0 },
    closed: false,
    input: 0,
    urls: 0,
    dead: 0,
    memory: 0,
    runs: {},
    groups: { normalize: { ...group, workers: [{ name: 'a"b\\c\nd', pending: 1, idle: 3, running: false }] } },
    perShard: [],
  });
  assert.ok(text.includes('\nurikit_worker_idle_seconds{job="j",group="normalize",worker="a\\"b\\\\c\\nd"} 3\n'), text);
});

test.run();

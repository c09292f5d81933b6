/**
 * Redis jobs, in process, against real servers on loopback (a single node and a 3-master Redis
 * Cluster, started and stopped here): publish, workers, the frontier, the counts, claims and dead
 * letters, back-pressure, the control actions, usage errors, and the CLI without ioredis.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { Cluster, Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../src/cli/main.js';
import type { Status } from '../../src/cli/redis/control.js';
import { BATCH_LINES } from '../../src/cli/redis/entry.js';
import { groupsOn } from '../../src/cli/redis/groups.js';
import { shardOf } from '../../src/cli/redis/keys.js';
import { JOB_LOG_NOTE } from '../../src/cli/redis/stats.js';
import { accessLog, cli, root, Temp } from '../support/cli.js';
import { RedisCluster, RedisServer, spellings, until } from '../support/redis.js';

const tmp = new Temp();
let node: RedisServer;
let cluster: RedisCluster;

test.before(async () => {
  // An append-only file, as the README asks of a job's server: without one, every command that
  // writes notes what a restart would lose (tested below).
  node = await RedisServer.start({ appendfsync: 'everysec' });
  cluster = await RedisCluster.start(3, 0, { appendfsync: 'everysec' });
});

test.after(async () => {
  await node?.stop();
  await cluster?.stop();
  tmp.remove();
});

/** A client of the test's own, to look at what the CLI left in Redis. */
async function inspect<T>(url: string, use: (c: Redis | Cluster) => Promise<T>, isCluster = url === cluster.url): Promise<T> {
  const port = Number(url.slice(url.lastIndexOf(':') + 1));
  const c = isCluster ? new Cluster([{ host: '127.0.0.1', port }]) : new Redis({ host: '127.0.0.1', port });
  try {
    if (c.status !== 'ready') await new Promise((r) => c.once('ready', r));
    return await use(c);
  } finally {
    c.disconnect();
  }
}

/** An output whose every write fails with `code`. */
const failing = (code: string): Writable =>
  new Writable({
    write(_chunk, _enc, cb) {
      cb(Object.assign(new Error(`write ${code}`), { code }));
    },
  });

/** The message of the promise's rejection ('' if it resolves). */
const failure = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => '',
    (e: Error) => e.message,
  );

const sorted = (s: string): string[] =>
  s
    .split('\n')
    .filter((l) => l !== '')
    .sort();

/** The report minus its title line. */
const body = (table: string): string => table.slice(table.indexOf('\n'));

/** Each group's lag and pending entries. */
const backlog = (s: Status): Record<string, { lag: number; pending: number }> =>
  Object.fromEntries(Object.entries(s.groups).map(([g, x]) => [g, { lag: x.lag, pending: x.pending }]));

async function init(url: string, job: string, ...more: string[]): Promise<string> {
  const r = await cli(['redis', 'init', '--redis', url, '--job', job, '--quiet', ...more]);
  assert.is(r.code, 0, r.err);
  return `${url}/${job}`;
}

async function publish(to: string, text: string, ...more: string[]): Promise<void> {
  const r = await cli(['publish', '--to', to, '-q', ...more, tmp.file(`${to.replace(/\W/g, '_')}.txt`, text)]);
  assert.is(r.code, 0, r.err);
}

async function status(to: string): Promise<Status> {
  const r = await cli(['redis', 'status', '--redis', to, '--json']);
  assert.is(r.code, 0, r.err);
  return JSON.parse(r.out);
}

// ---------------------------------------------------------------------------------------------
// the whole flow, on a node and on a cluster

for (const where of ['node', 'cluster'] as const) {
  test(`a job on a ${where}: publish, two normalize workers and a stats worker; the frontier, counts, status, report, trim`, async () => {
    const url = where === 'node' ? node.url : cluster.url;
    const job = `flow-${where}`;
    const U = `${url}/${job}`;
    const made = await cli(['redis', 'init', '--redis', url, '--job', job, '--shards', '8']);
    assert.equal([made.code, made.out, made.err], [0, '', `urikit: created the job ${U} (8 shards, seen exact)\n`]);
    const kept = await cli(['redis', 'init', '--redis', U, '--shards', '8']);
    assert.equal([kept.code, kept.err], [0, `urikit: kept the job ${U} (8 shards, seen exact): it exists already\n`]);
    const clash = await cli(['redis', 'init', '--redis', url, '--job', job, '--shards', '8', '--seen', 'digest']);
    assert.equal(
      [clash.code, clash.err],
      [
        2,
        `urikit: the job "${job}" exists at ${U} with 8 shards, seen exact, not 8 shards, seen digest (4883 buckets a shard); choose another name, or keep its settings\n`,
      ],
    );

    const data = spellings(1500);
    const file = tmp.file(`${job}.txt`, data.text);
    const p = await cli(['publish', '--to', U, file]);
    assert.is(p.code, 0);
    assert.match(
      p.err,
      new RegExp(
        `^urikit: publish run 1 to ${U.replace(/[/.]/g, '\\$&')}\nurikit: published ${data.lines} lines in \\d+ entries to ${U.replace(/[/.]/g, '\\$&')} \\(8 shards; run 1\\)\n$`,
      ),
    );

    const [w1, w2, st] = await Promise.all([
      cli(['normalize', '--from', U, '--to', U]),
      cli(['normalize', '--from', U, '--to', U]),
      cli(['stats', '--from', U]),
    ]);
    const invalid = data.text.split('\n').filter((l) => l.startsWith('http://bad host/')).length;
    const reports = `${w1.err}${w2.err}`.split('\n').filter((l) => / left out: INVALID_CHAR at index 10: /.test(l));
    assert.is(reports.length, invalid);
    assert.equal([w1.out, w2.out, st.out], ['', '', '']);
    assert.is(st.err, `urikit: stats: counted ${data.lines} lines into ${U}; "urikit stats --from ${U} --report" prints the counts\n`);

    // The frontier: every normal form once, as the local normalize --dedupe finds them.
    const frontier = await cli(['redis', 'export', '--redis', U]);
    assert.equal(sorted(frontier.out), data.expected);
    assert.equal(sorted((await cli(['normalize', '--dedupe', file])).out), data.expected);
    const hosts = new Map<string, number>();
    for (const u of data.expected) {
      const h = /^[a-z]+:\/\/([^/]+)/.exec(u)?.[1];
      if (h !== undefined) hosts.set(h, (hosts.get(h) ?? 0) + 1);
    }
    const counts = await cli(['redis', 'export', '--counts', '--redis', U]);
    assert.equal(sorted(counts.out), [...hosts].map(([h, n]) => `${h}\t${n}`).sort());

    // stats --report: the local stats of the same file.
    const track = ['--track', '100000'];
    const report = await cli(['stats', '--from', U, '--report', ...track]);
    const local = await cli(['stats', file, ...track]);
    assert.ok(report.out.startsWith(`urikit stats: ${U}\n\nlines: ${data.lines}`));
    assert.is(body(report.out), body(local.out));
    assert.is(
      (await cli(['stats', '--from', U, '--report', '--json', ...track])).out,
      (await cli(['stats', '--json', file, ...track])).out,
    );

    const s = await status(U);
    assert.equal(
      [s.closed, s.urls, s.dead, backlog(s)],
      [true, data.expected.length, 0, { normalize: { lag: 0, pending: 0 }, stats: { lag: 0, pending: 0 } }],
    );
    assert.ok(s.memory > 0 && s.perShard.every((x) => x.memory > 0));
    const table = (await cli(['redis', 'status', '--redis', url, '--job', job])).out;
    // The rate of a group: its lines per second over the last minute (or since its first commit).
    const committed = (g: string): string =>
      `  ${g}: ${data.lines} lines committed \\(\\d+ lines/s over the last minute\\); 0 of 0 workers running; 0 entries unread, 0 pending\n`;
    assert.match(
      table,
      new RegExp(
        `^urikit redis status: ${U.replace(/[/.]/g, '\\$&')} \\(8 shards, seen exact\\)\nproducers: 0 running, 1 finished \\(the input is closed\\)\n  run 1: ${data.lines} lines in ${s.input} entries\ngroups: normalize, stats\n${committed('normalize')}${committed('stats')}\nshard  input  normalize lag/pending  stats lag/pending  dead  frontier URLs`,
      ),
    );
    assert.match(table, new RegExp(`\nall +${s.input} +0/0 +0/0 +0 +${data.expected.length} +[\\d.]+ [kM]B\n$`));

    // Every key is the job's, and a shard's keys share its hash tag; on the cluster the shards
    // are spread over the masters.
    const keys = await inspect(url, async (c) => {
      const nodes = c instanceof Cluster ? c.nodes('master') : [c];
      return (await Promise.all(nodes.map((n) => n.keys('*')))).map((ks) => ks.sort());
    });
    const shard = where === 'node' ? `${job}:[0-7]` : `${job}:[0-7]:\\d+`;
    const pattern = new RegExp(
      `^urikit:\\{${job}\\}(:producers)?$|^urikit:\\{${shard}\\}:(in|seen|frontier|counts|stats|runs|ids:1|(done|got):(normalize|stats):1|(top|hll):0[hps])$`,
    );
    assert.ok(
      keys.flat().every((k) => pattern.test(k)),
      keys.flat().join(' '),
    );
    if (where === 'cluster') assert.ok(keys.filter((ks) => ks.some((k) => k.endsWith(':in'))).length >= 2);

    const trimmed = await cli(['redis', 'trim', '--redis', U]);
    assert.equal(
      [trimmed.code, trimmed.err],
      [0, `urikit: redis trim: removed ${s.input} input entries that normalize, stats acknowledged\n`],
    );
    assert.is((await status(U)).input, 0);
    const late = await cli(['validate', '--from', U]);
    assert.is(late.code, 2);
    assert.match(
      late.err,
      /^urikit: no worker of validate has read urikit:\{flow-\w+:0(:\d+)?\}:in before, and entries of it were trimmed already/,
    );

    // delete: every key of the job, on every master; then the job is gone for every command.
    const deleted = await cli(['redis', 'delete', '--redis', U]);
    assert.is(deleted.code, 0);
    const removed = Number(/^urikit: redis delete: removed the job \S+ \((\d+) keys\)\n$/.exec(deleted.err)?.[1]);
    assert.ok(removed >= keys.flat().length, deleted.err);
    const left = await inspect(url, async (c) => {
      const nodes = c instanceof Cluster ? c.nodes('master') : [c];
      return (await Promise.all(nodes.map((n) => n.keys(`urikit:{${job}*`)))).flat();
    });
    assert.equal(left, []);
    const gone = await cli(['redis', 'status', '--redis', U]);
    assert.equal(
      [gone.code, gone.err],
      [2, `urikit: there is no job "${job}" at ${U}: create it first with "urikit redis init --redis ${url} --job ${job}"\n`],
    );
  });
}

// ---------------------------------------------------------------------------------------------
// the other commands as workers

test('resolve --from --to: the normal forms of the targets; validate and normalize --from write to standard output with the published line numbers', async () => {
  const U = await init(node.url, 'pairs', '--shards', '3');
  await publish(U, 'http://a/b/c\t../D/%7e\nhttp://A/b/c\t../d/~\nhttp://b/\t/x\nnot a base\tx\n\nhttp://c/\t?q\n');
  const r = await cli(['resolve', '--from', U, '--to', U]);
  assert.equal([r.code, r.out], [1, '']);
  assert.is(
    r.err,
    'urikit: line 4 left out: INVALID_CHAR at index 3: base: Invalid character \' \' at index 3 in "not a base"\nurikit: 1 invalid URI was left out (reported above); --lenient accepts the characters that logs often hold\n',
  );
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), ['http://a/D/~', 'http://a/d/~', 'http://b/x', 'http://c/?q']);

  const V = await init(node.url, 'lines', '--shards', '2');
  await publish(V, 'http://a/\n\nhttp://a b/\nHTTP://B/./x\nhttp://c/%zz\n');
  const v = await cli(['validate', '--from', V]);
  assert.is(v.code, 1);
  assert.equal(sorted(v.out), [
    '3:8: INVALID_CHAR: Invalid character \' \' at index 8 in "http://a b/"',
    '5:9: INVALID_PERCENT_ENCODING: Invalid percent-encoding "%zz" at index 9 in "http://c/%zz": "%" must be followed by two hex digits',
  ]);
  assert.is(v.err, 'urikit: 2 of 4 URIs are invalid; --lenient accepts the characters that logs often hold\n');
  // Lines as a local run reads them: a "\r" kept in a line stays; a line too long is left out by publish.
  const C = await init(node.url, 'cr', '--shards', '2');
  const crlf = tmp.file('cr.txt', `http://a/\r\r\nhttp://b/\r\n${'x'.repeat(200)}\nhttp://c/\n`);
  const pc = await cli(['publish', '--to', C, '--max-line-length', '100', crlf]);
  assert.is(
    pc.err,
    `urikit: publish run 1 to ${C}\nurikit: line 3 left out: LINE_TOO_LONG: Line too long: more than 100 bytes (--max-line-length 100); skipped (give a larger --max-line-length, or 0 for no limit, to read it)\nurikit: published 3 lines (1 left out) in 2 entries to ${C} (2 shards; run 1)\n`,
  );
  const vc = await cli(['validate', '--from', C]);
  const local = await cli(['validate', crlf]);
  assert.equal([vc.code, vc.out], [1, local.out]);
  assert.is(vc.out, `1:9: INVALID_CHAR: Invalid character '\\r' (U+000D) at index 9 in "http://a/\\r"\n`);
  const n = await cli(['normalize', '--from', V, '--lenient']);
  assert.equal([n.code, sorted(n.out)], [0, ['http://a%20b/', 'http://a/', 'http://b/x', 'http://c/%25zz']]);
});

test('a local file --to a job: committed twice, the frontier holds it once', async () => {
  const U = await init(node.url, 'local', '--shards', '4');
  const data = spellings(300);
  const file = tmp.file('local.txt', data.text);
  for (let i = 0; i < 2; i++) {
    const r = await cli(['normalize', file, '--to', U, '-q']);
    assert.equal([r.code, r.out], [1, '']);
  }
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), data.expected);
  assert.is((await status(U)).urls, 300);
  // The frontier holds what normalize --dedupe writes: the dedupe preset, or with --rfc-only the
  // RFC 3986 normal form.
  const tracked = tmp.file('tracked.txt', 'HTTP://A/x?utm_source=m&b=1#top\nhttp://a/x?b=1\n');
  for (const [job, more, forms] of [
    ['preset', [], ['http://a/x?b=1']],
    ['rfc', ['--rfc-only'], ['http://a/x?b=1', 'http://a/x?utm_source=m&b=1#top']],
  ] as const) {
    const P = await init(node.url, job, '--shards', '2');
    assert.is((await cli(['normalize', tracked, '--to', P, ...more])).code, 0);
    assert.equal(sorted((await cli(['redis', 'export', '--redis', P])).out), forms);
    assert.equal(sorted((await cli(['normalize', '--dedupe', ...more, tracked])).out), forms);
  }
  // With worker threads (a file above 256 KiB).
  const T = await init(node.url, 'threads', '--shards', '4');
  const big = spellings(10_000, 3);
  const r = await cli(['normalize', '--threads', '2', tmp.file('threads.txt', big.text), '--to', T, '-q']);
  assert.equal([r.code, r.out], [1, '']);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', T])).out), big.expected);
  // A failed commit stops the run: exit 2 with Redis's reason.
  const W = await init(node.url, 'wrong', '--shards', '1');
  await inspect(node.url, (c) => c.set('urikit:{wrong:0}:seen', 'not a set'));
  const w = await cli(['normalize', file, '--to', W]);
  assert.is(w.code, 2);
  assert.match(
    w.err,
    new RegExp(
      `urikit: cannot write the output: ${W.replace(/[/.]/g, '\\$&')}: .*WRONGTYPE Operation against a key holding the wrong kind of value`,
    ),
  );
  assert.match(await failure(inspect(node.url, (c) => groupsOn(c, 'urikit:{wrong:0}:seen'))), /^WRONGTYPE/);
});

test('stats --from --log combined: the report is the local stats of the log', async () => {
  const U = await init(cluster.url, 'log', '--shards', '5');
  const log = accessLog(3000);
  await publish(U, log, '--log', 'combined');
  const file = tmp.file('access.log', log);
  const workers = await Promise.all([
    cli(['stats', '--from', U, '--log', 'combined', '-q']),
    cli(['stats', '--from', U, '--log', 'combined', '-q']),
  ]);
  assert.equal(
    workers.map((w) => [w.code, w.out, w.err]),
    [
      [0, '', ''],
      [0, '', ''],
    ],
  );
  const report = await cli(['stats', '--from', U, '--report']);
  const local = await cli(['stats', '--log', 'combined', file]);
  assert.ok(report.out.startsWith(`urikit stats: ${U} (combined log)\n`));
  // A job's counts keep no times: the local report's line and JSON of them are all it has more.
  const time = '\ntime: 2015-05-17 10:05 to 2015-05-17 10:05 UTC, by minute: busiest 2015-05-17 10:05 (3000 requests)\n';
  assert.ok(local.out.includes(time), local.out);
  // Nor statuses, visitors, bytes, bots or broken links: the report says so on standard error.
  const requests = local.out.slice(local.out.indexOf('\nrequests: '), local.out.indexOf('\nrequest targets: '));
  assert.ok(requests.startsWith('\nrequests: 3000; visitors (distinct client addresses): 3000'), requests);
  assert.is(body(report.out), body(local.out.replace(time, '\n').replace(requests, '')));
  assert.is(report.err, `urikit: ${JOB_LOG_NOTE}\n`);
  assert.is((await cli(['stats', '--from', U, '--report', '-q'])).err, '');
  const localJson = JSON.parse((await cli(['stats', '--log', 'combined', '--json', file])).out);
  assert.equal(localJson.timeline, { unit: 'minute', start: '2015-05-17T10:05:00.000Z', counts: [3000], undated: 0 });
  for (const key of ['timeline', 'statuses', 'visitors', 'bytes', 'bots', 'brokenLinks']) delete localJson[key];
  assert.equal(JSON.parse((await cli(['stats', '--from', U, '--report', '--json'])).out), localJson);

  // --group-by: the workers count hosts by registrable domain; the report says so.
  const G = await init(node.url, 'domains', '--shards', '3');
  const hosts = 'http://a.example.co.uk/\nhttp://b.example.co.uk/x\nhttps://www.example.com/\nhttp://192.0.2.1/\nhttp://c.example.com/y\n';
  await publish(G, hosts);
  assert.is((await cli(['stats', '--from', G, '--group-by', 'domain', '-q'])).code, 0);
  const hostsFile = tmp.file('domains.txt', hosts);
  assert.is(
    (await cli(['stats', '--from', G, '--report', '--json'])).out,
    (await cli(['stats', '--group-by', 'domain', '--json', hostsFile])).out,
  );
});

test('--seen digest: 64-bit digests in intset buckets; the same frontier', async () => {
  const U = await init(node.url, 'digest', '--shards', '4', '--seen', 'digest', '--expected', '2000');
  const data = spellings(1000);
  await publish(U, data.text);
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 1);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), data.expected);
  const encodings = await inspect(node.url, async (c) =>
    Promise.all([0, 1].map((b) => c.object('ENCODING', `urikit:{digest:2}:seen:${b}`))),
  );
  assert.equal(encodings, ['intset', 'intset']);
  const s = await status(U);
  assert.ok(s.urls === 1000 && s.memory > 0);
  // SHA-256("http://a/") = 282a35d7a0da6ae4 8eee116a…: the first 8 bytes as a little-endian
  // signed integer, the next 4 modulo 2; FNV-1a 32 of the UTF-8 bytes, modulo 16 (by hand).
  assert.equal([shardOf('example.com', 16), shardOf('bücher.example', 16)], [6, 10]);
});

test('--seen digest: a commit of URLs seen before and new ones appends only the new ones', async () => {
  const U = await init(node.url, 'digest-mixed', '--shards', '2', '--seen', 'digest', '--expected', '2000');
  const data = spellings(1000);
  // Half the lines, then all of them: the second worker remembers none of the first's URLs, so
  // its commits hold URLs the seen-set has and URLs it lacks.
  const half = `${data.text.split('\n').slice(0, 1000).join('\n')}\n`;
  await publish(U, half);
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 1);
  const first = (await cli(['normalize', '--dedupe', tmp.file('half.txt', half)])).out;
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), sorted(first));
  assert.is(sorted(first).length, 757);
  await publish(U, data.text);
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 1);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), data.expected);
  assert.is((await status(U)).urls, 1000);
});

// ---------------------------------------------------------------------------------------------
// claims, dead letters, a consumer's own pending entries, --follow

/** Reads every entry of the job's shards as consumer `who` of `group`, and acknowledges none. */
async function hold(url: string, job: string, shards: number, group: string, who: string): Promise<number> {
  return inspect(url, async (c) => {
    let n = 0;
    for (let i = 0; i < shards; i++) {
      const key = `urikit:{${job}:${i}}:in`;
      await c.xgroup('CREATE', key, group, '0', 'MKSTREAM').catch(() => {});
      const r = (await c.xreadgroup('GROUP', group, who, 'COUNT', 10_000, 'STREAMS', key, '>')) as Array<[string, unknown[]]> | null;
      n += r?.[0]?.[1].length ?? 0;
    }
    return n;
  });
}

test('claims: entries a dead consumer held are taken after --claim-idle; past --max-deliveries they go to the dead letters', async () => {
  // Three entries or so in each shard.
  const data = spellings(4 * BATCH_LINES);
  const U = await init(node.url, 'claims', '--shards', '3');
  await publish(U, data.text);
  const held = await hold(node.url, 'claims', 3, 'normalize', 'ghost');
  assert.ok(held >= 8);
  const w = await cli(['normalize', '--from', U, '--to', U, '--claim-idle', '200ms', '-q']);
  assert.is(w.code, 1);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), data.expected);
  assert.equal(backlog(await status(U)), { normalize: { lag: 0, pending: 0 } });

  const D = await init(node.url, 'dead', '--shards', '3');
  await publish(D, data.text);
  const entries = await hold(node.url, 'dead', 3, 'normalize', 'ghost');
  // Four entries that urikit did not write.
  await inspect(node.url, async (c) => {
    await c.xadd('urikit:{dead:0}:in', '*', 'x', 'y');
    await c.xadd('urikit:{dead:1}:in', '*', 'r', '9', 's', '1', 'n', '1,1', 'd', 'one line');
    await c.xadd('urikit:{dead:2}:in', '*', 'r', '9', 's', '1', 'n', `${'1,'.repeat(30)}x`, 'd', 'a');
    await c.xadd('urikit:{dead:0}:in', '*', 'n', '1', 'd', 'z');
  });
  const d = await cli(['normalize', '--from', D, '--to', D, '--claim-idle', '0.2', '--max-deliveries', '1', '-q']);
  assert.is(d.code, 0);
  const notes = d.err.split('\n').filter((l) => l !== '');
  assert.is(notes.length, entries + 4);
  assert.ok(notes.every((l) => /^urikit: entry \d+-\d+ of shard [0-2] goes to the dead letters: /.test(l)));
  assert.is(notes.filter((l) => l.endsWith(': delivered 2 times (--max-deliveries 1)')).length, entries);
  assert.ok(notes.some((l) => l.endsWith('not an entry of urikit publish: it has no "n" and "d" fields')));
  assert.ok(notes.some((l) => l.endsWith('not an entry of urikit publish: it holds 1 lines and 2 line numbers')));
  assert.ok(notes.some((l) => l.endsWith('not an entry of urikit publish: it names no publish run and entry number ("r" and "s")')));
  assert.ok(
    notes.some((l) =>
      l.endsWith(
        'not an entry of urikit publish: its line numbers "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,…" are not numbers and differences',
      ),
    ),
  );
  const s = await status(D);
  assert.equal([s.dead, s.urls, backlog(s)], [entries + 4, 0, { normalize: { lag: 0, pending: 0 } }]);
  // The dead letters' lines: the input again (the foreign entries' "d" too).
  const dead = await cli(['redis', 'export', '--dead', '--redis', D]);
  assert.equal(dead.out.split('\n').sort(), [...data.text.split('\n'), 'one line', 'a', 'z'].sort());
  // An output that fails: exit 2.
  const errs: string[] = [];
  const stderr = new PassThrough();
  stderr.on('data', (b) => errs.push(String(b)));
  const code = await main(['redis', 'export', '--dead', '--redis', D], { stdin: new PassThrough(), stdout: failing('EIO'), stderr });
  assert.equal([code, errs.join('')], [2, 'urikit: cannot write the output: an input/output error (the device failed)\n']);
});

test('--consumer: a worker that comes back under its name first runs its own pending entries; --follow waits until SIGTERM', async () => {
  const data = spellings(300);
  const U = await init(node.url, 'own', '--shards', '2');
  await publish(U, data.text);
  await hold(node.url, 'own', 2, 'normalize', 'w1');
  // --claim-idle of an hour: only the consumer's own reading can take them.
  const r = await cli(['normalize', '--from', U, '--to', U, '--consumer', 'w1', '--claim-idle', '1h', '-q']);
  assert.is(r.code, 1);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), data.expected);

  const F = await init(node.url, 'follow', '--shards', '2');
  const follower = cli(['normalize', '--from', F, '--to', F, '--follow', '-q']);
  await publish(F, data.text);
  await until('the follower to take the input', 20_000, async () => (await status(F)).urls === 300);
  await new Promise((r) => setTimeout(r, 300));
  assert.is((await status(F)).groups.normalize!.pending, 0);
  process.emit('SIGTERM', 'SIGTERM');
  const stopped = await follower;
  assert.equal(
    [stopped.code, stopped.err.replace(/^urikit: line \d+ left out: .*\n/gm, '')],
    [
      130,
      'urikit: normalize worker: SIGTERM: stopping once the entries it runs are committed, and handing the others back to its group (another signal ends it at once)\nurikit: normalize worker stopped by SIGTERM: 0 entries it held went back to the normalize group, for its other workers to take at once\n',
    ],
  );
  // It left the group: no consumer holds anything.
  const consumers = await inspect(node.url, (c) => c.xinfo('CONSUMERS', 'urikit:{follow:0}:in', 'normalize'));
  assert.equal(consumers, []);
});

// ---------------------------------------------------------------------------------------------
// a stream that pauses (tail -F … | urikit publish)

test('publish from a stream sends a line within half a second, whatever the stream does next; such a run is not resumed', async () => {
  const U = await init(node.url, 'paced', '--shards', '4');
  const stdin = new PassThrough();
  const out = new PassThrough();
  out.resume();
  const errs: Buffer[] = [];
  const err = new PassThrough();
  err.on('data', (b: Buffer) => errs.push(b));
  const producing = main(['publish', '--to', U, '-'], { stdin, stdout: out, stderr: err });
  // Three lines, far fewer than an entry holds, and a line not ended yet: the three go while the
  // stream waits, the fourth once its end comes.
  try {
    stdin.write('http://a.example/1\nhttp://b.example/2\nhttp://c.example/3\nhttp://d.exa');
    await until('the lines held to reach Redis while the stream is open', 10_000, async () => (await status(U)).runs['1']?.lines === 3);
    stdin.write('mple/4\n');
    await until('the fourth line to reach Redis', 10_000, async () => (await status(U)).runs['1']?.lines === 4);
  } finally {
    stdin.end();
  }
  assert.is(await producing, 0);
  assert.match(
    Buffer.concat(errs).toString(),
    /\nurikit: published 4 lines in 4 entries to redis:\/\/127\.0\.0\.1:\d+\/paced \(4 shards; run 1\)\n$/,
  );
  const worker = await cli(['normalize', '--from', U, '--to', U, '-q']);
  assert.is(worker.code, 0, worker.err);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), [
    'http://a.example/1',
    'http://b.example/2',
    'http://c.example/3',
    'http://d.example/4',
  ]);
  // Its entries were cut by the clock (the hosts' shards: 0, 1, 2 and 3, each an entry), and say
  // so; the same input read again would be cut elsewhere.
  assert.equal(
    [0, 1, 2, 3].map((h) => shardOf(`${'abcd'[h]}.example`, 4)),
    [0, 1, 2, 3],
  );
  assert.equal(await cutFlags('paced'), ['1', '1', '1', '1']);
  const again = await cli(['publish', '--to', U, '--resume', '1', '-'], 'http://a.example/1\n');
  assert.is(again.code, 2);
  assert.match(
    again.err,
    /^urikit: run 1 of redis:\/\/127\.0\.0\.1:\d+\/paced read a stream and sent lines by the clock: the same input read again would make other entries, so it cannot be resumed \("urikit redis status" shows the lines it wrote\)\n$/,
  );
  // A file is read at once, whatever its pace: its entries are the input's alone.
  const file = await init(node.url, 'paced-file', '--shards', '4');
  await publish(file, 'http://a.example/1\nhttp://b.example/2\n');
  assert.equal(await cutFlags('paced-file'), [null, null, null, null]);
});

test('a stream publish stopped by SIGTERM sends what it read, finishes its run and exits 130', async () => {
  const U = await init(node.url, 'stopped', '--shards', '4');
  const child = spawn(process.execPath, [join(root, 'bin/urikit.js'), 'publish', '--to', U, '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => {
    err += b;
  });
  const closed = new Promise<number | null>((done) => child.once('close', done));
  try {
    child.stdin!.write('http://a.example/1\nhttp://b.example/2\n');
    await until('the lines in Redis', 10_000, async () => (await status(U)).runs['1']?.lines === 2);
    child.kill('SIGTERM');
    assert.is(await closed, 130);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  assert.match(
    err,
    /\nurikit: publish: SIGTERM: sending the lines read so far and finishing run 1 \(another signal ends publish at once\)\nurikit: published 2 lines in 2 entries to redis:\/\/127\.0\.0\.1:\d+\/stopped \(4 shards; run 1\), all the stream gave until SIGTERM\n$/,
  );
  // The run finished: the job's input is closed, and a worker's run accounts for every line.
  assert.equal((await status(U)).runs['1'], { lines: 2, entries: 2, finished: true, running: false });
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  const drained = await cli(['redis', 'drain', '--redis', U, '--timeout', '10s']);
  assert.equal([drained.code, drained.out], [0, '']);
});

/** Each of the four shards' "cut" flag of run 1 of `job`. */
function cutFlags(job: string): Promise<Array<string | null>> {
  return inspect(node.url, (c) => Promise.all([0, 1, 2, 3].map((i) => c.hget(`urikit:{${job}:${i}}:runs`, '1:cut'))));
}

// ---------------------------------------------------------------------------------------------
// back-pressure, drain, lag

test('publish waits while a shard holds more than --max-lag unread entries; drain waits until the job is done', async () => {
  const U = await init(node.url, 'lag', '--shards', '2');
  const early = await cli(['redis', 'drain', '--redis', U, '--timeout', '100ms']);
  assert.is(early.code, 1);
  assert.match(
    early.err,
    /^urikit: redis drain: waiting: no publish run has finished; no worker has started\nurikit: redis drain: redis:\/\/127\.0\.0\.1:\d+\/lag is not done after \d+ ms: no publish run has finished; no worker has started\n$/,
  );

  // A producer on an open standard input is running. No worker runs: nothing holds it back.
  const stdin = new PassThrough();
  const sink = new PassThrough();
  const errs: Buffer[] = [];
  const err = new PassThrough();
  err.on('data', (b: Buffer) => errs.push(b));
  sink.resume();
  // Some 13 entries in each third.
  const data = spellings(20 * BATCH_LINES);
  const third = data.text.indexOf('\n', data.text.length / 3) + 1;
  const producing = main(['publish', '--to', U, '--max-lag', '2', '-'], { stdin, stdout: sink, stderr: err });
  stdin.write(data.text.slice(0, third));
  await until('the first third in Redis', 10_000, async () => (await status(U)).input >= 6);
  const s = await cli(['redis', 'status', '--redis', U]);
  assert.match(
    s.out,
    /\nproducers: 1 running, 0 finished \(publishing\)\n {2}run 1: \d+ lines in \d+ entries \(running\)\ngroups: none \(no worker has started\)\n/,
  );
  // A worker of normalize that reads nothing (alive: it touches its group): publish waits for it.
  const touch = (): Promise<void> =>
    inspect(node.url, async (c) => {
      for (const key of ['urikit:{lag:0}:in', 'urikit:{lag:1}:in']) {
        await c.xgroup('CREATE', key, 'normalize', '0', 'MKSTREAM').catch(() => {});
        // Its own pending entries (none): a worker's touch that takes nothing.
        await c.xreadgroup('GROUP', 'normalize', 'slow', 'COUNT', 1, 'STREAMS', key, '0');
      }
    });
  await touch();
  const alive = setInterval(() => void touch().catch(() => {}), 500);
  try {
    stdin.write(data.text.slice(third, 2 * third));
    await until('the producer to wait', 10_000, () => Buffer.concat(errs).toString().includes('waiting for them'));
    const before = (await status(U)).input;
    stdin.end(data.text.slice(2 * third));
    await new Promise((r) => setTimeout(r, 300));
    assert.is((await status(U)).input, before);
  } finally {
    clearInterval(alive);
  }
  // A real worker reads it all.
  const worker = cli(['normalize', '--from', U, '--to', U, '-q']);
  assert.is(await producing, 0);
  assert.match(
    Buffer.concat(errs).toString(),
    /^urikit: publish run 1 to redis:\/\/127\.0\.0\.1:\d+\/lag\nurikit: publish: shard [01] holds \d+ entries that the normalize workers have not read \(--max-lag 2\); waiting for them\nurikit: published \d+ lines in \d+ entries to [^\n]+ \(2 shards; run 1\)\n$/,
  );
  const drained = await cli(['redis', 'drain', '--redis', U, '--timeout', '30s']);
  assert.equal([drained.code, drained.out], [0, '']);
  // A "waiting" line every 5 s while the worker runs.
  assert.match(
    drained.err,
    new RegExp(
      `^(urikit: redis drain: waiting: normalize: \\d+ entries unread, \\d+ pending\n)*urikit: redis drain: redis://127\\.0\\.0\\.1:\\d+/lag is done: \\d+ lines published, all committed by normalize; ${data.expected.length} URLs in the frontier; 0 dead letters\n$`,
    ),
    drained.err,
  );
  assert.is((await worker).code, 1);
  assert.equal(sorted((await cli(['redis', 'export', '--redis', U])).out), data.expected);
});

test("publish --resume: the same input writes nothing again; another input stops at the run's last entry of a shard, named", async () => {
  const U = await init(node.url, 'resume', '--shards', '2');
  const a = spellings(300, 3);
  await publish(U, a.text);
  const before = await status(U);
  const same = await cli(['publish', '--to', U, '-q', '--resume', '1', tmp.file('resume-same.txt', a.text)]);
  assert.is(same.code, 0, same.err);
  const after = await status(U);
  assert.equal([after.input, after.runs], [before.input, before.runs]);
  const other = await cli(['publish', '--to', U, '-q', '--resume', '1', tmp.file('resume-other.txt', spellings(300, 4).text)]);
  assert.is(other.code, 2);
  assert.match(
    other.err,
    /^urikit: run 1 of redis:\/\/127\.0\.0\.1:\d+\/resume wrote other lines as entry \d+ of shard [01]: --resume 1 needs the input that run read, with the same options\n$/,
  );
  assert.equal((await status(U)).input, before.input);
});

test("lag: when Redis cannot tell a group's lag, it is counted", async () => {
  const lag = await inspect(node.url, async (c) => {
    const ids: string[] = [];
    for (let i = 0; i < 1205; i++) ids.push((await c.xadd('lagtest', '*', 'k', String(i)))!);
    // A group made at an id in the middle has no entries-read, so Redis reports no lag.
    await c.xgroup('CREATE', 'lagtest', 'g', ids[4]!);
    return groupsOn(c, 'lagtest');
  });
  assert.equal(lag, [{ name: 'g', consumers: 0, pending: 0, lastDelivered: lag[0]!.lastDelivered, lag: 1200 }]);
  assert.equal(await inspect(node.url, (c) => groupsOn(c, 'nothing-here')), []);
});

// ---------------------------------------------------------------------------------------------
// errors

test('usage errors of the Redis options say what to do', async () => {
  const bad = async (args: string[], message: string): Promise<void> => {
    const r = await cli(args);
    assert.equal([r.code, r.out], [2, ''], args.join(' '));
    assert.is(r.err.split('\n')[0], `urikit: ${message}`, args.join(' '));
  };
  const U = 'redis://127.0.0.1:1/j';
  await bad(['normalize', '--from', 'http://a/j'], '--from: "http://a/j" is not a redis:// or rediss:// URL');
  await bad(['normalize', '--from', 'redis://h:99999/j'], '--from: "redis://h:99999/j" has port 99999; a port is from 1 to 65535');
  await bad(['normalize', '--from', 'redis:///j'], '--from: "redis:///j" names no host: redis://HOST:PORT/JOB');
  await bad(['normalize', '--from', 'redis://h/j?x'], '--from: "redis://h/j?x" has a query or a fragment; a redis URL has neither');
  await bad(
    ['normalize', '--from', 'redis://h/a b'],
    `--from: "redis://h/a b" is not a URL: Invalid character ' ' at index 11 in "redis://h/a b"`,
  );
  await bad(
    ['normalize', '--from', 'redis://h/a/b'],
    '--from: "redis://h/a/b" names the job "a/b"; a job\'s name is 1 to 100 letters, digits, ".", "_" or "-" (redis://HOST:PORT/JOB)',
  );
  await bad(['normalize', '--from', 'redis://%FF@h/j'], '--from: "redis://%FF@h/j" holds a %XX sequence that is not UTF-8');
  await bad(['normalize', '--from', 'redis://h:6379'], '--from redis://h:6379 names no job: --from redis://HOST:PORT/JOB');
  await bad(
    ['normalize', '--from', U, 'file.txt'],
    'with --from, normalize reads the job\'s input: give no FILE (publish "file.txt" to the job instead)',
  );
  await bad(['normalize', '--from', U, '--threads', '2'], '--threads reads a file; with --from, start more workers instead');
  await bad(
    ['normalize', '--to', U, '--dedupe'],
    "--to keeps each URL once already, as --dedupe does (the job's seen-set): leave out --dedupe",
  );
  await bad(['normalize', '--follow'], '--follow is an option of workers: it needs --from redis://HOST:PORT/JOB');
  await bad(['validate', '--to', U], 'unknown option "--to" for validate (it is an option of publish, normalize, and resolve)');
  await bad(['parse', '--from', U], 'unknown option "--from" for parse (it is an option of normalize, resolve, validate, and stats)');
  await bad(
    ['stats', '--from', U, '--report', '--follow'],
    '--report reads the counts; it takes none of --follow, --claim-idle, --max-deliveries, --consumer',
  );
  await bad(['normalize', '--from', U, '--claim-idle', '5 min'], '--claim-idle takes a duration such as 500ms, 30s, 5m or 1h, not "5 min"');
  await bad(['normalize', '--from', U, '--max-deliveries', '0'], '--max-deliveries takes a whole number from 1 to 1000000, not "0"');
  await bad(['publish', 'f.txt'], 'publish needs --to redis://HOST:PORT/JOB: the job to publish to');
  await bad(['publish', '--to', U, '--threads', '2'], 'unknown option "--threads" for publish');
  await bad(['redis'], 'redis needs an action: init, status, drain, export, trim, delete');
  await bad(['redis', 'start'], 'unknown action "start"; the actions are init, status, drain, export, trim, delete');
  await bad(['redis', 'status', 'x'], 'redis status takes no FILE, got "x"');
  await bad(['redis', 'status'], 'redis status needs --redis redis://HOST:PORT and --job NAME');
  await bad(
    ['redis', 'status', '--redis', 'redis://h'],
    'redis status needs --job NAME (or the job in the URL: --redis redis://HOST:PORT/JOB)',
  );
  await bad(['redis', 'status', '--redis', 'redis://h/a', '--job', 'b'], '--redis redis://h:6379/a and --job b name two jobs');
  await bad(
    ['redis', 'status', '--redis', 'redis://h', '--job', 'a:b'],
    '"--job a:b" names the job "a:b"; a job\'s name is 1 to 100 letters, digits, ".", "_" or "-" (redis://HOST:PORT/JOB)',
  );
  await bad(['redis', 'status', '--redis', 'ftp://h', '--job', 'a'], '--redis: "ftp://h" is not a redis:// or rediss:// URL');
  await bad(
    ['redis', 'init', '--redis', U, '--timeout', '1s'],
    'unknown option "--timeout" for redis init (it is an option of redis drain)',
  );
  await bad(['redis', 'init', '--redis', U, '--lenient'], 'unknown option "--lenient" for redis init');
  await bad(['redis', 'init', '--redis', U, '--seen', 'bloom'], '--seen takes "exact" or "digest", not "bloom"');
  await bad(
    ['redis', 'export', '--redis', U, '--counts', '--dead'],
    'redis export writes one thing: --counts or --dead (or, without either, the frontier)',
  );
});

test('Redis errors: no server, no job, a closed output; exit 2 with the reason', async () => {
  const dead = await RedisServer.start();
  const port = dead.port;
  await dead.stop();
  const inUrl =
    'urikit: note: a password in a redis:// URL can be read by every user of this machine (ps, /proc); give it in REDIS_PASSWORD or --redis-password-file instead\n';
  const r = await cli(['normalize', '--from', `redis://u:secret@127.0.0.1:${port}/j`]);
  assert.equal([r.code, r.out], [2, '']);
  assert.is(
    r.err,
    `${inUrl}urikit: cannot connect to redis://u:***@127.0.0.1:${port}/j: connect ECONNREFUSED 127.0.0.1:${port} (is redis-server running there?)\n`,
  );
  // No message shows the password, however the URL is wrong.
  for (const [url, message] of [
    [
      `redis://u:p@ss/w:rd@127.0.0.1:${port}/j`,
      `"redis://u:***@127.0.0.1:${port}/j": its user or password holds a character that must be percent-encoded (%XX) in a URL`,
    ],
    ['redis://u:s3cret@h:99999/j', '"redis://u:***@h:99999/j" has port 99999; a port is from 1 to 65535'],
    ['redis://u:s3cret@h/a b', `"redis://u:***@h/a b" is not a URL: Invalid character ' ' at index 11 in "redis://h/a b"`],
    ['redis://u:s3cret%FF@h/j', '"redis://u:***@h/j" holds a %XX sequence that is not UTF-8'],
  ] as const) {
    const e = await cli(['normalize', '--from', url]);
    assert.equal([e.code, e.err.split('\n')[0]], [2, `urikit: --from: ${message}`]);
  }
  // A server that wants a password: without it, the reason; with it, the job. A server without
  // an append-only file: each command that writes says what a restart would lose.
  const locked = await RedisServer.start({ password: 's3cret' });
  const noAof = `urikit: note: ${locked.url}/j keeps no append-only file (appendonly no): a restart loses what was written since its last snapshot. urikit finds and reports such losses (publish sends lost entries again; drain names lines it cannot account for), but cannot undo them: use appendonly yes with appendfsync always or everysec\n`;
  try {
    const l = await cli(['redis', 'init', '--redis', `${locked.url}/j`]);
    assert.equal([l.code, l.err], [2, `urikit: cannot connect to ${locked.url}/j: NOAUTH Authentication required.\n`]);
    const ok = await cli(['redis', 'init', '--redis', `redis://:s3cret@127.0.0.1:${locked.port}/j`]);
    assert.equal(
      [ok.code, ok.err],
      [
        0,
        `${inUrl}${noAof.replace(locked.url, `redis://:***@127.0.0.1:${locked.port}`)}urikit: created the job redis://:***@127.0.0.1:${locked.port}/j (16 shards, seen exact)\n`,
      ],
    );
    // From a file or REDIS_PASSWORD: nothing to note but the persistence.
    const file = tmp.file('password', 's3cret\n');
    const f = await cli(['publish', '--to', `${locked.url}/j`, '--redis-password-file', file, '-q', '-'], 'http://a/\n');
    assert.equal([f.code, f.err], [0, '']);
    process.env.REDIS_PASSWORD = 's3cret';
    try {
      const s = await cli(['redis', 'init', '--redis', `${locked.url}/j`]);
      assert.equal([s.code, s.err], [0, `${noAof}urikit: kept the job ${locked.url}/j (16 shards, seen exact): it exists already\n`]);
    } finally {
      delete process.env.REDIS_PASSWORD;
    }
    const wrong = await cli(['redis', 'status', '--redis', `${locked.url}/j`, '--redis-password-file', tmp.file('wrong', 'nope')]);
    assert.equal([wrong.code, wrong.err.includes('nope')], [2, false]);
    assert.match(wrong.err, /^urikit: cannot connect to redis:\/\/127\.0\.0\.1:\d+\/j: WRONGPASS/);
    // A process given the password in its URL shows no password in ps.
    const proc = spawn(
      process.execPath,
      ['bin/urikit.js', 'normalize', '--from', `redis://:s3cret@127.0.0.1:${locked.port}/j`, '--follow', '-q'],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
    try {
      const cmdline = (): string => readFileSync(`/proc/${proc.pid}/cmdline`, 'utf8');
      await until('the worker to set its title', 20_000, () => cmdline().startsWith('urikit normalize'));
      assert.not.match(cmdline(), /s3cret/);
    } finally {
      proc.kill('SIGKILL');
    }
  } finally {
    await locked.stop();
  }
  const none = await cli(['publish', '--to', `${node.url}/nojob`, '-']);
  assert.is(
    none.err,
    `urikit: there is no job "nojob" at ${node.url}/nojob: create it first with "urikit redis init --redis ${node.url} --job nojob"\n`,
  );
  assert.is(none.code, 2);
  const U = await init(node.url, 'errors', '--shards', '1');
  // A report before any stats worker counted: the empty report of a local stats.
  assert.is((await cli(['stats', '--from', U, '--report', '--json'])).out, (await cli(['stats', '--json', '-'], '')).out);
  const missing = await cli(['publish', '--to', U, '/no/such/file']);
  assert.equal(
    [missing.code, missing.err],
    [2, 'urikit: cannot read "/no/such/file": no such file (check the path, or give - to read standard input)\n'],
  );
  // Data that breaks off while publish reads it: the file named, what is wrong in words.
  const notGzip = tmp.file('not-gzip.gz', 'http://a/\n');
  const broken = await cli(['publish', '-q', '--to', await init(node.url, 'notgzip', '--shards', '1'), notGzip]);
  assert.equal(
    [broken.code, broken.err],
    [
      2,
      `urikit: cannot read "${notGzip}": it is not valid gzip data (incorrect header check); a file whose name ends in .gz is read through gunzip\n`,
    ],
  );
  // A worker whose standard output is closed stops quietly, leaving its entries to others;
  // another write error exits 2.
  for (const [code, exit, message] of [
    ['EPIPE', 0, ''],
    ['EIO', 2, 'urikit: cannot write the output: an input/output error (the device failed)\n'],
  ] as const) {
    await publish(U, `http://a/${code}\n`);
    const errs: string[] = [];
    const stderr = new PassThrough();
    stderr.on('data', (b) => errs.push(String(b)));
    const run = await main(['normalize', '--from', U, '--claim-idle', '1h'], { stdin: new PassThrough(), stdout: failing(code), stderr });
    assert.equal([run, errs.join('')], [exit, message]);
  }
  assert.equal(backlog(await status(U)), { normalize: { lag: 0, pending: 2 } });
});

// ---------------------------------------------------------------------------------------------
// packaging

test('without ioredis: the library reaches no package, the local CLI runs, a redis:// URL says what to install', async () => {
  // The main entry's import graph: relative modules and node: built-ins only.
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      const spec = m[1]!;
      assert.ok(spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('node:'), `${file} imports ${spec}`);
      if (!spec.startsWith('node:')) visit(join(file, '..', spec));
    }
  };
  visit(join(root, 'dist/esm/index.js'));
  assert.ok(seen.size > 5);
  // The package without node_modules.
  const dir = join(tmp.dir, 'bare');
  mkdirSync(dir);
  for (const f of ['dist', 'bin', 'package.json']) cpSync(join(root, f), join(dir, f), { recursive: true });
  const run = (args: string[]): { status: number; out: string; err: string } => {
    try {
      return {
        status: 0,
        out: execFileSync(process.execPath, ['bin/urikit.js', ...args], {
          cwd: dir,
          input: 'HTTP://A/./b\n',
          encoding: 'utf8',
          stdio: 'pipe',
        }),
        err: '',
      };
    } catch (e) {
      const x = e as { status: number; stdout: string; stderr: string };
      return { status: x.status, out: x.stdout, err: x.stderr };
    }
  };
  assert.equal(run(['normalize']), { status: 0, out: 'http://a/b\n', err: '' });
  assert.equal(run(['normalize', '--from', 'redis://127.0.0.1:1/j']), {
    status: 2,
    out: '',
    err: 'urikit: urikit normalize needs the package ioredis here, which urikit lists as optional and which is not installed: npm install ioredis\nRun "urikit normalize --help" for usage.\n',
  });
  assert.is(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).optionalDependencies.ioredis, '^5.11.1');
});

test('help: publish and redis; the worker options in the help of the commands that take them', async () => {
  for (const command of ['publish', 'redis']) {
    const own = await cli([command, '--help']);
    assert.is(own.code, 0);
    assert.ok(own.out.startsWith(`Usage: urikit ${command} `));
    assert.ok(
      own.out.split('\n').every((l) => l.length <= 80),
      command,
    );
  }
  for (const command of ['normalize', 'resolve', 'validate', 'stats']) {
    const own = (await cli([command, '--help'])).out;
    assert.ok(own.includes('  --from redis://HOST:PORT/JOB\n'), command);
    assert.is(own.includes('--to redis://'), command === 'normalize' || command === 'resolve', command);
    assert.ok(
      own.split('\n').every((l) => l.length <= 80),
      command,
    );
  }
  assert.ok((await cli(['--help'])).out.includes('\n  publish    send lines to a Redis job'));
});

test.run();

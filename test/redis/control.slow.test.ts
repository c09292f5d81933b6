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
import { SCRIPTS } from '../../src/cli/redis/lua.js';
import { cli } from '../support/cli.js';
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

test.run();

/**
 * `urikit redis export` (src/cli/redis/control.ts) against a real redis-server on loopback: the
 * frontier of a job that is not drained is refused (exit 1, saying what the job waits for)
 * unless --partial.
 */
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();

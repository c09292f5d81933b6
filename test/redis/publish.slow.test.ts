/**
 * publish (src/cli/redis/publish.ts) against a real redis-server on loopback: a file published
 * again instead of resumed is refused, naming the first run, unless --again (a second pass,
 * which status and drain name).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli } from '../support/cli.js';
import { JobNode } from '../support/redis-job.js';

const job = new JobNode(test);

test('the same file published twice: refused, naming the first run, unless --again; an edited file is another input', async () => {
  const U = await job.init('twice');
  const text = 'http://a.example/1\nhttp://b.example/2\nhttp://c.example/3\n';
  const file = job.tmp.file('twice.txt', text);
  assert.is((await cli(['publish', '--to', U, '-q', file])).code, 0);
  const again = await cli(['publish', '--to', U, file]);
  assert.equal(
    [again.code, again.err],
    [
      2,
      `urikit: run 1 of ${U} published this input already (${file}: ${text.length} bytes, the same first and last 64 KiB), and a second run would count each of its lines twice. "urikit publish --to ${U} --resume 1 ${file}" finishes that run if it stopped; --again publishes it a second time\n`,
    ],
  );
  // The same bytes under another name are the same input; one byte changed is another.
  const copy = job.tmp.file('copy.txt', text);
  assert.is((await cli(['publish', '--to', U, '-q', copy])).code, 2);
  const edited = job.tmp.file('edited.txt', text.replace('/3', '/4'));
  const other = await cli(['publish', '--to', U, edited]);
  assert.equal([other.code, other.err.split('\n')[0]], [0, `urikit: publish run 2 to ${U}`]);
  const second = await cli(['publish', '--to', U, '--again', file]);
  assert.equal([second.code, second.err.split('\n')[0]], [0, `urikit: publish run 3 to ${U}, a second pass of run 1's input (--again)`]);
  const both = await cli(['publish', '--to', U, '--again', '--resume', '1', file]);
  assert.equal(
    [both.code, both.err],
    [2, 'urikit: --again starts a new run, and --resume finishes one: give one of them\nRun "urikit publish --help" for usage.\n'],
  );
  assert.is((await cli(['normalize', '--from', U, '--to', U, '-q'])).code, 0);
  const status = await cli(['redis', 'status', '--redis', U]);
  assert.match(
    status.out,
    "\n  run 1: 3 lines in 2 entries\n  run 2: 3 lines in 2 entries\n  run 3: 3 lines in 2 entries, a second pass of run 1's input\n",
  );
  const runs = JSON.parse((await cli(['redis', 'status', '--redis', U, '--json'])).out).runs;
  assert.equal(runs['3'], { lines: 3, entries: 2, finished: true, running: false, secondPassOf: 1 });
  const drained = await cli(['redis', 'drain', '--redis', U, '--timeout', '10s']);
  assert.equal(
    [drained.code, drained.err],
    [
      0,
      `urikit: redis drain: ${U} is done: 9 lines published (run 3 a second pass of run 1's input), all committed by normalize; 4 URLs in the frontier; 0 dead letters\n`,
    ],
  );
});

test.run();

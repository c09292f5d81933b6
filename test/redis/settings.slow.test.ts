/**
 * A job's settings (src/cli/redis/settings.ts), against a real redis-server on loopback: the
 * first process that writes records what decides the job's normal forms and counts, and a later
 * worker, publish or local --to whose own differ is refused at its start (exit 2), naming both;
 * a job of another version or of other rules of normal forms is refused too.
 */
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NORMAL_FORM_RULES } from '../../src/ops/normalize.js';
import { cli } from '../support/cli.js';
import { JobNode } from '../support/redis-job.js';

const job = new JobNode(test);
const tmp = job.tmp;
const init = (name: string): Promise<string> => job.init(name);

const LINES = 'http://a.example/x?utm_source=m#f\nhttp://b.example/%7e\nhttp://a b/\n';
const ONE = "A job's URLs and counts mean one thing only: start it with the job's settings, or publish the input to a new job";

test('a worker with other options than the job is refused at start, naming both; the frontier holds the first form only', async () => {
  const U = await init('options');
  const file = tmp.file('options.txt', LINES);
  assert.is((await cli(['publish', '--to', U, '-q', file])).code, 0);
  const first = await cli(['normalize', '--from', U, '--to', U, '-q']);
  assert.is(first.code, 1, first.err);
  const frontier = (await cli(['redis', 'export', '--redis', U])).out;
  assert.is(frontier, 'http://a.example/x\nhttp://b.example/~\n');
  const rfc = await cli(['normalize', '--from', U, '--to', U, '--rfc-only', '-q']);
  assert.equal(
    [rfc.code, rfc.out, rfc.err],
    [
      2,
      '',
      `urikit: the job ${U} keeps its frontier in: the dedupe preset, strict parsing; this normalize worker: the RFC 3986 normal form (--rfc-only), strict parsing. ${ONE}\n`,
    ],
  );
  const lenient = await cli(['normalize', '--from', U, '--to', U, '--lenient', '-q']);
  assert.equal(
    [lenient.code, lenient.err],
    [
      2,
      `urikit: the job ${U} keeps its frontier in: the dedupe preset, strict parsing; this normalize worker: the dedupe preset, --lenient. ${ONE}\n`,
    ],
  );
  // A worker of the group that writes to standard output would take entries from the frontier.
  const stdout = await cli(['normalize', '--from', U, '-q']);
  assert.equal(
    [stdout.code, stdout.err],
    [
      2,
      `urikit: the job ${U} has normalize workers with: strict parsing, --max-line-length 1048576, --on-invalid skip, output to the frontier of the job options; this normalize worker: strict parsing, --max-line-length 1048576, --on-invalid skip, output to standard output. ${ONE}\n`,
    ],
  );
  // A local input to the frontier: the same check of its form.
  const local = await cli(['normalize', '--to', U, '--rfc-only', '--sort-query', file]);
  assert.equal(
    [local.code, local.err],
    [
      2,
      `urikit: the job ${U} keeps its frontier in: the dedupe preset, strict parsing; this normalize: the RFC 3986 normal form with --sort-query, strict parsing. ${ONE}\n`,
    ],
  );
  // A worker of the group that parses otherwise, writing elsewhere: its group's setting differs.
  const elsewhere = await cli(['normalize', '--from', U, '--lenient', '-q']);
  assert.equal(
    [elsewhere.code, elsewhere.err],
    [
      2,
      `urikit: the job ${U} has normalize workers with: strict parsing, --max-line-length 1048576, --on-invalid skip, output to the frontier of the job options; this normalize worker: --lenient, --max-line-length 1048576, --on-invalid skip, output to standard output. ${ONE}\n`,
    ],
  );
  // Other groups keep their own settings: a stats worker, then one that counts otherwise.
  assert.is((await cli(['stats', '--from', U, '-q'])).code, 0);
  const stats = await cli(['stats', '--from', U, '--group-by', 'domain', '-q']);
  assert.equal(
    [stats.code, stats.err],
    [
      2,
      `urikit: the job ${U} has stats workers with: strict parsing, --max-line-length 1048576, --group-by host, --track 10000; this stats worker: strict parsing, --max-line-length 1048576, --group-by domain, --track 10000. ${ONE}\n`,
    ],
  );
  // Nothing of theirs reached the job.
  assert.is((await cli(['redis', 'export', '--redis', U])).out, frontier);
});

test('publish: the input of a job is URIs or the lines of one log format', async () => {
  const U = await init('logs');
  assert.is((await cli(['publish', '--to', U, '-q', tmp.file('logs.txt', LINES)])).code, 0);
  const log = await cli(['publish', '--to', U, '--log', 'combined', '-q', tmp.file('logs2.txt', LINES)]);
  assert.equal([log.code, log.err], [2, `urikit: the job ${U} reads its input as: lines of URIs; this publish: --log combined. ${ONE}\n`]);
  const worker = await cli(['stats', '--from', U, '--log', 'common', '-q']);
  assert.equal(
    [worker.code, worker.err],
    [2, `urikit: the job ${U} reads its input as: lines of URIs; this stats worker: --log common. ${ONE}\n`],
  );
  // The job's settings, recorded: the rules at init, the rest by the first that wrote.
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    const h = await c.hgetall('urikit:{logs}');
    assert.equal([h.version, h.rules, h['set:input']], ['3', `version ${NORMAL_FORM_RULES}`, 'lines of URIs']);
  } finally {
    c.disconnect();
  }
});

test("a job of another version of urikit's jobs, or of other rules of normal forms, is refused", async () => {
  const U = await init('old');
  const V = await init('rules');
  const c = new Redis({ host: '127.0.0.1', port: job.server.port });
  try {
    await c.hset('urikit:{old}', 'version', '2');
    await c.hset('urikit:{rules}', 'rules', 'version 0');
  } finally {
    c.disconnect();
  }
  const old = await cli(['publish', '--to', U, '-q', tmp.file('old.txt', LINES)]);
  assert.equal(
    [old.code, old.err],
    [
      2,
      `urikit: the job "old" at ${U} is of version 2 of urikit's jobs, and this urikit reads version 3 only: use the urikit that made it, or publish its input to a new job\n`,
    ],
  );
  const status = await cli(['redis', 'status', '--redis', U]);
  assert.equal([status.code, status.err], [2, old.err]);
  const rules = await cli(['normalize', '--from', V, '--to', V, '-q']);
  assert.equal(
    [rules.code, rules.err],
    [
      2,
      `urikit: the job ${V} follows urikit's rules of normal forms and counts: version 0; this normalize worker: version ${NORMAL_FORM_RULES}. ${ONE}\n`,
    ],
  );
});

test.run();

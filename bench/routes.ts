/**
 * Route inference measured on a log whose routes are known: `npm run bench:routes [-- --lines=1000000
 * --seed=1]`.
 *
 * 1. Writes the log of test/support/routes-log.ts (50 routes; `--lines` lines, default a million)
 *    in the system's temporary folder; it is deleted at the end.
 * 2. Runs the real binary: `urikit routes --log combined` over it, timed, and scores the routes
 *    it writes against the true ones (by shape: where the variables are): precision (the share
 *    of the routes found that are true routes) and recall (the share of the true routes found).
 * 3. Matches every request's path against the templates file it wrote (a `UriTemplateSet`, the
 *    first template in the file's order that matches, as `stats --templates` does): the share of
 *    requests whose template is their own route, and how many of the scanner's probes a route took.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UriTemplateSet } from '../src/template/set.js';
import { UriTemplate } from '../src/template/template.js';
import { routesLog, score, shape, TRUE_ROUTES } from '../test/support/routes-log.js';
import { numberOption } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LINES = numberOption('lines', 1_000_000);
const SEED = numberOption('seed', 1);

const dir = mkdtempSync(join(os.tmpdir(), 'urikit-bench-routes-'));
try {
  const log = join(dir, 'access.log');
  process.stderr.write(`generating ${LINES} lines in ${log} …\n`);
  const fd = openSync(log, 'w');
  let block = '';
  for (const line of routesLog(LINES, SEED)) {
    block += line.text;
    if (block.length > 1 << 20) {
      writeSync(fd, block);
      block = '';
    }
  }
  writeSync(fd, block);
  closeSync(fd);
  const size = statSync(log).size;

  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['bin/urikit.js', 'routes', '--log', 'combined', log], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) throw new Error(`urikit routes failed (${r.status}): ${r.stderr}`);
  const inferred = r.stdout.trimEnd().split('\n');
  const s = score(inferred);

  const set = new UriTemplateSet(inferred.map((t) => new UriTemplate(t)));
  const own = TRUE_ROUTES.map(shape);
  let requests = 0;
  let right = 0;
  let probes = 0;
  let probesTaken = 0;
  for (const line of routesLog(LINES, SEED)) {
    if (line.path === '') continue;
    const i = set.indexOf(line.path);
    if (line.route === -1) {
      probes++;
      if (i !== -1) probesTaken++;
      continue;
    }
    requests++;
    if (i !== -1 && shape(inferred[i]!) === own[line.route]) right++;
  }

  const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
  console.log('# Route inference on a log with known routes\n');
  console.log(`${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`);
  console.log(`Load average (1 min): ${os.loadavg()[0]!.toFixed(2)}.\n`);
  console.log('| measure | value |');
  console.log('| --- | ---: |');
  console.log(`| log | ${LINES.toLocaleString('en-US')} lines, ${(size / 1e6).toFixed(1)} MB, seed ${SEED} |`);
  console.log(`| true routes | ${TRUE_ROUTES.length} |`);
  console.log(`| routes found | ${inferred.length} |`);
  console.log(`| precision (routes found that are true routes) | ${pct(s.precision)} |`);
  console.log(`| recall (true routes found) | ${pct(s.recall)} |`);
  console.log(
    `| requests whose first matching template is their route | ${pct(right / requests)} of ${requests.toLocaleString('en-US')} |`,
  );
  console.log(`| scanner probes that a route took | ${probesTaken} of ${probes} |`);
  console.log(`| urikit routes, wall time | ${seconds.toFixed(2)} s (${(size / 1e6 / seconds).toFixed(1)} MB/s) |`);
  if (s.missed.length > 0) console.log(`\nMissed: ${s.missed.join(', ')}`);
  if (s.extra.length > 0) console.log(`\nNot true routes: ${s.extra.join(', ')}`);
  console.log(`\n${r.stderr.trim()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

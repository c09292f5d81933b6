/**
 * The CLI's Redis jobs, loaded by ../main.ts only when a command names one: `publish`,
 * `urikit redis ACTION`, the workers (`--from`), `stats --from … --report`, and a local input
 * whose output goes to a job's frontier (`--to` without `--from`).
 */

import { DEDUPE_PRESET } from '../../ops/dedupe.js';
import { lineCommand } from '../commands/index.js';
import type { NormalizeSettings } from '../commands/normalize.js';
import { need } from '../commands/packages.js';
import type { StatsSettings } from '../commands/stats.js';
import { UnreadInput } from '../io/input.js';
import { BufferedWriter, type Sink } from '../io/writer.js';
import type { Common, Lines } from '../options/arguments.js';
import type { Connection, RedisTarget, WorkerOptions } from '../options/jobs.js';
import { UsageError } from '../options/option.js';
import { Exit, type Io, openSource, run } from '../run/run.js';
import { connect, RedisError, type Server } from './client.js';
import { control } from './control.js';
import type { ControlSettings } from './control-spec.js';
import { FrontierSink } from './frontier.js';
import { guard, type Job, openJob, settle } from './job.js';
import { publish } from './publish.js';
import type { PublishSettings } from './publish-spec.js';
import { frontierSetting, groupSetting, inputSetting, rulesSetting } from './settings.js';
import { estimatesNote, JOB_LOG_NOTE, readStats } from './stats.js';
import { OutputClosed, work } from './worker.js';

/** Runs a command that names a Redis job; returns the exit code. */
export async function runRedis(command: string, settings: Common, io: Io): Promise<number> {
  const servers: Server[] = [];
  const config = settings as Lines & { redis: { connection: Connection } };
  const r = config.redis;
  const notes = config.quiet ? null : (m: string): void => void io.stderr.write(m);
  if (r.connection.passwordInUrl) {
    // What `ps` shows from now on; the warning says how not to show it at all.
    process.title = `urikit ${command}`;
    notes?.(
      'urikit: note: a password in a redis:// URL can be read by every user of this machine (ps, /proc); give it in REDIS_PASSWORD or --redis-password-file instead\n',
    );
  }
  const open = async (target: RedisTarget, writes: boolean): Promise<Job> => {
    const server = await connect(target, r.connection, notes);
    servers.push(server);
    const job = await openJob(server, target.job!);
    if (writes) for (const n of (await guard(server, r.connection.allowEviction, r.connection.waitReplicas)).notes) notes?.(n);
    return job;
  };
  try {
    if (command === 'redis') {
      const c = settings as ControlSettings;
      const server = await connect(c.redis.server, r.connection, notes);
      servers.push(server);
      return await control(server, c, io);
    }
    if (command === 'publish') {
      const p = settings as PublishSettings;
      const job = await open(p.redis.to, true);
      await settle(job, [rulesSetting(), inputSetting(p)], 'this publish');
      const input = await openSource(p, io);
      return input === null ? Exit.USAGE : await publish(job, p, io, input);
    }
    const spec = lineCommand(command);
    const w = (settings as Lines & { redis: WorkerOptions }).redis;
    await need(spec.packages?.(config) ?? [], `urikit ${command}`);
    if (w.from !== null && command === 'stats' && (settings as StatsSettings).report) {
      const c = settings as StatsSettings;
      const job = await open(w.from, false);
      const { stats, log, estimates } = await readStats(job, c);
      if (c.json) {
        const o = stats.toJSON(c.top);
        if (estimates.size > 0) o.distinctEstimates = Object.fromEntries(estimates);
        io.stdout.write(`${JSON.stringify(o, null, 2)}\n`);
      } else
        io.stdout.write(
          stats.toTable(c.top, `urikit stats: ${job.text}${log !== '' ? ` (${log} log)` : ''}`) + estimatesNote(estimates, log !== ''),
        );
      if (log !== '' && !c.quiet) io.stderr.write(`urikit: ${JOB_LOG_NOTE}\n`);
      return Exit.OK;
    }
    let out: Sink = new BufferedWriter(io.stdout);
    if (w.to !== null) {
      const job = await open(w.to, true);
      // resolve --to: the frontier keeps each URL once, in the form --dedupe compares (normalize's own form is its output).
      const form = command === 'resolve' ? { ...DEDUPE_PRESET } : null;
      await settle(
        job,
        [rulesSetting(), frontierSetting(config, form ?? (settings as NormalizeSettings).normalize ?? {})],
        `this ${command}${w.from === null ? '' : ' worker'}`,
      );
      out = new FrontierSink(job, form, w.from === null ? null : command);
    }
    if (w.from === null) return await run(spec, config, io, out);
    const job = await open(w.from, true);
    await settle(job, [rulesSetting(), inputSetting(config), groupSetting(command, config, w.to?.job ?? null)], `this ${command} worker`);
    return await work(
      spec,
      settings as Lines & { redis: WorkerOptions },
      job,
      out,
      new BufferedWriter(io.stderr),
      w.to === null ? io.stdout : null,
      io.afterCommit,
    );
  } catch (e) {
    if (e instanceof RedisError || e instanceof UsageError || e instanceof UnreadInput) io.stderr.write(`urikit: ${e.message}\n`);
    else if (e instanceof OutputClosed) {
      if (e.failure !== null) io.stderr.write(`urikit: cannot write the output: ${e.message}\n`);
      else return Exit.OK;
    } else io.stderr.write(`urikit: redis: ${(e as Error).message}\n`);
    return Exit.USAGE;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

/**
 * The CLI's Redis jobs, loaded by ../main.ts only when a command names one: `publish`,
 * `urikit redis ACTION`, the workers (`--from`), `stats --from … --report`, and a local input
 * whose output goes to a job's frontier (`--to` without `--from`).
 */

import { COMMANDS } from '../commands/index.js';
import { need } from '../commands/packages.js';
import { BufferedWriter, type Sink } from '../io/writer.js';
import { type CommandName, type LineCommandName, UsageError } from '../options/arguments.js';
import type { Config } from '../options/config.js';
import type { RedisTarget } from '../options/jobs.js';
import { Exit, type Io, openSource, run } from '../run/run.js';
import { connect, RedisError, type Server } from './client.js';
import { control } from './control.js';
import { FrontierSink } from './frontier.js';
import { guard, type Job, openJob, settle } from './job.js';
import { publish } from './publish.js';
import { frontierSetting, groupSetting, inputSetting, rulesSetting } from './settings.js';
import { estimatesNote, readStats } from './stats.js';
import { OutputClosed, work } from './worker.js';

/** Runs a command that names a Redis job; returns the exit code. */
export async function runRedis(command: CommandName, config: Config, io: Io): Promise<number> {
  const servers: Server[] = [];
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
      const server = await connect(r.server!, r.connection, notes);
      servers.push(server);
      return await control(server, config, io);
    }
    if (command === 'publish') {
      const job = await open(r.to!, true);
      await settle(job, [rulesSetting(), inputSetting(config)], 'this publish');
      const input = await openSource(config, io);
      return input === null ? Exit.USAGE : await publish(job, config, io, input);
    }
    const spec = COMMANDS[command as LineCommandName];
    await need(spec.packages?.(config) ?? [], `urikit ${command}`);
    if (r.from !== null && r.report) {
      const job = await open(r.from, false);
      const { stats, log, estimates } = await readStats(job, config);
      const c = config;
      if (c.json) {
        const o = stats.toJSON(c.top);
        if (estimates.size > 0) o.distinctEstimates = Object.fromEntries(estimates);
        io.stdout.write(`${JSON.stringify(o, null, 2)}\n`);
      } else
        io.stdout.write(
          stats.toTable(c.top, `urikit stats: ${job.text}${log !== '' ? ` (${log} log)` : ''}`) + estimatesNote(estimates, log !== ''),
        );
      return Exit.OK;
    }
    let out: Sink = new BufferedWriter(io.stdout);
    if (r.to !== null) {
      const job = await open(r.to, true);
      await settle(job, [rulesSetting(), frontierSetting(config)], `this ${command}${r.from === null ? '' : ' worker'}`);
      out = new FrontierSink(job, command === 'resolve' ? (config.normalize ?? {}) : null, r.from === null ? null : command);
    }
    if (r.from === null) return await run(spec, config, io, out);
    const job = await open(r.from, true);
    await settle(job, [rulesSetting(), inputSetting(config), groupSetting(command, config, r.to?.job ?? null)], `this ${command} worker`);
    return await work(spec, config, job, out, new BufferedWriter(io.stderr), r.to === null ? io.stdout : null, io.afterCommit);
  } catch (e) {
    if (e instanceof RedisError || e instanceof UsageError) io.stderr.write(`urikit: ${e.message}\n`);
    else if (e instanceof OutputClosed) {
      if (e.failure !== null) io.stderr.write(`urikit: cannot write the output: ${e.message}\n`);
      else return Exit.OK;
    } else io.stderr.write(`urikit: redis: ${(e as Error).message}\n`);
    return Exit.USAGE;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

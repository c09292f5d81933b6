/**
 * The CLI's Redis jobs, loaded by ../main.ts only when a command names one: `publish`,
 * `urikit redis ACTION`, the workers (`--from`), `stats --from … --report`, and a local input
 * whose output goes to a job's frontier (`--to` without `--from`).
 */
import { type CommandName, type LineCommandName, UsageError } from '../arguments.js';
import { COMMANDS } from '../commands/index.js';
import type { Config } from '../config.js';
import { BufferedWriter, type Sink } from '../io/writer.js';
import type { RedisTarget } from '../jobs.js';
import { need } from '../packages.js';
import { Exit, type Io, openSource, run } from '../run.js';
import { type Client, close, connect, RedisError } from './client.js';
import { control } from './control.js';
import { FrontierSink } from './frontier.js';
import { type Job, openJob } from './job.js';
import { publish } from './publish.js';
import { readStats } from './stats.js';
import { OutputClosed, work } from './worker.js';

/** Runs a command that names a Redis job; returns the exit code. */
export async function runRedis(command: CommandName, config: Config, io: Io): Promise<number> {
  const clients: Client[] = [];
  const open = async (target: RedisTarget): Promise<[Client, Job]> => {
    const client = await connect(target);
    clients.push(client);
    return [client, await openJob(client, target, target.job!)];
  };
  const r = config.redis;
  try {
    if (command === 'redis') {
      const client = await connect(r.server!);
      clients.push(client);
      return await control(client, config, io);
    }
    if (command === 'publish') {
      const [client, job] = await open(r.to!);
      const input = await openSource(config, io);
      return input === null ? Exit.USAGE : await publish(client, job, config, io, input);
    }
    const spec = COMMANDS[command as LineCommandName];
    await need(spec.packages?.(config) ?? [], `urikit ${command}`);
    let out: Sink = new BufferedWriter(io.stdout);
    if (r.to !== null) {
      const [client, job] = await open(r.to);
      out = new FrontierSink(client, job, command === 'resolve' ? (config.normalize ?? {}) : null);
    }
    if (r.from === null) return await run(spec, config, io, out);
    const [client, job] = await open(r.from);
    if (r.report) {
      const { stats, log } = await readStats(client, job, config);
      const c = config;
      io.stdout.write(
        c.json
          ? `${JSON.stringify(stats.toJSON(c.top), null, 2)}\n`
          : stats.toTable(c.top, `urikit stats: ${job.target.text}${log !== '' ? ` (${log} log)` : ''}`),
      );
      return Exit.OK;
    }
    return await work(spec, config, client, job, out, new BufferedWriter(io.stderr), r.to === null ? io.stdout : null, io.afterCommit);
  } catch (e) {
    if (e instanceof RedisError || e instanceof UsageError) io.stderr.write(`urikit: ${e.message}\n`);
    else if (e instanceof OutputClosed) {
      if (e.failure !== null) io.stderr.write(`urikit: cannot write the output: ${e.message}\n`);
      else return Exit.OK;
    } else io.stderr.write(`urikit: redis: ${(e as Error).message}\n`);
    return Exit.USAGE;
  } finally {
    await Promise.all(clients.map(close));
  }
}

/**
 * The Redis options of the command line, checked: `--from` and `--to` of the workers and of
 * `publish`, the workers' claim and stop settings, and `urikit redis ACTION`'s own options.
 * config.ts declares them (OPTIONS) and calls `redisOptions` from `configure`.
 */
import { type Arguments, type CommandName, UsageError } from '../config.js';
import type { SeenMode } from './keys.js';
import { checkJob, parseRedisUrl, type RedisTarget, withJob } from './target.js';

export const ACTIONS = ['init', 'status', 'drain', 'export', 'trim'] as const;
export type Action = (typeof ACTIONS)[number];

/** The Redis part of a `Config`. */
export interface RedisOptions {
  /** Workers: the job whose input they read. */
  from: RedisTarget | null;
  /** publish: the job it feeds; normalize, resolve: the job whose frontier the output goes to. */
  to: RedisTarget | null;
  /** Workers: keep waiting for input after the job's input is closed and read. */
  follow: boolean;
  /** Workers: claim another consumer's entries after they were pending this long (ms). */
  claimIdle: number;
  /** Workers: an entry delivered more often than this goes to the dead-letter stream. */
  maxDeliveries: number;
  /** Workers: the consumer's name in the group (default: host name and process id). */
  consumer: string | null;
  /** stats --from: print the job's counts instead of counting. */
  report: boolean;
  /** publish: pause while some shard has more entries than this that no worker has read. */
  maxLag: number;
  /** `urikit redis ACTION`. */
  action: Action | null;
  /** `urikit redis`: the server and the job (--redis URL --job NAME, or --redis URL/JOB). */
  server: RedisTarget | null;
  /** redis init. */
  shards: number;
  seen: SeenMode;
  expected: number;
  /** redis drain: give up after this long (ms); null: wait as long as it takes. */
  timeout: number | null;
  /** redis export: what to write. */
  export: 'frontier' | 'counts' | 'dead';
}

/** The options that only `urikit redis` takes, by action. */
const ACTION_OPTIONS: Readonly<Record<Action, readonly string[]>> = {
  init: ['--shards', '--seen', '--expected'],
  status: ['--json'],
  drain: ['--timeout'],
  export: ['--counts', '--dead'],
  trim: [],
};

/** The options of every command that `publish` and `urikit redis` take too. */
const SHARED: Readonly<Record<'publish' | 'redis', readonly string[]>> = {
  publish: ['--log', '--log-field', '--lenient', '--iri', '--zone-id', '--max-line-length', '--quiet'],
  redis: ['--quiet'],
};

/**
 * The Redis options of `command`'s arguments. Throws `UsageError`. For `urikit redis`, the action
 * is the first of `a.files`, which it removes.
 */
export function redisOptions(command: CommandName, a: Arguments): RedisOptions {
  const url = (name: '--from' | '--to' | '--redis'): RedisTarget | null => {
    const s = a.values.get(name);
    if (s === undefined) return null;
    try {
      return parseRedisUrl(s);
    } catch (e) {
      throw new UsageError(`${name}: ${(e as Error).message}`);
    }
  };
  const from = url('--from');
  const to = url('--to');
  for (const [name, t] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (t !== null && t.job === null) throw new UsageError(`${name} ${t.text} names no job: ${name} redis://HOST:PORT/JOB`);
  }
  const o: RedisOptions = {
    from,
    to,
    follow: a.flags.has('--follow'),
    claimIdle: duration(a, '--claim-idle', 60_000),
    maxDeliveries: a.count('--max-deliveries', 5, 1, 1_000_000),
    consumer: a.values.get('--consumer') ?? null,
    report: a.flags.has('--report'),
    maxLag: a.count('--max-lag', 1000, 1, 1e9),
    action: null,
    server: null,
    shards: a.count('--shards', 16, 1, 16384),
    seen: a.choice('--seen', ['exact', 'digest'], 'exact'),
    expected: a.count('--expected', 10_000_000, 1, 1e12),
    timeout: a.values.has('--timeout') ? duration(a, '--timeout', 0) : null,
    export: a.flags.has('--counts') ? 'counts' : a.flags.has('--dead') ? 'dead' : 'frontier',
  };
  if (command === 'redis') readAction(a, o);
  else if (command === 'publish') {
    if (to === null) throw new UsageError('publish needs --to redis://HOST:PORT/JOB: the job to publish to');
    onlyOwn(a, 'publish', new Set([...SHARED.publish, '--to', '--max-lag']), () => '');
  } else checkWorker(command, a, o);
  return o;
}

function checkWorker(command: CommandName, a: Arguments, o: RedisOptions): void {
  if (o.from === null) {
    for (const name of ['--follow', '--claim-idle', '--max-deliveries', '--consumer', '--report'] as const)
      if (a.values.has(name) || a.flags.has(name))
        throw new UsageError(`${name} is an option of workers: it needs --from redis://HOST:PORT/JOB`);
  } else {
    if (a.files.length > 0)
      throw new UsageError(`with --from, ${command} reads the job's input: give no FILE (publish "${a.files[0]}" to the job instead)`);
    if (a.values.has('--threads')) throw new UsageError('--threads reads a file; with --from, start more workers instead');
  }
  if (o.to !== null) {
    if (a.flags.has('--dedupe'))
      throw new UsageError("--to keeps each URL once already, as --dedupe does (the job's seen-set): leave out --dedupe");
  }
  if (
    o.report &&
    (a.flags.has('--follow') || a.values.has('--claim-idle') || a.values.has('--max-deliveries') || a.values.has('--consumer'))
  )
    throw new UsageError('--report reads the counts; it takes none of --follow, --claim-idle, --max-deliveries, --consumer');
}

/** `urikit redis ACTION --redis URL --job NAME`. */
function readAction(a: Arguments, o: RedisOptions): void {
  const action = a.files.shift();
  if (action === undefined || !(ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      action === undefined
        ? `redis needs an action: ${ACTIONS.join(', ')}`
        : `unknown action "${action}"; the actions are ${ACTIONS.join(', ')}`,
    );
  o.action = action as Action;
  if (a.files.length > 0) throw new UsageError(`redis ${action} takes no FILE, got "${a.files[0]}"`);
  onlyOwn(a, `redis ${action}`, new Set([...ACTION_OPTIONS[o.action], '--redis', '--job', ...SHARED.redis]), (name) => {
    const owners = ACTIONS.filter((x) => ACTION_OPTIONS[x].includes(name));
    return owners.length > 0 ? ` (it is an option of redis ${owners.join(' and ')})` : '';
  });
  if (a.flags.has('--counts') && a.flags.has('--dead'))
    throw new UsageError('redis export writes one thing: --counts or --dead (or, without either, the frontier)');
  let server: RedisTarget;
  const given = a.values.get('--redis');
  if (given === undefined) throw new UsageError(`redis ${action} needs --redis redis://HOST:PORT and --job NAME`);
  server = (() => {
    try {
      return parseRedisUrl(given);
    } catch (e) {
      throw new UsageError(`--redis: ${(e as Error).message}`);
    }
  })();
  const job = a.values.get('--job');
  if (job !== undefined) {
    try {
      checkJob(job, `--job ${job}`);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (server.job !== null && server.job !== job) throw new UsageError(`--redis ${server.text} and --job ${job} name two jobs`);
    server = withJob(server, job);
  }
  if (server.job === null) throw new UsageError(`redis ${action} needs --job NAME (or the job in the URL: --redis redis://HOST:PORT/JOB)`);
  o.server = server;
}

/** Refuses every option given but those `allowed` (`publish` and `redis` take few of the options of every command). */
function onlyOwn(a: Arguments, what: string, allowed: ReadonlySet<string>, hint: (name: string) => string): void {
  for (const name of [...a.values.keys(), ...a.flags])
    if (!allowed.has(name)) throw new UsageError(`unknown option "${name}" for ${what}${hint(name)}`);
}

/** A duration: a number with the unit ms, s, m or h (a bare number is seconds). In ms. */
function duration(a: Arguments, name: string, dflt: number): number {
  const s = a.values.get(name as never);
  if (s === undefined) return dflt;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(s.trim());
  if (m === null) throw new UsageError(`${name} takes a duration such as 500ms, 30s, 5m or 1h, not "${s}"`);
  return Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's']!);
}

/**
 * `urikit redis ACTION`, as it is declared: its actions, its options (by action) and help, and its
 * settings read from the command line (control.ts runs the actions; it is loaded only when the
 * command runs).
 */
import { type Arguments, COMMON, type CommandSpec, type Common } from '../options/arguments.js';
import {
  CONNECTION,
  CONNECTION_ROWS,
  type Connection,
  checkJob,
  connection,
  duration,
  parseRedisUrl,
  type RedisTarget,
  SAFETY,
  type SeenMode,
  withJob,
} from '../options/jobs.js';
import { choice, count, custom, flag, type OptionName, text, told, UsageError } from '../options/option.js';

export const ACTIONS = ['init', 'status', 'drain', 'export', 'trim', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** The settings of `urikit redis ACTION`. */
export interface ControlSettings extends Common {
  /** status, drain: as JSON. */
  readonly json: boolean;
  readonly redis: {
    readonly connection: Connection;
    readonly action: Action;
    /** The server and the job (--redis URL --job NAME, or --redis URL/JOB). */
    readonly server: RedisTarget;
    /** init. */
    readonly shards: number;
    readonly seen: SeenMode;
    readonly expected: number;
    /** drain: give up after this long (ms); null: wait as long as it takes. */
    readonly timeout: number | null;
    /** export: what to write. */
    readonly export: 'frontier' | 'counts' | 'dead';
    /** export: write the frontier of a job that is not drained (or not complete) too. */
    readonly partial: boolean;
    /** status: in Prometheus's text format. */
    readonly prom: boolean;
  };
}

const OPTIONS = {
  redis: text('--redis', 'redis://HOST:PORT', 'the server; redis://HOST:PORT/NAME names the job too'),
  job: text('--job', 'NAME', 'the job'),
  shards: count('--shards', 'N', 16, 1, 16384, 'init: shards (default 16; on a cluster they are spread evenly over the masters)'),
  seen: choice(
    '--seen',
    ['exact', 'digest'],
    'exact',
    'init: the seen-set holds each URL (exact) or a 64-bit keyed digest of it (8 bytes; a new URL is taken for seen with probability n/2^64, n = URLs in its shard)',
  ),
  expected: count(
    '--expected',
    'N',
    10_000_000,
    1,
    1e12,
    "init, --seen digest: URLs expected (default 10000000), to size the seen-set's buckets",
  ),
  json: flag('--json', 'status, drain: as JSON'),
  prom: flag('--prom', "status: the job's counters in Prometheus's text format, for monitoring", {
    excludes: [{ options: ['--json'], message: 'redis status writes one form: --json or --prom' }],
  }),
  timeout: custom<number | null>('--timeout', 'T', null, (s) => duration('--timeout', s), 'drain: give up after T', { example: '10m' }),
  counts: flag('--counts', "export: host<TAB>count of the frontier's URLs instead", {
    excludes: [{ options: ['--dead'], message: 'redis export writes one thing: --counts or --dead (or, without either, the frontier)' }],
  }),
  dead: flag('--dead', 'export: the lines of the dead letters instead'),
  partial: flag('--partial', 'export: write the frontier of a job not drained (else exit 1) or not complete (else exit 3)'),
  allowEviction: told(SAFETY.allowEviction, 'init: create the job even though Redis may evict keys'),
  quiet: told(COMMON.quiet, 'no report on standard error'),
} as const;

/** The options that `urikit redis` takes, by action, besides --redis, --job, --quiet and the connection's. */
const ACTION_OPTIONS: Readonly<Record<Action, readonly OptionName[]>> = {
  init: ['--shards', '--seen', '--expected', '--allow-eviction'],
  status: ['--json', '--prom'],
  drain: ['--timeout', '--json'],
  export: ['--counts', '--dead', '--partial'],
  trim: [],
  delete: [],
};

export const redisSpec: CommandSpec<ControlSettings> = {
  name: 'redis',
  summary: 'init|status|drain|export|trim|delete a Redis job',
  usage: 'Usage: urikit redis ACTION --redis redis://HOST:PORT --job NAME [options]',
  about: `A job lives in Redis (one node or a Redis Cluster: the same URL; several
nodes as redis://a:7000,b:7000): its input, in shards (streams read by one
consumer group per command), each shard's seen-set, frontier (the normal
forms seen first), counts and the accounts of what was published and
committed. All keys of a shard share one hash tag.

Actions:
  init     create the job (refused when Redis may evict keys)
  status   each shard's input, each group's lag, pending entries, consumers
           and rate, the runs of publish, dead letters, frontier and memory
  drain    wait until the input is closed and every group has read and
           acknowledged every entry; then check that every published line
           was committed, and name the lines that were not
  export   write the frontier, one URL a line (once drained and complete:
           else --partial)
  trim     remove the input entries that every group has acknowledged
  delete   remove every key of the job (refused while it runs)
`,
  options: [{ title: 'Options:', rows: [...Object.values(OPTIONS), ...CONNECTION_ROWS] }],
  exit: 'Exit codes: 0 done, 1 drain timed out (export: the job is not drained), 2 usage error or Redis failed, 3 drain found lines that were not committed, dead letters, or a job that Redis lost (named in the message; export: the same, and it writes nothing).',
  common: false,
  rank: 8,
  settings(a: Arguments, args: readonly string[]): ControlSettings {
    const url = (s: string): RedisTarget => {
      try {
        return parseRedisUrl(s);
      } catch (e) {
        throw new UsageError(`--redis: ${(e as Error).message}`);
      }
    };
    const given = a.get(OPTIONS.redis);
    const conn = connection(a, process.env, [given === null ? null : url(given)]);
    const shards = a.get(OPTIONS.shards);
    const seen = a.get(OPTIONS.seen);
    const expected = a.get(OPTIONS.expected);
    const timeout = a.get(OPTIONS.timeout);
    const action = a.files.shift();
    if (action === undefined || !(ACTIONS as readonly string[]).includes(action))
      throw new UsageError(
        action === undefined
          ? `redis needs an action: ${ACTIONS.join(', ')}`
          : `unknown action "${action}"; the actions are ${ACTIONS.join(', ')}`,
      );
    const act = action as Action;
    if (a.files.length > 0) throw new UsageError(`redis ${action} takes no FILE, got "${a.files[0]}"`);
    const allowed = new Set<string>([
      ...ACTION_OPTIONS[act],
      ...Object.values(CONNECTION).map((o) => o.name),
      '--redis',
      '--job',
      '--quiet',
    ]);
    a.only(allowed, `redis ${action}`, (name) => {
      const owners = ACTIONS.filter((x) => ACTION_OPTIONS[x].includes(name));
      return owners.length > 0 ? ` (it is an option of redis ${owners.join(' and ')})` : '';
    });
    a.check();
    if (given === null) throw new UsageError(`redis ${action} needs --redis redis://HOST:PORT and --job NAME`);
    let server = url(given);
    const job = a.get(OPTIONS.job);
    if (job !== null) {
      try {
        checkJob(job, `--job ${job}`);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      if (server.job !== null && server.job !== job) throw new UsageError(`--redis ${server.text} and --job ${job} name two jobs`);
      server = withJob(server, job);
    }
    if (server.job === null)
      throw new UsageError(`redis ${action} needs --job NAME (or the job in the URL: --redis redis://HOST:PORT/JOB)`);
    return {
      command: 'redis',
      args,
      file: '-',
      quiet: a.get(OPTIONS.quiet),
      json: a.get(OPTIONS.json),
      redis: {
        connection: conn,
        action: act,
        server,
        shards,
        seen,
        expected,
        timeout,
        export: a.get(OPTIONS.counts) ? 'counts' : a.get(OPTIONS.dead) ? 'dead' : 'frontier',
        partial: a.get(OPTIONS.partial),
        prom: a.get(OPTIONS.prom),
      },
    };
  },
};

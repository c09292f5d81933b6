/**
 * Redis jobs on the command line: where a job lives (`redis://[[USER]:PASSWORD@]HOST[:PORT][/JOB]`,
 * `rediss://` for TLS, read with urikit's own parser), the Redis options of `configure` (`--from`
 * and `--to`, the workers' settings, `urikit redis ACTION`'s options), checked, and the specs of
 * `publish` and `redis` with the worker options that other commands' help shows. The jobs
 * themselves run in ./redis/, loaded only when a command names one.
 */
import { parse, type Uri } from '../uri.js';
import {
  type Arguments,
  type CommandName,
  type CommandSpec,
  declared,
  type OptionName,
  type OptionRow,
  type OptionSection,
  UsageError,
} from './arguments.js';

/** A server and, for `--from` and `--to`, a job on it. */
export interface RedisTarget {
  /** The URL as given, without its password, for messages. */
  readonly text: string;
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly username: string | undefined;
  readonly password: string | undefined;
  /** The job's name; null when the URL has no path (`--redis URL --job NAME`). */
  readonly job: string | null;
}

/** A job's name: it is part of every key of the job, so it is kept to characters that need no quoting. */
const JOB = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Reads a `redis://` URL; throws an `Error` whose message says what is wrong and what is expected.
 * @example
 * parseRedisUrl('redis://127.0.0.1:6379/crawl').job; // 'crawl'
 */
export function parseRedisUrl(text: string): RedisTarget {
  let u: Uri;
  try {
    u = parse(text, { absolute: true });
  } catch (e) {
    throw new Error(`"${text}" is not a URL: ${(e as Error).message}`);
  }
  const scheme = u.scheme!.toLowerCase();
  if (scheme !== 'redis' && scheme !== 'rediss') throw new Error(`"${text}" is not a redis:// or rediss:// URL`);
  if (u.host === undefined || u.host === '') throw new Error(`"${text}" names no host: redis://HOST:PORT/JOB`);
  if (u.query !== undefined || u.fragment !== undefined) throw new Error(`"${text}" has a query or a fragment; a redis URL has neither`);
  const port = u.port === undefined || u.port === '' ? 6379 : Number(u.port);
  if (port < 1 || port > 65535) throw new Error(`"${text}" has port ${u.port}; a port is from 1 to 65535`);
  const path = u.path;
  let job: string | null = null;
  if (path !== '' && path !== '/') {
    job = decode(path.slice(1), text);
    checkJob(job, text);
  }
  let username: string | undefined;
  let password: string | undefined;
  const info = u.userinfo;
  if (info !== undefined) {
    const colon = info.indexOf(':');
    username = decode(colon === -1 ? info : info.slice(0, colon), text) || undefined;
    password = colon === -1 ? undefined : decode(info.slice(colon + 1), text);
  }
  const host = u.hostType === 'ipv6' ? u.host.slice(1, -1) : u.host;
  const shown = `${scheme}://${info !== undefined ? `${username ?? ''}${password !== undefined ? ':***' : ''}@` : ''}${u.host}:${port}`;
  return { text: job === null ? shown : `${shown}/${job}`, host, port, tls: scheme === 'rediss', username, password, job };
}

/** Percent-decoded `s`, read as UTF-8. */
function decode(s: string, text: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new Error(`"${text}" holds a %XX sequence that is not UTF-8`);
  }
}

/** Throws when `job` is not a job name. */
export function checkJob(job: string, where = job): void {
  if (!JOB.test(job))
    throw new Error(`"${where}" names the job "${job}"; a job's name is 1 to 100 letters, digits, ".", "_" or "-" (redis://HOST:PORT/JOB)`);
}

/** `target` with its job set to `job`. */
export function withJob(target: RedisTarget, job: string): RedisTarget {
  const base = target.job === null ? target.text : target.text.slice(0, -target.job.length - 1);
  return { ...target, job, text: `${base}/${job}` };
}

export const ACTIONS = ['init', 'status', 'drain', 'export', 'trim'] as const;
export type Action = (typeof ACTIONS)[number];

/** What a job's seen-set holds: each URL (`exact`), or a 64-bit digest of it. */
export type SeenMode = 'exact' | 'digest';

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

/** The options that make `normalize`, `resolve`, `validate` and `stats` workers of a job, with `more` of the command's. */
export function workerOptions(...more: OptionRow[]): OptionSection {
  return {
    title: 'Redis jobs (see "urikit redis --help"):',
    rows: [
      ['--from', "read the job's input as a worker of its group (one group per command; entries are acknowledged once committed)"],
      ['--claim-idle', 'take over entries another worker held longer (60s)'],
      ['--max-deliveries', 'past N deliveries an entry goes to the dead letters (5)'],
      ['--follow', "keep waiting for input after the job's input is closed"],
      ['--consumer', "this worker's name in the group (host-pid-random)"],
      ...more,
    ],
  };
}

/** `--to` of `normalize` and `resolve`. */
export const TO_FRONTIER: OptionRow = [
  '--to',
  "the URLs go to the job's seen-set and frontier, each once, in the form --dedupe compares (the dedupe preset; normalize --rfc-only: the RFC 3986 normal form), not to standard output",
];

export const publishSpec: CommandSpec = {
  name: 'publish',
  summary: "send lines to a Redis job's shards (--to redis://HOST:PORT/JOB)",
  usage: 'Usage: urikit publish --to redis://HOST:PORT/JOB [options] [FILE|-]',
  about: `Sends the lines of FILE (or standard input; gzip is read through gunzip) to
the job's shards: a line goes to the shard of its URI's host (lower case;
with --log, the request target's), or of a hash of the line when it has none,
in entries of up to 100 lines or 64 KiB. Workers (normalize, resolve,
validate, stats --from …) read them. When some shard holds more than
--max-lag entries that a group has not read, publish waits. Nothing is ever
trimmed from the input before every group has acknowledged it. The job's
input is closed when a publish run has finished and none runs.
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--to', 'the job (create it first: urikit redis init)'],
        ['--max-lag', 'entries unread per shard before publish waits (default 1000)'],
        [['--log', '--log-field', '--lenient', '--iri', '--zone-id'], "how to find each line's host"],
        ['--max-line-length', 'lines longer than N bytes are left out (with a report); as for every command'],
        ['--quiet', 'no progress bar and no summary'],
      ],
    },
  ],
  exit: 'Exit code 0 when every line was sent, 2 when Redis or the input failed.',
  common: false,
};

export const redisSpec: CommandSpec = {
  name: 'redis',
  summary: 'init|status|drain|export|trim a Redis job',
  usage: 'Usage: urikit redis ACTION --redis redis://HOST:PORT --job NAME [options]',
  about: `A job lives in Redis (one node or a Redis Cluster: the same URL): its input,
in shards (streams read by one consumer group per command), each shard's
seen-set, frontier (the normal forms seen first) and counts. All keys of a
shard share one hash tag.

Actions:
  init     create the job
  status   each shard's input, each group's lag and pending entries, dead
           letters, frontier URLs and memory
  drain    wait until the input is closed and every group has read and
           acknowledged every entry
  export   write the frontier, one URL a line
  trim     remove the input entries that every group has acknowledged
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--redis', 'the server; redis://HOST:PORT/NAME names the job too'],
        ['--job', 'the job'],
        ['--shards', 'init: shards (default 16; on a cluster, several per master spread the load)'],
        [
          '--seen',
          'init: the seen-set holds each URL (exact) or a 64-bit digest of it (8 bytes; a new URL is taken for seen with probability n/2^64, n = URLs in its shard)',
        ],
        ['--expected', "init, --seen digest: URLs expected (default 10000000), to size the seen-set's buckets"],
        ['--json', 'status: as JSON'],
        ['--timeout', 'drain: give up after T'],
        ['--counts', "export: host<TAB>count of the frontier's URLs instead"],
        ['--dead', 'export: the lines of the dead letters instead'],
        ['--quiet', 'no report on standard error'],
      ],
    },
  ],
  exit: 'Exit codes: 0 done, 1 drain timed out, 2 usage error or Redis failed.',
  common: false,
};

/** The options that `urikit redis` takes, by action, besides --redis, --job and --quiet. */
const ACTION_OPTIONS: Readonly<Record<Action, readonly OptionName[]>> = {
  init: ['--shards', '--seen', '--expected'],
  status: ['--json'],
  drain: ['--timeout'],
  export: ['--counts', '--dead'],
  trim: [],
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
    onlyOwn(a, 'publish', declared(publishSpec), () => '');
  } else checkWorker(command, a, o);
  return o;
}

function checkWorker(command: CommandName, a: Arguments, o: RedisOptions): void {
  if (o.from === null) {
    for (const name of ['--follow', '--claim-idle', '--max-deliveries', '--consumer', '--report'] as const)
      if (a.has(name)) throw new UsageError(`${name} is an option of workers: it needs --from redis://HOST:PORT/JOB`);
  } else {
    if (a.files.length > 0)
      throw new UsageError(`with --from, ${command} reads the job's input: give no FILE (publish "${a.files[0]}" to the job instead)`);
    if (a.values.has('--threads')) throw new UsageError('--threads reads a file; with --from, start more workers instead');
  }
  if (o.to !== null) {
    if (a.flags.has('--dedupe'))
      throw new UsageError("--to keeps each URL once already, as --dedupe does (the job's seen-set): leave out --dedupe");
  }
  if (o.report && (a.has('--follow') || a.has('--claim-idle') || a.has('--max-deliveries') || a.has('--consumer')))
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
  onlyOwn(a, `redis ${action}`, new Set<OptionName>([...ACTION_OPTIONS[o.action], '--redis', '--job', '--quiet']), (name) => {
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
function onlyOwn(a: Arguments, what: string, allowed: ReadonlySet<OptionName>, hint: (name: OptionName) => string): void {
  for (const name of [...a.values.keys(), ...a.flags])
    if (!allowed.has(name)) throw new UsageError(`unknown option "${name}" for ${what}${hint(name)}`);
}

/** A duration: a number with the unit ms, s, m or h (a bare number is seconds). In ms. */
function duration(a: Arguments, name: OptionName, dflt: number): number {
  const s = a.values.get(name);
  if (s === undefined) return dflt;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(s.trim());
  if (m === null) throw new UsageError(`${name} takes a duration such as 500ms, 30s, 5m or 1h, not "${s}"`);
  return Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's']!);
}

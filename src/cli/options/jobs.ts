/**
 * Redis jobs on the command line: where a job lives (`redis://[USER@]HOST[:PORT][,HOST:PORT…][/JOB]`,
 * `rediss://` for TLS, read with urikit's own parser), how to reach it (password, TLS, how long to
 * wait for Redis), the Redis options of `configure` (`--from` and `--to`, the workers' settings,
 * `urikit redis ACTION`'s options), checked, and the specs of `publish` and `redis` with the
 * worker options that other commands' help shows. The jobs themselves run in ../redis/, loaded
 * only when a command names one. No message ever shows a password.
 */
import { readFileSync } from 'node:fs';
import { parse, type Uri } from '../../uri.js';
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

/** A Redis node: one of the seeds of a URL. */
export interface Seed {
  readonly host: string;
  readonly port: number;
}

/** A server (one node, or the seeds of a cluster) and, for `--from` and `--to`, a job on it. */
export interface RedisTarget {
  /** The URL as given, its password shown as ***, for messages. */
  readonly text: string;
  /** The nodes to connect to: the first that answers tells whether it is a cluster. */
  readonly seeds: readonly Seed[];
  readonly tls: boolean;
  readonly username: string | undefined;
  /** The password of the URL (see `Connection.password`, which takes precedence). */
  readonly password: string | undefined;
  /** The job's name; null when the URL has no path (`--redis URL --job NAME`). */
  readonly job: string | null;
}

/** A job's name: it is part of every key of the job, so it is kept to characters that need no quoting. */
const JOB = /^[A-Za-z0-9._-]{1,100}$/;

/** Userinfo as RFC 3986 §3.2.1 allows it: a password with other characters must be percent-encoded. */
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;

/**
 * `text` with the password of its userinfo shown as `***`: the userinfo runs from "//" to the last
 * "@" (a job's name and a host hold none), so that even a password with an unencoded "/" or "@"
 * stays hidden.
 * @example
 * redact('redis://u:s3cret@h:6379/j'); // 'redis://u:***@h:6379/j'
 */
export function redact(text: string): string {
  const from = text.indexOf('//');
  const at = text.lastIndexOf('@');
  if (from === -1 || at < from) return text;
  const colon = text.indexOf(':', from);
  return colon === -1 || colon > at ? text : `${text.slice(0, colon + 1)}***${text.slice(at)}`;
}

/**
 * Reads a `redis://` URL; throws an `Error` whose message says what is wrong and what is
 * expected, and never shows the password. Several nodes of a cluster are written
 * `redis://a:7000,b:7000/JOB`: the first that answers serves.
 * @example
 * parseRedisUrl('redis://127.0.0.1:6379/crawl').job; // 'crawl'
 */
export function parseRedisUrl(text: string): RedisTarget {
  const shown = redact(text);
  const slashes = text.indexOf('//');
  const at = text.lastIndexOf('@');
  // The URL without its userinfo: what the parser sees, and what its messages quote.
  const bare = slashes !== -1 && at > slashes ? text.slice(0, slashes + 2) + text.slice(at + 1) : text;
  const info = bare === text ? undefined : text.slice(slashes + 2, at);
  const hostsEnd = slashes === -1 ? -1 : bare.slice(slashes + 2).search(/[/?#]|$/) + slashes + 2;
  const hosts = hostsEnd === -1 ? [''] : bare.slice(slashes + 2, hostsEnd).split(',');
  const urls = hosts.map((h, i) => (hostsEnd === -1 ? bare : `${bare.slice(0, slashes + 2)}${h}${i === 0 ? bare.slice(hostsEnd) : ''}`));
  let first: Uri | undefined;
  const seeds: Seed[] = [];
  for (const url of urls) {
    let u: Uri;
    try {
      u = parse(url, { absolute: true });
    } catch (e) {
      throw new Error(`"${shown}" is not a URL: ${(e as Error).message}`);
    }
    first ??= u;
    const scheme = u.scheme!.toLowerCase();
    if (scheme !== 'redis' && scheme !== 'rediss') throw new Error(`"${shown}" is not a redis:// or rediss:// URL`);
    if (u.host === undefined || u.host === '') throw new Error(`"${shown}" names no host: redis://HOST:PORT/JOB`);
    if (u.query !== undefined || u.fragment !== undefined) throw new Error(`"${shown}" has a query or a fragment; a redis URL has neither`);
    const port = u.port === undefined || u.port === '' ? 6379 : Number(u.port);
    if (port < 1 || port > 65535) throw new Error(`"${shown}" has port ${u.port}; a port is from 1 to 65535`);
    seeds.push({ host: u.hostType === 'ipv6' ? u.host.slice(1, -1) : u.host, port });
  }
  const u = first!;
  const path = u.path;
  let job: string | null = null;
  if (path !== '' && path !== '/') {
    job = decode(path.slice(1), shown);
    checkJob(job, shown);
  }
  let username: string | undefined;
  let password: string | undefined;
  if (info !== undefined) {
    if (!USERINFO.test(info))
      throw new Error(`"${shown}": its user or password holds a character that must be percent-encoded (%XX) in a URL`);
    const colon = info.indexOf(':');
    username = decode(colon === -1 ? info : info.slice(0, colon), shown) || undefined;
    password = colon === -1 ? undefined : decode(info.slice(colon + 1), shown);
  }
  const scheme = u.scheme!.toLowerCase();
  const where = seeds.map((s) => `${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}`).join(',');
  const user = info === undefined ? '' : `${username ?? ''}${password !== undefined ? ':***' : ''}@`;
  const server = `${scheme}://${user}${where}`;
  return { text: job === null ? server : `${server}/${job}`, seeds, tls: scheme === 'rediss', username, password, job };
}

/** Percent-decoded `s`, read as UTF-8. */
function decode(s: string, shown: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new Error(`"${shown}" holds a %XX sequence that is not UTF-8`);
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

export const ACTIONS = ['init', 'status', 'drain', 'export', 'trim', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** What a job's seen-set holds: each URL (`exact`), or a 64-bit digest of it. */
export type SeenMode = 'exact' | 'digest';

/** How every Redis command reaches its server. */
export interface Connection {
  /** How long a command waits for Redis (reconnecting, a failover) before the run gives up (ms). */
  timeout: number;
  /** The password: --redis-password-file, else REDIS_PASSWORD, else the URL's. */
  password: string | undefined;
  /** A URL on the command line holds a password (which `ps` shows to every user). */
  passwordInUrl: boolean;
  /** rediss://: the certificates of --tls-ca, --tls-cert, --tls-key. */
  tls: { ca?: Buffer; cert?: Buffer; key?: Buffer };
  /** Refuse no eviction policy (--allow-eviction). */
  allowEviction: boolean;
  /** WAIT for this many replicas after each write that acknowledges input (--wait-replicas). */
  waitReplicas: number;
}

/** The Redis part of a `Config`. */
export interface RedisOptions {
  /** Workers: the job whose input they read. */
  from: RedisTarget | null;
  /** publish: the job it feeds; normalize, resolve: the job whose frontier the output goes to. */
  to: RedisTarget | null;
  connection: Connection;
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
  /** publish: pause while some shard has more entries than this that a running worker has not read. */
  maxLag: number;
  /** publish: the run to finish (`--resume RUN`), or null for a new run. */
  resume: number | null;
  /** publish: send an input that an earlier run sent already, a second pass (`--again`). */
  again: boolean;
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
  /** redis export: write the frontier of a job that is not drained (or not complete) too. */
  partial: boolean;
  /** redis status: in Prometheus's text format. */
  prom: boolean;
}

/** The options of every command that talks to Redis: how to reach it. */
const CONNECTION: readonly OptionRow[] = [
  ['--redis-timeout', 'give up after T without an answer from Redis, naming what was waited for (10m)'],
  ['--redis-password-file', 'read the password from FILE (or from REDIS_PASSWORD); a password in the URL shows in ps'],
  [['--tls-ca', '--tls-cert', '--tls-key'], 'rediss://: the CA to trust, and a client certificate and key (PEM files)'],
];

/** The options of the commands that write to a job: what they refuse or wait for. */
const SAFETY: readonly OptionRow[] = [
  ['--wait-replicas', 'WAIT until N replicas hold each write before going on (a failover then loses nothing)'],
  ['--allow-eviction', 'run even though Redis may evict keys (maxmemory-policy other than noeviction)'],
];

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
      ...SAFETY,
      ...CONNECTION,
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
in entries of up to 250 lines or 64 KiB. Workers (normalize, resolve,
validate, stats --from …) read them. When some shard holds more than
--max-lag entries that a running worker's group has not read, publish waits.
Each run has a number and each entry a sequence number, written with it:
an entry sent twice is stored once, and "--resume RUN" finishes a run that
was stopped, sending only what Redis does not hold (entries that a failover
lost included). The job's input is closed when a run has finished and none
runs.

A stream (a pipe: tail -F access.log | urikit publish --to … -) is sent as
it comes: a line waits half a second at most. Its entries are then cut by the
clock, so such a run cannot be resumed. Stopped by Ctrl-C or SIGTERM, it sends
what it read, finishes its run and exits 130.
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--to', 'the job (create it first: urikit redis init)'],
        ['--max-lag', 'entries unread per shard before publish waits (default 1000)'],
        ['--resume', 'finish run RUN (its number is printed when it starts) with the same input'],
        ['--again', 'publish a file that an earlier run published already (else refused): a second pass, counted twice'],
        [['--log', '--log-field', '--lenient', '--iri', '--zone-id'], "how to find each line's host"],
        ['--max-line-length', 'lines longer than N bytes are left out (with a report); as for every command'],
        ['--quiet', 'no progress bar and no summary'],
        ...SAFETY,
        ...CONNECTION,
      ],
    },
  ],
  exit: 'Exit code 0 when every line was sent, 2 when Redis or the input failed, 3 when Redis lost lines that it had acknowledged and they could not be sent again (the message says how to resume), 130 when a signal ended a stream (its lines until then were sent).',
  common: false,
  rank: 0,
};

export const redisSpec: CommandSpec = {
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
  options: [
    {
      title: 'Options:',
      rows: [
        ['--redis', 'the server; redis://HOST:PORT/NAME names the job too'],
        ['--job', 'the job'],
        ['--shards', 'init: shards (default 16; on a cluster they are spread evenly over the masters)'],
        [
          '--seen',
          'init: the seen-set holds each URL (exact) or a 64-bit keyed digest of it (8 bytes; a new URL is taken for seen with probability n/2^64, n = URLs in its shard)',
        ],
        ['--expected', "init, --seen digest: URLs expected (default 10000000), to size the seen-set's buckets"],
        ['--json', 'status, drain: as JSON'],
        ['--prom', "status: the job's counters in Prometheus's text format, for monitoring"],
        ['--timeout', 'drain: give up after T'],
        ['--counts', "export: host<TAB>count of the frontier's URLs instead"],
        ['--dead', 'export: the lines of the dead letters instead'],
        ['--partial', 'export: write the frontier of a job not drained (else exit 1) or not complete (else exit 3)'],
        ['--allow-eviction', 'init: create the job even though Redis may evict keys'],
        ['--quiet', 'no report on standard error'],
        ...CONNECTION,
      ],
    },
  ],
  exit: 'Exit codes: 0 done, 1 drain timed out (export: the job is not drained), 2 usage error or Redis failed, 3 drain found lines that were not committed, dead letters, or a job that Redis lost (named in the message; export: the same, and it writes nothing).',
  common: false,
  rank: 8,
};

/** The options that `urikit redis` takes, by action, besides --redis, --job, --quiet and the connection's. */
const ACTION_OPTIONS: Readonly<Record<Action, readonly OptionName[]>> = {
  init: ['--shards', '--seen', '--expected', '--allow-eviction'],
  status: ['--json', '--prom'],
  drain: ['--timeout', '--json'],
  export: ['--counts', '--dead', '--partial'],
  trim: [],
  delete: [],
};

const CONNECTION_OPTIONS: readonly OptionName[] = ['--redis-timeout', '--redis-password-file', '--tls-ca', '--tls-cert', '--tls-key'];

/**
 * The Redis options of `command`'s arguments. Throws `UsageError`. For `urikit redis`, the action
 * is the first of `a.files`, which it removes. `env` holds REDIS_PASSWORD.
 */
export function redisOptions(command: CommandName, a: Arguments, env: NodeJS.ProcessEnv = process.env): RedisOptions {
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
    connection: connection(a, env, [from, to, command === 'redis' ? url('--redis') : null]),
    follow: a.flags.has('--follow'),
    claimIdle: duration(a, '--claim-idle', 60_000),
    maxDeliveries: a.count('--max-deliveries', 5, 1, 1_000_000),
    consumer: a.values.get('--consumer') ?? null,
    report: a.flags.has('--report'),
    maxLag: a.count('--max-lag', 1000, 1, 1e9),
    resume: a.values.has('--resume') ? a.count('--resume', 1, 1, 2 ** 52) : null,
    again: a.flags.has('--again'),
    action: null,
    server: null,
    shards: a.count('--shards', 16, 1, 16384),
    seen: a.choice('--seen', ['exact', 'digest'], 'exact'),
    expected: a.count('--expected', 10_000_000, 1, 1e12),
    timeout: a.values.has('--timeout') ? duration(a, '--timeout', 0) : null,
    export: a.flags.has('--counts') ? 'counts' : a.flags.has('--dead') ? 'dead' : 'frontier',
    partial: a.flags.has('--partial'),
    prom: a.flags.has('--prom'),
  };
  if (command === 'redis') readAction(a, o);
  else if (command === 'publish') {
    if (to === null) throw new UsageError('publish needs --to redis://HOST:PORT/JOB: the job to publish to');
    onlyOwn(a, 'publish', declared(publishSpec), () => '');
    if (o.again && o.resume !== null) throw new UsageError('--again starts a new run, and --resume finishes one: give one of them');
  } else checkWorker(command, a, o);
  return o;
}

/** How to reach Redis: the timeout, the password, TLS, and what writes wait for. */
function connection(a: Arguments, env: NodeJS.ProcessEnv, targets: Array<RedisTarget | null>): Connection {
  const given = targets.filter((t) => t !== null);
  const tls = (name: '--tls-ca' | '--tls-cert' | '--tls-key'): Buffer | undefined => {
    const file = a.values.get(name);
    return file === undefined ? undefined : readOption(name, file);
  };
  const c: Connection = {
    timeout: duration(a, '--redis-timeout', 600_000),
    password: undefined,
    passwordInUrl: given.some((t) => t.password !== undefined),
    tls: { ca: tls('--tls-ca'), cert: tls('--tls-cert'), key: tls('--tls-key') },
    allowEviction: a.flags.has('--allow-eviction'),
    waitReplicas: a.count('--wait-replicas', 0, 0, 100),
  };
  if (c.timeout < 1000) throw new UsageError(`--redis-timeout takes at least 1s, not "${a.values.get('--redis-timeout')}"`);
  const file = a.values.get('--redis-password-file');
  if (file !== undefined) c.password = readOption('--redis-password-file', file).toString('utf8').split(/\r?\n/)[0];
  else if (env.REDIS_PASSWORD !== undefined && env.REDIS_PASSWORD !== '') c.password = env.REDIS_PASSWORD;
  if ((c.tls.cert === undefined) !== (c.tls.key === undefined)) throw new UsageError('--tls-cert and --tls-key go together');
  if ((c.tls.ca !== undefined || c.tls.cert !== undefined) && !given.some((t) => t.tls))
    throw new UsageError('--tls-ca, --tls-cert and --tls-key are for rediss:// URLs (Redis over TLS)');
  return c;
}

function readOption(name: OptionName, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new UsageError(`${name}: cannot read "${file}": ${(e as Error).message}`);
  }
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
  if (o.from === null && o.to === null) {
    for (const name of [...CONNECTION_OPTIONS, '--wait-replicas', '--allow-eviction'] as const)
      if (a.has(name)) throw new UsageError(`${name} is an option of Redis jobs: it needs --from or --to redis://HOST:PORT/JOB`);
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
  const allowed = new Set<OptionName>([...ACTION_OPTIONS[o.action], ...CONNECTION_OPTIONS, '--redis', '--job', '--quiet']);
  onlyOwn(a, `redis ${action}`, allowed, (name) => {
    const owners = ACTIONS.filter((x) => ACTION_OPTIONS[x].includes(name));
    return owners.length > 0 ? ` (it is an option of redis ${owners.join(' and ')})` : '';
  });
  if (a.flags.has('--json') && a.flags.has('--prom')) throw new UsageError('redis status writes one form: --json or --prom');
  if (a.flags.has('--counts') && a.flags.has('--dead'))
    throw new UsageError('redis export writes one thing: --counts or --dead (or, without either, the frontier)');
  const given = a.values.get('--redis');
  if (given === undefined) throw new UsageError(`redis ${action} needs --redis redis://HOST:PORT and --job NAME`);
  let server: RedisTarget;
  try {
    server = parseRedisUrl(given);
  } catch (e) {
    throw new UsageError(`--redis: ${(e as Error).message}`);
  }
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

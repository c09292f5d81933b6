/**
 * Redis jobs on the command line, the options' kinds that several commands declare: where a job
 * lives (`redis://[USER@]HOST[:PORT][,HOST:PORT…][/JOB]`, `rediss://` for TLS, read with urikit's
 * own parser), how to reach it (password, TLS, how long to wait for Redis), durations, and the
 * options that make `normalize`, `resolve`, `validate` and `stats` workers of a job (`--from`) or
 * feed its frontier (`--to`), checked. `publish` and `redis` declare theirs in ../redis/; the jobs
 * run there, loaded only when a command names one. No message ever shows a password.
 */
import { readFileSync } from 'node:fs';
import { parse, type Uri } from '../../uri.js';
import { fileProblem } from '../io/file-error.js';
import type { Arguments, OptionSection } from './arguments.js';
import { count, custom, flag, type Option, type OptionName, type Rule, text, UsageError } from './option.js';

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

/** A duration: a number with the unit ms, s, m or h (a bare number is seconds). In ms. */
export function duration(name: OptionName, s: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(s.trim());
  if (m === null) throw new UsageError(`${name} takes a duration such as 500ms, 30s, 5m or 1h, not "${s}"`);
  return Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's']!);
}

/** An option whose value is a redis:// URL, read when given. */
export function redisUrl(
  name: OptionName,
  value: string,
  help: string,
  more: { needs?: readonly Rule[]; excludes?: readonly Rule[] } = {},
): Option<RedisTarget | null> {
  const read = (s: string): RedisTarget => {
    try {
      return parseRedisUrl(s);
    } catch (e) {
      throw new UsageError(`${name}: ${(e as Error).message}`);
    }
  };
  return custom<RedisTarget | null>(name, value, null, read, help, more);
}

/** A URL of `--from` or `--to`, which names a job. */
function jobUrl(a: Arguments, option: Option<RedisTarget | null>): RedisTarget | null {
  const t = a.get(option);
  if (t !== null && t.job === null) throw new UsageError(`${option.name} ${t.text} names no job: ${option.name} redis://HOST:PORT/JOB`);
  return t;
}

/** An option that names a file, read when given (its bytes). */
function file(name: OptionName, help: string, more: { needs?: readonly Rule[] } = {}): Option<Buffer | null> {
  return custom<Buffer | null>(name, 'FILE', null, (f) => readOption(name, f), help, more);
}

/** `--redis-timeout T`: at least a second. */
function redisTimeout(s: string): number {
  const ms = duration('--redis-timeout', s);
  if (ms < 1000) throw new UsageError(`--redis-timeout takes at least 1s, not "${s}"`);
  return ms;
}

/** The options of every command that talks to Redis: how to reach it. */
export const CONNECTION = {
  timeout: custom(
    '--redis-timeout',
    'T',
    600_000,
    redisTimeout,
    'give up after T without an answer from Redis, naming what was waited for (10m)',
    {
      example: '10m',
    },
  ),
  passwordFile: file('--redis-password-file', 'read the password from FILE (or from REDIS_PASSWORD); a password in the URL shows in ps'),
  tlsCa: file('--tls-ca', 'rediss://: the CA to trust, and a client certificate and key (PEM files)'),
  tlsCert: file('--tls-cert', '', { needs: [{ options: ['--tls-key'], message: '--tls-cert and --tls-key go together' }] }),
  tlsKey: file('--tls-key', '', { needs: [{ options: ['--tls-cert'], message: '--tls-cert and --tls-key go together' }] }),
} as const;

/** The options of the commands that write to a job: what they refuse or wait for. */
export const SAFETY = {
  waitReplicas: count(
    '--wait-replicas',
    'N',
    0,
    0,
    100,
    'WAIT until N replicas hold each write before going on (a failover then loses nothing)',
  ),
  allowEviction: flag('--allow-eviction', 'run even though Redis may evict keys (maxmemory-policy other than noeviction)'),
} as const;

/** The rows of the connection's options: the TLS files on one row. */
export const CONNECTION_ROWS: readonly Option[] = [
  CONNECTION.timeout,
  CONNECTION.passwordFile,
  { ...CONNECTION.tlsCa, also: [CONNECTION.tlsCert, CONNECTION.tlsKey] },
];

/** How to reach Redis: the timeout, the password, TLS, and what writes wait for. */
export function connection(a: Arguments, env: NodeJS.ProcessEnv, targets: Array<RedisTarget | null>): Connection {
  const given = targets.filter((t) => t !== null);
  const tls = (option: Option<Buffer | null>): Buffer | undefined => a.get(option) ?? undefined;
  const c: Connection = {
    timeout: a.get(CONNECTION.timeout),
    password: undefined,
    passwordInUrl: given.some((t) => t.password !== undefined),
    tls: { ca: tls(CONNECTION.tlsCa), cert: tls(CONNECTION.tlsCert), key: tls(CONNECTION.tlsKey) },
    allowEviction: a.get(SAFETY.allowEviction),
    waitReplicas: a.get(SAFETY.waitReplicas),
  };
  const password = a.get(CONNECTION.passwordFile);
  if (password !== null) c.password = password.toString('utf8').split(/\r?\n/)[0];
  else if (env.REDIS_PASSWORD !== undefined && env.REDIS_PASSWORD !== '') c.password = env.REDIS_PASSWORD;
  a.rules([CONNECTION.tlsCert, CONNECTION.tlsKey]);
  if ((c.tls.ca !== undefined || c.tls.cert !== undefined) && !given.some((t) => t.tls))
    throw new UsageError('--tls-ca, --tls-cert and --tls-key are for rediss:// URLs (Redis over TLS)');
  return c;
}

function readOption(name: OptionName, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new UsageError(`${name}: cannot read "${file}": ${fileProblem(e as NodeJS.ErrnoException)}`);
  }
}

/** The settings of a command that can be a worker of a job (`--from`) or feed its frontier (`--to`). */
export interface WorkerOptions {
  /** The job whose input they read. */
  from: RedisTarget | null;
  /** The job whose frontier the output goes to. */
  to: RedisTarget | null;
  connection: Connection;
  /** Keep waiting for input after the job's input is closed and read. */
  follow: boolean;
  /** Claim another consumer's entries after they were pending this long (ms). */
  claimIdle: number;
  /** An entry delivered more often than this goes to the dead-letter stream. */
  maxDeliveries: number;
  /** The consumer's name in the group (default: host name and process id). */
  consumer: string | null;
}

/** What an option of workers alone needs. */
const needsFrom = (name: OptionName): Rule[] => [
  { options: ['--from'], message: `${name} is an option of workers: it needs --from redis://HOST:PORT/JOB` },
];

/** The options of workers. */
export const WORKER = {
  from: redisUrl(
    '--from',
    'redis://HOST:PORT/JOB',
    "read the job's input as a worker of its group (one group per command; entries are acknowledged once committed)",
  ),
  claimIdle: custom('--claim-idle', 'T', 60_000, (s) => duration('--claim-idle', s), 'take over entries another worker held longer (60s)', {
    example: '60s',
    needs: needsFrom('--claim-idle'),
  }),
  maxDeliveries: count('--max-deliveries', 'N', 5, 1, 1_000_000, 'past N deliveries an entry goes to the dead letters (5)', {
    needs: needsFrom('--max-deliveries'),
  }),
  follow: flag('--follow', "keep waiting for input after the job's input is closed", { needs: needsFrom('--follow') }),
  consumer: text('--consumer', 'NAME', "this worker's name in the group (host-pid-random)", { needs: needsFrom('--consumer') }),
} as const;

/** `--to` of `normalize` and `resolve`; `more` adds what it excludes. */
export function toFrontier(more: { excludes?: readonly Rule[] } = {}): Option<RedisTarget | null> {
  return redisUrl(
    '--to',
    'redis://HOST:PORT/JOB',
    "the URLs go to the job's seen-set and frontier, each once, in the form --dedupe compares (the dedupe preset; normalize --rfc-only: the RFC 3986 normal form), not to standard output",
    more,
  );
}

/** `stats --report`: the job's counts instead of counting. */
export const REPORT = flag(
  '--report',
  "with --from: print the job's counts (the same table or JSON as a local stats) instead of counting",
  {
    needs: needsFrom('--report'),
    excludes: [
      {
        options: ['--follow', '--claim-idle', '--max-deliveries', '--consumer'],
        message: '--report reads the counts; it takes none of --follow, --claim-idle, --max-deliveries, --consumer',
      },
    ],
  },
);

/** The section of the options that make `normalize`, `resolve`, `validate` and `stats` workers of a job, with `more` of the command's. */
export function workerOptions(...more: Option[]): OptionSection {
  // Without a job, the options of Redis jobs are refused by name.
  const jobs: OptionName[] = more.some((o) => o.name === '--to') ? ['--from', '--to'] : ['--from'];
  const needsJob = (o: Option): Option => ({
    ...o,
    needs: [
      ...(o.needs ?? []),
      { options: jobs, message: `${o.name} is an option of Redis jobs: it needs --from or --to redis://HOST:PORT/JOB` },
    ],
    also: o.also?.map(needsJob),
  });
  return {
    title: 'Redis jobs (see "urikit redis --help"):',
    rows: [...Object.values(WORKER), ...more, ...[...Object.values(SAFETY), ...CONNECTION_ROWS].map(needsJob)],
  };
}

/**
 * The worker settings of `command`'s arguments. Throws `UsageError`. `env` holds
 * REDIS_PASSWORD.
 */
export function worker(command: string, a: Arguments, env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const from = jobUrl(a, WORKER.from);
  const to = a.has('--to') ? jobUrl(a, toFrontier()) : null;
  const w: WorkerOptions = {
    from,
    to,
    connection: connection(a, env, [from, to]),
    follow: a.get(WORKER.follow),
    claimIdle: a.get(WORKER.claimIdle),
    maxDeliveries: a.get(WORKER.maxDeliveries),
    consumer: a.get(WORKER.consumer),
  };
  if (from !== null) {
    if (a.files.length > 0)
      throw new UsageError(`with --from, ${command} reads the job's input: give no FILE (publish "${a.files[0]}" to the job instead)`);
    if (a.values.has('--threads')) throw new UsageError('--threads reads a file; with --from, start more workers instead');
  }
  return w;
}

/** Whether `settings` name a Redis job: publish's `--to`, a worker's `--from` or `--to`. */
export function namesJob(settings: object): boolean {
  const r = (settings as { redis?: { from?: RedisTarget | null; to?: RedisTarget | null } }).redis;
  return r !== undefined && ((r.from ?? null) !== null || (r.to ?? null) !== null);
}

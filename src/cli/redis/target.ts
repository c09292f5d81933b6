/**
 * Where a job lives: `redis://[[USER]:PASSWORD@]HOST[:PORT][/JOB]` (`rediss://` for TLS), read
 * with urikit's own parser. The same URL names a single node or any node of a Redis Cluster
 * (client.ts finds out which); the path is the job's name.
 */
import { parse, type Uri } from '../../uri.js';

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

/**
 * The floor under a Redis job's CPU, for bench:redis: the same bytes moved through the same
 * client and server with none of urikit's code, so that what the job costs above a local run can
 * be split into what moving the data costs anyway and what urikit adds to it.
 *
 *   node build/bench/redis-floor.js publish PORT SHARDS FILE     # the file's lines, in entries
 *   node build/bench/redis-floor.js take PORT SHARDS NORMAL      # read them back, commit NORMAL
 *
 * `publish` cuts the file at line ends into entries of about the size publish makes (~13 KB)
 * and XADDs them to the shards in turn (no host, no entry numbers, no Lua). `take` reads every
 * entry back through a consumer group as a worker does (XREADGROUP, XACK), and commits the
 * normal forms of NORMAL (the local run's output, which it does not compute) in slices of a
 * thousand, each in one script that adds them to a seen-set and appends them to a frontier
 * stream, as ADMIT does without its bookkeeping. Each writes its CPU seconds at its exit, as the
 * benchmark's own processes do, and bench:redis takes off what the same process spends on an
 * empty input (its start: Node, ioredis, the connection), so that the floor is per line.
 * `publish` starts by removing what a run before left (the floor's keys).
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';

const ENTRY_BYTES = 13_000;
const URLS_PER_COMMIT = 1000;
/** Entries in flight at once (publish), and entries read per shard per round (take), as the CLI. */
const WINDOW = 64;
const ROUND = 8;

/** Adds the URLs of ARGV[1] (joined by "\n") to KEYS[1] and appends them to KEYS[2]. */
const COMMIT = `
local t, n, at, s = {}, 0, 1, ARGV[1]
while true do
  local nl = string.find(s, '\\n', at, true)
  n = n + 1
  if nl == nil then t[n] = string.sub(s, at) break end
  t[n] = string.sub(s, at, nl - 1)
  at = nl + 1
end
for from = 1, n, 4000 do redis.call('SADD', KEYS[1], unpack(t, from, math.min(from + 3999, n))) end
redis.call('XADD', KEYS[2], '*', 'u', s)
return n
`;

const [mode, portArg, shardsArg, path] = process.argv.slice(2);
const shards = Number(shardsArg);
const r = new Redis({ port: Number(portArg), host: '127.0.0.1', enableAutoPipelining: false });
const input = (i: number): string => `floor:{${i}}:in`;
process.on('exit', () => {
  const u = process.cpuUsage();
  process.stderr.write(`urikit-bench-cpu ${(u.user + u.system) / 1e6}\n`);
});

if (mode === 'publish') {
  await r.del(...Array.from({ length: shards }, (_, i) => [input(i), `floor:{${i}}:seen`, `floor:{${i}}:frontier`]).flat());
  const data = readFileSync(path!);
  const pending: Array<Promise<unknown>> = [];
  for (let at = 0, k = 0; at < data.length; k++) {
    const nl = data.indexOf(0x0a, Math.min(at + ENTRY_BYTES, data.length));
    const end = nl === -1 ? data.length : nl;
    pending.push(r.xadd(input(k % shards), '*', 'd', data.subarray(at, end)));
    at = end + 1;
    if (pending.length >= WINDOW) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  for (let i = 0; i < shards; i++) await r.xgroup('CREATE', input(i), 'floor', '0', 'MKSTREAM');
} else if (mode === 'take') {
  const urls = readFileSync(path!, 'latin1').split('\n');
  if (urls.at(-1) === '') urls.pop();
  const streams = Array.from({ length: shards }, (_, i) => input(i));
  // The entries' bytes as Buffers, as a worker reads them (ioredis's untyped `…Buffer` method).
  const xreadgroup = (r as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>).xreadgroupBuffer!.bind(r);
  const read = (): Promise<Array<[Buffer, Array<[Buffer, Buffer[]]>]> | null> =>
    xreadgroup('GROUP', 'floor', 'c', 'COUNT', ROUND, 'STREAMS', ...streams, ...streams.map(() => '>')) as never;
  const calls: Array<Promise<unknown>> = [];
  for (let res = await read(); res !== null; res = await read()) {
    for (const [key, entries] of res) calls.push(r.xack(key, 'floor', ...entries.map((e) => e[0])));
    await Promise.all(calls.splice(0));
  }
  for (let at = 0, k = 0; at < urls.length; at += URLS_PER_COMMIT, k++) {
    const shard = k % shards;
    calls.push(r.eval(COMMIT, 2, `floor:{${shard}}:seen`, `floor:{${shard}}:frontier`, urls.slice(at, at + URLS_PER_COMMIT).join('\n')));
    if (calls.length >= WINDOW) await Promise.all(calls.splice(0));
  }
  await Promise.all(calls);
} else {
  process.stderr.write('usage: redis-floor.js publish|take PORT SHARDS FILE\n');
  process.exitCode = 2;
}
r.disconnect();

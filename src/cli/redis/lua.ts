/**
 * The Lua scripts: what must change together runs as one script on one shard (all its keys in
 * one hash tag, keys.ts), so that a worker that dies between two calls leaves each shard as
 * before the call or as after it, never between.
 */

/**
 * Commits a batch of URLs to one shard: adds them to the seen-set and appends those it did not
 * hold, in one entry, to the frontier, and counts them by host. Running it again with the same
 * URLs changes nothing (they are seen), which makes a redelivered input batch harmless. The URLs
 * of one call are distinct (the caller sees to it): SMISMEMBER answers for all of a seen-set's
 * members at once, before SADD adds the new ones, in slices that Lua can unpack.
 *
 * KEYS: frontier, counts, then the seen-sets (one; or the digest buckets the URLs fall in).
 * ARGV: per URL four values: its seen-set member, the index in KEYS of its seen-set, the URL,
 * and "h" + its host (or "-": no authority). Returns the number of new URLs.
 */
const ADMIT = `
local byKey = {}
for i = 1, #ARGV, 4 do
  local k = tonumber(ARGV[i + 1])
  local list = byKey[k]
  if list == nil then
    list = {}
    byKey[k] = list
  end
  list[#list + 1] = i
end
local new, hosts = {}, {}
for k, list in pairs(byKey) do
  for from = 1, #list, 4000 do
    local to = math.min(from + 3999, #list)
    local members = {}
    for j = from, to do members[#members + 1] = ARGV[list[j]] end
    local known = redis.call('SMISMEMBER', KEYS[k], unpack(members))
    local add = {}
    for j = from, to do
      if known[j - from + 1] == 0 then
        local i = list[j]
        add[#add + 1] = ARGV[i]
        new[#new + 1] = ARGV[i + 2]
        local h = ARGV[i + 3]
        if string.byte(h, 1) == 104 then
          h = string.sub(h, 2)
          hosts[h] = (hosts[h] or 0) + 1
        end
      end
    end
    if #add > 0 then redis.call('SADD', KEYS[k], unpack(add)) end
  end
end
if #new > 0 then
  redis.call('XADD', KEYS[1], '*', 'u', table.concat(new, '\\n'))
  for h, n in pairs(hosts) do redis.call('HINCRBY', KEYS[2], h, n) end
  redis.call('HINCRBY', KEYS[2], ':urls', #new)
end
return #new
`;

/**
 * Adds the counts of `stats` workers for input entries of one shard, each exactly once: an
 * entry's counts are added only if this call acknowledges it (XACK returns 1), in the same
 * script; an entry acknowledged before (by a worker that claimed it too) adds nothing.
 *
 * KEYS: the input stream, the stats hash. ARGV: the group, the log format ("" for none), what
 * hosts are counted by (--group-by), then per entry: its id, the number of counts, and that many
 * field, increment pairs. Returns the number of entries counted.
 */
const COUNT = `
local counted, i = 0, 4
while i <= #ARGV do
  local n = tonumber(ARGV[i + 1])
  if redis.call('XACK', KEYS[1], ARGV[1], ARGV[i]) == 1 then
    counted = counted + 1
    for j = i + 2, i + 2 * n, 2 do redis.call('HINCRBY', KEYS[2], ARGV[j], ARGV[j + 1]) end
  end
  i = i + 2 + 2 * n
end
if counted > 0 then redis.call('HSET', KEYS[2], ':log', ARGV[2], ':group', ARGV[3]) end
return counted
`;

/**
 * Moves input entries to the shard's dead-letter stream: those delivered too often, and those
 * that are not urikit's. Each is copied there (with its id, delivery count and the reason) and
 * acknowledged, together, unless acknowledged already.
 *
 * KEYS: the input stream, the dead-letter stream. ARGV: the group, then per entry its id, its
 * delivery count and the reason. Returns the number of entries moved.
 */
const BURY = `
local moved = 0
for i = 2, #ARGV, 3 do
  local e = redis.call('XRANGE', KEYS[1], ARGV[i], ARGV[i])
  if redis.call('XACK', KEYS[1], ARGV[1], ARGV[i]) == 1 and #e == 1 then
    local f = e[1][2]
    f[#f + 1] = 'from'
    f[#f + 1] = ARGV[i]
    f[#f + 1] = 'deliveries'
    f[#f + 1] = ARGV[i + 1]
    f[#f + 1] = 'reason'
    f[#f + 1] = ARGV[i + 2]
    redis.call('XADD', KEYS[2], '*', unpack(f))
    moved = moved + 1
  end
end
return moved
`;

/**
 * A producer's heartbeat, on the server's clock: the producer stays listed for ARGV[2] ms.
 * KEYS: the producers zset. ARGV: the producer's id, the time to live (ms).
 */
const BEAT = `
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[2]), ARGV[1])
return 1
`;

/** The number of producers whose heartbeat has not run out (the others are removed). KEYS: the producers zset. */
const LIVE = `
local t = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t[1] * 1000 + math.floor(t[2] / 1000))
return redis.call('ZCARD', KEYS[1])
`;

/** Creates a job's hash unless it exists. KEYS: the job's hash. ARGV: field, value pairs. Returns 1 if created. */
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

export const SCRIPTS = {
  urikitCreate: CREATE,
  urikitAdmit: ADMIT,
  urikitCount: COUNT,
  urikitBury: BURY,
  urikitBeat: BEAT,
  urikitLive: LIVE,
};
export type ScriptName = keyof typeof SCRIPTS;

/**
 * The Lua scripts: what must change together runs as one script on one shard (all its keys in
 * one hash tag, keys.ts), so that a worker that dies between two calls, or a failover that loses
 * a write, leaves each shard as before the call or as after it, never between. Each script can
 * run twice with the same arguments without changing more than once: every call is sent again
 * when its answer is lost (client.ts).
 */

/** Splits ARGV[i] at "\n" (a list the client joined, one argument instead of thousands). */
const SPLIT = `
local function split(s)
  local t, n, at = {}, 0, 1
  while true do
    local nl = string.find(s, '\\n', at, true)
    n = n + 1
    if nl == nil then
      t[n] = string.sub(s, at)
      return t
    end
    t[n] = string.sub(s, at, nl - 1)
    at = nl + 1
  end
end
`;

/**
 * Writes an input entry of a publish run, once: each run numbers its entries per shard (1, 2, …),
 * and the shard's runs hash keeps the highest number written (RUN) and the numbers missing below
 * it (RUN:gaps). An entry numbered at most RUN and not missing is a copy (a call sent again, or a
 * resumed run going over what it wrote): nothing is written. An entry past RUN + 1 means that
 * Redis lost the entries between, which it had acknowledged (a failover, a restart): they are
 * recorded as missing, for `publish` to send again and `drain` to report. The ids hash maps each
 * number to the entry's id and its first and last line (drain names lines with it).
 *
 * KEYS: the input stream, the runs hash, the run's ids hash. ARGV: run, number, first line, last
 * line, lines, a checksum of the lines, the entry's "n" and "d" fields, the size past which an
 * entry is big (READ reads big entries one at a time), and "1" when the run cut entries by the clock
 * (a stream: RUN:cut, which a resume refuses) or "0". Returns {1, id} when written, {2, id,
 * from, to, last line before} when written after a gap from..to, {0} for a copy, {-1} when the
 * entry numbered RUN holds other lines (a resumed run given another input).
 */
const ENQUEUE = `
local run, seq = ARGV[1], tonumber(ARGV[2])
local hwm = tonumber(redis.call('HGET', KEYS[2], run) or '0')
local gapsField = run .. ':gaps'
local result = {1}
if seq <= hwm then
  local gaps = redis.call('HGET', KEYS[2], gapsField)
  local found, rest = false, {}
  if gaps then
    for a, b in string.gmatch(gaps, '(%d+)-(%d+)') do
      a, b = tonumber(a), tonumber(b)
      if seq >= a and seq <= b then
        found = true
        if seq > a then rest[#rest + 1] = a .. '-' .. (seq - 1) end
        if seq < b then rest[#rest + 1] = (seq + 1) .. '-' .. b end
      else
        rest[#rest + 1] = a .. '-' .. b
      end
    end
  end
  if not found then
    if seq == hwm and redis.call('HGET', KEYS[2], run .. ':sum') ~= ARGV[6] then return {-1} end
    return {0}
  end
  if #rest == 0 then redis.call('HDEL', KEYS[2], gapsField) else redis.call('HSET', KEYS[2], gapsField, table.concat(rest, ',')) end
else
  if seq > hwm + 1 then
    local gaps = redis.call('HGET', KEYS[2], gapsField)
    local gap = (hwm + 1) .. '-' .. (seq - 1)
    redis.call('HSET', KEYS[2], gapsField, gaps and (gaps .. ',' .. gap) or gap)
    local before = redis.call('HGET', KEYS[3], tostring(hwm))
    result = {2, '', hwm + 1, seq - 1, before and tonumber(string.match(before, '(%d+)$')) or 0}
  end
  redis.call('HSET', KEYS[2], run, seq, run .. ':sum', ARGV[6])
end
if ARGV[10] == '1' then redis.call('HSET', KEYS[2], run .. ':cut', 1) end
local id = redis.call('XADD', KEYS[1], '*', 'r', run, 's', ARGV[2], 'n', ARGV[7], 'd', ARGV[8])
redis.call('HSET', KEYS[3], ARGV[2], id .. ' ' .. ARGV[3] .. ' ' .. ARGV[4])
redis.call('HINCRBY', KEYS[2], run .. ':l', ARGV[5])
if #ARGV[8] > tonumber(ARGV[9]) then redis.call('HSET', KEYS[2], 'big', id) end
result[2] = id
return result
`;

/**
 * Reads a group's entries for a consumer: new ones (">") or its own pending ones ("0"), as
 * XREADGROUP does, but never more than one big entry at a time: while a big entry (ENQUEUE marks
 * the last one) lies ahead of what the group has read, it answers "big" instead, unless the caller
 * takes one entry alone (ARGV[5] = "1"). A worker's memory then holds its usual batch or one big
 * entry, never many of them. (A shard that held no big entry when a worker last looked, it reads
 * by a plain XREADGROUP instead, whose reply costs Redis a quarter of this script's: worker.ts.)
 *
 * KEYS: the input stream, the runs hash. ARGV: group, consumer, count, ">" or "0", "1" to read one
 * entry whatever its size.
 */
const READ = `
local big = redis.call('HGET', KEYS[2], 'big')
local count = ARGV[3]
if big then
  local ahead = true
  if ARGV[4] == '>' then
    for _, g in ipairs(redis.call('XINFO', 'GROUPS', KEYS[1])) do
      local name, last
      for i = 1, #g, 2 do
        if g[i] == 'name' then name = g[i + 1] elseif g[i] == 'last-delivered-id' then last = g[i + 1] end
      end
      if name == ARGV[1] then
        local lm, ls = string.match(last, '(%d+)-(%d+)')
        local bm, bs = string.match(big, '(%d+)-(%d+)')
        lm, ls, bm, bs = tonumber(lm), tonumber(ls), tonumber(bm), tonumber(bs)
        ahead = lm < bm or (lm == bm and ls < bs)
      end
    end
  end
  if ahead then
    if ARGV[5] ~= '1' then return 'big' end
    count = 1
  end
end
return redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', count, 'STREAMS', KEYS[1], ARGV[4])
`;

/**
 * Commits a batch of URLs to one shard: adds them to the seen-set and appends those it did not
 * hold, in one entry, to the frontier, and marks the input entries they came from as committed
 * here (one bit each in the group's "got" bitmap of their run). Running it again with the same
 * URLs changes nothing (they are seen), which makes a redelivered input entry harmless. A URL
 * that comes twice in one call is admitted once. With an exact seen-set, SMISMEMBER answers for
 * all of them at once, before SADD adds the new ones, in slices that Lua can unpack; with digests,
 * each falls in a bucket of its own (most often), and SADD of its member says whether it is new
 * (the URLs themselves are split only when some of them are not).
 *
 * KEYS: frontier, counts, then G "got" bitmaps, then the seen-sets (one; or the digest buckets
 * the URLs fall in). ARGV: G, the bits to set in each bitmap (numbers joined by ","), then "e"
 * (exact) and the URLs joined by "\\n", or "d" (digest), the URLs, their members (joined by
 * "\\n") and their buckets (each its place among the seen-sets' keys, 1 for the first, joined by
 * ","). Returns the number of new URLs.
 */
const ADMIT = `${SPLIT}
local g = tonumber(ARGV[1])
for k = 1, g do
  for bit in string.gmatch(ARGV[1 + k], '%d+') do redis.call('SETBIT', KEYS[2 + k], bit, 1) end
end
-- The seen-sets' keys follow KEYS[seen], their arguments ARGV[seen].
local seen = 2 + g
local all = ARGV[seen + 1]
-- The URLs that came and the new ones among them, and the frontier entry of those: the argument
-- as it is when all are new (most often).
local n, count, entry = 0, 0, all
if ARGV[seen] == 'e' then
  local urls = split(all)
  local key = KEYS[seen + 1]
  n = #urls
  -- While every URL so far was new (most often), the new ones are urls[1..count] and no list is
  -- made; the first slice that holds a known URL or one twice starts the list \`new\`.
  local new = nil
  for from = 1, n, 4000 do
    local to = math.min(from + 3999, n)
    local known = redis.call('SMISMEMBER', key, unpack(urls, from, to))
    local fresh = nil
    for j = 1, to - from + 1 do
      if known[j] ~= 0 then
        fresh = {}
        break
      end
    end
    -- The slice's URLs that the seen-set did not hold: all of them, or \`fresh\`.
    local size = to - from + 1
    local added
    if fresh == nil then
      added = redis.call('SADD', key, unpack(urls, from, to))
    else
      size = 0
      for j = from, to do
        if known[j - from + 1] == 0 then
          size = size + 1
          fresh[size] = urls[j]
        end
      end
      added = size > 0 and redis.call('SADD', key, unpack(fresh, 1, size)) or 0
    end
    -- SADD added fewer than it was given: a URL came twice in the slice (a repair commits what
    -- it finds, unfiltered), new once, where it came first.
    if added < size then
      if fresh == nil then
        fresh = {}
        for j = from, to do fresh[j - from + 1] = urls[j] end
      end
      local here, once = {}, {}
      for j = 1, size do
        local u = fresh[j]
        if not here[u] then
          here[u] = true
          once[#once + 1] = u
        end
      end
      fresh, size = once, #once
    end
    if new == nil and fresh ~= nil then
      new = {}
      for j = 1, count do new[j] = urls[j] end
    end
    if new == nil then
      count = to
    else
      for j = 1, size do new[count + j] = fresh == nil and urls[from + j - 1] or fresh[j] end
      count = count + size
    end
  end
  if new ~= nil then entry = table.concat(new, '\\n', 1, count) end
else
  local members, fresh, j = split(ARGV[seen + 2]), {}, 0
  n = #members
  for place in string.gmatch(ARGV[seen + 3], '%d+') do
    j = j + 1
    if redis.call('SADD', KEYS[seen + tonumber(place)], members[j]) == 1 then fresh[#fresh + 1] = j end
  end
  count = #fresh
  -- The URLs are split only to pick the new ones out of others.
  if count < n then
    local urls, new = split(all), {}
    for i = 1, count do new[i] = urls[fresh[i]] end
    entry = table.concat(new, '\\n')
  end
end
if count > 0 then
  redis.call('XADD', KEYS[1], '*', 'u', entry)
  redis.call('HINCRBY', KEYS[2], ':urls', count)
  redis.call('HINCRBY', KEYS[2], ':batches', 1)
end
return count
`;

/**
 * Acknowledges input entries of one shard for a group, and keeps its accounts, in one step: an
 * entry that this call acknowledges (XACK answers 1) is marked in the group's "done" bitmap of
 * its run (bit N*(S+1)+S for entry N, and bit N*(S+1)+j for each shard j its output went to), its
 * lines are added to the lines the group committed from this run (and to those of this second, for
 * the rate over the last minute), and for \`stats\` its counts are added to the shard's. An
 * entry acknowledged before (by a worker that claimed it too, or by this call sent twice)
 * changes nothing.
 *
 * The counts: scalar fields added up in the stats hash; hosts, paths and schemes in a sorted set
 * each (per kind), bounded as \`stats --track K\` bounds them locally (Space-Saving: at 2K values,
 * the K largest stay and the largest count dropped becomes the floor, which a value that comes
 * later starts from, with that much over-count), and every value also in a HyperLogLog.
 *
 * KEYS: the input stream, the runs hash, the stats hash, then the done bitmaps, then per counted
 * list its sorted set, over-count hash and HyperLogLog. ARGV: group, stride (S+1), K, the number
 * of bitmaps, the number of lists, then per entry: id, its bitmap (index among them), number,
 * lines, its output's shards (numbers joined by ","), the number of scalar counts, their field,
 * n pairs, the number of list counts, their list (index), value, n triples.
 */
const ACK = `
local group, stride, K = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local bitmaps, lists = tonumber(ARGV[4]), tonumber(ARGV[5])
local listKey = 3 + bitmaps
local acked, lines = 0, 0
local byRun = {}
local function top(l, value, n)
  local z, over = KEYS[listKey + 3 * l - 2], KEYS[listKey + 3 * l - 1]
  if redis.call('ZADD', z, 'XX', 'INCR', n, value) then return end
  local floor = tonumber(redis.call('HGET', KEYS[3], z .. ':floor') or '0')
  redis.call('ZADD', z, floor + n, value)
  if floor > 0 then redis.call('HSET', over, value, floor) end
  local size = redis.call('ZCARD', z)
  if size >= 2 * K then
    local seen = tonumber(redis.call('HGET', KEYS[3], z .. ':seen') or '0')
    if size > seen then redis.call('HSET', KEYS[3], z .. ':seen', size) end
    local low = redis.call('ZRANGE', z, 0, size - K - 1, 'WITHSCORES')
    local dropped = tonumber(low[#low])
    if dropped > floor then redis.call('HSET', KEYS[3], z .. ':floor', dropped) end
    redis.call('ZREMRANGEBYRANK', z, 0, size - K - 1)
    for i = 1, #low, 2 do redis.call('HDEL', over, low[i]) end
  end
end
local i = 6
while i <= #ARGV do
  local bitmap, seq, n = KEYS[3 + tonumber(ARGV[i + 1])], tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
  local targets = ARGV[i + 4]
  local scalars = tonumber(ARGV[i + 5])
  local s = i + 6
  local counts = tonumber(ARGV[s + 2 * scalars])
  local next = s + 2 * scalars + 1 + 3 * counts
  if redis.call('XACK', KEYS[1], group, ARGV[i]) == 1 then
    acked = acked + 1
    local base = seq * stride
    redis.call('SETBIT', bitmap, base + stride - 1, 1)
    for j in string.gmatch(targets, '%d+') do redis.call('SETBIT', bitmap, base + tonumber(j), 1) end
    byRun[bitmap] = (byRun[bitmap] or 0) + n
    for f = s, s + 2 * scalars - 1, 2 do redis.call('HINCRBY', KEYS[3], ARGV[f], ARGV[f + 1]) end
    local values = {}
    for c = s + 2 * scalars + 1, next - 1, 3 do
      local l = tonumber(ARGV[c])
      top(l, ARGV[c + 1], tonumber(ARGV[c + 2]))
      local v = values[l]
      if v == nil then v = {}; values[l] = v end
      v[#v + 1] = ARGV[c + 1]
    end
    for l, v in pairs(values) do
      for from = 1, #v, 4000 do redis.call('PFADD', KEYS[listKey + 3 * l], unpack(v, from, math.min(from + 3999, #v))) end
    end
  end
  i = next
end
if acked > 0 then
  local t = redis.call('TIME')[1]
  local all = 0
  for bitmap, n in pairs(byRun) do
    redis.call('HINCRBY', KEYS[2], bitmap, n)
    all = all + n
  end
  redis.call('HSETNX', KEYS[2], group .. ':t0', t)
  redis.call('HSET', KEYS[2], group .. ':t1', t)
  -- The lines of each second, in a ring of 64 (GROUP:r:SLOT = "second lines"): status's rate over the last minute.
  local slot = group .. ':r:' .. (tonumber(t) % 64)
  local was = redis.call('HGET', KEYS[2], slot)
  if was and string.match(was, '^(%d+) ') == t then all = all + tonumber(string.match(was, ' (%d+)$')) end
  redis.call('HSET', KEYS[2], slot, t .. ' ' .. all)
end
return acked
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
    f[#f + 1] = 'group'
    f[#f + 1] = ARGV[1]
    redis.call('XADD', KEYS[2], '*', unpack(f))
    moved = moved + 1
  end
end
return moved
`;

/**
 * A producer's heartbeat, on the server's clock: the producer stays listed for ARGV[2] ms, and
 * its run records the line up to which its input is all in Redis (run:N:sent, what drain names
 * when the run is abandoned). A run closed as abandoned (ABANDON: its heartbeat had run out) is
 * not listed again: its producer stops. KEYS: the job's hash, the producers zset. ARGV: the
 * producer (its run, a space, its name), the time to live (ms), the run, the line. Returns 0 when
 * the job's hash is gone, -1 when the run was closed as abandoned, else 1.
 */
const BEAT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], 'run:' .. ARGV[3] .. ':abandoned') == 1 then return -1 end
local t = redis.call('TIME')
redis.call('ZADD', KEYS[2], t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[2]), ARGV[1])
redis.call('HSET', KEYS[1], 'run:' .. ARGV[3] .. ':sent', ARGV[4])
return 1
`;

/**
 * Closes a stream's run whose producer is gone (its heartbeat ran out: killed, or cut off from
 * Redis) as abandoned, with the record of what Redis holds of it, so that the job's input can
 * close and drain ends: a stream cannot be read again, so no --resume would ever finish it. KEYS:
 * the job's hash, the producers zset. ARGV: run, record. Returns 0 when the job's hash is gone,
 * 2 when the run finished meanwhile, -2 when its producer is listed again (it was only slow),
 * else 1.
 */
const ABANDON = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HEXISTS', KEYS[1], 'run:' .. ARGV[1]) == 1 then return 2 end
local t = redis.call('TIME')
for _, p in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], t[1] * 1000 + math.floor(t[2] / 1000), '+inf')) do
  if string.match(p, '^(%d+) ') == ARGV[1] then return -2 end
end
redis.call('HSET', KEYS[1], 'run:' .. ARGV[1], ARGV[2], 'run:' .. ARGV[1] .. ':abandoned', 1)
redis.call('HINCRBY', KEYS[1], 'finished', 1)
return 1
`;

/** The producers whose heartbeat has not run out (the others are removed). KEYS: the producers zset. */
const LIVE = `
local t = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t[1] * 1000 + math.floor(t[2] / 1000))
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

/**
 * Starts a publish run: a new one (numbered from the job's hash) or, with ARGV[1] > 0, that run
 * again, unless it is running. A new run of a stream is marked so (run:N:stream: a run that is
 * abandoned is closed by drain, not left for a --resume). A new run of a file records its input's fingerprint (input:FP, the
 * first run that read it; run:N:input), and is refused when an earlier run read the same input,
 * unless it is a second pass (ARGV[5] = "1": run:N:again names the first run). KEYS: the job's
 * hash, the producers zset. ARGV: the run to resume (0: a new one), the producer's name, the time
 * to live (ms), the input's fingerprint ("" for a stream), "1" for a second pass. Returns {run,
 * first run of the same input or 0}, {0} when there is no job, {-1} when the run to resume never
 * started, {-2} when it is running, {-3, first run} when the input was published before.
 */
const START = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
local run = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local first = 0
if run > 0 then
  if run > tonumber(redis.call('HGET', KEYS[1], 'runs') or '0') then return {-1} end
  for _, p in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], now, '+inf')) do
    if string.match(p, '^(%d+) ') == ARGV[1] then return {-2} end
  end
  -- A run closed as abandoned and resumed (one that read its stream at once, never cut by the
  -- clock) runs again: its end rewrites its record.
  redis.call('HDEL', KEYS[1], 'run:' .. run .. ':abandoned')
else
  if ARGV[4] ~= '' then
    first = tonumber(redis.call('HGET', KEYS[1], 'input:' .. ARGV[4]) or '0')
    if first > 0 and ARGV[5] ~= '1' then return {-3, first} end
  end
  run = redis.call('HINCRBY', KEYS[1], 'runs', 1)
  if ARGV[4] == '' then redis.call('HSET', KEYS[1], 'run:' .. run .. ':stream', 1) end
  if ARGV[4] ~= '' then
    redis.call('HSETNX', KEYS[1], 'input:' .. ARGV[4], run)
    redis.call('HSET', KEYS[1], 'run:' .. run .. ':input', ARGV[4])
    if first > 0 then redis.call('HSET', KEYS[1], 'run:' .. run .. ':again', first) end
  end
end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), run .. ' ' .. ARGV[2])
return {run, first}
`;

/**
 * Ends a publish run: writes its record (entries and lines per shard) into the job's hash, counts
 * it among the finished runs the first time (and among the runs, should Redis have lost its
 * start), and removes its producer. KEYS: the job's hash, the
 * producers zset. ARGV: run, record, producer. Returns 0 when the job's hash is gone.
 */
const FINISH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HSET', KEYS[1], 'run:' .. ARGV[1], ARGV[2]) == 1 then redis.call('HINCRBY', KEYS[1], 'finished', 1) end
if tonumber(redis.call('HGET', KEYS[1], 'runs') or '0') < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'runs', ARGV[1]) end
redis.call('ZREM', KEYS[2], ARGV[3])
return 1
`;

/** Creates a job's hash unless it exists. KEYS: the job's hash. ARGV: field, value pairs. Returns 1 if created. */
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

/**
 * Records a job's settings where its hash holds none yet, unless it holds another value of one.
 * KEYS: the job's hash. ARGV: field, value pairs. Returns 0 when the job's hash is gone, {field,
 * value recorded} for the first that differs (nothing is written then), or {} when all agree.
 */
const SETTLE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 1, #ARGV, 2 do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if v and v ~= ARGV[i + 1] then return {ARGV[i], v} end
end
for i = 1, #ARGV, 2 do redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) end
return {}
`;

/**
 * A worker's heartbeat in the job's workers set (by when it runs out, on Redis's clock), or its
 * leaving (a time to live of 0); members whose heartbeat ran out are removed first. KEYS: the
 * workers set. ARGV: the member ("GROUP CONSUMER"), its time to live (ms). Returns the live members.
 */
const WORKERS = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local ttl = tonumber(ARGV[2])
if ttl > 0 then redis.call('ZADD', KEYS[1], now + ttl, ARGV[1]) else redis.call('ZREM', KEYS[1], ARGV[1]) end
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

export const SCRIPTS = {
  urikitCreate: CREATE,
  urikitSettle: SETTLE,
  urikitStart: START,
  urikitEnqueue: ENQUEUE,
  urikitFinish: FINISH,
  urikitAbandon: ABANDON,
  urikitRead: READ,
  urikitAdmit: ADMIT,
  urikitAck: ACK,
  urikitBury: BURY,
  urikitBeat: BEAT,
  urikitLive: LIVE,
  urikitWorkers: WORKERS,
};
export type ScriptName = keyof typeof SCRIPTS;

/**
 * The help of the Redis jobs: `urikit publish --help`, `urikit redis --help`, and the options
 * that make `normalize`, `resolve`, `validate` and `stats` workers (help.ts adds them to theirs).
 * Each line at most 80 columns.
 */

/** The lines of `urikit --help` for the Redis commands. */
export const REDIS_USAGE = `  publish    send lines to a Redis job's shards (--to redis://HOST:PORT/JOB)
  redis      init|status|drain|export|trim a Redis job
`;

/** The worker options, at the end of the help of normalize, resolve, validate and stats. */
export const WORKER_HELP = `Redis jobs (see "urikit redis --help"):
  --from redis://HOST:PORT/JOB
                     read the job's input as a worker of its group (one group
                     per command; entries are acknowledged once committed)
  --claim-idle T     take over entries another worker held longer (60s)
  --max-deliveries N past N deliveries an entry goes to the dead letters (5)
  --follow           keep waiting for input after the job's input is closed
  --consumer NAME    this worker's name in the group (host-pid-random)
`;

/** More worker options of normalize and resolve. */
export const TO_HELP = `  --to redis://HOST:PORT/JOB
                     the URLs go to the job's seen-set and frontier, each
                     once, in the form --dedupe compares (the dedupe preset;
                     normalize --rfc-only: the RFC 3986 normal form), not to
                     standard output
`;

/** More worker options of stats. */
export const REPORT_HELP = `  --report           with --from: print the job's counts (the same table or
                     JSON as a local stats) instead of counting
`;

export const PUBLISH_HELP = `Usage: urikit publish --to redis://HOST:PORT/JOB [options] [FILE|-]

Sends the lines of FILE (or standard input; gzip is read through gunzip) to
the job's shards: a line goes to the shard of its URI's host (lower case;
with --log, the request target's), or of a hash of the line when it has none,
in entries of up to 100 lines or 64 KiB. Workers (normalize, resolve,
validate, stats --from …) read them. When some shard holds more than
--max-lag entries that a group has not read, publish waits. Nothing is ever
trimmed from the input before every group has acknowledged it.

Options:
  --to redis://HOST:PORT/JOB   the job (create it first: urikit redis init)
  --max-lag N                  entries unread per shard before publish waits
                               (default 1000)
  --log combined|common, --log-field, --lenient, --iri, --zone-id
                               how to find each line's host
  --max-line-length N          lines longer than N bytes are left out (with
                               a report); as for every command
  -q, --quiet                  no progress bar and no summary

The job's input is closed when a publish run has finished and none runs.
Exit code 0 when every line was sent, 2 when Redis or the input failed.
`;

export const REDIS_HELP = `Usage: urikit redis ACTION --redis redis://HOST:PORT --job NAME [options]

A job lives in Redis (one node or a Redis Cluster: the same URL): its input,
in shards (streams read by one consumer group per command), each shard's
seen-set, frontier (the normal forms seen first) and counts. All keys of a
shard share one hash tag. --redis redis://HOST:PORT/NAME names the job too.

Actions:
  init     create the job
             --shards N          shards (default 16; on a cluster, several
                                 per master spread the load)
             --seen exact|digest the seen-set holds each URL (exact) or a
                                 64-bit digest of it (8 bytes; a new URL is
                                 taken for seen with probability n/2^64,
                                 n = URLs in its shard)
             --expected N        digest: URLs expected (default 10000000),
                                 to size the seen-set's buckets
  status   each shard's input, each group's lag and pending entries, dead
           letters, frontier URLs and memory (--json: as JSON)
  drain    wait until the input is closed and every group has read and
           acknowledged every entry (--timeout T: give up after T)
  export   write the frontier, one URL a line (--counts: host<TAB>count of
           the frontier's URLs; --dead: the lines of the dead letters)
  trim     remove the input entries that every group has acknowledged

Exit codes: 0 done, 1 drain timed out, 2 usage error or Redis failed.
`;

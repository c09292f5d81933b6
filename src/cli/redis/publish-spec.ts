/**
 * `urikit publish`, as it is declared: its options and help, and its settings read from the command
 * line (publish.ts sends the lines; it is loaded only when the command runs).
 */
import { type Arguments, COMMON, type CommandSpec, declared, type Lines, lines } from '../options/arguments.js';
import { CONNECTION_ROWS, type Connection, connection, type RedisTarget, redisUrl, SAFETY } from '../options/jobs.js';
import { count, custom, flag, told, UsageError, whole } from '../options/option.js';

/** The settings of `publish`. */
export interface PublishSettings extends Lines {
  readonly redis: {
    /** The job it feeds. */
    readonly to: RedisTarget;
    readonly connection: Connection;
    /** Pause while some shard has more entries than this that a running worker has not read. */
    readonly maxLag: number;
    /** The run to finish (`--resume RUN`), or null for a new run. */
    readonly resume: number | null;
    /** Send an input that an earlier run sent already, a second pass (`--again`). */
    readonly again: boolean;
  };
}

const OPTIONS = {
  to: redisUrl('--to', 'redis://HOST:PORT/JOB', 'the job (create it first: urikit redis init)'),
  maxLag: count('--max-lag', 'N', 1000, 1, 1e9, 'entries unread per shard before publish waits (default 1000)'),
  resume: custom<number | null>(
    '--resume',
    'RUN',
    null,
    (s) => whole('--resume', s, 1, 2 ** 52),
    'finish run RUN (its number is printed when it starts) with the same input',
  ),
  again: flag('--again', 'publish a file that an earlier run published already (else refused): a second pass, counted twice', {
    excludes: [{ options: ['--resume'], message: '--again starts a new run, and --resume finishes one: give one of them' }],
  }),
} as const;

export const publishSpec: CommandSpec<PublishSettings> = {
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
        ...Object.values(OPTIONS),
        told(COMMON.log, "how to find each line's host", { also: [COMMON.logField, COMMON.lenient, COMMON.iri, COMMON.zoneId] }),
        told(COMMON.maxLineLength, 'lines longer than N bytes are left out (with a report); as for every command'),
        told(COMMON.quiet, 'no progress bar and no summary'),
        ...Object.values(SAFETY),
        ...CONNECTION_ROWS,
      ],
    },
  ],
  exit: 'Exit code 0 when every line was sent, 2 when Redis or the input failed, 3 when Redis lost lines that it had acknowledged and they could not be sent again (the message says how to resume), 130 when a signal ended a stream (its lines until then were sent).',
  common: false,
  rank: 0,
  settings(a: Arguments, args: readonly string[]): PublishSettings {
    const to = a.get(OPTIONS.to);
    if (to !== null && to.job === null) throw new UsageError(`--to ${to.text} names no job: --to redis://HOST:PORT/JOB`);
    const redis = {
      connection: connection(a, process.env, [to]),
      maxLag: a.get(OPTIONS.maxLag),
      resume: a.get(OPTIONS.resume),
      again: a.get(OPTIONS.again),
    };
    if (to === null) throw new UsageError('publish needs --to redis://HOST:PORT/JOB: the job to publish to');
    a.only(new Set(declared(publishSpec).keys()), 'publish', () => '');
    a.check();
    return { ...lines('publish', a, args), redis: { ...redis, to } };
  },
};

/** `urikit stats`: counts, written at the end as a table or JSON, and as an HTML report. */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { ByteView } from '../../readers/bytes.js';
import { fileProblem } from '../io/file-error.js';
import { terminalSafe } from '../io/quote.js';
import { Kind, type LineContext, type Parts } from '../lines/records.js';
import { type Arguments, type Lines, lines, type Values, values } from '../options/arguments.js';
import { REPORT, type WorkerOptions, worker, workerOptions } from '../options/jobs.js';
import { choice, count, custom, flag, type OptionName, type Rule, text, UsageError } from '../options/option.js';
import { MATCH, type Templates, templatesOf } from '../options/templates.js';
import { type HostGroups, Stats, type Tally } from '../stats/counts.js';
import { htmlReport } from '../stats/report.js';
import { Command, type CommandState, type LineCommandSpec, type OutputKind } from './command.js';
import { webLog, webOption } from './normalize.js';
import { feature } from './packages.js';

/** The settings of `stats` (and of `routes`, which counts as `stats --infer-routes`). */
export interface StatsSettings extends Lines, Omit<Values<typeof OPTIONS>, 'templates'> {
  /** The URI Templates that request targets are matched against (`--templates FILE`), or null. */
  readonly templates: Templates | null;
  /** `--from … --report`: print the job's counts instead of counting. */
  readonly report: boolean;
  readonly redis: WorkerOptions;
}

/** What an option that counts by route or time has no place for in a job's counts. */
const noJob = (name: OptionName, what: string): Rule => ({
  options: ['--from'],
  message: `${name} does not go with --from: a job's counts are kept in Redis, where ${what} have no place yet`,
});

const OPTIONS = {
  json: flag('--json', 'JSON instead of tables'),
  top: count('--top', 'N', 10, 1, 1_000_000, 'how many hosts and paths to list (default 10)'),
  track: count('--track', 'N', 10_000, 1, 100_000_000, 'how many distinct values of each are counted exactly (default 10000)'),
  web: webOption(
    "read each URL as the URL Standard's parser does (as browsers and Node's URL do): hosts and paths as it serializes them, invalid URLs by its errors. Not with --templates, nor with --log targets (--log-field referrer).",
    [],
    ['--from', '--templates', '--infer-routes'],
  ),
  groupBy: choice(
    '--group-by',
    ['host', 'domain', 'suffix'],
    'host',
    'count hosts by themselves (the default), by registrable domain (www.example.co.uk -> example.co.uk) or by public suffix (co.uk), from the Public Suffix List, private section included (a.github.io is a site of its own); IDN hosts in A-labels. A host with neither (an IP address) counts as itself.',
  ),
  templates: text(
    '--templates',
    'FILE',
    'also count valid URIs by the first URI Template of FILE (one per line, RFC 6570, e.g. /users/{id}/repos{?page}) that their request target (path and query) matches, and list the --top targets that none matches; JSON lists every template with its line and count. A bad template is reported as FILE:LINE:COLUMN before any input is read.',
    { excludes: [noJob('--templates', 'templates')] },
  ),
  inferRoutes: flag(
    '--infer-routes',
    'also count valid URIs by the route found for their path: segments that are ids (numbers, UUIDs, hex hashes, dates, long tokens) or one of more than 32 values at their position become variables (/users/{id}/repos); "urikit routes" writes them as a templates file',
    {
      excludes: [
        {
          options: ['--templates'],
          message:
            '--infer-routes and --templates each count URIs by route: give one of them (urikit routes writes a templates file from the routes found)',
        },
        noJob('--infer-routes', 'routes and times'),
      ],
    },
  ),
  html: custom<string | null>(
    '--html',
    'FILE',
    null,
    (s) => {
      if (s === '') throw new UsageError('--html needs a file name: --html report.html');
      return s;
    },
    'also write the report as one HTML page to FILE: tables you can sort, and with --log a chart of requests per minute, hour or day, and one per route; self-contained (no network)',
    { example: 'report.html', excludes: [noJob('--html', 'routes and times')] },
  ),
  match: MATCH,
} as const;

/** The settings of `command` (stats, or routes: stats that finds routes) read from `a`. */
export function statsSettings(command: 'stats' | 'routes', a: Arguments, args: readonly string[]): StatsSettings {
  const redis = worker(command, a);
  const common = lines(command, a, args);
  if (a.get(OPTIONS.web)) webLog(common);
  if (command === 'routes' && common.logField === 'referrer')
    throw new UsageError("routes finds the routes of a log's request targets: --log-field referrer has none of this site's");
  return {
    ...common,
    ...values(a, OPTIONS),
    templates: templatesOf(a.get(OPTIONS.templates), a.get(OPTIONS.match)),
    // routes counts as stats --infer-routes.
    inferRoutes: command === 'routes' || a.get(OPTIONS.inferRoutes),
    report: a.get(REPORT),
    redis,
  };
}

/** Counts the records; writes the report at the end. */
export class StatsCommand extends Command<Tally> {
  readonly stats: Stats;
  /** The table goes to a terminal: text from the input is shown with its controls escaped. */
  private terminal = false;
  /** The HTML report's file, opened before the input is read (a bad path fails at once). */
  private html: number | null = null;
  /** Writing the HTML report failed: the exit code is 2. */
  private failed = false;

  declare readonly config: StatsSettings;

  constructor(config: StatsSettings) {
    super(config);
    // A Redis job's counts keep no times, statuses, visitors, bytes or bots.
    this.requests = config.log !== null && config.redis.from === null;
    this.stats = new Stats(
      config.log !== null,
      config.track,
      hostGroups(config.groupBy),
      config.templates,
      config.inferRoutes,
      this.requests ? { cube: config.html !== null } : null,
    );
    // The tally of a text that repeats is kept (not with --web, which counts URLs by their text).
    this.memo = !config.web;
    // Records read without a scan are counted from their bytes, unless they are read otherwise
    // (--web), or their text is matched or routed (--templates, --infer-routes).
    this.takes = config.web || config.templates !== null || config.inferRoutes ? null : 'parts';
  }

  override begin(output: OutputKind): void {
    this.terminal = output.terminal;
    const file = this.config.html;
    if (file !== null) {
      try {
        this.html = openSync(file, 'w');
      } catch (e) {
        throw new Error(`cannot write the report --html ${file}: ${fileProblem(e as NodeJS.ErrnoException, true)}`);
      }
    }
  }

  logLine(ctx: LineContext): void {
    this.stats.timeline!.add(ctx.minute);
    this.stats.requests!.line(ctx);
  }

  record(r: ByteView, ctx: LineContext): Tally | undefined {
    const k = ctx.kind === Kind.REFERRER ? 1 : 0;
    const s = this.stats.kinds[k]!;
    this.uris++;
    if (this.config.web) {
      if (!s.addWeb(r.href)) this.invalid++;
      return undefined;
    }
    if (r.code !== 0) this.invalid++;
    // A tally only for the memo, when it would keep it: a text that does not repeat is counted
    // from its bytes and leaves nothing behind.
    if (!ctx.keep) {
      this.routed(k, s.add(r, ctx.status), ctx.minute);
      return undefined;
    }
    const t = s.tally(r);
    this.routed(k, s.count(t, r.bytes, r.start, ctx.status), ctx.minute);
    return t;
  }

  again(t: Tally, bytes: Uint8Array, start: number, ctx: LineContext): void {
    const k = ctx.kind === Kind.REFERRER ? 1 : 0;
    this.uris++;
    if (t.error !== null) this.invalid++;
    this.routed(k, this.stats.kinds[k]!.count(t, bytes, start, ctx.status), ctx.minute);
  }

  parts(p: Parts, ctx: LineContext): Tally | undefined {
    const s = this.stats.kinds[ctx.kind === Kind.REFERRER ? 1 : 0]!;
    this.uris++;
    if (!ctx.keep) {
      s.addParts(p);
      return undefined;
    }
    const t = s.tallyParts(p);
    s.count(t, p.bytes, p.start, ctx.status);
    return t;
  }

  /** A target's route slot (0: a line or a target) goes on the timeline, with its line's minute. */
  private routed(k: number, slot: number, minute: number): void {
    if (k !== 0) return;
    this.stats.requests?.route(slot);
    if (slot >= 0 && minute >= 0) this.stats.timeline?.addRoute(slot, minute);
  }

  /** A log line without a URI (stats reads no base<TAB>href lines). */
  override noUri(_line: number, _kind: Kind, code: string): void {
    this.stats.lineErrors.set(code, (this.stats.lineErrors.get(code) ?? 0) + 1);
  }

  override empty(): void {
    this.stats.emptyLines++;
  }

  override absent(): void {
    this.stats.kinds[1]!.absent++;
  }

  protected reject(): void {}

  override state(): CommandState {
    return { ...super.state(), stats: this.stats.toData() };
  }

  override merge(s: CommandState): void {
    super.merge(s);
    this.stats.merge(s.stats!);
  }

  override end(): void {
    const c = this.config;
    this.stats.lines = this.lines;
    this.stats.partial = this.interrupted;
    const input = c.file === '-' ? 'standard input' : c.file;
    const how = [...(c.log !== null ? [`${c.log} log`] : []), ...(c.web ? ['URL Standard'] : [])];
    const title = `${input}${how.length > 0 ? ` (${how.join(', ')})` : ''}`;
    if (c.json) {
      this.out.push(`${terminalSafe(JSON.stringify(this.stats.toJSON(c.top), null, 2))}\n`);
    } else {
      const table = this.stats.toTable(c.top, `urikit stats: ${title}`);
      this.out.push(this.terminal ? terminalSafe(table) : table);
    }
    if (this.html !== null) this.writeReport(title);
    if (this.interrupted && !c.quiet)
      this.err.push(`urikit: interrupted: the counts are those of the ${this.lines} lines read until then\n`);
    const log = this.logHint();
    if (log !== null && !c.quiet) this.err.push(`urikit: ${log}\n`);
  }

  /** Writes the HTML report to the file opened by `begin`. */
  private writeReport(title: string): void {
    const c = this.config;
    const fd = this.html!;
    this.html = null;
    try {
      const page = Buffer.from(htmlReport(this.stats.toJSON(c.top, true), { title, top: c.top, groups: this.stats.kinds[0]!.groups.name }));
      for (let at = 0; at < page.length; ) at += writeSync(fd, page, at);
      if (!c.quiet) this.err.push(`urikit: report written to ${c.html} (${Math.ceil(page.length / 1024)} KiB)\n`);
    } catch (e) {
      this.failed = true;
      this.err.push(`urikit: cannot write the report --html ${c.html}: ${fileProblem(e as NodeJS.ErrnoException, true)}\n`);
    } finally {
      closeSync(fd);
    }
  }

  override exitCode(): number {
    return this.failed ? 2 : 0;
  }
}

/** The keys of `--group-by`: a host with no registrable domain or suffix (an IP address) is its own key. */
function hostGroups(by: StatsSettings['groupBy']): HostGroups | undefined {
  if (by === 'host') return undefined;
  const { registrableDomain, publicSuffix } = feature('domain');
  const answer = by === 'domain' ? registrableDomain : publicSuffix;
  // Logs repeat hosts: the answers of the last hosts are kept, in bounded memory.
  let cache = new Map<string, string>();
  const key = (host: string): string => {
    let k = cache.get(host);
    if (k === undefined) {
      k = answer(host) ?? host;
      if (cache.size >= 1 << 16) cache = new Map();
      cache.set(host, k);
    }
    return k;
  };
  return { name: by === 'domain' ? 'domains' : 'suffixes', key };
}

export const statsCommand: LineCommandSpec<StatsSettings> = {
  name: 'stats',
  summary: 'counts by scheme, host type, host and path, and of invalid URIs',
  usage: 'Usage: urikit stats [options] [FILE|-]',
  about: `Counts URIs by scheme, host type, host (lower case) and path, and invalid
ones by error code, and writes them as tables (with --log: for the request
targets and the referrers apart), or as JSON.

Hosts, paths and schemes are counted exactly while there are at most --track
distinct values of each; past that, the largest counts are kept in bounded
memory and the output marks them as approximate with their error bound, and
the number of distinct values is estimated (HyperLogLog, within about 1%;
with --threads, such estimates can differ from one thread's, within their
bounds).

On a terminal, control and bidirectional-formatting characters of the input
are shown escaped (\\u202E); JSON always escapes them.

With --log or --log-format, each request is also counted by status code and
class, client address (visitors, in all and per day), bytes sent (by status
class), user agent (the top agents and crawlers) and, for 404 and 410, target
and referrer (broken links); with routes (--templates, --infer-routes), each
route's statuses, bytes and times taken (p50, p95, p99); and the log lines by
time (JSON: "timeline"). Ctrl-C stops the reading: the counts so far are
written, marked partial, and the exit code is 130.
`,
  options: [{ title: 'Options:', rows: Object.values(OPTIONS) }, workerOptions(REPORT)],
  common: true,
  rank: 4,
  settings: (a, args) => statsSettings('stats', a, args),
  packages: (config) => (config.groupBy === 'host' ? [] : ['domain']),
  input: () => 'uris',
  // The report has no line numbers: a worker thread need not wait for its first line's number.
  numbered: false,
  partial: true,
  create: (config) => new StatsCommand(config),
};

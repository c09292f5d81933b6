/** `urikit stats`: counts, written at the end as a table or JSON. */
import type { ByteView } from '../../readers/bytes.js';
import type { Config } from '../config.js';
import { terminalSafe } from '../io/quote.js';
import { workerOptions } from '../jobs.js';
import { Kind } from '../lines/records.js';
import { feature } from '../packages.js';
import { type HostGroups, Stats } from '../stats/counts.js';
import { Command, type CommandState, type LineCommandSpec, type OutputKind } from './command.js';

/** Counts the records; writes the report at the end. */
export class StatsCommand extends Command {
  readonly stats: Stats;
  /** The table goes to a terminal: text from the input is shown with its controls escaped. */
  private terminal = false;

  constructor(config: Config) {
    super(config);
    this.stats = new Stats(config.log !== null, config.track, hostGroups(config.groupBy), config.templates);
  }

  override begin(output: OutputKind): void {
    this.terminal = output.terminal;
  }

  record(r: ByteView, _line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) this.invalid++;
    this.stats.kinds[kind === Kind.REFERRER ? 1 : 0]!.add(r);
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
    if (c.json) {
      this.out.push(`${terminalSafe(JSON.stringify(this.stats.toJSON(c.top), null, 2))}\n`);
    } else {
      const input = c.file === '-' ? 'standard input' : c.file;
      const table = this.stats.toTable(c.top, `urikit stats: ${input}${c.log !== null ? ` (${c.log} log)` : ''}`);
      this.out.push(this.terminal ? terminalSafe(table) : table);
    }
  }

  override exitCode(): number {
    return 0;
  }
}

/** The keys of `--group-by`: a host with no registrable domain or suffix (an IP address) is its own key. */
function hostGroups(by: Config['groupBy']): HostGroups | undefined {
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

export const statsCommand: LineCommandSpec = {
  name: 'stats',
  summary: 'counts by scheme, host type, host and path, and of invalid URIs',
  usage: 'Usage: urikit stats [options] [FILE|-]',
  about: `Counts URIs by scheme, host type, host (lower case) and path, and invalid
ones by error code, and writes them as tables (with --log: for the request
targets and the referrers apart), or as JSON.

Hosts, paths and schemes are counted exactly while there are at most --track
distinct values of each; past that, the largest counts are kept in bounded
memory and the output marks them as approximate with their error bound (with
--threads, such estimates can differ from one thread's, within their bounds).

On a terminal, control and bidirectional-formatting characters of the input
are shown escaped (\\u202E); JSON always escapes them.
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--json', 'JSON instead of tables'],
        ['--top', 'how many hosts and paths to list (default 10)'],
        ['--track', 'how many distinct values of each are counted exactly (default 10000)'],
        [
          '--group-by',
          'count hosts by themselves (the default), by registrable domain (www.example.co.uk -> example.co.uk) or by public suffix (co.uk), from the Public Suffix List, private section included (a.github.io is a site of its own); IDN hosts in A-labels. A host with neither (an IP address) counts as itself.',
        ],
        [
          '--templates',
          'also count valid URIs by the first URI Template of FILE (one per line, RFC 6570, e.g. /users/{id}/repos{?page}) that their request target (path and query) matches, and list the --top targets that none matches; JSON lists every template with its line and count. A bad template is reported as FILE:LINE:COLUMN before any input is read.',
        ],
      ],
    },
    workerOptions(['--report', "with --from: print the job's counts (the same table or JSON as a local stats) instead of counting"]),
  ],
  common: true,
  packages: (config) => (config.groupBy === 'host' ? [] : ['domain']),
  input: () => 'uris',
  // The report has no line numbers: a worker thread need not wait for its first line's number.
  numbered: false,
  create: (config) => new StatsCommand(config),
};

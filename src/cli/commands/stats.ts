/** `urikit stats`: counts, written at the end as a table or JSON. */
import type { ByteView } from '../../readers/bytes.js';
import { Command, type CommandSpec, type CommandState, type OutputKind } from '../command.js';
import type { Config } from '../config.js';
import { type HostGroups, Stats } from '../counts.js';
import { feature } from '../packages.js';
import { terminalSafe } from '../quote.js';
import { Kind } from '../records.js';

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

export const statsCommand: CommandSpec = {
  name: 'stats',
  packages: (config) => (config.groupBy === 'host' ? [] : ['domain']),
  input: () => 'uris',
  // The report has no line numbers: a worker thread need not wait for its first line's number.
  numbered: false,
  create: (config) => new StatsCommand(config),
};

/**
 * What `urikit stats` counts, and its report: URIs by scheme, host type, host and path, invalid
 * records by error code, lenient warnings, in memory that does not grow with the input (hosts,
 * paths and schemes in `TopK` summaries). Worker threads each keep a `Stats`; `merge` adds them
 * up. The report is a few tables (`toTable`) or JSON (`toJSON`).
 */
import type { ByteView } from '../../readers/bytes.js';
import { targetFormName } from '../../readers/request-target.js';
import { Slot, WARNING_FLAGS, WARNINGS } from '../../syntax/offsets.js';
import { TargetView } from '../lines/log.js';
import type { Templates } from '../templates.js';
import { TemplateCounts, type TemplateCountsData } from './template-counts.js';
import { TopK, type TopKData } from './topk.js';

const FORMS = ['origin', 'absolute', 'authority', 'asterisk'] as const;
const HOST_TYPES = ['reg-name', 'ipv4', 'ipv6', 'ipvfuture', 'none'] as const;

/**
 * What hosts are counted by (`--group-by`): the host (lower case), or a key made from it (its
 * registrable domain or public suffix), with the name of the list in the report.
 */
export interface HostGroups {
  /** 'hosts', 'domains' or 'suffixes'. */
  readonly name: string;
  key(host: string): string;
}

const HOSTS: HostGroups = { name: 'hosts', key: (host) => host };

/** The counts of one kind of record: the lines of a URI list, or a log's targets or referrers. */
export class UriStats {
  uris = 0;
  valid = 0;
  invalid = 0;
  /** Log lines whose referrer is "-" (referrers only). */
  absent = 0;
  readonly schemes: TopK;
  readonly hosts: TopK;
  readonly paths: TopK;
  readonly hostTypes = new Map<string, number>();
  readonly errors = new Map<string, number>();
  readonly warnings = new Map<string, number>();
  /** Log request-targets by form (RFC 9112 §3.2): origin, absolute, authority, asterisk. */
  readonly forms = new Map<string, number>();
  /** With --templates: valid records by the first template their request target matches. */
  readonly templates: TemplateCounts | null;

  constructor(
    capacity: number,
    readonly groups: HostGroups,
    templates: Templates | null,
  ) {
    this.schemes = new TopK(capacity);
    this.hosts = new TopK(capacity);
    this.paths = new TopK(capacity);
    this.templates = templates === null ? null : new TemplateCounts(templates, capacity);
  }

  add(r: ByteView): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalid++;
      increment(this.errors, r.error().code);
      return;
    }
    this.valid++;
    if (r instanceof TargetView) increment(this.forms, targetFormName(r.form));
    const scheme = r.scheme;
    this.schemes.add(scheme === undefined ? '' : scheme.toLowerCase());
    const host = r.host;
    if (host !== undefined) this.hosts.add(this.groups.key(host.toLowerCase()));
    increment(this.hostTypes, r.hostType ?? 'none');
    this.paths.add(r.path);
    this.templates?.add(r);
    const flags = r.offsets[Slot.FLAGS]!;
    if ((flags & WARNING_FLAGS) !== 0) {
      for (const [name, bit] of WARNINGS) if ((flags & bit) !== 0) increment(this.warnings, name);
    }
  }

  toData(): UriStatsData {
    return {
      uris: this.uris,
      valid: this.valid,
      invalid: this.invalid,
      absent: this.absent,
      schemes: this.schemes.toData(),
      hosts: this.hosts.toData(),
      paths: this.paths.toData(),
      hostTypes: [...this.hostTypes],
      errors: [...this.errors],
      warnings: [...this.warnings],
      forms: [...this.forms],
      ...(this.templates === null ? {} : { templates: this.templates.toData() }),
    };
  }

  merge(d: UriStatsData): void {
    this.uris += d.uris;
    this.valid += d.valid;
    this.invalid += d.invalid;
    this.absent += d.absent;
    this.schemes.merge(d.schemes);
    this.hosts.merge(d.hosts);
    this.paths.merge(d.paths);
    for (const [k, n] of d.hostTypes) increment(this.hostTypes, k, n);
    for (const [k, n] of d.errors) increment(this.errors, k, n);
    for (const [k, n] of d.warnings) increment(this.warnings, k, n);
    for (const [k, n] of d.forms) increment(this.forms, k, n);
    if (d.templates !== undefined) this.templates?.merge(d.templates);
  }

  /** The JSON form: `top` values of each summary. */
  toJSON(top: number, referrers: boolean): object {
    return {
      uris: this.uris,
      valid: this.valid,
      invalid: this.invalid,
      ...(referrers ? { absent: this.absent } : {}),
      schemes: topJSON(this.schemes, top, true),
      hostTypes: Object.fromEntries(HOST_TYPES.map((t) => [t, this.hostTypes.get(t) ?? 0])),
      [this.groups.name]: topJSON(this.hosts, top, false),
      paths: topJSON(this.paths, top, false),
      errors: Object.fromEntries(sorted(this.errors)),
      warnings: Object.fromEntries(sorted(this.warnings)),
      ...(this.forms.size > 0 ? { forms: Object.fromEntries(FORMS.map((f) => [f, this.forms.get(f) ?? 0])) } : {}),
      ...(this.templates === null
        ? {}
        : {
            templates: {
              matched: this.valid - this.templates.unmatched,
              unmatched: this.templates.unmatched,
              counts: this.templates.rows(),
              unmatchedTargets: topJSON(this.templates.misses, top, false),
            },
          }),
    };
  }
}

/** `UriStats` as plain data. */
export interface UriStatsData {
  uris: number;
  valid: number;
  invalid: number;
  absent: number;
  schemes: TopKData;
  hosts: TopKData;
  paths: TopKData;
  hostTypes: Array<[string, number]>;
  errors: Array<[string, number]>;
  warnings: Array<[string, number]>;
  forms: Array<[string, number]>;
  /** With --templates (not in a Redis job's counts). */
  templates?: TemplateCountsData;
}

/** Everything `urikit stats` counts. */
export class Stats {
  lines = 0;
  emptyLines = 0;
  /** Lines that hold no URI, by code (LINE_TOO_LONG; with `--log`, NOT_A_LOG_LINE, NO_REQUEST_TARGET). */
  readonly lineErrors = new Map<string, number>();
  /** One `UriStats` per kind of record: [lines] or [targets, referrers]. */
  readonly kinds: UriStats[];

  constructor(
    readonly log: boolean,
    capacity: number,
    groups: HostGroups = HOSTS,
    templates: Templates | null = null,
  ) {
    const kind = (): UriStats => new UriStats(capacity, groups, templates);
    this.kinds = log ? [kind(), kind()] : [kind()];
  }

  toData(): StatsData {
    return { lines: this.lines, emptyLines: this.emptyLines, lineErrors: [...this.lineErrors], kinds: this.kinds.map((k) => k.toData()) };
  }

  merge(d: StatsData): void {
    this.lines += d.lines;
    this.emptyLines += d.emptyLines;
    for (const [k, n] of d.lineErrors) increment(this.lineErrors, k, n);
    d.kinds.forEach((k, i) => {
      this.kinds[i]!.merge(k);
    });
  }

  toJSON(top: number): object {
    const head = { lines: this.lines, emptyLines: this.emptyLines, lineErrors: Object.fromEntries(sorted(this.lineErrors)) };
    if (!this.log) return { ...head, uris: this.kinds[0]!.toJSON(top, false) };
    return {
      ...head,
      targets: this.kinds[0]!.toJSON(top, false),
      referrers: this.kinds[1]!.toJSON(top, true),
    };
  }

  /** The report for a terminal: a few small tables. */
  toTable(top: number, title: string): string {
    const out: string[] = [title, '', `lines: ${this.lines}${this.emptyLines > 0 ? ` (${this.emptyLines} empty)` : ''}`];
    if (this.lineErrors.size > 0)
      table(
        out,
        'lines without URIs',
        sorted(this.lineErrors).map(([k, n]) => row(k, n)),
        this.lines,
        null,
      );
    if (this.log) {
      section(out, 'request targets', this.kinds[0]!, top, false);
      section(out, 'referrers', this.kinds[1]!, top, true);
    } else {
      section(out, 'URIs', this.kinds[0]!, top, false);
    }
    return `${out.join('\n')}\n`;
  }
}

/** `Stats` as plain data. */
export interface StatsData {
  lines: number;
  emptyLines: number;
  lineErrors: Array<[string, number]>;
  kinds: UriStatsData[];
}

function section(out: string[], name: string, s: UriStats, top: number, referrers: boolean): void {
  out.push('', `${name}: ${s.uris} (${s.valid} valid, ${s.invalid} invalid${referrers ? `; ${s.absent} lines with "-"` : ''})`);
  if (s.valid > 0) {
    if (s.forms.size > 0)
      table(
        out,
        'request-target form',
        FORMS.filter((f) => s.forms.has(f)).map((f) => row(f, s.forms.get(f)!)),
        s.valid,
        null,
      );
    table(out, 'scheme', summaryRows(s.schemes, top, true), s.valid, s.schemes);
    table(
      out,
      'host type',
      HOST_TYPES.filter((t) => s.hostTypes.has(t)).map((t) => row(t === 'none' ? '(no authority)' : t, s.hostTypes.get(t)!)),
      s.valid,
      null,
    );
    if (s.hosts.distinct !== 0) table(out, `top ${top} ${s.groups.name}`, summaryRows(s.hosts, top, false), s.valid, s.hosts);
    table(out, `top ${top} paths`, summaryRows(s.paths, top, false), s.valid, s.paths);
    if (s.templates !== null) templateTables(out, s.templates, top, s.valid);
  }
  if (s.invalid > 0)
    table(
      out,
      'invalid',
      sorted(s.errors).map(([k, n]) => row(k, n)),
      s.uris,
      null,
    );
  if (s.warnings.size > 0)
    table(
      out,
      'lenient: kept',
      sorted(s.warnings).map(([k, n]) => row(k, n)),
      s.valid,
      null,
    );
}

/**
 * The templates that matched, by count (then in the file's order), the unmatched; then the
 * request targets that no template matched.
 */
function templateTables(out: string[], t: TemplateCounts, top: number, valid: number): void {
  const rows = t
    .rows()
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.line - b.line)
    .map((r) => row(r.template, r.count));
  if (t.unmatched > 0) rows.push(row('(no template)', t.unmatched));
  table(out, `templates (${t.templates.file})`, rows, valid, null);
  const unused = t.counts.filter((n) => n === 0).length;
  if (unused > 0) out.push(`  (${unused} of ${t.counts.length} templates matched nothing)`);
  if (t.unmatched > 0) table(out, `top ${top} targets no template matched`, summaryRows(t.misses, top, false), valid, t.misses);
}

interface Row {
  value: string;
  count: number;
  over: number;
}

function row(value: string, count: number): Row {
  return { value, count, over: 0 };
}

function summaryRows(t: TopK, top: number, schemes: boolean): Row[] {
  return t.top(top).map((c) => ({ value: c.value === '' ? (schemes ? '(relative)' : '(empty)') : c.value, count: c.count, over: c.over }));
}

const MAX_VALUE = 60;

/** A titled table: value, count, share of `total`; a note when the counts are approximate. */
function table(out: string[], title: string, rows: Row[], total: number, summary: TopK | null): void {
  const values = rows.map((r) => (r.value.length > MAX_VALUE ? `${r.value.slice(0, MAX_VALUE - 1)}…` : r.value));
  const counts = rows.map((r) => (r.over > 0 ? `≤${r.count}` : String(r.count)));
  // A loop, not Math.max(...values): a top list can hold more values than a call has arguments.
  const w = values.reduce((m, v) => Math.max(m, v.length), title.length);
  const cw = counts.reduce((m, c) => Math.max(m, c.length), 5);
  let head = `  ${title.padEnd(w)}  ${'count'.padStart(cw)}   share`;
  if (summary !== null) {
    const d = summary.distinct;
    head += d !== null ? `   (${d} distinct)` : `   (at least ${summary.seen} distinct; approximate)`;
  }
  out.push('', head);
  rows.forEach((r, i) => {
    out.push(`  ${values[i]!.padEnd(w)}  ${counts[i]!.padStart(cw)}  ${percent(r.count, total).padStart(6)}`);
  });
  if (summary !== null && !summary.exact) {
    out.push(`  (≤N: the count is between N − ${summary.floor} and N; raise --track to count more values exactly)`);
  }
}

function percent(n: number, total: number): string {
  return total === 0 ? '' : `${((100 * n) / total).toFixed(1)}%`;
}

function topJSON(t: TopK, top: number, schemes: boolean): object {
  return {
    distinct: t.distinct,
    ...(t.exact ? {} : { distinctAtLeast: t.seen, maxOvercount: t.floor }),
    top: t
      .top(top)
      .map((c) => ({ value: schemes && c.value === '' ? null : c.value, count: c.count, ...(c.over > 0 ? { overcount: c.over } : {}) })),
  };
}

function increment(m: Map<string, number>, key: string, n = 1): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

function sorted(m: Map<string, number>): Array<[string, number]> {
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

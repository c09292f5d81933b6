/**
 * What `urikit stats` counts, and its report: URIs by scheme, host type, host and path, invalid
 * records by error code, lenient warnings, in memory that does not grow with the input (hosts,
 * paths and schemes in `TopK` summaries). Worker threads each keep a `Stats`; `merge` adds them
 * up. The report is a few tables (`toTable`) or JSON (`toJSON`).
 */
import type { ByteView } from '../../readers/bytes.js';
import { targetFormName } from '../../readers/request-target.js';
import type { UriError } from '../../syntax/errors.js';
import { Flag, Slot, WARNING_FLAGS, WARNINGS } from '../../syntax/offsets.js';
import { parseWeb, type Uri } from '../../uri.js';
import { TargetView } from '../lines/log.js';
import type { Parts } from '../lines/records.js';
import type { Templates } from '../options/templates.js';
import type { Cube } from './cube.js';
import { hllError } from './hll.js';
import { Requests, type RequestsData, type RequestsJSON, type RouteRequestsJSON, type TopJSON } from './requests.js';
import { RouteTree, type RouteTreeData } from './routes.js';
import { TemplateCounts, type TemplateCountsData } from './template-counts.js';
import { type Series, Timeline, type TimelineData } from './timeline.js';
import { TOPK_HLL_P, TopK, type TopKData } from './topk.js';

const FORMS = ['origin', 'absolute', 'authority', 'asterisk'] as const;
const HOST_TYPES = ['reg-name', 'ipv4', 'ipv6', 'ipvfuture', 'none'] as const;
const REG_NAME = HOST_TYPES.indexOf('reg-name');
const NO_HOST = HOST_TYPES.indexOf('none');
/** Decodes an ASCII host (any decoder would). */
const ascii = new TextDecoder();
/** The first of the forms with no path (`CONNECT host:443`, `OPTIONS *`), which match no route. */
const AUTHORITY_FORM = FORMS.indexOf('authority');
/** The rows of the requests of each form with no path, in the tables of routes and templates. */
const NO_PATH_ROWS = ['(authority-form: CONNECT)', '(asterisk-form: OPTIONS *)'] as const;
/** The index in `FORMS` of each `TargetForm` of a valid target (1 to 4). */
const FORM_INDEX: readonly number[] = [-1, 1, 2, 3, 4].map((f) => (f === -1 ? -1 : FORMS.indexOf(targetFormName(f))));

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
const NO_KEYS: readonly number[] = Object.freeze([-1, -1, -1, -1, -1, -1]);

/**
 * One record as `UriStats.count` counts it again (a record text seen lately: see ../lines/memo.ts):
 * its error code (null when valid), its request-target form (an index of `FORMS`, -1 when not a
 * target), host type (an index of `HOST_TYPES`), the names of its warnings, with --templates the
 * template it matches first (-1: none, and `miss` is its request target, counted among the
 * targets none matches), with --infer-routes its path (`route`). Its scheme, host and path are
 * counted from the bytes of the text found again (`keys`), or from `texts` where a key is not
 * its bytes (not ASCII; a host grouped by --group-by). `at` is where they were counted last: a
 * slot and the epoch of its `TopK` each, so that a record counted again adds to its slots
 * without a lookup while no value has left them.
 */
export interface Tally {
  readonly error: string | null;
  readonly form: number;
  readonly hostType: number;
  readonly warnings: readonly string[];
  readonly template: number;
  readonly miss: string | null;
  readonly route: string | null;
  /**
   * The scheme's, host's and path's bytes, [keys[2k], keys[2k + 1]) from the start of the text
   * (the scheme and host lower-cased as they are counted); [-1, -1]: no scheme (counted as ''), no host.
   */
  readonly keys: readonly number[];
  /** The scheme, host and path as counted, where they are not counted by their bytes (else null). */
  readonly texts: ReadonlyArray<string | null> | null;
  readonly at: number[];
}

const NONE: readonly string[] = Object.freeze([]);
const NOT_ASCII = Flag.NON_ASCII | Flag.WARN_NON_ASCII;

/** A scheme or host's bytes in lower case, when they hold an upper-case letter (grown as needed). */
let lowered = new Uint8Array(256);

/** Adds 1 to the count of bytes [from, to) of `bytes` in lower case, as `String#toLowerCase` makes ASCII (schemes, hosts). */
function addLowered(top: TopK, bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to && !(bytes[i]! >= 0x41 && bytes[i]! <= 0x5a)) i++;
  if (i === to) return top.addAgain(bytes, from, to);
  if (to - from > lowered.length) lowered = new Uint8Array(2 * (to - from));
  for (let j = from; j < to; j++) {
    const c = bytes[j]!;
    lowered[j - from] = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
  }
  return top.addAgain(lowered, 0, to - from);
}

/** Counts key k (0 scheme, 1 host, 2 path) of tally `t`, whose text starts at `start` of `bytes`, in `top`. */
function countKey(top: TopK, t: Tally, k: number, bytes: Uint8Array, start: number): void {
  const at = t.at;
  if (at[2 * k + 1] === top.epoch) {
    top.bump(at[2 * k]!);
    return;
  }
  const text = t.texts?.[k] ?? null;
  const from = t.keys[2 * k]!;
  let slot: number;
  if (text !== null) slot = top.add(text);
  else if (from === -1) slot = top.add('');
  else if (k === 2) slot = top.addBytes(bytes, start + from, start + t.keys[2 * k + 1]!);
  else slot = addLowered(top, bytes, start + from, start + t.keys[2 * k + 1]!);
  at[2 * k] = slot;
  at[2 * k + 1] = slot === -1 ? -1 : top.epoch;
}

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
  /** Valid records by host type, in the order of `HOST_TYPES`. */
  private readonly byHostType = new Float64Array(HOST_TYPES.length);
  readonly errors = new Map<string, number>();
  readonly warnings = new Map<string, number>();
  /** Log request-targets by form (RFC 9112 §3.2), in the order of `FORMS`: origin, absolute, authority, asterisk. */
  private readonly byForm = new Float64Array(FORMS.length);
  /** With --templates: valid records by the first template their request target matches. */
  readonly templates: TemplateCounts | null;
  /** With --infer-routes (a log's targets, or a list's URIs): valid records by the route found for their path. */
  readonly routes: RouteTree | null;
  /** Hosts are counted as they are (not grouped): by their bytes, when ASCII. */
  private readonly hostBytes: boolean;
  /**
   * With --templates or --infer-routes: the requests of a form with no path (authority, asterisk),
   * which match no template and make no route, by form.
   */
  readonly noPath = new Float64Array(2);

  constructor(
    capacity: number,
    readonly groups: HostGroups,
    templates: Templates | null,
    inferRoutes = false,
  ) {
    this.schemes = new TopK(capacity);
    this.hosts = new TopK(capacity);
    this.paths = new TopK(capacity);
    this.templates = templates === null ? null : new TemplateCounts(templates, capacity);
    this.routes = inferRoutes ? new RouteTree() : null;
    this.hostBytes = groups === HOSTS;
  }

  /** Counts `text` as the URL Standard's parser reads it (`parseWeb`): `stats --web`. False when it rejects it. */
  addWeb(text: string): boolean {
    this.uris++;
    let u: Uri;
    try {
      u = parseWeb(text);
    } catch (e) {
      this.invalid++;
      increment(this.errors, (e as UriError).code);
      return false;
    }
    this.valid++;
    this.schemes.add(u.scheme!);
    const host = u.host;
    if (host !== undefined) this.hosts.add(this.groups.key(host));
    this.byHostType[HOST_TYPES.indexOf(u.hostType ?? 'none')]!++;
    this.paths.add(u.path);
    return true;
  }

  /**
   * Counts the record `r` (just scanned), its scheme, host and path from its bytes; returns its
   * route's slot for the timeline (a template's index, or that of no template; a route's node),
   * or -1. `status`, a log line's (-1: none), keeps a request that failed (400 and above) from
   * making routes of its path: a scanner's probes are no routes.
   */
  add(r: ByteView, status = -1): number {
    this.uris++;
    if (r.code !== 0) {
      this.invalid++;
      increment(this.errors, r.error().code);
      return -1;
    }
    this.valid++;
    const o = r.offsets;
    const flags = o[Slot.FLAGS]!;
    const form = r instanceof TargetView ? FORM_INDEX[r.form]! : -1;
    if (form !== -1) this.byForm[form]!++;
    this.byHostType[HOST_TYPES.indexOf(r.hostType ?? 'none')]!++;
    const bytes = r.bytes;
    const ascii = (flags & NOT_ASCII) === 0;
    if ((flags & Flag.SCHEME) === 0) this.schemes.add('');
    else if (ascii) addLowered(this.schemes, bytes, r.start, o[Slot.SCHEME_END]!);
    else this.schemes.add(r.scheme!.toLowerCase());
    if ((flags & Flag.AUTHORITY) !== 0) {
      if (ascii && this.hostBytes) addLowered(this.hosts, bytes, o[Slot.HOST_START]!, o[Slot.HOST_END]!);
      else this.hosts.add(this.groups.key(r.host!.toLowerCase()));
    }
    if (ascii) this.paths.addBytes(bytes, o[Slot.PATH_START]!, o[Slot.PATH_END]!);
    else this.paths.add(r.path);
    if ((flags & WARNING_FLAGS) !== 0) for (const [name, bit] of WARNINGS) if ((flags & bit) !== 0) increment(this.warnings, name);
    if (form >= AUTHORITY_FORM) return this.withoutPath(form);
    if (this.templates !== null) {
      const target = r.requestTarget ?? r.href;
      const template = this.templates.find(target);
      return this.templates.count(template, target);
    }
    return this.routes === null ? -1 : this.routes.add(r.path, status < 400);
  }

  /** Counts a valid record read without a scan, from where its parts lie (`p`, see ../lines/fast.ts). */
  addParts(p: Parts): void {
    this.uris++;
    this.valid++;
    if (p.form !== 0) this.byForm[FORM_INDEX[p.form]!]!++;
    const bytes = p.bytes;
    if (p.schemeEnd === -1) this.schemes.addAgain(bytes, p.start, p.start);
    else addLowered(this.schemes, bytes, p.start, p.schemeEnd);
    if (p.hostStart === -1) {
      this.byHostType[NO_HOST]!++;
    } else {
      this.byHostType[REG_NAME]!++;
      if (this.hostBytes) addLowered(this.hosts, bytes, p.hostStart, p.hostEnd);
      else this.hosts.add(this.groups.key(ascii.decode(bytes.subarray(p.hostStart, p.hostEnd)).toLowerCase()));
    }
    this.paths.addBytes(bytes, p.pathStart, p.pathEnd);
  }

  /** What `count` needs to count the record of parts `p` again (see memo.ts). */
  tallyParts(p: Parts): Tally {
    const start = p.start;
    const scheme = p.schemeEnd !== -1;
    const host = p.hostStart !== -1;
    const hostText = host && !this.hostBytes ? this.groups.key(ascii.decode(p.bytes.subarray(p.hostStart, p.hostEnd)).toLowerCase()) : null;
    return {
      error: null,
      form: p.form === 0 ? -1 : FORM_INDEX[p.form]!,
      hostType: host ? REG_NAME : NO_HOST,
      warnings: NONE,
      template: -1,
      miss: null,
      route: null,
      keys: [
        scheme ? 0 : -1,
        scheme ? p.schemeEnd - start : -1,
        host ? p.hostStart - start : -1,
        host ? p.hostEnd - start : -1,
        p.pathStart - start,
        p.pathEnd - start,
      ],
      texts: hostText === null ? null : [null, hostText, null],
      at: [-1, -1, -1, -1, -1, -1],
    };
  }

  /** What `count` needs to count `r` (just scanned) again: made once per distinct record text (see memo.ts). */
  tally(r: ByteView): Tally {
    if (r.code !== 0)
      return {
        error: r.error().code,
        form: -1,
        hostType: 0,
        warnings: NONE,
        template: -1,
        miss: null,
        route: null,
        keys: NO_KEYS,
        texts: null,
        at: [],
      };
    const o = r.offsets;
    const flags = o[Slot.FLAGS]!;
    const warnings: string[] = [];
    if ((flags & WARNING_FLAGS) !== 0) for (const [name, bit] of WARNINGS) if ((flags & bit) !== 0) warnings.push(name);
    let template = -1;
    let miss: string | null = null;
    const form = r instanceof TargetView ? FORM_INDEX[r.form]! : -1;
    if (this.templates !== null && form < AUTHORITY_FORM) {
      const target = r.requestTarget ?? r.href;
      template = this.templates.find(target);
      if (template === -1) miss = target;
    }
    const start = r.start;
    const scheme = (flags & Flag.SCHEME) !== 0;
    const host = (flags & Flag.AUTHORITY) !== 0;
    const ascii = (flags & NOT_ASCII) === 0;
    const keys = [
      scheme ? 0 : -1,
      scheme ? o[Slot.SCHEME_END]! - start : -1,
      host ? o[Slot.HOST_START]! - start : -1,
      host ? o[Slot.HOST_END]! - start : -1,
      o[Slot.PATH_START]! - start,
      o[Slot.PATH_END]! - start,
    ];
    const hostText = host && !(ascii && this.hostBytes) ? this.groups.key(r.host!.toLowerCase()) : null;
    const texts = ascii ? (hostText === null ? null : [null, hostText, null]) : [scheme ? r.scheme!.toLowerCase() : null, hostText, r.path];
    return {
      error: null,
      form,
      hostType: HOST_TYPES.indexOf(r.hostType ?? 'none'),
      warnings: warnings.length === 0 ? NONE : warnings,
      template,
      miss,
      route: this.routes === null ? null : r.path,
      keys,
      texts,
      at: [-1, -1, -1, -1, -1, -1],
    };
  }

  /**
   * Counts one more record of tally `t`, whose text is at `start` of `bytes` (the scheme, host
   * and path are read there when their slots moved); returns its route's slot, as `add`.
   */
  count(t: Tally, bytes: Uint8Array, start: number, status = -1): number {
    this.uris++;
    if (t.error !== null) {
      this.invalid++;
      increment(this.errors, t.error);
      return -1;
    }
    this.valid++;
    if (t.form !== -1) this.byForm[t.form]!++;
    this.byHostType[t.hostType]!++;
    countKey(this.schemes, t, 0, bytes, start);
    if (t.keys[2] !== -1) countKey(this.hosts, t, 1, bytes, start);
    countKey(this.paths, t, 2, bytes, start);
    // An index loop: for-of over the frozen NONE runs V8's generic iterator, a call per record.
    const warnings = t.warnings;
    for (let i = 0; i < warnings.length; i++) increment(this.warnings, warnings[i]!);
    if (t.form >= AUTHORITY_FORM) return this.withoutPath(t.form);
    if (this.templates !== null) return this.templates.count(t.template, t.miss!);
    return this.routes === null ? -1 : this.routes.add(t.route!, status < 400);
  }

  /** A request of a form with no path (an index of `FORMS`): counted apart from routes and templates; no route's slot. */
  private withoutPath(form: number): number {
    if (this.templates !== null || this.routes !== null) this.noPath[form - AUTHORITY_FORM]!++;
    return -1;
  }

  /** The requests of a form with no path, as the JSON of routes and templates gives them. */
  private noPathJSON(): { authority: number; asterisk: number } {
    return { authority: this.noPath[0]!, asterisk: this.noPath[1]! };
  }

  /** The rows of the requests of a form with no path, those of none left out. */
  noPathRows(): Array<[string, number]> {
    return NO_PATH_ROWS.map((name, i): [string, number] => [name, this.noPath[i]!]).filter(([, n]) => n > 0);
  }

  /** The requests of a form with no path. */
  get withoutPaths(): number {
    return this.noPath[0]! + this.noPath[1]!;
  }

  /** Valid records by host type, in the order of `HOST_TYPES`, those with none left out. */
  get hostTypes(): Map<string, number> {
    return counted(HOST_TYPES, this.byHostType);
  }

  /** Request-targets by form, in the order of `FORMS`, those with none left out. */
  get forms(): Map<string, number> {
    return counted(FORMS, this.byForm);
  }

  /**
   * The routes (templates that matched, or routes found) by count, largest first, and the row of
   * each timeline slot (-1: none).
   */
  routeRows(): { rows: Array<{ template: string; count: number }>; rowOf: (slot: number) => number } | null {
    if (this.templates !== null) {
      const t = this.templates;
      const order = t
        .rows()
        .map((r, slot) => ({ ...r, slot }))
        .filter((r) => r.count > 0)
        .sort((a, b) => b.count - a.count || a.line - b.line);
      const rank = new Map(order.map((r, i) => [r.slot, i]));
      return { rows: order.map((r) => ({ template: r.template, count: r.count })), rowOf: (slot) => rank.get(slot) ?? -1 };
    }
    if (this.routes !== null) {
      const tree = this.routes;
      const ids = new Map<number, number>();
      const routes = tree.routes(ids);
      const order = routes.map((r, i) => ({ ...r, i })).sort((a, b) => b.count - a.count || (a.template < b.template ? -1 : 1));
      const rank = new Array<number>(routes.length);
      order.forEach((r, k) => {
        rank[r.i] = k;
      });
      return {
        rows: order.map((r) => ({ template: r.template, count: r.count })),
        rowOf: (slot) => {
          const i = ids.get(tree.find(slot));
          return i === undefined ? -1 : rank[i]!;
        },
      };
    }
    return null;
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
      ...(this.routes === null ? {} : { routes: this.routes.toData() }),
      ...(this.templates === null && this.routes === null ? {} : { noPath: [...this.noPath] }),
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
    for (const [k, n] of d.hostTypes) this.byHostType[HOST_TYPES.indexOf(k as (typeof HOST_TYPES)[number])]! += n;
    for (const [k, n] of d.errors) increment(this.errors, k, n);
    for (const [k, n] of d.warnings) increment(this.warnings, k, n);
    for (const [k, n] of d.forms) this.byForm[FORMS.indexOf(k as (typeof FORMS)[number])]! += n;
    if (d.templates !== undefined) this.templates?.merge(d.templates);
    d.noPath?.forEach((n, i) => {
      this.noPath[i]! += n;
    });
  }

  /** Adds a worker's routes; returns the map of its route slots to ours. */
  mergeRoutes(d: UriStatsData): (slot: number) => number {
    if (d.routes === undefined || this.routes === null) return (slot) => slot;
    const ids = this.routes.mergeData(d.routes);
    return (slot) => ids.get(slot) ?? -1;
  }

  /** The JSON form: `top` values of each summary; `rows`, the routes found (`routeRows`) with --infer-routes. */
  toJSON(top: number, referrers: boolean, rows?: ReadonlyArray<{ template: string; count: number }>): UriStatsJSON {
    return {
      uris: this.uris,
      valid: this.valid,
      invalid: this.invalid,
      ...(referrers ? { absent: this.absent } : {}),
      schemes: topJSON(this.schemes, top, true),
      hostTypes: Object.fromEntries(HOST_TYPES.map((t, i) => [t, this.byHostType[i]!])),
      [this.groups.name]: topJSON(this.hosts, top, false),
      paths: topJSON(this.paths, top, false),
      errors: Object.fromEntries(sorted(this.errors)),
      warnings: Object.fromEntries(sorted(this.warnings)),
      ...(this.byForm.some((n) => n > 0) ? { forms: Object.fromEntries(FORMS.map((f, i) => [f, this.byForm[i]!])) } : {}),
      ...(this.templates === null
        ? {}
        : {
            templates: {
              matched: this.valid - this.templates.unmatched - this.withoutPaths,
              unmatched: this.templates.unmatched,
              noPath: this.noPathJSON(),
              counts: this.templates.rows(),
              unmatchedTargets: topJSON(this.templates.misses, top, false),
            },
          }),
      ...(this.routes === null
        ? {}
        : {
            routes: {
              distinct: rows!.length,
              matched: this.valid - this.routes.unrouted - this.withoutPaths,
              unrouted: this.routes.unrouted,
              noPath: this.noPathJSON(),
              top: rows!.slice(0, top),
            },
          }),
    };
  }
}

/** A `TopK` in the JSON: its `top` values (a scheme's `null`: relative references). */
export type { TopJSON };

/** The JSON of `UriStats`; the hosts' list is named by --group-by (hosts, domains or suffixes). */
export type UriStatsJSON = {
  uris: number;
  valid: number;
  invalid: number;
  absent?: number;
  schemes: TopJSON;
  hostTypes: Record<string, number>;
  paths: TopJSON;
  errors: Record<string, number>;
  warnings: Record<string, number>;
  forms?: Record<string, number>;
  templates?: {
    matched: number;
    unmatched: number;
    /** Requests of a form with no path, which match no template: `CONNECT host:443`, `OPTIONS *`. */
    noPath: { authority: number; asterisk: number };
    counts: Array<{ line: number; template: string; count: number } & Partial<RouteRequestsJSON>>;
    unmatchedTargets: TopJSON;
  };
  routes?: {
    distinct: number;
    matched: number;
    unrouted: number;
    /** Requests of a form with no path, which make no route: `CONNECT host:443`, `OPTIONS *`. */
    noPath: { authority: number; asterisk: number };
    top: Array<{ template: string; count: number } & Partial<RouteRequestsJSON>>;
  };
} & Record<string, unknown>;

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
  /** With --infer-routes (not in a Redis job's counts). */
  routes?: RouteTreeData;
  /** With either: the requests of a form with no path, by form (authority, asterisk). */
  noPath?: number[];
}

/** Everything `urikit stats` counts. */
export class Stats {
  lines = 0;
  emptyLines = 0;
  /** Lines that hold no URI, by code (LINE_TOO_LONG; with `--log`, NOT_A_LOG_LINE, NO_REQUEST_TARGET). */
  readonly lineErrors = new Map<string, number>();
  /** One `UriStats` per kind of record: [lines] or [targets, referrers]. */
  readonly kinds: UriStats[];
  /** With `--log`: the log lines by time, and the requests of each route. */
  readonly timeline: Timeline | null;
  /** With `--log` (not a Redis job's): statuses, visitors, bytes, bots, broken links, per route; with `cube`, the page's cube. */
  readonly requests: Requests | null;
  /** The run was interrupted: the counts are those of the lines read until then. */
  partial = false;

  constructor(
    readonly log: boolean,
    capacity: number,
    groups: HostGroups = HOSTS,
    templates: Templates | null = null,
    inferRoutes = false,
    requests: { cube: boolean } | null = null,
  ) {
    const kind = (routes: boolean): UriStats => new UriStats(capacity, groups, templates, routes);
    // Routes are found for the paths of a list's URIs or of a log's targets, not of its referrers.
    this.kinds = log ? [kind(inferRoutes), kind(false)] : [kind(inferRoutes)];
    this.timeline = log ? new Timeline() : null;
    this.requests = log && requests !== null ? new Requests(capacity, templates !== null || inferRoutes, requests.cube) : null;
  }

  toData(): StatsData {
    return {
      lines: this.lines,
      emptyLines: this.emptyLines,
      lineErrors: [...this.lineErrors],
      kinds: this.kinds.map((k) => k.toData()),
      ...(this.timeline === null ? {} : { timeline: this.timeline.toData() }),
      ...(this.requests === null ? {} : { requests: this.requests.toData() }),
    };
  }

  merge(d: StatsData): void {
    this.lines += d.lines;
    this.emptyLines += d.emptyLines;
    for (const [k, n] of d.lineErrors) increment(this.lineErrors, k, n);
    d.kinds.forEach((k, i) => {
      this.kinds[i]!.merge(k);
    });
    const slots = this.kinds[0]!.mergeRoutes(d.kinds[0]!);
    if (d.timeline !== undefined) this.timeline?.merge(d.timeline, slots);
    if (d.requests !== undefined) this.requests?.merge(d.requests, slots);
  }

  /** The JSON form (also the data of the HTML report, with `cube`). */
  toJSON(top: number, cube = false): StatsJSON {
    const routes = this.kinds[0]!.routeRows();
    const head = {
      ...(this.partial ? { partial: true as const } : {}),
      lines: this.lines,
      emptyLines: this.emptyLines,
      lineErrors: Object.fromEntries(sorted(this.lineErrors)),
    };
    const inferred = this.kinds[0]!.routes !== null ? routes!.rows : undefined;
    const estimates = this.estimates();
    if (!this.log) return { ...head, uris: this.kinds[0]!.toJSON(top, false, inferred), ...estimates };
    const targets = this.kinds[0]!.toJSON(top, false, inferred);
    const r = this.requests;
    if (r !== null) {
      if (targets.templates !== undefined) {
        const per = r.routeJSON(targets.templates.counts.length, (slot) => slot);
        targets.templates.counts = targets.templates.counts.map((row, i) => ({ ...row, ...(per[i] ?? noRequests()) }));
      }
      if (targets.routes !== undefined) {
        const per = r.routeJSON(targets.routes.top.length, routes!.rowOf);
        targets.routes.top = targets.routes.top.map((row, i) => ({ ...row, ...(per[i] ?? noRequests()) }));
      }
    }
    const c =
      cube && r !== null
        ? r.cubeJSON(routes === null ? null : { names: routes.rows.map((row) => row.template), rowOf: routes.rowOf })
        : undefined;
    return {
      ...head,
      targets,
      referrers: this.kinds[1]!.toJSON(top, true),
      ...this.timelineJSON(top, routes),
      ...(r === null ? {} : r.toJSON(top, (t) => topJSON(t, top, false))),
      ...(c === undefined ? {} : { cube: c }),
      ...estimates,
    };
  }

  /**
   * The distinct counts of the lists past --track, estimated by their HyperLogLog, by the names a
   * Redis job gives them: "0s", "0h", "0p" (URIs, or a log's targets: schemes, hosts, paths), "1s"…
   * (a log's referrers).
   */
  private estimates(): { distinctEstimates?: Record<string, number> } {
    const out: Record<string, number> = {};
    this.kinds.forEach((k, i) => {
      for (const [c, t] of [
        ['s', k.schemes],
        ['h', k.hosts],
        ['p', k.paths],
      ] as const)
        if (!t.exact && t.hll !== null) out[`${i}${c}`] = t.hll.estimate();
    });
    return Object.keys(out).length === 0 ? {} : { distinctEstimates: out };
  }

  /** Requests by time, and those of the `top` routes, when some log line had a time. */
  private timelineJSON(top: number, routes: ReturnType<UriStats['routeRows']>): { timeline?: TimelineJSON } {
    const t = this.timeline!;
    const series = routes === null ? t.series() : t.series(routes.rowOf, Math.min(top, routes.rows.length));
    if (series === null) return {};
    return {
      timeline: {
        ...series.all,
        undated: t.undated,
        ...(series.routes === null ? {} : { routes: series.routes.map((counts, i) => ({ template: routes!.rows[i]!.template, counts })) }),
      },
    };
  }

  /** The report for a terminal: a few small tables. */
  toTable(top: number, title: string): string {
    const out: string[] = [
      `${title}${this.partial ? ' (partial: interrupted)' : ''}`,
      '',
      `lines: ${this.lines}${this.emptyLines > 0 ? ` (${this.emptyLines} empty)` : ''}`,
    ];
    const when = this.timeline?.series() ?? null;
    if (when !== null) out.push(timeSpan(when.all, this.timeline!.undated));
    if (this.lineErrors.size > 0)
      table(
        out,
        'lines without URIs',
        sorted(this.lineErrors).map(([k, n]) => row(k, n)),
        this.lines,
        null,
      );
    if (this.log) {
      // A kind of which nothing was read (the referrers of --log common or --log-field target) has no section.
      const [targets, referrers] = this.kinds as [UriStats, UriStats];
      if (this.requests !== null && this.requests.statuses.total > 0) requestSections(out, this.toJSON(top), top);
      if (targets.uris > 0) section(out, 'request targets', targets, top, false);
      if (referrers.uris > 0 || referrers.absent > 0) section(out, 'referrers', referrers, top, true);
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
  /** With --log (not in a Redis job's counts). */
  timeline?: TimelineData;
  /** With --log (not in a Redis job's counts). */
  requests?: RequestsData;
}

/** Requests by time in the JSON: a `Series`, the lines whose time could not be read, the top routes' own. */
export interface TimelineJSON extends Series {
  undated: number;
  routes?: Array<{ template: string; counts: number[] }>;
}

/** The JSON of `Stats` (its parts are described by docs/cli.md). */
export interface StatsJSON {
  partial?: true;
  lines: number;
  emptyLines: number;
  lineErrors: Record<string, number>;
  uris?: UriStatsJSON;
  targets?: UriStatsJSON;
  referrers?: UriStatsJSON;
  timeline?: TimelineJSON;
  /** A Redis job's distinct counts past the exact top-K, estimated (HyperLogLog), by list name. */
  distinctEstimates?: Record<string, number>;
  statuses?: RequestsJSON['statuses'];
  visitors?: RequestsJSON['visitors'];
  bytes?: RequestsJSON['bytes'];
  bots?: RequestsJSON['bots'];
  brokenLinks?: RequestsJSON['brokenLinks'];
  /** Only for the HTML report (`--html`). */
  cube?: Cube;
}

/** A route row's counts when none of its requests was counted (a template that matched nothing). */
function noRequests(): RouteRequestsJSON {
  return { statuses: { codes: {}, classes: {} }, bytes: 0 };
}

/** "time: 2015-05-17 10:05 to 10:59 UTC, by minute: busiest 10:33 (412 lines)". */
function timeSpan(s: Series, undated: number): string {
  const step = { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[s.unit];
  const at = (i: number): string => {
    const iso = new Date(Date.parse(s.start) + i * step).toISOString();
    return s.unit === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  };
  let busiest = 0;
  s.counts.forEach((n, i) => {
    if (n > s.counts[busiest]!) busiest = i;
  });
  const lastBucket = s.counts.length - 1;
  const undatedNote = undated > 0 ? `; ${undated} without a readable time` : '';
  return `time: ${at(0)} to ${at(lastBucket)} UTC, by ${s.unit}: busiest ${at(busiest)} (${s.counts[busiest]} ${s.counts[busiest] === 1 ? 'request' : 'requests'})${undatedNote}`;
}

/**
 * The requests' sections of the table (from the JSON, so that both say the same): statuses,
 * visitors, bytes, bots and agents, broken links, and the routes' statuses, bytes and times.
 */
function requestSections(out: string[], j: StatsJSON, top: number): void {
  const requests = Object.values(j.statuses!.classes).reduce((a, n) => a + n, 0);
  const v = j.visitors!;
  out.push(
    '',
    `requests: ${requests}; visitors (distinct client addresses): ${v.exact ? v.distinct : `about ${v.distinct} (HyperLogLog, ±${pct(v.error!)} standard error)`}${v.perDay.length > 1 ? ` over ${v.perDay.length} days` : ''}; bytes sent: ${j.bytes!.total}`,
  );
  const codes = Object.entries(j.statuses!.codes).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  table(
    out,
    'status class',
    Object.entries(j.statuses!.classes).map(([c, n]) =>
      row(`${c}${j.bytes!.classes[c as '2xx'] ? `  (${j.bytes!.classes[c as '2xx']} bytes)` : ''}`, n),
    ),
    requests,
    null,
  );
  table(
    out,
    `top ${top} status codes`,
    codes.slice(0, top).map(([c, n]) => row(c, n)),
    requests,
    null,
    `   (${codes.length} distinct)`,
  );
  if (j.bots !== undefined) {
    out.push('', `bots: ${j.bots.requests} requests (${percent(j.bots.requests, requests)}) from crawlers by their user agent`);
    if (j.bots.requests > 0) table(out, `top ${top} bots`, topRows(j.bots.bots), j.bots.requests, null, distinctNote(j.bots.bots));
    table(out, `top ${top} user agents`, topRows(j.bots.agents), requests, null, distinctNote(j.bots.agents));
  }
  const broken = j.brokenLinks!;
  if (broken.length > 0)
    table(
      out,
      `top ${top} broken links (404, 410): target <- referrer`,
      broken.map((b) => ({ value: `${b.target} <- ${b.referrer}`, count: b.count, over: b.overcount ?? 0 })),
      requests,
      null,
    );
  const routes = j.targets?.templates?.counts ?? j.targets?.routes?.top ?? [];
  const rows = routes.filter((r) => r.count > 0 && r.statuses !== undefined).slice(0, top);
  if (rows.length > 0) {
    out.push('', `  ${'routes: requests, 4xx, 5xx, bytes, time taken p50 p95 p99 (s)'}`);
    const w = rows.reduce((m, r) => Math.max(m, Math.min(MAX_VALUE, r.template.length)), 5);
    for (const r of rows) {
      const c = r.statuses!.classes;
      const name = r.template.length > MAX_VALUE ? `${r.template.slice(0, MAX_VALUE - 1)}…` : r.template;
      const l = r.latency;
      out.push(
        `  ${name.padEnd(w)}  ${String(r.count).padStart(7)} ${String(c['4xx'] ?? 0).padStart(6)} ${String(c['5xx'] ?? 0).padStart(6)} ${String(r.bytes).padStart(12)}${l === undefined ? '' : `  ${l.p50} ${l.p95} ${l.p99}`}`,
      );
    }
  }
}

function topRows(t: TopJSON): Row[] {
  return t.top.map((c) => ({ value: c.value ?? '', count: c.count, over: c.overcount ?? 0 }));
}

function distinctNote(t: TopJSON): string {
  return t.distinct !== null
    ? `   (${t.distinct} distinct)`
    : `   (at least ${t.distinctAtLeast} distinct; approximate, ≤N: at most ${t.maxOvercount} over)`;
}

function pct(e: number): string {
  return `${(100 * e).toFixed(2)}%`;
}

function section(out: string[], name: string, s: UriStats, top: number, referrers: boolean): void {
  out.push('', `${name}: ${s.uris} (${s.valid} valid, ${s.invalid} invalid${referrers ? `; ${s.absent} lines with "-"` : ''})`);
  if (s.valid > 0) {
    // Both maps are in the order of FORMS and HOST_TYPES, and hold only counts above 0.
    const forms = s.forms;
    if (forms.size > 0)
      table(
        out,
        'request-target form',
        [...forms].map(([f, n]) => row(f, n)),
        s.valid,
        null,
      );
    table(out, 'scheme', summaryRows(s.schemes, top, true), s.valid, s.schemes);
    table(
      out,
      'host type',
      [...s.hostTypes].map(([t, n]) => row(t === 'none' ? '(no authority)' : t, n)),
      s.valid,
      null,
    );
    // A log's request targets have a host only in the absolute form: name what is counted.
    const ofTargets = s.forms.size > 0;
    if (s.hosts.distinct !== 0)
      table(
        out,
        `top ${top} ${s.groups.name}${ofTargets ? ' (of absolute-form targets)' : ''}`,
        summaryRows(s.hosts, top, false),
        s.valid,
        s.hosts,
      );
    else if (ofTargets)
      out.push(
        '',
        `  ${s.groups.name}: none (every target is origin-form, a path and a query: the referrers' hosts say which sites sent them)`,
      );
    table(out, `top ${top} paths`, summaryRows(s.paths, top, false), s.valid, s.paths);
    if (s.templates !== null) templateTables(out, s, top);
    if (s.routes !== null) routeTable(out, s, top);
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
function templateTables(out: string[], s: UriStats, top: number): void {
  const t = s.templates!;
  const valid = s.valid;
  const rows = t
    .rows()
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.line - b.line)
    .map((r) => row(r.template, r.count));
  if (t.unmatched > 0) rows.push(row('(no template)', t.unmatched));
  for (const [name, n] of s.noPathRows()) rows.push(row(name, n));
  table(out, `templates (${t.templates.file})`, rows, valid, null);
  const unused = t.counts.filter((n) => n === 0).length;
  if (unused > 0) out.push(`  (${unused} of ${t.counts.length} templates matched nothing)`);
  if (t.unmatched > 0) table(out, `top ${top} targets no template matched`, summaryRows(t.misses, top, false), valid, t.misses);
}

/** The `top` routes found, by count, and the paths that matched none. */
function routeTable(out: string[], s: UriStats, top: number): void {
  const all = s.routeRows()!.rows;
  const rows = all.slice(0, top).map((r) => row(r.template, r.count));
  const unrouted = s.routes!.unrouted;
  if (unrouted > 0) rows.push(row('(no route)', unrouted));
  for (const [name, n] of s.noPathRows()) rows.push(row(name, n));
  table(out, `top ${top} routes found`, rows, s.valid, null, `   (${all.length} routes)`);
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

/** A titled table: value, count, share of `total`; a note when the counts are approximate; `note` after the head. */
function table(out: string[], title: string, rows: Row[], total: number, summary: TopK | null, note = ''): void {
  const values = rows.map((r) => (r.value.length > MAX_VALUE ? `${r.value.slice(0, MAX_VALUE - 1)}…` : r.value));
  const counts = rows.map((r) => (r.over > 0 ? `≤${r.count}` : String(r.count)));
  // A loop, not Math.max(...values): a top list can hold more values than a call has arguments.
  const w = values.reduce((m, v) => Math.max(m, v.length), title.length);
  const cw = counts.reduce((m, c) => Math.max(m, c.length), 5);
  let head = `  ${title.padEnd(w)}  ${'count'.padStart(cw)}   share`;
  if (summary !== null) {
    const d = summary.distinct;
    head +=
      d !== null
        ? `   (${d} distinct)`
        : summary.hll !== null
          ? `   (about ${summary.hll.estimate()} distinct, HyperLogLog ±${pct(hllError(TOPK_HLL_P))}; at least ${summary.seen}; approximate)`
          : `   (at least ${summary.seen} distinct; approximate)`;
  }
  out.push('', head + note);
  rows.forEach((r, i) => {
    out.push(`  ${values[i]!.padEnd(w)}  ${counts[i]!.padStart(cw)}  ${percent(r.count, total).padStart(6)}`);
  });
  // The footnote explains the "≤" of the rows that have one: none, no footnote.
  if (summary !== null && !summary.exact && rows.some((r) => r.over > 0)) {
    out.push(`  (≤N: the count is between N − ${summary.floor} and N; raise --track to count more values exactly)`);
  }
}

function percent(n: number, total: number): string {
  return total === 0 ? '' : `${((100 * n) / total).toFixed(1)}%`;
}

function topJSON(t: TopK, top: number, schemes: boolean): TopJSON {
  return {
    distinct: t.distinct,
    ...(t.exact ? {} : { distinctAtLeast: t.seen, maxOvercount: t.floor }),
    top: t
      .top(top)
      .map((c) => ({ value: schemes && c.value === '' ? null : c.value, count: c.count, ...(c.over > 0 ? { overcount: c.over } : {}) })),
  };
}

/** The counts of `names` that are not 0, by name. */
function counted(names: readonly string[], counts: Float64Array): Map<string, number> {
  const m = new Map<string, number>();
  names.forEach((name, i) => {
    if (counts[i]! > 0) m.set(name, counts[i]!);
  });
  return m;
}

function increment(m: Map<string, number>, key: string, n = 1): void {
  m.set(key, (m.get(key) ?? 0) + n);
}

function sorted(m: Map<string, number>): Array<[string, number]> {
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

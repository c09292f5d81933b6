/**
 * What decides a job's normal forms and counts: the input's format, each group's reading, the
 * frontier's normal form and urikit's rules of them. The first process that writes records each
 * in the job's hash (job.ts's `settle`); every later one whose own differ is refused at its
 * start, naming both.
 */
import { DEDUPE_PRESET, type DedupeOptions, TRACKING_PARAMS } from '../../ops/dedupe.js';
import { NORMAL_FORM_RULES } from '../../ops/normalize.js';
import type { ResolveSettings } from '../commands/resolve.js';
import type { StatsSettings } from '../commands/stats.js';
import type { UriPerLineSettings } from '../commands/uri-per-line.js';
import type { Lines } from '../options/arguments.js';

/** One setting: its field in the job's hash, what it is in words, and its value (also its description). */
export interface Setting {
  field: string;
  /** What it is, for "the job … reads its input as: X; this publish: Y". */
  what: string;
  value: string;
}

/** The rules of normal forms, as the job's hash keeps them (`redis init` writes it). */
export const RULES_FIELD = 'rules';

export function rulesSetting(): Setting {
  return { field: RULES_FIELD, what: "follows urikit's rules of normal forms and counts", value: `version ${NORMAL_FORM_RULES}` };
}

/** What the published lines are: URIs, or the lines of a log format (publish finds the host of their request targets). */
export function inputSetting(config: Lines): Setting {
  return { field: 'set:input', what: 'reads its input as', value: config.log === null ? 'lines of URIs' : `--log ${config.log}` };
}

/**
 * What a worker of `command` makes of each line, which every worker of its group must share: how
 * it parses, which of a log line's URIs it takes, where its output goes and, for stats, how it
 * counts.
 */
export function groupSetting(command: string, config: Lines, frontier: string | null): Setting {
  const words = parsing(config);
  if (config.log !== null) words.push(`--log-field ${config.logField}`);
  words.push(`--max-line-length ${config.maxLineLength}`);
  const base = command === 'resolve' ? (config as ResolveSettings).base : null;
  if (base !== null) words.push(`--base ${base.href}`);
  if (command === 'normalize' || command === 'resolve') words.push(`--on-invalid ${(config as UriPerLineSettings).onInvalid}`);
  if (command === 'stats') words.push(`--group-by ${(config as StatsSettings).groupBy}`, `--track ${(config as StatsSettings).track}`);
  else words.push(frontier === null ? 'output to standard output' : `output to the frontier of the job ${frontier}`);
  return { field: `set:group:${command}`, what: `has ${command} workers with`, value: words.join(', ') };
}

/** How URIs are parsed: which of them are valid, and what lenient mode keeps of the others. */
function parsing(config: Lines): string[] {
  const p = config.parse;
  const words = [p.lenient === true ? '--lenient' : 'strict parsing'];
  if (p.iri === true) words.push('--iri');
  if (p.zoneId === true) words.push('--zone-id');
  if (p.absolute === true) words.push('--absolute');
  return words;
}

/**
 * The URLs of the frontier: the normal form `form` (what `normalize --dedupe` compares with the
 * same options) of the URIs read as they are parsed, whichever group or local input commits them.
 */
export function frontierSetting(config: Lines, form: DedupeOptions): Setting {
  return { field: 'set:frontier', what: 'keeps its frontier in', value: [formOf(form), ...parsing(config)].join(', ') };
}

/** "the dedupe preset", "the RFC 3986 normal form (--rfc-only)", or the RFC 3986 normal form and the steps. */
export function formOf(o: DedupeOptions): string {
  const params = o.removeQueryParams ?? [];
  const tracking = TRACKING_PARAMS.every((t, i) => params[i] === t);
  const steps: string[] = [];
  if (o.idna === true) steps.push('--idna');
  if (o.sortQuery === true) steps.push('--sort-query');
  if (tracking) steps.push('--remove-tracking');
  const rest = params.slice(tracking ? TRACKING_PARAMS.length : 0);
  if (rest.length > 0) steps.push(`--remove-params ${rest.map(String).join(',')}`);
  if (o.removeFragment === true) steps.push('--remove-fragment');
  if (o.removeEmptyQuery === true) steps.push('--remove-empty-query');
  const preset = DEDUPE_PRESET;
  if (
    steps.length === 5 &&
    o.idna === preset.idna &&
    o.sortQuery === preset.sortQuery &&
    rest.length === 0 &&
    o.removeFragment === preset.removeFragment &&
    o.removeEmptyQuery === preset.removeEmptyQuery
  )
    return 'the dedupe preset';
  return steps.length === 0 ? 'the RFC 3986 normal form (--rfc-only)' : `the RFC 3986 normal form with ${steps.join(' ')}`;
}

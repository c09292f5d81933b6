/**
 * `urikit normalize`: the RFC 3986 normal form of each record (or, with the dedupe steps, its
 * canonical form; with `--web`, the URL Standard's serialization; with `--canon` or `--surt`, a
 * crawler's key), optionally without repeats.
 */

import { type CanonProfile, canonicalize as canonKey, surt } from '../../canon/canonicalize.js';
import { canonicalize, DEDUPE_PRESET, type DedupeOptions, dedupeOptions, type Dedupe as Steps, TRACKING_PARAMS } from '../../ops/dedupe.js';
import { normalize, normalizeRecord } from '../../ops/normalize.js';
import type { ByteView } from '../../readers/bytes.js';
import { OFFSETS_LENGTH } from '../../syntax/offsets.js';
import { parseWeb } from '../../uri.js';
import type { Out } from '../io/writer.js';
import type { Kind, LineContext } from '../lines/records.js';
import { type Arguments, type Lines, lines, type Values, values } from '../options/arguments.js';
import { toFrontier, type WorkerOptions, worker, workerOptions } from '../options/jobs.js';
import { count, custom, flag, type Option, type OptionName, UsageError } from '../options/option.js';
import { type LineCommandSpec, MAIN, type Made } from './command.js';
import { canonOption, keyLog, keyRules, keyText } from './keys.js';
import { onInvalid, onInvalidOption, textRecord, UriPerLine, type UriPerLineSettings } from './uri-per-line.js';

/** The settings of `normalize`. */
export interface NormalizeSettings extends UriPerLineSettings, Values<typeof OPTIONS> {
  /** The dedupe steps past RFC 3986 (DEDUPE_PRESET with --dedupe or --to), or none. */
  readonly normalize: DedupeOptions | undefined;
  readonly redis: WorkerOptions;
}

/** `--dedupe-limit` (normalize, links), told as `help` says. */
export function dedupeLimit(help: string): Option<number> {
  return count('--dedupe-limit', 'N', 1_000_000, 1, 2 ** 32, help);
}

/**
 * `--web` (normalize, stats): read URLs as the URL Standard's parser does, which goes with none of
 * RFC 3986's `steps` past its normal form and none of `others`.
 */
export function webOption(help: string, steps: readonly OptionName[], others: readonly OptionName[]): Option<boolean> {
  return flag('--web', help, {
    excludes: [
      ...steps.map((o) => ({
        options: [o],
        message: `${o} is a step past RFC 3986's normal form, and --web writes the URL Standard's serialization: give one of them`,
      })),
      ...others.map((o) => ({ options: [o], message: `--web does not go with ${o}` })),
    ],
  });
}

/** `--web` reads URLs: not request targets, which are no URL until a server names its host. */
export function webLog(l: Lines): void {
  if (l.log !== null && l.logField !== 'referrer')
    throw new UsageError(
      "--web reads URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer",
    );
}

/** `--remove-params LIST`: names, each a "*" pattern. */
function paramNames(list: string): string[] {
  const names = list.split(',').map((n) => n.trim());
  if (names.some((n) => n === ''))
    throw new UsageError(`--remove-params takes a comma-separated list of names (a "*" matches any text), not "${list}"`);
  return names;
}

/** normalize's steps past RFC 3986, each of which can merge URLs. */
const STEPS = {
  idna: flag('--idna', 'hosts as A-labels (münchen.de: xn--mnchen-3ya.de); with --iri or --lenient for hosts written in Unicode'),
  sortQuery: flag('--sort-query', 'query parameters sorted by name'),
  removeParams: custom<string[] | null>(
    '--remove-params',
    'LIST',
    null,
    paramNames,
    'remove the query parameters named in LIST (comma-separated; a "*" matches any text: utm_*)',
    { example: 'NAME,utm_*,…' },
  ),
  removeTracking: flag('--remove-tracking', 'remove utm_* and the click identifiers (fbclid, gclid, msclkid, …)'),
  removeFragment: flag('--remove-fragment', 'drop the fragment'),
  removeEmptyQuery: flag('--remove-empty-query', 'drop an empty query ("?") and empty parameters'),
} as const;

const OPTIONS = {
  dedupe: flag(
    '--dedupe',
    "write each URL once, the first time it occurs, comparing canonical forms: the normal form with the dedupe preset's steps below (--idna --sort-query --remove-tracking --remove-fragment --remove-empty-query)",
  ),
  rfcOnly: flag('--rfc-only', 'with --dedupe: compare RFC 3986 normal forms alone', {
    needs: [
      { options: ['--dedupe', '--to'], message: '--rfc-only goes with --dedupe or --to (normal forms compared without the dedupe preset)' },
    ],
  }),
  web: webOption(
    "write each URL as the URL Standard's parser reads it (as browsers and Node's URL do: http:\\\\h\\a is http://h/a, 0x7f.1 is 127.0.0.1, tabs dropped), its serialization; what it rejects is reported as invalid. With --dedupe, each serialization once. Not with the steps below, nor with --log targets (--log-field referrer).",
    [...Object.values(STEPS).map((o) => o.name), '--rfc-only'],
    ['--from', '--to'],
  ),
  canon: canonOption(
    "write each line's canonical form by the profile named, as its reference implementation writes it byte for byte: w3lib (canonicalize_url, as Scrapy keys requests), ia (the Internet Archive's canonicalizer), google, semantic-precise, semantic, aggressive, whatwg (urlcanon's); the line is read as the reference reads it, whatever RFC 3986 says of it. With --dedupe, each form once. Not with --web or the steps below, nor with --log targets (--log-field referrer).",
    keyRules('--canon', keyConflicts('--canon', "its profile's canonical form")),
  ),
  surt: flag(
    '--surt',
    "write each line's SURT key, as the surt package writes it for CDX indexes (IA-canonicalized, the host reversed, no scheme: org,archive)/index.html?a=b); urikit surt writes it beside each URL. With --dedupe, each key once. Not with --canon, --web or the steps below, nor with --log targets.",
    {
      excludes: keyRules('--surt', [
        ['--canon', '--surt and --canon each write a key of their own: give one of them'],
        ...keyConflicts('--surt', 'the SURT key'),
      ]),
    },
  ),
  dedupeLimit: dedupeLimit(
    'how many distinct forms --dedupe holds (default 1000000, about 100 bytes of memory each). Past it, a URI among them is still left out, any other is written each time (a warning says so once): nothing is ever lost.',
  ),
  onInvalid: onInvalidOption(
    'what an invalid line gives in the output: nothing (skip, the default), an empty line, or the line as it was read (keep), so that paste keeps files aligned; not with --dedupe; with --log, give --log-field target or referrer',
  ),
} as const;

/** What a key option (`name`, writing `what`) refuses: the other forms, and the Redis job's frontier of URLs. */
function keyConflicts(name: OptionName, what: string): [OptionName, string][] {
  return [
    ['--web', `${name} writes ${what}, --web the URL Standard's serialization: give one of them`],
    ...[...Object.values(STEPS).map((o) => o.name), '--rfc-only' as OptionName].map((o): [OptionName, string] => [
      o,
      `${o} is a step past RFC 3986's normal form, and ${name} writes ${what}: give one of them`,
    ]),
    ...(['--from', '--to'] as const).map((o): [OptionName, string] => [o, `${name} does not go with ${o}`]),
  ];
}

/** `--to`: the job's frontier keeps each URL once already. */
const TO = toFrontier({
  excludes: [
    { options: ['--dedupe'], message: "--to keeps each URL once already, as --dedupe does (the job's seen-set): leave out --dedupe" },
  ],
});

/**
 * normalize's steps past RFC 3986: `dedupe` (--dedupe, --to) turns on DEDUPE_PRESET (unless
 * `--rfc-only`), each `--idna`, `--sort-query`, `--remove-*` one more; undefined for the plain
 * normal form.
 */
function steps(a: Arguments, dedupe: boolean): DedupeOptions | undefined {
  const o: DedupeOptions = dedupe && !a.get(OPTIONS.rfcOnly) ? { ...DEDUPE_PRESET } : {};
  if (a.get(STEPS.idna)) o.idna = true;
  if (a.get(STEPS.sortQuery)) o.sortQuery = true;
  if (a.get(STEPS.removeFragment)) o.removeFragment = true;
  if (a.get(STEPS.removeEmptyQuery)) o.removeEmptyQuery = true;
  const remove = [
    ...(o.removeQueryParams ?? []),
    ...(a.get(STEPS.removeTracking) ? TRACKING_PARAMS : []),
    ...(a.get(STEPS.removeParams) ?? []),
  ];
  if (remove.length > 0) o.removeQueryParams = remove;
  return Object.keys(o).length > 0 ? o : undefined;
}

/**
 * Keeps the first URI of each normal form, exactly, for up to `limit` distinct ones. Past the
 * limit the set stops growing: a URI already in it is still left out, any other one is written
 * (so duplicates among those may remain; nothing is lost), and a warning says so once.
 */
export class Dedupe {
  private readonly seen = new Set<string>();
  private warned = false;

  constructor(
    private readonly limit: number,
    private readonly err: Out,
  ) {}

  /** True when `s` is to be written. */
  keep(s: string): boolean {
    const seen = this.seen;
    if (seen.has(s)) return false;
    if (seen.size < this.limit) seen.add(s);
    else if (!this.warned) {
      this.warned = true;
      this.err.push(
        `urikit: --dedupe holds ${this.limit} distinct URIs, its limit: from here on, a URI that is not among them is written every time it occurs, so some duplicates remain (none is lost). Raise --dedupe-limit (about 100 bytes of memory per URI) to remove them all.\n`,
      );
    }
    return true;
  }
}

/** The URL Standard's serialization of `text`. */
const webHref = (text: string): string => parseWeb(text).href;

/** The key `--canon PROFILE` or `--surt` makes of a line's text, or null for neither. */
function keyOf(canon: CanonProfile | null, withSurt: boolean): ((text: string) => string) | null {
  if (canon !== null) return (text) => canonKey(text, canon);
  return withSurt ? (text) => surt(text) : null;
}

/** Writes the normal form of each record, optionally without repeats. */
export class NormalizeCommand extends UriPerLine {
  /** Null in worker threads: the main thread dedupes their output, in input order. */
  private readonly dedupe: Dedupe | null;
  /** The dedupe steps past RFC 3986, or none: as `normalize` takes them, and as `canonicalize` does. */
  private readonly options: DedupeOptions | undefined;
  private readonly steps: Steps | null;
  /** The record of each ASCII record's text, then of its normal form. */
  private readonly rec = new Uint32Array(OFFSETS_LENGTH);
  /** The form written of a record's text when it is not RFC 3986's (--web, --canon, --surt), else null. */
  private readonly form: ((text: string) => string) | null;

  declare readonly config: NormalizeSettings;

  constructor(config: NormalizeSettings, made: Made = MAIN) {
    super(config, made);
    this.dedupe = config.dedupe && !made.inWorker ? new Dedupe(config.dedupeLimit, this.err) : null;
    this.options = config.normalize;
    this.steps = this.options === undefined ? null : dedupeOptions(this.options, 'normalize');
    this.form = config.web ? webHref : keyOf(config.canon, config.surt);
    // The normal form of a text that repeats is kept (not with --web: the URL Standard's serialization is made anew).
    this.memo = !config.web;
  }

  /** A record; its normal form or key (kept for its text). */
  record(r: ByteView, ctx: LineContext): string | undefined {
    this.uris++;
    if (this.form !== null) return this.otherForm(r, ctx.line, ctx.kind);
    if (r.code !== 0) {
      this.invalidRecord(r, ctx.line, ctx.kind);
      return undefined;
    }
    let s: string;
    try {
      const text = textRecord(r, this.rec);
      s = text === null ? normalize(r.uri()!, this.options) : this.normalForm(text);
    } catch (e) {
      this.failed(e, ctx.line, ctx.kind, r.href);
      return undefined;
    }
    this.write(s);
    return s;
  }

  again(s: string): void {
    this.uris++;
    this.write(s);
  }

  /** Writes the normal form `s`, unless --dedupe has seen it. */
  private write(s: string): void {
    if (this.dedupe === null || this.dedupe.keep(s)) this.emit(s);
  }

  /**
   * Writes the form of `r`'s text that is not RFC 3986's, whatever RFC 3986 makes of the text:
   * the URL Standard's serialization (`parseWeb`), or a key (`--canon`, `--surt`) of the text as
   * its reference reads a line. Returns a key, for the memo.
   */
  private otherForm(r: ByteView, line: number, kind: Kind): string | undefined {
    const web = this.config.web;
    let s: string;
    try {
      s = this.form!(web ? r.href : keyText(r));
    } catch (e) {
      this.failed(e, line, kind, r.href);
      return undefined;
    }
    this.write(s);
    return web ? undefined : s;
  }

  /** What `normalize` gives for `text`, from its record in `rec`. */
  private normalForm(text: string): string {
    const rec = this.rec;
    const steps = this.steps;
    if (steps === null) return normalizeRecord(text, rec, null);
    return canonicalize(normalizeRecord(text, rec, rec), rec, steps);
  }

  /** The output of a worker thread, deduped here in input order. */
  override fromWorker(out: Uint8Array): string | Uint8Array {
    const d = this.dedupe;
    if (d === null) return out;
    const lines = Buffer.from(out.buffer, out.byteOffset, out.byteLength).toString().split('\n');
    lines.pop(); // after the last "\n"
    let kept = '';
    for (const s of lines) if (d.keep(s)) kept += `${s}\n`;
    return kept;
  }
}

export const normalizeCommand: LineCommandSpec<NormalizeSettings> = {
  name: 'normalize',
  summary: 'the RFC 3986 normal form of each URI (--dedupe: each URL once)',
  usage: 'Usage: urikit normalize [options] [FILE|-]',
  about: `Writes the RFC 3986 normal form of each URI, one per line: scheme and host in
lower case, %XX in upper case and decoded where it encodes an unreserved
character, dot-segments removed, a default port dropped, IPv6 in RFC 5952
form. An invalid URI is reported on standard error and left out.
With --canon PROFILE, each line's canonical form by a crawler's rules instead
(w3lib's, the Internet Archive's, urlcanon's), byte for byte as its reference
implementation writes it; with --surt, its SURT key. Either reads the line as
the reference does: a line is invalid only where the reference fails on it.
`,
  options: [
    { title: 'Options:', rows: Object.values(OPTIONS) },
    { title: 'Steps past RFC 3986, each of which can merge URLs a server tells apart:', rows: Object.values(STEPS) },
    workerOptions(TO),
  ],
  exit: 'Exit code 1 when some URI was invalid (left out), else 0.',
  common: true,
  rank: 1,
  settings(a, args) {
    const redis = worker('normalize', a);
    const common = lines('normalize', a, args);
    const dedupe = a.get(OPTIONS.dedupe);
    const invalid = a.get(OPTIONS.onInvalid);
    if (invalid !== 'skip' && dedupe)
      throw new UsageError(`--on-invalid ${invalid} writes one line per input line, which --dedupe does not: give one of them`);
    const web = a.get(OPTIONS.web);
    if (web) webLog(common);
    const key = a.get(OPTIONS.canon) !== null || a.get(OPTIONS.surt);
    if (key) keyLog(a.has('--surt') ? '--surt' : '--canon', common);
    return {
      ...common,
      ...values(a, OPTIONS),
      onInvalid: onInvalid(invalid, common),
      // --web writes the URL Standard's serialization, --canon and --surt keys: --dedupe compares those as they are.
      normalize: web || key ? undefined : steps(a, dedupe || redis.to !== null),
      redis,
    };
  },
  input: () => 'uris',
  numbered: true,
  create: (config, made) => new NormalizeCommand(config, made),
};

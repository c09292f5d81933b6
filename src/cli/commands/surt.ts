/**
 * `urikit surt`: the SURT key of each URL beside it (`KEY URL`), as CDX indexes key them, lines
 * that sort in byte order into CDX order.
 */
import { ssurt, surt } from '../../canon/canonicalize.js';
import type { SurtOptions } from '../../canon/ia.js';
import type { ByteView } from '../../readers/bytes.js';
import type { LineContext } from '../lines/records.js';
import { lines, type Values, values } from '../options/arguments.js';
import { flag, UsageError } from '../options/option.js';
import type { LineCommandSpec, Made } from './command.js';
import { keyLog, keyText, RFC_READINGS } from './keys.js';
import { onInvalid, onInvalidOption, UriPerLine, type UriPerLineSettings } from './uri-per-line.js';

/** The options of the surt package's `surt()` (`SurtOptions`). */
const SURT = {
  withScheme: flag('--with-scheme', 'the key with its scheme: http://(org,archive)/ (the surt option withScheme)'),
  trailingComma: flag('--trailing-comma', 'a comma after the host: org,archive,)/ (trailingComma)'),
  hostMassage: flag(
    '--host-massage',
    'drop a leading www., www2., … from the host (hostMassage; the default); --no-host-massage keeps it: org,archive,www)/',
    {
      also: [flag('--no-host-massage', 'keep a leading www. in the key')],
      excludes: [{ options: ['--no-host-massage'], message: '--host-massage and --no-host-massage say opposite things: give one of them' }],
    },
  ),
} as const;

/** What `--ssurt` goes with: none of the surt package's options. */
const NOT_SSURT = ['--with-scheme', '--trailing-comma', '--host-massage', '--no-host-massage'] as const;

const OPTIONS = {
  ssurt: flag(
    '--ssurt',
    "urlcanon's SSURT of the URL's semantic-precise form instead: the host reversed with a trailing comma, then //, the port, the scheme and the rest (org,example,foo,//81:http:/path?query#frag)",
    { excludes: NOT_SSURT.map((o) => ({ options: [o], message: `--ssurt is urlcanon's form, which has no ${o}: give one of them` })) },
  ),
  onInvalid: onInvalidOption(
    'what an invalid line gives in the output: nothing (skip, the default), an empty line, or the line as it was read (keep), so that paste keeps files aligned; with --log, give --log-field referrer',
  ),
} as const;

/** The settings of `surt`. */
export interface SurtSettings extends UriPerLineSettings, Values<typeof OPTIONS> {
  /** The surt package's options, or undefined for its defaults. */
  readonly surt: SurtOptions | undefined;
}

/** Writes `KEY URL` for each record: its SURT key (or SSURT), a space, its text as read. */
export class SurtCommand extends UriPerLine {
  declare readonly config: SurtSettings;

  constructor(config: SurtSettings, made: Made) {
    super(config, made);
    // A line's key depends on its text alone: a repeat is written again without making it anew.
    this.memo = true;
  }

  /** A record; its output line (kept for its text). */
  record(r: ByteView, ctx: LineContext): string | undefined {
    this.uris++;
    let s: string;
    try {
      const text = keyText(r);
      const c = this.config;
      s = `${c.ssurt ? ssurt(text) : c.surt === undefined ? surt(text) : surt(text, c.surt)} ${text}`;
    } catch (e) {
      this.failed(e, ctx.line, ctx.kind, r.href);
      return undefined;
    }
    this.emit(s);
    return s;
  }

  again(s: string): void {
    this.uris++;
    this.emit(s);
  }
}

export const surtCommand: LineCommandSpec<SurtSettings> = {
  name: 'surt',
  summary: 'the SURT key of each URL, beside it: lines that sort into CDX order',
  usage: 'Usage: urikit surt [options] [FILE|-]',
  about: `Writes, for each URL (one a line; with --log, each referrer), its SURT key, a
space, and the URL as it was read:
  org,archive)/index.html?a=1&b=2 http://www.archive.org/index.html?b=2&a=1
The key is the surt package's (surt.surt(), as web archives key CDX indexes:
the Internet Archive's canonical form, the host reversed, no scheme), byte for
byte; --ssurt writes urlcanon's SSURT instead. Sorted in byte order
(LC_ALL=C sort), the lines are in the order of their keys, as CDX files are.
A line is read as the reference reads it: it is invalid only where the
reference fails on it (reported on standard error and left out).
`,
  options: [
    { title: 'Options:', rows: Object.values(OPTIONS) },
    { title: "The surt package's options:", rows: Object.values(SURT) },
  ],
  exit: 'Exit code 1 when some line was invalid (left out), else 0.',
  common: true,
  rank: 2.5,
  settings(a, args) {
    const common = lines('surt', a, args);
    for (const o of RFC_READINGS)
      if (a.has(o)) throw new UsageError(`surt reads each line as the surt package does, not as RFC 3986 does: ${o} does not apply`);
    keyLog('surt', common);
    const o: SurtOptions = {};
    if (a.get(SURT.withScheme)) o.withScheme = true;
    if (a.get(SURT.trailingComma)) o.trailingComma = true;
    if (a.has('--no-host-massage')) o.hostMassage = false;
    return {
      ...common,
      ...values(a, OPTIONS),
      onInvalid: onInvalid(a.get(OPTIONS.onInvalid), common),
      surt: Object.keys(o).length > 0 ? o : undefined,
    };
  },
  input: () => 'uris',
  numbered: true,
  create: (config, made) => new SurtCommand(config, made),
};

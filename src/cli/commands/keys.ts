/**
 * Crawl keys in the commands (normalize --canon and --surt, links --canon, surt): `--canon
 * PROFILE`, the rules a key option declares, and a record's text as the reference
 * implementations read a line.
 */
import { CANON_PROFILES, type CanonProfile } from '../../canon/canonicalize.js';
import { utf8Length } from '../../ops/percent.js';
import type { ByteView } from '../../readers/bytes.js';
import { UriError } from '../../syntax/errors.js';
import type { Lines } from '../options/arguments.js';
import { choice, type Option, type OptionName, type Rule, UsageError } from '../options/option.js';

/**
 * The options of every command that read a line as RFC 3986 does, which a key does not: its
 * reference reads the line its own way, whatever RFC 3986 says of it.
 */
export const RFC_READINGS: readonly OptionName[] = ['--iri', '--zone-id', '--absolute'];

/**
 * What a key option (`name`) refuses: each of `others`, with `why` saying why, and the RFC 3986
 * readings of every command.
 */
export function keyRules(name: OptionName, others: readonly [OptionName, string][]): Rule[] {
  return [
    ...others.map(([o, why]) => ({ options: [o], message: why })),
    ...RFC_READINGS.map((o) => ({
      options: [o],
      message: `${name} reads each line as its reference implementation does, not as RFC 3986 does: ${o} does not apply`,
    })),
  ];
}

/** `--canon PROFILE` (normalize, links), told as `help` says, with the rules `excludes`. */
export function canonOption(help: string, excludes: readonly Rule[]): Option<CanonProfile | null> {
  return choice('--canon', CANON_PROFILES, null, help, { excludes });
}

/**
 * A key is made of a URL: with `--log`, of referrers alone. A request target is no URL without
 * the server's name, and its key would be a wrong one (`/index.html` is the host index.html to
 * the `surt` package).
 */
export function keyLog(what: string, l: Lines): void {
  if (l.log !== null && l.logField !== 'referrer')
    throw new UsageError(
      `${what} makes keys of URLs, and a request target is no URL without the server's name: with --log, give --log-field referrer`,
    );
}

/**
 * The text of record `r` as the reference implementations take a line: its characters, whatever
 * RFC 3986 says of them. Throws `UriError` INVALID_UTF8 at the first byte that is not part of
 * well-formed UTF-8 (the reader made U+FFFD of it: another text than the line's); with
 * `--lenient`, such a byte reads as its `%XX`.
 */
export function keyText(r: ByteView): string {
  const text = r.href;
  if (!text.includes('\uFFFD')) return text;
  const b = r.bytes;
  for (let i = r.start; i < r.end; ) {
    const n = utf8Length(b, i, r.end);
    if (n === 0) throw new UriError('INVALID_UTF8', Buffer.from(b.buffer, b.byteOffset + r.start, i - r.start).toString().length, text);
    i += n;
  }
  return text;
}

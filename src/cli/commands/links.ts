/**
 * `urikit links`: every link of HTML documents (files, directories, standard input, the records of
 * WARC files), resolved as a browser resolves them (the URL Standard's parser, or RFC 3986 with
 * `--rfc3986`) against the document's base (RFC 3986 §5.1: `<base href>`, then Content-Location,
 * then the retrieval URI). The library (../../links/) finds
 * and resolves the links, the readers (../links/) feed it; this module counts them, applies
 * `--normalize` or `--canon`, `--same-site` and `--dedupe`, and writes them. A link that cannot be resolved is
 * reported, never dropped silently.
 */

import type { Readable } from 'node:stream';
import { type CanonProfile, canonicalize } from '../../canon/canonicalize.js';
import type { DocumentInfo, Link } from '../../links/extract.js';
import { type Grammar, schemeOf, urlInput } from '../../links/resolve.js';
import { DEDUPE_PRESET } from '../../ops/dedupe.js';
import { type NormalizeOptions, normalize } from '../../ops/normalize.js';
import { UriError } from '../../syntax/errors.js';
import type { ParseOptions } from '../../syntax/scan.js';
import { parseWeb, tryParse } from '../../uri.js';
import { describeReadError, openInput } from '../io/input.js';
import type { Progress } from '../io/progress.js';
import { show, terminalSafe, tsvSafe } from '../io/quote.js';
import type { Sink } from '../io/writer.js';
import type { Reader } from '../lines/records.js';
import type { DocumentInput } from '../links/inputs.js';
import type { DocumentOptions, PageSink } from '../links/reader.js';
import { type Lines, lines, type Values, values } from '../options/arguments.js';
import { count, custom, flag, text, UsageError } from '../options/option.js';
import { Command, type CommandState, type LineCommandSpec, type LinksState } from './command.js';
import { canonOption } from './keys.js';
import { Dedupe, dedupeLimit } from './normalize.js';
import { feature } from './packages.js';
import { parseBase } from './resolve.js';

/** Links are read leniently: pages hold what browsers accept. */
const LENIENT: ParseOptions = { lenient: true };

/** The normalize options of each `--normalize` preset. */
const FORMS: Readonly<Record<'rfc3986' | 'dedupe', NormalizeOptions>> = {
  rfc3986: LENIENT,
  dedupe: { ...DEDUPE_PRESET, lenient: true },
};

/** What each warning of a link means, for `--warnings`. */
const WARNINGS: Readonly<Record<string, string>> = {
  DECODE_ERROR: 'it holds U+FFFD for bytes that do not decode in the page',
  CONTROL_STRIPPED: 'control characters at its ends were stripped, as browsers strip them',
  UNENCODABLE: "its query holds characters the page's encoding lacks, written %26%23NNN%3B as browsers write them",
};

/** The settings of `links`. */
export interface LinksSettings extends Lines, DocumentOptions, Omit<Values<typeof OPTIONS>, 'base'> {
  /** Every input named (files, directories, "-"). */
  readonly files: readonly string[];
}

/** `--normalize PRESET`: the normal form of the links written. */
function linkForm(preset: string): 'rfc3986' | 'dedupe' {
  if (preset !== 'rfc3986' && preset !== 'dedupe')
    throw new UsageError(
      `--normalize takes "rfc3986" (the RFC 3986 normal form of each link) or "dedupe" (the crawler's canonical form: DEDUPE_PRESET), not "${preset}"`,
    );
  return preset;
}

/** The pages are resolved as browsers resolve them, so `--base` must be a URL to the URL Standard too. */
function webBaseCheck(text: string): void {
  try {
    parseWeb(text);
  } catch (e) {
    throw new UsageError(
      `--base ${JSON.stringify(text)} is no URL to the URL Standard, which links are resolved in (--rfc3986 resolves them in RFC 3986): ${(e as UriError).message}`,
    );
  }
}

const OPTIONS = {
  base: text(
    '--base',
    'URL',
    "the URI an HTML input was retrieved from (its base when it has no <base href>); for the files of a directory, the directory's: each page's URI is it resolved with the page's path inside the directory, as wget -m lays a site out (--base https://site.example/ site/ reads site/sub/a.html as https://site.example/sub/a.html)",
  ),
  rfc3986: flag(
    '--rfc3986',
    "resolve links in RFC 3986 (§5.2, read leniently) rather than as browsers do (the URL Standard's parser); every character RFC 3986 does not allow is written percent-encoded (a space %20, \\ %5C, ^ %5E, | %7C), so each link is a URI",
  ),
  warc: flag(
    '--warc',
    'the input is WARC; so is a FILE named *.warc or *.warc.gz, and any input, standard input too, whose first bytes (after gzip) are WARC/',
  ),
  filesFrom: text('--files-from', 'LIST', 'read the inputs named in LIST, one a line (- for standard input)'),
  glob: text('--glob', 'PATTERN', "the files of a directory to read: a pattern of their paths in it ('**/*.html', '*.warc.gz')", {
    example: "'**/*.html'",
  }),
  encoding: text(
    '--encoding',
    'LABEL',
    'read every page in this encoding (a WHATWG label), whatever it says of itself (a byte order mark still wins)',
    { example: 'shift_jis' },
  ),
  defaultEncoding: custom(
    '--default-encoding',
    'LABEL',
    'windows-1252',
    (s) => s,
    'the encoding of a page that names none (default windows-1252, as browsers)',
    { example: 'utf-8' },
  ),
  maxRecordSize: count(
    '--max-record-size',
    'N',
    64 << 20,
    1,
    2 ** 31,
    'the largest WARC record read, and the most its content (or an HTML page) may decode to, in bytes (default 67108864); a larger record is reported and left out, a larger page read to there',
  ),
  json: flag(
    '--json',
    'one JSON object per link: page, element, attribute, link (as written), base, resolved, grammar (web or rfc3986), encoding and encodingSource (the rule that decided it: bom, override, content-type, meta, file, default), notUtf8At, line, warnings; or, for a link that cannot be resolved, error {code, index, message}',
  ),
  warnings: flag(
    '--warnings',
    'report each link with a warning on standard error (bytes that do not decode, stripped controls, characters its encoding lacks), and how the encoding of each file that names none was decided',
  ),
  dedupe: flag('--dedupe', 'write each resolved link once'),
  dedupeLimit: dedupeLimit('how many distinct links --dedupe holds, as for normalize (default 1000000)'),
  sameSite: flag(
    '--same-site',
    "only links to the page's site: the registrable domain of its URI (Public Suffix List), else its host, as both RFC 3986 and browsers read the link",
  ),
  linkForm: custom<'rfc3986' | 'dedupe' | null>(
    '--normalize',
    'rfc3986|dedupe',
    null,
    linkForm,
    "write each resolved link in its RFC 3986 normal form (what lenient reading kept comes out percent-encoded), or in the crawler's canonical form (dedupe: also IDNA hosts, sorted query, no tracking parameters, no fragment, no empty query); --dedupe and --same-site then compare those forms",
  ),
  canon: canonOption(
    "write each resolved link in its canonical form by the profile named, as its reference implementation writes it byte for byte: w3lib (canonicalize_url, as Scrapy keys requests), ia (the Internet Archive's canonicalizer), google, semantic-precise, semantic, aggressive, whatwg (urlcanon's); --dedupe then compares those forms (--same-site reads the link resolved); a link the reference fails on is reported as not canonicalized",
    [{ options: ['--normalize'], message: '--canon and --normalize each write a form of their own: give one of them' }],
  ),
} as const;

/** Writes the links of each page, resolved, as `page<TAB>base<TAB>link` lines or JSON. */
export class LinksCommand extends Command implements PageSink {
  private readonly dedupe: Dedupe | null;
  /** The normal form of the links written (`--normalize`). */
  private readonly form: NormalizeOptions | undefined;
  /** The canonical form of the links written (`--canon`), or null. */
  private readonly canon: CanonProfile | null;
  private readonly site: ((host: string) => string) | null;
  private s: LinksState = {
    pages: 0,
    notHtml: 0,
    skipped: 0,
    cut: 0,
    relative: 0,
    schemes: [],
    decodeErrors: 0,
    pagesWithDecodeErrors: 0,
    warned: 0,
  };
  private readonly schemes = new Map<string, number>();
  /** The page being read: its name, its URL, its site (undefined: not yet known), its links. */
  private page = '';
  private pageUrl: string | null = null;
  private pageSite: string | null | undefined;
  private pageLinks = 0;

  /** In a worker thread with --dedupe: each output line's resolved link, for the main thread to dedupe ('' for a line it keeps). */
  private keys: string[] | null;

  declare readonly config: LinksSettings;

  constructor(config: LinksSettings, inWorker = false) {
    super(config);
    this.keys = inWorker && config.dedupe ? [] : null;
    this.dedupe = config.dedupe && !inWorker ? new Dedupe(config.dedupeLimit, this.err) : null;
    this.form = config.linkForm === null ? undefined : FORMS[config.linkForm];
    this.canon = config.canon;
    if (config.sameSite) {
      const { registrableDomain } = feature('domain');
      this.site = (host) => registrableDomain(host) ?? host.toLowerCase();
    } else {
      this.site = null;
    }
  }

  /** Links come in pages, never as URI records. */
  record(): void {
    throw new Error('links reads documents, not URI records');
  }

  pageStart(name: string, url: string | null): void {
    this.s.pages++;
    this.page = name;
    this.pageUrl = url;
    this.pageSite = undefined;
    this.pageLinks = 0;
  }

  link(l: Link, doc: DocumentInfo): void {
    this.uris++;
    this.pageLinks++;
    this.count(schemeOf(urlInput(l.link).input));
    if (l.warnings.length > 0) {
      this.s.warned++;
      if (this.config.warnings && !this.config.json) this.warn(l);
    }
    if (l.resolved === null) {
      this.unresolved(l, doc, l.error!, 'resolved');
      return;
    }
    // The normal form of a lenient link is strict RFC 3986: what was tolerated comes out percent-encoded.
    const resolved = this.form === undefined ? l.resolved : normalize(l.resolved, this.form);
    if (this.site !== null) {
      if (this.pageSite === undefined) this.pageSite = this.siteOf(this.pageUrl ?? l.base, false);
      if (this.pageSite === null || this.siteOf(resolved, true) !== this.pageSite) return;
    }
    const written = this.canon === null ? resolved : this.canonical(l, doc, resolved);
    if (written === null || (this.dedupe !== null && !this.dedupe.keep(written))) return;
    this.write(l, written, doc);
  }

  /** The canonical form of `resolved` by --canon's profile; null when its reference fails on it (reported). */
  private canonical(l: Link, doc: DocumentInfo, resolved: string): string | null {
    try {
      return canonicalize(resolved, this.canon!);
    } catch (e) {
      if (!(e instanceof UriError)) throw e;
      this.unresolved(l, doc, e, `canonicalized (--canon ${this.canon})`);
      return null;
    }
  }

  pageEnd(doc: DocumentInfo): void {
    for (const note of doc.notes) this.note(`${this.page}:${note}`);
    const encoding = this.config.warnings ? fileEncodingNote(doc) : null;
    if (encoding !== null) this.note(`${this.page}: ${encoding}`);
    if (doc.decodeErrors > 0) {
      this.s.decodeErrors += doc.decodeErrors;
      this.s.pagesWithDecodeErrors++;
      const n = doc.decodeErrors;
      this.note(
        `${this.page}: ${n} ${n === 1 ? 'byte sequence does' : 'byte sequences do'} not decode as ${doc.encoding} (${SOURCES[doc.encodingSource!]}); each reads as U+FFFD`,
      );
    }
    if (this.site !== null && this.pageSite === null && this.pageLinks > 0)
      this.note(
        `${this.page}: --same-site left out its ${this.pageLinks} ${this.pageLinks === 1 ? 'link' : 'links'}: the page has no URI with a host to take its site from (give --base URL)`,
      );
  }

  notHtml(_name: string, _contentType: string): void {
    this.s.notHtml++;
  }

  skipped(name: string, reason: string): void {
    this.s.skipped++;
    this.note(`${name}: ${reason}`);
  }

  cut(name: string, limit: number): void {
    this.s.cut++;
    this.note(
      `${name}: the page is larger than --max-record-size (${limit} bytes): the links of its first ${limit} bytes were read, the rest left out`,
    );
  }

  /**
   * The site of a URI, as it will be fetched: its host's registrable domain (else the host) as
   * RFC 3986 reads it and as the URL Standard does (`new URL`), which browsers and HTTP clients
   * follow. For a link (`both`), the two must agree: `http://evil.example\@good.example/` is
   * evil.example to a browser and good.example to RFC 3986, so it is no site's.
   */
  private siteOf(uri: string | null, both: boolean): string | null {
    if (uri === null) return null;
    let web: string;
    try {
      web = new URL(uri).hostname;
    } catch {
      return null;
    }
    if (web === '') return null;
    const site = this.site!(web);
    if (!both) return site;
    const host = tryParse(uri, LENIENT)?.host;
    return host === undefined || host === '' || this.site!(host) !== site ? null : site;
  }

  private count(scheme: string | null): void {
    if (scheme === null) {
      this.s.relative++;
      return;
    }
    this.schemes.set(scheme, (this.schemes.get(scheme) ?? 0) + 1);
  }

  /** Whether `resolved` is written under --dedupe (the main thread's, for the lines of worker threads). */
  keep(resolved: string): boolean {
    return this.dedupe === null || this.dedupe.keep(resolved);
  }

  /** The keys of the lines written since the last call (worker threads with --dedupe), else null. */
  takeKeys(): string[] | null {
    const k = this.keys;
    if (k !== null) this.keys = [];
    return k;
  }

  private write(l: Link, resolved: string, doc: DocumentInfo): void {
    this.keys?.push(resolved);
    if (!this.config.json) {
      this.out.push(`${tsvSafe(this.page)}\t${tsvSafe(l.base ?? '')}\t${tsvSafe(resolved)}\n`);
      return;
    }
    this.out.push(
      terminalSafe(
        `{"page":${JSON.stringify(this.page)},"element":"${l.element}","attribute":"${l.attribute}","link":${JSON.stringify(l.link)},"base":${l.base === null ? 'null' : JSON.stringify(l.base)},"resolved":${JSON.stringify(resolved)},"grammar":"${this.config.linkGrammar}",${encodingFields(doc)},"line":${l.line},"warnings":${JSON.stringify(l.warnings)}}\n`,
      ),
    );
  }

  /** Reports a link that was not `done` (resolved, canonicalized) for the error `e`. */
  private unresolved(l: Link, doc: DocumentInfo, e: UriError<string>, done: string): void {
    this.invalid++;
    if (this.config.json) {
      this.keys?.push('');
      this.out.push(
        terminalSafe(
          `{"page":${JSON.stringify(this.page)},"element":"${l.element}","attribute":"${l.attribute}","link":${JSON.stringify(l.link)},"grammar":"${this.config.linkGrammar}",${encodingFields(doc)},"line":${l.line},"warnings":${JSON.stringify(l.warnings)},"error":{"code":"${e.code}","index":${e.index},"message":${JSON.stringify(e.message)}}}\n`,
        ),
      );
    } else {
      this.err.push(
        terminalSafe(
          `urikit: ${this.page}:${l.line}: <${l.element} ${l.attribute}> ${show(l.link)} not ${done}: ${e.code}: ${e.message}\n`,
        ),
      );
    }
  }

  private warn(l: Link): void {
    const what = l.warnings.map((w) => `${w} (${WARNINGS[w]})`).join(', ');
    this.err.push(terminalSafe(`urikit: ${this.page}:${l.line}: <${l.element} ${l.attribute}> ${JSON.stringify(l.link)}: ${what}\n`));
  }

  private note(message: string): void {
    if (!this.config.quiet) this.err.push(terminalSafe(`urikit: ${message}\n`));
  }

  protected reject(): void {}

  override state(): CommandState {
    this.s.schemes = [...this.schemes];
    return { ...super.state(), links: this.s };
  }

  override merge(state: CommandState): void {
    super.merge(state);
    const o = state.links!;
    const s = this.s;
    s.pages += o.pages;
    s.notHtml += o.notHtml;
    s.skipped += o.skipped;
    s.cut += o.cut;
    s.relative += o.relative;
    s.decodeErrors += o.decodeErrors;
    s.pagesWithDecodeErrors += o.pagesWithDecodeErrors;
    s.warned += o.warned;
    for (const [k, n] of o.schemes) this.schemes.set(k, (this.schemes.get(k) ?? 0) + n);
  }

  override end(): void {
    if (this.config.quiet) return;
    const s = this.s;
    const schemes = [...this.schemes];
    if (s.relative > 0) schemes.push(['(relative)', s.relative]);
    schemes.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    const parts = [`${plural(this.uris, 'link', 'links')} in ${plural(s.pages, 'page', 'pages')}`];
    if (this.invalid > 0) parts.push(`${this.invalid} not resolved${this.canon === null ? '' : ' or canonicalized'} (reported above)`);
    if (schemes.length > 0) parts.push(`by scheme: ${schemes.map(([k, n]) => `${k} ${n}`).join(', ')}`);
    if (s.notHtml > 0) parts.push(`${plural(s.notHtml, 'WARC record', 'WARC records')} not HTML`);
    if (s.skipped > 0) parts.push(`${plural(s.skipped, 'WARC record', 'WARC records')} left out or cut (reported above)`);
    if (s.cut > 0) parts.push(`${plural(s.cut, 'page', 'pages')} cut at --max-record-size (reported above)`);
    if (s.decodeErrors > 0)
      parts.push(
        `${plural(s.decodeErrors, 'byte sequence', 'byte sequences')} that do not decode, in ${plural(s.pagesWithDecodeErrors, 'page', 'pages')}`,
      );
    if (s.warned > 0)
      parts.push(
        `${plural(s.warned, 'link', 'links')} with warnings${this.config.warnings || this.config.json ? '' : ' (--warnings lists them)'}`,
      );
    this.err.push(terminalSafe(`urikit: ${parts.join('; ')}\n`));
  }

  /** The exit code is the run's (unreadable inputs, broken WARC files): links that cannot be resolved are reported, and 0. */
  override exitCode(): number {
    return 0;
  }
}

/** What `DocumentInfo.encodingSource` says, in a note. */
const SOURCES: Readonly<Record<string, string>> = {
  bom: 'its byte order mark',
  override: '--encoding',
  'content-type': 'its HTTP Content-Type',
  meta: 'its <meta> charset',
  file: 'its bytes: a file that names no encoding, all UTF-8',
  default: 'the default: it names no encoding; --default-encoding changes it',
  text: 'text',
};

/** A page's encoding and the rule that decided it (`--json`), and, for a file that names none, where its bytes stop being UTF-8. */
function encodingFields(doc: DocumentInfo): string {
  return `"encoding":"${doc.encoding}","encodingSource":"${doc.encodingSource}","notUtf8At":${doc.notUtf8At}`;
}

/** For `--warnings`: how the encoding of a file that names none was decided, or null. */
function fileEncodingNote(doc: DocumentInfo): string | null {
  const at = doc.notUtf8At;
  if (at === null) return null;
  if (doc.encodingSource === 'file') return 'read as UTF-8: it names no encoding and its bytes are UTF-8, as browsers read a file: URL';
  const why = at === -1 ? 'its bytes are all ASCII' : `its bytes are not UTF-8 (from byte ${at})`;
  return `read as ${doc.encoding} (${SOURCES.default}): ${why}`;
}

/** How reading an input ended: read, not readable (exit 1), a broken WARC file (exit 2). */
export type InputOutcome = 'read' | 'unreadable' | 'broken';

/** Where a run's text goes, and its progress. */
export interface DocumentOutput {
  out: Sink;
  err: Sink;
  progress: Progress | null;
  /** Bytes of the inputs before this one, for the progress bar. */
  before: number;
}

/**
 * Reads one input through `cmd`; its output is flushed as it comes. Failures to read are
 * reported on `cmd.err`, and told by the outcome.
 */
export async function readInput(
  input: DocumentInput,
  config: LinksSettings,
  cmd: LinksCommand,
  stdin: Readable,
  o: DocumentOutput,
): Promise<InputOutcome> {
  const report = (e: NodeJS.ErrnoException): void => {
    cmd.err.push(`urikit: ${describeReadError(e, input.path, 'links')}\n`);
  };
  if (input.error !== undefined) {
    report(input.error as NodeJS.ErrnoException);
    return 'unreadable';
  }
  let read = 0;
  try {
    const source = await openInput(input.path, stdin, config.maxLineLength);
    const named = shapeOf(config, input.path);
    // The reader, once the first bytes have said which: WARC whatever the input's name, HTML else.
    let reader: Reader | null = null;
    let head: Buffer[] = [];
    const start = async (): Promise<Reader> => {
      const bytes = Buffer.concat(head);
      head = [];
      const shape = named === 'warc' || isWarc(bytes) ? 'warc' : 'html';
      const r = feature('links').linkReader(
        shape,
        config,
        cmd,
        input.path,
        source.file === null ? null : source.size,
        input.path !== '-' && source.size !== null,
        input.inside ?? null,
      );
      if (bytes.length > 0) await r.push(bytes);
      return r;
    };
    try {
      for await (const chunk of source.chunks()) {
        if (reader !== null) await reader.push(chunk);
        else {
          head.push(chunk);
          if (head.reduce((n, c) => n + c.length, 0) >= WARC_MAGIC.length) reader = await start();
        }
        read = source.read;
        await flush(cmd, o, read);
        if (o.out.closed) return 'read';
      }
      reader ??= await start();
      await reader.end();
    } finally {
      read = source.read;
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === undefined) throw e;
    report(err);
    return err.code === 'EWARC' || err.code === 'NOT_WARC' ? 'broken' : 'unreadable';
  } finally {
    o.before += input.size ?? read;
    await flush(cmd, o, 0);
  }
  return 'read';
}

async function flush(cmd: LinksCommand, o: DocumentOutput, read: number): Promise<void> {
  await o.out.flush(cmd.out);
  if (cmd.err.size > 0) {
    o.progress?.clear();
    await o.err.flush(cmd.err);
  }
  o.progress?.update(o.before + read);
}

/** What every WARC record, and so a WARC file, begins with (ISO 28500: "WARC/1.0", "WARC/1.1"). */
const WARC_MAGIC = Buffer.from('WARC/');

/** Whether `head`, an input's first bytes (after gzip), are those of a WARC file. */
function isWarc(head: Buffer): boolean {
  return head.length >= WARC_MAGIC.length && head.subarray(0, WARC_MAGIC.length).equals(WARC_MAGIC);
}

/** HTML, unless `--warc` or the file's name says WARC (its first bytes may still say so: `isWarc`). */
export function shapeOf(config: LinksSettings, file: string): 'html' | 'warc' {
  return config.warc || /\.warc(\.gz)?$/i.test(file) ? 'warc' : 'html';
}

export const linksCommand: LineCommandSpec<LinksSettings> = {
  name: 'links',
  summary: 'every link of HTML pages (files, directories, WARC), resolved',
  usage: `Usage: urikit links [--base URL] [options] [FILE|DIR|-]...
       urikit links [options] FILE.warc[.gz]... | --files-from LIST`,
  about: `Writes every link of HTML documents, and of each HTML response or resource
record of WARC files, resolved as browsers resolve them (the URL Standard's
parser: http:\\\\h\\a is http://h/a, 0x7f.1 is 127.0.0.1; --rfc3986 reads RFC 3986)
against the page's base (RFC 3986 §5.1): its first <base href>, else the HTTP
Content-Location (WARC), else the URI it was retrieved from (--base URL, or
WARC-Target-URI). One line per link:
  PAGE<TAB>BASE<TAB>LINK   the page (its file, or its WARC-Target-URI), the
                           base, and the link resolved
Pages are decoded as the HTML Standard sniffs them (byte order mark, --encoding,
the HTTP charset, <meta charset> in the first 1024 bytes; for a file, not
standard input or WARC, UTF-8 when all its bytes are, as browsers read a file:
URL; else windows-1252) and tokenized as it says. A link's query is
percent-encoded in the page's encoding, its path in UTF-8. Links: a/area/link
href, img/script/iframe/frame/source/video/audio/embed/track/input src, srcset
candidates, form action, formaction (empty: the page's own URL), object data,
video poster, cite, body/table/tr/td/th background, lowsrc, longdesc, manifest,
the first <meta http-equiv=refresh>, SVG a/image/use/script/feImage href or
xlink:href, MathML href; not those of elements the tree builder drops (a form in
a form, a frame outside a frameset).
A directory is read through (its .html, .htm, .xhtml, .warc and .warc.gz files,
or --glob). A link that cannot be resolved is reported on standard error (with
--json, in the output) and the run goes on; a summary counts links by scheme.
`,
  options: [{ title: 'Options:', rows: Object.values(OPTIONS) }],
  exit: 'Exit code 0 when every input was read (unresolved links are reported), 1 when an input could not be read (reported; the others are), 2 for a usage error or a WARC file that breaks off or breaks its framing.',
  common: true,
  rank: 7,
  settings(a, args) {
    const common = lines('links', a, args, true);
    if (common.log !== null) throw new UsageError('links reads HTML documents or WARC files; --log does not apply');
    const given = a.get(OPTIONS.base);
    const base = given === null ? null : parseBase(given, common.parse);
    const linkGrammar: Grammar = a.get(OPTIONS.rfc3986) ? 'rfc3986' : 'web';
    if (linkGrammar === 'web' && given !== null) webBaseCheck(given);
    return {
      ...common,
      ...values(a, OPTIONS),
      files: a.files.length === 0 && !a.has('--files-from') ? ['-'] : a.files,
      base,
      linkGrammar,
    };
  },
  input: (config) => shapeOf(config, config.file),
  numbered: true,
  packages: (config) => [...(config.sameSite ? (['domain'] as const) : []), 'links', ...(config.glob !== null ? (['glob'] as const) : [])],
  create: (config, made) => new LinksCommand(config, made.inWorker),
};

/**
 * `urikit links`: every link of HTML documents (a file, standard input, or the records of a WARC
 * file), resolved against the document's base URI (RFC 3986 §5.1: `<base href>`, then
 * Content-Location, then the retrieval URI). A link that cannot be resolved is reported, never
 * dropped silently. The readers (../links/) find the links; this module resolves and writes them.
 */

import { DEDUPE_PRESET } from '../../ops/dedupe.js';
import { type NormalizeOptions, normalize } from '../../ops/normalize.js';
import { resolve } from '../../ops/resolve.js';
import { establishBase } from '../../readers/base.js';
import type { UriError } from '../../syntax/errors.js';
import type { ParseOptions } from '../../syntax/scan.js';
import { parse } from '../../uri.js';
import type { Config } from '../config.js';
import type { FoundLink } from '../links/html.js';
import type { Page, PageRecords } from '../links/reader.js';
import { feature } from '../packages.js';
import { Command, type LineCommandSpec } from './command.js';
import { Dedupe } from './normalize.js';

/** Links are read leniently: pages hold what browsers accept. */
const LENIENT: ParseOptions = { lenient: true };

/** The normalize options of each `--normalize` preset. */
const FORMS: Readonly<Record<'rfc3986' | 'dedupe', NormalizeOptions>> = {
  rfc3986: LENIENT,
  dedupe: { ...DEDUPE_PRESET, lenient: true },
};

/** TAB, LF and CR, which URL parsers remove from anywhere in a link. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const HAS_TAB_OR_NEWLINE = /[\t\n\r]/;
/** A link that starts with a scheme (RFC 3986 §3.1) and its ":". */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Writes the links of each page, resolved, as `base<TAB>link` lines or JSON. */
export class LinksCommand extends Command implements PageRecords {
  private readonly dedupe: Dedupe | null;
  /** The normal form of the links written (`--normalize`). */
  private readonly form: NormalizeOptions | undefined;
  private readonly site: ((host: string) => string) | null;
  pages = 0;
  private notHtmlRecords = 0;
  private unreadableRecords = 0;
  /** Links by scheme (lower case), resolved or not, and relative links. */
  private readonly schemes = new Map<string, number>();
  private relative = 0;

  constructor(config: Config) {
    super(config);
    this.dedupe = config.dedupe ? new Dedupe(config.dedupeLimit, this.err) : null;
    this.form = config.linkForm === null ? undefined : FORMS[config.linkForm];
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

  page(p: Page): void {
    this.pages++;
    const doc = p.doc;
    let base: string | null = null;
    let noBase: UriError | null = null;
    try {
      base = establishBase(
        { embedded: doc.base, encapsulating: p.encapsulating, retrieval: p.retrieval },
        {
          lenient: true,
          onSkip: (layer, e) => {
            if (layer === 'embedded' && e.code !== 'RELATIVE_BASE')
              this.note(`${p.name}:${doc.baseLine}: <base href> ${JSON.stringify(doc.base)} passed over: ${e.message}`);
          },
        },
      );
    } catch (e) {
      noBase = e as UriError;
    }
    const pageSite = this.site === null ? null : siteOf(p.retrieval ?? base, this.site);
    if (this.site !== null && pageSite === null && doc.links.length > 0)
      this.note(
        `${p.name}: --same-site left out its ${doc.links.length} links: the page has no URI with a host to take its site from (give --base URL)`,
      );
    for (const l of doc.links) {
      this.uris++;
      const link = HAS_TAB_OR_NEWLINE.test(l.link) ? l.link.replace(TAB_OR_NEWLINE, '') : l.link;
      const colon = SCHEME.test(link) ? link.indexOf(':') : -1;
      this.count(colon === -1 ? null : link.slice(0, colon));
      let resolved: string;
      try {
        if (base !== null) resolved = resolve(base, link, LENIENT);
        // An absolute link needs no base: resolving it against itself removes its dot-segments (§5.2.2).
        else if (colon !== -1) resolved = resolve(link, link, LENIENT);
        else {
          // The link's own error, if it has one, before the missing base.
          parse(link, LENIENT);
          throw noBase!;
        }
      } catch (e) {
        this.unresolved(p, l, e as UriError);
        continue;
      }
      // The normal form of a lenient link is strict RFC 3986: what was tolerated comes out percent-encoded.
      if (this.form !== undefined) resolved = normalize(resolved, this.form);
      if (this.site !== null && (pageSite === null || siteOf(resolved, this.site) !== pageSite)) continue;
      if (this.dedupe !== null && !this.dedupe.keep(resolved)) continue;
      this.write(p, l, base, resolved);
    }
  }

  notHtml(_name: string, _contentType: string): void {
    this.notHtmlRecords++;
  }

  unreadable(name: string, message: string): void {
    this.unreadableRecords++;
    this.note(`${name}: ${message}`);
  }

  private count(scheme: string | null): void {
    if (scheme === null) {
      this.relative++;
      return;
    }
    const key = scheme.toLowerCase();
    this.schemes.set(key, (this.schemes.get(key) ?? 0) + 1);
  }

  private write(p: Page, l: FoundLink, base: string | null, resolved: string): void {
    if (!this.config.json) {
      this.out.push(`${base ?? ''}\t${resolved}\n`);
      return;
    }
    this.out.push(
      `{"page":${JSON.stringify(p.name)},"element":"${l.element}","attribute":"${l.attribute}","link":${JSON.stringify(l.link)},"base":${base === null ? 'null' : JSON.stringify(base)},"resolved":${JSON.stringify(resolved)},"line":${l.line}}\n`,
    );
  }

  private unresolved(p: Page, l: FoundLink, e: UriError): void {
    this.invalid++;
    if (this.config.json) {
      this.out.push(
        `{"page":${JSON.stringify(p.name)},"element":"${l.element}","attribute":"${l.attribute}","link":${JSON.stringify(l.link)},"line":${l.line},"error":{"code":"${e.code}","index":${e.index},"message":${JSON.stringify(e.message)}}}\n`,
      );
    } else {
      this.err.push(
        `urikit: ${p.name}:${l.line}: <${l.element} ${l.attribute}> ${JSON.stringify(l.link)} not resolved: ${e.code}: ${e.message}\n`,
      );
    }
  }

  private note(message: string): void {
    if (!this.config.quiet) this.err.push(`urikit: ${message}\n`);
  }

  protected reject(): void {}

  override end(): void {
    if (this.config.quiet) return;
    if (this.relative > 0) this.schemes.set('(relative)', this.relative);
    const schemes = [...this.schemes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([s, n]) => `${s} ${n}`);
    const parts = [`${this.uris} ${this.uris === 1 ? 'link' : 'links'} in ${this.pages} ${this.pages === 1 ? 'page' : 'pages'}`];
    if (this.invalid > 0) parts.push(`${this.invalid} not resolved (reported above)`);
    if (schemes.length > 0) parts.push(`by scheme: ${schemes.join(', ')}`);
    const n = this.notHtmlRecords;
    if (n > 0) parts.push(`${n} WARC ${n === 1 ? 'record' : 'records'} not HTML`);
    if (this.unreadableRecords > 0) parts.push(`${this.unreadableRecords} unreadable`);
    this.err.push(`urikit: ${parts.join('; ')}\n`);
  }

  /** Links that cannot be resolved are reported, and the run goes on: 0. */
  override exitCode(): number {
    return 0;
  }
}

/** The site of a URI (its host's registrable domain, else its host), or null without a host. */
function siteOf(uri: string | null, site: (host: string) => string): string | null {
  if (uri === null) return null;
  const host = parse(uri, LENIENT).host;
  return host === undefined || host === '' ? null : site(host);
}

/** HTML, unless `--warc` or the file's name says WARC. */
function shape(config: Config): 'html' | 'warc' {
  return config.warc || /\.warc(\.gz)?$/i.test(config.file) ? 'warc' : 'html';
}

export const linksCommand: LineCommandSpec = {
  name: 'links',
  summary: 'every link of HTML pages (a file, standard input, WARC), resolved',
  usage: `Usage: urikit links [--base URL] [options] [FILE|-]
       urikit links [--warc] [options] FILE.warc[.gz]`,
  about: `Writes every link of an HTML document, or of each HTML response or resource
record of a WARC file, resolved against the document's base URI (RFC 3986
§5.1): its first <base href>, else the HTTP Content-Location (WARC), else the
URI it was retrieved from (--base URL, or WARC-Target-URI). One line per link:
  BASE<TAB>LINK     the base URI, and the link resolved against it
Links: a/area/link href, img/script/iframe/frame/source/video/audio/embed/
track/input src, srcset candidates, form action, formaction, object data,
video poster, cite, <meta http-equiv=refresh> URLs. Entities are decoded,
ASCII whitespace trimmed, tabs and newlines inside removed, and links are read
leniently. A link that cannot be resolved is reported on standard error (with
--json, in the output) and the run goes on; a summary counts links by scheme.
`,
  options: [
    {
      title: 'Options:',
      rows: [
        ['--base', 'the URI an HTML input was retrieved from (its base when it has no <base href>)'],
        ['--warc', 'the input is WARC (so is a FILE named *.warc or *.warc.gz)'],
        [
          '--json',
          'one JSON object per link: page, element, attribute, link (as written), base, resolved, line; or, for a link that cannot be resolved, error {code, index, message}',
        ],
        ['--dedupe', 'write each resolved link once'],
        ['--dedupe-limit', 'how many distinct links --dedupe holds, as for normalize (default 1000000)'],
        ['--same-site', "only links to the page's site: the registrable domain of its URI (Public Suffix List), else its host"],
        [
          '--normalize',
          "write each resolved link in its RFC 3986 normal form (what lenient reading kept comes out percent-encoded), or in the crawler's canonical form (dedupe: also IDNA hosts, sorted query, no tracking parameters, no fragment, no empty query); --dedupe and --same-site then compare those forms",
        ],
      ],
    },
  ],
  exit: 'Exit code 0 when the input was read (unresolved links are reported), else 2.',
  common: true,
  input: shape,
  numbered: true,
  packages: (config) => (config.sameSite ? ['links', 'domain'] : ['links']),
  create: (config) => new LinksCommand(config),
};

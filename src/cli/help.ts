/**
 * The help texts: `urikit --help` (USAGE) and `urikit COMMAND --help` (HELP), each line at most
 * 80 columns. A new command adds its entry to HELP (the type asks for it) and its line to USAGE;
 * a new option of every command goes into USAGE and COMMON.
 */
import type { CommandName, LineCommandName } from './config.js';
import { PUBLISH_HELP, REDIS_HELP, REDIS_USAGE, REPORT_HELP, TO_HELP, WORKER_HELP } from './redis/help.js';

/** `urikit --help`. */
export const USAGE = `Usage: urikit <command> [options] [FILE|-]

Commands:
  parse      the components of each URI, as JSON lines or tab-separated values
  validate   report each invalid URI: line, index, error code, message
  normalize  the RFC 3986 normal form of each URI (--dedupe: each URL once)
  resolve    each reference resolved against --base URL, or each base<TAB>href
  stats      counts by scheme, host type, host and path, and of invalid URIs
  links      every link of HTML pages (a file, standard input, WARC), resolved

${REDIS_USAGE}
Input: FILE, or standard input when FILE is "-" or absent. Gzip data (a name
ending in .gz, or data that starts with the gzip magic bytes, from a file, a
pipe or standard input) is decompressed; bzip2, xz and zstd data are refused
with the command that decompresses them. A file is read as it was when opened:
if it grows, its last line is completed; if it shrinks, the run stops with an
error after the lines before the cut. One URI per line ("\\n" or "\\r\\n"
endings, the last line may lack one); empty lines are skipped; an invalid line
never stops the run. A line longer than --max-line-length is reported
(LINE_TOO_LONG) and skipped without being held. The input is streamed: memory
does not grow with its size.

Options of every command:
  --log combined|common  read Apache/nginx access log lines: the request target
                         and (combined) the referrer, "-" meaning none
  --log-field target|referrer|both
                         with --log, which of a line's URIs to read (both)
  --lenient              accept what logs hold where it moves no boundary:
                         space " < > \\ ^ \` { | } non-ASCII, a bad %
  --iri                  accept RFC 3987 IRIs (non-ASCII letters)
  --zone-id              accept RFC 6874 zone identifiers: [fe80::1%25eth0]
  --absolute             require a scheme
  --threads N|auto       read a file with N worker threads (same output, in
                         input order, as one thread; a plain file only); auto:
                         one per idle processor for a file of 64 MiB or more,
                         none on a busy machine (the default is 1: no worker)
  --max-line-length N    the longest line read, in bytes (default 1048576;
                         0: no limit but the longest string Node.js holds)
  -q, --quiet            no progress bar and no summary on standard error
  -h, --help             this text; "urikit COMMAND --help" for a command's
  -V, --version          the version of urikit

A progress bar (bytes, rate, time left) is drawn on standard error when it is
a terminal that standard output is not, and the input is a file; it fits the
terminal's width and is cleared at the end and on Ctrl-C.

Exit codes:
  0  done (validate, normalize, resolve: and every URI was valid)
  1  validate, normalize, resolve: some URI was invalid
  2  usage error, unreadable input, or an internal error
`;

/** The common options, at the end of each command's help. */
const COMMON = `Options of every command (see "urikit --help"): --log combined|common,
--log-field target|referrer|both, --lenient, --iri, --zone-id, --absolute,
--threads N|auto, --max-line-length N, -q/--quiet, -h/--help. Exit codes:
0 done, 1 some URI invalid (validate, normalize, resolve), 2 usage error or
unreadable input.
`;

/** `urikit COMMAND --help` of the commands that run over lines. */
const LINE_HELP: Readonly<Record<LineCommandName, string>> = {
  parse: `Usage: urikit parse [options] [FILE|-]

The components of each URI, one JSON object per line:
  {"line":1,"href":"http://a.com/x?y","scheme":"http","userinfo":null,
   "host":"a.com","hostType":"reg-name","port":null,"path":"/x","query":"y",
   "fragment":null}
null means the component is absent, "" that it is present and empty. An
invalid URI gives {"line":N,"error":{"code":…,"index":…,"message":…}}.
With --log, each object also has "field": "target" or "referrer".

Options:
  --tsv            tab-separated values, with a header line (an absent and an
                   empty component are both empty; "error" holds the code)
  --no-header      with --tsv, no header line
  --fields LIST    the fields to write, in this order, comma-separated, of:
                   line, field, href, scheme, authority, userinfo, host,
                   hostType, port, portNumber, path, query, fragment,
                   warnings, template, variables, error
                   (default: line, [field,] href, scheme, userinfo, host,
                   hostType, port, path, query, fragment[, warnings for
                   --lenient][, template, variables for --templates][, error
                   for --tsv])
  --templates FILE match each URI's request target (path and query; an
                   opaque URI such as mailto:x whole) against the URI
                   Templates of FILE, one per line (RFC 6570; empty lines
                   skipped): "template" is the first that matches, in the
                   file's order, "variables" its values, decoded
                   ({"id":"42"}; JSON text with --tsv); null when none does

Exit code 0 even when some lines are invalid (they are in the output).

${COMMON}`,
  validate: `Usage: urikit validate [options] [FILE|-]

Writes one line per invalid URI:
  LINE:INDEX: CODE: MESSAGE            (--log: LINE:INDEX: CODE: FIELD: MESSAGE)
  3:8: INVALID_CHAR: Invalid character ' ' at index 8 in "http://a b/"
INDEX counts characters from the start of the URI. Nothing for valid URIs; a
count on standard error at the end when some were invalid.

Options:
  --json           the reports as JSON lines, as parse writes them:
                   {"line":3,"error":{"code":"INVALID_CHAR","index":8,…}}
  --warnings       with --lenient, also report each valid URI that lenient
                   mode kept something in (its first warning's code, then
                   "Warning: …"; JSON: {"line":N,"warnings":[…],
                   "warningIndex":I}); they do not change the exit code

Exit code 1 when some URI was invalid, 0 when all were valid.

${COMMON}`,
  normalize: `Usage: urikit normalize [options] [FILE|-]

Writes the RFC 3986 normal form of each URI, one per line: scheme and host in
lower case, %XX in upper case and decoded where it encodes an unreserved
character, dot-segments removed, a default port dropped, IPv6 in RFC 5952
form. An invalid URI is reported on standard error and left out.

Options:
  --dedupe           write each URL once, the first time it occurs, comparing
                     canonical forms: the normal form with the dedupe preset's
                     steps below (--idna --sort-query --remove-tracking
                     --remove-fragment --remove-empty-query)
  --rfc-only         with --dedupe: compare RFC 3986 normal forms alone
  --dedupe-limit N   how many distinct forms --dedupe holds (default 1000000,
                     about 100 bytes of memory each). Past it, a URI among them
                     is still left out, any other is written each time (a
                     warning says so once): nothing is ever lost.
  --on-invalid skip|empty|keep
                     what an invalid line gives in the output: nothing (skip,
                     the default), an empty line, or the line as it was read
                     (keep), so that paste keeps files aligned; not with
                     --dedupe; with --log, give --log-field target or referrer

Steps past RFC 3986, each of which can merge URLs a server tells apart:
  --idna                hosts as A-labels (münchen.de: xn--mnchen-3ya.de);
                        with --iri or --lenient for hosts written in Unicode
  --sort-query          query parameters sorted by name
  --remove-params LIST  remove the query parameters named in LIST
                        (comma-separated; a "*" matches any text: utm_*)
  --remove-tracking     remove utm_* and the click identifiers (fbclid,
                        gclid, msclkid, …)
  --remove-fragment     drop the fragment
  --remove-empty-query  drop an empty query ("?") and empty parameters

Exit code 1 when some URI was invalid (left out), else 0.

${COMMON}`,
  resolve: `Usage: urikit resolve --base URL [options] [FILE|-]
       urikit resolve [options] [FILE|-]      (lines: base<TAB>href)

Writes the target URI of each reference (RFC 3986 §5.2, strict), one per line:
against --base URL, or, without it, each line's base (before the tab) and
reference (after it). An invalid line is reported on standard error and left
out. With --log, --base is needed: it is the site the log's targets are on.

Options:
  --base URL       the absolute URI every reference is resolved against
  --on-invalid skip|empty|keep
                   what an invalid line gives in the output: nothing (skip,
                   the default), an empty line, or its reference as it was
                   read (keep), so that paste keeps files aligned

Exit code 1 when some line was invalid (left out), else 0.

${COMMON}`,
  stats: `Usage: urikit stats [options] [FILE|-]

Counts URIs by scheme, host type, host (lower case) and path, and invalid
ones by error code, and writes them as tables (with --log: for the request
targets and the referrers apart), or as JSON.

Hosts, paths and schemes are counted exactly while there are at most --track
distinct values of each; past that, the largest counts are kept in bounded
memory and the output marks them as approximate with their error bound (with
--threads, such estimates can differ from one thread's, within their bounds).

On a terminal, control and bidirectional-formatting characters of the input
are shown escaped (\\u202E); JSON always escapes them.

Options:
  --json           JSON instead of tables
  --top N          how many hosts and paths to list (default 10)
  --track N        how many distinct values of each are counted exactly
                   (default 10000)
  --group-by host|domain|suffix
                   count hosts by themselves (the default), by registrable
                   domain (www.example.co.uk -> example.co.uk) or by public
                   suffix (co.uk), from the Public Suffix List, private
                   section included (a.github.io is a site of its own); IDN
                   hosts in A-labels. A host with neither (an IP address)
                   counts as itself.
  --templates FILE also count valid URIs by the first URI Template of FILE
                   (one per line, RFC 6570, e.g. /users/{id}/repos{?page})
                   that their request target (path and query) matches, and
                   list the --top targets that none matches; JSON lists
                   every template with its line and count. A bad template
                   is reported as FILE:LINE:COLUMN before any input is read.

${COMMON}`,
  links: `Usage: urikit links [--base URL] [options] [FILE|-]
       urikit links [--warc] [options] FILE.warc[.gz]

Writes every link of an HTML document, or of each HTML response or resource
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

Options:
  --base URL       the URI an HTML input was retrieved from (its base when it
                   has no <base href>)
  --warc           the input is WARC (so is a FILE named *.warc or *.warc.gz)
  --json           one JSON object per link: page, element, attribute, link
                   (as written), base, resolved, line; or, for a link that
                   cannot be resolved, error {code, index, message}
  --dedupe         write each resolved link once (--dedupe-limit N, as for
                   normalize)
  --same-site      only links to the page's site: the registrable domain of
                   its URI (Public Suffix List), else its host
  --normalize rfc3986|dedupe
                   write each resolved link in its RFC 3986 normal form (what
                   lenient reading kept comes out percent-encoded), or in the
                   crawler's canonical form (dedupe: also IDNA hosts, sorted
                   query, no tracking parameters, no fragment, no empty
                   query); --dedupe and --same-site then compare those forms

Exit code 0 when the input was read (unresolved links are reported), else 2.

${COMMON}`,
};

/** `urikit COMMAND --help`, by command; the Redis worker options follow those of the commands that take them. */
export const HELP: Readonly<Record<CommandName, string>> = {
  ...LINE_HELP,
  normalize: `${LINE_HELP.normalize}\n${WORKER_HELP}${TO_HELP}`,
  resolve: `${LINE_HELP.resolve}\n${WORKER_HELP}${TO_HELP}`,
  validate: `${LINE_HELP.validate}\n${WORKER_HELP}`,
  stats: `${LINE_HELP.stats}\n${WORKER_HELP}${REPORT_HELP}`,
  publish: PUBLISH_HELP,
  redis: REDIS_HELP,
};

/**
 * The capabilities Addressable users reach for, against Addressable itself (Debian's
 * ruby-addressable, through scripts/differential/caps-addressable.rb, run with `ruby`):
 *
 *   node build/scripts/differential/caps-addressable.js [--write] [--all]
 *
 *   site, inferredPort, isIpBased, basename, extname   site, inferred_port, ip_based?, basename, extname
 *   encodeUri                                          URI.normalized_encode
 *   percentEncode with { allow }                       URI.encode_component with a character class
 *   percentDecode with { leaveEncoded }                URI.unencode with leave_encoded
 *   pathToFileUri (POSIX)                              URI.convert_path
 *   UriTemplate#match                                  Template#match's mapping
 *
 * on URIs of the corpora (bench/data) and generated inputs. Disagreements are explained by the
 * classes of test/fixtures/divergences-capabilities.json ("check": "addressable"); `--write`
 * records the rows in test/fixtures/capabilities/addressable.json.
 */
import fc from 'fast-check';
import { DEFAULT_PORTS, percentDecode, type TemplateVariables, tryParse, UriTemplate } from '../../src/index.js';
import type { CapabilityRow } from '../../test/support/capabilities.js';
import { ADDRESSABLE_OPS } from '../../test/support/capabilities-addressable.js';
import { finish, type Judged, spread } from './caps.js';
import { ask, b64, corpusLines, REPO_ROOT, unb64 } from './writing.js';

const RUBY: [string, string[]] = ['ruby', [`${REPO_ROOT}scripts/differential/caps-addressable.rb`]];

/** Addressable's answers to the requests: the JSON value, or `{ error: CLASS }`. */
function addressable(requests: readonly string[][]): unknown[] {
  return ask(
    RUBY[0],
    RUBY[1],
    requests.map((r) => r.map((f, i) => (i === 0 ? f : b64(f))).join('\t')),
  ).map((line) => {
    const [status, payload] = line.split('\t');
    return status === 'ok' ? JSON.parse(unb64(payload!)) : { error: unb64(payload!) };
  });
}

const sample = <T>(a: fc.Arbitrary<T>, n: number, seed: number): T[] => fc.sample(a, { seed, numRuns: n });
const joined = (parts: string[], max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...parts), { maxLength: max }).map((a) => a.join(''));
const rows: CapabilityRow[] = [];
/** Records Addressable's answer to each input as a row of `op`. */
function record(op: string, inputs: readonly unknown[], answers: readonly unknown[]): void {
  answers.forEach((oracle, i) => {
    rows.push({ op, input: inputs[i], oracle });
  });
}

// The getters, on the corpora and on references that vary scheme, port and path.
const generated = sample(
  fc
    .tuple(
      fc.constantFrom('http://', 'HTTPS://', 'ftp://', 'ws://', 'wss://', 'ssh://', 'urn:', 'mailto:', 's://', '//', ''),
      fc.constantFrom('h', 'u:p@h', 'h:0', 'h:8080', 'h:', 'h:99999', ''),
      joined(['/', 'a', 'b%20c', '.', '..', '.tar', '.gz', ';p', '%2F', '%2E', 'ü', '~'], 6),
    )
    .map(([s, a, p]) => (s.endsWith('//') ? s + a + (p === '' || p.startsWith('/') ? p : `/${p}`) : s + p)),
  400,
  36,
);
const uris = [
  ...new Set([
    ...spread(
      corpusLines().filter((s) => s.length <= 200),
      300,
    ),
    ...generated,
  ]),
].filter((s) => tryParse(s) !== null);
addressable(uris.map((s) => ['parts', s])).forEach((a, i) => {
  if (!Array.isArray(a)) return; // Addressable refused the URI
  for (const [k, op] of ['site', 'inferredPort', 'isIpBased', 'basename', 'extname'].entries())
    rows.push({ op, input: uris[i]!, oracle: a[k] });
});

// encodeUri: text with what URIs may not hold, anywhere.
const messy = [
  ...new Set(
    sample(
      fc
        .tuple(
          fc.constantFrom('http://', 'https://', 'HTTP://', 's:', ''),
          joined(['h', 'ü', 'a b', 'u@', '%41', '%zz', ':80'], 3),
          joined(['/', 'a', ' ', 'ü', '%', '%20', '%2f', '%E2%82', '"', '<', '|', '^', '`', '{', '\\', '[', ']', "'", '~', '%7e'], 8),
          fc.constantFrom('', '?', '?q=a b', '?ü=%', '?x[]=1'),
          fc.constantFrom('', '#', '#f g', '#ü', '#a#b'),
        )
        .map((a) => a.join('')),
      500,
      361,
    ),
  ),
];
record('encodeUri', messy, addressable(messy.map((s) => ['encode', s])));

// percentEncode and percentDecode with a caller's characters.
const texts = [
  ...new Set(
    sample(
      joined(['a', 'Z', '0', '-', '.', '_', '~', '/', '?', ' ', 'ü', '😀', '%', '%41', '%2F', '%2f', '%20', '+', '=', '&', ':'], 8),
      300,
      362,
    ),
  ),
];
const classes = ['a-z', 'A-Za-z0-9', 'a-z/:', '0-9.~', 'a-zA-Z0-9._~-', '/?&='];
const encodeInputs = texts.flatMap((s, i) => [[s, classes[i % classes.length]!] as [string, string]]);
record('percentEncode.allow', encodeInputs, addressable(encodeInputs.map(([s, c]) => ['encode_class', s, c])));
const leaves = ['/', '/?', '%', 'A', '+&=', ''];
const decodeInputs = texts.map((s, i): [string, string] => [s, leaves[i % leaves.length]!]);
record('percentDecode.leaveEncoded', decodeInputs, addressable(decodeInputs.map(([s, l]) => ['unencode', s, l])));

// pathToFileUri: POSIX paths.
const paths = [
  ...new Set(
    sample(
      joined(['/', 'a', 'b c', 'ü', '%', '#', '?', '.', '..', '[', ']', ';', '@', ':', '~', '+'], 7).map((p) => `/${p}`),
      300,
      363,
    ),
  ),
];
record('pathToFileUri', paths, addressable(paths.map((p) => ['convert_path', p])));

// UriTemplate#match: each template's expansions of generated values, and a few that do not match.
const templates = [
  '/users/{id}',
  '/{a}/{b}{?q}',
  'http://example.com/{x}{/path*}',
  '{/segments*}{?page,limit}',
  '/search{?q,lang}',
  '/{+rest}',
  '/{a}-{b}',
];
const value = joined(['a', 'B', '1', ' ', 'ü', '/', '-', '.', '~', '%', ',', '?'], 5);
const pairs: [string, string][] = [];
templates.forEach((t, k) => {
  const tpl = new UriTemplate(t);
  for (const [v1, v2, v3] of sample(fc.tuple(value, value, value), 40, 364 + k)) {
    const vars: Record<string, string | string[]> = {};
    tpl.variables.forEach((name, i) => {
      const v = [v1, v2, v3][i % 3]!;
      if (v !== '') vars[name] = name === 'path' || name === 'segments' ? v.split(' ') : v;
    });
    pairs.push([t, tpl.expand(vars as TemplateVariables)]);
  }
  pairs.push([t, '/x/y/z?none']);
});
const uniquePairs = [...new Map(pairs.map((p) => [JSON.stringify(p), p])).values()];
record('match', uniquePairs, addressable(uniquePairs.map(([t, u]) => ['match', t, u])));

// ---------------------------------------------------------------------------------------------
// Why they differ

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const input = (r: Judged): string => (Array.isArray(r.input) ? str(r.input[0]) : str(r.input));
const isError = (v: unknown): boolean => typeof v === 'object' && v !== null && 'error' in v;
/** Addressable's port_mapping, the schemes its inferred_port and ip_based? know. */
const ADDRESSABLE_PORTS: Record<string, number> = {
  http: 80,
  https: 443,
  ftp: 21,
  tftp: 69,
  sftp: 22,
  ssh: 22,
  'svn+ssh': 22,
  telnet: 23,
  nntp: 119,
  gopher: 70,
  wais: 210,
  ldap: 389,
  prospero: 1525,
};
const schemeOf = (r: Judged): string => /^([a-z][a-z0-9+.-]*):/i.exec(input(r))?.[1]?.toLowerCase() ?? '';
const portOf = (r: Judged): string | undefined => /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*:(\d*)(?:[/?#]|$)/i.exec(input(r))?.[1];
/** The authority of the input as written. */
const authorityOf = (r: Judged): string => /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(input(r))?.[1] ?? '';
const tablesDiffer = (r: Judged): boolean => ADDRESSABLE_PORTS[schemeOf(r)] !== DEFAULT_PORTS[schemeOf(r)];
process.exitCode = finish('addressable', rows, ADDRESSABLE_OPS, {
  'addressable-port-table': tablesDiffer,
  'addressable-ip-table': tablesDiffer,
  'addressable-port-zero-or-range': (r) => portOf(r) !== undefined && (Number(portOf(r)) === 0 || Number(portOf(r)) > 65535),
  'addressable-site-port': (r) =>
    portOf(r) !== undefined && (portOf(r) === '' || Number(portOf(r)) === 0) && str(r.urikit).startsWith(str(r.oracle)),
  'addressable-basename-decoded': (r) => str(r.oracle).includes('%') && percentDecode(str(r.oracle)) === r.urikit,
  'addressable-basename-root': (r) => r.oracle === '/' && r.urikit === '',
  'addressable-extname-decoded': (r) => /%[0-9A-Fa-f]{2}/.test(input(r)),
  'addressable-refuses': (r) => isError(r.oracle) && !isError(r.urikit),
  'addressable-decodes-reserved': (r) => typeof r.oracle === 'string' && /%(?:2f|3f|23|5b|5d|40|3a)/i.test(input(r)),
  'addressable-both-refuse': (r) => isError(r.oracle) && isError(r.urikit),
  'addressable-host-unencoded': (r) =>
    typeof r.oracle === 'string' && typeof r.urikit === 'string' && /[^-\w.~%!$&'()*+,;=:@]|%(?![0-9A-Fa-f]{2})/.test(authorityOf(r)),
  'urikit-stray-bracket': (r) => typeof r.oracle === 'string' && isError(r.urikit) && /[[\]]/.test(authorityOf(r)),
  'addressable-path-delimiters': (r) => /[#?]|^\/\//.test(input(r)),
  'addressable-drops-empty-member': (r) => Array.isArray(r.input) && /\/(?:\?|$)/.test(str(r.input[1])),
});

// The URL Standard's parser: every web-platform-tests urltestdata.json test (failures included),
// read through parseWeb, tryParseWeb and isValidWeb and through the Uri view; the record against
// what scan writes for the same href; the corpora of bench/data against Node's URL, each
// difference in the ledger; base URLs; errors.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Flag, isValidWeb, OFFSETS_LENGTH, parse, parseWeb, Slot, scan, tryParseWeb, UriError } from '../../src/index.js';
import { checkOffsets, WARNING_FLAGS } from '../../src/syntax/offsets.js';
import { fixture, root } from '../support/paths.js';

interface WptTest {
  input: string;
  base: string | null;
  failure?: boolean;
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  origin?: string;
}

const WPT = (JSON.parse(readFileSync(fixture('wpt/urltestdata.json'), 'utf8')) as Array<string | WptTest>).filter(
  (t): t is WptTest => typeof t !== 'string',
);

const label = (t: { input: string; base: string | null }): string => `${JSON.stringify(t.input)} against ${JSON.stringify(t.base)}`;

test('web-platform-tests urltestdata.json: all 891 tests, 267 of them failures', () => {
  assert.is(WPT.length, 891);
  assert.is(WPT.filter((t) => t.failure === true).length, 267);
});

test('urltestdata.json: each failure fails in parseWeb, tryParseWeb and isValidWeb', () => {
  for (const t of WPT) {
    if (t.failure !== true) continue;
    const base = t.base ?? undefined;
    assert.throws(
      () => parseWeb(t.input, base),
      (e: unknown) => e instanceof UriError,
      label(t),
    );
    assert.is(tryParseWeb(t.input, base), null, label(t));
    assert.is(isValidWeb(t.input, base), false, label(t));
  }
});

test('urltestdata.json: each success has the expected href and every component, through the Uri view', () => {
  for (const t of WPT) {
    if (t.failure === true) continue;
    const base = t.base ?? undefined;
    const u = parseWeb(t.input, base);
    assert.is(u.href, t.href, label(t));
    assert.is(tryParseWeb(t.input, base)?.href, t.href, label(t));
    assert.ok(isValidWeb(t.input, base), label(t));
    // The view reads the href as RFC 3986 does; "/." before a host-less path is no part of pathname.
    const guard = u.host === undefined && u.path.startsWith('/./');
    const got = {
      protocol: `${u.scheme}:`,
      username: u.user ?? '',
      password: u.password ?? '',
      hostname: u.host ?? '',
      port: u.port ?? '',
      pathname: guard ? u.path.slice(2) : u.path,
      search: u.query ? `?${u.query}` : '',
      hash: u.fragment ? `#${u.fragment}` : '',
    };
    const want = {
      protocol: t.protocol,
      username: t.username,
      password: t.password,
      hostname: t.hostname,
      port: t.port,
      pathname: t.pathname,
      search: t.search,
      hash: t.hash,
    };
    assert.equal(got, want, label(t));
  }
});

test("urltestdata.json: each origin stated is parseWeb's origin (the URL Standard's: \"null\" when opaque, a blob: URL's by its inner URL)", () => {
  let n = 0;
  for (const t of WPT) {
    if (t.failure === true || t.origin === undefined) continue;
    assert.is(parseWeb(t.input, t.base ?? undefined).origin, t.origin, label(t));
    n++;
  }
  assert.is(n, 411);
});

test('origin: the URL Standard for a Uri of parseWeb, RFC 6454 for one of parse', () => {
  const cases: Array<[string, string, string]> = [
    // [input, the URL Standard's origin, RFC 6454's]
    ['foo://host/', 'null', 'foo://host'],
    ['file:///x', 'null', 'null'],
    ['file://host/x', 'null', 'file://host'],
    ['HTTPS://u:p@A.example:443/x', 'https://a.example', 'https://a.example'],
    ['http://a.example:8080/x', 'http://a.example:8080', 'http://a.example:8080'],
    ['ws://a:80/', 'ws://a', 'ws://a'],
    ['ftp://a:21/', 'ftp://a', 'ftp://a'],
    ['http://0x7f.1/', 'http://127.0.0.1', 'http://0x7f.1'],
    ['blob:https://a.example:8443/uuid', 'https://a.example:8443', 'null'],
    ['blob:http://a/x?y#z', 'http://a', 'null'],
    ['blob:file:///x', 'null', 'null'],
    ['blob:ftp://a/', 'null', 'null'],
    ['blob:blob:https://a/', 'null', 'null'],
    ['blob:https://m%C3%BCnchen.de/x', 'https://xn--mnchen-3ya.de', 'null'],
    ['blob:nonsense', 'null', 'null'],
    ['blob://h/x', 'null', 'blob://h'],
    ['data:text/plain,x', 'null', 'null'],
    ['mailto:a@b.example', 'null', 'null'],
  ];
  for (const [input, web, rfc] of cases) {
    assert.is(parseWeb(input).origin, web, input);
    assert.is(new URL(input).origin, web, `${input} (Node)`);
    assert.is(parse(input).origin, rfc, input);
  }
  // A Uri made from parseWeb's by another way is an RFC 3986 URI: RFC 6454's origin.
  assert.is(parseWeb('foo://host/').with({ path: '/y' }).origin, 'foo://host');
  assert.is(parse(parseWeb('foo://host/').href).origin, 'foo://host');
});

const rec = new Uint32Array(OFFSETS_LENGTH);
const scanned = new Uint32Array(OFFSETS_LENGTH);

/** The record of parseWeb's view is sound, and the one that scan (lenient) writes for its href. */
function sameRecord(u: ReturnType<typeof parseWeb>, what: string): void {
  u.writeOffsets(rec);
  assert.is(checkOffsets(rec, u.href), undefined, what);
  assert.is(scan(u.href, scanned, { lenient: true }), 0, what);
  scanned[Slot.FLAGS]! &= ~WARNING_FLAGS;
  scanned[Slot.WARNING_INDEX] = 0;
  assert.equal([...rec], [...scanned], what);
}

test('urltestdata.json: every href has a sound record, the one scan writes for it (lenient: the standard writes what RFC 3986 rejects)', () => {
  for (const t of WPT) if (t.failure !== true) sameRecord(parseWeb(t.input, t.base ?? undefined), label(t));
});

test('an input already in serialized form is its own href, with the record of scan', () => {
  for (const s of [
    'https://example.com/a/b?c=d#e',
    'http://127.0.0.1:8080/',
    'file:///etc/hosts',
    'file://server/share/x.txt?q',
    'ws://h/.well-known/x',
    'foo://User@Host:1/p?q',
    'mailto:someone@example.com',
    'about:blank',
    'urn:isbn:9780307476463',
    'http://[2001:db8::1]/',
    'https://a.example/%7e%41?%zz',
  ]) {
    const u = parseWeb(s);
    assert.is(u.href, s);
    sameRecord(u, s);
  }
});

const divergences = JSON.parse(readFileSync(fixture('divergences-web.json'), 'utf8')) as {
  entries: Array<{ input: string; base: string | null; node: string | null; urikit: string | null; step: string; why: string }>;
};

test("the corpus ledger's entries: parseWeb's href is each one's, the URL Standard's as urltestdata.json states it", () => {
  assert.is(divergences.entries.length, 15);
  for (const e of divergences.entries) {
    const t = WPT.find((w) => w.input === e.input && w.base === e.base);
    assert.ok(t !== undefined, `${label(e)} is a urltestdata.json test`);
    assert.is(t!.failure === true ? null : t!.href, e.urikit, label(e));
    assert.is(tryParseWeb(e.input, e.base ?? undefined)?.href ?? null, e.urikit, label(e));
    assert.ok(e.step.length > 0 && e.why.length > 0, label(e));
  }
});

/** The lines of a corpus of bench/data. */
function lines(file: string): string[] {
  return readFileSync(`${root}bench/data/${file}`, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
}

/** Node's href, or null. */
function nodeHref(input: string, base?: string): string | null {
  try {
    return new URL(input, base).href;
  } catch {
    return null;
  }
}

/** Every reading agrees with Node's URL, or is in the ledger, and has a sound record. */
function agrees(input: string, base: string | undefined): void {
  const node = nodeHref(input, base);
  const u = tryParseWeb(input, base);
  const what = JSON.stringify([input, base]);
  if (u === null) {
    assert.is(node, null, what);
    assert.is(isValidWeb(input, base), false, what);
    return;
  }
  if (node !== u.href) {
    const e = divergences.entries.find((d) => d.input === input && d.base === (base ?? null));
    assert.ok(e !== undefined && e.urikit === u.href, `${what}: new URL ${node}, parseWeb ${u.href}`);
  } else {
    assert.is(u.origin, new URL(node).origin, what);
  }
  assert.ok(isValidWeb(input, base), what);
  u.writeOffsets(rec);
  assert.is(checkOffsets(rec, u.href), undefined, what);
}

test("the absolute corpora of bench/data read as Node's URL reads them", () => {
  for (const file of ['ada_kasztp.txt', 'ada_node_files.txt', 'ada_isaacs_files.txt', 'elastic_apache_referrers.txt']) {
    for (const line of lines(file)) agrees(line, undefined);
  }
});

test("request targets and link pairs of bench/data resolve as Node's URL resolves them", () => {
  for (const line of lines('elastic_apache_request_targets.txt')) agrees(line, 'http://semicomplete.com/');
  for (const line of lines('relref_rustdoc_html_pairs.tsv')) {
    const tab = line.indexOf('\t');
    agrees(line.slice(tab + 1), line.slice(0, tab));
  }
});

test('references against special, file and other bases, on the fast path and off it', () => {
  const cases: Array<[string, string, string]> = [
    ['/a/b?q#f', 'https://h.example/x/y', 'https://h.example/a/b?q#f'],
    ['c/d', 'https://h.example/x/y', 'https://h.example/x/c/d'],
    ['../../../c', 'https://h.example/x/y/z', 'https://h.example/c'],
    ['./c?%41#%zz', 'https://u:p@h.example:8443/x/y', 'https://u:p@h.example:8443/x/c?%41#%zz'],
    ['..', 'https://h.example/x/y/z', 'https://h.example/x/'],
    ['', 'https://h.example/x?q#f', 'https://h.example/x?q'],
    ['?r', 'https://h.example/x?q#f', 'https://h.example/x?r'],
    ['#g', 'https://h.example/x?q#f', 'https://h.example/x?q#g'],
    ['#g', 'https://h.example/.x/y?%41#%42', 'https://h.example/.x/y?%41#g'],
    ['?r%2f', 'https://h.example/.x/%7e?q#%42', 'https://h.example/.x/%7e?r%2f'],
    ['a', 'https://h.example/%7e/.x/y#%42', 'https://h.example/%7e/.x/a'],
    ['/a', 'https://h.example/%7e/.x/y?%41', 'https://h.example/a'],
    ['//other.example/p', 'https://h.example/x', 'https://other.example/p'],
    ['\\\\other.example\\p', 'https://h.example/x', 'https://other.example/p'],
    ['http:x', 'http://h.example/a/b', 'http://h.example/a/x'],
    ['c', 'https://h.example/a%2Eb/.x/y', 'https://h.example/a%2Eb/.x/c'],
    ['a:b', 'https://h.example/x', 'a:b'],
    ['c', 'file:///C:/a/b', 'file:///C:/a/c'],
    ['/c', 'file:///C:/a/b', 'file:///C:/c'],
    ['D|/c', 'file:///C:/a/b', 'file:///D:/c'],
    ['..', 'file:///C:/', 'file:///C:/'],
    ['../C|/x', 'file:///a/b', 'file:///C:/x'],
    ['/C|/x', 'file://h/a/b', 'file://h/C:/x'],
    ['../../x?q#f', 'file://h/a/b/c', 'file://h/x?q#f'],
    ['#f', 'file:///a?q', 'file:///a?q#f'],
    ['?q', 'file://h/a', 'file://h/a?q'],
    ['c', 'sc://h/a/b', 'sc://h/a/c'],
    ['c', 'sc:/a/b', 'sc:/a/c'],
    ['/..//x', 'sc:/a/b', 'sc:/.//x'],
    ['#f', 'sc:opaque?q', 'sc:opaque?q#f'],
  ];
  for (const [input, base, href] of cases) {
    const u = parseWeb(input, base);
    assert.is(u.href, href, `${input} against ${base}`);
    sameRecord(u, `${input} against ${base}`);
    assert.is(parseWeb(input, parseWeb(base)).href, href, 'a Uri as the base');
  }
});

test('parse errors: the code, the index in the input as given, the validation error the standard names', () => {
  const cases: Array<[string, string | undefined, string, number, string]> = [
    ['a b', undefined, 'MISSING_SCHEME', 1, 'missing-scheme-non-relative-URL'],
    ['x', 'sc:opaque', 'MISSING_SCHEME', 0, 'missing-scheme-non-relative-URL'],
    ['http://', undefined, 'INVALID_HOST', 7, 'host-missing'],
    ['http://u@/', undefined, 'INVALID_HOST', 9, 'host-missing'],
    ['foo://:1/', undefined, 'INVALID_HOST', 6, 'host-missing'],
    ['http://a b/', undefined, 'INVALID_HOST', 8, 'domain-invalid-code-point'],
    ['foo://a b/', undefined, 'INVALID_HOST', 7, 'host-invalid-code-point'],
    ['http://1.2.3.4.5/', undefined, 'INVALID_HOST', 15, 'IPv4-too-many-parts'],
    ['http://1.2.0x1g.4/', undefined, 'INVALID_HOST', 11, 'IPv4-non-numeric-part'],
    ['http://256.1.1.1/', undefined, 'INVALID_HOST', 7, 'IPv4-out-of-range-part'],
    ['http://1.2.3.256/', undefined, 'INVALID_HOST', 13, 'IPv4-out-of-range-part'],
    ['http://[::1/', undefined, 'UNCLOSED_IP_LITERAL', 11, 'IPv6-unclosed'],
    ['http://[::1]x/', undefined, 'UNCLOSED_IP_LITERAL', 13, 'IPv6-unclosed'],
    ['http://[1::2::3]/', undefined, 'INVALID_IPV6', 13, 'IPv6-multiple-compression'],
    ['http://h:8x/', undefined, 'INVALID_PORT', 10, 'port-invalid'],
    ['http://h:65536/', undefined, 'INVALID_PORT', 9, 'port-out-of-range'],
    ['http://xn--ls8h%zz/', undefined, 'INVALID_HOST', 7, 'domain-to-ASCII'],
    ['http://\u00ad/', undefined, 'INVALID_HOST', 7, 'domain-to-ASCII'],
    // Removed tabs and newlines and trimmed spaces still count in the index.
    ['  \thttp://a\t b/', undefined, 'INVALID_HOST', 12, 'domain-invalid-code-point'],
  ];
  for (const [input, base, code, index, why] of cases) {
    let err: unknown;
    try {
      parseWeb(input, base);
    } catch (e) {
      err = e;
    }
    assert.instance(err, UriError, input);
    const e = err as UriError;
    assert.equal([e.code, e.index, e.input], [code, index, input], input);
    assert.ok(e.message.includes(`URL Standard: ${why}`), `${input}: ${e.message}`);
  }
});

test('an invalid base URL is named as such, and no input parses against it', () => {
  let err: unknown;
  try {
    parseWeb('a', 'http://h:x/');
  } catch (e) {
    err = e;
  }
  assert.instance(err, UriError);
  assert.equal([(err as UriError).code, (err as UriError).input], ['INVALID_PORT', 'http://h:x/']);
  assert.ok((err as UriError).message.startsWith('Invalid base URL: Invalid port'));
  assert.is(tryParseWeb('a', 'http://h:x/'), null);
  assert.is(isValidWeb('a', 'http://h:x/'), false);
  // The same base again (its failure is not kept), then a good one.
  assert.throws(() => parseWeb('b', 'http://h:x/'), /Invalid base URL/);
  assert.is(parseWeb('b', 'http://h/').href, 'http://h/b');
});

test('arguments that are not strings: a TypeError from parseWeb, null and false from the others', () => {
  assert.throws(() => parseWeb(42 as unknown as string), /parseWeb: input must be a string/);
  assert.throws(() => parseWeb('a', 42 as unknown as string), /parseWeb: base must be a string or a Uri/);
  assert.is(tryParseWeb(42 as unknown as string), null);
  assert.is(tryParseWeb('a', 42 as unknown as string), null);
  assert.is(isValidWeb(42 as unknown as string), false);
  assert.is(isValidWeb('a', {} as unknown as string), false);
  assert.is(parseWeb('http://h/', null as unknown as string).href, 'http://h/');
});

test('hosts: every IPv4 number form, IPv6 compression, UTS #46, percent-decoding, opaque hosts', () => {
  const cases: Array<[string, string]> = [
    ['http://0x7f.1/', 'http://127.0.0.1/'],
    ['http://0177.0.0.1/', 'http://127.0.0.1/'],
    ['http://2130706433/', 'http://127.0.0.1/'],
    ['http://127.1/', 'http://127.0.0.1/'],
    ['http://127.0.1/', 'http://127.0.0.1/'],
    ['http://0x7F000001./', 'http://127.0.0.1/'],
    ['http://0x/', 'http://0.0.0.0/'],
    ['http://%30%78%37%66.1/', 'http://127.0.0.1/'],
    ['http://１２７．０．０．１/', 'http://127.0.0.1/'],
    ['http://127\u30020\u30020\u30021/', 'http://127.0.0.1/'],
    ['http://[0:0:0:0:0:0:0:1]/', 'http://[::1]/'],
    ['http://[1:0:0:2:0:0:0:3]/', 'http://[1:0:0:2::3]/'],
    ['http://[::ffff:192.168.0.1]/', 'http://[::ffff:c0a8:1]/'],
    ['http://[1:2:3:4:5:6:7:8]/', 'http://[1:2:3:4:5:6:7:8]/'],
    ['http://[1::]/', 'http://[1::]/'],
    ['http://EXAMPLE.com./', 'http://example.com./'],
    ['http://ex%41mple.com/', 'http://example.com/'],
    ['http://münchen.de/', 'http://xn--mnchen-3ya.de/'],
    ['http://m%C3%BCnchen.de/', 'http://xn--mnchen-3ya.de/'],
    ['http://faß.de/', 'http://xn--fa-hia.de/'],
    ['file://LOCALHOST/x', 'file:///x'],
    ['file://%6Cocalhost/x', 'file:///x'],
    ['foo://EX%41mple:1/', 'foo://EX%41mple:1/'],
    ['foo://h\u00e9\u0001/', 'foo://h%C3%A9%01/'],
    ['foo://\ud800/', 'foo://%EF%BF%BD/'],
  ];
  for (const [input, href] of cases) {
    const u = parseWeb(input);
    assert.is(u.href, href, input);
    sameRecord(u, input);
  }
  assert.is(parseWeb('http://0x7f.1/').hostType, 'ipv4');
  assert.is(parseWeb('http://[::1]/').hostType, 'ipv6');
  assert.ok((parseWeb('http://1.2.3.4/').flags & Flag.HOST_IPV4) !== 0);
  assert.is(tryParseWeb('http://\ud800.com/'), null);
});

test('paths, queries, fragments: each percent-encode set, dot segments, backslashes, drive letters, opaque paths', () => {
  const cases: Array<[string, string]> = [
    ['http://h/a b"<>`{}^|[]\\x', 'http://h/a%20b%22%3C%3E%60%7B%7D%5E|[]/x'],
    ['foo://h/a\\b^', 'foo://h/a\\b%5E'],
    ['http://h/?a b"#<>\'`', "http://h/?a%20b%22#%3C%3E'%60"],
    ["http://h/?'", 'http://h/?%27'],
    ["foo://h/?'", "foo://h/?'"],
    ['http://h/#a b"<>`#', 'http://h/#a%20b%22%3C%3E%60#'],
    ['http://h/a/./b/../c/%2e%2E/d/.%2E', 'http://h/a/'],
    ['http://h/a/./b/../c/%2e%2E/d/%2e', 'http://h/a/d/'],
    ['http://h/a/..', 'http://h/'],
    ['http://h/.hidden/..x/.%41', 'http://h/.hidden/..x/.%41'],
    ['file:///C|/a/../..', 'file:///C:/'],
    ['file:c:\\x', 'file:///c:/x'],
    ['file://C|/x', 'file:///C:/x'],
    ['data:text/plain,a b ?q', 'data:text/plain,a b%20?q'],
    ['data:a\u0001\u00e9', 'data:a%01%C3%A9'],
    ['web+demo:/.//not-a-host/', 'web+demo:/.//not-a-host/'],
    ['web+demo:/path/..//not-a-host/', 'web+demo:/.//not-a-host/'],
    ['http://u:p@h/', 'http://u:p@h/'],
    ['http://u:@h/', 'http://u@h/'],
    ['http://:@h/', 'http://h/'],
    ['http://a@b@c:d:e@h/', 'http://a%40b%40c:d%3Ae@h/'],
    ['http://h:80/', 'http://h/'],
    ['http://h:/', 'http://h/'],
    ['http://h:0080/', 'http://h/'],
    ['https://h:00443/x', 'https://h/x'],
    ['http://h:08/', 'http://h:8/'],
    ['HTTP:\\\\h', 'http://h/'],
    ['http:h/p', 'http://h/p'],
    ['  http://h/\n', 'http://h/'],
    ['http://h/😀', 'http://h/%F0%9F%98%80'],
    ['http://h/\ud800\udfff\ud800', 'http://h/%F0%90%8F%BF%EF%BF%BD'],
  ];
  for (const [input, href] of cases) {
    const u = parseWeb(input);
    assert.is(u.href, href, input);
    assert.is(
      nodeHref(input) === href || /\^|a b /.test(input),
      true,
      `${input} is what Node's URL writes too (but for "^" and the opaque path's space)`,
    );
    sameRecord(u, input);
  }
});
test.run();

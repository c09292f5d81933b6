/**
 * heuristicParse: each repair alone and together, what it leaves alone, its errors, the Addressable
 * vector, and that the answer is always a strict URI-reference.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { heuristicParse, isValid, normalize, parse, UriError } from '../../src/index.js';
import { fixture } from '../support/paths.js';
import { runs } from '../support/runs.js';

function fix(input: string, options?: Parameters<typeof heuristicParse>[1]): [string, readonly string[]] {
  const r = heuristicParse(input, options);
  return [r.uri.href, r.repairs];
}

test('a URI as it stands comes back unchanged, with no repairs', () => {
  for (const u of ['http://example.com/a?b#c', 'mailto:a@b.example', 'urn:isbn:0451450523', 'file:///etc/hosts', 'https://[::1]:8443/']) {
    assert.equal(fix(u), [u, []], u);
  }
});

test('a missing scheme: http:// (or defaultScheme) for a host, mailto: for an e-mail address', () => {
  assert.equal(fix('example.com'), ['http://example.com', ['scheme']]);
  assert.equal(fix('www.example.com/path?q#f'), ['http://www.example.com/path?q#f', ['scheme']]);
  assert.equal(fix('localhost'), ['http://localhost', ['scheme']]);
  assert.equal(fix('localhost:8080'), ['http://localhost:8080', ['scheme']]);
  assert.equal(fix('localhost:8080/x'), ['http://localhost:8080/x', ['scheme']]);
  assert.equal(fix('example.com:8080'), ['http://example.com:8080', ['scheme']]);
  assert.equal(fix('192.0.2.16:8000/path'), ['http://192.0.2.16:8000/path', ['scheme']]);
  assert.equal(fix('//cdn.example/a.js'), ['http://cdn.example/a.js', ['scheme']]);
  assert.equal(fix('example.com', { defaultScheme: 'https' }), ['https://example.com', ['scheme']]);
  assert.equal(fix('bob@example.com'), ['mailto:bob@example.com', ['scheme']]);
  assert.equal(fix('bob@example.com/x'), ['http://bob@example.com/x', ['scheme']]);
});

test('an absolute URI with a scheme comes back as it is: registered schemes, RFC 7595 private-use ones, any scheme not followed by a port', () => {
  for (const u of [
    'com.example.app:/oauth2redirect',
    'com.example.app:/oauth2redirect/example-provider?code=1',
    'tel:911',
    'tel:+1-201-555-0123',
    'sms:112',
    'urn:123',
    'a.b:c',
    'x-private:data',
    'example.com:abc',
  ]) {
    assert.equal(fix(u), [u, []], u);
  }
  // A name followed by ":" and digits alone is a host and a port, unless the name is a
  // registered scheme (other than http, https, ws, wss and ftp, which get their "//" back).
  assert.equal(fix('com.example.app:8080/x'), ['http://com.example.app:8080/x', ['scheme']]);
  assert.equal(fix('example.com:'), ['http://example.com:', ['scheme']]);
  assert.equal(fix('example.com:/x'), ['example.com:/x', []]);
  assert.equal(fix('myhost:8080'), ['http://myhost:8080', ['scheme']]);
  assert.equal(fix('http:8080'), ['http://http:8080', ['scheme']]);
});

test('an A-label host is checked as toAsciiHost checks it (with idna, the default), and kept as written when valid', () => {
  for (const [input, index, repaired] of [
    ['xn--zz.com', 7, 'http://xn--zz.com'],
    ['http://xn--zz.com/', 7, 'http://xn--zz.com/'],
    ['http://a.XN--ZZ/', 9, 'http://a.XN--ZZ/'],
    ['http://u@a.xn--zz/ b', 11, 'http://u@a.xn--zz/%20b'],
  ] as const) {
    assert.throws(
      () => heuristicParse(input),
      (e: unknown) => e instanceof UriError && e.code === 'INVALID_HOST' && e.index === index && e.input === repaired,
      input,
    );
  }
  assert.equal(fix('XN--MNCHEN-3YA.de/x'), ['http://XN--MNCHEN-3YA.de/x', ['scheme']]);
  assert.equal(fix('http://xn--mnchen-3ya.de/'), ['http://xn--mnchen-3ya.de/', []]);
  assert.equal(fix('xn--zz.com', { idna: false }), ['http://xn--zz.com', ['scheme']]);
});

test('file://c:/windows: RFC 3986 reads the host "c" and an empty port; RFC 8089 writes a drive letter in the path, and heuristicParse moves it there', () => {
  // The generic grammar (RFC 3986 §3.2) knows no drive letters: "c:" is a host and an empty port.
  const u = parse('file://c:/windows');
  assert.equal([u.host, u.port, u.path], ['c', '', '/windows']);
  assert.is(normalize('file://c:/windows'), 'file://c/windows');
  // RFC 8089 §2 (file-auth = "localhost" / host, no port) and Appendix E.2: the drive letter
  // begins the path.
  assert.equal([parse('file:///c:/windows').host, parse('file:///c:/windows').path], ['', '/c:/windows']);
  assert.equal([parse('file:c:/windows').host, parse('file:c:/windows').path], [undefined, 'c:/windows']);
  assert.equal(fix('file://c:/windows'), ['file:///c:/windows', ['slashes']]);
  assert.equal(fix('FILE://C:\\Windows\\x.ini'), ['FILE:///C:/Windows/x.ini', ['backslash', 'slashes']]);
  assert.equal(fix('file://c:'), ['file:///c:', ['slashes']]);
  // A host that is a letter, with a port, stays a host; so does a real host.
  assert.equal(fix('file://c:80/x'), ['file://c:80/x', []]);
  assert.equal(fix('file://server/share/x'), ['file://server/share/x', []]);
});

test('a Windows drive path or UNC path is a file: URI (RFC 8089 Appendix E.2, E.3), the whole of it a path', () => {
  assert.equal(fix('C:\\x\\y'), ['file:///C:/x/y', ['file-path']]);
  assert.equal(fix('c:/x/y'), ['file:///c:/x/y', ['file-path']]);
  assert.equal(fix('C:\\'), ['file:///C:/', ['file-path']]);
  assert.equal(fix('\\\\server\\share\\x'), ['file://server/share/x', ['file-path']]);
  assert.equal(fix('\\\\server'), ['file://server/', ['file-path']]);
  assert.equal(fix('\\\\server/share'), ['file://server/share', ['file-path']]);
  // The Win32 long-path prefixes "\\?\" and "\\?\UNC\" name the same files.
  assert.equal(fix('\\\\?\\C:\\x'), ['file:///C:/x', ['file-path']]);
  assert.equal(fix('\\\\?\\unc\\server\\share\\x'), ['file://server/share/x', ['file-path']]);
  // A file name may hold "#", "%" and spaces: no query, no fragment; all of it is encoded in the path.
  assert.equal(fix('C:\\Program Files\\a#1 100%.txt'), ['file:///C:/Program%20Files/a%231%20100%25.txt', ['file-path', 'percent-encode']]);
  // A "%" is a character of the file name, never the start of an escape.
  assert.equal(fix('C:\\a%41%.txt'), ['file:///C:/a%2541%25.txt', ['file-path']]);
  assert.equal(fix(' "C:\\x\\y" '), ['file:///C:/x/y', ['trim', 'unwrap', 'file-path']]);
  assert.equal(fix('\\\\münchen.example\\s'), ['file://xn--mnchen-3ya.example/s', ['file-path', 'idna']]);
  // A letter and ":" without a separator after it stays what it was: a scheme, or a host and port.
  assert.equal(fix('c:x'), ['c:x', []]);
  assert.equal(fix('C:'), ['http://C:', ['scheme']]);
  // A long path that is neither (a volume's name) has no file: URI: no host, as before.
  assert.throws(
    () => heuristicParse('\\\\?\\Volume{x}\\a'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_COMPONENT' && e.message.startsWith('Missing host'),
  );
});

test('a relative reference that names no host stays relative', () => {
  for (const r of ['/etc/x', './a', '../b', '?q=1', '#top']) assert.equal(fix(r), [r, []], r);
});

test('whitespace: around (trim), tabs and line breaks inside; <…> and URL: around', () => {
  assert.equal(fix('  http://a.com/ \n'), ['http://a.com/', ['trim']]);
  assert.equal(fix('\u00a0http://a.com/\u3000'), ['http://a.com/', ['trim']]);
  // Appendix C: the whitespace around a line break is ignored; a space elsewhere is a character.
  assert.equal(fix('http://a.com/very- \r\n  long/path'), ['http://a.com/very-long/path', ['whitespace']]);
  assert.equal(fix('http://a.com/a\tb c'), ['http://a.com/ab%20c', ['whitespace', 'percent-encode']]);
  assert.equal(fix('"http://a.com/"'), ['http://a.com/', ['unwrap']]);
  assert.equal(fix('"'), ['http://%22', ['scheme', 'percent-encode']]);
  assert.equal(fix('<http://a.com/>'), ['http://a.com/', ['unwrap']]);
  assert.equal(fix('<URL:http://a.com/>'), ['http://a.com/', ['unwrap']]);
  assert.equal(fix('url: http://a.com/'), ['http://a.com/', ['unwrap']]);
});

test('"\\" is "/" before the query, and stays a character (encoded) after it', () => {
  assert.equal(fix('http:\\\\a.com\\b\\c?d=\\#\\'), ['http://a.com/b/c?d=%5C#%5C', ['backslash', 'percent-encode']]);
  assert.equal(fix('a.com\\b'), ['http://a.com/b', ['backslash', 'scheme']]);
});

test('the "//" of http, https, ws, wss and ftp restored; other schemes left as they are', () => {
  assert.equal(fix('http:/a.com'), ['http://a.com', ['slashes']]);
  assert.equal(fix('http:a.com/x'), ['http://a.com/x', ['slashes']]);
  assert.equal(fix('HTTPS:///a.com/'), ['HTTPS://a.com/', ['slashes']]);
  assert.equal(fix('wss:////a.com'), ['wss://a.com', ['slashes']]);
  assert.equal(fix('ftp:/a.com'), ['ftp://a.com', ['slashes']]);
  assert.equal(fix('file:/etc/x'), ['file:/etc/x', []]);
  assert.equal(fix('urn:a:b'), ['urn:a:b', []]);
});

test('characters outside the grammar are percent-encoded, component by component', () => {
  assert.equal(fix('http://a.com/a b"<>^`{|}'), ['http://a.com/a%20b%22%3C%3E%5E%60%7B%7C%7D', ['percent-encode']]);
  assert.equal(fix('http://a.com/ü?q=ä#f#g'), ['http://a.com/%C3%BC?q=%C3%A4#f%23g', ['percent-encode']]);
  assert.equal(fix('http://u@v@h/'), ['http://u%40v@h/', ['percent-encode']]);
  assert.equal(fix('http://a.com/100%'), ['http://a.com/100%25', ['percent-encode']]);
  assert.equal(fix('http://a.com/[x]'), ['http://a.com/%5Bx%5D', ['percent-encode']]);
});

test('a space in a would-be host is no URL (words typed into an address bar): INVALID_COMPONENT at the space', () => {
  const refused: Array<[string, string, number]> = [
    ['hello world', 'http://hello world', 12],
    ['exa mple.com/x', 'http://exa mple.com/x', 10],
    ['http://hello world/', 'http://hello world/', 12],
    ['  u@my host:80 ', 'http://u@my host:80', 11],
    ['\\\\my server\\share', 'file://my server/share', 9],
  ];
  for (const [input, read, index] of refused) {
    assert.throws(
      () => heuristicParse(input),
      (e: unknown) =>
        e instanceof UriError &&
        e.code === 'INVALID_COMPONENT' &&
        e.index === index &&
        e.input === read &&
        e.message ===
          `No URL: ${JSON.stringify(input)} has a space at index ${index} of its host, read as ${JSON.stringify(read)}; no host name holds one`,
      input,
    );
  }
  // Elsewhere a space is a character, percent-encoded.
  assert.equal(fix('example.com/hello world?q=a b'), ['http://example.com/hello%20world?q=a%20b', ['scheme', 'percent-encode']]);
  assert.equal(fix('http://a b@example.com/'), ['http://a%20b@example.com/', ['percent-encode']]);
});

test('a Unicode host as A-labels (idna), or percent-encoded with idna: false', () => {
  assert.equal(fix('münchen.de/straße'), ['http://xn--mnchen-3ya.de/stra%C3%9Fe', ['scheme', 'percent-encode', 'idna']]);
  assert.equal(fix('https://MÜNCHEN.de'), ['https://xn--mnchen-3ya.de', ['idna']]);
  assert.equal(fix('münchen.de', { idna: false }), ['http://m%C3%BCnchen.de', ['scheme', 'percent-encode']]);
});

test('errors: nothing to parse, what no repair can fix, bad options', () => {
  assert.throws(
    () => heuristicParse('   '),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_COMPONENT' && /holds no URL/.test(e.message),
  );
  assert.throws(
    () => heuristicParse('http://a.com:8x/'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_PORT' && e.input === 'http://a.com:8x/',
  );
  assert.throws(
    () => heuristicParse('http://[::1/'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_CHAR' && e.index === 11,
  );
  assert.throws(
    () => heuristicParse('http://a.com/\u0000'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_CHAR' && e.index === 13,
  );
  assert.throws(
    () => heuristicParse('xn--zz.ü'),
    (e: unknown) =>
      e instanceof UriError &&
      e.code === 'INVALID_HOST' &&
      e.index === 7 &&
      e.input === 'http://xn--zz.ü' &&
      / in the host at index 7 of "http:\/\/xn--zz\.ü"$/.test(e.message),
  );
  assert.throws(
    () => heuristicParse('http:'),
    (e: unknown) =>
      e instanceof UriError &&
      e.code === 'INVALID_COMPONENT' &&
      e.index === 7 &&
      e.message === 'Missing host: "http:" names no host (read as "http://")',
  );
  assert.throws(
    () => heuristicParse(':8080'),
    (e: unknown) => e instanceof UriError && e.code === 'INVALID_COMPONENT' && e.input === 'http://:8080',
  );
  assert.equal(fix('file:///x'), ['file:///x', []]);
});

test('the Addressable vector: 192.0.2.16:8000/path', () => {
  const vectors = JSON.parse(readFileSync(fixture('vectors/sporkmonger-addressable.json'), 'utf8')) as {
    op: string;
    input: string;
    expected: { scheme: string; host: string; port: number; path: string };
  }[];
  const cases = vectors.filter((v) => v.op === 'heuristic_parse');
  assert.is(cases.length, 1);
  for (const v of cases) {
    const u = heuristicParse(v.input).uri;
    assert.equal([u.scheme, u.host, u.portNumber, u.path], [v.expected.scheme, v.expected.host, v.expected.port, v.expected.path]);
  }
});

test('whatever people type, the answer is a strict URI-reference or a UriError', () => {
  const typed = fc
    .array(
      fc.oneof(
        fc.constantFrom(' ', '\\', '/', ':', '@', '?', '#', '%', 'ü', '.', 'http', 'com', '[', ']', '\t', '8080', '<', '>'),
        fc.string({ maxLength: 3 }),
      ),
      { maxLength: 10 },
    )
    .map((a) => a.join(''));
  fc.assert(
    fc.property(typed, (s) => {
      try {
        const r = heuristicParse(s);
        assert.ok(isValid(r.uri.href), r.uri.href);
      } catch (e) {
        assert.instance(e, UriError);
      }
    }),
    { seed: 41, numRuns: runs(3000) },
  );
});

test.run();

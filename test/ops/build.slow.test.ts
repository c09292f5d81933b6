/**
 * buildUri and Uri#with: java.net.URI's constructor vectors (harness in test/support/op-vectors.ts), text and
 * encoded components, every character of every component's complement, user and password, the
 * structure rules, and properties: buildUri → parse gives the text back, and `with` never makes
 * an invalid URI.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildUri, isValid, normalize, parse, percentDecode, tryParse, type Uri, UriError } from '../../src/index.js';
import { throwsUriError } from '../support/assert.js';
import { codePoint } from '../support/hostile.js';
import { type Case, conformance, type Json, keysKnown, type Obj, type Outcome, type Table } from '../support/op-vectors.js';
import { runs } from '../support/runs.js';

// ---------------------------------------------------------------------------------------------
// java.net.URI's multi-argument constructors: the 7- and 4-argument forms take the components
// buildUri takes (as text, quoted where their grammar needs it); the 5- and 3-argument forms take
// a whole authority or scheme-specific part, which buildUri does not.

/** java.net.URI's getters of a built URI. */
function javaView(u: Uri): Obj {
  const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return {
    scheme: nul(u.scheme),
    host: nul(u.host),
    rawUserInfo: nul(u.userinfo),
    userInfo: u.userinfo === undefined ? null : percentDecode(u.userinfo),
    port: u.portNumber ?? -1,
    rawPath: u.path,
    path: percentDecode(u.path),
    rawQuery: nul(u.query),
    query: u.query === undefined ? null : percentDecode(u.query),
    rawFragment: nul(u.fragment),
    fragment: u.fragment === undefined ? null : percentDecode(u.fragment),
    toASCIIString: u.href,
  };
}

function construct(c: Case): Outcome {
  const a = c.components!;
  if ('authority' in a) return { skip: 'the 5-argument constructor takes a whole authority; buildUri takes its parts' };
  if ('ssp' in a) return { skip: 'the 3-argument constructor takes a scheme-specific part; buildUri takes its parts' };
  keysKnown(c, [
    'scheme',
    'host',
    'rawUserInfo',
    'userInfo',
    'port',
    'rawPath',
    'path',
    'rawQuery',
    'query',
    'rawFragment',
    'fragment',
    'toASCIIString',
  ]);
  const str = (k: string): string | undefined => (typeof a[k] === 'string' ? (a[k] as string) : undefined);
  const port = typeof a.port === 'number' && a.port !== -1 ? a.port : undefined;
  let view: Json;
  try {
    view = javaView(
      buildUri({
        scheme: str('scheme'),
        userinfo: str('userInfo'),
        host: str('host'),
        port,
        path: str('path'),
        query: str('query'),
        fragment: str('fragment'),
      }),
    );
  } catch (e) {
    if (!(e instanceof UriError || e instanceof RangeError)) throw e;
    view = e instanceof UriError ? e.code : 'RangeError';
  }
  const want = c.expected ?? {};
  const pass =
    c.error === true
      ? typeof view === 'string'
      : typeof view === 'object' && Object.keys(want).every((k) => JSON.stringify((view as Obj)[k]) === JSON.stringify(want[k]));
  const expected: Json = c.error === true ? { error: true } : want;
  // For an error case, what urikit built instead.
  const urikit: Json =
    typeof view === 'string'
      ? view
      : c.error === true
        ? (view as Obj).toASCIIString!
        : Object.fromEntries(Object.keys(want).map((k) => [k, (view as Obj)[k]!]));
  return { expected, urikit, pass };
}

const BUILD_OPS: Table = { 'openjdk-uri-test.json': { construct } };
conformance('build', BUILD_OPS);

// ---------------------------------------------------------------------------------------------

test('the JSDoc examples', () => {
  assert.is(
    buildUri({ scheme: 'https', host: 'example.com', path: '/a b', query: { q: 'x&y' } }).href,
    'https://example.com/a%20b?q=x%26y',
  );
  assert.is(buildUri({ scheme: 's', host: '1:2::8', port: 10 }).href, 's://[1:2::8]:10');
  assert.is(buildUri({ scheme: 'http', host: 'münchen.de' }, { idna: true }).href, 'http://xn--mnchen-3ya.de');
  assert.is(buildUri({ scheme: 'ftp', user: 'a:b', password: 'p w', host: 'h' }).href, 'ftp://a%3Ab:p%20w@h');
  const u = parse('http://a.example/p?q=1#top');
  assert.is(u.with({ host: 'b.example', fragment: undefined }).href, 'http://b.example/p?q=1');
  assert.is(u.with({ query: { q: 'a b', page: 2 } }).href, 'http://a.example/p?q=a%20b&page=2#top');
  assert.is(u.with({ path: '/a b' }, { encoded: false }).href, 'http://a.example/a%20b?q=1#top');
  throwsUriError(() => u.with({ host: 'a/b' }), 'INVALID_CHAR', 1, /\(the host: it would end the host\)$/);
});

test('text components: "%" always encoded, each component keeps what it may hold', () => {
  const u = buildUri({ scheme: 'x', userinfo: 'a b:c@d', host: 'h h', port: '8', path: '/p q/%41', query: 'a=b&c d?/', fragment: 'f#g/?' });
  assert.is(u.href, 'x://a%20b:c%40d@h%20h:8/p%20q/%2541?a=b&c%20d?/#f%23g/?');
  assert.is(buildUri({ path: 'a:b' }).href, './a:b');
  assert.is(buildUri({ scheme: 'x', path: '//p' }).href, 'x:/.//p');
  assert.is(buildUri({}).href, '');
  assert.is(buildUri({ host: '' }).href, '//');
  assert.is(buildUri({ scheme: 'http', host: 'fe80::1%eth0' }, { zoneId: true }).href, 'http://[fe80::1%25eth0]');
  assert.is(buildUri({ scheme: 'http', host: '[::1]', port: 0 }).href, 'http://[::1]:0');
  assert.is(buildUri({ scheme: 'http', host: 'MÜNCHEN.de' }).href, 'http://M%C3%9CNCHEN.de');
  assert.is(buildUri({ scheme: 'http', host: 'a', query: [['k', 'v'], ['flag']] }).href, 'http://a?k=v&flag');
});

test('encoded components are taken as written and checked', () => {
  assert.is(buildUri({ scheme: 'http', host: 'a', path: '/%41%2F', query: 'x=%20' }, { encoded: true }).href, 'http://a/%41%2F?x=%20');
  throwsUriError(() => buildUri({ path: '/a b' }, { encoded: true }), 'INVALID_CHAR', 2);
  throwsUriError(() => buildUri({ path: '/%zz' }, { encoded: true }), 'INVALID_PERCENT_ENCODING', 1);
  throwsUriError(() => buildUri({ host: '[::1' }, { encoded: true }), 'UNCLOSED_IP_LITERAL', 4);
  throwsUriError(() => buildUri({ host: '[v1.]' }, { encoded: true }), 'INVALID_IPVFUTURE', 4);
  throwsUriError(() => buildUri({ host: '[fe80::1%25x]' }, { encoded: true }), 'INVALID_IPV6', 8);
  assert.is(buildUri({ host: '[fe80::1%25x]' }, { encoded: true, zoneId: true }).host, '[fe80::1%25x]');
  throwsUriError(() => buildUri({ path: '/ü' }, { encoded: true }), 'INVALID_CHAR', 1);
  assert.is(buildUri({ path: '/ü' }, { encoded: true, iri: true }).path, '/ü');
  throwsUriError(() => buildUri({ user: 'a:b', host: 'h' }, { encoded: true }), 'INVALID_CHAR', 1, /":" ends the user/);
});

test('structure: userinfo and port need a host, a path after a host is absolute, userinfo or user/password', () => {
  throwsUriError(() => buildUri({ userinfo: 'u' }), 'INVALID_COMPONENT', 0, /^buildUri: userinfo needs a host \(§3\.2\)$/);
  throwsUriError(() => buildUri({ port: 80 }), 'INVALID_COMPONENT', 0, /^buildUri: a port needs a host \(§3\.2\)$/);
  throwsUriError(() => buildUri({ host: 'h', path: 'x' }), 'INVALID_COMPONENT', 0, /a path after a host must be empty or begin with "\/"/);
  throwsUriError(
    () => buildUri({ userinfo: 'u', user: 'v', host: 'h' }),
    'INVALID_COMPONENT',
    0,
    /give userinfo, or user and password, not both/,
  );
  assert.is(buildUri({ password: 'p', host: 'h' }).href, '//:p@h');
  assert.is(buildUri({ user: '', host: 'h' }).href, '//@h');
  assert.throws(
    () => buildUri({ host: 'h', port: 70000 }),
    (e: unknown) => e instanceof RangeError && /port must be a whole number from 0 to 65535, got 70000/.test(e.message),
  );
  assert.throws(() => buildUri({ host: 'h', port: -1 }), RangeError);
});

test('with: replace, remove, user and password halves, the same Uri when nothing changes', () => {
  const u = parse('ftp://u:p@h:21/x?q#f');
  assert.is(u.with({}), u);
  assert.is(u.with({ scheme: 'sftp' }).href, 'sftp://u:p@h:21/x?q#f');
  assert.is(u.with({ port: undefined, query: undefined }).href, 'ftp://u:p@h/x#f');
  assert.is(u.with({ path: undefined }).href, 'ftp://u:p@h:21?q#f');
  assert.is(u.with({ password: undefined }).href, 'ftp://u@h:21/x?q#f');
  assert.is(u.with({ password: 'n:w' }, { encoded: false }).href, 'ftp://u:n:w@h:21/x?q#f');
  assert.is(u.with({ user: 'a' }).href, 'ftp://a:p@h:21/x?q#f');
  assert.is(u.with({ user: undefined }).href, 'ftp://h:21/x?q#f');
  assert.is(u.with({ userinfo: undefined, port: undefined, host: undefined }).href, 'ftp:/x?q#f');
  throwsUriError(() => u.with({ host: undefined }), 'INVALID_COMPONENT', 0, /^Uri#with: userinfo needs a host/);
  throwsUriError(() => u.with({ userinfo: 'a', user: 'b' }), 'INVALID_COMPONENT', 0, /give userinfo, or user and password, not both/);
  assert.is(parse('ftp://u@h/').with({ password: 'p' }).href, 'ftp://u:p@h/');
  assert.is(parse('ftp://h/').with({ user: 'a' }).href, 'ftp://a@h/');
  assert.is(parse('ftp://h/').with({ password: 'p' }).href, 'ftp://:p@h/');
  assert.is(parse('ftp://u:p@h/').with({ user: undefined, password: 'q' }).href, 'ftp://:q@h/');
  throwsUriError(() => u.with({ host: 'u@h' }), 'INVALID_CHAR', 1, /"@" ends a userinfo/);
  assert.is(parse('mailto:a@b').with({ host: 'h', path: '/x' }).href, 'mailto://h/x');
  throwsUriError(() => parse('mailto:a@b').with({ host: 'h' }), 'INVALID_COMPONENT', 0, /a path after a host/);
  assert.is(parse('http://h//a').with({ host: undefined }).href, 'http:/.//a');
  // The new Uri's record is recomposition's, exactly what a scan of its text gives.
  const w = parse('http://h/a').with({ host: '[::1]', port: '8', query: 'a=%41' });
  assert.equal([w.href, w.hostType, w.port, w.query, w.flags], ['http://[::1]:8/a?a=%41', 'ipv6', '8', 'a=%41', parse(w.href).flags]);
});

test('with replacing one present host, query or fragment: the record shifted is what a scan gives', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['http://u@a.example:80/p?q#f', { host: 'b' }, 'http://u@b:80/p?q#f'],
    ['http://a/p?q#f', { host: '1.2.3.4' }, 'http://1.2.3.4/p?q#f'],
    ['http://1.2.3.4/p', { host: '[::1]' }, 'http://[::1]/p'],
    ['http://[::1]/p', { host: '[v7.x]' }, 'http://[v7.x]/p'],
    ['http://[v7.x]/p', { host: '%41' }, 'http://%41/p'],
    ['http://%41/p%20', { host: 'a' }, 'http://a/p%20'],
    ['http://%41/p', { host: 'a' }, 'http://a/p'],
    ['http://a/p?q#f', { query: 'x=%20' }, 'http://a/p?x=%20#f'],
    ['http://a/p?%20#f', { query: '' }, 'http://a/p?#f'],
    ['http://a/p?q#f', { fragment: 'longer/fragment?' }, 'http://a/p?q#longer/fragment?'],
    ['http://a:8/p?q#%41', { fragment: '' }, 'http://a:8/p?q#'],
    ['//a', { host: '' }, '//'],
    // The normalization hints follow (UPPER, PCT_LOWER, PCT_UNRESERVED): kept, gained, lost.
    ['HTTP://a/p', { host: 'b' }, 'HTTP://b/p'],
    ['http://A/p', { host: 'b' }, 'http://b/p'],
    ['http://a/p', { host: 'B' }, 'http://B/p'],
    ['http://a/p?%7e', { query: 'x' }, 'http://a/p?x'],
    ['http://a/%7e?q', { query: 'y%2f' }, 'http://a/%7e?y%2f'],
    ['http://a/p#%41', { fragment: '%2F' }, 'http://a/p#%2F'],
  ];
  for (const [s, c, href] of cases) {
    const w = parse(s).with(c);
    assert.is(w.href, href);
    assert.equal(w.writeOffsets(new Uint32Array(15)), parse(href).writeOffsets(new Uint32Array(15)), href);
  }
  // A lenient text's "%" that begins no "%XX" gives no hint, as in scan.
  for (const [s, c, href] of [
    ['http://a/%zz%41?q', { query: 'x' }, 'http://a/%zz%41?x'],
    ['http://a/%%7e?q', { query: 'y' }, 'http://a/%%7e?y'],
    ['http://a/%?%41#%', { fragment: 'f' }, 'http://a/%?%41#f'],
    ['http://a/%4?%41#%', { query: 'x' }, 'http://a/%4?x#%'],
  ] as const) {
    const w = parse(s, { lenient: true }).with(c);
    assert.is(w.href, href);
    assert.equal(w.writeOffsets(new Uint32Array(15)), parse(href, { lenient: true }).writeOffsets(new Uint32Array(15)), href);
  }
  // What the quick look does not settle goes the general way, with its errors.
  throwsUriError(() => parse('http://a/').with({ host: '[::1' }), 'UNCLOSED_IP_LITERAL', 4);
  throwsUriError(() => parse('http://a/').with({ host: '[v1.]' }), 'INVALID_IPVFUTURE', 4);
  throwsUriError(() => parse('http://a/').with({ host: '[1::2::3]' }), 'INVALID_IPV6', 6);
  throwsUriError(() => parse('http://a/?q').with({ query: 'a#b' }), 'INVALID_CHAR', 1);
  assert.is(parse('http://a/').with({ query: 'q' }).href, 'http://a/?q');
});

test('with keeps what parse accepted: IRI characters, zone identifiers, lenient warnings', () => {
  const iri = parse('http://ü.example/ü', { iri: true });
  assert.is(iri.with({ path: '/ä' }).href, 'http://ü.example/ä');
  const zone = parse('http://[fe80::1%25eth0]/', { zoneId: true });
  assert.is(zone.with({ path: '/x' }).host, '[fe80::1%25eth0]');
  const lenient = parse('http://a/b c', { lenient: true });
  const changed = lenient.with({ query: 'q' });
  assert.equal([changed.href, changed.warnings, changed.warningIndex], ['http://a/b c?q', ['INVALID_CHAR'], 10]);
});

// ---------------------------------------------------------------------------------------------
// Every character of every component's complement.

/** What each component may hold unencoded (RFC 3986 §3), besides a valid %XX. */
const ALLOWED: Record<string, string> = {
  userinfo: "-._~!$&'()*+,;=:",
  host: "-._~!$&'()*+,;=",
  path: "-._~!$&'()*+,;=:@/",
  query: "-._~!$&'()*+,;=:@/?",
  fragment: "-._~!$&'()*+,;=:@/?",
};
const ALNUM = /^[A-Za-z0-9]$/;

test('every ASCII character of each component: encoded mode rejects the complement at its index, text mode round-trips all', () => {
  let rejected = 0;
  for (const [name, allowed] of Object.entries(ALLOWED)) {
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      const value = name === 'path' ? `/a${ch}b` : `a${ch}b`;
      const index = name === 'path' ? 2 : 1;
      const components = { scheme: 'x', host: 'h', [name]: value };
      const ok = ALNUM.test(ch) || allowed.includes(ch);
      if (ok) {
        assert.is(buildUri(components, { encoded: true })[name as 'path'], value, `${name} ${JSON.stringify(ch)}`);
      } else {
        try {
          buildUri(components, { encoded: true });
          assert.unreachable(`${name} ${JSON.stringify(ch)} accepted`);
        } catch (e) {
          assert.instance(e, UriError);
          assert.is((e as UriError).index, index, `${name} ${JSON.stringify(ch)}`);
          rejected++;
        }
      }
      // Text mode: whatever the character, decoding the component gives the text back; but a
      // host with ":" is an IPv6 address, which "a:b" is not.
      if (name === 'host' && ch === ':') {
        throwsUriError(() => buildUri(components), 'INVALID_IPV6', 4);
        continue;
      }
      const built = buildUri(components);
      const raw = built[name as 'path'] as string;
      assert.is(percentDecode(raw), value, `${name} ${JSON.stringify(ch)}`);
      assert.ok(isValid(built.href), built.href);
    }
  }
  // Per component: 128 less its allowed characters and the 62 alphanumerics.
  const expected = Object.values(ALLOWED).reduce((n, a) => n + (128 - 62 - a.length), 0);
  assert.is(rejected, expected);
});

// ---------------------------------------------------------------------------------------------
// Properties.

const text = fc.string({
  unit: fc.oneof(fc.constantFrom('%', '/', '?', '#', '@', ':', '[', ']', ' ', '+', '&', '='), codePoint),
  maxLength: 8,
});
const scheme = fc.constantFrom('http', 'x', 'A+b-c.d');
const components = fc.record(
  {
    scheme,
    userinfo: text,
    host: fc.oneof(text, fc.constantFrom('1.2.3.4', '::1', 'v1.x', '[v1.x]', 'example.com')),
    port: fc.oneof(fc.integer({ min: 0, max: 65535 }), fc.constantFrom('', '007')),
    path: text.map((t) => `/${t}`),
    query: text,
    fragment: text,
  },
  { requiredKeys: [] },
);

test('buildUri → parse: the text of every component comes back decoded, and the URI is strict', () => {
  fc.assert(
    fc.property(components, (c) => {
      const hasHost = c.host !== undefined;
      const input = { ...c, userinfo: hasHost ? c.userinfo : undefined, port: hasHost ? c.port : undefined };
      let u: Uri;
      try {
        u = buildUri(input);
      } catch (e) {
        // Only an IPv6-looking host that is no IPv6 address, or an IPvFuture, may fail.
        assert.instance(e, UriError);
        assert.ok(c.host !== undefined && (c.host.includes(':') || c.host.startsWith('[')), String(e));
        return;
      }
      const p = parse(u.href);
      assert.is(p.href, u.href);
      assert.is(p.flags, u.flags);
      if (input.scheme !== undefined) assert.is(p.scheme, input.scheme);
      if (input.userinfo !== undefined) assert.is(p.decodedUserinfo, input.userinfo);
      if (input.host !== undefined && !input.host.includes(':') && !input.host.startsWith('[')) assert.is(p.decodedHost, input.host);
      if (input.port !== undefined) assert.is(p.port, String(input.port));
      // Without a host, a path that begins with "//" gets "/." in front (§3.3).
      const path = input.path ?? '';
      assert.is(p.decodedPath, input.host === undefined && path.startsWith('//') ? `/.${path}` : path);
      if (input.query !== undefined) assert.is(p.decodedQuery, input.query);
      if (input.fragment !== undefined) assert.is(p.decodedFragment, input.fragment);
    }),
    { seed: 61, numRuns: runs(3000) },
  );
});

/** Changes of every kind, valid or not, encoded as the getters give them. */
const rawPiece = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'B', '%41', '.', '..', '-', '~', '1.2.3.4', '[::1]', '/'), weight: 8 },
  { arbitrary: fc.constantFrom('%', '?', '#', '@', ':', '[', ']', ' ', 'ü', '%zz'), weight: 2 },
  { arbitrary: fc.string({ maxLength: 3 }), weight: 1 },
);
const rawText = fc.array(rawPiece, { maxLength: 4 }).map((a) => a.join(''));
const change = fc.record(
  {
    scheme: fc.option(fc.oneof(scheme, rawText), { nil: undefined }),
    userinfo: fc.option(rawText, { nil: undefined }),
    host: fc.option(rawText, { nil: undefined }),
    port: fc.option(fc.oneof(fc.constantFrom('80', '', 'x'), rawText), { nil: undefined }),
    path: fc.option(rawText, { nil: undefined }),
    query: fc.option(rawText, { nil: undefined }),
    fragment: fc.option(rawText, { nil: undefined }),
  },
  { requiredKeys: [] },
);
const start = fc.constantFrom('http://u:p@h:8080/a/b?q=1#f', 'mailto:a@b', '//h', '/p', 'x:', '', 'http://[::1]/', 'file:///etc');

test('with never produces an invalid URI: the result is strict and what a scan of its text gives', () => {
  const n = runs(5000);
  let built = 0;
  fc.assert(
    fc.property(start, change, fc.constantFrom(true, false, undefined), (s, c, encoded) => {
      let w: Uri;
      try {
        w = parse(s).with(c, encoded === undefined ? undefined : { encoded });
      } catch (e) {
        if (e instanceof RangeError || e instanceof TypeError) return;
        assert.instance(e, UriError);
        return;
      }
      built++;
      const p = tryParse(w.href);
      assert.ok(p !== null, `${s} with ${JSON.stringify(c)} gave ${JSON.stringify(w.href)}`);
      assert.is(p!.flags, w.flags);
      for (const k of ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const) assert.is(w[k], p![k], k);
      // What changed holds what was given (encoded: exactly; text: decodes back).
      for (const k of ['userinfo', 'query', 'fragment'] as const) {
        if (Object.hasOwn(c, k) && c[k] !== undefined) assert.is(encoded === false ? percentDecode(w[k]!) : w[k], c[k]);
      }
      assert.is(normalize(w), normalize(w.href));
    }),
    { seed: 62, numRuns: n },
  );
  assert.ok(built > n * 0.06, `only ${built} of ${n} changes were valid`);
});

/** Every getter of `u`, for comparing a changed Uri with a fresh parse of its text. */
function getters(u: Uri): unknown[] {
  return [
    u.href,
    u.scheme,
    u.authority,
    u.userinfo,
    u.user,
    u.password,
    u.host,
    u.hostname,
    u.hostType,
    u.authorityKind,
    u.port,
    u.portNumber,
    u.defaultPort,
    u.origin,
    u.path,
    u.query,
    [...u.queryParams],
    u.queryParams.get('a'),
    u.fragment,
    u.requestTarget,
    u.schemeSpecificPart,
    u.isAbsolute,
    u.isOpaque,
    u.decodedPath,
    u.decodedUserinfo,
    u.decodedHost,
    u.decodedQuery,
    u.decodedFragment,
    u.warnings,
    u.warningIndex,
    u.flags,
    [...u.writeOffsets(new Uint32Array(15))],
  ];
}

/** Each component absent, empty and present, as text before a change and as the change. */
const STATES = {
  scheme: [undefined, 'http'],
  userinfo: [undefined, '', 'u:p'],
  host: [undefined, '', 'h'],
  port: [undefined, '', '8'],
  path: ['', '/p'],
  query: [undefined, '', 'a=1'],
  fragment: [undefined, '', 'f'],
} as const;
type State = { -readonly [K in keyof typeof STATES]: (typeof STATES)[K][number] };

/** Every URI of the STATES (a userinfo or port needs a host, a path after one is absolute). */
function everyStart(): string[] {
  const out: string[] = [];
  const walk = (keys: (keyof State)[], s: Partial<State>): void => {
    if (keys.length === 0) {
      if (s.host === undefined && (s.userinfo !== undefined || s.port !== undefined)) return;
      const auth =
        s.host === undefined
          ? ''
          : `//${s.userinfo === undefined ? '' : `${s.userinfo}@`}${s.host}${s.port === undefined ? '' : `:${s.port}`}`;
      out.push(
        `${s.scheme === undefined ? '' : `${s.scheme}:`}${auth}${s.path}${s.query === undefined ? '' : `?${s.query}`}${s.fragment === undefined ? '' : `#${s.fragment}`}`,
      );
      return;
    }
    const [k, ...rest] = keys;
    for (const v of STATES[k!]) walk(rest, { ...s, [k!]: v });
  };
  walk(Object.keys(STATES) as (keyof State)[], {});
  return out;
}

test('with: every component absent, empty or present, before and after, reads as a fresh parse of its text', () => {
  const starts = everyStart();
  assert.is(starts.length, 2 * 2 * 3 * 3 * (1 + 2 * 3 * 3));
  let changed = 0;
  for (const s of starts) {
    const u = parse(s);
    for (const k of Object.keys(STATES) as (keyof State)[]) {
      for (const v of STATES[k]) {
        // Without options: the quick splice where it applies; with them: recomposition.
        for (const options of [undefined, { encoded: true }]) {
          let w: Uri;
          try {
            w = u.with({ [k]: v }, options);
          } catch (e) {
            // Only the structure rules refuse these changes (a port without a host, ...).
            assert.instance(e, UriError);
            assert.is((e as UriError).code, 'INVALID_COMPONENT', `${s} with ${k}: ${v}`);
            continue;
          }
          changed++;
          assert.is(w[k], v, `${s} with ${k}: ${v}`);
          assert.equal(getters(w), getters(parse(w.href)), `${s} with ${k}: ${v} (${w.href})`);
        }
      }
    }
  }
  assert.ok(changed > starts.length * 15 * 2, `only ${changed} changes were made`);
  // The shapes that were wrong: an empty query or fragment given a value.
  const q = parse('http://h/p?').with({ query: 'a=1' });
  assert.equal([q.href, q.query, q.queryParams.get('a')], ['http://h/p?a=1', 'a=1', '1']);
  assert.is(parse('http://h/p#').with({ fragment: 'f' }).fragment, 'f');
  assert.is(parse('http://h/p?#').with({ query: 'x' }).href, 'http://h/p?x#');
});

test('with: the composites authority, site, origin and requestTarget set the components they cover', () => {
  const u = parse('http://u@a.example/p?q=1#top');
  assert.is(u.with({ authority: 'x:y@b.example:81' }).href, 'http://x:y@b.example:81/p?q=1#top');
  assert.is(u.with({ authority: 'b' }).href, 'http://b/p?q=1#top');
  assert.is(u.with({ authority: '' }).href, 'http:///p?q=1#top');
  assert.is(u.with({ authority: '[::1]:8' }).href, 'http://[::1]:8/p?q=1#top');
  assert.is(u.with({ authority: undefined }).href, 'http:/p?q=1#top');
  assert.is(u.with({ site: 'https://c.example' }).href, 'https://c.example/p?q=1#top');
  assert.is(u.with({ site: 'mailto:' }).href, 'mailto:/p?q=1#top');
  assert.is(u.with({ site: '//h' }).href, '//h/p?q=1#top');
  assert.is(u.with({ site: undefined }).href, '/p?q=1#top');
  assert.is(u.with({ origin: 'https://d.example:8443' }).href, 'https://d.example:8443/p?q=1#top');
  assert.is(u.with({ origin: undefined }).href, '/p?q=1#top');
  assert.is(u.with({ requestTarget: '/n?x=1' }).href, 'http://u@a.example/n?x=1#top');
  assert.is(u.with({ requestTarget: '//n' }).href, 'http://u@a.example//n#top');
  assert.is(u.with({ requestTarget: '/' }).href, 'http://u@a.example/#top');
  assert.is(u.with({ requestTarget: undefined }).href, 'http://u@a.example#top');
  // With components the composite does not cover, and IRI characters as parse accepted them.
  assert.is(u.with({ authority: 'b', fragment: undefined }).href, 'http://b/p?q=1');
  assert.is(parse('http://ü/', { iri: true }).with({ authority: 'ö:1' }).href, 'http://ö:1/');
});

test('with: a bad composite is an error at its index in it; a covered component beside it a TypeError', () => {
  const u = parse('http://a/p');
  throwsUriError(() => u.with({ authority: 'a/b' }), 'INVALID_CHAR', 1, /the authority: it would end the authority/);
  throwsUriError(() => u.with({ authority: 'a b' }), 'INVALID_CHAR', 1, /the authority/);
  throwsUriError(() => u.with({ authority: 'h:x' }), 'INVALID_PORT', 3);
  throwsUriError(() => u.with({ site: 'http://h/x' }), 'INVALID_CHAR', 8, /the site/);
  throwsUriError(() => u.with({ site: 'http://h?q' }), 'INVALID_CHAR', 8);
  throwsUriError(() => u.with({ origin: '//d' }), 'MISSING_SCHEME', 0, /an origin is scheme:\/\/host\[:port\]/);
  throwsUriError(() => u.with({ origin: 'http:' }), 'INVALID_COMPONENT', 5);
  throwsUriError(() => u.with({ origin: 'http://u@d' }), 'INVALID_COMPONENT', 7, /no userinfo/);
  throwsUriError(() => u.with({ origin: 'http://' }), 'INVALID_COMPONENT', 7);
  throwsUriError(() => u.with({ requestTarget: 'n' }), 'INVALID_COMPONENT', 0, /begins with "\/"/);
  throwsUriError(() => u.with({ requestTarget: '' }), 'INVALID_COMPONENT', 0);
  throwsUriError(() => u.with({ requestTarget: '/a#b' }), 'INVALID_CHAR', 2, /no fragment/);
  throwsUriError(() => u.with({ requestTarget: '/a b' }), 'INVALID_CHAR', 2);
  assert.throws(() => u.with({ authority: 'h', host: 'x' }), /Uri#with: authority sets the host, and host is given too; give one of them/);
  assert.throws(() => u.with({ authority: 'h', user: 'x' }), /Uri#with: authority sets the userinfo, and user is given too/);
  assert.throws(() => u.with({ site: 's://h', origin: 's://h' }), /Uri#with: site and origin both set the scheme; give one of them/);
  assert.throws(() => u.with({ requestTarget: '/', query: 'x' }), /requestTarget sets the query/);
  assert.throws(
    () => u.with({ authority: 'h' }, { encoded: false }),
    /Uri#with: authority is split by the grammar, so it is given as written; options\.encoded cannot be false with it/,
  );
  assert.throws(() => u.with({ authority: 3 as unknown as string }), /Uri#with: authority must be a string, got a number \(3\)/);
});

test('a query of pairs or a record that writes no pair is no query, never a bare "?"; the string "" is an empty query', () => {
  const u = parse('http://a.example/p?q=1#top');
  assert.is(u.with({ query: {} }).href, 'http://a.example/p#top');
  assert.is(u.with({ query: [] }).href, 'http://a.example/p#top');
  assert.is(u.with({ query: { a: undefined } }).href, 'http://a.example/p#top');
  assert.is(u.with({ query: new Map() }).href, 'http://a.example/p#top');
  assert.is(u.with({ query: '' }).href, 'http://a.example/p?#top');
  assert.is(u.with({ query: undefined }).href, 'http://a.example/p#top');
  assert.is(buildUri({ scheme: 'http', host: 'h', query: {} }).href, 'http://h');
  assert.is(buildUri({ scheme: 'http', host: 'h', query: '' }).href, 'http://h?');
  assert.is(parse('http://h/').with({ query: {} }).href, 'http://h/');
});

test.run();

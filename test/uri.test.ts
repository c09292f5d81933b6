/**
 * The lazy `Uri` view: every getter, portNumber's edges, java.net.URI's scheme-specific part and
 * opacity, writeOffsets, toJSON, and caching.
 */
import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Flag, OFFSETS_LENGTH, parse, Slot, scan, tryParse, Uri, type UriComponents } from '../src/index.js';

test('every getter on the docs/api.md example', () => {
  const u = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f');
  assert.is(u.href, 'HTTP://u:p@[::1]:8080/a/b?q=1#f');
  assert.is(u.scheme, 'HTTP');
  assert.is(u.authority, 'u:p@[::1]:8080');
  assert.is(u.userinfo, 'u:p');
  assert.is(u.host, '[::1]');
  assert.is(u.hostType, 'ipv6');
  assert.is(u.port, '8080');
  assert.is(u.portNumber, 8080);
  assert.is(u.path, '/a/b');
  assert.is(u.query, 'q=1');
  assert.is(u.fragment, 'f');
  assert.is(u.schemeSpecificPart, '//u:p@[::1]:8080/a/b?q=1');
  assert.is(u.isAbsolute, true);
  assert.is(u.isOpaque, false);
  assert.is(u.toString(), 'HTTP://u:p@[::1]:8080/a/b?q=1#f');
  // UPPER: normalization would lower the scheme.
  assert.is(u.flags, Flag.SCHEME | Flag.AUTHORITY | Flag.USERINFO | Flag.PORT | Flag.QUERY | Flag.FRAGMENT | Flag.HOST_IPV6 | Flag.UPPER);
  // Strict parsing tolerates nothing.
  assert.equal(u.warnings, []);
  assert.is(u.warningIndex, undefined);
});

test('a relative reference: absent components are undefined, path is always a string', () => {
  const u = parse('a/b');
  assert.equal(
    [u.scheme, u.authority, u.userinfo, u.host, u.hostType, u.port, u.portNumber, u.query, u.fragment],
    [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  );
  assert.is(u.path, 'a/b');
  assert.is(u.isAbsolute, false);
  assert.is(u.isOpaque, false);
  assert.is(u.flags, 0);
  const e = parse('');
  assert.is(e.path, '');
  assert.is(e.schemeSpecificPart, '');
  assert.is(e.isAbsolute, false);
});

test('empty components are "" (present), not undefined', () => {
  const u = parse('http://@:?#');
  assert.equal([u.userinfo, u.host, u.port, u.path, u.query, u.fragment, u.authority], ['', '', '', '', '', '', '@:']);
  assert.is(u.portNumber, undefined);
  assert.is(u.hostType, 'reg-name');
});

test('hostType for each rule of §3.2.2', () => {
  assert.is(parse('http://example.com/').hostType, 'reg-name');
  assert.is(parse('http:///').hostType, 'reg-name');
  assert.is(parse('http://1.2.3.4/').hostType, 'ipv4');
  assert.is(parse('http://1.2.3.4.5/').hostType, 'reg-name');
  assert.is(parse('http://127.0.0/').hostType, 'reg-name');
  assert.is(parse('http://[::1]/').hostType, 'ipv6');
  assert.is(parse('http://[v1.x]/').hostType, 'ipvfuture');
  assert.is(parse('mailto:a@b').hostType, undefined);
});

test('portNumber: the value when present, not empty and at most 65535', () => {
  const port = (p: string): number | undefined => parse(`http://h:${p}/`).portNumber;
  assert.is(port(''), undefined);
  assert.is(port('0'), 0);
  assert.is(port('00000'), 0);
  assert.is(port('1'), 1);
  assert.is(port('80'), 80);
  assert.is(port('0080'), 80);
  assert.is(port('65535'), 65535);
  assert.is(port('065535'), 65535);
  assert.is(port('65536'), undefined);
  assert.is(port('99999'), undefined);
  assert.is(port('100000'), undefined);
  assert.is(port(`${'0'.repeat(28)}80`), 80); // 30 digits, value 80
  assert.is(port('9'.repeat(30)), undefined); // 30 digits, far above 65535
  assert.is(port('1'.repeat(30)), undefined);
  assert.is(parse('http://h/').portNumber, undefined);
  assert.is(parse('http://[::1]:443').portNumber, 443);
  assert.is(parse('//u@h:21?x').portNumber, 21);
  assert.is(parse('http://h:8080#f').portNumber, 8080);
  // The raw port keeps every digit.
  assert.is(parse(`http://h:${'9'.repeat(30)}`).port, '9'.repeat(30));
});

test('schemeSpecificPart and isOpaque as java.net.URI defines them', () => {
  const cases: Array<[string, string, boolean, boolean]> = [
    // input, schemeSpecificPart, isOpaque, isAbsolute
    ['mailto:a@b', 'a@b', true, true],
    ['mailto:a@b#frag', 'a@b', true, true],
    ['news:comp.lang.java', 'comp.lang.java', true, true],
    ['urn:isbn:096139210x', 'isbn:096139210x', true, true],
    ['a:b/c?d', 'b/c?d', true, true],
    ['a:', '', true, true],
    ['a:?q', '?q', true, true],
    ['a:#f', '', true, true],
    ['http://a/', '//a/', false, true],
    ['http://a/b?q#f', '//a/b?q', false, true],
    ['http://a', '//a', false, true],
    ['file:///etc', '///etc', false, true],
    ['file:/etc', '/etc', false, true],
    ['../../demo/b/index.html', '../../demo/b/index.html', false, false],
    ['a/b?c#d', 'a/b?c', false, false],
    ['//h/p', '//h/p', false, false],
    ['/p', '/p', false, false],
    ['?q', '?q', false, false],
    ['#f', '', false, false],
    ['docs/guide/collections/designfaq.html#28', 'docs/guide/collections/designfaq.html', false, false],
  ];
  for (const [input, ssp, opaque, absolute] of cases) {
    const u = parse(input);
    assert.is(u.schemeSpecificPart, ssp, input);
    assert.is(u.isOpaque, opaque, input);
    assert.is(u.isAbsolute, absolute, input);
  }
});

test('writeOffsets copies the record that scan filled and returns its argument', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  for (const s of ['HTTP://u:p@[::1]:8080/a/b?q=1#f', 'a/b', '', 'mailto:x', '//h:1', '?q#f', 'http://1.2.3.4/%41/./']) {
    assert.is(scan(s, rec), 0, s);
    const out = new Uint32Array(OFFSETS_LENGTH).fill(0xffffffff);
    const got = parse(s).writeOffsets(out);
    assert.is(got, out, s);
    assert.equal(Array.from(out), Array.from(rec), s);
    assert.is(out[Slot.ERROR_INDEX], 0, s);
    assert.is(out[Slot.LENGTH], s.length, s);
  }
  // "a://h/p": a0 :1 /2 /3 h4 /5, as the JSDoc example of writeOffsets says.
  assert.is(parse('a://h/p').writeOffsets(new Uint32Array(OFFSETS_LENGTH))[Slot.PATH_START], 5);
  // WARNING_INDEX is copied too (lenient mode), and is 0 without warnings.
  for (const s of ['http://u@h@x/a b', '/%zz', 'http://h/', '#a#b']) {
    assert.is(scan(s, rec, { lenient: true }), 0, s);
    const out = parse(s, { lenient: true }).writeOffsets(new Uint32Array(OFFSETS_LENGTH).fill(0xffffffff));
    assert.equal(Array.from(out), Array.from(rec), s);
  }
  assert.is(rec[Slot.WARNING_INDEX], 2); // "#a#b"
  assert.is(parse('http://h/', { lenient: true }).writeOffsets(new Uint32Array(OFFSETS_LENGTH).fill(9))[Slot.WARNING_INDEX], 0);
  // A longer record: the slots after OFFSETS_LENGTH are left alone.
  const big = new Uint32Array(OFFSETS_LENGTH + 1).fill(5);
  parse('a:b').writeOffsets(big);
  assert.is(big[OFFSETS_LENGTH], 5);
});

test('new Uri(input, offsets) is the view parse builds', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const s = 'ftp://u@h:21/p?q#f';
  assert.is(scan(s, rec), 0);
  const u = new Uri(s, rec);
  assert.instance(u, Uri);
  assert.equal(u.toJSON(), parse(s).toJSON());
  // The view copied what it needs: reusing the record changes nothing.
  assert.is(scan('x', rec), 0);
  assert.equal([u.host, u.port, u.path, u.query, u.fragment], ['h', '21', '/p', 'q', 'f']);
});

test('views do not share state: parse reuses one scratch record', () => {
  const a = parse('http://a.example:1/x?y#z');
  const b = parse('ftp://bb/yy');
  const c = tryParse('mailto:c');
  assert.equal([a.scheme, a.host, a.port, a.path, a.query, a.fragment], ['http', 'a.example', '1', '/x', 'y', 'z']);
  assert.equal([b.scheme, b.host, b.port, b.path, b.query, b.fragment], ['ftp', 'bb', undefined, '/yy', undefined, undefined]);
  assert.equal([c?.scheme, c?.host, c?.path], ['mailto', undefined, 'c']);
});

test('toJSON: the components, null where absent', () => {
  const full: UriComponents = {
    href: 'HTTP://u:p@[::1]:8080/a/b?q=1#f',
    scheme: 'HTTP',
    userinfo: 'u:p',
    host: '[::1]',
    hostType: 'ipv6',
    port: '8080',
    path: '/a/b',
    query: 'q=1',
    fragment: 'f',
  };
  assert.equal(parse(full.href).toJSON(), full);
  assert.equal(parse('a/b').toJSON(), {
    href: 'a/b',
    scheme: null,
    userinfo: null,
    host: null,
    hostType: null,
    port: null,
    path: 'a/b',
    query: null,
    fragment: null,
  });
  assert.equal(parse('file:///x').toJSON(), {
    href: 'file:///x',
    scheme: 'file',
    userinfo: null,
    host: '',
    hostType: 'reg-name',
    port: null,
    path: '/x',
    query: null,
    fragment: null,
  });
  assert.equal(parse('//@:?#').toJSON(), {
    href: '//@:?#',
    scheme: null,
    userinfo: '',
    host: '',
    hostType: 'reg-name',
    port: '',
    path: '',
    query: '',
    fragment: '',
  });
  assert.is(
    JSON.stringify(parse('mailto:a@b')),
    '{"href":"mailto:a@b","scheme":"mailto","userinfo":null,"host":null,"hostType":null,"port":null,"path":"a@b","query":null,"fragment":null}',
  );
});

test('decoded getters percent-decode their component, undefined where it is absent', () => {
  const u = parse('http://u%20s@h%41/a%20b?q%3D1#f%C3%BC');
  assert.is(u.decodedUserinfo, 'u s');
  assert.is(u.decodedHost, 'hA');
  assert.is(u.decodedPath, '/a b');
  assert.is(u.decodedQuery, 'q=1');
  assert.is(u.decodedFragment, 'fü');
  // The raw getters are unchanged.
  assert.equal([u.userinfo, u.host, u.path, u.query, u.fragment], ['u%20s', 'h%41', '/a%20b', 'q%3D1', 'f%C3%BC']);
  const r = parse('x');
  assert.equal(
    [r.decodedUserinfo, r.decodedHost, r.decodedQuery, r.decodedFragment, r.decodedPath],
    [undefined, undefined, undefined, undefined, 'x'],
  );
});

test('getters return identical values when read twice (cached slices)', () => {
  const getters = [
    'href',
    'scheme',
    'authority',
    'userinfo',
    'host',
    'hostType',
    'port',
    'portNumber',
    'path',
    'query',
    'fragment',
    'schemeSpecificPart',
    'isAbsolute',
    'isOpaque',
    'flags',
    'warnings',
    'warningIndex',
  ] as const;
  for (const s of ['HTTP://u:p@[::1]:8080/a/b?q=1#f', 'a/b', 'mailto:a@b', '//h:', '?#', 'http://h:65536/']) {
    const u = parse(s);
    for (const g of getters) {
      const first = u[g];
      assert.is(u[g], first, `${s} ${g}`);
      assert.is(u[g], first, `${s} ${g} (third read)`);
    }
    // Reading in the other order gives the same answers.
    const v = parse(s);
    for (const g of [...getters].reverse()) assert.is(v[g], u[g], `${s} ${g} (reverse order)`);
    assert.equal(v.toJSON(), u.toJSON());
  }
});

test('warnings: one code per kind of tolerated text, in a fixed order; warningIndex is the first', () => {
  const lenient = { lenient: true } as const;
  const cases: Array<[string, string[], number]> = [
    ['http://a/b c|d', ['INVALID_CHAR'], 10], // the JSDoc example
    ['/é', ['NON_ASCII'], 1],
    ['/%', ['INVALID_PERCENT_ENCODING'], 1],
    ['http://a@b@c/', ['MULTIPLE_AT'], 10],
    // All four, whatever order they come in: the list order is fixed, the index is the first.
    ['http://a@b@c/%zz é"', ['INVALID_CHAR', 'NON_ASCII', 'INVALID_PERCENT_ENCODING', 'MULTIPLE_AT'], 10],
    ['/"é%@', ['INVALID_CHAR', 'NON_ASCII', 'INVALID_PERCENT_ENCODING'], 1],
    ['/é%"', ['INVALID_CHAR', 'NON_ASCII', 'INVALID_PERCENT_ENCODING'], 1],
    ['/a%b é', ['INVALID_CHAR', 'NON_ASCII', 'INVALID_PERCENT_ENCODING'], 2],
  ];
  for (const [s, warnings, index] of cases) {
    const u = parse(s, lenient);
    assert.equal(u.warnings, warnings, s);
    assert.is(u.warningIndex, index, s);
    const flags =
      (Flag.WARN_CHAR * Number(warnings.includes('INVALID_CHAR'))) |
      (Flag.WARN_NON_ASCII * Number(warnings.includes('NON_ASCII'))) |
      (Flag.WARN_PERCENT * Number(warnings.includes('INVALID_PERCENT_ENCODING'))) |
      (Flag.WARN_AT * Number(warnings.includes('MULTIPLE_AT')));
    assert.is(u.flags & (Flag.WARN_CHAR | Flag.WARN_NON_ASCII | Flag.WARN_PERCENT | Flag.WARN_AT), flags, s);
    assert.is(u.toString(), s, s);
  }
  // Lenient parsing of clean input warns about nothing.
  const clean = parse('http://a/b?c#d', lenient);
  assert.equal([clean.warnings, clean.warningIndex], [[], undefined]);
  // A warning at index 0 is still a warning.
  assert.equal([parse(' ', lenient).warnings, parse(' ', lenient).warningIndex], [['INVALID_CHAR'], 0]);
});

test('toJSON and the components of a lenient parse are the raw text', () => {
  const u = parse('http://u@h@real.com:8080/a b?q=<x>#f#g', { lenient: true });
  assert.equal(u.toJSON(), {
    href: 'http://u@h@real.com:8080/a b?q=<x>#f#g',
    scheme: 'http',
    userinfo: 'u@h',
    host: 'real.com',
    hostType: 'reg-name',
    port: '8080',
    path: '/a b',
    query: 'q=<x>',
    fragment: 'f#g',
  });
  assert.is(u.authority, 'u@h@real.com:8080');
  assert.is(u.portNumber, 8080);
  assert.is(u.decodedPath, '/a b');
});

test('a Uri cannot be changed: assignment throws and answers stay those of the parsed text', () => {
  const u = parse('http://example.com/a');
  // Were it writable, assigning href would leave the view answering host === '/other.org/'.
  assert.throws(() => {
    (u as unknown as { href: string }).href = 'http://other.org/';
  }, TypeError);
  for (const k of ['scheme', 'host', 'path', 'port', 'origin', 'queryParams', 'flags']) {
    assert.throws(() => {
      (u as unknown as Record<string, unknown>)[k] = 'x';
    }, TypeError);
  }
  assert.equal([u.href, u.host, u.path], ['http://example.com/a', 'example.com', '/a']);
  // No own state to reach: the components live in private fields behind the prototype's getters.
  assert.equal(Object.keys(u), []);
  assert.is(Object.isFrozen(Uri.prototype), true);
  assert.throws(() => {
    (Uri.prototype as unknown as Record<string, unknown>).host = 'x';
  }, TypeError);
  assert.is(Object.prototype.toString.call(u), '[object Uri]');
});

test('util.inspect shows the URI and its components, not the private state', () => {
  assert.is(
    inspect(parse('http://u@h:80/p?q#f')),
    "Uri {\n  href: 'http://u@h:80/p?q#f',\n  scheme: 'http',\n  userinfo: 'u',\n  host: 'h',\n  port: '80',\n  path: '/p',\n  query: 'q',\n  fragment: 'f'\n}",
  );
  assert.is(inspect(parse('a')), "Uri { href: 'a', path: 'a' }");
  assert.is(inspect(parse('x y', { lenient: true })), "Uri { href: 'x y', path: 'x y', warnings: [ 'INVALID_CHAR' ] }");
});

test('origin (RFC 6454): scheme and host of the normal form, a default port left out, "null" without a host', () => {
  assert.is(parse('HTTPS://User@Example.COM:443/a?b').origin, 'https://example.com');
  assert.is(parse('http://a:8080/').origin, 'http://a:8080');
  assert.is(parse('http://a:080').origin, 'http://a');
  assert.is(parse('http://a:/').origin, 'http://a');
  assert.is(parse('http://[0:0::1]:80/').origin, 'http://[::1]');
  assert.is(parse('foo://h:1/x').origin, 'foo://h:1');
  assert.is(parse('http://%41%42.com/').origin, 'http://ab.com');
  assert.is(parse('http://a b/', { lenient: true }).origin, 'http://a%20b');
  for (const s of ['mailto:a@b', 'file:///etc/hosts', '//h/p', '/p', 'http:/p', 'x:']) assert.is(parse(s).origin, 'null', s);
});

test('hostname, defaultPort, requestTarget', () => {
  assert.equal(
    ['http://[::1]:8080/', 'http://[v1.x]/', 'http://A.com/', 'file:///', 'mailto:x'].map((s) => parse(s).hostname),
    ['::1', 'v1.x', 'A.com', '', undefined],
  );
  assert.equal(
    ['https://a/', 'HTTP://a/', 'wss://a', 'foo://a', '//a', 'toString:x'].map((s) => parse(s).defaultPort),
    [443, 80, 443, undefined, undefined, undefined],
  );
  assert.equal(
    ['http://a.example/x/y?q=1#top', 'http://a.example', 'http://a?q', '/p?', 'mailto:a@b?subject=x', 'x:/p', ''].map(
      (s) => parse(s).requestTarget,
    ),
    ['/x/y?q=1', '/', '/?q', '/p?', undefined, '/p', '/'],
  );
});

test('user and password: the userinfo split at its first ":", as written', () => {
  const split = (s: string): [string | undefined, string | undefined] => [parse(s).user, parse(s).password];
  assert.equal(split('ftp://anne:s%3Acret@h/'), ['anne', 's%3Acret']);
  assert.equal(split('ftp://anne@h/'), ['anne', undefined]);
  assert.equal(split('ftp://a:b:c@h/'), ['a', 'b:c']);
  assert.equal(split('ftp://:p@h/'), ['', 'p']);
  assert.equal(split('ftp://u:@h/'), ['u', '']);
  assert.equal(split('ftp://@h/'), ['', undefined]);
  assert.equal(split('ftp://h:21/'), [undefined, undefined]);
  assert.equal(split('urn:a:b@c'), [undefined, undefined]);
});

test('authorityKind and queryParams', () => {
  assert.equal(
    ['http://example.com:8080/', 'http://a_b/', 'http://256.1.1.1/', 'file:///x', 'mailto:a@b'].map((s) => parse(s).authorityKind),
    ['server', 'registry', 'registry', 'server', undefined],
  );
  const u = parse('http://h/?a=1&b=x%20y&b=2#c=3');
  assert.is(u.queryParams, u.queryParams);
  assert.equal(
    [...u.queryParams],
    [
      ['a', '1'],
      ['b', 'x y'],
      ['b', '2'],
    ],
  );
  assert.is(parse('http://h/#a=1').queryParams.size, 0);
  assert.is(parse('http://h/?a+b=1').queryParams.get('a+b'), '1');
});

test('site: the scheme and the authority as written, undefined without either (Addressable site)', () => {
  assert.is(parse('http://u:p@h.example:8080/a?q#f').site, 'http://u:p@h.example:8080');
  assert.is(parse('HTTP://h:/').site, 'HTTP://h:');
  assert.is(parse('//h/x').site, '//h');
  assert.is(parse('mailto:a@b').site, 'mailto:');
  assert.is(parse('file:///a').site, 'file://');
  assert.is(parse('/a?q').site, undefined);
  assert.is(parse('').site, undefined);
});

test('inferredPort: the port written, else the scheme default, else null; isIpBased: a scheme of DEFAULT_PORTS', () => {
  const port = (s: string): number | null => parse(s).inferredPort;
  assert.is(port('http://h:8080/'), 8080);
  assert.is(port('http://h:0/'), 0);
  assert.is(port('HTTPS://h/'), 443);
  assert.is(port('http://h:/'), 80);
  assert.is(port('wss://h'), 443);
  assert.is(port('http://h:65536/'), null);
  assert.is(port('s://h/'), null);
  assert.is(port('//h:81/'), 81);
  assert.is(port('//h/'), null);
  assert.is(port('urn:a:b'), null);
  assert.is(parse('HTTPS://h/').isIpBased, true);
  assert.is(parse('ssh://h').isIpBased, true);
  assert.is(parse('urn:a:b').isIpBased, false);
  assert.is(parse('//h/').isIpBased, false);
});

test("basename and extname: the decoded last segment without ';' parameters, and its extension", () => {
  const names = (s: string): [string, string] => [parse(s).basename, parse(s).extname];
  assert.equal(names('http://h/a/b%20c.tar.gz'), ['b c.tar.gz', '.gz']);
  assert.equal(names('http://h/a/b.tar.gz;v=1;w'), ['b.tar.gz', '.gz']);
  assert.equal(names('http://h/a;x/b%3Bc.d;p'), ['b;c.d', '.d']);
  assert.equal(names('http://h/a/b/'), ['b', '']);
  assert.equal(names('http://h/a/b//'), ['b', '']);
  assert.equal(names('http://h/'), ['', '']);
  assert.equal(names('http://h'), ['', '']);
  assert.equal(names('//'), ['', '']);
  assert.equal(names('/a/.profile'), ['.profile', '']);
  assert.equal(names('/a/..'), ['..', '']);
  assert.equal(names('/a/.a.b'), ['.a.b', '.b']);
  assert.equal(names('/a/b.'), ['b.', '.']);
  assert.equal(names('/a/b%2Fc.d'), ['b/c.d', '.d']);
  assert.equal(names('mailto:a@b.example'), ['a@b.example', '.example']);
  assert.equal(names('a.b?x.y#z.w'), ['a.b', '.b']);
  assert.equal(names('http://h/%FF.x'), ['\uFFFD.x', '.x']);
});

test('normalized: the Uri of the normal form, itself when normal', () => {
  const u = parse('HTTP://Example.COM:80/a/./b/%7e?%41#%7a');
  const n = u.normalized;
  assert.is(n.href, 'http://example.com/a/b/~?A#z');
  assert.equal([n.scheme, n.host, n.port, n.path, n.query, n.fragment], ['http', 'example.com', undefined, '/a/b/~', 'A', 'z']);
  assert.is(n.normalized, n);
  const same = parse('http://a/');
  assert.is(same.normalized, same);
  assert.is(parse('http://h/ü', { iri: true }).normalized.href, 'http://h/ü');
  assert.is(parse('http://[fe80::1%25EN0]/', { zoneId: true }).normalized.host, '[fe80::1%25EN0]');
  assert.is(parse('http://a b/%', { lenient: true }).normalized.href, 'http://a%20b/%25');
  assert.equal(parse('http://a b/', { lenient: true }).normalized.warnings, []);
});

test.run();

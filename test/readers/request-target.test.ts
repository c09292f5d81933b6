// Request targets (RFC 9112 §3.2) and the target URI (§3.3): every form and example of the RFC,
// each wrong form with its error and index, the Host header (RFC 9110 §7.2), and the security
// corpus read as request-targets.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ErrorCode,
  OFFSETS_LENGTH,
  parse,
  parseRequestTarget,
  type RequestTargetOptions,
  resolve,
  Slot,
  scanRequestTarget,
  scanRequestTargetBytes,
  TargetForm,
  targetFormName,
  UriError,
} from '../../src/index.js';
import { checkOffsets } from '../../src/syntax/offsets.js';
import { fixture } from '../support/paths.js';

const rec = new Uint32Array(OFFSETS_LENGTH);

function error(target: string | Uint8Array, options?: RequestTargetOptions): UriError {
  try {
    parseRequestTarget(target, options);
  } catch (e) {
    assert.instance(e, UriError);
    return e as UriError;
  }
  return assert.unreachable(`no error for ${String(target)}`) as never;
}

test('§3.2.1 origin-form: "GET /where?q=now" with Host www.example.org', () => {
  const t = parseRequestTarget('/where?q=now', { method: 'GET', host: 'www.example.org' });
  assert.is(t.form, 'origin');
  assert.is(t.uri.path, '/where');
  assert.is(t.uri.query, 'q=now');
  assert.is(t.uri.host, undefined);
  assert.is(t.targetUri, 'http://www.example.org/where?q=now');
  assert.is(t.hostMismatch, false);
  // Without a Host header there is no authority to rebuild the target URI with.
  assert.is(parseRequestTarget('/where?q=now').targetUri, undefined);
  // An empty Host gives no target URI an http(s) URI may have (RFC 9110 §4.2.1): the server
  // rejects the request or uses a default of its own (RFC 9112 §3.3).
  assert.is(parseRequestTarget('/', { host: '' }).targetUri, undefined);
  assert.is(parseRequestTarget('/internal/x', { host: '', scheme: 'https' }).targetUri, undefined);
  assert.is(parseRequestTarget('*', { method: 'OPTIONS', host: '' }).targetUri, undefined);
  assert.is(parseRequestTarget('/', { host: '', scheme: 'coap' }).targetUri, 'coap:///');
});

test('§3.2.2 absolute-form: the target URI is the target; Host is compared with it', () => {
  const target = 'http://www.example.org/pub/WWW/TheProject.html';
  const t = parseRequestTarget(target, { method: 'GET', host: 'www.example.org' });
  assert.is(t.form, 'absolute');
  assert.is(t.uri.host, 'www.example.org');
  assert.is(t.targetUri, target);
  assert.is(t.hostMismatch, false);
  assert.is(parseRequestTarget(target, { host: 'evil.example' }).hostMismatch, true);
  assert.is(parseRequestTarget(target, { host: 'WWW.Example.ORG:80' }).hostMismatch, false);
  assert.is(parseRequestTarget('http://u:p@WWW.example.org:/x', { host: 'www.example.org' }).hostMismatch, false);
  assert.is(parseRequestTarget(target, { host: 'www.example.org:8080' }).hostMismatch, true);
  assert.is(parseRequestTarget('https://a.example:443/', { host: 'a.example' }).hostMismatch, false);
  assert.is(parseRequestTarget('https://a.example:80/', { host: 'a.example' }).hostMismatch, true);
  assert.is(parseRequestTarget('http://[::1]:8080/', { host: '[::1]:8080' }).hostMismatch, false);
  assert.is(parseRequestTarget('http://[::1]/', { host: '[::2]' }).hostMismatch, true);
  // "an empty Host header field will be sent" for a target URI without an authority.
  assert.is(parseRequestTarget('urn:isbn:0451450523', { host: '' }).hostMismatch, false);
  assert.is(parseRequestTarget(target).hostMismatch, false);
});

test('§3.2.3 authority-form: "CONNECT www.example.com:80" with Host www.example.com', () => {
  const t = parseRequestTarget('www.example.com:80', { method: 'CONNECT', host: 'www.example.com' });
  assert.is(t.form, 'authority');
  assert.is(t.uri.host, 'www.example.com');
  assert.is(t.uri.port, '80');
  assert.is(t.uri.scheme, undefined);
  assert.is(t.uri.href, '//www.example.com:80');
  assert.is(t.targetUri, 'http://www.example.com:80');
  assert.is(parseRequestTarget('[2001:db8::1]:443', { method: 'CONNECT' }).uri.hostType, 'ipv6');
  assert.is(parseRequestTarget('192.0.2.1:443', { method: 'CONNECT', scheme: 'https' }).targetUri, 'https://192.0.2.1:443');
  // Without a method, host:port is the authority-form; with another method, an absolute-URI.
  assert.is(parseRequestTarget('www.example.com:443').form, 'authority');
  const get = parseRequestTarget('www.example.com:443', { method: 'GET' });
  assert.is(get.form, 'absolute');
  assert.is(get.uri.scheme, 'www.example.com');
});

test('§3.2.4 asterisk-form and §3.3 example 2: "OPTIONS *" with Host www.example.org:8080', () => {
  const t = parseRequestTarget('*', { method: 'OPTIONS', host: 'www.example.org:8080' });
  assert.is(t.form, 'asterisk');
  assert.is(t.uri.path, '*');
  assert.is(t.targetUri, 'http://www.example.org:8080');
  assert.is(parseRequestTarget('*').form, 'asterisk');
  // "OPTIONS http://www.example.org:8001" is the absolute-form, with an empty path.
  const o = parseRequestTarget('http://www.example.org:8001', { method: 'OPTIONS' });
  assert.is(o.form, 'absolute');
  assert.is(o.uri.path, '');
  assert.is(o.uri.port, '8001');
});

test('§3.3 example 1: over a secured connection the scheme is https', () => {
  const t = parseRequestTarget('/pub/WWW/TheProject.html', { host: 'www.example.org', scheme: 'https' });
  assert.is(t.targetUri, 'https://www.example.org/pub/WWW/TheProject.html');
});

test('origin-form: a path that begins with "//" is a path, never an authority', () => {
  for (const [target, path] of [
    ['//evil.example/x?y', '//evil.example/x'],
    ['///evil.example', '///evil.example'],
    ['//', '//'],
    ['//a:b@c', '//a:b@c'],
  ] as const) {
    const t = parseRequestTarget(target, { host: 'good.example' });
    assert.is(t.form, 'origin', target);
    assert.is(t.uri.path, path, target);
    assert.is(t.uri.host, undefined, target);
    assert.is(parse(t.targetUri!).host, 'good.example', target);
    assert.is(t.targetUri, `http://good.example${target}`);
    // The view resolves as the path it is.
    assert.is(resolve('http://good.example/a', t.uri), `http://good.example${target}`);
  }
});

test('every wrong form, with its error and index', () => {
  const cases: Array<[string, RequestTargetOptions | undefined, string, number]> = [
    ['', undefined, 'INVALID_REQUEST_TARGET', 0],
    ['a/b', undefined, 'INVALID_REQUEST_TARGET', 0],
    ['?q', undefined, 'INVALID_REQUEST_TARGET', 0],
    ['/a#b', undefined, 'INVALID_CHAR', 2],
    ['//x#', undefined, 'INVALID_CHAR', 3],
    ['http://a/#f', undefined, 'INVALID_CHAR', 9],
    ['/a b', undefined, 'INVALID_CHAR', 2],
    ['///a b', undefined, 'INVALID_CHAR', 4],
    ['/%zz', undefined, 'INVALID_PERCENT_ENCODING', 1],
    ['/[x]', undefined, 'INVALID_CHAR', 1],
    ['*', { method: 'GET' }, 'INVALID_REQUEST_TARGET', 0],
    ['**', undefined, 'INVALID_REQUEST_TARGET', 0],
    ['/x', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 0],
    // "*" is a reg-name: the port is missing.
    ['*', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 1],
    ['http://a:80', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 5],
    ['u@h:1', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 1],
    ['h', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 1],
    ['h:', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 2],
    ['h:1/x', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 3],
    ['h:1?x', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 3],
    [':80', { method: 'CONNECT' }, 'INVALID_REQUEST_TARGET', 0],
    ['h:8x', { method: 'CONNECT' }, 'INVALID_PORT', 4],
    ['[::1:443', { method: 'CONNECT' }, 'UNCLOSED_IP_LITERAL', 8],
    ['a b:80', { method: 'CONNECT' }, 'INVALID_CHAR', 1],
    ['http://a b/', { method: 'GET' }, 'INVALID_CHAR', 8],
  ];
  for (const [target, options, code, index] of cases) {
    const e = error(target, options);
    assert.is(`${e.code} ${e.index}`, `${code} ${index}`, JSON.stringify(target));
    // The zero-allocation scanner agrees, over strings and bytes.
    const form = scanRequestTarget(target, rec, options?.method);
    assert.is(-form, ErrorCode[code as keyof typeof ErrorCode], target);
    assert.is(rec[Slot.ERROR_INDEX], index, target);
    const bytes = Buffer.from(`GET ${target} HTTP/1.1`);
    const b = scanRequestTargetBytes(bytes, 4, 4 + target.length, rec, options?.method);
    assert.is(-b, ErrorCode[code as keyof typeof ErrorCode], target);
    assert.is(rec[Slot.ERROR_INDEX], 4 + index, target);
  }
});

test('the messages say what each form is and what the method takes', () => {
  assert.is(error('').message, 'Invalid request-target "" at index 0: it is empty (RFC 9112 §3.2)');
  assert.is(
    error('a/b').message,
    'Invalid request-target "a/b" at index 0: it is none of origin-form ("/path?query"), absolute-form ("http://host/path"), authority-form ("host:port", CONNECT) or "*" (OPTIONS) (RFC 9112 §3.2)',
  );
  assert.is(
    error('*', { method: 'GET' }).message,
    'Invalid request-target "*" at index 0: "*" (the asterisk-form) is for OPTIONS only (RFC 9112 §3.2)',
  );
  const connect = 'CONNECT takes the authority-form, uri-host ":" port (such as "example.com:443")';
  assert.is(error('/x', { method: 'CONNECT' }).message, `Invalid request-target "/x" at index 0: ${connect}: it is a path (RFC 9112 §3.2)`);
  assert.is(
    error('h', { method: 'CONNECT' }).message,
    `Invalid request-target "h" at index 1: ${connect}: the port is missing (a CONNECT target names its port) (RFC 9112 §3.2)`,
  );
  assert.is(
    error('u@h:1', { method: 'CONNECT' }).message,
    `Invalid request-target "u@h:1" at index 1: ${connect}: an authority-form target has no userinfo (RFC 9112 §3.2)`,
  );
  assert.is(
    error('h:1/x', { method: 'CONNECT' }).message,
    `Invalid request-target "h:1/x" at index 3: ${connect}: an authority-form target has no path (RFC 9112 §3.2)`,
  );
  assert.is(
    error(':1', { method: 'CONNECT' }).message,
    `Invalid request-target ":1" at index 0: ${connect}: the host is missing (RFC 9112 §3.2)`,
  );
  assert.is(
    error('h:1?x', { method: 'CONNECT' }).message,
    `Invalid request-target "h:1?x" at index 3: ${connect}: it is not host:port (RFC 9112 §3.2)`,
  );
  assert.is(error('/a b').message, `Invalid character ' ' at index 2 in "/a b"`);
});

test('the Host header: uri-host [ ":" port ], IP literals included, checked', () => {
  for (const host of ['www.example.org', 'www.example.org:8080', '[::1]', '[::1]:80', '192.0.2.1:0', 'h:', '[v1.x]']) {
    assert.is(parseRequestTarget('/', { host }).targetUri, `http://${host}/`, host);
  }
  // An empty Host is valid (RFC 9110 §7.2) and gives an http URI nothing (§4.2.1).
  assert.is(parseRequestTarget('/', { host: '' }).targetUri, undefined);
  const cases: Array<[string, number, string]> = [
    ['a b', 1, `Invalid character ' ' at index 1 in "a b"`],
    ['u@h', 1, 'a Host header has no userinfo'],
    ['h/p', 1, 'a Host header has no path, query or fragment'],
    ['h?q', 1, 'a Host header has no path, query or fragment'],
    ['h:x', 3, 'Invalid port'],
    ['[::1', 4, 'Unclosed IP literal'],
    ['[fe80::1%25eth0]', 8, 'Invalid IPv6 address'],
  ];
  for (const [host, index, why] of cases) {
    const e = error('/', { host });
    assert.is(e.code, 'INVALID_HOST_HEADER', host);
    assert.is(e.index, index, host);
    assert.is(e.input, host);
    assert.ok(e.message.startsWith(`Invalid Host header ${JSON.stringify(host)} at index ${index}: ${why}`), e.message);
    assert.ok(e.message.endsWith('; it must be uri-host [ ":" port ] (RFC 9110 §7.2)'), e.message);
  }
  // The same Host on every request is checked once, and still answered the same.
  assert.is(parseRequestTarget('/a', { host: 'h' }).targetUri, 'http://h/a');
  assert.is(parseRequestTarget('/b', { host: 'h' }).targetUri, 'http://h/b');
  assert.is(error('/', { host: 'a b' }).code, 'INVALID_HOST_HEADER');
  assert.is(parseRequestTarget('/', { host: '[fe80::1%25eth0]', zoneId: true }).targetUri, 'http://[fe80::1%25eth0]/');
});

test('bytes: the target range of a request line', () => {
  const line = Buffer.from('CONNECT www.example.com:443 HTTP/1.1');
  // An authority-form record has no "//" before AUTHORITY_START: the target starts there.
  assert.is(scanRequestTargetBytes(line, 8, 27, rec, 'CONNECT'), TargetForm.AUTHORITY);
  assert.is(rec[Slot.AUTHORITY_START], 8);
  assert.is(line.toString('latin1', rec[Slot.HOST_START], rec[Slot.HOST_END]), 'www.example.com');
  assert.is(line.toString('latin1', rec[Slot.PORT_START], rec[Slot.PATH_START]), '443');
  const get = Buffer.from('GET //a/b?c HTTP/1.1');
  assert.is(scanRequestTargetBytes(get, 4, 11, rec, 'GET'), TargetForm.ORIGIN);
  assert.is(get.toString('latin1', rec[Slot.PATH_START], rec[Slot.PATH_END]), '//a/b');
  assert.is(get.toString('latin1', rec[Slot.QUERY_START], rec[Slot.QUERY_END]), 'c');
  assert.is(scanRequestTargetBytes(Buffer.from('OPTIONS * HTTP/1.1'), 8, 9, rec, 'OPTIONS'), TargetForm.ASTERISK);
  assert.is(rec[Slot.PATH_START], 8);
  assert.is(rec[Slot.PATH_END], 9);
  // A long authority-form grows the scratch buffer.
  const long = `${'a'.repeat(1000)}.example:443`;
  assert.is(scanRequestTargetBytes(Buffer.from(long), 0, long.length, rec, 'CONNECT'), TargetForm.AUTHORITY);
  assert.is(rec[Slot.PORT_START], long.length - 3);
  const t = parseRequestTarget(Buffer.from('GET /ü?x HTTP/1.1'), { start: 4, end: 10, lenient: true });
  assert.is(t.uri.path, '/ü');
  assert.is(parseRequestTarget(Buffer.from('/a')).uri.path, '/a');
  assert.throws(
    () => parseRequestTarget(Buffer.from('/a'), { start: 1, end: 9 }),
    /parseRequestTarget: \[start, end\) must lie in the buffer of 2 bytes, got \[1, 9\)/,
  );
  assert.throws(() => scanRequestTargetBytes(Buffer.from('/a'), 2, 1, rec), /must lie in the buffer/);
});

test('the scanner records are sound, and origin-form strings allocate no view', () => {
  for (const [target, method, form] of [
    ['/a/b?c', 'GET', TargetForm.ORIGIN],
    ['//a//b', 'GET', TargetForm.ORIGIN],
    ['http://u@h:1/p?q', 'GET', TargetForm.ABSOLUTE],
    ['h:1', 'CONNECT', TargetForm.AUTHORITY],
    ['*', 'OPTIONS', TargetForm.ASTERISK],
    ['/a b', null, -ErrorCode.INVALID_CHAR],
  ] as const) {
    assert.is(scanRequestTarget(target, rec, method), form, target);
    if (form === TargetForm.ABSOLUTE || form === TargetForm.ASTERISK || target === '/a/b?c')
      assert.is(checkOffsets(rec, target), undefined, target);
  }
  assert.is(scanRequestTarget('/a%20b', rec, undefined, { lenient: true }), TargetForm.ORIGIN);
  assert.is(scanRequestTarget('//a b', rec, undefined, { lenient: true }), TargetForm.ORIGIN);
  assert.is(rec[Slot.WARNING_INDEX], 3);
  assert.is(targetFormName(TargetForm.ORIGIN), 'origin');
  assert.is(targetFormName(4), 'asterisk');
  assert.throws(() => targetFormName(0), /targetFormName: form must be 1 to 4/);
});

test('the origin-form fills the record exactly on the fast path of scan as on its table machine', () => {
  // Every ASCII character in the path and in the query, with and without dot-segments: without
  // options (scan's fast path first) and with an option that changes nothing here but takes the
  // table machine (iri), the records agree on all of them.
  const inputs: string[] = [];
  for (let c = 0; c < 0x80; c++) {
    const ch = String.fromCharCode(c);
    inputs.push(`/a${ch}b`, `/a?${ch}`, `/${ch}`, `/./${ch}?x`, `/a/.${ch}`, `/${ch}/..?q?${ch}`);
  }
  inputs.push('/', '/?', '/a?', '/.', '/..', '/a/./b?c/.d', '/%41', '/a?%zz', '/ü', '//a', '/a#');
  const iri = new Uint32Array(OFFSETS_LENGTH);
  for (const t of inputs) {
    const fast = scanRequestTarget(t, rec, 'GET');
    const slow = scanRequestTarget(t, iri, 'GET', { iri: true });
    if (t === '/ü') {
      assert.is(fast, -ErrorCode.INVALID_CHAR);
      continue;
    }
    assert.is(fast, slow, JSON.stringify(t));
    if (fast > 0) assert.equal([...rec], [...iri], JSON.stringify(t));
    else assert.is(rec[Slot.ERROR_INDEX], iri[Slot.ERROR_INDEX], JSON.stringify(t));
  }
});

test('bad arguments are named', () => {
  assert.throws(
    () => parseRequestTarget(7 as unknown as string),
    /parseRequestTarget: target must be a string or a Uint8Array, got a number \(7\)/,
  );
  assert.throws(() => scanRequestTarget(null as unknown as string, rec), /scanRequestTarget: target must be a string, got null/);
  assert.throws(() => scanRequestTarget('/', new Uint32Array(3)), /scanRequestTarget: offsets must be a Uint32Array of 15 slots or more/);
  assert.throws(
    () => scanRequestTargetBytes('x' as unknown as Uint8Array, 0, 1, rec),
    /scanRequestTargetBytes: bytes must be a Uint8Array/,
  );
  assert.throws(
    () => parseRequestTarget('/', { method: 5 as unknown as string }),
    /parseRequestTarget: method must be a string, got a number \(5\)/,
  );
  assert.throws(() => parseRequestTarget('/', { host: 5 as unknown as string }), /parseRequestTarget: options.host must be a string/);
  assert.throws(() => parseRequestTarget('/', { scheme: 'ht tp' }), /parseRequestTarget: options.scheme must be a scheme such as "https"/);
});

test('RFC 9110 §4.2.1: an http or https target without a host is refused (new URL would read the path as the host)', () => {
  for (const [target, index] of [
    ['http:///internal/x', 7],
    ['HTTPS:///internal/x', 8],
    ['http://:80/x', 7],
    ['http://u@/x', 9],
    ['http://', 7],
    ['http:/internal/x', 5],
    ['http:internal', 5],
  ] as const) {
    for (const host of ['', 'internal', undefined]) {
      const e = error(target, { method: 'GET', host });
      assert.equal([e.code, e.index], ['INVALID_REQUEST_TARGET', index], `${target} Host ${host}`);
      assert.match(e.message, /an http or https URI has a host \(RFC 9110 §4\.2\.1\)/);
    }
    assert.is(scanRequestTarget(target, rec, 'GET'), -ErrorCode.INVALID_REQUEST_TARGET, target);
    assert.is(rec[Slot.ERROR_INDEX], index);
    const bytes = new TextEncoder().encode(` ${target} `);
    assert.is(scanRequestTargetBytes(bytes, 1, bytes.length - 1, rec, 'GET'), -ErrorCode.INVALID_REQUEST_TARGET, target);
    assert.is(rec[Slot.ERROR_INDEX], index + 1);
  }
  // Other schemes may have an empty host (file:///, a proxy's ftp:///).
  assert.is(parseRequestTarget('ftp:///x', { method: 'GET' }).targetUri, 'ftp:///x');
  assert.is(parseRequestTarget('http://internal/x', { method: 'GET', host: '' }).hostMismatch, true);
});

test("a CONNECT target that is not the Host header's authority is flagged (RFC 9112 §3.2: Host is the target URI's authority)", () => {
  const flagged = (target: string, host: string, scheme?: string): boolean =>
    parseRequestTarget(target, { method: 'CONNECT', host, ...(scheme === undefined ? {} : { scheme }) }).hostMismatch;
  assert.is(flagged('evil.example:443', 'good.example:443'), true);
  assert.is(flagged('good.example:443', 'good.example:443'), false);
  assert.is(flagged('GOOD.example:443', 'good.EXAMPLE:443'), false);
  assert.is(flagged('good.example:8443', 'good.example:443'), true);
  // RFC 9110 §9.3.6's example: Host without the port, the scheme's default.
  assert.is(flagged('server.example.com:80', 'server.example.com'), false);
  assert.is(flagged('server.example.com:443', 'server.example.com'), true);
  assert.is(flagged('server.example.com:443', 'server.example.com', 'https'), false);
  assert.is(flagged('[2001:db8::1]:443', '[2001:DB8::1]:443'), false);
  // Without a method, host:port is the authority-form, compared the same way; no Host, no flag.
  assert.is(parseRequestTarget('evil.example:443', { host: 'good.example:443' }).hostMismatch, true);
  assert.is(parseRequestTarget('evil.example:443', { method: 'CONNECT' }).hostMismatch, false);
});

test('options are read as own properties only: a polluted Object.prototype changes no target', () => {
  const props = { host: 'evil.example', method: 'CONNECT', scheme: 'https', start: 1, end: 2 };
  for (const [k, v] of Object.entries(props)) Object.defineProperty(Object.prototype, k, { value: v, configurable: true, writable: true });
  try {
    const t = parseRequestTarget('/x', {});
    assert.equal([t.form, t.targetUri, t.hostMismatch], ['origin', undefined, false]);
    assert.is(parseRequestTarget('/x').targetUri, undefined);
    assert.is(parseRequestTarget('/x', { host: 'a' }).targetUri, 'http://a/x');
    assert.is(parseRequestTarget(new TextEncoder().encode('/abc'), {}).uri.path, '/abc');
    assert.is(parseRequestTarget('http://a/', { host: 'a' }).hostMismatch, false);
  } finally {
    for (const k of Object.keys(props)) delete (Object.prototype as Record<string, unknown>)[k];
  }
});

test("arguments of the wrong type get the project's argument errors, Symbols too", () => {
  const s = Symbol('x');
  const bytes = new TextEncoder().encode('/a');
  const cases: [() => unknown, string][] = [
    [
      () => scanRequestTargetBytes(bytes, s as unknown as number, 1, rec),
      'scanRequestTargetBytes: start must be a number, got a symbol (Symbol(x))',
    ],
    [
      () => scanRequestTargetBytes(bytes, 0, s as unknown as number, rec),
      'scanRequestTargetBytes: end must be a number, got a symbol (Symbol(x))',
    ],
    [
      () => scanRequestTargetBytes(bytes, '0' as unknown as number, 1, rec),
      'scanRequestTargetBytes: start must be a number, got a string ("0")',
    ],
    [() => targetFormName(s as unknown as number), 'targetFormName: form must be a number (TargetForm), got a symbol (Symbol(x))'],
    [
      () => parseRequestTarget(bytes, { start: s as unknown as number }),
      'parseRequestTarget: options.start must be a number, got a symbol (Symbol(x))',
    ],
    [
      () => parseRequestTarget(bytes, { end: s as unknown as number }),
      'parseRequestTarget: options.end must be a number, got a symbol (Symbol(x))',
    ],
    [
      () => parseRequestTarget('/', { method: s as unknown as string }),
      'parseRequestTarget: method must be a string, got a symbol (Symbol(x))',
    ],
    [
      () => parseRequestTarget('/', { scheme: s as unknown as string }),
      'parseRequestTarget: options.scheme must be a scheme such as "https", got a symbol (Symbol(x))',
    ],
  ];
  for (const [f, message] of cases) {
    try {
      f();
      assert.unreachable(message);
    } catch (e) {
      assert.instance(e, TypeError, message);
      assert.not.instance(e, UriError, message);
      assert.is((e as Error).message, message);
    }
  }
  // A number out of range stays a RangeError.
  assert.throws(
    () => targetFormName(5),
    (e: unknown) => e instanceof RangeError && /got 5$/.test((e as Error).message),
  );
  assert.throws(() => scanRequestTargetBytes(bytes, 1, 9, rec), RangeError);
});

// The security corpus, read as request-targets of a GET: what RFC 9112 makes of each input,
// derived from the corpus's own hand-derived strict answers (test/fixtures/security.json).
interface Case {
  id: string;
  input: string;
  strict: {
    error?: { code: string; index: number };
    scheme?: string | null;
    userinfo?: string | null;
    host?: string | null;
    fragment?: string | null;
  };
}
const security = JSON.parse(readFileSync(fixture('security.json'), 'utf8')) as { cases: Case[] };

test('security corpus: each input is an error, an absolute-form, or an origin-form that keeps the Host', () => {
  let origin = 0;
  for (const c of security.cases) {
    const s = c.strict;
    let expected: string;
    if (c.input.startsWith('//')) expected = 'origin';
    else if (s.error !== undefined) expected = `${s.error.code} ${s.error.index}`;
    else if ((s.scheme === null || s.scheme === undefined) && !c.input.startsWith('/')) expected = 'INVALID_REQUEST_TARGET 0';
    else if (s.fragment !== null && s.fragment !== undefined) expected = `INVALID_CHAR ${c.input.indexOf('#')}`;
    // RFC 9110 §4.2.1: an http(s) URI without a host is invalid, at the host (or where the
    // authority would begin).
    else if (/^https?$/i.test(s.scheme ?? '') && !s.host) {
      const colon = c.input.indexOf(':');
      expected = `INVALID_REQUEST_TARGET ${s.host === '' ? colon + 3 + (s.userinfo == null ? 0 : s.userinfo.length + 1) : colon + 1}`;
    } else if (s.scheme !== null && s.scheme !== undefined) expected = 'absolute';
    else expected = 'origin';
    let actual: string;
    try {
      const t = parseRequestTarget(c.input, { method: 'GET', host: 'good.example' });
      actual = t.form;
      if (t.form === 'origin') {
        origin++;
        // The Host header, and only it, gives the target URI its authority.
        assert.is(parse(t.targetUri!, { lenient: true }).host, 'good.example', c.id);
      }
    } catch (e) {
      assert.instance(e, UriError, c.id);
      actual = `${(e as UriError).code} ${(e as UriError).index}`;
    }
    assert.is(actual, expected, c.id);
  }
  assert.is(origin, 4);
});

test('security corpus: the "//" inputs of the corpus are paths, with their errors where they have some', () => {
  const answers = Object.fromEntries(
    security.cases
      .filter((c) => c.input.startsWith('//') || c.input.startsWith('/\\'))
      .map((c) => {
        try {
          return [c.id, parseRequestTarget(c.input, { host: 'h' }).targetUri];
        } catch (e) {
          return [c.id, `${(e as UriError).code} ${(e as UriError).index}`];
        }
      }),
  );
  assert.equal(answers, {
    'relative-slash-backslash': 'INVALID_CHAR 1',
    'triple-slash-relative': 'http://h///evil.com',
    'quadruple-slash-relative': 'http://h////evil.com',
    'protocol-relative': 'http://h//evil.com',
  });
});

test.run();

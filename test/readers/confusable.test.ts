// parseRequestTarget's rejectConfusable: targets that RFC 3986 (as RFC 9112 reads a target) and
// the URL Standard (as `new URL(req.url, base)` reads it) read with another authority or path are
// refused with CONFUSABLE_TARGET at the component where the readings part; the rest pass.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode, parseRequestTarget, type RequestTargetOptions, UriError } from '../../src/index.js';

function refusal(target: string, options: RequestTargetOptions): UriError {
  try {
    parseRequestTarget(target, { ...options, rejectConfusable: true });
  } catch (e) {
    assert.instance(e, UriError);
    return e as UriError;
  }
  throw new Error(`${target} was not refused`);
}

test('refused: each family, with the index of the component where the readings part', () => {
  const cases: Array<[string, RequestTargetOptions, number, string]> = [
    // An origin-form that the URL Standard reads as a network-path reference: another host.
    ['//evil.example/x', { host: 'good.example' }, 0, 'read another host and path in it'],
    ['/\\evil.example/x', { host: 'good.example', lenient: true }, 0, 'read another host and path in it'],
    // Percent-encoded dot segments: removed by the URL Standard only.
    ['/static/%2e%2e/%2e%2e/etc/passwd', { host: 'good.example' }, 0, 'read another path in it'],
    ['/a/%2E/b', {}, 0, 'read another path in it'],
    // IPv4 number forms in the absolute-form and the authority-form.
    ['http://0x7f.1/admin', {}, 7, 'read another host in it'],
    ['http://2130706433/', { method: 'GET' }, 7, 'read another host in it'],
    ['0177.0.0.1:443', { method: 'CONNECT' }, 0, 'read another host in it'],
    // A backslash before "@": credentials to RFC 3986 (lenient), the host to the URL Standard.
    ['http://evil.example\\@good.example/', { lenient: true }, 7, 'read another userinfo, host and path in it'],
    // A fullwidth dot: one name to RFC 3986 (lenient), a dotted IPv4 address to the URL Standard.
    ['http://127\uff0e0\uff0e0\uff0e1/', { lenient: true }, 7, 'read another host in it'],
    // A host the URL Standard rejects (it decodes "%40" to "@"): no host and path for it.
    [
      'http://good.example%40evil.example/',
      {},
      7,
      'the URL Standard rejects it, RFC 3986 reads host "good.example@evil.example" and path "/"',
    ],
  ];
  for (const [target, options, index, names] of cases) {
    const e = refusal(target, options);
    assert.is(e.code, 'CONFUSABLE_TARGET', target);
    assert.is(e.index, index, target);
    assert.ok(e.message.includes(names), `${target}: ${e.message}`);
    // Without the option the same target is read as RFC 9112 reads it.
    assert.ok(parseRequestTarget(target, options).uri.href.length > 0, target);
  }
  assert.is(ErrorCode.CONFUSABLE_TARGET, 14);
});

test('the message names both readings', () => {
  assert.is(
    refusal('//evil.example/x', { host: 'good.example' }).message,
    'Confusable request-target "//evil.example/x" at index 0: RFC 3986 and the URL Standard read another host and path in it' +
      ' (host "good.example" for RFC 3986, "evil.example" for the URL Standard; path "//evil.example/x" for RFC 3986, "/x" for the URL Standard)',
  );
  assert.is(
    refusal('http://good.example%40evil.example/', {}).message,
    'Confusable request-target "http://good.example%40evil.example/" at index 7: the URL Standard rejects it, RFC 3986 reads host "good.example@evil.example" and path "/"',
  );
});

test('refused: a target whose normal form, forwarded, is a network-path reference', () => {
  // Both standards read these alike (the dot segments go, the path is "//evil.example/x"), but a
  // proxy forwards the normal form, whose origin-form "//evil.example/x" a back end's
  // `new URL(req.url, base)` reads as host evil.example.
  const cases: Array<[string, RequestTargetOptions, number]> = [
    ['/.//evil.example/x', { host: 'good.example' }, 0],
    ['/a/..//evil.example/x', { host: 'good.example' }, 0],
    ['/..//evil.example/x?q=1', {}, 0],
    ['/%2e//evil.example/x?q', { host: 'good.example' }, 0],
    ['http://a.example/.//evil.example/x', {}, 16],
    ['http://a.example/b/..//evil.example/x', { method: 'GET', host: 'a.example' }, 16],
  ];
  for (const [target, options, index] of cases) {
    const e = refusal(target, options);
    assert.is(e.code, 'CONFUSABLE_TARGET', target);
    assert.is(e.index, index, target);
  }
  assert.is(
    refusal('/.//evil.example/x', { host: 'good.example' }).message,
    'Confusable request-target "/.//evil.example/x" at index 0: forwarded in its normal form, "//evil.example/x",' +
      ' RFC 3986 and the URL Standard read another host and path in it' +
      ' (host "good.example" for RFC 3986, "evil.example" for the URL Standard; path "//evil.example/x" for RFC 3986, "/x" for the URL Standard)',
  );
  assert.is(
    refusal('http://a.example/.//evil.example/x', {}).message,
    'Confusable request-target "http://a.example/.//evil.example/x" at index 16: forwarded in its normal form, "//evil.example/x",' +
      ' RFC 3986 and the URL Standard read another host and path in it' +
      ' (host "a.example" for RFC 3986, "evil.example" for the URL Standard; path "//evil.example/x" for RFC 3986, "/x" for the URL Standard)',
  );
  // A normal form whose path begins with one "/" is forwarded as it is read.
  for (const target of ['/./x', '/a/../b', '/a//b', 'http://a.example/./b//c', 'foo:/./x', 'HTTP://A.example/./x']) {
    assert.is(parseRequestTarget(target, { host: 'good.example', rejectConfusable: true }).uri.href, target);
  }
});

test('passed: targets both standards read alike', () => {
  const cases: Array<[string, RequestTargetOptions]> = [
    ['/a/b?q=1', { host: 'good.example' }],
    ['/a/../b', { host: 'good.example' }],
    ['/a%2Fb/..%2f', { host: 'good.example' }],
    ['/%7euser/', {}],
    ['http://GOOD.example:80/x', {}],
    ['http://user:pw@good.example/x', {}],
    ['https://[0:0::1]:8443/', { method: 'GET' }],
    ['good.example:443', { method: 'CONNECT' }],
    ['*', { method: 'OPTIONS' }],
    ['/x', { host: 'good.example', scheme: 'https' }],
  ];
  for (const [target, options] of cases) {
    const t = parseRequestTarget(target, { ...options, rejectConfusable: true });
    assert.is(t.uri.href.length > 0, true, target);
  }
});

test.run();

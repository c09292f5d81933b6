// urikit/domain: registrable domains and public suffixes (Public Suffix List through tldts),
// with A-labels and U-labels giving the same answer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { publicSuffix, registrableDomain } from '../src/domain.js';
import { parse, parseWeb } from '../src/index.js';

test('registrable domain and public suffix of ordinary names', () => {
  assert.is(registrableDomain('www.example.co.uk'), 'example.co.uk');
  assert.is(publicSuffix('www.example.co.uk'), 'co.uk');
  assert.is(registrableDomain('example.com'), 'example.com');
  assert.is(registrableDomain('a.b.c.example.com'), 'example.com');
  assert.is(publicSuffix('a.b.c.example.com'), 'com');
  // A public suffix itself has no registrable domain.
  assert.is(registrableDomain('co.uk'), null);
  assert.is(publicSuffix('co.uk'), 'co.uk');
  // No rule matches: the PSL's default rule "*" makes the last label the suffix.
  assert.is(registrableDomain('a.b.unlisted-tld'), 'b.unlisted-tld');
  assert.is(publicSuffix('localhost'), 'localhost');
  assert.is(registrableDomain('localhost'), null);
});

test('case, a final dot and percent-encoding do not change the answer', () => {
  assert.is(registrableDomain('WWW.Example.COM'), 'example.com');
  assert.is(publicSuffix('Example.CO.UK'), 'co.uk');
  assert.is(registrableDomain('www.example.com.'), 'example.com');
  assert.is(registrableDomain('www.%65xample.com'), 'example.com');
  assert.is(registrableDomain('www.m%C3%BCnchen.de'), 'xn--mnchen-3ya.de');
});

test('IDN: A-labels and U-labels give the same answer, in ASCII', () => {
  assert.is(registrableDomain('食狮.中国'), 'xn--85x722f.xn--fiqs8s');
  assert.is(registrableDomain('xn--85x722f.xn--fiqs8s'), 'xn--85x722f.xn--fiqs8s');
  assert.is(publicSuffix('食狮.中国'), 'xn--fiqs8s');
  assert.is(publicSuffix('xn--85x722f.XN--FIQS8S'), 'xn--fiqs8s');
  assert.is(registrableDomain('www.münchen.de'), 'xn--mnchen-3ya.de');
  assert.is(registrableDomain('www.xn--mnchen-3ya.de'), 'xn--mnchen-3ya.de');
  assert.is(registrableDomain('WWW.MÜNCHEN.DE'), 'xn--mnchen-3ya.de');
  // UTS #46 maps full stops and full-width letters.
  assert.is(registrableDomain('ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ'), 'example.com');
});

test('private section: on by default, off on request', () => {
  assert.is(registrableDomain('a.github.io'), 'a.github.io');
  assert.is(publicSuffix('a.github.io'), 'github.io');
  assert.is(registrableDomain('a.github.io', { privateDomains: false }), 'github.io');
  assert.is(publicSuffix('a.github.io', { privateDomains: false }), 'io');
});

test('IP addresses and hosts that read as one have none', () => {
  for (const host of ['127.0.0.1', '[::1]', '[v1.x]', '::1', '01.2.3.4', '1.2.3', '0x7f.1', '10.0.0.1.', 'a.0x1F', '', '１２７.０.０.１']) {
    assert.is(registrableDomain(host), null, host);
    assert.is(publicSuffix(host), null, host);
  }
  // A numeric label that is not the last one is an ordinary label.
  assert.is(registrableDomain('123.example.com'), 'example.com');
  assert.is(registrableDomain('a.0xg'), 'a.0xg');
});

test('a host that is not a domain name has none', () => {
  assert.is(registrableDomain('a b.com'), null);
  assert.is(registrableDomain('xn--zz.com'), null);
  assert.is(registrableDomain('%ff.com'), null);
  assert.throws(() => registrableDomain(null as unknown as string), /registrableDomain: input must be a host, a URL or a Uri, got null/);
  assert.throws(() => publicSuffix(7 as unknown as string), /publicSuffix: input must be a host, a URL or a Uri, got a number \(7\)/);
});

test('a URL (a scheme and "//", read as an IRI) or a Uri answers for its host', () => {
  assert.is(registrableDomain('https://www.example.co.uk/x'), 'example.co.uk');
  assert.is(publicSuffix('https://www.example.co.uk/x'), 'co.uk');
  // An IRI's Unicode host answers as it does alone.
  assert.is(registrableDomain('https://www.münchen.de/x'), 'xn--mnchen-3ya.de');
  assert.is(registrableDomain('http://例え.jp/'), registrableDomain('例え.jp'));
  assert.is(registrableDomain('HTTP://user@WWW.Example.COM:8080/a?b#c'), 'example.com');
  assert.is(registrableDomain('ftp://a.github.io/', { privateDomains: false }), 'github.io');
  assert.is(registrableDomain(parse('https://www.example.co.uk/x')), 'example.co.uk');
  assert.is(publicSuffix(parse('http://www.m%C3%BCnchen.de/')), 'de');
  // What the URL Standard reads: the host it connects to.
  assert.is(registrableDomain(parseWeb('http://WWW.MÜNCHEN.DE\\x')), 'xn--mnchen-3ya.de');
  // No host, an IP address, or no URI-reference at all: none.
  for (const url of ['file:///etc/hosts', 'http://127.0.0.1/', 'http://[::1]/', 'http://0x7f.1/', 'http://a b.example/', 'http://[x/']) {
    assert.is(registrableDomain(url), null, url);
    assert.is(publicSuffix(url), null, url);
  }
  assert.is(registrableDomain(parse('mailto:a@example.com')), null);
  assert.is(registrableDomain(parse('/a/b')), null);
  // Without "//" a string is a host: "localhost:8080" is no domain name.
  assert.is(registrableDomain('localhost:8080'), null);
});

test.run();

/**
 * Every error that `scan` reports in strict mode, in every position of the grammar, with its
 * exact index: test/syntax/errors.test.ts checks each through every entry point, and
 * test/syntax/lenient.test.ts checks which of them lenient mode tolerates.
 */
import type { ErrorCode, ParseOptions } from '../../src/index.js';

export type Code = Exclude<keyof typeof ErrorCode, 'OK' | 'RELATIVE_BASE' | 'INVALID_UTF8'>;
export type Case = readonly [input: string, code: Code, index: number, options?: ParseOptions];

export const IRI: ParseOptions = { iri: true };
export const ZONE: ParseOptions = { zoneId: true };
export const ABS: ParseOptions = { absolute: true };

/** Every strict-mode error case. */
export const STRICT_ERRORS: readonly Case[] = [
  // ---- INVALID_CHAR: outside the grammar, in every component --------------------------------
  ['http://a.com/ b', 'INVALID_CHAR', 13],
  ['http://h/a\tb', 'INVALID_CHAR', 10],
  ['a\rb', 'INVALID_CHAR', 1],
  ['\nhttp://h', 'INVALID_CHAR', 0],
  ['http://h/\r\n', 'INVALID_CHAR', 9],
  ['http://h\u0000', 'INVALID_CHAR', 8],
  ['a\u007f', 'INVALID_CHAR', 1],
  [' http://h', 'INVALID_CHAR', 0],
  ['http://h ', 'INVALID_CHAR', 8],
  ['/a"b', 'INVALID_CHAR', 2],
  ['/<', 'INVALID_CHAR', 1],
  ['/>', 'INVALID_CHAR', 1],
  ['/\\', 'INVALID_CHAR', 1],
  ['/^', 'INVALID_CHAR', 1],
  ['/`', 'INVALID_CHAR', 1],
  ['/{', 'INVALID_CHAR', 1],
  ['/|', 'INVALID_CHAR', 1],
  ['/}', 'INVALID_CHAR', 1],
  // "[" and "]" outside an IP-literal
  ['[', 'INVALID_CHAR', 0],
  ['a[', 'INVALID_CHAR', 1],
  ['/a[b', 'INVALID_CHAR', 2],
  ['?]', 'INVALID_CHAR', 1],
  ['#[', 'INVALID_CHAR', 1],
  ['http://h]', 'INVALID_CHAR', 8],
  ['http://h:8]', 'INVALID_CHAR', 10],
  ['http://u@h[', 'INVALID_CHAR', 10],
  // scheme
  ['ht tp://h', 'INVALID_CHAR', 2],
  ['a:b c', 'INVALID_CHAR', 3],
  ['a:/b c', 'INVALID_CHAR', 4],
  // userinfo: an IP-literal cannot be userinfo, no "@" after the host, controls
  ['http://[::1]@h', 'INVALID_CHAR', 12],
  ['http://a@b@c', 'INVALID_CHAR', 10],
  ['http://@@', 'INVALID_CHAR', 8],
  ['http://u\u0000@h', 'INVALID_CHAR', 8],
  ['http://u:p w@h', 'INVALID_CHAR', 10],
  // host
  ['http://ex ample.com', 'INVALID_CHAR', 9],
  ['http://u@h st', 'INVALID_CHAR', 10],
  ['http://[::1]x', 'INVALID_CHAR', 12],
  ['http://[::1]]', 'INVALID_CHAR', 12],
  ['http://[::1 ]', 'INVALID_CHAR', 11],
  ['http://[::1/', 'INVALID_CHAR', 11],
  ['http://[::1@', 'INVALID_CHAR', 11],
  ['http://[[', 'INVALID_CHAR', 8],
  ['http://[é]', 'INVALID_CHAR', 8],
  // port: a character outside the grammar is INVALID_CHAR, before or after an "@" (not INVALID_PORT)
  ['http://h:8 0', 'INVALID_CHAR', 10],
  ['http://h:x y/', 'INVALID_CHAR', 10],
  ['http://u@h:8 0', 'INVALID_CHAR', 12],
  ['http://u@h:8\t0', 'INVALID_CHAR', 12],
  ['http://u@h:"', 'INVALID_CHAR', 11],
  ['http://[::1]:8 ', 'INVALID_CHAR', 14],
  ['http://[::1]:\u007f', 'INVALID_CHAR', 13],
  ['http://u@h:é', 'INVALID_CHAR', 11], // non-ASCII without iri is outside the grammar
  // path, query, fragment
  ['/a/b\u0001', 'INVALID_CHAR', 4],
  ['http://h?a b', 'INVALID_CHAR', 10],
  ['?\t', 'INVALID_CHAR', 1],
  ['#a b', 'INVALID_CHAR', 2],
  ['#a#b', 'INVALID_CHAR', 2],
  ['http://h#f#', 'INVALID_CHAR', 10],
  ['#\u007f', 'INVALID_CHAR', 1],
  // non-ASCII without iri
  ['http://h/é', 'INVALID_CHAR', 9],
  ['/😀', 'INVALID_CHAR', 1],
  ['é', 'INVALID_CHAR', 0],
  ['?é', 'INVALID_CHAR', 1],
  ['#é', 'INVALID_CHAR', 1],
  ['http://é.example/', 'INVALID_CHAR', 7],
  ['http://ü@h', 'INVALID_CHAR', 7],
  ['/\uD800', 'INVALID_CHAR', 1],
  // with iri: lone surrogates and code points that are neither ucschar nor (in a query) iprivate
  ['/\uD800x', 'INVALID_CHAR', 1, IRI],
  ['/\uD800', 'INVALID_CHAR', 1, IRI],
  ['/\uDC00', 'INVALID_CHAR', 1, IRI],
  ['/\uDC00\uD800', 'INVALID_CHAR', 1, IRI],
  ['?\uDFFF', 'INVALID_CHAR', 1, IRI],
  ['#\uD800', 'INVALID_CHAR', 1, IRI],
  ['#\uDC00', 'INVALID_CHAR', 1, IRI],
  ['#a\uD83D', 'INVALID_CHAR', 2, IRI],
  ['/\u0080', 'INVALID_CHAR', 1, IRI],
  ['/\u009F', 'INVALID_CHAR', 1, IRI],
  ['/\uFDD0', 'INVALID_CHAR', 1, IRI],
  ['/\uFFF0', 'INVALID_CHAR', 1, IRI],
  ['/\uFFFE', 'INVALID_CHAR', 1, IRI],
  ['/\uD83F\uDFFE', 'INVALID_CHAR', 1, IRI], // U+1FFFE
  ['/\uDB40\uDC00', 'INVALID_CHAR', 1, IRI], // U+E0000: plane 14 starts at U+E1000
  ['/\uE000', 'INVALID_CHAR', 1, IRI], // iprivate outside the query
  ['/\uDB80\uDC00', 'INVALID_CHAR', 1, IRI], // U+F0000, iprivate outside the query
  ['#\uE000', 'INVALID_CHAR', 1, IRI], // ifragment has no iprivate (RFC 3987 §2.2)
  ['?\uDBFF\uDFFE', 'INVALID_CHAR', 1, IRI], // U+10FFFE
  ['?\uDBBF\uDFFE', 'INVALID_CHAR', 1, IRI], // U+FFFFE
  ['#\u0085', 'INVALID_CHAR', 1, IRI],
  ['http://[::1]é', 'INVALID_CHAR', 12, IRI],
  // an astral character is reported at its first code unit (the high surrogate)
  ['http://[::1]😀', 'INVALID_CHAR', 12, IRI],
  ['http://[::1]😀', 'INVALID_CHAR', 12],
  ['http://[é]', 'INVALID_IPV6', 8, IRI],

  // ---- INVALID_PERCENT_ENCODING: at the "%" ---------------------------------------------------
  ['%', 'INVALID_PERCENT_ENCODING', 0],
  ['%4', 'INVALID_PERCENT_ENCODING', 0],
  ['%4g', 'INVALID_PERCENT_ENCODING', 0],
  ['%g4', 'INVALID_PERCENT_ENCODING', 0],
  ['%é0', 'INVALID_PERCENT_ENCODING', 0],
  ['%0é', 'INVALID_PERCENT_ENCODING', 0],
  ['a%zz', 'INVALID_PERCENT_ENCODING', 1],
  ['a:%', 'INVALID_PERCENT_ENCODING', 2],
  ['http://h/%', 'INVALID_PERCENT_ENCODING', 9],
  ['http://h/%%41', 'INVALID_PERCENT_ENCODING', 9],
  ['?%2', 'INVALID_PERCENT_ENCODING', 1],
  ['#%g0', 'INVALID_PERCENT_ENCODING', 1],
  ['#ok%', 'INVALID_PERCENT_ENCODING', 3],
  ['http://%41%4', 'INVALID_PERCENT_ENCODING', 10],
  ['http://u%@h', 'INVALID_PERCENT_ENCODING', 8],
  ['http://u:%zz@h', 'INVALID_PERCENT_ENCODING', 9],
  ['http://u@h%', 'INVALID_PERCENT_ENCODING', 10],
  ['http://[::1%eth0]', 'INVALID_PERCENT_ENCODING', 11],
  ['http://[::1%2]', 'INVALID_PERCENT_ENCODING', 11, ZONE],
  ['%\uD83D\uDE00', 'INVALID_PERCENT_ENCODING', 0, IRI],

  // ---- INVALID_SCHEME: ":" in a first segment that is not a scheme (§3.1, §4.2) ----------------
  [':', 'INVALID_SCHEME', 0],
  [':a', 'INVALID_SCHEME', 0],
  ['::', 'INVALID_SCHEME', 0],
  ['1a:b', 'INVALID_SCHEME', 2],
  ['1:', 'INVALID_SCHEME', 1],
  ['a_b:c', 'INVALID_SCHEME', 3],
  ['-a:', 'INVALID_SCHEME', 2],
  ['+:', 'INVALID_SCHEME', 1],
  ['.:', 'INVALID_SCHEME', 1],
  ['..:', 'INVALID_SCHEME', 2],
  ['a@b:c', 'INVALID_SCHEME', 3],
  ['%41:', 'INVALID_SCHEME', 3],
  ['a~:', 'INVALID_SCHEME', 2],
  ['é:x', 'INVALID_SCHEME', 1, IRI],
  ['aé:x', 'INVALID_SCHEME', 2, IRI],

  // ---- INVALID_PORT: port = *DIGIT (§3.2.3) ------------------------------------------------------
  // Before an "@", "host:x" may still be userinfo (userinfo = *( unreserved / pct-encoded /
  // sub-delims / ":" )): every character up to the end of the authority can be accepted, and the
  // first one that cannot is where the authority ends without an "@" (the "/", "?", "#" or the
  // input's length).
  ['http://h:x', 'INVALID_PORT', 10],
  ['http://h:x/', 'INVALID_PORT', 10],
  ['http://h:8x/', 'INVALID_PORT', 11],
  ['http://h:x#f', 'INVALID_PORT', 10],
  ['http://h:x?', 'INVALID_PORT', 10],
  ['http://h:80:90', 'INVALID_PORT', 14],
  ['http://h::', 'INVALID_PORT', 10],
  ['http://h:-1', 'INVALID_PORT', 11],
  ['http://h:1.5/', 'INVALID_PORT', 12],
  ['http://h:%30', 'INVALID_PORT', 12],
  ['//h:a?', 'INVALID_PORT', 5],
  ['http://w3c.org:80path1/path2', 'INVALID_PORT', 22],
  ['http://h:é', 'INVALID_PORT', 10, IRI], // ucschar is iuserinfo
  ['http://h:😀', 'INVALID_PORT', 11, IRI],
  // After an "@" (or an IP-literal) the port is known to be a port: the first non-digit.
  ['http://u@h:x', 'INVALID_PORT', 11],
  ['http://u@h:80x', 'INVALID_PORT', 13],
  ['http://u@h:1:2', 'INVALID_PORT', 12],
  ['http://u@h:%30', 'INVALID_PORT', 11],
  ['http://u@h:8@', 'INVALID_PORT', 12],
  ['http://[::1]:8a', 'INVALID_PORT', 14],
  ['http://[::1]:80@h', 'INVALID_PORT', 15],
  ['http://[::1]:[', 'INVALID_PORT', 13],
  ['http://u@:[', 'INVALID_PORT', 10],
  ['http://u@h:é', 'INVALID_PORT', 11, IRI],
  ['http://u@h:😀', 'INVALID_PORT', 11, IRI],

  // ---- INVALID_IPV6 (§3.2.2, RFC 6874) -----------------------------------------------------------
  ['http://[]', 'INVALID_IPV6', 8],
  ['http://[1]', 'INVALID_IPV6', 9],
  ['http://[:1]', 'INVALID_IPV6', 9],
  ['http://[:]', 'INVALID_IPV6', 9],
  ['http://[:::]', 'INVALID_IPV6', 10],
  ['http://[g::]', 'INVALID_IPV6', 8],
  ['http://[12345::]', 'INVALID_IPV6', 12],
  ['http://[1:23456::]', 'INVALID_IPV6', 14],
  ['http://[1::2::3]', 'INVALID_IPV6', 13],
  ['http://[1:2:3:4:5:6:7]', 'INVALID_IPV6', 21],
  ['http://[1:2:3:4:5:6:7:]', 'INVALID_IPV6', 22],
  ['http://[1:2:3:4:5:6:7::8]', 'INVALID_IPV6', 23], // "1:2:3:4:5:6:7::" is complete: the "8"
  ['http://[1:2:3:4:5:6:7:8:9]', 'INVALID_IPV6', 23], // the ":" after eight groups
  ['http://[1.2.3.4]', 'INVALID_IPV6', 9], // an IPv4 tail needs "::" or six groups first: the "."
  ['http://[1:2:3:4:5:6::1.2.3.4]', 'INVALID_IPV6', 22], // "1:2:3:4:5:6::1" is complete: the "."
  ['http://[::12345]', 'INVALID_IPV6', 14], // the fifth hex digit
  ['http://[1::-]', 'INVALID_IPV6', 11],
  ['http://[::1.2.3.256]', 'INVALID_IPV6', 18],
  ['http://[::1.2.3.04]', 'INVALID_IPV6', 17],
  ['http://[::1.2.3.4.5]', 'INVALID_IPV6', 17],
  ['http://[::1.2.3.4:5]', 'INVALID_IPV6', 17],
  ['http://[::1.2.3]', 'INVALID_IPV6', 15],
  ['http://[::1.2.3.]', 'INVALID_IPV6', 16],
  ['http://[::1.]', 'INVALID_IPV6', 12],
  ['http://[1:2:3:4:5:6:1.2.3]', 'INVALID_IPV6', 25],
  ['http://[fe80::1%25eth0]', 'INVALID_IPV6', 15],
  ['http://[fe80::1%41]', 'INVALID_IPV6', 15],
  ['http://[fe80::1%41]', 'INVALID_IPV6', 16, ZONE], // "%" can begin "%25": the "4"
  ['http://[fe80::1%2F]', 'INVALID_IPV6', 17, ZONE], // the "F" of "%2F"
  ['http://[fe80::1%25]', 'INVALID_IPV6', 18, ZONE],
  ['http://[fe80::1%25a!]', 'INVALID_IPV6', 19, ZONE],
  ['http://[fe80::1%25a:b]', 'INVALID_IPV6', 19, ZONE],
  ['http://[%25eth0]', 'INVALID_IPV6', 8, ZONE],
  ['http://[fe80::g%25eth0]', 'INVALID_IPV6', 14, ZONE],

  // ---- INVALID_IPVFUTURE: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) -----------------
  ['http://[v.x]', 'INVALID_IPVFUTURE', 9],
  ['http://[v1]', 'INVALID_IPVFUTURE', 10],
  ['http://[v1.]', 'INVALID_IPVFUTURE', 11],
  ['http://[vg.x]', 'INVALID_IPVFUTURE', 9],
  ['http://[v1x.y]', 'INVALID_IPVFUTURE', 10],
  ['http://[V]', 'INVALID_IPVFUTURE', 9],
  ['http://[v1.x%41]', 'INVALID_IPVFUTURE', 12],
  ['//[v1.x%25]', 'INVALID_IPVFUTURE', 7, ZONE],
  // RFC 3987 §2.2: ihost = IP-literal / IPv4address / ireg-name; IP-literal has no ucschar.
  ['http://[v1.é]', 'INVALID_IPVFUTURE', 11, IRI],
  ['http://[v1.x😀]', 'INVALID_IPVFUTURE', 12, IRI],

  // ---- MISSING_SCHEME (absolute): where `scheme ":"` stops being possible --------------------
  ['//h/p', 'MISSING_SCHEME', 0, ABS],
  ['/a', 'MISSING_SCHEME', 0, ABS],
  ['abc', 'MISSING_SCHEME', 3, ABS],
  ['a/b', 'MISSING_SCHEME', 1, ABS],
  ['', 'MISSING_SCHEME', 0, ABS],
  ['a1+-.', 'MISSING_SCHEME', 5, ABS],
  ['?q', 'MISSING_SCHEME', 0, ABS],
  ['ab?', 'MISSING_SCHEME', 2, ABS],
  ['1a', 'MISSING_SCHEME', 0, ABS],
  ['a_b', 'MISSING_SCHEME', 1, ABS],
  ['./a:b', 'MISSING_SCHEME', 0, ABS],
  ['aé/b', 'MISSING_SCHEME', 1, { absolute: true, iri: true }],
  // RFC 3986 §4.3: absolute-URI requires a scheme whatever follows, a fragment too.
  ['a/b#c', 'MISSING_SCHEME', 1, ABS],
  ['#f', 'MISSING_SCHEME', 0, ABS],
  ['//h#f', 'MISSING_SCHEME', 0, ABS],

  // ---- UNCLOSED_IP_LITERAL: the input ends inside "[" ------------------------------------------
  ['http://[::1', 'UNCLOSED_IP_LITERAL', 11],
  ['//[', 'UNCLOSED_IP_LITERAL', 3],
  ['http://[', 'UNCLOSED_IP_LITERAL', 8],
  ['http://u@[v1.x', 'UNCLOSED_IP_LITERAL', 14],
  ['//[::1%25', 'UNCLOSED_IP_LITERAL', 9, ZONE],

  // ---- TOO_LONG: more UTF-16 code units than maxLength, checked before anything else -------------
  ['abcdef', 'TOO_LONG', 5, { maxLength: 5 }],
  ['a', 'TOO_LONG', 0, { maxLength: 0 }],
  ['http://h/ x', 'TOO_LONG', 4, { maxLength: 4 }],
  ['http://[', 'TOO_LONG', 7, { maxLength: 7 }],
  ['//h#f', 'TOO_LONG', 2, { maxLength: 2, absolute: true }],
  ['😀', 'TOO_LONG', 1, { maxLength: 1, iri: true }],
];

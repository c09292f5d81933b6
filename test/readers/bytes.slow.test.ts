/**
 * scanBytes and LineScanner: bytes in, the same answers as scan over strings.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ByteView,
  ErrorCode,
  LineScanner,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  Slot,
  scan,
  scanBytes,
  UriError,
} from '../../src/index.js';
import { POSITION_SLOTS } from '../support/fuzz-checks.js';
import { benchData, fixture } from '../support/paths.js';

/** The inputs (and options) of the golden offsets fixture. */
function goldenInputs(): Array<[string, ParseOptions | undefined]> {
  const out: Array<[string, ParseOptions | undefined]> = [];
  for (const line of readFileSync(fixture('offsets.txt'), 'utf8').split('\n')) {
    if (line.startsWith('input ')) out.push([line.slice(6), undefined]);
    else if (line.startsWith('input-json ')) out.push([JSON.parse(line.slice(11)) as string, undefined]);
    else if (line.startsWith('options ') && out.length > 0) {
      const options: ParseOptions = {};
      for (const word of line.slice(8).split(' ')) (options as Record<string, boolean>)[word] = true;
      out[out.length - 1]![1] = options;
    }
  }
  return out;
}

const INVALID = [
  'http://a b/',
  'http://[::1',
  'http://h:x/',
  'a_b:c',
  '%zz',
  'http://[g]/',
  'http://[v1.é]/',
  'http://é/',
  'x\u0000',
  'http://u@h@x/',
  'http://[::1]@h/',
  '#a#b',
];

/** Byte position → string index, for records that hold non-ASCII characters. */
function stringIndex(s: string, byteIndex: number): number {
  let bytes = 0;
  let k = 0;
  while (k < s.length && bytes < byteIndex) {
    const cp = s.codePointAt(k)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    k += cp >= 0x10000 ? 2 : 1;
  }
  return k;
}

test('scanBytes agrees with scan on every golden and invalid input, in every mode', () => {
  const a = new Uint32Array(OFFSETS_LENGTH);
  const b = new Uint32Array(OFFSETS_LENGTH);
  const inputs = [...goldenInputs(), ...INVALID.map((s): [string, undefined] => [s, undefined])];
  assert.ok(inputs.length > 100);
  for (const [s, base] of inputs) {
    for (const mode of [{}, { lenient: true }, { iri: true }, { lenient: true, iri: true }]) {
      const options = { ...base, ...mode };
      const pad = Buffer.from(`>>${s}<<`, 'utf8');
      const code = scan(s, a, options);
      const bcode = scanBytes(pad, 2, pad.length - 2, b, options);
      const where = `${JSON.stringify(s)} ${JSON.stringify(options)}`;
      assert.is(bcode, code, where);
      if (code !== 0) {
        assert.is(stringIndex(s, b[Slot.ERROR_INDEX]! - 2), a[Slot.ERROR_INDEX], `${where} error ${code}`);
        continue;
      }
      assert.is(b[Slot.FLAGS], a[Slot.FLAGS], where);
      for (const slot of POSITION_SLOTS) {
        // Present slots are shifted by the 2 bytes of padding; absent ones stay 0.
        const expected =
          a[slot] === 0 && slot !== Slot.PATH_START && slot !== Slot.PATH_END && b[slot] === 0 ? 0 : stringIndex(s, b[slot]! - 2);
        assert.is(expected, a[slot], `${where} slot ${slot}`);
      }
      assert.is(b[Slot.LENGTH], pad.length - 2, where);
    }
  }
});

test('scanBytes: UTF-8 IRI characters are checked as UTF-8', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);
  const h = [0x68, 0x3a]; // "h:"
  assert.is(scanBytes(bytes(...h, 0xc3, 0xa9), 0, 4, rec, { iri: true }), 0); // é
  assert.is(scanBytes(bytes(...h, 0xf0, 0x9f, 0x98, 0x80), 0, 6, rec, { iri: true }), 0); // U+1F600
  assert.is(scanBytes(bytes(...h, 0xe4, 0xb8, 0xad), 0, 5, rec, { iri: true }), 0); // U+4E2D
  assert.is(scanBytes(bytes(...h, 0xef, 0xbf, 0xbd), 0, 5, rec, { iri: true }), ErrorCode.INVALID_CHAR); // U+FFFD is no ucschar
  for (const bad of [
    [0xc0, 0xaf], // overlong "/"
    [0xe0, 0x80, 0xaf], // overlong
    [0xed, 0xa0, 0x80], // a surrogate
    [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
    [0xc3], // truncated
    [0xc3, 0x41], // no continuation byte
    [0x80], // a lone continuation byte
    [0xc2, 0x80], // U+0080: not a ucschar
    [0xee, 0x80, 0x80], // U+E000 iprivate outside the query
  ]) {
    assert.is(scanBytes(bytes(...h, ...bad), 0, 2 + bad.length, rec, { iri: true }), ErrorCode.INVALID_CHAR, bad.join(','));
    assert.is(rec[Slot.ERROR_INDEX], 2, bad.join(','));
  }
  assert.is(scanBytes(bytes(...h, 0x3f, 0xee, 0x80, 0x80), 0, 6, rec, { iri: true }), 0); // iprivate in the query
  assert.is(scanBytes(bytes(...h, 0xc3, 0xa9), 0, 4, rec, { absolute: true, maxLength: 4 }), ErrorCode.INVALID_CHAR);
  assert.is(scanBytes(bytes(...h, 0x61), 0, 3, rec, { maxLength: 2 }), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 2);
  assert.is(scanBytes(bytes(0x2f, 0x61), 0, 2, rec, { absolute: true }), ErrorCode.MISSING_SCHEME);
  assert.is(rec[Slot.ERROR_INDEX], 0);
  assert.throws(() => scanBytes(bytes(1, 2), 1, 3, rec), RangeError);
  assert.throws(() => scanBytes(bytes(1, 2), 2, 1, rec), RangeError);
});

test('LineScanner walks records: CRLF, empty lines skipped (and counted), a last line without newline, sub-ranges', () => {
  const buf = Buffer.from('http://a.example/x?q\r\n\nhttp://a b/\n//h:8/p#f');
  const seen: unknown[] = [];
  const lines = new LineScanner(buf);
  while (lines.next()) {
    seen.push([
      lines.line,
      lines.code,
      lines.start,
      lines.end,
      lines.href,
      lines.scheme,
      lines.userinfo,
      lines.host,
      lines.hostType,
      lines.port,
      lines.path,
      lines.query,
      lines.fragment,
    ]);
  }
  assert.equal(seen, [
    [1, 0, 0, 20, 'http://a.example/x?q', 'http', undefined, 'a.example', 'reg-name', undefined, '/x', 'q', undefined],
    [3, ErrorCode.INVALID_CHAR, 23, 34, 'http://a b/', undefined, undefined, undefined, undefined, undefined, '', undefined, undefined],
    [4, 0, 35, 44, '//h:8/p#f', undefined, undefined, 'h', 'reg-name', '8', '/p', undefined, 'f'],
  ]);
  assert.is(lines.next(), false);
  const part = new LineScanner(buf, undefined, 23, 34, 10);
  assert.ok(part.next());
  assert.is(part.line, 10);
  const err = part.error();
  assert.instance(err, UriError);
  assert.equal([err.code, err.index, err.input], ['INVALID_CHAR', 8, 'http://a b/']);
  assert.is(part.uri(), null);
  assert.is(part.next(), false);
  // The README's example: empty lines (and "\r" alone) are no records, so no host is undefined.
  const hosts = new Set<string | undefined>();
  const readme = new LineScanner(Buffer.from('\nhttp://a/\n\n\r\nhttp://b/\n\r\n'), { lenient: true });
  while (readme.next()) if (readme.code === 0) hosts.add(readme.host);
  assert.equal([...hosts], ['a', 'b']);
  assert.is(readme.line, 6);
  assert.is(new LineScanner(Buffer.from('\n\r\n\n')).next(), false);
});

test('LineScanner: hosts of every type, userinfo, Uri views equal parse', () => {
  const text = ['http://u:p@1.2.3.4:80/a', 'http://[::1]/', 'http://[v1.x]/', 'mailto:a@b', 'file:///etc?x#y'];
  const lines = new LineScanner(new TextEncoder().encode(`${text.join('\n')}\n`));
  const types: unknown[] = [];
  while (lines.next()) {
    types.push([lines.hostType, lines.userinfo]);
    assert.equal(lines.uri()!.toJSON(), parse(lines.href).toJSON());
  }
  assert.equal(types, [
    ['ipv4', 'u:p'],
    ['ipv6', undefined],
    ['ipvfuture', undefined],
    [undefined, undefined],
    ['reg-name', undefined],
  ]);
});

test('LineScanner: requestTarget is Uri#requestTarget (undefined for an invalid record)', () => {
  const text = ['http://a.com', 'http://a.com/x/%C3%A9?q=1#f', '?q', 'rel/p', 'mailto:a@b', '//h', 'http://a b/'];
  const lines = new LineScanner(new TextEncoder().encode(`${text.join('\n')}\n`));
  const got: unknown[] = [];
  while (lines.next()) got.push(lines.requestTarget);
  assert.equal(got, ['/', '/x/%C3%A9?q=1', '/?q', 'rel/p', undefined, '/', undefined]);
  assert.equal(
    text.slice(0, -1).map((t) => parse(t).requestTarget),
    got.slice(0, -1),
  );
});

test('LineScanner: non-ASCII records decode as UTF-8 and errors point into the text', () => {
  const lines = new LineScanner(Buffer.from('http://é/ü x\nhttp://ü.example/é?ä\n'), { iri: true });
  assert.ok(lines.next());
  const err = lines.error();
  assert.equal([err.code, err.index], ['INVALID_CHAR', 10]);
  assert.ok(lines.next());
  assert.equal([lines.host, lines.path, lines.query], ['ü.example', '/é', 'ä']);
  assert.equal(lines.uri()!.toJSON(), parse('http://ü.example/é?ä', { iri: true }).toJSON());
  // A plain Uint8Array (not a Buffer) decodes too.
  const plain = new LineScanner(new Uint8Array(Buffer.from('http://ü/\n')), { iri: true });
  assert.ok(plain.next());
  assert.is(plain.host, 'ü');
  assert.is(plain.text(0, 4), 'http');
});

test('ByteView: components of a part of a line, decoded only when read', () => {
  const f = new ByteView({ lenient: true });
  const b = Buffer.from('x HTTP://h:8/p?q y http://ü/ z');
  assert.is(f.scan(b, 2, 16), 0);
  assert.equal([f.href, f.scheme, f.host, f.hostType, f.path, f.uri()!.port], ['HTTP://h:8/p?q', 'HTTP', 'h', 'reg-name', '/p', '8']);
  assert.is(f.scan(b, 19, 29), 0);
  assert.equal([f.href, f.host, f.uri()!.host], ['http://ü/', 'ü', 'ü']);
  assert.is(f.scan(b, 0, 1), 0);
  assert.equal([f.scheme, f.host, f.hostType], [undefined, undefined, undefined]);
  const strict = new ByteView(undefined);
  assert.ok(strict.scan(b, 19, 29) !== 0);
  assert.equal([strict.uri(), strict.path, strict.error().index], [null, '', 7]);
  assert.is(strict.scan(Buffer.from('[::1]'), 0, 5) !== 0, true);
  const types = new ByteView(undefined);
  const hostType = (s: string): string | undefined => {
    types.scan(Buffer.from(s), 0, s.length);
    return types.hostType;
  };
  assert.equal(['//[v1.x]', '//1.2.3.4', '//[::1]', '//h', '/p'].map(hostType), ['ipvfuture', 'ipv4', 'ipv6', 'reg-name', undefined]);
});

test('ByteView, lenient: bytes that are not UTF-8 read as their percent-encoding, so that distinct bytes stay distinct', () => {
  const v = new ByteView({ lenient: true });
  const read = (b: Buffer): [string, string | undefined, string, string] => {
    assert.is(v.scan(b, 0, b.length), 0);
    return [v.href, v.host, v.path, v.uri()!.href];
  };
  const latin1 = Buffer.concat([Buffer.from('http://h\xe9/caf'), Buffer.from([0xe9])]);
  assert.equal(
    read(latin1),
    ['http://h%C3%A9/caf%E9', 'h%C3%A9', '/caf%E9', 'http://h%C3%A9/caf%E9'].map((x) => x.replace('%C3%A9', 'é')),
  );
  const other = Buffer.concat([Buffer.from('http://h/caf'), Buffer.from([0xe8])]);
  assert.equal(read(other), ['http://h/caf%E8', 'h', '/caf%E8', 'http://h/caf%E8']);
  // Valid UTF-8 (é, and U+FFFD itself) reads as characters; each ill-formed byte as %XX: a lone
  // continuation byte, a cut sequence, an overlong form, a surrogate, past U+10FFFF.
  const mixed = Buffer.from([
    ...Buffer.from('/'),
    0xc3,
    0xa9,
    0xef,
    0xbf,
    0xbd,
    0x80,
    0xe2,
    0x82,
    0x41,
    0xc0,
    0xaf,
    0xed,
    0xa0,
    0x80,
    0xf4,
    0x90,
    0x80,
    0x80,
    0xff,
  ]);
  assert.equal(
    read(mixed),
    Array(4)
      .fill('/é\ufffd%80%E2%82A%C0%AF%ED%A0%80%F4%90%80%80%FF')
      .map((x, i) => (i === 1 ? undefined : x)),
  );
  // What was tolerated is found in the bytes, whatever the text shows.
  read(other);
  assert.equal([v.warnings, v.warningIndex, v.uri()!.warnings], [['NON_ASCII'], 12, []]);
  read(Buffer.from('http://h/a b'));
  assert.equal([v.warnings, v.warningIndex], [['INVALID_CHAR'], 10]);
  read(Buffer.from('http://h/ab'));
  assert.equal([v.warnings, v.warningIndex], [[], undefined]);
  // Strict and IRI modes reject such bytes: nothing to read.
  assert.is(new ByteView({ iri: true }).scan(other, 0, other.length), ErrorCode.INVALID_CHAR);
});

/** Lines of every kind: corpus URLs, invalid ones, non-ASCII, CRLF, empty, long. */
function mixedLines(): string[] {
  const corpus = readFileSync(benchData('elastic_apache_referrers.txt'), 'utf8').split('\n').slice(0, 4000);
  const odd = [
    '',
    'http://a b/',
    'http://a/%4',
    'http://ü.example/é',
    'HTTP://A/B?%7e#x',
    '/t?q=%41',
    '../x',
    'a:b',
    'http://[::1]:80/',
    'x\r',
  ];
  const out: string[] = [];
  corpus.forEach((line, k) => {
    out.push(line, odd[k % odd.length]!);
  });
  return out;
}

test('ByteView, lenient: a stray byte and a three-byte character that even out in length still make the right Uri', () => {
  // One stray byte reads as three characters (%E9) and "€" (three bytes) as one: the text has the
  // range's length, but its positions are not the bytes'.
  const b = Buffer.concat([Buffer.from('http://a/'), Buffer.from([0xe9]), Buffer.from('?€#f')]);
  const v = new ByteView({ lenient: true });
  assert.is(v.scan(b, 0, b.length), 0);
  assert.is(v.href.length, b.length);
  const uri = v.uri()!;
  assert.equal([uri.href, uri.path, uri.query, uri.fragment], ['http://a/%E9?€#f', '/%E9', '€', 'f']);
  assert.equal([v.path, v.query, v.fragment], ['/%E9', '€', 'f']);
});

test('LineScanner and ByteView read Latin-1 text: every record as scanBytes reads its bytes, in every mode', () => {
  // More than one 64 KiB window, so that records cross window ends, and one record longer than a window.
  const lines = mixedLines();
  lines.splice(700, 0, `http://a.example/${'p/'.repeat(40_000)}?q`);
  const bytes = Buffer.from(`${lines.join('\n')}\r\n`);
  assert.ok(bytes.length > 3 * 65536, `${bytes.length} bytes`);
  const want = new Uint32Array(OFFSETS_LENGTH);
  for (const options of [
    undefined,
    { lenient: true },
    { iri: true },
    { lenient: true, iri: true },
    { absolute: true },
    { maxLength: 40 },
  ]) {
    const ls = new LineScanner(bytes, options);
    const view = new ByteView(options);
    let records = 0;
    while (ls.next()) {
      records++;
      const code = scanBytes(bytes, ls.start, ls.end, want, options);
      const where = `record ${ls.line} ${JSON.stringify(options)}`;
      assert.is(ls.code, code, where);
      if (code === 0) assert.equal(Array.from(ls.offsets), Array.from(want), where);
      else assert.is(ls.offsets[Slot.ERROR_INDEX], want[Slot.ERROR_INDEX], where);
      // The same range through a ByteView, which copies it as Latin-1 itself.
      assert.is(view.scan(bytes, ls.start, ls.end), code, where);
      if (code === 0) assert.equal(Array.from(view.offsets), Array.from(want), where);
      else assert.is(view.offsets[Slot.ERROR_INDEX], want[Slot.ERROR_INDEX], where);
    }
    assert.is(records, lines.filter((l) => l !== '').length, `records (empty lines passed) ${JSON.stringify(options)}`);
  }
});

test('LineScanner: a record longer than the 64 KiB window, first and last', () => {
  const long = `http://a.example/${'x'.repeat(70_000)}`;
  for (const text of [`${long}\nhttp://b/`, `http://b/\n${long}`, long]) {
    const ls = new LineScanner(Buffer.from(text));
    const hosts: Array<string | undefined> = [];
    const lengths: number[] = [];
    while (ls.next()) {
      hosts.push(ls.host);
      lengths.push(ls.end - ls.start);
    }
    assert.equal(
      lengths,
      text.split('\n').map((l) => l.length),
    );
    assert.equal(
      hosts,
      text.split('\n').map((l) => parse(l).host),
    );
  }
});

test('ByteView#error: a report, without a stack trace; a thrown UriError keeps its stack', () => {
  const view = new ByteView();
  const bytes = Buffer.from('http://a b/');
  assert.is(view.scan(bytes, 0, bytes.length), ErrorCode.INVALID_CHAR);
  const limit = Error.stackTraceLimit;
  const e = view.error();
  assert.is(Error.stackTraceLimit, limit);
  assert.equal([e.code, e.index], ['INVALID_CHAR', 8]);
  assert.is(e.stack, `UriError: ${e.message}`);
  try {
    parse('http://a b/');
    assert.unreachable();
  } catch (thrown) {
    assert.ok((thrown as Error).stack!.includes('\n    at '), 'a thrown UriError has its frames');
  }
});

test.run();

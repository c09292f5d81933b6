/**
 * The encoding sniffing of a page: the prescan against the html5lib encoding tests
 * (test/fixtures/html5lib-tests/encoding), byte order marks, the charset of an HTTP Content-Type,
 * the charset of a `<meta http-equiv>` content, XML declarations, and whether a file's bytes are
 * UTF-8 (against Node's fatal UTF-8 decoder, in any chunks).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPackages } from '../../src/links/packages.js';
import { bom, contentTypeCharset, metaCharset, PRESCAN_BYTES, prescan, Utf8Check } from '../../src/links/sniff.js';
import { root } from '../support/paths.js';
import { Rng } from '../support/rng.js';

const DIR = join(root, 'test/fixtures/html5lib-tests/encoding');

/** The `#data` / `#encoding` cases of an html5lib .dat file, as bytes and a label. */
function cases(file: string): Array<{ data: Buffer; label: string }> {
  const text = readFileSync(join(DIR, file), 'latin1');
  return text
    .split(/^#data\n/m)
    .slice(1)
    .map((block) => {
      const at = block.indexOf('\n#encoding\n');
      return {
        data: Buffer.from(block.slice(0, at), 'latin1'),
        label: block
          .slice(at + 11)
          .split('\n')[0]!
          .trim(),
      };
    });
}

/**
 * The cases where the <meta> is past the first 1024 bytes: html5lib expects the tree builder's
 * "change the encoding" (HTML §13.2.6.4.4), which reloads the page in its new encoding. urikit reads
 * a page once and honours only what the prescan finds (HTML §13.2.3.2, the first 1024 bytes), as
 * Firefox does: test/fixtures/divergences-links.json.
 */
const LATE_META = JSON.parse(readFileSync(join(root, 'test/fixtures/divergences-links.json'), 'utf8')) as Array<{ example: string }>;

test('html5lib encoding tests: a byte order mark, else the prescan of the first 1024 bytes, else windows-1252', async () => {
  const { encodingName } = await loadPackages();
  const failures: string[] = [];
  let n = 0;
  for (const file of ['tests1.dat', 'tests2.dat', 'test-yahoo-jp.dat']) {
    for (const c of cases(file)) {
      n++;
      const got = bom(c.data)?.encoding ?? prescan(c.data.subarray(0, PRESCAN_BYTES), encodingName) ?? 'windows-1252';
      const want = encodingName(c.label);
      if (got !== want) failures.push(c.data.toString('latin1').slice(0, 40));
    }
  }
  assert.is(n, 82);
  assert.equal(
    failures,
    LATE_META.map((d) => d.example),
  );
});

test('prescan: XML declarations, UTF-16 and x-user-defined as the standard maps them', async () => {
  const { encodingName } = await loadPackages();
  const p = (s: string | Buffer) => prescan(typeof s === 'string' ? Buffer.from(s, 'latin1') : s, encodingName);
  assert.is(p('<?xml version="1.0" encoding="ISO-8859-2"?><html>'), 'iso-8859-2');
  assert.is(p("<?xml version='1.0' encoding = 'Shift_JIS' ?>"), 'shift_jis');
  assert.is(p('<?xml version="1.0" encoding="utf-16"?>'), 'utf-8');
  assert.is(p('<?xml version="1.0" encoding="bad label"?>'), null);
  assert.is(p('<?xml version="1.0"?>'), null);
  assert.is(p(' <?xml version="1.0" encoding="iso-8859-2"?>'), null);
  assert.is(p('<?xml encoding="iso-8859-2"'), null);
  assert.is(p('<?xml encoding=iso-8859-2?>'), null);
  assert.is(p('<?xml encoding="iso-8859-2?>'), null);
  assert.is(p(Buffer.from('<?x', 'utf16le')), 'utf-16le');
  assert.is(p(Buffer.from('\0<\0?\0x', 'latin1')), 'utf-16be');
  // A <meta> that names UTF-16 was read as ASCII: UTF-8; x-user-defined is windows-1252.
  assert.is(p('<meta charset="utf-16le">'), 'utf-8');
  assert.is(p('<meta charset="x-user-defined">'), 'windows-1252');
  // The first <meta> with an answer wins; a charset attribute does not need http-equiv.
  assert.is(p('<meta charset="nonsense"><meta charset=euc-kr>'), 'euc-kr');
  assert.is(p('<meta content="text/html; charset=koi8-r">'), null);
  // In a <meta>'s order: a charset attribute after the content overrides it.
  assert.is(p('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r" charset="big5">'), 'big5');
  assert.is(p('<meta charset="big5" http-equiv="Content-Type" content="text/html; charset=koi8-r">'), 'big5');
  assert.is(p('<meta charset="big5" charset="koi8-r">'), 'big5');
  assert.is(p('<!-- <meta charset=big5> --><meta charset=gbk>'), 'gbk');
  assert.is(p('<!--><meta charset=gbk>'), 'gbk');
  assert.is(p('<x y="<meta charset=big5>"><meta charset=gbk>'), 'gbk');
  assert.is(p('<?php <meta charset=big5> ?><meta charset=gbk>'), 'gbk');
  assert.is(p('</p <meta charset=big5>><meta charset=gbk>'), 'gbk');
  assert.is(p('<meta/charset=gbk>'), 'gbk');
  assert.is(p('<meta charset=gbk'), null);
  assert.is(p('<!-- <meta charset=gbk>'), null);
});

test('byte order marks', () => {
  assert.equal(bom(Buffer.from([0xef, 0xbb, 0xbf, 0x3c])), { encoding: 'utf-8', length: 3 });
  assert.equal(bom(Buffer.from([0xfe, 0xff, 0, 0x3c])), { encoding: 'utf-16be', length: 2 });
  assert.equal(bom(Buffer.from([0xff, 0xfe, 0x3c, 0])), { encoding: 'utf-16le', length: 2 });
  assert.is(bom(Buffer.from([0xef, 0xbb])), null);
  assert.is(bom(Buffer.from('<html>')), null);
});

test('the charset of an HTTP Content-Type, and of a <meta http-equiv> content', () => {
  assert.is(contentTypeCharset('text/html; charset=ISO-8859-2'), 'ISO-8859-2');
  assert.is(contentTypeCharset('text/html;charset="Shift_JIS"'), 'Shift_JIS');
  assert.is(contentTypeCharset('text/html; q="a;b"; CHARSET="e\\"uc-kr" ; x=y'), 'e"uc-kr');
  assert.is(contentTypeCharset('text/html; format=flowed; charset=utf-8; charset=big5'), 'utf-8');
  // A name with a space breaks the grammar: the parameter is dropped.
  assert.is(contentTypeCharset('text/html; charset = utf-8'), null);
  assert.is(contentTypeCharset('text/html; charset="unclosed'), 'unclosed');
  assert.is(contentTypeCharset('text/html'), null);
  assert.is(contentTypeCharset('text/html; charset='), null);
  assert.is(contentTypeCharset('text/html; charset'), null);
  assert.is(contentTypeCharset('html; charset=utf-8'), null);
  assert.is(metaCharset('text/html; charset=utf-8'), 'utf-8');
  assert.is(metaCharset('text/html; CHARSET = "x y"'), 'x y');
  assert.is(metaCharset("charset='big5' other"), 'big5');
  assert.is(metaCharset('charsetcharset=gbk;x'), 'gbk');
  assert.is(metaCharset('charset x charset=koi8-u'), 'koi8-u');
  assert.is(metaCharset('charset="unclosed'), null);
  assert.is(metaCharset('charset='), null);
  assert.is(metaCharset('text/html'), null);
});

test('Utf8Check: bytes in any chunks are UTF-8 exactly when a fatal UTF-8 decoder takes them; where they stop being so', () => {
  const fatal = new TextDecoder('utf-8', { fatal: true });
  const isUtf8 = (b: Uint8Array): boolean => {
    try {
      fatal.decode(b);
      return true;
    } catch {
      return false;
    }
  };
  // Bytes near the edges of UTF-8's ranges: overlong forms, surrogates, past U+10FFFF, cut sequences.
  const edges = [
    0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3,
    0xf4, 0xf5, 0xff,
  ];
  const rng = new Rng(2026);
  for (let n = 0; n < 20_000; n++) {
    const bytes = Uint8Array.from({ length: rng.range(0, 12) }, () => (rng.chance(0.7) ? rng.pick(edges) : rng.int(256)));
    const c = new Utf8Check();
    for (let i = 0; i < bytes.length; ) {
      const step = rng.range(1, 4);
      c.push(bytes.subarray(i, i + step));
      i += step;
    }
    const ok = c.end();
    assert.is(ok, isUtf8(bytes), `${Buffer.from(bytes).toString('hex')}`);
    const high = bytes.findIndex((b) => b >= 0x80);
    assert.is(c.beyondAscii, high !== -1 && (ok || high <= c.invalidAt));
    // Before invalidAt the bytes are UTF-8; at it a sequence begins that breaks.
    if (!ok) {
      assert.ok(bytes[c.invalidAt]! >= 0x80);
      assert.ok(isUtf8(bytes.subarray(0, c.invalidAt)), `${Buffer.from(bytes).toString('hex')} at ${c.invalidAt}`);
    }
  }
  const c = new Utf8Check();
  assert.is(c.push(Buffer.from('caf\xc3', 'latin1')), true);
  assert.is(c.push(Buffer.from('\xa9 \xe9 x', 'latin1')), false);
  assert.is(c.invalidAt, 6);
  assert.is(c.push(Buffer.from('ok')), false);
  assert.is(c.end(), false);
  const cut = new Utf8Check();
  cut.push(Buffer.from('ab\xe2\x82', 'latin1'));
  assert.is(cut.end(), false);
  assert.is(cut.invalidAt, 2);
});

test.run();

/**
 * The log line reader (src/cli/lines/log.ts): TargetView (an origin-form target scanned as text
 * gives what the request-target grammar gives its bytes), and the fields `stats` reads of a line
 * beyond its URIs (client, size, user agent, time taken).
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LogLine, seconds, TargetView } from '../../../src/cli/lines/log.js';
import { LineContext, viewOptions } from '../../../src/cli/lines/records.js';
import { Finder } from '../../../src/cli/lines/walker.js';
import { scanRequestTargetBytes } from '../../../src/readers/request-target.js';
import { OFFSETS_LENGTH, Slot } from '../../../src/syntax/offsets.js';
import type { ParseOptions } from '../../../src/syntax/scan.js';
import { grammar } from '../../support/abnf.js';
import { mutated } from '../../support/hostile.js';
import { runs } from '../../support/runs.js';

const g = grammar();
const TARGETS = fc.oneof(
  fc.tuple(g.pathAbsolute, g.tail).map(([p, t]) => `/${p}${t}`),
  mutated(fc.tuple(g.pathAbsolute, g.tail).map(([p, t]) => `/${p}${t}`)),
  g.uriReference,
  fc.constantFrom('/', '//a/b', '/a#b', '/a?b#c', '*', 'h:80', '/%zz', '/\u00e9', '/a b'),
);

test('TargetView: a target read as text has the record and the error of its bytes, for every method and option', () => {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  fc.assert(
    fc.property(
      TARGETS,
      fc.constantFrom('GET', 'OPTIONS', 'CONNECT'),
      fc.constantFrom<ParseOptions | undefined>(undefined, { lenient: true }, { iri: true }),
      (target, method, options) => {
        const bytes = Buffer.from(`GET ${target} HTTP/1.1`);
        const start = 4;
        const end = bytes.length - 9;
        const v = new TargetView(options);
        v.method = method;
        const code = v.scan(bytes, start, end);
        const r = scanRequestTargetBytes(bytes, start, end, rec, method, options);
        const want = r > 0 ? 0 : -r;
        const same = code === 0 ? v.form === r && v.offsets.join() === rec.join() : v.offsets[Slot.ERROR_INDEX] === rec[Slot.ERROR_INDEX];
        if (code !== want || !same)
          throw new Error(
            `${JSON.stringify(target)} ${method} ${JSON.stringify(options)}: ${code} ${v.form} [${v.offsets.join()}] against ${r} [${rec.join()}]`,
          );
      },
    ),
    { seed: 9110, numRuns: runs(20000) },
  );
});

/** What `LogLine.fields` reads of a line, as text: [client, size, agent, taken]. */
function fields(format: 'combined' | 'common', line: string): [string, number, string | null, number] {
  const b = Buffer.from(line);
  const l = new LogLine(format, new Finder());
  assert.ok(l.read(b, 0, b.length), line);
  const ctx = new LineContext();
  l.fields(ctx, b, 0, l.requestEnd, l.referrerClose, b.length);
  return [
    b.toString('latin1', ctx.clientStart, ctx.clientEnd),
    ctx.size,
    ctx.agentStart === -1 ? null : b.toString('latin1', ctx.agentStart, ctx.agentEnd),
    ctx.taken,
  ];
}

test('LogLine.fields: the client, the size, the user agent and a time taken in seconds', () => {
  const head = '2001:db8::1 - u [17/May/2015:10:05:03 +0000] "GET /a HTTP/1.1" 200';
  assert.equal(fields('combined', `${head} 512 "-" "UA \\"x\\"" 0.250`), ['2001:db8::1', 512, 'UA \\"x\\"', 0.25]);
  assert.equal(fields('combined', `${head} - "http://r/" "-"`), ['2001:db8::1', -1, null, -1]);
  assert.equal(fields('combined', `${head} 5x "-" "UA" 12`), ['2001:db8::1', -1, 'UA', -1], 'a whole number is not read as seconds');
  assert.equal(fields('combined', `${head} 0 "-"`), ['2001:db8::1', 0, null, -1], 'no agent');
  assert.equal(fields('combined', `${head} 0 "-" "UA`), ['2001:db8::1', 0, null, -1], 'an agent without its closing quote');
  assert.equal(fields('combined', `${head} 0 "-" x`), ['2001:db8::1', 0, null, -1]);
  assert.equal(fields('common', `${head} 1234567`), ['2001:db8::1', 1234567, null, -1]);
  assert.equal(fields('common', `${head}`), ['2001:db8::1', -1, null, -1], 'no size');
  assert.equal(fields('common', `${head} 1234567890123456`), ['2001:db8::1', -1, null, -1], 'more than 15 digits');
});

test('LogLine.fields: the user agent ends at its first quote after an even run of backslashes, wherever it lies in a word', () => {
  const chars = ['a', '\\', '"', '¢' /* 0xc2 0xa2: 0xa2 is a quote's low bits */];
  const agents = [''];
  for (let n = 1; n <= 6; n++)
    for (let i = 0; i < chars.length ** n; i++)
      agents.push([...Array(n)].map((_, k) => chars[Math.floor(i / chars.length ** k) % chars.length]).join(''));
  for (const client of ['1.2.3.4', '1.2.3.45']) {
    const head = `${client} - u [17/May/2015:10:05:03 +0000] "GET /a HTTP/1.1" 200 0 "-" "`;
    for (const agent of agents) {
      const line = `${head}${agent}"`;
      const b = Buffer.from(line);
      // The first quote after the opening one that an odd run of backslashes does not escape.
      let q = Buffer.byteLength(head);
      for (let slashes = 0; q < b.length && (b[q] !== 0x22 || slashes % 2 === 1); q++) slashes = b[q] === 0x5c ? slashes + 1 : 0;
      const text = q === b.length ? null : b.toString('latin1', Buffer.byteLength(head), q);
      assert.equal(fields('combined', line)[2], text === '-' ? null : text, agent);
    }
  }
});

test('seconds: digits, a point and digits, as the literal reads; anything else -1', () => {
  const s = (t: string): number => seconds(Buffer.from(t), 0, t.length);
  assert.is(s('0.123'), 0.123);
  assert.is(s('12.5 next'), 12.5);
  assert.is(s('1.000'), 1);
  for (const bad of ['12', '.5', '1.', '1.2.3', '-0.1', '', '1.5x', '1234567890123.456']) assert.is(s(bad), -1, bad);
});

test('viewOptions: none when every option is false or absent, else the options as given', () => {
  assert.is(viewOptions({}), undefined);
  assert.is(viewOptions({ lenient: false, iri: false, zoneId: false, absolute: false }), undefined);
  const lenient = { lenient: true, iri: false };
  assert.is(viewOptions(lenient), lenient);
  const max = { maxLength: 0 };
  assert.is(viewOptions(max), max);
});

test.run();

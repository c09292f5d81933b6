/** TargetView (src/cli/lines/log.ts): an origin-form target scanned as text gives what the request-target grammar gives its bytes. */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TargetView } from '../../../src/cli/lines/log.js';
import { viewOptions } from '../../../src/cli/lines/records.js';
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

test('viewOptions: none when every option is false or absent, else the options as given', () => {
  assert.is(viewOptions({}), undefined);
  assert.is(viewOptions({ lenient: false, iri: false, zoneId: false, absolute: false }), undefined);
  const lenient = { lenient: true, iri: false };
  assert.is(viewOptions(lenient), lenient);
  const max = { maxLength: 0 };
  assert.is(viewOptions(max), max);
});

test.run();

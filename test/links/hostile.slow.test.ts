/**
 * Hostile pages (test/support/html-cases.ts) run to the end with the links they hold, at 1 MB and
 * at the sizes that were quadratic before: 400,000 nested `<div>`, `<font><b><i>` × 100,000, and
 * 10 MB of markup on one line. No clock here: bench/linear.ts measures the growth.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LinkExtractor } from '../../src/links/extract.js';
import { loadPackages } from '../../src/links/packages.js';
import { HTML_CASES } from '../support/html-cases.js';

await loadPackages();

/** The links of `page`, given as bytes in chunks of 64 KiB, as the CLI reads a file. */
function count(page: string): number {
  let n = 0;
  const x = new LinkExtractor({ base: 'http://h/' }, () => n++);
  const bytes = Buffer.from(page);
  for (let i = 0; i < bytes.length; i += 1 << 16) x.write(bytes.subarray(i, i + (1 << 16)));
  x.end();
  return n;
}

for (const c of HTML_CASES) {
  test(`hostile HTML, ${c.name} (${c.what}): the links of 1 MB`, () => {
    assert.is(count(c.build(1 << 20)), c.links(1 << 20));
  });
}

test('the sizes that were quadratic: 400,000 nested <div>, <font><b><i> × 100,000, 10 MB on one line', () => {
  const nested = HTML_CASES.find((c) => c.name === 'nested-div')!;
  assert.is(count(nested.build(5 * 400_000 + 10)), 1);
  const formatting = HTML_CASES.find((c) => c.name === 'formatting')!;
  assert.is(count(formatting.build(12 * 100_000 + 10)), 1);
  const line = HTML_CASES.find((c) => c.name === 'one-line')!;
  assert.is(count(line.build(10_000_000)), line.links(10_000_000));
});

test.run();

/**
 * The reference implementations' answers on mutations of the corpora, recorded by
 * scripts/canon/record.ts (w3lib 2.1.1, the surt package, urlcanon; see
 * test/fixtures/canon/README.md): every profile and SURT form gives the same string, and throws
 * where the reference raised.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CanonProfile, canonicalize, ssurt, surt, UriError } from '../../src/index.js';

const FILE = join(fileURLToPath(new URL('../../..', import.meta.url)), 'test/fixtures/canon/differential.jsonl');
const ROWS = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.length > 0)
  .map((l) => JSON.parse(l) as Record<string, unknown> & { url: string });

const FORMS: Record<string, (url: string) => string> = {
  w3lib: (u) => canonicalize(u, 'w3lib'),
  ia: (u) => canonicalize(u, 'ia'),
  ssurt,
  surt: (u) => surt(u),
  'surt+scheme': (u) => surt(u, { withScheme: true }),
  'surt+comma': (u) => surt(u, { trailingComma: true }),
  'surt+scheme+comma': (u) => surt(u, { withScheme: true, trailingComma: true }),
  'surt-massage': (u) => surt(u, { hostMassage: false }),
  'surt-reverseip': (u) => surt(u, { reverseIpaddr: false }),
};
for (const p of ['google', 'semantic-precise', 'semantic', 'aggressive', 'whatwg'] as CanonProfile[]) FORMS[p] = (u) => canonicalize(u, p);

test('the recorded answers cover every form and many inputs', () => {
  assert.ok(ROWS.length > 3000, `${ROWS.length} rows`);
  for (const key of Object.keys(FORMS)) assert.ok(key in ROWS[0]!, key);
});

for (const [key, run] of Object.entries(FORMS)) {
  test(`${key}: the reference's answer on every recorded URL`, () => {
    let errors = 0;
    for (const row of ROWS) {
      const want = row[key];
      const what = `${key} of ${JSON.stringify(row.url)}`;
      if (typeof want === 'string') {
        assert.is(run(row.url), want, what);
        continue;
      }
      errors++;
      assert.throws(
        () => run(row.url),
        (e: unknown) => e instanceof UriError,
        `${what}: the reference raised ${JSON.stringify(want)}`,
      );
    }
    assert.ok(errors < ROWS.length / 10, `${key}: ${errors} errors`);
  });
}

test.run();

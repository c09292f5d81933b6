/**
 * The reference implementations' answers on mutations of the corpora, recorded by
 * scripts/canon/record.ts (w3lib 2.1.1, the surt package, urlcanon; see
 * test/fixtures/canon/README.md), and those of w3lib and the surt package on URLs aimed at the
 * one-scan paths of `surt` and `canonicalize(…, 'w3lib')` (scripts/canon/record-fast.ts): every
 * profile and SURT form gives the same string, and throws where the reference raised.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CanonProfile, canonicalize, ssurt, surt, UriError } from '../../src/index.js';

const DIR = join(fileURLToPath(new URL('../../..', import.meta.url)), 'test/fixtures/canon');

function rows(file: string): (Record<string, unknown> & { url: string })[] {
  return readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown> & { url: string });
}

const ROWS = rows('differential.jsonl');
const FAST_ROWS = rows('fast-paths.jsonl');

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

test('the recorded answers on the fast paths cover the SURT forms and w3lib', () => {
  assert.ok(FAST_ROWS.length > 1800, `${FAST_ROWS.length} rows`);
  for (const key of ['w3lib', 'ia', 'surt', 'surt+scheme', 'surt+comma', 'surt+scheme+comma', 'surt-massage', 'surt-reverseip'])
    assert.ok(key in FAST_ROWS[0]!, key);
});

function sameAnswers(key: string, run: (url: string) => string, recorded: (Record<string, unknown> & { url: string })[]): void {
  let errors = 0;
  for (const row of recorded) {
    if (!(key in row)) continue;
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
  assert.ok(errors < recorded.length / 10, `${key}: ${errors} errors`);
}

for (const [key, run] of Object.entries(FORMS)) {
  test(`${key}: the reference's answer on every recorded URL`, () => {
    sameAnswers(key, run, ROWS);
    sameAnswers(key, run, FAST_ROWS);
  });
}

test.run();

import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../scripts/gen-tables.js';

test('src/generated/tables.ts is what scripts/gen-tables.ts generates', () => {
  const committed = readFileSync(new URL('../../src/generated/tables.ts', import.meta.url), 'utf8');
  assert.is(committed, render(), 'stale tables: run `npm run gen` and commit the result');
});

test.run();

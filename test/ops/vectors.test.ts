/**
 * The public test vectors' ops and test/fixtures/divergences-ops.json, checked before the op tests
 * use them (test/support/op-vectors.ts runs them): every op of every vector file is run by an op
 * test or explained in NOT_RUN, and every divergence entry is well formed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { casesOf, entries, NOT_RUN, OWNERS, vectorFiles } from '../support/op-vectors.js';

test('every op of every vector file is run by a table or explained in NOT_RUN', () => {
  for (const file of vectorFiles) {
    for (const c of casesOf.get(file)!) {
      assert.ok(c.op in OWNERS || c.op in NOT_RUN, `${file}: op ${c.op} is neither run nor explained`);
    }
  }
});

test('divergences-ops.json entries are well formed', () => {
  assert.ok(Array.isArray(entries));
  const fields = ['file', 'op', 'input', 'base', 'other', 'components', 'expected', 'urikit', 'section', 'reason'];
  for (const d of entries) {
    const name = JSON.stringify([d.file, d.op, d.input, d.base ?? d.other ?? null]);
    for (const k of Object.keys(d)) assert.ok(fields.includes(k), `${name}: unknown field ${k}`);
    for (const k of ['file', 'op', 'input', 'expected', 'urikit', 'section', 'reason']) assert.ok(k in d, `${name}: no ${k}`);
    assert.ok(vectorFiles.includes(d.file), `${name}: no such vector file`);
    assert.ok(d.file !== 'rfc3986.json', `${name}: rfc3986.json is the specification; no divergence is allowed`);
    assert.ok(d.op in OWNERS, `${name}: op ${d.op} is not run by these tests`);
    assert.ok(
      /^(RFC (2396|3987|5952|6454|6874) )?§\d+(\.\d+)*$/.test(d.section),
      `${name}: section ${d.section} is not "§n.n" or "RFC 2396|3987|5952|6454|6874 §n.n"`,
    );
    assert.ok(/^[A-Z].*\.$/.test(d.reason) && !/[.;]\s+[A-Z]/.test(d.reason), `${name}: reason must be one sentence`);
  }
});

test.run();

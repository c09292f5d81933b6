/**
 * The capabilities Addressable and Node users reach for, against the answers Addressable and
 * Node's `node:url` gave (test/fixtures/capabilities/addressable.json, node.json): every recorded
 * case agrees or a class of test/fixtures/divergences-capabilities.json says why not; and every
 * class is well formed, with an example that still gets the recorded answer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { capabilityDivergences, capabilityRows, checkRows } from './support/capabilities.js';
import { ADDRESSABLE_OPS } from './support/capabilities-addressable.js';
import { JAVA_OPS } from './support/capabilities-java.js';
import { NODE_OPS } from './support/capabilities-node.js';

const OPS = { java: JAVA_OPS, addressable: ADDRESSABLE_OPS, node: NODE_OPS } as const;

const counts = (rows: { op: string }[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.op] = (out[r.op] ?? 0) + 1;
  return out;
};

test('Addressable answers: every recorded case agrees or its class says why not', () => {
  const rows = capabilityRows('addressable');
  assert.equal(checkRows(rows, ADDRESSABLE_OPS, capabilityDivergences('addressable')), []);
  assert.equal(Object.keys(counts(rows)).sort(), Object.keys(ADDRESSABLE_OPS).sort());
  for (const [op, n] of Object.entries(counts(rows))) assert.ok(n >= 200, `${op}: ${n} rows`);
});

test("Node's node:url answers: every recorded case agrees or its class says why not", () => {
  const rows = capabilityRows('node');
  assert.equal(checkRows(rows, NODE_OPS, capabilityDivergences('node')), []);
  assert.equal(counts(rows), { pathToFileUri: 356, fileUriToPath: 696 });
});

test('every class is well formed, names the section that decides it, and is used', () => {
  const names = new Set<string>();
  const used = new Set(
    (['java', 'addressable', 'node'] as const).flatMap((o) => capabilityRows(o).flatMap((r) => (r.class === undefined ? [] : [r.class]))),
  );
  for (const e of capabilityDivergences()) {
    const fields = ['class', 'check', 'op', 'oracle', 'example', 'oracleAnswer', 'urikit', 'section', 'reason', 'verdict'];
    assert.equal(Object.keys(e).sort(), fields.sort(), e.class);
    assert.ok(!names.has(e.class), `${e.class} twice`);
    names.add(e.class);
    assert.ok(e.check === 'java' || e.check === 'addressable' || e.check === 'node', e.class);
    assert.ok(e.op in OPS[e.check as keyof typeof OPS], `${e.class}: op ${e.op}`);
    assert.match(e.section, /^(RFC \d{4} (§\d+(\.\d+)*|Appendix [A-Z])|WHATWG (URL|Encoding) §\d+(\.\d+)*)$/, e.class);
    assert.ok(['representation', 'oracle-scope', 'oracle-deviates', 'urikit-design'].includes(e.verdict), e.class);
    assert.match(e.reason, /^[A-Z].*\.$/, e.class);
    assert.ok(used.has(e.class), `${e.class} explains no recorded row`);
  }
});

test('each example still gets the recorded urikit answer', () => {
  for (const e of capabilityDivergences()) {
    const op = OPS[e.check as keyof typeof OPS][e.op]!;
    assert.equal(op.answer(e.example, undefined), e.urikit, e.class);
  }
});

test.run();

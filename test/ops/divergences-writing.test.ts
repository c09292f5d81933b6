/**
 * test/fixtures/divergences-writing.json, the classes of explained disagreements of the writing
 * side's differential checks (scripts/differential/): each entry is well formed, names the
 * section that decides it, and its example still gets the recorded urikit answer. The oracles'
 * answers are checked by the scripts themselves, which need the oracles; this needs none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type BuildComponents,
  buildUri,
  compareUris,
  DEDUPE_PRESET,
  formatQuery,
  heuristicParse,
  normalize,
  parse,
  queryParams,
  toAsciiHost,
  UriError,
  uriToIri,
} from '../../src/index.js';
import { divergenceClasses } from '../support/divergences-writing.js';

const entries = divergenceClasses();

function attempt(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    if (e instanceof UriError) return { error: e.code };
    throw e;
  }
}

/** urikit's answer to each op, as the checks compute it. */
const URIKIT: Record<string, (example: unknown) => unknown> = {
  'query-form': (x) => [...queryParams(x as string, { form: true })],
  'format-form': (x) => attempt(() => formatQuery(x as [string, string][], { form: true })),
  idna: (x) => attempt(() => toAsciiHost(x as string)),
  compare: (x) => Math.sign(compareUris((x as string[])[0]!, (x as string[])[1]!)),
  query_values: (x) => {
    const u = parse(x as string, { iri: true });
    return [...queryParams(u, { form: u.scheme === undefined || /^https?$/i.test(u.scheme) })];
  },
  heuristic_parse: (x) => attempt(() => heuristicParse(x as string).uri.href),
  display_uri: (x) => uriToIri(normalize(x as string), { idna: true }),
  origin: (x) => parse(x as string).origin,
  construct: (x) => attempt(() => buildUri(x as BuildComponents).href),
  'crawler-preset': (x) => attempt(() => normalize(x as string, { ...DEDUPE_PRESET, lenient: true })),
};

test('every entry is well formed and names the section that decides it', () => {
  const names = new Set<string>();
  for (const e of entries) {
    const fields = ['class', 'check', 'op', 'oracle', 'example', 'oracleAnswer', 'urikit', 'section', 'reason', 'verdict'];
    assert.equal(Object.keys(e).sort(), fields.sort(), e.class);
    assert.ok(!names.has(e.class), `${e.class} twice`);
    names.add(e.class);
    assert.ok(['whatwg', 'addressable', 'java', 'normalize-url'].includes(e.check), e.class);
    assert.ok(e.op in URIKIT, `${e.class}: op ${e.op}`);
    assert.match(e.section, /^(RFC \d{4} (§\d+(\.\d+)*|Appendix [A-Z])|WHATWG URL §\d+(\.\d+)*)$/, e.class);
    assert.ok(['representation', 'oracle-scope', 'oracle-deviates', 'urikit-design'].includes(e.verdict), e.class);
    assert.match(e.reason, /^[A-Z].*\.$/, e.class);
  }
});

test('each example still gets the recorded urikit answer', () => {
  for (const e of entries) assert.equal(URIKIT[e.op]!(e.example), e.urikit, e.class);
});

test.run();

/**
 * The security corpus (test/fixtures/security.json): the confusion classes of the URL-parser
 * differential reports, each with urikit's exact answer in strict mode, lenient mode and (for
 * the Unicode cases) iri mode. The expected values were derived by hand from RFC 3986 and
 * docs/behaviour.md; the fixture says why for each case.
 *
 * Also: SECURITY.md's table is what test/support/security-table.ts renders now.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ErrorCode,
  isValid,
  normalize,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  resolve,
  Slot,
  scan,
  scanBytes,
  tryParse,
  type Uri,
  UriError,
} from '../src/index.js';
import { fixture, root } from './support/paths.js';
import { renderTable, TABLE_END, TABLE_START } from './support/security-table.js';

// ---------------------------------------------------------------------------------------------
// The fixture's shape.

interface ErrorAnswer {
  error: { code: string; index: number };
}
interface Components {
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  hostType: string | null;
  port: string | null;
  portNumber: number | null;
  path: string;
  query: string | null;
  fragment: string | null;
  normalized: string;
  /** Only where the normal form's host type differs from the input's. */
  normalizedHostType?: string;
  /** Lenient and iri answers: only when something was tolerated. */
  warnings?: string[];
  warningIndex?: number;
}
type Answer = ErrorAnswer | Components;

interface SecurityCase {
  id: string;
  class: string;
  input: string;
  why: string;
  strict: Answer;
  lenient: Answer | 'same';
  iri?: Answer;
  resolve?: { base: string; target: string };
}

const CASES = (JSON.parse(readFileSync(fixture('security.json'), 'utf8')) as { cases: SecurityCase[] }).cases;

const MODES: ReadonlyArray<readonly ['strict' | 'lenient' | 'iri', ParseOptions | undefined]> = [
  ['strict', undefined],
  ['lenient', { lenient: true }],
  ['iri', { iri: true }],
];

const CODE_NAMES = Object.keys(ErrorCode) as Array<keyof typeof ErrorCode>;
const rec = new Uint32Array(OFFSETS_LENGTH);

// ---------------------------------------------------------------------------------------------
// urikit's answer, in the fixture's shape.

function answerOf(input: string, options: ParseOptions | undefined): Answer {
  let u: Uri;
  try {
    u = parse(input, options);
  } catch (e) {
    if (!(e instanceof UriError)) throw e;
    return { error: { code: e.code, index: e.index } };
  }
  const out: Components = {
    scheme: u.scheme ?? null,
    userinfo: u.userinfo ?? null,
    host: u.host ?? null,
    hostType: u.hostType ?? null,
    port: u.port ?? null,
    portNumber: u.portNumber ?? null,
    path: u.path,
    query: u.query ?? null,
    fragment: u.fragment ?? null,
    normalized: normalize(input, options),
  };
  if (u.warnings.length > 0) {
    out.warnings = [...u.warnings];
    out.warningIndex = u.warningIndex!;
  }
  return out;
}

function expected(c: SecurityCase, mode: 'strict' | 'lenient' | 'iri'): Answer | undefined {
  if (mode === 'strict') return c.strict;
  if (mode === 'lenient') return c.lenient === 'same' ? c.strict : c.lenient;
  return c.iri;
}

/** The answer without the fields that are checked separately. */
function comparable(a: Answer): Answer {
  if ('error' in a) return a;
  const { normalizedHostType: _ignored, ...rest } = a;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// One test per case and mode.

for (const c of CASES) {
  for (const [mode, options] of MODES) {
    const want = expected(c, mode);
    if (want === undefined) continue;
    test(`${c.id} (${mode}): ${JSON.stringify(c.input)}`, () => {
      const where = `${c.id} ${mode} ${JSON.stringify(c.input)}`;
      assert.equal(answerOf(c.input, options), comparable(want), where);

      // Every entry point gives the same verdict.
      const code = scan(c.input, rec, options);
      assert.is(isValid(c.input, options), code === 0, `${where}: isValid`);
      assert.is(tryParse(c.input, options) === null, code !== 0, `${where}: tryParse`);
      if ('error' in want) {
        assert.equal([CODE_NAMES[code], rec[Slot.ERROR_INDEX]], [want.error.code, want.error.index], `${where}: scan`);
        return;
      }
      assert.is(code, 0, where);
      // The same bytes as UTF-8 give the same verdict (the cases are well-formed UTF-16).
      const bytes = new TextEncoder().encode(c.input);
      assert.is(scanBytes(bytes, 0, bytes.length, rec, options), 0, `${where}: scanBytes`);

      // The normal form parses under the same options, is normal, and has the host type given.
      const n = want.normalized;
      const nu = tryParse(n, options);
      assert.ok(nu !== null, `${where}: the normal form ${JSON.stringify(n)} does not parse`);
      assert.is(normalize(n, options), n, `${where}: normalize is not idempotent`);
      assert.is(nu!.hostType ?? null, want.normalizedHostType ?? want.hostType, `${where}: host type of the normal form`);
      if (mode === 'lenient') {
        // What lenient mode tolerated is written percent-encoded: the normal form is a strict
        // RFC 3986 URI-reference, normal in strict mode too, with no warning left.
        assert.ok(isValid(n), `${where}: the normal form ${JSON.stringify(n)} is not a strict URI-reference`);
        assert.is(normalize(n), n, `${where}: the normal form is not normal in strict mode`);
        assert.equal(nu!.warnings, [], `${where}: the normal form warns`);
      }
      assert.is(parse(c.input, options).toString(), c.input, `${where}: toString`);
    });
  }
  if (c.resolve !== undefined) {
    const { base, target } = c.resolve;
    test(`${c.id}: resolve(${JSON.stringify(base)}, ${JSON.stringify(c.input)})`, () => {
      assert.is(resolve(base, c.input), target);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The corpus itself.

test('the corpus: unique ids and inputs, a "why" for each, every confusion class of the URL-parser differential reports', () => {
  assert.ok(CASES.length >= 80, `${CASES.length} cases`);
  assert.is(new Set(CASES.map((c) => c.id)).size, CASES.length, 'ids are unique');
  assert.is(new Set(CASES.map((c) => c.input)).size, CASES.length, 'inputs are unique');
  for (const c of CASES) assert.ok(c.why.length > 20 && c.class.length > 0, c.id);
  const classes = new Set(CASES.map((c) => c.class));
  for (const name of [
    'backslash and slash confusion',
    '"#" and "@" tricks',
    'doubled "@"',
    'twin ports',
    'encoded delimiters in the host',
    '%2e%2e segments',
    'CR/LF/TAB/NUL',
    'leading and trailing whitespace',
    'IPv4-mapped IPv6',
    'non-decimal IPv4 look-alikes',
    'Unicode dots and fullwidth characters',
    'overlong ports',
    'javascript: tricks',
    'userinfo with ":" and "@"',
  ]) {
    assert.ok(classes.has(name), name);
  }
  assert.equal(
    [...classes].filter((k) => !CASES.some((c) => c.class === k)),
    [],
  );
  // The inputs that the URL-parser differential reports name are all here.
  const inputs = new Set(CASES.map((c) => c.input));
  for (const s of [
    'http://127.0.0.1#@evil/',
    'http://a:80:81/',
    'http://a%40b/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://2130706433/',
  ]) {
    assert.ok(inputs.has(s), s);
  }
  // Both outcomes occur in both modes, and lenient mode differs from strict somewhere.
  for (const mode of ['strict', 'lenient'] as const) {
    const answers = CASES.map((c) => expected(c, mode)!);
    assert.ok(answers.some((a) => 'error' in a) && answers.some((a) => !('error' in a)), mode);
  }
  assert.ok(CASES.filter((c) => c.lenient !== 'same').length >= 20);
});

test('strict mode never accepts what a WHATWG parser would read with a different authority: no "\\\\", no controls, no non-ASCII', () => {
  for (const c of CASES) {
    if ('error' in c.strict) continue;
    assert.not.ok(/[\\\u0000-\u0020\u007f-\uffff]/.test(c.input), c.id);
  }
});

// ---------------------------------------------------------------------------------------------
// SECURITY.md

test('SECURITY.md holds the table that test/support/security-table.ts renders now (npm run security-table)', () => {
  const md = readFileSync(`${root}SECURITY.md`, 'utf8');
  const start = md.indexOf(TABLE_START);
  const end = md.indexOf(TABLE_END);
  assert.ok(start !== -1 && end > start, 'the table markers are in SECURITY.md');
  const current = md.slice(start + TABLE_START.length, end);
  assert.ok(current === `\n${renderTable()}\n`, 'SECURITY.md is stale: run `npm run security-table`');
});

test.run();

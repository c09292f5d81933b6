/**
 * Hostile input: properties over inputs generated from the RFC 3986 ABNF and hostile mutations of
 * them, the differential against the independent reference validator
 * (test/support/reference-validator.ts), the regression tests of what the fuzzer found, the
 * worst-case shapes of test/support/worst-cases.ts at 1 MB (exact results, no timing), and
 * `maxLength`.
 *
 * Every property has a fixed seed. The check functions are the fuzzer's
 * (test/support/fuzz-checks.ts), so a fuzz finding and a failure here read alike.
 * (test/ops/properties.slow.test.ts holds the properties of resolve, normalize, relativize and
 * percent-encoding over valid input; they are not repeated here.)
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ErrorCode,
  equivalent,
  Flag,
  heuristicParse,
  iriToUri,
  isValid,
  normalize,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  parseRequestTarget,
  queryParams,
  relativize,
  removeDotSegments,
  resolve,
  Slot,
  scan,
  scanBytes,
  tryParse,
  type Uri,
  UriError,
  type UriErrorCode,
  uriToIri,
} from '../src/index.js';
import { NO_DOT_LIMIT } from '../src/syntax/scan.js';
import { grammar } from './support/abnf.js';
import {
  checkAgreement,
  checkAgreementWith,
  checkLenientNormal,
  checkNormalize,
  checkReferenceAll,
  checkResolve,
  KNOWN_SRC_BUGS,
  knownBug,
  OPTION_SETS,
} from './support/fuzz-checks.js';
import { anyBase, anyInput, codePoint, hostileSoup, lenientInput, mutated, mutatedOnce } from './support/hostile.js';
import { fixture } from './support/paths.js';
import { referenceParse } from './support/reference-validator.js';
import { RESOLVE_BASE, WORST_CASES, type WorstCase } from './support/worst-cases.js';

const CODE_NAMES = Object.keys(ErrorCode) as Array<keyof typeof ErrorCode>;
const rec = new Uint32Array(OFFSETS_LENGTH);
const L: ParseOptions = { lenient: true };

const plain = grammar();
const iriZone = grammar({ iri: true, zoneId: true });
const IRI_ZONE: ParseOptions = { iri: true, zoneId: true };

/** fc.assert with a fixed seed; a check's finding (a string) fails the property with its text. */
function property<Ts extends unknown[]>(
  name: string,
  seed: number,
  numRuns: number,
  arbs: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  check: (...args: Ts) => string | undefined,
  target?: string,
): void {
  test(name, () => {
    fc.assert(
      fc.property(...(arbs as unknown as [fc.Arbitrary<unknown>]), (...args: unknown[]) => {
        const finding = check(...(args as Ts));
        if (finding === undefined) return;
        // A known, reported src bug (KNOWN_SRC_BUGS) is checked by its own test below.
        if (target !== undefined && knownBug(target, args as string[], finding) !== undefined) return;
        throw new Error(finding);
      }),
      { seed, numRuns },
    );
  });
}

// =============================================================================================
// The reference validator: checked against hand-derived answers before it checks anything.

interface FixtureAnswer {
  error?: { code: string; index: number };
  scheme?: string | null;
  userinfo?: string | null;
  host?: string | null;
  hostType?: string | null;
  port?: string | null;
  path?: string;
  query?: string | null;
  fragment?: string | null;
}
const SECURITY = (
  JSON.parse(readFileSync(fixture('security.json'), 'utf8')) as {
    cases: Array<{ id: string; input: string; strict: FixtureAnswer; iri?: FixtureAnswer }>;
  }
).cases;

test('the reference validator agrees with every hand-derived strict (and iri) answer of the security corpus', () => {
  for (const c of SECURITY) {
    for (const [answer, options] of [
      [c.strict, {}],
      [c.iri, { iri: true }],
    ] as const) {
      if (answer === undefined) continue;
      const r = referenceParse(c.input, options);
      assert.is(r.ok, answer.error === undefined, `${c.id} ${JSON.stringify(options)}`);
      if (!r.ok) continue;
      const got = {
        scheme: r.scheme,
        userinfo: r.userinfo,
        host: r.host,
        hostType: r.hostType,
        port: r.port,
        path: r.path,
        query: r.query,
        fragment: r.fragment,
      };
      const want = {
        scheme: answer.scheme,
        userinfo: answer.userinfo,
        host: answer.host,
        hostType: answer.hostType,
        port: answer.port,
        path: answer.path,
        query: answer.query,
        fragment: answer.fragment,
      };
      for (const k of Object.keys(want) as Array<keyof typeof want>) assert.is(got[k] ?? null, want[k], `${c.id} ${k}`);
    }
  }
});

test("the reference validator on the grammar's corners (RFC 3986 §1.1.2, §3, §4.2; RFC 6874; RFC 3987)", () => {
  const ok = (s: string, o = {}): void =>
    assert.ok(referenceParse(s, o).ok, `${JSON.stringify(s)} ${JSON.stringify(o)} should be accepted`);
  const no = (s: string, o = {}): void =>
    assert.not.ok(referenceParse(s, o).ok, `${JSON.stringify(s)} ${JSON.stringify(o)} should be rejected`);
  for (const s of [
    'ftp://ftp.is.co.za/rfc/rfc1808.txt',
    'http://www.ietf.org/rfc/rfc2396.txt',
    'ldap://[2001:db8::7]/c=GB?objectClass?one',
    'mailto:John.Doe@example.com',
    'news:comp.infosystems.www.servers.unix',
    'tel:+1-816-555-1212',
    'telnet://192.0.2.16:80/',
    'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    '',
    '#',
    '?',
    '//',
    '///',
    'a',
    './a:b',
    '//h:',
    '//@',
    '//[v7.:]',
    '//[V1F.a]',
    '//[::]',
    '//[1:2:3:4:5:6:7:8]',
    '//[::1.2.3.4]',
    '//[1:2:3:4:5:6:1.2.3.4]',
  ])
    ok(s);
  for (const s of ['a:b:c', 'A+.-:x']) ok(s);
  for (const s of [
    ':',
    '1a:b',
    'a b',
    'a:b c',
    '%',
    '%4',
    '%zz',
    '//h:x',
    '//[::1',
    '//[1:2:3:4:5:6:7:8:9]',
    '//[1::2::3]',
    '//[::1.2.3.256]',
    '//[v.x]',
    '//[vg.x]',
    '//[v1.]',
    '//[fe80::1%25eth0]',
    '//a@b@c',
    'a[b]',
    '#a#b',
    'a:b:c d',
    '//h\\x',
    '/é',
  ])
    no(s);
  assert.equal(referenceParse('//1.2.3.4').ok && referenceParse('//1.2.3.4'), {
    ok: true,
    scheme: undefined,
    userinfo: undefined,
    host: '1.2.3.4',
    hostType: 'ipv4',
    port: undefined,
    path: '',
    query: undefined,
    fragment: undefined,
  });
  for (const h of ['01.2.3.4', '1.2.3', '256.1.1.1', '1.2.3.4.']) {
    const r = referenceParse(`//${h}`);
    assert.ok(r.ok && r.hostType === 'reg-name', h);
  }
  ok('//[fe80::1%25eth0]', { zoneId: true });
  ok('//[fe80::1%25%41]', { zoneId: true });
  no('//[fe80::1%25]', { zoneId: true });
  no('//[fe80::1%eth0]', { zoneId: true });
  ok('/é?\uE000#😀', { iri: true });
  no('/\uE000', { iri: true }); // iprivate only in the query
  no('é:x', { iri: true }); // a scheme is ASCII
  no('//[v1.é]', { iri: true }); // an IP-literal is ASCII
  no('/\uD800', { iri: true }); // a lone surrogate is no character
  no('a', { absolute: true });
  ok('a:', { absolute: true });
});

// =============================================================================================
// Inputs from the ABNF parse, and recompose to themselves (§5.3).

/** §5.3 recomposition from the getters. */
function recompose(u: Uri): string {
  let out = '';
  if (u.scheme !== undefined) out += `${u.scheme}:`;
  if (u.authority !== undefined) out += `//${u.authority}`;
  out += u.path;
  if (u.query !== undefined) out += `?${u.query}`;
  if (u.fragment !== undefined) out += `#${u.fragment}`;
  return out;
}

function checkRecomposition(s: string, options: ParseOptions, full: boolean): string | undefined {
  const u = tryParse(s, options);
  if (u === null) return `${JSON.stringify(s)} ${JSON.stringify(options)} does not parse`;
  const again = recompose(u);
  if (again !== s) return `${JSON.stringify(s)} recomposes to ${JSON.stringify(again)}`;
  if (u.authority !== undefined) {
    const authority = `${u.userinfo === undefined ? '' : `${u.userinfo}@`}${u.host}${u.port === undefined ? '' : `:${u.port}`}`;
    if (authority !== u.authority)
      return `${JSON.stringify(s)}: authority ${JSON.stringify(u.authority)}, from its parts ${JSON.stringify(authority)}`;
  }
  if (full && [u.scheme, u.authority, u.query, u.fragment].includes(undefined)) return `${JSON.stringify(s)}: a component is missing`;
  return undefined;
}

property(
  'generated scheme "://" authority path "?" query "#" fragment recomposes from the getters (§5.3)',
  61,
  18_000,
  [plain.fullUri],
  (s) => checkRecomposition(s, {}, true),
);
property('the same with IRI characters and zone identifiers (iri, zoneId)', 62, 9_000, [iriZone.fullUri], (s) =>
  checkRecomposition(s, IRI_ZONE, true),
);
property('every generated URI-reference parses and recomposes to itself', 63, 18_000, [plain.uriReference], (s) =>
  checkRecomposition(s, {}, false),
);
property('every generated IRI reference parses (iri, zoneId) and recomposes to itself', 64, 9_000, [iriZone.uriReference], (s) =>
  checkRecomposition(s, IRI_ZONE, false),
);

// =============================================================================================
// Single-character hostile edits: no exception, and every entry point agrees.

property(
  'one hostile character inserted, deleted or replaced: scan, isValid, tryParse and parse agree and never throw; scanBytes agrees on the UTF-8 bytes (every option set)',
  65,
  7_500,
  [mutatedOnce(fc.oneof(plain.uriReference, iriZone.uriReference))],
  checkAgreement,
);
property('several hostile edits, pieces and arbitrary strings: the same agreement', 66, 6_000, [anyInput], checkAgreement);
property(
  'strict mode: what one hostile character makes invalid is rejected by tryParse and isValid alike, and what stays valid keeps href',
  67,
  18_000,
  [mutatedOnce(plain.uri)],
  (s) => {
    const u = tryParse(s);
    if ((u !== null) !== isValid(s)) return `${JSON.stringify(s)}: tryParse and isValid disagree`;
    if (u !== null && u.toString() !== s) return `${JSON.stringify(s)}: toString differs`;
    return checkAgreementWith(s, {});
  },
);

// =============================================================================================
// The differential: the table-driven scan against the reference validator.

property(
  'scan agrees with the reference on generated URI-references (acceptance and components)',
  68,
  15_000,
  [plain.uriReference],
  checkReferenceAll,
  'reference',
);
property(
  'scan agrees with the reference on generated IRI / zone references',
  69,
  9_000,
  [iriZone.uriReference],
  checkReferenceAll,
  'reference',
);
property(
  'scan agrees with the reference on one to three hostile edits',
  70,
  24_000,
  [mutated(plain.uriReference)],
  checkReferenceAll,
  'reference',
);
property(
  'scan agrees with the reference on hostile edits of IRI / zone references',
  71,
  12_000,
  [mutated(iriZone.uriReference)],
  checkReferenceAll,
  'reference',
);
property('scan agrees with the reference on strings of hostile pieces', 72, 15_000, [hostileSoup], checkReferenceAll, 'reference');
property(
  'scan agrees with the reference on arbitrary strings',
  73,
  9_000,
  [fc.string({ unit: codePoint, maxLength: 20 })],
  checkReferenceAll,
  'reference',
);

// =============================================================================================
// normalize and resolve on hostile input, in every mode (the fuzzer's invariants).

property(
  'normalize: output parses, is normal, equivalent, keeps which components exist, ignores case (every option set)',
  74,
  7_500,
  [anyInput],
  checkNormalize,
  'normalize',
);
property(
  'resolve: output parses and is stable; only UriError escapes resolve and relativize',
  75,
  4_500,
  [anyBase, anyInput],
  checkResolve,
  'resolve',
);
property(
  'lenient normalize: for every input that parses leniently, the normal form is valid without lenient (strict RFC 3986 for { lenient: true }) and a fixed point with and without it',
  76,
  12_000,
  [lenientInput],
  checkLenientNormal,
  'lenient-normal',
);
property('lenient normalize: the same on every kind of hostile input', 77, 6_000, [anyInput], checkLenientNormal, 'lenient-normal');

// =============================================================================================
// Regression tests: what the fuzzer found.

test('fuzz finding (fixed in src by c09cd2f, then by the %25 rule): a lenient host with a "%" without two hex digits stays a host', () => {
  // normalize used to read past the host: "http://A%/x" gave "http://a%/X/x". Now the stray "%"
  // is written "%25" (it stands for itself), so that the normal form is a strict URI.
  const cases: Array<[string, string]> = [
    ['http://A%/x', 'http://a%25/x'],
    ['http://A%zb/', 'http://a%25zb/'],
    ['http://A%4/x', 'http://a%254/x'],
    ['http://EVIL.com%/admin', 'http://evil.com%25/admin'],
    ['http://A%2/b', 'http://a%252/b'],
    ['http://A%', 'http://a%25/'],
  ];
  for (const [input, want] of cases) {
    assert.is(normalize(input, L), want, input);
    assert.is(parse(want, L).path, parse(input, L).path || '/', input);
    assert.is(parse(want).host, parse(input, L).host!.toLowerCase().replace('%', '%25'), input);
    assert.is(normalize(want), want, `${want} is its own normal form in strict mode`);
    assert.is(checkNormalizeWithAll(input), undefined);
    assert.is(checkLenientNormal(input), undefined);
  }
});

function checkNormalizeWithAll(input: string): string | undefined {
  const f = checkNormalize(input);
  return f !== undefined && knownBug('normalize', [input], f) === undefined ? f : undefined;
}

test("fuzz finding (the checker, not src): non-strict resolution reads a target's own scheme as absent again (§5.2.2)", () => {
  // So resolving a non-strict answer again need not give it back; only strict resolution is stable.
  assert.is(resolve('http:a/', '', { strict: false }), 'http:a/');
  assert.is(resolve('http:a/', 'http:a/', { strict: false }), 'http:a/a/');
  assert.is(resolve('http:a/', 'http:a/'), 'http:a/');
  assert.is(checkResolve('http:a/', ''), undefined);
});

test('fixed src bug (was zone-id-not-normalized): a zone identifier is "%25" and the ZoneID with §6.2.2.1/§6.2.2.2 applied', () => {
  // §6.2.2.1: the hex digits of every percent-encoding are case-insensitive, so these are
  // equivalent and share one normal form, with %B0. The ZoneID's own letters are case-sensitive.
  const Z: ParseOptions = { zoneId: true };
  const cases: Array<[string, string]> = [
    ['http://[fe80::1%25%b0]/', 'http://[fe80::1%25%B0]/'],
    ['http://[fe80::1%25%B0]/', 'http://[fe80::1%25%B0]/'],
    ['http://[FE80::1%25%4a%4A]/', 'http://[fe80::1%25JJ]/'],
    ['http://[fe80::1%25eth%2d0]/', 'http://[fe80::1%25eth-0]/'],
    ['http://[fe80::1%25%2f%7e]/', 'http://[fe80::1%25%2F~]/'],
    ['http://[fe80::1%25EN0]/', 'http://[fe80::1%25EN0]/'],
  ];
  for (const [input, want] of cases) {
    assert.is(normalize(input, Z), want, input);
    assert.is(normalize(want, Z), want, `${want} is normal`);
    assert.is(checkNormalize(input), undefined, input);
  }
  assert.ok(equivalent('http://[fe80::1%25%b0]', 'HTTP://[FE80::1%25%B0]:80/', Z));
  assert.not.ok(equivalent('http://[fe80::1%25EN0]/', 'http://[fe80::1%25en0]/', Z));
});

test('fixed src bug (was lenient-normalize-makes-percent): a stray "%" is written "%25", so no new %XX appears and normalize is idempotent', () => {
  // Each stray "%" is "%25"; the %XX of unreserved characters after it are decoded (%32 "2",
  // %65 "e", %46 "F", %34 "4", %31 "1"); what results is no dot-segment and no encoded "/".
  const cases: Array<[string, string]> = [
    ['http://h/a/%%32%65%%32%65/b', 'http://h/a/%252e%252e/b'],
    ['http://h/a%2%46b', 'http://h/a%252Fb'],
    ['http://%%34%31@h/', 'http://%2541@h/'],
    ['http://h/?%%34%31', 'http://h/?%2541'],
    ['http://h/#%%34%31', 'http://h/#%2541'],
    ['%%32%65%%32%65/x', '%252e%252e/x'],
  ];
  for (const [input, want] of cases) {
    const once = normalize(input, L);
    assert.is(once, want, input);
    assert.is(normalize(once, L), once, `${once} is normal (lenient)`);
    assert.ok(isValid(once), `${once} is a strict URI-reference`);
    assert.is(normalize(once), once, `${once} is normal (strict)`);
    assert.is(checkNormalize(input), undefined, input);
    assert.is(checkLenientNormal(input), undefined, input);
  }
});

/**
 * Open src bugs (found, reported, not fixed yet): each test asserts that the bug still
 * reproduces, with exact values. When one fails, the bug is fixed: delete its entry in
 * test/support/fuzz-checks.ts KNOWN_SRC_BUGS (so that the properties above check that ground
 * again) and turn the test into a regression test of the fixed behaviour.
 */
const OPEN_BUGS: Record<string, () => void> = {};

test('lenient host: a stray "%" is written "%25", so decoding what follows makes no new encoding', () => {
  // Once normalizeHost wrote the "%" bare and "%34%31" decoded to "41" after it: "http://h%41/",
  // which the next pass read as "A". Found by the fuzzer.
  assert.is(normalize('http://H%%34%31/', L), 'http://h%2541/');
  assert.is(normalize('http://h%2541/', L), 'http://h%2541/');
  assert.is(normalize('http://h%2541/'), 'http://h%2541/');
  assert.is(normalize('http://H%4%31/', L), 'http://h%2541/');
  assert.is(normalize('http://H%/x', L), 'http://h%25/x');
  assert.is(checkLenientNormal('http://H%%34%31/'), undefined);
  // The other components write it the same way.
  assert.is(normalize('http://%%34%31@h/', L), 'http://%2541@h/');
});

test('every known src bug of the fuzz checks has a test here, and nothing else is listed', () => {
  assert.equal(KNOWN_SRC_BUGS.map((b) => b.id).sort(), Object.keys(OPEN_BUGS).sort());
});

for (const [id, check] of Object.entries(OPEN_BUGS)) {
  const bug = KNOWN_SRC_BUGS.find((b) => b.id === id);
  test(
    `open src bug ${id} still reproduces (fails once fixed: see OPEN_BUGS)${bug === undefined ? '' : `: ${bug.summary.slice(0, 80)}…`}`,
    check,
  );
}

// =============================================================================================
// Worst-case inputs at 1 MB: every operation completes with the exact result.

type Outcome = number | readonly [UriErrorCode | 'OK', number];
interface Expected {
  /** 0, or the error and its index. */
  scan: Outcome;
  /** parse(s).path.length, or the error. */
  parse: Outcome;
  /** resolve(RESOLVE_BASE, s).length, or the error. */
  resolve: Outcome;
  /** normalize(s).length, or the error. */
  normalize: Outcome;
  /** normalize(s) itself, where the shape makes it easy to write. */
  normalForm?: string;
}

/** Derived by hand from each shape (n = the input's length, k = the number of repeated units). */
const LINEAR_EXPECTED: Record<string, (s: string) => Expected> = {
  'pct-path': (s) => ({ scan: 0, parse: s.length - 16, resolve: s.length, normalize: 17 + (s.length - 17) / 3 }),
  'pct-host': (s) => ({ scan: 0, parse: 1, resolve: s.length, normalize: 8 + (s.length - 8) / 3 }),
  // Lenient: each tolerated character is written percent-encoded in the normal form, "%" as
  // "%25", "[" and "]" as "%5B" and "%5D" (three characters for one).
  'pct-broken-lenient': (s) => {
    const k = s.length - 17;
    return { scan: 0, parse: s.length - 16, resolve: s.length, normalize: 17 + 3 * k, normalForm: `http://a.example/${'%25'.repeat(k)}` };
  },
  'lbracket-lenient': (s) => {
    const k = (s.length - 17) / 2;
    return {
      scan: 0,
      parse: s.length - 16,
      resolve: s.length,
      normalize: 17 + 6 * k,
      normalForm: `http://a.example/${'%5B%5D'.repeat(k)}`,
    };
  },
  // "[1:1:1:1:1:1:1:1" is a whole address: the ":" after the eighth group (index 23) cannot follow.
  'ipv6-unclosed': () => ({
    scan: ['INVALID_IPV6', 23],
    parse: ['INVALID_IPV6', 23],
    resolve: ['INVALID_IPV6', 23],
    normalize: ['INVALID_IPV6', 23],
  }),
  'ipv6-long': () => ({
    scan: ['INVALID_IPV6', 23],
    parse: ['INVALID_IPV6', 23],
    resolve: ['INVALID_IPV6', 23],
    normalize: ['INVALID_IPV6', 23],
  }),
  'ipvfuture-long': (s) => ({ scan: 0, parse: 1, resolve: s.length, normalize: s.length }),
  'at-path': (s) => ({ scan: 0, parse: s.length - 16, resolve: s.length, normalize: s.length }),
  // "http://" + "a@" x k + "h/": the last "@" ends the userinfo, whose k - 1 other "@" become "%40".
  'at-authority-lenient': (s) => {
    const k = (s.length - 9) / 2;
    return { scan: 0, parse: 1, resolve: s.length, normalize: s.length + 2 * (k - 1), normalForm: `http://${'a%40'.repeat(k - 1)}a@h/` };
  },
  'colon-userinfo': (s) => ({ scan: 0, parse: 1, resolve: s.length, normalize: s.length }),
  // Userinfo until the "/" says otherwise: the "/" is the first character that cannot be accepted.
  'colon-no-at': (s) => {
    const e = ['INVALID_PORT', s.length - 1] as const;
    return { scan: e, parse: e, resolve: e, normalize: e };
  },
  'port-long': (s) => ({ scan: 0, parse: 1, resolve: s.length, normalize: s.length }),
  'dot-segments': (s) => ({ scan: 0, parse: s.length - 16, resolve: 17, normalize: 17 }),
  'dotdot-absolute': (s) => ({ scan: 0, parse: s.length - 16, resolve: 18, normalize: 18 }),
  'dotdot-relative': (s) => ({ scan: 0, parse: s.length, resolve: 18, normalize: s.length }),
  'segment-dotdot': (s) => ({ scan: 0, parse: s.length - 16, resolve: 17, normalize: 17 }),
  'regname-upper': (s) => ({ scan: 0, parse: 1, resolve: s.length, normalize: s.length }),
  'query-long': (s) => ({ scan: 0, parse: 1, resolve: s.length, normalize: 18 + ((s.length - 18) / 6) * 4 }),
  // "http://a.example/#" + "#" x k: every "#" of the fragment becomes "%23".
  'hash-lenient': (s) => {
    const k = s.length - 18;
    return { scan: 0, parse: 1, resolve: s.length, normalize: 18 + 3 * k, normalForm: `http://a.example/#${'%23'.repeat(k)}` };
  },
  'error-at-end': (s) => {
    const e = ['INVALID_CHAR', s.length - 1] as const;
    return { scan: e, parse: e, resolve: e, normalize: e };
  },
  'iri-path': (s) => ({ scan: 0, parse: s.length - 16, resolve: s.length, normalize: s.length }),
  // No "@" in any address: nothing to lower-case, the input is its own normal form.
  'mailto-commas': (s) => ({ scan: 0, parse: s.length - 7, resolve: s.length, normalize: s.length, normalForm: s }),
  // Every address has an empty domain: nothing to lower-case.
  'mailto-at-commas': (s) => ({ scan: 0, parse: s.length - 7, resolve: s.length, normalize: s.length, normalForm: s }),
  // "http://u@a.example" + "/a/a/...a/" + "?q#%41": the fragment's "%41" is an unreserved "A".
  'pct-at-end': (s) => ({ scan: 0, parse: s.length - 24, resolve: s.length, normalize: s.length - 2, normalForm: `${s.slice(0, -3)}A` }),
};

function outcome(f: () => number): Outcome {
  try {
    return f();
  } catch (e) {
    if (e instanceof UriError) return [e.code as UriErrorCode, e.index];
    throw e;
  }
}

const MB = 1 << 20;

test('every worst case of test/support/worst-cases.ts has hand-derived expectations here', () => {
  assert.equal(WORST_CASES.map((c) => c.name).sort(), Object.keys(LINEAR_EXPECTED).sort());
});

for (const c of WORST_CASES) {
  test(`1 MB worst case ${c.name}: scan, isValid, parse, resolve, normalize complete with the exact results`, () => runWorstCase(c));
}

function runWorstCase(c: WorstCase): void {
  const s = c.build(MB);
  assert.ok(s.length > MB - 8 && s.length <= MB, `${c.name}: ${s.length} code units`);
  const want = LINEAR_EXPECTED[c.name]!(s);
  const o = c.options;
  const code = scan(s, rec, o);
  assert.equal(code === 0 ? 0 : [CODE_NAMES[code], rec[Slot.ERROR_INDEX]], want.scan, `${c.name} scan`);
  assert.is(isValid(s, o), want.scan === 0, `${c.name} isValid`);
  assert.equal(
    outcome(() => parse(s, o).path.length),
    want.parse,
    `${c.name} parse`,
  );
  assert.equal(
    outcome(() => resolve(RESOLVE_BASE, s, o).length),
    want.resolve,
    `${c.name} resolve`,
  );
  assert.equal(
    outcome(() => normalize(s, o).length),
    want.normalize,
    `${c.name} normalize`,
  );
  if (want.normalForm !== undefined) {
    const n = normalize(s, o);
    assert.ok(n === want.normalForm, `${c.name}: the normal form is not the one derived by hand`);
    // A lenient input's normal form is a strict URI, and normal in strict mode too.
    if (o?.lenient === true) {
      assert.ok(isValid(n), `${c.name}: the normal form is not a strict URI`);
      assert.ok(normalize(n) === n, `${c.name}: the normal form is not normal in strict mode`);
    }
  }
}

test('1 MB mailto-commas: normalize completes, linearly, with the input itself (was quadratic: lowerMailtoDomains)', () => {
  const c = WORST_CASES.find((x) => x.name === 'mailto-commas')!;
  const s = c.build(MB);
  assert.is(s, `mailto:${'a,'.repeat((MB - 7) >> 1)}`);
  assert.ok(normalize(s) === s, 'mailto:a,a,... is normal');
  // With a domain in every address: each is lower-cased, the local parts are kept.
  const t = `mailto:${'X@A.B,'.repeat(MB / 8)}`;
  assert.ok(normalize(t) === `mailto:${'X@a.b,'.repeat(MB / 8)}`, 'each domain is lower-cased');
});

test('4 MB mailto "@,"...: normalize, equivalent and relativize stay linear (was quadratic: the domain\'s "%" search ran to the end)', () => {
  // 2M addresses, each an empty local part and an empty domain: quadratic work would take minutes.
  const s = `mailto:${'@,'.repeat(1 << 21)}`;
  const started = Date.now();
  assert.ok(normalize(s) === s, 'mailto:@,@,... is normal');
  assert.ok(equivalent(s, s));
  assert.ok(relativize('mailto:x', s) === s.slice(7), 'the path alone resolves to it');
  // Domains that change, with "%XX" in some of them: each lower-cased outside its "%XX".
  const t = `mailto:${'a@B%41C,'.repeat(1 << 18)}`;
  assert.ok(normalize(t) === `mailto:${'a@bac,'.repeat(1 << 18)}`, 'each domain lower-cased, %41 decoded');
  const u = `mailto:${'a@X%2F,'.repeat(1 << 18)}`;
  assert.ok(normalize(u) === `mailto:${'a@x%2F,'.repeat(1 << 18)}`, '%2F stays, its hex upper case');
  assert.ok(Date.now() - started < 10_000, `linear time: ${Date.now() - started} ms`);
});

test('removeDotSegments and resolve: 100 k dot-segments stay linear and exact', () => {
  const n = 100_000;
  const started = Date.now();
  assert.is(removeDotSegments(`/${'a/'.repeat(n)}${'../'.repeat(n)}`), '/');
  assert.is(removeDotSegments(`${'a/'.repeat(n) + '../'.repeat(n)}z`), '/z');
  assert.is(removeDotSegments(`/${'a/'.repeat(n)}${'../'.repeat(n - 1)}z`), '/a/z');
  assert.is(removeDotSegments(`/${'../'.repeat(n)}z`), '/z');
  assert.is(removeDotSegments(`/${'./'.repeat(n)}z`), '/z');
  assert.is(removeDotSegments(`/${'a/./'.repeat(n)}`), `/${'a/'.repeat(n)}`);
  assert.is(removeDotSegments(`/${'a/b/../'.repeat(n)}c`), `/${'a/'.repeat(n)}c`);
  assert.is(removeDotSegments(`${'/'.repeat(n)}..`), '/'.repeat(n - 1));
  assert.is(resolve(`http://h/${'a/'.repeat(n)}`, `${'../'.repeat(n)}z`), 'http://h/z');
  assert.ok(Date.now() - started < 5000, 'linear time');
});

// =============================================================================================
// maxLength: rejected before any work.

test('maxLength: a longer input is TOO_LONG at index maxLength, without reading a single character', () => {
  // A byte array that counts the reads of its elements.
  const size = 1 << 24;
  const bytes = new Uint8Array(size).fill(0x20); // spaces: invalid at index 0 if it were read
  let reads = 0;
  const counted = new Proxy(bytes, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      // The typed array itself as the receiver: its length getter rejects a proxy.
      return Reflect.get(target, key, target) as unknown;
    },
  });
  assert.is(scanBytes(counted, 0, size, rec, { maxLength: 4096 }), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 4096);
  assert.is(reads, 0, 'no byte was read');
  assert.is(scanBytes(counted, 100, 4196, rec, { maxLength: 4096 }), ErrorCode.INVALID_CHAR, 'exactly maxLength bytes are scanned');
  assert.is(rec[Slot.ERROR_INDEX], 100);
  assert.is(reads, 1, 'the first byte, which is the error');
  assert.is(scanBytes(counted, 100, 4197, rec, { maxLength: 4096 }), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 100 + 4096);
});

test('maxLength: a 16 MB string that is invalid at index 0 is TOO_LONG for every entry point', () => {
  const s = ' '.repeat(1 << 24);
  const o: ParseOptions = { maxLength: 2048 };
  assert.is(scan(s, rec, o), ErrorCode.TOO_LONG);
  assert.is(rec[Slot.ERROR_INDEX], 2048);
  assert.is(isValid(s, o), false);
  assert.is(tryParse(s, o), null);
  for (const f of [() => parse(s, o), () => normalize(s, o), () => resolve('http://a/', s, o), () => resolve(s, 'x', o)]) {
    const e = (() => {
      try {
        f();
      } catch (x) {
        return x;
      }
      return null;
    })();
    assert.instance(e, UriError);
    assert.equal([(e as UriError).code, (e as UriError).index], ['TOO_LONG', 2048]);
  }
  // Without maxLength the same string is INVALID_CHAR at 0 (after no more work than one character).
  assert.is(scan(s, rec), ErrorCode.INVALID_CHAR);
  assert.is(rec[Slot.ERROR_INDEX], 0);
});

test('maxLength: resolve re-checks a base it has seen before (its scan is reused) against a smaller maxLength', () => {
  const base = `http://a.example/${'b/'.repeat(100)}`;
  assert.is(resolve(base, 'x').length, base.length + 1);
  assert.is(resolve(base, 'y').length, base.length + 1);
  let e: unknown = null;
  try {
    resolve(base, 'x', { maxLength: 64 });
  } catch (x) {
    e = x;
  }
  assert.instance(e, UriError);
  assert.equal([(e as UriError).code, (e as UriError).index], ['TOO_LONG', 64]);
  assert.is(resolve(base, 'x', { maxLength: base.length }).length, base.length + 1);
});

test('maxLength: every option set rejects before work (lenient would accept the spaces)', () => {
  const s = `http://h/${' '.repeat(5000)}`;
  for (const o of OPTION_SETS) {
    assert.is(scan(s, rec, { ...o, maxLength: 100 }), ErrorCode.TOO_LONG, JSON.stringify(o));
    assert.is(rec[Slot.ERROR_INDEX], 100);
  }
  assert.ok(isValid(s, L));
});

// =============================================================================================
// No recursion on input-sized structures: nothing grows the stack with the input's length.

test("3.4 million path segments (6.8 MB) go through every entry point: no RangeError (was: a stack overflow in the fast path's regex)", () => {
  const path = `/${'a/'.repeat(3_400_000)}`;
  const s = `http://a${path}`;
  assert.is(scan(s, rec), 0);
  assert.is(rec[Slot.PATH_END]! - rec[Slot.PATH_START]!, path.length);
  assert.is(rec[Slot.FLAGS]! & Flag.DOT, 0);
  assert.ok(isValid(s));
  assert.is(parse(s).path.length, path.length);
  assert.is(tryParse(path)!.path.length, path.length);
  assert.is(scanBytes(Buffer.from(s, 'latin1'), 0, s.length, rec), 0);
  assert.ok(normalize(s) === s, 'already normal');
  assert.ok(equivalent(s, `HTTP://A${path}`));
  assert.ok(resolve('http://b/x', s) === s);
  assert.ok(resolve(s, 'x') === `${s}x`);
  assert.is(relativize(s, `${s}x`), 'x');
  assert.ok(removeDotSegments(path) === path);
  assert.ok(uriToIri(s) === s && iriToUri(s) === s);
  assert.ok(heuristicParse(s).uri.href === s);
  assert.is(parseRequestTarget(path, { host: 'a' }).targetUri!.length, s.length);
  // The same with a dot-segment at the very end: the DOT flag is found after the flat match.
  assert.is(scan(`${s}.`, rec), 0);
  assert.is(rec[Slot.FLAGS]! & Flag.DOT, Flag.DOT);
  assert.ok(normalize(`${s}./b`) === `${s}b`);
  // And 3.4 million query pairs.
  assert.is(queryParams(`?${'a=1&'.repeat(3_400_000)}`).size, 3_400_000);
});

test('the fast path on either side of NO_DOT_LIMIT writes the record the state machine writes (DOT flag included)', () => {
  const machine = new Uint32Array(OFFSETS_LENGTH);
  let compared = 0;
  for (const length of [NO_DOT_LIMIT - 1, NO_DOT_LIMIT, NO_DOT_LIMIT + 1, NO_DOT_LIMIT + 2]) {
    for (const tail of ['', '.', '/.', '/..', '/.a', 'a.b', '?/.', '#/.']) {
      for (const head of ['http://a/', '/']) {
        const pad = length - head.length - tail.length;
        const s = head + 'ab/'.repeat(pad / 3) + 'x'.repeat(pad % 3) + tail;
        assert.is(s.length, length);
        assert.is(scan(s, rec), 0, s.slice(-12));
        // An upper-case first letter, or a "%41" in the first segment, sends the input to the
        // machine; every slot but the hint flags must agree.
        const slow = head === '/' ? `/%41${s.slice(4)}` : `H${s.slice(1)}`;
        assert.is(scan(slow, machine), 0);
        const hints = Flag.UPPER | Flag.PERCENT | Flag.PCT_UNRESERVED;
        assert.equal(
          [...rec.subarray(0, Slot.FLAGS), rec[Slot.FLAGS]! & ~hints],
          [...machine.subarray(0, Slot.FLAGS), machine[Slot.FLAGS]! & ~hints],
          `${length} ${JSON.stringify(head)} ${JSON.stringify(tail)}`,
        );
        compared++;
      }
    }
  }
  assert.is(compared, 64);
});

test.run();

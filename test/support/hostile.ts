/**
 * Hostile input: pieces that move component boundaries, break rules or look like something they
 * are not, edits that put them into URI-references from the ABNF (test/support/abnf.ts), and the
 * mixes of both that the fuzzer and test/hostile.slow.test.ts feed to the checks of
 * test/support/fuzz-checks.ts.
 */
import fc from 'fast-check';
import { grammar } from './abnf.js';

/**
 * Any code point but a surrogate, as fast-check's 'binary' string unit draws them (without the
 * second and more of CPU that unit takes to set up in each process): `fc.string({ unit: codePoint })`.
 */
export const codePoint: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((i) => String.fromCodePoint(i < 0xd800 ? i : i + 0x800));

/**
 * Characters and short strings that move boundaries, break rules, or look like something they
 * are not: delimiters, broken and encoded "%", characters outside the grammar, controls,
 * non-ASCII (ucschar, iprivate, lone surrogates, Unicode dots), IP-literal pieces.
 */
export const HOSTILE: readonly string[] = [
  ':',
  '/',
  '?',
  '#',
  '[',
  ']',
  '@',
  '%',
  '%2',
  '%zz',
  '%25',
  '%2e',
  '%2F',
  '%40',
  '.',
  '..',
  '//',
  '::',
  '\\',
  ' ',
  '\t',
  '\r',
  '\n',
  '\u0000',
  '\u0008',
  '\u007f',
  '"',
  '<',
  '>',
  '^',
  '`',
  '{',
  '|',
  '}',
  'é',
  '\u3002',
  '\uFF0E',
  '\uFF03',
  '\u00A0',
  '\uFEFF',
  '\uFFFD',
  '\uFFFE',
  '\uE000',
  '😀',
  '\uD800',
  '\uDC00',
  'v1.',
  'v',
  '0x',
  '0',
  '9',
  'a',
  'F',
  ':80',
  '@@',
  '[::1]',
  '%25eth0',
  '-',
  '+',
  '~',
  '!',
  '=',
];

/** The single characters of HOSTILE (one code point each; a lone surrogate counts as one). */
export const HOSTILE_CHARS: readonly string[] = HOSTILE.filter((t) => [...t].length === 1);

/** One edit: insert, delete or replace at a position (taken modulo the input's length). */
export type Mutation = readonly ['insert' | 'replace', number, string] | readonly ['delete', number];

/** Edits with pieces of `alphabet` (default: all of HOSTILE, multi-character pieces included). */
export function mutation(alphabet: readonly string[] = HOSTILE): fc.Arbitrary<Mutation> {
  return fc.oneof(
    fc.tuple(fc.constant('insert' as const), fc.nat(), fc.constantFrom(...alphabet)),
    fc.tuple(fc.constant('replace' as const), fc.nat(), fc.constantFrom(...alphabet)),
    fc.tuple(fc.constant('delete' as const), fc.nat()),
  );
}

/** Applies one edit to s (by code unit, so that surrogate pairs can be split). */
export function mutate(s: string, m: Mutation): string {
  const at = s.length === 0 ? 0 : m[1] % (m[0] === 'insert' ? s.length + 1 : s.length);
  if (m[0] === 'insert') return s.slice(0, at) + m[2] + s.slice(at);
  if (s.length === 0) return m[0] === 'replace' ? m[2] : s;
  if (m[0] === 'delete') return s.slice(0, at) + s.slice(at + 1);
  return s.slice(0, at) + m[2] + s.slice(at + 1);
}

/** Inputs from the grammar with one to `maxEdits` hostile edits. */
export function mutated(source: fc.Arbitrary<string>, maxEdits = 3, alphabet: readonly string[] = HOSTILE): fc.Arbitrary<string> {
  return fc.tuple(source, fc.array(mutation(alphabet), { minLength: 1, maxLength: maxEdits })).map(([s, ms]) => ms.reduce(mutate, s));
}

/** Inputs from the grammar with exactly one single-character edit (insert, delete or replace). */
export function mutatedOnce(source: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return mutated(source, 1, HOSTILE_CHARS);
}

/** Strings of hostile pieces only: no grammar at all. */
export const hostileSoup: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom('http:', '//', 'a', 'h.x', '1.2.3.4', '[v1.x]', '?q', '#f', 'u@')), {
    maxLength: 14,
  })
  .map((a) => a.join(''));

// =============================================================================================
// The fuzzer's inputs: every kind, weighted toward the grammar.

const plain = grammar();
const iriZone = grammar({ iri: true, zoneId: true });

/** Every kind of input, weighted toward the ones near the grammar. */
export const anyInput: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: plain.uriReference, weight: 3 },
  { arbitrary: iriZone.uriReference, weight: 1 },
  { arbitrary: mutatedOnce(plain.uriReference), weight: 3 },
  { arbitrary: mutated(plain.uriReference), weight: 4 },
  { arbitrary: mutated(iriZone.uriReference), weight: 2 },
  { arbitrary: hostileSoup, weight: 2 },
  { arbitrary: fc.string({ unit: codePoint, maxLength: 24 }), weight: 1 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...':/?#[]@%.25aAfF0x:v\\ \t'.split('')), maxLength: 24 }), weight: 1 },
);

/**
 * What lenient mode tolerates (and what looks like it), for inputs that parse leniently: stray and
 * doubled "%", characters outside the grammar, brackets, "#" and "@" where they are not
 * delimiters, non-ASCII (a lone surrogate too), next to %XX of unreserved characters that
 * normalization decodes.
 */
export const TOLERATED: readonly string[] = [
  '%',
  '%%',
  '%2',
  '%%32%65',
  '%%41',
  '%4',
  '%zz',
  '%25',
  '%41',
  '%7e',
  '%2e',
  '%2F',
  ' ',
  '"',
  '<',
  '>',
  '\\',
  '^',
  '`',
  '{',
  '|',
  '}',
  '[',
  ']',
  '#',
  '@',
  '@@',
  'é',
  'Ü',
  '😀',
  '\u3002',
  '\uFF0E',
  '\uE000',
  '\uD800',
  'A',
  '.',
  '..',
  '/',
  ':',
];

/** URI-references with one to four tolerated pieces inserted or replaced, and strings of them. */
export const lenientInput: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: mutated(plain.uriReference, 4, TOLERATED), weight: 4 },
  { arbitrary: mutated(iriZone.uriReference, 4, TOLERATED), weight: 2 },
  {
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...TOLERATED), fc.constantFrom('http://', 'H', 'u@', '?q', '#f', '[::1]', '/a')), { maxLength: 12 })
      .map((a) => a.join('')),
    weight: 2,
  },
);

/** Bases: absolute URIs, their mutations, and now and then anything. */
export const anyBase: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: plain.uri, weight: 4 },
  { arbitrary: mutated(plain.uri, 1), weight: 2 },
  { arbitrary: iriZone.uri, weight: 1 },
  { arbitrary: anyInput, weight: 1 },
);

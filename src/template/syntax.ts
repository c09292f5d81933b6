/**
 * RFC 6570 §2: a URI Template checked in one pass and compiled into a flat program.
 *
 * The program holds the literal text between expressions (already as it expands, §3.1) and, per
 * expression, its operator and varspecs in parallel arrays. Every error names the first
 * character that no valid template could have at that place.
 *
 *   template ──► compile() ──► Program ──► expand (expand.ts) / the matcher (nfa.ts, runner.ts)
 */

import { encodeReserved } from './encode.js';
import { templateError, type UriTemplateError } from './error.js';
import { TChar, TEMPLATE_CHAR } from './tables.js';

/** The expression types of §3.2, in the order of Appendix A's table. */
export enum Op {
  SIMPLE = 0,
  RESERVED = 1,
  FRAGMENT = 2,
  LABEL = 3,
  PATH = 4,
  PARAM = 5,
  QUERY = 6,
  CONTINUATION = 7,
}

/** The operator character of each Op ('' for simple string expansion). */
export const OP_CHAR = ['', '+', '#', '.', '/', ';', '?', '&'] as const;
/** Appendix A: what an expression writes before its first defined variable. */
export const FIRST = ['', '', '#', '.', '/', ';', '?', '&'] as const;
/** Appendix A: what it writes between defined variables. */
export const SEP = [',', ',', ',', '.', '/', ';', '&', '&'] as const;
/** Appendix A "named": name=value pairs (`;`, `?`, `&`). */
export const NAMED = [false, false, false, false, false, true, true, true] as const;
/** Appendix A "ifemp": `?` and `&` write `name=` for an empty value, `;` only `name`. */
export const IFEMP = ['', '', '', '', '', '', '=', '='] as const;
/** Appendix A "allow": U+R (reserved characters and pct-encoded triplets pass) for `+` and `#`. */
export const ALLOW_UR = [false, true, true, false, false, false, false, false] as const;

/** A compiled template. Expression e's varspecs are firstSpec[e] .. firstSpec[e + 1] - 1. */
export interface Program {
  readonly source: string;
  /** The text before, between and after the expressions, as it expands (one more than ops). */
  readonly literals: readonly string[];
  /** Per expression: its Op, the index of its "{" and the index after its "}". */
  readonly ops: Uint8Array;
  readonly open: Uint32Array;
  readonly close: Uint32Array;
  readonly firstSpec: Uint32Array;
  /** Per varspec: the name, the prefix length (0: none), explode, where it starts in source. */
  readonly names: readonly string[];
  readonly prefix: Uint16Array;
  readonly explode: Uint8Array;
  readonly specAt: Uint32Array;
  /** Per varspec: the expression it belongs to. */
  readonly specExpr: Uint32Array;
  /** The variable names in order of first use. */
  readonly variables: readonly string[];
  /** Some variable occurs in more than one varspec. */
  readonly repeats: boolean;
}

const HEX_DIGIT = /^[0-9A-Fa-f]$/;
const isHex = (c: number): boolean => c < 0x80 && HEX_DIGIT.test(String.fromCharCode(c));

/**
 * Compiles `source`, or throws the `UriTemplateError` for its first invalid character.
 */
export function compile(source: string): Program {
  const n = source.length;
  const literals: string[] = [];
  const ops: number[] = [];
  const open: number[] = [];
  const close: number[] = [];
  const firstSpec: number[] = [];
  const names: string[] = [];
  const prefix: number[] = [];
  const explode: number[] = [];
  const specAt: number[] = [];
  let lit = 0; // where the current literal starts
  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.LITERAL) !== 0) {
      i++;
      continue;
    }
    if (c === 0x25) {
      i = percentTriplet(source, i, 'literal');
      continue;
    }
    if (c >= 0x80) {
      // ucschar / iprivate (§2.1)
      i += literalCodePoint(source, i) > 0xffff ? 2 : 1;
      continue;
    }
    if (c !== 0x7b) {
      throw templateError(
        'INVALID_LITERAL',
        i,
        source,
        'Invalid character in a literal',
        c === 0x7d
          ? ': it closes no expression'
          : ': a literal cannot hold a space, a control character, \'"\', "<", ">", "\\", "^", "`" or "|" (percent-encode it)',
      );
    }
    // An expression: "{" [ operator ] variable-list "}".
    literals.push(literal(source, lit, i));
    open.push(i);
    firstSpec.push(names.length);
    i = expression(source, i, ops, names, prefix, explode, specAt);
    close.push(i);
    lit = i;
  }
  literals.push(literal(source, lit, n));
  firstSpec.push(names.length);

  const specExpr = new Uint32Array(names.length);
  for (let e = 0; e < ops.length; e++) specExpr.fill(e, firstSpec[e], firstSpec[e + 1]);
  const variables: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!seen.has(name)) {
      seen.add(name);
      variables.push(name);
    }
  }
  return {
    source,
    literals,
    ops: Uint8Array.from(ops),
    open: Uint32Array.from(open),
    close: Uint32Array.from(close),
    firstSpec: Uint32Array.from(firstSpec),
    names,
    prefix: Uint16Array.from(prefix),
    explode: Uint8Array.from(explode),
    specAt: Uint32Array.from(specAt),
    specExpr,
    variables,
    repeats: variables.length < names.length,
  };
}

/**
 * Reads the expression whose "{" is at `at`; returns the index after its "}". Errors name the
 * first character that cannot continue any expression.
 */
function expression(s: string, at: number, ops: number[], names: string[], prefix: number[], explode: number[], specAt: number[]): number {
  const n = s.length;
  let i = at + 1;
  const unclosed = (): UriTemplateError =>
    templateError('UNCLOSED_EXPRESSION', n, s, 'Unclosed expression', `: the "{" at index ${at} has no "}"`);
  if (i >= n) throw unclosed();
  let c = s.charCodeAt(i);
  let op = Op.SIMPLE;
  if (c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.OPERATOR) !== 0) {
    op = OP_CHAR.indexOf(String.fromCharCode(c) as (typeof OP_CHAR)[number]) as Op;
    i++;
  } else if (c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.OP_RESERVE) !== 0) {
    throw templateError(
      'RESERVED_OPERATOR',
      i,
      s,
      'Reserved operator',
      ': "=", ",", "!", "@" and "|" are reserved for future extensions (RFC 6570 §2.2); the operators are + # . / ; ? &',
    );
  }
  ops.push(op);
  for (;;) {
    // varname = varchar *( ["."] varchar ) ; varchar = ALPHA / DIGIT / "_" / pct-encoded
    const start = i;
    i = varchar(s, i, unclosed, 'Invalid variable name', ': a variable name starts with a letter, a digit, "_" or %XX');
    for (;;) {
      if (i >= n) throw unclosed();
      c = s.charCodeAt(i);
      if (c === 0x2e) {
        i = varchar(
          s,
          i + 1,
          unclosed,
          'Invalid variable name',
          ': a "." in a variable name must be followed by a letter, a digit, "_" or %XX',
        );
      } else if ((c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.VARCHAR) !== 0) || c === 0x25) {
        i = varchar(s, i, unclosed, '', '');
      } else {
        break;
      }
    }
    names.push(internalized(s.slice(start, i)));
    specAt.push(start);
    let max = 0;
    let star = 0;
    if (c === 0x3a) {
      // prefix = ":" max-length ; max-length = %x31-39 0*3DIGIT
      const colon = i++;
      const bad = (why: string): UriTemplateError => templateError('INVALID_PREFIX', i, s, 'Invalid prefix modifier', why);
      if (i >= n) throw unclosed();
      c = s.charCodeAt(i);
      if (c < 0x31 || c > 0x39) throw bad(`: the ":" at index ${colon} must be followed by 1 to 4 digits, the first not 0`);
      while (i < n && (c = s.charCodeAt(i)) >= 0x30 && c <= 0x39) {
        if (i - colon > 4) throw bad(': a prefix has at most 4 digits (below 10000)');
        max = max * 10 + (c - 0x30);
        i++;
      }
    } else if (c === 0x2a) {
      star = 1;
      i++;
    }
    prefix.push(max);
    explode.push(star);
    if (i >= n) throw unclosed();
    c = s.charCodeAt(i);
    i++;
    if (c === 0x7d) return i;
    if (c !== 0x2c) {
      const why =
        c === 0x2a && max > 0
          ? ': a prefix and an explode cannot be combined (RFC 6570 §2.4)'
          : star === 1
            ? ': an explode "*" must be followed by "," or "}"'
            : ': a varspec must be followed by ",", "}", a ":" prefix or a "*" explode';
      throw templateError('INVALID_EXPRESSION', i - 1, s, 'Invalid character in an expression', why);
    }
  }
}

/** One varchar at i (a letter, digit, "_" or a %XX triplet); returns the index after it. */
function varchar(s: string, i: number, unclosed: () => UriTemplateError, what: string, why: string): number {
  if (i >= s.length) throw unclosed();
  const c = s.charCodeAt(i);
  if (c < 0x80 && (TEMPLATE_CHAR[c]! & TChar.VARCHAR) !== 0) return i + 1;
  if (c === 0x25) return percentTriplet(s, i, 'variable name');
  throw templateError('INVALID_VARNAME', i, s, what, why);
}

/** Checks the "%" HEXDIG HEXDIG at i; returns the index after it. */
function percentTriplet(s: string, i: number, where: string): number {
  for (let k = i + 1; k <= i + 2; k++) {
    if (k >= s.length || !isHex(s.charCodeAt(k))) {
      throw templateError(
        'INVALID_PERCENT_ENCODING',
        k,
        s,
        `Invalid percent-encoding in a ${where}`,
        `: the "%" at index ${i} must be followed by two hex digits`,
      );
    }
  }
  return i + 3;
}

/**
 * The code point at i (>= 0x80), when it is a ucschar or iprivate (RFC 3987 §2.2); otherwise
 * throws INVALID_LITERAL at i, where the code point (or the lone surrogate) starts.
 */
function literalCodePoint(s: string, i: number): number {
  const cp = s.codePointAt(i)!;
  const bad = (why: string): UriTemplateError =>
    templateError(
      'INVALID_LITERAL',
      i,
      s,
      'Invalid character in a literal',
      `: ${why}; a literal holds only ucschar and iprivate characters (RFC 3987 §2.2)`,
    );
  if (cp >= 0xdc00 && cp <= 0xdfff) throw bad('a low surrogate without a high surrogate before it');
  if (cp >= 0xd800 && cp <= 0xdbff) throw bad('a high surrogate without a low surrogate after it');
  if (cp < 0xa0) throw bad('a C1 control character');
  if (cp <= 0xffff) {
    if ((cp >= 0xfdd0 && cp <= 0xfdef) || cp >= 0xfff0) throw bad('a non-character or a special');
    return cp;
  }
  // U+E0000..U+E0FFF are neither ucschar nor iprivate.
  if (cp >= 0xe0000 && cp <= 0xe0fff) throw bad('U+E0000..U+E0FFF are not allowed');
  if ((cp & 0xfffe) === 0xfffe) throw bad(`U+${cp.toString(16).toUpperCase()} is a non-character`);
  return cp;
}

/**
 * §3.1: a checked literal as it expands. Every ASCII character a literal may hold is reserved or
 * unreserved, and "%" begins a triplet, so this is U+R encoding: the rest as UTF-8 triplets.
 */
function literal(source: string, from: number, to: number): string {
  return encodeReserved(source.slice(from, to))!;
}

/**
 * The same string as V8 keeps property names (internalized): extract stores each name as a key
 * of every answer, which costs a string-table lookup per store for a sliced string.
 */
function internalized(name: string): string {
  for (const key in { [name]: 0 }) return key;
  return name;
}

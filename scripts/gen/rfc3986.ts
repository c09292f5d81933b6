/**
 * Writes src/syntax/tables.ts: the character-class table and the transition table that drive
 * `scan`, and the small lookup tables around them. Every class and every state is described here
 * once, as data, next to the RFC 3986 ABNF rule it stands for; the output is plain literal
 * `Uint8Array`s with a comment per row, so the tokenizer imports numbers and nothing else.
 *
 *   node build/scripts/gen/rfc3986.js                 rewrite the file
 *   node build/scripts/gen/rfc3986.js --check [FILE]  exit 1 when the committed file (or FILE) is stale
 */
import { fileURLToPath } from 'node:url';
import { ALPHA, DIGIT, generate, regexClass, render128, SUB_DELIMS, UNRESERVED } from './common.js';

// ---------------------------------------------------------------------------------------------
// Character classes. Every code unit below 0x80 belongs to exactly one; anything at or above
// 0x80 is NON_ASCII. Two characters share a class when no state of the grammar tells them apart.

interface CharClass {
  readonly name: string;
  readonly abnf: string;
  readonly chars: string;
}

export const CLASSES: readonly CharClass[] = [
  { name: 'CONTROL', abnf: 'CTL = %x00-1F / %x7F: an error in every mode', chars: '' },
  { name: 'ALPHA', abnf: 'ALPHA = %x41-5A / %x61-7A', chars: ALPHA },
  { name: 'DIGIT', abnf: 'DIGIT = %x30-39', chars: DIGIT },
  { name: 'PLUS_MINUS', abnf: '"+" / "-" (scheme characters; "+" is a sub-delim, "-" unreserved)', chars: '+-' },
  { name: 'DOT', abnf: '"." (scheme character, unreserved, dot-segment and IPv4 separator)', chars: '.' },
  {
    name: 'OTHER',
    abnf: 'the rest of unreserved / sub-delims: "_" / "~" / "!" / "$" / "&" / "\'" / "(" / ")" / "*" / "," / ";" / "="',
    chars: "_~!$&'()*,;=",
  },
  { name: 'COLON', abnf: '":" (gen-delim: scheme end, port, userinfo, IPv6, pchar)', chars: ':' },
  { name: 'SLASH', abnf: '"/" (gen-delim: authority and path segments)', chars: '/' },
  { name: 'QUESTION', abnf: '"?" (gen-delim: query start, then a query and fragment character)', chars: '?' },
  { name: 'HASH', abnf: '"#" (gen-delim: fragment start)', chars: '#' },
  { name: 'AT', abnf: '"@" (gen-delim: userinfo end, pchar)', chars: '@' },
  // From PERCENT on, scan looks at the class again after the transition: every class that needs
  // more than a table lookup (a hex check, a tolerated character in lenient mode) sorts here.
  { name: 'PERCENT', abnf: 'pct-encoded = "%" HEXDIG HEXDIG (the two digits are checked by scan)', chars: '%' },
  { name: 'LBRACKET', abnf: '"[" (gen-delim: IP-literal start)', chars: '[' },
  { name: 'RBRACKET', abnf: '"]" (gen-delim: IP-literal end)', chars: ']' },
  { name: 'NON_ASCII', abnf: 'any code unit >= 0x80 (RFC 3987 ucschar / iprivate when `iri` is set)', chars: '' },
  {
    name: 'INVALID',
    abnf: 'outside the grammar but not CTL: SP / DQUOTE / "<" / ">" / "\\" / "^" / "`" / "{" / "|" / "}" (tolerated in lenient mode)',
    chars: ' "<>\\^`{|}',
  },
];

/** log2 of the row width of the transition table: a state's row has 1 << CLASS_SHIFT entries. */
const CLASS_SHIFT = 4;
if (CLASSES.length > 1 << CLASS_SHIFT) throw new Error('too many classes for CLASS_SHIFT');

type ClassName = (typeof CLASSES)[number]['name'];

// Groups of classes that the grammar names.
const UNRESERVED_SUB: readonly ClassName[] = ['ALPHA', 'DIGIT', 'PLUS_MINUS', 'DOT', 'OTHER'];
const PCHAR: readonly ClassName[] = [...UNRESERVED_SUB, 'PERCENT', 'COLON', 'AT'];
const PCHAR_NO_DOT = PCHAR.filter((c) => c !== 'DOT');
const PCHAR_NO_COLON = PCHAR.filter((c) => c !== 'COLON');
const REG_NAME: readonly ClassName[] = [...UNRESERVED_SUB, 'PERCENT'];
const SCHEME_CHAR: readonly ClassName[] = ['ALPHA', 'DIGIT', 'PLUS_MINUS', 'DOT'];

// ---------------------------------------------------------------------------------------------
// States. Base states are where the scanner rests between characters. Action states (A_*) are
// entered on a delimiter; scan runs their action (record an offset, set a flag, check a host)
// and they then behave like the base state whose row they copy. Error states (E_*) end the scan.
// Every class a state does not name leads to E_CHAR, except NON_ASCII, which always leads to
// E_NON_ASCII so that the `iri` option can admit it where the grammar admits OTHER.

type Target = string;
interface StateDef {
  readonly name: string;
  readonly doc: string;
  readonly on: ReadonlyArray<readonly [readonly ClassName[] | ClassName, Target]>;
}

/** The rows shared by a base state and the action states that behave like it. */
const ROW = {
  start: [
    ['ALPHA', 'SCHEME'],
    [['DIGIT', 'PLUS_MINUS', 'OTHER', 'AT', 'PERCENT'], 'SEGMENT_NC'],
    ['DOT', 'A_SEGMENT_NC_DOT'],
    ['COLON', 'E_SCHEME'],
    ['SLASH', 'A_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  scheme: [
    [SCHEME_CHAR, 'SCHEME'],
    ['COLON', 'A_SCHEME_COLON'],
    [['OTHER', 'AT', 'PERCENT'], 'SEGMENT_NC'],
    ['SLASH', 'SEGMENT_START'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  segmentNc: [
    [PCHAR_NO_COLON, 'SEGMENT_NC'],
    ['COLON', 'E_SCHEME'],
    ['SLASH', 'SEGMENT_START'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  afterScheme: [
    ['SLASH', 'A_SLASH'],
    ['DOT', 'A_DOT'],
    [PCHAR_NO_DOT, 'SEGMENT'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  slash: [
    ['SLASH', 'A_AUTHORITY'],
    ['DOT', 'A_DOT'],
    [PCHAR_NO_DOT, 'SEGMENT'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  segmentStart: [
    ['SLASH', 'SEGMENT_START'],
    ['DOT', 'A_DOT'],
    [PCHAR_NO_DOT, 'SEGMENT'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  segment: [
    [PCHAR, 'SEGMENT'],
    ['SLASH', 'SEGMENT_START'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  query: [
    [[...PCHAR, 'SLASH', 'QUESTION'], 'QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  fragment: [[[...PCHAR, 'SLASH', 'QUESTION'], 'FRAGMENT']],
  authorityStart: [
    ['LBRACKET', 'IP_LITERAL'],
    [REG_NAME, 'AUTHORITY'],
    ['COLON', 'A_AUTHORITY_COLON'],
    ['AT', 'A_AT'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  authority: [
    [REG_NAME, 'AUTHORITY'],
    ['COLON', 'A_AUTHORITY_COLON'],
    ['AT', 'A_AT'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  authorityPort: [
    ['DIGIT', 'AUTHORITY_PORT'],
    [['ALPHA', 'PLUS_MINUS', 'DOT', 'OTHER', 'PERCENT', 'COLON'], 'A_USERINFO'],
    ['AT', 'A_AT'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  userinfo: [
    [[...REG_NAME, 'COLON'], 'USERINFO'],
    ['AT', 'A_AT'],
    [['SLASH', 'QUESTION', 'HASH'], 'E_PORT_DEFERRED'],
  ],
  hostStart: [
    ['LBRACKET', 'IP_LITERAL'],
    [REG_NAME, 'HOST'],
    ['COLON', 'A_PORT_COLON'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  host: [
    [REG_NAME, 'HOST'],
    ['COLON', 'A_PORT_COLON'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  port: [
    [['ALPHA', 'PLUS_MINUS', 'DOT', 'OTHER', 'PERCENT', 'COLON', 'AT', 'LBRACKET', 'RBRACKET'], 'E_PORT'],
    ['DIGIT', 'PORT'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
  ipLiteral: [
    [[...REG_NAME, 'COLON'], 'IP_LITERAL'],
    ['RBRACKET', 'A_IP_LITERAL_END'],
  ],
  ipLiteralEnd: [
    ['COLON', 'A_PORT_COLON'],
    ['SLASH', 'A_PATH_SLASH'],
    ['QUESTION', 'A_QUERY'],
    ['HASH', 'A_FRAGMENT'],
  ],
} as const satisfies Record<string, StateDef['on']>;

export const STATES: readonly StateDef[] = [
  // Base states.
  { name: 'START', doc: 'URI-reference = URI / relative-ref (nothing read yet)', on: ROW.start },
  { name: 'SCHEME', doc: 'scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), until ":" confirms it', on: ROW.scheme },
  { name: 'SEGMENT_NC', doc: 'segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )', on: ROW.segmentNc },
  { name: 'SEGMENT_START', doc: 'path: just after "/", at the start of a segment', on: ROW.segmentStart },
  { name: 'SEGMENT', doc: 'segment = *pchar ; pchar = unreserved / pct-encoded / sub-delims / ":" / "@"', on: ROW.segment },
  { name: 'QUERY', doc: 'query = *( pchar / "/" / "?" )', on: ROW.query },
  { name: 'FRAGMENT', doc: 'fragment = *( pchar / "/" / "?" )', on: ROW.fragment },
  { name: 'AUTHORITY', doc: 'authority before any "@" or ":": userinfo or reg-name so far', on: ROW.authority },
  { name: 'AUTHORITY_PORT', doc: 'host ":" *DIGIT so far, or userinfo if an "@" follows', on: ROW.authorityPort },
  { name: 'USERINFO', doc: 'userinfo = *( unreserved / pct-encoded / sub-delims / ":" ), must end at "@"', on: ROW.userinfo },
  { name: 'HOST', doc: 'reg-name = *( unreserved / pct-encoded / sub-delims ), after "@"', on: ROW.host },
  { name: 'PORT', doc: 'port = *DIGIT', on: ROW.port },
  { name: 'IP_LITERAL', doc: 'IP-literal = "[" ( IPv6address / IPvFuture ) "]" (checked by host.ts at "]")', on: ROW.ipLiteral },
  { name: 'IP_LITERAL_END', doc: 'after "]": [ ":" port ] and the end of the authority', on: ROW.ipLiteralEnd },
  // Action states.
  { name: 'A_SEGMENT_NC_DOT', doc: '"." first in a relative path: may be a dot-segment; then as SEGMENT_NC', on: ROW.segmentNc },
  {
    name: 'A_SCHEME_COLON',
    doc: 'the ":" after scheme; then hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty',
    on: ROW.afterScheme,
  },
  { name: 'A_SLASH', doc: 'a "/" that begins the path; a second "/" begins an authority', on: ROW.slash },
  { name: 'A_AUTHORITY', doc: '"//": authority = [ userinfo "@" ] host [ ":" port ]', on: ROW.authorityStart },
  { name: 'A_AUTHORITY_COLON', doc: 'the first ":" of an authority with no "@" yet; then as AUTHORITY_PORT', on: ROW.authorityPort },
  { name: 'A_USERINFO', doc: 'what follows ":" cannot be a port, so an "@" must follow; then as USERINFO', on: ROW.userinfo },
  { name: 'A_AT', doc: 'the "@" after userinfo; host = IP-literal / IPv4address / reg-name follows', on: ROW.hostStart },
  { name: 'A_PORT_COLON', doc: 'the ":" between host and port; then as PORT', on: ROW.port },
  { name: 'A_IP_LITERAL_END', doc: 'the "]" that closes an IP-literal (validated now); then as IP_LITERAL_END', on: ROW.ipLiteralEnd },
  { name: 'A_PATH_SLASH', doc: 'the "/" that ends an authority and begins path-abempty; then as SEGMENT_START', on: ROW.segmentStart },
  { name: 'A_DOT', doc: '"." first in a segment: may be a dot-segment; then as SEGMENT', on: ROW.segment },
  { name: 'A_QUERY', doc: 'the "?" that begins the query; then as QUERY', on: ROW.query },
  { name: 'A_FRAGMENT', doc: 'the "#" that begins the fragment; then as FRAGMENT', on: ROW.fragment },
];

/**
 * Lenient mode (docs/behaviour.md): what logs and crawled pages hold is kept where it cannot move a
 * boundary. Each state's lenient row is its strict row with these changes:
 *  - INVALID and NON_ASCII behave as OTHER wherever OTHER is allowed;
 *  - "[" and "]" behave as OTHER in paths, queries and fragments;
 *  - "#" in the fragment is kept (it re-enters A_FRAGMENT, which records it);
 *  - "@" after a host or port begins the host again: the last "@" ends the userinfo;
 *  - a non-digit after a host's ":" defers the port error as it does before the first "@".
 * CONTROL stays an error, "\\" never acts as "/", and IP literals stay strict. The first three
 * are tolerated characters: their transitions carry SPECIAL, so that scan records a warning.
 */
const LENIENT_BRACKETS = new Set([
  'START',
  'SCHEME',
  'SEGMENT_NC',
  'SEGMENT_START',
  'SEGMENT',
  'QUERY',
  'FRAGMENT',
  'A_SEGMENT_NC_DOT',
  'A_SCHEME_COLON',
  'A_SLASH',
  'A_PATH_SLASH',
  'A_DOT',
  'A_QUERY',
  'A_FRAGMENT',
]);
const LENIENT_AT = new Set(['HOST', 'PORT', 'IP_LITERAL_END', 'A_AT', 'A_PORT_COLON', 'A_IP_LITERAL_END']);
const LENIENT_DEFERRED_PORT = new Set(['PORT', 'A_PORT_COLON']);

/**
 * Runs: the base states whose characters come in long runs (a path, a query, a host). scan
 * consumes the rest of such a run with one call of a sticky regular expression (V8 compiles it to
 * machine code) instead of one table lookup per character. Each regex is one character class
 * and `*` (linear time), written here from the transition tables themselves: the class is every
 * character whose transition from the state stays in the run (the state, or `also`) without an
 * action or a SPECIAL mark. A path's run also passes "/" (to SEGMENT_START, where a run may
 * begin too), where a "." would be the action A_DOT: scan looks for "/." in a consumed path itself.
 */
const RUN_STATES: ReadonlyArray<{ readonly state: string; readonly also?: string; readonly abnf: string }> = [
  { state: 'SEGMENT_NC', abnf: 'segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )' },
  { state: 'SEGMENT', also: 'SEGMENT_START', abnf: 'path-abempty = *( "/" segment ), segment = *pchar' },
  { state: 'QUERY', abnf: 'query = *( pchar / "/" / "?" )' },
  { state: 'FRAGMENT', abnf: 'fragment = *( pchar / "/" / "?" )' },
  { state: 'AUTHORITY', abnf: 'userinfo or reg-name, before any "@" or ":"' },
  { state: 'USERINFO', abnf: 'userinfo = *( unreserved / pct-encoded / sub-delims / ":" )' },
  { state: 'HOST', abnf: 'reg-name = *( unreserved / pct-encoded / sub-delims )' },
];

/**
 * The levels of pct-encoded = "%" HEXDIG HEXDIG that a fast-path regex passes without a stop, by
 * the normalization hints (PCT_LOWER, PCT_UNRESERVED) already set: a "%XX" that would set another
 * hint stops the regex, for scan to set it (pctFlags) and go on with the level that holds both.
 * Index: 1 when PCT_LOWER is set, + 2 when PCT_UNRESERVED is.
 */
const PCT_LEVELS = [
  { lower: false, unreserved: false },
  { lower: true, unreserved: false },
  { lower: false, unreserved: true },
  { lower: true, unreserved: true },
].map((level) => ({ ...level, regex: pctEncoded(level.lower, level.unreserved) }));

/**
 * A regex of the "%XX" that may stand with or without lower-case hex digits and unreserved
 * octets (ALPHA / DIGIT / "-" / "." / "_" / "~", which normalization decodes): the first digits
 * that allow the same second digits share one alternative, the high octets (UTF-8) first.
 */
function pctEncoded(lower: boolean, unreserved: boolean): string {
  const upper = '0123456789ABCDEF';
  const digits = lower ? `${upper}abcdef` : upper;
  const isUnreserved = (b: number): boolean =>
    (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || '-._~'.includes(String.fromCharCode(b));
  const groups = new Map<string, string>(); // second digits -> first digits
  for (const h of digits) {
    const seconds = [...digits].filter((l) => unreserved || !isUnreserved(Number.parseInt(h + l, 16))).map((l) => l.charCodeAt(0));
    if (seconds.length === 0) continue;
    const key = regexClass(seconds.sort((a, b) => a - b));
    groups.set(key, (groups.get(key) ?? '') + h);
  }
  const alternatives = [...groups].map(([seconds, firsts]) => {
    const codes = [...firsts].map((c) => c.charCodeAt(0)).sort((a, b) => a - b);
    const first = codes.length === 1 ? firsts : `[${regexClass(codes)}]`;
    const second = seconds.length === 1 ? seconds : `[${seconds}]`;
    return { text: `${first}${second}`, high: firsts.includes('8') };
  });
  alternatives.sort((a, b) => Number(b.high) - Number(a.high));
  const body = alternatives.map((a) => a.text);
  return body.length === 1 ? `%${body[0]}` : `%(?:${body.join('|')})`;
}

/** A run of `codes` (no "%" among them) with the "%XX" of `pct`: linear, as each "%XX" begins with a character the class lacks. */
function runWith(codes: readonly number[], pct: string): string {
  const cls = `[${regexClass(codes)}]*`;
  return `${cls}(?:${pct}${cls})*`;
}

/** Error states, in order after the last state. */
export const ERRORS = [
  { name: 'E_CHAR', doc: 'a character the grammar does not allow here' },
  { name: 'E_NON_ASCII', doc: 'a code unit >= 0x80 (allowed where OTHER is when `iri` is set)' },
  { name: 'E_SCHEME', doc: '":" ends a first segment that is not a scheme (RFC 3986 §3.1, §4.2)' },
  { name: 'E_PORT', doc: 'a non-digit in a port (RFC 3986 §3.2.3)' },
  { name: 'E_PORT_DEFERRED', doc: 'an authority ends while "host:" is followed by a non-port and no "@" came' },
] as const;

// ---------------------------------------------------------------------------------------------
// Lookup tables beside the state machine.

/** HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (case-insensitive in ABNF). */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return 0xff;
}

/**
 * Percent-encoding sets: which characters each component may hold unencoded (RFC 3986 §2, §3).
 * One bit per set in ALLOWED; "%" is in none of them, so encoding output always decodes back.
 */

const PCHAR_SET = `${UNRESERVED + SUB_DELIMS}:@`;
export const ENCODE_SETS = [
  { name: 'UNRESERVED', abnf: 'unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (a strict component)', chars: UNRESERVED },
  { name: 'USERINFO', abnf: 'userinfo = *( unreserved / pct-encoded / sub-delims / ":" )', chars: `${UNRESERVED + SUB_DELIMS}:` },
  { name: 'REG_NAME', abnf: 'reg-name = *( unreserved / pct-encoded / sub-delims )', chars: UNRESERVED + SUB_DELIMS },
  { name: 'SEGMENT', abnf: 'segment = *pchar ; pchar = unreserved / pct-encoded / sub-delims / ":" / "@"', chars: PCHAR_SET },
  { name: 'PATH', abnf: 'path-abempty = *( "/" segment )', chars: `${PCHAR_SET}/` },
  { name: 'QUERY', abnf: 'query = *( pchar / "/" / "?" )', chars: `${PCHAR_SET}/?` },
  { name: 'FRAGMENT', abnf: 'fragment = *( pchar / "/" / "?" )', chars: `${PCHAR_SET}/?` },
  {
    name: 'QUERY_PARAM',
    abnf: 'a name or value of a name=value query: query less "&" "=" ";" (the separators) and "+" (a space to form readers)',
    chars: `${UNRESERVED}!$'()*,:@/?`,
  },
  {
    name: 'FORM',
    abnf: 'application/x-www-form-urlencoded (WHATWG URL §5.2): ALPHA / DIGIT / "*" / "-" / "." / "_" (a space is written "+")',
    chars: `${ALPHA + DIGIT}*-._`,
  },
] as const;

function allowedBits(c: number): number {
  let bits = 0;
  ENCODE_SETS.forEach((set, k) => {
    if (set.chars.includes(String.fromCharCode(c))) bits |= 1 << k;
  });
  return bits;
}

// ---------------------------------------------------------------------------------------------
// Rendering.

function classOf(c: number): number {
  for (let k = 0; k < CLASSES.length; k++) if (CLASSES[k]!.chars.includes(String.fromCharCode(c))) return k;
  if (c < 0x20 || c === 0x7f) return 0;
  throw new Error(`no class for 0x${c.toString(16)}`);
}

export function render(): string {
  const names = [...STATES.map((s) => s.name), ...ERRORS.map((e) => e.name)];
  const index = new Map(names.map((n, i) => [n, i]));
  if (names.length > 256) throw new Error('too many states for a Uint8Array');
  const firstAction = STATES.findIndex((s) => s.name.startsWith('A_'));
  const firstError = STATES.length;
  const special = 1 << Math.ceil(Math.log2(names.length));
  const errChar = index.get('E_CHAR')!;
  const errNonAscii = index.get('E_NON_ASCII')!;
  const classIndex = new Map(CLASSES.map((c, i) => [c.name, i]));

  const out: string[] = [];
  out.push('// Generated by scripts/gen/rfc3986.ts from the RFC 3986 ABNF. Do not edit: run `npm run gen`.');
  out.push('// A test regenerates this file and fails when it differs.');
  out.push('');
  out.push('/** Character classes: the values of CHAR_CLASS, the columns of the transition tables. */');
  out.push('export const enum Cls {');
  CLASSES.forEach((c, i) => {
    out.push(`  /** ${c.abnf} */\n  ${c.name} = ${i},`);
  });
  out.push('}');
  out.push(`/** Row width of the transition tables is 1 << CLASS_SHIFT. */\nexport const CLASS_SHIFT = ${CLASS_SHIFT};`);
  out.push('');
  out.push(render128('CHAR_CLASS', 'Class of each code unit below 0x80; code units from 0x80 up are Cls.NON_ASCII.', classOf, 2));
  out.push('');
  out.push('/**');
  out.push(' * States. Action states (>= FIRST_ACTION) run an action in scan when entered; error states');
  out.push(' * (>= FIRST_ERROR) end the scan. A transition to a state OR SPECIAL makes scan look at the');
  out.push(' * character again: a "%" whose two hex digits it checks, a code unit >= 0x80, a character that');
  out.push(' * lenient mode tolerates (a warning).');
  out.push(' */');
  out.push('export const enum State {');
  STATES.forEach((st, i) => {
    out.push(`  /** ${st.doc} */\n  ${st.name} = ${i},`);
  });
  ERRORS.forEach((e, i) => {
    out.push(`  /** ${e.doc} */\n  ${e.name} = ${firstError + i},`);
  });
  out.push(`  FIRST_ACTION = ${firstAction},`);
  out.push(`  FIRST_ERROR = ${firstError},`);
  out.push(`  /** One more than the largest state: the bit of special transitions (see above). */`);
  out.push(`  SPECIAL = ${special},`);
  out.push('}');
  out.push('');
  const width = 1 << CLASS_SHIFT;
  const col = (name: ClassName): number => classIndex.get(name)!;
  // "%" and non-ASCII are special wherever they are allowed; what lenient mode tolerates too.
  const markSpecial = (row: number[], tolerated: ReadonlySet<ClassName>): number[] =>
    row.map((t, c) => {
      const name = CLASSES[c]?.name;
      const look = name === 'PERCENT' || name === 'NON_ASCII' || (name !== undefined && tolerated.has(name));
      return look && t < firstError ? t | special : t;
    });
  const strictRow = (s: StateDef): number[] => {
    const row = new Array<number>(width).fill(errChar);
    row[col('NON_ASCII')] = errNonAscii;
    for (const [classes, target] of s.on) {
      const t = index.get(target);
      if (t === undefined) throw new Error(`unknown target ${target} in ${s.name}`);
      for (const c of typeof classes === 'string' ? [classes] : classes) row[col(c)] = t;
    }
    return row;
  };
  const lenientRow = (s: StateDef): number[] => {
    const row = strictRow(s);
    const tolerated = new Set<ClassName>(['INVALID']);
    const other = row[col('OTHER')]!;
    // IP literals stay strict: nothing is tolerated between "[" and "]".
    if (other < firstError && s.name !== 'IP_LITERAL') {
      row[col('INVALID')] = other;
      row[col('NON_ASCII')] = other;
      if (LENIENT_BRACKETS.has(s.name)) {
        row[col('LBRACKET')] = row[col('RBRACKET')] = other;
        tolerated.add('LBRACKET').add('RBRACKET');
      }
      // Re-entering A_FRAGMENT lets scan record the tolerated "#".
      if (s.name === 'FRAGMENT' || s.name === 'A_FRAGMENT') {
        row[col('HASH')] = index.get('A_FRAGMENT')!;
        tolerated.add('HASH');
      }
    }
    // Not tolerated characters: the actions of A_AT and A_USERINFO say what was kept.
    if (LENIENT_AT.has(s.name)) row[col('AT')] = index.get('A_AT')!;
    if (LENIENT_DEFERRED_PORT.has(s.name)) {
      for (const c of ['ALPHA', 'PLUS_MINUS', 'DOT', 'OTHER', 'PERCENT', 'COLON', 'INVALID', 'NON_ASCII'] as const)
        row[col(c)] = index.get('A_USERINFO')!;
    }
    return markSpecial(row, tolerated);
  };
  const table = (name: string, doc: string, rowOf: (s: StateDef) => number[]): void => {
    out.push('/**');
    out.push(` * ${doc} Columns:`);
    out.push(` * ${CLASSES.map((c) => c.name).join(', ')}.`);
    out.push(' */');
    out.push(`export const ${name} = new Uint8Array([`);
    for (const s of STATES)
      out.push(
        `  ${rowOf(s)
          .map((v) => String(v).padStart(2))
          .join(',')}, // ${s.name}`,
      );
    out.push(']);');
  };
  table(
    'TRANSITIONS',
    'TRANSITIONS[(state << CLASS_SHIFT) | class] is the next state, with SPECIAL where scan looks again (strict RFC 3986).',
    (st) => markSpecial(strictRow(st), new Set()),
  );
  out.push('');
  table('LENIENT_TRANSITIONS', 'The same for lenient mode (see LENIENT_* in scripts/gen/rfc3986.ts).', lenientRow);
  out.push('');
  // Runs: one regex per run state and mode (shared when the two modes agree).
  out.push('/**');
  out.push(' * Runs (see RUN_STATES in scripts/gen/rfc3986.ts): for each state whose characters come in runs, a');
  out.push(' * sticky regex that consumes the rest of a run in one call; `RUNS[state]` (strict) and');
  out.push(' * `LENIENT_RUNS[state]` give it, null for the other states. Each class is exactly the characters');
  out.push(' * whose transition keeps the run going without an action; test/syntax/tables.test.ts checks every code unit.');
  out.push(' */');
  const runBase = STATES.map((_, k) => k);
  /** By mode prefix, then state: the code units of its run. */
  const runCodes = new Map<string, Map<string, number[]>>();
  const runsOf = (rowOf: (s: StateDef) => number[], prefix: string, shared: Map<string, string>): string[] => {
    const names = new Array<string>(STATES.length).fill('null');
    const codesByState = new Map<string, number[]>();
    runCodes.set(prefix, codesByState);
    for (const run of RUN_STATES) {
      const st = STATES[index.get(run.state)!]!;
      const row = rowOf(st);
      const stay = new Set([index.get(run.state)!, ...(run.also === undefined ? [] : [index.get(run.also)!])]);
      const codes: number[] = [];
      for (let c = 0; c < 0x80; c++) if (stay.has(row[classOf(c)]!)) codes.push(c);
      if (run.also !== undefined) {
        // Within the run, the other state must lead back into it (or to A_DOT, which behaves as the state).
        const alsoRow = rowOf(STATES[index.get(run.also)!]!);
        for (const c of codes) {
          const t = alsoRow[classOf(c)]!;
          if (!stay.has(t) && t !== index.get('A_DOT')) throw new Error(`run ${run.state}: ${run.also} leaves it on ${c}`);
        }
      }
      codesByState.set(run.state, codes);
      const re = `/[${regexClass(codes)}]*/y`;
      let name = shared.get(re);
      if (name === undefined) {
        name = `${prefix}RUN_${run.state}`;
        shared.set(re, name);
        out.push(
          `/** ${prefix === '' ? '' : 'Lenient mode, '}${run.state}: ${run.abnf}${run.also === undefined ? '' : `, with "/" (${run.also})`}; no "%" (scan checks its digits). */`,
        );
        out.push(`export const ${name} = ${re};`);
      }
      names[index.get(run.state)!] = name;
      if (run.also !== undefined) {
        // A run may start in `also` too; the state after it is read from the run's own row.
        names[index.get(run.also)!] = name;
        runBase[index.get(run.also)!] = index.get(run.state)!;
      }
    }
    return names;
  };
  const shared = new Map<string, string>();
  const strictRuns = runsOf((st) => markSpecial(strictRow(st), new Set()), '', shared);
  const lenientRuns = runsOf(lenientRow, 'LENIENT_', shared);
  out.push(`/** The run of each state (by State), strict RFC 3986. */`);
  out.push(`export const RUNS: ReadonlyArray<RegExp | null> = [${strictRuns.join(', ')}];`);
  out.push(`/** The run of each state (by State), lenient mode. */`);
  out.push(`export const LENIENT_RUNS: ReadonlyArray<RegExp | null> = [${lenientRuns.join(', ')}];`);
  // The runs with "%XX": lenient mode tolerates other characters, never more of them in a run.
  for (const [state, codes] of runCodes.get('')!) {
    if (regexClass(codes) !== regexClass(runCodes.get('LENIENT_')!.get(state)!)) throw new Error(`run ${state}: the modes differ`);
  }
  out.push('/**');
  out.push(' * The runs again, each with the "%XX" of a level of PCT_LEVELS (strict and lenient alike):');
  out.push(' * `PCT_RUNS[level][state]`, for inputs up to NO_DOT_LIMIT (a group per "%XX").');
  out.push(' */');
  PCT_LEVELS.forEach((level, k) => {
    for (const run of RUN_STATES)
      out.push(`const PCT_RUN_${run.state}_${k} = /${runWith(runCodes.get('')!.get(run.state)!, level.regex)}/y;`);
  });
  out.push('export const PCT_RUNS: ReadonlyArray<ReadonlyArray<RegExp | null>> = [');
  PCT_LEVELS.forEach((_, k) => {
    const row = STATES.map((st) => {
      const run = RUN_STATES.find((r) => r.state === st.name || r.also === st.name);
      return run === undefined ? 'null' : `PCT_RUN_${run.state}_${k}`;
    });
    out.push(`  [${row.join(', ')}],`);
  });
  out.push('];');
  // The common shapes, for scan's fast path: the runs' classes, one after the other.
  const codesOfRun = (state: string, also?: string): number[] => {
    const row = markSpecial(strictRow(STATES[index.get(state)!]!), new Set());
    const stay = new Set([index.get(state)!, ...(also === undefined ? [] : [index.get(also)!])]);
    const codes: number[] = [];
    for (let c = 0; c < 0x80; c++) if (stay.has(row[classOf(c)]!)) codes.push(c);
    return codes;
  };
  // path-abempty = *( "/" segment ) as one run of its characters, "/" among them: the flat shapes.
  const pathRun = `[${regexClass(codesOfRun('SEGMENT', 'SEGMENT_START'))}]*`;
  // The same without a segment that begins with "." (the machine's A_DOT), for a scan that writes
  // the DOT flag: each "/" is followed by another "/", the end, or a character that cannot begin
  // a dot-segment. Measured on the corpora: a group per segment costs some 10 ns a URL more than
  // the flat run; a search for "/." after the flat run more still (300-400 instructions a URL).
  const segment = codesOfRun('SEGMENT');
  const segmentNoDot = (pct: string): string =>
    pct === ''
      ? `(?:\\/(?:[${regexClass(segment.filter((c) => c !== 0x2e))}][${regexClass(segment)}]*)?)*`
      : `(?:\\/(?:(?:[${regexClass(segment.filter((c) => c !== 0x2e))}]|${pct})${runWith(segment, pct)})?)*`;
  // Scheme and host in lower case: a match also says that normalization has no letter to lower.
  const uri = `[a-z][-+.0-9a-z]*:\\/\\/[${regexClass(codesOfRun('HOST').filter((c) => c < 0x41 || c > 0x5a))}]*`;
  // What may follow the path, at the path's end: a query and a fragment up to the input's end,
  // checked by a lookahead so that lastIndex stays at the path's end (one call finds the path's
  // end and checks the rest); else a "?" or "#" whose rest scan checks itself (lastIndex after
  // it), or a "%" in the path (lastIndex at it). Each branch begins with a character that no
  // class before it holds: no branch can match short of the path's end, and a failing input is
  // given back in linear time.
  const queryCodes = codesOfRun('QUERY');
  const query = `[${regexClass(queryCodes)}]*`;
  const tail = (q: string): string => `(?:(?=(?:\\?${q})?(?:#${q})?$)|[?#]|(?=%))`;
  const segmentNc = codesOfRun('SEGMENT_NC');
  const pathWith = (pct: string): string => runWith(codesOfRun('SEGMENT', 'SEGMENT_START'), pct);
  out.push('/**');
  out.push(" * The common shapes, for the fast path of scan and isValid: the runs' classes one after the");
  out.push(" * other, then at the path's end a lookahead that checks a query and a fragment to the end of the");
  out.push(' * input (lastIndex stays at the path\'s end), or else a "?" or "#" (lastIndex after it: its caller');
  out.push(' * checks the rest) or a "%" in the path (lastIndex at it). Each class follows on a delimiter the');
  out.push(' * one before cannot hold, and each branch of the end on a character no class holds: the match is');
  out.push(' * unambiguous, and linear even when it fails.');
  out.push(' *');
  out.push(' * None of them takes a "%" (scan reads the first itself: PERCENT) but COMMON_PATH_REST_NO_DOT,');
  out.push(' * which goes on after one with the "%XX" of a level of PCT_LEVELS, and the VALID shapes, which');
  out.push(' * take every "%XX" and the whole input, for isValid. The flat shapes (no suffix) have no group');
  out.push(' * per segment: they are for inputs too long for a group per segment or per "%" (NO_DOT_LIMIT).');
  out.push(' *');
  out.push(' * An absolute URI: `scheme "://" reg-name path-abempty`, scheme and host in lower case, no "%"');
  out.push(' * before the path, no userinfo, no port, no IP literal; any path.');
  out.push(' */');
  out.push(`export const COMMON_URI = /${uri}(?:\\/${pathRun})?${tail(query)}/y;`);
  out.push('/** COMMON_URI for scan: no segment that begins with "." (the DOT flag is clear after a match). */');
  out.push(`export const COMMON_URI_NO_DOT = /${uri}${segmentNoDot('')}${tail(query)}/y;`);
  out.push(
    '/** A relative reference with an absolute path, `"/" *( pchar / "/" )` (its callers check that it does not begin with "//"). */',
  );
  out.push(`export const COMMON_PATH = /\\/${pathRun}${tail(query)}/y;`);
  out.push('/** COMMON_PATH with no segment that begins with ".". */');
  out.push(`export const COMMON_PATH_NO_DOT = /(?=\\/)${segmentNoDot('')}${tail(query)}/y;`);
  out.push('/**');
  out.push(' * A relative reference with a relative path (or none): `[ segment-nz-nc *( "/" segment ) ]`, any');
  out.push(' * segment may begin with ".".');
  out.push(' */');
  out.push(`export const COMMON_RELATIVE = /[${regexClass(segmentNc)}]*(?:\\/${pathRun})?${tail(query)}/y;`);
  out.push('/** COMMON_RELATIVE with no segment that begins with "." (for an input that does not begin with one). */');
  out.push(
    `export const COMMON_RELATIVE_NO_DOT = /(?:[${regexClass(segmentNc.filter((c) => c !== 0x2e))}][${regexClass(segmentNc)}]*${segmentNoDot('')})?${tail(query)}/y;`,
  );
  out.push('/** The rest of a path after a "%XX" in it, `*( pchar / "/" )`, and the same end as the others. */');
  out.push(`export const COMMON_PATH_REST = /${pathRun}${tail(query)}/y;`);
  out.push('/**');
  out.push(' * COMMON_PATH_REST with no segment after the first that begins with ".", by PCT_LEVELS: the');
  out.push(' * "%XX" of that level, in the path and in the lookahead over the query and fragment.');
  out.push(' */');
  out.push(
    `export const COMMON_PATH_REST_NO_DOT: readonly RegExp[] = [\n${PCT_LEVELS.map((l) => `  /${runWith(segment, l.regex)}${segmentNoDot(l.regex)}${tail(runWith(queryCodes, l.regex))}/y,`).join('\n')}\n];`,
  );
  // isValid's shapes: every "%XX", and the input's end.
  const any = PCT_LEVELS[PCT_LEVELS.length - 1]!.regex;
  const validTail = `(?:\\?${runWith(queryCodes, any)})?(?:#${runWith(queryCodes, any)})?$`;
  out.push('/** The common shapes whole, for isValid: COMMON_URI with any "%XX" (inputs up to NO_DOT_LIMIT). */');
  out.push(`export const VALID_URI = /${uri}(?:\\/${pathWith(any)})?${validTail}/y;`);
  out.push('/** COMMON_PATH whole, with any "%XX": an absolute path that does not begin with "//". */');
  out.push(`export const VALID_PATH = /\\/(?!\\/)${pathWith(any)}${validTail}/y;`);
  out.push('/** COMMON_RELATIVE whole, with any "%XX". */');
  out.push(`export const VALID_RELATIVE = /${runWith(segmentNc, any)}(?:\\/${pathWith(any)})?${validTail}/y;`);
  // normalize's shape: a URI already in normal form, which normalize gives back as it is.
  const normal = PCT_LEVELS[0]!.regex;
  out.push('/**');
  out.push(" * A URI that is its own normal form (§6.2.2), for normalize's fast path: COMMON_URI_NO_DOT with a");
  out.push(' * path that is not empty, every "%XX" in upper case and none of an unreserved octet, to the');
  out.push(" * input's end; not mailto (whose path holds domains to lower). Inputs up to NO_DOT_LIMIT.");
  out.push(' */');
  out.push(
    `export const NORMAL_URI = /(?!mailto:)${uri}(?=\\/)${segmentNoDot(normal)}(?:\\?${runWith(queryCodes, normal)})?(?:#${runWith(queryCodes, normal)})?$/y;`,
  );
  out.push('/** By State: the state whose row gives the state after a run that began here (itself, but SEGMENT for SEGMENT_START). */');
  out.push(`export const RUN_BASE = new Uint8Array([${runBase.join(', ')}]);`);
  out.push('');
  out.push(render128('HEX_VALUE', 'HEXDIG value of each code unit below 0x80 (0-15), 0xff for a non-HEXDIG.', hexValue, 3));
  out.push('');
  out.push('/** Percent-encoding sets: bits of ALLOWED. */');
  out.push('export const enum EncodeSet {');
  ENCODE_SETS.forEach((set, k) => {
    out.push(`  /** ${set.abnf} */\n  ${set.name} = ${1 << k},`);
  });
  out.push('}');
  out.push('');
  out.push(
    render128(
      'ALLOWED',
      'EncodeSet bits: the components in which each code unit below 0x80 may stand unencoded.',
      allowedBits,
      3,
      'Uint16Array',
    ),
  );
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate('src/syntax/tables.ts', render);

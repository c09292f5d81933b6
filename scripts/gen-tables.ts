/**
 * Writes src/syntax/tables.ts: the character-class table and the transition table that drive
 * `scan`, and the small lookup tables around them. Every class and every state is described here
 * once, as data, next to the RFC 3986 ABNF rule it stands for; the output is plain literal
 * `Uint8Array`s with a comment per row, so the tokenizer imports numbers and nothing else.
 *
 *   node build/scripts/gen-tables.js          rewrite the file
 *   node build/scripts/gen-tables.js --check  exit 1 when the committed file is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Character classes. Every code unit below 0x80 belongs to exactly one; anything at or above
// 0x80 is NON_ASCII. Two characters share a class when no state of the grammar tells them apart.

interface CharClass {
  readonly name: string;
  readonly abnf: string;
  readonly chars: string;
}

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGIT = '0123456789';

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

/** A regex character class for a set of code units below 0x80, ranges where three or more follow each other. */
function regexClass(codes: readonly number[]): string {
  const esc = (c: number): string => {
    const ch = String.fromCharCode(c);
    return '\\]^-[/'.includes(ch) ? `\\${ch}` : ch;
  };
  let out = '';
  for (let k = 0; k < codes.length; ) {
    let e = k;
    while (e + 1 < codes.length && codes[e + 1] === codes[e]! + 1) e++;
    out +=
      e - k >= 2
        ? `${esc(codes[k]!)}-${esc(codes[e]!)}`
        : codes
            .slice(k, e + 1)
            .map(esc)
            .join('');
    k = e + 1;
  }
  return out;
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
const UNRESERVED = `${ALPHA + DIGIT}-._~`;
const SUB_DELIMS = "!$&'()*+,;=";
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

function charLabel(c: number): string {
  if (c < 0x20) return `^${String.fromCharCode(c + 0x40)}`;
  if (c === 0x7f) return 'DEL';
  if (c === 0x20) return 'SP';
  return String.fromCharCode(c);
}

function classOf(c: number): number {
  for (let k = 0; k < CLASSES.length; k++) if (CLASSES[k]!.chars.includes(String.fromCharCode(c))) return k;
  if (c < 0x20 || c === 0x7f) return 0;
  throw new Error(`no class for 0x${c.toString(16)}`);
}

function render128(name: string, doc: string, value: (c: number) => number, width: number, type = 'Uint8Array'): string {
  const lines = [`/** ${doc} */`, `export const ${name} = new ${type}([`];
  for (let row = 0; row < 128; row += 16) {
    const cells: string[] = [];
    const labels: string[] = [];
    for (let c = row; c < row + 16; c++) {
      cells.push(String(value(c)).padStart(width));
      labels.push(charLabel(c));
    }
    lines.push(`  ${cells.join(',')}, // 0x${row.toString(16).padStart(2, '0')}: ${labels.join(' ')}`);
  }
  lines.push(']);');
  return lines.join('\n');
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
  out.push('// Generated by scripts/gen-tables.ts from the RFC 3986 ABNF. Do not edit: run `npm run gen`.');
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
  table('LENIENT_TRANSITIONS', 'The same for lenient mode (see LENIENT_* in scripts/gen-tables.ts).', lenientRow);
  out.push('');
  // Runs: one regex per run state and mode (shared when the two modes agree).
  out.push('/**');
  out.push(' * Runs (see RUN_STATES in scripts/gen-tables.ts): for each state whose characters come in runs, a');
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
  out.push('');
  out.push(renderTemplateTables());
  return out.join('\n');
}

// =============================================================================================
// URI Templates (RFC 6570). This section is the template module's own: it shares only
// `charLabel`, `render128`, ALPHA, DIGIT, UNRESERVED and SUB_DELIMS with the tokenizer's tables
// above, and render() appends its output after them.

const GEN_DELIMS = ':/?#[]@';
/** reserved = gen-delims / sub-delims (RFC 3986 §2.2) */
const RESERVED = GEN_DELIMS + SUB_DELIMS;

/** Bits of TEMPLATE_CHAR: what a code unit below 0x80 may be in a template and in a value. */
export const TEMPLATE_CHAR_BITS = [
  {
    name: 'LITERAL',
    abnf: 'literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E (ASCII; "\'" by erratum 6937; pct-encoded apart)',
    chars: [...Array(128).keys()]
      .map((c) => String.fromCharCode(c))
      .filter((ch) => {
        const c = ch.charCodeAt(0);
        return (
          c === 0x21 ||
          (c >= 0x23 && c <= 0x24) ||
          (c >= 0x26 && c <= 0x3b) ||
          c === 0x3d ||
          (c >= 0x3f && c <= 0x5b) ||
          c === 0x5d ||
          c === 0x5f ||
          (c >= 0x61 && c <= 0x7a) ||
          c === 0x7e
        );
      })
      .join(''),
  },
  { name: 'VARCHAR', abnf: 'varchar = ALPHA / DIGIT / "_" / pct-encoded (pct-encoded apart)', chars: `${ALPHA + DIGIT}_` },
  { name: 'OPERATOR', abnf: 'op-level2 = "+" / "#" ; op-level3 = "." / "/" / ";" / "?" / "&"', chars: '+#./;?&' },
  { name: 'OP_RESERVE', abnf: 'op-reserve = "=" / "," / "!" / "@" / "|" (reserved for future extensions: an error)', chars: '=,!@|' },
  { name: 'U', abnf: 'allow U: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (§3.2.1)', chars: UNRESERVED },
  { name: 'UR', abnf: 'allow U+R: unreserved / reserved, and pct-encoded apart (§3.2.1)', chars: UNRESERVED + RESERVED },
] as const;

// The value automata. extract() reads a variable's value in a URI one character at a time, and
// must know at every character whether the text so far can be the expansion of some value
// (RFC 6570 §3.2.1), where a value may end, and how many characters the value has (a prefix
// modifier `:N` bounds it). Two deterministic automata answer that:
//
//  - VALUE_U, for allow U: unreserved characters, and %XX triplets that are exactly what
//    expansion writes: upper-case hex, never an unreserved character, complete UTF-8 with the
//    Unicode Table 3-7 limits (so the value decodes to the one string that re-encodes to it).
//  - VALUE_UR, for allow U+R: unreserved and reserved characters, and any %XX (expansion passes
//    a value's triplets through). The count is the fewest characters a value with this expansion
//    can have: a triplet sequence that expansion would write for one character (upper case,
//    complete UTF-8, a character outside U+R) counts 1, any other triplet counts 3 (the value
//    holds "%XX" itself), and "%25" counts 1 unless two hex digits follow it (a value "%41"
//    would expand to "%41", so "%2541" must hold "%25"). Whether a triplet counts 1 or 3 can
//    show only later, so a state may owe a cost, paid when the sequence breaks or the value ends.
//
// VALUE_NEXT[(state << 5) | VALUE_CLASS[c]] is the next state (VALUE_FAIL: no value has this
// text), VALUE_INC the characters the transition adds to the count, VALUE_EXIT[state] the cost
// owed when the value ends there (VALUE_FAIL: a value cannot end in this state).

/** Value character classes: the 16 upper-case hex digits, lower-case hex, the rest. */
const VALUE_CLASSES = [
  ...'0123456789ABCDEF'.split('').map((d) => ({ name: `HEX_${d}`, doc: `"${d}": HEXDIG ${parseInt(d, 16)}`, chars: d })),
  { name: 'LHEX', doc: '"a"-"f": lower-case hex (never in a triplet that expansion writes)', chars: 'abcdef' },
  { name: 'UNRES', doc: 'the other unreserved characters', chars: [...UNRESERVED].filter((ch) => !/[0-9A-Fa-f]/.test(ch)).join('') },
  { name: 'PCT', doc: '"%"', chars: '%' },
  { name: 'RES', doc: 'reserved = gen-delims / sub-delims', chars: RESERVED },
  { name: 'OTHER', doc: 'anything else (controls, SP, "<", ">", ..., and every code unit >= 0x80)', chars: '' },
] as const;
const VALUE_CLASS_SHIFT = 5;
const VALUE_FAIL = 0xff;

const isUnreservedByte = (b: number): boolean => b < 0x80 && UNRESERVED.includes(String.fromCharCode(b));
const isUrByte = (b: number): boolean => b < 0x80 && (UNRESERVED + RESERVED).includes(String.fromCharCode(b));

/**
 * UTF-8 lead bytes (RFC 3629, Unicode Table 3-7): the number of continuation bytes and the high
 * nibbles the first continuation byte may have ("plain" is 8-B).
 */
function leadOf(b: number): { conts: number; first: string } | undefined {
  if (b >= 0xc2 && b <= 0xdf) return { conts: 1, first: 'plain' };
  if (b === 0xe0) return { conts: 2, first: 'A0BF' };
  if (b === 0xed) return { conts: 2, first: '809F' };
  if (b >= 0xe1 && b <= 0xef) return { conts: 2, first: 'plain' };
  if (b === 0xf0) return { conts: 3, first: '90BF' };
  if (b === 0xf4) return { conts: 3, first: '808F' };
  if (b >= 0xf1 && b <= 0xf3) return { conts: 3, first: 'plain' };
  return undefined;
}
const FIRST_CONT_NIBBLES: Record<string, number[]> = {
  plain: [8, 9, 10, 11],
  A0BF: [10, 11],
  '809F': [8, 9],
  '90BF': [9, 10, 11],
  '808F': [8],
};

interface ValueState {
  name: string;
  doc: string;
  /** Cost owed when the value ends here; undefined: it cannot end here. */
  exit: number | undefined;
  /** [next state name, increment] per value class name, or undefined: fail. */
  on: (cls: number) => [string, number] | undefined;
}

const VCLS = (name: string): number => VALUE_CLASSES.findIndex((c) => c.name === name);
const hexOf = (cls: number): number => (cls < 16 ? cls : -1);
const isHexClass = (cls: number): boolean => cls < 16 || cls === VCLS('LHEX');
const HEX_UPPER = '0123456789ABCDEF';

function valueStates(): ValueState[] {
  const st: ValueState[] = [];
  // ---- allow U: canonical expansions only.
  st.push({
    name: 'U_B',
    doc: 'U: between characters of the value (where it starts, and where it may end)',
    exit: 0,
    on: (c) => (c < 16 || c === VCLS('LHEX') || c === VCLS('UNRES') ? ['U_B', 1] : c === VCLS('PCT') ? ['U_P', 0] : undefined),
  });
  st.push({ name: 'U_P', doc: 'U: after "%"', exit: undefined, on: (c) => (c < 16 ? [`U_H${HEX_UPPER[c]}`, 0] : undefined) });
  const uCont = (r: number, v: string): string => `U_C${r}_${v}`;
  for (let h = 0; h < 16; h++) {
    st.push({
      name: `U_H${HEX_UPPER[h]}`,
      doc: `U: after "%${HEX_UPPER[h]}"`,
      exit: undefined,
      on: (c) => {
        const l = hexOf(c);
        if (l < 0) return undefined;
        const b = (h << 4) | l;
        if (b < 0x80) return isUnreservedByte(b) ? undefined : ['U_B', 1];
        const lead = leadOf(b);
        return lead === undefined ? undefined : [`${uCont(lead.conts, lead.first)}_P`, 0];
      },
    });
  }
  for (const r of [3, 2, 1]) {
    const variants = r === 1 ? ['plain'] : r === 2 ? ['plain', 'A0BF', '809F'] : ['plain', '90BF', '808F'];
    for (const v of variants) {
      st.push({
        name: `${uCont(r, v)}_P`,
        doc: `U: ${r} continuation byte${r > 1 ? 's' : ''} to come; expecting "%"`,
        exit: undefined,
        on: (c) => (c === VCLS('PCT') ? [`${uCont(r, v)}_H`, 0] : undefined),
      });
      st.push({
        name: `${uCont(r, v)}_H`,
        doc: `U: continuation byte, high nibble ${FIRST_CONT_NIBBLES[v]!.map((n) => HEX_UPPER[n]).join('/')}`,
        exit: undefined,
        on: (c) => (FIRST_CONT_NIBBLES[v]!.includes(hexOf(c)) ? [`U_C${r}_L`, 0] : undefined),
      });
    }
    st.push({
      name: `U_C${r}_L`,
      doc: `U: continuation byte, low nibble (${r - 1} more to come)`,
      exit: undefined,
      on: (c) => (c < 16 ? (r === 1 ? ['U_B', 1] : [`${uCont(r - 1, 'plain')}_P`, 0]) : undefined),
    });
  }
  // ---- allow U+R: any triplet, counted as few as a value can be.
  const rBase = (c: number): [string, number] | undefined =>
    c === VCLS('PCT') ? ['R_P', 0] : c === VCLS('OTHER') ? undefined : ['R_B', 1];
  const rAfterPct = (c: number): [string, number] | undefined =>
    c < 16 ? [`R_H${HEX_UPPER[c]}`, 0] : c === VCLS('LHEX') ? ['R_X', 0] : undefined;
  const plus = (t: [string, number] | undefined, k: number): [string, number] | undefined => (t === undefined ? t : [t[0], t[1] + k]);
  st.push({ name: 'R_B', doc: 'U+R: between characters of the value', exit: 0, on: rBase });
  st.push({ name: 'R_P', doc: 'U+R: after "%"', exit: undefined, on: rAfterPct });
  st.push({
    name: 'R_X',
    doc: 'U+R: after "%" and a lower-case hex digit: a triplet the value holds as it is (3)',
    exit: undefined,
    on: (c) => (isHexClass(c) ? ['R_B', 3] : undefined),
  });
  const rCont = (len: number, r: number, v: string): string => `R_S${len}_C${r}_${v}`;
  for (let h = 0; h < 16; h++) {
    st.push({
      name: `R_H${HEX_UPPER[h]}`,
      doc: `U+R: after "%${HEX_UPPER[h]}"`,
      exit: undefined,
      on: (c) => {
        if (c === VCLS('LHEX')) return ['R_B', 3];
        const l = hexOf(c);
        if (l < 0) return undefined;
        const b = (h << 4) | l;
        if (b === 0x25) return ['R_PCT25', 1];
        if (b < 0x80) return isUrByte(b) ? ['R_B', 3] : ['R_B', 1];
        const lead = leadOf(b);
        return lead === undefined ? ['R_B', 3] : [`${rCont(lead.conts + 1, lead.conts, lead.first)}_P`, 0];
      },
    });
  }
  st.push({
    name: 'R_PCT25',
    doc: 'U+R: after "%25", a "%" of the value (1) unless two hex digits follow',
    exit: 0,
    on: (c) => (isHexClass(c) ? ['R_PCT25_H', 1] : rBase(c)),
  });
  st.push({
    name: 'R_PCT25_H',
    doc: 'U+R: after "%25" and a hex digit; a second one makes the "%25" the value\'s own (2 more)',
    exit: 0,
    on: (c) => (isHexClass(c) ? ['R_B', 3] : rBase(c)),
  });
  // A UTF-8 sequence of `len` triplets with `r` continuations to come: t = len - r triplets are
  // read and owed 3 each if the sequence breaks.
  for (const len of [4, 3, 2]) {
    for (let r = len - 1; r >= 1; r--) {
      const t = len - r;
      const variants =
        r === len - 1 ? (len === 2 ? ['plain'] : len === 3 ? ['plain', 'A0BF', '809F'] : ['plain', '90BF', '808F']) : ['plain'];
      for (const v of variants) {
        st.push({
          name: `${rCont(len, r, v)}_P`,
          doc: `U+R: ${t} of ${len} triplets of a UTF-8 sequence read; expecting "%" (ending here, they are the value's own: ${3 * t})`,
          exit: 3 * t,
          on: (c) => (c === VCLS('PCT') ? [`${rCont(len, r, v)}_H`, 0] : plus(rBase(c), 3 * t)),
        });
        st.push({
          name: `${rCont(len, r, v)}_H`,
          doc: `U+R: continuation triplet, high nibble ${FIRST_CONT_NIBBLES[v]!.map((n) => HEX_UPPER[n]).join('/')} (else the "%" begins another triplet)`,
          exit: undefined,
          on: (c) => (FIRST_CONT_NIBBLES[v]!.includes(hexOf(c)) ? [`R_S${len}_C${r}_L`, 0] : plus(rAfterPct(c), 3 * t)),
        });
      }
      st.push({
        name: `R_S${len}_C${r}_L`,
        doc: `U+R: continuation triplet of a ${len}-triplet sequence, low nibble`,
        exit: undefined,
        on: (c) =>
          c < 16 ? (r === 1 ? ['R_B', 1] : [`${rCont(len, r - 1, 'plain')}_P`, 0]) : c === VCLS('LHEX') ? ['R_B', 3 * (t + 1)] : undefined,
      });
    }
  }
  return st;
}

export function renderTemplateTables(): string {
  const out: string[] = [];
  out.push('// ---------------------------------------------------------------------------------------------');
  out.push('// URI Templates (RFC 6570): see the URI Templates section of scripts/gen-tables.ts.');
  out.push('');
  out.push('/** Bits of TEMPLATE_CHAR. */');
  out.push('export const enum TChar {');
  TEMPLATE_CHAR_BITS.forEach((b, k) => {
    out.push(`  /** ${b.abnf} */\n  ${b.name} = ${1 << k},`);
  });
  out.push('}');
  out.push('');
  const bits = (c: number): number =>
    TEMPLATE_CHAR_BITS.reduce((acc, b, k) => (b.chars.includes(String.fromCharCode(c)) ? acc | (1 << k) : acc), 0);
  out.push(render128('TEMPLATE_CHAR', 'TChar bits of each code unit below 0x80.', bits, 2));
  out.push('');

  const states = valueStates();
  const index = new Map(states.map((s, i) => [s.name, i]));
  if (states.length >= VALUE_FAIL) throw new Error('too many value states');
  const classOfValue = (c: number): number => {
    const ch = String.fromCharCode(c);
    const k = VALUE_CLASSES.findIndex((cl) => cl.chars.includes(ch));
    return k < 0 ? VCLS('OTHER') : k;
  };
  out.push('/** Value character classes: the columns of VALUE_NEXT and VALUE_INC. */');
  out.push('export const enum VCls {');
  VALUE_CLASSES.forEach((c, i) => {
    out.push(`  /** ${c.doc} */\n  ${c.name} = ${i},`);
  });
  out.push('}');
  out.push(
    `/** Row width of VALUE_NEXT and VALUE_INC is 1 << VALUE_CLASS_SHIFT. */\nexport const VALUE_CLASS_SHIFT = ${VALUE_CLASS_SHIFT};`,
  );
  out.push(`/** The VALUE_NEXT and VALUE_EXIT entry for "no value has this text". */\nexport const VALUE_FAIL = ${VALUE_FAIL};`);
  out.push('');
  out.push(render128('VALUE_CLASS', 'VCls of each code unit below 0x80; code units from 0x80 up are VCls.OTHER.', classOfValue, 2));
  out.push('');
  out.push('/** States of the value automata (scripts/gen-tables.ts explains them). */');
  out.push('export const enum VState {');
  states.forEach((s, i) => {
    out.push(`  /** ${s.doc} */\n  ${s.name} = ${i},`);
  });
  out.push('}');
  out.push('');
  const width = 1 << VALUE_CLASS_SHIFT;
  const rows = (pick: (t: [string, number] | undefined) => number): string[] =>
    states.map((s) => {
      const row = new Array<number>(width).fill(pick(undefined));
      for (let c = 0; c < VALUE_CLASSES.length; c++) {
        const t = s.on(c);
        if (t !== undefined && !index.has(t[0])) throw new Error(`unknown value state ${t[0]} from ${s.name}`);
        row[c] = pick(t);
      }
      return `  ${row.map((v) => String(v).padStart(3)).join(',')}, // ${s.name}`;
    });
  const columns = ` * Columns: ${VALUE_CLASSES.map((c) => c.name).join(', ')}.`;
  out.push('/**');
  out.push(' * VALUE_NEXT[(state << VALUE_CLASS_SHIFT) | class]: the next state, VALUE_FAIL when no value');
  out.push(' * has this text.');
  out.push(columns);
  out.push(' */');
  out.push('export const VALUE_NEXT = new Uint8Array([');
  out.push(...rows((t) => (t === undefined ? VALUE_FAIL : index.get(t[0])!)));
  out.push(']);');
  out.push('');
  out.push('/**');
  out.push(' * VALUE_INC[(state << VALUE_CLASS_SHIFT) | class]: the characters of the value that the');
  out.push(' * transition completes (prefix modifiers count them).');
  out.push(columns);
  out.push(' */');
  out.push('export const VALUE_INC = new Uint8Array([');
  out.push(...rows((t) => (t === undefined ? 0 : t[1])));
  out.push(']);');
  out.push('');
  out.push('/** VALUE_EXIT[state]: the characters owed when the value ends here; VALUE_FAIL: it cannot. */');
  out.push('export const VALUE_EXIT = new Uint8Array([');
  for (const s of states) out.push(`  ${String(s.exit ?? VALUE_FAIL).padStart(3)}, // ${s.name}`);
  out.push(']);');
  out.push('');
  return out.join('\n');
}

// =============================================================================================
// The URL Standard (WHATWG URL, "URL parsing"): the basic URL parser's code point classes,
// states and percent-encode sets, written to src/syntax/web-tables.ts for src/syntax/web-scan.ts.
// The states are the standard's own, each with its transitions by class. Where the standard
// reads more than the code point at hand (a remaining "//", a Windows drive letter), looks at
// the base URL, or records a boundary, the transition names an action (A_*) that web-scan.ts
// runs. "Decrease pointer by 1" is an action that leaves the pointer where it is, so that the
// next state reads the same code point: the actions' docs say "(again)". EOF is a class of its
// own: the standard runs its states on the EOF code point too. Every state has two rows: one
// for a special URL, where "\" acts as "/", and one for any other URL.

interface WebClass {
  readonly name: string;
  readonly doc: string;
  readonly chars: string;
}

export const WEB_CLASSES: readonly WebClass[] = [
  { name: 'TAB_NL', doc: 'ASCII tab or newline: removed from the input before parsing', chars: '\t\n\r' },
  { name: 'ALPHA', doc: 'ASCII alpha: begins a scheme', chars: ALPHA },
  { name: 'DIGIT', doc: 'ASCII digit', chars: DIGIT },
  { name: 'PLUS_MINUS', doc: '"+" / "-": scheme code points', chars: '+-' },
  { name: 'DOT', doc: '".": a scheme code point; single-dot and double-dot path segments', chars: '.' },
  { name: 'COLON', doc: '":": the end of a scheme; a port follows', chars: ':' },
  { name: 'SLASH', doc: '"/"', chars: '/' },
  { name: 'BACKSLASH', doc: '"\\\\": a "/" in a special URL, a code point like any other elsewhere', chars: '\\' },
  { name: 'QUESTION', doc: '"?": the query begins', chars: '?' },
  { name: 'HASH', doc: '"#": the fragment begins', chars: '#' },
  { name: 'AT', doc: '"@": the credentials end', chars: '@' },
  { name: 'LBRACKET', doc: '"[": an IPv6 address begins (":" inside it is no port)', chars: '[' },
  { name: 'RBRACKET', doc: '"]": an IPv6 address ends', chars: ']' },
  { name: 'PERCENT', doc: '"%": may begin "%2e", a dot in a path segment', chars: '%' },
  { name: 'OTHER', doc: 'every other code unit below 0x80: C0 controls, space, the rest of printable ASCII', chars: '' },
  { name: 'NON_ASCII', doc: 'a code unit >= 0x80', chars: '' },
  { name: 'EOF', doc: "the end of the input (the standard's EOF code point)", chars: '' },
];

/** log2 of the row width of the URL Standard's transition tables. */
const WEB_CLASS_SHIFT = 5;
if (WEB_CLASSES.length > 1 << WEB_CLASS_SHIFT) throw new Error('too many classes for WEB_CLASS_SHIFT');
type WebClassName = (typeof WEB_CLASSES)[number]['name'];

const C0_CONTROLS = String.fromCharCode(...Array.from({ length: 0x20 }, (_, c) => c));
const DEL = '\u007f';
const C0_SET = C0_CONTROLS + DEL;
const QUERY_SET = `${C0_SET} "#<>`;
const PATH_SET = `${QUERY_SET}?^\`{}`;
const FORBIDDEN_HOST = '\u0000\t\n\r #/:<>?@[\\]^|';

/**
 * The sets of code points below 0x80 that the parser tells apart, as bits of WEB_SET: the
 * percent-encode sets it uses (each also holds every code point above U+007E), the forbidden host
 * and domain code points, and what a domain rewrites. NON_ASCII marks the code units from 0x80 up,
 * which are in every percent-encode set.
 */
export const WEB_SETS = [
  { name: 'C0_CONTROL', doc: 'C0 control percent-encode set: the C0 controls and every code point above U+007E', chars: C0_SET },
  { name: 'FRAGMENT', doc: 'fragment percent-encode set: the C0 control set and space, ", <, >, `', chars: `${C0_SET} "<>\`` },
  { name: 'QUERY', doc: 'query percent-encode set: the C0 control set and space, ", #, <, >', chars: QUERY_SET },
  { name: 'SPECIAL_QUERY', doc: "special-query percent-encode set: the query set and '", chars: `${QUERY_SET}'` },
  { name: 'PATH', doc: 'path percent-encode set: the query set and ?, ^, `, {, }', chars: PATH_SET },
  { name: 'USERINFO', doc: 'userinfo percent-encode set: the path set and /, :, ;, =, @, [ to ], |', chars: `${PATH_SET}/:;=@[\\]|` },
  {
    name: 'FORBIDDEN_HOST',
    doc: 'forbidden host code point: NUL, tab, LF, CR, space, #, /, :, <, >, ?, @, [, \\, ], ^, |',
    chars: FORBIDDEN_HOST,
  },
  {
    name: 'FORBIDDEN_DOMAIN',
    doc: 'forbidden domain code point: a forbidden host code point, a C0 control, % or DEL',
    chars: `${FORBIDDEN_HOST + C0_SET}%`,
  },
  { name: 'UPPER', doc: 'ASCII upper alpha: lowered in a scheme and a domain', chars: ALPHA.slice(0, 26) },
  { name: 'NON_ASCII', doc: 'a code unit >= 0x80 (in every percent-encode set; no ASCII code unit has it)', chars: '' },
] as const;
type WebSetName = (typeof WEB_SETS)[number]['name'];
const PERCENT_ENCODE_SETS: readonly WebSetName[] = ['C0_CONTROL', 'FRAGMENT', 'QUERY', 'SPECIAL_QUERY', 'PATH', 'USERINFO'];

/**
 * What a code point marked in a state (see `mask` below) says about the component the state
 * reads: that its serialization differs from the input (it must be rewritten), or, for a host,
 * that its text must be looked at again. Bits of a record's DIRTY slot (web-scan.ts).
 */
export const WEB_DIRTY = [
  { name: 'SCHEME', doc: 'the scheme has an upper-case letter' },
  { name: 'USERINFO', doc: 'the credentials are written otherwise (encoded, or an empty password or username dropped)' },
  { name: 'HOST', doc: 'the host is written otherwise (lowered, decoded, IDNA, an IPv4 or IPv6 address in another form)' },
  { name: 'PORT', doc: 'the port is written otherwise (a default or empty port dropped, leading zeros)' },
  { name: 'PATH', doc: 'the path is written otherwise (encoded, dot segments, "\\\\", a drive letter)' },
  { name: 'QUERY', doc: 'the query has a code point of its percent-encode set' },
  { name: 'FRAGMENT', doc: 'the fragment has a code point of the fragment percent-encode set' },
  { name: 'SHAPE', doc: 'the delimiters differ: slashes after the scheme, a missing "/" path' },
] as const;
type WebDirtyName = (typeof WEB_DIRTY)[number]['name'];

type WebRow = ReadonlyArray<readonly [readonly WebClassName[] | WebClassName, string]>;
interface WebStateDef {
  readonly name: string;
  readonly doc: string;
  /** Transitions in every URL. */
  readonly on: WebRow;
  /** Transitions that differ in a special URL, and in any other URL. */
  readonly special?: WebRow;
  readonly plain?: WebRow;
  /** Where every other class leads. */
  readonly otherwise: string;
  /** Code points of these sets are marked in this state's transitions, as the component's DIRTY bit. */
  readonly mask?: readonly WebSetName[];
  readonly specialMask?: readonly WebSetName[];
  readonly component?: WebDirtyName;
}

const END_OF_AUTHORITY: WebRow = [[['SLASH', 'QUESTION', 'HASH', 'EOF'], 'A_AUTHORITY_END']];
const SPECIAL_END_OF_AUTHORITY: WebRow = [['BACKSLASH', 'A_AUTHORITY_END']];
const HOST_MASK: readonly WebSetName[] = ['FORBIDDEN_HOST', 'C0_CONTROL', 'NON_ASCII'];
const DOMAIN_MASK: readonly WebSetName[] = ['FORBIDDEN_DOMAIN', 'UPPER', 'NON_ASCII'];

export const WEB_STATES: readonly WebStateDef[] = [
  {
    name: 'SCHEME_START',
    doc: 'scheme start state',
    on: [['ALPHA', 'SCHEME']],
    otherwise: 'A_NO_SCHEME',
    mask: ['UPPER'],
    component: 'SCHEME',
  },
  {
    name: 'SCHEME',
    doc: 'scheme state: ASCII alphanumeric, "+", "-", "." until ":"',
    on: [
      [['ALPHA', 'DIGIT', 'PLUS_MINUS', 'DOT'], 'SCHEME'],
      ['COLON', 'A_SCHEME'],
    ],
    otherwise: 'A_NO_SCHEME',
    mask: ['UPPER'],
    component: 'SCHEME',
  },
  {
    name: 'PATH_OR_AUTHORITY',
    doc: 'path or authority state: after "scheme:/" in a URL that is not special',
    on: [['SLASH', 'A_AUTHORITY']],
    otherwise: 'A_PATH_AFTER_SLASH',
  },
  {
    name: 'RELATIVE',
    doc: "relative state (also the special relative or authority state: its slashes lead where the relative slash state's do)",
    on: [
      ['SLASH', 'RELATIVE_SLASH'],
      ['QUESTION', 'A_RELATIVE_QUERY'],
      ['HASH', 'A_RELATIVE_FRAGMENT'],
      ['EOF', 'A_RELATIVE_END'],
    ],
    special: [['BACKSLASH', 'RELATIVE_SLASH']],
    otherwise: 'A_RELATIVE_PATH',
  },
  {
    name: 'RELATIVE_SLASH',
    doc: 'relative slash state',
    on: [],
    special: [[['SLASH', 'BACKSLASH'], 'SPECIAL_AUTHORITY_IGNORE_SLASHES']],
    plain: [['SLASH', 'A_AUTHORITY']],
    otherwise: 'A_RELATIVE_SLASH_PATH',
  },
  {
    name: 'SPECIAL_AUTHORITY_IGNORE_SLASHES',
    doc: 'special authority ignore slashes state (the special authority slashes state leads here whatever it reads)',
    on: [[['SLASH', 'BACKSLASH'], 'SPECIAL_AUTHORITY_IGNORE_SLASHES']],
    otherwise: 'A_AUTHORITY_HERE',
  },
  {
    name: 'HOST_START',
    doc: 'authority state, at its start or after "@": the host state begins here unless an "@" follows',
    on: [['LBRACKET', 'IP_LITERAL'], ['AT', 'A_AT'], ['COLON', 'A_PORT_COLON'], ...END_OF_AUTHORITY],
    special: SPECIAL_END_OF_AUTHORITY,
    otherwise: 'HOST',
    mask: HOST_MASK,
    specialMask: DOMAIN_MASK,
    component: 'HOST',
  },
  {
    name: 'HOST',
    doc: 'authority state, then host state: the host, or credentials if an "@" follows',
    on: [['AT', 'A_AT'], ['COLON', 'A_PORT_COLON'], ...END_OF_AUTHORITY],
    special: SPECIAL_END_OF_AUTHORITY,
    otherwise: 'HOST',
    mask: HOST_MASK,
    specialMask: DOMAIN_MASK,
    component: 'HOST',
  },
  {
    name: 'IP_LITERAL',
    doc: 'host state inside brackets: ":" is no port',
    on: [['RBRACKET', 'IP_LITERAL_END'], ['AT', 'A_AT'], ...END_OF_AUTHORITY],
    special: SPECIAL_END_OF_AUTHORITY,
    otherwise: 'IP_LITERAL',
  },
  {
    name: 'IP_LITERAL_END',
    doc: 'host state after "]"',
    on: [['COLON', 'A_PORT_COLON'], ['AT', 'A_AT'], ...END_OF_AUTHORITY],
    special: SPECIAL_END_OF_AUTHORITY,
    otherwise: 'HOST',
  },
  {
    name: 'PORT',
    doc: 'port state (its digits are checked when the authority ends: an "@" may still make it credentials)',
    on: [['AT', 'A_AT'], ...END_OF_AUTHORITY],
    special: SPECIAL_END_OF_AUTHORITY,
    otherwise: 'PORT',
  },
  { name: 'FILE', doc: 'file state', on: [[['SLASH', 'BACKSLASH'], 'FILE_SLASH']], otherwise: 'A_FILE' },
  { name: 'FILE_SLASH', doc: 'file slash state', on: [[['SLASH', 'BACKSLASH'], 'A_FILE_HOST']], otherwise: 'A_FILE_SLASH' },
  {
    name: 'FILE_HOST',
    doc: 'file host state',
    on: [[['SLASH', 'BACKSLASH', 'QUESTION', 'HASH', 'EOF'], 'A_FILE_HOST_END']],
    otherwise: 'FILE_HOST',
    mask: DOMAIN_MASK,
    specialMask: DOMAIN_MASK,
    component: 'HOST',
  },
  {
    name: 'PATH_START',
    doc: 'path start state',
    on: [['SLASH', 'A_PATH_START_SLASH']],
    special: [['BACKSLASH', 'A_PATH_START_SLASH']],
    plain: [
      ['QUESTION', 'A_QUERY'],
      ['HASH', 'A_FRAGMENT'],
      ['EOF', 'A_END'],
    ],
    otherwise: 'A_PATH_HERE',
  },
  {
    name: 'SEGMENT_START',
    doc: 'path state, at the start of a segment',
    on: [
      ['DOT', 'A_DOT'],
      ['PERCENT', 'A_PERCENT'],
      ['SLASH', 'SEGMENT_START'],
      ['QUESTION', 'A_QUERY'],
      ['HASH', 'A_FRAGMENT'],
      ['EOF', 'A_END'],
    ],
    special: [['BACKSLASH', 'A_BACKSLASH']],
    otherwise: 'SEGMENT',
    mask: ['PATH', 'NON_ASCII'],
    component: 'PATH',
  },
  {
    name: 'SEGMENT',
    doc: 'path state, inside a segment',
    on: [
      ['SLASH', 'SEGMENT_START'],
      ['QUESTION', 'A_QUERY'],
      ['HASH', 'A_FRAGMENT'],
      ['EOF', 'A_END'],
    ],
    special: [['BACKSLASH', 'A_BACKSLASH']],
    otherwise: 'SEGMENT',
    mask: ['PATH', 'NON_ASCII'],
    component: 'PATH',
  },
  {
    name: 'OPAQUE_PATH',
    doc: 'opaque path state',
    on: [
      ['QUESTION', 'A_QUERY'],
      ['HASH', 'A_FRAGMENT'],
      ['EOF', 'A_END'],
    ],
    otherwise: 'OPAQUE_PATH',
    mask: ['C0_CONTROL', 'NON_ASCII'],
    component: 'PATH',
  },
  {
    name: 'QUERY',
    doc: 'query state',
    on: [
      ['HASH', 'A_FRAGMENT'],
      ['EOF', 'A_END'],
    ],
    otherwise: 'QUERY',
    mask: ['QUERY', 'NON_ASCII'],
    specialMask: ['SPECIAL_QUERY', 'NON_ASCII'],
    component: 'QUERY',
  },
  {
    name: 'FRAGMENT',
    doc: 'fragment state',
    on: [['EOF', 'A_END']],
    otherwise: 'FRAGMENT',
    mask: ['FRAGMENT', 'NON_ASCII'],
    component: 'FRAGMENT',
  },
];

/** The actions, in order after the states: what web-scan.ts does on entering one. */
export const WEB_ACTIONS = [
  { name: 'A_CLEAN', doc: 'a tab or newline: the input is cleaned of them and parsed again' },
  { name: 'A_SCHEME', doc: 'the ":" that ends the scheme: the next state follows from the scheme, the base URL and a remaining "/"' },
  { name: 'A_NO_SCHEME', doc: "no scheme state: from the input's start (again), relative to the base URL, or failure without one" },
  { name: 'A_AUTHORITY', doc: 'a "/" that begins the authority ("//" read)' },
  { name: 'A_AUTHORITY_HERE', doc: 'the authority begins here (again), after the slashes a special URL ignores' },
  { name: 'A_AT', doc: 'an "@": what came before is credentials; the host begins after it' },
  { name: 'A_PORT_COLON', doc: 'the ":" between host and port (outside brackets)' },
  { name: 'A_AUTHORITY_END', doc: 'the authority ends here (again): credentials, host and port are checked; path start state' },
  { name: 'A_FILE', doc: "file state on anything but a slash (again): the base URL's host, path and query, or a path" },
  { name: 'A_FILE_SLASH', doc: "file slash state on anything but a slash (again): the base URL's host and drive letter" },
  { name: 'A_FILE_HOST', doc: 'the second slash of a file URL: file host state' },
  { name: 'A_FILE_HOST_END', doc: 'the file host ends here (again): a Windows drive letter is a path, "localhost" no host' },
  { name: 'A_PATH_START_SLASH', doc: 'the slash (or "\\\\") that path start state reads' },
  { name: 'A_PATH_HERE', doc: 'path start state on anything but a slash: path state (again)' },
  { name: 'A_PATH_AFTER_SLASH', doc: 'path or authority state on anything but "/": path state (again) after the "/"' },
  { name: 'A_RELATIVE_QUERY', doc: 'relative state on "?": the base URL\'s authority and path, then the query' },
  { name: 'A_RELATIVE_FRAGMENT', doc: 'relative state on "#": the base URL without its fragment, then the fragment' },
  { name: 'A_RELATIVE_END', doc: 'relative state on EOF: the base URL without its fragment' },
  { name: 'A_RELATIVE_PATH', doc: "relative state on a path: the base URL's authority, its path shortened, path state (again)" },
  { name: 'A_RELATIVE_SLASH_PATH', doc: "relative slash state on a path: the base URL's authority, path state (again)" },
  { name: 'A_DOT', doc: 'a "." that begins a segment: a single-dot or double-dot segment?' },
  { name: 'A_PERCENT', doc: 'a "%" that begins a segment: "%2e", a dot?' },
  { name: 'A_BACKSLASH', doc: 'a "\\\\" that a special URL reads as "/"' },
  { name: 'A_QUERY', doc: 'the "?" that begins the query' },
  { name: 'A_FRAGMENT', doc: 'the "#" that begins the fragment' },
  { name: 'A_END', doc: 'EOF: the URL is read' },
] as const;

/**
 * Runs: the states whose code points come in long runs. web-scan.ts consumes the rest of such a
 * run with one call of a sticky regex of one class, written here from the transitions: every
 * code unit that keeps the state (or leads to `also`, where the run goes on) unmarked.
 */
const WEB_RUN_STATES: ReadonlyArray<{ readonly state: string; readonly also?: string }> = [
  { state: 'HOST' },
  { state: 'FILE_HOST' },
  { state: 'SEGMENT', also: 'SEGMENT_START' },
  { state: 'OPAQUE_PATH' },
  { state: 'QUERY' },
  { state: 'FRAGMENT' },
];

function webClassOf(c: number): number {
  const ch = String.fromCharCode(c);
  const k = WEB_CLASSES.findIndex((cl) => cl.chars.includes(ch));
  return k < 0 ? WEB_CLASSES.findIndex((cl) => cl.name === 'OTHER') : k;
}

function webSetBits(c: number): number {
  let bits = 0;
  WEB_SETS.forEach((set, k) => {
    if (set.chars.includes(String.fromCharCode(c))) bits |= 1 << k;
  });
  return bits;
}

export function renderWeb(): string {
  const names = [...WEB_STATES.map((s) => s.name), ...WEB_ACTIONS.map((a) => a.name)];
  const index = new Map(names.map((n, i) => [n, i]));
  const ATTENTION = 0x80;
  if (names.length > ATTENTION) throw new Error('too many URL Standard states for the ATTENTION bit');
  const firstAction = WEB_STATES.length;
  const classIndex = new Map(WEB_CLASSES.map((c, i) => [c.name, i]));
  const setBit = (name: WebSetName): number => 1 << WEB_SETS.findIndex((s) => s.name === name);
  const dirtyBit = (name: WebDirtyName): number => 1 << WEB_DIRTY.findIndex((d) => d.name === name);
  const nonAsciiBits = PERCENT_ENCODE_SETS.reduce((acc, n) => acc | setBit(n), setBit('NON_ASCII'));

  const row = (s: WebStateDef, special: boolean): number[] => {
    const r = new Array<number>(1 << WEB_CLASS_SHIFT).fill(0);
    const put = (entries: WebRow | undefined): void => {
      for (const [classes, target] of entries ?? []) {
        const t = index.get(target);
        if (t === undefined) throw new Error(`unknown target ${target} in ${s.name}`);
        for (const c of typeof classes === 'string' ? [classes] : classes) r[classIndex.get(c)!] = t;
      }
    };
    const otherwise = index.get(s.otherwise);
    if (otherwise === undefined) throw new Error(`unknown target ${s.otherwise} in ${s.name}`);
    for (let c = 0; c < WEB_CLASSES.length; c++) r[c] = otherwise;
    r[classIndex.get('TAB_NL')!] = index.get('A_CLEAN')!;
    put(s.on);
    put(special ? s.special : s.plain);
    return r;
  };
  const maskOf = (s: WebStateDef, special: boolean): number =>
    ((special ? (s.specialMask ?? s.mask) : s.mask) ?? []).reduce((acc, n) => acc | setBit(n), 0);

  const out: string[] = [];
  out.push("// Generated by scripts/gen-tables.ts from the URL Standard's basic URL parser. Do not edit: run `npm run gen`.");
  out.push('// A test regenerates this file and fails when it differs.');
  out.push('');
  out.push('/** Code point classes: the values of WEB_CLASS, the columns of the transition tables. */');
  out.push('export const enum WebCls {');
  WEB_CLASSES.forEach((c, i) => {
    out.push(`  /** ${c.doc} */\n  ${c.name} = ${i},`);
  });
  out.push('}');
  out.push(`/** Row width of the transition tables is 1 << WEB_CLASS_SHIFT. */\nexport const WEB_CLASS_SHIFT = ${WEB_CLASS_SHIFT};`);
  out.push('');
  out.push(render128('WEB_CLASS', 'WebCls of each code unit below 0x80; code units from 0x80 up are WebCls.NON_ASCII.', webClassOf, 2));
  out.push('');
  out.push('/** Bits of WEB_SET. */');
  out.push('export const enum WebSet {');
  WEB_SETS.forEach((s, k) => {
    out.push(`  /** ${s.doc} */\n  ${s.name} = ${1 << k},`);
  });
  out.push('}');
  out.push('');
  out.push(render128('WEB_SET', 'WebSet bits of each code unit below 0x80.', webSetBits, 4, 'Uint16Array'));
  out.push(`/** The WebSet bits of every code unit from 0x80 up: NON_ASCII and every percent-encode set. */`);
  out.push(`export const WEB_SET_NON_ASCII = ${nonAsciiBits};`);
  out.push('');
  out.push("/** Bits of a record's DIRTY slot: what the serialization writes otherwise than the input. */");
  out.push('export const enum WebDirty {');
  WEB_DIRTY.forEach((d, k) => {
    out.push(`  /** ${d.doc} */\n  ${d.name} = ${1 << k},`);
  });
  out.push('}');
  out.push('');
  out.push('/**');
  out.push(" * States (the standard's), then actions (>= FIRST_ACTION, run by web-scan.ts). A transition");
  out.push(" * with ATTENTION reads a code point of the state's mask: its component gets WEB_COMPONENT's bit.");
  out.push(' */');
  out.push('export const enum WebState {');
  WEB_STATES.forEach((s, i) => {
    out.push(`  /** ${s.doc} */\n  ${s.name} = ${i},`);
  });
  WEB_ACTIONS.forEach((a, i) => {
    out.push(`  /** ${a.doc} */\n  ${a.name} = ${firstAction + i},`);
  });
  out.push(`  FIRST_ACTION = ${firstAction},`);
  out.push(`  COUNT = ${names.length},`);
  out.push(`  ATTENTION = ${ATTENTION},`);
  out.push('}');
  out.push('');
  const table = (name: string, special: boolean): void => {
    out.push('/**');
    out.push(
      ` * ${name}[(state << WEB_CLASS_SHIFT) | class]: the next state or action, in ${special ? 'a special URL' : 'a URL that is not special'}. Columns:`,
    );
    out.push(` * ${WEB_CLASSES.map((c) => c.name).join(', ')}.`);
    out.push(' */');
    out.push(`export const ${name} = new Uint8Array([`);
    for (const s of WEB_STATES)
      out.push(
        `  ${row(s, special)
          .map((v) => String(v).padStart(2))
          .join(',')}, // ${s.name}`,
      );
    out.push(']);');
  };
  table('WEB_TRANSITIONS', false);
  out.push('');
  table('WEB_SPECIAL_TRANSITIONS', true);
  out.push('');
  const masks = (special: boolean): string => WEB_STATES.map((s) => `${maskOf(s, special)} /* ${s.name} */`).join(', ');
  out.push('/** By state: the WebSet bits whose code points it marks (ATTENTION), in a URL that is not special. */');
  out.push(`export const WEB_MASK = new Uint16Array([${masks(false)}]);`);
  out.push('/** The same in a special URL. */');
  out.push(`export const WEB_SPECIAL_MASK = new Uint16Array([${masks(true)}]);`);
  out.push('/** By state: the WebDirty bit of the component it reads (0: none). */');
  out.push(
    `export const WEB_COMPONENT = new Uint8Array([${WEB_STATES.map((s) => `${s.component === undefined ? 0 : dirtyBit(s.component)} /* ${s.name} */`).join(', ')}]);`,
  );
  out.push('');
  // Runs: a code unit is in a state's run when its transition keeps the state (or leads to
  // `also`, whose own transition leads back) and is not marked.
  const staysIn = (state: string, also: string | undefined, special: boolean): number[] => {
    const s = WEB_STATES[index.get(state)!]!;
    const r = row(s, special);
    const m = maskOf(s, special);
    const stay = new Set([index.get(state)!, ...(also === undefined ? [] : [index.get(also)!])]);
    const codes: number[] = [];
    for (let c = 0; c < 0x80; c++) if (stay.has(r[webClassOf(c)]!) && (webSetBits(c) & m) === 0) codes.push(c);
    return codes;
  };
  out.push('/**');
  out.push(' * Runs: for each state whose code points come in runs, a sticky regex that consumes the rest of a');
  out.push(" * run in one call: every code unit whose transition stays in the run unmarked (a path's run goes");
  out.push(' * on over "/"; web-scan.ts looks for the dot segments it passed). By state, null for the others.');
  out.push(' */');
  const shared = new Map<string, string>();
  for (const special of [false, true]) {
    const byState = new Array<string>(WEB_STATES.length).fill('null');
    for (const run of WEB_RUN_STATES) {
      const re = `/[${regexClass(staysIn(run.state, run.also, special))}]*/y`;
      let name = shared.get(re);
      if (name === undefined) {
        name = `WEB_RUN_${run.state}${special ? '_SPECIAL' : ''}`;
        shared.set(re, name);
        out.push(
          `/** ${run.state}${run.also === undefined ? '' : ` and ${run.also}`} in ${special ? 'a special URL' : 'a URL that is not special'}. */`,
        );
        out.push(`export const ${name} = ${re};`);
      }
      byState[index.get(run.state)!] = name;
      if (run.also !== undefined) byState[index.get(run.also)!] = name;
    }
    out.push(`/** The run of each state (by WebState) in ${special ? 'a special URL' : 'a URL that is not special'}. */`);
    out.push(`export const WEB_${special ? 'SPECIAL_' : ''}RUNS: ReadonlyArray<RegExp | null> = [${byState.join(', ')}];`);
  }
  // The common shape: scheme "://" host [ path ], each a run of the special URL's machine.
  const host = regexClass(staysIn('HOST', undefined, true));
  const path = regexClass(staysIn('SEGMENT', 'SEGMENT_START', true));
  out.push('/**');
  out.push(' * The common shape, for web-scan.ts\'s fast path: a lower-case scheme, "//", a host (possibly');
  out.push(" * empty) of the code points that a special URL's host state keeps unmarked, and a path of its");
  out.push(' * SEGMENT run (WEB_RUN_SEGMENT_SPECIAL), which web-scan.ts looks through for dot segments.');
  out.push(' */');
  out.push(`export const WEB_COMMON = /[a-z][-+.0-9a-z]*:\\/\\/[${host}]*(?:\\/[${path}]*)?/y;`);
  out.push('');
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, renderFile] of [
    ['src/syntax/tables.ts', render],
    ['src/syntax/web-tables.ts', renderWeb],
  ] as const) {
    const file = fileURLToPath(new URL(`../../${name}`, import.meta.url));
    const fresh = renderFile();
    if (process.argv.includes('--check')) {
      if (readFileSync(file, 'utf8') !== fresh) {
        console.error(`${name} is stale: run \`npm run gen\``);
        process.exit(1);
      }
    } else {
      writeFileSync(file, fresh);
    }
  }
}

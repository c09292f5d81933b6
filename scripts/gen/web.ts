/**
 * Writes src/web/tables.ts: the URL Standard's basic URL parser (WHATWG URL, "URL parsing") as
 * tables: its code point classes, states and percent-encode sets, for src/web/scan.ts.
 *
 *   node build/scripts/gen/web.js                 rewrite the file
 *   node build/scripts/gen/web.js --check [FILE]  exit 1 when the committed file (or FILE) is stale
 */
import { fileURLToPath } from 'node:url';
import { ALPHA, DIGIT, generate, regexClass, render128 } from './common.js';

// The URL Standard (WHATWG URL, "URL parsing"): the basic URL parser's code point classes,
// states and percent-encode sets, written to src/web/tables.ts for src/web/scan.ts.
// The states are the standard's own, each with its transitions by class. Where the standard
// reads more than the code point at hand (a remaining "//", a Windows drive letter), looks at
// the base URL, or records a boundary, the transition names an action (A_*) that scan.ts
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
 * that its text must be looked at again. Bits of a record's DIRTY slot (scan.ts).
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

/** The actions, in order after the states: what scan.ts does on entering one. */
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
 * Runs: the states whose code points come in long runs. scan.ts consumes the rest of such a
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

export function render(): string {
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
  out.push("// Generated by scripts/gen/web.ts from the URL Standard's basic URL parser. Do not edit: run `npm run gen`.");
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
  out.push(" * States (the standard's), then actions (>= FIRST_ACTION, run by scan.ts). A transition");
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
  out.push(' * on over "/"; scan.ts looks for the dot segments it passed). By state, null for the others.');
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
  out.push(' * The common shape, for scan.ts\'s fast path: a lower-case scheme, "//", a host (possibly');
  out.push(" * empty) of the code points that a special URL's host state keeps unmarked, and a path of its");
  out.push(' * SEGMENT run (WEB_RUN_SEGMENT_SPECIAL), which scan.ts looks through for dot segments.');
  out.push(' */');
  out.push(`export const WEB_COMMON = /[a-z][-+.0-9a-z]*:\\/\\/[${host}]*(?:\\/[${path}]*)?/y;`);
  out.push('');
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate('src/web/tables.ts', render);

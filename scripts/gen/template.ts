/**
 * Writes src/template/tables.ts: the tables of URI Templates (RFC 6570), the character bits of a
 * template and of a value, and the value automata that extract() runs.
 *
 *   node build/scripts/gen/template.js                 rewrite the file
 *   node build/scripts/gen/template.js --check [FILE]  exit 1 when the committed file (or FILE) is stale
 */
import { fileURLToPath } from 'node:url';
import { ALPHA, DIGIT, generate, render128, SUB_DELIMS, UNRESERVED } from './common.js';

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

export function render(): string {
  const out: string[] = [];
  out.push('// Generated by scripts/gen/template.ts from RFC 6570. Do not edit: run `npm run gen`.');
  out.push('// A test regenerates this file and fails when it differs.');
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
  out.push('/** States of the value automata (scripts/gen/template.ts explains them). */');
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

if (process.argv[1] === fileURLToPath(import.meta.url)) generate('src/template/tables.ts', render);

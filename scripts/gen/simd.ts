/**
 * Writes src/syntax/simd-code.ts: the WebAssembly module that scans the common shapes of long
 * inputs 16 bytes at a time (src/syntax/simd.ts runs it). Its character sets come from the
 * generated tables (src/syntax/tables.ts), each split into the two 16-entry tables of a
 * nibble lookup and checked against the table on all 256 bytes here; `npm run gen` runs it after
 * rfc3986.ts (and compiles it again in between, so that it reads the tables just written).
 *
 *   node build/scripts/gen/simd.js                 rewrite the file
 *   node build/scripts/gen/simd.js --check [FILE]  exit 1 when the committed file (or FILE) is stale
 */
import { fileURLToPath } from 'node:url';
import { ALLOWED, CHAR_CLASS, CLASS_SHIFT, EncodeSet, HEX_VALUE, RUNS, State, TRANSITIONS } from '../../src/syntax/tables.js';
import { generate } from './common.js';
import {
  byteRows,
  type Code,
  control,
  Func,
  hexLanes,
  i8x16,
  i32,
  isHex,
  type Local,
  local,
  moduleBytes,
  type Nibbles,
  nibbleLookup,
  nibbles,
  v128,
} from './wasm.js';

/** The longest input the module takes, in bytes; the layout of its one page of memory. */
export const SIMD_MAX = 16_384;
const TABLE = 32_768; // 128 bytes: 1 where a code unit is in SCHEME
const OUT = TABLE + 128; // the result: six i32
// Below TABLE: an input's room (SIMD_MAX + 4 bytes: src/syntax/simd.ts) and the 32 bytes of padding after it.
if (SIMD_MAX + 4 + 32 > TABLE) throw new Error('an input would reach the table');

const range = (n: number): number[] => Array.from({ length: n }, (_, k) => k);
const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;
/** The code units below 0x80 that `re` consumes as a run of one. */
const runOf = (re: RegExp): Set<number> =>
  new Set(
    range(0x80).filter((c) => {
      re.lastIndex = 0;
      re.test(String.fromCharCode(c));
      return re.lastIndex === 1;
    }),
  );

// The sets, from the tables. A common URI: a lower-case scheme, "://", a host of the HOST run in
// lower case (no "%": a host with one is the machine's), then the rest: the QUERY run (which holds
// every path character, "/" and "?"), "#" (one at most) and "%" (followed by two HEXDIGs).
const HOST = new Set([...runOf(RUNS[State.HOST]!)].filter((c) => !isUpper(c)));
const SCHEME = new Set(
  range(0x80).filter((c) => TRANSITIONS[(State.SCHEME << CLASS_SHIFT) | CHAR_CLASS[c]!] === State.SCHEME && !isUpper(c)),
);
const REST = new Set([...runOf(RUNS[State.QUERY]!), 0x23, 0x25]);
const UNRESERVED = new Set(range(0x80).filter((c) => (ALLOWED[c]! & EncodeSet.UNRESERVED) !== 0));
for (const c of [0x25, 0x3a, 0x40, 0x2f, 0x3f, 0x23]) if (HOST.has(c)) throw new Error(`the host set holds ${c}`);

const hexValue = (b: number): number => (((b - 0x30) & 0xff) < 10 ? b - 0x30 : ((b | 0x20) - 0x57) & 0xff);
const isLowerHex = (b: number): boolean => ((b - 0x61) & 0xff) < 6;
for (let b = 0; b < 256; b++) {
  const want = b < 0x80 && HEX_VALUE[b] !== 0xff;
  if (isHex(b) !== want || (want && hexValue(b) !== HEX_VALUE[b])) throw new Error(`hex arithmetic wrong at ${b}`);
  if (isLowerHex(b) !== (b >= 0x61 && b <= 0x66)) throw new Error(`lower-case arithmetic wrong at ${b}`);
}

const rest = nibbles(REST);
const host = nibbles(HOST);
const unreserved = nibbles(UNRESERVED);

/** In the set of `tables`: the bytes of v whose nibble lookup is not 0 (0xff lanes), else 0. */
function member(v: Code, tables: Nibbles): Code {
  return i8x16.ne(nibbleLookup(v, tables), v128.splat(0));
}
/** Not in the set of `tables`: 0xff lanes where the nibble lookup is 0 (one comparison fewer than `member`'s complement). */
function outside(v: Code, tables: Nibbles): Code {
  return i8x16.eq(nibbleLookup(v, tables), v128.splat(0));
}
const hexValueLanes = (v: Code): Code =>
  v128.bitselect(
    i8x16.sub(v, v128.splat(0x30)),
    i8x16.sub(v128.or(v, v128.splat(0x20)), v128.splat(0x57)),
    i8x16.lt_u(i8x16.sub(v, v128.splat(0x30)), v128.splat(10)),
  );
const lowerLanes = (v: Code): Code => i8x16.lt_u(i8x16.sub(v, v128.splat(0x61)), v128.splat(6));

/**
 * scan(len, pathOnly): the input is in bytes [0, len). With pathOnly 0, a lower-case scheme, "://"
 * and a host of HOST must come first, and a "/", "?", "#" or the end after it; with 1 the input
 * is a path from 0 (its caller saw "/" and no second). Then every byte must be in REST, each "%"
 * followed by two HEXDIGs, and at most one "#". Returns -1 otherwise; else 0, with at OUT: the
 * scheme's end, the host's end (the path's start), the first "?", the first "#", the first "/."
 * from the path's start (-1 for none), and bits 1 (a "%"), 2 (a lower-case HEXDIG after one),
 * 4 (a "%XX" of an unreserved octet). With record 0 (a caller that only asks whether the input is
 * valid) a loop of its own checks the blocks and writes nothing: no "?", "#" or "/." is looked
 * for, and a block with no "%" or "#" costs one lookup and one comparison (1,432 instructions a
 * URL of long_urls for the module with the record, 802 without, by callgrind). The host is read
 * 16 bytes at a time too (the scheme, a few bytes, one at a time).
 */
function scanFunction(): { func: Func; body: number[] } {
  const f = new Func('scan', 3);
  const len = f.param(0);
  const pathOnly = f.param(1);
  const record = f.param(2);
  const i = f.i32();
  const c = f.i32();
  const schemeEnd = f.i32();
  const hostEnd = f.i32();
  const question = f.i32();
  const hash = f.i32();
  const hashes = f.i32();
  const slashDot = f.i32();
  const mask = f.i32();
  const percent = f.i32();
  const v = f.v128();
  const v1 = f.v128();
  const v2 = f.v128();
  const pct = f.v128();
  const bad = f.v128();
  const lower = f.v128();
  const unres = f.v128();
  const get = local.get;
  const set = local.set;
  const fail = control.return(i32.const(-1));
  /** While i < len and the byte at i is in SCHEME (TABLE), i++. */
  const skipScheme = (): Code =>
    control.block(
      control.loop(
        control.br_if(1, i32.ge_u(get(i), get(len))),
        set(c, i32.load8_u(get(i))),
        control.br_if(1, i32.ge_u(get(c), i32.const(0x80))),
        control.br_if(1, i32.eqz(i32.load8_u(get(c), TABLE))),
        set(i, i32.add(get(i), i32.const(1))),
        control.br(0),
      ),
    );
  /** When `found` is still -1: the lane index of the first set bit of `bits`, from i. */
  const first = (found: Local, bits: Code): Code =>
    control.if(i32.lt_s(get(found), i32.const(0)), [
      set(mask, i8x16.bitmask(bits)),
      control.if(get(mask), [set(found, i32.add(get(i), i32.ctz(get(mask))))]),
    ]);
  /** A loop over the blocks from i to len, 16 bytes a step; `br 2` in an `if` of `step` leaves it. */
  const blocks = (...step: Code[]): Code =>
    control.block(
      control.loop(control.br_if(1, i32.ge_u(get(i), get(len))), ...step, set(i, i32.add(get(i), i32.const(16))), control.br(0)),
    );
  const body = f.body(() =>
    [
      control.if(
        i32.eqz(get(pathOnly)),
        [
          // scheme: a lower-case letter, then SCHEME characters
          control.if(i32.eqz(get(len)), [fail]),
          control.if(i32.gt_u(i32.sub(i32.load8_u(i32.const(0)), i32.const(0x61)), i32.const(25)), [fail]),
          set(i, i32.const(1)),
          skipScheme(),
          set(schemeEnd, get(i)),
          // "://" (the bytes past len are the padding below, never these)
          control.if(i32.gt_u(i32.add(get(i), i32.const(3)), get(len)), [fail]),
          control.if(i32.ne(i32.and(i32.load(get(i)), i32.const(0xffffff)), i32.const(0x2f2f3a)), [fail]),
          set(i, i32.add(get(i), i32.const(3))),
          // The host, 16 bytes a step: to its first byte outside HOST, or to len (past len the bytes
          // are not the input's: where they stop the run does not matter).
          blocks(
            set(mask, i8x16.bitmask(outside(v128.load(get(i)), host))),
            control.if(get(mask), [set(i, i32.add(get(i), i32.ctz(get(mask)))), control.br(2)]),
          ),
          control.if(i32.gt_u(get(i), get(len)), [set(i, get(len))]),
          set(hostEnd, get(i)),
          control.if(i32.lt_u(get(i), get(len)), [
            set(c, i32.load8_u(get(i))),
            control.if(
              i32.and(i32.and(i32.ne(get(c), i32.const(0x2f)), i32.ne(get(c), i32.const(0x3f))), i32.ne(get(c), i32.const(0x23))),
              [fail],
            ),
          ]),
        ],
        [set(hostEnd, i32.const(0))],
      ),
      // Padding that is in REST and no HEXDIG: lanes past len pass, a "%" at the end does not.
      v128.store(get(len), v128.splat(0x7a)),
      v128.store(get(len), v128.splat(0x7a), 16),
      set(question, i32.const(-1)),
      set(hash, i32.const(-1)),
      set(slashDot, i32.const(-1)),
      set(i, get(hostEnd)),
      control.if(
        get(record),
        [
          blocks(
            set(v, v128.load(get(i))),
            set(v1, v128.load(get(i), 1)),
            set(bad, v128.or(get(bad), outside(get(v), rest))),
            first(question, i8x16.eq(get(v), v128.splat(0x3f))),
            set(mask, i8x16.bitmask(i8x16.eq(get(v), v128.splat(0x23)))),
            control.if(get(mask), [
              control.if(i32.lt_s(get(hash), i32.const(0)), [set(hash, i32.add(get(i), i32.ctz(get(mask))))]),
              set(hashes, i32.add(get(hashes), i32.popcnt(get(mask)))),
            ]),
            first(slashDot, v128.and(i8x16.eq(get(v), v128.splat(0x2f)), i8x16.eq(get(v1), v128.splat(0x2e)))),
            set(pct, i8x16.eq(get(v), v128.splat(0x25))),
            control.if(v128.any_true(get(pct)), [
              set(percent, i32.const(1)),
              set(v2, v128.load(get(i), 2)),
              set(bad, v128.or(get(bad), v128.andnot(get(pct), v128.and(hexLanes(get(v1)), hexLanes(get(v2)))))),
              set(lower, v128.or(get(lower), v128.and(get(pct), v128.or(lowerLanes(get(v1)), lowerLanes(get(v2)))))),
              set(
                unres,
                v128.or(
                  get(unres),
                  v128.and(get(pct), member(v128.or(i8x16.shl(hexValueLanes(get(v1)), 4), hexValueLanes(get(v2))), unreserved)),
                ),
              ),
            ]),
          ),
        ],
        [
          // Only whether the input is valid: each byte in REST, each "%" before two HEXDIGs, one "#" at most.
          blocks(
            set(v, v128.load(get(i))),
            set(bad, v128.or(get(bad), outside(get(v), rest))),
            set(pct, i8x16.eq(get(v), v128.splat(0x25))),
            control.if(v128.any_true(v128.or(get(pct), i8x16.eq(get(v), v128.splat(0x23)))), [
              set(hashes, i32.add(get(hashes), i32.popcnt(i8x16.bitmask(i8x16.eq(get(v), v128.splat(0x23)))))),
              control.if(v128.any_true(get(pct)), [
                set(
                  bad,
                  v128.or(get(bad), v128.andnot(get(pct), v128.and(hexLanes(v128.load(get(i), 1)), hexLanes(v128.load(get(i), 2))))),
                ),
              ]),
            ]),
          ),
        ],
      ),
      control.if(v128.any_true(get(bad)), [fail]),
      control.if(i32.gt_u(get(hashes), i32.const(1)), [fail]),
      i32.store(i32.const(OUT), get(schemeEnd)),
      i32.store(i32.const(OUT), get(hostEnd), 4),
      i32.store(i32.const(OUT), get(question), 8),
      i32.store(i32.const(OUT), get(hash), 12),
      i32.store(i32.const(OUT), get(slashDot), 16),
      i32.store(
        i32.const(OUT),
        i32.or(i32.or(get(percent), i32.shl(v128.any_true(get(lower)), i32.const(1))), i32.shl(v128.any_true(get(unres)), i32.const(2))),
        20,
      ),
      i32.const(0),
    ].flat(),
  );
  return { func: f, body };
}

function render(): string {
  const table = range(0x80).map((c) => (SCHEME.has(c) ? 1 : 0));
  const bytes = moduleBytes(1, [scanFunction()], [{ offset: TABLE, bytes: table }]);
  return [
    '// Generated by scripts/gen/simd.ts (`npm run gen`). Do not edit.',
    '/**',
    ' * The WebAssembly module of src/syntax/simd.ts: `scan(len, pathOnly, record)` over the bytes [0, len)',
    ' * of its memory (what it checks and where it writes its result: scripts/gen/simd.ts).',
    ' */',
    '',
    `/** The longest input it takes, in bytes. */`,
    `export const SIMD_MAX = ${SIMD_MAX};`,
    `/** Where in its memory the result of a scan is: six i32 (scheme end, path start, first "?", first "#", first "/.", "%" bits). */`,
    `export const SIMD_OUT = ${OUT};`,
    '',
    `export const SIMD_CODE = new Uint8Array([`,
    ...byteRows(bytes),
    ']);',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate('src/syntax/simd-code.ts', render);

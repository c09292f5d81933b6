/**
 * Writes src/cli/lines/log-simd-code.ts: the WebAssembly module that reads a log line of the
 * common shape as `FastLog.line` does with its parts (src/cli/lines/log-simd.ts runs it), 16 bytes
 * at a time. Its character sets are the classes of fast.ts's expressions, each made of the 256
 * code units (Latin-1, as `FastLog` reads the bytes) that the class matches, and checked here on
 * all 256 bytes against what the module tests: a nibble lookup (a run's set), a few bytes compared
 * (a negated class's complement), or arithmetic (HEXDIG).
 *
 *   node build/scripts/gen/log-simd.js                 rewrite the file
 *   node build/scripts/gen/log-simd.js --check [FILE]  exit 1 when the committed file (or FILE) is stale
 */
import { fileURLToPath } from 'node:url';
import {
  FIELD_CLASS,
  HEX_CLASS,
  PATH_CHARS,
  PORT_CLASS,
  QUERY_CHARS,
  REG_NAME,
  SCHEME_CLASS,
  TIME_CLASS,
  TOKEN_CLASS,
} from '../../src/cli/lines/fast.js';
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
  seq,
  v128,
} from './wasm.js';

/** The memory: the result at OUT, the walker's bytes from DATA on (at most DATA_MAX, then PAD bytes of "\n"). */
const OUT = 0;
const DATA = 65_536;
// A thread's segment whole (threads/serve.ts: at most 4 MiB, and the line that crosses its end).
export const DATA_MAX = 8 << 20;
const PAD = 64;
const PAGES = (DATA + DATA_MAX + PAD + 65_535) >> 16;

const range = (n: number): number[] => Array.from({ length: n }, (_, k) => k);
/** The code units of 0-255 that the class `cls` (a regex class, with its brackets) matches. */
function classOf(cls: string): Set<number> {
  const re = new RegExp(`^${cls}$`);
  return new Set(range(256).filter((b) => re.test(String.fromCharCode(b))));
}
const complement = (set: ReadonlySet<number>): Set<number> => new Set(range(256).filter((b) => !set.has(b)));
const PERCENT = 0x25;
const NL = 0x0a;

/** A negated class's complement: the few bytes it stops at, compared one by one. Throws unless "\n" is one (the padding stops every run). */
function stops(cls: string, want: readonly number[]): readonly number[] {
  const got = [...complement(classOf(cls))].sort((a, b) => a - b);
  if (got.join() !== [...want].sort((a, b) => a - b).join()) throw new Error(`${cls} stops at ${got.join()}`);
  if (!want.includes(NL)) throw new Error(`${cls} runs over a "\\n"`);
  return want;
}

// The sets. A run of PATH, QUERY, REG_NAME takes "%" too (then two HEXDIGs, tested apart); none
// holds "\n", the padding, nor a byte above 0x7f.
const withPercent = (chars: string): Set<number> => {
  const set = classOf(`[${chars}]`);
  if (set.has(NL) || set.has(PERCENT) || [...set].some((b) => b >= 0x80))
    throw new Error(`[${chars}] holds "\\n", "%" or a byte above 0x7f`);
  return new Set([...set, PERCENT]);
};
const PATH_SET = nibbles(withPercent(PATH_CHARS));
const QUERY_SET = nibbles(withPercent(QUERY_CHARS));
const REG_NAME_SET = nibbles(withPercent(REG_NAME));
const SCHEME_SET = nibbles(classOf(SCHEME_CLASS));
const PORT_SET = nibbles(classOf(PORT_CLASS));
/** Digits and dots: a host of them only is left to the scan (it may be an IPv4address), as `referrerParts` says. */
const NUMERIC_SET = nibbles(new Set([...classOf(PORT_CLASS), 0x2e]));
for (const set of [SCHEME_SET, PORT_SET, NUMERIC_SET])
  for (const b of [NL, PERCENT]) if ((set.hi[b >> 4]! & set.lo[b & 15]!) !== 0) throw new Error('a set holds "\\n" or "%"');
const TIME_STOPS = stops(TIME_CLASS, [0x22, NL]);
const TOKEN_STOPS = stops(TOKEN_CLASS, [0x20, 0x22, 0x5c, NL]);
const FIELD_STOPS = stops(FIELD_CLASS, [0x20, 0x22, NL]);

{
  const hex = classOf(HEX_CLASS);
  for (let b = 0; b < 256; b++) if (isHex(b) !== hex.has(b)) throw new Error(`hex arithmetic wrong at ${b}`);
}
/** A letter (the scheme's first), by arithmetic. */
const isAlpha = (b: number): boolean => (((b | 0x20) - 0x61) & 0xff) < 26;
{
  const alpha = classOf('[A-Za-z]');
  for (let b = 0; b < 256; b++) if (isAlpha(b) !== alpha.has(b)) throw new Error(`letter arithmetic wrong at ${b}`);
}

/** The result's words at OUT, in order. */
const FIELDS = [
  'timeEnd',
  'targetStart',
  'pathEnd',
  'targetEnd',
  'requestEnd',
  'referrerClose',
  'referrerStart',
  'schemeEnd',
  'hostEnd',
  'referrerPathStart',
  'referrerPathEnd',
  'clientEnd',
  'agentClose',
] as const;
const at = (field: (typeof FIELDS)[number]): number => OUT + 4 * FIELDS.indexOf(field);

/** `line`'s mode: bits of what it reads. */
export const MODE_COMBINED = 1;
/** The client's end (the first space) and the user agent's closing quote, as `LogLine.fields` finds them. */
export const MODE_FIELDS = 2;

/**
 * line(p, delta, mode): reads the line from byte p of the memory as `FastLog.line` does (the
 * steps are its expressions', in their order); returns 0 when it is not of the common shape, 1
 * (a target; with combined, the referrer "-"), 2 (a target and a referrer), or 3 (not of the
 * shape, but its referrer's closing quote was found: a host of digits and dots). What it found
 * is at OUT (FIELDS), each a position of the memory less `delta`. With MODE_FIELDS, also
 * clientEnd, and after a referrer's closing quote the user agent's (agentClose; -1: no quoted
 * agent there, or no closing quote before the line's end).
 */
function lineFunction(): { func: Func; body: number[] } {
  const f = new Func('line', 3);
  const p = f.param(0);
  const delta = f.param(1);
  const mode = f.param(2);
  const i = f.i32();
  const q = f.i32();
  const m = f.i32();
  const pathEnd = f.i32();
  const targetEnd = f.i32();
  const close = f.i32();
  const r = f.i32();
  const s = f.i32();
  const h = f.i32();
  const mask = f.i32();
  const rc = f.i32();
  const from = f.i32();
  const k = f.i32();
  const back = f.i32();
  const aq = f.i32();
  const v = f.v128();
  const pct = f.v128();
  const get = local.get;
  const set = local.set;
  const byte = (addr: Code, offset = 0): Code => i32.load8_u(addr, offset);
  const is = (addr: Code, c: number, offset = 0): Code => i32.eq(byte(addr, offset), i32.const(c));
  const isNot = (addr: Code, c: number, offset = 0): Code => i32.ne(byte(addr, offset), i32.const(c));
  const fail = (code = 0): Code => control.return(i32.const(code));
  const failIf = (cond: Code, code = 0): Code => control.if(cond, [fail(code)]);
  const lanesNotIn = (x: Code, t: Nibbles): Code => i8x16.eq(nibbleLookup(x, t), v128.splat(0));
  /** x := the first byte from `from` that is one of `bytes` (the padding's "\n" is one). */
  const findStop = (x: Local, from: Code, bytes: readonly number[]): Code =>
    seq(
      set(x, from),
      control.block(
        control.loop(
          set(v, v128.load(get(x))),
          set(mask, i8x16.bitmask(bytes.map((b) => i8x16.eq(get(v), v128.splat(b))).reduce((a, b) => v128.or(a, b)))),
          control.if(get(mask), [set(x, i32.add(get(x), i32.ctz(get(mask)))), control.br(2)]),
          set(x, i32.add(get(x), i32.const(16))),
          control.br(0),
        ),
      ),
    );
  /**
   * x := the end of the run from `from` of bytes of `t` (with `percent`, "%" is in `t` and must be
   * followed by two HEXDIGs, else the run ends at it): the greedy match of `[set]*(?:%XX[set]*)*`.
   */
  const runEnd = (x: Local, from: Code, t: Nibbles, percent: boolean): Code =>
    seq(
      set(x, from),
      control.block(
        control.loop(
          set(v, v128.load(get(x))),
          set(mask, i8x16.bitmask(lanesNotIn(get(v), t))),
          ...(percent
            ? [
                set(pct, i8x16.eq(get(v), v128.splat(PERCENT))),
                control.if(v128.any_true(get(pct)), [
                  set(
                    mask,
                    i32.or(
                      get(mask),
                      i8x16.bitmask(v128.andnot(get(pct), v128.and(hexLanes(v128.load(get(x), 1)), hexLanes(v128.load(get(x), 2))))),
                    ),
                  ),
                ]),
              ]
            : []),
          control.if(get(mask), [set(x, i32.add(get(x), i32.ctz(get(mask)))), control.br(2)]),
          set(x, i32.add(get(x), i32.const(16))),
          control.br(0),
        ),
      ),
    );
  const store = (field: (typeof FIELDS)[number], value: Code): Code => i32.store(i32.const(at(field)), i32.sub(value, get(delta)));
  const word = (c: string): number => [...c].reduceRight((n, ch) => (n << 8) | ch.charCodeAt(0), 0);
  const fields = (then: Code[]): Code => control.if(i32.and(get(mode), i32.const(MODE_FIELDS)), then);
  /**
   * After the referrer's closing quote at `rc`: ' "', then the agent up to the first quote that no
   * odd run of backslashes before it escapes (`closingQuote` of log.ts), or -1.
   */
  const agent = (): Code =>
    fields([
      i32.store(i32.const(at('agentClose')), i32.const(-1)),
      control.if(i32.and(is(get(rc), 0x20, 1), is(get(rc), 0x22, 2)), [
        set(from, i32.add(get(rc), i32.const(3))),
        set(k, get(from)),
        control.block(
          control.loop(
            findStop(aq, get(k), [0x22, NL]),
            control.br_if(1, isNot(get(aq), 0x22)),
            set(back, i32.sub(get(aq), i32.const(1))),
            control.block(
              control.loop(
                control.br_if(1, i32.lt_u(get(back), get(from))),
                control.br_if(1, isNot(get(back), 0x5c)),
                set(back, i32.sub(get(back), i32.const(1))),
                control.br(0),
              ),
            ),
            control.if(i32.eqz(i32.and(i32.sub(i32.sub(get(aq), i32.const(1)), get(back)), i32.const(1))), [
              store('agentClose', get(aq)),
              control.br(2),
            ]),
            set(k, i32.add(get(aq), i32.const(1))),
            control.br(0),
          ),
        ),
      ]),
    ]);
  const body = f.body(() =>
    seq(
      fields([findStop(i, get(p), [0x20, NL]), store('clientEnd', get(i))]),
      // TIME: the first quote (no "\n" before it), "] " right before it.
      findStop(q, get(p), TIME_STOPS),
      failIf(isNot(get(q), 0x22)),
      failIf(i32.lt_s(i32.sub(get(q), get(p)), i32.const(2))),
      failIf(i32.ne(i32.and(i32.load(i32.sub(get(q), i32.const(2))), i32.const(0xffff)), i32.const(word('] ')))),
      // METHOD_PATH: not "CONNECT ", a method and its space, "/" and no second, the path.
      failIf(i32.and(i32.eq(i32.load(get(q), 1), i32.const(word('CONN'))), i32.eq(i32.load(get(q), 5), i32.const(word('ECT '))))),
      findStop(m, i32.add(get(q), i32.const(1)), TOKEN_STOPS),
      failIf(i32.eq(get(m), i32.add(get(q), i32.const(1)))),
      failIf(isNot(get(m), 0x20)),
      failIf(isNot(get(m), 0x2f, 1)),
      failIf(is(get(m), 0x2f, 2)),
      runEnd(pathEnd, i32.add(get(m), i32.const(2)), PATH_SET, true),
      // REQUEST_END: the query, " HTTP/" and the version, the closing quote.
      set(i, get(pathEnd)),
      control.if(is(get(i), 0x3f), [runEnd(i, i32.add(get(i), i32.const(1)), QUERY_SET, true)]),
      set(targetEnd, get(i)),
      control.if(is(get(i), 0x20), [
        failIf(i32.ne(i32.load(get(i), 1), i32.const(word('HTTP')))),
        failIf(isNot(get(i), 0x2f, 5)),
        findStop(i, i32.add(get(i), i32.const(6)), TOKEN_STOPS),
      ]),
      failIf(isNot(get(i), 0x22)),
      set(close, get(i)),
      store('timeEnd', i32.sub(get(q), i32.const(2))),
      store('targetStart', i32.add(get(m), i32.const(1))),
      store('pathEnd', get(pathEnd)),
      store('targetEnd', get(targetEnd)),
      store('requestEnd', get(close)),
      control.if(i32.eqz(i32.and(get(mode), i32.const(MODE_COMBINED))), [control.return(i32.const(1))]),
      // REFERRER_PATH: the status, the size, the opening quote; "-", or a URI up to its path's end.
      failIf(isNot(get(close), 0x20, 1)),
      findStop(i, i32.add(get(close), i32.const(2)), FIELD_STOPS),
      failIf(i32.eq(get(i), i32.add(get(close), i32.const(2)))),
      failIf(isNot(get(i), 0x20)),
      set(r, get(i)),
      findStop(i, i32.add(get(r), i32.const(1)), FIELD_STOPS),
      failIf(i32.eq(get(i), i32.add(get(r), i32.const(1)))),
      failIf(isNot(get(i), 0x20)),
      failIf(isNot(get(i), 0x22, 1)),
      set(r, i32.add(get(i), i32.const(2))),
      control.if(i32.and(is(get(r), 0x2d), is(get(r), 0x22, 1)), [
        set(rc, i32.add(get(r), i32.const(1))),
        store('referrerClose', get(rc)),
        agent(),
        control.return(i32.const(1)),
      ]),
      failIf(i32.ge_u(i32.sub(i32.or(byte(get(r)), i32.const(0x20)), i32.const(0x61)), i32.const(26))),
      runEnd(s, i32.add(get(r), i32.const(1)), SCHEME_SET, false),
      failIf(i32.ne(i32.and(i32.load(get(s)), i32.const(0xffffff)), i32.const(word('://')))),
      runEnd(h, i32.add(get(s), i32.const(3)), REG_NAME_SET, true),
      set(i, get(h)),
      control.if(is(get(i), 0x3a), [runEnd(i, i32.add(get(i), i32.const(1)), PORT_SET, false)]),
      store('referrerPathStart', get(i)),
      control.if(is(get(i), 0x2f), [runEnd(i, i32.add(get(i), i32.const(1)), PATH_SET, true)]),
      store('referrerPathEnd', get(i)),
      // REFERRER_END: the query, the fragment, the closing quote.
      control.if(is(get(i), 0x3f), [runEnd(i, i32.add(get(i), i32.const(1)), QUERY_SET, true)]),
      control.if(is(get(i), 0x23), [runEnd(i, i32.add(get(i), i32.const(1)), QUERY_SET, true)]),
      failIf(isNot(get(i), 0x22)),
      set(rc, get(i)),
      store('referrerClose', get(rc)),
      agent(),
      // `referrerParts`: a host of digits and dots only (or none) is the scan's.
      runEnd(i, i32.add(get(s), i32.const(3)), NUMERIC_SET, false),
      failIf(i32.ge_u(get(i), get(h)), 3),
      store('referrerStart', get(r)),
      store('schemeEnd', get(s)),
      store('hostEnd', get(h)),
      i32.const(2),
    ),
  );
  return { func: f, body };
}

function render(): string {
  const bytes = moduleBytes(PAGES, [lineFunction()], []);
  return [
    '// Generated by scripts/gen/log-simd.ts (`npm run gen`). Do not edit.',
    '/**',
    ' * The WebAssembly module of src/cli/lines/log-simd.ts: `line(p, delta, mode)` over a log line',
    ' * at byte p of its memory (what it checks and where it writes its result: scripts/gen/log-simd.ts).',
    ' */',
    '',
    `/** Where the walker's bytes go in its memory, the most it takes, and the "\\n" bytes written after them. */`,
    `export const LOG_SIMD_DATA = ${DATA};`,
    `export const LOG_SIMD_MAX = ${DATA_MAX};`,
    `export const LOG_SIMD_PAD = ${PAD};`,
    `/** Where its result is, and the index of each of its i32 words there. */`,
    `export const LOG_SIMD_OUT = ${OUT};`,
    `export const LOG_SIMD_WORDS = ${FIELDS.length};`,
    `export const LOG_SIMD_AT = { ${FIELDS.map((name, k) => `${name}: ${k}`).join(', ')} } as const;`,
    `/** The bits of \`line\`'s mode: a combined log; the client's end and the user agent's closing quote too. */`,
    `export const LOG_SIMD_COMBINED = ${MODE_COMBINED};`,
    `export const LOG_SIMD_FIELDS = ${MODE_FIELDS};`,
    '',
    `export const LOG_SIMD_CODE = new Uint8Array([`,
    ...byteRows(bytes),
    ']);',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate('src/cli/lines/log-simd-code.ts', render);

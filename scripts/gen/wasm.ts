/**
 * A WebAssembly binary writer for the generators: a module of functions over one memory, with
 * the instructions of the core and SIMD sets that urikit's generated code uses, written as nested
 * calls that read like the text format (`i32.add(local.get(x), i32.const(1))`), the sets of bytes
 * that SIMD code tests 16 at a time, and a module's bytes as a generated file holds them.
 */

/** Code: the bytes of a sequence of instructions. */
export type Code = readonly number[];

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (of a 32-bit integer). */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** Instructions one after another. */
export const seq = (...parts: Code[]): number[] => parts.flat();
const I32 = 0x7f;
const V128 = 0x7b;
const VOID = 0x40;
/** A memory access: alignment (log2) and a constant offset. */
const memarg = (align: number, offset: number): number[] => [...uleb(align), ...uleb(offset)];
const simd = (op: number): number[] => [0xfd, ...uleb(op)];

/** A local of a function: its index. */
export interface Local {
  readonly index: number;
}

export const local = {
  get: (l: Local): Code => [0x20, ...uleb(l.index)],
  set: (l: Local, value: Code): Code => seq(value, [0x21, ...uleb(l.index)]),
};

const binary =
  (op: number) =>
  (a: Code, b: Code): Code =>
    seq(a, b, [op]);
const unary =
  (op: number) =>
  (a: Code): Code =>
    seq(a, [op]);

export const i32 = {
  const: (n: number): Code => [0x41, ...sleb(n | 0)],
  load: (addr: Code, offset = 0): Code => seq(addr, [0x28, ...memarg(2, offset)]),
  load8_u: (addr: Code, offset = 0): Code => seq(addr, [0x2d, ...memarg(0, offset)]),
  store: (addr: Code, value: Code, offset = 0): Code => seq(addr, value, [0x36, ...memarg(2, offset)]),
  eqz: unary(0x45),
  eq: binary(0x46),
  ne: binary(0x47),
  lt_s: binary(0x48),
  lt_u: binary(0x49),
  gt_u: binary(0x4b),
  le_u: binary(0x4d),
  ge_u: binary(0x4f),
  ctz: unary(0x68),
  popcnt: unary(0x69),
  add: binary(0x6a),
  sub: binary(0x6b),
  and: binary(0x71),
  or: binary(0x72),
  shl: binary(0x74),
};

const vbinary =
  (op: number) =>
  (a: Code, b: Code): Code =>
    seq(a, b, simd(op));

export const v128 = {
  load: (addr: Code, offset = 0): Code => seq(addr, simd(0x00), memarg(0, offset)),
  store: (addr: Code, value: Code, offset = 0): Code => seq(addr, value, simd(0x0b), memarg(0, offset)),
  /** A constant of 16 bytes. */
  const: (bytes: readonly number[]): Code => {
    if (bytes.length !== 16) throw new Error('v128.const takes 16 bytes');
    return seq(
      simd(0x0c),
      bytes.map((b) => b & 0xff),
    );
  },
  /** Every byte `b`. */
  splat: (b: number): Code => v128.const(new Array<number>(16).fill(b)),
  and: vbinary(0x4e),
  andnot: vbinary(0x4f),
  or: vbinary(0x50),
  bitselect: (a: Code, b: Code, mask: Code): Code => seq(a, b, mask, simd(0x52)),
  any_true: (a: Code): Code => seq(a, simd(0x53)),
};

export const i8x16 = {
  swizzle: vbinary(0x0e),
  eq: vbinary(0x23),
  ne: vbinary(0x24),
  lt_u: vbinary(0x26),
  bitmask: (a: Code): Code => seq(a, simd(0x64)),
  shl: (a: Code, by: number): Code => seq(a, i32.const(by), simd(0x6b)),
  shr_u: (a: Code, by: number): Code => seq(a, i32.const(by), simd(0x6d)),
  sub: vbinary(0x71),
};

/**
 * Control: a block (br 0 leaves it), a loop (br 0 goes back to its start), if/else, return. A
 * branch's depth counts the enclosing blocks from the innermost, 0.
 */
export const control = {
  block: (...body: Code[]): Code => seq([0x02, VOID], ...body, [0x0b]),
  loop: (...body: Code[]): Code => seq([0x03, VOID], ...body, [0x0b]),
  if: (cond: Code, then: Code[], otherwise?: Code[]): Code =>
    seq(cond, [0x04, VOID], ...then, ...(otherwise === undefined ? [] : [[0x05], ...otherwise]), [0x0b]),
  br: (depth: number): Code => [0x0c, ...uleb(depth)],
  br_if: (depth: number, cond: Code): Code => seq(cond, [0x0d, ...uleb(depth)]),
  return: (value: Code): Code => seq(value, [0x0f]),
};

/** A function of `params` i32 parameters returning an i32, with its locals declared as it asks for them. */
export class Func {
  private readonly i32Locals: number;
  private v128Count = 0;
  private i32Count = 0;
  private readonly extraI32: Local[] = [];
  private readonly extraV128: Local[] = [];
  constructor(
    readonly name: string,
    readonly params: number,
  ) {
    this.i32Locals = params;
  }
  /** The parameter `k`. */
  param(k: number): Local {
    return { index: k };
  }
  /** A new i32 local (zero at entry). */
  i32(): Local {
    const l = { index: -1 };
    this.extraI32.push(l);
    this.i32Count++;
    return l;
  }
  /** A new v128 local (zero at entry). */
  v128(): Local {
    const l = { index: -1 };
    this.extraV128.push(l);
    this.v128Count++;
    return l;
  }
  /**
   * The function's body bytes (locals declaration and code). Locals are numbered here, after
   * the parameters: the i32 ones, then the v128 ones; `build` gets them numbered.
   */
  body(build: () => Code): number[] {
    let k = this.i32Locals;
    for (const l of this.extraI32) (l as { index: number }).index = k++;
    for (const l of this.extraV128) (l as { index: number }).index = k++;
    const code = seq(build(), [0x0b]);
    const groups: number[][] = [];
    if (this.i32Count > 0) groups.push([...uleb(this.i32Count), I32]);
    if (this.v128Count > 0) groups.push([...uleb(this.v128Count), V128]);
    const bytes = seq(uleb(groups.length), ...groups, code);
    return [...uleb(bytes.length), ...bytes];
  }
}

const section = (id: number, content: number[]): number[] => [id, ...uleb(content.length), ...content];
const name = (s: string): number[] => {
  const b = [...Buffer.from(s, 'utf8')];
  return [...uleb(b.length), ...b];
};
const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];

/**
 * A module: one memory of `pages` pages exported as "memory", `funcs` (each of type
 * (i32 × params) -> i32, exported by name, with the body given), and data written at offsets.
 */
export function moduleBytes(
  pages: number,
  funcs: ReadonlyArray<{ func: Func; body: number[] }>,
  data: ReadonlyArray<{ offset: number; bytes: readonly number[] }>,
): Uint8Array {
  const arities = [...new Set(funcs.map((f) => f.func.params))];
  const types = arities.map((n) => [0x60, ...uleb(n), ...new Array<number>(n).fill(I32), 1, I32]);
  const out = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(funcs.map((f) => uleb(arities.indexOf(f.func.params))))),
    ...section(5, vector([[0x00, ...uleb(pages)]])),
    ...section(7, vector([[...name('memory'), 0x02, 0x00], ...funcs.map((f, k) => [...name(f.func.name), 0x00, ...uleb(k)])])),
    ...section(10, vector(funcs.map((f) => f.body))),
    ...section(11, vector(data.map((d) => [0x00, ...i32.const(d.offset), 0x0b, ...uleb(d.bytes.length), ...d.bytes]))),
  ];
  return Uint8Array.from(out);
}

/** Tables of a nibble lookup: a byte b is in the set when `hi[b >> 4] & lo[b & 15]` is not 0. */
export interface Nibbles {
  readonly hi: readonly number[];
  readonly lo: readonly number[];
}

/**
 * A set of bytes as a nibble lookup, each high nibble a bit of its own. Throws unless that is the
 * set exactly, on all 256 bytes.
 */
export function nibbles(set: ReadonlySet<number>): Nibbles {
  const range = (n: number): number[] => Array.from({ length: n }, (_, k) => k);
  const rows = [...new Set([...set].map((b) => b >> 4))].sort((a, b) => a - b);
  if (rows.length > 8) throw new Error('more than eight high nibbles');
  const hi = range(16).map((h) => (rows.includes(h) ? 1 << rows.indexOf(h) : 0));
  const lo = range(16).map((l) => rows.reduce((m, h, k) => (set.has((h << 4) | l) ? m | (1 << k) : m), 0));
  for (let b = 0; b < 256; b++) if (((hi[b >> 4]! & lo[b & 15]!) !== 0) !== set.has(b)) throw new Error(`nibble tables wrong at ${b}`);
  return { hi, lo };
}

/** The lanes of v in the set of `tables`: not 0 there, 0 elsewhere. */
export function nibbleLookup(v: Code, tables: Nibbles): Code {
  return v128.and(
    i8x16.swizzle(v128.const(tables.hi), i8x16.shr_u(v, 4)),
    i8x16.swizzle(v128.const(tables.lo), v128.and(v, v128.splat(15))),
  );
}

/** HEXDIG by arithmetic on each lane: 0xff where v is a digit or a letter A-F in either case, else 0. */
export function hexLanes(v: Code): Code {
  return v128.or(
    i8x16.lt_u(i8x16.sub(v, v128.splat(0x30)), v128.splat(10)),
    i8x16.lt_u(i8x16.sub(v128.or(v, v128.splat(0x20)), v128.splat(0x61)), v128.splat(6)),
  );
}
/** The same test on a byte, as the generators check it against the tables. */
export const isHex = (b: number): boolean => ((b - 0x30) & 0xff) < 10 || (((b | 0x20) - 0x61) & 0xff) < 6;

/** A module's bytes as the rows of a generated file's array literal, 32 a row. */
export function byteRows(bytes: Uint8Array): string[] {
  const rows: string[] = [];
  for (let k = 0; k < bytes.length; k += 32) rows.push(`  ${[...bytes.subarray(k, k + 32)].join(', ')},`);
  return rows;
}

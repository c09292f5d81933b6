/**
 * RFC 6570 §3: expansion of a compiled program, and partial expansion (what is known expanded,
 * the rest kept as expressions). One string is built per call; a value that needs no encoding is
 * copied as it is.
 */
import { encodeReserved, encodeUnreserved } from './encode.js';
import { templateError } from './error.js';
import { ALLOW_UR, FIRST, IFEMP, NAMED, OP_CHAR, Op, type Program, SEP } from './syntax.js';

/** A string, number, boolean or bigint (written as `String()` writes it); null and undefined are undefined. */
export type TemplateScalar = string | number | boolean | bigint | null | undefined;

/**
 * A variable's value (§2.3): a scalar, a list, or an associative array (a plain object or a
 * `Map`, in its iteration order). `null`, `undefined`, `[]`, `{}` and composites whose members
 * are all null or undefined are undefined; null and undefined members are skipped.
 */
export type TemplateValue =
  | TemplateScalar
  | readonly TemplateScalar[]
  | { readonly [key: string]: TemplateScalar }
  | ReadonlyMap<string, TemplateScalar>;

/** The variables of an expansion: a plain object (own properties only) or a `Map`. */
export type TemplateVariables = { readonly [name: string]: TemplateValue } | ReadonlyMap<string, TemplateValue>;

enum Kind {
  UNDEFINED = 0,
  STRING = 1,
  LIST = 2,
  ASSOC = 3,
  INVALID = 4,
}

/** The value of `name`: own properties only, so "constructor" or "__proto__" are never inherited. */
export function lookup(vars: TemplateVariables, name: string): unknown {
  if (vars instanceof Map) return vars.get(name);
  return Object.hasOwn(vars, name) ? (vars as { readonly [name: string]: unknown })[name] : undefined;
}

function isScalar(v: unknown): boolean {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'bigint';
}

function kindOf(v: unknown): Kind {
  if (v === undefined || v === null) return Kind.UNDEFINED;
  if (isScalar(v)) return Kind.STRING;
  if (typeof v !== 'object') return Kind.INVALID;
  if (Array.isArray(v)) {
    for (const m of v) if (m !== undefined && m !== null) return Kind.LIST;
    return Kind.UNDEFINED;
  }
  if (v instanceof Map) {
    for (const m of v.values()) if (m !== undefined && m !== null) return Kind.ASSOC;
    return Kind.UNDEFINED;
  }
  for (const k of Object.keys(v)) {
    const m = (v as Record<string, unknown>)[k];
    if (m !== undefined && m !== null) return Kind.ASSOC;
  }
  return Kind.UNDEFINED;
}

/** The first `max` code points of s (all of it when max is 0). */
function truncate(s: string, max: number): string {
  if (max === 0 || max >= s.length) return s;
  let i = 0;
  for (let k = 0; k < max && i < s.length; k++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return s.slice(0, i);
}

/** Expands the whole program. */
export function expandProgram(p: Program, vars: TemplateVariables): string {
  const lits = p.literals;
  let out = lits[0]!;
  const count = p.ops.length;
  for (let e = 0; e < count; e++) {
    const op = p.ops[e]! as Op;
    out += expandSpecs(p, op, p.firstSpec[e]!, p.firstSpec[e + 1]!, null, vars, FIRST[op]);
    out += lits[e + 1]!;
  }
  return out;
}

/**
 * The expansion of varspecs from..to-1 of one expression with operator `op` (only those in
 * `only` when given), `first` written before the first defined one (§3.2, Appendix A).
 */
function expandSpecs(
  p: Program,
  op: Op,
  from: number,
  to: number,
  only: readonly number[] | null,
  vars: TemplateVariables,
  first: string,
): string {
  let out = '';
  let defined = false;
  const count = only === null ? to - from : only.length;
  for (let j = 0; j < count; j++) {
    const k = only === null ? from + j : only[j]!;
    const name = p.names[k]!;
    const v = lookup(vars, name);
    const kind = kindOf(v);
    if (kind === Kind.UNDEFINED) continue;
    out += defined ? SEP[op] : first;
    defined = true;
    out += item(p, op, k, v, kind);
  }
  return out;
}

/** One defined variable's part of an expansion (Appendix A, after "first" or "sep"). */
function item(p: Program, op: Op, k: number, v: unknown, kind: Kind): string {
  const name = p.names[k]!;
  const named = NAMED[op];
  const ur = ALLOW_UR[op];
  if (kind === Kind.STRING) {
    const s = truncate(typeof v === 'string' ? v : String(v), p.prefix[k]!);
    const enc =
      (ur ? encodeReserved(s) : encodeUnreserved(s)) ?? invalid(p, k, 'its string holds a lone surrogate, which has no UTF-8 form');
    if (!named) return enc;
    return enc === '' ? name + IFEMP[op] : `${name}=${enc}`;
  }
  if (kind === Kind.INVALID) invalid(p, k, `a ${typeof v} is no string, number, boolean, list or associative array`);
  if (p.prefix[k] !== 0) {
    throw templateError(
      'PREFIX_ON_COMPOSITE',
      p.specAt[k]! + name.length,
      p.source,
      'Prefix modifier on a composite value',
      `: ${name} is ${kind === Kind.LIST ? 'a list' : 'an associative array'}, and a prefix applies to strings only (RFC 6570 §2.4.1)`,
    );
  }
  const explode = p.explode[k] === 1;
  const member = (m: unknown): string => {
    if (!isScalar(m)) invalid(p, k, `a member that is a ${m === null ? 'null' : typeof m} is no string or number`);
    const text = typeof m === 'string' ? m : String(m);
    return (ur ? encodeReserved(text) : encodeUnreserved(text)) ?? invalid(p, k, 'a member holds a lone surrogate');
  };
  const parts: string[] = [];
  if (kind === Kind.LIST) {
    for (const m of v as readonly unknown[]) {
      if (m === undefined || m === null) continue;
      const enc = member(m);
      parts.push(!(explode && named) ? enc : enc === '' ? name + IFEMP[op] : `${name}=${enc}`);
    }
  } else {
    const pairs = v instanceof Map ? v.entries() : Object.entries(v as object)[Symbol.iterator]();
    for (const [key, m] of pairs as Iterable<[unknown, unknown]>) {
      if (m === undefined || m === null) continue;
      const ek = member(key);
      const enc = member(m);
      // §3.2.1: an exploded pair is name=value, or only the name for an empty value outside "?" and "&".
      parts.push(!explode ? `${ek},${enc}` : enc === '' ? ek + IFEMP[op] : `${ek}=${enc}`);
    }
  }
  const out = parts.join(explode ? SEP[op] : ',');
  if (explode || !named) return out;
  return out === '' ? name + IFEMP[op] : `${name}=${out}`;
}

function invalid(p: Program, k: number, why: string): never {
  throw templateError('INVALID_VALUE', p.specAt[k]!, p.source, 'Invalid value', `: the value of ${p.names[k]} cannot be expanded: ${why}`);
}

/** The text of an expression with operator op and the given varspecs. */
function expressionText(p: Program, op: Op, specs: readonly number[]): string {
  if (specs.length === 0) return '';
  const parts = specs.map((k) => p.names[k]! + (p.prefix[k] !== 0 ? `:${p.prefix[k]}` : p.explode[k] === 1 ? '*' : ''));
  return `{${OP_CHAR[op]}${parts.join(',')}}`;
}

/**
 * Partial expansion: each expression's known variables are expanded where the template syntax
 * can say the same thing with the rest kept as expressions; where it cannot (a known variable
 * after an unknown one in a `{…}`, `{+…}`, `{#…}` or `{?…}` expression, whose separator depends
 * on whether the unknown one will be defined) the expression stays whole and the known values
 * are returned in `bound`, to be used when the result is expanded. A variable is known when
 * `vars` gives it a value other than `undefined` (`null` is known to be undefined).
 */
export function partialExpandProgram(p: Program, vars: TemplateVariables): { text: string; bound: Map<string, TemplateValue> } {
  const bound = new Map<string, TemplateValue>();
  let text = '';
  const src = p.source;
  const count = p.ops.length;
  for (let e = 0; e < count; e++) {
    text += src.slice(e === 0 ? 0 : p.close[e - 1], p.open[e]);
    const op = p.ops[e]! as Op;
    const specs: number[] = [];
    const known: boolean[] = [];
    for (let k = p.firstSpec[e]!; k < p.firstSpec[e + 1]!; k++) {
      const v = lookup(vars, p.names[k]!);
      if (v === undefined) {
        specs.push(k);
        known.push(false);
      } else if (kindOf(v) !== Kind.UNDEFINED) {
        specs.push(k);
        known.push(true);
      }
    }
    if (!known.includes(true)) {
      text += expressionText(p, op, specs);
      continue;
    }
    if (!known.includes(false)) {
      text += expandSpecs(p, op, 0, 0, specs, vars, FIRST[op]);
      continue;
    }
    // Mixed. Where "first" equals "sep", each variable's part stands alone.
    const alone = FIRST[op] === SEP[op];
    let at = 0;
    if (op === Op.QUERY && known[0]) {
      // The leading known ones as a "?" expression; every later part begins with "&".
      while (known[at]) at++;
      text += expandSpecs(p, op, 0, 0, specs.slice(0, at), vars, FIRST[op]);
    } else if (!alone) {
      text += expressionText(p, op, specs);
      for (let j = 0; j < specs.length; j++)
        if (known[j]) bound.set(p.names[specs[j]!]!, lookup(vars, p.names[specs[j]!]!) as TemplateValue);
      continue;
    }
    const restOp = op === Op.QUERY ? Op.CONTINUATION : op;
    while (at < specs.length) {
      const from = at;
      while (at < specs.length && known[at] === known[from]) at++;
      const group = specs.slice(from, at);
      text += known[from] ? expandSpecs(p, restOp, 0, 0, group, vars, SEP[restOp]) : expressionText(p, restOp, group);
    }
  }
  text += src.slice(count === 0 ? 0 : p.close[count - 1]);
  return { text, bound };
}

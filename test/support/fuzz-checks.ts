/**
 * The fuzzer's checks, each a function of one or two inputs that returns a finding (a sentence
 * naming the input, the option set and what went wrong) or undefined: scan against the reference
 * validator, the entry points against each other, normalize's and resolve's invariants. The
 * fuzzer (scripts/fuzz.ts) runs them for a bounded time on fresh seeds; test/hostile.slow.test.ts runs
 * them with fixed seeds, so that a finding and a failing test read alike.
 */
import {
  ErrorCode,
  equivalent,
  Flag,
  isValid,
  normalize,
  OFFSETS_LENGTH,
  type ParseOptions,
  parse,
  relativize,
  resolve,
  Slot,
  scan,
  scanBytes,
  tryParse,
  UriError,
} from '../../src/index.js';
import { referenceParse } from './reference-validator.js';

const CODE_NAMES = Object.keys(ErrorCode) as Array<keyof typeof ErrorCode>;

/** The option sets every input goes through (lenient ones have no reference). */
export const OPTION_SETS: readonly ParseOptions[] = [
  {},
  { lenient: true },
  { iri: true },
  { zoneId: true },
  { absolute: true },
  { iri: true, zoneId: true },
  { lenient: true, iri: true },
  { lenient: true, zoneId: true },
  { lenient: true, absolute: true },
  { lenient: true, iri: true, zoneId: true },
];
const REFERENCE_SETS = OPTION_SETS.filter((o) => o.lenient !== true);

const show = (s: string): string => JSON.stringify(s);
const label = (o: ParseOptions | undefined): string => (o === undefined || Object.keys(o).length === 0 ? 'strict' : JSON.stringify(o));

/** Runs f; an exception other than UriError is a finding (returned as its description). */
function onlyUriError(what: string, f: () => void): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof UriError) return undefined;
    return `${what} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
  return undefined;
}

/** What noThrow returns when f threw: the finding's text. */
class Thrown {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Runs f; any exception is a finding. */
function noThrow<T>(what: string, f: () => T): T | Thrown {
  try {
    return f();
  } catch (e) {
    return new Thrown(`${what} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
}
const isFinding = (x: unknown): x is Thrown => x instanceof Thrown;

// =============================================================================================
// reference: scan against the independent checker.

const recA = new Uint32Array(OFFSETS_LENGTH);
const recB = new Uint32Array(OFFSETS_LENGTH);

/** The components urikit finds, in the reference's shape. */
/** The components of `input` as `tryParse` reads them, or null when it rejects it. */
export function urikitComponents(input: string, options?: ParseOptions) {
  const u = tryParse(input, options);
  if (u === null) return null;
  return {
    scheme: u.scheme,
    userinfo: u.userinfo,
    host: u.host,
    hostType: u.hostType,
    port: u.port,
    path: u.path,
    query: u.query,
    fragment: u.fragment,
  };
}

/** A finding when scan and the reference disagree on `input` under `options` (no lenient). */
export function checkReference(input: string, options: ParseOptions): string | undefined {
  const ref = referenceParse(input, options);
  const mine = noThrow('tryParse', () => urikitComponents(input, options));
  if (isFinding(mine)) return `${label(options)} ${show(input)}: ${mine}`;
  if (ref.ok !== (mine !== null)) {
    const code = scan(input, recA, options);
    return `${label(options)} ${show(input)}: reference ${ref.ok ? 'accepts' : 'rejects'}, urikit ${mine === null ? `rejects (${CODE_NAMES[code]} at ${recA[Slot.ERROR_INDEX]})` : 'accepts'}`;
  }
  if (!ref.ok || mine === null) return undefined;
  for (const k of ['scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment'] as const) {
    if (ref[k] !== mine[k])
      return `${label(options)} ${show(input)}: ${k} is ${show(String(mine[k]))} in urikit, ${show(String(ref[k]))} in the reference`;
  }
  return undefined;
}

/** checkReference for every option set that has a reference. */
export function checkReferenceAll(input: string): string | undefined {
  for (const o of REFERENCE_SETS) {
    const f = checkReference(input, o);
    if (f !== undefined) return f;
  }
  return undefined;
}

// =============================================================================================
// agreement: the entry points, the option sets, strings and bytes.

const encoder = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** s with every lone surrogate replaced by U+FFFD, as UTF-8 encoding does. */
export function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, '\uFFFD');
}

/** byteToUnit[b] = the UTF-16 index of the character that starts at byte b of w's UTF-8 (-1 inside one). */
function byteOffsets(w: string): Int32Array {
  const map = new Int32Array(encoder.encode(w).length + 1).fill(-1);
  let b = 0;
  for (let i = 0; i < w.length; i++) {
    map[b] = i;
    const c = w.charCodeAt(i);
    if (c < 0x80) b += 1;
    else if (c < 0x800) b += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      b += 4;
      i++;
    } else b += 3;
  }
  map[b] = w.length;
  return map;
}

/** The slots of a record that hold positions in the input (an absent component's are 0). */
export const POSITION_SLOTS: readonly number[] = [
  Slot.SCHEME_END,
  Slot.AUTHORITY_START,
  Slot.USERINFO_END,
  Slot.HOST_START,
  Slot.HOST_END,
  Slot.PORT_START,
  Slot.PATH_START,
  Slot.PATH_END,
  Slot.QUERY_START,
  Slot.QUERY_END,
  Slot.FRAGMENT_START,
];

const OFFSET_SLOTS = [...POSITION_SLOTS, Slot.LENGTH, Slot.WARNING_INDEX];

/** A finding when the entry points disagree for `input` under `options`. */
export function checkAgreementWith(input: string, options: ParseOptions): string | undefined {
  const where = `${label(options)} ${show(input)}`;
  const code = noThrow('scan', () => scan(input, recA, options));
  if (isFinding(code)) return `${where}: ${code}`;
  const errorIndex = recA[Slot.ERROR_INDEX]!;
  const valid = noThrow('isValid', () => isValid(input, options));
  if (isFinding(valid)) return `${where}: ${valid}`;
  const u = noThrow('tryParse', () => tryParse(input, options));
  if (isFinding(u)) return `${where}: ${u}`;
  if (valid !== (code === 0) || (u !== null) !== (code === 0))
    return `${where}: scan ${code}, isValid ${valid}, tryParse ${u === null ? 'null' : 'a Uri'}`;
  let thrown: unknown = null;
  let parsed = null;
  try {
    parsed = parse(input, options);
  } catch (e) {
    thrown = e;
  }
  if (code !== 0) {
    if (!(thrown instanceof UriError))
      return `${where}: parse ${thrown === null ? 'returned' : `threw ${String(thrown)}`} where scan failed`;
    if (thrown.code !== CODE_NAMES[code] || thrown.index !== errorIndex)
      return `${where}: parse threw ${thrown.code} at ${thrown.index}, scan ${CODE_NAMES[code]} at ${errorIndex}`;
  } else {
    if (parsed === null) return `${where}: parse threw ${String(thrown)} where scan succeeded`;
    if (parsed.href !== input) return `${where}: href differs`;
    // Every getter of the view works on whatever the options let through (decoding never throws).
    const p = parsed;
    const getters = noThrow('a Uri getter', () => [
      p.toJSON(),
      p.authority,
      p.portNumber,
      p.schemeSpecificPart,
      p.isAbsolute,
      p.isOpaque,
      p.warnings,
      p.warningIndex,
      p.decodedPath,
      p.decodedUserinfo,
      p.decodedHost,
      p.decodedQuery,
      p.decodedFragment,
    ]);
    if (isFinding(getters)) return `${where}: ${getters}`;
    const own = parsed.writeOffsets(recB);
    for (let k = 0; k < OFFSETS_LENGTH; k++)
      if (own[k] !== recA[k]) return `${where}: parse's offsets record differs from scan's at slot ${k}`;
  }

  // The UTF-8 bytes. A lone surrogate has no UTF-8 form: the bytes are those of U+FFFD, which
  // every mode treats as it treats a lone surrogate (neither is ucschar), so the string with
  // U+FFFD in its place must get the same answer as the input.
  const w = wellFormed(input);
  if (w !== input) {
    const cw = scan(w, recB, options);
    if (cw !== code) return `${where}: ${CODE_NAMES[code]} for the input, ${CODE_NAMES[cw]} with U+FFFD for its lone surrogates`;
    if (cw !== 0 && recB[Slot.ERROR_INDEX] !== errorIndex)
      return `${where}: error index ${errorIndex}, ${recB[Slot.ERROR_INDEX]} with U+FFFD for its lone surrogates`;
    scan(w, recA, options);
  }
  const bytes = encoder.encode(w);
  const cb = noThrow('scanBytes', () => scanBytes(bytes, 0, bytes.length, recB, options));
  if (isFinding(cb)) return `${where}: ${cb}`;
  if (cb !== code)
    return `${where}: scan ${CODE_NAMES[code]}, scanBytes on the UTF-8 bytes ${CODE_NAMES[cb]}${cb !== 0 ? ` at byte ${recB[Slot.ERROR_INDEX]}` : ''}`;
  const map = byteOffsets(w);
  if (code !== 0) {
    const at = map[recB[Slot.ERROR_INDEX]!];
    if (at !== recA[Slot.ERROR_INDEX])
      return `${where}: error at ${recA[Slot.ERROR_INDEX]} in the string, at byte ${recB[Slot.ERROR_INDEX]} (character ${at}) in the bytes`;
    return undefined;
  }
  if (recA[Slot.FLAGS] !== recB[Slot.FLAGS]) return `${where}: flags ${recA[Slot.FLAGS]} for the string, ${recB[Slot.FLAGS]} for the bytes`;
  for (const k of OFFSET_SLOTS) {
    if (k === Slot.WARNING_INDEX && recA[Slot.WARNING_INDEX] === 0 && recB[Slot.WARNING_INDEX] === 0) continue;
    if (map[recB[k]!] !== recA[k])
      return `${where}: slot ${k} is ${recA[k]} in the string, byte ${recB[k]} (character ${map[recB[k]!]}) in the bytes`;
  }
  return undefined;
}

/** checkAgreementWith for every option set. */
export function checkAgreement(input: string): string | undefined {
  for (const o of OPTION_SETS) {
    const f = checkAgreementWith(input, o);
    if (f !== undefined) return f;
  }
  return undefined;
}

// =============================================================================================
// normalize.

const recN = new Uint32Array(OFFSETS_LENGTH);

/**
 * The input with its scheme and host in lower case (ASCII letters only), per the scan record.
 * An IPv6 zone identifier (RFC 6874) is left alone: zone names are case-sensitive.
 */
function lowerSchemeAndHost(s: string, o: ParseOptions): string {
  if (scan(s, recN, o) !== 0) return s;
  const f = recN[Slot.FLAGS]!;
  let out = s;
  const lowerRange = (t: string, a: number, b: number): string =>
    t.slice(0, a) + t.slice(a, b).replace(/[A-Z]+/g, (m) => m.toLowerCase()) + t.slice(b);
  if ((f & Flag.AUTHORITY) !== 0) {
    const start = recN[Slot.HOST_START]!;
    let end = recN[Slot.HOST_END]!;
    const zone = s.indexOf('%', start);
    if ((f & Flag.HOST_IPV6) !== 0 && zone !== -1 && zone < end) end = zone;
    out = lowerRange(out, start, end);
  }
  if ((f & Flag.SCHEME) !== 0) out = lowerRange(out, 0, recN[Slot.SCHEME_END]!);
  return out;
}

/** The input with the hex digits of every %XX in upper case (a lone "%" is left alone). */
function upperHex(s: string): string {
  return s.replace(/%[0-9A-Fa-f]{2}/g, (m) => m.toUpperCase());
}

/** A finding when normalize misbehaves on `input` under `options` (which it must be valid under). */
export function checkNormalizeWith(input: string, options: ParseOptions): string | undefined {
  const where = `${label(options)} ${show(input)}`;
  const u = tryParse(input, options);
  if (u === null) return undefined;
  const n = noThrow('normalize', () => normalize(input, options));
  if (isFinding(n)) return `${where}: ${n}`;
  const nu = tryParse(n, options);
  if (nu === null) return `${where}: normalize gives ${show(n)}, which does not parse`;
  const again = noThrow('normalize', () => normalize(n, options));
  if (again !== n) return `${where}: normalize gives ${show(n)}, then ${show(String(again))} (not idempotent)`;
  const strictFinding = checkLenientNormalForm(where, n, options);
  if (strictFinding !== undefined) return strictFinding;
  if (!equivalent(input, n, options)) return `${where}: not equivalent to its normal form ${show(n)}`;
  // Which components are present does not change (an http(s) empty path becomes "/").
  for (const k of ['scheme', 'authority', 'query', 'fragment'] as const) {
    if ((u[k] === undefined) !== (nu[k] === undefined))
      return `${where}: ${k} is ${u[k] === undefined ? 'absent' : 'present'} in the input, not in the normal form ${show(n)}`;
  }
  if (u.scheme !== undefined && nu.scheme !== u.scheme.toLowerCase())
    return `${where}: scheme ${show(String(nu.scheme))} in the normal form ${show(n)}`;
  // IP literals keep their type; a reg-name may become an IPv4address (%31 is "1").
  if (u.hostType !== nu.hostType && !(u.hostType === 'reg-name' && nu.hostType === 'ipv4'))
    return `${where}: host type ${u.hostType}, ${nu.hostType} in the normal form ${show(n)}`;
  // Equivalent spellings have the same normal form (§6.2.2.1).
  for (const [what, variant] of [
    ['scheme and host in lower case', lowerSchemeAndHost(input, options)],
    ['%XX in upper case', upperHex(input)],
  ] as const) {
    if (variant === input) continue;
    const m = noThrow('normalize', () => normalize(variant, options));
    if (m !== n) return `${where}: normal form ${show(n)}, but ${show(String(m))} with ${what} (${show(variant)})`;
  }
  return undefined;
}

/** `options` without `lenient`: what the normal form of a lenient parse must be valid under. */
export function withoutLenient(options: ParseOptions): ParseOptions {
  const { lenient: _lenient, ...rest } = options;
  return rest;
}

/**
 * Under a lenient option set, the normal form `n` writes every tolerated character
 * percent-encoded: it must parse without lenient (and without a warning under lenient), and be its
 * own normal form without lenient too. Nothing to check for other option sets.
 */
function checkLenientNormalForm(where: string, n: string, options: ParseOptions): string | undefined {
  if (options.lenient !== true) return undefined;
  const strict = withoutLenient(options);
  if (tryParse(n, strict) === null) {
    const code = scan(n, recN, strict);
    return `${where}: normalize gives ${show(n)}, which is not valid under ${label(strict)} (${CODE_NAMES[code]} at ${recN[Slot.ERROR_INDEX]})`;
  }
  const warnings = tryParse(n, options)!.warnings;
  if (warnings.length > 0) return `${where}: normalize gives ${show(n)}, which still warns ${warnings.join(', ')}`;
  const again = noThrow('normalize', () => normalize(n, strict));
  if (again !== n) return `${where}: normalize gives ${show(n)}, then ${show(String(again))} under ${label(strict)} (not a fixed point)`;
  return undefined;
}

/**
 * The property of lenient normalization: for every input that parses under a lenient option set,
 * normalize(input, options) is valid without lenient (for { lenient: true }: a strict RFC 3986
 * URI-reference) and a fixed point of normalize both with and without lenient.
 */
export function checkLenientNormal(input: string): string | undefined {
  for (const o of OPTION_SETS) {
    if (o.lenient !== true || tryParse(input, o) === null) continue;
    const where = `${label(o)} ${show(input)}`;
    const n = noThrow('normalize', () => normalize(input, o));
    if (isFinding(n)) return `${where}: ${n}`;
    const again = noThrow('normalize', () => normalize(n, o));
    if (again !== n) return `${where}: normalize gives ${show(n)}, then ${show(String(again))} (not idempotent)`;
    const f = checkLenientNormalForm(where, n, o);
    if (f !== undefined) return f;
  }
  return undefined;
}

/** checkNormalizeWith for every option set. */
export function checkNormalize(input: string): string | undefined {
  for (const o of OPTION_SETS) {
    const f = checkNormalizeWith(input, o);
    if (f !== undefined) return f;
  }
  return undefined;
}

// =============================================================================================
// resolve (and relativize).

const RESOLVE_SETS: ReadonlyArray<ParseOptions & { strict?: boolean; rfc2396?: boolean }> = [
  {},
  { strict: false },
  { rfc2396: true },
  { lenient: true },
  { iri: true },
  { lenient: true, iri: true },
];

/** A finding when resolve or relativize misbehaves for this base and reference. */
export function checkResolve(base: string, ref: string): string | undefined {
  for (const o of RESOLVE_SETS) {
    const where = `resolve(${show(base)}, ${show(ref)}, ${JSON.stringify(o)})`;
    // parse knows the parse options alone: strict and rfc2396 are resolve's.
    const { strict: _strict, rfc2396: _rfc2396, ...parseOptions } = o;
    let t: string;
    try {
      t = resolve(base, ref, o);
    } catch (e) {
      if (!(e instanceof UriError)) return `${where} threw ${String(e)}`;
      // Rejection is right only when an input is invalid, or the base has no scheme.
      const b = tryParse(base, parseOptions);
      if (b !== null && b.scheme !== undefined && tryParse(ref, parseOptions) !== null) return `${where} threw ${e.code} for valid inputs`;
      continue;
    }
    const tu = tryParse(t, parseOptions);
    if (tu === null) return `${where} = ${show(t)}, which does not parse`;
    if (o.rfc2396 === true) continue;
    if (tu.scheme === undefined) return `${where} = ${show(t)} has no scheme`;
    // Non-strict resolution (§5.2.2) reads a target's own scheme as absent again: "http:a/"
    // against "http:a/" is "http:a/a/". Only strict resolution is stable.
    if (o.strict === false) continue;
    const t2 = resolve(base, t, o);
    const t3 = resolve(base, t2, o);
    if (t3 !== t2) return `${where} = ${show(t)}; resolving again gives ${show(t2)}, then ${show(t3)}`;
  }
  return onlyUriError(`relativize(${show(base)}, ${show(ref)})`, () => relativize(base, ref));
}

// =============================================================================================
// Known src bugs: found by the fuzzer, reported, not fixed yet. A finding that one of these
// explains is counted as "known" and does not stop the fuzzer or fail it (unless
// --fail-on-known); test/hostile.slow.test.ts checks that each one still reproduces, and fails once it
// is fixed, so that its entry here is removed and the properties check that ground again.

export interface KnownBug {
  id: string;
  summary: string;
  /** True when this finding (its target, inputs and message) is this bug. */
  matches(target: string, inputs: readonly string[], message: string): boolean;
}

export const KNOWN_SRC_BUGS: readonly KnownBug[] = [];

export function knownBug(target: string, inputs: readonly string[], message: string): KnownBug | undefined {
  return KNOWN_SRC_BUGS.find((b) => b.matches(target, inputs, message));
}

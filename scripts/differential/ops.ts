/**
 * What the result checks (resolve.ts, normalize.ts) share: answers reduced to a string, the
 * comparison, the explanation by classes, the report.
 *
 * Each result disagreement is explained by rewriting steps, one per class recorded in
 * test/fixtures/divergences-uriparser.json (each check's classes, applied in their order; the "//"
 * repairs come first, since they turn an oracle string that reads as having an authority back
 * into the path it stands for): each step removes exactly one documented difference from the
 * pair of results, only where its shape is there, and the disagreement is explained when the two
 * strings are then equal. A disagreement can need several classes (an http URI with an IPv6
 * literal and a default port); each class it needed is counted. Accept/reject disagreements are
 * explained by predicates (`test`).
 */
import { UriError } from '../../src/index.js';
import { urikitComponents } from '../../test/support/fuzz-checks.js';
import { expandIPv6, type RecordedClass } from './oracle.js';

export type OpName = 'resolve' | 'resolve-rfc2396' | 'normalize';
export type OracleName = 'uriparser' | 'java';

/** An answer reduced to a string or an error. */
export type OpAnswer = { ok: true; value: string } | { ok: false; error: string; oracleError?: true };

export interface OpInput {
  source: 'edge' | 'abnf' | 'corpus';
  /** The reference (resolve) or the input (normalize). */
  input: string;
  base?: string;
}

export interface OpDisagreement {
  op: OpName;
  oracle: OracleName;
  source: OpInput['source'];
  base?: string;
  input: string;
  /** "result", "urikit-rejects", "oracle-rejects" or "oracle-error". */
  category: string;
  urikit: OpAnswer;
  oracleAnswer: OpAnswer;
  oracleRaw: unknown;
  /** urikit's result as it wrote it, where `urikit` holds it with uriparser's full-form IPv6 literal. */
  urikitAsWritten?: string;
  /** The classes that explain it (empty: unexplained). */
  classes: string[];
}

/** Components of a valid URI-reference (absent: undefined), for the rewriting steps. */
export interface Parts {
  scheme: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  hostType: string | undefined;
  port: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/** The components of `s`, or null when it is no URI-reference. */
export function parts(s: string): Parts | null {
  return urikitComponents(s);
}

/** §5.3 recomposition of `parts`. */
export function unparts(p: Parts): string {
  let s = p.scheme !== undefined ? `${p.scheme}:` : '';
  if (p.host !== undefined) {
    s += '//';
    if (p.userinfo !== undefined) s += `${p.userinfo}@`;
    s += p.host;
    if (p.port !== undefined) s += `:${p.port}`;
  }
  // Without an authority a path may not begin with "//" (§3.3): "/." keeps its meaning, as urikit writes it.
  s += p.host === undefined && p.path.startsWith('//') ? `/.${p.path}` : p.path;
  if (p.query !== undefined) s += `?${p.query}`;
  if (p.fragment !== undefined) s += `#${p.fragment}`;
  return s;
}

/** Default ports of urikit's §6.2.3 table, by lower-case scheme. */
/** A rewriting step: the pair (urikit, oracle) with one difference removed, or null. */
export type Step = (d: OpDisagreement, k: string, o: string) => [string, string] | null;

export interface OpClass {
  op: OpName;
  /** For "result" disagreements. */
  step?: Step;
  /** For accept/reject disagreements. */
  test?: (d: OpDisagreement) => boolean;
}

// --- the steps, shared by the ops where the same difference shows -----------------------------

/**
 * The path as the RFC algorithms built it: without an authority urikit writes a path that begins
 * with "//" as "/.//" (a path may not begin with "//" there, §3.3), and `unparts` does the same.
 */
export function logicalPath(p: Parts): string {
  return p.host === undefined && p.path.startsWith('/.//') ? p.path.slice(2) : p.path;
}

/**
 * uriparser writes an IPv6 literal in full 8-group form (see "uriparser-ipv6-recomposed"); urikit's
 * result gets the same form when the oracle's host is exactly that form of urikit's host.
 */
export const ipv6FullForm: Step = (_d, k, o) => {
  const pk = parts(k);
  const po = parts(o);
  if (pk === null || po === null || pk.hostType !== 'ipv6' || pk.host === undefined) return null;
  const full = expandIPv6(pk.host.slice(1, -1));
  if (full === null || po.host !== `[${full}]`) return null;
  pk.host = po.host;
  return [unparts(pk), o];
};

/**
 * RFC 3986 §5.2.4 run on a rootless path ("a/../b") keeps the "/" that rule C leaves when the
 * first segment is removed ("/b"); uriparser works on its list of segments and keeps the path
 * rootless ("b", and "/g" for the segments "" and "g"). Holds when neither result has an
 * authority, urikit's path is "/" followed by uriparser's, and the path that went through
 * remove_dot_segments was rootless (the normalize input's path; for resolve a relative-path
 * reference merged with a rootless base path, or a reference with a scheme and a rootless path).
 */
export const rootlessDots: Step = (d, k, o) => {
  const pk = parts(k);
  const po = parts(o);
  if (pk === null || po === null || pk.host !== undefined || po.host !== undefined || pk.scheme === undefined) return null;
  const kl = logicalPath(pk);
  if (!kl.startsWith('/') || kl.slice(1) !== logicalPath(po) || !rootlessSource(d)) return null;
  po.path = kl;
  return [k, unparts(po)];
};

/** The path that went through remove_dot_segments was rootless (see rootlessDots). */
export function rootlessSource(d: OpDisagreement): boolean {
  const pi = parts(d.input);
  if (pi === null) return false;
  if (pi.scheme !== undefined) return pi.host === undefined && pi.path !== '' && !pi.path.startsWith('/');
  if (d.op === 'normalize') return false;
  const pb = d.base === undefined ? null : parts(d.base);
  return (
    pb !== null && pb.host === undefined && pi.host === undefined && pi.path !== '' && !pi.path.startsWith('/') && !pb.path.startsWith('/')
  );
}

/**
 * uriparser puts a "." segment in front of a result path whose first segment is empty, so that
 * it cannot read as an authority: "/./" for the path "/" without an authority, "/.//x" for "//x"
 * after an authority (where "//x" is a valid path-abempty, §3.3), ".//x" for a rootless "/x".
 * The RFC's result path has no dot-segment (§5.2.2: T.path = remove_dot_segments(...), §5.2.4;
 * §6.2.2.3). Removes that "." from uriparser's path.
 */
export const uriparserDotSegment: Step = (_d, k, o) => {
  const po = parts(o);
  if (po === null) return null;
  const q = po.path;
  let path: string;
  if (po.host !== undefined && q.startsWith('/.//')) path = q.slice(2);
  else if (po.host === undefined && q === '/./') path = '/';
  else if (po.host === undefined && q.startsWith('.//')) path = q.slice(2);
  else return null;
  po.path = path;
  return [k, unparts(po)];
};

/**
 * Without an authority a path may not begin with "//" (§3.3): where dot-segment removal leaves
 * "//x", urikit writes "/.//x" (the same path) and uriparser writes "//x", which reads back as the
 * authority "x". Holds when urikit's result has no authority and the oracle's string has "//"
 * right after the scheme (or at the start): rewrites it as "/.//".
 */
export const doubleSlashPath: Step = (_d, k, o) => {
  const pk = parts(k);
  if (pk === null || pk.host !== undefined) return null;
  const at = pk.scheme === undefined ? 0 : pk.scheme.length + 1;
  if (o.slice(0, at) !== k.slice(0, at) || !o.startsWith('//', at)) return null;
  return [k, `${o.slice(0, at)}/.${o.slice(at)}`];
};

/**
 * RFC 3986 §5.2.4 remove_dot_segments exactly as the RFC writes it (an input buffer and an output
 * buffer, rules A to E), independent of urikit's implementation, for the predicates.
 */
export function rfcRemoveDotSegments(path: string): string {
  let input = path;
  let output = '';
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../') || input === '/..') {
      input = `/${input.slice(input === '/..' ? 3 : 4)}`;
      const last = output.lastIndexOf('/');
      output = last < 0 ? '' : output.slice(0, last);
    } else if (input === '.' || input === '..') input = '';
    else {
      const end = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const seg = end < 0 ? input : input.slice(0, end);
      output += seg;
      input = input.slice(seg.length);
    }
  }
  return output;
}

/** `s` with the percent-encodings of unreserved characters decoded (§2.3, §6.2.2.2). */
export function decodeUnreserved(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (m, h: string) => {
    const c = String.fromCharCode(parseInt(h, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : m;
  });
}

/** The "//" of an empty authority (no userinfo, host or port), or null. */

// --- running an op -----------------------------------------------------------------------------

export function urikitOp(f: () => string): OpAnswer {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, error: e instanceof UriError ? e.code : String(e) };
  }
}

export function oracleOp(a: Record<string, unknown> | undefined): OpAnswer {
  if (a === undefined) return { ok: false, error: 'no answer from oracle', oracleError: true };
  if (typeof a.result === 'string') return { ok: true, value: a.result };
  const r: OpAnswer = { ok: false, error: typeof a.error === 'string' ? a.error : JSON.stringify(a) };
  if (a.oracleError === true || a.error === undefined) r.oracleError = true;
  return r;
}

export interface OpReport {
  title: string;
  op: OpName;
  total: number;
  bySource: Record<string, number>;
  /** Inputs not compared (java rejects an input), with the reason. */
  skipped: number;
  skipReason: string;
  agree: number;
  agreeDetail: string;
  disagreements: OpDisagreement[];
}

/** The disagreement between two answers (both failing is agreement), or null. */
export function compareOp(op: OpName, oracle: OracleName, x: OpInput, k: OpAnswer, o: OpAnswer, raw: unknown): OpDisagreement | null {
  let category: string;
  if (!o.ok && o.oracleError === true) category = 'oracle-error';
  else if (k.ok && o.ok) {
    if (k.value === o.value) return null;
    category = 'result';
  } else if (!k.ok && !o.ok) return null;
  else category = k.ok ? 'oracle-rejects' : 'urikit-rejects';
  const d: OpDisagreement = {
    op,
    oracle,
    source: x.source,
    input: x.input,
    category,
    urikit: k,
    oracleAnswer: o,
    oracleRaw: raw,
    classes: [],
  };
  if (x.base !== undefined) d.base = x.base;
  return d;
}

/**
 * Fills `d.classes` from `known` (recorded ones only): for an accept/reject disagreement the
 * first class whose test holds; for a result disagreement the steps, each applied where its
 * shape is there (two passes, since one step can uncover another's shape), and when that does
 * not end in equal strings, the smallest set of steps that does.
 */
export function explainOp(d: OpDisagreement, known: Readonly<Record<string, OpClass>>, recorded: ReadonlyMap<string, RecordedClass>): void {
  const classes = Object.entries(known).filter(([n, c]) => c.op === d.op && recorded.has(n));
  if (d.category !== 'result') {
    for (const [n, c] of classes) {
      if (c.test?.(d)) {
        d.classes = [n];
        return;
      }
    }
    return;
  }
  if (!d.urikit.ok || !d.oracleAnswer.ok) return;
  const steps = classes.filter(([, c]) => c.step !== undefined) as [string, Required<Pick<OpClass, 'step'>>][];
  const k0 = d.urikit.value;
  const o0 = d.oracleAnswer.value;
  let k = k0;
  let o = o0;
  const used: string[] = [];
  for (let pass = 0; pass < 2 && k !== o; pass++) {
    for (const [n, c] of steps) {
      if (k === o) break;
      const r = c.step(d, k, o);
      if (r === null || (r[0] === k && r[1] === o)) continue;
      [k, o] = r;
      if (!used.includes(n)) used.push(n);
    }
  }
  if (k === o) {
    d.classes = used;
    return;
  }
  // Every subset of the steps, smallest first, each step once in the classes' order.
  const masks = Array.from({ length: (1 << steps.length) - 1 }, (_, i) => i + 1).sort((a, b) => popcount(a) - popcount(b) || a - b);
  for (const m of masks) {
    k = k0;
    o = o0;
    let ok = true;
    for (let i = 0; i < steps.length && ok; i++) {
      if ((m & (1 << i)) === 0) continue;
      const r = steps[i]![1].step(d, k, o);
      if (r === null) ok = false;
      else [k, o] = r;
    }
    if (ok && k === o) {
      d.classes = steps.filter((_, i) => (m & (1 << i)) !== 0).map(([n]) => n);
      return;
    }
  }
}

export function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** uriparser answers a full-form IPv6 literal: urikit's result in that form, or null. */
export function ipv6FullFormOf(s: string): string | null {
  const p = parts(s);
  if (p === null || p.hostType !== 'ipv6' || p.host === undefined) return null;
  const full = expandIPv6(p.host.slice(1, -1));
  if (full === null) return null;
  p.host = `[${full}]`;
  return unparts(p);
}

/** Prints one op's totals; returns its number of unexplained disagreements. */
export function printOp(rep: OpReport, seed: number, recorded: ReadonlyMap<string, RecordedClass>): number {
  const lines: string[] = [];
  lines.push(`${rep.title} (op ${rep.op}, seed ${seed})`);
  lines.push(
    `total       ${rep.total}  (${Object.entries(rep.bySource)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')})`,
  );
  if (rep.skipReason !== '') lines.push(`skipped     ${rep.skipped}  (${rep.skipReason})`);
  lines.push(`agree       ${rep.agree}  (${rep.agreeDetail})`);
  lines.push(`disagree    ${rep.disagreements.length}`);
  const cats = new Map<string, number>();
  for (const d of rep.disagreements) cats.set(d.category, (cats.get(d.category) ?? 0) + 1);
  for (const [c, n] of [...cats].sort((a, b) => b[1] - a[1])) lines.push(`  ${c.padEnd(48)} ${n}`);
  const explained = rep.disagreements.filter((d) => d.classes.length > 0);
  lines.push(`explained   ${explained.length}`);
  const byClass = new Map<string, number>();
  const combos = new Map<string, number>();
  for (const d of explained) {
    for (const c of d.classes) byClass.set(c, (byClass.get(c) ?? 0) + 1);
    if (d.classes.length > 1) combos.set(d.classes.join(' + '), (combos.get(d.classes.join(' + ')) ?? 0) + 1);
  }
  for (const [c, n] of [...byClass].sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${c.padEnd(48)} ${n}${recorded.get(c)?.verdict === 'urikit-bug' ? '  (urikit bug, reported: see its record)' : ''}`);
  }
  if (combos.size > 0) {
    lines.push(`  of which needing several classes: ${[...combos.values()].reduce((a, b) => a + b, 0)}`);
    for (const [c, n] of [...combos].sort((a, b) => b[1] - a[1]).slice(0, 8)) lines.push(`    ${c}: ${n}`);
  }
  const unexplained = rep.disagreements.filter((d) => d.classes.length === 0);
  lines.push(`unexplained ${unexplained.length}`);
  const show = (a: OpAnswer): string => (a.ok ? JSON.stringify(a.value) : `error ${a.error}`);
  for (const d of unexplained.slice(0, 12)) {
    const what = d.base !== undefined ? `${JSON.stringify(d.base)} + ${JSON.stringify(d.input)}` : JSON.stringify(d.input);
    lines.push(`  ${what}  [${d.category}] urikit ${show(d.urikit)}, ${d.oracle} ${show(d.oracleAnswer)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return unexplained.length;
}

/** The op's line of the --op all summary. */
export function summaryLine(rep: OpReport): string {
  const ex = rep.disagreements.filter((d) => d.classes.length > 0).length;
  return `${rep.op.padEnd(16)} ${rep.total - rep.skipped} / ${rep.agree} / ${ex} / ${rep.disagreements.length - ex}${rep.skipped > 0 ? `  (${rep.skipped} skipped)` : ''}`;
}

/** The classes of `known`, by name, with their op (for `Check.classes`). */
export function classOps(known: Readonly<Record<string, OpClass>>): Map<string, string> {
  return new Map(Object.entries(known).map(([n, c]) => [n, c.op]));
}

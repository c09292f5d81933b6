/**
 * The resolve check (--op resolve): urikit `resolve(B, R)` (strict) against uriparser's
 * uriAddBaseUriExA(URI_RESOLVE_STRICTLY), and urikit `resolve(B, R, { rfc2396: true })` against
 * java.net.URI's `resolve` where java accepts both inputs (op "resolve-rfc2396").
 *
 * Pairs, generated deterministically from the seed (each distinct pair once):
 *   (edge) every FIXED_BASES entry (the RFC's "http://a/b/c/d;p?q", bases with and without an
 *       authority, query, fragment, empty / absolute / rootless paths, dot-segments, IP literals,
 *       an empty authority) with every REF_SHAPES entry (all of §5.4.1 and §5.4.2, and more of
 *       the same: empty components, "//", %2E spellings, a scheme with a relative part);
 *   (abnf) bases from the ABNF generator (absolute URIs of every hier-part form, with dot-segments
 *       and %2E segments, optional query and fragment), each with one to four references of any
 *       form: §5.4 shapes, relative-path / absolute-path / network-path references built from
 *       random segments (".", "..", %2E spellings, empty segments), runs of "../", ABNF
 *       relative-refs and URIs, references with a scheme and dot-segments;
 *   (corpus) pairs sampled from ../shared/corpus/relref_rustdoc_html_pairs.tsv and
 *       relref_local_html_pairs.tsv, half from each.
 * Each pair goes to uriparser as {"op":"resolve","base":B,"ref":R} and through urikit's
 * `resolve(B, R)` (strict); uriparser's full 8-group IPv6 literals are mapped first (urikit's
 * result is compared in that form when uriparser's host is that form of urikit's host). The same
 * pairs go to java.net.URI and through `resolve(B, R, { rfc2396: true })`; pairs where java
 * rejects the base or the reference (URISyntaxException) are skipped and counted by reason. Both
 * answering an error is agreement.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolve as resolveUri } from '../../src/index.js';
import { Rng } from '../../test/support/rng.js';
import type { Args, Check } from './check.js';
import { FIXED_BASES, OpGen, REF_SHAPES } from './op-gen.js';
import {
  classOps,
  compareOp,
  doubleSlashPath,
  explainOp,
  ipv6FullFormOf,
  type OpClass,
  type OpInput,
  type OpReport,
  oracleOp,
  parts,
  printOp,
  rootlessDots,
  type Step,
  summaryLine,
  urikitOp,
  uriparserDotSegment,
} from './ops.js';
import { REPO_ROOT, type RecordedClass, runOracle } from './oracle.js';

function emptyAuthorityAt(s: string): number | null {
  const m = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/(?=[/?#]|$)/.exec(s);
  return m === null ? null : m[0].length - 2;
}

/**
 * java.net.URI reads an empty authority as an absent one: a reference "///g" is the
 * absolute-path reference "/g", and a result with an empty authority ("file:///etc") is written
 * without its "//" ("file:/etc"). RFC 2396 §3.2 allows an empty authority (server =
 * [ [ userinfo "@" ] hostport ]) and §5.2 step 4 takes a reference's authority when it is
 * defined. Rewrites urikit's answer the java way: the reference without its empty authority
 * resolved again, then an empty authority of the result dropped.
 */
const javaEmptyAuthority: Step = (d, k, o) => {
  let r: string;
  if (d.base !== undefined && emptyAuthorityAt(d.input) === 0) {
    // java's reference: no authority, the path and the rest after "//".
    const rest = d.input.slice(2);
    const pb = parts(d.base);
    if (pb === null || pb.scheme === undefined) return null;
    if (rest.startsWith('/')) {
      // An absolute-path reference, taken as it is (RFC 2396 §5.2 step 5), with the base's
      // authority unless that one is empty too.
      const empty = pb.host === undefined || (pb.host === '' && pb.userinfo === undefined && pb.port === undefined);
      r =
        pb.scheme +
        ':' +
        (empty ? '' : `//${pb.userinfo !== undefined ? `${pb.userinfo}@` : ''}${pb.host}${pb.port !== undefined ? `:${pb.port}` : ''}`) +
        rest;
    } else {
      try {
        r = dropEmptyAuthority(urikitResolve(d.base, rest, true));
      } catch {
        return null;
      }
    }
  } else {
    r = dropEmptyAuthority(k);
  }
  return r === k ? null : [r, o];
};

/** `s` without the "//" of its authority when that authority is empty (no userinfo, host or port). */
function dropEmptyAuthority(s: string): string {
  const p = parts(s);
  if (p === null || p.host !== '' || p.userinfo !== undefined || p.port !== undefined) return s;
  const at = emptyAuthorityAt(s);
  return at === null ? s : s.slice(0, at) + s.slice(at + 2);
}

/**
 * One entry per class recorded in test/fixtures/divergences-uriparser.json with the op "resolve"
 * or "resolve-rfc2396" (same "class" names). Steps run in this order.
 */
const CLASSES: Record<string, OpClass> = {
  // resolve, urikit (strict) vs uriparser
  'resolve-path-double-slash': { op: 'resolve', step: doubleSlashPath },
  'resolve-rootless-dot-segments': { op: 'resolve', step: rootlessDots },
  'resolve-uriparser-dot-segment': { op: 'resolve', step: uriparserDotSegment },

  // resolve, urikit (rfc2396: true) vs java.net.URI
  'rfc2396-java-empty-authority': { op: 'resolve-rfc2396', step: javaEmptyAuthority },
  'rfc2396-java-registry-authority': {
    op: 'resolve-rfc2396',
    // RFC 2396 §3.2.1: a registry-based authority (reg_name, which may hold ":" and "@") where
    // RFC 3986 has only host and port (§3.2.2, §3.2.3): urikit rejects the input, java accepts it.
    test: (d) => !d.urikit.ok && d.oracleAnswer.ok && (d.oracleRaw as Record<string, unknown>).registryBasedAuthority === true,
  },
  'rfc2396-java-non-ascii': {
    op: 'resolve-rfc2396',
    // RFC 3986 §2 (and RFC 2396 §2): a URI is ASCII; java.net.URI also accepts the Unicode
    // characters of its "other" category unencoded, so it resolves what urikit rejects.
    test: (d) => !d.urikit.ok && d.urikit.error === 'INVALID_CHAR' && d.oracleAnswer.ok && /[^\x00-\x7f]/.test((d.base ?? '') + d.input),
  },
  'rfc2396-java-relative-base': {
    op: 'resolve-rfc2396',
    // RFC 3986 §5.1 / §5.2.1: the base must be an absolute URI; java.net.URI also resolves against
    // a relative base ("." + "." is ""), and returns a reference with a scheme whatever the base.
    test: (d) => !d.urikit.ok && d.urikit.error === 'RELATIVE_BASE' && d.oracleAnswer.ok,
  },
};

/** The (base, reference) pairs: §5.4 shapes on fixed bases, generated pairs, corpus pairs. */
function generatePairs(count: number, corpusPairs: number, seed: number, corpusDir: string): OpInput[] {
  const r = new Rng((seed ^ 0x5eed0001) >>> 0);
  const gen = new OpGen(r);
  const seen = new Set<string>();
  const out: OpInput[] = [];
  const add = (base: string, input: string, source: OpInput['source']): void => {
    const key = `${base}\n${input}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ base, input, source });
  };
  for (const b of FIXED_BASES) for (const s of REF_SHAPES) add(b, s, 'edge');
  const target = out.length + count;
  for (let tries = 0; out.length < target && tries < count * 20; tries++) {
    const base = r.chance(0.15) ? r.pick(FIXED_BASES) : gen.base();
    // A few references per base, as a page's links are resolved against it.
    for (let n = r.range(1, 4); n > 0 && out.length < target; n--) add(base, gen.reference(), 'abnf');
  }
  const files = ['relref_rustdoc_html_pairs.tsv', 'relref_local_html_pairs.tsv']
    .map((f) => join(corpusDir, f))
    .filter((f) => existsSync(f));
  if (files.length === 0 || corpusPairs === 0) return out;
  const corpusTarget = out.length + corpusPairs;
  const per = files.map((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .map((l) => l.split('\t'))
      .filter((x) => x.length === 2),
  );
  for (let tries = 0; out.length < corpusTarget && tries < corpusPairs * 20; tries++) {
    const lines = per[tries % per.length]!;
    const [b, ref] = lines[r.int(lines.length)]!;
    add(b!, ref!, 'corpus');
  }
  return out;
}

function reports(args: Args, recorded: ReadonlyMap<string, RecordedClass>): OpReport[] {
  const pairs = generatePairs(args.count, args.pairs, args.seed, resolve(REPO_ROOT, '../shared/corpus'));
  const reqs = pairs.map((x) => ({ op: 'resolve', base: x.base, ref: x.input }));
  const uAnswers = runOracle(join(args.oracles, 'c', 'uriparser_oracle'), [], reqs);
  const jAnswers = args.java ? runOracle('java', ['-cp', join(args.oracles, 'java', 'build'), 'UriOracle'], reqs) : [];
  const bySource: Record<string, number> = { edge: 0, abnf: 0, corpus: 0 };
  for (const x of pairs) bySource[x.source]!++;

  // urikit strict vs uriparser
  const u: OpReport = {
    title: 'urikit resolve (strict) vs uriparser',
    op: 'resolve',
    total: pairs.length,
    bySource,
    skipped: 0,
    skipReason: '',
    agree: 0,
    agreeDetail: '',
    disagreements: [],
  };
  let bothOk = 0;
  let viaIPv6 = 0;
  let bothReject = 0;
  for (let i = 0; i < pairs.length; i++) {
    const x = pairs[i]!;
    const k = urikitOp(() => urikitResolve(x.base!, x.input, false));
    const o = oracleOp(uAnswers[i]);
    // uriparser writes IPv6 literals in full 8-group form: where its host is that form of
    // urikit's host, urikit's result is compared in that form.
    let kc = k;
    if (k.ok && o.ok && k.value !== o.value) {
      const full = ipv6FullFormOf(k.value);
      if (full !== null && parts(full)?.host === parts(o.value)?.host) kc = { ok: true, value: full };
    }
    const d = compareOp('resolve', 'uriparser', x, kc, o, uAnswers[i]);
    if (d === null) {
      u.agree++;
      if (k.ok) bothOk++;
      else bothReject++;
      if (kc !== k) viaIPv6++;
      continue;
    }
    if (kc !== k && k.ok) d.urikitAsWritten = k.value;
    explainOp(d, CLASSES, recorded);
    u.disagreements.push(d);
  }
  u.agreeDetail = `both resolve ${bothOk} (${viaIPv6} equal once urikit's IPv6 literal is written in uriparser's full 8-group form), both reject ${bothReject}`;
  if (!args.java) return [u];

  // urikit rfc2396 vs java.net.URI, where java accepts both inputs
  const j: OpReport = {
    title: 'urikit resolve (rfc2396: true) vs java.net.URI',
    op: 'resolve-rfc2396',
    total: pairs.length,
    bySource,
    skipped: 0,
    skipReason: 'java rejects the base or the reference (URISyntaxException): not compared',
    agree: 0,
    agreeDetail: '',
    disagreements: [],
  };
  bothOk = 0;
  const skipReasons = new Map<string, number>();
  for (let i = 0; i < pairs.length; i++) {
    const x = pairs[i]!;
    const a = jAnswers[i];
    if (a !== undefined && a.result === undefined && typeof a.index === 'number') {
      j.skipped++;
      const why = typeof a.reason === 'string' ? a.reason : String(a.error);
      skipReasons.set(why, (skipReasons.get(why) ?? 0) + 1);
      continue;
    }
    const k = urikitOp(() => urikitResolve(x.base!, x.input, true));
    const o = oracleOp(a);
    const d = compareOp('resolve-rfc2396', 'java', x, k, o, a);
    if (d === null) {
      j.agree++;
      if (k.ok) bothOk++;
      continue;
    }
    explainOp(d, CLASSES, recorded);
    j.disagreements.push(d);
  }
  j.agreeDetail = `both resolve ${bothOk}, both fail ${j.agree - bothOk}`;
  j.skipReason +=
    '; reasons: ' +
    [...skipReasons]
      .sort((p, q) => q[1] - p[1])
      .map(([w, n]) => `${w} ${n}`)
      .join(', ');
  return [u, j];
}

function urikitResolve(base: string, ref: string, rfc2396: boolean): string {
  return rfc2396 ? resolveUri(base, ref, { rfc2396: true }) : resolveUri(base, ref);
}

export const resolveCheck: Check = {
  op: 'resolve',
  classes: classOps(CLASSES),
  run(args, recorded) {
    const reps = reports(args, recorded);
    let unexplained = 0;
    reps.forEach((rep, i) => {
      if (i > 0) process.stdout.write('\n');
      unexplained += printOp(rep, args.seed, recorded);
    });
    return {
      unexplained,
      disagreements: reps.flatMap((rep) => rep.disagreements.map((d) => JSON.stringify(d))),
      summary: reps.map(summaryLine),
    };
  },
};

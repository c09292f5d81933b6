/**
 * The normalize check (--op normalize), against uriparser.
 *
 * Inputs: hand-written §6.2.2 / §6.2.3 cases (NORMALIZE_EDGE), then generated ones (OpGen
 * .normalizeInput): schemes and hosts in case variants, %XX of unreserved and reserved
 * characters in every component with upper- and lower-case hex, dot-segments and their %2E
 * spellings, IPv6 in many textual forms (leading zeros, compressible runs, upper case, embedded
 * and mapped IPv4), IPvFuture, default / empty / zero-padded ports, empty paths, mailto
 * addresses, relative references; plus ABNF URI-references. Each goes to uriparser as
 * {"op":"normalize","input":S} (uriNormalizeSyntaxA: syntax-based §6.2.2 only) and through
 * urikit's `normalize(S)` (§6.2.2, §6.2.3, RFC 5952).
 */
import { join } from 'node:path';
import { DEFAULT_PORTS, normalize } from '../../src/index.js';
import { Rng } from '../../test/support/rng.js';
import type { Args, Check } from './check.js';
import { OpGen } from './op-gen.js';
import {
  classOps,
  compareOp,
  decodeUnreserved,
  doubleSlashPath,
  explainOp,
  ipv6FullForm,
  type OpClass,
  type OpInput,
  type OpReport,
  oracleOp,
  parts,
  printOp,
  rfcRemoveDotSegments,
  rootlessDots,
  summaryLine,
  unparts,
  urikitOp,
} from './ops.js';
import { type RecordedClass, runOracle } from './oracle.js';

/** Default ports of urikit's §6.2.3 table, by lower-case scheme. */
function defaultPort(scheme: string | undefined): number | undefined {
  return scheme === undefined ? undefined : DEFAULT_PORTS[scheme.toLowerCase()];
}

/** mailto (§6.2.3): each address's domain (after its last "@") in lower case, "%XX" left alone. */
function lowerMailtoDomains(path: string): string {
  return path
    .split(',')
    .map((a) => {
      const at = a.lastIndexOf('@');
      if (at < 0) return a;
      return a.slice(0, at) + a.slice(at).replace(/%[0-9A-Fa-f]{2}|[^%]+/g, (m) => (m.startsWith('%') ? m : m.toLowerCase()));
    })
    .join(',');
}

/**
 * One entry per class recorded in test/fixtures/divergences-uriparser.json with the op
 * "normalize" (same "class" names). Steps run in this order.
 */
const CLASSES: Record<string, OpClass> = {
  'normalize-path-double-slash': { op: 'normalize', step: doubleSlashPath },
  'normalize-ipv6-rfc5952': { op: 'normalize', step: ipv6FullForm },
  'normalize-default-port': {
    op: 'normalize',
    // §6.2.3: a port equal to the scheme's default is dropped (with its ":").
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.port !== undefined || po.port === undefined || po.port === '') return null;
      const dp = defaultPort(po.scheme);
      if (dp === undefined || Number(po.port) !== dp) return null;
      po.port = undefined;
      return [k, unparts(po)];
    },
  },
  'normalize-empty-port': {
    op: 'normalize',
    // §6.2.3: an empty port is dropped with its ":".
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.port !== undefined || po.port !== '') return null;
      po.port = undefined;
      return [k, unparts(po)];
    },
  },
  'normalize-port-leading-zeros': {
    op: 'normalize',
    // The port is a decimal number (§3.2.3): urikit writes it without leading zeros.
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.port === undefined || po.port === undefined || !/^0+[0-9]/.test(po.port)) return null;
      if (po.port.replace(/^0+(?=[0-9])/, '') !== pk.port) return null;
      po.port = pk.port;
      return [k, unparts(po)];
    },
  },
  'normalize-empty-path-slash': {
    op: 'normalize',
    // §6.2.3: an empty path with an authority is "/" for http, https, ws, wss.
    step: (_d, k, o) => {
      const pk = parts(k);
      const po = parts(o);
      if (pk === null || po === null || pk.host === undefined || po.host === undefined || pk.path !== '/' || po.path !== '') return null;
      if (!['http', 'https', 'ws', 'wss'].includes((pk.scheme ?? '').toLowerCase())) return null;
      po.path = '/';
      return [k, unparts(po)];
    },
  },
  'normalize-mailto-domain-case': {
    op: 'normalize',
    // §6.2.3: the domains of a mailto URI are case-insensitive.
    step: (_d, k, o) => {
      const po = parts(o);
      if (po === null || (po.scheme ?? '').toLowerCase() !== 'mailto') return null;
      const path = lowerMailtoDomains(po.path);
      if (path === po.path) return null;
      po.path = path;
      return [k, unparts(po)];
    },
  },
  'normalize-relative-path-emptied': {
    op: 'normalize',
    // §4.4: a relative-path reference whose path dot-removes to nothing is written "./" by urikit
    // (the empty reference is a same-document reference); uriparser writes "".
    step: (d, k, o) => {
      const pi = parts(d.input);
      const pk = parts(k);
      const po = parts(o);
      if (pi === null || pk === null || po === null || pi.scheme !== undefined || pi.host !== undefined) return null;
      if (pi.path === '' || pi.path.startsWith('/') || pk.path !== './' || po.path !== '') return null;
      po.path = './';
      return [k, unparts(po)];
    },
  },
  'normalize-uriparser-host-percent-case': {
    op: 'normalize',
    // §6.2.2.1: the hex digits of a percent-encoding are normalized to upper case in every
    // component; uriparser lower-cases the whole reg-name host, its "%XX" triplets included.
    step: (_d, k, o) => {
      const pk = parts(k);
      if (pk === null || pk.host === undefined || pk.hostType !== 'reg-name' || !/%[0-9A-F][A-F]|%[A-F]/.test(pk.host)) return null;
      pk.host = pk.host.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
      return [unparts(pk), o];
    },
  },
  'normalize-uriparser-relative-dot-prefix-dropped': {
    op: 'normalize',
    // §4.2: a relative-path reference cannot begin with an empty segment ("/b" is an absolute-path
    // reference, "//b" a network-path one) nor hold ":" in its first segment ("b:c" has the
    // scheme "b"). Where dot-segment removal leaves such a path ("a/..//b", "a/../b:c"), urikit
    // writes "./" in front (".//b", "./b:c"); uriparser drops it and writes another reference.
    step: (d, k, o) => {
      const pi = parts(d.input);
      if (pi === null || pi.scheme !== undefined || pi.host !== undefined || pi.path.startsWith('/')) return null;
      if (!k.startsWith('./') || o !== k.slice(2)) return null;
      const first = /^[^/?#]*/.exec(o)![0];
      return first === '' || first.includes(':') ? [k, k] : null;
    },
  },
  'normalize-uriparser-reference-dots-kept': {
    op: 'normalize',
    // §6.2.2.3, §5.2.4: uriparser normalizes a reference without a scheme as a relative path,
    // keeping dot-segments that remove_dot_segments removes: after an authority ("//h/.." keeps
    // its ".."; "//h/./a:b" its "."), and a leading "./" whose next segment no longer holds ":"
    // once a ".." has removed it ("./a:b/../c" stays "./c"). Holds when the oracle's path, run
    // through §5.2.4 (network-path) or without that "./" (relative-path), is urikit's.
    step: (d, k, o) => {
      const pi = parts(d.input);
      const po = parts(o);
      if (pi === null || po === null || pi.scheme !== undefined || po.scheme !== undefined) return null;
      if (po.host !== undefined) {
        const path = rfcRemoveDotSegments(po.path);
        if (path === po.path) return null;
        po.path = path;
      } else {
        const rest = po.path.slice(2);
        const first = /^[^/]*/.exec(rest)![0];
        if (!po.path.startsWith('./') || first === '' || first.includes(':') || first === '.' || first === '..') return null;
        po.path = rest;
      }
      return [k, unparts(po)];
    },
  },
  'normalize-uriparser-kept-dot-climbed': {
    op: 'normalize',
    // §5.2.4, §6.2.2.3: in a relative-path reference "./a:b/../.." the "./" is removed (rule A), so
    // the ".." that follow climb from the base's directory: the reference is "..". uriparser keeps
    // the leading "." (the next segment holds ":") and a later ".." then removes that "." as if it
    // were a segment, so it answers one level short: "" for "..", "g" for "../g". Holds when the
    // input's path (unreserved octets decoded) starts with "./" and a segment holding ":", and the
    // oracle's path is urikit's without its first "..".
    step: (d, k, o) => {
      const pi = parts(d.input);
      const pk = parts(k);
      const po = parts(o);
      if (pi === null || pk === null || po === null || pi.scheme !== undefined || pi.host !== undefined) return null;
      if (!/^(?:\.\/)+[^/]*:/.test(decodeUnreserved(pi.path))) return null;
      const short = pk.path === '..' ? '' : pk.path.startsWith('../') ? pk.path.slice(3) : null;
      if (short === null || po.scheme !== undefined || po.host !== undefined || po.path !== short) return null;
      po.path = pk.path;
      return [k, unparts(po)];
    },
  },
  'normalize-rootless-dot-segments': { op: 'normalize', step: rootlessDots },
};

function generateNormalizeInputs(count: number, seed: number): OpInput[] {
  const r = new Rng((seed ^ 0x5eed0002) >>> 0);
  const gen = new OpGen(r);
  const seen = new Set<string>();
  const out: OpInput[] = [];
  const add = (input: string, source: OpInput['source']): void => {
    if (seen.has(input)) return;
    seen.add(input);
    out.push({ input, source });
  };
  for (const e of NORMALIZE_EDGE) if (out.length < count) add(e, 'edge');
  for (let tries = 0; out.length < count && tries < count * 20; tries++) add(gen.normalizeInput(), 'abnf');
  return out;
}

/** Hand-written normalize cases: §6.2.2 and §6.2.3 examples and their neighbours. */
const NORMALIZE_EDGE: readonly string[] = [
  'HTTP://www.EXAMPLE.com/',
  'http://example.com',
  'http://example.com/',
  'http://example.com:/',
  'http://example.com:80/',
  'http://example.com:0080/',
  'https://example.com:443',
  'ws://a:80',
  'wss://a:443/',
  'ftp://a:21/',
  'foo://a:80/',
  'foo://a:/',
  'foo://a',
  'http://a?',
  'http://a#',
  'http://a/?#',
  'eXAMPLE://a/./b/../b/%63/%7bfoo%7d',
  'http://a/b/c/./../../g',
  'mid/content=5/../6',
  'http://a/%7e%41%2f%2F%3a%40',
  'http://%7Eu%3A@a/',
  'http://A%2eB/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[2001:DB8:0:0:0:0:0:1]/',
  'http://[::FFFF:1.2.3.4]/',
  'http://[::ffff:102:304]/',
  'http://[1:0:0:2:0:0:0:3]/',
  'http://[V1.AbC]/',
  'mailto:Joe@Example.COM',
  'mailto:a@B.C,d@E.F',
  'abc/..',
  '.',
  './',
  '..',
  '../',
  '/..',
  '/.',
  '',
  '?',
  '#',
  'x:a/../b',
  'x:a/..',
  'x:/a/..//b',
  'x:/.//a',
  '/..//a',
  'a/..//b',
  'x:a/..//b',
  'a/../b:c',
  'a/./b:c',
  'g;x=1/../y',
  '%41/b',
  'a/%2e%2e/b',
  '/a/%2E/b',
  'http://a/b/%2e%2E/c',
  '?Q%aa',
  '#%7E',
  'HTTP:/A/../B',
];
function report(args: Args, recorded: ReadonlyMap<string, RecordedClass>): OpReport {
  const inputs = generateNormalizeInputs(args.count, args.seed);
  const answers = runOracle(
    join(args.oracles, 'c', 'uriparser_oracle'),
    [],
    inputs.map((x) => ({ op: 'normalize', input: x.input })),
  );
  const bySource: Record<string, number> = { edge: 0, abnf: 0 };
  for (const x of inputs) bySource[x.source]!++;
  const rep: OpReport = {
    title: 'urikit normalize vs uriparser (uriNormalizeSyntaxA)',
    op: 'normalize',
    total: inputs.length,
    bySource,
    skipped: 0,
    skipReason: '',
    agree: 0,
    agreeDetail: '',
    disagreements: [],
  };
  let bothOk = 0;
  for (let i = 0; i < inputs.length; i++) {
    const x = inputs[i]!;
    const k = urikitOp(() => normalize(x.input));
    const o = oracleOp(answers[i]);
    const d = compareOp('normalize', 'uriparser', x, k, o, answers[i]);
    if (d === null) {
      rep.agree++;
      if (k.ok) bothOk++;
      continue;
    }
    explainOp(d, CLASSES, recorded);
    rep.disagreements.push(d);
  }
  rep.agreeDetail = `both normalize ${bothOk}, both reject ${rep.agree - bothOk}`;
  return rep;
}

export const normalizeCheck: Check = {
  op: 'normalize',
  classes: classOps(CLASSES),
  run(args, recorded) {
    const rep = report(args, recorded);
    return {
      unexplained: printOp(rep, args.seed, recorded),
      disagreements: rep.disagreements.map((d) => JSON.stringify(d)),
      summary: [summaryLine(rep)],
    };
  },
};

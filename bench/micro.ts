/**
 * Micro-benchmarks, one per hot function, beside the macro suites (`npm run bench -- micro`).
 * Inputs come from the corpora where the function sees real data (hosts, %-encoded URLs, merged
 * paths), plus small synthetic sets for the shapes the corpora lack (IPv4, IPv6 literals).
 * Each function is set against the obvious alternative (Node's `net.isIPv4`/`isIPv6`, a regular
 * expression, uri-js), so that crossovers are measured rather than guessed.
 */
import { isIPv4 as netIsIPv4, isIPv6 as netIsIPv6 } from 'node:net';
import * as lib from '../src/index.js';
import { isValid, OFFSETS_LENGTH, Slot, scan } from '../src/index.js';
import { ipv4End, ipv6Error, ipvFutureError, isIPv4 } from '../src/syntax/host.js';
import { readLines, type Workload } from './corpus.js';
import type { Candidate, Item1, Item2 } from './harness.js';
import { uriJs } from './peers.js';

export interface MicroSuite {
  name: string;
  unit: string;
  work: Workload;
  candidates: Candidate[];
}

/** A workload of inputs a (and, for two-argument candidates, b); bytes counts a. */
export function workload(name: string, a: string[], b?: string[]): Workload {
  let bytes = 0;
  for (const s of a) bytes += Buffer.byteLength(s, 'utf8');
  return { name, a, b, bytes };
}

/** A small deterministic generator (xorshift32), so that the synthetic sets are the same every run. */
export function rng(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

/** Hosts of the corpora's URLs, as scan delimits them (mostly reg-names, some IPv4). */
function realHosts(): string[] {
  const rec = new Uint32Array(OFFSETS_LENGTH);
  const out: string[] = [];
  for (const file of ['ada_kasztp.txt', 'elastic_apache_referrers.txt', 'ada_node_files.txt']) {
    for (const s of readLines(file)) {
      if (scan(s, rec) !== 0 || rec[Slot.AUTHORITY_START] === 0) continue;
      out.push(s.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]));
    }
  }
  return out;
}

/** Dotted quads: 70% valid, the rest with a leading zero, an octet above 255 or three octets. */
function syntheticIPv4(n: number): string[] {
  const r = rng(4);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const o = [0, 1, 2, 3].map(() => Math.floor(r() * 256));
    const k = r();
    if (k < 0.7) out.push(o.join('.'));
    else if (k < 0.8) out.push(`0${o.join('.')}`);
    else if (k < 0.9) out.push(`${o[0]}.${o[1]}.${o[2]}.${256 + o[3]!}`);
    else out.push(`${o[0]}.${o[1]}.${o[2]}`);
  }
  return out;
}

/** IPv6address texts (what lies between "[" and "]"): full, compressed, with ls32, some invalid. */
function syntheticIPv6(n: number): string[] {
  const r = rng(6);
  const h16 = (): string => Math.floor(r() * 0x10000).toString(16);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.3) out.push(Array.from({ length: 8 }, h16).join(':'));
    else if (k < 0.6) out.push(`${h16()}:${h16()}::${h16()}:${h16()}`);
    else if (k < 0.7) out.push('::1');
    else if (k < 0.8) out.push(`::ffff:${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.0.${Math.floor(r() * 256)}`);
    else if (k < 0.9) out.push(`fe80::${h16()}:${h16()}`);
    else out.push(`${h16()}::${h16()}::${h16()}`); // invalid: two "::"
  }
  return out;
}

/** Paths as resolve merges them (§5.2.3): base directory + relative path, from the rustdoc pairs. */
function mergedPaths(): string[] {
  const out: string[] = [];
  for (const line of readLines('relref_rustdoc_html_pairs.tsv')) {
    const tab = line.indexOf('\t');
    const base = line.slice(0, tab);
    let ref = line.slice(tab + 1);
    if (ref === '' || ref[0] === '#' || ref[0] === '?' || ref[0] === '/' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(ref)) continue;
    const cut = ref.search(/[?#]/);
    if (cut >= 0) ref = ref.slice(0, cut);
    const pathStart = base.indexOf('/', base.indexOf('//') + 2);
    if (pathStart < 0) continue;
    const basePath = base.slice(pathStart).replace(/[?#].*$/, '');
    out.push(basePath.slice(0, basePath.lastIndexOf('/') + 1) + ref);
  }
  return out;
}

const IPV4_RE = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** A "%" not followed by two hex digits. */
const BAD_PCT_RE = /%(?![0-9A-Fa-f]{2})/;

export async function microSuites(): Promise<MicroSuite[]> {
  const hosts = workload('corpus hosts', realHosts());
  const v4 = workload('synthetic IPv4', syntheticIPv4(20000));
  const v6 = workload('synthetic IPv6', syntheticIPv6(20000));
  const pct: string[] = [];
  for (const f of ['ada_kasztp.txt', 'elastic_apache_referrers.txt', 'elastic_apache_request_targets.txt', 'ada_node_files.txt']) {
    for (const s of readLines(f)) if (s.includes('%')) pct.push(s);
  }
  const pctWork = workload('corpus lines with %', pct);
  const futures = workload('IPvFuture', ['v1.fe80::a+en1', 'v7.1:2:3', 'vF.x', 'v.x', 'v1x.y', 'v1.', 'vAB.cd~!$&']);

  // Paths of the same lengths, of plain text and of a "%C3%A9" run: a pair per call.
  const plainPaths: string[] = [];
  const pctPaths: string[] = [];
  for (let k = 0; k < 2000; k++) {
    const length = [30, 48, 60, 90, 150, 300, 600][k % 7]!;
    const prefix = `https://a${k}.example/wiki/`;
    plainPaths.push(prefix + 'abcdef'.repeat(length).slice(0, length - prefix.length));
    pctPaths.push(prefix + '%C3%A9'.repeat(length).slice(0, length - prefix.length - ((length - prefix.length) % 3)));
  }
  const runs = workload('paths of 30 to 600 characters', plainPaths, pctPaths);
  const rec = new Uint32Array(OFFSETS_LENGTH);

  const suites: MicroSuite[] = [
    {
      name: 'isValid: a %XX run against plain text',
      unit: 'paths/s',
      work: runs,
      candidates: [
        { name: 'urikit isValid, %XX path', own: true, fn: ((_, b) => (isValid(b) ? 1 : -1)) as Item2 },
        { name: 'urikit isValid, plain path', fn: ((a) => (isValid(a) ? 1 : -1)) as Item2 },
        { name: 'URL.canParse, %XX path', fn: ((_, b) => (URL.canParse(b) ? 1 : -1)) as Item2 },
        { name: 'URL.canParse, plain path', fn: ((a) => (URL.canParse(a) ? 1 : -1)) as Item2 },
      ],
    },
    {
      name: 'scan: a %XX run against plain text',
      unit: 'paths/s',
      work: runs,
      candidates: [
        { name: 'urikit scan, %XX path', own: true, fn: ((_, b) => scan(b, rec)) as Item2 },
        { name: 'urikit scan, plain path', fn: ((a) => scan(a, rec)) as Item2 },
      ],
    },
    {
      name: 'isIPv4 (host.ts)',
      unit: 'hosts/s',
      work: hosts,
      candidates: [
        { name: 'urikit isIPv4', own: true, fn: ((h) => (isIPv4(h, 0, h.length) ? 1 : -1)) as Item1 },
        { name: 'net.isIPv4', fn: ((h) => (netIsIPv4(h) ? 1 : -1)) as Item1 },
        { name: 'regex', fn: ((h) => (IPV4_RE.test(h) ? 1 : -1)) as Item1 },
      ],
    },
    {
      name: 'isIPv4 / ipv4End (host.ts)',
      unit: 'hosts/s',
      work: v4,
      candidates: [
        { name: 'urikit isIPv4', own: true, fn: ((h) => (isIPv4(h, 0, h.length) ? 1 : -1)) as Item1 },
        { name: 'urikit ipv4End', fn: ((h) => (ipv4End(h, 0, h.length) === h.length ? 1 : -1)) as Item1 },
        { name: 'net.isIPv4', fn: ((h) => (netIsIPv4(h) ? 1 : -1)) as Item1 },
        { name: 'regex', fn: ((h) => (IPV4_RE.test(h) ? 1 : -1)) as Item1 },
      ],
    },
    {
      name: 'ipv6Error (host.ts)',
      unit: 'literals/s',
      work: v6,
      candidates: [
        { name: 'urikit ipv6Error', own: true, fn: ((h) => (ipv6Error(h, 0, h.length, false) === -1 ? 1 : -1)) as Item1 },
        { name: 'net.isIPv6', fn: ((h) => (netIsIPv6(h) ? 1 : -1)) as Item1 },
      ],
    },
    {
      name: 'ipvFutureError (host.ts)',
      unit: 'literals/s',
      work: futures,
      candidates: [{ name: 'urikit ipvFutureError', own: true, fn: ((h) => (ipvFutureError(h, 0, h.length) === -1 ? 1 : -1)) as Item1 }],
    },
    {
      name: 'percent-encoding check inside scan',
      unit: 'URLs/s',
      work: pctWork,
      candidates: [
        { name: 'urikit isValid', own: true, fn: ((s) => (isValid(s) ? 1 : -1)) as Item1 },
        // Only the "%" rule, for scale: scan checks every other character as well.
        { name: 'regex /%(?!hex hex)/ (only the % rule)', fn: ((s) => (BAD_PCT_RE.test(s) ? -1 : 1)) as Item1 },
      ],
    },
  ];

  // percent.ts, looked up at run time so that the bench builds without it.
  const api = lib as unknown as Record<string, unknown>;
  if (typeof api.percentDecode === 'function') {
    const percentDecode = api.percentDecode as (s: string) => string;
    suites.push({
      name: 'percentDecode',
      unit: 'URLs/s',
      work: pctWork,
      candidates: [
        { name: 'urikit percentDecode(s)', own: true, fn: ((s) => percentDecode(s).length) as Item1 },
        { name: 'decodeURIComponent (throws on bad %)', fn: ((s) => decodeURIComponent(s).length) as Item1 },
      ],
    });
  }
  if (typeof api.percentEncode === 'function') {
    const percentEncode = api.percentEncode as (s: string, component?: string) => string;
    suites.push({
      name: 'percentEncode',
      unit: 'URLs/s',
      work: pctWork,
      candidates: [
        { name: "urikit percentEncode(s, 'component')", own: true, fn: ((s) => percentEncode(s, 'component').length) as Item1 },
        { name: 'encodeURIComponent', fn: ((s) => encodeURIComponent(s).length) as Item1 },
      ],
    });
  }
  try {
    const percentPath = '../src/percent.js';
    const percent = (await import(percentPath)) as Record<string, unknown>;
    if (typeof percent.normalizePercent === 'function') {
      const normalizePercent = percent.normalizePercent as (s: string, start: number, end: number) => string;
      suites.push({
        name: 'normalizePercent (§6.2.2.1-2)',
        unit: 'URLs/s',
        work: pctWork,
        candidates: [
          { name: 'urikit normalizePercent(s, 0, len)', own: true, fn: ((s) => normalizePercent(s, 0, s.length).length) as Item1 },
        ],
      });
    }
  } catch {
    // percent.ts not there yet
  }

  const rds = (lib as unknown as Record<string, unknown>).removeDotSegments;
  if (typeof rds === 'function') {
    const removeDotSegments = rds as (path: string) => string;
    suites.push({
      name: 'removeDotSegments',
      unit: 'paths/s',
      work: workload('merged rustdoc paths', mergedPaths()),
      candidates: [
        { name: 'urikit removeDotSegments', own: true, fn: ((p) => removeDotSegments(p).length) as Item1 },
        { name: 'uri-js removeDotSegments', fn: ((p) => uriJs.removeDotSegments(p).length) as Item1 },
      ],
    });
  }
  return suites;
}

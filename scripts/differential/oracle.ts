/**
 * The oracles, and the divergence classes recorded for them: each request goes to an oracle
 * process as one JSON line, and each check explains its disagreements by the classes recorded in
 * test/fixtures/divergences-uriparser.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// build/scripts/differential/*.js -> the repository root is three folders up.
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type OracleAnswers = (Record<string, unknown> | undefined)[];

/** Sends each request (its index as "id") to an oracle process and returns the answers by index. */
export function runOracle(cmd: string, args: readonly string[], requests: readonly Record<string, unknown>[]): OracleAnswers {
  const req = `${requests.map((x, id) => JSON.stringify({ ...x, id })).join('\n')}\n`;
  const res = spawnSync(cmd, args, { input: req, maxBuffer: 1 << 30, encoding: 'utf8' });
  if (res.error) throw res.error;
  if (res.status !== 0) process.stderr.write(`warning: ${cmd} exited with ${res.status ?? res.signal}\n`);
  const answers: OracleAnswers = new Array(requests.length);
  for (const line of res.stdout.split('\n')) {
    if (line.length === 0) continue;
    const a = JSON.parse(line) as Record<string, unknown>;
    if (typeof a.id === 'number') answers[a.id] = a;
  }
  return answers;
}

export interface RecordedClass {
  class: string;
  /** "parse" (the default), "resolve", "resolve-rfc2396" or "normalize". */
  op?: string;
  /** "urikit-bug" for a class where urikit is wrong (reported, not fixed here); printed as such. */
  verdict?: string;
}

/**
 * The class names recorded in test/fixtures/divergences-uriparser.json. A class is used only when
 * it is recorded there and a check knows it (`known`: its name and op) under the same op; every
 * mismatch is reported.
 */
export function loadRecorded(known: ReadonlyMap<string, string>): Map<string, RecordedClass> {
  const file = join(REPO_ROOT, 'test/fixtures/divergences-uriparser.json');
  const names = new Map<string, RecordedClass>();
  if (!existsSync(file)) return names;
  const list = JSON.parse(readFileSync(file, 'utf8')) as RecordedClass[];
  for (const x of list) {
    const op = x.op ?? 'parse';
    if (known.get(x.class) === op) names.set(x.class, x);
    else process.stderr.write(`warning: class "${x.class}" (op ${op}) of ${file} has no predicate in scripts/differential/\n`);
  }
  for (const n of known.keys()) {
    if (!names.has(n)) process.stderr.write(`warning: predicate "${n}" has no record in ${file}; not used\n`);
  }
  return names;
}

/** An RFC 3986 IPv6address as eight 4-digit lower-case hex groups (uriparser writes them so), or null if it is not one. */
export function expandIPv6(text: string): string | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): string[] | null => {
    if (part === '') return [];
    const out: string[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const g = items[i]!;
      if (i === items.length - 1 && g.includes('.')) {
        const o = g.split('.').map(Number);
        if (o.length !== 4 || o.some((x) => !(x >= 0 && x <= 255))) return null;
        out.push(((o[0]! << 8) | o[1]!).toString(16), ((o[2]! << 8) | o[3]!).toString(16));
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return null;
        out.push(g);
      }
    }
    return out;
  };
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if (left === null || right === null) return null;
  const zeros = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (zeros < 0 || left.length + zeros + right.length !== 8) return null;
  const all = [...left, ...new Array<string>(zeros).fill('0'), ...right];
  return all.map((g) => g.toLowerCase().padStart(4, '0')).join(':');
}

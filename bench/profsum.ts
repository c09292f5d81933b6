/**
 * Summarizes a V8 `.cpuprofile` (from `node --cpu-prof`): self time per function and the hottest
 * source lines (positionTicks, lines of the compiled build/ JavaScript).
 *
 *   node --cpu-prof --cpu-prof-dir=bench/out build/bench/driver.js scan ada_kasztp.txt 5
 *   node build/bench/profsum.js bench/out/CPU.*.cpuprofile [top]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  positionTicks?: Array<{ line: number; ticks: number }>;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg = '15'] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node build/bench/profsum.js FILE.cpuprofile [top]');
  process.exit(2);
}
const top = Number(topArg);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const counts = new Map<number, number>();
for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = p.samples.length;
const self = new Map<string, number>();
const lines = new Map<string, number>();
const short = (url: string, parts: number): string => url.split('/').slice(-parts).join('/');
for (const n of p.nodes) {
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anonymous)'} ${short(cf.url, 2)}:${cf.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (counts.get(n.id) ?? 0));
  for (const t of n.positionTicks ?? []) {
    const k = `${short(cf.url, 2)}:${t.line} (${cf.functionName || 'anonymous'})`;
    lines.set(k, (lines.get(k) ?? 0) + t.ticks);
  }
}
const pct = (v: number): string => `${((100 * v) / total).toFixed(1).padStart(5)}%`;
console.log(`${total} samples, ${((p.endTime - p.startTime) / 1e6).toFixed(1)} s`);
console.log('self time by function:');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log('hottest lines (of the build/ JavaScript):');
for (const [k, v] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);

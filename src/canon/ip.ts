/** IP addresses as Python's `ipaddress` module reads and writes them (strict IPv4, IPv6 with an optional `%scope`). */
import { ipv6Compress } from '../web/host.js';

const HEXTETS = new Uint16Array(8);

/** `IPv4Address(s)`: the address as a number, or -1 where Python raises. */
export function pythonIPv4(s: string): number {
  const parts = s.split('.');
  if (parts.length !== 4) return -1;
  let v = 0;
  for (const p of parts) {
    if (!/^[0-9]{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return -1;
    const n = +p;
    if (n > 255) return -1;
    v = v * 256 + n;
  }
  return v;
}

/**
 * `IPv6Address(s)` into `out` (eight hextets): false where Python raises. A `%scope` is read
 * and left out of the hextets.
 */
export function pythonIPv6(s: string, out: Uint16Array = HEXTETS): boolean {
  const pct = s.indexOf('%');
  if (pct >= 0) {
    const scope = s.slice(pct + 1);
    if (scope.length === 0 || scope.includes('%')) return false;
    s = s.slice(0, pct);
  }
  if (s.length === 0) return false;
  const parts = s.split(':');
  if (parts.length < 3) return false;
  const last = parts[parts.length - 1]!;
  if (last.includes('.')) {
    const v4 = pythonIPv4(last);
    if (v4 < 0) return false;
    parts.pop();
    parts.push(((v4 >>> 16) & 0xffff).toString(16), (v4 & 0xffff).toString(16));
  }
  if (parts.length > 9) return false;
  let skip = -1;
  for (let i = 1; i < parts.length - 1; i++) {
    if (parts[i] !== '') continue;
    if (skip >= 0) return false;
    skip = i;
  }
  let hi: number;
  let lo: number;
  if (skip >= 0) {
    hi = skip;
    lo = parts.length - skip - 1;
    if (parts[0] === '' && --hi !== 0) return false;
    if (parts[parts.length - 1] === '' && --lo !== 0) return false;
    if (8 - (hi + lo) < 1) return false;
  } else {
    if (parts.length !== 8 || parts[0] === '' || parts[parts.length - 1] === '') return false;
    hi = parts.length;
    lo = 0;
  }
  out.fill(0);
  for (let i = 0; i < hi; i++) {
    const h = parts[i]!;
    if (!/^[0-9a-fA-F]{1,4}$/.test(h)) return false;
    out[i] = Number.parseInt(h, 16);
  }
  for (let i = 0; i < lo; i++) {
    const h = parts[parts.length - lo + i]!;
    if (!/^[0-9a-fA-F]{1,4}$/.test(h)) return false;
    out[8 - lo + i] = Number.parseInt(h, 16);
  }
  return true;
}

/** `ipaddress.ip_address(s)`: 4 or 6 for the kind it reads, 0 where it raises. */
export function isPythonIpAddress(s: string): 0 | 4 | 6 {
  if (pythonIPv4(s) >= 0) return 4;
  return pythonIPv6(s) ? 6 : 0;
}

/** `str(IPv6Address(…))`: lower-case hextets, the first longest run of two or more zeros as `::` (as the URL Standard writes it). */
export function formatIPv6(h: Uint16Array): string {
  const best = ipv6Compress(h);
  if (best < 0) return Array.from(h, (x) => x.toString(16)).join(':');
  let end = best;
  while (end < 8 && h[end] === 0) end++;
  const head = Array.from(h.subarray(0, best), (x) => x.toString(16)).join(':');
  const tail = Array.from(h.subarray(end), (x) => x.toString(16)).join(':');
  return `${head}::${tail}`;
}

/** `str(IPv4Address(n))`. */
export function formatIPv4(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

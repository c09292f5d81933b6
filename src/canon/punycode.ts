/** RFC 3492 Punycode: a label's code points as the ASCII of an A-label (without its `xn--`). */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / points);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

function digit(d: number): string {
  return String.fromCharCode(d < 26 ? d + 97 : d + 22);
}

/** The Punycode of `label` (§6.3); code points, not UTF-16 units, as RFC 3492 counts them. */
export function punycodeEncode(label: string): string {
  const cps: number[] = [];
  for (const ch of label) cps.push(ch.codePointAt(0)!);
  let out = '';
  for (const c of cps) if (c < 0x80) out += String.fromCharCode(c);
  const basic = out.length;
  let handled = basic;
  if (basic > 0) out += '-';
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  while (handled < cps.length) {
    let m = 0x10ffff + 1;
    for (const c of cps) if (c >= n && c < m) m = c;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const c of cps) {
      if (c < n) delta++;
      if (c !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        out += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      out += digit(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}

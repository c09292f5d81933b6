/**
 * The host step of urlcanon's special URLs: the `idna` package's `encode(host, uts46=True)`
 * (IDNA 2008 with UTS #46 mapping), else its `uts46_remap` with IDNA 2003 `ToASCII` per label,
 * else the host as it was. ASCII hosts follow those rules exactly; for other hosts the UTS #46
 * mapping and validity come from the platform (`node:url`), not the package's own tables.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { hasNonAscii, toBytes } from './bytes.js';
import { caseFold, idna2003Label } from './idna2003.js';

const GUARD = '.a';
const DOTS = /[.\u3002\uff0e\uff61]/;
const DOTS_G = /[.\u3002\uff0e\uff61]/g;
/**
 * Characters whose compatibility form holds a full stop (`⒈` is `1.`, `․` is `.`): the idna
 * package's UTS #46 table (Unicode 14) disallows them, where the platform's may map them.
 */
const DOT_MAKERS = /[\u2024\u2488-\u249b]/;
/**
 * IDNA 2008's PVALID, by the general categories RFC 5892 derives it from (lower-case and other
 * letters, modifiers, marks, decimal digits), and the hyphen; symbols and punctuation are not.
 */
const PVALID = /^[a-z0-9\-\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]+$/u;
/** Characters UTS #46 with STD3 rules refuses in ASCII. */
const STD3_ASCII = /[^a-zA-Z0-9.\-\x80-\uffff]/;

function decode(b: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(b, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** `check_label` for an ASCII label after mapping: letters, digits and hyphens, not at the ends or in places 3 and 4. */
function asciiLabelOk(label: string): boolean {
  if (label.length === 0 || !/^[a-z0-9-]+$/.test(label)) return false;
  return !(label.slice(2, 4) === '--' || label[0] === '-' || label[label.length - 1] === '-');
}

/** `alabel` of one mapped label: its A-label, or null where the package raises. */
function alabel(label: string): string | null {
  if (!hasNonAscii(label)) {
    if (label.startsWith('xn--')) {
      const rest = label.slice(4);
      if (rest.length === 0 || rest.endsWith('-')) return null;
      // the A-label must decode to a valid U-label
      const u = domainToUnicode(label + GUARD);
      if (!u.endsWith(GUARD) || domainToASCII(u) !== label + GUARD) return null;
      const text = u.slice(0, -GUARD.length);
      if (text.slice(2, 4) === '--' || text.startsWith('-') || text.endsWith('-')) return null;
    } else if (!asciiLabelOk(label)) return null;
    return label.length <= 63 ? label : null;
  }
  if (label.slice(2, 4) === '--' || label.startsWith('-') || label.endsWith('-') || !PVALID.test(label)) return null;
  const a = domainToASCII(label + GUARD);
  if (!a.endsWith(GUARD) || a.length === GUARD.length) return null;
  const out = a.slice(0, -GUARD.length);
  return out.length <= 63 && out.startsWith('xn--') ? out : null;
}

/**
 * `uts46_remap(text, std3_rules)`: ASCII letters to lower case, other labels as the platform's
 * UTS #46 maps them; null where it raises (with STD3 rules, for ASCII other than letters,
 * digits, `-` and `.`).
 */
function remap(text: string, std3: boolean): string | null {
  if (std3 && STD3_ASCII.test(text)) return null;
  if (!hasNonAscii(text)) return text.toLowerCase();
  // UTS #46 maps the other full stops to "." before anything is split
  const labels = text.replace(DOTS_G, '.').split('.');
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    if (!hasNonAscii(label)) {
      labels[i] = label.toLowerCase();
      continue;
    }
    // The platform maps and validates at once; where it refuses (joiners, bidi), the mapping alone
    // is case folding and NFKC, what UTS #46 mapping amounts to for the characters it keeps.
    if (DOT_MAKERS.test(label)) return null;
    const u = domainToUnicode(label + GUARD);
    const mapped = u.endsWith(GUARD) ? u.slice(0, -GUARD.length) : caseFold(label).normalize('NFKC');
    if (std3 && STD3_ASCII.test(mapped)) return null;
    labels[i] = mapped;
  }
  return labels.join('.');
}

/** `idna.encode(text, uts46=True)` (STD3 rules off): null where it raises. */
function idnaEncode(text: string): string | null {
  const mapped = remap(text, false);
  if (mapped === null) return null;
  const labels = mapped.split(DOTS);
  if (labels.length === 1 && labels[0] === '') return null;
  let trailing = false;
  if (labels[labels.length - 1] === '') {
    labels.pop();
    trailing = true;
  }
  const out: string[] = [];
  for (const label of labels) {
    const a = alabel(label);
    if (a === null || a.length === 0) return null;
    out.push(a);
  }
  const s = out.join('.') + (trailing ? '.' : '');
  return s.length > (trailing ? 254 : 253) ? null : s;
}

/** urlcanon's `punycode_special_host` on a host's bytes. */
export function punycodeSpecialHost(host: string): string {
  const text = decode(host);
  if (text === null) return host;
  const a = idnaEncode(text);
  if (a !== null) return toBytes(a, 'urlcanon');
  const remapped = remap(text, true);
  if (remapped === null) return host;
  const labels: string[] = [];
  for (const label of remapped.split('.')) {
    const l = idna2003Label(label);
    if (l === null) return host;
    labels.push(l);
  }
  return toBytes(labels.join('.'), 'urlcanon');
}

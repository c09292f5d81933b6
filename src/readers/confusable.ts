/**
 * The check behind `parseRequestTarget`'s `rejectConfusable`: a request target that RFC 3986 and the
 * URL Standard read with another authority or path, as a proxy reading one grammar and a server
 * reading the other would, or whose normal form, forwarded, they would read so, gets the
 * CONFUSABLE_TARGET error at the component where they part. The message and the index serve
 * `urikit validate --confusable` too.
 */

import { normalizeRecord } from '../ops/normalize.js';
import { UriError } from '../syntax/errors.js';
import { Flag, OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { scanString } from '../syntax/scan.js';
import { type Reading, type ReadingComponent, type TargetConfusion, targetConfusion } from '../web/readings.js';

/** The forms of a request target, as scanRequestTarget numbers them (TargetForm). */
const ORIGIN = 1;
const ABSOLUTE = 2;
const AUTHORITY = 3;

/**
 * The CONFUSABLE_TARGET error for `text` (of `form`, its record in `rec` as scanRequestTarget wrote
 * it) when its two readings differ, else null. The origin-form is read against the target URI's
 * authority (the Host header, or "host.invalid" without one), as `new URL(req.url, base)` reads it.
 */
export function confusionError(text: string, form: number, rec: Uint32Array, scheme: string, host: string | undefined): UriError | null {
  let rfcUri: string;
  let webInput: string;
  let webBase: string | null = null;
  if (form === ORIGIN) {
    webBase = `${scheme}://${host === undefined || host === '' ? 'host.invalid' : host}`;
    rfcUri = webBase + text;
    webInput = text;
  } else if (form === ABSOLUTE) {
    rfcUri = webInput = text;
  } else if (form === AUTHORITY) {
    rfcUri = webInput = `${scheme}://${text}`;
  } else {
    return null;
  }
  const c = targetConfusion(rfcUri, webInput, webBase);
  if (c !== null) {
    const index = form === ORIGIN ? 0 : componentStart(rec, c.components[0]!);
    return new UriError('CONFUSABLE_TARGET', index, text, confusionMessage('request-target', text, index, c.components, c.rfc, c.web));
  }
  const f = forwardedConfusion(rfcUri);
  if (f === null) return null;
  // Normalization changes the path alone (the authority keeps its place and its meaning).
  const index = form === ORIGIN ? 0 : rec[Slot.PATH_START]!;
  const message = confusionMessage('request-target', text, index, f.components, f.rfc, f.web, f.forwarded);
  return new UriError('CONFUSABLE_TARGET', index, text, message);
}

const normalRec = new Uint32Array(OFFSETS_LENGTH);
const LENIENT = Object.freeze({ lenient: true });

/**
 * SECURITY.md tells a proxy to decide on the normal form and to forward it, as an origin-form
 * target read against the Host. The two readings of a target can agree while those of its normal
 * form do not: `/.//evil.example/x` is the path `//evil.example/x` to both standards, and once
 * forwarded, `new URL("//evil.example/x", base)` reads the host evil.example. The confusion of the
 * normal form (of `rfcUri`, the target URI), with what is forwarded; null when there is none, or
 * when normalization changes nothing (the target itself was compared) or there is no authority.
 */
function forwardedConfusion(rfcUri: string): (TargetConfusion & { forwarded: string }) | null {
  // The target was accepted: its target URI scans (leniently, as targetConfusion reads it).
  scanString(rfcUri, normalRec, LENIENT, 'parseRequestTarget');
  const normal = normalizeRecord(rfcUri, normalRec, normalRec);
  const o = normalRec;
  if (normal === rfcUri || (o[Slot.FLAGS]! & Flag.AUTHORITY) === 0) return null;
  const forwarded = normal.slice(o[Slot.PATH_START], (o[Slot.FLAGS]! & Flag.QUERY) !== 0 ? o[Slot.QUERY_END] : o[Slot.PATH_END]);
  // The back end knows the scheme and the Host: no userinfo, which a proxy does not forward.
  const origin = `${normal.slice(0, o[Slot.SCHEME_END])}://${normal.slice(o[Slot.HOST_START], o[Slot.PATH_START])}`;
  const c = targetConfusion(origin + forwarded, forwarded, origin);
  return c === null ? null : { ...c, forwarded };
}

/**
 * The message of a confusable input: `Confusable WHAT "text" at index I: RFC 3986 and the URL
 * Standard read another host in it (host "…" for RFC 3986, "…" for the URL Standard)`, one pair
 * per component; when one grammar rejects the input (its reading is null), what the other reads.
 * With `forwarded`, the readings are those of the normal form, forwarded as that target.
 */
export function confusionMessage(
  what: string,
  text: string,
  index: number,
  components: readonly ReadingComponent[],
  rfc: Reading | null,
  web: Reading | null,
  forwarded?: string,
): string {
  const through = forwarded === undefined ? '' : `forwarded in its normal form, ${JSON.stringify(forwarded)}, `;
  const head = `Confusable ${what} ${JSON.stringify(text)} at index ${index}: ${through}`;
  const show = (r: Reading, k: ReadingComponent): string => (r[k] === null ? 'none' : JSON.stringify(r[k]));
  const list = (parts: readonly string[]): string =>
    parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  if (rfc === null || web === null) {
    const [no, yes, reading] = rfc === null ? ['RFC 3986', 'the URL Standard', web!] : ['the URL Standard', 'RFC 3986', rfc];
    return `${head}${no} rejects it, ${yes} reads ${list(components.map((k) => `${k} ${show(reading, k)}`))}`;
  }
  const parts = components.map((k) => `${k} ${show(rfc, k)} for RFC 3986, ${show(web, k)} for the URL Standard`);
  return `${head}RFC 3986 and the URL Standard read another ${list(components)} in it (${parts.join('; ')})`;
}

/**
 * Where a component begins in an RFC 3986 record: 0 for the scheme; the path's start for the path,
 * or where RFC 3986 reads no authority (the URL Standard reads one there); the authority's for the
 * userinfo; the host's otherwise (a port never differs alone: both read it as a number).
 */
export function componentStart(rec: Uint32Array, component: ReadingComponent): number {
  if (component === 'scheme') return 0;
  if (component === 'path' || (rec[Slot.FLAGS]! & Flag.AUTHORITY) === 0) return rec[Slot.PATH_START]!;
  return component === 'userinfo' ? rec[Slot.AUTHORITY_START]! : rec[Slot.HOST_START]!;
}

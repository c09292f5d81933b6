/**
 * The check behind `parseRequestTarget`'s `rejectConfusable`: a request target that RFC 3986 and the
 * URL Standard read with another authority or path, as a proxy reading one grammar and a server
 * reading the other would, gets the CONFUSABLE_TARGET error at the component where they part.
 */
import { type ReadingComponent, targetConfusion } from '../ops/readings.js';
import { UriError } from '../syntax/errors.js';
import { Flag, Slot } from '../syntax/offsets.js';

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
  if (c === null) return null;
  const first = c.components[0]!;
  const index = form === ORIGIN ? 0 : where(rec, first);
  const show = (r: typeof c.rfc | null, k: ReadingComponent): string =>
    r === null ? 'none (it rejects the target)' : JSON.stringify(r[k]);
  const parts = c.components.map((k) => `${k} ${show(c.rfc, k)} for RFC 3986, ${show(c.web, k)} for the URL Standard`).join('; ');
  const names = c.components.length === 1 ? first : `${c.components.slice(0, -1).join(', ')} and ${c.components.at(-1)!}`;
  return new UriError(
    'CONFUSABLE_TARGET',
    index,
    text,
    `Confusable request-target ${JSON.stringify(text)} at index ${index}: RFC 3986 and the URL Standard read another ${names} in it (${parts})`,
  );
}

/**
 * Where a component begins in the target's record: the path's start for the path, or where RFC
 * 3986 reads no authority (the URL Standard reads one there); the authority's for the userinfo;
 * the host's otherwise (a port never differs alone: both read it as a number).
 */
function where(rec: Uint32Array, component: ReadingComponent): number {
  if (component === 'path' || (rec[Slot.FLAGS]! & Flag.AUTHORITY) === 0) return rec[Slot.PATH_START]!;
  return component === 'userinfo' ? rec[Slot.AUTHORITY_START]! : rec[Slot.HOST_START]!;
}

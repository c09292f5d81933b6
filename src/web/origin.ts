/** The URL Standard's origin of a URL, from its href: what `parseWeb(x).origin` and `new URL(x).origin` give. */
import { Slot } from '../syntax/offsets.js';
import { WEB_RECORD_LENGTH } from './scan.js';
import { webHref } from './url.js';

/** The schemes whose URLs have a tuple origin (the URL Standard, §4.5 "origin"). */
const TUPLE = /^(?:https?|wss?|ftp)$/;
const inner = new Uint32Array(WEB_RECORD_LENGTH);

/**
 * The origin of the URL whose href `s` is (its own serialization; `o` the record RFC 3986 reads
 * it with), serialized as the HTML Standard serializes an origin: `scheme://host[:port]` for
 * http, https, ws, wss and ftp (the href writes them in lower case, without a default port); for
 * blob:, the origin of the URL that its path parses to when that is an http or https URL; "null",
 * an opaque origin, for everything else, file: included.
 */
export function webOrigin(s: string, o: Uint32Array): string {
  const scheme = s.slice(0, o[Slot.SCHEME_END]);
  if (scheme === 'blob') {
    // The path as the URL path serializer writes it: the href's own (a "/." guard before a
    // host-less "//" path aside, which leaves no URL to parse either way).
    const href = webHref(s.slice(o[Slot.PATH_START], o[Slot.PATH_END]), null, inner);
    if (href === null) return 'null';
    const innerScheme = href.slice(0, inner[Slot.SCHEME_END]);
    return innerScheme === 'http' || innerScheme === 'https' ? tuple(href, inner) : 'null';
  }
  return TUPLE.test(scheme) ? tuple(s, o) : 'null';
}

/** scheme "://" host [":" port], the userinfo left out. */
function tuple(s: string, o: Uint32Array): string {
  return `${s.slice(0, o[Slot.SCHEME_END])}://${s.slice(o[Slot.HOST_START], o[Slot.PATH_START])}`;
}

/**
 * What urikit knows of particular schemes (RFC 3986 §6.2.3, scheme-based normalization).
 *
 * Generic syntax leaves to each scheme its default port, whether an empty path means "/", and
 * how its components compare; these facts are gathered here so that every layer (normalize, the
 * `Uri` view, request targets) asks one place. Scheme names are given in lower case.
 */

/**
 * Default ports (§6.2.3): a port equal to its scheme's default is dropped. From the IANA
 * service-name registry for the schemes that name a transport port.
 */
export const DEFAULT_PORTS: Readonly<Record<string, number>> = Object.freeze({
  ftp: 21,
  ssh: 22,
  sftp: 22,
  telnet: 23,
  gopher: 70,
  http: 80,
  ws: 80,
  pop: 110,
  nntp: 119,
  imap: 143,
  snmp: 161,
  ldap: 389,
  https: 443,
  wss: 443,
  rtsp: 554,
  ldaps: 636,
  mqtt: 1883,
  sip: 5060,
  sips: 5061,
  amqp: 5672,
  redis: 6379,
  git: 9418,
});

/** The scheme's default port, from DEFAULT_PORTS' own entries (never Object.prototype's). */
export function defaultPortOf(scheme: string): number | undefined {
  return Object.hasOwn(DEFAULT_PORTS, scheme) ? DEFAULT_PORTS[scheme] : undefined;
}

/** Schemes whose empty path with an authority means "/" (§6.2.3). */
const EMPTY_PATH_IS_ROOT: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss']);

/** Whether an empty path after an authority means "/" for `scheme` (§6.2.3: http, https, ws, wss). */
export function emptyPathIsRoot(scheme: string): boolean {
  return EMPTY_PATH_IS_ROOT.has(scheme);
}

/**
 * mailto (RFC 6068 §2, the §6.2.3 example): the domain of each address is case-insensitive, so
 * the text after the last "@" of every comma-separated address goes to lower case, "%XX" left as
 * it is (its hex digits are upper case after §6.2.2.1). Every search moves forward only, so the
 * work stays linear however many addresses there are.
 */
export function lowerMailtoDomains(path: string): string {
  // Output is built only from the first domain that changes: most addresses need nothing.
  let out = '';
  let copied = 0; // path[copied, ...) is not in out yet
  let pct = -2; // the next "%" at or after the last domain's "@"; -1: none; -2: not looked for yet
  for (let start = 0; start <= path.length; ) {
    let end = path.indexOf(',', start);
    if (end === -1) end = path.length;
    let at = -1;
    for (let k = start; k < end; k++) if (path.charCodeAt(k) === 0x40) at = k;
    if (at >= 0) {
      // Each search starts at this "@" and is kept while it lies ahead: the ranges searched never
      // overlap. (A search from the path's start, kept and moved on with indexOf from the last
      // "%", measured linear unoptimized and quadratic once TurboFan compiled it.)
      if (pct !== -1 && pct < at) pct = path.indexOf('%', at);
      // The domain [at, end), lower case outside its "%XX".
      let domain = '';
      let run = at;
      for (; pct !== -1 && pct < end; pct = path.indexOf('%', run)) {
        domain += path.slice(run, pct).toLowerCase() + path.slice(pct, pct + 3);
        run = pct + 3;
      }
      domain += path.slice(run, end).toLowerCase();
      if (!path.startsWith(domain, at)) {
        out += path.slice(copied, at) + domain;
        copied = end;
      }
    }
    start = end + 1;
  }
  return copied === 0 ? path : out + path.slice(copied);
}

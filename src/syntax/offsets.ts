/**
 * The offsets record: the `Uint32Array` that `scan` fills and every later layer reads (the `Uri`
 * view, resolve, normalize, relativize, the byte views). Its layout, the readers that turn its
 * flags into answers, a diagram for debugging and the invariants a sound record keeps.
 *
 * ```
 *   HTTP://u:p@[::1]:8080/a/b?q=1#f
 *       ^  ^  ^    ^    ^   ^   ^ ^
 *       |  |  |    |    |   |   | FRAGMENT_START (after "#"; the fragment ends at LENGTH)
 *       |  |  |    |    |   |   QUERY_END (the "#", or LENGTH)
 *       |  |  |    |    |   QUERY_START (after "?"); PATH_END is the "?"
 *       |  |  |    |    PATH_START (the authority and the port end here)
 *       |  |  |    PORT_START (after ":")
 *       |  |  HOST_START (after "@"); HOST_END is the ":" or PATH_START
 *       |  USERINFO_END (the "@"); AUTHORITY_START is after "//"
 *       SCHEME_END (the ":"; the scheme starts at 0)
 * ```
 *
 * An absent component's slots hold 0; FLAGS says which components are present.
 */
import { argumentError } from './errors.js';
import { isIPv4 } from './host.js';

/** Length an offsets record must have at least. */
export const OFFSETS_LENGTH = 15;

/**
 * Slots of the offsets record.
 *
 * @example
 * const rec = new Uint32Array(OFFSETS_LENGTH);
 * scan('http://example.com/a', rec);
 * 'http://example.com/a'.slice(rec[Slot.HOST_START], rec[Slot.HOST_END]); // 'example.com'
 */
export const Slot = Object.freeze({
  /** Index of the ":" that ends the scheme (scheme = [0, SCHEME_END)). */
  SCHEME_END: 0,
  /** First index after "//". */
  AUTHORITY_START: 1,
  /** Index of the "@" that ends the userinfo (userinfo = [AUTHORITY_START, USERINFO_END)). */
  USERINFO_END: 2,
  /** First index of the host (an IP-literal's "["). */
  HOST_START: 3,
  /** Index after the host. */
  HOST_END: 4,
  /** First index after the port's ":" (port = [PORT_START, PATH_START)). */
  PORT_START: 5,
  /** First index of the path; the authority ends here. */
  PATH_START: 6,
  /** Index after the path: the "?", the "#" or LENGTH. */
  PATH_END: 7,
  /** First index after "?". */
  QUERY_START: 8,
  /** Index after the query: the "#" or LENGTH. */
  QUERY_END: 9,
  /** First index after "#" (the fragment ends at LENGTH). */
  FRAGMENT_START: 10,
  /** The input's length (for `scanBytes`, the end of the range). */
  LENGTH: 11,
  /** A bit set of `Flag`s. */
  FLAGS: 12,
  /** On an error: the index of the first character that cannot be accepted. */
  ERROR_INDEX: 13,
  /** In lenient mode, with a WARN_* flag: the index of the first tolerated character. */
  WARNING_INDEX: 14,
});

/**
 * Bits of `offsets[Slot.FLAGS]`: which components are present, the host's type, hints that let
 * normalize and resolve skip work, and what lenient mode tolerated.
 *
 * @example
 * const rec = new Uint32Array(OFFSETS_LENGTH);
 * scan('http://a/?q', rec);
 * (rec[Slot.FLAGS] & Flag.QUERY) !== 0; // true
 */
export const Flag = Object.freeze({
  SCHEME: 1 << 0,
  AUTHORITY: 1 << 1,
  USERINFO: 1 << 2,
  PORT: 1 << 3,
  QUERY: 1 << 4,
  FRAGMENT: 1 << 5,
  /** The host is an IPv4address. */
  HOST_IPV4: 1 << 6,
  /** The host is an IP-literal holding an IPv6address. */
  HOST_IPV6: 1 << 7,
  /** The host is an IP-literal holding an IPvFuture. */
  HOST_IPVFUTURE: 1 << 8,
  /** Some `%XX` occurs (a normalization hint). */
  PERCENT: 1 << 9,
  /** Some path segment begins with "." (may be a dot-segment: a normalization hint). */
  DOT: 1 << 10,
  /** The input holds RFC 3987 characters (only with the `iri` option). */
  NON_ASCII: 1 << 11,
  /** Lenient mode kept a character outside the grammar (space, `"`, `<`, `\`, `[` in a path, `#` in a fragment, ...). */
  WARN_CHAR: 1 << 12,
  /** Lenient mode kept a code unit >= 0x80 that is not an allowed IRI character. */
  WARN_NON_ASCII: 1 << 13,
  /** Lenient mode kept a "%" that is not followed by two hex digits. */
  WARN_PERCENT: 1 << 14,
  /** Lenient mode found more than one "@" in the authority; the last one ended the userinfo. */
  WARN_AT: 1 << 15,
  /** The scheme or a reg-name host holds an upper-case letter (normalization lowers it). */
  UPPER: 1 << 16,
  /** Some `%XX` has a lower-case hex digit (normalization raises it). */
  PCT_LOWER: 1 << 17,
  /** Some `%XX` encodes an unreserved character (normalization decodes it). */
  PCT_UNRESERVED: 1 << 18,
});

/**
 * The components a view reads and what bounds each in the record: present when FLAGS has its flag
 * (the path always is), from a start slot (or where the input begins) to an end slot. ByteView
 * reads its components by it (rangeFlag, rangeStart, rangeEnd). Uri keeps the slots in fields of
 * their names and reads those: through the table (a switch from slot to field, or the fields
 * passed to one function), a parse and three reads took 70 to 120 instructions more on kasztp,
 * which V8 does not fold; test/syntax/offsets.test.ts holds each Uri getter to the table. A
 * `const enum`, so that a getter of one component compiles to its own constants (a frozen
 * object's properties are read at run time): `(flag bit + 1) << 8 | (start slot + 1) << 4 | end slot`, with flag bit -1
 * for "always" and start slot -1 for "the input's start"; test/syntax/offsets.test.ts checks each
 * against Flag and Slot.
 */
// biome-ignore lint/suspicious/noConstEnum: its members must be constants in the compiled getters (tsc inlines them)
export const enum Range {
  /** scheme = [the input's start, SCHEME_END), with Flag.SCHEME */
  SCHEME = (1 << 8) | (0 << 4) | 0,
  /** authority = [AUTHORITY_START, PATH_START), with Flag.AUTHORITY */
  AUTHORITY = (2 << 8) | (2 << 4) | 6,
  /** userinfo = [AUTHORITY_START, USERINFO_END), with Flag.USERINFO */
  USERINFO = (3 << 8) | (2 << 4) | 2,
  /** host = [HOST_START, HOST_END), with Flag.AUTHORITY */
  HOST = (2 << 8) | (4 << 4) | 4,
  /** port = [PORT_START, PATH_START), with Flag.PORT */
  PORT = (4 << 8) | (6 << 4) | 6,
  /** path = [PATH_START, PATH_END), always */
  PATH = (0 << 8) | (7 << 4) | 7,
  /** query = [QUERY_START, QUERY_END), with Flag.QUERY */
  QUERY = (5 << 8) | (9 << 4) | 9,
  /** fragment = [FRAGMENT_START, LENGTH), with Flag.FRAGMENT */
  FRAGMENT = (6 << 8) | (11 << 4) | 11,
}

/** The flag that says a range's component is there; 0 for the path, which always is. */
export function rangeFlag(r: Range): number {
  const bit = r >> 8;
  return bit === 0 ? 0 : 1 << (bit - 1);
}

/** The slot of a range's start; -1 for the input's start (0 in a string's record). */
export function rangeStart(r: Range): number {
  return ((r >> 4) & 15) - 1;
}

/** The slot of a range's end. */
export function rangeEnd(r: Range): number {
  return r & 15;
}

/** Every flag of what lenient mode tolerated: a record without them is strict RFC 3986 (or RFC 3987). */
export const WARNING_FLAGS = Flag.WARN_CHAR | Flag.WARN_NON_ASCII | Flag.WARN_PERCENT | Flag.WARN_AT;

/** The host is an IP-literal (`[...]`). */
export const HOST_LITERAL = Flag.HOST_IPV6 | Flag.HOST_IPVFUTURE;

/** The hints that say what normalization must change (none set: the text is already in normal case and encoding). */
export const NORMALIZE_HINTS = Flag.UPPER | Flag.PCT_LOWER | Flag.PCT_UNRESERVED;

const ALL_FLAGS = (Flag.PCT_UNRESERVED << 1) - 1;

/** The host's form (RFC 3986 §3.2.2). */
export type HostType = 'reg-name' | 'ipv4' | 'ipv6' | 'ipvfuture';

/**
 * The host's form as the flags tell it; `undefined` without an authority.
 *
 * @example
 * hostTypeOf(Flag.AUTHORITY | Flag.HOST_IPV6); // 'ipv6'
 */
export function hostTypeOf(flags: number): HostType | undefined {
  if (typeof flags !== 'number') throw argumentError('hostTypeOf', 'flags', 'a number', flags);
  if ((flags & Flag.AUTHORITY) === 0) return undefined;
  if ((flags & Flag.HOST_IPV4) !== 0) return 'ipv4';
  if ((flags & Flag.HOST_IPV6) !== 0) return 'ipv6';
  if ((flags & Flag.HOST_IPVFUTURE) !== 0) return 'ipvfuture';
  return 'reg-name';
}

/** What lenient mode tolerated (see `warningsOf`). */
export type UriWarning = 'INVALID_CHAR' | 'NON_ASCII' | 'INVALID_PERCENT_ENCODING' | 'MULTIPLE_AT';

const NO_WARNINGS: readonly UriWarning[] = Object.freeze([]);

/** The warnings by flag, in the order `warningsOf` lists them. */
export const WARNINGS: ReadonlyArray<readonly [UriWarning, number]> = Object.freeze([
  ['INVALID_CHAR', Flag.WARN_CHAR],
  ['NON_ASCII', Flag.WARN_NON_ASCII],
  ['INVALID_PERCENT_ENCODING', Flag.WARN_PERCENT],
  ['MULTIPLE_AT', Flag.WARN_AT],
] as const);

/**
 * What lenient mode kept that strict RFC 3986 rejects, in a fixed order; a shared empty array
 * when nothing was.
 *
 * @example
 * warningsOf(Flag.WARN_CHAR | Flag.WARN_AT); // ['INVALID_CHAR', 'MULTIPLE_AT']
 */
export function warningsOf(flags: number): readonly UriWarning[] {
  if (typeof flags !== 'number') throw argumentError('warningsOf', 'flags', 'a number', flags);
  if ((flags & WARNING_FLAGS) === 0) return NO_WARNINGS;
  const out: UriWarning[] = [];
  for (const [name, bit] of WARNINGS) if ((flags & bit) !== 0) out.push(name);
  return out;
}

/**
 * Where the part before the fragment ends: the "#", or LENGTH.
 *
 * @example
 * scan('http://a/b?q#f', rec);
 * fragmentMarkOf(rec); // 12
 */
export function fragmentMarkOf(rec: Uint32Array): number {
  return (rec[Slot.FLAGS]! & Flag.FRAGMENT) !== 0 ? rec[Slot.FRAGMENT_START]! - 1 : rec[Slot.LENGTH]!;
}

/**
 * Writes a whole record of a success: every boundary (0 for an absent component), the length,
 * the flags and the first tolerated character's index. The one place that writes the layout.
 */
export function setOffsets(
  rec: Uint32Array,
  schemeEnd: number,
  authorityStart: number,
  userinfoEnd: number,
  hostStart: number,
  hostEnd: number,
  portStart: number,
  pathStart: number,
  pathEnd: number,
  queryStart: number,
  queryEnd: number,
  fragmentStart: number,
  length: number,
  flags: number,
  warningIndex: number,
): Uint32Array {
  // The slots in Slot's order, by number: V8 reads a frozen object's properties at run time (a
  // write by `Slot.X` costs three times the instructions of one by a literal).
  rec[0] = schemeEnd;
  rec[1] = authorityStart;
  rec[2] = userinfoEnd;
  rec[3] = hostStart;
  rec[4] = hostEnd;
  rec[5] = portStart;
  rec[6] = pathStart;
  rec[7] = pathEnd;
  rec[8] = queryStart;
  rec[9] = queryEnd;
  rec[10] = fragmentStart;
  rec[11] = length;
  rec[12] = flags;
  rec[13] = 0;
  rec[14] = warningIndex;
  return rec;
}

/**
 * A record as fields, for the `Uri` constructor to copy: what setCommon writes when its record is
 * PARTS (the common shapes: no userinfo, no port, no warning; the authority starts at the host),
 * so that `parse` makes its `Uri` without writing a record and reading it back, and what
 * `partsOf` copies from a record. One small constructor over these fields leaves V8 room to
 * inline the getters a caller reads after `parse`.
 */
export const parts = {
  schemeEnd: 0,
  authorityStart: 0,
  userinfoEnd: 0,
  hostStart: 0,
  hostEnd: 0,
  portStart: 0,
  pathStart: 0,
  pathEnd: 0,
  queryStart: 0,
  queryEnd: 0,
  fragmentStart: 0,
  flags: 0,
  warningIndex: 0,
};

/** The record that stands for `parts` (no caller outside the library holds it). */
export const PARTS = new Uint32Array(0);

/** Writes a record of the common shapes into `rec`, or into `parts` when `rec` is PARTS. */
export function setCommon(
  rec: Uint32Array,
  schemeEnd: number,
  hostStart: number,
  hostEnd: number,
  pathStart: number,
  pathEnd: number,
  queryStart: number,
  queryEnd: number,
  fragmentStart: number,
  length: number,
  flags: number,
): void {
  if (rec === PARTS) {
    parts.schemeEnd = schemeEnd;
    parts.authorityStart = hostStart;
    parts.userinfoEnd = 0;
    parts.hostStart = hostStart;
    parts.hostEnd = hostEnd;
    parts.portStart = 0;
    parts.pathStart = pathStart;
    parts.pathEnd = pathEnd;
    parts.queryStart = queryStart;
    parts.queryEnd = queryEnd;
    parts.fragmentStart = fragmentStart;
    parts.flags = flags;
    parts.warningIndex = 0;
    return;
  }
  setOffsets(
    rec,
    schemeEnd,
    hostStart,
    0,
    hostStart,
    hostEnd,
    0,
    pathStart,
    pathEnd,
    queryStart,
    queryEnd,
    fragmentStart,
    length,
    flags,
    0,
  );
}

/** Copies a record into `parts` (by number, Slot's order, as setOffsets writes them). */
export function partsOf(rec: Uint32Array): void {
  parts.schemeEnd = rec[0]!;
  parts.authorityStart = rec[1]!;
  parts.userinfoEnd = rec[2]!;
  parts.hostStart = rec[3]!;
  parts.hostEnd = rec[4]!;
  parts.portStart = rec[5]!;
  parts.pathStart = rec[6]!;
  parts.pathEnd = rec[7]!;
  parts.queryStart = rec[8]!;
  parts.queryEnd = rec[9]!;
  parts.fragmentStart = rec[10]!;
  parts.flags = rec[12]!;
  parts.warningIndex = rec[14]!;
}

/**
 * Moves a record `delta` positions up, as `scan` would have written it for the same text starting
 * `delta` code units later: on success every present component's boundaries, the length and a
 * warning's index (an absent component's slots stay 0); on an error, the error's index.
 */
export function moveOffsets(rec: Uint32Array, code: number, delta: number): void {
  if (code !== 0) {
    rec[Slot.ERROR_INDEX]! += delta;
    return;
  }
  const f = rec[Slot.FLAGS]!;
  if ((f & Flag.SCHEME) !== 0) rec[Slot.SCHEME_END]! += delta;
  if ((f & Flag.AUTHORITY) !== 0) {
    rec[Slot.AUTHORITY_START]! += delta;
    rec[Slot.HOST_START]! += delta;
    rec[Slot.HOST_END]! += delta;
    if ((f & Flag.USERINFO) !== 0) rec[Slot.USERINFO_END]! += delta;
    if ((f & Flag.PORT) !== 0) rec[Slot.PORT_START]! += delta;
  }
  rec[Slot.PATH_START]! += delta;
  rec[Slot.PATH_END]! += delta;
  if ((f & Flag.QUERY) !== 0) {
    rec[Slot.QUERY_START]! += delta;
    rec[Slot.QUERY_END]! += delta;
  }
  if ((f & Flag.FRAGMENT) !== 0) rec[Slot.FRAGMENT_START]! += delta;
  rec[Slot.LENGTH]! += delta;
  if ((f & WARNING_FLAGS) !== 0) rec[Slot.WARNING_INDEX]! += delta;
}

/**
 * Moves every boundary of a record down by `delta` (a record of bytes [delta, ...) made to
 * describe the same text starting at 0). Absent components' slots hold 0 and stay 0.
 */
export function shiftOffsets(rec: Uint32Array, delta: number): Uint32Array {
  for (let k = 0; k < OFFSETS_LENGTH; k++) if (k !== Slot.FLAGS && rec[k]! >= delta) rec[k]! -= delta;
  return rec;
}

// ---------------------------------------------------------------------------------------------
// For debugging and tests.

const FLAG_NAMES = Object.keys(Flag) as Array<keyof typeof Flag>;

/** The boundaries a record holds for the components present, with their slot names. */
function marks(rec: Uint32Array): Array<[number, string]> {
  const f = rec[Slot.FLAGS]!;
  const out: Array<[number, string]> = [];
  const mark = (slot: keyof typeof Slot): void => {
    out.push([rec[Slot[slot]]!, slot]);
  };
  if ((f & Flag.SCHEME) !== 0) mark('SCHEME_END');
  if ((f & Flag.AUTHORITY) !== 0) {
    mark('AUTHORITY_START');
    if ((f & Flag.USERINFO) !== 0) mark('USERINFO_END');
    mark('HOST_START');
    mark('HOST_END');
    if ((f & Flag.PORT) !== 0) mark('PORT_START');
  }
  mark('PATH_START');
  mark('PATH_END');
  if ((f & Flag.QUERY) !== 0) {
    mark('QUERY_START');
    mark('QUERY_END');
  }
  if ((f & Flag.FRAGMENT) !== 0) mark('FRAGMENT_START');
  mark('LENGTH');
  if ((f & WARNING_FLAGS) !== 0) mark('WARNING_INDEX');
  return out;
}

/**
 * The record drawn under its input, one column per UTF-16 code unit (a control character or a
 * non-ASCII code unit is drawn as "·"), each boundary marked with its slot's name and value,
 * then the flags. For reading a record while debugging, and for golden tests.
 *
 * @example
 * scan('http://a:1/p?q', rec);
 * describeOffsets('http://a:1/p?q', rec);
 * // http://a:1/p?q
 * //     ^  ^^^^ ^^^
 * //     |  |||| ||QUERY_END=14, LENGTH=14
 * //     |  |||| |QUERY_START=13
 * //     |  |||| PATH_END=12
 * //     |  |||PATH_START=10
 * //     |  ||PORT_START=9
 * //     |  |HOST_END=8
 * //     |  AUTHORITY_START=7, HOST_START=7
 * //     SCHEME_END=4
 * // FLAGS=SCHEME|AUTHORITY|PORT|QUERY
 */
export function describeOffsets(input: string, rec: Uint32Array): string {
  if (typeof input !== 'string') throw argumentError('describeOffsets', 'input', 'a string', input);
  if (!(rec instanceof Uint32Array) || rec.length < OFFSETS_LENGTH)
    throw argumentError('describeOffsets', 'rec', `an offsets record (a Uint32Array of ${OFFSETS_LENGTH} slots or more)`, rec);
  const groups = new Map<number, string[]>();
  for (const [at, name] of marks(rec)) {
    const labels = groups.get(at) ?? [];
    labels.push(`${name}=${at}`);
    groups.set(at, labels);
  }
  const columns = [...groups.keys()].sort((a, b) => a - b);
  const width = Math.max(input.length, columns.length === 0 ? 0 : columns[columns.length - 1]! + 1);
  const lines = [input.replace(/[\u0000-\u001f\u007f-\uffff]/g, '·')];
  const row = (upTo: number, ch: string): string[] => {
    const cells = new Array<string>(Math.min(width, upTo)).fill(' ');
    for (const c of columns) if (c < upTo) cells[c] = ch;
    return cells;
  };
  lines.push(row(width, '^').join('').trimEnd());
  for (let k = columns.length - 1; k >= 0; k--) {
    const c = columns[k]!;
    lines.push(`${row(c, '|').join('')}${groups.get(c)!.join(', ')}`);
  }
  const f = rec[Slot.FLAGS]!;
  const names = FLAG_NAMES.filter((n) => (f & Flag[n]) !== 0);
  lines.push(`FLAGS=${names.length === 0 ? '0' : names.join('|')}`);
  return lines.join('\n');
}

/**
 * Checks the invariants of a record that `scan` (or a function that builds a record for its
 * output) filled on success, and returns the first one broken, or `undefined` for a sound
 * record. With `input`, also that each boundary sits on its delimiter, that the hints are
 * exact, and that the host's type is what its text says. For tests.
 *
 * @example
 * scan('http://a/b', rec);
 * checkOffsets(rec, 'http://a/b'); // undefined
 * rec[Slot.PATH_START] = 99;
 * checkOffsets(rec, 'http://a/b'); // 'PATH_START=99, expected 8 (HOST_END)'
 */
export function checkOffsets(rec: Uint32Array, input?: string): string | undefined {
  if (rec.length < OFFSETS_LENGTH) return `the record has ${rec.length} slots, fewer than ${OFFSETS_LENGTH}`;
  const v = (slot: keyof typeof Slot): number => rec[Slot[slot]]!;
  const f = v('FLAGS');
  const has = (flag: number): boolean => (f & flag) !== 0;
  const len = v('LENGTH');
  const expect = (slot: keyof typeof Slot, want: number, what: string): string | undefined =>
    v(slot) === want ? undefined : `${slot}=${v(slot)}, expected ${want} (${what})`;
  const at = (i: number, ch: string, slot: string): string | undefined =>
    input === undefined || input[i] === ch ? undefined : `${slot} expects ${JSON.stringify(ch)} at ${i}`;
  const first = (...checks: Array<string | undefined>): string | undefined => checks.find((c) => c !== undefined);

  if (input !== undefined && len !== input.length) return `LENGTH=${len} is not the input's length ${input.length}`;
  if ((f & ~ALL_FLAGS) !== 0) return `FLAGS has unknown bits ${(f & ~ALL_FLAGS).toString(2)}`;
  if (v('ERROR_INDEX') !== 0) return `ERROR_INDEX=${v('ERROR_INDEX')} on success`;
  const types = [Flag.HOST_IPV4, Flag.HOST_IPV6, Flag.HOST_IPVFUTURE].filter(has).length;
  if (types > 1) return 'more than one HOST_* type flag';

  // scheme ":" and where the rest begins.
  let restStart = 0;
  if (has(Flag.SCHEME)) {
    const e = first(
      v('SCHEME_END') === 0 ? 'SCHEME_END=0 with SCHEME: an empty scheme' : undefined,
      at(v('SCHEME_END'), ':', 'SCHEME_END'),
    );
    if (e !== undefined) return e;
    restStart = v('SCHEME_END') + 1;
  } else {
    const e = expect('SCHEME_END', 0, 'absent');
    if (e !== undefined) return e;
  }

  // "//" authority: [ userinfo "@" ] host [ ":" port ].
  let pathStart = restStart;
  if (has(Flag.AUTHORITY)) {
    const as = restStart + 2;
    let e = first(
      expect('AUTHORITY_START', as, 'after "//"'),
      at(restStart, '/', 'AUTHORITY_START'),
      at(restStart + 1, '/', 'AUTHORITY_START'),
    );
    if (e !== undefined) return e;
    let hostStart = as;
    if (has(Flag.USERINFO)) {
      e = first(
        v('USERINFO_END') < as ? `USERINFO_END=${v('USERINFO_END')} before AUTHORITY_START=${as}` : undefined,
        at(v('USERINFO_END'), '@', 'USERINFO_END'),
      );
      if (e !== undefined) return e;
      hostStart = v('USERINFO_END') + 1;
    } else {
      e = expect('USERINFO_END', 0, 'absent');
      if (e !== undefined) return e;
    }
    e = expect('HOST_START', hostStart, has(Flag.USERINFO) ? 'after "@"' : 'AUTHORITY_START');
    if (e !== undefined) return e;
    if (v('HOST_END') < hostStart) return `HOST_END=${v('HOST_END')} before HOST_START=${hostStart}`;
    pathStart = v('HOST_END');
    if (has(Flag.PORT)) {
      e = first(expect('PORT_START', v('HOST_END') + 1, 'after HOST_END'), at(v('HOST_END'), ':', 'PORT_START'));
      if (e !== undefined) return e;
      if (v('PATH_START') < v('PORT_START')) return `PATH_START=${v('PATH_START')} before PORT_START=${v('PORT_START')}`;
      pathStart = v('PATH_START');
    } else {
      e = expect('PORT_START', 0, 'absent');
      if (e !== undefined) return e;
    }
    if ((has(Flag.HOST_IPV6) || has(Flag.HOST_IPVFUTURE)) && input !== undefined) {
      if (input[v('HOST_START')] !== '[' || input[v('HOST_END') - 1] !== ']') return 'an IP-literal host without its brackets';
    }
  } else {
    if (has(Flag.USERINFO) || has(Flag.PORT) || types > 0) return 'USERINFO, PORT or a host type without AUTHORITY';
    for (const slot of ['AUTHORITY_START', 'USERINFO_END', 'HOST_START', 'HOST_END', 'PORT_START'] as const) {
      const e = expect(slot, 0, 'absent');
      if (e !== undefined) return e;
    }
  }
  let e = expect('PATH_START', pathStart, has(Flag.PORT) ? 'after the port' : has(Flag.AUTHORITY) ? 'HOST_END' : 'after the scheme');
  if (e !== undefined) return e;
  if (v('PATH_END') < pathStart) return `PATH_END=${v('PATH_END')} before PATH_START=${pathStart}`;

  // "?" query, "#" fragment, and where each part ends.
  let end = v('PATH_END');
  if (has(Flag.QUERY)) {
    e = first(expect('QUERY_START', end + 1, 'after PATH_END'), at(end, '?', 'QUERY_START'));
    if (e !== undefined) return e;
    if (v('QUERY_END') < v('QUERY_START')) return `QUERY_END=${v('QUERY_END')} before QUERY_START=${v('QUERY_START')}`;
    end = v('QUERY_END');
  } else {
    e = first(expect('QUERY_START', 0, 'absent'), expect('QUERY_END', 0, 'absent'));
    if (e !== undefined) return e;
  }
  if (has(Flag.FRAGMENT)) {
    e = first(expect('FRAGMENT_START', end + 1, 'after the "#"'), at(end, '#', 'FRAGMENT_START'));
    if (e !== undefined) return e;
    if (v('FRAGMENT_START') > len) return `FRAGMENT_START=${v('FRAGMENT_START')} past LENGTH=${len}`;
  } else {
    e = first(expect('FRAGMENT_START', 0, 'absent'), end === len ? undefined : `the URI ends at ${end}, not at LENGTH=${len}`);
    if (e !== undefined) return e;
  }
  if ((f & WARNING_FLAGS) === 0 ? v('WARNING_INDEX') !== 0 : v('WARNING_INDEX') >= len) {
    return `WARNING_INDEX=${v('WARNING_INDEX')} does not go with the WARN_* flags`;
  }
  if (input === undefined) return undefined;

  // The text itself: the path's shape (§3.3) and the exact hints.
  const path = input.slice(pathStart, v('PATH_END'));
  if (has(Flag.AUTHORITY) ? path !== '' && path[0] !== '/' : path.startsWith('//')) {
    return `the path ${JSON.stringify(path)} cannot follow ${has(Flag.AUTHORITY) ? 'an authority' : 'what precedes it'}`;
  }
  if (has(Flag.DOT) !== (path[0] === '.' || path.includes('/.'))) return `DOT is ${has(Flag.DOT)} for the path ${JSON.stringify(path)}`;
  if (has(Flag.PERCENT) !== /%[0-9A-Fa-f]{2}/.test(input)) return `PERCENT is ${has(Flag.PERCENT)}`;
  if (has(Flag.NON_ASCII) && !/[^\u0000-\u007f]/.test(input)) return 'NON_ASCII on an ASCII input';
  const upper =
    (has(Flag.SCHEME) && /[A-Z]/.test(input.slice(0, v('SCHEME_END')))) ||
    (has(Flag.AUTHORITY) && (f & HOST_LITERAL) === 0 && /[A-Z]/.test(input.slice(v('HOST_START'), v('HOST_END'))));
  if (has(Flag.UPPER) !== upper) return `UPPER is ${has(Flag.UPPER)}`;
  const encodings = input.match(/%[0-9A-Fa-f]{2}/g) ?? [];
  if (has(Flag.PCT_LOWER) !== encodings.some((e) => /[a-f]/.test(e))) return `PCT_LOWER is ${has(Flag.PCT_LOWER)}`;
  const unreserved = encodings.some((e) => /[A-Za-z0-9\-._~]/.test(String.fromCharCode(Number.parseInt(e.slice(1), 16))));
  if (has(Flag.PCT_UNRESERVED) !== unreserved) return `PCT_UNRESERVED is ${has(Flag.PCT_UNRESERVED)}`;
  if (has(Flag.AUTHORITY) && !has(Flag.HOST_IPV6) && !has(Flag.HOST_IPVFUTURE)) {
    if (has(Flag.HOST_IPV4) !== isIPv4(input, v('HOST_START'), v('HOST_END'))) return `HOST_IPV4 is ${has(Flag.HOST_IPV4)}`;
  }
  return undefined;
}

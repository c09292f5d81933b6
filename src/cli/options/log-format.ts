/**
 * `--log-format FORMAT`: an nginx `log_format` string (`$remote_addr - $remote_user
 * [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"
 * $request_time`) or an Apache `LogFormat` string (`%h %l %u %t "%r" %>s %b "%{Referer}i"
 * "%{User-Agent}i" %D`), compiled once into steps that read a line field by field: a literal
 * must be there byte for byte; a field between quotes ends at the first quote no backslash
 * escapes; any other field ends where the next literal's first byte is (or at the line's end).
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;

/** What a field of a line is to the reader: most are read, the others skipped. */
export enum Field {
  SKIP = 0,
  CLIENT,
  /** `[17/May/2015:10:05:03 +0000]`'s text: nginx `$time_local`, Apache `%t` (with its brackets as literals). */
  TIME_LOCAL,
  /** `2015-05-17T10:05:03+00:00`: nginx `$time_iso8601`. */
  TIME_ISO,
  /** `GET /a?b HTTP/1.1`: nginx `$request`, Apache `%r`. */
  REQUEST,
  /** A request target alone: nginx `$request_uri`, Apache `%U%q` (`%U` with `%q` right after it). */
  TARGET,
  STATUS,
  SIZE,
  REFERRER,
  AGENT,
  /** A time taken in seconds (nginx `$request_time`, `$upstream_response_time`; Apache `%T`), milliseconds (`%{ms}T`), microseconds (`%D`). */
  SECONDS,
  MILLISECONDS,
  MICROSECONDS,
}

/** One step of a compiled format: a literal (bytes that must be there), or a field. */
export interface Step {
  readonly literal: Uint8Array | null;
  readonly field: Field;
  /** A field between quotes: it ends at its closing quote (escapes skipped). */
  readonly quoted: boolean;
  /** The byte that ends an unquoted field (the next literal's first), or -1: the line's end. */
  readonly stop: number;
}

/** A compiled `--log-format`: its steps, and which fields it has. */
export interface CompiledFormat {
  readonly source: string;
  readonly steps: readonly Step[];
  /** The fields it reads (a field that comes twice is read the first time). */
  readonly has: ReadonlySet<Field>;
}

/** A format string that cannot be read: what is wrong, at which index of it. */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

const NGINX: Readonly<Record<string, Field>> = {
  remote_addr: Field.CLIENT,
  time_local: Field.TIME_LOCAL,
  time_iso8601: Field.TIME_ISO,
  request: Field.REQUEST,
  request_uri: Field.TARGET,
  status: Field.STATUS,
  body_bytes_sent: Field.SIZE,
  bytes_sent: Field.SIZE,
  http_referer: Field.REFERRER,
  http_user_agent: Field.AGENT,
  request_time: Field.SECONDS,
  upstream_response_time: Field.SECONDS,
};

/** Apache's directives without an argument (`%>s` is `%s` after its modifier). */
const APACHE: Readonly<Record<string, Field>> = {
  h: Field.CLIENT,
  a: Field.CLIENT,
  t: Field.TIME_LOCAL,
  r: Field.REQUEST,
  U: Field.TARGET,
  s: Field.STATUS,
  b: Field.SIZE,
  B: Field.SIZE,
  O: Field.SIZE,
  D: Field.MICROSECONDS,
  T: Field.SECONDS,
};

/** Apache's `%{…}x` directives that are read: by their argument (in lower case) and letter. */
function apacheArgument(arg: string, letter: string): Field {
  const a = arg.toLowerCase();
  if (letter === 'i' && a === 'referer') return Field.REFERRER;
  if (letter === 'i' && a === 'user-agent') return Field.AGENT;
  if (letter === 'T' && a === 'ms') return Field.MILLISECONDS;
  if (letter === 'T' && a === 'us') return Field.MICROSECONDS;
  if (letter === 'T' && a === 's') return Field.SECONDS;
  if (letter === 't' && a === '') return Field.TIME_LOCAL;
  return Field.SKIP;
}

/** A piece of a format string: literal text, or a field and where it began. */
type Piece = { text: string } | { field: Field; at: number };

/** The pieces of an nginx format: `$name` and `${name}`; `$` without a name is an error. */
function nginxPieces(f: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  for (let i = 0; i < f.length; ) {
    if (f[i] !== '$') {
      text += f[i++];
      continue;
    }
    const at = i;
    let name: string;
    if (f[i + 1] === '{') {
      const close = f.indexOf('}', i + 2);
      if (close === -1) throw new FormatError('"${" without its "}"', at);
      name = f.slice(i + 2, close);
      i = close + 1;
    } else {
      const m = /^[A-Za-z0-9_]+/.exec(f.slice(i + 1));
      if (m === null) throw new FormatError('"$" without a variable name after it', at);
      name = m[0];
      i += 1 + name.length;
    }
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new FormatError(`"\${${name}}" is not a variable name`, at);
    if (text !== '') out.push({ text });
    text = '';
    out.push({ field: NGINX[name] ?? Field.SKIP, at });
  }
  if (text !== '') out.push({ text });
  return out;
}

/** The pieces of an Apache format: `%x`, `%>x`, `%<x`, `%{arg}x`, status conditions (`%400,501{…}i`), `%%`. */
function apachePieces(f: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  for (let i = 0; i < f.length; ) {
    if (f[i] !== '%') {
      text += f[i++];
      continue;
    }
    const at = i;
    i++;
    if (f[i] === '%') {
      text += '%';
      i++;
      continue;
    }
    // Modifiers: "!" and status codes (a condition), "<" or ">" (original or final request).
    while (i < f.length && /[!<>0-9,]/.test(f[i]!)) i++;
    let arg = '';
    if (f[i] === '{') {
      const close = f.indexOf('}', i + 1);
      if (close === -1) throw new FormatError('"%{" without its "}"', at);
      arg = f.slice(i + 1, close);
      i = close + 1;
    }
    const letter = f[i];
    if (letter === undefined || !/[A-Za-z]/.test(letter)) throw new FormatError('"%" without a directive letter after it', at);
    i++;
    const field = arg === '' ? (APACHE[letter] ?? Field.SKIP) : apacheArgument(arg, letter);
    // %U%q: the path and its query, one request target.
    if (field === Field.TARGET && f.startsWith('%q', i)) i += 2;
    if (text !== '') out.push({ text });
    text = '';
    if (field === Field.TIME_LOCAL) {
      // Apache writes %t with its brackets: they are the field's literals.
      out.push({ text: '[' }, { field, at }, { text: ']' });
      continue;
    }
    out.push({ field, at });
  }
  if (text !== '') out.push({ text });
  return out;
}

/** Joins adjacent literals (Apache's brackets beside text). */
function joined(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if ('text' in p && last !== undefined && 'text' in last) out[out.length - 1] = { text: last.text + p.text };
    else out.push(p);
  }
  return out;
}

const encoder = new TextEncoder();

/**
 * Compiles a format string: nginx's when it holds a `$`, else Apache's when it holds a `%`.
 * Throws `FormatError` for what cannot be read: an unfinished variable or directive, two fields
 * with nothing between them (where one ends could not be told), a format with no request
 * (`$request`, `$request_uri`, `%r`, `%U`) nor referrer, or with no field at all.
 */
export function compileFormat(source: string): CompiledFormat {
  const nginx = source.includes('$');
  if (!nginx && !source.includes('%'))
    throw new FormatError('no field: an nginx log_format has $variables ($remote_addr), an Apache LogFormat %directives (%h)', 0);
  const pieces = joined(nginx ? nginxPieces(source) : apachePieces(source));
  const steps: Step[] = [];
  const has = new Set<Field>();
  pieces.forEach((p, k) => {
    if ('text' in p) {
      steps.push({ literal: encoder.encode(p.text), field: Field.SKIP, quoted: false, stop: -1 });
      return;
    }
    const before = pieces[k - 1];
    const after = pieces[k + 1];
    if (after !== undefined && 'field' in after)
      throw new FormatError('two fields with nothing between them: where the first ends cannot be told', after.at);
    const quoted =
      before !== undefined && 'text' in before && before.text.endsWith('"') && after !== undefined && after.text.startsWith('"');
    const stop = after === undefined ? -1 : after.text.charCodeAt(0);
    // A field read twice is read the first time; the second is skipped.
    const field = has.has(p.field) ? Field.SKIP : p.field;
    if (field !== Field.SKIP) has.add(field);
    steps.push({ literal: null, field, quoted, stop });
  });
  if (!has.has(Field.REQUEST) && !has.has(Field.TARGET) && !has.has(Field.REFERRER))
    throw new FormatError(
      nginx
        ? 'no URI to read: the format has neither $request nor $request_uri nor $http_referer'
        : 'no URI to read: the format has neither %r nor %U nor %{Referer}i',
      0,
    );
  return { source, steps, has };
}

/**
 * Where the fields of one line lie, as a compiled format reads it: `start[f]`, `end[f]` for each
 * `Field` (-1: not in the format, or not reached), or the step where reading stopped.
 */
export class FormatLine {
  readonly start = new Int32Array(Field.MICROSECONDS + 1);
  readonly end = new Int32Array(Field.MICROSECONDS + 1);
  /** With a line that does not fit: where reading stopped, and what was expected there. */
  errorAt = 0;
  expected = '';

  constructor(readonly format: CompiledFormat) {}

  /** Reads the line [from, to) of `b`; false when it does not fit the format (`errorAt`, `expected`). */
  read(b: Uint8Array, from: number, to: number): boolean {
    this.start.fill(-1);
    this.end.fill(-1);
    let p = from;
    for (const s of this.format.steps) {
      const lit = s.literal;
      if (lit !== null) {
        if (p + lit.length > to) return this.fail(p, lit);
        for (let i = 0; i < lit.length; i++) if (b[p + i] !== lit[i]) return this.fail(p, lit);
        p += lit.length;
        continue;
      }
      const at = p;
      if (s.quoted) {
        while (p < to && b[p] !== QUOTE) p += b[p] === BACKSLASH ? 2 : 1;
        if (p > to) p = to;
      } else if (s.stop === -1) {
        p = to;
      } else {
        while (p < to && b[p] !== s.stop) p++;
      }
      if (s.field !== Field.SKIP) {
        this.start[s.field] = at;
        this.end[s.field] = p;
      }
    }
    if (p !== to) {
      this.errorAt = p;
      this.expected = 'the end of the line (the format says no more)';
      return false;
    }
    return true;
  }

  private fail(at: number, literal: Uint8Array): false {
    this.errorAt = at;
    this.expected = `"${Buffer.from(literal).toString('latin1')}"`;
    return false;
  }
}

/** The bytes of the field `f` as read last, as a number of digits (and a point), in seconds after `scale`; -1 when not such a number or absent. */
export function fieldSeconds(b: Uint8Array, start: number, end: number, scale: number): number {
  if (start === -1 || start === end) return -1;
  let v = 0;
  let div = 0;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    if (c === 0x2e && div === 0) {
      div = 1;
      continue;
    }
    // nginx writes the upstreams' times as "0.012, 0.003": the first is read.
    if (c === 0x2c || c === SPACE) break;
    const d = c - 0x30;
    if (d < 0 || d > 9 || i - start > 15) return -1;
    v = v * 10 + d;
    if (div !== 0) div *= 10;
  }
  return (div === 0 ? v : v / div) / scale;
}

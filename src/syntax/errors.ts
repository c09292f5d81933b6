/**
 * `UriError`: the one error type urikit throws for bad input. Its message names the problem, the
 * character and the position; `code` is stable for programs, `index` points at the first
 * character that cannot be accepted (the input's length when the input ends too early).
 */

/** The numeric error codes by name. */
const CODES = {
  OK: 0,
  INVALID_CHAR: 1,
  INVALID_PERCENT_ENCODING: 2,
  INVALID_SCHEME: 3,
  INVALID_PORT: 4,
  INVALID_IPV6: 5,
  INVALID_IPVFUTURE: 6,
  MISSING_SCHEME: 7,
  UNCLOSED_IP_LITERAL: 8,
  /** Not from scan: `resolve` was given a base without a scheme. */
  RELATIVE_BASE: 9,
  /** Not from scan: `percentDecode` with `fatal` met bytes that are not UTF-8. */
  INVALID_UTF8: 10,
  /** The input is longer than the `maxLength` option allows (the index is `maxLength`). */
  TOO_LONG: 11,
  /** Not from scan: a request-target in no form of RFC 9112 §3.2, or in a form its method does not take. */
  INVALID_REQUEST_TARGET: 12,
} as const;

type Codes = typeof CODES;
/** Each code's name by its number, as a TypeScript numeric enum maps them back. */
type Names = { readonly [K in keyof Codes as Codes[K]]: K } & { readonly [code: number]: keyof Codes | undefined };

/**
 * Numeric error codes: what `scan` returns (0 is success), and what `UriError#code` names. Each
 * number maps back to its name (`ErrorCode[1] === 'INVALID_CHAR'`), as in a TypeScript numeric
 * enum; the numbers are not enumerable, so `Object.keys(ErrorCode)` lists the names alone.
 *
 * @example
 * scan('http://a b/', rec) === ErrorCode.INVALID_CHAR; // true
 * ErrorCode[scan('http://a b/', rec)];                 // 'INVALID_CHAR'
 */
export const ErrorCode: Readonly<Codes> & Names = Object.freeze(
  Object.defineProperties(
    { ...CODES },
    Object.fromEntries(Object.entries(CODES).map(([name, code]) => [code, { value: name, enumerable: false }])),
  ),
) as Readonly<Codes> & Names;

/**
 * The stable string codes of `UriError`: those of the numeric `ErrorCode` that `scan` returns, and
 * those of the writing side: INVALID_HOST (a host that IDNA cannot convert) and INVALID_COMPONENT
 * (a component that cannot stand where it was given, such as a relative path after an authority);
 * and parseRequestTarget's INVALID_HOST_HEADER (a Host header that is not uri-host [ ":" port ]).
 */
export type UriErrorCode = Exclude<keyof Codes, 'OK'> | 'INVALID_HOST' | 'INVALID_COMPONENT' | 'INVALID_HOST_HEADER';

/**
 * Marks a `UriError` of any copy of this library: two copies (two installed versions, or a
 * bundle beside the package) have two classes, and `instanceof UriError` must hold for an error
 * from either. (The package's own ES module and CommonJS builds share one class: dist/esm's errors
 * module is dist/cjs's.)
 */
const BRAND = Symbol.for('urikit.UriError');

/**
 * Thrown by `parse`, `resolve` and the other strict entry points. One class for the ES module
 * and the CommonJS build; `instanceof UriError` holds for a UriError of any copy of urikit.
 *
 * @example
 * try { parse('http://a.com/ b'); } catch (e) {
 *   if (e instanceof UriError) console.log(e.code, e.index); // 'INVALID_CHAR' 13
 * }
 */
export class UriError<Code extends string = UriErrorCode> extends TypeError {
  /** What is wrong, e.g. `'INVALID_CHAR'`. */
  readonly code: Code;
  /** Index of the first character that cannot be accepted, or the input's length. */
  readonly index: number;
  /** The input that was rejected. */
  readonly input: string;
  #message: string | undefined;

  constructor(code: Code, index: number, input: string, message?: string) {
    super();
    this.code = code;
    this.index = index;
    this.input = input;
    this.#message = message;
  }

  /**
   * What is wrong, the character and where. Written on first read: code that only looks at
   * `code` and `index` (a log pipeline counting bad lines) never pays for it.
   */
  override get message(): string {
    // A subclass with codes of its own (UriTemplateError) always passes its message.
    return (this.#message ??= describe(this.code as string as UriErrorCode, this.index, this.input));
  }

  /**
   * A UriError of either build; a subclass keeps the ordinary prototype check. It narrows to
   * `UriError<string>`: a subclass (UriTemplateError) has codes of its own.
   */
  static override [Symbol.hasInstance](x: unknown): x is UriError<string> {
    // biome-ignore lint/complexity/noThisInStatic: a subclass is checked as the class it was called on
    if (this !== UriError) return Function.prototype[Symbol.hasInstance].call(this, x);
    return typeof x === 'object' && x !== null && (x as { [BRAND]?: unknown })[BRAND] === true;
  }
}

Object.defineProperty(UriError.prototype, 'name', { value: 'UriError', writable: true, configurable: true });
Object.defineProperty(UriError.prototype, BRAND, { value: true });

/**
 * The TypeError for an argument of the wrong type, naming the function, the argument, what it
 * must be and what it got: `scan: input must be a string, got a number (42)`. A programming error,
 * so not a UriError.
 */
export function argumentError(who: string, name: string, what: string, value: unknown): TypeError {
  return new TypeError(`${who}: ${name} must be ${what}, got ${describeValue(value)}`);
}

/** A value as a message names it: `null`, `a number (42)`, `a string ("x")`, `an array`, `a Map`. */
export function describeValue(v: unknown): string {
  switch (typeof v) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return `a string (${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)})`;
    case 'number':
    case 'boolean':
      return `a ${typeof v} (${String(v)})`;
    case 'bigint':
      return `a bigint (${String(v)}n)`;
    case 'symbol':
      return `a symbol (${String(v)})`;
    case 'function':
      return 'a function';
    default: {
      if (v === null) return 'null';
      if (Array.isArray(v)) return 'an array';
      const name = (Object.getPrototypeOf(v) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
      if (typeof name !== 'string' || name === '' || name === 'Object') return 'an object';
      return `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}`;
    }
  }
}

/** The `UriError` for a non-zero `scan` result. */
export function scanError(code: number, index: number, input: string): UriError {
  return new UriError(ErrorCode[code] as UriErrorCode, index, input);
}

/**
 * The `UriError` for a non-zero `scan` result that is reported, not thrown (a log line counted
 * as invalid): without a stack trace, whose capture costs several microseconds, many times the
 * scan, and would only name the reporting code.
 */
export function scanReport(code: number, index: number, input: string): UriError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return scanError(code, index, input);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function describe(code: UriErrorCode, index: number, input: string): string {
  const where = `${charAt(input, index)} at index ${index} in ${show(input, index)}`;
  switch (code) {
    case 'INVALID_CHAR':
      return `Invalid character ${where}`;
    case 'INVALID_PERCENT_ENCODING':
      return `Invalid percent-encoding ${JSON.stringify(input.slice(index, index + 3))} at index ${index} in ${show(input, index)}: "%" must be followed by two hex digits`;
    case 'INVALID_SCHEME':
      return index === 0
        ? `Invalid scheme: ${where} leaves the scheme empty`
        : `Invalid scheme: ${where} ends ${JSON.stringify(input.slice(0, index))}, which is not a scheme (a letter, then letters, digits, "+", "-" or "."); a relative path cannot have ":" in its first segment`;
    case 'INVALID_PORT': {
      const c = input.charCodeAt(index);
      if (index < input.length && c !== 0x2f && c !== 0x3f && c !== 0x23) return `Invalid port: ${where}: a port is digits only`;
      // The authority ended with "host:" and something that is not a port, and no "@" came to
      // make it userinfo: name that text.
      let from = Math.max(input.lastIndexOf('//', index - 2) + 2, input.lastIndexOf('@', index - 1) + 1);
      if (input.charCodeAt(from) === 0x5b) from = input.indexOf(']', from); // past an IP literal's ":"s
      const portStart = input.indexOf(':', from) + 1;
      const port = index - portStart > 60 ? `${input.slice(portStart, portStart + 60)}…` : input.slice(portStart, index);
      return `Invalid port ${JSON.stringify(port)}: the authority ends with ${where}, and a port is digits only (a ":" in userinfo needs an "@" after it)`;
    }
    case 'INVALID_IPV6':
      return `Invalid IPv6 address: ${where}${input.charCodeAt(index) === 0x25 ? ' (a zone identifier such as %25eth0 needs the zoneId option)' : ''}`;
    case 'INVALID_IPVFUTURE':
      return `Invalid IPvFuture address: ${where}: the form is "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`;
    case 'UNCLOSED_IP_LITERAL':
      return `Unclosed IP literal: ${where}: "[" needs a matching "]"`;
    case 'MISSING_SCHEME':
      return `Missing scheme: ${where}: an absolute URI (scheme ":" ...) is required`;
    case 'INVALID_UTF8':
      return `Invalid UTF-8: ${where}`;
    case 'TOO_LONG':
      return `Input too long: ${input.length} characters, more than maxLength ${index}`;
    case 'RELATIVE_BASE':
      return `Relative base: ${show(input, 0)} has no scheme; a base URI must be absolute (RFC 3986 §5.1)`;
    case 'INVALID_HOST':
      return `Invalid host: ${where}`;
    case 'INVALID_COMPONENT':
      return `Invalid component: ${where}`;
    case 'INVALID_REQUEST_TARGET':
      return `Invalid request-target: ${where}: it is none of origin-form ("/path?query"), absolute-form ("http://host/path"), authority-form ("host:port", CONNECT only) or "*" (OPTIONS only) (RFC 9112 §3.2)`;
    case 'INVALID_HOST_HEADER':
      return `Invalid Host header: ${where}: it must be uri-host [ ":" port ] (RFC 9110 §7.2)`;
  }
}

/** Names the character at `index` so that invisible ones are visible: `' '`, `'\t' (U+0009)`. @internal */
export function charAt(input: string, index: number): string {
  if (index >= input.length) return 'end of input';
  const cp = input.codePointAt(index)!;
  const ch = String.fromCodePoint(cp);
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  if (cp >= 0x20 && cp < 0x7f) return `'${ch}'`;
  const quoted = JSON.stringify(ch).slice(1, -1);
  return quoted === ch ? `'${ch}' (${hex})` : `'${quoted}' (${hex})`;
}

/** The input for a message: whole when short, else a window around `index`. @internal */
export function show(input: string, index: number): string {
  if (input.length <= 200) return JSON.stringify(input);
  const from = Math.max(0, index - 60);
  const to = Math.min(input.length, index + 60);
  return `${from > 0 ? '…' : ''}${JSON.stringify(input.slice(from, to))}${to < input.length ? '…' : ''} (${input.length} characters)`;
}

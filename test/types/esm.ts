/**
 * The public types of the ES module build, as a user's TypeScript sees them: imported by the
 * package's name, so through its exports map, from dist/esm/*.d.ts. Every `@ts-expect-error`
 * line must be an error and every other line must compile (test/package-types.slow.test.ts runs tsc).
 */
import {
  type buildUri,
  type Component,
  ErrorCode,
  type ExtractedVariables,
  type equivalent,
  type HostType,
  isValid,
  normalize,
  type ParseOptions,
  parse,
  percentDecode,
  percentEncode,
  queryParams,
  type relativize,
  resolve,
  tryParse,
  type Uri,
  UriError,
  type UriErrorCode,
  UriTemplate,
  UriTemplateError,
  type UriTemplateErrorCode,
  type UriWarning,
} from 'urikit';
import { type publicSuffix, registrableDomain } from 'urikit/domain';

/** `true` only when A and B are the same type (not merely assignable). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(_: Same<A, B>): void => {};

// Return types.
same<ReturnType<typeof parse>, Uri>(true);
same<ReturnType<typeof tryParse>, Uri | null>(true);
same<ReturnType<typeof isValid>, boolean>(true);
same<ReturnType<typeof resolve>, string>(true);
same<ReturnType<typeof normalize>, string>(true);
same<ReturnType<typeof equivalent>, boolean>(true);
same<ReturnType<typeof relativize>, string>(true);
same<ReturnType<typeof buildUri>, Uri>(true);
same<ReturnType<typeof registrableDomain>, string | null>(true);
same<ReturnType<typeof publicSuffix>, string | null>(true);
same<ReturnType<UriTemplate['expand']>, string>(true);
same<ReturnType<UriTemplate['extract']>, ExtractedVariables | null>(true);
// The checker itself: a near miss is not the same type.
same<ReturnType<typeof tryParse>, Uri>(
  // @ts-expect-error tryParse may answer null
  true,
);

// The Uri's components: `undefined` for an absent one, and nothing can be assigned.
const u = parse('HTTP://u:p@[::1]:8080/a/b?q=1#f', { lenient: true });
same<typeof u.href, string>(true);
same<typeof u.scheme, string | undefined>(true);
same<typeof u.host, string | undefined>(true);
same<typeof u.hostType, HostType | undefined>(true);
same<typeof u.port, string | undefined>(true);
same<typeof u.portNumber, number | undefined>(true);
same<typeof u.path, string>(true);
same<typeof u.query, string | undefined>(true);
same<typeof u.fragment, string | undefined>(true);
same<typeof u.isAbsolute, boolean>(true);
same<typeof u.warnings, readonly UriWarning[]>(true);
same<ReturnType<typeof u.with>, Uri>(true);
// @ts-expect-error href is read-only
u.href = 'http://other.example/';
// @ts-expect-error host is read-only
u.host = 'other.example';
// @ts-expect-error path is read-only
u.path = '/';
// @ts-expect-error the warnings are a read-only array
u.warnings.push('NON_ASCII');

// Arguments: strings or a Uri, nothing else.
resolve(u, parse('../g'));
normalize(u);
// @ts-expect-error parse takes a string
parse(42);
// @ts-expect-error parse takes a string, not a WHATWG URL
parse(new URL('http://a.example/'));
// @ts-expect-error a reference is a string or a Uri
resolve('http://a/b', 1);
// @ts-expect-error a WHATWG URL is not a Uri
normalize(new URL('http://a.example/'));
// @ts-expect-error a Component is one of the listed names
percentEncode('a b', 'host');
percentEncode('a b', 'path' satisfies Component);
// @ts-expect-error percentDecode takes a string
percentDecode(['%41']);
// @ts-expect-error a template is a string
new UriTemplate(['{x}']);
// @ts-expect-error registrableDomain takes a host name
registrableDomain(new URL('http://a.example/'));
// @ts-expect-error queryParams takes a string or a Uri
queryParams({ q: '1' });

// Option names and their types.
const all: Required<ParseOptions> = { absolute: true, lenient: true, iri: true, zoneId: true, maxLength: 2048 };
parse('a', all);
resolve('http://a/', 'b', { strict: false, rfc2396: true, lenient: true });
// @ts-expect-error zoneId, not zoneID
parse('http://[fe80::1%25eth0]/', { zoneID: true });
// @ts-expect-error strict is an option of resolve, not of parse
parse('a', { strict: false });
// @ts-expect-error lenient is a boolean
isValid('a b', { lenient: 'yes' });
// @ts-expect-error maxLength is a number
tryParse('a', { maxLength: '10' });

// Errors: a code from the list, read-only fields.
same<UriError['code'], UriErrorCode>(true);
same<UriError['index'], number>(true);
same<UriError['input'], string>(true);
try {
  parse('http://a b/');
} catch (e) {
  if (e instanceof UriError) {
    // @ts-expect-error index is read-only
    e.index = 0;
    // A caught UriError may be a UriTemplateError: its code is a string, not `any`.
    same<typeof e.code, string>(true);
  }
  if (e instanceof UriTemplateError) same<typeof e.code, UriTemplateErrorCode>(true);
}
const code: UriErrorCode = 'INVALID_CHAR';
// @ts-expect-error not an error code
const notACode: UriErrorCode = 'INVALID_CHARACTER';
// @ts-expect-error the table of codes is read-only
ErrorCode.INVALID_CHAR = 0;

export { code, notACode };

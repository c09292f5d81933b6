/**
 * `UriTemplateError`: what is wrong with a URI Template (RFC 6570), or with a value given to it.
 */
import { charAt, show, UriError } from '../syntax/errors.js';

/** The stable codes of `UriTemplateError`. */
export type UriTemplateErrorCode =
  /** A `{` without its `}`: the index is the template's length. */
  | 'UNCLOSED_EXPRESSION'
  /** A character a literal cannot hold (§2.1): space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, a control, a non-character. */
  | 'INVALID_LITERAL'
  /** A `%` not followed by two hex digits, in a literal or a variable name. */
  | 'INVALID_PERCENT_ENCODING'
  /** One of the operators RFC 6570 reserves for future extensions: `=` `,` `!` `@` `|` (§2.2). */
  | 'RESERVED_OPERATOR'
  /** A character where a variable name must start or continue (§2.3). */
  | 'INVALID_VARNAME'
  /** A prefix modifier that is not `:` and 1 to 4 digits without a leading zero (§2.4.1). */
  | 'INVALID_PREFIX'
  /** A character where a varspec must be followed by `,` or `}` (an explode after a prefix, a space, ...). */
  | 'INVALID_EXPRESSION'
  /** At expansion: a prefix modifier on a list or an associative array (§2.4.1). */
  | 'PREFIX_ON_COMPOSITE'
  /** At expansion: a value that is no string, number, boolean, list or associative array, or a string with a lone surrogate. */
  | 'INVALID_VALUE';

/**
 * Thrown by `new UriTemplate()` for an invalid template, and by `expand` for a value the template
 * cannot expand. A `UriError`: `code`, `index` (in the template, a JavaScript string index) and
 * `input` (the template); the message names the character and its position.
 *
 * @example
 * try { new UriTemplate('/users/{user id}'); } catch (e) {
 *   if (e instanceof UriTemplateError) console.log(e.code, e.index); // 'INVALID_EXPRESSION' 12
 * }
 */
export class UriTemplateError extends UriError<UriTemplateErrorCode> {
  /** The ordinary prototype check, declared so that `instanceof UriTemplateError` narrows to it. */
  static override [Symbol.hasInstance](x: unknown): x is UriTemplateError {
    // biome-ignore lint/complexity/noThisInStatic: UriError's check, with this class as `this`
    return super[Symbol.hasInstance](x);
  }
}

Object.defineProperty(UriTemplateError.prototype, 'name', { value: 'UriTemplateError', writable: true, configurable: true });

/** A `UriTemplateError` whose message names the character at `index`, then says `why`. @internal */
export function templateError(code: UriTemplateErrorCode, index: number, template: string, what: string, why: string): UriTemplateError {
  return new UriTemplateError(
    code,
    index,
    template,
    `${what}: ${charAt(template, index)} at index ${index} in ${show(template, index)}${why}`,
  );
}

/**
 * An option as a command declares it, as data: its name, how its value is written, its parser and
 * default, its help line, and the options it needs or excludes; the kinds of option (flag, count,
 * choice, text) that the commands declare theirs with, and `UsageError`.
 */

/** A bad command line: the message says what to do. */
export class UsageError extends Error {}

export type OptionName = `--${string}`;

/** Options that go, or do not go, with one: `message` says why when the rule is broken. */
export interface Rule {
  readonly options: readonly OptionName[];
  readonly message: string;
}

/** One option of a command: what `Arguments` cuts, the help shows, and the settings read. */
export interface Option<T = unknown> {
  readonly name: OptionName;
  /** Its short form (`-q`). */
  readonly short?: string;
  /** How its value is shown in the help (`--top N`); a flag has none. */
  readonly value?: string;
  /** How "needs a value" shows the value, when an example says more than `value` does. */
  readonly example?: string;
  /** Its line in the command's help. */
  readonly help: string;
  /** Options written on this one's help row, after it, which share its help line. */
  readonly also?: readonly Option[];
  /** Its value, read from the text given after it ("" for a flag). Throws `UsageError`. */
  readonly parse: (text: string) => T;
  /** Its value when it is not given. */
  readonly default: T;
  /** Given, it needs, for each rule, one of its options given too. */
  readonly needs?: readonly Rule[];
  /** Given, it refuses each of these. */
  readonly excludes?: readonly Rule[];
}

/** What a declaration may add to its kind. */
type More = Partial<Pick<Option, 'short' | 'example' | 'also' | 'needs' | 'excludes'>>;

/** An option that takes no value: true when given. */
export function flag(name: OptionName, help: string, more: More = {}): Option<boolean> {
  return { name, help, parse: () => true, default: false, ...more };
}

/** A whole number in [min, max], written `value` in the help. */
export function count(
  name: OptionName,
  value: string,
  dflt: number,
  min: number,
  max: number,
  help: string,
  more: More = {},
): Option<number> {
  return { name, value, help, parse: (s) => whole(name, s, min, max), default: dflt, ...more };
}

/** Decimal digits alone, in [min, max]: Number would also take "0x10", "1e1", "2.0" and spaces around them. */
export function whole(name: string, s: string, min: number, max: number): number {
  const n = /^[0-9]+$/.test(s) ? Number(s) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${name} takes a whole number from ${min} to ${max}, not "${s}"`);
  return n;
}

/** One of `choices`, written `a|b|c` in the help; `dflt` when not given. */
export function choice<T extends string, D extends T | null>(
  name: OptionName,
  choices: readonly T[],
  dflt: D,
  help: string,
  more: More = {},
): Option<T | D> {
  const parse = (s: string): T => {
    if ((choices as readonly string[]).includes(s)) return s as T;
    const quoted = choices.map((c) => `"${c}"`);
    throw new UsageError(`${name} takes ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}, not "${s}"`);
  };
  return { name, value: choices.join('|'), help, parse, default: dflt, ...more };
}

/** A text, written `value` in the help; null when not given. */
export function text(name: OptionName, value: string, help: string, more: More = {}): Option<string | null> {
  return { name, value, help, parse: (s) => s, default: null, ...more };
}

/** An option with a parser of its own (`parse`, `dflt`), written `value` in the help. */
export function custom<T>(name: OptionName, value: string, dflt: T, parse: (s: string) => T, help: string, more: More = {}): Option<T> {
  return { name, value, help, parse, default: dflt, ...more };
}

/** `option` with another help line (the same option, told for another command). */
export function told<T>(option: Option<T>, help: string, more: More = {}): Option<T> {
  return { ...option, help, ...more };
}

/** The option and those written on its row. */
export function row(option: Option): readonly Option[] {
  return option.also === undefined ? [option] : [option, ...option.also];
}

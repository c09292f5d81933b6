/**
 * Options objects, read the way a careful caller expects: `undefined` or `null` for none, own
 * properties only (a property inherited from `Object.prototype` is not an option, so polluting
 * the prototype cannot turn a strict parse lenient), and a TypeError that names an option whose
 * value has the wrong type.
 */
import { argumentError } from './errors.js';

/** The options object, or `undefined` for none (`undefined` or `null`). */
export function optionsOf(options: unknown, who: string): object | undefined {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object' && typeof options !== 'function') throw argumentError(who, 'options', 'an object', options);
  return options;
}

/** An own property's value: `undefined` when the object only inherits it. */
export function own(o: object, key: string): unknown {
  const v = (o as Record<string, unknown>)[key];
  return v === undefined || Object.hasOwn(o, key) ? v : undefined;
}

/** A boolean option; `fallback` when it is absent. */
export function booleanOption(o: object, key: string, who: string, fallback = false): boolean {
  const v = own(o, key);
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw argumentError(who, `options.${key}`, 'a boolean', v);
  return v;
}

/** An option that is one of a few strings; `fallback` when it is absent. */
export function choiceOption<T extends string>(o: object, key: string, who: string, choices: readonly T[], fallback: T): T {
  const v = own(o, key);
  if (v === undefined) return fallback;
  if (!choices.includes(v as T)) throw argumentError(who, `options.${key}`, choices.map((c) => JSON.stringify(c)).join(' or '), v);
  return v as T;
}

/** A string option; `fallback` when it is absent. */
export function stringOption(o: object, key: string, who: string, fallback: string): string {
  const v = own(o, key);
  if (v === undefined) return fallback;
  if (typeof v !== 'string') throw argumentError(who, `options.${key}`, 'a string', v);
  return v;
}

/** A whole-number option (>= 0); -1 when it is absent. */
export function countOption(o: object, key: string, who: string): number {
  const v = own(o, key);
  if (v === undefined) return -1;
  if (typeof v !== 'number') throw argumentError(who, `options.${key}`, 'a whole number >= 0', v);
  if (!(Number.isInteger(v) && v >= 0)) throw new RangeError(`${who}: options.${key} must be a whole number >= 0, got ${v}`);
  return v;
}

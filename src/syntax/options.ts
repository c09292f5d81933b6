/**
 * Options objects, read the way a careful caller expects: `undefined` or `null` for none, own
 * properties only (a property inherited from `Object.prototype` is not an option, so polluting
 * the prototype cannot turn a strict parse lenient), and a TypeError that names an option whose
 * value has the wrong type or whose name no option has.
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

/**
 * The option names that the functions taking one kind of options object know, and the object
 * they last found to hold no other (checked once: a caller passes the same object again and
 * again, and that costs one comparison).
 */
export interface OptionNames {
  readonly names: readonly string[];
  readonly known: ReadonlySet<string>;
  last: object | undefined;
}

/**
 * `names` if it holds every key of `T` (a missing one is a type error: the list and the interface
 * cannot part), as an OptionNames.
 */
export function optionNames<T extends object>(): <const K extends readonly (keyof T & string)[]>(
  names: [Exclude<keyof T, K[number]>] extends [never] ? K : { missing: Exclude<keyof T, K[number]> },
) => OptionNames {
  return (names) => {
    const list = names as unknown as readonly string[];
    return { names: list, known: new Set(list), last: undefined };
  };
}

/**
 * Throws a TypeError when `options` (an object: anything else is left to optionsOf) has an own
 * key that `kind` does not know, naming it and the closest known name: a misspelt option
 * (`lenientt`) would otherwise be ignored and the call would quietly do the default.
 */
export function checkOptionNames(options: unknown, kind: OptionNames, who: string): void {
  if (options === kind.last || typeof options !== 'object' || options === null) return;
  for (const key of Object.keys(options)) {
    if (!kind.known.has(key)) throw unknownOption(key, kind.names, who);
  }
  kind.last = options;
}

/**
 * A new object with the own properties of `o` that `kind` knows: the part of a wider options
 * object that a function of that kind is handed (undefined for none).
 */
export function pickOptions(o: object | undefined, kind: OptionNames): object | undefined {
  if (o === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of kind.names) if (Object.hasOwn(o, key)) out[key] = (o as Record<string, unknown>)[key];
  return out;
}

function unknownOption(key: string, names: readonly string[], who: string): TypeError {
  let best = names[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  const k = key.toLowerCase();
  for (const name of names) {
    const n = name.toLowerCase();
    // A name that holds the key, or that the key holds ("private", "baseUrl"), is as close as one
    // edit (a key of one or two letters is in too many names to say so).
    const d = k.length >= 3 && (n.includes(k) || k.includes(n)) ? Math.min(1, editDistance(k, n)) : editDistance(k, n);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  const all = names.length === 1 ? `its one option is ${JSON.stringify(best)}` : `its options: ${names.join(', ')}`;
  return new TypeError(`${who}: unknown option ${JSON.stringify(key)}; the closest known one is ${JSON.stringify(best)} (${all})`);
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn a into b; at most 64 units of each are compared. */
function editDistance(a: string, b: string): number {
  const s = a.slice(0, 64);
  const t = b.slice(0, 64);
  let before = new Array<number>(t.length + 1).fill(0);
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = prev;
    prev = row;
  }
  return prev[t.length]!;
}

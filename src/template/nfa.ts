/**
 * The reverse of expansion as an automaton: for a compiled template, a non-deterministic
 * automaton whose accepted strings are exactly the template's expansions, with the choices
 * ordered so that the first accepting path is the answer extract() documents (runner.ts runs it).
 *
 * States live in parallel arrays. Four kinds consume input or end it:
 *   CHAR   a[s] = the code unit, b[s] = next
 *   VALUE  one variable's text (a string, a list member, a key or an associative value): the
 *          value automaton of tables.ts (U or U+R) runs inside the state; a[s] = the span code
 *          recorded when the value ends, b[s] = the state after it, lim[s] = the most characters
 *          the value may have (a prefix modifier; UNLIMITED otherwise), flags = U+R and "at
 *          least one character"
 *   MATCH  the end of a template; a[s] = its index in a template set (0 alone)
 * and two are epsilon moves:
 *   SPLIT  a[s] first, then b[s]: the first is preferred
 *   EMPTY  records an empty span (a[s] = its code) and goes on to b[s]
 *
 * A span code is (varspec << 2) | role: role ITEM for a string or a list member, KEY and VAL
 * for an associative array's names and values.
 */
import { ALLOW_UR, FIRST, IFEMP, NAMED, type Op, type Program, SEP } from './syntax.js';

export enum Kind {
  CHAR = 0,
  VALUE = 1,
  MATCH = 2,
  SPLIT = 3,
  EMPTY = 4,
}

export enum Role {
  ITEM = 0,
  KEY = 1,
  VAL = 2,
}

export enum VFlag {
  UR = 1,
  NONEMPTY = 2,
}

export const UNLIMITED = 0x7fffffff;

/** A finished automaton. */
export interface Nfa {
  readonly start: number;
  /** A VALUE state prefers reading one more character to ending (see NfaBuilder). */
  readonly longest: boolean;
  readonly kind: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly lim: Int32Array;
  readonly flags: Uint8Array;
}

/** Builds states back to front, so that every state's successors exist when it is made. */
export class NfaBuilder {
  /**
   * `longest`: values prefer one more character, and lists and associative arrays one more
   * member, to ending (the fallback extract uses when its first answer would give an
   * associative array a key twice).
   */
  constructor(private readonly longest = false) {}

  readonly kind: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly lim: number[] = [];
  readonly flags: number[] = [];

  add(kind: Kind, a: number, b: number, lim = 0, flags = 0): number {
    this.kind.push(kind);
    this.a.push(a);
    this.b.push(b);
    this.lim.push(lim);
    this.flags.push(flags);
    return this.kind.length - 1;
  }

  /** The states that read `text`, then go to next. */
  chars(text: string, next: number): number {
    for (let i = text.length - 1; i >= 0; i--) next = this.add(Kind.CHAR, text.charCodeAt(i), next);
    return next;
  }

  split(first: number, second: number): number {
    return this.add(Kind.SPLIT, first, second);
  }

  /** A loop: `loop = SPLIT(exit, body(loop))`: leaving is preferred to one more round (unless longest). */
  loop(body: (self: number) => number, exit: number): number {
    const self = this.add(Kind.SPLIT, exit, exit);
    const round = body(self);
    if (this.longest) this.a[self] = round;
    else this.b[self] = round;
    return self;
  }

  finish(start: number): Nfa {
    return {
      start,
      longest: this.longest,
      kind: Uint8Array.from(this.kind),
      a: Int32Array.from(this.a),
      b: Int32Array.from(this.b),
      lim: Int32Array.from(this.lim),
      flags: Uint8Array.from(this.flags),
    };
  }

  /** The states of one template (after the MATCH state `next`), preferring earlier choices. */
  template(p: Program, next: number): number {
    const lits = p.literals;
    for (let e = p.ops.length - 1; e >= 0; e--) {
      next = this.chars(lits[e + 1]!, next);
      next = this.expression(p, e, next);
    }
    return this.chars(lits[0]!, next);
  }

  /**
   * Expression e: either every variable is undefined (nothing), or "first", then a defined
   * variable, then any later ones each after "sep". Preferred: defined before undefined, an
   * earlier variable before a later one, one more variable before the end.
   */
  expression(p: Program, e: number, next: number): number {
    const op = p.ops[e]! as Op;
    const from = p.firstSpec[e]!;
    const to = p.firstSpec[e + 1]!;
    let choose = -1; // CHOOSE_{k+1}: no variable left to choose
    for (let k = to - 1; k >= from; k--) {
      const after = choose === -1 ? next : this.split(this.chars(SEP[op], choose), next);
      const item = this.varspec(p, op, k, after);
      choose = choose === -1 ? item : this.split(item, choose);
    }
    return this.split(this.chars(FIRST[op], choose), next);
  }

  /** One defined variable of varspec k (Appendix A), as a string, a list or an associative array. */
  varspec(p: Program, op: Op, k: number, next: number): number {
    const name = p.names[k]!;
    const ur = ALLOW_UR[op] ? VFlag.UR : 0;
    const named = NAMED[op];
    const form = IFEMP[op] === '=';
    const item = (k << 2) | Role.ITEM;
    const value = (code: number, nonempty: boolean, max: number, after: number): number =>
      this.add(Kind.VALUE, code, after, max, ur | (nonempty ? VFlag.NONEMPTY : 0));
    const empty = (code: number, after: number): number => this.add(Kind.EMPTY, code, after);
    // name=value, or for ";" an empty value as the name alone (§3.2.7), with `text` the value.
    const namedValue = (label: string, text: (nonempty: boolean, after: number) => number, code: number, after: number): number =>
      this.chars(label, form ? this.chars('=', text(false, after)) : this.split(this.chars('=', text(true, after)), empty(code, after)));
    const max = p.prefix[k]!;
    if (max !== 0) {
      const v = (nonempty: boolean, after: number): number => value(item, nonempty, max, after);
      return named ? namedValue(name, v, item, next) : v(false, next);
    }
    const sep = SEP[op];
    if (p.explode[k] === 0) {
      // A string, else a list of two or more members joined by "," (whose text is never empty,
      // as ";" needs after "=").
      const stringOrList = (nonempty: boolean, after: number): number => {
        const tail = this.loop((self) => this.chars(',', value(item, false, UNLIMITED, self)), after);
        const list = value(item, false, UNLIMITED, this.chars(',', value(item, false, UNLIMITED, tail)));
        return this.split(value(item, nonempty, UNLIMITED, after), list);
      };
      return named ? namedValue(name, stringOrList, item, next) : stringOrList(false, next);
    }
    // Exploded: a list (each member after "sep", named with the variable's own name for ";",
    // "?", "&"), else an associative array (key=value after "sep"; an empty value as the key
    // alone except for "?" and "&", §3.2.1).
    const keyCode = (k << 2) | Role.KEY;
    const valCode = (k << 2) | Role.VAL;
    const member = named
      ? (after: number): number => namedValue(name, (ne, a) => value(item, ne, UNLIMITED, a), item, after)
      : (after: number): number => value(item, false, UNLIMITED, after);
    const pair = (after: number): number =>
      value(
        keyCode,
        false,
        UNLIMITED,
        form
          ? this.chars('=', value(valCode, false, UNLIMITED, after))
          : this.split(this.chars('=', value(valCode, true, UNLIMITED, after)), empty(valCode, after)),
      );
    const list = member(this.loop((self) => this.chars(sep, member(self)), next));
    const assoc = pair(this.loop((self) => this.chars(sep, pair(self)), next));
    return this.split(list, assoc);
  }
}

/** The automaton of one template. */
export function templateNfa(p: Program, longest = false): Nfa {
  const b = new NfaBuilder(longest);
  const match = b.add(Kind.MATCH, 0, -1);
  return b.finish(b.template(p, match));
}

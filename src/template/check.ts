/**
 * The static check of a route set: the pairs of templates that can match one URI (with such a
 * URI as witness), and the templates that no URI reaches because earlier ones match every URI
 * they match (shadowed), as a `UriTemplateSet` would choose.
 *
 * The automaton of the templates (union.ts) is walked as a DFA from its start over every
 * character class: each state reached is the set of templates' threads after some URI, the
 * templates that accept there accept that URI together, and the path to it (a character of each
 * class) is the witness. A pair is reported only when both templates' own extract matches the
 * witness (a variable used twice, values bound by partialExpand, an associative array with a key
 * twice can make a template refuse what its automaton accepts); when it does not, the pair is
 * unconfirmed, with that witness: the walk finds one URI a state, and another URI of the same
 * state may match both. A template is shadowed when
 * every state where it accepts has an earlier template accepting that extract cannot refuse;
 * when the DFA of the whole set would outgrow its budget, pairs and templates are checked on
 * their own automata, and those still too large are reported as undecided.
 *
 * The walk leaves out URIs with "%": the states of the percent-encoded triplets a value may hold
 * (only those expansion writes match) multiply the DFA's, and two routes seldom differ by them.
 * So a pair only such a URI shows is not reported, and a template that only such URIs reach
 * counts as shadowed.
 */
import { Dfa, OVERFLOW } from './dfa.js';
import { templateList } from './set.js';
import type { Program } from './syntax.js';
import { compiledOf, programOf, type UriTemplate } from './template.js';
import { Union } from './union.js';

/** Two templates that can match one URI. */
export interface TemplateOverlap {
  /** Their positions in the list, first < second. */
  readonly first: number;
  readonly second: number;
  /** A URI both match (their extract gives variables). */
  readonly witness: string;
}

/** A template that no URI reaches in a set: every URI it matches, an earlier one matches. */
export interface TemplateShadow {
  readonly index: number;
  /** The earlier templates that share its URIs. */
  readonly by: readonly number[];
}

/** What `checkTemplates` finds. */
export interface TemplateCheck {
  readonly overlaps: readonly TemplateOverlap[];
  readonly shadowed: readonly TemplateShadow[];
  /** Pairs (first, second) and templates (second -1) whose automata were too large to walk. */
  readonly undecided: readonly (readonly [number, number])[];
  /**
   * Pairs not in `overlaps` whose automata accept a URI together (`witness`) that the extract of
   * one of them refuses (a variable used twice, values bound by partialExpand, an associative
   * array with a key twice): other URIs of the same kind may match both, which is not searched.
   */
  readonly unconfirmed: readonly TemplateOverlap[];
}

/** The thread entries of the DFA states the walk of one automaton may make (a field, for the tests). @internal */
export const walkBudget = { entries: 1 << 20 };

/**
 * Walks the DFA of `programs` breadth first; calls visit with the positions of the templates
 * that accept at each state (in order) and a function making the witness. False on overflow.
 */
function walk(programs: readonly Program[], visit: (accepting: readonly number[], witness: () => string) => void): boolean {
  const union = new Union(programs);
  const dfa = new Dfa(union.nfa, walkBudget.entries);
  const { a } = union.nfa;
  const parent: number[] = [-1];
  const via: number[] = [0];
  const queue = [0];
  const seen = new Map<number, number>([[0, 0]]);
  for (let q = 0; q < queue.length; q++) {
    const ds = queue[q]!;
    const ends = dfa.ends(ds);
    if (ends.length !== 0) {
      const accepting = Array.from(ends, (t) => a[dfa.state(ds, t)]!);
      visit(accepting, () => {
        let text = '';
        for (let x = q; x > 0; x = parent[x]!) text = String.fromCharCode(via[x]!) + text;
        return text;
      });
    }
    for (let cls = 0; cls < dfa.classes; cls++) {
      const c = dfa.sampleOf(cls);
      // A URI's characters are ASCII; "%" is left out (see above).
      if (c >= 0x80 || c === 0x25) continue;
      const next = dfa.next(ds, cls);
      if (next === OVERFLOW) return false;
      if (next === -1 || seen.has(next)) continue;
      seen.set(next, queue.length);
      queue.push(next);
      parent.push(q);
      via.push(c);
    }
  }
  return true;
}

/**
 * Checks a route set: the pairs of templates that can match one URI, with a witness; the
 * templates earlier ones shadow. Templates are matched exactly (`query: 'exact'`).
 *
 * @throws {UriTemplateError} for an invalid template (the first, in order).
 * @throws {TypeError} when `templates` is not an iterable of strings and UriTemplates.
 * @example
 * const c = checkTemplates(['/users/{id}', '/users/me', '/repos/{owner}/{repo}']);
 * c.overlaps;  // [{ first: 0, second: 1, witness: '/users/me' }]
 * c.shadowed;  // [{ index: 1, by: [0] }]
 */
export function checkTemplates(templates: Iterable<string | UriTemplate>): TemplateCheck {
  const list = templateList(templates, 'checkTemplates');
  const programs = list.map(compiledOf);
  // Whether extract matches every URI the template's automaton accepts.
  const sure = list.map((t, i) => programOf(t) !== undefined && !programs[i]!.repeats && !programs[i]!.explode.includes(1));
  const overlaps = new Map<number, TemplateOverlap>();
  // The first witness of each pair that an extract refused, while no witness matches both.
  const unsure = new Map<number, TemplateOverlap>();
  const key = (i: number, j: number): number => i * list.length + j;
  const tryPair = (i: number, j: number, witness: () => string): void => {
    const k = key(i, j);
    if (overlaps.has(k)) return;
    const u = witness();
    if (list[i]!.extract(u) !== null && list[j]!.extract(u) !== null) overlaps.set(k, { first: i, second: j, witness: u });
    else if (!unsure.has(k)) unsure.set(k, { first: i, second: j, witness: u });
  };
  // Per template: whether some URI reaches it (it accepts, no earlier sure template does).
  const reached = new Array<boolean>(list.length).fill(false);
  const undecided: [number, number][] = [];
  if (list.length === 0) return { overlaps: [], shadowed: [], undecided, unconfirmed: [] };
  const whole = walk(programs, (accepting, witness) => {
    for (let x = 0; x < accepting.length; x++)
      for (let y = x + 1; y < accepting.length; y++) tryPair(accepting[x]!, accepting[y]!, witness);
    reached[accepting[0]!] = true;
    for (let x = 1; x < accepting.length && !sure[accepting[x - 1]!]; x++) reached[accepting[x]!] = true;
  });
  if (!whole) {
    // Too large at once: each pair on its own, then each template with the earlier ones it meets.
    overlaps.clear();
    unsure.clear();
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        if (!walk([programs[i]!, programs[j]!], (acc, witness) => acc.length === 2 && tryPair(i, j, witness))) undecided.push([i, j]);
      }
  }
  const byPair = (p: TemplateOverlap, q: TemplateOverlap): number => p.first - q.first || p.second - q.second;
  const found = [...overlaps.values()].sort(byPair);
  const unconfirmed = [...unsure.entries()]
    .filter(([k]) => !overlaps.has(k))
    .map(([, o]) => o)
    .sort(byPair);
  const shadowed: TemplateShadow[] = [];
  for (let j = 0; j < list.length; j++) {
    const by = found.filter((o) => o.second === j).map((o) => o.first);
    if (by.length === 0) continue;
    if (!whole) {
      const earlier = by.filter((i) => sure[i]);
      if (earlier.length === 0) continue;
      const members = [...earlier, j];
      const ok = walk(
        members.map((i) => programs[i]!),
        (acc) => {
          if (acc[0] === members.length - 1) reached[j] = true;
        },
      );
      if (!ok) {
        undecided.push([j, -1]);
        continue;
      }
    }
    if (!reached[j]) shadowed.push({ index: j, by });
  }
  return { overlaps: found, shadowed, undecided, unconfirmed };
}

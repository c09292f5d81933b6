/**
 * The parts of a query being sorted (`a=1&b=2`), as offsets into its text: where each starts,
 * where its `=` is and where it ends, and their sorted order, in arrays that every call shares,
 * so that sorting makes no string per part and the answer can be written from slices.
 */

/** The offsets of the parts: `start`, `eq` (the end where there is no `=`), `end`; `order` after `sortParts`. */
export const parts: { start: Int32Array; eq: Int32Array; end: Int32Array; order: Int32Array } = {
  start: new Int32Array(32),
  eq: new Int32Array(32),
  end: new Int32Array(32),
  order: new Int32Array(32),
};

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Part `n` (from 0); the number of parts now. */
export function addPart(n: number, start: number, eq: number, end: number): number {
  if (n === parts.start.length) {
    parts.start = grow(parts.start);
    parts.eq = grow(parts.eq);
    parts.end = grow(parts.end);
    parts.order = grow(parts.order);
  }
  parts.start[n] = start;
  parts.eq[n] = eq;
  parts.end[n] = end;
  return n + 1;
}

/** Up to this many parts, insertion sort: a query has few, often nearly in order. */
export const INSERTION_MAX = 24;

/**
 * `parts.order` set to the `n` parts of `q` in the order of `compare` (stable, as Python's
 * sort); false where they were in that order already.
 */
export function sortParts(n: number, q: string, compare: (q: string, a: number, b: number) => number): boolean {
  const order = parts.order;
  if (n <= INSERTION_MAX) {
    let moved = false;
    for (let k = 0; k < n; k++) {
      let j = k;
      while (j > 0 && compare(q, order[j - 1]!, k) > 0) {
        order[j] = order[j - 1]!;
        j--;
      }
      if (j !== k) moved = true;
      order[j] = k;
    }
    return moved;
  }
  // many parts: the built-in sort (stable), n log n
  const idx: number[] = [];
  for (let k = 0; k < n; k++) idx.push(k);
  idx.sort((a, b) => compare(q, a, b));
  let moved = false;
  for (let k = 0; k < n; k++) {
    if (idx[k] !== k) moved = true;
    order[k] = idx[k]!;
  }
  return moved;
}

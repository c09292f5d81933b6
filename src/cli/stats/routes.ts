/**
 * Routes found in paths (`stats --infer-routes`, `urikit routes`): paths whose segments differ
 * only by ids are grouped under one RFC 6570 template, `/users/42/repos` and `/users/7/repos`
 * under `/users/{id}/repos`.
 *
 * The paths go into a tree of segments, one position per node. A segment is a variable when it
 * looks like an id (a number, a UUID, a hex hash, a date, a token of letters and digits; also the
 * id part of `42.png` or `main.3f2a9c1b.js`), or when its position has more than `FANOUT` values:
 * the position is then collapsed, and its values merge into one variable child, all but those
 * that carry at least `KEEP` of the position's traffic (`/users/me` beside `/users/{name}`). A
 * position keeps at most `FANOUT` values and the tree at most `BUDGET` nodes, so memory is
 * bounded and each path costs a walk over its characters and a map lookup per segment: no string
 * is made for a value already in the tree. Merged nodes leave an alias behind, so that what was
 * counted per node (the timeline's requests per route) follows them.
 */

/** The kinds of variable segments, and the names their templates give them. */
export enum VarKind {
  NUMBER = 0,
  UUID = 1,
  HEX = 2,
  DATE = 3,
  TOKEN = 4,
  /** A value among many at its position (a name, a slug). */
  NAME = 5,
  /** The segments past `MAX_DEPTH`. */
  REST = 6,
}
const KIND_COUNT = 7;
const VAR_NAMES = ['id', 'uuid', 'hash', 'date', 'token', 'name', 'rest'] as const;
const LITERAL = -1;

/** What a node stands for. */
enum Shape {
  /** A segment as it is. */
  LITERAL = 0,
  /** A segment with an id in it (`\0.png` is `{id}.png`): a literal with a hole. */
  PATTERN = 1,
  /** Its parent's values that are ids, or too many. */
  VARIABLE = 2,
}

/** A position with more distinct values than this is a variable. */
export const FANOUT = 32;
/** At a collapsed position, a value that carries at least this share of its traffic stays a literal. */
export const KEEP = 0.1;
/** The most nodes the tree holds; past it, new values at any position count as its variable. */
export const BUDGET = 1 << 16;
/** Segments past this depth are one variable (`{+rest}`). */
const MAX_DEPTH = 32;
/** Past this many node ids, merged nodes are not followed (timelines per route stop). */
const MAX_IDS = 1 << 26;

/** The marker of the variable part in a literal pattern (`\0.png` is `{id}.png`); no path holds it. */
const HOLE = '\u0000';

/** One position of the tree: a literal segment (or pattern), or the variable of its parent. */
class RouteNode {
  /** Paths that end here. */
  count = 0;
  /** Paths that pass through or end here. */
  total = 0;
  /** Literal children by hash of their text; those with the same hash are chained by `next`. */
  literals: Map<number, RouteNode> | null = null;
  distinct = 0;
  /** More than FANOUT distinct values came: new ones go to `variable`. */
  collapsed = false;
  variable: RouteNode | null = null;
  /** For a variable, or a pattern's variable part: how many paths came through it by kind of value (VarKind). */
  kinds: number[] | null = null;
  next: RouteNode | null = null;

  constructor(
    readonly id: number,
    /** The segment's text, with HOLE for a pattern's variable part; '' for a variable node. */
    readonly text: string,
    readonly hash: number,
    readonly shape: Shape,
  ) {
    if (shape !== Shape.LITERAL) this.kinds = new Array<number>(KIND_COUNT).fill(0);
  }
}

/** One route: its template, the paths it counts, and the tree's nodes it groups (for timelines). */
export interface Route {
  template: string;
  count: number;
}

/** `RouteTree` as plain data, for a worker's `postMessage`: nodes as nested arrays. */
export interface RouteTreeData {
  root: NodeData;
  unrouted: number;
}

/** [text, hash, shape, count, total, collapsed, kinds, literals, variable, id]. */
export type NodeData = [string, number, Shape, number, number, boolean, number[] | null, NodeData[], NodeData | null, number];

// The last classified segment, kept in module variables so that classifying allocates nothing.
let segHash = 0;
let lastDot = -1;
let prevDot = -1;

/** FNV-1a. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The kind of segment [s, e) of `path` (a VarKind, or LITERAL); sets `segHash` to the hash of
 * its text and `lastDot`, `prevDot` to its last two dots (-1 for none).
 */
function classify(path: string, s: number, e: number): number {
  let h = FNV_OFFSET;
  let digits = 0;
  let hex = 0;
  let dashes = 0;
  let other = 0;
  let last = -1;
  let prev = -1;
  // Changes between a letter and a digit: a random token has many, a slug ("post-2013") few.
  let changes = 0;
  let was = 0;
  for (let i = s; i < e; i++) {
    const c = path.charCodeAt(i);
    h = Math.imul(h ^ c, FNV_PRIME);
    if (c >= 0x30 && c <= 0x39) {
      digits++;
      if (was === 1) changes++;
      was = 2;
      continue;
    }
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) {
      if ((c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)) hex++;
      if (was === 2) changes++;
      was = 1;
      continue;
    }
    was = 0;
    if (c === 0x2d) dashes++;
    else if (c === 0x2e) {
      prev = last;
      last = i;
    } else if (c !== 0x5f) other++;
  }
  segHash = h;
  lastDot = last;
  prevDot = prev;
  const len = e - s;
  if (len === 0 || other !== 0 || last !== -1) return LITERAL;
  if (digits === len) return VarKind.NUMBER;
  if (len === 36 && dashes === 4 && digits + hex === 32 && isUuid(path, s)) return VarKind.UUID;
  if (len === 10 && dashes === 2 && digits === 8 && isDate(path, s)) return VarKind.DATE;
  if (len >= 8 && digits + hex === len) return VarKind.HEX;
  if (len >= 16 && changes >= 4) return VarKind.TOKEN;
  return LITERAL;
}

function isUuid(p: string, s: number): boolean {
  return p.charCodeAt(s + 8) === 0x2d && p.charCodeAt(s + 13) === 0x2d && p.charCodeAt(s + 18) === 0x2d && p.charCodeAt(s + 23) === 0x2d;
}

/** YYYY-MM-DD (the digits are counted by the caller). */
function isDate(p: string, s: number): boolean {
  return p.charCodeAt(s + 4) === 0x2d && p.charCodeAt(s + 7) === 0x2d;
}

/** The kind of [s, e) as a part of a segment (between dots): an id kind, or LITERAL. */
function partKind(path: string, s: number, e: number): number {
  const saved = segHash;
  const k = e > s ? classify(path, s, e) : LITERAL;
  segHash = saved;
  return k;
}

/** The hash of `path`'s [s, e) with [a, b) replaced by HOLE. */
function patternHash(path: string, s: number, a: number, b: number, e: number): number {
  let h = FNV_OFFSET;
  for (let i = s; i < a; i++) h = Math.imul(h ^ path.charCodeAt(i), FNV_PRIME);
  h = Math.imul(h ^ 0, FNV_PRIME);
  for (let i = b; i < e; i++) h = Math.imul(h ^ path.charCodeAt(i), FNV_PRIME);
  return h;
}

/** Whether `text` is `path`'s [s, e) with [a, b) as HOLE (a === b === -1: no hole). */
function sameText(text: string, path: string, s: number, a: number, b: number, e: number): boolean {
  if (a === -1) return text.length === e - s && path.startsWith(text, s);
  if (text.length !== a - s + 1 + (e - b) || text.charCodeAt(a - s) !== 0) return false;
  for (let i = s; i < a; i++) if (text.charCodeAt(i - s) !== path.charCodeAt(i)) return false;
  const off = a - s + 1 - b;
  for (let i = b; i < e; i++) if (text.charCodeAt(i + off) !== path.charCodeAt(i)) return false;
  return true;
}

/** The routes of the paths added: see the module's comment. */
export class RouteTree {
  private root: RouteNode;
  private nodes = 1;
  private nextId = 1;
  /** alias[id]: the node that a merged node went into (itself while alive); null once ids run out. */
  private alias: number[] | null = [0];
  /** Paths that matched no route and made none (`add` with `learn` false). */
  unrouted = 0;

  constructor() {
    this.root = new RouteNode(0, '', 0, Shape.LITERAL);
  }

  /**
   * Counts `path` (`''` counts as `/`) and returns the id of the node it ends at, or -1 when it
   * matches no route. `learn` false: the path may only follow the tree (a request that failed,
   * which must not make routes of a scanner's probes).
   */
  add(path: string, learn = true): number {
    let node = this.root;
    node.total++;
    const n = path.length;
    if (n === 0) path = '/';
    const end = path.length;
    let s = 0;
    for (let depth = 0; ; depth++) {
      let e = path.indexOf('/', s);
      if (e === -1) e = end;
      const child = depth === MAX_DEPTH ? this.variableOf(node, VarKind.REST, learn) : this.step(node, path, s, e, learn);
      if (child === null) {
        this.unrouted++;
        return -1;
      }
      node = child;
      node.total++;
      if (e === end || depth === MAX_DEPTH) break;
      s = e + 1;
    }
    node.count++;
    return node.id;
  }

  /** The child of `node` for segment [s, e) of `path`, made when `learn`; null when there is none. */
  private step(node: RouteNode, path: string, s: number, e: number, learn: boolean): RouteNode | null {
    const kind = classify(path, s, e);
    if (kind !== LITERAL) return this.variableOf(node, kind, learn);
    let hash = segHash;
    let a = -1;
    let b = -1;
    let pattern = LITERAL;
    // An id before an extension (42.png), or between a name and one (main.3f2a9c1b.js).
    const dot = lastDot;
    const dot2 = prevDot;
    if (dot > s && e - dot <= 9) {
      pattern = partKind(path, s, dot);
      if (pattern !== LITERAL) {
        a = s;
        b = dot;
      } else if (dot2 > s) {
        pattern = partKind(path, dot2 + 1, dot);
        if (pattern !== LITERAL) {
          a = dot2 + 1;
          b = dot;
        }
      }
      if (pattern !== LITERAL) hash = patternHash(path, s, a, b, e);
    }
    let child = node.literals?.get(hash) ?? null;
    while (child !== null && !sameText(child.text, path, s, a, b, e)) child = child.next;
    if (child === null) {
      if (!learn || node.collapsed || this.nodes >= BUDGET) return this.variableOf(node, VarKind.NAME, learn);
      if (node.distinct === FANOUT) {
        // One value too many: the position is a variable from now on.
        node.collapsed = true;
        this.settle(node);
        return this.variableOf(node, VarKind.NAME, true);
      }
      const text = a === -1 ? path.slice(s, e) : `${path.slice(s, a)}${HOLE}${path.slice(b, e)}`;
      child = this.make(text, hash, a === -1 ? Shape.LITERAL : Shape.PATTERN);
      this.attach(node, child);
    }
    if (a !== -1) child.kinds![pattern]!++;
    return child;
  }

  /** `node`'s variable child, counting a value of `kind`; made when `learn`. */
  private variableOf(node: RouteNode, kind: number, learn: boolean): RouteNode | null {
    if (node.variable === null && !learn) return null;
    const v = this.variableNode(node);
    v.kinds![kind]!++;
    return v;
  }

  /** `node`'s variable child, made if need be. */
  private variableNode(node: RouteNode): RouteNode {
    let v = node.variable;
    if (v === null) {
      v = node.variable = this.make('', 0, Shape.VARIABLE);
    }
    return v;
  }

  /** Merges `c`, a literal child taken out of its position, into the position's variable `v`. */
  private absorb(v: RouteNode, c: RouteNode): void {
    v.kinds![VarKind.NAME]! += c.total;
    this.merge(v, c);
  }

  private make(text: string, hash: number, shape: Shape): RouteNode {
    this.nodes++;
    const id = this.nextId++;
    if (this.alias !== null) {
      if (id < MAX_IDS) this.alias.push(id);
      else this.alias = null;
    }
    return new RouteNode(id, text, hash, shape);
  }

  /** Adds a literal child (no child of `node` has its text). */
  private attach(node: RouteNode, child: RouteNode): void {
    if (node.literals === null) node.literals = new Map();
    child.next = node.literals.get(child.hash) ?? null;
    node.literals.set(child.hash, child);
    node.distinct++;
  }

  /** The literal child of `node` whose text is `text`, or null. */
  private literalOf(node: RouteNode, text: string, hash: number): RouteNode | null {
    let c = node.literals?.get(hash) ?? null;
    while (c !== null && c.text !== text) c = c.next;
    return c;
  }

  /** At a collapsed position, merges the literal children below KEEP of its traffic into its variable. */
  private settle(node: RouteNode): void {
    const keep = KEEP * (node.total - node.count);
    const light: RouteNode[] = [];
    for (const first of node.literals?.values() ?? []) {
      for (let c: RouteNode | null = first; c !== null; c = c.next) if (c.total < keep) light.push(c);
    }
    for (const c of light) {
      this.detach(node, c);
      this.absorb(this.variableNode(node), c);
    }
  }

  private detach(node: RouteNode, child: RouteNode): void {
    const m = node.literals!;
    let c = m.get(child.hash)!;
    if (c === child) {
      if (child.next === null) m.delete(child.hash);
      else m.set(child.hash, child.next);
    } else {
      while (c.next !== child) c = c.next!;
      c.next = child.next;
    }
    child.next = null;
    node.distinct--;
  }

  /** Merges `b`, a node taken out of the tree, and its subtree into `a`. */
  private merge(a: RouteNode, b: RouteNode): void {
    a.count += b.count;
    a.total += b.total;
    if (b.kinds !== null) for (let k = 0; k < KIND_COUNT; k++) a.kinds![k]! += b.kinds[k]!;
    this.nodes--;
    if (this.alias !== null && b.id < MAX_IDS) this.alias[b.id] = a.id;
    this.mergeChildren(a, b.literals, b.variable, b.collapsed);
  }

  /** Adds literal children and a variable to `a` (from a merged node). */
  private mergeChildren(a: RouteNode, literals: Map<number, RouteNode> | null, variable: RouteNode | null, collapsed: boolean): void {
    if (variable !== null) {
      if (a.variable === null) a.variable = variable;
      else this.merge(a.variable, variable);
    }
    if (collapsed) a.collapsed = true;
    if (literals !== null) {
      for (const first of [...literals.values()]) {
        for (let c: RouteNode | null = first; c !== null; ) {
          const next: RouteNode | null = c.next;
          c.next = null;
          const same = this.literalOf(a, c.text, c.hash);
          if (same !== null) this.merge(same, c);
          else if (a.collapsed) this.absorb(this.variableNode(a), c);
          else this.attach(a, c);
          c = next;
        }
      }
    }
    if (a.distinct > FANOUT) a.collapsed = true;
    if (a.collapsed) this.settle(a);
  }

  /** The node that node `id` went into (itself while it is in the tree); -1 when ids ran out. */
  find(id: number): number {
    const alias = this.alias;
    if (alias === null || id >= alias.length) return -1;
    let r = id;
    while (alias[r] !== r) r = alias[r]!;
    // Path compression: the next lookup is direct.
    while (alias[id] !== r) {
      const next = alias[id]!;
      alias[id] = r;
      id = next;
    }
    return r;
  }

  /**
   * Settles every collapsed position with the final counts (values that were heavy when their
   * position collapsed and are not by the end merge into its variable), then lists the routes:
   * the more specific first (a literal before the variable at the same position), so that a
   * templates file in this order matches each path to its route. `ids` receives, for each node
   * still in the tree that ends some path, its route's index.
   */
  routes(ids?: Map<number, number>): Route[] {
    this.settleAll(this.root);
    const out: Route[] = [];
    const parts: string[] = [];
    const walk = (node: RouteNode, depth: number): void => {
      if (node.count > 0 && depth > 0) {
        ids?.set(node.id, out.length);
        out.push({ template: template(parts), count: node.count });
      }
      const lits: RouteNode[] = [];
      for (const first of node.literals?.values() ?? []) for (let c: RouteNode | null = first; c !== null; c = c.next) lits.push(c);
      // Literals first, then patterns with the longest literal text first: `{id}` matches what
      // `main.{hash}.js` and `main.3f2a9c1b.min.js` do, and `{hash}` what `.min` does.
      lits.sort(
        (x, y) =>
          x.shape - y.shape ||
          (x.shape === Shape.PATTERN ? y.text.length - x.text.length : 0) ||
          (x.text < y.text ? -1 : x.text > y.text ? 1 : 0),
      );
      for (const c of lits) {
        parts.push(c.shape === Shape.LITERAL ? escapeLiteral(c.text) : patternPart(c.text, dominant(c.kinds!)));
        walk(c, depth + 1);
        parts.pop();
      }
      if (node.variable !== null) {
        parts.push(`{${VAR_NAMES[dominant(node.variable.kinds!)]}}`);
        walk(node.variable, depth + 1);
        parts.pop();
      }
    };
    walk(this.root, 0);
    return out;
  }

  private settleAll(node: RouteNode): void {
    if (node.collapsed) this.settle(node);
    for (const first of [...(node.literals?.values() ?? [])])
      for (let c: RouteNode | null = first; c !== null; c = c.next) this.settleAll(c);
    if (node.variable !== null) this.settleAll(node.variable);
  }

  /** The tree as plain data (ids resolved: the worker's timeline keys name nodes still in it). */
  toData(): RouteTreeData {
    const data = (node: RouteNode): NodeData => {
      const lits: NodeData[] = [];
      for (const first of node.literals?.values() ?? []) for (let c: RouteNode | null = first; c !== null; c = c.next) lits.push(data(c));
      return [
        node.text,
        node.hash,
        node.shape,
        node.count,
        node.total,
        node.collapsed,
        node.kinds,
        lits,
        node.variable === null ? null : data(node.variable),
        node.id,
      ];
    };
    return { root: data(this.root), unrouted: this.unrouted };
  }

  /**
   * Adds a worker's tree; returns, for each of its node ids, the id of the node here that took
   * its counts (to carry the worker's counts per node over).
   */
  mergeData(d: RouteTreeData): Map<number, number> {
    const ids = new Map<number, number>();
    const build = (nd: NodeData): RouteNode => {
      const [text, hash, shape, count, total, collapsed, kinds, lits, variable, id] = nd;
      const node = this.make(text, hash, shape);
      node.count = count;
      node.total = total;
      node.collapsed = collapsed;
      node.kinds = kinds === null ? null : [...kinds];
      ids.set(id, node.id);
      for (const l of lits) this.attach(node, build(l));
      if (variable !== null) node.variable = build(variable);
      return node;
    };
    const theirs = build(d.root);
    this.unrouted += d.unrouted;
    this.merge(this.root, theirs);
    // The nodes merged away point to those that took them.
    for (const [id, mine] of ids) ids.set(id, this.find(mine));
    return ids;
  }
}

/** The kind with the largest count (the first on a tie). */
function dominant(kinds: readonly number[]): number {
  let best = 0;
  for (let k = 1; k < KIND_COUNT; k++) if (kinds[k]! > kinds[best]!) best = k;
  return best;
}

/** A template from its segments, each variable named once (`{id}`, then `{id2}`, …). */
function template(parts: readonly string[]): string {
  const seen = new Map<string, number>();
  return parts
    .map((p) =>
      p.replace(/\{([a-z]+)\}/g, (_m, name: string) => {
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        if (name === 'rest') return `{+rest}`;
        return `{${n === 1 ? name : `${name}${n}`}}`;
      }),
    )
    .join('/');
}

/** The characters a template literal holds as they are (RFC 6570 §2.1): other ones are percent-encoded. */
const LITERAL_OK = /^[!#$&'()*+,\-./0-9:;=?@A-Z[\]_a-z~]$/;

/** A literal segment as template text: `{`, `}`, space, `%` not before two hex digits… percent-encoded. */
export function escapeLiteral(text: string): string {
  let out = '';
  let i = 0;
  for (const ch of text) {
    if (LITERAL_OK.test(ch) || (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3)))) out += ch;
    else for (const byte of Buffer.from(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    i += ch.length;
  }
  return out;
}

function patternPart(text: string, kind: number): string {
  const hole = text.indexOf(HOLE);
  return `${escapeLiteral(text.slice(0, hole))}{${VAR_NAMES[kind]}}${escapeLiteral(text.slice(hole + 1))}`;
}

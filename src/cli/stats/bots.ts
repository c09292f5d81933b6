/**
 * `stats --log`: requests by user agent, and those of crawlers by the crawler's name. An agent
 * is a crawler's when it holds one of the patterns of bot-table.ts (the crawler-user-agents list,
 * first in the list's order), else when it holds "bot", "crawler" or "spider" in any case (named
 * then by the word around it). Each distinct agent is looked at once while it stays in the agents'
 * `TopK`.
 */
import { BOT_NAMES, BOT_PATTERNS, BOT_TEXTS } from './bot-table.js';
import { TopK, type TopKData } from './topk.js';

/** The plain-text patterns by their first two characters, and the others compiled: made at the first agent looked at. */
let BY_START: Map<number, Array<readonly [string, number, boolean]>> | null = null;
let PATTERNS: ReadonlyArray<readonly [RegExp, number]> = [];

function tables(): Map<number, Array<readonly [string, number, boolean]>> {
  const by = new Map<number, Array<readonly [string, number, boolean]>>();
  for (const t of BOT_TEXTS) {
    const key = (t[0].charCodeAt(0) << 16) | t[0].charCodeAt(1);
    let list = by.get(key);
    if (list === undefined) by.set(key, (list = []));
    list.push(t);
  }
  PATTERNS = BOT_PATTERNS.map(([source, name]) => [new RegExp(source), name] as const);
  return by;
}
const GENERIC = /bot|crawler|spider/i;
const WORD = /[\p{L}\p{N}_.-]/u;

/**
 * The crawler that a user agent names, or null: the pattern of the list that comes first among
 * those it holds, else the word around "bot", "crawler" or "spider".
 */
export function botOf(agent: string): string | null {
  BY_START ??= tables();
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < agent.length; i++) {
    const list = BY_START.get((agent.charCodeAt(i) << 16) | agent.charCodeAt(i + 1));
    if (list === undefined) continue;
    for (const [text, name, anchored] of list) if (name < first && (!anchored || i === 0) && agent.startsWith(text, i)) first = name;
  }
  for (const [re, name] of PATTERNS) if (name < first && re.test(agent)) first = name;
  if (first !== Number.POSITIVE_INFINITY) return BOT_NAMES[first]!;
  const m = GENERIC.exec(agent);
  if (m === null) return null;
  let from = m.index;
  let to = m.index + m[0].length;
  while (from > 0 && WORD.test(agent[from - 1]!)) from--;
  while (to < agent.length && WORD.test(agent[to]!) && agent[to] !== '/') to++;
  return agent.slice(from, to);
}

/** `Bots` as plain data. */
export interface BotsData {
  requests: number;
  agents: TopKData;
  bots: TopKData;
}

/** Slots of the agents' memo: a power of two. */
const MEMO = 256;

export class Bots {
  /** Requests from crawlers. */
  requests = 0;
  /** Requests by user agent (lines with one). */
  readonly agents: TopK;
  /** Crawlers' requests by name. */
  readonly bots: TopK;
  /** By the agents' slots while their epoch lasts: the crawler's name, null for none; undefined: not looked at. */
  private names: Array<string | null> = [];
  /** By the agents' slots while both epochs last: the crawler's slot in `bots`. */
  private botSlots: number[] = [];
  private epoch = 0;
  private botEpoch = 0;
  /**
   * An agent's slot + 1 (0: none) by a few of its bytes and its length, while the agents' epoch
   * lasts: a log has few agents, each some 100 bytes long, and comparing the bytes with the
   * slot's value costs about half of hashing them and comparing them after the lookup.
   */
  private readonly memo = new Int32Array(MEMO);
  private readonly utf8 = new TextDecoder();

  constructor(track: number) {
    this.agents = new TopK(track);
    this.bots = new TopK(track);
  }

  /** A request whose user agent is bytes [start, end) of `bytes`. */
  add(bytes: Uint8Array, start: number, end: number): void {
    const agents = this.agents;
    const n = end - start;
    const guess =
      n === 0 ? 0 : (n * 31 + bytes[start + (n >> 1)]! * 7 + bytes[start + n - 1]! + (bytes[start + (n >> 2)]! << 4)) & (MEMO - 1);
    let slot = this.memo[guess]! - 1;
    if (slot === -1 || !agents.addTo(slot, bytes, start, end)) {
      slot = agents.addBytes(bytes, start, end);
      if (agents.epoch !== this.epoch) {
        this.epoch = agents.epoch;
        this.names = [];
        this.botSlots = [];
        this.memo.fill(0);
      } else this.memo[guess] = slot + 1;
    }
    let name = this.names[slot];
    if (name === undefined) {
      name = botOf(this.utf8.decode(bytes.subarray(start, end)));
      this.names[slot] = name;
    }
    if (name === null) return;
    this.requests++;
    const bots = this.bots;
    if (bots.epoch !== this.botEpoch) {
      this.botEpoch = bots.epoch;
      this.botSlots = [];
    }
    const b = this.botSlots[slot];
    if (b !== undefined) bots.bump(b);
    else {
      const s = bots.add(name);
      if (bots.epoch === this.botEpoch && slot !== -1) this.botSlots[slot] = s;
    }
  }

  toData(): BotsData {
    return { requests: this.requests, agents: this.agents.toData(), bots: this.bots.toData() };
  }

  merge(d: BotsData): void {
    this.requests += d.requests;
    this.agents.merge(d.agents);
    this.bots.merge(d.bots);
    this.names = [];
    this.botSlots = [];
    this.memo.fill(0);
  }
}

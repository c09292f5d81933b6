/**
 * `stats --log`: visitors, the distinct client addresses (the first word of a log line), in all
 * and per day (UTC). Exact while the addresses fit the `TopK` of --track (2 × --track values,
 * as hosts and paths); past it, a HyperLogLog's estimate (2^14 registers, ±0.81%), and the `TopK`
 * is no longer fed (no address's count is reported). Per day, the
 * addresses are kept exactly while the log's are and the days' sets hold at most 4 × --track in
 * all; past that each day is a HyperLogLog of 2^12 registers (±1.6%). At most `MAX_DAYS` days
 * are kept: the requests of later days are counted in all, and as `perDayLeftOut`.
 */
import { Hasher, HyperLogLog, hllError } from './hll.js';
import { TopK, type TopKData } from './topk.js';

const ALL_P = 14;
const DAY_P = 12;
/** The most days counted apart (ten years). */
export const MAX_DAYS = 3660;

/**
 * One day's addresses: while exact, their slots in `clients` (numbers: no string is made of an
 * address), each with its hash, from which the HyperLogLog is made when the slots stop being the
 * addresses'; else that HyperLogLog.
 */
interface Day {
  set: Map<number, number> | null;
  hll: HyperLogLog | null;
}

/** `Visitors` as plain data. */
export interface VisitorsData {
  clients: TopKData;
  all: Uint8Array;
  days: Array<[number, string[] | Uint8Array]>;
  leftOut: number;
}

/** The JSON of `Visitors`. */
export interface VisitorsJSON {
  distinct: number;
  exact: boolean;
  /** The relative standard error of `distinct`, when not exact. */
  error?: number;
  perDay: Array<{ day: string; distinct: number; exact: boolean; error?: number }>;
  /** Requests of the days past the `MAX_DAYS` first ones (only when some were). */
  perDayLeftOut?: number;
}

export class Visitors {
  readonly clients: TopK;
  private readonly all = new HyperLogLog(ALL_P);
  private readonly days = new Map<number, Day>();
  /** The addresses in the days' sets, in all; past `budget`, every day becomes a HyperLogLog. */
  private pairs = 0;
  private readonly budget: number;
  /** While the clients are exact (their slots stay): the last day each slot was added to a day's set. */
  private lastDay: number[] = [];
  private readonly hasher = new Hasher();
  /** The day of the last request counted by day, and its entry. */
  private lastD = Number.NaN;
  private lastDayOf: Day | undefined = undefined;
  /** Requests of days past the `MAX_DAYS` kept. */
  leftOut = 0;

  constructor(track: number) {
    this.clients = new TopK(track);
    this.budget = 4 * track;
  }

  /** A request from the address [start, end) of `bytes`, at `minute` (-1: unknown). */
  add(bytes: Uint8Array, start: number, end: number, minute: number): void {
    // Past --track the HyperLogLog alone counts: the addresses' own counts are not reported.
    const exact = this.clients.exact;
    const slot = exact ? this.clients.addBytes(bytes, start, end) : -1;
    // While exact, the TopK hashed the address already, as the Hasher would.
    const h = exact ? this.clients.lastHash : this.hasher.bytes(bytes, start, end);
    this.all.add(h);
    if (minute < 0) return;
    const d = Math.floor(minute / 1440);
    // A log's lines come day by day: the last line's day is looked up once.
    let day = d === this.lastD ? this.lastDayOf : this.days.get(d);
    if (day === undefined) {
      if (this.days.size >= MAX_DAYS) {
        this.leftOut++;
        return;
      }
      day = this.newDay();
      this.days.set(d, day);
    }
    this.lastD = d;
    this.lastDayOf = day;
    if (day.set === null) {
      day.hll!.add(h);
      return;
    }
    if (!this.clients.exact) {
      this.toHll();
      day.hll!.add(h);
      return;
    }
    if (this.lastDay[slot] === d) return;
    this.lastDay[slot] = d;
    this.inSet(day, slot, h);
  }

  private newDay(): Day {
    return this.pairs > this.budget || !this.clients.exact ? { set: null, hll: new HyperLogLog(DAY_P) } : { set: new Map(), hll: null };
  }

  /** The address in `slot` of `clients`, of hash `h`, into the day's set. */
  private inSet(day: Day, slot: number, h: number): void {
    const set = day.set!;
    // One lookup: the set grows only when the slot is new to it.
    const n = set.size;
    set.set(slot, h);
    if (set.size > n && ++this.pairs > this.budget) this.toHll();
  }

  /** Every day's set becomes a HyperLogLog. */
  private toHll(): void {
    this.pairs = this.budget + 1;
    this.lastDay = [];
    for (const day of this.days.values()) {
      if (day.set === null) continue;
      const hll = new HyperLogLog(DAY_P);
      for (const h of day.set.values()) hll.add(h);
      day.set = null;
      day.hll = hll;
    }
  }

  /** The hash of an address sent as text (`toData`): that of its bytes. */
  private hashText(v: string): number {
    const b = Buffer.from(v, 'utf8');
    return this.hasher.bytes(b, 0, b.length);
  }

  toData(): VisitorsData {
    // A day's slots name addresses only while the clients are exact (a line without a time may
    // have ended that).
    if (!this.clients.exact) this.toHll();
    const clients = this.clients;
    return {
      clients: clients.toData(),
      all: this.all.registers,
      days: [...this.days].map(([d, day]): [number, string[] | Uint8Array] => [
        d,
        day.set === null ? day.hll!.registers : [...day.set.keys()].map((slot) => clients.valueAt(slot)),
      ]),
      leftOut: this.leftOut,
    };
  }

  merge(o: VisitorsData): void {
    this.clients.merge(o.clients);
    this.all.merge(o.all);
    this.leftOut += o.leftOut;
    // The slots of the addresses moved: each day's set is then looked up anew.
    this.lastDay = [];
    if (!this.clients.exact) this.toHll();
    for (const [d, theirs] of o.days) {
      let day = this.days.get(d);
      if (day === undefined) {
        if (this.days.size >= MAX_DAYS) continue;
        day = this.newDay();
        this.days.set(d, day);
      }
      if (!Array.isArray(theirs)) {
        if (day.set !== null) this.toHll();
        day.hll!.merge(theirs);
        continue;
      }
      // A set may become a HyperLogLog on the way (past the budget). While the clients are
      // exact, they hold every address a thread's exact day holds (merged above).
      for (const v of theirs) {
        if (day.set === null) {
          day.hll!.add(this.hashText(v));
          continue;
        }
        const slot = this.clients.slotOf(v);
        this.inSet(day, slot, this.clients.hashOf(slot));
      }
    }
  }

  toJSON(): VisitorsJSON {
    const exact = this.clients.exact;
    const perDay = [...this.days]
      .sort((a, b) => a[0] - b[0])
      .map(([d, day]) => ({
        day: new Date(d * 86_400_000).toISOString().slice(0, 10),
        ...(day.set === null
          ? { distinct: day.hll!.estimate(), exact: false, error: round(hllError(DAY_P)) }
          : { distinct: day.set.size, exact: true }),
      }));
    return {
      distinct: exact ? this.clients.distinct! : this.all.estimate(),
      exact,
      ...(exact ? {} : { error: round(hllError(ALL_P)) }),
      perDay,
      ...(this.leftOut > 0 ? { perDayLeftOut: this.leftOut } : {}),
    };
  }
}

/** An error to 4 significant digits. */
function round(e: number): number {
  return Number(e.toPrecision(4));
}

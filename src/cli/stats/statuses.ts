/**
 * `stats --log`: requests by status code and class. A status is the three digits after the
 * request (0 to 999), or unreadable ('-'); its class is 1xx to 5xx, or 'other' (not 100-599, or
 * unreadable).
 */

export const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'other'] as const;
export type StatusClass = (typeof CLASSES)[number];
/** The index of 'other' in `CLASSES`. */
const OTHER = 5;
/** The slot of an unreadable status (-1) in the counts by code. */
export const UNREADABLE = 1000;

/** Requests by code ('-': unreadable) and by class, as the JSON gives them. */
export interface StatusCounts {
  codes: Record<string, number>;
  classes: Partial<Record<StatusClass, number>>;
}

/** The index in `CLASSES` of a status (-1 or `UNREADABLE`: unreadable). */
export function statusClass(status: number): number {
  return status >= 100 && status <= 599 ? Math.floor(status / 100) - 1 : OTHER;
}

/** The name of a status code: its three digits, or '-'. */
export function statusName(status: number): string {
  return status < 0 || status === UNREADABLE ? '-' : String(status).padStart(3, '0');
}

/** The JSON of counts by status (`UNREADABLE` for '-'): codes in order, '-' last; classes that have requests, in order. */
export function statusJSON(counts: Iterable<[number, number]>): StatusCounts {
  const byCode = [...counts].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const classes = new Float64Array(CLASSES.length);
  for (const [code, n] of byCode) classes[statusClass(code)]! += n;
  return {
    codes: Object.fromEntries(byCode.map(([code, n]) => [statusName(code), n])),
    classes: Object.fromEntries(CLASSES.map((c, i): [string, number] => [c, classes[i]!]).filter(([, n]) => n > 0)),
  };
}

/** Requests by status: one count per code, in a flat array. */
export class Statuses {
  readonly counts = new Float64Array(UNREADABLE + 1);
  total = 0;

  /** A request of `status` (-1: unreadable). */
  add(status: number): void {
    this.counts[status < 0 ? UNREADABLE : status]!++;
    this.total++;
  }

  /** The counts that are not 0, by code. */
  toData(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    this.counts.forEach((n, code) => {
      if (n > 0) out.push([code, n]);
    });
    return out;
  }

  merge(d: ReadonlyArray<[number, number]>): void {
    for (const [code, n] of d) {
      this.counts[code]! += n;
      this.total += n;
    }
  }

  toJSON(): StatusCounts {
    return statusJSON(this.toData());
  }
}

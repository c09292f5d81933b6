/**
 * A progress bar on standard error: bytes read of the input's size, rate and time left. Only for
 * a terminal and an input of known size (a file, not a pipe); `--quiet` turns it off.
 */
import type { Writable } from 'node:stream';

/** Redraws at most this often (milliseconds). */
const INTERVAL = 200;

export class Progress {
  private readonly started = Date.now();
  private last = 0;
  private drawn = false;

  constructor(
    private readonly err: Writable,
    private readonly total: number,
  ) {}

  /** `done` bytes of `total` are read. */
  update(done: number): void {
    const now = Date.now();
    if (now - this.last < INTERVAL) return;
    this.last = now;
    this.drawn = true;
    this.err.write(`\r${line(done, this.total, (now - this.started) / 1000)}\x1b[K`);
  }

  /** Clears the bar (before other text goes to standard error, and at the end). */
  clear(): void {
    if (this.drawn) this.err.write('\r\x1b[K');
    this.drawn = false;
  }
}

/** `[#####·····]  45%  90.1 MB of 200.0 MB  150.2 MB/s  0:01 left` */
export function line(done: number, total: number, seconds: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const width = 24;
  const full = Math.round(share * width);
  const rate = seconds > 0 ? done / seconds : 0;
  const left = rate > 0 ? (total - done) / rate : NaN;
  return `[${'#'.repeat(full)}${'·'.repeat(width - full)}] ${(share * 100).toFixed(0).padStart(3)}%  ${mb(done)} of ${mb(total)}  ${mb(rate)}/s  ${clock(left)} left`;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function clock(s: number): string {
  if (!Number.isFinite(s)) return '-:--';
  const t = Math.max(0, Math.round(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * A progress bar on standard error: bytes read of the input's size, rate and time left. Drawn
 * only where nobody else writes: standard error a terminal that standard output is not (the
 * output would interleave with it), and an input of known size (a file, not a pipe); `--quiet`
 * turns it off. It fits the terminal's width, and is cleared at the end and on Ctrl-C.
 */
import { fstatSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** Redraws at most this often (milliseconds). */
const INTERVAL = 200;

/** What a progress bar needs to know of a stream: a terminal's, with its width and descriptor. */
interface Terminal {
  isTTY?: boolean;
  columns?: number;
  fd?: number;
}

/**
 * True when a bar may be drawn on `stderr`: a terminal, and not the one `stdout` writes to. Two
 * terminal streams are the same terminal when their devices are, or when that cannot be told.
 */
export function barWanted(stdout: Writable, stderr: Writable): boolean {
  const out = stdout as Terminal;
  const err = stderr as Terminal;
  if (err.isTTY !== true) return false;
  if (out.isTTY !== true) return true;
  if (typeof out.fd !== 'number' || typeof err.fd !== 'number') return false;
  return fstatSync(out.fd).rdev !== fstatSync(err.fd).rdev;
}

export class Progress {
  private readonly started = Date.now();
  private last = 0;
  private drawn = false;
  private readonly interrupt: () => void;

  constructor(
    private readonly err: Writable,
    private readonly total: number,
  ) {
    // Ctrl-C: the bar goes, then the signal does what it would have done.
    this.interrupt = () => {
      this.clear();
      process.kill(process.pid, 'SIGINT');
    };
    process.once('SIGINT', this.interrupt);
  }

  /** `done` bytes of `total` are read. */
  update(done: number): void {
    const now = Date.now();
    if (now - this.last < INTERVAL) return;
    this.last = now;
    this.drawn = true;
    // One column less than the terminal's: a line that fills the last column wraps on some.
    const width = ((this.err as Terminal).columns ?? 80) - 1;
    this.err.write(`\r${line(done, this.total, (now - this.started) / 1000, width)}\x1b[K`);
  }

  /** Clears the bar (before other text goes to standard error, and at the end). */
  clear(): void {
    if (this.drawn) this.err.write('\r\x1b[K');
    this.drawn = false;
  }

  /** Clears the bar for good: the run is over. */
  close(): void {
    this.clear();
    process.removeListener('SIGINT', this.interrupt);
  }
}

/**
 * `[#####·····]  45%  90.1 MB of 200.0 MB  150.2 MB/s  0:01 left`, in at most `width` columns:
 * the parts that do not fit go, the least useful first (the sizes, the rate, the bar).
 */
export function line(done: number, total: number, seconds: number, width = 80): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const rate = seconds > 0 ? done / seconds : 0;
  const left = rate > 0 ? (total - done) / rate : NaN;
  const percent = `${(share * 100).toFixed(0).padStart(3)}%`;
  const sizes = `  ${mb(done)} of ${mb(total)}`;
  const speed = `  ${mb(rate)}/s`;
  const eta = `  ${clock(left)} left`;
  for (const rest of [sizes + speed + eta, speed + eta, eta, '']) {
    const room = width - percent.length - rest.length - 3; // "[", "]" and a space
    if (room >= 10) return `${bar(share, Math.min(24, room))} ${percent}${rest}`;
  }
  return `${percent}${eta}`.length <= width ? `${percent}${eta}` : percent.slice(0, Math.max(0, width));
}

function bar(share: number, width: number): string {
  const full = Math.round(share * width);
  return `[${'#'.repeat(full)}${'·'.repeat(width - full)}]`;
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

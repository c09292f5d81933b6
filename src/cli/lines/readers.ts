/**
 * The readers of the line shapes a command can declare (`LineCommandSpec.input`): each turns a
 * line into records for the command.
 *
 * ```
 * Source chunks ──► Walker (walker.ts: lines) ──► LineReader ──► records ──► Command
 *   uris:  UriLines (one URI a line), or LogLines (log.ts: --log, a line's target and referrer)
 *   pairs: PairLines (base<TAB>href)
 * ```
 *
 * A new kind of line is a `LineReader` and a case of `lineReader`. An input that is not lines
 * (HTML documents, WARC records: ../links/) is a `Reader` of its own: a new `InputShape` and a
 * case of ../run/run.ts's `createReader` (--threads cuts files at line boundaries: it serves line
 * shapes only).
 */
import { ByteView } from '../../readers/bytes.js';
import { show } from '../io/quote.js';
import type { Lines } from '../options/arguments.js';
import { LogLines, LogProbe } from './log.js';
import { RecordMemo } from './memo.js';
import { Kind, LineContext, type LineReader, type LineShape, type Records, viewOptions } from './records.js';
import { type ByteSearch, Finder, Walker } from './walker.js';

/** One URI a line. */
class UriLines<T> implements LineReader {
  private readonly view: ByteView;
  private readonly probe = new LogProbe();
  private readonly ctx = new LineContext();
  /** What the command made of the texts seen lately; null when it takes every record scanned. */
  private readonly memo: RecordMemo<T> | null;

  constructor(
    config: Lines,
    private readonly to: Records<T>,
  ) {
    this.view = new ByteView(viewOptions(config.parse));
    this.memo = to.memo === true ? new RecordMemo<T>() : null;
  }

  read(bytes: Buffer, start: number, end: number, line: number): void {
    const to = this.to;
    if (!this.probe.done) to.logFormat = this.probe.probe(bytes, start, end);
    const ctx = this.ctx;
    ctx.line = line;
    const memo = this.memo;
    if (memo !== null) {
      const kept = memo.get(bytes, start, end);
      if (kept !== undefined) {
        to.again!(kept, bytes, start, ctx);
        return;
      }
    }
    const view = this.view;
    view.scan(bytes, start, end);
    ctx.keep = memo?.wants(view) === true;
    const made = to.record(view, ctx);
    if (ctx.keep && made !== undefined) memo!.set(view, made);
  }
}

const TAB = 0x09;

/** `base<TAB>href` lines. */
class PairLines implements LineReader {
  private readonly base: ByteView;
  private readonly href: ByteView;
  private readonly tabs: ByteSearch;

  constructor(
    config: Lines,
    private readonly to: Records,
    finder: Finder,
  ) {
    this.base = new ByteView(viewOptions(config.parse));
    this.href = new ByteView(viewOptions(config.parse));
    this.tabs = finder.search(TAB);
  }

  read(bytes: Buffer, start: number, end: number, line: number): void {
    const tab = this.tabs.in(bytes, start, end);
    if (tab === -1) {
      const text = bytes.toString('utf8', start, end);
      this.to.noUri(
        line,
        Kind.LINE,
        'MISSING_TAB',
        text.length,
        `Not a base<TAB>href line: no tab in ${show(text)} (give --base URL to resolve every line against one base)`,
      );
      return;
    }
    this.base.scan(bytes, start, tab);
    this.href.scan(bytes, tab + 1, end);
    this.to.pair(this.base, this.href, line);
  }
}

/** The reader of lines of `shape`, as `config` says they are written; it searches with `finder`. */
export function lineReader<T>(shape: LineShape, config: Lines, to: Records<T>, finder: Finder): LineReader {
  if (shape === 'pairs') return new PairLines(config, to, finder);
  return config.log === null ? new UriLines(config, to) : new LogLines(config, to, finder);
}

/** The walker of lines of `shape`, for worker threads (which walk whole segments). */
export function lineWalker<T>(shape: LineShape, config: Lines, to: Records<T>): Walker {
  const finder = new Finder();
  return new Walker(lineReader(shape, config, to, finder), to, finder, config.maxLineLength);
}

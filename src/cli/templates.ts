/**
 * `--templates FILE` (stats, parse): the URI Templates of a file, one per line, matched together
 * (`UriTemplateSet`) against each record's request target; and what stats counts with them.
 */
import { readFileSync } from 'node:fs';
import type { ByteView } from '../readers/bytes.js';
import type { UriTemplateError } from '../template/error.js';
import { type UriTemplateMatch, UriTemplateSet } from '../template/set.js';
import { UriTemplate } from '../template/template.js';
import { UsageError } from './config.js';
import { TopK, type TopKData } from './topk.js';

/** The templates of a file, in its order, with the line each is on. */
export interface Templates {
  readonly file: string;
  readonly set: UriTemplateSet;
  /** The line number (from 1) of each template: empty lines hold none. */
  readonly lines: readonly number[];
}

/**
 * Reads and compiles the templates of `file`: one per line ("\n" or "\r\n"), empty lines skipped.
 * Throws `UsageError` naming the file, the line and the column of an invalid template.
 * @example
 * readTemplates('routes.txt').set.match('/users/42')?.template.template; // '/users/{id}'
 */
export function readTemplates(file: string): Templates {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--templates ${file}: cannot read it (${(e as NodeJS.ErrnoException).code})`);
  }
  const templates: UriTemplate[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const t = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (t === '') return;
    try {
      templates.push(new UriTemplate(t));
    } catch (e) {
      // A string's only error is a UriTemplateError. Columns count characters from 1, as editors show them.
      const err = e as UriTemplateError;
      throw new UsageError(`--templates ${file}:${i + 1}:${err.index + 1}: ${err.message}`);
    }
    lines.push(i + 1);
  });
  if (templates.length === 0) throw new UsageError(`--templates ${file}: no template in it (one per line)`);
  return { file, set: new UriTemplateSet(templates), lines };
}

/** What a record is matched as: its request target (path and query), or an opaque URI's whole text. */
export function matchRecord(templates: Templates, r: ByteView): UriTemplateMatch | null {
  return templates.set.match(r.requestTarget ?? r.href);
}

/** stats: valid records by the first template that matches, and the request targets none matches. */
export class TemplateCounts {
  readonly counts: number[];
  unmatched = 0;
  readonly misses: TopK;

  constructor(
    readonly templates: Templates,
    capacity: number,
  ) {
    this.counts = templates.lines.map(() => 0);
    this.misses = new TopK(capacity);
  }

  add(r: ByteView): void {
    const target = r.requestTarget ?? r.href;
    const index = this.templates.set.indexOf(target);
    if (index !== -1) this.counts[index]!++;
    else {
      this.unmatched++;
      this.misses.add(target);
    }
  }

  toData(): TemplateCountsData {
    return { counts: this.counts, unmatched: this.unmatched, misses: this.misses.toData() };
  }

  merge(d: TemplateCountsData): void {
    d.counts.forEach((n, i) => {
      this.counts[i]! += n;
    });
    this.unmatched += d.unmatched;
    this.misses.merge(d.misses);
  }

  /** The templates with their line in the file and count, in the file's order. */
  rows(): Array<{ line: number; template: string; count: number }> {
    return this.counts.map((count, i) => ({ line: this.templates.lines[i]!, template: this.templates.set.templates[i]!.template, count }));
  }
}

/** `TemplateCounts` as plain data. */
export interface TemplateCountsData {
  counts: number[];
  unmatched: number;
  misses: TopKData;
}

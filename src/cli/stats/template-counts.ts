/** `stats --templates FILE`: valid records counted by the first template their request target matches. */
import type { Templates } from '../options/templates.js';
import { TopK, type TopKData } from './topk.js';

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

  /** The template a valid record's request target (or whole text) matches first: its index, or -1. */
  find(target: string): number {
    return this.templates.set.indexOf(target);
  }

  /**
   * Counts a record whose template is `index` (-1: none, and `target` is counted among the
   * misses); returns the index, or the number of templates when none matched.
   */
  count(index: number, target: string): number {
    if (index !== -1) {
      this.counts[index]!++;
      return index;
    }
    this.unmatched++;
    this.misses.add(target);
    return this.counts.length;
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

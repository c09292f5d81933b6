/** The tokenizer's memory, which every group of its states reads and writes, and the steps they share. */
import { normalName } from './chars.js';
import { attributeValue } from './references.js';
import type { TokenSink } from './sink.js';
import { DATA, RAWTEXT, RCDATA, SCRIPT_DATA } from './states.js';

/**
 * One step of the tokenizer (each group's module exports one, for the states of its group): reads
 * `text` from `i` (less than its length) in the state `m.state`, sets `m.state` to the state that
 * follows, and returns where that state reads from (the text's length when the text ran out first).
 */
export type StateStep = (m: Machine, text: string, i: number) => number;

/** Names longer than this cannot be any the sink knows: what is kept of them is cut here. */
export const NAME_LIMIT = 256;

/**
 * The state of a tokenizer between two characters. Its fields are open to the modules of the
 * states (text.ts, tag.ts, …), which run on it as the methods of one class would; a sink reads
 * only the positions (`tagStart`, `tagLine`, `valueStart`, `valueEnd`).
 */
export class Machine {
  /** The state the tokenizer is in. */
  state: number;
  /** RCDATA, RAWTEXT, SCRIPT_DATA or SCRIPT_ESCAPED: where the shared end tag states fall back to. */
  back = DATA;
  /** The name of the last start tag emitted: an end tag with it is the "appropriate" one. */
  lastStartTag: string;

  /** The text being read, and the position in the document of its first character. */
  text = '';
  offset = 0;
  /** Characters of an unfinished markup declaration ("<!-", "<!DOCT"), read again with the next chunk. */
  carry = '';

  /** The name or value being read: its start in `text` (-1: none), what earlier chunks gave, and whether it is kept. */
  section = -1;
  /** Where the section starts in the document. */
  sectionAt = 0;
  sectionText = '';
  sectionKeep = false;
  sectionLimit = NAME_LIMIT;

  /** The tag being read. */
  endTag = false;
  tagName = '';
  wantAttributes = false;
  wantValue = false;
  selfClosing = false;
  /** Where the tag's "<" is in the document, and its line. */
  tagStart = 0;
  tagLine = 1;
  /** Where the last value given to the sink is in the document: [valueStart, valueEnd). */
  valueStart = 0;
  valueEnd = 0;

  /** Lines counted: the line of position `counted`, and the next "\n" of `text` not counted (-1: none). */
  line = 1;
  nextNewline = -1;

  /**
   * `decode` decodes the character references of an attribute value (as the standard does in
   * attribute values); `valueLimit` is the longest value kept (a longer one reaches the sink as null).
   */
  constructor(
    readonly sink: TokenSink,
    readonly decode: (value: string) => string,
    readonly valueLimit: number,
    state: number,
    lastStartTag: string,
  ) {
    this.state = state;
    this.lastStartTag = lastStartTag;
  }

  /** Counts the lines up to `at` (an index of `text`, at or after those counted before). */
  lineAt(at: number): number {
    let nl = this.nextNewline;
    while (nl !== -1 && nl < at) {
      this.line++;
      nl = this.text.indexOf('\n', nl + 1);
    }
    this.nextNewline = nl;
    return this.line;
  }

  begin(at: number, keep: boolean, limit: number): void {
    this.section = at;
    this.sectionAt = this.offset + at;
    this.sectionText = '';
    this.sectionKeep = keep;
    this.sectionLimit = limit;
  }

  /** The section from its start to `at` (exclusive); null when it is longer than its limit. */
  take(at: number): string | null {
    const start = this.section;
    this.section = -1;
    if (!this.sectionKeep) return '';
    const s = this.sectionText === '' ? this.text.slice(start, at) : this.sectionText + this.text.slice(start, at);
    this.sectionText = '';
    return s.length > this.sectionLimit ? null : s;
  }

  /** A name, normalized; one longer than `NAME_LIMIT` keeps one character more, so that it equals no name the sink knows. */
  takeName(at: number): string {
    const start = this.section;
    const kept = this.sectionText;
    const s = this.take(at);
    return normalName(s ?? (kept + this.text.slice(start, at)).slice(0, NAME_LIMIT + 1));
  }

  /** The text's chunk ends inside a section: keep what it holds (up to one past its limit). */
  keepSection(): void {
    if (this.section === -1) return;
    if (this.sectionKeep && this.sectionText.length <= this.sectionLimit) {
      this.sectionText += this.text.slice(this.section, this.section + this.sectionLimit + 1 - this.sectionText.length);
    }
    this.section = 0;
  }

  emitValue(at: number): void {
    const keep = this.wantValue;
    const raw = this.take(at);
    if (!keep) return;
    this.wantValue = false;
    this.valueStart = this.sectionAt;
    this.valueEnd = this.offset + at;
    this.sink.value(raw === null ? null : attributeValue(raw, this.decode));
  }

  /** An attribute ends without a value: a wanted one has the empty string. */
  noValue(): void {
    if (!this.wantValue) return;
    this.wantValue = false;
    this.sink.value('');
  }

  nameDone(at: number): void {
    const name = this.takeName(at);
    this.tagName = name;
    if (!this.endTag) this.wantAttributes = this.sink.startTag(name);
  }

  attributeDone(at: number): void {
    if (!this.wantAttributes) {
      this.section = -1;
      return;
    }
    this.wantValue = this.sink.attribute(this.takeName(at));
  }

  /** The tag is complete: returns the state that follows it. */
  emitTag(): number {
    if (this.endTag) {
      this.sink.endTag(this.tagName);
      return DATA;
    }
    this.lastStartTag = this.tagName;
    const state = this.sink.startTagEnd(this.selfClosing);
    if (state === RCDATA || state === RAWTEXT || state === SCRIPT_DATA) this.back = state;
    return state;
  }

  /** A "<" at `lt` may open a tag: where it is, and its line. */
  tagOpen(lt: number): void {
    this.tagStart = this.offset + lt;
    this.tagLine = this.lineAt(lt);
  }

  startName(at: number, end: boolean): void {
    this.endTag = end;
    this.selfClosing = false;
    this.wantAttributes = false;
    this.wantValue = false;
    this.begin(at, true, NAME_LIMIT);
  }

  /** Whether the end tag name read in RCDATA, RAWTEXT or script data (the section to `at`) is the appropriate one. */
  appropriate(at: number): boolean {
    const name = this.take(at);
    if (name === null || name.length !== this.lastStartTag.length) return false;
    const lower = normalName(name);
    if (lower !== this.lastStartTag) return false;
    this.endTag = true;
    this.tagName = lower;
    this.selfClosing = false;
    this.wantAttributes = false;
    this.wantValue = false;
    return true;
  }
}

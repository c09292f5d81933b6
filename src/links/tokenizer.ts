/**
 * The HTML Standard's tokenizer (§13.2.5), for what decides whether text is markup: tags and
 * their attributes, comments (`<!-->`, `--!>`), DOCTYPEs, CDATA sections, and the RCDATA,
 * RAWTEXT, script data (escaped and double-escaped) and PLAINTEXT states. Text is skipped, not
 * kept; a name or value is kept only when its `TokenSink` asks for it, so memory does not grow
 * with the document. The document comes in chunks of text cut anywhere; each character is
 * looked at once, whatever the nesting or the length of a line.
 *
 * The tree builder (tree.ts) decides the state that follows a start tag, as the standard's tree
 * construction does; without one (the html5lib tokenizer tests) every tag leaves the data state.
 */

/** The states a sink may switch the tokenizer to after a start tag (and that a run may start in). */
export const DATA = 0;
export const RCDATA = 1;
export const RAWTEXT = 2;
export const SCRIPT_DATA = 3;
export const PLAINTEXT = 4;
export const CDATA_SECTION = 5;

// The other states, in the standard's order. The end tag states of RCDATA, RAWTEXT and script
// data are shared: `back` says which of them a false alarm returns to.
const TAG_OPEN = 6;
const END_TAG_OPEN = 7;
const TAG_NAME = 8;
const TEXT_LT = 9;
const TEXT_END_TAG_OPEN = 10;
const TEXT_END_TAG_NAME = 11;
const SCRIPT_ESCAPE_START = 12;
const SCRIPT_ESCAPE_START_DASH = 13;
const SCRIPT_ESCAPED = 14;
const SCRIPT_ESCAPED_DASH = 15;
const SCRIPT_ESCAPED_DASH_DASH = 16;
const SCRIPT_DOUBLE_ESCAPE_START = 17;
const SCRIPT_DOUBLE_ESCAPED = 18;
const SCRIPT_DOUBLE_ESCAPED_DASH = 19;
const SCRIPT_DOUBLE_ESCAPED_DASH_DASH = 20;
const SCRIPT_DOUBLE_ESCAPED_LT = 21;
const SCRIPT_DOUBLE_ESCAPE_END = 22;
const BEFORE_ATTRIBUTE_NAME = 23;
const ATTRIBUTE_NAME = 24;
const AFTER_ATTRIBUTE_NAME = 25;
const BEFORE_ATTRIBUTE_VALUE = 26;
const ATTRIBUTE_VALUE_DOUBLE = 27;
const ATTRIBUTE_VALUE_SINGLE = 28;
const ATTRIBUTE_VALUE_UNQUOTED = 29;
const AFTER_ATTRIBUTE_VALUE = 30;
const SELF_CLOSING = 31;
const BOGUS_COMMENT = 32;
const MARKUP_DECLARATION = 33;
const COMMENT_START = 34;
const COMMENT_START_DASH = 35;
const COMMENT = 36;
const COMMENT_END_DASH = 37;
const COMMENT_END = 38;
const COMMENT_END_BANG = 39;
// Every DOCTYPE state ends at the first ">", whatever it is in: one state does for all.
const DOCTYPE = 40;
const CDATA_BRACKET = 41;
const CDATA_END = 42;

/** Where the tokens go: the tree builder and the link finder, or a test's recorder. */
export interface TokenSink {
  /** While true, `text` hears of each run of text in the data state. */
  readonly watchText: boolean;
  /** A run of text between tags (or a "<" that opens none); `markup` false when it is all ASCII whitespace. */
  text(markup: boolean): void;
  /** A start tag's name (ASCII lower case, NUL read as U+FFFD); true to hear its attributes. */
  startTag(name: string): boolean;
  /** An attribute of a start tag whose attributes are wanted; true to hear its value. */
  attribute(name: string): boolean;
  /**
   * The value of the last attribute wanted: newlines as LF, NUL as U+FFFD, character references
   * decoded; `''` when it has none, null when it is longer than the tokenizer keeps.
   */
  value(value: string | null): void;
  /** The start tag is complete; returns the state to go on in (`DATA` unless the tree builder says). */
  startTagEnd(selfClosing: boolean): number;
  /** An end tag (attributes of end tags are read and dropped, as the standard does). */
  endTag(name: string): void;
  /** A comment ended (a bogus one too). */
  comment(): void;
  /** A DOCTYPE ended. */
  doctype(): void;
  /** Whether the adjusted current node is not an HTML element: only then does `<![CDATA[` open a section. */
  foreign(): boolean;
}

/** Names longer than this cannot be any the sink knows: what is kept of them is cut here. */
const NAME_LIMIT = 256;

/** HTML's whitespace in the tokenizer: TAB, LF, FF, SPACE, and CR (which the input stream makes LF). */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

function isAlpha(c: number): boolean {
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x7a;
}

/** Whether text[start, end) holds anything but whitespace. */
function hasMarkup(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}

function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Whether `s`, the few characters after "<!" that a chunk ends with, may begin "--", "DOCTYPE" or "[CDATA[". */
function couldStart(s: string): boolean {
  return '--'.startsWith(s) || 'doctype'.startsWith(asciiLower(s)) || '[CDATA['.startsWith(s);
}

/** A tag or attribute name as the standard makes it: ASCII upper case lowered, NUL read as U+FFFD. */
export function normalName(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || c === 0) return asciiLower(s).replace(/\0/g, '\ufffd');
  }
  return s;
}

export class Tokenizer {
  /** The state the tokenizer is in. */
  private state: number;
  /** RCDATA, RAWTEXT, SCRIPT_DATA or SCRIPT_ESCAPED: where the shared end tag states fall back to. */
  private back = DATA;
  /** The name of the last start tag emitted: an end tag with it is the "appropriate" one. */
  private lastStartTag: string;

  /** The text being read, and the position in the document of its first character. */
  private text = '';
  private offset = 0;
  /** Characters of an unfinished markup declaration ("<!-", "<!DOCT"), read again with the next chunk. */
  private carry = '';

  /** The name or value being read: its start in `text` (-1: none), what earlier chunks gave, and whether it is kept. */
  private section = -1;
  /** Where the section starts in the document. */
  private sectionAt = 0;
  private sectionText = '';
  private sectionKeep = false;
  private sectionLimit = NAME_LIMIT;

  /** The tag being read. */
  private endTag = false;
  private tagName = '';
  private wantAttributes = false;
  private wantValue = false;
  private selfClosing = false;
  /** Where the tag's "<" is in the document, and its line. */
  tagStart = 0;
  tagLine = 1;
  /** Where the last value given to the sink is in the document: [valueStart, valueEnd). */
  valueStart = 0;
  valueEnd = 0;

  /** Lines counted: the line of position `counted`, and the next "\n" of `text` not counted (-1: none). */
  private line = 1;
  private nextNewline = -1;

  /**
   * `decode` decodes the character references of an attribute value (as the standard does in
   * attribute values); `valueLimit` is the longest value kept (a longer one reaches the sink as null).
   */
  constructor(
    private readonly sink: TokenSink,
    private readonly decode: (value: string) => string,
    private readonly valueLimit: number,
    state = DATA,
    lastStartTag = '',
  ) {
    this.state = state;
    this.lastStartTag = lastStartTag;
  }

  /** Where the earliest character the tokenizer may still give out (in a value being read) is, in the document. */
  keptFrom(): number {
    return this.section !== -1 && this.sectionKeep ? this.sectionAt : this.offset + this.text.length;
  }

  /** The next chunk of the document. */
  write(chunk: string): void {
    const text = this.carry === '' ? chunk : this.carry + chunk;
    this.offset += this.text.length - this.carry.length;
    this.carry = '';
    this.text = text;
    this.nextNewline = text.indexOf('\n');
    this.run(text, false);
  }

  /** The end of the document: a tag left open there is dropped, as the standard drops it. */
  end(): void {
    const text = this.carry;
    this.offset += this.text.length - this.carry.length;
    this.carry = '';
    this.text = text;
    this.nextNewline = text.indexOf('\n');
    this.run(text, true);
  }

  /** Counts the lines up to `at` (an index of `text`, at or after those counted before). */
  private lineAt(at: number): number {
    let nl = this.nextNewline;
    while (nl !== -1 && nl < at) {
      this.line++;
      nl = this.text.indexOf('\n', nl + 1);
    }
    this.nextNewline = nl;
    return this.line;
  }

  private begin(at: number, keep: boolean, limit: number): void {
    this.section = at;
    this.sectionAt = this.offset + at;
    this.sectionText = '';
    this.sectionKeep = keep;
    this.sectionLimit = limit;
  }

  /** The section from its start to `at` (exclusive); null when it is longer than its limit. */
  private take(at: number): string | null {
    const start = this.section;
    this.section = -1;
    if (!this.sectionKeep) return '';
    const s = this.sectionText === '' ? this.text.slice(start, at) : this.sectionText + this.text.slice(start, at);
    this.sectionText = '';
    return s.length > this.sectionLimit ? null : s;
  }

  /** A name, normalized; one longer than `NAME_LIMIT` keeps one character more, so that it equals no name the sink knows. */
  private takeName(at: number): string {
    const start = this.section;
    const kept = this.sectionText;
    const s = this.take(at);
    return normalName(s ?? (kept + this.text.slice(start, at)).slice(0, NAME_LIMIT + 1));
  }

  /** The text's chunk ends inside a section: keep what it holds (up to one past its limit). */
  private keepSection(): void {
    if (this.section === -1) return;
    if (this.sectionKeep && this.sectionText.length <= this.sectionLimit) {
      this.sectionText += this.text.slice(this.section, this.section + this.sectionLimit + 1 - this.sectionText.length);
    }
    this.section = 0;
  }

  private emitValue(at: number): void {
    const keep = this.wantValue;
    const raw = this.take(at);
    if (!keep) return;
    this.wantValue = false;
    this.valueStart = this.sectionAt;
    this.valueEnd = this.offset + at;
    if (raw === null) {
      this.sink.value(null);
      return;
    }
    let v = raw;
    if (v.indexOf('\r') !== -1) v = v.replace(/\r\n?/g, '\n');
    if (v.indexOf('\0') !== -1) v = v.replace(/\0/g, '\ufffd');
    if (v.indexOf('&') !== -1) v = this.decode(v);
    this.sink.value(v);
  }

  /** An attribute ends without a value: a wanted one has the empty string. */
  private noValue(): void {
    if (!this.wantValue) return;
    this.wantValue = false;
    this.sink.value('');
  }

  private nameDone(at: number): void {
    const name = this.takeName(at);
    this.tagName = name;
    if (!this.endTag) this.wantAttributes = this.sink.startTag(name);
  }

  private attributeDone(at: number): void {
    if (!this.wantAttributes) {
      this.section = -1;
      return;
    }
    this.wantValue = this.sink.attribute(this.takeName(at));
  }

  /** The tag is complete: returns the state that follows it. */
  private emitTag(): number {
    if (this.endTag) {
      this.sink.endTag(this.tagName);
      return DATA;
    }
    this.lastStartTag = this.tagName;
    const state = this.sink.startTagEnd(this.selfClosing);
    if (state === RCDATA || state === RAWTEXT || state === SCRIPT_DATA) this.back = state;
    return state;
  }

  private tagOpen(lt: number): void {
    this.tagStart = this.offset + lt;
    this.tagLine = this.lineAt(lt);
  }

  private startName(at: number, end: boolean): void {
    this.endTag = end;
    this.selfClosing = false;
    this.wantAttributes = false;
    this.wantValue = false;
    this.begin(at, true, NAME_LIMIT);
  }

  /** Whether the end tag name read in RCDATA, RAWTEXT or script data (the section to `at`) is the appropriate one. */
  private appropriate(at: number): boolean {
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

  private run(text: string, eof: boolean): void {
    const n = text.length;
    const sink = this.sink;
    let i = 0;
    let state = this.state;
    for (;;) {
      if (i >= n) {
        if (eof) {
          // The end of the document emits a comment or DOCTYPE left open, and drops a tag.
          if (state === DOCTYPE) sink.doctype();
          else if (state === BOGUS_COMMENT || state === MARKUP_DECLARATION || (state >= COMMENT_START && state <= COMMENT_END_BANG))
            sink.comment();
          this.state = DATA;
        } else {
          this.keepSection();
          this.state = state;
        }
        this.lineAt(n - this.carry.length);
        return;
      }
      switch (state) {
        case DATA: {
          const lt = text.indexOf('<', i);
          const end = lt === -1 ? n : lt;
          if (sink.watchText && end > i) sink.text(hasMarkup(text, i, end));
          if (lt === -1) {
            i = n;
            break;
          }
          this.tagOpen(lt);
          i = lt + 1;
          state = TAG_OPEN;
          break;
        }
        case TAG_OPEN: {
          const c = text.charCodeAt(i);
          if (c === 0x21) {
            i++;
            state = MARKUP_DECLARATION;
          } else if (c === 0x2f) {
            i++;
            state = END_TAG_OPEN;
          } else if (isAlpha(c)) {
            this.startName(i, false);
            state = TAG_NAME;
          } else if (c === 0x3f) {
            state = BOGUS_COMMENT;
          } else {
            // A "<" that opens nothing is text.
            if (sink.watchText) sink.text(true);
            state = DATA;
          }
          break;
        }
        case END_TAG_OPEN: {
          const c = text.charCodeAt(i);
          if (isAlpha(c)) {
            this.startName(i, true);
            state = TAG_NAME;
          } else if (c === 0x3e) {
            i++;
            state = DATA;
          } else {
            state = BOGUS_COMMENT;
          }
          break;
        }
        case TAG_NAME: {
          for (; i < n; i++) {
            const c = text.charCodeAt(i);
            if (c === 0x3e) {
              this.nameDone(i);
              i++;
              state = this.emitTag();
              break;
            }
            if (isSpace(c)) {
              this.nameDone(i);
              i++;
              state = BEFORE_ATTRIBUTE_NAME;
              break;
            }
            if (c === 0x2f) {
              this.nameDone(i);
              i++;
              state = SELF_CLOSING;
              break;
            }
          }
          break;
        }
        case BEFORE_ATTRIBUTE_NAME: {
          let c = text.charCodeAt(i);
          while (isSpace(c) && ++i < n) c = text.charCodeAt(i);
          if (i >= n) break;
          if (c === 0x2f || c === 0x3e) {
            state = AFTER_ATTRIBUTE_NAME;
          } else {
            // "=" here starts a name that holds it.
            this.begin(i, this.wantAttributes, NAME_LIMIT);
            i++;
            state = ATTRIBUTE_NAME;
          }
          break;
        }
        case ATTRIBUTE_NAME: {
          for (; i < n; i++) {
            const c = text.charCodeAt(i);
            if (isSpace(c) || c === 0x2f || c === 0x3e) {
              this.attributeDone(i);
              state = AFTER_ATTRIBUTE_NAME;
              break;
            }
            if (c === 0x3d) {
              this.attributeDone(i);
              i++;
              state = BEFORE_ATTRIBUTE_VALUE;
              break;
            }
          }
          break;
        }
        case AFTER_ATTRIBUTE_NAME: {
          let c = text.charCodeAt(i);
          while (isSpace(c) && ++i < n) c = text.charCodeAt(i);
          if (i >= n) break;
          if (c === 0x3d) {
            i++;
            state = BEFORE_ATTRIBUTE_VALUE;
            break;
          }
          this.noValue();
          if (c === 0x2f) {
            i++;
            state = SELF_CLOSING;
          } else if (c === 0x3e) {
            i++;
            state = this.emitTag();
          } else {
            this.begin(i, this.wantAttributes, NAME_LIMIT);
            state = ATTRIBUTE_NAME;
          }
          break;
        }
        case BEFORE_ATTRIBUTE_VALUE: {
          let c = text.charCodeAt(i);
          while (isSpace(c) && ++i < n) c = text.charCodeAt(i);
          if (i >= n) break;
          if (c === 0x22) {
            i++;
            this.begin(i, this.wantValue, this.valueLimit);
            state = ATTRIBUTE_VALUE_DOUBLE;
          } else if (c === 0x27) {
            i++;
            this.begin(i, this.wantValue, this.valueLimit);
            state = ATTRIBUTE_VALUE_SINGLE;
          } else if (c === 0x3e) {
            this.noValue();
            i++;
            state = this.emitTag();
          } else {
            this.begin(i, this.wantValue, this.valueLimit);
            state = ATTRIBUTE_VALUE_UNQUOTED;
          }
          break;
        }
        case ATTRIBUTE_VALUE_DOUBLE:
        case ATTRIBUTE_VALUE_SINGLE: {
          const q = text.indexOf(state === ATTRIBUTE_VALUE_DOUBLE ? '"' : "'", i);
          if (q === -1) {
            i = n;
            break;
          }
          this.emitValue(q);
          i = q + 1;
          state = AFTER_ATTRIBUTE_VALUE;
          break;
        }
        case ATTRIBUTE_VALUE_UNQUOTED: {
          for (; i < n; i++) {
            const c = text.charCodeAt(i);
            if (isSpace(c)) {
              this.emitValue(i);
              i++;
              state = BEFORE_ATTRIBUTE_NAME;
              break;
            }
            if (c === 0x3e) {
              this.emitValue(i);
              i++;
              state = this.emitTag();
              break;
            }
          }
          break;
        }
        case AFTER_ATTRIBUTE_VALUE: {
          const c = text.charCodeAt(i);
          if (isSpace(c)) {
            i++;
            state = BEFORE_ATTRIBUTE_NAME;
          } else if (c === 0x2f) {
            i++;
            state = SELF_CLOSING;
          } else if (c === 0x3e) {
            i++;
            state = this.emitTag();
          } else {
            state = BEFORE_ATTRIBUTE_NAME;
          }
          break;
        }
        case SELF_CLOSING: {
          if (text.charCodeAt(i) === 0x3e) {
            i++;
            this.selfClosing = true;
            state = this.emitTag();
          } else {
            state = BEFORE_ATTRIBUTE_NAME;
          }
          break;
        }
        case BOGUS_COMMENT:
        case DOCTYPE: {
          const gt = text.indexOf('>', i);
          if (gt === -1) {
            i = n;
            break;
          }
          if (state === DOCTYPE) sink.doctype();
          else sink.comment();
          i = gt + 1;
          state = DATA;
          break;
        }
        case MARKUP_DECLARATION: {
          const rest = n - i;
          if (text.startsWith('--', i)) {
            i += 2;
            state = COMMENT_START;
          } else if (rest >= 7 && asciiLower(text.slice(i, i + 7)) === 'doctype') {
            i += 7;
            state = DOCTYPE;
          } else if (text.startsWith('[CDATA[', i) && sink.foreign()) {
            i += 7;
            state = CDATA_SECTION;
          } else if (!eof && rest < 7 && couldStart(text.slice(i))) {
            // Too few characters to tell: read them again with the next chunk.
            this.carry = text.slice(i);
            i = n;
          } else {
            state = BOGUS_COMMENT;
          }
          break;
        }
        case COMMENT_START: {
          const c = text.charCodeAt(i);
          if (c === 0x2d) {
            i++;
            state = COMMENT_START_DASH;
          } else if (c === 0x3e) {
            // "<!-->": an empty comment.
            i++;
            sink.comment();
            state = DATA;
          } else {
            state = COMMENT;
          }
          break;
        }
        case COMMENT_START_DASH: {
          const c = text.charCodeAt(i);
          if (c === 0x2d) {
            i++;
            state = COMMENT_END;
          } else if (c === 0x3e) {
            i++;
            sink.comment();
            state = DATA;
          } else {
            state = COMMENT;
          }
          break;
        }
        case COMMENT: {
          // The "<!" states inside a comment only report nested comments: they end it nowhere else.
          const dash = text.indexOf('-', i);
          if (dash === -1) {
            i = n;
            break;
          }
          i = dash + 1;
          state = COMMENT_END_DASH;
          break;
        }
        case COMMENT_END_DASH: {
          if (text.charCodeAt(i) === 0x2d) {
            i++;
            state = COMMENT_END;
          } else {
            state = COMMENT;
          }
          break;
        }
        case COMMENT_END: {
          const c = text.charCodeAt(i);
          if (c === 0x3e) {
            i++;
            sink.comment();
            state = DATA;
          } else if (c === 0x21) {
            i++;
            state = COMMENT_END_BANG;
          } else if (c === 0x2d) {
            i++;
          } else {
            state = COMMENT;
          }
          break;
        }
        case COMMENT_END_BANG: {
          const c = text.charCodeAt(i);
          if (c === 0x2d) {
            i++;
            state = COMMENT_END_DASH;
          } else if (c === 0x3e) {
            // "--!>" ends the comment too.
            i++;
            sink.comment();
            state = DATA;
          } else {
            state = COMMENT;
          }
          break;
        }
        case CDATA_SECTION: {
          const b = text.indexOf(']', i);
          if (b === -1) {
            i = n;
            break;
          }
          i = b + 1;
          state = CDATA_BRACKET;
          break;
        }
        case CDATA_BRACKET: {
          if (text.charCodeAt(i) === 0x5d) {
            i++;
            state = CDATA_END;
          } else {
            state = CDATA_SECTION;
          }
          break;
        }
        case CDATA_END: {
          const c = text.charCodeAt(i);
          if (c === 0x5d) i++;
          else if (c === 0x3e) {
            i++;
            state = DATA;
          } else {
            state = CDATA_SECTION;
          }
          break;
        }
        case PLAINTEXT:
          i = n;
          break;
        case RCDATA:
        case RAWTEXT:
        case SCRIPT_DATA: {
          const lt = text.indexOf('<', i);
          if (lt === -1) {
            i = n;
            break;
          }
          this.tagOpen(lt);
          i = lt + 1;
          this.back = state;
          state = TEXT_LT;
          break;
        }
        case TEXT_LT: {
          const c = text.charCodeAt(i);
          const back = this.back;
          if (c === 0x2f) {
            i++;
            state = TEXT_END_TAG_OPEN;
          } else if (c === 0x21 && back === SCRIPT_DATA) {
            i++;
            state = SCRIPT_ESCAPE_START;
          } else if (back === SCRIPT_ESCAPED && isAlpha(c)) {
            this.begin(i, true, 6);
            state = SCRIPT_DOUBLE_ESCAPE_START;
          } else {
            state = back;
          }
          break;
        }
        case TEXT_END_TAG_OPEN: {
          if (isAlpha(text.charCodeAt(i))) {
            this.begin(i, true, this.lastStartTag.length);
            state = TEXT_END_TAG_NAME;
          } else {
            state = this.back;
          }
          break;
        }
        case TEXT_END_TAG_NAME: {
          let c = text.charCodeAt(i);
          while (isAlpha(c) && ++i < n) c = text.charCodeAt(i);
          if (i >= n) break;
          if ((isSpace(c) || c === 0x2f || c === 0x3e) && this.appropriate(i)) {
            i++;
            if (c === 0x3e) state = this.emitTag();
            else state = c === 0x2f ? SELF_CLOSING : BEFORE_ATTRIBUTE_NAME;
          } else {
            this.section = -1;
            state = this.back;
          }
          break;
        }
        case SCRIPT_ESCAPE_START:
        case SCRIPT_ESCAPE_START_DASH: {
          if (text.charCodeAt(i) === 0x2d) {
            i++;
            state = state === SCRIPT_ESCAPE_START ? SCRIPT_ESCAPE_START_DASH : SCRIPT_ESCAPED_DASH_DASH;
          } else {
            state = SCRIPT_DATA;
          }
          break;
        }
        case SCRIPT_ESCAPED: {
          for (; i < n; i++) {
            const c = text.charCodeAt(i);
            if (c === 0x2d) {
              i++;
              state = SCRIPT_ESCAPED_DASH;
              break;
            }
            if (c === 0x3c) {
              i++;
              this.back = SCRIPT_ESCAPED;
              state = TEXT_LT;
              break;
            }
          }
          break;
        }
        case SCRIPT_ESCAPED_DASH:
        case SCRIPT_ESCAPED_DASH_DASH: {
          const c = text.charCodeAt(i);
          if (c === 0x2d) {
            i++;
            state = SCRIPT_ESCAPED_DASH_DASH;
          } else if (c === 0x3c) {
            i++;
            this.back = SCRIPT_ESCAPED;
            state = TEXT_LT;
          } else if (c === 0x3e && state === SCRIPT_ESCAPED_DASH_DASH) {
            i++;
            state = SCRIPT_DATA;
          } else {
            state = SCRIPT_ESCAPED;
          }
          break;
        }
        case SCRIPT_DOUBLE_ESCAPE_START:
        case SCRIPT_DOUBLE_ESCAPE_END: {
          let c = text.charCodeAt(i);
          while (isAlpha(c) && ++i < n) c = text.charCodeAt(i);
          if (i >= n) break;
          const start = state === SCRIPT_DOUBLE_ESCAPE_START;
          if (isSpace(c) || c === 0x2f || c === 0x3e) {
            const name = this.take(i);
            const script = name !== null && normalName(name) === 'script';
            i++;
            state = script === start ? SCRIPT_DOUBLE_ESCAPED : SCRIPT_ESCAPED;
          } else {
            this.section = -1;
            state = start ? SCRIPT_ESCAPED : SCRIPT_DOUBLE_ESCAPED;
          }
          break;
        }
        case SCRIPT_DOUBLE_ESCAPED: {
          for (; i < n; i++) {
            const c = text.charCodeAt(i);
            if (c === 0x2d) {
              i++;
              state = SCRIPT_DOUBLE_ESCAPED_DASH;
              break;
            }
            if (c === 0x3c) {
              i++;
              state = SCRIPT_DOUBLE_ESCAPED_LT;
              break;
            }
          }
          break;
        }
        case SCRIPT_DOUBLE_ESCAPED_DASH:
        case SCRIPT_DOUBLE_ESCAPED_DASH_DASH: {
          const c = text.charCodeAt(i);
          if (c === 0x2d) {
            i++;
            state = SCRIPT_DOUBLE_ESCAPED_DASH_DASH;
          } else if (c === 0x3c) {
            i++;
            state = SCRIPT_DOUBLE_ESCAPED_LT;
          } else if (c === 0x3e && state === SCRIPT_DOUBLE_ESCAPED_DASH_DASH) {
            i++;
            state = SCRIPT_DATA;
          } else {
            state = SCRIPT_DOUBLE_ESCAPED;
          }
          break;
        }
        case SCRIPT_DOUBLE_ESCAPED_LT: {
          if (text.charCodeAt(i) === 0x2f) {
            i++;
            this.begin(i, true, 6);
            state = SCRIPT_DOUBLE_ESCAPE_END;
          } else {
            state = SCRIPT_DOUBLE_ESCAPED;
          }
          break;
        }
      }
    }
  }
}

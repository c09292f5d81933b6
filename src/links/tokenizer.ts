/**
 * The HTML Standard's tokenizer (§13.2.5), for what decides whether text is markup: tags and
 * their attributes, comments (`<!-->`, `--!>`), DOCTYPEs, CDATA sections, and the RCDATA,
 * RAWTEXT, script data (escaped and double-escaped) and PLAINTEXT states. Text is skipped, not
 * kept; a name or value is kept only when its `TokenSink` asks for it, so memory does not grow
 * with the document. The document comes in chunks of text cut anywhere; each character is
 * looked at once, whatever the nesting or the length of a line.
 *
 * The states are in tokenizer/, a module per group as the standard lists them (text, tags,
 * attributes, script escapes, comments, DOCTYPE, CDATA), each a step function that reads from a
 * position in the text and moves to the next state; this module feeds the chunks and runs the
 * steps of the state the tokenizer is in until the chunk is read.
 *
 * The tree builder (tree.ts) decides the state that follows a start tag, as the standard's tree
 * construction does; without one (the html5lib tokenizer tests) every tag leaves the data state.
 */
import { attributeStep } from './tokenizer/attributes.js';
import { cdataStep } from './tokenizer/cdata.js';
import { commentStep } from './tokenizer/comment.js';
import { doctypeStep } from './tokenizer/doctype.js';
import { Machine } from './tokenizer/machine.js';
import { scriptStep } from './tokenizer/script.js';
import type { TokenSink } from './tokenizer/sink.js';
import { ATTRIBUTE_LAST, COMMENT_LAST, DATA, DOCTYPE, MARKUP_DECLARATION, SCRIPT_LAST, TAG_LAST, TEXT_LAST } from './tokenizer/states.js';
import { tagStep } from './tokenizer/tag.js';
import { textStep } from './tokenizer/text.js';

export type { TokenSink } from './tokenizer/sink.js';
/** The states a sink may switch the tokenizer to after a start tag (and that a run may start in). */
export { CDATA_SECTION, DATA, PLAINTEXT, RAWTEXT, RCDATA, SCRIPT_DATA } from './tokenizer/states.js';

export class Tokenizer extends Machine {
  /**
   * `decode` decodes the character references of an attribute value (as the standard does in
   * attribute values); `valueLimit` is the longest value kept (a longer one reaches the sink as null).
   */
  constructor(sink: TokenSink, decode: (value: string) => string, valueLimit: number, state = DATA, lastStartTag = '') {
    super(sink, decode, valueLimit, state, lastStartTag);
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

  /** Runs the step of each state in turn over `text`, the groups of the most frequent states tested first. */
  private run(text: string, eof: boolean): void {
    const n = text.length;
    let i = 0;
    for (;;) {
      if (i >= n) {
        const state = this.state;
        if (eof) {
          // The end of the document emits a comment or DOCTYPE left open, and drops a tag.
          if (state === DOCTYPE) this.sink.doctype();
          else if (state >= MARKUP_DECLARATION && state <= COMMENT_LAST) this.sink.comment();
          this.state = DATA;
        } else {
          this.keepSection();
        }
        this.lineAt(n - this.carry.length);
        return;
      }
      const state = this.state;
      if (state <= TEXT_LAST) i = textStep(this, text, i);
      else if (state <= TAG_LAST) i = tagStep(this, text, i);
      else if (state <= ATTRIBUTE_LAST) i = attributeStep(this, text, i);
      else if (state <= SCRIPT_LAST) i = scriptStep(this, text, i);
      else if (state <= COMMENT_LAST) i = commentStep(this, text, i, eof);
      else if (state === DOCTYPE) i = doctypeStep(this, text, i);
      else i = cdataStep(this, text, i);
    }
  }
}

/** The tokenizer's states (HTML §13.2.5), numbered so that each group's module runs a range of them. */

// Text: the data state, the text-only contents (RCDATA, RAWTEXT, script data, PLAINTEXT), and the
// end tag states that RCDATA, RAWTEXT and script data share (`Machine.back` says which of them a
// false alarm returns to). The first five are those a sink may switch to after a start tag.
export const DATA = 0;
export const RCDATA = 1;
export const RAWTEXT = 2;
export const SCRIPT_DATA = 3;
export const PLAINTEXT = 4;
export const TEXT_LT = 5;
export const TEXT_END_TAG_OPEN = 6;
export const TEXT_END_TAG_NAME = 7;
export const TEXT_LAST = TEXT_END_TAG_NAME;

// Tags: "<", "</", the name, and "/" before ">".
export const TAG_OPEN = 8;
export const END_TAG_OPEN = 9;
export const TAG_NAME = 10;
export const SELF_CLOSING = 11;
export const TAG_LAST = SELF_CLOSING;

// Attributes: names and values, quoted or not.
export const BEFORE_ATTRIBUTE_NAME = 12;
export const ATTRIBUTE_NAME = 13;
export const AFTER_ATTRIBUTE_NAME = 14;
export const BEFORE_ATTRIBUTE_VALUE = 15;
export const ATTRIBUTE_VALUE_DOUBLE = 16;
export const ATTRIBUTE_VALUE_SINGLE = 17;
export const ATTRIBUTE_VALUE_UNQUOTED = 18;
export const AFTER_ATTRIBUTE_VALUE = 19;
export const ATTRIBUTE_LAST = AFTER_ATTRIBUTE_VALUE;

// Script data escaped ("<!--" in a script) and double-escaped ("<script>" inside that).
export const SCRIPT_ESCAPE_START = 20;
export const SCRIPT_ESCAPE_START_DASH = 21;
export const SCRIPT_ESCAPED = 22;
export const SCRIPT_ESCAPED_DASH = 23;
export const SCRIPT_ESCAPED_DASH_DASH = 24;
export const SCRIPT_DOUBLE_ESCAPE_START = 25;
export const SCRIPT_DOUBLE_ESCAPED = 26;
export const SCRIPT_DOUBLE_ESCAPED_DASH = 27;
export const SCRIPT_DOUBLE_ESCAPED_DASH_DASH = 28;
export const SCRIPT_DOUBLE_ESCAPED_LT = 29;
export const SCRIPT_DOUBLE_ESCAPE_END = 30;
export const SCRIPT_LAST = SCRIPT_DOUBLE_ESCAPE_END;

// Comments: "<!" (the markup declaration open state, which also opens DOCTYPEs and CDATA
// sections), bogus comments, and the comment states.
export const MARKUP_DECLARATION = 31;
export const BOGUS_COMMENT = 32;
export const COMMENT_START = 33;
export const COMMENT_START_DASH = 34;
export const COMMENT = 35;
export const COMMENT_END_DASH = 36;
export const COMMENT_END = 37;
export const COMMENT_END_BANG = 38;
export const COMMENT_LAST = COMMENT_END_BANG;

// Every DOCTYPE state ends at the first ">", whatever it is in: one state does for all.
export const DOCTYPE = 39;

// CDATA sections (in SVG and MathML content).
export const CDATA_SECTION = 40;
export const CDATA_BRACKET = 41;
export const CDATA_END = 42;

/** Where the tokenizer's tokens go: the tree builder and the link finder, or a test's recorder. */
export interface TokenSink {
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

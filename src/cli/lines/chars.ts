/** The bytes that the log readers (log.ts, fast.ts) look for in a line, by name. */
export const QUOTE = 0x22;
export const SPACE = 0x20;
export const BACKSLASH = 0x5c;
export const DASH = 0x2d;
export const SLASH = 0x2f;
export const COLON = 0x3a;

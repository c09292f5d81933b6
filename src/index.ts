// urikit's public surface. Logic lives in the modules named after the RFC concepts.

export { ByteView, LineScanner } from './batch.js';
export { UriError, type UriErrorCode } from './errors.js';
export { DEFAULT_PORTS, equivalent, type NormalizeOptions, normalize } from './normalize.js';
export { type Component, type DecodeOptions, percentDecode, percentEncode } from './percent.js';
export { relativize } from './relativize.js';
export { type ResolveOptions, removeDotSegments, resolve } from './resolve.js';
export { ErrorCode, Flag, OFFSETS_LENGTH, type ParseOptions, Slot, scan, scanBytes } from './scan.js';
export { type HostType, isValid, parse, tryParse, Uri, type UriComponents, type UriWarning } from './uri.js';

// urikit's public surface. Logic lives in the modules named after the RFC concepts.
export { scan, scanBytes, Slot, Flag, ErrorCode, OFFSETS_LENGTH, type ParseOptions } from './scan.js';
export { parse, tryParse, isValid, Uri, type HostType, type UriComponents, type UriWarning } from './uri.js';
export { UriError, type UriErrorCode } from './errors.js';
export { resolve, removeDotSegments, type ResolveOptions } from './resolve.js';
export { normalize, equivalent, DEFAULT_PORTS, type NormalizeOptions } from './normalize.js';
export { relativize } from './relativize.js';
export { percentEncode, percentDecode, type Component, type DecodeOptions } from './percent.js';
export { ByteView, LineScanner } from './batch.js';

// urikit's public surface. Logic lives in the modules named after the RFC concepts.
export { scan, Slot, Flag, ErrorCode, OFFSETS_LENGTH, type ParseOptions } from './scan.js';
export { parse, tryParse, isValid, Uri, type HostType, type UriComponents } from './uri.js';
export { UriError, type UriErrorCode } from './errors.js';

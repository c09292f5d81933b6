// urikit's public surface. Logic lives in the modules named after the RFC concepts.

export type { AuthorityKind } from './authority.js';
export { type BaseLayer, type BaseLayers, type BaseOptions, establishBase } from './base.js';
export { ByteView, LineScanner } from './batch.js';
export { type BuildComponents, type BuildOptions, buildUri } from './build.js';
export { compareUris } from './compare.js';
export { DEDUPE_PRESET, type DedupeOptions, type ParamPattern, TRACKING_PARAMS } from './dedupe.js';
export { ErrorCode, UriError, type UriErrorCode } from './errors.js';
export { type HeuristicOptions, type HeuristicRepair, type HeuristicResult, heuristicParse } from './heuristic.js';
export {
  parseRequestTarget,
  type RequestTarget,
  type RequestTargetForm,
  type RequestTargetOptions,
  scanRequestTarget,
  scanRequestTargetBytes,
  TargetForm,
  targetFormName,
} from './http.js';
export { toAsciiHost, toUnicodeHost } from './idna.js';
export { type IriOptions, iriToUri, uriToIri } from './iri.js';
export { DEFAULT_PORTS, equivalent, type NormalizeOptions, normalize } from './normalize.js';
export {
  describeOffsets,
  Flag,
  type HostType,
  hostTypeOf,
  OFFSETS_LENGTH,
  Slot,
  type UriWarning,
  warningsOf,
} from './offsets.js';
export { removeDotSegments } from './path.js';
export { type Component, type DecodeOptions, percentDecode, percentEncode } from './percent.js';
export {
  type FormatQueryOptions,
  formatQuery,
  type QueryInput,
  type QueryOptions,
  QueryParams,
  type QueryValue,
  queryParams,
} from './query.js';
export { relativize } from './relativize.js';
export { type ResolveOptions, resolve } from './resolve.js';
export { type ParseOptions, scan, scanBytes } from './scan.js';
export { UriTemplateError, type UriTemplateErrorCode } from './template/error.js';
export type { TemplateScalar, TemplateValue, TemplateVariables } from './template/expand.js';
export type { ExtractedValue, ExtractedVariables } from './template/extract.js';
export { type UriTemplateMatch, UriTemplateSet } from './template/set.js';
export { UriTemplate } from './template/template.js';
export { isValid, parse, tryParse, Uri, type UriComponents } from './uri.js';

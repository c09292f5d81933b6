// urikit's public surface. Logic lives in the modules named after the RFC concepts.

export { CANON_PROFILES, type CanonProfile, canonicalize, type SurtOptions, ssurt, surt } from './canon/canonicalize.js';
export type { AuthorityKind } from './ops/authority.js';
export type { BuildComponents, BuildOptions, CompositeChanges, UriChanges } from './ops/build.js';
export { compareUris } from './ops/compare.js';
export { DEDUPE_PRESET, type DedupeOptions, type ParamPattern, TRACKING_PARAMS } from './ops/dedupe.js';
export { hashUri } from './ops/hash.js';
export { toAsciiHost, toUnicodeHost } from './ops/idna.js';
export { type IriOptions, iriToUri, uriToIri } from './ops/iri.js';
export { equivalent, type NormalizeOptions, normalize } from './ops/normalize.js';
export { removeDotSegments } from './ops/path.js';
export {
  type Component,
  type DecodeOptions,
  type EncodeOptions,
  encodeUri,
  normalizeComponent,
  percentDecode,
  percentEncode,
} from './ops/percent.js';
export {
  type FormatQueryOptions,
  formatQuery,
  type QueryChangeOptions,
  type QueryChanges,
  type QueryInput,
  type QueryOptions,
  QueryParams,
  type QueryValue,
  queryParams,
} from './ops/query.js';
export { relativize } from './ops/relativize.js';
export { type ResolveOptions, resolve } from './ops/resolve.js';
export { DEFAULT_PORTS } from './ops/schemes.js';
export { type BaseLayer, type BaseLayers, type BaseOptions, establishBase } from './readers/base.js';
export { ByteView, LineScanner } from './readers/bytes.js';
export { type FilePathOptions, fileUriToPath, pathToFileUri } from './readers/file.js';
export { type HeuristicOptions, type HeuristicRepair, type HeuristicResult, heuristicParse } from './readers/heuristic.js';
export {
  parseRequestTarget,
  type RequestTarget,
  type RequestTargetForm,
  type RequestTargetOptions,
  scanRequestTarget,
  scanRequestTargetBytes,
  TargetForm,
  targetFormName,
} from './readers/request-target.js';
export { ErrorCode, UriError, type UriErrorCode } from './syntax/errors.js';
export type { UriLike } from './syntax/input.js';
export {
  describeOffsets,
  Flag,
  type HostType,
  hostTypeOf,
  OFFSETS_LENGTH,
  Slot,
  type UriWarning,
  warningsOf,
} from './syntax/offsets.js';
export { type ParseOptions, scan, scanBytes } from './syntax/scan.js';
export { checkTemplates, type TemplateCheck, type TemplateOverlap, type TemplateShadow } from './template/check.js';
export { UriTemplateError, type UriTemplateErrorCode } from './template/error.js';
export type { TemplateScalar, TemplateValue, TemplateVariables } from './template/expand.js';
export type { ExtractedValue, ExtractedVariables, MatchSpans } from './template/extract.js';
export { type UriTemplateMatch, UriTemplateSet } from './template/set.js';
export { type MatchOptions, type TemplateMatch, UriTemplate } from './template/template.js';
export { buildUri, isValid, isValidWeb, parse, parseWeb, tryParse, tryParseWeb, Uri, type UriComponents } from './uri.js';
export { compareReadings, type Reading, type ReadingComparison, type ReadingComponent, type ReadingOptions } from './web/readings.js';

/**
 * File paths and `file:` URIs (RFC 8089): POSIX, Windows drive and UNC paths to a URI and back,
 * as Node's `url.pathToFileURL` and `fileURLToPath` do, without reading the file system.
 */
import { toAsciiHost, toUnicodeHost } from '../ops/idna.js';
import { decodeRange, encodeSet } from '../ops/percent.js';
import { argumentError, UriError } from '../syntax/errors.js';
import { isUri, type UriLike } from '../syntax/input.js';
import { OFFSETS_LENGTH, Slot } from '../syntax/offsets.js';
import { booleanOption, checkOptionNames, optionNames, optionsOf } from '../syntax/options.js';
import { EncodeSet } from '../syntax/tables.js';
import { parse, type Uri } from '../uri.js';

/** Options of `pathToFileUri` and `fileUriToPath`. */
export interface FilePathOptions {
  /**
   * Windows paths (`C:\a`, `\\server\share\a`; `\` and `/` both separate) instead of POSIX
   * ones. `false` by default, whatever the platform: the answer depends on the arguments alone.
   */
  windows?: boolean;
}

const FILE_PATH_OPTIONS = optionNames<FilePathOptions>()(['windows']);

const NON_ASCII = /[^\x00-\x7f]/;

/** RFC 8089 §2: a drive letter and its colon (`C:`). */
function isDrive(s: string, i: number): boolean {
  const l = s.charCodeAt(i) | 0x20;
  return l >= 0x61 && l <= 0x7a && s.charCodeAt(i + 1) === 0x3a;
}

function pathError(path: string, index: number, why: string): UriError {
  return new UriError('INVALID_COMPONENT', index, path, `pathToFileUri: ${JSON.stringify(path)}: ${why}`);
}

/**
 * The `file:` URI of an absolute file path (RFC 8089): each segment percent-encoded where a path
 * segment may not hold a character (and `%` always), a UNC server as the host (A-labels for a
 * Unicode name). A relative path is an error: resolve it first (`path.resolve`), as the URI
 * needs the directory it is relative to. The path is taken as it is (`.` and `..` are segments);
 * Node's `pathToFileURL` resolves it first.
 *
 * @throws {UriError} INVALID_COMPONENT for a relative path, or a UNC path without a share.
 * @example
 * pathToFileUri('/tmp/a b#1.txt').href;                    // 'file:///tmp/a%20b%231.txt'
 * pathToFileUri('C:\\Users\\ü', { windows: true }).href;   // 'file:///C:/Users/%C3%BC'
 * pathToFileUri('\\\\srv\\share\\x', { windows: true }).href; // 'file://srv/share/x'
 */
export function pathToFileUri(path: string, options?: FilePathOptions): Uri {
  if (typeof path !== 'string') throw argumentError('pathToFileUri', 'path', 'a string', path);
  const windows = windowsOf(options, 'pathToFileUri');
  if (!windows) {
    if (path.charCodeAt(0) !== 0x2f) throw pathError(path, 0, 'a relative path (resolve it first: a URI names the directory too)');
    return parse(`file://${encodeSegments(path.split('/'))}`);
  }
  const parts = path.split(/[\\/]/);
  if (parts[0] === '' && parts[1] === '' && path.length > 2) {
    // \\server\share\rest: the server is the host.
    const server = parts[2]!;
    if (server === '' || parts.length < 4 || parts[3] === '') throw pathError(path, 2, 'a UNC path is \\\\server\\share\\…');
    const host = NON_ASCII.test(server) ? serverToAscii(server, path) : encodeSet(server, EncodeSet.REG_NAME);
    return parse(`file://${host}${encodeSegments(['', ...parts.slice(3)])}`);
  }
  if (!isDrive(path, 0) || (path.length > 2 && parts[0]!.length !== 2)) {
    throw pathError(path, 0, 'not an absolute Windows path (C:\\… or \\\\server\\share\\…; resolve it first)');
  }
  if (path.length === 2) throw pathError(path, 2, 'a drive without a path (C: is relative to the drive; C:\\ is its root)');
  return parse(`file:///${parts[0]}${encodeSegments(['', ...parts.slice(1)])}`);
}

/** A Unicode server name as A-labels, an error's index moved into the path (after its "\\\\"). */
function serverToAscii(server: string, path: string): string {
  try {
    return toAsciiHost(server);
  } catch (e) {
    const err = e as UriError;
    throw new UriError(err.code, err.index + 2, path, `pathToFileUri: ${JSON.stringify(path)}: the server name: ${err.message}`);
  }
}

/** The segments, each encoded, joined by "/". */
function encodeSegments(segments: readonly string[]): string {
  return segments.map((s) => encodeSet(s, EncodeSet.SEGMENT)).join('/');
}

function windowsOf(options: FilePathOptions | undefined, who: string): boolean {
  const o = optionsOf(options, who);
  if (o !== undefined) checkOptionNames(o, FILE_PATH_OPTIONS, who);
  return o !== undefined && booleanOption(o, 'windows', who);
}

const rec = new Uint32Array(OFFSETS_LENGTH);

function uriError(uri: string, index: number, why: string): UriError {
  return new UriError('INVALID_COMPONENT', index, uri, `fileUriToPath: ${JSON.stringify(uri)}: ${why}`);
}

/**
 * The file path of a `file:` URI, percent-decoded (as UTF-8): POSIX, or with `{ windows: true }`
 * a drive path (`file:///C:/a` is `C:\a`) or a UNC path (`file://srv/share/a` is
 * `\\srv\share\a`). An encoded separator (`%2F`, and `%5C` on Windows) is an error, not a
 * separator, as in Node's `fileURLToPath`.
 *
 * @throws {UriError} INVALID_SCHEME for another scheme; INVALID_COMPONENT for a host on POSIX
 *   (but `localhost`), a path that is not absolute, or an encoded separator; INVALID_UTF8 or
 *   INVALID_PERCENT_ENCODING for what does not decode.
 * @example
 * fileUriToPath('file:///tmp/a%20b');                        // '/tmp/a b'
 * fileUriToPath('file:///C:/Users/%C3%BC', { windows: true }); // 'C:\\Users\\ü'
 * fileUriToPath('file://srv/share/x', { windows: true });    // '\\\\srv\\share\\x'
 * fileUriToPath('http://h/x');                               // throws UriError INVALID_SCHEME at index 0
 */
export function fileUriToPath(uri: string | UriLike, options?: FilePathOptions): string {
  if (typeof uri !== 'string' && !isUri(uri)) throw argumentError('fileUriToPath', 'uri', 'a string or a Uri', uri);
  const u = typeof uri === 'string' ? parse(uri) : (uri as Uri);
  const windows = windowsOf(options, 'fileUriToPath');
  const href = u.href;
  if (u.scheme?.toLowerCase() !== 'file') {
    throw new UriError('INVALID_SCHEME', 0, href, `fileUriToPath: ${JSON.stringify(href)} is not a file: URI`);
  }
  // An empty path after an authority is the root, as the URL Standard reads `file://h`.
  const path = u.path === '' && u.host !== undefined ? '/' : u.path;
  const pathStart = u.writeOffsets(rec)[Slot.PATH_START]!;
  const encoded = windows ? /%(?:2f|5c)/i.exec(path) : /%2f/i.exec(path);
  if (encoded !== null) throw uriError(href, pathStart + encoded.index, `an encoded ${windows ? '"/" or "\\"' : '"/"'} is not a separator`);
  if (path.charCodeAt(0) !== 0x2f) throw uriError(href, pathStart, 'the path is not absolute');
  // Decoded in place, so that an error's index is the URI's.
  const decoded = path === u.path ? decodeRange(href, pathStart, pathStart + path.length, true) : path;
  const host = u.host === undefined || u.host.toLowerCase() === 'localhost' ? '' : u.host;
  if (!windows) {
    if (host !== '') throw uriError(href, href.indexOf(host), 'a POSIX path has no host (but "localhost")');
    return decoded;
  }
  const backslashed = decoded.replaceAll('/', '\\');
  if (host !== '') return `\\\\${toUnicodeHost(decodeRange(host, 0, host.length, true))}${backslashed}`;
  if (!isDrive(decoded, 1) || (decoded.length > 3 && decoded.charCodeAt(3) !== 0x2f)) {
    throw uriError(href, pathStart, 'a Windows path begins with a drive (file:///C:/…) or a server (file://server/…)');
  }
  return backslashed.slice(1);
}

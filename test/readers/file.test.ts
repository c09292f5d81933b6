/**
 * File paths and file: URIs: POSIX, Windows drive and UNC paths to a URI and back, each refusal
 * with its index (Node's own answers are checked in test/capabilities.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileUriToPath, parse, pathToFileUri } from '../../src/index.js';
import { throwsUriError } from '../support/assert.js';

const W = { windows: true } as const;

test('pathToFileUri: POSIX paths, each segment encoded where a segment may not hold a character', () => {
  assert.is(pathToFileUri('/tmp/a b#1.txt').href, 'file:///tmp/a%20b%231.txt');
  assert.is(pathToFileUri('/').href, 'file:///');
  assert.is(pathToFileUri('/a[b]|^\\%?~:@').href, 'file:///a%5Bb%5D%7C%5E%5C%25%3F~:@');
  assert.is(pathToFileUri('/ü/').href, 'file:///%C3%BC/');
  // Taken as it is: no file system is read, so "." and ".." are segments like the others.
  assert.is(pathToFileUri('/a/./b/../c').href, 'file:///a/./b/../c');
  assert.is(pathToFileUri('//a').href, 'file:////a');
  assert.is(pathToFileUri('/a').scheme, 'file');
  throwsUriError(() => pathToFileUri('a/b'), 'INVALID_COMPONENT', 0, /a relative path \(resolve it first/);
  throwsUriError(() => pathToFileUri(''), 'INVALID_COMPONENT', 0);
  throwsUriError(() => pathToFileUri('C:\\a'), 'INVALID_COMPONENT', 0);
  throwsUriError(() => pathToFileUri('/a\uD800'), 'INVALID_CHAR', 1);
  assert.throws(() => pathToFileUri(1 as unknown as string), /pathToFileUri: path must be a string, got a number \(1\)/);
  assert.throws(() => pathToFileUri('/a', { windows: 'yes' as unknown as boolean }), /pathToFileUri: options\.windows must be a boolean/);
});

test('pathToFileUri with windows: drive and UNC paths, "\\" and "/" both separators', () => {
  assert.is(pathToFileUri('C:\\Users\\ü', W).href, 'file:///C:/Users/%C3%BC');
  assert.is(pathToFileUri('c:/a/b c', W).href, 'file:///c:/a/b%20c');
  assert.is(pathToFileUri('C:\\', W).href, 'file:///C:/');
  assert.is(pathToFileUri('\\\\srv\\share\\x', W).href, 'file://srv/share/x');
  assert.is(pathToFileUri('\\\\sérver\\share\\', W).href, 'file://xn--srver-bsa/share/');
  assert.is(pathToFileUri('\\\\s`v\\share', W).href, 'file://s%60v/share');
  throwsUriError(() => pathToFileUri('rel\\a', W), 'INVALID_COMPONENT', 0, /not an absolute Windows path/);
  throwsUriError(() => pathToFileUri('C:a', W), 'INVALID_COMPONENT', 0);
  throwsUriError(() => pathToFileUri('CD:\\a', W), 'INVALID_COMPONENT', 0);
  throwsUriError(() => pathToFileUri('C:', W), 'INVALID_COMPONENT', 2, /a drive without a path/);
  throwsUriError(() => pathToFileUri('\\\\srv', W), 'INVALID_COMPONENT', 2, /a UNC path is/);
  throwsUriError(() => pathToFileUri('\\\\srv\\', W), 'INVALID_COMPONENT', 2);
  throwsUriError(() => pathToFileUri('\\\\\\share', W), 'INVALID_COMPONENT', 2);
  throwsUriError(() => pathToFileUri('\\\\ü.xn--zz\\s', W), 'INVALID_HOST', 4, /the server name/);
});

test('fileUriToPath: POSIX paths, decoded; a host (but localhost), %2F and a relative path refused', () => {
  assert.is(fileUriToPath('file:///tmp/a%20b'), '/tmp/a b');
  assert.is(fileUriToPath('FILE://localhost/a'), '/a');
  assert.is(fileUriToPath('file:/a/b?q#f'), '/a/b');
  assert.is(fileUriToPath('file://'), '/');
  assert.is(fileUriToPath(parse('file:///%C3%BC')), '/ü');
  throwsUriError(() => fileUriToPath('http://h/x'), 'INVALID_SCHEME', 0, /is not a file: URI/);
  throwsUriError(() => fileUriToPath('/a'), 'INVALID_SCHEME', 0);
  throwsUriError(() => fileUriToPath('file://h/a'), 'INVALID_COMPONENT', 7, /a POSIX path has no host/);
  throwsUriError(() => fileUriToPath('file:///a%2fb'), 'INVALID_COMPONENT', 9, /an encoded "\/" is not a separator/);
  throwsUriError(() => fileUriToPath('file:a'), 'INVALID_COMPONENT', 5, /the path is not absolute/);
  throwsUriError(() => fileUriToPath('file:///%FF'), 'INVALID_UTF8', 8);
  throwsUriError(() => fileUriToPath('file:///a b'), 'INVALID_CHAR', 9);
  assert.throws(() => fileUriToPath(1 as unknown as string), /fileUriToPath: uri must be a string or a Uri, got a number \(1\)/);
});

test('fileUriToPath with windows: a drive, or a server as a UNC path', () => {
  assert.is(fileUriToPath('file:///C:/Users/%C3%BC', W), 'C:\\Users\\ü');
  assert.is(fileUriToPath('file:///C:', W), 'C:');
  assert.is(fileUriToPath('file://srv/share/x', W), '\\\\srv\\share\\x');
  assert.is(fileUriToPath('file://xn--srver-bsa/s', W), '\\\\sérver\\s');
  assert.is(fileUriToPath('file://localhost/C:/a', W), 'C:\\a');
  throwsUriError(() => fileUriToPath('file:///a/b', W), 'INVALID_COMPONENT', 7, /begins with a drive/);
  throwsUriError(() => fileUriToPath('file:///C:a', W), 'INVALID_COMPONENT', 7);
  throwsUriError(() => fileUriToPath('file:///C:/a%5Cb', W), 'INVALID_COMPONENT', 12, /an encoded "\/" or "\\" is not a separator/);
  // Round trips.
  for (const p of ['C:\\a b\\ü', '\\\\srv\\share\\x y', 'D:\\']) assert.is(fileUriToPath(pathToFileUri(p, W), W), p);
  for (const p of ['/a b/ü', '/', '/a/%/#?']) assert.is(fileUriToPath(pathToFileUri(p)), p);
});

test.run();

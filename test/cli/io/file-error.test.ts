/** fileProblem (src/cli/io/file-error.ts): what an fs error says is wrong with a file, in words. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileProblem } from '../../../src/cli/io/file-error.js';

/** An fs error as Node makes them: its code, and a message that starts with it and ends with the call and the path. */
const fsError = (code: string | undefined, message: string): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

test('fileProblem: the words of each code users meet, a missing folder when writing, and Node words for another code', () => {
  const cases: Array<[string, string]> = [
    ['ENOENT', 'no such file'],
    ['EISDIR', 'it is a directory'],
    ['ENOTDIR', 'a part of its path is not a directory'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['ELOOP', 'its path has too many symbolic links (a loop?)'],
    ['ENAMETOOLONG', 'its name is too long'],
    ['EMFILE', 'too many open files'],
    ['ENOSPC', 'no space left on the device'],
    ['EROFS', 'the file system is read-only'],
    ['EIO', 'an input/output error (the device failed)'],
  ];
  for (const [code, words] of cases) assert.is(fileProblem(fsError(code, `${code}: something, open '/x'`)), words, code);
  assert.is(fileProblem(fsError('ENOENT', "ENOENT: no such file or directory, open 'a/b.html'"), true), 'no such folder');
  assert.is(fileProblem(fsError('EACCES', "EACCES: permission denied, open '/r.html'"), true), 'permission denied');
  assert.is(fileProblem(fsError('EXDEV', "EXDEV: cross-device link not permitted, rename 'a' -> 'b'")), 'cross-device link not permitted');
  assert.is(fileProblem(fsError('EWHATEVER', 'a message of its own')), 'a message of its own');
  assert.is(fileProblem(fsError(undefined, 'no code at all')), 'no code at all');
});

test.run();

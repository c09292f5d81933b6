/** What an `fs` error says is wrong with a file, in words, for the messages that name the file. */

/** The errors of reading or writing a file that users meet, in words (the code is for a program, not a reader). */
const WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of its path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'its path has too many symbolic links (a loop?)',
  ENAMETOOLONG: 'its name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error (the device failed)',
  EFBIG: 'the file is too large',
  ENXIO: 'no such device (a named pipe that no process reads?)',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
};

/**
 * What is wrong, in words, for an `fs` error `e` of a file read (or written, `writing`: a missing
 * file there is a missing folder): "no such file", "it is a directory", "permission denied"...
 * An error of another code gives Node's words without the code and the call (`EXDEV:
 * cross-device link not permitted, rename 'a'` -> "cross-device link not permitted").
 */
export function fileProblem(e: NodeJS.ErrnoException, writing = false): string {
  const code = e.code;
  if (code === 'ENOENT' && writing) return 'no such folder';
  const words = code === undefined ? undefined : WORDS[code];
  if (words !== undefined) return words;
  const m = /^[A-Z][A-Z0-9_]*: (.*?)(?:, [a-z]+ '.*)?$/s.exec(e.message);
  return m === null ? e.message : m[1]!;
}

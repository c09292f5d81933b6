/**
 * The inputs of `urikit links`: files, "-" (standard input), directories read through (their
 * .html, .htm, .xhtml, .warc and .warc.gz files, or those `--glob` matches, in name order;
 * symbolic links to directories are not followed, so that no loop is walked), and the names
 * listed in `--files-from`. A name that cannot be read stays in the list with its error, so that
 * it is reported in its turn and the others are read.
 */
import { createReadStream } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** One input. */
export interface DocumentInput {
  /** Its path, or "-". */
  path: string;
  /** Its size, for the progress bar (null: standard input, or unknown). */
  size: number | null;
  /** For a file found in a directory: its path inside the directory, its names joined by "/". */
  inside?: string;
  /**
   * Why it cannot be read, when that is known before reading it (a missing file, a directory
   * that cannot be listed): its code and message, plain data that crosses to worker threads.
   */
  error?: { code?: string | undefined; message: string };
}

function failure(e: unknown): { code?: string | undefined; message: string } {
  return { code: (e as NodeJS.ErrnoException).code, message: (e as Error).message };
}

/** The files of a directory read when `--glob` does not say: HTML and WARC. */
const DOCUMENT = /\.(?:html?|xhtml|warc|warc\.gz)$/i;

/**
 * The inputs named by `names` and by the list `filesFrom` (a file, or "-" for `stdin`), in order.
 * `glob`: whether a file of a directory is read, given its path relative to the directory.
 */
export async function listInputs(
  names: readonly string[],
  filesFrom: string | null,
  stdin: Readable,
  glob: ((path: string) => boolean) | null,
): Promise<DocumentInput[]> {
  const all = [...names];
  if (filesFrom !== null) {
    const lines = createInterface({ input: filesFrom === '-' ? stdin : createReadStream(filesFrom), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) if (line !== '') all.push(line);
  }
  const out: DocumentInput[] = [];
  for (const name of all) {
    if (name === '-') {
      out.push({ path: '-', size: null });
      continue;
    }
    try {
      const st = await stat(name);
      if (st.isDirectory()) await walk(name, name, glob ?? ((p) => DOCUMENT.test(p)), out);
      else out.push({ path: name, size: st.isFile() ? st.size : null });
    } catch (e) {
      out.push({ path: name, size: null, error: failure(e) });
    }
  }
  return out;
}

/** The files under `dir` that `wanted` takes, in name order, depth first. */
async function walk(root: string, dir: string, wanted: (path: string) => boolean, out: DocumentInput[]): Promise<void> {
  let entries: Array<{ name: string; isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean }>;
  try {
    entries = [];
    for await (const e of await opendir(dir)) entries.push(e);
  } catch (e) {
    out.push({ path: dir, size: null, error: failure(e) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      await walk(root, path, wanted, out);
      continue;
    }
    const inside = relative(root, path).split(sep).join('/');
    if (!wanted(inside)) continue;
    if (e.isFile()) {
      out.push({ path, size: (await stat(path).catch(() => null))?.size ?? null, inside });
    } else if (e.isSymbolicLink()) {
      // A link to a file is read; one to a directory is not walked.
      const st = await stat(path).catch((err: NodeJS.ErrnoException) => err);
      if (st instanceof Error) out.push({ path, size: null, error: failure(st) });
      else if (st.isFile()) out.push({ path, size: st.size, inside });
    }
  }
}

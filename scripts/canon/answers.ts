/** Writes the references' answers (scripts/canon/oracle.py) on a list of URLs to a fixture, for the recording scripts. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Runs oracle.py over `urls` and writes its JSON lines to CANON_OUT, or else to `fixture` (a
 * path from the project's root). `forms`: the forms to record (oracle.py's CANON_FORMS), or all.
 */
export function recordAnswers(urls: readonly string[], fixture: string, forms?: string): void {
  const res = spawnSync('/usr/bin/python3', [join(ROOT, 'scripts/canon/oracle.py')], {
    input: `${urls.map((u) => JSON.stringify(u)).join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, PYTHONIOENCODING: 'utf-8:surrogatepass', ...(forms === undefined ? {} : { CANON_FORMS: forms }) },
  });
  if (res.status !== 0) throw new Error(`oracle.py exited with ${res.status}: ${res.stderr}`);
  const out = process.env.CANON_OUT ?? join(ROOT, fixture);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, res.stdout);
  process.stdout.write(`${urls.length} URLs recorded in ${out}\n`);
}

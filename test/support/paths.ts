/** Where the repository, its test fixtures and its corpora are, for code compiled into build/. */
import { fileURLToPath } from 'node:url';

/** The repository's root folder (with a trailing separator). */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The path of a file under test/fixtures/. */
export function fixture(name: string): string {
  return `${root}test/fixtures/${name}`;
}

/** The path of a corpus file under bench/data/ (its README says where each comes from). */
export function benchData(name: string): string {
  return `${root}bench/data/${name}`;
}

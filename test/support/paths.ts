/** Where the repository and its test fixtures are, for tests compiled into build/test/. */
import { fileURLToPath } from 'node:url';

/** The repository's root folder (with a trailing separator). */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The path of a file under test/fixtures/. */
export function fixture(name: string): string {
  return `${root}test/fixtures/${name}`;
}

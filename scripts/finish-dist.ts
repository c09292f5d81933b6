/**
 * Marks dist/cjs as CommonJS. The package is `"type": "module"`, so without this file Node would
 * read the CommonJS build's .js files as ES modules.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

writeFileSync(fileURLToPath(new URL('../../dist/cjs/package.json', import.meta.url)), '{ "type": "commonjs" }\n');

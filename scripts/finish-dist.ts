/**
 * Finishes dist/ after the two builds: marks dist/cjs as CommonJS (the package is
 * `"type": "module"`, so Node would read its .js files as ES modules), makes the ES module build's
 * errors module the CommonJS one, so that `UriError` is one class whichever way it is loaded, and
 * removes the CLI's type declarations, which are no API.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

writeFileSync(join(dist, 'cjs/package.json'), '{ "type": "commonjs" }\n');

// The errors module holds no state but its classes: both builds share the CommonJS copy, as an ES
// module may import a CommonJS one (and a CommonJS one may not require an ES module in Node 18).
const cjsErrors = JSON.stringify('../../cjs/syntax/errors.js');
writeFileSync(
  join(dist, 'esm/syntax/errors.js'),
  `// UriError and ErrorCode of the CommonJS build: one class whichever build is loaded.\nexport * from ${cjsErrors};\n`,
);

for (const f of readdirSync(join(dist, 'esm/cli'), { recursive: true, encoding: 'utf8' })) {
  if (f.endsWith('.d.ts')) rmSync(join(dist, 'esm/cli', f));
}

/**
 * Finishes dist/ after the two builds: marks dist/cjs as CommonJS (the package is
 * `"type": "module"`, so Node would read its .js files as ES modules), makes the ES module build's
 * errors module the CommonJS one, so that `UriError` is one class whichever way it is loaded,
 * removes the CLI's type declarations, which are no API, and bundles the CLI into dist/cli/.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

// The CLI that bin/urikit.js runs: its modules in a few files, because Node loads ES modules one
// by one (a start of the CLI took about 0.25 s in dist/esm, 0.17 s bundled). Its entries keep
// their places (cli/main.js, cli/worker.js, cli/redis/main.js, loaded only for Redis jobs);
// the modules they share go to chunks beside them; npm packages stay imports.
rmSync(join(dist, 'cli'), { recursive: true, force: true });
await build({
  entryPoints: ['cli/main.js', 'cli/worker.js', 'cli/redis/main.js'].map((f) => join(dist, 'esm', f)),
  outbase: join(dist, 'esm/cli'),
  outdir: join(dist, 'cli'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  // urikit/domain loads tldts with require (ops/psl.cts), which an ES module has only this way.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);",
  },
  logLevel: 'warning',
});

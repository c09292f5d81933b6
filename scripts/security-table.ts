/**
 * Writes the table of SECURITY.md (test/support/security-table.ts renders it) between its
 * markers; everything else in the file is left alone.
 *
 *   node build/scripts/security-table.js          rewrite the table in SECURITY.md
 *   node build/scripts/security-table.js --check  exit 1 when SECURITY.md's table is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { root } from '../test/support/paths.js';
import { withTable } from '../test/support/security-table.js';

const SECURITY_MD = `${root}SECURITY.md`;

function main(argv: readonly string[]): number {
  const md = readFileSync(SECURITY_MD, 'utf8');
  const next = withTable(md);
  if (argv.includes('--check')) {
    if (next !== md) {
      console.error(`${SECURITY_MD} is stale: run npm run security-table`);
      return 1;
    }
    console.log('SECURITY.md is up to date');
    return 0;
  }
  if (next !== md) writeFileSync(SECURITY_MD, next);
  console.log(`${next === md ? 'unchanged' : 'wrote'} ${SECURITY_MD}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
